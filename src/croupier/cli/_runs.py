"""What the commands that play seeded chunks share (``simulate``, ``tournament simulate``):
the options ``--checkpoint``, ``--resume``, ``--backend`` and ``--address``, and their checks,
made before anything is played."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer

from croupier._checks import quote
from croupier.cli._files import check_output_file
from croupier.errors import ConfigurationError
from croupier.runs import BACKENDS

__all__ = ["AddressOption", "BackendOption", "CheckpointOption", "ResumeOption", "Spread"]

CheckpointOption = Annotated[
    Path | None,
    typer.Option("--checkpoint", help="Record each finished chunk in this file (JSON lines)."),
]
ResumeOption = Annotated[
    bool, typer.Option("--resume", help="Continue the killed run of the --checkpoint.")
]
BackendOption = Annotated[
    str, typer.Option("--backend", help="process (this machine) or ray (pip install ray).")
]
AddressOption = Annotated[
    str | None, typer.Option("--address", help="The Ray cluster (--backend ray).")
]


@dataclass(frozen=True, slots=True)
class Spread:
    """How a command's chunks are played: in how many processes, where, and with what record."""

    parallel: int | None
    checkpoint: Path | None
    resume: bool
    backend: str
    address: str | None

    @property
    def asked(self) -> bool:
        """Whether any of the options asked for chunks rather than one plain run."""
        return (
            self.parallel is not None
            or self.checkpoint is not None
            or self.resume
            or self.backend != "process"
            or self.address is not None
        )

    def check(self) -> None:
        """Raise :class:`ConfigurationError` for options that do not go together."""
        if self.backend not in BACKENDS:
            raise ConfigurationError(
                f"--backend {quote(self.backend)}: choose {' or '.join(BACKENDS)}"
            )
        if self.address is not None:
            if self.backend != "ray":
                raise ConfigurationError("--address is the Ray cluster's: give --backend ray")
            if not self.address.strip() or "\x00" in self.address or len(self.address) > 512:
                raise ConfigurationError(f"--address {quote(self.address)}: a Ray address")
        if self.resume and self.checkpoint is None:
            raise ConfigurationError("--resume continues the run of a --checkpoint: give one")
        if self.checkpoint is not None:
            check_output_file("--checkpoint", self.checkpoint)

    def run(
        self,
        play: Callable[[int], Any],
        chunks: int,
        *,
        settings: dict[str, Any],
        on_done: Callable[[int, int], None] | None = None,
    ) -> list[Any]:
        """:func:`croupier.runs.run_chunks` with these options (one process when not asked)."""
        from croupier.runs import run_chunks

        return run_chunks(
            play,
            chunks,
            parallel=self.parallel or 1,
            checkpoint=self.checkpoint,
            settings=settings,
            resume=self.resume,
            on_done=on_done,
            backend=self.backend,
            address=self.address,
        )
