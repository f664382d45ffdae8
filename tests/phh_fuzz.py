"""Malformed PHH: random damage to real files and to files croupier wrote, read and replayed.

Every mutation of a valid file (characters dropped or inserted, numbers replaced by odd
values, lines shuffled or dropped, actions replaced by broken ones, fields added) must
either read and replay, or be refused with :class:`croupier.errors.HandHistoryError`
(a ``CroupierError``): never another exception. ``replay_phh`` never raises at all.

Run it as a script for a longer run::

    .venv/bin/python tests/phh_fuzz.py --files 2000 --mutations 50000 --seed 1
"""

from __future__ import annotations

import random
import re
import warnings
from collections import Counter
from collections.abc import Sequence

from croupier.errors import CroupierError
from croupier.history import dumps, loads, loads_all, replay_phh

__all__ = ["fuzz", "mutate"]

_ODD = (
    "-1",
    "0",
    "1e400",
    "inf",
    "-inf",
    "nan",
    "1.5",
    "99999999999999999999999",
    '"x"',
    "true",
    "[]",
    "{}",
    "[[1]]",
    "0.0000001",
    "1_000",
    "0x10",
    "-0",
    "1e-9",
    "[" * 40 + "]" * 40,
)
_ACTIONS = (
    "d dh p1 AsAs",
    "d db",
    "p0 f",
    "p99 cc",
    "p1 cbr 0",
    "p1 cbr -5",
    "p1 cbr 1e9",
    "p2 sm ????",
    "p1 sm -",
    "d dh p1",
    "p1 cbr",
    "p1 sd",
    "p1 pb",
    "d db AcAcAc",
    "d db XxYy",
    "p1 cc # x",
    "#",
    "",
    "p1 sm AsKsQs",
    "d dh p1 AsKs9c",
    "p1 cbr 1.5",
    "p1 f f",
    "d db AsKsQsJsTs9s",
)
_LINES = (
    "actions = []",
    "x = 1",
    "[1]",
    "antes = 5",
    "seats = [1, 1]",
    "time = 25:00:00",
    "time_banks = 'x'",
    "players = [1]",
    "finishing_stacks = [-1]",
    "_croupier_rules = 3",
    "_croupier_forced = [[1, 'big-blind']]",
    "_croupier_button = 'x'",
    "_croupier_scale = 0",
    "blinds_or_straddles = [-5, 10]",
    "variant = 'FT'",
    "starting_stacks = [inf, inf]",
    "x = " + "[" * 5000,
    "y = " + "{a=" * 3000,
)


def mutate(text: str, rng: random.Random) -> str:
    """One random damage to ``text``."""
    kind = rng.randrange(8)
    if kind == 0 and text:
        i = rng.randrange(len(text))
        return text[:i] + text[i + rng.randint(1, 5) :]
    if kind == 1:
        i = rng.randrange(len(text) + 1)
        return text[:i] + rng.choice("[]{}=\"',#\n 0129.-pdfcbrsmh?_\\\x00é") + text[i:]
    if kind == 2:
        numbers = list(re.finditer(r"\d+(\.\d+)?", text))
        if numbers:
            m = rng.choice(numbers)
            return text[: m.start()] + rng.choice(_ODD) + text[m.end() :]
    if kind == 3:
        lines = text.splitlines()
        rng.shuffle(lines)
        return "\n".join(lines)
    if kind == 4:
        lines = text.splitlines()
        if lines:
            del lines[rng.randrange(len(lines))]
        return "\n".join(lines)
    if kind == 5:
        strings = list(re.finditer(r"'[^'\n]*'|\"[^\"\n]*\"", text))
        if strings:
            m = rng.choice(strings)
            return text[: m.start()] + repr(rng.choice(_ACTIONS)) + text[m.end() :]
    if kind == 6:
        return text.replace("NT", rng.choice(["FT", "PO", "XX", ""]), 1)
    return text + "\n" + rng.choice(_LINES)


def fuzz(texts: Sequence[str], *, mutations: int, seed: int) -> Counter[str]:
    """Damage ``texts`` ``mutations`` times; count what happened. Other exceptions escape."""
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for _ in range(mutations):
            text = rng.choice(texts)
            for _ in range(rng.randint(1, 4)):
                text = mutate(text, rng)
            try:
                hands = loads_all(text) if text.lstrip().startswith("[") else [loads(text)]
            except CroupierError:
                seen["refused"] += 1
                continue
            for hand in hands:
                result = replay_phh(hand)  # never raises
                dumps(hand)
                seen["replayed" if result.error is None else "replay error"] += 1
    return seen


def _main() -> None:
    import argparse
    import sys
    import time
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from _paths import shared_phh_dir
    from _phh_hands import random_engine_hand
    from croupier.history import hand_to_phh, iter_phh_files

    parser = argparse.ArgumentParser(description="fuzz croupier's PHH reader")
    parser.add_argument("--files", type=int, default=500)
    parser.add_argument("--mutations", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    files = list(iter_phh_files(shared_phh_dir()))
    texts = [p.read_text() for p in rng.sample(files, min(args.files, len(files)))]
    texts += [dumps(hand_to_phh(random_engine_hand(rng))) for _ in range(args.files // 2)]
    began = time.perf_counter()
    seen = fuzz(texts, mutations=args.mutations, seed=args.seed)
    print(f"{args.mutations:,} mutations in {time.perf_counter() - began:.1f} s: {dict(seen)}")


if __name__ == "__main__":
    _main()
