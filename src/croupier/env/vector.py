"""Many tables stepped in one call, numpy arrays in and out, for training at speed.

Each table plays cash hands (one hand an episode, dealt again as soon as it ends); every
seat is played by the caller (self-play), and each call plays one action per table, for
the seat to act there.

>>> import numpy as np
>>> from croupier.env import vector_env
>>> tables = vector_env(tables=4, players=2)
>>> observations, masks, seats = tables.reset(seed=1)
>>> observations.shape[0], masks.shape, seats.shape
(4, (4, 6), (4,))
>>> actions = np.ones(4, dtype=np.int64)  # check or call everywhere
>>> observations, masks, seats, rewards, done = tables.step(actions)
>>> rewards.shape
(4, 2)
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.env.game import PokerGame
from croupier.env.observation import size
from croupier.errors import ConfigurationError

__all__ = ["VectorGame"]

Floats = npt.NDArray[np.float32]
Ints = npt.NDArray[np.int64]
Masks = npt.NDArray[np.int8]
Flags = npt.NDArray[np.bool_]


class VectorGame:
    """``tables`` independent :class:`~croupier.env.game.PokerGame` tables in lockstep.

    Arrays: ``observations`` (tables, vector size) float32, ``masks`` (tables, actions)
    int8, ``seats`` (tables,) the seat to act, ``rewards`` (tables, players) float32
    (the chips of the hand that just ended, else zeros), ``done`` (tables,) bool: the
    table's hand ended with this step and a new one was dealt (its observation is the
    new hand's).
    """

    def __init__(self, *, tables: int = 16, **game: Any) -> None:
        if type(tables) is not int or tables < 1:
            raise ConfigurationError(f"tables: a whole number above 0, not {tables!r}")
        if game.get("mode", "cash") != "cash":
            raise ConfigurationError("vector tables play cash hands (mode='cash')")
        self.games = [PokerGame(**game) for _ in range(tables)]
        first = self.games[0]
        self.players = first.players
        self.action_count = first.actions.size
        self.observation_size = size(first.players)

    def _collect(self) -> tuple[Floats, Masks, Ints]:
        n = len(self.games)
        observations = np.empty((n, self.observation_size), dtype=np.float32)
        masks = np.empty((n, self.action_count), dtype=np.int8)
        seats = np.empty(n, dtype=np.int64)
        for i, game in enumerate(self.games):
            seat = game.to_act
            assert seat is not None
            game.observe_into(seat, observations[i], masks[i])
            seats[i] = seat
        return observations, masks, seats

    def _deal(self, game: PokerGame) -> None:
        while game.to_act is None:  # a hand with no decision (never in cash): deal again
            game.new_cash_hand()

    def reset(self, seed: int | None = None) -> tuple[Floats, Masks, Ints]:
        """Deal every table (table ``i`` seeded ``seed + i``); observations, masks, seats."""
        for i, game in enumerate(self.games):
            game.reset(None if seed is None else seed + i)
            self._deal(game)
        return self._collect()

    def step(self, actions: npt.ArrayLike) -> tuple[Floats, Masks, Ints, Floats, Flags]:
        """Play ``actions[i]`` at table ``i`` for its seat to act; an illegal one raises
        the engine's IllegalActionError (the tables before it have moved)."""
        chosen = np.asarray(actions)
        if chosen.shape != (len(self.games),):
            raise ConfigurationError(
                f"actions: one per table, shape ({len(self.games)},), not {chosen.shape}"
            )
        rewards = np.zeros((len(self.games), self.players), dtype=np.float32)
        done = np.zeros(len(self.games), dtype=np.bool_)
        for i, game in enumerate(self.games):
            won = game.step(int(chosen[i]))
            if game.to_act is None:
                for seat, reward in won.items():
                    rewards[i, seat] = reward
                done[i] = True
                game.new_cash_hand()
                self._deal(game)
        observations, masks, seats = self._collect()
        return observations, masks, seats, rewards, done
