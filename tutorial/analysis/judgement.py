"""The one judge of a card-play position: what each legal card is worth with what the
seat to move could know (pure: never imports streamlit).

:func:`judge` deals the cards the seat cannot see again (``tutorial.analysis.sampling``,
consistent with everything it has seen), ``DEALS`` times from a seed worked out from the
position itself (:func:`position_key`: what the seat sees, never the hidden cards), and
values every legal card on each deal: exactly with the solver when few cards are left
(``SOLVE_CARDS``; Briscola once at most ``STOCK_SOLVE_CARDS`` cards are left to draw),
within ``DEAL_NODE_BUDGET`` nodes, else by a greedy playout
(``tutorial.analysis.playouts``), as the hand's score for the mover's side
(``tutorial.analysis.goals``). Nothing reads a clock: the same position gets the same
judgement in the page, in the background worker, in the review deck and in tests, on a
quiet machine or a busy one.

Each card's figure is its mean score over the deals; its loss is the mean, over the same
deals, of the best card's score minus its own (paired: the deals are shared), with the
standard error of that mean. A card is **costly** only when its loss is at least
``LEAST_LOSS`` points and more than ``NOISE_ERRORS`` standard errors: otherwise it is as
good as the best within what can be known. The best card is the one of highest mean (the
first in the order of the legal cards on a tie): the hint names it, the strong computer
player plays it, and the review measures every card against it, so a card the hint
named is never called costly afterwards.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import math
import os
import random
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tutorial.analysis.knowledge import knowledge
from tutorial.analysis.playouts import Playout
from tutorial.analysis.sampling import sample_deal
from tutorial.analysis.solver import SearchBudget, SolverBudgetExceeded, UnsolvablePosition
from tutorial.analysis.valuing import equivalent_cards, exact_values
from tutorial.engine.cards import Card
from tutorial.engine.contract import GameState
from tutorial.engine.outcomes import TrickResult
from tutorial.engine.seats import Seat, seat_names
from tutorial.language.i18n import DEFAULT_LANGUAGE, speaking

__all__ = [
    "DEALS",
    "LEAST_LOSS",
    "NOISE_ERRORS",
    "CardValue",
    "Judgement",
    "canonical_text",
    "judge",
    "position_key",
]

#: Deals of the hidden cards every judgement is worked out on (``$ATOUT_JUDGE_DEALS``
#: sets another number: the browser tests' server, which checks the pages, not the
#: figures). Measured in ``docs/decisions.md`` ("One judge").
DEALS = max(1, int(os.environ.get("ATOUT_JUDGE_DEALS", "32") or 32))
#: A deal is valued exactly when at most this many cards are left in the hands (Belote
#: and Tarot: 5 tricks; Briscola: whenever the stock is empty).
SOLVE_CARDS = {"belote": 20, "tarot": 20, "briscola": 40}
#: Briscola deals are valued exactly (with the deal's order of the stock) from this many
#: cards left to draw, per number of players.
STOCK_SOLVE_CARDS = {2: 4, 4: 4}
#: Nodes of one exact solve in a deal (a larger one is played out instead).
DEAL_NODE_BUDGET = 20_000
#: The least loss, in points, that makes a card costly.
LEAST_LOSS = 1.0
#: How many standard errors a loss must exceed to be more than the deals' noise.
NOISE_ERRORS = 2.0
#: Judgements kept in this process, the latest first out last.
_KEPT = 512


@dataclass(frozen=True)
class CardValue:
    """One legal card in a judgement.

    Attributes:
        card: the card.
        value: its mean score of the hand for the mover's side over the deals (points
            of the mover's own score: ``tutorial.analysis.goals``).
        points: the mean card points the mover's side takes from here on after it.
        loss: the mean over the deals of the best card's score minus this card's (0 for
            the best card and the cards that play alike with it).
        error: the standard error of ``loss`` (0 when exact or when the two cards score
            the same on every deal).
    """

    card: Card
    value: float
    points: float
    loss: float
    error: float

    @property
    def costly(self) -> bool:
        """Whether the card loses at least ``LEAST_LOSS`` points, more than the noise."""
        return self.loss >= LEAST_LOSS and self.loss > NOISE_ERRORS * self.error


@dataclass(frozen=True)
class Judgement:
    """Every legal card of a position valued with what its seat could know.

    Attributes:
        key: the position's key (:func:`position_key`), from which the deals' seed comes.
        seat: the seat to move.
        best: the card of highest mean score (the hint's card, the strong player's).
        cards: per legal card (in the order of the legal cards), its value.
        deals: how many deals were valued.
        exact: how many of them were solved exactly (the rest: greedy playouts).
        complete: a single deal was possible (every card known) and it was solved
            exactly: the figures are exact.
    """

    key: str
    seat: Seat
    best: Card
    cards: Mapping[Card, CardValue]
    deals: int
    exact: int
    complete: bool

    def of(self, card: Card) -> CardValue:
        """The value of ``card`` (a legal card)."""
        return self.cards[card]

    def costly(self, card: Card) -> bool:
        """Whether ``card`` is costly (see :class:`CardValue`)."""
        return self.cards[card].costly

    @property
    def values(self) -> dict[Card, float]:
        """Each legal card's mean score."""
        return {c: v.value for c, v in self.cards.items()}

    @property
    def next_best(self) -> Card | None:
        """The legal card of highest mean after ``best`` (None with a single legal card)."""
        others = [v for c, v in self.cards.items() if c != self.best]
        if not others:
            return None
        return max(others, key=lambda v: v.value).card

    @property
    def alike(self) -> tuple[Card, ...]:
        """The cards as good as the best within what can be known (the best first)."""
        return tuple(c for c, v in self.cards.items() if c == self.best or not v.costly)


# --- The position's key ----------------------------------------------------------------


