"""The package as users expect it: a version, ``python -m croupier``, a licence, and the
library importable without the command line's dependencies."""

from __future__ import annotations

import json
import platform
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

from typer.testing import CliRunner

import croupier
from croupier.cli.main import app

ROOT = Path(__file__).resolve().parents[1]

_BLOCKED = """
import importlib.abc, sys

class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("typer", "rich", "click"):
            raise ImportError(f"blocked: {name}")
        return None

sys.meta_path.insert(0, Block())
"""

_LIBRARY = """
import random
from croupier.cards import Deck
from croupier.engine import Action, Hand, SeatSetup
from croupier.evaluate import rank_hand
from croupier.evaluate.equity import equity
from croupier.history import dumps, hand_to_phh, loads, render_pokerstars, render_text, replay_phh
from croupier.rules import preset

seats = [SeatSetup(0, "ann", 5_000), SeatSetup(1, "bob", 5_000), SeatSetup(2, "cy", 5_000)]
hand = Hand(rules=preset("tda", 50, 100), button=0, deck=Deck.shuffled(random.Random(1)),
            seats=seats)
while not hand.is_over:
    legal = hand.legal_actions()
    move = Action.show() if legal.show else Action.check() if legal.check else Action.call()
    hand.act(hand.to_act, move)
assert replay_phh(loads(dumps(hand_to_phh(hand)))).match is True
assert "Seat #1 is the button" in render_pokerstars(hand.events, hand_number=1)  # from 1
assert render_text(hand.events)
assert rank_hand("Kh Kd Ks 7c 7d 2s 3h").description == "Full house, kings full of sevens"
assert equity(["AsAh", "KsKd"]).wins == (1399204, 305177)
assert not [m for m in sys.modules if m.split(".")[0] in ("typer", "rich", "click")]
print("ok")
"""


def test_the_library_imports_without_typer_or_rich() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _BLOCKED + _LIBRARY],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_the_block_really_blocks() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _BLOCKED + "import croupier.cli.main"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode != 0 and "blocked: typer" in done.stderr


