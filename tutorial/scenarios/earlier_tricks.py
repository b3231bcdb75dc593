"""``points_so_far``: an end-of-hand position without placing every captured card.

An author who writes the last trick or two gives each side's card points so far
(``points_so_far: {South: 92, East: 50}``, listed tricks and ``captured`` cards
included) instead of placing the twenty-odd cards of the earlier tricks. The cards
placed nowhere are then the earlier tricks' cards: :func:`place_earlier` splits them
between the sides so that each side's points so far are exactly the author's, and puts
them in the sides' captured piles. The engine then holds a real position (every card
somewhere), so the checker verifies every answer of the scenario with it: points,
trick winners, the score and its lines, the contract.

Rules of the split (what the author may rely on):

- every hand is given in full (no ``?``, no unknown hand), and in Tarot the chien or
  discard too: the cards placed nowhere must be exactly the earlier tricks';
- the Tarot bouts (1, 21, Excuse) are placed by the author (they decide the target):
  in a hand, a trick or ``captured``;
- one side named alone: the other side has the rest of the points;
- a side given 0 points has won no trick so far (Belote's capot, Tarot's chelem stay
  possible); otherwise whole tricks (Belote, Briscola: piles of whole tricks);
- which cards went to which side is not said: a position whose answers depend on it
  (Belote's belote-rebelote with the trump K or Q among them) needs ``belote_holder``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from tutorial.engine.cards import Card
from tutorial.engine.contract import GameState
from tutorial.engine.errors import InvalidStateError
from tutorial.engine.games import game_info
from tutorial.scenarios.position_spec import PositionError, PositionSpec

if TYPE_CHECKING:
    from tutorial.scenarios.model import Scenario


def _points(state: GameState, cards: Sequence[Card]) -> float:
    return float(sum((state.card_points(c) for c in cards), 0.0))


def _side_name(sc: Scenario, names: Sequence[str], side: int) -> str:
    """A side in an author's words: "South and North", "the taker (South)", "You"."""
    game = game_info(sc.game)
    if game.bidding_makes_sides:
        if side == 1:
            return "the defence"
        return f"the taker ({sc.taker})" if sc.taker is not None else "the taker"
    seats = [n for i, n in enumerate(names) if game.team_of_seat(i, None) == side]
    return " and ".join(seats)


def _units(x: float) -> int:
    """Points in half points (Tarot's cards are worth whole or half points)."""
    return round(x * 2)


def split(
    cards: Sequence[Card],
    value: Any,
    need: int,
    *,
    pile: int,
    whole: int,
    empty_if_zero: tuple[bool, bool],
) -> tuple[list[Card], list[Card]] | None:
    """Cards for side 0 and side 1: side 0's worth ``need`` (``value(card)`` each, in
    half points), each side's pile (``pile`` cards already in side 0's, whole tricks of
    ``whole`` cards, 1 for any size) a whole number of tricks; None when impossible.

    ``empty_if_zero[s]``: side ``s`` gets no card (it won no trick).

    >>> from tutorial.engine.cards import BELOTE_DECK
    >>> cs = BELOTE_DECK.parse_many("AS 7S 8S 9S KH 7H 8H 9H")
    >>> a, b = split(cs, lambda c: {"A": 22, "K": 8}.get(c.rank, 0), 22, pile=0, whole=4,
    ...              empty_if_zero=(False, False))
    >>> len(a), sorted(c.code for c in a if c.rank in "AK")
    (4, ['AS'])
    """
    items = sorted(cards, key=lambda c: c.code)
    if empty_if_zero[0]:
        return ([], list(items)) if need == 0 else None
    if empty_if_zero[1]:
        total = sum(value(c) for c in items)
        return (list(items), []) if need == total and (pile + len(items)) % whole == 0 else None
    # Subset sum with the pile size modulo `whole`: reach[i][(mod, pts)] = taken card i?
    start = (pile % whole, 0)
    layers: list[dict[tuple[int, int], tuple[tuple[int, int], bool]]] = []
    frontier: set[tuple[int, int]] = {start}
    for c in items:
        v = value(c)
        layer: dict[tuple[int, int], tuple[tuple[int, int], bool]] = {}
        for m, p in frontier:
            for take in (False, True):
                key = ((m + 1) % whole, p + v) if take else (m, p)
                if key[1] <= need and key not in layer:
                    layer[key] = ((m, p), take)
        layers.append(layer)
        frontier = set(layer)
    goal = (0, need)
    if goal not in frontier:
        return None
    mine: list[Card] = []
    key = goal
    for c, layer in zip(reversed(items), reversed(layers), strict=True):
        key, took = layer[key]
        if took:
            mine.append(c)
    rest = [c for c in items if c not in set(mine)]
    if whole > 1 and len(rest) % whole:  # the other side's pile is whole tricks too
        return None
    return sorted(mine, key=lambda c: c.code), rest


