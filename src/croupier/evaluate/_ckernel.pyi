"""Types of the optional compiled kernel (_ckernel.c)."""

from collections.abc import Callable
from typing import Any

def set_fallback(function: Callable[[Any], int], /) -> None: ...
def init(keys: Any, values: Any, flush: Any, /) -> None: ...
def ready() -> bool: ...
def evaluate(cards: Any, /) -> int: ...
def batch(cards: Any, size: int, out: Any, /) -> None: ...
def all7(a: int, b: int, out: Any, /) -> None: ...
def hash_sizes() -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]: ...
def exact(
    hole_words: Any,
    hole_bits: Any,
    deck_words: Any,
    deck_bits: Any,
    base_word: int,
    base_bits: int,
    missing: int,
    threads: int,
    counts: Any,
    /,
) -> None: ...
def deal(
    hole_words: Any,
    hole_bits: Any,
    deck_words: Any,
    deck_bits: Any,
    base_word: int,
    base_bits: int,
    missing: int,
    keys: Any,
    deals: Any,
    threads: int,
    counts: Any,
    /,
) -> None: ...
