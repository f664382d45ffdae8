"""The pot principle, checked from a hand's events alone (an oracle independent of the pots).

A player wins from each opponent at most what he put in himself; what no player still in
the hand matched goes back to whoever put it in; dead money (a dead ante) may be won by
every hand still in, except that a player short on his own dead money wins from each
payer's at most what he paid (ITA-40, POK-9-6, TDA R21).
"""

from __future__ import annotations

from croupier.engine import (
    Acted,
    ActionKind,
    Awarded,
    BetReturned,
    Hand,
    HandStarted,
    LegalActions,
    Posted,
    Raked,
    Voided,
)
from croupier.rules import AntePot

__all__ = ["check_asked_something", "check_pot_principle"]


def check_pot_principle(hand: Hand) -> None:
    """Assert the principle on a finished hand; a voided hand only returns every chip."""
    events = hand.events
    started = events[0]
    assert isinstance(started, HandStarted)
    if any(isinstance(e, Voided) for e in events):
        assert hand.stacks == hand.starting_stacks
        return
    dead_antes = started.rules.ante_pot is AntePot.DEAD_MONEY
    seats = [s.seat for s in started.seats]
    live_put = dict.fromkeys(seats, 0)
    dead_put = dict.fromkeys(seats, 0)
    short: set[int] = set()
    back = dict.fromkeys(seats, 0)
    won = dict.fromkeys(seats, 0)
    folded: set[int] = set()
    rake = 0
    due = {(f.seat, f.kind): f.amount for f in started.forced}
    for e in events:
        if isinstance(e, Posted):
            if dead_antes and e.kind.value == "ante":
                dead_put[e.seat] += e.amount
                if e.amount < due[(e.seat, e.kind)]:
                    short.add(e.seat)
            else:
                live_put[e.seat] += e.amount
        elif isinstance(e, Acted):
            live_put[e.seat] += e.put
            if e.kind is ActionKind.FOLD:
                folded.add(e.seat)
        elif isinstance(e, BetReturned):
            back[e.seat] += e.amount
        elif isinstance(e, Awarded):
            for seat, amount in e.shares:
                won[seat] += amount
        elif isinstance(e, Raked):
            rake += e.amount
    live_c, dead_c = {}, {}
    for s in seats:
        from_live = min(back[s], live_put[s])
        live_c[s] = live_put[s] - from_live
        dead_c[s] = dead_put[s] - (back[s] - from_live)
        assert dead_c[s] >= 0, (s, back[s], live_put[s], dead_put[s])
    still_in = [s for s in seats if s not in folded]
    assert still_in, "a finished hand has a player still in"
    top_live = max(live_c[s] for s in still_in)
    for s in folded:  # nothing left in the pots that nobody still in matched
        assert live_c[s] <= top_live, f"seat {s} left {live_c[s] - top_live} unmatched"
    cap = {s: dead_c[s] if s in short else None for s in seats}
    if any(dead_c.values()) and all(cap[s] is not None for s in still_in):
        top_cap = max(c for s in still_in if (c := cap[s]) is not None)
        for s in seats:
            assert dead_c[s] <= top_cap, f"seat {s}'s dead money left unmatched"
    for s in seats:
        if s in folded:
            assert won[s] == 0, f"folded seat {s} won {won[s]}"
            continue
        may_win = sum(min(live_c[j], live_c[s]) for j in seats)
        c = cap[s]
        may_win += sum(dead_c[j] if c is None else min(dead_c[j], c) for j in seats)
        assert won[s] <= may_win, f"seat {s} won {won[s]}, more than the {may_win} he covered"
    put = sum(live_put.values()) + sum(dead_put.values())
    assert sum(won.values()) + rake + sum(back.values()) == put
    assert sum(hand.stacks.values()) + hand.rake == sum(hand.starting_stacks.values())


def check_asked_something(hand: Hand, legal: LegalActions) -> None:
    """A player asked to bet has a decision: he may raise, or he owes chips that a player
    still in could match (an opponent has, bet or behind, more than his bet)."""
    if legal.show or legal.muck or legal.min_raise_to is not None:
        return
    bets, stacks = hand.bets, hand.stacks
    reach = [
        bets[s.seat] + stacks[s.seat]
        for s in hand.seats
        if s.seat != legal.seat and not hand.is_folded(s.seat)
    ]
    assert legal.call is not None and max(reach) > legal.bet, (
        f"seat {legal.seat} was asked with nothing to decide: {legal.describe()}"
    )
