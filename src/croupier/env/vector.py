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

from croupier.engine import LegalActions
from croupier.env.actions import ActionSet
from croupier.env.batch import LEGAL, SIZING, reading, rows
from croupier.env.game import PokerGame
from croupier.env.observation import size
from croupier.errors import ConfigurationError, IllegalActionError

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
    new hand's). Table ``i`` plays exactly as a lone ``PokerGame`` seeded ``seed + i``.

    Each call reads every table's public state (and the actor's own cards) into a row of
    integers in Python, then writes all the observations and masks in numpy at once
    (:mod:`croupier.env.batch`); every action is still played and checked by the engine.
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
        self._big_blind = first.rules.stakes.big_blind
        actions = first.actions
        self._batched = isinstance(actions, ActionSet) and actions.fits(
            first.scale, self._big_blind
        )
        self._decisions: list[tuple[LegalActions, int, int]] = []
        self._masks: Masks = np.zeros((tables, self.action_count), dtype=np.int8)

    def _collect(self) -> tuple[Floats, Masks, Ints]:
        readings = []
        decisions = []
        seats = []
        for game in self.games:
            hand = game.hand
            assert hand is not None
            seat = hand.to_act
            assert seat is not None
            legal = hand.legal_actions()
            row = reading(hand, game.seer, seat, legal)
            readings.append(row)
            decisions.append((legal, row[SIZING[0]], row[SIZING[1]]))
            seats.append(seat)
        ints = np.array(readings, dtype=np.int64)
        first = self.games[0]
        observations = rows(ints, self.players, first.scale)
        if self._batched:
            assert isinstance(first.actions, ActionSet)
            masks = first.actions.masks(ints[:, LEGAL], ints[:, SIZING], self._big_blind)
        else:
            masks = np.stack(
                [
                    first.actions.mask(legal, pot, top, self._big_blind)
                    for legal, pot, top in decisions
                ]
            )
        self._decisions = decisions
        self._masks = masks
        return observations, masks.copy(), np.array(seats, dtype=np.int64)

    def _deal(self, game: PokerGame) -> None:
        while game.to_act is None:  # a hand with no decision (never in cash): deal again
            game.new_cash_hand()

    def reset(self, seed: int | None = None) -> tuple[Floats, Masks, Ints]:
        """Deal every table (table ``i`` seeded ``seed + i``); observations, masks, seats."""
        for i, game in enumerate(self.games):
            game.reset(None if seed is None else seed + i)
            self._deal(game)
        return self._collect()

    def _decision(self, i: int) -> tuple[LegalActions, int, int]:
        """Table ``i``'s legal actions, pot and largest bet (read again if it moved since)."""
        legal, pot, top = self._decisions[i]
        game = self.games[i]
        assert game.hand is not None
        if game.hand.legal_actions() is not legal:
            pot, top, _ = game.sizing()
            legal = game.hand.legal_actions()
        return legal, pot, top

    def _check(self, chosen: list[int]) -> None:
        """Refuse a batch holding an action the masks refuse, before any table moves."""
        masks = self._masks
        width = masks.shape[1]
        for i, index in enumerate(chosen):
            if 0 <= index < width and masks[i, index]:
                continue
            legal, pot, top = self._decision(i)
            try:  # the engine's words for it
                self.games[i].actions.action(index, legal, pot, top, self._big_blind)
            except IllegalActionError as error:
                raise IllegalActionError(f"table {i}: {error}") from error

    def step(self, actions: npt.ArrayLike) -> tuple[Floats, Masks, Ints, Floats, Flags]:
        """Play ``actions[i]`` at table ``i`` for its seat to act.

        An action the table's mask refuses raises the engine's IllegalActionError (naming
        the table) before any table moves; the engine checks every action it plays.
        """
        chosen_array = np.asarray(actions)
        count = len(self.games)
        if chosen_array.shape != (count,):
            raise ConfigurationError(
                f"actions: one per table, shape ({count},), not {chosen_array.shape}"
            )
        if not np.issubdtype(chosen_array.dtype, np.integer):
            raise ConfigurationError(
                f"actions: whole action indices, not an array of {chosen_array.dtype}"
            )
        chosen: list[int] = chosen_array.tolist()
        self._check(chosen)
        rewards = np.zeros((count, self.players), dtype=np.float32)
        done = np.zeros(count, dtype=np.bool_)
        big_blind = self._big_blind
        for i, game in enumerate(self.games):
            legal, pot, top = self._decision(i)
            won = game.play(game.actions.action(chosen[i], legal, pot, top, big_blind))
            if game.to_act is None:
                for seat, reward in won.items():
                    rewards[i, seat] = reward
                done[i] = True
                game.new_cash_hand()
                self._deal(game)
        observations, masks, seats = self._collect()
        return observations, masks, seats, rewards, done
