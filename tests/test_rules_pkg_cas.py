"""The one-hand (layer E) clauses of seed 001 (PokerKings, PKG) and seed 003 (French casinos, CAS).

Each test plays the clause under the preset of its seed (``pokerkings``, ``casino_fr``) with the
worked examples of the document where it gives them; where the clause is a knob on which the
seeds differ, the other presets are shown to take the other value. Cash-game amounts of the
casino preset are in cents.
"""

from __future__ import annotations

import random

import pytest

from _hands import assert_conserved, make_hand, play, run_out
from croupier.cards import FULL_DECK, Deck, parse_cards
from croupier.engine import (
    Action,
    Awarded,
    BetReturned,
    BetsGathered,
    BoardDealt,
    ForcedBet,
    ForcedKind,
    Hand,
    HandEnded,
    HoleDealt,
    Mucked,
    Posted,
    Pot,
    Raked,
    SeatSetup,
    Shown,
    Street,
)
from croupier.errors import ConfigurationError, DeckError, IllegalActionError, OutOfTurnError
from croupier.evaluate import describe, evaluate
from croupier.rules import (
    BettingStructure,
    Rules,
    casino_fr,
    italian,
    phh,
    pokcomm,
    pokerkings,
    tda,
)
from croupier.table import Table

# ------------------------------------------------------------------------------------ helpers


def of_type(hand: Hand, kind: type) -> list:
    return [e for e in hand.events if isinstance(e, kind)]


def posted(hand: Hand) -> list[tuple[int, ForcedKind, int]]:
    return [(e.seat, e.kind, e.amount) for e in of_type(hand, Posted)]


def shown_order(hand: Hand) -> list[int]:
    return [e.seat for e in of_type(hand, Shown)]


def awards(hand: Hand) -> list[tuple[int, int, tuple[tuple[int, int], ...]]]:
    return [(e.pot, e.amount, e.shares) for e in of_type(hand, Awarded)]


def refuse(hand: Hand, seat: int, action: Action, error: type = IllegalActionError) -> str:
    """Assert ``action`` is refused and changes nothing; return the message."""
    before = (hand.events, hand.stacks, hand.bets, hand.to_act, hand.pots, hand.street)
    assert action not in hand.legal_actions() or error is OutOfTurnError
    with pytest.raises(error) as info:
        hand.act(seat, action)
    assert (hand.events, hand.stacks, hand.bets, hand.to_act, hand.pots, hand.street) == before
    return str(info.value)


def passive_until(hand: Hand, street: Street) -> None:
    """Check or call until ``street`` is dealt."""
    while hand.street < street and not hand.is_over:
        legal = hand.legal_actions()
        seat = hand.to_act
        assert seat is not None
        hand.act(seat, Action.check() if legal.check else Action.call())


def sizes(hand: Hand) -> tuple[int | None, int | None, int | None]:
    """What the player to act may call, and the smallest and largest bet or raise (totals)."""
    legal = hand.legal_actions()
    return legal.call, legal.min_raise_to, legal.max_raise_to


def value(hole: str, board: str) -> int:
    return evaluate(parse_cards(hole + board))


def burns(n_players: int) -> tuple[int, int, int]:
    """Deck positions of the three burn cards when ``n_players`` are dealt in."""
    first = 2 * n_players
    return first, first + 4, first + 6


# ------------------------------------------------------------------------ PKG: seed 001


@pytest.mark.rule("PKG-1")
def test_pkg1_best_five_of_seven_uses_one_hole_card_when_that_is_best() -> None:
    """'créer la meilleure combinaison de cinq cartes à l'aide de sept cartes'."""
    board = "AhKhQhJh2c"
    hand = make_hand(
        pokerkings(2, 4),
        {0: 100, 1: 100, 2: 100},
        button=0,
        holes={0: "7c7d", 1: "Th3d", 2: "AsAd"},
        board=board,
    )
    run_out(hand)
    assert value("Th3d", board) > value("AsAd", board) > value("7c7d", board)
    assert awards(hand) == [(0, 6, ((1, 6),))]
    assert hand.stacks == {0: 98, 1: 104, 2: 98}
    assert_conserved(hand)


@pytest.mark.rule("PKG-1")
def test_pkg1_best_five_of_seven_may_be_the_board_alone_and_then_the_pot_splits() -> None:
    hand = make_hand(
        pokerkings(2, 4),
        {0: 100, 1: 100},
        button=0,
        holes={0: "2c3d", 1: "4s5s"},
        board="AhKhQhJhTh",
    )
    run_out(hand)
    assert awards(hand) == [(0, 4, ((1, 2), (0, 2)))]
    assert hand.stacks == {0: 100, 1: 100}
    assert_conserved(hand)


@pytest.mark.rule("PKG-3")
def test_pkg3_deal_starts_left_of_the_button_one_card_at_a_time_in_two_rounds() -> None:
    """'Le donneur commence toujours la donne par le joueur qui se trouve juste à sa gauche
    ... une carte cachée, puis une deuxième carte cachée.'"""
    deck = Deck.shuffled(random.Random(3))
    seats = [SeatSetup(s, f"p{s}", 100) for s in (2, 5, 7, 9)]
    hand = Hand(rules=pokerkings(2, 4), seats=seats, button=5, deck=deck)
    dealt = of_type(hand, HoleDealt)
    assert [e.seat for e in dealt] == [7, 9, 2, 5]
    for k, e in enumerate(dealt):  # first round: deck 0..3, second round: deck 4..7
        assert e.cards == (deck[k], deck[k + 4])
        assert hand.hole_cards(e.seat) == (deck[k], deck[k + 4])
    assert_conserved(hand)


@pytest.mark.rule("PKG-3", "CAS-15")
@pytest.mark.parametrize(
    ("rules", "first"),
    [
        pytest.param(pokerkings(2, 4), 1, id="pokerkings"),
        pytest.param(casino_fr("no-limit", 100, 200), 1, id="casino-fr"),
        pytest.param(tda(50, 100), 1, id="tda"),
        pytest.param(pokcomm(25, 50), 1, id="pokcomm"),
        pytest.param(italian(50, 100), 0, id="italian-deals-the-small-blind-first"),
    ],
)
def test_pkg3_cas15_heads_up_the_first_card_goes_left_of_the_button(
    rules: Rules, first: int
) -> None:
    """Heads-up the button posts the small blind: PKG and CAS still deal left of the button
    first (the big blind); the Italian rules (ITA-7) deal the small blind first."""
    deck = Deck(FULL_DECK)
    hand = Hand(
        rules=rules, seats=[SeatSetup(0, "a", 1_000), SeatSetup(1, "b", 1_000)], button=0, deck=deck
    )
    assert posted(hand)[0] == (0, ForcedKind.SMALL_BLIND, rules.stakes.small_blind)
    dealt = of_type(hand, HoleDealt)
    assert [e.seat for e in dealt] == [first, 1 - first]
    assert dealt[0].cards == (deck[0], deck[2])
    assert dealt[1].cards == (deck[1], deck[3])
    assert_conserved(hand)


@pytest.mark.rule("PKG-4")
@pytest.mark.parametrize(
    ("rules", "small", "big"),
    [
        pytest.param(pokerkings(15, 30, small_blind=7), 7, 15, id="15-30: 7"),
        pytest.param(pokerkings(15, 30), 7, 15, id="15-30 default: 7"),
        pytest.param(pokerkings(5, 10), 2, 5, id="5-10: 2"),
        pytest.param(pokerkings(2, 4), 1, 2, id="2-4: 1"),
        pytest.param(pokerkings(100, 200), 50, 100, id="1-2 in cents: 0.50"),
    ],
)
def test_pkg4_small_blind_of_the_documented_games_and_big_blind_is_the_lower_limit(
    rules: Rules, small: int, big: int
) -> None:
    """'dans les parties à 15-30 €, le petit blind est de 7 €. Dans les parties à 5-10 €, il se
    monte à 2 €. Et dans les parties à 2-4 €, il est de 1 €' ; '1-2 €: Petit blind 0,50 €'; the
    surblind 'équivaut toujours à la mise minimale de la partie'."""
    assert (rules.stakes.small_blind, rules.stakes.big_blind) == (small, big)
    hand = make_hand(rules, {0: 100 * big, 1: 100 * big, 2: 100 * big}, button=0)
    assert posted(hand) == [(1, ForcedKind.SMALL_BLIND, small), (2, ForcedKind.BIG_BLIND, big)]
    play(hand, "0: call")
    legal = hand.legal_actions()  # the small blind completes, or raises one small bet
    assert (legal.seat, legal.call, legal.min_raise_to, legal.max_raise_to) == (
        1,
        big - small,
        2 * big,
        2 * big,
    )
    assert_conserved(hand)


