"""``croupier admin create-user``, ``croupier db upgrade`` and ``croupier db check``, on SQLite
and PostgreSQL: clear one-line errors, exit statuses, the check's JSON."""

from __future__ import annotations

import json
from pathlib import Path

import sqlalchemy as sa
from typer.testing import CliRunner

from croupier.cli.main import app
from croupier.room.cash.ledger import Account, EntryKind, Ledger
from croupier.server.security import Passwords
from croupier.server.storage import Store
from croupier.server.storage.migrate import head_revision
from croupier.server.storage.reads import user_by_name
from croupier.server.storage.records import StartHand, WriteEntry
from croupier.server.storage.schema import ledger_postings

runner = CliRunner()


def _run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_create_user_with_the_password_on_stdin(database_url: str) -> None:
    code, out, _ = _run(
        "admin", "create-user", "floor1", "--role", "floor", "--database", database_url,
        "--full-name", "Paul Floor", "--password-stdin", stdin="a good password\n",
    )  # fmt: skip
    assert (code, out) == (0, "created floor1 (floor)\n")
    store = Store(database_url, migrate=False)
    try:
        row = store.read_blocking(lambda c: user_by_name(c, "floor1"))
    finally:
        store.close()
    assert row is not None
    assert (row.role, row.full_name) == ("floor", "Paul Floor")
    assert Passwords().verify(row.password_hash, "a good password")


def test_create_user_asks_the_password_twice(tmp_path: Path) -> None:
    data = str(tmp_path / "data")
    code, out, _ = _run(
        "admin", "create-user", "cash1", "--role", "cashier", "--data", data,
        stdin="a good password\na good password\n",
    )  # fmt: skip
    assert code == 0
    assert out.endswith("created cash1 (cashier)\n")
    assert (tmp_path / "data" / "croupier.db").is_file()


def test_create_user_refuses_bad_input_in_one_line(database_url: str) -> None:
    base = ("admin", "create-user", "--database", database_url, "--password-stdin")
    assert _run(*base, "cash1", "--role", "cashier", stdin="a good password\n")[0] == 0
    cases = [
        (("cash1", "--role", "cashier"), "a good password", "the screen name 'cash1' is taken"),
        (("boss1", "--role", "boss"), "a good password", "role 'boss': one of player, floor"),
        (("x", "--role", "floor"), "a good password", "screen name 'x': 3 to 20 letters"),
        (("floor2", "--role", "floor"), "short", "a password has 8 to 200 characters, not 5"),
    ]
    for args, password, says in cases:
        code, _, err = _run(*base, *args, stdin=password + "\n")
        assert code == 2, args
        assert err.count("\n") == 1 and err.startswith("error: "), err
        assert says.replace(" is taken", " is already taken") in err, err


def test_db_upgrade_then_check_an_empty_database(database_url: str) -> None:
    code, out, _ = _run("db", "upgrade", "--database", database_url)
    assert (code, out) == (0, f"database at revision {head_revision()}\n")
    code, out, _ = _run("db", "check", "--database", database_url, "--json")
    assert code == 0
    report = json.loads(out)
    assert report["ledger_balanced"] is True
    assert (report["chips_in_play"], report["open_hands"], report["entries"]) == (0, 0, 0)


def _books(url: str) -> None:
    """A ledger with chips on a table, and one hand left open, written to ``url``."""
    ledger = Ledger()
    entries = [
        ledger.deposit("ann", 10_000),
        ledger.deposit("bob", 10_000),
        ledger.transfer(EntryKind.BUY_IN, Account.cashier("ann"), Account.seat("ann", "t1"), 4_000),
        ledger.transfer(EntryKind.BUY_IN, Account.cashier("bob"), Account.seat("bob", "t1"), 2_500),
        ledger.withdraw("bob", 500),
    ]
    store = Store(url)
    try:
        store.write_blocking([WriteEntry(e) for e in entries])
        store.write_blocking([StartHand("t1", 1)])
    finally:
        store.close()


def test_db_check_reports_the_books(database_url: str) -> None:
    _books(database_url)
    code, out, _ = _run("db", "check", "--database", database_url, "--json")
    assert code == 0
    report = json.loads(out)
    assert report["ledger_balanced"] is True
    assert report["chips_in_play"] == 6_500
    assert report["open_hands"] == 1
    assert (report["deposited"], report["withdrawn"], report["accounts"]) == (20_000, 500, 13_000)
    assert report["problems"] == []
    code, out, _ = _run("db", "check", "--database", database_url)
    assert code == 0
    assert out.startswith("ledger balanced (5 entries), chips in play 6500 cents, open hands 1")


def test_db_check_finds_books_that_do_not_balance(database_url: str) -> None:
    _books(database_url)
    engine = sa.create_engine(database_url)
    with engine.begin() as connection:  # a posting changed behind the ledger's back
        connection.execute(
            ledger_postings.update()
            .where((ledger_postings.c.entry_number == 3) & (ledger_postings.c.line == 1))
            .values(amount=5_000)
        )
    engine.dispose()
    code, out, _ = _run("db", "check", "--database", database_url, "--json")
    assert code == 1
    report = json.loads(out)
    assert report["ledger_balanced"] is False
    assert report["problems"] == [
        "stored entry 3 (buy-in) is refused: ledger: a buy-in entry must balance; postings"
        " player:ann -4000, seat:ann@t1 +5000 do not"
    ]


def test_db_check_without_a_database_says_so(tmp_path: Path) -> None:
    code, out, err = _run("db", "check", "--data", str(tmp_path / "none"))
    assert (code, out) == (2, "")
    folder = str(tmp_path / "none")
    assert err == f"error: no database in {folder!r}: start the server once, or give --database\n"
    code, _, err = _run("db", "check", "--database", "postgresql://root@127.0.0.1:1/none")
    assert code == 2
    assert err.startswith("error: the database refused: ") and err.count("\n") == 1
    code, _, err = _run("db", "check", "--database", "mysql://x@y/z")
    assert (code, err) == (
        2,
        "error: database 'mysql://x@y/z': mysql is not supported; use sqlite:///PATH or"
        " postgresql+psycopg://USER@HOST:PORT/DATABASE\n",
    )


def test_serve_refuses_a_bad_data_folder_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    code, _, err = _run("serve", "--data", str(tmp_path / "file"), "--port", "0")
    assert code == 2
    assert err == f"error: data folder {str(tmp_path / 'file')!r} is a file, not a folder\n"
