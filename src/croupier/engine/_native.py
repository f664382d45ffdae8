"""Which engine runs: the modules compiled by mypyc when they are built, else the pure ones.

Building the package compiles the engine's hot modules (:data:`COMPILED`) with mypyc when
mypyc is at hand (setup.py): the same sources, the same rules and checks, the same events,
run as C. The build is optional: without mypyc or a C compiler, nothing is compiled and the
pure modules run. The compiled modules' shared library carries the digest of the sources it
was built from in its name (:func:`library`), so a build older than the sources (a source
edited since the last install) is never used: the pure modules run until the next build.
``CROUPIER_KERNEL=pure`` in the environment, read at import, keeps the compiled modules
unused even when they are built and fresh (to compare the two, or to rule them out).
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Final

__all__ = ["COMPILED", "DIGESTED", "NAME", "library", "name", "sources_digest"]

COMPILED: Final = ("hand", "legal", "pots", "_requests", "_start")
"""The modules of ``croupier.engine`` that the build compiles (the hand and what it calls)."""

DIGESTED: Final = (
    *(f"engine/{module}.py" for module in COMPILED),
    "engine/actions.py",
    "engine/events.py",
    "engine/setup.py",
    "engine/views.py",
    "cards.py",
    "_checks.py",
    "errors.py",
    "rules/model.py",
)
"""The sources, relative to the ``croupier`` package, whose digest names a build: the compiled
modules and the pure ones whose types they were compiled against."""

_PACKAGE: Final = Path(__file__).resolve().parent.parent


def sources_digest(package: Path = _PACKAGE) -> str:
    """The digest of the :data:`DIGESTED` sources under ``package`` (16 hex digits)."""
    digest = hashlib.sha256()
    for relative in DIGESTED:
        digest.update(relative.encode())
        digest.update(b"\0")
        digest.update((package / relative).read_bytes())
    return digest.hexdigest()[:16]


def library(digest: str) -> str:
    """The mypyc group name of a build of sources of ``digest``: its shared library is
    this name with ``__mypyc`` after it, in ``croupier.engine``."""
    return f"croupier.engine._native_{digest}"


class _PureFinder(MetaPathFinder):
    """Imports the pure source of each compiled module, whatever is built beside it."""

    def __init__(self, folder: Path) -> None:
        self._paths = {f"croupier.engine.{m}": folder / f"{m}.py" for m in COMPILED}

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        """The spec of the pure module for a compiled module's name, else None."""
        source = self._paths.get(fullname)
        if source is None:
            return None
        return importlib.util.spec_from_file_location(fullname, source)


def _is_extension(spec: ModuleSpec | None) -> bool:
    return spec is not None and str(spec.origin).endswith(tuple(EXTENSION_SUFFIXES))


def _choose() -> str:
    """Compiled when every compiled module and their library of these sources are built."""
    if os.environ.get("CROUPIER_KERNEL", "").strip().lower() == "pure":
        return "pure"
    try:
        names = [library(sources_digest()) + "__mypyc"]
        names += [f"croupier.engine.{module}" for module in COMPILED]
        built = all(_is_extension(importlib.util.find_spec(n)) for n in names)
    except (OSError, ImportError):
        built = False
    return "mypyc" if built else "pure"


NAME: Final = _choose()
"""``"mypyc"`` when the compiled modules run, else ``"pure"``; chosen once, at import."""

if NAME == "pure" and not any(isinstance(f, _PureFinder) for f in sys.meta_path):
    sys.meta_path.insert(0, _PureFinder(Path(__file__).resolve().parent))


def name() -> str:
    """``"mypyc"`` when the engine's compiled modules are in use, else ``"pure"``."""
    return NAME
