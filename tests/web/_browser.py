"""The browser tests' tools: the real server on loopback, Debian's Chromium driven by
Playwright, players who register and play through the page, and the privacy check (no card
a player may not see ever reached his page: its DOM, its scripts' state, its frames).
"""

from __future__ import annotations

import json
import os
import re
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, WebSocket

CHROMIUM = Path(os.environ.get("CROUPIER_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
SERVE = Path(__file__).with_name("_serve.py")
CARD = re.compile(r"^[2-9TJQKA][shdc]$")


def chromium() -> Path:
    """Debian's Chromium, or a failure saying what to install (never a skip)."""
    if not CHROMIUM.exists():
        pytest.fail(
            f"the browser tests need Chromium at {CHROMIUM}: install it (as root:"
            " apt-get update && apt-get install -y chromium), or run `make test`, which does",
            pytrace=False,
        )
    return CHROMIUM


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nobody listens on (now)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """The real server (``_serve.py``: ``create_app`` under uvicorn) on a loopback port."""

    def __init__(self, data: Path) -> None:
        self.data = data
        self.port = free_port()
        self.log = data.parent / "server.log"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def database(self) -> Path:
        return self.data / "croupier.db"

    def start(self, timeout: float = 60) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, str(SERVE), str(self.port), str(self.data)],
                stdout=log,
                stderr=log,
                env=env,
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"the server exited: {self.log.read_text()}")
            try:
                if httpx2.get(f"{self.url}/api/health", timeout=1).status_code == 200:
                    return
            except httpx2.TransportError:
                pass
            time.sleep(0.05)
        raise AssertionError(f"the server did not answer in {timeout} s: {self.log.read_text()}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=20)

    # ------------------------------------------------------------------ hands
    def hands(self) -> dict[tuple[str, int], HandTruth]:
        """Every hand the server stored, with the truth of its cards (from its events)."""
        with sqlite3.connect(f"file:{self.database}?mode=ro", uri=True) as db:
            rows = db.execute(
                "SELECT h.id, h.table_name, h.number, e.data FROM hands h"
                " JOIN hand_events e ON e.hand_id = h.id ORDER BY h.id, e.seq"
            ).fetchall()
            roots = dict(db.execute("SELECT id, root FROM hands WHERE root IS NOT NULL"))
            players = db.execute("SELECT hand_id, seat, player FROM hand_players").fetchall()
        out: dict[tuple[str, int], HandTruth] = {}
        by_id: dict[int, HandTruth] = {}
        for hand_id, table, number, data in rows:
            truth = by_id.get(hand_id)
            if truth is None:
                # a table that numbers its hands again (a tournament's final table made anew
                # under its name): the later hands of a number are "name#2", "name#3" ...
                key, again = (table, number), 1
                while key in out:
                    again += 1
                    key = (f"{table}#{again}", number)
                truth = by_id[hand_id] = out[key] = HandTruth(table, number)
            truth.add(json.loads(data))
        for hand_id, seat, player in players:
            if hand_id in by_id:
                by_id[hand_id].players[player] = seat
        for hand_id, root in roots.items():
            if hand_id in by_id:
                by_id[hand_id].root = root
        return out


def _cards(text: str | None) -> list[str]:
    if not text:
        return []
    if isinstance(text, list):
        return list(text)
    return [text[i : i + 2] for i in range(0, len(text), 2)]


@dataclass
class HandTruth:
    """What was dealt in one hand, and who was entitled to see which card."""

    table: str
    number: int
    players: dict[str, int] = field(default_factory=dict)
    hole: dict[int, list[str]] = field(default_factory=dict)
    board: list[str] = field(default_factory=list)
    shown: set[str] = field(default_factory=set)
    revealed: list[tuple[int, list[str]]] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    table_sees_revealed: bool = True
    root: str | None = None
    """The deck commitment's root: one hand's alone (frames carry it in their state)."""

    def add(self, event: dict[str, Any]) -> None:
        kind = event["type"]
        if kind == "started":
            self.deck = _cards(event.get("deck"))
            rules = event.get("rules") or {}
            self.table_sees_revealed = rules.get("requested_hand", "table") == "table"
        elif kind == "dealt":
            self.hole[event["seat"]] = _cards(event["cards"])
        elif kind == "board":
            self.board += _cards(event["cards"])
        elif kind == "shown":
            self.shown.update(_cards(event["cards"]))
        elif kind == "revealed":
            self.revealed.append((event["asker"], _cards(event["cards"])))

    def visible_to(self, player: str | None) -> set[str]:
        """The cards of this hand ``player`` may see (None: a spectator)."""
        seat = self.players.get(player) if player is not None else None
        cards = set(self.board) | self.shown
        if seat is not None:
            cards |= set(self.hole.get(seat, []))
        for asker, shown in self.revealed:
            if self.table_sees_revealed or asker == seat:
                cards |= set(shown)
        return cards

    def every_card(self) -> set[str]:
        """Every card of the deck of this hand (all 52)."""
        return set(self.deck)


def cards_in(data: Any) -> set[str]:
    """Every card text anywhere in a JSON value (lists of cards, "AsKd" strings under a
    "cards"/"board"/"deck" key)."""
    found: set[str] = set()

    def walk(value: Any, key: str = "") -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, key)
        elif isinstance(value, str):
            if CARD.match(value):
                found.add(value)
            elif key in ("cards", "board", "deck") and re.fullmatch(r"([2-9TJQKA][shdc])+", value):
                found.update(value[i : i + 2] for i in range(0, len(value), 2))

    walk(data)
    return found


