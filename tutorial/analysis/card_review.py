"""The review of a card a seat played: one verdict, one figure and the reasons (pure:
never imports streamlit).

:func:`review_card` reads the position's judgement (``tutorial.analysis.judgement``: the
same one the hint and the strong player read) and, the hand being over, the real deal
with every card shown (:class:`ShownView`: the exact solver within
``REVIEW_NODE_BUDGET`` nodes, Briscola's stock in its real order included; a deal too big
to solve gets no claim of its own). The verdict is one of:

- ``BEST``: as good as the best card within what the seat could know (its loss is under
  a point or within the deals' noise: ``CardValue.costly``);
- ``WRONG``: costly: a better card was visible from the seat; the figure is its loss over
  the judgement's deals (exact when every card was known), ± its standard error;
- ``UNLUCKY``: the best bet from the seat, but the cards lay badly: with every card shown
  another card was better by at least a point (the exact figure).

A ``WRONG`` or ``UNLUCKY`` card gets one or two reasons in words
(``tutorial.engine.reasons``), read off the line after the card played and the line after
the better card on the real deal (the solver's best play by every seat when the deal can
be solved, else the computer players' habits); a costly card that happened to cost
nothing with the cards as they lay says so. Nothing reads a clock.
"""

from __future__ import annotations

import os
import random
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from tutorial.analysis import beginner
from tutorial.analysis.bid_advice import seat_score
from tutorial.analysis.errors import SolverBudgetExceeded, UnsolvablePosition
from tutorial.analysis.games import PARTS
from tutorial.analysis.judgement import LEAST_LOSS, Judgement, canonical_text, judge, position_key
from tutorial.analysis.playouts import Playout
from tutorial.analysis.solver import SearchBudget, best_line
from tutorial.analysis.valuing import exact_values, solve_with_stock
from tutorial.engine.actions import Action
from tutorial.engine.cards import Card
from tutorial.engine.contract import GameState
from tutorial.engine.games import GAMES
from tutorial.engine.outcomes import Play
from tutorial.engine.reasons import (
    CardOf,
    Comparison,
    Line,
    Points,
    Reason,
    figure,
    find_reasons,
    reason,
    trick_in_play,
)
from tutorial.engine.seats import Seat
from tutorial.language.i18n import t, tn

__all__ = [
    "BEST",
    "REVIEW_NODE_BUDGET",
    "UNLUCKY",
    "WRONG",
    "BestFrom",
    "CardReview",
    "Judged",
    "ShownView",
    "best_from",
    "costliest_first",
    "lines_after",
    "played_cards",
    "replay",
    "review",
    "review_card",
    "shown_view",
]

#: The verdicts (``CardReview.verdict``).
BEST = "best"
WRONG = "wrong"
UNLUCKY = "unlucky"
#: The lines a review's reasons were read off (``CardReview.lines``): best play by every
#: seat with every card shown, or the computer players' habits (too many cards to search).
LINES_BEST = "best"
LINES_HABITS = "habits"
#: The words before the reasons, by the lines they were read off.
_LINES_WORDS = {LINES_BEST: "card_review.lines_best", LINES_HABITS: "card_review.lines_habits"}

#: Nodes of the exact solve of the real deal with every card shown, per game (its
#: analysis part's ``Review.node_budget``); a larger solve gets no claim of its own.
#: ``$ATOUT_REVIEW_NODES`` caps them (the browser tests' server: they check the pages).
#: The solve is tried with at most the part's ``Review.solve_cards`` cards still to play.
_REVIEW_NODES_CAP = int(os.environ.get("ATOUT_REVIEW_NODES", "0") or 0)
REVIEW_NODE_BUDGET = {
    game: min(nodes, _REVIEW_NODES_CAP) if _REVIEW_NODES_CAP > 0 else nodes
    for game in GAMES
    for nodes in (PARTS.of(game).review.node_budget,)
}
#: Shown views kept in this process (a review deck card judges several cards of one
#: position), the latest first out last.
_KEPT = 256


