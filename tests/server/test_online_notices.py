"""The floor's decisions reach the players at once and stay in the table's log
(croupier.server.tables.notices): a void and its reason, a warning (to him alone), a suspension
with its hands (and ``you.suspended``: never offered a sit-in he would be refused), a
disqualification, the last hands, the table closed, a move; each frame true to the protocol."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from _online import Client, online_config, play_hands, run, running_room

from croupier.server.floor import cash
from croupier.server.floor.cash import Floor, TableTerms
from croupier.server.floor.penalties import Penalty, apply_penalty
from croupier.server.protocol.server import server_message
from croupier.server.tables.commands import Command

FLO = Floor(who="flo", role="floor")


@pytest.fixture
def slow_config(tmp_path: Path) -> Any:
    """SQLite, and a long pause between hands (a decision lands between two hands)."""
    return online_config(
        f"sqlite:///{tmp_path / 'croupier.db'}", tmp_path / "data", between_hands=30.0
    )


def _notices(client: Client, kind: str | None = None) -> list[dict[str, Any]]:
    seen: dict[str, dict[str, Any]] = {}
    for frame in client.all():
        if frame["type"] == "notice" and (kind is None or frame["kind"] == kind):
            seen[frame["id"]] = frame  # the table's stream and his own topic: once each
    return list(seen.values())


def _valid(client: Client) -> None:
    for text in client.texts:
        server_message.validate_json(text)


def _fresh_view(client: Client, table: str) -> dict[str, Any]:
    views = [f for f in client.all() if f["type"] == "table" and f["table"] == table]
    return views[-1]


@pytest.mark.rule("POK-2-9", "POK-13-1", "ITA-51")
def test_every_decision_of_the_floor_is_told_to_the_players_it_concerns(slow_config: Any) -> None:
    async def scenario() -> None:
        players = ["ann", "bob", "cy"]
        async with running_room(slow_config, players=[*players, "spy"]) as room:
            tables = room.tables
            services = room.services
            await cash.open_table(tables, FLO, TableTerms(name="t1", floor_calls=False))
            await cash.open_table(tables, FLO, TableTerms(name="t2", floor_calls=False))
            clients = {p: await room.connect(p, watch="t1") for p in players}
            for c in clients.values():
                await c.ok("sit", table="t1", buy_in=5000)
            await room.settle()
            spy = await room.connect("spy", watch="t1")
            actor = room.actor("t1")
            assert actor.current is not None
            await cash.void_hand(tables, FLO, "t1", actor.current.number, "the deck was exposed")
            await room.settle()
            for c in [*clients.values(), spy]:
                [void] = _notices(c, "hand_voided")
                assert void["why"] == "the deck was exposed" and void["player"] is None
                assert void["detail"]["hand"] == 1 and void["to"] is None
            # a warning: to him alone
            await apply_penalty(services, FLO, Penalty(player="ann", kind="warning", why="slow"))
            await room.settle()
            [warned] = _notices(clients["ann"], "warning")
            assert (warned["player"], warned["to"], warned["why"]) == ("ann", "ann", "slow")
            assert not _notices(clients["bob"], "warning") and not _notices(spy, "warning")
            # a suspension: the hands he sits out, in his own view
            await apply_penalty(
                services,
                FLO,
                Penalty(player="ann", kind="suspension", why="abusive language", orbits=1),
            )
            await room.settle()
            for c in [*clients.values(), spy]:
                [suspended] = _notices(c, "suspension")
                assert suspended["player"] == "ann" and suspended["detail"] == {
                    "orbits": 1,
                    "hands": 3,
                }
            you = clients["ann"].you("t1")
            assert you is not None and you["suspended"] == {
                "orbits": 1,
                "hands_left": 3,
                "by": "floor",
            }
            assert you["sitting_out"]
            assert clients["bob"].you("t1")["suspended"] is None  # type: ignore[index]
            # the table's log: a fresh view carries what this viewer may read
            await clients["ann"].ok("watch", table="t1")
            kinds = [n["kind"] for n in _fresh_view(clients["ann"], "t1")["notices"]]
            assert kinds == ["hand_voided", "warning", "suspension"]
            await spy.ok("watch", table="t1")
            kinds = [n["kind"] for n in _fresh_view(spy, "t1")["notices"]]
            assert kinds == ["hand_voided", "suspension"]  # not ann's warning
            # the suspension served: he is told he may sit in again
            actor.post(Command("deal"))
            await room.settle()
            await play_hands([clients["bob"], clients["cy"]], "t1", 3)
            await room.settle()
            [served] = _notices(clients["ann"], "suspension_served")
            assert served["player"] == "ann"
            assert clients["ann"].you("t1")["suspended"] is None  # type: ignore[index]
            # a move between hands, and why
            await room.settle()
            if actor.current is not None:
                await play_hands([clients["bob"], clients["cy"]], "t1", 1)
            await cash.move_player(tables, FLO, "cy", "t2", None, "balance the tables")
            await room.settle()
            [moved] = _notices(clients["cy"], "moved")
            assert moved["why"] == "balance the tables"
            assert moved["detail"]["from"] == "t1" and moved["detail"]["to"] == "t2"
            # a disqualification, the last hands and the close: the whole table hears them
            await apply_penalty(
                services, FLO, Penalty(player="bob", kind="disqualification", why="collusion")
            )
            await room.settle()
            assert [n["player"] for n in _notices(spy, "disqualification")] == ["bob"]
            await cash.announce_last_hands(tables, FLO, "t1", "the room closes")
            await room.settle()
            for c in (spy, clients["ann"]):
                [last] = _notices(c, "last_hands_announced")
                assert last["detail"]["hands"] == 3 and last["why"] == "the room closes"
                assert len(_notices(c, "table_closed")) == 1  # too few to play: closed at once
            for c in [*clients.values(), spy]:
                _valid(c)
                for frame in c.all():
                    json.dumps(frame)

    run(scenario())
