"""The PHH layer against the 10,088 real hands of ``shared/phh`` and hand-made edge cases."""

from __future__ import annotations

import datetime
import doctest
import tomllib
from collections import Counter
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from types import ModuleType

import pokerkit
import pytest

import croupier.history._phh_actions
import croupier.history._phh_amounts
import croupier.history._phh_hand
import croupier.history.phh
from _paths import shared_phh_dir
from croupier.cards import Card, parse_cards
from croupier.errors import HandHistoryError
from croupier.history import (
    FIELD_ORDER,
    HOLDEM_VARIANTS,
    BetOrRaiseTo,
    CheckOrCall,
    DealBoard,
    DealHole,
    Fold,
    NoOp,
    PHHAction,
    PHHHand,
    PostBringIn,
    ShowOrMuck,
    StandPatOrDiscard,
    dumps,
    dumps_all,
    iter_phh_files,
    iter_phh_hands,
    loads,
    loads_all,
    parse_action,
    read_phh,
    read_phhs,
    write_phh,
)

DATA = shared_phh_dir()


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


# --------------------------------------------------------------------------- the data set


@pytest.fixture(scope="module")
def corpus() -> list[tuple[Path, str, PHHHand]]:
    """Every file of the data set: its path, its text and the hand read from it."""
    out = []
    for path in iter_phh_files(DATA):
        text = path.read_text(encoding="utf-8")
        out.append((path, text, loads(text, source=str(path))))
    return out


def test_the_data_set_has_10088_files_in_a_fixed_order() -> None:
    files = list(iter_phh_files(DATA))
    assert len(files) == 10_088
    assert len(set(files)) == 10_088
    assert files == list(iter_phh_files([DATA]))
    relative = [f.relative_to(DATA).as_posix() for f in files]
    # Natural order: 2.phh before 10.phh, folders before their "b" twins.
    assert relative.index("pluribus/100/2.phh") < relative.index("pluribus/100/10.phh")
    assert relative.index("pluribus/100/70.phh") < relative.index("pluribus/100b/71.phh")
    assert relative[:5] == [
        "alice-carol-wikipedia.phh",
        "antonius-blom-2009.phh",
        "arieh-yockey-2019.phh",
        "dwan-ivey-2009.phh",
        "phua-xuan-2019.phh",
    ]
    assert sum(r.startswith("pluribus/") for r in relative) == 10_000
    assert sum(r.startswith("wsop/2023/43/5/") for r in relative) == 83


def test_variant_counts(corpus: list[tuple[Path, str, PHHHand]]) -> None:
    variants = Counter(hand.variant for _, _, hand in corpus)
    assert variants == {
        "NT": 10_012,  # 10,000 Pluribus + 11 WSOP + dwan-ivey
        "FT": 7,
        "FO/8": 14,
        "F7S": 13,
        "FR": 10,
        "PO": 8,
        "F2L3D": 8,
        "N2L1D": 7,
        "F7S/8": 7,
        "FB": 1,
        "NS": 1,
    }
    holdem = [hand for _, _, hand in corpus if hand.is_holdem]
    assert len(holdem) == variants["NT"] + variants["FT"] == 10_019
    wsop = Counter(h.variant for p, _, h in corpus if "wsop" in p.parts)
    assert (wsop["NT"], wsop["FT"], sum(wsop.values())) == (11, 7, 83)
    pluribus = [h for p, _, h in corpus if "pluribus" in p.parts]
    assert {(h.variant, h.player_count) for h in pluribus} == {("NT", 6)}


def test_round_trip_of_every_file(corpus: list[tuple[Path, str, PHHHand]]) -> None:
    """text -> hand -> text -> hand gives the same hand, and the written text is stable."""
    for path, _, hand in corpus:
        text = dumps(hand)
        again = loads(text, source=str(path))
        assert again == hand, path
        assert dumps(again) == text, path


def test_every_file_matches_its_literal_text(corpus: list[tuple[Path, str, PHHHand]]) -> None:
    """An independent reading (plain tomllib, Decimal floats) agrees with every parsed field."""
    for path, text, hand in corpus:
        raw = tomllib.loads(text, parse_float=Decimal)
        assert hand.action_texts() == tuple(raw["actions"]), path
        assert [hand.to_amount(a) for a in hand.antes] == raw["antes"], path
        assert [hand.to_amount(s) for s in hand.starting_stacks if s is not None] == [
            s for s in raw["starting_stacks"]
        ], path
        if "blinds_or_straddles" in raw:
            assert hand.blinds_or_straddles is not None
            assert [hand.to_amount(b) for b in hand.blinds_or_straddles] == raw[
                "blinds_or_straddles"
            ]
        for name in ("bring_in", "small_bet", "big_bet", "min_bet"):
            value = getattr(hand, name)
            assert (value is None) == (name not in raw), (path, name)
            if value is not None:
                assert hand.to_amount(value) == raw[name], (path, name)
        if "finishing_stacks" in raw:
            assert hand.finishing_stacks is not None
            written = [hand.result_to_amount(s) for s in hand.finishing_stacks]
            assert written == raw["finishing_stacks"], path
        assert hand.players == tuple(raw["players"]), path
        assert hand.hand == raw.get("hand"), path
        assert dict(hand.extra) == {}, path


