"""PHH actions: small typed values, parsed from and written back to their text.

The grammar (PHH specification, "Actions")::

    d db CARDS           deal board cards           -> DealBoard
    d dh pN CARDS        deal hole (down/up) cards  -> DealHole
    pN pb                post the bring-in          -> PostBringIn
    pN f                 fold                       -> Fold
    pN cc                check or call              -> CheckOrCall
    pN cbr AMOUNT        complete, bet or raise TO  -> BetOrRaiseTo
    pN sd [CARDS]        stand pat / discard        -> StandPatOrDiscard
    pN sm [CARDS | -]    show / muck hole cards     -> ShowOrMuck
    (empty)              no-op                      -> NoOp

Any action may end with ``# commentary``, kept in ``comment``; a standalone
commentary is a :class:`NoOp`. Words are separated by any run of whitespace.

``CARDS`` is a run of two-character cards with no separator (``AcKd``); ``??`` is
an unknown card, held as ``None``. Players are written ``p1``..``pN`` and held as
``player_index`` counting from 0 (``p1`` is index 0). Amounts are whole numbers of
units of ``1 / scale`` (see :mod:`croupier.history._phh_amounts`).
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from types import MappingProxyType
from typing import Final, TypeAlias

from croupier.cards import Card, parse_cards
from croupier.errors import HandHistoryError, InvalidCardError
from croupier.history._phh_amounts import format_amount, to_units

__all__ = [
    "BetOrRaiseTo",
    "CheckOrCall",
    "DealBoard",
    "DealHole",
    "Fold",
    "MaybeCard",
    "NoOp",
    "PHHAction",
    "PostBringIn",
    "ShowOrMuck",
    "StandPatOrDiscard",
    "format_phh_cards",
    "parse_action",
    "parse_phh_cards",
]

MaybeCard: TypeAlias = Card | None
"""A card of a PHH action: ``None`` when the file writes it ``??`` (unknown)."""

_PLAYER: Final = re.compile(r"p([1-9][0-9]*)")
_AMOUNT: Final = re.compile(r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")


def parse_phh_cards(text: str) -> tuple[MaybeCard, ...]:
    """Read PHH cards written together (``"Ac??Kd"``); ``??`` gives ``None``.

    >>> parse_phh_cards("Ac??")
    (Card('Ac'), None)
    """
    if len(text) % 2:
        raise InvalidCardError(f"{text!r} is not a run of two-character cards")
    cards: list[MaybeCard] = []
    for i in range(0, len(text), 2):
        chunk = text[i : i + 2]
        cards.append(None if chunk == "??" else parse_cards(chunk)[0])
    known = [c for c in cards if c is not None]
    if len(set(known)) != len(known):
        raise InvalidCardError(f"{text!r} names the same card twice")
    return tuple(cards)


def format_phh_cards(cards: tuple[MaybeCard, ...]) -> str:
    """Write cards as PHH does, ``None`` as ``??``.

    >>> format_phh_cards((Card("Ac"), None))
    'Ac??'
    """
    return "".join("??" if c is None else str(c) for c in cards)


def _plain(value: object) -> object:
    """``value`` with read-only mappings turned into dicts, so that its repr is code."""
    if isinstance(value, MappingProxyType):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, tuple) and any(isinstance(v, MappingProxyType | tuple) for v in value):
        return tuple(_plain(v) for v in value)
    return value


def compact_repr(value: object, *, skip: tuple[str, ...] = ()) -> str:
    """``Name(field=value, ...)`` listing only the fields that differ from their default.

    The result can be pasted back as code (``Fold(player_index=2)``).
    """
    parts = []
    for f in dataclasses.fields(value):  # type: ignore[arg-type]
        item = getattr(value, f.name)
        if f.name in skip or not f.repr:
            continue
        if f.default is not dataclasses.MISSING and item == f.default:
            continue
        if f.default_factory is not dataclasses.MISSING and item == f.default_factory():
            continue
        parts.append(f"{f.name}={_plain(item)!r}")
    return f"{type(value).__name__}({', '.join(parts)})"


def _with_comment(body: str, comment: str | None) -> str:
    if comment is None:
        return body
    tail = f"# {comment}" if comment else "#"
    return f"{body} {tail}" if body else tail


def _player(index: int) -> str:
    return f"p{index + 1}"


@dataclass(frozen=True, slots=True, repr=False)
class DealBoard:
    """``d db CARDS``: the dealer turns board cards (``DealBoard(parse_phh_cards("Jc3d5c"))``)."""

    cards: tuple[MaybeCard, ...]
    comment: str | None = field(default=None, kw_only=True)

    def __repr__(self) -> str:
        return compact_repr(self)

    def to_phh(self, scale: int = 1) -> str:
        """The action as PHH text."""
        return _with_comment(f"d db {format_phh_cards(self.cards)}", self.comment)


@dataclass(frozen=True, slots=True, repr=False)
class DealHole:
    """``d dh pN CARDS``: the dealer gives a player cards (down or up, as the variant says)."""

    player_index: int
    cards: tuple[MaybeCard, ...]
    comment: str | None = field(default=None, kw_only=True)

    def __repr__(self) -> str:
        return compact_repr(self)

    def to_phh(self, scale: int = 1) -> str:
        """The action as PHH text."""
        body = f"d dh {_player(self.player_index)} {format_phh_cards(self.cards)}"
        return _with_comment(body, self.comment)


@dataclass(frozen=True, slots=True, repr=False)
class PostBringIn:
    """``pN pb``: a player posts the bring-in (stud games)."""

    player_index: int
    comment: str | None = field(default=None, kw_only=True)

    def __repr__(self) -> str:
        return compact_repr(self)

    def to_phh(self, scale: int = 1) -> str:
        """The action as PHH text."""
        return _with_comment(f"{_player(self.player_index)} pb", self.comment)


@dataclass(frozen=True, slots=True, repr=False)
class Fold:
    """``pN f``: a player folds."""

    player_index: int
    comment: str | None = field(default=None, kw_only=True)

    def __repr__(self) -> str:
        return compact_repr(self)

    def to_phh(self, scale: int = 1) -> str:
        """The action as PHH text."""
        return _with_comment(f"{_player(self.player_index)} f", self.comment)


@dataclass(frozen=True, slots=True, repr=False)
class CheckOrCall:
    """``pN cc``: a player checks, or calls what is needed to match the largest bet."""

    player_index: int
    comment: str | None = field(default=None, kw_only=True)

    def __repr__(self) -> str:
        return compact_repr(self)

    def to_phh(self, scale: int = 1) -> str:
        """The action as PHH text."""
        return _with_comment(f"{_player(self.player_index)} cc", self.comment)


@dataclass(frozen=True, slots=True, repr=False)
class BetOrRaiseTo:
    """``pN cbr AMOUNT``: a player completes, bets or raises to a total of ``amount``.

    ``amount`` is what his bet in this round comes to (not what he adds), in
    units of ``1 / scale`` of the hand it belongs to.
    """

    player_index: int
    amount: int
    comment: str | None = field(default=None, kw_only=True)

    def __repr__(self) -> str:
        return compact_repr(self)

    def to_phh(self, scale: int = 1) -> str:
        """The action as PHH text, the amount written back in the hand's ``scale``."""
        body = f"{_player(self.player_index)} cbr {format_amount(self.amount, scale)}"
        return _with_comment(body, self.comment)


