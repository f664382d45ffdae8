"""The pages on the HTTP API, in Chromium against the real server: the front page's path for a
newcomer, register and log in with clear errors, the cashier, the hand histories, the
settings; the words and amounts of each language; every control labelled; how the client is
served (one page, its files, a content security policy)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest
from _browser import Player, Server, new_player, wait_until
from playwright.sync_api import Browser, Page
from test_web_view import UNLABELLED

WORDS = Path(__file__).resolve().parents[2] / "src" / "croupier" / "web" / "js" / "words"


@pytest.fixture
def visitor(browser: Browser, server: Server) -> Iterator[Player]:
    person = new_player(browser, server, "visitor")
    yield person
    person.context.close()


def test_the_client_is_served_with_a_strict_policy(server: Server) -> None:
    page = httpx2.get(f"{server.url}/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    policy = page.headers["content-security-policy"]
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert page.headers["x-content-type-options"] == "nosniff"
    script = re.search(r'<script type="module" src="(/static/dist/main-\w+\.js)"', page.text)
    assert script, page.text
    got = httpx2.get(f"{server.url}{script[1]}")
    assert got.status_code == 200 and "javascript" in got.headers["content-type"]
    assert "content-security-policy" in got.headers
    missing = httpx2.get(f"{server.url}/static/dist/nothing.js")
    assert missing.status_code == 404
    # the API keeps its JSON errors beside the client's routes
    assert httpx2.get(f"{server.url}/api/nothing").json()["error"] == "not_found"


def test_every_language_has_every_word(visitor: Player) -> None:
    visitor.goto("")
    visitor.page.wait_for_selector("main h1")
    # the players' words and every part a page adds when it loads (the floor's, the clock's)
    parts = sorted(p.name for p in WORDS.glob("*.js") if p.name != "index.js")
    missing = visitor.page.evaluate(
        """async (parts) => {
          const { LANGUAGES, addWords } = await import('/static/js/i18n.js');
          for (const part of parts) addWords((await import(`/static/js/words/${part}`)).WORDS);
          const en = Object.keys(LANGUAGES.en);
          const out = {};
          for (const [code, words] of Object.entries(LANGUAGES)) {
            const extra = Object.keys(words).filter((k) => !(k in LANGUAGES.en));
            out[code] = en.filter((k) => !(k in words)).concat(extra);
          }
          return out;
        }""",
        parts,
    )
    assert missing == {"en": [], "fr": [], "it": []}


@pytest.mark.parametrize(
    ("lang", "cents", "money", "chips", "card"),
    [
        ("en", 123450, "€1,234.50", "12,500", "ace of spades"),
        ("fr", 123450, "1\u202f234,50\u00a0€", "12\u202f500", "as de pique"),
        ("it", 1234567, "12.345,67\u00a0€", "12.500", "asso di picche"),
    ],
)
def test_amounts_and_cards_by_language(
    visitor: Player, lang: str, cents: int, money: str, chips: str, card: str
) -> None:
    visitor.goto("")
    visitor.page.wait_for_selector("main h1")
    got = visitor.page.evaluate(
        """async ([lang, cents]) => {
          const i18n = await import('/static/js/i18n.js');
          const cards = await import('/static/js/cards.js');
          i18n.setLang(lang);
          return [i18n.money(cents), i18n.num(12500), cards.cardName('As')];
        }""",
        [lang, cents],
    )
    assert got == [money, chips, card]


def test_a_newcomer_finds_his_way_from_the_front_page(visitor: Player, shots: Path) -> None:
    page = visitor.page
    visitor.goto("")
    page.wait_for_selector("#go-register")
    assert "Register: your name" in page.locator(".steps").inner_text()
    assert_no_stray_words(page)
    page.screenshot(path=str(shots / "home-desktop.png"), full_page=True)
    page.click("#go-register")
    page.wait_for_selector("#register-title")
    assert page.evaluate(UNLABELLED, "main") == []
    # clear errors, next to what they are about; nothing is sent until they are fixed
    page.click("form button[type=submit]")
    assert page.locator(".field .error:visible").count() == 3
    assert "Please fill in: Full name." in page.locator("form").inner_text()
    page.fill("input[name=full_name]", "Nina Newcomer")
    page.fill("input[name=screen_name]", "nina")
    page.fill("input[name=password]", "short")
    page.click("form button[type=submit]")
    assert "The password needs at least 8 characters." in page.locator("form").inner_text()
    page.fill("input[name=password]", "long enough pass")
    page.click("form button[type=submit]")
    assert page.locator("#form-error").inner_text() == "You must confirm that you are of age."
    page.check("input[name=adult]")
    page.click("form button[type=submit]")
    assert page.locator("#form-error").inner_text() == "You must accept the room's rules."
    page.check("input[name=accept_rules]")
    # a date of birth that says otherwise wins over the box (POK-1-2): the server refuses
    page.fill("input[name=date_of_birth]", "2015-06-01")
    page.click("form button[type=submit]")
    wait_until(
        lambda: page.locator("#form-error").is_visible(), timeout=5, what="the refusal shown"
    )
    assert page.locator("#form-error").inner_text().startswith("Not registered:")
    page.fill("input[name=date_of_birth]", "1990-06-01")
    page.click("form button[type=submit]")
    page.wait_for_selector("#cash-tables tbody tr[data-table]")
    assert re.search(r"Balance: €1,000\.00", page.locator("#balance").inner_text())
    assert_no_stray_words(page)
    # the same screen name again is refused, whatever its case (CAS-3)
    other = new_player(visitor.context.browser, visitor.server, "twin")  # type: ignore[arg-type]
    try:
        other.goto("#/register")
        other.page.wait_for_selector("#register-title")
        other.page.fill("input[name=full_name]", "Nina Twin")
        other.page.fill("input[name=screen_name]", "NINA")
        other.page.fill("input[name=password]", "long enough pass")
        other.page.check("input[name=adult]")
        other.page.check("input[name=accept_rules]")
        other.page.click("form button[type=submit]")
        wait_until(
            lambda: other.page.locator("#form-error").is_visible(), timeout=5, what="refused"
        )
        assert "Not registered" in other.page.locator("#form-error").inner_text()
    finally:
        other.context.close()


STRAY = re.compile(r"\b(null|undefined|NaN)\b|\[object ")


def assert_no_stray_words(page: Page) -> None:
    """No value leaked into the page as text ("null", "undefined", "NaN", "[object ...")."""
    text = page.locator("body").inner_text()
    assert not STRAY.search(text), STRAY.search(text)


def login(page: Page, name: str, password: str) -> None:
    page.fill("input[name=screen_name]", name)
    page.fill("input[name=password]", password)
    page.click("form button[type=submit]")


def test_the_header_links_to_the_public_standings(visitor: Player, shots: Path) -> None:
    """The championship's standings are public: the header links them for a visitor, in the
    visitor's language."""
    page = visitor.page
    visitor.goto("")
    page.wait_for_selector("#nav-standings")
    assert page.locator("#nav-standings").inner_text() == "Standings"
    page.click("#nav-standings")
    wait_until(
        lambda: page.evaluate("location.hash") == "#/standings", timeout=10, what="the standings"
    )
    page.wait_for_selector("#nav-standings[aria-current=page]")  # the header drawn again
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(shots / "standings-link-phone.png"))
    got = page.evaluate(
        """async () => {
          const i18n = await import('/static/js/i18n.js');
          return ['fr', 'it'].map((l) => { i18n.setLang(l); return i18n.t('nav.standings'); });
        }"""
    )
    assert got == ["Classement", "Classifica"]


