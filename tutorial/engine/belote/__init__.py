"""Belote (classic, with a proposed card): one hand as a state machine, and a match.

Seats ``0..3`` are numbered in playing order; partners sit opposite, so team 0 is seats
0 and 2 and team 1 is seats 1 and 3 (score sides ``"team0"`` and ``"team1"``). Whether
play goes clockwise or counter-clockwise at a real table is the ``direction`` option,
which only changes how a table is drawn, never a rule.

A hand runs through the phases ``bidding`` (round 1: take the proposed card's suit or
pass; round 2: name another suit or pass), ``declare`` (at a player's first turn of the
first trick, when they hold a combination: ``Declare`` it or ``NoDeclaration``),
``play`` and ``done``. The rules are those of RULES.md section 1 (seeds 000, 003, 004);
every point where the seeds differ is a field of ``BeloteOptions``.

>>> card_points(Card.parse("9H"), Suit.HEARTS), card_points(Card.parse("9S"), Suit.HEARTS)
(14, 0)
>>> trick_winner(BELOTE_DECK.parse_many("7H 7S 10S AH"), Suit.SPADES)
2
"""

from __future__ import annotations

import dataclasses
import itertools
import random
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

from tutorial.engine.belote import fast
from tutorial.engine.cards import BELOTE_DECK, BELOTE_RANKS, PLAIN_SUITS, Card, Suit, format_cards
from tutorial.engine.core import (
    BAD_BID,
    BAD_DECLARATION,
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
    positive_whole_number,
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
    NotationError,
)
from tutorial.engine.games import register_game
from tutorial.language.i18n import t

GAME = "belote"
NUM_PLAYERS = 4
NUM_TRICKS = 8
SIDES = ("team0", "team1")
TEAM_LABELS = ("team 0 (seats 0 and 2)", "team 1 (seats 1 and 3)")

#: A game-specific reason code: the object given is not a Belote action at all.
UNKNOWN_ACTION = "unknown_action"

# --- Ranks and points (RULES.md 1: "Rank and card points") ----------------------------

#: Rank order in the trump suit, lowest first: J > 9 > A > 10 > K > Q > 8 > 7.
TRUMP_ORDER = ("7", "8", "Q", "K", "10", "A", "9", "J")
#: Rank order in a plain suit, lowest first: A > 10 > K > Q > J > 9 > 8 > 7.
PLAIN_ORDER = ("7", "8", "9", "J", "Q", "K", "10", "A")
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
DIX_DE_DER = 10
CARD_POINTS_TOTAL = 152
HAND_POINTS_TOTAL = CARD_POINTS_TOTAL + DIX_DE_DER  # 162
BELOTE_POINTS = 20
#: Carrés (four of a kind): jacks 200, nines 150, A/10/K/Q 100; 8s and 7s score nothing.
CARRE_POINTS = {"J": 200, "9": 150, "A": 100, "10": 100, "K": 100, "Q": 100}
#: Between carrés of equal value the higher rank wins: A > 10 > K > Q.
CARRE_ORDER = {"Q": 1, "K": 2, "10": 3, "A": 4, "9": 5, "J": 6}
#: Sequences by length; six or more cards count as five (000).
SEQUENCE_POINTS = {3: 20, 4: 50, 5: 100}
SEQUENCE_NAMES = {3: "tierce", 4: "quarte", 5: "quinte"}
#: Message keys chosen by value (the rest are written where they are used): the
#: combinations' names (``SEQUENCE_NAMES`` in the catalogue), the teams, the suits.
_SEQUENCE_KEYS = {3: "belote.combo.tierce", 4: "belote.combo.quarte", 5: "belote.combo.quinte"}
_CARRE_KEYS = {
    "J": "belote.combo.carre_jacks",
    "9": "belote.combo.carre_nines",
    "A": "belote.combo.carre_aces",
    "10": "belote.combo.carre_tens",
    "K": "belote.combo.carre_kings",
    "Q": "belote.combo.carre_queens",
}
_SUIT_KEYS = {
    Suit.SPADES: "common.suit.spades",
    Suit.HEARTS: "common.suit.hearts",
    Suit.DIAMONDS: "common.suit.diamonds",
    Suit.CLUBS: "common.suit.clubs",
    Suit.TRUMP: "common.suit.trumps",
    Suit.EXCUSE: "common.suit.excuse",
}

_NATURAL = {r: i for i, r in enumerate(BELOTE_RANKS)}  # 7-8-9-10-J-Q-K-A for sequences
_TRUMP_RANK = {r: i for i, r in enumerate(TRUMP_ORDER)}
_PLAIN_RANK = {r: i for i, r in enumerate(PLAIN_ORDER)}

_RULE_FOLLOW = "Belote: follow suit"
_RULE_TRUMP = "Belote: trump when you cannot follow"
_RULE_OVERTRUMP = "Belote: overtrump"
_RULE_UNDERTRUMP = "Belote: undertrump when you cannot overtrump"
_RULE_TRUMP_LED = "Belote: trump led, go higher"
_RULE_PARTNER = "Belote: partner winning"
_RULE_LEAD = "Belote: the lead"
_RULE_BID = "Belote: bidding"
_RULE_DECLARE = "Belote: declarations"
_RULE_TURN = "Belote: order of play"


def card_points(card: Card, trump: Suit) -> int:
    """The card points of ``card`` when ``trump`` is trump (trump J 20, 9 14; plain A 11).

    >>> card_points(Card.parse("JH"), Suit.HEARTS), card_points(Card.parse("JS"), Suit.HEARTS)
    (20, 2)
    >>> sum(card_points(c, Suit.CLUBS) for c in BELOTE_DECK)
    152
    """
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
    if card.suit is trump:
        return 8 + _TRUMP_RANK[card.rank]
    if card.suit is led:
        return _PLAIN_RANK[card.rank]
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
    return (leader + _winning_position(cards, trump)) % NUM_PLAYERS


def _winning_position(cards: Sequence[Card], trump: Suit) -> int:
    """The position of the winning card: ``card_power``'s order, on its tables."""
    best = 0
    top = cards[0]
    for i in range(1, len(cards)):
        c = cards[i]
        if c.suit is trump:
            if top.suit is not trump or _TRUMP_RANK[c.rank] > _TRUMP_RANK[top.rank]:
                best, top = i, c
        elif c.suit is top.suit and _PLAIN_RANK[c.rank] > _PLAIN_RANK[top.rank]:
            best, top = i, c  # the led suit (a card of another plain suit never wins)
    return best


def _trump_beats(a: Card, b: Card) -> bool:
    """Whether trump ``a`` ranks above trump ``b``."""
    return _TRUMP_RANK[a.rank] > _TRUMP_RANK[b.rank]


def team_of(seat: Seat) -> int:
    """The team of a seat: partners sit opposite (team 0 = seats 0 and 2).

    >>> team_of(0), team_of(1), team_of(2), team_of(3)
    (0, 1, 0, 1)
    """
    _check_seat(seat)
    return seat % 2


def _check_seat(seat: object, what: str = "seat") -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < NUM_PLAYERS:
        raise InvalidStateError(f"unknown {what} {seat!r}: the seats are 0, 1, 2 and 3")


# --- Rule options and presets (RULES.md 1: "Seed disagreements -> rule options") ------


@dataclass(frozen=True)
class BeloteOptions:
    """The rule options of Belote where the seeds disagree (defaults first)."""

    contract_basis: str = option(
        "total_strict",
        "what the contract is judged on: card points plus declarations, strictly more "
        "than the defenders (000, 003), or card points only, 81 of 162 is enough (004)",
        ("total_strict", "tricks_at_least_81"),
    )
    capot: int = option(
        250,
        "points for winning all eight tricks: 250 in all (000, 003) or 162 + 90 = 252 (004)",
        (250, 252),
    )
    tie_81: str = option(
        "litige",
        "an exact tie under contract_basis=total_strict: litige, the taker's points held "
        "for the next hand's winner (003), the taker succeeds (004), or the takers fail, a "
        "dedans (000 sections 3, 8, 11(3): they must score more); with tricks_at_least_81 "
        "a tie always succeeds",
        ("litige", "taker_succeeds", "dedans"),
    )
    direction: str = option(
        "counter-clockwise",
        "direction of play at the table, for display only: seats are numbered in playing "
        "order either way (003 counter-clockwise; 000, 004 clockwise)",
        ("counter-clockwise", "clockwise"),
    )
    rounding: str = option(
        "none",
        "round each team's hand score to tens, halves up (000: 78 and 84 both become 80); "
        "with tens the contract is judged on the exact points (000's rule), with "
        "tens_judged on the rounded ones (000 section 11: 'some versions')",
        ("none", "tens", "tens_judged"),
    )
    target: int = option(
        1000,
        "the score that ends a match (1000: 003, 000 with declarations; 500: 000 without; "
        "501, 701, 1001: 004; 2000: 003 section 8); any positive whole number is accepted",
        (1000, 500, 501, 701, 1001, 2000),
        accepts=positive_whole_number,
    )
    declaration_card_reuse: bool = option(
        False,
        "whether one card may serve in two declarations (004 says no)",
        (False, True),
    )
    cannot_overtrump: str = option(
        "must_trump",
        "an opponent's trump is winning and you cannot beat it: you must still play a "
        "trump (000 EX2), or you may discard (common in Belote Contrée)",
        ("must_trump", "may_discard"),
    )
    redeal_dealer: str = option(
        "same",
        "who deals after all four pass twice: the same dealer (004) or the next one (000)",
        ("same", "next"),
    )
    partner_winning: str = option(
        "free",
        "you cannot follow and your partner is winning: play anything (000, 003), or "
        "you must still trump but need not overtrump (004's wording)",
        ("free", "must_trump_may_undertrump"),
    )
    declarations: bool = option(
        True,
        "play with declarations (sequences and carrés); belote-rebelote counts either way",
        (True, False),
    )
    tie_at_target: str = option(
        "another_hand",
        "both teams at or over the target with equal scores: play another hand (004), or "
        "the match is a draw (000 section 12)",
        ("another_hand", "draw"),
    )
    declarations_won: str = option(
        "own",
        "what the team with the best declaration scores: its own declarations (003, 004), "
        "or every declaration made, the beaten team's too (000 section 6)",
        ("own", "all"),
    )
    dedans_declarations: str = option(
        "all",
        "the declarations on a dedans (a capot won by the defence included): the defence "
        "scores every declaration made, both teams' (000 section 11(3), 003 section 4), or "
        "only the defence's own, when they are the best; the takers' never score (004: "
        "the takers lose all their points, and the other team scores no declaration)",
        ("all", "defence_keeps_own"),
    )


