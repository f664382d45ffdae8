"""``croupier bench env``: environment steps per second with random masked agents.

Side by side in one run: croupier's PettingZoo AEC environment and its vectorised
tables, against PettingZoo's ``texas_holdem_no_limit_v6`` (RLCard's game) when it
installs, six-handed and heads-up no-limit. A step is one agent's action; every agent
picks uniformly among the actions its mask allows.
"""

from __future__ import annotations

import warnings
from functools import partial
from typing import Any

import numpy as np

from croupier.bench.harness import Row, measure, optional_import

__all__ = ["env_rows"]


def _aec_steps(env: Any, steps: int, seed: int) -> int:
    """Step ``env`` (an AEC env) ``steps`` times with random masked actions."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    done = 0
    while done < steps:
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            if not env.agents:
                env.reset()
            continue
        observation = env.observe(agent)
        mask = observation["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
        done += 1
    return done


def _vector_steps(tables: Any, steps: int, seed: int) -> int:
    rng = np.random.default_rng(seed)
    _, masks, _ = tables.reset(seed=seed)
    done = 0
    width = masks.shape[1]
    while done < steps:
        # one random legal index per table, vectorised: the k-th one of each mask
        counts = masks.sum(axis=1)
        pick = (rng.random(len(counts)) * counts).astype(np.int64)
        order = np.cumsum(masks, axis=1) - 1
        actions = np.argmax((order == pick[:, None]) & (masks == 1), axis=1) % width
        _, masks, _, _, _ = tables.step(actions)
        done += len(counts)
    return done


def env_rows(*, quick: bool, repeat: int, seed: int = 2026) -> list[Row]:
    """Steps per second of croupier's environments and PettingZoo's (RLCard) hold'em."""
    from croupier.env import aec_env, vector_env

    rows: list[Row] = []
    steps = 1_000 if quick else 10_000
    pettingzoo = optional_import("pettingzoo.classic")
    for players, label in ((6, "6-max"), (2, "heads-up")):
        rows.append(
            measure(
                f"croupier.aec.{label}",
                partial(_aec_steps, aec_env(players=players), steps, seed),
                count=steps,
                unit="steps",
                repeat=repeat,
                note=f"{label} no-limit, 100 bb, PettingZoo AEC API",
            )
        )
        rows.append(
            measure(
                f"croupier.vector.{label}",
                partial(_vector_steps, vector_env(tables=64, players=players), steps, seed),
                count=steps,
                unit="steps",
                repeat=repeat,
                note=f"{label} no-limit, 64 tables per call",
            )
        )
        if pettingzoo is not None:
            try:
                from pettingzoo.classic import texas_holdem_no_limit_v6
            except Exception as error:  # RLCard missing: the row is skipped, said on stderr
                print(f"pettingzoo texas_holdem_no_limit: {error}")
                continue
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                rows.append(
                    measure(
                        f"pettingzoo.rlcard.{label}",
                        partial(
                            _aec_steps,
                            texas_holdem_no_limit_v6.env(num_players=players),
                            steps,
                            seed,
                        ),
                        count=steps,
                        unit="steps",
                        repeat=repeat,
                        note=f"{label} texas_holdem_no_limit_v6 (RLCard)",
                    )
                )
    return rows
