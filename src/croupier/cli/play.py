"""``croupier play``: you against bots at one table, in the terminal.

``croupier play [--preset tda] [--seats 6] [--stack N] [--bots reasonable,station,random]
[--seed S] [--name You] [--delay 0.3] [--level-hands 10] [--history DIR [--history-format F]]``

The table is drawn each time it is your turn and after each hand; the hand's
history streams as it is played (your own readable history, from
:func:`croupier.history.render_text`). You type short commands (``?`` lists them);
an illegal one is refused with the engine's own message, saying what is legal.
In a tournament preset the blinds go up every ``--level-hands`` hands and a player
without chips is out; in a cash preset a busted bot buys in again and you are asked
whether to. ``q``, Ctrl-D or Ctrl-C leave the table at any prompt. With ``--history DIR``
every hand you finish is saved there, as you saw it (``pokerstars``, ``text`` or ``phh``).

The cards are shuffled with the secure source (``secrets``, :meth:`Deck.shuffled
<croupier.cards.Deck.shuffled>` without a seed) unless ``--seed`` asks for a game
that can be played again.
"""

from __future__ import annotations

import math
import random
import secrets
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from croupier._checks import quote
from croupier.bots import BOTS, Bot, make_bot
from croupier.cli._history import FORMAT_HELP, HISTORY_HELP, history_folder
from croupier.cli._tui import HELP, SeatInfo, draw_table, legal_line, parse_command, stakes_line
from croupier.cli.main import MAX_SEED, MAX_STACK, app
from croupier.engine import Action, Hand
from croupier.errors import ConfigurationError, IllegalActionError
from croupier.history import render_text
from croupier.history.save import HistoryFolder
from croupier.rules import Rules
from croupier.simulate import blind_level, default_rules, default_stack
from croupier.table import Eliminated, Table

__all__ = ["PlaySession", "play_command"]

BOT_NAMES = ("Alice", "Bruno", "Chiara", "Dmitri", "Elena", "Farid", "Greta", "Hugo", "Ines")
"""The bots' names, seat after seat."""
MAX_DELAY = 60.0
"""The longest pause between the bots' actions, in seconds."""
MAX_NAME = 30
"""The longest name at the table."""


class _Leave(Exception):
    """The player leaves the table (q, end of input, Ctrl-C)."""


