"""Text from a client, checked at the edge: no control characters, no lone surrogates.

A NUL character is refused by PostgreSQL (and a lone surrogate by every UTF-8 encoder), so
such text reaching the database fails a write that others share; a control character in a
name or a chat line can also forge lines in a log or a hand history. Every text field of every
HTTP body and WebSocket message passes :func:`check_text` first: a tab and a line break are the
only control characters allowed, and only in free text (not in names).

    >>> check_text({"full_name": "Ann Lee", "note": "line one\\nline two"})
    >>> check_text({"full_name": "Ann\\x00Lee"})
    Traceback (most recent call last):
    ...
    croupier.server.textcheck.BadTextError: full_name: control character U+0000 is not allowed
"""

from __future__ import annotations

import re
from typing import Any, Final

from croupier.server.errors import ServerError

__all__ = ["NAME_FIELDS", "BadTextError", "check_text", "text_problem"]

_FREE_TEXT: Final = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
_ONE_LINE: Final = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")

NAME_FIELDS: Final = frozenset(
    {"full_name", "screen_name", "name", "player", "table", "stakes", "tournament", "id", "type"}
)
"""Fields that are names or identifiers: one line, no tab or line break either."""


class BadTextError(ServerError):
    """Text holding a character the room does not take (a control character, a lone
    surrogate)."""

    code = "bad_text"


def text_problem(text: str, *, one_line: bool = False) -> str | None:
    """What is wrong with ``text`` (None: nothing)."""
    found = (_ONE_LINE if one_line else _FREE_TEXT).search(text)
    if found is None:
        return None
    point = ord(found.group())
    kind = "a lone surrogate" if 0xD800 <= point <= 0xDFFF else "control character"
    return f"{kind} U+{point:04X} is not allowed"


def check_text(data: Any, where: str = "") -> None:
    """Raise :class:`BadTextError` at the first string in ``data`` (a JSON value: objects,
    lists, strings, keys included) holding a character that is not allowed; the message names
    the field and the character, never the text."""
    if isinstance(data, str):
        field = where.rsplit(".", 1)[-1]
        problem = text_problem(data, one_line=field in NAME_FIELDS)
        if problem is not None:
            raise BadTextError(f"{where or 'text'}: {problem}")
    elif isinstance(data, dict):
        for key, value in data.items():
            name = str(key)
            problem = text_problem(name, one_line=True)
            if problem is not None:
                raise BadTextError(f"{where or 'message'}: a field name: {problem}")
            check_text(value, f"{where}.{name}" if where else name)
    elif isinstance(data, list | tuple):
        for index, value in enumerate(data):
            check_text(value, f"{where}[{index}]" if where else f"[{index}]")
