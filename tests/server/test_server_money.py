"""Money over HTTP: demo chips through the ledger, the cashier's deposits and withdrawals, a
player's balance and lines, the ledger reloaded from the database. SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
import sqlalchemy as sa
from _api import Browser, running, staff

from croupier.room.cash.ledger import Account, EntryKind
from croupier.server import ServerConfig
from croupier.server.errors import NotFoundError, StorageFailedError
from croupier.server.money import MAX_AMOUNT, MoneyDesk, load_ledger
from croupier.server.storage import Store, reads
from croupier.server.storage.reads import iter_entries
from croupier.server.storage.records import AppendHandEvents, EndHand, StartHand
from croupier.server.storage.schema import ledger_entries


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
    message = failed.json()["message"]  # a reference to the log, never the error's text
    assert message.startswith("the database did not take the write: nothing was done (reference")
    assert "OSError" not in message
    monkeypatch.undo()
    stopped = browser.post("/api/cashier/deposit", {"screen_name": "ann", "amount": 100})
    assert stopped.status_code == 503
    assert "money operations are stopped" in stopped.json()["message"]
    health = browser.get("/api/health").json()
    assert (health["status"], health["ledger"]) == ("degraded", "stopped")


def test_a_hands_entries_commit_with_its_end_or_not_at_all(store: Store) -> None:
    desk = MoneyDesk.load(store)
    ledger = desk.ledger
    seat_ann, seat_bob = Account.seat("ann", "t1"), Account.seat("bob", "t1")

    async def scenario() -> None:
        await desk.deposit("ann", 5_000)
        await desk.deposit("bob", 5_000)
        buy_ins = [
            ledger.transfer(EntryKind.BUY_IN, Account.cashier("ann"), seat_ann, 2_000),
            ledger.transfer(EntryKind.BUY_IN, Account.cashier("bob"), seat_bob, 2_000),
        ]
        await desk.save(buy_ins)
        [hand_id] = await store.write([StartHand("t1", 1)])
        assert isinstance(hand_id, int)
        won = ledger.post(EntryKind.HAND, {seat_ann: -300, seat_bob: 290, Account.house("t1"): 10})
        events = AppendHandEvents(hand_id, 0, [{"type": "started"}, {"type": "ended"}])
        await desk.save([won], with_records=[events, EndHand(hand_id)], hand_id=hand_id)
        assert await store.read(reads.open_hands) == []
        # a hand that cannot end (no such open hand): its entry is not written either
        lost = ledger.post(EntryKind.HAND, {seat_ann: -100, seat_bob: 100})
        with pytest.raises(NotFoundError):
            await desk.save([lost], with_records=[EndHand(hand_id)], hand_id=hand_id)

    asyncio.run(scenario())
    stored = store.read_blocking(lambda c: list(iter_entries(c)))
    assert [e.kind for e in stored] == [EntryKind.DEPOSIT] * 2 + [EntryKind.BUY_IN] * 2 + [
        EntryKind.HAND
    ]
    linked = store.read_blocking(
        lambda c: c.execute(
            sa.select(ledger_entries.c.number).where(ledger_entries.c.hand_id.is_not(None))
        ).all()
    )
    assert [n for (n,) in linked] == [5]
    assert load_ledger(stored).audit().seats == 4_000 - 10
    with pytest.raises(StorageFailedError, match="money operations are stopped"):
        asyncio.run(desk.deposit("ann", 1))
