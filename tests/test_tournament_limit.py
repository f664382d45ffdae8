"""Fixed-limit tournaments: the raise cap heads-up (TDA R48, PKG-11).

TDA R48: in limit the cap applies even heads-up "until the event is down to two
players"; the tournament then plays its hands with the cap lifted
(``lift_cap_event_heads_up``). PKG-11 keeps it capped heads-up in tournaments.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from _hands import assert_conserved
from croupier.engine import Action, Hand
from croupier.room.tournament import ManualClock, Tournament, TournamentConfig
from croupier.room.tournament.config import TDA_OPTIONS
from croupier.room.tournament.structure import tda_structure
from croupier.rules import Rules, tda


def _limit_tda(small_blind: int, big_blind: int) -> Rules:
    return tda(small_blind, big_blind, structure="fixed-limit")


def _keeps_the_cap(small_blind: int, big_blind: int) -> Rules:
    return _limit_tda(small_blind, big_blind).but(lift_cap_event_heads_up=False)


def started(rules: Callable[..., Rules], players: int) -> Tournament:
    config = TournamentConfig("limit", rules, tda_structure(), TDA_OPTIONS)
    t = Tournament(config, clock=ManualClock(), rng=random.Random(5))
    for k in range(players):
        t.register(f"p{k}", adult=True)
    t.start()
    return t


def raise_war(hand: Hand, fold_first: int) -> int:
    """``fold_first`` players fold, the last two raise while they may: the bets and
    raises of the round (the big blind's included)."""
    folds = 0
    raises = 1
    while hand.street.value == 0 and not hand.is_over:
        legal = hand.legal_actions()
        if folds < fold_first:
            hand.act(legal.seat, Action.fold())
            folds += 1
        elif legal.min_raise_to is not None and raises < 8:
            hand.act(legal.seat, Action.raise_to(legal.min_raise_to))
            raises += 1
        else:
            assert "capped" in legal.why_no_raise or raises == 8, legal.describe()
            hand.act(legal.seat, Action.call())
    return raises


@pytest.mark.rule("PKG-11")
def test_tda_limit_keeps_the_cap_heads_up_while_the_event_has_three_players() -> None:
    """Three players in the event, one folds: the two left are heads-up in the hand, and
    the betting is still capped at a bet and three raises (TDA R48)."""
    t = started(_limit_tda, 3)
    (table,) = t.tables
    hand = t.start_hand(table)
    assert not hand.rules.lift_cap_heads_up
    assert raise_war(hand, fold_first=1) == 4
    assert_conserved(hand)


@pytest.mark.rule("PKG-11")
def test_tda_limit_lifts_the_cap_once_the_event_is_down_to_two_players() -> None:
    """Two players left in the event: no cap (TDA R48); the rules that keep it (PKG-11,
    "capped in tournaments") still cap the same hand."""
    t = started(_limit_tda, 2)
    (table,) = t.tables
    hand = t.start_hand(table)
    assert hand.rules.lift_cap_heads_up
    assert raise_war(hand, fold_first=0) == 8  # past the cap of four
    assert_conserved(hand)
    capped = started(_keeps_the_cap, 2)
    hand = capped.start_hand(next(iter(capped.tables)))
    assert raise_war(hand, fold_first=0) == 4
