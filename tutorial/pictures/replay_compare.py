"""A deal played twice, its two results side by side: pure data for the Practice page.

Each result is a :class:`ResultColumn`: its heading (the first time, or played again
from which trick), the hand's result in a sentence (the contract made or not, who won),
whether the learner's side won, each side's points, and the engine's review of the
learner's cards (about how many points they lost with what the learner could know, and
the costliest of them), as far as the background review has gone.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutorial.course.practice import PracticeHand, ReviewProgress, costliest
from tutorial.engine.seats import seat_names
from tutorial.language.i18n import sentences, t, tn
from tutorial.scenarios.sides import name_seats, result_text, side_labels

__all__ = ["ResultColumn", "compared", "learner_result", "result_column", "side_points"]


@dataclass(frozen=True)
class ResultColumn:
    """One result of a deal, in words."""

    heading: str
    result: str  # the hand's result in a sentence, or that every player passed
    verdict: str  # whether the learner's side won ("" when the hand was not played)
    scores: tuple[tuple[str, float], ...]  # each side's (or seat's) name and points
    review: str  # the review of the learner's cards in one sentence ("" before any is done)
    costliest: tuple[str, ...]  # the costliest cards' reviews, with what could be known
    pending: int  # cards whose review is still being worked out


def side_points(hand: PracticeHand) -> tuple[tuple[str, float], ...]:
    """Each side's points in a finished hand, by the table's names (Tarot: each seat's
    score); empty when the hand was not played."""
    if not hand.played_out:
        return ()
    state = hand.state
    outcome = state.outcome()
    names = hand.table.seat_names
    if state.scores_by_seat:
        return tuple((name_seats(side, names), float(v)) for side, v in outcome.totals.items())
    labels = side_labels(hand.table)
    return tuple(
        (label, float(v)) for label, v in zip(labels, outcome.totals.values(), strict=False)
    )


def learner_result(hand: PracticeHand) -> int | None:
    """1 when the learner's side won the hand, -1 when it lost, 0 for a draw; None when
    the hand was not played."""
    if not hand.played_out:
        return None
    state = hand.state
    totals = list(state.outcome().totals.values())
    if state.scores_by_seat:  # Tarot: what the learner's own seat received
        mine = float(totals[hand.learner])
        return (mine > 0) - (mine < 0)
    ours = float(totals[state.team_of(hand.learner)])
    theirs = max(float(v) for i, v in enumerate(totals) if i != state.team_of(hand.learner))
    return (ours > theirs) - (ours < theirs)


_VERDICTS = {1: "practice.replay_won", -1: "practice.replay_lost", 0: "practice.replay_draw"}


def _heading(hand: PracticeHand, first: bool) -> str:
    if first:
        return t("practice.replay_first")
    if hand.replay_from:
        return t("practice.replay_again_trick", n=hand.replay_from)
    return t("practice.replay_again_deal")


def _review(progress: ReviewProgress) -> str:
    """The review of the learner's cards in one sentence ("" while none is done yet:
    the count of those still being worked out says it)."""
    done = len(progress.reviews)
    if not progress.total:
        return t("practice.replay_review_none")
    if not done:
        return ""
    lost = sum(r.lost for r in progress.reviews if r.costly)
    if lost > 0:
        return tn("practice.replay_review_lost", lost, cards=done)
    return t("practice.replay_review_best", cards=done)


def result_column(hand: PracticeHand, progress: ReviewProgress, *, first: bool) -> ResultColumn:
    """One result of the deal in words: ``first`` for the hand played first, else the
    replay (its heading names the trick it started from)."""
    heading = _heading(hand, first)
    if not hand.played_out:
        text = t("practice.replay_passed")
        return ResultColumn(heading, text, "", (), _review(progress), (), progress.pending)
    won = learner_result(hand)
    verdict = t(_VERDICTS[won]) if won is not None else ""
    with seat_names(hand.table.seat_names):
        worst = tuple(sentences(r.sentences()) for r in costliest(progress.reviews))
    return ResultColumn(
        heading,
        result_text(hand.table, hand.state),
        verdict,
        side_points(hand),
        _review(progress),
        worst,
        progress.pending,
    )


def compared(
    replayed: PracticeHand, first: ReviewProgress, again: ReviewProgress
) -> tuple[ResultColumn, ResultColumn]:
    """The hand ``replayed`` replays and ``replayed`` itself, as two columns (the first
    time on the left).

    Raises:
        ValueError: ``replayed`` replays no hand.
    """
    if replayed.replay_of is None:
        raise ValueError("this hand replays no earlier hand")
    return (
        result_column(replayed.replay_of, first, first=True),
        result_column(replayed, again, first=False),
    )
