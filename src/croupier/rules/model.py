"""The rules value: every knob where the seed documents differ, in one immutable value.

The engine never asks which preset it is running; it asks the rules value a
question (``rules.showdown_order``, ``rules.min_raise`` ...). Presets, one per seed
document, are built in :mod:`croupier.rules.presets`. Amounts are integers in the
smallest unit of the game (a chip in a tournament, a cent in a cash game).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from enum import StrEnum
from fractions import Fraction
from typing import Any, Self

from croupier._checks import MAX_CHIPS, quote, whole
from croupier.errors import ConfigurationError
from croupier.rules._fields import check_fields, exact_fraction

__all__ = [
    "AbsentPlayers",
    "ActionClock",
    "AnteKind",
    "AntePot",
    "BettingStructure",
    "ButtonRule",
    "ClockCaller",
    "DealStart",
    "FaceUp",
    "FirstButton",
    "MinRaise",
    "NewPlayers",
    "OddChips",
    "PotOrder",
    "PreflopOpener",
    "Rake",
    "RequestedHand",
    "Rules",
    "ShortBlindCall",
    "ShowdownOrder",
    "Stakes",
    "SubMinimumAllIn",
    "Timeout",
]


class BettingStructure(StrEnum):
    """How much a bet or raise may be (CAS-26: the three versions)."""

    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"
    FIXED_LIMIT = "fixed-limit"


class AnteKind(StrEnum):
    """Who pays the ante."""

    NONE = "none"
    EVERY_PLAYER = "every-player"  # ITA-5
    BIG_BLIND = "big-blind"  # TDA RP-11: one ante paid by the big blind, before the blind


class AntePot(StrEnum):
    """How antes enter the pots."""

    CONTRIBUTION = "contribution"
    """Each ante is its payer's contribution: a short ante wins only what it matched."""
    DEAD_MONEY = "dead-money"
    """All antes are dead money in the main pot (the big blind ante; PHH without ante trimming)."""
    TRIMMED = "trimmed"
    """Contributions, the part of the largest ante that nobody matched given back at once
    (PHH with ante trimming, as PokerKit reads it)."""


class MinRaise(StrEnum):
    """The smallest legal raise in no-limit and pot-limit."""

    LAST_FULL_INCREMENT = "last-full-increment"
    """Raise by at least the largest full bet or raise of the round (POK-8-8, ITA-34, TDA R43)."""
    DOUBLE_THE_BET = "double-the-bet"
    """Raise to at least twice the bet being raised, a short all-in included (CAS-27)."""


class ShortBlindCall(StrEnum):
    """What the others must call when the big blind is posted short (all-in for less)."""

    FULL_BLIND = "full-blind"
    """The full big blind, and a raise goes to at least two big blinds (POK-8-6, ITA-33)."""
    POSTED = "posted"
    """Only what was posted (the PHH standard as PokerKit reads it)."""


class SubMinimumAllIn(StrEnum):
    """After the flop, an all-in bet below the minimum bet (the big blind)."""

    CALL_IT = "call-it"
    """Others may call the all-in amount or raise by at least the minimum bet (POK-8-7, TDA)."""
    FULL_MINIMUM = "full-minimum"
    """Anyone entering puts in the full minimum bet; a raise reaches twice it (ITA-33, ITA-35)."""


class ShowdownOrder(StrEnum):
    """Who shows first at the showdown; the others follow clockwise."""

    LAST_AGGRESSOR = "last-aggressor"
    """The last bettor or raiser of the last round (POK-9-1, PKG-12, ITA-42, RRP-8, TDA R17)."""
    FIRST_RAISER = "first-raiser"
    """The first player who raised in the last round (CAS-21)."""


class FaceUp(StrEnum):
    """When every hand still in is tabled, face up, with no mucking."""

    ANY_ALL_IN = "any-all-in"
    """Once a player is all-in and the betting is over (TDA R16)."""
    NO_MORE_BETTING = "no-more-betting"
    """Only when at most one player still has chips before the end (POK-9-5)."""
    NEVER = "never"
    """Players always choose to show or muck in turn."""


