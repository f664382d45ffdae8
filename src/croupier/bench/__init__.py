"""Benchmarks behind ``croupier bench ...``: the shared harness and one module per subject.

:mod:`croupier.bench.harness` times a piece of work (median of repeats) and prints
or dumps the rows; :mod:`croupier.bench.evaluator` and :mod:`croupier.bench.equity`
measure croupier beside the other Python poker libraries when they are installed
(``pip install 'croupier[bench]'``).
"""
