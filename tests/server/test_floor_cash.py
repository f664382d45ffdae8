"""The floor's operations on the cash tables, through the table actors: open, waiting list,
last three hands and close, move, void, mute, set-aside and orphan chips, penalties, reports."""

from __future__ import annotations

import csv
import io
from datetime import date
from pathlib import Path

import pytest
from _online import act_once, online_config, passive, play_hands, run, running_room

from croupier.room.cash.ledger import Account
from croupier.server.check import check_database
from croupier.server.config import ServerConfig
from croupier.server.floor import cash, reports
from croupier.server.floor.cash import Floor, TableTerms
from croupier.server.floor.log import LogFilter, read_log
from croupier.server.floor.penalties import Penalty, apply_penalty
from croupier.server.protocol.codes import ProtocolError
from croupier.server.storage.types import utc_now
from croupier.server.tables.commands import Command

FLO = Floor(who="flo", role="floor")


@pytest.fixture
def room_config(database_url: str, tmp_path: Path) -> ServerConfig:
    return online_config(database_url, tmp_path / "data")


def _log(room: object, **where: object) -> list[str]:
    store = room.services.store  # type: ignore[attr-defined]
    return [d.action for d in store.read_blocking(lambda c: read_log(c, LogFilter(**where)))]


@pytest.mark.rule("CAS-7", "CAS-25", "CAS-23")
def test_a_table_opened_by_the_floor_is_filled_from_its_list_and_closed_after_three_hands(
    room_config: ServerConfig,
) -> None:
    async def scenario() -> None:
        players = ["ann", "bob", "cy"]
        async with running_room(room_config, players=players) as room:
            tables = room.tables
            opened = await cash.open_table(
                tables, FLO, TableTerms(name="t1", small_blind=100, big_blind=200, seats=6)
            )
            assert opened["info"]["min_buy_in"] == 4000
            with pytest.raises(ProtocolError, match="in session"):
                await cash.open_table(tables, FLO, TableTerms(name="t1"))
            with pytest.raises(Exception, match="preset 'italian'"):
                await cash.open_table(tables, FLO, TableTerms(name="t9", preset="italian"))
            assert "t9" not in tables.actors
            clients = [await room.connect(p, watch="t1") for p in players]
            for c in clients:
                await c.ok("join_waiting_list", table="t1", buy_in=5000)
            await room.settle()
            assert tables.room.table("t1").players == {}  # the floor calls this list
            assert tables.waiting_for("t1") == players
            await clients[0].close()  # ann is not there: skipped, keeps her place (CAS-7)
            first = await cash.call_next(tables, FLO, "t1")
            assert (first["player"], first["skipped"]) == ("bob", ["ann"])
            second = await cash.call_next(tables, FLO, "t1")
            assert second["player"] == "cy"
            with pytest.raises(ProtocolError, match="nobody on the waiting list of t1 answers"):
                await cash.call_next(tables, FLO, "t1")
            assert tables.waiting_for("t1") == ["ann"]
            await room.settle()
            bob, cy = clients[1], clients[2]
            assert any(f["type"] == "called" for f in bob.all())
            await play_hands([bob, cy], "t1", 2)
            with pytest.raises(
                Exception, match=r"once it is settled|announce the last three hands"
            ):
                await cash.close_table(tables, FLO, "t1")
            announced = await cash.announce_last_hands(tables, FLO, "t1", "closing time")
            assert (announced["status"], announced["hands_left"]) == ("closing", 3)
            await play_hands([bob, cy], "t1", 3)
            await room.settle()
            session = tables.room.session("t1")
            assert session.status.value == "closed" and session.hands_played == 5
            assert tables.room.table("t1").players == {}
            box = tables.room.ledger.balance(Account.house("t1"))
            stored = room.services.store.read_blocking(lambda c: reports.stored_rake(c, "t1"))
            assert box == stored["ledger"] == stored["hands"] > 0  # the rake box reconciled
            assert tables.room.balance("bob") + tables.room.balance("cy") + box == 2_000_000
            assert _log(room, subject_id="t1") == [
                "table_closed", "last_hands_announced", "table_opened",
            ]  # fmt: skip
            assert _log(room, action="called") == ["called", "called"]
            report = room.services.store.read_blocking(
                lambda c: reports.daily_report(c, utc_now().date())
            )
            [line] = report["tables"]
            assert (line["table"], line["hands"], line["rake"]) == ("t1", 5, box)
            assert line["buy_ins"] == 10_000 and line["cash_outs"] == 10_000 - box
            rows = list(csv.reader(io.StringIO(reports.report_csv(report))))
            assert rows[-1][1] == "TOTAL"
            assert "Cagnotte" in reports.report_html(report, "fr")
            ledger = room.services.store.read_blocking(lambda c: reports.table_ledger(c, "t1"))
            assert sum(line["amount"] for line in ledger) == 0
            assert {line["kind"] for line in ledger} >= {"buy-in", "hand", "cash-out"}
            assert "buy-in" in reports.table_ledger_csv(ledger)
            assert check_database(room.services.store)["ledger_balanced"]
            reopened = await cash.open_table(tables, FLO, TableTerms(name="t1", seats=9))
            assert reopened["session"] == 2

    run(scenario())


