"""Bots: they see only their own view, play only legal actions, replay by seed, and the
reasonable one beats the random one and the calling station."""

from __future__ import annotations

import doctest
import importlib
import random
import zlib
from collections import Counter

import pytest

from _hands import make_hand, play
from _random_play import PRESET_BUILDERS, random_hand
from croupier.bots import (
    BOTS,
    Bot,
    CallingStation,
    RandomBot,
    ReasonableBot,
    chen_score,
    is_nuts,
    make_bot,
)
from croupier.cards import Card, parse_cards
from croupier.engine import Action, ActionKind, Hand, HandStarted, HandView, HoleDealt, LegalActions
from croupier.errors import ConfigurationError
from croupier.rules import Rules, casino_fr, pokcomm, pokerkings, tda
from croupier.simulate import simulate

KINDS = sorted(BOTS)


class Spy(Bot):
    """Plays like ``inner`` and keeps every object it is given."""

    def __init__(self, inner: Bot) -> None:
        super().__init__(seed=0)
        self.inner = inner
        self.kind = inner.kind  # type: ignore[misc]
        self.seen: list[object] = []

    def act(self, view: HandView) -> Action:
        self.seen.append(view)
        return self.inner.act(view)

    def decide(self, view: HandView, legal: LegalActions) -> Action:  # pragma: no cover
        return self.inner.decide(view, legal)


def _stacks(rng: random.Random, n: int) -> list[int]:
    """A mix of tiny, short, medium and deep stacks."""
    return [
        rng.choice([rng.randint(1, 150), rng.randint(150, 1_500), rng.randint(1_500, 30_000)])
        for _ in range(n)
    ]


def _drive(hand: Hand, bots: dict[int, Bot], counts: Counter[str] | None = None) -> None:
    """Play ``hand`` with ``bots``, checking every action against the view's legal set."""
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        view = hand.view(seat)
        action = bots[seat].act(view)
        assert view.legal is not None and action in view.legal, (bots[seat], action, view.legal)
        hand.act(seat, action)
        if counts is not None:
            counts[bots[seat].kind] += 1


# ------------------------------------------------------------------ legality


@pytest.mark.parametrize("name", sorted(PRESET_BUILDERS))
def test_every_action_a_bot_returns_is_legal(name: str) -> None:
    rules = PRESET_BUILDERS[name]()
    rng = random.Random(zlib.crc32(name.encode()))
    players = [make_bot(KINDS[i % 3], seed=i) for i in range(30)]  # kept across hands
    counts: Counter[str] = Counter()
    hands = 0
    while min(counts[k] for k in KINDS) < 200:
        hand = random_hand(rng, rules, _stacks(rng, rng.randint(2, 10)), absent_chance=0.05)
        bots = {s.seat: rng.choice(players) for s in hand.seats}
        _drive(hand, bots, counts)
        start = sum(hand.starting_stacks.values())
        assert sum(hand.stacks.values()) + hand.rake == start
        hands += 1
    assert sum(counts.values()) >= 600 and hands < 2_000


def test_bots_play_the_option_and_the_showdown() -> None:
    """The option (CAS-14) and show/muck decisions come up, and every answer is legal."""
    rules = casino_fr("no-limit", 100, 200, option=True)
    rng = random.Random(5)
    showdowns = options = 0
    for i in range(150):
        hand = random_hand(rng, rules, [20_000] * rng.randint(4, 8))
        options += any(getattr(e, "kind", None) == "straddle" for e in hand.events)
        bots = {s.seat: make_bot(KINDS[(i + s.seat) % 3], seed=i) for s in hand.seats}
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            view = hand.view(seat)
            action = bots[seat].act(view)
            assert view.legal is not None and action in view.legal
            showdowns += action.kind in (ActionKind.SHOW, ActionKind.MUCK)
            hand.act(seat, action)
    assert options > 20 and showdowns > 20


# ------------------------------------------------------------------ privacy