@pytest.mark.rule("PKG-4")
def test_pkg4_15_30_game_posts_7_and_15_and_plays_in_15_and_30() -> None:
    rules = pokerkings(15, 30, small_blind=7)
    hand = make_hand(rules, {0: 1_000, 1: 1_000, 2: 1_000}, button=0)
    play(hand, "0: raise 30, 1: call, 2: call")  # the small blind calls 23 more
    assert of_type(hand, BetsGathered)[0].pots == (Pot(90, (0, 1, 2)),)
    assert hand.stacks == {0: 970, 1: 970, 2: 970}
    assert hand.legal_actions().min_raise_to == hand.legal_actions().max_raise_to == 15
    passive_until(hand, Street.TURN)
    assert hand.legal_actions().min_raise_to == hand.legal_actions().max_raise_to == 30
    assert_conserved(hand)


@pytest.mark.rule("PKG-5")
@pytest.mark.parametrize(("button", "small", "big"), [(8, 1, 4), (1, 4, 6), (4, 6, 8), (6, 8, 1)])
def test_pkg5_small_blind_left_of_the_button_big_blind_left_of_the_small_blind(
    button: int, small: int, big: int
) -> None:
    """'Le joueur qui se trouve juste à gauche du bouton ... doit miser le petit blind ... Le
    joueur qui est assis juste à sa gauche doit placer le surblind.'"""
    hand = make_hand(pokerkings(2, 4), {1: 50, 4: 50, 6: 50, 8: 50}, button=button)
    assert posted(hand) == [(small, ForcedKind.SMALL_BLIND, 1), (big, ForcedKind.BIG_BLIND, 2)]
    assert hand.bets == {s: {small: 1, big: 2}.get(s, 0) for s in (1, 4, 6, 8)}
    assert hand.stacks[small] == 49 and hand.stacks[big] == 48
    assert_conserved(hand)


@pytest.mark.rule("PKG-6")
def test_pkg6_left_of_the_big_blind_acts_first_preflop_and_may_not_check() -> None:
    """'Le joueur assis à gauche du surblindeur est toujours le premier à parler ... Il n'a pas
    le droit de dire parole. Il peut uniquement passer, suivre ou relancer.'"""
    hand = make_hand(pokerkings(2, 4), {0: 100, 1: 100, 2: 100, 3: 100}, button=0)
    assert hand.to_act == 3
    legal = hand.legal_actions()
    assert not legal.check
    assert legal.options() == ["fold", "call 2", "raise to 4"]
    message = refuse(hand, 3, Action.check())
    assert message == "check is not allowed (you owe 2): you may fold, call 2, or raise to 4"
    for seat in (0, 1, 2):  # nobody else may speak first
        assert "seat 3's turn" in refuse(hand, seat, Action.call(), OutOfTurnError)
    play(hand, "3: call, 0: call, 1: call, 2: check")
    assert hand.street is Street.FLOP
    assert_conserved(hand)


@pytest.mark.rule("PKG-6")
def test_pkg6_heads_up_the_button_small_blind_speaks_first_and_may_not_check() -> None:
    hand = make_hand(pokerkings(2, 4), {0: 100, 1: 100}, button=0)
    assert hand.to_act == 0
    assert hand.legal_actions().options() == ["fold", "call 1", "raise to 4"]
    assert "you owe 1" in refuse(hand, 0, Action.check())
    assert_conserved(hand)


@pytest.mark.rule("PKG-7")
def test_pkg7_big_blind_option_check_closes_the_round() -> None:
    """'Si aucun joueur n'a relancé lorsque c'est au tour du surblindeur de parler, celui-ci peut
    donner la parole au joueur suivant sans rien ajouter à son blind ou relancer.'"""
    hand = make_hand(pokerkings(2, 4), {0: 100, 1: 100, 2: 100}, button=0)
    play(hand, "0: call, 1: call")
    legal = hand.legal_actions()
    assert (legal.seat, legal.check, legal.call, legal.min_raise_to, legal.max_raise_to) == (
        2,
        True,
        None,
        4,
        4,
    )
    play(hand, "2: check")
    assert hand.street is Street.FLOP and hand.to_act == 1
    assert of_type(hand, BetsGathered)[0].pots == (Pot(6, (0, 1, 2)),)
    assert_conserved(hand)


@pytest.mark.rule("PKG-7")
def test_pkg7_big_blind_option_raise_is_used_once() -> None:
    """'Le surblindeur dispose de cette possibilité uniquement au cours du premier tour
    d'enchères et une seule fois.'"""
    hand = make_hand(pokerkings(2, 4), {0: 100, 1: 100, 2: 100}, button=0)
    play(hand, "0: call, 1: call, 2: raise 4, 0: call, 1: call")
    assert hand.street is Street.FLOP  # the big blind is not asked again
    assert of_type(hand, BetsGathered)[0].pots == (Pot(12, (0, 1, 2)),)
    play(hand, "1: check, 2: check, 0: check")  # on the flop he has no second option
    assert hand.street is Street.TURN and hand.to_act == 1
    assert_conserved(hand)


@pytest.mark.rule("PKG-7")
def test_pkg7_no_option_to_check_once_someone_raised() -> None:
    hand = make_hand(pokerkings(2, 4), {0: 100, 1: 100, 2: 100}, button=0)
    play(hand, "0: raise 4, 1: call")
    legal = hand.legal_actions()
    assert (legal.seat, legal.check, legal.call) == (2, False, 2)
    assert "you owe 2" in refuse(hand, 2, Action.check())
    assert_conserved(hand)


@pytest.mark.rule("PKG-8")
def test_pkg8_a_card_is_burned_before_the_flop_the_turn_and_the_river() -> None:
    """'Avant que le flop ne soit dévoilé, une carte du paquet doit être « brûlée »' ; au
    tournant 'le donneur brûle une carte, puis il en retourne une autre'."""
    deck = Deck.shuffled(random.Random(8))
    seats = [SeatSetup(s, f"p{s}", 100) for s in range(3)]
    hand = Hand(rules=pokerkings(2, 4), seats=seats, button=0, deck=deck)
    run_out(hand)
    b1, b2, b3 = burns(3)
    assert [(e.street, e.cards) for e in of_type(hand, BoardDealt)] == [
        (Street.FLOP, deck[b1 + 1 : b1 + 4]),
        (Street.TURN, (deck[b2 + 1],)),
        (Street.RIVER, (deck[b3 + 1],)),
    ]
    burned = {deck[b1], deck[b2], deck[b3]}
    for view in (hand.spectator_view(), *(hand.view(s) for s in range(3))):
        assert not burned & view.visible_cards()  # never shown to anyone
    assert_conserved(hand)


@pytest.mark.rule("PKG-9")
@pytest.mark.parametrize(("small_blind_folds", "first"), [(False, 1), (True, 2)])
def test_pkg9_postflop_the_first_active_player_left_of_a_folded_button_speaks_first(
    small_blind_folds: bool, first: int
) -> None:
    """'le joueur qui est assis le plus près de la gauche du bouton doit parler en premier. Si
    le joueur qui a le bouton se couche, le bouton reste actif et demeure devant la place de ce
    joueur jusqu'à la fin du coup.'"""
    hand = make_hand(pokerkings(2, 4), {0: 100, 1: 100, 2: 100, 3: 100}, button=0)
    play(
        hand, "3: call, 0: fold, " + ("1: fold" if small_blind_folds else "1: call") + ", 2: check"
    )
    live = [1, 2, 3] if first == 1 else [2, 3]
    for street in (Street.FLOP, Street.TURN, Street.RIVER):
        assert hand.street is street
        assert hand.button == 0 and hand.view(3).button == 0  # the button stays
        assert hand.to_act == first
        assert "acted out of turn" in refuse(hand, 3, Action.check(), OutOfTurnError)
        play(hand, ", ".join(f"{s}: check" for s in live))
    for seat in live:  # nobody bet: the showdown also starts left of the button
        assert hand.to_act == seat
        hand.act(seat, Action.show())
    assert shown_order(hand) == live
    assert_conserved(hand)


@pytest.mark.rule("PKG-10")
def test_pkg10_small_bet_preflop_and_flop_big_bet_turn_and_river_in_a_3_6_game() -> None:
    """'Au flop, ainsi que lors du premier tour d'enchères, le montant des mises et des relances
    doit être de la limite minimale (par exemple, 3 € dans une partie à 3-6 €) et, au cours des
    tours suivants (tournant et rivière), de la mise la plus élevée (6 €)'."""
    hand = make_hand(
        pokerkings(3, 6),
        {0: 100, 1: 100, 2: 100},
        button=0,
        holes={0: "2c3d", 1: "7c8d", 2: "AsAh"},
        board="KdQs4h9c5s",
    )
    legal = hand.legal_actions()
    assert (legal.seat, legal.call, legal.min_raise_to, legal.max_raise_to) == (0, 3, 6, 6)
    assert refuse(hand, 0, Action.raise_to(9)) == (
        "raise to 9 is above the maximum of 6 (the limit): you may fold, call 3, or raise to 6"
    )
    play(hand, "0: raise 6")
    assert sizes(hand) == (5, 9, 9)  # the small blind calls 5 or raises to 9
    play(hand, "1: call, 2: call")
    legal = hand.legal_actions()  # flop: bets of 3
    assert (legal.seat, legal.check, legal.min_raise_to, legal.max_raise_to) == (1, True, 3, 3)
    assert "bet 4 is above the maximum of 3" in refuse(hand, 1, Action.bet(4))
    play(hand, "1: bet 3, 2: raise 6, 0: call, 1: call")
    assert hand.street is Street.TURN
    legal = hand.legal_actions()  # turn: bets of 6
    assert (legal.min_raise_to, legal.max_raise_to) == (6, 6)
    assert "bet 3 is below the minimum of 6" in refuse(hand, 1, Action.bet(3))
    play(hand, "1: bet 6")
    assert sizes(hand) == (6, 12, 12)
    play(hand, "2: raise 12, 0: fold, 1: call")
    assert hand.street is Street.RIVER
    legal = hand.legal_actions()  # river: bets of 6
    assert (legal.min_raise_to, legal.max_raise_to) == (6, 6)
    play(hand, "1: bet 6, 2: call, 1: show, 2: show")
    assert [p.amount for p in of_type(hand, BetsGathered)[-1].pots] == [72]
    assert hand.stacks == {0: 88, 1: 70, 2: 142}
    assert_conserved(hand)


