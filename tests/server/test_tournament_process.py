"""A real server process with the demo on: a newcomer registers for the demo's sit-and-go
over HTTP and the WebSocket, bots fill it, the server is killed (kill -9) in the middle of
its hands and started again, the player comes back to his seat and plays to the end; his
prize is paid, the floor sees the tournament and its log, a player may not operate it, and
the books balance."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx2
from _api import registration

from croupier.bench.online import Launched
from croupier.server.check import check_database
from croupier.server.storage import Store

KNOBS = {
    "demo_tables": False,
    "demo_tournaments": True,
    "sng_bots_after": 0.2,
    "demo_level_minutes": 0.02,
    "italian_every": 3600,
    "tournament_tick": 0.05,
    "between_hands": 0.0,
    "bot_think": [0.0, 0.0],
    "showdown_seconds": 0.5,
    "disconnect_grace": 60,
}


def _launch(data: Path, database: str, port: int | None = None) -> Launched:
    from _process import free_port

    port = port or free_port()
    config = {
        "port": port,
        "data_dir": str(data),
        "database": database,
        "demo": True,
        "argon2_time_cost": 1,
        "argon2_memory_kib": 1024,
        "online": KNOBS,
    }
    log = data.parent / "server.log"
    with open(log, "ab") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "croupier.server.launch", json.dumps(config)],
            stdout=out,
            stderr=out,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
    launched = Launched(process, port, log)
    launched.wait()
    return launched


def _login(url: str, name: str, password: str | None = None) -> httpx2.Client:
    client = httpx2.Client(base_url=url, timeout=30)
    csrf = client.get("/api/csrf").json()["csrf_token"]
    headers = {"Origin": url, "X-CSRF-Token": csrf}
    if password is None:
        answer = client.post("/api/register", json=registration(name), headers=headers)
    else:
        body = {"screen_name": name, "password": password}
        answer = client.post("/api/login", json=body, headers=headers)
    assert answer.status_code in (200, 201), answer.text
    client.headers.update({"Origin": url, "X-CSRF-Token": answer.json()["csrf_token"]})
    return client


async def _play(url: str, token: str, tid: str | None, *, until_result: bool) -> dict[str, Any]:
    """Connect as the player; register for ``tid`` (when given); act at his turns (check,
    call or fold) until the tournament's result (or its first hands dealt to him)."""
    from websockets.asyncio.client import connect

    headers = {"Cookie": f"croupier_session={token}", "Origin": url}
    seen: dict[str, Any] = {"frames": [], "welcome": None}
    number = 0
    async with connect(
        url.replace("http", "ws", 1) + "/ws", additional_headers=headers, compression=None
    ) as ws:

        async def send(kind: str, **fields: Any) -> None:
            nonlocal number
            number += 1
            await ws.send(json.dumps({"v": 1, "type": kind, "id": f"x{number}", **fields}))

        if tid is not None:
            await send("register", tournament=tid)
        hands_dealt = 0
        done: set[Any] = set()
        last: tuple[str, dict[str, Any]] | None = None
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            frame = json.loads(await asyncio.wait_for(ws.recv(), timeout=30))
            seen["frames"].append(frame)
            if frame["type"] == "welcome":
                seen["welcome"] = frame
                if frame["seated"]:
                    await send("watch", table=frame["seated"])
            if frame["type"] == "error" and frame["code"] == "rate_limited" and last:
                # a client acting at once against bots acting at once may pass 20 messages a
                # second: it waits as told and says its action again (or hears it is stale)
                await asyncio.sleep(float(frame.get("retry_after") or 0.5))
                await send(last[0], **last[1])
                continue
            if frame["type"] == "error":
                assert frame["code"] in ("stale", "not_your_turn"), frame
            if frame["type"] == "tournament_result":
                return seen
            if frame["type"] not in ("table", "update") or not frame.get("you"):
                continue
            state = frame["state"]
            if any(e["type"] == "started" for e in frame["events"]):
                hands_dealt += 1
                if not until_result and hands_dealt >= 3:
                    return seen
            turn = state["to_act"]
            if turn is None or turn["player"] != frame["you"]["player"]:
                continue
            key = (
                frame["table"],
                state["hand"],
                state["street"],
                tuple((x["bet"], x["stack"], x["folded"]) for x in state["seats"]),
            )
            if key in done:
                continue
            done.add(key)
            legal = turn["legal"]
            action = "show" if legal["show"] else "check" if legal["check"] else "fold"
            if legal["call"] and not legal["check"] and legal["call"] <= legal["stack"] // 10:
                action = "call"
            last = ("act", {"table": frame["table"], "hand": state["hand"], "action": action})
            await send(last[0], **last[1])
    raise AssertionError("the tournament did not end in time")


def test_a_demo_sit_and_go_survives_a_kill_and_pays_its_winner(
    database_url: str, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    server = _launch(data, database_url)
    clients: list[httpx2.Client] = []
    try:
        ann = _login(server.url, "ann")
        clients.append(ann)
        token = ann.cookies["croupier_session"]
        lobby = ann.get("/api/tournaments").json()["tournaments"]
        sng = next(t for t in lobby if t["preset"] == "pokcomm" and t["state"] == "registering")
        assert any(t["preset"] == "italian" for t in lobby)
        refused = ann.post(f"/api/tournaments/{sng['id']}/pause", json={"reason": "no"})
        assert refused.status_code == 403
        first = asyncio.run(_play(server.url, token, sng["id"], until_result=False))
        registered = next(f for f in first["frames"] if f["type"] == "ok")
        assert registered["result"]["balance"] == 100_000 - 2_000
        server.kill()  # kill -9 in the middle of the sit-and-go's hands
        server = _launch(data, database_url, server.port)
        view = ann.get(f"/api/tournaments/{sng['id']}")
        assert view.status_code == 200 and view.json()["state"] == "running"
        assert view.json()["you"]["status"] in ("playing", "out")
        second = asyncio.run(_play(server.url, token, None, until_result=True))
        if view.json()["you"]["status"] == "playing":
            assert second["welcome"]["seated"] == view.json()["you"]["table"]
        result = next(f for f in second["frames"] if f["type"] == "tournament_result")
        assert result["entrants"] == 6 and result["player"] == "ann"
        assert result["balance"] == 98_000 + result["prize"]
        floor_password = next(
            line.split()[2]
            for line in (data / "demo-accounts.txt").read_text().splitlines()
            if line.startswith("floor ")
        )
        boss = _login(server.url, "floor", floor_password)
        clients.append(boss)
        log = boss.get(f"/api/tournaments/{sng['id']}/decisions")
        assert log.status_code == 200
        done = boss.get(f"/api/tournaments/{sng['id']}").json()
        assert done["state"] == "finished"
        assert sum(p["prize"] for p in done["players"]) == 12_000
    finally:
        for client in clients:
            client.close()
        server.kill()
    store = Store(database_url, migrate=False)
    try:
        report = check_database(store)
    finally:
        store.close()
    assert report["ledger_balanced"] and report["problems"] == [], report
