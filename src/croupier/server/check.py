"""``croupier db check``: prove the stored books balance, count the chips on the tables and
the hands left open, from the database alone."""

from __future__ import annotations

from typing import Any

from croupier.room.cash.ledger import LedgerError
from croupier.server.money import load_ledger
from croupier.server.storage import Store
from croupier.server.storage.migrate import current_revision, head_revision
from croupier.server.storage.reads import count_users, iter_entries, open_hands

__all__ = ["check_database"]


def check_database(store: Store) -> dict[str, Any]:
    """The database's state: ``ledger_balanced`` (every entry posted again through the domain
    ledger's rules, then audited), ``chips_in_play`` (cents in seat accounts, on the tables),
    ``open_hands``, the ledger's totals, the tournaments' chips (``tournament_chips``, each
    running tournament's counted against what it issued) and ``problems`` (empty when all is
    well)."""
    from croupier.server.tournaments.check import check_tournaments, tournament_versions

    problems: list[str] = []
    totals: dict[str, int] = {}
    entries = 0
    ledger = None
    for _ in range(20):  # beside a running server: the ledger read between equal versions
        problems = []
        versions = store.read_blocking(tournament_versions)
        try:
            ledger = store.read_blocking(lambda c: load_ledger(iter_entries(c)))
            audited = ledger.audit()
            entries = len(ledger)
            totals = dict(audited._asdict())
        except LedgerError as error:
            problems.append(str(error))
            ledger = None
        if store.read_blocking(tournament_versions) == versions:
            break
    tournaments, wrong = check_tournaments(store, ledger, versions)
    hands = store.read_blocking(open_hands)
    return {
        "ledger_balanced": not problems,
        "chips_in_play": totals.get("seats", 0),
        "open_hands": len(hands),
        "entries": entries,
        **totals,
        "users": store.read_blocking(count_users),
        "revision": store.read_blocking(current_revision),
        "head_revision": head_revision(),
        "database": store.backend,
        **tournaments,
        "problems": [*problems, *wrong],
    }
