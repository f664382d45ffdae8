"""A small client for bots on a croupier server: log in, sit, play with ``on_turn(view)``.

The bot is a normal account: it logs in with its screen name and password (the room's
staff mark an account as a bot), then speaks the real WebSocket protocol (docs/protocol.md)
as the web client does. ``on_turn`` gets a :class:`TurnView` each time it is the bot's
turn and answers an action: ``"fold"``, ``"check"``, ``"call"``, ``"all_in"``, ``"show"``,
``"muck"``, ``("raise", 600)`` / ``("bet", 400)`` (to a total), or a croupier
:class:`~croupier.engine.Action`.

    from croupier.client import Client

    def on_turn(view):
        return "check" if view.legal["check"] else "call"

    with Client("http://127.0.0.1:8000", "mybot", "its password") as bot:
        bot.play("casino-fr-1", on_turn, buy_in=20_000, hands=10)
"""

from __future__ import annotations

import http.cookiejar
import itertools
import json
import secrets
import urllib.error
import urllib.request
from collections import deque
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any
from urllib.parse import urlsplit

from websockets.sync.client import ClientConnection, connect

from croupier.engine import Action, ActionKind

__all__ = ["BotError", "Client", "HandFollower", "TurnView", "to_message"]


class BotError(RuntimeError):
    """The server refused something (its code and words), or the bot's answer was not an action."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


@dataclass(frozen=True)
class TurnView:
    """What the bot sees when it is his turn: the server's frame for his seat only.

    ``legal`` is the server's ``to_act.legal`` (fold, check, call, min_raise_to,
    max_raise_to, all_in, show, muck ...); ``cards`` his own two; ``state`` the whole
    table state of the frame (other hole cards are ``null`` until shown).
    """

    table: str
    hand: int
    seat: int
    cards: tuple[str, ...]
    board: tuple[str, ...]
    pot: int
    stack: int
    legal: dict[str, Any]
    state: dict[str, Any] = field(repr=False)
    info: dict[str, Any] = field(repr=False)


Answer = str | tuple[str, int] | Action
_KINDS = {
    ActionKind.FOLD: "fold",
    ActionKind.CHECK: "check",
    ActionKind.CALL: "call",
    ActionKind.ALL_IN: "all_in",
    ActionKind.SHOW: "show",
    ActionKind.MUCK: "muck",
}


def to_message(answer: object, legal: dict[str, Any]) -> dict[str, Any]:
    """The ``action`` and ``amount`` fields of an ``act`` message for the bot's answer."""
    if isinstance(answer, Action):
        if answer.kind in _KINDS:
            return {"action": _KINDS[answer.kind]}
        if answer.kind in (ActionKind.RAISE_TO, ActionKind.BET, ActionKind.RAISE):
            verb = "raise" if legal.get("facing_bet") else "bet"
            return {"action": verb, "amount": answer.amount}
        raise BotError("bad_answer", f"{answer!r} cannot be sent: answer fold ... raise")
    if isinstance(answer, str) and answer in ("fold", "check", "call", "all_in", "show", "muck"):
        return {"action": answer}
    if (
        isinstance(answer, tuple)
        and len(answer) == 2
        and answer[0] in ("bet", "raise")
        and type(answer[1]) is int
    ):
        return {"action": answer[0], "amount": answer[1]}
    raise BotError(
        "bad_answer",
        f"{answer!r} is not an action: 'fold', 'check', 'call', 'all_in', 'show', 'muck',"
        " ('raise', total), ('bet', total) or a croupier Action",
    )


class HandFollower:
    """Follows one table's frames for the bot at ``seat``: which hand is in play, the hands
    it acted in that have ended, whether it can still play, and when it is its turn."""

    def __init__(self, table: str, seat: int) -> None:
        self.table = table
        self.seat = seat
        self.played = 0
        """Hands the bot acted in that have ended."""
        self.cannot_play = False
        """Between hands, the bot's seat was gone or had no chips left (busted)."""
        self._acted_in: set[int] = set()
        self._running: int | None = None
        self._last_turn: tuple[int, str, int] | None = None

    def see(self, frame: dict[str, Any]) -> dict[str, Any] | None:
        """Take one frame in; return it when it asks the bot to act (once per turn)."""
        if frame.get("table") != self.table or frame.get("type") not in ("table", "update"):
            return None
        if frame["type"] == "table":
            self._running = frame.get("hand")
        # one update may carry the end of a hand and the start of the next: the events
        # before a "started" are the hand in play's, the frame's "hand" is the newest one
        for event in frame.get("events", ()):
            if event["type"] == "started":
                self._running = frame.get("hand")
            elif event["type"] in ("ended", "voided"):
                if event["type"] == "ended" and self._running in self._acted_in:
                    self.played += 1
                self._running = None
        state = frame.get("state") or {}
        if state.get("hand") is None:
            self._running = None
            mine = next((s for s in state.get("seats", ()) if s.get("seat") == self.seat), None)
            self.cannot_play = mine is None or int(mine.get("stack", 0)) <= 0
            return None
        self._running = int(state["hand"])
        turn = state.get("to_act")
        if not turn or turn["seat"] != self.seat:
            return None
        key = (
            self._running,
            json.dumps(turn["legal"], sort_keys=True),
            len(state.get("board", ())),
        )
        if key == self._last_turn:  # the same turn again (a clock's frame): answered already
            return None
        self._last_turn = key
        return frame

    def acted(self, hand: int) -> None:
        """The bot answered its turn in ``hand``."""
        self._acted_in.add(hand)


