"""The database-unavailable banner in a real Chromium on the real server: once the server's
database is gone (its SQLite file removed under it), every page says so, in English, French
and Italian; the money desk's refusal reaches the page as the same state."""

from __future__ import annotations

from pathlib import Path

from _browser import Server
from playwright.sync_api import Browser, expect

from croupier.server.room_rules import ROOM_RULES_VERSION

WORDS = {
    "en": "The database is unavailable.",
    "fr": "La base de données est indisponible.",
    "it": "Il database non è disponibile.",
}


def test_the_banner_says_the_database_is_away_in_each_language(
    server: Server, browser: Browser, shots: Path
) -> None:
    context = browser.new_context(locale="en-GB")
    try:
        page = context.new_page()
        page.goto(f"{server.url}/#/")
        page.wait_for_selector("main h1")
        banner = page.locator("#outage")
        expect(banner).to_be_hidden()
        server.database.unlink()  # the database file removed under the running server
        # a newcomer registers: the desk refuses (his demo chips could not be written) and
        # the page hears it from that answer, not after the next periodic health check
        code = page.evaluate(
            """async (body) => {
              const api = await import('/static/js/api.js');
              await api.get('/api/csrf').then((r) => api.setCsrf(r.csrf_token));
              return api.post('/api/register', body).then(() => 'registered', (e) => e.code);
            }""",
            {
                "full_name": "Ann Martin",
                "screen_name": "ann",
                "password": "correct horse battery",
                "date_of_birth": "1990-05-17",
                "accept_rules": True,
                "rules_version": ROOM_RULES_VERSION,
            },
        )
        assert code == "database_unavailable"
        expect(banner).to_be_visible(timeout=10_000)
        expect(banner).to_have_attribute("role", "alert")
        for lang, title in WORDS.items():
            page.select_option("#lang", lang)
            expect(banner).to_contain_text(title)
        page.screenshot(path=str(shots / "outage-banner-it.png"))
        health = page.evaluate("fetch('/api/health').then(r => r.status)")
        assert health == 503
    finally:
        context.close()
