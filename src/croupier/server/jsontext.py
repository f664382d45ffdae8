"""JSON text of the frames the server sends: orjson when it is installed (the ``server``
extra), else the standard library; the messages it reads: the standard library.

Both write compact JSON that reads back to the same data; orjson writes non-ASCII characters
as themselves where the standard library escapes them (``"é"`` against ``"\\u00e9"``), and it
takes integer keys as text keys the way the standard library does (a NaN, which no frame
holds, is ``null`` with orjson where the standard library refuses it). What orjson refuses (a
text with a lone surrogate, which a client may send, an integer past 64 bits) the standard
library writes, or refuses with its own error. Reading stays with the
standard library: orjson reads an integer past 64 bits as a float, and what a client is
told of a bad message must not depend on what is installed (a client's message is small:
reading it is a small part of its cost).

    >>> dumps({"seat": 3, "cards": ["Ah", "Kd"], "you": None})
    '{"seat":3,"cards":["Ah","Kd"],"you":null}'
"""

from __future__ import annotations

import json
from typing import Any, Final

__all__ = ["ENCODER", "dumps", "stdlib_dumps"]

try:
    import orjson as _orjson
except ImportError:  # the standard library then
    _orjson = None  # type: ignore[assignment]


def stdlib_dumps(data: Any) -> str:
    """Compact JSON text by the standard library (no NaN: a ValueError)."""
    return json.dumps(data, separators=(",", ":"), allow_nan=False)


if _orjson is not None:
    _OPTIONS: Final = _orjson.OPT_NON_STR_KEYS
    _fast_dumps = _orjson.dumps

    def dumps(data: Any) -> str:
        """Compact JSON text (orjson; what it refuses, the standard library writes or
        refuses)."""
        try:
            return _fast_dumps(data, option=_OPTIONS).decode()
        except TypeError:  # orjson.JSONEncodeError: a lone surrogate, an int past 64 bits...
            return stdlib_dumps(data)

else:  # tested in a process without orjson
    dumps = stdlib_dumps

ENCODER: Final[str] = "json" if _orjson is None else "orjson"
"""Which library writes the frames."""
