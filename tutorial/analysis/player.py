"""The computer players (pure: never imports streamlit).

Two levels (``LEVELS``):

- ``"beginner"``: the rule-based habits of ``tutorial.analysis.beginner``.
- ``"strong"``: plays the card the judge finds best with what its seat can know
  (``tutorial.analysis.judgement``: deals of the cards it cannot see, each valued
  exactly or by a greedy playout as the hand's score): the same card the hint names to
  a learner in that seat. Its bids are the bidding advice's best (``strong_bid``:
  ``bid_advice.advise_at``), and so is the Tarot discard (``strong_discard``: the best
  six of ``bid_advice.advise_discard``, laid one card at a time); announcements and
  declarations reuse the beginner's rules. Nothing reads a clock: a deal played again
  gets the same cards.
"""

from __future__ import annotations

import random
import threading
from collections import OrderedDict
from typing import Any

from tutorial.analysis import beginner, bid_advice
from tutorial.analysis.judgement import judge
from tutorial.engine.actions import Action, card_of
from tutorial.engine.cards import Card
from tutorial.engine.contract import GameState

__all__ = ["BID_DEALS", "DISCARD_DEALS", "LEVELS", "choose", "strong_bid", "strong_discard"]

#: The levels of computer player, weakest first.
LEVELS: tuple[str, ...] = ("beginner", "strong")
#: Deals of the unseen cards the strong player's bid is weighed on (``strong_bid``).
BID_DEALS = bid_advice.DEFAULT_DEALS
#: Deals of the defenders' cards the strong player's Tarot discard is weighed on
#: (``strong_discard``).
DISCARD_DEALS = bid_advice.DEFAULT_DEALS
#: The discards planned at their first card, by the hand they start from (``strong_discard``
#: lays the rest of the same six), the latest few.
_DISCARD_PLANS: OrderedDict[tuple[Any, ...], tuple[Card, ...]] = OrderedDict()
_DISCARD_PLANS_KEPT = 32
#: The app's sessions play in threads of one server: the plans are read and kept under it.
_DISCARD_PLANS_LOCK = threading.Lock()


def strong_bid(state: GameState, rng: random.Random, *, deals: int | None = None) -> Action:
    """The strong player's bid: the one of highest expected score by the bidding advice
    (``bid_advice.advise_at``, over ``deals`` deals, by default ``BID_DEALS``); the only
    bid when there is one.

    Raises:
        InvalidStateError: not a bid.
    """
    legal = state.legal_actions()
    if state.phase == "bidding" and len(legal) == 1:
        return legal[0]
    advice = bid_advice.advise_at(state, rng, deals=deals if deals is not None else BID_DEALS)
    return advice.best.action


def _discard_key(state: GameState) -> tuple[Any, ...]:
    """The position a discard starts from, the cards laid aside so far taken back: the
    taker's whole hand with the chien, the other hands, the contract."""
    seat = state.to_move
    assert seat is not None
    laid = state.discard
    whole = frozenset((*state.hands[seat], *laid))
    others = tuple(h for s, h in enumerate(state.hands) if s != seat)
    return (state.ruleset.name, seat, whole, others, state.contract)


def strong_discard(state: GameState, rng: random.Random, *, deals: int | None = None) -> Action:
    """The strong player's next card to lay aside at the Tarot discard: a card of the
    discard of highest expected score by the discard advice (``bid_advice.advise_discard``
    over ``deals`` deals, by default ``DISCARD_DEALS``).

    The advice is asked at the discard's first card (or when the cards laid so far are not
    those of the plan, e.g. laid by someone else: then for the cards still to lay); the
    next cards follow the same six (``_DISCARD_PLANS``), so one discard is weighed once.
    Each card is one of ``legal_actions()``: never a King or a bout, a trump only when the
    plain cards run out (the engine's rules).

    Raises:
        InvalidStateError: not the taker's discard.
    """
    laid = state.discard
    key = _discard_key(state) if state.phase == "discard" and state.to_move is not None else ()
    with _DISCARD_PLANS_LOCK:
        plan = _DISCARD_PLANS.get(key) if laid else None
        if plan is not None:
            _DISCARD_PLANS.move_to_end(key)
    if plan is None or not set(laid) <= set(plan):
        advice = bid_advice.advise_discard(
            state, rng, deals=deals if deals is not None else DISCARD_DEALS
        )
        plan = (*laid, *advice.best.cards)
        with _DISCARD_PLANS_LOCK:
            _DISCARD_PLANS[key] = plan
            while len(_DISCARD_PLANS) > _DISCARD_PLANS_KEPT:
                _DISCARD_PLANS.popitem(last=False)
    legal = {card_of(a): a for a in state.legal_actions()}  # the discard's actions lay a card
    for card in plan:
        if card not in laid and card in legal:
            return legal[card]
    return beginner.choose(state)  # pragma: no cover - the plan's cards are legal ones


def choose(
    state: GameState,
    level: str = "strong",
    rng: random.Random | None = None,
    *,
    deals: int | None = None,
    bid_deals: int | None = None,
    discard_deals: int | None = None,
) -> Action:
    """The action a computer player of ``level`` takes for the seat to move: a bid, a
    discard, an announcement, a declaration or a card (one of ``legal_actions()``).

    ``"beginner"`` is ``beginner.choose``. ``"strong"`` plays the judge's best card
    (``judgement.judge`` over ``deals`` deals, by default ``judgement.DEALS``: the card
    the hint names), bids by the bidding advice (``strong_bid``, over ``bid_deals``
    deals, by default ``BID_DEALS``), lays the Tarot discard by the discard advice
    (``strong_discard``, over ``discard_deals`` deals, by default ``DISCARD_DEALS``) and
    uses the beginner's rules for everything else.

    Raises:
        ValueError: an unknown level, or the hand is over.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    if level == "strong" and state.phase == "bidding":
        return strong_bid(state, rng or random.Random(), deals=bid_deals)
    if level == "strong" and state.phase == "discard":
        return strong_discard(state, rng or random.Random(), deals=discard_deals)
    if level == "beginner" or state.phase != "play":
        return beginner.choose(state)
    legal = state.legal_plays()
    if not legal:
        return beginner.choose(state)
    if len(legal) == 1:
        return legal[0]
    return judge(state, deals=deals).best