@pytest.mark.rule("PKG-10")
@pytest.mark.parametrize(
    ("rules", "minimum"),
    [
        pytest.param(pokcomm(1, 3), 3, id="pokcomm"),
        pytest.param(italian(1, 2), 2, id="italian"),
        pytest.param(tda(1, 3), 3, id="tda"),
        # CAS-13: the table minimum is twice the small blind
        pytest.param(casino_fr("no-limit", 2, 3), 4, id="casino-fr-no-limit"),
    ],
)
def test_pkg10_no_limit_presets_do_not_fix_the_bet_size(rules: Rules, minimum: int) -> None:
    """The other value of the structure knob: in no-limit a flop bet is anything from the
    minimum bet to the stack (POK-8-5, ITA-32)."""
    hand = make_hand(rules, {0: 100, 1: 100, 2: 100}, button=0)
    passive_until(hand, Street.FLOP)
    legal = hand.legal_actions()
    left = 100 - rules.stakes.big_blind
    assert (legal.min_raise_to, legal.max_raise_to, legal.all_in) == (minimum, left, left)
    assert_conserved(hand)


@pytest.mark.rule("PKG-11")
def test_pkg11_a_bet_and_three_raises_per_round_with_more_than_two_players() -> None:
    """'le nombre de relances autorisées est plafonné à trois.' Preflop the big blind is the
    bet."""
    hand = make_hand(pokerkings(15, 30, small_blind=7), {s: 1_000 for s in range(4)}, button=0)
    play(hand, "3: raise 30, 0: raise 45, 1: raise 60")
    legal = hand.legal_actions()
    assert (legal.seat, legal.call, legal.min_raise_to, legal.max_raise_to) == (2, 45, None, None)
    assert legal.why_no_raise == "the betting is capped at 4 bets and raises (PKG-11)"
    assert refuse(hand, 2, Action.raise_to(75)) == (
        "raise to 75 is not allowed (the betting is capped at 4 bets and raises (PKG-11)):"
        " you may fold, or call 45"
    )
    play(hand, "2: call, 3: call, 0: call")
    assert hand.street is Street.FLOP
    play(hand, "1: bet 15, 2: raise 30, 3: raise 45, 0: raise 60")
    for seat in (1, 2, 3):
        legal = hand.legal_actions()
        assert (legal.seat, legal.can_raise) == (seat, False)
        hand.act(seat, Action.call())
    assert hand.street is Street.TURN
    assert of_type(hand, BetsGathered)[-1].pots == (Pot(480, (0, 1, 2, 3)),)
    assert_conserved(hand)


@pytest.mark.rule("PKG-11")
@pytest.mark.parametrize(
    ("rules", "capped"),
    [
        pytest.param(pokerkings(15, 30, small_blind=7), False, id="pokerkings-cash"),
        pytest.param(casino_fr("fixed-limit", 8, 15), False, id="casino-fr-limit-cash"),
        pytest.param(tda(7, 15, structure="fixed-limit"), True, id="tda-limit-tournament"),
    ],
)
def test_pkg11_heads_up_raises_are_unlimited_in_cash_games_capped_in_tournaments(
    rules: Rules, capped: bool
) -> None:
    """'S'il ne reste que deux joueurs, le nombre de relances est illimité sur les tables où
    l'on joue de l'argent réel. En revanche, dans les tournois, la limite des trois relances
    s'applique même s'il ne reste que deux joueurs en lice.'"""
    hand = make_hand(rules, {0: 1_000, 1: 1_000}, button=0)
    play(hand, "0: raise 30, 1: raise 45, 0: raise 60")
    legal = hand.legal_actions()
    if capped:
        assert (legal.seat, legal.call, legal.can_raise) == (1, 15, False)
        assert "capped at 4 bets and raises" in legal.why_no_raise
        play(hand, "1: call")
        expected = 120
    else:
        assert (legal.seat, legal.min_raise_to, legal.max_raise_to) == (1, 75, 75)
        play(hand, "1: raise 75, 0: raise 90, 1: raise 105, 0: raise 120, 1: raise 135, 0: call")
        expected = 270
    assert hand.street is Street.FLOP
    assert of_type(hand, BetsGathered)[0].pots == (Pot(expected, (0, 1)),)
    assert_conserved(hand)


@pytest.mark.rule("PKG-11")
def test_pkg11_the_cap_lifts_when_a_fold_leaves_two_players_in_a_cash_game() -> None:
    hand = make_hand(pokerkings(15, 30, small_blind=7), {0: 1_000, 1: 1_000, 2: 1_000}, button=0)
    passive_until(hand, Street.FLOP)
    play(hand, "1: bet 15, 2: raise 30, 0: raise 45, 1: raise 60")
    assert not hand.legal_actions().can_raise  # three players: capped
    play(hand, "2: fold")
    legal = hand.legal_actions()  # two left: unlimited
    assert (legal.seat, legal.min_raise_to, legal.max_raise_to) == (0, 75, 75)
    play(hand, "0: raise 75, 1: raise 90, 0: call")
    assert hand.street is Street.TURN
    assert_conserved(hand)


def _river_bet_raise_reraise(rules: Rules) -> Hand:
    """Three players to the river; there seat 1 bets, seat 2 raises, seat 0 re-raises."""
    hand = make_hand(
        rules,
        {0: 1_000, 1: 1_000, 2: 1_000},
        button=0,
        holes={0: "AsAh", 1: "KsKh", 2: "QsQh"},
        board="2c7d9hJc4s",
    )
    passive_until(hand, Street.RIVER)
    play(hand, "1: bet 4, 2: raise 8, 0: raise 12, 1: call, 2: call")
    return hand


@pytest.mark.rule("PKG-12")
@pytest.mark.parametrize(
    "rules",
    [
        pytest.param(pokerkings(2, 4), id="pokerkings"),
        pytest.param(pokcomm(1, 2), id="pokcomm"),
        pytest.param(italian(1, 2), id="italian"),
        pytest.param(tda(1, 2), id="tda"),
        pytest.param(phh("no-limit", 1, 2), id="phh"),
    ],
)
def test_pkg12_the_last_raiser_on_the_river_shows_first_then_clockwise(rules: Rules) -> None:
    """'quiconque a agi en dernier à la rivière doit abattre ses cartes le premier' (the last
    bettor or raiser; CAS-21's first raiser is the other value of this knob)."""
    hand = _river_bet_raise_reraise(rules)
    assert hand.to_act == 0
    while not hand.is_over:
        hand.act(hand.to_act, Action.show())
    assert shown_order(hand) == [0, 1, 2]
    assert_conserved(hand)


@pytest.mark.rule("PKG-12")
def test_pkg12_the_last_bettor_on_the_river_must_show_first() -> None:
    hand = make_hand(
        pokerkings(2, 4),
        {0: 100, 1: 100, 2: 100},
        button=0,
        holes={0: "AsAh", 1: "KsKh", 2: "QsQh"},
        board="2c7d9hJc4s",
    )
    passive_until(hand, Street.RIVER)
    play(hand, "1: check, 2: bet 4, 0: call, 1: call")
    legal = hand.legal_actions()
    assert (legal.seat, legal.show, legal.muck) == (2, True, False)
    assert refuse(hand, 2, Action.muck()) == "muck is not allowed now: you may show"
    assert "seat 2's turn" in refuse(hand, 0, Action.show(), OutOfTurnError)
    play(hand, "2: show, 0: show, 1: show")
    assert shown_order(hand) == [2, 0, 1]
    assert hand.stacks == {0: 112, 1: 94, 2: 94}
    assert_conserved(hand)


