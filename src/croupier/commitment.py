"""The deck commitment: proof, card by card, that the deck was not changed during the hand.

At the start of a hand the server publishes a *root*: a SHA-256 Merkle root over the
shuffled deck, one leaf per position, each leaf the hash of the position, the card there
and a 32-byte secret salt. Each card a player may see (his hole cards, the board, the
hands shown) comes with a :class:`Proof`: its position, the card, its salt and the
hashes of the sibling subtrees on the way to the root. Anyone holding the root and a
proof can check that the card was the one committed before the first action::

    >>> import random
    >>> from croupier.cards import Deck
    >>> root, opening = commit(Deck.shuffled(random.Random(1)), rng=random.Random(2))
    >>> proof = prove(opening, 0)
    >>> verify(root, proof)
    True
    >>> verify(root, prove(opening, 1).but(position=0))
    False

A proof reveals its own leaf and nothing else: every other leaf enters it only as a
digest over a salt that is never published, so the undealt cards and the burns stay
secret (no rabbit hunting, TDA R28). The :class:`Opening` (every card and every salt)
stays with the server. docs/commitment.md explains the scheme and how a player checks it;
``croupier verify FILE`` checks a hand's published data (:class:`HandProofs`).

The tree is the one of RFC 9162 (Certificate Transparency 2.0), section 2.1: a leaf hash
is ``SHA-256(0x00 || position || card || salt)``, an inner node
``SHA-256(0x01 || left || right)``, and the tree over ``n`` leaves splits at the largest
power of two below ``n``. The published root binds the deck's size:
``SHA-256(0x02 || b"croupier-deck-v1" || size || tree hash)``.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from croupier.cards import Card, Deck, parse_cards
from croupier.errors import CroupierError, DeckError

__all__ = [
    "DOMAIN",
    "FORMAT",
    "SALT_BYTES",
    "CommitmentError",
    "HandProofs",
    "Opening",
    "Proof",
    "commit",
    "leaf_hash",
    "node_hash",
    "prove",
    "prove_cards",
    "root_hash",
    "verify",
]

DOMAIN: Final = b"croupier-deck-v1"
"""Bound into every root, so that a root of this scheme means nothing in any other."""
SALT_BYTES: Final = 32
"""Bytes of secret salt per position: 256 bits, drawn from ``secrets``."""
FORMAT: Final = "croupier-deck-proofs"
"""The ``format`` field of a hand's published data (:class:`HandProofs`)."""
VERSION: Final = 1
"""The ``version`` field of a hand's published data."""

_LEAF: Final = b"\x00"
_NODE: Final = b"\x01"
_ROOT: Final = b"\x02"
_HEX_DIGEST: Final = 2 * hashlib.sha256().digest_size
_MAX_SIZE: Final = 52


class CommitmentError(CroupierError):
    """A root, a proof or a hand's published data is malformed."""


def leaf_hash(position: int, card: Card, salt: bytes) -> bytes:
    """The leaf of one deck position: ``SHA-256(0x00 || position || card || salt)``.

    ``position`` is one byte (0 is the top card), ``card`` its two ASCII characters
    (``b"As"``), ``salt`` the position's 32 secret bytes.
    """
    return hashlib.sha256(_LEAF + bytes((position,)) + str(card).encode() + salt).digest()


def node_hash(left: bytes, right: bytes) -> bytes:
    """An inner node of the tree: ``SHA-256(0x01 || left || right)``."""
    return hashlib.sha256(_NODE + left + right).digest()


def root_hash(size: int, tree: bytes) -> str:
    """The published root, in hex: ``SHA-256(0x02 || DOMAIN || size || tree hash)``."""
    return hashlib.sha256(_ROOT + DOMAIN + bytes((size,)) + tree).hexdigest()


def _split(n: int) -> int:
    """The largest power of two below ``n`` (n >= 2): where RFC 9162 splits a tree."""
    return 1 << ((n - 1).bit_length() - 1)


def _path_length(position: int, size: int) -> int:
    """How many sibling hashes the proof of ``position`` in a tree of ``size`` leaves has."""
    length, lo, hi = 0, 0, size
    while hi - lo > 1:
        k = _split(hi - lo)
        if position < lo + k:
            hi = lo + k
        else:
            lo += k
        length += 1
    return length


