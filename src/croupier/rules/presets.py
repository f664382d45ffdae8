"""One preset per seed document, plus the TDA default and the PHH standard.

=============  =====================================  ============================================
preset         seed                                   game
=============  =====================================  ============================================
``pokcomm``    000 POK@COMM championship rules         no-limit tournaments, no dealer
``pokerkings`` 001 PokerKings online room              fixed-limit cash games
``italian``    002 Regolamento Texas Hold'em           no-limit tournaments with antes
``casino-fr``  003 French casino regulation            cash games: limit, pot-limit or no-limit
``tda``        Poker TDA 2024 (the common default)     no-limit tournaments
``phh``        the PHH standard as PokerKit reads it   replaying hand histories
=============  =====================================  ============================================

The showdown clauses of seed 004 (Robert's Rules, RRP) apply to every preset unless its
own seed says otherwise. Where a seed is silent the TDA rules decide; ``docs/rules.md``
says, knob by knob, which text set each value.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from croupier._checks import choice, flag, quote, whole
from croupier.errors import ConfigurationError
from croupier.rules.model import (
    AbsentPlayers,
    ActionClock,
    AnteKind,
    AntePot,
    BettingStructure,
    ButtonRule,
    ClockCaller,
    DealStart,
    FaceUp,
    FirstButton,
    MinRaise,
    NewPlayers,
    OddChips,
    PotOrder,
    PreflopOpener,
    Rake,
    RequestedHand,
    Rules,
    ShortBlindCall,
    ShowdownOrder,
    Stakes,
    SubMinimumAllIn,
    Timeout,
)

__all__ = [
    "PRESETS",
    "casino_fr",
    "italian",
    "phh",
    "pokcomm",
    "pokerkings",
    "preset",
    "tda",
]


def _ante_pot(kind: AnteKind) -> AntePot:
    # TDA RP-11: a big-blind ante is dead money; antes paid by everyone are contributions.
    return AntePot.DEAD_MONEY if kind is AnteKind.BIG_BLIND else AntePot.CONTRIBUTION


def _limit_reopen(structure: BettingStructure) -> Fraction:
    # TDA R47-B: in limit an all-in of at least half a bet reopens; a full raise otherwise.
    return Fraction(1, 2) if structure is BettingStructure.FIXED_LIMIT else Fraction(1)


def pokcomm(
    small_blind: int = 25,
    big_blind: int = 50,
    *,
    ante: int = 0,
    ante_kind: AnteKind | str = AnteKind.EVERY_PLAYER,
) -> Rules:
    """Seed 000, POK@COMM: no-limit hold'em tournaments played without a dealer.

    >>> pokcomm().odd_chips.value, pokcomm().pot_order.value
    ('one-each-from-button', 'side-pots-first')
    """
    ante_kind = choice(AnteKind, ante_kind, "pokcomm: ante_kind")
    return Rules(
        name="pokcomm",
        stakes=Stakes(small_blind, big_blind, ante=ante),
        structure=BettingStructure.NO_LIMIT,
        ante_kind=AnteKind(ante_kind),  # silent on antes: set by the structure's levels
        ante_pot=_ante_pot(AnteKind(ante_kind)),
        big_blind_first=True,  # silent: TDA RP-11, the big blind before the ante
        min_raise=MinRaise.LAST_FULL_INCREMENT,  # POK-8-8
        cumulative_reopen=True,  # POK-8-12
        short_blind_call=ShortBlindCall.FULL_BLIND,  # POK-8-6
        sub_minimum_all_in=SubMinimumAllIn.CALL_IT,  # POK-8-7
        showdown_order=ShowdownOrder.LAST_AGGRESSOR,  # POK-9-1
        called_hand_must_show=False,  # RRP-8: a player may muck rather than contest
        all_in_hands_face_up=FaceUp.NO_MORE_BETTING,  # POK-9-5
        last_hand_must_show=True,  # POK-9-1, RRP-1
        winner_request_live=True,  # silent: RRP-5, the winner's request makes both live
        timeout=Timeout.FOLD,  # POK-4-4: the hand is dead
        pot_order=PotOrder.SIDE_POTS_FIRST,  # POK-9-7
        odd_chips=OddChips.ONE_EACH_FROM_BUTTON,  # POK-9-6
        deal_start=DealStart.LEFT_OF_BUTTON,  # silent: TDA / usual dealing
        tournament=True,
        first_button=FirstButton.LOWEST_CARD,  # POK-2-2
        button_rule=ButtonRule.DEAD_BUTTON,  # POK-7-6, POK-7-12
        absent_players=AbsentPlayers.BLINDED,  # POK-2-10, POK-3-2
        new_players=NewPlayers.DEALT_IN,  # silent: TDA R8
        action_clock=ActionClock(  # POK-4-4: a reasonable time (30 s, as ITA-28), 1 min + 10 s
            call_after=30, clock=60, countdown=10, callers=tuple(ClockCaller)
        ),
    )


def pokerkings(
    lower: int = 2, upper: int = 4, small_blind: int | None = None, *, euro: int = 1
) -> Rules:
    """Seed 001, PokerKings: fixed-limit cash games written lower-upper (PKG-23).

    The big blind is the lower limit; the small blind is half of it, rounded down to a
    whole euro from the 2-4 game up (PKG-4: 15-30 has a small blind of 7, 5-10 of 2,
    2-4 of 1, 1-2 of 0.50), unless ``small_blind`` is given. ``euro`` is the number of
    units in one euro (100 when amounts are in cents).

    >>> pokerkings(15, 30, small_blind=7).stakes
    Stakes(small_blind=7, big_blind=15, ante=0, straddle=0, min_bet=15, small_bet=15, big_bet=30)
    """
    lower = whole(lower, "pokerkings: the lower limit", low=1)
    upper = whole(upper, "pokerkings: the upper limit", low=1)
    euro = whole(euro, "pokerkings: euro (units in one euro)", low=1)
    if upper != 2 * lower:
        raise ConfigurationError(
            f"pokerkings: the upper limit ({upper}) must be twice the lower limit ({lower})"
        )
    if small_blind is None:
        half = lower // 2
        sb = half // euro * euro if lower >= 2 * euro else half
    else:
        sb = small_blind
    return Rules(
        name="pokerkings",
        stakes=Stakes(sb, lower, small_bet=lower, big_bet=upper),
        structure=BettingStructure.FIXED_LIMIT,  # PKG-10
        reopen_fraction=_limit_reopen(BettingStructure.FIXED_LIMIT),  # silent: TDA R47-B
        raise_cap=4,  # PKG-11: a bet and three raises
        blind_counts_toward_cap=True,
        lift_cap_heads_up=True,  # PKG-11: unlimited heads-up in cash games
        lift_cap_event_heads_up=False,  # PKG-11: capped heads-up in tournaments
        showdown_order=ShowdownOrder.LAST_AGGRESSOR,  # PKG-12
        called_hand_must_show=True,  # PKG-12, PKG-14: only the others may muck
        requested_hand=RequestedHand.ASKER,  # PKG-14: a hand history for the one who asks
        winner_request_live=False,  # PKG-14: the request reads the history; the hand is dead
        pot_order=PotOrder.SIDE_POTS_FIRST,  # RRP-7
        odd_chips=OddChips.FIRST_LEFT_OF_BUTTON,  # silent: TDA R20-A
        deal_start=DealStart.LEFT_OF_BUTTON,  # PKG-3
        tournament=False,
        first_button=FirstButton.HIGHEST_CARD,  # silent: TDA
        button_rule=ButtonRule.MOVING,  # PKG-17
        absent_players=AbsentPlayers.SIT_OUT,  # PKG-21, PKG-22
        new_players=NewPlayers.POST_OR_WAIT,  # PKG-18, PKG-19, PKG-20
        action_clock=ActionClock(  # silent: an online room's fixed think time and a time bank
            call_after=0, clock=15, countdown=5, callers=(), automatic=True, time_bank=30
        ),
    )


def italian(small_blind: int = 50, big_blind: int = 100, *, ante: int = 0) -> Rules:
    """Seed 002, the Italian regulations: no-limit tournaments with antes paid by all (ITA-5).

    The big blind is double the small blind (ITA-4).
    """
    small_blind = whole(small_blind, "italian: the small blind")
    big_blind = whole(big_blind, "italian: the big blind")
    if big_blind != 2 * small_blind:
        raise ConfigurationError(
            f"italian: the big blind ({big_blind}) must be double the small blind"
            f" ({small_blind}) (ITA-4)"
        )
    return Rules(
        name="italian",
        stakes=Stakes(small_blind, big_blind, ante=ante),
        structure=BettingStructure.NO_LIMIT,  # ITA-32
        ante_kind=AnteKind.EVERY_PLAYER,  # ITA-5: every player, in the levels that have one
        ante_pot=AntePot.CONTRIBUTION,
        big_blind_first=True,  # silent: TDA RP-11, the big blind before the ante
        min_raise=MinRaise.LAST_FULL_INCREMENT,  # ITA-34
        cumulative_reopen=True,  # silent on the cumulative case: TDA R47-A
        short_blind_call=ShortBlindCall.FULL_BLIND,  # ITA-33
        sub_minimum_all_in=SubMinimumAllIn.FULL_MINIMUM,  # ITA-35
        showdown_order=ShowdownOrder.LAST_AGGRESSOR,  # ITA-42
        called_hand_must_show=False,  # RRP-8
        last_hand_must_show=True,  # ITA-37
        winner_request_live=True,  # silent: RRP-5, the winner's request makes both live
        timeout=Timeout.FOLD,  # ITA-28, ITA-43: the hand is folded
        pot_order=PotOrder.MAIN_POT_FIRST,  # ITA-41
        odd_chips=OddChips.ONE_EACH_FROM_BUTTON,  # ITA-13
        deal_start=DealStart.SMALL_BLIND,  # ITA-7
        tournament=True,
        first_button=FirstButton.HIGHEST_CARD,  # ITA-3 draws the button; silent on how: TDA
        button_rule=ButtonRule.ITALIAN,  # ITA-20, ITA-21
        absent_players=AbsentPlayers.BLINDED,  # silent: TDA R30
        new_players=NewPlayers.DEALT_IN,  # ITA-24
        action_clock=ActionClock(  # ITA-28: after 30 s the others may call 60 s + a 10 s countdown
            call_after=30, clock=60, countdown=10, callers=(ClockCaller.OPPONENT,)
        ),
    )


def casino_fr(
    structure: BettingStructure | str = BettingStructure.NO_LIMIT,
    small_blind: int = 100,
    big_blind: int = 200,
    *,
    option: bool = False,
) -> Rules:
    """Seed 003, the French casino regulation: cash games in cents, three versions (CAS-26).

    The small blind is half the table minimum; the big blind lies between the small
    blind and twice it (CAS-13). With ``option`` the third player left of the button
    may post the option, twice the big blind (CAS-14). The rake is 4 % of every pot,
    rounded to the nearest ten cents (CAS-23).
    """
    version = choice(BettingStructure, structure, "casino-fr: structure")
    small_blind = whole(small_blind, "casino-fr: the small blind")
    big_blind = whole(big_blind, "casino-fr: the big blind")
    option = flag(option, "casino-fr: option")
    if not small_blind <= big_blind <= 2 * small_blind:
        raise ConfigurationError(
            f"casino-fr: the big blind ({big_blind}) must lie between the small blind"
            f" ({small_blind}) and twice it (CAS-13)"
        )
    return Rules(
        name="casino-fr",
        # CAS-13: the small blind is half the table minimum, the minimum bet
        stakes=Stakes(
            small_blind,
            big_blind,
            straddle=2 * big_blind if option else 0,
            min_bet=2 * small_blind,
        ),
        structure=version,
        min_raise=MinRaise.DOUBLE_THE_BET,  # CAS-27
        reopen_fraction=_limit_reopen(version),  # silent: TDA R47
        raise_cap=4 if version is BettingStructure.FIXED_LIMIT else None,  # silent: a bet, 3 raises
        lift_cap_heads_up=True,  # a cash game, as PKG-11
        short_blind_call=ShortBlindCall.FULL_BLIND,  # silent: TDA
        sub_minimum_all_in=SubMinimumAllIn.CALL_IT,  # silent: TDA
        showdown_order=ShowdownOrder.FIRST_RAISER,  # CAS-21
        called_hand_must_show=True,  # CAS-21: the croupier has the first raiser show
        winner_request_live=True,  # silent: RRP-5, the winner's request makes both live
        pot_order=PotOrder.SIDE_POTS_FIRST,  # RRP-7
        odd_chips=OddChips.FIRST_LEFT_OF_BUTTON,  # silent: TDA R20-A
        deal_start=DealStart.LEFT_OF_BUTTON,  # CAS-15
        rake=Rake(Fraction(4, 100), step=10),  # CAS-23: amounts are in cents
        tournament=False,
        first_button=FirstButton.HIGHEST_CLUB,  # CAS-12
        button_rule=ButtonRule.DEAD_BUTTON,  # silent: TDA R32
        absent_players=AbsentPlayers.SIT_OUT,  # CAS-8: a player may step away
        new_players=NewPlayers.POST_OR_WAIT,  # silent: as PKG-18 to 20
        action_clock=ActionClock(),  # silent: TDA R29, 25 s + 5 s once called after 30 s
    )


def tda(
    small_blind: int = 50,
    big_blind: int = 100,
    *,
    ante: int = 0,
    ante_kind: AnteKind | str = AnteKind.BIG_BLIND,
    structure: BettingStructure | str = BettingStructure.NO_LIMIT,
) -> Rules:
    """The Poker TDA 2024 rules: the common default where the seeds are silent."""
    version = choice(BettingStructure, structure, "tda: structure")
    kind = choice(AnteKind, ante_kind, "tda: ante_kind")
    return Rules(
        name="tda",
        stakes=Stakes(small_blind, big_blind, ante=ante),
        structure=version,
        ante_kind=kind,
        ante_pot=_ante_pot(kind),
        big_blind_first=True,  # RP-11 (2024): the big blind first, the ante from what is left
        min_raise=MinRaise.LAST_FULL_INCREMENT,  # R43-A
        reopen_fraction=_limit_reopen(version),  # R47-A, R47-B
        cumulative_reopen=True,  # R47-A
        raise_cap=4 if version is BettingStructure.FIXED_LIMIT else None,  # R48
        lift_cap_heads_up=False,  # R48: capped heads-up at a table...
        lift_cap_event_heads_up=True,  # R48: ...until the event is down to two players
        showdown_order=ShowdownOrder.LAST_AGGRESSOR,  # R17-A
        called_hand_must_show=True,  # R18-B
        last_hand_must_show=False,  # R17-B: the last live hand wins unshown
        winner_request_live=True,  # silent (R18 says who may ask): RRP-5
        timeout=Timeout.CHECK_OR_FOLD,  # R29
        pot_order=PotOrder.SIDE_POTS_FIRST,  # RRP-7
        odd_chips=OddChips.FIRST_LEFT_OF_BUTTON,  # R20-A
        deal_start=DealStart.LEFT_OF_BUTTON,
        tournament=True,
        first_button=FirstButton.HIGHEST_CARD,
        button_rule=ButtonRule.DEAD_BUTTON,  # R32
        absent_players=AbsentPlayers.BLINDED,  # R30
        new_players=NewPlayers.DEALT_IN,  # R8, R10
        action_clock=ActionClock(),  # R29: 25 s + a 5 s countdown once called
    )


def phh(
    structure: BettingStructure | str = BettingStructure.NO_LIMIT,
    small_blind: int = 1,
    big_blind: int = 2,
    *,
    ante: int = 0,
    ante_trimming: bool = True,
    min_bet: int = 0,
    small_bet: int = 0,
    big_bet: int = 0,
) -> Rules:
    """The PHH hand-history standard as PokerKit reads it: for replays and differential tests.

    Where it departs from the seeds: a short big blind is called for what it posted;
    the first bet of a round is full whatever its size; in fixed-limit the cap is four
    bets or raises counted from the first voluntary one, short all-ins included, and it
    is never lifted heads-up.
    """
    version = choice(BettingStructure, structure, "phh: structure")
    ante_trimming = flag(ante_trimming, "phh: ante_trimming")
    limit = version is BettingStructure.FIXED_LIMIT
    return Rules(
        name="phh",
        stakes=Stakes(
            small_blind,
            big_blind,
            ante=ante,
            min_bet=min_bet,
            small_bet=small_bet,
            big_bet=big_bet,
        ),
        structure=version,
        ante_kind=AnteKind.EVERY_PLAYER if ante else AnteKind.NONE,
        ante_pot=AntePot.TRIMMED if ante_trimming else AntePot.DEAD_MONEY,
        short_dead_money_capped=False,  # PokerKit: every hand still in contests every ante
        big_blind_first=False,  # PokerKit posts the antes first
        min_raise=MinRaise.LAST_FULL_INCREMENT,
        min_raise_from_blind=False,
        full_bet_floor=False,
        reopen_fraction=Fraction(1),
        cumulative_reopen=True,
        raise_cap=4 if limit else None,
        blind_counts_toward_cap=False,
        short_all_ins_count_toward_cap=True,
        lift_cap_heads_up=False,
        lift_cap_event_heads_up=False,  # PHH: one hand, no event
        short_blind_call=ShortBlindCall.POSTED,
        preflop_opener=PreflopOpener.LARGEST_BLIND,
        pot_limit_full_blinds=False,
        sub_minimum_all_in=SubMinimumAllIn.CALL_IT,
        showdown_order=ShowdownOrder.LAST_AGGRESSOR,
        called_hand_must_show=False,
        last_hand_must_show=False,
        winner_request_live=False,  # PHH has no requests: what the file says stands
        pot_order=PotOrder.MAIN_POT_FIRST,
        odd_chips=OddChips.FIRST_LEFT_OF_BUTTON,
        merge_equal_contender_pots=True,
        deal_start=DealStart.LEFT_OF_BUTTON,
        tournament=False,
        button_rule=ButtonRule.MOVING,
        absent_players=AbsentPlayers.SIT_OUT,
        new_players=NewPlayers.POST_OR_WAIT,
        action_clock=ActionClock(),  # replays: no clock runs
    )


PRESETS: dict[str, Callable[..., Rules]] = {
    "pokcomm": pokcomm,
    "pokerkings": pokerkings,
    "italian": italian,
    "casino-fr": casino_fr,
    "tda": tda,
    "phh": phh,
}
"""Every preset by name."""


def preset(name: str, *args: Any, **kwargs: Any) -> Rules:
    """The preset called ``name``: pokcomm, pokerkings, italian, casino-fr, tda or phh.

    >>> preset("tda", 50, 100, ant=5)
    Traceback (most recent call last):
    ...
    croupier.errors.ConfigurationError: tda(small_blind, big_blind, *, ante, ante_kind, \
structure) does not take these arguments: got an unexpected keyword argument 'ant'
    """
    build = PRESETS.get(name) if isinstance(name, str) else None
    if build is None:
        raise ConfigurationError(
            f"unknown preset {quote(name)}: choose one of {', '.join(sorted(PRESETS))}"
        )
    signature = inspect.signature(build)
    try:
        signature.bind(*args, **kwargs)
    except TypeError as error:
        names = []
        for parameter in signature.parameters.values():
            if parameter.kind is parameter.KEYWORD_ONLY and "*" not in names:
                names.append("*")
            names.append(parameter.name)
        raise ConfigurationError(
            f"{build.__name__}({', '.join(names)}) does not take these arguments: {error}"
        ) from None
    return build(*args, **kwargs)
