"""``croupier bench engine``: whole six-handed no-limit hands with random legal actions.

croupier and PokerKit play the same kind of hands with the same random policy (fold
when facing a bet, check or call, or bet/raise a uniformly random legal amount, each
option equally likely), each shuffling its own deck as its tables do (croupier with
:func:`croupier.table.shuffle.shuffled`, the draws of ``random.shuffle`` in fewer steps;
PokerKit with ``random.shuffle``), croupier recording every event.
Also measured: the memory of 10,000 hands in progress at once.
"""

from __future__ import annotations

import random
import tracemalloc
import warnings
from dataclasses import replace
from typing import Any

from croupier.bench.harness import Row, measure, optional_import
from croupier.engine import Action, Hand, SeatSetup
from croupier.rules import tda
from croupier.table.shuffle import shuffled

__all__ = ["engine_rows", "memory_mb", "with_memory"]

_PLAYERS = 6
_STACK = 10_000


def _croupier_hands(count: int, rng: random.Random) -> int:
    """Play ``count`` hands; returns the number of actions (to keep the work observable)."""
    rules = tda(50, 100)
    seats = [SeatSetup(i, f"p{i}", _STACK) for i in range(_PLAYERS)]
    actions = 0
    fold, check, call, show = Action.fold(), Action.check(), Action.call(), Action.show()
    for k in range(count):
        hand = Hand(rules=rules, seats=seats, button=k % _PLAYERS, deck=shuffled(rng))
        while not hand.is_over:
            legal = hand.legal_actions()
            if legal.show:
                hand.act(legal.seat, show)
                continue
            action = _pick(rng, not legal.check, legal.min_raise_to, legal.max_raise_to)
            if action is None:
                action = check if legal.check else call
            elif action is _FOLD:
                action = fold
            hand.act(legal.seat, action)
            actions += 1
    return actions


_FOLD = Action.fold()


def _pick(rng: random.Random, can_fold: bool, low: int | None, high: int | None) -> Action | None:
    """The shared random policy: each offered option equally likely; None means check/call."""
    options = 1 + can_fold + (low is not None)
    pick = int(rng.random() * options)
    if can_fold:
        if pick == 0:
            return _FOLD
        pick -= 1
    if pick == 0 or low is None or high is None:
        return None
    return Action.raise_to(low + int(rng.random() * (high - low + 1)))


def _pokerkit_hands(pokerkit: Any, count: int, rng: random.Random) -> int:
    automations = (
        pokerkit.Automation.ANTE_POSTING,
        pokerkit.Automation.BET_COLLECTION,
        pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
        pokerkit.Automation.CARD_BURNING,
        pokerkit.Automation.HOLE_DEALING,
        pokerkit.Automation.BOARD_DEALING,
        pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        pokerkit.Automation.HAND_KILLING,
        pokerkit.Automation.CHIPS_PUSHING,
        pokerkit.Automation.CHIPS_PULLING,
    )
    actions = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(count):
            state = pokerkit.NoLimitTexasHoldem.create_state(
                automations, True, 0, (50, 100), 100, (_STACK,) * _PLAYERS, _PLAYERS
            )
            while state.status:
                raising = state.can_complete_bet_or_raise_to()
                action = _pick(
                    rng,
                    state.can_fold(),
                    state.min_completion_betting_or_raising_to_amount if raising else None,
                    state.max_completion_betting_or_raising_to_amount if raising else None,
                )
                if action is None:
                    state.check_or_call()
                elif action is _FOLD:
                    state.fold()
                else:
                    state.complete_bet_or_raise_to(action.amount)
                actions += 1
    return actions


def engine_rows(*, quick: bool, repeat: int, seed: int = 2026) -> list[Row]:
    """croupier and PokerKit hands per second, measured in the same run."""
    ours = 300 if quick else 4_000
    rows = [
        measure(
            "croupier.engine",
            lambda: _croupier_hands(ours, random.Random(seed)),
            count=ours,
            unit="hands",
            repeat=repeat,
            note="6-max no-limit, random legal actions, every event recorded",
        )
    ]
    pokerkit = optional_import("pokerkit")
    if pokerkit is not None:
        theirs = 30 if quick else 300
        rows.append(
            measure(
                "pokerkit.engine",
                lambda: _pokerkit_hands(pokerkit, theirs, random.Random(seed)),
                count=theirs,
                unit="hands",
                repeat=repeat,
            )
        )
    return rows


def with_memory(rows: list[Row], *, quick: bool) -> list[Row]:
    """The rows, croupier's carrying the memory of many hands in progress."""
    count = 1_000 if quick else 10_000
    megabytes = memory_mb(count)
    out = []
    for row in rows:
        if row.name == "croupier.engine":
            row = replace(
                row,
                note=f"{row.note}; {count:,} hands in progress hold {megabytes:.1f} MB",
                extra={**row.extra, "hands_in_progress": count, "memory_mb": round(megabytes, 1)},
            )
        out.append(row)
    return out


def memory_mb(count: int, seed: int = 2026) -> float:
    """Python memory (MB) held by ``count`` hands in progress at once, each a few calls in."""
    rng = random.Random(seed)
    rules = tda(50, 100)
    seats = [SeatSetup(i, f"p{i}", _STACK) for i in range(_PLAYERS)]
    tracemalloc.start()
    base, _ = tracemalloc.get_traced_memory()
    hands = []
    for k in range(count):
        hand = Hand(rules=rules, seats=seats, button=k % _PLAYERS, deck=shuffled(rng))
        for _ in range(3):  # a few calls in: each hand holds its events so far
            if hand.is_over:
                break
            legal = hand.legal_actions()
            hand.act(legal.seat, Action.check() if legal.check else Action.call())
        hands.append(hand)
    current, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del hands
    return (current - base) / 1e6
