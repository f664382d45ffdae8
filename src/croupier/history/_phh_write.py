"""Write an engine hand as PHH, under any rules, from its events.

Private to :mod:`croupier.history`; :func:`hand_to_phh` is exported there.

The standard fields say what any PHH reader needs: the forced bets player by player,
the stacks, the cards and the actions. A PHH reader plays them by the standard
(PokerKit's reading, croupier's :func:`croupier.rules.phh`); the hand may have been
played by other rules, so croupier's own rules, seats, button and forced bets go in
user-defined fields (``_croupier_*``, underscored as the standard asks), from which
croupier reads its file back exactly. The file is then replayed as a PHH reader
would read it; where that reading ends with other stacks (or cannot be played at
all), ``_croupier_differs`` and the opening comment say so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from enum import Enum
from typing import Any, Final

from croupier.cards import Card
from croupier.engine import (
    Acted,
    ActionKind,
    BetReturned,
    BoardDealt,
    ForcedKind,
    Hand,
    HandStarted,
    HoleDealt,
    Mucked,
    Phase,
    Posted,
    Shown,
)
from croupier.errors import HandHistoryError
from croupier.history._phh_actions import (
    BetOrRaiseTo,
    CheckOrCall,
    DealBoard,
    DealHole,
    Fold,
    PHHAction,
    ShowOrMuck,
)
from croupier.history._phh_hand import PHHHand
from croupier.history._phh_setup import (
    BUTTON_FIELD,
    DIFFERS_FIELD,
    FORCED_FIELD,
    RULES_FIELD,
    SCALE_FIELD,
    SITTING_OUT_FIELD,
)
from croupier.history._settled import as_shown
from croupier.history.replay import KILLED_BLIND_COMMENT, TIMEOUT_COMMENT, replay_phh
from croupier.rules import AntePot, BettingStructure, Rules
from croupier.rules import phh as phh_rules

__all__ = ["ABSENT_COMMENT", "KILLED_BLIND_COMMENT", "PLAY_KNOBS", "hand_to_phh"]

ABSENT_COMMENT: Final = "absent: hand killed"
"""The commentary on the fold of an absent player's hand, killed before the betting."""


_CODES: Final = {
    BettingStructure.NO_LIMIT: "NT",
    BettingStructure.FIXED_LIMIT: "FT",
    BettingStructure.POT_LIMIT: "NT",  # no PHH code for pot-limit hold'em (see the comment)
}

PLAY_KNOBS: Final = (
    "structure",
    "ante_pot",
    "big_blind_first",
    "pot_limit_full_blinds",
    "merge_equal_contender_pots",
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
    "last_hand_must_show",
    "odd_chips",
    "odd_chip_unit",
    "rake",
)
"""The knobs that decide what is legal and who is paid what: where a hand's rules set one
otherwise than the standard (:func:`croupier.rules.phh`), a PHH reader may compute another
result, and the file says which knobs differ."""


def _player_order(started: HandStarted) -> list[int]:
    """Seat numbers from the first left of the button round to the button (p1..pN).

    Heads-up the player who posts the small blind is ``p2``, who has the button in
    PHH, even when croupier's button is an empty seat.
    """
    button = started.button
    order = sorted((p.seat for p in started.seats), key=lambda s: (s <= button, s))
    small = [f.seat for f in started.forced if f.kind is ForcedKind.SMALL_BLIND and f.amount]
    if len(order) == 2 and small and order[0] == small[0]:
        order.reverse()
    return order


def _knob(value: object) -> str:
    return str(value.value) if isinstance(value, Enum) else repr(value)


def _differing_knobs(rules: Rules) -> list[str]:
    stakes = rules.stakes
    structure = rules.structure
    if structure is BettingStructure.POT_LIMIT:
        structure = BettingStructure.NO_LIMIT  # written as NT: the structure is told apart
    reference = phh_rules(
        structure,
        stakes.small_blind,
        stakes.big_blind,
        ante_trimming=rules.ante_pot is not AntePot.DEAD_MONEY,
        min_bet=stakes.min_bet,
        small_bet=stakes.small_bet,
        big_bet=stakes.big_bet,
    )
    found = []
    for knob in PLAY_KNOBS:
        mine, theirs = getattr(rules, knob), getattr(reference, knob)
        if knob == "ante_pot" and {mine, theirs} == {AntePot.CONTRIBUTION, AntePot.TRIMMED}:
            continue  # PHH's trimmed antes are contributions (docs/pokerkit.md)
        if mine != theirs:
            found.append(f"{knob}={_knob(mine)}")
    return found


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


