"""What the engines' property tests share: the cards tried at each state of a random hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

C = TypeVar("C")

#: The cards outside the mover's hand are tried one in ``SHARE`` at each state, a different
#: share at the next state, so that each is still tried in about a quarter of a hand's states
#: (trying the whole deck at every state cost most of these tests' time, for the same refusal).
SHARE = 4


def cards_to_try(state: Any, deck: Sequence[C], index: int) -> list[C]:
    """Every card of the seat to move, and one in :data:`SHARE` of the others of ``deck``
    (by ``index``, the state's place in its hand)."""
    seat = state.to_move
    hand = set(state.hands[seat]) if seat is not None else set()
    return [c for i, c in enumerate(deck) if c in hand or i % SHARE == index % SHARE]
