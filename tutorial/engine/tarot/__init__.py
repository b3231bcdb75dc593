"""French Tarot for four players (seed 001; RULES.md section 2).

One taker plays alone against three defenders. A hand is a state machine:

``bidding`` -> ``discard`` (Prise/Garde only) -> ``chelem`` -> ``play`` (with a
``poignee`` question at each player's first turn of trick 1) -> ``done``.

Actions (what ``legal_actions()`` lists and ``apply``/``explain`` take):

- ``bidding``: a ``Bid`` (``Bid.PASS``, ``Bid.PRISE`` ... ``Bid.GARDE_CONTRE``); each seat
  bids once, from the seat after the dealer; every bid must be higher than the last.
- ``discard``: ``Discard(card)``, one card at a time, six times (the chien is public).
- ``chelem``: ``CHELEM`` or ``NO_CHELEM`` (``Chelem(declared)``), the taker's choice.
- ``poignee``: asked at a seat's first turn of trick 1, only when it has one to show:
  ``NO_POIGNEE`` or ``Poignee(level, cards)`` with ``level`` ``"simple"`` (10 trumps),
  ``"double"`` (13) or ``"triple"`` (15). ``legal_actions()`` offers one canonical set
  per level (the lowest trumps, the Excuse only where it must complete); ``apply`` and
  ``explain`` accept any valid set of that size.
- ``play``: a ``Card`` (or a ``Play(seat, card)``).

Seats are in playing order; ``team_of(seat)`` is 0 for the taker, 1 for a defender.
Scores are exact halves held in floats (every figure is a multiple of 0.5).

Decisions where seed 001 is silent:

- A deck order (``deal=``) is dealt three cards at a time from the seat after the
  dealer, 72 cards; the last six form the chien.
- Petit sec cancels the deal at once (no bidding); all four passing ends it too.
- Everyone bids exactly once; a seat that cannot outbid may only pass.
- The chelem question is put to the taker after the discard (or after the bidding for
  Garde sans/contre); a poignée is asked at each seat's first turn of trick 1 only if
  that seat holds one, and a seat may show a lower level than it could.
- A poignée shows exactly 10, 13 or 15 cards; the taker's shown trump discards count
  only toward a triple poignée, and only for a taker holding the four Kings.
- A declared chelem that fails scores -200 only, even if the defence takes every trick;
  an undeclared chelem (+200) goes to whichever team took all 18 tricks.
- No rounding: the taker's points, the difference and the base keep their halves.
- ``TrickResult.points`` are the card points the winning team keeps from that trick (the
  Excuse is left out when it goes to the other team; the 0.5 exchange is a separate
  ``excuse_exchange`` line and figure).
- A scenario that leaves earlier tricks unlisted says who leads with ``leader=``; a team
  counts as having won some unlisted trick if it captured a card other than the Excuse
  or carries positive points (this decides the Excuse's last-trick exception).
"""

from __future__ import annotations

import dataclasses
import enum
import random
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from tutorial.engine.cards import (
    EXCUSE,
    PETIT,
    TAROT_DECK,
    TAROT_PLAIN_RANKS,
    TRUMP_21,
    Card,
    Suit,
)
from tutorial.engine.core import (
    BAD_BID,
    BAD_DECLARATION,
    BAD_DISCARD,
    BID_TOO_LOW,
    HAND_OVER,
    MUST_FOLLOW_SUIT,
    MUST_OVERTRUMP,
    MUST_PLAY_TRUMP,
    MUST_PLAY_TRUMP_HIGHER,
    MUST_TRUMP,
    NOT_IN_HAND,
    NOT_YOUR_TURN,
    WRONG_PHASE,
    HandOutcome,
    Observation,
    Play,
    Ruleset,
    ScoreLine,
    Seat,
    TrickResult,
    Verdict,
    describe_cards,
    evolve,
    option,
    play_of,
    register_ruleset,
    resolve_ruleset,
    seat_name,
    seat_possessive,
)
from tutorial.engine.errors import (
    IllegalActionError,
    IllegalPlayError,
    InvalidStateError,
    NotationError,
)
from tutorial.engine.games import register_game
from tutorial.engine.tarot import fast
from tutorial.language.i18n import t

GAME = "tarot"
NUM_PLAYERS = 4
HAND_SIZE = 18
CHIEN_SIZE = 6
NUM_TRICKS = 18
TOTAL_POINTS = 91.0
#: Target by the number of bouts the taker's side holds at the end (0, 1, 2, 3).
TARGETS: tuple[float, ...] = (56.0, 51.0, 41.0, 36.0)
BOUTS: frozenset[Card] = frozenset({PETIT, TRUMP_21, EXCUSE})
KINGS: frozenset[Card] = frozenset(c for c in TAROT_DECK if c.rank == "K")
#: Poignée levels: cards shown and bonus.
POIGNEE_SIZES: Mapping[str, int] = {"simple": 10, "double": 13, "triple": 15}
POIGNEE_BONUS: Mapping[str, int] = {"simple": 20, "double": 30, "triple": 40}
CHELEM_DECLARED_MADE = 400
CHELEM_DECLARED_FAILED = -200
CHELEM_UNDECLARED = 200
#: Team indices of ``team_of``.
TAKER_TEAM = 0
DEFENCE_TEAM = 1

PHASE_BIDDING = "bidding"
PHASE_DISCARD = "discard"
PHASE_CHELEM = "chelem"
PHASE_POIGNEE = "poignee"
PHASE_PLAY = "play"
PHASE_DONE = "done"

#: ``HandOutcome.details["result"]`` values (``HandOutcome.result`` is the sentence).
RESULT_MADE = "made"
RESULT_FAILED = "failed"
RESULT_PETIT_SEC = "petit_sec"
RESULT_ALL_PASSED = "all_passed"

#: Trick reasons (``TrickResult.reason``).
HIGHEST_TRUMP = "highest_trump"
HIGHEST_OF_LED_SUIT = "highest_of_led_suit"
EXCUSE_WINS_LAST_TRICK = "excuse_wins_last_trick"

RULE_BIDDING = "Tarot: bidding"
RULE_DISCARD = "Tarot: discard"
RULE_CHELEM = "Tarot: chelem"
RULE_POIGNEE = "Tarot: poignée"
RULE_FOLLOW = "Tarot: follow suit"
RULE_TRUMP = "Tarot: trump"
RULE_OVERTRUMP = "Tarot: overtrump"
RULE_EXCUSE = "Tarot: the Excuse"
RULE_HAND = "Tarot: play from your hand"
RULE_TURN = "Tarot: turn order"
RULE_END = "Tarot: end of the hand"
RULE_PHASE = "Tarot: order of the hand"

# --- Rule options and presets ---------------------------------------------------------

EXCUSE_TO_OPPONENTS = "goes_to_opponents"
EXCUSE_TO_TRICK_WINNER = "goes_to_trick_winner"
DISCARDS_FOUR_KINGS = "four_kings"
DISCARDS_NEVER = "never"


@dataclass(frozen=True)
class TarotOptions:
    """The rule options of French Tarot; every default is seed 001's reading."""

    excuse_last_trick: str = option(
        EXCUSE_TO_OPPONENTS,
        "The Excuse played in the last trick (outside the chelem exception) goes to the "
        "other team (001), or to the team that wins that trick (many French rule books).",
        (EXCUSE_TO_OPPONENTS, EXCUSE_TO_TRICK_WINNER),
    )
    poignee_discards: str = option(
        DISCARDS_FOUR_KINGS,
        "The taker's forced, shown trump discards may count toward a triple poignée when "
        "the taker holds the four Kings (001), or never count.",
        (DISCARDS_FOUR_KINGS, DISCARDS_NEVER),
    )


DEFAULT = register_ruleset(
    GAME,
    "default",
    TarotOptions(),
    "French Tarot for four players as seed 001 states it (the French federation's rules).",
    aliases=("fft", "seed-001"),
)


def get_ruleset(ruleset: str | Ruleset = "default", **overrides: Any) -> Ruleset:
    """A Tarot ruleset by name or alias (case-insensitive), with option overrides."""
    return resolve_ruleset(GAME, ruleset, TarotOptions, **overrides)


def _options(ruleset: Ruleset) -> TarotOptions:
    opts = ruleset.options
    assert isinstance(opts, TarotOptions)
    return opts


# --- Cards: rank, points, bouts -------------------------------------------------------

_PLAIN_STRENGTH = {r: i + 1 for i, r in enumerate(TAROT_PLAIN_RANKS)}  # 1 .. K = 14
_FACE_POINTS = {"K": 4.5, "Q": 3.5, "C": 2.5, "J": 1.5}
_DECK_ORDER = {c: i for i, c in enumerate(TAROT_DECK)}


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
    return _PLAIN_STRENGTH[card.rank]


def card_points(card: Card) -> float:
    """A card's points: bouts and Kings 4.5, Queens 3.5, Knights 2.5, Jacks 1.5, else 0.5.

    >>> card_points(Card.parse("T21")), card_points(Card.parse("CS")), card_points(Card.parse("T7"))
    (4.5, 2.5, 0.5)
    >>> sum(card_points(c) for c in TAROT_DECK)
    91.0
    """
    if card in BOUTS:
        return 4.5
    if card.suit is Suit.TRUMP:
        return 0.5
    return _FACE_POINTS.get(card.rank, 0.5)


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
        return tuple(sorted(cards, key=_DECK_ORDER.__getitem__))
    except KeyError:  # a card of another deck: last
        return tuple(sorted(cards, key=lambda c: _DECK_ORDER.get(c, len(_DECK_ORDER))))


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


# --- Actions -----------------------------------------------------------------------------


class Bid(enum.IntEnum):
    """A bid, in increasing order; each contract has its multiplier."""

    PASS = 0
    PRISE = 1
    GARDE = 2
    GARDE_SANS = 3
    GARDE_CONTRE = 4

    @property
    def multiplier(self) -> int:
        """The contract's multiplier: Prise 1, Garde 2, Garde sans 4, Garde contre 6."""
        return _MULTIPLIERS[self]

    @property
    def label(self) -> str:
        """The name shown in the session's language: the French name kept in Latin letters
        (``Garde sans``), "Pass" as the language says it."""
        return t(_BID_KEYS[self])

    @property
    def notation(self) -> str:
        """The name as typed and written in scenarios, whatever the language: ``garde sans``."""
        return _BID_LABELS[self].lower()

    @classmethod
    def parse(cls, text: str | Bid) -> Bid:
        """A bid from its name: ``pass``, ``prise``, ``garde``, ``garde sans``, ``garde contre``.

        >>> Bid.parse("Garde sans"), Bid.parse("garde_contre")
        (<Bid.GARDE_SANS: 3>, <Bid.GARDE_CONTRE: 4>)
        """
        if isinstance(text, Bid):
            return text
        key = str(text).strip().lower().replace("-", " ").replace("_", " ")
        for b in cls:
            if key in (b.notation, b.name.lower().replace("_", " ")):
                return b
        raise NotationError(
            f"{text!r} is not a Tarot bid (pass, prise, garde, garde sans, garde contre)"
        )

    def __str__(self) -> str:
        return self.label


