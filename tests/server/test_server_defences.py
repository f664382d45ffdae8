"""The server's defences, attacked as a hostile player would, against a real ``croupier serve``
on a loopback port (issue 21): control characters in text, the 503 answer, login throttling,
sockets after logout, forwarded addresses, unknown stakes, the API's headers, huge ids."""

from __future__ import annotations

import contextlib
import json
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2
import pytest
import sqlalchemy as sa
from _api import PASSWORD, registration
from _process import ServerProcess, Visitor, free_port
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from croupier.server.demo import read_demo_accounts
from croupier.server.storage import Store
from croupier.server.storage.reads import user_by_name

SQLITE = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)


_OPEN: list[Visitor] = []


@pytest.fixture(autouse=True)
def _close_visitors() -> Iterator[None]:
    yield
    while _OPEN:
        _OPEN.pop().client.close()


@pytest.fixture
def server(database_url: str, tmp_path: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path / "data", database_url)
    try:
        process.start()
        yield process
    finally:
        process.kill()


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server on SQLite for the tests that cannot disturb one another."""
    base = tmp_path_factory.mktemp("shared")
    process = ServerProcess(base / "data", f"sqlite:///{base / 'croupier.db'}")
    try:
        process.start()
        yield process
    finally:
        process.kill()


def _visitor(server: ServerProcess) -> Visitor:
    visitor = Visitor(server)
    _OPEN.append(visitor)
    return visitor


def _registered(server: ServerProcess, name: str) -> Visitor:
    visitor = _visitor(server)
    answer = visitor.post("/api/register", registration(name))
    assert answer.status_code == 201, answer.text
    return visitor


@contextmanager
def _socket(server: ServerProcess, visitor: Visitor) -> Iterator[ClientConnection]:
    token = visitor.client.cookies["croupier_session"]
    with connect(
        server.url.replace("http", "ws", 1) + "/ws",
        additional_headers={"Cookie": f"croupier_session={token}", "Origin": server.url},
        compression=None,
        open_timeout=30,
    ) as ws:
        assert json.loads(ws.recv(timeout=30))["type"] == "welcome"
        yield ws


def _ask(ws: ClientConnection, kind: str, **fields: Any) -> dict[str, Any]:
    """Send one message; the answer with its id (frames in between are skipped)."""
    ident = f"t-{kind}-{id(fields)}"
    ws.send(json.dumps({"v": 1, "type": kind, "id": ident, **fields}))
    while True:
        frame: dict[str, Any] = json.loads(ws.recv(timeout=10))
        if frame.get("id") == ident:
            return frame


def _users(server: ServerProcess) -> int:
    store = Store(server.database, migrate=False)
    try:
        users = sa.table("users")
        count = store.read_blocking(
            lambda c: c.execute(sa.select(sa.func.count()).select_from(users)).scalar_one()
        )
        return int(count)
    finally:
        store.close()


# ------------------------------------------------------------------------- text
def test_a_control_character_in_any_text_is_refused_and_changes_nothing(
    server: ServerProcess,
) -> None:
    before = _users(server)
    cases = [("Ann\x00Lee", "bad_text"), ("Ann\x1b[2JLee", "bad_text"), ("Ann\nLee", "bad_text")]
    cases.append(("Ann\ud800Lee", "bad_request"))  # a lone surrogate is not JSON's text
    for bad, code in cases:
        visitor = _visitor(server)
        visitor.csrf = visitor.get("/api/csrf").json()["csrf_token"]
        answer = visitor.client.post(  # sent as JSON escapes (a lone surrogate cannot be UTF-8)
            "/api/register",
            content=json.dumps(registration("ann", full_name=bad)),
            headers={
                "Content-Type": "application/json",
                "Origin": server.url,
                "X-CSRF-Token": visitor.csrf,
            },
        )
        assert answer.status_code == 400, answer.text
        assert answer.json()["error"] == code, answer.text
        assert "full_name" in answer.json()["message"] or "JSON" in answer.json()["message"]
    assert _users(server) == before
    # The desk still works for everyone (on PostgreSQL a NUL used to stop it).
    ann = _registered(server, "ann")
    assert ann.get("/api/me").json()["balance"] > 0
    assert _registered(server, "bob").get("/api/health").json()["status"] == "ok"
    with _socket(server, ann) as ws:
        answer = _ask(ws, "join_waiting_list", stakes="x\x00y")
        assert answer["type"] == "error" and answer["code"] == "bad_text", answer
        assert "stakes" in answer["message"]


# ------------------------------------------------------------------------- 503
def _refuse_long_names(url: str) -> None:
    """A database that refuses, by itself, any full name over 30 characters."""
    engine = sa.create_engine(url)
    with engine.begin() as c:
        if engine.dialect.name == "sqlite":
            c.exec_driver_sql(
                "CREATE TRIGGER refuse_long BEFORE INSERT ON users"
                " WHEN length(NEW.full_name) > 30 BEGIN SELECT RAISE(ABORT, 'refused'); END"
            )
        else:
            c.exec_driver_sql(
                "ALTER TABLE users ADD CONSTRAINT refuse_long CHECK (length(full_name) <= 30)"
            )
    engine.dispose()


def test_a_failed_write_answers_a_reference_never_the_database_error(
    server: ServerProcess,
) -> None:
    _refuse_long_names(server.database)
    visitor = _visitor(server)
    answer = visitor.post("/api/register", registration("ann", full_name="A" * 40 + " Lee"))
    assert answer.status_code == 503, answer.text
    message = answer.json()["message"]
    for leak in ("SQL", "INSERT", "users", "Error", "refuse_long", "constraint", "CHECK"):
        assert leak not in message, message
    [reference] = re.findall(r"reference ([0-9a-f]{8})", message)
    log = server.log.read_text()
    assert f"[ref {reference}]" in log  # the details are in the log, under that reference
    later = _visitor(server).post("/api/register", registration("bob"))
    assert later.status_code == 503
    assert "SQL" not in later.json()["message"] and "reference" in later.json()["message"]


# ------------------------------------------------------------------------ login
def _from(server: ServerProcess, address: str, **headers: str) -> Visitor:
    visitor = _visitor(server)
    visitor.client.close()
    visitor.client = httpx2.Client(
        base_url=server.url,
        timeout=30,
        transport=httpx2.HTTPTransport(local_address=address),
        headers=headers,
    )
    return visitor


def test_a_stranger_cannot_lock_anyone_out_and_cannot_tell_names_apart(
    shared: ServerProcess,
) -> None:
    server = shared
    staff = read_demo_accounts(server.data)
    assert {a.role for a in staff} >= {"admin", "floor", "cashier"}
    answers: dict[str, set[tuple[int, str]]] = {}
    names = [a.screen_name for a in staff] + ["nobody-here"]
    for number, name in enumerate(names, start=2):
        stranger = _from(server, f"127.0.0.{number}")  # one address per name: same counts
        seen = []
        for _ in range(12):
            answer = stranger.post("/api/login", {"screen_name": name, "password": "guess guess"})
            seen.append((answer.status_code, re.sub(r"\d+", "N", answer.json()["message"])))
            if answer.status_code == 429:
                break
        assert seen[-1][0] == 429, seen  # the stranger is slowed down...
        assert "retry-after" in answer.headers
        answers[name] = set(seen)
    # ...and a known name and an unknown one get exactly the same answers.
    assert len({frozenset(a) for a in answers.values()}) == 1, answers
    for account in staff:  # their owners, from their own address, log in at once
        owner = _from(server, "127.0.0.1")
        body = {"screen_name": account.screen_name, "password": account.password}
        assert owner.post("/api/login", body).status_code == 200
    store = Store(server.database, migrate=False)
    try:
        row = store.read_blocking(lambda c: user_by_name(c, staff[0].screen_name))
        assert row is not None and row.locked_until is None
    finally:
        store.close()


def _slowed(visitor: Visitor, name: str, tries: int, *, spoof: bool) -> bool:
    """Whether ``tries`` wrong passwords (each with a new X-Forwarded-For if ``spoof``) get
    slowed down."""
    for n in range(tries):
        headers = {"X-Forwarded-For": f"10.9.{n}.{n}"} if spoof else {}
        answer = visitor.client.post(
            "/api/login",
            json={"screen_name": name, "password": "guess guess"},
            headers={"Origin": visitor.server.url, "X-CSRF-Token": visitor.csrf, **headers},
        )
        if answer.status_code == 429:
            return True
    return False


@SQLITE
def test_x_forwarded_for_is_believed_only_from_a_trusted_proxy(
    database_url: str, tmp_path: Path
) -> None:
    for folder in ("plain", "proxied"):
        (tmp_path / folder).mkdir()
    plain = ServerProcess(tmp_path / "plain" / "data", database_url)
    try:
        plain.start()
        visitor = _visitor(plain)
        visitor.post("/api/login", {"screen_name": "x-warmup", "password": "guess guess"})
        assert _slowed(visitor, "ann", 12, spoof=True)  # the header changed nothing
    finally:
        plain.kill()
    proxied = ServerProcess(
        tmp_path / "proxied" / "data",
        f"sqlite:///{tmp_path / 'proxied.db'}",
        "--trusted-proxy",
        "127.0.0.1",
    )
    try:
        proxied.start()
        visitor = _visitor(proxied)
        visitor.post("/api/login", {"screen_name": "x-warmup", "password": "guess guess"})
        assert not _slowed(visitor, "ann", 12, spoof=True)  # each try came from its own client
        assert _slowed(visitor, "ann", 12, spoof=False)
    finally:
        proxied.kill()


# ---------------------------------------------------------------------- sockets
def test_logout_ends_the_sockets_of_that_session_only(shared: ServerProcess) -> None:
    server = shared
    ann = _registered(server, "lou")
    other_tab = _visitor(server)
    assert other_tab.post("/api/login", {"screen_name": "lou", "password": PASSWORD}).is_success
    with _socket(server, ann) as ended, _socket(server, other_tab) as kept:
        assert _ask(ended, "ping")["type"] == "ok"
        assert ann.post("/api/logout", {}).json()["logged_out"] is True
        frame = json.loads(ended.recv(timeout=10))
        assert frame["type"] == "error" and frame["code"] == "unauthenticated", frame
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                ended.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
        assert _ask(kept, "ping")["type"] == "ok"  # the other session's socket lives on


# ----------------------------------------------------------------------- stakes
def test_a_waiting_list_for_stakes_no_table_plays_is_refused(shared: ServerProcess) -> None:
    server = shared
    with _socket(server, _registered(server, "sam")) as ws:
        for junk in ("'; drop table users; --", "casino-fr no-limit 1-3", "x" * 80):
            answer = _ask(ws, "join_waiting_list", stakes=junk)
            assert answer["type"] == "error" and answer["code"] == "illegal", answer
            assert "the room's stakes are" in answer["message"]
        offered = re.findall(r"'([^']+)'", answer["message"].split("are", 1)[1])
        assert offered
        joined = _ask(ws, "join_waiting_list", stakes=offered[0])
        assert joined["type"] == "ok", joined


# ---------------------------------------------------------------------- headers
def test_api_answers_are_private_and_never_sniffed(shared: ServerProcess) -> None:
    server = shared
    ann = _registered(server, "hal")
    for path in ("/api/health", "/api/me", "/api/me/ledger", "/api/hands", "/api/nothing-here"):
        answer = ann.get(path)
        assert answer.headers["x-content-type-options"] == "nosniff", path
        assert answer.headers["cache-control"] == "no-store", path


def test_ids_past_what_a_database_holds_are_a_clear_400(shared: ServerProcess) -> None:
    server = shared
    ann = _registered(server, "ida")
    huge = str(2**63)
    for path in (
        f"/api/hands/{huge}",
        f"/api/hands?before={huge}",
        f"/api/me/ledger?before={huge}",
        "/api/hands/\u0663",  # an Arabic-Indic digit: a digit to str.isdigit(), not to int()
    ):
        answer = ann.get(path)
        assert answer.status_code == 400, (path, answer.text)
        assert answer.json()["error"] == "bad_request"
    assert "Traceback" not in server.log.read_text()


def test_a_user_holds_at_most_eight_sockets(shared: ServerProcess) -> None:
    server = shared
    kim = _registered(server, "kim")
    with contextlib.ExitStack() as stack:
        for _ in range(8):
            stack.enter_context(_socket(server, kim))
        token = kim.client.cookies["croupier_session"]
        with connect(
            server.url.replace("http", "ws", 1) + "/ws",
            additional_headers={"Cookie": f"croupier_session={token}", "Origin": server.url},
            compression=None,
            open_timeout=30,
        ) as ninth:
            frame = json.loads(ninth.recv(timeout=30))
            assert frame["type"] == "error" and frame["code"] == "too_many_connections", frame
            with pytest.raises(ConnectionClosed) as closed:
                ninth.recv(timeout=30)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
    time.sleep(0.5)  # the server hears the eight closes
    with _socket(server, kim) as again:  # the others closed: room for one more
        assert _ask(again, "ping")["type"] == "ok"


@SQLITE
def test_a_socket_ends_when_its_session_expires(database_url: str, tmp_path: Path) -> None:
    from croupier.bench.online import Launched

    config = {
        "port": free_port(),
        "data_dir": str(tmp_path / "data"),
        "database": database_url,
        "demo": False,
        "session_seconds": 4,
        "argon2_time_cost": 1,
        "argon2_memory_kib": 1024,
    }
    log = tmp_path / "server.log"
    with open(log, "ab") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "croupier.server.launch", json.dumps(config)],
            stdout=out,
            stderr=out,
        )
    server = Launched(process, int(str(config["port"])), log)
    try:
        server.wait()
        shim = ServerProcess(tmp_path / "data", database_url)
        shim.port = server.port
        with _socket(shim, _registered(shim, "eve")) as ws:
            assert _ask(ws, "ping")["type"] == "ok"
            frame = json.loads(ws.recv(timeout=30))  # within the session's 4 s, then this
            assert frame["type"] == "error" and frame["code"] == "unauthenticated", frame
            assert "expired" in frame["message"]
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    ws.recv(timeout=30)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
    finally:
        server.kill()
