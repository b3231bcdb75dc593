"""Briscola play: any card in hand is legal; who wins a trick and why (seed 002)."""

from __future__ import annotations

import random

import pytest

import tutorial.engine.briscola.state as state_module
from tutorial.engine.briscola import (
    HIGHEST_OF_LED_SUIT,
    HIGHEST_TRUMP,
    LED_SUIT_UNCONTESTED,
    NOT_A_CARD,
    BriscolaState,
    judge_trick,
    new_hand,
    start_play,
)
from tutorial.engine.cards import BRISCOLA_DECK, Card, Suit
from tutorial.engine.contract import GameState
from tutorial.engine.errors import IllegalActionError, IllegalPlayError, InvalidStateError
from tutorial.engine.outcomes import Play
from tutorial.engine.verdicts import HAND_OVER, LEGAL, NOT_IN_HAND, NOT_YOUR_TURN

C = BRISCOLA_DECK.parse_many


def deal_2p(first: str, second: str, face_up: str, dealer: int = 0) -> tuple[Card, ...]:
    """A deck order giving `first` to the seat after the dealer and `second` to the dealer."""
    a, b, up = C(first), C(second), C(face_up)
    rest = [c for c in BRISCOLA_DECK if c not in (*a, *b, *up)]
    return (a[0], b[0], a[1], b[1], a[2], b[2], *up, *rest)


def opening(first: str, second: str, face_up: str = "7S", dealer: int = 0) -> BriscolaState:
    """A fresh 2-player hand: the non-dealer holds `first`, the dealer `second`."""
    return new_hand(deal=deal_2p(first, second, face_up), dealer=dealer)


# --- Who wins a trick -----------------------------------------------------------------


def test_worked_example_king_then_three_of_hearts_second_player_takes_14() -> None:
    s = opening("KH 4D 5D", "3H 4C 5C").apply(C("KH")[0]).apply(C("3H")[0])
    trick = s.tricks[0]
    assert (trick.leader, trick.winner, trick.points) == (1, 0, 14)
    assert trick.reason == HIGHEST_OF_LED_SUIT
    assert "3♥ beats K♥" in trick.explanation


def test_worked_example_ace_of_diamonds_then_two_of_trumps_second_player_takes_11() -> None:
    s = opening("AD 4D 5D", "2S 4C 5C").apply(C("AD")[0]).apply(C("2S")[0])
    trick = s.tricks[0]
    assert (trick.winner, trick.points, trick.reason) == (0, 11, HIGHEST_TRUMP)
    assert "a trump beats any plain card (A♦)" in trick.explanation


def test_worked_example_five_of_clubs_then_ace_of_hearts_leader_takes_11() -> None:
    s = opening("5C 4D 5D", "AH 4C 6C").apply(C("5C")[0]).apply(C("AH")[0])
    trick = s.tricks[0]
    assert (trick.winner, trick.points, trick.reason) == (1, 11, LED_SUIT_UNCONTESTED)
    assert "A♥ is of another plain suit" in trick.explanation


def test_a_higher_trump_beats_a_lower_trump() -> None:
    j = judge_trick(C("7S 3S"), Suit.SPADES)
    assert (j.winner, j.reason) == (1, HIGHEST_TRUMP)
    assert "3♠ beats 7♠" in j.explanation
    assert judge_trick(C("AS KS"), Suit.SPADES).winner == 0


def test_a_trump_lead_wins_over_plain_aces() -> None:
    j = judge_trick(C("2S AH"), Suit.SPADES)
    assert (j.winner, j.reason) == (0, HIGHEST_TRUMP)


def test_a_plain_card_of_another_suit_never_wins_even_an_ace() -> None:
    assert judge_trick(C("2C AH"), Suit.SPADES).winner == 0
    assert judge_trick(C("2C AH"), Suit.HEARTS).winner == 1  # now the ace is a trump


def test_led_suit_wins_by_rank_not_by_number() -> None:
    assert judge_trick(C("7D JD"), Suit.SPADES).winner == 1
    assert judge_trick(C("2D 4D"), Suit.SPADES).winner == 1
    assert judge_trick(C("QD KD"), Suit.SPADES).winner == 1


def test_the_winner_leads_the_next_trick() -> None:
    s = opening("KH 4D 5D", "3H 4C 5C")
    assert s.to_move == 1  # the non-dealer leads
    s = s.apply(C("KH")[0]).apply(C("3H")[0])
    assert s.tricks[0].winner == 0
    assert s.to_move == 0 and s.leader == 0


