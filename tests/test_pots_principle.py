"""A player all-in wins from each opponent at most what he put in (ITA-40, POK-9-6, TDA R21).

A player still in with chips behind may win everything in the pot, an absent player's
killed blinds and antes included (POK-3-2, ITA-51, TDA R30); only what no player still in
can win, because every one of them is all-in for less, goes back to whoever put it in,
folded, absent or not; a player with nothing to decide is asked nothing. The examples of
issues 9 and 21, each under the presets it names, then the principle as a property over
random hands.
"""

from __future__ import annotations

import random

import pytest

from _hands import assert_conserved, make_hand, play, play_again
from _principle import check_asked_something, check_pot_principle
from _random_play import options, random_hand
from croupier.engine import (
    Action,
    Awarded,
    BetReturned,
    ForcedKind,
    Hand,
    Posted,
    Shown,
)
from croupier.history import loads, replay_phh
from croupier.rules import Rules, casino_fr, italian, phh, pokcomm, pokerkings, tda
from croupier.table import Table

FULL_BLIND_PRESETS = {
    "pokcomm": pokcomm(50, 100),
    "italian": italian(50, 100),
    "tda": tda(50, 100),
    "casino-fr": casino_fr("no-limit", 50, 100),
    "pokerkings": pokerkings(100, 200),
}

WITH_ANTE = {
    "italian": italian(50, 100, ante=10),
    "pokcomm": pokcomm(50, 100, ante=10),
    "tda-every-player": tda(50, 100, ante=10, ante_kind="every-player"),
}


def returned(hand: Hand) -> dict[int, int]:
    """Chips given back to each seat (uncalled or unmatched)."""
    out: dict[int, int] = {}
    for e in hand.events:
        if isinstance(e, BetReturned):
            out[e.seat] = out.get(e.seat, 0) + e.amount
    return out


def won(hand: Hand) -> dict[int, int]:
    out: dict[int, int] = {}
    for e in hand.events:
        if isinstance(e, Awarded):
            for seat, amount in e.shares:
                out[seat] = out.get(seat, 0) + amount
    return out


# ------------------------------------------------------------------ heads-up, short blind
@pytest.mark.rule("ITA-40", "POK-8-6")
@pytest.mark.parametrize("rules", FULL_BLIND_PRESETS.values(), ids=FULL_BLIND_PRESETS)
@pytest.mark.parametrize("big_wins", [True, False], ids=["big-blind-wins", "small-blind-wins"])
def test_heads_up_a_big_blind_all_in_under_the_small_blind_wins_only_what_he_matched(
    rules: Rules, big_wins: bool
) -> None:
    """Heads-up 50/100, the big blind all-in for 30: the small blind, who already put in
    more than the big blind can match, is asked nothing; the big blind can win 60 (his 30
    and 30 of the small blind's), and the small blind's other 20 goes back to him."""
    holes = {1: "AsAh", 0: "7c2d"} if big_wins else {1: "7c2d", 0: "AsAh"}
    hand = make_hand(rules, {0: 1_000, 1: 30}, button=0, holes=holes, board="KdQc9s5h3d")
    assert hand.is_over  # nothing to decide: straight to the showdown
    assert BetReturned(0, 20) in hand.events
    if big_wins:
        assert hand.stacks == {0: 970, 1: 60}
    else:
        assert hand.stacks == {0: 1_030, 1: 0}
    assert_conserved(hand)


@pytest.mark.rule("ITA-40")
@pytest.mark.parametrize("rules", FULL_BLIND_PRESETS.values(), ids=FULL_BLIND_PRESETS)
def test_a_covering_small_blind_who_folds_gets_back_what_the_big_blind_did_not_match(
    rules: Rules,
) -> None:
    """Heads-up, the big blind all-in for 70: the small blind (50) owes and may fold; the
    big blind wins the 50 of the small blind and his own 20 above it comes back."""
    hand = make_hand(rules, {0: 1_000, 1: 70}, button=0)
    assert hand.to_act == 0
    play(hand, "0: fold")
    assert hand.stacks == {0: 950, 1: 120}
    assert won(hand) == {1: 100}
    assert_conserved(hand)


