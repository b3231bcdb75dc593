"""A practice hand's bids and Tarot discard, reviewed like its cards
(tutorial/course/bid_review.py): the same advice as the hint at that decision, one
verdict and one figure beyond the noise, and a fact of the hand the engine checks."""

from __future__ import annotations

from typing import Any

import pytest

from tutorial.analysis.bid_advice import advise_bid, advise_discard_from, paired_error
from tutorial.analysis.card_review import BEST, WRONG
from tutorial.analysis.judgement import LEAST_LOSS, NOISE_ERRORS
from tutorial.course import bid_review, practice
from tutorial.engine import belote, tarot
from tutorial.engine.cards import Suit
from tutorial.engine.contract import GameState


def _bids(game: str, seed: int, pick: int) -> list[tuple[list[GameState], list[Any], Any, int]]:
    """The learner's bids of a practice hand (``pick``: which legal bid the learner makes:
    0 the first, -1 the last), each with the states from the deal and the actions before."""
    hand = practice.deal(game, seed=seed)
    out = []
    while not hand.finished and hand.state.phase == "bidding":
        if hand.learner_to_move:
            states = practice.history(hand)
            earlier = [m.action for m in hand.moves]
            bid = hand.state.legal_actions()[pick]
            out.append((states, earlier, bid, len(hand.moves)))
            hand = practice.try_action(hand, bid)
        hand = practice.advance(hand)[0]
    return out


@pytest.mark.parametrize("game", ["belote", "tarot"])
def test_a_bid_is_judged_on_the_hints_figures_beyond_the_noise(game: str) -> None:
    verdicts = set()
    for seed in range(6):
        for pick in (0, -1):
            for states, earlier, bid, move in _bids(game, seed, pick):
                review = bid_review.review_bid(states, earlier, bid, move)
                assert review.advice == advise_bid(states, earlier)  # the hint's figures
                mine = next(v for v in review.advice.values if v.action == bid)
                best = review.advice.best
                loss = best.mean - mine.mean
                error = paired_error(best.scores, mine.scores)
                costly = loss >= LEAST_LOSS and loss > NOISE_ERRORS * error
                assert review.costly == costly and review.verdict == (WRONG if costly else BEST)
                verdicts.add(review.verdict)
                if costly:
                    assert review.better == best.action and review.lost == round(loss)
                    assert "less than" in review.sentence() and "{" not in review.sentence()
                else:
                    assert review.better is None and review.lost == 0
                    assert "as good as the best bid" in review.sentence()
    assert verdicts == {BEST, WRONG}


def test_a_belote_take_names_the_trumps_it_would_hold() -> None:
    said = 0
    for seed in range(8):
        for states, earlier, bid, move in _bids("belote", seed, -1):
            review = bid_review.review_bid(states, earlier, bid, move)
            state = states[-1]
            assert isinstance(state, belote.BeloteState)
            for r in review.reasons:
                facts = dict(r.facts)
                suit: Suit = facts["suit"].suit
                cards = [c for c in state.hands[state.to_move or 0] if c.suit is suit]
                if state.proposed is not None and state.proposed.suit is suit:
                    cards.append(state.proposed)
                assert facts["trumps"].n == len(cards)
                ranks = {c.rank for c in cards}
                expected = {
                    (True, True): "belote_take_jack_nine",
                    (True, False): "belote_take_jack",
                    (False, True): "belote_take_nine",
                    (False, False): "belote_take_neither",
                }[("J" in ranks, "9" in ranks)]
                assert r.kind == expected
                said += 1
                assert str(len(cards)) in r.sentence()
    assert said


def test_a_tarot_bid_names_the_trumps_bouts_and_kings() -> None:
    for states, earlier, bid, move in _bids("tarot", 3, 0):
        review = bid_review.review_bid(states, earlier, bid, move)
        (fact,) = review.reasons
        hand = states[-1].hands[states[-1].to_move or 0]
        facts = dict(fact.facts)
        assert facts["trumps"].n == sum(1 for c in hand if tarot.is_trump(c))
        assert facts["bouts"].n == sum(1 for c in hand if c in tarot.BOUTS)
        assert facts["kings"].n == sum(1 for c in hand if c.rank == "K")


def _taking_discard(seed: int) -> tuple[GameState, list[Any]] | None:
    """A Tarot deal where the learner takes a Prise and lays the first six cards the
    rules allow; None when the deal does not get there."""
    hand = practice.deal("tarot", seed=seed)
    while not hand.finished and hand.state.phase == "bidding":
        if hand.learner_to_move:
            want = tarot.Bid.PRISE if tarot.Bid.PRISE in hand.state.legal_actions() else None
            hand = practice.try_action(hand, want or hand.state.legal_actions()[0])
        hand = practice.advance(hand)[0]
    if hand.state.phase != "discard" or not hand.learner_to_move:
        return None
    start = hand.state
    laid = []
    while hand.state.phase == "discard" and hand.learner_to_move:
        action = hand.state.legal_actions()[0]
        laid.append(action.card)
        hand = practice.try_action(hand, action)
    return start, laid


def test_the_discard_is_judged_and_says_what_it_lays_aside_and_empties() -> None:
    found = 0
    for seed in range(30):
        got = _taking_discard(seed)
        if got is None:
            continue
        state, laid = got
        review = bid_review.review_discard(state, laid, 7)
        assert review.advice == advise_discard_from(state, chosen=laid)
        hand = state.hands[state.to_move or 0]
        (fact,) = review.reasons
        facts = dict(fact.facts)
        assert facts["points"].amount == sum(state.card_points(c) for c in laid)
        kept = [c for c in hand if c not in laid]
        emptied = {c.suit for c in laid} - {c.suit for c in kept}
        assert set(facts["emptied"].suits) == emptied
        if review.costly:
            assert review.better is not None and set(review.better) != set(laid)
            assert "less than" in review.sentence()
        else:
            assert "as good as the best discard" in review.sentence()
        found += 1
        if found >= 3:
            return
    raise AssertionError("no Prise taken by the learner")
