"""Accounts over HTTP: registration (CAS-3, POK-1-2, POK-1-1), passwords, login and its lock,
sessions, CSRF and origin checks, roles. Each test runs on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
import sqlalchemy as sa
from _api import ORIGIN, PASSWORD, Browser, registration, running, staff, years_ago

from croupier.server import ServerConfig
from croupier.server.room_rules import ROOM_RULES_VERSION
from croupier.server.storage.reads import user_by_name
from croupier.server.storage.schema import users
from croupier.server.storage.types import utc_now


def _users(browser: Browser) -> int:
    """How many players registered (the demo staff and the house's bot accounts aside)."""
    query = (
        sa.select(sa.func.count())
        .select_from(users)
        .where(users.c.role == "player", users.c.is_bot.is_(False))
    )
    return int(browser.services.store.read_blocking(lambda c: c.execute(query).scalar_one()))


def test_the_session_is_asked_without_an_error_status(browser: Browser) -> None:
    # every page asks who is logged in: a visitor who is not is no error (200, no user)
    visitor = browser.get("/api/session")
    assert visitor.status_code == 200
    assert visitor.json() == {"user": None, "balance": None}
    browser.register("ann")
    known = browser.get("/api/session").json()
    assert known == browser.get("/api/me").json()
    assert known["user"]["screen_name"] == "ann" and known["csrf_token"]


@pytest.mark.rule("CAS-3")
def test_a_newcomer_registers_his_identity_and_only_then_has_access(browser: Browser) -> None:
    assert browser.get("/api/me").status_code == 401
    assert browser.get("/api/me").json()["error"] == "unauthenticated"
    response = browser.register("ann", full_name="  Ann   Martin ")
    assert response.status_code == 201, response.text
    assert response.json()["user"]["full_name"] == "Ann Martin"
    me = browser.get("/api/me").json()
    assert (me["user"]["screen_name"], me["user"]["full_name"]) == ("ann", "Ann Martin")
    assert me["user"]["date_of_birth"] == "1990-05-17"
    row = browser.services.store.read_blocking(lambda c: user_by_name(c, "ann"))
    assert row is not None
    assert (row.full_name, row.role) == ("Ann Martin", "player")


@pytest.mark.rule("CAS-3")
def test_a_registration_without_a_full_name_is_refused_and_changes_nothing(
    browser: Browser,
) -> None:
    response = browser.register("ann", full_name=" ")
    assert response.status_code == 400
    assert "CAS-3" in response.json()["message"]
    missing = browser.register("bob", full_name=...)
    assert missing.status_code == 400
    assert "full_name: Field required" in missing.json()["message"]
    assert _users(browser) == 0


@pytest.mark.rule("CAS-3")
def test_screen_names_are_unique_in_any_case(browser: Browser) -> None:
    assert browser.register("Ann").status_code == 201
    other = Browser(browser.client.__class__(browser.client.app))
    again = other.register("aNN", full_name="Another Person")
    assert again.status_code == 409
    assert again.json() == {
        "error": "conflict",
        "message": "the screen name 'aNN' is already taken",
    }
    assert _users(browser) == 1


@pytest.mark.parametrize(
    ("name", "accepted"),
    [("ann", True), ("a.b-c_9", True), ("ab", False), ("-ann", False), ("ann marie", False)],
)
def test_screen_names_are_checked(browser: Browser, name: str, accepted: bool) -> None:
    response = browser.register(name)
    assert (response.status_code == 201) is accepted, response.text
    if not accepted:
        assert response.json()["message"].startswith(f"screen name {name!r}: 3 to 20 letters")


@pytest.mark.rule("POK-1-2")
def test_registration_needs_the_adult_confirmation_or_a_date_of_birth(browser: Browser) -> None:
    refused = browser.register("ann", date_of_birth=...)
    assert refused.status_code == 400
    message = refused.json()["message"]
    assert "POK-1-2" in message and '"adult": true' in message
    assert _users(browser) == 0
    accepted = browser.register("ann", date_of_birth=..., adult=True)
    assert accepted.status_code == 201
    assert accepted.json()["user"]["date_of_birth"] is None
    row = browser.services.store.read_blocking(lambda c: user_by_name(c, "ann"))
    assert row is not None and row.adult_confirmed_at is not None


@pytest.mark.rule("POK-1-2")
def test_a_minor_is_refused_whatever_he_confirms(browser: Browser) -> None:
    born = years_ago(18) + timedelta(days=1)  # 18 tomorrow
    refused = browser.register("kid", date_of_birth=born.isoformat(), adult=True)
    assert refused.status_code == 400
    assert refused.json()["message"] == (
        f"date of birth {born.isoformat()}: players must be adults (18 or more) (POK-1-2);"
        " that is 17"
    )
    assert _users(browser) == 0
    today = years_ago(18)  # 18 today
    assert browser.register("ann", date_of_birth=today.isoformat()).status_code == 201


@pytest.mark.rule("POK-1-2")
def test_a_date_of_birth_in_the_future_or_malformed_is_refused(browser: Browser) -> None:
    future = (datetime.now().date() + timedelta(days=3)).isoformat()
    assert "in the future" in browser.register("ann", date_of_birth=future).json()["message"]
    bad = browser.register("ann", date_of_birth="17/05/1990")
    assert bad.status_code == 400
    assert "date_of_birth" in bad.json()["message"] and "'17/05/1990'" in bad.json()["message"]
    assert _users(browser) == 0


@pytest.mark.rule("POK-1-1")
def test_registering_requires_accepting_the_rules_in_force(browser: Browser) -> None:
    rules = browser.get("/api/rules").json()
    assert rules["version"] == ROOM_RULES_VERSION
    assert "Registering implies accepting these rules" in rules["text"]
    refused = browser.register("ann", accept_rules=...)
    assert refused.status_code == 400
    assert "POK-1-1" in refused.json()["message"]
    stale = browser.register("ann", rules_version="2019-3")
    assert stale.status_code == 400
    assert "rules version '2019-3'" in stale.json()["message"]
    assert _users(browser) == 0
    before = utc_now()
    assert browser.register("ann").status_code == 201
    row = browser.services.store.read_blocking(lambda c: user_by_name(c, "ann"))
    assert row is not None
    assert row.rules_version == ROOM_RULES_VERSION
    assert before - timedelta(seconds=1) <= row.rules_accepted_at <= utc_now()
    assert browser.get("/api/me").json()["user"]["rules_version"] == ROOM_RULES_VERSION


def test_bad_input_of_the_wrong_type_is_refused_clearly(browser: Browser) -> None:
    wrong = browser.register("ann", adult="yes", date_of_birth=...)
    assert wrong.status_code == 400
    assert wrong.json()["message"].startswith("adult: Input should be a valid boolean")
    extra = browser.post("/api/register", {**registration("ann"), "role": "admin"})
    assert extra.status_code == 400
    assert "role: Extra inputs are not permitted" in extra.json()["message"]
    short = browser.register("ann", password="short")
    assert short.json()["message"] == "a password has 8 to 200 characters, not 5"
    assert "short" not in browser.register("ann", password=12345678).json()["message"]
    assert _users(browser) == 0


def test_passwords_are_kept_as_argon2_hashes(browser: Browser) -> None:
    browser.register("ann")
    row = browser.services.store.read_blocking(lambda c: user_by_name(c, "ann"))
    assert row is not None
    assert row.password_hash.startswith("$argon2id$")
    assert PASSWORD not in row.password_hash


def test_login_sets_an_http_only_same_site_cookie_and_logout_ends_the_session(
    browser: Browser,
) -> None:
    browser.register("ann")
    browser.post("/api/logout")
    assert browser.get("/api/me").status_code == 401
    response = browser.login("ann")
    assert response.status_code == 200
    cookie = response.headers["set-cookie"]
    assert cookie.startswith("croupier_session=")
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie
    token = browser.client.cookies["croupier_session"]
    assert browser.get("/api/me").json()["user"]["screen_name"] == "ann"
    assert browser.post("/api/logout").json()["logged_out"] is True
    browser.client.cookies.set("croupier_session", token)
    assert browser.get("/api/me").status_code == 401


def test_a_wrong_password_and_an_unknown_name_get_the_same_answer(browser: Browser) -> None:
    browser.register("ann")
    browser.post("/api/logout")
    wrong = browser.login("ann", "not the password")
    unknown = browser.login("nobody", PASSWORD)
    assert wrong.status_code == unknown.status_code == 401
    assert (
        wrong.json()
        == unknown.json()
        == {
            "error": "unauthenticated",
            "message": "wrong screen name or password",
        }
    )


@pytest.mark.parametrize("database_url", ["sqlite", "postgresql"], indirect=True)
def test_repeated_failures_slow_that_name_from_that_address_never_lock_the_account(
    config: ServerConfig,
) -> None:
    with running(config) as browser:
        browser.register("ann")
        browser.post("/api/logout")
        for _ in range(config.login_max_failures + 1):  # one more than allowed
            assert browser.login("ann", "guess guess").status_code == 401
        slowed = browser.login("ann", "guess guess")  # within the first wait (1 s)
        assert slowed.status_code == 429
        assert slowed.json()["error"] == "login_locked"
        assert int(slowed.headers["retry-after"]) >= 1
        right = browser.login("ann")  # even the right password waits, from this address
        assert right.status_code == 429
        assert "from your address" in right.json()["message"]
        row = browser.services.store.read_blocking(lambda c: user_by_name(c, "ann"))
        assert row is not None and row.locked_until is None  # the account is not locked
        browser.services.accounts.throttle.succeeded("ann", "testclient")  # the wait is over
        assert browser.login("ann").status_code == 200


def test_a_state_change_without_the_csrf_token_is_refused(browser: Browser) -> None:
    browser.register("ann")
    client = browser.client
    missing = client.post("/api/logout", headers={"Origin": ORIGIN})
    assert missing.status_code == 403
    assert "CSRF token" in missing.json()["message"]
    wrong = client.post("/api/logout", headers={"Origin": ORIGIN, "X-CSRF-Token": "forged"})
    assert wrong.status_code == 403
    assert browser.get("/api/me").status_code == 200  # still logged in
    client.cookies.clear()  # no session, and no CSRF cookie to match a token against
    no_cookie = client.post(
        "/api/login",
        json={"screen_name": "ann", "password": PASSWORD},
        headers={"Origin": ORIGIN, "X-CSRF-Token": "x" * 43},
    )
    assert no_cookie.status_code == 403
    assert "croupier_csrf cookie" in no_cookie.json()["message"]


def test_a_state_change_from_another_origin_is_refused(browser: Browser) -> None:
    browser.register("ann")
    headers = {"X-CSRF-Token": browser.csrf}
    other = browser.client.post("/api/logout", headers={**headers, "Origin": "http://evil.example"})
    assert other.status_code == 403
    assert other.json()["message"] == (
        "cross-origin request refused: origin 'http://evil.example', this server is"
        " 'http://testserver'"
    )
    assert browser.client.post("/api/logout", headers=headers).status_code == 403  # no origin
    referer = browser.client.post("/api/logout", headers={**headers, "Referer": f"{ORIGIN}/lobby"})
    assert referer.status_code == 200


def test_roles_guard_the_cashier(browser: Browser) -> None:
    browser.register("ann")
    response = browser.post("/api/cashier/deposit", {"screen_name": "ann", "amount": 100})
    assert response.status_code == 403
    assert response.json()["message"] == "this needs the cashier role; ann is player"
    staff(browser, "floor1", "floor")
    browser.login("floor1")
    assert (
        browser.post("/api/cashier/deposit", {"screen_name": "ann", "amount": 100}).status_code
        == 403
    )
    staff(browser, "cash1", "cashier")
    browser.login("cash1")
    assert (
        browser.post("/api/cashier/deposit", {"screen_name": "ann", "amount": 100}).status_code
        == 200
    )


def test_sessions_survive_a_restart_of_the_app(config: ServerConfig) -> None:
    with running(config) as browser:
        browser.register("ann")
        token = browser.client.cookies["croupier_session"]
    with running(config) as again:
        again.client.cookies.set("croupier_session", token)
        assert again.get("/api/me").json()["user"]["screen_name"] == "ann"


def test_an_expired_session_is_refused(config: ServerConfig) -> None:
    short = ServerConfig(**{**config.__dict__, "session_seconds": 0})
    with running(short) as browser:
        assert browser.register("ann").status_code == 201
        assert browser.get("/api/me").status_code == 401
