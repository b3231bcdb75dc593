"""Belote's part of the scenario format: its position in play (``trump``, ``taker``,
``held_points``, ``belote_holder``, ``declarations``), a listed trick's winner by the
trump, the deal as the whole deck order, and the same keys written from a state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tutorial.engine import belote
from tutorial.engine.cards import BELOTE_DECK, Card, Suit
from tutorial.engine.contract import GameState
from tutorial.scenarios import actions
from tutorial.scenarios.deals import deck_order_deal
from tutorial.scenarios.export_fields import codes
from tutorial.scenarios.games import ScenarioPart
from tutorial.scenarios.model import Scenario
from tutorial.scenarios.position_reading import (
    cards_of,
    no_face_up_card,
    no_unlisted_pile,
)
from tutorial.scenarios.position_spec import PositionError, PositionSpec
from tutorial.scenarios.table import resolve_seat


def trump_suit(sc: Scenario) -> Suit | None:
    """Belote's trump suit as the scenario writes it (``S``, ``♠``), or None."""
    if not sc.trump:
        return None
    t = sc.trump.strip().upper()
    try:
        return Suit({"♠": "S", "♥": "H", "♦": "D", "♣": "C"}.get(t, t))
    except ValueError:
        return None


def trick_winner(sc: Scenario, trick: Sequence[Card], lead: int, n: int) -> int:
    """Who won a listed Belote trick (its leader when the trump is not given)."""
    trump = trump_suit(sc)
    return belote.trick_winner(trick, trump, lead) if trump else lead


def start_play(
    sc: Scenario,
    spec: PositionSpec,
    hands: list[list[Card]],
    taker: int | None,
    aside: list[Card],
    kw: dict[str, Any],
) -> GameState:
    """A Belote position in play: the trump and taker, held points, belote, declarations."""
    if sc.trump is None or taker is None:
        raise PositionError(("trump",), "a Belote position in play needs 'trump' and 'taker'")
    if spec.captured:
        kw["captured"] = {k: list(v) for k, v in spec.captured.items()}
    if sc.held_points is not None:
        kw["carried_points"] = sc.held_points
    if sc.belote_holder is not None:
        kw["belote_holder"] = resolve_seat(spec.names, sc.belote_holder, ("belote_holder",))
    if sc.declarations:
        for name, decls in sc.declarations.items():
            for i, d in enumerate(decls):
                if not actions.split(d) if isinstance(d, str) else not d:
                    raise PositionError(
                        ("declarations", name, i),
                        "this declaration lists no card; write its cards, e.g. 9C 10C JC",
                    )
        kw["declarations"] = {
            resolve_seat(spec.names, name, ("declarations", name)): [
                cards_of(BELOTE_DECK, d, ("declarations", name, i)) for i, d in enumerate(decls)
            ]
            for name, decls in sc.declarations.items()
        }
    return belote.start_play(hands, sc.trump, taker, **kw)


def write_contract(state: belote.BeloteState, names: Sequence[str], data: dict[str, Any]) -> None:
    """Belote's contract: the trump and the taker, and any points held from a litige."""
    assert state.trump is not None and state.taker is not None
    data["trump"] = state.trump.value
    data["taker"] = names[state.taker]
    if state.carried_points:
        data["held_points"] = int(state.carried_points)


def _write_declarations(
    state: belote.BeloteState, names: Sequence[str], data: dict[str, Any]
) -> None:
    """The combinations declared at the first trick, by seat."""
    declared = {
        names[s]: [codes(c.cards) for c in combos]
        for s, combos in enumerate(state.declarations)
        if combos
    }
    if declared:
        data["declarations"] = declared


def write_with_tricks(
    state: belote.BeloteState,
    names: Sequence[str],
    data: dict[str, Any],
    captured: Sequence[Sequence[Card]],
) -> None:
    """Who held belote-rebelote when captured cards may hide it, and the declarations."""
    if any(captured) and state.belote_holder is not None:
        data["belote_holder"] = names[state.belote_holder]
    _write_declarations(state, names, data)


def write_with_points(
    state: belote.BeloteState, names: Sequence[str], data: dict[str, Any]
) -> None:
    """Who held belote-rebelote if its K or Q is in no trick written, and the declarations."""
    assert state.trump is not None
    pair = {c for c in (Card(state.trump, "K"), Card(state.trump, "Q"))}
    held = {c for h in state.hands for c in h} | {p.card for p in state.current_trick}
    if state.belote_holder is not None and not pair <= held:
        data["belote_holder"] = names[state.belote_holder]
    _write_declarations(state, names, data)


def captured(state: belote.BeloteState) -> Sequence[Sequence[Card]]:
    """Each side's cards won in tricks not listed."""
    return state.captured


PART = ScenarioPart(
    start_play=start_play,
    from_the_deal=deck_order_deal,
    trick_winner=trick_winner,
    face_up_card=no_face_up_card,
    reads_carried_points=False,
    unlisted_pile=no_unlisted_pile,
    captured=captured,
    write_contract=write_contract,
    write_with_tricks=write_with_tricks,
    write_with_points=write_with_points,
    hand_winner_hint="run.hint_hand_winner",
)
