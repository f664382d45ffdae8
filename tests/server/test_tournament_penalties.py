"""Penalties on the players of a tournament online through ``POST /api/floor/penalties`` at
the place ``tournament:ID`` (POK-13-1, ITA-51; TDA R71 where the seeds are silent): a warning
logged; a suspension counted in orbits, the player blinded as absent, his chips in play,
lifted when served or by the floor; a disqualification taking his chips out of play; each
written to the floor's log with its change, kept across a restart, the books balanced."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest
from _api import ORIGIN, Browser, running, staff
from _tourney import fast_config, tourney_room

from croupier.room.cash.ledger import Account, EntryKind
from croupier.server.check import check_database
from croupier.server.floor.cash import Floor
from croupier.server.floor.penalties import Penalty, apply_penalty
from croupier.server.tournaments.spec import Spec

STRUCTURE = {
    "starting_stack": 50_000,
    "levels": [{"small_blind": 50, "big_blind": 100}, {"small_blind": 100, "big_blind": 200}],
}


def _ws_ok(ws: Any, kind: str, **fields: Any) -> dict[str, Any]:
    ws.send_text(json.dumps({"v": 1, "type": kind, "id": f"{kind}-1", **fields}))
    while True:
        frame = json.loads(ws.receive_text())
        if frame["type"] in ("ok", "error") and frame["id"] == f"{kind}-1":
            assert frame["type"] == "ok", frame
            result: dict[str, Any] = frame["result"]
            return result


def _started(browser: Browser) -> Any:
    """ann registered (an account, away: never connected) and five bots filled ``pen-1``,
    a sit-and-go of one table of six; the boss logged in."""
    staff(browser, "boss", "floor")
    assert browser.register("ann").status_code == 201
    services = browser.services
    assert services.online is not None and services.online.tournaments is not None
    tournaments = services.online.tournaments
    spec = Spec.make(
        id="pen-1",
        preset="pokcomm",
        max_players=6,
        table_size=6,
        start_when=6,
        structure=STRUCTURE,
        fee=200,
        bots=5,
    )
    portal = browser.client.portal
    assert portal is not None
    portal.call(tournaments.create, spec)
    with browser.client.websocket_connect("/ws", headers={"Origin": ORIGIN}) as ws:
        json.loads(ws.receive_text())
        _ws_ok(ws, "register", tournament="pen-1")
    browser.post("/api/logout")
    assert browser.login("boss").status_code == 200
    actor = tournaments.actor("pen-1")
    _until(lambda: actor.state == "running", "the start")
    return actor


def _penalty(browser: Browser, player: str, kind: str, **more: Any) -> Any:
    body = {"player": player, "kind": kind, "place": "tournament:pen-1", "why": f"{kind} test"}
    return browser.post("/api/floor/penalties", {**body, **more})


def _until(check: Any, what: str, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.01)
    raise AssertionError(f"{what} did not happen in {timeout} s")


def _log(browser: Browser) -> list[dict[str, Any]]:
    got = browser.get("/api/floor/log", params={"place": "tournament:pen-1"})
    assert got.status_code == 200, got.text
    decisions: list[dict[str, Any]] = got.json()["decisions"]
    return decisions


@pytest.mark.rule("POK-13-1", "ITA-51")
def test_warning_suspension_lift_and_disqualification_online(
    database_url: str, tmp_path: Path
) -> None:
    """The ladder at a tournament online: each step logged with its change; a suspension of
    one orbit is as many hands as players at the table, his blinds taken, his chips in play;
    a disqualification removes his chips from play (counted as removed, the books balanced);
    a player's account is refused; the log and the domain's state survive a restart."""
    config = fast_config(database_url, tmp_path / "data")
    with running(config) as browser:
        actor = _started(browser)
        t = actor.tournament
        assert t is not None
        bob, cyd, dan = sorted(p for p in t.players() if p != "ann")[:3]
        # a player may not
        browser.post("/api/logout")
        assert browser.login("ann").status_code == 200
        assert _penalty(browser, bob, "warning").status_code == 403
        browser.post("/api/logout")
        assert browser.login("boss").status_code == 200
        # a warning: logged, nothing else
        warned = _penalty(browser, "ann", "warning")
        assert warned.status_code == 200, warned.json()
        assert warned.json()["logged"] is True
        assert not t.is_suspended("ann")
        stranger = _penalty(browser, "zed", "warning")
        assert stranger.status_code == 404 and "has not entered" in stranger.json()["message"]
        # a suspension of one orbit: six hands at a table of six (ITA-51)
        hands_before = t.hands_played
        suspended = _penalty(browser, bob, "suspension", orbits=1)
        assert suspended.status_code == 200, suspended.json()
        assert suspended.json()["hands"] == 6 and suspended.json()["table"] == "pen-1@1"
        assert t.is_suspended(bob) and t.suspension_left(bob) <= 6
        assert bob in t.players()  # his chips stay in play
        seen = browser.get("/api/tournaments/pen-1").json()["players"]
        assert 0 <= next(e for e in seen if e["player"] == bob)["suspended"] <= 6  # counting down
        _until(lambda: not t.is_suspended(bob), "bob's suspension served")
        assert t.hands_played >= hands_before + 6
        # a suspension lifted by the floor
        long = _penalty(browser, cyd, "suspension", orbits=3)
        assert long.status_code == 200 and t.is_suspended(cyd)
        lifted = _penalty(browser, cyd, "lift")
        assert lifted.status_code == 200, lifted.json()
        assert lifted.json()["hands_left"] > 0 and not t.is_suspended(cyd)
        again = _penalty(browser, cyd, "lift")
        assert again.status_code == 400 and "no suspension" in again.json()["message"]
        # a disqualification: his chips out of play (at once, or at his hand's end)
        expected = t.chips_expected()
        out = _penalty(browser, dan, "disqualification")
        assert out.status_code == 200, out.json()
        _until(lambda: dan not in t.players() and not actor.disqualify_due, "dan out")
        removed = expected - t.chips_expected()
        assert removed > 0 and t.chips_in_play() == t.chips_expected()
        assert dan in actor.disqualified
        twice = _penalty(browser, dan, "disqualification")
        assert twice.status_code == 400
        _until(lambda: len(_log(browser)) >= 5 + bool(out.json()["pending"]), "the log lines")
        log = _log(browser)
        actions = [d["action"] for d in reversed(log)]
        expected_actions = ["warning", "suspension", "suspension", "penalty_lifted"]
        expected_actions.append("disqualification")
        if out.json()["pending"]:
            expected_actions.append("disqualification_served")
        assert actions == expected_actions
        by_action = {d["action"]: d for d in log}
        assert by_action["suspension"]["subject_id"] in (bob, cyd)
        chips_line = by_action.get("disqualification_served", by_action["disqualification"])
        assert chips_line["detail"]["chips_removed"] == removed
        assert all(d["place"] == "tournament:pen-1" for d in log)
        # a long suspension to find again after the restart
        assert _penalty(browser, "ann", "suspension", orbits=40).status_code == 200
        check = check_database(browser.services.store)
        assert check["ledger_balanced"], check
    with running(config) as browser:
        assert browser.login("boss").status_code == 200
        services = browser.services
        assert services.online is not None and services.online.tournaments is not None
        actor = services.online.tournaments.actor("pen-1")
        t = actor.tournament
        assert t is not None
        assert t.is_suspended("ann") and not (set(t.players()) & actor.disqualified)
        assert len(actor.disqualified) == 1
        assert t.chips_in_play() == t.chips_expected() == 300_000 - removed
        assert _log(browser)[0]["action"] == "suspension"
        check = check_database(services.store)
        assert check["ledger_balanced"], check


@pytest.mark.rule("POK-13-1", "ITA-51")
def test_a_player_disqualified_in_the_money_gets_no_prize_for_his_place(
    database_url: str, tmp_path: Path
) -> None:
    """Heads-up, one of the two is disqualified: the disqualified player's
    place pays nothing (forfeited to the house: the seeds are silent, TDA leaves it to the
    director), and every cent is accounted for."""
    from test_online_tournaments import QUICK, sng

    config = fast_config(database_url, tmp_path / "data")

    async def scenario() -> None:
        async with tourney_room(config, players={"ann": 100_000}) as room:
            ann = await room.connect("ann")
            for attempt in range(1, 4):  # two busted in one hand skip the heads-up: again
                tid = f"dq-{attempt}"
                await room.tournaments.create(
                    sng(
                        tid,
                        structure={**QUICK, "starting_stack": 800},
                        max_players=7,
                        table_size=7,
                        start_when=7,
                        bots=6,
                    )
                )
                await ann.ok("register", tournament=tid)
                actor = room.tournaments.actor(tid)

                def heads_up_or_over() -> bool:
                    t = actor.tournament  # noqa: B023 (read at once)
                    return t is not None and (
                        actor.state == "finished"  # noqa: B023
                        or (actor.state == "running" and len(t.players()) == 2)  # noqa: B023
                    )

                playing = asyncio.create_task(ann.autoplay(stop=heads_up_or_over))
                await room.until(heads_up_or_over, timeout=150)  # the bubble: hand for hand
                await playing
                if actor.state == "running":
                    break
            t = actor.tournament
            assert t is not None and actor.state == "running"
            cheat = sorted(t.players())[0]
            done = await apply_penalty(
                room.services,
                Floor(who="boss", role="floor"),
                Penalty(
                    player=cheat,
                    kind="disqualification",
                    why="collusion",
                    place=f"tournament:{tid}",
                ),
            )
            assert done["kind"] == "disqualification"
            task = asyncio.create_task(ann.autoplay(stop=lambda: actor.state == "finished"))
            await room.until(lambda: actor.state == "finished", timeout=30)
            await task
            results = {r.player: r for r in t.results()}
            # served between hands he is second; decided during a hand that he then won, he
            # is first: either way a paid place, and nothing paid to him for it
            assert results[cheat].place in (1, 2) and results[cheat].prize > 0
            assert cheat in actor.disqualified
            money = room.services.money
            prizes = [
                e
                for e in money.ledger.entries
                if e.kind is EntryKind.PRIZE
                and e.memo.startswith(f"{tid}:")  # this tournament's (an earlier try paid him)
                and any(a.player == cheat for a, _ in e.postings)
            ]
            assert prizes == []
            fees = 7 * 200  # seven entries: two places paid
            assert money.ledger.balance(Account.house(tid)) == fees + results[cheat].prize
            assert money.ledger.balance(Account.prize_pool(tid)) == 0
            check = check_database(room.services.store)
            assert check["ledger_balanced"] and check["problems"] == [], check

    asyncio.run(scenario())
