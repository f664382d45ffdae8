"""A tournament's money and entries: registration and refunds, the start, rebuys and
add-ons, the prizes. Every amount goes through the ledger (buy-in to the prize pool, fee to
the house; refunds; rebuys and add-ons to the pool; each prize from the pool to its winner):
posted in the actor's synchronous step, written with the tournament's stored part in the
same transaction. A mixin of :class:`~croupier.server.tournaments.actor.TournamentActor`."""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from croupier.errors import CroupierError, IllegalActionError
from croupier.room.cash.ledger import Account, EntryKind, format_money
from croupier.room.tournament import Tournament, TournamentConfig
from croupier.server.bankroll import fund_bot
from croupier.server.tournaments.bounties import bounty_account, bounty_part, close_bounties
from croupier.server.tournaments.spec import Spec, table_name

if TYPE_CHECKING:
    from croupier.server.tournaments.actor import TournamentActor
    from croupier.server.tournaments.service import Tournaments

__all__ = ["Purse", "ServerClock"]

_log = logging.getLogger("croupier.server.tournaments")


class ServerClock:
    """The domain's clock on the server's seconds (the level clock runs on server time)."""

    def __init__(self, now: Callable[[], float]) -> None:
        self._now = now

    def now(self) -> float:
        return float(self._now())


