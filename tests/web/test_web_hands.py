"""The hand histories page in Chromium against the real server: a player plays hands through
the page, then finds each in his list (the table's name, the time, his cards, the board, the
pot, his result), filters them and replays one on a drawn table, step by step, that never shows
a card he was not allowed to see; downloads his hands' text and proofs in his language, named
from the table and the hand; the page in three languages at five sizes, with no text cut and no
serious accessibility fault."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from _browser import Player, Server, new_player, privacy_problems, wait_until
from _checks import axe_problems, overflows
from playwright.sync_api import Browser
from test_web_play import act_if_turn, leave, open_table, sit, stay_in

from croupier.commitment import HandProofs

TABLE = "casino-fr-1"
SIZES = [(1280, 720), (1366, 768), (1920, 1080), (390, 844), (844, 390)]
WORDS = {
    "en": ("Hand histories", "Replay", "The hand is over."),
    "fr": ("Historique des mains", "Revoir", "La main est terminée."),
    "it": ("Storico delle mani", "Rivedi", "La mano è finita."),
}


@pytest.fixture(scope="module")
def hal(browser: Browser, server: Server) -> Iterator[Player]:
    """A player who played a few hands at a demo table through the page, then left."""
    p = new_player(browser, server, "hal")
    p.register()
    open_table(p, TABLE)
    sit(p, TABLE, "100.00")

    def ended() -> int:
        found = p.page.evaluate("() => fetch('/api/hands').then(r => r.json())")
        return sum(1 for x in found["hands"] if x["status"] == "ended" and x["board"])

    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and ended() < 2:
        act_if_turn(p)
        stay_in(p)
        time.sleep(0.1)
    assert ended() >= 2, "hal played no two hands with a flop in 90 s"
    leave(p)
    assert privacy_problems(p, server.hands()) == []  # his table's frames too
    yield p
    p.context.close()


def test_the_list_tells_each_hand(hal: Player, server: Server) -> None:
    page = hal.page
    hal.goto("#/hands")
    page.wait_for_selector("#hands tbody tr[data-hand-id]")
    truth = server.hands()
    listed = page.evaluate("() => fetch('/api/hands').then(r => r.json())")["hands"]
    for row in listed:
        if row["status"] != "ended":
            continue
        hand = truth[(row["table"], row["number"])]
        own = hand.hole[hand.players["hal"]]
        assert row["cards"] == own and row["board"] == hand.board, row
        tr = page.locator(f"#hands tr[data-hand-id='{row['id']}']")
        drawn = tr.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
        assert drawn == own + hand.board
        cells = tr.locator("th, td").all_inner_texts()
        assert cells[0].startswith(TABLE) and "@" not in cells[0]
        assert "€" in cells[4] and cells[5].strip()[0] in "+−0€", cells
    text = page.locator("main").inner_text()
    assert "proofs" not in text and "Proofs" in text
    # a tournament's table by its number and the tournament's name, never its id
    title = page.evaluate(
        """async () => (await import('/static/js/pages/hands.js'))
             .tableTitle({ tournament: 'Sunday sit-and-go', number: 2 }, 'sng-pokcomm-1@2')"""
    )
    assert title == "Table 2 · Sunday sit-and-go"
    # the filters: hands won only, then one table's (the server's filter)
    page.select_option("select[name=result]", "won")
    for cell in page.locator("#hands tbody tr[data-hand-id] td:nth-child(6)").all_inner_texts():
        assert cell.startswith("+"), cell
    page.select_option("select[name=result]", "")
    page.select_option("select[name=table]", TABLE)
    wait_until(
        lambda: page.locator("#hands tbody tr[data-hand-id]").count() == len(listed),
        timeout=5,
        what="the table's filter keeps every hand of it",
    )
    assert page.locator(".hands-newer").is_disabled()
    assert page.locator(".hands-older").is_disabled() is (len(listed) <= 25)


def test_the_replayer_steps_through_a_hand_and_hides_what_was_hidden(
    hal: Player, server: Server
) -> None:
    page = hal.page
    hal.goto("#/hands")
    row = page.locator("#hands tbody tr[data-status='ended']").filter(
        has=page.locator("td:nth-child(4) [data-card]")
    )
    row.first.locator("button.hand-replay").click()
    page.wait_for_selector(".replayer .rp-felt .rp-seat")
    hand_id = int(row.first.get_attribute("data-hand-id") or 0)
    found = page.evaluate(f"() => fetch('/api/hands/{hand_id}').then(r => r.json())")
    hand = server.hands()[(found["table"], found["hand"])]
    allowed = hand.visible_to("hal")
    hidden = hand.every_card() - allowed
    steps = 0
    seen_board: list[str] = []
    while not page.locator(".rp-forward").is_disabled():
        if steps % 2:
            page.keyboard.press("ArrowRight")  # the keyboard steps as the button does
        else:
            page.click(".rp-forward")
        steps += 1
        cards = set(
            page.locator(".replayer [data-card]").evaluate_all("e => e.map(x => x.dataset.card)")
        )
        assert not cards & hidden, f"step {steps}: {sorted(cards & hidden)} drawn"
        seen_board = page.locator(".rp-board [data-card]").evaluate_all(
            "e => e.map(x => x.dataset.card)"
        )
        assert steps < 200
    assert seen_board == hand.board
    assert steps == len(found["events"])
    assert page.locator(".rp-line").inner_text() == "The hand is over."
    assert page.locator(".rp-line").get_attribute("aria-live") == "polite"
    # his own cards face up in his seat from the deal on
    mine = page.locator(".rp-seat.rp-me [data-card]").evaluate_all(
        "e => e.map(x => x.dataset.card)"
    )
    assert mine == hand.hole[hand.players["hal"]] or set(mine) <= allowed
    page.click(".rp-start")
    assert page.locator(".rp-board [data-card]").count() == 0
    assert page.locator(".rp-step").inner_text() == f"Step 0 of {steps}"
    assert page.locator(".rp-back").is_disabled()
    page.click(".rp-play")
    wait_until(
        lambda: page.locator(".rp-step").inner_text() != f"Step 0 of {steps}",
        timeout=5,
        what="play moves the replay on",
    )
    page.click(".rp-play")  # pause
    # nothing hidden anywhere in the replayer's markup either
    html = page.locator(".replayer").inner_html()
    for card in hidden:
        assert f'data-card="{card}"' not in html


def test_the_page_in_every_language_and_size(hal: Player, shots: Path) -> None:
    page = hal.page
    hal.goto("#/hands")
    page.wait_for_selector("#hands tbody tr[data-hand-id]")
    problems: list[str] = []
    for lang, (title, replay, _) in WORDS.items():
        page.select_option("#lang", lang)
        page.wait_for_selector(f"main h1:text-is('{title}')")
        page.locator("#hands tbody tr[data-status='ended'] button.hand-replay").first.click()
        page.wait_for_selector(".replayer .rp-seat")
        assert page.locator("button.hand-replay").first.inner_text() == replay
        page.click(".rp-end")
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(50)
            problems += [f"{lang} {width}x{height}: {p}" for p in overflows(page)]
            page.screenshot(path=str(shots / f"hands-{lang}-{width}x{height}.png"), full_page=True)
        problems += [f"{lang} axe: {p}" for p in axe_problems(page)]
        page.set_viewport_size({"width": 1366, "height": 768})
    page.select_option("#lang", "en")
    assert problems == [], "\n".join(problems)
    assert hal.errors == [] and hal.console == []


# (file word for "hand", for "proofs", the history's head, a seat's line, a street's line)
DOWNLOADS = {
    "en": ("hand", "proofs", "{table}, hand #{n}", "Seat ", "*** Preflop ***"),
    "fr": ("main", "preuves", "{table}, main n° {n}", "Siège ", "*** Préflop ***"),
    "it": ("mano", "prove", "{table}, mano n. {n}", "Posto ", "*** Preflop ***"),
}


def test_the_downloads_are_in_his_language_and_named_from_the_table(
    hal: Player, server: Server
) -> None:
    page = hal.page
    hal.goto("#/hands")
    page.wait_for_selector("#hands tbody tr[data-hand-id]")
    listed = page.evaluate("() => fetch('/api/hands').then(r => r.json())")["hands"]
    x = next(h for h in listed if h["status"] == "ended")
    number = x["number"]
    truth = server.hands()[(TABLE, number)]
    english = page.evaluate(
        f"() => fetch('/api/hands/{x['id']}?format=proofs').then(r => r.json())"
    )
    for lang, (hand, proofs, head, seat, street) in DOWNLOADS.items():
        page.select_option("#lang", lang)
        row = page.locator(f"#hands tr[data-hand-id='{x['id']}']")
        row.wait_for()
        with page.expect_download() as got:
            row.locator("button.hand-text").click()
        name = got.value.suggested_filename
        assert name == f"{TABLE}-{hand}-{number}.txt", name
        text = Path(got.value.path()).read_text(encoding="utf-8")
        assert text.startswith(head.format(table=TABLE, n=number)), text[:80]
        assert seat in text and street in text, text
        for card in truth.hole[truth.players["hal"]]:
            assert card[0] in text  # his own cards, in the card's words
        with page.expect_download() as got:
            row.locator("button.hand-proofs").click()
        name = got.value.suggested_filename
        assert name == f"{TABLE}-{hand}-{number}-{proofs}.json", name
        assert re.fullmatch(r"[a-z0-9-]+\.(txt|json)", name), name
        data = json.loads(Path(got.value.path()).read_text(encoding="utf-8"))
        # the label in his words; the proofs themselves the server's, and they verify
        assert data["hand"] == head.format(table=TABLE, n=number)
        assert {k: v for k, v in data.items() if k != "hand"} == {
            k: v for k, v in english.items() if k != "hand"
        }
        read = HandProofs.from_dict(data)
        assert read.root == truth.root and read.proofs and all(read.check())
    # a tournament's table: the file named from the table's number and the tournament's name,
    # in ASCII (accents and signs dropped), never from the table's id
    page.select_option("#lang", "fr")
    names = page.evaluate(
        """async () => {
          const i18n = await import('/static/js/i18n.js');
          i18n.addWords((await import('/static/js/words/histories.js')).WORDS);
          i18n.setLang('fr');
          const d = await import('/static/js/download.js');
          const { tableTitle } = await import('/static/js/pages/hands.js');
          const title = tableTitle({ tournament: 'Tournoi d’été à 6', number: 2 }, 'sng-x-1@2');
          return [d.handFileName(title, 7), d.handFileName(title, 7, { proofs: true })];
        }"""
    )
    assert names == [
        "table-2-tournoi-d-ete-a-6-main-7.txt",
        "table-2-tournoi-d-ete-a-6-main-7-preuves.json",
    ]
    page.select_option("#lang", "en")
    assert hal.errors == [], hal.errors
