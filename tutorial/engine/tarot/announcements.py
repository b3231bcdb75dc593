"""The announcements before the first card: the taker's chelem decision, and the
poignées each seat may show at its first turn of trick 1 (Rules: chelem, poignée)."""

from __future__ import annotations

from typing import Protocol

from tutorial.engine.cards import EXCUSE, Card, Suit
from tutorial.engine.rule_options import Ruleset
from tutorial.engine.seats import Seat, seat_name
from tutorial.engine.tarot.actions import POIGNEE_SIZES, Poignee
from tutorial.engine.tarot.cards import KINGS, is_trump, rank_value
from tutorial.engine.tarot.constants import NUM_PLAYERS, RULE_CHELEM, RULE_POIGNEE
from tutorial.engine.tarot.options import DISCARDS_FOUR_KINGS, DISCARDS_NEVER, options_of
from tutorial.engine.tarot.sentences import cards_text, poignee_level_name
from tutorial.engine.verdicts import BAD_DECLARATION, NOT_IN_HAND, Verdict
from tutorial.language.i18n import t

_TRUMP = Suit.TRUMP


class Holdings(Protocol):
    """What the poignée rules read of a position: the hands, the taker and the discard."""

    @property
    def ruleset(self) -> Ruleset: ...

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]: ...

    @property
    def taker(self) -> Seat | None: ...

    @property
    def discard(self) -> tuple[Card, ...]: ...

    @property
    def shown_discards(self) -> tuple[Card, ...]: ...


# --- The chelem --------------------------------------------------------------------------


def explain_chelem() -> Verdict:
    """Rule: the taker may declare the chelem or not, as it likes."""
    return Verdict.ok(t("tarot.ok.chelem"), rule=RULE_CHELEM)


def first_leader(chelem_declared: bool, taker: Seat, dealer: Seat) -> Seat:
    """Rule: the seat after the dealer leads the first trick, the taker after a chelem."""
    return taker if chelem_declared else (dealer + 1) % NUM_PLAYERS


# --- Poignées ----------------------------------------------------------------------------


def discards_count(pos: Holdings, seat: Seat, level: str) -> bool:
    """Whether shown trump discards count toward this seat's poignée of ``level``."""
    return (
        level == "triple"
        and seat == pos.taker
        and options_of(pos.ruleset).poignee_discards == DISCARDS_FOUR_KINGS
        and set(pos.hands[seat]) >= KINGS
        and bool(pos.shown_discards)
    )


def countable(pos: Holdings, seat: Seat, level: str) -> tuple[Card, ...]:
    """The trumps that may be shown for a poignée: hand trumps (then shown discards)."""
    trumps = tuple(c for c in pos.hands[seat] if is_trump(c))
    if discards_count(pos, seat, level):
        # Rule (001): a taker with four Kings may count the forced trump discards.
        trumps += pos.shown_discards
    return trumps


def poignee_options(pos: Holdings, seat: Seat) -> list[Poignee]:
    """One canonical poignée per level this seat can show (lowest trumps first)."""
    out = []
    has_excuse = EXCUSE in pos.hands[seat]
    for level, size in POIGNEE_SIZES.items():
        trumps = countable(pos, seat, level)
        if len(trumps) >= size:
            out.append(Poignee(level, trumps[:size]))
        elif len(trumps) == size - 1 and has_excuse:
            # Rule: the Excuse completes a poignée only when every trump is shown.
            out.append(Poignee(level, (*trumps, EXCUSE)))
    return out


def has_poignee(pos: Holdings, seat: Seat) -> bool:
    """Whether ``seat`` holds a poignée to show, so that it is asked before its first card."""
    # Too few trumps for the smallest poignée (counting the Excuse and, for the
    # taker, the shown discards): nothing to ask, without listing the options.
    held = sum(1 for c in pos.hands[seat] if c.suit is _TRUMP or c is EXCUSE)
    if seat == pos.taker:
        held += sum(1 for c in pos.discard if c.suit is _TRUMP)
    return held >= POIGNEE_SIZES["simple"] and bool(poignee_options(pos, seat))