def test_the_seat_after_the_dealer_leads_the_first_trick() -> None:
    s = new_hand(deal=deal_2p("KH 4D 5D", "3H 4C 5C", "7S"), dealer=1)
    assert s.to_move == 0
    assert set(s.hands[0]) == set(C("KH 4D 5D"))


# --- No obligation: every card in hand is legal ---------------------------------------


def test_no_obligation_to_follow_suit_trump_or_beat() -> None:
    # The follower holds a heart and a trump but may throw a club on the heart lead.
    s = opening("KH 4D 5D", "3H 2S 4C").apply(C("KH")[0])
    assert set(s.legal_plays()) == set(C("3H 2S 4C"))
    assert s.legal_actions() == s.legal_plays()
    verdict = s.explain(C("4C")[0])
    assert verdict.legal and verdict.code == LEGAL
    assert "no obligation to follow suit, trump or beat" in verdict.message
    after = s.apply(C("4C")[0])
    assert after.tricks[0].winner == 1  # the club cannot win the heart trick


def test_notation_and_play_objects_are_accepted() -> None:
    s = opening("KH 4D 5D", "3H 2S 4C")
    assert s.apply("KH").current_trick == (Play(1, C("KH")[0]),)
    assert s.apply(Play(1, C("KH")[0])).current_trick == (Play(1, C("KH")[0]),)


def test_apply_returns_a_new_state_and_leaves_the_old_one() -> None:
    s = opening("KH 4D 5D", "3H 2S 4C")
    t = s.apply(C("KH")[0])
    assert s.current_trick == () and C("KH")[0] in s.hands[1]
    assert C("KH")[0] not in t.hands[1]


def test_the_state_follows_the_engine_contract() -> None:
    s = opening("KH 4D 5D", "3H 2S 4C")
    assert isinstance(s, GameState)
    assert (s.game, s.phase, s.num_players, s.ruleset.name) == ("briscola", "play", 2, "default")


# --- Refusals, with reasons -----------------------------------------------------------


def test_a_card_not_in_hand_is_refused_without_saying_who_holds_it() -> None:
    s = opening("KH 4D 5D", "3H 2S 4C")
    card = C("3H")[0]  # the opponent's card
    with pytest.raises(IllegalPlayError) as info:
        s.apply(card)
    assert info.value.code == NOT_IN_HAND
    assert info.value.verdict.forcing == (card,)
    message = str(info.value)
    assert "3♥" in message and "K♥, 4♦ and 5♦" in message
    assert "seat 0" not in message


def test_a_card_already_played_is_refused_naming_the_trick() -> None:
    s = opening("KH 4D 5D", "3H 2S 4C").apply("KH").apply("3H")
    with pytest.raises(IllegalPlayError) as info:
        s.apply("KH")
    assert info.value.code == NOT_IN_HAND
    assert "K♥" in str(info.value) and "trick 1" in str(info.value)


def test_a_card_in_the_current_trick_is_refused() -> None:
    s = opening("KH 4D 5D", "3H 2S 4C").apply("KH")
    with pytest.raises(IllegalPlayError) as info:
        s.apply("KH")
    assert info.value.code == NOT_IN_HAND
    assert "K♥: it is already in the current trick" in str(info.value)


def test_the_face_up_trump_card_cannot_be_played_from_the_table() -> None:
    s = opening("KH 4D 5D", "3H 2S 4C", face_up="7S")
    with pytest.raises(IllegalPlayError) as info:
        s.apply("7S")
    assert info.value.code == NOT_IN_HAND
    assert "7♠" in str(info.value) and "face-up trump card" in str(info.value)


def test_playing_out_of_turn_is_refused() -> None:
    s = opening("KH 4D 5D", "3H 2S 4C")
    card = C("3H")[0]
    with pytest.raises(IllegalPlayError) as info:
        s.apply(Play(0, card))
    assert info.value.code == NOT_YOUR_TURN
    assert info.value.verdict.forcing == (card,)
    assert "3♥" in str(info.value) and "play goes to seat 1" in str(info.value)


def test_an_action_that_is_not_a_card_is_refused() -> None:
    s = opening("KH 4D 5D", "3H 2S 4C")
    with pytest.raises(IllegalActionError) as info:
        s.apply(42)
    assert not isinstance(info.value, IllegalPlayError)
    assert info.value.code == NOT_A_CARD
    assert "42" in str(info.value)


