"""Replay PHH hands through the engine.

:func:`replay_phh` plays a hold'em hand read from a PHH file (``NT`` or ``FT``)
through :class:`croupier.engine.Hand` and compares the stacks it ends with to the
file's ``finishing_stacks``. A standard file is played under
:func:`croupier.rules.phh` (the standard as PokerKit reads it); a file croupier
wrote (:func:`croupier.history.hand_to_phh`) carries its own rules, seats, button and
forced bets in user-defined fields and is read back exactly from them.

The mapping (``docs/phh.md`` tells it in full):

* players ``p1``..``pN`` sit in seats ``1``..``N`` and the button is seat ``N``
  (heads-up too: ``p2`` has the button and posts the small blind);
* ``blinds_or_straddles`` position 1 is the small blind, 2 the big blind, 3 and
  beyond a straddle (a negative entry: a blind that does not change who acts
  first); antes are per player; both are given to the engine as explicit forced
  bets (reversed heads-up, as the standard says);
* the deck is built so that the engine deals exactly the file's cards; unknown cards
  (``??``) and undealt places get the unused cards in deck order;
* ``f`` folds, ``cc`` checks or calls, ``cbr X`` raises to ``X``; a ``cc`` from a
  player who has nothing to decide (everyone else still in is all-in and his bet is
  matched), which PokerKit records and croupier never asks for, is a no-op; at a
  showdown the engine asks the players in its own order and the file's decisions
  are applied by player; when players are all-in the engine tables every hand
  itself and ``sm`` only confirms the cards, unless the file has an all-in player
  muck: then his hand is dead, as the file says;
* a file that stops before the river with every hand all-in is not dealt further:
  the stacks are those when the file stops.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from typing import Any, Final

from croupier.engine import (
    Acted,
    Action,
    Awarded,
    BetReturned,
    BoardDealt,
    Event,
    Hand,
    HandEnded,
    HandStarted,
    HoleDealt,
    Mucked,
    Phase,
    Posted,
    Raked,
    Shown,
)
from croupier.engine.actions import ActionKind
from croupier.errors import CroupierError, HandHistoryError
from croupier.history._phh_actions import (
    BetOrRaiseTo,
    CheckOrCall,
    DealBoard,
    DealHole,
    Fold,
    NoOp,
    PHHAction,
    PostBringIn,
    ShowOrMuck,
    StandPatOrDiscard,
)
from croupier.history._phh_deck import FileCards, cards_text
from croupier.history._phh_hand import PHHHand
from croupier.history._phh_setup import Setup, own_units, phh_rules_for, setup_of
from croupier.rules import FaceUp

__all__ = [
    "KILLED_BLIND_COMMENT",
    "TIMEOUT_COMMENT",
    "ReplayResult",
    "json_amount",
    "phh_rules_for",
    "replay_phh",
]

_HALF: Final = Fraction(1, 2)
TIMEOUT_COMMENT: Final = "timeout"
KILLED_BLIND_COMMENT: Final = "nothing to decide: the killed blind stays in the pot"
"""The commentary of the call croupier writes for PHH readers where the last player left
faces an absent player's killed blind (:mod:`croupier.history._phh_write`)."""
"""The commentary croupier writes on an action the engine took for a player out of time."""