def canonical_text(x: Any) -> str:
    """A text for ``x`` that is the same in every process (no hash, no address): maps and
    sets in a sorted order, dataclasses by their fields, enums by their names, a finished
    trick by its plays and result (not its sentence, which names the seats as a page
    does)."""
    if x is None or isinstance(x, bool | int | float | str):
        return repr(x)
    if isinstance(x, TrickResult):
        return canonical_text((x.index, x.plays, x.winner, x.points, x.reason))
    if isinstance(x, enum.Enum):
        return f"{type(x).__name__}.{x.name}"
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        inner = ",".join(
            f"{f.name}={canonical_text(getattr(x, f.name))}" for f in dataclasses.fields(x)
        )
        return f"{type(x).__name__}({inner})"
    if isinstance(x, Mapping):
        items = sorted(f"{canonical_text(k)}:{canonical_text(v)}" for k, v in x.items())
        return "{" + ",".join(items) + "}"
    if isinstance(x, set | frozenset):
        return "{" + ",".join(sorted(canonical_text(v) for v in x)) + "}"
    if isinstance(x, Sequence):
        return "[" + ",".join(canonical_text(v) for v in x) + "]"
    return f"{type(x).__name__}:{x!s}"


def position_key(state: GameState) -> str:
    """The key of a card-play position as its seat to move sees it: a digest of the game,
    the ruleset, the seat and everything ``state.observe(seat)`` shows (never a hidden
    card), the same in every process, language and page.

    Raises:
        UnsolvablePosition: nobody is to move.
    """
    seat = state.to_move
    if seat is None:
        raise UnsolvablePosition("nobody is to move")
    # What the seat sees, in words that are the same on every page: one language, no
    # table's seat names (an announcement is worded by the engine).
    with speaking(DEFAULT_LANGUAGE), seat_names(None):
        seen = canonical_text(state.observe(seat))
    text = "|".join((state.game, canonical_text(state.ruleset), str(seat), seen))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# --- The judge -----------------------------------------------------------------------------

_JUDGED: OrderedDict[tuple[str, int], Judgement] = OrderedDict()
_LOCK = threading.Lock()


def judge(state: GameState, *, deals: int | None = None) -> Judgement:
    """Every legal card of the seat to move valued over ``deals`` deals of the cards it
    cannot see (by default ``DEALS``), from the position's own seed: the same position
    always gets the same judgement (kept for the next asker in this process).

    Raises:
        UnsolvablePosition: not a card-play moment.
    """
    legal = state.legal_plays()
    if state.phase != "play" or not legal:
        raise UnsolvablePosition(f"no card to play in the {state.phase!r} phase")
    count = max(1, deals if deals is not None else DEALS)
    key = position_key(state)
    with _LOCK:
        kept = _JUDGED.get((key, count))
        if kept is not None:
            _JUDGED.move_to_end((key, count))
            return kept
    found = _judge(state, legal, key, count)
    with _LOCK:
        _JUDGED[(key, count)] = found
        while len(_JUDGED) > _KEPT:
            _JUDGED.popitem(last=False)
    return found


def _exactable(state: GameState) -> bool:
    """Whether a deal of ``state`` is small enough to try solving exactly."""
    in_hands = sum(len(h) for h in state.hands)
    stock_limit = STOCK_SOLVE_CARDS.get(state.num_players, 0)
    return in_hands <= SOLVE_CARDS[state.game] and state.cards_to_draw <= stock_limit


def _judge(state: GameState, legal: Sequence[Card], key: str, count: int) -> Judgement:
    """The judgement of ``state`` over ``count`` deals drawn from ``key``'s seed."""
    seat = state.to_move
    assert seat is not None
    rng = random.Random(int(key[:16], 16))
    kn = knowledge(state)
    exactable = _exactable(state)
    playout = Playout(state)
    classes = equivalent_cards(state)
    valued = [cls[0] for cls in classes]  # one card of each class is valued
    scores: list[list[float]] = []  # per deal, the score of each valued card
    points = [0.0] * len(valued)
    exact = 0
    while len(scores) < count:
        world = sample_deal(state, rng, kn) if kn.allowed else state
        vals: Mapping[Card, tuple[float, float]] | None = None
        if exactable:
            try:
                budget = SearchBudget.nodes_only(DEAL_NODE_BUDGET)
                vals = exact_values(world, playout.goal, rng, budget=budget)
                exact += 1
            except SolverBudgetExceeded:
                vals = None
        if vals is None:
            vals = {c: playout.run(world, c) for c in valued}
        scores.append([vals[c][1] for c in valued])
        for i, c in enumerate(valued):
            points[i] += vals[c][0]
        if kn.determined:
            break  # a single possible deal: every further deal would be the same
    done = len(scores)
    means = [sum(d[i] for d in scores) / done for i in range(len(valued))]
    top = max(range(len(valued)), key=lambda i: (means[i], -i))
    per_valued: list[CardValue] = []
    for i, card in enumerate(valued):
        losses = [d[top] - d[i] for d in scores]
        per_valued.append(
            CardValue(card, means[i], points[i] / done, means[top] - means[i], _error(losses))
        )
    of_card = {c: per_valued[k] for k, cls in enumerate(classes) for c in cls}
    cards = {c: dataclasses.replace(of_card[c], card=c) for c in legal}
    return Judgement(
        key=key,
        seat=seat,
        best=valued[top],
        cards=cards,
        deals=done,
        exact=exact,
        complete=kn.determined and exact > 0,
    )


def _error(xs: Sequence[float]) -> float:
    """The standard error of the mean of ``xs`` (0 for a single value: a single deal is
    the only possible one, see ``_judge``)."""
    n = len(xs)
    if n < 2:
        return 0.0
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return math.sqrt(var / n)
