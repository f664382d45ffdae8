"""The game the environments wrap: hands of croupier's engine, one seat's view at a time.

:class:`PokerGame` deals hands of hold'em under any rules (a preset, any structure) to 2
to 10 seats, either as cash hands (every hand from the same stacks: one hand is one
episode) or as a sit-and-go (stacks carry over, a busted seat leaves, the last one wins).
Players only bet: at the showdown each hand is shown when it can win and mucked
otherwise (:func:`croupier.bots.showdown_choice`). It knows nothing of PettingZoo or
Gymnasium: :mod:`croupier.env.aec`, :mod:`~croupier.env.gym` and
:mod:`~croupier.env.vector` wrap it.

>>> game = PokerGame(players=2)
>>> game.reset(seed=1)
>>> game.to_act in (0, 1), game.mask(game.to_act).tolist()
(True, [1, 1, 1, 1, 1, 1])
"""

from __future__ import annotations

from typing import Any

import numpy as np

from croupier._checks import quote
from croupier.bots import showdown_choice
from croupier.engine import Action, Hand, HandView, LegalActions, SeatSetup
from croupier.env.actions import Actions, ActionSet, AmountActions, Mask
from croupier.env.observation import Vector, flat, structured
from croupier.env.seer import Seer
from croupier.env.shoe import Shoe
from croupier.errors import ConfigurationError, IllegalActionError
from croupier.history import hand_to_phh
from croupier.history.phh import dumps
from croupier.history.text import render_text
from croupier.rules import Rules, tda

__all__ = ["MODES", "PokerGame"]

MODES = ("cash", "sng")
"""``cash``: one hand per episode from fresh stacks; ``sng``: hands until one seat has all."""


