"""The engine compiled by mypyc (croupier.engine._native) plays exactly as the pure engine.

The same seeded random hands (every preset, 2 to 9 players, every kind of action offered,
and an illegal action tried at every decision) are played in two processes, one with the
compiled modules and one with ``CROUPIER_KERNEL=pure``: the events, the errors and their
messages, the final stacks and the chip counts must be the same. The choice itself is
checked too: pure when asked, and never a build older than the sources.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from croupier.engine import _native

BUILT = importlib.util.find_spec(_native.library(_native.sources_digest()) + "__mypyc") is not None
"""Whether the compiled engine of these sources is built (used unless CROUPIER_KERNEL=pure)."""


def test_make_test_runs_on_the_compiled_engine_when_a_compiler_is_at_hand() -> None:
    """``make test`` sets CROUPIER_EXPECT_NATIVE=1 when a C compiler is on the PATH: the fresh
    install it made must then have compiled the engine of these very sources."""
    if os.environ.get("CROUPIER_EXPECT_NATIVE") != "1":
        assert os.environ.get("CROUPIER_EXPECT_NATIVE") in (None, "0")
        return  # run by hand: a source edited since the last install runs the pure engine
    assert BUILT, "the install did not compile the engine (see the build's 'croupier:' line)"


needs_build = pytest.mark.skipif(
    not BUILT,
    reason="the compiled engine is not built here (no mypyc or C compiler at install, or a "
    "source changed since): the pure engine is what every other test runs",
)

_PROBE = """
import hashlib, json, random, sys
import croupier.engine.hand as hand_module
from croupier.cards import Deck
from croupier.engine import Action, Hand, SeatSetup, _native, event_to_dict
from croupier.errors import CroupierError
from croupier.rules import casino_fr, italian, phh, pokcomm, pokerkings, tda

presets = [
    pokcomm(25, 50, ante=5), pokerkings(15, 30, small_blind=7), italian(50, 100, ante=10),
    casino_fr("no-limit", 100, 200, option=True), casino_fr("pot-limit", 100, 200),
    casino_fr("fixed-limit", 100, 200), tda(50, 100, ante=100),
    tda(50, 100, structure="fixed-limit"), phh("no-limit", 50, 100),
    phh("fixed-limit", 50, 100),
]
digest = hashlib.sha256()
chips = hands = 0
for k, rules in enumerate(presets):
    rng = random.Random(k)
    for _ in range(int(sys.argv[1])):
        n = rng.randint(2, 9)
        seats = sorted(rng.sample(range(10), n))
        setups = [SeatSetup(s, f"p{s}", rng.choice((40, 700, 2_000, 10_000))) for s in seats]
        try:
            hand = Hand(rules=rules, seats=setups, button=rng.choice(seats),
                        deck=Deck.shuffled(rng), straddle=n >= 4 and rng.random() < 0.3)
        except CroupierError as error:
            digest.update(f"{type(error).__name__}: {error}".encode())
            continue
        total = hand.total_in_play
        while not hand.is_over:
            legal = hand.legal_actions()
            seat = legal.seat
            wrong = rng.choice((Action.check(), Action.raise_to(1), Action.call()))
            who = seat if rng.random() < 0.9 else seat + 1
            try:  # often illegal (out of turn, a check facing a bet, a raise to 1)
                digest.update(repr(hand.act(who, wrong)).encode())
                continue
            except CroupierError as error:
                digest.update(f"{type(error).__name__}: {error}".encode())
            if legal.show:
                choices = [Action.show()] + ([Action.muck()] if legal.muck else [])
            else:
                choices = [Action.timeout(), Action.put(rng.randint(0, legal.stack))]
                if legal.fold: choices.append(Action.fold())
                if legal.check: choices.append(Action.check())
                if legal.call is not None: choices.append(Action.call())
                if legal.min_raise_to is not None and legal.max_raise_to is not None:
                    choices.append(Action.raise_to(
                        rng.randint(legal.min_raise_to, legal.max_raise_to)))
                if legal.all_in is not None: choices.append(Action.all_in())
            move = hand.act(seat, rng.choice(choices))
            digest.update(repr((legal, move)).encode())
        assert hand.total_in_play == total
        chips += sum(hand.stacks.values()) + hand.rake
        hands += 1
        for event in hand.events:
            digest.update(json.dumps(event_to_dict(event), sort_keys=True).encode())
        digest.update(repr(Hand.replay(hand.events)).encode())
print(json.dumps({
    "engine": _native.name(),
    "hand_module": hand_module.__file__.rsplit(".", 1)[-1],
    "hands": hands,
    "chips": chips,
    "digest": digest.hexdigest(),
}))
"""


def _probe(kernel: str | None, hands: int = 150) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k != "CROUPIER_KERNEL"}
    if kernel is not None:
        env["CROUPIER_KERNEL"] = kernel
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, str(hands)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_croupier_kernel_pure_runs_the_pure_modules() -> None:
    forced = _probe("pure", hands=5)
    assert forced["engine"] == "pure"
    assert forced["hand_module"] == "py"


@needs_build
def test_the_compiled_engine_is_chosen_when_it_is_built() -> None:
    default = _probe(None, hands=5)
    assert default["engine"] == "mypyc"
    assert default["hand_module"] == "so"


@needs_build
def test_the_compiled_engine_plays_random_hands_as_the_pure_one() -> None:
    compiled, pure = _probe(None), _probe("pure")
    assert (compiled["engine"], pure["engine"]) == ("mypyc", "pure")
    assert compiled["hands"] == pure["hands"] and int(str(pure["hands"])) > 1_000
    assert compiled["chips"] == pure["chips"]
    assert compiled["digest"] == pure["digest"]


def test_a_build_is_named_by_the_digest_of_its_sources(tmp_path: Path) -> None:
    package = Path(_native.__file__).resolve().parent.parent
    copy = tmp_path / "croupier"
    for relative in _native.DIGESTED:
        (copy / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(package / relative, copy / relative)
    same = _native.sources_digest(copy)
    assert same == _native.sources_digest(package)
    hand = copy / "engine" / "hand.py"
    hand.write_text(hand.read_text() + "\n# edited\n")
    edited = _native.sources_digest(copy)
    assert edited != same
    assert _native.library(edited) != _native.library(same)
    assert _native.library(same) == f"croupier.engine._native_{same}"
