"""What a PHH hand is played from: the rules, the seats, the button and the forced bets.

Private to :mod:`croupier.history`. A standard file is read the way the standard
says (players ``p1``..``pN`` on seats ``1``..``N``, the button on seat ``N``, the
rules of :func:`croupier.rules.phh`); a file croupier wrote also carries the hand's
own rules, seats, button and forced bets in user-defined fields (``_croupier_*``),
and is read back exactly from them.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Final

from croupier.engine import ForcedBet, ForcedKind, SeatSetup
from croupier.errors import CroupierError, HandHistoryError
from croupier.history._phh_hand import PHHHand
from croupier.history._phh_toml import is_int
from croupier.rules import AnteKind, BettingStructure, Rules
from croupier.rules import phh as phh_rules

__all__ = [
    "BUTTON_FIELD",
    "DIFFERS_FIELD",
    "FORCED_FIELD",
    "RULES_FIELD",
    "SCALE_FIELD",
    "SITTING_OUT_FIELD",
    "VARIANTS",
    "Setup",
    "forced_bets",
    "own_units",
    "phh_rules_for",
    "setup_of",
]

VARIANTS: Final = {"NT": BettingStructure.NO_LIMIT, "FT": BettingStructure.FIXED_LIMIT}

RULES_FIELD: Final = "_croupier_rules"
"""The hand's rules (:meth:`Rules.to_dict`, ``None`` values left out): a TOML inline table."""
BUTTON_FIELD: Final = "_croupier_button"
"""The button's seat number (it may be an empty seat: a dead button)."""
FORCED_FIELD: Final = "_croupier_forced"
"""The forced bets the engine was given: ``[[seat, kind, amount], ...]``."""
SITTING_OUT_FIELD: Final = "_croupier_absent"
"""The seats of absent players, dealt in with their hands killed (POK-2-10)."""
SCALE_FIELD: Final = "_croupier_scale"
"""Units of the engine's amounts per unit of the file's (100: the engine counted cents)."""
DIFFERS_FIELD: Final = "_croupier_differs"
"""Why PHH readers compute another result than croupier's rules did (absent when they agree)."""


@dataclass(frozen=True, slots=True)
class Setup:
    """The engine's start of one PHH hand; ``seats[k]`` is player ``p(k+1)``."""

    rules: Rules
    seats: tuple[SeatSetup, ...]
    button: int
    forced: tuple[ForcedBet, ...]
    own: bool = False
    """True for a file croupier wrote, read back with its own rules (``_croupier_rules``)."""

    def seat_of(self, player_index: int) -> int:
        """The seat number of player ``p(player_index + 1)``."""
        return self.seats[player_index].seat


@functools.lru_cache(maxsize=256)
def _rules(
    structure: BettingStructure,
    blinds: tuple[int, ...],
    antes: tuple[int, ...],
    ante_trimming: bool,
    min_bet: int,
    small_bet: int,
    big_bet: int,
) -> Rules:
    small = abs(blinds[0]) if blinds else 0
    big = abs(blinds[1]) if len(blinds) > 1 else 0
    if big <= 0:
        raise HandHistoryError(
            f"blinds_or_straddles {list(blinds)} has no big blind (position 2): "
            "croupier plays hold'em with a big blind"
        )
    if small > big:
        raise HandHistoryError(
            f"the small blind {small} is larger than the big blind {big}: croupier cannot play it"
        )
    paid = sorted({a for a in antes if a})
    payers = [i for i, a in enumerate(antes) if a]
    big_blind_player = 0 if len(antes) == 2 else 1  # heads-up the antes are reversed too
    ante, kind = 0, AnteKind.NONE
    if len(paid) == 1 and len(payers) == len(antes):
        ante, kind = paid[0], AnteKind.EVERY_PLAYER
    elif len(paid) == 1 and payers == [big_blind_player]:
        ante, kind = paid[0], AnteKind.BIG_BLIND
    rules = phh_rules(
        structure,
        small,
        big,
        ante=ante,
        ante_trimming=ante_trimming,
        min_bet=min_bet,
        small_bet=small_bet,
        big_bet=big_bet,
    )
    return rules if kind is rules.ante_kind else rules.but(ante_kind=kind)


