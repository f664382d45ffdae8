"""Replay PHH hands through the engine, and write engine hands as PHH.

:func:`replay_phh` plays a hold'em hand read from a PHH file (``NT`` or ``FT``)
through :class:`croupier.engine.Hand` under :func:`croupier.rules.phh` and
compares the stacks it ends with to the file's ``finishing_stacks``.
:func:`hand_to_phh` goes the other way: any hand the engine played under rules the
standard can express becomes a :class:`~croupier.history.PHHHand` that replays to
the same stacks.

The mapping (``docs/phh.md`` tells it in full):

* players ``p1``..``pN`` sit in seats ``1``..``N`` and the button is seat ``N``
  (heads-up too: ``p2`` has the button and posts the small blind);
* ``blinds_or_straddles`` position 1 is the small blind, 2 the big blind, 3 and
  beyond a straddle; antes are per player; both are given to the engine as
  explicit forced bets (reversed heads-up, as the standard says);
* the deck is built so that the engine deals exactly the file's cards: hole cards
  one at a time in two rounds from ``p1``, then burn, flop, burn, turn, burn, river;
  unknown cards (``??``) and undealt places get the unused cards in deck order;
* ``f`` folds, ``cc`` checks or calls, ``cbr X`` raises to ``X``; at a showdown the
  engine asks the players in its own order and the file's decisions are applied by
  player (a different order is reported in :attr:`ReplayResult.notes`); when
  players are all-in the engine tables every hand itself and ``sm`` only confirms
  the cards.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum
from fractions import Fraction
from typing import Any, Final

from croupier.cards import FULL_DECK, Card, Deck
from croupier.engine import (
    Acted,
    Action,
    ActionKind,
    Awarded,
    BoardDealt,
    ForcedBet,
    ForcedKind,
    Hand,
    HandStarted,
    HoleDealt,
    Mucked,
    Phase,
    SeatSetup,
    Shown,
)
from croupier.errors import CroupierError, HandHistoryError
from croupier.history._phh_actions import (
    BetOrRaiseTo,
    CheckOrCall,
    DealBoard,
    DealHole,
    Fold,
    MaybeCard,
    NoOp,
    PHHAction,
    PostBringIn,
    ShowOrMuck,
    StandPatOrDiscard,
    format_phh_cards,
)
from croupier.history._phh_hand import PHHHand
from croupier.rules import AnteKind, AntePot, BettingStructure, DealStart, Rules
from croupier.rules import phh as phh_rules

__all__ = ["ReplayResult", "hand_to_phh", "json_amount", "phh_rules_for", "replay_phh"]

_VARIANTS: Final = {"NT": BettingStructure.NO_LIMIT, "FT": BettingStructure.FIXED_LIMIT}
_CODES: Final = {structure: code for code, structure in _VARIANTS.items()}
_HOLE_CARDS: Final = 2
_BOARD_CARDS: Final = 5
_HALF: Final = Fraction(1, 2)


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
    needed a reading of the file (half chips, a showdown order). ``hand`` is the
    engine's hand, to inspect its events.
    """

    variant: str
    finishing_stacks: tuple[Decimal | None, ...] | None = None
    expected: tuple[Decimal, ...] | None = None
    match: bool | None = None
    error: str | None = None
    skipped: str | None = None
    notes: tuple[str, ...] = ()
    hand: Hand | None = None

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


# ------------------------------------------------------------------------------- rules


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
    small = blinds[0] if blinds else 0
    big = blinds[1] if len(blinds) > 1 else 0
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

    >>> from croupier.history import loads
    >>> from croupier.history._phh_hand import EXAMPLE_PHH
    >>> rules = phh_rules_for(loads(EXAMPLE_PHH))
    >>> rules.name, rules.stakes.big_blind, rules.stakes.ante, rules.ante_pot.value
    ('phh', 2000, 500, 'trimmed')
    """
    structure = _VARIANTS.get(hand.variant)
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


def _phh_kind(position: int) -> ForcedKind:
    if position == 0:
        return ForcedKind.SMALL_BLIND
    if position == 1:
        return ForcedKind.BIG_BLIND
    return ForcedKind.STRADDLE


def _forced_bets(hand: PHHHand) -> list[ForcedBet]:
    """The file's antes and blinds as forced bets on seats ``1..N`` (p1 is seat 1)."""
    n = hand.player_count
    forced = [ForcedBet(i + 1, ForcedKind.ANTE, a) for i, a in enumerate(hand.antes_by_player) if a]
    for position, amount in enumerate(hand.blinds_or_straddles or ()):
        if amount:
            player = (n - 1 - position) if n == 2 else position
            forced.append(ForcedBet(player + 1, _phh_kind(position), amount))
    straddles = [f for f in forced if f.kind is ForcedKind.STRADDLE]
    if len(straddles) > 1:
        written = list(hand.blinds_or_straddles or ())
        raise HandHistoryError(
            f"{len(straddles)} straddles (blinds_or_straddles {written}):"
            " croupier's engine plays at most one"
        )
    return forced