#: The bids' shown names (the French names stay in every language; "Pass" is translated).
_BID_KEYS = {
    Bid.PASS: "tarot.bid_name.pass",
    Bid.PRISE: "tarot.bid_name.prise",
    Bid.GARDE: "tarot.bid_name.garde",
    Bid.GARDE_SANS: "tarot.bid_name.garde_sans",
    Bid.GARDE_CONTRE: "tarot.bid_name.garde_contre",
}
_MULTIPLIERS = {Bid.PASS: 0, Bid.PRISE: 1, Bid.GARDE: 2, Bid.GARDE_SANS: 4, Bid.GARDE_CONTRE: 6}
_BID_LABELS = {
    Bid.PASS: "Pass",
    Bid.PRISE: "Prise",
    Bid.GARDE: "Garde",
    Bid.GARDE_SANS: "Garde sans",
    Bid.GARDE_CONTRE: "Garde contre",
}
#: Contracts where the chien is shown and the taker discards.
CHIEN_SHOWN = frozenset({Bid.PRISE, Bid.GARDE})


@dataclass(frozen=True, slots=True)
class Discard:
    """The taker lays one card aside into the discard (Prise/Garde, after taking the chien)."""

    card: Card


@dataclass(frozen=True, slots=True)
class Chelem:
    """The taker's decision before the first card: declare the chelem (all 18 tricks) or not."""

    declared: bool


CHELEM = Chelem(True)
NO_CHELEM = Chelem(False)


@dataclass(frozen=True)
class Poignee:
    """A poignée shown before one's first card: a level and the cards shown.

    ``level`` is ``"simple"`` (10 cards, 20 points), ``"double"`` (13, 30) or
    ``"triple"`` (15, 40); ``NO_POIGNEE`` (level ``"none"``, no card) declines. The cards
    are kept in deck order, so two equal sets compare equal whatever their order.
    """

    level: str
    cards: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", sort_cards(self.cards))

    @staticmethod
    def of(level: str, cards: str | Iterable[Card]) -> Poignee:
        """A poignée from a level and cards (notation text or cards)."""
        parsed = TAROT_DECK.parse_many(cards) if isinstance(cards, str) else tuple(cards)
        return Poignee(level, parsed)

    @property
    def size(self) -> int:
        """The number of cards the level requires (0 for ``NO_POIGNEE``)."""
        return POIGNEE_SIZES.get(self.level, 0)

    @property
    def bonus(self) -> int:
        """The level's bonus: 20, 30 or 40 (0 for ``NO_POIGNEE``)."""
        return POIGNEE_BONUS.get(self.level, 0)


NO_POIGNEE = Poignee("none")


# --- Helpers for sentences ------------------------------------------------------------


def seat_key(seat: Seat) -> str:
    """The key of a seat in ``HandOutcome.totals`` and score lines, e.g. ``"seat 2"``."""
    return f"seat {seat}"


def _cards_text(cards: Iterable[Card]) -> str:
    return describe_cards(sort_cards(cards))


#: Message keys chosen by value (the rest are written where they are used).
_SUIT_KEYS = {
    Suit.SPADES: "common.suit.spades",
    Suit.HEARTS: "common.suit.hearts",
    Suit.DIAMONDS: "common.suit.diamonds",
    Suit.CLUBS: "common.suit.clubs",
    Suit.TRUMP: "common.suit.trumps",
    Suit.EXCUSE: "common.suit.excuse",
}
#: The name of each poignée level inside a sentence ("A simple poignée shows 10 trumps").
_LEVEL_KEYS = {
    "simple": "tarot.poignee.level_simple",
    "double": "tarot.poignee.level_double",
    "triple": "tarot.poignee.level_triple",
}


def poignee_level_name(level: str) -> str:
    """A poignée level (``simple``, ``double``, ``triple``) in the session's language; an
    unknown level is returned as written."""
    key = _LEVEL_KEYS.get(level)
    return t(key) if key else level


#: The score line of a poignée, per level ("Simple poignée of seat 2: 20").
_POIGNEE_LINE_KEYS = {
    "simple": "tarot.line.poignee_simple",
    "double": "tarot.line.poignee_double",
    "triple": "tarot.line.poignee_triple",
}


def _suit_name(suit: Suit) -> str:
    """The suit's name for a sentence, from the catalogue (``hearts``)."""
    return t(_SUIT_KEYS[suit])


def _fmt(x: float) -> str:
    """A half-point figure without a useless ``.0``: ``45``, ``45.5``."""
    return str(int(x)) if x == int(x) else f"{x:.1f}"


def _signed(x: float) -> str:
    return ("+" if x >= 0 else "-") + _fmt(abs(x))


@dataclass(frozen=True, slots=True)
class _Whose:
    """The owner of the highest trump in a trick, named from the viewer's seat."""

    holder: Seat


#: A field of a requirement's reason: text, a suit or cards (named in the language of
#: the moment), or whose trump it is.
_Field = str | Suit | tuple[Card, ...] | _Whose


@dataclass(frozen=True)
class _Requirement:
    """What the seat to move must play: the allowed cards and, if constrained, why.

    The reason is kept as a message key and its fields, and rendered only when a verdict
    is given (``TarotState._reason``), in the language of that moment: the requirement is
    cached on the state.
    """

    allowed: frozenset[Card]
    code: str
    key: str
    fields: Mapping[str, _Field]
    forcing: tuple[Card, ...]
    rule: str


def _trick_text(reason: str, winner: Seat, win_card: Card, excuse_key: str) -> str:
    """Why a trick went to ``winner``, and what became of the Excuse (``_EXCUSE_KEYS``)."""
    if reason == EXCUSE_WINS_LAST_TRICK:
        text = t("tarot.trick.excuse_wins_last_trick", seat=seat_possessive(winner, start=True))
    elif reason == HIGHEST_TRUMP:
        text = t("tarot.trick.highest_trump", card=win_card.label, seat=seat_name(winner))
    else:
        text = t(
            "tarot.trick.highest_of_led_suit",
            card=win_card.label,
            suit=_suit_name(win_card.suit),
            seat=seat_name(winner),
        )
    if excuse_key:
        text = t("tarot.trick.with_excuse", trick=text, excuse=t(_EXCUSE_KEYS[excuse_key]))
    return text


#: What became of the Excuse in a trick, in a sentence (see ``_finish_trick``).
_EXCUSE_KEYS = {
    "last_taker": "tarot.trick.excuse_last_taker",
    "last_defence": "tarot.trick.excuse_last_defence",
    "stays_taker": "tarot.trick.excuse_stays_taker",
    "stays_defence": "tarot.trick.excuse_stays_defence",
}


_BIDS = tuple(Bid)
#: The Discard action of each card (the same value every time it is offered).
_DISCARD = {c: Discard(c) for c in TAROT_DECK}
#: What the engine keeps on a state, derived from its fields (left behind by evolve).
_CACHES = ("_legal_", "_requirement", "_discardable")
_TRUMP = Suit.TRUMP
_TRUMP_VALUE = {c: int(c.rank) for c in TAROT_DECK if c.suit is Suit.TRUMP}

_POINTS = {c: card_points(c) for c in TAROT_DECK}


def _winning_position(cards: Sequence[Card]) -> int:
    """The position of the winning card (``trick_winner``'s rule, on tables)."""
    best: Card | None = None
    pos = 0
    for i, c in enumerate(cards):
        if c is EXCUSE:
            continue  # the Excuse never wins (but in the exception, decided before)
        if best is None:
            best, pos = c, i
        elif c.suit is _TRUMP:
            if best.suit is not _TRUMP or _TRUMP_VALUE[c] > _TRUMP_VALUE[best]:
                best, pos = c, i
        elif c.suit is best.suit and _PLAIN_STRENGTH[c.rank] > _PLAIN_STRENGTH[best.rank]:
            best, pos = c, i
    if best is None:
        raise InvalidStateError("a trick needs a card other than the Excuse")
    return pos