def phh_rules_for(hand: PHHHand) -> Rules:
    """The rules a hold'em PHH hand is played by: :func:`croupier.rules.phh` with its amounts.

    The small and big blinds are positions 1 and 2 of ``blinds_or_straddles``; the
    ante is recorded when every player pays the same one (or only the big blind
    does); antes are dead money in the main pot unless ``ante_trimming_status``.
    The forced bets themselves are given to the engine explicitly, player by player.
    This is the standard's reading, also for a file croupier wrote under other rules.

    >>> from croupier.history import loads
    >>> from croupier.history._phh_hand import EXAMPLE_PHH
    >>> rules = phh_rules_for(loads(EXAMPLE_PHH))
    >>> rules.name, rules.stakes.big_blind, rules.stakes.ante, rules.ante_pot.value
    ('phh', 2000, 500, 'trimmed')
    """
    structure = VARIANTS.get(hand.variant)
    if structure is None:
        raise HandHistoryError(f"variant {hand.variant!r} is not hold'em (NT or FT)")
    return _rules(
        structure,
        hand.blinds_or_straddles or (),
        hand.antes_by_player,
        hand.ante_trimming_status,
        hand.min_bet or 0,
        hand.small_bet or 0,
        hand.big_bet or 0,
    )


def _phh_kind(position: int, amount: int) -> ForcedKind:
    if amount < 0:
        return ForcedKind.LIVE_BLIND  # a blind that does not move the first to act
    if position == 0:
        return ForcedKind.SMALL_BLIND
    if position == 1:
        return ForcedKind.BIG_BLIND
    return ForcedKind.STRADDLE


def forced_bets(hand: PHHHand, seat_of: tuple[int, ...] | None = None) -> list[ForcedBet]:
    """The file's antes and blinds as forced bets, as the standard reads them.

    Player ``p(k+1)`` sits on ``seat_of[k]`` (seat ``k + 1`` by default). Position 1
    of ``blinds_or_straddles`` is the small blind, 2 the big blind, 3 and beyond a
    straddle; a negative entry is a blind that does not change who acts first (a
    live blind, as PokerKit reads it). Heads-up both arrays apply reversed.
    """
    n = hand.player_count
    seats = seat_of if seat_of is not None else tuple(range(1, n + 1))
    forced = [
        ForcedBet(seats[i], ForcedKind.ANTE, a) for i, a in enumerate(hand.antes_by_player) if a
    ]
    written = list(hand.blinds_or_straddles or ())
    for position, amount in enumerate(written):
        if not amount:
            continue
        if amount < 0 and position < 2:
            raise HandHistoryError(
                f"blinds_or_straddles {written}: a negative small or big blind"
                " (only a player past the big blind may post a blind that does not move"
                " the first to act)"
            )
        player = (n - 1 - position) if n == 2 else position
        forced.append(ForcedBet(seats[player], _phh_kind(position, amount), abs(amount)))
    straddles = [f for f in forced if f.kind is ForcedKind.STRADDLE]
    if len(straddles) > 1:
        raise HandHistoryError(
            f"{len(straddles)} straddles (blinds_or_straddles {written}):"
            " croupier's engine plays at most one"
        )
    if len([f for f in forced if f.kind is ForcedKind.LIVE_BLIND]) > 1:
        raise HandHistoryError(
            f"blinds_or_straddles {written} has several negative blinds:"
            " croupier's engine plays one live blind out of position"
        )
    return forced


def _standard_setup(hand: PHHHand) -> Setup:
    rules = phh_rules_for(hand)
    n = hand.player_count
    known = [s for s in hand.starting_stacks if s is not None]
    # An unknown (inf) stack is played as one no bet of the hand can exhaust.
    deep = sum(known) + sum(hand.antes) + sum(map(abs, hand.blinds_or_straddles or ())) + 1
    deep += sum(getattr(a, "amount", 0) for a in hand.actions)
    stacks = [deep if s is None else s for s in hand.starting_stacks]
    seats = tuple(SeatSetup(i + 1, f"p{i + 1}", s) for i, s in enumerate(stacks))
    return Setup(rules=rules, seats=seats, button=n, forced=tuple(forced_bets(hand)))


