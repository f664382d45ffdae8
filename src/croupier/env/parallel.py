"""The PettingZoo parallel environment: every agent observes each step, one acts.

Hold'em is turn-based, so each step plays the action of the agent to act (his mask has
ones) and ignores the others' (their masks are all zeros). Observations, rewards and
terminations are those of :mod:`croupier.env.aec`.

>>> from croupier.env import parallel_env
>>> env = parallel_env(players=2)
>>> observations, infos = env.reset(seed=3)
>>> sorted(observations)
['player_0', 'player_1']
"""

from __future__ import annotations

from typing import Any, ClassVar

from gymnasium import spaces
from pettingzoo import ParallelEnv

from croupier.env.aec import observation_space
from croupier.env.game import PokerGame

__all__ = ["CroupierParallel"]


class CroupierParallel(ParallelEnv[str, dict[str, Any], int]):  # type: ignore[misc]
    """Hold'em under croupier's rules as a PettingZoo parallel environment."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "croupier_holdem_parallel_v0",
        "render_modes": ["ansi"],
    }

    def __init__(
        self, *, render_mode: str | None = None, readable: bool = False, **game: Any
    ) -> None:
        self.game = PokerGame(**game)
        self.readable = readable
        self.render_mode = render_mode
        self.possible_agents = [f"player_{s}" for s in self.game.seats]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        obs = observation_space(self.game, readable=readable)
        act = spaces.Discrete(self.game.actions.size)
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs)
        self.action_spaces = dict.fromkeys(self.possible_agents, act)
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``."""
        return self.action_spaces[agent]

    def _observations(self) -> dict[str, dict[str, Any]]:
        return {a: self.game.observe(self._seat[a], readable=self.readable) for a in self.agents}

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
        """Deal a new episode; the first observations and infos."""
        self.game.reset(seed)
        self.agents = list(self.possible_agents)
        return self._observations(), {a: {} for a in self.agents}

    @property
    def agent_to_act(self) -> str | None:
        """The agent whose action the next step plays."""
        seat = self.game.to_act
        return None if seat is None else self.possible_agents[seat]

    def step(
        self, actions: dict[str, int]
    ) -> tuple[
        dict[str, dict[str, Any]],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Play the action of the agent to act (the others' are ignored)."""
        game = self.game
        agent = self.agent_to_act
        if agent is None:
            raise ValueError("the episode is over: reset() first")
        if agent not in actions:
            raise ValueError(f"{agent} is to act: his action is missing from {sorted(actions)}")
        game.step(actions[agent])
        rewards = dict.fromkeys(self.agents, 0.0)
        terminations = dict.fromkeys(self.agents, False)
        if game.hand is not None and game.hand.is_over:
            won = game.advance()
            for a in self.agents:
                rewards[a] = won.get(self._seat[a], 0.0)
            over = game.episode_over
            stacks = game.stacks
            for a in self.agents:
                terminations[a] = over or stacks[self._seat[a]] == 0
        truncations = dict.fromkeys(self.agents, False)
        observations = self._observations()
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agents = [a for a in self.agents if not terminations[a]]
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        """The hand so far as text, as a spectator sees it."""
        return None if self.render_mode is None else self.game.render()

    def close(self) -> None:
        """Nothing to release."""
