"""Belote: the deal (3 + 2 and the proposed card) and the two bidding rounds (docs/rules.md §1.2)."""

import random

import pytest

from tutorial.engine.belote import (
    UNKNOWN_ACTION,
    BeloteState,
    NoDeclaration,
    Pass,
    Take,
    new_hand,
)
from tutorial.engine.cards import BELOTE_DECK, Suit
from tutorial.engine.errors import IllegalActionError, IllegalPlayError, InvalidStateError
from tutorial.engine.verdicts import BAD_BID, WRONG_PHASE

P = BELOTE_DECK.parse
MANY = BELOTE_DECK.parse_many

# The deck in its own order, top first: 7S 8S 9S 10S JS QS KS AS 7H 8H ... AC.
ORDERED = [c.code for c in BELOTE_DECK]


def hand(state: BeloteState, seat: int) -> set[str]:
    return {c.code for c in state.hands[seat]}


def fresh(dealer: int = 0, ruleset: str = "default") -> BeloteState:
    return new_hand(ruleset, deal=ORDERED, dealer=dealer)


class TestDeal:
    def test_three_then_two_from_the_dealers_next_player(self) -> None:
        state = fresh(dealer=0)
        assert hand(state, 1) == {"7S", "8S", "9S", "JH", "QH"}
        assert hand(state, 2) == {"10S", "JS", "QS", "KH", "AH"}
        assert hand(state, 3) == {"KS", "AS", "7H", "7D", "8D"}
        assert hand(state, 0) == {"8H", "9H", "10H", "9D", "10D"}
        assert state.proposed == P("JD")
        assert (state.phase, state.to_move, state.bid_round) == ("bidding", 1, 1)

    def test_dealer_two_deals_first_to_seat_three(self) -> None:
        state = fresh(dealer=2)
        assert hand(state, 3) == {"7S", "8S", "9S", "JH", "QH"}
        assert state.to_move == 3

    def test_same_seed_same_deal(self) -> None:
        a = new_hand(rng=random.Random(7))
        b = new_hand(rng=random.Random(7))
        c = new_hand(rng=random.Random(8))
        assert a.hands == b.hands and a.proposed == b.proposed
        assert a.hands != c.hands

    def test_rng_or_deal_exactly_one(self) -> None:
        with pytest.raises(InvalidStateError, match="exactly one of rng"):
            new_hand()
        with pytest.raises(InvalidStateError, match="exactly one of rng"):
            new_hand(rng=random.Random(1), deal=ORDERED)

    def test_a_deal_is_the_32_cards(self) -> None:
        with pytest.raises(InvalidStateError, match=r"got 31 cards, missing A♣"):
            new_hand(deal=ORDERED[:-1])
        with pytest.raises(InvalidStateError, match="32 cards once each"):
            new_hand(deal=[*ORDERED[:-1], "7S"])

    def test_unknown_dealer(self) -> None:
        with pytest.raises(InvalidStateError, match="unknown dealer seat 4"):
            fresh(dealer=4)


class TestRoundOne:
    def test_take_the_proposed_suit_or_pass(self) -> None:
        state = fresh()
        assert state.legal_actions() == [Pass(), Take(Suit.DIAMONDS)]

    def test_another_suit_is_refused_in_round_one(self) -> None:
        state = fresh()
        with pytest.raises(IllegalActionError) as info:
            state.apply(Take(Suit.HEARTS))
        assert info.value.code == BAD_BID
        assert "J♦" in str(info.value) and "round 1" in str(info.value)
        assert info.value.verdict.forcing == (P("JD"),)

    def test_taker_gets_the_proposed_card_plus_two_others_three(self) -> None:
        state = fresh().apply(Pass()).apply(Take(Suit.DIAMONDS))
        assert (state.taker, state.trump) == (2, Suit.DIAMONDS)
        assert hand(state, 1) == {"7S", "8S", "9S", "JH", "QH", "QD", "KD", "AD"}
        assert hand(state, 2) == {"10S", "JS", "QS", "KH", "AH", "JD", "7C", "8C"}
        assert hand(state, 3) == {"KS", "AS", "7H", "7D", "8D", "9C", "10C", "JC"}
        assert hand(state, 0) == {"8H", "9H", "10H", "9D", "10D", "QC", "KC", "AC"}
        # The dealer's next player leads; he holds a tierce, so he may declare first.
        assert (state.to_move, state.phase) == (1, "declare")

    def test_everyone_knows_the_taker_holds_the_proposed_card(self) -> None:
        state = fresh().apply(Pass()).apply(Take(Suit.DIAMONDS))
        assert P("JD") in state.observe(0).known_cards
        assert state.observe(0).public["known_in_hands"] == {2: (P("JD"),)}
        assert P("JD") not in state.hidden_cards(2)
        assert P("7C") in state.hidden_cards(2)


