"""The ACPC dealer protocol: .game files read as they are, match states written and read back,
and real matches over loopback between `croupier acpc serve` and bots in other processes."""

from __future__ import annotations

import random
import re
import socket
import subprocess
import sys
import time
from importlib import resources
from pathlib import Path

import pytest

from croupier.acpc.game import parse_game
from croupier.acpc.state import (
    LIMIT_STACK,
    acpc_action,
    betting_of,
    engine_action,
    matchstate,
    parse_matchstate,
    rebuild,
)
from croupier.bots import RandomBot
from croupier.cards import Deck
from croupier.engine import Action, Hand, SeatSetup
from croupier.errors import ConfigurationError

GAMES = [
    "holdem.nolimit.2p.reverse_blinds",
    "holdem.limit.2p.reverse_blinds",
    "holdem.nolimit.3p",
    "holdem.limit.3p",
]
LAUNCH = "from croupier.cli.main import app; app()"


def _text(name: str) -> str:
    return (resources.files("croupier.acpc") / "games" / f"{name}.game").read_text()


def test_the_acpc_game_files_are_read_as_they_are() -> None:
    nolimit = parse_game(_text(GAMES[0]))
    assert (nolimit.players, nolimit.small_blind, nolimit.big_blind) == (2, 50, 100)
    assert nolimit.button == 1 and nolimit.stacks == (20_000, 20_000)
    limit = parse_game(_text(GAMES[3]))
    rules = limit.rules()
    assert (rules.stakes.small_bet, rules.stakes.big_bet, rules.raise_cap) == (10, 20, 4)
    assert limit.button == 2 and limit.first_player == (3, 1, 1, 1)
    assert parse_game(nolimit.to_text()) == nolimit


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (("nolimit", "potlimit"), "pot-limit"),
        (("numHoleCards = 2", "numHoleCards = 4"), "Texas hold'em"),
        (("blind = 100 50", "blind = 100"), "blind needs 2 values"),
        (("firstPlayer = 2 1 1 1", "firstPlayer = 1 1 1 1"), "not hold'em's order"),
        (("GAMEDEF\n", ""), "GAMEDEF"),
    ],
)
def test_a_game_croupier_cannot_deal_is_refused_with_what_it_can(
    change: tuple[str, str], words: str
) -> None:
    with pytest.raises(ConfigurationError, match=words):
        parse_game(_text(GAMES[0]).replace(*change, 1))


@pytest.mark.parametrize("name", GAMES)
def test_match_states_read_back_into_the_same_hand_from_every_position(name: str) -> None:
    game = parse_game(_text(name))
    rng = random.Random(5)
    bots = [RandomBot(seed=i) for i in range(game.players)]
    stacks = (LIMIT_STACK,) * game.players if game.limit else game.stacks
    for number in range(60):
        seats = [SeatSetup(s, f"p{s}", stacks[s]) for s in range(game.players)]
        hand = Hand(rules=game.rules(), seats=seats, button=game.button, deck=Deck.shuffled(rng))
        while not hand.is_over:
            legal = hand.legal_actions()
            if legal.show or legal.muck:
                hand.act(legal.seat, Action.show())
                continue
            for position in range(game.players):
                text = matchstate(hand, position, number, limit=game.limit)
                state = parse_matchstate(text)
                again = rebuild(game, state)
                assert betting_of(again, limit=game.limit) == state.betting
                assert again.view(position).legal == hand.view(position).legal
                hidden = [
                    c for s in hand.seats if s.seat != position for c in hand.hole_cards(s.seat)
                ]
                assert not any(str(c) in state.cards for c in hidden)  # betting: none shown
            action = bots[legal.seat].act(hand.view(legal.seat))
            if action == Action.fold() and legal.check:
                action = Action.check()
            token = acpc_action(hand, action, limit=game.limit)
            hand.act(legal.seat, engine_action(hand, token, limit=game.limit))