def _own_setup(hand: PHHHand, extra: Mapping[str, Any]) -> Setup:
    def bad(what: str) -> HandHistoryError:
        return HandHistoryError(f"croupier's fields: {what}")

    raw = extra[RULES_FIELD]
    if not isinstance(raw, Mapping):
        raise bad(f"{RULES_FIELD} is {raw!r}, not a table of rules")
    floats = _decimals(raw)
    if floats:  # the rules hold whole numbers and strings ("1/2" for a fraction), no float
        raise bad(f"{RULES_FIELD}: {', '.join(floats)} is not a whole number or a string")
    try:
        rules = Rules.from_dict(_plain(raw))
    except (CroupierError, ArithmeticError, TypeError, ValueError) as error:
        raise bad(f"{RULES_FIELD}: {error}") from None
    numbers = hand.seats
    if numbers is None:
        raise bad("the field 'seats' is missing (croupier's files name every seat)")
    names = hand.players or tuple(f"p{i + 1}" for i in range(hand.player_count))
    button = extra.get(BUTTON_FIELD)
    if not isinstance(button, int) or isinstance(button, bool):
        raise bad(f"{BUTTON_FIELD} is {button!r}, not a seat number")
    absent = extra.get(SITTING_OUT_FIELD, ())
    if not isinstance(absent, tuple | list) or not all(is_int(s) for s in absent):
        raise bad(f"{SITTING_OUT_FIELD} is {absent!r}, not a list of seat numbers")
    if any(s is None for s in hand.starting_stacks):
        raise bad("a starting stack is unknown (inf)")
    seats = tuple(
        SeatSetup(seat, name, stack, seat in absent)
        for seat, name, stack in zip(numbers, names, hand.starting_stacks, strict=True)
        if stack is not None
    )
    raw_forced = extra.get(FORCED_FIELD)
    if not isinstance(raw_forced, tuple | list):
        raise bad(f"{FORCED_FIELD} is {raw_forced!r}, not a list of [seat, kind, amount]")
    forced: list[ForcedBet] = []
    for item in raw_forced:
        if not (
            isinstance(item, tuple | list)
            and len(item) == 3
            and is_int(item[0])
            and isinstance(item[1], str)
            and is_int(item[2])
        ):
            raise bad(f"{FORCED_FIELD} holds {_plain(item)!r}, not [seat, kind, amount]")
        try:
            kind = ForcedKind(item[1])
        except ValueError:
            kinds = ", ".join(k.value for k in ForcedKind)
            raise bad(f"{item[1]!r} is not a kind of forced bet ({kinds})") from None
        forced.append(ForcedBet(item[0], kind, item[2]))
    return Setup(rules=rules, seats=seats, button=button, forced=tuple(forced), own=True)


def _decimals(value: Any, where: str = "") -> list[str]:
    """The places in a TOML value that hold a float (read as ``Decimal``)."""
    if isinstance(value, Decimal):
        return [where or "a value"]
    if isinstance(value, Mapping):
        return [p for k, v in value.items() for p in _decimals(v, f"{where}.{k}".lstrip("."))]
    if isinstance(value, tuple | list):
        return [p for k, v in enumerate(value) for p in _decimals(v, f"{where}[{k}]")]
    return []


def _plain(value: Any) -> Any:
    """Read-only TOML values (mappings, tuples) as plain dicts and lists."""
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def setup_of(hand: PHHHand, *, standard: bool = False) -> Setup:
    """The engine's start of ``hand``: croupier's own fields when present, else the standard's.

    ``standard=True`` ignores croupier's fields: the hand as any PHH reader sees it.
    """
    if not standard and RULES_FIELD in hand.extra:
        return _own_setup(hand, hand.extra)
    return _standard_setup(hand)


def own_units(hand: PHHHand, *, standard: bool = False) -> PHHHand:
    """``hand`` in the engine's own units when croupier wrote it (``_croupier_scale``).

    A cash game in cents written in euros (``scale=100``) is played back in cents, the
    units its rules (``_croupier_rules``) count in.
    """
    if standard or RULES_FIELD not in hand.extra:
        return hand
    scale = hand.extra.get(SCALE_FIELD, 1)
    if not is_int(scale) or scale < 1:
        raise HandHistoryError(f"croupier's fields: {SCALE_FIELD} is {scale!r}, not a scale")
    return hand.with_scale(scale) if scale > hand.scale else hand
