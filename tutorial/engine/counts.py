"""A hand's counts as a player works them out, read through the contract of every game.

Two figures a player keeps in mind during the play, each kept with the terms of its
subtraction so that a sentence can show the working:

- :func:`points_in_play`: the points still to be taken, the whole hand's points less
  what each side already counts (Briscola: 120 − 40 − 45 = 35; Belote's 162 includes the
  10 of dix de der until the last trick is won);
- :func:`points_needed`: how many more points a side needs to win the hand, the mark its
  game sets less what it already counts (Briscola: 61 − 55 = 6; Belote: more than the
  other side; Tarot: the taker's target for its bouts, once every bout's side is settled).

Every number comes from the game through its state (``hand_points``, ``points_settled()``,
``last_trick_bonus``, ``winning_mark(side)``, the cards in the hands, the trick under way
and the stock); nothing here names a game.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutorial.engine.contract import GameState
from tutorial.engine.errors import InvalidStateError
from tutorial.engine.outcomes import WinningMark

__all__ = ["InPlay", "Needed", "points_in_play", "points_needed"]


@dataclass(frozen=True)
class InPlay:
    """The points still to be taken in a hand: ``total − settled[0] − settled[1]``.

    Attributes:
        total: the points a whole hand holds (the last trick's bonus included).
        settled: each side's count so far (``points_settled()``).
        bonus: the last trick's bonus inside ``total`` (Belote's 10; 0 elsewhere).
        bonus_pending: whether the last trick, and so its bonus, is still to be won.
        on_table: the card points of the trick under way (still in play).
        points: what is still to be taken.
    """

    total: float
    settled: tuple[float, float]
    bonus: float
    bonus_pending: bool
    on_table: float
    points: float


@dataclass(frozen=True)
class Needed:
    """How many more points a side needs to win the hand: ``mark.points − have`` (0 once
    reached).

    Attributes:
        side: the side (0 or 1, as ``team_of`` numbers them).
        mark: what wins the hand for the side (the game's rule in figures).
        have: the side's count so far (``points_settled()``).
        other: the other side's count so far.
        points: the points still needed.
    """

    side: int
    mark: WinningMark
    have: float
    other: float
    points: float


def _require_sides(state: GameState) -> None:
    """Raise unless the hand has its sides and its card values (the play, or its end)."""
    if not state.sides_known or state.phase == "bidding":
        raise InvalidStateError("the sides and the cards' points are not settled yet")


def points_in_play(state: GameState) -> InPlay:
    """The points still to be taken in ``state``'s hand, with the terms of the subtraction.

    They are the points of the cards not yet won (in the hands, in the trick under way,
    in a stock) and the last trick's bonus while the last trick is to be played.

    Raises:
        InvalidStateError: the bidding is not over (no sides, or no card values yet).
    """
    _require_sides(state)
    settled = state.points_settled()
    total = state.hand_points
    bonus = state.last_trick_bonus
    on_table = sum((state.card_points(p.card) for p in state.current_trick), 0.0)
    return InPlay(
        total=total,
        settled=settled,
        bonus=bonus,
        bonus_pending=bonus > 0 and not state.is_terminal,
        on_table=on_table,
        points=total - settled[0] - settled[1],
    )


def points_needed(state: GameState, side: int) -> Needed | None:
    """How many more points ``side`` needs to win ``state``'s hand (None where the game
    cannot say it in points yet: see each game's ``winning_mark``).

    Raises:
        InvalidStateError: the bidding is not over, or ``side`` is not 0 or 1.
    """
    _require_sides(state)
    if side not in (0, 1):
        raise InvalidStateError(f"there is no side {side!r}: sides are 0 and 1")
    mark = state.winning_mark(side)
    if mark is None:
        return None
    settled = state.points_settled()
    have, other = settled[side], settled[1 - side]
    return Needed(side, mark, have, other, max(0.0, mark.points - have))