@dataclass(frozen=True, slots=True)
class ReplayResult:
    """What replaying one PHH hand gave.

    Amounts are in the file's own units (``Decimal``, as written in the file).
    ``finishing_stacks`` is ``None`` when the hand was skipped or could not be
    replayed; an entry is ``None`` for a player whose starting stack is unknown
    (``inf``). ``expected`` is the file's ``finishing_stacks`` (``None`` when the
    file has none). ``match`` is ``True``/``False`` when both are known, else
    ``None``. ``error`` says why the hand could not be replayed; ``skipped`` why it
    was not tried (a variant that is not hold'em). ``notes`` explain a match that
    needed a reading of the file (half chips, a showdown order, a needless check)
    and what the replay assumed where the file is silent. ``unfinished`` is true
    when the file stops before the hand is over with nothing left to decide (all-in
    before the river): croupier deals no card the file does not name, so
    ``finishing_stacks`` are the stacks behind, the pots not yet won. ``hand`` is
    the engine's hand, to inspect its events (``None`` for an unfinished file).
    """

    variant: str
    finishing_stacks: tuple[Decimal | None, ...] | None = None
    expected: tuple[Decimal, ...] | None = None
    match: bool | None = None
    error: str | None = None
    skipped: str | None = None
    notes: tuple[str, ...] = ()
    hand: Hand | None = None
    unfinished: bool = False

    @property
    def ok(self) -> bool:
        """True unless the hand failed to replay or ended with other stacks than the file's."""
        return self.error is None and self.match is not False

    @property
    def note(self) -> str | None:
        """The notes joined in one sentence, or ``None``."""
        return "; ".join(self.notes) if self.notes else None

    def to_json(self) -> dict[str, Any]:
        """The result as JSON-ready values (amounts by :func:`json_amount`)."""

        def amounts(values: Iterable[Decimal | None] | None) -> list[int | float | None] | None:
            if values is None:
                return None
            return [None if v is None else json_amount(v) for v in values]

        return {
            "variant": self.variant,
            "finishing_stacks": amounts(self.finishing_stacks),
            "expected": amounts(self.expected),
            "match": self.match,
            "unfinished": self.unfinished,
            "error": self.error,
            "skipped": self.skipped,
            "note": self.note,
        }


def json_amount(amount: Decimal) -> int | float:
    """An amount for JSON: an ``int`` when whole, else a ``float``.

    The float prints back as the file's decimal literal (``10112.5``, ``0.25``):
    Python writes the shortest repr, exact for amounts of up to 15 digits.

    >>> json_amount(Decimal("9775.0")), json_amount(Decimal("10112.5"))
    (9775, 10112.5)
    """
    if amount == amount.to_integral_value():
        return int(amount)
    return float(amount)


# ------------------------------------------------------------------------------ replay


def _error(hand: PHHHand, index: int, reason: str) -> HandHistoryError:
    action = hand.actions[index].to_phh(hand.scale)
    return HandHistoryError(f"action {index} {action!r}: {reason}")


def _stacks_at(events: Sequence[Event], *, board_cards: int | None = None) -> dict[int, int]:
    """Each seat's stack from the events, up to (not including) the board card ``board_cards``.

    Chips bet and in the pots are not in any stack until a pot is awarded.
    """
    started = events[0]
    assert isinstance(started, HandStarted)
    stacks = {s.seat: s.stack for s in started.seats}
    board = 0
    for event in events[1:]:
        if isinstance(event, Posted):
            stacks[event.seat] -= event.amount
        elif isinstance(event, Acted):
            stacks[event.seat] -= event.put
        elif isinstance(event, BetReturned):
            stacks[event.seat] += event.amount
        elif isinstance(event, BoardDealt):
            board += len(event.cards)
            if board_cards is not None and board > board_cards:
                break
        elif isinstance(event, Awarded):
            for seat, share in event.shares:
                stacks[seat] += share
    return stacks


_AFTER_BETTING: Final = (BoardDealt, Shown, Mucked, Raked, Awarded, HandEnded)


