"""Briscola invariants over random seeded deals played by random legal cards, every preset."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from property_util import cards_to_try

from tutorial.engine.briscola import PRESETS, BriscolaState, new_hand
from tutorial.engine.cards import BRISCOLA_DECK
from tutorial.engine.errors import IllegalPlayError
from tutorial.engine.outcomes import Play
from tutorial.engine.rule_options import Ruleset
from tutorial.engine.verdicts import LEGAL

seeds = st.integers(min_value=0, max_value=2**64 - 1)
presets = st.sampled_from(PRESETS)
player_counts = st.sampled_from((2, 4))


def deal(
    seed: int, preset: Ruleset, players: int, dealer: int
) -> tuple[random.Random, BriscolaState]:
    """A seeded deal and the generator that goes on choosing the cards."""
    rng = random.Random(seed)
    return rng, new_hand(preset, players=players, rng=rng, dealer=dealer % players)


def check_observations(s: BriscolaState) -> None:
    """No seat sees another seat's hidden cards, nor the stock."""
    for seat in range(s.num_players):
        seen = s.observe(seat)
        assert seen.hand == s.hands[seat]
        assert not seen.known_cards & set(s.stock)
        for other in range(s.num_players):
            if other != seat:
                assert not seen.known_cards & s.hidden_cards(other)
        for d in seen.public["draws"]:
            if d.seat != seat and not d.face_up:
                assert d.card is None


@settings(max_examples=150, deadline=None)
@given(seed=seeds, preset=presets, players=player_counts, dealer=st.integers(0, 3))
def test_a_random_hand_keeps_every_invariant(
    seed: int, preset: Ruleset, players: int, dealer: int
) -> None:
    rng, s = deal(seed, preset, players, dealer)
    played = []
    while not s.is_terminal:
        legal = s.legal_plays()
        assert legal, "a legal card exists until the end"
        check_observations(s)
        card = legal[int(rng.random() * len(legal))]
        done = len(s.tricks)
        s = s.apply(card)
        played.append(card)
        if len(s.tricks) > done and not s.is_terminal:
            assert s.to_move == s.tricks[-1].winner
    check_observations(s)
    assert Counter(played) == Counter(BRISCOLA_DECK), "every card played exactly once"
    assert len(s.tricks) == 40 // players
    assert s.tricks[0].leader == (dealer % players + 1) % players
    for before, after in zip(s.tricks, s.tricks[1:], strict=False):
        assert after.leader == before.winner, "the winner of a trick leads the next"
    outcome = s.outcome()
    assert sum(outcome.totals.values()) == 120
    assert sum(t.points for t in s.tricks) == 120
    for side, total in outcome.totals.items():
        assert total == sum(line.points for line in outcome.lines_for(side))
    assert outcome.ruleset == preset.name
    a, b = outcome.totals["A"], outcome.totals["B"]
    winner = "A" if a > b else "B"
    side = ("seat 0", "seat 1") if players == 2 else ("seat 0 & seat 2", "seat 1 & seat 3")
    named = side[0] if winner == "A" else side[1]
    expected = "A draw, 60-60." if a == b else f"Won by {named}, {max(a, b)}-{min(a, b)}."
    assert outcome.result == expected
    assert (outcome.details["winner"] is None) == (a == b == 60)


@settings(max_examples=50, deadline=None)
@given(seed=seeds, preset=presets, players=player_counts, dealer=st.integers(0, 3))
def test_legal_plays_is_exactly_what_apply_and_explain_accept(
    seed: int, preset: Ruleset, players: int, dealer: int
) -> None:
    rng, s = deal(seed, preset, players, dealer)
    for index in itertools.count():
        legal = set(s.legal_plays())
        accepted = set()
        for card in cards_to_try(s, BRISCOLA_DECK, index):
            verdict = s.explain(card)
            try:
                s.apply(card)
            except IllegalPlayError as refused:
                assert not verdict.legal
                assert refused.verdict == verdict
                assert refused.code and refused.code != LEGAL
                assert str(refused) and verdict.message
            else:
                assert verdict.legal and verdict.code == LEGAL
                accepted.add(card)
        assert accepted == legal
        if s.is_terminal:
            break
        seat = s.to_move
        assert seat is not None
        other = (seat + 1) % players
        for card in s.hands[other]:
            out_of_turn = s.explain(Play(other, card))
            assert not out_of_turn.legal and out_of_turn.code not in ("", LEGAL)
            assert out_of_turn.message
        choices = sorted(legal, key=BRISCOLA_DECK.index)
        s = s.apply(choices[int(rng.random() * len(choices))])
