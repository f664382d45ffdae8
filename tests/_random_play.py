"""Random legal play, shared by the property tests: every offered option, chosen at random."""

from __future__ import annotations

import random
from collections.abc import Callable

from croupier.cards import Deck
from croupier.engine import Action, Hand, LegalActions, SeatSetup
from croupier.rules import Rules, casino_fr, italian, phh, pokcomm, pokerkings, tda

PRESET_BUILDERS: dict[str, Callable[[], Rules]] = {
    "pokcomm": lambda: pokcomm(25, 50, ante=5),
    "pokerkings": lambda: pokerkings(15, 30, small_blind=7),
    "italian": lambda: italian(50, 100, ante=10),
    "casino-fr-nl": lambda: casino_fr("no-limit", 100, 200, option=True),
    "casino-fr-pl": lambda: casino_fr("pot-limit", 100, 200),
    "casino-fr-fl": lambda: casino_fr("fixed-limit", 100, 200),
    "tda": lambda: tda(50, 100, ante=100),
    "tda-fl": lambda: tda(50, 100, structure="fixed-limit"),
    "phh-nl": lambda: phh("no-limit", 50, 100),
    "phh-fl": lambda: phh("fixed-limit", 50, 100),
}


def options(legal: LegalActions, rng: random.Random) -> list[Action]:
    """Every kind of action the legal set offers, with raise amounts at both ends and between."""
    out: list[Action] = []
    if legal.show:
        out.append(Action.show())
    if legal.muck:
        out.append(Action.muck())
    if legal.show or legal.muck:
        return out
    out.append(Action.timeout())
    if legal.fold:
        out.append(Action.fold())
    if legal.check:
        out.append(Action.check())
    if legal.call is not None:
        out.append(Action.call())
    if legal.min_raise_to is not None and legal.max_raise_to is not None:
        out.append(Action.raise_to(legal.min_raise_to))
        out.append(Action.raise_to(legal.max_raise_to))
        out.append(Action.raise_to(rng.randint(legal.min_raise_to, legal.max_raise_to)))
    if legal.all_in is not None:
        out.append(Action.all_in())
    out.append(Action.put(rng.randint(0, legal.stack)))
    return out


def random_hand(
    rng: random.Random,
    rules: Rules,
    stacks: list[int],
    *,
    button: int | None = None,
    absent_chance: float = 0.0,
) -> Hand:
    """A hand at ``stacks`` on seats drawn from 0-9, with a seeded shuffle."""
    seats = sorted(rng.sample(range(10), len(stacks)))
    setups = [
        SeatSetup(seat, f"p{seat}", stack, absent=k > 0 and rng.random() < absent_chance)
        for k, (seat, stack) in enumerate(zip(seats, stacks, strict=True))
    ]
    if button is None:
        button = rng.choice(seats) if rng.random() < 0.9 else rng.randrange(10)
    straddle = bool(rules.stakes.straddle) and len(seats) >= 4 and rng.random() < 0.5
    return Hand(
        rules=rules, seats=setups, button=button, deck=Deck.shuffled(rng), straddle=straddle
    )


def play_randomly(hand: Hand, rng: random.Random, *, max_steps: int = 1_000) -> int:
    """Play to the end with random legal actions; returns the number of actions."""
    steps = 0
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        legal = hand.legal_actions()
        choices = options(legal, rng)
        for action in choices:
            assert action in legal, (action, legal)
        hand.act(seat, rng.choice(choices))
        steps += 1
        assert steps < max_steps, "the hand does not end"
    return steps
