"""Replaying PHH hands through the engine: the 10,019 real hold'em hands, details, the CLI.

The real hands of ``shared/phh`` were recorded by PokerKit's authors with the
stacks PokerKit computes; croupier under :func:`croupier.rules.phh` must end every
one of them with the same stacks, to the chip. Engine hands written as PHH must
replay to the engine's own stacks.
"""

from __future__ import annotations

import doctest
import json
import shutil
import subprocess
import sys
import time
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

import croupier.history.replay
from _paths import shared_phh_dir
from croupier.cards import parse_cards
from croupier.cli.main import app
from croupier.engine import (
    Acted,
    Awarded,
    Posted,
    Shown,
)
from croupier.history import (
    PHHHand,
    ReplayResult,
    dumps,
    iter_phh_hands,
    json_amount,
    loads,
    phh_rules_for,
    read_phh,
    replay_phh,
)
from croupier.rules import AnteKind, AntePot, OddChips

DATA = shared_phh_dir()
DWAN_IVEY = DATA / "dwan-ivey-2009.phh"
HALF_CHIP = DATA / "pluribus" / "102" / "0.phh"
WSOP = DATA / "wsop" / "2023" / "43" / "5"

NO_FINISHING_STACKS_TRIMMED = (
    "the file records no finishing stacks: these are croupier's, under croupier.rules.phh,"
    " the standard as PokerKit reads it (odd chips to the first winner left of the button,"
    " antes trimmed)"
)
HALF_CHIP_HANDS = {
    "pluribus/41b/204.phh",
    "pluribus/102/0.phh",
    "pluribus/60/88.phh",
    "pluribus/91/53.phh",
    "pluribus/91/43.phh",
    "pluribus/32/23.phh",
    "pluribus/88/128.phh",
    "pluribus/75b/76.phh",
}


def text_hand(*actions: str, **fields: str) -> PHHHand:
    """A hand-made three-handed NT hand, 50/100, 1,000 each, with these actions."""
    values = {
        "variant": '"NT"',
        "antes": "[0, 0, 0]",
        "blinds_or_straddles": "[50, 100, 0]",
        "min_bet": "100",
        "starting_stacks": "[1000, 1000, 1000]",
        **fields,
    }
    lines = [f"{k} = {v}" for k, v in values.items()]
    lines.append("actions = [" + ", ".join(f'"{a}"' for a in actions) + "]")
    return loads("\n".join(lines))


# ------------------------------------------------------------------------ the data set


def test_every_holdem_hand_of_the_data_set_replays_to_its_finishing_stacks() -> None:
    start = time.perf_counter()
    counts: Counter[str] = Counter()
    half_chips: set[str] = set()
    failures: list[str] = []
    for path, hand in iter_phh_hands(DATA):
        result = replay_phh(hand)
        name = path.relative_to(DATA).as_posix()
        if result.skipped is not None:
            counts["skipped"] += 1
            continue
        counts["replayed"] += 1
        counts[hand.variant] += 1
        if result.error is not None or result.match is False:
            failures.append(f"{name}: {result.error or (result.finishing_stacks, result.expected)}")
        elif result.match is None:
            counts["no finishing stacks"] += 1
        else:
            counts["matched"] += 1
        if hand.finishing_stacks is None:
            assert result.notes == (NO_FINISHING_STACKS_TRIMMED,), result.notes
        elif result.notes:
            assert result.match is True
            half_chips.add(name)
    elapsed = time.perf_counter() - start
    assert failures == []
    assert counts == {
        "replayed": 10_019,
        "NT": 10_012,  # 10,000 Pluribus, 11 WSOP, dwan-ivey
        "FT": 7,
        "matched": 10_018,
        "no finishing stacks": 1,  # dwan-ivey-2009.phh
        "skipped": 69,
    }
    # The only notes are the eight split pots that the files record in half chips (and
    # what dwan-ivey's replay assumed: it records no finishing stacks).
    assert half_chips == HALF_CHIP_HANDS
    print(f"\n10,088 files read, 10,019 hands replayed in {elapsed:.1f} s")