class Client:
    """One bot's connection to the server at ``url`` (``http://host:port``)."""

    def __init__(self, url: str, screen_name: str, password: str, *, timeout: float = 30) -> None:
        self.url = url.rstrip("/")
        self.screen_name = screen_name
        self.timeout = timeout
        self._cookies = http.cookiejar.CookieJar()
        self._http = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self._cookies))
        self._ids = itertools.count(1)
        self._session = secrets.token_hex(6)
        self._pending: deque[dict[str, Any]] = deque()
        self._login(password)
        parts = urlsplit(self.url)
        scheme = "wss" if parts.scheme == "https" else "ws"
        cookie = "; ".join(f"{c.name}={c.value}" for c in self._cookies)
        self._exit = ExitStack()
        self.ws: ClientConnection = self._exit.enter_context(
            connect(
                f"{scheme}://{parts.netloc}/ws",
                additional_headers={"Origin": self.url, "Cookie": cookie},
                open_timeout=timeout,
            )
        )
        welcome = self._receive()
        if welcome.get("type") != "welcome":
            raise BotError(str(welcome.get("code", "refused")), str(welcome.get("message", "")))
        self.welcome = welcome
        self.you: dict[str, Any] = {}
        self.hands_played = 0

    # -- HTTP: the session ------------------------------------------------------------------

    def _request(self, path: str, body: dict[str, Any] | None, csrf: str = "") -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data)
        request.add_header("Origin", self.url)
        if body is not None:
            request.add_header("Content-Type", "application/json")
            request.add_header("X-CSRF-Token", csrf)
        try:
            with self._http.open(request, timeout=self.timeout) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as error:
            try:
                detail = json.loads(error.read())
            except ValueError:
                detail = {}
            message = detail.get("error") or detail.get("message") or error.reason
            raise BotError(f"http_{error.code}", str(message)) from None

    def _login(self, password: str) -> None:
        csrf = self._request("/api/csrf", None)["csrf_token"]
        self._request("/api/login", {"screen_name": self.screen_name, "password": password}, csrf)

    # -- the socket -------------------------------------------------------------------------

    def _receive(self) -> dict[str, Any]:
        if self._pending:
            return self._pending.popleft()
        return self._read()

    def _read(self) -> dict[str, Any]:
        frame: dict[str, Any] = json.loads(self.ws.recv(timeout=self.timeout))
        if frame.get("you"):
            self.you = frame["you"]
        return frame

    def send(self, kind: str, **fields: Any) -> str:
        """Send one message of type ``kind``; its id."""
        command_id = f"bot-{self._session}-{next(self._ids)}"  # ids are unique per user
        self.ws.send(json.dumps({"v": 1, "type": kind, "id": command_id, **fields}))
        return command_id

    def request(self, kind: str, **fields: Any) -> dict[str, Any]:
        """Send a message and wait for its answer: the ``result``, or BotError."""
        command_id = self.send(kind, **fields)
        while True:
            frame = self._read()
            if frame.get("id") != command_id or frame["type"] not in ("ok", "error"):
                self._pending.append(frame)  # table frames that came first: kept for play()
            else:
                if frame["type"] == "error":
                    raise BotError(frame["code"], frame["message"])
                result: dict[str, Any] = frame.get("result") or {}
                return result

    def sit(self, table: str, buy_in: int) -> int:
        """Sit at ``table`` buying in for ``buy_in`` (cents); the seat (already seated: his)."""
        if self.welcome.get("seated") != table:
            result = self.request("sit", table=table, buy_in=buy_in)
            self.request("watch", table=table)
            return int(result["seat"])
        self.request("watch", table=table)
        return int(self.you.get("seat", 0))

    def play(
        self,
        table: str,
        on_turn: Callable[[TurnView], Answer],
        *,
        buy_in: int,
        hands: int = 10,
        leave: bool = True,
    ) -> int:
        """Sit at ``table`` and play until ``hands`` hands the bot acted in have ended.

        Returns the hands played: fewer when the bot can play no more (busted, or its seat
        gone). A refused action raises BotError with the server's words.
        """
        seat = self.sit(table, buy_in)
        follow = HandFollower(table, seat)
        while follow.played < hands and not follow.cannot_play:
            frame = follow.see(self._receive())
            if frame is None:
                continue
            state = frame["state"]
            legal = state["to_act"]["legal"]
            hand = int(state["hand"])
            view = self._view(table, hand, seat, state, frame.get("info") or {}, legal)
            answer = to_message(on_turn(view), legal)
            try:
                self.request("act", table=table, hand=hand, **answer)
            except BotError as error:
                if error.code not in ("not_your_turn", "stale"):  # the turn passed: the clock
                    raise
            follow.acted(hand)
        played = follow.played
        self.hands_played += played
        if leave:
            self.request("leave", table=table)
        return played

    def _view(
        self,
        table: str,
        hand: int,
        seat: int,
        state: dict[str, Any],
        info: dict[str, Any],
        legal: dict[str, Any],
    ) -> TurnView:
        seats = {s["seat"]: s for s in state.get("seats", ())}
        mine = seats.get(seat, {})
        pot = sum(p["amount"] for p in state.get("pots", ())) + sum(
            s.get("bet", 0) for s in seats.values()
        )
        return TurnView(
            table=table,
            hand=hand,
            seat=seat,
            cards=tuple(self.you.get("cards") or ()),
            board=tuple(state.get("board", ())),
            pot=pot,
            stack=int(mine.get("stack", 0)),
            legal=legal,
            state=state,
            info=info,
        )

    def close(self) -> None:
        """Close the socket."""
        self._exit.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
