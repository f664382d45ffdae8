"""PokerStars-format text, read by three real parsers from PyPI (test-only dependencies).

* PokerKit's ``HandHistory.from_pokerstars`` reads no-limit hold'em only, and no ante
  (its ante pattern matches nothing): it replays the hand, so it gives the final
  stacks, compared where it can know them (no ante, straddle, dead blind or rake).
* The ``poker`` package (``poker.room.pokerstars``) reads tournament and play-money
  hands of every limit (``$`` cash amounts and cents break it): it gives the starting
  stacks, the total pot and the winners.
* ``pokerdf`` reads tournament hands at tables of at most nine: it gives every
  player's starting stack, antes and blinds posted, the uncalled bets returned and
  what he won, and the pot.

Every tournament hand and every play-money (chips) no-limit hand is read by at least
two of them; a cash hand in money by PokerKit alone when no-limit (docs/phh.md).
"""

from __future__ import annotations

import datetime
import random
from zoneinfo import ZoneInfo

import pytest

from _parsers import check_poker as _check_poker
from _parsers import check_pokerdf as _check_pokerdf
from _parsers import check_pokerkit as _check_pokerkit
from _parsers import plain_blinds as _plain_blinds
from _random_play import play_randomly
from croupier.cards import Deck
from croupier.engine import Action, Hand, SeatSetup
from croupier.errors import HandHistoryError
from croupier.history import Tournament, render_pokerstars, render_pokerstars_view
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

WHEN = datetime.datetime(2024, 6, 10, 20, 5, tzinfo=ZoneInfo("Europe/Paris"))


def _hand(rng: random.Random, rules: Rules, players: int) -> Hand:
    big = rules.stakes.big_blind
    stacks = [
        rng.choice([rng.randint(1, 5 * big), rng.randint(20 * big, 200 * big)])
        for _ in range(players)
    ]
    seats = [SeatSetup(i + 1, f"player{i + 1}", s) for i, s in enumerate(stacks)]
    hand = Hand(rules=rules, seats=seats, button=rng.randint(1, players), deck=Deck.shuffled(rng))
    play_randomly(hand, rng)
    return hand


TOURNAMENTS = {
    "tda": lambda: tda(50, 100, ante=100),
    "tda-everyone-antes": lambda: tda(50, 100, ante=10, ante_kind="every-player"),
    "tda-fl": lambda: tda(50, 100, structure="fixed-limit"),
    "pokcomm": lambda: pokcomm(25, 50, ante=5),
    "italian": lambda: italian(50, 100, ante=10),
    "tda-no-ante": lambda: tda(50, 100),
}


@pytest.mark.parametrize("name", sorted(TOURNAMENTS))
def test_tournament_hands_are_read_by_the_parsers(name: str) -> None:
    rng = random.Random(name)
    parsed = 0
    for number in range(40):
        hand = _hand(rng, TOURNAMENTS[name](), rng.randint(2, 9))
        viewer = rng.choice([s.seat for s in hand.seats])
        text = render_pokerstars(
            hand.events,
            hand_number=1000 + number,
            played_at=WHEN,
            viewer=viewer,
            max_seats=9,
            tournament=Tournament(4242, level=3, buy_in=1000, fee=100),
        )
        _check_poker(text, hand)
        _check_pokerdf(text, hand)
        if hand.rules.structure is BettingStructure.NO_LIMIT and _plain_blinds(hand):
            _check_pokerkit(text, hand)  # the third parser, which reads no ante
        parsed += 1
    assert parsed == 40


@pytest.mark.parametrize(
    "build",
    [lambda: phh("no-limit", 50, 100), lambda: casino_fr("no-limit", 100, 200, option=True)],
)
def test_play_money_cash_hands_are_read_by_pokerkit_and_poker(build: object) -> None:
    rng = random.Random(7)
    for number in range(40):
        hand = _hand(rng, build(), rng.randint(2, 9))  # type: ignore[operator]
        text = render_pokerstars(
            hand.events, hand_number=number + 1, played_at=WHEN, viewer=1, max_seats=9
        )
        _check_pokerkit(text, hand)
        _check_poker(text, hand)


def test_cash_hands_in_money_are_read_by_pokerkit() -> None:
    rng = random.Random(11)
    for number in range(40):
        hand = _hand(rng, casino_fr("no-limit", 100, 200), rng.randint(2, 9))
        text = render_pokerstars(
            hand.events,
            hand_number=number + 1,
            played_at=WHEN,
            viewer=1,
            currency="EUR",
            scale=100,
            table="Paris 3",
        )
        assert text.startswith(f"PokerStars Hand #{number + 1}: Hold'em No Limit (€1/€2 EUR) - ")
        _check_pokerkit(text, hand, scale=100)


def test_fixed_limit_cash_in_money_is_written_as_pokerstars_does() -> None:
    hand = _hand(random.Random(5), pokerkings(200, 400, euro=100), 4)
    text = render_pokerstars(
        hand.events, hand_number=9, played_at=WHEN, viewer=1, currency="EUR", scale=100
    )
    assert text.splitlines()[0] == (
        "PokerStars Hand #9: Hold'em Limit (€2/€4 EUR)"
        " - 2024/06/10 20:05:00 CEST [2024/06/10 14:05:00 ET]"
    )
    assert "Table 'croupier' 10-max Seat #" in text
    assert "€" in text and "," not in text.split("*** SUMMARY ***")[1].split("Board")[0]