# --- The real deal with every card shown -----------------------------------------------


@dataclass(frozen=True)
class ShownView:
    """Every legal card of a position valued on the real deal, every card shown.

    Attributes:
        values: per legal card, the hand's score for the mover's side with best play by
            every seat (``exact``), else after the computer players' habits.
        exact: solved exactly (Briscola: the stock in its real order); only an exact
            view backs a claim ("with every card shown, X was better").
    """

    values: dict[Card, float]
    exact: bool

    @property
    def best(self) -> Card:
        """The card of highest value (the first legal card on a tie)."""
        top = max(self.values.values())
        return next(c for c, v in self.values.items() if v >= top - 1e-9)

    def loss(self, card: Card) -> float:
        """What ``card`` lost against the best card (>= 0)."""
        return max(0.0, max(self.values.values()) - self.values[card])


_SHOWN: OrderedDict[str, ShownView] = OrderedDict()
_LOCK = threading.Lock()


def _deal_key(state: GameState) -> str:
    """The position with its hidden cards (the real deal's key)."""
    return position_key(state) + canonical_text(state.hands) + canonical_text(state.draw_pile)


def shown_view(state: GameState, node_budget: int | None = None) -> ShownView:
    """The legal cards of ``state`` valued on its real deal with every card shown (kept
    for the next asker in this process).

    Raises:
        UnsolvablePosition: not a card-play moment.
    """
    nodes = node_budget if node_budget is not None else REVIEW_NODE_BUDGET[state.game]
    key = f"{_deal_key(state)}|{nodes}"
    with _LOCK:
        kept = _SHOWN.get(key)
        if kept is not None:
            _SHOWN.move_to_end(key)
            return kept
    found = _shown(state, nodes)
    with _LOCK:
        _SHOWN[key] = found
        while len(_SHOWN) > _KEPT:
            _SHOWN.popitem(last=False)
    return found


def _shown(state: GameState, nodes: int) -> ShownView:
    legal = state.legal_plays()
    if not legal:
        raise UnsolvablePosition(f"no card to play in the {state.phase!r} phase")
    playout = Playout(state)
    goal = playout.goal
    left = sum(len(h) for h in state.hands) + state.cards_to_draw
    if left <= PARTS.of(state.game).review.solve_cards:
        budget = SearchBudget.nodes_only(nodes)
        try:
            if state.cards_to_draw:  # Briscola: the stock in its real order
                pts = solve_with_stock(state, budget=budget)
                return ShownView({c: pts[c] for c in legal}, exact=True)
            vals = exact_values(state, goal, random.Random(0), budget=budget)
            return ShownView({c: vals[c][1] for c in legal}, exact=True)
        except SolverBudgetExceeded:
            pass
    return ShownView({c: playout.run(state, c)[1] for c in legal}, exact=False)


# --- Lines of play on the real deal ------------------------------------------------------


def lines_after(
    state: GameState, cards: Sequence[Card], node_budget: int | None = None
) -> tuple[list[Line], bool]:
    """The line from ``state`` after each of ``cards`` to the end of the hand on its real
    deal, and whether they are best play: best play by every seat, every card shown, when
    each line can be searched within ``node_budget`` nodes per search (by default the
    game's ``REVIEW_NODE_BUDGET``; Briscola: the stock in its real order), else every
    line by the computer players' habits (never one of each)."""
    seat = state.to_move
    assert seat is not None
    nodes = node_budget if node_budget is not None else REVIEW_NODE_BUDGET[state.game]
    try:
        best = [_best_line_after(state, seat, c, SearchBudget.nodes_only(nodes)) for c in cards]
        return best, True
    except (SolverBudgetExceeded, UnsolvablePosition):
        pass
    playout = Playout(state)
    lines = []
    for c in cards:
        plays: list[Play] = []
        playout.run(state, c, line=plays)
        lines.append(Line.of(state, plays, beginner.choose))
    return lines, False


