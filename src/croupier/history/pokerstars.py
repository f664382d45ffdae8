"""Hand histories in the PokerStars text format, which tracking tools and parsers read.

:func:`render_pokerstars` writes one hand from its events, as one player saw it (or
every card, for the floor), in the layout PokerStars writes and the parsers on PyPI
read (PokerKit's ``HandHistory.from_pokerstars``, the ``poker`` package, ``pokerdf``;
``docs/phh.md`` says what each demands)::

    PokerStars Hand #1042: Tournament #77, $10+$1 USD Hold'em No Limit - Level II (50/100)
      - 2024/06/10 20:05:00 CEST [2024/06/10 14:05:00 ET]
    Table '77 1' 9-max Seat #3 is the button
    Seat 1: ann (1500 in chips)
    ann: posts the ante 10
    ...
    *** HOLE CARDS ***
    Dealt to ann [Ah Kd]
    bob: raises 200 to 300
    ...
    *** SUMMARY ***
    Total pot 1230 | Rake 0
    Board [2c 7d 9h Ts Js]
    Seat 1: ann showed [Ah Kd] and won (1230) with a pair of aces

(the header is one line). Amounts are plain: chips as integers, money as ``$1.50``
(whole amounts without decimals, as PokerStars writes them); a raise says what it
adds and what it comes to (``raises 200 to 300``); every hand shown is shown in the
``SHOW DOWN`` section, once the board is out. Hidden cards stay hidden: another
player's hole cards appear only once shown, unless ``all_cards`` (the floor, audits).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Final
from zoneinfo import ZoneInfo

from croupier.cards import Card
from croupier.engine.actions import ActionKind
from croupier.engine.events import (
    Acted,
    Awarded,
    BetReturned,
    BoardDealt,
    Event,
    HandEnded,
    HandStarted,
    HoleDealt,
    Mucked,
    Posted,
    Raked,
    Shown,
    Street,
    Voided,
)
from croupier.engine.setup import ForcedKind
from croupier.engine.views import HandView
from croupier.errors import HandHistoryError
from croupier.history._settled import as_shown
from croupier.history.text import hand_phrase
from croupier.rules.model import BettingStructure

__all__ = ["Tournament", "render_pokerstars", "render_pokerstars_view"]

_EASTERN: Final = ZoneInfo("America/New_York")
_GAMES: Final = {
    BettingStructure.NO_LIMIT: "Hold'em No Limit",
    BettingStructure.POT_LIMIT: "Hold'em Pot Limit",
    BettingStructure.FIXED_LIMIT: "Hold'em Limit",
}
_ROMAN: Final = (
    (1000, "M"),
    (900, "CM"),
    (500, "D"),
    (400, "CD"),
    (100, "C"),
    (90, "XC"),
    (50, "L"),
    (40, "XL"),
    (10, "X"),
    (9, "IX"),
    (5, "V"),
    (4, "IV"),
    (1, "I"),
)
_SYMBOLS: Final = {"USD": "$", "EUR": "€", "GBP": "£"}


def _roman(number: int) -> str:
    out = []
    for value, letters in _ROMAN:
        while number >= value:
            out.append(letters)
            number -= value
    return "".join(out)


@dataclass(frozen=True, slots=True)
class Tournament:
    """What a tournament hand's header says: the tournament, its buy-in and the level.

    ``buy_in`` and ``fee`` are in cents of ``currency`` (0 and 0: a freeroll).
    """

    number: int
    level: int
    buy_in: int = 0
    fee: int = 0
    currency: str = "USD"
    table: int = 1

    def __post_init__(self) -> None:
        for name in ("number", "level", "buy_in", "fee", "table"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise HandHistoryError(
                    f"tournament {name} must be a whole number >= 0, not {value!r}"
                )
        if self.level < 1:
            raise HandHistoryError(f"a tournament level counts from 1, not {self.level}")


class _Money:
    """Amounts as PokerStars prints them: chips as integers, money with its symbol."""

    def __init__(self, currency: str | None, scale: int) -> None:
        self.currency = currency
        self.symbol = "" if currency is None else _SYMBOLS.get(currency, "")
        self.scale = scale

    def __call__(self, amount: int) -> str:
        if self.currency is None and self.scale == 1:
            return str(amount)
        value = Decimal(amount) / self.scale
        text = f"{value:.0f}" if value == value.to_integral_value() else f"{value:.2f}"
        return f"{self.symbol}{text}"


def _when(played_at: datetime.datetime) -> str:
    moment = played_at if played_at.tzinfo is not None else played_at.replace(tzinfo=datetime.UTC)
    eastern = moment.astimezone(_EASTERN)
    zone = moment.tzname() or ""
    if not (zone.isascii() and zone.isalpha() and zone.isupper()):  # "UTC+02:00": no name
        moment, zone = moment.astimezone(datetime.UTC), "UTC"
    stamp = "%Y/%m/%d %H:%M:%S"
    return f"{moment.strftime(stamp)} {zone} [{eastern.strftime(stamp)} ET]"


@dataclass
class _Seat:
    seat: int
    name: str
    cards: tuple[Card, ...] | None = None
    shown: bool = False
    mucked: bool = False
    folded: Street | None = None
    put: int = 0
    """Chips put in voluntarily (not the forced bets), less any returned."""
    blind: bool = False
    bet: int = 0
    won: int = 0


class _Writer:
    def __init__(
        self,
        started: HandStarted,
        *,
        viewer: int | None,
        all_cards: bool,
        money: _Money,
        pots: int,
    ) -> None:
        self.started = started
        self.viewer = viewer
        self.all_cards = all_cards
        self.money = money
        self.pots = pots
        self.offset = 1 if any(s.seat == 0 for s in started.seats) else 0
        self.players = {s.seat: _Seat(s.seat, s.player) for s in started.seats}
        self.tags: dict[int, list[str]] = {s.seat: [] for s in started.seats}
        if started.button in self.tags:
            self.tags[started.button].append("button")
        self.lines: list[str] = []
        self.board: list[Card] = []
        self.street = Street.PREFLOP
        self.high = 0
        self.dealt = False
        self.showdown = False
        self.shows: list[int] = []
        self.pot_totals: dict[int, int] = {}
        self.rake = 0

    def number(self, seat: int) -> int:
        return seat + self.offset

    def cards(self, cards: Sequence[Card]) -> str:
        return "[" + " ".join(str(c) for c in cards) + "]"

    def hole_cards(self) -> None:
        if not self.dealt:
            self.dealt = True
            self.lines.append("*** HOLE CARDS ***")

    def feed(self, event: Event) -> None:
        m = self.money
        if isinstance(event, Posted):
            self.posted(event)
        elif isinstance(event, HoleDealt):
            self.hole_cards()
            if event.cards is not None and (self.all_cards or event.seat == self.viewer):
                p = self.players[event.seat]
                p.cards = event.cards
                self.lines.append(f"Dealt to {p.name} {self.cards(event.cards)}")
        elif isinstance(event, Acted):
            self.hole_cards()
            self.acted(event)
        elif isinstance(event, BetReturned):
            p = self.players[event.seat]
            p.put = max(0, p.put - event.amount)
            p.bet -= event.amount
            self.lines.append(f"Uncalled bet ({m(event.amount)}) returned to {p.name}")
        elif isinstance(event, BoardDealt):
            before = list(self.board)
            self.board.extend(event.cards)
            self.street = event.street
            self.high = 0
            for p in self.players.values():
                p.bet = 0
            name = event.street.name
            if before:
                self.lines.append(f"*** {name} *** {self.cards(before)} {self.cards(event.cards)}")
            else:
                self.lines.append(f"*** {name} *** {self.cards(self.board)}")
        elif isinstance(event, Shown):
            p = self.players[event.seat]
            p.cards, p.shown = event.cards, True
            self.shows.append(event.seat)
            if self.showdown:
                self.flush_shows()
        elif isinstance(event, Mucked):
            self.enter_showdown()
            p = self.players[event.seat]
            p.mucked = True
            self.lines.append(f"{p.name}: mucks hand")
        elif isinstance(event, Raked):
            self.pot_totals[event.pot] = self.pot_totals.get(event.pot, 0) + event.amount
            self.rake += event.amount
        elif isinstance(event, Awarded):
            self.awarded(event)
        elif isinstance(event, HandEnded):
            self.summary()
        elif isinstance(event, Voided):
            raise HandHistoryError("a voided hand has no PokerStars history: nothing was played")

    def posted(self, event: Posted) -> None:
        p = self.players[event.seat]
        amount = self.money(event.amount)
        words = {
            ForcedKind.ANTE: f"posts the ante {amount}",
            ForcedKind.SMALL_BLIND: f"posts small blind {amount}",
            ForcedKind.BIG_BLIND: f"posts big blind {amount}",
            ForcedKind.STRADDLE: f"posts straddle {amount}",
            ForcedKind.LIVE_BLIND: f"posts big blind {amount}",
            ForcedKind.DEAD_BLIND: f"posts dead small blind {amount}",
        }[event.kind]
        tag = {
            ForcedKind.SMALL_BLIND: "small blind",
            ForcedKind.BIG_BLIND: "big blind",
        }.get(event.kind)
        if tag:
            self.tags[event.seat].append(tag)
        if event.kind.live:
            p.blind = True
            p.bet += event.amount
            self.high = max(self.high, p.bet)
        self.lines.append(f"{p.name}: {words}" + (" and is all-in" if event.all_in else ""))

    def acted(self, event: Acted) -> None:
        p = self.players[event.seat]
        m = self.money
        kind = event.kind
        if kind is ActionKind.FOLD:
            p.folded = self.street
            words = "folds"
        elif kind is ActionKind.CHECK:
            words = "checks"
        elif kind is ActionKind.CALL:
            words = f"calls {m(event.put)}"
        elif kind is ActionKind.BET and self.high == 0:
            words = f"bets {m(event.to)}"
        else:
            words = f"raises {m(event.to - self.high)} to {m(event.to)}"
        p.put += event.put
        p.bet = event.to if kind is not ActionKind.FOLD else p.bet
        self.high = max(self.high, p.bet)
        if event.all_in:
            words += " and is all-in"
        self.lines.append(f"{p.name}: {words}")

    def live(self) -> list[_Seat]:
        return [p for p in self.players.values() if p.folded is None]

    def enter_showdown(self) -> None:
        if not self.showdown:
            self.showdown = True
            if len(self.live()) > 1:
                self.lines.append("*** SHOW DOWN ***")
        self.flush_shows()

    def flush_shows(self) -> None:
        for seat in self.shows:
            p = self.players[seat]
            cards = p.cards or ()
            phrase = hand_phrase(cards, self.board) or "hole cards"
            self.lines.append(f"{p.name}: shows {self.cards(cards)} ({phrase})")
        self.shows.clear()

    def pot_name(self, pot: int) -> str:
        if self.pots == 1:
            return "pot"
        if pot == 0:
            return "main pot"
        return "side pot" if self.pots == 2 else f"side pot-{pot}"

    def awarded(self, event: Awarded) -> None:
        self.enter_showdown()
        self.pot_totals[event.pot] = self.pot_totals.get(event.pot, 0) + event.amount
        for seat, share in event.shares:
            p = self.players[seat]
            p.won += share
            name = self.pot_name(event.pot)
            self.lines.append(f"{p.name} collected {self.money(share)} from {name}")

    def summary(self) -> None:
        m = self.money
        total = sum(self.pot_totals.values())
        pots = ""
        if len(self.pot_totals) > 1:
            parts = [f"Main pot {m(self.pot_totals.get(0, 0))}."]
            sides = sorted(k for k in self.pot_totals if k)
            for k in sides:
                label = "Side pot" if len(sides) == 1 else f"Side pot-{k}"
                parts.append(f"{label} {m(self.pot_totals[k])}.")
            pots = " " + " ".join(parts)
        self.lines.append("*** SUMMARY ***")
        self.lines.append(f"Total pot {m(total)}{pots} | Rake {m(self.rake)}")
        if self.board:
            self.lines.append(f"Board {self.cards(self.board)}")
        for p in self.players.values():
            tags = "".join(f" ({t})" for t in self.tags[p.seat])
            self.lines.append(f"Seat {self.number(p.seat)}: {p.name}{tags} {self.outcome(p)}")

    def outcome(self, p: _Seat) -> str:
        m = self.money
        if p.folded is not None:
            where = "before Flop" if p.folded is Street.PREFLOP else f"on the {p.folded.title}"
            return f"folded {where}" + (" (didn't bet)" if not (p.put or p.blind) else "")
        if p.shown and p.cards:
            phrase = hand_phrase(p.cards, self.board)
            with_ = f" with {phrase}" if phrase else ""
            if p.won:
                return f"showed {self.cards(p.cards)} and won ({m(p.won)}){with_}"
            return f"showed {self.cards(p.cards)} and lost{with_}"
        if p.mucked:
            return "mucked" + (f" {self.cards(p.cards)}" if p.cards else "")
        if p.won:
            return f"collected ({m(p.won)})"
        return "mucked"


def render_pokerstars(
    events: Iterable[Event],
    *,
    hand_number: int,
    played_at: datetime.datetime | None = None,
    viewer: int | None = None,
    all_cards: bool = False,
    table: str = "croupier",
    max_seats: int | None = None,
    currency: str | None = None,
    scale: int = 1,
    tournament: Tournament | None = None,
) -> str:
    """One hand in the PokerStars text format, as seat ``viewer`` saw it.

    ``hand_number`` is the hand's number in the header; ``played_at`` when it was
    played (default now; a naive time is UTC), written in its own time zone and in
    Eastern time as PokerStars does. Amounts are chips unless ``currency`` is given
    (``"USD"``, ``"EUR"``, ``"GBP"``): then the engine's integers are ``1 / scale``
    of a unit (``scale=100``: cents). ``tournament`` writes the tournament's header
    (its number, buy-in and level) and the table as ``'<tournament> <table>'``.
    ``viewer`` None shows no hole card until it is shown; ``all_cards`` shows every
    card dealt (for the floor and audits, never for a player). PokerStars numbers
    seats from 1: hands with a seat 0 are written with every seat one higher.
    Raises :class:`HandHistoryError` for a voided hand or events that do not start
    a hand.
    """
    log = list(events)
    if not log or not isinstance(log[0], HandStarted):
        raise HandHistoryError("a hand's events start with HandStarted")
    started = log[0]
    log = as_shown(log)  # RRP-5: a hand made live by the winner's request is shown
    if not isinstance(hand_number, int) or isinstance(hand_number, bool) or hand_number < 0:
        raise HandHistoryError(f"the hand number must be a whole number >= 0, not {hand_number!r}")
    if currency is not None and currency not in _SYMBOLS:
        raise HandHistoryError(
            f"currency {currency!r}: PokerStars writes {', '.join(sorted(_SYMBOLS))}"
            " (None for chips)"
        )
    if scale not in (1, 10, 100, 1000):
        raise HandHistoryError(f"scale {scale!r}: amounts are 1, 10, 100 or 1000 units a unit")
    money = _Money(currency, scale)
    chips = _Money(None, 1)
    pots = 1 + max((e.pot for e in log if isinstance(e, Awarded)), default=0)
    writer = _Writer(started, viewer=viewer, all_cards=all_cards, money=money, pots=pots)
    rules = started.rules
    stakes = rules.stakes
    game = _GAMES[rules.structure]
    if rules.structure is BettingStructure.FIXED_LIMIT:
        low, high = stakes.small_bet, stakes.big_bet
    else:
        low, high = stakes.small_blind, stakes.big_blind
    when = _when(played_at or datetime.datetime.now(datetime.UTC))
    if tournament is not None:
        # the buy-in: "$10+$1 USD" as PokerStars writes it; in another currency without its
        # symbol ("20+2 EUR"), which the parsers read (the ``poker`` package knows only "$")
        cost = _Money(tournament.currency if tournament.currency == "USD" else "", 100)
        fee = (
            "Freeroll"
            if not tournament.buy_in and not tournament.fee
            else (f"{cost(tournament.buy_in)}+{cost(tournament.fee)} {tournament.currency}")
        )
        header = (
            f"PokerStars Hand #{hand_number}: Tournament #{tournament.number}, {fee} {game}"
            f" - Level {_roman(tournament.level)} ({chips(low)}/{chips(high)}) - {when}"
        )
        money = writer.money = chips
        table_name = f"{tournament.number} {tournament.table}"
    else:
        code = f" {currency}" if currency else ""
        header = (
            f"PokerStars Hand #{hand_number}: {game} ({money(low)}/{money(high)}{code}) - {when}"
        )
        table_name = table
    seats = max_seats if max_seats is not None else max(rules.max_players, 2)
    highest = max(writer.number(s.seat) for s in started.seats)
    seats = max(seats, highest)
    button = writer.number(started.button)
    writer.lines += [header, f"Table '{table_name}' {seats}-max Seat #{button} is the button"]
    for s in started.seats:
        writer.lines.append(f"Seat {writer.number(s.seat)}: {s.player} ({money(s.stack)} in chips)")
    for event in log[1:]:
        writer.feed(event)
    return "\n".join(writer.lines) + "\n"


def render_pokerstars_view(
    view: HandView,
    *,
    hand_number: int,
    played_at: datetime.datetime | None = None,
    table: str = "croupier",
    max_seats: int | None = None,
    currency: str | None = None,
    scale: int = 1,
    tournament: Tournament | None = None,
) -> str:
    """The PokerStars history of a hand from a player's (or a spectator's) view: only what
    the view shows (:func:`render_pokerstars`)."""
    return render_pokerstars(
        view.events,
        hand_number=hand_number,
        played_at=played_at,
        viewer=view.viewer,
        table=table,
        max_seats=max_seats,
        currency=currency,
        scale=scale,
        tournament=tournament,
    )
