"""Belote's cards: the seats and teams, rank orders, card points and who wins a trick.

Seats ``0..3`` are numbered in playing order; partners sit opposite, so team 0 is seats
0 and 2 and team 1 is seats 1 and 3 (score sides ``"team0"`` and ``"team1"``).

>>> card_points(Card.parse("9H"), Suit.HEARTS), card_points(Card.parse("9S"), Suit.HEARTS)
(14, 0)
>>> trick_winner(BELOTE_DECK.parse_many("7H 7S 10S AH"), Suit.SPADES)
2
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeAlias

from tutorial.engine.cards import BELOTE_DECK, PLAIN_SUITS, Card, Suit, check_cards_with
from tutorial.engine.errors import InvalidStateError, NotationError
from tutorial.engine.outcomes import Play, TrickResult
from tutorial.engine.seats import Seat, side_name
from tutorial.language.i18n import t

GAME = "belote"
NUM_PLAYERS = 4
NUM_TRICKS = 8
SIDES = ("team0", "team1")
TEAM_LABELS = ("team 0 (seats 0 and 2)", "team 1 (seats 1 and 3)")

#: Cards as given by a caller: a string of card codes, or cards and codes.
CardsLike: TypeAlias = str | Iterable[Card | str]

# --- Ranks and points (docs/rules.md §1.1) ---------------------------------------------

#: Rank order in the trump suit, lowest first: J > 9 > A > 10 > K > Q > 8 > 7.
TRUMP_ORDER = ("7", "8", "Q", "K", "10", "A", "9", "J")
#: Rank order in a plain suit, lowest first: A > 10 > K > Q > J > 9 > 8 > 7.
PLAIN_ORDER = ("7", "8", "9", "J", "Q", "K", "10", "A")
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
DIX_DE_DER = 10
CARD_POINTS_TOTAL = 152
HAND_POINTS_TOTAL = CARD_POINTS_TOTAL + DIX_DE_DER  # 162

TRUMP_RANK = {r: i for i, r in enumerate(TRUMP_ORDER)}
PLAIN_RANK = {r: i for i, r in enumerate(PLAIN_ORDER)}
_DECK_INDEX = {c: i for i, c in enumerate(BELOTE_DECK)}


def check_card(card: object, what: str = "card") -> Card:
    """``card`` if it is a Belote card, else ``InvalidStateError`` (``what`` names it)."""
    if not isinstance(card, Card) or card not in BELOTE_DECK:
        name = card.label if isinstance(card, Card) else repr(card)
        raise InvalidStateError(f"{what} {name} is not a Belote card (ranks 7 8 9 10 J Q K A)")
    return card


def check_cards(cards: object, what: str, most: int) -> tuple[Card, ...]:
    """Belote cards, each once, at most ``most`` of them (``what`` names them in the error)."""
    return check_cards_with(cards, what, most, check_card)


def check_trump(trump: object) -> Suit:
    """``trump`` if it is a plain suit (Belote's trump is one of the four), else an error."""
    if not isinstance(trump, Suit) or trump not in PLAIN_SUITS:
        raise InvalidStateError(
            f"the trump must be spades, hearts, diamonds or clubs, not {trump!r}"
        )
    return trump


def card_points(card: Card, trump: Suit) -> int:
    """The card points of ``card`` when ``trump`` is trump (trump J 20, 9 14; plain A 11).

    >>> card_points(Card.parse("JH"), Suit.HEARTS), card_points(Card.parse("JS"), Suit.HEARTS)
    (20, 2)
    >>> sum(card_points(c, Suit.CLUBS) for c in BELOTE_DECK)
    152
    """
    if card.__class__ is not Card or card not in _DECK_INDEX or trump not in PLAIN_SUITS:
        check_card(card)
        check_trump(trump)
    return (TRUMP_POINTS if card.suit is trump else PLAIN_POINTS)[card.rank]


def trick_points(cards: Iterable[Card], trump: Suit) -> int:
    """The card points in a trick (without the 10 of dix de der).

    >>> trick_points(BELOTE_DECK.parse_many("KD AD 7H QH"), Suit.HEARTS)
    18
    """
    return sum(card_points(c, trump) for c in cards)


def card_power(card: Card, trump: Suit, led: Suit) -> int:
    """How strongly ``card`` competes in a trick: trumps 8-15, the led suit 0-7, others -1.

    >>> card_power(Card.parse("7H"), Suit.HEARTS, Suit.SPADES) > card_power(
    ...     Card.parse("AS"), Suit.HEARTS, Suit.SPADES)
    True
    >>> card_power(Card.parse("AD"), Suit.HEARTS, Suit.SPADES)
    -1
    """
    if card.__class__ is not Card or card not in _DECK_INDEX:
        check_card(card)
    if card.suit is trump:
        return 8 + TRUMP_RANK[card.rank]
    if card.suit is led:
        return PLAIN_RANK[card.rank]
    return -1


def trick_winner(cards: Sequence[Card], trump: Suit, leader: Seat = 0) -> Seat:
    """The seat winning a trick: the highest trump, else the highest card of the led suit.

    ``cards`` are in playing order and ``leader`` is the seat that led them; with the
    default ``leader=0`` the answer is the winning card's position in the trick.

    >>> trick_winner(BELOTE_DECK.parse_many("7H 7S 10S AH"), Suit.SPADES)  # 000 section 10
    2
    >>> trick_winner(BELOTE_DECK.parse_many("7H 10H KH AH"), Suit.SPADES, leader=1)
    0
    """
    if not cards:
        raise InvalidStateError("an empty trick has no winner")
    check_cards(cards, "trick", NUM_PLAYERS)
    check_trump(trump)
    check_seat(leader, "leader")
    return (leader + winning_position(cards, trump)) % NUM_PLAYERS


def winning_position(cards: Sequence[Card], trump: Suit) -> int:
    """The position of the winning card: ``card_power``'s order, on its tables."""
    best = 0
    top = cards[0]
    for i in range(1, len(cards)):
        c = cards[i]
        if c.suit is trump:
            if top.suit is not trump or TRUMP_RANK[c.rank] > TRUMP_RANK[top.rank]:
                best, top = i, c
        elif c.suit is top.suit and PLAIN_RANK[c.rank] > PLAIN_RANK[top.rank]:
            best, top = i, c  # the led suit (a card of another plain suit never wins)
    return best


def trump_beats(a: Card, b: Card) -> bool:
    """Whether trump ``a`` ranks above trump ``b``."""
    return TRUMP_RANK[a.rank] > TRUMP_RANK[b.rank]


def trick_result(index: int, plays: tuple[Play, ...], trump: Suit) -> TrickResult:
    """A finished trick: its winner, its card points and why it won (said when read)."""
    cards = [p.card for p in plays]
    pos = winning_position(cards, trump)
    best = cards[pos]
    if best.suit is trump:
        reason = "highest_trump"
        key = "belote.trick.highest_trump"
    else:
        reason = "highest_of_led_suit"
        key = "belote.trick.highest_of_led_suit"
    return TrickResult.deferred(
        index,
        plays,
        plays[pos].seat,
        trick_points(cards, trump),
        reason,
        lambda: t(key, card=best.label),
    )


# --- Seats and teams ------------------------------------------------------------------


def team_of(seat: Seat) -> int:
    """The team of a seat: partners sit opposite (team 0 = seats 0 and 2).

    >>> team_of(0), team_of(1), team_of(2), team_of(3)
    (0, 1, 0, 1)
    """
    check_seat(seat)
    return seat % 2


def check_seat(seat: object, what: str = "seat") -> None:
    """Refuse anything but a seat 0 to 3 (``what`` names it in the error)."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < NUM_PLAYERS:
        raise InvalidStateError(f"unknown {what} {seat!r}: the seats are 0, 1, 2 and 3")


def team_label(team: int) -> str:
    """A team by its seats' names: ``You & Partner`` (``seat 0 & seat 2`` when unnamed)."""
    return side_name((team, team + 2))


# --- Reading and sorting cards --------------------------------------------------------


def parse_cards(cards: CardsLike) -> tuple[Card, ...]:
    """Belote cards from codes or cards, in the order given.

    Raises:
        NotationError: a code that is no card, or a card outside the Belote deck.
    """
    if isinstance(cards, str):
        return BELOTE_DECK.parse_many(cards)
    out = []
    for c in cards:
        if isinstance(c, Card):
            if c not in BELOTE_DECK:
                raise NotationError(f"{c.code!r} is not a Belote card (ranks 7 8 9 10 J Q K A)")
            out.append(c)
        else:
            out.append(BELOTE_DECK.parse(str(c)))
    return tuple(out)


def in_deck_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards sorted as the deck lists them (suit by suit, 7 to A)."""
    return tuple(sorted(cards, key=_DECK_INDEX.__getitem__))