def test_finishing_stacks_conserve_chips(corpus: list[tuple[Path, str, PHHHand]]) -> None:
    """Read exactly, every recorded result has the chips the hand started with."""
    with_results = 0
    for path, _, hand in corpus:
        finishing = hand.finishing_stacks_in_units
        if finishing is None:
            continue
        with_results += 1
        assert None not in hand.starting_stacks
        assert sum(finishing) == sum(s for s in hand.starting_stacks if s is not None), path
    assert with_results == 10_083  # the five hand-written files have no finishing stacks


def test_half_chip_results_keep_whole_chips_in_play(
    corpus: list[tuple[Path, str, PHHHand]],
) -> None:
    """The eight Pluribus split pots written with half chips (README "Known quirks")."""
    fractional = [p.relative_to(DATA).as_posix() for p, _, h in corpus if h.results_fractional]
    assert fractional == [
        "pluribus/32/23.phh",
        "pluribus/41b/204.phh",
        "pluribus/60/88.phh",
        "pluribus/75b/76.phh",
        "pluribus/88/128.phh",
        "pluribus/91/43.phh",
        "pluribus/91/53.phh",
        "pluribus/102/0.phh",
    ]
    hand = read_phh(DATA / "pluribus" / "32" / "23.phh")
    # Play stays in whole chips, so the engine splits by whole chips and its own odd-chip rule.
    assert (hand.scale, hand.result_scale) == (1, 10)
    assert hand.starting_stacks == (10_000,) * 6
    assert hand.finishing_stacks == (99_500, 92_750, 103_875, 100_000, 100_000, 103_875)
    assert hand.finishing_stacks_in_units == (
        Fraction(9950),
        Fraction(9275),
        Fraction(20775, 2),
        Fraction(10_000),
        Fraction(10_000),
        Fraction(20775, 2),
    )
    assert hand.result_to_amount(103_875) == Decimal("10387.5")
    assert "finishing_stacks = [9950, 9275, 10387.5, 10000, 10000, 10387.5]" in dumps(hand)


# --------------------------------------------------------------------------- chosen files


def test_dwan_ivey_field_by_field() -> None:
    hand = read_phh(DATA / "dwan-ivey-2009.phh")
    assert hand == PHHHand(
        variant="NT",
        ante_trimming_status=True,
        antes=(500, 500, 500),
        blinds_or_straddles=(1000, 2000, 0),
        min_bet=2000,
        starting_stacks=(1_125_600, 2_000_000, 553_500),
        actions=(
            DealHole(0, cards("Ac2d")),
            DealHole(1, (None, None)),
            DealHole(2, cards("7h6h")),
            BetOrRaiseTo(2, 7000),
            BetOrRaiseTo(0, 23_000),
            Fold(1),
            CheckOrCall(2),
            DealBoard(cards("Jc3d5c")),
            BetOrRaiseTo(0, 35_000),
            CheckOrCall(2),
            DealBoard(cards("4h")),
            BetOrRaiseTo(0, 90_000),
            BetOrRaiseTo(2, 232_600),
            BetOrRaiseTo(0, 1_067_100),
            CheckOrCall(2),
            ShowOrMuck(0, cards("Ac2d")),
            ShowOrMuck(2, cards("7h6h")),
            DealBoard(cards("Jh")),
        ),
        author="Juho Kim",
        event="Full Tilt Million Dollar Cash Game S4E12",
        year=2009,
        players=("Phil Ivey", "Patrik Antonius", "Tom Dwan"),
        currency="USD",
        header_comment=(
            "The first televised million dollar pot between Tom Dwan and Phil Ivey.\n"
            "Link: https://youtu.be/GnxFohpljqM"
        ),
    )
    assert (hand.scale, hand.result_scale, hand.finishing_stacks) == (1, 1, None)
    assert (hand.player_count, hand.is_holdem, hand.is_heads_up, hand.button_index) == (
        3,
        True,
        False,
        2,
    )
    assert hand.blinds_by_player == (1000, 2000, 0)
    assert hand.antes_by_player == (500, 500, 500)
    text = dumps(hand)
    assert text.startswith("# The first televised million dollar pot between Tom Dwan")
    assert '  "p3 cbr 232600",\n' in text