class _PokerKitTurns:
    """Who a PHH reader (PokerKit 0.7.7) still waits for in a betting round.

    PokerKit opens a round with every player still in who has chips and could lose
    some (``State.actor_indices``), and waits for each of them, even for a check
    from a player with nothing to decide (everyone else all-in, his bet matched),
    whom croupier never asks. This model follows the events and names those checks,
    so that the file has them where PHH readers expect them.
    """

    def __init__(self, stacks: Sequence[int], blinds: Sequence[int]) -> None:
        n = len(stacks)
        self.n = n
        self.stack = list(stacks)
        self.bet = [0] * n
        self.live = [True] * n
        self.blinds = list(blinds)
        """Each player's PHH blind entry: > 0 a blind or straddle, < 0 a blind that does
        not open, 0 none."""
        self.queue: list[int] = []
        self.open = False
        self.unasked: list[int] = []
        """Players who acted where PokerKit would not ask them (the file then differs)."""

    def _effective(self, i: int) -> int:
        totals = sorted(self.bet[j] + self.stack[j] for j in range(self.n) if self.live[j])
        if len(totals) < 2:
            return 0
        return min(self.stack[i], max(0, totals[-2] - self.bet[i]))

    def post(self, antes: Sequence[int], *, trimmed: bool) -> None:
        """The forced bets as PokerKit posts them: every ante, the part of the largest ante
        nobody matched given back when ``trimmed``, then each blind from what the stack
        holds once its ante is paid."""
        start = list(self.stack)
        paid = [min(a, s) for a, s in zip(antes, start, strict=True)]
        back = [0] * self.n
        if trimmed and paid and max(paid) and paid.count(max(paid)) == 1:
            top = paid.index(max(paid))
            back[top] = paid[top] - max(a for k, a in enumerate(paid) if k != top)
        for i in range(self.n):
            blind = min(abs(self.blinds[i]), start[i] - paid[i])
            self.bet[i] = blind
            self.stack[i] = start[i] - paid[i] + back[i] - blind

    def _idle(self, i: int) -> bool:
        """Whether ``i`` has nothing to decide: his bet matched, everyone else still in all-in."""
        others = [j for j in range(self.n) if j != i and self.live[j]]
        return self.bet[i] >= max(self.bet) and all(not self.stack[j] for j in others)

    def begin(self, *, preflop: bool) -> None:
        """A betting round opens."""
        n = self.n
        start = 0
        if preflop:
            top = max(range(n), key=lambda i: (self.bet[i] * _sign(self.blinds[i]), i))
            start = (top + 1) % n
        order = [(start + k) % n for k in range(n)]
        queue = [i for i in order if self.live[i] and self.stack[i] and self._effective(i) > 0]
        if len(queue) == 1 and self.bet[queue[0]] >= max(self.bet):
            queue = []
        self.queue = queue
        self.open = True

    def acted(self, i: int, kind: ActionKind, put: int) -> list[int]:
        """Player ``i`` acts; the players PokerKit asked first, who had nothing to decide."""
        needless: list[int] = []
        while self.queue and self.queue[0] != i and self._idle(self.queue[0]):
            needless.append(self.queue.pop(0))
        if not self.queue or self.queue[0] != i:
            self.unasked.append(i)  # PokerKit waits for someone else, or for nobody
        self.stack[i] -= put
        self.bet[i] += put
        if kind is ActionKind.FOLD:
            self.live[i] = False
        if kind in (ActionKind.BET, ActionKind.RAISE):
            after = [(i + k) % self.n for k in range(1, self.n)]
            self.queue = [j for j in after if self.live[j] and self.stack[j]]
        elif i in self.queue:
            self.queue.remove(i)
        if sum(self.live) <= 1:
            self.queue = []
        return needless

    def close(self) -> list[int]:
        """The round is over for croupier: the checks PokerKit still waits for."""
        needless = [j for j in self.queue if self._idle(j)]
        self.queue = []
        self.open = False
        return needless

    def new_street(self) -> None:
        """The bets of the round are gathered."""
        self.bet = [0] * self.n


