"""Belote's rules of play (docs/rules.md §1.3): which cards may be played to a trick,
and, for any card, the verdict that names the rule and the cards forcing it.

``legal_cards`` and ``explain_play`` code the same rules (a test holds them together):
the first fast, the second with a sentence per card, built only when read.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutorial.engine.belote.cards import (
    NUM_PLAYERS,
    NUM_TRICKS,
    TRUMP_RANK,
    check_cards,
    check_trump,
    trump_beats,
    winning_position,
)
from tutorial.engine.belote.options import DEFAULT_OPTIONS, BeloteOptions
from tutorial.engine.cards import BELOTE_DECK, PLAIN_SUITS, Card, Suit, describe_cards
from tutorial.engine.errors import InvalidStateError
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

_RULE_FOLLOW = "Belote: follow suit"
_RULE_TRUMP = "Belote: trump when you cannot follow"
_RULE_OVERTRUMP = "Belote: overtrump"
_RULE_UNDERTRUMP = "Belote: undertrump when you cannot overtrump"
_RULE_TRUMP_LED = "Belote: trump led, go higher"
_RULE_PARTNER = "Belote: partner winning"
_RULE_LEAD = "Belote: the lead"
#: The rule named when a card is not the player's to play (also said by the state).
RULE_TURN = "Belote: order of play"


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

    Raises:
        InvalidStateError: a hand or trick that is not Belote cards (each once, a hand
            of at most 8, a trick of at most 3 before the card), a card in both, a
            ``card`` that is not a card, a trump that is not a plain suit.
    """
    _check_position(hand, trick, trump)
    if not isinstance(card, Card):
        raise InvalidStateError(f"{card!r} is not a card")
    if card not in hand:
        return Verdict.refuse_later(
            NOT_IN_HAND,
            lambda: t("belote.refuse.not_in_hand", card=card.label),
            (card,),
            RULE_TURN,
        )
    if not trick:
        return Verdict.ok_later(lambda: t("belote.ok.lead"), _RULE_LEAD)
    lead = trick[0]
    led = lead.suit
    win = winning_position(trick, trump)
    winning = trick[win]
    partner_winning = win == len(trick) - 2
    trumps = tuple(c for c in hand if c.suit is trump)
    if led is trump:
        return _trump_led(card, trump, lead, winning, partner_winning, trumps)
    follow = tuple(c for c in hand if c.suit is led)
    if follow:
        return _follow_suit(card, lead, follow)
    if not trumps:
        return Verdict.ok_later(
            lambda: t("belote.ok.no_suit_no_trump", suit=led.symbol), _RULE_TRUMP
        )
    if partner_winning:
        return _partner_winning(card, trump, led, winning, trumps, options)
    if winning.suit is trump:
        return _over_a_trump(card, trump, winning, trumps, options)
    return _trump_the_trick(card, trump, led, winning, trumps)


def _trump_led(
    card: Card,
    trump: Suit,
    lead: Card,
    winning: Card,
    partner_winning: bool,
    trumps: tuple[Card, ...],
) -> Verdict:
    """Rule 4: trump led -> a trump, higher than the winning one if you can (even a partner's)."""
    if not trumps:
        return Verdict.ok_later(lambda: t("belote.ok.trump_led_none"), _RULE_TRUMP_LED)
    higher = tuple(c for c in trumps if trump_beats(c, winning))
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


def _follow_suit(card: Card, lead: Card, follow: tuple[Card, ...]) -> Verdict:
    """Rule 1: follow the led suit (any card of it) when you hold it."""
    led = lead.suit
    if card.suit is led:
        return Verdict.ok_later(lambda: t("belote.ok.follow", suit=led.symbol), _RULE_FOLLOW)
    return Verdict.refuse_later(
        MUST_FOLLOW_SUIT,
        lambda: t("belote.refuse.must_follow", led=lead.label, cards=describe_cards(follow)),
        (lead, *follow),
        _RULE_FOLLOW,
    )


def _partner_winning(
    card: Card,
    trump: Suit,
    led: Suit,
    winning: Card,
    trumps: tuple[Card, ...],
    options: BeloteOptions,
) -> Verdict:
    """Rule 2: the partner is winning -> free (000, 003), or trump without overtrumping (004)."""
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