@dataclass(frozen=True, slots=True)
class Proof:
    """One card's proof: the card at ``position`` of a committed deck of ``size`` cards.

    ``path`` holds the sibling hashes from the leaf up to the tree's top (RFC 9162's
    inclusion proof). It reveals the card and salt of this position only.
    """

    position: int
    card: Card
    salt: bytes
    path: tuple[bytes, ...]
    size: int = _MAX_SIZE

    def __post_init__(self) -> None:
        if not isinstance(self.size, int) or isinstance(self.size, bool):
            raise CommitmentError(f"deck size {self.size!r} is not a whole number")
        if not 1 <= self.size <= _MAX_SIZE:
            raise CommitmentError(f"deck size {self.size} is out of range: 1 to {_MAX_SIZE}")
        if not isinstance(self.position, int) or isinstance(self.position, bool):
            raise CommitmentError(f"position {self.position!r} is not a whole number")
        if not 0 <= self.position < self.size:
            raise CommitmentError(
                f"position {self.position} is outside a deck of {self.size}:"
                f" positions run from 0 to {self.size - 1}"
            )
        if not isinstance(self.card, Card):
            raise CommitmentError(f"{self.card!r} is not a Card")
        if not isinstance(self.salt, bytes) or len(self.salt) != SALT_BYTES:
            raise CommitmentError(f"a salt is {SALT_BYTES} bytes, not {self.salt!r}")
        if not isinstance(self.path, tuple) or not all(
            isinstance(h, bytes) and len(h) == _HEX_DIGEST // 2 for h in self.path
        ):
            raise CommitmentError("a proof's path is a tuple of 32-byte hashes")
        expected = _path_length(self.position, self.size)
        if len(self.path) != expected:
            raise CommitmentError(
                f"the proof of position {self.position} in a deck of {self.size} has"
                f" {expected} sibling hashes, not {len(self.path)}"
            )

    def but(self, **changes: Any) -> Proof:
        """A copy with some fields changed (for tests of forged proofs)."""
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``{"position", "card", "salt", "size", "path"}``, hashes in hex."""
        return {
            "position": self.position,
            "card": str(self.card),
            "salt": self.salt.hex(),
            "size": self.size,
            "path": [h.hex() for h in self.path],
        }

    @classmethod
    def from_dict(cls, data: object) -> Proof:
        """Read the JSON form written by :meth:`to_dict`; :class:`CommitmentError` if bad."""
        if not isinstance(data, Mapping):
            raise CommitmentError(f"a proof is a JSON object, not {_quote(data)}")
        missing = [k for k in ("position", "card", "salt", "path") if k not in data]
        if missing:
            raise CommitmentError(f"a proof needs {', '.join(missing)}: got {_quote(data)}")
        unknown = sorted(set(data) - {"position", "card", "salt", "size", "path"})
        if unknown:
            raise CommitmentError(f"a proof has unknown fields: {', '.join(map(str, unknown))}")
        card = data["card"]
        if not isinstance(card, str):
            raise CommitmentError(f"a proof's card is written like 'As', not {_quote(card)}")
        try:
            (parsed,) = parse_cards(card)
        except ValueError:
            raise CommitmentError(f"{card!r} is not one card: write it like 'As'") from None
        path = data["path"]
        if not isinstance(path, list):
            raise CommitmentError(f"a proof's path is a list of hashes, not {_quote(path)}")
        return cls(
            position=_whole(data["position"], "position"),
            card=parsed,
            salt=_bytes(data["salt"], "salt", SALT_BYTES),
            path=tuple(_bytes(h, "path hash", _HEX_DIGEST // 2) for h in path),
            size=_whole(data.get("size", _MAX_SIZE), "size"),
        )


class Opening:
    """The server's secret side of a commitment: every card and every salt. Never sent.

    It proves any position (:func:`prove`); the server proves only the cards a player
    may see. Stored with the hand (:meth:`to_dict`) so that a restarted server can go on
    proving the cards still to come.
    """

    __slots__ = ("_cards", "_nodes", "_salts", "root")

    def __init__(self, cards: Sequence[Card], salts: Sequence[bytes]) -> None:
        if len(cards) != len(salts):
            raise CommitmentError(f"{len(cards)} cards but {len(salts)} salts")
        _check_deck(cards)
        for salt in salts:
            if not isinstance(salt, bytes) or len(salt) != SALT_BYTES:
                raise CommitmentError(f"a salt is {SALT_BYTES} bytes, not {salt!r}")
        self._cards = tuple(cards)
        self._salts = tuple(salts)
        self._nodes: dict[tuple[int, int], bytes] = {}
        self.root: str = root_hash(len(self._cards), self._tree(0, len(self._cards)))
        """The published root, in hex."""

    def _tree(self, lo: int, hi: int) -> bytes:
        """The hash of the subtree over positions ``lo`` to ``hi - 1`` (cached)."""
        key = (lo, hi)
        node = self._nodes.get(key)
        if node is None:
            if hi - lo == 1:
                node = leaf_hash(lo, self._cards[lo], self._salts[lo])
            else:
                k = lo + _split(hi - lo)
                node = node_hash(self._tree(lo, k), self._tree(k, hi))
            self._nodes[key] = node
        return node

    @property
    def size(self) -> int:
        """Cards committed (52 for a real deck)."""
        return len(self._cards)

    @property
    def deck(self) -> Deck:
        """The deck committed, top first (secret: the server's own)."""
        return Deck(self._cards)

    def position_of(self, card: Card) -> int:
        """Where ``card`` lies in the committed deck (0 is the top)."""
        try:
            return self._cards.index(card)
        except ValueError:
            raise CommitmentError(f"{card!r} is not in the committed deck") from None

    def to_dict(self) -> dict[str, Any]:
        """The server's stored form: ``{"cards": "AsKd...", "salts": [hex, ...]}``."""
        return {"cards": "".join(map(str, self._cards)), "salts": [s.hex() for s in self._salts]}

    @classmethod
    def from_dict(cls, data: object) -> Opening:
        """Read the stored form written by :meth:`to_dict`."""
        if not isinstance(data, Mapping) or set(data) != {"cards", "salts"}:
            raise CommitmentError("an opening is a JSON object with 'cards' and 'salts'")
        cards, salts = data["cards"], data["salts"]
        if not isinstance(cards, str) or not isinstance(salts, list):
            raise CommitmentError("an opening's cards are a string and its salts a list")
        try:
            parsed = parse_cards(cards, distinct=False)
        except ValueError as error:
            raise CommitmentError(f"an opening's cards do not parse: {error}") from None
        return cls(parsed, [_bytes(s, "salt", SALT_BYTES) for s in salts])

    def __repr__(self) -> str:
        # Never the cards: an opening printed in a log would reveal the deck.
        return f"<Opening of {self.size} cards, root {self.root[:16]}...>"


def commit(deck: Deck | Sequence[Card], *, rng: random.Random | None = None) -> tuple[str, Opening]:
    """Commit to ``deck``: return the root to publish and the opening to keep secret.

    Salts come from ``secrets`` unless a seeded ``rng`` is injected (tests only: a
    predictable salt lets anyone read the undealt cards off the root).
    """
    cards = tuple(deck)
    _check_deck(cards)
    n = len(cards) * SALT_BYTES
    blob = secrets.token_bytes(n) if rng is None else rng.randbytes(n)
    salts = [blob[i : i + SALT_BYTES] for i in range(0, n, SALT_BYTES)]
    opening = Opening(cards, salts)
    return opening.root, opening


def prove(opening: Opening, position: int) -> Proof:
    """The proof of the card at ``position`` (0 is the top of the deck).

    Only for a card the player may see: a proof reveals its card.
    """
    size = opening.size
    if not isinstance(position, int) or isinstance(position, bool) or not 0 <= position < size:
        raise CommitmentError(
            f"position {position!r} is not in the deck: positions run from 0 to {size - 1}"
        )
    path: list[bytes] = []
    lo, hi = 0, size
    while hi - lo > 1:
        k = lo + _split(hi - lo)
        if position < k:
            path.append(opening._tree(k, hi))
            hi = k
        else:
            path.append(opening._tree(lo, k))
            lo = k
    path.reverse()  # leaf to top
    return Proof(
        position=position,
        card=opening._cards[position],
        salt=opening._salts[position],
        path=tuple(path),
        size=size,
    )


def prove_cards(opening: Opening, cards: Iterable[Card]) -> tuple[Proof, ...]:
    """The proofs of ``cards``, in deck order: give it the cards a player's view shows
    (``HandView.visible_cards()``) and it proves exactly those, never a burn or an undealt
    card."""
    return tuple(prove(opening, p) for p in sorted({opening.position_of(c) for c in cards}))


def verify(root: str, proof: Proof) -> bool:
    """True if ``proof``'s card is the one committed at its position under ``root``.

    Follows RFC 9162's verification of an inclusion proof, then binds the size.
    """
    expected = _root_text(root)
    node = leaf_hash(proof.position, proof.card, proof.salt)
    index, last = proof.position, proof.size - 1
    for sibling in proof.path:
        if last == 0:
            return False
        if index & 1 or index == last:
            node = node_hash(sibling, node)
            if not index & 1:
                while index and not index & 1:
                    index >>= 1
                    last >>= 1
        else:
            node = node_hash(node, sibling)
        index >>= 1
        last >>= 1
    return last == 0 and secrets.compare_digest(root_hash(proof.size, node), expected)


@dataclass(frozen=True, slots=True)
class HandProofs:
    """A hand's published data for one player: the root and the proofs of what he saw.

    Its JSON form (docs/commitment.md)::

        {"format": "croupier-deck-proofs", "version": 1, "hand": "table 3, hand 1042",
         "root": "<64 hex digits>", "proofs": [<Proof.to_dict()>, ...]}

    ``hand`` is a free label (may be absent).
    """

    root: str
    proofs: tuple[Proof, ...]
    hand: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "root", _root_text(self.root))
        if not isinstance(self.proofs, tuple) or not all(isinstance(p, Proof) for p in self.proofs):
            raise CommitmentError("a hand's proofs are a tuple of Proof values")
        if self.hand is not None and not isinstance(self.hand, str):
            raise CommitmentError(f"'hand' is a label, not {_quote(self.hand)}")

    def check(self) -> tuple[bool, ...]:
        """Whether each proof, in order, verifies against the root."""
        return tuple(verify(self.root, p) for p in self.proofs)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        data: dict[str, Any] = {"format": FORMAT, "version": VERSION}
        if self.hand is not None:
            data["hand"] = self.hand
        data["root"] = self.root
        data["proofs"] = [p.to_dict() for p in self.proofs]
        return data

    @classmethod
    def from_dict(cls, data: object) -> HandProofs:
        """Read the JSON form; :class:`CommitmentError` says what is wrong with it."""
        if not isinstance(data, Mapping):
            raise CommitmentError(f"a hand's proofs are a JSON object, not {_quote(data)}")
        if data.get("format") != FORMAT:
            raise CommitmentError(f"'format' must be {FORMAT!r}, not {_quote(data.get('format'))}")
        if data.get("version") != VERSION:
            raise CommitmentError(
                f"version {_quote(data.get('version'))} is not known: this croupier reads"
                f" version {VERSION}"
            )
        for key in ("root", "proofs"):
            if key not in data:
                raise CommitmentError(f"a hand's proofs need {key!r}")
        hand = data.get("hand")
        if hand is not None and not isinstance(hand, str):
            raise CommitmentError(f"'hand' is a label, not {_quote(hand)}")
        proofs = data["proofs"]
        if not isinstance(proofs, list):
            raise CommitmentError(f"'proofs' is a list, not {_quote(proofs)}")
        read = []
        for i, item in enumerate(proofs):
            try:
                read.append(Proof.from_dict(item))
            except CommitmentError as error:
                raise CommitmentError(f"proof {i + 1}: {error}") from None
        return cls(root=_root_text(data["root"]), proofs=tuple(read), hand=hand)


