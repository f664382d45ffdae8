"""Seeded chunks over processes (croupier.runs): the same result whatever the number of
workers, a killed run resumed from its checkpoint, every chunk's chips counted."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from functools import partial
from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.cli.main import app
from croupier.errors import ConfigurationError
from croupier.runs import chunk_seed, run_chunks
from croupier.simulate import chunks_of, merge_chunks, play_chunk, simulate

SRC = Path(__file__).resolve().parent.parent / "src"


def _play(**more: object) -> partial[dict[str, object]]:
    settings: dict[str, object] = {
        "hands": 900,
        "chunk_hands": 300,
        "bots": ["reasonable", "random", "station"],
        "preset": "casino-fr",
        "seed": 11,
    }
    settings.update(more)
    return partial(play_chunk, **settings)  # type: ignore[arg-type]


def test_chunks_come_back_in_order_the_same_from_one_or_two_processes() -> None:
    one = run_chunks(_play(), 3, parallel=1)
    two = run_chunks(_play(), 3, parallel=2)
    assert one == two
    assert [c["hands"] for c in one] == [300, 300, 300]
    assert len({json.dumps(c) for c in one}) == 3  # three different seeded sessions


def test_chunk_zero_is_the_seeded_session_itself() -> None:
    whole = simulate(
        hands=300, bots=["reasonable", "random", "station"], preset="casino-fr", seed=11
    )
    first = _play()(0)
    assert first["bots"] == json.loads(json.dumps(whole.as_dict()))["bots"]
    assert chunk_seed(11, 0) == 11 and chunk_seed(11, 1) != chunk_seed(11, 2)
    assert chunks_of(900, 300) == 3 and chunks_of(901, 300) == 4 and chunks_of(0, 300) == 1


def test_merged_chunks_sum_each_seat_and_any_lost_chip_fails_the_run() -> None:
    chunks = run_chunks(_play(), 3)
    merged = merge_chunks(chunks, seed=11)
    assert merged["hands"] == 900 and merged["chunks"] == 3 and merged["chips_conserved"]
    for seat in merged["bots"]:
        assert seat["net"] == sum(
            b["net"] for c in chunks for b in c["bots"] if b["seat"] == seat["seat"]
        )
    assert sum(b["net"] for b in merged["bots"]) + merged["rake"] == 0  # every chip accounted
    chunks[1]["chips_conserved"] = False
    assert merge_chunks(chunks, seed=11)["chips_conserved"] is False


def test_the_simulate_json_is_byte_identical_with_one_or_two_processes() -> None:
    args = ["simulate", "--hands", "600", "--chunk-hands", "200", "--seed", "4", "--json"]
    args += ["--preset", "casino-fr"]  # a cash game: rebuys, so no chunk ends with a winner
    one = CliRunner().invoke(app, [*args, "--parallel", "1"])
    two = CliRunner().invoke(app, [*args, "--parallel", "2"])
    assert one.exit_code == 0 and two.exit_code == 0, one.output + two.output
    assert one.stdout == two.stdout
    data = json.loads(one.stdout)
    assert data["hands"] == 600 and data["chunks"] == 3 and data["chips_conserved"] is True
    assert one.stderr == ""  # no progress bar with --json (nor when piped)


def test_the_tournament_report_is_byte_identical_with_one_or_two_processes() -> None:
    args = ["tournament", "simulate", "--players", "25", "--runs", "3", "--seed", "2", "--json"]
    one = CliRunner().invoke(app, [*args, "--parallel", "1"])
    two = CliRunner().invoke(app, [*args, "--parallel", "2"])
    assert one.exit_code == 0 and two.exit_code == 0, one.output + two.output
    assert one.stdout == two.stdout
    report = json.loads(one.stdout)
    assert report["runs"] == 3 and report["chips_conserved"] is True
    assert [r["seed"] for r in report["per_run"]] == [chunk_seed(2, i) for i in range(3)]
    assert one.stderr == ""


def test_a_checkpoint_of_other_settings_or_one_that_exists_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    run_chunks(_play(), 3, checkpoint=path, settings={"seed": 11})
    with pytest.raises(ConfigurationError, match="exists: add --resume"):
        run_chunks(_play(), 3, checkpoint=path, settings={"seed": 11})
    with pytest.raises(ConfigurationError, match="of another run"):
        run_chunks(_play(), 3, checkpoint=path, settings={"seed": 12}, resume=True)
    with pytest.raises(ConfigurationError, match="give one"):
        run_chunks(_play(), 3, resume=True)
    before = path.read_text()
    bad = CliRunner().invoke(
        app, ["simulate", "--hands", "900", "--chunk-hands", "300", "--checkpoint", str(path)]
    )
    assert bad.exit_code == 2 and "exists" in bad.output
    assert path.read_text() == before  # nothing changed


def test_resuming_plays_only_the_chunks_missing_and_a_cut_line_again(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    whole = run_chunks(_play(), 3)
    run_chunks(_play(hands=600), 2, checkpoint=path, settings={"s": 1})
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    header["chunks"] = 3
    cut = lines[2][: len(lines[2]) // 2]  # the second chunk's line, cut short by a kill
    path.write_text("\n".join([json.dumps(header), lines[1], cut]))
    played: list[int] = []
    resumed = run_chunks(
        _play(),
        3,
        checkpoint=path,
        settings={"s": 1},
        resume=True,
        on_done=lambda done, total: played.append(done),
    )
    assert resumed == whole
    assert played == [1, 2, 3]  # one chunk read back, two played
    again = run_chunks(_play(), 3, checkpoint=path, settings={"s": 1}, resume=True)
    assert again == whole


def test_a_killed_command_resumes_to_the_same_json(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    args = ["simulate", "--hands", "3000", "--chunk-hands", "150", "--seed", "9", "--json"]
    args += ["--preset", "casino-fr", "--checkpoint", str(path), "--parallel", "1"]
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    command = [sys.executable, "-m", "croupier", *args]
    run = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and run.poll() is None:
        if path.exists() and len(path.read_text().splitlines()) >= 4:  # three chunks done
            break
        time.sleep(0.05)
    run.send_signal(signal.SIGKILL)
    run.communicate()
    done = len(path.read_text().splitlines()) - 1
    assert 3 <= done < 20, "the run was killed before its end"
    resumed = CliRunner().invoke(app, [*args[:-2], "--resume", "--parallel", "2"])
    assert resumed.exit_code == 0, resumed.output
    fresh = CliRunner().invoke(app, [a for a in args if a not in (str(path), "--checkpoint")])
    assert resumed.stdout == fresh.stdout
    assert json.loads(fresh.stdout)["chunks"] == 20


def test_ray_on_this_machine_gives_the_same_json() -> None:
    # ray is in the test extra: a missing one fails here rather than skipping
    args = ["simulate", "--hands", "400", "--chunk-hands", "200", "--seed", "5", "--json"]
    local = CliRunner().invoke(app, [*args, "--parallel", "2"])
    ray = CliRunner().invoke(app, [*args, "--parallel", "2", "--backend", "ray"])
    assert local.exit_code == 0 and ray.exit_code == 0, local.output + ray.output
    assert ray.stdout == local.stdout


def test_bad_parallel_settings_are_refused() -> None:
    with pytest.raises(ConfigurationError, match="unknown backend"):
        run_chunks(_play(), 1, backend="dask")
    with pytest.raises(ConfigurationError, match="--address"):
        run_chunks(_play(), 1, address="10.0.0.1:6379")
    with pytest.raises(ConfigurationError, match="--parallel"):
        run_chunks(_play(), 1, parallel=0)
    with pytest.raises(ConfigurationError, match="past the"):
        _play()(3)
    out = CliRunner().invoke(
        app, ["simulate", "--hands", "10", "--parallel", "2", "--history", "x"]
    )
    assert out.exit_code == 2 and "--history" in out.output
