"""The deck commitment: every card a player saw can be checked; nothing else can be learned."""

from __future__ import annotations

import doctest
import hashlib
import json
import random
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import croupier.commitment as commitment_module
from _hands import make_hand, run_out
from croupier.cards import FULL_DECK, Card, Deck
from croupier.commitment import (
    SALT_BYTES,
    CommitmentError,
    HandProofs,
    Opening,
    Proof,
    commit,
    leaf_hash,
    node_hash,
    prove,
    prove_cards,
    root_hash,
    verify,
)
from croupier.engine.events import HandStarted
from croupier.errors import DeckError
from croupier.rules import tda


def _deck(seed: int) -> Deck:
    return Deck.shuffled(random.Random(seed))


def test_the_doctests() -> None:
    failures, tests = doctest.testmod(commitment_module)
    assert tests > 0 and failures == 0


def test_every_card_of_a_deck_verifies_and_the_root_is_published_as_hex() -> None:
    deck = _deck(1)
    root, opening = commit(deck)
    assert len(root) == 64 and int(root, 16) >= 0
    for position in range(52):
        proof = prove(opening, position)
        assert proof.card == deck[position] and proof.position == position
        assert verify(root, proof)


@pytest.mark.parametrize("size", range(1, 53))
def test_decks_of_every_size_from_1_to_52_verify(size: int) -> None:
    """The tree is RFC 9162's: any number of leaves, not only powers of two."""
    cards = _deck(size).cards[:size]
    root, opening = commit(cards, rng=random.Random(size))
    assert all(verify(root, prove(opening, p)) for p in range(size))


def test_the_scheme_is_the_documented_one() -> None:
    """A player can check with hashlib alone: leaves, nodes and the root as documented."""
    cards = [Card("As"), Card("Kd"), Card("7h")]
    root, opening = commit(cards, rng=random.Random(0))
    salts = [prove(opening, p).salt for p in range(3)]

    def sha(data: bytes) -> bytes:
        return hashlib.sha256(data).digest()

    leaves = [sha(b"\x00" + bytes([p]) + str(c).encode() + salts[p]) for p, c in enumerate(cards)]
    assert leaves == [leaf_hash(p, c, salts[p]) for p, c in enumerate(cards)]
    top = sha(b"\x01" + sha(b"\x01" + leaves[0] + leaves[1]) + leaves[2])  # split at 2
    assert root == hashlib.sha256(b"\x02croupier-deck-v1" + bytes([3]) + top).hexdigest()
    assert prove(opening, 2).path == (node_hash(leaves[0], leaves[1]),)
    assert prove(opening, 0).path == (leaves[1], leaves[2])


def test_a_forged_card_never_verifies() -> None:
    root, opening = commit(_deck(2))
    proof = prove(opening, 10)
    for card in FULL_DECK:
        assert verify(root, proof.but(card=card)) is (card == proof.card)


def test_a_tampered_salt_or_path_never_verifies() -> None:
    root, opening = commit(_deck(3))
    proof = prove(opening, 17)
    flipped = bytes([proof.salt[0] ^ 1]) + proof.salt[1:]
    assert not verify(root, proof.but(salt=flipped))
    for i, sibling in enumerate(proof.path):
        bad = bytes([sibling[0] ^ 0x80]) + sibling[1:]
        assert not verify(root, proof.but(path=(*proof.path[:i], bad, *proof.path[i + 1 :])))


def test_swapped_positions_never_verify() -> None:
    """A card proven at one position cannot be passed off as lying at another."""
    root, opening = commit(_deck(4))
    proofs = [prove(opening, p) for p in range(52)]
    for a in (0, 1, 2, 25, 51):
        for b in range(52):
            if a == b:
                continue
            moved = Proof(
                position=b,
                card=proofs[a].card,
                salt=proofs[a].salt,
                path=proofs[b].path,
                size=52,
            )
            assert not verify(root, moved)
            if len(proofs[a].path) == len(proofs[b].path):
                assert not verify(root, proofs[a].but(position=b))


def test_a_proof_for_another_root_never_verifies() -> None:
    deck = _deck(5)
    root, opening = commit(deck)
    again, _ = commit(deck)  # the same deck, other salts
    other, _ = commit(_deck(6))
    assert len({root, again, other}) == 3
    for position in range(52):
        proof = prove(opening, position)
        assert verify(root, proof)
        assert not verify(again, proof) and not verify(other, proof)


