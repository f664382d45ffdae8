"""The ``croupier`` command line: one module per command, gathered in :mod:`croupier.cli.main`."""