def test_a_pluribus_hand() -> None:
    hand = read_phh(DATA / "pluribus" / "100" / "1.phh")
    assert hand == PHHHand(
        variant="NT",
        ante_trimming_status=True,
        antes=(0,) * 6,
        blinds_or_straddles=(50, 100, 0, 0, 0, 0),
        min_bet=100,
        starting_stacks=(10_000,) * 6,
        actions=(
            DealHole(0, cards("Qh5c")),
            DealHole(1, cards("9h6h")),
            DealHole(2, cards("KcJh")),
            DealHole(3, cards("8hQc")),
            DealHole(4, cards("7hKh")),
            DealHole(5, cards("Ks3c")),
            BetOrRaiseTo(2, 210),
            Fold(3),
            Fold(4),
            Fold(5),
            Fold(0),
            CheckOrCall(1),
            DealBoard(cards("7s9cTc")),
            CheckOrCall(1),
            BetOrRaiseTo(2, 235),
            CheckOrCall(1),
            DealBoard(cards("2c")),
            CheckOrCall(1),
            BetOrRaiseTo(2, 600),
            Fold(1),
        ),
        hand=1,
        players=("MrBlonde", "MrWhite", "MrPink", "MrBrown", "Pluribus", "MrBlue"),
        finishing_stacks=(9950, 9555, 10_495, 10_000, 10_000, 10_000),
    )
    assert hand.button_index == 5
    assert hand.blinds_by_player == (50, 100, 0, 0, 0, 0)


def test_a_wsop_no_limit_hand_with_a_big_blind_ante() -> None:
    hand = read_phh(DATA / "wsop" / "2023" / "43" / "5" / "1.phh")
    assert hand.variant == "NT" and hand.is_holdem
    assert hand.ante_trimming_status is False
    assert hand.antes == (0, 120_000, 0, 0, 0)
    assert hand.antes_by_player == (0, 120_000, 0, 0, 0)
    assert hand.blinds_or_straddles == (40_000, 80_000, 0, 0, 0)
    assert hand.min_bet == 80_000
    assert (hand.small_bet, hand.big_bet, hand.bring_in) == (None, None, None)
    assert hand.starting_stacks == (7_380_000, 2_500_000, 5_110_000, 10_170_000, 4_545_000)
    assert hand.finishing_stacks == (7_340_000, 3_775_000, 5_110_000, 8_935_000, 4_545_000)
    assert len(hand.actions) == 24
    assert hand.actions[6] == BetOrRaiseTo(3, 170_000)
    assert hand.actions[-2:] == (ShowOrMuck(3, cards("6d5h")), ShowOrMuck(1, cards("Js8h")))
    assert (hand.event, hand.city, hand.region, hand.country) == (
        "2023 World Series of Poker Event #43: $50,000 Poker Players Championship | Day 5",
        "Las Vegas",
        "Nevada",
        "United States of America",
    )
    assert (hand.day, hand.month, hand.year, hand.hand, hand.author) == (
        22,
        6,
        2023,
        1,
        "Juho Kim",
    )
    assert hand.players == (
        "Matthew Ashton",
        "Kristopher Tong",
        "James Obst",
        "Talal Shakerchi",
        "Brian Rast",
    )


def test_a_wsop_fixed_limit_holdem_hand() -> None:
    hand = read_phh(DATA / "wsop" / "2023" / "43" / "5" / "34.phh")
    assert hand.variant == "FT" and hand.is_holdem
    assert (hand.small_bet, hand.big_bet, hand.min_bet) == (200_000, 400_000, None)
    assert hand.blinds_or_straddles == (100_000, 200_000, 0, 0, 0)
    assert hand.starting_stacks == (3_175_000, 10_625_000, 7_750_000, 4_350_000, 3_800_000)
    assert hand.actions[5:7] == (Fold(2), BetOrRaiseTo(3, 400_000))
    assert hand.actions[-2:] == (ShowOrMuck(1, cards("Tc9s")), ShowOrMuck(3))
    assert hand.actions[-1].to_phh() == "p4 sm"
    assert isinstance(hand.actions[-1], ShowOrMuck) and hand.actions[-1].mucks
    assert hand.finishing_stacks == (3_075_000, 11_925_000, 7_750_000, 3_150_000, 3_800_000)


def test_antonius_blom_pot_limit_omaha_with_cents() -> None:
    hand = read_phh(DATA / "antonius-blom-2009.phh")
    assert (hand.variant, hand.is_holdem, hand.is_heads_up) == ("PO", False, True)
    assert hand.scale == 100  # 1259450.25 and 678473.5: cents
    assert hand.starting_stacks == (125_945_025, 67_847_350)
    assert hand.to_amount(hand.starting_stacks[1] or 0) == Decimal("678473.5")
    assert hand.blinds_or_straddles == (50_000, 100_000)
    assert hand.min_bet == 100_000
    assert hand.actions[2] == BetOrRaiseTo(1, 300_000)
    assert hand.actions[2].to_phh(hand.scale) == "p2 cbr 3000"
    assert hand.actions[4].to_phh(hand.scale) == "p2 cbr 27000"
    assert hand.actions[0] == DealHole(0, cards("Ah3sKsKh"))
    assert (hand.month, hand.year, hand.currency) == (11, 2009, "USD")
    assert "starting_stacks = [1259450.25, 678473.5]" in dumps(hand)


