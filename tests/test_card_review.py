"""The review of a card played (tutorial/analysis/card_review.py): one verdict, one figure
and the reasons, read off the position's one judgement and the real deal with every card
shown. Few deals and small node budgets (conftest): the checks are about what the review
says and how it agrees with the engine, not about its noise."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from tutorial.analysis import beginner, card_review
from tutorial.analysis.card_bits import CardBits
from tutorial.analysis.card_review import BEST, UNLUCKY, WRONG, review_card, shown_view
from tutorial.analysis.goals import Goal
from tutorial.analysis.judgement import judge
from tutorial.analysis.solver import SearchBudget, UnsolvablePosition
from tutorial.analysis.valuing import exact_values
from tutorial.engine import belote
from tutorial.engine.contract import GameState
from tutorial.engine.games import new_hand
from tutorial.engine.seats import seat_names

GAMES = (("belote", 4), ("tarot", 4), ("briscola", 2), ("briscola", 4))
NAMES = {2: ("You", "Opponent"), 4: ("You", "East", "North", "West")}


def whole_hand(game: str, players: int, seed: int) -> list[GameState]:
    """A hand from the deal to the end, every seat the beginner's habits but now and then
    a random card (so that some cards cost), dealt again until it is played out."""
    rng = random.Random(seed)
    kw: dict[str, Any] = {"players": players} if game == "briscola" else {}
    while True:
        states = [new_hand(game, rng=rng, **kw)]
        while not states[-1].is_terminal:
            state = states[-1]
            legal = state.legal_plays()
            if legal and rng.random() < 0.4:
                states.append(state.apply(legal[rng.randrange(len(legal))]))
            else:
                states.append(state.apply(beginner.choose(state)))
        if states[-1].tricks:
            return states


#: A figure as a learner reads it: a whole number, or a half in Tarot.
FIGURE = re.compile(r"cost (?:about )?(\d+(?:\.5)?) points?|was (\d+(?:\.5)?) points? better")


#: A hand of each game where some card is costly beyond the noise of the tests' deals
#: (and, for three of them, another unlucky).
VERDICT_HANDS = {("belote", 4): 8, ("tarot", 4): 7, ("briscola", 2): 11, ("briscola", 4): 6}


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_every_card_gets_one_verdict_one_figure_and_its_reasons(game: str, players: int) -> None:
    history = whole_hand(game, players, VERDICT_HANDS[game, players])
    reviews = card_review.review(history, 0)
    assert sorted(r.move for r in reviews) == [i for i, _ in card_review.played_cards(history, 0)]
    verdicts = set()
    for r in reviews:
        judged, shown = r.judgement, r.shown
        assert judged == judge(r.state) and r.played in judged.cards
        verdicts.add(r.verdict)
        with seat_names(NAMES[players]):
            verdict, *reasons = r.sentences()
        assert verdict.startswith(f"Trick {r.trick}: {r.played.label}")
        assert "{" not in verdict and not re.search(r"\d\.\d*[1-46-9]", verdict)
        if r.verdict == BEST:
            assert not judged.costly(r.played) and r.lost == 0 and not reasons
            assert not shown.exact or shown.loss(r.played) < 1
        elif r.verdict == WRONG:
            assert judged.costly(r.played) and r.better == judged.best
            assert r.lost == round(judged.of(r.played).loss) or judged.complete
            assert r.lost >= 1 and len(reasons) == 1 and 1 <= len(r.reasons) <= 2
            assert f"against {judged.best.label}" in verdict
            if not judged.complete:
                assert r.error > 0 and f"(± {r.error:g})" in verdict
        else:
            assert r.verdict == UNLUCKY and shown.exact and not judged.costly(r.played)
            assert r.better == shown.best and r.lost == pytest.approx(shown.loss(r.played))
            assert len(reasons) == 1
        found = FIGURE.search(verdict)
        assert (found is not None) == (r.verdict != BEST), verdict
        if found is not None:
            assert float(found.group(1) or found.group(2)) == r.lost
        for text in reasons:
            assert "seat " not in text and "{" not in text
    assert WRONG in verdicts  # the random cards cost something
    # costliest first: the costly cards, the largest figure first, then the unlucky ones
    ranks = [(r.verdict != WRONG, r.verdict != UNLUCKY, -r.lost) for r in reviews]
    assert ranks == sorted(ranks)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_the_same_position_and_card_get_the_same_review(game: str, players: int) -> None:
    history = whole_hand(game, players, 9)
    i, card = card_review.played_cards(history, 0)[2]
    first = review_card(history[i], card, move=i)
    card_review._SHOWN.clear()
    again = review_card(history[i], card, move=i)
    assert (first.verdict, first.lost, first.better, first.reasons) == (
        again.verdict,
        again.lost,
        again.better,
        again.reasons,
    )


def test_a_card_not_legal_is_not_reviewed() -> None:
    history = whole_hand("belote", 4, 5)
    i, _card = card_review.played_cards(history, 0)[0]
    state = history[i]
    other = state.hands[1][0]
    with pytest.raises(UnsolvablePosition):
        review_card(state, other)


def test_the_shown_view_is_the_exact_score_of_the_real_deal() -> None:
    history = whole_hand("tarot", 4, 3)
    for i, _card in card_review.played_cards(history, 0)[-4:]:
        state = history[i]
        shown = shown_view(state)
        assert shown.exact
        goal = Goal(state, CardBits(state))
        vals = exact_values(state, goal, random.Random(0), budget=SearchBudget.nodes_only(10**6))
        assert shown.values == {c: v[1] for c, v in vals.items()}


# --- Belote's capot: the score, not the points --------------------------------------------


def _sweeping_position() -> GameState:
    """A Belote position, three tricks or fewer to go, where the mover's side has won
    every trick so far and can take every trick still to play."""
    rng = random.Random(12)
    for _ in range(4000):
        state = new_hand("belote", rng=rng)
        while not state.is_terminal:
            if state.phase == "play" and sum(len(h) for h in state.hands) <= 12:
                seat = state.to_move
                assert seat is not None
                side = state.team_of(seat)
                if all(state.team_of(tr.winner) == side for tr in state.tricks):
                    return state
                break
            state = state.apply(beginner.choose(state))
    raise AssertionError("no side won every trick")


def test_a_capot_in_reach_is_worth_the_capot_not_its_card_points() -> None:
    state = _sweeping_position()
    assert isinstance(state, belote.BeloteState)
    shown = shown_view(state)
    seat = state.to_move
    assert seat is not None
    # A card after which the side takes every trick scores the capot (250 by default).
    from tutorial.analysis.solver import every_trick

    sweeps = every_trick(state, budget=SearchBudget.nodes_only(10**6))
    for card, (ours, _theirs) in sweeps.items():
        if ours:
            assert shown.values[card] == state.options.capot
        else:
            assert shown.values[card] < state.options.capot


# --- Could I have won? ------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_the_best_from_a_trick_is_the_engines_score_of_the_best_line(
    game: str, players: int
) -> None:
    from tutorial.analysis.bid_advice import seat_score
    from tutorial.analysis.card_review import best_from

    history = whole_hand(game, players, 3)
    end = history[-1]
    starts = [s for s in history if s.phase == "play" and not s.current_trick]
    last = starts[-1]
    found = best_from(last, 0)
    assert found.trick == len(end.tricks)
    assert all(len(h) <= 1 for h in last.hands)  # the last trick: nothing left to choose
    assert found.score == seat_score(end, end.outcome(), 0)
    for state in starts[-3:]:
        found = best_from(state, 0)
        assert found.score is not None and found.line
        replayed = state
        for p in found.line:
            while replayed.phase != "play" and not replayed.is_terminal:
                replayed = replayed.apply(beginner.choose(replayed))
            assert replayed.to_move == p.seat
            replayed = replayed.apply(p.card)
        assert replayed.is_terminal
        assert found.score == seat_score(replayed, replayed.outcome(), 0)
