"""``croupier bench outage``: stop a real PostgreSQL under a running server while bot clients
play over WebSockets, start it again, several times, and check that the room came through:

- while the database is down, ``/api/health`` answers 503 ``unavailable``, a player's
  ``/api/hands`` 503 ``database_unavailable`` (never a 500), and no new hand reaches any
  client;
- once it is back, the server says ``ok`` again by itself (no restart) and the hands go on;
- the ledger balances, nothing was created or lost, every action a client was told was taken
  is in the stored hand, every table's chips in the view are the ledger's;
- stopped and started again, the server starts (no hole in the stored ledger) and the same
  checks hold.

The database is a private PostgreSQL (:class:`~croupier.bench.private_pg.PrivatePostgres`),
never a shared one.
"""

from __future__ import annotations

import asyncio
import json
import tempfile
import time
import urllib.error
import urllib.request
from datetime import datetime
from pathlib import Path
from typing import Any

from croupier.bench.crash import ONLINE, _check, _deposited
from croupier.bench.online import Crowd, launch, play_crowd, prepare_room, table_specs
from croupier.bench.private_pg import PrivatePostgres
from croupier.server.storage.types import utc_now

__all__ = ["health", "run_outages"]


def health(url: str) -> tuple[int, dict[str, Any]]:
    """``GET /api/health``: its status code and its answer."""
    try:
        with urllib.request.urlopen(f"{url}/api/health", timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read())


def _get(url: str, path: str, token: str) -> tuple[int, dict[str, Any]]:
    """``GET path`` with a session cookie: its status code and its JSON answer."""
    request = urllib.request.Request(url + path, headers={"Cookie": f"croupier_session={token}"})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read())


def _wait_for(url: str, status: str, timeout: float) -> float:
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        if health(url)[1]["status"] == status:
            return time.monotonic() - started
        time.sleep(0.1)
    raise AssertionError(f"the server did not say {status!r} within {timeout} s: {health(url)}")


def run_outages(
    *,
    outages: int = 3,
    down: float = 15.0,
    play: float = 2.0,
    tables: int = 2,
    seats: int = 4,
    workdir: Path | None = None,
    log: Any = None,
) -> dict[str, Any]:
    """Play, stop PostgreSQL for ``down`` seconds, start it, ``outages`` times; then restart the
    server; returns a report (raises ``AssertionError`` at the first check that fails)."""
    base = Path(tempfile.mkdtemp(prefix="croupier-outage-")) if workdir is None else workdir
    data = base / "data"
    postgres = PrivatePostgres()
    try:
        postgres.start()
        url = postgres.url
        specs = table_specs(tables, seats)
        tokens = prepare_room(data, url, specs)
        seats_of = {p: (tokens[p], name) for name, _, _, players in specs for p in players}
        names = [s[0] for s in specs]
        deposited = _deposited(url)
        acked: list[tuple[str, int, int, str, int]] = []
        report: dict[str, Any] = {"outages": outages, "down_seconds": down, "noticed_after": []}
        report["resumed_after"] = []
        hands = 0
        server = launch(data, url, ONLINE)
        try:
            for n in range(outages):
                crowd, noticed, resumed = asyncio.run(
                    _one_outage(
                        server.url,
                        seats_of,
                        postgres,
                        down=down,
                        play=play,
                        seed=n,
                        token=tokens["watcher"],
                    )
                )
                acked.extend(crowd.acks)
                hands += len(crowd.ended)
                report["noticed_after"].append(round(noticed, 2))
                report["resumed_after"].append(round(resumed, 2))
                if log is not None:
                    log(f"outage {n + 1}/{outages}: {len(crowd.acks)} actions acknowledged")
            _check(url, server.url, tokens["watcher"], names, acked, deposited)
            server.stop()
        finally:
            server.kill()
        again = launch(data, url, ONLINE)  # a clean restart: the stored ledger has no hole
        try:
            _check(url, again.url, tokens["watcher"], names, acked, deposited)
            report["restarted"] = health(again.url)[1]["status"]
        finally:
            again.stop()
        report["actions_acknowledged"] = len(acked)
        report["hands_ended"] = hands
        return report
    finally:
        postgres.remove()


async def _one_outage(
    url: str,
    seats_of: dict[str, tuple[str, str]],
    postgres: PrivatePostgres,
    *,
    down: float,
    play: float,
    seed: int,
    token: str,
) -> tuple[Crowd, float, float]:
    """Play ``play`` s, stop the database ``down`` s, start it, play ``play`` s more."""
    crowd = Crowd()
    crowd_task = asyncio.create_task(
        play_crowd(url, seats_of, seconds=play * 2 + down + 5, seed=seed, rebuys=True, crowd=crowd)
    )
    await asyncio.sleep(play)
    before = await asyncio.to_thread(_hands_stored, postgres.url)
    await asyncio.to_thread(postgres.stop)
    stopped = time.monotonic()
    noticed = await asyncio.to_thread(_wait_for, url, "unavailable", 10.0)
    status, answer = await asyncio.to_thread(health, url)
    assert status == 503 and answer["database_state"]["state"] == "unavailable", answer
    code, body = await asyncio.to_thread(_get, url, "/api/hands", token)
    assert code == 503 and body["error"] == "database_unavailable", (code, body)
    # what the server holds in memory is still served to a player it saw logged in (over his
    # socket before the outage): the lobby's tables
    player_token = next(iter(seats_of.values()))[0]
    code, body = await asyncio.to_thread(_get, url, "/api/lobby", player_token)
    assert code == 200 and body.get("tables"), (code, body)
    await asyncio.sleep(min(0.5, down / 4))  # a hand's first frame already on its way
    seen = set(crowd.hands)
    down_from = utc_now()  # a hand dealt as it stopped may start until it is noticed
    await asyncio.sleep(max(0.0, down - (time.monotonic() - stopped)))
    dealt = crowd.hands - seen
    assert not dealt, f"hands that reached a client while the database was down: {dealt}"
    down_until = utc_now()
    await asyncio.to_thread(postgres.start)
    resumed = await asyncio.to_thread(_wait_for, url, "ok", 30.0)
    await crowd_task
    after = await asyncio.to_thread(_hands_stored, postgres.url)
    assert after[0] > before[0], f"no hand was played after the database came back: {after}"
    started = await asyncio.to_thread(_hands_started, postgres.url, down_from, down_until)
    assert started == 0, f"{started} hands were dealt while the database was down"
    return crowd, noticed, resumed


def _hands_started(url: str, since: datetime, until: datetime) -> int:
    """How many stored hands were dealt between ``since`` and ``until``."""
    import sqlalchemy as sa

    from croupier.server.storage.schema import hands

    engine = sa.create_engine(url)
    try:
        with engine.connect() as connection:
            query = sa.select(sa.func.count()).where(
                hands.c.started_at >= since, hands.c.started_at < until
            )
            return int(connection.execute(query).scalar() or 0)
    finally:
        engine.dispose()


def _hands_stored(url: str) -> tuple[int, int]:
    """How many hands are stored, and how many of them ended."""
    import sqlalchemy as sa

    engine = sa.create_engine(url)
    try:
        with engine.connect() as connection:
            total = connection.exec_driver_sql("SELECT count(*) FROM hands").scalar()
            ended = connection.exec_driver_sql(
                "SELECT count(*) FROM hands WHERE ended_at IS NOT NULL"
            ).scalar()
    finally:
        engine.dispose()
    return int(total or 0), int(ended or 0)