@pytest.mark.rule("PKG-12")
def test_pkg12_with_no_bet_on_the_river_the_first_to_speak_shows_first() -> None:
    """'Le joueur qui a parlé le premier ... doit montrer ses cartes le premier.'"""
    hand = make_hand(pokerkings(2, 4), {0: 100, 1: 100, 2: 100, 3: 100}, button=3)
    passive_until(hand, Street.RIVER)
    play(hand, "0: check, 1: check, 2: check, 3: check")
    legal = hand.legal_actions()
    assert (legal.seat, legal.muck) == (0, False)
    play(hand, "0: show, 1: show, 2: show, 3: show")
    assert shown_order(hand) == [0, 1, 2, 3]
    assert_conserved(hand)


@pytest.mark.rule("PKG-13")
def test_pkg13_an_uncalled_river_bet_wins_without_showing() -> None:
    """'Le gagnant n'est pas tenu de montrer ses cartes si sa mise n'a pas été suivie.'"""
    hand = make_hand(pokerkings(2, 4), {0: 100, 1: 100, 2: 100}, button=0)
    passive_until(hand, Street.RIVER)
    play(hand, "1: bet 4, 2: fold, 0: fold")
    assert hand.is_over and not of_type(hand, Shown)
    assert of_type(hand, BetReturned) == [BetReturned(1, 4)]
    assert awards(hand) == [(0, 6, ((1, 6),))]
    assert of_type(hand, Awarded)[0].hand == ""  # nothing announced about his cards
    assert hand.stacks == {0: 98, 1: 104, 2: 98}
    for view in (hand.spectator_view(), hand.view(0), hand.view(2)):
        assert view.seats[1].cards is None and not view.seats[1].shown
        assert not set(hand.hole_cards(1)) & view.visible_cards()
    assert_conserved(hand)


@pytest.mark.rule("PKG-13")
def test_pkg13_an_uncalled_preflop_raise_wins_without_showing() -> None:
    hand = make_hand(pokerkings(2, 4), {0: 100, 1: 100, 2: 100}, button=0)
    play(hand, "0: raise 4, 1: fold, 2: fold")
    assert not of_type(hand, Shown)
    assert of_type(hand, BetReturned) == [BetReturned(0, 2)]
    assert awards(hand) == [(0, 5, ((0, 5),))]
    assert hand.stacks == {0: 103, 1: 99, 2: 98}
    assert hand.spectator_view().seats[0].cards is None
    assert_conserved(hand)


@pytest.mark.rule("PKG-14")
def test_pkg14_a_caller_may_muck_after_the_bettor_shows_and_his_cards_stay_hidden() -> None:
    """'Un joueur n'est pas tenu de montrer ses cartes s'il n'est pas le dernier à avoir agi.
    Si un joueur suit une mise puis se rend compte qu'il ne peut pas gagner, il peut plier ses
    cartes.'"""
    hand = make_hand(
        pokerkings(2, 4),
        {0: 100, 1: 100, 2: 100},
        button=0,
        holes={0: "3c4c", 1: "AsAh", 2: "KsKh"},
        board="2c7d9hJc5s",
    )
    passive_until(hand, Street.RIVER)
    play(hand, "1: bet 4, 2: call, 0: fold")
    legal = hand.legal_actions()
    assert (legal.seat, legal.muck) == (1, False)  # the bettor shows first
    play(hand, "1: show")
    legal = hand.legal_actions()
    assert (legal.seat, legal.show, legal.muck) == (2, True, True)
    play(hand, "2: muck")
    assert of_type(hand, Mucked) == [Mucked(2)]
    assert awards(hand) == [(0, 14, ((1, 14),))]
    for view in (hand.spectator_view(), hand.view(0), hand.view(1)):
        assert view.seats[2].cards is None and view.seats[2].mucked
        assert not set(hand.hole_cards(2)) & view.visible_cards()
    assert hand.view(2).seats[2].cards == hand.hole_cards(2)  # he still sees his own
    assert_conserved(hand)


@pytest.mark.rule("PKG-14")
@pytest.mark.parametrize(
    ("rules", "first_may_muck"),
    [
        pytest.param(pokerkings(2, 4), False, id="pokerkings"),
        pytest.param(casino_fr("fixed-limit", 1, 2), False, id="casino-fr"),
        pytest.param(tda(1, 2), False, id="tda"),
        pytest.param(pokcomm(1, 2), True, id="pokcomm"),
        pytest.param(italian(1, 2), True, id="italian"),
    ],
)
def test_pkg14_only_the_players_after_the_first_to_show_may_muck(
    rules: Rules, first_may_muck: bool
) -> None:
    """PKG: the last to act must show; the others may muck. The RRP-8 presets (pokcomm,
    italian) let even the first muck: the other value of the knob."""
    hand = make_hand(rules, {0: 100, 1: 100, 2: 100}, button=0)
    passive_until(hand, Street.RIVER)
    play(hand, "1: bet 4, 2: call, 0: call")
    assert (hand.to_act, hand.legal_actions().muck) == (1, first_may_muck)
    play(hand, "1: show")
    assert (hand.to_act, hand.legal_actions().muck) == (2, True)
    play(hand, "2: muck")
    assert (hand.to_act, hand.legal_actions().muck) == (0, True)
    assert_conserved(hand)


_LADDER = [
    ("straight flush > four of a kind", "9h8h7h7c7d", "Th6h", "7s2c"),
    ("four of a kind > full house", "KsKd7c7d2h", "KhKc", "7h2c"),
    ("full house > flush", "AhKh7h7c2d", "7s2c", "Qh3h"),
    ("flush > straight", "9h8h7c2h3d", "Ah4h", "Ts6c"),
    ("straight > three of a kind", "9h8c7d2sKd", "Ts6c", "KhKs"),
    ("three of a kind > two pair", "9h8c7d2sKd", "9s9d", "Kc8h"),
    ("two pair > one pair", "9h8c7d2sKd", "Kc8h", "AsAh"),
    ("one pair > high card", "9h8c7d2sKd", "3c3d", "AsQh"),
]


@pytest.mark.rule("PKG-16")
@pytest.mark.parametrize(
    ("board", "better", "worse"), [pytest.param(*case[1:], id=case[0]) for case in _LADDER]
)
def test_pkg16_cards_speak_by_the_standard_ranking(board: str, better: str, worse: str) -> None:
    """'« les cartes parlent » ... Le gagnant est le joueur qui a la main la plus forte
    conformément à la hiérarchie universelle des mains de poker.'"""
    for seats in ((0, 1), (1, 0)):  # whoever holds it, the better hand wins
        holes = {seats[0]: better, seats[1]: worse}
        hand = make_hand(pokerkings(2, 4), {0: 100, 1: 100}, button=0, holes=holes, board=board)
        run_out(hand)
        (award,) = of_type(hand, Awarded)
        assert award.shares == ((seats[0], 4),)
        assert award.hand == describe(value(better, board))
        assert hand.stacks[seats[0]] == 102 and hand.stacks[seats[1]] == 98
        assert_conserved(hand)


# ------------------------------------------------------------------------ CAS: seed 003


def cas(structure: str = "no-limit", small: int = 100, big: int = 200, **kw: bool) -> Rules:
    return casino_fr(structure, small, big, **kw)


@pytest.mark.rule("CAS-1")
def test_cas1_a_hand_is_dealt_only_from_one_checked_52_card_deck() -> None:
    """'un jeu de cinquante-deux cartes ... Après leur comptée et leur vérification'."""
    seats = [SeatSetup(s, f"p{s}", 10_000) for s in range(3)]
    full = list(FULL_DECK)
    with pytest.raises(DeckError, match=r"51 cards; missing: As"):
        Hand(rules=cas(), seats=seats, button=0, deck=full[:-1])
    with pytest.raises(DeckError, match=r"duplicated: 2c; missing: As"):
        Hand(rules=cas(), seats=seats, button=0, deck=[full[0], *full[:-1]])
    with pytest.raises(DeckError, match=r"53 cards; duplicated: 2c"):
        Hand(rules=cas(), seats=seats, button=0, deck=[*full, full[0]])
    deck = Deck.shuffled(random.Random(1))
    hand = Hand(rules=cas(), seats=seats, button=0, deck=deck)
    run_out(hand)
    used = [c for s in range(3) for c in hand.hole_cards(s)] + list(hand.board)
    assert len(set(used)) == 11 and set(used) <= set(deck)
    assert_conserved(hand)


@pytest.mark.rule("CAS-2")
def test_cas2_the_croupier_invites_each_player_in_turn_and_takes_the_rake() -> None:
    """'Le croupier ... invite les joueurs à miser et opère le prélèvement au profit de la
    cagnotte.'"""
    hand = make_hand(cas(), {0: 10_000, 1: 10_000, 2: 10_000}, button=0)
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        for s in range(3):  # only the player invited is offered actions
            legal = hand.view(s).legal
            assert (legal is not None) == (s == seat)
        legal = hand.legal_actions()
        if legal.show:
            hand.act(seat, Action.show())
        else:
            hand.act(seat, Action.check() if legal.check else Action.call())
    assert hand.to_act is None and hand.legal_actions().seat == -1
    (raked,) = of_type(hand, Raked)
    assert raked == Raked(0, 20)  # 4 % of 600 = 24 cents, rounded to 20
    assert hand.rake == 20 and of_type(hand, HandEnded)[0].rake == 20
    assert sum(hand.stacks.values()) == 30_000 - 20
    assert_conserved(hand)


