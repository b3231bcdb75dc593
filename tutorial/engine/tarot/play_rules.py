"""Which cards the seat to move may play, and why a refused card is refused (Rules:
follow suit, trump, overtrump, the Excuse at any time)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from tutorial.engine.cards import EXCUSE, TAROT_DECK, Card, Suit
from tutorial.engine.errors import InvalidStateError
from tutorial.engine.outcomes import Play
from tutorial.engine.seats import Seat, seat_possessive
from tutorial.engine.tarot.cards import (
    TRUMP_VALUE,
    check_cards,
    check_seat,
    is_trump,
    led_card,
    rank_value,
    same_side,
    sort_cards,
    winning_position,
)
from tutorial.engine.tarot.constants import (
    HAND_SIZE,
    NUM_PLAYERS,
    RULE_EXCUSE,
    RULE_FOLLOW,
    RULE_HAND,
    RULE_OVERTRUMP,
    RULE_TRUMP,
)
from tutorial.engine.tarot.sentences import cards_text, suit_name
from tutorial.engine.verdicts import (
    MUST_FOLLOW_SUIT,
    MUST_OVERTRUMP,
    MUST_PLAY_TRUMP,
    MUST_PLAY_TRUMP_HIGHER,
    MUST_TRUMP,
    NOT_IN_HAND,
    Verdict,
)
from tutorial.language.i18n import t

_TRUMP = Suit.TRUMP


def legal_cards(hand: Sequence[Card], trick: Sequence[Play]) -> Sequence[Card]:
    """The cards of ``hand`` that may go on ``trick``, in the hand's order.

    The rules of ``requirement`` (a test holds them together), without its reason.

    Raises:
        InvalidStateError: not a Tarot position (see :func:`explain_card`).
    """
    _check_position(hand, trick)
    return playable(hand, trick)


def playable(hand: Sequence[Card], trick: Sequence[Play]) -> Sequence[Card]:
    """:func:`legal_cards` of a position already known to be a Tarot one (a state's
    own, checked when it was built): the state asks once per state, and the check
    cost its state API 16 % of its hands per second (``python -m tutorial bench``)."""
    led: Card | None = None
    top = 0  # the highest trump in the trick (0: none)
    for p in trick:
        c = p.card
        if c.suit is _TRUMP:
            if led is None:
                led = c
            if TRUMP_VALUE[c] > top:
                top = TRUMP_VALUE[c]
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
                higher = [c for c in trumps if TRUMP_VALUE[c] > top]
                cards = higher or trumps
        if cards is not hand and EXCUSE in hand:
            cards = [*cards, EXCUSE]
    return cards


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
    is given (``_reason``), in the language of that moment.
    """

    allowed: frozenset[Card]
    code: str
    key: str
    fields: Mapping[str, _Field]
    forcing: tuple[Card, ...]
    rule: str


#: What the seat to move must play (the state keeps one per position: every card's
#: verdict reads it).
Requirement = _Requirement


class _Trumps(NamedTuple):
    """The trumps that matter to the seat to move."""

    held: list[Card]  # its trumps
    top: Card | None  # the highest trump in the trick
    higher: list[Card]  # its trumps above ``top`` (all of them when there is none)
    whose: _Field  # who played ``top``
    partner: bool  # whether that is the mover's partner (the rule holds even then)


