"""Tarot's part of the scenario format: its position in play (``contract``, ``taker``,
``chien`` or ``discard``, ``poignees``, ``chelem_declared``, ``carried_points``), a
listed trick's winner, the deal as four hands and the chien, and the same keys written
from a state (with the bouts won, which decide the target, when only points are given)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tutorial.engine import tarot
from tutorial.engine.cards import EXCUSE, TAROT_DECK, Card, Deck
from tutorial.engine.contract import GameState
from tutorial.engine.errors import InvalidStateError
from tutorial.scenarios.export_fields import codes, side_seat, write_carried_points
from tutorial.scenarios.games import ScenarioPart
from tutorial.scenarios.model import Scenario
from tutorial.scenarios.position_reading import (
    cards_of,
    no_face_up_card,
    no_unlisted_pile,
    side_index,
)
from tutorial.scenarios.position_spec import PositionError, PositionSpec
from tutorial.scenarios.table import resolve_seat


def trick_winner(sc: Scenario, trick: Sequence[Card], lead: int, n: int) -> int:
    """Who won a listed Tarot trick."""
    return tarot.trick_winner(trick, lead)


def start_play(
    sc: Scenario,
    spec: PositionSpec,
    hands: list[list[Card]],
    taker: int | None,
    aside: list[Card],
    kw: dict[str, Any],
) -> GameState:
    """A Tarot position in play: the contract and taker, chien or discard, poignées."""
    if sc.contract is None or taker is None:
        raise PositionError(("contract",), "a Tarot position in play needs 'contract' and 'taker'")
    chien = cards_of(TAROT_DECK, sc.chien, ("chien",)) or None
    discard = cards_of(TAROT_DECK, sc.discard, ("discard",)) or None
    if aside:
        if sc.contract in ("prise", "garde"):
            discard = (*(discard or ()), *aside)
        else:
            chien = (*(chien or ()), *aside)
    if spec.captured:
        kw["captured"] = {k: list(v) for k, v in spec.captured.items()}
    if sc.poignees:
        kw["poignees"] = [
            (
                resolve_seat(spec.names, name, ("poignees", name)),
                _poignee(cards_of(TAROT_DECK, cards, ("poignees", name))),
            )
            for name, cards in sc.poignees.items()
        ]
    if sc.carried_points:
        kw["carried_points"] = {
            side_index(sc, spec.names, k, ("carried_points", k)): v
            for k, v in sc.carried_points.items()
        }
    return tarot.start_play(
        hands,
        taker,
        sc.contract.replace("_", " "),
        chien=chien,
        discard=discard,
        chelem_declared=sc.chelem_declared,
        **kw,
    )


def _poignee(cards: tuple[Card, ...]) -> Any:
    level = {10: "simple", 13: "double", 15: "triple"}.get(len(cards))
    if level is None:
        raise PositionError(("poignees",), f"a poignée shows 10, 13 or 15 trumps, not {len(cards)}")
    return tarot.Poignee(level, cards)


def from_the_deal(
    sc: Scenario, deck: Deck, rs: Any, names: tuple[str, ...], dealer: int
) -> GameState:
    """A Tarot deal as the scenario gives it: the four hands and the chien."""
    hands = []
    for name in names:
        spec = sc.hands.get(name)
        if spec is None:
            raise PositionError(
                ("hands",), f"a Tarot deal needs all four hands; {name!r} is missing"
            )
        hands.append(cards_of(deck, spec, ("hands", name)))
    chien = cards_of(deck, sc.chien, ("chien",))
    try:
        state: GameState = tarot.new_hand(rs, hands=hands, chien=chien, dealer=dealer)
    except InvalidStateError as e:
        raise PositionError(("hands",), str(e)) from None
    return state


def write_contract(state: tarot.TarotState, names: Sequence[str], data: dict[str, Any]) -> None:
    """Tarot's contract: the taker, the bid, the discard or unseen chien, chelem, poignées."""
    assert state.taker is not None and state.contract is not None
    data["taker"] = names[state.taker]
    data["contract"] = state.contract.name.lower()
    if state.contract in (tarot.Bid.PRISE, tarot.Bid.GARDE):
        data["discard"] = codes(state.discard)
    else:
        data["chien"] = codes(state.chien)
    if state.chelem_declared:
        data["chelem_declared"] = True
    shown = [(s, p) for s, p in state.poignees if p.cards]
    if shown:
        data["poignees"] = {names[s]: codes(p.cards) for s, p in shown}


def write_with_tricks(
    state: tarot.TarotState,
    names: Sequence[str],
    data: dict[str, Any],
    captured: Sequence[Sequence[Card]],
) -> None:
    """The points carried from earlier tricks not listed."""
    write_carried_points(state, state.carried, names, data)


def write_with_points(state: tarot.TarotState, names: Sequence[str], data: dict[str, Any]) -> None:
    """The bouts won so far in ``captured`` (they decide the target), the Excuse its side's."""
    won: dict[int, list[Card]] = {0: [], 1: []}
    for side, pile in enumerate(state.captured):
        won[side] += [c for c in pile if c in tarot.BOUTS]
    for tr in state.tricks:
        for p in tr.plays:
            if p.card in tarot.BOUTS:
                owner = p.seat if p.card == EXCUSE else tr.winner
                won[state.team_of(owner)].append(p.card)
    if any(won.values()):
        data["captured"] = {names[side_seat(state, s)]: codes(cs) for s, cs in won.items() if cs}


def captured(state: tarot.TarotState) -> Sequence[Sequence[Card]]:
    """Each side's cards won without a trick history."""
    return state.captured


PART = ScenarioPart(
    start_play=start_play,
    from_the_deal=from_the_deal,
    trick_winner=trick_winner,
    face_up_card=no_face_up_card,
    reads_carried_points=True,
    unlisted_pile=no_unlisted_pile,
    captured=captured,
    write_contract=write_contract,
    write_with_tricks=write_with_tricks,
    write_with_points=write_with_points,
    hand_winner_hint="run.hint_hand_winner",
)
