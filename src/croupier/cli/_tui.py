"""Drawing a table in the terminal and reading a player's typed commands.

The table is drawn from what the player may see: his seat's
:class:`~croupier.engine.HandView` (other players' cards only once shown) plus the
table's seats between hands. Commands are short words (``f``, ``k``, ``c``,
``r 300``, ``a``, ``s``, ``m``, ``?``, ``q``); :func:`parse_command` turns one into
an :class:`~croupier.engine.Action` or says what is wrong.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, NamedTuple

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table as RichTable
from rich.text import Text

from croupier._checks import MAX_CHIPS, quote
from croupier.cards import Card
from croupier.engine import Action, ForcedKind, HandView, LegalActions, Posted
from croupier.errors import InvalidActionError
from croupier.rules import BettingStructure, Rules
from croupier.table import TableSeat

__all__ = [
    "HELP",
    "Command",
    "SeatInfo",
    "cards_markup",
    "draw_table",
    "legal_line",
    "parse_amount",
    "parse_command",
    "stakes_line",
]

HELP = """\
commands:
  f, fold            fold
  k, check           check (when nobody has bet)
  c, call            call the bet (or check when there is nothing to call)
  r N, raise N       raise to a total of N this round (also: b N, bet N; N may be 2,000 or 2k;
                     r min, r max)
  a, all-in          go all-in
  s, show / m, muck  at the showdown: show your cards or give them up
  ?, help            this help
  q, quit            leave the table (also Ctrl-C or Ctrl-D)"""

_SUIT_STYLE = {"c": "green", "d": "blue", "h": "red", "s": "bold"}
_STRUCTURE = {
    BettingStructure.NO_LIMIT: "no-limit",
    BettingStructure.POT_LIMIT: "pot-limit",
    BettingStructure.FIXED_LIMIT: "fixed-limit",
}


def cards_markup(cards: Iterable[Card]) -> str:
    """Cards as rich markup, each suit in its colour (a four-colour deck): ``As Kd``."""
    return " ".join(f"[{_SUIT_STYLE[c.suit_char]}]{c}[/]" for c in cards)


def stakes_line(rules: Rules) -> str:
    """``"tda · no-limit · blinds 50/100"`` (limits in fixed-limit, ante when there is one)."""
    stakes = rules.stakes
    parts = [rules.name, _STRUCTURE[rules.structure]]
    parts.append(f"blinds {stakes.small_blind:,}/{stakes.big_blind:,}")
    if rules.structure is BettingStructure.FIXED_LIMIT:
        parts.append(f"limits {stakes.small_bet:,}/{stakes.big_bet:,}")
    if stakes.ante:
        parts.append(f"ante {stakes.ante:,}")
    if rules.rake.rate:
        parts.append(f"rake {float(rules.rake.rate):.0%}")
    return " · ".join(parts)


def legal_line(legal: LegalActions) -> str:
    """The legal choices as commands: ``"f fold · c call 100 · r <amount> raise to 300-2,000"``."""
    out: list[str] = []
    if legal.show:
        out.append("s show")
    if legal.muck:
        out.append("m muck")
    if legal.show or legal.muck:
        return " · ".join(out)
    if legal.fold and not legal.check:
        out.append("f fold")
    if legal.check:
        out.append("k check")
    if legal.call is not None:
        all_in = " (all-in)" if legal.call == legal.stack else ""
        out.append(f"c call {legal.call:,}{all_in}")
    low, high = legal.min_raise_to, legal.max_raise_to
    if low is not None and high is not None:
        verb, letter = ("raise to", "r") if legal.facing_bet else ("bet", "b")
        if low == high:
            out.append(f"{letter} {low:,} {verb} {low:,}")
        else:
            out.append(f"{letter} <amount> {verb} {low:,}-{high:,}")
    if legal.all_in is not None:
        out.append(f"a all-in {legal.all_in:,}")
    return " · ".join(out)


_AMOUNT = re.compile(r"([0-9][0-9,_]*)(?:\.([0-9]+))?\s*(k?)", re.ASCII)
_DIGITS: Final = len(str(MAX_CHIPS))


def parse_amount(text: str, legal: LegalActions) -> int:
    """``"2,000"``, ``"2000"``, ``"2k"``, ``"1.5k"``, ``"min"`` or ``"max"`` as chips.

    Read exactly (no float): anything else, a fraction of a chip, or more digits than
    any amount has raises :class:`~croupier.errors.InvalidActionError` (a ``ValueError``).
    """
    word = text.strip().lower()
    if word in ("min", "max"):
        amount = legal.min_raise_to if word == "min" else legal.max_raise_to
        if amount is None:
            raise InvalidActionError(f"raising is not possible now: {legal.describe()}")
        return amount
    m = _AMOUNT.fullmatch(word)
    if m is None:
        raise InvalidActionError(f"{quote(text.strip())} is not an amount: write 300, 2,000 or 2k")
    digits = m.group(1).replace(",", "").replace("_", "")
    decimals = m.group(2) or ""
    if len(digits) > _DIGITS or len(decimals) > _DIGITS:
        raise InvalidActionError(
            f"{quote(text.strip())} is more chips than any amount: at most"
            f" {MAX_CHIPS:,}; write 300, 2,000 or 2k"
        )
    number = int(digits) + Fraction(int(decimals or "0"), 10 ** len(decimals))
    if m.group(3):
        number *= 1_000
    if number.denominator != 1:
        raise InvalidActionError(f"{quote(text.strip())} is not a whole number of chips")
    return int(number)


class Command(NamedTuple):
    """A typed command: an action to play, or ``help``/``quit``, or an ``error`` to print."""

    action: Action | None = None
    help: bool = False
    quit: bool = False
    error: str = ""


_WORDS = {
    "f": Action.fold,
    "fold": Action.fold,
    "k": Action.check,
    "x": Action.check,
    "check": Action.check,
    "a": Action.all_in,
    "allin": Action.all_in,
    "all-in": Action.all_in,
    "s": Action.show,
    "show": Action.show,
    "m": Action.muck,
    "muck": Action.muck,
}
_RAISES = ("r", "raise", "b", "bet")


def parse_command(text: str, legal: LegalActions) -> Command:
    """Read one typed line against the legal actions (whose engine check comes later).

    >>> legal = LegalActions(seat=1, fold=True, call=100, min_raise_to=200,
    ...     max_raise_to=1_000, all_in=1_000, stack=1_000, facing_bet=True)
    >>> parse_command("r 2k", legal).action, parse_command("c", legal).action
    (Action.raise_to(2000), Action.call())
    >>> parse_command("r", legal).error
    'how much? r <amount>: raise to 200-1,000'
    """
    words = text.strip().split(maxsplit=1)
    if not words:
        return Command(error="type a command (? for help)")
    verb = words[0].lower()
    rest = words[1] if len(words) > 1 else ""
    if verb in ("q", "quit", "exit"):
        return Command(quit=True)
    if verb in ("?", "h", "help"):
        return Command(help=True)
    if verb in ("c", "call"):
        if legal.call is None and legal.check:
            return Command(Action.check())
        return Command(Action.call())
    if verb in _RAISES:
        if not rest:
            low, high = legal.min_raise_to, legal.max_raise_to
            if low is None or high is None:
                return Command(error=f"you cannot bet or raise now: {legal.describe()}")
            verb_text = "raise to" if legal.facing_bet else "bet"
            return Command(error=f"how much? r <amount>: {verb_text} {low:,}-{high:,}")
        try:
            return Command(Action.raise_to(parse_amount(rest, legal)))
        except ValueError as error:
            return Command(error=str(error))
    build = _WORDS.get(verb)
    if build is None:
        return Command(error=f"unknown command {quote(words[0])} (? for help): {legal_line(legal)}")
    if rest:
        return Command(error=f"{quote(words[0])} takes no amount: {legal_line(legal)}")
    return Command(build())


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """How a seat is labelled at the table: the player's name and what plays him."""

    name: str
    who: str
    """"you", or the bot's kind."""