# -------------------------------------------------------------------------------- deck


class _Cards:
    """The cards a PHH hand names, by player and on the board, to build the engine's deck."""

    def __init__(self, hand: PHHHand) -> None:
        n = hand.player_count
        self.hole: list[list[MaybeCard]] = [[] for _ in range(n)]
        self.board: list[MaybeCard] = []
        shown: list[tuple[Card | None, ...]] = [() for _ in range(n)]
        for index, action in enumerate(hand.actions):
            if isinstance(action, DealHole):
                self.hole[action.player_index].extend(action.cards)
                if len(self.hole[action.player_index]) > _HOLE_CARDS:
                    raise _error(hand, index, "a hold'em player receives two hole cards")
            elif isinstance(action, DealBoard):
                self.board.extend(action.cards)
                if len(self.board) > _BOARD_CARDS:
                    raise _error(hand, index, "a hold'em board has five cards")
            elif isinstance(action, ShowOrMuck) and action.cards:
                shown[action.player_index] = action.cards
        for i in range(n):
            cards = self.hole[i]
            cards.extend([None] * (_HOLE_CARDS - len(cards)))
            known = {c for c in cards if c is not None}
            extra = [c for c in shown[i] if c is not None and c not in known]
            for k, card in enumerate(cards):
                if card is None and extra:
                    cards[k] = extra.pop(0)

    def deck(self, hand: PHHHand, rules: Rules) -> Deck:
        """A deck from which the engine deals these cards, by the rules' dealing order.

        Under :func:`croupier.rules.phh` the first card goes to ``p1`` (left of the
        button, seat 1) and a card is burnt before the flop, the turn and the river.
        """
        n = hand.player_count
        if 2 * n + 8 > len(FULL_DECK):
            raise HandHistoryError(
                f"{n} players: a 52-card deck deals hold'em to at most 22 players"
            )
        # p1 sits left of the button (seat N), heads-up too, and is dealt first.
        assert rules.deal_start is DealStart.LEFT_OF_BUTTON  # the phh preset's dealing
        slots: list[MaybeCard] = [None] * len(FULL_DECK)
        for i, (one, two) in enumerate(self.hole):
            slots[i], slots[n + i] = one, two
        burn = 1 if rules.burn_cards else 0
        flop = 2 * n + burn
        turn = flop + 3 + burn
        river = turn + 1 + burn
        for place, card in zip((flop, flop + 1, flop + 2, turn, river), self.board, strict=False):
            slots[place] = card
        where: dict[Card, str] = {}
        for place, card in enumerate(slots):
            if card is None:
                continue
            name = f"p{place % n + 1}" if place < 2 * n else "the board"
            if card in where:
                raise HandHistoryError(f"the card {card} is dealt twice ({where[card]} and {name})")
            where[card] = name
        unused = iter(c for c in FULL_DECK if c not in where)
        return Deck(card if card is not None else next(unused) for card in slots)


# ------------------------------------------------------------------------------ replay


def _error(hand: PHHHand, index: int, reason: str) -> HandHistoryError:
    action = hand.actions[index].to_phh(hand.scale)
    return HandHistoryError(f"action {index} {action!r}: {reason}")


def _cards_text(cards: Sequence[MaybeCard]) -> str:
    return format_phh_cards(tuple(cards))


