"""The discard (Prise and Garde): after taking the chien, the taker lays six cards aside,
never a King or a bout, and trumps only when the plain cards run out (Rule: the discard)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tutorial.engine.cards import EXCUSE, PETIT, TRUMP_21, Card, Suit
from tutorial.engine.seats import Seat
from tutorial.engine.tarot.cards import BOUTS, KINGS, is_trump, sort_cards
from tutorial.engine.tarot.constants import CHIEN_SIZE, PHASE_CHELEM, PHASE_DISCARD, RULE_DISCARD
from tutorial.engine.tarot.sentences import cards_text
from tutorial.engine.verdicts import BAD_DISCARD, NOT_IN_HAND, Verdict
from tutorial.language.i18n import t

_TRUMP = Suit.TRUMP


def discardable(hand: Sequence[Card], discarded: int) -> frozenset[Card]:
    """The cards the taker may discard next, with ``discarded`` cards already laid aside."""
    # Never a King or a bout (the Petit, the 21, the Excuse).
    plain = [c for c in hand if c.suit is not _TRUMP and c is not EXCUSE and c.rank != "K"]
    left = CHIEN_SIZE - discarded
    if len(plain) >= left:
        return frozenset(plain)
    # Not enough plain cards: non-bout trumps become allowed (and are shown).
    return frozenset(plain) | {
        c for c in hand if c.suit is _TRUMP and c is not PETIT and c is not TRUMP_21
    }


def explain_discard(
    card: Card, hand: Sequence[Card], discard: Sequence[Card], allowed: frozenset[Card]
) -> Verdict:
    """Whether the taker may lay ``card`` aside now (``allowed``: ``discardable``), and why."""
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
    if card not in allowed:
        plain = [c for c in hand if not is_trump(c) and c not in BOUTS and c not in KINGS]
        return Verdict.refuse(
            BAD_DISCARD,
            t(
                "tarot.refuse.discard_trump",
                card=card.label,
                cards=cards_text(plain),
                places=CHIEN_SIZE - len(discard),
            ),
            (card, *sort_cards(plain)),
            RULE_DISCARD,
        )
    key = "tarot.ok.discard_trump" if is_trump(card) else "tarot.ok.discard"
    return Verdict.ok(t(key, card=card.label), rule=RULE_DISCARD)


def after_discard(
    card: Card, taker: Seat, hands: tuple[tuple[Card, ...], ...], discard: tuple[Card, ...]
) -> dict[str, Any]:
    """The fields a discard changes: the taker's hand, the discard, and the phase after six."""
    kept = list(hands)
    kept[taker] = tuple(c for c in kept[taker] if c != card)
    laid = (*discard, card)
    phase = PHASE_CHELEM if len(laid) == CHIEN_SIZE else PHASE_DISCARD
    return {"hands": tuple(kept), "discard": laid, "phase": phase}
