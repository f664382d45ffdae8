"""The vectorised tables: arrays of the right shapes, the same play as one table alone."""

from __future__ import annotations

import numpy as np

from croupier.env import PokerGame, vector_env


def test_vector_tables_play_as_single_tables_would() -> None:
    tables = vector_env(tables=8, players=3)
    observations, masks, seats = tables.reset(seed=100)
    singles = [PokerGame(players=3) for _ in range(8)]
    for i, game in enumerate(singles):
        game.reset(seed=100 + i)
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(400):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        for i, game in enumerate(singles):
            seat = game.to_act
            assert seat == seats[i]
            assert np.array_equal(game.observe(seat)["observation"], observations[i])
            assert np.array_equal(game.observe_from_view(seat), observations[i])  # the view's
            assert np.array_equal(game.mask(seat), masks[i])
            game.step(int(actions[i]))
        observations, masks, seats, rewards, done = tables.step(actions)
        for i, game in enumerate(singles):
            if done[i]:
                finished += 1
                expected = [game.last_rewards[s] for s in range(3)]
                assert np.allclose(rewards[i], expected, rtol=0, atol=1e-4)
                assert abs(rewards[i].sum()) < 1e-3  # zero-sum, no rake
                game.new_cash_hand()
            else:
                assert not rewards[i].any()
    assert finished > 50
    assert observations.shape == (8, 146) and masks.dtype == np.int8
