"""One conformance test for every game and every named ruleset, through the common API.

Random seeded deals, random legal choices: the contract of ``docs/engine.md`` holds
for all three games alike (each game's own property tests go further).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutorial.engine.contract import GameState
from tutorial.engine.games import GAMES, game_info, new_hand
from tutorial.engine.rule_options import rulesets

CASES = [(g, r.name) for g in GAMES for r in rulesets(g)]
TOTALS = {"belote": 162.0, "briscola": 120.0}


def _play(game: str, ruleset: str, seed: int) -> tuple[GameState, list[GameState]]:
    rng = random.Random(seed)
    state = new_hand(game, ruleset, rng=rng)
    seen = [state]
    while not state.is_terminal:
        actions = state.legal_actions()
        assert actions, f"no legal action in phase {state.phase}"
        state = state.apply(actions[rng.randrange(len(actions))])
        seen.append(state)
    return state, seen


@pytest.mark.parametrize(("game", "ruleset"), CASES)
@settings(max_examples=15)
@given(seed=st.integers(0, 2**32 - 1))
def test_common_contract(game: str, ruleset: str, seed: int) -> None:
    final, seen = _play(game, ruleset, seed)
    deck = game_info(game).deck
    out = final.outcome()
    assert out.ruleset == final.ruleset.name  # every result says which rules made it
    for side, total in out.totals.items():
        assert total == pytest.approx(sum(line.points for line in out.lines if line.side == side))
    if not final.tricks:
        return  # redeal, all pass, Petit sec: no play
    played = [c for t in final.tricks for c in t.cards]
    assert sorted(played, key=deck.index) == sorted(set(played), key=deck.index)  # once each
    for before, after in zip(final.tricks, final.tricks[1:], strict=False):
        assert after.leader == before.winner  # the winner leads the next trick
    if game in TOTALS:
        assert sum(t.points for t in final.tricks) + (10 if game == "belote" else 0) == TOTALS[game]
    # Every refused card carries a reason; the legal set is what apply accepts.
    for state in seen[:: max(1, len(seen) // 6)]:
        if state.phase != "play" or state.to_move is None:
            continue
        legal = set(state.legal_plays())
        for card in deck:
            verdict = state.explain(card)
            assert verdict.legal == (card in legal)
            if not verdict.legal:
                assert verdict.code != "legal" and verdict.message
        seat = state.to_move
        for other in range(state.num_players):
            if other != seat:
                assert not (state.observe(seat).visible_cards() & state.hidden_cards(other))
