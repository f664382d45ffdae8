"""One client connection: a small state machine between the socket and the room.

Each text frame from the client is checked in order (size, JSON, protocol version, the
message's schema, the rate limits), then applied once (command ids: a copy gets the first
answer) and answered: ``ok`` with the result or ``error`` with a code and a message; nothing is
changed by a refused message and no stack trace is ever sent. Frames for the client (its
tables' updates on its topics, answers, views) go out in order through one outbox; a table's
frames already sent (by sequence number) are not sent twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import re
from collections import deque
from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from croupier.errors import CroupierError
from croupier.server.protocol import client
from croupier.server.protocol.codes import ProtocolError, code_of
from croupier.server.pubsub import Lagged, PubSub, Subscription, Topic
from croupier.server.ratelimit import RateLimiter
from croupier.server.storage import Store
from croupier.server.tables.commands import Command
from croupier.server.tables.config import OnlineConfig
from croupier.server.tables.frames import dumps
from croupier.server.tables.histories import hand_history_by_number
from croupier.server.tables.service import CashTables
from croupier.server.textcheck import BadTextError, check_text, text_problem
from croupier.server.ws.dedupe import CommandMemory

__all__ = ["Connection", "Limits"]

_log = logging.getLogger("croupier.server.ws")
_HEAD = re.compile(r'^\{"v":1,"type":"(\w+)","table":"([^"]*)","seq":(\d+)')
_FLOOR = frozenset({"mute", "void_hand"})
_TOURNAMENT = frozenset({"register", "unregister", "tournament", "tournament_rebuy", "add_on"})
_ids = itertools.count(1)
_MAX_NESTING = 64
"""Brackets a message may hold: none needs more (a deep nesting is refused before parsing)."""


class Limits:
    """The rate limiters every connection of a server shares (keys: connection, user, ip)."""

    def __init__(self, config: OnlineConfig) -> None:
        self.messages = RateLimiter(config.message_rates)
        self.chat = RateLimiter(config.chat_rates)


class Connection:
    """A logged-in client's connection (transport-agnostic: the endpoint feeds it text and
    sends what :meth:`next_frame` gives)."""

    def __init__(
        self,
        *,
        tables: CashTables,
        store: Store,
        pubsub: PubSub,
        user: str,
        role: str,
        ip: str,
        limits: Limits,
        memory: CommandMemory,
        clock: Callable[[], float],
    ) -> None:
        self.id = next(_ids)
        self.tables = tables
        self.store = store
        self.pubsub = pubsub
        self._user = user
        self.role = role
        self.ip = ip
        self.limits = limits
        self.memory = memory
        self.clock = clock
        self.config = tables.config
        self.outbox: deque[str] = deque()
        self.outbox_bytes = 0
        self.on_overflow: Callable[[], None] | None = None
        """Called once if the outbox passes ``max_outbox_bytes`` (a client reading too slowly):
        the outbox is then emptied and nothing more is queued."""
        self.overflowed = False
        self._ready = asyncio.Event()
        self.last_seq: dict[str, int] = {}
        self.watching: set[str] = set()
        self.lobby = False
        self.sub: Subscription | None = None
        self._forward: asyncio.Task[None] | None = None
        self.closed = False

    @property
    def user(self) -> str:
        """The screen name of the connection's user."""
        return self._user

    # ---------------------------------------------------------------- opening
    async def open(self) -> None:
        """Subscribe to the user's own topic, say welcome, count him connected."""
        self.sub = await self.pubsub.subscribe(Topic.user(self.user), owner=self.user)
        self._forward = asyncio.create_task(self._forward_loop(), name=f"conn-{self.id}")
        room = self.tables.room
        self.push(
            dumps(
                {
                    "v": 1,
                    "type": "welcome",
                    "protocol": client.PROTOCOL_VERSION,
                    "user": self.user,
                    "role": self.role,
                    "balance": room.balance(self.user),
                    "seated": room.where(self.user) or self._in_tournament(),
                    "limits": {
                        "max_message_bytes": self.config.max_message_bytes,
                        "chat_max_chars": self.config.chat_max_chars,
                    },
                }
            )
        )
        self.tables.connected(self.user)

    def _in_tournament(self) -> str | None:
        tournaments = self.tables.tournaments
        return None if tournaments is None else tournaments.where(self.user)

    async def close(self) -> None:
        """The socket closed: count him gone, stop listening."""
        if self.closed:
            return
        self.closed = True
        self.tables.disconnected(self.user)
        if self._forward is not None:
            self._forward.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._forward
        if self.sub is not None:
            await self.sub.close()
        self._ready.set()

    # --------------------------------------------------------------- outgoing
    def push(self, text: str) -> None:
        """Queue a frame for the client (none once the outbox overflowed)."""
        if self.overflowed:
            return
        self.outbox.append(text)
        self.outbox_bytes += len(text)
        if self.outbox_bytes > self.config.max_outbox_bytes:  # recounted: a reader may have
            self.outbox_bytes = sum(len(t) for t in self.outbox)  # taken frames directly
        if self.outbox_bytes > self.config.max_outbox_bytes:
            self.overflowed = True
            self.outbox.clear()
            self.outbox_bytes = 0
            if self.on_overflow is not None:
                self.on_overflow()
        self._ready.set()

    async def next_frame(self) -> str | None:
        """The next frame to send (None once closed); a table's frame already sent is
        skipped."""
        while True:
            while self.outbox:
                text = self.outbox.popleft()
                self.outbox_bytes -= len(text)
                if self._fresh(text):
                    return text
            if self.closed:
                return None
            self._ready.clear()
            await self._ready.wait()

    def _fresh(self, text: str) -> bool:
        head = _HEAD.match(text)
        if head is None:
            return True
        kind, table, seq = head.group(1), head.group(2), int(head.group(3))
        last = self.last_seq.get(table, -1)
        if kind in ("update", "chat"):
            if seq <= last:
                return False
            self.last_seq[table] = seq
        elif kind == "table":
            self.last_seq[table] = max(last, seq)
        return True

    async def _forward_loop(self) -> None:
        sub = self.sub
        assert sub is not None
        while True:
            try:
                message = await sub.get()
            except Lagged:  # fell behind: what was dropped comes from the tables again
                for table in sorted(self.watching | self._seated()):
                    self._watch(table, self.last_seq.get(table))
                continue
            except Exception:
                return
            self.push(message.data)

    def _seated(self) -> set[str]:
        where = self.tables.room.where(self.user)
        return set() if where is None else {where}

    # --------------------------------------------------------------- incoming
    async def receive(self, text: str) -> None:
        """Handle one text frame from the client."""
        command_id = None
        try:
            limit = self.config.max_message_bytes
            size = len(text)
            if size > limit or (size * 4 > limit and len(text.encode("utf-8", "replace")) > limit):
                raise ProtocolError(
                    "too_large",
                    f"a message is at most {limit} bytes; this one has {size} characters",
                )
            data = _parse(text)
            command_id = data.get("id") if isinstance(data.get("id"), str) else None
            if len(command_id or "") > 64 or (command_id and text_problem(command_id)):
                command_id = None
            try:
                check_text(data)
            except BadTextError as error:
                raise ProtocolError("bad_text", str(error)) from None
            version = data.get("v")
            if type(version) is not int or version != client.PROTOCOL_VERSION:
                raise ProtocolError(
                    "bad_version",
                    f"protocol version {data.get('v')!r}: this server speaks"
                    f' {{"v": {client.PROTOCOL_VERSION}}}',
                )
            try:
                message = client.client_message.validate_python(data)
            except ValidationError as error:
                raise ProtocolError("bad_message", _describe(error)) from None
            self._check_rate(message)
        except ProtocolError as error:
            self.push(_error(command_id, error))
            return
        await self._once(message)

    def _check_rate(self, message: Any) -> None:
        now = self.clock()
        decision = self.limits.messages.check(now, connection=self.id, user=self.user, ip=self.ip)
        if decision.allowed and isinstance(message, client.Chat):
            decision = self.limits.chat.check(now, connection=self.id, user=self.user, ip=self.ip)
        if not decision.allowed:
            what = "chat lines" if isinstance(message, client.Chat) else "messages"
            raise ProtocolError(
                "rate_limited",
                f"too many {what} ({decision.scope} limit): wait {decision.retry_after:.2f} s",
                retry_after=round(decision.retry_after, 3),
            )

    async def _once(self, message: Any) -> None:
        """Apply ``message`` once: a command id seen before gets the same answer again."""
        known = self.memory.seen(self.user, message.id)
        if known is not None:
            self.push(await asyncio.shield(known))
            return
        answer = self.memory.begin(self.user, message.id)
        try:
            result = await self._apply(message)
            text = dumps({"v": 1, "type": "ok", "id": message.id, "result": result})
        except CroupierError as error:
            text = _error(message.id, error)
        except Exception:
            _log.exception("message %s of %s failed", message.type, self.user)
            text = _error(message.id, ProtocolError("internal", "internal error: nothing was done"))
        if not answer.done():
            answer.set_result(text)
        self.push(text)

    async def _apply(self, message: Any) -> dict[str, Any]:
        kind = message.type
        tables = self.tables
        if kind in _FLOOR and self.role not in (
            "floor",
            "admin",
        ):  # the admin does what the floor does
            raise ProtocolError(
                "forbidden", f"{kind} is a floor command: {self.user} is {self.role}"
            )
        if kind == "ping":
            return {"pong": True}
        if kind == "lobby":
            await self._lobby(message.watch)
            tournaments = tables.tournaments
            return {
                "tables": tables.lobby(),
                "tournaments": [] if tournaments is None else tournaments.lobby(),
            }
        if kind in _TOURNAMENT:
            if tables.tournaments is None:
                raise ProtocolError("not_found", "this server runs no tournaments")
            return await tables.tournaments.handle(self, message)  # type: ignore[no-any-return]
        if kind == "watch":
            tables.actor(message.table)
            await self._subscribe(message.table)
            return await self._watch(message.table, message.since)
        if kind == "unwatch":
            tables.actor(message.table)
            self.watching.discard(message.table)
            if self.sub is not None:
                await self.sub.remove(Topic.table(message.table))
            return {}
        if kind == "history":
            tables.actor(message.table)
            return await hand_history_by_number(
                self.store,
                message.table,
                message.hand,
                player=self.user,
                role=self.role,
                live_cards=self.config.floor_sees_live_cards,
            )
        if kind == "join_waiting_list":
            return await tables.join_waiting_list(self.user, message)
        if kind == "leave_waiting_list":
            return await tables.leave_waiting_list(self.user)
        if kind == "claim":
            return await tables.claim(self.user)
        if kind == "mute":
            return await tables.mute(message, by=self.user)
        actor = tables.actor(message.table)
        return await actor.submit(Command(kind, player=self.user, message=message))

    async def _lobby(self, watch: bool) -> None:
        if self.sub is None:
            return
        if watch and not self.lobby:
            await self.sub.add(Topic.lobby())
        elif not watch and self.lobby:
            await self.sub.remove(Topic.lobby())
        self.lobby = watch

    async def _subscribe(self, table: str) -> None:
        if table not in self.watching and self.sub is not None:
            await self.sub.add(Topic.table(table))
        self.watching.add(table)

    def _watch(self, table: str, since: int | None) -> asyncio.Future[dict[str, Any]]:
        actor = self.tables.actor(table)
        return actor.submit(Command("watch", player=self.user, viewer=self, since=since))