def test_the_root_binds_the_deck_size() -> None:
    cards = _deck(7).cards
    root, opening = commit(cards[:32], rng=random.Random(1))
    proof = prove(opening, 3)
    assert verify(root, proof)
    with pytest.raises(CommitmentError, match="has 6 sibling hashes, not 5"):
        proof.but(size=52)  # another tree shape: refused as malformed
    assert not verify(root, proof.but(size=31))  # the same shape for position 3: another root


def _seen_and_unseen(seats: int = 3) -> tuple[list[int], list[int]]:
    """Positions dealt face up or to players in a hand dealt to the river, and the others."""
    n = seats
    seen = [*range(2 * n), 2 * n + 1, 2 * n + 2, 2 * n + 3, 2 * n + 5, 2 * n + 7]
    return seen, [p for p in range(52) if p not in seen]


def test_a_proof_that_tries_to_reveal_an_undealt_card_fails() -> None:
    """From every proof of a hand a player may hold, no proof of a burn or an undealt card
    can be made: not by guessing the card with any salt he knows, nor without a salt, nor
    by reusing a sibling hash of his proofs (TDA R28: no rabbit hunting)."""
    deck = _deck(8)
    root, opening = commit(deck)
    seen, unseen = _seen_and_unseen()
    held = [prove(opening, p) for p in seen]
    salts = {p.salt for p in held} | {bytes(SALT_BYTES)}
    siblings = {h for p in held for h in p.path}
    for target in unseen[:8] + unseen[-3:]:
        path = prove(opening, target).path  # the attacker is even given the true path
        for card in FULL_DECK:
            for salt in salts:
                forged = Proof(position=target, card=card, salt=salt, path=path, size=52)
                assert not verify(root, forged)
        # a leaf digest he holds as a sibling is not a preimage: it reveals no card
        assert leaf_hash(target, deck[target], prove(opening, target).salt) not in {
            leaf_hash(target, card, salt) for card in FULL_DECK for salt in salts
        }
    assert len(siblings) > 0


def _transcript(root: str, proofs: Sequence[Proof]) -> str:
    return json.dumps(HandProofs(root=root, proofs=tuple(proofs)).to_dict(), sort_keys=True)


def test_what_is_published_is_made_of_dealt_cards_and_salted_digests_alone() -> None:
    """The root and the proofs of the dealt positions can be rebuilt from the dealt cards,
    their salts and one opaque digest per undealt position: the undealt cards enter them
    only through SHA-256 over a secret 256-bit salt, and no undealt salt is published."""
    deck = _deck(9)
    root, opening = commit(deck)
    seen, unseen = _seen_and_unseen()
    proofs = prove_cards(opening, [deck[p] for p in seen])
    text = _transcript(root, proofs)
    secret = {p: prove(opening, p).salt for p in unseen}
    for position in unseen:
        assert secret[position].hex() not in text
    published_cards = {p.card for p in proofs}
    assert published_cards == {deck[p] for p in seen}

    # The simulator is given no undealt card and no undealt salt.
    digests = {p: leaf_hash(p, deck[p], secret[p]) for p in unseen}
    known = {p.position: (p.card, p.salt) for p in proofs}

    def tree(lo: int, hi: int) -> bytes:
        if hi - lo == 1:
            if lo in known:
                return leaf_hash(lo, *known[lo])
            return digests[lo]
        k = lo + (1 << ((hi - lo - 1).bit_length() - 1))
        return node_hash(tree(lo, k), tree(k, hi))

    assert root_hash(52, tree(0, 52)) == root
    for proof in proofs:
        path, lo, hi = [], 0, 52
        while hi - lo > 1:
            k = lo + (1 << ((hi - lo - 1).bit_length() - 1))
            path.append(tree(k, hi) if proof.position < k else tree(lo, k))
            lo, hi = (lo, k) if proof.position < k else (k, hi)
        assert tuple(reversed(path)) == proof.path


class _ConstantSalt(random.Random):
    """A broken salt source (the same bytes every time) to show the leak test can fail."""

    def randbytes(self, n: int) -> bytes:
        return bytes(n)