def test_bots_only_ever_receive_their_own_view() -> None:
    spies = [Spy(make_bot(kind, seed=3)) for kind in ("reasonable", "random", "station")]
    result = simulate(hands=40, preset="casino-fr", bots=spies, seed=3)
    assert result.chips_conserved
    for seat, spy in enumerate(spies, start=1):
        assert spy.seen
        for view in spy.seen:
            assert type(view) is HandView
            assert view.viewer == seat and view.legal is not None
            started = view.events[0]
            assert isinstance(started, HandStarted) and started.deck == ()
            shown: set[Card] = set()
            for other in view.seats:
                if other.seat == seat:
                    assert other.cards is not None and len(other.cards) == 2
                    shown.update(other.cards)
                elif other.shown:
                    assert other.cards is not None
                    shown.update(other.cards)
                else:
                    assert other.cards is None
            for event in view.events:
                if isinstance(event, HoleDealt) and event.seat != seat:
                    assert event.cards is None
            assert view.visible_cards() <= shown | set(view.board)


def test_a_bot_refuses_anything_but_a_view() -> None:
    hand = make_hand(tda(50, 100), [1_000, 1_000])
    for kind in KINDS:
        bot = make_bot(kind, seed=1)
        with pytest.raises(TypeError, match="HandView"):
            bot.act(hand)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="not seat"):
            bot.act(hand.view(1 - hand.to_act))  # type: ignore[operator]


# ------------------------------------------------------------------ determinism


def _session(seed: int) -> list[tuple[int, Action]]:
    """Every action of 30 hands at a table of the three bots, seeded with ``seed``."""
    rng = random.Random(seed)
    bots = {i: make_bot(KINDS[i % 3], seed=seed + i) for i in range(6)}
    actions: list[tuple[int, Action]] = []
    for _ in range(30):
        hand = random_hand(rng, tda(50, 100), [5_000] * 6)
        mapping = dict(zip((s.seat for s in hand.seats), bots.values(), strict=True))
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            action = mapping[seat].act(hand.view(seat))
            actions.append((seat, action))
            hand.act(seat, action)
    return actions


def test_same_seed_same_play() -> None:
    first = _session(11)
    assert first == _session(11)
    assert first != _session(12)


@pytest.mark.parametrize("kind", KINDS)
def test_a_bot_depends_only_on_its_seed_and_the_view(kind: str) -> None:
    rng = random.Random(4)
    views = []
    for _ in range(40):
        hand = random_hand(rng, tda(50, 100), [3_000, 3_000, 3_000])
        driver = CallingStation()
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            views.append(hand.view(seat))
            hand.act(seat, driver.act(views[-1]))
    a, b = make_bot(kind, seed=9), make_bot(kind, seed=9)
    assert [a.act(v) for v in views] == [b.act(v) for v in views]


def test_the_random_bot_tries_every_option() -> None:
    rng = random.Random(2)
    bot = RandomBot(seed=2)
    kinds: Counter[ActionKind] = Counter()
    amounts: set[int] = set()
    for _ in range(100):
        hand = random_hand(rng, tda(50, 100), [10_000] * 3)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            view = hand.view(seat)
            action = bot.act(view)
            assert view.legal is not None and action in view.legal
            assert not (action.kind is ActionKind.FOLD and view.legal.check)
            kinds[action.kind] += 1
            if action.amount is not None:
                amounts.add(action.amount)
            hand.act(seat, action)
    assert {ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.ALL_IN} <= set(kinds)
    assert kinds[ActionKind.RAISE_TO] > 20 and len(amounts) > 20


def test_the_calling_station_never_raises_nor_folds_a_call() -> None:
    rng = random.Random(3)
    for _ in range(60):
        hand = random_hand(rng, pokcomm(25, 50), _stacks(rng, 4))
        station = CallingStation(seed=1)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            view = hand.view(seat)
            action = station.act(view)
            assert view.legal is not None
            if view.legal.show or view.legal.muck:
                assert action.kind in (ActionKind.SHOW, ActionKind.MUCK)
            else:
                expected = Action.check() if view.legal.check else Action.call()
                assert action == expected
            hand.act(seat, action)


