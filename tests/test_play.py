"""``croupier play``: driven through its input stream, and once through a real terminal."""

from __future__ import annotations

import doctest
import io
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from croupier.cli import _tui
from croupier.cli._tui import legal_line, parse_amount, parse_command
from croupier.cli.main import app
from croupier.cli.play import PlaySession
from croupier.engine import Action, LegalActions
from croupier.rules import PRESETS
from croupier.simulate import default_rules

runner = CliRunner()
HEADS_UP = ["play", "--seed", "1", "--seats", "2", "--bots", "station", "--delay", "0"]
# "c" then "s" again and again: at a betting prompt "c" calls (or checks) and a stray "s" is
# refused; at the showdown "c" is refused and "s" shows.
CALL_DOWN = "c\ns\n" * 40


def test_a_whole_hand_through_the_input_stream() -> None:
    result = runner.invoke(app, [*HEADS_UP, "--name", "Tess"], input="r 1\n" + CALL_DOWN + "q\n")
    out = result.output
    assert result.exit_code == 0, out
    assert "your turn" in out and "your cards" in out and "pot" in out  # the table is drawn
    assert "Tess" in out and "Alice (station)" in out
    # an illegal command is refused with what is legal, and asked again
    assert "below the minimum of" in out and "you may" in out
    assert re.search(r"Tess: (calls|checks)", out)  # a legal one is applied
    assert "*** SUMMARY ***" in out and "after the hand" in out  # a whole hand
    assert "final stacks" in out and "goodbye, Tess!" in out


def test_help_unknown_commands_and_bad_amounts() -> None:
    result = runner.invoke(app, HEADS_UP, input="?\nzz\nr lots\nr\nf 100\nq\n")
    out = result.output
    assert result.exit_code == 0, out
    assert "commands:" in out and "r N, raise N" in out
    assert "unknown command 'zz'" in out
    assert "'lots' is not an amount" in out
    assert "how much? r <amount>" in out
    assert "'f' takes no amount" in out
    assert "goodbye" in out


def test_end_of_input_leaves_cleanly() -> None:
    result = runner.invoke(app, HEADS_UP, input="")
    assert result.exit_code == 0
    assert "(the unfinished hand is not counted)" in result.output
    assert "final stacks" in result.output and "goodbye" in result.output


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_plays(preset: str) -> None:
    args = ["play", "--preset", preset, "--seed", "3", "--seats", "3", "--delay", "0"]
    result = runner.invoke(app, [*args, "--bots", "station,random"], input=CALL_DOWN)
    out = result.output
    assert result.exit_code == 0, out
    rules = default_rules(preset)
    assert f"{rules.stakes.small_blind:,}/{rules.stakes.big_blind:,}" in out
    assert "*** SUMMARY ***" in out and "goodbye" in out


def test_bad_options() -> None:
    result = runner.invoke(app, ["play", "--bots", "shark"])
    assert result.exit_code == 2 and "unknown bot 'shark'" in result.output
    result = runner.invoke(app, ["play", "--seats", "11"])
    assert result.exit_code == 2 and "2 to 10 seats" in result.output
    result = runner.invoke(app, ["play", "--preset", "nope"])
    assert result.exit_code == 2 and "unknown preset" in result.output


# ------------------------------------------------------------------ a scripted player


def _session(
    answer: Callable[[str, str], str],
    *,
    preset: str = "tda",
    seats: int = 2,
    bots: str = "station",
    stack: int | None = None,
    seed: int = 1,
    level_hands: int = 10,
) -> tuple[PlaySession, str]:
    """A session whose player answers each prompt with ``answer(prompt, output so far)``."""
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)

    def read(prompt: str) -> str:
        console.print(prompt, end="")
        return answer(prompt, out.getvalue())

    rules = default_rules(preset)
    session = PlaySession(
        rules=rules,
        bots=[bots],
        seats=seats,
        stack=100 * rules.stakes.big_blind if stack is None else stack,
        seed=seed,
        name="Tess",
        console=console,
        read=read,
        level_hands=level_hands,
    )
    session.run()
    return session, out.getvalue()


