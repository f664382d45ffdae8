"""Inside the felt (issue 17), in Chromium on the real server's page fed frames in the
server's format: at the five window sizes in English, French and Italian, heads-up and six
players, at the player's turn with the time bank offered and with it running, and after a
showdown with its "wins" tag, no text of the felt is cut, spills out of its seat or off the
felt, and no seat is over another seat, the board, the pots, the winners' line, a bet or the
dealer button (``_checks.felt_problems``, with the page's overflow check). Screenshots
``felt-SCENE-LANG-WxH.png``. One server and one browser for the module; the same table
against the real server's tables is in ``test_web_table_live.py``."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from _browser import DESKTOP, Server, new_player
from _checks import overflows
from playwright.sync_api import Browser, Page
from test_web_table import MOUNT

FIXTURES = Path(__file__).with_name("fixtures")
SIZES = [(1280, 720), (1366, 768), (1920, 1080), (390, 844), (844, 390)]
LANGS = ("en", "fr", "it")
# Six players with names of every length a room allows to show (the longest cut by design
# would be a fault: names here fit their seat).
SIX = ["annette", "Bot-Anna", "Massimiliano", "bob", "Bot-Chloe", "Giuseppina"]


def _fixture(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / f"{name}.json").read_text())
    return data


def _seat(seat: int, player: str, stack: int, **more: Any) -> dict[str, Any]:
    base = {
        "seat": seat,
        "player": player,
        "stack": stack,
        "bet": 0,
        "dealt_in": True,
        "in_hand": True,
        "folded": False,
        "all_in": False,
        "cards": None,
        "mucked": False,
        "sitting_out": False,
        "missed": "",
        "leaving": False,
        "connected": True,
    }
    base.update(more)
    return base


def turn_frame(players: int, *, bank_running: bool) -> dict[str, Any]:
    """The player's turn on the turn, facing a bet, six-handed or heads-up (a table of two),
    the button on the seat before him; his time bank offered, or running."""
    frame = _fixture("midhand")
    names = SIX[:players]
    frame["info"]["max_players"] = 6 if players > 2 else 2
    button = 3 if players > 2 else 2
    seats = [_seat(k + 1, name, 15_100 - 900 * k) for k, name in enumerate(names)]
    for s in seats[1:]:
        s["bet"] = 3000 if s["seat"] == button else 1200
        if s["seat"] == 2 and players > 2:
            s.update(folded=True, in_hand=False, bet=0)
    seats[0]["bet"] = 1200
    frame["events"] = [
        {
            "type": "started",
            "button": button,
            "seats": [[s["seat"], s["player"], 20_000] for s in seats],
            "forced": [[button % players + 1, "small-blind", 100]] if players > 2 else [],
            "hand_id": "h12",
        },
        {"type": "board", "street": 1, "cards": ["Ah", "7d", "2c"]},
        {"type": "board", "street": 2, "cards": ["Ks"]},
    ]
    state = frame["state"]
    state.update(button=button, seats=seats)
    clock = {
        "phase": "thinking",
        "ends_in": None,
        "callable_in": None,
        "time_bank": 30.0,
        "rules": "15 s",
        "next_in": 14.0,
        "span": 15.0,
        "time_bank_in": None,
    }
    if bank_running:
        clock.update(phase="time-bank", ends_in=33.0, next_in=28.0, span=30.0, time_bank=28.0)
    state["to_act"].update(player=names[0], clock=clock)
    frame["you"]["player"] = names[0]
    return frame


def showdown_frame(players: int) -> dict[str, Any]:
    """After a showdown: the winner's "wins" tag (and the hand's winners in the middle), the
    shown cards, the button; six-handed or heads-up (a table of two, the winner on top)."""
    frame = _fixture("showdown")
    if players > 2:
        frame["state"]["seats"][0]["player"] = SIX[0]
        return frame
    frame["info"]["max_players"] = 2
    keep = {1, 3}
    state = frame["state"]
    state["seats"] = [
        dict(s, seat=1 if s["seat"] == 1 else 2) for s in state["seats"] if s["seat"] in keep
    ]
    state["button"] = 2
    events = []
    for e in frame["events"]:
        e = copy.deepcopy(e)
        if e["type"] == "started":
            e["button"] = 2
            e["seats"] = [[1, "ann", 20000], [2, "Bot-Bruno", 8000]]
            e["forced"] = [[2, "small-blind", 100], [1, "big-blind", 200]]
        elif e.get("seat") not in (None, 1, 3):
            continue
        elif e.get("seat") == 3:
            e["seat"] = 2
        if e["type"] == "awarded":
            e["shares"] = [[2, chips] for _, chips in e["shares"]]
        if e["type"] == "ended":
            e["stacks"] = [[1, 12100], [2, 19300]]
        events.append(e)
    frame["events"] = events
    return frame


SCENES = {
    "six-turn": lambda: turn_frame(6, bank_running=False),
    "six-bank": lambda: turn_frame(6, bank_running=True),
    "six-wins": lambda: showdown_frame(6),
    "hu-turn": lambda: turn_frame(2, bank_running=False),
    "hu-bank": lambda: turn_frame(2, bank_running=True),
    "hu-wins": lambda: showdown_frame(2),
}


@pytest.fixture(scope="module")
def page(browser: Browser, server: Server) -> Any:
    # A player logged in with a table open: the header and the tab bar a real player has
    # above his table (the felt gets the height they leave, as it does for him).
    viewer = new_player(browser, server, "felt")
    viewer.register()
    viewer.goto("#/table/casino-fr-1")
    viewer.page.wait_for_selector("main .felt-wrap")
    viewer.page.wait_for_selector("#tabs .tab")
    yield viewer.page
    viewer.context.close()


def test_the_scenes_are_what_they_say(page: Page) -> None:
    """The frames draw what the felt test needs: the time bank offered and running, the wins
    tag, the button, two or six seats."""
    page.set_viewport_size(DESKTOP)
    page.evaluate(MOUNT, [[SCENES["six-turn"]()], "it"])
    assert page.locator("#fixture .seat:not(.empty)").count() == 6
    # the time bank left, in the player's bar (his clock is not running yet: no button)
    assert page.inner_text("#fixture .actions .bank-line") == "Riserva di tempo: 30 s"
    assert page.locator("#fixture .actions [data-control='time-bank']").count() == 0
    page.evaluate(MOUNT, [[SCENES["hu-bank"]()], "en"])
    assert page.locator("#fixture .seat").count() == 2
    assert page.inner_text("#fixture .seat.to-act .clock").startswith("Bank: 3")
    assert page.locator("#fixture .marker.button").count() == 1
    page.evaluate(MOUNT, [[SCENES["hu-wins"]()], "en"])
    assert page.inner_text("#fixture .seat .tag.win") == "Wins €168.00"
    assert page.locator("#fixture .centre .winners li").count() == 1


@pytest.mark.parametrize("scene", list(SCENES))
def test_nothing_in_the_felt_is_cut_or_covered(page: Page, scene: str, shots: Path) -> None:
    problems: list[str] = []
    frame = SCENES[scene]()
    for lang in LANGS:
        page.select_option("#lang", lang)  # the page's language (its clocks' ticker too)
        for w, h in SIZES:
            page.set_viewport_size({"width": w, "height": h})
            page.evaluate(MOUNT, [[frame], lang])
            page.wait_for_timeout(60)
            problems += [f"{scene} {lang} {w}x{h}: {p}" for p in overflows(page, "#fixture")]
            if lang == "it" or w in (1366, 390):
                page.screenshot(path=str(shots / f"felt-{scene}-{lang}-{w}x{h}.png"))
    page.select_option("#lang", "en")
    page.set_viewport_size(DESKTOP)
    assert problems == [], "\n".join(problems)
