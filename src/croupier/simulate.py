"""Bots against bots at one table, hand after hand, with the chips counted after every hand.

>>> result = simulate(hands=20, preset="tda", bots=["station", "random"], seed=7)
>>> result.chips_conserved, result.hands <= 20, sum(b.net for b in result.bots) + result.rake
(True, True, 0)

Cash presets rebuy a busted player (for his starting stack); tournament presets
raise the blinds every ``level_hands`` hands and stop when one player is left.
The same functions give the default games for ``croupier play``.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from croupier._checks import quote
from croupier.bots import Bot, make_bot
from croupier.engine import Hand
from croupier.errors import ConfigurationError
from croupier.rules import PRESETS, Rules, Stakes, preset
from croupier.table import HandSettled, Table

__all__ = [
    "BLIND_LEVELS",
    "DEFAULT_STAKES",
    "BotResult",
    "Simulation",
    "SimulationResult",
    "blind_level",
    "chunks_of",
    "default_rules",
    "default_stack",
    "merge_chunks",
    "play_chunk",
    "simulate",
]

DEFAULT_STAKES: dict[str, tuple[Any, ...]] = {
    "tda": (50, 100),
    "pokcomm": (25, 50),
    "italian": (50, 100),
    "pokerkings": (200, 400),  # in cents: the 2-4 euro game, small blind 1 euro (PKG-4)
    "casino-fr": ("no-limit", 100, 200),  # in cents: 1/2 euros, 4 % rake (CAS-23)
    "phh": ("no-limit", 50, 100),
}
"""The arguments each preset is built with by default (its blinds, its game)."""

_PRESET_KEYWORDS: dict[str, dict[str, Any]] = {"pokerkings": {"euro": 100}}

BLIND_LEVELS: tuple[int, ...] = (1, 2, 3, 4, 6, 8, 10, 15, 20, 30, 40, 60, 80, 100, 150, 200)
"""Tournament levels as multiples of the first level's blinds (whole numbers: no rounding)."""


def default_rules(name: str) -> Rules:
    """The preset ``name`` at its default stakes (:data:`DEFAULT_STAKES`)."""
    if name not in PRESETS:
        raise ConfigurationError(
            f"unknown preset {quote(name)}: choose one of {', '.join(sorted(PRESETS))}"
        )
    return preset(name, *DEFAULT_STAKES[name], **_PRESET_KEYWORDS.get(name, {}))


def default_stack(rules: Rules) -> int:
    """A starting stack of 100 big blinds."""
    return 100 * rules.stakes.big_blind


def blind_level(stakes: Stakes, level: int) -> Stakes:
    """The stakes of tournament level ``level`` (1 = ``stakes``), by :data:`BLIND_LEVELS`."""
    m = BLIND_LEVELS[min(level, len(BLIND_LEVELS)) - 1]
    return Stakes(
        stakes.small_blind * m,
        stakes.big_blind * m,
        ante=stakes.ante * m,
        straddle=stakes.straddle * m,
        min_bet=stakes.min_bet * m,
        small_bet=stakes.small_bet * m,
        big_bet=stakes.big_bet * m,
    )


