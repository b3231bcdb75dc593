"""The fast Briscola playout follows exactly the rules of the plain state machine."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutorial.engine.briscola import (
    PRESETS,
    PlayoutResult,
    get_ruleset,
    judge_trick,
    new_hand,
    playout,
)
from tutorial.engine.briscola import fast as _fast_briscola
from tutorial.engine.cards import BRISCOLA_DECK, PLAIN_SUITS
from tutorial.engine.errors import InvalidStateError
from tutorial.engine.rule_options import Ruleset


def replay(result: PlayoutResult, ruleset: Ruleset) -> None:
    """Play the playout's cards through new_hand/apply and compare every figure."""
    s = new_hand(ruleset, players=result.players, deal=result.deal_cards, dealer=result.dealer)
    assert s.trump_suit is result.trump_suit
    for card in result.cards:
        assert card in s.legal_plays()
        s = s.apply(card)  # raises if the plain engine refuses the card
    assert s.is_terminal
    assert tuple(t.winner for t in s.tricks) == result.trick_winners
    assert tuple(int(t.points) for t in s.tricks) == result.trick_points
    seat_points = [0] * result.players
    for t in s.tricks:
        seat_points[t.winner] += int(t.points)
    assert tuple(seat_points) == result.seat_points
    totals = s.outcome().totals
    assert (totals["A"], totals["B"]) == result.side_points
    assert result.winner == (None if totals["A"] == totals["B"] else s.outcome().details["winner"])


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**64 - 1),
    preset=st.sampled_from(PRESETS),
    players=st.sampled_from((2, 4)),
    dealer=st.integers(0, 3),
)
def test_the_playout_replays_through_the_plain_engine(
    seed: int, preset: Ruleset, players: int, dealer: int
) -> None:
    result = playout(random.Random(seed), preset, players=players, dealer=dealer % players)
    replay(result, preset)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("preset", PRESETS, ids=lambda rs: rs.name)
def test_the_playout_agrees_over_many_seeds(preset: Ruleset, players: int) -> None:
    rng = random.Random(f"briscola-{preset.name}-{players}")
    for i in range(150):
        replay(playout(rng, preset, players=players, dealer=i % players), preset)


@pytest.mark.parametrize("players", [2, 4])
def test_a_playout_plays_every_card_once_for_120_points(players: int) -> None:
    result = playout(random.Random(5), players=players)
    assert Counter(result.plays) == Counter(range(40))
    assert Counter(result.deal) == Counter(range(40))
    assert len(result.trick_winners) == len(result.trick_points) == 40 // players
    assert sum(result.trick_points) == sum(result.seat_points) == sum(result.side_points) == 120
    assert result.ruleset == "default" and result.players == players


def test_same_seed_same_playout() -> None:
    assert playout(random.Random(3)) == playout(random.Random(3))
    assert playout(random.Random(3)).plays != playout(random.Random(4)).plays


def test_the_playout_names_its_ruleset() -> None:
    swapped = get_ruleset("default", jack_over_queen=True)
    result = playout(random.Random(1), swapped)
    assert result.ruleset == "default+jack_over_queen=True"
    replay(result, swapped)
    assert playout(random.Random(1), "seed-002").ruleset == "default"


def test_the_playout_checks_players_and_dealer() -> None:
    with pytest.raises(InvalidStateError, match="2 or 4 players"):
        playout(random.Random(1), players=3)
    with pytest.raises(InvalidStateError, match="dealer must be a seat"):
        playout(random.Random(1), players=2, dealer=3)


@pytest.mark.parametrize("preset", PRESETS, ids=lambda rs: rs.name)
def test_the_fast_trick_table_matches_judge_trick(preset: Ruleset) -> None:
    from tutorial.engine.briscola import fast_tables

    beats, _ = fast_tables(preset.options)
    assert len(beats) == 4
    for t, trump in enumerate(PLAIN_SUITS):
        for w, first in enumerate(BRISCOLA_DECK):
            for c, second in enumerate(BRISCOLA_DECK):
                if w == c:
                    continue
                expected = judge_trick((first, second), trump, preset).winner == 1
                assert beats[t][w * 40 + c] is expected, (trump, first, second)


def test_make_tables_is_pure_data() -> None:
    suits = [i // 10 for i in range(40)]
    strength = [i % 10 for i in range(40)]
    tables = _fast_briscola.make_tables(suits, strength)
    assert tables[0][15 * 40 + 5] is True  # a trump (card 5) beats a plain card
    assert tables[0][5 * 40 + 15] is False  # a plain card never beats a trump
    assert tables[1][5 * 40 + 6] is True  # a higher card of the led suit wins
    assert tables[1][5 * 40 + 25] is False  # another plain suit never wins