@pytest.mark.rule("CAS-13")
@pytest.mark.parametrize("big", [100, 150, 200])
def test_cas13_big_blind_between_the_small_blind_and_twice_it(big: int) -> None:
    """'small blind égale à la moitié de la mise minimum de la table ... big blind dont le
    montant est au minimum égal à celui de la small blind et au maximum le double.'"""
    rules = cas("no-limit", 100, big)
    hand = make_hand(rules, {0: 10_000, 1: 10_000, 2: 10_000}, button=0)
    assert posted(hand) == [(1, ForcedKind.SMALL_BLIND, 100), (2, ForcedKind.BIG_BLIND, big)]
    assert hand.legal_actions().call == big
    assert_conserved(hand)


@pytest.mark.rule("CAS-13")
@pytest.mark.parametrize("big", [99, 201, 400])
def test_cas13_a_big_blind_outside_those_bounds_is_refused(big: int) -> None:
    with pytest.raises(ConfigurationError, match=r"between the small blind \(100\) and twice it"):
        cas("no-limit", 100, big)


@pytest.mark.rule("CAS-14")
@pytest.mark.parametrize(("big", "option"), [(200, 400), (150, 300)])
def test_cas14_the_option_is_twice_the_big_blind_by_the_third_player_left_of_the_button(
    big: int, option: int
) -> None:
    """'Le troisième joueur situé à gauche du bouton peut alors déposer une option dont le
    montant est le double de celui de la big blind.'"""
    rules = cas("no-limit", 100, big, option=True)
    assert rules.stakes.straddle == option
    hand = make_hand(rules, {s: 10_000 for s in (1, 3, 4, 6, 8)}, button=8, straddle=True)
    assert posted(hand) == [
        (1, ForcedKind.SMALL_BLIND, 100),
        (3, ForcedKind.BIG_BLIND, big),
        (4, ForcedKind.STRADDLE, option),
    ]
    assert [e.seat for e in of_type(hand, HoleDealt)] == [1, 3, 4, 6, 8]  # still left of button
    legal = hand.legal_actions()
    assert (legal.seat, legal.call, legal.min_raise_to) == (6, option, 2 * option)
    assert_conserved(hand)


@pytest.mark.rule("CAS-14")
def test_cas14_the_option_is_optional() -> None:
    rules = cas(option=True)
    hand = make_hand(rules, {s: 10_000 for s in range(5)}, button=0)
    assert [k for _, k, _ in posted(hand)] == [ForcedKind.SMALL_BLIND, ForcedKind.BIG_BLIND]
    assert (hand.to_act, hand.legal_actions().call) == (3, 200)
    assert_conserved(hand)


@pytest.mark.rule("CAS-14")
@pytest.mark.parametrize(
    "rules",
    [
        pytest.param(cas(), id="casino-fr-without-option"),
        pytest.param(pokerkings(2, 4), id="pokerkings"),
        pytest.param(pokcomm(), id="pokcomm"),
        pytest.param(italian(), id="italian"),
        pytest.param(tda(), id="tda"),
    ],
)
def test_cas14_games_without_the_option_refuse_it(rules: Rules) -> None:
    assert rules.stakes.straddle == 0
    with pytest.raises(ConfigurationError, match="no option"):
        make_hand(rules, {s: 1_000 for s in range(5)}, button=0, straddle=True)


@pytest.mark.rule("CAS-15")
def test_cas15_cards_dealt_one_by_one_clockwise_from_the_left_of_the_button() -> None:
    """'le croupier distribue les cartes, une par une, figures cachées, en commençant par le
    joueur assis à la gauche du bouton et en allant dans le sens des aiguilles d'une montre.'"""
    deck = Deck.shuffled(random.Random(15))
    for straddle in (False, True):
        seats = [SeatSetup(s, f"p{s}", 10_000) for s in range(5)]
        hand = Hand(rules=cas(option=True), seats=seats, button=2, deck=deck, straddle=straddle)
        dealt = of_type(hand, HoleDealt)
        assert [e.seat for e in dealt] == [3, 4, 0, 1, 2]
        assert [e.cards for e in dealt] == [(deck[k], deck[k + 5]) for k in range(5)]
        view = hand.view(4)
        assert view.seats[4].cards == hand.hole_cards(4)
        assert all(v.cards is None for v in view.seats if v.seat != 4)  # 'figures cachées'
        assert all(v.cards is None for v in hand.spectator_view().seats)
        assert_conserved(hand)


@pytest.mark.rule("CAS-16")
def test_cas16_first_round_starts_left_of_the_big_blind() -> None:
    """'Le joueur situé à gauche du joueur ayant misé la big blind prend la parole en premier'."""
    hand = make_hand(cas(), {s: 10_000 for s in range(5)}, button=0)
    assert hand.to_act == 3
    assert "seat 3's turn" in refuse(hand, 4, Action.call(), OutOfTurnError)
    order = []
    while hand.street is Street.PREFLOP:
        order.append(hand.to_act)
        legal = hand.legal_actions()
        hand.act(hand.to_act, Action.check() if legal.check else Action.call())
    assert order == [3, 4, 0, 1, 2]
    assert_conserved(hand)


@pytest.mark.rule("CAS-16", "CAS-14")
def test_cas16_with_the_option_the_first_round_starts_left_of_the_option() -> None:
    hand = make_hand(cas(option=True), {s: 10_000 for s in range(6)}, button=0, straddle=True)
    assert hand.to_act == 4
    assert "seat 4's turn" in refuse(hand, 3, Action.check(), OutOfTurnError)
    order = []
    for _ in range(5):
        order.append(hand.to_act)
        hand.act(hand.to_act, Action.call())
    assert order == [4, 5, 0, 1, 2]
    assert hand.bets == {s: 400 for s in range(6)}
    assert_conserved(hand)


@pytest.mark.rule("CAS-17")
def test_cas17_bets_are_gathered_into_the_pot_after_each_round() -> None:
    """'Quand le ... tour d'enchères est terminé, le croupier ramasse les mises engagées ... Les
    enjeux ramassés sont ajoutés au pot situé au centre de la table.'"""
    hand = make_hand(cas(), {0: 10_000, 1: 10_000, 2: 10_000}, button=0)
    play(hand, "0: call, 1: call")
    assert hand.bets == {0: 200, 1: 200, 2: 200} and hand.pots == ()
    play(hand, "2: check")
    assert of_type(hand, BetsGathered) == [BetsGathered(Street.PREFLOP, (Pot(600, (0, 1, 2)),))]
    assert hand.bets == {0: 0, 1: 0, 2: 0} and hand.pots == (Pot(600, (0, 1, 2)),)
    play(hand, "1: bet 200, 2: call")
    assert hand.pots == (Pot(600, (0, 1, 2)),)  # bets in front of the players, not yet gathered
    assert [v.bet for v in hand.spectator_view().seats] == [0, 200, 200]
    play(hand, "0: fold")
    assert of_type(hand, BetsGathered)[-1] == BetsGathered(Street.FLOP, (Pot(1_000, (1, 2)),))
    assert hand.bets == {0: 0, 1: 0, 2: 0} and hand.spectator_view().pots == (Pot(1_000, (1, 2)),)
    play(hand, "1: check, 2: check, 1: bet 400, 2: call")
    assert of_type(hand, BetsGathered)[-1] == BetsGathered(Street.RIVER, (Pot(1_800, (1, 2)),))
    assert_conserved(hand)


@pytest.mark.rule("CAS-18")
def test_cas18_burn_then_turn_burn_then_river_each_followed_by_a_betting_round() -> None:
    """'le croupier brûle la première carte du paquet et expose une carte supplémentaire ...
    Le croupier procède à un troisième tour d'enchères'."""
    deck = Deck.shuffled(random.Random(18))
    seats = [SeatSetup(s, f"p{s}", 10_000) for s in range(4)]
    hand = Hand(rules=cas("fixed-limit"), seats=seats, button=0, deck=deck)
    b1, b2, b3 = burns(4)
    passive_until(hand, Street.FLOP)
    assert hand.board == deck[b1 + 1 : b1 + 4]
    passive_until(hand, Street.TURN)
    assert hand.board[3] == deck[b2 + 1]
    legal = hand.legal_actions()  # a betting round on the turn, with the big bet
    assert (legal.seat, legal.check, legal.min_raise_to, legal.max_raise_to) == (1, True, 400, 400)
    play(hand, "1: bet 400, 2: call, 3: call, 0: call")
    assert hand.street is Street.RIVER and hand.board[4] == deck[b3 + 1]
    legal = hand.legal_actions()  # and on the river
    assert (legal.seat, legal.check, legal.min_raise_to) == (1, True, 400)
    burned = {deck[b1], deck[b2], deck[b3]}
    run_out(hand)
    assert not burned & set(hand.board)
    assert not burned & hand.spectator_view().visible_cards()
    assert_conserved(hand)


