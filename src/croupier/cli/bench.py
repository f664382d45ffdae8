"""``croupier bench ...``: measure speed; each subject adds a subcommand to ``bench_app``.

The machinery (timing, table, ``--json``) lives in :mod:`croupier.bench.harness`;
other modules add their own subcommands with ``@bench_app.command()``.
"""

from __future__ import annotations

from typing import Annotated

import typer

from croupier.cli.main import app

bench_app = typer.Typer(
    name="bench",
    help="Measure croupier's speed, beside other poker libraries when they are installed.",
    no_args_is_help=True,
)
app.add_typer(bench_app, name="bench")

Repeat = Annotated[
    int,
    typer.Option("--repeat", "-r", min=1, max=100, help="Runs per row; the median is kept."),
]
Quick = Annotated[bool, typer.Option("--quick", help="A short run: fewer hands, smaller samples.")]
AsJson = Annotated[bool, typer.Option("--json", help="Print the rows as a JSON list.")]


@bench_app.command("evaluator")
def evaluator(repeat: Repeat = 3, quick: Quick = False, as_json: AsJson = False) -> None:
    """Seven-card hands per second: one at a time, in numpy batches, all 133.8M; and peers."""
    from croupier.bench import evaluator as subject
    from croupier.bench.harness import emit

    rows = subject.run(quick=quick, repeat=repeat)
    emit(rows, title="Hand evaluator", baseline=subject.BASELINE, as_json=as_json)


@bench_app.command("equity")
def equity(repeat: Repeat = 3, quick: Quick = False, as_json: AsJson = False) -> None:
    """Exact heads-up preflop equity and Monte Carlo with three hands; and peers."""
    from croupier.bench import equity as subject
    from croupier.bench.harness import emit

    rows = subject.run(quick=quick, repeat=repeat)
    emit(rows, title="Equity", baseline=subject.BASELINE, as_json=as_json)


@bench_app.command("engine")
def engine(repeat: Repeat = 3, quick: Quick = False, as_json: AsJson = False) -> None:
    """Whole six-handed no-limit hands per second with random legal actions; and PokerKit.

    Also reports the memory held by 10,000 hands in progress at once.
    """
    from croupier.bench import engine as subject
    from croupier.bench.harness import emit

    rows = subject.with_memory(subject.engine_rows(quick=quick, repeat=repeat), quick=quick)
    emit(rows, title="Hand engine", baseline="pokerkit.engine", as_json=as_json)
