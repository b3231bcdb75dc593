"""Briscola, 2 and 4 players (seed 002; RULES.md section 3).

The deck has 40 cards, ``A 2 3 4 5 6 7 J Q K`` in four suits. Each player holds three
cards; the card turned face up under the stock names trump for the whole deal. There is
**no obligation** to follow suit, to trump or to beat: every card in hand may be played.
A trump beats any plain card (the higher trump beats the lower); without a trump the
highest card of the led suit wins; a card of another plain suit never wins. The winner
draws first, then the others in playing order; the last draw of the deal takes the
face-up trump card. Points: A 11, 3 10, K 4, Q 3, J 2, the rest 0; 120 in all; 61 or
more wins, 60-60 is a draw. Four players play as partners sitting opposite (seats 0 and
2 against 1 and 3) and pool their points.

Seats are numbered in playing order. Sides are named ``"A"`` (seat 0, or seats 0 and 2)
and ``"B"`` (seat 1, or seats 1 and 3); ``team_of(seat)`` is their index.

Decisions where the seed is silent:

- The deal gives one card at a time, starting with the seat after the dealer, three
  rounds; the next card is turned face up and the rest, top first, is the stock.
- ``jack_over_queen``: 002 notes, from Pagat, players who "swap the roles of Q and J"
  when French cards stand in for Italian ones. In 002's table a card's role is its place
  in the rank order and its points together (the Italian knight, then the jack), so the
  swap moves both: the Jack ranks just below the King and scores 3, the Queen ranks
  below the Jack and scores 2 (A 3 K J Q 7 6 5 4 2). Totals stay 120.
- ``TrickResult.index`` counts tricks from 0 over the whole deal (trick 18 has index 17),
  also when a scenario starts late and the earlier tricks are not listed.
- A scenario that leaves earlier tricks unlisted must say who leads its first listed
  (or current) trick, with ``leader=``; otherwise the seat after the dealer leads.
  ``carried_points`` stand for exactly the cards listed nowhere (they must add up to
  those cards' value), ``captured`` cards are extra, known piles; draws made before a
  ``start_play`` position are not recorded (the cards drawn are in the hands).
- The card points of every trick are public (everyone saw the cards), and so is the seat
  that drew the face-up trump card, until it plays it; other draws are seen only by the
  drawer. Partners (4 players) see nothing of each other's hands.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, NamedTuple

from tutorial.engine.briscola import fast
from tutorial.engine.cards import BRISCOLA_DECK, PLAIN_SUITS, Card, Suit
from tutorial.engine.core import (
    HAND_OVER,
    NOT_IN_HAND,
    NOT_YOUR_TURN,
    HandOutcome,
    Observation,
    Play,
    Ruleset,
    ScoreLine,
    Seat,
    TrickResult,
    Verdict,
    describe_cards,
    option,
    play_of,
    register_ruleset,
    resolve_ruleset,
    seat_name,
    seat_possessive,
    side_name,
)
from tutorial.engine.errors import (
    IllegalActionError,
    IllegalPlayError,
    InvalidStateError,
)
from tutorial.engine.games import register_game
from tutorial.language.i18n import t

GAME = "briscola"
#: Side names: ``"A"`` is seat 0 (and 2), ``"B"`` is seat 1 (and 3).
SIDES: tuple[str, str] = ("A", "B")
#: 61 card points or more win the hand; 60-60 is a draw.
TARGET = 61
TOTAL_POINTS = 120
HAND_SIZE = 3
PLAYER_COUNTS = (2, 4)
_DECK_SIZE = len(BRISCOLA_DECK)

#: Trick reasons (``TrickResult.reason``).
HIGHEST_TRUMP = "highest_trump"
HIGHEST_OF_LED_SUIT = "highest_of_led_suit"
LED_SUIT_UNCONTESTED = "led_suit_uncontested"
#: Game-specific refusal: the action is not a card (Briscola has no other action).
NOT_A_CARD = "not_a_card"

RULE_FREE_PLAY = "Briscola: free play"
RULE_TURN = "Briscola: turn order"
RULE_HAND = "Briscola: play from your hand"
RULE_END = "Briscola: end of the hand"

PHASE_PLAY = "play"
PHASE_DONE = "done"

#: Message keys chosen by value (the rest are written where they are used).
_SUIT_KEYS = {
    Suit.SPADES: "common.suit.spades",
    Suit.HEARTS: "common.suit.hearts",
    Suit.DIAMONDS: "common.suit.diamonds",
    Suit.CLUBS: "common.suit.clubs",
    Suit.TRUMP: "common.suit.trumps",
    Suit.EXCUSE: "common.suit.excuse",
}
#: "1 trick won" / "3 tricks won", by ``count == 1``; with points from unlisted tricks.
_TRICKS_WON_KEYS = {True: "briscola.note.tricks_won_one", False: "briscola.note.tricks_won_many"}
_TRICKS_WON_BEFORE_KEYS = {
    True: "briscola.note.tricks_won_one_before",
    False: "briscola.note.tricks_won_many_before",
}


# --- Rule options and presets ---------------------------------------------------------


@dataclass(frozen=True)
class BriscolaOptions:
    """The rule options of Briscola (seed 002)."""

    jack_over_queen: bool = option(
        False,
        "Q/J swap noted by seed 002: the Jack ranks above the Queen and scores 3, "
        "the Queen scores 2 (A 3 K J Q 7 6 5 4 2).",
        (False, True),
    )


DEFAULT = register_ruleset(
    GAME,
    "default",
    BriscolaOptions(),
    "Pagat's Briscola as seed 002 teaches it: A 3 K Q J 7 6 5 4 2; K 4, Q 3, J 2.",
    aliases=("pagat", "seed-002"),
)
QUEEN_JACK_SWAP = register_ruleset(
    GAME,
    "queen-jack-swap",
    BriscolaOptions(jack_over_queen=True),
    "The Q/J swap noted by seed 002: A 3 K J Q 7 6 5 4 2; K 4, J 3, Q 2.",
    aliases=("jack-over-queen",),
)
#: Every named preset, default first.
PRESETS: tuple[Ruleset, ...] = (DEFAULT, QUEEN_JACK_SWAP)


def get_ruleset(ruleset: str | Ruleset = "default", **overrides: Any) -> Ruleset:
    """A Briscola ruleset by name or alias (case-insensitive), with option overrides."""
    return resolve_ruleset(GAME, ruleset, BriscolaOptions, **overrides)


# --- Rank and points -----------------------------------------------------------------

_ORDER_DEFAULT = ("A", "3", "K", "Q", "J", "7", "6", "5", "4", "2")  # high to low
_ORDER_SWAP = ("A", "3", "K", "J", "Q", "7", "6", "5", "4", "2")
_POINTS_DEFAULT = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}
_POINTS_SWAP = {"A": 11, "3": 10, "K": 4, "J": 3, "Q": 2}


@dataclass(frozen=True)
class _Rules:
    order: tuple[str, ...]  # ranks high to low
    strength: Mapping[Card, int]  # 9 for the highest rank .. 0 for the 2
    points: Mapping[Card, int]

    @property
    def order_text(self) -> str:
        return " ".join(self.order)


@cache
def _rules_for(options: BriscolaOptions) -> _Rules:
    order = _ORDER_SWAP if options.jack_over_queen else _ORDER_DEFAULT
    pts = _POINTS_SWAP if options.jack_over_queen else _POINTS_DEFAULT
    strength = {c: len(order) - 1 - order.index(c.rank) for c in BRISCOLA_DECK}
    points = {c: pts.get(c.rank, 0) for c in BRISCOLA_DECK}
    return _Rules(order, strength, points)


def _rules(ruleset: str | Ruleset) -> _Rules:
    opts = get_ruleset(ruleset).options
    assert isinstance(opts, BriscolaOptions)
    return _rules_for(opts)


def rank_order(ruleset: str | Ruleset = "default") -> tuple[str, ...]:
    """The ranks of a suit from highest to lowest.

    >>> " ".join(rank_order())
    'A 3 K Q J 7 6 5 4 2'
    >>> " ".join(rank_order("queen-jack-swap"))
    'A 3 K J Q 7 6 5 4 2'
    """
    return _rules(ruleset).order


def card_points(card: Card, ruleset: str | Ruleset = "default") -> int:
    """The card points of one card (A 11, 3 10, K 4, Q 3, J 2, others 0).

    >>> card_points(BRISCOLA_DECK.parse("AS")), card_points(BRISCOLA_DECK.parse("7S"))
    (11, 0)
    >>> queen = BRISCOLA_DECK.parse("QH")
    >>> card_points(queen), card_points(queen, "queen-jack-swap")
    (3, 2)
    """
    return _rules(ruleset).points[_check_card(card)]


def cards_points(cards: Iterable[Card], ruleset: str | Ruleset = "default") -> int:
    """The card points of several cards.

    >>> cards_points(BRISCOLA_DECK.parse_many("KH 3H"))
    14
    >>> cards_points(BRISCOLA_DECK)
    120
    """
    pts = _rules(ruleset).points
    return sum(pts[_check_card(c)] for c in cards)


def _check_card(card: Card) -> Card:
    if card not in BRISCOLA_DECK:
        raise InvalidStateError(f"{card.label} is not a Briscola card (ranks A 2 3 4 5 6 7 J Q K)")
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
        InvalidStateError: no card, or a card that is not a Briscola card.
    """
    rules = _rules(ruleset)
    if not cards:
        raise InvalidStateError("a trick needs at least one card")
    for c in cards:
        _check_card(c)
    strength = rules.strength
    trumps = [i for i, c in enumerate(cards) if c.suit is trump_suit]
    if trumps:
        # Rule: a trump beats any plain card; the higher trump beats the lower.
        w = max(trumps, key=lambda i: strength[cards[i]])
        wc = cards[w]
        other_trumps = [cards[i] for i in trumps if i != w]
        plain = [c for c in cards if c.suit is not trump_suit]
        if other_trumps:
            key = (
                "briscola.trick.highest_trump_and_plain"
                if plain
                else "briscola.trick.highest_trump"
            )
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
                suit=t(_SUIT_KEYS[trump_suit]),
                plain=describe_cards(plain),
            )
        else:
            text = t("briscola.trick.only_card_trump", card=wc.label)
        return TrickJudgement(w, HIGHEST_TRUMP, text)
    # Rule: no trump, so the highest card of the led suit wins; other suits never win.
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


