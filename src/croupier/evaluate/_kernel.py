"""Which kernel evaluates: the compiled one (``croupier.evaluate._ckernel``) when it is built,
else the pure paths (plain Python for one hand, numpy for many), which give the same values.

The compiled kernel is optional: building the package compiles it when a C compiler is at
hand (setup.py), and a build without one leaves it out. ``CROUPIER_KERNEL=pure`` in the
environment, read at import, keeps it unused even when it is built (to compare the two, or to
rule it out). The kernel holds no tables of its own: it indexes the pure path's once they are
loaded (:func:`croupier.evaluate.hand._load`).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType

__all__ = ["KERNEL", "compiled", "name", "pure_arrays"]


def _find() -> ModuleType | None:
    if os.environ.get("CROUPIER_KERNEL", "").strip().lower() == "pure":
        return None
    try:
        from croupier.evaluate import _ckernel
    except ImportError:
        return None
    return _ckernel


KERNEL: ModuleType | None = _find()
"""The compiled kernel, or None: not built, or ``CROUPIER_KERNEL=pure``."""


def name() -> str:
    """``"c"`` when the compiled kernel is in use, else ``"pure"``."""
    return "pure" if KERNEL is None else "c"


def compiled() -> ModuleType | None:
    """The compiled kernel with its tables loaded, or None when the pure paths are in use."""
    kernel = KERNEL
    if kernel is not None and not kernel.ready():
        from croupier.evaluate import hand

        hand._load()
    return kernel


@contextmanager
def pure_arrays() -> Iterator[None]:
    """Within it, batches, the enumeration and equity take the numpy paths (for benchmarks).

    One hand's :func:`~croupier.evaluate.evaluate` is chosen at import: its pure path is
    ``croupier.evaluate.hand._pure_evaluate``. Not for use while other threads evaluate.
    """
    global KERNEL
    saved, KERNEL = KERNEL, None
    try:
        yield
    finally:
        KERNEL = saved
