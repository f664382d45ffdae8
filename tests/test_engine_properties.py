"""Properties of the engine over random play: it always ends, conserves every chip, only
offers actions that it then accepts, replays from its events, and shows nobody a card he
may not see."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from _hands import assert_conserved
from _random_play import PRESET_BUILDERS, options, play_randomly, random_hand
from croupier.engine import (
    Hand,
    HoleDealt,
    Shown,
    event_from_dict,
    event_to_dict,
)
from croupier.errors import IllegalActionError
from croupier.rules import Rules

STACK = st.one_of(
    st.integers(1, 10),
    st.integers(11, 400),
    st.integers(401, 20_000),
    st.integers(20_001, 10**12),
)


@settings(
    max_examples=400,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(
    preset=st.sampled_from(sorted(PRESET_BUILDERS)),
    stacks=st.lists(STACK, min_size=2, max_size=10),
    seed=st.integers(0, 2**32),
)
def test_random_legal_play_ends_conserves_and_never_refuses_an_offer(
    preset: str, stacks: list[int], seed: int
) -> None:
    rng = random.Random(seed)
    hand = random_hand(rng, PRESET_BUILDERS[preset](), stacks, absent_chance=0.05)
    start = sum(stacks)
    while not hand.is_over:
        assert hand.total_in_play == start
        legal = hand.legal_actions()
        action = rng.choice(options(legal, rng))
        assert action in legal
        hand.act(legal.seat, action)  # never raises: what is offered is accepted
    assert_conserved(hand)
    assert sum(hand.stacks.values()) + hand.rake == start


@pytest.mark.parametrize("seed", range(4))
def test_thousands_of_hands_rebuild_from_their_events(seed: int) -> None:
    """A hand rebuilt from its (JSON round-tripped) events is identical to the live one."""
    rng = random.Random(seed)
    names = sorted(PRESET_BUILDERS)
    for _ in range(500):
        rules = PRESET_BUILDERS[rng.choice(names)]()
        stacks = [rng.choice([3, 40, 150, 1_000, 25_000]) for _ in range(rng.randint(2, 10))]
        hand = random_hand(rng, rules, stacks, absent_chance=0.05)
        play_randomly(hand, rng)
        assert_conserved(hand)
        wire = json.loads(json.dumps([event_to_dict(e) for e in hand.events]))
        events = [event_from_dict(d) for d in wire]
        assert events == list(hand.events)
        rebuilt = Hand.replay(events)
        assert rebuilt.events == hand.events
        assert rebuilt.stacks == hand.stacks
        assert rebuilt.rake == hand.rake


@pytest.mark.rule("POK-12-3", "POK-4-2")
@pytest.mark.parametrize("seed", range(3))
def test_no_view_ever_holds_a_card_it_must_not(seed: int) -> None:
    """After every action, each seat's view and the spectator view hold only the board,
    the viewer's own cards and cards shown: never an undealt card, never a folded hand."""
    rng = random.Random(1_000 + seed)
    names = sorted(PRESET_BUILDERS)
    for _ in range(150):
        rules = PRESET_BUILDERS[rng.choice(names)]()
        stacks = [rng.choice([5, 80, 300, 5_000]) for _ in range(rng.randint(2, 9))]
        hand = random_hand(rng, rules, stacks)
        while True:
            shown: set[object] = set()
            for e in hand.events:
                if isinstance(e, Shown):
                    shown.update(e.cards)
            public = set(hand.board) | shown
            spectator = hand.spectator_view()
            assert spectator.visible_cards() <= public
            for seat in (s.seat for s in hand.seats):
                view = hand.view(seat)
                assert view.visible_cards() <= public | set(hand.hole_cards(seat))
                for event in view.events:
                    if isinstance(event, HoleDealt) and event.seat != seat:
                        assert event.cards is None
            if hand.is_over:
                break
            legal = hand.legal_actions()
            hand.act(legal.seat, rng.choice(options(legal, rng)))
        folded_never_shown = [
            s.seat for s in hand.seats if hand.is_folded(s.seat) and hand.has_shown(s.seat)
        ]
        assert folded_never_shown == []


@pytest.mark.rule("POK-2-9", "ITA-45")
def test_void_at_any_point_returns_every_chip() -> None:
    """POK-2-9 / ITA-45: a voided hand gives every chip back to where it was."""
    rng = random.Random(77)
    names = sorted(PRESET_BUILDERS)
    for _ in range(300):
        rules = PRESET_BUILDERS[rng.choice(names)]()
        stacks = [rng.choice([7, 90, 400, 3_000]) for _ in range(rng.randint(2, 8))]
        hand = random_hand(rng, rules, stacks)
        stop = rng.randint(0, 12)
        for _ in range(stop):
            if hand.is_over:
                break
            legal = hand.legal_actions()
            hand.act(legal.seat, rng.choice(options(legal, rng)))
        if hand.is_over:  # POK-10-1: a finished hand's result stands
            with pytest.raises(IllegalActionError, match="POK-10-1"):
                hand.void("too late")
            continue
        before = hand.starting_stacks
        hand.void("deck irregularity")
        assert hand.stacks == before
        assert hand.rake == 0
        assert hand.total_in_play == sum(before.values())
        assert hand.to_act is None and hand.is_over
        assert Hand.replay(hand.events).stacks == before


@pytest.mark.parametrize("name", sorted(PRESET_BUILDERS))
def test_rules_survive_json_exactly(name: str) -> None:
    """Rules.to_dict is JSON as it is: a JSON round trip gives the same dict and the same rules."""
    rules = PRESET_BUILDERS[name]()
    data = rules.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert Rules.from_dict(json.loads(json.dumps(data))) == rules
