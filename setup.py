"""The package's build: pyproject.toml says everything, except that building the package
(``pip wheel .``, ``pip install .``, ``python -m build``) first builds the web client when its
build (``src/croupier/web/dist``) is missing or older than its sources, so that a wheel always
serves pages made from the very sources it ships (docs/web.md, "How it ships").

It also compiles the evaluator's optional C kernel (``croupier.evaluate._ckernel``, see
docs/performance.md): without a C compiler or Python's headers the build goes on without it
and croupier uses its pure-Python paths, which give the same results.

And it compiles the engine's hot modules with mypyc (``croupier.engine._native``), when mypyc
(the ``mypy`` package, a build requirement) and a C compiler are at hand; otherwise, or when
``CROUPIER_KERNEL=pure`` at build time, the build goes on without them and the pure engine
runs, with the same rules, events and chips."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "src" / "croupier" / "web"


def _web_is_fresh() -> bool:
    """Whether dist/manifest.json's digest is the sources' (croupier.server.web's check)."""
    try:
        manifest = json.loads((WEB / "dist" / "manifest.json").read_text())
    except (OSError, ValueError):
        return False
    # croupier.server.webdigest, loaded by its path: nothing of the package is installed yet
    path = ROOT / "src" / "croupier" / "server" / "webdigest.py"
    spec = importlib.util.spec_from_file_location("_croupier_webdigest", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return bool(manifest.get("digest") == module.sources_digest(WEB))


def build_web_client() -> None:
    """Build the web client with Node.js when it is missing or stale; a clear stop without Node."""
    if _web_is_fresh():
        return
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        raise SystemExit(
            "croupier: the web client (src/croupier/web/dist) is missing or older than its"
            " sources, and building it needs Node.js 18+ and npm (apt-get install nodejs npm)"
        )
    if not (ROOT / "node_modules" / "esbuild").is_dir():
        subprocess.run(
            [npm, "ci", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"],
            cwd=ROOT,
            check=True,
        )
    subprocess.run([node, "scripts/build_web.mjs"], cwd=ROOT, check=True)
    if not _web_is_fresh():
        raise SystemExit("croupier: the web client's build does not match its sources")


class BuildWithWebClient(build_py):
    """``build_py`` that builds the web client first."""

    def run(self) -> None:
        build_web_client()
        super().run()


KERNEL = Extension(
    "croupier.evaluate._ckernel",
    sources=["src/croupier/evaluate/_ckernel.c"],
    extra_compile_args=["-O3", "-pthread"],  # equity's threads are the kernel's own
    extra_link_args=["-pthread"],
    optional=True,  # a failed compilation is a warning: the pure path is used instead
)


def _load(relative: str, name: str) -> object:
    """A module of the package loaded by its path: nothing of the package is installed yet."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "src" / "croupier" / relative)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def engine_extensions() -> list[Extension]:
    """The engine's modules compiled by mypyc, or none (a warning says why): the pure engine."""
    if os.environ.get("CROUPIER_KERNEL", "").strip().lower() == "pure":
        return []
    native: Any = _load("engine/_native.py", "_croupier_native")
    folder = ROOT / "src" / "croupier" / "engine"
    group = native.library(native.sources_digest(ROOT / "src" / "croupier"))
    keep = (group.rsplit(".", 1)[1] + "__mypyc.", *(f"{m}." for m in native.COMPILED))
    for old in folder.glob("*.so"):  # what older in-place builds left: never to be used
        if not old.name.startswith(keep):
            old.unlink()
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("croupier: mypyc is not installed: the engine is not compiled (the pure one runs)")
        return []
    sources = [f"src/croupier/engine/{module}.py" for module in native.COMPILED]
    try:
        # the modules the engine imports are read for their types only (silent): on a fresh
        # machine numpy is not installed yet when this runs, and the evaluator's numpy code
        # must not stop the engine's compilation
        extensions: list[Extension] = mypycify(
            ["--ignore-missing-imports", "--follow-imports=silent", *sources],
            opt_level="3",
            group_name=group,
            target_dir=str(Path("build") / "mypyc"),
        )
    except (Exception, SystemExit) as exc:  # mypyc refused: build on without it
        print(f"croupier: the engine is not compiled ({exc}): the pure one runs")
        return []
    for extension in extensions:
        extension.optional = True  # a failed C compilation is a warning: the pure engine runs
    return extensions


setup(cmdclass={"build_py": BuildWithWebClient}, ext_modules=[KERNEL, *engine_extensions()])
