"""The whole hand as the charts tell it: pure data from a finished state (no Plotly).

A finished position may list only its last tricks (a scenario that starts late sums up
the earlier ones as captured cards or carried points). :func:`hand_story` turns any
finished hand into the *steps* a learner follows, each giving points to one side or
both:

- ``discard``: the Tarot taker's discard (Prise, Garde), counted from the start;
- ``earlier``: every point won before the first listed trick, in one step;
- ``trick``: each listed trick, numbered as played (17 and 18 when 16 came before);
- ``chien``: the Tarot chien, which goes to a side at the end (Garde sans, Garde contre);
- ``dix_de_der``, ``declarations``, ``belote``: Belote's extra points, the last two
  only when the contract counts them;
- then, for Belote, the steps from the figures the contract is judged on to the hand's
  score, read from the engine's score lines: ``capot``, ``dedans`` or ``litige`` (what the
  result does to the points counted), ``declarations_scored`` and ``belote_scored`` (when
  the contract does not count them), ``rounding``, ``carried`` (litige points held from an
  earlier hand).

The running totals after the first ``judged`` steps are the figures the contract is judged
on (the Tarot taker's card points, the Belote contract figures, Briscola's card points);
after the last step they are the hand's score where it is counted in card points (Belote,
Briscola; Tarot's score is its settlement).
Sides are indexed as :func:`tutorial.scenarios.sides.side_labels` names them: Belote
teams 0 and 1, Tarot taker 0 and defence 1, Briscola side A 0 and side B 1.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tutorial.engine.actions import GameAction
from tutorial.engine.contract import GameState
from tutorial.engine.game_parts import GameParts
from tutorial.engine.outcomes import HandOutcome, TrickResult
from tutorial.engine.seats import Seat
from tutorial.scenarios.position import Table, shown_seat_names

__all__ = [
    "HandStory",
    "Step",
    "auction",
    "deal_table",
    "half_points",
    "hand_story",
    "numbered_tricks",
    "to_side",
    "total_tricks",
    "trick_steps",
    "with_running",
]

#: Step kinds, in the order they may appear.
STEP_KINDS = (
    "discard",
    "earlier",
    "trick",
    "chien",
    "dix_de_der",
    "declarations",
    "belote",
    "capot",
    "dedans",
    "litige",
    "declarations_scored",
    "belote_scored",
    "rounding",
    "carried",
)

#: Belote: the steps from the contract's figures to the hand's score, each with the kinds
#: of score line it gathers (the engine's lines, ``ScoreLine.kind``).
RESULT_KINDS = ("capot", "dedans", "litige")


@dataclass(frozen=True)
class Step:
    """One bar of the trick chart: the points it gives each side.

    ``number`` is the trick's number as played (1-based) for a ``trick`` step, and for
    the ``earlier`` step the number of the last trick it sums up; ``winner`` is the seat
    that won the trick.
    """

    kind: str
    points: tuple[float, float]
    number: int | None = None
    winner: int | None = None


@dataclass(frozen=True)
class HandStory:
    """A finished hand's points, step by step, and the mark the contract is judged by.

    Attributes:
        game: ``belote``, ``tarot`` or ``briscola``.
        steps: the steps in playing order.
        running: the running totals of both sides after each step.
        line: the mark to reach (Tarot target, Belote points needed, Briscola 61), or None.
        line_side: the side the mark is for (None: either side, as in Briscola).
        tricks_won: listed tricks won by each side.
        first_trick: the number of the first listed trick (1 when all are listed).
        total_tricks: the tricks of a whole hand (8, 18, 20 or 10).
        bouts: Tarot: the taker's bouts at the end (None in other games).
        judged: the number of steps after which the running totals are the figures the
            contract is judged on (None: after every step); the steps after it lead to
            the hand's score.
    """

    game: str
    steps: tuple[Step, ...]
    running: tuple[tuple[float, float], ...]
    line: float | None
    line_side: int | None
    tricks_won: tuple[int, int]
    first_trick: int
    total_tricks: int
    bouts: int | None = None
    judged: int | None = None

    @property
    def totals(self) -> tuple[float, float]:
        """Both sides' totals after the last step."""
        return self.running[-1] if self.running else (0.0, 0.0)

    @property
    def judged_steps(self) -> int:
        """How many steps lead to the figures the contract is judged on."""
        return len(self.steps) if self.judged is None else self.judged

    @property
    def figures(self) -> tuple[float, float]:
        """Both sides' figures where the contract is judged (the mark's place)."""
        n = self.judged_steps
        return self.running[n - 1] if n else (0.0, 0.0)

    @property
    def score_steps(self) -> tuple[Step, ...]:
        """The steps from the contract's figures to the hand's score."""
        return self.steps[self.judged_steps :]

    @property
    def tricks(self) -> tuple[Step, ...]:
        """The listed tricks' steps."""
        return tuple(s for s in self.steps if s.kind == "trick")

    def step(self, kind: str) -> Step | None:
        """The first step of a kind, if any."""
        return next((s for s in self.steps if s.kind == kind), None)