def _over_a_trump(
    card: Card,
    trump: Suit,
    winning: Card,
    trumps: tuple[Card, ...],
    options: BeloteOptions,
) -> Verdict:
    """Rule 3: an opponent's trump wins -> overtrump, else a trump (000 EX2) or, by option, any."""
    higher = tuple(c for c in trumps if trump_beats(c, winning))
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
                whose=_whose(partner_winning=False),
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
            whose=_whose(partner_winning=False),
            winning=winning.label,
            cards=describe_cards(trumps),
        ),
        (winning, *trumps),
        _RULE_UNDERTRUMP,
    )


def _trump_the_trick(
    card: Card, trump: Suit, led: Suit, winning: Card, trumps: tuple[Card, ...]
) -> Verdict:
    """Rule 3: an opponent's plain card is winning and you cannot follow -> play a trump."""
    if card.suit is trump:
        return Verdict.ok_later(lambda: t("belote.ok.trump", suit=led.symbol), _RULE_TRUMP)
    return Verdict.refuse_later(
        MUST_TRUMP,
        lambda: t(
            "belote.refuse.must_trump",
            suit=led.symbol,
            whose=_whose(partner_winning=False),
            winning=winning.label,
            cards=describe_cards(trumps),
        ),
        (winning, *trumps),
        _RULE_TRUMP,
    )


#: Every Belote card, to check a position's cards in one set operation.
_DECK = frozenset(BELOTE_DECK)


def _check_position(hand: Sequence[Card], trick: Sequence[Card], trump: Suit) -> None:
    """Refuse a hand, trick or trump that no Belote position can have."""
    try:
        cards = {*hand, *trick}
    except TypeError:  # an unhashable object among the cards: named below
        cards = set()
    if (
        len(cards) == len(hand) + len(trick)
        and cards <= _DECK
        and len(hand) <= NUM_TRICKS
        and len(trick) < NUM_PLAYERS
        and trump.__class__ is Suit
        and trump in PLAIN_SUITS
    ):
        return  # the common case, in one pass
    check_cards(hand, "hand", NUM_TRICKS)
    check_cards(trick, "trick", NUM_PLAYERS - 1)
    check_trump(trump)
    both = set(hand) & set(trick)
    if both:
        card = next(iter(both))
        raise InvalidStateError(f"{card.label} is both in the hand and in the trick")


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

    Raises:
        InvalidStateError: the arguments ``explain_play`` refuses.
    """
    _check_position(hand, trick, trump)
    return playable(hand, trick, trump, options)


def playable(
    hand: Sequence[Card],
    trick: Sequence[Card],
    trump: Suit,
    options: BeloteOptions = DEFAULT_OPTIONS,
) -> list[Card]:
    """:func:`legal_cards` of a position already known to be a Belote one (a state's
    own, checked when it was built): the state asks once per state, and the check cost
    its state API 7 % of its hands per second (``python -m tutorial bench``)."""
    if not trick:
        return list(hand)
    led = trick[0].suit
    win = winning_position(trick, trump)
    winning = trick[win]
    trumps = [c for c in hand if c.suit is trump]
    if led is trump:
        # Rule 4: trump led -> a higher trump if you can, else any trump, else anything.
        if not trumps:
            return list(hand)
        rank = TRUMP_RANK[winning.rank]
        return [c for c in trumps if TRUMP_RANK[c.rank] > rank] or trumps
    follow = [c for c in hand if c.suit is led]  # Rule 1: follow suit
    if follow:
        return follow
    if not trumps:
        return list(hand)
    if win == len(trick) - 2:  # Rule 2: partner winning
        return list(hand) if options.partner_winning == "free" else trumps
    if winning.suit is trump:  # Rule 3: overtrump, else undertrump (or discard)
        rank = TRUMP_RANK[winning.rank]
        higher = [c for c in trumps if TRUMP_RANK[c.rank] > rank]
        if higher:
            return higher
        return list(hand) if options.cannot_overtrump == "may_discard" else trumps
    return trumps