class _Replayer:
    """Feeds one PHH hand's actions to the engine."""

    def __init__(self, hand: PHHHand) -> None:
        self.phh = hand
        self.notes: list[str] = []
        rules = phh_rules_for(hand)
        n = hand.player_count
        known = [s for s in hand.starting_stacks if s is not None]
        # An unknown (inf) stack is played as one no bet of the hand can exhaust.
        deep = sum(known) + sum(hand.antes) + sum(hand.blinds_or_straddles or ()) + 1
        deep += sum(a.amount for a in hand.actions if isinstance(a, BetOrRaiseTo))
        stacks = [deep if s is None else s for s in hand.starting_stacks]
        seats = [SeatSetup(i + 1, f"p{i + 1}", s) for i, s in enumerate(stacks)]
        self.cards = _Cards(hand)
        self.engine = Hand(
            rules=rules,
            seats=seats,
            button=n,
            deck=self.cards.deck(hand, rules),
            forced_bets=_forced_bets(hand),
            hand_id="" if hand.hand is None else str(hand.hand),
        )
        self.board_seen = 0
        self.hole_seen = [0] * n

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
            who = f"p{seat} is to act" if seat is not None else "it is not over"
            stage = "show or muck" if engine.phase is Phase.SHOWDOWN else engine.street.title
            raise HandHistoryError(f"the actions end before the hand is over: {who} ({stage})")
        return engine

    def _play(self, action: PHHAction) -> None:
        engine = self.engine
        match action:
            case NoOp():
                return
            case DealHole(player_index=i, cards=cards):
                start, end = self.hole_seen[i], self.hole_seen[i] + len(cards)
                dealt = engine.hole_cards(i + 1)[start:end]
                self._check_cards(f"p{i + 1}'s hole cards", dealt, cards)
                self.hole_seen[i] = end
            case DealBoard(cards=cards):
                board = engine.board
                start, end = self.board_seen, self.board_seen + len(cards)
                if len(board) < end:
                    seat = engine.to_act
                    waiting = f": p{seat} is still to act" if seat is not None else ""
                    raise HandHistoryError(
                        f"croupier has dealt {len(board)} board card(s) so far{waiting}"
                    )
                self._check_cards("the board", board[start:end], cards)
                self.board_seen = end
            case Fold(player_index=i):
                engine.act(i + 1, Action.fold())
            case CheckOrCall(player_index=i):
                legal = engine.legal_actions() if engine.to_act == i + 1 else None
                call = legal is not None and legal.call is not None
                engine.act(i + 1, Action.call() if call else Action.check())
            case BetOrRaiseTo(player_index=i, amount=amount):
                engine.act(i + 1, Action.raise_to(amount))
            case ShowOrMuck():
                self._confirm_show(action)
            case PostBringIn() | StandPatOrDiscard():
                raise HandHistoryError("not a hold'em action")
            case _:  # pragma: no cover - every action type is handled above
                raise HandHistoryError(f"unknown action {action!r}")

    def _check_cards(self, what: str, dealt: Sequence[Card], written: Sequence[MaybeCard]) -> None:
        if len(dealt) != len(written) or any(
            w is not None and w != d for w, d in zip(written, dealt, strict=False)
        ):
            raise HandHistoryError(
                f"the file gives {what} as {_cards_text(written)} but croupier dealt "
                f"{_cards_text(dealt)}"
            )

    def _confirm_show(self, action: ShowOrMuck) -> None:
        """A show outside the engine's showdown (all-in hands tabled, or a hand already won)."""
        if action.cards:
            seat = action.player_index + 1
            dealt = self.engine.hole_cards(seat)
            known = [c for c in action.cards if c is not None]
            if len(action.cards) != len(dealt) or any(c not in dealt for c in known):
                raise HandHistoryError(
                    f"p{seat} shows {_cards_text(action.cards)} but was dealt {_cards_text(dealt)}"
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
        file_order = [f"p{i + 1}" for i in decisions]
        asked: list[str] = []
        while engine.phase is Phase.SHOWDOWN:
            seat = engine.to_act
            assert seat is not None  # the showdown always has someone to ask
            decision = decisions.get(seat - 1)
            if decision is None:
                raise _error(
                    self.phh,
                    end - 1,
                    f"croupier asks p{seat} to show or muck but the file's showdown "
                    f"({', '.join(file_order)}) gives no decision for p{seat}",
                )
            at, action = decision
            asked.append(f"p{seat}")
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
    phh: PHHHand, hand: Hand, expected: tuple[Fraction, ...]
) -> tuple[bool, tuple[str, ...]]:
    """Whether the engine's stacks are the file's, allowing the half-chip rounding of splits."""
    stacks = hand.stacks
    got = [
        None if phh.starting_stacks[i] is None else Fraction(stacks[i + 1])
        for i in range(phh.player_count)
    ]
    diffs = {i: e - g for i, (e, g) in enumerate(zip(expected, got, strict=True)) if g is not None}
    if not any(diffs.values()):
        return True, ()
    split = _split_winners(hand)
    if not (
        phh.results_fractional
        and sum(diffs.values()) == 0
        and all(abs(d) in (0, _HALF) for d in diffs.values())
        and all(i + 1 in split for i, d in diffs.items() if d)
    ):
        return False, ()
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


