"""Asking to see a called hand (RRP-5) and the hand history that shows it (PKG-14)."""

from __future__ import annotations

import json
import random

import pytest

from _hands import assert_conserved, make_hand, play, rigged_deck
from _principle import check_pot_principle
from croupier.engine import Awarded, Hand, HandEnded, Revealed, event_from_dict, event_to_dict
from croupier.errors import IllegalActionError
from croupier.history import (
    ShowOrMuck,
    dumps,
    hand_to_phh,
    loads,
    render_pokerstars,
    render_text,
    render_view,
    replay_phh,
)
from croupier.history._phh_setup import DIFFERS_FIELD
from croupier.rules import Rules, casino_fr, italian, phh, pokcomm, pokerkings, tda
from croupier.table import Table


def river_called_and_mucked(rules: Rules | None = None) -> Hand:
    """Three players: seat 1 folds; seat 2 bets the river, seat 0 calls and mucks."""
    hand = make_hand(
        rules or pokcomm(25, 50),
        {0: 2_000, 1: 2_000, 2: 2_000},
        button=0,
        holes={0: "7c2d", 1: "QsQd", 2: "AsAh"},
        board="KdJc9s5h3d",
    )
    play(hand, "0: call, 1: fold, 2: check")
    play(hand, "2: check, 0: check")
    play(hand, "2: check, 0: check")
    play(hand, "2: bet 200, 0: call")
    play(hand, "2: show, 0: muck")
    assert hand.is_over
    return hand


@pytest.mark.rule("RRP-5", "RRP-6", "ITA-39")
def test_a_player_dealt_in_may_see_a_called_hand_that_was_mucked_and_so_may_all() -> None:
    """Seat 1 folded before the flop, yet was dealt in: he may ask to see the called hand
    that seat 0 mucked. It is turned up for the table (show one, show all); the result
    does not change: a mucked hand stays dead (RRP-4)."""
    hand = river_called_and_mucked()
    stacks = hand.stacks
    assert hand.view(1).seats[0].cards is None
    cards = hand.ask_to_see(1, 0)
    assert [str(c) for c in cards] == ["7c", "2d"]
    assert hand.events[-1] == Revealed(0, cards, 1)
    assert hand.view(1).seats[0].cards == cards
    assert hand.view(2).seats[0].cards == cards
    assert hand.spectator_view().seats[0].cards == cards
    assert "[7c 2d]" in render_text(hand.events, viewer=2)
    assert hand.stacks == stacks


@pytest.mark.rule("PKG-14")
def test_online_the_mucked_hand_is_in_the_history_of_the_player_who_asked_only() -> None:
    """PKG-14: "Les joueurs qui aimeraient savoir ce que contenait la main pliée peuvent
    demander un historique du coup": the asker's view and history show it; the others'
    do not, nor a spectator's."""
    hand = river_called_and_mucked(pokerkings(100, 200))
    cards = hand.ask_to_see(2, 0)
    assert hand.view(2).seats[0].cards == cards
    asker = render_view(hand.view(2))
    assert "asks to see" in asker and "[7c 2d]" in asker
    for view in (hand.view(1), hand.spectator_view()):
        assert view.seats[0].cards is None
        assert not set(cards) & view.visible_cards()
        assert "[7c 2d]" not in render_view(view)
    assert "[7c 2d]" not in render_text(hand.events, viewer=1)
    assert "[7c 2d]" in render_text(hand.events, viewer=2)


@pytest.mark.rule("RRP-5")
def test_an_unshown_winner_may_be_asked_for_too() -> None:
    """RRP-5: "même si ... la main gagnante a été jetée": under phh the last hand wins
    unshown; a player dealt in may still ask to see it."""
    hand = make_hand(
        phh("no-limit", 25, 50),
        {0: 2_000, 1: 2_000},
        button=0,
        holes={0: "7c2d", 1: "AsAh"},
        board="KdJc9s5h3d",
    )
    play(hand, "0: call, 1: check")
    for _ in range(3):
        play(hand, "1: check, 0: check")
    play(hand, "1: muck")  # the aces give up: seat 0 wins unshown
    assert hand.is_over and not hand.has_shown(0)
    assert hand.ask_to_see(1, 0) == hand.hole_cards(0)


@pytest.mark.rule("RRP-5", "PKG-13")
def test_what_cannot_be_asked_for() -> None:
    """Not during the betting, not a hand folded before the showdown, not a hand won
    without a showdown, not one's own hand, not by someone not dealt in, not twice."""
    hand = make_hand(pokcomm(25, 50), {0: 2_000, 1: 2_000, 2: 2_000}, button=0)
    with pytest.raises(IllegalActionError, match="betting is not over"):
        hand.ask_to_see(1, 0)
    play(hand, "0: raise 200, 1: fold, 2: fold")
    with pytest.raises(IllegalActionError, match="never called"):
        hand.ask_to_see(1, 0)
    hand = river_called_and_mucked()
    events = len(hand.events)
    with pytest.raises(IllegalActionError, match="folded before the showdown"):
        hand.ask_to_see(0, 1)
    with pytest.raises(IllegalActionError, match="his own hand"):
        hand.ask_to_see(0, 0)
    with pytest.raises(IllegalActionError, match="dealt in"):
        hand.ask_to_see(7, 0)
    with pytest.raises(IllegalActionError, match="already shown to everyone"):
        hand.ask_to_see(1, 2)
    hand.ask_to_see(1, 0)
    with pytest.raises(IllegalActionError, match="already shown to him"):
        hand.ask_to_see(1, 0)
    assert len(hand.events) == events + 1  # each refusal changed nothing


