"""``croupier bench env``: environment steps per second with random masked agents.

Side by side in one run: croupier's PettingZoo AEC environment and its vectorised
tables, against PettingZoo's ``texas_holdem_no_limit_v6`` (RLCard's game) and OpenSpiel's
``universal_poker`` when they install, six-handed and heads-up no-limit. A step is one
agent's action; every agent picks uniformly among the actions its mask allows.
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


def _openspiel_steps(pyspiel: Any, players: int, steps: int, seed: int) -> int:
    """universal_poker with random legal actions, reading the actor's observation tensor."""
    if players == 2:
        blinds, first, stacks = "100 50", "2 1 1 1", "20000 20000"
    else:
        blinds = " ".join(["50", "100"] + ["0"] * (players - 2))
        first, stacks = "3 1 1 1", " ".join(["10000"] * players)
    game = pyspiel.load_game(
        f"universal_poker(betting=nolimit,numPlayers={players},numRounds=4,blind={blinds},"
        f"firstPlayer={first},numSuits=4,numRanks=13,numHoleCards=2,numBoardCards=0 3 1 1,"
        f"stack={stacks})"
    )
    rng = np.random.default_rng(seed)
    done = 0
    while done < steps:
        state = game.new_initial_state()
        while not state.is_terminal() and done < steps:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
                continue
            state.observation_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
            done += 1
    return done


def env_rows(*, quick: bool, repeat: int, seed: int = 2026) -> list[Row]:
    """Steps per second of croupier's environments and PettingZoo's (RLCard) hold'em."""
    from croupier.env import aec_env, vector_env

    rows: list[Row] = []
    steps = 1_000 if quick else 10_000
    pettingzoo = optional_import("pettingzoo.classic")
    pyspiel = optional_import("pyspiel")
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
        if pyspiel is not None:
            rows.append(
                measure(
                    f"openspiel.universal_poker.{label}",
                    partial(_openspiel_steps, pyspiel, players, steps, seed),
                    count=steps,
                    unit="steps",
                    repeat=repeat,
                    note=f"{label} universal_poker (C++), fold/call/pot/all-in, observation tensor",
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