DEFAULT_OPTIONS = BeloteOptions()

DEFAULT = register_ruleset(
    GAME,
    "default",
    DEFAULT_OPTIONS,
    "Classic Belote as seeds 000 and 003 teach it: declarations, contract on points "
    "with declarations (strictly more), capot 250, litige on a tie, exact points.",
    aliases=("classic", "seeds-000-003"),
)
SEED_004 = register_ruleset(
    GAME,
    "seed-004",
    dataclasses.replace(
        DEFAULT_OPTIONS,
        contract_basis="tricks_at_least_81",
        capot=252,
        tie_81="taker_succeeds",
        direction="clockwise",
        target=1001,
        partner_winning="must_trump_may_undertrump",
        dedans_declarations="defence_keeps_own",
    ),
    "The app tutorial (004): 81 trick points suffice, capot 252, game to 1001, you "
    "still trump when your partner is winning (without overtrumping), and on a dedans "
    "the takers' declarations never score.",
    aliases=("004", "app"),
)
SEED_000 = register_ruleset(
    GAME,
    "seed-000",
    dataclasses.replace(
        DEFAULT_OPTIONS,
        direction="clockwise",
        rounding="tens",
        redeal_dealer="next",
        declarations_won="all",
        tie_at_target="draw",
        tie_81="dedans",
    ),
    "Seed 000: played clockwise, scores rounded to tens, the next dealer deals after "
    "a double pass, the best declaration takes the beaten ones too, the takers must "
    "score more (a tie is a dedans), game to 1000.",
)
CONTREE_DISCARD = register_ruleset(
    GAME,
    "contree-discard",
    dataclasses.replace(DEFAULT_OPTIONS, cannot_overtrump="may_discard"),
    "As the default, but when you cannot overtrump an opponent's trump you may discard "
    "instead of undertrumping (common in Belote Contrée).",
)


def _resolve(ruleset: str | Ruleset) -> Ruleset:
    return resolve_ruleset(GAME, ruleset, BeloteOptions)


# --- The rules of play (RULES.md 1, rules 1-5) ----------------------------------------


def explain_play(
    hand: Sequence[Card],
    trick: Sequence[Card],
    card: Card,
    trump: Suit,
    options: BeloteOptions = DEFAULT_OPTIONS,
) -> Verdict:
    """Whether ``card`` may be played from ``hand`` to ``trick`` (cards in playing order).

    The player is the next to play in the trick; their partner is the one who played
    two cards before them. The verdict names the rule and the cards that force it (its
    sentence is built when first read).
    """
    if card not in hand:
        return Verdict.refuse_later(
            NOT_IN_HAND,
            lambda: t("belote.refuse.not_in_hand", card=card.label),
            (card,),
            _RULE_TURN,
        )
    if not trick:
        return Verdict.ok_later(lambda: t("belote.ok.lead"), _RULE_LEAD)
    lead = trick[0]
    led = lead.suit
    pos = len(trick)
    win = _winning_position(trick, trump)
    winning = trick[win]
    partner_winning = win == pos - 2
    trumps = tuple(c for c in hand if c.suit is trump)

    # Rule 4: trump led -> follow with a trump, higher than the highest one if you can,
    # even over your partner.
    if led is trump:
        if not trumps:
            return Verdict.ok_later(lambda: t("belote.ok.trump_led_none"), _RULE_TRUMP_LED)
        higher = tuple(c for c in trumps if _trump_beats(c, winning))
        if higher:
            if card in higher:
                return Verdict.ok_later(
                    lambda: t("belote.ok.trump_led_higher", card=card.label, winning=winning.label),
                    _RULE_TRUMP_LED,
                )
            key = (
                "belote.refuse.trump_led_higher_over_partner"
                if partner_winning
                else "belote.refuse.trump_led_higher"
            )
            return Verdict.refuse_later(
                MUST_PLAY_TRUMP_HIGHER,
                lambda: t(
                    key,
                    whose=_whose(partner_winning),
                    winning=winning.label,
                    cards=describe_cards(higher),
                ),
                (winning, *higher),
                _RULE_TRUMP_LED,
            )
        if card.suit is trump:
            return Verdict.ok_later(
                lambda: t("belote.ok.trump_led_cannot_beat", winning=winning.label),
                _RULE_TRUMP_LED,
            )
        return Verdict.refuse_later(
            MUST_FOLLOW_SUIT,
            lambda: t("belote.refuse.trump_led_follow", cards=describe_cards(trumps)),
            (lead, *trumps),
            _RULE_FOLLOW,
        )

    # Rule 1: follow the led suit (any card of it).
    follow = tuple(c for c in hand if c.suit is led)
    if follow:
        if card.suit is led:
            return Verdict.ok_later(lambda: t("belote.ok.follow", suit=led.symbol), _RULE_FOLLOW)
        return Verdict.refuse_later(
            MUST_FOLLOW_SUIT,
            lambda: t("belote.refuse.must_follow", led=lead.label, cards=describe_cards(follow)),
            (lead, *follow),
            _RULE_FOLLOW,
        )
    if not trumps:
        return Verdict.ok_later(
            lambda: t("belote.ok.no_suit_no_trump", suit=led.symbol), _RULE_TRUMP
        )

    # Rule 2: the partner is winning -> free (000, 003), or trump without overtrumping (004).
    if partner_winning:
        if options.partner_winning == "free":
            return Verdict.ok_later(
                lambda: t("belote.ok.partner_winning_free", winning=winning.label), _RULE_PARTNER
            )
        if card.suit is trump:
            return Verdict.ok_later(
                lambda: t("belote.ok.partner_winning_trump", winning=winning.label), _RULE_PARTNER
            )
        return Verdict.refuse_later(
            MUST_TRUMP,
            lambda: t(
                "belote.refuse.must_trump_partner_winning",
                winning=winning.label,
                suit=led.symbol,
                cards=describe_cards(trumps),
            ),
            (winning, *trumps),
            _RULE_PARTNER,
        )

    # Rule 3: the opponents are winning -> trump; over a trump, overtrump if you can,
    # else still a trump (000 EX2) or, by option, anything.
    if winning.suit is trump:
        higher = tuple(c for c in trumps if _trump_beats(c, winning))
        if higher:
            if card in higher:
                return Verdict.ok_later(
                    lambda: t("belote.ok.overtrump", card=card.label, winning=winning.label),
                    _RULE_OVERTRUMP,
                )
            return Verdict.refuse_later(
                MUST_OVERTRUMP,
                lambda: t(
                    "belote.refuse.must_overtrump",
                    whose=_whose(partner_winning),
                    winning=winning.label,
                    cards=describe_cards(higher),
                ),
                (winning, *higher),
                _RULE_OVERTRUMP,
            )
        if options.cannot_overtrump == "may_discard":
            return Verdict.ok_later(
                lambda: t("belote.ok.cannot_overtrump_discard", winning=winning.label),
                _RULE_UNDERTRUMP,
            )
        if card.suit is trump:
            return Verdict.ok_later(
                lambda: t("belote.ok.cannot_overtrump_trump", winning=winning.label),
                _RULE_UNDERTRUMP,
            )
        return Verdict.refuse_later(
            MUST_PLAY_TRUMP,
            lambda: t(
                "belote.refuse.must_play_trump",
                whose=_whose(partner_winning),
                winning=winning.label,
                cards=describe_cards(trumps),
            ),
            (winning, *trumps),
            _RULE_UNDERTRUMP,
        )
    if card.suit is trump:
        return Verdict.ok_later(lambda: t("belote.ok.trump", suit=led.symbol), _RULE_TRUMP)
    return Verdict.refuse_later(
        MUST_TRUMP,
        lambda: t(
            "belote.refuse.must_trump",
            suit=led.symbol,
            whose=_whose(partner_winning),
            winning=winning.label,
            cards=describe_cards(trumps),
        ),
        (winning, *trumps),
        _RULE_TRUMP,
    )


def _combinations_text(combos: Iterable[Combination]) -> str:
    """Combinations with their cards, for a sentence: ``tierce (8♣ 9♣ 10♣), ...``."""
    return t("common.cards.separator").join(c.describe() for c in combos)


def _whose(partner_winning: bool) -> str:
    """Whose card is winning, for a sentence: the partner's or the opponents'."""
    return t("belote.whose.partner") if partner_winning else t("belote.whose.opponents")


