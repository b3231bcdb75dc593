"""Briscola's part of the scenario format: its position (``trump_card`` face up or
taken, ``stock``, ``carried_points``), a listed trick's winner by the trump card's suit,
the deal as the whole deck order, the stock not written made of the cards placed
nowhere, and the same keys written from a state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tutorial.engine import briscola
from tutorial.engine.cards import BRISCOLA_DECK, Card
from tutorial.engine.contract import GameState
from tutorial.scenarios.deals import deck_order_deal
from tutorial.scenarios.export_fields import codes, write_carried_points, write_nothing
from tutorial.scenarios.games import ScenarioPart
from tutorial.scenarios.model import Scenario
from tutorial.scenarios.position_reading import cards_of, checked_ruleset, side_index
from tutorial.scenarios.position_spec import PositionError, PositionSpec


def trick_winner(sc: Scenario, trick: Sequence[Card], lead: int, n: int) -> int:
    """Who won a listed Briscola trick (its leader when the trump card is not given)."""
    if not sc.trump_card:
        return lead
    trump_card = BRISCOLA_DECK.parse(sc.trump_card)
    pos = briscola.trick_winner(trick, trump_card.suit, checked_ruleset(sc))
    return (lead + pos) % n


def start_play(
    sc: Scenario,
    spec: PositionSpec,
    hands: list[list[Card]],
    taker: int | None,
    aside: list[Card],
    kw: dict[str, Any],
) -> GameState:
    """A Briscola position: the face-up trump card, the stock, points carried."""
    n = len(spec.names)
    if sc.trump_card is None:
        raise PositionError(
            ("trump_card",), "a Briscola position needs 'trump_card' (the face-up card)"
        )
    if spec.captured:
        kw["captured"] = [list(spec.captured.get(i, ())) for i in range(2)]
    if sc.carried_points:
        pts = [0.0, 0.0]
        for k, v in sc.carried_points.items():
            pts[side_index(sc, spec.names, k, ("carried_points", k))] += v
        kw["carried_points"] = pts
    stock = cards_of(BRISCOLA_DECK, sc.stock, ("stock",)) if sc.stock is not None else aside
    return briscola.start_play(
        hands, sc.trump_card, stock, players=n, trump_card_taken=sc.trump_card_taken, **kw
    )


def face_up_card(sc: Scenario) -> str | None:
    """The face-up trump card, while it is not drawn."""
    return sc.trump_card if sc.trump_card and not sc.trump_card_taken else None


def unlisted_stock(sc: Scenario) -> bool:
    """The stock is not written, and no earlier tricks are left out (``carried_points``,
    ``points_so_far``): the cards placed nowhere are the stock."""
    return sc.stock is None and sc.carried_points is None and sc.points_so_far is None


def write_contract(
    state: briscola.BriscolaState, names: Sequence[str], data: dict[str, Any]
) -> None:
    """Briscola's trump: the face-up card (drawn or not), and the stock left."""
    data["trump_card"] = state.trump_card.code
    if state.trump_card_taken:
        data["trump_card_taken"] = True
    if state.stock:
        data["stock"] = codes(state.stock)


def write_with_tricks(
    state: briscola.BriscolaState,
    names: Sequence[str],
    data: dict[str, Any],
    captured: Sequence[Sequence[Card]],
) -> None:
    """The points carried from earlier tricks not listed."""
    write_carried_points(state, state.carried_points, names, data)


def captured(state: briscola.BriscolaState) -> Sequence[Sequence[Card]]:
    """Each side's cards won in tricks not listed."""
    return state.captured


PART = ScenarioPart(
    start_play=start_play,
    from_the_deal=deck_order_deal,
    trick_winner=trick_winner,
    face_up_card=face_up_card,
    reads_carried_points=True,
    unlisted_pile=unlisted_stock,
    captured=captured,
    write_contract=write_contract,
    write_with_tricks=write_with_tricks,
    write_with_points=write_nothing,
    hand_winner_hint="run.hint_hand_winner_briscola",
)
