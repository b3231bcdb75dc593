"""Save a position as a scenario file (pure: never imports streamlit).

:func:`scenario_yaml` turns any play-phase moment of a hand (a practice hand, a played
scenario, a position reached by random play) into the text of a scenario file that
passes the checker (:mod:`tutorial.scenarios.checker`), for a teacher to edit:

- the table: the game, the ruleset by name plus the options that differ from it, the
  seats, the dealer, the contract (Belote trump and taker, Tarot taker, contract,
  discard or unseen chien, poignées, chelem; Briscola trump card and stock), every
  hand in full, the tricks so far as ``tricks`` (or, for a position that was itself
  built with earlier tricks left out, as ``captured`` piles and ``carried_points``),
  the trick in progress;
- the steps: an ``expect`` naming the seat to move and its legal cards, then one
  ``play`` step whose accepted answers are the solver's best cards and whose
  explanation is drawn from the best line.

With ``earlier="points"`` the tricks before the trick under way are not written: only
each side's ``points_so_far`` (:mod:`tutorial.scenarios.earlier_tricks`), the Tarot bouts
already won (in ``captured``) and Belote's ``belote_holder`` when the trump K or Q has
been played; the ``expect`` step then also checks the points so far. A short file for
an end-of-hand position. :func:`deal_moments` gives every moment of a hand the computer
players dealt and played (the Score explainer's hand), to save one of them.

When the solver cannot judge the position in the time given (an early Tarot position,
Briscola before the stock is empty), the step accepts any legal card and a comment in
the file says the answer is for the teacher to write.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from typing import Any, Literal

import yaml

from tutorial.analysis import explain
from tutorial.analysis.solver import DEFAULT_NODE_BUDGET, SearchBudget, points_left
from tutorial.engine.cards import EXCUSE
from tutorial.engine.contract import GameState
from tutorial.engine.errors import TutorialError
from tutorial.engine.games import player_counts
from tutorial.engine.outcomes import Play
from tutorial.engine.rule_options import find_ruleset
from tutorial.language.i18n import t, tn
from tutorial.scenarios.export_fields import codes, side_seat
from tutorial.scenarios.games import PARTS
from tutorial.scenarios.reasons import number
from tutorial.scenarios.table import DEFAULT_SEATS

#: How the tricks before the one under way are written: every card, or points by side.
Earlier = Literal["tricks", "points"]

#: Seconds the solver may take for the answer and its line (a full Belote deal fits).
DEFAULT_EXPORT_SECONDS = 3.0

_SCHEMA_LINE = "# yaml-language-server: $schema=../scenario.schema.json\n"


class ExportError(TutorialError, ValueError):
    """The state is not a moment a scenario can start from (not the play phase)."""


def _options(state: GameState) -> tuple[str, dict[str, Any]]:
    """The ruleset's preset name and the options that differ from the preset."""
    rs = state.ruleset
    base = str(rs.name).split("+")[0]
    try:
        preset = find_ruleset(state.game, base)
    except Exception:  # a ruleset built outside the registry: write every option
        base, preset = "default", find_ruleset(state.game, "default")
    changed: dict[str, Any] = {}
    for f in dataclasses.fields(rs.options):
        value = getattr(rs.options, f.name)
        if value != getattr(preset.options, f.name):
            changed[f.name] = value
    return base, changed


def _first_leader(state: GameState) -> int:
    """Who led the first listed trick (or the trick in progress)."""
    if state.tricks:
        return int(state.tricks[0].leader)
    if state.current_trick:
        return int(state.current_trick[0].seat)
    assert state.to_move is not None
    return int(state.to_move)