def legal_cards(
    hand: Sequence[Card],
    trick: Sequence[Card],
    trump: Suit,
    options: BeloteOptions = DEFAULT_OPTIONS,
) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (in hand order).

    The same rules as ``explain_play`` (a test holds them together), without a verdict
    per card.
    """
    if not trick:
        return list(hand)
    led = trick[0].suit
    win = _winning_position(trick, trump)
    winning = trick[win]
    trumps = [c for c in hand if c.suit is trump]
    if led is trump:
        # Rule 4: trump led -> a higher trump if you can, else any trump, else anything.
        if not trumps:
            return list(hand)
        rank = _TRUMP_RANK[winning.rank]
        return [c for c in trumps if _TRUMP_RANK[c.rank] > rank] or trumps
    follow = [c for c in hand if c.suit is led]  # Rule 1: follow suit
    if follow:
        return follow
    if not trumps:
        return list(hand)
    if win == len(trick) - 2:  # Rule 2: partner winning
        return list(hand) if options.partner_winning == "free" else trumps
    if winning.suit is trump:  # Rule 3: overtrump, else undertrump (or discard)
        rank = _TRUMP_RANK[winning.rank]
        higher = [c for c in trumps if _TRUMP_RANK[c.rank] > rank]
        if higher:
            return higher
        return list(hand) if options.cannot_overtrump == "may_discard" else trumps
    return trumps


# --- Declarations (RULES.md 1: "Declarations") ---------------------------------------


@dataclass(frozen=True, slots=True)
class Combination:
    """A declarable combination: a sequence (3+ cards in a row, one suit) or a carré.

    ``cards`` are in natural order (sequences) or suit order (carrés). Build one with
    ``Combination.of(cards)``, which checks it.
    """

    kind: str  # "sequence" | "carre"
    cards: tuple[Card, ...]

    @staticmethod
    def of(cards: Iterable[Card | str] | str) -> Combination:
        """The combination formed by these cards.

        Raises:
            InvalidStateError: the cards form no scoring sequence or carré.
        """
        cs = _parse_cards(cards)
        if len(set(cs)) != len(cs):
            raise InvalidStateError(f"{format_cards(cs)} repeats a card")
        ranks = {c.rank for c in cs}
        if len(cs) == 4 and len(ranks) == 1:
            rank = cs[0].rank
            if rank not in CARRE_POINTS:
                raise InvalidStateError(f"four {rank}s score nothing: 8s and 7s make no carré")
            return Combination("carre", tuple(sorted(cs, key=BELOTE_DECK.index)))
        suits = {c.suit for c in cs}
        nat = sorted(_NATURAL[c.rank] for c in cs)
        if len(cs) >= 3 and len(suits) == 1 and nat == list(range(nat[0], nat[0] + len(cs))):
            return Combination("sequence", tuple(sorted(cs, key=lambda c: _NATURAL[c.rank])))
        raise InvalidStateError(
            f"{format_cards(cs)} is no declaration: a sequence is 3 or more cards in a row in "
            "one suit (7-8-9-10-J-Q-K-A), a carré four cards of one rank (not 8 or 7)"
        )

    @property
    def length(self) -> int:
        """The number of cards."""
        return len(self.cards)

    @property
    def top(self) -> Card:
        """The highest card (natural order) of a sequence; any card of a carré."""
        return self.cards[-1]

    @property
    def points(self) -> int:
        """What it scores: tierce 20, quarte 50, quinte (or longer) 100, carrés 100-200."""
        if self.kind == "carre":
            return CARRE_POINTS[self.cards[0].rank]
        return SEQUENCE_POINTS[min(self.length, 5)]

    @property
    def name(self) -> str:
        """Its name, e.g. ``tierce`` or ``carré of jacks``."""
        if self.kind == "carre":
            return t(_CARRE_KEYS[self.cards[0].rank])
        name = t(_SEQUENCE_KEYS[min(self.length, 5)])
        if self.length <= 5:
            return name
        return t("belote.combo.long_sequence", name=name, count=self.length)

    @property
    def announcement(self) -> str:
        """What is said at the table: ``tierce``, ``quinte``, ``carré of jacks``."""
        if self.kind == "carre":
            return self.name
        return t(_SEQUENCE_KEYS[min(self.length, 5)])

    def strength(self, trump: Suit) -> tuple[int, int, int, int]:
        """The key that ranks declarations: carré > sequence; value, rank; length, top, trump."""
        if self.kind == "carre":
            return (1, self.points, CARRE_ORDER[self.cards[0].rank], 0)
        return (0, min(self.length, 5), _NATURAL[self.top.rank], int(self.top.suit is trump))

    def describe(self) -> str:
        """The name with its cards, e.g. ``tierce (8♣ 9♣ 10♣)``."""
        return t(
            "belote.combo.with_cards", name=self.name, cards=" ".join(c.label for c in self.cards)
        )

    def __str__(self) -> str:
        return self.describe()


def _runs(hand: Iterable[Card]) -> list[tuple[Card, ...]]:
    """The maximal runs of 3+ cards in a row in one suit, natural order."""
    out: list[tuple[Card, ...]] = []
    held = set(hand)
    for suit in PLAIN_SUITS:
        run: list[Card] = []
        for card in (*_SUIT_CARDS[suit], None):
            if card is not None and card in held:
                run.append(card)
                continue
            if len(run) >= 3:
                out.append(tuple(run))
            run = []
    return out


def _carres(hand: Iterable[Card]) -> list[Combination]:
    held = set(hand)
    out = []
    for cards in _CARRE_CARDS:
        if all(c in held for c in cards):
            out.append(Combination("carre", cards))
    return out


#: A suit's cards in natural order; the four cards of each carré (``CARRE_POINTS`` order).
_SUIT_CARDS = {suit: tuple(Card(suit, rank) for rank in BELOTE_RANKS) for suit in PLAIN_SUITS}
_CARRE_CARDS = tuple(tuple(Card(s, rank) for s in PLAIN_SUITS) for rank in CARRE_POINTS)


def _set_key(
    combos: Sequence[Combination], trump: Suit
) -> tuple[int, tuple[tuple[int, int, int, int], ...], int, tuple[int, ...]]:
    """How good a set of declarations is: points, then strengths, then cards covered."""
    cards = {c for combo in combos for c in combo.cards}
    return (
        sum(c.points for c in combos),
        tuple(sorted((c.strength(trump) for c in combos), reverse=True)),
        len(cards),
        tuple(sorted((BELOTE_DECK.index(c) for c in cards), reverse=True)),
    )


def best_declarations(
    hand: Iterable[Card], trump: Suit, card_reuse: bool = False
) -> tuple[Combination, ...]:
    """The combinations a player declares: the best set their hand allows.

    Every carré and at most one sequence per run of cards in a row (a run of six or
    more counts as one quinte, 000). Without ``card_reuse`` (004: a card serves in one
    declaration only) the set of most points without a shared card is chosen, a run
    giving up the cards a carré needs; ties go to the stronger declarations.

    >>> [c.name for c in best_declarations(BELOTE_DECK.parse_many(
    ...     "8H 9H 10H JH QH JS JD JC"), Suit.SPADES)]
    ['carré of jacks', 'tierce']
    """
    cards = tuple(hand)
    carres = _carres(cards)
    runs = _runs(cards)
    if card_reuse or not carres:
        chosen = [*carres, *(Combination("sequence", r) for r in runs)]
        return _order(chosen, trump)
    # Without reuse: each run contributes nothing or one window of 3+ cards in a row.
    options_per_run: list[list[Combination | None]] = []
    for run in runs:
        windows: list[Combination | None] = [None]
        for start in range(len(run)):
            for end in range(start + 3, len(run) + 1):
                windows.append(Combination("sequence", run[start:end]))
        options_per_run.append(windows)
    best: list[Combination] = []
    best_key = _set_key((), trump)
    for carre_pick in itertools.product((False, True), repeat=len(carres)):
        base = [c for c, keep in zip(carres, carre_pick, strict=True) if keep]
        used = {c for combo in base for c in combo.cards}
        for pick in itertools.product(*options_per_run):
            seqs = [w for w in pick if w is not None]
            if any(c in used for w in seqs for c in w.cards):
                continue
            combos = [*base, *seqs]
            key = _set_key(combos, trump)
            if key > best_key:
                best, best_key = combos, key
    return _order(best, trump)


def _order(combos: Iterable[Combination], trump: Suit) -> tuple[Combination, ...]:
    return tuple(sorted(combos, key=lambda c: c.strength(trump), reverse=True))


@dataclass(frozen=True)
class DeclarationResult:
    """Which team's declarations score, and why.

    ``team`` is ``None`` when nobody declared; ``seat`` and ``best`` name the winning
    declaration; ``reason`` says in a sentence why it beats the other team's best.
    """

    team: int | None
    seat: Seat | None
    best: Combination | None
    reason: str


def compare_declarations(
    declared: Mapping[Seat, Sequence[Combination]], trump: Suit, dealer: Seat
) -> DeclarationResult:
    """The team whose best declaration is best (only that team scores its declarations).

    Carré beats sequence; higher-valued carré, then higher rank (A > 10 > K > Q); longer
    sequence (six or more count as five); higher top card; the trump sequence; still
    equal, the first in playing order from the dealer's next player (000, 004).
    """
    entries = []
    for seat, combos in declared.items():
        if combos:
            best = max(combos, key=lambda c: c.strength(trump))
            order = (seat - dealer - 1) % NUM_PLAYERS
            entries.append((best.strength(trump), -order, seat, best))
    if not entries:
        return DeclarationResult(None, None, None, t("belote.declarations.nobody"))
    entries.sort(reverse=True)
    strength, _, seat, best = entries[0]
    team = seat % 2
    rival = next((e for e in entries if e[2] % 2 != team), None)
    if rival is None:
        reason = t("belote.declarations.only_team", team=_team_label(team), name=best.name)
    else:
        reason = t(
            _why_stronger(best, rival[3], strength == rival[0]),
            seat=seat_possessive(seat, start=True),
            best=best.describe(),
            rival_seat=seat_possessive(rival[2]),
            rival=rival[3].describe(),
        )
    return DeclarationResult(team, seat, best, reason)


def _why_stronger(a: Combination, b: Combination, equal: bool) -> str:
    """The message key that says why ``a`` beats ``b``."""
    if equal:
        return "belote.declarations.beats_equal"
    if a.kind != b.kind:
        return "belote.declarations.beats_carre_over_sequence"
    if a.kind == "carre":
        if a.points != b.points:
            return "belote.declarations.beats_worth_more"
        return "belote.declarations.beats_higher_rank"
    if min(a.length, 5) != min(b.length, 5):
        return "belote.declarations.beats_longer"
    if a.top.rank != b.top.rank:
        return "belote.declarations.beats_higher_top"
    return "belote.declarations.beats_in_trumps"


def _team_label(team: int) -> str:
    """A team by its seats' names: ``You & Partner`` (``seat 0 & seat 2`` when unnamed)."""
    return side_name((team, team + 2))


