"""Briscola deal and drawing: the face-up trump, who draws first, the last draw (002)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from tutorial.engine.briscola import BriscolaState, Draw, new_hand, start_play
from tutorial.engine.cards import BRISCOLA_DECK, Card, Suit
from tutorial.engine.errors import InvalidStateError, NotationError

C = BRISCOLA_DECK.parse_many


def rest_of_deck(*placed: Sequence[Card]) -> tuple[Card, ...]:
    """Every card not in `placed`, in deck order."""
    used = {c for group in placed for c in group}
    return tuple(c for c in BRISCOLA_DECK if c not in used)


def play_first_cards(state: BriscolaState, tricks: int) -> BriscolaState:
    """Play `tricks` tricks, each seat playing its first legal card."""
    target = len(state.tricks) + tricks
    while len(state.tricks) < target:
        state = state.apply(state.legal_plays()[0])
    return state


# --- The deal -------------------------------------------------------------------------


def test_the_deal_gives_three_each_from_the_seat_after_the_dealer_then_turns_a_card() -> None:
    order = tuple(BRISCOLA_DECK)
    s = new_hand(deal=list(order), dealer=0)
    assert s.hands[1] == (order[0], order[2], order[4])
    assert s.hands[0] == (order[1], order[3], order[5])
    assert s.trump_card == order[6] and s.trump_suit is order[6].suit
    assert s.stock == tuple(order[7:]) and len(s.stock) == 33
    assert s.cards_to_draw == 34 and not s.trump_card_taken


def test_the_face_up_card_names_trump_for_the_whole_deal() -> None:
    deal = (*C("KH 3H 4D 5D 6D 7D 7S"), *rest_of_deck(C("KH 3H 4D 5D 6D 7D 7S")))
    s = new_hand(deal=deal)
    assert s.trump_suit is Suit.SPADES
    s = play_first_cards(s, 19)
    assert s.trump_card_taken and s.trump_suit is Suit.SPADES


def test_same_seed_same_deal() -> None:
    a = new_hand(rng=random.Random(7))
    b = new_hand(rng=random.Random(7))
    c = new_hand(rng=random.Random(8))
    assert (a.hands, a.trump_card, a.stock) == (b.hands, b.trump_card, b.stock)
    assert (a.hands, a.stock) != (c.hands, c.stock)


def test_a_deal_is_the_forty_cards_once_each() -> None:
    with pytest.raises(InvalidStateError, match="missing A♠"):
        new_hand(deal=tuple(BRISCOLA_DECK)[1:])
    with pytest.raises(InvalidStateError, match="39 distinct"):
        new_hand(deal=(BRISCOLA_DECK[1], *tuple(BRISCOLA_DECK)[1:]))
    with pytest.raises(NotationError, match="'10S' is not a Briscola card"):
        new_hand(deal="10S " * 40)


def test_new_hand_needs_exactly_one_of_rng_and_deal() -> None:
    with pytest.raises(InvalidStateError, match="exactly one of rng"):
        new_hand()
    with pytest.raises(InvalidStateError, match="exactly one of rng"):
        new_hand(rng=random.Random(1), deal=tuple(BRISCOLA_DECK))


def test_player_count_and_dealer_are_checked() -> None:
    with pytest.raises(InvalidStateError, match="2 or 4 players"):
        new_hand(rng=random.Random(1), players=3)
    with pytest.raises(InvalidStateError, match=r"dealer must be a seat 0..1"):
        new_hand(rng=random.Random(1), dealer=2)


# --- Drawing --------------------------------------------------------------------------


def test_the_winner_draws_first_then_the_loser() -> None:
    placed = C("KH 3H 4D 4C 5D 5C 7S")
    stock = C("AH 2H") + rest_of_deck(placed, C("AH 2H"))
    s = new_hand(deal=(*placed, *stock))  # seat 1 holds KH 4D 5D, seat 0 holds 3H 4C 5C
    s = s.apply("KH").apply("3H")  # seat 0 wins with the 3
    assert s.tricks[0].winner == 0
    assert s.hands[0][-1] == C("AH")[0] and s.hands[1][-1] == C("2H")[0]
    assert s.draws == (Draw(0, 0, C("AH")[0], False), Draw(0, 1, C("2H")[0], False))
    assert len(s.stock) == 31 and s.to_move == 0


def test_worked_example_last_draw_winner_takes_last_face_down_loser_the_face_up_trump() -> None:
    # 002: trick 17 won by A (seat 0); A draws the last face-down card, the heart ace,
    # B takes the face-up seven of spades.
    s = start_play(
        [C("3S KC 6C"), C("3H 2D 4C")],
        "7S",
        stock=C("AH"),
        carried_points=(40, 45),
        leader=1,
        trick_number=17,
    )
    s = s.apply("4C").apply("6C")
    assert s.tricks[-1].index == 16 and s.tricks[-1].winner == 0
    assert s.draws == (Draw(16, 0, C("AH")[0], False), Draw(16, 1, C("7S")[0], True))
    assert set(s.hands[0]) == set(C("3S KC AH")) and set(s.hands[1]) == set(C("3H 2D 7S"))
    assert s.stock == () and s.trump_card_taken and s.cards_to_draw == 0
    assert s.trump_card_holder == 1
    assert s.trick_number == 18 and s.to_move == 0


def test_the_last_three_tricks_are_played_without_drawing() -> None:
    s = play_first_cards(new_hand(rng=random.Random(11)), 17)
    assert s.stock == () and s.trump_card_taken
    assert [len(h) for h in s.hands] == [3, 3]
    draws = len(s.draws)
    assert draws == 34
    for size in (2, 1, 0):
        s = play_first_cards(s, 1)
        assert [len(h) for h in s.hands] == [size, size]
        assert len(s.draws) == draws
    assert s.is_terminal and len(s.tricks) == 20


def test_hands_hold_three_cards_at_every_trick_while_the_stock_lasts() -> None:
    s = new_hand(rng=random.Random(5))
    for trick in range(1, 18):
        assert [len(h) for h in s.hands] == [3, 3], trick
        assert s.cards_to_draw == 34 - 2 * (trick - 1)
        s = play_first_cards(s, 1)
    assert s.draws[-1].face_up and s.draws[-1].card == s.trump_card
    assert s.draws[-1].seat == (s.tricks[16].winner + 1) % 2


# --- What a seat sees -----------------------------------------------------------------


def test_observe_shows_the_face_up_card_and_stock_size_not_the_stock() -> None:
    s = new_hand(rng=random.Random(3))
    o = s.observe(0)
    assert o.public["trump_card"] == s.trump_card
    assert o.public["stock_size"] == 33 and o.public["cards_to_draw"] == 34
    assert o.hand == s.hands[0] and o.hand_sizes == (3, 3)
    assert not o.known_cards & set(s.stock)
    assert not o.known_cards & set(s.hands[1])
    assert "stock" not in o.public


def test_observe_hides_the_opponents_drawn_cards_but_not_the_face_up_one() -> None:
    s = (
        start_play(
            [C("3S KC 6C"), C("3H 2D 4C")],
            "7S",
            stock=C("AH"),
            carried_points=(40, 45),
            leader=1,
        )
        .apply("4C")
        .apply("6C")
    )
    seen_by_b = s.observe(1)
    assert seen_by_b.public["draws"] == (
        Draw(16, 0, None, False),
        Draw(16, 1, C("7S")[0], True),
    )
    seen_by_a = s.observe(0)
    assert seen_by_a.public["draws"][0].card == C("AH")[0]
    # Everyone knows B holds the seven of spades until it is played.
    assert C("7S")[0] in seen_by_a.known_cards
    assert seen_by_a.public["trump_card_holder"] == 1
    assert s.hidden_cards(1) == frozenset(C("3H 2D"))
    assert not seen_by_a.known_cards & s.hidden_cards(1)


# --- start_play validates the stock and the history -----------------------------------


def opening_position(**kw: object) -> dict[str, object]:
    """Arguments for a valid trick-2 position: KH 3H played, 31 cards in the stock."""
    hands = [C("AS 2S 4S"), C("AC 2C 4C")]
    played = C("KH 3H")
    args: dict[str, object] = {
        "hands": hands,
        "trump_card": "7D",
        "stock": rest_of_deck(*hands, played, C("7D")),
        "tricks": [played],
    }
    args.update(kw)
    return args


def test_a_valid_position_derives_leaders_and_winners() -> None:
    s = start_play(**opening_position())  # type: ignore[arg-type]
    assert s.tricks[0].leader == 1 and s.tricks[0].winner == 0 and s.tricks[0].points == 14
    assert s.to_move == 0 and s.trick_number == 2 and s.points == {"A": 14, "B": 0}


def test_a_card_in_two_places_is_refused() -> None:
    with pytest.raises(InvalidStateError, match="A♠ is in two places: seat 0's hand and"):
        start_play(**opening_position(hands=[C("AS 2S 4S"), C("AS 2C 4C")]))  # type: ignore[arg-type]


def test_the_face_up_card_in_a_hand_needs_trump_card_taken() -> None:
    with pytest.raises(InvalidStateError, match="trump_card_taken=True"):
        start_play(**opening_position(trump_card="AS"))  # type: ignore[arg-type]


def test_a_hand_of_the_wrong_size_is_refused() -> None:
    hands = [C("AS 2S"), C("AC 2C 4C")]
    stock = rest_of_deck(*hands, C("KH 3H 7D 4S"))
    with pytest.raises(InvalidStateError, match="seat 0 holds 2 cards but should hold 3"):
        start_play(**opening_position(hands=hands, stock=stock, captured=[C("4S"), ()]))  # type: ignore[arg-type]


def test_a_stock_size_that_cannot_occur_is_refused() -> None:
    args = opening_position()
    args["stock"] = args["stock"][1:]  # type: ignore[index]
    with pytest.raises(InvalidStateError, match="stock of 30 face-down cards"):
        start_play(**args)  # type: ignore[arg-type]


def test_the_face_up_card_is_taken_only_when_the_stock_is_empty() -> None:
    with pytest.raises(InvalidStateError, match="only by the last draw"):
        start_play(**opening_position(trump_card_taken=True))  # type: ignore[arg-type]


def test_trick_number_must_fit_the_stock() -> None:
    start_play(**opening_position(trick_number=2))  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match=r"trick_number=5 does not fit.*trick 2"):
        start_play(**opening_position(trick_number=5))  # type: ignore[arg-type]


def test_more_tricks_than_the_stock_allows_are_refused() -> None:
    hands = [C("AS"), C("AC")]
    tricks = [C("KH 3H"), C("QH JH")]
    stock = rest_of_deck(*hands, *tricks, C("7D 5H 6H"))[:31]
    with pytest.raises(InvalidStateError, match=r"2 tricks are listed.*only 1"):
        start_play(hands, "7D", stock=stock, tricks=tricks)


def test_unlisted_earlier_tricks_need_a_leader() -> None:
    with pytest.raises(InvalidStateError, match=r"tricks 1 to 17 are not listed.*leader="):
        start_play(
            [C("3S KC AH"), C("3H 2D 7S")], "7S", trump_card_taken=True, carried_points=(40, 45)
        )


def test_the_first_trick_is_led_by_the_seat_after_the_dealer() -> None:
    with pytest.raises(InvalidStateError, match="seat after the dealer, seat 1, not seat 0"):
        start_play(**opening_position(leader=0))  # type: ignore[arg-type]


def test_missing_cards_are_named() -> None:
    args = opening_position()
    args["tricks"] = []
    args["leader"] = 0
    with pytest.raises(InvalidStateError, match=r"2 cards are in no hand.*3♥ and K♥"):
        start_play(**args)  # type: ignore[arg-type]


def test_trick_and_current_trick_sizes_are_checked() -> None:
    with pytest.raises(InvalidStateError, match="listed trick 1 has 3 cards"):
        start_play(**opening_position(tricks=[C("KH 3H 5H")]))  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="current trick has 2 cards"):
        start_play(**opening_position(current_trick=C("5H 6H")))  # type: ignore[arg-type]


def test_hands_must_match_the_number_of_players() -> None:
    with pytest.raises(InvalidStateError, match="2 players need 2 hands, got 3"):
        start_play(**opening_position(hands=[C("AS"), C("2S"), C("3S")]))  # type: ignore[arg-type]


def test_a_card_of_another_deck_is_refused() -> None:
    with pytest.raises(InvalidStateError, match="in seat 0's hand is not a Briscola card"):
        start_play(**opening_position(hands=[(Card.parse("10S"),), C("AC 2C 4C")]))  # type: ignore[arg-type]


def test_the_face_up_card_goes_to_the_last_drawer() -> None:
    # Trick 17 led by seat 0 and won by it: seat 1 drew the face-up 7S, not seat 0.
    with pytest.raises(InvalidStateError, match=r"went to seat 1 .* not seat 0"):
        start_play(
            [C("3S KC 7S"), C("3H 2D AH")],
            "7S",
            trump_card_taken=True,
            carried_points=(40, 45),
            leader=0,
        )


def test_the_face_up_card_cannot_be_played_before_the_last_draw() -> None:
    # Tricks 16 and 17 listed, the face-up 7S played in trick 16: impossible.
    with pytest.raises(InvalidStateError, match="played in trick 16, before the last draw"):
        start_play(
            [C("3S KC AH"), C("3H 2D 5C")],
            "7S",
            tricks=[C("7S 4C"), C("6C 4D")],
            trump_card_taken=True,
            carried_points=(40, 45),
            leader=0,
        )


def test_a_taken_face_up_card_cannot_have_left_play_before_the_last_draw() -> None:
    # Trick 18 with tricks 1 to 17 unlisted: the face-up 7S, drawn after trick 17,
    # cannot already be gone.
    with pytest.raises(InvalidStateError, match="7♠, the face-up trump card, is taken but"):
        start_play(
            [C("3S KC AH"), C("3H 2D 5C")],
            "7S",
            trump_card_taken=True,
            carried_points=(40, 45),
            leader=0,
        )