@pytest.mark.rule("CAS-25")
def test_announcing_at_a_table_that_cannot_play_closes_it_at_once(
    room_config: ServerConfig,
) -> None:
    async def scenario() -> None:
        async with running_room(room_config, players=["ann"]) as room:
            tables = room.tables
            await cash.open_table(tables, FLO, TableTerms(name="t1", floor_calls=False))
            ann = await room.connect("ann", watch="t1")
            await ann.ok("sit", table="t1", buy_in=4000)
            done = await cash.announce_last_hands(tables, FLO, "t1")
            assert done["status"] == "closed" and done["cashed_out"] == {"ann": 4000}
            assert tables.room.balance("ann") == 1_000_000
            with pytest.raises(ProtocolError, match="already closed"):
                await cash.close_table(tables, FLO, "t1")

    run(scenario())


@pytest.mark.rule("CAS-25", "CAS-4")
def test_a_closing_table_left_with_one_player_ready_closes_after_its_hand(
    room_config: ServerConfig,
) -> None:
    """The last hands are announced during a hand; one of the two players sits out: once
    that hand is settled the announced hands cannot be dealt, and the table closes at once,
    both cashed out (it stayed "closing" for good before)."""

    async def scenario() -> None:
        async with running_room(room_config, players=["ann", "bob"]) as room:
            tables = room.tables
            await cash.open_table(tables, FLO, TableTerms(name="t1", floor_calls=False))
            ann, bob = [await room.connect(p, watch="t1") for p in ("ann", "bob")]
            await ann.ok("sit", table="t1", buy_in=4000)
            await bob.ok("sit", table="t1", buy_in=6000)
            actor = room.actor("t1")
            for _ in range(50):
                await room.settle()
                if actor.current is not None:
                    break
                actor.post(Command("deal"))
            assert actor.current is not None, "no hand dealt"
            announced = await cash.announce_last_hands(tables, FLO, "t1", "closing time")
            assert announced["status"] == "closing"
            await ann.ok("sit_out", table="t1")  # dealt out from the next hand
            for _ in range(200):
                if actor.current is None:
                    break
                await act_once([ann, bob], "t1", passive)
                await room.settle()
            await room.settle()
            session = tables.room.session("t1")
            assert session.status.value == "closed" and session.hands_played == 1
            assert tables.room.table("t1").players == {}
            box = tables.room.ledger.balance(Account.house("t1"))
            assert tables.room.balance("ann") + tables.room.balance("bob") + box == 2_000_000
            assert _log(room, subject_id="t1")[:2] == ["table_closed", "last_hands_announced"]
            assert any(
                f["type"] == "notice" and f.get("kind") == "table_closed" for f in ann.all()
            ), [f["type"] for f in ann.all()]
            assert check_database(room.services.store)["ledger_balanced"]

    run(scenario())