# --- The state ------------------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class TarotState:
    """A French Tarot position: immutable; ``apply`` returns the next one.

    Build one with ``new_hand`` or ``start_play``. ``chien`` holds the six cards dealt to
    the chien (``()`` when a scenario does not say); ``discard`` the taker's discards so
    far (Prise/Garde). ``captured``/``carried`` are cards and points each team (0 the
    taker's side, 1 the defence) already won in tricks a scenario does not list.
    """

    ruleset: Ruleset
    dealer: Seat
    phase: str
    hands: tuple[tuple[Card, ...], ...]
    chien: tuple[Card, ...]
    bids: tuple[Bid, ...] = ()
    taker: Seat | None = None
    contract: Bid | None = None
    discard: tuple[Card, ...] = ()
    chelem_declared: bool = False
    poignees: tuple[tuple[Seat, Poignee], ...] = ()
    poignee_decided: frozenset[Seat] = frozenset()
    tricks: tuple[TrickResult, ...] = ()
    current_trick: tuple[Play, ...] = ()
    leader: Seat = 0
    cancelled: str | None = None
    petit_sec: tuple[Seat, ...] = ()
    captured: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    carried: tuple[float, float] = (0.0, 0.0)
    unlisted_tricks: int = 0
    unlisted_won: tuple[bool, bool] = (False, False)

    def __repr__(self) -> str:
        return (
            f"<TarotState {self.ruleset} phase={self.phase} to_move={self.to_move} "
            f"contract={self.contract and self.contract.label} taker={self.taker} "
            f"trick={self.trick_number}>"
        )

    # -- the contract ------------------------------------------------------------------

    @property
    def game(self) -> str:
        """Always ``"tarot"``."""
        return GAME

    @property
    def num_players(self) -> int:
        """Always 4."""
        return NUM_PLAYERS

    @property
    def is_terminal(self) -> bool:
        """Whether the hand is over (played out, cancelled or all passed)."""
        return self.phase == PHASE_DONE

    @property
    def trick_number(self) -> int:
        """The 1-based number of the trick being played (19 once all are played)."""
        return self.unlisted_tricks + len(self.tricks) + 1

    @property
    def to_move(self) -> Seat | None:
        """The seat that acts next, ``None`` when the hand is over."""
        phase = self.phase
        if phase == PHASE_PLAY:
            return (self.leader + len(self.current_trick)) % NUM_PLAYERS
        if phase == PHASE_DONE:
            return None
        if phase == PHASE_BIDDING:
            return (self.dealer + 1 + len(self.bids)) % NUM_PLAYERS
        if self.phase in (PHASE_DISCARD, PHASE_CHELEM):
            return self.taker
        return (self.leader + len(self.current_trick)) % NUM_PLAYERS

    @property
    def multiplier(self) -> int:
        """The contract's multiplier (0 before the bidding ends)."""
        return self.contract.multiplier if self.contract is not None else 0

    @property
    def chien_shown(self) -> bool:
        """Whether the chien has been shown to everyone (Prise/Garde, after the bidding)."""
        return self.contract in CHIEN_SHOWN

    @property
    def set_aside(self) -> tuple[Card, ...]:
        """The six cards outside the play: the discard (Prise/Garde) or the chien."""
        return self.discard if self.contract in CHIEN_SHOWN else self.chien

    @property
    def set_aside_team(self) -> int:
        """The team the set-aside cards count for: the defence only in Garde contre."""
        return DEFENCE_TEAM if self.contract is Bid.GARDE_CONTRE else TAKER_TEAM

    @property
    def shown_discards(self) -> tuple[Card, ...]:
        """The trumps the taker had to discard; they are shown to everyone."""
        return tuple(c for c in self.discard if is_trump(c))

    def team_of(self, seat: Seat) -> int:
        """0 for the taker, 1 for a defender (known once the bidding has a taker).

        Raises:
            InvalidStateError: no such seat, or there is no taker (yet).
        """
        if not isinstance(seat, int) or not 0 <= seat < NUM_PLAYERS:
            raise InvalidStateError(f"there is no seat {seat!r}: seats are 0..3")
        if self.taker is None:
            raise InvalidStateError("the teams are not known: there is no taker (yet)")
        return TAKER_TEAM if seat == self.taker else DEFENCE_TEAM

    # -- legality ------------------------------------------------------------------------

    def legal_plays(self) -> list[Card]:
        """The cards the seat to move may play (empty outside the play phase)."""
        if self.phase != PHASE_PLAY:
            return []
        return list(self._legal())

    def _legal(self) -> tuple[Card, ...]:
        """The legal cards in deck order, computed once per state (kept on it).

        The rules of ``_requirement`` (a test holds them together), without its reason.
        """
        legal: tuple[Card, ...] | None = self.__dict__.get("_legal_")
        if legal is not None:
            return legal
        hand = self.hands[(self.leader + len(self.current_trick)) % NUM_PLAYERS]
        led: Card | None = None
        top = 0  # the highest trump in the trick (0: none)
        for p in self.current_trick:
            c = p.card
            if c.suit is _TRUMP:
                if led is None:
                    led = c
                if _TRUMP_VALUE[c] > top:
                    top = _TRUMP_VALUE[c]
            elif led is None and c is not EXCUSE:
                led = c
        cards: Sequence[Card] = hand
        if led is not None:
            # Rule: follow the led suit; else trump, over the highest trump if you can
            # (trump led: a higher trump if you can); the Excuse at any time.
            if led.suit is not _TRUMP:
                suit = led.suit
                follow = [c for c in hand if c.suit is suit]
                if follow:
                    cards = follow
            if cards is hand:
                trumps = [c for c in hand if c.suit is _TRUMP]
                if trumps:
                    higher = [c for c in trumps if _TRUMP_VALUE[c] > top]
                    cards = higher or trumps
            if cards is not hand and EXCUSE in hand:
                cards = [*cards, EXCUSE]
        legal = tuple(cards) if self._hands_sorted() else sort_cards(cards)
        object.__setattr__(self, "_legal_", legal)
        return legal

    def _hands_sorted(self) -> bool:
        """Whether every hand is in deck order (as the engine keeps them), checked once.

        The answer is carried to the next states by ``evolve``: the engine only removes
        cards from a hand, or sorts it (the chien taken).
        """
        known: bool | None = self.__dict__.get("_sorted_")
        if known is None:
            order = _DECK_ORDER
            known = True
            for hand in self.hands:
                if any(c not in order for c in hand):
                    known = False
                    break
                idx = [order[c] for c in hand]
                if idx != sorted(idx):
                    known = False
                    break
            object.__setattr__(self, "_sorted_", known)
        return known

    def legal_actions(self) -> list[Any]:
        """Every action accepted now: bids, discards, declarations or cards."""
        phase = self.phase
        if phase == PHASE_PLAY:
            return list(self._legal())
        if phase == PHASE_BIDDING:
            top = self._highest_bid
            return [Bid.PASS, *(b for b in _BIDS if b > top)]
        if phase == PHASE_DISCARD:
            allowed = self._discardable
            assert self.taker is not None
            if self._hands_sorted():
                return [_DISCARD[c] for c in self.hands[self.taker] if c in allowed]
            return [_DISCARD[c] for c in sort_cards(allowed)]
        if phase == PHASE_CHELEM:
            return [NO_CHELEM, CHELEM]
        if phase == PHASE_POIGNEE:
            seat = self.to_move
            assert seat is not None
            return [NO_POIGNEE, *self._poignee_options(seat)]
        return self.legal_plays()

    def explain(self, action: Any) -> Verdict:
        """Whether the seat to move may take ``action`` now, and why (with the cards)."""
        seat = self.to_move
        if seat is None:
            return Verdict.refuse(HAND_OVER, self._end_text(), rule=RULE_END)
        if isinstance(action, Play):
            if action.seat != seat:
                return Verdict.refuse(
                    NOT_YOUR_TURN,
                    t(
                        "tarot.refuse.not_your_turn",
                        turn=seat_possessive(seat),
                        seat=seat_possessive(action.seat),
                    ),
                    rule=RULE_TURN,
                )
            action = action.card
        phase = self.phase
        if not isinstance(action, _ACTION_TYPES[phase]):
            known = isinstance(action, tuple(_ACTION_TYPES.values()))
            if isinstance(action, Card):
                what = t("tarot.phase.card_not_now", card=action.label)
            elif known:
                what = t("tarot.phase.action_not_now", action=type(action).__name__)
            else:
                what = t("tarot.phase.not_an_action", action=repr(action))
            return Verdict.refuse(
                WRONG_PHASE if known else _BAD_CODES[phase],
                t("tarot.refuse.wrong_phase", what=what, expecting=self._expecting()),
                rule=RULE_PHASE,
            )
        if phase == PHASE_BIDDING:
            assert isinstance(action, Bid)
            return self._explain_bid(seat, action)
        if phase == PHASE_DISCARD:
            assert isinstance(action, Discard)
            return self._explain_discard(action.card)
        if phase == PHASE_CHELEM:
            return Verdict.ok(t("tarot.ok.chelem"), rule=RULE_CHELEM)
        if phase == PHASE_POIGNEE:
            assert isinstance(action, Poignee)
            return self._explain_poignee(seat, action)
        assert isinstance(action, Card)
        return self._explain_card(seat, action)

    def apply(self, action: Any) -> TarotState:
        """The next state after ``action``.

        Raises:
            IllegalPlayError: a card the rules refuse (with its ``Verdict``).
            IllegalActionError: any other action the rules refuse.
        """
        # The common cases first, without building a verdict.
        kind = action.__class__
        phase = self.phase
        if phase == PHASE_PLAY:
            if kind is Card:
                if action in self._legal():
                    return self._apply_card(action)
            elif kind is Play and action.seat == self.to_move and action.card in self._legal():
                return self._apply_card(action.card)
        elif phase == PHASE_BIDDING:
            if kind is Bid and (action is Bid.PASS or action > self._highest_bid):
                return self._apply_bid(action)
        elif phase == PHASE_DISCARD:
            if kind is Discard and action.card in self._discardable:
                return self._apply_discard(action.card)
        elif phase == PHASE_CHELEM:
            if kind is Chelem:
                return self._apply_chelem(action)
        elif phase == PHASE_POIGNEE and kind is Poignee:
            seat = self.to_move
            assert seat is not None
            if action == NO_POIGNEE or action in self._poignee_options(seat):
                return self._apply_poignee(action)
        verdict = self.explain(action)
        if not verdict.legal:
            card_like = isinstance(action, (Card, Play))
            raise IllegalPlayError(verdict) if card_like else IllegalActionError(verdict)
        if isinstance(action, Play):
            action = action.card
        if isinstance(action, Bid):
            return self._apply_bid(action)
        if isinstance(action, Discard):
            return self._apply_discard(action.card)
        if isinstance(action, Chelem):
            return self._apply_chelem(action)
        if isinstance(action, Poignee):
            return self._apply_poignee(action)
        assert isinstance(action, Card)
        return self._apply_card(action)

    def _apply_chelem(self, action: Chelem) -> TarotState:
        leader = self.taker if action.declared else (self.dealer + 1) % NUM_PLAYERS
        assert leader is not None
        nxt = evolve(
            self,
            {"chelem_declared": action.declared, "leader": leader, "phase": PHASE_PLAY},
            _CACHES,
        )
        return nxt._with_poignee_question()

    def _apply_poignee(self, action: Poignee) -> TarotState:
        seat = self.to_move
        assert seat is not None
        shown = ((seat, action),) if action.level != "none" else ()
        return evolve(
            self,
            {
                "poignees": self.poignees + shown,
                "poignee_decided": self.poignee_decided | {seat},
                "phase": PHASE_PLAY,
            },
            _CACHES,
        )

    # -- bidding -------------------------------------------------------------------------

    @property
    def _highest_bid(self) -> Bid:
        return max(self.bids, default=Bid.PASS)

    def _explain_bid(self, seat: Seat, bid: Bid) -> Verdict:
        top = self._highest_bid
        if bid is Bid.PASS:
            return Verdict.ok(
                t("tarot.ok.pass", seat=seat_name(seat, start=True)), rule=RULE_BIDDING
            )
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

    def _apply_bid(self, bid: Bid) -> TarotState:
        bids = (*self.bids, bid)
        if len(bids) < NUM_PLAYERS:
            return evolve(self, {"bids": bids}, _CACHES)
        best = max(bids)
        if best is Bid.PASS:
            # Rule: all four pass -> no game.
            return evolve(
                self, {"bids": bids, "phase": PHASE_DONE, "cancelled": RESULT_ALL_PASSED}, _CACHES
            )
        taker = (self.dealer + 1 + bids.index(best)) % NUM_PLAYERS
        if best in CHIEN_SHOWN:
            # Rule: Prise/Garde: the chien is shown and the taker takes it, then discards 6.
            hands = list(self.hands)
            hands[taker] = sort_cards(hands[taker] + self.chien)
            return evolve(
                self,
                {
                    "bids": bids,
                    "taker": taker,
                    "contract": best,
                    "hands": tuple(hands),
                    "phase": PHASE_DISCARD,
                },
                _CACHES,
            )
        # Rule: Garde sans / Garde contre: the chien stays unseen.
        return evolve(
            self,
            {"bids": bids, "taker": taker, "contract": best, "phase": PHASE_CHELEM},
            _CACHES,
        )

    # -- discard -------------------------------------------------------------------------

    @cached_property
    def _discardable(self) -> frozenset[Card]:
        """The cards the taker may discard next (Rule: the discard)."""
        assert self.taker is not None
        hand = self.hands[self.taker]
        # Never a King or a bout (the Petit, the 21, the Excuse).
        plain = [c for c in hand if c.suit is not _TRUMP and c is not EXCUSE and c.rank != "K"]
        left = CHIEN_SIZE - len(self.discard)
        if len(plain) >= left:
            return frozenset(plain)
        # Not enough plain cards: non-bout trumps become allowed (and are shown).
        return frozenset(plain) | {
            c for c in hand if c.suit is _TRUMP and c is not PETIT and c is not TRUMP_21
        }

    def _explain_discard(self, card: Card) -> Verdict:
        assert self.taker is not None
        hand = self.hands[self.taker]
        if card not in hand:
            return Verdict.refuse(
                NOT_IN_HAND,
                t("tarot.refuse.discard_not_in_hand", card=card.label),
                (card,),
                RULE_DISCARD,
            )
        if card in KINGS or card in BOUTS:
            key = "tarot.refuse.discard_king" if card in KINGS else "tarot.refuse.discard_bout"
            return Verdict.refuse(BAD_DISCARD, t(key, card=card.label), (card,), RULE_DISCARD)
        if card not in self._discardable:
            plain = [c for c in hand if not is_trump(c) and c not in BOUTS and c not in KINGS]
            return Verdict.refuse(
                BAD_DISCARD,
                t(
                    "tarot.refuse.discard_trump",
                    card=card.label,
                    cards=_cards_text(plain),
                    places=CHIEN_SIZE - len(self.discard),
                ),
                (card, *sort_cards(plain)),
                RULE_DISCARD,
            )
        key = "tarot.ok.discard_trump" if is_trump(card) else "tarot.ok.discard"
        return Verdict.ok(t(key, card=card.label), rule=RULE_DISCARD)

    def _apply_discard(self, card: Card) -> TarotState:
        assert self.taker is not None
        hands = list(self.hands)
        hands[self.taker] = tuple(c for c in hands[self.taker] if c != card)
        discard = (*self.discard, card)
        phase = PHASE_CHELEM if len(discard) == CHIEN_SIZE else PHASE_DISCARD
        return evolve(self, {"hands": tuple(hands), "discard": discard, "phase": phase}, _CACHES)

    # -- poignée -------------------------------------------------------------------------

    def _discards_count(self, seat: Seat, level: str) -> bool:
        """Whether shown trump discards count toward this seat's poignée of ``level``."""
        return (
            level == "triple"
            and seat == self.taker
            and _options(self.ruleset).poignee_discards == DISCARDS_FOUR_KINGS
            and set(self.hands[seat]) >= KINGS
            and bool(self.shown_discards)
        )

    def _countable(self, seat: Seat, level: str) -> tuple[Card, ...]:
        """The trumps that may be shown for a poignée: hand trumps (then shown discards)."""
        trumps = tuple(c for c in self.hands[seat] if is_trump(c))
        if self._discards_count(seat, level):
            # Rule (001): a taker with four Kings may count the forced trump discards.
            trumps += self.shown_discards
        return trumps

    def _poignee_options(self, seat: Seat) -> list[Poignee]:
        """One canonical poignée per level this seat can show (lowest trumps first)."""
        out = []
        has_excuse = EXCUSE in self.hands[seat]
        for level, size in POIGNEE_SIZES.items():
            countable = self._countable(seat, level)
            if len(countable) >= size:
                out.append(Poignee(level, countable[:size]))
            elif len(countable) == size - 1 and has_excuse:
                # Rule: the Excuse completes a poignée only when every trump is shown.
                out.append(Poignee(level, (*countable, EXCUSE)))
        return out

    def _explain_poignee(self, seat: Seat, p: Poignee) -> Verdict:
        if p.level == "none":
            if p.cards:
                return Verdict.refuse(
                    BAD_DECLARATION, t("tarot.refuse.poignee_declined"), p.cards, RULE_POIGNEE
                )
            return Verdict.ok(
                t("tarot.ok.no_poignee", seat=seat_name(seat, start=True)), rule=RULE_POIGNEE
            )
        if p.level not in POIGNEE_SIZES:
            return Verdict.refuse(
                BAD_DECLARATION,
                t("tarot.refuse.poignee_level", level=repr(p.level)),
                rule=RULE_POIGNEE,
            )
        size = p.size
        level = t(_LEVEL_KEYS[p.level])
        if len(set(p.cards)) != len(p.cards):
            return Verdict.refuse(
                BAD_DECLARATION, t("tarot.refuse.poignee_repeats"), p.cards, RULE_POIGNEE
            )
        if not p.cards:
            can = len(self._countable(seat, p.level))
            return Verdict.refuse(
                BAD_DECLARATION,
                t("tarot.refuse.poignee_empty", level=level, size=size, can=can),
                rule=RULE_POIGNEE,
            )
        if len(p.cards) != size:
            return Verdict.refuse(
                BAD_DECLARATION,
                t("tarot.refuse.poignee_size", level=level, size=size, shown=len(p.cards)),
                p.cards,
                RULE_POIGNEE,
            )
        odd = [c for c in p.cards if not is_trump(c) and c != EXCUSE]
        if odd:
            key = (
                "tarot.refuse.poignee_not_trump_one"
                if len(odd) == 1
                else "tarot.refuse.poignee_not_trump_many"
            )
            return Verdict.refuse(
                BAD_DECLARATION, t(key, cards=_cards_text(odd)), odd, RULE_POIGNEE
            )
        hand = set(self.hands[seat])
        countable = set(self._countable(seat, p.level))
        missing = [c for c in p.cards if c not in countable and not (c == EXCUSE and c in hand)]
        if missing:
            discarded = [c for c in missing if c in self.discard]
            if discarded:
                key = (
                    "tarot.refuse.poignee_discards_never"
                    if _options(self.ruleset).poignee_discards == DISCARDS_NEVER
                    else "tarot.refuse.poignee_discards_four_kings"
                )
                return Verdict.refuse(
                    BAD_DECLARATION,
                    t(key, cards=_cards_text(discarded)),
                    discarded,
                    RULE_POIGNEE,
                )
            return Verdict.refuse(
                NOT_IN_HAND,
                t("tarot.refuse.poignee_not_held", cards=_cards_text(missing)),
                missing,
                RULE_POIGNEE,
            )
        if EXCUSE in p.cards:
            unshown = sorted(countable - set(p.cards), key=rank_value)
            if unshown:
                key = (
                    "tarot.refuse.poignee_excuse_one"
                    if len(unshown) == 1
                    else "tarot.refuse.poignee_excuse_many"
                )
                return Verdict.refuse(
                    BAD_DECLARATION,
                    t(key, cards=_cards_text(unshown)),
                    (EXCUSE, *unshown),
                    RULE_POIGNEE,
                )
        return Verdict.ok(
            t("tarot.ok.poignee", level=level, size=size, bonus=p.bonus), rule=RULE_POIGNEE
        )

    def _with_poignee_question(self) -> TarotState:
        """In trick 1, ask the seat to move about its poignée before its first card."""
        if self.phase != PHASE_PLAY or self.trick_number != 1:
            return self
        seat = self.to_move
        assert seat is not None
        if seat in self.poignee_decided:
            return self
        # Too few trumps for the smallest poignée (counting the Excuse and, for the
        # taker, the shown discards): nothing to ask, without listing the options.
        hand = self.hands[seat]
        held = sum(1 for c in hand if c.suit is _TRUMP or c is EXCUSE)
        if seat == self.taker:
            held += sum(1 for c in self.discard if c.suit is _TRUMP)
        if held < POIGNEE_SIZES["simple"] or not self._poignee_options(seat):
            return self
        return evolve(self, {"phase": PHASE_POIGNEE}, _CACHES)

    # -- play ----------------------------------------------------------------------------

    @cached_property
    def _requirement(self) -> _Requirement:
        """What the seat to move must play (Rules: follow, trump, overtrump, Excuse)."""
        seat = self.to_move
        assert seat is not None
        hand = self.hands[seat]
        trick = [p.card for p in self.current_trick]
        excuse = frozenset({EXCUSE}) & frozenset(hand)  # Rule: the Excuse, at any time
        led = led_card(trick)
        if led is None:
            return _Requirement(frozenset(hand), "", "tarot.play.lead", {}, (), "")
        trumps = [c for c in hand if is_trump(c)]
        in_trick = [c for c in trick if is_trump(c)]
        top = max(in_trick, key=rank_value) if in_trick else None
        higher = [c for c in trumps if top is None or rank_value(c) > rank_value(top)]
        whose: _Field = ""
        partner = False  # the rule holds even over a partner's trump
        if top is not None:
            holder = next(p.seat for p in self.current_trick if p.card == top)
            whose = _Whose(holder)
            partner = self._is_partner(seat, holder)
        if not is_trump(led):
            follow = [c for c in hand if c.suit is led.suit]
            if follow:
                # Rule: follow the led suit (any card of it).
                return _Requirement(
                    frozenset(follow) | excuse,
                    MUST_FOLLOW_SUIT,
                    "tarot.refuse.must_follow",
                    {"led": led.label, "cards": tuple(follow)},
                    (led, *sort_cards(follow)),
                    RULE_FOLLOW,
                )
            if not trumps:
                return _Requirement(
                    frozenset(hand),
                    "",
                    "tarot.play.no_suit_no_trump",
                    {"suit": led.suit},
                    (),
                    "",
                )
            if top is None:
                # Rule: cannot follow -> must trump.
                return _Requirement(
                    frozenset(trumps) | excuse,
                    MUST_TRUMP,
                    "tarot.refuse.must_trump",
                    {
                        "suit": led.suit,
                        "symbol": led.suit.symbol,
                        "cards": tuple(trumps),
                    },
                    (led, *sort_cards(trumps)),
                    RULE_TRUMP,
                )
            if higher:
                # Rule: a trump must beat the highest trump in the trick if it can.
                return _Requirement(
                    frozenset(higher) | excuse,
                    MUST_OVERTRUMP,
                    "tarot.refuse.must_overtrump_partner"
                    if partner
                    else "tarot.refuse.must_overtrump",
                    {"whose": whose, "top": top.label, "cards": tuple(higher)},
                    (top, *sort_cards(higher)),
                    RULE_OVERTRUMP,
                )
            return _Requirement(
                frozenset(trumps) | excuse,
                MUST_PLAY_TRUMP,
                "tarot.refuse.must_play_trump",
                {
                    "suit": led.suit,
                    "symbol": led.suit.symbol,
                    "whose": whose,
                    "top": top.label,
                    "cards": tuple(trumps),
                },
                (top, *sort_cards(trumps)),
                RULE_TRUMP,
            )
        # Trump led.
        assert top is not None
        if not trumps:
            return _Requirement(frozenset(hand), "", "tarot.play.no_trump", {}, (), "")
        if higher:
            return _Requirement(
                frozenset(higher) | excuse,
                MUST_PLAY_TRUMP_HIGHER,
                "tarot.refuse.trump_led_higher_partner"
                if partner
                else "tarot.refuse.trump_led_higher",
                {"whose": whose, "top": top.label, "cards": tuple(higher)},
                (top, *sort_cards(higher)),
                RULE_OVERTRUMP,
            )
        return _Requirement(
            frozenset(trumps) | excuse,
            MUST_PLAY_TRUMP,
            "tarot.refuse.trump_led_lower",
            {"whose": whose, "top": top.label, "cards": tuple(trumps)},
            (top, *sort_cards(trumps)),
            RULE_TRUMP,
        )

    def _is_partner(self, viewer: Seat, holder: Seat) -> bool:
        return self.taker is not None and self.team_of(holder) == self.team_of(viewer)

    def _whose(self, viewer: Seat, holder: Seat) -> str:
        if self._is_partner(viewer, holder):
            return t("tarot.whose.partner")
        if holder == self.taker:
            return t("tarot.whose.taker")
        return t("tarot.whose.seat", seat=seat_possessive(holder))

    def _explain_card(self, seat: Seat, card: Card) -> Verdict:
        if card not in TAROT_DECK:
            return Verdict.refuse(
                NOT_IN_HAND, t("tarot.refuse.not_a_card", card=card.label), (card,), RULE_HAND
            )
        if card not in self.hands[seat]:
            return Verdict.refuse(
                NOT_IN_HAND, t("tarot.refuse.not_in_hand", card=card.label), (card,), RULE_HAND
            )
        req = self._requirement
        if card in req.allowed:
            if card == EXCUSE:
                return Verdict.ok(t("tarot.ok.excuse"), rule=RULE_EXCUSE)
            return Verdict.ok(t("tarot.ok.card", card=card.label), rule=req.rule)
        reason = self._reason(seat, req)
        trick = self.current_trick
        if len(trick) > 1 and trick[0].card == EXCUSE:
            # The Excuse was led: the next card set the suit (say so, not "X was led").
            reason = t("tarot.refuse.after_excuse", card=trick[1].card.label, reason=reason)
        return Verdict.refuse(req.code, reason, req.forcing, req.rule)

    def _reason(self, seat: Seat, req: _Requirement) -> str:
        """The sentence of a requirement, in the current language."""
        params: dict[str, str] = {}
        for name, value in req.fields.items():
            if isinstance(value, Suit):
                params[name] = _suit_name(value)
            elif isinstance(value, _Whose):
                params[name] = self._whose(seat, value.holder)
            elif isinstance(value, tuple):
                params[name] = _cards_text(value)
            else:
                params[name] = value
        return t(req.key, **params)

    def _took_every_trick(self, team: int) -> bool:
        """Whether ``team`` won every trick played so far (unlisted ones included)."""
        if self.unlisted_won[1 - team]:
            return False
        return all(self.team_of(t.winner) == team for t in self.tricks)

    def _excuse_exception(self, cards: Sequence[Card], leader: Seat) -> bool:
        """Rule: the Excuse led to the last trick by a team that won the first 17 wins it."""
        if self.trick_number != NUM_TRICKS or not cards or cards[0] != EXCUSE:
            return False
        return self._took_every_trick(self.team_of(leader))

    def _finish_trick(self, plays: tuple[Play, ...]) -> TrickResult:
        cards = [p.card for p in plays]
        leader = plays[0].seat
        exception = self._excuse_exception(cards, leader)
        pos = 0 if exception else _winning_position(cards)
        winner = plays[pos].seat
        index = self.trick_number - 1
        win_card = plays[pos].card
        if exception:
            reason = EXCUSE_WINS_LAST_TRICK
        elif is_trump(win_card):
            reason = HIGHEST_TRUMP
        else:
            reason = HIGHEST_OF_LED_SUIT
        pts = sum(map(_POINTS.__getitem__, cards), 0.0)
        excuse_key = ""
        if EXCUSE in cards and not exception:
            owner = next(p.seat for p in plays if p.card == EXCUSE)
            dest = self._excuse_team(index, owner, winner, exception)
            if dest != self.team_of(winner):
                pts -= card_points(EXCUSE)
            taker = dest == TAKER_TEAM
            if index == NUM_TRICKS - 1:
                excuse_key = "last_taker" if taker else "last_defence"
            elif dest != self.team_of(winner):
                excuse_key = "stays_taker" if taker else "stays_defence"
        return TrickResult.deferred(
            index,
            plays,
            winner,
            pts,
            reason,
            lambda: _trick_text(reason, winner, win_card, excuse_key),
        )

    def _excuse_team(self, index: int, owner: Seat, winner: Seat, exception: bool) -> int:
        """The team the Excuse goes to (Rule: the Excuse)."""
        owner_team = self.team_of(owner)
        if index < NUM_TRICKS - 1 or exception:
            return owner_team  # it stays with its owner's team
        if _options(self.ruleset).excuse_last_trick == EXCUSE_TO_OPPONENTS:
            return 1 - owner_team  # 001: played in the last trick, it changes sides
        return self.team_of(winner)

    def _apply_card(self, card: Card) -> TarotState:
        current = self.current_trick
        seat = (self.leader + len(current)) % NUM_PLAYERS  # the play phase's mover
        hands = list(self.hands)
        hand = hands[seat]
        i = hand.index(card)
        hands[seat] = hand[:i] + hand[i + 1 :]
        trick = (*current, play_of(seat, card))
        if len(trick) < NUM_PLAYERS:
            nxt = evolve(self, {"hands": tuple(hands), "current_trick": trick}, _CACHES)
            if self.unlisted_tricks or self.tricks:
                return nxt  # the poignée is asked in the first trick only
            return nxt._with_poignee_question()
        result = self._finish_trick(trick)
        tricks = (*self.tricks, result)
        done = self.unlisted_tricks + len(tricks) == NUM_TRICKS
        return evolve(
            self,
            {
                "hands": tuple(hands),
                "current_trick": (),
                "tricks": tricks,
                "leader": result.winner,
                "phase": PHASE_DONE if done else PHASE_PLAY,
            },
            _CACHES,
        )

    # -- texts ---------------------------------------------------------------------------

    def _expecting(self) -> str:
        seat = seat_possessive(self.to_move) if self.to_move is not None else ""
        taker = seat_name(self.taker) if self.taker is not None else ""
        if self.phase == PHASE_BIDDING:
            top = self._highest_bid
            if top is Bid.PASS:
                return t("tarot.expecting.bid_any", seat=seat)
            return t("tarot.expecting.bid_above", seat=seat, bid=top.label)
        if self.phase == PHASE_DISCARD:
            left = CHIEN_SIZE - len(self.discard)
            return t("tarot.expecting.discard", seat=taker, left=left)
        if self.phase == PHASE_CHELEM:
            return t("tarot.expecting.chelem", seat=taker)
        if self.phase == PHASE_POIGNEE:
            return t("tarot.expecting.poignee", seat=seat)
        return t("tarot.expecting.card", seat=seat)

    def _end_text(self) -> str:
        """Why no action is accepted any more (a whole sentence)."""
        if self.cancelled == RESULT_PETIT_SEC:
            return t("tarot.refuse.hand_over_petit_sec")
        if self.cancelled == RESULT_ALL_PASSED:
            return t("tarot.refuse.hand_over_all_passed")
        return t("tarot.refuse.hand_over", tricks=NUM_TRICKS)

    # -- information ----------------------------------------------------------------------

    def _public_cards(self) -> frozenset[Card]:
        """Cards shown to everyone: played cards, the shown chien, trump discards, poignées."""
        out: set[Card] = set()
        for trick in self.tricks:
            out.update(trick.cards)
        out.update(p.card for p in self.current_trick)
        if self.chien_shown:
            out.update(self.chien)
        out.update(self.shown_discards)
        for _, p in self.poignees:
            out.update(p.cards)
        for team in self.captured:
            out.update(team)
        if self.cancelled == RESULT_PETIT_SEC:
            for s in self.petit_sec:
                out.update(self.hands[s])  # the Petit sec hand is laid down to prove it
        return frozenset(out)

    def hidden_cards(self, seat: Seat) -> frozenset[Card]:
        """The cards of ``seat``'s hand that no other seat may see."""
        if not 0 <= seat < NUM_PLAYERS:
            raise InvalidStateError(f"there is no seat {seat!r}: seats are 0..3")
        return frozenset(self.hands[seat]) - self._public_cards()

    def observe(self, seat: Seat) -> Observation:
        """What ``seat`` may see: its hand and everything public, nothing else."""
        if not 0 <= seat < NUM_PLAYERS:
            raise InvalidStateError(f"there is no seat {seat!r}: seats are 0..3")
        known = set(self.hands[seat]) | self._public_cards()
        if seat == self.taker:
            known.update(self.discard)  # the taker knows the discard
        public: dict[str, Any] = {
            "ruleset": self.ruleset.name,
            "dealer": self.dealer,
            "phase": self.phase,
            "to_move": self.to_move,
            "bids": tuple(
                ((self.dealer + 1 + i) % NUM_PLAYERS, b) for i, b in enumerate(self.bids)
            ),
            "taker": self.taker,
            "contract": self.contract,
            "multiplier": self.multiplier,
            "chien": self.chien if self.chien_shown else None,
            "shown_discards": self.shown_discards,
            "discard_size": len(self.set_aside) if self.contract is not None else 0,
            "chelem_declared": self.chelem_declared,
            "poignees": tuple((s, p.level, p.cards) for s, p in self.poignees),
            "leader": self.leader,
            "trick_number": self.trick_number,
            "cancelled": self.cancelled,
        }
        if seat == self.taker:
            public["discard"] = self.discard
        return Observation(
            seat=seat,
            hand=self.hands[seat],
            hand_sizes=tuple(len(h) for h in self.hands),
            current_trick=self.current_trick,
            tricks=self.tricks,
            public=public,
            known_cards=frozenset(known),
        )

    # -- scoring --------------------------------------------------------------------------

    def outcome(self) -> HandOutcome:
        """The itemised score of the hand (raises ``InvalidStateError`` before the end)."""
        if not self.is_terminal:
            raise InvalidStateError(
                f"the hand is not over: it is in the {self.phase} phase "
                f"(trick {self.trick_number} of {NUM_TRICKS})"
            )
        if self.cancelled is not None:
            return self._cancelled_outcome()
        return _score(self)

    def _cancelled_outcome(self) -> HandOutcome:
        if self.cancelled == RESULT_PETIT_SEC:
            seat = self.petit_sec[0]
            label = t("tarot.line.petit_sec", seat=seat_possessive(seat))
            note = t("tarot.note.petit_sec")
            result = t("tarot.result.petit_sec", seat=seat_name(seat, start=True))
        else:
            seat = (self.dealer + 1) % NUM_PLAYERS
            label = t("tarot.line.all_passed")
            note = t("tarot.note.all_passed")
            result = t("tarot.result.all_passed")
        lines = (ScoreLine("result", label, seat_key(seat), 0.0, note),)
        totals = {seat_key(s): 0.0 for s in range(NUM_PLAYERS)}
        details: dict[str, Any] = {
            "result": self.cancelled,
            "cancelled": self.cancelled,
            "petit_sec": self.petit_sec,
        }
        return HandOutcome(GAME, self.ruleset.name, lines, totals, result, details)


