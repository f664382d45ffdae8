"""The operations fuzzer's runner: random operations, checks after each, the restored twin.

A :class:`Run` builds one object (a table, a cash room, a tournament) from a seed and
applies random operations to it, good and bad, during hands and between them, with random
players making every decision of the hands. After each operation it checks the object's
invariants (chips and money kept exactly) and that an operation refused with a croupier
error changed nothing (its snapshot is unchanged). Once per run it snapshots the object,
restores a twin from the JSON text of the snapshot, and applies the next operations to
both, comparing what each returns or raises and their snapshots after every one.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from croupier.cards import Card
from croupier.engine import Action, Hand
from croupier.errors import CroupierError

__all__ = ["FuzzFailure", "FuzzReport", "Op", "Run", "random_action", "run_many"]

T = TypeVar("T")

BAD_NUMBERS: tuple[object, ...] = (-50, 0, 2.5, "100", True, None, 10**30, float("nan"))
"""Amounts that are wrong whatever is asked (some are right for a few parameters)."""


class FuzzFailure(AssertionError):
    """The fuzzer found a bug: what failed, at which step of which seed."""

    def __init__(self, target: str, seed: int, step: int, op: str, detail: str, log: list[str]):
        self.target, self.seed, self.step, self.op, self.detail = target, seed, step, op, detail
        self.log = log
        super().__init__(
            f"{target} seed {seed}, step {step} ({op}): {detail}"
            f"\n  reproduce: croupier fuzz {target} --runs 1 --seed {seed}"
            + "".join(f"\n  {line}" for line in log)
        )


@dataclass
class Op:
    """One operation: ``run(target)``; ``bad``: it must be refused; ``shared``: it acts
    on what the original and its twin share (the clock), so it runs once."""

    name: str
    run: Callable[[Any], object]
    bad: bool = False
    shared: bool = False
    book: Callable[[Any], None] | None = None
    """Called with what the original returned once it accepted the operation (counters)."""


@dataclass
class FuzzReport:
    """What a batch of runs did."""

    target: str
    runs: int
    operations: int = 0
    refused: int = 0
    hands: int = 0
    twins: int = 0
    failures: list[FuzzFailure] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dictionary."""
        return {
            "target": self.target,
            "runs": self.runs,
            "operations": self.operations,
            "refused": self.refused,
            "hands": self.hands,
            "twins": self.twins,
            "failures": [str(f) for f in self.failures],
        }


def random_action(hand: Hand, rng: random.Random) -> Action:
    """A random legal decision for the player to act (every kind the rules offer)."""
    legal = hand.legal_actions()
    if legal.show or legal.muck:
        return (
            Action.show()
            if legal.show and (not legal.muck or rng.random() < 0.6)
            else Action.muck()
        )
    choices: list[Action] = [Action.timeout()]
    if legal.fold:
        choices += [Action.fold()] * 2
    if legal.check:
        choices += [Action.check()] * 4
    if legal.call is not None:
        choices += [Action.call()] * 4
    if legal.min_raise_to is not None and legal.max_raise_to is not None:
        choices.append(Action.raise_to(legal.min_raise_to))
        choices.append(Action.raise_to(rng.randint(legal.min_raise_to, legal.max_raise_to)))
    if legal.all_in is not None:
        choices.append(Action.all_in())
    return rng.choice(choices)


def _norm(value: object) -> object:
    """What an operation returned, comparable between the original and its twin."""
    if isinstance(value, Hand):
        return ("hand", value.events)
    if isinstance(value, list | tuple) and not hasattr(value, "_fields"):
        return [_norm(v) for v in value]
    if isinstance(value, Card | str | int | float | bool | type(None) | dict) or hasattr(
        value, "_fields"
    ):
        return value
    return repr(value)


