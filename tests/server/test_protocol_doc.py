"""docs/protocol.md stays true to the schema: every example validates against the protocol's
models, every message type has an example, every error code is in the table."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, get_args

from croupier.server.protocol.client import CLIENT_TYPES, client_message
from croupier.server.protocol.codes import CODES
from croupier.server.protocol.server import SERVER_TYPES, server_message

DOC = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text(encoding="utf-8")
BLOCK = re.compile(r"```json (client|server)\n(.*?)```", re.S)


def _examples(side: str) -> list[dict[str, Any]]:
    found = [json.loads(text) for kind, text in BLOCK.findall(DOC) if kind == side]
    assert found, f"no {side} examples"
    return found


def _type_of(model: Any) -> str:
    (value,) = get_args(model.model_fields["type"].annotation)
    return str(value)


def test_every_client_example_is_a_valid_message_and_every_message_has_one() -> None:
    shown = set()
    for example in _examples("client"):
        message = client_message.validate_json(json.dumps(example))
        shown.add(message.type)
    assert shown == {_type_of(m) for m in CLIENT_TYPES}


def test_every_server_example_is_a_valid_frame_and_every_frame_has_one() -> None:
    shown = set()
    for example in _examples("server"):
        frame = server_message.validate_json(json.dumps(example))
        shown.add(frame.type)
    assert shown == {_type_of(m) for m in SERVER_TYPES}


def test_every_error_code_is_documented() -> None:
    table = set(re.findall(r"^\| `(\w+)` \|", DOC, re.M))
    assert set(CODES) <= table, set(CODES) - table


def test_an_example_that_breaks_the_schema_is_caught() -> None:
    example = _examples("client")[0] | {"unknown": 1}
    try:
        client_message.validate_json(json.dumps(example))
    except ValueError:
        return
    raise AssertionError("an unknown field passed")
