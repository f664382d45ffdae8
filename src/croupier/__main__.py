"""``python -m croupier``: the ``croupier`` command."""

from croupier.cli import run

run()