class Purse:
    """Entries, rebuys, add-ons and prizes of a tournament's actor (see the module)."""

    service: Tournaments
    spec: Spec
    id: str
    config: TournamentConfig
    tournament: Tournament | None
    state: str
    registered: list[str]
    first_at: float | None
    changed: bool
    view_dirty: bool
    dirty: bool
    frames: list[tuple[str, dict[str, Any]]]
    touched: set[str]
    deadlines: dict[str, float]
    buys: dict[str, list[str]]
    decisions: list[dict[str, Any]]
    offered: set[tuple[str, str]]
    paid: bool
    moves_seen: int
    disqualified: set[str]
    bounties_paid: dict[str, int]

    def now(self) -> float:
        raise NotImplementedError

    def entrants(self) -> list[str]:
        raise NotImplementedError

    # ---------------------------------------------------------- registration
    def _cost(self) -> int:
        return self.config.buy_in + self.config.fee

    def _charge(self, player: str, kind: EntryKind, price: int, *, fee: int = 0) -> None:
        """Take ``price`` + ``fee`` from ``player``'s balance: the price into the prize pool,
        the fee to the house (refused beforehand when his balance is short)."""
        if price + fee == 0:
            return
        bounty = bounty_part(self.config) if kind is EntryKind.ENTRY else 0
        ledger = self.service.money.ledger
        postings = [
            (Account.cashier(player), -(price + fee)),
            (Account.prize_pool(self.id), price - bounty),
            (Account.house(self.id), fee),
        ]
        if bounty:  # the bounty part of the buy-in: on the entrant's head (.bounties)
            postings.append((bounty_account(self.id), bounty))
        ledger.post(kind, postings, f"{self.id}: {kind.value} of {player}")

    def _can_pay(self, player: str, amount: int, what: str) -> None:
        self.service.money.check_open()
        balance = self.service.money.balance(player)
        if player in self.service.bots and balance < amount and self.service.cash.fund_bots:
            # the demo: the house's cashier funds its bot (without it, a bot pays from what
            # the room's cashier deposited for it, or does not enter)
            fund_bot(self.service.money.ledger, player, 100 * max(amount, 100), f"{what}")
            balance = self.service.money.balance(player)
        if balance < amount:
            raise IllegalActionError(
                f"{what} costs {format_money(amount)}: {player} has {format_money(balance)}"
                " (CAS-9: no credit)"
            )

    def _register(self, player: str) -> dict[str, Any]:
        cost = self._cost()
        if self.state == "registering":
            if player in self.registered:
                raise IllegalActionError(f"{player} is already registered for {self.id}")
            if len(self.registered) >= self.spec.max_players:
                raise IllegalActionError(
                    f"{self.id} is full: {self.spec.max_players} players registered"
                )
            self._can_pay(player, cost, f"the entry to {self.id}")
            self._charge(player, EntryKind.ENTRY, self.config.buy_in, fee=self.config.fee)
            self.registered.append(player)
            if self.first_at is None:
                self.first_at = time.time()
            if (
                self.spec.kind == "sit-and-go"
                and self.spec.start_when is not None
                and len(self.registered) >= self.spec.start_when
            ):
                self._start()
        elif self.state == "running":
            t = self.tournament
            assert t is not None
            if player in t.registry:
                raise IllegalActionError(f"{player} is already registered for {self.id}")
            if not t.late_registration_open:
                raise IllegalActionError(f"registration for {self.id} is closed")
            if len(t.registry) >= self.spec.max_players:
                raise IllegalActionError(
                    f"{self.id} is full: {self.spec.max_players} players registered"
                )
            self._can_pay(player, cost, f"the entry to {self.id}")
            t.register(player, adult=True)  # late: seated at once at the shortest table
            self._charge(player, EntryKind.ENTRY, self.config.buy_in, fee=self.config.fee)
            self.frames.append(self._seated_frame(player, "late registration"))
        else:
            raise IllegalActionError(f"{self.id} is {self.state}: registration is closed")
        self.changed = self.view_dirty = self.dirty = True
        return {
            "tournament": self.id,
            "entrants": len(self.entrants()),
            "balance": self.service.money.balance(player),
        }

    def _unregister(self, player: str) -> dict[str, Any]:
        if self.state != "registering":
            raise IllegalActionError(
                f"{self.id} has started: an entry is refunded only before the start"
            )
        if player not in self.registered:
            raise IllegalActionError(f"{player} is not registered for {self.id}")
        self._refund(player)
        self.registered.remove(player)
        self.changed = self.view_dirty = self.dirty = True
        return {
            "tournament": self.id,
            "refund": self._cost(),
            "balance": self.service.money.balance(player),
        }

    def _refund(self, player: str) -> None:
        buy_in, fee = self.config.buy_in, self.config.fee
        bounty = bounty_part(self.config)
        if buy_in + fee:
            postings = [
                (Account.prize_pool(self.id), -(buy_in - bounty)),
                (Account.house(self.id), -fee),
                (Account.cashier(player), buy_in + fee),
            ]
            if bounty:
                postings.append((bounty_account(self.id), -bounty))
            self.service.money.ledger.post(
                EntryKind.REFUND, postings, f"{self.id}: refund to {player}"
            )

    def _start(self) -> None:
        """Draw the seats (POK-1-3, ITA-2), give every entrant his stack, start the clock."""
        if len(self.registered) < 2:
            raise IllegalActionError(f"{self.id} needs at least two players to start")
        t = Tournament(
            self.config,
            clock=ServerClock(self.service.cash.now),
            rng=random.SystemRandom(),
        )
        for player in self.registered:
            t.register(player, adult=True)
        t.start()
        self.tournament = t
        self.moves_seen = len(t.moves)
        self.state = "running"
        for player in t.players():
            self.frames.append(self._seated_frame(player, "seat drawn"))
        self.changed = self.view_dirty = self.dirty = True

    def _seated_frame(self, player: str, reason: str) -> tuple[str, dict[str, Any]]:
        t = self.tournament
        assert t is not None
        number, seat = t.seat_of(player)
        return player, {
            "type": "moved",
            "tournament": self.id,
            "table": table_name(self.id, number),
            "seat": seat,
            "from_table": "",
            "reason": reason,
        }

    def cancel(self, why: str) -> None:
        """Cancel before the start: every entry refunded."""
        for player in list(self.registered):
            self._refund(player)
        self.state = "cancelled"
        self.decisions.append({"at": time.time(), "by": "server", "what": "cancel", "why": why})
        self.changed = self.view_dirty = self.dirty = True

    # -------------------------------------------------------- rebuys, add-ons
    def _running(self) -> Tournament:
        t = self.tournament
        if t is None or self.state != "running":
            raise IllegalActionError(f"{self.id} is {self.state}: nothing to buy")
        return t

    def _rebuy(self, player: str, *, accept: bool) -> dict[str, Any]:
        t = self._running()
        rebuy = t.config.rebuy
        if rebuy is None:
            raise IllegalActionError(f"{self.id} has no rebuys (POK-6-1: a freezeout)")
        if not accept:
            t.decline_rebuy(player)
            self.deadlines.pop(player, None)
            self.changed = self.view_dirty = True
            return {"declined": True}
        if not t.can_rebuy(player):
            raise IllegalActionError(t._why_no_rebuy(player))
        self._can_pay(player, rebuy.price, "a rebuy")
        if self._in_hand(player):
            if "rebuy" in self.buys.get(player, []):
                raise IllegalActionError(f"{player}'s rebuy is already taken for after this hand")
            self.buys.setdefault(player, []).append("rebuy")
            self.changed = True
            return {"chips": rebuy.stack, "after_hand": True}
        t.rebuy(player)
        self._charge(player, EntryKind.TOURNAMENT_REBUY, rebuy.price)
        self.deadlines.pop(player, None)
        if player in t.players():
            self.touched.add(table_name(self.id, t.table_of(player)))
        self.changed = self.view_dirty = self.dirty = True
        return {"chips": rebuy.stack, "balance": self.service.money.balance(player)}

    def _add_on(self, player: str, *, accept: bool) -> dict[str, Any]:
        t = self._running()
        add_on = t.config.add_on
        if add_on is None:
            raise IllegalActionError(f"{self.id} has no add-on (POK-6-1: a freezeout)")
        if not accept:
            self.offered.add((player, "add_on-declined"))
            return {"declined": True}
        self._can_pay(player, add_on.price, "the add-on")
        if not t.add_on_open or t.registry[player].add_on:
            t.add_on(player)  # refused, saying why
        if self._in_hand(player):
            if "add_on" in self.buys.get(player, []):
                raise IllegalActionError(f"{player}'s add-on is already taken for after this hand")
            self.buys.setdefault(player, []).append("add_on")
            self.changed = True
            return {"chips": add_on.stack, "after_hand": True}
        t.add_on(player)
        self._charge(player, EntryKind.ADD_ON, add_on.price)
        self.touched.add(table_name(self.id, t.table_of(player)))
        self.changed = self.view_dirty = True
        return {"chips": add_on.stack, "balance": self.service.money.balance(player)}

    def _in_hand(self, player: str) -> bool:
        t = self.tournament
        return (
            t is not None
            and player in t.players()
            and not t.table(t.table_of(player)).between_hands
        )

    def _deferred_buys(self) -> None:
        """The rebuys and add-ons accepted during a hand, once the player's table is between
        hands (refused then, nothing is taken: the offer stands or has closed)."""
        for player, kinds in list(self.buys.items()):
            if self._in_hand(player):
                continue
            del self.buys[player]
            for kind in kinds:
                try:
                    if kind == "rebuy":
                        self._rebuy(player, accept=True)
                    else:
                        self._add_on(player, accept=True)
                except CroupierError as error:
                    _log.info("%s's %s after the hand is refused: %s", player, kind, error)
            self.changed = self.view_dirty = True

    def _pay(self) -> None:
        """The tournament is over: each prize from the pool to its winner's balance (ITA-18);
        what the pool holds beyond (nothing, unless the payout rounded) to the house."""
        t = self.tournament
        assert t is not None
        ledger = self.service.money.ledger
        pool = Account.prize_pool(self.id)
        for result in t.results():
            if result.prize > 0 and result.player not in self.disqualified:  # .penalties
                ledger.post(
                    EntryKind.PRIZE,
                    ((pool, -result.prize), (Account.cashier(result.player), result.prize)),
                    f"{self.id}: place {result.place} to {result.player}",
                )
        left = ledger.balance(pool)
        if left:
            ledger.post(
                EntryKind.PRIZE,
                ((pool, -left), (Account.house(self.id), left)),
                f"{self.id}: what the payouts left of the pool",
            )
        close_bounties(self)  # the winner's own bounty; what nobody collected to the house
        self.paid = True
        self.state = "finished"
        entrants = len(t.registry)
        for result in t.results():
            if result.player in self.service.bots:
                continue
            self.frames.append(
                (
                    result.player,
                    {
                        "type": "tournament_result",
                        "tournament": self.id,
                        "player": result.player,
                        "place": result.place,
                        "prize": result.prize,
                        "entrants": entrants,
                        "balance": 0,
                    },
                )
            )
        self.changed = self.view_dirty = self.dirty = True
        self.service.finished(cast("TournamentActor", self))