def test_the_million_dollar_pot_dwan_ivey() -> None:
    result = replay_phh(read_phh(DWAN_IVEY))
    assert result.error is None and result.skipped is None
    assert result.expected is None and result.match is None  # the file has no finishing stacks
    hand = result.hand
    assert hand is not None
    # Ivey (p1) is all-in on the turn for 1,067,100; Dwan (p3) calls his last 495,000.
    # The pot: 1,500 of antes, Antonius's big blind, 23,000 and 35,000 each, 495,000 each.
    assert hand.board == parse_cards("Jc3d5c4hJh")
    assert hand.hole_cards(1) == parse_cards("Ac2d") and hand.hole_cards(3) == parse_cards("7h6h")
    awards = [e for e in hand.events if isinstance(e, Awarded)]
    assert awards == [Awarded(0, 1_109_500, ((3, 1_109_500),), "Straight, seven high")]
    # Both hands tabled by the engine once betting was over (the file's sm lines confirm them).
    shown = [e for e in hand.events if isinstance(e, Shown)]
    assert [(e.seat, e.auto) for e in shown] == [(1, True), (3, True)]
    assert result.finishing_stacks == (Decimal(572_100), Decimal(1_997_500), Decimal(1_109_500))
    assert sum(hand.stacks.values()) == 1_125_600 + 2_000_000 + 553_500


def test_a_fixed_limit_wsop_hand() -> None:
    # WSOP 2023 event 43, hand 34: Rast (p2) and Tong (p4) play to a river showdown.
    phh_hand = read_phh(WSOP / "34.phh")
    result = replay_phh(phh_hand)
    assert result.match is True and result.notes == ()
    hand = result.hand
    assert hand is not None
    assert hand.rules.fixed_limit and hand.rules.stakes.small_bet == 200_000
    raises = [(e.seat, e.kind.value, e.to) for e in hand.events if isinstance(e, Acted)]
    # Fixed steps: 400,000 before the flop, 200,000 on the flop, 400,000 on the turn.
    assert (4, "raise", 400_000) in raises
    assert [r for r in raises if r[1] in ("bet", "raise")] == [
        (4, "raise", 400_000),
        (4, "bet", 200_000),
        (2, "raise", 400_000),
        (2, "bet", 400_000),
    ]
    awards = [e for e in hand.events if isinstance(e, Awarded)]
    assert awards == [Awarded(0, 2_500_000, ((2, 2_500_000),), "Two pair, tens and nines")]
    assert result.finishing_stacks == tuple(Decimal(s) for s in phh_hand.finishing_stacks or ())


def test_a_wsop_hand_with_a_big_blind_ante_as_dead_money() -> None:
    # Hand 1: only the big blind pays the 120,000 ante, and ante_trimming_status is false.
    phh_hand = read_phh(WSOP / "1.phh")
    rules = phh_rules_for(phh_hand)
    assert rules.ante_kind is AnteKind.BIG_BLIND and rules.ante_pot is AntePot.DEAD_MONEY
    result = replay_phh(phh_hand)
    assert result.match is True
    assert result.hand is not None
    assert result.finishing_stacks == (
        Decimal(7_340_000),
        Decimal(3_775_000),
        Decimal(5_110_000),
        Decimal(8_935_000),
        Decimal(4_545_000),
    )


def test_a_half_chip_pluribus_hand_is_the_files_rounding_of_the_odd_chip() -> None:
    # p1 (2cAc) and p5 (6dAd) share a pot of 1,349 with the same A-A-Q-9-8. The file
    # writes 674.5 each. croupier splits whole chips: the odd chip goes to the first
    # winner left of the button (rules.phh: OddChips.FIRST_LEFT_OF_BUTTON, TDA R20-A,
    # as PokerKit does). The button is p6, so p1, first to its left, gets 675.
    phh_hand = read_phh(HALF_CHIP)
    assert phh_hand.results_fractional
    result = replay_phh(phh_hand)
    hand = result.hand
    assert hand is not None
    assert hand.rules.odd_chips is OddChips.FIRST_LEFT_OF_BUTTON
    awards = [e for e in hand.events if isinstance(e, Awarded)]
    assert awards == [Awarded(0, 1_349, ((1, 675), (5, 674)), "Pair of aces")]
    assert result.finishing_stacks is not None and result.expected is not None
    assert result.finishing_stacks[0] == Decimal(10_113) and result.finishing_stacks[4] == 10_112
    assert result.expected[0] == result.expected[4] == Decimal("10112.5")
    assert result.match is True
    assert result.note == (
        "the file records half chips for the split pot (p1, p5); croupier splits by whole "
        "chips and gave the odd chip to p1, the first winner left of the button "
        "(odd_chips first-left-of-button)"
    )


def test_a_real_half_chip_is_not_accepted_where_no_pot_was_split() -> None:
    text = HALF_CHIP.read_text(encoding="utf-8").replace(
        "finishing_stacks = [10112.5, 9775.0, 10000.0, 10000.0, 10112.5, 10000.0]",
        "finishing_stacks = [10112.5, 9775.0, 10000.5, 9999.5, 10112.5, 10000.0]",
    )
    result = replay_phh(loads(text))
    assert result.match is False and result.notes == ()