def _forced_arrays(
    started: HandStarted, player: dict[int, int]
) -> tuple[list[int], list[int], list[str]]:
    """The PHH ``antes`` and ``blinds_or_straddles`` by player, and what they leave out."""
    n = len(player)
    antes = [0] * n
    blinds = [0] * n
    lost: list[str] = []
    for f in started.forced:
        k = player[f.seat]
        if not f.amount:
            continue
        if f.kind is ForcedKind.ANTE:
            antes[k] += f.amount
        elif f.kind is ForcedKind.DEAD_BLIND:
            antes[k] += f.amount  # dead money, as an ante without trimming
            lost.append(f"p{k + 1}'s dead blind of {f.amount} is written as an ante")
        elif f.kind is ForcedKind.LIVE_BLIND:
            blinds[k] -= f.amount  # negative: a blind that does not move the first to act
        else:
            if blinds[k]:
                lost.append(f"p{k + 1} posts two blinds")
            blinds[k] += f.amount
    return antes, blinds, lost


def _actions(
    events: Sequence[Any],
    player: dict[int, int],
    antes: list[int],
    blinds: list[int],
    *,
    viewer: int | None = None,
) -> tuple[list[PHHAction], list[int]]:
    """The PHH actions of the events, with the checks PHH readers wait for, and the
    players who acted where PHH readers would not ask them. With ``viewer``, hole cards
    he did not see are unknown.

    An absent player's killed hand (croupier folds it before the betting) is written as a
    fold at his own turn, where PHH readers ask him: the result is the same, his blinds
    staying in the pot (POK-3-2, TDA R30). When croupier's hand ends with one player left
    before that turn, PHH readers still ask that player to match the killed blind: his
    call is written with :data:`KILLED_BLIND_COMMENT` (he wins it back with the pot).
    """
    seen = {e.seat for e in events if isinstance(e, Shown)}
    started = events[0]
    stacks = [0] * len(player)
    for s in started.seats:
        stacks[player[s.seat]] = s.stack
    turns = _PokerKitTurns(stacks, blinds)
    holes: list[DealHole] = []
    actions: list[PHHAction] = []
    betting = False  # a betting round has begun and was not closed yet
    preflop_begun = False
    killed: list[int] = []  # absent players whose fold waits for their turn
    folded: set[int] = set()  # croupier's folds (killed hands included)
    # Each player's showdown decision: PHH readers want it as soon as the betting is over
    # with at most one hand holding chips, before the board is run out.
    decisions: dict[int, ShowOrMuck] = {}
    for event in events:
        if isinstance(event, Shown | Mucked) and player[event.seat] not in decisions:
            cards = event.cards if isinstance(event, Shown) else ()
            decisions[player[event.seat]] = ShowOrMuck(player[event.seat], cards)
    decided: set[int] = set()

    def decide(k: int) -> None:
        if k not in decided:
            decided.add(k)
            actions.append(decisions[k])

    def run_out() -> None:
        """The betting is over for good before the river: PHH readers' showdown."""
        live = [k for k in range(len(stacks)) if turns.live[k]]
        if len(live) < 2 or sum(1 for k in live if turns.stack[k]) > 1:
            return
        for k in live:
            if k in decisions:
                decide(k)
            elif k not in decided:
                decided.add(k)
                turns.unasked.append(k)  # PHH readers ask him to show or muck; he never was

    def fold_killed(until: int | None) -> None:
        """Write the killed hands' folds PHH readers ask for before ``until``'s turn (or
        before the round ends), with the checks and calls they wait for on the way."""
        while killed and turns.queue and turns.queue[0] != until:
            j = turns.queue[0]
            if j in killed:
                killed.remove(j)
                turns.acted(j, ActionKind.FOLD, 0)
                actions.append(Fold(j, comment=ABSENT_COMMENT))
            elif turns._idle(j):
                turns.acted(j, ActionKind.CHECK, 0)
                actions.append(CheckOrCall(j))
            elif until is None and len(folded) == len(stacks) - 1 and j not in folded:
                owed = max(turns.bet) - turns.bet[j]  # the last player left, facing a killed
                turns.acted(j, ActionKind.CALL, min(owed, turns.stack[j]))  # blind
                actions.append(CheckOrCall(j, comment=KILLED_BLIND_COMMENT))
            else:
                return

    def deal() -> None:
        holes.sort(key=lambda d: d.player_index)
        actions.extend(holes)
        holes.clear()

    turns.post(antes, trimmed=started.rules.ante_pot is not AntePot.DEAD_MONEY)
    first_action = -1
    for event in events[1:]:
        if isinstance(event, Posted):
            continue  # posted as PHH readers post them (antes first), above
        if isinstance(event, HoleDealt):
            assert event.cards is not None  # the full log holds every card
            hidden = viewer is not None and event.seat != viewer and event.seat not in seen
            holes.append(DealHole(player[event.seat], (None, None) if hidden else event.cards))
            continue
        if isinstance(event, BetReturned) and not preflop_begun and not holes and not actions:
            continue  # antes trimmed at once, above
        deal()
        if not preflop_begun:
            turns.begin(preflop=True)
            preflop_begun = betting = True
            first_action = len(actions)
        if isinstance(event, Acted):
            k = player[event.seat]
            if event.kind is ActionKind.FOLD:
                folded.add(k)
            if event.reason == "absent":
                killed.append(k)  # written at his turn
                continue
            fold_killed(k)
            actions.extend(CheckOrCall(j) for j in turns.acted(k, event.kind, event.put))
            comment = {"timeout": TIMEOUT_COMMENT}.get(event.reason)
            if event.kind is ActionKind.FOLD:
                actions.append(Fold(k, comment=comment))
            elif event.kind in (ActionKind.CHECK, ActionKind.CALL):
                actions.append(CheckOrCall(k, comment=comment))
            else:
                actions.append(BetOrRaiseTo(k, event.to, comment=comment))
            continue
        if betting:  # the round is over for croupier: the checks PHH readers still want
            fold_killed(None)
            actions.extend(CheckOrCall(j) for j in turns.close())
            betting = False
        if isinstance(event, BetReturned):
            k = player[event.seat]
            turns.stack[k] += event.amount
            turns.bet[k] = max(0, turns.bet[k] - event.amount)
        elif isinstance(event, BoardDealt):
            run_out()
            turns.new_street()
            actions.append(DealBoard(event.cards))
            turns.begin(preflop=False)
            betting = True
        elif isinstance(event, Shown | Mucked):
            k = player[event.seat]
            if k not in decided:
                decide(k)
            if isinstance(event, Mucked):
                turns.live[k] = False
    deal()
    if killed:  # PHH readers never reached their turn: written where croupier killed them
        at = max(first_action, 0)
        for j in reversed(killed):
            actions.insert(at, Fold(j, comment=ABSENT_COMMENT))
            turns.unasked.append(j)
    _winner_decision(events, player, decided, actions, viewer=viewer, seen=seen)
    return actions, turns.unasked