def _croupier(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", LAUNCH, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _serve(game: str, players: int, hands: int, log: Path) -> tuple[subprocess.Popen[str], int]:
    dealer = _croupier(
        "acpc", "serve", "--game", game, "--players", str(players), "--hands", str(hands),
        "--port", "0", "--seed", "11", "--log", str(log),
    )  # fmt: skip
    assert dealer.stdout is not None
    line = dealer.stdout.readline()
    assert "dealing on 127.0.0.1:" in line, line + (dealer.stderr.read() if dealer.stderr else "")
    return dealer, int(line.rsplit(":", 1)[1])


def _always_call(port: int, seen: list[str]) -> None:
    """A heads-up bot of our own, not croupier's: it reads the protocol raw and always calls."""
    with socket.create_connection(("127.0.0.1", port), timeout=60) as conn:
        conn.sendall(b"VERSION:2.0.0\r\n")
        for raw in conn.makefile("r", encoding="ascii"):
            line = raw.strip()
            seen.append(line)
            _, position, _, betting, cards = line.split(":")
            holes = cards.split("/")[0].split("|")
            if "f" in betting or all(holes):  # a fold, or the showdown: the hand is over
                continue
            rounds = betting.split("/")
            tokens = re.findall(r"r\d+|[fc]", rounds[-1])
            first = 1 if len(rounds) == 1 else 0  # the small blind first preflop, not after
            if (first + len(tokens)) % 2 == int(position):
                conn.sendall(f"{line}:c\r\n".encode("ascii"))


def test_a_match_between_croupiers_bot_and_a_bot_of_our_own_over_loopback(tmp_path: Path) -> None:
    log = tmp_path / "match.log"
    dealer, port = _serve(GAMES[0], 2, 40, log)
    seen: list[str] = []
    import threading

    ours = threading.Thread(target=_always_call, args=(port, seen))
    ours.start()
    time.sleep(0.2)
    theirs = _croupier("acpc", "play", "--game", GAMES[0], "--port", str(port), "--bot", "random")
    out, err = dealer.communicate(timeout=120)
    ours.join(timeout=60)
    assert dealer.returncode == 0, err
    _, their_err = theirs.communicate(timeout=60)
    assert theirs.returncode == 0, their_err
    lines = log.read_text().splitlines()
    states, score = lines[:-1], lines[-1]
    assert len(states) == 40 and score.startswith("SCORE:") and score in out
    totals = [0, 0]
    for number, line in enumerate(states):
        fields = line.split(":")
        assert fields[0] == "STATE" and int(fields[1]) == number
        outcome = [int(x) for x in fields[4].split("|")]
        assert sum(outcome) == 0  # every chip accounted for
        for position, name in enumerate(fields[5].split("|")):
            totals[int(name.removeprefix("player")) - 1] += outcome[position]
    assert score == f"SCORE:{totals[0]}|{totals[1]}:player1|player2"
    for line in seen:  # our bot saw its own cards, and the other's only at a showdown
        holes = line.split(":")[4].split("/")[0].split("|")
        mine = int(line.split(":")[1])
        assert len(holes[mine]) == 4
        if holes[1 - mine]:
            assert "f" not in line.split(":")[3]


def test_three_croupier_bots_play_a_limit_match(tmp_path: Path) -> None:
    log = tmp_path / "match.log"
    dealer, port = _serve(GAMES[3], 3, 30, log)
    bots = []
    for k, name in enumerate(("random", "station", "reasonable")):
        bots.append(_croupier("acpc", "play", "--game", GAMES[3], "--port", str(port), "--bot",
                              name, "--seed", str(k)))  # fmt: skip
        time.sleep(0.3)  # players connect in order
    _, err = dealer.communicate(timeout=120)
    assert dealer.returncode == 0, err
    for bot in bots:
        bot.communicate(timeout=60)
        assert bot.returncode == 0
    lines = log.read_text().splitlines()
    assert len(lines) == 31 and all(
        sum(map(int, x.split(":")[4].split("|"))) == 0 for x in lines[:-1]
    )


def test_an_invalid_action_stops_the_match_with_the_engines_words(tmp_path: Path) -> None:
    dealer, port = _serve(GAMES[0], 2, 5, tmp_path / "match.log")
    conns = [socket.create_connection(("127.0.0.1", port), timeout=30) for _ in range(2)]
    for conn in conns:
        conn.sendall(b"VERSION:2.0.0\r\n")
    reader = conns[1].makefile("r", encoding="ascii")
    line = reader.readline().strip()  # position 1 (the small blind) acts first
    conns[1].sendall(f"{line}:r120\r\n".encode("ascii"))  # below the minimum raise to 200
    _, err = dealer.communicate(timeout=60)
    for conn in conns:
        conn.close()
    assert dealer.returncode == 1
    assert "below the minimum of 200" in err and "player2" in err
