"""The table screen against the real server, players acting through the page (issue 17):
what a player types survives the table's updates; one fixed action bar that takes the
keyboard at his turn; bet sizes that fit the street, snapped to the small blind; the time
bar from the first second; the whole table and the bar on screen at five window sizes in
three languages (screenshots saved); chips drawn as stacks; several tables side by side,
the one where he must act marked and reached with one key. One server, one browser."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from _browser import DESKTOP, Player, Server, iter_frames, new_player, wait_until
from _checks import felt_problems, overflows
from playwright.sync_api import Browser, Page

TABLE = "casino-fr-1"  # 3 bots of 6 at €1/€2: a hand every few seconds
OTHER = "casino-fr-2"
SIZES = [
    {"width": 1280, "height": 720},
    {"width": 1366, "height": 768},
    {"width": 1920, "height": 1080},
    {"width": 390, "height": 844},
    {"width": 844, "height": 390},
]
BOX = "e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"


# A second player who checks or calls (and shows) whenever it is his turn, clicking the
# page's own buttons: the demo's bots deal only with a person seated at their table.
AUTOPLAY = """() => setInterval(() => {
  const b = document.querySelector(".actions [data-action='check'], .actions [data-action='call'],"
    + " .actions [data-action='show']");
  if (b && !b.disabled) b.click();
}, 300)"""


@pytest.fixture(scope="module")
def bob(browser: Browser, server: Server) -> Iterator[Player]:
    """The other player at the table, seated with the default buy-in, playing by himself."""
    player = new_player(browser, server, "bobby")
    player.register()
    player.goto(f"#/table/{TABLE}")
    player.page.wait_for_selector(f"#sit-{TABLE}")
    player.page.click(f"#sit-{TABLE}")
    player.page.wait_for_selector(".seat.me")
    player.page.evaluate(AUTOPLAY)
    yield player
    player.context.close()


@pytest.fixture(scope="module")
def ann(browser: Browser, server: Server, bob: Player) -> Iterator[Player]:
    """The module's player: registers, opens the table; seated by the first test."""
    player = new_player(browser, server, "annette")
    player.register()
    player.goto(f"#/table/{TABLE}")
    player.page.wait_for_selector(f".table-page[data-table='{TABLE}'] .felt-wrap")
    yield player
    player.context.close()


def updates(p: Player) -> int:
    """The table's updates the page got so far (the page is given a moment first: the
    browser's events reach the test only while it talks to the browser)."""
    p.page.wait_for_timeout(50)
    return sum(1 for f in iter_frames(p, "update") if f.get("table") == TABLE)


def playing(p: Player) -> int:
    """The table's updates so far, his turn played on the way (Check or Call, with the mouse:
    what he typed elsewhere stays typed)."""
    mid = p.page.locator(".actions .main-buttons .slot-mid:not([disabled])")
    if mid.count():
        mid.click()
    return updates(p)


def stay_seated(p: Player) -> None:
    """A player who went broke buys chips again (through the page) and comes back."""
    page = p.page
    if page.locator(f"#sit-{TABLE}").count():
        page.fill(".seat-panel input[data-draft='buy_in']", "400")
        page.click(f"#sit-{TABLE}")
    elif page.locator(".seat-panel .notice").count():  # no chips left: rebuy first
        page.fill(".seat-panel input[data-draft='rebuy']", "300")
        page.click("[data-control='rebuy']")
    elif page.locator("[data-control='sit-in-post']").count():
        page.click("[data-control='sit-in-post']")


def my_turn(p: Player, timeout: float = 40) -> None:
    def turn() -> int:
        stay_seated(p)
        return p.page.locator(f"[data-table='{TABLE}'] .actions .main-buttons").count()

    try:
        wait_until(
            turn,
            timeout=timeout,
            what=f"{p.name}'s turn",
        )
    except AssertionError:
        p.page.screenshot(path="build/screenshots/table-live-no-turn.png")
        raise


def wait_off_turn(page: Page) -> None:
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and page.locator(".actions .main-buttons").count():
        page.wait_for_timeout(50)


