"""The checker: a scenario is proved by replaying it through the engine.

It loads the file strictly (structure), builds the position (every card exists, none
in two places, hand sizes fit the history), walks the steps along the scenario's own
answers (every scripted play legal, every accepted answer legal, every feedback
reachable, every checked question and expectation equal to the engine's answer), and
replays each ``variant`` under its ruleset. When cards are left unknown it replays
the scenario under several placements of them and requires the same verdicts.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tutorial.engine import counts
from tutorial.engine.cards import Card
from tutorial.engine.contract import GameState
from tutorial.engine.errors import (
    InvalidStateError,
    NotationError,
    ScenarioError,
    TutorialError,
)
from tutorial.engine.games import game_info
from tutorial.engine.outcomes import HandOutcome, ScoreLine
from tutorial.engine.seats import seat_names
from tutorial.scenarios import actions
from tutorial.scenarios.budget import OutOfTime, tick, time_budget
from tutorial.scenarios.loader import Problem, ScenarioProblems, parse_bytes, parse_file, parse_text
from tutorial.scenarios.model import (
    ASK_KINDS,
    Ask,
    AskStep,
    Auto,
    Expect,
    ExpectStep,
    PlayStep,
    Scenario,
)
from tutorial.scenarios.position import (
    Table,
    build,
    refusal_message,
    ruleset_of,
    turn_message,
)
from tutorial.scenarios.position import seat_names as seat_names_of
from tutorial.scenarios.position_spec import PositionError
from tutorial.scenarios.sides import (
    name_seats,
    normalise_answer,
    same_answer,
    side_labels,
    side_of,
)
from tutorial.scenarios.yamlsafe import Located

PLACEMENTS = 6  # extra placements of unknown cards replayed to show they do not matter

log = logging.getLogger(__name__)


class CheckerCrash(ScenarioProblems):
    """The checker itself failed on a file (a bug in Atout, not in the file).

    The user sees one located line asking to report it; the traceback goes to the log.
    The fuzz targets treat this as a crash to fix.
    """


@dataclass(frozen=True)
class Checked:
    """A scenario that passed the checker, ready to play."""

    scenario: Scenario
    table: Table
    doc: Located

    @property
    def file(self) -> str:
        """The file name it came from."""
        return self.doc.file


class _Fail(Exception):
    def __init__(self, loc: tuple[Any, ...], message: str, token: str | None = None) -> None:
        super().__init__(message)
        self.loc = loc
        self.token = token


def _totals_by_side(table: Table, state: GameState) -> dict[int, float]:
    out = state.outcome()
    return {side: float(out.totals[str(state.score_key(side))]) for side in (0, 1)}


def _points_by_side(state: GameState) -> dict[int, float]:
    # Cards (and points) won before the listed tricks count too.
    return dict(enumerate(state.points_won()))


# --- engine answers ------------------------------------------------------------------


def engine_answer(table: Table, state: GameState, ask: Ask) -> Any:
    """What the engine says the answer to a checked question is (None for 'choice')."""
    kind = ask.kind
    if kind == "choice":
        return None
    if kind in ("trick_winner", "trick_points"):
        if not state.tricks:
            raise _Fail(
                ("kind",), f"'{kind}' asks about the last finished trick, but none is finished"
            )
        last = state.tricks[-1]
        return table.seat_names[last.winner] if kind == "trick_winner" else last.points
    if kind == "points":
        side = _need_side(table, ask.side)
        return _points_by_side(state)[side]
    if kind in ("points_in_play", "points_needed"):
        return _count_answer(table, state, ask)
    game = game_info(state.game)
    if kind == "target" and not game.has_target:
        raise _Fail(("kind",), "'target' is a Tarot question (the points the taker needs)")
    if ASK_KINDS[kind].hand_over and not state.is_terminal:
        if kind == "target" and game.target_cards:
            return None  # the target depends on the cards the taker ends with (the bouts)
        raise _Fail(
            ("kind",),
            f"'{kind}' needs the hand to be over; it is not at this step (ask it after the "
            "last trick, or use 'choice' for a question the checker does not compute)",
        )
    try:
        out = state.outcome()
    except TutorialError as e:
        raise _Fail(("kind",), f"the hand has no score: {e}") from None
    d = out.details
    if kind == "contract_made":
        return bool(d.get("made"))
    if kind == "target":
        return d.get("target")
    if kind == "declaration_winner":
        team = d.get("declaration_team")
        return None if team is None else side_labels(table)[team]
    if kind == "score":
        side = _need_side(table, ask.side)
        return _totals_by_side(table, state)[side]
    if kind == "winner":
        totals = _totals_by_side(table, state)
        if totals[0] == totals[1]:
            return "draw"
        return side_labels(table)[0 if totals[0] > totals[1] else 1]
    raise _Fail(("kind",), f"unknown question kind {kind!r}")  # pragma: no cover


def _count_answer(table: Table, state: GameState, ask: Ask) -> float:
    """The engine's figure for ``points_in_play`` and ``points_needed``."""
    try:
        if ask.kind == "points_in_play":
            return counts.points_in_play(state).points
        side = _need_side(table, ask.side)
        needed = counts.points_needed(state, side)
    except InvalidStateError as e:
        raise _Fail(
            ("kind",), f"'{ask.kind}' can only be asked once the bidding is over: {e}"
        ) from None
    if needed is None:
        raise _Fail(
            ("kind",),
            "'points_needed' cannot be stated in points at this step: "
            + _why_no_mark(state)
            + " (ask it later, or use 'choice')",
        )
    return needed.points