def test_phua_xuan_short_deck() -> None:
    hand = read_phh(DATA / "phua-xuan-2019.phh")
    assert hand.variant == "NS" and not hand.is_holdem
    assert hand.antes == (3000,) * 6
    assert hand.blinds_or_straddles == (0, 0, 0, 0, 0, 3000)  # the button blind
    assert hand.blinds_by_player == (0, 0, 0, 0, 0, 3000)
    assert (hand.address, hand.postal_code, hand.city, hand.currency) == (
        "5 Hamilton Pl",
        "W1J 7ED",
        "London",
        "GBP",
    )
    assert hand.actions[10] == BetOrRaiseTo(4, 298_000)
    assert hand.actions[-3:] == (
        DealBoard(cards("9h6cKc")),
        DealBoard(cards("Jh")),
        DealBoard(cards("Ts")),
    )


def test_arieh_yockey_triple_draw() -> None:
    hand = read_phh(DATA / "arieh-yockey-2019.phh")
    assert hand.variant == "F2L3D"
    assert (hand.small_bet, hand.big_bet) == (150_000, 300_000)
    assert hand.actions[1] == DealHole(1, (None,) * 5)
    draws = [a for a in hand.actions if isinstance(a, StandPatOrDiscard)]
    assert draws == [
        StandPatOrDiscard(0),
        StandPatOrDiscard(3, cards("AsQs")),
        StandPatOrDiscard(0),
        StandPatOrDiscard(3, cards("Qh")),
        StandPatOrDiscard(0),
        StandPatOrDiscard(3, cards("6s")),
    ]
    assert draws[0].stands_pat and not draws[1].stands_pat
    assert [d.to_phh() for d in draws[:2]] == ["p1 sd", "p4 sd AsQs"]
    assert (hand.day, hand.month, hand.year) == (28, 6, 2019)


def test_alice_carol_badugi_with_unknown_cards() -> None:
    hand = read_phh(DATA / "alice-carol-wikipedia.phh")
    assert hand.variant == "FB"
    assert hand.actions[0] == DealHole(0, (None,) * 4)
    assert hand.actions[8] == StandPatOrDiscard(0, (None, None))
    assert hand.actions[19] == StandPatOrDiscard(1)
    assert hand.players == ("Bob", "Carol", "Ted", "Alice")
    assert hand.header_comment is not None and "Badugi" in hand.header_comment


def test_a_stud_hand_with_a_bring_in() -> None:
    hand = read_phh(DATA / "wsop" / "2023" / "43" / "5" / "10.phh")
    assert hand.variant == "F7S"
    assert (hand.bring_in, hand.small_bet, hand.big_bet) == (50_000, 200_000, 400_000)
    assert hand.blinds_or_straddles is None
    assert hand.button_index is None  # no button in stud
    assert hand.blinds_by_player == (0,) * 5
    assert hand.actions[5] == PostBringIn(1)
    assert hand.actions[0] == DealHole(0, cards("5d2sAd"))


# --------------------------------------------------------------------------- seats


def test_heads_up_blinds_are_reversed_as_in_the_spec_and_pokerkit() -> None:
    """Heads-up the button is p2 and posts the small blind: PokerKit agrees on every such file."""
    heads_up = [p for p, h in iter_phh_hands(DATA) if h.is_heads_up]
    assert len(heads_up) == 7
    checked = 0
    for path in [*heads_up, DATA / "dwan-ivey-2009.phh", DATA / "pluribus" / "100" / "1.phh"]:
        hand = read_phh(path)
        if hand.blinds_or_straddles is None:
            continue
        with path.open("rb") as file:
            state = pokerkit.HandHistory.load(file).create_state()
        assert tuple(state.bets) == tuple(map(hand.to_amount, hand.blinds_by_player)), path
        checked += 1
    assert checked == 6  # antonius-blom, the three heads-up Omaha hi-lo, and two controls
    blom = read_phh(DATA / "antonius-blom-2009.phh")
    assert blom.blinds_or_straddles == (50_000, 100_000)
    assert blom.blinds_by_player == (100_000, 50_000)  # p2, the button, posts the small blind
    assert blom.button_index == 1
    # and p2 acts first before the flop, p1 first after it, in every heads-up flop game here
    for name in ("antonius-blom-2009.phh", "wsop/2023/43/5/80.phh", "wsop/2023/43/5/81.phh"):
        actions = read_phh(DATA / name).actions
        flop = next(i for i, a in enumerate(actions) if isinstance(a, DealBoard))
        bets = (Fold, CheckOrCall, BetOrRaiseTo)
        first_pre = next(a for a in actions if isinstance(a, bets))
        first_post = next(a for a in actions[flop:] if isinstance(a, bets))
        assert (first_pre.player_index, first_post.player_index) == (1, 0), name