def test_a_typed_buy_in_survives_the_updates(ann: Player) -> None:
    page = ann.page
    box = page.locator(".seat-panel input[data-draft='buy_in']")
    box.fill("100")
    page.check(".seat-panel input[data-draft='post']")
    box.focus()
    seen = updates(ann)
    wait_until(lambda: updates(ann) >= seen + 4, timeout=60, what="four table updates")
    assert box.input_value() == "100"
    assert page.is_checked(".seat-panel input[data-draft='post']")
    assert page.evaluate("() => document.activeElement.dataset.draft") == "buy_in"
    page.click(f"#sit-{TABLE}")
    page.wait_for_selector(".seat.me")
    wait_until(
        lambda: (
            "€100.00" in page.locator(".seat.me .stack").inner_text()
            or page.locator(".seat.me .cards").count()
        ),
        timeout=10,
        what="seated with €100",
    )
    sat = [f for f in iter_frames(ann, "update") if f.get("table") == TABLE]
    chips = [
        s["stack"] + (s.get("bet") or 0)
        for f in sat
        for s in (f.get("state") or {}).get("seats", [])
        if s.get("player") == ann.name
    ]
    assert chips and chips[0] == 10000, chips[:3]  # €100.00: what he typed, not the maximum
    # the rebuy box keeps what he types too
    rebuy = page.locator(".seat-panel input[data-draft='rebuy']")
    rebuy.fill("55")
    seen = updates(ann)
    wait_until(lambda: playing(ann) >= seen + 3, timeout=30, what="three table updates")
    assert rebuy.input_value() == "55"
    rebuy.fill("300")  # chips enough for the scenarios that follow
    page.click("[data-control='rebuy']")
    page.fill(".chat-form input", "gl all")
    seen = updates(ann)
    wait_until(lambda: playing(ann) >= seen + 2, timeout=30, what="two table updates")
    assert page.input_value(".chat-form input") == "gl all"
    page.fill(".chat-form input", "")
    page.evaluate("() => document.activeElement.blur()")


def _focused_on(page: Any, action: str | None) -> bool:
    return bool(page.evaluate("() => (document.activeElement?.dataset.action) || ''") == action)


def _focus_of(page: Any) -> str:
    script = "() => (document.activeElement?.outerHTML || 'nothing').slice(0, 120)"
    return str(page.evaluate(script))


def test_one_fixed_action_bar_with_the_focus_on_it(ann: Player) -> None:
    page = ann.page
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    checked_free = called = 0
    deadline = time.monotonic() + 120
    while (not checked_free or not called) and time.monotonic() < deadline:
        my_turn(ann)
        if page.locator(".actions [data-action='show']").count():
            page.keyboard.press("Enter")  # the showdown: Show has the focus
            wait_off_turn(page)
            continue
        buttons = page.locator(".actions .main-buttons button")
        assert buttons.count() == 3
        assert page.locator(".actions [data-action='fold']").count() == 1
        xs = [b.bounding_box()["x"] for b in buttons.all()]  # type: ignore[index]
        assert xs == sorted(xs)
        assert buttons.nth(0).get_attribute("data-action") == "fold"
        mid = buttons.nth(1).get_attribute("data-action")
        assert mid in ("check", "call")
        assert (buttons.nth(2).get_attribute("data-action") or "") in ("bet", "raise", "all_in", "")
        # the keyboard is on the bar, on Check or Call, never on Fold
        # (the bar takes the focus once drawn: within a frame or two)
        wait_until(
            partial(_focused_on, page, mid),
            timeout=5,
            what=f"the focus on {mid} (it is on {_focus_of(page)})",
        )
        wait_until(lambda: "Your turn" in page.title(), timeout=2, what="the tab's title")
        if mid == "check" and not checked_free:
            # folding when checking is free asks once: the first click does not fold
            page.click(".actions [data-action='fold']")
            assert page.locator(".actions [data-action='fold'][data-confirm]").count() == 1
            assert "Check is free" in page.locator(".actions [data-action='fold']").inner_text()
            assert page.locator(".actions .main-buttons").count() == 1  # still his turn
            page.click(".actions [data-action='check']")
            checked_free += 1
        else:
            page.keyboard.press("Enter")  # Enter on the focused Check or Call
            called += mid == "call"
            checked_free += mid == "check"
        wait_off_turn(page)
        # after the action the keyboard stays on the action bar
        assert page.evaluate("() => !!document.activeElement.closest('.actions')")
    assert checked_free and called, (checked_free, called)