def _best_line_after(state: GameState, seat: Seat, card: Card, budget: SearchBudget) -> Line:
    """``card``, then best play by every seat to the end (raises past the budget)."""
    after = state.apply(card)
    while after.phase != "play" and not after.is_terminal:  # a declaration: the habit's
        after = after.apply(beginner.choose(after))
    rest = [] if after.is_terminal else _best_rest(after, budget)
    return Line.of(state, [Play(seat, card), *rest], beginner.choose)


def _best_rest(state: GameState, budget: SearchBudget) -> list[Play]:
    """Best play by every seat from ``state`` to the end (each search within ``budget``'s
    nodes; raises past it). Briscola with cards to draw: the best card of each seat in
    turn (``solve_with_stock`` on the real order), then the solver's line once the stock
    is empty."""
    plays: list[Play] = []
    while state.cards_to_draw and not state.is_terminal:
        seat = state.to_move
        assert seat is not None
        legal = state.legal_plays()
        if len(legal) == 1:
            card = legal[0]
        else:
            vals = solve_with_stock(state, budget=budget)
            card = max(legal, key=lambda c: vals[c])
        plays.append(Play(seat, card))
        state = state.apply(card)
    if state.is_terminal:
        return plays
    return [*plays, *best_line(state, budget=budget)]


# --- The review of one card --------------------------------------------------------------


@dataclass(frozen=True)
class CardReview:
    """One card a seat played: its verdict, its figure and the reasons.

    Attributes:
        move: the index of the position in the history given to ``review``.
        trick: the trick's number (1 for the first).
        state: the position the card was played in.
        played: the card played.
        judgement: the position's judgement with what the seat could know.
        shown: the real deal's values with every card shown.
        verdict: ``BEST``, ``WRONG`` or ``UNLUCKY`` (see the module).
        better: the card the figure compares with (None for ``BEST``).
        lucky: a ``WRONG`` card that cost nothing with the cards as they lay.
        reasons: why it did worse than ``better``, at most two.
        lines: the lines the reasons were read off (``LINES_BEST``, ``LINES_HABITS``; ""
            when none were played out).
        line_played, line_better: those two lines' plays, from the card played and from
            the better card to the end of the hand ("Show me": ``Line.of`` replays them).
    """

    move: int
    trick: int
    state: GameState = field(repr=False)
    played: Card
    judgement: Judgement = field(repr=False)
    shown: ShownView = field(repr=False)
    verdict: str
    better: Card | None = None
    lucky: bool = False
    reasons: tuple[Reason, ...] = ()
    lines: str = ""
    line_played: tuple[Play, ...] = field(default=(), repr=False)
    line_better: tuple[Play, ...] = field(default=(), repr=False)

    @property
    def seat(self) -> Seat:
        """The seat that played the card."""
        return self.judgement.seat

    @property
    def costly(self) -> bool:
        """Whether the card is costly with what the seat could know (``WRONG``)."""
        return self.verdict == WRONG

    @property
    def exact(self) -> bool:
        """Whether the figure is exact (every card known, or the unlucky view's solve)."""
        return self.verdict == UNLUCKY or self.judgement.complete

    @property
    def lost(self) -> float:
        """The card's one figure: the points it lost against ``better`` (0 for ``BEST``),
        as a learner reads it (:func:`tutorial.engine.reasons.figure`; an estimate
        whole)."""
        if self.verdict == WRONG:
            raw = self.judgement.of(self.played).loss
        elif self.verdict == UNLUCKY:
            raw = self.shown.loss(self.played)
        else:
            return 0.0
        return figure(raw) if self.exact else float(round(raw))

    @property
    def error(self) -> float:
        """The figure's standard error (0 when exact), whole or to the half point."""
        if self.verdict != WRONG or self.exact:
            return 0.0
        return max(0.5, figure(self.judgement.of(self.played).error))

    @property
    def shown_lost(self) -> float:
        """What the card lost on the real deal with every card shown, when solved (else 0)."""
        return figure(self.shown.loss(self.played)) if self.shown.exact else 0.0

    def sentence(self) -> str:
        """The verdict in words (seats as the table of the moment names them)."""
        card = self.played.label
        if self.verdict == BEST:
            key = "card_review.best_known" if self.judgement.complete else "card_review.best"
            return t(key, trick=self.trick, card=card)
        assert self.better is not None
        better = self.better.label
        if self.verdict == UNLUCKY:
            return tn("card_review.unlucky", self.lost, trick=self.trick, card=card, better=better)
        if self.exact:
            return tn(
                "card_review.wrong_exact", self.lost, trick=self.trick, card=card, better=better
            )
        deals = tn("card_review.deals", self.judgement.deals)
        text = tn(
            "card_review.wrong",
            self.lost,
            trick=self.trick,
            card=card,
            better=better,
            error=f"{self.error:g}",
            deals=deals,
        )
        return text

    def reason_sentences(self) -> list[str]:
        """The reasons in words, one sentence each."""
        return [r.sentence() for r in self.reasons]

    def reasons_text(self) -> str:
        """The reasons in one paragraph, after the lines they were read off ("" when the
        card has none)."""
        if not self.reasons:
            return ""
        text = t("reasons.separator").join(self.reason_sentences())
        if self.lines:
            text = t(_LINES_WORDS[self.lines], reasons=text)
        return text

    def sentences(self) -> list[str]:
        """The verdict, then its reasons (when it has any)."""
        reasons = self.reasons_text()
        return [self.sentence(), reasons] if reasons else [self.sentence()]