def explain_card(
    seat: Seat,
    card: Card,
    hand: Sequence[Card],
    trick: Sequence[Play],
    taker: Seat | None,
    req: Requirement | None = None,
) -> Verdict:
    """Whether ``seat`` (to move, holding ``hand``) may play ``card`` on ``trick``, and why
    (``req``: the requirement of that position, when the caller keeps it).

    Raises:
        InvalidStateError: a ``card`` that is not a card; a hand or trick that is not
            Tarot cards each once (a hand of at most 18, a trick of at most 3 plays
            before the card), a card in both; a seat or taker that is not a seat 0..3.
    """
    if not isinstance(card, Card):
        raise InvalidStateError(f"{card!r} is not a card")
    _check_position(hand, trick)
    check_seat(seat, "the seat")
    if taker is not None:
        check_seat(taker, "the taker")
    if card not in TAROT_DECK:
        return Verdict.refuse(
            NOT_IN_HAND, t("tarot.refuse.not_a_card", card=card.label), (card,), RULE_HAND
        )
    if card not in hand:
        return Verdict.refuse(
            NOT_IN_HAND, t("tarot.refuse.not_in_hand", card=card.label), (card,), RULE_HAND
        )
    if req is None:
        req = requirement(seat, hand, trick, taker)
    if card in req.allowed:
        if card == EXCUSE:
            return Verdict.ok(t("tarot.ok.excuse"), rule=RULE_EXCUSE)
        if not req.code and req.key:  # nothing binds the seat: say what leaves it free
            why = _reason(seat, req, taker)
            return Verdict.ok(t("tarot.ok.free", why=why, card=card.label), rule=req.rule)
        return Verdict.ok(t("tarot.ok.card", card=card.label), rule=req.rule)
    reason = _reason(seat, req, taker)
    if len(trick) > 1 and trick[0].card == EXCUSE:
        # The Excuse was led: the next card set the suit (say so, not "X was led").
        reason = t("tarot.refuse.after_excuse", card=trick[1].card.label, reason=reason)
    return Verdict.refuse(req.code, reason, req.forcing, req.rule)


def requirement(
    seat: Seat, hand: Sequence[Card], trick: Sequence[Play], taker: Seat | None
) -> _Requirement:
    """What ``seat`` must play on ``trick`` (Rules: follow, trump, overtrump, Excuse)."""
    cards = [p.card for p in trick]
    excuse = frozenset({EXCUSE}) & frozenset(hand)  # Rule: the Excuse, at any time
    led = led_card(cards)
    if led is None:
        return _Requirement(frozenset(hand), "", "tarot.play.lead", {}, (), "")
    trumps = _trumps(seat, hand, trick, taker)
    if is_trump(led):
        return _trump_led(hand, trumps, excuse)
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
    return _cannot_follow(led, hand, trumps, excuse, _partner_winning(seat, trick, taker))


def _partner_winning(seat: Seat, trick: Sequence[Play], taker: Seat | None) -> str:
    """The card with which the mover's partner is winning the trick, or ``""`` when the
    trick is not the partner's (the rule to trump holds even then: the sentence says so)."""
    cards = [p.card for p in trick]
    if all(c == EXCUSE for c in cards):
        return ""
    winner = trick[winning_position(cards)]
    return winner.card.label if same_side(winner.seat, seat, taker) else ""


def _trumps(seat: Seat, hand: Sequence[Card], trick: Sequence[Play], taker: Seat | None) -> _Trumps:
    """The mover's trumps, the trick's highest trump, the mover's trumps above it, and whose."""
    held = [c for c in hand if is_trump(c)]
    in_trick = [p.card for p in trick if is_trump(p.card)]
    top = max(in_trick, key=rank_value) if in_trick else None
    higher = [c for c in held if top is None or rank_value(c) > rank_value(top)]
    if top is None:
        return _Trumps(held, top, higher, "", False)
    holder = next(p.seat for p in trick if p.card == top)
    return _Trumps(held, top, higher, _Whose(holder), same_side(holder, seat, taker))


