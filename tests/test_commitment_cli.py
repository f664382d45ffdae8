"""``croupier verify FILE``: a player checks, card by card, the cards he saw in a hand."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from croupier.cards import Card, Deck
from croupier.cli.main import app
from croupier.commitment import HandProofs, commit, prove_cards

runner = CliRunner()


def _published(seed: int = 1, *, cards: int = 4) -> tuple[dict[str, Any], Deck]:
    deck = Deck.shuffled(random.Random(seed))
    root, opening = commit(deck)
    proofs = prove_cards(opening, deck[:cards])
    return HandProofs(root=root, proofs=proofs, hand=f"hand {seed}").to_dict(), deck


def _write(tmp_path: Path, data: object, name: str = "hand.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_every_card_verified(tmp_path: Path) -> None:
    data, deck = _published()
    result = runner.invoke(app, ["verify", str(_write(tmp_path, data))])
    assert result.exit_code == 0, result.output
    assert f"hand hand 1: commitment {data['root']}" in result.stdout
    for position in range(4):
        assert f"position  {position}  {deck[position]}  verified" in result.stdout
    assert "4 of 4 cards verified" in result.stdout


def test_a_forged_card_is_named_and_the_exit_code_is_1(tmp_path: Path) -> None:
    data, deck = _published()
    other = next(c for c in deck[10:] if c != deck[2])
    data["proofs"][2]["card"] = str(other)
    result = runner.invoke(app, ["verify", str(_write(tmp_path, data))])
    assert result.exit_code == 1
    assert f"position  2  {other}  NOT VERIFIED: not the card committed" in result.stdout
    assert f"position  1  {deck[1]}  verified" in result.stdout
    assert "3 of 4 cards verified" in result.stdout


def test_the_root_noted_at_the_start_of_the_hand_must_match(tmp_path: Path) -> None:
    data, _ = _published()
    path = _write(tmp_path, data)
    same = runner.invoke(app, ["verify", str(path), "--root", data["root"].upper()])
    assert same.exit_code == 0, same.output
    other_root, _ = commit(Deck.shuffled(random.Random(2)))
    # A server that rewrote the history (root and proofs) after the hand is caught here.
    result = runner.invoke(app, ["verify", str(path), "--root", other_root])
    assert result.exit_code == 1
    assert "NOT VERIFIED: this is not the commitment you noted (--root)" in result.stdout


def test_several_hands_and_json_output(tmp_path: Path) -> None:
    first, _ = _published(1)
    second, _ = _published(2, cards=7)
    second["proofs"][0]["salt"] = "00" * 32
    path = _write(tmp_path, [first, second])
    result = runner.invoke(app, ["verify", str(path), "--json"])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["verified"] is False
    assert [c["verified"] for c in report["hands"][0]["cards"]] == [True] * 4
    assert [c["verified"] for c in report["hands"][1]["cards"]] == [False] + [True] * 6
    assert report["hands"][1]["cards"][3] == {
        "position": 3,
        "card": str(Deck.shuffled(random.Random(2))[3]),
        "verified": True,
    }


def test_a_hand_without_proofs_verifies_nothing(tmp_path: Path) -> None:
    data, _ = _published()
    data["proofs"] = []
    result = runner.invoke(app, ["verify", str(_write(tmp_path, data))])
    assert result.exit_code == 1 and "no card to verify" in result.stdout


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "error: cannot read"),
        ("{not json", "is not JSON"),
        ("[]", "holds an empty list"),
        ('{"format": "x"}', "'format' must be 'croupier-deck-proofs'"),
        (
            '{"format": "croupier-deck-proofs", "version": 1, "root": "00", "proofs": []}',
            "a root is 64 hex digits, not '00'",
        ),
        (
            '{"format": "croupier-deck-proofs", "version": 1, "root": "' + "0" * 64 + '",'
            ' "proofs": [{"position": 0, "card": "Zz", "salt": "", "path": []}]}',
            "proof 1: 'Zz' is not one card",
        ),
    ],
)
def test_bad_files_give_one_clear_line_and_exit_2(
    tmp_path: Path, content: str | None, message: str
) -> None:
    path = tmp_path / "hand.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    result = runner.invoke(app, ["verify", str(path)])
    assert result.exit_code == 2
    assert message in result.stderr and result.stderr.startswith("error: ")
    assert result.stderr.count("\n") == 1 and result.stdout == ""
    assert "Traceback" not in result.output


def test_a_bad_root_option_is_one_clear_line(tmp_path: Path) -> None:
    data, _ = _published()
    result = runner.invoke(app, ["verify", str(_write(tmp_path, data)), "--root", "xyz"])
    assert result.exit_code == 2
    assert "a root is 64 hex digits, not 'xyz'" in result.stderr


def test_a_file_that_is_not_text_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_bytes(b"\xff\xfe\x00binary")
    result = runner.invoke(app, ["verify", str(path)])
    assert result.exit_code == 2 and result.stderr.startswith("error: cannot read")


def test_card_text_in_files_is_read_leniently_but_checked_exactly(tmp_path: Path) -> None:
    data, deck = _published()
    data["proofs"][0]["card"] = str(deck[0]).lower()  # "as" is the ace of spades
    result = runner.invoke(app, ["verify", str(_write(tmp_path, data))])
    assert result.exit_code == 0, result.output
    assert Card(str(deck[0]).lower()) == deck[0]