def review_card(state: GameState, played: Card, *, move: int = 0) -> CardReview:
    """The card ``played`` in ``state`` (at index ``move`` of its hand's history) judged:
    against the position's judgement with what its seat could know, then against the
    real deal with every card shown (see the module). The same position and card always
    get the same review.

    Raises:
        UnsolvablePosition: not a card-play moment, or ``played`` is not a legal card.
    """
    if played not in state.legal_plays():
        raise UnsolvablePosition(f"{played.label} is not a legal card here")
    judged = judge(state)
    shown = shown_view(state)
    trick = trick_in_play(state)
    if judged.costly(played):
        better = judged.best
        if shown.exact and shown.values[better] - shown.values[played] < LEAST_LOSS:
            # The reason is that the cards lay well: say so.
            lucky = (reason("lucky", mine=CardOf(judged.seat, played), better=better),)
            return CardReview(move, trick, state, played, judged, shown, WRONG, better, True, lucky)
        why = _reasons(state, played, better)
        return CardReview(
            move, trick, state, played, judged, shown, WRONG, better, False, *_why_fields(why)
        )
    if shown.exact and shown.loss(played) >= LEAST_LOSS:
        better = shown.best
        why = _reasons(state, played, better)
        return CardReview(
            move, trick, state, played, judged, shown, UNLUCKY, better, False, *_why_fields(why)
        )
    return CardReview(move, trick, state, played, judged, shown, BEST)


@dataclass(frozen=True)
class _Why:
    """The reasons of a card and the two lines they were read off."""

    reasons: tuple[Reason, ...]
    lines: str  # LINES_BEST or LINES_HABITS
    played: tuple[Play, ...]
    better: tuple[Play, ...]


def _why_fields(
    why: _Why,
) -> tuple[tuple[Reason, ...], str, tuple[Play, ...], tuple[Play, ...]]:
    """A review's fields from its reasons: the reasons, their lines' kind, the two lines."""
    return why.reasons, why.lines, why.played, why.better


def _reasons(state: GameState, played: Card, better: Card) -> _Why:
    """Why ``played`` did worse than ``better`` on the real deal, at most two reasons, and
    the lines they were read off (``LINES_BEST`` or ``LINES_HABITS``); lines that take
    the same points give that as the reason."""
    seat = state.to_move
    assert seat is not None
    (mine, other), best = lines_after(state, [played, better])
    cmp = Comparison(seat, mine, other)
    basis = LINES_BEST if best else LINES_HABITS
    found = tuple(find_reasons(cmp))
    if not found:
        # The two lines take the same points: the cost is in the deals the seat could not
        # rule out, not in this one.
        points = Points(cmp.played.side_points(cmp.side))
        found = (
            reason("same_line_points", mine=CardOf(seat, played), better=better, points=points),
        )
    return _Why(found, basis, mine.plays, other.plays)


