"""Bad input of the wrong type below the engine: cards, hand values, equity, ranges, rules.

Every public entry point answers a wrong type, a bool where a number is expected, NaN,
infinity, a huge or negative number or an empty input with croupier's own error (a
``ValueError``), a message that quotes the input, cut short when long, and says what is
accepted. Well-formed text of an enum member is read as the member; floats are never
read as chips or fractions.
"""

from __future__ import annotations

import doctest
import importlib
import inspect
import random
import typing
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import Card, Deck, parse_cards
from croupier.errors import (
    ConfigurationError,
    CroupierError,
    DeckError,
    InvalidArgumentError,
    InvalidCardError,
    InvalidRangeError,
)
from croupier.evaluate import category_of, describe, evaluate, evaluate_checked, rank_hand
from croupier.evaluate.batch import evaluate_batch, random_hands, value_counts
from croupier.evaluate.equity import MAX_SAMPLES, equity
from croupier.evaluate.ranges import parse_range
from croupier.rules import PRESETS, Rake, Rules, Stakes, preset, tda

JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
    st.lists(st.integers(0, 3), max_size=3),
)
NOT_WHOLE = [True, False, 1.5, float("nan"), float("inf"), "5", None, [5]]
"""Never a whole number, though some look like one."""


@pytest.mark.parametrize(
    "module", ["croupier._checks", "croupier.rules._fields", "croupier.engine.actions"]
)
def test_the_doctests(module: str) -> None:
    failures, tests = doctest.testmod(importlib.import_module(module))
    assert tests > 0 and failures == 0


# ------------------------------------------------------------------------ cards


@pytest.mark.parametrize("bad", [5, None, ["As"], 1.5, b"As", "A", "1s", "Ax", "x" * 1000])
def test_card_refuses_what_is_not_a_card(bad: object) -> None:
    with pytest.raises(InvalidCardError, match="is not a card") as refused:
        Card(bad)  # type: ignore[arg-type]
    assert len(str(refused.value)) < 200


def test_card_takes_a_card_and_numpy_indices() -> None:
    ace = Card("As")
    assert Card(ace) is ace
    assert Card.from_index(np.int64(51)) is ace and Card.of(np.uint8(12), 3) is ace


@pytest.mark.parametrize("bad", [*NOT_WHOLE, -1, 52, 10**30])
def test_card_indices_are_whole_numbers_from_0_to_51(bad: object) -> None:
    with pytest.raises(InvalidCardError, match="card index must be a whole number"):
        Card.from_index(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("rank", "suit"), [(1.5, 0), (0, 1.5), (13, 0), (0, 4), (-1, 0), (True, 0)]
)
def test_ranks_and_suits_are_whole_numbers_in_range(rank: object, suit: object) -> None:
    with pytest.raises(InvalidCardError, match=r"rank|suit"):
        Card.of(rank, suit)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [5, None, 1.5, [5], ["As", None], "AsAs", "As Kd Qx"])
def test_parse_cards_refuses_what_is_not_cards(bad: object) -> None:
    with pytest.raises(InvalidCardError):
        parse_cards(bad)  # type: ignore[arg-type]


@settings(max_examples=300, deadline=None, derandomize=True)
@given(text=st.text(max_size=20))
def test_parse_cards_of_any_text_is_cards_or_an_invalid_card_error(text: str) -> None:
    try:
        cards = parse_cards(text)
    except InvalidCardError:
        return
    assert all(type(c) is Card for c in cards) and len(set(cards)) == len(cards)


