"""The table screen (issue 17), in Chromium on the real server's page, fed frames in the
server's own format (``fixtures/*.json`` and updates made from them): what a player types
survives every update; one fixed action bar that takes the keyboard at his turn; bet sizes
fitting the street, snapped to the small blind, stepped by the arrows and the wheel; the
time bar from the first second and the time bank when it runs; the whole table and the bar
on screen at five window sizes in three languages (screenshots saved); chips drawn as
stacks, the board's new cards turning, the winning five lit; tiles scaled as wholes.
One server and one browser for the module."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from _browser import DESKTOP, Server, new_player
from _checks import felt_problems
from playwright.sync_api import Browser, Page

FIXTURES = Path(__file__).with_name("fixtures")
SIZES = [
    {"width": 1280, "height": 720},
    {"width": 1366, "height": 768},
    {"width": 1920, "height": 1080},
    {"width": 390, "height": 844},
    {"width": 844, "height": 390},
]
BOX = "e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"

MOUNT = """async ([frames, lang]) => {
  const i18n = await import('/static/js/i18n.js');
  const prefs = await import('/static/js/prefs.js');
  const { TableTab } = await import('/static/js/table/tab.js');
  prefs.setPrefs({ animations: true, sounds: false });
  i18n.setLang(lang);
  document.querySelector('main').hidden = true;
  let box = document.getElementById('fixture');
  if (!box) { box = document.createElement('main'); box.id = 'fixture'; document.body.append(box); }
  const tab = new TableTab(frames[0].table, { onChange() {} });
  window.sent = [];
  tab.send = async (type, fields) => { window.sent.push([type, fields]); return {}; };
  window.tab = tab;
  box.replaceChildren(tab.root);
  for (const f of frames) tab.apply(f);
}"""


def fixture(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / f"{name}.json").read_text())
    return data


@pytest.fixture(scope="module")
def page(browser: Browser, server: Server) -> Any:
    viewer = new_player(browser, server, "viewer")
    viewer.goto("")
    viewer.page.wait_for_selector("main h1")
    yield viewer.page
    viewer.context.close()


def mount(page: Page, *frames: dict[str, Any], lang: str = "en") -> None:
    page.evaluate(MOUNT, [list(frames), lang])


def apply(page: Page, frame: dict[str, Any]) -> None:
    page.evaluate("(f) => window.tab.apply(f)", frame)


def acts(page: Page) -> list[Any]:
    return [f for t, f in page.evaluate("() => window.sent") if t == "act"]


def update(base: dict[str, Any], n: int, **state: Any) -> dict[str, Any]:
    """An update frame of the same hand, ``n`` frames after ``base``."""
    frame = copy.deepcopy(base)
    frame.update(type="update", seq=base["seq"] + n, events=[])
    frame["state"].update(state)
    return frame


def spectator_frames() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    first = fixture("spectator")
    first["state"]["seats"] = first["state"]["seats"][:5]  # a seat free
    later = []
    for n in range(1, 5):
        frame = update(first, n)
        frame["state"]["seats"][1]["stack"] -= 100 * n  # the table plays on
        later.append(frame)
    return first, later


def test_a_typed_buy_in_and_post_survive_every_update(page: Page) -> None:
    first, later = spectator_frames()
    mount(page, first)
    box = page.locator(".seat-panel input[data-draft='buy_in']")
    assert box.input_value() == "200.00"  # the maximum, before he types
    box.fill("100")
    page.check(".seat-panel input[data-draft='post']")
    box.focus()
    page.keyboard.press("End")
    for frame in later:
        apply(page, frame)
    # a seat taken by someone else redraws the panel: still what he typed, still focused
    taken = update(first, 9)
    taken["state"]["waiting"] = ["zoe"]
    apply(page, taken)
    assert box.input_value() == "100"
    assert page.is_checked(".seat-panel input[data-draft='post']")
    assert page.evaluate("() => document.activeElement.dataset.draft") == "buy_in"
    page.click(".seat-panel button.primary")
    assert [f for t, f in page.evaluate("() => window.sent") if t == "sit"] == [
        {"buy_in": 10000, "post": True}
    ]


def test_the_sit_down_button_keeps_the_focus_when_the_panel_is_redrawn(page: Page) -> None:
    # a player who tabbed to "Sit down" presses Enter just as a hand ends: the redrawn panel
    # must keep his focus there, or his Enter goes nowhere
    first, _ = spectator_frames()
    mount(page, first)
    sit = f"#sit-{first['table']}"
    page.focus(sit)
    taken = update(first, 9)
    taken["state"]["waiting"] = ["zoe"]  # the panel's key changes: it is drawn again
    apply(page, taken)
    assert page.evaluate("() => document.activeElement.id") == sit[1:]
    page.keyboard.press("Enter")
    assert [f for t, f in page.evaluate("() => window.sent") if t == "sit"] == [
        {"buy_in": 20000, "post": False}
    ]


def test_the_rebuy_box_and_the_chat_keep_what_is_typed(page: Page) -> None:
    first = fixture("midhand")
    mount(page, first)
    page.fill(".seat-panel input[data-draft='rebuy']", "55")
    page.fill(".chat-form input", "nice hand")
    for n in range(1, 4):
        frame = update(first, n)
        frame["state"]["seats"][0]["sitting_out"] = n == 2  # the panel is drawn again
        apply(page, frame)
    assert page.input_value(".seat-panel input[data-draft='rebuy']") == "55"
    assert page.input_value(".chat-form input") == "nice hand"


def free_check(base: dict[str, Any]) -> dict[str, Any]:
    frame = copy.deepcopy(base)
    legal = frame["state"]["to_act"]["legal"]
    legal.update(check=True, call=None, facing_bet=False, min_raise_to=200, bet=0)
    for s in frame["state"]["seats"]:
        s["bet"] = 0
    return frame


def test_one_fixed_bar_fold_check_raise_and_the_focus_on_it(page: Page) -> None:
    facing = fixture("midhand")
    mount(page, facing)
    buttons = page.locator(".actions .main-buttons button")
    assert [b.get_attribute("data-action") for b in buttons.all()] == ["fold", "call", "raise"]
    spots = [b.bounding_box() for b in buttons.all()]
    # the keyboard lands on Call, never on Fold
    assert page.evaluate("() => document.activeElement.dataset.action") == "call"
    # the big blind's option: the same three places, one Fold, and folding asks once
    free = free_check(facing)
    free["seq"] += 1
    free["type"] = "update"
    apply(page, free)
    assert [b.get_attribute("data-action") for b in buttons.all()] == ["fold", "check", "bet"]
    assert page.locator(".actions [data-action='fold']").count() == 1
    assert [b.bounding_box() for b in buttons.all()] == spots
    assert page.evaluate("() => document.activeElement.dataset.action") == "check"
    page.click("[data-action='fold']")
    assert acts(page) == []
    assert page.inner_text("[data-action='fold']").startswith("Fold? Check is free")
    page.click("[data-action='fold']")
    assert [a["action"] for a in acts(page)] == ["fold"]
    # with the setting, Fold is greyed when checking is free
    page.evaluate(
        "async () => (await import('/static/js/prefs.js')).setPrefs({ greyFreeFold: true })"
    )
    mount(page, free_check(facing))
    assert page.is_disabled("[data-action='fold']")
    page.evaluate(
        "async () => (await import('/static/js/prefs.js')).setPrefs({ greyFreeFold: false })"
    )
    # after his action the keyboard stays on the bar, and is on Call at his next turn
    mount(page, facing)
    page.keyboard.press("Enter")
    assert [a["action"] for a in acts(page)] == ["call"]
    other = update(facing, 1)
    other["state"]["to_act"] = dict(facing["state"]["to_act"], seat=4, player="bob", legal=None)
    apply(page, other)
    assert page.evaluate("() => !!document.activeElement.closest('.actions')")
    again = update(facing, 2)
    again["state"]["to_act"]["legal"] = dict(facing["state"]["to_act"]["legal"], call=2000)
    apply(page, again)
    assert page.evaluate("() => document.activeElement.dataset.action") == "call"


def test_presets_fit_the_street_and_amounts_snap_to_the_small_blind(page: Page) -> None:
    preflop = fixture("midhand")
    preflop["state"].update(street="preflop", board=[], pots=[{"amount": 0, "eligible": [1]}])
    mount(page, preflop)
    names = page.eval_on_selector_all(".presets button", "els => els.map(e => e.dataset.size)")
    amounts = page.eval_on_selector_all(".presets button", "els => els.map(e => +e.dataset.amount)")
    # facing €30: 2.5× = €75, 3× = €90, pot = €30 + (€54 + €18) = €102; all-in €163
    assert names == ["min", "x2.5", "x3", "pot", "max"]
    assert amounts == [4800, 7500, 9000, 10200, 16300]
    box = page.locator(".amount-box")
    box.focus()
    page.keyboard.press("ArrowUp")
    assert page.get_attribute(".slot-right", "data-amount") == "4900"
    box.hover()
    page.mouse.wheel(0, -120)
    assert page.get_attribute(".slot-right", "data-amount") == "5000"
    page.keyboard.press("ArrowDown")
    assert page.get_attribute(".slot-right", "data-amount") == "4900"
    # the slider moves in euros (the small blind), never in cents
    page.eval_on_selector(
        ".amount-slider",
        "e => { e.value = '7'; e.dispatchEvent(new Event('input')); }",
    )
    assert page.input_value(".amount-box") == "55.00"
    # an exact amount is still typeable, and Enter confirms it
    box.fill("61.50")
    page.keyboard.press("Enter")
    assert acts(page)[-1] == {
        "hand": preflop["hand"],
        "action": "raise",
        "amount": 6150,
    }
    # pot-limit: its maximum is the pot; fixed-limit: only its amount, no sizing
    pl = copy.deepcopy(preflop)
    pl["info"]["version"] = "pot-limit"
    pl["state"]["to_act"]["legal"]["max_raise_to"] = 10200
    mount(page, pl)
    assert page.eval_on_selector_all(".presets button", "els => els.map(e => e.innerText)") == [
        "Min",
        "2.5×",
        "3×",
        "Pot",
    ]
    fl = copy.deepcopy(preflop)
    fl["info"]["version"] = "fixed-limit"
    fl["state"]["to_act"]["legal"].update(min_raise_to=4200, max_raise_to=4200)
    mount(page, fl)
    assert page.locator(".sizing").count() == 0
    assert page.inner_text("[data-action='raise']").startswith("Raise to €42.00")


def test_time_bar_from_the_first_second_and_the_time_bank(page: Page) -> None:
    frame = fixture("midhand")
    frame["state"]["to_act"]["clock"] = {
        "phase": "thinking",
        "ends_in": None,
        "callable_in": 29.0,
        "time_bank": 30.0,
        "rules": "after 30 s",
        "next_in": 29.0,
        "span": 30.0,
        "time_bank_in": None,
    }
    mount(page, frame)
    fill = ".seat.to-act .timebar-fill"
    scale = "e => new DOMMatrix(getComputedStyle(e).transform).a"
    first = page.eval_on_selector(fill, scale)
    assert 0.9 < first <= 1
    assert page.inner_text(".seat.to-act .clock") == "29 s"
    page.wait_for_timeout(1300)
    assert page.eval_on_selector(fill, scale) < first
    bank = update(frame, 1)
    bank["state"]["to_act"]["clock"].update(
        phase="time-bank", ends_in=35.0, next_in=30.0, span=30.0, time_bank=30.0
    )
    apply(page, bank)
    assert page.get_attribute(".seat.to-act .timebar", "data-phase") == "time-bank"
    assert page.inner_text(".seat.to-act .clock").startswith("Bank: 3")
    assert page.get_attribute(".seat.to-act .clock", "aria-label").startswith("Time bank: 3")


def test_tab_title_and_sounds_off_by_default(browser: Browser, server: Server) -> None:
    fresh = new_player(browser, server, "fresh")
    fresh.goto("")
    fresh.page.wait_for_selector("main h1")
    prefs = fresh.page.evaluate("async () => (await import('/static/js/prefs.js')).getPrefs()")
    assert prefs["sounds"] is False and prefs["turnTitle"] is True
    fresh.context.close()
    context = browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    quiet = context.new_page()
    quiet.goto(f"{server.url}/")
    quiet.wait_for_selector("main h1")
    assert quiet.evaluate("() => document.documentElement.classList.contains('no-animations')")
    context.close()


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_whole_table_and_the_bar_fit_the_window(page: Page, lang: str, shots: Path) -> None:
    problems = []
    for size in SIZES:
        page.set_viewport_size(size)
        mount(page, fixture("midhand"), lang=lang)
        page.evaluate("() => window.scrollTo(0, 0)")
        page.wait_for_timeout(100)
        w, h = size["width"], size["height"]
        boxes = page.eval_on_selector_all(
            "#fixture .seat, #fixture .board, #fixture .pot.total, #fixture .my-cards,"
            " #fixture .bet-chip, #fixture .marker, #fixture .actions .main-buttons,"
            " #fixture .actions .sizing",
            f"els => els.map(e => [e.className, ({BOX})(e)])",
        )
        assert len(boxes) >= 14
        for name, (left, top, right, bottom) in boxes:
            if left < -1 or top < -1 or right > w + 1 or bottom > h + 1:
                problems.append(f"{w}x{h}: {name} at {left:.0f},{top:.0f},{right:.0f},{bottom:.0f}")
        for middle in ("#fixture .board", "#fixture .pots"):
            centre = page.eval_on_selector(middle, BOX)
            for name, (left, top, right, bottom) in boxes:
                if name.split()[0] == "seat" and (
                    min(right, centre[2]) - max(left, centre[0]) > 2
                    and min(bottom, centre[3]) - max(top, centre[1]) > 2
                ):
                    problems.append(f"{w}x{h}: {name} covers {middle}")
        page.screenshot(path=str(shots / f"table-{lang}-{w}x{h}.png"))
    page.set_viewport_size(DESKTOP)
    assert not problems, problems


def test_chips_as_stacks_new_cards_turn_and_the_winning_five_lit(page: Page) -> None:
    frame = fixture("midhand")
    mount(page, frame)
    assert page.locator(".bet-chip .chip-stack i").count() >= 3
    river = update(frame, 1, board=frame["state"]["board"] + ["3h"])
    for s in river["state"]["seats"]:
        s["bet"] = 0  # the street ended: the bets went to the pot
    apply(page, river)
    assert page.locator(".board .card.turning").count() == 1
    assert page.get_attribute(".board .card.turning", "data-card") == "3h"
    assert page.locator(".bet-chip.gone").count() == 3  # drawn going to the pot
    mount(page, fixture("showdown"))
    lit = page.eval_on_selector_all(".card.lit", "els => els.map(e => e.dataset.card)")
    # Bot-Bruno's three kings: K♦ K♣ with the board's K♠, and its two best other cards
    assert sorted(lit) == sorted(["Kd", "Kc", "Ks", "Ah", "7d"])
    assert page.locator(".win-chips").count() == 1


def test_tiles_scale_as_wholes(page: Page, shots: Path) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    page.evaluate(
        """async ([a, b]) => {
          const { TableTab } = await import('/static/js/table/tab.js');
          const grid = document.createElement('div'); grid.className = 'tiles';
          // the page is the module's: #fixture is made here when no test before made it
          document.querySelector('main').hidden = true;
          let box = document.getElementById('fixture');
          if (!box) {
            box = document.createElement('main'); box.id = 'fixture'; document.body.append(box);
          }
          box.replaceChildren(grid);
          for (const f of [a, b]) {
            const tab = new TableTab(f.table, { onChange() {} });
            const tile = document.createElement('div'); tile.className = 'tile';
            tile.append(tab.root); grid.append(tile); tab.apply(f);
          }
        }""",
        [fixture("midhand"), dict(fixture("spectator"), table="casino-fr-9")],
    )
    tiles = page.locator("#fixture .tiles .table-page")
    assert tiles.count() == 2
    assert page.locator("#fixture .tiles .table-page.my-turn").count() == 1
    # each tile: no seat over another, the board, the pots or a bet; the button on its seat,
    # clear of its name and stack; nothing cut (the felt check, tile by tile)
    for tile in tiles.all():
        assert tile.locator(".seat .marker.button").count() <= 1
    problems = felt_problems(page, "#fixture .tiles")
    assert problems == [], problems
    page.screenshot(path=str(shots / "table-tiles-1366x768.png"))
