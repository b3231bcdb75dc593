"""Cards and the three decks, with the short notation teachers type.

Notation: rank then suit letter. Suits ``S H D C`` (spades, hearts, diamonds, clubs).
French ranks ``7 8 9 10 J Q K A`` (``T`` is accepted for 10); Tarot adds ``1``-``6``
and ``C`` (the Knight, *cavalier*; ``N`` accepted), its trumps are ``T1``-``T21`` and
the Excuse is ``EXC``; Italian (Briscola) ranks ``A 2 3 4 5 6 7 J Q K``.
French Tarot letters are accepted as aliases: ``V`` (valet) = J, ``D`` (dame) = Q,
``R`` (roi) = K.

Rank order and points are not properties of a card: they belong to each game.

>>> Card.parse("JH")
Card.parse('JH')
>>> Card.parse("10s").label
'10♠'
>>> BELOTE_DECK.parse("QX")
Traceback (most recent call last):
...
tutorial.engine.errors.NotationError: 'QX' is not a Belote card (ranks 7 8 9 10 J Q K A, suits S H D C)
>>> TAROT_DECK.parse("t21"), TAROT_DECK.parse("EXC")
(Card.parse('T21'), Card.parse('EXC'))
>>> len(BELOTE_DECK), len(TAROT_DECK), len(BRISCOLA_DECK)
(32, 78, 40)
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from tutorial.engine.errors import InvalidStateError, NotationError
from tutorial.language.i18n import t


class Suit(enum.Enum):
    """A suit. ``TRUMP`` holds the Tarot trumps; ``EXCUSE`` holds only the Excuse."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"
    TRUMP = "T"
    EXCUSE = "E"

    # Members are singletons compared by identity: hash them by identity too (C-level,
    # much cheaper than Enum's hash of the name, and cards hash their suit).
    __hash__ = object.__hash__

    @property
    def symbol(self) -> str:
        """The suit's symbol for display (``♠ ♥ ♦ ♣``; Tarot trumps ``T``)."""
        return _SYMBOLS[self]

    @property
    def english(self) -> str:
        """The suit's English name, for screen readers and sentences."""
        return _NAMES[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red in the two-colour deck."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


PLAIN_SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

_SYMBOLS = {
    Suit.SPADES: "♠",
    Suit.HEARTS: "♥",
    Suit.DIAMONDS: "♦",
    Suit.CLUBS: "♣",
    Suit.TRUMP: "T",
    Suit.EXCUSE: "",
}
_NAMES = {
    Suit.SPADES: "spades",
    Suit.HEARTS: "hearts",
    Suit.DIAMONDS: "diamonds",
    Suit.CLUBS: "clubs",
    Suit.TRUMP: "trumps",
    Suit.EXCUSE: "excuse",
}
_RANK_NAMES = {
    "A": "ace",
    "K": "king",
    "Q": "queen",
    "J": "jack",
    "C": "knight",
    "10": "ten",
    "9": "nine",
    "8": "eight",
    "7": "seven",
    "6": "six",
    "5": "five",
    "4": "four",
    "3": "three",
    "2": "two",
    "1": "one",
}
_RANK_ALIASES = {"T": "10", "V": "J", "D": "Q", "R": "K", "N": "C"}


@dataclass(frozen=True, slots=True, order=False, eq=False, init=False)
class Card:
    """A card: a suit and a rank token (``'10'``, ``'J'``, ``'21'`` for trump 21...).

    Cards are values: equal when suit and rank are equal, hashable, and their
    ``repr`` pastes back in. There is one object per card (``Card(suit, rank)`` returns
    it), so equality and hashing are those of identity: the rules engine compares and
    hashes cards in every step, and identity is what the C runtime does fastest.
    Copies and pickles come back as the same object.
    """

    suit: Suit
    rank: str

    def __new__(cls, suit: Suit, rank: str) -> Card:
        """The one card of ``suit`` and ``rank``."""
        card = _INTERNED.get((suit, rank))
        if card is None:
            card = object.__new__(cls)
            object.__setattr__(card, "suit", suit)
            object.__setattr__(card, "rank", rank)
            _INTERNED[(suit, rank)] = card
        return card

    def __reduce__(self) -> tuple[type[Card], tuple[Suit, str]]:
        return (Card, (self.suit, self.rank))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @staticmethod
    def parse(text: str) -> Card:
        """Parse any card of the three decks from its notation (case-insensitive).

        Raises:
            NotationError: the text is not a card of any deck.
        """
        card = _parse_any(text)
        if card is None:
            raise NotationError(
                f"{text!r} is not a card: write rank then suit, e.g. JH, 10S, AC, "
                "T21 (Tarot trump 21) or EXC (the Excuse)"
            )
        return card

    @property
    def code(self) -> str:
        """The notation of this card, e.g. ``10S``, ``T21``, ``EXC``."""
        if self.suit is Suit.EXCUSE:
            return "EXC"
        if self.suit is Suit.TRUMP:
            return "T" + self.rank
        return self.rank + str(self.suit.value)

    @property
    def label(self) -> str:
        """A short display label with the suit symbol, e.g. ``10♠``, ``T21``, ``Excuse``."""
        if self.suit is Suit.EXCUSE:
            return t("common.cards.excuse")  # a word: in the session's language
        if self.suit is Suit.TRUMP:
            return "T" + self.rank
        return self.rank + self.suit.symbol

    @property
    def spoken(self) -> str:
        """Words for a screen reader, e.g. ``ten of spades``, ``trump 21``."""
        if self.suit is Suit.EXCUSE:
            return "the Excuse"
        if self.suit is Suit.TRUMP:
            return "trump " + self.rank
        return f"{_RANK_NAMES.get(self.rank, self.rank)} of {self.suit.english}"

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    def __str__(self) -> str:
        return self.label


def _parse_any(text: str) -> Card | None:
    if not isinstance(text, str):
        return None
    t = text.strip().upper()
    if t in ("EXC", "EXCUSE", "EX"):
        return Card(Suit.EXCUSE, "0")
    # ASCII digits only: "²" and other Unicode digits pass isdigit() but not int().
    if len(t) >= 2 and t[0] == "T" and t[1:].isascii() and t[1:].isdigit():
        n = int(t[1:])
        if 1 <= n <= 21:
            return Card(Suit.TRUMP, str(n))
        return None
    if len(t) < 2:
        return None
    # Accept a suit symbol as well as a letter.
    suit_char = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}.get(t[-1], t[-1])
    rank = _RANK_ALIASES.get(t[:-1], t[:-1])
    try:
        suit = Suit(suit_char)
    except ValueError:
        return None
    if suit not in PLAIN_SUITS:
        return None
    if rank not in _ALL_PLAIN_RANKS:
        return None
    return Card(suit, rank)


