"""ACPC ``.game`` files, read as they are, and the croupier rules they describe.

A game definition lists, between ``GAMEDEF`` and ``END GAMEDEF``, the betting (``limit``
or ``nolimit``), ``numPlayers``, ``numRounds``, ``blind`` and ``stack`` per position,
``raiseSize`` and ``maxRaises`` per round (limit), ``firstPlayer`` per round (1-based),
``numSuits``, ``numRanks``, ``numHoleCards`` and ``numBoardCards``. croupier deals Texas
hold'em: four rounds, 52 cards, two hole cards, boards of 0 3 1 1, the first to act as
hold'em has it (after the big blind preflop, left of the button after). Any other game is
refused with what croupier can deal.

Positions are croupier's seats 0 .. N-1; the button is the seat before the small blind
(heads-up: the small blind itself).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from croupier.errors import ConfigurationError
from croupier.rules import BettingStructure, Rules, Stakes, tda

__all__ = ["GameDef", "parse_game", "read_game"]


@dataclass(frozen=True, slots=True)
class GameDef:
    """One ``.game`` file's hold'em."""

    limit: bool
    players: int
    blinds: tuple[int, ...]
    stacks: tuple[int, ...]
    raise_sizes: tuple[int, ...]
    max_raises: tuple[int, ...]
    first_player: tuple[int, ...]

    @property
    def big_blind(self) -> int:
        """The largest blind."""
        return max(self.blinds)

    @property
    def small_blind(self) -> int:
        """The smaller blind (the one below the big blind)."""
        return max((b for b in self.blinds if b < self.big_blind), default=0)

    @property
    def button(self) -> int:
        """The button's seat: the seat before the small blind (heads-up, the small blind)."""
        small = self.blinds.index(self.small_blind)
        return small if self.players == 2 else (small - 1) % self.players

    def rules(self) -> Rules:
        """croupier's rules for this game: the TDA rules at its stakes, no burn cards."""
        structure = BettingStructure.FIXED_LIMIT if self.limit else BettingStructure.NO_LIMIT
        base = tda(self.small_blind, self.big_blind, structure=structure)
        if not self.limit:
            return replace(base, name="acpc", burn_cards=False)
        stakes = Stakes(
            self.small_blind,
            self.big_blind,
            small_bet=self.raise_sizes[0],
            big_bet=self.raise_sizes[2],
        )
        # maxRaises counts raises after the big blind preflop: the cap of bets and raises is
        # one more before the flop (the blind counts) and the same after it
        return replace(
            base, name="acpc", stakes=stakes, burn_cards=False, raise_cap=self.max_raises[1]
        )

    def to_text(self) -> str:
        """The game as a ``.game`` file."""
        lines = ["GAMEDEF", "limit" if self.limit else "nolimit"]
        lines += [f"numPlayers = {self.players}", "numRounds = 4"]
        if not self.limit:
            lines.append("stack = " + " ".join(map(str, self.stacks)))
        lines.append("blind = " + " ".join(map(str, self.blinds)))
        if self.limit:
            lines.append("raiseSize = " + " ".join(map(str, self.raise_sizes)))
        lines.append("firstPlayer = " + " ".join(map(str, self.first_player)))
        if self.limit:
            lines.append("maxRaises = " + " ".join(map(str, self.max_raises)))
        lines += ["numSuits = 4", "numRanks = 13", "numHoleCards = 2", "numBoardCards = 0 3 1 1"]
        lines.append("END GAMEDEF")
        return "\n".join(lines) + "\n"


_HOLDEM = {"numRounds": (4,), "numSuits": (4,), "numRanks": (13,), "numHoleCards": (2,)}


def _ints(key: str, text: str) -> tuple[int, ...]:
    try:
        values = tuple(int(word) for word in text.split())
    except ValueError:
        raise ConfigurationError(f".game: {key} takes whole numbers, not {text!r}") from None
    if not values or any(v < 0 for v in values):
        raise ConfigurationError(f".game: {key} takes whole numbers >= 0, not {text!r}")
    return values


