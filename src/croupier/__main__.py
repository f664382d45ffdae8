"""``python -m croupier``: the ``croupier`` command."""

from croupier.cli.main import app

app(prog_name="croupier")
