"""The table without a mouse or without eyes, and its deal, in Chromium against the real
server's demo tables (players acting through the page, the bots playing on; issue 17):

- a whole hand played from the keyboard alone (Tab to the seat, Enter to sit down, then at
  each turn the keys of docs/web.md: ``a`` the amount box, ``ArrowUp`` a step, ``Enter`` to
  raise, ``c`` to check or call), its result on the page and every chip accounted for;
- what screen readers hear (the table's live region, read as it changes) through a hand, in
  English and in French: the turn coming to the player, an opponent's action, the result;
- the cards dealt to the seats fly in (a CSS animation on their first drawing), and not at
  all for a player whose system asks for reduced motion.

The page's changes are recorded in the page itself (a MutationObserver set before its
scripts), so that none is missed between two looks of the test.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from _browser import DESKTOP, Player, Server
from playwright.sync_api import Browser

# Set before the page's own scripts: every text the announcer held, the result lines shown
# on the felt, and the cards drawn with the deal's animation (with their computed animation).
WATCH = """(() => {
  const seen = { say: [], winners: [], dealing: 0, animations: [] };
  window.__seen = seen;
  const look = () => {
    const say = document.querySelector('.table-say');
    const text = say ? say.textContent.trim() : '';
    if (text && text !== seen.say[seen.say.length - 1]) seen.say.push(text);
    for (const li of document.querySelectorAll('.winners li')) {
      if (!seen.winners.includes(li.textContent)) seen.winners.push(li.textContent);
    }
    for (const card of document.querySelectorAll('.card.dealing:not([data-counted])')) {
      card.setAttribute('data-counted', '');
      seen.dealing += 1;
      seen.animations.push(getComputedStyle(card).animationName);
    }
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true,
    characterData: true });
})();"""


def poll(p: Player, check: Callable[[], Any], *, timeout: float, what: str) -> Any:
    """Poll ``check()`` while talking to the browser (its events reach the test only then)."""
    waited = 0.0
    while waited < timeout:
        value = check()
        if value:
            return value
        p.page.wait_for_timeout(100)
        waited += 0.1
    p.page.screenshot(path="build/screenshots/table-a11y-failed.png")
    raise AssertionError(f"{p.name}: {what}: not within {timeout} s")


def watched(browser: Browser, server: Server, name: str, **context: Any) -> Player:
    """A player whose page records its announcer, results and dealt cards (WATCH)."""
    ctx = browser.new_context(viewport=DESKTOP, locale="en-GB", **context)
    ctx.add_init_script(WATCH)
    page = ctx.new_page()
    player = Player(name=name, context=ctx, page=page, server=server)
    player.listen()
    return player


def hands(p: Player, table: str) -> dict[int, list[dict[str, Any]]]:
    """The events of each hand of ``table`` the page received, by hand number."""
    out: dict[int, list[dict[str, Any]]] = {}
    current: int | None = None
    for frame in p.frames:
        if frame.get("table") != table or frame.get("type") not in ("table", "update"):
            continue
        events = frame.get("events") or []
        if frame["type"] == "table":
            current = frame.get("hand")
            out[current] = list(events) if current is not None else []
            continue
        for e in events:
            if e.get("type") == "started":
                current = frame.get("hand")
                out[current] = []
            if current is not None:
                out.setdefault(current, []).append(e)
    return {n: evs for n, evs in out.items() if n is not None}


def my_seat(p: Player, table: str) -> int | None:
    seat: int | None = p.page.evaluate(
        "(t) => { const x = window.croupier && window.croupier.tables()[t];"
        " return x && x.view.you ? x.view.you.seat : null; }",
        table,
    )
    return seat


def shown_hand(p: Player, table: str) -> int | None:
    number: int | None = p.page.evaluate(
        "(t) => { const x = window.croupier && window.croupier.tables()[t];"
        " return x ? x.view.hand : null; }",
        table,
    )
    return number


def ended(events: list[dict[str, Any]]) -> dict[str, Any] | None:
    return next((e for e in events if e.get("type") == "ended"), None)


def sit_with_click(p: Player, table: str) -> None:
    p.goto(f"#/table/{table}")
    p.page.wait_for_selector(f"#sit-{table}")
    p.page.click(f"#sit-{table}")
    p.page.wait_for_selector(f".table-page[data-table='{table}'] .seat.me")


def my_turn(p: Player, table: str) -> bool:
    bar = p.page.locator(f".table-page[data-table='{table}'] .actions .main-buttons")
    return bool(bar.count())


def play_one_hand(p: Player, table: str, keys: Callable[[int], list[str]]) -> int:
    """Play, from the keyboard, the first hand the player is dealt into from now to its end:
    at each of his turns the keys ``keys(turn)`` (turn 0, 1 ...). Returns the hand's number."""
    number: int | None = None
    turn = 0
    waited = 0.0
    while waited < 120:
        seat = my_seat(p, table)
        if number is not None and ended(hands(p, table).get(number, [])):
            return number
        if seat is not None and my_turn(p, table):
            shown = shown_hand(p, table)
            if number is None:
                number = shown
            if shown == number:
                acted = len(mine(hands(p, table).get(number, []), seat))
                for key in keys(turn):
                    p.page.keyboard.press(key)
                turn += 1
                poll(
                    p,
                    lambda n=number, s=seat, a=acted: len(mine(hands(p, table).get(n, []), s)) > a,
                    timeout=10,
                    what="his action taken",
                )
                continue
        p.page.wait_for_timeout(100)
        waited += 0.1
    raise AssertionError(f"{p.name} played no whole hand in 120 s")