def test_non_holdem_files_are_skipped_not_errors() -> None:
    for name, variant in [
        ("antonius-blom-2009.phh", "PO"),
        ("phua-xuan-2019.phh", "NS"),
        ("arieh-yockey-2019.phh", "F2L3D"),
        ("alice-carol-wikipedia.phh", "FB"),
    ]:
        result = replay_phh(read_phh(DATA / name))
        assert result == ReplayResult(
            variant=variant,
            skipped=f"variant {variant} is not hold'em (only NT and FT are replayed)",
        )
        assert result.ok and result.match is None and result.error is None


# ----------------------------------------------------------------- the mapping in detail


def test_heads_up_the_button_is_p2_and_posts_the_small_blind() -> None:
    hand = text_hand(
        "d dh p1 ????",
        "d dh p2 ????",
        "p2 cbr 300",
        "p1 cc",
        "d db AcKdQh",
        "p1 cc",
        "p2 cbr 200",
        "p1 f",
        antes="[5, 10]",  # reversed too: p1 pays 10, p2 (the button) pays 5
        blinds_or_straddles="[50, 100]",
        starting_stacks="[1000, 2000]",
        finishing_stacks="[690, 2310]",
    )
    result = replay_phh(hand)
    assert result.error is None and result.match is True
    engine = result.hand
    assert engine is not None
    assert engine.button == 2
    posted = [(e.seat, e.kind.value, e.amount) for e in engine.events if isinstance(e, Posted)]
    assert posted == [
        (1, "ante", 10),
        (2, "ante", 5),
        (2, "small-blind", 50),
        (1, "big-blind", 100),
    ]


def test_a_straddle_on_p3_acts_last_before_the_flop() -> None:
    hand = text_hand(
        "p4 f",
        "p1 f",
        "p2 f",
        blinds_or_straddles="[50, 100, 200, 0]",
        antes="[0, 0, 0, 0]",
        starting_stacks="[1000, 1000, 1000, 1000]",
        finishing_stacks="[950, 900, 1150, 1000]",
    )
    result = replay_phh(hand)
    assert result.error is None and result.match is True
    assert result.hand is not None
    assert [e.kind.value for e in result.hand.events if isinstance(e, Posted)] == [
        "small-blind",
        "big-blind",
        "straddle",
    ]


def test_the_deck_deals_the_files_cards_and_fills_unknown_ones_from_what_is_shown() -> None:
    hand = text_hand(
        "d dh p1 ????",
        "d dh p2 Kd??",
        "d dh p3 7h6h",
        "p3 cc",
        "p1 cc",
        "p2 cc",
        "d db Jc3d5c",
        "p1 cc",
        "p2 cc",
        "p3 cc",
        "d db 4h",
        "p1 cc",
        "p2 cc",
        "p3 cc",
        "d db Jh",
        "p1 cc",
        "p2 cc",
        "p3 cc",
        "p1 sm AsAh",
        "p2 sm KdKs",
        "p3 sm",
    )
    result = replay_phh(hand)
    assert result.error is None
    engine = result.hand
    assert engine is not None
    assert engine.hole_cards(1) == parse_cards("AsAh")
    assert engine.hole_cards(2) == parse_cards("KdKs")
    assert engine.board == parse_cards("Jc3d5c4hJh")
    deck = engine.events[0].deck  # type: ignore[union-attr]
    assert deck[:6] == parse_cards("AsKd7hAhKs6h")  # one card at a time from p1, twice
    assert len(set(deck)) == 52
    assert result.finishing_stacks == (Decimal(1200), Decimal(900), Decimal(900))


def test_a_showdown_in_another_order_than_the_engines_is_applied_player_by_player() -> None:
    # Nobody bets on the river: croupier asks p1 first (left of the button); the file
    # lists p3 then p2 then p1.
    actions = ["d dh p1 2c7d", "d dh p2 AsAh", "d dh p3 KsKh", "p3 cc", "p1 cc", "p2 cc"]
    for board in ("d db Jc3d5c", "d db 4h", "d db 9s"):
        actions += [board, "p1 cc", "p2 cc", "p3 cc"]
    actions += ["p3 sm KsKh", "p2 sm AsAh", "p1 sm"]
    result = replay_phh(text_hand(*actions, finishing_stacks="[900, 1200, 900]"))
    assert result.error is None and result.match is True
    assert result.notes == (
        "showdown order: the file lists p3, p2, p1; croupier asks p1, p2, p3 (the river's last "
        "aggressor first, else the first left of the button) and applied the file's decisions "
        "player by player",
    )