class PokerGame:
    """Hands of hold'em for ``players`` seats (0 .. players-1) of ``stack`` chips each.

    ``rules`` default to the TDA rules at 50/100 no-limit; ``stack`` to 100 big blinds;
    ``actions`` to :class:`~croupier.env.actions.ActionSet` (or ``"amount"`` for exact
    totals). Rewards are in big blinds (``reward="bb"``) or chips (``"chips"``).
    """

    def __init__(
        self,
        *,
        players: int = 2,
        rules: Rules | None = None,
        stack: int | None = None,
        actions: Actions | str | None = None,
        mode: str = "cash",
        reward: str = "bb",
    ) -> None:
        if type(players) is not int or not 2 <= players <= 10:
            raise ConfigurationError(f"players: from 2 to 10, not {quote(players)}")
        self.rules = rules if rules is not None else tda(50, 100)
        if not isinstance(self.rules, Rules):
            raise ConfigurationError(f"rules: a croupier Rules value, not {quote(rules)}")
        big = self.rules.stakes.big_blind
        self.stack = 100 * big if stack is None else stack
        if type(self.stack) is not int or self.stack < 1:
            raise ConfigurationError(f"stack: a whole number of chips above 0, not {quote(stack)}")
        if mode not in MODES:
            raise ConfigurationError(f"mode: one of {', '.join(MODES)}, not {quote(mode)}")
        if reward not in ("bb", "chips"):
            raise ConfigurationError(f"reward: 'bb' or 'chips', not {quote(reward)}")
        self.players = players
        self.mode = mode
        self.reward_unit = reward
        self.scale = players * self.stack
        if actions is None:
            actions = ActionSet()
        elif actions == "amount":
            actions = AmountActions(self.scale)
        if not isinstance(actions, ActionSet | AmountActions):
            raise ConfigurationError(
                f"actions: an ActionSet, AmountActions or 'amount', not {quote(actions)}"
            )
        self.actions: Actions = actions
        self.seats = list(range(players))
        self.seer = Seer(self.seats, self.scale)
        """The flat vectors, read from the hand directly (the same as from the seat's view)."""
        self.shoe = Shoe()
        """The decks, shuffled in bulk (and the button of a new episode), seeded by reset."""
        self._cash_seats = [SeatSetup(s, f"player_{s}", self.stack) for s in self.seats]
        self._stacks = dict.fromkeys(self.seats, self.stack)
        self._button = 0
        self.hand: Hand | None = None
        self._sized_for: LegalActions | None = None
        self._sized = (0, 0, 0)
        self.hands_played = 0
        self.last_rewards: dict[int, float] = {}

    # -- the episode --------------------------------------------------------------------

    def reset(self, seed: int | None = None) -> None:
        """A new episode: fresh stacks, the first hand dealt. ``seed`` fixes every card."""
        if seed is not None:
            self.shoe.seed(seed)
        self._stacks = dict.fromkeys(self.seats, self.stack)
        self.hands_played = 0
        self._button = self.shoe.choice(self.players)
        self._deal()

    def _deal(self) -> None:
        stacks = self._stacks
        if self.mode == "cash":  # every seat from the same stack: the same setups each hand
            seats = self._cash_seats
        else:
            seats = [SeatSetup(s, f"player_{s}", stacks[s]) for s in self.seats if stacks[s] > 0]
        self.hand = Hand(rules=self.rules, seats=seats, button=self._button, deck=self.shoe.deck())
        self.hands_played += 1
        self.last_rewards = {}
        self.settle()

    @property
    def stacks(self) -> dict[int, int]:
        """Each seat's chips between hands (a busted seat has 0)."""
        return dict(self._stacks)

    @property
    def live_seats(self) -> list[int]:
        """The seats still holding chips (every seat in cash mode)."""
        return [s for s in self.seats if self._stacks[s] > 0]

    @property
    def episode_over(self) -> bool:
        """True when the episode is over: the hand (cash) or the sit-and-go (sng)."""
        if self.hand is None or not self.hand.is_over:
            return False
        return self.mode == "cash" or len(self.live_seats) < 2

    @property
    def to_act(self) -> int | None:
        """The seat to act, None when the hand is over."""
        hand = self.hand
        return None if hand is None or hand.is_over else hand.to_act

    def view(self, seat: int) -> HandView:
        """What ``seat`` sees of the hand: the view the server sends him."""
        if self.hand is None:
            raise IllegalActionError("no hand is being played: call reset() first")
        if seat not in self.hand.starting_stacks:  # busted in a sit-and-go: a spectator
            return self.hand.spectator_view()._replace(viewer=seat)
        return self.hand.view(seat)

    # -- observing and acting -----------------------------------------------------------

    def sizing(self) -> tuple[int, int, int]:
        """The pot (gathered and bet), the largest bet and the big blind: what sizes read.

        Public amounts only (every player sees them); read from the hand once per decision
        (kept with the decision's legal actions: the engine makes a new one for each).
        """
        hand = self.hand
        assert hand is not None
        legal = hand.legal_actions()
        if legal is self._sized_for:
            return self._sized
        pot = self.seer.pot(hand)
        self._sized_for = legal
        self._sized = pot, max(hand.bets.values()), self.rules.stakes.big_blind
        return self._sized

    def mask(self, seat: int) -> Mask:
        """The legal-action mask of ``seat``: all zeros unless it is his turn."""
        if self.hand is None:
            raise IllegalActionError("no hand is being played: call reset() first")
        legal = self.seer.legal(self.hand, seat)
        if legal is None:
            return np.zeros(self.actions.size, dtype=np.int8)
        return self.actions.mask(legal, *self.sizing())

    def observe(self, seat: int, *, readable: bool = False) -> dict[str, Any]:
        """``{"observation": flat vector, "action_mask": mask}`` for ``seat`` (and the
        readable fields of :func:`~croupier.env.observation.structured` with ``readable``)."""
        hand = self.hand
        if hand is None:
            raise IllegalActionError("no hand is being played: call reset() first")
        legal = self.seer.legal(hand, seat)
        if legal is None:
            mask = np.zeros(self.actions.size, dtype=np.int8)
        else:
            mask = self.actions.mask(legal, *self.sizing())
        out: dict[str, Any] = {
            "observation": self.seer.flat(hand, seat, legal),
            "action_mask": mask,
        }
        if readable:
            out.update(structured(self.view(seat), self.seats))
        return out

    def observe_from_view(self, seat: int) -> Vector:
        """The flat vector built from ``seat``'s whole view (what :meth:`observe` reads
        directly from the hand: the two are the same, a test compares them)."""
        return flat(self.view(seat), self.seats, self.scale)

    def step(self, index: int) -> dict[int, float]:
        """Play action ``index`` for the seat to act; the rewards of a hand that ended.

        An action the engine refuses raises its IllegalActionError and changes nothing.
        """
        hand = self.hand
        if hand is None or hand.is_over:
            raise IllegalActionError("the hand is over: reset() deals the next episode")
        seat = hand.to_act
        assert seat is not None
        action = self.actions.action(index, hand.legal_actions(), *self.sizing())
        return self.play(action)

    def play(self, action: Action) -> dict[int, float]:
        """Play the engine ``action`` for the seat to act (the engine checks it: a refused
        one raises its IllegalActionError and changes nothing); the rewards of a hand that
        ended, as :meth:`step` (vector tables, which map their indices in a batch)."""
        hand = self.hand
        if hand is None or hand.is_over:
            raise IllegalActionError("the hand is over: reset() deals the next episode")
        seat = hand.to_act
        assert seat is not None
        hand.act(seat, action)
        self.settle()
        return self.last_rewards

    def settle(self) -> None:
        """Play the showdown's show-or-muck choices; settle the rewards of a hand that ended."""
        hand = self.hand
        assert hand is not None
        while not hand.is_over:
            legal = hand.legal_actions()
            if not (legal.show or legal.muck):
                return
            hand.act(legal.seat, showdown_choice(hand.view(legal.seat), legal))
        self._end_hand(hand)

    def _end_hand(self, hand: Hand) -> None:
        start = hand.starting_stacks
        end = hand.stacks
        deltas = {s: end[s] - start[s] for s in start}
        if sum(deltas.values()) + hand.rake != 0:  # every chip accounted for, every hand
            raise AssertionError(f"chips not conserved: {deltas}, rake {hand.rake}")
        unit = self.rules.stakes.big_blind if self.reward_unit == "bb" else 1
        self.last_rewards = {s: deltas.get(s, 0) / unit for s in self.seats}
        if self.mode == "sng":
            for s in start:
                self._stacks[s] = end[s]

    def next_hand(self) -> None:
        """Deal the next hand of a sit-and-go (the button moves to the next live seat)."""
        if self.hand is None or not self.hand.is_over or self.episode_over:
            raise IllegalActionError("the next hand comes once this one is over, mid-episode")
        live = self.live_seats
        later = [s for s in live if s > self._button]
        self._button = later[0] if later else live[0]
        self._deal()

    def advance(self) -> dict[int, float]:
        """Once a hand is over: its rewards, and in a sit-and-go the next hands dealt up to
        a decision or the end (a hand that ends with no decision, all-in on the blinds,
        adds its rewards)."""
        hand = self.hand
        if hand is None or not hand.is_over:
            raise IllegalActionError("the hand is not over")
        total = dict(self.last_rewards)
        while not self.episode_over:
            self.next_hand()
            assert self.hand is not None
            if not self.hand.is_over:
                break
            for seat, reward in self.last_rewards.items():
                total[seat] = total.get(seat, 0.0) + reward
        return total

    def new_cash_hand(self) -> None:
        """Deal another cash hand from fresh stacks, the button moved on (vector envs)."""
        self._stacks = dict.fromkeys(self.seats, self.stack)
        self._button = (self._button + 1) % self.players
        self._deal()

    # -- records ------------------------------------------------------------------------

    def render(self, seat: int | None = None) -> str:
        """The hand so far as text, as ``seat`` saw it (None: a spectator)."""
        if self.hand is None:
            return "no hand dealt yet"
        return render_text(self.hand.events, viewer=seat)

    def phh(self, seat: int | None = None) -> str:
        """The hand as PHH text; with ``seat``, only what that seat saw."""
        if self.hand is None:
            raise IllegalActionError("no hand dealt yet")
        return dumps(hand_to_phh(self.hand, viewer=seat))