def _shove(prompt: str, output: str) -> str:
    """All-in at every bet, show at the showdown, buy in again once, then leave."""
    if "buy in again" in prompt:
        return "y" if output.count("buy in again") == 1 else "n"
    last = output.rsplit("\n", 2)[-2]
    if "s show" in last:
        return "s"
    return "a" if "a all-in" in last else "c"


def test_a_tournament_ends_with_a_winner_or_you_out() -> None:
    session, out = _session(_shove, seats=3, bots="station")
    assert ("you are out of the tournament" in out) != ("Tess wins the tournament!" in out)
    assert "goodbye, Tess!" in out
    assert sum(ts.stack for ts in session.table) == 3 * session.stack  # no chip lost


def test_a_busted_bot_is_out_of_the_tournament() -> None:
    _, out = _session(_shove, seats=4, bots="random", seed=2)
    assert "is out of the tournament" in out


def test_a_cash_game_asks_you_to_buy_in_again() -> None:
    session, out = _session(_shove, preset="casino-fr", bots="random", seed=4, stack=2_000)
    assert out.count("you are out of chips. buy in again for 2,000?") == 2
    assert session.bought[session.you] == 2
    assert "goodbye, Tess!" in out


def test_blinds_go_up_in_a_tournament() -> None:
    hands = iter(range(1_000))

    def answer(prompt: str, output: str) -> str:
        if output.count("*** SUMMARY ***") >= 3 and next(hands) > 0:
            return "q"
        return _shove(prompt, output) if "s show" in output.rsplit("\n", 2)[-2] else "f"

    _, out = _session(answer, seats=3, level_hands=1)
    assert "level 2: tda · no-limit · blinds 100/200" in out
    assert "level 3: tda · no-limit · blinds 150/300" in out


def test_ctrl_c_at_a_prompt_says_goodbye() -> None:
    def interrupt(prompt: str, output: str) -> str:
        raise KeyboardInterrupt

    _, out = _session(interrupt)
    assert "final stacks" in out and "goodbye, Tess!" in out


# ------------------------------------------------------------------ commands


LEGAL = LegalActions(
    seat=1, fold=True, call=100, min_raise_to=300, max_raise_to=2_000, all_in=2_000,
    stack=2_000, bet=0, facing_bet=True,
)  # fmt: skip


def test_the_legal_line() -> None:
    assert (
        legal_line(LEGAL) == "f fold · c call 100 · r <amount> raise to 300-2,000 · a all-in 2,000"
    )
    free = LegalActions(
        seat=1, fold=True, check=True, min_raise_to=100, max_raise_to=100, stack=500
    )
    assert legal_line(free) == "k check · b 100 bet 100"
    assert legal_line(LegalActions(seat=1, show=True, muck=True)) == "s show · m muck"


def test_parse_commands() -> None:
    assert parse_command("r 2,000", LEGAL).action == Action.raise_to(2_000)
    assert parse_command("bet 1.5k", LEGAL).action == Action.raise_to(1_500)
    assert parse_command("R MAX", LEGAL).action == Action.raise_to(2_000)
    assert parse_command("a", LEGAL).action == Action.all_in()
    assert parse_command("k", LEGAL).action == Action.check()  # the engine will refuse it
    assert parse_command("q", LEGAL).quit and parse_command("?", LEGAL).help
    assert parse_command("", LEGAL).error
    free = LegalActions(seat=1, fold=True, check=True)
    assert parse_command("c", free).action == Action.check()  # nothing to call: a check
    with pytest.raises(ValueError, match="whole number"):
        parse_amount("1.2345k", LEGAL)


# ------------------------------------------------------------------ a real terminal


_ANSI = re.compile(r"\x1b(\[[0-9;?]*[ -/]*[@-~]|\][^\x07]*\x07|[=>()][0-9A-Za-z]?)")