# --------------------------------------------------------------------- a short big blind
@pytest.mark.rule("ITA-40", "ITA-5")
@pytest.mark.parametrize("rules", WITH_ANTE.values(), ids=WITH_ANTE)
@pytest.mark.parametrize("chips", [5, 10], ids=["less-than-the-ante", "exactly-the-ante"])
def test_a_big_blind_all_in_for_less_than_the_ante_wins_only_his_chips_matched(
    rules: Rules, chips: int
) -> None:
    """Heads-up, ante 10: the big blind has 5 (or 10) chips; he can win his chips matched by
    the button's, never the button's whole ante and small blind (65 or 70 in all)."""
    hand = make_hand(
        rules, {0: 1_000, 1: chips}, button=0, holes={1: "AsAh", 0: "7c2d"}, board="KdQc9s5h3d"
    )
    assert hand.is_over
    assert hand.stacks == {0: 1_000 - chips, 1: 2 * chips}
    assert_conserved(hand)


@pytest.mark.rule("ITA-40", "ITA-5")
@pytest.mark.parametrize("rules", WITH_ANTE.values(), ids=WITH_ANTE)
def test_three_handed_a_big_blind_all_in_for_five_wins_fifteen(rules: Rules) -> None:
    """Three-handed, ante 10, the big blind all-in for 5: the button folds, the small blind
    has nothing to decide; the big blind's aces win 5 from each player: 15. The small
    blind's ante matched the button's whole ante: the button's other 5 are his, in a side
    pot nobody else contests."""
    stacks = {0: 1_000, 1: 1_000, 2: 5}
    hand = make_hand(
        rules, stacks, button=0, holes={2: "AsAh", 1: "7c2d", 0: "8c4d"}, board="KdQc9s5h3d"
    )
    assert hand.to_act == 0
    play(hand, "0: fold")
    assert hand.is_over
    assert hand.stacks == {0: 990, 1: 1_000, 2: 15}
    assert_conserved(hand)


@pytest.mark.rule("ITA-40")
def test_tda_big_blind_first_then_the_ante_from_what_is_left() -> None:
    """TDA RP-11 (2024): a big blind of 50 chips facing 50/100 with a 100 big-blind ante
    posts his 50 as the blind and nothing as the ante; the small blind has nothing to
    decide; the winner takes the 100 in the middle."""
    hand = make_hand(
        tda(50, 100, ante=100),
        {0: 1_000, 1: 50},
        button=0,
        holes={1: "AsAh", 0: "7c2d"},
        board="KdQc9s5h3d",
    )
    posts = [(e.seat, e.kind, e.amount) for e in hand.events if isinstance(e, Posted)]
    assert posts == [
        (1, ForcedKind.ANTE, 0),
        (0, ForcedKind.SMALL_BLIND, 50),
        (1, ForcedKind.BIG_BLIND, 50),
    ]
    assert hand.is_over
    assert hand.stacks == {0: 950, 1: 100}
    assert_conserved(hand)


@pytest.mark.rule("ITA-40")
def test_a_big_blind_whose_chips_all_went_to_a_dead_ante_wins_only_the_ante() -> None:
    """The big-blind ante taken first (the rules before 2024): all 50 of a short big blind go
    to the ante, dead money; the small blind's 50 is matched by nothing the big blind bet,
    so it goes back; the big blind can win his 50, never 100."""
    rules = tda(50, 100, ante=100).but(big_blind_first=False)
    hand = make_hand(
        rules, {0: 1_000, 1: 50}, button=0, holes={1: "AsAh", 0: "7c2d"}, board="KdQc9s5h3d"
    )
    assert hand.is_over
    assert returned(hand) == {0: 50}
    assert hand.stacks == {0: 1_000, 1: 50}
    assert_conserved(hand)


# ---------------------------------------------------------------------- a killed hand
@pytest.mark.rule("ITA-40", "POK-2-10")
def test_an_absent_big_blind_gets_back_what_the_all_in_small_blind_did_not_match() -> None:
    """pokcomm 50/100: the absent big blind's 100 is posted and his hand killed; the small
    blind is all-in for 30; the button folds: the small blind wins 60, not 130, and 70 goes
    back to the absent player."""
    hand = make_hand(pokcomm(50, 100), {0: 1_000, 1: 30, 2: 1_000}, button=0, absent=[2])
    assert hand.to_act == 0
    play(hand, "0: fold")
    assert returned(hand) == {2: 70}
    assert hand.stacks == {0: 1_000, 1: 60, 2: 970}
    assert_conserved(hand)


