"""``croupier bench server``: bot clients over real WebSockets on loopback, in this process,
against a server in its own process; how many hands and messages a second, and the time from
an action sent to its update received (p50, p99).

Each table is six-handed and full; every bot acts after ``think`` seconds on average (the
command's default 1 s: a busy table), or as soon as it is its turn (``think`` 0: the tables as
busy as the machine lets them be). The
clock starts once every bot is connected and a warm-up has passed. ``chips_conserved``: after
the run the stored ledger balances (every entry posted again through the domain's rules), the
room holds exactly what was deposited, and the room rebuilt from the database proves every
seat account against its table. ``server_cpu_ms_per_action``: the server process's CPU time
(all its threads) in the measured time, per action acknowledged in it.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import signal
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from croupier.bench.online import launch, play_crowd, prepare_room, table_specs
from croupier.server.check import check_database
from croupier.server.config import ServerConfig
from croupier.server.money import load_ledger
from croupier.server.storage import Store
from croupier.server.storage.reads import iter_entries
from croupier.server.tables.config import OnlineConfig
from croupier.server.tables.recovery import load_room

__all__ = ["BENCH_ONLINE", "run_bench"]

BENCH_ONLINE: dict[str, Any] = {
    "between_hands": 0.0,
    "disconnect_grace": 3600.0,
    "message_rates": {"connection": [1e6, 10**7], "user": [1e6, 10**7], "ip": [1e6, 10**7]},
    "max_sockets_per_address": 100_000,
}
"""The server's knobs for the bench: no pause between hands; the bots' one address is neither
rate-limited nor capped in sockets as a crowd of strangers behind one address would be."""


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds used by process ``pid`` (Linux /proc)."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


@contextmanager
def fresh_database(database: str | None) -> Iterator[str | None]:
    """The database to run on: SQLite in the work folder (None), or a new database made on
    the PostgreSQL server of ``database`` for this run and dropped after it."""
    if database is None:
        yield None
        return
    import psycopg
    from sqlalchemy.engine import make_url

    from croupier.server.storage.engine import database_url

    url = database_url(database)
    if url.get_backend_name() != "postgresql":
        yield database
        return
    admin = url.set(drivername="postgresql").render_as_string(hide_password=False)
    name = f"croupier_bench_{secrets.token_hex(6)}"
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    try:
        yield make_url(
            str(url.set(database=name).render_as_string(hide_password=False))
        ).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def run_bench(
    *,
    tables: int,
    seconds: float,
    database: str | None = None,
    think: float = 0.0,
    warmup: float = 3.0,
    workdir: Path | None = None,
    profile: Path | None = None,
) -> dict[str, Any]:
    """One run; returns its figures (PostgreSQL: on a new database made for the run).
    ``profile``: the server runs under cProfile, the statistics of its main thread's CPU in
    the measured time written there."""
    with fresh_database(database) as url:
        return _run(
            tables=tables,
            seconds=seconds,
            database=url,
            think=think,
            warmup=warmup,
            workdir=workdir,
            profile=profile,
        )


def _run(
    *,
    tables: int,
    seconds: float,
    database: str | None,
    think: float,
    warmup: float,
    workdir: Path | None,
    profile: Path | None,
) -> dict[str, Any]:
    base = Path(tempfile.mkdtemp(prefix="croupier-bench-")) if workdir is None else workdir
    data = base / "data"
    specs = table_specs(tables, 6)
    tokens = prepare_room(data, database, specs)
    seats = {p: (tokens[p], name) for name, _, _, players in specs for p in players}
    server = launch(data, database, BENCH_ONLINE, profile=profile)
    window: list[tuple[float, float]] = []  # (server, bots) CPU seconds as measuring starts, ends

    def mark() -> None:
        window.append((_cpu_seconds(server.process.pid), time.process_time()))
        if profile is not None:  # the profiler counts the measured time alone
            server.process.send_signal(signal.SIGUSR1)

    try:
        server_cpu = _cpu_seconds(server.process.pid)
        client_cpu = time.process_time()

        async def measured() -> Any:
            return await play_crowd(
                server.url, seats, seconds=seconds, think=think, warmup=warmup, mark=mark
            )

        started = time.perf_counter()
        crowd = asyncio.run(measured())
        elapsed = time.perf_counter() - started - warmup
        server_cpu = _cpu_seconds(server.process.pid) - server_cpu
        client_cpu = time.process_time() - client_cpu
    finally:
        server.stop()
    url = ServerConfig(data_dir=data, database=database).database_url
    conserved = _conserved(url)
    latencies = sorted(crowd.latencies)
    (server_start, bots_start), (server_end, bots_end) = window
    measured_server = server_end - server_start
    return {
        "tables": tables,
        "seconds": seconds,
        "think": think,
        "database": "postgresql" if url.startswith("postgresql") else "sqlite",
        "hands_per_s": round(len(crowd.ended) / seconds, 2),
        "actions_per_s": round(len(latencies) / seconds, 1),
        "messages_per_s": round(crowd.frames / seconds, 1),
        "p50_ms": round(_quantile(latencies, 0.5) * 1000, 2),
        "p99_ms": round(_quantile(latencies, 0.99) * 1000, 2),
        "chips_conserved": conserved,
        "errors": len(crowd.errors),
        "server_cpu_s": round(server_cpu, 2),
        "client_cpu_s": round(client_cpu, 2),
        "measured_server_cpu_s": round(measured_server, 2),
        "measured_client_cpu_s": round(bots_end - bots_start, 2),
        "server_cpu_ms_per_action": round(measured_server * 1000 / len(latencies), 3)
        if latencies
        else None,
        "load_average": round(os.getloadavg()[0], 2),
        "wall_s": round(elapsed + warmup, 2),
    }


def _quantile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[round(q * 100) - 1]


def _conserved(url: str) -> bool:
    store = Store(url)
    try:
        report = check_database(store)
        ledger = store.read_blocking(lambda c: load_ledger(iter_entries(c)))
        totals = ledger.audit()
        room = load_room(store, ledger, OnlineConfig()).room
        room.check()
        return bool(report["ledger_balanced"]) and totals.balanced
    finally:
        store.close()
