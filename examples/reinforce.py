"""REINFORCE with a linear softmax policy in numpy, on croupier's Gymnasium environment.

Run: ``python examples/reinforce.py`` (needs ``pip install croupier[env]``). The agent
plays heads-up no-limit against croupier's calling station and learns from whole hands.
"""

from __future__ import annotations

import numpy as np

from croupier.env import gym_env


def train(episodes: int = 2_000, seed: int = 0, rate: float = 0.01) -> list[float]:
    """Train for ``episodes`` hands; the reward (big blinds) of each hand."""
    env = gym_env(players=2, opponents="station")
    rng = np.random.default_rng(seed)
    size, actions = env.observation_space["observation"].shape[0], env.action_space.n
    weights = np.zeros((size, actions))
    rewards: list[float] = []
    observation, _ = env.reset(seed=seed)
    for _ in range(episodes):
        grads, total, done = [], 0.0, False
        while not done:
            x, mask = observation["observation"], observation["action_mask"]
            logits = np.where(mask == 1, x @ weights, -np.inf)
            p = np.exp(logits - logits.max())
            p /= p.sum()
            a = int(rng.choice(actions, p=p))
            grads.append(np.outer(x, np.eye(actions)[a] - p))
            observation, reward, done, _, _ = env.step(a)
            total += reward
        for g in grads:  # every decision of the hand shares its result
            weights += rate * total * g
        rewards.append(total)
        observation, _ = env.reset()
    return rewards


if __name__ == "__main__":
    won = train()
    print(f"first 500 hands: {np.mean(won[:500]):+.2f} bb, last 500: {np.mean(won[-500:]):+.2f} bb")
