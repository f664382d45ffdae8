"""Readable hand histories in English, in the style players know from online rooms.

A history is rendered from a hand's events only, never from its state::

    render_text(hand.events, viewer=3)       # what seat 3 saw
    render_view(hand.view(3))                 # the same, from his view's redacted events
    render_text(hand.events)                  # a spectator's history: no hole cards

A player's history shows his own hole cards, the board and the hands shown; other
players' cards only once shown, undealt cards never. Amounts are whole numbers
printed with thousands separators, or with any formatter (``money=currency("€")``
prints the cents of a cash game as ``€12.40``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

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
    Revealed,
    Shown,
    Street,
    Voided,
)
from croupier.engine.setup import ForcedKind
from croupier.engine.views import HandView
from croupier.errors import HandHistoryError
from croupier.evaluate import Category, rank_hand
from croupier.rules.model import AnteKind, BettingStructure, RequestedHand

__all__ = ["Money", "chips", "currency", "hand_phrase", "render_text", "render_view"]

Money = Callable[[int], str]
"""Formats an amount in the smallest unit of the game (a chip, a cent) for display."""


def chips(amount: int) -> str:
    """An amount with thousands separators, the default formatter.

    >>> chips(10_000)
    '10,000'
    """
    return f"{amount:,}"


def currency(symbol: str = "€", *, decimals: int = 2) -> Money:
    """A formatter for amounts kept in the smallest unit of a currency (cents by default).

    >>> euros = currency("€")
    >>> euros(1_240), euros(123_456_789), euros(5)
    ('€12.40', '€1,234,567.89', '€0.05')
    """
    if decimals < 0:
        raise ValueError(f"decimals must be >= 0, not {decimals}")
    scale = 10**decimals

    def money(amount: int) -> str:
        sign = "-" if amount < 0 else ""
        whole, part = divmod(abs(amount), scale)
        fraction = f".{part:0{decimals}d}" if decimals else ""
        return f"{sign}{symbol}{whole:,}{fraction}"

    return money


_ARTICLE = frozenset(
    {Category.PAIR, Category.STRAIGHT, Category.FLUSH, Category.FULL_HOUSE, Category.STRAIGHT_FLUSH}
)


def hand_phrase(cards: Sequence[Card], board: Sequence[Card]) -> str:
    """The hand ``cards`` make with ``board``, as a history says it ("" below five cards).

    >>> from croupier.cards import parse_cards
    >>> hand_phrase(parse_cards("As Ah"), parse_cards("2c 7d 9h Ts Js"))
    'a pair of aces'
    >>> hand_phrase(parse_cards("Kh Kd"), parse_cards("Ks 7c 7d"))
    'a full house, kings full of sevens'
    """
    if len(cards) + len(board) < 5:
        return ""
    rank = rank_hand((*cards, *board))
    words = rank.description
    words = words[0].lower() + words[1:]
    return f"a {words}" if rank.category in _ARTICLE else words


def render_text(
    events: Iterable[Event],
    *,
    viewer: int | None = None,
    hand_id: str | None = None,
    money: Money | None = None,
    all_cards: bool = False,
) -> str:
    """The readable history of a hand (finished or not) as seat ``viewer`` saw it.

    ``viewer`` None is a spectator. Only the viewer's own hole cards are printed,
    even when ``events`` is the hand's full log; ``all_cards=True`` prints every
    hole card the events hold (for the floor and audits, never for a player).
    ``hand_id`` overrides the id in ``HandStarted``; ``money`` formats amounts
    (default :func:`chips`). Raises :class:`HandHistoryError` when the events do
    not start with ``HandStarted``.
    """
    log = list(events)
    if not log or not isinstance(log[0], HandStarted):
        raise HandHistoryError("a hand's events start with HandStarted")
    renderer = _Renderer(
        log[0],
        viewer=viewer,
        hand_id=log[0].hand_id if hand_id is None else hand_id,
        money=money or chips,
        all_cards=all_cards,
        pots=1 + max((e.pot for e in log if isinstance(e, Awarded)), default=0),
    )
    for event in log[1:]:
        renderer.feed(event)
    return "\n".join(renderer.lines) + "\n"


def render_view(view: HandView, *, hand_id: str | None = None, money: Money | None = None) -> str:
    """The history of a hand from a player's (or a spectator's) view: only what it shows."""
    return render_text(view.events, viewer=view.viewer, hand_id=hand_id, money=money)


# --------------------------------------------------------------------------- rendering

_STRUCTURE_NAMES = {
    BettingStructure.NO_LIMIT: "No Limit",
    BettingStructure.POT_LIMIT: "Pot Limit",
    BettingStructure.FIXED_LIMIT: "Limit",
}
_POSTS = {
    ForcedKind.SMALL_BLIND: "posts small blind",
    ForcedKind.BIG_BLIND: "posts big blind",
    ForcedKind.STRADDLE: "posts the option",
    ForcedKind.LIVE_BLIND: "posts a live blind",
    ForcedKind.DEAD_BLIND: "posts a dead blind",
}
_TAGS = {
    ForcedKind.SMALL_BLIND: "small blind",
    ForcedKind.BIG_BLIND: "big blind",
    ForcedKind.STRADDLE: "option",
}


def _cards(cards: Sequence[Card]) -> str:
    return "[" + " ".join(str(card) for card in cards) + "]"


@dataclass
class _Player:
    """What the history knows of one seat as the events go by."""

    seat: int
    name: str
    cards: tuple[Card, ...] | None = None
    """Hole cards the viewer may see: his own (or all, for audits), or once shown."""
    shown: bool = False
    mucked: bool = False
    killed: bool = False
    folded: Street | None = None
    timed_out: bool = False
    invested: int = 0
    """Chips put in, antes excepted, less any returned: zero means "didn't bet"."""
    bet: int = 0
    """The bet of the current round."""
    won: int = 0


class _Renderer:
    """Turns events into lines, one event at a time."""

    def __init__(
        self,
        started: HandStarted,
        *,
        viewer: int | None,
        hand_id: str,
        money: Money,
        all_cards: bool,
        pots: int,
    ) -> None:
        self.rules = started.rules
        self.money = money
        self.viewer = viewer
        self.all_cards = all_cards
        self.pots = pots
        self.button = started.button
        self.players = {s.seat: _Player(s.seat, s.player) for s in started.seats}
        self.tags: dict[int, list[str]] = {s.seat: [] for s in started.seats}
        if started.button in self.tags:
            self.tags[started.button].append("button")
        self.board: list[Card] = []
        self.street = Street.PREFLOP
        self.high = 0
        self.hole_header = False
        self.in_showdown = False
        self.early_shown: list[int] = []
        self.pot_totals: dict[int, int] = {}
        self.awards: dict[int, tuple[tuple[int, int], ...]] = {}
        self.summary: tuple[int, int] | None = None
        """Where the summary's lines are: written again after a pot awarded anew (RRP-5)."""
        self.rake = 0
        self.lines: list[str] = [_header(started, hand_id, money), self._table_line(started)]
        for s in started.seats:
            away = " (absent)" if s.absent else ""
            self.lines.append(f"Seat {s.seat}: {s.player} ({money(s.stack)} in chips){away}")

    def _table_line(self, started: HandStarted) -> str:
        dead = "" if started.button in self.players else " (dead button)"
        return f"Table: {len(started.seats)} players, Seat #{started.button} is the button{dead}"

    # ------------------------------------------------------------------ events
    def feed(self, event: Event) -> None:
        """Add the lines of one event."""
        if isinstance(event, Posted):
            self._posted(event)
        elif isinstance(event, HoleDealt):
            self._hole_cards_header()
            self._dealt(event)
        elif isinstance(event, Acted):
            self._hole_cards_header()
            self._acted(event)
        elif isinstance(event, BetReturned):
            p = self.players[event.seat]
            p.invested -= event.amount
            p.bet = max(0, p.bet - event.amount)
            what = "Unmatched chips" if p.folded is not None else "Uncalled bet"
            self.lines.append(f"{what} ({self.money(event.amount)}) returned to {p.name}")
        elif isinstance(event, BoardDealt):
            self._board(event)
        elif isinstance(event, Shown):
            self._shown(event)
        elif isinstance(event, Mucked):
            self._enter_showdown()
            p = self.players[event.seat]
            p.mucked = True
            self.lines.append(f"{p.name}: mucks hand")
        elif isinstance(event, Revealed):
            self._revealed(event)
        elif isinstance(event, Raked):
            self._enter_showdown()
            self.pot_totals[event.pot] = self.pot_totals.get(event.pot, 0) + event.amount
            self.rake += event.amount
        elif isinstance(event, Awarded):
            self._awarded(event)
        elif isinstance(event, Voided):
            self._voided(event)
        elif isinstance(event, HandEnded):
            self._summary()
        # BetsGathered and a second HandStarted say nothing a reader needs.

    def _revealed(self, event: Revealed) -> None:
        asker, p = self.players[event.asker], self.players[event.seat]
        line = f"{asker.name} asks to see {p.name}'s hand"
        table = self.rules.requested_hand is RequestedHand.TABLE  # RRP-6: show one, show all
        if event.cards is not None and (table or self.all_cards or event.asker == self.viewer):
            line += f": {_cards(event.cards)}"
        self.lines.append(line + " (RRP-5)")

    def _posted(self, event: Posted) -> None:
        p = self.players[event.seat]
        if event.kind is ForcedKind.ANTE:
            what = (
                "the big blind ante" if self.rules.ante_kind is AnteKind.BIG_BLIND else "the ante"
            )
            verb = f"posts {what}"
        else:
            verb = _POSTS[event.kind]
            p.invested += event.amount
            tag = _TAGS.get(event.kind)
            if tag:
                self.tags[event.seat].append(tag)
        if event.kind.live:
            p.bet += event.amount
            self.high = max(self.high, p.bet)
        all_in = " and is all-in" if event.all_in else ""
        self.lines.append(f"{p.name}: {verb} {self.money(event.amount)}{all_in}")

    def _hole_cards_header(self) -> None:
        if not self.hole_header:
            self.hole_header = True
            self.lines.append("*** HOLE CARDS ***")

    def _dealt(self, event: HoleDealt) -> None:
        if event.cards is None or not (self.all_cards or event.seat == self.viewer):
            return
        p = self.players[event.seat]
        p.cards = event.cards
        self.lines.append(f"Dealt to {p.name} {_cards(event.cards)}")

    def _acted(self, event: Acted) -> None:
        p = self.players[event.seat]
        m = self.money
        kind = event.kind
        if event.reason == "absent":
            p.killed = True
            p.folded = self.street
            self.lines.append(f"{p.name}: folds (absent: hand killed)")
            return
        if kind is ActionKind.FOLD:
            p.folded = self.street
            p.timed_out = event.reason == "timeout"
            words = "folds"
        elif kind is ActionKind.CHECK:
            words = "checks"
        elif kind is ActionKind.CALL:
            words = f"calls {m(event.put)}"
        elif kind is ActionKind.BET:
            words = f"bets {m(event.to)}"
        elif kind is ActionKind.RAISE:
            words = f"raises {m(event.to - self.high)} to {m(event.to)}"
        else:  # not recorded by the engine today; say what the event says
            words = f"{kind.value} {m(event.put)}"
        p.invested += event.put
        p.bet = event.to
        self.high = max(self.high, p.bet)
        if event.all_in:
            words += " and is all-in"
        if event.reason == "timeout":
            words += " (timed out)"
        elif event.reason:
            words += f" ({event.reason})"
        self.lines.append(f"{p.name}: {words}")

    def _board(self, event: BoardDealt) -> None:
        before = list(self.board)
        self.board.extend(event.cards)
        self.street = event.street
        self.high = 0
        for p in self.players.values():
            p.bet = 0
        name = event.street.name
        if before:
            self.lines.append(f"*** {name} *** {_cards(before)} {_cards(event.cards)}")
        else:
            self.lines.append(f"*** {name} *** {_cards(self.board)}")

    def _shown(self, event: Shown) -> None:
        p = self.players[event.seat]
        p.cards = event.cards
        p.shown = True
        if not self.in_showdown and len(self.board) < 5:
            self.early_shown.append(event.seat)  # all-in: tabled before the board is run out
            self.lines.append(f"{p.name}: shows {_cards(event.cards)}")
            return
        self._enter_showdown()
        self.lines.append(self._shows_line(p))

    def _shows_line(self, p: _Player) -> str:
        cards = p.cards or ()
        phrase = hand_phrase(cards, self.board)
        return f"{p.name}: shows {_cards(cards)}" + (f" ({phrase})" if phrase else "")

    def _enter_showdown(self) -> None:
        if self.in_showdown:
            return
        self.in_showdown = True
        if sum(p.folded is None for p in self.players.values()) > 1:
            self.lines.append("*** SHOW DOWN ***")
            self.lines.extend(self._shows_line(self.players[s]) for s in self.early_shown)

    def _pot_name(self, pot: int) -> str:
        if self.pots == 1:
            return "pot"
        return "main pot" if pot == 0 else f"side pot {pot}"

    def _awarded(self, event: Awarded) -> None:
        self._enter_showdown()
        again = self.awards.get(event.pot)
        why = ""
        if again is None:
            self.pot_totals[event.pot] = self.pot_totals.get(event.pot, 0) + event.amount
        else:  # the winner asked to see a losing hand: both live, the best wins (RRP-5)
            why = " (RRP-5: both hands live, the best wins)"
            for seat, share in again:
                self.players[seat].won -= share
        self.awards[event.pot] = event.shares
        for seat, share in event.shares:
            p = self.players[seat]
            p.won += share
            self.lines.append(
                f"{p.name} collected {self.money(share)} from {self._pot_name(event.pot)}{why}"
            )

    def _voided(self, event: Voided) -> None:
        self.lines.append("*** HAND VOIDED ***")
        self.lines.append("Hand voided: every chip returned")
        if event.reason:
            self.lines.append(f"Reason: {event.reason}")
        for seat, stack in event.stacks:
            p = self.players[seat]
            self.lines.append(f"Seat {seat}: {p.name} ({self.money(stack)} in chips)")

    # ------------------------------------------------------------------ summary
    def _summary(self) -> None:
        if self.summary is not None:  # the pots were awarded again: one summary, at the end
            start, end = self.summary
            del self.lines[start:end]
        start = len(self.lines)
        self._write_summary()
        self.summary = (start, len(self.lines))

    def _write_summary(self) -> None:
        m = self.money
        total = sum(self.pot_totals.values())
        pots = ""
        if len(self.pot_totals) > 1:
            parts = [f"{self._pot_name(k)}: {m(v)}" for k, v in sorted(self.pot_totals.items())]
            pots = f" ({', '.join(parts)})"
        self.lines.append("*** SUMMARY ***")
        self.lines.append(f"Total pot {m(total)}{pots} | Rake {m(self.rake)}")
        if self.board:
            self.lines.append(f"Board {_cards(self.board)}")
        for p in self.players.values():
            tags = "".join(f" ({tag})" for tag in self.tags[p.seat])
            self.lines.append(f"Seat {p.seat}: {p.name}{tags} {self._outcome(p)}")

    def _outcome(self, p: _Player) -> str:
        m = self.money
        if p.killed:
            return "was absent: hand killed"
        if p.folded is not None:
            where = "before Flop" if p.folded is Street.PREFLOP else f"on the {p.folded.title}"
            didnt = " (didn't bet)" if p.invested == 0 else ""
            timed = " (timed out)" if p.timed_out else ""
            return f"folded {where}{didnt}{timed}"
        if p.shown and p.cards:
            phrase = hand_phrase(p.cards, self.board)
            with_ = f" with {phrase}" if phrase else ""
            result = f"won ({m(p.won)})" if p.won else "lost"
            return f"showed {_cards(p.cards)} and {result}{with_}"
        if p.mucked:
            return "mucked" + (f" {_cards(p.cards)}" if p.cards else "")
        if p.won:
            return f"collected ({m(p.won)})"
        return "did not show"


def _header(started: HandStarted, hand_id: str, money: Money) -> str:
    rules = started.rules
    stakes = rules.stakes
    game = f"Hold'em {_STRUCTURE_NAMES[rules.structure]}"
    if rules.fixed_limit:
        parts = [
            f"{game} ({money(stakes.small_bet)}/{money(stakes.big_bet)})",
            f"blinds {money(stakes.small_blind)}/{money(stakes.big_blind)}",
        ]
    else:
        parts = [f"{game} ({money(stakes.small_blind)}/{money(stakes.big_blind)})"]
    if stakes.ante:
        big = "big blind " if rules.ante_kind is AnteKind.BIG_BLIND else ""
        parts.append(f"{big}ante {money(stakes.ante)}")
    if stakes.straddle:
        parts.append(f"option {money(stakes.straddle)}")
    parts.append(f"{rules.name} rules")
    parts.append("tournament" if rules.tournament else "cash game")
    number = f" #{hand_id}" if hand_id else ""
    return f"Croupier Hand{number}: " + " - ".join(parts)
