"""Registration: who plays, confirmed adult (POK-1-2), present or not yet arrived.

Registering implies accepting the rules (POK-1-1). A registration without the adult
confirmation is refused with :class:`RegistrationError`. Late registration is open while
the clock is within the structure's late-registration levels; absent players are dealt
in and blinded until they arrive (POK-3-1, handled by the tables).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from croupier.errors import CroupierError

__all__ = ["Entry", "RegistrationError", "Registry"]


class RegistrationError(CroupierError):
    """A registration the rules refuse (a minor, a name taken, registration closed)."""


@dataclass
class Entry:
    """One registered player."""

    player: str
    registered_at: float
    late: bool = False
    arrived: bool = True
    """False until a player registered in advance reaches his seat (POK-3-1)."""
    rebuys: int = 0
    add_on: bool = False


class Registry:
    """The players registered, in order of registration.

    >>> registry = Registry()
    >>> registry.register("ann", adult=True, at=0.0).player
    'ann'
    >>> registry.register("kid", adult=False, at=0.0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    croupier.room.tournament.registration.RegistrationError: kid cannot register: minors ...
    """

    def __init__(self) -> None:
        self._entries: dict[str, Entry] = {}
        self._rebuys = 0
        self._add_ons = 0
        self.not_arrived: set[str] = set()
        """Players registered in advance who have not reached their seat yet."""

    def register(
        self, player: str, *, adult: bool, at: float, late: bool = False, arrived: bool = True
    ) -> Entry:
        """Register ``player``; ``adult`` must be True (POK-1-2)."""
        if not isinstance(player, str) or not player.strip():
            raise RegistrationError(f"a player registers under a name, not {player!r}")
        if adult is not True:
            raise RegistrationError(
                f"{player} cannot register: minors are not accepted (POK-1-2);"
                " his being an adult must be confirmed first"
            )
        if player in self._entries:
            raise RegistrationError(f"{player} is already registered")
        entry = Entry(player, at, late=late, arrived=arrived)
        self._entries[player] = entry
        if not arrived:
            self.not_arrived.add(player)
        return entry

    def arrive(self, player: str) -> None:
        """``player`` has reached his seat."""
        self[player].arrived = True
        self.not_arrived.discard(player)

    def record_rebuy(self, player: str) -> None:
        """``player`` rebought once more."""
        self[player].rebuys += 1
        self._rebuys += 1

    def record_add_on(self, player: str) -> None:
        """``player`` took the add-on."""
        self[player].add_on = True
        self._add_ons += 1

    def __getitem__(self, player: str) -> Entry:
        try:
            return self._entries[player]
        except KeyError:
            raise RegistrationError(f"{player!r} is not registered") from None

    def __contains__(self, player: object) -> bool:
        return player in self._entries

    def __iter__(self) -> Iterator[Entry]:
        return iter(self._entries.values())

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def players(self) -> list[str]:
        """Every registered player, in order of registration."""
        return list(self._entries)

    @property
    def rebuys(self) -> int:
        """Rebuys taken by all players."""
        return self._rebuys

    @property
    def add_ons(self) -> int:
        """Add-ons taken by all players."""
        return self._add_ons