@pytest.mark.rule("POK-2-9", "CAS-6")
def test_the_floor_voids_a_hand_and_moves_a_player_between_hands(
    database_url: str, tmp_path: Path
) -> None:
    slow = online_config(database_url, tmp_path / "data", between_hands=30.0)

    async def scenario() -> None:
        players = ["ann", "bob", "cy"]
        async with running_room(slow, players=players) as room:
            tables = room.tables
            await cash.open_table(tables, FLO, TableTerms(name="t1", floor_calls=False))
            await cash.open_table(tables, FLO, TableTerms(name="t2", floor_calls=False))
            clients = [await room.connect(p, watch="t1") for p in players]
            for c in clients:
                await c.ok("sit", table="t1", buy_in=5000)
            await room.settle()
            actor = room.actor("t1")
            assert actor.current is not None
            number = actor.current.number
            with pytest.raises(ProtocolError, match="say why"):
                await cash.void_hand(tables, FLO, "t1", number, " ")
            with pytest.raises(ProtocolError, match="is not the one being played"):
                await cash.void_hand(tables, FLO, "t1", number + 5, "misdeal")
            with pytest.raises(Exception, match="between hands"):
                await cash.move_player(tables, FLO, "ann", "t2", None)
            done = await cash.void_hand(tables, FLO, "t1", number, "the deck was exposed")
            assert set(done["stacks"].values()) == {5000} and len(done["stacks"]) >= 2
            await room.settle()
            assert {ts.player: ts.stack for ts in tables.room.table("t1")} == dict.fromkeys(
                players, 5000
            )
            [line] = room.services.store.read_blocking(
                lambda c: read_log(c, LogFilter(action="hand_voided"))
            )
            assert (line.subject_kind, line.why) == ("hand", "the deck was exposed")
            assert line.detail["stacks_returned"] == done["stacks"]
            assert actor.current is None  # between hands (the next deal is 30 s away)
            moved = await cash.move_player(tables, FLO, "cy", "t2", None, "balance the tables")
            assert moved["table"] == "t2" and tables.room.where("cy") == "t2"
            assert check_database(room.services.store)["ledger_balanced"]
            tables.room.check()

    run(scenario())


@pytest.mark.rule("POK-13-1", "ITA-51", "CAS-8")
def test_penalties_are_applied_at_the_table_and_logged(room_config: ServerConfig) -> None:
    async def scenario() -> None:
        players = ["ann", "bob", "cy"]
        async with running_room(room_config, players=players) as room:
            services = room.services
            tables = room.tables
            await cash.open_table(tables, FLO, TableTerms(name="t1", floor_calls=False))
            clients = {p: await room.connect(p, watch="t1") for p in players}
            for c in clients.values():
                await c.ok("sit", table="t1", buy_in=5000)
            await room.settle()
            with pytest.raises(ProtocolError, match="say why"):
                await apply_penalty(services, FLO, Penalty(player="ann", kind="warning", why=""))
            with pytest.raises(ProtocolError, match="no account named 'zed'"):
                await apply_penalty(services, FLO, Penalty(player="zed", kind="warning", why="x"))
            with pytest.raises(ProtocolError, match="1 to 50 orbits"):
                await apply_penalty(
                    services, FLO, Penalty(player="ann", kind="suspension", why="x", orbits=0)
                )
            await apply_penalty(services, FLO, Penalty(player="ann", kind="warning", why="slow"))
            done = await apply_penalty(
                services,
                FLO,
                Penalty(player="ann", kind="suspension", why="abusive language", orbits=1),
            )
            assert (done["table"], done["hands"]) == ("t1", 3)
            refused = await clients["ann"].send("sit_in", table="t1")
            assert refused["type"] == "error" and "suspended for 1 orbit at" in refused["message"]
            elsewhere = await clients["ann"].send("join_waiting_list", table="t1")
            assert elsewhere["type"] == "error" and "before he plays again" in elsewhere["message"]
            await play_hands(list(clients.values()), "t1", 4)
            await room.settle()
            assert "ann" not in tables.floor.suspensions  # served: she may sit in again
            assert (await clients["ann"].send("sit_in", table="t1"))["type"] == "ok"
            out = await apply_penalty(
                services, FLO, Penalty(player="bob", kind="disqualification", why="collusion")
            )
            await room.settle()
            if room.actor("t1").current is not None:  # dealt in: he leaves at the settlement
                await play_hands([clients["ann"], clients["cy"]], "t1", 1)
            assert out["table"] == "t1" and tables.room.where("bob") is None
            again = await clients["bob"].send("join_waiting_list", table="t1")
            assert again["type"] == "error" and "disqualified" in again["message"]
            await apply_penalty(services, FLO, Penalty(player="bob", kind="lift", why="appeal"))
            assert (await clients["bob"].send("join_waiting_list", table="t1"))["type"] == "ok"
            assert _log(room, subject_kind="player", subject_id="ann") == [
                "suspension_served", "suspension", "warning",
            ]  # fmt: skip
            assert _log(room, subject_id="bob") == ["penalty_lifted", "disqualification"]
            # the tournaments online apply theirs (tests/server/test_tournament_penalties.py):
            # a tournament that does not exist is refused, nothing logged
            with pytest.raises(ProtocolError, match="no tournament '7'"):
                await apply_penalty(
                    services,
                    FLO,
                    Penalty(player="cy", kind="warning", why="late", place="tournament:7"),
                )
            with pytest.raises(ProtocolError, match="no tournament '7'"):
                await apply_penalty(
                    services,
                    FLO,
                    Penalty(
                        player="cy", kind="suspension", why="x", orbits=2, place="tournament:7"
                    ),
                )
            muted = await cash.mute_player(tables, FLO, "cy", True, "insults")
            assert muted["muted"] and "cy" in tables.muted
            chat = await clients["cy"].send("chat", table="t1", text="hello")
            assert chat["type"] == "error"
            assert check_database(services.store)["ledger_balanced"]

    run(scenario())


