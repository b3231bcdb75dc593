"""Sensible computer players, for hands a learner can follow (the Score explainer).

They play through the public state API only (``legal_actions()`` / ``apply()``), with
simple, explainable habits rather than strength:

- Tarot bidding counts the hand: trumps, bouts (three points each) and kings (two);
  the higher the count, the higher the contract. A chelem is never declared; the taker
  shows a poignée when holding one. The discard keeps kings and trumps (the rules) and
  puts away the richest other cards first; between cards worth the same, the one from
  the shortest suit (to make a void).
- Belote: take a suit when holding its Jack or Nine and some strength (trumps and
  outside aces); declare whatever is offered.
- Playing a card: when the partner is winning and the trick is about to close, give
  the partner points; otherwise win the trick as cheaply as possible when a card can
  win it; otherwise throw the lowest card. The Excuse is never kept for the last trick.

Each game's habits outside the card play (bids, the discard, announcements,
declarations) and its favourite first leads are its own, in its analysis part
(``tutorial/analysis/games/<game>.py``: ``BeginnerHabits``); the card play's are shared.
Deterministic: the same deal gets the same play.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from tutorial.analysis.games import PARTS
from tutorial.engine.actions import Action
from tutorial.engine.cards import EXCUSE, PETIT, Card
from tutorial.engine.contract import GameState
from tutorial.engine.games import new_hand
from tutorial.engine.seats import Seat

__all__ = ["choose", "first_leads", "play_hand", "play_out", "played_deal"]


def play_hand(game: str, ruleset: Any = "default", *, rng: random.Random, **kw: Any) -> GameState:
    """Deal with ``rng`` and play the whole hand with :func:`choose` for every seat."""
    return play_out(new_hand(game, ruleset, rng=rng, **kw))


def play_out(state: GameState) -> GameState:
    """``state`` played to the end of its hand with :func:`choose` for every seat.

    The cards are chosen as :func:`choose` chooses them, reading the trick's winner on the
    compact rules (``state.card_masks()``) and each card's cost once (``_MaskReader``):
    the same hand, about twice as fast (``tests/test_bid_advice.py`` checks it is the same).
    """
    reader: _MaskReader | None = None
    while not state.is_terminal:
        if state.phase == "play":
            legal = state.legal_actions()
            cards = [a for a in legal if isinstance(a, Card)]
            if cards:
                if reader is None:
                    reader = _MaskReader(state)
                state = state.apply(_card(state, cards, reader))
                continue
        state = state.apply(choose(state))
    return state


@lru_cache(maxsize=64)
def played_deal(game: str, ruleset: str, number: int, tries: int = 50) -> tuple[int, GameState]:
    """Deal number ``number`` (or the next one that is played out, when the players all
    pass) played to the end by the beginner players: ``(deal number used, final state)``.

    The deal is shuffled by ``random.Random(number)``; the same number gives the same hand.
    """
    state: GameState | None = None
    for k in range(number, number + tries):
        state = play_hand(game, ruleset, rng=random.Random(k))
        if state.played_for_a_score():
            return k, state
    assert state is not None
    return number + tries - 1, state


def choose(state: GameState) -> Action:
    """The action the seat to move takes (always one of ``state.legal_actions()``)."""
    legal = state.legal_actions()
    if not legal:
        raise ValueError("no legal action: the hand is over")
    if state.phase != "play":
        outside_play = PARTS.of(state.game).beginner.outside_play
        if outside_play is not None:
            return outside_play(state, legal)
    cards = [a for a in legal if isinstance(a, Card)]
    return _card(state, cards) if cards else legal[0]


# --- Playing a card ------------------------------------------------------------------------


class _Reader:
    """What the card habits read of a position: what a card costs to throw away, what it
    gives a partner, how strong a winner it is, and who wins the trick (asked of the
    state each time)."""

    def __init__(self, state: GameState) -> None:
        self.state = state

    def cost(self, card: Card) -> tuple[float, bool, int]:
        """How much throwing a card away costs: its points, then trumps, then strength."""
        state = self.state
        if card == EXCUSE:  # it stays with its side: cheap to play, but not a nothing
            return (0.6, False, 0)
        return (state.card_points(card), state.is_trump(card), state.card_power(card))

    def gift(self, card: Card) -> tuple[bool, float]:
        """How good a gift to a partner's trick a card is: not a trump, then its points."""
        return (not self.state.is_trump(card), self.state.card_points(card))

    def strength(self, card: Card) -> tuple[bool, int]:
        """How dear a winner is: trumps last, then by strength."""
        return (self.state.is_trump(card), self.state.card_power(card))

    def winning(self, state: GameState, trick: list[Card]) -> int | None:
        """The position of the card winning ``trick`` so far (None: none yet, Tarot's
        Excuse alone)."""
        return state.winning_position(trick)

    def takes(self, state: GameState, trick: list[Card], card: Card) -> bool:
        """Whether ``card`` played now would win ``trick`` (after :meth:`winning`)."""
        return state.winning_position([*trick, card]) == len(trick)


