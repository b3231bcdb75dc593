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
  only when the contract counts them.

The running totals after the last step are the figures the contract is judged on:
the Tarot taker's card points, the Belote contract figures, Briscola's card points.
Sides are indexed as :func:`tutorial.scenarios.sides.side_labels` names them: Belote
teams 0 and 1, Tarot taker 0 and defence 1, Briscola side A 0 and side B 1.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tutorial.engine import belote, briscola, tarot
from tutorial.engine.cards import EXCUSE
from tutorial.engine.core import GameState, HandOutcome, TrickResult
from tutorial.scenarios.position import Table, shown_seat_names

__all__ = [
    "HandStory",
    "Step",
    "auction",
    "deal_table",
    "hand_story",
    "numbered_tricks",
    "total_tricks",
]

#: Step kinds, in the order they may appear.
STEP_KINDS = ("discard", "earlier", "trick", "chien", "dix_de_der", "declarations", "belote")


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

    @property
    def totals(self) -> tuple[float, float]:
        """Both sides' totals after the last step."""
        return self.running[-1] if self.running else (0.0, 0.0)

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


def _half(x: float) -> float:
    """Card points are whole or half points: round away float noise."""
    return round(x * 2) / 2


def _with_running(steps: Sequence[Step]) -> tuple[tuple[float, float], ...]:
    a = b = 0.0
    out: list[tuple[float, float]] = []
    for s in steps:
        a, b = _half(a + s.points[0]), _half(b + s.points[1])
        out.append((a, b))
    return tuple(out)


def _pair(side: int, points: float) -> tuple[float, float]:
    return (float(points), 0.0) if side == 0 else (0.0, float(points))


def hand_story(state: GameState, outcome: HandOutcome | None = None) -> HandStory | None:
    """The finished hand step by step, or None when no card was played for a score
    (a Belote redeal, a Tarot hand passed out or stopped by a Petit sec).

    Raises:
        InvalidStateError: the hand is not over.
    """
    out = outcome if outcome is not None else state.outcome()
    d: dict[str, Any] = dict(out.details)
    return _STORIES[state.game](state, d)


def _trick_steps(state: GameState) -> tuple[list[Step], list[float], list[int]]:
    """A step per listed trick, its points to the side of its winner."""
    steps: list[Step] = []
    sums = [0.0, 0.0]
    won = [0, 0]
    for number, tr in numbered_tricks(state):
        side = state.team_of(tr.winner)
        steps.append(Step("trick", _pair(side, tr.points), number, tr.winner))
        sums[side] += tr.points
        won[side] += 1
    return steps, sums, won


def _belote(state: GameState, d: dict[str, Any]) -> HandStory:
    steps, sums, won = _trick_steps(state)
    card = [float(x) for x in d["card_points"]]
    earlier = (card[0] - sums[0], card[1] - sums[1])
    first = total_tricks(state) - len(steps) + 1
    head: list[Step] = []
    if first > 1:
        head.append(Step("earlier", earlier, first - 1))
    tail = [Step("dix_de_der", _pair(int(d["dix_de_der_team"]), belote.DIX_DE_DER))]
    contract = d["contract"]
    if contract["basis"] == "total_strict":
        decl = [float(x) for x in d["declaration_points"]]
        if any(decl):
            tail.append(Step("declarations", (decl[0], decl[1])))
        if d.get("belote_team") is not None:
            tail.append(Step("belote", _pair(int(d["belote_team"]), belote.BELOTE_POINTS)))
    all_steps = (*head, *steps, *tail)
    capot = d.get("capot") is not None
    return HandStory(
        game="belote",
        steps=all_steps,
        running=_with_running(all_steps),
        line=None if capot else float(contract["needed"]),
        line_side=None if capot else int(d["taking_team"]),
        tricks_won=(won[0], won[1]),
        first_trick=first,
        total_tricks=total_tricks(state),
    )


def _tarot(state: GameState, d: dict[str, Any]) -> HandStory:
    assert isinstance(state, tarot.TarotState)  # the Tarot picture: its own fields
    steps, sums, won = _trick_steps(state)
    first = total_tricks(state) - len(steps) + 1
    before = [state.carried[i] + tarot.points_of(state.captured[i]) for i in (0, 1)]
    aside_pts = tarot.points_of(state.set_aside)
    aside = _pair(state.set_aside_team, aside_pts) if state.set_aside else None
    # The Excuse may stay with its owner's side (half a point coming back in exchange),
    # so a trick's own points may leave it out: what each side misses was won in the
    # trick the Excuse was played in.
    want = (float(d["points"]), float(d["defence_points"]))
    missing = [_half(want[i] - before[i] - sums[i] - (aside[i] if aside else 0.0)) for i in (0, 1)]
    if any(missing):
        for k, s in enumerate(steps):
            if s.number is not None and _has_excuse(state, s.number - first):
                pts = (_half(s.points[0] + missing[0]), _half(s.points[1] + missing[1]))
                steps[k] = Step("trick", pts, s.number, s.winner)
                break
    head: list[Step] = []
    tail: list[Step] = []
    if aside is not None:
        (head if state.chien_shown else tail).append(
            Step("discard" if state.chien_shown else "chien", aside)
        )
    if first > 1:
        head.append(Step("earlier", (before[0], before[1]), first - 1))
    all_steps = (*head, *steps, *tail)
    return HandStory(
        game="tarot",
        steps=all_steps,
        running=_with_running(all_steps),
        line=float(d["target"]),
        line_side=tarot.TAKER_TEAM,
        tricks_won=(won[0], won[1]),
        first_trick=first,
        total_tricks=total_tricks(state),
        bouts=int(d["bouts"]),
    )


def _has_excuse(state: GameState, i: int) -> bool:
    return 0 <= i < len(state.tricks) and EXCUSE in state.tricks[i].cards


def _briscola(state: GameState, d: dict[str, Any]) -> HandStory:
    steps, _, won = _trick_steps(state)
    first = total_tricks(state) - len(steps) + 1
    start = [float(v) for v in d["start"].values()]
    head = [Step("earlier", (start[0], start[1]), first - 1)] if first > 1 else []
    all_steps = (*head, *steps)
    return HandStory(
        game="briscola",
        steps=all_steps,
        running=_with_running(all_steps),
        line=float(briscola.TARGET),
        line_side=None,
        tricks_won=(won[0], won[1]),
        first_trick=first,
        total_tricks=total_tricks(state),
    )


# --- How a dealt hand went (the Score explainer) ------------------------------------------


def _belote_played(state: GameState, d: dict[str, Any]) -> HandStory | None:
    """Belote's story of a hand played out (none for a redeal)."""
    return _belote(state, d) if d.get("result") in ("made", "dedans", "litige") else None


def _tarot_played(state: GameState, d: dict[str, Any]) -> HandStory | None:
    """Tarot's story of a hand played out (none when all passed)."""
    return _tarot(state, d) if d.get("contract") else None


#: Each game's story of a finished hand, by the game's name (one game's picture each).
_STORIES: dict[str, Callable[[GameState, dict[str, Any]], HandStory | None]] = {
    "belote": _belote_played,
    "tarot": _tarot_played,
    "briscola": _briscola,
}


def auction(state: GameState) -> list[tuple[int, Any]]:
    """The bids in order, each with its seat (Briscola has none)."""
    return state.seated_bids()


def deal_table(hand: GameState) -> Table:
    """The table of a dealt hand: the usual seat names (South, East... or You, Opponent)."""
    names = shown_seat_names(hand.num_players)
    return Table(names, 0, int(getattr(hand, "dealer", 0)), hand)
