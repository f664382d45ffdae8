"""Bad input at the command line (issue 9): one clear line, a non-zero exit, no traceback.

The generic test walks every command and option of ``croupier`` and feeds each one values
that are wrong for its type: text for a number, NaN and infinities, negative and absurd
numbers, 5,000 digits, a NUL, 5,000 characters, a value given to a flag. A command or an
option added later is covered the day it is added (a new command needs its line in
``_VALID`` so that only the value under test is wrong). Then the examples of the issue, the
numbers typed at the play prompt, and the secure shuffle of ``croupier play``.
"""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from rich.console import Console
from typer.testing import CliRunner

from croupier.cli.main import app
from croupier.cli.play import PlaySession
from croupier.simulate import default_rules

runner = CliRunner()

_VALID: dict[tuple[str, ...], tuple[list[str], dict[str, str]]] = {
    ("acpc", "play"): ([], {"--game": "holdem.limit.3p", "--port": "1"}),
    ("acpc", "serve"): (
        [],
        {"--game": "holdem.limit.3p", "--players": "3", "--hands": "1", "--log": "{tmp}/m.log"},
    ),
    ("admin", "create-user"): (["alice"], {"--data": "{tmp}/data", "--password-stdin": ""}),
    ("bench", "crash"): ([], {"--kills": "1", "--seed": "1"}),
    ("bench", "engine"): ([], {"--repeat": "1", "--quick": ""}),
    ("bench", "env"): ([], {"--repeat": "1", "--quick": ""}),
    ("bench", "equity"): ([], {"--repeat": "1", "--quick": ""}),
    ("bench", "flood"): ([], {"--tables": "1", "--seconds": "1"}),
    ("bench", "evaluator"): ([], {"--repeat": "1", "--quick": ""}),
    ("bench", "server"): ([], {"--tables": "1", "--seconds": "1", "--repeat": "1"}),
    ("bench", "targets"): ([], {"--repeat": "1", "--quick": ""}),
    ("bench", "web"): ([], {"--repeat": "1"}),
    ("bench", "soak"): ([], {"--minutes": "0.01", "--every": "0.5"}),
    ("bench", "outage"): ([], {"--outages": "1", "--down": "0.5"}),
    ("db", "check"): ([], {"--data": "{tmp}/data"}),
    ("db", "upgrade"): ([], {"--data": "{tmp}/data"}),
    ("equity",): (["AsAh", "KsKd"], {"--samples": "100", "--seed": "1"}),
    **{
        ("fuzz", target): ([], {"--runs": "1", "--steps": "1", "--seed": "1"})
        for target in ("all", "live", "rooms", "tables", "tournaments")
    },
    ("play",): ([], {"--seed": "1", "--seats": "2", "--delay": "0"}),
    ("replay",): (["{tmp}"], {}),
    ("serve",): ([], {"--data": "{tmp}/data", "--port": "0", "--no-demo": ""}),
    ("simulate",): ([], {"--hands": "1", "--seed": "1"}),
    ("tournament", "simulate"): ([], {"--players": "2", "--seed": "1", "--json": ""}),
    ("verify",): (["{tmp}/commitment.json"], {}),
    ("version",): ([], {}),
}
"""A valid call of each command: its arguments, and options that keep it short."""

_BAD_BY_TYPE: dict[Any, list[str]] = {
    int: ["x", "1.5", "", "1e3", "10**30", "-1", "1" + "0" * 30, "9" * 5_000, "nan", "0x10"],
    float: ["x", "", "nan", "inf", "-inf", "-1", "1e400", "1" + "0" * 30],
    str: ["\x00", "?" * 5_000],
    Path: ["\x00", "?" * 5_000],
    list[str]: ["\x00", "?" * 5_000, "10.0.0.0/33"],
}
"""Values that are wrong for every option of the type."""


def _commitment() -> str:
    """A valid file for ``croupier verify``: the proofs of two cards of a committed deck."""
    from croupier.cards import Deck
    from croupier.commitment import HandProofs, commit, prove

    root, opening = commit(Deck.shuffled(random.Random(1)), rng=random.Random(2))
    proofs = HandProofs(root=root, proofs=(prove(opening, 0), prove(opening, 1)))
    return json.dumps(proofs.to_dict())


def _commands() -> Iterator[tuple[tuple[str, ...], Any]]:
    def walk(group: Any, path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], Any]]:
        for name, command in sorted(group.commands.items()):
            if hasattr(command, "commands"):
                yield from walk(command, (*path, name))
            else:
                yield (*path, name), command

    yield from walk(typer.main.get_command(app), ())


def _annotation(param: Any) -> Any:
    return param.type_descriptor.annotation


