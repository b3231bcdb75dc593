"""The score of a Briscola hand: card points per side, and who wins it.

61 card points or more win; 60-60 is a draw. Four players play as partners sitting
opposite (seats 0 and 2 against 1 and 3) and pool their points. Points carried from
unlisted tricks and captured piles count from the start.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol

from tutorial.engine.briscola.cards import rules_of
from tutorial.engine.briscola.constants import GAME, SIDES, TARGET, TOTAL_POINTS
from tutorial.engine.cards import Card, Suit
from tutorial.engine.errors import InvalidStateError
from tutorial.engine.outcomes import HandOutcome, ScoreLine, TrickResult
from tutorial.engine.rule_options import Ruleset
from tutorial.engine.seats import Seat, side_name
from tutorial.language.i18n import t

#: "1 trick won" / "3 tricks won", by ``count == 1``; with points from unlisted tricks.
_TRICKS_WON_KEYS = {True: "briscola.note.tricks_won_one", False: "briscola.note.tricks_won_many"}
_TRICKS_WON_BEFORE_KEYS = {
    True: "briscola.note.tricks_won_one_before",
    False: "briscola.note.tricks_won_many_before",
}


class ScoredHand(Protocol):
    """What the scorer reads of a hand."""

    @property
    def ruleset(self) -> Ruleset: ...
    @property
    def num_players(self) -> int: ...
    @property
    def is_terminal(self) -> bool: ...
    @property
    def trick_number(self) -> int: ...
    @property
    def total_tricks(self) -> int: ...
    @property
    def tricks(self) -> tuple[TrickResult, ...]: ...
    @property
    def carried_points(self) -> tuple[int, int]: ...
    @property
    def captured(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def trump_card(self) -> Card: ...
    @property
    def trump_suit(self) -> Suit: ...
    def team_of(self, seat: Seat) -> int: ...


class _Tally(NamedTuple):
    """The tricks replayed side by side: running totals, rows, tricks won, target crossed."""

    running: list[int]
    trick_rows: list[dict[str, Any]]
    running_rows: list[dict[str, int]]
    won: list[int]
    crossed: dict[str, Any] | None


def side_label(side: int, n: int) -> str:
    """A side by its seats' names: ``You``, or ``You & Partner`` with four players."""
    return side_name((side,) if n == 2 else (side, side + 2))


def starting_points(
    ruleset: Ruleset, carried_points: Sequence[int], captured: Sequence[Sequence[Card]]
) -> list[int]:
    """Each side's points before the listed tricks: carried points plus captured cards."""
    rules = rules_of(ruleset)
    return [carried_points[i] + sum(rules.points[c] for c in captured[i]) for i in (0, 1)]


def score_hand(hand: ScoredHand) -> HandOutcome:
    """The itemised score: card points and the result line per side.

    Raises:
        InvalidStateError: the hand is not over yet.
    """
    if not hand.is_terminal:
        raise InvalidStateError(
            f"the hand is not over: trick {hand.trick_number} of {hand.total_tricks} "
            "is still to be played"
        )
    n = hand.num_players
    start = starting_points(hand.ruleset, hand.carried_points, hand.captured)
    tally = _tally_tricks(hand, start)
    running = tally.running
    totals = {SIDES[0]: running[0], SIDES[1]: running[1]}
    if sum(running) != TOTAL_POINTS:  # pragma: no cover - start_play validates this
        raise InvalidStateError(f"card points add to {sum(running)}, not {TOTAL_POINTS}")
    winner, result = _result(running, n)
    lines = [
        *_card_point_lines(start, tally.won, running, n),
        *_result_lines(winner, running, n),
    ]
    details: dict[str, Any] = {
        "players": n,
        "trump_suit": hand.trump_suit.value,
        "trump_card": hand.trump_card.code,
        "target": TARGET,
        "start": {SIDES[0]: start[0], SIDES[1]: start[1]},
        "tricks": tally.trick_rows,
        "trick_points": [r["points"] for r in tally.trick_rows],
        "trick_winners": [r["winner"] for r in tally.trick_rows],
        "running": tally.running_rows,
        "tricks_won": {SIDES[0]: tally.won[0], SIDES[1]: tally.won[1]},
        "crossed_target": tally.crossed,
        "winner": winner,
    }
    return HandOutcome(GAME, hand.ruleset.name, tuple(lines), totals, result, details)


def _tally_tricks(hand: ScoredHand, start: list[int]) -> _Tally:
    """Each trick's points go to the winner's side; note when a side first reaches 61."""
    running = list(start)
    trick_rows: list[dict[str, Any]] = []
    running_rows: list[dict[str, int]] = []
    won = [0, 0]
    crossed: dict[str, Any] | None = None
    for trick in hand.tricks:
        side = hand.team_of(trick.winner)
        running[side] += int(trick.points)
        won[side] += 1
        trick_rows.append(
            {
                "number": trick.index + 1,
                "leader": trick.leader,
                "cards": tuple(c.code for c in trick.cards),
                "winner": trick.winner,
                "side": SIDES[side],
                "points": int(trick.points),
                "reason": trick.reason,
            }
        )
        running_rows.append({SIDES[0]: running[0], SIDES[1]: running[1]})
        if crossed is None and running[side] >= TARGET:
            crossed = {"side": SIDES[side], "trick": trick.index + 1}
    return _Tally(running, trick_rows, running_rows, won, crossed)


def _result(running: list[int], n: int) -> tuple[str | None, str]:
    """The side with more card points wins (``None`` and a draw sentence at 60-60)."""
    a, b = running
    if a == b:
        return None, t("briscola.result.draw", a=a, b=b)
    winner = SIDES[0] if a > b else SIDES[1]
    return winner, t(
        "briscola.result.win",
        side=side_label(0 if a > b else 1, n),
        high=max(a, b),
        low=min(a, b),
    )


def _card_point_lines(
    start: list[int], won: list[int], running: list[int], n: int
) -> list[ScoreLine]:
    """One line per side: its card points, with the tricks it won (and points before)."""
    lines: list[ScoreLine] = []
    for i, side_key in enumerate(SIDES):
        label = side_label(i, n)
        keys = _TRICKS_WON_BEFORE_KEYS if start[i] else _TRICKS_WON_KEYS
        note = t(keys[won[i] == 1], count=won[i], before=start[i])
        lines.append(
            ScoreLine(
                "card_points",
                t("briscola.line.card_points", side=label),
                side_key,
                running[i],
                note,
            )
        )
    return lines


def _result_lines(winner: str | None, running: list[int], n: int) -> list[ScoreLine]:
    """One line per side: wins, loses or draws, worth no points of its own."""
    lines: list[ScoreLine] = []
    for i, side_key in enumerate(SIDES):
        label = side_label(i, n)
        points = running[i]
        if winner is None:
            text, note = t("briscola.line.draw", side=label), t("briscola.note.draw")
        elif winner == side_key:
            text = t("briscola.line.wins", side=label)
            note = t("briscola.note.wins", points=points)
        else:
            text = t("briscola.line.loses", side=label)
            note = t("briscola.note.loses", points=points)
        lines.append(ScoreLine("result", text, side_key, 0, note, counted=False))
    return lines