# --- Draws and the state -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Draw:
    """One card drawn after a trick: by whom, and whether it was the face-up trump card.

    ``card`` is ``None`` in an observation when the observer may not see it.
    """

    after_trick: int  # TrickResult.index of the trick just finished
    seat: Seat
    card: Card | None
    face_up: bool


#: Draws are values: one object per (trick, seat, card, face up), made once.
_DRAWS: dict[tuple[int, Seat, Card, bool], Draw] = {}


def _draw(after_trick: int, seat: Seat, card: Card, face_up: bool) -> Draw:
    """``Draw(after_trick, seat, card, face_up)``, the same object every time."""
    key = (after_trick, seat, card, face_up)
    draw = _DRAWS.get(key)
    if draw is None:
        draw = _DRAWS[key] = Draw(after_trick, seat, card, face_up)
    return draw


def _side_label(side: int, n: int) -> str:
    """A side by its seats' names: ``You``, or ``You & Partner`` with four players."""
    return side_name((side,) if n == 2 else (side, side + 2))


@dataclass(frozen=True)
class BriscolaState:
    """A Briscola position: immutable; ``apply`` returns the next one.

    Build one with ``new_hand`` or ``start_play``; the fields are the whole position.
    """

    ruleset: Ruleset
    num_players: int
    dealer: Seat
    trump_card: Card
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]  # face-down, top first
    trump_card_taken: bool
    tricks: tuple[TrickResult, ...]
    current_trick: tuple[Play, ...]
    leader: Seat  # of the current trick (the last trick's winner when the hand is over)
    first_trick_index: int = 0  # TrickResult.index of tricks[0]; earlier ones not listed
    captured: tuple[tuple[Card, ...], ...] = ((), ())  # per side, without a trick history
    carried_points: tuple[int, int] = (0, 0)  # per side, for cards not listed anywhere
    draws: tuple[Draw, ...] = ()

    # -- the contract ------------------------------------------------------------------

    @property
    def game(self) -> str:
        """Always ``"briscola"``."""
        return GAME

    @property
    def trump_suit(self) -> Suit:
        """The trump suit for the whole deal (the suit of the face-up card)."""
        return self.trump_card.suit

    @property
    def total_tricks(self) -> int:
        """Tricks in a deal: 20 with 2 players, 10 with 4."""
        return _DECK_SIZE // self.num_players

    @property
    def trick_number(self) -> int:
        """The 1-based number of the trick being played (total + 1 once over)."""
        return self.first_trick_index + len(self.tricks) + 1

    @property
    def is_terminal(self) -> bool:
        """Whether every trick has been played."""
        return self.first_trick_index + len(self.tricks) >= _DECK_SIZE // self.num_players

    @property
    def phase(self) -> str:
        """``"play"`` until the last trick is taken, then ``"done"``."""
        return PHASE_DONE if self.is_terminal else PHASE_PLAY

    @property
    def to_move(self) -> Seat | None:
        """The seat that plays next, ``None`` when the hand is over."""
        n = self.num_players
        if self.first_trick_index + len(self.tricks) >= _DECK_SIZE // n:
            return None
        return (self.leader + len(self.current_trick)) % n

    @property
    def cards_to_draw(self) -> int:
        """Cards still to be drawn: the face-down stock plus the face-up card if there."""
        return len(self.stock) + (0 if self.trump_card_taken else 1)

    @property
    def trump_card_holder(self) -> Seat | None:
        """The seat known to hold the face-up trump card after drawing it, if any."""
        if not self.trump_card_taken:
            return None
        for seat, hand in enumerate(self.hands):
            if self.trump_card in hand:
                return seat
        return None

    @property
    def points(self) -> dict[str, int]:
        """Card points won so far by each side (carried, captured and tricks)."""
        rules = _rules(self.ruleset)
        out = [
            self.carried_points[i] + sum(rules.points[c] for c in self.captured[i]) for i in (0, 1)
        ]
        for trick in self.tricks:
            out[self.team_of(trick.winner)] += int(trick.points)
        return {SIDES[0]: out[0], SIDES[1]: out[1]}

    def team_of(self, seat: Seat) -> int:
        """The side index of a seat: 0 (side A: seats 0, 2) or 1 (side B: seats 1, 3)."""
        if not 0 <= seat < self.num_players:
            raise InvalidStateError(f"there is no seat {seat} with {self.num_players} players")
        return seat % 2

    def side_of(self, seat: Seat) -> str:
        """The side name of a seat, ``"A"`` or ``"B"``."""
        return SIDES[self.team_of(seat)]

    def legal_plays(self) -> list[Card]:
        """Every card in the hand of the seat to move (no obligation in Briscola)."""
        n = self.num_players
        if self.first_trick_index + len(self.tricks) >= _DECK_SIZE // n:
            return []  # the hand is over
        # Rule: no obligation to follow suit, trump or beat: any card in hand.
        return list(self.hands[(self.leader + len(self.current_trick)) % n])

    def legal_actions(self) -> list[Any]:
        """The legal actions: the cards of ``legal_plays()``."""
        n = self.num_players
        if self.first_trick_index + len(self.tricks) >= _DECK_SIZE // n:
            return []  # the hand is over
        return list(self.hands[(self.leader + len(self.current_trick)) % n])

    def explain(self, action: Any) -> Verdict:
        """Whether the seat to move may play ``action`` (a card, ``Play`` or notation), and why."""
        seat = self.to_move
        if seat is None:
            return Verdict.refuse(
                HAND_OVER, t("briscola.refuse.hand_over", tricks=self.total_tricks), rule=RULE_END
            )
        played_by: Seat | None = None
        if isinstance(action, Play):
            played_by, action = action.seat, action.card
        if isinstance(action, str):
            action = BRISCOLA_DECK.parse(action)
        if not isinstance(action, Card):
            return Verdict.refuse(
                NOT_A_CARD, t("briscola.refuse.not_a_card", action=repr(action)), rule=RULE_HAND
            )
        card = action
        if card not in BRISCOLA_DECK:
            return Verdict.refuse(
                NOT_IN_HAND,
                t("briscola.refuse.not_in_deck", card=card.label),
                (card,),
                RULE_HAND,
            )
        if played_by is not None and played_by != seat:
            # Rule: play goes in turn from the trick's leader.
            return Verdict.refuse(
                NOT_YOUR_TURN,
                t(
                    "briscola.refuse.not_your_turn",
                    seat=seat_name(played_by, start=True),
                    card=card.label,
                    turn=seat_possessive(seat),
                    leader=seat_name(self.leader),
                ),
                (card,),
                RULE_TURN,
            )
        hand = self.hands[seat]
        if card not in hand:
            return Verdict.refuse(
                NOT_IN_HAND, self._not_in_hand_message(seat, card), (card,), RULE_HAND
            )
        return Verdict.ok(t("briscola.ok.card", card=card.label), RULE_FREE_PLAY)

    def _not_in_hand_message(self, seat: Seat, card: Card) -> str:
        hand = describe_cards(self.hands[seat])
        for trick in self.tricks:
            if card in trick.cards:
                return t("briscola.refuse.played_before", card=card.label, trick=trick.index + 1)
        if any(p.card == card for p in self.current_trick):
            return t("briscola.refuse.in_current_trick", card=card.label)
        if card == self.trump_card:
            holder = self.trump_card_holder
            if not self.trump_card_taken:
                return t("briscola.refuse.face_up_trump", card=card.label, hand=hand)
            if holder is not None:
                return t(
                    "briscola.refuse.face_up_trump_drawn",
                    card=card.label,
                    seat=seat_name(holder),
                    hand=hand,
                )
        return t("briscola.refuse.not_in_hand", card=card.label, hand=hand)

    def apply(self, action: Any) -> BriscolaState:
        """The state after the seat to move plays ``action``.

        Raises:
            IllegalPlayError: a card that may not be played now (with its ``Verdict``).
            IllegalActionError: an action that is not a card.
        """
        # The common case first, without building a verdict: a card of the mover's hand.
        kind = action.__class__
        card = action if kind is Card else (action.card if kind is Play else None)
        n = self.num_players
        if card is not None and self.first_trick_index + len(self.tricks) < _DECK_SIZE // n:
            seat = (self.leader + len(self.current_trick)) % n
            hand = self.hands[seat]
            if card in hand and (kind is Card or action.seat == seat):
                return self._play(seat, hand, card)
        verdict = self.explain(action)
        if not verdict.legal:
            if verdict.code == NOT_A_CARD:
                raise IllegalActionError(verdict)
            raise IllegalPlayError(verdict)
        card = action.card if isinstance(action, Play) else action
        if isinstance(card, str):
            card = BRISCOLA_DECK.parse(card)
        mover = self.to_move
        assert mover is not None and isinstance(card, Card)
        return self._play(mover, self.hands[mover], card)

    def _play(self, seat: Seat, hand: tuple[Card, ...], card: Card) -> BriscolaState:
        """The state after ``seat`` plays ``card`` from ``hand`` (a legal play)."""
        n = self.num_players
        hands = list(self.hands)
        i = hand.index(card)
        hands[seat] = hand[:i] + hand[i + 1 :]
        plays = (*self.current_trick, play_of(seat, card))
        if len(plays) < n:
            # evolve(), inline: the most frequent step of all.
            new = object.__new__(self.__class__)
            d = self.__dict__.copy()
            d["hands"] = tuple(hands)
            d["current_trick"] = plays
            object.__setattr__(new, "__dict__", d)
            return new
        # The trick is complete: judge it, then the winner draws first (if cards remain).
        strength, points = self._tables()
        trump = self.trump_card.suit
        cards = tuple([p.card for p in plays])
        w, best = 0, cards[0]
        total = points[best]
        for k in range(1, n):
            c = cards[k]
            total += points[c]
            # Rule: a trump beats any plain card, the higher trump the lower; without a
            # trump the highest card of the led suit wins.
            if c.suit is best.suit:
                if strength[c] > strength[best]:
                    w, best = k, c
            elif c.suit is trump:
                w, best = k, c
        if best.suit is trump:
            reason = HIGHEST_TRUMP
        elif [c.suit for c in cards].count(best.suit) > 1:
            reason = HIGHEST_OF_LED_SUIT
        else:
            reason = LED_SUIT_UNCONTESTED
        winner = plays[w].seat
        index = self.first_trick_index + len(self.tricks)
        ruleset = self.ruleset
        result = TrickResult.deferred(
            index,
            plays,
            winner,
            total,
            reason,
            lambda: judge_trick(cards, trump, ruleset).explanation,
        )
        stock = self.stock
        taken = self.trump_card_taken
        draws = self.draws
        if stock or not taken:
            # Rule: the winner draws first, then the others in playing order; the last
            # draw, once the face-down stock is empty, takes the face-up trump card.
            new_draws = []
            for i in range(n):
                drawer = (winner + i) % n
                if stock:
                    drawn, stock, face_up = stock[0], stock[1:], False
                else:
                    drawn, taken, face_up = self.trump_card, True, True
                hands[drawer] = (*hands[drawer], drawn)
                new_draws.append(_draw(index, drawer, drawn, face_up))
            draws = (*draws, *new_draws)
        new = object.__new__(self.__class__)  # evolve(), inline
        d = self.__dict__.copy()
        d["hands"] = tuple(hands)
        d["stock"] = stock
        d["trump_card_taken"] = taken
        d["tricks"] = (*self.tricks, result)
        d["current_trick"] = ()
        d["leader"] = winner
        d["draws"] = draws
        object.__setattr__(new, "__dict__", d)
        return new

    def _tables(self) -> tuple[Mapping[Card, int], Mapping[Card, int]]:
        """(strength, points) per card under this state's rules, kept on the state."""
        tables: tuple[Mapping[Card, int], Mapping[Card, int]] | None = self.__dict__.get("_tables_")
        if tables is None:
            rules = _rules(self.ruleset)
            tables = (rules.strength, rules.points)
            # The ruleset never changes from one state to the next: evolve() keeps it.
            object.__setattr__(self, "_tables_", tables)
        return tables

    def hidden_cards(self, seat: Seat) -> frozenset[Card]:
        """The cards of ``seat``'s hand no other seat may see (not the drawn face-up card)."""
        self.team_of(seat)
        return frozenset(c for c in self.hands[seat] if c != self.trump_card)

    def observe(self, seat: Seat) -> Observation:
        """What ``seat`` may see: its hand, the face-up trump, the stock size, all tricks."""
        self.team_of(seat)
        known: set[Card] = {self.trump_card, *self.hands[seat]}
        for trick in self.tricks:
            known.update(trick.cards)
        known.update(p.card for p in self.current_trick)
        for side in self.captured:
            known.update(side)
        draws = tuple(
            d if d.face_up or d.seat == seat else Draw(d.after_trick, d.seat, None, False)
            for d in self.draws
        )
        public: dict[str, Any] = {
            "ruleset": self.ruleset.name,
            "dealer": self.dealer,
            "leader": self.leader,
            "to_move": self.to_move,
            "trick_number": self.trick_number,
            "trump_suit": self.trump_suit,
            "trump_card": self.trump_card,
            "trump_card_taken": self.trump_card_taken,
            "trump_card_holder": self.trump_card_holder,
            "stock_size": len(self.stock),
            "cards_to_draw": self.cards_to_draw,
            "draws": draws,
            "points": self.points,
            "carried_points": dict(zip(SIDES, self.carried_points, strict=True)),
            "captured": dict(zip(SIDES, self.captured, strict=True)),
        }
        return Observation(
            seat=seat,
            hand=self.hands[seat],
            hand_sizes=tuple(len(h) for h in self.hands),
            current_trick=self.current_trick,
            tricks=self.tricks,
            public=public,
            known_cards=frozenset(known),
        )

    def outcome(self) -> HandOutcome:
        """The itemised score: card points and the result line per side.

        Raises:
            InvalidStateError: the hand is not over yet.
        """
        if not self.is_terminal:
            raise InvalidStateError(
                f"the hand is not over: trick {self.trick_number} of {self.total_tricks} "
                "is still to be played"
            )
        n = self.num_players
        rules = _rules(self.ruleset)
        start = [
            self.carried_points[i] + sum(rules.points[c] for c in self.captured[i]) for i in (0, 1)
        ]
        running = list(start)
        trick_rows: list[dict[str, Any]] = []
        running_rows: list[dict[str, int]] = []
        won = [0, 0]
        crossed: dict[str, Any] | None = None
        for trick in self.tricks:
            side = self.team_of(trick.winner)
            running[side] += int(trick.points)
            won[side] += 1
            trick_rows.append(
                {
                    "number": trick.index + 1,
                    "leader": trick.leader,
                    "cards": tuple(c.code for c in trick.cards),
                    "winner": trick.winner,
                    "side": SIDES[side],
                    "points": int(trick.points),
                    "reason": trick.reason,
                }
            )
            running_rows.append({SIDES[0]: running[0], SIDES[1]: running[1]})
            if crossed is None and running[side] >= TARGET:
                crossed = {"side": SIDES[side], "trick": trick.index + 1}
        totals = {SIDES[0]: running[0], SIDES[1]: running[1]}
        if sum(running) != TOTAL_POINTS:  # pragma: no cover - start_play validates this
            raise InvalidStateError(f"card points add to {sum(running)}, not {TOTAL_POINTS}")
        a, b = running
        if a == b:
            winner: str | None = None
            result = t("briscola.result.draw", a=a, b=b)
        else:
            winner = SIDES[0] if a > b else SIDES[1]
            result = t(
                "briscola.result.win",
                side=_side_label(0 if a > b else 1, n),
                high=max(a, b),
                low=min(a, b),
            )
        lines: list[ScoreLine] = []
        for i, side_key in enumerate(SIDES):
            label = _side_label(i, n)
            if start[i]:
                key = _TRICKS_WON_BEFORE_KEYS[won[i] == 1]
            else:
                key = _TRICKS_WON_KEYS[won[i] == 1]
            note = t(key, count=won[i], before=start[i])
            lines.append(
                ScoreLine(
                    "card_points",
                    t("briscola.line.card_points", side=label),
                    side_key,
                    running[i],
                    note,
                )
            )
        for i, side_key in enumerate(SIDES):
            label = _side_label(i, n)
            points = running[i]
            if winner is None:
                text, note = t("briscola.line.draw", side=label), t("briscola.note.draw")
            elif winner == side_key:
                text = t("briscola.line.wins", side=label)
                note = t("briscola.note.wins", points=points)
            else:
                text = t("briscola.line.loses", side=label)
                note = t("briscola.note.loses", points=points)
            lines.append(ScoreLine("result", text, side_key, 0, note))
        details: dict[str, Any] = {
            "players": n,
            "trump_suit": self.trump_suit.value,
            "trump_card": self.trump_card.code,
            "target": TARGET,
            "start": {SIDES[0]: start[0], SIDES[1]: start[1]},
            "tricks": trick_rows,
            "trick_points": [r["points"] for r in trick_rows],
            "trick_winners": [r["winner"] for r in trick_rows],
            "running": running_rows,
            "tricks_won": {SIDES[0]: won[0], SIDES[1]: won[1]},
            "crossed_target": crossed,
            "winner": winner,
        }
        return HandOutcome(GAME, self.ruleset.name, tuple(lines), totals, result, details)