@dataclass(frozen=True, slots=True)
class BotResult:
    """One seat's result: ``net`` is chips now minus every chip bought in."""

    seat: int
    bot: str
    name: str
    net: int
    hands: int
    """Hands the seat was dealt in."""
    buy_ins: int
    """Times it bought in (1 + rebuys)."""
    bb_per_100: float
    """Net in big blinds of the first level, per 100 hands dealt."""


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """What :func:`simulate` measured."""

    preset: str
    seed: int
    hands: int
    seconds: float
    chips_conserved: bool
    rake: int
    big_blind: int
    bots: tuple[BotResult, ...]
    stopped: str
    """Why it stopped: "hands" (all played) or "winner" (a tournament with one player left)."""

    @property
    def per_s(self) -> float:
        """Hands per second."""
        return self.hands / self.seconds if self.seconds > 0 else 0.0

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready dictionary (the ``--json`` output of ``croupier simulate``)."""
        return {
            "hands": self.hands,
            "per_s": round(self.per_s, 1),
            "chips_conserved": self.chips_conserved,
            "preset": self.preset,
            "seed": self.seed,
            "bots": [
                {
                    "seat": b.seat,
                    "bot": b.bot,
                    "name": b.name,
                    "net": b.net,
                    "hands": b.hands,
                    "buy_ins": b.buy_ins,
                    "bb_per_100": round(b.bb_per_100, 2),
                }
                for b in self.bots
            ],
            "rake": self.rake,
            "big_blind": self.big_blind,
            "stopped": self.stopped,
            "seconds": round(self.seconds, 3),
        }


class Simulation:
    """Bots at one table: :meth:`play_hand` deals and plays one hand, then checks the chips.

    The table shuffles with ``random.Random(seed)``; bot ``i`` (seat ``i + 1``) plays
    from its own seeded generator, so a seed replays the same session.
    """

    def __init__(
        self,
        *,
        rules: Rules,
        bots: Sequence[Bot],
        seed: int,
        stack: int | None = None,
        level_hands: int = 0,
    ) -> None:
        if len(bots) < 2:
            raise ConfigurationError(f"a simulation needs at least two bots, not {len(bots)}")
        self.rules = rules
        self.stack = default_stack(rules) if stack is None else stack
        self.level_hands = level_hands
        self.table = Table(rules, seats=len(bots), rng=random.Random(seed))
        self.bots: dict[int, Bot] = {}
        self.buy_ins: dict[int, int] = {}
        self.dealt: dict[int, int] = {}
        self.names: dict[int, str] = {}
        for i, bot in enumerate(bots):
            seat = i + 1
            name = f"{bot.kind}-{seat}"
            self.table.sit(name, self.stack, seat=seat)
            self.bots[seat], self.names[seat] = bot, name
            self.buy_ins[seat], self.dealt[seat] = 1, 0
        self.first_stakes = rules.stakes
        self.level = 1
        self.rake = 0
        self.hands = 0
        self.conserved = True
        self.last_hand: Hand | None = None
        """The hand :meth:`play_hand` played last."""

    @property
    def bought(self) -> int:
        """Every chip bought in so far."""
        return self.stack * sum(self.buy_ins.values())

    def chips(self) -> int:
        """Chips on the table plus the rake taken: always equal to :attr:`bought`."""
        return sum(ts.stack for ts in self.table) + self.rake

    def can_play(self) -> bool:
        """False once a tournament is down to one player."""
        return self.table.can_start()

    def play_hand(self) -> HandSettled:
        """Deal and play one hand; rebuy busted cash players; check that no chip was lost."""
        if self.rules.tournament and self.level_hands:
            level = 1 + self.hands // self.level_hands
            if level != self.level:
                self.level = level
                self.table.set_stakes(blind_level(self.first_stakes, level))
        hand = self.last_hand = self.table.start_hand()
        play_bots(hand, self.bots)
        settled = self.table.finish_hand()
        self.hands += 1
        self.rake += hand.rake
        for setup in hand.seats:
            self.dealt[setup.seat] += 1
        if not self.rules.tournament:
            for out in settled.eliminated:
                self.table.add_chips(out.player, self.stack)
                self.table.sit_in(out.player)
                self.buy_ins[out.seat] += 1
        start = sum(hand.starting_stacks.values())
        if hand.total_in_play != start or sum(hand.stacks.values()) + hand.rake != start:
            self.conserved = False
        if self.chips() != self.bought:
            self.conserved = False
        return settled

    def results(self) -> tuple[BotResult, ...]:
        """Each seat's net result so far."""
        stacks = {ts.seat: ts.stack for ts in self.table}
        big = self.first_stakes.big_blind
        out = []
        for seat, bot in self.bots.items():
            net = stacks.get(seat, 0) - self.stack * self.buy_ins[seat]
            hands = self.dealt[seat]
            rate = net / big * 100 / hands if hands else 0.0
            out.append(
                BotResult(seat, bot.kind, self.names[seat], net, hands, self.buy_ins[seat], rate)
            )
        return tuple(out)


def play_bots(hand: Hand, bots: dict[int, Bot]) -> None:
    """Play ``hand`` to its end, each seat's bot acting from its own view."""
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        hand.act(seat, bots[seat].act(hand.view(seat)))