def test_make_bot_and_the_registry() -> None:
    assert set(BOTS) == {"random", "station", "reasonable"}
    assert isinstance(make_bot("random", 1), RandomBot)
    assert isinstance(make_bot("station", 1), CallingStation)
    assert isinstance(make_bot("reasonable", 1), ReasonableBot)
    with pytest.raises(ConfigurationError, match="choose one of random, reasonable, station"):
        make_bot("shark", 1)


# ------------------------------------------------------------------ strength


@pytest.mark.parametrize(
    ("cards", "score"),
    [("AsAh", 20), ("KdKc", 16), ("AsKs", 12), ("AsKd", 10), ("JhTh", 9), ("7c2d", -1)],
)
def test_chen_scores(cards: str, score: int) -> None:
    first, second = parse_cards(cards)
    assert chen_score(first, second) == score == chen_score(second, first)


def _six_max(holes: dict[int, str], board: str = "", rules: Rules | None = None) -> Hand:
    """Seats 0-5, 10,000 each, button 0: the small blind is 1, the big blind 2, 3 acts first."""
    return make_hand(rules or tda(50, 100), [10_000] * 6, button=0, holes=holes, board=board)


@pytest.mark.parametrize("seed", range(10))
def test_folds_seven_deuce_facing_a_big_raise(seed: int) -> None:
    hand = _six_max({4: "7c2d", 2: "7h2s"})
    play(hand, "3: raise 1000")
    assert ReasonableBot(seed=seed).act(hand.view(4)) == Action.fold()
    play(hand, "4: fold, 5: fold, 0: fold, 1: fold")
    assert ReasonableBot(seed=seed).act(hand.view(2)) == Action.fold()  # in the big blind too


@pytest.mark.parametrize("seed", range(10))
def test_raises_aces_and_calls_an_all_in_with_them(seed: int) -> None:
    hand = _six_max({3: "AsAh", 4: "AdAc"})
    action = ReasonableBot(seed=seed).act(hand.view(3))
    assert action.kind is ActionKind.RAISE_TO and action.amount is not None
    assert 250 <= action.amount <= 400  # about three big blinds
    play(hand, "3: all-in")
    assert ReasonableBot(seed=seed).act(hand.view(4)).kind in (ActionKind.CALL, ActionKind.ALL_IN)


def test_checks_its_big_blind_when_free() -> None:
    hand = _six_max({2: "7c2d"})
    play(hand, "3: call, 4: fold, 5: fold, 0: fold, 1: call")
    assert ReasonableBot(seed=1).act(hand.view(2)) == Action.check()


def _river(rules: Rules, holes: dict[int, str], board: str) -> Hand:
    """Heads-up, checked to the river, where seat 1 bets all-in; seat 0 to act."""
    hand = make_hand(rules, [5_000, 5_000], button=0, holes=holes, board=board)
    play(hand, "0: call, 1: check")
    play(hand, "1: check, 0: check, 1: check, 0: check")
    assert hand.street == 3
    legal = hand.legal_actions()
    hand.act(
        1, Action.all_in() if legal.all_in is not None else Action.raise_to(legal.max_raise_to)
    )  # type: ignore[arg-type]
    return hand


@pytest.mark.parametrize(
    "rules", [tda(50, 100), casino_fr("pot-limit", 100, 200), pokerkings(15, 30)]
)
@pytest.mark.parametrize("seed", range(5))
def test_never_folds_the_nuts(rules: Rules, seed: int) -> None:
    hand = _river(rules, {0: "2c2d", 1: "AsKs"}, "9c8d2s2hKc")
    assert is_nuts(parse_cards("2c2d"), parse_cards("9c8d2s2hKc"))  # type: ignore[arg-type]
    action = ReasonableBot(seed=seed).act(hand.view(0))
    assert action.kind in (ActionKind.CALL, ActionKind.ALL_IN, ActionKind.RAISE_TO)


