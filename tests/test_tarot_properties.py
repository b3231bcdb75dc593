"""French Tarot invariants over random seeded deals played by random legal actions."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from property_util import cards_to_try

from tutorial.engine import tarot
from tutorial.engine.cards import TAROT_DECK
from tutorial.engine.errors import IllegalActionError, IllegalPlayError
from tutorial.engine.rule_options import Ruleset, rulesets
from tutorial.engine.tarot import Discard, TarotState
from tutorial.engine.verdicts import LEGAL

# Every preset, and each implemented option away from its default.
RULESETS: list[Ruleset] = [
    *rulesets("tarot"),
    tarot.get_ruleset("default", excuse_last_trick="goes_to_trick_winner"),
    tarot.get_ruleset("default", poignee_discards="never"),
]
IDS = [rs.name for rs in RULESETS]
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def random_hand(rs: Ruleset, seed: int) -> list[TarotState]:
    """Every state of one hand dealt and played by uniformly random legal actions."""
    rng = random.Random(seed)
    state = tarot.new_hand(rs, rng=rng, dealer=rng.randrange(4))
    states = [state]
    while not state.is_terminal:
        actions = state.legal_actions()
        assert actions, f"no legal action in {state!r}"
        state = state.apply(actions[rng.randrange(len(actions))])
        states.append(state)
    return states


def played(states: list[TarotState]) -> bool:
    return states[-1].cancelled is None


@pytest.mark.parametrize("rs", RULESETS, ids=IDS)
@settings(max_examples=150, deadline=None)
@given(seed=SEEDS)
def test_a_whole_hand_adds_up(rs: Ruleset, seed: int) -> None:
    states = random_hand(rs, seed)
    end = states[-1]
    out = end.outcome()
    assert out.ruleset == rs.name
    assert sum(out.totals.values()) == 0
    for side in {line.side for line in out.lines} | set(out.totals):
        assert out.totals[side] == sum(x.points for x in out.lines if x.side == side)
    if not played(states):
        assert set(out.totals.values()) == {0.0}
        return
    d = out.details
    # Card points: 91 in all.
    assert d["points"] + d["defence_points"] == 91.0
    # Every card played exactly once (or set aside).
    cards = [c for t in end.tricks for c in t.cards] + list(end.set_aside)
    assert sorted(map(TAROT_DECK.index, cards)) == list(range(78))
    assert all(len(h) == 0 for h in end.hands)
    # The winner of a trick leads the next.
    for a, b in zip(end.tricks, end.tricks[1:], strict=False):
        assert b.leader == a.winner
    # The defenders score alike; the taker three times as much, the other way.
    taker = end.taker
    assert taker is not None
    defenders = [out.totals[tarot.seat_key(s)] for s in range(4) if s != taker]
    assert len(set(defenders)) == 1
    assert out.totals[tarot.seat_key(taker)] == -3 * defenders[0]


@pytest.mark.parametrize("rs", RULESETS, ids=IDS)
@settings(max_examples=40, deadline=None)
@given(seed=SEEDS)
def test_legal_plays_are_exactly_what_apply_accepts(rs: Ruleset, seed: int) -> None:
    for index, state in enumerate(random_hand(rs, seed)):
        if state.phase != "play":
            assert state.legal_plays() == []
            continue
        legal = set(state.legal_plays())
        assert legal
        tried = cards_to_try(state, TAROT_DECK, index)
        assert legal <= set(tried)  # a legal card is one of the mover's: each is tried
        for card in tried:
            verdict = state.explain(card)
            try:
                state.apply(card)
                accepted = True
            except IllegalPlayError as e:
                accepted = False
                assert e.verdict == verdict
            assert accepted == (card in legal) == verdict.legal, (state, card)
            if not accepted:
                assert verdict.code and verdict.code != LEGAL and verdict.message


@pytest.mark.parametrize("rs", RULESETS, ids=IDS)
@settings(max_examples=50, deadline=None)
@given(seed=SEEDS)
def test_other_actions_agree_with_explain(rs: Ruleset, seed: int) -> None:
    for state in random_hand(rs, seed):
        for action in state.legal_actions():
            assert state.explain(action).legal
        if state.phase == "discard":
            offered = set(state.legal_actions())
            for card in TAROT_DECK:
                action = Discard(card)
                verdict = state.explain(action)
                assert verdict.legal == (action in offered)
                if not verdict.legal:
                    assert verdict.code != LEGAL and verdict.message
                    with pytest.raises(IllegalActionError):
                        state.apply(action)


@pytest.mark.parametrize("rs", RULESETS, ids=IDS)
@settings(max_examples=50, deadline=None)
@given(seed=SEEDS)
def test_observe_never_shows_another_seats_hidden_cards(rs: Ruleset, seed: int) -> None:
    for i, state in enumerate(random_hand(rs, seed)):
        if i % 2 and not state.is_terminal:
            continue  # every other state keeps the test fast
        hidden = [state.hidden_cards(s) for s in range(4)]
        for seat in range(4):
            seen = state.observe(seat)
            assert seen.hand == state.hands[seat]
            assert seen.hand_sizes == tuple(len(h) for h in state.hands)
            for other in range(4):
                if other != seat:
                    assert not seen.known_cards & hidden[other], (state, seat, other)