def nothing_to_decide(events: Sequence[Event], seat: int) -> bool:
    """Whether ``seat`` had nothing to decide when the last betting decision was made.

    He is still in with chips, every other player still in is all-in, and his bet
    in the round matches theirs: PokerKit waits for his check there, croupier never
    asks him (``docs/pokerkit.md``, "a needless check").
    """
    started = events[0]
    assert isinstance(started, HandStarted)
    last = max((k for k, e in enumerate(events) if isinstance(e, Acted)), default=0)
    stacks = {s.seat: s.stack for s in started.seats}
    bets = dict.fromkeys(stacks, 0)
    folded: set[int] = set()
    dealt = False
    for k, event in enumerate(events[1:], start=1):
        if k > last and isinstance(event, _AFTER_BETTING):
            break
        dealt = dealt or isinstance(event, HoleDealt)
        if isinstance(event, BetReturned) and not dealt:
            stacks[event.seat] += event.amount  # antes trimmed as they are posted: no bet
        elif isinstance(event, Posted):
            stacks[event.seat] -= event.amount
            if event.kind.live:
                bets[event.seat] += event.amount
        elif isinstance(event, Acted):
            stacks[event.seat] -= event.put
            bets[event.seat] += event.put
            if event.kind is ActionKind.FOLD:
                folded.add(event.seat)
        elif isinstance(event, BetReturned):
            stacks[event.seat] += event.amount
            bets[event.seat] -= event.amount
        elif isinstance(event, BoardDealt):
            bets = dict.fromkeys(stacks, 0)
    if seat not in stacks or seat in folded or not stacks[seat]:
        return False
    others = [s for s in stacks if s != seat and s not in folded]
    return bool(others) and all(not stacks[s] and bets[s] <= bets[seat] for s in others)