@pytest.mark.parametrize("bad", [None, 5, "AsKd", [5], [None]])
def test_a_deck_refuses_what_is_not_cards(bad: object) -> None:
    with pytest.raises((DeckError, InvalidCardError)):
        Deck(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", ["seed", 5, random, np.random.default_rng(1)])
def test_a_shuffle_takes_a_random_generator_or_nothing(bad: object) -> None:
    with pytest.raises(DeckError, match="not a random generator"):
        Deck.shuffled(bad)  # type: ignore[arg-type]


# ------------------------------------------------------------------ hand values


@pytest.mark.parametrize(
    "bad", [5, None, 1.5, "As", "As Ks Qs Js", "As " * 8, ["As", 5], "AsAsKsQsJs"]
)
def test_rank_hand_and_evaluate_refuse_what_is_not_a_hand(bad: object) -> None:
    for evaluator in (rank_hand, evaluate_checked, evaluate):
        with pytest.raises(InvalidCardError):
            evaluator(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [*NOT_WHOLE, 0, 7463, -3, 10**30])
def test_hand_values_are_whole_numbers_from_1_to_7462(bad: object) -> None:
    for ask in (describe, category_of):
        with pytest.raises(InvalidArgumentError, match="is not a hand value"):
            ask(bad)  # type: ignore[arg-type]


def test_a_numpy_hand_value_is_read() -> None:
    values = evaluate_batch(np.array([[48, 49, 50, 51, 44]]))
    assert describe(values[0]) == "Four of a kind, aces"


# ----------------------------------------------------------------------- equity


@pytest.mark.parametrize(
    ("kwargs", "shown"),
    [
        ({"samples": 10**30}, "1000000000000000000000000000000"),
        ({"samples": MAX_SAMPLES + 1}, "1000000001"),
        ({"samples": True}, "True"),
        ({"samples": 1.5}, "1.5"),
        ({"samples": float("nan")}, "nan"),
        ({"samples": float("inf")}, "inf"),
        ({"samples": "10"}, "'10'"),
        ({"samples": -1}, "-1"),
        ({"samples": 0}, "0"),
        ({"exact": "yes"}, "'yes'"),
        ({"exact": 1}, "1"),
        ({"rng": -1}, "-1"),
        ({"rng": 1.5}, "1.5"),
        ({"rng": "x"}, "'x'"),
        ({"rng": 2**200}, "a number of 61 digits"),
        ({"threads": 0}, "0"),
        ({"threads": True}, "True"),
        ({"threads": 10**6}, "1000000"),
        ({"threads": 1.5}, "1.5"),
    ],
)
def test_equity_refuses_bad_counts_seeds_and_threads(kwargs: dict[str, Any], shown: str) -> None:
    with pytest.raises(InvalidArgumentError) as refused:
        equity(["AsAh", "KsKd"], **kwargs)
    assert shown in str(refused.value)


@pytest.mark.parametrize(
    ("hands", "board", "dead"),
    [
        (None, (), ()),
        (5, (), ()),
        ([5, 6], (), ()),
        (["AsAh", None], (), ()),
        (["AsAh", 7.5], (), ()),
        ([["As", "Ah"], ["Ks", 5]], (), ()),
        (["AsAh", "KsKd"], 5, ()),
        (["AsAh", "KsKd"], (), None),
        (["AsAh", "KsKd"], "2c3c4x", ()),
        (["AsAh", ""], (), ()),
    ],
)
def test_equity_refuses_hands_and_boards_that_are_not_cards(
    hands: Any, board: Any, dead: Any
) -> None:
    with pytest.raises((InvalidCardError, InvalidRangeError)):
        equity(hands, board=board, dead=dead)


@pytest.mark.parametrize("bad", [None, 5, "", " , ", "AKx", "A" * 10_000, "22-AKs"])
def test_parse_range_refuses_what_is_not_a_range_briefly(bad: object) -> None:
    with pytest.raises(InvalidRangeError) as refused:
        parse_range(bad)  # type: ignore[arg-type]
    assert len(str(refused.value)) < 300


@settings(max_examples=300, deadline=None, derandomize=True)
@given(text=st.text(alphabet="AKQJT98765432soxcdh+-, any", max_size=14))
def test_parse_range_of_any_text_is_a_range_or_an_invalid_range_error(text: str) -> None:
    try:
        result = parse_range(text)
    except InvalidRangeError:
        return
    assert all(a != b for a, b in result.combos)


@pytest.mark.parametrize(
    "call",
    [
        lambda: random_hands(-1),
        lambda: random_hands(10**12),
        lambda: random_hands(1.5),  # type: ignore[arg-type]
        lambda: random_hands(10, 0),
        lambda: random_hands(10, 53),
        lambda: random_hands(10, True),  # type: ignore[arg-type]
        lambda: random_hands(10, rng=-1),
        lambda: value_counts([-1, 5]),
        lambda: value_counts([7463]),
        lambda: value_counts([1.5]),
        lambda: evaluate_batch(np.array([[0, 1, 2, 3, 4]]), threads=0),
        lambda: evaluate_batch(np.array([[0, 1, 2, 3, 4]]), threads="2"),  # type: ignore[arg-type]
        lambda: value_counts([[1], [2, 3]]),
        lambda: value_counts(None),
    ],
)
def test_batch_functions_refuse_bad_counts(call: Any) -> None:
    with pytest.raises(InvalidArgumentError):
        call()


@pytest.mark.parametrize("bad", [[[0, 1, 2, 3, 4], [3]], None, "hands", [[True] * 5], [[0.5] * 5]])
def test_evaluate_batch_refuses_what_is_not_an_array_of_card_indices(bad: object) -> None:
    with pytest.raises(InvalidCardError):
        evaluate_batch(bad)  # type: ignore[arg-type]


def test_card_removal_takes_cards() -> None:
    aces = parse_range("AA")
    assert len(aces.without("As")) == 3 and len(aces.without([Card("Ah"), "Ad"])) == 1
    for bad in (5, None, ["As", 5]):
        with pytest.raises(InvalidCardError):
            aces.without(bad)  # type: ignore[arg-type]


# ------------------------------------------------------------------------ rules


@pytest.mark.parametrize("bad", [*NOT_WHOLE, -1, 10**19, 10**400])
def test_stakes_are_whole_numbers_of_chips(bad: object) -> None:
    with pytest.raises(ConfigurationError, match="stakes: big_blind must be a whole number"):
        Stakes(1, bad)  # type: ignore[arg-type]


def test_stakes_read_numpy_integers_as_ints() -> None:
    stakes = Stakes(np.int64(50), np.int32(100))  # type: ignore[arg-type]
    assert type(stakes.small_blind) is int and stakes.big_blind == 100


@pytest.mark.parametrize(
    "changes",
    [
        {"rate": 0.04},  # a float is never read as an exact rate
        {"rate": float("nan")},
        {"rate": "1/0"},
        {"rate": "four percent"},
        {"rate": True},
        {"step": "10"},
        {"step": 1.5},
        {"cap": True},
        {"cap": -1},
        {"no_flop_no_drop": "yes"},
    ],
)
def test_a_rake_refuses_what_it_would_misread(changes: dict[str, Any]) -> None:
    with pytest.raises(ConfigurationError, match="rake: "):
        Rake(**changes)


def test_a_rake_reads_exact_text() -> None:
    assert Rake("4/100", step=10).rate == Fraction(1, 25)


_HINTS = typing.get_type_hints(Rules)
_KNOBS = sorted(name for name in _HINTS if name not in ("name", "stakes", "rake"))


@pytest.mark.parametrize("knob", _KNOBS)
def test_every_knob_refuses_a_value_of_the_wrong_type(knob: str) -> None:
    rules = tda()
    for bad in ("bogus", 1.5, float("nan"), [], object()):
        with pytest.raises(ConfigurationError, match=f"rules: {knob}") as refused:
            rules.but(**{knob: bad})
        assert len(str(refused.value)) < 300


_ENUM_KNOBS = [k for k in _KNOBS if isinstance(_HINTS[k], type) and issubclass(_HINTS[k], StrEnum)]


@pytest.mark.parametrize("knob", _ENUM_KNOBS)
def test_every_enum_knob_reads_the_text_of_its_members(knob: str) -> None:
    kind = _HINTS[knob]
    for member in kind:
        try:
            changed = tda().but(**{knob: member.value})
        except ConfigurationError as error:  # a combination the rules refuse (an ante)
            assert "ante" in str(error)
            continue
        assert getattr(changed, knob) is member


@settings(max_examples=400, deadline=None, derandomize=True)
@given(knob=st.sampled_from(_KNOBS), value=JUNK)
def test_rules_never_misread_a_knob(knob: str, value: object) -> None:
    try:
        rules = tda().but(**{knob: value})
    except ConfigurationError:
        return
    got = getattr(rules, knob)
    hint = _HINTS[knob]
    if hint is bool:
        assert got is value
    elif isinstance(hint, type) and issubclass(hint, StrEnum):
        assert type(got) is hint and got.value == value
    elif hint is Fraction:
        assert isinstance(got, Fraction)
    else:
        assert got is None or (type(got) is int and got == value and type(value) is int)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: tda().but(bogus=1), "unknown knobs \\['bogus'\\]"),
        (lambda: tda().but(stakes=None), "stakes must be a Stakes"),
        (lambda: tda().but(name=5), "name must be text"),
        (lambda: tda().with_stakes("50/100"), "stakes must be a Stakes"),  # type: ignore[arg-type]
        (lambda: Rules.from_dict(None), "not a dictionary"),  # type: ignore[arg-type]
        (lambda: Rules.from_dict([]), "not a dictionary"),  # type: ignore[arg-type]
        (lambda: Rules.from_dict({"name": "x"}), "'stakes' is missing"),
        (lambda: Rules.from_dict({**tda().to_dict(), "stakes": [50, 100]}), "dictionaries"),
        (lambda: Rules.from_dict({**tda().to_dict(), "structure": "nope"}), "'nope'"),
        (lambda: Rules.from_dict({**tda().to_dict(), "reopen_fraction": 0.5}), "exact fraction"),
        (lambda: Rules.from_dict({**tda().to_dict(), "burn_cards": "false"}), "True or False"),
        (lambda: Rules.from_dict({**tda().to_dict(), "bogus": 1}), "unknown keys"),
    ],
)
def test_rules_values_refuse_bad_input(call: Any, message: str) -> None:
    with pytest.raises(ConfigurationError, match=message):
        call()