@pytest.mark.rule("POK-3-2", "POK-2-10")
def test_an_absent_big_blind_s_blind_stays_in_the_pot_for_the_small_blind() -> None:
    """POK-3-2: « leurs cartes sont distribuées et les blinds leurs sont prélevées ».
    pokcomm 50/100, the big blind absent, the button folds: the small blind, the only live
    hand and with chips behind, wins the whole pot: the absent player's 100 included."""
    hand = make_hand(pokcomm(50, 100), {0: 1_000, 1: 1_000, 2: 1_000}, button=0, absent=[2])
    assert hand.to_act == 0
    play(hand, "0: fold")
    assert returned(hand) == {}
    assert won(hand) == {1: 150}
    assert hand.stacks == {0: 1_000, 1: 1_100, 2: 900}
    check_pot_principle(hand)
    assert_conserved(hand)


@pytest.mark.rule("POK-2-10")
def test_tda_an_absent_big_blind_s_blind_and_ante_stay_in_the_pot() -> None:
    """TDA R30: a player away when the deal ends has his hand killed, "his blinds and
    antes stay in the pot". tda 50/100 with a 100 big-blind ante, the big blind absent, the
    button folds: the small blind wins 250 (his 50, the blind and the ante)."""
    hand = make_hand(tda(50, 100, ante=100), {0: 1_000, 1: 1_000, 2: 1_000}, button=0, absent=[2])
    play(hand, "0: fold")
    assert returned(hand) == {}
    assert hand.stacks == {0: 1_000, 1: 1_200, 2: 800}
    check_pot_principle(hand)
    assert_conserved(hand)


@pytest.mark.rule("ITA-51", "ITA-5")
def test_italian_a_suspended_player_pays_his_blinds_and_antes_for_an_orbit() -> None:
    """ITA-51: during a suspension « i suoi bui (ed eventuali ante) vengono pagati
    regolarmente ». Four players at 50/100 ante 10, the suspended one's hand killed every
    hand while the others fold to the last of them: after an orbit (four hands) he has
    paid four antes and both blinds, 1,000 - 40 - 150 = 810, and nothing came back."""
    table = Table(italian(50, 100, ante=10), seats=4, rng=random.Random(3))
    for seat, name in enumerate("abcd", start=1):
        table.sit(name, 1_000, seat=seat)
    table.sit_out("d")
    for _ in range(4):
        hand = table.start_hand()
        while not hand.is_over:
            hand.act(hand.legal_actions().seat, Action.fold())
        assert not any(e.seat == 4 for e in hand.events if isinstance(e, BetReturned))
        check_pot_principle(hand)
        table.finish_hand()
    assert table.stack_of("d") == 810
    assert sum(table.stacks.values()) == 4_000


@pytest.mark.rule("ITA-40", "POK-3-2")
def test_what_an_all_in_player_cannot_win_of_a_killed_blind_still_goes_back() -> None:
    """pokcomm 50/100, the absent big blind's 100 posted, the small blind all-in for 50
    and the button all-in for 20: every live hand is all-in for less, so the 50 of the
    blind above what they put in goes back to the absent player."""
    hand = make_hand(
        pokcomm(50, 100),
        {0: 20, 1: 50, 2: 1_000},
        button=0,
        absent=[2],
        holes={0: "AsAh", 1: "7c2d", 2: "KdKc"},
        board="QdJc9s5h3d",
    )
    play(hand, "0: all-in")
    assert hand.is_over
    assert returned(hand) == {2: 50}
    assert hand.stacks == {0: 60, 1: 60, 2: 950}
    check_pot_principle(hand)
    assert_conserved(hand)


