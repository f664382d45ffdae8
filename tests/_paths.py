"""Where the tests find the shared data, relative to this checkout.

The repository is checked out as ``<workspace>/main`` and the shared data lives
beside it in ``<workspace>/shared``. A missing folder is an error, never a skip:
a test that cannot see its data must not pass quietly.
"""

from __future__ import annotations

from pathlib import Path

WORKSPACE = Path(__file__).resolve().parents[2]
"""The folder holding the checkout (``main``) and the shared data (``shared``)."""


def shared_phh_dir() -> Path:
    """The folder of real PHH hands, ``<workspace>/shared/phh``; raises if it is missing."""
    path = WORKSPACE / "shared" / "phh"
    if not path.is_dir():
        raise FileNotFoundError(
            f"the PHH data set is missing: expected the folder {path} "
            "(the repository checked out as <workspace>/main, the data in <workspace>/shared/phh)"
        )
    return path