def _count_breakdown(table: Table, state: GameState, ask: Ask) -> str:
    """The engine's subtraction behind a count, for a wrong ``points_in_play`` or
    ``points_needed``: ``(162 − 46 − 71: the hand's points less each side's count)``."""
    if ask.kind == "points_in_play":
        count = counts.points_in_play(state)
        terms = " − ".join(f"{x:g}" for x in (count.total, *count.settled))
        return f"({terms}: the hand's points less each side's count so far)"
    needed = counts.points_needed(state, _need_side(table, ask.side))
    if needed is None:  # pragma: no cover - the answer would not have been computed
        return ""
    mark = needed.mark
    return (
        f"({mark.points:g} − {needed.have:g}: the side wins with {mark.points:g} of the "
        f"{mark.total:g} points, {_MARK_RULE_WORDS[mark.rule]}, and counts {needed.have:g} so far)"
    )


#: Each rule of a winning mark in an author's words (``outcomes.MARK_RULES``).
_MARK_RULE_WORDS = {
    "reach": "a fixed share of the hand",
    "more_than_other": "more than the other side",
    "as_many_as_other": "as many as the other side",
    "target": "the taker's target for its bouts",
    "below_target": "the taker held below its target",
}


def _why_no_mark(state: GameState) -> str:
    """Why a game's state gives no winning mark here, in the author's words."""
    if state.taker is None:
        return "nobody has taken a contract"
    if state.phase != "play" and not state.is_terminal:
        return f"the hand is in its {state.phase!r} phase"
    return (
        "what wins depends on cards still to come (Tarot: a bout still in play, whose side "
        "sets the target; Belote: a declaration still to be made, or a side that needs a "
        "trick rather than points)"
    )


def _need_side(table: Table, side: str | None) -> int:
    if side is None:
        raise _Fail(("side",), "this question needs 'side': a seat name or a side")
    idx = side_of(table, side)
    if idx is None:
        raise _Fail(("side",), f"{side!r} is not a side; sides: {', '.join(side_labels(table))}")
    return idx


# --- expectations --------------------------------------------------------------------