class _Replayer:
    """Feeds one PHH hand's actions to the engine."""

    def __init__(self, hand: PHHHand, setup: Setup) -> None:
        self.phh = hand
        self.setup = setup
        self.notes: list[str] = []
        self.cards = FileCards(hand)
        self.engine = Hand(
            rules=setup.rules,
            seats=setup.seats,
            button=setup.button,
            deck=self.cards.deck(setup),
            forced_bets=setup.forced,
            hand_id="" if hand.hand is None else str(hand.hand),
        )
        self.board_seen = 0
        self.hole_seen = [0] * hand.player_count
        self.needless: list[str] = []

    def run(self) -> Hand:
        actions = self.phh.actions
        index = 0
        while index < len(actions):
            action = actions[index]
            if isinstance(action, ShowOrMuck) and self.engine.phase is Phase.SHOWDOWN:
                index = self._showdown(index)
                continue
            try:
                self._play(action)
            except CroupierError as error:
                raise _error(self.phh, index, str(error)) from None
            index += 1
        engine = self.engine
        if not engine.is_over:
            seat = engine.to_act
            who = f"{self._name(seat)} is to act" if seat is not None else "it is not over"
            stage = "show or muck" if engine.phase is Phase.SHOWDOWN else engine.street.title
            raise HandHistoryError(f"the actions end before the hand is over: {who} ({stage})")
        if self.needless:
            self.notes.append(
                f"{', '.join(self.needless)}: a check from a player with nothing to decide"
                " (everyone else still in all-in, his bet matched) is a no-op: croupier"
                " does not ask for it"
            )
        return engine

    def _name(self, seat: int | None) -> str:
        for k, s in enumerate(self.setup.seats):
            if s.seat == seat:
                return f"p{k + 1}"
        return f"seat {seat}"  # pragma: no cover - the engine only names its seats

    def _play(self, action: PHHAction) -> None:
        engine = self.engine
        seat_of = self.setup.seat_of
        timeout = self.setup.own and getattr(action, "comment", None) == TIMEOUT_COMMENT
        match action:
            case NoOp():
                return
            case DealHole(player_index=i, cards=cards):
                start, end = self.hole_seen[i], self.hole_seen[i] + len(cards)
                dealt = engine.hole_cards(seat_of(i))[start:end]
                self._check_cards(f"p{i + 1}'s hole cards", dealt, cards)
                self.hole_seen[i] = end
            case DealBoard(cards=cards):
                board = engine.board
                start, end = self.board_seen, self.board_seen + len(cards)
                if len(board) < end:
                    seat = engine.to_act
                    waiting = f": {self._name(seat)} is still to act" if seat is not None else ""
                    raise HandHistoryError(
                        f"croupier has dealt {len(board)} board card(s) so far{waiting}"
                    )
                self._check_cards("the board", board[start:end], cards)
                self.board_seen = end
            case Fold(player_index=i) if self.setup.own and self._killed(seat_of(i)):
                return  # an absent player's hand, killed by the engine before the betting
            case Fold(player_index=i):
                engine.act(seat_of(i), Action.timeout() if timeout else Action.fold())
            case CheckOrCall(player_index=i) if (
                self.setup.own
                and engine.is_over
                and (getattr(action, "comment", None) == KILLED_BLIND_COMMENT)
            ):
                return  # PHH readers' call facing a killed blind: croupier never asks it
            case CheckOrCall(player_index=i):
                seat = seat_of(i)
                asked = engine.to_act == seat and engine.phase is Phase.BETTING
                if not asked and nothing_to_decide(engine.events, seat):
                    self.needless.append(f"p{i + 1}")
                    return
                if timeout:
                    engine.act(seat, Action.timeout())
                    return
                legal = engine.legal_actions() if engine.to_act == seat else None
                call = legal is not None and legal.call is not None
                engine.act(seat, Action.call() if call else Action.check())
            case BetOrRaiseTo(player_index=i, amount=amount):
                engine.act(seat_of(i), Action.raise_to(amount))
            case ShowOrMuck():
                self._confirm_show(action)
            case PostBringIn() | StandPatOrDiscard():
                raise HandHistoryError("not a hold'em action")
            case _:  # pragma: no cover - every action type is handled above
                raise HandHistoryError(f"unknown action {action!r}")

    def _killed(self, seat: int) -> bool:
        absent = any(s.seat == seat and s.absent for s in self.setup.seats)
        return absent and self.engine.is_folded(seat)

    def _check_cards(self, what: str, dealt: Sequence[Any], written: Sequence[Any]) -> None:
        if len(dealt) != len(written) or any(
            w is not None and w != d for w, d in zip(written, dealt, strict=False)
        ):
            raise HandHistoryError(
                f"the file gives {what} as {cards_text(written)} but croupier dealt "
                f"{cards_text(dealt)}"
            )

    def _confirm_show(self, action: ShowOrMuck) -> None:
        """A show outside the engine's showdown (all-in hands tabled, or a hand already won)."""
        if action.cards:
            seat = self.setup.seat_of(action.player_index)
            dealt = self.engine.hole_cards(seat)
            known = [c for c in action.cards if c is not None]
            if len(action.cards) != len(dealt) or any(c not in dealt for c in known):
                raise HandHistoryError(
                    f"p{action.player_index + 1} shows {cards_text(action.cards)} but was"
                    f" dealt {cards_text(dealt)}"
                )

    def _showdown(self, index: int) -> int:
        """Apply the file's run of show/muck decisions from ``index`` in the engine's order."""
        actions = self.phh.actions
        decisions: dict[int, tuple[int, ShowOrMuck]] = {}
        end = index
        while end < len(actions) and isinstance(actions[end], ShowOrMuck | NoOp):
            action = actions[end]
            if isinstance(action, ShowOrMuck):
                if action.player_index in decisions:
                    break
                decisions[action.player_index] = (end, action)
            end += 1
        engine = self.engine
        player_of = {s.seat: k for k, s in enumerate(self.setup.seats)}
        file_order = [f"p{i + 1}" for i in decisions]
        asked: list[str] = []
        while engine.phase is Phase.SHOWDOWN:
            seat = engine.to_act
            assert seat is not None  # the showdown always has someone to ask
            player = player_of[seat]
            decision = decisions.get(player)
            if decision is None:
                raise _error(
                    self.phh,
                    end - 1,
                    f"croupier asks p{player + 1} to show or muck but the file's showdown "
                    f"({', '.join(file_order)}) gives no decision for p{player + 1}",
                )
            at, action = decision
            asked.append(f"p{player + 1}")
            try:
                engine.act(seat, Action.muck() if action.mucks else Action.show())
            except CroupierError as error:
                raise _error(self.phh, at, str(error)) from None
        for at, action in decisions.values():
            try:
                self._confirm_show(action)
            except CroupierError as error:
                raise _error(self.phh, at, str(error)) from None
        asked_in_file = [p for p in file_order if p in asked]
        if asked_in_file != asked:
            self.notes.append(
                f"showdown order: the file lists {', '.join(asked_in_file)}; croupier asks "
                f"{', '.join(asked)} (the river's last aggressor first, else the first left of"
                " the button) and applied the file's decisions player by player"
            )
        return end