_ACTION_TYPES: Mapping[str, type] = {
    PHASE_BIDDING: Bid,
    PHASE_DISCARD: Discard,
    PHASE_CHELEM: Chelem,
    PHASE_POIGNEE: Poignee,
    PHASE_PLAY: Card,
}
_BAD_CODES = {
    PHASE_BIDDING: BAD_BID,
    PHASE_DISCARD: BAD_DISCARD,
    PHASE_CHELEM: BAD_DECLARATION,
    PHASE_POIGNEE: BAD_DECLARATION,
    PHASE_PLAY: NOT_IN_HAND,
}


# --- Scoring ----------------------------------------------------------------------------


@dataclass
class Tally:
    points: list[float]
    bouts: list[list[Card]]
    exchange: float  # the Excuse exchange, signed for the taker's side
    exchange_note: str
    excuse_owner: Seat | None  # the seat that played the Excuse, if the note is about it


def tally(state: TarotState) -> Tally:
    """Where every card's points and every bout end up (Rules: tricks, Excuse, chien)."""
    pts = [state.carried[0], state.carried[1]]
    bouts: list[list[Card]] = [[], []]

    def put(card: Card, team: int) -> None:
        pts[team] += card_points(card)
        if card in BOUTS:
            bouts[team].append(card)

    for team, cards in enumerate(state.captured):
        for c in cards:
            put(c, team)
    for c in state.set_aside:
        put(c, state.set_aside_team)
    exchange = 0.0
    note = ""
    owner: Seat | None = None
    for trick in state.tricks:
        win_team = state.team_of(trick.winner)
        for p in trick.plays:
            if p.card != EXCUSE:
                put(p.card, win_team)
                continue
            exception = trick.reason == EXCUSE_WINS_LAST_TRICK
            dest = state._excuse_team(trick.index, p.seat, trick.winner, exception)
            put(EXCUSE, dest)
            owner = p.seat
            if trick.index < NUM_TRICKS - 1 and dest != win_team:
                # Rule: the owner's team keeps the Excuse and gives 0.5 point in exchange.
                pts[dest] -= 0.5
                pts[win_team] += 0.5
                exchange = 0.5 if win_team == TAKER_TEAM else -0.5
                note = t(
                    "tarot.note.excuse_exchange",
                    seat=seat_name(p.seat, start=True),
                    trick=trick.index + 1,
                    winner=seat_name(trick.winner),
                    owner=seat_possessive(p.seat),
                )
            elif trick.index == NUM_TRICKS - 1 and not exception:
                key = (
                    "tarot.note.excuse_last_taker"
                    if dest == TAKER_TEAM
                    else "tarot.note.excuse_last_defence"
                )
                note = t(key, seat=seat_name(p.seat, start=True))
    return Tally(pts, bouts, exchange, note, owner)


