"""The WebSocket endpoint itself, in-process through Starlette's test client (the app's whole
path: the handshake's origin and session checks, text and binary frames), the hands and lobby
over HTTP, and the demo room on a new database: its bots play, a newcomer sits at once."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from _api import ORIGIN, Browser, running
from _online import online_config

from croupier.server.config import ServerConfig
from croupier.server.tables.demo import demo_tables


@pytest.fixture
def demo_config(database_url: str, tmp_path: Path) -> ServerConfig:
    return online_config(
        database_url,
        tmp_path / "data",
        demo_tables=True,
        between_hands=0.05,
        bot_think=(0.0, 0.01),
    )


def _frames(ws: Any, until: str, limit: int = 2_000) -> list[dict[str, Any]]:
    out = []
    for _ in range(limit):
        frame = json.loads(ws.receive_text())
        out.append(frame)
        if frame["type"] == until:
            return out
    raise AssertionError(f"no {until} frame")


@pytest.mark.rule("CAS-3")
def test_the_socket_needs_the_servers_origin_and_a_session(demo_config: ServerConfig) -> None:
    with running(demo_config) as browser:
        client = browser.client
        with client.websocket_connect("/ws", headers={"Origin": "http://evil.example"}) as ws:
            frame = json.loads(ws.receive_text())
            assert (frame["type"], frame["code"]) == ("error", "forbidden")
            assert "evil.example" in frame["message"]
        with client.websocket_connect("/ws") as ws:  # no origin at all
            assert json.loads(ws.receive_text())["code"] == "forbidden"
        with client.websocket_connect("/ws", headers={"Origin": ORIGIN}) as ws:
            frame = json.loads(ws.receive_text())
            assert (frame["code"], frame["message"]) == (
                "unauthenticated",
                "log in first: the WebSocket needs a session",
            )
        browser.register("ann")
        with client.websocket_connect("/ws", headers={"Origin": ORIGIN}) as ws:
            welcome = json.loads(ws.receive_text())
            assert (welcome["type"], welcome["user"], welcome["protocol"]) == ("welcome", "ann", 1)
            ws.send_bytes(b"\x00\x01")
            assert json.loads(ws.receive_text())["code"] == "binary"
            ws.send_text("{nope")
            bad = json.loads(ws.receive_text())
            assert bad["code"] == "bad_message" and "Traceback" not in bad["message"]


def test_the_demo_room_plays_and_a_newcomer_sits_at_once(demo_config: ServerConfig) -> None:
    with running(demo_config) as browser:
        assert browser.register("ann").status_code == 201
        lobby = browser.get("/api/lobby").json()["tables"]
        assert [t["table"] for t in lobby] == [name for name, *_ in demo_tables()]
        assert {t["game"] for t in lobby} == {"casino-fr", "pokerkings"}
        assert all(t["taken"] >= 2 for t in lobby)
        with browser.client.websocket_connect("/ws", headers={"Origin": ORIGIN}) as ws:
            _frames(ws, "welcome")
            ws.send_text(
                json.dumps(
                    {"v": 1, "type": "sit", "id": "s1", "table": "casino-fr-1", "buy_in": 20_000}
                )
            )
            seated = next(f for f in _frames(ws, "ok") if f["type"] == "ok")
            assert seated["result"]["balance"] == demo_config.demo_chips - 20_000
            acted = 0
            deadline = time.monotonic() + 30
            while acted < 3 and time.monotonic() < deadline:
                frame = json.loads(ws.receive_text())
                state = frame.get("state")
                if frame["type"] == "update" and state and state["to_act"]:
                    turn = state["to_act"]
                    if turn["player"] == "ann":
                        legal = turn["legal"]
                        action = (
                            "check" if legal["check"] else ("show" if legal["show"] else "call")
                        )
                        if legal["muck"] and not legal["show"]:
                            action = "muck"
                        ws.send_text(
                            json.dumps(
                                {
                                    "v": 1,
                                    "type": "act",
                                    "id": f"a{acted}",
                                    "table": "casino-fr-1",
                                    "hand": state["hand"],
                                    "action": action,
                                }
                            )
                        )
                        acted += 1
            assert acted == 3, "the bots played and dealt ann in"
        listed = browser.get("/api/hands").json()
        hands = listed["hands"]
        assert hands and hands[0]["table"] == "casino-fr-1"
        assert hands[0]["title"] == {"name": "casino-fr-1"}
        assert listed["tables"] == [{"table": "casino-fr-1", "title": {"name": "casino-fr-1"}}]
        for row in hands:
            if row["status"] == "open":
                continue  # still being played: its board grows
            # the list's summary is the hand as ann saw it: her cards, the board, the pot
            seen = browser.get(f"/api/hands/{row['id']}").json()["events"]
            mine = [e["cards"] for e in seen if e["type"] == "dealt" and e["seat"] == row["seat"]]
            assert row["cards"] == (mine[0] if mine else [])
            assert row["board"] == [c for e in seen if e["type"] == "board" for c in e["cards"]]
            ended = [e for e in seen if e["type"] == "ended"]
            if ended:
                assert row["pot"] == sum(
                    e["amount"] for e in seen if e["type"] in ("awarded", "raked")
                )
                stack = dict(map(tuple, ended[0]["stacks"]))[row["seat"]]
                seat_start = next(
                    s[2]
                    for e in seen
                    if e["type"] == "started"
                    for s in e["seats"]
                    if s[0] == row["seat"]
                )
                assert row["result"] == stack - seat_start
        page = browser.get("/api/hands?limit=1").json()
        assert len(page["hands"]) == 1 and page["hands"][0]["id"] >= hands[0]["id"]
        assert page["more"] is (len(hands) > 1 or page["hands"][0]["id"] > hands[0]["id"])
        if len(hands) > 1:
            older = browser.get(f"/api/hands?limit=1&before={hands[0]['id']}").json()
            assert [h["id"] for h in older["hands"]] == [hands[1]["id"]]
        assert browser.get("/api/hands?table=pokerkings-1").json()["hands"] == []
        assert browser.get("/api/hands?table=" + "x" * 121).status_code == 400
        one = hands[-1]["id"]
        text = browser.get(f"/api/hands/{one}?format=text")
        assert text.status_code == 200 and "casino-fr-1 hand" in text.text
        assert "attachment" in text.headers["content-disposition"]
        proofs = browser.get(f"/api/hands/{one}?format=proofs").json()
        assert proofs["format"] == "croupier-deck-proofs" and proofs["proofs"]
        assert browser.get(f"/api/hands/{one}?format=zip").status_code == 400


def test_a_player_cannot_read_a_hand_he_was_not_dealt(demo_config: ServerConfig) -> None:
    with running(demo_config) as browser:
        browser.register("ann")
        services = browser.services
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            online = services.online
            assert online is not None
            if any(a.table.hand_number >= 1 for a in online.tables.actors.values()):
                break
            time.sleep(0.05)
        response = browser.get("/api/hands/1")
        assert response.status_code == 403
        assert response.json()["error"] == "forbidden"
        assert browser.get("/api/hands/999999").status_code == 404
        fresh = Browser(browser.client)
        browser.post("/api/logout", {})
        assert fresh.get("/api/hands").status_code == 401