def _split_winners(hand: Hand) -> set[int]:
    """The seats that shared a pot."""
    return {
        seat
        for event in hand.events
        if isinstance(event, Awarded) and len(event.shares) > 1
        for seat, _ in event.shares
    }


def _compare(
    phh: PHHHand, setup: Setup, hand: Hand | None, stacks: dict[int, int]
) -> tuple[bool, tuple[str, ...]]:
    """Whether the stacks are the file's, allowing the half-chip rounding of splits."""
    expected = phh.finishing_stacks_in_units
    assert expected is not None
    got = [
        None if phh.starting_stacks[i] is None else Fraction(stacks[setup.seat_of(i)])
        for i in range(phh.player_count)
    ]
    diffs = {i: e - g for i, (e, g) in enumerate(zip(expected, got, strict=True)) if g is not None}
    if not any(diffs.values()):
        return True, ()
    split = set() if hand is None else _split_winners(hand)
    if not (
        phh.results_fractional
        and sum(diffs.values()) == 0
        and all(abs(d) in (0, _HALF) for d in diffs.values())
        and all(setup.seat_of(i) in split for i, d in diffs.items() if d)
    ):
        return False, ()
    assert hand is not None
    up = [i for i, d in diffs.items() if d < 0]
    down = [i for i, d in diffs.items() if d > 0]

    def names(players: list[int]) -> str:
        return ", ".join(f"p{i + 1}" for i in players)

    note = (
        f"the file records half chips for the split pot ({names(sorted(up + down))}); croupier "
        f"splits by whole chips and gave the odd chip to {names(up)}, the first winner left of "
        f"the button (odd_chips {hand.rules.odd_chips.value})"
    )
    return True, (note,)


def _dealt_past_the_file(engine: Hand, named: int) -> bool:
    """Whether the engine ran the board out past the cards the file names, nobody deciding."""
    board = 0
    past = False
    for event in engine.events:
        if isinstance(event, BoardDealt):
            board += len(event.cards)
            past = past or board > named
        elif past and isinstance(event, Acted):
            return False  # the file played on without naming the board: not a stop
    return past


def _all_in_mucks(hand: PHHHand, setup: Setup, engine: Hand) -> list[str]:
    """Players the file has muck whose hands the engine tabled itself (all-in)."""
    tabled = {e.seat for e in engine.events if isinstance(e, Shown) and e.auto}
    return [
        f"p{a.player_index + 1}"
        for a in hand.actions
        if isinstance(a, ShowOrMuck) and a.mucks and setup.seat_of(a.player_index) in tabled
    ]


def _assumptions(
    hand: PHHHand, setup: Setup, replayer: _Replayer, engine: Hand | None
) -> list[str]:
    """What the replay assumed where the file is silent."""
    notes: list[str] = []
    if hand.finishing_stacks is None:
        rules = (
            f"the rules the file records ({setup.rules.name} preset)"
            if setup.own
            else "croupier.rules.phh, the standard as PokerKit reads it"
            f" (odd chips to the first winner left of the button, antes "
            f"{'trimmed' if hand.ante_trimming_status else 'dead money'})"
        )
        notes.append(f"the file records no finishing stacks: these are croupier's, under {rules}")
    deep = [f"p{i + 1}" for i, s in enumerate(hand.starting_stacks) if s is None]
    if deep:
        notes.append(
            f"{', '.join(deep)}: the starting stack is unknown (inf); played as deeper"
            " than every chip of the hand"
        )
    if engine is None:
        return notes
    contested = len([s for s in engine.seats if not engine.is_folded(s.seat)]) > 1
    if contested:
        unknown = [
            f"p{i + 1} ({cards_text(engine.hole_cards(setup.seat_of(i)))})"
            for i in sorted(replayer.cards.unknown_hole)
            if not engine.is_folded(setup.seat_of(i)) and not engine.has_mucked(setup.seat_of(i))
        ]
        if unknown:
            notes.append(
                f"hole cards the file leaves unknown (??) decided a pot: croupier dealt"
                f" {', '.join(unknown)}, the unused cards in deck order"
            )
        if None in replayer.cards.board or replayer.cards.board_named < len(engine.board):
            notes.append(
                "board cards the file leaves unknown (??) are the unused cards in deck order"
            )
    return notes