def _score(state: TarotState) -> HandOutcome:
    """Settle a played hand: contract, petit au bout, poignées, chelem, per-seat totals."""
    taker = state.taker
    contract = state.contract
    assert taker is not None and contract is not None
    mult = contract.multiplier
    tallied = tally(state)
    points = tallied.points[TAKER_TEAM]
    if abs(points + tallied.points[DEFENCE_TEAM] - TOTAL_POINTS) > 1e-9:
        raise InvalidStateError(  # pragma: no cover - start_play validates the cards
            f"card points add to {points + tallied.points[DEFENCE_TEAM]}, not 91"
        )
    bout_cards = sort_cards(tallied.bouts[TAKER_TEAM])
    target = target_for(len(bout_cards))
    diff = points - target
    made = diff >= 0  # Rule: met or exceeded = made
    base = (25 + abs(diff)) * mult
    sign = 1 if made else -1

    # Petit au bout: the Petit in the last trick (the one before if a chelem ends on the Excuse).
    pab = 0.0
    pab_note = ""
    tricks = state.tricks
    last = tricks[-1] if tricks and tricks[-1].index == NUM_TRICKS - 1 else None
    bout_trick = last
    if last is not None and last.reason == EXCUSE_WINS_LAST_TRICK:
        bout_trick = tricks[-2] if len(tricks) >= 2 else None
    if bout_trick is not None and PETIT in bout_trick.cards:
        pteam = state.team_of(bout_trick.winner)
        pab = 10.0 * mult * (1 if pteam == TAKER_TEAM else -1)
        key = (
            "tarot.note.petit_au_bout_taker"
            if pteam == TAKER_TEAM
            else "tarot.note.petit_au_bout_defence"
        )
        pab_note = t(
            key,
            trick=bout_trick.index + 1,
            winner=seat_name(bout_trick.winner),
            multiplier=mult,
        )

    # Poignées: to the team that wins the contract, not multiplied.
    poignee_total = float(sum(p.bonus for _, p in state.poignees)) * sign

    # Chelem: +400 declared and made, -200 declared and failed, +200 undeclared but made.
    won = [0, 0]
    for trick in tricks:
        won[state.team_of(trick.winner)] += 1
    taker_all = state._took_every_trick(TAKER_TEAM)
    defence_all = state._took_every_trick(DEFENCE_TEAM)
    chelem = 0.0
    chelem_note = ""
    if state.chelem_declared:
        chelem = float(CHELEM_DECLARED_MADE if taker_all else CHELEM_DECLARED_FAILED)
        chelem_note = (
            t("tarot.note.chelem_declared_made")
            if taker_all
            else t("tarot.note.chelem_declared_failed", won=won[0])
            if not state.unlisted_tricks
            # Earlier tricks not listed: their count is unknown, say only that one was lost.
            else t("tarot.note.chelem_declared_failed_unlisted")
        )
    elif taker_all or defence_all:
        chelem = float(CHELEM_UNDECLARED if taker_all else -CHELEM_UNDECLARED)
        chelem_note = (
            t("tarot.note.chelem_undeclared_taker")
            if taker_all
            else t("tarot.note.chelem_undeclared_defence")
        )

    per_defender = sign * base + pab + poignee_total + chelem
    taker_total = 3 * per_defender
    defenders = [s for s in range(NUM_PLAYERS) if s != taker]
    tk = seat_key(taker)
    lines: list[ScoreLine] = []
    # Steps a learner checks (no points move on these lines).
    tricks_pts = _fmt(points - _setaside_points(state, TAKER_TEAM) - tallied.exchange)
    parts = [t("tarot.note.card_points_tricks", points=tricks_pts)]
    if state.set_aside_team == TAKER_TEAM and state.set_aside:
        key = (
            "tarot.note.card_points_discard"
            if state.chien_shown
            else "tarot.note.card_points_chien"
        )
        parts.append(t(key, points=_fmt(_setaside_points(state, TAKER_TEAM))))
    if tallied.exchange:
        parts.append(t("tarot.note.card_points_exchange", points=_signed(tallied.exchange)))
    lines.append(
        ScoreLine(
            "card_points",
            t("tarot.line.card_points", seat=seat_name(taker), points=_fmt(points)),
            tk,
            0.0,
            " + ".join(parts),
        )
    )
    lines.append(
        ScoreLine(
            "bouts",
            t("tarot.line.bouts", count=len(bout_cards)),
            tk,
            0.0,
            _cards_text(bout_cards) if bout_cards else t("tarot.note.no_bouts"),
        )
    )
    key = "tarot.line.target_one" if len(bout_cards) == 1 else "tarot.line.target_many"
    lines.append(
        ScoreLine(
            "target",
            t(key, count=len(bout_cards), target=_fmt(target)),
            tk,
            0.0,
            t("tarot.note.targets"),
        )
    )
    key = "tarot.line.difference_made" if made else "tarot.line.difference_failed"
    lines.append(
        ScoreLine(
            "difference",
            t(key, points=_fmt(points), target=_fmt(target), difference=_signed(diff)),
            tk,
            0.0,
            t("tarot.note.difference_made") if made else t("tarot.note.difference_failed"),
        )
    )
    lines.append(
        ScoreLine(
            "multiplier",
            t("tarot.line.multiplier", contract=contract.label, multiplier=mult),
            tk,
            0.0,
            t("tarot.note.multipliers"),
        )
    )
    if tallied.exchange_note and tallied.excuse_owner is not None:
        side = seat_key(tallied.excuse_owner)
        lines.append(
            ScoreLine(
                "excuse_exchange",
                t("tarot.line.excuse_exchange", points=_signed(tallied.exchange))
                if tallied.exchange
                else t("tarot.line.excuse_last_trick"),
                side,
                0.0,
                tallied.exchange_note,
            )
        )

    def pay(kind: str, label: str, amount: float, note: str) -> None:
        # Each defender pays ``amount`` (receives it when negative); the taker gets 3x.
        taker_label = t("tarot.line.taker_pays", label=label, amount=_signed(3 * amount))
        lines.append(ScoreLine(kind, taker_label, tk, 3 * amount, note))
        for d in defenders:
            defender_label = t("tarot.line.defender_pays", label=label, amount=_signed(-amount))
            lines.append(ScoreLine(kind, defender_label, seat_key(d), -amount, note))

    pay(
        "base",
        t("tarot.line.base", difference=_fmt(abs(diff)), multiplier=mult, base=_fmt(base)),
        sign * base,
        t("tarot.note.base_made") if made else t("tarot.note.base_failed"),
    )
    if pab:
        pay("petit_au_bout", t("tarot.line.petit_au_bout", multiplier=mult), pab, pab_note)
    for s, p in state.poignees:
        pay(
            "poignee",
            t(_POIGNEE_LINE_KEYS[p.level], seat=seat_possessive(s, start=True), bonus=p.bonus),
            p.bonus * sign,
            t("tarot.note.poignee_taker") if made else t("tarot.note.poignee_defence"),
        )
    if chelem:
        pay("chelem", t("tarot.line.chelem", points=_signed(chelem)), chelem, chelem_note)
    if made:
        key = "tarot.result.made_paid" if per_defender >= 0 else "tarot.result.made_received"
    else:
        key = "tarot.result.failed_paid" if per_defender >= 0 else "tarot.result.failed_received"
    result_text = t(
        key,
        contract=contract.label,
        seat=seat_name(taker),
        defender=_fmt(abs(per_defender)),
        taker=_fmt(abs(taker_total)),
    )
    lines.append(ScoreLine("result", result_text, tk, 0.0, t("tarot.note.result")))
    totals = {seat_key(s): (taker_total if s == taker else -per_defender) for s in range(4)}
    trick_rows = [
        {
            "number": t.index + 1,
            "leader": t.leader,
            "cards": tuple(c.code for c in t.cards),
            "winner": t.winner,
            "team": state.team_of(t.winner),
            "points": t.points,
            "reason": t.reason,
        }
        for t in tricks
    ]
    details: dict[str, Any] = {
        "contract": contract.label,
        "taker": taker,
        "multiplier": mult,
        "points": points,
        "defence_points": tallied.points[DEFENCE_TEAM],
        "bouts": len(bout_cards),
        "bout_cards": tuple(c.code for c in bout_cards),
        "target": target,
        "difference": diff,
        "made": made,
        "base": base,
        "base_signed": sign * base,
        "petit_au_bout": pab,
        "poignee": poignee_total,
        "chelem": chelem,
        "chelem_declared": state.chelem_declared,
        "excuse_exchange": tallied.exchange,
        "per_defender": per_defender,
        "taker_total": taker_total,
        "tricks_won": {"taker": won[0], "defence": won[1]},
        "trick_winners": tuple(t.winner for t in tricks),
        "trick_points": tuple(t.points for t in tricks),
        "tricks": trick_rows,
        "set_aside": {
            "cards": tuple(c.code for c in state.set_aside),
            "team": state.set_aside_team,
            "points": points_of(state.set_aside),
        },
    }
    details["result"] = RESULT_MADE if made else RESULT_FAILED
    return HandOutcome(GAME, state.ruleset.name, tuple(lines), totals, result_text, details)


