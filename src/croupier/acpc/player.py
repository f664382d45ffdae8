"""A croupier bot as an ACPC client: it connects to a dealer and answers its match states.

Each state is rebuilt into a croupier hand (:func:`croupier.acpc.state.rebuild`); when it
is the bot's turn, the bot is given its seat's :class:`~croupier.engine.HandView` and its
action goes back as ``f``, ``c`` or ``r``. Works with the ACPC's own dealer as with
``croupier acpc serve``.
"""

from __future__ import annotations

import socket

from croupier.acpc.game import GameDef
from croupier.acpc.state import acpc_action, parse_matchstate, rebuild
from croupier.bots import Bot
from croupier.engine import Action

__all__ = ["play"]


def _answer(bot: Bot, game: GameDef, line: str) -> str | None:
    state = parse_matchstate(line)
    hand = rebuild(game, state)
    if hand.is_over or hand.to_act != state.position:
        return None
    view = hand.view(state.position)
    legal = view.legal
    assert legal is not None
    action = bot.act(view)
    if action == Action.fold() and legal.check:  # no free folds in the ACPC: the bot checks
        action = Action.check()
    return f"{state.text}:{acpc_action(hand, action, limit=game.limit)}"


def play(game: GameDef, bot: Bot, *, host: str = "127.0.0.1", port: int) -> int:
    """Play a whole match on the dealer at ``host:port``; the number of actions sent."""
    sent = 0
    with socket.create_connection((host, port)) as conn:
        conn.sendall(b"VERSION:2.0.0\r\n")
        reader = conn.makefile("r", encoding="ascii", newline="\n")
        for raw in reader:
            line = raw.strip()
            if not line.startswith("MATCHSTATE:"):
                continue  # comments and other lines are ignored, as the ACPC's players do
            answer = _answer(bot, game, line)
            if answer is not None:
                conn.sendall((answer + "\r\n").encode("ascii"))
                sent += 1
    return sent