def test_heads_up_antes_are_reversed_too() -> None:
    hand = loads(
        'variant = "NT"\nantes = [0, 3]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
        "starting_stacks = [100, 100]\nactions = []\n"
    )
    assert hand.antes_by_player == (3, 0)
    assert hand.blinds_by_player == (2, 1)


# --------------------------------------------------------------------------- amounts


def test_decimals_become_exact_integers_in_the_smallest_unit() -> None:
    hand = loads(
        'variant = "NT"\nantes = [0.25, 0.25, 0.25]\nblinds_or_straddles = [0.5, 1, 0]\n'
        "min_bet = 1\nstarting_stacks = [100, 99.75, 12345678901234567890123.45]\n"
        'actions = ["p3 cbr 3.1", "p1 cc"]\nfinishing_stacks = [1e2, 99.75, 100.000]\n'
    )
    assert hand.scale == 100
    assert hand.antes == (25, 25, 25)
    assert hand.blinds_or_straddles == (50, 100, 0)
    assert hand.starting_stacks == (10_000, 9975, 1_234_567_890_123_456_789_012_345)
    assert hand.actions[0] == BetOrRaiseTo(2, 310)
    assert hand.finishing_stacks == (10_000, 9975, 10_000)
    assert "starting_stacks = [100, 99.75, 12345678901234567890123.45]" in dumps(hand)
    assert loads(dumps(hand)) == hand


def test_trailing_zeros_do_not_make_the_unit_finer() -> None:
    hand = loads(
        'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [50.0, 100.00]\nmin_bet = 100\n'
        'starting_stacks = [10000.0, 10000]\nactions = ["p2 cbr 300.0"]\n'
    )
    assert hand.scale == 1
    assert hand.blinds_or_straddles == (50, 100)
    assert hand.actions[0] == BetOrRaiseTo(1, 300)


def test_an_amount_finer_than_the_others_sets_the_scale_for_all() -> None:
    hand = loads(
        'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
        'starting_stacks = [200, 200]\nactions = ["p2 cbr 4.005"]\n'
    )
    assert hand.scale == 1000
    assert hand.blinds_or_straddles == (1000, 2000)
    assert hand.actions[0] == BetOrRaiseTo(1, 4005)
    assert hand.action_texts() == ("p2 cbr 4.005",)


def test_inf_is_an_unknown_stack() -> None:
    text = (
        'variant = "NT"\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n'
        "starting_stacks = [inf, 200, +inf]\nactions = []\n"
    )
    hand = loads(text)
    assert hand.starting_stacks == (None, 200, None)
    assert "starting_stacks = [inf, 200, inf]" in dumps(hand)
    assert loads(dumps(hand)) == hand


def test_with_scale_changes_the_unit_exactly() -> None:
    hand = read_phh(DATA / "pluribus" / "32" / "23.phh")
    cents = hand.with_scale(100)
    assert cents.scale == cents.result_scale == 100
    assert cents.starting_stacks == (1_000_000,) * 6
    assert cents.finishing_stacks is not None and cents.finishing_stacks[2] == 1_038_750
    assert cents.finishing_stacks_in_units is not None
    assert all(f.denominator == 1 for f in cents.finishing_stacks_in_units)
    assert not cents.results_fractional
    assert cents.with_scale(1) == hand
    assert dumps(cents) == dumps(hand)
    with pytest.raises(HandHistoryError, match="not a whole number"):
        read_phh(DATA / "antonius-blom-2009.phh").with_scale(10)
    with pytest.raises(HandHistoryError, match="power of ten"):
        hand.with_scale(20)


# --------------------------------------------------------------------------- actions

ACTION_TEXTS: list[tuple[str, PHHAction]] = [
    ("d db Jc3d5c", DealBoard(cards("Jc3d5c"))),
    ("d dh p1 AcKd", DealHole(0, cards("AcKd"))),
    ("d dh p2 ????", DealHole(1, (None, None))),
    ("d dh p2 QhJd5h5c??", DealHole(1, (*cards("QhJd5h5c"), None))),
    ("p3 pb", PostBringIn(2)),
    ("p2 f", Fold(1)),
    ("p1 cc", CheckOrCall(0)),
    ("p3 cbr 7000", BetOrRaiseTo(2, 7000)),
    ("p1 sd", StandPatOrDiscard(0)),
    ("p2 sd Kh??", StandPatOrDiscard(1, (Card("Kh"), None))),
    ("p1 sm Ac2d", ShowOrMuck(0, cards("Ac2d"))),
    ("p1 sm", ShowOrMuck(0)),
    ("p1 sm ????", ShowOrMuck(0, (None, None))),
    ("p1 sm ??Ad", ShowOrMuck(0, (None, Card("Ad")))),
    ("p1 sm -", ShowOrMuck(0, as_dealt=True)),
    ("", NoOp()),
    ("# Burn card 6s is exposed", NoOp(comment="Burn card 6s is exposed")),
    ("p12 f # tilted", Fold(11, comment="tilted")),
    ("d db 4h # turn", DealBoard(cards("4h"), comment="turn")),
    ("p1 cc #", CheckOrCall(0, comment="")),
]


