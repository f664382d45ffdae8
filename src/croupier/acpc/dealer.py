"""An ACPC dealer: a match of hold'em dealt by croupier's engine to bots over TCP.

As the ACPC's ``dealer``: the players connect in order (player 0 first) and each sends
``VERSION:2.0.0``; each hand, every player gets the match state from his own position
after every action, and the player to act answers the state with ``:`` and his action.
Positions rotate: player ``p`` sits in position ``(p + hand) % N``. Cards come from
Python's Mersenne Twister (MT19937) seeded with ``seed``, shuffled anew each hand. An
invalid action ends the match with the engine's words. The log has one line per hand,
``STATE:hand:betting:cards:outcome:names`` (every hole card, the chips won per position,
the players per position), then ``SCORE:totals:names`` in player order.
"""

from __future__ import annotations

import random
import socket
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TextIO

from croupier.acpc.game import GameDef
from croupier.acpc.state import (
    LIMIT_STACK,
    betting_of,
    cards_of,
    engine_action,
    matchstate,
)
from croupier.cards import Deck
from croupier.engine import Action, Hand, SeatSetup
from croupier.errors import CroupierError, IllegalActionError

__all__ = ["Match", "serve"]

VERSION = "VERSION:2.0.0"


@dataclass
class Match:
    """A match's result: chips won by each player, the log lines."""

    names: list[str]
    totals: list[int]
    log: list[str] = field(default_factory=list)

    @property
    def score_line(self) -> str:
        """``SCORE:totals:names`` in player order."""
        return f"SCORE:{'|'.join(map(str, self.totals))}:{'|'.join(self.names)}"


class _Player:
    def __init__(self, conn: socket.socket, name: str) -> None:
        self.conn = conn
        self.name = name
        self.reader = conn.makefile("r", encoding="ascii", newline="\n")

    def send(self, line: str) -> None:
        self.conn.sendall((line + "\r\n").encode("ascii"))

    def read(self) -> str:
        line = self.reader.readline()
        if not line:
            raise IllegalActionError(f"{self.name} left the match")
        return line.strip()


def _play_hand(
    game: GameDef, players: list[_Player], number: int, deck: Deck
) -> tuple[Hand, list[int]]:
    n = game.players
    seat_of = [(p + number) % n for p in range(n)]
    player_at = {seat_of[p]: p for p in range(n)}
    stacks = (LIMIT_STACK,) * n if game.limit else game.stacks
    hand = Hand(
        rules=game.rules(),
        seats=[SeatSetup(s, players[player_at[s]].name, stacks[s]) for s in range(n)],
        button=game.button,
        deck=deck,
        hand_id=str(number),
    )

    def tell() -> None:
        for p, player in enumerate(players):
            player.send(matchstate(hand, seat_of[p], number, limit=game.limit))

    def shows() -> None:  # the ACPC shows every hand still in at the showdown
        while not hand.is_over and (hand.legal_actions().show or hand.legal_actions().muck):
            hand.act(hand.legal_actions().seat, Action.show())

    shows()
    tell()
    while not hand.is_over:
        seat = hand.legal_actions().seat
        player = players[player_at[seat]]
        sent = matchstate(hand, seat, number, limit=game.limit)
        line = player.read()
        if not line.startswith(sent + ":"):
            raise IllegalActionError(f"{player.name} answered {line!r}, not {sent}:<action>")
        token = line[len(sent) + 1 :]
        try:
            hand.act(seat, engine_action(hand, token, limit=game.limit))
        except CroupierError as error:
            raise IllegalActionError(f"{player.name}'s action {token!r}: {error}") from None
        shows()
        tell()
    start, end = hand.starting_stacks, hand.stacks
    won = [end[seat_of[p]] - start[seat_of[p]] for p in range(n)]
    return hand, won


def _log_line(game: GameDef, hand: Hand, number: int) -> str:
    start, end = hand.starting_stacks, hand.stacks
    outcome = "|".join(str(end[s] - start[s]) for s in range(game.players))
    names = "|".join(setup.player for setup in hand.seats)
    return (
        f"STATE:{number}:{betting_of(hand, limit=game.limit)}:{cards_of(hand, None)}"
        f":{outcome}:{names}"
    )


def serve(
    game: GameDef,
    *,
    hands: int,
    port: int = 0,
    host: str = "127.0.0.1",
    seed: int = 0,
    names: list[str] | None = None,
    log: TextIO | None = None,
    ready: Callable[[int], None] | None = None,
) -> Match:
    """Deal ``hands`` hands of ``game`` to the bots that connect on ``host:port``.

    ``ready`` is told the port once the dealer listens (``port=0``: a free one).
    """
    n = game.players
    labels = names or [f"player{p + 1}" for p in range(n)]
    with socket.create_server((host, port)) as server:
        if ready is not None:
            ready(server.getsockname()[1])
        players: list[_Player] = []
        try:
            for p in range(n):
                conn, _ = server.accept()
                player = _Player(conn, labels[p])
                greeting = player.read()
                if not greeting.startswith("VERSION:2."):
                    raise IllegalActionError(f"{labels[p]} said {greeting!r}, not {VERSION}")
                players.append(player)
            rng = random.Random(seed)
            match = Match(names=labels, totals=[0] * n)
            for number in range(hands):
                hand, won = _play_hand(game, players, number, Deck.shuffled(rng))
                if sum(won) != 0:  # no rake at an ACPC match: every chip accounted for
                    raise AssertionError(f"hand {number}: chips not conserved {won}")
                match.totals = [t + w for t, w in zip(match.totals, won, strict=True)]
                line = _log_line(game, hand, number)
                match.log.append(line)
                if log is not None:
                    log.write(line + "\n")
            if log is not None:
                log.write(match.score_line + "\n")
            return match
        finally:
            for player in players:
                player.conn.close()
