"""A busted tournament player is told of his finish at his own table
(croupier.server.tournaments.busted): his place among the entrants and the prize it pays, or
the rebuy still open to him; once, true to the protocol. The floor's decisions about a
tournament player are told to him at his table too (croupier.server.tables.notices)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from _tourney import fast_config, tourney_room

from croupier.server.floor.cash import Floor
from croupier.server.floor.penalties import Penalty, apply_penalty
from croupier.server.protocol.server import server_message
from croupier.server.tournaments.spec import Spec

QUICK = {
    "starting_stack": 1000,
    "levels": [
        {"small_blind": 100, "big_blind": 200, "minutes": 0.01},
        {"small_blind": 300, "big_blind": 600, "minutes": 0.01},
        {"small_blind": 1000, "big_blind": 2000, "minutes": 0.05},
    ],
}


def _spec(tid: str, **changes: Any) -> Spec:
    values: dict[str, Any] = {
        "id": tid,
        "preset": "pokcomm",
        "max_players": 4,
        "table_size": 4,
        "start_when": 4,
        "structure": QUICK,
        "fee": 200,
        "bots": 3,
    }
    values.update(changes)
    return Spec.make(**values)


@pytest.mark.rule("POK-9-8")
def test_a_busted_player_is_told_his_place_and_prize_at_his_table(tmp_path: Path) -> None:
    config = fast_config(f"sqlite:///{tmp_path / 'croupier.db'}", tmp_path / "data")

    async def scenario() -> None:
        async with tourney_room(config, players={"ann": 100_000}) as room:
            await room.tournaments.create(_spec("bust-1"))
            ann = await room.connect("ann")
            await ann.ok("register", tournament="bust-1")
            actor = room.tournaments.actor("bust-1")
            task = asyncio.create_task(
                ann.autoplay(stop=lambda: actor.state == "finished", passive=True)
            )
            try:
                await room.until(lambda: actor.state == "finished", timeout=40)
            finally:
                await task
            await room.until(lambda: ann.of("tournament_result"))
            t = actor.tournament
            assert t is not None
            mine = next(r for r in t.results() if r.player == "ann")
            told = ann.of("busted")
            if t.winner == "ann":  # she never ran out of chips: nothing to tell
                assert told == []
                return
            (busted,) = told  # once
            assert busted["place"] == mine.place and busted["entrants"] == 4
            assert busted["prize"] == mine.prize  # what her place pays
            assert busted["table"].startswith("bust-1@") and not busted["may_rebuy"]
            assert busted["late_registration"] is False
            # told before the result of the whole tournament
            kinds = [f["type"] for f in ann.frames]
            assert kinds.index("busted") < kinds.index("tournament_result")
            for frame in ann.frames:
                server_message.validate_json(json.dumps(frame))

    asyncio.run(scenario())


@pytest.mark.rule("POK-13-1")
def test_a_tournament_players_warning_and_suspension_are_told_at_his_table(
    tmp_path: Path,
) -> None:
    config = fast_config(f"sqlite:///{tmp_path / 'croupier.db'}", tmp_path / "data")
    slow = {
        "starting_stack": 50_000,
        "levels": [{"small_blind": 50, "big_blind": 100, "minutes": 30}],
    }

    async def scenario() -> None:
        async with tourney_room(config, players={"ann": 100_000}) as room:
            await room.tournaments.create(_spec("pen-web", structure=slow))
            ann = await room.connect("ann")
            await ann.ok("register", tournament="pen-web")
            actor = room.tournaments.actor("pen-web")
            await room.until(lambda: actor.state == "running" and actor.where("ann") is not None)
            table = actor.where("ann")
            boss = Floor(who="boss", role="floor")
            place = "tournament:pen-web"
            await apply_penalty(
                room.services, boss, Penalty(player="ann", kind="warning", why="slow", place=place)
            )
            await apply_penalty(
                room.services,
                boss,
                Penalty(player="ann", kind="suspension", why="language", orbits=1, place=place),
            )
            await room.until(lambda: len(ann.of("notice")) >= 2)
            warning, suspension = ann.of("notice")[:2]
            assert (warning["kind"], warning["table"], warning["to"]) == ("warning", table, "ann")
            assert suspension["kind"] == "suspension" and suspension["table"] == table
            assert suspension["detail"]["orbits"] == 1 and suspension["detail"]["hands"] == 4
            assert suspension["why"] == "language"
            for frame in ann.frames:
                server_message.validate_json(json.dumps(frame))

    asyncio.run(scenario())