def check_expect(table: Table, state: GameState, exp: Expect) -> list[tuple[tuple[Any, ...], str]]:
    """Compare an ``expect`` block with the engine; the mismatches as (loc, message)."""
    bad: list[tuple[tuple[Any, ...], str]] = []
    deck = game_info(state.game).deck
    if exp.legal is not None:
        got_actions = state.legal_actions()
        if all(isinstance(a, Card) for a in got_actions):
            try:
                want = set(deck.parse_many(exp.legal))
            except NotationError as e:
                bad.append((("legal",), str(e)))
                want = None
            got = set(state.legal_plays())
            if want is not None and want != got:
                bad.append(
                    (
                        ("legal",),
                        f"the legal cards are {_cards(got, deck)}, not {_cards(want, deck)}",
                    )
                )
        else:  # bids, discards, announcements: compare the actions' codes
            want_codes = set()
            for text in actions.split(exp.legal):
                try:
                    want_codes.add(actions.code(actions.parse(state, text)))
                except NotationError as e:
                    bad.append((("legal",), str(e)))
            got_codes = {actions.code(a) for a in got_actions}
            if want_codes != got_codes:
                bad.append(
                    (
                        ("legal",),
                        f"the legal actions are {', '.join(sorted(got_codes))}, "
                        f"not {', '.join(sorted(want_codes))}",
                    )
                )
    if exp.to_move is not None:
        got_seat = state.to_move
        got_name = table.seat_names[got_seat] if got_seat is not None else "nobody"
        if got_name != exp.to_move:
            bad.append((("to_move",), f"{got_name} is to move, not {exp.to_move}"))
    if exp.trick_winner is not None or exp.trick_points is not None:
        if not state.tricks:
            bad.append((("trick_winner",), "no trick is finished yet"))
        else:
            last = state.tricks[-1]
            if exp.trick_winner is not None and table.seat_names[last.winner] != exp.trick_winner:
                bad.append(
                    (
                        ("trick_winner",),
                        f"{table.seat_names[last.winner]} wins the last trick, not {exp.trick_winner}",
                    )
                )
            if exp.trick_points is not None and not same_answer(last.points, exp.trick_points):
                bad.append(
                    (
                        ("trick_points",),
                        f"the last trick is worth {last.points:g}, not {exp.trick_points:g}",
                    )
                )
    if exp.points is not None:
        bad += _compare_sides(
            table, "points", exp.points, _points_by_side(state), "has {v:g} points"
        )
    if exp.refused is not None:
        for text, code in exp.refused.items():
            try:
                action = actions.parse(state, text)
            except NotationError as e:
                bad.append((("refused", text), str(e)))
                continue
            v = state.explain(action)
            if v.legal or v.code != code:
                bad.append(
                    (
                        ("refused", text),
                        f"{text} is {'legal' if v.legal else 'refused with ' + v.code}, not refused with {code}",
                    )
                )
    if exp.score is not None or exp.lines is not None or exp.result is not None:
        if not state.is_terminal:
            bad.append((("score",), "the hand is not over at this step"))
            return bad
        try:
            out = state.outcome()
        except TutorialError as e:
            bad.append((("score",), f"the hand has no score: {e}"))
            return bad
        if exp.score is not None:
            for loc, msg in _compare_sides(
                table, "score", exp.score, _totals_by_side(table, state), "scores {v:g}"
            ):
                idx = side_of(table, loc[-1])
                if idx is not None:
                    msg += " " + score_breakdown(table, state, idx)
                bad.append((loc, msg))
        if exp.lines is not None:
            for i, line in enumerate(exp.lines):
                idx = side_of(table, line.side)
                keys = list(out.totals)
                if state.scores_by_seat:  # lines by seat: the side is not compared
                    match = [
                        x
                        for x in out.lines
                        if x.kind == line.kind and same_answer(x.points, line.points)
                    ]
                else:
                    key = keys[idx] if idx is not None and idx < len(keys) else line.side
                    match = [
                        x
                        for x in out.lines
                        if x.kind == line.kind
                        and x.side == key
                        and same_answer(x.points, line.points)
                    ]
                if not match:
                    bad.append((("lines", i), _lines_mismatch(table, state, out, line)))
        if exp.result is not None and exp.result.lower() not in out.result.lower():
            bad.append((("result",), f"the result reads {out.result!r}"))
    return bad


#: Tarot's lines that show a step of the count and move no points (the figure is in
#: their words); the points move on ``base``, ``petit_au_bout``, ``poignee``, ``chelem``.
TAROT_COUNT_LINES = ("card_points", "bouts", "target", "difference", "multiplier")


