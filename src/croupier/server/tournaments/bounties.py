"""Money bounties online: knock-out and progressive knock-out (``pokcomm-pko``; POK-6-3 names
the knock-outs, TDA where the seeds are silent).

- Each entry's bounty part (the knock-out's ``bounty`` of the buy-in) goes to the tournament's
  bounty account, the rest to the prize pool (ITA-18: the pool is the entries net of fees and
  bounties); a refund gives both back.
- The domain keeps the bounty on every head and what each player collected
  (:class:`~croupier.room.tournament.standings.Bounties`): a knock-out pays the bounty on the
  victim to his eliminators, split equally when several knock him out in one hand (odd cents
  one each from the first seat on the button's left, TDA R20 by analogy); in a progressive
  knock-out each share is half collected, half added to the eliminator's own head. The winner
  collects the bounty on his own head.
- After every change, what a player has collected and was not paid yet goes from the bounty
  account to his balance (one ledger entry each, ``tournament-bounty``), written with the
  change; ``bounties_paid`` in the tournament's stored part says how much, so a restart pays
  nothing twice. At the end the bounties nobody collected (a disqualified player's, a no-show's)
  go to the house, and the account holds nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from croupier.room.cash.ledger import Account, AccountKind, EntryKind
from croupier.room.tournament import TournamentConfig

if TYPE_CHECKING:
    from croupier.server.tournaments.purse import Purse

__all__ = ["bounty_account", "bounty_part", "close_bounties", "pay_bounties"]


def bounty_part(config: TournamentConfig) -> int:
    """The part of each buy-in that goes on the entrant's head, in cents (0: no money
    bounties; a points knock-out has none)."""
    ko = config.knockout
    return ko.bounty if ko is not None and not ko.points else 0


def bounty_account(tournament: str) -> Account:
    """The account holding a tournament's bounties until they are collected (a prize-pool
    account of its own, so that the books count it with the pools)."""
    return Account(AccountKind.PRIZE_POOL, "bounties", tournament)


def pay_bounties(purse: Purse) -> bool:
    """Pay each player what he collected and was not paid yet; True if anything moved."""
    t = purse.tournament
    if t is None or t.bounties is None or not bounty_part(purse.config):
        return False
    ledger = purse.service.money.ledger
    account = bounty_account(purse.id)
    moved = False
    for player, won in sorted(t.bounties.won.items()):
        due = won - purse.bounties_paid.get(player, 0)
        if due > 0:
            ledger.post(
                EntryKind.BOUNTY,
                ((account, -due), (Account.cashier(player), due)),
                f"{purse.id}: bounties to {player}",
            )
            purse.bounties_paid[player] = won
            moved = True
    if moved:
        purse.changed = purse.view_dirty = purse.dirty = True
    return moved


def close_bounties(purse: Purse) -> None:
    """The end: the last bounties paid, what nobody collected to the house."""
    pay_bounties(purse)
    ledger = purse.service.money.ledger
    account = bounty_account(purse.id)
    left = ledger.balance(account)
    if left:
        ledger.post(
            EntryKind.BOUNTY,
            ((account, -left), (Account.house(purse.id), left)),
            f"{purse.id}: bounties nobody collected",
        )