#: The one object of each card, by (suit, rank).
_INTERNED: dict[tuple[Suit, str], Card] = {}

_ALL_PLAIN_RANKS = frozenset(
    ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K", "A"]
)


class Deck(Sequence[Card]):
    """An ordered deck: a fixed list of distinct cards, each with an index 0..n-1.

    The index is the card's bit in the engine's compact bitmask representation.
    """

    def __init__(self, name: str, cards: Iterable[Card], ranks_hint: str, suits_hint: str):
        self.name = name
        self._cards: tuple[Card, ...] = tuple(cards)
        self._index = {c: i for i, c in enumerate(self._cards)}
        self._hint = f"ranks {ranks_hint}, suits {suits_hint}"
        if len(self._index) != len(self._cards):
            raise ValueError(f"deck {name} has a duplicate card")

    def __len__(self) -> int:
        return len(self._cards)

    def __getitem__(self, i: int) -> Card:  # type: ignore[override]
        return self._cards[i]

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards)

    def __contains__(self, card: object) -> bool:
        return card in self._index

    def index(self, card: Card, start: int = 0, stop: int | None = None) -> int:
        """The card's position in this deck (its bit in a bitmask)."""
        try:
            return self._index[card]
        except KeyError:
            raise NotationError(f"{card.code!r} is not a {self.name} card ({self._hint})") from None

    def parse(self, text: str) -> Card:
        """Parse one card of this deck.

        Raises:
            NotationError: naming the text and the valid ranks and suits of this deck.
        """
        card = _parse_any(text)
        if card is None or card not in self._index:
            raise NotationError(f"{text!r} is not a {self.name} card ({self._hint})")
        return card

    def parse_many(self, text: str | Iterable[str]) -> tuple[Card, ...]:
        """Parse several cards, given as a space/comma separated string or a list."""
        items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
        return tuple(self.parse(str(t)) for t in items)

    def mask(self, cards: Iterable[Card]) -> int:
        """The bitmask of a set of cards (bit ``index(card)`` set for each)."""
        m = 0
        for c in cards:
            m |= 1 << self._index[c]
        return m

    def cards_of(self, mask: int) -> tuple[Card, ...]:
        """The cards whose bits are set in ``mask``, in deck order."""
        out = []
        i = 0
        while mask:
            if mask & 1:
                out.append(self._cards[i])
            mask >>= 1
            i += 1
        return tuple(out)

    def __repr__(self) -> str:
        return f"<Deck {self.name}: {len(self)} cards>"


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as display labels separated by spaces, e.g. ``'♥9 ♥8'``-style labels."""
    return " ".join(c.label for c in cards)


def describe_cards(cards: Sequence[Card]) -> str:
    """Cards for a sentence: ``♥9``, ``♥9 and ♥8``, ``♥9, ♥8 and ♥7``."""
    labels = [c.label for c in cards]
    if not labels:
        return t("common.cards.none")
    if len(labels) == 1:
        return labels[0]
    return t(
        "common.cards.list", rest=t("common.cards.separator").join(labels[:-1]), last=labels[-1]
    )


#: The message keys of the suits' names.
SUIT_KEYS = {
    Suit.SPADES: "common.suit.spades",
    Suit.HEARTS: "common.suit.hearts",
    Suit.DIAMONDS: "common.suit.diamonds",
    Suit.CLUBS: "common.suit.clubs",
    Suit.TRUMP: "common.suit.trumps",
    Suit.EXCUSE: "common.suit.excuse",
}


def suit_word(suit: Suit) -> str:
    """A suit's name in the language of the moment ("hearts", "紅心")."""
    return t(SUIT_KEYS[suit])