def test_a_card_of_another_deck_is_refused() -> None:
    s = opening("KH 4D 5D", "3H 2S 4C")
    ten = Card.parse("10H")
    with pytest.raises(IllegalPlayError) as info:
        s.apply(ten)
    assert info.value.code == NOT_IN_HAND
    assert "10♥ is not in the Briscola deck" in str(info.value)


def test_nothing_may_be_played_once_the_hand_is_over() -> None:
    s = start_play(
        [C("AH"), C("2D")], "7S", trump_card_taken=True, carried_points=(49, 60), leader=0
    )
    s = s.apply("AH").apply("2D")
    assert s.is_terminal and s.phase == "done" and s.to_move is None
    assert s.legal_plays() == [] and s.legal_actions() == []
    for action in ("2D", Card.parse("2D"), Card.parse("AH"), Play(0, Card.parse("AH"))):
        with pytest.raises(IllegalPlayError) as info:
            s.apply(action)
        assert info.value.code == HAND_OVER
        assert "20 tricks" in str(info.value)


# --- The led card alone of its suit, and what judge_trick accepts ------------------------


@pytest.mark.parametrize(
    ("cards", "winner", "sentence"),
    [
        (
            "5C AH",
            0,
            "5♣ wins: no trump was played and A♥ is of another plain suit than the led ♣, "
            "which never wins, so the led card takes the trick.",
        ),
        (
            "5C AH 2D KH",
            0,
            "5♣ wins: no trump was played and A♥, 2♦ and K♥ are of another plain suit than "
            "the led ♣, which never wins, so the led card takes the trick.",
        ),
    ],
)
def test_a_led_card_alone_of_its_suit_is_uncontested(
    cards: str, winner: int, sentence: str
) -> None:
    judged = judge_trick(C(cards), Suit.SPADES)
    assert judged == (winner, LED_SUIT_UNCONTESTED, sentence)


def test_two_cards_of_the_led_suit_are_compared() -> None:
    judged = judge_trick(C("5C 7C AH"), Suit.SPADES)
    assert judged == (
        1,
        HIGHEST_OF_LED_SUIT,
        "7♣ wins: no trump was played, so the highest card of the led suit ♣ wins (7♣ beats "
        "5♣; ranks A 3 K Q J 7 6 5 4 2); A♥ is of another plain suit and cannot win.",
    )


def test_a_lone_card_wins_alone() -> None:
    assert judge_trick(C("AH"), Suit.SPADES) == (
        0,
        LED_SUIT_UNCONTESTED,
        "A♥ wins: it is the only card played.",
    )
    assert judge_trick(C("2S"), Suit.SPADES) == (
        0,
        HIGHEST_TRUMP,
        "2♠ wins: it is the only card played, a trump.",
    )


@pytest.mark.parametrize("other", ["8S", "T5", "1S", "EXC"])
def test_judge_trick_refuses_a_card_of_another_deck(other: str) -> None:
    with pytest.raises(InvalidStateError, match="is not a Briscola card"):
        judge_trick((BRISCOLA_DECK.parse("AS"), Card.parse(other)), Suit.HEARTS)


@pytest.mark.parametrize(
    "cards",
    [
        frozenset(C("AS 3S")),
        set(C("AS 3S")),
        "AS 3S",
        "AS",
        {BRISCOLA_DECK.parse("AS"): 0},
    ],
    ids=["frozenset", "set", "text", "one code", "mapping"],
)
def test_judge_trick_refuses_what_is_not_a_sequence_of_cards(cards: object) -> None:
    # An unordered collection has no leader, and a text is not its cards read aloud: the
    # engine's own error says what a trick is, whatever the input's type.
    with pytest.raises(InvalidStateError, match="a trick is a sequence of cards, not "):
        judge_trick(cards, Suit.SPADES)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 4])
def test_a_hand_looks_up_its_card_rules_once(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # The ruleset never changes within a hand: each state hands the card rules on to the
    # next, so a whole hand resolves them once, not once per trick.
    looked_up: list[object] = []

    def counted_rules_of(ruleset: object) -> object:
        looked_up.append(ruleset)
        return real_rules_of(ruleset)

    real_rules_of = state_module.rules_of
    monkeypatch.setattr(state_module, "rules_of", counted_rules_of)
    s = new_hand(rng=random.Random(3), players=players)
    while not s.is_terminal:
        s = s.apply(s.legal_actions()[0])
    assert len(s.tricks) == 40 // players
    assert len(looked_up) == 1