def _bit_counts(deck: Deck, rng: random.Random, *, rounds: int) -> np.ndarray:
    """How often each bit of the published root and dealt proofs is set, over ``rounds``."""
    seen, _ = _seen_and_unseen()
    rows = []
    for _ in range(rounds):
        root, opening = commit(deck, rng=rng)
        proofs = [prove(opening, p) for p in seen]
        data = bytes.fromhex(root) + b"".join(h for p in proofs for h in (p.salt, *p.path))
        rows.append(np.frombuffer(data, dtype=np.uint8))
    return np.unpackbits(np.stack(rows), axis=1).sum(axis=0, dtype=np.int64)


def _largest_gap(a: Deck, b: Deck, make_rng: type[random.Random], rounds: int) -> int:
    ca = _bit_counts(a, make_rng(1), rounds=rounds)
    cb = _bit_counts(b, make_rng(2), rounds=rounds)
    return int(np.abs(ca - cb).max())


def test_the_commitment_leaks_nothing_of_the_order_of_undealt_cards() -> None:
    """Two decks alike in the dealt positions but not in the undealt ones: an observer of
    the root and the dealt proofs sees the same distribution of every published bit (no
    gap beyond 6 standard deviations over 300 commitments of each), whereas with a
    constant salt the same statistic tells the two decks apart at once."""
    seen, unseen = _seen_and_unseen()
    first = _deck(10)
    order = list(first)
    shuffled = [order[p] for p in unseen]
    random.Random(11).shuffle(shuffled)
    second_cards = list(order)
    for p, card in zip(unseen, shuffled, strict=True):
        second_cards[p] = card
    second = Deck(second_cards)
    assert [first[p] for p in seen] == [second[p] for p in seen] and first != second

    rounds = 300
    sd = (rounds / 2) ** 0.5  # of the difference of two Binomial(rounds, 1/2) counts
    assert _largest_gap(first, second, random.Random, rounds) < 6 * sd
    assert _largest_gap(first, second, _ConstantSalt, 20) == 20  # a leaky scheme is caught


def test_the_cards_a_view_shows_are_proven_and_no_burn_or_undealt_card_ever_is() -> None:
    """Played by the engine to a showdown: each player's view gives the cards to prove;
    every one verifies, and none lies at a burn or below the river."""
    hand = make_hand(tda(50, 100), {0: 1_000, 1: 1_000, 2: 1_000}, button=0)
    deck = Deck(next(e for e in hand.events if isinstance(e, HandStarted)).deck)
    root, opening = commit(deck)
    run_out(hand)
    seen, unseen = _seen_and_unseen(3)
    for seat in (0, 1, 2):
        proofs = prove_cards(opening, hand.view(seat).visible_cards())
        assert proofs and all(verify(root, p) for p in proofs)
        assert {p.position for p in proofs} <= set(seen)
        assert not {p.position for p in proofs} & set(unseen)
    spectator = prove_cards(opening, hand.spectator_view().visible_cards())
    assert {p.position for p in spectator} <= set(seen)


@settings(max_examples=60, deadline=None)
@given(
    cards=st.permutations(FULL_DECK).flatmap(
        lambda deck: st.integers(1, 52).map(lambda n: deck[:n])
    ),
    data=st.data(),
)
def test_property_every_proof_verifies_and_any_change_breaks_it(
    cards: list[Card], data: st.DataObject
) -> None:
    root, opening = commit(cards)
    position = data.draw(st.integers(0, len(cards) - 1))
    proof = prove(opening, position)
    assert verify(root, proof)
    assert Proof.from_dict(json.loads(json.dumps(proof.to_dict()))) == proof
    other = data.draw(st.sampled_from([c for c in FULL_DECK if c != proof.card]))
    assert not verify(root, proof.but(card=other))
    salt = data.draw(st.binary(min_size=SALT_BYTES, max_size=SALT_BYTES))
    assert verify(root, proof.but(salt=salt)) is (salt == proof.salt)


def test_json_forms_round_trip() -> None:
    deck = _deck(12)
    root, opening = commit(deck)
    proofs = prove_cards(opening, deck[:4])
    record = HandProofs(root=root, proofs=proofs, hand="table 3, hand 7")
    back = HandProofs.from_dict(json.loads(json.dumps(record.to_dict())))
    assert back == record and back.check() == (True,) * 4
    stored = Opening.from_dict(json.loads(json.dumps(opening.to_dict())))
    assert stored.root == root and stored.deck == deck
    assert prove(stored, 30) == prove(opening, 30)


