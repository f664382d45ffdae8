"""A real server process (uvicorn on a loopback port), on SQLite and PostgreSQL: a new data
folder, registration, login, a cashier's deposit, a restart that finds everything, and kill -9
in the middle of a burst of deposits with the books balanced after the restart."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest
from _api import registration
from _process import ServerProcess, Visitor, croupier

from croupier.room.cash.ledger import Account, EntryKind
from croupier.server.demo import read_demo_accounts
from croupier.server.storage import Store
from croupier.server.storage.reads import iter_entries
from croupier.server.tables.demo import DEMO_BOT_CHIPS, DEMO_BOTS

PASSWORD = "correct horse battery"


@pytest.fixture
def server(database_url: str, tmp_path: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path / "data", database_url)
    try:
        yield process
    finally:
        process.kill()


def _check(server: ServerProcess) -> dict[str, object]:
    result = croupier("db", "check", "--database", server.database, "--json")
    assert result.returncode == 0, result.stdout + result.stderr
    report: dict[str, object] = json.loads(result.stdout)
    return report


def test_a_room_that_keeps_everything_across_a_restart(server: ServerProcess) -> None:
    printed = server.start()
    assert f"croupier is serving {server.url}" in printed
    assert "demo staff" in printed
    [admin] = [a for a in read_demo_accounts(server.data) if a.role == "admin"]
    assert admin.password in printed  # printed once, when the accounts are made
    assert (server.data / "session-secret").stat().st_mode & 0o777 == 0o600

    ann = Visitor(server)
    joined = ann.post("/api/register", registration("ann", password=PASSWORD))
    assert joined.status_code == 201, joined.text
    demo_chips = joined.json()["balance"]
    assert demo_chips > 0
    made = croupier(
        "admin", "create-user", "cash1", "--role", "cashier", "--password-stdin",
        "--data", str(server.data), "--database", server.database, stdin=PASSWORD + "\n",
    )  # fmt: skip
    assert made.returncode == 0, made.stderr  # while the server runs
    cashier = Visitor(server)
    assert cashier.post("/api/login", {"screen_name": "cash1", "password": PASSWORD}).is_success
    paid = cashier.post("/api/cashier/deposit", {"screen_name": "ann", "amount": 5_000})
    assert paid.json()["balance"] == demo_chips + 5_000
    assert ann.get("/api/me").json()["balance"] == demo_chips + 5_000
    lines = ann.get("/api/me/ledger").json()["lines"]
    cookie = ann.client.cookies["croupier_session"]

    assert server.stop() == 0
    again = server.start()
    assert "demo staff" in again  # the demo accounts are named again, not made again...
    second = again.rsplit("croupier stopped", 1)[-1]  # the log holds both starts
    assert "demo staff" in second and admin.password not in second  # the passwords stay in
    # their file (service logs keep what a server prints)
    back = Visitor(server)
    back.client.cookies.set("croupier_session", cookie)
    me = back.get("/api/me").json()
    assert (me["user"]["screen_name"], me["balance"]) == ("ann", demo_chips + 5_000)
    assert back.get("/api/me/ledger").json()["lines"] == lines
    fresh = Visitor(server)
    assert fresh.post("/api/login", {"screen_name": "ann", "password": PASSWORD}).is_success
    for visitor in (ann, cashier, back, fresh):
        visitor.close()
    report = _check(server)
    assert report["ledger_balanced"] is True
    assert report["deposited"] == demo_chips + 5_000 + DEMO_BOT_CHIPS * len(DEMO_BOTS)


async def _burst(
    server: ServerProcess, csrf: str, cookies: httpx2.Cookies
) -> tuple[dict[int, tuple[str, int]], int]:
    """Send 400 deposits, 16 at a time; kill -9 the server once 60 are answered. Returns the
    answered deposits (entry number -> player, amount) and how many got no answer."""
    rng = random.Random(5)
    answered: dict[int, tuple[str, int]] = {}
    lost = 0
    gate = asyncio.Semaphore(16)
    headers = {"Origin": server.url, "X-CSRF-Token": csrf}
    async with httpx2.AsyncClient(base_url=server.url, cookies=cookies, timeout=30) as client:

        async def one(player: str, amount: int) -> None:
            nonlocal lost
            async with gate:
                try:
                    response = await client.post(
                        "/api/cashier/deposit",
                        json={"screen_name": player, "amount": amount},
                        headers=headers,
                    )
                except httpx2.TransportError:
                    lost += 1
                    return
            assert response.status_code == 200, response.text
            answered[response.json()["entry"]] = (player, amount)
            if len(answered) == 60:
                server.kill()

        await asyncio.gather(
            *(one(rng.choice(["ann", "bob"]), rng.randint(1, 100_000)) for _ in range(400))
        )
    return answered, lost


def test_kill_9_during_a_burst_of_deposits_loses_nothing_answered(server: ServerProcess) -> None:
    server.start()
    for name in ("ann", "bob"):
        visitor = Visitor(server)
        assert visitor.post("/api/register", registration(name, password=PASSWORD)).is_success
        visitor.close()
    [cashier] = [a for a in read_demo_accounts(server.data) if a.role == "cashier"]
    desk = Visitor(server)
    login = {"screen_name": cashier.screen_name, "password": cashier.password}
    assert desk.post("/api/login", login).is_success
    answered, lost = asyncio.run(_burst(server, desk.csrf, desk.client.cookies))
    desk.close()
    assert len(answered) >= 60
    assert lost > 0  # the kill came in the middle of the burst

    server.start()
    report = _check(server)
    assert report["ledger_balanced"] is True
    store = Store(server.database, migrate=False)
    try:
        entries = {e.number: e for e in store.read_blocking(lambda c: list(iter_entries(c)))}
    finally:
        store.close()
    for number, (player, amount) in answered.items():  # every answered deposit is there
        entry = entries[number]
        assert entry.kind is EntryKind.DEPOSIT
        assert dict(entry.postings)[Account.cashier(player)] == amount
    assert sorted(entries) == list(range(1, len(entries) + 1))
    for name in ("ann", "bob"):
        visitor = Visitor(server)
        assert visitor.post("/api/login", {"screen_name": name, "password": PASSWORD}).is_success
        stored = sum(
            amount
            for e in entries.values()
            for account, amount in e.postings
            if account == Account.cashier(name)
        )
        assert visitor.get("/api/me").json()["balance"] == stored
        visitor.close()
    assert server.stop() == 0
