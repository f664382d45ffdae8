"""OpenSpiel's tabular Q-learning agent, unchanged, trained on croupier's Gymnasium environment.

Run: ``python examples/openspiel_qlearning.py`` (needs ``pip install croupier[env]`` and
``open_spiel``, numpy only: no deep-learning framework). The agent is
``open_spiel.python.algorithms.tabular_qlearner.QLearner``; it plays heads-up no-limit against
croupier's calling station and learns from whole hands. croupier's observations and masks
are handed to it as OpenSpiel's own ``TimeStep`` (``info_state``, ``legal_actions`` from the
mask, the reward at the end of the hand). A table needs a small state space: the info state
given to it is a coarse key of the flat observation (the street, the hole cards' ranks and
whether they are suited, whether there is a bet to call), as card abstractions do.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from open_spiel.python import rl_tools
from open_spiel.python.algorithms.tabular_qlearner import QLearner
from open_spiel.python.rl_environment import StepType, TimeStep

from croupier.env import gym_env

PLAYERS = 2
TO_CALL = 108 + 6 * PLAYERS + 1  # the flat vector's "to call" (docs/research.md)


def info_state(observation: dict[str, Any]) -> tuple[int, ...]:
    """The coarse key of an observation: street, ranks high then low, suited, facing a bet."""
    vector = observation["observation"]
    cards = np.flatnonzero(vector[:52])  # the agent's own two cards, one-hot
    high, low = sorted((int(c) // 4 for c in cards), reverse=True)
    suited = int(cards[0] % 4 == cards[1] % 4)
    street = int(np.flatnonzero(vector[104:108])[0])
    return street, high, low, suited, int(vector[TO_CALL] > 0)


def time_step(observation: dict[str, Any], reward: float, kind: StepType) -> TimeStep:
    """croupier's observation as OpenSpiel's TimeStep for player 0."""
    legal = [] if kind is StepType.LAST else np.flatnonzero(observation["action_mask"]).tolist()
    return TimeStep(
        observations={
            "info_state": [info_state(observation)],
            "legal_actions": [legal],
            "current_player": 0,
        },
        rewards=[reward],
        discounts=[1.0],
        step_type=kind,
    )


def train(episodes: int = 5_000, seed: int = 0) -> tuple[list[float], QLearner]:
    """Train for ``episodes`` hands; the reward (big blinds) of each hand, and the agent."""
    np.random.seed(seed)  # the QLearner explores with numpy's global generator
    env = gym_env(players=PLAYERS, opponents="station")
    agent = QLearner(
        player_id=0,
        num_actions=env.action_space.n,
        step_size=0.1,
        epsilon_schedule=rl_tools.ConstantSchedule(0.1),
    )
    rewards: list[float] = []
    observation, _ = env.reset(seed=seed)
    for _ in range(episodes):
        step, total = time_step(observation, 0.0, StepType.FIRST), 0.0
        while True:
            action = agent.step(step).action
            observation, reward, terminated, truncated, _ = env.step(int(action))
            total += reward
            if terminated or truncated:
                agent.step(time_step(observation, reward, StepType.LAST))  # learns the result
                break
            step = time_step(observation, reward, StepType.MID)
        rewards.append(total)
        observation, _ = env.reset()
    return rewards, agent


if __name__ == "__main__":
    won, _ = train()
    first, last = np.mean(won[:1000]), np.mean(won[-1000:])
    print(f"first 1,000 hands: {first:+.2f} bb a hand, last 1,000: {last:+.2f} bb a hand")