@pytest.mark.parametrize(("text", "action"), ACTION_TEXTS)
def test_each_action_parses_and_writes_back(text: str, action: PHHAction) -> None:
    assert parse_action(text) == action
    assert action.to_phh() == text
    assert eval(repr(action)) == action  # the repr can be pasted back


def test_actions_tolerate_extra_whitespace() -> None:
    assert parse_action("  p3   cbr\t7000   #  Dwan ") == BetOrRaiseTo(2, 7000, comment="Dwan")
    assert parse_action("   ") == NoOp()


def test_muck_show_and_show_as_dealt_are_told_apart() -> None:
    assert ShowOrMuck(0).mucks
    assert not ShowOrMuck(0, cards("AsKs")).mucks
    assert not ShowOrMuck(0, as_dealt=True).mucks
    with pytest.raises(HandHistoryError, match="cannot also list cards"):
        ShowOrMuck(0, cards("AsKs"), as_dealt=True)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("p1 raise 300", "expected 'd db CARDS'"),
        ("p1 cbr", "expected 'd db CARDS'"),
        ("p1 cbr abc", "'abc' is not an amount"),
        ("p1 cbr -5", "'-5' is not an amount"),
        ("p1 cbr 1e3", "'1e3' is not an amount"),
        ("p1 cbr 0", "is not positive"),
        ("p1 cbr inf", "'inf' is not an amount"),
        ("q1 f", "'q1' is not a player"),
        ("p0 f", "'p0' is not a player"),
        ("d dh p1", "malformed dealer action"),
        ("d xx Ac", "malformed dealer action"),
        ("d dh p1 AcX", "not a run of two-character cards"),
        ("d dh p1 AcXd", "is not a card"),
        ("d db A?", "is not a card"),
        ("d db AcAc", "names the same card twice"),
        ("p1 sm Ac Kd", "expected 'd db CARDS'"),
        ("p1 sd -", "not a run of two-character cards"),
    ],
)
def test_malformed_actions_are_refused_with_their_place(text: str, reason: str) -> None:
    with pytest.raises(HandHistoryError) as error:
        parse_action(text, source="hand.phh", index=7)
    message = str(error.value)
    assert message.startswith(f"hand.phh: action 7 {text!r}: ")
    assert reason in message


def test_a_bad_action_in_a_file_names_the_file_and_the_index() -> None:
    text = (
        'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
        'starting_stacks = [200, 200]\nactions = ["d dh p1 AcKd", "d dh p2 ????", "p2 bet 5"]\n'
    )
    with pytest.raises(HandHistoryError, match=r"^my\.phh: action 2 'p2 bet 5': expected"):
        loads(text, source="my.phh")
    with pytest.raises(HandHistoryError, match=r"^<string>: action 2 'p2 cbr 5\.x': '5\.x' is not"):
        loads(text.replace("p2 bet 5", "p2 cbr 5.x"))


def test_an_action_by_a_player_who_is_not_there_is_refused() -> None:
    text = (
        'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
        'starting_stacks = [200, 200]\nactions = ["d dh p1 AcKd", "p3 f"]\n'
    )
    with pytest.raises(
        HandHistoryError,
        match=r"^x\.phh: .*action 1 'p3 f': there is no player p3 \(players are p1\.\.p2\)",
    ):
        loads(text, source="x.phh")


# --------------------------------------------------------------------------- fields

