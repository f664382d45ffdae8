"""The environments pass PettingZoo's and Gymnasium's own API checks."""

from __future__ import annotations

import warnings

import gymnasium
import pytest
from gymnasium.utils.env_checker import check_env

with warnings.catch_warnings():  # its test module imports connect_four the deprecated way
    warnings.simplefilter("ignore", DeprecationWarning)
    from pettingzoo.test import api_test, parallel_api_test

from croupier.env import aec_env, gym_env, parallel_env
from croupier.rules import casino_fr, pokerkings

# PettingZoo's classic card games give the same two notices: a Dict observation holding
# the action mask is the convention its own hold'em environments follow.
_DICT_NOTICES = [
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
]

CONFIGS = [
    {"players": 2},
    {"players": 6, "readable": True},
    {"players": 3, "mode": "sng", "stack": 1_000},
    {"players": 2, "actions": "amount", "stack": 1_000},
    {"players": 4, "rules": pokerkings(50, 100)},  # fixed-limit
    {"players": 10, "rules": casino_fr(structure="pot-limit")},
]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(f"{v}" for v in c.values()))
@pytest.mark.filterwarnings(*_DICT_NOTICES)
def test_pettingzoo_aec_api(config: dict[str, object]) -> None:
    api_test(aec_env(**config), num_cycles=300)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(f"{v}" for v in c.values()))
def test_pettingzoo_parallel_api(config: dict[str, object]) -> None:
    parallel_api_test(parallel_env(**config), num_cycles=300)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(f"{v}" for v in c.values()))
def test_gymnasium_check_env(config: dict[str, object]) -> None:
    # the checker samples actions without the mask: an illegal one ends the episode
    env = gymnasium.make("croupier/Holdem-v0", illegal="end", opponents="reasonable", **config)
    check_env(env.unwrapped)


def test_three_lines() -> None:
    env = gym_env(players=6)
    observation, _ = env.reset(seed=42)
    assert observation["action_mask"].any()


def test_the_reinforce_example_trains_on_the_environment() -> None:
    import runpy
    from pathlib import Path

    example = Path(__file__).resolve().parents[2] / "examples" / "reinforce.py"
    train = runpy.run_path(str(example))["train"]
    rewards = train(episodes=150, seed=1)
    assert len(rewards) == 150
    assert all(abs(r) <= 100 for r in rewards)  # a hand never wins or loses more than 100 bb
    assert any(r != 0 for r in rewards)


def test_openspiels_own_q_learning_agent_trains_on_the_environment() -> None:
    import runpy
    from pathlib import Path

    example = Path(__file__).resolve().parents[2] / "examples" / "openspiel_qlearning.py"
    train = runpy.run_path(str(example))["train"]
    rewards, agent = train(episodes=150, seed=1)
    assert len(rewards) == 150
    assert all(abs(r) <= 100 for r in rewards)  # a hand never wins or loses more than 100 bb
    learned = [q for values in agent._q_values.values() for q in values.values() if q != 0]
    assert len(agent._q_values) > 10 and learned  # states seen, values moved by the results