@pytest.mark.rule("CAS-19")
def test_cas19_an_all_in_that_everyone_folds_to_wins_the_whole_pot() -> None:
    """'Si tous les autres joueurs passent, le joueur ayant engagé son tapis remporte la
    totalité du pot.'"""
    hand = make_hand(cas(), {s: 5_000 for s in range(4)}, button=0)
    play(hand, "3: all-in, 0: fold, 1: fold, 2: fold")
    assert of_type(hand, BetReturned) == [BetReturned(3, 4_800)]
    assert of_type(hand, Raked) == [Raked(0, 20)]  # 4 % of 500 cents
    assert awards(hand) == [(0, 480, ((3, 480),))]
    assert not of_type(hand, Shown)
    assert hand.stacks == {0: 5_000, 1: 4_900, 2: 4_800, 3: 5_280}
    assert_conserved(hand)


@pytest.mark.rule("CAS-19", "CAS-26")
@pytest.mark.parametrize(
    ("structure", "stack", "allowed"),
    [
        ("pot-limit", 5_000, False),  # the pot allows a raise to 700 at most
        ("pot-limit", 700, True),
        ("fixed-limit", 5_000, False),  # one raise, to 400
        ("fixed-limit", 300, True),
        ("no-limit", 5_000, True),
    ],
)
def test_cas19_all_in_only_within_the_limits_of_the_version(
    structure: str, stack: int, allowed: bool
) -> None:
    """'engager la totalité de son tapis en enjeu sans dépassement des maxima de relance établis
    selon la version de hold'em pratiquée'."""
    hand = make_hand(cas(structure), {0: 10_000, 1: 10_000, 2: 10_000, 3: stack}, button=0)
    legal = hand.legal_actions()
    assert legal.seat == 3
    if not allowed:
        assert legal.all_in is None
        assert refuse(hand, 3, Action.all_in()).startswith(
            "going all-in is not allowed now: you may fold, call 200, or raise to 400"
        )
        return
    assert legal.all_in == stack
    play(hand, "3: all-in, 0: fold, 1: fold, 2: fold")
    pot = 500  # the blinds and the big blind's worth of the all-in; the rest comes back
    assert of_type(hand, BetReturned) == [BetReturned(3, stack - 200)]
    assert awards(hand) == [(0, pot - 20, ((3, pot - 20),))]
    assert hand.stacks[3] == stack + 300 - 20
    assert_conserved(hand)


def _side_pot_hand(holes: dict[int, str]) -> Hand:
    hand = make_hand(
        cas(), {0: 10_000, 1: 300, 2: 700, 3: 1_500}, button=0, holes=holes, board="2c7d9hJc4s"
    )
    play(hand, "3: all-in, 0: call, 1: all-in, 2: all-in")
    return hand


@pytest.mark.rule("CAS-20")
def test_cas20_as_many_side_pots_as_all_ins_each_paid_separately() -> None:
    """'Il peut être constitué autant de pots extérieurs que la partie le nécessite du moment
    que chaque pot est clairement identifiable.'"""
    hand = _side_pot_hand({1: "AsAh", 2: "KsKh", 3: "QsQh", 0: "3c5d"})
    pots = (Pot(1_200, (0, 1, 2, 3)), Pot(1_200, (0, 2, 3)), Pot(1_600, (0, 3)))
    assert of_type(hand, BetsGathered)[0] == BetsGathered(Street.PREFLOP, pots)
    assert hand.is_over and shown_order(hand) == [1, 2, 3, 0]
    assert of_type(hand, Raked) == [Raked(2, 60), Raked(1, 50), Raked(0, 50)]
    assert awards(hand) == [
        (2, 1_540, ((3, 1_540),)),
        (1, 1_150, ((2, 1_150),)),
        (0, 1_150, ((1, 1_150),)),
    ]
    assert hand.stacks == {0: 8_500, 1: 1_150, 2: 1_150, 3: 1_540}
    assert_conserved(hand)


@pytest.mark.rule("CAS-20", "CAS-19")
def test_cas20_when_another_player_has_the_best_hand_he_takes_every_pot() -> None:
    """'si la main la plus forte est celle d'un autre joueur que celui ayant engagé son tapis,
    le croupier lui remettra tous les pots.'"""
    hand = _side_pot_hand({0: "AsAh", 1: "KsKh", 2: "QsQh", 3: "3c5d"})
    assert [(p, shares) for p, _, shares in awards(hand)] == [
        (2, ((0, 1_540),)),
        (1, ((0, 1_150),)),
        (0, ((0, 1_150),)),
    ]
    assert hand.stacks == {0: 12_340, 1: 0, 2: 0, 3: 0}
    assert hand.rake == 160
    assert_conserved(hand)


@pytest.mark.rule("CAS-21")
def test_cas21_with_no_raise_on_the_river_the_first_to_speak_shows_first() -> None:
    """'Dans le cas où aucun joueur n'a relancé durant le dernier tour d'enchères, le premier
    joueur à abattre ses cartes est celui ayant parlé en premier'; then clockwise."""
    hand = make_hand(cas("fixed-limit"), {s: 10_000 for s in range(4)}, button=2)
    passive_until(hand, Street.RIVER)
    play(hand, "3: check, 0: check, 1: check, 2: check")
    assert (hand.to_act, hand.legal_actions().muck) == (3, False)
    assert "seat 3's turn" in refuse(hand, 0, Action.show(), OutOfTurnError)
    play(hand, "3: show, 0: show, 1: show, 2: show")
    assert shown_order(hand) == [3, 0, 1, 2]
    assert_conserved(hand)


@pytest.mark.rule("CAS-21")
def test_cas21_a_bet_only_called_is_shown_first_by_the_bettor_who_spoke_first() -> None:
    hand = make_hand(cas("fixed-limit"), {s: 10_000 for s in range(4)}, button=2)
    passive_until(hand, Street.RIVER)
    play(hand, "3: bet 400, 0: call, 1: fold, 2: call")
    assert (hand.to_act, hand.legal_actions().muck) == (3, False)
    play(hand, "3: show, 0: show, 2: show")
    assert shown_order(hand) == [3, 0, 2]
    assert_conserved(hand)


@pytest.mark.rule("CAS-22")
@pytest.mark.parametrize(
    ("board", "better", "worse"),
    [
        pytest.param("Kh9h5h2c3d", "Ah4h", "QhJh", id="flushes: the highest card"),
        pytest.param("9h8c7d2sKd", "JcTs", "Tc6c", id="straights: the highest card"),
        pytest.param("Kd9c7h4s2d", "KsAh", "KhQc", id="same pair: the kicker"),
        pytest.param("KdKc7h7s2d", "AhQc", "JhTc", id="same two pair: the kicker"),
        pytest.param("8d8c8h4s2d", "AhKc", "AsQc", id="same trips: the second kicker"),
    ],
)
def test_cas22_equal_combinations_decided_by_the_highest_card_then_the_kickers(
    board: str, better: str, worse: str
) -> None:
    """'La plus haute des cartes qui composent la combinaison départage les combinaisons
    équivalentes ... la main la plus forte sera celle comportant la carte du joueur la plus
    élevée en dehors de ces combinaisons.'"""
    hand = make_hand(
        cas(), {0: 10_000, 1: 10_000}, button=0, holes={0: worse, 1: better}, board=board
    )
    run_out(hand)
    assert of_type(hand, Raked) == [Raked(0, 20)]  # 4 % of 400 = 16 cents -> 20
    assert awards(hand) == [(0, 380, ((1, 380),))]
    assert hand.stacks == {0: 9_800, 1: 10_180}
    assert_conserved(hand)


@pytest.mark.rule("CAS-22", "CAS-23")
def test_cas22_an_exact_tie_splits_the_raked_pot() -> None:
    """'En cas d'égalité parfaite, le pot sera partagé entre toutes les mains ex aequo.'"""
    hand = make_hand(
        cas(), {0: 10_000, 1: 10_000}, button=0, holes={0: "Tc2d", 1: "Td3c"}, board="AhKdQcJs5d"
    )
    run_out(hand)
    assert of_type(hand, Raked) == [Raked(0, 20)]
    assert awards(hand) == [(0, 380, ((1, 190), (0, 190)))]
    assert hand.stacks == {0: 9_990, 1: 9_990}
    assert_conserved(hand)


@pytest.mark.rule("CAS-22", "CAS-23")
def test_cas22_a_three_way_tie_on_the_board_splits_to_the_cent() -> None:
    hand = make_hand(
        cas(),
        {0: 10_000, 1: 10_000, 2: 10_000},
        button=0,
        holes={0: "2c3d", 1: "4c5d", 2: "2d4h"},
        board="AhKdQcJsTh",
    )
    run_out(hand)
    assert of_type(hand, Raked) == [Raked(0, 20)]  # 4 % of 600 = 24 cents -> 20
    (award,) = of_type(hand, Awarded)
    assert award.amount == 580
    assert award.shares == ((1, 194), (2, 193), (0, 193))  # the odd cent left of the button
    assert hand.stacks == {0: 9_993, 1: 9_994, 2: 9_993}
    assert_conserved(hand)


