"""What a card costs with best play, in the learner's words (pure: never imports streamlit).

Where every hand of a scenario position is known, a legal card that is not the answer
can be valued exactly: :func:`card_cost` compares the hand's score for the learner's
side with best play after that card and after the scenario's best answer (the exact
values of ``tutorial.analysis.valuing`` with the game's goal: the contract made or
failed, Belote's capot, Tarot's bouts, not only card points), with the points of the
trick in play beside it, and reads the reasons off the two best lines
(:func:`best_line` after each card; the reason kinds of ``tutorial.engine.reasons``,
the review's own). :func:`cost_sentence` says it through the catalogue (section
``[explain]``), naming both scopes when they differ: "In this trick your side takes 21
points fewer; by the end of the hand, with best play by everyone, this costs 7 points:
..."

Everything runs within a time budget shared by the whole computation (on a clock, by
default the solver's ``CLOCK``) and a node budget per search: past it the cost is unknown (``None``) and the learner simply gets no computed sentence, never a wait.
Results are cached per position, so a second click on the same card costs nothing.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from tutorial.analysis import beginner
from tutorial.analysis.card_bits import CardBits
from tutorial.analysis.goals import Goal
from tutorial.analysis.solver import (
    DEFAULT_NODE_BUDGET,
    SearchBudget,
    SolverBudgetExceeded,
    UnsolvablePosition,
    best_line,
    solve,
)
from tutorial.analysis.valuing import exact_values
from tutorial.engine.cards import Card
from tutorial.engine.contract import GameState
from tutorial.engine.errors import TutorialError
from tutorial.engine.outcomes import Play, TrickResult
from tutorial.engine.reasons import Comparison, Line, Reason, figure, find_reasons
from tutorial.engine.seats import seat_names
from tutorial.language.i18n import t, tn

#: Seconds the whole cost computation may take at a click (solve and two best lines).
DEFAULT_COST_SECONDS = 0.5
#: Positions whose results are kept (each a few small dicts).
_CACHE_SIZE = 256


@dataclass(frozen=True)
class Cost:
    """The exact cost of one legal card, for the side of the seat to move.

    Attributes:
        card: the card valued.
        value: the hand's score for the mover's side after it, with best play (points of
            that side's own score: ``tutorial.analysis.goals``).
        reference: the answer it is compared with (the best accepted card).
        best: the hand's score for the mover's side after ``reference``.
        trick: the points the mover's side takes in the trick in play after ``reference``
            less after ``card``, with best play (None when the lines are unknown).
        reasons: why ``card`` does worse, read off the two best lines (at most two).
        line_played, line_reference: those two lines' plays (empty when unknown).
    """

    card: Card
    value: float
    reference: Card
    best: float
    trick: float | None = None
    reasons: tuple[Reason, ...] = ()
    line_played: tuple[Play, ...] = field(default=(), repr=False)
    line_reference: tuple[Play, ...] = field(default=(), repr=False)

    @property
    def lost(self) -> float:
        """Points given away compared with the answer (0 or less: nothing lost)."""
        return self.best - self.value


# --- the solver, cached and within a budget --------------------------------------------

#: Per position: the result, and the budget it had (an unknown result is tried again
#: only with a larger budget, so a second click never waits again for nothing).
_values_cache: dict[GameState, tuple[dict[Card, float] | None, float, int]] = {}
_line_cache: dict[GameState, tuple[list[Play] | None, float, int]] = {}


def _cached(cache: dict[GameState, Any], state: GameState, seconds: float, nodes: int) -> Any:
    """The cached entry of ``state`` if it answers for this budget, else None."""
    try:
        entry = cache.get(state)
    except TypeError:  # a state that cannot be hashed: never cached
        return None
    if entry is None:
        return None
    result, had_seconds, had_nodes = entry
    if result is not None or (had_seconds >= seconds and had_nodes >= nodes):
        return entry
    return None


def _remember(cache: dict[GameState, Any], state: GameState, entry: Any) -> None:
    try:
        hash(state)
    except TypeError:
        return
    if len(cache) >= _CACHE_SIZE:
        cache.pop(next(iter(cache)))
    cache[state] = entry


def values(
    state: GameState,
    *,
    seconds: float,
    node_budget: int = DEFAULT_NODE_BUDGET,
    clock: Callable[[], float] | None = None,
) -> dict[Card, float] | None:
    """Each legal card's value (``solve``), or None when unsolvable or past the budget
    (``seconds`` on ``clock``, by default the solver's ``CLOCK``)."""
    hit = _cached(_values_cache, state, seconds, node_budget)
    if hit is not None:
        return cast("dict[Card, float] | None", hit[0])
    out: dict[Card, float] | None
    try:
        out = solve(state, budget=SearchBudget.of(node_budget, max(seconds, 0.001), clock))
    except (SolverBudgetExceeded, UnsolvablePosition, TutorialError):
        out = None
    _remember(_values_cache, state, (out, seconds, node_budget))
    return out


def line(
    state: GameState,
    *,
    seconds: float,
    node_budget: int = DEFAULT_NODE_BUDGET,
    clock: Callable[[], float] | None = None,
) -> list[Play] | None:
    """One best line to the end of the hand (``best_line``), or None (unsolvable, budget)."""
    if state.is_terminal:
        return []
    hit = _cached(_line_cache, state, seconds, node_budget)
    if hit is not None:
        return cast("list[Play] | None", hit[0])
    out: list[Play] | None
    try:
        out = best_line(state, budget=SearchBudget.of(node_budget, max(seconds, 0.001), clock))
    except (SolverBudgetExceeded, UnsolvablePosition, TutorialError):
        out = None
    _remember(_line_cache, state, (out, seconds, node_budget))
    return out


# --- the cost of a card -----------------------------------------------------------------


def replay_tricks(state: GameState, plays: Iterable[Play]) -> list[TrickResult]:
    """The tricks finished while ``plays`` are applied to ``state`` (the current one first)."""
    out: list[TrickResult] = []
    for p in plays:
        before = len(state.tricks)
        state = state.apply(p.card)
        out.extend(state.tricks[before:])
    return out


#: Per position: the hand's score after each legal card, and the budget it had.
_score_cache: dict[GameState, tuple[dict[Card, float] | None, float, int]] = {}


def score_values(
    state: GameState,
    *,
    seconds: float,
    node_budget: int = DEFAULT_NODE_BUDGET,
    clock: Callable[[], float] | None = None,
) -> dict[Card, float] | None:
    """Each legal card's hand score for the mover's side with best play (the exact values
    with the game's goal: ``valuing.exact_values``), or None when unsolvable or past the
    budget (``seconds`` on ``clock``, by default the solver's ``CLOCK``)."""
    hit = _cached(_score_cache, state, seconds, node_budget)
    if hit is not None:
        return cast("dict[Card, float] | None", hit[0])
    out: dict[Card, float] | None
    try:
        budget = SearchBudget.of(node_budget, max(seconds, 0.001), clock)
        goal = Goal(state, CardBits(state))
        exact = exact_values(state, goal, random.Random(0), budget=budget)
        out = {c: score for c, (_points, score) in exact.items()}
    except (SolverBudgetExceeded, UnsolvablePosition, TutorialError):
        out = None
    _remember(_score_cache, state, (out, seconds, node_budget))
    return out


def card_cost(
    state: GameState,
    card: Card,
    answers: Sequence[Card],
    *,
    seconds: float = DEFAULT_COST_SECONDS,
    node_budget: int = DEFAULT_NODE_BUDGET,
    clock: Callable[[], float] | None = None,
) -> Cost | None:
    """What ``card`` costs the side to move compared with the best of ``answers``.

    Args:
        state: a play-phase position with every hand known, ``card`` legal in it.
        card: the learner's card.
        answers: the scenario's accepted cards (the best card by the hand's score if
            empty).
        seconds: the time budget of the whole computation, on ``clock`` (by default the
            solver's ``CLOCK``).
        node_budget: the node budget of each search (the values, then each best line).

    Returns:
        The cost (``lost`` may be 0 or less: nothing lost), with the trick's points and
        the reasons when the best lines were found in time; None when the position
        cannot be solved (cards unknown, Briscola before the stock is empty) or the
        budget ran out.
    """
    budget = SearchBudget.of(node_budget, seconds, clock)
    vals = score_values(state, seconds=seconds, node_budget=node_budget, clock=budget.clock)
    if vals is None or card not in vals:
        return None
    candidates = [a for a in answers if a in vals] or list(vals)
    reference = max(candidates, key=lambda c: (vals[c], -candidates.index(c)))
    cost = Cost(card, vals[card], reference, vals[reference])
    seat = state.to_move
    if cost.lost <= 0 or seat is None:
        return cost
    lines: list[Line] = []
    for first in (card, reference):
        try:
            after = state.apply(first)
            # A decision that is not a card (Belote's declarations in the first trick):
            # the computer players' habit, taken again as the line is replayed.
            while after.phase != "play" and not after.is_terminal:
                after = after.apply(beginner.choose(after))
        except TutorialError:  # pragma: no cover - both cards are legal
            return cost
        rest = line(
            after, seconds=budget.seconds_left(), node_budget=node_budget, clock=budget.clock
        )
        if rest is None:
            return cost
        lines.append(Line.of(state, [Play(seat, first), *rest], beginner.choose))
    cmp = Comparison(seat, lines[0], lines[1])

    def in_trick(ln: Line) -> float:
        first = ln.tricks[0] if ln.tricks else None
        return first.points if first is not None and cmp.ours(first) else 0.0

    trick = in_trick(cmp.better) - in_trick(cmp.played)
    return dataclasses.replace(
        cost,
        trick=trick,
        reasons=tuple(find_reasons(cmp)),
        line_played=cmp.played.plays,
        line_reference=cmp.better.plays,
    )


# --- in words ----------------------------------------------------------------------------


def whose(names: Sequence[str], learner: int, play: Play) -> str:
    """A card with its owner: "your 10♠", "West's A♠"."""
    if play.seat == learner:
        return t("explain.your_card", card=play.card.label)
    return t("explain.their_card", name=names[play.seat], card=play.card.label)


def cost_sentence(cost: Cost, names: Sequence[str], learner: int) -> str:
    """The cost in a sentence: what is given away with best play by the end of the hand
    (the hand's score), the trick in play's share when it differs, and why.

    Nothing lost: the card is said to keep as much as the answer (the step still asks
    for the answer, for the author's reason).
    """
    if cost.lost <= 0:
        return t("explain.no_loss")
    points = tn("plural.points", figure(cost.lost))
    if cost.trick is not None and figure(cost.trick) != figure(cost.lost):
        this_trick = tn("plural.points", figure(abs(cost.trick)))
        key = "explain.cost_scopes_fewer" if cost.trick >= 0 else "explain.cost_scopes_more"
        text = t(key, trick=this_trick, points=points)
    else:
        text = t("explain.cost", points=points)
    if not cost.reasons:
        return text
    with seat_names(names):
        why = t("reasons.separator").join(r.sentence() for r in cost.reasons)
    return t("explain.cost_because", cost=text, why=why)


def line_text(state: GameState, plays: Sequence[Play], names: Sequence[str], learner: int) -> str:
    """A best line in words, trick by trick: "you A♠, West 7♠, … (West takes 14 points)"."""
    parts: list[str] = []
    current: list[str] = []
    for p in plays:
        before = len(state.tricks)
        state = state.apply(p.card)
        who = t("explain.you") if p.seat == learner else names[p.seat]
        current.append(t("run.play_by", name=who, card=p.card.label))
        for trick in state.tricks[before:]:
            plays_text = t("explain.list_separator").join(current)
            current = []
            points = tn("plural.points", trick.points)
            if trick.winner == learner:
                parts.append(t("explain.trick_yours", plays=plays_text, points=points))
            else:
                parts.append(
                    t(
                        "explain.trick_theirs",
                        plays=plays_text,
                        name=names[trick.winner],
                        points=points,
                    )
                )
    if current:
        parts.append(t("explain.list_separator").join(current))
    return t("run.line_separator").join(parts)


__all__ = [
    "DEFAULT_COST_SECONDS",
    "Cost",
    "card_cost",
    "cost_sentence",
    "line",
    "line_text",
    "replay_tricks",
    "score_values",
    "values",
    "whose",
]