# --- Building states -----------------------------------------------------------------


def _where_deal(n: int) -> tuple[int, int, int]:
    """(cards drawn in the deal, rounds of drawing, tricks) for ``n`` players."""
    to_draw = len(BRISCOLA_DECK) - HAND_SIZE * n  # 34 or 28 (the stock plus the face-up)
    return to_draw, to_draw // n, len(BRISCOLA_DECK) // n


def _check_players(players: int, dealer: int) -> None:
    if players not in PLAYER_COUNTS:
        raise InvalidStateError(f"Briscola is played by 2 or 4 players here, not {players!r}")
    if not isinstance(dealer, int) or not 0 <= dealer < players:
        raise InvalidStateError(f"dealer must be a seat 0..{players - 1}, not {dealer!r}")


def _as_cards(value: Sequence[Card] | str, where: str) -> tuple[Card, ...]:
    if isinstance(value, str):
        return BRISCOLA_DECK.parse_many(value)
    out = tuple(value)
    for c in out:
        if not isinstance(c, Card) or c not in BRISCOLA_DECK:
            raise InvalidStateError(f"{c!r} in {where} is not a Briscola card")
    return out


def new_hand(
    ruleset: str | Ruleset = "default",
    *,
    players: int = 2,
    rng: random.Random | None = None,
    deal: Sequence[Card] | str | None = None,
    dealer: Seat = 0,
) -> BriscolaState:
    """A fresh hand, dealt from ``rng`` (shuffled) or ``deal`` (the deck order, top first).

    Three cards to each seat one at a time from the seat after the dealer, then the next
    card face up (its suit is trump); the rest is the stock. The seat after the dealer
    leads.

    Raises:
        InvalidStateError: neither or both of ``rng`` and ``deal``, a deal that is not the
            40 distinct cards, a bad player count or dealer.
    """
    rs = get_ruleset(ruleset)
    _check_players(players, dealer)
    if (rng is None) == (deal is None):
        raise InvalidStateError("new_hand needs exactly one of rng= (a random.Random) or deal=")
    if deal is not None:
        order = _as_cards(deal, "the deal")
        if len(order) != len(BRISCOLA_DECK) or len(set(order)) != len(order):
            missing = [c for c in BRISCOLA_DECK if c not in order]
            raise InvalidStateError(
                f"a deal is the 40 Briscola cards once each; got {len(order)} cards, "
                f"{len(set(order))} distinct, missing {describe_cards(missing)}"
            )
    else:
        assert rng is not None
        shuffled = list(BRISCOLA_DECK)
        rng.shuffle(shuffled)
        order = tuple(shuffled)
    n = players
    first = (dealer + 1) % n
    hands: list[list[Card]] = [[] for _ in range(n)]
    for i in range(HAND_SIZE * n):
        hands[(first + i) % n].append(order[i])
    return BriscolaState(
        ruleset=rs,
        num_players=n,
        dealer=dealer,
        trump_card=order[HAND_SIZE * n],
        hands=tuple(tuple(h) for h in hands),
        stock=order[HAND_SIZE * n + 1 :],
        trump_card_taken=False,
        tricks=(),
        current_trick=(),
        leader=first,
    )


