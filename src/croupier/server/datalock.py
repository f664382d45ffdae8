"""One server per data folder: a lock file (``croupier.lock``) held for the life of the
process, with the holder's process id in it. A second server on the same folder refuses to
start and names the first. The lock is the kernel's (``flock``): a killed server leaves no
stale lock behind."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from croupier.errors import ConfigurationError

__all__ = ["LOCK_FILE", "DataFolderLock"]

LOCK_FILE = "croupier.lock"


class DataFolderLock:
    """The lock on one data folder; :meth:`release` (or the process's end) frees it."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / LOCK_FILE
        descriptor = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(descriptor, 64, 0).decode("ascii", "replace").strip()
            os.close(descriptor)
            who = f" (process {holder})" if holder.isdigit() else ""
            raise ConfigurationError(
                f"the data folder {str(folder)!r} is in use by another croupier server{who}:"
                " one server per data folder; stop it first or use another --data"
            ) from None
        os.ftruncate(descriptor, 0)
        os.pwrite(descriptor, f"{os.getpid()}\n".encode("ascii"), 0)
        self._descriptor: int | None = descriptor

    def release(self) -> None:
        """Free the folder (idempotent)."""
        if self._descriptor is not None:
            fcntl.flock(self._descriptor, fcntl.LOCK_UN)
            os.close(self._descriptor)
            self._descriptor = None
