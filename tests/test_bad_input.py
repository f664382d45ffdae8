"""Bad input of the wrong type at the engine's entry points (issue 9).

``Action``, ``Hand(...)``, ``Hand.act``, ``LegalActions``, ``Hand.replay``, the views,
``event_from_dict`` and the setup helpers answer bad input with croupier's own errors,
a message that quotes the input and says what is accepted, and no change to the hand.
Text naming an action kind is read as that kind (``Action("show")`` shows), never
misread; anything else is refused.
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import FULL_DECK, Deck
from croupier.engine import (
    Acted,
    Action,
    ActionKind,
    ForcedBet,
    ForcedKind,
    Hand,
    HandStarted,
    Mucked,
    Phase,
    SeatSetup,
    Shown,
    event_from_dict,
    event_to_dict,
    next_seat,
    standard_forced_bets,
)
from croupier.engine.views import view_of
from croupier.errors import (
    ConfigurationError,
    CroupierError,
    DeckError,
    HandHistoryError,
    IllegalActionError,
    InvalidActionError,
)
from croupier.rules import pokcomm, tda

JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
    st.lists(st.integers(0, 3), max_size=3),
    st.tuples(st.integers(0, 3), st.text(max_size=3)),
)
"""Values of every wrong type (and some of the right one)."""


def _three(**changes: Any) -> Hand:
    args: dict[str, Any] = {
        "rules": tda(50, 100),
        "seats": [SeatSetup(0, "ann", 1_000), SeatSetup(1, "bob", 1_000), SeatSetup(2, "cy", 900)],
        "button": 0,
        "deck": Deck.shuffled(random.Random(3)),
    }
    args.update(changes)
    return Hand(**args)


def _state(hand: Hand) -> tuple[object, ...]:
    return (
        hand.events,
        hand.to_act,
        hand.phase,
        hand.stacks,
        hand.bets,
        hand.pots,
        hand.legal_actions(),
    )


def _at_showdown() -> Hand:
    hand = Hand(
        rules=pokcomm(25, 50),
        seats=[SeatSetup(0, "ann", 1_000), SeatSetup(1, "bob", 1_000), SeatSetup(2, "cy", 1_000)],
        button=0,
        deck=Deck(),
    )
    while hand.phase is Phase.BETTING:
        legal = hand.legal_actions()
        hand.act(legal.seat, Action.call() if legal.call else Action.check())
    assert hand.phase is Phase.SHOWDOWN
    legal = hand.legal_actions()
    assert legal.show and legal.muck
    return hand


# ----------------------------------------------------------------------- Action


@pytest.mark.parametrize("kind", list(ActionKind))
def test_the_text_of_every_kind_is_read_as_that_kind(kind: ActionKind) -> None:
    amount = (
        300
        if kind in (ActionKind.RAISE_TO, ActionKind.BET, ActionKind.RAISE, ActionKind.PUT)
        else None
    )
    built = Action(kind, amount)
    for text in (kind.value, kind.value.upper(), kind.value.replace("-", "_"), f" {kind.value} "):
        action = Action(text, amount)
        assert action == built and action.kind is kind
    assert Action("fold") == Action.fold() and Action("raise-to", 300) == Action.raise_to(300)


@pytest.mark.parametrize("kind", ["bogus", "", "folds", "raise to", 5, None, True, 1.5, ["fold"]])
def test_an_unknown_kind_is_refused_saying_what_the_kinds_are(kind: object) -> None:
    with pytest.raises(InvalidActionError) as refused:
        Action(kind)  # type: ignore[arg-type]
    message = str(refused.value)
    assert repr(kind) in message and "'fold', 'check', 'call'" in message


@pytest.mark.parametrize(
    ("build", "shown"),
    [
        (lambda: Action.raise_to(300.0), "300.0"),  # type: ignore[arg-type]
        (lambda: Action.raise_to("300"), "'300'"),  # type: ignore[arg-type]
        (lambda: Action.raise_to(True), "True"),  # type: ignore[arg-type]
        (lambda: Action.raise_to(-1), "-1"),
        (lambda: Action.raise_to(None), "None"),  # type: ignore[arg-type]
        (lambda: Action.put(float("nan")), "nan"),  # type: ignore[arg-type]
        (lambda: Action.bet(10**400), "a number of 401 digits"),
        (lambda: Action("fold", 300), "fold takes no amount, not 300"),
        (lambda: Action("show", 0), "show takes no amount"),
    ],
)
def test_an_amount_that_is_not_chips_is_refused(build: Any, shown: str) -> None:
    with pytest.raises(InvalidActionError, match=r"amount|chips") as refused:
        build()
    assert shown in str(refused.value)
    assert len(str(refused.value)) < 200  # a 400-digit number is not written out


@settings(max_examples=300, deadline=None, derandomize=True)
@given(kind=st.one_of(st.text(max_size=12), JUNK), amount=st.one_of(st.none(), JUNK))
def test_action_never_misreads_its_input(kind: object, amount: object) -> None:
    try:
        action = Action(kind, amount)  # type: ignore[arg-type]
    except InvalidActionError:
        return
    assert type(action.kind) is ActionKind
    assert isinstance(kind, str) and action.kind.value == kind.strip().lower().replace("_", "-")
    assert action.amount is None or (type(action.amount) is int and action.amount >= 0)


# -------------------------------------------------------------------------- act


@pytest.mark.parametrize(
    "action",
    ["fold", ("fold", None), None, 5, ActionKind.FOLD, Action._make(["bogus", None])],
)
def test_act_refuses_what_is_not_an_action_and_changes_nothing(action: object) -> None:
    hand = _three()
    before = _state(hand)
    with pytest.raises(InvalidActionError, match=r"not an action|not a kind of action"):
        hand.act(0, action)  # type: ignore[arg-type]
    assert _state(hand) == before
    hand.act(0, Action("fold"))  # the text of a kind, in an Action, is read
    assert hand.is_folded(0)


@pytest.mark.parametrize("seat", ["0", 0.0, True, None, [0], -1.5])
def test_act_refuses_a_seat_that_is_not_a_seat_number(seat: object) -> None:
    hand = _three()
    before = _state(hand)
    with pytest.raises(InvalidActionError, match="not a seat number") as refused:
        hand.act(seat, Action.fold())  # type: ignore[arg-type]
    assert repr(seat) in str(refused.value) and "[0, 1, 2]" in str(refused.value)
    assert _state(hand) == before


def test_an_action_in_legal_actions_is_checked_the_same_way() -> None:
    hand = _three()
    legal = hand.legal_actions()
    assert Action("fold") in legal and Action("call") in legal and Action("raise-to", 200) in legal
    assert "fold" not in legal and None not in legal and ("fold", None) not in legal
    assert Action._make(["bogus", None]) not in legal
    assert Action._make(["fold", None]) in legal  # rebuilt around the checks, checked again
    with pytest.raises(InvalidActionError):
        legal.resolve("fold")  # type: ignore[arg-type]


def test_show_as_text_shows_at_the_showdown_and_muck_mucks() -> None:
    hand = _at_showdown()
    first = hand.to_act
    assert first is not None
    move = hand.act(first, Action("show"))
    assert move.kind is ActionKind.SHOW
    assert hand.has_shown(first) and not hand.has_mucked(first)
    assert isinstance(hand.events[-1], Shown) and hand.events[-1].seat == first
    second = hand.to_act
    assert second is not None
    hand.act(second, Action("MUCK"))
    assert hand.has_mucked(second) and not hand.has_shown(second)
    assert any(isinstance(e, Mucked) and e.seat == second for e in hand.events)


@pytest.mark.parametrize("seat", ["1", True, None, [1], 1.0, 99])
def test_views_and_seat_questions_refuse_what_is_not_a_seat_of_the_hand(seat: object) -> None:
    hand = _three()
    for ask in (hand.view, hand.hole_cards, hand.is_folded, hand.is_all_in, hand.has_shown):
        with pytest.raises(IllegalActionError, match="is not in this hand"):
            ask(seat)  # type: ignore[operator]
    assert hand.view(1).seats[1].cards == hand.hole_cards(1)  # the real seat still works


@pytest.mark.parametrize("viewer", [True, "1", 1.0])
def test_a_view_is_for_a_seat_number_or_a_spectator_never_a_lookalike(viewer: object) -> None:
    hand = _three()
    with pytest.raises(IllegalActionError, match="is not a seat"):
        view_of(hand, viewer)  # type: ignore[arg-type]
    assert view_of(hand, None).seats[1].cards is None  # the spectator sees no hole card


# --------------------------------------------------------------------- Hand(...)

_GOOD_SEATS = [SeatSetup(0, "ann", 1_000), SeatSetup(1, "bob", 1_000)]


@pytest.mark.parametrize(
    ("changes", "error", "quoted"),
    [
        ({"button": None}, ConfigurationError, "None"),
        ({"button": True}, ConfigurationError, "True"),
        ({"button": -1}, ConfigurationError, "-1"),
        ({"button": 1.5}, ConfigurationError, "1.5"),
        ({"button": "0"}, ConfigurationError, "'0'"),
        ({"rules": None}, ConfigurationError, "None"),
        ({"rules": "tda"}, ConfigurationError, "'tda'"),
        ({"seats": None}, ConfigurationError, "None"),
        ({"seats": "ab"}, ConfigurationError, "'ab'"),
        ({"seats": [5, 6]}, ConfigurationError, "5"),
        (
            {"seats": [SeatSetup(True, "a", 100), SeatSetup(1, "b", 100)]},
            ConfigurationError,
            "True",
        ),
        ({"seats": [SeatSetup(0, "a", 100), SeatSetup(0, "b", 100)]}, ConfigurationError, "twice"),
        ({"seats": [SeatSetup(0, "a", -1000), _GOOD_SEATS[1]]}, ConfigurationError, "-1000"),
        ({"seats": [SeatSetup(0, "a", 0.5), _GOOD_SEATS[1]]}, ConfigurationError, "0.5"),  # type: ignore[arg-type]
        ({"seats": [SeatSetup(0, "a", True), _GOOD_SEATS[1]]}, ConfigurationError, "True"),
        ({"seats": [SeatSetup(0, "a", "100"), _GOOD_SEATS[1]]}, ConfigurationError, "'100'"),  # type: ignore[arg-type]
        ({"seats": [SeatSetup(0, "a", 10**19), _GOOD_SEATS[1]]}, ConfigurationError, "10000"),
        ({"seats": [SeatSetup(0, 7, 100), _GOOD_SEATS[1]]}, ConfigurationError, "7"),  # type: ignore[arg-type]
        ({"seats": [SeatSetup(0, "", 100), _GOOD_SEATS[1]]}, ConfigurationError, "empty"),
        ({"seats": [SeatSetup(0, "a", 100, "no"), _GOOD_SEATS[1]]}, ConfigurationError, "'no'"),  # type: ignore[arg-type]
        ({"seats": [SeatSetup(1000, "a", 100), _GOOD_SEATS[1]]}, ConfigurationError, "1000"),
        ({"deck": None}, DeckError, "None"),
        ({"deck": "AsKd"}, DeckError, "'AsKd'"),
        ({"deck": Deck().cards[:5]}, DeckError, "5 cards"),
        ({"deck": (FULL_DECK[0],) * 52}, DeckError, "duplicated: 2c"),
        ({"deck": [int(c) for c in FULL_DECK]}, CroupierError, "is not a card"),
        ({"forced_bets": 5}, ConfigurationError, "5"),
        ({"forced_bets": [(0, "bogus", 5)]}, ConfigurationError, "'bogus'"),
        ({"forced_bets": [(0, ForcedKind.ANTE, -5)]}, ConfigurationError, "-5"),
        ({"forced_bets": [(0, ForcedKind.ANTE, 2.5)]}, ConfigurationError, "2.5"),
        ({"forced_bets": [(True, ForcedKind.ANTE, 5)]}, ConfigurationError, "True"),
        ({"forced_bets": [(7, ForcedKind.ANTE, 5)]}, ConfigurationError, "seat 7"),
        ({"forced_bets": ["ante"]}, ConfigurationError, "'ante'"),
        ({"straddle": "yes"}, ConfigurationError, "'yes'"),
        ({"straddle": 1}, ConfigurationError, "1"),
        ({"forced_bets": [], "straddle": True}, ConfigurationError, "straddle=True"),
        ({"hand_id": 5}, ConfigurationError, "5"),
    ],
)
def test_a_hand_refuses_bad_arguments_quoting_them(
    changes: dict[str, Any], error: type[CroupierError], quoted: str
) -> None:
    args: dict[str, Any] = {"rules": tda(50, 100), "seats": _GOOD_SEATS, "button": 0}
    args["deck"] = Deck()
    args.update(changes)
    with pytest.raises(error) as refused:
        Hand(**args)
    assert quoted in str(refused.value)
    assert len(str(refused.value)) < 400


def test_well_formed_text_and_tuples_are_read_as_what_they_name() -> None:
    hand = Hand(
        rules=tda(50, 100),
        seats=[(1, "bob", 1_000), (0, "ann", 1_000, False)],
        button=0,
        deck=[str(c) for c in Deck.shuffled(random.Random(1))],
        forced_bets=[(1, "small-blind", 50), ForcedBet(0, ForcedKind.BIG_BLIND, 100)],
    )
    assert [s.seat for s in hand.seats] == [0, 1]
    assert hand.bets == {0: 100, 1: 50}
    assert all(type(c) is type(FULL_DECK[0]) for c in hand.hole_cards(0))


# ------------------------------------------------------------------- Hand.replay


def _events() -> list[Any]:
    hand = _three()
    while not hand.is_over:
        legal = hand.legal_actions()
        if legal.show:
            hand.act(legal.seat, Action.show())
        else:
            hand.act(legal.seat, Action.call() if legal.call else Action.check())
    return list(hand.events)


def _forged(**changes: Any) -> list[Any]:
    events = _events()
    start = events[0]
    assert isinstance(start, HandStarted)
    return [start._replace(**changes), *events[1:]]


@pytest.mark.parametrize(
    ("changes", "quoted"),
    [
        (
            {"seats": (SeatSetup(0, "ann", -1000), SeatSetup(1, "b", 10), SeatSetup(2, "c", 10))},
            "-1000",
        ),
        (
            {"seats": (SeatSetup(0, "ann", 0.5), SeatSetup(1, "b", 10), SeatSetup(2, "c", 10))},
            "0.5",
        ),
        (
            {"seats": (SeatSetup("x", "ann", 9), SeatSetup(1, "b", 10), SeatSetup(2, "c", 10))},
            "'x'",
        ),
        (
            {"seats": (SeatSetup(1, "ann", 9), SeatSetup(1, "b", 10), SeatSetup(2, "c", 10))},
            "twice",
        ),
        ({"seats": "three players"}, "'three players'"),
        ({"deck": Deck().cards[:5]}, "5 cards"),
        ({"deck": (FULL_DECK[0],) * 52}, "duplicated"),
        ({"deck": None}, "None"),
        ({"rules": "tda"}, "'tda'"),
        ({"rules": None}, "None"),
        ({"button": None}, "None"),
        ({"button": "0"}, "'0'"),
        ({"forced": ((1, "bogus", 50),)}, "'bogus'"),
        ({"forced": ((1, ForcedKind.SMALL_BLIND, -50),)}, "-50"),
        ({"hand_id": 7}, "7"),
    ],
)
def test_replay_refuses_a_forged_start(changes: dict[str, Any], quoted: str) -> None:
    with pytest.raises(HandHistoryError, match="event 0") as refused:
        Hand.replay(_forged(**changes))
    assert quoted in str(refused.value)


def test_replay_refuses_a_five_card_deck_for_three_players() -> None:
    with pytest.raises(HandHistoryError, match="5 cards"):
        Hand.replay(_forged(deck=Deck().cards[:5])[:1])


@pytest.mark.parametrize("events", [None, 5, "events", [], [5], [Acted(0, ActionKind.FOLD)]])
def test_replay_refuses_what_is_not_a_hand_s_events(events: object) -> None:
    with pytest.raises(HandHistoryError):
        Hand.replay(events)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "decision",
    [
        Acted("x", ActionKind.CALL),  # type: ignore[arg-type]
        Acted(0, "bogus"),  # type: ignore[arg-type]
        Acted(0, ActionKind.RAISE, 0, "300"),  # type: ignore[arg-type]
        Mucked(None),  # type: ignore[arg-type]
    ],
)
def test_replay_refuses_a_forged_decision(decision: Any) -> None:
    events = _events()
    first = next(i for i, e in enumerate(events) if isinstance(e, Acted))
    with pytest.raises(HandHistoryError):
        Hand.replay([*events[:first], decision, *events[first + 1 :]])


def test_a_replay_of_real_events_still_rebuilds_the_hand() -> None:
    events = _events()
    assert Hand.replay(events).events == tuple(events)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(field=st.sampled_from(HandStarted._fields), junk=JUNK)
def test_replay_of_any_forged_start_raises_only_a_hand_history_error(
    field: str, junk: object
) -> None:
    with contextlib.suppress(HandHistoryError):  # or it replays: the junk was well formed
        Hand.replay(_forged(**{field: junk}))


# ------------------------------------------------------------------ event_from_dict


@pytest.mark.parametrize(
    ("data", "why"),
    [
        (None, "None"),
        ([], "[]"),
        ("acted", "'acted'"),
        ({"type": "bogus"}, "bogus"),
        ({"type": "acted", "seat": 0, "kind": "fold", "bogus": 1}, "unknown keys"),
        ({"type": "acted", "seat": "0", "kind": "fold"}, "seat must be a whole number"),
        ({"type": "acted", "seat": True, "kind": "fold"}, "seat must be a whole number"),
        ({"type": "acted", "seat": 0, "kind": "fold", "all_in": "yes"}, "all_in must be"),
        ({"type": "acted", "seat": 0, "kind": "fold", "put": 1.5}, "put must be"),
        ({"type": "acted", "seat": 0, "kind": "fold", "reason": 5}, "reason must be text"),
        ({"type": "acted", "seat": 0, "kind": "dance"}, "dance"),
        ({"type": "board", "street": True, "cards": "2c3c4c"}, "street must be"),
        ({"type": "board", "street": 1, "cards": "2c3x4c"}, "3x"),
        ({"type": "board", "street": 1, "cards": ["2c"]}, "not a card"),
        ({"type": "ended", "stacks": [[0, -5]]}, "amount must be"),
        ({"type": "gathered", "street": 0, "pots": [{"amount": "5", "eligible": [0]}]}, "pot"),
        ({"type": "posted", "seat": 0, "kind": "ante", "amount": 10**30}, "amount must be"),
    ],
)
def test_event_from_dict_refuses_what_it_would_misread(data: Any, why: str) -> None:
    with pytest.raises(HandHistoryError) as refused:
        event_from_dict(data)
    assert why in str(refused.value)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(index=st.integers(0, 40), junk=JUNK, which=st.integers(0, 10))
def test_event_from_dict_raises_only_hand_history_errors_on_forged_fields(
    index: int, junk: object, which: int
) -> None:
    events = _events()
    data = event_to_dict(events[index % len(events)])
    keys = sorted(k for k in data if k != "type")
    if keys:
        data[keys[which % len(keys)]] = junk
    try:
        event = event_from_dict(data)
    except HandHistoryError:
        return
    for key, value in event._asdict().items():  # accepted: then nothing was misread
        if key in ("seat", "button", "amount", "put", "to", "rake", "pot"):
            assert type(value) is int and value >= 0, (key, value)
        elif key in ("all_in", "auto"):
            assert type(value) is bool, (key, value)
        elif key in ("reason", "hand", "hand_id"):
            assert type(value) is str, (key, value)


# ----------------------------------------------------------------- setup helpers


@pytest.mark.parametrize(
    "call",
    [
        lambda: standard_forced_bets(None, [0, 1], 0),  # type: ignore[arg-type]
        lambda: standard_forced_bets(tda(), "01", 0),  # type: ignore[arg-type]
        lambda: standard_forced_bets(tda(), [0, "1"], 0),  # type: ignore[list-item]
        lambda: standard_forced_bets(tda(), [0, True], 0),
        lambda: standard_forced_bets(tda(), [0, 1], None),  # type: ignore[arg-type]
        lambda: standard_forced_bets(tda(), [0, 1], 0, straddle="yes"),  # type: ignore[arg-type]
        lambda: standard_forced_bets(tda(), [0, 0], 0),
        lambda: next_seat([], 3),
        lambda: next_seat(None, 3),  # type: ignore[arg-type]
        lambda: next_seat([1, 2], "x"),  # type: ignore[arg-type]
    ],
)
def test_setup_helpers_refuse_bad_arguments(call: Any) -> None:
    with pytest.raises(ConfigurationError):
        call()