class PlaySession:
    """One player against bots at one table, reading commands with ``read(prompt)``.

    ``read`` is ``input`` in the terminal; it may raise ``EOFError`` or
    ``KeyboardInterrupt`` to leave. Everything is drawn on ``console``. With ``seed``
    None the table shuffles and draws with the secure source (``secrets``); a seed
    makes the game replayable, and its cards predictable to whoever knows the seed.
    """

    def __init__(
        self,
        *,
        rules: Rules,
        bots: list[str],
        seats: int,
        stack: int,
        seed: int | None,
        name: str,
        console: Console,
        read: Callable[[str], str] = input,
        delay: float = 0.0,
        level_hands: int = 10,
        history: HistoryFolder | None = None,
    ) -> None:
        if not 2 <= seats <= rules.max_players:
            raise ConfigurationError(f"a table has 2 to {rules.max_players} seats, not {seats}")
        if not bots:
            raise ConfigurationError("name at least one bot to play against")
        if not isinstance(delay, int | float) or not (
            math.isfinite(delay) and 0 <= delay <= MAX_DELAY
        ):
            raise ConfigurationError(
                f"the delay is a number of seconds from 0 to {MAX_DELAY:g}, not {delay!r}"
            )
        self.rules = rules
        self.stack = stack
        self.seed = seed
        self.console = console
        self.read = read
        self.delay = delay
        self.level_hands = level_hands
        self.level = 1
        self.first_stakes = rules.stakes
        # no seed: the secure source shuffles (Table's default, secrets.SystemRandom)
        self.table = Table(rules, seats=seats, rng=None if seed is None else random.Random(seed))
        self.you = self.table.sit(name, stack, seat=1)
        self.name = name
        self.info: dict[int, SeatInfo] = {self.you: SeatInfo(name, "you")}
        self.bots: dict[int, Bot] = {}
        names = [n for n in BOT_NAMES if n.lower() != name.lower()]
        for i, seat in enumerate(range(2, seats + 1)):
            kind = bots[i % len(bots)]
            bot = make_bot(kind, seed=secrets.randbelow(2**63) if seed is None else seed + seat)
            bot_name = names[i % len(names)] + ("" if i < len(names) else f"-{seat}")
            self.table.sit(bot_name, stack, seat=seat)
            self.bots[seat] = bot
            self.info[seat] = SeatInfo(bot_name, kind)
        self.bought = dict.fromkeys(self.info, 1)
        self.out: list[str] = []
        self.hand: Hand | None = None
        self._printed = 0
        self.history = history
        """Where your own histories are saved, hand after hand (``--history``)."""

    # ------------------------------------------------------------ the loop
    def run(self) -> None:
        """Play hands until the player leaves, busts out or wins the tournament."""
        c = self.console
        shuffle = "secure shuffle" if self.seed is None else f"seed {self.seed}"
        c.print(
            f"[bold]croupier[/] · {escape(stakes_line(self.rules))} · {self.table.size} seats"
            f" · you are seat {self.you} with {self.stack:,} chips · {shuffle}"
        )
        c.print("type [bold]?[/] for help, [bold]q[/] to leave")
        try:
            while self._play_one():
                pass
        except _Leave:
            pass
        except KeyboardInterrupt:  # Ctrl-C while the bots play
            c.print()
        self._goodbye()

    def _play_one(self) -> bool:
        """Play one hand; False when the session is over."""
        if self.rules.tournament and self.level_hands:
            level = 1 + self.table.hand_number // self.level_hands
            if level != self.level:
                self.level = level
                self.table.set_stakes(blind_level(self.first_stakes, level))
                stakes = self.table.next_rules()
                self.console.print(f"[bold]level {level}[/]: {escape(stakes_line(stakes))}")
        if not self.table.can_start():
            return False
        hand = self.hand = self.table.start_hand()
        self._printed = 0
        self.console.rule(f"hand #{self.table.hand_number + 1}")
        while not hand.is_over:
            self._stream()
            seat = hand.to_act
            assert seat is not None
            if seat == self.you:
                self._your_turn(hand)
            else:
                if self.delay:
                    time.sleep(self.delay)
                hand.act(seat, self.bots[seat].act(hand.view(seat)))
        self._stream()
        settled = self.table.finish_hand()
        self.hand = None
        if self.history is not None:
            self.history.write(hand, number=self.table.hand_number, level=self.level)
        self.console.print(self._panel(hand, "after the hand"))
        for gone in sorted(settled.eliminated, key=lambda e: e.seat == self.you):
            if gone.seat == self.you:
                if not self._you_busted(gone.starting_stack, settled.eliminated):
                    return False
            elif self.rules.tournament:
                self.out.append(gone.player)
                self.console.print(f"[bold]{escape(gone.player)}[/] is out of the tournament")
            else:
                self.table.add_chips(gone.player, self.stack)
                self.table.sit_in(gone.player)
                self.bought[gone.seat] += 1
                self.console.print(f"{escape(gone.player)} buys in again for {self.stack:,} chips")
        if self.rules.tournament and len(list(self.table)) == 1:
            self.console.print(f"[bold green]{escape(self.name)} wins the tournament![/]")
            return False
        return True

    def _you_busted(self, start: int, together: tuple[Eliminated, ...]) -> bool:
        """You have no chips left: out of a tournament, or asked to buy in again."""
        if self.rules.tournament:
            # TDA: of players out in the same hand, the one who began it with more places higher
            above = sum(1 for e in together if e.seat != self.you and e.starting_stack > start)
            place = len(list(self.table)) + 1 + above
            self.console.print(f"[bold red]you are out of the tournament[/] in place {place}")
            return False
        answer = self._ask(f"you are out of chips. buy in again for {self.stack:,}? [y/n] ")
        if answer.strip().lower() not in ("y", "yes"):
            return False
        self.table.add_chips(self.name, self.stack)
        self.table.sit_in(self.name)
        self.bought[self.you] += 1
        return True

    def _your_turn(self, hand: Hand) -> None:
        """Draw the table and read commands until one is legal."""
        legal = hand.legal_actions()
        if legal.show and not legal.muck:
            self.console.print("[dim]your hand must be shown[/]")
            hand.act(self.you, Action.show())
            return
        self.console.print(self._panel(hand, "your turn"))
        while True:
            legal = hand.legal_actions()
            self.console.print(escape(legal_line(legal)))
            command = parse_command(self._ask("your move> "), legal)
            if command.quit:
                raise _Leave
            if command.help:
                self.console.print(HELP, markup=False, highlight=False)
                continue
            if command.action is None:
                self.console.print(f"[red]{escape(command.error)}[/]")
                continue
            try:
                hand.act(self.you, command.action)
            except IllegalActionError as error:
                self.console.print(f"[red]{escape(str(error))}[/]")
                continue
            return

    def _ask(self, prompt: str) -> str:
        try:
            return self.read(prompt)
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            raise _Leave from None

    # ------------------------------------------------------------ drawing
    def _stream(self) -> None:
        """Print the lines of your hand history written since the last call."""
        if self.hand is None:
            return
        lines = render_text(self.hand.events, viewer=self.you).splitlines()
        for line in lines[self._printed :]:
            self.console.print(line, markup=False, highlight=False)
        self._printed = len(lines)

    def _panel(self, hand: Hand, when: str) -> object:
        rules = hand.rules
        title = f"hand #{self.table.hand_number + (0 if hand.is_over else 1)} · {when}"
        footer = escape(stakes_line(rules))
        if rules.tournament and self.level_hands:
            left = self.level_hands - self.table.hand_number % self.level_hands
            footer += f" · level {self.level} (next in {left} hands)"
        return draw_table(
            hand.view(self.you),
            title=title,
            seats=list(self.table),
            info=self.info,
            out=self.out,
            footer=footer,
        )

    def _goodbye(self) -> None:
        c = self.console
        if self.hand is not None and not self.hand.is_over:
            c.print("[dim](the unfinished hand is not counted)[/]")
        stacks = {ts.seat: ts.stack for ts in self.table}
        c.print("[bold]final stacks[/]")
        for seat, label in sorted(self.info.items()):
            chips = stacks.get(seat, 0)
            net = chips - self.stack * self.bought[seat]
            who = "you" if seat == self.you else label.who
            c.print(f"  seat {seat}  {escape(label.name)} ({who}): {chips:,} ({net:+,})")
        c.print(f"goodbye, {escape(self.name)}!")


