"""``croupier acpc serve`` and ``croupier acpc play``: the ACPC dealer protocol (version 2.0).

``serve`` deals a match to bots that connect over TCP, as the ACPC's dealer does, and
writes its log; ``play`` runs a croupier bot as an ACPC client. ``--game`` is a ``.game``
file, or the name of one croupier ships (``holdem.nolimit.2p.reverse_blinds``,
``holdem.limit.2p.reverse_blinds``, ``holdem.nolimit.3p``, ``holdem.limit.3p``).
"""

from __future__ import annotations

import re
import sys
from contextlib import ExitStack
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from croupier.cli.main import MAX_SEED, app, fail

if TYPE_CHECKING:
    from croupier.acpc.game import GameDef

acpc_app = typer.Typer(
    name="acpc",
    help="The ACPC dealer protocol: deal a match to bots over TCP, or play one as a bot.",
    no_args_is_help=True,
)
app.add_typer(acpc_app, name="acpc")

GameOption = Annotated[
    str,
    typer.Option("--game", help="An ACPC .game file, or the name of one croupier ships."),
]


def _game(name: str) -> GameDef:
    """The game of ``--game``: a file, or a shipped game's name; a clear stop otherwise."""
    from croupier.acpc.game import parse_game
    from croupier.errors import ConfigurationError

    if "\x00" in name or len(name) > 4096:
        fail(f"--game {name[:40]!r}: not a file name nor a game croupier ships")
    try:
        if Path(name).is_file():
            return parse_game(Path(name).read_text(encoding="utf-8"))
        if not re.fullmatch(r"[A-Za-z0-9._-]+", name):
            fail(f"--game {name[:40]!r}: no such file, nor a game croupier ships")
        games = resources.files("croupier.acpc") / "games"
        shipped = games / f"{name.removesuffix('.game')}.game"
        if not shipped.is_file():
            known = ", ".join(sorted(p.name.removesuffix(".game") for p in games.iterdir()))
            fail(f"--game {name[:40]!r}: no such file, nor a game croupier ships ({known})")
        return parse_game(shipped.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or error
        fail(f"--game {name[:40]!r}: cannot read it ({reason})")
    except ConfigurationError as error:
        fail(f"--game {name[:40]!r}: {error}")


@acpc_app.command("serve")
def serve_command(
    game: GameOption,
    players: Annotated[int, typer.Option("--players", min=2, max=10, help="Players.")],
    hands: Annotated[int, typer.Option("--hands", min=1, max=10_000_000, help="Hands.")],
    port: Annotated[int, typer.Option("--port", min=0, max=65_535, help="0: a free one.")] = 0,
    seed: Annotated[int, typer.Option("--seed", min=0, max=MAX_SEED, help="Deck seed.")] = 0,
    log: Annotated[Path | None, typer.Option("--log", help="Write the match log here.")] = None,
) -> None:
    """Deal a match to the bots that connect, as the ACPC dealer does; print the score."""
    from croupier.acpc.dealer import serve
    from croupier.errors import CroupierError

    definition = _game(game)
    if players != definition.players:
        fail(f"--players {players}: the game {game!r} is for {definition.players} players")

    def ready(bound: int) -> None:
        typer.echo(f"croupier acpc: dealing on 127.0.0.1:{bound}")
        sys.stdout.flush()

    with ExitStack() as files:
        out = None
        if log is not None:
            try:
                out = files.enter_context(log.open("w", encoding="ascii"))
            except (OSError, ValueError) as error:
                reason = getattr(error, "strerror", None) or error
                fail(f"--log {str(log)[:40]!r}: cannot write it ({reason})")
        try:
            match = serve(definition, hands=hands, port=port, seed=seed, ready=ready, log=out)
        except OSError as error:
            fail(f"the match stopped: {error}", code=1)
        except CroupierError as error:
            fail(f"the match stopped: {error}", code=1)
    typer.echo(match.score_line)


@acpc_app.command("play")
def play_command(
    game: GameOption,
    port: Annotated[int, typer.Option("--port", min=1, max=65_535, help="The dealer's port.")],
    host: Annotated[str, typer.Option("--host", help="The dealer's address.")] = "127.0.0.1",
    bot: Annotated[
        str, typer.Option("--bot", help="random, station or reasonable.")
    ] = "reasonable",
    seed: Annotated[int, typer.Option("--seed", min=0, max=MAX_SEED, help="Bot seed.")] = 0,
) -> None:
    """Play a match as an ACPC client with one of croupier's bots."""
    from croupier.acpc.player import play
    from croupier.bots import make_bot
    from croupier.errors import CroupierError

    definition = _game(game)
    try:
        player = make_bot(bot, seed)
        sent = play(definition, player, host=host, port=port)
    except (OSError, UnicodeError) as error:
        reason = getattr(error, "strerror", None) or error
        fail(f"the dealer at {host[:40]}:{port}: {str(reason)[:200]}", code=1)
    except CroupierError as error:
        fail(f"the match stopped: {error}", code=1)
    typer.echo(f"croupier acpc: {sent} actions played")