@dataclass(frozen=True, slots=True, repr=False)
class StandPatOrDiscard:
    """``pN sd [CARDS]``: a player discards ``cards`` (draw games); no cards is standing pat."""

    player_index: int
    cards: tuple[MaybeCard, ...] = ()
    comment: str | None = field(default=None, kw_only=True)

    @property
    def stands_pat(self) -> bool:
        """Whether the player keeps all his cards."""
        return not self.cards

    def __repr__(self) -> str:
        return compact_repr(self)

    def to_phh(self, scale: int = 1) -> str:
        """The action as PHH text."""
        body = f"{_player(self.player_index)} sd"
        if self.cards:
            body += " " + format_phh_cards(self.cards)
        return _with_comment(body, self.comment)


@dataclass(frozen=True, slots=True, repr=False)
class ShowOrMuck:
    """``pN sm [CARDS | -]``: a player shows his hole cards, or mucks them.

    * ``cards`` empty and ``as_dealt`` false: ``pN sm``, the player mucks.
    * ``cards`` given: ``pN sm AcKd``; some may be ``None`` (``??``): a cash-game
      player who neither mucked nor showed those cards.
    * ``as_dealt`` true: ``pN sm -``, he shows the cards he was dealt (written earlier).
    """

    player_index: int
    cards: tuple[MaybeCard, ...] = ()
    as_dealt: bool = field(default=False, kw_only=True)
    comment: str | None = field(default=None, kw_only=True)

    def __post_init__(self) -> None:
        if self.as_dealt and self.cards:
            raise HandHistoryError("a show 'as dealt' (sm -) cannot also list cards")

    @property
    def mucks(self) -> bool:
        """Whether the player mucks (shows nothing)."""
        return not self.cards and not self.as_dealt

    def __repr__(self) -> str:
        return compact_repr(self)

    def to_phh(self, scale: int = 1) -> str:
        """The action as PHH text."""
        body = f"{_player(self.player_index)} sm"
        if self.as_dealt:
            body += " -"
        elif self.cards:
            body += " " + format_phh_cards(self.cards)
        return _with_comment(body, self.comment)


@dataclass(frozen=True, slots=True, repr=False)
class NoOp:
    """An empty action or a standalone ``# commentary``: nothing happens."""

    comment: str | None = field(default=None, kw_only=True)

    def __repr__(self) -> str:
        return compact_repr(self)

    def to_phh(self, scale: int = 1) -> str:
        """The action as PHH text."""
        return _with_comment("", self.comment)


