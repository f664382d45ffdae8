"""The cash tables online: seats, buy-ins, the waiting list, rebuys, absences, leaving,
acting, the floor. In-process (the connection's own path for every message), on SQLite and
PostgreSQL."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from _online import act_once, online_config, passive, play_hands, run, running_room

from croupier.room.cash.ledger import EntryKind
from croupier.rules import casino_fr, pokerkings
from croupier.server.config import ServerConfig
from croupier.server.storage.schema import hands, ledger_entries

CAS = casino_fr("no-limit", 100, 200)
PKG = pokerkings(100, 200, euro=100)


@pytest.fixture
def room_config(database_url: str, tmp_path: Path) -> ServerConfig:
    return online_config(database_url, tmp_path / "data")


def _seat(state: dict[str, Any], player: str) -> dict[str, Any]:
    return next(s for s in state["seats"] if s["player"] == player)


@pytest.mark.rule("CAS-28")
def test_the_lobby_and_every_frame_show_the_tables_information(room_config: ServerConfig) -> None:
    async def scenario() -> None:
        tables = [("t1", CAS, 6, ("ann", "bob")), ("t2", PKG, 6, ())]
        async with running_room(room_config, tables, players=["cy"]) as room:
            cy = await room.connect("cy")
            lobby = {t["table"]: t for t in (await cy.ok("lobby"))["tables"]}
            assert set(lobby) == {"t1", "t2"}
            t1, t2 = lobby["t1"], lobby["t2"]
            assert (t1["game"], t1["version"], t1["stakes"]) == ("casino-fr", "no-limit", "1-2")
            assert (t2["game"], t2["version"], t2["stakes"]) == ("pokerkings", "fixed-limit", "1-2")
            assert (t1["seats"], t1["taken"], t1["players"], t1["waiting"]) == (
                6,
                2,
                ["ann", "bob"] if t1["players"][0] == "ann" else ["bob", "ann"],
                0,
            )
            info = t1["info"]
            assert (info["rake_rate"], info["version"], info["min_buy_in"]) == (
                "4%",
                "no-limit",
                4000,
            )
            assert info["max_buy_in"] == 40000 and info["max_rebuy"] == 40000
            assert any("rake 4%" in line for line in info["lines"])
            assert info["max_players"] == 6  # the table's own seats (CAS-28)
            assert (t1["average_pot"], t1["hands_per_hour"]) == (None, None)  # no hand yet
            await cy.ok("watch", table="t1")
            ann = await room.connect("ann")
            await play_hands([ann, await room.connect("bob")], "t1", 2)
            for frame in cy.all():
                if frame["type"] in ("table", "update"):
                    assert frame["info"]["rake_rate"] == "4%", frame["type"]
                    assert frame["info"]["stakes"] == "1-2"
            assert cy.state("t1")["seats"]
            after = {t["table"]: t for t in (await cy.ok("lobby"))["tables"]}["t1"]
            assert after["average_pot"] > 0 and after["hands_per_hour"] > 0

    run(scenario())


@pytest.mark.rule("CAS-9", "CAS-10")
def test_a_seat_is_bought_within_the_limits_from_the_balance(room_config: ServerConfig) -> None:
    async def scenario() -> None:
        async with running_room(room_config, [("t1", CAS, 6, ())], players=["ann"]) as room:
            await room.services.money.deposit("poor", 5_000)
            ann, poor = await room.connect("ann"), await room.connect("poor")
            low = await ann.send("sit", table="t1", buy_in=1_000)
            assert (low["type"], low["code"]) == ("error", "illegal")
            assert "minimum buy-in at table t1 is 40.00 €" in low["message"]
            high = await ann.send("sit", table="t1", buy_in=50_000)
            assert "maximum buy-in" in high["message"]
            credit = await poor.send("sit", table="t1", buy_in=8_000)
            assert credit["code"] == "illegal" and "CAS-9" in credit["message"]
            assert room.tables.room.table("t1").players == {}
            seated = await ann.ok("sit", table="t1", buy_in=20_000)
            assert seated["balance"] == 1_000_000 - 20_000
            assert _seat(ann.state("t1"), "ann")["stack"] == 20_000
            again = await ann.send("sit", table="t1", buy_in=20_000)
            assert again["code"] == "illegal" and "already seated" in again["message"]
            room.tables.room.check()

    run(scenario())


@pytest.mark.rule("CAS-7", "CAS-6")
def test_the_waiting_list_is_called_in_order_skipping_absent_names(
    room_config: ServerConfig,
) -> None:
    async def scenario() -> None:
        tables = [("t1", CAS, 2, ("ann", "bob"))]
        async with running_room(room_config, tables, players=["cy", "dan", "eve"]) as room:
            ann, bob = await room.connect("ann"), await room.connect("bob")
            dan = await room.connect("dan")
            assert (await dan.ok("join_waiting_list", table="t1"))["number"] == 1
            await dan.close()  # absent when called: skipped (CAS-7)
            cy = await room.connect("cy")
            assert (await cy.ok("join_waiting_list", table="t1", buy_in=30_000))["number"] == 2
            eve = await room.connect("eve")
            full = await eve.send("sit", table="t1", buy_in=20_000)
            assert full["code"] == "illegal" and "full" in full["message"]
            assert ann.state("t1")["waiting"] == ["dan", "cy"]
            moved = await ann.send("change_seat", table="t1", seat=2)
            assert moved["code"] == "bad_message"  # no such message: seats are the floor's (CAS-6)
            await bob.ok("leave", table="t1")
            for _ in range(50):  # his hand is folded; at its settlement his seat is free
                if room.tables.room.where("cy") == "t1":
                    break
                await act_once([ann, bob], "t1", passive)
                await room.settle()
            called = cy.last("called")
            assert called["table"] == "t1" and called["seat"] in (1, 2)
            assert room.tables.room.where("cy") == "t1"
            assert room.tables.room.table("t1").stack_of("cy") == 30_000
            assert [r.player for r in room.tables.room.waiting] == ["dan"]
            room.tables.room.check()

    run(scenario())


@pytest.mark.rule("CAS-11")
def test_a_rebuy_waits_for_the_end_of_the_hand_and_keeps_to_the_maximum(
    room_config: ServerConfig,
) -> None:
    async def scenario() -> None:
        async with running_room(room_config, [("t1", CAS, 6, ("ann", "bob"))]) as room:
            ann, bob = await room.connect("ann"), await room.connect("bob")
            assert room.actor("t1").current is not None
            during = await ann.send("rebuy", table="t1", amount=1_000)
            assert during["code"] == "illegal" and "CAS-11" in during["message"]
            await bob.ok("sit_out", table="t1")
            await play_hands([ann, bob], "t1", 1)
            assert room.actor("t1").current is None  # bob sits out: no hand
            big = await ann.send("rebuy", table="t1", amount=50_000)
            assert "house maximum rebuy" in big["message"]
            stack = room.tables.room.table("t1").stack_of("ann")
            done = await ann.ok("rebuy", table="t1", amount=5_000)
            assert done["stack"] == stack + 5_000
            assert _seat(bob.state("t1"), "ann")["stack"] == stack + 5_000
            room.tables.room.check()

    run(scenario())


@pytest.mark.rule("PKG-18")
def test_a_newcomer_posts_the_big_blind_at_once_or_waits_for_it(room_config: ServerConfig) -> None:
    async def scenario() -> None:
        tables = [("t1", PKG, 6, ("ann", "bob", "cy"))]
        async with running_room(room_config, tables, players=["dan", "eve"]) as room:
            clients = [await room.connect(n) for n in ("ann", "bob", "cy")]
            dan, eve = await room.connect("dan"), await room.connect("eve")
            actor = room.actor("t1")
            await play_hands(clients, "t1", 1)  # newcomers come once the table plays
            assert actor.table.hand_number >= 1
            await dan.ok("sit", table="t1", buy_in=10_000)
            await eve.ok("sit", table="t1", buy_in=10_000, post=True)
            players = [*clients, dan, eve]
            first: dict[str, list[dict[str, Any]]] = {}
            for _ in range(12):
                await play_hands(players, "t1", 1)
                started = next(
                    f
                    for f in reversed(dan.all())
                    if f["type"] == "update" and f["events"] and f["events"][0]["type"] == "started"
                )
                seats = {s[1]: s[0] for s in started["events"][0]["seats"]}
                for name in ("dan", "eve"):
                    if name in seats and name not in first:
                        first[name] = [
                            e
                            for e in started["events"]
                            if e["type"] == "posted" and e["seat"] == seats[name]
                        ]
                if len(first) == 2:
                    break
            # PKG-18: waiting, dan comes in as the big blind; posting, eve comes in at once
            # with a live big blind (or in the big blind's seat, where she is the big blind)
            assert [p["kind"] for p in first["dan"]] == ["big-blind"]
            assert [p["kind"] for p in first["eve"]] in (["live-blind"], ["big-blind"])

    run(scenario())


@pytest.mark.rule("CAS-8")
def test_a_player_steps_away_and_comes_back(room_config: ServerConfig) -> None:
    async def scenario() -> None:
        tables = [("t1", CAS, 6, ("ann", "bob", "cy"))]
        async with running_room(room_config, tables) as room:
            ann, bob, cy = [await room.connect(n) for n in ("ann", "bob", "cy")]
            await cy.ok("sit_out", table="t1")
            await play_hands([ann, bob, cy], "t1", 3)
            state = ann.state("t1")
            me = _seat(state, "cy")
            assert me["sitting_out"] and not me["dealt_in"]
            assert me["missed"] in ("MS", "ML")
            await cy.ok("sit_in", table="t1", post=True)
            assert not _seat(cy.state("t1"), "cy")["sitting_out"]
            await play_hands([ann, bob, cy], "t1", 2)
            assert any(
                f["type"] == "update"
                and f["events"]
                and f["events"][0]["type"] == "started"
                and "cy" in [s[1] for s in f["events"][0]["seats"]]
                for f in cy.all()
            )

    run(scenario())


def test_leaving_during_a_hand_folds_it_and_cashes_out_at_its_settlement(
    room_config: ServerConfig,
) -> None:
    async def scenario() -> None:
        tables = [("t1", CAS, 6, ("ann", "bob", "cy"))]
        async with running_room(room_config, tables) as room:
            ann, bob, cy = [await room.connect(n) for n in ("ann", "bob", "cy")]
            balance = room.tables.room.balance("cy")
            left = await cy.ok("leave", table="t1")
            assert left == {"cash_out": 0, "at_settlement": True, "balance": balance}
            assert _seat(ann.state("t1"), "cy")["leaving"]
            await play_hands([ann, bob], "t1", 1)
            hand_events = ann.hand_events("t1", 1)
            cy_seat = next(s[0] for s in hand_events[0]["seats"] if s[1] == "cy")
            mine = [e for e in hand_events if e.get("seat") == cy_seat and e["type"] == "acted"]
            assert all(e["kind"] == "fold" for e in mine)
            assert room.tables.room.where("cy") is None
            now = room.tables.room.balance("cy")
            assert now > balance
            await room.settle()
            told = [f for f in cy.all() if f["type"] == "cashed_out"]
            assert told == [
                {
                    "v": 1,
                    "type": "cashed_out",
                    "table": "t1",
                    "amount": now - balance,
                    "balance": now,
                }
            ]
            assert not [f for f in ann.all() if f["type"] == "cashed_out"]
            room.tables.room.check()

    run(scenario())


@pytest.mark.rule("POK-3-3", "POK-8-13")
def test_only_a_player_dealt_in_acts_and_only_for_his_own_seat(room_config: ServerConfig) -> None:
    async def scenario() -> None:
        tables = [("t1", CAS, 6, ("ann", "bob"))]
        async with running_room(room_config, tables, players=["cy", "dan"]) as room:
            ann, bob = await room.connect("ann"), await room.connect("bob")
            cy, dan = await room.connect("cy"), await room.connect("dan")
            await dan.ok("sit", table="t1", buy_in=20_000)  # during the hand: from the next
            actor = room.actor("t1")
            book = actor.current
            assert book is not None
            events = len(book.hand.events)
            state = ann.state("t1")
            turn = state["to_act"]
            waiting = ann if turn["player"] == "bob" else bob
            for client, code in (
                (cy, "not_seated"),
                (dan, "not_seated"),
                (waiting, "not_your_turn"),
            ):
                answer = await client.send("act", table="t1", hand=book.number, action="call")
                assert answer["code"] == code, answer
            stale = await ann.send("act", table="t1", hand=book.number + 5, action="fold")
            assert stale["code"] == "stale"
            mover = ann if turn["player"] == "ann" else bob
            low = turn["legal"]["min_raise_to"]
            small = await mover.send(
                "act", table="t1", hand=book.number, action="raise", amount=low - 1
            )
            assert small["code"] == "illegal"
            assert (
                f"below the minimum of {low:,}" in small["message"]
                and "you may" in small["message"]
            )
            check = await mover.send("act", table="t1", hand=book.number, action="check")
            assert check["code"] == "illegal" and "you owe" in check["message"]
            show = await mover.send("act", table="t1", hand=book.number, action="show")
            assert show["code"] == "illegal"  # POK-5-1: no showing before the showdown
            assert len(book.hand.events) == events
            raised = await mover.ok("act", table="t1", hand=book.number, action="raise", amount=low)
            assert raised["move"] == {"kind": "raise", "put": low - 100, "to": low, "all_in": False}

    run(scenario())


def test_a_command_sent_twice_is_applied_once(room_config: ServerConfig) -> None:
    async def scenario() -> None:
        async with running_room(room_config, [("t1", CAS, 6, ("ann",))]) as room:
            ann = await room.connect("ann")
            first = await ann.send("rebuy", id="r-1", table="t1", amount=100)
            second = await ann.send("rebuy", id="r-1", table="t1", amount=100)
            assert first == second and first["type"] == "ok"
            other = await room.connect("ann")  # a retry on a new connection
            third = await other.send("rebuy", id="r-1", table="t1", amount=100)
            assert third == first
            assert room.tables.room.table("t1").stack_of("ann") == 40_100
            rows = room.services.store.read_blocking(
                lambda c: c.execute(
                    sa.select(sa.func.count()).where(ledger_entries.c.kind == EntryKind.REBUY.value)
                ).scalar_one()
            )
            assert rows == 1

    run(scenario())


@pytest.mark.rule("POK-2-9")
def test_the_floor_voids_a_hand_in_progress(room_config: ServerConfig) -> None:
    async def scenario() -> None:
        async with running_room(room_config, [("t1", CAS, 6, ("ann", "bob"))]) as room:
            ann, bob = await room.connect("ann"), await room.connect("bob")
            floor = await room.connect("boss", role="floor")
            await act_once([ann, bob], "t1", passive)
            book = room.actor("t1").current
            assert book is not None
            refused = await ann.send("void_hand", table="t1", hand=book.number)
            assert refused["code"] == "forbidden"
            await floor.ok("void_hand", table="t1", hand=book.number, reason="misdeal")
            table = room.tables.room.table("t1")
            assert table.stack_of("ann") == table.stack_of("bob") == 40_000
            status = room.services.store.read_blocking(
                lambda c: c.execute(
                    sa.select(hands.c.status).where(hands.c.id == book.hand_id)
                ).scalar()
            )
            assert status == "voided"
            assert any(
                e["type"] == "voided"
                for f in ann.all()
                if f["type"] == "update"
                for e in f["events"]
            )
            room.tables.room.check()

    run(scenario())
