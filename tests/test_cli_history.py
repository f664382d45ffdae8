"""``--history DIR`` for ``croupier play`` and ``croupier simulate``: every hand saved, in
croupier's text, the PokerStars format or PHH; files that croupier replay and the
PokerStars parsers read."""

from __future__ import annotations

import random
import warnings
from pathlib import Path

import pytest
from pokerdf.core.read_and_convert import convert_txt_to_tabular_data
from pokerkit import HandHistory
from typer.testing import CliRunner

from croupier.cards import Deck
from croupier.cli.main import app
from croupier.engine import Action, Hand, SeatSetup
from croupier.errors import ConfigurationError
from croupier.history import iter_phh_hands, replay_phh
from croupier.history.save import HistoryFolder
from croupier.rules import tda

runner = CliRunner()
SIMULATE = ["simulate", "--hands", "12", "--seed", "5", "--bots", "station,random,reasonable"]


def test_simulate_saves_every_hand_as_phh_that_replays(tmp_path: Path) -> None:
    for preset in ("tda", "casino-fr", "pokerkings", "phh"):
        folder = tmp_path / preset
        args = [*SIMULATE, "--preset", preset, "--history", str(folder), "--history-format", "phh"]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        hands = list(iter_phh_hands(folder))
        assert len(hands) == 12, preset
        for _, hand in hands:
            replayed = replay_phh(hand)
            assert replayed.match is True, (preset, replayed.error)
        replay = runner.invoke(app, ["replay", str(folder), "--quiet"])
        assert replay.exit_code == 0 and "12 hands replayed: 12 matched" in replay.output


def test_simulate_saves_pokerstars_text_the_parsers_read(tmp_path: Path) -> None:
    result = runner.invoke(app, [*SIMULATE, "--preset", "tda", "--history", str(tmp_path)])
    assert result.exit_code == 0, result.output
    (path,) = tmp_path.iterdir()
    assert path.name.startswith("HH") and path.suffix == ".txt"  # as PokerStars names them
    text = path.read_text()
    assert text.count("PokerStars Hand #") == 12
    assert text.startswith("PokerStars Hand #1: Tournament #5, Freeroll Hold'em No Limit - Level I")
    # the table's real size: three bots, three seats (pokerdf reads a "10-max" as 0)
    assert text.count("' 3-max Seat #") == 12 and "10-max" not in text
    table = convert_txt_to_tabular_data(str(path))  # pokerdf reads the whole session file
    assert sorted(set(table["HandID"])) == sorted(str(n) for n in range(1, 13))
    assert {int(size) for size in table["TableSize"]} == {3}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parsed = list(HandHistory.from_pokerstars(text, error_status=True))
    assert len(parsed) == 12  # PokerKit reads every hand of the file (tda: no ante)


def test_simulate_saves_croupiers_text(tmp_path: Path) -> None:
    args = [*SIMULATE, "--preset", "casino-fr", "--history", str(tmp_path), "--history-format"]
    result = runner.invoke(app, [*args, "text"])
    assert result.exit_code == 0, result.output
    (path,) = tmp_path.iterdir()
    text = path.read_text()
    assert text.count("Croupier Hand #") == 12 and "€" in text


def test_play_saves_your_own_histories_only(tmp_path: Path) -> None:
    args = ["play", "--seed", "3", "--seats", "3", "--bots", "station", "--delay", "0"]
    moves = "c\ns\n" * 80 + "q\n"
    result = runner.invoke(
        app, [*args, "--history", str(tmp_path), "--history-format", "phh"], input=moves
    )
    assert result.exit_code == 0, result.output
    hands = list(iter_phh_hands(tmp_path))
    assert hands
    for _, hand in hands:
        assert replay_phh(hand).match is True
        assert hand.seats is not None
        you = hand.seats.index(1)
        shown = {
            a.player_index
            for a in hand.actions
            if getattr(a, "cards", None) and type(a).__name__ == "ShowOrMuck"
        }
        for action in hand.actions:
            if type(action).__name__ == "DealHole":
                hidden = None in action.cards  # type: ignore[attr-defined]
                mine = action.player_index == you  # type: ignore[attr-defined]
                assert hidden is not (mine or action.player_index in shown)  # type: ignore[attr-defined]
    stars = tmp_path / "stars"
    result = runner.invoke(app, [*args, "--history", str(stars)], input=moves)
    assert result.exit_code == 0
    (path,) = stars.iterdir()
    assert path.read_text().count("Dealt to You [") >= 1
    assert "' 3-max Seat #" in path.read_text() and "10-max" not in path.read_text()
    assert "Dealt to Alice [" not in path.read_text()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--history-format", "xml"], "history format 'xml': choose text, pokerstars, phh"),
        (["--history", "FILE"], "is a file, not a folder for histories"),
    ],
)
def test_bad_history_options_are_one_clear_line(
    tmp_path: Path, args: list[str], message: str
) -> None:
    afile = tmp_path / "afile"
    afile.write_text("x")
    args = [a.replace("FILE", str(afile)) for a in args]
    if "--history" not in args:
        args += ["--history", str(tmp_path / "h")]
    for command in (SIMULATE, ["play", "--delay", "0"]):
        result = runner.invoke(app, [*command, *args], input="q\n")
        assert result.exit_code == 2, result.output
        assert message in result.output and "Traceback" not in result.output


def test_history_folder_refuses_a_currency_it_cannot_write(tmp_path: Path) -> None:
    with pytest.raises(ConfigurationError, match="currency 'XYZ'"):
        HistoryFolder(tmp_path, "text", session="s", currency_code="XYZ")


def test_the_folder_appends_hands_three_newlines_apart(tmp_path: Path) -> None:
    folder = HistoryFolder(tmp_path, "pokerstars", session="s", viewer=1)
    rng = random.Random(2)
    for number in (1, 2):
        hand = Hand(
            rules=tda(),
            seats=[SeatSetup(1, "a", 500), SeatSetup(2, "b", 500)],
            button=1,
            deck=Deck.shuffled(rng),
        )
        hand.act(1, Action.fold())
        folder.write(hand, number=number)
    (path,) = tmp_path.iterdir()
    first, second = path.read_text().split("\n\n\n\n")
    assert first.startswith("PokerStars Hand #1:") and second.startswith("PokerStars Hand #2:")