@pytest.mark.rule("CAS-8")
def test_set_aside_chips_are_returned_through_the_ledger(room_config: ServerConfig) -> None:
    async def scenario() -> None:
        async with running_room(room_config, players=["ann", "bob"]) as room:
            tables = room.tables
            await cash.open_table(tables, FLO, TableTerms(name="t1", floor_calls=False))
            with pytest.raises(ProtocolError, match="no chips set aside"):
                await cash.return_chips(tables, FLO, "ann")
            room_ = tables.room
            ann = await room.connect("ann", watch="t1")
            await ann.ok("sit", table="t1", buy_in=5000)
            await room.settle()

            def set_aside(actor: object, step: object) -> dict[str, object]:
                ct = room_._tables["t1"]
                room_._set_aside("ann", ct)
                step.table = step.room = step.publish = True  # type: ignore[attr-defined]
                return {}

            await cash.in_table(tables, "t1", FLO, set_aside)
            view = cash.overview(tables)
            assert view["set_aside"] == [{"player": "ann", "table": "t1", "amount": 5000}]
            done = await cash.return_chips(tables, FLO, "ann", "came back for them")
            assert done["returned"] == 5000 and done["balance"] == 1_000_000
            assert cash.overview(tables)["set_aside"] == []
            assert _log(room, subject_id="ann") == ["chips_returned"]
            assert check_database(room.services.store)["ledger_balanced"]

    run(scenario())


def test_the_report_of_a_day_without_play_is_empty(room_config: ServerConfig) -> None:
    async def scenario() -> None:
        async with running_room(room_config) as room:
            found = room.services.store.read_blocking(
                lambda c: reports.daily_report(c, date(2001, 1, 1))
            )
            assert found["tables"] == [] and found["totals"]["rake"] == 0

    run(scenario())


@pytest.mark.rule("POK-13-1")
def test_the_floors_tables_and_decisions_survive_a_restart(room_config: ServerConfig) -> None:
    async def first() -> None:
        async with running_room(room_config, players=["ann", "bob", "cy"]) as room:
            tables = room.tables
            await cash.open_table(tables, FLO, TableTerms(name="t1", floor_calls=False))
            await cash.open_table(tables, FLO, TableTerms(name="t2"))
            clients = [await room.connect(p, watch="t1") for p in ("ann", "bob", "cy")]
            for c in clients:
                await c.ok("sit", table="t1", buy_in=5000)
            await room.settle()
            await apply_penalty(
                room.services, FLO, Penalty(player="cy", kind="suspension", why="x", orbits=2)
            )

    async def second() -> None:
        async with running_room(room_config) as room:
            tables = room.tables
            assert set(tables.actors) == {"t1", "t2"}
            assert tables.floor.floor_calls == {"t2"}
            assert tables.floor.suspensions["cy"].orbits == 2
            refused = await (await room.connect("cy", watch="t1")).send("sit_in", table="t1")
            assert refused["type"] == "error" and "suspended" in refused["message"]
            assert check_database(room.services.store)["ledger_balanced"]

    run(first())
    run(second())


@pytest.mark.rule("POK-2-9")
def test_the_floors_websocket_commands_are_logged_too(room_config: ServerConfig) -> None:
    async def scenario() -> None:
        async with running_room(room_config, players=["ann", "bob"]) as room:
            tables = room.tables
            await cash.open_table(tables, FLO, TableTerms(name="t1", floor_calls=False))
            ann, bob = await room.connect("ann"), await room.connect("bob")
            for c in (ann, bob):
                await c.ok("sit", table="t1", buy_in=5000)
            boss = await room.connect("boss", role="admin")
            await room.settle()
            book = room.actor("t1").current
            assert book is not None
            await boss.ok("void_hand", table="t1", hand=book.number, reason="misdeal")
            await boss.ok("mute", player="ann")
            assert _log(room, who="boss") == ["muted", "hand_voided"]

    run(scenario())
