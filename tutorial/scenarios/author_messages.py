"""The checker's sentences to a scenario's author (in English: the app's go through the
message catalogue): a seat's hand and possessive, counts, cards listed, why a scripted
action is refused and why a ``play`` step is not the learner's turn."""

from __future__ import annotations

from collections.abc import Sequence

from tutorial.engine.actions import Action
from tutorial.engine.cards import Card, Deck
from tutorial.engine.contract import GameState
from tutorial.engine.games import game_info
from tutorial.engine.verdicts import Verdict
from tutorial.scenarios.table import Table


def possessive(name: str) -> str:
    """A seat name's possessive in a checker message: ``West's``, ``your`` for "You".

    >>> possessive("West"), possessive("You")
    ("West's", 'your')
    """
    return "your" if name.strip().lower() == "you" else f"{name}'s"


def hand_of(name: str) -> str:
    """A seat's hand in a checker message, the seat named: ``West's hand``, ``You's``
    reads badly, so ``the hand of You``.

    >>> hand_of("West"), hand_of("You")
    ("West's hand", 'the hand of You')
    """
    return f"the hand of {name}" if name.strip().lower() == "you" else f"{name}'s hand"


def count(n: int, word: str) -> str:
    """``1 card``, ``2 cards`` (checker messages are English; the app's go through the
    catalogue).

    >>> count(1, "card"), count(0, "card"), count(3, "trick")
    ('1 card', '0 cards', '3 tricks')
    """
    return f"{n:,} {word}" if n == 1 else f"{n:,} {word}s"


def cards_text(deck: Deck, cards: Sequence[Card], most: int = 12) -> str:
    """Cards in deck order, as codes (``7C 8C``), the first ``most`` and a count of more."""
    ordered = sorted(cards, key=deck.index)
    text = " ".join(c.code for c in ordered[:most])
    return text + (f" and {len(ordered) - most} more" if len(ordered) > most else "")


def _seat(table: Table, seat: int | None) -> str:
    """A seat's name, ``nobody`` for no seat."""
    return table.seat_names[seat] if seat is not None else "nobody"


def refusal_message(
    table: Table, state: GameState, text: str, action: Action, verdict: Verdict
) -> str:
    """Why a scripted action is refused, for the author: whose turn, what is wrong.

    A card the seat does not hold says where the card is (the engine's own sentence,
    "You do not hold T10", speaks to the learner).
    """
    who = _seat(table, state.to_move)
    if verdict.code == "not_in_hand" and isinstance(action, Card):
        holder = next((s for s, h in enumerate(state.hands) if action in h), None)
        if holder is not None:
            return (
                f"{who} cannot play {text}: {who} does not hold it "
                f"(it is in {hand_of(table.seat_names[holder])})"
            )
        return f"{who} cannot play {text}: {who} does not hold it"
    if verdict.code == "not_your_turn":
        return f"{who} is to play here, so {text} cannot be played now: {verdict.message}"
    return f"{who} cannot play {text}: {verdict.message}"


def turn_message(table: Table, state: GameState) -> str:
    """Why it is not the learner's turn at a ``play`` step, and what to write instead.

    Names whose turn it is, who led the trick under way and what it holds, the seats
    that play before the learner, and the keys that fix it (``current_trick``,
    ``leader``, an ``auto`` step).
    """
    names = table.seat_names
    n = len(names)
    seat = state.to_move
    learner = names[table.learner]
    if seat is None:
        return f"nobody is to play at this 'play' step, not the learner ({learner})"
    who = names[seat]
    before = [names[(seat + k) % n] for k in range((table.learner - seat) % n)]
    between = ", ".join(before)
    if state.phase != "play":
        return (
            f"it is {possessive(who)} turn ({state.phase}) at this 'play' step, not the learner's "
            f"({learner}): add an 'auto' step with the actions of {between} before this step"
        )
    trick = state.current_trick
    if trick:
        led = names[trick[0].seat]
        cards = " ".join(f"{names[p.seat]} {p.card.code}" for p in trick)
        situation = (
            f"the current trick was led by {led} and holds {count(len(trick), 'card')} "
            f"({cards}), so {who} plays next"
        )
    elif not state.tricks and all(
        len(h) == game_info(state.game).first_trick_hand for h in state.hands
    ):
        dealer = names[table.dealer]
        situation = (
            f"{who} leads the first trick (with full hands the first trick is led by the "
            f"seat after the dealer; {dealer} deals)"
        )
    elif state.tricks:
        situation = f"{who} won the last trick, so {who} leads the next one"
    else:
        situation = f"{who} leads this trick ('leader', or the seat after the dealer)"
    return (
        f"it is {possessive(who)} turn at this 'play' step, not the learner's ({learner}): "
        f"{situation}. If {between} already played to this trick, add "
        f"{'that card' if len(before) == 1 else 'their cards'} to 'current_trick' (in playing "
        "order from the leader; a trick's lead is its first card) or set 'leader'; otherwise "
        f"add an 'auto' step with {'the card' if len(before) == 1 else 'the cards'} of "
        f"{between} before this step"
    )