# --- Actions --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Pass:
    """A bid: pass (in round 1 or round 2)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Take:
    """A bid: take with ``suit`` as trump (round 1: the proposed card's suit; round 2: another)."""

    suit: Suit

    def __str__(self) -> str:
        return f"take {self.suit.symbol}"


@dataclass(frozen=True, slots=True)
class Declare:
    """At your first turn of the first trick: declare your combinations."""

    combinations: tuple[Combination, ...]

    def __str__(self) -> str:
        return "declare " + ", ".join(c.describe() for c in self.combinations)


@dataclass(frozen=True, slots=True)
class NoDeclaration:
    """At your first turn of the first trick: declare nothing."""

    def __str__(self) -> str:
        return "no declaration"


#: The bids offered (values: the same objects every time).
_PASS = Pass()
_TAKE = {s: Take(s) for s in PLAIN_SUITS}

Bid: TypeAlias = Pass | Take
Action: TypeAlias = Pass | Take | Declare | NoDeclaration | Card | Play
CardsLike: TypeAlias = str | Iterable[Card | str]


# --- The state ------------------------------------------------------------------------


@dataclass(frozen=True)
class BeloteState:
    """One hand of Belote at one moment; ``apply`` returns the next state.

    Build one with ``new_hand`` (from the deal) or ``start_play`` (a position in play).
    """

    ruleset: Ruleset
    dealer: Seat
    phase: str
    to_move: Seat | None
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...] = ()  # the undealt cards, top first (the proposed card first)
    proposed: Card | None = None
    bids: tuple[tuple[Seat, Bid], ...] = ()
    trump: Suit | None = None
    taker: Seat | None = None
    #: per seat: the combinations declared, ``()`` for none, ``None`` while undecided
    declarations: tuple[tuple[Combination, ...] | None, ...] = (None, None, None, None)
    tricks: tuple[TrickResult, ...] = ()
    current_trick: tuple[Play, ...] = ()
    #: per team: cards captured in tricks given without a history (``start_play``)
    captured: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    belote_holder: Seat | None = None
    announcements: tuple[tuple[Seat, str], ...] = ()  # ("belote" / "rebelote", in order)
    carried_points: int = 0
    first_leader: Seat = 0

    # -- the contract's plain members --

    @property
    def game(self) -> str:
        """``"belote"``."""
        return GAME

    @property
    def num_players(self) -> int:
        """Four."""
        return NUM_PLAYERS

    @property
    def options(self) -> BeloteOptions:
        """The rule options in force."""
        opts: BeloteOptions = self.ruleset.options
        return opts

    @property
    def is_terminal(self) -> bool:
        """Whether the hand is over (played out, or all passed twice)."""
        return self.phase == "done"

    @property
    def redeal(self) -> bool:
        """Whether the hand ended because all four passed twice."""
        return self.phase == "done" and self.trump is None

    @property
    def bid_round(self) -> int:
        """1 or 2 during bidding (four bids a round)."""
        return 1 + len(self.bids) // NUM_PLAYERS

    def team_of(self, seat: Seat) -> int:
        """The team of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3."""
        return team_of(seat)

    @property
    def taking_team(self) -> int | None:
        """The taker's team, once someone has taken."""
        return None if self.taker is None else self.taker % 2

    @property
    def trick_leader(self) -> Seat:
        """The seat that leads (or led) the current trick."""
        if self.current_trick:
            return self.current_trick[0].seat
        if self.tricks:
            return self.tricks[-1].winner
        return self.first_leader

    # -- legal actions and reasons --

    def legal_actions(self) -> list[Any]:
        """Every action accepted now: bids, a declaration choice, or the legal cards."""
        if self.phase == "bidding":
            assert self.proposed is not None
            if self.bid_round == 1:
                return [_PASS, _TAKE[self.proposed.suit]]
            return [_PASS, *(_TAKE[s] for s in PLAIN_SUITS if s is not self.proposed.suit)]
        if self.phase == "declare":
            assert self.to_move is not None
            return [Declare(self._offer(self.to_move)), NoDeclaration()]
        return list(self._legal())

    def legal_plays(self) -> list[Card]:
        """The cards the seat to move may play (empty outside the play phase)."""
        return list(self._legal())

    def _legal(self) -> tuple[Card, ...]:
        """The legal cards, computed once per state (kept on it)."""
        legal: tuple[Card, ...] | None = self.__dict__.get("_legal_")
        if legal is None:
            if self.phase != "play" or self.to_move is None or self.trump is None:
                legal = ()
            else:
                legal = tuple(
                    legal_cards(
                        self.hands[self.to_move], self._trick_cards(), self.trump, self.options
                    )
                )
            object.__setattr__(self, "_legal_", legal)
        return legal

    def _trick_cards(self) -> tuple[Card, ...]:
        return tuple([p.card for p in self.current_trick])

    def _offer(self, seat: Seat) -> tuple[Combination, ...]:
        assert self.trump is not None
        offers: dict[Seat, tuple[Combination, ...]] | None = self.__dict__.get("_offer_")
        if offers is None:
            offers = {}
            object.__setattr__(self, "_offer_", offers)
        offer = offers.get(seat)
        if offer is None:
            offer = offers[seat] = best_declarations(
                self._dealt_hand(seat), self.trump, self.options.declaration_card_reuse
            )
        return offer

    def _may_declare(self, seat: Seat) -> bool:
        """Whether the seat holds any combination (a carré or 3 in a row), on bitmasks."""
        assert self.trump is not None
        mask = BELOTE_DECK.mask(self._dealt_hand(seat))
        trump = PLAIN_SUITS.index(self.trump)
        reuse = self.options.declaration_card_reuse
        return fast.declarations(mask, trump, reuse, FAST_TABLES.carres)[0] > 0

    def _dealt_hand(self, seat: Seat) -> tuple[Card, ...]:
        """The seat's cards at the start of play (its hand plus the cards it played)."""
        played = [p.card for t in self.tricks for p in t.plays if p.seat == seat]
        played += [p.card for p in self.current_trick if p.seat == seat]
        return (*self.hands[seat], *played)

    def explain(self, action: Any) -> Verdict:
        """Whether ``action`` is accepted now (for the seat to move), and why not."""
        if self.phase == "done":
            return Verdict.refuse(HAND_OVER, t("belote.refuse.hand_over"), (), _RULE_TURN)
        if isinstance(action, Play):
            if action.seat != self.to_move:
                assert self.to_move is not None  # the hand is not over
                return Verdict.refuse(
                    NOT_YOUR_TURN,
                    t(
                        "belote.refuse.not_your_turn",
                        turn=seat_possessive(self.to_move),
                        seat=seat_possessive(action.seat),
                    ),
                    (action.card,),
                    _RULE_TURN,
                )
            action = action.card
        if isinstance(action, Card):
            return self._explain_card(action)
        if isinstance(action, Pass | Take):
            return self._explain_bid(action)
        if isinstance(action, Declare | NoDeclaration):
            return self._explain_declaration(action)
        return Verdict.refuse(
            UNKNOWN_ACTION, t("belote.refuse.unknown_action", action=repr(action))
        )

    def _explain_card(self, card: Card) -> Verdict:
        if self.phase == "bidding":
            return Verdict.refuse(
                WRONG_PHASE, t("belote.refuse.card_while_bidding"), (card,), _RULE_BID
            )
        if self.phase == "declare":
            return Verdict.refuse(
                WRONG_PHASE, t("belote.refuse.card_before_declaring"), (card,), _RULE_DECLARE
            )
        assert self.to_move is not None and self.trump is not None
        return explain_play(
            self.hands[self.to_move], self._trick_cards(), card, self.trump, self.options
        )

    def _explain_bid(self, bid: Bid) -> Verdict:
        if self.phase != "bidding":
            return Verdict.refuse(WRONG_PHASE, t("belote.refuse.bidding_over"), (), _RULE_BID)
        assert self.proposed is not None
        if isinstance(bid, Pass):
            return Verdict.ok(t("belote.ok.pass"), _RULE_BID)
        proposed = self.proposed
        if self.bid_round == 1 and bid.suit is not proposed.suit:
            return Verdict.refuse(
                BAD_BID,
                t("belote.refuse.round_1_take", suit=proposed.suit.symbol, card=proposed.label),
                (proposed,),
                _RULE_BID,
            )
        if self.bid_round == 2 and bid.suit is proposed.suit:
            return Verdict.refuse(
                BAD_BID,
                t("belote.refuse.round_2_take", suit=proposed.suit.symbol, card=proposed.label),
                (proposed,),
                _RULE_BID,
            )
        if bid.suit not in PLAIN_SUITS:
            return Verdict.refuse(
                BAD_BID, t("belote.refuse.not_a_suit", suit=t(_SUIT_KEYS[bid.suit]))
            )
        return Verdict.ok(t("belote.ok.take", suit=bid.suit.symbol), _RULE_BID)

    def _explain_declaration(self, action: Declare | NoDeclaration) -> Verdict:
        if self.phase != "declare":
            return Verdict.refuse(
                WRONG_PHASE, t("belote.refuse.declaration_not_now"), (), _RULE_DECLARE
            )
        if isinstance(action, NoDeclaration):
            return Verdict.ok_later(lambda: t("belote.ok.declare_nothing"), _RULE_DECLARE)
        assert self.to_move is not None
        offer = self._offer(self.to_move)
        if self._is_offer(action, offer):
            return Verdict.ok_later(
                lambda: t("belote.ok.declare", combinations=_combinations_text(offer)),
                _RULE_DECLARE,
            )
        cards = tuple(c for combo in offer for c in combo.cards)
        key = (
            "belote.refuse.declare_all"
            if self.options.declaration_card_reuse
            else "belote.refuse.declare_all_no_reuse"
        )
        return Verdict.refuse_later(
            BAD_DECLARATION,
            lambda: t(key, combinations=_combinations_text(offer)),
            cards,
            _RULE_DECLARE,
        )

    @staticmethod
    def _is_offer(action: Declare, offer: tuple[Combination, ...]) -> bool:
        """Whether a declaration is the one offered (every combination, in any order)."""
        combos = action.combinations
        return set(combos) == set(offer) and len(combos) == len(offer)

    # -- moving on --

    def apply(self, action: Any) -> BeloteState:
        """The next state after ``action``.

        Raises:
            IllegalPlayError: a card (or ``Play``) the rules refuse, with its verdict.
            IllegalActionError: any other refused action (bid, declaration).
        """
        # The common cases first, without building a verdict.
        kind = action.__class__
        phase = self.phase
        if phase == "play":
            if kind is Card:
                if action in self._legal():
                    return self._play(action)
            elif kind is Play and action.seat == self.to_move and action.card in self._legal():
                return self._play(action.card)
        elif phase == "bidding":
            if kind is Pass:
                return self._bid(action)
            if kind is Take:
                assert self.proposed is not None
                psuit = self.proposed.suit
                if self.bid_round == 1:
                    if action.suit is psuit:
                        return self._bid(action)
                elif action.suit is not psuit and action.suit in PLAIN_SUITS:
                    return self._bid(action)
        elif phase == "declare":
            if kind is NoDeclaration:
                return self._declare(())
            seat = self.to_move
            if kind is Declare and seat is not None and self._is_offer(action, self._offer(seat)):
                return self._declare(action.combinations)
        verdict = self.explain(action)
        if not verdict.legal:
            if isinstance(action, Card | Play):
                raise IllegalPlayError(verdict)
            raise IllegalActionError(verdict)
        if isinstance(action, Play):
            action = action.card
        if isinstance(action, Card):
            return self._play(action)
        if isinstance(action, Pass | Take):
            return self._bid(action)
        assert isinstance(action, Declare | NoDeclaration)
        return self._declare(action.combinations if isinstance(action, Declare) else ())

    def _declare(self, combos: tuple[Combination, ...]) -> BeloteState:
        assert self.to_move is not None
        decl = list(self.declarations)
        decl[self.to_move] = combos
        return evolve(self, {"declarations": tuple(decl), "phase": "play"}, _CACHES)

    def _bid(self, bid: Bid) -> BeloteState:
        assert self.to_move is not None and self.proposed is not None
        bids = (*self.bids, (self.to_move, bid))
        nxt = (self.to_move + 1) % NUM_PLAYERS
        if isinstance(bid, Pass):
            if len(bids) == 2 * NUM_PLAYERS:  # all passed twice: redeal
                return evolve(self, {"bids": bids, "phase": "done", "to_move": None}, _CACHES)
            return evolve(self, {"bids": bids, "to_move": nxt}, _CACHES)
        # The taker receives the proposed card plus 2, the others 3, dealt in order.
        taker = self.to_move
        rest = list(self.stock[1:])
        hands = [list(h) for h in self.hands]
        hands[taker].append(self.proposed)
        for k in range(1, NUM_PLAYERS + 1):
            seat = (self.dealer + k) % NUM_PLAYERS
            n = 2 if seat == taker else 3
            hands[seat].extend(rest[:n])
            del rest[:n]
        final = tuple(_sorted(h) for h in hands)
        state = evolve(
            self,
            {
                "bids": bids,
                "hands": final,
                "stock": (),
                "trump": bid.suit,
                "taker": taker,
                "phase": "play",
                "to_move": self.first_leader,
                "belote_holder": _belote_holder(final, bid.suit),
            },
            _CACHES,
        )
        return state._enter_turn()

    def _enter_turn(self) -> BeloteState:
        """Open the declaration choice at a seat's first turn of the first trick."""
        seat = self.to_move
        if seat is None or self.tricks or self.declarations[seat] is not None or self.trump is None:
            return self
        decl = list(self.declarations)
        if self.options.declarations and self._may_declare(seat):
            return evolve(self, {"phase": "declare"}, _CACHES)
        decl[seat] = ()  # nothing to declare: straight to play
        return evolve(self, {"declarations": tuple(decl), "phase": "play"}, _CACHES)

    def _play(self, card: Card) -> BeloteState:
        seat = self.to_move
        assert seat is not None and self.trump is not None
        hands = list(self.hands)
        hand = hands[seat]
        i = hand.index(card)
        hands[seat] = hand[:i] + hand[i + 1 :]
        trick = (*self.current_trick, Play(seat, card))
        announcements = self.announcements
        if seat == self.belote_holder and card.suit is self.trump and card.rank in ("K", "Q"):
            word = "rebelote" if announcements else "belote"
            announcements = (*announcements, (seat, word))
        if len(trick) < NUM_PLAYERS:
            nxt = evolve(
                self,
                {
                    "hands": tuple(hands),
                    "current_trick": trick,
                    "to_move": (seat + 1) % NUM_PLAYERS,
                    "announcements": announcements,
                },
                _CACHES,
            )
            return nxt._enter_turn() if not self.tricks else nxt
        # Tricks are numbered as played: earlier tricks given only as captured cards count.
        earlier = sum(len(cards) for cards in self.captured) // NUM_PLAYERS
        result = _trick_result(earlier + len(self.tricks), trick, self.trump)
        tricks = (*self.tricks, result)
        done = all(not h for h in hands)
        return evolve(
            self,
            {
                "hands": tuple(hands),
                "current_trick": (),
                "tricks": tricks,
                "to_move": None if done else result.winner,
                "phase": "done" if done else "play",
                "announcements": announcements,
            },
            _CACHES,
        )

    # -- scoring --

    def outcome(self) -> HandOutcome:
        """The itemised score of the finished hand.

        Raises:
            InvalidStateError: the hand is not over.
        """
        if self.phase != "done":
            raise InvalidStateError(f"the hand is not over (phase {self.phase})")
        return _score(self)

    # -- information --

    def _public_in_hand(self, seat: Seat) -> frozenset[Card]:
        """Cards in ``seat``'s hand that every seat knows are there."""
        hand = set(self.hands[seat])
        known: set[Card] = set()
        if self.proposed is not None and self.taker == seat:
            known.add(self.proposed)  # the proposed card was face up
        if self.belote_holder == seat and self.announcements and self.trump is not None:
            # "belote" said: the other of trump K and Q is in the same hand.
            known.update({Card(self.trump, "K"), Card(self.trump, "Q")})
        for combos in self._shown_declarations().values():
            known.update(c for combo in combos for c in combo.cards)
        return frozenset(known & hand)

    def _shown_declarations(self) -> dict[Seat, tuple[Combination, ...]]:
        """After the first trick the team with the best declaration shows it (000 9.5)."""
        if not self.tricks or self.trump is None:
            return {}
        declared = {s: d for s, d in enumerate(self.declarations) if d}
        result = compare_declarations(declared, self.trump, self.dealer)
        if result.team is None:
            return {}
        return {s: d for s, d in declared.items() if s % 2 == result.team}

    def hidden_cards(self, seat: Seat) -> frozenset[Card]:
        """The cards in ``seat``'s hand that no other seat may see."""
        _check_seat(seat)
        return frozenset(self.hands[seat]) - self._public_in_hand(seat)

    def observe(self, seat: Seat) -> Observation:
        """What ``seat`` may see: its hand and everything public."""
        _check_seat(seat)
        known: set[Card] = set(self.hands[seat])
        in_hands: dict[Seat, tuple[Card, ...]] = {}
        for s in range(NUM_PLAYERS):
            shown = self._public_in_hand(s)
            if shown:
                in_hands[s] = _sorted(shown)
                known.update(shown)
        for trick in self.tricks:
            known.update(trick.cards)
        known.update(p.card for p in self.current_trick)
        for team_cards in self.captured:
            known.update(team_cards)
        if self.proposed is not None and self.phase == "bidding":
            known.add(self.proposed)
        announced = {
            s: tuple(c.announcement for c in d) for s, d in enumerate(self.declarations) if d
        }
        public: dict[str, Any] = {
            "phase": self.phase,
            "dealer": self.dealer,
            "direction": self.options.direction,
            "proposed": self.proposed,
            "bids": tuple((s, str(b)) for s, b in self.bids),
            "bid_round": self.bid_round if self.phase == "bidding" else None,
            "trump": self.trump,
            "taker": self.taker,
            "declarations_announced": announced,
            "declarations_shown": self._shown_declarations(),
            "announcements": self.announcements,
            "known_in_hands": in_hands,
            "carried_points": self.carried_points,
            "captured_counts": tuple(len(c) for c in self.captured),
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


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_DECK_INDEX.__getitem__))