def test_the_layout_of_a_tournament_hand() -> None:
    rules = tda(50, 100, ante=10, ante_kind="every-player")
    seats = [SeatSetup(1, "ann", 1_000), SeatSetup(2, "bob", 2_000), SeatSetup(3, "cy", 3_000)]
    deck = Deck.parse(
        "Ah Kd 2c Qs Qd 7c 3s 2h 7d 9h 4s Ts 5s Js "
        + " ".join(
            str(c)
            for c in Deck()
            if str(c)
            not in [
                "Ah",
                "Kd",
                "2c",
                "Qs",
                "Qd",
                "7c",
                "3s",
                "2h",
                "7d",
                "9h",
                "4s",
                "Ts",
                "5s",
                "Js",
            ]
        )
    )
    hand = Hand(rules=rules, seats=seats, button=3, deck=deck, hand_id="5")
    hand.act(3, Action.raise_to(300))
    hand.act(1, Action.all_in())
    hand.act(2, Action.fold())
    hand.act(3, Action.call())
    text = render_pokerstars(
        hand.events,
        hand_number=5,
        played_at=WHEN,
        viewer=1,
        max_seats=9,
        tournament=Tournament(77, level=2, buy_in=1000, fee=100, table=4),
    )
    assert text == (
        "PokerStars Hand #5: Tournament #77, $10+$1 USD Hold'em No Limit - Level II (50/100)"
        " - 2024/06/10 20:05:00 CEST [2024/06/10 14:05:00 ET]\n"
        "Table '77 4' 9-max Seat #3 is the button\n"
        "Seat 1: ann (1000 in chips)\n"
        "Seat 2: bob (2000 in chips)\n"
        "Seat 3: cy (3000 in chips)\n"
        "ann: posts the ante 10\n"
        "bob: posts the ante 10\n"
        "cy: posts the ante 10\n"
        "ann: posts small blind 50\n"
        "bob: posts big blind 100\n"
        "*** HOLE CARDS ***\n"
        "Dealt to ann [Ah Qs]\n"
        "cy: raises 200 to 300\n"
        "ann: raises 690 to 990 and is all-in\n"
        "bob: folds\n"
        "cy: calls 690\n"
        "*** FLOP *** [2h 7d 9h]\n"
        "*** TURN *** [2h 7d 9h] [Ts]\n"
        "*** RIVER *** [2h 7d 9h Ts] [Js]\n"
        "*** SHOW DOWN ***\n"
        "ann: shows [Ah Qs] (high card, ace)\n"
        "cy: shows [2c 7c] (two pair, sevens and twos)\n"
        "cy collected 2110 from pot\n"
        "*** SUMMARY ***\n"
        "Total pot 2110 | Rake 0\n"
        "Board [2h 7d 9h Ts Js]\n"
        "Seat 1: ann (small blind) showed [Ah Qs] and lost with high card, ace\n"
        "Seat 2: bob (big blind) folded before Flop\n"
        "Seat 3: cy (button) showed [2c 7c] and won (2110) with two pair, sevens and twos\n"
    )


@pytest.mark.parametrize(
    ("buy_in", "fee", "currency", "written"),
    [
        (2_000, 0, "EUR", "20+0 EUR"),
        (1_050, 150, "EUR", "10.50+1.50 EUR"),
        (1_000, 100, "USD", "$10+$1 USD"),
        (0, 0, "EUR", "Freeroll"),
    ],
)
def test_a_tournament_buy_in_in_any_currency_is_read_by_the_parsers(
    buy_in: int, fee: int, currency: str, written: str
) -> None:
    """The ``poker`` package reads a buy-in with ``$`` or no symbol: euros are written
    ``20+0 EUR`` (the code says the currency), dollars as PokerStars writes them."""
    hand = _hand(random.Random(buy_in + fee), tda(50, 100), 6)
    tournament = Tournament(9, level=1, buy_in=buy_in, fee=fee, currency=currency)
    text = render_pokerstars(
        hand.events, hand_number=3, played_at=WHEN, viewer=1, max_seats=6, tournament=tournament
    )
    assert text.startswith(f"PokerStars Hand #3: Tournament #9, {written} Hold'em No Limit")
    assert "Table '9 1' 6-max Seat #" in text
    _check_poker(text, hand)
    _check_pokerdf(text, hand)


def test_hidden_cards_stay_hidden() -> None:
    rng = random.Random(3)
    for _ in range(30):
        hand = _hand(rng, tda(50, 100), 6)
        for seat in (s.seat for s in hand.seats):
            mine = render_pokerstars(hand.events, hand_number=1, played_at=WHEN, viewer=seat)
            theirs = render_pokerstars_view(hand.view(seat), hand_number=1, played_at=WHEN)
            assert mine == theirs
            for other in hand.seats:
                if other.seat != seat and not hand.has_shown(other.seat):
                    cards = hand.hole_cards(other.seat)
                    assert f"[{cards[0]} {cards[1]}]" not in mine
        audit = render_pokerstars(hand.events, hand_number=1, played_at=WHEN, all_cards=True)
        assert audit.count("Dealt to ") == 6


def test_bad_arguments_are_refused() -> None:
    hand = _hand(random.Random(1), tda(), 3)
    with pytest.raises(HandHistoryError, match="currency 'XYZ'"):
        render_pokerstars(hand.events, hand_number=1, currency="XYZ")
    with pytest.raises(HandHistoryError, match="hand number"):
        render_pokerstars(hand.events, hand_number=-1)
    with pytest.raises(HandHistoryError, match="tournament level"):
        Tournament(1, level=0)
    with pytest.raises(HandHistoryError, match="start with HandStarted"):
        render_pokerstars([], hand_number=1)
    voided = Hand(
        rules=tda(), seats=[SeatSetup(1, "a", 500), SeatSetup(2, "b", 500)], button=1, deck=Deck()
    )
    voided.void("misdeal")
    with pytest.raises(HandHistoryError, match="voided"):
        render_pokerstars(voided.events, hand_number=1)