# ----------------------------------------------------------- a PokerKit hand, to the chip
POKERKIT_FT = """
variant = 'FT'
ante_trimming_status = false
antes = [10, 10, 10, 10, 10, 10, 10, 10]
blinds_or_straddles = [50, 100, 0, 0, 0, 0, 0, 0]
small_bet = 100
big_bet = 200
starting_stacks = [1084, 4934, 104, 47, 3705, 7, 2975, 2780]
actions = ['d dh p1 TsQc', 'd dh p2 Kd5d', 'd dh p3 7d2d', 'd dh p4 3d6s', 'd dh p5 9h6d', \
'd dh p6 2h7c', 'd dh p7 9cKh', 'd dh p8 4sKc', 'p3 cc', 'p4 cc', 'p5 cbr 200', 'p7 cc', \
'p8 cc', 'p1 cbr 300', 'p2 cc', 'p5 cc', 'p7 cbr 400', 'p8 cc', 'p1 f', 'p2 cc', 'p5 cc', \
'd db Ad2sJh', 'p2 cbr 100', 'p5 cbr 200', 'p7 cc', 'p8 cc', 'p2 cc', 'd db Th', \
'p2 cbr 200', 'p5 cbr 400', 'p7 cc', 'p8 f', 'p2 cbr 600', 'p5 cbr 800', 'p7 cc', 'p2 f', \
'd db Jd', 'p5 cbr 200', 'p7 cc', 'p5 sm 9h6d', 'p6 sm 2h7c', 'p7 sm 9cKh', 'p3 sm 7d2d', \
'p4 sm 3d6s']
finishing_stacks = [774, 3724, 650, 0, 2095, 28, 6195, 2170]
"""


@pytest.mark.rule("ITA-40")
def test_a_player_all_in_for_part_of_his_ante_shares_only_the_antes_he_matched() -> None:
    """Eight players, untrimmed (dead) antes of 10, one all-in for 7 who ties for the best
    hand: under the pot principle (every seed's preset: ``short_dead_money_capped``) he
    shares the 56 that his 7 matched (7 from each), not all 77 antes: 650 and 28, the
    stacks the file holds (issue 9). The ``phh`` preset reads the file as PokerKit does,
    the short payer contesting every ante: 640 and 38, PokerKit 0.7.7's own result."""
    result = replay_phh(loads(POKERKIT_FT))
    assert result.error is None, result.error
    assert result.finishing_stacks == (774, 3724, 640, 0, 2095, 38, 6195, 2170)
    assert not result.match  # the file holds the principle's stacks
    hand = result.hand
    assert hand is not None and not hand.rules.short_dead_money_capped
    capped = play_again(hand, hand.rules.but(short_dead_money_capped=True))
    assert [capped.stacks[s] for s in sorted(capped.stacks)] == [
        774,
        3724,
        650,
        0,
        2095,
        28,
        6195,
        2170,
    ]


# ------------------------------------------------------------ the principle, as a property
PROPERTY_PRESETS: dict[str, Rules] = {
    "pokcomm-ante": pokcomm(25, 50, ante=5),
    "pokcomm-bb-ante": pokcomm(25, 50, ante=50, ante_kind="big-blind"),
    "pokerkings": pokerkings(100, 200),
    "italian-ante": italian(50, 100, ante=10),
    "casino-fr-nl-option": casino_fr("no-limit", 100, 200, option=True),
    "casino-fr-pl": casino_fr("pot-limit", 100, 200),
    "casino-fr-fl": casino_fr("fixed-limit", 100, 200),
    "tda-bb-ante": tda(50, 100, ante=100),
    "tda-bb-ante-ante-first": tda(50, 100, ante=100).but(big_blind_first=False),
    "tda-fl": tda(50, 100, structure="fixed-limit"),
    "phh-nl-trimmed": phh("no-limit", 50, 100, ante=10),
    "phh-nl-dead-antes": phh("no-limit", 50, 100, ante=10, ante_trimming=False),
    "phh-fl": phh("fixed-limit", 50, 100),
}
SHORT = (1, 3, 5, 7, 10, 30, 49, 50, 60, 99, 100, 150, 200, 250)


