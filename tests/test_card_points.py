"""A card's points in a hand come from one place: the state (``state.card_points``).

The scenario runtime's words and the cost sentences once had copies of their own that
disagreed before a Belote trump was chosen (one said ``nan``, the other ``0.0``); now
both ask the state, and a Belote card asked for its points before the trump is chosen is
a clear error naming the card.
"""

from __future__ import annotations

import random

import pytest

from tutorial.analysis import explain
from tutorial.engine import belote, briscola, tarot
from tutorial.engine.cards import BELOTE_DECK, BRISCOLA_DECK, TAROT_DECK, Card, Suit
from tutorial.engine.contract import GameState
from tutorial.engine.errors import InvalidStateError
from tutorial.engine.games import new_hand
from tutorial.scenarios import reasons

TOTALS = {
    "belote": (BELOTE_DECK, 152.0),
    "tarot": (TAROT_DECK, 91.0),
    "briscola": (BRISCOLA_DECK, 120.0),
}


def _in_play(game: str, seed: int) -> GameState:
    rng = random.Random(seed)
    state = new_hand(game, rng=rng)
    while state.phase != "play":
        actions = state.legal_actions()
        state = state.apply(actions[rng.randrange(len(actions))])
        if state.is_terminal:  # everyone passed: deal again
            state = new_hand(game, rng=rng)
    return state


@pytest.mark.parametrize("game", ["belote", "tarot", "briscola"])
def test_the_deck_adds_up_to_the_games_card_points(game: str) -> None:
    deck, total = TOTALS[game]
    state = _in_play(game, 3)
    assert sum(state.card_points(c) for c in deck) == total


def test_belote_points_follow_the_trump() -> None:
    played = _in_play("belote", 5)
    assert isinstance(played, belote.BeloteState) and played.trump is not None
    trump = played.trump
    assert played.card_points(Card(trump, "J")) == 20.0
    assert played.card_points(Card(trump, "9")) == 14.0
    plain = next(s for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS) if s is not trump)
    assert played.card_points(Card(plain, "J")) == 2.0
    assert played.card_points(Card(plain, "9")) == 0.0


def test_a_belote_card_has_no_points_before_the_trump_is_chosen() -> None:
    state = new_hand("belote", rng=random.Random(1))
    assert state.phase == "bidding"
    with pytest.raises(InvalidStateError, match=r"9♥ has no points yet: .*no trump is chosen"):
        state.card_points(Card.parse("9H"))


def test_tarot_and_briscola_points_are_the_games_own() -> None:
    t_state = _in_play("tarot", 2)
    for c in TAROT_DECK:
        assert t_state.card_points(c) == tarot.card_points(c)
    b_state = _in_play("briscola", 2)
    for c in BRISCOLA_DECK:
        assert b_state.card_points(c) == briscola.card_points(c, b_state.ruleset)


def test_no_layer_keeps_a_copy_of_the_card_points() -> None:
    assert not hasattr(reasons, "card_points")
    assert not hasattr(explain, "card_points")


@pytest.mark.parametrize(
    ("ruleset", "points"),
    [
        ("default", {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}),
        ("queen-jack-swap", {"A": 11, "3": 10, "K": 4, "J": 3, "Q": 2}),
    ],
)
def test_briscola_points_rank_by_rank_under_each_ruleset(
    ruleset: str, points: dict[str, int]
) -> None:
    for card in BRISCOLA_DECK:
        assert briscola.card_points(card, ruleset) == points.get(card.rank, 0), card
    assert briscola.cards_points(BRISCOLA_DECK, ruleset) == 120
