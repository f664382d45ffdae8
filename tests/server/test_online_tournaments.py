"""Tournaments online: a sit-and-go from registration to the prizes, on the real clock with
in-process bots; registration and refunds through the ledger; the tables dealt like cash
tables (chips, hidden cards); bad messages refused, changing nothing; a restart resumes."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest
from _tourney import Player, fast_config, tourney_room

from croupier.room.cash.ledger import Account
from croupier.server.check import check_database
from croupier.server.protocol.server import server_message
from croupier.server.tournaments.spec import Spec

CARD = re.compile(r'"([2-9TJQKA][cdhs])"')
QUICK = {
    "starting_stack": 1000,
    "levels": [
        {"small_blind": 25, "big_blind": 50, "minutes": 0.02},
        {"small_blind": 100, "big_blind": 200, "minutes": 0.02},
        {"small_blind": 300, "big_blind": 600, "minutes": 0.02},
        {"small_blind": 1000, "big_blind": 2000, "minutes": 0.05},
    ],
}
"""A structure that ends a sit-and-go in seconds."""


def sng(tid: str = "sng-1", **changes: Any) -> Spec:
    values: dict[str, Any] = {
        "id": tid,
        "preset": "pokcomm",
        "max_players": 6,
        "table_size": 6,
        "start_when": 6,
        "structure": QUICK,
        "fee": 200,
        "bots": 6,
    }
    values.update(changes)
    return Spec.make(**values)


def hidden_ok(frame_text: str) -> str | None:
    """Why a table frame shows a card its receiver may not see (None: it does not)."""
    frame = json.loads(frame_text)
    if frame["type"] not in ("table", "update"):
        return None
    allowed: set[str] = set()
    you = frame.get("you") or {}
    allowed |= set(you.get("cards") or [])
    for shown in you.get("revealed", []):
        allowed |= set(shown["cards"])
    state = frame["state"]
    allowed |= set(state["board"])
    for seat in state["seats"]:
        allowed |= set(seat["cards"] or [])
    for event in frame["events"]:
        if event["type"] in ("shown", "board", "revealed") and event.get("cards"):
            allowed |= set(event["cards"])
    extra = set(CARD.findall(frame_text)) - allowed
    return None if not extra else f"{frame['table']} seq {frame['seq']} shows {sorted(extra)}"


async def _finish(room: Any, tid: str, player: Player, timeout: float = 40.0) -> None:
    actor = room.tournaments.actor(tid)
    task = asyncio.create_task(player.autoplay(stop=lambda: actor.state == "finished"))
    try:
        await room.until(lambda: actor.state == "finished", timeout=timeout)
    finally:
        await task
    await room.until(lambda: player.of("tournament_result"))  # sent once written


@pytest.mark.rule("POK-9-8", "ITA-18", "POK-1-4")
def test_a_sit_and_go_from_registration_to_the_prizes(database_url: str, tmp_path: Path) -> None:
    """ann registers (buy-in and fee from her balance), bots fill the sit-and-go after the
    wait, the server deals it to the end on its level clock; places by the starting stacks
    of the hand (POK-9-8), the prizes paid into the winners' balances (ITA-18), every frame
    true to the schema, no card ann may not see, the books balanced."""
    config = fast_config(database_url, tmp_path / "data")

    async def scenario() -> None:
        async with tourney_room(config, players={"ann": 100_000}) as room:
            await room.tournaments.create(sng())
            ann = await room.connect("ann")
            lobby = await ann.ok("lobby")
            (entry,) = lobby["tournaments"]
            assert entry["state"] == "registering" and entry["buy_in"] == 2000
            assert entry["levels"][0] == {
                "level": 1,
                "small_blind": 25,
                "big_blind": 50,
                "ante": 0,
                "minutes": 0.02,
            }
            result = await ann.ok("register", tournament="sng-1")
            assert result == {"tournament": "sng-1", "entrants": 1, "balance": 97_800}
            await ann.ok("tournament", tournament="sng-1")
            await _finish(room, "sng-1", ann)
            actor = room.tournaments.actor("sng-1")
            t = actor.tournament
            results = t.results()
            assert len({r.player for r in results}) == 6
            assert sum(r.prize for r in results) == 12_000  # the pool: 6 x 20.00 €
            assert results[0].place == 1 and results[0].prize > 0
            money = room.services.money
            assert money.ledger.balance(Account.prize_pool("sng-1")) == 0
            assert money.ledger.balance(Account.house("sng-1")) == 1_200  # 6 fees
            mine = next(r for r in results if r.player == "ann")
            await room.until(lambda: ann.of("tournament_result"))
            (told,) = ann.of("tournament_result")
            assert told["place"] == mine.place and told["prize"] == mine.prize
            assert money.balance("ann") == 97_800 + mine.prize
            seated = [f for f in ann.of("moved") if f["from_table"] == ""]
            assert seated and seated[0]["table"] == "sng-1@1"
            texts = [json.dumps(f) for f in ann.frames]
            for text in texts:
                server_message.validate_json(text)
                assert hidden_ok(text) is None, hidden_ok(text)
            tables = [f for f in ann.frames if f["type"] in ("table", "update")]
            assert tables and all(f["info"]["unit"] == "chips" for f in tables)
            assert all(f["info"]["tournament"] == "sng-1" for f in tables)
            views = ann.of("tournament") + ann.of("tournament_update")
            assert views[-1]["state"] == "finished" and views[-1]["you"]["place"] == mine.place
            check = check_database(room.services.store)
            assert check["ledger_balanced"] and check["problems"] == [], check
            assert check["open_hands"] == 0

    asyncio.run(scenario())


def test_registration_refunds_and_refusals_change_nothing(
    database_url: str, tmp_path: Path
) -> None:
    """Unregistering before the start refunds buy-in and fee; a second registration, an
    unknown tournament, a malformed message, a short balance and a cash move at a
    tournament table are refused with a clear error and change nothing."""
    config = fast_config(database_url, tmp_path / "data")

    async def scenario() -> None:
        async with tourney_room(config, players={"ann": 100_000, "bob": 1_000}) as room:
            await room.tournaments.create(sng(bots=0))
            ann = await room.connect("ann")
            bob = await room.connect("bob")
            await ann.ok("register", tournament="sng-1")
            again = await ann.send("register", tournament="sng-1")
            assert again["code"] == "illegal" and "already registered" in again["message"]
            short = await bob.send("register", tournament="sng-1")
            assert short["code"] == "illegal" and "costs 22.00" in short["message"]
            assert room.services.money.balance("bob") == 1_000
            unknown = await ann.send("register", tournament="nope")
            assert unknown["code"] == "not_found"
            bad = await ann.send("register")
            assert bad["code"] == "bad_message" and "tournament" in bad["message"]
            bad = await ann.send("register", tournament="a b")
            assert bad["code"] == "bad_message"
            assert room.services.money.balance("ann") == 97_800
            refund = await ann.ok("unregister", tournament="sng-1")
            assert refund == {"tournament": "sng-1", "refund": 2_200, "balance": 100_000}
            twice = await ann.send("unregister", tournament="sng-1")
            assert twice["code"] == "illegal"
            view = await ann.ok("tournament", tournament="sng-1")
            assert "seq" in view
            (frame,) = ann.of("tournament")
            assert frame["entrants"] == 0 and frame["you"]["status"] == "none"
            check = check_database(room.services.store)
            assert check["ledger_balanced"], check
            assert check["prize_pools"] == 0

    asyncio.run(scenario())


def test_a_tournament_table_takes_no_cash_move(database_url: str, tmp_path: Path) -> None:
    """At a tournament table the tournament seats its players: sit, rebuy and leave are for
    cash tables; a spectator watches a table like any other."""
    config = fast_config(database_url, tmp_path / "data")

    async def scenario() -> None:
        async with tourney_room(config, players={"ann": 100_000, "kib": 100}) as room:
            structure = {**QUICK, "starting_stack": 100_000}
            await room.tournaments.create(sng(structure=structure))
            ann = await room.connect("ann")
            await ann.ok("register", tournament="sng-1")
            actor = room.tournaments.actor("sng-1")
            await room.until(lambda: actor.state == "running")
            for kind, extra in (
                ("sit", {"buy_in": 100}),
                ("rebuy", {"amount": 100}),
                ("leave", {}),
            ):
                answer = await ann.send(kind, table="sng-1@1", **extra)
                assert answer["code"] == "illegal", answer
                assert "tournament" in answer["message"]
            kib = await room.connect("kib")
            await kib.ok("watch", table="sng-1@1")
            (view,) = kib.of("table")
            assert view["you"] is None and view["info"]["unit"] == "chips"
            assert hidden_ok(json.dumps(view)) is None
            unknown = await kib.send("watch", table="sng-1@9")
            assert unknown["code"] == "not_found"
            assert room.services.money.balance("ann") == 97_800

    asyncio.run(scenario())


def test_a_restart_resumes_the_tournament_with_every_chip(
    database_url: str, tmp_path: Path
) -> None:
    """The server stops in the middle of a sit-and-go (a hand in play) and starts again:
    the tournament resumes from its stored part and the hand's events, every chip where it
    was, and plays to the end with the books balanced."""
    config = fast_config(database_url, tmp_path / "data")
    structure = {**QUICK, "starting_stack": 3000}

    async def first() -> int:
        async with tourney_room(config, players={"ann": 100_000}) as room:
            await room.tournaments.create(sng(structure=structure))
            ann = await room.connect("ann")
            await ann.ok("register", tournament="sng-1")
            actor = room.tournaments.actor("sng-1")

            def far() -> bool:
                t = actor.tournament
                return (
                    t is not None
                    and t.hands_played >= 3
                    and actor.tables["sng-1@1"].current is not None
                )

            task = asyncio.create_task(ann.autoplay(stop=far))
            await room.until(far)
            await task
            t = actor.tournament
            assert t.chips_in_play() == t.chips_expected() == 18_000
            return int(t.hands_played)

    async def second(played: int) -> None:
        async with tourney_room(config) as room:
            actor = room.tournaments.actor("sng-1")
            t = actor.tournament
            assert actor.state == "running" and t.hands_played >= played
            assert t.chips_in_play() == t.chips_expected() == 18_000
            ann = await room.connect("ann")
            await _finish(room, "sng-1", ann)
            assert sum(r.prize for r in actor.tournament.results()) == 12_000
            check = check_database(room.services.store)
            assert check["ledger_balanced"] and check["open_hands"] == 0, check

    played = asyncio.run(first())
    asyncio.run(second(played))
