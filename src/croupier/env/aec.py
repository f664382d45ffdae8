"""The PettingZoo AEC environment: each seat an agent, turn by turn.

>>> from croupier.env import aec_env
>>> env = aec_env(players=3)
>>> env.reset(seed=7)
>>> env.agent_selection in env.agents
True

Agents are ``player_0`` .. ``player_{N-1}`` (seats 0 .. N-1). Each observation is a dict:
``observation`` (the flat vector, :mod:`croupier.env.observation`), ``action_mask``,
and with ``readable=True`` the readable fields. A reward comes when a hand ends: the
chips won or lost (in big blinds by default), zero-sum but for any rake. In cash mode
an episode is one hand; in ``mode="sng"`` the hands go on until one agent has every
chip, and a busted agent is terminated when his last hand ends.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from croupier.env.game import PokerGame
from croupier.env.observation import NO_CARD, size

__all__ = ["CroupierAEC", "aec_env", "observation_space"]


def _agent(seat: int) -> str:
    return f"player_{seat}"


def observation_space(game: PokerGame, *, readable: bool = False) -> spaces.Dict:
    """The observation space of one agent of ``game``."""
    n = game.players
    fields: dict[str, spaces.Space[Any]] = {
        "observation": spaces.Box(0.0, 1.0, (size(n),), dtype=np.float32),
        "action_mask": spaces.Box(0, 1, (game.actions.size,), dtype=np.int8),
    }
    if readable:
        chips = game.scale
        fields.update(
            hole=spaces.Box(0, NO_CARD, (2,), dtype=np.int64),
            board=spaces.Box(0, NO_CARD, (5,), dtype=np.int64),
            street=spaces.Box(0, 3, (1,), dtype=np.int64),
            button=spaces.Box(0, n - 1, (1,), dtype=np.int64),
            stacks=spaces.Box(0, chips, (n,), dtype=np.int64),
            bets=spaces.Box(0, chips, (n,), dtype=np.int64),
            folded=spaces.Box(0, 1, (n,), dtype=np.int8),
            pot=spaces.Box(0, chips, (1,), dtype=np.int64),
            betting=spaces.Box(0, chips, (4, n), dtype=np.int64),
        )
    return spaces.Dict(fields)


class CroupierAEC(AECEnv[str, dict[str, Any], int | None]):  # type: ignore[misc]
    """Hold'em under croupier's rules as a PettingZoo AEC environment (see the module)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "croupier_holdem_v0",
        "render_modes": ["ansi", "human"],
    }

    def __init__(
        self, *, render_mode: str | None = None, readable: bool = False, **game: Any
    ) -> None:
        super().__init__()
        self.game = PokerGame(**game)
        self.readable = readable
        self.render_mode = render_mode
        self.possible_agents = [_agent(s) for s in self.game.seats]
        self._seat = {_agent(s): s for s in self.game.seats}
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

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new episode; ``seed`` fixes every card and the first button."""
        self.game.reset(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._hands_told = -1
        self._after_hand()

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` sees now (his own seat's view only)."""
        return self.game.observe(self._seat[agent], readable=self.readable)

    def _after_hand(self) -> None:
        """Rewards, terminations and the next agent once the engine moved."""
        game = self.game
        if game.hand is not None and game.hand.is_over:
            rewards = game.advance()
            for agent in self.agents:
                self.rewards[agent] = rewards.get(self._seat[agent], 0.0)
            over = game.episode_over
            stacks = game.stacks
            for agent in self.agents:
                if over or stacks[self._seat[agent]] == 0:
                    self.terminations[agent] = True
        seat = game.to_act
        if seat is not None:
            self.agent_selection = _agent(seat)
        elif self.agents:
            self.agent_selection = self.agents[0]
        hands = game.hands_played
        if hands != self._hands_told:  # the infos change only with a new hand
            self._hands_told = hands
            for agent in self.agents:
                self.infos[agent] = {"hands": hands}

    def step(self, action: int | None) -> None:
        """Play ``action`` (an index of the action set) for the selected agent."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: give an action index, not None")
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        self.game.step(action)
        self._after_hand()
        self._accumulate_rewards()
        self._deads_step_first()
        if self.render_mode == "human":
            print(self.render())

    def render(self) -> str | None:
        """The hand so far as text, as a spectator sees it."""
        if self.render_mode is None:
            return None
        return self.game.render()

    def phh(self, agent: str | None = None) -> str:
        """The hand as PHH text; with ``agent``, only what he saw."""
        return self.game.phh(None if agent is None else self._seat[agent])

    def close(self) -> None:
        """Nothing to release."""


def aec_env(**kwargs: Any) -> CroupierAEC:
    """The AEC environment (keywords of :class:`CroupierAEC` and :class:`PokerGame`)."""
    return CroupierAEC(**kwargs)