GOOD = (
    'variant = "NT"\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n'
    'starting_stacks = [200, 200, 200]\nactions = ["p3 f"]\n'
)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("variant = [", "not valid TOML"),
        (GOOD.replace('variant = "NT"\n', ""), "the required field 'variant' is missing"),
        (GOOD.replace("min_bet = 2\n", ""), "variant 'NT' requires the field(s) 'min_bet'"),
        (GOOD.replace("antes = [0, 0, 0]\n", ""), "requires the field(s) 'antes'"),
        (
            'variant = "F7S"\nantes = [1, 1]\nstarting_stacks = [10, 10]\nactions = []\n',
            "'bring_in', 'small_bet', 'big_bet'",
        ),
        (GOOD.replace("antes = [0, 0, 0]", "antes = [0, 0]"), "antes has 2 entries"),
        (GOOD.replace("antes = [0, 0, 0]", "antes = [0, -1, 0]"), "field 'antes': -1 is negative"),
        (GOOD.replace("antes = [0, 0, 0]", 'antes = [0, "1", 0]'), "'1' is not a number"),
        (GOOD.replace("antes = [0, 0, 0]", "antes = [0, true, 0]"), "True is not a number"),
        (GOOD.replace("antes = [0, 0, 0]", "antes = 0"), "0 is not an array of numbers"),
        (GOOD.replace("antes = [0, 0, 0]", "antes = [0, inf, 0]"), "Infinity is not a finite"),
        (GOOD.replace("[200, 200, 200]", "[200, -inf, 200]"), "-Infinity is not a finite"),
        (GOOD.replace("[200, 200, 200]", "[200, nan, 200]"), "NaN is not a finite"),
        (GOOD.replace("[200, 200, 200]", "[200, 0, 200]"), "starting stack of p2 is 0"),
        (GOOD.replace("[200, 200, 200]", "[200]"), "at least two players"),
        (GOOD.replace("min_bet = 2", 'min_bet = "2"'), "field 'min_bet': '2' is not a number"),
        (GOOD.replace('actions = ["p3 f"]', 'actions = "p3 f"'), "field 'actions'"),
        (GOOD.replace('actions = ["p3 f"]', "actions = [3]"), "field 'actions'"),
        (GOOD + 'players = ["a", "b"]\n', "players has 2 entries but there are 3 players"),
        (GOOD + "players = [1, 2, 3]\n", "field 'players': [1, 2, 3] is not an array of strings"),
        (GOOD + "finishing_stacks = [1, 2, inf]\n", "field 'finishing_stacks': Infinity"),
        (GOOD + "year = 2019.5\n", "field 'year': Decimal('2019.5') is not an integer"),
        (GOOD + "hand = [1]\n", "field 'hand': [1] is not an integer or a string"),
        (GOOD + 'ante_trimming_status = "yes"\n', "'yes' is not true or false"),
        (GOOD + 'time = "noon"\n', "'noon' is not a local time"),
        (GOOD + "seats = [1, 2, 3.5]\n", "is not an array of integers"),
        (GOOD + "time_limit = nan\n", "nan is not a number"),
    ],
)
def test_malformed_fields_are_refused_with_their_name(text: str, reason: str) -> None:
    with pytest.raises(HandHistoryError) as error:
        loads(text, source="bad.phh")
    message = str(error.value)
    assert message.startswith("bad.phh: ")
    assert reason in message


def test_optional_fields_of_the_standard_round_trip() -> None:
    text = GOOD + (
        'url = "https://example.org"\nvenue = "Online"\ntime = 21:07:05\n'
        'time_zone = "America/Toronto"\ntime_zone_abbreviation = "EDT"\nday = 1\nmonth = 7\n'
        'year = 2024\nhand = "A-17"\nlevel = 12\nseats = [2, 5, 9]\nseat_count = 9\ntable = 4\n'
        'winnings = [0, 3, 0]\ncurrency_symbol = "$"\ntime_limit = 30.5\n'
        "time_banks = [60, 60, inf]\n"
    )
    hand = loads(text)
    assert hand.time == datetime.time(21, 7, 5)
    assert (hand.time_zone, hand.time_zone_abbreviation) == ("America/Toronto", "EDT")
    assert (hand.hand, hand.level, hand.seats, hand.seat_count, hand.table) == (
        "A-17",
        12,
        (2, 5, 9),
        9,
        4,
    )
    assert hand.winnings == (0, 3, 0)
    assert hand.time_limit == Decimal("30.5")
    assert hand.time_banks == (Decimal(60), Decimal(60), Decimal("Infinity"))
    written = dumps(hand)
    assert loads(written) == hand
    keys = [line.split(" = ")[0] for line in written.splitlines() if " = " in line]
    assert keys == [name for name in FIELD_ORDER if name in keys]
    assert len(keys) == 24


def test_unknown_fields_are_kept_and_written_back() -> None:
    text = GOOD + (
        '_note = "side \\"bet\\"\\n"\nrake = 1.50\nflags = [true, false]\n'
        "nested = {a = 1, b = [1.5, 2], c = {d = 1979-05-27T07:32:00}}\n"
        '"odd key" = 2024-01-02\n'
    )
    hand = loads(text)
    assert hand.extra == {
        "_note": 'side "bet"\n',
        "rake": Decimal("1.50"),
        "flags": (True, False),
        "nested": {
            "a": 1,
            "b": (Decimal("1.5"), 2),
            "c": {"d": datetime.datetime(1979, 5, 27, 7, 32)},
        },
        "odd key": datetime.date(2024, 1, 2),
    }
    assert hand.scale == 1  # unknown fields are not amounts of play
    written = dumps(hand)
    assert written.endswith('"odd key" = 2024-01-02\n')
    assert loads(written) == hand
    assert tomllib.loads(written, parse_float=Decimal)["rake"] == Decimal("1.50")


