"""Load the evaluator's tables once, from a per-user cache file or by building them.

The tables are built from the ranking rules by :mod:`croupier.evaluate._build`
(a fraction of a second) and kept in ``$CROUPIER_CACHE_DIR``, else
``$XDG_CACHE_HOME/croupier``, else ``~/.cache/croupier``, as plain binary arrays
(no pickle: nothing in the file is executed). A missing, unreadable or corrupt
file is rebuilt; an unwritable directory only means building in memory at each
start. Nothing is loaded before the first evaluation: ``import croupier`` does
not touch the tables.
"""

from __future__ import annotations

import array
import hashlib
import os
import sys
import tempfile
from functools import cache
from pathlib import Path
from typing import Final

from croupier.evaluate._build import ClassInfo, build_tables, list_classes

__all__ = ["FLUSH_ENTRIES", "RANK_ENTRIES", "cache_dir", "classes", "load_tables"]

RANK_ENTRIES: Final = 73_775
"""Rank multisets of 5, 6 and 7 cards (6,175 + 18,395 + 49,205)."""
FLUSH_ENTRIES: Final = 8192
"""One flush value per 13-bit mask of ranks."""
_FORMAT: Final = b"croupier-evaluator-1\n"
_FILE: Final = "evaluator-1.bin"


def cache_dir() -> Path:
    """Where croupier keeps files it can rebuild: the evaluator tables."""
    explicit = os.environ.get("CROUPIER_CACHE_DIR")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "croupier"


def _encode(rank_values: dict[int, int], flush_values: list[int]) -> bytes:
    keys = array.array("q", rank_values.keys())
    values = array.array("H", rank_values.values())
    flush = array.array("H", flush_values)
    if sys.byteorder != "little":  # pragma: no cover - the file is little-endian everywhere
        for part in (keys, values, flush):
            part.byteswap()
    body = keys.tobytes() + values.tobytes() + flush.tobytes()
    return _FORMAT + hashlib.sha256(body).digest() + body


def _decode(data: bytes) -> tuple[dict[int, int], list[int]] | None:
    head = len(_FORMAT) + 32
    body = data[head:]
    if data[: len(_FORMAT)] != _FORMAT or len(body) != RANK_ENTRIES * 10 + FLUSH_ENTRIES * 2:
        return None
    if hashlib.sha256(body).digest() != data[len(_FORMAT) : head]:
        return None
    keys, values, flush = array.array("q"), array.array("H"), array.array("H")
    keys.frombytes(body[: RANK_ENTRIES * 8])
    values.frombytes(body[RANK_ENTRIES * 8 : RANK_ENTRIES * 10])
    flush.frombytes(body[RANK_ENTRIES * 10 :])
    if sys.byteorder != "little":  # pragma: no cover
        for part in (keys, values, flush):
            part.byteswap()
    return dict(zip(keys, values, strict=True)), flush.tolist()


def _store(path: Path, data: bytes) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".evaluator-", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:
        pass  # an unwritable cache only costs a rebuild at the next start


@cache
def load_tables() -> tuple[dict[int, int], list[int]]:
    """``(rank_values, flush_values)``: from the cache file, else built (and stored)."""
    path = cache_dir() / _FILE
    try:
        decoded = _decode(path.read_bytes())
    except OSError:
        decoded = None
    if decoded is not None:
        return decoded
    rank_values, flush_values = build_tables()
    _store(path, _encode(rank_values, flush_values))
    return rank_values, flush_values


@cache
def classes() -> list[ClassInfo]:
    """``classes()[value]`` is ``(category, ranks)`` of hand value 1..7462 (index 0 unused)."""
    return [(0, ()), *list_classes()]