_DECK_INDEX = {c: i for i, c in enumerate(BELOTE_DECK)}
#: What the engine keeps on a state, derived from its fields (left behind by evolve).
_CACHES = ("_legal_", "_offer_")


def _belote_holder(hands: Sequence[Iterable[Card]], trump: Suit) -> Seat | None:
    king, queen = Card(trump, "K"), Card(trump, "Q")
    for seat, hand in enumerate(hands):
        if king in hand and queen in hand:
            return seat
    return None


def _trick_result(index: int, plays: tuple[Play, ...], trump: Suit) -> TrickResult:
    cards = [p.card for p in plays]
    pos = _winning_position(cards, trump)
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


# --- Building states ------------------------------------------------------------------


def _parse_cards(cards: CardsLike) -> tuple[Card, ...]:
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


def _parse_suit(trump: Suit | str) -> Suit:
    if isinstance(trump, Suit):
        suit = trump
    else:
        t = str(trump).strip().lower()
        names = {s.english: s for s in PLAIN_SUITS}
        names.update({s.value.lower(): s for s in PLAIN_SUITS})
        names.update({s.symbol: s for s in PLAIN_SUITS})
        if t not in names:
            raise InvalidStateError(f"unknown trump suit {trump!r}: use S, H, D or C")
        suit = names[t]
    if suit not in PLAIN_SUITS:
        raise InvalidStateError(f"{suit.english} cannot be trump in Belote")
    return suit