def replay_phh(hand: PHHHand) -> ReplayResult:
    """Replay one PHH hand through the engine and compare its stacks with the file's.

    Variants other than ``NT`` and ``FT`` are skipped, not errors. A file that
    does not replay (an illegal action, a card that is not what was dealt, actions
    that stop before the hand is over) gives ``error``; nothing is raised.

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
        replayer = _Replayer(hand)
        engine = replayer.run()
    except CroupierError as error:
        return ReplayResult(variant=hand.variant, expected=expected, error=str(error))
    stacks = engine.stacks
    finishing = tuple(
        None if hand.starting_stacks[i] is None else hand.to_amount(stacks[i + 1])
        for i in range(hand.player_count)
    )
    match: bool | None = None
    notes = tuple(replayer.notes)
    in_units = hand.finishing_stacks_in_units
    if in_units is not None:
        match, more = _compare(hand, engine, in_units)
        notes += more
    return ReplayResult(
        variant=hand.variant,
        finishing_stacks=finishing,
        expected=expected,
        match=match,
        notes=notes,
        hand=engine,
    )


# ----------------------------------------------------------------------- engine -> PHH

_PLAY_KNOBS: Final = (
    "structure",
    "ante_pot",
    "min_raise",
    "min_raise_from_blind",
    "full_bet_floor",
    "reopen_fraction",
    "cumulative_reopen",
    "raise_cap",
    "blind_counts_toward_cap",
    "short_all_ins_count_toward_cap",
    "lift_cap_heads_up",
    "short_blind_call",
    "sub_minimum_all_in",
    "showdown_order",
    "all_in_hands_face_up",
    "odd_chips",
    "odd_chip_unit",
    "rake",
)
"""The knobs of the rules that decide what is legal and who is paid what in one hand:
they must be the standard's (:func:`croupier.rules.phh`) for a hand to be written as
PHH. The others cannot change a played hand's record or its stacks: the name, the
stakes (written into the file; the blinds are checked), who owes antes (the forced
bets are written), the dealing order and burns (the deck is rebuilt from the cards
dealt), the order pots are paid in (each is split on its own), whether the called
hand must show (it only forbids mucks the standard allows), and the table's knobs."""


def _player_order(seats: Sequence[int], button: int) -> list[int]:
    """Seat numbers from the first left of the button round to the button (p1..pN)."""
    return sorted(seats, key=lambda s: (s <= button, s))


def _check_expressible(started: HandStarted, order: list[int]) -> None:
    rules = started.rules
    problems: list[str] = []
    code = _CODES.get(rules.structure)
    if code is None:
        problems.append(f"the {rules.structure.value} structure has no PHH hold'em variant")
    else:
        stakes = rules.stakes
        reference = phh_rules(
            rules.structure,
            stakes.small_blind,
            stakes.big_blind,
            ante_trimming=rules.ante_pot is AntePot.TRIMMED,
            min_bet=stakes.min_bet,
            small_bet=stakes.small_bet,
            big_bet=stakes.big_bet,
        )
        for knob in _PLAY_KNOBS:
            mine, theirs = getattr(rules, knob), getattr(reference, knob)
            if mine != theirs:
                problems.append(f"{knob} is {_knob(mine)} (the standard: {_knob(theirs)})")
    if any(p.absent for p in started.seats):
        absent = [p.seat for p in started.seats if p.absent]
        problems.append(f"seat(s) {absent} absent, their hands killed before the betting")
    heads_up = len(order) == 2
    place = {seat: k for k, seat in enumerate(order)}
    expected_place = {
        ForcedKind.SMALL_BLIND: 1 if heads_up else 0,
        ForcedKind.BIG_BLIND: 0 if heads_up else 1,
        ForcedKind.STRADDLE: 2,
    }
    kinds = {f.kind for f in started.forced if f.amount}
    for f in started.forced:
        if not f.amount or f.kind is ForcedKind.ANTE:
            continue
        want = expected_place.get(f.kind)
        if want is None:
            problems.append(f"seat {f.seat} owes a {f.kind.value}")
        elif place[f.seat] != want or (heads_up and f.kind is ForcedKind.STRADDLE):
            problems.append(f"the {f.kind.value} is on seat {f.seat}, p{place[f.seat] + 1}")
        elif f.kind is ForcedKind.BIG_BLIND and f.amount != rules.stakes.big_blind:
            problems.append(
                f"the big blind posts {f.amount} but the stakes' big blind is "
                f"{rules.stakes.big_blind}"
            )
        elif f.kind is ForcedKind.STRADDLE and rules.stakes.straddle not in (0, f.amount):
            problems.append(
                f"the straddle posts {f.amount} but the stakes' option is {rules.stakes.straddle}"
            )
    if ForcedKind.BIG_BLIND not in kinds:
        problems.append("there is no big blind")
    if problems:
        raise HandHistoryError(
            "this hand cannot be written as PHH: "
            + "; ".join(problems)
            + " (PHH records p1 = small blind, p2 = big blind, p3 = straddle, per-player antes,"
            " under the rules of croupier.rules.phh)"
        )