def _bad_calls() -> Iterator[tuple[tuple[str, ...], str, list[str]]]:
    """(command, what is wrong, the option or argument and its bad value) for every option."""
    for path, command in _commands():
        for param in command.params:
            if param.param_type_name == "argument":
                continue
            option = next(o for o in param.opts if o.startswith("--"))
            if option == "--help":
                continue
            if getattr(param, "is_flag", False):
                yield path, f"{option}=maybe", [f"{option}=maybe"]
                continue
            kind = _annotation(param)
            assert kind in _BAD_BY_TYPE, f"{' '.join(path)} {option}: add bad values for {kind}"
            for value in _BAD_BY_TYPE[kind]:
                yield path, f"{option} {value[:12]!r}", [option, value]
        yield path, "an extra argument", ["--", "extra-argument!"]


_CALLS = list(_bad_calls())


def test_every_command_has_a_valid_call_to_start_from() -> None:
    assert sorted(path for path, _ in _commands()) == sorted(_VALID)


def _invoke(path: tuple[str, ...], bad: list[str], tmp_path: Path, stdin: str = "q\n") -> Any:
    arguments, options = _VALID[path]
    args = [*path]
    for option, value in options.items():
        if option != bad[0]:
            args += [option] if value == "" else [option, value.replace("{tmp}", str(tmp_path))]
    args += [a.replace("{tmp}", str(tmp_path)) for a in arguments]
    if bad[0] == "--":
        args += bad[1:]
    else:
        args = [*args[: len(path)], *bad, *args[len(path) :]]
    return runner.invoke(app, args, input=stdin)


def _one_clear_line(result: Any) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code != 0, result.output
    assert "Traceback" not in result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert len(lines[0]) < 400, lines[0]
    assert result.stdout == ""


@pytest.fixture
def no_serving(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """``croupier serve`` never listens here: a bad value that got so far is reported."""
    import uvicorn

    served: list[object] = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda server, *a, **k: served.append(server))
    return served


@pytest.mark.parametrize(
    ("path", "what", "bad"),
    [c for c in _CALLS if c[0] != ("replay",) or c[2][0] != "--"],
    ids=[f"{' '.join(c[0])} {c[1]}" for c in _CALLS if c[0] != ("replay",) or c[2][0] != "--"],
)
def test_every_option_answers_a_bad_value_with_one_clear_line(
    path: tuple[str, ...], what: str, bad: list[str], tmp_path: Path, no_serving: list[object]
) -> None:
    (tmp_path / "commitment.json").write_text(_commitment(), encoding="utf-8")
    _one_clear_line(_invoke(path, bad, tmp_path))
    assert not no_serving


def test_replay_answers_a_path_that_is_not_there_with_an_error_line(tmp_path: Path) -> None:
    # replay reports on every path it is given: a missing one is an error line of the
    # report (and the exit status 1), the others are still replayed
    result = _invoke(("replay",), ["--", str(tmp_path / "missing.phh")], tmp_path)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "no PHH file or folder" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["equity", "AsAh", "KsKd", "-n", "10**30"], "'--samples' / '-n'"),
        (["equity", "AsAh", "KsKd", "-n", str(10**30)], "samples must be a whole number"),
        (["equity", "AsAh", "KsKd", "-n", "1000000001"], "from 1 to 1,000,000,000"),
        (["equity", "AsAh", "KsKd", "-n", "0"], "samples must be at least 1"),
        (["equity", "AsAh", "KsKd", "-n", "-5"], "samples must be at least 1"),
        (["equity", "AsAh", "KsKd", "-n", "10", "--seed", "-1"], "'--seed'"),
        (["equity", "AsAh", "KsKd", "-n", "10", "--seed", str(2**64)], "'--seed'"),
        (["equity", "AsAh", "ZZ"], "'ZZ' is not a hand range"),
        (["equity", "AsAh", "Q" * 5_000], "characters"),
        (["play", "--delay", "inf"], "'--delay'"),
        (["play", "--delay", "nan"], "'--delay'"),
        (["play", "--delay", "-1"], "'--delay'"),
        (["play", "--delay", "61"], "'--delay'"),
        (["play", "--seats", "1"], "'--seats'"),
        (["play", "--seats", "99"], "'--seats'"),
        (["play", "--seed", "-1"], "'--seed'"),
        (["play", "--name", "x" * 31], "1 to 30 printable characters"),
        (["play", "--name", "tab\there"], "printable"),
        (["play", "--bots", ","], "--bots names no bot"),
        (["play", "--preset", "bogus"], "unknown preset 'bogus'"),
        (["tournament", "simulate", "--hand-seconds", "inf"], "'--hand-seconds'"),
        (["tournament", "simulate", "--players", str(10**9)], "'--players'"),
        (["simulate", "--hands", str(10**30)], "'--hands'"),
        (["simulate", "--tables", "1000000", "--room", "casino-fr"], "'--tables'"),
        (["bench", "engine", "--repeat", "1000000"], "'--repeat'"),
        (["bogus"], "No such command 'bogus'"),
        (["equity"], "Missing argument"),
    ],
)
def test_the_examples_of_the_issue_are_one_clear_line(args: list[str], message: str) -> None:
    result = runner.invoke(app, args, input="q\n")
    _one_clear_line(result)
    assert message in result.stderr