def total_tricks(state: GameState) -> int:
    """The number of tricks in a whole hand of this game and table size."""
    return state.total_tricks


def numbered_tricks(state: GameState) -> list[tuple[int, TrickResult]]:
    """The listed tricks with their numbers as played.

    In a finished hand the listed tricks are the last ones (earlier tricks can only be
    summed up before them), so they end on the hand's last trick.
    """
    listed = list(state.tricks)
    first = total_tricks(state) - len(listed) + 1
    return [(first + i, tr) for i, tr in enumerate(listed)]


def half_points(x: float) -> float:
    """Card points are whole or half points: round away float noise."""
    return round(x * 2) / 2


def with_running(steps: Sequence[Step]) -> tuple[tuple[float, float], ...]:
    """Each side's running total after each step."""
    a = b = 0.0
    out: list[tuple[float, float]] = []
    for s in steps:
        a, b = half_points(a + s.points[0]), half_points(b + s.points[1])
        out.append((a, b))
    return tuple(out)


def to_side(side: int, points: float) -> tuple[float, float]:
    """``points`` given to ``side`` (0 or 1) as a pair of the two sides' points."""
    return (float(points), 0.0) if side == 0 else (0.0, float(points))


@dataclass(frozen=True)
class StoryPart:
    """A game's own story of a finished hand (``tutorial/pictures/games/<game>.py`` sets
    it as ``STORY``): its steps from the engine's outcome, or None when no card was
    played for a score."""

    story: Callable[[GameState, HandOutcome], HandStory | None]


#: Each game's story, from its module of ``tutorial/pictures/games``.
STORIES = GameParts("tutorial.pictures.games", StoryPart, "STORY")


def hand_story(state: GameState, outcome: HandOutcome | None = None) -> HandStory | None:
    """The finished hand step by step, or None when no card was played for a score
    (a Belote redeal, a Tarot hand passed out or stopped by a Petit sec).

    Raises:
        InvalidStateError: the hand is not over.
    """
    out = outcome if outcome is not None else state.outcome()
    return STORIES.of(state.game).story(state, out)


def trick_steps(state: GameState) -> tuple[list[Step], list[float], list[int]]:
    """A step per listed trick, its points to the side of its winner."""
    steps: list[Step] = []
    sums = [0.0, 0.0]
    won = [0, 0]
    for number, tr in numbered_tricks(state):
        side = state.team_of(tr.winner)
        steps.append(Step("trick", to_side(side, tr.points), number, tr.winner))
        sums[side] += tr.points
        won[side] += 1
    return steps, sums, won


def auction(state: GameState) -> Sequence[tuple[Seat, GameAction]]:
    """The bids in order, each with its seat (Briscola has none)."""
    return state.seated_bids()


def deal_table(hand: GameState) -> Table:
    """The table of a dealt hand: the usual seat names (South, East... or You, Opponent)."""
    names = shown_seat_names(hand.num_players)
    return Table(names, 0, hand.dealer, hand)