def scenario_data(
    state: GameState,
    *,
    title: str,
    seat: int | None = None,
    seat_names: Sequence[str] | None = None,
    summary: str = "",
    seconds: float = DEFAULT_EXPORT_SECONDS,
    node_budget: int = DEFAULT_NODE_BUDGET * 4,
    earlier: Earlier = "tricks",
    clock: Callable[[], float] | None = None,
) -> tuple[dict[str, Any], bool]:
    """The scenario as a plain mapping, and whether the solver judged the position.

    See :func:`scenario_yaml` for the arguments.
    """
    if state.phase != "play" or state.to_move is None or state.is_terminal:
        raise ExportError(f"a scenario starts from a card to play, not the {state.phase!r} phase")
    n = len(state.hands)
    mover = int(state.to_move)
    learner = mover if seat is None else seat
    if seat_names is not None:
        names = tuple(seat_names)
    else:  # the learner sits South (or You), the others in playing order after
        names = tuple(DEFAULT_SEATS[n][(s - learner) % n] for s in range(n))
    if len(names) != n or len(set(names)) != n:
        raise ExportError(f"{n} different seat names are needed, not {list(names)}")
    if learner != mover:
        raise ExportError(f"{names[learner]} is not to play; {names[mover]} is")
    ruleset, options = _options(state)
    data: dict[str, Any] = {"title": title, "game": state.game}
    if summary:
        data["summary"] = summary
    data["ruleset"] = ruleset
    if options:
        data["options"] = options
    if len(player_counts(state.game)) > 1:  # the table is not always the usual one
        data["players"] = n
    data["seats"] = list(names)
    data["learner"] = names[learner]
    data["dealer"] = names[state.dealer]
    part = PARTS.of(state.game)
    part.write_contract(state, names, data)
    if earlier == "points":
        _points_position(state, data, names)
        step, judged = _play_step(state, names, learner, seconds, node_budget, clock)
        pts = _points_so_far(state)
        data["steps"] = [
            {
                "expect": {
                    "to_move": names[learner],
                    "legal": codes(state.legal_plays()),
                    "points": {names[side_seat(state, s)]: _num(pts[s]) for s in (0, 1)},
                }
            },
            {"play": step},
        ]
        return data, judged
    data["leader"] = names[_first_leader(state)]
    data["hands"] = {names[s]: codes(h) if h else [] for s, h in enumerate(state.hands)}
    captured = part.captured(state)
    if any(captured):
        data["captured"] = {
            names[side_seat(state, side)]: codes(cards)
            for side, cards in enumerate(captured)
            if cards
        }
    part.write_with_tricks(state, names, data, captured)
    if state.tricks:
        data["tricks"] = [codes([p.card for p in tr.plays]) for tr in state.tricks]
    if state.current_trick:
        data["current_trick"] = codes([p.card for p in state.current_trick])
    step, judged = _play_step(state, names, learner, seconds, node_budget, clock)
    legal = state.legal_plays()
    data["steps"] = [
        {"expect": {"to_move": names[learner], "legal": codes(legal)}},
        {"play": step},
    ]
    return data, judged


def _num(x: float) -> int | float:
    """A figure as an author writes it: 40, 40.5."""
    return int(x) if float(x).is_integer() else float(x)


def _current_leader(state: GameState) -> int:
    """Who led the trick under way (the seat to move when none is under way)."""
    if state.current_trick:
        return int(state.current_trick[0].seat)
    assert state.to_move is not None
    return int(state.to_move)


def _points_so_far(state: GameState) -> tuple[float, float]:
    """The points so far as the saved file counts them.

    The engine counts a Tarot trick's Excuse only when its own side wins the trick (the
    Excuse goes back to it at the end); in the saved file the Excuse lies in its side's
    captured pile, where it counts at once: its 4.5 points are added to its side. (Only
    Tarot has an Excuse: the other games' points are the engine's.)
    """
    pts = list(state.points_won())
    for tr in state.tricks:
        for p in tr.plays:
            if p.card != EXCUSE:
                continue
            side = state.team_of(p.seat)
            if side != state.team_of(tr.winner):
                pts[side] += state.card_points(EXCUSE)
    return pts[0], pts[1]


def _points_position(state: GameState, data: dict[str, Any], names: Sequence[str]) -> None:
    """The position with the earlier tricks as points so far (``earlier="points"``)."""
    data["leader"] = names[_current_leader(state)]
    data["hands"] = {names[s]: codes(h) if h else [] for s, h in enumerate(state.hands)}
    pts = _points_so_far(state)
    data["points_so_far"] = {names[side_seat(state, s)]: _num(pts[s]) for s in (0, 1)}
    PARTS.of(state.game).write_with_points(state, names, data)
    if state.current_trick:
        data["current_trick"] = codes([p.card for p in state.current_trick])