def parse_game(text: str) -> GameDef:
    """The game of a ``.game`` file's text; ConfigurationError says what is wrong."""
    lines = [line.split("#", 1)[0].strip() for line in text.splitlines()]
    lines = [line for line in lines if line]
    if (
        not lines
        or lines[0].upper() != "GAMEDEF"
        or "END GAMEDEF" not in (x.upper() for x in lines)
    ):
        raise ConfigurationError(".game: the text must run from GAMEDEF to END GAMEDEF")
    body = lines[1 : [x.upper() for x in lines].index("END GAMEDEF")]
    betting: str | None = None
    values: dict[str, tuple[int, ...]] = {}
    for line in body:
        if "=" not in line:
            word = line.lower()
            if word in ("limit", "nolimit"):
                betting = word
                continue
            if word == "potlimit":
                raise ConfigurationError(".game: pot-limit is not an ACPC betting croupier deals")
            raise ConfigurationError(f".game: {line!r} is neither 'key = values' nor a betting")
        key, _, rest = line.partition("=")
        values[key.strip()] = _ints(key.strip(), rest)
    if betting is None:
        raise ConfigurationError(".game: say 'limit' or 'nolimit'")
    players = values.get("numPlayers", (0,))[0]
    if not 2 <= players <= 10:
        raise ConfigurationError(f".game: numPlayers from 2 to 10, not {players}")
    for key, want in _HOLDEM.items():
        if values.get(key, want) != want:
            raise ConfigurationError(f".game: croupier deals Texas hold'em: {key} = {want[0]}")
    if values.get("numBoardCards", (0, 3, 1, 1)) != (0, 3, 1, 1):
        raise ConfigurationError(".game: croupier deals Texas hold'em: numBoardCards = 0 3 1 1")
    blinds = values.get("blind", ())
    if len(blinds) != players or max(blinds, default=0) == 0:
        raise ConfigurationError(f".game: blind needs {players} values, one per position")
    limit = betting == "limit"
    stacks = values.get("stack", (2**31 - 1,) * players) if not limit else (0,) * players
    if len(stacks) != players:
        raise ConfigurationError(f".game: stack needs {players} values, one per position")
    raise_sizes = values.get("raiseSize", ()) if limit else ()
    max_raises = values.get("maxRaises", ()) if limit else ()
    if limit and (len(raise_sizes) != 4 or len(max_raises) != 4):
        raise ConfigurationError(".game: a limit game needs raiseSize and maxRaises per round")
    if limit and (raise_sizes[0] != raise_sizes[1] or raise_sizes[2] != raise_sizes[3]):
        raise ConfigurationError(".game: croupier's limit has a small bet then a big bet")
    if limit and not (max_raises[0] + 1 == max_raises[1] == max_raises[2] == max_raises[3]):
        raise ConfigurationError(".game: croupier caps limit betting as maxRaises = k-1 k k k")
    game = GameDef(
        limit=limit,
        players=players,
        blinds=blinds,
        stacks=stacks,
        raise_sizes=raise_sizes,
        max_raises=max_raises,
        first_player=values.get("firstPlayer", ()),
    )
    expected = _first_players(game)
    if game.first_player and game.first_player != expected:
        raise ConfigurationError(
            f".game: firstPlayer {' '.join(map(str, game.first_player))} is not hold'em's"
            f" order for these blinds ({' '.join(map(str, expected))})"
        )
    return replace(game, first_player=expected)


def _first_players(game: GameDef) -> tuple[int, ...]:
    big = game.blinds.index(game.big_blind)
    preflop = (big + 1) % game.players
    after = (game.button + 1) % game.players
    return (preflop + 1, after + 1, after + 1, after + 1)


def read_game(path: str) -> GameDef:
    """The game of the ``.game`` file at ``path``."""
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except OSError as error:
        raise ConfigurationError(f".game: cannot read {path}: {error.strerror}") from None
    return parse_game(text)
