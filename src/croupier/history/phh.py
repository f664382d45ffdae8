"""The PHH (Poker Hand History) format: read and write one hand per TOML file.

PHH (phh.readthedocs.io, by the authors of PokerKit) records a hand as TOML
fields: ``variant``, ``antes``, ``blinds_or_straddles``, ``min_bet`` (or
``small_bet``/``big_bet``, ``bring_in``), ``starting_stacks``, ``actions``, and
optional ones (``players``, ``finishing_stacks``, ``event``, ...). This module
turns that text into a :class:`PHHHand` and back. It knows the format, not the
game: whether the actions are legal is the replayer's business.

Seat convention (what ``p1``..``pN`` mean)
------------------------------------------
Every per-player array is in the order of the players ``p1``..``pN``, clockwise.

* In button games (hold'em, Omaha, draw) with three or more players, ``p1`` is
  the small blind, ``p2`` the big blind and ``pN``, the last, has the button. The
  arrays ``antes`` and ``blinds_or_straddles`` are applied as written:
  ``blinds_or_straddles = [50, 100, 0, 0, 0, 0]`` means p1 posts 50, p2 posts 100.
* **Heads-up** (two players) the button is still the *last* player, ``p2``, and
  the button posts the small blind: the two arrays are applied *reversed*.
  ``blinds_or_straddles = [500, 1000]`` means p2 (button) posts 500 and p1 posts
  1000; p2 acts first before the flop and p1 first after it.
  :attr:`PHHHand.blinds_by_player` and :attr:`PHHHand.antes_by_player` give the
  amounts each player really posts, with that reversal done.
* In stud games (``bring_in`` instead of blinds) there is no button: ``p1`` sits
  at the dealer's immediate left and ``pN`` at his right.

Evidence: the specification ("Position": "the first player must be in the small
blind while the last player must be in position (i.e. has the button)";
"Required fields": "in heads-up situations, the effective blind amounts are the
reversed version of the array field value", and the same for antes); PokerKit
0.7.7 ``State.get_effective_blind_or_straddle`` and ``get_effective_ante`` read
``array[not player_index]`` when ``player_count == 2``; and the files: in the
heads-up ``antonius-blom-2009.phh`` and WSOP hands 80-82 (``FO/8``) p2 acts first
before the flop and p1 first after it. (No hold'em hand of the data set is heads-up.)

Amounts
-------
Amounts are exact integers. Each hand has a ``scale``, the smallest power of ten
such that every amount *of play* in the file (antes, blinds, bring-in, bet
sizes, starting stacks, ``cbr`` amounts) is a whole number of units of
``1 / scale``; the amounts are stored as ``int`` numbers of those units, so the
engine plays the hand in integers with the file's own smallest chip. It is
computed from the literal text with :mod:`decimal` (TOML is parsed with
``parse_float=Decimal``), never through floats.

Results (``finishing_stacks``, ``winnings``) have their own ``result_scale``,
equal to ``scale`` unless a result is finer than the smallest chip of play: eight
Pluribus hands record split pots as half chips (``10112.5``) although every bet
is whole. Those hands keep ``scale = 1``, so the engine still splits a pot by
whole chips and gives the odd chip by its rules, and get ``result_scale = 10``;
:attr:`PHHHand.results_fractional` says so and
:attr:`PHHHand.finishing_stacks_in_units` gives the results as exact fractions of
the play unit, to compare with what the engine paid.

An unknown starting stack, written ``inf``, is held as ``None``.

What is kept
------------
Every field of the standard has an attribute; unknown fields are kept, in order,
in :attr:`PHHHand.extra`, and the block of ``#`` comment lines opening the file in
:attr:`PHHHand.header_comment`. Action commentary (``"p1 f # tilted"``) is kept in
each action. Other TOML comments (``"p1 f",  # Ivey``) are not part of the data
and are lost. Writing then reading gives an equal hand.

A ``.phhs`` file holds several hands as TOML tables ``[1]``, ``[2]``, ...; see
:func:`loads_all` and :func:`dumps_all`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator, Mapping
from decimal import Decimal
from pathlib import Path
from typing import Any, Final

from croupier.errors import HandHistoryError
from croupier.history._phh_actions import (
    amount_literal,
    parse_action,
)
from croupier.history._phh_amounts import (
    format_amount,
    scale_of,
    to_units,
)
from croupier.history._phh_hand import (
    AMOUNT_FIELDS,
    AMOUNT_LIST_FIELDS,
    FIELD_ORDER,
    HOLDEM_VARIANTS,
    REQUIRED_FIELDS,
    RESULT_FIELDS,
    PHHHand,
)
from croupier.history._phh_toml import (
    FieldReader,
    comment_lines,
    parse_toml,
    section_comments,
    toml_key,
    toml_string,
    toml_value,
)
from croupier.history._phh_toml import (
    header_comment as read_header_comment,
)

__all__ = [
    "FIELD_ORDER",
    "HOLDEM_VARIANTS",
    "REQUIRED_FIELDS",
    "PHHHand",
    "dumps",
    "dumps_all",
    "iter_phh_files",
    "iter_phh_hands",
    "loads",
    "loads_all",
    "read_phh",
    "read_phhs",
    "write_phh",
]


def _hand_from_table(raw: Mapping[str, Any], *, source: str, header_comment: str | None) -> PHHHand:
    f = FieldReader(raw, source)
    variant = f.string("variant")
    if variant is None:
        raise HandHistoryError(f"{source}: the required field 'variant' is missing")
    required = ("antes", "starting_stacks", "actions", *REQUIRED_FIELDS.get(variant, ()))
    missing = [name for name in dict.fromkeys(required) if name not in raw]
    if missing:
        raise HandHistoryError(
            f"{source}: variant {variant!r} requires the field(s) {', '.join(map(repr, missing))}"
        )

    texts = raw["actions"]
    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        raise f.error("actions", "must be an array of strings")

    # Every amount of play, as written, to choose the scale.
    play: list[int | Decimal] = []
    # A negative blind is one that does not change who acts first (PokerKit's reading).
    amount_lists = {
        name: f.literals(name, signed=name == "blinds_or_straddles") for name in AMOUNT_LIST_FIELDS
    }
    for values in amount_lists.values():
        play += values or ()
    amounts = {name: f.literal(name, raw[name]) if name in raw else None for name in AMOUNT_FIELDS}
    play += [a for a in amounts.values() if a is not None]
    stacks = f.literals("starting_stacks", infinite=True)
    assert stacks is not None  # required above
    play += [s for s in stacks if isinstance(s, int) or s.is_finite()]
    for index, text in enumerate(texts):
        literal = amount_literal(text, source=source, index=index)
        if literal is not None:
            play.append(literal)
    results = {name: f.literals(name) for name in RESULT_FIELDS}
    try:
        scale = scale_of(play)
        result_scale = max(scale, scale_of(v for vs in results.values() for v in vs or ()))
    except HandHistoryError as error:  # pragma: no cover - literals are checked finite
        raise HandHistoryError(f"{source}: {error}") from None

    def units(values: list[int | Decimal] | None, in_scale: int) -> tuple[int, ...] | None:
        return None if values is None else tuple(to_units(v, in_scale) for v in values)

    antes = units(amount_lists["antes"], scale)
    assert antes is not None
    time_limit = raw.get("time_limit")
    time_banks = raw.get("time_banks")
    if time_banks is not None and not isinstance(time_banks, list):
        raise f.error("time_banks", f"{time_banks!r} is not an array of numbers")
    extra = {k: v for k, v in raw.items() if k not in FIELD_ORDER}
    return PHHHand(
        variant=variant,
        antes=antes,
        starting_stacks=tuple(
            None if isinstance(s, Decimal) and s.is_infinite() else to_units(s, scale)
            for s in stacks
        ),
        actions=tuple(
            parse_action(text, scale=scale, source=source, index=index)
            for index, text in enumerate(texts)
        ),
        scale=scale,
        result_scale=result_scale,
        ante_trimming_status=f.boolean("ante_trimming_status"),
        blinds_or_straddles=units(amount_lists["blinds_or_straddles"], scale),
        bring_in=None if amounts["bring_in"] is None else to_units(amounts["bring_in"], scale),
        small_bet=None if amounts["small_bet"] is None else to_units(amounts["small_bet"], scale),
        big_bet=None if amounts["big_bet"] is None else to_units(amounts["big_bet"], scale),
        min_bet=None if amounts["min_bet"] is None else to_units(amounts["min_bet"], scale),
        author=f.string("author"),
        event=f.string("event"),
        url=f.string("url"),
        venue=f.string("venue"),
        address=f.string("address"),
        city=f.string("city"),
        region=f.string("region"),
        postal_code=f.string("postal_code"),
        country=f.string("country"),
        time=f.time_of_day("time"),
        time_zone=f.string("time_zone"),
        time_zone_abbreviation=f.string("time_zone_abbreviation"),
        day=f.integer("day"),
        month=f.integer("month"),
        year=f.integer("year"),
        hand=f.int_or_str("hand"),
        level=f.integer("level"),
        seat_count=f.integer("seat_count"),
        table=f.int_or_str("table"),
        currency=f.string("currency"),
        currency_symbol=f.string("currency_symbol"),
        seats=f.ints("seats"),
        players=f.strings("players"),
        finishing_stacks=units(results["finishing_stacks"], result_scale),
        winnings=units(results["winnings"], result_scale),
        time_limit=None if time_limit is None else f.number("time_limit", time_limit),
        time_banks=None
        if time_banks is None
        else tuple(f.number("time_banks", v) for v in time_banks),
        extra=extra,
        header_comment=header_comment,
    )


def _hand(raw: Mapping[str, Any], *, source: str, header_comment: str | None) -> PHHHand:
    """Build the hand; errors raised by the checks of :class:`PHHHand` get ``source`` too."""
    try:
        return _hand_from_table(raw, source=source, header_comment=header_comment)
    except HandHistoryError as error:
        message = str(error)
        if message.startswith(source + ":"):
            raise
        raise HandHistoryError(f"{source}: {message}") from None


def loads(text: str, *, source: str = "<string>") -> PHHHand:
    """Read one hand from PHH text; ``source`` names it in error messages.

    >>> hand = loads('''
    ... variant = "NT"
    ... antes = [0, 0, 0]
    ... blinds_or_straddles = [1000, 2000, 0]
    ... min_bet = 2000
    ... starting_stacks = [1125600, 2000000, 553500]
    ... actions = ["d dh p1 Ac2d", "d dh p2 ????", "d dh p3 7h6h", "p3 cbr 7000 # Dwan"]
    ... ''')
    >>> hand.actions[1]
    DealHole(player_index=1, cards=(None, None))
    >>> hand.actions[3]
    BetOrRaiseTo(player_index=2, amount=7000, comment='Dwan')
    """
    raw = parse_toml(text, source)
    return _hand(raw, source=source, header_comment=read_header_comment(text))


def loads_all(text: str, *, source: str = "<string>") -> list[PHHHand]:
    """Read every hand of a ``.phhs`` text: one TOML table per hand, ``[1]``, ``[2]``, ...

    >>> one = 'variant = "NT"\\nantes = [0, 0]\\nmin_bet = 2\\nblinds_or_straddles = [1, 2]\\n'
    >>> hands = loads_all(f"[1]\\n{one}starting_stacks = [200, 50]\\nactions = []\\n"
    ...                   f"[2]\\n{one}starting_stacks = [199, 51]\\nactions = []\\n")
    >>> [h.starting_stacks for h in hands]
    [(200, 50), (199, 51)]
    """
    raw = parse_toml(text, source)
    comments = section_comments(text)
    hands: list[PHHHand] = []
    for name, table in raw.items():
        where = f"{source} [{name}]"
        if not isinstance(table, dict):
            raise HandHistoryError(f"{where}: a .phhs file holds only tables [1], [2], ...")
        hands.append(_hand(table, source=where, header_comment=comments.get(name)))
    return hands


def _is_text(source: str) -> bool:
    return "\n" in source or "=" in source


def read_phh(source: str | os.PathLike[str]) -> PHHHand:
    """Read one hand from a ``.phh`` file (a path) or from PHH text.

    A ``str`` holding a newline or an ``=`` is text; any other ``str``, and every
    ``os.PathLike``, is a path.
    """
    if isinstance(source, str) and _is_text(source):
        return loads(source)
    path = Path(source)
    return loads(path.read_text(encoding="utf-8"), source=str(path))


def read_phhs(source: str | os.PathLike[str]) -> list[PHHHand]:
    """Read every hand of a ``.phhs`` file (a path) or text; see :func:`read_phh`."""
    if isinstance(source, str) and _is_text(source):
        return loads_all(source)
    path = Path(source)
    return loads_all(path.read_text(encoding="utf-8"), source=str(path))


_PHH_SUFFIXES: Final = (".phh", ".phhs")
_DIGITS: Final = re.compile(r"(\d+)")


def _natural_key(path: Path) -> tuple[tuple[tuple[int, int | str], ...], ...]:
    return tuple(
        tuple((0, int(p)) if p.isdigit() else (1, p) for p in _DIGITS.split(part) if p)
        for part in path.parts
    )


def iter_phh_files(
    paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
) -> Iterator[Path]:
    """Yield the ``.phh`` and ``.phhs`` files under ``paths``, recursively.

    Folders are walked in natural order (``2.phh`` before ``10.phh``), so the
    sequence is the same on every machine; files named directly are yielded as
    given. A path that does not exist raises ``FileNotFoundError``.
    """
    if isinstance(paths, str | os.PathLike):
        paths = [paths]
    for each in paths:
        path = Path(each)
        if path.is_dir():
            found = [p for p in path.rglob("*") if p.suffix in _PHH_SUFFIXES and p.is_file()]
            yield from sorted(found, key=lambda p: _natural_key(p.relative_to(path)))
        elif path.is_file():
            yield path
        else:
            raise FileNotFoundError(f"no PHH file or folder at {str(path)!r}")


def iter_phh_hands(
    paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
) -> Iterator[tuple[Path, PHHHand]]:
    """Yield ``(file, hand)`` for every hand of every file of :func:`iter_phh_files`."""
    for path in iter_phh_files(paths):
        if path.suffix == ".phhs":
            for hand in read_phhs(path):
                yield path, hand
        else:
            yield path, read_phh(path)


def _field_lines(hand: PHHHand) -> list[str]:
    def amounts(values: Iterable[int | None], scale: int) -> str:
        return (
            "[" + ", ".join("inf" if v is None else format_amount(v, scale) for v in values) + "]"
        )

    lines: list[str] = []
    for name in FIELD_ORDER:
        value = getattr(hand, name)
        if value is None:
            continue
        if name == "actions":
            texts = hand.action_texts()
            if texts:
                lines.append("actions = [")
                lines += [f"  {toml_string(t)}," for t in texts]
                lines.append("]")
            else:
                lines.append("actions = []")
            continue
        if name in ("antes", "blinds_or_straddles", "starting_stacks"):
            text = amounts(value, hand.scale)
        elif name in RESULT_FIELDS:
            text = amounts(value, hand.result_scale)
        elif name in AMOUNT_FIELDS:
            text = format_amount(value, hand.scale)
        else:
            text = toml_value(value)
        lines.append(f"{name} = {text}")
    for key, value in hand.extra.items():
        lines.append(f"{toml_key(key)} = {toml_value(value)}")
    return lines


def dumps(hand: PHHHand) -> str:
    """Write one hand as PHH text: the standard's fields in order, then the unknown ones.

    Amounts are written as the shortest exact literal (integers when whole), one
    action per line. ``loads(dumps(hand)) == hand`` for every hand read by :func:`loads`.
    """
    lines = []
    if hand.header_comment is not None:
        lines = [*comment_lines(hand.header_comment), ""]
    return "\n".join(lines + _field_lines(hand)) + "\n"


def dumps_all(hands: Iterable[PHHHand]) -> str:
    """Write hands as one ``.phhs`` text, tables ``[1]``, ``[2]``, ..."""
    blocks = []
    for number, hand in enumerate(hands, start=1):
        lines = comment_lines(hand.header_comment) if hand.header_comment is not None else []
        lines.append(f"[{number}]")
        blocks.append("\n".join(lines + _field_lines(hand)) + "\n")
    return "\n".join(blocks)


def write_phh(hand: PHHHand, path: str | os.PathLike[str] | None = None) -> str:
    """The PHH text of ``hand`` (:func:`dumps`), also saved to ``path`` when one is given."""
    text = dumps(hand)
    if path is not None:
        Path(path).write_text(text, encoding="utf-8")
    return text
