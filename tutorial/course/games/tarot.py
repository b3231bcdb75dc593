"""Tarot's own part of a practice hand: the count a bid is made by."""

from __future__ import annotations

from tutorial.analysis.games import tarot as tarot_analysis
from tutorial.course.practice import PracticePart
from tutorial.engine import tarot
from tutorial.engine.actions import Action
from tutorial.engine.contract import GameState
from tutorial.language.i18n import t
from tutorial.scenarios import actions


def _bid_reason(state: GameState, action: Action, label: str) -> str | None:
    """At a Tarot bid, the count of the hand the habit bids by."""
    hand = state.hands[state.to_move or 0]
    trumps, bouts, kings = tarot_analysis.tarot_count_parts(hand)
    least = tarot_analysis.tarot_bid_thresholds()
    wanted = tarot_analysis.tarot_bid(hand)
    key = "practice.hint_bid_tarot"
    if wanted != action:  # its contract does not beat the bid already made
        key = "practice.hint_bid_tarot_outbid"
    return t(
        key,
        action=label,
        trumps=trumps,
        bouts=bouts,
        kings=kings,
        count=tarot_analysis.tarot_count(hand),
        wanted=actions.label(wanted),
        prise=least[tarot.Bid.PRISE],
        garde=least[tarot.Bid.GARDE],
        garde_sans=least[tarot.Bid.GARDE_SANS],
        garde_contre=least[tarot.Bid.GARDE_CONTRE],
    )


PRACTICE = PracticePart(_bid_reason)