def _blind_seats(view: HandView) -> dict[int, str]:
    marks: dict[int, str] = {}
    for event in view.events:
        if isinstance(event, Posted):
            if event.kind is ForcedKind.SMALL_BLIND:
                marks[event.seat] = "SB"
            elif event.kind is ForcedKind.BIG_BLIND:
                marks[event.seat] = "BB"
            elif event.kind is ForcedKind.STRADDLE:
                marks[event.seat] = "OPT"
    return marks


def draw_table(
    view: HandView,
    *,
    title: str,
    seats: Iterable[TableSeat],
    info: Mapping[int, SeatInfo],
    out: Iterable[str] = (),
    footer: str = "",
) -> RenderableType:
    """The table as a rich panel: seats, stacks, bets, the button, pots, board and your cards.

    ``view`` is the viewer's view of the current (or last) hand, ``seats`` the
    table's seats (to show who sits out), ``info`` the label of each seat and
    ``out`` the players already knocked out of a tournament.
    """
    in_hand = {s.seat: s for s in view.seats}
    marks = _blind_seats(view)
    grid = RichTable(box=None, pad_edge=False, expand=False)
    for column, justify in (
        ("seat", "right"),
        ("", "left"),
        ("player", "left"),
        ("stack", "right"),
        ("bet", "right"),
        ("cards", "left"),
        ("", "left"),
    ):
        grid.add_column(column, justify=justify)  # type: ignore[arg-type]
    at_table = {ts.seat: ts for ts in seats}
    for number in sorted(set(at_table) | set(in_hand)):
        ts = at_table.get(number)
        seat = in_hand.get(number)
        label = info.get(number, SeatInfo(seat.player if seat else "?", "?"))
        if number == view.viewer:
            name = f"[bold]{escape(label.name)}[/]" + (
                "" if label.name.lower() == "you" else " (you)"
            )
        else:
            name = f"{escape(label.name)} [dim]({escape(label.who)})[/]"
        position = " ".join(
            m for m in ("D" if number == view.button else "", marks.get(number, "")) if m
        )
        if seat is None:
            assert ts is not None
            status = "[dim]out of chips[/]" if ts.stack <= 0 else "[dim]sitting out[/]"
            grid.add_row(str(number), position, name, f"{ts.stack:,}", "", "", status)
            continue
        if ts is None:
            status = "[bold red]out[/]"
        elif seat.folded:
            status = "[dim]folded[/]" if not seat.mucked else "[dim]mucked[/]"
        elif seat.all_in:
            status = "[bold magenta]all-in[/]"
        else:
            status = ""
        if view.to_act == seat.seat:
            status = (status + " " if status else "") + "[bold yellow]<- to act[/]"
        cards = cards_markup(seat.cards) if seat.cards else ("" if seat.folded else "[dim]##[/]")
        bet = f"{seat.bet:,}" if seat.bet else ""
        grid.add_row(str(number), position, name, f"{seat.stack:,}", bet, cards, status)
    parts: list[RenderableType] = [grid, Text("")]
    if view.button not in in_hand and view.button not in at_table:
        parts.append(Text.from_markup(f"dead button on empty seat {view.button}"))
    total = sum(p.amount for p in view.pots) + sum(s.bet for s in view.seats)
    if len(view.pots) > 1:
        pots = " · ".join(
            ("main" if i == 0 else f"side {i}") + f" {p.amount:,}" for i, p in enumerate(view.pots)
        )
        parts.append(Text.from_markup(f"pot [bold]{total:,}[/] ({pots})"))
    else:
        parts.append(Text.from_markup(f"pot [bold]{total:,}[/]"))
    board = cards_markup(view.board) if view.board else "[dim](none yet)[/]"
    parts.append(Text.from_markup(f"board {board}"))
    mine = in_hand.get(view.viewer) if view.viewer is not None else None
    if mine is not None and mine.cards:
        parts.append(Text.from_markup(f"your cards {cards_markup(mine.cards)}"))
    knocked = list(out)
    if knocked:
        parts.append(Text.from_markup(f"[dim]out: {', '.join(knocked)}[/]"))
    if footer:
        parts.append(Text.from_markup(footer))
    return Panel(Group(*parts), title=title, title_align="left", expand=False)
