"""Files the commands write: checked before any work starts, so a bad path is one clear line."""

from __future__ import annotations

import os
from pathlib import Path

from croupier._checks import quote
from croupier.errors import ConfigurationError

__all__ = ["check_output_file"]


def check_output_file(option: str, path: Path) -> Path:
    """``path`` if a file can be written there (its folder exists and is writable, its name is
    not too long, it is not a folder), else :class:`ConfigurationError` naming ``option``."""
    text = str(path)
    if "\x00" in text:
        raise ConfigurationError(f"{option} {quote(text)}: a file name has no NUL character")
    folder = path.parent
    try:
        name_max = os.pathconf(folder, "PC_NAME_MAX") if folder.is_dir() else None
        if name_max is None:
            raise ConfigurationError(f"{option} {quote(text)}: no folder {quote(str(folder))}")
        if len(os.fsencode(path.name)) > name_max:
            raise ConfigurationError(
                f"{option} {quote(text)}: a file name is at most {name_max} bytes"
            )
        if path.is_dir():
            raise ConfigurationError(f"{option} {quote(text)}: a folder, not a file")
    except OSError as error:
        raise ConfigurationError(f"{option} {quote(text)}: {error.strerror or error}") from None
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise ConfigurationError(f"{option} {quote(text)}: cannot be written here")
    return path
