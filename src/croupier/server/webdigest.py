"""The digest of the web client's sources (standard library only: the package's build,
``setup.py``, loads this file by its path before anything is installed)."""

from __future__ import annotations

import hashlib
from pathlib import Path

__all__ = ["sources_digest"]


def sources_digest(web: Path) -> str:
    """The digest of the client's sources: every file under ``web`` outside ``dist`` (and
    hidden files), each by its POSIX path and SHA-256, as ``scripts/build_web.mjs`` writes it
    in ``dist/manifest.json``."""
    paths = []
    for path in web.rglob("*"):
        rel = path.relative_to(web)
        if any(p.startswith(".") or p == "__pycache__" for p in rel.parts):
            continue
        if rel.parts[0] == "dist" or rel.parts[0].startswith("dist."):
            continue
        if path.is_file():
            paths.append(rel.as_posix())
    total = hashlib.sha256()
    for name in sorted(paths):
        one = hashlib.sha256((web / name).read_bytes()).hexdigest()
        total.update(f"{name}\0{one}\n".encode())
    return total.hexdigest()
