"""Sensible computer players, for hands a learner can follow (the Score explainer).

They play through the public state API only (``legal_actions()`` / ``apply()``), with
simple, explainable habits rather than strength:

- Tarot bidding counts the hand: trumps, bouts (three points each) and kings (two);
  the higher the count, the higher the contract. A chelem is never declared; the taker
  shows a poignée when holding one. The discard keeps kings and trumps (the rules) and
  puts away the richest other cards, shortest suits first.
- Belote: take a suit when holding its Jack or Nine and some strength (trumps and
  outside aces); declare whatever is offered.
- Playing a card: when the partner is winning and the trick is about to close, give
  the partner points; otherwise win the trick as cheaply as possible when a card can
  win it; otherwise throw the lowest card. The Excuse is never kept for the last trick.

Deterministic: the same deal gets the same play.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from tutorial.engine import belote, briscola, tarot
from tutorial.engine.cards import EXCUSE, PETIT, Card, Suit
from tutorial.engine.core import GameState
from tutorial.engine.games import new_hand

__all__ = ["belote_bid", "choose", "play_hand", "tarot_bid", "tarot_count"]

#: Tarot hand counts for each contract (trumps + 3 a bout + 2 a king).
TAROT_BIDS = ((27, tarot.Bid.GARDE_CONTRE), (22, tarot.Bid.GARDE_SANS), (16, tarot.Bid.GARDE))
TAROT_PRISE = 11


def play_hand(game: str, ruleset: Any = "default", *, rng: random.Random, **kw: Any) -> GameState:
    """Deal with ``rng`` and play the whole hand with :func:`choose` for every seat."""
    state = new_hand(game, ruleset, rng=rng, **kw)
    while not state.is_terminal:
        state = state.apply(choose(state))
    return state


def played_for_a_score(state: GameState) -> bool:
    """Whether a finished hand was played for a score: not a Belote redeal, not a Tarot
    hand passed out or stopped by a Petit sec."""
    details = state.outcome().details
    if state.game == "belote":
        return details.get("result") in ("made", "dedans", "litige")
    if state.game == "tarot":
        return bool(details.get("contract"))
    return True


@lru_cache(maxsize=64)
def played_deal(game: str, ruleset: str, number: int, tries: int = 50) -> tuple[int, GameState]:
    """Deal number ``number`` (or the next one that is played out, when the players all
    pass) played to the end by the beginner players: ``(deal number used, final state)``.

    The deal is shuffled by ``random.Random(number)``; the same number gives the same hand.
    """
    state: GameState | None = None
    for k in range(number, number + tries):
        state = play_hand(game, ruleset, rng=random.Random(k))
        if played_for_a_score(state):
            return k, state
    assert state is not None
    return number + tries - 1, state


def choose(state: GameState) -> Any:
    """The action the seat to move takes (always one of ``state.legal_actions()``)."""
    legal = state.legal_actions()
    if not legal:
        raise ValueError("no legal action: the hand is over")
    if state.game == "tarot" and state.phase != "play":
        return _tarot_other(state, legal)
    if state.game == "belote" and state.phase != "play":
        return _belote_other(state, legal)
    cards = [a for a in legal if isinstance(a, Card)]
    return _card(state, cards) if cards else legal[0]


# --- Tarot: bidding, discard, declarations ----------------------------------------------


def tarot_count(hand: Sequence[Card]) -> int:
    """The hand's count: one a trump, three more a bout, two a king."""
    trumps = sum(1 for c in hand if tarot.is_trump(c))
    bouts = sum(1 for c in hand if tarot.is_bout(c))
    kings = sum(1 for c in hand if c.rank == "K" and not tarot.is_trump(c))
    return trumps + 3 * bouts + 2 * kings


def tarot_bid(hand: Sequence[Card]) -> tarot.Bid:
    """The contract a hand is worth (``Bid.PASS`` when too weak)."""
    count = tarot_count(hand)
    for least, bid in TAROT_BIDS:
        if count >= least:
            return bid
    return tarot.Bid.PRISE if count >= TAROT_PRISE else tarot.Bid.PASS


def _tarot_other(state: GameState, legal: list[Any]) -> Any:
    seat = state.to_move
    assert seat is not None
    hand = state.hands[seat]
    if state.phase == "bidding":
        want = tarot_bid(hand)
        return want if want in legal else tarot.Bid.PASS
    if state.phase == "chelem":
        return tarot.NO_CHELEM
    if state.phase == "poignee":
        shows = [a for a in legal if isinstance(a, tarot.Poignee) and a.level != "none"]
        if shows and seat == getattr(state, "taker", None):
            return max(shows, key=lambda p: p.size)
        return tarot.NO_POIGNEE
    # The discard: the richest card, from the shortest suit (to make a void).
    discards = [a for a in legal if isinstance(a, tarot.Discard)]

    def length(card: Card) -> int:
        return sum(1 for c in hand if c.suit is card.suit)

    return max(
        discards,
        key=lambda d: (tarot.card_points(d.card), -length(d.card), -tarot.rank_value(d.card)),
    )


# --- Belote: bidding and declarations ---------------------------------------------------


