"""The package's build: pyproject.toml says everything, except that building the package
(``pip wheel .``, ``pip install .``, ``python -m build``) first builds the web client when its
build (``src/croupier/web/dist``) is missing or older than its sources, so that a wheel always
serves pages made from the very sources it ships (docs/web.md, "How it ships").

It also compiles the evaluator's optional C kernel (``croupier.evaluate._ckernel``, see
docs/performance.md): without a C compiler or Python's headers the build goes on without it
and croupier uses its pure-Python paths, which give the same results."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
from pathlib import Path

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
    extra_compile_args=["-O3"],
    optional=True,  # a failed compilation is a warning: the pure path is used instead
)

setup(cmdclass={"build_py": BuildWithWebClient}, ext_modules=[KERNEL])