def new_hand(
    ruleset: str | Ruleset = "default",
    *,
    rng: random.Random | None = None,
    deal: CardsLike | None = None,
    dealer: Seat = 0,
    carried_points: int = 0,
) -> BeloteState:
    """A fresh hand in the bidding phase: 3 + 2 cards each and the proposed card.

    ``rng`` shuffles a new deck (an injected ``random.Random``); ``deal`` is an explicit
    deck order, top first. Cards go from the seat after the dealer: 3 each, then 2
    each; the 21st card is proposed. ``carried_points`` are litige points held for
    this hand's winner.

    Raises:
        InvalidStateError: neither or both of ``rng`` and ``deal``, a deal that is not
            the 32 cards, an unknown dealer seat, negative carried points.
    """
    rs = _resolve(ruleset)
    _check_seat(dealer, "dealer seat")
    if (rng is None) == (deal is None):
        raise InvalidStateError("give exactly one of rng (a random.Random) or deal (a deck order)")
    if deal is None:
        assert rng is not None
        order = list(BELOTE_DECK)
        rng.shuffle(order)
        deck = tuple(order)
    else:
        deck = _parse_cards(deal)
        if len(deck) != len(BELOTE_DECK) or len(set(deck)) != len(deck):
            missing = set(BELOTE_DECK) - set(deck)
            raise InvalidStateError(
                f"a deal is the 32 cards once each; got {len(deck)} cards"
                + (f", missing {format_cards(_sorted(missing))}" if missing else "")
            )
    if carried_points < 0:
        raise InvalidStateError(f"carried points cannot be negative ({carried_points})")
    hands: list[list[Card]] = [[] for _ in range(NUM_PLAYERS)]
    pos = 0
    for n in (3, 2):  # 3 then 2 cards each, from the dealer's next player
        for k in range(1, NUM_PLAYERS + 1):
            hands[(dealer + k) % NUM_PLAYERS].extend(deck[pos : pos + n])
            pos += n
    first = (dealer + 1) % NUM_PLAYERS
    return BeloteState(
        ruleset=rs,
        dealer=dealer,
        phase="bidding",
        to_move=first,
        hands=tuple(_sorted(h) for h in hands),
        stock=deck[pos:],
        proposed=deck[pos],
        carried_points=carried_points,
        first_leader=first,
    )


def start_play(
    hands: Sequence[CardsLike],
    trump: Suit | str,
    taker: Seat,
    dealer: Seat = 0,
    ruleset: str | Ruleset = "default",
    tricks: Sequence[CardsLike] = (),
    current_trick: CardsLike = (),
    declarations: Mapping[Seat, Sequence[Combination | CardsLike]] | None = None,
    captured: Mapping[int, CardsLike] | Sequence[CardsLike] | None = None,
    carried_points: int | None = None,
    *,
    leader: Seat | None = None,
    belote_holder: Seat | None = None,
) -> BeloteState:
    """A position in the play phase, for scenarios; everything is validated.

    Args:
        hands: the four current hands (8 cards minus those played).
        trump: the trump suit; taker: the seat that took.
        tricks: finished tricks as cards in playing order; the first is led by
            ``leader`` (default: the dealer's next player), the next ones by the winner.
        current_trick: the cards of the trick under way, in playing order.
        declarations: per seat, the combinations declared at the first trick (each a
            ``Combination`` or its cards); ``None``: nobody declared. ``start_play``
            never opens the declaration phase.
        captured: per team (0, 1), cards captured in earlier tricks given without a
            history (whole tricks: a multiple of 4 cards each).
        carried_points: litige points held for this hand's winner.
        leader: who led the first trick given (needed when ``captured`` stands for the
            earlier tricks).
        belote_holder: the seat that held trump K and Q, when captured cards hide it
            (otherwise it is found from the hands and the tricks).

    A declared card, or the holder's trump K or Q, may also be among the captured
    cards (played earlier, in tricks given without a history).

    Raises:
        InvalidStateError: a duplicate card, a hand of the wrong size for the history, an
            illegal card in a given trick, an unknown seat, a bad declaration.
    """
    rs = _resolve(ruleset)
    opts: BeloteOptions = rs.options
    _check_seat(dealer, "dealer seat")
    _check_seat(taker, "taker seat")
    trump_suit = _parse_suit(trump)
    if len(hands) != NUM_PLAYERS:
        raise InvalidStateError(f"Belote has 4 hands, got {len(hands)}")
    hand_cards = [_parse_cards(h) for h in hands]
    trick_cards = [_parse_cards(t) for t in tricks]
    current_cards = _parse_cards(current_trick)
    cap: list[tuple[Card, ...]] = [(), ()]
    if captured is not None:
        items = captured.items() if isinstance(captured, Mapping) else enumerate(captured)
        for team, cards in items:
            if team not in (0, 1):
                raise InvalidStateError(f"unknown team {team!r} in captured: teams are 0 and 1")
            cap[team] = _parse_cards(cards)

    # Every card once.
    where: dict[Card, str] = {}

    def place(card: Card, label: str) -> None:
        if card in where:
            raise InvalidStateError(f"card {card} appears twice: {where[card]} and {label}")
        where[card] = label

    for s, h in enumerate(hand_cards):
        for c in h:
            place(c, f"seat {s}'s hand")
    for i, cards in enumerate(trick_cards):
        if len(cards) != NUM_PLAYERS:
            raise InvalidStateError(f"trick {i + 1} has {len(cards)} cards; a finished trick has 4")
        for c in cards:
            place(c, f"trick {i + 1}")
    if len(current_cards) >= NUM_PLAYERS:
        raise InvalidStateError(
            f"the current trick has {len(current_cards)} cards; a trick under way has 0 to 3"
        )
    for c in current_cards:
        place(c, "the current trick")
    for team, cards in enumerate(cap):
        if len(cards) % NUM_PLAYERS:
            raise InvalidStateError(
                f"team {team} captured {len(cards)} cards: whole tricks are 4 cards each"
            )
        for c in cards:
            place(c, f"team {team}'s captured cards")
    done_tricks = len(trick_cards) + (len(cap[0]) + len(cap[1])) // NUM_PLAYERS
    if done_tricks > NUM_TRICKS:
        raise InvalidStateError(f"{done_tricks} tricks played: a hand has only 8")
    if len(where) != len(BELOTE_DECK):
        missing = _sorted(set(BELOTE_DECK) - set(where))
        raise InvalidStateError(
            f"the position must hold all 32 cards; missing {format_cards(missing)}"
        )

    # Derive leaders and winners; check each trick was legal.
    first_leader = (dealer + 1) % NUM_PLAYERS
    lead = first_leader if leader is None else leader
    _check_seat(lead, "leader seat")
    plays_of: list[list[Card]] = [[] for _ in range(NUM_PLAYERS)]
    seq: list[tuple[int, list[Play]]] = []
    for i, cards in enumerate([*trick_cards, current_cards]):
        ps = [Play((lead + k) % NUM_PLAYERS, c) for k, c in enumerate(cards)]
        seq.append((i, ps))
        for p in ps:
            plays_of[p.seat].append(p.card)
        if len(cards) == NUM_PLAYERS:
            lead = trick_winner(cards, trump_suit, lead)
    in_trick = {p.seat for p in seq[-1][1]}
    for s in range(NUM_PLAYERS):
        want = NUM_TRICKS - done_tricks - (1 if s in in_trick else 0)
        if len(hand_cards[s]) != want:
            raise InvalidStateError(
                f"seat {s} holds {len(hand_cards[s])} cards but should hold {want} after "
                f"{done_tricks} finished tricks"
                + (" and its card in the current trick" if s in in_trick else "")
            )
    held = [list(hand_cards[s]) + plays_of[s] for s in range(NUM_PLAYERS)]
    results: list[TrickResult] = []
    base = done_tricks - len(trick_cards)
    for i, ps in seq:
        for k, p in enumerate(ps):
            verdict = explain_play(held[p.seat], [q.card for q in ps[:k]], p.card, trump_suit, opts)
            if not verdict.legal:
                where_txt = (
                    "the current trick" if i == len(trick_cards) else f"trick {base + i + 1}"
                )
                raise InvalidStateError(
                    f"{where_txt}: seat {p.seat} may not play {p.card}: {verdict.message}"
                )
            held[p.seat].remove(p.card)
        if i < len(trick_cards):
            results.append(_trick_result(base + i, tuple(ps), trump_suit))

    # Declarations: cards the seat held at the start of play, no card twice (by option).
    decl: list[tuple[Combination, ...]] = [(), (), (), ()]
    if declarations:
        if not opts.declarations:
            raise InvalidStateError(f"ruleset {rs.name} plays without declarations")
        for seat, combos in declarations.items():
            _check_seat(seat, "declaring seat")
            known = set(hand_cards[seat]) | set(plays_of[seat]) | set(cap[0]) | set(cap[1])
            parsed = tuple(c if isinstance(c, Combination) else Combination.of(c) for c in combos)
            seen: set[Card] = set()
            for combo in parsed:
                if not set(combo.cards) <= known:
                    raise InvalidStateError(
                        f"seat {seat} declares {combo.describe()} without holding "
                        f"{format_cards(c for c in combo.cards if c not in known)}"
                    )
                if not opts.declaration_card_reuse and seen & set(combo.cards):
                    raise InvalidStateError(
                        f"seat {seat} uses {format_cards(seen & set(combo.cards))} in two "
                        "declarations, which this ruleset forbids"
                    )
                seen |= set(combo.cards)
            decl[seat] = parsed

    # Belote-rebelote: found from the cards, or given when captured cards hide it.
    known_hands = [set(hand_cards[s]) | set(plays_of[s]) for s in range(NUM_PLAYERS)]
    holder = _belote_holder(known_hands, trump_suit)
    pair = {Card(trump_suit, "K"), Card(trump_suit, "Q")}
    announcements: list[tuple[Seat, str]] = []
    if belote_holder is not None:
        _check_seat(belote_holder, "belote holder seat")
        if holder not in (None, belote_holder) or not pair <= (
            known_hands[belote_holder] | set(cap[0]) | set(cap[1])
        ):
            raise InvalidStateError(
                f"seat {belote_holder} cannot have held {format_cards(_sorted(pair))}: "
                "another seat holds or played one of them"
            )
        holder = belote_holder
        for _ in pair & (set(cap[0]) | set(cap[1])):  # announced in an earlier trick
            announcements.append((holder, "rebelote" if announcements else "belote"))
    for _, ps in seq:
        for p in ps:
            if p.seat == holder and p.card.suit is trump_suit and p.card.rank in ("K", "Q"):
                announcements.append((p.seat, "rebelote" if announcements else "belote"))
    carried = 0 if carried_points is None else carried_points
    if carried < 0:
        raise InvalidStateError(f"carried points cannot be negative ({carried})")
    finished = all(not h for h in hand_cards)
    if finished and not results:
        raise InvalidStateError(
            "a finished hand needs its last trick listed: its winner takes the dix de der"
        )
    current_plays = tuple(seq[-1][1])
    to_move = None if finished else (lead + len(current_plays)) % NUM_PLAYERS
    return BeloteState(
        ruleset=rs,
        dealer=dealer,
        phase="done" if finished else "play",
        to_move=to_move,
        hands=tuple(_sorted(h) for h in hand_cards),
        trump=trump_suit,
        taker=taker,
        declarations=tuple(decl),
        tricks=tuple(results),
        current_trick=current_plays,
        captured=(_sorted(cap[0]), _sorted(cap[1])),
        belote_holder=holder,
        announcements=tuple(announcements),
        carried_points=carried,
        first_leader=first_leader if leader is None else leader,
    )


