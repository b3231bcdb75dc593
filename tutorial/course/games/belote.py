"""Belote's own part of a practice hand: the trumps and Aces a bid counts."""

from __future__ import annotations

from tutorial.analysis.games import belote as belote_analysis
from tutorial.course.practice import PracticePart
from tutorial.engine import belote
from tutorial.engine.actions import Action
from tutorial.engine.contract import GameState
from tutorial.language.i18n import t


def _bid_reason(state: GameState, action: Action, label: str) -> str | None:
    """At a Belote bid, the trumps and Aces the habit counts."""
    hand = state.hands[state.to_move or 0]
    assert isinstance(state, belote.BeloteState)  # Belote's practice: its own fields
    if isinstance(action, belote.Take):
        count = belote_analysis.belote_bid(hand, action.suit, state.proposed)
        return t("practice.hint_bid_belote_take", action=label, count=count)
    return t("practice.hint_bid_belote_pass", action=label, least=belote_analysis.BELOTE_TAKE)


PRACTICE = PracticePart(_bid_reason)