def place_earlier(
    sc: Scenario,
    spec: PositionSpec,
    pool: Sequence[Card],
    need: int,
    *,
    start: Callable[[PositionSpec], GameState],
    side_of: Callable[[str, tuple[Any, ...]], int],
) -> PositionSpec:
    """``spec`` with the cards placed nowhere (``pool``) in the sides' captured piles, so
    that each side's points so far are the scenario's ``points_so_far``.

    Raises:
        PositionError: located at ``points_so_far`` (or the hands): what to change.
    """
    loc: tuple[Any, ...] = ("points_so_far",)
    assert sc.points_so_far is not None
    if sc.carried_points is not None:
        raise PositionError(loc, "give 'points_so_far' or 'carried_points', not both")
    game = game_info(sc.game)
    if need:
        raise PositionError(
            loc,
            "with 'points_so_far', give every hand in full (no '?' or unknown hand)"
            + (" and the chien or discard" if game.chien_size else "")
            + f": {need} places are unknown",
        )
    if game.target_cards:  # Tarot's bouts: the author places them
        bouts = sorted((c for c in pool if c in game.target_cards), key=lambda c: c.code)
        if bouts:
            raise PositionError(
                loc,
                "the bouts decide the Tarot target: place "
                + ", ".join(c.code for c in bouts)
                + " in 'captured', by a seat of the side that won it",
            )
    targets: dict[int, float] = {}
    for name, value in sc.points_so_far.items():
        side = side_of(name, (*loc, name))
        if side in targets:
            raise PositionError((*loc, name), f"{name!r} names a side already given")
        targets[side] = float(value)
    # The position with every earlier card in side 0's pile: the listed tricks' and
    # the captured cards' points by side, whatever the split.
    cap0 = tuple(spec.captured.get(0, ())) + tuple(pool)
    trial_spec = dataclasses.replace(spec, captured={**spec.captured, 0: cap0})
    try:
        trial = start(trial_spec)
    except InvalidStateError as e:
        raise PositionError(("hands",), str(e)) from None
    have = trial.points_won()
    pool_pts = _points(trial, pool)
    base = (have[0] - pool_pts, have[1])
    total = base[0] + base[1] + pool_pts
    if len(targets) == 1:
        (side, value), other = next(iter(targets.items())), 1 - next(iter(targets))
        targets[other] = total - value
    side_name = {s: _side_name(sc, spec.names, s) for s in (0, 1)}
    if abs(targets[0] + targets[1] - total) > 1e-9:
        raise PositionError(
            loc,
            f"the points so far add to {targets[0] + targets[1]:g}, but the cards won so far "
            f"are worth {total:g} (the cards placed nowhere {pool_pts:g}, the listed tricks and "
            f"captured cards {base[0] + base[1]:g}): give points that add to {total:g}, "
            "or one side only (the other has the rest)",
        )
    need0 = targets[0] - base[0]
    for s in (0, 1):
        if targets[s] - base[s] < -1e-9:
            raise PositionError(
                loc,
                f"{side_name[s]}: the listed tricks and captured cards already give "
                f"{base[s]:g} points, more than the {targets[s]:g} points so far given",
            )
    whole = len(spec.names) if game.whole_trick_piles else 1
    found = split(
        pool,
        lambda c: _units(_points(trial, (c,))),
        _units(need0),
        pile=len(spec.captured.get(0, ())),
        whole=whole,
        empty_if_zero=(targets[0] == 0, targets[1] == 0),
    )
    if found is None:
        raise PositionError(
            loc,
            f"no split of the {len(pool)} cards placed nowhere gives {side_name[0]} "
            f"{need0:g} more points"
            + (f" in whole tricks of {whole} cards" if whole > 1 else "")
            + (
                " (a side given 0 points has won no trick)" if 0 in (targets[0], targets[1]) else ""
            ),
        )
    mine, rest = found
    captured = {
        0: tuple(spec.captured.get(0, ())) + tuple(mine),
        1: tuple(spec.captured.get(1, ())) + tuple(rest),
    }
    return dataclasses.replace(spec, captured={k: v for k, v in captured.items() if v})


__all__ = ["place_earlier", "split"]