BELOTE_RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
TAROT_PLAIN_RANKS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K")
ITALIAN_RANKS = ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")

BELOTE_DECK = Deck(
    "Belote",
    (Card(s, r) for s in PLAIN_SUITS for r in BELOTE_RANKS),
    " ".join(BELOTE_RANKS),
    "S H D C",
)
TAROT_DECK = Deck(
    "Tarot",
    [Card(s, r) for s in PLAIN_SUITS for r in TAROT_PLAIN_RANKS]
    + [Card(Suit.TRUMP, str(n)) for n in range(1, 22)]
    + [Card(Suit.EXCUSE, "0")],
    " ".join(TAROT_PLAIN_RANKS) + " (C = knight), trumps T1-T21, EXC",
    "S H D C",
)
BRISCOLA_DECK = Deck(
    "Briscola",
    (Card(s, r) for s in PLAIN_SUITS for r in ITALIAN_RANKS),
    " ".join(ITALIAN_RANKS),
    "S H D C",
)

EXCUSE = Card(Suit.EXCUSE, "0")
PETIT = Card(Suit.TRUMP, "1")
TRUMP_21 = Card(Suit.TRUMP, "21")


def check_cards_with(
    cards: object, what: str, most: int, check_card: Callable[[object, str], Card]
) -> tuple[Card, ...]:
    """``cards`` as a tuple if it is a sequence of at most ``most`` cards, each passing the
    game's ``check_card`` and each there once, else ``InvalidStateError`` naming ``what``."""
    if isinstance(cards, str) or not isinstance(cards, Sequence):
        raise InvalidStateError(f"the {what} must be a sequence of cards, not {cards!r}")
    if len(cards) > most:
        raise InvalidStateError(f"the {what} holds at most {most} cards, not {len(cards)}")
    for c in cards:
        check_card(c, f"in the {what},")
    if len(set(cards)) != len(cards):
        twice = next(c for c in cards if cards.count(c) > 1)
        raise InvalidStateError(f"{twice.label} is twice in the {what}")
    return tuple(cards)