def _line_side(table: Table, state: GameState, out: HandOutcome, key: str) -> str:
    """A score line's side in the scenario's words (a seat name, or a side label)."""
    if state.scores_by_seat:
        return name_seats(key, table.seat_names)
    keys = list(out.totals)
    labels = side_labels(table)
    return labels[keys.index(key)] if key in keys and keys.index(key) < len(labels) else key


def _outcome_named(table: Table, state: GameState) -> HandOutcome:
    with seat_names(table.seat_names):
        return state.outcome()


def _line_text(table: Table, state: GameState, out: HandOutcome, line: ScoreLine) -> str:
    """``base South 174`` (the ``kind side points`` an author writes), with the line's
    words when it moves no points (they hold its figure: "Card points of the taker: 45")."""
    side = _line_side(table, state, out, line.side)
    text = f"{line.kind} {side} {line.points:g}"
    if not line.points:
        text += f" ({line.label})"
    return text


def _lines_mismatch(table: Table, state: GameState, out: HandOutcome, want: Any) -> str:
    """Why no engine line matches an expected ``lines`` entry, with the engine's lines."""
    named = _outcome_named(table, state)
    have = "; ".join(_line_text(table, state, named, x) for x in named.lines)
    msg = f"no score line {want.kind} {want.side} {want.points:g}"
    same_kind = [x for x in named.lines if x.kind == want.kind]
    if not same_kind:
        kinds = ", ".join(dict.fromkeys(x.kind for x in named.lines))
        msg += f": this hand has no {want.kind!r} line (its kinds: {kinds})"
    elif want.points and all(not x.points for x in same_kind):
        msg += (
            f": {want.kind} lines move no points (their points are 0; the figure is in "
            f"their words: {same_kind[0].label}); write points: 0 to check that the line is "
            "there, or check the figure with an 'ask' or 'expect' of its own"
        )
    return f"{msg}. The engine's lines (kind side points): {have}"


def score_breakdown(table: Table, state: GameState, side: int) -> str:
    """The engine's score lines that make a side's total, for a wrong ``score``.

    ``(the engine's lines for East: base -58 “Base (25 + 4) x 2 = 58: defender -58”;
    total -58)``
    """
    try:
        out = _outcome_named(table, state)
    except TutorialError:
        return ""
    key = state.score_key(side)
    if key is None or key not in out.totals:
        return ""
    lines = [x for x in out.lines_for(key) if x.points]
    who = _line_side(table, state, out, key)
    items = "; ".join(f"{x.kind} {x.points:+g} “{x.label}”" for x in lines) or "no points"
    return f"(the engine's lines for {who}: {items}; total {out.totals[key]:g})"


def _compare_sides(
    table: Table, key: str, expected: dict[str, float], actual: dict[int, float], says: str
) -> list[tuple[tuple[Any, ...], str]]:
    """Compare figures given by side name with the engine's figures by side index."""
    bad: list[tuple[tuple[Any, ...], str]] = []
    for side, value in expected.items():
        idx = side_of(table, side)
        if idx is None:
            sides = ", ".join(side_labels(table))
            bad.append(((key, side), f"{side!r} is not a side; sides: {sides}"))
        elif not same_answer(actual[idx], value):
            bad.append(((key, side), f"{side} {says.format(v=actual[idx])}, not {value:g}"))
    return bad


def _cards(cards: Iterable[Any], deck: Any) -> str:
    ordered = sorted(cards, key=deck.index)
    return " ".join(c.code for c in ordered) or "none"


# --- walking the steps ---------------------------------------------------------------


