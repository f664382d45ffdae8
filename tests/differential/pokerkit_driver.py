"""Play the same hand in croupier and in PokerKit, decision by decision, and compare.

A :class:`Deal` fixes everything a hand depends on except the decisions: the betting
structure, the blinds, antes and bet sizes, the stacks, the rake and the deck.
:func:`play` deals it in both engines (PokerKit gets the very cards croupier dealt),
then at each decision compares what each engine says is legal, lets a chooser pick an
action that both accept, plays it in both, checks that both agree on who acts next, and
at the end compares the final stacks to the chip.

Seats: PokerKit's player index ``i`` is croupier's seat ``i + 1`` and the button is the
last seat. With three or more players index 0 posts the small blind and index 1 the big
blind; heads-up PokerKit reverses the blinds (and the antes), so index 1, the button,
posts the small blind and index 0 the big blind, which is what croupier does too
(POK-7-11). Croupier gets the forced bets explicitly so that they mirror PokerKit's.

Run it as a script for a report of counts and examples (docs/pokerkit.md)::

    .venv/bin/python tests/differential/pokerkit_driver.py --hands 5000 --seed 1
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, partial
from typing import Any, ClassVar, NamedTuple

from pokerkit import (
    Automation,
    FixedLimitTexasHoldem,
    Mode,
    NoLimitTexasHoldem,
    StandardHighHand,
    State,
)
from pokerkit.games import PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem
from pokerkit.hands import Hand as PokerKitHand
from pokerkit.utilities import rake as pokerkit_rake

from croupier.cards import Deck
from croupier.engine import (
    Action,
    ActionKind,
    BetsGathered,
    ForcedBet,
    ForcedKind,
    Hand,
    LegalActions,
    Phase,
    SeatSetup,
)
from croupier.rules import BettingStructure, Rake, Rules, phh

__all__ = [
    "AUTOMATIONS",
    "DESIGN_DIFFERENCES",
    "RAKE_RATE",
    "Chooser",
    "Deal",
    "Options",
    "Outcome",
    "Played",
    "croupier_hand",
    "croupier_rules",
    "passive",
    "play",
    "pokerkit_state",
    "random_chooser",
    "random_deal",
    "run",
    "scripted",
]

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
"""What PokerKit does by itself. The cards (hole cards, burns, board) are dealt by the
driver with the cards croupier dealt: an automated burn would draw a random card from
PokerKit's own shuffled deck, perhaps one that croupier deals later. Hands are shown
by the driver too (every hand, as croupier's players do here), which is also what
PokerKit's showing automation does for any hand that can win."""

DESIGN_DIFFERENCES = {
    "fold-when-free": (
        "croupier lets a player fold when checking is free; PokerKit in tournament mode"
        " refuses ('There is no reason for this player to fold'), in cash-game mode warns"
    ),
    "needless-check": (
        "everyone else is all-in and the player's bet already matches: croupier asks him"
        " nothing, PokerKit waits for his check"
    ),
    "rake-uncontested": (
        "when everyone folds, PokerKit leaves the winner's last-round bet out of the pot"
        " and so does not rake it; croupier rakes the called part of it"
    ),
}
"""Disagreements that are by design (docs/pokerkit.md): counted, and the only ones allowed."""

RAKE_RATE = Fraction(1, 25)
"""4 %: ``pot * 0.04`` is never a half, so PokerKit's float ``round`` (half to even) and
croupier's exact rounding (half up) agree on every pot."""


@dataclass(frozen=True, slots=True)
class Deal:
    """Everything a hand depends on except the players' decisions.

    Lists are by PokerKit player index (croupier seat = index + 1; the button is last).
    ``min_bet`` is the no-limit minimum bet; ``small_bet``/``big_bet`` the fixed-limit
    sizes; ``antes`` who pays what ante (empty: nobody).
    """

    structure: BettingStructure
    small_blind: int
    big_blind: int
    stacks: tuple[int, ...]
    deck: Deck
    antes: tuple[int, ...] = ()
    ante_trimming: bool = True
    min_bet: int = 0
    small_bet: int = 0
    big_bet: int = 0
    rake: bool = False
    rake_cap: int | None = None
    no_flop_no_drop: bool = False
    straddle: int = 0
    """A live straddle posted by index 2 (croupier seat 3); never in random deals."""

    @property
    def players(self) -> int:
        return len(self.stacks)

    @property
    def small_blind_index(self) -> int:
        return 1 if self.players == 2 else 0

    @property
    def big_blind_index(self) -> int:
        return 0 if self.players == 2 else 1

    def describe(self) -> str:
        """One line that, with the deck, rebuilds the deal."""
        parts = [
            f"{self.structure.value} {self.small_blind}/{self.big_blind}",
            f"stacks={list(self.stacks)}",
        ]
        if any(self.antes):
            parts.append(f"antes={list(self.antes)} trimming={self.ante_trimming}")
        if self.structure is not BettingStructure.FIXED_LIMIT and self.min_bet != self.big_blind:
            parts.append(f"min_bet={self.min_bet}")
        if self.structure is BettingStructure.FIXED_LIMIT:
            parts.append(f"bets={self.small_bet}/{self.big_bet}")
        if self.straddle:
            parts.append(f"straddle={self.straddle}")
        if self.rake:
            parts.append(f"rake={RAKE_RATE} cap={self.rake_cap}")
            if self.no_flop_no_drop:
                parts.append("no-flop-no-drop")
        return " ".join(parts)


# ---------------------------------------------------------------------- building
class _MemoHighHand(StandardHighHand):
    """PokerKit's own high-hand evaluation, remembered per (hole cards, board).

    PokerKit evaluates every live hand again for each player when it decides which
    hands to kill and which pots they win (quadratic in the players, ~0.5 ms an
    evaluation), and looks a hand's rank up again at every comparison: remembering
    both makes the differential several times faster without changing any result.
    """

    _memo: ClassVar[dict[tuple[tuple[Any, ...], tuple[Any, ...]], PokerKitHand]] = {}

    @cached_property
    def entry(self) -> Any:
        return super().entry

    @classmethod
    def from_game(cls, hole_cards: Any, board_cards: Any = ()) -> PokerKitHand:
        hole, board = tuple(hole_cards), tuple(board_cards)
        hand = cls._memo.get((hole, board))
        if hand is None:
            if len(cls._memo) > 100_000:
                cls._memo.clear()
            hand = cls._memo[hole, board] = super().from_game(hole, board)
        return hand


class _NoLimit(NoLimitTexasHoldem):
    hand_types = (_MemoHighHand,)


class _FixedLimit(FixedLimitTexasHoldem):
    hand_types = (_MemoHighHand,)


class _PotLimit(PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem):
    """Pot-limit Texas hold'em, which PokerKit 0.7.7 does not name, from its own parts
    (as it builds ``PotLimitOmahaHoldem``): no-limit hold'em with the pot-limit mixin."""

    hand_types = (_MemoHighHand,)


def croupier_rules(deal: Deal) -> Rules:
    """The croupier rules value that matches PokerKit's reading of ``deal``."""
    rules = phh(
        deal.structure,
        deal.small_blind,
        deal.big_blind,
        ante=max(deal.antes, default=0),
        ante_trimming=deal.ante_trimming,
        min_bet=deal.min_bet,
        small_bet=deal.small_bet,
        big_bet=deal.big_bet,
    )
    if deal.rake:
        rake = Rake(RAKE_RATE, cap=deal.rake_cap, no_flop_no_drop=deal.no_flop_no_drop)
        rules = rules.but(rake=rake)
    return rules


def forced_bets(deal: Deal) -> list[ForcedBet]:
    """PokerKit's antes and blinds as croupier forced bets (seat = index + 1)."""
    bets = [ForcedBet(i + 1, ForcedKind.ANTE, a) for i, a in enumerate(deal.antes) if a]
    bets.append(ForcedBet(deal.small_blind_index + 1, ForcedKind.SMALL_BLIND, deal.small_blind))
    bets.append(ForcedBet(deal.big_blind_index + 1, ForcedKind.BIG_BLIND, deal.big_blind))
    if deal.straddle:
        bets.append(ForcedBet(3, ForcedKind.STRADDLE, deal.straddle))
    return bets


def croupier_hand(deal: Deal) -> Hand:
    """The hand in croupier: seats 1..N, the button on seat N."""
    return Hand(
        rules=croupier_rules(deal),
        seats=[SeatSetup(i + 1, f"p{i + 1}", s) for i, s in enumerate(deal.stacks)],
        button=deal.players,
        deck=deal.deck,
        forced_bets=forced_bets(deal),
    )


def pokerkit_state(deal: Deal) -> State:
    """The hand in PokerKit (tournament mode), before its hole cards are dealt."""
    antes: tuple[int, ...] | int = deal.antes or 0
    if deal.players == 2:  # heads-up PokerKit reads the antes, like the blinds, reversed
        antes = deal.antes[::-1] or 0
    blinds: tuple[int, ...] = (deal.small_blind, deal.big_blind)
    if deal.straddle:
        blinds += (deal.straddle,)
    rake: Callable[..., tuple[int, int]] = pokerkit_rake
    if deal.rake:
        rake = partial(
            pokerkit_rake,
            percentage=float(RAKE_RATE),
            cap=float("inf") if deal.rake_cap is None else deal.rake_cap,
            no_flop_no_drop=deal.no_flop_no_drop,
        )
    game: FixedLimitTexasHoldem | UnfixedLimitHoldem
    if deal.structure is BettingStructure.FIXED_LIMIT:
        game = _FixedLimit(
            AUTOMATIONS,
            deal.ante_trimming,
            antes,
            blinds,
            deal.small_bet,
            deal.big_bet,
            mode=Mode.TOURNAMENT,
            rake=rake,
        )
    else:
        kind = _PotLimit if deal.structure is BettingStructure.POT_LIMIT else _NoLimit
        game = kind(
            AUTOMATIONS,
            deal.ante_trimming,
            antes,
            blinds,
            deal.min_bet,
            mode=Mode.TOURNAMENT,
            rake=rake,
        )
    return game(deal.stacks, deal.players)


def random_deal(rng: random.Random, structure: BettingStructure) -> Deal:
    """A random deal: 2-10 players, tiny to huge stacks, antes and odd blinds sometimes.

    Raked deals give everyone the same stack and no big-blind ante, so that the hand has
    one pot (PokerKit rakes side pots as it splits them: see DESIGN_DIFFERENCES).
    """
    players = rng.randint(2, 10)
    big_blind = rng.choice((2, 2, 2, 3, 10, 25, 100))
    small_blind = big_blind // 2 if rng.random() < 0.7 else rng.randint(1, big_blind - 1)
    rake = rng.random() < 0.2
    if rake:
        stacks = (_random_stack(rng, big_blind),) * players
    else:
        stacks = tuple(_random_stack(rng, big_blind) for _ in range(players))
    antes: tuple[int, ...] = ()
    trimming = True
    if rng.random() < 0.3:
        ante = rng.randint(1, big_blind)
        if rake or rng.random() < 0.7:
            antes = (ante,) * players
            trimming = rng.random() < 0.5
        else:  # a big-blind ante, dead money (trimmed, PokerKit would return a lone ante)
            big_index = 0 if players == 2 else 1
            antes = tuple(ante if i == big_index else 0 for i in range(players))
            trimming = False
    if not trimming:
        stacks = tuple(max(s, a + 1) for s, a in zip(stacks, antes, strict=True))
    min_bet = small_bet = big_bet = 0
    if structure is not BettingStructure.FIXED_LIMIT:
        min_bet = big_blind if rng.random() < 0.85 else rng.randint(big_blind + 1, 3 * big_blind)
    else:
        size = rng.random()
        if size < 0.7:
            small_bet, big_bet = big_blind, 2 * big_blind
        elif size < 0.85:
            small_bet, big_bet = 2 * big_blind, 4 * big_blind
        else:  # any sizes at all
            small_bet = rng.randint(1, 3 * big_blind)
            big_bet = rng.randint(small_bet, 3 * small_bet)
    return Deal(
        structure=structure,
        small_blind=small_blind,
        big_blind=big_blind,
        stacks=stacks,
        deck=Deck.shuffled(rng),
        antes=antes,
        ante_trimming=trimming,
        min_bet=min_bet,
        small_bet=small_bet,
        big_bet=big_bet,
        rake=rake,
        no_flop_no_drop=rake and rng.random() < 0.5,
    )


def _random_stack(rng: random.Random, big_blind: int) -> int:
    kind = rng.random()
    if kind < 0.3:  # tiny: often less than a blind or an ante, all-in at once
        return rng.randint(1, 3 * big_blind)
    if kind < 0.6:
        return rng.randint(3 * big_blind, 30 * big_blind)
    if kind < 0.9:
        return rng.randint(30 * big_blind, 300 * big_blind)
    return rng.randint(1_000 * big_blind, 1_000_000 * big_blind)  # huge


# ---------------------------------------------------------------------- options
class Options(NamedTuple):
    """The legal options at a decision, in the same terms for both engines."""

    fold: bool
    call: int
    """Chips to call; 0 when checking is free."""
    raise_to: tuple[int, int] | None
    """Smallest and largest bet or raise (to), or None when neither is allowed."""


def croupier_options(legal: LegalActions) -> Options:
    raising = None
    if legal.min_raise_to is not None and legal.max_raise_to is not None:
        raising = (legal.min_raise_to, legal.max_raise_to)
    return Options(legal.fold, legal.call or 0, raising)


def pokerkit_options(state: State) -> Options:
    call = state.checking_or_calling_amount
    assert call is not None, "PokerKit refuses to check or call"
    low = state.min_completion_betting_or_raising_to_amount
    high = state.max_completion_betting_or_raising_to_amount
    return Options(state.can_fold(), call, None if low is None or high is None else (low, high))


def compare(ours: Options, theirs: Options) -> list[str]:
    """The categories in which croupier (``ours``) and PokerKit disagree at one decision."""
    found = []
    if ours.fold != theirs.fold:
        free = ours.call == 0 and theirs.call == 0
        found.append("fold-when-free" if free and ours.fold else "fold")
    if ours.call != theirs.call:
        found.append("check-or-call-amount")
    if (ours.raise_to is None) != (theirs.raise_to is None):
        found.append("can-raise")
    elif ours.raise_to is not None and theirs.raise_to is not None:
        if ours.raise_to[0] != theirs.raise_to[0]:
            found.append("min-raise-to")
        if ours.raise_to[1] != theirs.raise_to[1]:
            found.append("max-raise-to")
    return found


def agreed(ours: Options, theirs: Options) -> Options:
    """What both engines accept."""
    raising = None
    if ours.raise_to is not None and theirs.raise_to is not None:
        low = max(ours.raise_to[0], theirs.raise_to[0])
        high = min(ours.raise_to[1], theirs.raise_to[1])
        if low <= high:
            raising = (low, high)
    return Options(ours.fold and theirs.fold, ours.call, raising)


# ---------------------------------------------------------------------- choosers
Chooser = Callable[[LegalActions, Options], Action]
"""Picks the next action from croupier's legal actions and the options both accept."""


def random_chooser(rng: random.Random) -> Chooser:
    """Random actions both engines accept, weighted toward betting and all-ins."""

    def choose(legal: LegalActions, both: Options) -> Action:
        choices: list[tuple[float, Action]] = []
        if both.fold:
            choices.append((1.0, Action.fold()))
        choices.append((3.0, Action.check() if legal.check else Action.call()))
        if both.raise_to is not None:
            low, high = both.raise_to
            choices.append((1.2, Action.raise_to(low)))
            choices.append((0.6, Action.raise_to(high)))
            if high > low + 1:
                choices.append((1.2, Action.raise_to(rng.randint(low + 1, high - 1))))
        total = legal.stack + legal.bet
        if legal.all_in is not None and (
            legal.call == legal.stack
            or (both.raise_to is not None and both.raise_to[0] <= total <= both.raise_to[1])
        ):
            choices.append((0.5, Action.all_in()))
        pick = rng.random() * sum(weight for weight, _ in choices)
        for weight, action in choices:
            pick -= weight
            if pick < 0:
                return action
        return choices[-1][1]

    return choose


def passive(legal: LegalActions, both: Options) -> Action:
    """Check or call, always."""
    return Action.check() if legal.check else Action.call()


def scripted(actions: Sequence[Action]) -> Chooser:
    """These actions in order, then check or call."""
    queue = list(actions)

    def choose(legal: LegalActions, both: Options) -> Action:
        return queue.pop(0) if queue else passive(legal, both)

    return choose


# ---------------------------------------------------------------------- playing
@dataclass(slots=True)
class Outcome:
    """What a run of hands saw and found."""

    hands: int = 0
    decisions: int = 0
    showdowns: int = 0
    all_ins: int = 0
    short_all_ins: int = 0
    side_pots: int = 0
    heads_up: int = 0
    antes: int = 0
    raked: int = 0
    actions: Counter[str] = field(default_factory=Counter)
    disagreements: Counter[str] = field(default_factory=Counter)
    examples: dict[str, str] = field(default_factory=dict)

    def disagree(self, category: str, example: str) -> None:
        self.disagreements[category] += 1
        self.examples.setdefault(category, example)

    def add(self, other: Outcome) -> None:
        for name in ("hands", "decisions", "showdowns", "all_ins", "short_all_ins"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in ("side_pots", "heads_up", "antes", "raked"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.actions.update(other.actions)
        self.disagreements.update(other.disagreements)
        for category, example in other.examples.items():
            self.examples.setdefault(category, example)


class Played(NamedTuple):
    """A hand played in both engines."""

    hand: Hand
    state: State
    outcome: Outcome


class _Table:
    """Both engines at one hand, and the cards croupier dealt, fed to PokerKit."""

    def __init__(self, deal: Deal) -> None:
        self.deal = deal
        self.hand = croupier_hand(deal)
        self.state = pokerkit_state(deal)
        self.position = 2 * deal.players  # the hole cards, then burn + board per street
        self.log: list[str] = []

    def where(self, what: str) -> str:
        deck = " ".join(str(c) for c in self.deal.deck[: 2 * self.deal.players + 8])
        return (
            f"{what}\n  deal: {self.deal.describe()}\n  deck: {deck} ..."
            f"\n  actions: {', '.join(self.log)}"
        )

    def deal_cards(self) -> None:
        """Deal PokerKit what croupier dealt, and show its hands when it asks."""
        state, deck = self.state, self.deal.deck
        while True:
            if state.hole_dealee_index is not None:
                seat = state.hole_dealee_index + 1
                state.deal_hole("".join(map(str, self.hand.hole_cards(seat))))
            elif state.card_burning_status:
                state.burn_card(str(deck[self.position]))
                self.position += 1
            elif state.board_dealing_count is not None:
                count = state.board_dealing_count
                state.deal_board("".join(map(str, deck[self.position : self.position + count])))
                self.position += count
            elif state.showdown_index is not None:
                state.show_or_muck_hole_cards(True)
            else:
                return

    def skip_needless_checks(self, outcome: Outcome) -> None:
        """Check for PokerKit's player when croupier sees no decision to make."""
        hand, state = self.hand, self.state
        ours = hand.to_act - 1 if hand.phase is Phase.BETTING and hand.to_act else None
        while state.actor_index is not None and state.actor_index != ours:
            if state.checking_or_calling_amount != 0 or state.can_complete_bet_or_raise_to():
                return  # a real decision: play() reports the turn mismatch
            outcome.disagree("needless-check", self.where(f"index {state.actor_index} checks"))
            state.check_or_call()
            self.deal_cards()

    def act(self, seat: int, action: Action, outcome: Outcome) -> None:
        state = self.state
        assert state.street is not None
        full_to = max(state.bets) + max(
            state.completion_betting_or_raising_amount,
            state.street.min_completion_betting_or_raising_amount,
        )
        move = self.hand.act(seat, action)
        if move.kind is ActionKind.FOLD:
            state.fold()
        elif move.kind in (ActionKind.CHECK, ActionKind.CALL):
            state.check_or_call()
        else:
            state.complete_bet_or_raise_to(move.to)
        self.log.append(f"{seat}: {action!r}")
        outcome.decisions += 1
        outcome.actions[move.kind.value + (" all-in" if move.all_in else "")] += 1
        outcome.all_ins += move.all_in
        if move.all_in and move.kind in (ActionKind.BET, ActionKind.RAISE) and move.to < full_to:
            outcome.short_all_ins += 1
        self.deal_cards()


def play(
    deal: Deal, choose: Chooser, outcome: Outcome | None = None, *, settle: bool = True
) -> Played:
    """Play ``deal`` in both engines, ``choose`` deciding; compare at every step.

    Raises AssertionError when the engines disagree on whose turn it is, on the board or
    (with ``settle``) on the final stacks beyond the design differences, which are
    counted; or when croupier does not conserve chips.
    """
    outcome = outcome if outcome is not None else Outcome()
    table = _Table(deal)
    hand, state = table.hand, table.state
    start = sum(deal.stacks)
    table.deal_cards()
    while True:
        table.skip_needless_checks(outcome)
        if hand.is_over:
            break
        seat = hand.to_act
        assert seat is not None
        legal = hand.legal_actions()
        if legal.show:  # every hand is shown: PokerKit shows all that can win
            assert state.actor_index is None, table.where("PokerKit is still betting")
            hand.act(seat, Action.show())
            continue
        assert state.actor_index == seat - 1, table.where(
            f"croupier's turn is seat {seat}, PokerKit's is index {state.actor_index}"
        )
        ours, theirs = croupier_options(legal), pokerkit_options(state)
        for category in compare(ours, theirs):
            outcome.disagree(
                category, table.where(f"seat {seat}: croupier {ours}, PokerKit {theirs}")
            )
        table.act(seat, choose(legal, agreed(ours, theirs)), outcome)
        assert hand.total_in_play == start, table.where("croupier lost or made chips")
    assert not state.status, table.where("PokerKit's hand is not over")
    assert sum(hand.stacks.values()) + hand.rake == start, table.where("chips not conserved")
    board = [repr(c) for c in state.get_board_cards(0)]
    assert board == [str(c) for c in hand.board], table.where(f"boards differ: {board}")
    if settle:
        _compare_stacks(table, outcome)
    _count(hand, outcome)
    return Played(hand, state, outcome)


def _compare_stacks(table: _Table, outcome: Outcome) -> None:
    hand, state = table.hand, table.state
    theirs = {i + 1: s for i, s in enumerate(state.stacks)}
    ours = hand.stacks
    their_rake = sum(table.deal.stacks) - sum(state.stacks)
    if their_rake != hand.rake and _won_uncontested(hand):
        outcome.disagree(
            "rake-uncontested", table.where(f"rake: croupier {hand.rake}, PokerKit {their_rake}")
        )
        assert hand.rake > their_rake, table.where("PokerKit rakes more")
        (winner,) = (s.seat for s in hand.seats if not hand.is_folded(s.seat))
        ours[winner] += hand.rake - their_rake
    assert ours == theirs, table.where(f"final stacks: croupier {hand.stacks}, PokerKit {theirs}")


def _won_uncontested(hand: Hand) -> bool:
    return sum(1 for s in hand.seats if not hand.is_folded(s.seat)) == 1


def _count(hand: Hand, outcome: Outcome) -> None:
    outcome.hands += 1
    outcome.showdowns += sum(hand.has_shown(s.seat) for s in hand.seats) > 1
    gathered = [e for e in hand.events if isinstance(e, BetsGathered)]
    outcome.side_pots += bool(gathered) and len(gathered[-1].pots) > 1
    outcome.heads_up += len(hand.seats) == 2
    outcome.antes += bool(hand.rules.stakes.ante)
    outcome.raked += bool(hand.rules.rake.rate)


def run(seed: int, hands: int, structure: BettingStructure) -> Outcome:
    """Play ``hands`` random deals of ``structure`` with random decisions, from ``seed``."""
    rng = random.Random(seed)
    choose = random_chooser(rng)
    outcome = Outcome()
    for _ in range(hands):
        play(random_deal(rng, structure), choose, outcome)
    return outcome


def _main(argv: list[str] | None = None) -> None:
    import argparse
    import time

    parser = argparse.ArgumentParser(description="croupier against PokerKit: counts")
    parser.add_argument("--hands", type=int, default=2_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for structure in BettingStructure:
        begin = time.perf_counter()
        outcome = run(args.seed, args.hands, structure)
        seconds = time.perf_counter() - begin
        print(f"{structure.value}: {seconds:.1f} s")
        for name in ("hands", "decisions", "showdowns", "all_ins", "short_all_ins"):
            print(f"  {name}: {getattr(outcome, name)}")
        for name in ("side_pots", "heads_up", "antes", "raked"):
            print(f"  {name}: {getattr(outcome, name)}")
        print("  actions:", dict(outcome.actions.most_common()))
        for category, count in outcome.disagreements.most_common():
            print(f"  {category}: {count}\n    {outcome.examples[category]}")


if __name__ == "__main__":
    _main()