def test_version_option_and_command() -> None:
    runner = CliRunner()
    for args in (["--version"], ["-V"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 0
        assert result.output == f"croupier {croupier.__version__}\n"
    assert runner.invoke(app, ["version"]).output == f"{croupier.__version__}\n"


def test_the_version_is_the_packages() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert croupier.__version__ == project["version"]
    assert project["license"] == "MIT"


def test_python_dash_m_croupier() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "croupier", "--version"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"croupier {croupier.__version__}\n"
    helped = subprocess.run(
        [sys.executable, "-m", "croupier", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert helped.returncode == 0 and "replay" in helped.stdout and "croupier" in helped.stdout


def test_an_mit_licence() -> None:
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("MIT License")
    assert "Permission is hereby granted, free of charge" in text


def test_version_json_says_the_version_python_and_the_extras() -> None:
    result = CliRunner().invoke(app, ["version", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["name"] == "croupier" and out["version"] == croupier.__version__
    assert out["python"] == platform.python_version()
    assert out["extras"] == {
        "bench": True,
        "cli": True,
        "env": True,
        "server": True,
    }  # make installs all


_BLOCK_SERVER = """
import importlib.abc, sys

class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("sqlalchemy", "starlette", "uvicorn", "alembic"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, Block())
sys.argv[0] = "croupier"
from croupier.cli import run
run()
"""


def test_a_server_command_without_the_server_extra_names_it(tmp_path: Path) -> None:
    """With the ``cli`` extra alone, ``croupier serve`` and ``croupier db check`` say which
    extra to install, in one line, and change nothing; the library's commands still run."""
    for args in (["serve", "--data", str(tmp_path / "data")], ["db", "check"]):
        done = subprocess.run(
            [sys.executable, "-c", _BLOCK_SERVER, *args],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
            cwd=tmp_path,
        )
        assert done.returncode == 2, (args, done.stdout, done.stderr)
        assert done.stderr.startswith("error: this command needs the ")
        assert "pip install 'croupier[server]'" in done.stderr and "Traceback" not in done.stderr
        assert len(done.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "data").exists()
    played = subprocess.run(
        [sys.executable, "-c", _BLOCK_SERVER, "simulate", "--hands", "5", "--seed", "1"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert played.returncode == 0, played.stderr


def _wheel(tmp_path: Path) -> Path:
    """The project's wheel, built from a copy of it (the web client's build copied when
    fresh: setup.py builds it otherwise)."""
    project = tmp_path / "project"
    project.mkdir()
    for name in ("setup.py", "pyproject.toml", "README.md", "LICENSE", "MANIFEST.in"):
        shutil.copy2(ROOT / name, project / name)
    for name in ("package.json", "package-lock.json"):
        shutil.copy2(ROOT / name, project / name)
    shutil.copytree(ROOT / "scripts", project / "scripts")
    shutil.copytree(
        ROOT / "src", project / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info")
    )
    if (ROOT / "node_modules").exists():
        (project / "node_modules").symlink_to((ROOT / "node_modules").resolve())
    build = [
        sys.executable,
        "-m",
        "pip",
        "wheel",
        "--no-deps",
        "-q",
        "-w",
        str(tmp_path / "wheels"),
    ]
    made = subprocess.run(
        [*build, str(project)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert made.returncode == 0, made.stderr[-3000:]
    [wheel] = (tmp_path / "wheels").glob("croupier-*.whl")
    return wheel


_PLAIN = (
    """
import sys
before = set(sys.modules)
"""
    + _LIBRARY.replace("from croupier.evaluate.equity import equity\n", "").replace(
        'assert equity(["AsAh", "KsKd"]).wins == (1399204, 305177)\n', ""
    )
    + """
import croupier, sysconfig
site = sysconfig.get_paths()["purelib"]
assert croupier.__file__.startswith(site), croupier.__file__
third = sorted(name for name, module in sys.modules.items()
               if (getattr(module, "__file__", None) or "").startswith(site)
               and name.split(".")[0] != "croupier")
assert third == [], third
try:
    import numpy
except ModuleNotFoundError:
    print("no numpy")
"""
)


def test_a_wheel_installed_with_no_extra_plays_a_hand_with_no_third_party_package(
    tmp_path: Path,
) -> None:
    """``pip install croupier``: the wheel in a fresh virtual environment, with no index,
    installs croupier alone; the engine plays a hand and writes its histories with no
    third-party package imported (none is installed); the ``croupier`` command names the
    extra it needs; the metadata puts every dependency behind an extra and says the
    classifiers."""
    wheel = _wheel(tmp_path)
    with zipfile.ZipFile(wheel) as archive:
        [name] = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        metadata = archive.read(name).decode()
    requires = [line for line in metadata.splitlines() if line.startswith("Requires-Dist:")]
    assert requires and all("extra ==" in line for line in requires), requires
    extras = {line.split(": ", 1)[1] for line in metadata.splitlines() if "Provides-Extra" in line}
    assert {"equity", "cli", "server", "env", "client", "all"} <= extras
    for classifier in ("Programming Language :: Python :: 3.11", "Typing :: Typed"):
        assert f"Classifier: {classifier}" in metadata
    assert "pip install 'croupier[server]'" in metadata  # the README for PyPI's readers
    venv = tmp_path / "venv"
    # a fresh environment with nothing in it; this pip installs into it, with no index
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    pip = [sys.executable, "-m", "pip", "--python", str(python)]
    installed = subprocess.run(
        [*pip, "install", "-q", "--no-index", str(wheel)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert installed.returncode == 0, installed.stderr
    listed = subprocess.run(
        [*pip, "list", "--format=json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    names = {p["name"] for p in json.loads(listed.stdout)} - {"pip", "setuptools", "wheel"}
    assert names == {"croupier"}, names
    played = subprocess.run(
        [str(python), "-I", "-c", _PLAIN],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=tmp_path,
    )
    assert played.returncode == 0, played.stderr
    assert played.stdout.split() == ["ok", "no", "numpy"]
    command = subprocess.run(
        [str(venv / "bin" / "croupier"), "--version"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert command.returncode == 2, command.stderr
    assert command.stderr == (
        "error: the croupier command needs the 'typer' package, which the plain install of"
        " croupier leaves out: pip install 'croupier[cli]' (or 'croupier[all]')\n"
    )