@pytest.mark.parametrize("seed", range(5))
def test_folds_a_hand_that_only_plays_the_board_facing_an_all_in(seed: int) -> None:
    hand = _river(tda(50, 100), {0: "7c3d", 1: "AsKs"}, "AhKhQhJs9d")
    assert ReasonableBot(seed=seed).act(hand.view(0)) == Action.fold()


def _called_on_the_river(holes: dict[int, str], board: str) -> Hand:
    """Heads-up under TDA: seat 1 bets the river, seat 0 calls; seat 1 shows first."""
    hand = make_hand(tda(50, 100), [5_000, 5_000], button=0, holes=holes, board=board)
    play(hand, "0: call, 1: check, 1: check, 0: check, 1: check, 0: check, 1: bet 100, 0: call")
    return hand


@pytest.mark.parametrize("kind", KINDS)
def test_the_called_hand_is_shown(kind: str) -> None:
    hand = _called_on_the_river({0: "AsAh", 1: "7c2d"}, "Kd9h5s4c3h")
    assert hand.to_act == 1 and not hand.legal_actions().muck  # TDA R18-B: must show
    assert make_bot(kind, seed=1).act(hand.view(1)) == Action.show()


@pytest.mark.parametrize("kind", ["reasonable", "station"])
def test_shows_a_winner_and_mucks_a_loser(kind: str) -> None:
    hand = _called_on_the_river({0: "AsAh", 1: "7c2d"}, "Kd9h5s4c3h")
    hand.act(1, Action.show())
    assert make_bot(kind, seed=1).act(hand.view(0)) == Action.show()  # aces beat the shown hand
    hand = _called_on_the_river({0: "7c2d", 1: "AsAh"}, "Kd9h5s4c3h")
    hand.act(1, Action.show())
    assert make_bot(kind, seed=1).act(hand.view(0)) == Action.muck()  # beaten: muck


# ------------------------------------------------------------------ results


NO_LIMIT_CASH = casino_fr("no-limit", 100, 200)


@pytest.mark.parametrize(("opponent", "hands"), [("random", 300), ("station", 300)])
def test_reasonable_beats_heads_up(opponent: str, hands: int) -> None:
    result = simulate(hands=hands, rules=NO_LIMIT_CASH, bots=["reasonable", opponent], seed=21)
    assert result.chips_conserved and result.hands == hands
    reasonable, other = result.bots
    assert reasonable.bb_per_100 > 100, result  # a full buy-in every 100 hands, rake paid
    assert other.bb_per_100 < 0


def test_reasonable_beats_random_and_station_six_handed() -> None:
    bots = ["reasonable", "random", "station", "reasonable", "random", "station"]
    result = simulate(hands=400, rules=NO_LIMIT_CASH, bots=bots, seed=21)
    assert result.chips_conserved and result.hands == 400
    by_kind: Counter[str] = Counter()
    for bot in result.bots:
        by_kind[bot.bot] += bot.net
    per_100 = {k: v / 2 / NO_LIMIT_CASH.stakes.big_blind / 4 for k, v in by_kind.items()}
    # the stations may profit from the random bots' spew too, but far less
    assert per_100["reasonable"] > 200, per_100
    assert per_100["reasonable"] > max(per_100["random"], per_100["station"]) + 200, per_100
    assert per_100["random"] < 0, per_100


def test_reasonable_beats_the_station_in_fixed_limit() -> None:
    rules = pokerkings(200, 400, euro=100)
    result = simulate(hands=300, rules=rules, bots=["reasonable", "station"], seed=21)
    assert result.chips_conserved
    assert result.bots[0].bb_per_100 > 20, result


@pytest.mark.parametrize(
    "module", ["croupier.bots", "croupier.bots.base", "croupier.bots.chart", "croupier.simulate"]
)
def test_the_doctests(module: str) -> None:
    failures, tests = doctest.testmod(importlib.import_module(module))
    assert tests > 0 and failures == 0