# --- Scoring (RULES.md 1: "Scoring a hand") -------------------------------------------


def round_tens(points: int) -> int:
    """Round to the nearest ten, halves up (000: 78 and 84 both become 80).

    >>> round_tens(78), round_tens(84), round_tens(85)
    (80, 80, 90)
    """
    return (points + 5) // 10 * 10


def _score(state: BeloteState) -> HandOutcome:
    rs = state.ruleset
    opts = state.options
    carried = state.carried_points
    if state.trump is None or state.taker is None:
        return _redeal_outcome(state)
    trump = state.trump
    taker_team = state.taker % 2
    defence = 1 - taker_team
    lines: list[ScoreLine] = []

    def add(kind: str, label: str, team: int, points: int, note: str = "") -> None:
        lines.append(ScoreLine(kind, label, SIDES[team], points, note))

    # Card points and the dix de der (152 + 10 = 162).
    card_pts = [0, 0]
    tricks_won = [0, 0]
    player_pts = [0, 0, 0, 0]
    for trick in state.tricks:
        card_pts[trick.winner % 2] += int(trick.points)
        player_pts[trick.winner] += int(trick.points)
        tricks_won[trick.winner % 2] += 1
    for team, cards in enumerate(state.captured):
        card_pts[team] += trick_points(cards, trump)
        tricks_won[team] += len(cards) // NUM_PLAYERS
    der_team = state.tricks[-1].winner % 2
    raw = list(card_pts)
    raw[der_team] += DIX_DE_DER
    capot = next((tm for tm in (0, 1) if tricks_won[1 - tm] == 0), None)

    # Declarations: only the team with the best declaration scores its own, all of them.
    declared = {s: d for s, d in enumerate(state.declarations) if d}
    dres = compare_declarations(declared, trump, state.dealer)
    best_team = dres.team
    decl_pts = [0, 0]
    take_all = opts.declarations_won == "all"  # 000: the beaten declarations too
    for s, combos in declared.items():
        if best_team is not None and (s % 2 == best_team or take_all):
            decl_pts[best_team] += sum(c.points for c in combos)
    # Belote-rebelote: always scored by the holder's team.
    belote_team = None if state.belote_holder is None else state.belote_holder % 2
    bel_pts = [BELOTE_POINTS if belote_team == tm else 0 for tm in (0, 1)]

    # The contract, judged on exact points (by option: with declarations, or tricks only;
    # on the points rounded to tens, 000's "some versions").
    if opts.contract_basis == "total_strict":
        fig = [raw[tm] + decl_pts[tm] + bel_pts[tm] for tm in (0, 1)]
        basis_txt = t("belote.contract.total_strict")
    else:
        fig = list(raw)
        basis_txt = t("belote.contract.tricks_at_least_81")
    if opts.rounding == "tens_judged":
        fig = [round_tens(f) for f in fig]
    strict = opts.contract_basis == "total_strict"
    needed = fig[defence] + 1 if strict else HAND_POINTS_TOTAL // 2
    litige = False
    if capot is not None:
        made = capot == taker_team  # all eight tricks settle the contract
    elif fig[taker_team] != fig[defence]:
        made = fig[taker_team] > fig[defence]
    else:
        made = opts.contract_basis == "tricks_at_least_81" or opts.tie_81 == "taker_succeeds"
        litige = not made and opts.tie_81 == "litige"  # else a dedans (000: must be more)
    dedans = not made and not litige  # a capot won by the defence is one too
    dedans_all = opts.dedans_declarations == "all"

    # Who receives the best team's declarations (None: nobody), and why.
    if dedans and dedans_all:
        decl_to: int | None = defence
        decl_note = t("belote.note.dedans_declarations") if best_team == taker_team else dres.reason
        held_note = ""
    elif dedans:
        # 004: the takers lose all their points; the defence scores only its own.
        decl_to = defence if best_team == defence else None
        decl_note = dres.reason
        held_note = t("belote.note.dedans_declarations_lost")
    elif capot is not None:
        decl_to = capot if best_team == capot else None
        decl_note = dres.reason
        held_note = t("belote.note.capot_declarations")
    elif litige:
        decl_to = defence if best_team == defence else None
        decl_note = dres.reason
        held_note = t("belote.note.litige_declarations")
    else:
        decl_to = best_team
        decl_note = dres.reason
        held_note = ""

    def card_lines(team: int) -> None:
        add("card_points", t("belote.line.card_points"), team, card_pts[team])
        if der_team == team:
            add("dix_de_der", t("belote.line.dix_de_der"), team, DIX_DE_DER)

    if capot is not None:
        # Capot: 250 in all (or 162 + 90 by option); the other team only its belote.
        card_lines(capot)
        add("capot", t("belote.line.capot"), capot, opts.capot - HAND_POINTS_TOTAL)
    elif made:
        card_lines(taker_team)
        card_lines(defence)
    elif dedans:
        # Dedans: the defence scores all 162 and the declarations.
        card_lines(defence)
        add(
            "dedans",
            t("belote.line.dedans"),
            defence,
            raw[taker_team],
            t("belote.note.dedans", taker=fig[taker_team], defence=fig[defence]),
        )
    else:
        card_lines(defence)
    for seat, combos in declared.items():
        for combo in combos:
            label = t("belote.line.declaration", combination=combo.describe(), seat=seat_name(seat))
            if seat % 2 == best_team and decl_to is not None:
                add("declaration", label, decl_to, combo.points, decl_note)
            elif seat % 2 == best_team:
                add("declaration", label, seat % 2, 0, held_note)
            elif dedans and dedans_all:
                # Dedans, a capot won by the defence included: the defence scores 162 (or
                # the capot) plus all declarations, both teams' (000 §11(3), 003 §4:
                # "所有宣牌分").
                add("declaration", label, defence, combo.points, t("belote.note.dedans_all"))
            elif dedans:
                # 004: a beaten declaration never scores; the takers lose all their points.
                if seat % 2 == taker_team:
                    note = t("belote.note.dedans_declarations_lost")
                else:
                    note = t("belote.note.declaration_beaten", reason=dres.reason)
                add("declaration", label, seat % 2, 0, note)
            elif take_all and decl_to is not None:
                add(
                    "declaration",
                    label,
                    decl_to,
                    combo.points,
                    t("belote.note.best_takes_all"),
                )
            elif take_all:
                add("declaration", label, seat % 2, 0, held_note)
            else:
                note = t("belote.note.declaration_beaten", reason=dres.reason)
                add("declaration", label, seat % 2, 0, note)
    if belote_team is not None:
        assert state.belote_holder is not None  # belote_team is the holder's team
        add(
            "belote",
            t("belote.line.belote", seat=seat_name(state.belote_holder)),
            belote_team,
            BELOTE_POINTS,
            t("belote.note.belote"),
        )
    held = 0
    if litige:
        # Litige: the defence scores its points; the taker's are held for the next hand.
        held = raw[taker_team] + decl_pts[taker_team]
        if opts.rounding != "none":
            held = round_tens(held)
        add(
            "litige",
            t("belote.line.litige"),
            taker_team,
            0,
            t("belote.note.litige", points=held),
        )

    exact = [_side_total(lines, tm) for tm in (0, 1)]
    if opts.rounding != "none":
        for team in (0, 1):
            diff = round_tens(exact[team]) - exact[team]
            if diff:
                note = t("belote.note.rounding", exact=exact[team], rounded=exact[team] + diff)
                add("rounding", t("belote.line.rounding"), team, diff, note)

    winner = None if litige else (taker_team if made else defence)
    if carried and winner is not None:
        add(
            "litige",
            t("belote.line.litige_carried"),
            winner,
            carried,
            t("belote.note.litige_carried"),
        )
    elif carried:
        held += carried
    totals = {SIDES[tm]: _side_total(lines, tm) for tm in (0, 1)}

    taker_fig, defence_fig = fig[taker_team], fig[defence]
    if capot is not None:
        result = t("belote.result.capot", team=_team_label(capot))
    elif made:
        team_txt = _team_label(taker_team)
        result = t("belote.result.made", team=team_txt, taker=taker_fig, defence=defence_fig)
    elif dedans:
        team_txt = _team_label(taker_team)
        key = "belote.result.dedans" if dedans_all else "belote.result.dedans_own"
        result = t(key, team=team_txt, taker=taker_fig, defence=defence_fig)
    else:
        result = t("belote.result.litige", taker=taker_fig, defence=defence_fig)
    details: dict[str, Any] = {
        "result": "made" if made else ("dedans" if dedans else "litige"),
        "made": made,
        "dedans": dedans,
        "litige": litige,
        "capot": capot,
        "dealer": state.dealer,
        "taker": state.taker,
        "taking_team": taker_team,
        "trump": trump.value,
        "trick_points": [int(tr.points) for tr in state.tricks],
        "trick_winners": [tr.winner for tr in state.tricks],
        "trick_leaders": [tr.leader for tr in state.tricks],
        "tricks_won": tricks_won,
        "card_points": card_pts,
        "player_points": player_pts,
        "dix_de_der_team": der_team,
        "team_card_points": raw,
        "declarations": {
            tm: [
                {"seat": s, "name": c.name, "points": c.points, "cards": [x.code for x in c.cards]}
                for s, combos in declared.items()
                if s % 2 == tm
                for c in combos
            ]
            for tm in (0, 1)
        },
        "declaration_team": best_team,
        "declaration_reason": dres.reason,
        "declaration_points": decl_pts,
        "belote_seat": state.belote_holder,
        "belote_team": belote_team,
        "contract": {
            "basis": opts.contract_basis,
            "description": basis_txt,
            "taker_figure": fig[taker_team],
            "defence_figure": fig[defence],
            "needed": needed,
        },
        "hand_winner": winner,
        "carried_in": carried,
        "carried_to": winner if carried else None,
        "held_for_next": held,
        "rounding": opts.rounding,
        "unrounded": exact,
        "next_dealer": _next_dealer(state.dealer, opts, redeal=False),
    }
    return HandOutcome(GAME, rs.name, tuple(lines), totals, result, details)