def _walk(
    sc: Scenario, table: Table, until: int | None = None, expectations: bool = True
) -> tuple[GameState, list[Any]]:
    """Replay the steps along the scenario's answers; return the state and a signature."""
    state = table.state
    signature: list[Any] = []
    stop = len(sc.steps) if until is None else until
    learner = table.learner
    for i, step in enumerate(sc.steps[:stop]):
        tick()
        if isinstance(step, Auto):
            for j, text in enumerate(actions.split(step.auto)):
                state = _act(state, text, ("steps", i, "auto", j), table)
            signature.append(("tricks", [(t.winner, t.points) for t in state.tricks]))
        elif isinstance(step, PlayStep):
            if state.is_terminal:
                raise _Fail(("steps", i), "the hand is over: there is nothing left to play")
            if state.to_move != learner:
                raise _Fail(("steps", i), turn_message(table, state))
            legal = state.legal_actions()
            legal_codes = {actions.code(a) for a in legal}
            signature.append(("legal", sorted(legal_codes)))
            accepted: list[str] = []
            if step.play.accept == "any":
                accepted = sorted(legal_codes)
            else:
                for j, text in enumerate(step.play.accept):
                    a = _parse(state, text, ("steps", i, "play", "accept", j))
                    v = state.explain(a)
                    if not v.legal:
                        raise _Fail(
                            ("steps", i, "play", "accept", j),
                            f"the accepted answer {text} is illegal: {v.message}",
                        )
                    accepted.append(actions.code(a))
            for key in step.play.feedback if expectations else ():
                a = _parse(state, key, ("steps", i, "play", "feedback", key))
                v = state.explain(a)
                if not v.legal:
                    raise _Fail(
                        ("steps", i, "play", "feedback", key),
                        f"this feedback is never shown: the engine refuses {key} first ({v.message})",
                    )
                if actions.code(a) in accepted:
                    raise _Fail(
                        ("steps", i, "play", "feedback", key),
                        f"{key} is an accepted answer; feedback is for wrong ones",
                    )
            first = step.play.accept[0] if step.play.accept != "any" else sorted(legal_codes)[0]
            state = _act(state, first, ("steps", i, "play"), table)
            signature.append(("tricks", [(t.winner, t.points) for t in state.tricks]))
        elif isinstance(step, AskStep):
            try:
                got = engine_answer(table, state, step.ask)
            except _Fail as f:
                raise _Fail(("steps", i, "ask", *f.loc), str(f)) from None
            if step.ask.kind == "choice":
                if step.ask.choices is not None and not any(
                    same_answer(c, step.ask.answer) for c in step.ask.choices
                ):
                    raise _Fail(
                        ("steps", i, "ask", "answer"), "the answer is not one of the choices"
                    )
            elif got is not None:
                want = normalise_answer(table, step.ask, step.ask.answer)
                if not same_answer(got, want):
                    shown = f"{got:g}" if isinstance(got, float) else str(got)
                    why = ""
                    if step.ask.kind == "score" and step.ask.side is not None:
                        idx = side_of(table, step.ask.side)
                        why = "" if idx is None else " " + score_breakdown(table, state, idx)
                    if step.ask.kind in ("points_in_play", "points_needed"):
                        why = " " + _count_breakdown(table, state, step.ask)
                    raise _Fail(
                        ("steps", i, "ask", "answer"),
                        f"the engine's answer is {shown}, not {step.ask.answer}{why}",
                    )
            signature.append(("ask", str(got)))
        elif isinstance(step, ExpectStep) and expectations:
            bad = check_expect(table, state, step.expect)
            if bad:
                loc, msg = bad[0]
                raise _Fail(
                    ("steps", i, "expect", *loc),
                    msg + (f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""),
                    token=_expect_token(loc),
                )
    return state, signature


def _expect_token(loc: tuple[Any, ...]) -> str | None:
    """The card a mismatch of an ``expect`` names as a key (``refused: {QD: ...}``)."""
    return str(loc[1]) if len(loc) == 2 and loc[0] in ("refused", "score", "points") else None


def _parse(state: GameState, text: str, loc: tuple[Any, ...]) -> Any:
    try:
        return actions.parse(state, text)
    except NotationError as e:
        raise _Fail(loc, str(e), token=text) from None


def _act(state: GameState, text: str, loc: tuple[Any, ...], table: Table) -> GameState:
    if state.is_terminal:
        raise _Fail(loc, f"the hand is over: {text} cannot be played")
    a = _parse(state, text, loc)
    v = state.explain(a)
    if not v.legal:
        raise _Fail(loc, refusal_message(table, state, text, a, v), token=text)
    return state.apply(a)


# --- the whole check -----------------------------------------------------------------