def _knob(value: object) -> str:
    return str(value.value) if isinstance(value, Enum) else repr(value)


def hand_to_phh(hand: Hand, *, scale: int = 1, event: str | None = None) -> PHHHand:
    """Write a hand the engine played (or is playing) as a PHH hand.

    Amounts stay the engine's integers, counted in units of ``1 / scale`` (e.g.
    ``scale=100`` for a cash game in cents, so the file shows dollars). Players are
    ordered from the first seat left of the button (``p1``) to the button (``pN``);
    ``players`` and ``seats`` keep the names and seat numbers. ``finishing_stacks`` is
    written once the hand is over.

    Only hands the standard can express are written: no-limit or fixed-limit
    hold'em under the rules of :func:`croupier.rules.phh` (whatever the stakes, and
    whether antes are dead money or not), the small blind on ``p1`` and the big
    blind on ``p2`` (reversed heads-up), at most one straddle on ``p3``, antes from
    anyone, no dead or out-of-position live blind, no absent player, no rake.
    Anything else raises :class:`HandHistoryError` saying what cannot be written.
    ``replay_phh(hand_to_phh(hand))`` ends with the hand's stacks.
    """
    events = hand.events
    started = events[0]
    assert isinstance(started, HandStarted)
    if hand.phase is Phase.VOIDED:
        raise HandHistoryError("a voided hand cannot be written as PHH: nothing was played")
    seats = [p.seat for p in started.seats]
    order = _player_order(seats, started.button)
    _check_expressible(started, order)
    player = {seat: k for k, seat in enumerate(order)}
    n = len(order)
    antes = [0] * n
    blinds = [0] * n
    for f in started.forced:
        k = player[f.seat]
        if f.kind is ForcedKind.ANTE:
            antes[k] += f.amount
        elif f.amount:
            position = {ForcedKind.SMALL_BLIND: 0, ForcedKind.BIG_BLIND: 1}.get(f.kind, 2)
            blinds[position] = f.amount
    if n == 2:  # heads-up the arrays are read reversed
        antes.reverse()
    actions: list[PHHAction] = []
    for happened in events:
        if isinstance(happened, HoleDealt):
            assert happened.cards is not None
            actions.append(DealHole(player[happened.seat], happened.cards))
        elif isinstance(happened, BoardDealt):
            actions.append(DealBoard(happened.cards))
        elif isinstance(happened, Acted):
            k = player[happened.seat]
            if happened.kind is ActionKind.FOLD:
                actions.append(Fold(k))
            elif happened.kind in (ActionKind.CHECK, ActionKind.CALL):
                actions.append(CheckOrCall(k))
            else:
                actions.append(BetOrRaiseTo(k, happened.to))
        elif isinstance(happened, Shown):
            actions.append(ShowOrMuck(player[happened.seat], happened.cards))
        elif isinstance(happened, Mucked):
            actions.append(ShowOrMuck(player[happened.seat]))
    rules = started.rules
    hand_id = started.hand_id
    limit = rules.structure is BettingStructure.FIXED_LIMIT
    by_seat = {p.seat: p for p in started.seats}
    stacks = hand.stacks
    return PHHHand(
        variant=_CODES[rules.structure],
        antes=tuple(antes),
        starting_stacks=tuple(by_seat[s].stack for s in order),
        actions=tuple(actions),
        scale=scale,
        ante_trimming_status=rules.ante_pot is AntePot.TRIMMED,
        blinds_or_straddles=tuple(blinds),
        small_bet=rules.stakes.small_bet if limit else None,
        big_bet=rules.stakes.big_bet if limit else None,
        min_bet=None if limit else rules.stakes.min_bet,
        event=event,
        hand=int(hand_id)
        if hand_id.isdigit() and str(int(hand_id)) == hand_id
        else hand_id or None,
        seats=tuple(order),
        players=tuple(by_seat[s].player for s in order),
        finishing_stacks=tuple(stacks[s] for s in order) if hand.is_over else None,
    )
