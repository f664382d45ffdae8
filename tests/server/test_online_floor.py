"""The floor's console on the tournaments online: the floor's view (tables, players, chip
counts, the balancing suggestion), a copy, the clock on the wall fed by the online
tournament's state (pauses and added time followed), and every floor decision written to
the floor's log (subject kind ``tournament``, who, role, when, why) in the same transaction
as the change it explains. Every new route is refused to a player (403)."""

from __future__ import annotations

import itertools
import json
import time
from pathlib import Path
from typing import Any

import pytest
from _api import ORIGIN, running, staff
from _tourney import fast_config

from croupier.server.check import check_database
from croupier.server.floor.log import LogDecision
from croupier.server.storage.records import SaveSnapshot
from croupier.server.tournaments import console

STRUCTURE = {
    "starting_stack": 20_000,
    "levels": [
        {"small_blind": 50, "big_blind": 100, "minutes": 30},
        {"small_blind": 100, "big_blind": 200, "minutes": 30},
    ],
    "breaks": [{"after_level": 1, "minutes": 10}],
}

_IDS = itertools.count(1)


def _ws_ok(ws: Any, kind: str, **fields: Any) -> dict[str, Any]:
    """Send a message and wait for its answer (a fresh id: a known one is answered again)."""
    command_id = f"{kind}-{next(_IDS)}"
    ws.send_text(json.dumps({"v": 1, "type": kind, "id": command_id, **fields}))
    while True:
        frame = json.loads(ws.receive_text())
        if frame["type"] in ("ok", "error") and frame["id"] == command_id:
            assert frame["type"] == "ok", frame
            result: dict[str, Any] = frame["result"]
            return result


