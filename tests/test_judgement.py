"""The one judge of a position (tutorial/analysis/judgement.py): the same position gets
the same judgement on every page, in the background worker, in the review deck and in
another process; a card the hint named is never called costly afterwards; the figures
keep their invariants. Few deals (``conftest.TEST_DEALS``): what is checked is what the
judgement says, not its noise."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from types import SimpleNamespace
from typing import Any, cast

import pytest
from clocks import Jumping
from hypothesis import given, settings
from hypothesis import strategies as st

from tutorial.analysis import card_review, hints, judgement, player, solver
from tutorial.analysis.errors import UnsolvablePosition
from tutorial.analysis.judgement import LEAST_LOSS, NOISE_ERRORS, judge, position_key
from tutorial.analysis.sampling import sample_deal
from tutorial.analysis.solver import solve
from tutorial.course import practice, review_position
from tutorial.course.review_deck import DeckCard, PracticeSource
from tutorial.course.review_worker import ReviewWorker
from tutorial.engine import briscola
from tutorial.engine.cards import Card
from tutorial.engine.contract import GameState
from tutorial.engine.seats import seat_names
from tutorial.language.i18n import speaking
from tutorial.scenarios import actions

VARIANTS = practice.VARIANTS


def _decisions(game: str, players: int, seed: int, *, follow_hint: bool) -> practice.PracticeHand:
    """A practice hand against the beginners played to its end, the learner's bids and
    discard the computer's; each card the hint's (``follow_hint``) or the last legal one."""
    hand = practice.deal(game, players=players, seed=seed)
    while not hand.finished:
        if hand.learner_to_move:
            state = hand.state
            legal = state.legal_plays()
            if state.phase != "play" or not legal:
                hand = practice.try_action(hand, practice.computer_action(hand))
            elif follow_hint and len(legal) > 1:
                hand = practice.try_action(hand, hints.suggest(state).card)
            else:
                hand = practice.try_action(hand, legal[-1])
        hand = practice.advance(hand)[0]
    return hand


def _positions(hand: practice.PracticeHand) -> list[tuple[int, GameState, Card]]:
    """Each card the learner played: its index in the history, the position, the card."""
    states = practice.history(hand)
    return [(i, states[i], c) for i, c in card_review.played_cards(states, hand.learner)]


# --- A hinted card is never costly -----------------------------------------------------------


@pytest.mark.parametrize(("game", "players"), VARIANTS)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_a_learner_who_plays_every_hinted_card_is_never_told_it_was_costly(
    game: str, players: int, seed: int
) -> None:
    hand = _decisions(game, players, seed, follow_hint=True)
    reviews = practice.review(hand)
    assert len(reviews) == len(_positions(hand))
    for r in reviews:
        legal = r.state.legal_plays()
        if len(legal) > 1:
            assert r.played == hints.suggest(r.state).card
        assert not r.costly, r.sentence()
        assert r.verdict in (card_review.BEST, card_review.UNLUCKY)
    assert practice.costliest(reviews) == []


# --- The same verdict everywhere --------------------------------------------------------------


def _verdicts(reviews: Any) -> list[tuple[int, Card, str, float, Card | None]]:
    return sorted((r.move, r.played, r.verdict, r.lost, r.better) for r in reviews)


@pytest.mark.parametrize(("game", "players"), VARIANTS)
def test_the_page_the_worker_process_and_the_review_deck_give_one_verdict(
    game: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The worker is a process of its own (started afresh, with its own hash seed), told the
    # tests' deal count and node budget through the environment the app's server reads.
    monkeypatch.setenv("ATOUT_JUDGE_DEALS", str(judgement.DEALS))
    monkeypatch.setenv("ATOUT_REVIEW_NODES", str(card_review.REVIEW_NODE_BUDGET[game]))
    hand = _decisions(game, players, 11, follow_hint=False)
    page = practice.review(hand)
    with ProcessPoolExecutor(max_workers=1, mp_context=get_context("spawn")) as pool:
        worker = ReviewWorker(pool)
        practice.queue_review(hand, worker)
        for _ in range(600):
            progress = practice.review_progress(hand, worker)
            if progress.complete:
                break
            pool.submit(int).result()  # wait for the worker, not the clock
        else:  # pragma: no cover - the worker died
            raise AssertionError("the worker never finished")
    assert _verdicts(progress.cards) == _verdicts(page)
    # The review deck rebuilds each position from the deal and the moves, and judges the
    # card played there again: the same verdict and figure.
    for r in page:
        source = PracticeSource(
            ruleset=hand.ruleset,
            seed=hand.seed,
            players=players,
            moves=[actions.code(m.action) for m in hand.moves[: r.move]],
            trick=r.trick,
        )
        card = SimpleNamespace(source=source, game=game, tried=actions.code(r.played))
        position = review_position.rebuild(cast(DeckCard, card))
        again = position.review
        assert (again.verdict, again.lost, again.better) == (r.verdict, r.lost, r.better)
        judged = review_position.judge(position, r.played)
        assert judged.right == (not r.costly)


SCRIPT = """
import json, sys
from tutorial.analysis import judgement
from tutorial.course import practice
from tutorial.analysis.card_review import played_cards
game, players, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
judgement.DEALS = int(sys.argv[4])
hand = practice.deal(game, players=players, seed=seed)
while not hand.finished:
    if hand.learner_to_move:
        legal = hand.state.legal_plays()
        hand = practice.try_action(hand, legal[-1] if legal else practice.computer_action(hand))
    hand = practice.advance(hand)[0]