@pytest.mark.parametrize("text", ["[" * 5_000, "{" * 5_000, "\x00", "[]", "5", '{"root": 5}'])
def test_verify_answers_a_file_that_is_not_proofs_with_one_clear_line(
    text: str, tmp_path: Path
) -> None:
    (tmp_path / "proofs.json").write_text(text, encoding="utf-8")
    _one_clear_line(runner.invoke(app, ["verify", str(tmp_path / "proofs.json")]))


def test_the_installed_script_prints_one_line_too() -> None:
    script = Path(sys.executable).with_name("croupier")
    for args, message in (
        (["equity", "AsAh", "KsKd", "-n", str(10**30)], "samples must be a whole number"),
        (["play", "--delay", "inf"], "'--delay'"),
    ):
        done = subprocess.run(
            [str(script), *args], capture_output=True, text=True, timeout=60, check=False
        )
        assert done.returncode == 2 and done.stdout == "", done
        assert done.stderr.count("\n") == 1 and message in done.stderr, done.stderr
        assert done.stderr.startswith("error: ")


# ----------------------------------------------------------------- the play prompt


def _session(lines: list[str], *, seed: int | None = 1) -> tuple[PlaySession, str]:
    out = io.StringIO()
    feed = iter(lines)

    def read(prompt: str) -> str:
        out.write(prompt + "\n")
        return next(feed)

    session = PlaySession(
        rules=default_rules("tda"),
        bots=["station"],
        seats=2,
        stack=10_000,
        seed=seed,
        name="You",
        console=Console(file=out, width=120, color_system=None),
        read=read,
    )
    session.run()
    return session, out.getvalue()


@pytest.mark.parametrize(
    ("typed", "answer"),
    [
        ("r " + "4" * 400, "is more chips than any amount"),
        ("r " + "1" * 19, "raise-to needs a whole number of chips"),
        ("r 0." + "5" * 400, "is more chips than any amount"),
        ("r 1" + "0" * 30 + "k", "is more chips than any amount"),
        ("r 1e5", "is not an amount"),
        ("r inf", "is not an amount"),
        ("r nan", "is not an amount"),
        ("r -5", "is not an amount"),
        ("r 0x10", "is not an amount"),
        ("r ٣٠٠", "is not an amount"),  # Arabic-Indic digits are not read as chips
        ("r 1.2345k", "is not a whole number of chips"),
        ("r 99999999999", "is above the maximum"),
        ("x" * 5_000, "characters"),
        ("f 300", "takes no amount"),
    ],
)
def test_a_bad_amount_at_the_prompt_is_one_line_and_the_game_goes_on(
    typed: str, answer: str
) -> None:
    _, out = _session([typed, "q"])
    assert answer in out and "Traceback" not in out
    refusal = next(line for line in out.splitlines() if answer in line)
    assert len(refusal) < 300
    assert "goodbye, You!" in out  # the prompt asked again, and q left the table


# ---------------------------------------------------------------- the secure shuffle


class _Spy:
    """Counts the draws from the secure source (``secrets`` is ``random.SystemRandom``)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.draws = 0
        real = random.SystemRandom.getrandbits

        def getrandbits(source: random.SystemRandom, k: int) -> int:
            self.draws += 1
            return real(source, k)

        monkeypatch.setattr(random.SystemRandom, "getrandbits", getrandbits)


def test_play_shuffles_with_the_secure_source_unless_a_seed_is_asked_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spy = _Spy(monkeypatch)
    session, out = _session(["q"], seed=None)
    assert isinstance(session.table._rng, random.SystemRandom)
    assert spy.draws >= 51  # a Fisher-Yates shuffle of 52 cards, from the secure source
    assert "secure shuffle" in out and "seed" not in out.split("\n")[0]
    spy.draws = 0
    _, seeded_out = _session(["q"], seed=7)
    assert spy.draws == 0 and "seed 7" in seeded_out
    _, again_out = _session(["q"], seed=7)
    assert seeded_out == again_out  # a seed replays the same cards


def test_the_play_command_without_a_seed_shuffles_securely(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spy = _Spy(monkeypatch)
    result = runner.invoke(app, ["play", "--seats", "2", "--delay", "0"], input="q\n")
    assert result.exit_code == 0, result.output
    assert "secure shuffle" in result.stdout and spy.draws >= 51
    spy.draws = 0
    seeded = runner.invoke(
        app, ["play", "--seats", "2", "--delay", "0", "--seed", "3"], input="q\n"
    )
    assert seeded.exit_code == 0 and "seed 3" in seeded.stdout and spy.draws == 0
