"""What a card costs with best play, in the learner's words (pure: never imports streamlit).

Where every hand of a scenario position is known, a legal card that is not the answer
can be valued exactly: :func:`card_cost` compares what the learner's side takes with
best play after that card and after the scenario's best answer (both from
:func:`tutorial.analysis.solve`), and finds the first trick of the two best lines where
points go the other way (:func:`best_line` after each card). :func:`cost_sentence` says
it through the catalogue (section ``[explain]``): "This gives away 14 points with best
play: West's A♠ then takes your 10♠."

Everything runs within a time budget shared by the whole computation (on a clock, by
default the solver's ``CLOCK``) and a node budget per search: past it the cost is unknown (``None``) and the learner simply gets no computed sentence, never a wait.
Results are cached per position, so a second click on the same card costs nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from tutorial.analysis.solver import (
    DEFAULT_NODE_BUDGET,
    SearchBudget,
    SolverBudgetExceeded,
    UnsolvablePosition,
    best_line,
    solve,
)
from tutorial.engine.cards import Card
from tutorial.engine.core import GameState, Play, TrickResult
from tutorial.engine.errors import TutorialError
from tutorial.language.i18n import t, tn

#: Seconds the whole cost computation may take at a click (solve and two best lines).
DEFAULT_COST_SECONDS = 0.5
#: Positions whose results are kept (each a few small dicts).
_CACHE_SIZE = 256


@dataclass(frozen=True)
class Turn:
    """Where the points change hands: an opponent's card that takes a trick, and the
    richest card of the learner's side in that trick (None when the side gave no point).
    """

    taker: Play
    victim: Play | None
    points: float


@dataclass(frozen=True)
class Cost:
    """The exact cost of one legal card, for the side of the seat to move.

    Attributes:
        card: the card valued.
        value: the card points the mover's side takes after it, with best play.
        reference: the answer it is compared with (the best accepted card).
        best: what the mover's side takes after ``reference``.
        turn: the first trick of the two best lines where points go the other way
            (None when the lines do not show it trick by trick, or when nothing is lost).
    """

    card: Card
    value: float
    reference: Card
    best: float
    turn: Turn | None = None

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


def find_turn(
    state: GameState, side: int, bad: Sequence[TrickResult], good: Sequence[TrickResult]
) -> Turn | None:
    """The first trick where the opponents of ``side`` take more after the worse card
    (``bad``) than after the answer (``good``), trick by trick."""
    for k, trick in enumerate(bad):
        opp_bad = trick.points if state.team_of(trick.winner) != side else 0.0
        other = good[k] if k < len(good) else None
        opp_good = 0.0
        if other is not None and state.team_of(other.winner) != side:
            opp_good = other.points
        if opp_bad <= opp_good:
            continue
        taker = next(p for p in trick.plays if p.seat == trick.winner)
        mine = [p for p in trick.plays if state.team_of(p.seat) == side]
        mine.sort(key=lambda p: -state.card_points(p.card))
        victim = mine[0] if mine and state.card_points(mine[0].card) > 0 else None
        return Turn(taker, victim, float(trick.points))
    return None


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
        answers: the scenario's accepted cards (the solver's best card if empty).
        seconds: the time budget of the whole computation, on ``clock`` (by default the
            solver's ``CLOCK``).
        node_budget: the node budget of each search (the values, then each best line).

    Returns:
        The cost (``lost`` may be 0 or less: nothing lost), or None when the position
        cannot be solved (cards unknown, Briscola before the stock is empty) or the
        budget ran out.
    """
    budget = SearchBudget.of(node_budget, seconds, clock)
    vals = values(state, seconds=seconds, node_budget=node_budget, clock=budget.clock)
    if vals is None or card not in vals:
        return None
    candidates = [a for a in answers if a in vals] or list(vals)
    reference = max(candidates, key=lambda c: (vals[c], -candidates.index(c)))
    cost = Cost(card, vals[card], reference, vals[reference])
    if cost.lost <= 0 or state.to_move is None:
        return cost
    side = state.team_of(state.to_move)
    try:
        after_bad = state.apply(card)
        after_good = state.apply(reference)
    except TutorialError:
        return cost
    bad_line = line(
        after_bad, seconds=budget.seconds_left(), node_budget=node_budget, clock=budget.clock
    )
    if bad_line is None:
        return cost
    good_line = line(
        after_good, seconds=budget.seconds_left(), node_budget=node_budget, clock=budget.clock
    )
    if good_line is None:
        return cost
    seat = state.to_move
    bad = replay_tricks(state, [Play(seat, card), *bad_line])
    good = replay_tricks(state, [Play(seat, reference), *good_line])
    return Cost(card, cost.value, reference, cost.best, find_turn(state, side, bad, good))


# --- in words ----------------------------------------------------------------------------


def whose(names: Sequence[str], learner: int, play: Play) -> str:
    """A card with its owner: "your 10♠", "West's A♠"."""
    if play.seat == learner:
        return t("explain.your_card", card=play.card.label)
    return t("explain.their_card", name=names[play.seat], card=play.card.label)


def cost_sentence(cost: Cost, names: Sequence[str], learner: int) -> str:
    """The cost in a sentence: what is given away with best play, and where.

    Nothing lost: the card is said to keep as many points as the answer (the step
    still asks for the answer, for the author's reason).
    """
    if cost.lost <= 0:
        return t("explain.no_loss")
    points = tn("plural.points", cost.lost)
    turn = cost.turn
    if turn is None:
        return t("explain.cost", points=points)
    taker = whose(names, learner, turn.taker)
    if turn.victim is not None:
        detail = t("explain.takes_card", taker=taker, victim=whose(names, learner, turn.victim))
    else:
        detail = t("explain.takes_trick", taker=taker, points=tn("plural.points", turn.points))
    return t("explain.cost_detail", points=points, detail=detail)


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
    "Turn",
    "card_cost",
    "cost_sentence",
    "find_turn",
    "line",
    "line_text",
    "replay_tricks",
    "values",
    "whose",
]
