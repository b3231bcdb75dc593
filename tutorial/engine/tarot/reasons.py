"""French Tarot's own reasons why a card did worse (see ``tutorial.engine.reasons``):
the Petit won or lost, the Petit au bout, the contract made or failed. Registered with
the engine's reason kinds when the game is imported."""

from __future__ import annotations

from tutorial.engine.actions import Action
from tutorial.engine.cards import PETIT
from tutorial.engine.contract import GameState
from tutorial.engine.outcomes import TrickResult
from tutorial.engine.reasons import (
    CardOf,
    Comparison,
    Count,
    Line,
    Reason,
    reason,
    register_bid_fact,
    register_reason,
    winning_play,
)
from tutorial.engine.tarot.cards import BOUTS, is_trump

GAME = "tarot"


def _petit_trick(line: Line) -> TrickResult | None:
    """The trick of the line the Petit is played to (None: not along this line)."""
    return next((tr for tr in line.tricks if any(p.card == PETIT for p in tr.plays)), None)


def petit_lost(cmp: Comparison) -> Reason | None:
    """The Petit (a bout: it lowers its side's target) goes to the opponents after the
    played card and to the mover's side after the better card."""
    lost, kept = _petit_trick(cmp.played), _petit_trick(cmp.better)
    if lost is None or kept is None or cmp.ours(lost) or not cmp.ours(kept):
        return None
    taker = winning_play(lost)
    return reason(
        "tarot_petit_lost",
        mine=CardOf(cmp.seat, cmp.played.card),
        better=cmp.better.card,
        taken_by=CardOf(taker.seat, taker.card),
        trick=cmp.trick_number + cmp.played.tricks.index(lost),
    )


def petit_au_bout(cmp: Comparison) -> Reason | None:
    """The mover's side takes the Petit in the last trick (the Petit au bout) after the
    better card, and not after the played card."""
    if not cmp.played.end.is_terminal or not cmp.better.end.is_terminal:
        return None
    won = cmp.better.tricks[-1]
    if not cmp.ours(won) or not any(p.card == PETIT for p in won.plays):
        return None
    last = cmp.played.tricks[-1]
    if cmp.ours(last) and any(p.card == PETIT for p in last.plays):
        return None
    return reason(
        "tarot_petit_au_bout", mine=CardOf(cmp.seat, cmp.played.card), better=cmp.better.card
    )


def contract_changes(cmp: Comparison) -> Reason | None:
    """The contract is made after one card and fails after the other, the mover's side
    the worse for it."""
    if not cmp.played.end.is_terminal or not cmp.better.end.is_terminal:
        return None
    after = cmp.played.end.outcome().details
    best = cmp.better.end.outcome().details
    takers = cmp.position.team_of(after["taker"])
    if cmp.side == takers and best["made"] and not after["made"]:
        kind = "tarot_contract_fails"
    elif cmp.side != takers and not best["made"] and after["made"]:
        kind = "tarot_contract_made"
    else:
        return None
    return reason(kind, mine=CardOf(cmp.seat, cmp.played.card), better=cmp.better.card)


def hand_fact(state: GameState, bid: Action) -> Reason | None:
    """What a Tarot bid counts on: the bidder's trumps (the Excuse not among them), its
    bouts and its Kings."""
    seat = state.to_move
    if seat is None or state.game != GAME:
        return None
    hand = state.hands[seat]
    trumps = sum(1 for c in hand if is_trump(c))
    bouts = sum(1 for c in hand if c in BOUTS)
    kings = sum(1 for c in hand if c.rank == "K")
    return reason(
        "tarot_hand",
        trumps=Count(trumps, "plural.trumps_tarot"),
        bouts=Count(bouts, "plural.bouts"),
        kings=Count(kings, "plural.kings"),
    )


register_bid_fact(GAME, hand_fact)
register_reason("tarot_contract", contract_changes, order=20, game=GAME)
register_reason("tarot_petit_lost", petit_lost, order=23, game=GAME)
register_reason("tarot_petit_au_bout", petit_au_bout, order=24, game=GAME)