def check_scenario(sc: Scenario, doc: Located) -> Checked:
    """Prove one parsed scenario; raises ScenarioProblems listing what is wrong.

    Whatever goes wrong ends in a :class:`ScenarioProblems` (a :class:`CheckerCrash` if
    the checker itself failed), within the time budget of :mod:`budget`.
    """
    return _guarded(doc.file, lambda: _check_scenario(sc, doc))


def _check_scenario(sc: Scenario, doc: Located) -> Checked:
    try:
        return _check_positioned(sc, doc)
    except CheckerCrash:
        raise
    except ScenarioProblems as e:
        raise ScenarioProblems(_named(sc, e.problems)) from None


def _check_positioned(sc: Scenario, doc: Located) -> Checked:
    try:
        table = build(sc, doc)
    except OutOfTime as e:
        raise ScenarioProblems([_at(doc, ("steps",), str(e))]) from None
    except PositionError as e:
        raise ScenarioProblems([_at(doc, e.loc, str(e), e.token)]) from None
    except TutorialError as e:
        raise ScenarioProblems([_at(doc, (), str(e))]) from None
    problems: list[Problem] = []
    try:
        _, signature = _walk(sc, table)
    except _Fail as f:
        raise ScenarioProblems([_at(doc, f.loc, str(f), f.token)]) from None
    except TutorialError as e:
        raise ScenarioProblems([_at(doc, ("steps",), str(e))]) from None
    try:
        problems.extend(_check_alternatives(sc, doc, table))
        if table.unknown or table.aside:
            problems.extend(_check_placements(sc, doc, signature))
        for vi in range(len(sc.variants)):
            problems.extend(_check_variant(sc, doc, table, vi))
    except OutOfTime as e:
        problems.append(_at(doc, ("steps",), str(e)))
    except TutorialError as e:  # pragma: no cover - each part reports its own
        problems.append(_at(doc, ("steps",), str(e)))
    if problems:
        raise ScenarioProblems(problems)
    return Checked(sc, table, doc)


def _check_placements(sc: Scenario, doc: Located, signature: list[Any]) -> list[Problem]:
    """Other placements of the unknown cards must show the learner the same things."""
    for seed in range(1, PLACEMENTS + 1):
        try:
            other = build(sc, doc, seed=seed)
            _, sig2 = _walk(sc, other)
        except OutOfTime:
            raise
        except (_Fail, TutorialError):
            continue
        if sig2 != signature:
            return [
                _at(
                    doc,
                    ("hands",),
                    "what the learner sees depends on the unknown cards; pin the cards that matter",
                )
            ]
    return []


MAX_BRANCHES = 40


def _check_alternatives(sc: Scenario, doc: Located, table: Table) -> list[Problem]:
    """Every accepted answer, not just the first, must carry the rest of the scenario.

    The learner may take any accepted answer (or any legal card at an ``any`` step); the
    steps after it (scripted plays, questions, expectations) are replayed after each
    alternative, one step at a time, the other steps keeping their first answer.
    """
    problems: list[Problem] = []
    state = table.state
    branches = 0
    try:
        for i, step in enumerate(sc.steps):
            tick()
            if isinstance(step, PlayStep):
                if state.is_terminal or state.to_move != table.learner:
                    break  # the main walk reports it
                legal = sorted(actions.code(a) for a in state.legal_actions())
                if step.play.accept == "any":
                    codes = legal
                else:
                    codes = [actions.code(actions.parse(state, a)) for a in step.play.accept]
                for alt in codes[1:]:
                    branches += 1
                    if branches > MAX_BRANCHES:
                        return problems
                    steps = list(sc.steps)
                    steps[i] = PlayStep(play=step.play.model_copy(update={"accept": [alt]}))
                    try:
                        # Expectations pin the main line; what the learner sees must hold on all.
                        _walk(sc.model_copy(update={"steps": steps}), table, expectations=False)
                    except _Fail as f:
                        msg = f"if the learner answers {alt} at step {i}: {f}"
                        problems.append(_at(doc, f.loc, msg, f.token))
                        return problems
                state = state.apply(actions.parse(state, codes[0]))
            elif isinstance(step, Auto):
                for text in actions.split(step.auto):
                    if state.is_terminal:
                        break
                    state = state.apply(actions.parse(state, text))
    except OutOfTime:
        raise
    except TutorialError as e:  # the main walk accepted these; say so rather than fail
        problems.append(_at(doc, ("steps",), f"replaying another accepted answer: {e}"))
    return problems


