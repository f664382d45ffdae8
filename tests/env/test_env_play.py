"""Random agents play thousands of hands: chips kept, masks exact, hidden cards hidden."""

from __future__ import annotations

import numpy as np
import pytest

from croupier.engine import Action
from croupier.env import PokerGame, aec_env
from croupier.env.actions import ActionSet
from croupier.env.observation import NO_CARD
from croupier.errors import IllegalActionError
from croupier.rules import casino_fr, pokerkings, tda


def _play(game: PokerGame, hands: int, seed: int) -> int:
    """Random masked actions for ``hands`` hands; checks every mask against the engine."""
    rng = np.random.default_rng(seed)
    game.reset(seed=seed)
    played = 0
    while played < hands:
        hand = game.hand
        assert hand is not None
        seat = game.to_act
        assert seat is not None
        mask = game.mask(seat)
        legal = hand.legal_actions()
        view = hand.view(seat)
        assert view.legal == legal
        pot = sum(p.amount for p in view.pots) + sum(s.bet for s in view.seats)
        assert game.sizing()[0] == pot  # the sizes read what the player sees
        decisions = getattr(game, "_decisions", 0) + 1
        game._decisions = decisions  # type: ignore[attr-defined]
        for index in range(game.actions.size if decisions % 5 == 0 else 0):
            # the mask is the engine's word, index by index (every fifth decision)
            try:
                game.actions.action(index, legal, *game.sizing())
                accepted = True
            except IllegalActionError:
                accepted = False
            assert accepted == bool(mask[index]), (index, legal)
        for other in game.seats:
            if other != seat:
                assert not game.mask(other).any()
        total = hand.total_in_play
        game.step(int(rng.choice(np.flatnonzero(mask))))
        assert hand.total_in_play == total
        if hand.is_over:
            played += 1
            rewards = game.last_rewards
            start, end = hand.starting_stacks, hand.stacks
            assert sum(end.values()) + hand.rake == sum(start.values())  # zero-sum in chips
            big = game.rules.stakes.big_blind
            assert rewards == {s: (end[s] - start[s]) / big for s in start}
            if game.episode_over:
                game.reset()
            else:
                game.advance()
    return played


@pytest.mark.parametrize(
    ("players", "rules"),
    [(2, tda(50, 100)), (6, tda(50, 100)), (4, pokerkings(50, 100)), (9, casino_fr())],
)
def test_random_agents_keep_every_chip_and_obey_the_masks(players: int, rules: object) -> None:
    game = PokerGame(players=players, rules=rules, actions=ActionSet(pot=(0.33, 1), blinds=(3,)))
    assert _play(game, 500, seed=players) == 500  # 2,000 hands in all


def test_a_sit_and_go_ends_with_one_player_holding_every_chip() -> None:
    game = PokerGame(players=4, stack=1_000, mode="sng")
    rng = np.random.default_rng(1)
    game.reset(seed=1)
    while not game.episode_over:
        if game.hand is not None and game.hand.is_over:
            game.advance()
            continue
        seat = game.to_act
        assert seat is not None
        game.step(int(rng.choice(np.flatnonzero(game.mask(seat)))))
    assert sorted(game.stacks.values()) == [0, 0, 0, 4_000]


def test_an_illegal_action_is_refused_in_the_engines_words_and_changes_nothing() -> None:
    env = aec_env(players=2, actions="amount")
    env.reset(seed=3)
    agent = env.agent_selection
    before = env.game.hand.events if env.game.hand else ()
    mask = env.observe(agent)["action_mask"]
    assert mask[2 + 150] == 0 and mask[2 + 200] == 1  # raise to 150 no, to 200 yes
    with pytest.raises(IllegalActionError, match="below the minimum of 200: you may fold"):
        env.step(2 + 150)
    with pytest.raises(IllegalActionError, match="does not exist"):
        env.step(10**9)
    assert env.game.hand is not None and env.game.hand.events == before


@pytest.mark.parametrize("players", [2, 6])
def test_no_hidden_card_reaches_an_observation(players: int) -> None:
    env = aec_env(players=players, readable=True)
    rng = np.random.default_rng(players)
    for episode in range(60):
        env.reset(seed=episode)
        while env.agents:
            game = env.game
            hand = game.hand
            assert hand is not None
            for agent in env.agents:
                seat = env._seat[agent]
                obs = env.observe(agent)
                seen = set(np.flatnonzero(obs["observation"][:104]).tolist())
                seen |= {int(c) + 52 for c in obs["board"] if c != NO_CARD}
                seen |= {int(c) for c in obs["hole"] if c != NO_CARD}
                allowed = {c.index for c in hand.hole_cards(seat)}
                allowed |= {52 + c.index for c in hand.board}
                assert seen <= allowed, (agent, seen - allowed)
                for other in hand.seats:  # nobody's hole cards but his own
                    if other.seat != seat:
                        theirs = {c.index for c in hand.hole_cards(other.seat)}
                        assert not theirs & set(obs["hole"].tolist())
                        assert not theirs & {i for i in seen if i < 52}
            agent = env.agent_selection
            if env.terminations[agent]:
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(env.observe(agent)["action_mask"]))))


def test_reset_with_a_seed_deals_the_same_cards() -> None:
    one, two = PokerGame(players=3), PokerGame(players=3)
    one.reset(seed=11)
    two.reset(seed=11)
    assert one.hand is not None and two.hand is not None
    assert [one.hand.hole_cards(s) for s in range(3)] == [two.hand.hole_cards(s) for s in range(3)]
    assert one.hand.button == two.hand.button


def test_render_and_phh_keep_the_other_hands_hidden() -> None:
    game = PokerGame(players=2)
    game.reset(seed=2)
    assert game.hand is not None
    mine, theirs = game.hand.hole_cards(0), game.hand.hole_cards(1)
    text, phh = game.render(0), game.phh(0)
    for card in theirs:
        assert str(card) not in text and str(card) not in phh
    assert all(str(card) in text for card in mine)
    game.step(0)  # whoever acts folds
    assert "finishing_stacks" in game.phh()
    assert Action.fold()  # the engine's action type is what step plays
