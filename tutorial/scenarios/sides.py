"""The sides of a table (teams, or taker and defence) by name, and results in words."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from tutorial.engine.core import GameState
from tutorial.scenarios.model import Ask
from tutorial.scenarios.position import Table


def side_labels(table: Table) -> list[str]:
    """Display names of the sides: teams by their seats, Tarot by taker / defence."""
    names = table.seat_names
    state = table.state
    if state.game == "tarot":
        taker = getattr(state, "taker", None)  # None: nobody took (all passed, Petit sec)
        return [f"taker ({names[taker]})" if taker is not None else "taker", "defence"]
    if len(names) == 2:
        return list(names)
    return [f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}"]


def side_of(table: Table, value: Any) -> int | None:
    """The side index meant by a seat name, a side label or an engine side key."""
    text = str(value).strip().lower()
    labels = [s.lower() for s in side_labels(table)]
    if text in labels:
        return labels.index(text)
    names = [n.lower() for n in table.seat_names]
    if text in names:
        if table.state.game == "tarot" and getattr(table.state, "taker", None) is None:
            return None
        return table.state.team_of(names.index(text))
    keys = {"team0": 0, "team1": 1, "a": 0, "b": 1, "taker": 0, "defence": 1, "defense": 1}
    return keys.get(text)


def result_text(table: Table, state: GameState) -> str:
    """The hand's result with the scenario's seat and side names."""
    out = state.outcome()
    labels = side_labels(table)
    names = table.seat_names
    d = out.details
    if state.game == "briscola":
        vals = [float(v) for v in out.totals.values()]
        if vals[0] == vals[1]:
            return f"Draw, {vals[0]:g}-{vals[1]:g}."
        w = 0 if vals[0] > vals[1] else 1
        return f"{labels[w]} win{'s' if len(names) == 2 else ''} {vals[w]:g}-{vals[1 - w]:g}."
    if state.game == "tarot" and d.get("contract"):
        taker = names[int(d["taker"])]
        verb = "made" if d.get("made") else "failed"
        return (
            f"{d['contract']} {verb} by {taker}: {float(d['points']):g} points for a target of "
            f"{float(d['target']):g}; each defender {'pays' if d.get('made') else 'receives'} "
            f"{abs(float(d['per_defender'])):g}."
        )
    return name_seats(out.result, names)


def name_seats(text: str, names: Sequence[str]) -> str:
    """Replace the engine's "seat 2" / "seats 0 and 2" by the scenario's seat names.

    >>> name_seats("team 1 (seats 1 and 3), seat 0", ["S", "E", "N", "W"])
    'team 1 (E and W), S'
    """

    def both(m: re.Match[str]) -> str:
        return f"{names[int(m.group(1))]} and {names[int(m.group(2))]}"

    def one(m: re.Match[str]) -> str:
        i = int(m.group(1))
        return names[i] if i < len(names) else m.group(0)

    text = re.sub(r"[Ss]eats (\d) and (\d)", both, text)
    return re.sub(r"[Ss]eat (\d)", one, text)


def normalise_answer(table: Table, ask: Ask, value: Any) -> Any:
    """An answer in comparable form: for side questions, a seat name becomes its side."""
    if ask.kind in ("declaration_winner", "winner") and str(value).strip().lower() != "draw":
        idx = side_of(table, value)
        return side_labels(table)[idx] if idx is not None else value
    return value


_YES = ("yes", "true", "y")
_NO = ("no", "false", "n")


def same_answer(a: Any, b: Any) -> bool:
    """Whether two answers agree: yes/no, numbers (also typed as text), or names.

    >>> same_answer("yes", True), same_answer("41", 41.0), same_answer(" You", "you")
    (True, True, True)
    """
    if isinstance(a, bool) or isinstance(b, bool):
        return _truth(a) is not None and _truth(a) == _truth(b)
    if isinstance(a, (int, float)) or isinstance(b, (int, float)):
        try:
            return abs(float(a) - float(b)) < 1e-9
        except (TypeError, ValueError):
            return False
    return str(a).strip().lower() == str(b).strip().lower()


def _truth(v: Any) -> bool | None:
    if isinstance(v, bool):
        return v
    s = str(v).strip().lower()
    return True if s in _YES else False if s in _NO else None
