"""Belote: the fast ``playout`` follows exactly the rules of the plain state machine.

Each fast hand is replayed through ``new_hand``/``apply``: every bid, declaration choice
and card must be accepted there, and the trick winners, points and result must agree.
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutorial.engine import belote
from tutorial.engine.belote import (
    SIDES,
    BeloteState,
    NoDeclaration,
    Pass,
    PlayoutResult,
    Take,
    best_declarations,
    new_hand,
    playout,
)
from tutorial.engine.belote import fast as _fast_belote
from tutorial.engine.cards import BELOTE_DECK, PLAIN_SUITS
from tutorial.engine.rule_options import Ruleset, find_ruleset, rulesets

VARIANTS = [
    *rulesets("belote"),
    find_ruleset("belote", "default", declaration_card_reuse=True),
    find_ruleset("belote", "default", declarations=False),
    find_ruleset("belote", "seed-000", contract_basis="tricks_at_least_81", tie_81="litige"),
    find_ruleset("belote", "seed-000", rounding="tens_judged"),
    find_ruleset("belote", "seed-004", declarations_won="all", rounding="tens_judged"),
    find_ruleset("belote", "default", tie_81="dedans", dedans_declarations="defence_keeps_own"),
]
MANY = BELOTE_DECK.parse_many


def replay(result: PlayoutResult, ruleset: Ruleset, carried: int = 0) -> BeloteState:
    """Replay a fast hand through the plain engine; every action must be legal there."""
    state = new_hand(ruleset, deal=result.deal_cards, dealer=result.dealer, carried_points=carried)
    for bid in result.bids:
        state = state.apply(Pass() if bid < 0 else Take(PLAIN_SUITS[bid]))
    cards = iter(result.cards)
    while not state.is_terminal:
        if state.phase == "declare":
            assert state.to_move is not None
            declare = result.declared[state.to_move]
            state = state.apply(state.legal_actions()[0] if declare else NoDeclaration())
        else:
            state = state.apply(next(cards))
    assert next(cards, None) is None
    return state


def check(result: PlayoutResult, ruleset: Ruleset, carried: int = 0) -> None:
    outcome = replay(result, ruleset, carried).outcome()
    d = outcome.details
    assert (outcome.totals[SIDES[0]], outcome.totals[SIDES[1]]) == result.team_points
    assert d["result"] == result.result
    assert d["held_for_next"] == result.held_for_next
    if result.result == "redeal":
        assert result.taker is None and result.plays == ()
        return
    assert tuple(d["trick_winners"]) == result.trick_winners
    assert tuple(d["trick_points"]) == result.trick_points
    assert tuple(d["player_points"]) == result.player_points
    assert tuple(d["team_card_points"]) == result.team_card_points
    assert sum(result.team_card_points) == 162
    assert (d["capot"], d["declaration_team"], d["belote_team"]) == (
        result.capot,
        result.declaration_team,
        result.belote_team,
    )
    assert outcome.ruleset == result.ruleset


@pytest.mark.parametrize("ruleset", VARIANTS, ids=lambda rs: rs.name)
def test_replays_agree_over_many_seeds(ruleset: Ruleset) -> None:
    for seed in range(150):
        check(playout(random.Random(seed), ruleset, dealer=seed % 4), ruleset)


@pytest.mark.parametrize("ruleset", VARIANTS, ids=lambda rs: rs.name)
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), carried=st.sampled_from([0, 80, 81]))
def test_replays_agree_with_carried_points(ruleset: Ruleset, seed: int, carried: int) -> None:
    result = playout(random.Random(seed), ruleset, dealer=seed % 4, carried_points=carried)
    check(result, ruleset, carried)


def test_all_passed_twice() -> None:
    result = playout(random.Random(9482))
    assert result.result == "redeal" and result.bids == (-1,) * 8
    check(result, find_ruleset("belote"))


def test_same_seed_same_hand() -> None:
    a = playout(random.Random(11), "seed-004")
    b = playout(random.Random(11), "seed-004")
    assert a == b and len(a.cards) == 32 and a.ruleset == "seed-004"


@pytest.mark.parametrize("reuse", [False, True])
def test_fast_declarations_match_the_plain_ones(reuse: bool) -> None:
    rng = random.Random(5)
    crafted = [
        "8H 9H 10H JH QH JS JD JC",
        "9H 10H JH QH KH QS QD QC",
        "7C 8C 9C 10C JC QC KC AC",
        "9S 9H 9D 9C 10S 10H 10D 10C",
        "JS QS KS JH QH KH JD JC",
    ]
    hands = [MANY(h) for h in crafted]
    hands += [tuple(rng.sample(list(BELOTE_DECK), 8)) for _ in range(3000)]
    for hand in hands:
        for trump in range(4):
            plain = best_declarations(hand, PLAIN_SUITS[trump], card_reuse=reuse)
            points, key = _fast_belote.declarations(
                BELOTE_DECK.mask(hand), trump, reuse, belote.FAST_TABLES.carres
            )
            assert points == sum(c.points for c in plain)
            if plain:
                best = max(c.strength(PLAIN_SUITS[trump]) for c in plain)
                kind, value, rank, is_trump = best
                expected = (
                    1_000_000 + value * 100 + rank * 10
                    if kind
                    else value * 1000 + rank * 10 + is_trump
                )
                assert key == expected
            else:
                assert key == 0