# --- Could I have won? ----------------------------------------------------------------------


@dataclass(frozen=True)
class BestFrom:
    """The best a seat's side could have scored from the start of one trick of a finished
    hand, every card shown and best play by every seat (the solver's line).

    Attributes:
        trick: the trick's number (1 for the first).
        score: the seat's score for the hand at the end of that line (None: too many
            cards to search within the review's node budget).
        line: the line's plays from the trick's start.
    """

    trick: int
    score: float | None
    line: tuple[Play, ...] = field(default=(), repr=False)


def best_from(state: GameState, seat: Seat, node_budget: int | None = None) -> BestFrom:
    """What ``seat`` would have scored for the hand had every seat played its best from
    ``state`` (the start of a trick of the real deal, every card shown): the solver's line
    (Briscola: the stock in its real order) within ``node_budget`` nodes per search (by
    default the game's ``REVIEW_NODE_BUDGET``), played to the end by the engine and
    scored by it."""
    trick = trick_in_play(state)
    nodes = node_budget if node_budget is not None else REVIEW_NODE_BUDGET[state.game]
    left = sum(len(h) for h in state.hands) + state.cards_to_draw
    if left > PARTS.of(state.game).review.solve_cards:
        return BestFrom(trick, None)
    start = state
    while start.phase != "play" and not start.is_terminal:  # a declaration: the habit's
        start = start.apply(beginner.choose(start))
    try:
        plays = _best_rest(start, SearchBudget.nodes_only(nodes))
    except (SolverBudgetExceeded, UnsolvablePosition):
        return BestFrom(trick, None)
    end = Line.of(state, plays, beginner.choose).end
    return BestFrom(trick, seat_score(end, end.outcome(), seat), tuple(plays))


# --- A whole hand ------------------------------------------------------------------------


def replay(start: GameState, actions: Sequence[Action]) -> list[GameState]:
    """The states of a hand: ``start``, then after each action (through ``apply``)."""
    states = [start]
    for a in actions:
        states.append(states[-1].apply(a))
    return states


def played_cards(history: Sequence[GameState], seat: Seat) -> list[tuple[int, Card]]:
    """(index in ``history``, card) of every card ``seat`` played, in playing order."""
    out: list[tuple[int, Card]] = []
    for i in range(len(history) - 1):
        st = history[i]
        if st.phase != "play" or st.to_move != seat:
            continue
        gone = set(st.hands[seat]) - set(history[i + 1].hands[seat])
        if len(gone) == 1:
            out.append((i, gone.pop()))
    return out


class Judged(Protocol):
    """A reviewed decision (a card, or a bid or discard reviewed like one)."""

    @property
    def move(self) -> int: ...
    @property
    def verdict(self) -> str: ...
    @property
    def lost(self) -> float: ...


J = TypeVar("J", bound=Judged)


def costliest_first(reviews: Sequence[J]) -> list[J]:
    """``reviews`` sorted by their figure, costly cards first (then unlucky ones, then
    the rest), the largest figure first; ties in playing order."""
    rank = {WRONG: 0, UNLUCKY: 1, BEST: 2}
    return sorted(reviews, key=lambda r: (rank[r.verdict], -r.lost, r.move))


def review(history: Sequence[GameState], seat: Seat) -> list[CardReview]:
    """Every card ``seat`` played in ``history`` (the states of a hand in order, as
    ``replay`` gives them), reviewed (``review_card``), costliest first."""
    out = [review_card(history[i], card, move=i) for i, card in played_cards(history, seat)]
    return costliest_first(out)