def _check_variant(sc: Scenario, doc: Located, table: Table, vi: int) -> list[Problem]:
    """Replay the checked table (same cards, same placement) under the variant's rules."""
    variant = sc.variants[vi]
    loc = ("variants", vi)
    try:
        rs = ruleset_of(sc, variant.ruleset, {**sc.options, **variant.options})
        vt = build(sc, doc, ruleset=rs, check_script=False, placement=table.placement)
        vstate, _ = _walk(sc, vt, variant.at_step)
        bad = check_expect(vt, vstate, variant.expect)
        if bad:
            sub, msg = bad[0]
            where = (*loc, "expect", *sub)
            return [_at(doc, where, f"under {variant.ruleset}: {msg}", _expect_token(sub))]
        # The point of a variant: the same expectation must fail under the scenario's own rules.
        bstate, _ = _walk(sc, table, variant.at_step)
        if not check_expect(table, bstate, variant.expect):
            return [
                _at(
                    doc,
                    (*loc, "expect"),
                    "this expectation also holds under the scenario's own rules: the variant shows no difference",
                )
            ]
    except OutOfTime:
        raise
    except PositionError as e:
        return [_at(doc, loc, f"under {variant.ruleset}: {e}")]
    except _Fail as f:
        return [_at(doc, (*loc, *_variant_loc(f.loc)), f"under {variant.ruleset}: {f}")]
    except TutorialError as e:
        return [_at(doc, loc, f"under {variant.ruleset}: {e}")]
    return []


def _variant_loc(loc: tuple[Any, ...]) -> tuple[Any, ...]:
    # A step's location stays the step's; the variant is named in the message.
    return () if loc and loc[0] == "steps" else loc


def _at(doc: Located, loc: tuple[Any, ...], message: str, token: str | None = None) -> Problem:
    """A problem at ``loc``; at the ``token`` (a card, an action) inside it when given:
    a mapping key that is the token (``refused: {8H: ...}``), else the token's column in
    the value (``auto: 7S 8S``)."""
    if token is not None and loc and loc in doc.keys and str(loc[-1]) == token:
        line, col = doc.key_position(loc)
    elif token is not None:
        line, col = doc.token_position(loc, token)
    else:
        line, col = doc.position(loc)
    return Problem(doc.file, line, col, message)


def _named(sc: Scenario, problems: list[Problem]) -> list[Problem]:
    """The problems with the engine's "seat 3" turned into the scenario's seat names."""
    try:
        names = seat_names_of(sc)
    except TutorialError:
        return problems
    return [
        dataclasses.replace(p, message=name_seats(p.message, names))
        if "seat" in p.message.lower()
        else p
        for p in problems
    ]


def _guarded(name: str, work: Callable[[], Checked]) -> Checked:
    """Run a check within the time budget; any exception ends as a ScenarioError."""
    try:
        with time_budget():
            return work()
    except ScenarioError:
        raise
    except OutOfTime as e:
        raise ScenarioProblems([Problem(name, 1, 1, str(e))]) from None
    except Exception as e:  # a bug of the checker: a clean line for the user, the trace logged
        log.exception("the scenario checker failed on %s", name)
        raise CheckerCrash(
            [
                Problem(
                    name,
                    1,
                    1,
                    f"the checker stopped on an internal error ({type(e).__name__}) while "
                    "reading this file; please report it with the file",
                )
            ]
        ) from None


# --- accepted answers against the solver ---------------------------------------------

#: Card points an accepted card may lose against the best card (with best play, every
#: hand known) before the checker warns, when the step sets no ``accept_worse_by``.
ACCEPT_WORSE_BY = 0.0
#: Steps judged: at most this many cards in the learner's hand (6 tricks left: a few
#: milliseconds each; earlier positions would make ``check`` slow).
JUDGE_CARDS = 6
#: Nodes the solver may search per step when judging answers (a node budget, not a
#: time budget, so the verdict does not depend on the machine's load).
JUDGE_NODES = 300_000


