"""The bidding: each seat bids once, from the seat after the dealer, each bid higher than
the last; the highest bidder takes (Rules: bidding, the chien)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tutorial.engine.cards import Card
from tutorial.engine.seats import Seat, seat_name
from tutorial.engine.tarot.actions import CHIEN_SHOWN, Bid
from tutorial.engine.tarot.cards import sort_cards
from tutorial.engine.tarot.constants import (
    NUM_PLAYERS,
    PHASE_CHELEM,
    PHASE_DISCARD,
    PHASE_DONE,
    RESULT_ALL_PASSED,
    RULE_BIDDING,
)
from tutorial.engine.verdicts import BID_TOO_LOW, Verdict
from tutorial.language.i18n import t


def highest_bid(bids: Sequence[Bid]) -> Bid:
    """The highest bid so far (``Bid.PASS`` when nobody bid)."""
    return max(bids, default=Bid.PASS)


def explain_bid(seat: Seat, bid: Bid, bids: Sequence[Bid]) -> Verdict:
    """Rule: a bid must be higher than the last one; a pass is always allowed."""
    top = highest_bid(bids)
    if bid is Bid.PASS:
        return Verdict.ok(t("tarot.ok.pass", seat=seat_name(seat, start=True)), rule=RULE_BIDDING)
    if bid <= top:
        above = [b.label for b in Bid if b > top]
        return Verdict.refuse(
            BID_TOO_LOW,
            t(
                "tarot.refuse.bid_too_low",
                top=top.label,
                bid=bid.label,
                higher=t("tarot.bid.or").join(above) or t("tarot.bid.nothing_higher"),
            ),
            rule=RULE_BIDDING,
        )
    return Verdict.ok(
        t("tarot.ok.bid", bid=bid.label, multiplier=bid.multiplier, top=top.label),
        rule=RULE_BIDDING,
    )


def after_bid(
    bids: tuple[Bid, ...],
    bid: Bid,
    dealer: Seat,
    hands: tuple[tuple[Card, ...], ...],
    chien: tuple[Card, ...],
) -> dict[str, Any]:
    """The fields a bid changes: the bids, and after the fourth the taker and the phase."""
    bids = (*bids, bid)
    if len(bids) < NUM_PLAYERS:
        return {"bids": bids}
    best = max(bids)
    if best is Bid.PASS:
        # Rule: all four pass -> no game.
        return {"bids": bids, "phase": PHASE_DONE, "cancelled": RESULT_ALL_PASSED}
    taker = (dealer + 1 + bids.index(best)) % NUM_PLAYERS
    if best in CHIEN_SHOWN:
        # Rule: Prise/Garde: the chien is shown and the taker takes it, then discards 6.
        taken = list(hands)
        taken[taker] = sort_cards(taken[taker] + chien)
        return {
            "bids": bids,
            "taker": taker,
            "contract": best,
            "hands": tuple(taken),
            "phase": PHASE_DISCARD,
        }
    # Rule: Garde sans / Garde contre: the chien stays unseen.
    return {"bids": bids, "taker": taker, "contract": best, "phase": PHASE_CHELEM}
