"""croupier.client against a real ``croupier serve`` process over loopback: a bot logs in with
its credentials, sits, sees only its own cards and plays hands through the WebSocket."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from _api import PASSWORD, registration
from _process import ServerProcess, Visitor

from croupier.client import BotError, Client, HandFollower, TurnView, to_message
from croupier.engine import Action


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path / "data", f"sqlite:///{tmp_path / 'croupier.db'}")
    process.start()
    try:
        yield process
    finally:
        process.kill()


def test_a_bot_logs_in_sits_and_plays_hands_on_the_real_server(server: ServerProcess) -> None:
    visitor = Visitor(server)
    assert visitor.post("/api/register", registration("robo", password=PASSWORD)).status_code == 201
    visitor.close()
    seen: list[TurnView] = []

    def on_turn(view: TurnView) -> object:
        seen.append(view)
        legal = view.legal
        if legal["show"] or legal["muck"]:
            return "show" if legal["show"] else "muck"
        if legal["check"]:
            return "check"
        if legal["call"] is not None and legal["call"] <= view.stack // 10:
            return Action.call()
        return "fold"  # never all in: the bot stays at the table for its two hands

    with Client(server.url, "robo", PASSWORD) as bot:
        assert bot.welcome["user"] == "robo"
        played = bot.play("casino-fr-1", on_turn, buy_in=20_000, hands=2)  # type: ignore[arg-type]
    assert played == 2
    assert seen and all(len(v.cards) == 2 for v in seen)
    for view in seen:  # nobody else's cards in what the bot was shown (but those shown)
        for seat in view.state["seats"]:
            if seat["seat"] != view.seat and view.state.get("phase") != "showdown":
                assert seat["cards"] is None
    with Client(server.url, "robo", PASSWORD) as again:
        hands = again.request("history", table="casino-fr-1", hand=seen[0].hand)
        assert hands["players"][str(seen[0].seat)] == "robo"


def test_a_wrong_password_is_refused_in_the_servers_words(server: ServerProcess) -> None:
    with pytest.raises(BotError, match="http_401"):
        Client(server.url, "nobody", "wrong password")


def test_an_answer_that_is_no_action_is_refused_before_sending() -> None:
    with pytest.raises(BotError, match="not an action"):
        to_message(("raise", "lots"), {})
    assert to_message(Action.raise_to(600), {"facing_bet": True}) == {
        "action": "raise",
        "amount": 600,
    }


def _frame(
    hand: int | None, events: list[str], *, turn: int | None = None, stack: int = 500
) -> dict:
    """An update of table t: these events, the hand in play and whose turn it is."""
    state: dict[str, object] = {
        "hand": hand,
        "seats": [{"seat": 1, "stack": stack}, {"seat": 2, "stack": 900}],
        "to_act": None if turn is None else {"seat": turn, "legal": {"check": True}},
        "board": [],
    }
    return {
        "type": "update",
        "table": "t",
        "hand": hand,
        "events": [{"type": e} for e in events],
        "state": state,
    }


def test_the_bot_counts_a_hand_whose_end_comes_in_the_frame_that_starts_the_next() -> None:
    follow = HandFollower("t", seat=1)
    assert follow.see({**_frame(7, ["started"]), "type": "table"}) is None
    asked = follow.see(_frame(7, ["posted"], turn=1))
    assert asked is not None and asked["state"]["hand"] == 7
    follow.acted(7)
    assert follow.see(_frame(7, ["acted"], turn=1)) is None  # the same turn again: answered
    # under load the server publishes hand 7's end and hand 8's start in one update
    assert follow.see(_frame(8, ["acted", "awarded", "ended", "started", "posted"], turn=2)) is None
    assert follow.played == 1 and not follow.cannot_play
    # a hand the bot did not act in is not counted
    follow.see(_frame(9, ["ended", "started"], turn=2))
    assert follow.played == 1


def test_the_bot_stops_when_it_is_busted_or_its_seat_is_gone() -> None:
    follow = HandFollower("t", seat=1)
    follow.see(_frame(3, ["started"], turn=1))
    follow.acted(3)
    follow.see(_frame(None, ["ended"], stack=0))
    assert follow.played == 1 and follow.cannot_play
    gone = HandFollower("t", seat=4)  # seat 4 is not at the table between hands
    gone.see(_frame(None, []))
    assert gone.cannot_play
    other = HandFollower("t", seat=2)
    other.see({**_frame(None, []), "table": "elsewhere"})  # another table's frame: not seen
    assert not other.cannot_play
