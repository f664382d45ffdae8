"""The pot principle, checked from a hand's events alone (an oracle independent of the pots).

A player wins from each opponent at most what he put in himself (ITA-40, POK-9-6, TDA
R21), except that a player still in with chips behind may also win what no player still in
put in: an absent player's killed blind stays in the pot (POK-3-2, ITA-51, TDA R30), so a
player left alone with chips behind wins everything, and nothing goes back to a folded
player while such a player is still in. Only what no player still in can win, because
every one of them is all-in for less, goes back to whoever put it in, and exactly that.
Dead money (a dead ante) may be won by every hand still in, except that a player short on
his own dead money wins from each payer's at most what he paid.
"""

from __future__ import annotations

from croupier.engine import (
    Acted,
    ActionKind,
    Awarded,
    BetReturned,
    Hand,
    HandStarted,
    HoleDealt,
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
    capped = started.rules.short_dead_money_capped  # else a short payer contests it all
    seats = [s.seat for s in started.seats]
    live_put = dict.fromkeys(seats, 0)
    dead_put = dict.fromkeys(seats, 0)
    short: set[int] = set()
    back = dict.fromkeys(seats, 0)
    trimmed = dict.fromkeys(seats, 0)  # antes trimmed before the deal (PHH)
    dealt = False
    won = dict.fromkeys(seats, 0)
    folded: set[int] = set()
    awards: dict[int, tuple[tuple[int, int], ...]] = {}
    rake = 0
    due = {(f.seat, f.kind): f.amount for f in started.forced}
    for e in events:
        if isinstance(e, Posted):
            if dead_antes and e.kind.value == "ante":
                dead_put[e.seat] += e.amount
                if e.amount < due[(e.seat, e.kind)] and capped:
                    short.add(e.seat)
            else:
                live_put[e.seat] += e.amount
        elif isinstance(e, Acted):
            live_put[e.seat] += e.put
            if e.kind is ActionKind.FOLD:
                folded.add(e.seat)
        elif isinstance(e, BetReturned):
            back[e.seat] += e.amount
            if not dealt:
                trimmed[e.seat] += e.amount
        elif isinstance(e, HoleDealt):
            dealt = True
        elif isinstance(e, Awarded):  # a pot awarded again (RRP-5) replaces its award
            awards[e.pot] = e.shares
        elif isinstance(e, Raked):
            rake += e.amount
    for shares in awards.values():
        for seat, amount in shares:
            won[seat] += amount
    live_c, dead_c = {}, {}
    for s in seats:
        from_live = min(back[s], live_put[s])
        live_c[s] = live_put[s] - from_live
        dead_c[s] = dead_put[s] - (back[s] - from_live)
        assert dead_c[s] >= 0, (s, back[s], live_put[s], dead_put[s])
    still_in = [s for s in seats if s not in folded]
    assert still_in, "a finished hand has a player still in"
    start = {s.seat: s.stack for s in started.seats}
    behind = {s: start[s] - live_put[s] - dead_put[s] + back[s] for s in seats}
    covering = [s for s in still_in if behind[s] > 0]
    top_live = max(live_c[s] for s in still_in)
    for s in folded:
        if covering:  # a player still in with chips behind may win it all: nothing back
            assert back[s] == trimmed[s], (
                f"folded seat {s} got {back[s] - trimmed[s]} back that seat {covering[0]},"
                " still in with chips behind, could win"
            )
        else:  # all-in for less: exactly what nobody still in matched comes back
            assert live_c[s] <= top_live, f"seat {s} left {live_c[s] - top_live} unmatched"
            put_in = live_put[s] - min(trimmed[s], live_put[s])
            assert live_c[s] >= min(put_in, top_live), (
                f"folded seat {s} got back more than what nobody still in matched"
            )
    cap = {s: dead_c[s] if s in short else None for s in seats}
    if any(dead_c.values()) and all(cap[s] is not None for s in still_in):
        top_cap = max(c for s in still_in if (c := cap[s]) is not None)
        for s in seats:
            assert dead_c[s] <= top_cap, f"seat {s}'s dead money left unmatched"
    for s in seats:
        if s in folded:
            assert won[s] == 0, f"folded seat {s} won {won[s]}"
            continue
        # at most what he put in, from each opponent; with chips behind, also what no
        # player still in put in (a killed blind above every live contribution)
        may_win = sum(min(live_c[j], live_c[s]) for j in seats)
        if behind[s] > 0:
            may_win += sum(max(0, live_c[j] - top_live) for j in folded)
        c = cap[s]
        may_win += sum(dead_c[j] if c is None else min(dead_c[j], c) for j in seats)
        assert won[s] <= may_win, f"seat {s} won {won[s]}, more than the {may_win} he covered"
    if len(still_in) == 1 and covering:  # alone with chips behind: he wins the whole pot
        (s,) = still_in
        assert won[s] + rake == sum(live_c.values()) + sum(dead_c.values()), (
            f"seat {s}, alone with chips behind, did not win the whole pot"
        )
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
