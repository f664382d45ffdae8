"""The frames' JSON: orjson (the ``server`` extra) and the standard library write text that
reads back the same, and a server without orjson plays on the standard library."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from croupier.server import jsontext

FRAMES: list[Any] = [
    {"v": 1, "type": "update", "table": "t1", "seq": 7, "hand": None, "events": []},
    {"seats": [{"seat": 1, "player": "zoé", "stack": 2**62, "cards": ["Ah", "Kd"]}]},
    {"you": {"revealed": [{"seat": 3, "cards": ["2c", "2d"]}], "time_bank": 12.25}},
    {"by_seat": {1: "ann", 2: "bob"}, "ok": True, "no": False, "none": None},
    ['line with "quotes", a \\ and a\nnewline', "€ 1/2", "\u2028", ""],
    {"deep": [[[[{"a": [1, 2.5, -3]}]]]]},
]


@pytest.mark.parametrize("data", FRAMES)
def test_both_encoders_write_text_that_reads_back_the_same(data: Any) -> None:
    fast, slow = jsontext.dumps(data), jsontext.stdlib_dumps(data)
    assert json.loads(fast) == json.loads(slow) == json.loads(json.dumps(data))


def test_what_orjson_refuses_the_standard_library_writes_or_refuses() -> None:
    """A lone surrogate (a client's chat line may hold one) and an integer past 64 bits are
    written as the standard library writes them; what neither takes is the same error."""
    for data in ({"line": "a\ud800b"}, {"id": 2**70}, ["\udfff"]):
        assert jsontext.dumps(data) == jsontext.stdlib_dumps(data)
    with pytest.raises(TypeError):
        jsontext.dumps({"x": object()})


def test_the_fast_encoder_is_orjson_here() -> None:
    """The shared environment installs the server extra: the measured path is orjson's."""
    assert jsontext.ENCODER == "orjson"


def test_a_frame_of_ascii_text_is_the_same_text_from_both() -> None:
    frame = {"v": 1, "type": "update", "seats": [{"seat": 1, "cards": None, "bet": 0}]}
    assert (
        jsontext.dumps(frame)
        == jsontext.stdlib_dumps(frame)
        == json.dumps(frame, separators=(",", ":"))
    )


def test_without_orjson_the_server_plays_on_the_standard_library() -> None:
    """A process where orjson cannot be imported: the standard library writes the frames, and
    a room plays hands and resyncs a reconnecting client on it."""
    root = Path(__file__).parent
    check = (
        "import sys; sys.modules['orjson'] = None\n"
        "from croupier.server import jsontext\n"
        "from croupier.server.tables import frames\n"
        "assert jsontext.ENCODER == 'json' and frames.dumps is jsontext.stdlib_dumps\n"
    )
    subprocess.run([sys.executable, "-c", check], check=True, timeout=60)
    code = (
        "import sys; sys.modules['orjson'] = None\n"
        "import pytest\n"
        "sys.exit(pytest.main(['-q', '-n', '0', '-p', 'no:cacheprovider', sys.argv[1]]))\n"
    )
    test = "test_online_views.py::test_a_client_that_reconnects_gets_what_it_missed_or_a_fresh_view"
    out = subprocess.run(
        [sys.executable, "-c", code, str(root / test)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=root,
    )
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    assert " passed" in out.stdout