def _play_step(
    state: GameState,
    names: Sequence[str],
    learner: int,
    seconds: float,
    node_budget: int,
    clock: Callable[[], float] | None,
) -> tuple[dict[str, Any], bool]:
    """The ``play`` step: the solver's best cards and the start of the best line in words."""
    budget = SearchBudget.of(node_budget, seconds, clock)
    vals = explain.values(state, seconds=seconds, node_budget=node_budget, clock=budget.clock)
    if not vals:
        return {"accept": "any"}, False
    top = max(vals.values())
    legal = state.legal_plays()
    best = [c for c in legal if vals.get(c) == top]
    step: dict[str, Any] = {"accept": [c.code for c in best]}
    side = t("explain.side_you") if len(names) == 2 else t("explain.side_yours")
    value = tn("explain.export_value", points_left(state), side=side, points=number(top))
    rest = explain.line(
        state.apply(best[0]),
        seconds=budget.seconds_left(),
        node_budget=node_budget,
        clock=budget.clock,
    )
    if rest is None:
        step["explain"] = value
        return step, True
    # The trick in progress and the next one: enough to show why, short enough to read.
    n = len(names)
    shown = n - len(state.current_trick) + n
    plays = [Play(learner, best[0]), *rest][:shown]
    text = explain.line_text(state, plays, names, learner)
    step["explain"] = t("explain.export_explain", value=value, line=text)
    return step, True


class _Dumper(yaml.SafeDumper):
    """Block style, with long text folded."""


def _str(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
    style = ">" if len(value) > 72 and "\n" not in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _str)


def scenario_yaml(
    state: GameState,
    *,
    title: str,
    seat: int | None = None,
    seat_names: Sequence[str] | None = None,
    summary: str = "",
    seconds: float = DEFAULT_EXPORT_SECONDS,
    node_budget: int = DEFAULT_NODE_BUDGET * 4,
    earlier: Earlier = "tricks",
    clock: Callable[[], float] | None = None,
) -> str:
    """The text of a scenario file that starts at ``state``, for a teacher to edit.

    Stable API (the Practice page's "Save this position as a scenario" calls it).

    Args:
        state: a play-phase state of Belote, Tarot or Briscola (2 or 4 players), with
            every hand known (any state the engine made: a practice hand, a scenario's).
        title: the scenario's title (1 to 120 characters).
        seat: the learner's seat; it must be the seat to move (default: the seat to move).
        seat_names: the seats' names in seat order (default: the learner is South, then
            East, North, West in playing order; You and Opponent at two players).
        summary: an optional summary line.
        seconds: time budget of the solver for the answer and its explanation. Past it
            (or for Briscola before the stock is empty) the step accepts ``any`` legal
            card and a comment says the answer is the teacher's to write.
        node_budget: the solver's node budget (per search: the answer, then its line).
        clock: the clock ``seconds`` are read on (default: the solver's ``CLOCK``).
        earlier: ``"tricks"`` writes every earlier trick; ``"points"`` only each side's
            points so far (``points_so_far``; Tarot's bouts won and Belote's belote
            holder are still written), for a short end-of-hand file.

    Returns:
        YAML text that passes ``python -m tutorial check`` (one ``expect`` step with the
        legal cards, one ``play`` step with the solver's best cards and the best line).

    Raises:
        ExportError: not a play-phase moment with a card to play, or bad seat names.
    """
    data, judged = scenario_data(
        state,
        title=title,
        seat=seat,
        seat_names=seat_names,
        summary=summary,
        seconds=seconds,
        node_budget=node_budget,
        earlier=earlier,
        clock=clock,
    )
    body = yaml.dump(
        data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=88, default_flow_style=None
    )
    head = _SCHEMA_LINE
    if not judged:
        head += "# " + t("explain.export_not_judged") + "\n"
    return head + body


def deal_moments(game: str, ruleset: str, number: int) -> list[GameState]:
    """Every moment of a hand's play with a card to play, in order: deal ``number`` (or
    the next one played out, as :func:`tutorial.analysis.beginner.played_deal` picks) dealt and
    played by the computer players (the Score explainer's hand).

    The hand is replayed from its deal (the players are deterministic), so the last
    moment's next card leads to the very hand the Score explainer shows.
    """
    from tutorial.analysis import beginner
    from tutorial.engine.games import new_hand

    used, _ = beginner.played_deal(game, ruleset, number)
    state = new_hand(game, ruleset, rng=random.Random(used))
    moments: list[GameState] = []
    while not state.is_terminal:
        if state.phase == "play" and state.to_move is not None:
            moments.append(state)
        state = state.apply(beginner.choose(state))
    return moments


__all__ = [
    "DEFAULT_EXPORT_SECONDS",
    "Earlier",
    "ExportError",
    "deal_moments",
    "scenario_data",
    "scenario_yaml",
]
