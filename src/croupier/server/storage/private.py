"""An SQLite database is the room's secrets (the deck of every hand in play): its files are
its owner's only, whatever the umask or the folder the operator made."""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

__all__ = ["private_sqlite_file"]

_log = logging.getLogger("croupier.server.storage")


def private_sqlite_file(database: str | None) -> None:
    """Make the SQLite file ``database`` owner-only: created with mode 600 before SQLite
    creates it (its journal files take its mode), an existing one (and its ``-wal`` and
    ``-shm`` files) others could read set back to 600, with a warning."""
    if not database or database == ":memory:" or database.startswith("file:"):
        return
    path = Path(database)
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        return
    except FileExistsError:
        pass
    except OSError:
        return  # a missing or unwritable folder: opening the database says so
    for each in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        try:
            mode = stat.S_IMODE(each.stat().st_mode)
            if mode & 0o077:
                os.chmod(each, 0o600)
                _log.warning("%s could be read by others (mode %o): now 600", each, mode)
        except OSError:
            continue