def _setaside_points(state: TarotState, team: int) -> float:
    return points_of(state.set_aside) if state.set_aside_team == team else 0.0


# --- Building states -----------------------------------------------------------------


def _check_seat(seat: Any, what: str) -> Seat:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < NUM_PLAYERS:
        raise InvalidStateError(f"{what} must be a seat 0..3, not {seat!r}")
    return seat


def _as_cards(value: Sequence[Card] | str, where: str) -> tuple[Card, ...]:
    """Cards from notation text or a sequence of cards, each checked to be a Tarot card."""
    if isinstance(value, str):
        try:
            return TAROT_DECK.parse_many(value)
        except NotationError as e:
            raise InvalidStateError(f"{where}: {e}") from None
    out = tuple(value)
    for c in out:
        if not isinstance(c, Card) or c not in TAROT_DECK:
            raise InvalidStateError(f"{where}: {c!r} is not a Tarot card")
    return out


def _as_plays(
    value: Sequence[Card] | Sequence[Play] | str, where: str
) -> tuple[tuple[Card, ...], tuple[Seat, ...] | None]:
    """A trick as cards, with its seats when given as ``Play`` objects."""
    if not isinstance(value, str) and value and all(isinstance(p, Play) for p in value):
        plays = [p for p in value if isinstance(p, Play)]
        cards = _as_cards([p.card for p in plays], where)
        return cards, tuple(_check_seat(p.seat, f"{where}: a play's seat") for p in plays)
    return _as_cards(value, where), None  # type: ignore[arg-type]


def _no_duplicates(places: Sequence[tuple[str, Sequence[Card]]]) -> None:
    seen: dict[Card, str] = {}
    for where, cards in places:
        for c in cards:
            if c in seen:
                raise InvalidStateError(f"{c.label} is in two places: {seen[c]} and {where}")
            seen[c] = where


def _petit_sec_seats(hands: Sequence[Sequence[Card]]) -> tuple[Seat, ...]:
    """Seats holding the Petit as their only trump and no Excuse (Rule: Petit sec)."""
    return tuple(
        s
        for s, h in enumerate(hands)
        if PETIT in h
        and EXCUSE not in h
        and not any(c.suit is _TRUMP and c is not PETIT for c in h)
    )


