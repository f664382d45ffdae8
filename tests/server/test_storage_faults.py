"""A real server (``croupier serve`` on a loopback port, the demo room's bots playing) when its
storage fails under it: the disk of its SQLite data folder fills up (a small tmpfs), its
database file is removed, a second server is started on the same data folder.

What the room expects: the server says ``unavailable`` and refuses money operations with
``database_unavailable`` (nothing moves), resumes by itself once the disk has room, never
leaves a hole in the stored ledger, and starts again cleanly; one server per data folder."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest
from _api import registration
from _process import ServerProcess, Visitor, croupier

from croupier.server.demo import read_demo_accounts

PASSWORD = "correct horse battery"


def _sqlite(data: Path) -> str:
    return f"sqlite:///{data / 'croupier.db'}"


def _health(server: ServerProcess) -> tuple[int, dict[str, object]]:
    answer = httpx2.get(f"{server.url}/api/health", timeout=10)
    return answer.status_code, answer.json()


def _wait_for(server: ServerProcess, status: str, timeout: float = 30) -> dict[str, object]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        code, health = _health(server)
        if health["status"] == status:
            assert code == (503 if status == "unavailable" else 200)
            return health
        time.sleep(0.2)
    raise AssertionError(f"the server did not say {status!r}: {_health(server)}")


@pytest.fixture
def visitors() -> Iterator[list[Visitor]]:
    """Visitors to close at the end (their sockets)."""
    made: list[Visitor] = []
    yield made
    for visitor in made:
        visitor.close()


def _visitor(server: ServerProcess, made: list[Visitor]) -> Visitor:
    visitor = Visitor(server)
    made.append(visitor)
    return visitor


def _cashier(server: ServerProcess, made: list[Visitor]) -> Visitor:
    [cashier] = [a for a in read_demo_accounts(server.data) if a.role == "cashier"]
    desk = _visitor(server, made)
    login = {"screen_name": cashier.screen_name, "password": cashier.password}
    assert desk.post("/api/login", login).is_success
    return desk


def _deposit(desk: Visitor, name: str, amount: int) -> httpx2.Response:
    response: httpx2.Response = desk.post(
        "/api/cashier/deposit", {"screen_name": name, "amount": amount}
    )
    return response


def _db_check(database: str) -> str:
    result = croupier("db", "check", "--database", database, "--json")
    return result.stdout + result.stderr if result.returncode else ""


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 24 MB tmpfs (as root), unmounted after."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a small tmpfs needs root")
    disk = tmp_path / "disk"
    disk.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=24m", "tmpfs", str(disk)], check=True)
    try:
        yield disk
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)


def test_a_full_disk_stops_the_money_and_the_server_resumes_and_restarts(
    small_disk: Path, visitors: list[Visitor]
) -> None:
    data = small_disk / "data"
    server = ServerProcess(data, _sqlite(data))
    server.log = small_disk.parent / "server.log"
    try:
        server.start()
        ann = _visitor(server, visitors)
        assert ann.post("/api/register", registration("ann", password=PASSWORD)).is_success
        desk = _cashier(server, visitors)
        assert _deposit(desk, "ann", 500).is_success
        filler = small_disk / "filler"
        with open(filler, "wb") as out, pytest.raises(OSError, match="No space left"):
            while True:  # the bots' hands go on writing meanwhile
                out.write(b"\0" * 65536)
                out.flush()
        health = _wait_for(server, "unavailable")
        state = health["database_state"]
        assert isinstance(state, dict) and "full" in str(state["reason"])
        refused = _deposit(desk, "ann", 700)
        assert refused.status_code == 503
        assert refused.json()["error"] == "database_unavailable"
        assert "SQL" not in refused.json()["message"]
        filler.unlink()
        _wait_for(server, "ok")
        assert _deposit(desk, "ann", 900).is_success
        balance = ann.get("/api/me").json()
        server.kill()
        assert _db_check(server.database) == ""  # no hole, the books balance
        server.start()  # it starts again
        again = _visitor(server, visitors)
        login = {"screen_name": "ann", "password": PASSWORD}
        assert again.post("/api/login", login).is_success
        me = again.get("/api/me").json()
        assert me["balance"] == balance["balance"]  # 500 and 900 are there, 700 is not
    finally:
        server.kill()


def test_a_removed_database_file_makes_the_server_unavailable(
    tmp_path: Path, visitors: list[Visitor]
) -> None:
    data = tmp_path / "data"
    server = ServerProcess(data, _sqlite(data))
    try:
        server.start()
        desk = _cashier(server, visitors)
        ann = _visitor(server, visitors)
        assert ann.post("/api/register", registration("ann", password=PASSWORD)).is_success
        (data / "croupier.db").unlink()
        health = _wait_for(server, "unavailable", timeout=10)
        assert "removed" in str(health["database_state"])
        refused = _deposit(desk, "ann", 100)
        assert refused.status_code == 503
        assert refused.json()["error"] == "database_unavailable"
        bob = _visitor(server, visitors)
        joined = bob.post("/api/register", registration("bob", password=PASSWORD))
        assert joined.status_code == 503  # a newcomer's demo chips would vanish too
    finally:
        server.kill()


def test_a_second_server_on_the_same_data_folder_refuses_to_start(tmp_path: Path) -> None:
    data = tmp_path / "data"
    first = ServerProcess(data, _sqlite(data))
    try:
        first.start()
        assert first.process is not None
        second = croupier("serve", "--port", "0", "--data", str(data))
        assert second.returncode != 0
        said = second.stdout + second.stderr
        assert "in use by another croupier server" in said
        assert f"process {first.process.pid}" in said
        assert _health(first)[1]["status"] == "ok"  # the first one goes on
        first.stop()
        again = ServerProcess(data, _sqlite(data))  # once it stopped, the folder is free
        again.start()
        again.kill()
    finally:
        first.kill()