@pytest.mark.rule("CAS-23")
@pytest.mark.parametrize(
    ("pot", "rake"),
    [
        (1_000, 40),  # 10.00 EUR: 40 cents exactly
        (1_234, 50),  # 49.36 cents -> 0.50 EUR
        (1_124, 40),  # 44.96 -> 0.40
        (1_126, 50),  # 45.04 -> 0.50
        (126, 10),  # 5.04 -> 0.10
        (124, 0),  # 4.96 -> 0.00
        (100, 0),  # 4 cents -> 0
        (250_000, 10_000),  # 2,500 EUR: 100 EUR, no cap
        (0, 0),
    ],
)
def test_cas23_rake_is_4_percent_rounded_to_the_nearest_ten_cents(pot: int, rake: int) -> None:
    """'Le taux du prélèvement ... sur le montant effectif de chaque pot est de 4 %. Le montant
    du prélèvement est arrondi à la dizaine de centimes d'euro la plus voisine.'"""
    for structure in ("no-limit", "pot-limit", "fixed-limit"):
        assert cas(structure).rake.of(pot) == rake


@pytest.mark.rule("CAS-23", "CAS-20")
def test_cas23_each_pot_is_raked_before_it_is_paid() -> None:
    """'Le croupier soumet le pot au prélèvement ... A l'issue de l'opération de prélèvement,
    le croupier remet au gagnant la totalité du pot minorée du prélèvement.'"""
    hand = make_hand(
        cas(),
        {0: 10_000, 1: 376, 2: 10_000},
        button=0,
        holes={1: "AsAh", 2: "KsKh", 0: "QsQh"},
        board="2c7d9hJc4s",
    )
    play(hand, "0: raise 400, 1: all-in, 2: call")
    assert of_type(hand, BetsGathered)[0].pots == (Pot(1_128, (0, 1, 2)), Pot(48, (0, 2)))
    play(hand, "2: check, 0: bet 536, 2: call")
    assert hand.pots == (Pot(1_128, (0, 1, 2)), Pot(1_120, (0, 2)))
    run_out(hand)
    board = "2c7d9hJc4s"
    paid = [e for e in hand.events if isinstance(e, Raked | Awarded)]
    assert paid == [
        Raked(1, 40),  # side pot 11.20 EUR: 44.8 cents -> 0.40
        Awarded(1, 1_080, ((2, 1_080),), describe(value("KsKh", board))),
        Raked(0, 50),  # main pot 11.28 EUR: 45.12 cents -> 0.50
        Awarded(0, 1_078, ((1, 1_078),), describe(value("AsAh", board))),
    ]
    assert hand.stacks == {0: 9_064, 1: 1_078, 2: 10_144}
    assert hand.rake == 90 and of_type(hand, HandEnded)[0].rake == 90
    assert_conserved(hand)


@pytest.mark.rule("CAS-23")
def test_cas23_a_pot_won_before_the_flop_is_raked_too() -> None:
    hand = make_hand(cas(), {s: 10_000 for s in range(4)}, button=0)
    play(hand, "3: raise 600, 0: fold, 1: fold, 2: fold")
    assert of_type(hand, BetReturned) == [BetReturned(3, 400)]
    assert of_type(hand, Raked) == [Raked(0, 20)]  # the effective pot: 500 cents
    assert hand.stacks == {0: 10_000, 1: 9_900, 2: 9_800, 3: 10_280}
    assert_conserved(hand)


@pytest.mark.rule("CAS-23")
@pytest.mark.parametrize(
    "rules",
    [
        pytest.param(pokerkings(200, 400), id="pokerkings"),
        pytest.param(pokcomm(100, 200), id="pokcomm"),
        pytest.param(italian(100, 200), id="italian"),
        pytest.param(tda(100, 200), id="tda"),
        pytest.param(phh("no-limit", 100, 200), id="phh"),
    ],
)
def test_cas23_the_other_presets_take_no_rake(rules: Rules) -> None:
    hand = make_hand(
        rules,
        {0: 10_000, 1: 10_000, 2: 10_000},
        button=0,
        holes={0: "3c5d", 1: "AsAh", 2: "KdQh"},
        board="2c7d9hJc4s",
    )
    run_out(hand)
    assert not of_type(hand, Raked) and hand.rake == 0
    assert awards(hand) == [(0, 600, ((1, 600),))]
    assert_conserved(hand)


@pytest.mark.rule("CAS-26")
@pytest.mark.parametrize(
    ("structure", "preflop", "flop", "turn"),
    [
        ("no-limit", (400, 10_000, 10_000), (200, 9_800), (200, 9_800)),
        ("pot-limit", (400, 700, None), (200, 800), (200, 800)),
        ("fixed-limit", (400, 400, None), (200, 200), (400, 400)),
    ],
)
def test_cas26_three_versions_limit_pot_limit_no_limit(
    structure: str,
    preflop: tuple[int, int, int | None],
    flop: tuple[int, int],
    turn: tuple[int, int],
) -> None:
    """'Trois versions de jeu du texas hold'em poker peuvent être pratiquées' : the same
    position under each version (blinds 1/2 EUR, stacks of 100 EUR)."""
    rules = cas(structure)
    assert rules.structure is BettingStructure(structure)
    hand = make_hand(rules, {s: 10_000 for s in range(4)}, button=0)
    legal = hand.legal_actions()
    assert (legal.call, legal.min_raise_to, legal.max_raise_to, legal.all_in) == (200, *preflop)
    passive_until(hand, Street.FLOP)
    legal = hand.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to) == flop
    passive_until(hand, Street.TURN)
    legal = hand.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to) == turn
    assert_conserved(hand)


@pytest.mark.rule("CAS-27", "CAS-26")
@pytest.mark.parametrize(
    ("structure", "ranges"),
    [
        # after 400: at least double (800); after 1,000: at least 2,000
        ("no-limit", [(400, 10_000), (800, 10_000), (2_000, 10_000)]),
        ("pot-limit", [(400, 700), (800, 1_500), (2_000, 3_600)]),
    ],
)
def test_cas27_a_raise_is_at_least_double_the_last_raise(
    structure: str, ranges: list[tuple[int, int]]
) -> None:
    """'La relance doit toujours être au minimum du double de la dernière relance (sauf dans le
    cas d'un « tapis »).' Read as the preset does: a raise goes to at least twice the bet it
    raises."""
    hand = make_hand(cas(structure), {s: 10_000 for s in range(4)}, button=0)
    seen = []
    for seat, to in ((3, 400), (0, 1_000)):
        legal = hand.legal_actions()
        seen.append((legal.min_raise_to, legal.max_raise_to))
        hand.act(seat, Action.raise_to(to))
    legal = hand.legal_actions()
    seen.append((legal.min_raise_to, legal.max_raise_to))
    assert seen == ranges
    message = refuse(hand, 1, Action.raise_to(1_999))
    assert message.startswith(
        "raise to 1,999 is below the minimum of 2,000: you may fold, call 900"
    )
    play(hand, "1: raise 2000, 2: fold, 3: fold, 0: call")
    passive_until(hand, Street.FLOP)
    play(hand, "1: bet 300")  # after the flop: double the bet
    assert hand.legal_actions().min_raise_to == 600
    assert "below the minimum of 600" in refuse(hand, 0, Action.raise_to(599))
    assert_conserved(hand)


@pytest.mark.rule("CAS-27", "CAS-26")
def test_cas27_in_limit_each_raise_is_one_fixed_bet() -> None:
    """In the limit version the raise is the fixed bet of the round ('sans dépassement des
    maxima de relance établis selon la version'): the first raise doubles the bet."""
    hand = make_hand(cas("fixed-limit"), {s: 10_000 for s in range(4)}, button=0)
    assert sizes(hand) == (200, 400, 400)
    play(hand, "3: raise 400")
    assert sizes(hand) == (400, 600, 600)
    assert "above the maximum of 600 (the limit)" in refuse(hand, 0, Action.raise_to(800))
    play(hand, "0: call, 1: call, 2: call")
    passive_until(hand, Street.TURN)
    play(hand, "1: bet 400")
    assert sizes(hand) == (400, 800, 800)
    assert_conserved(hand)


@pytest.mark.rule("CAS-27")
@pytest.mark.parametrize("structure", ["no-limit", "pot-limit", "fixed-limit"])
def test_cas27_an_all_in_may_be_less_than_double(structure: str) -> None:
    """'(sauf dans le cas d'un « tapis »)': a stack short of a full raise may still go all-in."""
    hand = make_hand(cas(structure), {0: 500, 1: 10_000, 2: 10_000, 3: 10_000}, button=0)
    play(hand, "3: raise 400")
    legal = hand.legal_actions()
    assert (legal.seat, legal.call, legal.all_in) == (0, 400, 500)
    assert (legal.min_raise_to, legal.max_raise_to) == (500, 500)
    assert "below the minimum of 500" in refuse(hand, 0, Action.raise_to(450))
    play(hand, "0: all-in")
    assert hand.bets[0] == 500 and hand.is_all_in(0)
    assert_conserved(hand)


