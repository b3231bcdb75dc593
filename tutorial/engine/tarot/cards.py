"""Tarot's cards: strength, points, bouts and targets, deck order, the trick winner,
the two sides (the taker's and the defence) and the seats."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from tutorial.engine.cards import (
    EXCUSE,
    PETIT,
    TAROT_DECK,
    TAROT_PLAIN_RANKS,
    TRUMP_21,
    Card,
    Suit,
    check_cards_with,
)
from tutorial.engine.contract import GameState
from tutorial.engine.errors import InvalidStateError
from tutorial.engine.seats import Seat
from tutorial.engine.tarot.constants import NUM_PLAYERS

#: Target by the number of bouts the taker's side holds at the end (0, 1, 2, 3).
TARGETS: tuple[float, ...] = (56.0, 51.0, 41.0, 36.0)
BOUTS: frozenset[Card] = frozenset({PETIT, TRUMP_21, EXCUSE})
KINGS: frozenset[Card] = frozenset(c for c in TAROT_DECK if c.rank == "K")
#: Team indices of ``TarotState.team_of``.
TAKER_TEAM = 0
DEFENCE_TEAM = 1

#: A plain card's strength in its suit: the one 1 .. the King 14.
PLAIN_STRENGTH = {r: i + 1 for i, r in enumerate(TAROT_PLAIN_RANKS)}
_FACE_POINTS = {"K": 4.5, "Q": 3.5, "C": 2.5, "J": 1.5}
#: Each card's place in the deck order (``sort_cards``).
DECK_ORDER = {c: i for i, c in enumerate(TAROT_DECK)}
#: Each trump's number.
TRUMP_VALUE = {c: int(c.rank) for c in TAROT_DECK if c.suit is Suit.TRUMP}
_TRUMP = Suit.TRUMP


def is_trump(card: Card) -> bool:
    """Whether a card is one of the 21 numbered trumps (the Excuse is not a trump).

    >>> is_trump(Card.parse("T1")), is_trump(Card.parse("EXC")), is_trump(Card.parse("KH"))
    (True, False, False)
    """
    return card.suit is Suit.TRUMP


def is_bout(card: Card) -> bool:
    """Whether a card is a bout (oudler): the Petit, the 21 or the Excuse."""
    return card in BOUTS


def rank_value(card: Card) -> int:
    """A card's strength in its suit: 1 (the one) .. 14 (King); trumps 1..21; Excuse 0.

    >>> [rank_value(Card.parse(c)) for c in ("1H", "10H", "JH", "CH", "QH", "KH", "T21")]
    [1, 10, 11, 12, 13, 14, 21]
    """
    if card.suit is Suit.EXCUSE:
        return 0
    if card.suit is Suit.TRUMP:
        return int(card.rank)
    return PLAIN_STRENGTH[card.rank]


def check_card(card: object, what: str = "card") -> Card:
    """``card`` if it is a Tarot card, else ``InvalidStateError`` (``what`` names it)."""
    if not isinstance(card, Card) or card not in DECK_ORDER:
        name = card.label if isinstance(card, Card) else repr(card)
        raise InvalidStateError(f"{what} {name} is not a Tarot card")
    return card


def check_cards(cards: object, what: str, most: int) -> tuple[Card, ...]:
    """Tarot cards, each once, at most ``most`` of them (``what`` names them in the error)."""
    return check_cards_with(cards, what, most, check_card)


def card_points(card: Card) -> float:
    """A card's points: bouts and Kings 4.5, Queens 3.5, Knights 2.5, Jacks 1.5, else 0.5.

    >>> card_points(Card.parse("T21")), card_points(Card.parse("CS")), card_points(Card.parse("T7"))
    (4.5, 2.5, 0.5)
    >>> sum(card_points(c) for c in TAROT_DECK)
    91.0
    """
    check_card(card)
    if card in BOUTS:
        return 4.5
    if card.suit is Suit.TRUMP:
        return 0.5
    return _FACE_POINTS.get(card.rank, 0.5)


#: Each card's points (``card_points``), looked up in the engine's loops.
POINTS = {c: card_points(c) for c in TAROT_DECK}


def points_of(cards: Iterable[Card]) -> float:
    """The card points of several cards.

    >>> points_of(TAROT_DECK.parse_many("KH QH T1 2S"))
    13.0
    """
    return sum((card_points(c) for c in cards), 0.0)


def target_for(bouts: int) -> float:
    """The points the taker needs with ``bouts`` bouts: 56, 51, 41 or 36.

    >>> [target_for(n) for n in range(4)]
    [56.0, 51.0, 41.0, 36.0]
    """
    if not 0 <= bouts <= 3:
        raise InvalidStateError(f"a side holds 0 to 3 bouts, not {bouts}")
    return TARGETS[bouts]


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in deck order (spades, hearts, diamonds, clubs by rank, trumps, Excuse)."""
    try:
        return tuple(sorted(cards, key=DECK_ORDER.__getitem__))
    except KeyError:  # a card of another deck: last
        return tuple(sorted(cards, key=lambda c: DECK_ORDER.get(c, len(DECK_ORDER))))