def judge_answers(checked: Checked, *, node_budget: int = JUDGE_NODES) -> list[Problem]:
    """Warnings for ``play`` steps whose accepted card loses points with best play.

    Along the scenario's own answers, at each ``play`` step where every hand is known
    (given, or the unknown cards pinned down: see ``Run.position_known``) and the solver
    can judge (Briscola once the stock is empty) within :data:`JUDGE_CARDS` cards of the
    end of the hand and :data:`JUDGE_NODES` nodes, each accepted card is valued with
    :func:`tutorial.analysis.solve`; one that takes fewer points than the best card by
    more than the step's ``accept_worse_by`` (default :data:`ACCEPT_WORSE_BY`) is
    reported. Other steps are not judged.
    """
    from tutorial.analysis import SolverBudgetExceeded, UnsolvablePosition, solve
    from tutorial.analysis.solver import SearchBudget
    from tutorial.scenarios.runtime import start

    sc, doc = checked.scenario, checked.doc
    problems: list[Problem] = []
    try:
        run = start(sc, checked.table)
        while not run.finished:
            step = run.current
            to_move = run.state.to_move
            if (
                isinstance(step, PlayStep)
                and run.position_known
                and run.state.phase == "play"
                and to_move is not None
                and len(run.state.hands[to_move]) <= JUDGE_CARDS
            ):
                answers = run.answers()
                if answers:
                    try:
                        values = solve(run.state, budget=SearchBudget.nodes_only(node_budget))
                    except (SolverBudgetExceeded, UnsolvablePosition):
                        values = {}
                    problems += _judge_step(doc, run.step, step, answers, values)
            run = run.solve_current()
    except TutorialError as e:  # the checker accepted this walk; say so rather than fail
        problems.append(_at(doc, ("steps",), f"could not judge the answers: {e}"))
    return problems


def _judge_step(
    doc: Located, i: int, step: PlayStep, answers: list[Card], values: dict[Card, float]
) -> list[Problem]:
    if not values:
        return []
    top = max(values.values())
    best = [c for c, v in values.items() if v == top]
    limit = ACCEPT_WORSE_BY if step.play.accept_worse_by is None else step.play.accept_worse_by
    out: list[Problem] = []
    for j, card in enumerate(answers):
        lost = top - values.get(card, top)
        if lost > limit + 1e-9:
            best_text = " or ".join(c.code for c in sorted(best, key=lambda c: c.code))
            out.append(
                _at(
                    doc,
                    ("steps", i, "play", "accept", j),
                    f"with every hand known, the accepted card {card.code} takes {values[card]:g} "
                    f"points from here with best play, {lost:g} fewer than {best_text} "
                    f"({top:g}); if that is meant, set 'accept_worse_by: {lost:g}' on this "
                    "step and say why in its explanation",
                )
            )
    return out


def check_file(path: str | Path, display_name: str | None = None) -> Checked:
    """Load and prove one file. Raises ScenarioError (ScenarioProblems) on any problem."""
    name = display_name or str(path)

    def work() -> Checked:
        sc, doc = parse_file(path, display_name)
        return _check_scenario(sc, doc)

    return _guarded(name, work)


def check_text(text: str, name: str = "<pasted>") -> Checked:
    """Load and prove scenario text (the workshop)."""

    def work() -> Checked:
        sc, doc = parse_text(text, name)
        return _check_scenario(sc, doc)

    return _guarded(name, work)


def check_bytes(raw: bytes, name: str) -> Checked:
    """Load and prove an uploaded file."""

    def work() -> Checked:
        sc, doc = parse_bytes(raw, name)
        return _check_scenario(sc, doc)

    return _guarded(name, work)


def problems_of(err: ScenarioError) -> list[str]:
    """The problem lines of an error (one per line)."""
    if isinstance(err, ScenarioProblems):
        return [str(p) for p in err.problems]
    return [str(err)]
