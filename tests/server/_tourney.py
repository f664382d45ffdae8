"""An in-process room online on the real clock for the tournaments' tests: services and the
room started in the test's loop, clients as :class:`Connection` objects fed text."""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from _api import make_config

from croupier.server.config import ServerConfig
from croupier.server.online import Online, start_online
from croupier.server.ratelimit import Rate
from croupier.server.services import Services, start_services
from croupier.server.storage.records import WriteEntry
from croupier.server.tables.config import OnlineConfig
from croupier.server.ws.connection import Connection

GENEROUS = {
    "connection": Rate(1000, 100_000),
    "user": Rate(1000, 100_000),
    "ip": Rate(1000, 100_000),
}
FAST = {
    "demo_tables": False,
    "message_rates": GENEROUS,
    "between_hands": 0.0,
    "disconnect_grace": 0.05,
    "lobby_interval": 0.02,
    "bot_think": (0.0, 0.0),
    "sng_bots_after": 0.1,
    "tournament_tick": 0.05,
    "showdown_seconds": 0.2,
    "rebuy_answer_seconds": 0.3,
    "max_outbox_bytes": 1 << 31,  # the tests' clients read when the test looks
}
_IDS = itertools.count(1)


def fast_config(database_url: str, data: Path, **online: Any) -> ServerConfig:
    """A test configuration: quick pauses, bots that do not think, short waits."""
    return make_config(database_url, data, online=OnlineConfig(**{**FAST, **online}))


@dataclass
class Player:
    """A client connection and every frame it was sent."""

    room: Room
    connection: Connection
    frames: list[dict[str, Any]] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.connection.user

    def drain(self) -> list[dict[str, Any]]:
        out = []
        conn = self.connection
        while conn.outbox:
            text = conn.outbox.popleft()
            if conn._fresh(text):
                frame = json.loads(text)
                self.frames.append(frame)
                out.append(frame)
        return out

    async def send(self, kind: str, **fields: Any) -> dict[str, Any]:
        command_id = f"c{next(_IDS)}"
        await self.connection.receive(
            json.dumps({"v": 1, "type": kind, "id": command_id, **fields})
        )
        for _ in range(2000):
            self.drain()
            for frame in reversed(self.frames):
                if frame["type"] in ("ok", "error") and frame.get("id") == command_id:
                    return frame
            await asyncio.sleep(0.005)
        raise AssertionError(f"no answer to {kind}")

    async def ok(self, kind: str, **fields: Any) -> dict[str, Any]:
        answer = await self.send(kind, **fields)
        assert answer["type"] == "ok", answer
        result: dict[str, Any] = answer["result"]
        return result

    def of(self, kind: str) -> list[dict[str, Any]]:
        self.drain()
        return [f for f in self.frames if f["type"] == kind]

    async def close(self) -> None:
        await self.connection.close()

    async def autoplay(self, *, stop: Any, passive: bool = False) -> None:
        """Act whenever it is this player's turn (check, else call, else fold) until
        ``stop()``; a refused act (a stale turn) is ignored."""
        done: set[tuple[str, int, int]] = set()
        while not stop():
            self.drain()
            latest: dict[str, dict[str, Any]] = {}
            for frame in self.frames:
                if frame["type"] in ("table", "update") and frame.get("you"):
                    latest[frame["table"]] = frame
            for table, frame in latest.items():
                turn = frame["state"]["to_act"]
                if turn is None or turn["player"] != self.name:
                    continue
                key = (table, frame["state"]["hand"], frame["seq"])
                if key in done:
                    continue
                done.add(key)
                legal = turn["legal"]
                action = "check" if legal["check"] else "call" if legal["call"] else "fold"
                if passive and not legal["check"]:
                    action = "fold"
                if legal["show"]:
                    action = "show"
                await self.send("act", table=table, hand=frame["state"]["hand"], action=action)
            await asyncio.sleep(0.01)


@dataclass
class Room:
    services: Services
    online: Online

    async def connect(self, name: str, *, role: str = "player") -> Player:
        online = self.online
        connection = Connection(
            tables=online.tables,
            store=self.services.store,
            pubsub=online.pubsub,
            user=name,
            role=role,
            ip="10.0.0.1",
            limits=online.limits,
            memory=online.memory,
            clock=time.monotonic,
        )
        await connection.open()
        await asyncio.sleep(0)
        return Player(self, connection)

    @property
    def tournaments(self) -> Any:
        return self.online.tournaments

    async def until(self, check: Any, timeout: float = 20.0, step: float = 0.02) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if check():
                return
            await asyncio.sleep(step)
        raise AssertionError(f"timed out waiting for {check}")


@asynccontextmanager
async def tourney_room(
    config: ServerConfig, *, players: dict[str, int] | None = None
) -> AsyncIterator[Room]:
    """Services opened, players given money, the room online started on the real clock."""
    services = start_services(config)
    try:
        money = services.money
        made = [money.ledger.deposit(n, a, "test chips") for n, a in (players or {}).items()]
        services.store.write_blocking([WriteEntry(e) for e in made])
        online = await start_online(services)
        services.online = online
        try:
            yield Room(services, online)
        finally:
            await online.close()
            services.online = None
    finally:
        services.close()