def _principle_run(seed: int, hands: int) -> int:
    """Play ``hands`` random hands over every preset, checking the principle after each and
    that nobody is asked with nothing to decide; returns the hands that reached a showdown."""
    rng = random.Random(seed)
    names = sorted(PROPERTY_PRESETS)
    showdowns = 0
    for _ in range(hands):
        rules = PROPERTY_PRESETS[rng.choice(names)]
        players = rng.randint(2, 9)
        stacks = [
            rng.choice(SHORT) if rng.random() < 0.45 else rng.randint(200, 3_000)
            for _ in range(players)
        ]
        hand = random_hand(rng, rules, stacks, absent_chance=0.12)
        while not hand.is_over:
            legal = hand.legal_actions()
            check_asked_something(hand, legal)
            choices = options(legal, rng)
            if not (legal.show or legal.muck) and rng.random() < 0.35 and legal.fold:
                choice = Action.fold()  # covering players fold often
            else:
                choice = rng.choice(choices)
            hand.act(legal.seat, choice)
        check_pot_principle(hand)
        showdowns += any(isinstance(e, Shown) for e in hand.events)
    return showdowns


@pytest.mark.rule("ITA-40", "POK-9-6")
@pytest.mark.parametrize("seed", range(4))
def test_nobody_wins_more_from_an_opponent_than_he_put_in(seed: int) -> None:
    """100,000 random hands (4 x 25,000) of every preset: short stacks, antes of every
    kind, straddles, absent players, covering players who fold."""
    showdowns = _principle_run(seed, 25_000)
    assert showdowns > 5_000  # the run reaches showdowns, not only folds


def test_the_principle_checker_catches_a_pot_paid_to_a_folded_player() -> None:
    """The oracle is not vacuous: a hand whose award is tampered with fails it."""
    hand = make_hand(tda(50, 100), {0: 1_000, 1: 1_000, 2: 1_000}, button=0)
    play(hand, "0: raise 300, 1: fold, 2: fold")
    check_pot_principle(hand)
    events = tuple(
        Awarded(e.pot, e.amount, ((1, e.amount),), e.hand) if isinstance(e, Awarded) else e
        for e in hand.events
    )
    with pytest.raises(AssertionError, match="folded seat 1"):
        check_pot_principle(_FakeHand(hand, events))  # type: ignore[arg-type]


class _FakeHand:
    """A finished hand's numbers with other events: to prove the checker can fail."""

    def __init__(self, hand: Hand, events: tuple[object, ...]) -> None:
        self.events = events
        self.stacks = hand.stacks
        self.starting_stacks = hand.starting_stacks
        self.rake = hand.rake


POKERKIT_SPLIT = """
variant = 'NT'
ante_trimming_status = true
antes = [0, 0, 0, 0, 0, 0]
blinds_or_straddles = [7, 25, 50, 0, 0, 0]
min_bet = 25
starting_stacks = [9759, 881, 1965, 134, 410, 3037]
actions = ['d dh p1 8dKc', 'd dh p2 2cAs', 'd dh p3 9h4c', 'd dh p4 Ad5h', 'd dh p5 6cJs', \
'd dh p6 Ah2s', 'p4 cc', 'p5 cbr 75', 'p6 cc', 'p1 cc', 'p2 cbr 100', 'p3 f', 'p4 cc', \
'p5 f', 'p6 cc', 'p1 cc', 'd db QdJd2h', 'p1 cbr 9659', 'p2 cc', 'p4 cc', 'p6 cc', \
'p1 sm 8dKc', 'p2 sm 2cAs', 'p4 sm Ad5h', 'p6 sm Ah2s', 'd db 3s', 'd db Ts']
finishing_stacks = [6722, 1451, 1915, 0, 335, 5763]
"""


@pytest.mark.rule("ITA-40", "POK-9-6")
def test_phh_splits_pots_that_the_same_hands_win_once_other_presets_pot_by_pot() -> None:
    """Two pots (661 and 2,241) split between the same two hands: PokerKit, which kills the
    hands that win nothing and merges the pots the survivors contest, splits 2,902 once
    (1,451 each); ITA-40 / TDA R21 split each pot on its own (the odd chip of each to the
    first left of the button: 1,452 and 5,762)."""
    result = replay_phh(loads(POKERKIT_SPLIT))
    assert result.finishing_stacks == (6722, 1451, 1915, 0, 335, 5763)
    hand = result.hand
    assert hand is not None
    assert hand.rules.merge_equal_contender_pots
    pot_by_pot = play_again(hand, hand.rules.but(merge_equal_contender_pots=False))
    assert [pot_by_pot.stacks[s] for s in sorted(pot_by_pot.stacks)] == [
        6722,
        1452,
        1915,
        0,
        335,
        5762,
    ]
