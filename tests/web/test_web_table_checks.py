"""The table at the player's turn, in Chromium against the real server, in English, French and
Italian: no text wider than its box (the overflow check), no critical or serious fault by
axe-core, a live region for the turn. Needs the table screen of branch web-table (the French
table fitted to the window): merge this after it."""

from __future__ import annotations

from pathlib import Path

from _browser import Server, new_player, wait_until
from _checks import axe_problems, overflows
from playwright.sync_api import Browser

LANGS = ("en", "fr", "it")


def test_the_table_at_your_turn_fits_and_passes_axe(
    browser: Browser, server: Server, shots: Path
) -> None:
    p = new_player(browser, server, "yan")
    p.register()
    page = p.page
    p.goto("#/table/casino-fr-2")
    page.wait_for_selector(".table-page .felt-wrap")
    page.wait_for_selector("#sit-casino-fr-2")
    page.fill(".seat-panel input[type=text]", "100.00")
    page.click("#sit-casino-fr-2")
    wait_until(
        lambda: page.locator(".actions [data-action]").count(), timeout=60, what="yan's turn"
    )
    problems: list[str] = []
    for lang in LANGS:
        page.select_option("#lang", lang)
        page.wait_for_timeout(200)
        problems += [f"table {lang}: {x}" for x in overflows(page) + axe_problems(page)]
        page.screenshot(path=str(shots / f"page-table-turn-{lang}.png"))
    page.select_option("#lang", "en")
    # the turn is told to screen readers: a live region holds it
    live = page.locator("[aria-live='polite'], [aria-live='assertive'], [role=status]")
    assert live.count() > 0
    assert problems == [], "\n".join(problems)
    # the buy-in panel of another table tells the header's balance (after his buy-in here)
    p.goto("#/table/casino-fr-1")
    page.wait_for_selector("#sit-casino-fr-1")
    header = page.inner_text("#balance").split(": ", 1)[1]
    assert header == "€900.00", header
    assert f"your balance: {header}" in page.inner_text(".seat-panel")
    assert p.errors == [], p.errors
    p.context.close()
