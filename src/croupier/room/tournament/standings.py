"""Eliminations, places and bounties.

Players busting in one hand at one table rank by their stacks at the start of that hand,
the bigger stack higher (POK-9-8); equal starting stacks share the place. During
hand-for-hand play the busts of one hand at every table form one group, ranked by
starting stack (``by-stack``) or sharing the place (``share``, TDA RP-8). Places are
computed from the groups in the order they happened, so late entries and an undone bust
(live mode) renumber everything after them.

The *eliminator* of a knocked-out player (POK-6-3) is whoever won the pot holding his
last chip: the highest pot he put chips into. When that pot is split, so is the bounty,
in equal shares with the odd units one each from the first winner left of the button.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import NamedTuple

from croupier.engine import Awarded, Hand
from croupier.room.tournament.config import KnockOut

__all__ = [
    "Bounties",
    "Bust",
    "BustGroup",
    "BustKind",
    "Finish",
    "KnockOutPay",
    "Standings",
    "eliminators",
]


class BustKind(StrEnum):
    """How a player left the tournament."""

    BUSTED = "busted"
    DISQUALIFIED = "disqualified"
    NO_SHOW = "no-show"
    """Absent at the end of the first level (POK-3-1)."""


@dataclass
class Bust:
    """One player out: his stack at the start of the hand, who knocked him out."""

    player: str
    starting_stack: int
    table: int
    hand: int
    eliminators: tuple[str, ...] = ()
    kind: BustKind = BustKind.BUSTED
    pending: bool = False
    """Busted during the rebuy period and may still rebuy: not ranked yet."""
    seat: int = 0


@dataclass
class BustGroup:
    """Players out at the same time, ranked together."""

    busts: list[Bust]
    share: bool = False
    """True: everyone shares the place (TDA RP-8); False: by starting stack (POK-9-8)."""
    at: float = 0.0


class Finish(NamedTuple):
    """A final place. ``shared`` players hold the same place (a tie)."""

    place: int
    player: str
    shared: int
    bust: Bust | None


@dataclass
class Standings:
    """The order of elimination, and the places it gives."""

    entrants: int = 0
    groups: list[BustGroup] = field(default_factory=list)

    def add(self, busts: Sequence[Bust], *, share: bool, at: float = 0.0) -> BustGroup:
        """Record players out at the same time."""
        group = BustGroup(list(busts), share, at)
        self.groups.append(group)
        return group

    def find(self, player: str) -> Bust | None:
        """The bust of ``player``, or None if he is still in."""
        for group in self.groups:
            for bust in group.busts:
                if bust.player == player:
                    return bust
        return None

    def remove(self, player: str) -> Bust:
        """Undo ``player``'s bust (an entry by mistake, or a rebuy)."""
        for group in self.groups:
            for bust in group.busts:
                if bust.player == player:
                    group.busts.remove(bust)
                    if not group.busts:
                        self.groups.remove(group)
                    return bust
        raise KeyError(player)

    @property
    def out(self) -> int:
        """Players out and ranked (pending rebuys excluded)."""
        return sum(1 for g in self.groups for b in g.busts if not b.pending)

    def finishes(self, still_in: Sequence[str] = ()) -> list[Finish]:
        """Every place decided, best first; ``still_in`` (one player) is the winner.

        >>> s = Standings(entrants=4)
        >>> _ = s.add([Bust("d", 100, 1, 1)], share=False)
        >>> _ = s.add([Bust("b", 900, 1, 2), Bust("c", 300, 1, 2)], share=False)
        >>> [(f.place, f.player) for f in s.finishes(["a"])]
        [(1, 'a'), (2, 'b'), (3, 'c'), (4, 'd')]
        """
        out: list[Finish] = []
        remaining = self.entrants
        for group in self.groups:
            busts = [b for b in group.busts if not b.pending]
            k = len(busts)
            if not k:
                continue
            best = remaining - k + 1
            if group.share:
                out.extend(Finish(best, b.player, k, b) for b in busts)
            else:
                ordered = sorted(busts, key=lambda b: -b.starting_stack)
                i = 0
                while i < k:
                    j = i
                    while j < k and ordered[j].starting_stack == ordered[i].starting_stack:
                        j += 1
                    out.extend(Finish(best + i, b.player, j - i, b) for b in ordered[i:j])
                    i = j
            remaining -= k
        if len(still_in) == 1 and remaining == 1:
            out.append(Finish(1, still_in[0], 1, None))
        out.sort(key=lambda f: (f.place, f.player))
        return out