@pytest.mark.rule("RRP-5")
def test_a_request_replays_and_survives_json() -> None:
    hand = river_called_and_mucked()
    hand.ask_to_see(1, 0)
    data = json.loads(json.dumps([event_to_dict(e) for e in hand.events]))
    again = Hand.replay([event_from_dict(d) for d in data])
    assert again.events == hand.events
    assert again.view(1).seats[0].cards == hand.hole_cards(0)


# ------------------------------------------------- RRP-5: the winner asks, both hands live
def misread_muck(rules: Rules, holes: dict[int, str] | None = None) -> Hand:
    """Seat 1 folds; seat 2 bets the river with queens and shows; seat 0 calls with a set
    of kings and mucks it (a misread): seat 2 is paid 1,275 (the 850 each put in, less
    his own 425)."""
    hand = make_hand(
        rules,
        {0: 2_000, 1: 2_000, 2: 2_000},
        button=0,
        holes=holes or {0: "KcKh", 1: "7c2d", 2: "QsQd"},
        board="KdJc9s5h3d",
    )
    play(hand, "0: call, 1: fold, 2: check")
    play(hand, "2: check, 0: check")
    play(hand, "2: check, 0: check")
    bet = rules.stakes.big_bet if rules.fixed_limit else 200
    play(hand, f"2: bet {bet}, 0: call")
    play(hand, "2: show, 0: muck")
    assert hand.is_over and hand.stacks[2] > hand.stacks[0]
    return hand


RRP5_PRESETS = {
    "pokcomm": pokcomm(25, 50),
    "italian": italian(25, 50),
    "casino-fr": casino_fr("no-limit", 25, 50),
    "tda": tda(25, 50),
}


@pytest.mark.rule("RRP-5")
@pytest.mark.parametrize("rules", RRP5_PRESETS.values(), ids=RRP5_PRESETS)
def test_when_the_winner_asks_to_see_the_losing_hand_both_are_live_and_the_best_wins(
    rules: Rules,
) -> None:
    """RRP-5: « Si le joueur gagnant demande à voir la main d'un joueur perdant, les deux
    mains sont considérées valables et la meilleure main l'emporte. » Seat 2's queens won
    when seat 0 mucked his kings; seat 2 asks to see them: both hands are live, the set of
    kings is tabled and takes the pot."""
    hand = misread_muck(rules)
    assert rules.winner_request_live
    paid = 525 - hand.rake  # 250 each, 25 folded (less the rake under casino-fr)
    assert hand.stacks == {0: 1_750, 1: 1_975, 2: 1_750 + paid}
    cards = hand.ask_to_see(2, 0)
    assert [str(c) for c in cards] == ["Kc", "Kh"]
    assert hand.stacks == {0: 1_750 + paid, 1: 1_975, 2: 1_750}
    assert not hand.has_mucked(0) and hand.has_shown(0)
    awarded = [e for e in hand.events if isinstance(e, Awarded)]
    assert awarded[-1].shares == ((0, paid),) and awarded[-1].hand == "Three of a kind, kings"
    assert hand.events[-1] == HandEnded(((0, 1_750 + paid), (1, 1_975), (2, 1_750)), hand.rake)
    check_pot_principle(hand)
    assert_conserved(hand)
    again = Hand.replay(
        event_from_dict(d) for d in json.loads(json.dumps([event_to_dict(e) for e in hand.events]))
    )
    assert again.stacks == hand.stacks and again.events == hand.events


@pytest.mark.rule("RRP-5")
def test_the_winner_asking_to_see_a_worse_hand_changes_nothing() -> None:
    """Both hands live, the winner's is still the best: the award stands."""
    hand = misread_muck(pokcomm(25, 50), holes={0: "8c8h", 1: "7c2d", 2: "QsQd"})
    stacks = hand.stacks
    events = len(hand.events)
    hand.ask_to_see(2, 0)
    assert hand.stacks == stacks
    assert not any(isinstance(e, Awarded) for e in hand.events[events:])