def simulate(
    *,
    hands: int,
    bots: Sequence[str | Bot],
    preset: str = "tda",
    rules: Rules | None = None,
    seed: int | None = None,
    stack: int | None = None,
    level_hands: int | None = None,
    on_hand: Callable[[int], None] | None = None,
    on_played: Callable[[Hand, int], None] | None = None,
) -> SimulationResult:
    """Play up to ``hands`` hands of ``bots`` (names or bots) at one table and count the chips.

    ``rules`` overrides the preset's default game (:func:`default_rules`); ``seed``
    (random if None) drives the shuffles and the bots (bot ``i`` gets ``seed + i``);
    ``level_hands`` is the hands per tournament level (default 20; 0 keeps the
    blinds); ``on_hand(n)`` is called after each hand (for a progress bar), and
    ``on_played(hand, level)`` with the hand itself and its blind level (to save it).
    """
    if hands < 0:
        raise ConfigurationError(f"the number of hands must be >= 0, not {hands}")
    game = default_rules(preset) if rules is None else rules
    chosen = secrets.randbelow(2**31) if seed is None else seed
    players = [
        make_bot(b, seed=chosen + i) if isinstance(b, str) else b for i, b in enumerate(bots)
    ]
    sim = Simulation(
        rules=game,
        bots=players,
        seed=chosen,
        stack=stack,
        level_hands=20 if level_hands is None else level_hands,
    )
    stopped = "hands"
    began = time.perf_counter()
    for _ in range(hands):
        if not sim.can_play():
            stopped = "winner"
            break
        sim.play_hand()
        if on_played is not None and sim.last_hand is not None:
            on_played(sim.last_hand, sim.level)
        if on_hand is not None:
            on_hand(sim.hands)
    seconds = time.perf_counter() - began
    return SimulationResult(
        preset=game.name,
        seed=chosen,
        hands=sim.hands,
        seconds=seconds,
        chips_conserved=sim.conserved,
        rake=sim.rake,
        big_blind=sim.first_stakes.big_blind,
        bots=sim.results(),
        stopped=stopped,
    )


def play_chunk(
    chunk: int,
    *,
    hands: int,
    chunk_hands: int,
    bots: Sequence[str],
    preset: str,
    seed: int,
    stack: int | None = None,
    level_hands: int | None = None,
) -> dict[str, Any]:
    """Chunk ``chunk`` of a run of ``hands`` hands cut into sessions of ``chunk_hands``: a
    fresh table seeded :func:`croupier.runs.chunk_seed` (chunk 0: ``seed`` itself), the
    chips counted after every hand. Its :meth:`SimulationResult.as_dict` without timings."""
    from croupier.runs import chunk_seed

    start = chunk * chunk_hands
    if not 0 <= start < max(hands, 1):
        raise ConfigurationError(f"chunk {chunk} is past the {hands:,} hands of the run")
    result = simulate(
        hands=min(chunk_hands, hands - start),
        bots=bots,
        preset=preset,
        seed=chunk_seed(seed, chunk),
        stack=stack,
        level_hands=level_hands,
    ).as_dict()
    del result["seconds"], result["per_s"]
    return result


def chunks_of(hands: int, chunk_hands: int) -> int:
    """How many chunks of ``chunk_hands`` a run of ``hands`` hands has (one for 0 hands)."""
    return max(1, -(-hands // chunk_hands))


def merge_chunks(chunks: Sequence[dict[str, Any]], *, seed: int) -> dict[str, Any]:
    """The result of a run from its chunks (:func:`play_chunk`, in chunk order): each seat's
    chips and hands summed, its win rate over them all, the chips conserved in every chunk."""
    first = chunks[0]
    big = first["big_blind"]
    seats: dict[int, dict[str, Any]] = {}
    for chunk in chunks:
        for b in chunk["bots"]:
            seat = seats.setdefault(
                b["seat"], {**b, "net": 0, "hands": 0, "buy_ins": 0, "bb_per_100": 0.0}
            )
            seat["net"] += b["net"]
            seat["hands"] += b["hands"]
            seat["buy_ins"] += b["buy_ins"]
    for seat in seats.values():
        rate = seat["net"] / big * 100 / seat["hands"] if seat["hands"] else 0.0
        seat["bb_per_100"] = round(rate, 2)
    stopped: dict[str, int] = {}
    for chunk in chunks:
        stopped[chunk["stopped"]] = stopped.get(chunk["stopped"], 0) + 1
    return {
        "hands": sum(c["hands"] for c in chunks),
        "chips_conserved": all(c["chips_conserved"] for c in chunks),
        "preset": first["preset"],
        "seed": seed,
        "chunks": len(chunks),
        "bots": [seats[s] for s in sorted(seats)],
        "rake": sum(c["rake"] for c in chunks),
        "big_blind": big,
        "stopped": stopped,
    }
