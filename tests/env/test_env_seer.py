"""The flat vector read from the hand directly (:class:`croupier.env.seer.Seer`, what
``observe`` returns) is the one built from the seat's whole view, for every seat after every
action, on random hands of every structure, 2 to 10 seats, cash hands and sit-and-goes."""

from __future__ import annotations

import random

import numpy as np
import pytest

from croupier.env import PokerGame
from croupier.rules import casino_fr, pokerkings, tda


@pytest.mark.parametrize(
    ("players", "rules", "mode"),
    [
        (2, tda(50, 100), "cash"),
        (6, tda(50, 100), "cash"),
        (10, tda(50, 100), "cash"),
        (3, casino_fr("pot-limit", 100, 200), "cash"),
        (4, pokerkings(100, 200), "cash"),
        (3, tda(50, 100), "sng"),
    ],
)
def test_the_direct_observation_is_the_views_on_random_hands(
    players: int, rules: object, mode: str
) -> None:
    rng = random.Random(players)
    game = PokerGame(players=players, rules=rules, mode=mode, stack=2_000)  # type: ignore[arg-type]
    compared = 0
    for episode in range(40):
        game.reset(seed=episode)
        while True:
            for seat in game.seats:  # every seat, the one to act and the others, busted too
                direct = game.observe(seat)["observation"]
                assert np.array_equal(direct, game.observe_from_view(seat)), (episode, seat)
                compared += 1
            if game.episode_over:
                break
            if game.hand is not None and game.hand.is_over:
                game.advance()
                continue
            seat = game.to_act
            assert seat is not None
            legal = np.flatnonzero(game.mask(seat))
            game.step(int(rng.choice(legal)))
    assert compared > 40 * players * 3


def test_a_seed_deals_the_same_cards_and_decks_are_whole() -> None:
    first, second = PokerGame(players=6), PokerGame(players=6)
    for game in (first, second):
        game.reset(seed=11)
    assert first.hand is not None
    opening = [first.hand.hole_cards(s) for s in first.seats]
    for _ in range(40):  # forty hands each, folded round to the big blind
        assert first.hand is not None and second.hand is not None
        cards = [first.hand.hole_cards(s) for s in first.seats]
        assert cards == [second.hand.hole_cards(s) for s in second.seats]
        dealt = [c for pair in cards for c in pair]
        assert len(set(dealt)) == 12
        for game in (first, second):
            while game.to_act is not None:
                game.step(0 if game.mask(game.to_act)[0] else 1)
            game.new_cash_hand()
    other = PokerGame(players=6)
    other.reset(seed=12)
    assert other.hand is not None
    assert [other.hand.hole_cards(s) for s in other.seats] != opening  # another seed, other cards