def _per_side(value: Any, what: str) -> tuple[Any, Any]:
    if isinstance(value, Mapping):
        extra = [k for k in value if k not in SIDES and k not in (0, 1)]
        if extra:
            raise InvalidStateError(f"{what} has unknown sides {extra!r}; sides are A and B")
        return (value.get("A", value.get(0, 0)), value.get("B", value.get(1, 0)))
    items = tuple(value)
    if len(items) != 2:
        raise InvalidStateError(f"{what} needs one entry per side (A, B), got {len(items)}")
    return items[0], items[1]


def start_play(
    hands: Sequence[Sequence[Card] | str],
    trump_card: Card | str,
    stock: Sequence[Card] | str = (),
    players: int = 2,
    dealer: Seat = 0,
    ruleset: str | Ruleset = "default",
    tricks: Sequence[Sequence[Card] | str] = (),
    current_trick: Sequence[Card] | str = (),
    captured: Sequence[Sequence[Card] | str] | Mapping[str, Sequence[Card] | str] | None = None,
    carried_points: Sequence[float] | Mapping[str, float] | None = None,
    trump_card_taken: bool = False,
    trick_number: int | None = None,
    leader: Seat | None = None,
) -> BriscolaState:
    """A position in the play phase, for scenarios, validated.

    ``stock`` is the face-down pile, top first. ``tricks`` are the tricks already played
    (cards in playing order; leaders and winners derived), ``current_trick`` the cards of
    the trick in progress. Earlier tricks may be left out: their cards go in ``captured``
    (per side) and/or their points in ``carried_points`` (per side, for the cards listed
    nowhere), and ``leader`` names the seat that leads the first listed (or the current)
    trick. ``trick_number`` (1-based, the trick in progress) is an optional cross-check:
    the hand sizes and the stock determine it.

    Raises:
        InvalidStateError: naming the problem (a card in two places, a hand size that does
            not fit the stock and history, missing cards, points that do not add up...).
    """
    rs = get_ruleset(ruleset)
    _check_players(players, dealer)
    n = players
    to_draw, rounds, total_tricks = _where_deal(n)
    if len(hands) != n:
        raise InvalidStateError(f"{n} players need {n} hands, got {len(hands)}")
    hands_t = tuple(_as_cards(h, f"seat {s}'s hand") for s, h in enumerate(hands))
    trump = BRISCOLA_DECK.parse(trump_card) if isinstance(trump_card, str) else trump_card
    _as_cards((trump,), "trump_card")
    stock_t = _as_cards(stock, "the stock")
    tricks_t = tuple(_as_cards(t, f"listed trick {i + 1}") for i, t in enumerate(tricks))
    current_t = _as_cards(current_trick, "the current trick")
    captured_t: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    if captured is not None:
        ca, cb = _per_side(captured, "captured")
        captured_t = (
            _as_cards(ca, "side A's captured cards"),
            _as_cards(cb, "side B's captured cards"),
        )
    carried: tuple[int, int] | None = None
    if carried_points is not None:
        pa, pb = _per_side(carried_points, "carried_points")
        vals = []
        for side, v in zip(SIDES, (pa, pb), strict=True):
            if isinstance(v, bool) or not isinstance(v, int | float) or v < 0 or v != int(v):
                raise InvalidStateError(
                    f"carried_points for side {side} must be a whole number >= 0, not {v!r}"
                )
            vals.append(int(v))
        carried = (vals[0], vals[1])

    for i, listed in enumerate(tricks_t):
        if len(listed) != n:
            raise InvalidStateError(
                f"listed trick {i + 1} has {len(listed)} cards; a trick has {n}"
            )
    if len(current_t) >= n:
        raise InvalidStateError(
            f"the current trick has {len(current_t)} cards; an unfinished trick has fewer than {n}"
        )

    # Every card in one place only.
    places: dict[Card, str] = {}

    def put(card: Card, where: str) -> None:
        if card in places:
            hint = ""
            if places[card] == "the face-up trump card":
                hint = " (pass trump_card_taken=True if the face-up card has been drawn)"
            raise InvalidStateError(
                f"{card.label} is in two places: {places[card]} and {where}{hint}"
            )
        places[card] = where

    if not trump_card_taken:
        put(trump, "the face-up trump card")
    for s, h in enumerate(hands_t):
        for c in h:
            put(c, f"seat {s}'s hand")
    for c in stock_t:
        put(c, "the stock")
    for i, listed in enumerate(tricks_t):
        for c in listed:
            put(c, f"listed trick {i + 1}")
    for c in current_t:
        put(c, "the current trick")
    for side, cards in zip(SIDES, captured_t, strict=True):
        for c in cards:
            put(c, f"side {side}'s captured cards")
    # Which trick is being played: the stock says it while cards remain to draw,
    # the hand sizes after that (the last tricks are played without drawing).
    if trump_card_taken and stock_t:
        raise InvalidStateError(
            f"trump_card_taken is set but {len(stock_t)} face-down cards remain: the face-up "
            "trump card is taken only by the last draw, when the stock is empty"
        )
    remaining = len(stock_t) + (0 if trump_card_taken else 1)
    if remaining:
        if remaining > to_draw or (to_draw - remaining) % n:
            raise InvalidStateError(
                f"a stock of {len(stock_t)} face-down cards plus the face-up card cannot occur "
                f"with {n} players: {to_draw} cards are drawn, {n} after each trick"
            )
        number = (to_draw - remaining) // n + 1
        size = HAND_SIZE
    else:
        size = max(len(h) for h in hands_t)
        if size > HAND_SIZE:
            raise InvalidStateError(f"a hand holds at most {HAND_SIZE} cards, not {size}")
        number = rounds + 1 + HAND_SIZE - size
        if number > total_tricks and current_t:
            raise InvalidStateError("every hand is empty but the current trick is unfinished")
    if trick_number is not None and trick_number != number:
        raise InvalidStateError(
            f"trick_number={trick_number} does not fit: the stock and hand sizes say trick "
            f"{number} is being played"
        )
    earlier = number - 1 - len(tricks_t)
    if earlier < 0:
        raise InvalidStateError(
            f"{len(tricks_t)} tricks are listed, but the stock and hand sizes say only "
            f"{number - 1} have been played"
        )
    first_leader = (dealer + 1) % n
    if earlier == 0:
        if leader is not None and leader != first_leader:
            raise InvalidStateError(
                f"the first trick is led by the seat after the dealer, seat {first_leader}, "
                f"not seat {leader}"
            )
    elif leader is None:
        unlisted = "trick 1 is" if earlier == 1 else f"tricks 1 to {earlier} are"
        raise InvalidStateError(
            f"{unlisted} not listed, so say which seat leads trick {earlier + 1} with leader="
        )
    elif not isinstance(leader, int) or not 0 <= leader < n:
        raise InvalidStateError(f"leader must be a seat 0..{n - 1}, not {leader!r}")
    else:
        first_leader = leader

    # Replay the listed tricks: leaders and winners derived.
    results: list[TrickResult] = []
    lead = first_leader
    for i, cards in enumerate(tricks_t):
        plays = tuple(Play((lead + k) % n, c) for k, c in enumerate(cards))
        j = judge_trick(cards, trump.suit, rs)
        win = plays[j.winner].seat
        index = earlier + i
        results.append(
            TrickResult(index, plays, win, cards_points(cards, rs), j.reason, j.explanation)
        )
        lead = win
    current_plays = tuple(Play((lead + k) % n, c) for k, c in enumerate(current_t))
    played_now = {p.seat for p in current_plays}

    # Hand sizes: `size` at the start of this trick, one fewer for who has played in it.
    for s, h in enumerate(hands_t):
        want = size - (1 if s in played_now else 0)
        if len(h) != want:
            raise InvalidStateError(
                f"seat {s} holds {len(h)} cards but should hold {want} during trick {number} "
                f"(stock of {len(stock_t)}, face-up card "
                f"{'taken' if trump_card_taken else 'still there'})"
            )

    # The face-up trump card goes to the last drawer after the last drawing trick.
    if trump_card_taken:
        last_winner: Seat | None = None
        if earlier < rounds <= earlier + len(results):
            last_winner = results[rounds - 1 - earlier].winner
        elif earlier == rounds:
            last_winner = first_leader
        holder: Seat | None = None
        for s, h in enumerate(hands_t):
            if trump in h:
                holder = s
        for r in results:
            for p in r.plays:
                if p.card == trump:
                    if r.index < rounds:
                        raise InvalidStateError(
                            f"{trump.label}, the face-up trump card, is played in trick "
                            f"{r.index + 1}, before the last draw (after trick {rounds})"
                        )
                    holder = p.seat
        for p in current_plays:
            if p.card == trump:
                holder = p.seat
        if last_winner is not None and holder is not None:
            last_drawer = (last_winner - 1) % n
            if holder != last_drawer:
                raise InvalidStateError(
                    f"{trump.label}, the face-up trump card, went to seat {last_drawer} (the "
                    f"last to draw after trick {rounds}, won by seat {last_winner}), not seat "
                    f"{holder}"
                )

    # Every card accounted for: unlisted cards only through carried_points.
    unknown = [c for c in BRISCOLA_DECK if c not in places]
    # A taken face-up card missing from hands and listed tricks left play in an unlisted
    # trick, which must then come after the last draw.
    gone = trump in unknown or any(trump in pile for pile in captured_t)
    if trump_card_taken and gone and earlier <= rounds:
        where = "no hand or listed trick" if trump in unknown else places[trump]
        raise InvalidStateError(
            f"{trump.label}, the face-up trump card, is taken but is in {where}: it can only "
            f"have left play in a trick after the last draw (trick {rounds}), and none of "
            "those is unlisted"
        )
    rules = _rules(rs)
    unknown_points = sum(rules.points[c] for c in unknown)
    if carried is None:
        if unknown:
            raise InvalidStateError(
                f"{len(unknown)} cards are in no hand, trick, stock or captured pile "
                f"({describe_cards(unknown)}); list them, or give carried_points for them"
            )
        for side, cards in zip(SIDES, captured_t, strict=True):
            if len(cards) % n:
                raise InvalidStateError(
                    f"side {side}'s captured cards ({len(cards)}) are not whole tricks of {n}"
                )
        carried = (0, 0)
    elif sum(carried) != unknown_points:
        raise InvalidStateError(
            f"carried_points add up to {sum(carried)}, but the {len(unknown)} cards listed "
            f"nowhere are worth {unknown_points}"
        )

    return BriscolaState(
        ruleset=rs,
        num_players=n,
        dealer=dealer,
        trump_card=trump,
        hands=hands_t,
        stock=stock_t,
        trump_card_taken=trump_card_taken,
        tricks=tuple(results),
        current_trick=current_plays,
        leader=lead,
        first_trick_index=earlier,
        captured=captured_t,
        carried_points=carried,
    )


