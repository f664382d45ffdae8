"""One hand of Texas Hold'em: a pure, deterministic state machine.

A hand is a function of the rules, the seats and stacks, the button, the forced bets
due, the order of the deck and the players' actions: no clock, no I/O, no random
numbers inside. Every change is an event appended to :attr:`Hand.events`.

>>> from croupier.cards import Deck
>>> from croupier.rules import tda
>>> hand = Hand(rules=tda(50, 100), seats=[SeatSetup(0, "ann", 1_000),
...     SeatSetup(1, "bob", 1_000), SeatSetup(2, "cy", 1_000)], button=0, deck=Deck())
>>> hand.to_act, hand.legal_actions().describe()
(0, 'you may fold, call 100, raise to 200 to 1,000, or go all-in for 1,000')
>>> hand.act(0, Action.raise_to(300)).kind.value
'raise'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum
from math import ceil
from operator import attrgetter
from typing import Any, Final

from croupier._checks import quote
from croupier.cards import Card, Deck
from croupier.engine._requests import revive_for_winner, won_against
from croupier.engine._start import MAX_PLAYERS, hand_start
from croupier.engine.actions import Action, ActionKind, as_action, format_amount
from croupier.engine.events import (
    Acted,
    Awarded,
    BetReturned,
    BetsGathered,
    BoardDealt,
    Event,
    HandEnded,
    HandStarted,
    HoleDealt,
    Mucked,
    Posted,
    Pot,
    Raked,
    Revealed,
    Shown,
    Street,
    Voided,
)
from croupier.engine.legal import LegalActions, Move
from croupier.engine.pots import (
    PotLayer,
    join,
    pot_layers,
    split_pot,
    unmatched,
    unmatched_dead,
)
from croupier.engine.setup import ForcedBet, ForcedKind, SeatSetup
from croupier.engine.views import HandView, view_of
from croupier.errors import (
    CroupierError,
    HandHistoryError,
    IllegalActionError,
    InvalidActionError,
    InvalidArgumentError,
    OutOfTurnError,
)
from croupier.evaluate import describe, evaluate
from croupier.rules.model import (
    AntePot,
    BettingStructure,
    DealStart,
    FaceUp,
    MinRaise,
    PotOrder,
    PreflopOpener,
    Rules,
    ShortBlindCall,
    ShowdownOrder,
    SubMinimumAllIn,
    Timeout,
)

# The enum members the hot paths test, bound once: compiled, reading a member from its
# class goes through the enum type's __getattr__ hook each time.
_ANTE: Final = ForcedKind.ANTE
_DEAD_BLIND: Final = ForcedKind.DEAD_BLIND
_SMALL_BLIND: Final = ForcedKind.SMALL_BLIND
_BIG_BLIND: Final = ForcedKind.BIG_BLIND
_STRADDLE: Final = ForcedKind.STRADDLE
_LIVE_BLIND: Final = ForcedKind.LIVE_BLIND
_DOUBLE_THE_BET: Final = MinRaise.DOUBLE_THE_BET
_FIXED_LIMIT: Final = BettingStructure.FIXED_LIMIT
_PREFLOP: Final = Street.PREFLOP
_FOLD: Final = ActionKind.FOLD
_DEAD_MONEY: Final = AntePot.DEAD_MONEY
_TRIMMED: Final = AntePot.TRIMMED
_DEAL_FROM_SMALL_BLIND: Final = DealStart.SMALL_BLIND
_FULL_BLIND: Final = ShortBlindCall.FULL_BLIND
_LARGEST_BLIND: Final = PreflopOpener.LARGEST_BLIND
_NO_LIMIT: Final = BettingStructure.NO_LIMIT
_TIMEOUT: Final = ActionKind.TIMEOUT
_TIMEOUT_FOLD: Final = Timeout.FOLD
_SHOW: Final = ActionKind.SHOW
_CALL: Final = ActionKind.CALL
_RAISE: Final = ActionKind.RAISE
_FULL_MINIMUM: Final = SubMinimumAllIn.FULL_MINIMUM
_RIVER: Final = Street.RIVER
_FIRST_RAISER: Final = ShowdownOrder.FIRST_RAISER
_NEVER: Final = FaceUp.NEVER
_ANY_ALL_IN: Final = FaceUp.ANY_ALL_IN
_NO_MORE_BETTING: Final = FaceUp.NO_MORE_BETTING
_SIDE_POTS_FIRST: Final = PotOrder.SIDE_POTS_FIRST
_BET: Final = ActionKind.BET

__all__ = ["MAX_PLAYERS", "Hand", "Phase"]

_POST_ORDER: Final = {
    _ANTE: 0,
    _DEAD_BLIND: 1,
    _SMALL_BLIND: 2,
    _BIG_BLIND: 3,
    _STRADDLE: 4,
    _LIVE_BLIND: 5,
}
_BLIND_FIRST_ORDER: Final = {  # TDA RP-11 (2024): the big blind first, the ante from what is left
    _BIG_BLIND: -1,
    _LIVE_BLIND: -1,
    _ANTE: 0,
    _DEAD_BLIND: 1,
    _SMALL_BLIND: 2,
    _STRADDLE: 4,
}
_BOARD_CARDS: Final = (0, 3, 1, 1)
_STACK_OF: Final = attrgetter("stack")
_STREETS: Final = tuple(Street)
_LIVE: Final = frozenset(kind for kind in ForcedKind if kind.live)
_SINGLE_BLINDS: Final = frozenset((_SMALL_BLIND, _BIG_BLIND, _STRADDLE))


def _post_order(bet: ForcedBet) -> int:
    return _POST_ORDER[bet.kind]


def _blind_first_order(bet: ForcedBet) -> int:
    return _BLIND_FIRST_ORDER[bet.kind]


class Phase(StrEnum):
    """Where the hand stands."""

    BETTING = "betting"
    SHOWDOWN = "showdown"
    COMPLETE = "complete"
    VOIDED = "voided"


_BETTING: Final = Phase.BETTING
_SHOWDOWN: Final = Phase.SHOWDOWN
_COMPLETE: Final = Phase.COMPLETE
_VOIDED: Final = Phase.VOIDED


class Hand:
    """One hand: forced bets, dealing, four betting rounds, pots, showdown and awards.

    Seats are numbered clockwise; the button may be an empty seat (dead button).
    ``forced_bets`` defaults to :func:`~croupier.engine.setup.standard_forced_bets`.
    Every argument is checked (:mod:`croupier.engine._start`): bad input raises a
    croupier error that says what is accepted, and no hand is made.
    """

    __slots__ = (
        "_acted",
        "_acted_seq",
        "_aggressor",
        "_awarded",
        "_bet",
        "_blind_short",
        "_board",
        "_called",
        "_chips",
        "_committed",
        "_dead",
        "_dead_by",
        "_dead_cap",
        "_deck",
        "_deck_pos",
        "_double",
        "_events",
        "_final_pots",
        "_first_raiser",
        "_folded",
        "_full",
        "_full_seq",
        "_hole",
        "_increment",
        "_legal",
        "_live_n",
        "_mucked",
        "_n",
        "_phase",
        "_players",
        "_queue",
        "_raises",
        "_rake",
        "_required",
        "_revealed",
        "_round_first",
        "_round_street",
        "_seat_index",
        "_seats",
        "_shown",
        "_stack",
        "_start_stacks",
        "_street",
        "_to_act",
        "button",
        "rules",
    )

    def __init__(
        self,
        *,
        rules: Rules,
        seats: Sequence[SeatSetup],
        button: object,
        deck: Deck | Sequence[Card],
        forced_bets: Iterable[ForcedBet] | None = None,
        straddle: object = False,
        hand_id: object = "",
    ) -> None:
        self._begin(
            hand_start(
                rules=rules,
                seats=seats,
                button=button,
                deck=deck,
                forced_bets=forced_bets,
                straddle=straddle,
                hand_id=hand_id,
            )
        )

    # ------------------------------------------------------------------ setup
    def _begin(self, started: HandStarted) -> None:
        self.rules = started.rules
        self._double = (
            started.rules.min_raise is _DOUBLE_THE_BET
            and started.rules.structure is not _FIXED_LIMIT
        )
        self.button = started.button
        players = started.seats
        n = self._n = len(players)
        self._players = players
        self._seats = [p.seat for p in players]
        self._seat_index = {p.seat: i for i, p in enumerate(players)}
        # attrgetter: the players' own int objects, not copies (compiled code would box anew)
        self._start_stacks: tuple[int, ...] = tuple(map(_STACK_OF, players))
        self._stack = list(self._start_stacks)
        self._bet = [0] * n
        self._committed = [0] * n
        self._folded = [False] * n
        self._acted = [False] * n
        self._acted_seq = [0] * n
        self._mucked = [False] * n
        self._shown = [False] * n
        self._hole: list[tuple[Card, ...]] = [()] * n
        self._board: list[Card] = []
        self._deck = started.deck
        self._deck_pos = 0
        self._dead = 0
        self._dead_by = [0] * n
        self._dead_cap: list[int | None] = [None] * n
        self._blind_short = 0
        self._final_pots: tuple[PotLayer, ...] = ()
        self._awarded: list[tuple[list[int], list[int]]] = []
        self._revealed: set[tuple[int, int]] = set()
        self._called = False
        self._rake = 0
        self._events: list[Event] = [started]
        self._phase = _BETTING
        self._street = _PREFLOP
        self._round_street = _PREFLOP
        self._to_act = -1
        self._queue: list[int] = []
        self._legal: LegalActions | None = None
        self._required = self._increment = self._full = 0
        self._raises = self._full_seq = 0
        self._aggressor = self._first_raiser = self._round_first = -1
        self._post(started.forced)
        self._deal_hole(started.forced)
        for i, p in enumerate(players):
            if p.absent:  # POK-2-10: dealt in, forced bets taken, hand killed before betting
                self._folded[i] = True
                self._events.append(Acted(p.seat, _FOLD, 0, self._bet[i], False, "absent"))
        self._chips = sum(1 for i in range(n) if self._stack[i] and not self._folded[i])
        self._live_n = self._folded.count(False)
        self._start_preflop(started.forced)

    def _post(self, forced: tuple[ForcedBet, ...]) -> None:
        ante_dead = self.rules.ante_pot is _DEAD_MONEY
        capped = self.rules.short_dead_money_capped
        index, stack, events = self._seat_index, self._stack, self._events
        posts = sorted(forced, key=_post_order)
        for f, amount in zip(posts, self._post_amounts(posts), strict=True):
            i = index[f.seat]
            stack[i] -= amount
            if ante_dead and f.kind is _ANTE:
                self._dead += amount
                self._dead_by[i] += amount
                if amount < f.amount and capped:  # short on his own dead money: wins as
                    self._dead_cap[i] = self._dead_by[i]  # much of each payer's (ITA-40)
            else:
                self._committed[i] += amount
                if f.kind in _LIVE:
                    self._bet[i] += amount
                    if f.kind in _SINGLE_BLINDS:
                        self._blind_short += f.amount - amount  # TDA R54-B
            events.append(Posted(f.seat, f.kind, amount, amount < f.amount or stack[i] == 0))
        if self.rules.ante_pot is _TRIMMED:
            self._trim_antes(forced)

    def _post_amounts(self, posts: list[ForcedBet]) -> list[int]:
        """What each forced bet takes from its payer's stack, taken in the rules' order:
        antes first, or the big blind first (TDA RP-11); posted antes first either way."""
        left = list(self._stack)
        index = self._seat_index
        order: list[int] = list(range(len(posts)))
        if self.rules.big_blind_first:
            order.sort(key=lambda k: _blind_first_order(posts[k]))
        amounts = [0] * len(posts)
        for k in order:
            i, due = index[posts[k].seat], posts[k].amount
            amounts[k] = due if due < left[i] else left[i]
            left[i] -= amounts[k]
        return amounts

    def _trim_antes(self, forced: tuple[ForcedBet, ...]) -> None:
        """Give back the part of the largest ante that no other ante matched."""
        antes = [0] * self._n
        for f in forced:
            if f.kind is _ANTE:
                i = self._seat_index[f.seat]
                antes[i] = self._committed[i] - self._bet[i]
        top = max(antes)
        if top == 0 or antes.count(top) > 1:
            return
        i = antes.index(top)
        excess = top - max(a for j, a in enumerate(antes) if j != i)
        self._committed[i] -= excess
        self._stack[i] += excess
        self._events.append(BetReturned(self._seats[i], excess))

    def _deal_hole(self, forced: tuple[ForcedBet, ...]) -> None:
        n = self._n
        start = self._after(self.button)
        if self.rules.deal_start is _DEAL_FROM_SMALL_BLIND:  # ITA-7
            small = [f.seat for f in forced if f.kind is _SMALL_BLIND]
            if small:
                start = self._seat_index[small[0]]
        deck, hole, seats, events = self._deck, self._hole, self._seats, self._events
        for k in range(n):  # PKG-3, ITA-7: one card at a time, two rounds
            i = (start + k) % n
            cards: tuple[Card, ...] = (deck[k], deck[k + n])  # one tuple, also when compiled
            hole[i] = cards
            events.append(tuple.__new__(HoleDealt, (seats[i], cards)))  # HoleDealt(seat, cards)
        self._deck_pos = 2 * n

    def _after(self, seat: int) -> int:
        """Index of the first player clockwise after seat number ``seat``."""
        for i, s in enumerate(self._seats):
            if s > seat:
                return i
        return 0

    def _start_preflop(self, forced: tuple[ForcedBet, ...]) -> None:
        rules, stakes = self.rules, self.rules.stakes
        kinds = {f.kind: f.seat for f in forced}
        highest = max(self._bet)
        blind_seat = kinds.get(_STRADDLE, kinds.get(_BIG_BLIND))
        nominal = 0
        if _STRADDLE in kinds:
            nominal = stakes.straddle or max(f.amount for f in forced if f.kind is _STRADDLE)
        elif _BIG_BLIND in kinds:
            nominal = stakes.big_blind
        self._required = highest
        if rules.short_blind_call is _FULL_BLIND and nominal > highest:
            self._required = nominal  # POK-8-6, ITA-33: a short blind does not lower the call
        if rules.structure is _FIXED_LIMIT:
            self._increment = stakes.small_bet
        elif rules.min_raise_from_blind:
            self._increment = max(stakes.min_bet, nominal)
        else:
            self._increment = stakes.min_bet
        self._full = self._initial_full()
        if _BIG_BLIND in kinds and _SMALL_BLIND not in kinds:
            self._blind_short += stakes.small_blind  # TDA R54-B: a dead small blind counts
        live_blinds = _BIG_BLIND in kinds
        self._raises = (live_blinds + (_STRADDLE in kinds)) if rules.blind_counts_toward_cap else 0
        if blind_seat is None:
            blind_seat = kinds.get(_SMALL_BLIND, self.button)
        if rules.preflop_opener is _LARGEST_BLIND:
            blind_seat = self._largest_blind(forced)
        self._open_round(self._after(blind_seat))

    def _largest_blind(self, forced: tuple[ForcedBet, ...]) -> int:
        """The seat of the largest blind or option posted, the later one from the button's
        left on a tie (PokerKit's reading of PHH: a big blind posted under the small blind
        speaks first; with no blind posted, the first left of the button does)."""
        posted = dict.fromkeys(self._seats, 0)
        for f in forced:
            if f.kind in _SINGLE_BLINDS:
                posted[f.seat] = self._bet[self._seat_index[f.seat]]
        first = self._after(self.button)
        best, top = self.button, -1
        for k in range(self._n):
            seat = self._seats[(first + k) % self._n]
            if posted[seat] >= top:
                best, top = seat, posted[seat]
        return best

    def _initial_full(self) -> int:
        rules = self.rules
        if not rules.full_bet_floor:
            return 0
        if rules.structure is _FIXED_LIMIT:
            return ceil(rules.reopen_fraction * rules.bet_size(self._street))
        return self._increment

    # ------------------------------------------------------------- properties
    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far, the secret ones included (the deck, all hole cards)."""
        return tuple(self._events)

    @property
    def phase(self) -> Phase:
        """Betting, showdown, complete or voided."""
        return self._phase

    @property
    def is_over(self) -> bool:
        """True once the pots are awarded or the hand is voided."""
        return self._phase is _COMPLETE or self._phase is _VOIDED

    @property
    def street(self) -> Street:
        """The current (or last) street."""
        return self._street

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is (to bet, or to show at the showdown), or None."""
        return self._seats[self._to_act] if self._to_act >= 0 else None

    @property
    def seats(self) -> tuple[SeatSetup, ...]:
        """The players dealt in, clockwise, with their stacks at the start of the hand."""
        return self._players

    @property
    def stacks(self) -> dict[int, int]:
        """Each seat's stack now (chips not yet bet or in a pot)."""
        return dict(zip(self._seats, self._stack, strict=True))

    @property
    def starting_stacks(self) -> dict[int, int]:
        """Each seat's stack before the hand."""
        return dict(zip(self._seats, self._start_stacks, strict=True))

    @property
    def bets(self) -> dict[int, int]:
        """Each seat's bet in the current round, not yet gathered."""
        return dict(zip(self._seats, self._bet, strict=True))

    @property
    def board(self) -> tuple[Card, ...]:
        """The community cards dealt so far."""
        return tuple(self._board)

    @property
    def button_seat(self) -> int:
        """The button's seat number (possibly an empty seat: a dead button)."""
        return self.button

    @property
    def rake(self) -> int:
        """Chips taken by the house in this hand so far."""
        return self._rake

    @property
    def pots(self) -> tuple[Pot, ...]:
        """Main pot then side pots from the chips gathered so far (bets on the table excluded)."""
        gathered = [c - b for c, b in zip(self._committed, self._bet, strict=True)]
        return self._seat_pots(self._layers(gathered))

    @property
    def final_pots(self) -> tuple[PotLayer, ...]:
        """The pots as built when betting ended, before rake, in seat numbers: each pot's
        chips, the seats that could win it and the seats that put chips into it.

        Empty while betting goes on. A knocked-out player's last chip lies in the last pot
        he put chips into (POK-6-3).
        """
        seats = self._seats
        return tuple(
            PotLayer(
                p.amount,
                tuple(seats[i] for i in p.eligible),
                tuple(seats[i] for i in p.contributors),
            )
            for p in self._final_pots
        )

    @property
    def total_in_play(self) -> int:
        """Stacks + bets + pots + rake: constant through the hand (chips are conserved)."""
        return sum(self._stack) + sum(self._committed) + self._dead + self._rake

    def hole_cards(self, seat: object) -> tuple[Card, ...]:
        """The hole cards of ``seat`` (the engine's own knowledge: views decide who may see)."""
        return self._hole[self._index(seat)]

    def is_folded(self, seat: object) -> bool:
        """True once ``seat`` has folded (or had his hand killed)."""
        return self._folded[self._index(seat)]

    def is_all_in(self, seat: object) -> bool:
        """True when ``seat`` is in the hand with no chips behind."""
        i = self._index(seat)
        return not self._folded[i] and self._stack[i] == 0

    def has_shown(self, seat: object) -> bool:
        """True once ``seat`` has tabled his hand."""
        return self._shown[self._index(seat)]

    def has_mucked(self, seat: object) -> bool:
        """True once ``seat`` has mucked at the showdown."""
        return self._mucked[self._index(seat)]

    def _index(self, seat: object) -> int:
        try:
            if type(seat) is int:
                return self._seat_index[seat]
        except KeyError:
            pass
        raise IllegalActionError(
            f"seat {quote(seat)} is not in this hand: the seats are {self._seats}"
        ) from None

    def _live(self) -> list[bool]:
        return [not f for f in self._folded]

    def _layers(self, committed: list[int], *, over: bool = False) -> list[PotLayer]:
        """The pots of ``committed``; once betting is ``over``, the players still in with
        chips behind may win what lies above every contribution of a player still in
        (POK-3-2, ITA-51, TDA R30: an absent player's blinds stay in the pot)."""
        live = self._live()
        reach = None
        if over:
            stack = self._stack
            reach = [alive and stack[i] > 0 for i, alive in enumerate(live)]
        if not self._dead:
            return pot_layers(committed, live, reach=reach)
        return pot_layers(committed, live, self._dead_by, dead_cap=self._dead_cap, reach=reach)

    def _seat_pots(self, pots: Iterable[PotLayer]) -> tuple[Pot, ...]:
        seats = self._seats
        return tuple(Pot(p.amount, tuple(seats[i] for i in p.eligible)) for p in pots)

    def view(self, seat: object) -> HandView:
        """What ``seat`` may see: his own cards, shown cards, the board, public bets."""
        return view_of(self, self._seats[self._index(seat)])

    def spectator_view(self) -> HandView:
        """What a spectator may see: no hole card until it is shown."""
        return view_of(self, None)

    # ---------------------------------------------------------- legal actions
    def legal_actions(self) -> LegalActions:
        """What the player to act may do now (empty when nobody is to act)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def _compute_legal(self) -> LegalActions:
        i = self._to_act
        if i < 0:
            return LegalActions(seat=-1)
        seat = self._seats[i]
        if self._phase is _SHOWDOWN:
            return LegalActions(seat=seat, show=True, muck=self._may_muck(i))
        stack, bet, required = self._stack[i], self._bet[i], self._required
        owed = required - bet
        total = stack + bet
        call = (owed if owed < stack else stack) if owed > 0 else None
        why = self._why_no_raise(i, owed)
        low = high = None
        if not why:
            rules = self.rules
            structure = rules.structure
            if structure is _FIXED_LIMIT:
                target = cap = required + rules.bet_size(self._street)
            else:
                if self._double:  # CAS-27: at least twice the bet
                    target = max(2 * required, required + rules.stakes.min_bet)
                else:
                    target = required + self._increment
                if structure is _NO_LIMIT:
                    cap = total
                else:  # pot-limit: call, then raise by the whole pot
                    cap = required + sum(self._committed) + self._dead + owed
                    if self._street == _PREFLOP and rules.pot_limit_full_blinds:
                        cap += self._blind_short  # TDA R54-B: as if the blinds were full
            low = target if target < total else total
            high = cap if cap < total else total
            if high < low:
                high = low
        all_in = None
        if (high is not None and total <= high) or (owed > 0 and stack <= owed):
            all_in = total
        # Positional for speed: seat, fold, check, call, min, max, all-in, stack, bet,
        # facing a bet, why no raise.
        return LegalActions(
            seat, True, owed <= 0, call, low, high, all_in, stack, bet, required > 0, why
        )

    def _why_no_raise(self, i: int, owed: int) -> str:
        if self._stack[i] <= owed:
            return "your stack only covers the call"
        required, stack, bet, folded = self._required, self._stack, self._bet, self._folded
        for j in range(self._n):
            if j != i and not folded[j] and stack[j] + bet[j] > required:
                break
        else:
            return "no opponent has chips left to call a raise"
        rules = self.rules
        cap = rules.raise_cap
        heads_up = self._live_n == 2
        if cap is not None and self._raises >= cap and not (rules.lift_cap_heads_up and heads_up):
            return f"the betting is capped at {cap} bets and raises (PKG-11)"
        if self._acted[i]:
            if self._double:  # the bet he acted on has since been doubled
                reopened = required - bet[i] >= max(bet[i], rules.stakes.min_bet)
            elif rules.cumulative_reopen:
                reopened = required - bet[i] >= self._full
            else:
                reopened = self._full_seq > self._acted_seq[i]
            if not reopened:
                return "the betting was not reopened: the all-in was less than a full raise"
        return ""

    def _may_muck(self, i: int) -> bool:
        if self.rules.called_hand_must_show and not any(self._shown) and self._queue[0] == i:
            return False  # PKG-12, TDA R18-B: the called hand is shown first
        live = [not (f or m) for f, m in zip(self._folded, self._mucked, strict=True)]
        for pot in self._final_pots:
            if i in pot.eligible and not any(live[j] for j in pot.eligible if j != i):
                return False  # mucking would leave a pot with no hand to win it
        return True

    # ----------------------------------------------------------------- acting
    def act(self, seat: object, action: object) -> Move:
        """Play ``action`` for ``seat``; refuse anything illegal and change nothing.

        Raises :class:`OutOfTurnError` when it is not ``seat``'s turn (POK-8-13,
        ITA-27) and :class:`IllegalActionError` with what is legal otherwise; an
        ``action`` that is not an :class:`Action`, or a ``seat`` that is not a seat
        number, raises :class:`~croupier.errors.InvalidActionError`.
        """
        if type(seat) is not int:
            raise InvalidActionError(
                f"{quote(seat)} is not a seat number: the seats in this hand are {self._seats}"
            )
        if type(action) is not Action or type(action.kind) is not ActionKind:
            action = as_action(action)
        i = self._to_act
        if i < 0:
            raise OutOfTurnError(f"seat {seat} cannot act: {self._no_turn_reason()}")
        current = self._seats[i]
        if seat != current:
            raise OutOfTurnError(
                f"seat {seat} acted out of turn: it is seat {current}'s turn (POK-8-13)"
            )
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        reason = ""
        if action.kind is _TIMEOUT:
            reason = "timeout"
            if self._phase is _SHOWDOWN:
                action = Action.show()  # the clock never forfeits a hand: cards speak
            elif self.rules.timeout is _TIMEOUT_FOLD:
                action = Action.fold()  # POK-4-4, ITA-28: the hand is dead
        move = legal.resolve(action)
        if self._phase is _SHOWDOWN:
            self._showdown_choice(i, move.kind is _SHOW)
        else:
            self._apply(i, move, reason)
        return move

    def _no_turn_reason(self) -> str:
        if self._phase is _VOIDED:
            return "the hand was voided"
        if self._phase is _COMPLETE:
            return "the hand is over"
        return "nobody is to act"  # pragma: no cover

    def _apply(self, i: int, move: Move, reason: str) -> None:
        self._legal = None
        kind, put = move.kind, move.put
        stack, bet = self._stack, self._bet
        if kind is _FOLD:
            self._folded[i] = True  # POK-4-1: final and binding
            self._live_n -= 1
            if stack[i]:
                self._chips -= 1
        elif put:  # a call, a bet or a raise
            left = stack[i] - put
            if not left:
                self._chips -= 1
            stack[i] = left
            bet[i] += put
            self._committed[i] += put
            if kind is not _CALL:
                self._raise(i, move.to)
                if kind is _RAISE and self._first_raiser < 0:
                    self._first_raiser = i  # CAS-21: a raise, not the opening bet
        self._acted[i] = True
        self._acted_seq[i] = self._full_seq
        if self._round_first < 0:
            self._round_first = i
        # Acted(seat, kind, put, to, all_in, reason), without the call of its Python __new__
        acted = (self._seats[i], kind, put, bet[i], not stack[i], reason)
        self._events.append(tuple.__new__(Acted, acted))
        if self._live_n == 1:  # everyone else folded
            self._end_round()
            return
        j = self._next_to_act(i + 1 if i + 1 < self._n else 0)
        if j < 0:
            self._end_round()
        else:
            self._to_act = j

    def _raise(self, i: int, to: int) -> None:
        rules = self.rules
        increment = to - self._required
        if self._double:  # CAS-27: full when it at least doubles the bet it raises
            full = increment >= self._required and increment >= rules.stakes.min_bet
        else:
            full = increment >= self._full
        if full:
            self._full_seq += 1
            fixed = rules.structure is _FIXED_LIMIT
            if not fixed and increment > self._increment:
                self._increment = increment
            if rules.full_bet_floor:
                if rules.structure is not _FIXED_LIMIT:
                    self._full = self._increment
            elif increment > self._full:
                self._full = increment
        if full or rules.short_all_ins_count_toward_cap:
            self._raises += 1
        floor = self._floor()
        self._required = to if to >= floor else floor
        self._aggressor = i

    def _floor(self) -> int:
        """What anyone entering the pot must put in once someone has bet after the flop.

        Before the flop the call already starts at the (full) big blind and only rises.
        """
        rules = self.rules
        if self._street and rules.sub_minimum_all_in is _FULL_MINIMUM:
            return rules.stakes.min_bet  # ITA-33, ITA-35
        return 0

    def _next_to_act(self, first: int) -> int:
        """The first player from index ``first`` clockwise who must act, or -1.

        A player must act when he owes chips, or has not acted yet in the round while
        someone else could still answer a bet.
        """
        n = self._n
        folded, stack, bet, acted = self._folded, self._stack, self._bet, self._acted
        required = self._required
        others_can_answer = self._chips >= 2
        j = first
        for _ in range(n):
            if not folded[j] and stack[j]:
                if bet[j] < required:
                    if others_can_answer or bet[j] < self._top_other_bet(j):
                        return j
                    # Nothing to decide: nobody left could match more than he has put in.
                elif not acted[j] and others_can_answer:
                    return j
            j = j + 1 if j + 1 < n else 0
        return -1

    def _top_other_bet(self, i: int) -> int:
        """The largest bet of the round of a player still in other than ``i``."""
        folded, bet = self._folded, self._bet
        return max((bet[j] for j in range(self._n) if j != i and not folded[j]), default=0)

    def _open_round(self, first: int) -> None:
        """Give the turn to the first player from ``first`` clockwise who must act."""
        self._legal = None
        self._round_street = self._street
        j = self._next_to_act(first) if self._live_n > 1 else -1
        if j < 0:
            self._end_round()
        else:
            self._to_act = j

    # ---------------------------------------------------------- end of rounds
    def _end_round(self) -> None:
        self._to_act = -1
        self._legal = None
        self._return_uncalled()
        over = self._live_n == 1 or self._street == _RIVER or self._chips <= 1
        returned = self._return_unmatched() if over else False
        gathered = tuple(self._bet)
        self._bet = [0] * self._n
        pots = self._layers(self._committed, over=over)
        if over:
            self._final_pots = tuple(pots)
        if any(gathered) or returned:
            self._events.append(BetsGathered(self._street, self._seat_pots(pots)))
        if self._live_n == 1:
            self._award()
            return
        if self._street == _RIVER:
            self._showdown()
            return
        if self._chips <= 1:  # no more betting possible: run the board out
            self._reveal_all_in()
            while self._street < _RIVER:
                self._deal_street()
            self._showdown()
            return
        self._deal_street()
        self._start_round()

    def _return_uncalled(self) -> None:
        bets = self._bet
        top = max(bets)
        if top == 0 or bets.count(top) > 1:
            return
        h = bets.index(top)
        if self._folded[h]:
            return  # a killed hand's blinds stay in the pot (POK-2-10, TDA R30)
        second = max((b for i, b in enumerate(bets) if i != h), default=0)
        excess = top - second
        bets[h] -= excess
        self._committed[h] -= excess
        if not self._stack[h] and not self._folded[h]:
            self._chips += 1
        self._stack[h] += excess
        self._events.append(BetReturned(self._seats[h], excess))

    def _return_unmatched(self) -> bool:
        """Betting is over: give back what no player still in can win (ITA-40, TDA R21);
        while a player still in has chips behind, nothing comes back (POK-3-2, TDA R30)."""
        live = self._live()
        back = unmatched(self._committed, live, self._stack)
        dead_back = unmatched_dead(self._dead_by, live, self._dead_cap) if self._dead else None
        returned = False
        for i in range(self._n):
            live_part = back[i]
            dead_part = dead_back[i] if dead_back else 0
            if not (live_part or dead_part):
                continue
            if live_part:
                self._committed[i] -= live_part
                bet = self._bet[i]
                self._bet[i] = bet - live_part if bet > live_part else 0
            if dead_part:
                self._dead_by[i] -= dead_part
                self._dead -= dead_part
            self._stack[i] += live_part + dead_part
            self._events.append(BetReturned(self._seats[i], live_part + dead_part))
            returned = True
        return returned

    def _deal_street(self) -> None:
        self._street = _STREETS[self._street + 1]
        if self.rules.burn_cards:  # PKG-8, ITA-10, CAS-18
            self._deck_pos += 1
        count = _BOARD_CARDS[self._street]
        cards = self._deck[self._deck_pos : self._deck_pos + count]
        self._deck_pos += count
        self._board.extend(cards)
        self._events.append(BoardDealt(self._street, cards))

    def _start_round(self) -> None:
        rules = self.rules
        self._acted = [False] * self._n
        self._required = 0
        self._raises = self._full_seq = 0
        self._acted_seq = [0] * self._n
        self._aggressor = self._first_raiser = self._round_first = -1
        if rules.structure is _FIXED_LIMIT:
            self._increment = rules.bet_size(self._street)
        else:
            self._increment = rules.stakes.min_bet
        self._full = self._initial_full()
        self._open_round(self._after(self.button))  # PKG-9, ITA-10

    # --------------------------------------------------------------- showdown
    def _showdown_order(self) -> list[int]:
        n = self._n
        start = -1
        if self._round_street == _RIVER:
            if self.rules.showdown_order is _FIRST_RAISER:
                start = self._first_raiser  # CAS-21: the first to raise, else first to act
            else:
                start = self._aggressor  # POK-9-1, PKG-12, ITA-42, RRP-8
            if start < 0:
                # Nobody bet: the first to speak on the last round shows first (POK-9-1,
                # RRP-8, CAS-21, ITA-42), not an all-in player who had nothing to say.
                start = self._round_first
        if start < 0:
            start = self._after(self.button)  # nobody spoke: the first left of the button
        order = [(start + k) % n for k in range(n)]
        return [i for i in order if not self._folded[i]]

    def _reveal_all_in(self) -> None:
        if self.rules.all_in_hands_face_up is _NEVER:
            return
        for i in self._showdown_order():  # POK-9-5, TDA R16: every hand face up
            if not self._shown[i]:
                self._table(i, auto=True)

    def _table(self, i: int, *, auto: bool) -> None:
        self._shown[i] = True
        self._events.append(Shown(self._seats[i], self._hole[i], auto))

    def _showdown(self) -> None:
        self._called = True
        contestants = self._showdown_order()
        face_up = self.rules.all_in_hands_face_up
        with_chips = sum(1 for i in contestants if self._stack[i])
        if (face_up is _ANY_ALL_IN and with_chips < len(contestants)) or (
            face_up is _NO_MORE_BETTING and with_chips <= 1
        ):
            for i in contestants:  # TDA R16: once a player is all-in, every hand is tabled
                if not self._shown[i]:
                    self._table(i, auto=True)
        self._queue = [i for i in contestants if not self._shown[i]]
        self._phase = _SHOWDOWN
        self._next_to_show()

    def _next_to_show(self) -> None:
        self._legal = None
        live = [i for i in range(self._n) if not (self._folded[i] or self._mucked[i])]
        if len(live) == 1 and self.rules.last_hand_must_show and not self._shown[live[0]]:
            self._table(live[0], auto=True)  # RRP-1, ITA-37: shown to win, even alone
        if not self._queue or len(live) == 1:
            self._queue = []
            self._to_act = -1
            self._award()
            return
        self._to_act = self._queue[0]

    def _showdown_choice(self, i: int, show: bool) -> None:
        if show:
            self._table(i, auto=False)
        else:
            self._mucked[i] = True  # RRP-4, ITA-38: a mucked hand is dead
            self._events.append(Mucked(self._seats[i]))
        self._queue.remove(i)
        self._next_to_show()

    # ----------------------------------------------------------------- awards
    def _award(self) -> None:
        self._to_act = -1
        self._legal = None
        rules = self.rules
        board = self._board
        shown_values: dict[int, int] = {}
        for i in range(self._n):
            if self._shown[i] and not self._folded[i]:
                shown_values[i] = evaluate((*self._hole[i], *board))
        pots = list(self._final_pots)
        winners_of = [self._pot_winners(pot, shown_values) for pot in pots]
        if rules.merge_equal_contender_pots:
            pots, winners_of = self._merge_pots(pots, winners_of)
        self._final_pots = tuple(pots)
        order = list(range(len(pots)))
        if rules.pot_order is _SIDE_POTS_FIRST:  # POK-9-7, RRP-7
            order.reverse()
        self._awarded = [([], [])] * len(pots)
        rake_open = not (rules.rake.no_flop_no_drop and not board)
        cap = rules.rake.cap
        for p in order:
            amount = pots[p].amount
            winners = winners_of[p]
            best = shown_values.get(winners[0])
            description = describe(best) if best is not None else ""
            rake = 0
            if rake_open and rules.rake.rate:
                rake = rules.rake.of(amount)
                if cap is not None and self._rake + rake > cap:
                    rake = cap - self._rake
                if rake:
                    self._rake += rake
                    self._events.append(Raked(p, rake))  # CAS-23: before the pot is paid
            shares = split_pot(
                amount - rake, winners, rule=rules.odd_chips, unit=rules.odd_chip_unit
            )
            for i, share in zip(winners, shares, strict=True):
                self._stack[i] += share
            self._awarded[p] = (winners, shares)
            self._events.append(
                Awarded(
                    p,
                    amount - rake,
                    tuple((self._seats[i], s) for i, s in zip(winners, shares, strict=True)),
                    description,
                )
            )
        self._committed = [0] * self._n
        self._dead = 0
        self._dead_by = [0] * self._n
        self._phase = _COMPLETE
        self._events.append(
            HandEnded(tuple(zip(self._seats, self._stack, strict=True)), self._rake)
        )

    def _pot_winners(self, pot: PotLayer, shown_values: dict[int, int]) -> list[int]:
        """The best hands still in among those who may win ``pot``, from the button's left."""
        contenders = [i for i in pot.eligible if not (self._folded[i] or self._mucked[i])]
        if len(contenders) > 1:
            best = max(shown_values[i] for i in contenders)
            contenders = [i for i in contenders if shown_values[i] == best]
        contenders.sort(key=self._from_button)
        return contenders

    @staticmethod
    def _merge_pots(
        pots: list[PotLayer], winners_of: list[list[int]]
    ) -> tuple[list[PotLayer], list[list[int]]]:
        """PokerKit's reading: hands that win no pot are killed, then consecutive pots that
        the same surviving hands contest are one pot, split once."""
        alive = {i for winners in winners_of for i in winners}
        merged: list[PotLayer] = []
        merged_winners: list[list[int]] = []
        previous: tuple[int, ...] | None = None
        for pot, winners in zip(pots, winners_of, strict=True):
            contest = tuple(i for i in pot.eligible if i in alive)
            if merged and contest == previous:
                merged[-1] = join(merged[-1], pot)
            else:
                merged.append(pot)
                merged_winners.append(winners)
            previous = contest
        return merged, merged_winners

    def _from_button(self, i: int) -> int:
        return (self._seats[i] - self.button - 1) % 1_000_000

    # -------------------------------------------------------- asking to see
    def ask_to_see(self, asker: object, seat: object) -> tuple[Card, ...]:
        """Show ``seat``'s called hand to ``asker``, a player dealt in (RRP-5, PKG-14).

        Any player dealt in may ask to see a hand that went to the showdown and was not
        tabled: mucked, or the winner's when the others mucked. The cards are revealed to
        him (and to the table under ``requested_hand=table``); the hand stays as it was:
        a mucked hand is dead (RRP-4), an award is not changed. Except that, under
        ``winner_request_live`` (RRP-5), when the winner of a pot the mucked hand
        contested asks once the pots are awarded, both hands are live: they are tabled
        and those pots go to the best hand. A hand won without a showdown was never
        called and is not shown (PKG-13); undealt cards never are.
        """
        asker_i = self._asker_index(asker)
        i = self._index(seat)
        reason = self._why_not_shown_to(asker_i, i)
        if reason:
            raise IllegalActionError(f"seat {asker} cannot see seat {seat}'s hand: {reason}")
        live = (  # RRP-5: unless another player's request already ruled it dead
            self.rules.winner_request_live
            and self._phase is _COMPLETE
            and not any(j == i for j, _ in self._revealed)
            and won_against(self, asker_i, i)
        )
        self._revealed.add((i, asker_i))
        cards = self._hole[i]
        self._events.append(Revealed(self._seats[i], cards, self._seats[asker_i]))
        if live:
            revive_for_winner(self, asker_i, i)  # RRP-5: both hands live, the best wins
        return cards

    def revealed_to(self, asker: object) -> tuple[int, ...]:
        """The seats whose called hands have been shown to ``asker`` at his request."""
        if type(asker) is not int:
            raise IllegalActionError(f"{quote(asker)} is not a seat number")
        a = self._seat_index.get(asker, -1)
        return tuple(self._seats[i] for i, to in sorted(self._revealed) if to == a)

    def _asker_index(self, asker: object) -> int:
        try:
            if type(asker) is int:  # True is not seat 1
                return self._seat_index[asker]
        except KeyError:
            pass
        raise IllegalActionError(
            f"only a player dealt in may ask to see a hand (RRP-5): seat {quote(asker)} was not"
            f" dealt in; the seats are {self._seats}"
        )

    def _why_not_shown_to(self, asker: int, i: int) -> str:
        if self._phase is _BETTING:
            return "the betting is not over: hands are asked for at the showdown or after"
        if self._phase is _VOIDED:
            return "the hand was voided"
        if asker == i:
            return "it is his own hand"
        if self._folded[i]:
            return "that hand was folded before the showdown: it was never called"
        if not self._called:
            return "the hand was won without a showdown: it was never called (PKG-13)"
        if self._shown[i]:
            return "it is already shown to everyone"
        if self._phase is _SHOWDOWN and i in self._queue:
            return "that player has not chosen to show or muck yet"
        if (i, asker) in self._revealed:
            return "it was already shown to him"
        return ""

    # ------------------------------------------------------------------- void
    def void(self, reason: object = "") -> None:
        """Void the hand in progress: every chip returns to where it was (POK-2-9, ITA-45).

        A finished hand is never voided: its result stands (POK-10-1).
        """
        if type(reason) is not str:
            raise InvalidArgumentError(f"the reason of a void is text, not {quote(reason)}")
        if self._phase is _VOIDED:
            raise IllegalActionError("the hand is already voided")
        if self._phase is _COMPLETE:
            raise IllegalActionError(
                "the hand is complete: its pots are awarded and its result stands (POK-10-1);"
                " only a hand in progress can be voided"
            )
        self._stack = list(self._start_stacks)
        self._bet = [0] * self._n
        self._committed = [0] * self._n
        self._dead = 0
        self._dead_by = [0] * self._n
        self._final_pots = ()
        self._rake = 0
        self._to_act = -1
        self._legal = None
        self._queue = []
        self._phase = _VOIDED
        self._events.append(Voided(tuple(zip(self._seats, self._stack, strict=True)), reason))

    # ----------------------------------------------------------------- replay
    @classmethod
    def replay(cls, events: Iterable[Event]) -> Hand:
        """Rebuild a hand from its events, checking that each one is what the hand produces.

        Raises :class:`HandHistoryError` at the first event that does not match; the
        start is checked as ``Hand(...)`` checks its arguments.
        """
        try:
            log = list(events)
        except TypeError:
            raise HandHistoryError(f"{quote(events)} is not a list of events") from None
        if not log or not isinstance(log[0], HandStarted):
            raise HandHistoryError("a hand's events start with HandStarted")
        # Read as untyped values: a forged start is refused by hand_start's own checks, not
        # by the type checks of the compiled engine (croupier.engine._native).
        first: Any = log[0]
        try:  # the start is checked as Hand(...) checks it (croupier.engine._start)
            hand = cls(
                rules=first.rules,
                seats=first.seats,
                button=first.button,
                deck=first.deck,
                forced_bets=first.forced,
                hand_id=first.hand_id,
            )
        except CroupierError as exc:
            raise HandHistoryError(f"event 0 (the start) does not replay: {exc}") from exc
        pos = 1
        while pos < len(log):
            produced = hand._events
            if pos < len(produced):
                if produced[pos] != log[pos]:
                    raise HandHistoryError(
                        f"event {pos} does not replay: expected {log[pos]!r}, got {produced[pos]!r}"
                    )
                pos += 1
                continue
            event = log[pos]
            try:
                hand._replay_decision(event)
            except IllegalActionError as exc:
                raise HandHistoryError(f"event {pos} ({event!r}) does not replay: {exc}") from exc
        if len(hand._events) != len(log):
            raise HandHistoryError(
                f"the events stop at {len(log)} but the hand produced {len(hand._events)}"
            )
        return hand

    def _replay_decision(self, event: Event) -> None:
        e: Any = event  # its fields read untyped: a forged one is refused by the checks of act
        if isinstance(event, Voided):
            self.void(e.reason)
        elif isinstance(event, Mucked):
            self.act(e.seat, Action.muck())
        elif isinstance(event, Revealed):
            self.ask_to_see(e.asker, e.seat)
        elif isinstance(event, Shown) and not e.auto:
            self.act(e.seat, Action.show())
        elif isinstance(event, Acted) and e.reason in ("", "timeout"):
            if e.reason == "timeout":
                action = Action.timeout()
            elif e.kind in (_BET, _RAISE):
                action = Action.raise_to(e.to)
            else:
                action = Action(e.kind)
            self.act(e.seat, action)
        else:
            raise HandHistoryError(f"{event!r} is not a decision and the hand did not produce it")

    def __repr__(self) -> str:
        stacks = ", ".join(
            f"{s}: {format_amount(c)}" for s, c in zip(self._seats, self._stack, strict=True)
        )
        where = f"{self._phase.value} {self._street.title}"
        return f"<Hand {where} to_act={self.to_act} stacks={{{stacks}}}>"