def _side_total(lines: Iterable[ScoreLine], team: int) -> int:
    return sum(int(line.points) for line in lines if line.side == SIDES[team])


def _redeal_outcome(state: BeloteState) -> HandOutcome:
    carried = state.carried_points
    details: dict[str, Any] = {
        "result": "redeal",
        "made": False,
        "dedans": False,
        "litige": False,
        "capot": None,
        "dealer": state.dealer,
        "taker": None,
        "hand_winner": None,
        "carried_in": carried,
        "carried_to": None,
        "held_for_next": carried,
        "next_dealer": _next_dealer(state.dealer, state.options, redeal=True),
    }
    totals = {SIDES[0]: 0, SIDES[1]: 0}
    return HandOutcome(GAME, state.ruleset.name, (), totals, t("belote.result.redeal"), details)


def _next_dealer(dealer: Seat, opts: BeloteOptions, redeal: bool) -> Seat:
    if redeal and opts.redeal_dealer == "same":
        return dealer
    return (dealer + 1) % NUM_PLAYERS


# --- A match (RULES.md 1: game target; 000 section 12) --------------------------------


@dataclass(frozen=True)
class BeloteMatch:
    """A game to the target score: hands in sequence, the dealer passing on.

    ``record`` adds a finished hand: its totals, the next dealer (after a redeal by the
    ``redeal_dealer`` option) and any litige points held for the next hand's winner.
    The match ends when a team reaches the target; if both do, the higher score wins;
    equal scores at or over the target play another hand (004).
    """

    ruleset: Ruleset
    scores: tuple[int, int] = (0, 0)
    dealer: Seat = 0
    carried_points: int = 0
    history: tuple[HandOutcome, ...] = ()

    @staticmethod
    def start(ruleset: str | Ruleset = "default", dealer: Seat = 0) -> BeloteMatch:
        """A new match with ``dealer`` dealing the first hand."""
        _check_seat(dealer, "dealer seat")
        return BeloteMatch(_resolve(ruleset), dealer=dealer)

    @property
    def target(self) -> int:
        """The score that ends the match."""
        opts: BeloteOptions = self.ruleset.options
        return opts.target

    @property
    def winner(self) -> int | None:
        """The winning team once the match is over, else ``None`` (also for a draw)."""
        a, b = self.scores
        if max(a, b) < self.target or a == b:
            return None
        return 0 if a > b else 1

    @property
    def is_draw(self) -> bool:
        """Equal scores at or over the target, where the option makes that a draw (000)."""
        a, b = self.scores
        opts: BeloteOptions = self.ruleset.options
        return a == b and a >= self.target and opts.tie_at_target == "draw"

    @property
    def is_over(self) -> bool:
        """Whether a team has won, or the match is drawn."""
        return self.winner is not None or self.is_draw

    def new_hand(
        self, *, rng: random.Random | None = None, deal: CardsLike | None = None
    ) -> BeloteState:
        """The next hand, dealt by the match's dealer, with any litige points carried in.

        Raises:
            InvalidStateError: the match is over.
        """
        if self.is_draw:
            raise InvalidStateError("the match is over: a draw at the target")
        if self.is_over:
            raise InvalidStateError(f"the match is over: {TEAM_LABELS[self.winner or 0]} won")
        return new_hand(
            self.ruleset, rng=rng, deal=deal, dealer=self.dealer, carried_points=self.carried_points
        )

    def record(self, hand: HandOutcome | BeloteState) -> BeloteMatch:
        """The match after a finished hand (a redeal scores nothing and moves the deal by option).

        Raises:
            InvalidStateError: the match is over, the hand is not finished, or it was not
                dealt by this match's dealer with this match's carried points.
        """
        outcome = hand.outcome() if isinstance(hand, BeloteState) else hand
        if self.is_over:
            raise InvalidStateError("the match is over: no more hands")
        d = outcome.details
        if outcome.game != GAME or d.get("dealer") != self.dealer:
            raise InvalidStateError(
                f"this hand was dealt by seat {d.get('dealer')}, but seat {self.dealer} deals "
                "this hand of the match"
            )
        if d.get("carried_in") != self.carried_points:
            raise InvalidStateError(
                f"this hand carried {d.get('carried_in')} litige points in, the match holds "
                f"{self.carried_points}"
            )
        scores = (
            self.scores[0] + int(outcome.totals[SIDES[0]]),
            self.scores[1] + int(outcome.totals[SIDES[1]]),
        )
        return BeloteMatch(
            self.ruleset,
            scores,
            int(d["next_dealer"]),
            int(d["held_for_next"]),
            (*self.history, outcome),
        )


# --- Fast random playouts -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayoutResult:
    """The figures of one random hand played by ``playout``.

    Cards are deck indices (``BELOTE_DECK[i]``); ``deal`` is the deck order, top first,
    so ``new_hand(deal=result.deal_cards, dealer=result.dealer)`` replays it. ``bids``
    holds -1 for a pass, else the index in ``PLAIN_SUITS`` of the suit taken;
    ``declared[s]`` says whether seat ``s`` declared when offered. Teams are indexed 0
    and 1; ``None`` means none (no taker after a redeal, no capot...).
    """

    ruleset: str
    dealer: Seat
    deal: tuple[int, ...]
    bids: tuple[int, ...]
    declared: tuple[bool, ...]
    taker: Seat | None
    trump: Suit | None
    plays: tuple[int, ...]  # every card in playing order
    trick_winners: tuple[Seat, ...]
    trick_points: tuple[int, ...]
    player_points: tuple[int, ...]  # card points won in tricks, per seat
    team_card_points: tuple[int, int]  # with the dix de der: 162 in all
    team_points: tuple[int, int]  # the hand's score per team
    result: str  # "made", "dedans", "litige" or "redeal"
    capot: int | None
    declaration_team: int | None
    belote_team: int | None
    held_for_next: int

    @property
    def deal_cards(self) -> tuple[Card, ...]:
        """The deal as cards, top first."""
        return tuple(BELOTE_DECK[i] for i in self.deal)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in playing order."""
        return tuple(BELOTE_DECK[i] for i in self.plays)


FAST_TABLES = fast.make_tables(
    TRUMP_ORDER, PLAIN_ORDER, TRUMP_POINTS, PLAIN_POINTS, CARRE_POINTS, CARRE_ORDER
)
_FAST_CONFIG: dict[BeloteOptions, tuple[fast.Flags, int]] = {}


def _fast_config(opts: BeloteOptions) -> tuple[fast.Flags, int]:
    cfg = _FAST_CONFIG.get(opts)
    if cfg is None:
        flags = (
            opts.partner_winning == "free",
            opts.cannot_overtrump == "must_trump",
            opts.contract_basis == "total_strict",
            opts.tie_81 == "taker_succeeds",
            opts.tie_81 == "dedans",
            opts.rounding != "none",
            opts.rounding == "tens_judged",
            opts.declarations,
            opts.declaration_card_reuse,
            opts.declarations_won == "all",
            opts.dedans_declarations == "all",
        )
        cfg = _FAST_CONFIG[opts] = (flags, opts.capot)
    return cfg


def playout(
    rng: random.Random,
    ruleset: str | Ruleset = "default",
    *,
    dealer: Seat = 0,
    carried_points: int = 0,
) -> PlayoutResult:
    """Deal with ``rng`` and play one hand by random legal choices, fast.

    Bids, declarations and cards are chosen uniformly among the legal actions; the
    same rules as the state machine run on a private bitmask representation.
    """
    rs = _resolve(ruleset)
    _check_seat(dealer, "dealer seat")
    flags, capot_total = _fast_config(rs.options)
    (
        deal, bids, declared, taker, trump, plays, winners, tpoints, player, raw, tot,
        result, capot, decl_team, belote_team, held,
    ) = fast.play_hand(
        rng, FAST_TABLES, dealer, carried_points, flags, capot_total
    )  # fmt: skip
    return PlayoutResult(
        rs.name,
        dealer,
        deal,
        bids,
        declared,
        None if taker < 0 else taker,
        None if trump < 0 else PLAIN_SUITS[trump],
        tuple(plays),
        tuple(winners),
        tuple(tpoints),
        tuple(player),
        (raw[0], raw[1]),
        (tot[0], tot[1]),
        result,
        None if capot < 0 else capot,
        None if decl_team < 0 else decl_team,
        None if belote_team < 0 else belote_team,
        held,
    )


def hand_order(state: BeloteState) -> tuple[Suit | None, Callable[[Card], int]]:
    """How a Belote hand is sorted: the trump suit once chosen (placed last), and each
    card's strength inside its suit (trump J and 9 at the top of the trump suit)."""
    trump = state.trump

    def strength(card: Card) -> int:
        order = TRUMP_ORDER if card.suit is trump else PLAIN_ORDER
        return order.index(card.rank)

    return trump, strength


__all__ = [
    "BELOTE_POINTS",
    "CARRE_POINTS",
    "CONTREE_DISCARD",
    "DEFAULT",
    "DIX_DE_DER",
    "GAME",
    "HAND_POINTS_TOTAL",
    "PLAIN_ORDER",
    "PLAIN_POINTS",
    "SEED_000",
    "SEED_004",
    "SEQUENCE_POINTS",
    "SIDES",
    "TRUMP_ORDER",
    "TRUMP_POINTS",
    "UNKNOWN_ACTION",
    "Action",
    "BeloteMatch",
    "BeloteOptions",
    "BeloteState",
    "Bid",
    "Combination",
    "DeclarationResult",
    "Declare",
    "NoDeclaration",
    "Pass",
    "PlayoutResult",
    "Take",
    "best_declarations",
    "card_points",
    "card_power",
    "compare_declarations",
    "explain_play",
    "hand_order",
    "legal_cards",
    "new_hand",
    "playout",
    "round_tens",
    "start_play",
    "team_of",
    "trick_points",
    "trick_winner",
]


register_game("belote", "Belote", sys.modules[__name__], place=1)
