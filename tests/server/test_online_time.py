"""Time at the tables online: the action clock of each preset run by the server (POK-4-4,
ITA-28, TDA R29), the time bank, a timeout as ``Action.timeout()``, and a player who loses his
connection: his clock runs on, then he is sat out, and coming back gives him his seat and his
view (POK-3-3)."""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path
from typing import Any

import pytest
from _online import Client, Room, online_config, run, running_room

from croupier.rules import casino_fr, italian, pokcomm, pokerkings
from croupier.rules.model import Timeout
from croupier.server.config import ServerConfig

CAS = casino_fr("no-limit", 100, 200)
PKG = pokerkings(100, 200, euro=100)


@pytest.fixture
def room_config(database_url: str, tmp_path: Path) -> ServerConfig:
    return online_config(database_url, tmp_path / "data", between_hands=60.0)


def _turn(client: Client) -> dict[str, Any]:
    turn: dict[str, Any] = client.state("t1")["to_act"]
    assert turn is not None
    return turn


def _acted(client: Client) -> list[dict[str, Any]]:
    return [e for e in client.hand_events("t1", 1) if e["type"] == "acted"]


async def _two(room: Room) -> tuple[Client, Client, Client]:
    ann, bob = await room.connect("ann"), await room.connect("bob")
    turn = _turn(ann)
    mover, other = (ann, bob) if turn["player"] == "ann" else (bob, ann)
    return ann, mover, other


@pytest.mark.rule("POK-4-4")
def test_the_house_calls_the_clock_then_a_minute_and_ten_seconds_and_the_hand_is_dead(
    room_config: ServerConfig,
) -> None:
    rules = dataclasses.replace(CAS, action_clock=pokcomm().action_clock, timeout=Timeout.FOLD)

    async def scenario() -> None:
        async with running_room(room_config, [("t1", rules, 6, ("ann", "bob"))]) as room:
            ann, _, _ = await _two(room)
            assert _turn(ann)["clock"]["phase"] == "thinking"
            await room.tick(29.0, "t1")
            assert _turn(ann)["clock"]["callable_in"] == 1.0
            await room.tick(1.0, "t1")  # a reasonable time: the house calls the clock
            clock = _turn(ann)["clock"]
            assert (clock["phase"], clock["ends_in"]) == ("on-the-clock", 70.0)
            await room.tick(60.0, "t1")
            assert _turn(ann)["clock"]["phase"] == "countdown"
            assert not _acted(ann)
            await room.tick(10.0, "t1")
            [dead] = _acted(ann)
            assert (dead["kind"], dead["reason"]) == ("fold", "timeout")

    run(scenario())


@pytest.mark.rule("ITA-28")
def test_after_30_seconds_the_others_call_the_clock_then_60_and_10_and_the_hand_folds(
    room_config: ServerConfig,
) -> None:
    rules = dataclasses.replace(CAS, action_clock=italian().action_clock, timeout=Timeout.FOLD)

    async def scenario() -> None:
        async with running_room(room_config, [("t1", rules, 6, ("ann", "bob"))]) as room:
            ann, mover, other = await _two(room)
            early = await other.send("call_clock", table="t1")
            assert early["code"] == "illegal" and "30 s into the turn" in early["message"]
            await room.tick(31.0, "t1")
            assert _turn(ann)["clock"]["phase"] == "callable"  # the house does not call it here
            himself = await mover.send("call_clock", table="t1")
            assert himself["code"] == "illegal" and "only opponent" in himself["message"]
            called = await other.ok("call_clock", table="t1")
            assert called["ends_in"] == 70.0
            await room.tick(69.9, "t1")
            assert not _acted(ann)
            await room.tick(0.2, "t1")
            [folded] = _acted(ann)
            assert (folded["kind"], folded["reason"]) == ("fold", "timeout")

    run(scenario())


def test_the_time_bank_adds_its_seconds_once_and_is_spent_across_turns(
    room_config: ServerConfig,
) -> None:
    async def scenario() -> None:
        async with running_room(room_config, [("t1", PKG, 6, ("ann", "bob"))]) as room:
            ann, mover, other = await _two(room)
            clock = _turn(ann)["clock"]
            assert (clock["phase"], clock["ends_in"], clock["time_bank"]) == (
                "on-the-clock",
                20.0,
                30.0,
            )
            refused = await other.send("time_bank", table="t1")
            assert refused["code"] == "not_your_turn"
            await room.tick(12.0, "t1")
            assert (await mover.ok("time_bank", table="t1"))["ends_in"] == 38.0
            await room.tick(37.0, "t1")
            assert not _acted(ann)
            await room.tick(1.1, "t1")
            [timed_out] = _acted(ann)
            assert timed_out["reason"] == "timeout"  # checked if free, else folded
            assert timed_out["kind"] in ("check", "fold")
            actor = room.actor("t1")
            assert actor.banks[mover.name] == 0.0

    run(scenario())


@pytest.mark.rule("POK-3-3")
def test_a_disconnected_player_keeps_his_clock_then_is_sat_out_and_gets_it_all_back(
    room_config: ServerConfig,
) -> None:
    async def scenario() -> None:
        async with running_room(room_config, [("t1", PKG, 6, ("ann", "bob", "cy"))]) as room:
            clients = {n: await room.connect(n) for n in ("ann", "bob", "cy")}
            turn = _turn(clients["ann"])
            gone = clients[turn["player"]]
            await gone.close()
            await room.settle()
            seat = next(s for s in clients["ann"].state("t1")["seats"] if s["player"] == gone.name)
            assert not seat["connected"]
            await room.tick(20.1, "t1")  # his clock ran on: timed out
            acted = [e for e in clients["ann"].hand_events("t1", 1) if e["type"] == "acted"]
            assert acted[-1]["reason"] == "timeout"
            await asyncio.sleep(0.1)  # past the grace
            await room.settle()
            actor = room.actor("t1")
            assert actor.table.seats[seat["seat"]].sitting_out  # the table's rules take over
            back = await room.connect(gone.name)
            await room.settle()
            assert not actor.table.seats[seat["seat"]].sitting_out
            fresh = back.last("table", "t1")
            assert fresh["you"]["seat"] == seat["seat"]
            assert fresh["you"]["cards"] and len(fresh["you"]["cards"]) == 2

    run(scenario())
