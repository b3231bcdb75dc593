"""Belote's own reasons why a card did worse (see ``tutorial.engine.reasons``): the
contract made or failed, the capot, the last trick's ten points. Registered with the
engine's reason kinds when the game is imported."""

from __future__ import annotations

from typing import Any

from tutorial.engine.actions import Action
from tutorial.engine.belote.actions import Take
from tutorial.engine.belote.cards import DIX_DE_DER
from tutorial.engine.belote.state import BeloteState
from tutorial.engine.contract import GameState
from tutorial.engine.reasons import (
    CardOf,
    Comparison,
    Count,
    Line,
    Points,
    Reason,
    SuitWord,
    reason,
    register_bid_fact,
    register_reason,
    winning_play,
)

GAME = "belote"


def _details(line: Line) -> dict[str, Any] | None:
    """The end of the line's score details, when the line reaches the end of the hand."""
    if not line.end.is_terminal:
        return None
    return dict(line.end.outcome().details)


def _capot(cmp: Comparison) -> Points:
    """A capot's points under the hand's rules."""
    state = cmp.position
    assert isinstance(state, BeloteState)
    return Points(state.options.capot)


def capot_lost(cmp: Comparison) -> Reason | None:
    """The mover's side takes every trick of the hand (a capot) after the better card,
    and not after the played card."""
    after, best = _details(cmp.played), _details(cmp.better)
    if after is None or best is None:
        return None
    if best["capot"] != cmp.side or after["capot"] == cmp.side:
        return None
    return reason(
        "belote_capot_lost",
        mine=CardOf(cmp.seat, cmp.played.card),
        better=cmp.better.card,
        points=_capot(cmp),
    )


def capot_conceded(cmp: Comparison) -> Reason | None:
    """The opponents take every trick of the hand (a capot) after the played card, and
    not after the better card."""
    after, best = _details(cmp.played), _details(cmp.better)
    if after is None or best is None:
        return None
    other = 1 - cmp.side
    if after["capot"] != other or best["capot"] == other:
        return None
    return reason(
        "belote_capot_conceded",
        mine=CardOf(cmp.seat, cmp.played.card),
        better=cmp.better.card,
        points=_capot(cmp),
    )


def contract_changes(cmp: Comparison) -> Reason | None:
    """The contract is made after one card and fails (dedans) after the other, the
    mover's side the worse for it: the takers' contract fails after the played card, or
    the defence lets it be made."""
    after, best = _details(cmp.played), _details(cmp.better)
    if after is None or best is None:
        return None
    takers = after["taking_team"]
    if cmp.side == takers and best["made"] and after["dedans"]:
        kind = "belote_contract_fails"
    elif cmp.side != takers and best["dedans"] and after["made"]:
        kind = "belote_contract_made"
    else:
        return None
    return reason(kind, mine=CardOf(cmp.seat, cmp.played.card), better=cmp.better.card)


def last_trick(cmp: Comparison) -> Reason | None:
    """The last trick, with its ten extra points (dix de der), goes to the opponents
    after the played card and to the mover's side after the better card."""
    if not cmp.played.end.is_terminal or not cmp.better.end.is_terminal:
        return None
    lost, won = cmp.played.tricks[-1], cmp.better.tricks[-1]
    if cmp.ours(lost) or not cmp.ours(won):
        return None
    taker = winning_play(lost)
    return reason(
        "belote_last_trick",
        mine=CardOf(cmp.seat, cmp.played.card),
        better=cmp.better.card,
        taken_by=CardOf(taker.seat, taker.card),
        extra=Points(DIX_DE_DER),
    )


def take_fact(state: GameState, bid: Action) -> Reason | None:
    """A take names its trumps: how many of that suit the bidder would hold (the proposed
    card included, which the taker receives), with or without its Jack and its Nine."""
    if not isinstance(bid, Take) or not isinstance(state, BeloteState):
        return None
    seat = state.to_move
    if seat is None:
        return None
    cards = [c for c in state.hands[seat] if c.suit is bid.suit]
    if state.proposed is not None and state.proposed.suit is bid.suit:
        cards.append(state.proposed)
    ranks = {c.rank for c in cards}
    key = {
        (True, True): "belote_take_jack_nine",
        (True, False): "belote_take_jack",
        (False, True): "belote_take_nine",
        (False, False): "belote_take_neither",
    }[("J" in ranks, "9" in ranks)]
    return reason(key, trumps=Count(len(cards)), suit=SuitWord(bid.suit))


register_bid_fact(GAME, take_fact)
register_reason("belote_capot_lost", capot_lost, order=20, game=GAME)
register_reason("belote_capot_conceded", capot_conceded, order=21, game=GAME)
register_reason("belote_contract", contract_changes, order=22, game=GAME)
register_reason("belote_last_trick", last_trick, order=30, game=GAME)