class Run(ABC, Generic[T]):
    """One fuzzed object: build it, then :meth:`step` until the run is over."""

    target = "object"
    snapshot_share = 0.1
    """Share of the ordinary operations checked for changing nothing when refused (the
    deliberately bad ones are always checked)."""

    def __init__(self, seed: int, *, steps: int, twin_steps: int = 25) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.steps = steps
        self.twin_steps = twin_steps
        self.twin_at = self.rng.randrange(steps)
        self.obj: T = self.build()
        self.twin: T | None = None
        self.twin_left = 0
        self.step_no = 0
        self.refused = 0
        self.hands = 0
        self.twins = 0
        self.log: deque[str] = deque(maxlen=12)

    # ---------------------------------------------------------- subclasses
    @abstractmethod
    def build(self) -> T:
        """The object to fuzz."""

    @abstractmethod
    def choose(self) -> Op:
        """The next operation, drawn from ``self.rng`` with the original's state."""

    @abstractmethod
    def check(self) -> None:
        """The invariants after an operation (raise AssertionError with a message)."""

    @abstractmethod
    def snap(self, obj: T) -> dict[str, Any]:
        """``obj.snapshot()``."""

    @abstractmethod
    def restore(self, data: dict[str, Any]) -> T:
        """The twin, from a snapshot's JSON data."""

    def after(self, op: Op, outcome: object) -> None:
        """Book-keeping after an operation the original accepted (counters for checks)."""
        if op.book is not None:
            op.book(outcome)

    # ------------------------------------------------------------- running
    def fail(self, op: str, detail: str) -> FuzzFailure:
        """A failure at this step, with the last operations."""
        return FuzzFailure(self.target, self.seed, self.step_no, op, detail, list(self.log))

    def _apply(self, op: Op, obj: T) -> tuple[bool, object]:
        try:
            return True, _norm(op.run(obj))
        except CroupierError as exc:
            return False, (type(exc).__name__, str(exc))

    def step(self) -> None:
        """Choose one operation, apply it (to the twin too), check everything."""
        if self.step_no == self.twin_at:
            self._make_twin()
        op = self.choose()
        self.log.append(f"{self.step_no}: {op.name}")
        before = self.snap(self.obj) if op.bad or self.rng.random() < self.snapshot_share else None
        try:
            ok, outcome = True, op.run(self.obj)
        except CroupierError as exc:
            ok, outcome = False, (type(exc).__name__, str(exc))
        except AssertionError as exc:
            raise self.fail(op.name, str(exc)) from exc
        except Exception as exc:
            raise self.fail(op.name, f"crashed: {type(exc).__name__}: {exc}") from exc
        if not ok:
            self.refused += 1
            if before is not None and self.snap(self.obj) != before:
                raise self.fail(op.name, f"refused ({outcome}) but changed the state")
        elif op.bad:
            raise self.fail(op.name, f"accepted bad input (returned {outcome!r:.200})")
        else:
            self.after(op, outcome)
            outcome = _norm(outcome)
        try:
            self.check()
        except Exception as exc:  # an AssertionError, or the books' own LedgerError
            raise self.fail(op.name, f"check failed: {type(exc).__name__}: {exc}") from exc
        if self.twin is not None:
            self._twin_step(op, ok, outcome)
        self.step_no += 1

    def _make_twin(self) -> None:
        data = self.snap(self.obj)
        text = json.dumps(data)
        if json.loads(text) != data:
            raise self.fail("snapshot", "the snapshot is not JSON-ready")
        try:
            twin = self.restore(json.loads(text))
        except Exception as exc:
            raise self.fail("restore", f"crashed: {type(exc).__name__}: {exc}") from exc
        if self.snap(twin) != data:
            raise self.fail("restore", "the restored object's snapshot differs")
        self.twin, self.twin_left = twin, self.twin_steps
        self.twins += 1

    def _twin_step(self, op: Op, ok: bool, outcome: object) -> None:
        assert self.twin is not None
        if not op.shared:
            try:
                twin_ok, twin_outcome = self._apply(op, self.twin)
            except Exception as exc:
                raise self.fail(op.name, f"the twin crashed: {type(exc).__name__}: {exc}") from exc
            if (twin_ok, twin_outcome) != (ok, outcome):
                raise self.fail(
                    op.name, f"the twin did otherwise: {twin_outcome!r:.300} vs {outcome!r:.300}"
                )
        if self.snap(self.twin) != self.snap(self.obj):
            raise self.fail(op.name, "the twin's state differs from the original's")
        self.twin_left -= 1
        if self.twin_left <= 0:
            self.twin = None

    def done(self) -> bool:
        """True when nothing more can happen (a finished tournament)."""
        return False

    def run(self) -> None:
        """Every step of the run."""
        while self.step_no < self.steps and not self.done():
            self.step()


def run_many(
    make: Callable[[int], Run[Any]],
    *,
    runs: int,
    seed: int,
    target: str,
    stop_at_first: bool = True,
    progress: Callable[[int], None] | None = None,
) -> FuzzReport:
    """Runs seeded ``seed``, ``seed + 1`` ... (a failing one reproduces alone)."""
    report = FuzzReport(target, runs)
    for k in range(runs):
        run = None
        try:
            try:
                run = make(seed + k)
            except Exception as exc:
                raise FuzzFailure(target, seed + k, -1, "build", repr(exc), []) from exc
            run.run()
        except FuzzFailure as failure:
            report.failures.append(failure)
            if stop_at_first:
                break
        finally:
            if run is not None:
                report.operations += run.step_no
                report.refused += run.refused
                report.hands += run.hands
                report.twins += run.twins
        if progress is not None:
            progress(k + 1)
    return report