def test_log_in_out_and_the_cashier(visitor: Player, browser: Browser, shots: Path) -> None:
    page = visitor.page
    visitor.name = "olga"
    visitor.register()
    page.click("#nav-logout")
    page.wait_for_selector("#go-register")
    visitor.goto("#/cashier")  # a page that needs a login sends to the login page
    page.wait_for_selector("#login-title")
    assert "Log in to see this page." in page.locator("main").inner_text()
    login(page, "olga", "wrong password")
    wait_until(lambda: page.locator("#form-error").is_visible(), timeout=5, what="refused")
    assert page.locator("#form-error").inner_text().startswith("Not logged in:")
    login(page, "olga", "correct horse battery")
    page.wait_for_selector("#ledger tbody tr")
    assert page.locator("#cashier-balance").inner_text() == "€1,000.00"
    line = page.locator("#ledger tbody tr").first.inner_text()
    assert "Deposit" in line and "+€1,000.00" in line
    page.select_option("#lang", "fr")
    page.wait_for_selector("text=Votre solde")
    assert page.locator("#cashier-balance").inner_text() == "1\u202f000,00\u00a0€"
    page.wait_for_selector("#ledger tbody tr >> text=Dépôt")  # the lines, read again
    # in French, the room's own English memo ("demo chips for a newcomer") is not shown
    line = page.locator("#ledger tbody tr").first.inner_text()
    assert "jetons de démonstration d'un nouveau joueur" in line and "newcomer" not in line
    page.screenshot(path=str(shots / "cashier-fr-desktop.png"), full_page=True)
    page.select_option("#lang", "en")


def test_hand_histories_page_and_settings(visitor: Player) -> None:
    page = visitor.page
    visitor.name = "pia"
    visitor.register()
    visitor.goto("#/hands")
    page.wait_for_selector("text=No hand played yet.")
    visitor.goto("#/settings")
    page.wait_for_selector("text=Four-colour deck")
    assert page.evaluate(UNLABELLED, "main") == []
    sounds = page.get_by_label("Sounds", exact=False)
    assert not sounds.is_checked()  # sounds are off by default
    page.get_by_label("Four-colour deck", exact=False).check()
    page.reload()
    page.wait_for_selector("text=Four-colour deck")
    assert page.evaluate("() => document.documentElement.classList.contains('four-colour')")
    page.get_by_label("Four-colour deck", exact=False).uncheck()
