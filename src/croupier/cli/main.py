"""The ``croupier`` command: each command lives in its own module and is registered here.

Bad input never ends in a traceback: a usage error (an unknown option, ``--samples x``,
a value out of its range) and any croupier error (:class:`~croupier.errors.CroupierError`)
raised by a command print one line, ``error: ...``, on stderr, and the command exits
with status 2. Commands check their own options; this is the net under them.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Annotated, Any, NoReturn

import typer
from typer.core import TyperGroup

import croupier
from croupier.cli import missing_extra
from croupier.errors import CroupierError

__all__ = ["MAX_SEED", "MAX_STACK", "app", "fail", "one_line"]

MAX_SEED = 2**63 - 1
"""The largest ``--seed`` of every command (a signed 64-bit integer)."""
MAX_STACK = 10**15
"""The largest ``--stack``: a thousandth of the largest amount (``croupier._checks.MAX_CHIPS``),
so that no player of a long game ever wins past it."""


def one_line(message: str) -> str:
    """``message`` on one line: its lines joined by spaces."""
    return " ".join(part.strip() for part in message.splitlines() if part.strip())


def fail(message: str, code: int = 2) -> NoReturn:
    """Print ``error: message`` on one line on stderr and exit with ``code``."""
    typer.echo(f"error: {one_line(message)}", err=True)
    sys.exit(code)


class _OneLineErrors(TyperGroup):
    """The top command: every error of input is one line on stderr and a non-zero exit."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        """Run the command line; see the module for what happens to bad input."""
        if not standalone_mode:  # pragma: no cover - croupier always runs standalone
            return super().main(
                args, prog_name, complete_var, standalone_mode, windows_expand_args, **extra
            )
        try:
            code = super().main(
                args,
                prog_name,
                complete_var,
                standalone_mode=False,
                windows_expand_args=windows_expand_args,
                **extra,
            )
        except typer.TyperException as error:  # usage errors: bad options and arguments
            _usage_error(error)
        except typer.Abort:
            fail("aborted", 1)
        except CroupierError as error:
            fail(str(error))
        except ModuleNotFoundError as error:  # a package of an extra not installed
            message = missing_extra(error)
            if message is None:
                raise
            fail(message)
        sys.exit(code if isinstance(code, int) else 0)


def _usage_error(error: typer.TyperException) -> NoReturn:
    if type(error).__name__ == "NoArgsIsHelpError":  # the help was printed: nothing more
        message = error.format_message()
        if message.strip():
            typer.echo(message, err=True)
        sys.exit(error.exit_code)
    ctx = getattr(error, "ctx", None)
    where = f"{ctx.command_path}: " if ctx is not None else ""
    hint = f" (see {ctx.command_path} --help)" if ctx is not None else ""
    fail(f"{where}{error.format_message()}{hint}", error.exit_code or 2)


app = typer.Typer(
    name="croupier",
    help="croupier: Texas Hold'em by the rules that clubs, casinos and card rooms publish.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    cls=_OneLineErrors,
)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"croupier {croupier.__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            "-V",
            callback=_print_version,
            is_eager=True,
            help="Print croupier's version and exit.",
        ),
    ] = False,
) -> None:
    """croupier: Texas Hold'em by the rules that clubs, casinos and card rooms publish."""


def _register() -> None:
    """Import the command modules; each adds its commands to ``app``."""
    # One import per command module; keep the list sorted.
    import croupier.cli.acpc
    import croupier.cli.admin
    import croupier.cli.bench
    import croupier.cli.db
    import croupier.cli.equity
    import croupier.cli.fuzz
    import croupier.cli.play
    import croupier.cli.replay
    import croupier.cli.serve
    import croupier.cli.simulate
    import croupier.cli.tournament
    import croupier.cli.verify  # noqa: F401
    from croupier.cli import version  # noqa: F401


_register()

if __name__ == "__main__":  # pragma: no cover
    app()
