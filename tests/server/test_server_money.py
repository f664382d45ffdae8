"""Money over HTTP: demo chips through the ledger, the cashier's deposits and withdrawals, a
player's balance and lines, the ledger reloaded from the database. SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest
from _api import Browser, running, staff

from croupier.room.cash.ledger import Account, EntryKind
from croupier.server import ServerConfig
from croupier.server.money import MAX_AMOUNT, load_ledger
from croupier.server.storage.reads import iter_entries


def _cashier(browser: Browser) -> None:
    staff(browser, "cash1", "cashier")
    assert browser.login("cash1").status_code == 200


def _stored_ledger(browser: Browser) -> Any:
    return browser.services.store.read_blocking(lambda c: load_ledger(iter_entries(c)))


def test_a_newcomer_gets_his_demo_chips_through_a_ledger_entry(config: ServerConfig) -> None:
    with running(config) as browser:
        response = browser.register("ann")
        assert response.json()["balance"] == config.demo_chips
        lines = browser.get("/api/me/ledger").json()["lines"]
        assert [(x["kind"], x["account"], x["amount"], x["memo"]) for x in lines] == [
            ("deposit", "player", config.demo_chips, "demo chips for a newcomer")
        ]
        ledger = _stored_ledger(browser)
        [entry] = ledger.entries
        assert entry.kind is EntryKind.DEPOSIT
        assert dict(entry.postings) == {
            Account.outside(): -config.demo_chips,
            Account.cashier("ann"): config.demo_chips,
        }
        assert ledger.audit().balanced


def test_without_the_demo_a_newcomer_starts_at_zero(config: ServerConfig) -> None:
    quiet = ServerConfig(**{**config.__dict__, "demo": False})
    with running(quiet) as browser:
        assert browser.register("ann").json()["balance"] == 0
        assert browser.get("/api/me/ledger").json()["lines"] == []
        assert browser.services.demo_accounts == []


def test_the_cashier_deposits_and_withdraws_and_the_player_sees_it(browser: Browser) -> None:
    browser.register("ann")
    start = browser.get("/api/me").json()["balance"]
    _cashier(browser)
    paid = browser.post("/api/cashier/deposit", {"screen_name": "ANN", "amount": 12_345})
    assert paid.status_code == 200, paid.text
    assert paid.json() == {"entry": 2, "screen_name": "ann", "balance": start + 12_345}
    out = browser.post(
        "/api/cashier/withdraw", {"screen_name": "ann", "amount": 345, "memo": "cash"}
    )
    assert out.json()["balance"] == start + 12_000
    seen = browser.get("/api/cashier/players/ann").json()
    assert (seen["balance"], seen["full_name"]) == (start + 12_000, "Ann Martin")
    browser.login("ann")
    me = browser.get("/api/me").json()
    assert me["balance"] == start + 12_000
    lines = browser.get("/api/me/ledger?limit=2").json()["lines"]
    assert [(x["kind"], x["amount"], x["memo"]) for x in lines] == [
        ("withdrawal", -345, "cash"),
        ("deposit", 12_345, "deposit by cash1"),
    ]
    older = browser.get(f"/api/me/ledger?before={lines[-1]['number']}").json()["lines"]
    assert [x["memo"] for x in older] == ["demo chips for a newcomer"]
    assert _stored_ledger(browser).audit().balanced


@pytest.mark.rule("CAS-9")
def test_a_withdrawal_beyond_the_balance_is_refused_and_changes_nothing(
    browser: Browser,
) -> None:
    browser.register("ann")
    _cashier(browser)
    before = len(_stored_ledger(browser))
    balance = browser.services.money.balance("ann")
    refused = browser.post("/api/cashier/withdraw", {"screen_name": "ann", "amount": balance + 1})
    assert refused.status_code == 400
    assert "CAS-9: no credit" in refused.json()["message"]
    assert browser.services.money.balance("ann") == balance
    assert len(_stored_ledger(browser)) == before == len(browser.services.money.ledger)


def test_bad_amounts_are_refused_and_change_nothing(browser: Browser) -> None:
    browser.register("ann")
    _cashier(browser)
    before = len(browser.services.money.ledger)
    for amount in (0, -5, 1.5, "100", True, None, MAX_AMOUNT + 1):
        response = browser.post("/api/cashier/deposit", {"screen_name": "ann", "amount": amount})
        assert response.status_code == 400, amount
        assert response.json()["message"].startswith("amount: ")
        assert repr(amount)[:20] in response.json()["message"]
    assert len(browser.services.money.ledger) == before == len(_stored_ledger(browser))


def test_money_for_an_unknown_player_is_refused(browser: Browser) -> None:
    _cashier(browser)
    response = browser.post("/api/cashier/deposit", {"screen_name": "ghost", "amount": 100})
    assert response.status_code == 404
    assert response.json()["message"] == "no account named 'ghost'"
    assert len(_stored_ledger(browser)) == 0


def test_the_ledger_is_reloaded_from_the_database_on_start(config: ServerConfig) -> None:
    with running(config) as browser:
        browser.register("ann")
        browser.register("bob")
        _cashier(browser)
        browser.post("/api/cashier/deposit", {"screen_name": "bob", "amount": 777})
        entries = browser.services.money.ledger.entries
    with running(config) as again:
        assert again.services.money.ledger.entries == entries
        assert again.services.money.balance("bob") == config.demo_chips + 777


def test_a_failed_write_stops_the_money_desk_until_restart(
    browser: Browser, monkeypatch: pytest.MonkeyPatch
) -> None:
    browser.register("ann")
    _cashier(browser)
    store = browser.services.store

    async def broken(records: Any) -> list[object]:
        raise OSError("disk full")

    monkeypatch.setattr(store, "write", broken)
    failed = browser.post("/api/cashier/deposit", {"screen_name": "ann", "amount": 100})
    assert failed.status_code == 503
    assert failed.json()["message"] == "the database did not take the write (OSError)"
    monkeypatch.undo()
    stopped = browser.post("/api/cashier/deposit", {"screen_name": "ann", "amount": 100})
    assert stopped.status_code == 503
    assert "money operations are stopped" in stopped.json()["message"]
    assert browser.get("/api/health").json()["status"] == "ledger_stopped"
