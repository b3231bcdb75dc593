"""The working of a count question: its arithmetic from the engine, and the habit behind a
wrong number.

For ``points_in_play`` and ``points_needed`` (:mod:`tutorial.engine.counts`) the learner
is shown the subtraction a player makes: the terms first ("120 − 40 − 45", the hint: never
the answer), then the whole of it ("120 − 40 − 45 = 35 points are still in play"). A wrong
number that matches a known habit exactly gets a sentence naming it, as the counting
trainer does for a trick: the last trick's bonus left out, a side's points left out or
counted for the other, the cards of the trick under way taken as won, the mark itself
given without what the side has, a tie taken for a win, the target of another number of
bouts. A sentence shown before the answer never holds the answer's figure.

Every figure is the engine's; every sentence goes through the catalogue (``[run]``,
``[run.mark]``, ``[run.diagnose]``). Pure: no streamlit.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from tutorial.engine.contract import GameState
from tutorial.engine.counts import InPlay, Needed, points_in_play, points_needed
from tutorial.engine.outcomes import WinningMark
from tutorial.language.i18n import t, tn
from tutorial.scenarios.sides import side_labels
from tutorial.scenarios.table import Table

__all__ = ["MARK_KEYS", "CountWorking", "in_play_working", "needed_working", "reveals"]

_EPS = 1e-9
_NUMBER = re.compile(r"(?<![\d.])\d+(?:\.\d+)?(?![\d])")


@dataclass(frozen=True)
class CountWorking:
    """A count's working in words.

    Attributes:
        answer: the engine's figure.
        hint: the terms without the result (never holding the answer's figure).
        full: the whole working, ending at the answer.
        diagnosis: the habit behind the wrong number given ("" when none matches exactly,
            or when naming it would show the answer).
    """

    answer: float
    hint: str
    full: str
    diagnosis: str = ""


def reveals(text: str, answer: float) -> bool:
    """Whether ``text`` shows the figure ``answer`` (a number in it equal to it).

    >>> reveals("61 − 55", 6), reveals("61 − 55", 55), reveals("4.5 and 6", 4.5)
    (False, True, True)
    """
    return any(abs(float(m.group()) - answer) < _EPS for m in _NUMBER.finditer(text))


def _num(x: float) -> str:
    return f"{x:g}"


def _pts(x: float) -> str:
    return tn("plural.points", x)


def _same(a: float, b: float) -> bool:
    return abs(a - b) < _EPS


def _minus(first: float, terms: Sequence[float]) -> str:
    """``120 − 40 − 45`` (terms of 0 left out)."""
    return " − ".join([_num(first), *(_num(x) for x in terms if not _same(x, 0))])


def _side(table: Table, state: GameState, side: int) -> str:
    """A side inside a sentence: "your side" (or "you" at two players), else its label."""
    learner_side = state.team_of(table.learner) if state.sides_known else None
    if learner_side == side:
        return t("run.side_you") if table.num_players == 2 else t("run.side_yours")
    labels = side_labels(table)
    return labels[side] if 0 <= side < len(labels) else str(side)


def _safe(text: str, answer: float) -> str:
    """``text``, or "" when it would show the answer."""
    return "" if reveals(text, answer) else text


# --- points in play --------------------------------------------------------------------


def in_play_working(table: Table, state: GameState, given: float | None = None) -> CountWorking:
    """The points still in play: the hand's points less each side's count, in words.

    Raises:
        InvalidStateError: the bidding is not over.
    """
    count = points_in_play(state)
    answer = count.points
    sep = t("run.line_separator")
    won = sep.join(
        t("run.side_count", side=_side(table, state, s), points=_num(count.settled[s]))
        for s in (0, 1)
    )
    total = _pts(count.total)
    note = ""
    if count.bonus:
        note = t(
            "run.in_play_bonus_note", cards=_num(count.total - count.bonus), bonus=_num(count.bonus)
        )
    nothing_won = all(_same(x, 0) for x in count.settled)
    if nothing_won and count.bonus:
        expr = f"{_num(count.total - count.bonus)} + {_num(count.bonus)}"
        hint = t("run.hint_in_play_none_won", expr=expr)
        full = t("run.why_in_play_none_won", expr=expr, points=_pts(answer))
    elif nothing_won:
        hint = t("run.hint_in_play_plain")
        full = t("run.why_in_play_whole", points=_pts(answer))
    else:
        expr = _minus(count.total, count.settled)
        hint = t("run.hint_in_play", total=total, note=note, won=won, expr=expr)
        full = t("run.why_in_play", total=total, note=note, won=won, expr=expr, points=_pts(answer))
    hint = _safe(hint, answer) or t("run.hint_in_play_plain")
    diagnosis = "" if given is None else _safe(_in_play_habit(table, state, count, given), answer)
    return CountWorking(answer, hint, full, diagnosis)


def _in_play_habit(table: Table, state: GameState, count: InPlay, given: float) -> str:
    """The habit behind a wrong number of points in play, when exactly one matches it."""
    right = count.points
    if _same(given, right):
        return ""
    a, b = count.settled
    habits: list[str] = []
    if count.bonus_pending and _same(given, right - count.bonus):
        habits.append(t("run.diagnose.bonus_pending", bonus=_pts(count.bonus)))
    if count.on_table > 0 and _same(given, right - count.on_table):
        habits.append(t("run.diagnose.on_table", points=_pts(count.on_table)))
    if (a > 0 or b > 0) and _same(given, count.total):
        habits.append(t("run.diagnose.nothing_taken_away", total=_pts(count.total)))
    for side in (0, 1):
        left_out, other = count.settled[side], count.settled[1 - side]
        if left_out > 0 and other > 0 and _same(given, right + left_out):
            habits.append(
                t(
                    "run.diagnose.side_left_out",
                    side=_side(table, state, side),
                    points=_pts(left_out),
                )
            )
    return _only(habits)


def _only(habits: list[str]) -> str:
    """The one habit that matches (none when two match: the number does not say which)."""
    return habits[0] if len(habits) == 1 else ""


# --- points needed ---------------------------------------------------------------------


#: What wins the hand, in words, for each rule a winning mark states (``MARK_RULES``).
MARK_KEYS = {
    "reach": "run.mark.reach",
    "more_than_other": "run.mark.more_than_other",
    "as_many_as_other": "run.mark.as_many_as_other",
    "target": "run.mark.target",
    "below_target": "run.mark.below_target",
}


def _mark_text(table: Table, state: GameState, needed: Needed) -> str:
    """What wins the hand for the side, in words ("61 of the 120 points...")."""
    mark = needed.mark
    key = MARK_KEYS[mark.rule]
    if mark.rule == "reach" and mark.tie is not None:
        key = "run.mark.reach_tie"
    bouts = tn("plural.bouts", mark.bouts) if mark.bouts is not None else ""
    text = t(
        key,
        mark=_num(mark.points),
        total=_num(mark.total),
        tie=_num(mark.tie or 0),
        bouts=bouts,
        target=_num(mark.target or 0),
    )
    own, other = mark.extras
    if own or other:
        side = _side(table, state, needed.side)
        text += t("run.mark.extras", own=_num(own), theirs=_num(other), side=side)
    if mark.rounded:
        text += t("run.mark.rounded")
    return text


def needed_working(
    table: Table, state: GameState, side: int, given: float | None = None
) -> CountWorking | None:
    """How many more points ``side`` needs to win the hand, in words (None where the game
    cannot say it in points yet).

    Raises:
        InvalidStateError: the bidding is not over.
    """
    needed = points_needed(state, side)
    if needed is None:
        return None
    answer = needed.points
    who = _side(table, state, side)
    mark = _mark_text(table, state, needed)
    have = _num(needed.have)
    if answer <= 0:
        hint = t("run.hint_needed_reached", mark=mark, side=who)
        full = t("run.why_needed_reached", mark=mark, side=who, have=have, points=_num(answer))
    elif _same(needed.have, 0):
        hint = t("run.hint_needed_plain")
        full = t("run.why_needed_none", mark=mark, side=who, points=_pts(answer))
    else:
        expr = _minus(needed.mark.points, [needed.have])
        hint = t("run.hint_needed", mark=mark, side=who, have=have, expr=expr)
        full = t("run.why_needed", mark=mark, side=who, have=have, expr=expr, points=_pts(answer))
    in_play = points_in_play(state).points
    if answer > in_play + _EPS:  # more than the hand still holds: the side cannot win
        full += t("run.needed_out_of_reach", points=_pts(in_play))
    hint = _safe(hint, answer) or t("run.hint_needed_plain")
    diagnosis = "" if given is None else _safe(_needed_habit(table, state, needed, given), answer)
    return CountWorking(answer, hint, full, diagnosis)


def _needed_habit(table: Table, state: GameState, needed: Needed, given: float) -> str:
    """The habit behind a wrong number of points needed, when exactly one matches it."""
    right = needed.points
    if _same(given, right) or right <= 0:
        return ""
    mark = needed.mark
    who = _side(table, state, needed.side)
    goal = given + needed.have  # the mark the learner worked from
    habits: list[str] = []
    if mark.tie is not None and _same(goal, mark.tie):
        if mark.rule == "below_target":
            habits.append(t("run.diagnose.target_met", target=_num(mark.target or 0)))
        elif mark.rule != "as_many_as_other":
            habits.append(t("run.diagnose.tie", tie=_num(mark.tie), side=who))
    if needed.have > 0 and _same(given, mark.points):
        habits.append(
            t("run.diagnose.whole_mark", mark=_num(mark.points), side=who, have=_pts(needed.have))
        )
    other = needed.other
    if other > 0 and not _same(other, needed.have) and _same(given, mark.points - other):
        habits.append(
            t("run.diagnose.other_side", other_points=_pts(other), side=who, have=_pts(needed.have))
        )
    bonus = state.last_trick_bonus
    share = mark.rule in ("more_than_other", "as_many_as_other") and not mark.rounded
    if share and bonus and _same(given, right - bonus / 2):
        cards = _num(mark.total - bonus)
        habits.append(
            t(
                "run.diagnose.bonus_forgotten",
                bonus=_pts(bonus),
                total=_num(mark.total),
                cards=cards,
            )
        )
    own, theirs = mark.extras
    if share and (own or theirs) and _same(goal, _mark_without_extras(mark)):
        habits.append(
            t("run.diagnose.extras_left_out", own=_num(own), theirs=_num(theirs), side=who)
        )
    habits += _other_target(mark, goal)
    return _only(habits)


def _mark_without_extras(mark: WinningMark) -> float:
    """The mark of a share rule had the points beside the cards been left out: half the
    hand's points, and one more where a tie does not win (-1: no whole number)."""
    half = mark.total / 2
    if half != int(half):
        return -1.0
    return half if mark.rule == "as_many_as_other" else half + 1


def _other_target(mark: WinningMark, goal: float) -> list[str]:
    """Tarot: the mark of another number of bouts than the taker's (its target, or for
    the defence what holds the taker below it)."""
    if mark.bouts is None or not mark.targets or mark.target is None:
        return []
    habits = []
    for bouts, target in enumerate(mark.targets):
        if bouts == mark.bouts:
            continue
        alt = target if mark.rule == "target" else mark.points + mark.target - target
        if _same(goal, alt):
            habits.append(
                t(
                    "run.diagnose.other_bouts",
                    alt_bouts=tn("plural.bouts", bouts),
                    alt=_num(target),
                    bouts=tn("plural.bouts", mark.bouts),
                    target=_num(mark.target),
                )
            )
    return habits
