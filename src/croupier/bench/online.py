"""A crowd of bot clients against a real server: the room prepared on a new database, the
server launched in its own process, and bots that play over real WebSockets on loopback.

Used by ``croupier bench server`` (speed) and ``croupier bench crash`` (kill -9 and recovery).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

from croupier.rules import casino_fr, pokerkings
from croupier.rules.model import Rules
from croupier.server.config import ServerConfig, load_or_create_secret, prepare_data_dir
from croupier.server.money import MoneyDesk
from croupier.server.room_rules import ROOM_RULES_VERSION
from croupier.server.security import Passwords, new_token, token_hash
from croupier.server.storage import Record, Store
from croupier.server.storage.records import NewUser, OpenSession
from croupier.server.storage.types import utc_now
from croupier.server.tables.demo import open_tables

__all__ = [
    "Crowd",
    "Launched",
    "free_port",
    "launch",
    "play_crowd",
    "prepare_room",
    "table_specs",
]


def free_port() -> int:
    """A loopback port nobody listens on (now)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def table_specs(tables: int, seats: int) -> list[tuple[str, Rules, int, tuple[str, ...]]]:
    """``tables`` tables, casino-fr no-limit 1/2 and pokerkings 1-2 in turn, each full with
    ``seats`` players ``t{n}p{k}``."""
    specs = []
    for n in range(1, tables + 1):
        rules = casino_fr("no-limit", 100, 200) if n % 2 else pokerkings(100, 200, euro=100)
        players = tuple(f"t{n}p{k}" for k in range(1, seats + 1))
        specs.append((f"t{n}", rules, seats, players))
    return specs


def prepare_room(
    data_dir: Path,
    database: str | None,
    specs: list[tuple[str, Rules, int, tuple[str, ...]]],
    *,
    deposit: int = 1_000_000,
    watchers: tuple[str, ...] = ("watcher",),
) -> dict[str, str]:
    """A new database with the players' accounts, their sessions (returns each one's cookie
    token), their play money, and the tables with the players seated."""
    config = ServerConfig(data_dir=data_dir, database=database, demo=False)
    prepare_data_dir(data_dir)
    secret = load_or_create_secret(data_dir)
    store = Store(config.database_url)
    try:
        password_hash = Passwords(time_cost=1, memory_kib=1024).hash(secrets.token_hex(16))
        now = utc_now()
        records: list[Record] = []
        tokens = {}
        names = [p for *_, players in specs for p in players] + list(watchers)
        for name in names:
            records.append(
                NewUser(
                    screen_name=name,
                    full_name=f"Bench {name}",
                    date_of_birth=None,
                    adult_confirmed_at=now,
                    rules_version=ROOM_RULES_VERSION,
                    rules_accepted_at=now,
                    role="player",
                    password_hash=password_hash,
                    created_at=now,
                )
            )
            token = new_token()
            tokens[name] = token
            records.append(
                OpenSession(
                    token_hash=token_hash(secret, token),
                    user_id=None,
                    csrf_token=new_token(),
                    expires_at=now + timedelta(days=1),
                    created_at=now,
                    screen_name=name,
                )
            )
        store.write_blocking(records)
        money = MoneyDesk.load(store)
        open_tables(store, money, specs, config=config, deposit=deposit)
    finally:
        store.close()
    return tokens


@dataclass
class Launched:
    """A server process on a loopback port."""

    process: subprocess.Popen[bytes]
    port: int
    log: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def wait(self, timeout: float = 60.0) -> None:
        """Until ``/api/health`` answers (or fail with the server's log)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(f"{self.url}/api/health", timeout=1) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                pass
            time.sleep(0.05)
        self.kill()
        raise RuntimeError(f"the server did not answer in {timeout} s")

    def kill(self) -> None:
        """kill -9."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=30)

    def stop(self) -> int:
        """Ctrl-C's way, and wait."""
        if self.process.poll() is None:
            self.process.send_signal(2)
        return self.process.wait(timeout=60)


def launch(
    data_dir: Path,
    database: str | None,
    online: dict[str, Any],
    *,
    port: int | None = None,
    profile: Path | None = None,
) -> Launched:
    """Start ``python -m croupier.server.launch`` with these knobs (no demo); returns once
    it answers. ``profile``: run it under cProfile (:mod:`croupier.bench.profiled`: off
    until a first ``SIGUSR1``), its main thread's statistics written there when it stops."""
    port = free_port() if port is None else port
    config: dict[str, Any] = {
        "port": port,
        "data_dir": str(data_dir),
        "demo": False,
        "online": online,
    }
    if database is not None:
        config["database"] = database
    log = data_dir.parent / f"{data_dir.name}-server.log"
    with open(log, "ab") as out:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                *(
                    ("croupier.server.launch",)
                    if profile is None
                    else ("croupier.bench.profiled", str(profile))
                ),
                json.dumps(config),
            ],
            stdout=out,
            stderr=out,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
    launched = Launched(process, port, log)
    launched.wait()
    return launched


@dataclass
class Crowd:
    """What the bots saw and did."""

    frames: int = 0
    latencies: list[float] = field(default_factory=list)
    acks: list[tuple[str, int, int, str, int]] = field(default_factory=list)
    """Acknowledged actions: (table, hand, seat, kind, to)."""
    hands: set[tuple[str, int]] = field(default_factory=set)
    ended: set[tuple[str, int]] = field(default_factory=set)
    """Hands seen to end (their ``ended`` event)."""
    errors: list[str] = field(default_factory=list)
    connected: int = 0

    def reset(self) -> None:
        """Forget what was counted (after a warm-up)."""
        self.frames = 0
        self.latencies = []
        self.ended = set()