@dataclass
class Player:
    """One person at a browser: his own context (cookies), his page, every frame it got."""

    name: str
    context: BrowserContext
    page: Page
    server: Server
    frames: list[dict[str, Any]] = field(default_factory=list)
    dom_seen: list[tuple[str, int | None, set[str]]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)

    def listen(self) -> None:
        def on_socket(ws: WebSocket) -> None:
            def got(payload: str | bytes) -> None:
                if isinstance(payload, bytes):
                    payload = payload.decode()
                try:
                    self.frames.append(json.loads(payload))
                except ValueError:
                    self.frames.append({"raw": payload})

            ws.on("framereceived", got)

        self.page.on("websocket", on_socket)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on(
            "console",
            lambda m: self.console.append(m.text) if m.type == "error" else None,
        )

    def goto(self, path: str) -> None:
        self.page.goto(f"{self.server.url}/{path}")

    def register(self, *, lang: str | None = None) -> None:
        """Register through the page (identity, adult, the rules) and land in the lobby."""
        page = self.page
        self.goto("#/register")
        page.wait_for_selector("#register-title")
        if lang:
            page.select_option("#lang", lang)
            page.wait_for_selector("#register-title")
        page.fill("input[name=full_name]", f"{self.name.capitalize()} Tester")
        page.fill("input[name=screen_name]", self.name)
        page.fill("input[name=password]", "correct horse battery")
        page.check("input[name=adult]")
        page.check("input[name=accept_rules]")
        page.click("form button[type=submit]")
        try:
            page.wait_for_selector("#cash-tables tbody tr[data-table]")
        except Exception as error:
            raise AssertionError(
                f"{self.name}: no lobby after registering ({error});"
                f" console: {self.console}; frames: {self.frames[-5:]};"
                f" server log: {self.server.log.read_text()[-2000:]}"
            ) from None

    def look(self) -> None:
        """Note the cards the page shows now (DOM and scripts' state) for the privacy check."""
        seen = self.page.evaluate(
            """() => {
              const dom = [...document.querySelectorAll('[data-card]')].map(e => e.dataset.card);
              const state = window.croupier ? JSON.stringify(window.croupier.tables()) : '{}';
              const hands = [...document.querySelectorAll('.hand-no')].map(e => e.textContent);
              return {dom, state, hands};
            }"""
        )
        state = json.loads(seen["state"])
        for table, snap in state.items():
            view = snap["view"]
            number = view.get("hand")
            self.dom_seen.append((table, number, cards_in(view) | set(seen["dom"])))