def explain_poignee(pos: Holdings, seat: Seat, p: Poignee) -> Verdict:
    """Whether ``seat`` may show ``p`` now (or decline), and why (Rule: poignée)."""
    if p.level == "none":
        return _explain_declining(seat, p)
    refusal = _refuse_shape(pos, seat, p)
    if refusal is None:
        refusal = _refuse_cards(pos, seat, p)
    if refusal is not None:
        return refusal
    level = poignee_level_name(p.level)
    return Verdict.ok(
        t("tarot.ok.poignee", level=level, size=p.size, bonus=p.bonus), rule=RULE_POIGNEE
    )


def _explain_declining(seat: Seat, p: Poignee) -> Verdict:
    """Rule: declining shows no card."""
    if p.cards:
        return Verdict.refuse(
            BAD_DECLARATION, t("tarot.refuse.poignee_declined"), p.cards, RULE_POIGNEE
        )
    return Verdict.ok(t("tarot.ok.no_poignee", seat=seat_name(seat, start=True)), rule=RULE_POIGNEE)


def _refuse_shape(pos: Holdings, seat: Seat, p: Poignee) -> Verdict | None:
    """Rule: a poignée is a known level showing exactly its number of different cards."""
    if p.level not in POIGNEE_SIZES:
        return Verdict.refuse(
            BAD_DECLARATION,
            t("tarot.refuse.poignee_level", level=repr(p.level)),
            rule=RULE_POIGNEE,
        )
    size = p.size
    level = poignee_level_name(p.level)
    if len(set(p.cards)) != len(p.cards):
        return Verdict.refuse(
            BAD_DECLARATION, t("tarot.refuse.poignee_repeats"), p.cards, RULE_POIGNEE
        )
    if not p.cards:
        can = len(countable(pos, seat, p.level))
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
    return None


def _refuse_cards(pos: Holdings, seat: Seat, p: Poignee) -> Verdict | None:
    """Rule: a poignée shows the seat's own trumps, the Excuse only when every trump is shown."""
    odd = [c for c in p.cards if not is_trump(c) and c != EXCUSE]
    if odd:
        key = (
            "tarot.refuse.poignee_not_trump_one"
            if len(odd) == 1
            else "tarot.refuse.poignee_not_trump_many"
        )
        return Verdict.refuse(BAD_DECLARATION, t(key, cards=cards_text(odd)), odd, RULE_POIGNEE)
    hand = set(pos.hands[seat])
    shown = set(countable(pos, seat, p.level))
    missing = [c for c in p.cards if c not in shown and not (c == EXCUSE and c in hand)]
    if missing:
        return _refuse_missing(pos, missing)
    if EXCUSE in p.cards:
        unshown = sorted(shown - set(p.cards), key=rank_value)
        if unshown:
            key = (
                "tarot.refuse.poignee_excuse_one"
                if len(unshown) == 1
                else "tarot.refuse.poignee_excuse_many"
            )
            return Verdict.refuse(
                BAD_DECLARATION,
                t(key, cards=cards_text(unshown)),
                (EXCUSE, *unshown),
                RULE_POIGNEE,
            )
    return None


def _refuse_missing(pos: Holdings, missing: list[Card]) -> Verdict:
    """Rule: shown cards must be held (the taker's trump discards only with the four Kings)."""
    discarded = [c for c in missing if c in pos.discard]
    if discarded:
        key = (
            "tarot.refuse.poignee_discards_never"
            if options_of(pos.ruleset).poignee_discards == DISCARDS_NEVER
            else "tarot.refuse.poignee_discards_four_kings"
        )
        return Verdict.refuse(
            BAD_DECLARATION,
            t(key, cards=cards_text(discarded)),
            discarded,
            RULE_POIGNEE,
        )
    return Verdict.refuse(
        NOT_IN_HAND,
        t("tarot.refuse.poignee_not_held", cards=cards_text(missing)),
        missing,
        RULE_POIGNEE,
    )