def replay_phh(hand: PHHHand, *, standard: bool = False) -> ReplayResult:
    """Replay one PHH hand through the engine and compare its stacks with the file's.

    A file croupier wrote is played under the rules it records (``_croupier_*``
    fields), unless ``standard``: then every file is read as the standard says, as
    any PHH reader sees it. Variants other than ``NT`` and ``FT`` are skipped, not
    errors. A file that does not replay (an illegal action, a card that is not what
    was dealt, actions that stop while a player is still to decide) gives
    ``error``; nothing is raised.

    >>> from croupier.history import loads
    >>> result = replay_phh(loads('''
    ... variant = "NT"
    ... antes = [0, 0, 0]
    ... blinds_or_straddles = [50, 100, 0]
    ... min_bet = 100
    ... starting_stacks = [1000, 1000, 1000]
    ... actions = ["d dh p1 AcAd", "d dh p2 ????", "d dh p3 ????", "p3 cbr 300", "p1 f", "p2 f"]
    ... finishing_stacks = [950, 900, 1150]
    ... '''))
    >>> result.match, result.finishing_stacks
    (True, (Decimal('950'), Decimal('900'), Decimal('1150')))
    """
    if not hand.is_holdem:
        return ReplayResult(
            variant=hand.variant,
            skipped=f"variant {hand.variant} is not hold'em (only NT and FT are replayed)",
        )
    expected = (
        None
        if hand.finishing_stacks is None
        else tuple(hand.result_to_amount(s) for s in hand.finishing_stacks)
    )
    try:
        hand = own_units(hand, standard=standard)
        setup = setup_of(hand, standard=standard)
        replayer = _Replayer(hand, setup)
        engine = replayer.run()
        mucked = _all_in_mucks(hand, setup, engine)
        if mucked and setup.rules.all_in_hands_face_up is not FaceUp.NEVER:
            # The file has an all-in player muck: his hand is dead, as the file says.
            setup = replace(setup, rules=setup.rules.but(all_in_hands_face_up=FaceUp.NEVER))
            replayer = _Replayer(hand, setup)
            replayer.notes.append(
                f"{', '.join(mucked)}, all-in, {'mucks' if len(mucked) == 1 else 'muck'} in"
                " the file: the hand is dead, as the file says (croupier tables no hand"
                " itself in this replay; each shows or mucks as the file says)"
            )
            engine = replayer.run()
    except CroupierError as error:
        return ReplayResult(variant=hand.variant, expected=expected, error=str(error))
    unfinished = _dealt_past_the_file(engine, replayer.cards.board_named)
    notes = list(replayer.notes)
    if unfinished:
        stacks = _stacks_at(engine.events, board_cards=replayer.cards.board_named)
        named = replayer.cards.board_named
        street = {0: "before the flop", 3: "on the flop", 4: "on the turn"}.get(
            named, f"after {named} board cards"
        )
        notes.append(
            f"the file stops {street}, every hand all-in: croupier deals no card the file"
            " does not name; the stacks are those behind, the pots not yet won"
        )
    else:
        stacks = engine.stacks
    notes += _assumptions(hand, setup, replayer, None if unfinished else engine)
    finishing = tuple(
        None if hand.starting_stacks[i] is None else hand.to_amount(stacks[setup.seat_of(i)])
        for i in range(hand.player_count)
    )
    match: bool | None = None
    if hand.finishing_stacks is not None:
        match, more = _compare(hand, setup, None if unfinished else engine, stacks)
        notes += more
    return ReplayResult(
        variant=hand.variant,
        finishing_stacks=finishing,
        expected=expected,
        match=match,
        notes=tuple(notes),
        hand=None if unfinished else engine,
        unfinished=unfinished,
    )