@pytest.mark.rule("CAS-27")
@pytest.mark.parametrize(
    ("rules", "minimum"),
    [
        pytest.param(cas(), 2_000, id="casino-fr: double the bet"),
        pytest.param(pokcomm(100, 200), 1_600, id="pokcomm: the last increment"),
        pytest.param(italian(100, 200), 1_600, id="italian: the last increment"),
        pytest.param(tda(100, 200), 1_600, id="tda: the last increment"),
    ],
)
def test_cas27_other_presets_raise_by_the_last_increment(rules: Rules, minimum: int) -> None:
    """The other value of the knob: after 200, 400, 1,000 the other presets ask a raise of at
    least the last increment (600 more, to 1,600), the casino twice the bet (2,000)."""
    hand = make_hand(rules, {s: 10_000 for s in range(4)}, button=0)
    play(hand, "3: raise 400, 0: raise 1000")
    assert hand.legal_actions().min_raise_to == minimum
    assert_conserved(hand)


def show_all(hand: Hand) -> list[int]:
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        hand.act(seat, Action.show())
    return [e.seat for e in hand.events if isinstance(e, Shown)]


@pytest.mark.rule("CAS-21")
def test_cas21_the_first_raiser_not_the_opening_bettor_shows_first() -> None:
    """'Le croupier demande au premier joueur à avoir relancé lors du dernier tour d'enchères de
    procéder à l'abattage ... puis à tous les autres joueurs lui succédant' : seat 1 bets (a
    mise, not a relance), seat 2 raises first, seat 0 re-raises: seat 2 shows first."""
    hand = make_hand(
        casino_fr("fixed-limit", 1, 2),
        {0: 1_000, 1: 1_000, 2: 1_000},
        button=0,
        holes={0: "AsAh", 1: "KsKh", 2: "QsQh"},
        board="2c7d9hJc4s",
    )
    passive_until(hand, Street.RIVER)
    play(hand, "1: bet 4, 2: raise 8, 0: raise 12, 1: call, 2: call")
    assert hand.to_act == 2
    assert show_all(hand) == [2, 0, 1]
    assert_conserved(hand)


@pytest.mark.rule("CAS-21")
def test_cas21_a_bet_that_is_only_called_is_no_raise_the_first_to_speak_shows_first() -> None:
    """'Dans le cas où aucun joueur n'a relancé durant le dernier tour d'enchères, le premier
    joueur à abattre ses cartes est celui ayant parlé en premier' : seat 3 checks, seat 0 bets,
    all call: nobody raised, so seat 3 (first to speak) shows first."""
    hand = make_hand(casino_fr("fixed-limit"), {s: 10_000 for s in range(4)}, button=2)
    passive_until(hand, Street.RIVER)
    play(hand, "3: check, 0: bet 400, 1: call, 2: call, 3: call")
    assert hand.to_act == 3
    assert show_all(hand) == [3, 0, 1, 2]
    assert_conserved(hand)


@pytest.mark.rule("CAS-27")
@pytest.mark.parametrize("structure", ["no-limit", "pot-limit"])
def test_cas27_after_a_short_all_in_the_next_raise_doubles_the_all_in_bet(structure: str) -> None:
    """'La relance doit toujours être au minimum du double de la dernière relance (sauf dans le
    cas d'un « tapis »)' ; the preset's reading (MinRaise.DOUBLE_THE_BET): 'raise to at least
    twice the bet being raised'. 400 is raised all-in to 700 (allowed, a tapis): the next raise
    goes to at least 1,400."""
    hand = make_hand(casino_fr(structure), {0: 700, 1: 10_000, 2: 10_000, 3: 10_000}, button=0)
    play(hand, "3: raise 400, 0: all-in")
    legal = hand.legal_actions()
    assert (legal.seat, legal.call, legal.min_raise_to) == (1, 600, 1_400)
    assert Action.raise_to(1_100) not in legal
    assert_conserved(hand)


@pytest.mark.rule("CAS-13")
def test_cas13_the_table_minimum_is_twice_the_small_blind_even_with_a_smaller_big_blind() -> None:
    """'small blind égale à la moitié de la mise minimum de la table' ; 'big blind ... au
    minimum égal à celui de la small blind et au maximum le double'. With a small blind of
    1 EUR the table minimum is 2 EUR; a big blind of 1.50 EUR does not lower it: a bet after the
    flop is at least 2 EUR."""
    hand = make_hand(casino_fr("no-limit", 100, 150), {s: 10_000 for s in range(3)}, button=0)
    passive_until(hand, Street.FLOP)
    assert hand.legal_actions().min_raise_to == 200
    assert Action.bet(150) not in hand.legal_actions()
    assert_conserved(hand)


@pytest.mark.rule("CAS-26")
def test_pot_limit_counts_a_short_big_blind_as_if_posted_in_full() -> None:
    """casino-fr pot-limit 1/2 with the big blind all-in for 0.60: the casino text is silent,
    so TDA R54-B sizes the pot as if the full blinds were posted: under the gun calls 2.00
    and may raise to 7.00 (1 + 2 + 2 called + 2 to call, on top of the call)."""
    hand = make_hand(casino_fr("pot-limit", 100, 200), {0: 50_000, 1: 50_000, 2: 60, 3: 50_000})
    legal = hand.legal_actions()
    assert hand.to_act == 3
    assert legal.call == 200
    assert legal.max_raise_to == 700
    play(hand, "3: raise 700")
    assert_conserved(hand)


@pytest.mark.rule("CAS-26")
def test_pot_limit_counts_the_real_pot_after_the_flop() -> None:
    """TDA R54-C: after the flop the real pot sizes the bet (no short-blind correction)."""
    hand = make_hand(casino_fr("pot-limit", 100, 200), {0: 50_000, 1: 50_000, 2: 60, 3: 50_000})
    play(hand, "3: call, 0: call, 1: call")
    assert hand.street.value == 1
    legal = hand.legal_actions()
    assert legal.max_raise_to == 60 * 4 + 140 * 3  # the pot gathered: 60 x 4 + 140 x 3


@pytest.mark.rule("CAS-26")
@pytest.mark.parametrize(
    ("rules", "most"),
    [(tda(50, 100, structure="pot-limit"), 350), (casino_fr("pot-limit", 100, 200), 700)],
    ids=["tda-50-100", "casino-fr-1-2"],
)
def test_pot_limit_counts_a_dead_small_blind_as_if_posted(rules: Rules, most: int) -> None:
    """TDA R54-B (tda; casino-fr, whose text is silent): "a dead or short blind does not
    change the pot size used for the maximum bet". The dead button leaves no small blind:
    under the gun may still raise to 350 at 50/100 (7.00 at 1/2), as with both blinds."""
    big = rules.stakes.big_blind
    hand = make_hand(
        rules,
        {0: 50_000, 1: 50_000, 2: 50_000, 3: 50_000},
        button=0,
        forced=[ForcedBet(2, ForcedKind.BIG_BLIND, big)],
    )
    assert [(e.seat, e.kind) for e in hand.events if isinstance(e, Posted)] == [
        (2, ForcedKind.BIG_BLIND)
    ]
    assert hand.to_act == 3
    legal = hand.legal_actions()
    assert legal.call == big
    assert legal.max_raise_to == most
    play(hand, f"3: raise {most}")
    assert_conserved(hand)


@pytest.mark.rule("CAS-26")
def test_pot_limit_at_a_table_whose_small_blind_left_keeps_the_full_pot() -> None:
    """casino-fr pot-limit 1/2 at a table: the player who would post the small blind leaves
    between hands; under the dead button nobody posts it, yet under the gun may raise to
    7.00, while phh (PokerKit's reading, the real pot) stops at 6.00."""
    table = Table(casino_fr("pot-limit", 100, 200), seats=5, rng=random.Random(4))
    for seat, name in enumerate("abcde", start=1):
        table.sit(name, 50_000, seat=seat)
    hand = table.start_hand()
    while not hand.is_over:
        hand.act(hand.legal_actions().seat, Action.fold())
    table.finish_hand()
    plan = table.plan()
    small = [f.seat for f in plan.forced if f.kind is ForcedKind.SMALL_BLIND]
    table.leave(table.players[small[0]])
    hand = table.start_hand()
    kinds = [e.kind for e in hand.events if isinstance(e, Posted)]
    assert ForcedKind.SMALL_BLIND not in kinds and ForcedKind.BIG_BLIND in kinds
    assert hand.legal_actions().max_raise_to == 700
    real = make_hand(
        phh("pot-limit", 100, 200),
        {s.seat: s.stack for s in hand.seats},
        button=hand.button_seat,
        forced=[ForcedBet(f.seat, f.kind, f.amount) for f in hand.events[0].forced],
    )
    assert real.legal_actions().max_raise_to == 600
