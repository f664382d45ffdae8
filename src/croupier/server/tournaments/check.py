"""What ``croupier db check`` proves of the tournaments, from the database alone: every
running tournament's chips are all there (the chips on its tables, pots included, are the
chips it issued less those taken out of play), and its prize pool holds what its entries
paid (net of fees and bounties), until the prizes are paid and it holds nothing; its bounty
account holds the bounties on the heads and those collected but not paid yet.

The check may run beside a running server (the crash bench does): a tournament's pool is
compared with its stored part only when that part's version is the one seen before and
after the ledger was read (a pool's entries are always written with the part), so that a
change committed meanwhile is not mistaken for a loss."""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa

from croupier.errors import CroupierError
from croupier.room.cash.ledger import Account, Ledger
from croupier.room.tournament import Tournament
from croupier.server.storage import Store
from croupier.server.storage.schema import snapshots
from croupier.server.tournaments.bounties import bounty_account, bounty_part
from croupier.server.tournaments.spec import Spec

__all__ = ["check_tournaments", "tournament_versions"]


def _bounty_part(part: dict[str, Any]) -> int:
    try:
        return bounty_part(Spec.from_json(part["spec"]).tournament_config())
    except (CroupierError, KeyError, TypeError):
        return 0


def tournament_versions(connection: sa.Connection) -> dict[str, int]:
    """Each tournament's stored part's version."""
    rows = connection.execute(
        sa.select(snapshots.c.name, snapshots.c.version).where(snapshots.c.kind == "tournament")
    )
    return {str(name): int(version) for name, version in rows}


def _parts(connection: sa.Connection) -> dict[str, tuple[int, dict[str, Any]]]:
    rows = connection.execute(
        sa.select(snapshots.c.name, snapshots.c.version, snapshots.c.data).where(
            snapshots.c.kind == "tournament"
        )
    )
    return {str(name): (int(version), json.loads(data)) for name, version, data in rows}


def check_tournaments(
    store: Store, ledger: Ledger | None, versions: dict[str, int] | None = None
) -> tuple[dict[str, Any], list[str]]:
    """``{"tournaments_running", "tournament_chips"}`` and the problems found; ``versions``:
    the parts' versions the ``ledger`` was read between (None: the server is not running)."""
    stored = store.read_blocking(_parts)
    problems: list[str] = []
    running = 0
    chips = 0
    for tid, (version, part) in sorted(stored.items()):
        state = part.get("state")
        domain = part.get("domain")
        same = versions is None or versions.get(tid) == version
        pool = None if ledger is None or not same else ledger.balance(Account.prize_pool(tid))
        bounties = None if pool is None or ledger is None else ledger.balance(bounty_account(tid))
        if state == "registering" and pool is not None:
            spec_config = part["spec"]["config"]
            part_of = _bounty_part(part)
            entries = len(part.get("registered", []))
            expected = entries * (int(spec_config["buy_in"]) - part_of)
            if pool != expected:
                problems.append(f"tournament {tid}: its pool holds {pool}, its entries {expected}")
            if bounties != entries * part_of:
                problems.append(
                    f"tournament {tid}: its bounties hold {bounties}, its entries"
                    f" {entries * part_of}"
                )
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
            if bounties is not None and t.bounties is not None and _bounty_part(part):
                # on the heads, not claimed, collected and not paid yet (.bounties)
                paid = sum(int(v) for v in part.get("bounties_paid", {}).values())
                owed = (
                    sum(t.bounties.head.values())
                    + t.bounties.unclaimed
                    + sum(t.bounties.won.values())
                    - paid
                )
                if bounties != owed:
                    problems.append(f"tournament {tid}: its bounties hold {bounties}, owed {owed}")
        elif state in ("finished", "cancelled") and (pool or bounties):
            problems.append(
                f"tournament {tid} is {state} but its pool still holds {pool}"
                f" and its bounties {bounties}"
            )
    return {"tournaments_running": running, "tournament_chips": chips}, problems
