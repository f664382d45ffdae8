"""Helpers for the server's in-process tests: a configured app, a browser-like client."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from croupier.server import ServerConfig, create_app
from croupier.server.accounts import create_user
from croupier.server.room_rules import ROOM_RULES_VERSION
from croupier.server.services import Services
from croupier.server.tables.config import OnlineConfig

ORIGIN = "http://testserver"
PASSWORD = "correct horse battery"


def make_config(database_url: str, data_dir: Path, **changes: Any) -> ServerConfig:
    """A configuration for tests: cheap argon2, the given database and data folder."""
    values: dict[str, Any] = {
        "data_dir": data_dir,
        "database": database_url,
        "argon2_time_cost": 1,
        "argon2_memory_kib": 1024,
        "online": OnlineConfig(demo_tables=False),
    }
    values.update(changes)
    return ServerConfig(**values)


class Browser:
    """A test client that behaves like the room's own page: same origin, CSRF token sent."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.csrf = ""

    @property
    def services(self) -> Services:
        services: Services = self.client.app.state.services  # type: ignore[attr-defined]
        return services

    def get(self, path: str, **kwargs: Any) -> Any:
        return self.client.get(path, **kwargs)

    def post(self, path: str, body: Any = None, **kwargs: Any) -> Any:
        if not self.csrf:
            self.csrf = self.client.get("/api/csrf").json()["csrf_token"]
        headers = {"Origin": ORIGIN, "X-CSRF-Token": self.csrf, **kwargs.pop("headers", {})}
        response = self.client.post(path, json=body, headers=headers, **kwargs)
        token = response.json().get("csrf_token") if _is_json(response) else None
        if token:
            self.csrf = token
        return response

    def register(self, name: str, **changes: Any) -> Any:
        return self.post("/api/register", registration(name, **changes))

    def login(self, name: str, password: str = PASSWORD) -> Any:
        return self.post("/api/login", {"screen_name": name, "password": password})


def _is_json(response: Any) -> bool:
    return bool(response.headers.get("content-type", "").startswith("application/json"))


def registration(name: str, **changes: Any) -> dict[str, Any]:
    """A valid registration for ``name`` (an adult born in 1990), with ``changes``."""
    body: dict[str, Any] = {
        "full_name": f"{name.title()} Martin",
        "screen_name": name,
        "password": PASSWORD,
        "date_of_birth": "1990-05-17",
        "accept_rules": True,
        "rules_version": ROOM_RULES_VERSION,
    }
    body.update(changes)
    return {k: v for k, v in body.items() if v is not ...}


@contextmanager
def running(config: ServerConfig) -> Iterator[Browser]:
    """The app running in-process (its lifespan too) with a browser on it."""
    with TestClient(create_app(config), raise_server_exceptions=False) as client:
        yield Browser(client)


def staff(browser: Browser, name: str, role: str) -> None:
    """Make a staff account (as ``croupier admin create-user`` does)."""
    services = browser.services
    create_user(
        services.store,
        services.passwords,
        screen_name=name,
        role=role,
        password=PASSWORD,
        rules_version=ROOM_RULES_VERSION,
    )


def years_ago(years: int, today: date | None = None) -> date:
    """The date ``years`` years before ``today`` (28 February for a 29th)."""
    today = today or date.today()
    try:
        return today.replace(year=today.year - years)
    except ValueError:
        return today.replace(year=today.year - years, day=28)