class TestRoundTwo:
    def after_four_passes(self, ruleset: str = "default") -> BeloteState:
        state = fresh(ruleset=ruleset)
        for _ in range(4):
            state = state.apply(Pass())
        return state

    def test_name_another_suit_or_pass(self) -> None:
        state = self.after_four_passes()
        assert state.bid_round == 2 and state.to_move == 1
        assert state.legal_actions() == [
            Pass(),
            Take(Suit.SPADES),
            Take(Suit.HEARTS),
            Take(Suit.CLUBS),
        ]

    def test_the_proposed_suit_is_refused_in_round_two(self) -> None:
        with pytest.raises(IllegalActionError) as info:
            self.after_four_passes().apply(Take(Suit.DIAMONDS))
        assert info.value.code == BAD_BID
        assert "other than ♦" in str(info.value)

    def test_naming_clubs_deals_the_rest(self) -> None:
        state = self.after_four_passes().apply(Take(Suit.CLUBS))
        assert (state.taker, state.trump) == (1, Suit.CLUBS)
        assert hand(state, 1) == {"7S", "8S", "9S", "JH", "QH", "JD", "QD", "KD"}
        assert hand(state, 2) == {"10S", "JS", "QS", "KH", "AH", "AD", "7C", "8C"}
        assert [(s, str(b)) for s, b in state.bids][-1] == (1, "take ♣")

    def test_all_pass_twice_redeal_by_the_same_dealer(self) -> None:
        state = self.after_four_passes()
        for _ in range(4):
            state = state.apply(Pass())
        assert state.is_terminal and state.redeal and state.to_move is None
        outcome = state.outcome()
        assert outcome.result == "All passed: redeal."
        assert outcome.details["result"] == "redeal"
        assert dict(outcome.totals) == {"team0": 0, "team1": 0}
        assert outcome.details["next_dealer"] == 0

    def test_option_redeal_by_the_next_dealer(self) -> None:
        # Same passes under seed 000 (redeal_dealer=next): seat 1 deals next.
        state = self.after_four_passes("seed-000")
        for _ in range(4):
            state = state.apply(Pass())
        assert state.outcome().details["next_dealer"] == 1


class TestWrongPhase:
    def test_no_card_during_bidding(self) -> None:
        state = fresh()
        with pytest.raises(IllegalPlayError) as info:
            state.apply(P("7S"))
        assert info.value.code == WRONG_PHASE
        assert state.legal_plays() == []

    def test_no_bid_during_play(self) -> None:
        state = fresh().apply(Pass()).apply(Take(Suit.DIAMONDS)).apply(NoDeclaration())
        assert state.phase == "play"
        with pytest.raises(IllegalActionError) as info:
            state.apply(Pass())
        assert info.value.code == WRONG_PHASE

    def test_outcome_only_at_the_end(self) -> None:
        with pytest.raises(InvalidStateError, match="not over"):
            fresh().outcome()

    def test_not_an_action(self) -> None:
        state = fresh()
        verdict = state.explain("take")
        assert (verdict.legal, verdict.code) == (False, UNKNOWN_ACTION)
        with pytest.raises(IllegalActionError):
            state.apply("take")


class TestObservationDuringBidding:
    def test_own_hand_and_the_proposed_card_only(self) -> None:
        state = fresh()
        seen = state.observe(1)
        assert set(seen.hand) == set(state.hands[1])
        assert seen.known_cards == frozenset(state.hands[1]) | {P("JD")}
        assert seen.hand_sizes == (5, 5, 5, 5)
        assert seen.public["proposed"] == P("JD") and seen.public["bid_round"] == 1