def _parse(text: str) -> dict[str, Any]:
    if text.count("[") + text.count("{") > _MAX_NESTING:
        raise ProtocolError("bad_message", f"more than {_MAX_NESTING} brackets: not a message")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError(
            "bad_message", f"not JSON: {text[:60]!r}" + ("..." if len(text) > 60 else "")
        ) from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", f"a message is a JSON object, not {type(data).__name__}")
    return data


def _describe(error: ValidationError) -> str:
    parts = []
    for item in error.errors(include_url=False)[:3]:
        where = ".".join(str(p) for p in item["loc"]) or "message"
        text = f"{where}: {item['msg']}"
        if item["type"] == "union_tag_invalid":
            text = (
                f"unknown message type {item.get('input', {}).get('type')!r}"
                if isinstance(item.get("input"), dict)
                else text
            )
        elif "input" in item and item["type"] not in ("missing",):
            text += f" (got {repr(item['input'])[:40]})"
        parts.append(text)
    return "; ".join(parts)


def _error(command_id: str | None, error: CroupierError) -> str:
    frame: dict[str, Any] = {
        "v": 1,
        "type": "error",
        "id": command_id,
        "code": code_of(error),
        "message": str(error),
    }
    retry = getattr(error, "retry_after", None)
    if retry is not None:
        frame["retry_after"] = retry
    return dumps(frame)
