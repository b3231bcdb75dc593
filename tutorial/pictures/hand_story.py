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
from typing import Any

from tutorial.engine import belote, briscola, tarot
from tutorial.engine.cards import EXCUSE
from tutorial.engine.contract import GameState
from tutorial.engine.outcomes import HandOutcome, TrickResult
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
    return _STORIES[state.game](state, out)


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


def _belote(state: GameState, out: HandOutcome) -> HandStory:
    d: dict[str, Any] = dict(out.details)
    steps, sums, won = _trick_steps(state)
    card = [float(x) for x in d["card_points"]]
    earlier = (card[0] - sums[0], card[1] - sums[1])
    first = total_tricks(state) - len(steps) + 1
    head: list[Step] = []
    if first > 1:
        head.append(Step("earlier", earlier, first - 1))
    tail = [Step("dix_de_der", _pair(int(d["dix_de_der_team"]), belote.DIX_DE_DER))]
    contract = d["contract"]
    counted = contract["basis"] == "total_strict"  # declarations and belote judged too
    if counted:
        decl = [float(x) for x in d["declaration_points"]]
        if any(decl):
            tail.append(Step("declarations", (decl[0], decl[1])))
        if d.get("belote_team") is not None:
            tail.append(Step("belote", _pair(int(d["belote_team"]), belote.BELOTE_POINTS)))
    judged = (*head, *steps, *tail)
    all_steps = (*judged, *_belote_score_steps(state, out, _with_running(judged)[-1], counted))
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
        judged=len(judged),
    )


def _belote_score_steps(
    state: GameState, out: HandOutcome, figures: tuple[float, float], counted: bool
) -> list[Step]:
    """From the figures the contract is judged on to the hand's score, as the engine's
    score lines write it: what the result does to the points counted (capot, dedans,
    litige), the declarations and belote when the contract did not count them, the
    rounding, the litige points carried in from an earlier hand."""
    d: dict[str, Any] = dict(out.details)
    keys = [state.score_key(side) for side in (0, 1)]

    def lines(*kinds: str) -> tuple[float, float]:
        got = [
            float(sum(line.points for line in out.lines if line.kind in kinds and line.side == k))
            for k in keys
        ]
        return got[0], got[1]

    carried = (0.0, 0.0)
    if d.get("carried_to") is not None and d.get("carried_in"):
        carried = _pair(int(d["carried_to"]), float(d["carried_in"]))
    # The result's step: every point the contract counted, as the sheet finally writes it.
    kept = lines("card_points", "dix_de_der", "capot", "dedans", "litige")
    kept = (kept[0] - carried[0], kept[1] - carried[1])
    if counted:
        extra = lines("declaration", "belote")
        kept = (kept[0] + extra[0], kept[1] + extra[1])
    result = (_half(kept[0] - figures[0]), _half(kept[1] - figures[1]))
    sheet = belote.sheet_result(d)
    kind = sheet if sheet in ("capot", "dedans", "litige") else None
    out_steps: list[Step] = []
    if kind is not None and any(result):
        out_steps.append(Step(kind, result))
    if not counted:
        for step_kind, line_kind in (
            ("declarations_scored", "declaration"),
            ("belote_scored", "belote"),
        ):
            points = lines(line_kind)
            if any(points):
                out_steps.append(Step(step_kind, points))
    rounding = lines("rounding")
    if any(rounding):
        out_steps.append(Step("rounding", rounding))
    if any(carried):
        out_steps.append(Step("carried", carried))
    return out_steps


def _tarot(state: GameState, d: dict[str, Any]) -> HandStory:
    """The Tarot hand step by step: its card points (the settlement is a chart of its own)."""
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


def _belote_played(state: GameState, out: HandOutcome) -> HandStory | None:
    """Belote's story of a hand played out (none for a redeal)."""
    played = out.details.get("result") in ("made", "dedans", "litige")
    return _belote(state, out) if played else None


def _tarot_played(state: GameState, out: HandOutcome) -> HandStory | None:
    """Tarot's story of a hand played out (none when all passed)."""
    d: dict[str, Any] = dict(out.details)
    return _tarot(state, d) if d.get("contract") else None


def _briscola_played(state: GameState, out: HandOutcome) -> HandStory:
    """Briscola's story: every hand is played out."""
    return _briscola(state, dict(out.details))


#: Each game's story of a finished hand, by the game's name (one game's picture each).
_STORIES: dict[str, Callable[[GameState, HandOutcome], HandStory | None]] = {
    "belote": _belote_played,
    "tarot": _tarot_played,
    "briscola": _briscola_played,
}


def auction(state: GameState) -> list[tuple[int, Any]]:
    """The bids in order, each with its seat (Briscola has none)."""
    return state.seated_bids()


def deal_table(hand: GameState) -> Table:
    """The table of a dealt hand: the usual seat names (South, East... or You, Opponent)."""
    names = shown_seat_names(hand.num_players)
    return Table(names, 0, int(getattr(hand, "dealer", 0)), hand)
