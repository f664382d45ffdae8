"""What ``croupier db check`` proves of the tournaments, from the database alone: every
running tournament's chips are all there (the chips on its tables, pots included, are the
chips it issued less those taken out of play), and its prize pool holds what its entries
paid (net of fees), until the prizes are paid and it holds nothing."""

from __future__ import annotations

from typing import Any

from croupier.errors import CroupierError
from croupier.room.cash.ledger import Account, Ledger
from croupier.room.tournament import Tournament
from croupier.server.storage import Store
from croupier.server.storage.reads import latest_snapshots

__all__ = ["check_tournaments"]


def check_tournaments(store: Store, ledger: Ledger | None) -> tuple[dict[str, Any], list[str]]:
    """``{"tournaments_running", "tournament_chips"}`` and the problems found."""
    parts = store.read_blocking(lambda c: latest_snapshots(c, "tournament"))
    problems: list[str] = []
    running = 0
    chips = 0
    for tid, part in sorted(parts.items()):
        state = part.get("state")
        domain = part.get("domain")
        pool = None if ledger is None else ledger.balance(Account.prize_pool(tid))
        if state == "registering" and pool is not None:
            spec_config = part["spec"]["config"]
            expected = len(part.get("registered", [])) * int(spec_config["buy_in"])
            if pool != expected:
                problems.append(f"tournament {tid}: its pool holds {pool}, its entries {expected}")
        if domain is None:
            continue
        try:
            t = Tournament.restore(domain)
        except CroupierError as error:
            problems.append(f"tournament {tid}: its stored state does not restore ({error})")
            continue
        if state == "running":
            running += 1
            chips += t.chips_in_play()
            if t.chips_in_play() != t.chips_expected():
                problems.append(
                    f"tournament {tid}: {t.chips_in_play()} chips in play,"
                    f" {t.chips_expected()} expected"
                )
            if pool is not None and pool != t.prize_pool().total:
                problems.append(
                    f"tournament {tid}: its pool holds {pool}, it collected {t.prize_pool().total}"
                )
        elif state in ("finished", "cancelled") and pool:
            problems.append(f"tournament {tid} is {state} but its pool still holds {pool}")
    return {"tournaments_running": running, "tournament_chips": chips}, problems