PHHAction: TypeAlias = (
    DealBoard
    | DealHole
    | PostBringIn
    | Fold
    | CheckOrCall
    | BetOrRaiseTo
    | StandPatOrDiscard
    | ShowOrMuck
    | NoOp
)
"""Any PHH action; ``match`` on it to handle each kind."""


class _ActionSyntaxError(Exception):
    """Why one action's text is malformed; the caller adds where it is."""


def _split_comment(text: str) -> tuple[str, str | None]:
    body, hash_sign, comment = text.partition("#")
    return body, (comment.strip() if hash_sign else None)


def _player_index(word: str) -> int:
    m = _PLAYER.fullmatch(word)
    if m is None:
        raise _ActionSyntaxError(f"{word!r} is not a player: write p1, p2, ...")
    return int(m.group(1)) - 1


def _cards(word: str) -> tuple[MaybeCard, ...]:
    try:
        return parse_phh_cards(word)
    except InvalidCardError as error:
        raise _ActionSyntaxError(str(error)) from None


def amount_literal(text: str, *, source: str, index: int) -> Decimal | None:
    """The amount written in a ``cbr`` action's text, exactly; ``None`` for other actions."""
    words = _split_comment(text)[0].split()
    if len(words) == 3 and words[1] == "cbr":
        try:
            return _amount(words[2])
        except _ActionSyntaxError as error:
            raise action_error(source, index, text, str(error)) from None
    return None


def _amount(word: str) -> Decimal:
    if _AMOUNT.fullmatch(word) is None:
        raise _ActionSyntaxError(f"{word!r} is not an amount: write digits, e.g. 300 or 2.5")
    try:
        return Decimal(word)
    except InvalidOperation:  # pragma: no cover - the pattern admits only valid numbers
        raise _ActionSyntaxError(f"{word!r} is not an amount") from None


_EXPECTED: Final = (
    "expected 'd db CARDS', 'd dh pN CARDS', 'pN pb', 'pN f', 'pN cc', 'pN cbr AMOUNT', "
    "'pN sd [CARDS]', 'pN sm [CARDS|-]', or '# commentary'"
)


def _parse_action_text(text: str, scale: int) -> PHHAction:
    """Parse one action; raises ``_ActionSyntaxError`` with the reason only."""
    body, comment = _split_comment(text)
    words = body.split()
    match words:
        case []:
            return NoOp(comment=comment)
        case ["d", "db", cards]:
            return DealBoard(_cards(cards), comment=comment)
        case ["d", "dh", player, cards]:
            return DealHole(_player_index(player), _cards(cards), comment=comment)
        case ["d", *_]:
            raise _ActionSyntaxError(f"malformed dealer action: {_EXPECTED}")
        case [player, "pb"]:
            return PostBringIn(_player_index(player), comment=comment)
        case [player, "f"]:
            return Fold(_player_index(player), comment=comment)
        case [player, "cc"]:
            return CheckOrCall(_player_index(player), comment=comment)
        case [player, "cbr", amount]:
            index = _player_index(player)
            value = _amount(amount)
            if value <= 0:
                raise _ActionSyntaxError(f"the amount {amount!r} is not positive")
            try:
                units = to_units(value, scale)
            except HandHistoryError as error:
                raise _ActionSyntaxError(str(error)) from None
            return BetOrRaiseTo(index, units, comment=comment)
        case [player, "sd"]:
            return StandPatOrDiscard(_player_index(player), comment=comment)
        case [player, "sd", cards]:
            return StandPatOrDiscard(_player_index(player), _cards(cards), comment=comment)
        case [player, "sm"]:
            return ShowOrMuck(_player_index(player), comment=comment)
        case [player, "sm", "-"]:
            return ShowOrMuck(_player_index(player), as_dealt=True, comment=comment)
        case [player, "sm", cards]:
            return ShowOrMuck(_player_index(player), _cards(cards), comment=comment)
        case _:
            raise _ActionSyntaxError(_EXPECTED)


def parse_action(
    text: str, *, scale: int = 1, source: str = "<string>", index: int = 0
) -> PHHAction:
    """Parse one PHH action; amounts become units of ``1 / scale``.

    >>> parse_action("p3 cbr 7000 # Dwan")
    BetOrRaiseTo(player_index=2, amount=7000, comment='Dwan')
    >>> parse_action("d dh p2 ????")
    DealHole(player_index=1, cards=(None, None))

    Malformed text raises :class:`HandHistoryError` naming ``source``, ``index``
    and the text.
    """
    try:
        return _parse_action_text(text, scale)
    except _ActionSyntaxError as error:
        raise action_error(source, index, text, str(error)) from None


def action_error(source: str, index: int, text: str, reason: str) -> HandHistoryError:
    """The error for action number ``index`` (from 0) of ``source``."""
    return HandHistoryError(f"{source}: action {index} {text!r}: {reason}")