def eliminators(hand: Hand, seat: int) -> tuple[int, ...]:
    """The seats that won the pot holding ``seat``'s last chip, from the button's left.

    The pots are the engine's (:attr:`~croupier.engine.Hand.final_pots`): the player's
    last chip lies in the last pot he put chips into (a pot of dead money when that was
    all he could pay). Its winners are read from its ``Awarded`` event, in the engine's
    order.
    """
    awards = {e.pot: e.shares for e in hand.events if isinstance(e, Awarded)}
    last = max((k for k, pot in enumerate(hand.final_pots) if seat in pot.contributors), default=-1)
    return tuple(s for s, _ in awards.get(last, ()))


class KnockOutPay(NamedTuple):
    """A bounty paid: ``(player, collected, added to his head)`` for each eliminator."""

    victim: str
    bounty: int
    paid: tuple[tuple[str, int, int], ...]


@dataclass
class Bounties:
    """The bounty on every head (POK-6-3), and what each player collected."""

    knockout: KnockOut
    head: dict[str, int] = field(default_factory=dict)
    won: dict[str, int] = field(default_factory=dict)
    unclaimed: int = 0
    """Bounties of players removed without a knock-out (no-show, disqualification)."""

    def enter(self, player: str) -> None:
        """Put the starting bounty on a new entrant's head."""
        self.head[player] = self.knockout.bounty
        self.won.setdefault(player, 0)

    def knock_out(self, victim: str, by: Sequence[str]) -> KnockOutPay:
        """Pay the bounty on ``victim`` to ``by`` (in order from the button's left).

        Split equally, odd units one each from the first; in a progressive knock-out
        each share is half collected (the odd unit included) and half added to the
        eliminator's own head. When the knock-out is not ``shared``, a bounty that
        several eliminators would share goes to nobody (POK-6-3).

        >>> b = Bounties(KnockOut(1_000, progressive=True))
        >>> for p in "abc": b.enter(p)
        >>> b.knock_out("c", ["a", "b"]).paid
        (('a', 250, 250), ('b', 250, 250))
        >>> b.head["a"], b.head["c"]
        (1250, 0)
        """
        bounty = self.head.get(victim, 0)
        self.head[victim] = 0
        if len(by) > 1 and not self.knockout.shared:
            by = ()  # POK-6-3: nobody took all his chips, nobody takes his bounty
        if not by:
            self.unclaimed += bounty
            return KnockOutPay(victim, bounty, ())
        each, left = divmod(bounty, len(by))
        paid: list[tuple[str, int, int]] = []
        for k, player in enumerate(by):
            share = each + (1 if k < left else 0)
            to_head = share // 2 if self.knockout.progressive else 0
            collected = share - to_head
            self.head[player] = self.head.get(player, 0) + to_head
            self.won[player] = self.won.get(player, 0) + collected
            paid.append((player, collected, to_head))
        return KnockOutPay(victim, bounty, tuple(paid))

    def restore(self, pay: KnockOutPay) -> None:
        """Undo :meth:`knock_out` (live mode: a bust entered by mistake)."""
        if not pay.paid:
            self.unclaimed -= pay.bounty
        for player, collected, to_head in pay.paid:
            self.won[player] -= collected
            self.head[player] -= to_head
        self.head[pay.victim] = pay.bounty

    def collect_own(self, winner: str) -> int:
        """The winner collects the bounty on his own head."""
        amount = self.head.get(winner, 0)
        self.head[winner] = 0
        self.won[winner] = self.won.get(winner, 0) + amount
        return amount