@app.command("play")
def play_command(
    preset: Annotated[
        str, typer.Option("--preset", "-p", help="Rules preset (tda, casino-fr, pokerkings ...).")
    ] = "tda",
    seats: Annotated[
        int,
        typer.Option("--seats", "-s", min=2, max=22, help="Players at the table, you included."),
    ] = 6,
    stack: Annotated[
        int | None,
        typer.Option("--stack", min=1, max=MAX_STACK, help="Starting stack (100 big blinds)."),
    ] = None,
    bots: Annotated[
        str,
        typer.Option("--bots", "-b", help="Bots, seat after seat: reasonable, station, random."),
    ] = "reasonable",
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed", min=0, max=MAX_SEED, help="Seed, to play the same cards again (else secure)."
        ),
    ] = None,
    name: Annotated[str, typer.Option("--name", help="Your name at the table.")] = "You",
    delay: Annotated[
        float,
        typer.Option("--delay", min=0.0, max=MAX_DELAY, help="Seconds between the bots' actions."),
    ] = 0.3,
    level_hands: Annotated[
        int,
        typer.Option(
            "--level-hands", min=0, max=1_000_000, help="Hands per tournament level (0: fixed)."
        ),
    ] = 10,
    history: Annotated[Path | None, typer.Option("--history", help=HISTORY_HELP)] = None,
    history_format: Annotated[
        str, typer.Option("--history-format", help=FORMAT_HELP)
    ] = "pokerstars",
) -> None:
    """Play Texas Hold'em against bots in the terminal."""
    names = [b.strip() for b in bots.split(",") if b.strip()]
    unknown = [b for b in names if b not in BOTS]
    if unknown or not names:
        what = f"unknown bot {quote(unknown[0])}" if unknown else "--bots names no bot"
        typer.echo(f"error: {what}: choose from {', '.join(sorted(BOTS))}", err=True)
        raise typer.Exit(code=2)
    if not name.strip() or len(name.strip()) > MAX_NAME or not name.strip().isprintable():
        typer.echo(
            f"error: your name is 1 to {MAX_NAME} printable characters, not {quote(name)}",
            err=True,
        )
        raise typer.Exit(code=2)
    try:
        rules = default_rules(preset)
        chosen = secrets.randbelow(2**31) if seed is None else seed  # names the saved session
        folder = history_folder(
            history, history_format, preset=preset, rules=rules, seed=chosen, viewer=1, seats=seats
        )  # you sit in seat 1: your own histories, the others' cards only once shown
        session = PlaySession(
            rules=rules,
            bots=names,
            seats=seats,
            stack=default_stack(rules) if stack is None else stack,
            seed=seed,  # None: the secure shuffle (the label above names the saved session)
            name=name.strip(),
            console=Console(highlight=False),
            delay=delay,
            level_hands=level_hands,
            history=folder,
        )
    except ConfigurationError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(code=2) from None
    with _ctrl_c_leaves():
        try:
            session.run()
        except OSError as error:  # the history folder became unwritable
            typer.echo(f"error: the hand history could not be saved: {error}", err=True)
            raise typer.Exit(code=1) from None


@contextmanager
def _ctrl_c_leaves() -> Iterator[None]:
    """Make Ctrl-C raise KeyboardInterrupt (to leave the table) even when launched by a
    program that ignores SIGINT, which Python would then ignore too; restore it after."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