def _runs(
    truth: dict[tuple[str, int], HandTruth], table: str, number: int | None
) -> list[HandTruth]:
    """The hands numbered ``number`` at ``table`` in any of its runs."""
    return [
        hand
        for (name, n), hand in truth.items()
        if n == number and (name == table or name.startswith(f"{table}#"))
    ]


def privacy_problems(player: Player, truth: dict[tuple[str, int], HandTruth]) -> list[str]:
    """Every card that reached ``player``'s page though he may not see it: in a frame, in the
    DOM or in the scripts' state (each checked against the hand it belongs to, or the hand
    before it when a frame closes one hand and opens the next)."""
    problems = []
    last: dict[str, int] = {}
    for frame in player.frames:
        # an answer (a hand's history ...) names its table and hand in its result
        result = frame.get("result")
        body = result if frame.get("type") == "ok" and isinstance(result, dict) else frame
        table = body.get("table")
        state = body.get("state")  # a table's state; a tournament's is a word ("running")
        number = body.get("hand") or (state.get("hand") if isinstance(state, dict) else None)
        if table is not None and number is None:
            number = last.get(table)  # between hands: the hand on show is the last one
        root = state.get("root") if isinstance(state, dict) else None
        if table is not None and number is not None:
            last[table] = number
        cards = cards_in(frame)
        if not cards:
            continue
        if table is None or number is None:
            problems.append(f"cards {sorted(cards)} in a frame of no hand: {str(frame)[:200]}")
            continue
        # The hand by its commitment's root when the frame has one (a table's numbers may
        # start again: a tournament's final table made anew), and the hand before it.
        own = [h for h in truth.values() if root is not None and h.root == root]
        # a frame that closes one hand and opens the next holds both: the one before may
        # be of the same number (a table numbering its hands again)
        kinds = [e.get("type") for e in body.get("events") or [] if isinstance(e, dict)]
        spans = "started" in kinds[1:]
        allowed: set[str] = set()
        for hand in (own if own and not spans else _runs(truth, table, number)) + own:
            allowed |= hand.visible_to(player.name)
        for hand in _runs(truth, table, number - 1):
            allowed |= hand.visible_to(player.name)
        if not cards <= allowed:
            problems.append(
                f"frame of {table} hand {number} holds {sorted(cards - allowed)},"
                f" not visible to {player.name}: {str(frame)[:300]}"
            )
    for table, number, cards in player.dom_seen:
        allowed = set()
        for n in (number, (number or 0) - 1):
            # any run of the table's numbers (the page's look does not tell which)
            for hand in _runs(truth, table, n):
                allowed |= hand.visible_to(player.name)
        if cards - allowed:
            problems.append(
                f"the page of {player.name} showed {sorted(cards - allowed)}"
                f" at {table} hand {number}"
            )
    return problems


def new_player(
    browser: Browser, server: Server, name: str, *, viewport: dict[str, int] = DESKTOP
) -> Player:
    """A person with a fresh browser context (his own cookies) and a page on the server."""
    context = browser.new_context(viewport=viewport, locale="en-GB")
    page = context.new_page()
    player = Player(name=name, context=context, page=page, server=server)
    player.listen()
    return player


def wait_until(check: Any, *, timeout: float, what: str, every: float = 0.1) -> Any:
    """Poll ``check()`` until it is truthy; fail saying ``what`` did not happen."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(every)
    raise AssertionError(f"{what}: not within {timeout} s")


def iter_frames(player: Player, kind: str) -> Iterator[dict[str, Any]]:
    """The frames of one type the player's page received."""
    return (f for f in player.frames if f.get("type") == kind)