def mine(events: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    return [e for e in events if e.get("type") == "acted" and e.get("seat") == seat]


def accounted(events: list[dict[str, Any]]) -> None:
    """Every chip of the hand is accounted for: the stacks at the start are the stacks at
    the end and the rake."""
    start = next(e for e in events if e["type"] == "started")
    end = ended(events)
    assert end is not None
    before = sum(seat[2] for seat in start["seats"])
    after = sum(stack for _, stack in end["stacks"])
    assert before == after + end.get("rake", 0), (before, after, end)


def test_a_hand_played_from_the_keyboard_alone(browser: Browser, server: Server) -> None:
    table = "casino-fr-1"
    p = watched(browser, server, "kim")
    p.register()
    page = p.page
    p.goto(f"#/table/{table}")
    page.wait_for_selector(f"#sit-{table}")
    # to the seat with Tab, sit down with Enter (the buy-in's default)
    for _ in range(120):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement && document.activeElement.id") == (
            f"sit-{table}"
        ):
            break
    else:
        raise AssertionError("the sit-down button is not reached with Tab")
    page.keyboard.press("Enter")
    page.wait_for_selector(f".table-page[data-table='{table}'] .seat.me")
    focus: list[str] = []
    raised: list[bool] = []

    def keys(turn: int) -> list[str]:
        # at his turn the keyboard is already on the bar (Check or Call), never on Fold
        focus.append(
            page.evaluate(
                "() => { const a = document.activeElement;"
                " return a && a.closest('.actions') ? (a.dataset.action || a.className) : ''; }"
            )
        )
        open_ = ":not([disabled])"
        raise_open = page.locator(
            f".actions [data-action='raise']{open_}, .actions [data-action='bet']{open_}"
        ).count()
        if turn == 0 and raise_open:
            raised.append(True)
            return ["a", "ArrowUp", "Enter"]  # the amount box, one step up, confirmed
        return ["c"]

    number = play_one_hand(p, table, keys)
    events = hands(p, table)[number]
    seat = my_seat(p, table)
    assert seat is not None
    acts = mine(events, seat)
    assert acts, "he did not act"
    assert all(f in ("check", "call") for f in focus), focus  # Check or Call had the focus
    kinds = [a["kind"] for a in acts]
    # his first action is what his keys said: a raise from the amount box when one was open
    assert kinds[0] == ("raise" if raised else "call" if focus[0] == "call" else "check"), kinds
    assert all(k in ("raise", "bet", "check", "call") for k in kinds), kinds  # never a fold
    accounted(events)
    # the result is on the page: the winners' lines of that hand
    awarded = [e for e in events if e["type"] == "awarded"]
    assert awarded
    names = {x[0]: x[1] for x in next(e for e in events if e["type"] == "started")["seats"]}
    winner = names[awarded[0]["shares"][0][0]]
    seen = poll(p, lambda: page.evaluate("() => window.__seen.winners"), timeout=10,
                what="the winners shown")  # fmt: skip
    assert any(line.startswith(winner) for line in seen), (winner, seen)
    assert not p.errors, p.errors
    p.context.close()


