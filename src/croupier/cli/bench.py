"""``croupier bench ...``: measure speed; each subject adds a subcommand to ``bench_app``.

The machinery (timing, table, ``--json``) lives in :mod:`croupier.bench.harness`;
other modules add their own subcommands with ``@bench_app.command()``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from croupier.cli.main import MAX_SEED, app

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


@bench_app.command("env")
def env(repeat: Repeat = 3, quick: Quick = False, as_json: AsJson = False) -> None:
    """Environment steps per second: croupier's PettingZoo and vector envs vs RLCard's."""
    from croupier.bench.env import env_rows
    from croupier.bench.harness import emit

    rows = env_rows(quick=quick, repeat=repeat)
    emit(rows, title="Environments", baseline="pettingzoo.rlcard.6-max", as_json=as_json)


@bench_app.command("targets")
def targets(repeat: Repeat = 3, quick: Quick = False, as_json: AsJson = False) -> None:
    """Each speed target (issue 19) beside this run's figure and the best peer's: the
    evaluator, equity and engine rows measured in one run."""
    import json
    from dataclasses import asdict

    from croupier.bench import targets as subject
    from croupier.bench.harness import machine

    rows, verdicts = subject.run(quick=quick, repeat=repeat)
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "machine": machine(),
                    "targets": [asdict(v) for v in verdicts],
                    "rows": [row.as_dict() for row in rows],
                },
                indent=2,
            )
        )
        return
    from rich import box
    from rich.console import Console
    from rich.table import Table

    table = Table(title="Targets", caption=machine(), box=box.SIMPLE_HEAD)
    for column in ("target", "goal", "measured", "met", "peers (same run)"):
        table.add_column(column)
    for v in verdicts:
        met = "-" if v.met is None else "yes" if v.met else "no"
        table.add_row(v.what, v.goal, v.shown, met, v.peer)
    Console(width=160).print(table)


@bench_app.command("server")
def server(
    tables: Annotated[
        int, typer.Option("--tables", min=1, max=2000, help="Six-handed tables.")
    ] = 20,
    seconds: Annotated[
        float, typer.Option("--seconds", min=1, max=3600, help="Measured time.")
    ] = 10.0,
    database: Annotated[
        str | None, typer.Option("--database", help="postgresql+psycopg://... (default SQLite).")
    ] = None,
    think: Annotated[
        float,
        typer.Option(
            "--think",
            min=0,
            max=60,
            help="Bots' mean seconds before acting: 1 (the default) is a busy table, every"
            " player acting about once a second; 0 acts at once (the server saturated).",
        ),
    ] = 1.0,
    repeat: Repeat = 1,
    as_json: AsJson = False,
    profile: Annotated[
        Path | None,
        typer.Option(
            "--profile",
            help="Run the server under cProfile and write the statistics of its main"
            " thread's CPU time in the measured time to this file (pstats); slows the server.",
        ),
    ] = None,
) -> None:
    """Bot clients over real WebSockets against a server in its own process: hands and
    messages a second, p50/p99 from an action sent to its update received, the server's CPU
    per action, chips conserved."""
    import json
    import math
    import statistics

    from croupier.bench.server import run_bench
    from croupier.cli._files import check_output_file
    from croupier.cli._server import fail, failures

    for option, value in (("--seconds", seconds), ("--think", think)):
        if not math.isfinite(value):
            raise fail(f"{option} {value!r}: a number of seconds")

    with failures():
        if profile is not None:
            check_output_file("--profile", profile)
        runs = [
            run_bench(
                tables=tables, seconds=seconds, database=database, think=think, profile=profile
            )
            for _ in range(repeat)
        ]
    runs.sort(key=lambda r: r["p99_ms"])
    result = dict(runs[len(runs) // 2])
    if repeat > 1:
        result["runs"] = repeat
        result["p99_ms_all"] = [r["p99_ms"] for r in runs]
        result["server_cpu_ms_per_action_all"] = [r["server_cpu_ms_per_action"] for r in runs]
        result["hands_per_s_median"] = statistics.median(r["hands_per_s"] for r in runs)
    result["chips_conserved"] = all(r["chips_conserved"] for r in runs)
    if as_json:
        typer.echo(json.dumps(result))
        return
    for key, value in result.items():
        typer.echo(f"{key:>20}  {value}")


@bench_app.command("flood")
def flood(
    tables: Annotated[int, typer.Option("--tables", min=1, max=50, help="Six-handed tables.")] = 2,
    seconds: Annotated[
        float, typer.Option("--seconds", min=1, max=600, help="Each phase's time.")
    ] = 10.0,
    kind: Annotated[
        str,
        typer.Option(
            "--kind", help="What the flooder sends: invalid (4 KB), pings, or none (control)."
        ),
    ] = "invalid",
    as_json: AsJson = False,
) -> None:
    """One client floods one socket while bots play: the players' p50/p99 quiet and flooded,
    the flooder's frames and closes, the server's memory before, at its peak and after."""
    import json

    from croupier.bench.flood import run_flood
    from croupier.cli._server import fail, failures

    if kind not in ("invalid", "pings", "none"):
        raise fail(f"--kind {kind[:40]!r}: invalid, pings or none")
    with failures():
        result = run_flood(tables=tables, seconds=seconds, kind=kind)
    if as_json:
        typer.echo(json.dumps(result))
        return
    for key, value in result.items():
        typer.echo(f"{key:>16}  {value}")


@bench_app.command("web")
def web(
    repeat: Annotated[
        int, typer.Option("--repeat", "-r", min=1, max=50, help="Cold loads per page.")
    ] = 5,
    as_json: AsJson = False,
) -> None:
    """The pages, cold, in Chromium on loopback: time to the lobby's rows, the table's seats
    and the front page, the JavaScript received and the requests; beside the sources."""
    import json

    from croupier.bench import web as subject
    from croupier.cli._server import fail

    try:
        rows = subject.run(repeat=repeat)
    except (RuntimeError, ImportError) as error:
        raise fail(str(error)) from None
    if as_json:
        typer.echo(json.dumps([row.to_json() for row in rows]))
        return
    subject.print_table(rows)


@bench_app.command("crash")
def crash(
    kills: Annotated[int, typer.Option("--kills", min=1, max=10_000, help="Kills.")] = 100,
    database: Annotated[
        str | None, typer.Option("--database", help="postgresql+psycopg://... (default SQLite).")
    ] = None,
    seed: Annotated[
        int, typer.Option("--seed", min=0, max=MAX_SEED, help="Where the kills fall.")
    ] = 1,
    as_json: AsJson = False,
) -> None:
    """Kill a real server (SIGKILL) at random moments while bots play; after each restart
    check the ledger, the acknowledged actions and every table's chips."""
    import json

    from croupier.bench.crash import run_crashes
    from croupier.cli._server import failures

    with failures():
        report = run_crashes(
            kills=kills, database=database, seed=seed, log=None if as_json else typer.echo
        )
    typer.echo(json.dumps(report) if as_json else f"all {kills} restarts checked: {report}")


