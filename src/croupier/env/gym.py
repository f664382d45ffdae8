"""A single-agent Gymnasium environment: one seat is the agent, the others given policies.

>>> from croupier.env import gym_env
>>> env = gym_env(players=3, opponents="station")
>>> observation, info = env.reset(seed=5)
>>> sorted(observation)
['action_mask', 'observation']

The agent plays ``seat`` (0 by default); the other seats play ``opponents``: a croupier
bot's name (``random``, ``station``, ``reasonable``), a :class:`~croupier.bots.Bot`,
or a callable given that seat's observation dict and answering an action index; one
for all, or a list with one per other seat. Bots see only their own seat's view.

In cash mode an episode is one hand in which the agent has a decision (a hand folded
round to his big blind before he acts is dealt again, uncounted); in ``mode="sng"``
it lasts until the agent is busted or holds every chip, and each step's reward is
what the hands that ended during it won or lost. An illegal action raises the engine's
error, or with ``illegal="end"`` ends the episode with a penalty (Gymnasium's checker
and many trainers sample actions without the mask).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
from gymnasium import spaces

from croupier.bots import Bot, make_bot
from croupier.env.aec import observation_space
from croupier.env.game import PokerGame
from croupier.errors import ConfigurationError, IllegalActionError

__all__ = ["CroupierGym", "Policy"]

Policy = str | Bot | Callable[[dict[str, Any]], int]


class CroupierGym(gymnasium.Env[dict[str, Any], int]):
    """Hold'em for one agent against given policies (see the module)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        *,
        seat: int = 0,
        opponents: Policy | Sequence[Policy] = "random",
        render_mode: str | None = None,
        readable: bool = False,
        illegal: str = "raise",
        illegal_reward: float = -1.0,
        **game: Any,
    ) -> None:
        self.game = PokerGame(**game)
        if illegal not in ("raise", "end"):
            raise ConfigurationError(f"illegal: 'raise' or 'end', not {illegal!r}")
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        if type(seat) is not int or seat not in self.game.seats:
            raise ConfigurationError(f"seat: one of {self.game.seats}, not {seat!r}")
        self.seat = seat
        self.readable = readable
        self.render_mode = render_mode
        others = [s for s in self.game.seats if s != seat]
        listed = (
            list(opponents)
            if isinstance(opponents, Sequence) and not isinstance(opponents, str)
            else [opponents] * len(others)
        )
        if len(listed) != len(others):
            raise ConfigurationError(
                f"opponents: one policy for all or one per other seat ({len(others)}),"
                f" not {len(listed)}"
            )
        self._specs = dict(zip(others, listed, strict=True))
        for policy in listed:
            if not (isinstance(policy, str | Bot) or callable(policy)):
                raise ConfigurationError(
                    f"opponents: a bot's name, a Bot or a callable, not {policy!r}"
                )
        self._policies: dict[int, Bot | Callable[[dict[str, Any]], int]] = {}
        self.observation_space = observation_space(self.game, readable=readable)
        self.action_space = spaces.Discrete(self.game.actions.size)  # type: ignore[assignment]

    def _make_policies(self, seed: int | None) -> None:
        for seat, spec in self._specs.items():
            if isinstance(spec, str):
                self._policies[seat] = make_bot(spec, None if seed is None else seed * 31 + seat)
            else:
                self._policies[seat] = spec

    def _observe(self) -> dict[str, Any]:
        return self.game.observe(self.seat, readable=self.readable)

    def _play_others(self) -> float:
        """Play the other seats until the agent's turn or the episode's end; chips won."""
        game = self.game
        won = 0.0
        while True:
            if game.hand is not None and game.hand.is_over:
                if game.stacks[self.seat] == 0 and not game.episode_over:
                    return won + game.last_rewards.get(self.seat, 0.0)  # busted: his end
                won += game.advance().get(self.seat, 0.0)
                if game.episode_over or game.stacks[self.seat] == 0:
                    return won
                continue
            seat = game.to_act
            if seat == self.seat:
                return won
            assert seat is not None
            policy = self._policies[seat]
            if isinstance(policy, Bot):
                hand = game.hand
                assert hand is not None
                hand.act(seat, policy.act(hand.view(seat)))
                game.settle()
            else:
                game.step(int(policy(game.observe(seat, readable=self.readable))))

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal a new episode, play the others up to the agent's first decision."""
        super().reset(seed=seed)
        if seed is not None or not self._policies:
            self._make_policies(seed)
        self.game.reset(seed)
        while True:
            self._play_others()
            if self.game.to_act == self.seat:
                break
            self.game.reset()  # cash: a hand without a decision for the agent, dealt again
        return self._observe(), {"hands": self.game.hands_played}

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """Play the agent's ``action`` then the others' until his next turn.

        An action the engine refuses raises its IllegalActionError (``illegal="raise"``)
        or, with ``illegal="end"``, ends the episode with ``illegal_reward`` and the
        engine's words in ``info["illegal"]``; either way nothing is played.
        """
        try:
            self.game.step(action)
        except IllegalActionError as error:
            if self.illegal == "raise":
                raise
            info = {"hands": self.game.hands_played, "illegal": str(error)}
            return self._observe(), self.illegal_reward, True, False, info
        reward = self._play_others()
        game = self.game
        over = game.to_act != self.seat
        return self._observe(), reward, over, False, {"hands": game.hands_played}

    def render(self) -> str | None:
        """The hand so far as text, as the agent saw it."""
        return None if self.render_mode is None else self.game.render(self.seat)

    def phh(self) -> str:
        """The hand so far as PHH text, as the agent saw it."""
        return self.game.phh(self.seat)