# --- Fast random playout -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayoutResult:
    """The figures of one random hand played by ``playout``.

    Cards are deck indices (``BRISCOLA_DECK[i]``); ``deal`` is the deck order, top first,
    so ``new_hand(deal=result.deal_cards, players=..., dealer=...)`` replays it.
    """

    ruleset: str
    players: int
    dealer: Seat
    deal: tuple[int, ...]
    plays: tuple[int, ...]  # every card in playing order
    trick_winners: tuple[Seat, ...]
    trick_points: tuple[int, ...]
    seat_points: tuple[int, ...]
    side_points: tuple[int, int]

    @property
    def deal_cards(self) -> tuple[Card, ...]:
        """The deal as cards, top first."""
        return tuple(BRISCOLA_DECK[i] for i in self.deal)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in playing order."""
        return tuple(BRISCOLA_DECK[i] for i in self.plays)

    @property
    def trump_suit(self) -> Suit:
        """The trump suit of the deal."""
        return BRISCOLA_DECK[self.deal[HAND_SIZE * self.players]].suit

    @property
    def winner(self) -> str | None:
        """``"A"`` or ``"B"``, or ``None`` for a 60-60 draw."""
        a, b = self.side_points
        return None if a == b else (SIDES[0] if a > b else SIDES[1])


_SUIT_INDEX = {s: i for i, s in enumerate(PLAIN_SUITS)}


_PLAYOUT_SETUP: dict[str | Ruleset, tuple[str, tuple[list[bool], ...], list[int]]] = {}


@cache
def fast_tables(options: BriscolaOptions) -> tuple[tuple[list[bool], ...], list[int]]:
    rules = _rules_for(options)
    strength = [rules.strength[c] for c in BRISCOLA_DECK]
    points = [rules.points[c] for c in BRISCOLA_DECK]
    suits = [_SUIT_INDEX[c.suit] for c in BRISCOLA_DECK]
    return fast.make_tables(suits, strength), points


def playout(
    rng: random.Random,
    ruleset: str | Ruleset = "default",
    *,
    players: int = 2,
    dealer: Seat = 0,
) -> PlayoutResult:
    """Deal with ``rng`` and play one full hand by uniformly random legal cards, fast.

    Same rules as the state machine, on a private bitmask representation.
    """
    setup = _PLAYOUT_SETUP.get(ruleset)
    if setup is None:
        rs = get_ruleset(ruleset)
        opts = rs.options
        assert isinstance(opts, BriscolaOptions)
        setup = (rs.name, *fast_tables(opts))
        _PLAYOUT_SETUP[ruleset] = setup
    name, beats, points = setup
    _check_players(players, dealer)
    if players == 2:
        deal, plays, winners, tpoints, seat_pts = fast.play_two(rng, beats, points, dealer)
        sides = (seat_pts[0], seat_pts[1])
    else:
        deal, plays, winners, tpoints, seat_pts = fast.play_four(rng, beats, points, dealer)
        sides = (seat_pts[0] + seat_pts[2], seat_pts[1] + seat_pts[3])
    return PlayoutResult(
        name,
        players,
        dealer,
        tuple(deal),
        tuple(plays),
        tuple(winners),
        tuple(tpoints),
        tuple(seat_pts),
        sides,
    )


def hand_order(state: BriscolaState) -> tuple[Suit | None, Callable[[Card], int]]:
    """How a Briscola hand is sorted: the trump suit (placed last), and each card's
    strength inside its suit in the ruleset's order (A and 3 at the top)."""
    high_to_low = rank_order(state.ruleset)
    return state.trump_suit, lambda card: len(high_to_low) - high_to_low.index(card.rank)


__all__ = [
    "DEFAULT",
    "GAME",
    "HIGHEST_OF_LED_SUIT",
    "HIGHEST_TRUMP",
    "LED_SUIT_UNCONTESTED",
    "NOT_A_CARD",
    "PRESETS",
    "QUEEN_JACK_SWAP",
    "SIDES",
    "TARGET",
    "BriscolaOptions",
    "BriscolaState",
    "Draw",
    "PlayoutResult",
    "TrickJudgement",
    "card_points",
    "cards_points",
    "get_ruleset",
    "hand_order",
    "judge_trick",
    "new_hand",
    "playout",
    "rank_order",
    "start_play",
    "trick_winner",
]


register_game("briscola", "Briscola", sys.modules[__name__], place=3)