def test_an_unknown_starting_stack_is_played_deep_and_reported_as_none() -> None:
    hand = text_hand("p3 cbr 300", "p1 f", "p2 f", starting_stacks="[inf, 1000, 1000]")
    result = replay_phh(hand)
    assert result.error is None and result.match is None
    assert result.finishing_stacks == (None, Decimal(900), Decimal(1150))
    assert result.to_json()["finishing_stacks"] == [None, 900, 1150]


def test_decimal_amounts_are_played_in_the_files_smallest_unit() -> None:
    hand = text_hand(
        "p3 cbr 0.75",
        "p1 f",
        "p2 f",
        blinds_or_straddles="[0.1, 0.25, 0]",
        min_bet="0.25",
        starting_stacks="[10, 10, 10.05]",
        finishing_stacks="[9.9, 9.75, 10.4]",
    )
    assert hand.scale == 100
    result = replay_phh(hand)
    assert result.match is True
    assert result.finishing_stacks == (Decimal("9.9"), Decimal("9.75"), Decimal("10.4"))
    assert result.to_json()["finishing_stacks"] == [9.9, 9.75, 10.4]


def test_json_amounts_are_ints_when_whole() -> None:
    assert json_amount(Decimal("9775.0")) == 9775 and isinstance(json_amount(Decimal(7)), int)
    assert json_amount(Decimal("10112.5")) == 10112.5
    assert json.dumps(json_amount(Decimal("0.07"))) == "0.07"


@pytest.mark.parametrize(
    ("actions", "fields", "message"),
    [
        (["p3 cbr 150"], {}, "action 0 'p3 cbr 150': raise to 150 is below the minimum of 200"),
        (["p1 f"], {}, "action 0 'p1 f': seat 1 acted out of turn: it is seat 3's turn"),
        (["p3 cc", "p1 cc"], {}, "the actions end before the hand is over: p2 is to act"),
        (["p3 cc", "d db AcKdQh"], {}, "action 1 'd db AcKdQh': croupier has dealt 0 board"),
        (["d dh p1 AcAd", "d dh p2 AcKs"], {}, "the card Ac is dealt twice (p1 and p2)"),
        (["d dh p1 AcAd", "p3 f", "p1 f", "p1 sm AcKd"], {}, "p1 shows AcKd but was dealt AcAd"),
        (["p3 pb"], {}, "action 0 'p3 pb': not a hold'em action"),
        (["p3 f"], {"blinds_or_straddles": "[0, 0, 0]"}, "has no big blind"),
        (
            ["p3 f"],
            {"blinds_or_straddles": "[50, 100, 200, 400]", "antes": "[0, 0, 0, 0]"},
            "2 straddles",
        ),
    ],
)
def test_a_file_that_does_not_replay_gives_an_error_not_an_exception(
    actions: list[str], fields: dict[str, str], message: str
) -> None:
    if "antes" in fields:
        fields["starting_stacks"] = "[1000, 1000, 1000, 1000]"
    result = replay_phh(text_hand(*actions, **fields))
    assert result.error is not None and message in result.error, result.error
    assert result.finishing_stacks is None and result.match is None and not result.ok


def test_a_showdown_decision_missing_from_the_file_is_an_error() -> None:
    actions = ["p3 cc", "p1 cc", "p2 cc"]
    for board in ("d db Jc3d5c", "d db 4h", "d db 9s"):
        actions += [board, "p1 cc", "p2 cc", "p3 cc"]
    actions += ["p2 sm", "p3 sm"]
    result = replay_phh(text_hand(*actions))
    assert result.error == (
        "action 16 'p3 sm': croupier asks p1 to show or muck but the file's showdown "
        "(p2, p3) gives no decision for p1"
    )


def test_the_replay_module_doctests() -> None:
    failures, tests = doctest.testmod(croupier.history.replay)
    assert tests >= 3 and failures == 0


# ------------------------------------------------------------------------------ the CLI

runner = CliRunner()


def json_lines(output: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in output.splitlines()]


def test_cli_json_for_a_half_chip_hand() -> None:
    outcome = runner.invoke(app, ["replay", str(HALF_CHIP), "--json"])
    assert outcome.exit_code == 0, outcome.output
    (line,) = json_lines(outcome.output)
    assert list(line) == [
        "file",
        "hand",
        "variant",
        "finishing_stacks",
        "expected",
        "match",
        "unfinished",
        "error",
        "skipped",
        "note",
    ]
    assert line["file"] == str(HALF_CHIP) and line["hand"] == 1 and line["variant"] == "NT"
    assert line["finishing_stacks"] == [10113, 9775, 10000, 10000, 10112, 10000]
    assert line["expected"] == [10112.5, 9775, 10000, 10000, 10112.5, 10000]
    assert line["match"] is True and line["error"] is None and line["skipped"] is None
    assert isinstance(line["note"], str) and "odd chip to p1" in line["note"]