async def _bot(
    url: str,
    name: str,
    token: str,
    table: str,
    crowd: Crowd,
    stop: asyncio.Event,
    seed: int,
    rebuys: bool,
    think: float,
) -> None:
    from websockets.asyncio.client import connect

    rng = random.Random(seed)
    headers = {"Cookie": f"croupier_session={token}", "Origin": url}
    sent: dict[str, tuple[float, int, int]] = {}
    ids = 0
    seat = None
    waiting = False
    waiting_since = 0.0
    measuring = False
    state: dict[str, Any] | None = None
    try:
        async with connect(
            url.replace("http", "ws", 1) + "/ws",
            additional_headers=headers,
            compression=None,
            max_size=2**20,
            open_timeout=30,
            ping_interval=None,
        ) as ws:
            await ws.send(json.dumps({"v": 1, "type": "watch", "id": f"{name}-w", "table": table}))
            crowd.connected += 1
            while not stop.is_set():
                try:
                    text = await asyncio.wait_for(ws.recv(), timeout=0.5)
                except TimeoutError:
                    continue
                crowd.frames += 1
                frame = json.loads(text)
                kind = frame["type"]
                if kind == "ok" and frame["id"] in sent:
                    _, hand, my_seat = sent.pop(frame["id"])
                    move = frame["result"]["move"]
                    crowd.acks.append((table, hand, my_seat, move["kind"], move["to"]))
                    waiting = False  # answered (after its update): free to act again
                elif kind == "error":
                    sent.pop(frame.get("id") or "", None)
                    crowd.errors.append(frame["message"][:200])
                    waiting = False
                elif kind in ("update", "table"):
                    you = frame.get("you")
                    if you is not None:
                        seat = you["seat"]
                    state = frame["state"]
                    if state["hand"] is not None:
                        crowd.hands.add((table, state["hand"]))
                    if kind == "update":
                        for event in frame["events"]:
                            if event["type"] == "ended":
                                crowd.ended.add((table, frame["hand"]))
                    if measuring and kind == "update":
                        for event in frame["events"]:
                            if event["type"] in _MOVES and event["seat"] == seat:
                                crowd.latencies.append(time.perf_counter() - waiting_since)
                                measuring = False
                                break
                else:
                    continue
                assert state is not None
                if kind == "update" and state["hand"] is None and seat is not None and rebuys:
                    mine = next((x for x in state["seats"] if x["seat"] == seat), None)
                    if mine is not None and mine["stack"] < 20_000 and rng.random() < 0.5:
                        ids += 1  # a buy-in between hands (refused once a hand is dealt)
                        await ws.send(
                            json.dumps(
                                {
                                    "v": 1,
                                    "type": "rebuy",
                                    "id": f"{name}-{seed}-{ids}",
                                    "table": table,
                                    "amount": 5_000,
                                }
                            )
                        )
                turn = None if state is None else state["to_act"]
                if turn is None or turn["player"] != name or waiting or seat is None:
                    continue
                assert state is not None
                action, amount = _choose(rng, turn["legal"])
                ids += 1
                command = f"{name}-{seed}-{ids}"  # unique per run: the server remembers ids
                message: dict[str, Any] = {
                    "v": 1,
                    "type": "act",
                    "id": command,
                    "table": table,
                    "hand": state["hand"],
                    "action": action,
                }
                if amount is not None:
                    message["amount"] = amount
                if think:
                    await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
                waiting_since = time.perf_counter()
                waiting = measuring = True
                sent[command] = (waiting_since, state["hand"], seat)
                await ws.send(json.dumps(message))
    except Exception as error:  # the server was killed, or went away
        if not stop.is_set():
            crowd.errors.append(f"{name}: {type(error).__name__}")


_MOVES = frozenset({"acted", "shown", "mucked"})


def _choose(rng: random.Random, legal: dict[str, Any]) -> tuple[str, int | None]:
    if legal["show"] or legal["muck"]:
        return ("show" if legal["show"] else "muck"), None
    roll = rng.random()
    if roll < 0.12 and not legal["check"]:
        return "fold", None
    if roll < 0.22 and legal["can_raise"]:
        return "raise", legal["min_raise_to"]
    return ("check" if legal["check"] else "call"), None


async def play_crowd(
    url: str,
    seats: dict[str, tuple[str, str]],
    *,
    seconds: float,
    seed: int = 1,
    rebuys: bool = False,
    think: float = 0.0,
    warmup: float = 0.0,
    mark: Callable[[], None] | None = None,
    crowd: Crowd | None = None,
) -> Crowd:
    """Every player (name -> (token, table)) plays for ``seconds`` (``rebuys``: and buys
    chips between hands when short; ``think``: seconds, on average, before each action).
    With a ``warmup``, the bots connect and play that long before anything is counted.
    ``mark`` is called as the measured time starts and as it ends; ``crowd``: where to count
    (to look at it while they play)."""
    crowd = Crowd() if crowd is None else crowd
    stop = asyncio.Event()
    tasks = [
        asyncio.create_task(
            _bot(url, name, token, table, crowd, stop, seed * 7919 + i, rebuys, think)
        )
        for i, (name, (token, table)) in enumerate(sorted(seats.items()))
    ]
    if warmup:
        deadline = time.monotonic() + 120
        while crowd.connected < len(tasks) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        await asyncio.sleep(warmup)
        crowd.reset()
    if mark is not None:
        mark()
    await asyncio.sleep(seconds)
    if mark is not None:
        mark()
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    return crowd
