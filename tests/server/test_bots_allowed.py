"""A table where bots may not sit, on a real ``croupier serve`` process: the floor opens it
with ``bots_allowed`` false, the lobby shows it, and a bot account (``users.is_bot``, logging
in through croupier.client) is refused a seat and the waiting list there with a clear error
and nothing changed, while a person sits, and the bot sits where bots are allowed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from _api import PASSWORD, registration
from _process import ServerProcess, Visitor, croupier

from croupier.client import BotError, Client


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    data, database = tmp_path / "data", f"sqlite:///{tmp_path / 'croupier.db'}"
    for name, role in (("floor1", "floor"), ("cash1", "cashier"), ("robo", "player")):
        args = ["admin", "create-user", name, "--role", role, "--password-stdin"]
        args += ["--database", database, "--full-name", "Someone Real"]
        done = croupier(*args, *(["--bot"] if name == "robo" else []), stdin=PASSWORD + "\n")
        assert done.returncode == 0, done.stderr
    assert "a bot that logs in" in done.stdout
    process = ServerProcess(data, database)
    process.start()
    try:
        yield process
    finally:
        process.kill()


def _staff(server: ServerProcess, name: str) -> Visitor:
    visitor = Visitor(server)
    answer = visitor.post("/api/login", {"screen_name": name, "password": PASSWORD})
    assert answer.status_code == 200, answer.text
    return visitor


def _table(lobby: dict[str, object], name: str) -> dict[str, object]:
    tables = lobby["tables"]
    assert isinstance(tables, list)
    return next(t for t in tables if t["table"] == name)


def test_a_bot_is_refused_a_table_kept_for_people_and_nothing_changes(
    server: ServerProcess,
) -> None:
    floor = _staff(server, "floor1")
    opened = floor.post(
        "/api/floor/cash/tables",
        {"table": "people", "bots_allowed": False, "why": "a table for people only"},
    )
    assert opened.status_code == 201, opened.text
    assert opened.json()["bots_allowed"] is False
    assert floor.post("/api/floor/cash/tables", {"table": "open"}).json()["bots_allowed"] is True
    bad = floor.post("/api/floor/cash/tables", {"table": "other", "bots_allowed": "no"})
    assert bad.status_code == 400  # a setting that is no boolean: refused, no table opened
    overview = floor.get("/api/floor/cash").json()
    assert [t["table"] for t in overview["tables"] if t["table"] == "other"] == []
    assert _table(overview, "people")["bots_allowed"] is False
    floor.close()
    cashier = _staff(server, "cash1")
    paid = cashier.post("/api/cashier/deposit", {"screen_name": "robo", "amount": 100_000})
    assert paid.status_code == 200, paid.text
    cashier.close()
    person = Visitor(server)
    assert person.post("/api/register", registration("alice", password=PASSWORD)).status_code == 201
    person.close()

    with Client(server.url, "robo", PASSWORD) as bot:
        lobby = bot.request("lobby")
        assert _table(lobby, "people")["bots_allowed"] is False
        assert _table(lobby, "open")["bots_allowed"] is True
        with pytest.raises(BotError) as refused:
            bot.request("sit", table="people", buy_in=20_000)
        assert refused.value.code == "forbidden"
        assert "robo is a bot, and bots may not sit at people" in refused.value.message
        with pytest.raises(BotError) as listed:
            bot.request("join_waiting_list", table="people")
        assert listed.value.code == "forbidden"
        assert "bots may not sit at people" in listed.value.message
        after = _table(bot.request("lobby"), "people")
        assert (after["taken"], after["players"], after["waiting"]) == (0, [], 0)
        seat = bot.sit("open", 20_000)  # where bots may sit, it sits
        assert seat >= 1
        assert "robo" in _table(bot.request("lobby"), "open")["bots"]

    # a bot account made while the server runs is known as one from its first login
    args = ["admin", "create-user", "robo2", "--bot", "--password-stdin"]
    made = croupier(*args, "--database", server.database, stdin=PASSWORD + "\n")
    assert made.returncode == 0, made.stderr
    late = Client(server.url, "robo2", PASSWORD)
    with late, pytest.raises(BotError, match="robo2 is a bot, and bots may not sit at people"):
        late.request("sit", table="people", buy_in=20_000)

    with Client(server.url, "alice", PASSWORD) as human:
        assert human.sit("people", 20_000) >= 1
        table = _table(human.request("lobby"), "people")
        assert (table["players"], table["bots"]) == (["alice"], [])
