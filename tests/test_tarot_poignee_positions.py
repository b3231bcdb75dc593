"""Poignées given with a position whose earlier tricks are not listed."""

import pytest

from tutorial.engine import tarot
from tutorial.engine.cards import TAROT_DECK
from tutorial.engine.errors import InvalidStateError

HANDS = ["KH 8H", "T15 8S", "3S 9S", "4S 5S"]
CHIEN = "T16 T17 T18 T19 T20 2C"


def _start(poignee: tarot.Poignee) -> tarot.TarotState:
    placed = set(TAROT_DECK.parse_many(" ".join(HANDS))) | set(TAROT_DECK.parse_many(CHIEN))
    rest = [c for c in TAROT_DECK if c not in placed]
    defence = [c for c in rest if c.suit.value == "T" or c == tarot.EXCUSE][:12]
    taker = [c for c in rest if c not in defence]
    return tarot.start_play(
        HANDS,
        taker=0,
        contract="garde sans",
        chien=CHIEN,
        leader=0,
        captured={0: taker, 1: defence},
        poignees=[(1, poignee)],
    )


def test_the_excuse_cannot_complete_while_a_trump_is_kept() -> None:
    # Seat 1 still holds T15, yet shows the Excuse as the tenth card.
    with pytest.raises(InvalidStateError, match="every trump is shown"):
        _start(tarot.Poignee.of("simple", "T1 T2 T3 T4 T5 T6 T7 T8 T9 EXC"))


def test_cards_from_the_unseen_chien_cannot_be_shown() -> None:
    with pytest.raises(InvalidStateError, match="were elsewhere"):
        _start(tarot.Poignee.of("simple", "T15 T16 T17 T18 T19 T20 T1 T2 T3 T4"))


def test_a_possible_poignee_is_accepted() -> None:
    state = _start(tarot.Poignee.of("simple", "T15 T1 T2 T3 T4 T5 T6 T7 T8 T9"))
    assert state.poignees and state.poignees[0][0] == 1
