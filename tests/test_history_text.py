"""Readable text hand histories: golden hands written out in full, and properties over
random hands (rendering never fails, nobody reads a card he may not see, the summary
adds up to the pot less the rake)."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from _hands import make_hand, play, run_out
from _random_play import PRESET_BUILDERS, options, random_hand
from croupier.cards import Card, parse_cards
from croupier.engine import ForcedBet, ForcedKind, Hand, HoleDealt, Shown, Voided
from croupier.errors import HandHistoryError
from croupier.history import chips, currency, hand_phrase, render_text, render_view
from croupier.rules import casino_fr, pokerkings, tda


def _golden(text: str) -> str:
    return text.lstrip("\n")


# --------------------------------------------------------------------------- golden hands


@pytest.mark.rule("PKG-15")
def test_a_fold_around_walk() -> None:
    hand = make_hand(
        tda(50, 100), {1: 1_000, 2: 1_000, 3: 1_000, 4: 1_000}, button=1, holes={3: "7c2d"}
    )
    play(hand, "4: fold, 1: fold, 2: fold")
    assert render_view(hand.view(3), hand_id="walk") == _golden("""
Croupier Hand #walk: Hold'em No Limit (50/100) - tda rules - tournament
Table: 4 players, Seat #1 is the button
Seat 1: p1 (1,000 in chips)
Seat 2: p2 (1,000 in chips)
Seat 3: p3 (1,000 in chips)
Seat 4: p4 (1,000 in chips)
p2: posts small blind 50
p3: posts big blind 100
*** HOLE CARDS ***
Dealt to p3 [7c 2d]
p4: folds
p1: folds
p2: folds
Uncalled bet (50) returned to p3
p3 collected 100 from pot
*** SUMMARY ***
Total pot 100 | Rake 0
Seat 1: p1 (button) folded before Flop (didn't bet)
Seat 2: p2 (small blind) folded before Flop
Seat 3: p3 (big blind) collected (100)
Seat 4: p4 folded before Flop (didn't bet)
""")


@pytest.mark.rule("PKG-15")
def test_a_three_way_all_in_with_two_side_pots_and_a_split() -> None:
    # Main pot 4 x 301 + the folded small blind's 25 = 1,229: p1 and p4 split it with
    # the same straight, the odd chip to p1, first left of the button (TDA R20-A).
    hand = make_hand(
        tda(25, 50),
        {1: 301, 2: 600, 3: 1_000, 4: 2_000, 5: 1_000},
        button=4,
        holes={1: "Ts3c", 2: "AsAd", 3: "KsKd", 4: "Td4c", 5: "2c2d"},
        board="AhKhQdJc2s",
    )
    play(hand, "2: allin, 3: allin, 4: call, 5: fold, 1: call")
    assert hand.is_over
    assert render_view(hand.view(5), hand_id="allin") == _golden("""
Croupier Hand #allin: Hold'em No Limit (25/50) - tda rules - tournament
Table: 5 players, Seat #4 is the button
Seat 1: p1 (301 in chips)
Seat 2: p2 (600 in chips)
Seat 3: p3 (1,000 in chips)
Seat 4: p4 (2,000 in chips)
Seat 5: p5 (1,000 in chips)
p5: posts small blind 25
p1: posts big blind 50
*** HOLE CARDS ***
Dealt to p5 [2c 2d]
p2: raises 550 to 600 and is all-in
p3: raises 400 to 1,000 and is all-in
p4: calls 1,000
p5: folds
p1: calls 251 and is all-in
p1: shows [Ts 3c]
p2: shows [As Ad]
p3: shows [Ks Kd]
p4: shows [Td 4c]
*** FLOP *** [Ah Kh Qd]
*** TURN *** [Ah Kh Qd] [Jc]
*** RIVER *** [Ah Kh Qd Jc] [2s]
*** SHOW DOWN ***
p1: shows [Ts 3c] (a straight, ace high)
p2: shows [As Ad] (three of a kind, aces)
p3: shows [Ks Kd] (three of a kind, kings)
p4: shows [Td 4c] (a straight, ace high)
p4 collected 800 from side pot 2
p4 collected 897 from side pot 1
p1 collected 615 from main pot
p4 collected 614 from main pot
*** SUMMARY ***
Total pot 2,926 (main pot: 1,229, side pot 1: 897, side pot 2: 800) | Rake 0
Board [Ah Kh Qd Jc 2s]
Seat 1: p1 (big blind) showed [Ts 3c] and won (615) with a straight, ace high
Seat 2: p2 showed [As Ad] and lost with three of a kind, aces
Seat 3: p3 showed [Ks Kd] and lost with three of a kind, kings
Seat 4: p4 (button) showed [Td 4c] and won (2,311) with a straight, ace high
Seat 5: p5 (small blind) folded before Flop
""")


@pytest.mark.rule("PKG-15")
def test_a_fixed_limit_pokerkings_hand_15_30_with_a_small_blind_of_7() -> None:
    hand = make_hand(
        pokerkings(15, 30, small_blind=7),
        [1_000] * 4,
        button=0,
        holes={0: "9c9d", 3: "AcKd"},
        board="Kc8h3s2d5h",
    )
    play(
        hand,
        "3: raise 30, 0: call, 1: fold, 2: call,"
        " 2: check, 3: bet 15, 0: raise 30, 2: fold, 3: call,"
        " 3: check, 0: bet 30, 3: call,"
        " 3: check, 0: check,"
        " 3: show, 0: muck",
    )
    assert render_view(hand.view(0), hand_id="PK-15-30") == _golden("""
Croupier Hand #PK-15-30: Hold'em Limit (15/30) - blinds 7/15 - pokerkings rules - cash game
Table: 4 players, Seat #0 is the button
Seat 0: p0 (1,000 in chips)
Seat 1: p1 (1,000 in chips)
Seat 2: p2 (1,000 in chips)
Seat 3: p3 (1,000 in chips)
p1: posts small blind 7
p2: posts big blind 15
*** HOLE CARDS ***
Dealt to p0 [9c 9d]
p3: raises 15 to 30
p0: calls 30
p1: folds
p2: calls 15
*** FLOP *** [Kc 8h 3s]
p2: checks
p3: bets 15
p0: raises 15 to 30
p2: folds
p3: calls 15
*** TURN *** [Kc 8h 3s] [2d]
p3: checks
p0: bets 30
p3: calls 30
*** RIVER *** [Kc 8h 3s 2d] [5h]
p3: checks
p0: checks
*** SHOW DOWN ***
p3: shows [Ac Kd] (a pair of kings)
p0: mucks hand
p3 collected 217 from pot
*** SUMMARY ***
Total pot 217 | Rake 0
Board [Kc 8h 3s 2d 5h]
Seat 0: p0 (button) mucked [9c 9d]
Seat 1: p1 (small blind) folded before Flop
Seat 2: p2 (big blind) folded on the Flop
Seat 3: p3 showed [Ac Kd] and won (217) with a pair of kings
""")


@pytest.mark.rule("PKG-15")
def test_a_casino_fr_hand_with_the_option_and_the_rake_in_euros() -> None:
    # Amounts are cents; the pot of 296 euros is raked 4 %: 11.84, to the nearest
    # ten cents 11.80 (CAS-23). The first raiser of the river shows first (CAS-21).
    hand = make_hand(
        casino_fr("no-limit", 100, 200, option=True),
        {1: 20_000, 2: 15_000, 3: 12_345, 4: 30_000},
        button=1,
        holes={2: "QhQc", 3: "9s8s", 4: "AdJd"},
        board="Qd9d4c7s2h",
        straddle=True,
    )
    play(
        hand,
        "1: fold, 2: raise 1200, 3: call, 4: call,"
        " 2: bet 2000, 3: call, 4: call,"
        " 2: check, 3: check, 4: check,"
        " 2: check, 3: check, 4: bet 5000, 2: raise 10000, 3: fold, 4: call,"
        " 2: show, 4: muck",
    )
    text = render_view(hand.view(2), hand_id="FR-1", money=currency("€"))
    assert text == _golden("""
Croupier Hand #FR-1: Hold'em No Limit (€1.00/€2.00) - option €4.00 - casino-fr rules - cash game
Table: 4 players, Seat #1 is the button
Seat 1: p1 (€200.00 in chips)
Seat 2: p2 (€150.00 in chips)
Seat 3: p3 (€123.45 in chips)
Seat 4: p4 (€300.00 in chips)
p2: posts small blind €1.00
p3: posts big blind €2.00
p4: posts the option €4.00
*** HOLE CARDS ***
Dealt to p2 [Qh Qc]
p1: folds
p2: raises €8.00 to €12.00
p3: calls €10.00
p4: calls €8.00
*** FLOP *** [Qd 9d 4c]
p2: bets €20.00
p3: calls €20.00
p4: calls €20.00
*** TURN *** [Qd 9d 4c] [7s]
p2: checks
p3: checks
p4: checks
*** RIVER *** [Qd 9d 4c 7s] [2h]
p2: checks
p3: checks
p4: bets €50.00
p2: raises €50.00 to €100.00
p3: folds
p4: calls €50.00
*** SHOW DOWN ***
p2: shows [Qh Qc] (three of a kind, queens)
p4: mucks hand
p2 collected €284.20 from pot
*** SUMMARY ***
Total pot €296.00 | Rake €11.80
Board [Qd 9d 4c 7s 2h]
Seat 1: p1 (button) folded before Flop (didn't bet)
Seat 2: p2 (small blind) showed [Qh Qc] and won (€284.20) with three of a kind, queens
Seat 3: p3 (big blind) folded on the River
Seat 4: p4 (option) mucked
""")
    assert hand.rake == 1_180


@pytest.mark.rule("PKG-15")
def test_a_voided_hand_returns_every_chip() -> None:
    hand = make_hand(
        tda(50, 100),
        {1: 1_000, 2: 1_000, 3: 1_000},
        button=1,
        holes={1: "AsKs"},
        board="2c7d9hTsJs",
    )
    play(hand, "1: raise 300, 2: call, 3: call, 2: check")
    hand.void("misdeal: the flop was exposed")
    assert render_view(hand.view(1), hand_id="void") == _golden("""
Croupier Hand #void: Hold'em No Limit (50/100) - tda rules - tournament
Table: 3 players, Seat #1 is the button
Seat 1: p1 (1,000 in chips)
Seat 2: p2 (1,000 in chips)
Seat 3: p3 (1,000 in chips)
p2: posts small blind 50
p3: posts big blind 100
*** HOLE CARDS ***
Dealt to p1 [As Ks]
p1: raises 200 to 300
p2: calls 250
p3: calls 200
*** FLOP *** [2c 7d 9h]
p2: checks
*** HAND VOIDED ***
Hand voided: every chip returned
Reason: misdeal: the flop was exposed
Seat 1: p1 (1,000 in chips)
Seat 2: p2 (1,000 in chips)
Seat 3: p3 (1,000 in chips)
""")


def test_timeouts_and_an_absent_player_for_a_spectator() -> None:
    hand = make_hand(
        tda(50, 100),
        {1: 1_000, 2: 1_000, 3: 1_000, 4: 1_000},
        button=1,
        holes={2: "8c8d", 3: "JhTh"},
        board="2c7d9hTsJs",
        absent=[4],
    )
    play(
        hand,
        "1: timeout, 2: call, 3: check, 2: bet 200, 3: call, 2: timeout, 3: bet 100, 2: timeout",
    )
    assert render_view(hand.spectator_view(), hand_id="clock") == _golden("""
Croupier Hand #clock: Hold'em No Limit (50/100) - tda rules - tournament
Table: 4 players, Seat #1 is the button
Seat 1: p1 (1,000 in chips)
Seat 2: p2 (1,000 in chips)
Seat 3: p3 (1,000 in chips)
Seat 4: p4 (1,000 in chips) (absent)
p2: posts small blind 50
p3: posts big blind 100
*** HOLE CARDS ***
p4: folds (absent: hand killed)
p1: folds (timed out)
p2: calls 50
p3: checks
*** FLOP *** [2c 7d 9h]
p2: bets 200
p3: calls 200
*** TURN *** [2c 7d 9h] [Ts]
p2: checks (timed out)
p3: bets 100
p2: folds (timed out)
Uncalled bet (100) returned to p3
p3 collected 600 from pot
*** SUMMARY ***
Total pot 600 | Rake 0
Board [2c 7d 9h Ts]
Seat 1: p1 (button) folded before Flop (didn't bet) (timed out)
Seat 2: p2 (small blind) folded on the Turn (timed out)
Seat 3: p3 (big blind) collected (600)
Seat 4: p4 was absent: hand killed
""")


def test_dead_button_antes_and_an_all_in_post() -> None:
    # Seat 2 is empty but holds the button; p3 cannot cover his blind.
    forced = [
        ForcedBet(5, ForcedKind.ANTE, 100),
        ForcedBet(3, ForcedKind.SMALL_BLIND, 50),
        ForcedBet(5, ForcedKind.BIG_BLIND, 100),
    ]
    hand = make_hand(
        tda(50, 100, ante=100),
        {1: 5_000, 3: 40, 5: 5_000},
        button=2,
        forced=forced,
        holes={1: "AhAd", 3: "Qh9c", 5: "KhKd"},
        board="As8d5c4s3h",
    )
    play(hand, "1: call, 5: check")
    run_out(hand)
    text = render_text(hand.events, viewer=1, hand_id="db")
    assert "Table: 3 players, Seat #2 is the button (dead button)" in text
    assert "p5: posts the big blind ante 100" in text
    assert "p3: posts small blind 40 and is all-in" in text
    assert "Seat 3: p3 (small blind) showed [Qh 9c] and lost with high card, ace" in text
    assert "Croupier Hand #db: Hold'em No Limit (50/100) - big blind ante 100 - tda rules" in text


# --------------------------------------------------------------------------- the API


def test_amount_formatters() -> None:
    assert chips(0) == "0"
    assert chips(1_234_567) == "1,234,567"
    euros = currency("€")
    assert (euros(1_240), euros(5), euros(100_000)) == ("€12.40", "€0.05", "€1,000.00")
    assert currency("$", decimals=0)(12_345) == "$12,345"
    assert currency("£", decimals=3)(-1_001) == "-£1.001"
    with pytest.raises(ValueError, match="decimals"):
        currency("€", decimals=-1)


def test_hand_phrases_from_the_evaluator() -> None:
    board = parse_cards("2c 7d 9h Ts Js")
    assert hand_phrase(parse_cards("As Ah"), board) == "a pair of aces"
    assert hand_phrase(parse_cards("Qs 8c"), board) == "a straight, queen high"
    assert hand_phrase(parse_cards("Ks Qs"), parse_cards("As Js Ts 2d 3c")) == "a royal flush"
    assert hand_phrase(parse_cards("Ah 3d"), board) == "high card, ace"
    assert hand_phrase(parse_cards("As Ah"), parse_cards("2c 7d")) == ""


def test_the_full_log_renders_only_what_the_viewer_saw() -> None:
    hand = make_hand(tda(50, 100), [1_000, 1_000, 1_000], holes={0: "AsKs", 1: "QdQc"})
    play(hand, "0: raise 300, 1: fold, 2: fold")
    for seat in (0, 1, 2):
        assert render_text(hand.events, viewer=seat) == render_view(hand.view(seat))
    assert "Dealt to p1 [Qd Qc]" in render_text(hand.events, viewer=1)
    assert "Qd" not in render_text(hand.events, viewer=0)
    assert "Dealt" not in render_text(hand.events)
    audit = render_text(hand.events, all_cards=True)
    assert "Dealt to p0 [As Ks]" in audit and "Dealt to p1 [Qd Qc]" in audit


def test_a_hand_id_from_the_events_and_an_unfinished_hand() -> None:
    hand = make_hand(tda(50, 100), [1_000, 1_000, 1_000])
    text = render_view(hand.view(0))
    assert text.startswith("Croupier Hand: Hold'em No Limit (50/100)")
    assert text.endswith(
        "*** HOLE CARDS ***\nDealt to p0 [" + " ".join(map(str, hand.hole_cards(0))) + "]\n"
    )
    assert "SUMMARY" not in text
    with pytest.raises(HandHistoryError, match="HandStarted"):
        render_text(hand.events[1:])


# --------------------------------------------------------------------------- properties

_CARD = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][cdhs])(?![A-Za-z0-9])")
_TOTAL = re.compile(r"^Total pot ([\d,]+)(?: \(.*\))? \| Rake ([\d,]+)$", re.M)
_SUMMARY_WON = re.compile(r"^Seat (\d+): .*?(?:won|collected) \(([\d,]+)\)", re.M)
_COLLECTED = re.compile(r"^p(\d+) collected ([\d,]+) from (?:pot|main pot|side pot \d+)$", re.M)


def _number(text: str) -> int:
    return int(text.replace(",", ""))


def _played(rng: random.Random, hand: Hand) -> Hand:
    """Play randomly to the end, voiding one hand in eight at a random moment."""
    void_at = rng.randrange(0, 20) if rng.random() < 1 / 8 else -1
    steps = 0
    while not hand.is_over:
        if steps == void_at:
            hand.void("random void")
            break
        legal = hand.legal_actions()
        hand.act(legal.seat, rng.choice(options(legal, rng)))
        steps += 1
    return hand


def _check_privacy(hand: Hand, viewer: int | None, text: str) -> None:
    allowed: set[Card] = set(hand.board)
    allowed.update(c for e in hand.events if isinstance(e, Shown) for c in e.cards)
    if viewer is not None:
        allowed.update(hand.hole_cards(viewer))
    seen = {Card(token) for token in _CARD.findall(text)}
    assert seen <= allowed, (viewer, seen - allowed, text)


def _check_summary(hand: Hand, text: str) -> None:
    if not hand.is_over:
        assert "*** SUMMARY ***" not in text
        return
    if any(isinstance(e, Voided) for e in hand.events):
        assert "Hand voided: every chip returned" in text and "*** SUMMARY ***" not in text
        return
    summary = text[text.index("*** SUMMARY ***") :]
    match = _TOTAL.search(summary)
    assert match, text
    total, rake = _number(match[1]), _number(match[2])
    won = {int(s): _number(a) for s, a in _SUMMARY_WON.findall(summary)}
    assert sum(won.values()) == total - rake, text
    assert rake == hand.rake
    collected: dict[int, int] = {}
    for seat, amount in _COLLECTED.findall(text):
        collected[int(seat)] = collected.get(int(seat), 0) + _number(amount)
    assert collected == won, text
    # What each seat put in (start - end + won) adds up to the total pot.
    start, end = hand.starting_stacks, hand.stacks
    put = {s: start[s] - end[s] + won.get(s, 0) for s in start}
    assert all(v >= 0 for v in put.values()) and sum(put.values()) == total, text


STACK = st.one_of(st.integers(1, 10), st.integers(11, 400), st.integers(401, 20_000))


@pytest.mark.rule("PKG-15")
@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(
    preset=st.sampled_from(sorted(PRESET_BUILDERS)),
    stacks=st.lists(STACK, min_size=2, max_size=10),
    seed=st.integers(0, 2**32),
)
def test_every_player_gets_a_history_of_only_what_he_saw(
    preset: str, stacks: list[int], seed: int
) -> None:
    rng = random.Random(seed)
    hand = _played(rng, random_hand(rng, PRESET_BUILDERS[preset](), stacks, absent_chance=0.1))
    for setup in hand.seats:
        text = render_view(hand.view(setup.seat))
        assert text == render_text(hand.events, viewer=setup.seat)
        _check_privacy(hand, setup.seat, text)
        _check_summary(hand, text)
        own = next(e for e in hand.events if isinstance(e, HoleDealt) and e.seat == setup.seat)
        assert f"Dealt to {setup.player} [{' '.join(map(str, own.cards or ()))}]" in text
    spectator = render_view(hand.spectator_view())
    _check_privacy(hand, None, spectator)
    _check_summary(hand, spectator)


@pytest.mark.parametrize("seed", range(3))
def test_hundreds_of_hands_and_their_unfinished_moments_render(seed: int) -> None:
    rng = random.Random(seed)
    names = sorted(PRESET_BUILDERS)
    euros = currency("€")
    for _ in range(200):
        rules = PRESET_BUILDERS[rng.choice(names)]()
        stacks = [rng.choice([3, 40, 150, 1_000, 25_000]) for _ in range(rng.randint(2, 10))]
        hand = random_hand(rng, rules, stacks, absent_chance=0.1)
        viewer = rng.choice(hand.seats).seat
        while not hand.is_over:  # every moment of the hand renders, and stays private
            text = render_view(hand.view(viewer), money=euros)
            assert text.startswith("Croupier Hand: Hold'em ")
            legal = hand.legal_actions()
            hand.act(legal.seat, rng.choice(options(legal, rng)))
        text = render_view(hand.view(viewer))
        _check_privacy(hand, viewer, text)
        _check_summary(hand, text)