def led_card(cards: Sequence[Card]) -> Card | None:
    """The card that sets the suit of a trick: the first that is not the Excuse.

    >>> led_card(TAROT_DECK.parse_many("EXC 7H T3"))
    Card.parse('7H')
    """
    for c in cards:
        if c != EXCUSE:
            return c
    return None


def _beats(card: Card, best: Card, led: Card) -> bool:
    """Whether ``card`` beats the current best card of a trick led by ``led``."""
    if card == EXCUSE:
        return False
    if is_trump(card):
        return not is_trump(best) or rank_value(card) > rank_value(best)
    if is_trump(best) or card.suit is not led.suit:
        return False
    return rank_value(card) > rank_value(best)


def trick_winner(cards: Sequence[Card], leader: Seat = 0, *, excuse_wins: bool = False) -> Seat:
    """The seat that wins a trick: the highest trump, else the highest card of the led suit.

    ``cards`` are in playing order from ``leader``. The Excuse never wins, except with
    ``excuse_wins`` (led to the last trick by a team that took the first 17).

    >>> trick_winner(TAROT_DECK.parse_many("7H KH T2 QH"), leader=1)
    3
    >>> trick_winner(TAROT_DECK.parse_many("EXC 5S 9S 2S"), leader=0)
    2
    >>> trick_winner(TAROT_DECK.parse_many("T5 T9 EXC T6"), leader=3)
    0
    """
    check_cards(cards, "trick", NUM_PLAYERS)
    check_seat(leader, "the leader")
    if excuse_wins and cards and cards[0] == EXCUSE:
        return leader
    led = led_card(cards)
    if led is None:
        raise InvalidStateError("a trick needs a card other than the Excuse")
    best_i = cards.index(led)
    for i, c in enumerate(cards):
        if i > best_i and _beats(c, cards[best_i], led):
            best_i = i
    return (leader + best_i) % NUM_PLAYERS


def winning_position(cards: Sequence[Card]) -> int:
    """The position of the winning card (``trick_winner``'s rule, on tables)."""
    best: Card | None = None
    pos = 0
    for i, c in enumerate(cards):
        if c is EXCUSE:
            continue  # the Excuse never wins (but in the exception, decided before)
        if best is None:
            best, pos = c, i
        elif c.suit is _TRUMP:
            if best.suit is not _TRUMP or TRUMP_VALUE[c] > TRUMP_VALUE[best]:
                best, pos = c, i
        elif c.suit is best.suit and PLAIN_STRENGTH[c.rank] > PLAIN_STRENGTH[best.rank]:
            best, pos = c, i
    if best is None:
        raise InvalidStateError("a trick needs a card other than the Excuse")
    return pos


def same_side(a: Seat, b: Seat, taker: Seat | None) -> bool:
    """Whether two seats play on the same side (both the taker, or both defenders); with
    no taker yet there are no sides."""
    return taker is not None and (a == taker) == (b == taker)


def check_seat(seat: Any, what: str) -> Seat:
    """``seat`` if it is a seat 0..3, else ``InvalidStateError`` naming ``what`` it is."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < NUM_PLAYERS:
        raise InvalidStateError(f"{what} must be a seat 0..3, not {seat!r}")
    return seat


def hand_order(state: GameState) -> tuple[Suit | None, Callable[[Card], int]]:
    """How a Tarot hand is sorted: the trumps last, by number, the Excuse among them at
    the end; plain suits from the 1 to the King."""

    def strength(card: Card) -> int:
        if card.suit is Suit.EXCUSE:
            return 99
        if card.suit is Suit.TRUMP:
            return int(card.rank)
        return TAROT_PLAIN_RANKS.index(card.rank)

    return Suit.TRUMP, strength
