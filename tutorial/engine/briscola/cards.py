"""Briscola's cards: rank order, card points, and who wins a trick (with the sentence why).

The deck has 40 cards, ``A 2 3 4 5 6 7 J Q K`` in four suits. A trump beats any plain
card (the higher trump beats the lower); without a trump the highest card of the led
suit wins; a card of another plain suit never wins. Points: A 11, 3 10, K 4, Q 3, J 2,
the rest 0; 120 in all.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from tutorial.engine.briscola.constants import PLAYER_COUNTS
from tutorial.engine.briscola.options import BriscolaOptions, get_ruleset
from tutorial.engine.cards import BRISCOLA_DECK, PLAIN_SUITS, Card, Suit, describe_cards, suit_word
from tutorial.engine.errors import InvalidStateError
from tutorial.engine.rule_options import Ruleset
from tutorial.language.i18n import t

#: Trick reasons (``TrickResult.reason``).
HIGHEST_TRUMP = "highest_trump"
HIGHEST_OF_LED_SUIT = "highest_of_led_suit"
LED_SUIT_UNCONTESTED = "led_suit_uncontested"
#: The most cards a trick holds: one per player at the largest table.
MAX_PLAYERS = max(PLAYER_COUNTS)


_ORDER_DEFAULT = ("A", "3", "K", "Q", "J", "7", "6", "5", "4", "2")  # high to low
_ORDER_SWAP = ("A", "3", "K", "J", "Q", "7", "6", "5", "4", "2")
_POINTS_DEFAULT = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}
_POINTS_SWAP = {"A": 11, "3": 10, "K": 4, "J": 3, "Q": 2}


@dataclass(frozen=True)
class CardRules:
    """The rank order, strength and points of every card under one set of options."""

    order: tuple[str, ...]  # ranks high to low
    strength: Mapping[Card, int]  # 9 for the highest rank .. 0 for the 2
    points: Mapping[Card, int]

    @property
    def order_text(self) -> str:
        """The ranks high to low, for a sentence: ``A 3 K Q J 7 6 5 4 2``."""
        return " ".join(self.order)


@cache
def rules_for(options: BriscolaOptions) -> CardRules:
    """The card rules of a set of options (made once per options)."""
    order = _ORDER_SWAP if options.jack_over_queen else _ORDER_DEFAULT
    pts = _POINTS_SWAP if options.jack_over_queen else _POINTS_DEFAULT
    strength = {c: len(order) - 1 - order.index(c.rank) for c in BRISCOLA_DECK}
    points = {c: pts.get(c.rank, 0) for c in BRISCOLA_DECK}
    return CardRules(order, strength, points)


def rules_of(ruleset: str | Ruleset) -> CardRules:
    """The card rules of a ruleset, by name or value."""
    opts = get_ruleset(ruleset).options
    assert isinstance(opts, BriscolaOptions)
    return rules_for(opts)


def rank_order(ruleset: str | Ruleset = "default") -> tuple[str, ...]:
    """The ranks of a suit from highest to lowest.

    >>> " ".join(rank_order())
    'A 3 K Q J 7 6 5 4 2'
    >>> " ".join(rank_order("queen-jack-swap"))
    'A 3 K J Q 7 6 5 4 2'
    """
    return rules_of(ruleset).order


def card_points(card: Card, ruleset: str | Ruleset = "default") -> int:
    """The card points of one card (A 11, 3 10, K 4, Q 3, J 2, others 0).

    >>> card_points(BRISCOLA_DECK.parse("AS")), card_points(BRISCOLA_DECK.parse("7S"))
    (11, 0)
    >>> queen = BRISCOLA_DECK.parse("QH")
    >>> card_points(queen), card_points(queen, "queen-jack-swap")
    (3, 2)
    """
    return rules_of(ruleset).points[check_card(card)]


def cards_points(cards: Iterable[Card], ruleset: str | Ruleset = "default") -> int:
    """The card points of several cards.

    >>> cards_points(BRISCOLA_DECK.parse_many("KH 3H"))
    14
    >>> cards_points(BRISCOLA_DECK)
    120
    """
    pts = rules_of(ruleset).points
    return sum(pts[check_card(c)] for c in cards)


def check_card(card: Card) -> Card:
    """The card itself if it is a Briscola card; otherwise ``InvalidStateError``."""
    if not isinstance(card, Card) or card not in BRISCOLA_DECK:
        name = card.label if isinstance(card, Card) else repr(card)
        raise InvalidStateError(f"{name} is not a Briscola card (ranks A 2 3 4 5 6 7 J Q K)")
    return card


class TrickJudgement(NamedTuple):
    """Who wins a trick and why: the winning position, a reason code and a sentence."""

    winner: int  # position in the trick (0 = the leader's card)
    reason: str
    explanation: str


def judge_trick(
    cards: Sequence[Card], trump_suit: Suit, ruleset: str | Ruleset = "default"
) -> TrickJudgement:
    """Judge a trick (cards in playing order): its winning position, reason and sentence.

    Raises:
        InvalidStateError: no card, more than four, a card twice, a card that is not a
            Briscola card, or a trump that is not a plain suit.
    """
    rules = rules_of(ruleset)
    if isinstance(cards, str) or not isinstance(cards, Sequence):
        raise InvalidStateError(f"a trick is a sequence of cards, not {cards!r}")
    if not cards:
        raise InvalidStateError("a trick needs at least one card")
    if len(cards) > MAX_PLAYERS:
        raise InvalidStateError(f"a trick holds at most {MAX_PLAYERS} cards, not {len(cards)}")
    for c in cards:
        check_card(c)
    if len(set(cards)) != len(cards):
        twice = next(c for c in cards if cards.count(c) > 1)
        raise InvalidStateError(f"{twice.label} is twice in the trick")
    if not isinstance(trump_suit, Suit) or trump_suit not in PLAIN_SUITS:
        raise InvalidStateError(
            f"the trump suit must be spades, hearts, diamonds or clubs, not {trump_suit!r}"
        )
    trumps = [i for i, c in enumerate(cards) if c.suit is trump_suit]
    if trumps:
        return _highest_trump_wins(cards, trumps, trump_suit, rules)
    return _highest_of_led_suit_wins(cards, rules)


def _highest_trump_wins(
    cards: Sequence[Card], trumps: list[int], trump_suit: Suit, rules: CardRules
) -> TrickJudgement:
    """Rule: a trump beats any plain card; the higher trump beats the lower."""
    strength = rules.strength
    w = max(trumps, key=lambda i: strength[cards[i]])
    wc = cards[w]
    other_trumps = [cards[i] for i in trumps if i != w]
    plain = [c for c in cards if c.suit is not trump_suit]
    if other_trumps:
        key = "briscola.trick.highest_trump_and_plain" if plain else "briscola.trick.highest_trump"
        text = t(
            key,
            card=wc.label,
            others=describe_cards(other_trumps),
            ranks=rules.order_text,
            plain=describe_cards(plain),
        )
    elif plain:
        text = t(
            "briscola.trick.trump_beats_plain",
            card=wc.label,
            symbol=trump_suit.symbol,
            suit=suit_word(trump_suit),
            plain=describe_cards(plain),
        )
    else:
        text = t("briscola.trick.only_card_trump", card=wc.label)
    return TrickJudgement(w, HIGHEST_TRUMP, text)


def _highest_of_led_suit_wins(cards: Sequence[Card], rules: CardRules) -> TrickJudgement:
    """Rule: no trump, so the highest card of the led suit wins; other suits never win."""
    strength = rules.strength
    led = cards[0].suit
    led_pos = [i for i, c in enumerate(cards) if c.suit is led]
    w = max(led_pos, key=lambda i: strength[cards[i]])
    wc = cards[w]
    off = [c for c in cards if c.suit is not led]
    if len(led_pos) > 1:
        others = [cards[i] for i in led_pos if i != w]
        if not off:
            key = "briscola.trick.highest_of_led_suit"
        elif len(off) == 1:
            key = "briscola.trick.highest_of_led_suit_off_one"
        else:
            key = "briscola.trick.highest_of_led_suit_off_many"
        text = t(
            key,
            card=wc.label,
            symbol=led.symbol,
            others=describe_cards(others),
            ranks=rules.order_text,
            off=describe_cards(off),
        )
        return TrickJudgement(w, HIGHEST_OF_LED_SUIT, text)
    if off:
        key = (
            "briscola.trick.uncontested_off_one"
            if len(off) == 1
            else "briscola.trick.uncontested_off_many"
        )
        text = t(key, card=wc.label, off=describe_cards(off), symbol=led.symbol)
    else:
        text = t("briscola.trick.only_card", card=wc.label)
    return TrickJudgement(w, LED_SUIT_UNCONTESTED, text)


def trick_winner(
    cards: Sequence[Card], trump_suit: Suit, ruleset: str | Ruleset = "default"
) -> int:
    """The position (0 = leader) of the card that wins a trick.

    The worked examples of seed 002, spades trump:

    >>> trick_winner(BRISCOLA_DECK.parse_many("KH 3H"), Suit.SPADES)
    1
    >>> trick_winner(BRISCOLA_DECK.parse_many("AD 2S"), Suit.SPADES)
    1
    >>> trick_winner(BRISCOLA_DECK.parse_many("5C AH"), Suit.SPADES)
    0
    """
    return judge_trick(cards, trump_suit, ruleset).winner