WORDS = {
    "en": {"turn": "Your turn", "wins": "wins", "acts": ("folds", "checks", "calls", "raises")},
    "fr": {"turn": "À vous de parler", "wins": "gagne",
           "acts": ("passe", "dit parole", "suit", "relance")},
}  # fmt: skip


@pytest.mark.parametrize(("lang", "table"), [("en", "casino-fr-2"), ("fr", "pokerkings-1")])
def test_screen_readers_hear_the_turn_the_actions_and_the_result(
    browser: Browser, server: Server, lang: str, table: str
) -> None:
    p = watched(browser, server, f"sr{lang}")
    p.register(lang=lang)
    sit_with_click(p, table)
    region = p.page.locator(f".table-page[data-table='{table}'] .table-say")
    assert region.get_attribute("aria-live") == "polite"
    number = play_one_hand(p, table, lambda turn: ["c"])
    events = hands(p, table)[number]
    seat = my_seat(p, table)
    names = {x[0]: x[1] for x in next(e for e in events if e["type"] == "started")["seats"]}
    p.page.wait_for_timeout(300)
    said: list[str] = p.page.evaluate("() => window.__seen.say")
    words = WORDS[lang]
    text = "\n".join(said)
    assert words["turn"] in text, said
    others = [n for s, n in names.items() if s != seat]
    assert any(
        line.startswith(f"{name} {verb}") or f". {name} {verb}" in line
        for line in said
        for name in others
        for verb in words["acts"]
    ), said
    winners = [names[s] for e in events if e["type"] == "awarded" for s, _ in e["shares"]]
    assert any(f"{w} {words['wins']}" in text for w in winners), (winners, said)
    accounted(events)
    assert not p.errors, p.errors
    p.context.close()


def test_cards_dealt_fly_in_but_not_with_reduced_motion(browser: Browser, server: Server) -> None:
    table = "casino-fr-1"
    dee = watched(browser, server, "dee")
    dee.register()
    sit_with_click(dee, table)
    dee.page.evaluate(
        """() => setInterval(() => {
          const b = document.querySelector(".actions [data-action='check'],"
            + " .actions [data-action='call'], .actions [data-action='show']");
          if (b && !b.disabled) b.click();
        }, 300)"""
    )
    sam = watched(browser, server, "sam", reduced_motion="reduce")
    sam.register()
    sam.goto(f"#/table/{table}")
    sam.page.wait_for_selector(f".table-page[data-table='{table}'] .felt-wrap")
    assert sam.page.evaluate("() => document.documentElement.classList.contains('no-animations')")
    start = len(hands(sam, table))

    def dealt_twice() -> bool:
        return len(hands(sam, table)) >= start + 2 and len(hands(dee, table)) >= 2

    poll(sam, dealt_twice, timeout=60, what="two hands dealt")
    dee.page.wait_for_timeout(200)
    normal = dee.page.evaluate("() => window.__seen")
    reduced = sam.page.evaluate("() => window.__seen")
    assert normal["dealing"] >= 4, normal  # two cards to each seat dealt in, at least two
    assert set(normal["animations"]) == {"deal-card"}, normal["animations"]
    assert reduced["dealing"] == 0, reduced
    # the spectator did see the hands dealt: their cards' backs on the seats
    assert sam.page.locator(".seat .card").count() or len(hands(sam, table)) >= start + 2
    for p in (dee, sam):
        assert not p.errors, p.errors
        p.context.close()