@bench_app.command("soak")
def soak(
    minutes: Annotated[
        float, typer.Option("--minutes", min=0.1, max=10_000, help="How long to serve.")
    ] = 10.0,
    every: Annotated[
        float, typer.Option("--every", min=0.5, max=600, help="Seconds between samples.")
    ] = 5.0,
    database: Annotated[
        str | None, typer.Option("--database", help="postgresql+psycopg://... (default SQLite).")
    ] = None,
    pace: Annotated[
        str,
        typer.Option(
            "--pace", help="demo: the demo room's own pace; fast: hands and tournaments ~10x."
        ),
    ] = "demo",
    as_json: AsJson = False,
) -> None:
    """Serve the demo room for a while and sample the process's memory, file descriptors,
    threads and tasks; print each one's slope after warm-up (exit 1 on a clear memory leak)."""
    import json

    from croupier.bench.soak import FAST, run_soak
    from croupier.cli._server import failures

    if pace not in ("demo", "fast"):
        raise typer.BadParameter(f"--pace is demo or fast, not {pace!r}")
    with failures():
        report = run_soak(
            minutes=minutes,
            every=every,
            database=database,
            online=FAST if pace == "fast" else None,
            log=None if as_json else typer.echo,
        )
    if as_json:
        typer.echo(json.dumps(report))
    else:
        summary = {k: v for k, v in report.items() if k != "series"}
        typer.echo(f"soak: {summary}")
    if report["leak"]:
        raise typer.Exit(code=1)


@bench_app.command("outage")
def outage(
    outages: Annotated[int, typer.Option("--outages", min=1, max=1000, help="Stops.")] = 3,
    down: Annotated[
        float, typer.Option("--down", min=0.5, max=3600, help="Seconds the database is down.")
    ] = 15.0,
    as_json: AsJson = False,
) -> None:
    """Stop a private PostgreSQL under a server with bots playing, start it again, several
    times; check the books, the acknowledged actions, the hands going on, a clean restart."""
    import json

    from croupier.bench.outage import run_outages
    from croupier.cli._server import failures

    with failures():
        report = run_outages(outages=outages, down=down, log=None if as_json else typer.echo)
    typer.echo(json.dumps(report) if as_json else f"all {outages} outages checked: {report}")