def _cannot_follow(
    led: Card,
    hand: Sequence[Card],
    trumps: _Trumps,
    excuse: frozenset[Card],
    partner_card: str = "",
) -> _Requirement:
    """Rule: who cannot follow must trump, above the highest trump in the trick if it can."""
    top, higher = trumps.top, trumps.higher
    if not trumps.held:
        return _Requirement(
            frozenset(hand), "", "tarot.play.no_suit_no_trump", {"suit": led.suit}, (), ""
        )
    if top is None:
        # Rule: cannot follow -> must trump (even when the partner is winning the trick).
        if partner_card:
            return _Requirement(
                frozenset(trumps.held) | excuse,
                MUST_TRUMP,
                "tarot.refuse.must_trump_partner_winning",
                {
                    "winning": partner_card,
                    "suit": led.suit,
                    "symbol": led.suit.symbol,
                    "cards": tuple(trumps.held),
                },
                (led, *sort_cards(trumps.held)),
                RULE_TRUMP,
            )
        return _Requirement(
            frozenset(trumps.held) | excuse,
            MUST_TRUMP,
            "tarot.refuse.must_trump",
            {"suit": led.suit, "symbol": led.suit.symbol, "cards": tuple(trumps.held)},
            (led, *sort_cards(trumps.held)),
            RULE_TRUMP,
        )
    if higher:
        # Rule: a trump must beat the highest trump in the trick if it can.
        return _Requirement(
            frozenset(higher) | excuse,
            MUST_OVERTRUMP,
            "tarot.refuse.must_overtrump_partner"
            if trumps.partner
            else "tarot.refuse.must_overtrump",
            {"whose": trumps.whose, "top": top.label, "cards": tuple(higher)},
            (top, *sort_cards(higher)),
            RULE_OVERTRUMP,
        )
    return _Requirement(
        frozenset(trumps.held) | excuse,
        MUST_PLAY_TRUMP,
        "tarot.refuse.must_play_trump",
        {
            "suit": led.suit,
            "symbol": led.suit.symbol,
            "whose": trumps.whose,
            "top": top.label,
            "cards": tuple(trumps.held),
        },
        (top, *sort_cards(trumps.held)),
        RULE_TRUMP,
    )


def _trump_led(hand: Sequence[Card], trumps: _Trumps, excuse: frozenset[Card]) -> _Requirement:
    """Rule: on a trump lead, play a higher trump if you can, else any trump."""
    top, higher = trumps.top, trumps.higher
    assert top is not None
    if not trumps.held:
        return _Requirement(frozenset(hand), "", "tarot.play.no_trump", {}, (), "")
    if higher:
        return _Requirement(
            frozenset(higher) | excuse,
            MUST_PLAY_TRUMP_HIGHER,
            "tarot.refuse.trump_led_higher_partner"
            if trumps.partner
            else "tarot.refuse.trump_led_higher",
            {"whose": trumps.whose, "top": top.label, "cards": tuple(higher)},
            (top, *sort_cards(higher)),
            RULE_OVERTRUMP,
        )
    return _Requirement(
        frozenset(trumps.held) | excuse,
        MUST_PLAY_TRUMP,
        "tarot.refuse.trump_led_lower",
        {"whose": trumps.whose, "top": top.label, "cards": tuple(trumps.held)},
        (top, *sort_cards(trumps.held)),
        RULE_TRUMP,
    )


def _reason(seat: Seat, req: _Requirement, taker: Seat | None) -> str:
    """The sentence of a requirement, in the current language."""
    params: dict[str, str] = {}
    for name, value in req.fields.items():
        if isinstance(value, Suit):
            params[name] = suit_name(value)
        elif isinstance(value, _Whose):
            params[name] = _whose(seat, value.holder, taker)
        elif isinstance(value, tuple):
            params[name] = cards_text(value)
        else:
            params[name] = value
    return t(req.key, **params)


def _whose(viewer: Seat, holder: Seat, taker: Seat | None) -> str:
    """Whose trump it is, from the viewer's seat: the partner's, the taker's or a seat's."""
    if same_side(viewer, holder, taker):
        return t("tarot.whose.partner")
    if holder == taker:
        return t("tarot.whose.taker")
    return t("tarot.whose.seat", seat=seat_possessive(holder))


#: Every Tarot card, to check a position's cards in one set operation.
_DECK = frozenset(TAROT_DECK)


def _check_position(hand: Sequence[Card], trick: Sequence[Play]) -> None:
    """Refuse a hand or a trick that no Tarot position can have."""
    for play in trick:
        if not isinstance(play, Play):
            raise InvalidStateError(f"{play!r} is not a play")
    played = [p.card for p in trick]
    try:
        cards = {*hand, *played}
    except TypeError:  # an unhashable object among the cards: named below
        cards = set()
    if (
        len(cards) == len(hand) + len(played)
        and cards <= _DECK
        and len(hand) <= HAND_SIZE
        and len(played) < NUM_PLAYERS
    ):
        return  # the common case, in one pass
    check_cards(list(hand), "hand", HAND_SIZE)
    check_cards(played, "trick", NUM_PLAYERS - 1)
    both = set(hand) & set(played)
    if both:
        card = next(iter(both))
        raise InvalidStateError(f"{card.label} is both in the hand and in the trick")
