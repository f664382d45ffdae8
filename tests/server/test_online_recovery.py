"""Recovery: a server stopped at any moment comes back with every table where it was. A hand
in progress continues from its stored events (or is voided, every chip returned, when the
server is configured so, POK-2-9, or when its record fails an integrity check, ITA-45); the
ledger balances and every seat account matches its table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from _online import act_once, online_config, passive, play_hands, run, running_room

from croupier.room.cash.ledger import AccountKind
from croupier.rules import casino_fr, pokerkings
from croupier.server.check import check_database
from croupier.server.storage import Store
from croupier.server.storage.schema import hand_events, hands
from croupier.server.tables.commands import Command
from croupier.server.tables.config import InterruptedHands

CAS = casino_fr("no-limit", 100, 200)
PKG = pokerkings(100, 200, euro=100)
TABLES = [("t1", CAS, 6, ("ann", "bob", "cy")), ("t2", PKG, 6, ("dan", "eve"))]


def _in_hand(room: Any, table: str) -> dict[str, Any]:
    actor = room.actor(table)
    book = actor.current
    assert book is not None
    return {
        "number": book.number,
        "events": list(book.hand.events),
        "to_act": book.hand.to_act,
        "stacks": book.hand.stacks,
    }


def _seat_accounts(room: Any) -> dict[str, int]:
    return {
        f"{a.player}@{a.table}": v
        for a, v in room.tables.room.ledger.accounts(AccountKind.SEAT).items()
    }


def test_a_hand_in_progress_continues_after_a_restart(database_url: str, tmp_path: Path) -> None:
    config = online_config(database_url, tmp_path / "data", between_hands=60.0)

    async def first() -> dict[str, Any]:
        async with running_room(config, TABLES) as room:
            t1 = [await room.connect(n) for n in ("ann", "bob", "cy")]
            await play_hands(t1, "t1", 2)
            room.actor("t1").post(Command("deal"))
            await room.settle()
            for _ in range(3):
                await act_once(t1, "t1", passive)
            return {
                "t1": _in_hand(room, "t1"),
                "t2": _in_hand(room, "t2"),
                "seats": _seat_accounts(room),
            }

    before = run(first())

    async def second() -> None:
        async with running_room(config) as room:
            for table in ("t1", "t2"):
                now = _in_hand(room, table)
                assert now == before[table]  # the very hand, every event, the same turn
            assert _seat_accounts(room) == before["seats"]
            room.tables.room.check()
            t1 = [await room.connect(n) for n in ("ann", "bob", "cy")]
            fresh = t1[0].last("table", "t1")
            assert fresh["hand"] == before["t1"]["number"]
            assert fresh["you"]["cards"]
            await play_hands(t1, "t1", 1)
            room.tables.room.check()

    run(second())
    store = Store(config.database_url)
    try:
        report = check_database(store)
    finally:
        store.close()
    assert report["ledger_balanced"] and report["problems"] == []


async def _stop_in_a_hand(config: Any) -> dict[str, Any]:
    async with running_room(config, TABLES) as room:
        t1 = [await room.connect(n) for n in ("ann", "bob", "cy")]
        for _ in range(3):
            await act_once(t1, "t1", passive)
        actor = room.actor("t1")
        assert actor.current is not None
        return {
            "hand_id": actor.current.hand_id,
            "starting": dict(actor.current.hand.starting_stacks),
            "seats": _seat_accounts(room),
        }


def _voided_after_restart(config: Any, before: dict[str, Any], reason: str) -> None:
    async def second() -> None:
        async with running_room(config) as room:
            actor = room.actor("t1")
            assert actor.current is None and actor.last is not None
            hand = actor.last.hand
            assert hand.phase.value == "voided" and reason in hand.events[-1].reason
            table = room.tables.room.table("t1")
            for seat, stack in before["starting"].items():  # every chip back where it was
                assert table.seats[seat].stack == stack
            assert _seat_accounts(room) == before["seats"]
            room.tables.room.check()
            spy = await room.connect("spy")
            assert spy.last("table", "t1")["events"][-1]["type"] == "voided"

    run(second())
    store = Store(config.database_url)
    try:
        status = store.read_blocking(
            lambda c: c.execute(
                sa.select(hands.c.status).where(hands.c.id == before["hand_id"])
            ).scalar()
        )
        assert status == "voided"
        assert check_database(store)["ledger_balanced"]
    finally:
        store.close()


@pytest.mark.rule("POK-2-9")
def test_a_server_configured_so_voids_the_hand_in_progress(
    database_url: str, tmp_path: Path
) -> None:
    config = online_config(
        database_url, tmp_path / "data", between_hands=60.0, interrupted_hands=InterruptedHands.VOID
    )
    before = run(_stop_in_a_hand(config))
    _voided_after_restart(config, before, "restarted")


@pytest.mark.rule("ITA-45")
@pytest.mark.parametrize("damage", ["event", "opening"])
def test_a_hand_whose_record_fails_its_check_is_voided(
    database_url: str, tmp_path: Path, damage: str
) -> None:
    config = online_config(database_url, tmp_path / "data", between_hands=60.0)
    before = run(_stop_in_a_hand(config))
    store = Store(config.database_url)
    try:
        with store._writer.begin() as connection:
            if damage == "event":
                last = connection.execute(
                    sa.select(hand_events.c.seq, hand_events.c.data)
                    .where(hand_events.c.hand_id == before["hand_id"])
                    .order_by(hand_events.c.seq.desc())
                    .limit(1)
                ).one()
                assert json.loads(last.data)["type"] != "started"
                data = {"type": "acted", "seat": 99, "kind": "call", "put": 200, "to": 200}
                connection.execute(
                    hand_events.update()
                    .where(
                        (hand_events.c.hand_id == before["hand_id"])
                        & (hand_events.c.seq == last.seq)
                    )
                    .values(data=json.dumps(data))
                )
            else:
                row = connection.execute(
                    sa.select(hands.c.opening).where(hands.c.id == before["hand_id"])
                ).scalar_one()
                opening = json.loads(row)
                cards = opening["cards"]
                opening["cards"] = cards[2:4] + cards[0:2] + cards[4:]  # two cards swapped
                connection.execute(
                    hands.update()
                    .where(hands.c.id == before["hand_id"])
                    .values(opening=json.dumps(opening))
                )
    finally:
        store.close()
    _voided_after_restart(config, before, "ITA-45")