def _check_deck(cards: Sequence[Card]) -> None:
    if not 1 <= len(cards) <= _MAX_SIZE:
        raise DeckError(f"a committed deck has 1 to {_MAX_SIZE} cards, not {len(cards)}")
    if not all(isinstance(c, Card) for c in cards):
        raise DeckError("a committed deck holds Card values")
    if len(set(cards)) != len(cards):
        twice = next(c for i, c in enumerate(cards) if c in cards[:i])
        raise DeckError(f"a committed deck holds each card once: {twice} appears twice")


def _root_text(root: object) -> str:
    if not isinstance(root, str) or len(root) != _HEX_DIGEST:
        raise CommitmentError(f"a root is {_HEX_DIGEST} hex digits, not {_quote(root)}")
    try:
        bytes.fromhex(root)
    except ValueError:
        raise CommitmentError(f"a root is {_HEX_DIGEST} hex digits, not {_quote(root)}") from None
    return root.lower()


def _whole(value: object, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise CommitmentError(f"a proof's {name} is a whole number, not {_quote(value)}")
    return value


def _bytes(value: object, name: str, length: int) -> bytes:
    if isinstance(value, str) and len(value) == 2 * length:
        try:
            return bytes.fromhex(value)
        except ValueError:
            pass
    raise CommitmentError(f"a {name} is {2 * length} hex digits, not {_quote(value)}")


def _quote(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