def _winner_decision(
    events: Sequence[Any],
    player: dict[int, int],
    decided: set[int],
    actions: list[PHHAction],
    *,
    viewer: int | None,
    seen: set[int],
) -> None:
    """When every other hand was mucked at the showdown, the last one won unshown (TDA
    R17-B, the PHH standard): PHH readers still ask him to show or muck; his show is
    written (his cards unknown to a viewer who did not see them), as PokerKit has it."""
    if not any(isinstance(e, Mucked) for e in events):
        return
    out = {e.seat for e in events if isinstance(e, Acted) and e.kind is ActionKind.FOLD}
    out |= {e.seat for e in events if isinstance(e, Mucked)}
    left = [s.seat for s in events[0].seats if s.seat not in out]
    if len(left) != 1 or player[left[0]] in decided:
        return
    (seat,) = left
    hole = next(e.cards for e in events if isinstance(e, HoleDealt) and e.seat == seat)
    hidden = viewer is not None and seat != viewer and seat not in seen
    cards: tuple[Card | None, ...] = (None, None) if hidden or hole is None else hole
    actions.append(ShowOrMuck(player[seat], cards))


def _rules_table(rules: Rules) -> dict[str, Any]:
    """The rules as a TOML table: :meth:`Rules.to_dict` without its ``None`` values."""

    def clean(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: clean(v) for k, v in value.items() if v is not None}
        if isinstance(value, Enum):
            return value.value
        return value

    table: dict[str, Any] = clean(rules.to_dict())
    return table