class Timeout(StrEnum):
    """What running out of time does to a hand."""

    CHECK_OR_FOLD = "check-or-fold"
    """Checked when checking is free, folded otherwise (TDA R29)."""
    FOLD = "fold"
    """The hand is dead (POK-4-4, ITA-28, ITA-43)."""


class PreflopOpener(StrEnum):
    """Who speaks first before the flop."""

    BIG_BLIND = "big-blind"
    """The player left of the big blind (left of the option when there is one), however
    much the big blind could post (PKG-6, CAS-16, ITA-8)."""
    LARGEST_BLIND = "largest-blind"
    """The player left of the largest blind actually posted, the later one on a tie
    (PokerKit's reading of PHH: a big blind all-in under the small blind speaks first)."""


class RequestedHand(StrEnum):
    """Who sees a called hand shown because a player asked to see it (RRP-5)."""

    TABLE = "table"
    """Turned up for the whole table: show one, show all (RRP-5 with RRP-6, ITA-39)."""
    ASKER = "asker"
    """Shown only in the history of the player who asked (PKG-14)."""


class PotOrder(StrEnum):
    """The order in which several pots are awarded."""

    SIDE_POTS_FIRST = "side-pots-first"  # POK-9-7, RRP-7: the pot with the fewest players first
    MAIN_POT_FIRST = "main-pot-first"  # ITA-41


class OddChips(StrEnum):
    """Where the chips that do not divide evenly in a split pot go."""

    ONE_EACH_FROM_BUTTON = "one-each-from-button"
    """One chip each to the winners, from the first left of the button (POK-9-6, ITA-13)."""
    FIRST_LEFT_OF_BUTTON = "first-left-of-button"
    """All to the winner nearest the button's left (TDA R20-A; PokerKit)."""


class DealStart(StrEnum):
    """Who receives the first hole card."""

    LEFT_OF_BUTTON = "left-of-button"  # PKG-3, CAS-15
    SMALL_BLIND = "small-blind"  # ITA-7 (differs heads-up, where the button is the small blind)


class FirstButton(StrEnum):
    """How the first button is placed: by a recorded card draw."""

    LOWEST_CARD = "lowest-card"  # POK-2-2
    HIGHEST_CARD = "highest-card"  # TDA: high card, suits ranked spades > hearts > diamonds > clubs
    HIGHEST_CLUB = "highest-club"  # CAS-12: one club to each player from the dealer's left


class ButtonRule(StrEnum):
    """How the button and the blinds move from one hand to the next."""

    DEAD_BUTTON = "dead-button"
    """The big blind always advances one player; the button may sit on an empty seat
    (POK-7-6, POK-7-12, TDA R32)."""
    ITALIAN = "italian"
    """The button moves one player; it stays put a hand when the small blind was
    eliminated, and after a hand without small blind when the big blind was (ITA-20, ITA-21)."""
    MOVING = "moving"
    """The button moves to the next player dealt in: the last small blind (PKG-17)."""


class AbsentPlayers(StrEnum):
    """What happens to a player who is away from his seat."""

    BLINDED = "blinded"
    """Dealt in, blinds and antes taken, the hand killed (POK-2-10, POK-3-2; tournaments)."""
    SIT_OUT = "sit-out"
    """Not dealt in; the blinds he misses are owed when he comes back (PKG-21, PKG-22)."""


class NewPlayers(StrEnum):
    """When a player who sits down (or comes back) is dealt in."""

    POST_OR_WAIT = "post-or-wait"
    """Cash games: in the big blind seat he is the big blind; between the button and the
    blinds he waits for the button; elsewhere he posts a big blind or waits (PKG-18 to 20)."""
    DEALT_IN = "dealt-in"
    """Tournaments: dealt in at once, except in the small blind or on the button, where he
    waits for the button to pass (ITA-24, TDA R8)."""