def test_rules_round_trip_through_a_dictionary() -> None:
    for name, build in PRESETS.items():
        rules = build()
        assert Rules.from_dict(rules.to_dict()) == rules, name
        frozen = {
            k: MappingProxyType(v) if isinstance(v, dict) else v for k, v in rules.to_dict().items()
        }
        assert Rules.from_dict(MappingProxyType(frozen)) == rules, name  # any mapping is read


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_argument_refuses_a_value_of_the_wrong_type(name: str) -> None:
    for parameter in inspect.signature(PRESETS[name]).parameters:
        for bad in ("bogus", 1.5, float("nan"), float("inf"), [], -(10**30)):
            with pytest.raises(ConfigurationError) as refused:
                preset(name, **{parameter: bad})
            assert len(str(refused.value)) < 300, (name, parameter, bad)


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        (("bogus",), {}, "unknown preset 'bogus'"),
        ((None,), {}, "unknown preset None"),
        ((["tda"],), {}, "unknown preset \\['tda'\\]"),
        (("tda", 1, 2, 3), {}, "too many positional"),
        (("tda",), {"ant": 5}, "unexpected keyword argument 'ant'"),
        (("pokerkings", 2, 4), {"euro": 0}, "euro"),
        (("casino-fr",), {"option": "yes"}, "option must be True or False"),
        (("phh",), {"ante_trimming": 1}, "ante_trimming must be True or False"),
        (("tda",), {"ante_kind": "someone"}, "'someone'"),
        (("tda", True, 2), {}, "small_blind must be a whole number"),
    ],
)
def test_preset_refuses_bad_names_and_arguments(
    args: tuple[Any, ...], kwargs: dict[str, Any], message: str
) -> None:
    with pytest.raises(ConfigurationError, match=message):
        preset(*args, **kwargs)


def test_preset_reads_the_text_of_its_enum_arguments() -> None:
    assert preset("tda", structure="pot-limit").structure.value == "pot-limit"
    assert preset("casino-fr", "fixed-limit", 100, 200).raise_cap == 4


@settings(max_examples=200, deadline=None, derandomize=True)
@given(name=st.sampled_from(sorted(PRESETS)), first=JUNK, second=JUNK)
def test_a_preset_at_any_stakes_is_rules_or_a_configuration_error(
    name: str, first: object, second: object
) -> None:
    try:
        rules = preset(name, first, second)
    except CroupierError as error:
        assert isinstance(error, ConfigurationError)
        return
    assert isinstance(rules, Rules) and type(rules.stakes.big_blind) is int