class Terminal:
    """The installed ``croupier`` running in a pseudo-terminal."""

    def __init__(self, args: list[str]) -> None:
        script = Path(sys.executable).with_name("croupier")
        command = [str(script)] if script.exists() else [sys.executable, "-m", "croupier.cli.main"]
        self.master, slave = pty.openpty()
        import fcntl
        import termios

        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 110, 0, 0))
        env = {**os.environ, "TERM": "xterm", "COLUMNS": "110", "LINES": "50"}
        self.process = subprocess.Popen(
            [*command, *args], stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True
        )
        os.close(slave)
        self.text = ""

    def read_until(self, pattern: str, *, wait: float = 60.0) -> str:
        """Read until ``pattern`` appears after what was read before; return the new text."""
        start = len(self.text)
        while re.search(pattern, self.text[start:]) is None:
            ready, _, _ = select.select([self.master], [], [], wait)
            if not ready:
                raise AssertionError(f"no {pattern!r} after:\n{self.text[start:]}")
            try:
                chunk = os.read(self.master, 65536)
            except OSError:  # the program ended
                chunk = b""
            if not chunk:
                raise AssertionError(f"ended without {pattern!r}:\n{self.text[start:]}")
            self.text += _ANSI.sub("", chunk.decode("utf-8", "replace")).replace("\r", "")
        return self.text[start:]

    def wait_reading(self, *, wait: float = 30.0) -> None:
        """Wait until the program sleeps in its read of the terminal (after printing a prompt,
        ``input`` still has to reach its read; a signal in between waits for the next line)."""
        deadline = time.monotonic() + wait
        stat = f"/proc/{self.process.pid}/stat"
        while time.monotonic() < deadline:
            with open(stat) as f:
                sleeping = f.read().rsplit(")", 1)[1].split()[0] == "S"
            if sleeping:
                time.sleep(0.05)
                with open(stat) as f:
                    if f.read().rsplit(")", 1)[1].split()[0] == "S":
                        return
            time.sleep(0.01)
        raise AssertionError("the program never waited for input")

    def send(self, line: str) -> None:
        os.write(self.master, (line + "\r").encode())

    def finish(self, *, wait: float = 30.0) -> int:
        """Read what is left until the program ends (killed after ``wait`` seconds idle)."""
        try:
            while select.select([self.master], [], [], wait)[0] and os.read(self.master, 65536):
                pass
        except OSError:  # the program ended and closed the terminal
            pass
        os.close(self.master)
        if self.process.poll() is None:
            self.process.kill()
        return self.process.wait(timeout=60)


def test_play_in_a_real_terminal() -> None:
    term = Terminal([*HEADS_UP[:1], "--seed", "5", *HEADS_UP[3:], "--name", "Tess"])
    try:
        shown = term.read_until(r"your move> ")
        assert "your turn" in shown and "your cards" in shown and "Tess" in shown
        term.send("r 1")
        refused = term.read_until(r"your move> ")
        assert "below the minimum of" in refused and "you may" in refused
        options = refused
        while "*** SUMMARY ***" not in term.text:
            term.send("s" if "s show" in options else "c")
            options = term.read_until(r"your move> |\*\*\* SUMMARY \*\*\*")
        assert re.search(r"Tess: (calls|checks|shows)", term.text)
        term.read_until(r"your move> ")  # the next hand
        term.send("q")
        term.read_until(r"goodbye, Tess!")
    finally:
        code = term.finish()
    assert code == 0
    if os.environ.get("SHOW_TERMINAL"):  # pragma: no cover - to look at it
        print(term.text)


def test_the_doctests() -> None:
    failures, tests = doctest.testmod(_tui)
    assert tests > 0 and failures == 0


def test_ctrl_c_in_a_real_terminal() -> None:
    term = Terminal([*HEADS_UP, "--name", "Tess"])
    try:
        term.read_until(r"your move> ")
        term.wait_reading()  # a key pressed at the prompt: the program is blocked reading it
        term.process.send_signal(signal.SIGINT)  # what Ctrl-C sends to the foreground program
        gone = term.read_until(r"goodbye, Tess!")
        assert "final stacks" in gone and "Traceback" not in term.text
    finally:
        code = term.finish()
    assert code == 0
