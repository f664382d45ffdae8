"""Where the tests find the shared data.

The real hands (PHH) and the clause list come from the workspace's ``shared``
folder beside the checkout (``<workspace>/main`` and ``<workspace>/shared``). A
clean clone elsewhere (CI) has no such folder, so the repository carries the same
data: ``tests/data/phh.tar.xz`` (the 10,088 hands, unpacked once into a temporary
folder) and ``tests/data/clauses.md``. A missing data set is an error, never a skip.
"""

from __future__ import annotations

import hashlib
import shutil
import tarfile
import tempfile
from pathlib import Path

TESTS = Path(__file__).resolve().parent
WORKSPACE = TESTS.parents[1]
"""The folder holding the checkout (``main``) and, in the workspace, the shared data."""
_ARCHIVE = TESTS / "data" / "phh.tar.xz"


def shared_phh_dir() -> Path:
    """The folder of real PHH hands: ``<workspace>/shared/phh``, else the bundled copy."""
    path = WORKSPACE / "shared" / "phh"
    if path.is_dir():
        return path
    if not _ARCHIVE.is_file():
        raise FileNotFoundError(
            f"the PHH data set is missing: neither {path} nor the bundled {_ARCHIVE} exists"
        )
    digest = hashlib.sha256(_ARCHIVE.read_bytes()).hexdigest()[:16]
    target = Path(tempfile.gettempdir()) / f"croupier-phh-{digest}"
    if not target.is_dir():
        # Unpack beside the target, then rename: parallel test workers never see half a folder.
        staging = Path(tempfile.mkdtemp(prefix="croupier-phh-", dir=target.parent))
        with tarfile.open(_ARCHIVE, "r:xz") as archive:
            archive.extractall(staging, filter="data")
        try:
            staging.rename(target)
        except OSError:  # another worker got there first
            shutil.rmtree(staging, ignore_errors=True)
    return target / "phh"


def clauses_file() -> Path:
    """The clause list of the seed documents (a copy of ``shared/rules/clauses.md``)."""
    return TESTS / "data" / "clauses.md"
