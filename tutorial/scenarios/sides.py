"""The sides of a table (teams, or taker and defence) by name, and results in words.

The engine names seats and sides in its sentences through
:func:`tutorial.engine.seats.seat_names`: within ``with seat_names(table.seat_names):``
every sentence it makes says "North", "your", "You & Partner". Text the engine made
without the names (``seat 2``, ``seat 0 & seat 2``) is renamed by :func:`name_seats`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from tutorial.engine.contract import GameState
from tutorial.engine.errors import InvalidStateError
from tutorial.engine.games import game_info
from tutorial.engine.seats import seat_name, seat_names, seat_possessive, side_name
from tutorial.language.i18n import t, tn
from tutorial.scenarios.model import Ask
from tutorial.scenarios.table import Table


def side_labels(table: Table) -> list[str]:
    """Display names of the sides: teams by their seats, Tarot by taker / defence.

    Belote and four-player Briscola: ``["You & Partner", "Right & Left"]``; two-player
    Briscola: the two seats' names; Tarot: ``["Taker (West)", "Defence"]``.
    """
    names = table.seat_names
    state = table.state
    if state.bidding_makes_sides:  # the taker against the others (Tarot)
        taker = state.taker  # None: nobody took (all passed, Petit sec)
        first = t("sides.taker", name=names[taker]) if taker is not None else t("sides.taker_alone")
        return [first, t("sides.defence")]
    if len(names) == 2:
        return list(names)
    return [
        t("common.side", first=names[0], second=names[2]),
        t("common.side", first=names[1], second=names[3]),
    ]


def side_of(table: Table, value: Any) -> int | None:
    """The side index meant by a seat name, a side label or an engine side key."""
    text = str(value).strip().lower()
    labels = [s.lower() for s in side_labels(table)]
    if text in labels:
        return labels.index(text)
    names = [n.lower() for n in table.seat_names]
    if text in names:
        try:
            return table.state.team_of(names.index(text))
        except InvalidStateError:  # no sides yet: nobody took (Tarot)
            return None
    keys = {"team0": 0, "team1": 1, "a": 0, "b": 1, "taker": 0, "defence": 1, "defense": 1}
    return keys.get(text)


def result_text(table: Table, state: GameState) -> str:
    """The hand's result in a sentence, with the scenario's seat and side names.

    Tarot adds what the taker scored against the target.
    """
    with seat_names(table.seat_names):
        out = state.outcome()
    weighed = game_info(state.game).taker_against_target(out.details)
    if weighed is not None:
        points, target = weighed
        return t(
            "sides.tarot_result",
            result=out.result,
            points=tn("plural.points", points),
            target=tn("plural.points", target),
        )
    return out.result


def name_seats(text: str, names: Sequence[str]) -> str:
    """Rename the seats in a sentence the engine made without the table's names.

    ``seat 2`` (and ``Seat 2``, ``seat 2's``, ``seat 0 & seat 2``: the engine's words
    for an unnamed seat, in the current language) become the table's names; so does an
    engine key such as ``seat 2`` (Tarot's score sides).

    >>> name_seats("It is seat 1's turn, not seat 0's turn.", ["You", "East", "North", "West"])
    "It is East's turn, not your turn."
    >>> name_seats("Seat 0 played the Excuse, won by seat 0 & seat 2", ["You", "E", "N", "W"])
    'You played the Excuse, won by You & N'
    """
    if not text:
        return text
    pairs: list[tuple[str, str]] = []
    n = len(names)
    with seat_names(None):
        unnamed_sides = [side_name((i, i + 2)) for i in range(2)] if n == 4 else []
        unnamed = [
            (
                seat_possessive(i, start=True),
                seat_possessive(i),
                seat_name(i, start=True),
                seat_name(i),
            )
            for i in range(n)
        ]
    with seat_names(names):
        for i, plain in enumerate(unnamed_sides):
            pairs += [(plain[:1].upper() + plain[1:], side_name((i, i + 2), start=True))]
            pairs += [(plain, side_name((i, i + 2)))]
        for i, (poss_start, poss, name_start, name) in enumerate(unnamed):
            pairs += [
                (poss_start, seat_possessive(i, start=True)),
                (poss, seat_possessive(i)),
                (name_start, seat_name(i, start=True)),
                (name, seat_name(i)),
            ]
    for old, new in pairs:
        text = text.replace(old, new)

    def both(m: re.Match[str]) -> str:  # the engine's old wording, and validation errors
        return t("common.side", first=names[int(m.group(1))], second=names[int(m.group(2))])

    def one(m: re.Match[str]) -> str:
        i = int(m.group(1))
        return names[i] if i < n else m.group(0)

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