states = practice.history(hand)
out = []
for i, _card in played_cards(states, hand.learner):
    if len(states[i].legal_plays()) > 1:
        j = judgement.judge(states[i])
        out.append({"key": j.key, "best": j.best.code,
                    "values": {c.code: round(v.value, 9) for c, v in j.cards.items()}})
print(json.dumps(out[:3]))
"""


@pytest.mark.parametrize(("game", "players"), VARIANTS)
def test_another_process_with_another_hash_seed_gives_the_same_judgement(
    game: str, players: int
) -> None:
    # the first seed whose hand is played out (the hand kept, not played again)
    seed, hand = next(
        (s, h)
        for s in range(5, 50)
        if (h := _decisions(game, players, s, follow_hint=False)).played_out
    )
    here = [judge(s) for _i, s, _c in _positions(hand) if len(s.legal_plays()) > 1][:3]
    args = [game, str(players), str(seed), str(judgement.DEALS)]
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT, *args], capture_output=True, text=True, env=env, check=True
    )
    there = json.loads(out.stdout)
    assert there and len(there) == len(here)
    for theirs, mine in zip(there, here, strict=True):
        assert theirs["key"] == mine.key
        assert theirs["best"] == mine.best.code
        assert theirs["values"] == {c.code: round(v.value, 9) for c, v in mine.cards.items()}


# --- What the judgement depends on -----------------------------------------------------------


@pytest.mark.parametrize(("game", "players"), VARIANTS)
def test_the_judgement_reads_only_what_the_seat_can_see(game: str, players: int) -> None:
    # Another deal of the cards the seat cannot see, consistent with what it saw: the
    # same key, the same judgement.
    for i, state, _card in _positions(_decisions(game, players, 3, follow_hint=False))[:4]:
        other = sample_deal(state, random.Random(i))
        if other.hands == state.hands:
            continue
        assert position_key(other) == position_key(state)
        judgement._JUDGED.clear()
        first = judge(state)
        judgement._JUDGED.clear()
        assert judge(other) == first


def test_the_judgement_reads_no_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _positions(_decisions("tarot", 4, 8, follow_hint=False))[3][1]
    quiet = judge(state)
    judgement._JUDGED.clear()
    monkeypatch.setattr(solver, "CLOCK", Jumping(3600.0))
    assert judge(state) == quiet


def test_the_strong_player_plays_the_judges_best_card() -> None:
    for _i, state, _card in _positions(_decisions("belote", 4, 2, follow_hint=False)):
        if len(state.legal_plays()) > 1:
            assert player.choose(state, "strong", random.Random(0)) == judge(state).best


def test_a_judgement_needs_a_card_play_moment() -> None:
    hand = practice.deal("belote", seed=2)
    assert hand.state.phase == "bidding"
    with pytest.raises(UnsolvablePosition):
        judge(hand.state)


# --- The figures --------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players"), VARIANTS)
def test_each_card_has_one_figure_and_costly_means_beyond_the_noise(
    game: str, players: int
) -> None:
    for _i, state, _card in _positions(_decisions(game, players, 4, follow_hint=False)):
        j = judge(state)
        assert list(j.cards) == state.legal_plays()
        assert j.of(j.best).loss == 0 and j.of(j.best).error == 0
        assert j.of(j.best).value == max(v.value for v in j.cards.values())
        for v in j.cards.values():
            assert v.loss == pytest.approx(j.of(j.best).value - v.value, abs=1e-9)
            assert v.loss >= 0 and v.error >= 0
            assert v.costly == (v.loss >= LEAST_LOSS and v.loss > NOISE_ERRORS * v.error)
        assert 1 <= j.deals <= judgement.DEALS
        if j.complete:
            assert j.deals == 1 and all(v.error == 0 for v in j.cards.values())
        assert set(j.alike) == {c for c, v in j.cards.items() if not v.costly} | {j.best}


def test_with_every_card_known_the_judgement_is_the_exact_solve() -> None:
    # Briscola for two with the stock empty: the opponent's hand is known by elimination.
    hand = _decisions("briscola", 2, 6, follow_hint=False)
    for _i, state, _card in _positions(hand):
        assert isinstance(state, briscola.BriscolaState)
        if state.cards_to_draw or len(state.legal_plays()) < 2:
            continue
        j = judge(state)
        assert j.complete and j.deals == 1
        assert j.values == solve(state)
        return
    raise AssertionError("no position with the stock empty and a choice")


@pytest.mark.parametrize(("game", "players"), VARIANTS)
def test_the_key_is_the_same_in_every_language_and_with_the_tables_names(
    game: str, players: int
) -> None:
    # The page asks in the learner's language with the table's seat names; the worker
    # asks in neither: one key (an announcement, a trick's sentence are words of a page).
    hand = _decisions(game, players, 30, follow_hint=False)
    for _i, state, _card in _positions(hand)[:3]:
        plain = position_key(state)
        for lang in ("zh-Hant", "zh-Hans"):
            with speaking(lang), seat_names(hand.table.seat_names):
                assert position_key(state) == plain


def test_the_servers_review_processes_run_below_its_priority() -> None:
    # A learner's click never waits for a review: the app's review processes are niced.
    from tutorial.course import review_worker

    executor = review_worker.server_executor(1)
    try:
        theirs = executor.submit(os.nice, 0).result(timeout=120)
    finally:
        executor.shutdown()
    assert theirs == min(19, os.nice(0) + review_worker.REVIEW_NICENESS)