def belote_bid(hand: Sequence[Card], suit: Suit, proposed: Card | None) -> int:
    """How good ``suit`` is as trump for this hand: 0 without its Jack or Nine, else the
    trumps (with the proposed card when it comes to this hand) plus the outside aces."""
    cards = [*hand, *([proposed] if proposed is not None else [])]
    trumps = [c for c in cards if c.suit is suit]
    if not any(c.rank in ("J", "9") for c in hand if c.suit is suit):
        return 0
    aces = sum(1 for c in cards if c.rank == "A" and c.suit is not suit)
    return len(trumps) + aces


#: The count a suit needs for a take (a Jack or Nine, and trumps plus outside aces).
BELOTE_TAKE = 3


def _belote_other(state: GameState, legal: list[Any]) -> Any:
    if state.phase == "declare":
        return next(a for a in legal if isinstance(a, (belote.Declare, belote.NoDeclaration)))
    seat = state.to_move
    assert seat is not None
    hand = state.hands[seat]
    proposed = getattr(state, "proposed", None)
    best: tuple[int, Any] = (0, next(a for a in legal if isinstance(a, belote.Pass)))
    for a in legal:
        if isinstance(a, belote.Take):
            score = belote_bid(hand, a.suit, proposed)
            if score >= BELOTE_TAKE and score > best[0]:
                best = (score, a)
    return best[1]


# --- Playing a card ------------------------------------------------------------------------


class _Rules:
    """A game's card facts for the playing habit: points, strength, the winning card."""

    def __init__(self, state: GameState) -> None:
        self.game = state.game
        self.state = state
        if state.game == "belote":
            trump = getattr(state, "trump", None)
            assert isinstance(trump, Suit)
            self.trump: Suit | None = trump
        elif state.game == "briscola":
            self.trump = getattr(state, "trump_suit", None)
        else:
            self.trump = None

    def points(self, card: Card) -> float:
        if self.game == "belote":
            assert self.trump is not None
            return float(belote.card_points(card, self.trump))
        if self.game == "tarot":
            return tarot.card_points(card)
        return float(briscola.card_points(card, self.state.ruleset))

    def is_trump(self, card: Card) -> bool:
        if self.game == "tarot":
            return tarot.is_trump(card)
        return card.suit is self.trump

    def power(self, card: Card) -> int:
        """Strength within the card's own suit, trumps above every plain card."""
        if self.game == "belote":
            assert self.trump is not None
            return belote.card_power(card, self.trump, card.suit)
        if self.game == "tarot":
            return tarot.rank_value(card) + (100 if tarot.is_trump(card) else 0)
        order = briscola.rank_order(self.state.ruleset)
        return len(order) - order.index(card.rank) + (100 if self.is_trump(card) else 0)

    def winning_position(self, cards: Sequence[Card]) -> int | None:
        """The position of the card winning so far (None: only the Excuse was played)."""
        if self.game == "belote":
            assert self.trump is not None
            return belote.trick_winner(cards, self.trump)
        if self.game == "tarot":
            if tarot.led_card(cards) is None:
                return None
            return tarot.trick_winner(cards)
        assert self.trump is not None
        return briscola.trick_winner(cards, self.trump, self.state.ruleset)


def _card(state: GameState, legal: list[Card]) -> Card:
    seat = state.to_move
    assert seat is not None
    rules = _Rules(state)
    hand = state.hands[seat]
    trick = [p.card for p in state.current_trick]
    n = state.num_players
    last = len(trick) == n - 1

    def cost(card: Card) -> tuple[float, bool, int]:
        """How much throwing a card away costs: its points, then trumps, then strength."""
        if card == EXCUSE:  # it stays with its side: cheap to play, but not a nothing
            return (0.6, False, 0)
        return (rules.points(card), rules.is_trump(card), rules.power(card))

    if state.game == "tarot" and EXCUSE in legal and len(hand) == 2:
        return EXCUSE  # never keep the Excuse for the last trick
    if not trick:
        return _lead(state, rules, legal, cost)
    now = rules.winning_position(trick)
    if now is not None and n == 4:
        leader = state.current_trick[0].seat
        winner = (leader + now) % n
        if state.team_of(winner) == state.team_of(seat) and winner != seat:
            if last:  # the trick is ours: give it points (not a bout or a trump)
                return max(legal, key=lambda c: (not rules.is_trump(c), rules.points(c)))
            return min(legal, key=cost)
    winners = [
        c for c in legal if c != EXCUSE and rules.winning_position([*trick, c]) == len(trick)
    ]
    if state.game == "tarot" and not last:
        winners = [c for c in winners if c != PETIT] or winners  # the Petit is a bout at risk
    if winners:
        return min(winners, key=lambda c: (rules.is_trump(c), rules.power(c)))
    return min(legal, key=cost)


def _lead(
    state: GameState,
    rules: _Rules,
    legal: list[Card],
    cost: Callable[[Card], tuple[float, bool, int]],
) -> Card:
    """The lead: the taking side draws trumps with the Jack in Belote; a King leads in
    Tarot; otherwise the cheapest card, plain suits first."""
    seat = state.to_move
    assert seat is not None
    taker = getattr(state, "taker", None)
    if state.game == "belote" and taker is not None and taker % 2 == seat % 2:
        jack = next((c for c in legal if c.rank == "J" and rules.is_trump(c)), None)
        if jack is not None:
            return jack
    if state.game == "tarot":
        king = next((c for c in legal if c.rank == "K" and not tarot.is_trump(c)), None)
        if king is not None:
            return king
    plain = [c for c in legal if not rules.is_trump(c) and c != EXCUSE]
    return min(plain or legal, key=cost)