@dataclass(frozen=True, slots=True)
class Stakes:
    """The amounts of a game: blinds, ante, option (straddle), minimum bet and limit bets.

    ``small_bet``/``big_bet`` are the fixed-limit bet sizes (PKG-10); they default to
    the big blind and twice the small bet. ``min_bet`` defaults to the big blind
    (POK-8-5, ITA-33). ``straddle`` is the amount of the optional "option" (CAS-14),
    0 when the game has none.
    """

    small_blind: int
    big_blind: int
    ante: int = 0
    straddle: int = 0
    min_bet: int = 0
    small_bet: int = 0
    big_bet: int = 0

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if type(value) is not int or not 0 <= value <= MAX_CHIPS:  # a bool is refused
                object.__setattr__(self, f.name, whole(value, f"stakes: {f.name}"))
        if self.big_blind <= 0:
            raise ConfigurationError("stakes: the big blind must be at least 1")
        if self.small_blind > self.big_blind:
            raise ConfigurationError(
                f"stakes: the small blind ({self.small_blind}) exceeds"
                f" the big blind ({self.big_blind})"
            )
        if self.min_bet == 0:
            object.__setattr__(self, "min_bet", self.big_blind)
        if self.small_bet == 0:
            object.__setattr__(self, "small_bet", self.big_blind)
        if self.big_bet == 0:
            object.__setattr__(self, "big_bet", 2 * self.small_bet)
        if self.straddle and self.straddle < self.big_blind:
            raise ConfigurationError(
                f"stakes: the option ({self.straddle}) is below the big blind ({self.big_blind})"
            )

    @property
    def largest_blind(self) -> int:
        """The big blind, or the option when the game has one."""
        return max(self.big_blind, self.straddle)


@dataclass(frozen=True, slots=True)
class Rake:
    """The house's share of each pot, taken before the pot is paid (CAS-23).

    ``rate`` is a fraction of the pot, rounded to the nearest multiple of ``step``
    (halves rounded up); ``cap`` bounds the rake of one hand (None: no cap); with
    ``no_flop_no_drop`` a hand that ends before the flop is not raked.
    """

    rate: Fraction = Fraction(0)
    step: int = 1
    cap: int | None = None
    no_flop_no_drop: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "rate", exact_fraction(self.rate, "rake: rate"))
        check_fields(self, "rake")
        if not 0 <= self.rate < 1:
            raise ConfigurationError(f"rake: the rate must be from 0 up to 1, not {self.rate}")
        if self.step < 1:
            raise ConfigurationError(f"rake: the rounding step must be at least 1, not {self.step}")
        if self.cap is not None and self.cap < 0:
            raise ConfigurationError(f"rake: the cap must be >= 0, not {self.cap}")

    def of(self, pot: int) -> int:
        """The rake of one pot of ``pot`` units, before any cap.

        >>> Rake(Fraction(4, 100), step=10).of(1_234)  # 49.36 cents -> 50
        50
        >>> Rake(Fraction(4, 100), step=10).of(125)  # 5 cents: the half rounds up
        10
        """
        if not self.rate:
            return 0
        exact = self.rate * pot / self.step
        steps = (exact * 2 + 1) // 2  # nearest, halves up
        return int(steps) * self.step


class ClockCaller(StrEnum):
    """Who may call the clock on a player who takes too long to act."""

    OPPONENT = "opponent"
    """Another player at the table (ITA-28, POK-4-4, TDA R29)."""
    PLAYER = "player"
    """The player to act himself, to have his time counted (POK-4-4)."""
    DEALER = "dealer"
    """The dealer or the floor; on the server, the house (POK-4-4, TDA R29)."""