def hand_to_phh(
    hand: Hand, *, scale: int = 1, event: str | None = None, viewer: int | None = None
) -> PHHHand:
    """Write a hand the engine played (or is playing), under any rules, as a PHH hand.

    Amounts stay the engine's integers, counted in units of ``1 / scale`` (e.g.
    ``scale=100`` for a cash game in cents, so the file shows dollars). Players are
    ordered from the first seat left of the button (``p1``) to the button (``pN``);
    ``players`` and ``seats`` keep the names and seat numbers. ``finishing_stacks`` is
    written once the hand is over.

    The standard fields are what PHH readers play; croupier's rules, button, forced
    bets and absent players go in user-defined fields, and
    ``replay_phh(hand_to_phh(hand))`` replays the very hand. When a PHH reader's
    reading of the standard fields (PokerKit's, croupier's :func:`croupier.rules.phh`)
    ends otherwise, the field ``_croupier_differs`` and the opening comment say how.
    With ``viewer`` (a seat) the file holds only what that player saw: the other hole
    cards are written unknown (``????``) unless shown, so his own saved histories keep
    hidden cards hidden; the stacks replay the same. A voided hand raises
    :class:`HandHistoryError`: nothing was played.
    """
    events = as_shown(hand.events)  # RRP-5: a hand made live by the winner's request shows
    started = events[0]
    assert isinstance(started, HandStarted)
    if hand.phase is Phase.VOIDED:
        raise HandHistoryError("a voided hand cannot be written as PHH: nothing was played")
    rules = started.rules
    order = _player_order(started)
    player = {seat: k for k, seat in enumerate(order)}
    antes, blinds, lost = _forced_arrays(started, player)
    actions, unasked = _actions(events, player, antes, blinds, viewer=viewer)
    turns = ""
    if unasked:
        names = ", ".join(dict.fromkeys(f"p{k + 1}" for k in unasked))
        turns = f"PHH readers do not ask {names} to act where croupier's rules did"
    if len(order) == 2:  # heads-up the arrays are read reversed
        antes.reverse()
        blinds.reverse()
    limit = rules.structure is BettingStructure.FIXED_LIMIT
    by_seat = {p.seat: p for p in started.seats}
    stacks = hand.stacks
    hand_id = started.hand_id
    extra: dict[str, Any] = {
        RULES_FIELD: _rules_table(rules),
        BUTTON_FIELD: started.button,
        FORCED_FIELD: [[f.seat, f.kind.value, f.amount] for f in started.forced],
    }
    if scale != 1:
        extra[SCALE_FIELD] = scale
    absent = [p.seat for p in started.seats if p.absent]
    if absent:
        extra[SITTING_OUT_FIELD] = absent
    comment = [f"croupier hand under the {rules.name} rules (_croupier_rules)"]
    if rules.structure is BettingStructure.POT_LIMIT:
        comment.append(
            "pot-limit hold'em has no PHH variant code: written as NT (no-limit), every"
            " pot-limit action being a legal no-limit one; croupier reads it back as pot-limit"
        )
    written = PHHHand(
        variant=_CODES[rules.structure],
        antes=tuple(antes),
        starting_stacks=tuple(by_seat[s].stack for s in order),
        actions=tuple(actions),
        scale=scale,
        ante_trimming_status=rules.ante_pot is not AntePot.DEAD_MONEY,
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
        extra=extra,
    )
    differs = _standard_reading(written, lost, turns) if hand.is_over else None
    if differs is not None:
        extra[DIFFERS_FIELD] = differs
        comment.append(f"PHH readers compute otherwise: {differs}")
    return replace(written, extra=extra, header_comment="\n".join(comment))


def _standard_reading(written: PHHHand, lost: list[str], turns: str) -> str | None:
    """How a PHH reader's reading of the standard fields departs from the hand, or None."""
    result = replay_phh(written, standard=True)
    rules = Rules.from_dict(dict(written.extra[RULES_FIELD]))
    knobs = _differing_knobs(rules)
    why = "; ".join(lost + ([f"{rules.name} rules: " + ", ".join(knobs)] if knobs else []))
    because = f" ({why})" if why else ""
    if turns and result.error is None:
        return f"{turns}{because}"
    if result.error is not None:
        return f"the standard cannot play these actions: {result.error}{because}"
    ours = [written.to_amount(s) for s in written.finishing_stacks or ()]
    theirs = list(result.finishing_stacks or ())
    if result.unfinished or theirs != ours:
        shown = ", ".join(str(s) for s in theirs)
        return f"under the standard these actions end with the stacks [{shown}]{because}"
    return None
