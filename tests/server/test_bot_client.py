"""croupier.client against a real ``croupier serve`` process over loopback: a bot logs in with
its credentials, sits, sees only its own cards and plays hands through the WebSocket."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from _api import PASSWORD, registration
from _process import ServerProcess, Visitor

from croupier.client import BotError, Client, TurnView, to_message
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
        return Action.call()

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