def test_cli_on_a_folder_replays_recursively_and_summarises() -> None:
    outcome = runner.invoke(app, ["replay", str(WSOP.parent), "--json"])
    assert outcome.exit_code == 0
    lines = json_lines(outcome.output)
    assert len(lines) == 83
    assert Counter(str(line["match"]) for line in lines) == {"True": 18, "None": 65}
    skipped = [line for line in lines if line["skipped"] is not None]
    assert len(skipped) == 65 and all(line["error"] is None for line in skipped)
    assert (
        skipped[0]["skipped"]
        == f"variant {skipped[0]['variant']} is not hold'em (only NT and FT are replayed)"
    )

    outcome = runner.invoke(app, ["replay", str(WSOP)])
    assert outcome.exit_code == 0
    assert "match     " in outcome.output and "skipped   " in outcome.output
    assert outcome.output.strip().splitlines()[-1] == (
        "18 hands replayed: 18 matched, 0 mismatched, 0 without finishing stacks; "
        "0 errors, 65 skipped"
    )


def test_cli_exit_status_is_one_on_a_mismatch_or_an_error(tmp_path: Path) -> None:
    wrong = tmp_path / "wrong.phh"
    wrong.write_text(
        (WSOP / "34.phh")
        .read_text(encoding="utf-8")
        .replace("finishing_stacks = [3075000,", "finishing_stacks = [3075001,"),
        encoding="utf-8",
    )
    outcome = runner.invoke(app, ["replay", str(wrong)])
    assert outcome.exit_code == 1
    assert "MISMATCH" in outcome.output and "expected 3,075,001" in outcome.output

    broken = tmp_path / "broken.phh"
    broken.write_text('variant = "NT"\nantes = [0, 0\n', encoding="utf-8")
    illegal = tmp_path / "illegal.phhs"
    illegal.write_text(
        "[1]\n"
        + dumps(text_hand("p3 cbr 300", "p1 f", "p2 f", finishing_stacks="[950, 900, 1150]"))
        + "[2]\n"
        + dumps(text_hand("p3 cbr 150")),
        encoding="utf-8",
    )
    outcome = runner.invoke(app, ["replay", str(tmp_path), "--json"])
    assert outcome.exit_code == 1
    lines = {
        (Path(str(line["file"])).name, line["hand"]): line for line in json_lines(outcome.output)
    }
    assert set(lines) == {
        ("broken.phh", None),
        ("illegal.phhs", 1),
        ("illegal.phhs", 2),
        ("wrong.phh", 1),
    }
    assert lines["broken.phh", None]["error"] is not None
    assert lines["illegal.phhs", 1]["match"] is True
    assert "below the minimum" in str(lines["illegal.phhs", 2]["error"])
    assert lines["wrong.phh", 1]["match"] is False

    outcome = runner.invoke(app, ["replay", str(tmp_path / "missing.phh")])
    assert outcome.exit_code == 1 and "no PHH file or folder" in outcome.output

    outcome = runner.invoke(app, ["replay", str(tmp_path), "--quiet"])
    assert outcome.exit_code == 1
    assert "match     " not in outcome.output and "MISMATCH" in outcome.output


def test_cli_exit_status_is_zero_when_every_hand_matches_or_is_skipped() -> None:
    outcome = runner.invoke(app, ["replay", str(DATA / "antonius-blom-2009.phh"), str(DWAN_IVEY)])
    assert outcome.exit_code == 0
    assert "1 hands replayed: 0 matched, 0 mismatched, 1 without finishing stacks" in outcome.output


def test_cli_as_a_real_command() -> None:
    command = shutil.which("croupier", path=str(Path(sys.executable).parent))
    assert command is not None, "the croupier command is not installed next to this Python"
    done = subprocess.run(
        [command, "replay", str(DWAN_IVEY), "--json"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {
        "file": str(DWAN_IVEY),
        "hand": 1,
        "variant": "NT",
        "finishing_stacks": [572100, 1997500, 1109500],
        "expected": None,
        "match": None,
        "unfinished": False,
        "error": None,
        "skipped": None,
        "note": NO_FINISHING_STACKS_TRIMMED,
    }