class _MaskReader(_Reader):
    """The same readings for one hand's card play, on the compact rules
    (``state.card_masks()``: the trick's winner on card indices), each card's figures
    worked out once (they do not change during the play)."""

    def __init__(self, state: GameState) -> None:
        super().__init__(state)
        masks = self.masks = state.card_masks()
        self.index = {card: i for i, card in enumerate(masks.deck)}
        self.excuse = masks.excuse
        self._cost: dict[Card, tuple[float, bool, int]] = {}
        self._gift: dict[Card, tuple[bool, float]] = {}
        self._strength: dict[Card, tuple[bool, int]] = {}
        self._trick: list[int] = []
        self._wpos = 0

    def cost(self, card: Card) -> tuple[float, bool, int]:
        got = self._cost.get(card)
        if got is None:
            got = self._cost[card] = super().cost(card)
        return got

    def gift(self, card: Card) -> tuple[bool, float]:
        got = self._gift.get(card)
        if got is None:
            got = self._gift[card] = super().gift(card)
        return got

    def strength(self, card: Card) -> tuple[bool, int]:
        got = self._strength.get(card)
        if got is None:
            got = self._strength[card] = super().strength(card)
        return got

    def winning(self, state: GameState, trick: list[Card]) -> int | None:
        index = self.index
        cards = self._trick = [index[c] for c in trick]
        wpos = self._wpos = self.masks.winner(cards)
        return None if cards[wpos] == self.excuse else wpos

    def takes(self, state: GameState, trick: list[Card], card: Card) -> bool:
        return self.masks.takes_over(self._trick, self._wpos, self.index[card])


def _card(state: GameState, legal: list[Card], reader: _Reader | None = None) -> Card:
    seat = state.to_move
    assert seat is not None
    hand = state.hands[seat]
    trick = [p.card for p in state.current_trick]
    n = state.num_players
    last = len(trick) == n - 1
    read = reader if reader is not None else _Reader(state)
    read.state = state
    cost = read.cost

    if EXCUSE in legal and len(hand) == 2:
        return EXCUSE  # never keep the Excuse for the last trick (Tarot)
    if not trick:
        return _lead(state, legal, cost)
    now = read.winning(state, trick)
    if now is not None and n == 4:
        leader = state.current_trick[0].seat
        winner = (leader + now) % n
        if state.team_of(winner) == state.team_of(seat) and winner != seat:
            if last:  # the trick is ours: give it points (not a bout or a trump)
                return max(legal, key=read.gift)
            return min(legal, key=cost)
    winners = [c for c in legal if c != EXCUSE and read.takes(state, trick, c)]
    if not last:  # Tarot: the Petit is a bout at risk
        winners = [c for c in winners if c != PETIT] or winners
    if winners:
        return min(winners, key=read.strength)
    return min(legal, key=cost)


def _lead(
    state: GameState,
    legal: list[Card],
    cost: Callable[[Card], tuple[float, bool, int]],
) -> Card:
    """The lead: the game's favourite lead when the seat holds one (``first_leads``),
    otherwise the cheapest card, plain suits first."""
    seat = state.to_move
    assert seat is not None
    first = first_leads(state, seat)
    lead = next((c for c in legal if c in first), None)
    if lead is not None:
        return lead
    plain = [c for c in legal if not state.is_trump(c) and c != EXCUSE]
    return min(plain or legal, key=cost)


def first_leads(state: GameState, seat: Seat) -> frozenset[Card]:
    """The cards ``seat`` leads first when it holds one, by the beginner's habits (its
    game's part: Belote the Jack of trumps for the taking side; Tarot a King; Briscola
    none)."""
    return PARTS.of(state.game).beginner.first_leads(state, seat)
