"""The HTTP app's edges: every error is JSON with a clear message, never a stack trace."""

from __future__ import annotations

import pytest
from _api import ORIGIN, Browser, running
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from croupier.errors import ConfigurationError
from croupier.server import ServerConfig, create_app
from croupier.server.config import load_or_create_secret


def test_health_says_the_database_answers(browser: Browser) -> None:
    health = browser.get("/api/health").json()
    assert health["status"] == "ok"
    assert health["database"] == browser.services.store.backend


def test_unknown_pages_and_methods_get_json(browser: Browser) -> None:
    missing = browser.get("/api/nothing")
    assert (missing.status_code, missing.json()) == (
        404,
        {"error": "not_found", "message": "no such page: /api/nothing"},
    )
    wrong = browser.client.delete("/api/me")
    assert wrong.status_code == 405
    assert wrong.json()["message"] == "DELETE is not allowed on /api/me"


@pytest.mark.parametrize(
    ("body", "kind", "status", "says"),
    [
        (b'{"screen_name": ', "application/json", 400, "the body is not valid JSON"),
        (b"[1, 2]", "application/json", 400, "Input should be an object"),
        (b"screen_name=ann", "application/x-www-form-urlencoded", 415, "must be JSON"),
        (b"{" + b" " * 70_000 + b"}", "application/json", 413, "over 65536 bytes"),
    ],
)
def test_malformed_bodies_get_a_clear_error(
    browser: Browser, body: bytes, kind: str, status: int, says: str
) -> None:
    token = browser.client.get("/api/csrf").json()["csrf_token"]
    response = browser.client.post(
        "/api/register",
        content=body,
        headers={"Content-Type": kind, "Origin": ORIGIN, "X-CSRF-Token": token},
    )
    assert response.status_code == status
    assert says in response.json()["message"]


def test_an_internal_error_never_reaches_the_client_as_a_trace(config: ServerConfig) -> None:
    def boom(request: Request) -> Response:
        raise RuntimeError("secret detail of the server")

    app = create_app(config)
    app.router.routes.append(Route("/api/boom", boom))
    from starlette.testclient import TestClient

    with TestClient(app, raise_server_exceptions=False) as client:
        response = client.get("/api/boom")
    assert response.status_code == 500
    assert response.json() == {
        "error": "internal",
        "message": "internal error: the server's log has the details",
    }
    assert "secret detail" not in response.text and "Traceback" not in response.text


def test_the_session_secret_is_made_once_and_kept_private(config: ServerConfig) -> None:
    with running(config) as browser:
        first = browser.services.secret
    path = config.data_dir / "session-secret"
    assert path.stat().st_mode & 0o777 == 0o600
    assert len(first) == 32
    with running(config) as browser:
        assert browser.services.secret == first
    path.chmod(0o644)
    with pytest.raises(ConfigurationError, match="can be read by others"):
        load_or_create_secret(config.data_dir)


def test_a_data_folder_that_is_a_file_is_refused(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    (tmp_path / "data").write_text("x")
    with pytest.raises(ConfigurationError, match="is a file, not a folder"):
        load_or_create_secret(tmp_path / "data")


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("mysql://x@y/z", "mysql is not supported"),
        ("sqlite://", "SQLite needs a file"),
        ("postgresql+asyncpg://x@y/z", "through psycopg 3"),
        ("not a url", "is not a URL"),
    ],
)
def test_bad_database_urls_are_refused(url: str, says: str) -> None:
    with pytest.raises(ConfigurationError, match=says):
        ServerConfig(database=url)