def deal_from_order(
    order: Sequence[Card], dealer: Seat = 0
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Hands and chien from a deck order (top first): 3 cards at a time from the seat after
    the dealer, 72 cards; the last six are the chien.

    >>> hands, chien = deal_from_order(list(TAROT_DECK), dealer=3)
    >>> hands[0][:4], chien[0]
    ((Card.parse('1S'), Card.parse('2S'), Card.parse('3S'), Card.parse('QS')), Card.parse('T17'))
    """
    hands: list[list[Card]] = [[] for _ in range(NUM_PLAYERS)]
    for packet in range(NUM_PLAYERS * HAND_SIZE // 3):  # 3 cards at a time
        hands[(dealer + 1 + packet) % NUM_PLAYERS].extend(order[3 * packet : 3 * packet + 3])
    return tuple(tuple(h) for h in hands), tuple(order[NUM_PLAYERS * HAND_SIZE :])


def complete_deal(
    partial: Mapping[Seat, Sequence[Card] | str], chien: Sequence[Card] | str = ()
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Hands and chien where the given seats hold the given cards, for lessons and tests.

    Each hand is then filled up to 18 cards, seat 0 first, and the chien up to 6, with the
    cards not given, in deck order (plain suits first, then trumps, then the Excuse).

    >>> hands, chien = complete_deal({1: "T1 T2 EXC"}, chien="KS")
    >>> " ".join(c.code for c in hands[1][:4]), " ".join(c.code for c in chien)
    ('T1 T2 EXC 6H', 'KS T17 T18 T19 T20 T21')

    Raises:
        InvalidStateError: a card given twice, a bad seat or too many cards.
    """
    given = {_check_seat(s, "seat"): _as_cards(h, f"hand of seat {s}") for s, h in partial.items()}
    dog = _as_cards(chien, "chien")
    _no_duplicates([*((f"seat {s}'s hand", h) for s, h in given.items()), ("chien", dog)])
    rest = iter(c for c in TAROT_DECK if c not in {c for h in given.values() for c in h} | set(dog))
    hands = []
    for s in range(NUM_PLAYERS):
        h = list(given.get(s, ()))
        if len(h) > HAND_SIZE:
            raise InvalidStateError(f"seat {s} is given {len(h)} cards; a hand has 18")
        h.extend(next(rest) for _ in range(HAND_SIZE - len(h)))
        hands.append(tuple(h))
    if len(dog) > CHIEN_SIZE:
        raise InvalidStateError(f"the chien is given {len(dog)} cards; it has 6")
    return tuple(hands), (*dog, *rest)


def new_hand(
    ruleset: str | Ruleset = "default",
    *,
    rng: random.Random | None = None,
    deal: Sequence[Card] | str | None = None,
    hands: Sequence[Sequence[Card] | str] | None = None,
    chien: Sequence[Card] | str | None = None,
    dealer: Seat = 0,
) -> TarotState:
    """A fresh hand in the bidding phase (or cancelled at once for a Petit sec).

    Give exactly one of ``rng`` (shuffles a fresh deck), ``deal`` (a deck order, top
    first, see ``deal_from_order``) or ``hands`` with ``chien`` (18 cards each and 6).

    Raises:
        InvalidStateError: not exactly one source, or cards missing, repeated or miscounted.
    """
    rs = get_ruleset(ruleset)
    _check_seat(dealer, "dealer")
    if sum(x is not None for x in (rng, deal, hands)) != 1:
        raise InvalidStateError(
            "new_hand needs exactly one of rng= (a random.Random), deal= (a deck order) "
            "or hands= (with chien=)"
        )
    if hands is None and chien is not None:
        raise InvalidStateError("chien= goes with hands=; a deck order already holds the chien")
    if rng is not None:
        order = list(TAROT_DECK)
        rng.shuffle(order)
        dealt, dog = deal_from_order(order, dealer)
    elif deal is not None:
        cards = _as_cards(deal, "deal")
        if len(cards) != len(TAROT_DECK) or len(set(cards)) != len(TAROT_DECK):
            raise InvalidStateError(
                f"deal must be the 78 Tarot cards once each, not {len(cards)} cards "
                f"({len(set(cards))} different)"
            )
        dealt, dog = deal_from_order(cards, dealer)
    else:
        assert hands is not None
        if len(hands) != NUM_PLAYERS:
            raise InvalidStateError(f"hands must be 4 hands, not {len(hands)}")
        dealt = tuple(_as_cards(h, f"hand of seat {s}") for s, h in enumerate(hands))
        if chien is None:
            raise InvalidStateError("hands= needs chien= (the six chien cards)")
        dog = _as_cards(chien, "chien")
        for s, h in enumerate(dealt):
            if len(h) != HAND_SIZE:
                raise InvalidStateError(f"seat {s} holds {len(h)} cards; a hand has 18")
        if len(dog) != CHIEN_SIZE:
            raise InvalidStateError(f"the chien has {len(dog)} cards; it has 6")
        _no_duplicates([*((f"seat {s}'s hand", h) for s, h in enumerate(dealt)), ("chien", dog)])
    hands_t = tuple(sort_cards(h) for h in dealt)
    dog_t = sort_cards(dog)
    sec = _petit_sec_seats(hands_t)
    if sec:
        # Rule: Petit sec -> the deal is cancelled.
        return TarotState(
            rs, dealer, PHASE_DONE, hands_t, dog_t, cancelled=RESULT_PETIT_SEC, petit_sec=sec
        )
    return TarotState(rs, dealer, PHASE_BIDDING, hands_t, dog_t)


def _per_team(value: Mapping[int, Any] | None, what: str) -> dict[int, Any]:
    if value is None:
        return {}
    out = dict(value)
    for k in out:
        if k not in (TAKER_TEAM, DEFENCE_TEAM):
            raise InvalidStateError(f"{what} is keyed by team: 0 (the taker) or 1 (the defence)")
    return out


def start_play(
    hands: Sequence[Sequence[Card] | str],
    taker: Seat,
    contract: Bid | str,
    dealer: Seat = 0,
    ruleset: str | Ruleset = "default",
    chien: Sequence[Card] | str | None = None,
    discard: Sequence[Card] | str | None = None,
    tricks: Sequence[Sequence[Card] | Sequence[Play] | str] = (),
    current_trick: Sequence[Card] | Sequence[Play] | str = (),
    poignees: Sequence[tuple[Seat, Poignee]] = (),
    chelem_declared: bool = False,
    captured: Mapping[int, Sequence[Card] | str] | None = None,
    carried_points: Mapping[int, float] | None = None,
    leader: Seat | None = None,
) -> TarotState:
    """A position in the play phase (or the finished hand), for scenarios; all is checked.

    ``hands`` are the cards held now; ``tricks`` the tricks played so far in order (cards
    in playing order, or ``Play`` objects), leaders and winners derived; ``current_trick``
    the cards already in the trick being played. Prise/Garde: ``chien`` is the chien that
    was shown (optional) and ``discard`` the six discarded cards; Garde sans/contre:
    ``chien`` is the unseen chien and there is no discard. Left out, the set-aside cards
    are the six cards found nowhere else. ``captured`` (cards) and ``carried_points``
    (points of cards not given anywhere) are per team, for earlier tricks not listed; then
    ``leader`` says who leads the first listed (or the current) trick. Poignées are
    ``(seat, Poignee)`` pairs; no further poignée is asked.

    Raises:
        InvalidStateError: naming the problem (a card in two places or nowhere, a hand of
            the wrong size, an illegal trick, a bad discard or poignée...).
    """
    rs = get_ruleset(ruleset)
    _check_seat(dealer, "dealer")
    _check_seat(taker, "taker")
    try:
        bid = Bid.parse(contract)
    except NotationError as e:
        raise InvalidStateError(str(e)) from None
    if bid is Bid.PASS:
        raise InvalidStateError("the contract must be a bid, not a pass")
    if len(hands) != NUM_PLAYERS:
        raise InvalidStateError(f"hands must be 4 hands, not {len(hands)}")
    held = [_as_cards(h, f"hand of seat {s}") for s, h in enumerate(hands)]
    listed = [_as_plays(t, f"trick {i + 1}") for i, t in enumerate(tricks)]
    current, current_seats = _as_plays(current_trick, "current trick")
    for i, (cards, _) in enumerate(listed):
        if len(cards) != NUM_PLAYERS:
            raise InvalidStateError(f"trick {i + 1} has {len(cards)} cards; a trick has 4")
    if len(current) >= NUM_PLAYERS:
        raise InvalidStateError(f"the current trick has {len(current)} cards; at most 3")
    # Sizes: every seat held 18 cards at trick 1; find the tricks played.
    still_out = sum(len(h) for h in held) + len(current)  # 4 x (18 - tricks played)
    if still_out % NUM_PLAYERS or still_out > NUM_PLAYERS * HAND_SIZE:
        raise InvalidStateError(
            "hand sizes do not fit one another and the current trick: "
            + ", ".join(f"seat {s} holds {len(h)}" for s, h in enumerate(held))
        )
    done_tricks = NUM_TRICKS - still_out // NUM_PLAYERS
    unlisted = done_tricks - len(listed)
    if unlisted < 0:
        raise InvalidStateError(
            f"{len(listed)} tricks are listed but the hands hold cards for only "
            f"{done_tricks} tricks played"
        )
    teams_cap = _per_team(captured, "captured")
    cap = [_as_cards(teams_cap.get(t, ()), f"captured by team {t}") for t in (0, 1)]
    carried = _per_team(carried_points, "carried_points")
    shown = bid in CHIEN_SHOWN
    dog = _as_cards(chien, "chien") if chien is not None else None
    disc = _as_cards(discard, "discard") if discard is not None else None
    if dog is not None and len(dog) != CHIEN_SIZE:
        raise InvalidStateError(f"the chien has {len(dog)} cards; it has 6")
    if disc is not None and not shown:
        raise InvalidStateError(f"{bid.label}: the taker does not discard (the chien stays aside)")
    if disc is not None and len(disc) != CHIEN_SIZE:
        raise InvalidStateError(f"the discard has {len(disc)} cards; the taker discards 6")
    aside = disc if shown else dog
    places: list[tuple[str, Sequence[Card]]] = [
        *((f"seat {s}'s hand", h) for s, h in enumerate(held)),
        *((f"trick {unlisted + i + 1}", cards) for i, (cards, _) in enumerate(listed)),
        ("the current trick", current),
        ("captured by the taker", cap[0]),
        ("captured by the defence", cap[1]),
    ]
    if aside is not None:
        places.append(("the discard" if shown else "the chien", aside))
    _no_duplicates(places)
    placed = {c for _, cards in places for c in cards}
    nowhere = [c for c in TAROT_DECK if c not in placed]
    if aside is None:
        if carried or len(nowhere) != CHIEN_SIZE:
            what = "discard" if shown else "chien"
            raise InvalidStateError(
                f"give the {what}: {len(nowhere)} cards are placed nowhere "
                f"({_cards_text(nowhere)}), so the six set aside cannot be told"
            )
        aside = tuple(nowhere)
        nowhere = []
    in_unlisted = len(cap[0]) + len(cap[1]) + len(nowhere)
    if in_unlisted != NUM_PLAYERS * unlisted:
        raise InvalidStateError(
            f"{unlisted} tricks are not listed, so {NUM_PLAYERS * unlisted} cards should be "
            f"captured or carried, not {in_unlisted}"
            + (f" (placed nowhere: {_cards_text(nowhere)})" if nowhere else "")
        )
    if nowhere:
        if not carried:
            raise InvalidStateError(
                f"cards placed nowhere: {_cards_text(nowhere)}; put them in a hand, a trick, "
                "the chien/discard or captured, or give carried_points"
            )
        lost_bouts = [c for c in nowhere if c in BOUTS]
        if lost_bouts:
            raise InvalidStateError(
                f"{_cards_text(lost_bouts)} must be placed (captured by a team): bouts "
                "decide the target"
            )
    try:
        carried_t = (float(carried.get(0, 0.0)), float(carried.get(1, 0.0)))
    except (TypeError, ValueError):
        raise InvalidStateError(f"carried_points are numbers, not {carried!r}") from None
    for x in carried_t:
        if x * 2 != int(x * 2):
            raise InvalidStateError(f"carried points are whole or half points, not {x}")
    if abs(sum(carried_t) - points_of(nowhere)) > 1e-9:
        raise InvalidStateError(
            f"carried points add to {_fmt(sum(carried_t))}, but the cards placed nowhere are "
            f"worth {_fmt(points_of(nowhere))}"
        )
    # Leaders: derived from the trick history (the winner leads the next trick).
    if unlisted == 0:
        first = taker if chelem_declared else (dealer + 1) % NUM_PLAYERS
        if leader is not None and _check_seat(leader, "leader") != first:
            raise InvalidStateError(
                f"seat {first} leads the first trick"
                + (" (the taker declared a chelem)" if chelem_declared else "")
                + f", not seat {leader}"
            )
    elif leader is not None:
        first = _check_seat(leader, "leader")
    else:
        given = listed[0][1] if listed else current_seats
        if given is None and unlisted == NUM_TRICKS:
            given = (taker,)  # the hand is over: nobody leads any more
        if given is None:
            raise InvalidStateError(
                f"{unlisted} earlier tricks are not listed: say who leads with leader="
            )
        first = given[0]
    seq: list[tuple[str, Seat, Card]] = []
    lead = first
    for i, (cards, seats) in enumerate([*listed, (current, current_seats)]):
        name = f"trick {unlisted + i + 1}" if i < len(listed) else "the current trick"
        expect = tuple((lead + j) % NUM_PLAYERS for j in range(len(cards)))
        if seats is not None and seats != expect:
            raise InvalidStateError(
                f"{name}: seats {list(seats)} played, but the order from seat {lead} is "
                f"{list(expect)}"
            )
        seq.extend((name, s, c) for s, c in zip(expect, cards, strict=True))
        if len(cards) == NUM_PLAYERS:
            lead = trick_winner(cards, lead)  # the Excuse exception only affects trick 18
    at_start = [list(h) for h in held]
    for _, s, c in seq:
        at_start[s].append(c)
    for s, h in enumerate(at_start):
        if len(h) != HAND_SIZE - unlisted:
            raise InvalidStateError(
                f"seat {s} holds {len(held[s])} cards and played {len(h) - len(held[s])}: "
                f"with {done_tricks} tricks played it should have held {HAND_SIZE - unlisted} "
                f"at the start of the listed play"
            )
    if shown:
        _check_discard(aside, at_start[taker])
        if dog is not None:
            others = {c for s, h in enumerate(at_start) if s != taker for c in h}
            bad = [c for c in dog if c in others]
            if bad:
                raise InvalidStateError(
                    f"the chien went to the taker, but another seat holds or played "
                    f"{_cards_text(bad)}"
                )
    won = tuple(bool(set(cap[t]) - {EXCUSE}) or carried_t[t] > 0 for t in (0, 1))
    state = TarotState(
        rs,
        dealer,
        PHASE_DONE if unlisted == NUM_TRICKS else PHASE_PLAY,
        tuple(sort_cards(h) for h in at_start),
        sort_cards((dog or ()) if shown else aside),
        taker=taker,
        contract=bid,
        discard=tuple(aside) if shown else (),
        chelem_declared=bool(chelem_declared),
        poignee_decided=frozenset(range(NUM_PLAYERS)),
        leader=first,
        captured=(cap[0], cap[1]),
        carried=carried_t,
        unlisted_tricks=unlisted,
        unlisted_won=(won[0], won[1]),
    )
    state = dataclasses.replace(state, poignees=_check_poignees(state, poignees, at_start))
    for name, s, c in seq:
        try:
            state = state.apply(c)
        except IllegalPlayError as e:
            raise InvalidStateError(
                f"{name}: seat {s} could not play {c.label}: {e.verdict.message}"
            ) from None
    return state


def _check_discard(discard: Sequence[Card], taker_cards: Sequence[Card]) -> None:
    """Rule: no King or bout; trumps only when plain cards ran out (checked on known cards)."""
    bad = [c for c in discard if c in KINGS or c in BOUTS]
    if bad:
        raise InvalidStateError(f"Kings and bouts may never be discarded: {_cards_text(bad)}")
    trumps = [c for c in discard if is_trump(c)]
    plain_kept = [c for c in taker_cards if not is_trump(c) and c not in BOUTS and c not in KINGS]
    if trumps and plain_kept:
        raise InvalidStateError(
            f"the discard holds {_cards_text(trumps)}, but a trump may be discarded only when "
            f"plain cards run out and the taker kept {_cards_text(plain_kept)}"
        )


def _check_poignees(
    state: TarotState, poignees: Sequence[tuple[Seat, Poignee]], at_start: Sequence[Sequence[Card]]
) -> tuple[tuple[Seat, Poignee], ...]:
    """Validate poignées against the hands at the start of trick 1 (when known)."""
    out: list[tuple[Seat, Poignee]] = []
    seen: set[Seat] = set()
    for item in poignees:
        if not (isinstance(item, tuple) and len(item) == 2 and isinstance(item[1], Poignee)):
            raise InvalidStateError(f"a poignée is a (seat, Poignee) pair, not {item!r}")
        seat, p = _check_seat(item[0], "a poignée's seat"), item[1]
        if seat in seen:
            raise InvalidStateError(f"seat {seat} shows two poignées; one at most")
        seen.add(seat)
        if p.level not in POIGNEE_SIZES:
            raise InvalidStateError(f"{p.level!r} is not a poignée level (simple, double, triple)")
        if state.unlisted_tricks == 0:
            verdict = state._explain_poignee(seat, p)
        else:
            # Earlier tricks are not listed: check what the known cards allow. A shown card
            # cannot be in another seat's known hand nor in the chien / discard; the Excuse
            # completes a poignée only when no trump of the seat's known hand is left out.
            others = {c for s, h in enumerate(at_start) if s != seat for c in h}
            others |= set(state.set_aside)
            stolen = [c for c in p.cards if c in others]
            own = set(at_start[seat])
            hidden = [c for c in own if is_trump(c) and c not in p.cards]
            if stolen:
                verdict = Verdict.refuse(BAD_DECLARATION, f"{_cards_text(stolen)} were elsewhere")
            elif EXCUSE in p.cards and hidden:
                verdict = Verdict.refuse(
                    BAD_DECLARATION,
                    f"the Excuse completes a poignée only when every trump is shown, and "
                    f"{_cards_text(sort_cards(hidden))} {'is' if len(hidden) == 1 else 'are'} not",
                )
            else:
                verdict = Verdict.ok()
            if len(p.cards) != p.size or any(not is_trump(c) and c != EXCUSE for c in p.cards):
                verdict = Verdict.refuse(BAD_DECLARATION, f"a {p.level} poignée is {p.size} trumps")
        if not verdict.legal:
            raise InvalidStateError(f"seat {seat}'s {p.level} poignée: {verdict.message}")
        out.append((seat, p))
    return tuple(out)


# --- Fast random playout -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayoutResult:
    """The figures of one random hand played by ``playout``.

    Cards are deck indices (``TAROT_DECK[i]``). ``deal`` is the deck order, top first, so
    ``new_hand(deal=result.deal_cards, dealer=result.dealer)`` deals the same hand.
    ``bids`` are ``Bid`` values in order; ``discard`` in the order laid aside;
    ``poignees`` ``(seat, level)`` pairs in the order shown; ``plays`` every card played.
    ``result`` is ``made``, ``failed``, ``petit_sec`` or ``all_passed``; ``totals`` the
    four seats' results (0 when not played).
    """

    ruleset: str
    dealer: Seat
    deal: tuple[int, ...]
    bids: tuple[int, ...]
    taker: Seat | None
    contract: int
    discard: tuple[int, ...]
    chelem_declared: bool
    poignees: tuple[tuple[Seat, str], ...]
    plays: tuple[int, ...]
    trick_winners: tuple[Seat, ...]
    taker_points: float
    defence_points: float
    bouts: int
    per_defender: float
    totals: tuple[float, float, float, float]
    result: str

    @property
    def deal_cards(self) -> tuple[Card, ...]:
        """The deck order as cards, top first."""
        return tuple(TAROT_DECK[i] for i in self.deal)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards played, in order."""
        return tuple(TAROT_DECK[i] for i in self.plays)

    @property
    def discard_cards(self) -> tuple[Card, ...]:
        """The taker's discards as cards, in order."""
        return tuple(TAROT_DECK[i] for i in self.discard)

    @property
    def bid_list(self) -> tuple[Bid, ...]:
        """The bids as ``Bid`` values."""
        return tuple(Bid(b) for b in self.bids)


_LEVELS = tuple(POIGNEE_SIZES)


def playout(
    rng: random.Random, ruleset: str | Ruleset = "default", *, dealer: Seat = 0
) -> PlayoutResult:
    """Deal with ``rng`` and play one hand by uniformly random legal actions, fast.

    The same rules as the state machine (same deal for the same seed as
    ``new_hand(rng=...)``), on a private bitmask representation.
    """
    rs = get_ruleset(ruleset)
    _check_seat(dealer, "dealer")
    opts = _options(rs)
    raw = fast.play_hand(
        rng,
        dealer,
        opts.excuse_last_trick == EXCUSE_TO_OPPONENTS,
        opts.poignee_discards == DISCARDS_FOUR_KINGS,
    )
    taker = raw.taker
    d = raw.per_defender
    totals = (
        (0.0,) * NUM_PLAYERS if taker < 0 else tuple(3 * d if s == taker else -d for s in range(4))
    )
    return PlayoutResult(
        rs.name,
        dealer,
        raw.deal,
        raw.bids,
        taker if taker >= 0 else None,
        raw.contract,
        raw.discard,
        raw.chelem,
        tuple((s, _LEVELS[lv]) for s, lv in raw.poignees),
        raw.plays,
        raw.winners,
        raw.half_points[0] / 2,
        raw.half_points[1] / 2,
        raw.bouts,
        d,
        (totals[0], totals[1], totals[2], totals[3]),
        raw.result,
    )


def hand_order(state: TarotState) -> tuple[Suit | None, Callable[[Card], int]]:
    """How a Tarot hand is sorted: the trumps last, by number, the Excuse among them at
    the end; plain suits from the 1 to the King."""

    def strength(card: Card) -> int:
        if card.suit is Suit.EXCUSE:
            return 99
        if card.suit is Suit.TRUMP:
            return int(card.rank)
        return TAROT_PLAIN_RANKS.index(card.rank)

    return Suit.TRUMP, strength


__all__ = [
    "BOUTS",
    "CHELEM",
    "DEFAULT",
    "DEFENCE_TEAM",
    "EXCUSE_TO_OPPONENTS",
    "EXCUSE_TO_TRICK_WINNER",
    "EXCUSE_WINS_LAST_TRICK",
    "GAME",
    "HIGHEST_OF_LED_SUIT",
    "HIGHEST_TRUMP",
    "KINGS",
    "NO_CHELEM",
    "NO_POIGNEE",
    "POIGNEE_BONUS",
    "POIGNEE_SIZES",
    "TAKER_TEAM",
    "TARGETS",
    "Bid",
    "Chelem",
    "Discard",
    "PlayoutResult",
    "Poignee",
    "TarotOptions",
    "TarotState",
    "card_points",
    "complete_deal",
    "deal_from_order",
    "get_ruleset",
    "hand_order",
    "is_bout",
    "is_trump",
    "led_card",
    "new_hand",
    "playout",
    "points_of",
    "rank_value",
    "seat_key",
    "sort_cards",
    "start_play",
    "target_for",
    "trick_winner",
]


register_game("tarot", "French Tarot", sys.modules[__name__], place=2)