def test_extra_cannot_shadow_a_standard_field() -> None:
    with pytest.raises(HandHistoryError, match="extra repeats standard fields"):
        PHHHand(variant="NT", antes=(0, 0), starting_stacks=(9, 9), extra={"year": 1})


def test_the_repr_of_a_hand_can_be_pasted_back() -> None:
    for name in ("dwan-ivey-2009.phh", "alice-carol-wikipedia.phh", "pluribus/32/23.phh"):
        hand = read_phh(DATA / name)
        assert eval(repr(hand)) == hand
    odd = loads(GOOD + "nested = {a = [{b = 1}], c = 2.50}\n")
    assert eval(repr(odd)) == odd
    assert repr(loads(GOOD)) == (
        "PHHHand(variant='NT', antes=(0, 0, 0), starting_stacks=(200, 200, 200), "
        "actions=(Fold(player_index=2),), blinds_or_straddles=(1, 2, 0), min_bet=2)"
    )


def test_a_hand_holds_only_actions() -> None:
    with pytest.raises(HandHistoryError, match="action 0 is 'p1 f', not a PHH action"):
        PHHHand(variant="NT", antes=(0, 0), starting_stacks=(9, 9), actions=("p1 f",))  # type: ignore[arg-type]


def test_hands_are_hashable_values() -> None:
    a, b = loads(GOOD), loads(GOOD + "year = 2020\n")
    assert len({a, loads(GOOD), b}) == 2


# --------------------------------------------------------------------------- files


def test_read_phh_takes_a_path_or_text_and_write_phh_saves(tmp_path: Path) -> None:
    hand = read_phh(DATA / "dwan-ivey-2009.phh")
    assert read_phh(str(DATA / "dwan-ivey-2009.phh")) == hand
    text = write_phh(hand, tmp_path / "copy.phh")
    assert (tmp_path / "copy.phh").read_text(encoding="utf-8") == text == dumps(hand)
    assert read_phh(text) == hand
    assert read_phh(tmp_path / "copy.phh") == hand


def test_errors_from_a_file_name_the_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.phh"
    path.write_text(GOOD.replace('"p3 f"', '"p3 fold"'), encoding="utf-8")
    with pytest.raises(HandHistoryError, match=r"broken\.phh: action 0 'p3 fold'"):
        read_phh(path)


def test_phhs_files_hold_several_hands(tmp_path: Path) -> None:
    hands = [
        read_phh(DATA / "dwan-ivey-2009.phh"),
        read_phh(DATA / "pluribus" / "32" / "23.phh"),
        read_phh(DATA / "antonius-blom-2009.phh"),
    ]
    text = dumps_all(hands)
    assert [line for line in text.splitlines() if line.startswith("[")] == ["[1]", "[2]", "[3]"]
    assert loads_all(text) == hands
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "many.phhs").write_text(text, encoding="utf-8")
    (tmp_path / "10.phh").write_text(dumps(hands[0]), encoding="utf-8")
    (tmp_path / "9.phh").write_text(dumps(hands[1]), encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a hand", encoding="utf-8")
    files = [p.relative_to(tmp_path).as_posix() for p in iter_phh_files(tmp_path)]
    assert files == ["9.phh", "10.phh", "sub/many.phhs"]
    found = list(iter_phh_hands(tmp_path))
    assert [h for _, h in found] == [hands[1], hands[0], *hands]
    assert read_phhs(tmp_path / "sub" / "many.phhs") == hands


def test_a_phhs_entry_must_be_a_table() -> None:
    with pytest.raises(HandHistoryError, match=r"\[variant\]: a \.phhs file holds only tables"):
        loads_all(GOOD)
    with pytest.raises(HandHistoryError, match=r"^all\.phhs \[2\]: variant 'NT' requires"):
        loads_all(f"[1]\n{GOOD}\n[2]\n{GOOD.replace('min_bet = 2', '')}", source="all.phhs")


def test_a_missing_path_is_an_error() -> None:
    with pytest.raises(FileNotFoundError, match="no PHH file or folder"):
        list(iter_phh_files(DATA / "no-such-folder"))


# --------------------------------------------------------------------------- documentation


@pytest.mark.parametrize(
    "module",
    [
        croupier.history.phh,
        croupier.history._phh_hand,
        croupier.history._phh_actions,
        croupier.history._phh_amounts,
    ],
)
def test_doctests(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0


def test_holdem_variants_are_the_two_texas_holdem_codes() -> None:
    assert {"NT", "FT"} == HOLDEM_VARIANTS
