"""Every card of the deck in one place: the places a scenario names, each card in one
of them or in an unknown place, and each hand as large as the deal and the plays make
it (with the seat, the counts and the cards placed nowhere named)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tutorial.engine.cards import Card, Deck
from tutorial.engine.games import game_info
from tutorial.scenarios.author_messages import cards_text, count, hand_of
from tutorial.scenarios.games import PARTS
from tutorial.scenarios.model import Scenario
from tutorial.scenarios.position_reading import cards_of
from tutorial.scenarios.position_spec import PositionError, PositionSpec


def given_places(sc: Scenario, spec: PositionSpec, deck: Deck) -> dict[Card, str]:
    """Where the scenario puts each card it names (a hand, a trick, the chien, ...).

    Raises:
        PositionError: a card is put in two places.
    """
    used: dict[Card, str] = {}

    def place(cards: Sequence[Card], where: str, loc: tuple[Any, ...]) -> None:
        for c in cards:
            if c in used:
                raise PositionError(
                    loc,
                    f"{c.label} ({c.code}) is in two places: {used[c]} and {where}",
                    token=c.code,
                )
            used[c] = where

    for s in range(len(spec.names)):
        place(spec.known[s], hand_of(spec.names[s]), ("hands", spec.names[s]))
    for i, t in enumerate(spec.tricks):
        place(t, f"trick {i + 1}", ("tricks", i))
    place(spec.current, "the current trick", ("current_trick",))
    for cards in spec.captured.values():
        place(cards, "the captured cards", ("captured",))
    for key, loc in (("chien", ("chien",)), ("discard", ("discard",)), ("stock", ("stock",))):
        val = getattr(sc, key)
        place(cards_of(deck, val, loc), key, loc)
    face_up = PARTS.of(sc.game).face_up_card(sc)
    if face_up:
        place((deck.parse(face_up),), "the face-up trump card", ("trump_card",))
    return used


def check_every_card_has_a_place(
    sc: Scenario, deck: Deck, pool: list[Card], need: int, aside: int
) -> None:
    """Every card of the deck not named (``pool``) fills one of the ``need`` unknown
    places: as many cards as places. With carried points (Tarot, Briscola) the cards
    listed nowhere are the earlier tricks' cards; they cannot also fill unknown places,
    so every place must be given.

    Raises:
        PositionError: cards and places do not match.
    """
    reading = PARTS.of(sc.game)
    unlisted_ok = sc.carried_points is not None and reading.reads_carried_points
    if len(pool) == need or (unlisted_ok and need == 0 and len(pool) > 0):
        return
    if unlisted_ok:
        raise PositionError(
            ("carried_points",),
            "with 'carried_points', give every hand in full (no '?' or unknown hand)"
            + (" and the chien or discard" if aside else "")
            + ": the cards listed nowhere are then the earlier tricks' cards",
        )
    shown = cards_text(deck, pool)
    raise PositionError(
        ("hands",),
        f"{count(len(pool), 'card')} of the deck "
        + ("is" if len(pool) == 1 else "are")
        + " not placed anywhere"
        + (f" ({shown})" if pool else "")
        + f" but there {'is' if need == 1 else 'are'} {count(need, 'unknown place')} "
        "('?' cards, unknown hands"
        + (", the chien/discard" if aside else "")
        + "); list the earlier tricks or 'captured' cards"
        + (", or give 'carried_points'" if reading.reads_carried_points else "")
        + (", or add them to the 'stock' (top first)" if sc.stock is not None else "")
        + ": every card must have a place",
    )


def hand_size_problem(
    sc: Scenario, spec: PositionSpec, pool: Sequence[Card], need: int
) -> PositionError | None:
    """A hand of the wrong size, named: the seat, the count expected and found, and the
    cards placed nowhere (Belote and Tarot, where every seat holds as many cards as the
    deal gave less the cards it played).

    Positions with earlier tricks not listed (``carried_points``) cannot be counted.
    """
    base = game_info(sc.game).first_trick_hand
    if base is None or sc.carried_points is not None or sc.points_so_far is not None:
        return None
    if not spec.plays:
        return None
    deck = game_info(sc.game).deck
    off: list[tuple[int, int, int]] = []  # (seat, found, expected)
    for s in range(len(spec.names)):
        if not spec.given[s]:
            continue
        found = len(spec.known[s]) + spec.slots[s]
        expected = base - spec.plays[s] - spec.earlier
        if found != expected:
            off.append((s, found, expected))
    if not off:
        return None
    seat, found, expected = off[0]
    name = spec.names[seat]
    played = spec.plays[seat]
    why = f"{base} dealt"
    if played:
        why += f", {played} played in the listed tricks" + (
            " and the current trick" if spec.current else ""
        )
    if spec.earlier:
        why += f", {spec.earlier} in earlier tricks ('captured')"
    message = f"{hand_of(name)} has {count(found, 'card')}; it should have {expected} ({why})"
    if found < expected and pool and need == 0:
        message += (
            f"; the card{'s' if len(pool) > 1 else ''} placed nowhere: {cards_text(deck, pool)}"
        )
    elif found < expected:
        message += f"; add {count(expected - found, 'card')} (or '?' for unknown ones)"
    else:
        message += f"; remove {count(found - expected, 'card')}"
    others = [f"{hand_of(spec.names[s])} has {f} (should have {e})" for s, f, e in off[1:]]
    if others:
        message += "; also " + ", ".join(others)
    return PositionError(("hands", name), message)