def test_the_floor_console_runs_an_online_tournament_and_logs_every_decision(
    database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(console, "FACE_SECONDS", 0.0)  # every reading fresh
    config = fast_config(database_url, tmp_path / "data")
    with running(config) as browser:
        staff(browser, "boss", "floor")
        for name in ("ann", "bob", "cyd"):
            assert browser.register(name).status_code == 201
            with browser.client.websocket_connect("/ws", headers={"Origin": ORIGIN}) as ws:
                json.loads(ws.receive_text())
                _ws_ok(ws, "ping")
            browser.post("/api/logout")
        assert browser.login("boss").status_code == 200
        made = browser.post(
            "/api/tournaments",
            {
                "preset": "pokcomm",
                "id": "on-1",
                "name": "Friday online",
                "max_players": 9,
                "table_size": 2,
                "start_when": 9,
                "structure": STRUCTURE,
                "reason": "the Friday game",
            },
        )
        assert made.status_code == 201, made.json()
        copied = browser.post("/api/tournaments/on-1/copy", {"reason": "next week"})
        assert copied.status_code == 201, copied.json()
        twin = copied.json()["tournament"]
        assert twin["levels"] == made.json()["tournament"]["levels"]
        assert twin["state"] == "registering" and twin["id"] != "on-1"
        face = browser.get("/api/clock/on-1").json()
        assert face["phase"] == "registration" and face["online"] is True
        assert face["big_blind"] == 100 and face["average_stack"] == 20_000
        for name in ("ann", "bob", "cyd"):
            browser.post("/api/logout")
            assert browser.login(name).status_code == 200
            with browser.client.websocket_connect("/ws", headers={"Origin": ORIGIN}) as ws:
                json.loads(ws.receive_text())
                _ws_ok(ws, "register", tournament="on-1")
        # a player: every new route is refused (the public clock is not a console route)
        for path in ("/api/tournaments/on-1/floor", "/api/tournaments/on-1/decisions"):
            assert browser.get(path).status_code == 403
        refused = browser.post("/api/tournaments/on-1/copy", {"reason": "mine"})
        assert refused.status_code == 403 and refused.json()["error"] == "forbidden"
        assert browser.get("/api/tournaments/on-1/clock").status_code == 200
        browser.post("/api/logout")
        assert browser.login("boss").status_code == 200

        services = browser.services
        assert services.online is not None and services.online.tournaments is not None
        actor = services.online.tournaments.actor("on-1")
        saves: list[list[Any]] = []
        real_save = actor.service.money.save

        async def spy(entries: Any, *, with_records: Any = (), **kw: Any) -> Any:
            saves.append(list(with_records))
            return await real_save(entries, with_records=with_records, **kw)

        actor.service.money.save = spy  # type: ignore[method-assign]
        try:
            assert browser.post("/api/tournaments/on-1/start", {"reason": "three here"}).json() == {
                "state": "running"
            }
            assert browser.post("/api/tournaments/on-1/pause", {"reason": "dinner"}).json() == {
                "paused": True
            }
        finally:
            actor.service.money.save = real_save  # type: ignore[method-assign]
        # the decision and the change it explains: one write, one transaction
        logged = [r for batch in saves for r in batch if isinstance(r, LogDecision)]
        assert [d.action for d in logged] == ["start", "pause"]
        for batch in saves:
            if any(isinstance(r, LogDecision) for r in batch):
                assert any(isinstance(r, SaveSnapshot) for r in batch)
        paused = browser.get("/api/clock/on-1").json()
        assert paused["running"] is False and paused["phase"] == "running"
        left = paused["seconds_left"]
        added = browser.post("/api/tournaments/on-1/time", {"seconds": 120, "reason": "late"})
        assert added.status_code == 200
        assert browser.get("/api/clock/on-1").json()["seconds_left"] >= left + 119
        assert browser.post("/api/tournaments/on-1/resume", {"reason": "back"}).status_code == 200
        assert browser.get("/api/clock/on-1").json()["running"] is True

        view = browser.get("/api/tournaments/on-1/floor").json()
        assert view["state"] == "running" and len(view["tables"]) == 2
        assert sum(p["chips"] for p in view["players"]) == 60_000
        assert {p["player"] for p in view["players"]} == {"ann", "bob", "cyd"}
        assert all(p["table"] and p["seat"] for p in view["players"])
        assert set(view["balancing"]["counts"]) == {"on-1@1", "on-1@2"}
        assert view["balancing"]["difference"] == 1 and view["balancing"]["move"] is None
        assert view["clock"]["running"] is True

        log = browser.get("/api/floor/log?subject_kind=tournament&subject_id=on-1").json()
        lines = log["decisions"]
        assert [d["action"] for d in reversed(lines)] == [
            "create",
            "start",
            "pause",
            "time",
            "resume",
        ]
        assert all(d["who"] == "boss" and d["role"] == "floor" and d["why"] for d in lines)
        assert lines[0]["place"] == "tournament:on-1"
        decisions = browser.get("/api/tournaments/on-1/decisions").json()["decisions"]
        assert [d["what"] for d in decisions] == ["create", "start", "pause", "time", "resume"]
        assert decisions[3]["args"]["seconds"] == 120 and decisions[0]["role"] == "floor"
        twin_log = browser.get(f"/api/tournaments/{twin['id']}/decisions").json()["decisions"]
        assert [(d["what"], d["args"]["from"]) for d in twin_log] == [("copy", "on-1")]

        browser.post("/api/logout")
        assert browser.login("ann").status_code == 200
        before = services.money.balance("ann")
        with browser.client.websocket_connect("/ws", headers={"Origin": ORIGIN}) as ws:
            json.loads(ws.receive_text())
            _ws_ok(ws, "register", tournament=twin["id"])
        assert services.money.balance("ann") == before - twin["buy_in"] - twin["fee"]
        browser.post("/api/logout")
        assert browser.login("boss").status_code == 200
        cancel = browser.post(f"/api/tournaments/{twin['id']}/cancel", {"reason": "no one"})
        assert cancel.status_code == 200 and cancel.json() == {"state": "cancelled"}
        assert services.money.balance("ann") == before  # refunded through the ledger
        lines = browser.get(f"/api/tournaments/{twin['id']}/decisions").json()["decisions"]
        assert [d["what"] for d in lines] == ["copy", "cancel"]
        check = check_database(services.store)
        assert check["ledger_balanced"], check


def test_the_wall_clock_follows_an_online_tournament_into_its_break(
    database_url: str, tmp_path: Path
) -> None:
    """A level of a second and a half, then a break: the clock's face (read by the actor)
    goes on break, and the floor's view and the wall agree."""
    config = fast_config(database_url, tmp_path / "data")
    with running(config) as browser:
        staff(browser, "boss", "admin")
        for name in ("ann", "bob"):
            assert browser.register(name).status_code == 201
            with browser.client.websocket_connect("/ws", headers={"Origin": ORIGIN}) as ws:
                json.loads(ws.receive_text())
                _ws_ok(ws, "ping")
            browser.post("/api/logout")
        assert browser.login("boss").status_code == 200
        quick = {
            "levels": [
                {"small_blind": 50, "big_blind": 100, "minutes": 0.025},
                {"small_blind": 100, "big_blind": 200, "minutes": 30},
            ],
            "breaks": [{"after_level": 1, "minutes": 10}],
        }
        body = {"preset": "pokcomm", "id": "br-1", "start_when": 6, "max_players": 6}
        made = browser.post("/api/tournaments", {**body, "structure": quick, "reason": "quick"})
        assert made.status_code == 201, made.json()
        for name in ("ann", "bob"):
            browser.post("/api/logout")
            assert browser.login(name).status_code == 200
            with browser.client.websocket_connect("/ws", headers={"Origin": ORIGIN}) as ws:
                json.loads(ws.receive_text())
                _ws_ok(ws, "register", tournament="br-1")
        browser.post("/api/logout")
        assert browser.login("boss").status_code == 200
        assert browser.post("/api/tournaments/br-1/start", {"reason": "go"}).status_code == 200
        assert browser.get("/clock/br-1").status_code == 200
        deadline = time.monotonic() + 15
        face = browser.get("/api/clock/br-1").json()
        while not face["on_break"] and time.monotonic() < deadline:
            time.sleep(0.2)
            face = browser.get("/api/clock/br-1").json()
        assert face["on_break"] is True and face["next_level"]["big_blind"] == 200
        assert face["seconds_left"] is not None and face["seconds_left"] <= 600
        view = browser.get("/api/tournaments/br-1/floor").json()
        assert view["clock"]["on_break"] is True and view["on_break"] is True
        log = browser.get("/api/tournaments/br-1/decisions").json()["decisions"]
        assert [(d["what"], d["role"]) for d in log] == [("create", "admin"), ("start", "admin")]


def test_a_scheduled_tournament_cancelled_by_the_server_is_in_the_floor_log(
    database_url: str, tmp_path: Path
) -> None:
    """Nobody enough at the start: the server cancels it, refunds, and logs it (who: server)
    with the refunds, in one transaction."""
    import asyncio

    from _tourney import tourney_room

    from croupier.server.floor.log import LogFilter, read_log
    from croupier.server.tournaments.spec import Spec

    config = fast_config(database_url, tmp_path / "data")

    async def scenario() -> None:
        async with tourney_room(config, players={"ann": 100_000}) as room:
            spec = Spec.make(
                id="sched-9", preset="italian", kind="scheduled", starts_at=time.time() + 0.3
            )
            await room.tournaments.create(spec)
            ann = await room.connect("ann")
            await ann.ok("register", tournament="sched-9")
            actor = room.tournaments.actor("sched-9")
            await room.until(lambda: actor.state == "cancelled")
            await asyncio.sleep(0.1)
            assert room.services.money.balance("ann") == 100_000
            where = LogFilter(subject_kind="tournament", subject_id="sched-9")
            lines = await room.services.store.read(lambda c: read_log(c, where))
            assert [(d.who, d.role, d.action) for d in lines] == [("server", "server", "cancel")]
            assert "fewer than two" in lines[0].why

    asyncio.run(scenario())


def test_every_floor_route_of_the_tournaments_is_refused_to_a_player(
    database_url: str, tmp_path: Path
) -> None:
    """Every tournament route but the lobby's, the view and the public clock: 403."""
    from croupier.server.tournaments import api

    public = {"/api/tournaments", "/api/tournaments/{tid}", "/api/tournaments/{tid}/clock"}
    config = fast_config(database_url, tmp_path / "data")
    with running(config) as browser:
        staff(browser, "boss", "floor")
        assert browser.login("boss").status_code == 200
        made = browser.post("/api/tournaments", {"preset": "pokcomm", "id": "x-1"})
        assert made.status_code == 201
        browser.post("/api/logout")
        assert browser.register("ann").status_code == 201
        checked = 0
        for route in api.routes:
            methods = route.methods or {"GET"}
            path = route.path.replace("{tid}", "x-1")
            if route.path in public and "POST" not in methods:
                assert browser.get(path).status_code == 200, path
                continue
            answer = browser.post(path, {"reason": "x"}) if "POST" in methods else browser.get(path)
            assert answer.status_code == 403, (path, answer.text)
            assert answer.json()["error"] == "forbidden"
            checked += 1
        assert checked >= 13
        assert browser.get("/api/clock/x-1").status_code == 200


def test_a_copy_of_a_scheduled_tournament_waits_for_its_new_time_or_the_floor(
    database_url: str, tmp_path: Path
) -> None:
    config = fast_config(database_url, tmp_path / "data")
    with running(config) as browser:
        staff(browser, "boss", "admin")
        assert browser.login("boss").status_code == 200
        body = {"preset": "italian", "id": "it-1", "kind": "scheduled", "starts_at": time.time()}
        assert browser.post("/api/tournaments", {**body, "max_players": 20}).status_code == 201
        copied = browser.post("/api/tournaments/it-1/copy", {"id": "it-2", "name": "Again"})
        assert copied.status_code == 201, copied.json()
        entry = copied.json()["tournament"]
        assert entry["kind"] == "scheduled" and entry["starts_at"] is None
        assert entry["name"] == "Again" and entry["max_players"] == 20
        time.sleep(0.3)  # ticks go by: the copy is not started nor cancelled
        assert browser.get("/api/tournaments/it-2").json()["state"] == "registering"
        again = browser.post("/api/tournaments/it-1/copy", {"id": "it-2"})
        assert again.status_code == 400 and "already" in again.json()["message"]