def test_an_opening_never_prints_its_cards() -> None:
    root, opening = commit(_deck(13))
    assert repr(opening) == f"<Opening of 52 cards, root {root[:16]}...>"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "a proof is a JSON object"),
        ({"position": 1, "card": "As", "salt": "00" * 32}, "needs path"),
        ({"position": 1, "card": "Xx", "salt": "00" * 32, "path": []}, "'Xx' is not one card"),
        ({"position": "1", "card": "As", "salt": "00" * 32, "path": []}, "whole number"),
        ({"position": 1, "card": "As", "salt": "zz", "path": []}, "salt is 64 hex digits"),
        ({"position": 60, "card": "As", "salt": "00" * 32, "path": []}, "position 60 is outside"),
        ({"position": 1, "card": "As", "salt": "00" * 32, "path": "ab"}, "list of hashes"),
        ({"position": 1, "card": "As", "salt": "00" * 32, "path": []}, "has 6 sibling hashes"),
        ({"position": 0, "card": "As", "salt": "00" * 32, "path": [], "x": 1}, "unknown fields"),
    ],
)
def test_malformed_proofs_are_refused_with_a_clear_message(data: object, message: str) -> None:
    with pytest.raises(CommitmentError, match=message):
        Proof.from_dict(data)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("text", "a hand's proofs are a JSON object"),
        ({"format": "other", "version": 1}, "'format' must be 'croupier-deck-proofs'"),
        ({"format": "croupier-deck-proofs", "version": 9}, "version 9 is not known"),
        ({"format": "croupier-deck-proofs", "version": 1, "proofs": []}, "need 'root'"),
        (
            {"format": "croupier-deck-proofs", "version": 1, "root": "ab", "proofs": []},
            "a root is 64 hex digits, not 'ab'",
        ),
        (
            {"format": "croupier-deck-proofs", "version": 1, "root": "0" * 64, "proofs": [3]},
            "proof 1: a proof is a JSON object",
        ),
    ],
)
def test_malformed_hand_records_are_refused(data: object, message: str) -> None:
    with pytest.raises(CommitmentError, match=message):
        HandProofs.from_dict(data)


def test_bad_decks_positions_and_roots_are_refused() -> None:
    with pytest.raises(DeckError, match="As appears twice"):
        commit([Card("As"), Card("Kd"), Card("As")])
    with pytest.raises(DeckError, match="1 to 52 cards, not 0"):
        commit([])
    _, opening = commit(_deck(14))
    for bad in (-1, 52, True, "3"):
        with pytest.raises(CommitmentError, match="positions run from 0 to 51"):
            prove(opening, bad)  # type: ignore[arg-type]
    with pytest.raises(CommitmentError, match="a root is 64 hex digits"):
        verify("not a root", prove(opening, 0))
    with pytest.raises(CommitmentError, match="not in the committed deck"):
        commit(_deck(1).cards[:5], rng=random.Random(0))[1].position_of(_deck(1)[40])


def test_the_verification_written_in_the_docs_agrees_with_croupier() -> None:
    """docs/commitment.md shows a stand-alone check (hashlib only): it must stay true."""
    doc = (Path(__file__).resolve().parents[1] / "docs" / "commitment.md").read_text("utf-8")
    blocks = re.findall(r"```python\n(.*?)```", doc, re.S)
    (code,) = [b for b in blocks if "def check(" in b]
    assert "import croupier" not in code and "from croupier" not in code
    namespace: dict[str, Any] = {}
    exec(compile(code, "docs/commitment.md", "exec"), namespace)
    check = namespace["check"]
    for size in (52, 37, 1):
        deck = _deck(size).cards[:size]
        root, opening = commit(deck)
        for position in range(size):
            proof = prove(opening, position).to_dict()
            assert check(root, proof)
            assert not check(root, {**proof, "card": str(deck[position - 1])}) or size == 1
        other, _ = commit(deck)
        assert not check(other, prove(opening, 0).to_dict())
    example = json.loads(re.findall(r"```json\n(.*?)```", doc, re.S)[0])
    record = HandProofs.from_dict(example)
    assert record.check() == (True,) and check(example["root"], example["proofs"][0])
