"""The vectorised tables: arrays of the right shapes, the same play as one table alone,
every row the vector of the seat's own view, every mask the single table's."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from croupier.env import ActionSet, PokerGame, vector_env
from croupier.errors import ConfigurationError, IllegalActionError
from croupier.rules import casino_fr, pokerkings, tda

CONFIGS: list[dict[str, Any]] = [
    {"players": 3},
    {"players": 2, "stack": 1_000},
    {"players": 6, "actions": ActionSet(pot=(0.33, 1), blinds=(2.5, 4))},
    {"players": 10, "rules": casino_fr("pot-limit", 100, 200), "stack": 4_000},
    {"players": 4, "rules": pokerkings(100, 200)},  # fixed-limit
    {"players": 2, "actions": "amount", "stack": 600},  # the masks of the exact amounts
    {"players": 5, "rules": tda(50, 100, ante=25)},
]


@pytest.mark.parametrize(
    "config", CONFIGS, ids=lambda c: "-".join(getattr(v, "name", f"{v}")[:24] for v in c.values())
)
def test_vector_tables_play_as_single_tables_would(config: dict[str, Any]) -> None:
    players = config["players"]
    tables = vector_env(tables=8, **config)
    observations, masks, seats = tables.reset(seed=100)
    singles = [PokerGame(**config) for _ in range(8)]
    for i, game in enumerate(singles):
        game.reset(seed=100 + i)
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(150):
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
                expected = [game.last_rewards[s] for s in range(players)]
                assert np.allclose(rewards[i], expected, rtol=0, atol=1e-4)
                rake = game.hand.rake / game.rules.stakes.big_blind  # zero-sum but the rake
                assert abs(rewards[i].sum() + rake) < 1e-3
                game.new_cash_hand()
            else:
                assert not rewards[i].any()
    assert finished > 15
    assert observations.shape == (8, 116 + 10 * players) and masks.dtype == np.int8


def _state(tables: Any) -> list[tuple[object, ...]]:
    return [(g.hand, len(g.hand.events), g.to_act) for g in tables.games]


def test_an_illegal_action_is_refused_in_the_engines_words_before_any_table_moves() -> None:
    tables = vector_env(tables=4, players=2)
    _, masks, _ = tables.reset(seed=3)
    actions = np.ones(4, dtype=np.int64)
    before = _state(tables)
    actions[2] = 9  # no such action: 0 to 5
    with pytest.raises(IllegalActionError, match="table 2: action 9 does not exist"):
        tables.step(actions)
    assert _state(tables) == before
    _, masks, _ = tables.step(np.full(4, 5, dtype=np.int64))[:3]  # all-in everywhere
    refused = np.argwhere(masks == 0)  # facing an all-in: no raise sizes left
    assert len(refused)
    table, index = refused[0]
    actions = np.ones(4, dtype=np.int64)
    actions[table] = index
    before = _state(tables)
    with pytest.raises(IllegalActionError, match=f"table {table}: "):
        tables.step(actions)
    assert _state(tables) == before


@pytest.mark.parametrize(
    "actions", [np.ones(3, dtype=np.int64), np.ones(4, dtype=np.float64), [[1, 1], [1, 1]]]
)
def test_actions_of_the_wrong_shape_or_kind_are_refused(actions: Any) -> None:
    tables = vector_env(tables=4, players=2)
    tables.reset(seed=1)
    before = _state(tables)
    with pytest.raises(ConfigurationError, match="actions: "):
        tables.step(actions)
    assert _state(tables) == before


@pytest.mark.parametrize(
    "module",
    ["croupier.env.vector", "croupier.env.shoe", "croupier.env.game", "croupier.env.actions"],
)
def test_the_doctests(module: str) -> None:
    import doctest
    import importlib

    failures, tests = doctest.testmod(importlib.import_module(module))
    assert tests > 0 and failures == 0
