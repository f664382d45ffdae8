"""The table drawn from the protocol's frames: fixtures in the very format the server sends
(``fixtures/*.json``: a ``table`` frame with its state, events, info and ``you``) rendered by
the client's own modules in Chromium, and checked as a player would read them."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
from _browser import DESKTOP, PHONE, Server, new_player
from playwright.sync_api import Browser, Page

FIXTURES = Path(__file__).with_name("fixtures")


def fixture(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / f"{name}.json").read_text())
    return data


MOUNT = """async ([frames, lang, fourColour]) => {
  const i18n = await import('/static/js/i18n.js');
  const prefs = await import('/static/js/prefs.js');
  const { TableTab } = await import('/static/js/table/tab.js');
  prefs.setPrefs({ fourColour, animations: false, sounds: false });
  i18n.setLang(lang);
  document.querySelector('main').hidden = true;
  let box = document.getElementById('fixture');
  if (!box) { box = document.createElement('div'); box.id = 'fixture'; document.body.append(box); }
  const tab = new TableTab(frames[0].table, { onChange() {} });
  window.sent = [];
  tab.act = (action, amount) => window.sent.push([action, amount ?? null]);
  window.tab = tab;
  box.replaceChildren(tab.root);
  for (const f of frames) tab.apply(f);
}"""


@pytest.fixture(scope="module")
def page(browser: Browser, server: Server) -> Any:
    viewer = new_player(browser, server, "viewer")
    viewer.goto("")
    viewer.page.wait_for_selector("main h1")
    yield viewer.page
    viewer.context.close()


def mount(page: Page, *frames: dict[str, Any], lang: str = "en", four: bool = False) -> None:
    page.evaluate(MOUNT, [list(frames), lang, four])


def apply(page: Page, frame: dict[str, Any]) -> None:
    page.evaluate("(f) => window.tab.apply(f)", frame)


def texts(page: Page, selector: str) -> list[str]:
    return [re.sub(r"[ \t\n]+", " ", t).strip() for t in page.locator(selector).all_inner_texts()]


def dom_cards(page: Page) -> set[str]:
    return set(page.eval_on_selector_all("[data-card]", "els => els.map(e => e.dataset.card)"))


def test_midhand_seats_bets_pots_board_and_own_cards(page: Page, shots: Path) -> None:
    page.set_viewport_size(DESKTOP)
    mount(page, fixture("midhand"))
    seats = page.locator("#fixture .seat")
    assert seats.count() == 6
    # the viewer (seat 1) sits at the bottom of the oval
    tops = page.eval_on_selector_all(
        "#fixture .seat", "els => els.map(e => [e.dataset.seat, e.getBoundingClientRect().top])"
    )
    assert max(tops, key=lambda x: x[1])[0] == "1"
    ann = page.locator(".seat[data-seat='1']")
    assert "ann (you)" in ann.inner_text() and "€151.00" in ann.inner_text()
    assert "to-act" in (ann.get_attribute("class") or "")
    # only his own cards and the board: nothing of another hand
    assert dom_cards(page) == {"Qh", "Qs", "Ah", "7d", "2c", "Ks"}
    board = page.locator(".board .card")
    assert [board.nth(i).get_attribute("aria-label") for i in range(4)] == [
        "ace of hearts",
        "seven of diamonds",
        "two of clubs",
        "king of spades",
    ]
    assert page.locator(".my-cards [aria-label='queen of hearts']").count() == 1
    # bets in front of the players, the pots, the blinds, the button
    bets = {
        b.get_attribute("data-bet-seat"): b.inner_text() for b in page.locator(".bet-chip").all()
    }
    assert bets == {"1": "€12.00", "3": "€30.00", "4": "€12.00"}
    assert texts(page, ".pot.main") == ["Main pot: €100.00"]
    assert texts(page, ".pot.total") == ["Total pot: €154.00"]
    assert page.locator(".marker.button").get_attribute("data-button") == "3"
    assert page.locator(".seat[data-seat='4'] .tag", has_text="SB").count() == 1
    assert page.locator(".seat[data-seat='5'] .tag", has_text="BB").count() == 1
    chloe = page.locator(".seat[data-seat='5']").inner_text()
    assert "All-in" in chloe
    carl = page.locator(".seat[data-seat='6']")
    assert "Sitting out" in carl.inner_text() and "Disconnected" in carl.inner_text()
    assert carl.locator(".tag", has_text="ML").get_attribute("title") == (
        "Missed the big blind: owes it to come back"
    )
    assert "Folded" in page.locator(".seat[data-seat='2']").inner_text()
    # whose turn, with the clock and the time bank
    assert texts(page, ".turn-line") == ["Your turn"]
    clock = page.locator(".seat.to-act .clock").inner_text()  # 25 s when the frame came
    assert clock.endswith(" s") and 10 <= int(clock.removesuffix(" s")) <= 25, clock
    # the time bank left, in his own bar (the seat keeps its clock)
    assert texts(page, ".actions .bank-line") == ["Time bank: 30 s"]
    page.screenshot(path=str(shots / "fixture-table-midhand-desktop.png"), full_page=True)


def test_action_bar_from_the_legal_actions(page: Page) -> None:
    mount(page, fixture("midhand"))
    buttons = texts(page, ".actions .main-buttons button")
    assert buttons == ["Fold f", "Call €18.00 c", "Raise to €48.00 r"]
    sizes = texts(page, ".sizing .presets button")
    # after the flop: fractions of the pot, snapped to the small blind (€1); a pot-sized
    # raise (to €202) is over the stack: the fractions that fit, and all-in
    assert sizes == ["Min", "⅓ pot", "½ pot", "⅔ pot", "¾ pot", "All-in"]
    amounts = page.eval_on_selector_all(
        ".sizing .presets button", "els => els.map(e => +e.dataset.amount)"
    )
    # to €30 faced plus f × (€154 + €18 to call), to the nearest euro
    assert amounts == [4800, 8700, 11600, 14500, 15900, 16300]
    page.click("[data-size='half']")
    assert page.input_value(".amount-box") == "116.00"
    assert texts(page, "[data-action='raise']") == ["Raise to €116.00 r"]
    page.click("[data-size='max']")
    assert texts(page, "[data-action='raise']") == ["All-in €163.00 r"]
    # ITA-50: who is in, their stacks, whether the betting is reopened
    ita = page.locator(".ita50").inner_text()
    for line in ("ann (you)", "Bot-Bruno", "bob", "Bot-Chloe — All-in", "To call: €18.00"):
        assert line in ita
    assert "A raise is open to you." in ita
    info = page.locator("section.info").inner_text()
    assert "€1.00 / €2.00" in info and "4%" in info and "€40.00 – €200.00" in info


def test_keyboard_and_amount_box(page: Page) -> None:
    mount(page, fixture("midhand"))
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.evaluate(
        """() => { document.addEventListener('keydown', (e) => {
             if (['f','c','r','a'].includes(e.key) && !['INPUT'].includes(e.target.tagName)) {
               if (window.tab.key(e.key)) e.preventDefault(); } }); }"""
    )
    page.keyboard.press("a")
    assert page.evaluate("() => document.activeElement.classList.contains('amount-box')")
    page.keyboard.press("Control+A")
    page.keyboard.type("60")
    page.keyboard.press("Enter")
    assert page.evaluate("() => window.sent") == [["raise", 6000]]
    page.fill(".amount-box", "605")
    page.keyboard.press("Enter")
    assert (
        page.locator(".sizing .error").inner_text() == "The amount must be from €48.00 to €163.00."
    )
    assert page.evaluate("() => window.sent.length") == 1
    page.evaluate("() => document.activeElement.blur()")
    page.keyboard.press("c")
    page.keyboard.press("f")
    assert page.evaluate("() => window.sent") == [["raise", 6000], ["call", None], ["fold", None]]


def test_pre_actions_honoured_or_dropped_when_the_bet_changes(page: Page) -> None:
    first = fixture("midhand")
    bob_to_act = copy.deepcopy(first)
    bob_to_act["state"]["to_act"] = {
        "seat": 4,
        "player": "bob",
        "legal": None,
        "clock": {"phase": "thinking", "ends_in": 20, "callable_in": None, "time_bank": 30},
    }
    mount(page, bob_to_act)
    assert texts(page, ".turn-line") == ["bob to act"]
    assert texts(page, ".pre label") == ["Check/fold", "Call €18.00", "Call any"]
    page.check("[data-pre='call']")
    # bob raises: the bet faced changes, "call 18" is dropped
    raised = copy.deepcopy(bob_to_act)
    raised.update(type="update", seq=first["seq"] + 1, events=[])
    raised["state"]["seats"][3]["bet"] = 9000
    raised["state"]["seats"][3]["stack"] -= 7800
    apply(page, raised)
    note = page.locator(".table-note").inner_text()  # said in the action bar, not over the page
    assert "The bet changed: your pre-action was dropped." in note
    assert not page.is_checked("[data-pre='call']")
    assert texts(page, ".pre label")[1] == "Call €78.00"
    page.check("[data-pre='call_any']")
    # now it is ann's turn: "call any" is played at once
    mine = copy.deepcopy(raised)
    mine["seq"] += 1
    legal = dict(first["state"]["to_act"]["legal"], call=7800, min_raise_to=16300)
    mine["state"]["to_act"] = dict(first["state"]["to_act"], legal=legal)
    apply(page, mine)
    assert page.evaluate("() => window.sent") == [["call", None]]


def test_spectator_sees_no_hole_card_and_no_action(page: Page) -> None:
    mount(page, fixture("spectator"))
    assert dom_cards(page) == {"Ah", "7d", "2c", "Ks"}
    assert page.locator(".actions button[data-action]").count() == 0
    assert "You are watching this table." in page.locator(".table-head").inner_text()
    assert texts(page, ".turn-line") == ["ann to act"]
    # a spectator may take a seat: the buy-in from the table's limits
    assert page.input_value(".seat-panel input[type=text]") == "200.00"


def test_showdown_after_the_hand_from_its_events(page: Page, shots: Path) -> None:
    mount(page, fixture("showdown"))
    assert dom_cards(page) == {"Ah", "7d", "2c", "Ks", "3h", "Kd", "Kc", "9c", "9d", "Qh", "Qs"}
    assert page.locator(".street-name").text_content() == "Hand over"
    bruno = page.locator(".seat[data-seat='3']")
    assert "Wins €168.00" in bruno.inner_text()
    assert "Three of a kind, kings" in (bruno.get_attribute("aria-label") or "")
    assert page.locator(".seat[data-seat='3'] [aria-label='king of diamonds']").count() == 1
    log = page.locator(".log").inner_text()
    assert "Bot-Bruno wins €96.00 (Three of a kind, kings)" in log
    assert "ann mucks" in log and "Bot-Chloe shows 9♣ 9♦" in log
    # the hand is among the last hands, to read and download
    assert texts(page, ".history [data-hand]") == ["Hand #12"]
    page.screenshot(path=str(shots / "fixture-table-showdown-desktop.png"), full_page=True)


def test_ask_to_see_a_called_hand(page: Page) -> None:
    frame = fixture("showdown")
    events = [
        e
        for e in frame["events"]
        if not (e["type"] == "acted" and e["seat"] == 4 and e["kind"] == "fold")
    ]
    events.insert(-4, {"type": "mucked", "seat": 4})
    frame["events"] = events
    mount(page, frame)
    offers = texts(page, ".ask-see")
    assert offers == ["Ask to see bob's hand"]  # RRP-5: called, mucked, not shown


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "fr",
            [
                "Passer f",
                "Suivre 18,00\u00a0€ c",
                "Relancer à 48,00\u00a0€ r",
                "Pot principal : 100,00\u00a0€",
                "Tapis",
                "PB",
                "GB",
                "À vous de parler",
            ],
        ),
        (
            "it",
            [
                "Passa f",
                "Vedi 18,00\u00a0€ c",
                "Rilancia a 48,00\u00a0€ r",
                "Piatto principale: 100,00\u00a0€",
                "All-in",
                "PB",
                "GB",
                "Tocca a te",
            ],
        ),
    ],
)
def test_the_table_in_french_and_italian(
    page: Page, lang: str, words: list[str], shots: Path
) -> None:
    mount(page, fixture("midhand"), lang=lang)
    text = re.sub(r"[ \t\n]+", " ", page.locator("#fixture").inner_text())
    for word in words:
        assert word in text, word
    button = page.locator(".marker.button").get_attribute("aria-label") or ""
    assert button.startswith({"fr": "Bouton du donneur", "it": "Bottone del mazziere"}[lang])
    label = page.locator(".board .card").first.get_attribute("aria-label")
    assert label == {"fr": "as de cœur", "it": "asso di cuori"}[lang]
    page.screenshot(path=str(shots / f"fixture-table-midhand-{lang}.png"), full_page=True)


@pytest.mark.parametrize(
    ("lang", "hand"),
    [("en", "Three of a kind, kings"), ("fr", "Brelan de rois"), ("it", "Tris di re")],
)
def test_the_winning_hand_is_named_in_the_language(page: Page, lang: str, hand: str) -> None:
    mount(page, fixture("showdown"), lang=lang)
    assert hand in page.locator(".winners").inner_text()
    assert hand in page.locator(".log").inner_text()
    assert hand in (page.locator(".seat[data-seat='3']").get_attribute("aria-label") or "")
    mount(page, fixture("showdown"), lang="en")


def test_phone_width_nothing_cut_off_or_overlapping(page: Page, shots: Path) -> None:
    page.set_viewport_size(PHONE)
    mount(page, fixture("midhand"))
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide on a {PHONE['width']} px phone"
    boxes = page.eval_on_selector_all(
        "#fixture .seat",
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return [e.dataset.seat, r.left, r.top, r.right, r.bottom]; })",
    )
    for i, a in enumerate(boxes):
        assert a[1] >= 0 and a[3] <= PHONE["width"], f"seat {a[0]} is cut off: {a}"
        for b in boxes[i + 1 :]:
            overlap = (
                min(a[3], b[3]) - max(a[1], b[1]) > 1 and min(a[4], b[4]) - max(a[2], b[2]) > 1
            )
            assert not overlap, f"seats {a[0]} and {b[0]} overlap: {a} {b}"
    for button in page.locator(".actions .main-buttons button").all():
        box = button.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    page.screenshot(path=str(shots / "fixture-table-midhand-phone.png"), full_page=True)
    page.set_viewport_size(DESKTOP)


def test_four_colour_deck_keeps_the_suit_symbols(page: Page) -> None:
    mount(page, fixture("midhand"), four=True)
    colour = page.eval_on_selector(".board .card.suit-d", "e => getComputedStyle(e).color")
    assert colour == "rgb(23, 70, 168)"  # diamonds blue
    clubs = page.eval_on_selector(".board .card.suit-c", "e => getComputedStyle(e).color")
    assert clubs == "rgb(19, 115, 51)"  # clubs green
    assert page.eval_on_selector(".board .card.suit-d .card-suit", "e => e.textContent") == "♦"
    mount(page, fixture("midhand"), four=False)
    colour = page.eval_on_selector(".board .card.suit-d", "e => getComputedStyle(e).color")
    assert colour == "rgb(196, 22, 28)"  # red in the two-colour deck


def test_every_control_is_labelled(page: Page) -> None:
    mount(page, fixture("midhand"))
    unlabelled = page.evaluate(UNLABELLED, "#fixture")
    assert unlabelled == []


UNLABELLED = """(root) => {
  const out = [];
  const kinds = ['button', 'input', 'select', 'a[href]', 'textarea'];
  for (const el of document.querySelectorAll(kinds.map((k) => `${root} ${k}`).join(', '))) {
    if (el.type === 'hidden' || el.closest('[hidden]')) continue;
    const by = el.getAttribute('aria-labelledby');
    const label = el.getAttribute('aria-label')
      || (el.labels && el.labels.length && el.labels[0].textContent.trim())
      || (by && document.getElementById(by)?.textContent.trim())
      || el.textContent.trim() || el.getAttribute('title');
    if (!label) out.push(el.outerHTML.slice(0, 120));
  }
  return out;
}"""


def test_the_house_bots_wear_a_bot_tag_and_a_bot_like_name_does_not(
    page: Page, shots: Path
) -> None:
    frame = copy.deepcopy(fixture("midhand"))
    for seat in frame["state"]["seats"]:  # the house marks its bots; Bot-Chloe is a player
        seat["bot"] = seat["player"] in ("Bot-Anna", "Bot-Bruno")
    page.set_viewport_size(DESKTOP)
    mount(page, frame)
    tagged = {
        s.get_attribute("data-player")
        for s in page.locator("#fixture .seat").all()
        if s.locator(".tag.bot", has_text="Bot").count() == 1
    }
    assert tagged == {"Bot-Anna", "Bot-Bruno"}
    page.locator("#fixture").screenshot(path=str(shots / "fixture-table-bot-tags.png"))