def test_bet_sizes_snap_to_the_small_blind_and_fit_the_street(ann: Player) -> None:
    page = ann.page
    deadline = time.monotonic() + 120
    seen_streets: set[str] = set()
    while len(seen_streets) < 2 and time.monotonic() < deadline:
        my_turn(ann)
        if not page.locator(".amount-box").count():
            page.keyboard.press("Enter")
            wait_off_turn(page)
            continue
        street = page.locator(".street-name").inner_text().lower()
        names = page.eval_on_selector_all(".presets button", "els => els.map(e => e.dataset.size)")
        amounts = page.eval_on_selector_all(
            ".presets button", "els => els.map(e => +e.dataset.amount)"
        )
        top = amounts[-1]
        for v in amounts[1:-1]:
            assert v % 100 == 0, (names, amounts)  # the small blind is €1
        if street == "preflop":
            assert "third" not in names and ("x3" in names or "x2.5" in names or len(names) <= 2)
        else:
            assert "x3" not in names and ("half" in names or len(names) <= 2)
        seen_streets.add("preflop" if street == "preflop" else "post")
        box = page.locator(".amount-box")
        box.focus()
        low = int(
            page.get_attribute(
                ".actions [data-action='bet'], .actions [data-action='raise']", "data-amount"
            )
            or 0
        )
        page.keyboard.press("ArrowUp")
        up = int(page.get_attribute(".slot-right", "data-amount") or 0)
        assert up == min(top, (low // 100 + 1) * 100), (low, up)
        box.hover()
        page.mouse.wheel(0, -100)
        up2 = int(page.get_attribute(".slot-right", "data-amount") or 0)
        assert up2 > up or up2 == top, (up, up2)
        page.keyboard.press("ArrowDown")
        assert int(page.get_attribute(".slot-right", "data-amount") or 0) < up2 or up2 == low
        # an exact amount is still typeable, and Enter confirms it
        exact = low + 50 if low + 50 < top else low
        box.fill(f"{exact // 100}.{exact % 100:02d}")
        page.keyboard.press("Enter")
        wait_off_turn(page)
        kinds = [
            e
            for f in iter_frames(ann, "update")
            if f.get("table") == TABLE
            for e in f.get("events", [])
            if e.get("type") == "acted" and e.get("kind") in ("bet", "raise")
        ]
        assert any(e.get("to") == exact for e in kinds), (exact, kinds[-3:])
    assert seen_streets == {"preflop", "post"}, seen_streets


def test_time_bar_on_the_seat_to_act_from_the_first_second(ann: Player) -> None:
    page = ann.page
    my_turn(ann)
    bar = page.locator(".seat.to-act .timebar")
    assert bar.count() == 1
    first = page.eval_on_selector(
        ".seat.to-act .timebar-fill", "e => new DOMMatrix(getComputedStyle(e).transform).a"
    )
    page.wait_for_timeout(1200)
    later = page.eval_on_selector(
        ".seat.to-act .timebar-fill", "e => new DOMMatrix(getComputedStyle(e).transform).a"
    )
    assert 0 < later < first <= 1, (first, later)
    clock = next(
        f["state"]["to_act"]["clock"]
        for f in reversed(ann.frames)
        if f.get("table") == TABLE and (f.get("state") or {}).get("to_act")
    )
    assert clock["span"] and clock["next_in"] is not None and "time_bank_in" in clock
    page.keyboard.press("Enter")
    wait_off_turn(page)


def test_the_table_and_the_bar_fit_the_window(ann: Player, shots: Path) -> None:
    page = ann.page
    problems: list[str] = []
    for lang in ("en", "fr", "it"):
        page.select_option("#lang", lang)
        for size in SIZES:
            page.set_viewport_size(size)
            my_turn(ann)
            page.evaluate("() => window.scrollTo(0, 0)")
            page.wait_for_timeout(150)
            w, h = size["width"], size["height"]
            boxes = page.eval_on_selector_all(
                ".table-page .seat, .table-page .board, .table-page .pot.total,"
                " .table-page .my-cards, .table-page .actions .main-buttons,"
                " .table-page .actions .sizing",
                f"els => els.map(e => [e.className, ({BOX})(e)])",
            )
            for name, (left, top, right, bottom) in boxes:
                if left < -1 or top < -1 or right > w + 1 or bottom > h + 1:
                    problems.append(
                        f"{lang} {w}x{h}: {name} at {left:.0f},{top:.0f},{right:.0f},{bottom:.0f}"
                    )
            centre = page.eval_on_selector(".table-page .centre .board", BOX)
            for name, (left, top, right, bottom) in boxes:
                if "seat" in name.split():
                    overlap = min(right, centre[2]) - max(left, centre[0]) > 2 and (
                        min(bottom, centre[3]) - max(top, centre[1]) > 2
                    )
                    if overlap:
                        problems.append(f"{lang} {w}x{h}: a seat covers the board")
            # inside the felt: no text cut, no seat over another, the board, the pots, the
            # button or a bet; nothing on the page wider than its box
            problems += [f"{lang} {w}x{h}: {p}" for p in overflows(page)]
            page.screenshot(path=str(shots / f"table-fit-{lang}-{w}x{h}.png"))
    page.select_option("#lang", "en")
    page.set_viewport_size(DESKTOP)
    assert not problems, problems
    page.keyboard.press("Enter")
    wait_off_turn(page)


BANK_TABLE = "pokerkings-1"  # an online room's clock: 15 s running from the start, a 30 s bank


def test_the_time_bank_from_the_bar_and_nothing_cut_while_it_runs(
    browser: Browser, server: Server, shots: Path
) -> None:
    tina = new_player(browser, server, "tina")
    tina.register()
    page = tina.page
    tina.goto(f"#/table/{BANK_TABLE}")
    page.wait_for_selector(f"#sit-{BANK_TABLE}")
    page.click(f"#sit-{BANK_TABLE}")
    page.wait_for_selector(".seat.me")
    # her turn, her clock running: the bar offers her time bank (30 s)
    use = page.locator("[data-control='time-bank']")
    use.wait_for(timeout=60_000)
    assert use.inner_text() == "Use time bank (30 s)"
    use.click()
    # it runs when her 15 s are up: the seat's clock says so, in its own colour and words
    page.wait_for_selector(".seat.me.to-act .timebar[data-phase='time-bank']", timeout=25_000)
    clock = page.locator(".seat.me.to-act .clock")
    assert clock.inner_text().startswith("Bank: ")
    assert (clock.get_attribute("aria-label") or "").startswith("Time bank: ")
    assert use.count() == 0  # nothing more to use
    problems: list[str] = []
    for lang in ("en", "fr", "it"):
        page.select_option("#lang", lang)
        for size in SIZES:
            page.set_viewport_size(size)
            page.wait_for_timeout(100)
            w, h = size["width"], size["height"]
            problems += [f"{lang} {w}x{h}: {p}" for p in overflows(page)]
            if w in (1366, 390):
                page.screenshot(path=str(shots / f"table-bank-{lang}-{w}x{h}.png"))
    # all of it seen while the bank ran
    assert page.locator(".seat.me.to-act .timebar[data-phase='time-bank']").count() == 1
    assert page.inner_text(".seat.me.to-act .clock").startswith("Riserva: ")
    page.select_option("#lang", "en")
    page.set_viewport_size(DESKTOP)
    assert problems == [], "\n".join(problems)
    page.locator(".actions .main-buttons .slot-mid:not([disabled])").click()
    assert tina.errors == [], tina.errors
    tina.context.close()


# Every tone the page starts (WebAudio), by its frequency: the page's own sounds, heard.
HEAR = """(() => {
  window.heard = [];
  const make = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function () {
    const osc = make.call(this);
    const start = osc.start.bind(osc);
    osc.start = (...a) => {
      window.heard.push(Math.round(osc.frequency.value));
      return start(...a);
    };
    return osc;
  };
})()"""
TONES = {520: "a card dealt", 760: "chips bet", 660: "your turn"}


def test_sounds_when_turned_on_for_the_deal_the_bets_the_checks_and_folds(
    browser: Browser, server: Server
) -> None:
    sonia = new_player(browser, server, "sonia")
    sonia.context.add_init_script(HEAR)
    sonia.register()
    page = sonia.page
    sonia.goto("#/settings")
    sounds = page.get_by_label("Sounds", exact=False)
    assert not sounds.is_checked()  # off by default
    sounds.check()
    sonia.goto(f"#/table/{OTHER}")
    page.wait_for_selector(f"#sit-{OTHER}")
    page.click(f"#sit-{OTHER}")
    page.wait_for_selector(".seat.me")

    def heard() -> set[int]:
        mid = page.locator(".actions .main-buttons .slot-mid:not([disabled])")
        if mid.count():
            mid.click()
        page.wait_for_timeout(100)
        tones = set(page.evaluate("() => window.heard"))
        return tones if set(TONES) <= tones and tones & {300, 200} else set()

    tones = wait_until(heard, timeout=60, what="the deal, a bet, his turn, a check or a fold heard")
    assert tones <= {520, 760, 660, 300, 200, 990}, tones
    # turned off: not a sound more
    sonia.goto("#/settings")
    page.get_by_label("Sounds", exact=False).uncheck()
    page.evaluate("() => { window.heard = []; }")
    sonia.goto(f"#/table/{OTHER}")
    page.wait_for_selector(".seat.me")
    for _ in range(30):
        mid = page.locator(".actions .main-buttons .slot-mid:not([disabled])")
        if mid.count():
            mid.click()
        page.wait_for_timeout(100)
    assert page.evaluate("() => window.heard") == []
    assert sonia.errors == [], sonia.errors
    sonia.context.close()


def test_chips_as_stacks_and_quiet_by_default(ann: Player) -> None:
    page = ann.page

    def bet_drawn() -> int:
        playing(ann)
        return page.locator(".bet-chip .chip-stack i").count()

    wait_until(bet_drawn, timeout=30, what="a bet drawn as a stack of chips")
    # each bet in front of a seat: its stack of chips and its amount
    for chip in page.locator(".bet-chip").all()[:2]:
        assert chip.locator(".chip-stack i").count() >= 1
        assert chip.locator(".bet-amount").inner_text().startswith("€")
    prefs: dict[str, Any] = page.evaluate(
        "() => JSON.parse(localStorage.getItem('croupier.prefs') || '{}')"
    )
    assert not prefs.get("sounds")


def test_tables_side_by_side_and_one_key_to_the_turn(ann: Player, shots: Path) -> None:
    page = ann.page
    page.set_viewport_size({"width": 1366, "height": 768})
    ann.goto(f"#/table/{OTHER}")
    page.wait_for_selector(f".table-page[data-table='{OTHER}'] .felt-wrap")
    # one key from the other table to the one where it is his turn
    wait_until(
        lambda: page.locator(f".tab a[data-tab='{TABLE}'] .turn-dot").count(),
        timeout=40,
        what="the tab marked at his turn",
    )
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.keyboard.press("t")
    page.wait_for_selector(f".table-page[data-table='{TABLE}'] .actions .main-buttons")
    assert page.evaluate("() => !!document.activeElement.closest('.actions')")
    page.keyboard.press("Enter")
    wait_off_turn(page)
    # all tables side by side: each tile a whole table, no seat over the board or the button
    ann.goto("#/tables")
    page.wait_for_selector(".tiles .tile .felt-wrap")
    wait_until(
        lambda: page.locator(".tiles .table-page.my-turn").count(),
        timeout=40,
        what="a tile marked at his turn",
    )
    # no seat over another, the board, the pots, a bet or the button; nothing cut
    problems = felt_problems(page, ".tiles")
    assert problems == [], problems
    page.screenshot(path=str(shots / "table-tiles-1366x768.png"))
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.keyboard.press("t")
    assert page.evaluate(
        f"() => !!document.activeElement.closest(\".table-page[data-table='{TABLE}'] .actions\")"
    )
    page.keyboard.press("Enter")


def test_the_floor_console_keeps_a_typed_reason_across_its_refreshes(
    browser: Browser, server: Server
) -> None:
    made = subprocess.run(
        [sys.executable, "-m", "croupier", "admin", "create-user", "flora", "--role", "floor",
         "--password-stdin", "--data", str(server.data)],
        input="correct horse battery\n", capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    floor = new_player(browser, server, "flora")
    page = floor.page
    floor.goto("#/login")
    page.wait_for_selector("#login-title")
    page.fill("input[name=screen_name]", "flora")
    page.fill("input[name=password]", "correct horse battery")
    page.click("form button[type=submit]")
    page.wait_for_selector("#nav-floor")
    floor.goto("#/floor")
    box = f"#why-{TABLE}"
    page.wait_for_selector(box)
    page.fill(box, "dealer exposed a card")
    page.fill("#open-table", "night-1")
    page.eval_on_selector(box, "e => { e.dataset.old = 'drawn before'; }")
    page.evaluate("() => document.activeElement.blur()")  # he leaves the box: it refreshes
    # the table's card is drawn again (a new box), with what he typed in it
    wait_until(
        lambda: page.eval_on_selector(box, "e => !e.dataset.old"),
        timeout=20,
        what="the console refreshed",
    )
    assert page.input_value(box) == "dealer exposed a card"
    assert page.input_value("#open-table") == "night-1"
    floor.context.close()