@pytest.mark.rule("RRP-5")
def test_another_player_asking_to_see_a_mucked_winner_keeps_it_dead() -> None:
    """« Si un joueur autre que le vainqueur du pot demande à voir une main qui a été
    jetée, cette main est considérée morte »: seat 1 (folded, dealt in) asks to see the
    mucked kings; they are shown and stay dead; seat 2 keeps the pot, even if he asks
    for them afterwards."""
    hand = misread_muck(pokcomm(25, 50))
    stacks = hand.stacks
    hand.ask_to_see(1, 0)
    assert hand.has_mucked(0) and hand.stacks == stacks
    hand.ask_to_see(2, 0)
    assert hand.has_mucked(0) and hand.stacks == stacks


@pytest.mark.rule("RRP-5", "PKG-14")
@pytest.mark.parametrize(
    "rules", [pokerkings(100, 200), phh("no-limit", 25, 50)], ids=["pokerkings", "phh"]
)
def test_where_a_preset_does_not_follow_rrp_5_the_request_only_shows(rules: Rules) -> None:
    """PKG-14 makes the request a hand history for the one who asks; PHH has no requests:
    the mucked hand stays dead whoever asks."""
    hand = misread_muck(rules)
    assert not rules.winner_request_live
    stacks = hand.stacks
    hand.ask_to_see(2, 0)
    assert hand.has_mucked(0) and hand.stacks == stacks


@pytest.mark.rule("RRP-5")
def test_a_winner_unshown_asks_and_his_hand_is_tabled_too() -> None:
    """Rules where the first hand may be mucked and the last wins unshown: seat 1 mucks
    his kings, seat 0 wins unshown with queens and asks to see them: both hands are
    tabled, both live, and the kings take the pot."""
    rules = tda(25, 50).but(called_hand_must_show=False)
    hand = make_hand(
        rules, {0: 2_000, 1: 2_000}, button=0, holes={0: "QsQd", 1: "KcKh"}, board="KdJc9s5h3d"
    )
    play(hand, "0: call, 1: check")
    for _ in range(3):
        play(hand, "1: check, 0: check")
    play(hand, "1: muck")
    assert hand.is_over and not hand.has_shown(0)
    assert hand.stacks == {0: 2_050, 1: 1_950}
    hand.ask_to_see(0, 1)
    assert hand.has_shown(0) and hand.has_shown(1)
    assert hand.stacks == {0: 1_950, 1: 2_050}
    check_pot_principle(hand)


@pytest.mark.rule("RRP-5")
def test_at_a_table_the_new_award_is_settled() -> None:
    """The table settles the stacks of the hand as they stand when it is finished."""
    table = Table(pokcomm(25, 50), seats=3, rng=random.Random(2))
    for seat, name in enumerate("abc", start=1):
        table.sit(name, 2_000, seat=seat)
    plan = table.plan()
    holes = {plan.positions.button: "KcKh"}
    order = [s.seat for s in plan.seats]
    b = order.index(plan.positions.button)
    sb, bb = order[(b + 1) % 3], order[(b + 2) % 3]
    holes |= {sb: "7c2d", bb: "QsQd"}
    deck = rigged_deck(table.rules, list(plan.seats), plan.positions.button, holes, "KdJc9s5h3d")
    hand = table.start_hand(deck=deck)
    button = plan.positions.button
    play(hand, f"{button}: call, {sb}: fold, {bb}: check")
    play(hand, f"{bb}: check, {button}: check")
    play(hand, f"{bb}: check, {button}: check")
    play(hand, f"{bb}: bet 200, {button}: call")
    play(hand, f"{bb}: show, {button}: muck")
    hand.ask_to_see(bb, button)
    table.finish_hand()
    assert table.stacks == {
        table.players[button]: 2_275,
        table.players[sb]: 1_975,
        table.players[bb]: 1_750,
    }


@pytest.mark.rule("RRP-5", "PKG-15")
def test_the_histories_of_a_hand_made_live_by_the_winner_s_request() -> None:
    """The readable history tells the request and the new award, with one summary; the
    PokerStars and PHH files, which know no request, write the kings shown at their turn
    and the final award: PokerKit's reading of the PHH file ends with the same stacks."""
    hand = misread_muck(pokcomm(25, 50))
    hand.ask_to_see(2, 0)
    text = render_text(hand.events)
    assert "p2 asks to see p0's hand: [Kc Kh] (RRP-5)" in text
    assert "p0 collected 525 from pot (RRP-5: both hands live, the best wins)" in text
    assert text.count("*** SUMMARY ***") == 1
    assert "Seat 2: p2 (big blind) showed [Qs Qd] and lost" in text
    stars = render_pokerstars(hand.events, hand_number=7)
    assert "p0: mucks hand" not in stars and "p0: shows [Kc Kh]" in stars
    assert stars.count("collected") == 1 and "p0 collected 525 from pot" in stars
    written = hand_to_phh(hand)
    assert written.actions[-1] == ShowOrMuck(2, tuple(hand.hole_cards(0)))
    assert DIFFERS_FIELD not in written.extra  # PHH readers end with croupier's stacks
    result = replay_phh(loads(dumps(written)), standard=True)
    assert result.error is None and result.match
