"""TOML details of PHH: typed reading of a hand's fields, comments, and writing values.

Private to :mod:`croupier.history`: :mod:`croupier.history.phh` is the interface.
"""

from __future__ import annotations

import datetime
import re
import tomllib
from collections.abc import Mapping
from decimal import Decimal
from typing import Any, Final

from croupier.errors import HandHistoryError

__all__ = [
    "FieldReader",
    "comment_lines",
    "header_comment",
    "is_int",
    "parse_toml",
    "section_comments",
    "toml_key",
    "toml_string",
    "toml_value",
]


def is_int(value: object) -> bool:
    """Whether ``value`` is an ``int`` and not a ``bool``."""
    return isinstance(value, int) and not isinstance(value, bool)


class FieldReader:
    """Typed access to the raw TOML table of one hand, with errors naming the field."""

    def __init__(self, raw: Mapping[str, Any], source: str) -> None:
        self.raw = raw
        self.source = source

    def error(self, name: str, what: str) -> HandHistoryError:
        """The error for field ``name``, naming the source."""
        return HandHistoryError(f"{self.source}: field {name!r}: {what}")

    def literal(
        self, name: str, value: Any, *, infinite: bool = False, signed: bool = False
    ) -> int | Decimal:
        """An amount as written: non-negative unless ``signed``, ``inf`` only if ``infinite``."""
        if isinstance(value, bool) or not isinstance(value, int | Decimal):
            raise self.error(name, f"{value!r} is not a number")
        if isinstance(value, Decimal) and value.is_infinite() and infinite and value > 0:
            return value
        if isinstance(value, Decimal) and not value.is_finite():
            raise self.error(name, f"{value} is not a finite amount")
        if value < 0 and not signed:
            raise self.error(name, f"{value} is negative")
        return value

    def literals(
        self, name: str, *, infinite: bool = False, signed: bool = False
    ) -> list[int | Decimal] | None:
        """An array of amounts as written, or ``None`` when the field is absent."""
        value = self.raw.get(name)
        if value is None:
            return None
        if not isinstance(value, list):
            raise self.error(name, f"{value!r} is not an array of numbers")
        return [self.literal(name, v, infinite=infinite, signed=signed) for v in value]

    def string(self, name: str) -> str | None:
        """A string field, or ``None``."""
        value = self.raw.get(name)
        if value is not None and not isinstance(value, str):
            raise self.error(name, f"{value!r} is not a string")
        return value

    def integer(self, name: str) -> int | None:
        """An integer field, or ``None``."""
        value = self.raw.get(name)
        if value is not None and not is_int(value):
            raise self.error(name, f"{value!r} is not an integer")
        return value

    def int_or_str(self, name: str) -> int | str | None:
        """An integer or string field (``hand``, ``table``), or ``None``."""
        value = self.raw.get(name)
        if value is not None and not (is_int(value) or isinstance(value, str)):
            raise self.error(name, f"{value!r} is not an integer or a string")
        return value

    def boolean(self, name: str) -> bool:
        """A boolean field; absent is ``False``."""
        value = self.raw.get(name, False)
        if not isinstance(value, bool):
            raise self.error(name, f"{value!r} is not true or false")
        return value

    def ints(self, name: str) -> tuple[int, ...] | None:
        """An array of integers, or ``None``."""
        value = self.raw.get(name)
        if value is None:
            return None
        if not isinstance(value, list) or not all(is_int(v) for v in value):
            raise self.error(name, f"{value!r} is not an array of integers")
        return tuple(value)

    def strings(self, name: str) -> tuple[str, ...] | None:
        """An array of strings, or ``None``."""
        value = self.raw.get(name)
        if value is None:
            return None
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.error(name, f"{value!r} is not an array of strings")
        return tuple(value)

    def time_of_day(self, name: str) -> datetime.time | None:
        """A TOML local time, or ``None``."""
        value = self.raw.get(name)
        if value is not None and not isinstance(value, datetime.time):
            raise self.error(name, f"{value!r} is not a local time like 12:34:56")
        return value

    def number(self, name: str, value: Any) -> Decimal:
        """A number that is not an amount (time limit, time bank), exactly; ``inf`` allowed."""
        if isinstance(value, bool) or not isinstance(value, int | Decimal):
            raise self.error(name, f"{value!r} is not a number")
        if isinstance(value, Decimal) and value.is_nan():
            raise self.error(name, "nan is not a number")
        return Decimal(value)


def header_comment(text: str) -> str | None:
    """The ``#`` lines opening ``text``, without their ``# ``; ``None`` if there are none."""
    lines: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped and not lines:
            continue
        if not stripped.startswith("#"):
            break
        body = stripped[1:]
        lines.append(body[1:] if body.startswith(" ") else body)
    return "\n".join(lines) if lines else None


def parse_toml(text: str, source: str) -> dict[str, Any]:
    """Parse TOML with every float kept as an exact ``Decimal``."""
    if not isinstance(text, str):
        raise HandHistoryError(f"{source}: PHH text is a str, not {type(text).__name__}")
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        raise HandHistoryError(f"{source}: not valid TOML: {error}") from None
    except RecursionError:  # tomllib recurses once per nested array or table
        raise HandHistoryError(
            f"{source}: not a PHH file: arrays or tables nested too deep to be read"
        ) from None


_SECTION: Final = re.compile(r"\s*\[\s*([^\[\]]+?)\s*\]\s*(#.*)?")


def section_comments(text: str) -> dict[str, str]:
    """The block of ``#`` lines right above each ``[section]`` of a ``.phhs`` text."""
    found: dict[str, str] = {}
    pending: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("#"):
            body = stripped[1:]
            pending.append(body[1:] if body.startswith(" ") else body)
        elif not stripped:
            continue
        else:
            m = _SECTION.fullmatch(line)
            if m is not None and pending:
                found[m.group(1).strip("\"'")] = "\n".join(pending)
            pending = []
    return found


_BARE_KEY: Final = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES: Final = {
    "\\": "\\\\",
    '"': '\\"',
    "\b": "\\b",
    "\t": "\\t",
    "\n": "\\n",
    "\f": "\\f",
    "\r": "\\r",
}


def toml_string(text: str) -> str:
    """``text`` as a TOML basic string, escaped."""
    out = []
    for char in text:
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04X}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def toml_key(key: str) -> str:
    """``key`` bare when it can be, quoted otherwise."""
    return key if _BARE_KEY.fullmatch(key) else toml_string(key)


def toml_value(value: Any) -> str:
    """Any value read from TOML (with ``Decimal`` floats), written back as TOML."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Decimal):
        if value.is_nan():
            return "nan"
        if value.is_infinite():
            return "inf" if value > 0 else "-inf"
        text = str(value)
        return text if any(c in text for c in ".Ee") else text + ".0"
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, datetime.datetime | datetime.date):
        return value.isoformat()
    if isinstance(value, datetime.time):
        if value.tzinfo is not None:
            raise HandHistoryError(f"time {value} has a time zone; PHH wants a local time")
        return value.isoformat()
    if isinstance(value, Mapping):
        pairs = ", ".join(f"{toml_key(str(k))} = {toml_value(v)}" for k, v in value.items())
        return "{" + pairs + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise HandHistoryError(f"cannot write {value!r} ({type(value).__name__}) in a PHH file")


def comment_lines(comment: str) -> list[str]:
    """``comment`` as TOML comment lines."""
    return [f"# {line}" if line else "#" for line in comment.split("\n")]