@dataclass(frozen=True, slots=True)
class ActionClock:
    """How long a player may take to act, in whole seconds (the state: croupier.table.clock).

    From ``call_after`` seconds into his turn one of the ``callers`` may call the clock on
    him; with ``automatic`` the house calls it itself at that moment (online rooms: a fixed
    think time from the start of the turn). Once called he has ``clock`` seconds, then a
    ``countdown`` of ``countdown`` seconds, then the hand is timed out as ``Rules.timeout``
    says. ``time_bank`` is the extra time each player starts with, spent in any turn once
    the clock runs (the table keeps what is left from turn to turn).

    >>> str(ActionClock(call_after=30, clock=60, countdown=10))  # ITA-28
    'after 30 s, when called: 60 s + 10 s countdown'
    """

    call_after: int = 30
    clock: int = 25
    countdown: int = 5
    callers: tuple[ClockCaller, ...] = (ClockCaller.OPPONENT, ClockCaller.DEALER)
    automatic: bool = False
    time_bank: int = 0

    def __post_init__(self) -> None:
        for name in ("call_after", "clock", "countdown", "time_bank"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ConfigurationError(
                    f"action clock: {name} is a whole number of seconds >= 0, not {value!r}"
                )
        if self.clock + self.countdown < 1:
            raise ConfigurationError("action clock: a called clock must last at least 1 second")
        if isinstance(self.callers, str):
            raise ConfigurationError(
                f"action clock: callers is a list of who may call the clock, not {self.callers!r}"
            )
        try:
            chosen = {ClockCaller(c) for c in self.callers}
        except (TypeError, ValueError):
            known = ", ".join(c.value for c in ClockCaller)
            raise ConfigurationError(
                f"action clock: callers {self.callers!r} are not among {known}"
            ) from None
        object.__setattr__(self, "callers", tuple(c for c in ClockCaller if c in chosen))
        if not isinstance(self.automatic, bool):
            raise ConfigurationError(
                f"action clock: automatic is True or False, not {self.automatic!r}"
            )
        if not self.automatic and not self.callers:
            raise ConfigurationError(
                "action clock: nobody may call the clock: name the callers or make it automatic"
            )

    def __str__(self) -> str:
        when = f"after {self.call_after} s" if self.call_after else "from the start"
        how = "automatically" if self.automatic else "when called"
        text = f"{when}, {how}: {self.clock} s"
        if self.countdown:
            text += f" + {self.countdown} s countdown"
        if self.time_bank:
            text += f"; time bank {self.time_bank} s"
        return text


@dataclass(frozen=True, slots=True)
class Rules:
    """Every rule of one hand of hold'em that the seed documents do not all share.

    Build one from a preset (:func:`croupier.rules.presets.preset`) rather than by hand;
    :meth:`with_stakes` gives the same rules at other stakes (a new blind level).
    """

    name: str
    stakes: Stakes
    structure: BettingStructure = BettingStructure.NO_LIMIT
    ante_kind: AnteKind = AnteKind.NONE
    ante_pot: AntePot = AntePot.CONTRIBUTION
    short_dead_money_capped: bool = True
    """A player short on his own dead money (a dead ante he could not pay in full) wins from
    each payer's dead money at most what he paid (the pot principle: ITA-40, TDA R21);
    False: he contests all of it, as PokerKit reads untrimmed PHH antes."""
    big_blind_first: bool = True
    """A big blind who also owes an ante posts the blind first and the ante from what is
    left (TDA RP-11, 2024: "big blind first"); False: the ante first (PokerKit, PHH)."""
    min_raise: MinRaise = MinRaise.LAST_FULL_INCREMENT
    min_raise_from_blind: bool = True
    """Before the flop the smallest raise adds the largest blind (or option) posted; False:
    it adds the minimum bet (the PHH standard as PokerKit reads it)."""
    full_bet_floor: bool = True
    """A bet or raise is full only if it reaches the minimum bet; False: the first bet of a
    round is full whatever its size (the PHH standard as PokerKit reads it)."""
    reopen_fraction: Fraction = Fraction(1)
    """Share of a full raise an all-in must add to reopen the betting for players who
    already acted: 1 in no-limit and pot-limit (POK-8-12, ITA-31, TDA R47-A); 1/2 in
    fixed-limit under TDA R47-B."""
    cumulative_reopen: bool = True
    """Several short all-ins that together make a full raise reopen the betting (POK-8-12)."""
    raise_cap: int | None = None
    """Most bets and raises in one round (4 = "a bet and three raises", PKG-11); None: no cap."""
    blind_counts_toward_cap: bool = True
    """Before the flop the big blind is the round's first bet for the cap (PKG-11)."""
    short_all_ins_count_toward_cap: bool = False
    """A short all-in raise (one that does not reopen) still counts toward the cap."""
    lift_cap_heads_up: bool = False
    """No cap when only two players are left in the hand (cash games, PKG-11)."""
    lift_cap_event_heads_up: bool = True
    """In a tournament, no cap once the event is down to two players (TDA R48): the
    tournament then plays its hands with ``lift_cap_heads_up``; False: capped to the end
    (PKG-11: "capped in tournaments")."""
    short_blind_call: ShortBlindCall = ShortBlindCall.FULL_BLIND
    preflop_opener: PreflopOpener = PreflopOpener.BIG_BLIND
    pot_limit_full_blinds: bool = True
    """Pot-limit before the flop: the pot for the largest bet counts short blinds, and a
    small blind nobody posts (the dead button), as if posted in full (TDA R54-B); False:
    the real pot (PokerKit)."""
    sub_minimum_all_in: SubMinimumAllIn = SubMinimumAllIn.CALL_IT
    showdown_order: ShowdownOrder = ShowdownOrder.LAST_AGGRESSOR
    called_hand_must_show: bool = False
    """The first hand to show at showdown may not be mucked (PKG-12, PKG-14, TDA R18-B)."""
    all_in_hands_face_up: FaceUp = FaceUp.ANY_ALL_IN
    """When all-in hands are tabled face up (POK-9-5, TDA R16)."""
    requested_hand: RequestedHand = RequestedHand.TABLE
    winner_request_live: bool = True
    """When the winner of a pot asks to see a hand mucked at the showdown that contested it,
    both hands are live and the best one wins (RRP-5: « les deux mains sont considérées
    valables et la meilleure main l'emporte »); False: the request only shows the hand."""
    last_hand_must_show: bool = True
    """When every other hand is mucked at the showdown, the last one is still shown to win
    (RRP-1, ITA-37, POK-9-1); False: it wins unshown (TDA R17-B)."""
    timeout: Timeout = Timeout.CHECK_OR_FOLD
    pot_order: PotOrder = PotOrder.SIDE_POTS_FIRST
    odd_chips: OddChips = OddChips.FIRST_LEFT_OF_BUTTON
    merge_equal_contender_pots: bool = False
    """Before pots are split, consecutive pots that the same hands contest are merged into
    one, so their odd chips are shared once (PokerKit's reading of PHH); False: each pot
    is split on its own (ITA-40, TDA R21)."""
    odd_chip_unit: int = 1
    """The smallest chip in play: pots split in multiples of it (TDA R20-A)."""
    deal_start: DealStart = DealStart.LEFT_OF_BUTTON
    burn_cards: bool = True
    """Burn a card before the flop, the turn and the river (PKG-8, ITA-10, CAS-18)."""
    rake: Rake = field(default_factory=Rake)
    tournament: bool = False
    """A tournament (True) or a cash game; tables and rooms read it, the engine does not."""
    first_button: FirstButton = FirstButton.HIGHEST_CARD
    button_rule: ButtonRule = ButtonRule.DEAD_BUTTON
    absent_players: AbsentPlayers = AbsentPlayers.BLINDED
    new_players: NewPlayers = NewPlayers.DEALT_IN
    max_players: int = 10
    """Players at one table (CAS-5, PKG-23, ITA-1)."""
    action_clock: ActionClock = field(default_factory=ActionClock)
    """How long a player may think, who may call the clock, the time bank (ITA-28, POK-4-4,
    TDA R29); the table's clock (croupier.table.clock) runs it, the engine never reads it."""

    def __post_init__(self) -> None:
        check_fields(self, "rules")  # every knob of its type: "pot-limit" is read, "no" is not
        if self.raise_cap is not None and self.raise_cap < 1:
            raise ConfigurationError(
                f"rules: the raise cap must be at least 1, not {self.raise_cap}"
            )
        if not 0 < self.reopen_fraction <= 1:
            raise ConfigurationError(
                f"rules: the reopen fraction must be in (0, 1], not {self.reopen_fraction}"
            )
        if not 2 <= self.max_players <= 22:
            raise ConfigurationError(
                f"rules: a table seats 2 to 22 players, not {self.max_players}"
            )
        if self.odd_chip_unit < 1:
            raise ConfigurationError("rules: the odd chip unit must be at least 1")
        if self.ante_kind is AnteKind.NONE and self.stakes.ante:
            raise ConfigurationError(
                f"rules: an ante of {self.stakes.ante} is set but nobody pays it: choose who"
                " (ante_kind 'every-player' or 'big-blind')"
            )

    @property
    def fixed_limit(self) -> bool:
        """True in fixed-limit (bets and raises of a fixed size)."""
        return self.structure is BettingStructure.FIXED_LIMIT

    def bet_size(self, street: int) -> int:
        """The fixed-limit bet of a street (0 preflop .. 3 river): small bet, then big bet."""
        return self.stakes.small_bet if street < 2 else self.stakes.big_bet

    def with_stakes(self, stakes: Stakes) -> Rules:
        """The same rules at other stakes (a new blind level, another table)."""
        return replace(self, stakes=stakes)

    def but(self, **changes: Any) -> Rules:
        """A copy with some knobs changed: ``rules.but(raise_cap=None)``."""
        known = {f.name for f in fields(self)}
        unknown = sorted(set(changes) - known)
        if unknown:
            raise ConfigurationError(
                f"rules: unknown knobs {unknown}; the knobs are {sorted(known)}"
            )
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dictionary; :meth:`from_dict` reads it back."""
        data = asdict(self)
        data["reopen_fraction"] = str(self.reopen_fraction)
        data["rake"]["rate"] = str(self.rake.rate)
        data["action_clock"]["callers"] = [c.value for c in self.action_clock.callers]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """Rebuild rules from :meth:`to_dict`'s output; unknown keys are an error."""
        if not isinstance(data, Mapping):
            raise ConfigurationError(f"rules: {quote(data)} is not a dictionary of rules")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known, key=str)
        if unknown:
            raise ConfigurationError(
                f"rules: unknown keys {unknown}; known keys are {sorted(known)}"
            )
        values = dict(data)
        try:
            stakes, rake = values["stakes"], values.get("rake", {})
            if not isinstance(stakes, Mapping) or not isinstance(rake, Mapping):
                raise ConfigurationError(
                    f"rules: stakes and rake are dictionaries, not {quote(stakes)}"
                    f" and {quote(rake)}"
                )
            values["stakes"] = Stakes(**stakes)
            values["rake"] = Rake(**rake)
            action_clock = values.get("action_clock")
            if action_clock is not None:
                if not isinstance(action_clock, Mapping):
                    raise ConfigurationError(
                        f"rules: action_clock is a dictionary, not {quote(action_clock)}"
                    )
                values["action_clock"] = ActionClock(**action_clock)
            return cls(**values)  # every knob is checked, its text read (Rules.__post_init__)
        except KeyError as exc:
            raise ConfigurationError(f"rules: the key {exc} is missing") from None
        except TypeError as exc:
            raise ConfigurationError(f"rules: {exc}") from exc
