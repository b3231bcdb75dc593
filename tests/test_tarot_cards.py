"""French Tarot: card order, card points, bouts, targets, trick winner, rulesets, the deal."""

from __future__ import annotations

import random

import pytest

from tutorial.engine import tarot
from tutorial.engine.cards import EXCUSE, PETIT, TAROT_DECK, TRUMP_21, Card
from tutorial.engine.contract import GameState
from tutorial.engine.errors import InvalidStateError, NotationError, UnknownRulesetError
from tutorial.engine.rule_options import find_ruleset, option_help, rulesets
from tutorial.engine.tarot import Bid, Poignee

P = TAROT_DECK.parse
PM = TAROT_DECK.parse_many


class TestCardPoints:
    def test_each_kind_of_card(self) -> None:
        assert [tarot.card_points(P(c)) for c in ("KS", "QH", "CD", "JC")] == [4.5, 3.5, 2.5, 1.5]
        assert [tarot.card_points(P(c)) for c in ("10S", "1H", "T2", "T20")] == [0.5] * 4

    def test_bouts_are_worth_four_and_a_half(self) -> None:
        assert [tarot.card_points(c) for c in (PETIT, TRUMP_21, EXCUSE)] == [4.5, 4.5, 4.5]

    def test_the_deck_holds_91_points(self) -> None:
        assert tarot.points_of(TAROT_DECK) == 91.0
        assert len(TAROT_DECK) == 78

    def test_bouts_are_the_petit_the_21_and_the_excuse(self) -> None:
        assert {c for c in TAROT_DECK if tarot.is_bout(c)} == {PETIT, TRUMP_21, EXCUSE}

    def test_the_excuse_is_not_a_trump(self) -> None:
        assert not tarot.is_trump(EXCUSE)
        assert sum(tarot.is_trump(c) for c in TAROT_DECK) == 21


class TestRankOrder:
    def test_plain_suit_king_queen_knight_jack_ten_down_to_one(self) -> None:
        ranks = PM("KH QH CH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H 1H")
        values = [tarot.rank_value(c) for c in ranks]
        assert values == sorted(values, reverse=True)
        assert values[0] == 14 and values[-1] == 1

    def test_trumps_by_number(self) -> None:
        assert tarot.rank_value(P("T21")) > tarot.rank_value(P("T20")) > tarot.rank_value(PETIT)


class TestTargets:
    @pytest.mark.parametrize(("bouts", "target"), [(0, 56), (1, 51), (2, 41), (3, 36)])
    def test_target_by_bouts(self, bouts: int, target: float) -> None:
        assert tarot.target_for(bouts) == target

    def test_no_fourth_bout(self) -> None:
        with pytest.raises(InvalidStateError, match="0 to 3 bouts"):
            tarot.target_for(4)

    @pytest.mark.parametrize("bouts", [-1, -4])
    def test_no_negative_count_of_bouts(self, bouts: int) -> None:
        # A negative count must be refused, not read from the end of the table (36).
        with pytest.raises(InvalidStateError, match=f"0 to 3 bouts, not {bouts}"):
            tarot.target_for(bouts)


class TestTrickWinner:
    def test_highest_card_of_the_led_suit(self) -> None:
        # 7♥ led by seat 2; K♥ (seat 0) beats Q♥ and the off-suit K♠.
        assert tarot.trick_winner(PM("7H KS KH QH"), leader=2) == 0

    def test_a_card_of_another_suit_never_wins(self) -> None:
        assert tarot.trick_winner(PM("2D KS KH KC"), leader=0) == 0

    def test_any_trump_beats_plain_cards(self) -> None:
        assert tarot.trick_winner(PM("KD T1 QD CD"), leader=1) == 2

    def test_highest_trump_wins(self) -> None:
        assert tarot.trick_winner(PM("T5 T9 T21 T6"), leader=3) == 1

    def test_excuse_led_the_next_card_sets_the_suit(self) -> None:
        # Excuse, then 5♠ sets spades: 9♠ wins, the K♥ does not follow.
        assert tarot.trick_winner(PM("EXC 5S 9S KH"), leader=0) == 2

    def test_the_excuse_never_wins(self) -> None:
        assert tarot.trick_winner(PM("2S EXC 1S 3S"), leader=0) == 3

    def test_the_excuse_wins_only_with_the_last_trick_exception(self) -> None:
        assert tarot.trick_winner(PM("EXC 5S 9S KH"), leader=1, excuse_wins=True) == 1

    def test_led_card(self) -> None:
        assert tarot.led_card(PM("EXC T3 KH")) == P("T3")
        assert tarot.led_card([EXCUSE]) is None


class TestBid:
    def test_multipliers(self) -> None:
        assert [b.multiplier for b in Bid if b is not Bid.PASS] == [1, 2, 4, 6]

    def test_order(self) -> None:
        assert Bid.PASS < Bid.PRISE < Bid.GARDE < Bid.GARDE_SANS < Bid.GARDE_CONTRE

    def test_parse_names(self) -> None:
        assert Bid.parse("garde contre") is Bid.GARDE_CONTRE
        assert Bid.parse("Garde-sans") is Bid.GARDE_SANS
        assert Bid.parse("PASS") is Bid.PASS

    def test_parse_unknown_names_the_bids(self) -> None:
        with pytest.raises(NotationError, match="garde sans"):
            Bid.parse("petite")


class TestPoigneeValue:
    def test_levels(self) -> None:
        assert Poignee("simple").size == 10 and Poignee("simple").bonus == 20
        assert Poignee("double").size == 13 and Poignee("double").bonus == 30
        assert Poignee("triple").size == 15 and Poignee("triple").bonus == 40

    def test_card_order_does_not_matter(self) -> None:
        assert Poignee.of("simple", "T3 T1 T2") == Poignee.of("simple", "T1 T2 T3")


class TestRulesets:
    def test_default_and_its_aliases(self) -> None:
        default = find_ruleset("tarot")
        assert default.name == "default"
        assert find_ruleset("tarot", "FFT") is default
        assert find_ruleset("tarot", "seed-001") is default
        assert [r.name for r in rulesets("tarot")] == ["default"]

    def test_the_default_options_are_seed_001s(self) -> None:
        opts = tarot.get_ruleset().options
        assert opts.excuse_last_trick == "goes_to_opponents"
        assert opts.poignee_discards == "four_kings"

    def test_every_option_has_help_and_choices(self) -> None:
        for name, _value, help_text, choices in option_help(tarot.DEFAULT):
            assert help_text and choices, name

    def test_override_is_named(self) -> None:
        rs = tarot.get_ruleset("default", excuse_last_trick="goes_to_trick_winner")
        assert rs.name == "default+excuse_last_trick=goes_to_trick_winner"
        assert rs.options.excuse_last_trick == "goes_to_trick_winner"

    def test_unknown_option_value_is_refused(self) -> None:
        with pytest.raises(UnknownRulesetError, match="goes_to_opponents"):
            tarot.get_ruleset("default", excuse_last_trick="burned")

    def test_unknown_ruleset(self) -> None:
        with pytest.raises(UnknownRulesetError, match="default"):
            tarot.get_ruleset("five-players")

    def test_a_ruleset_of_another_game_is_refused(self) -> None:
        with pytest.raises(UnknownRulesetError, match="not a Tarot ruleset"):
            tarot.get_ruleset(find_ruleset("briscola"))


class TestDeal:
    def test_three_at_a_time_from_the_seat_after_the_dealer(self) -> None:
        hands, chien = tarot.deal_from_order(list(TAROT_DECK), dealer=0)
        assert hands[1][:3] == PM("1S 2S 3S")
        assert hands[2][:3] == PM("4S 5S 6S")
        assert hands[0][:3] == PM("10S JS CS")
        assert chien == PM("T17 T18 T19 T20 T21 EXC")
        assert [len(h) for h in hands] == [18, 18, 18, 18]

    def test_same_seed_same_deal(self) -> None:
        a = tarot.new_hand(rng=random.Random(7))
        b = tarot.new_hand(rng=random.Random(7))
        assert a.hands == b.hands and a.chien == b.chien

    def test_the_deal_uses_every_card_once(self) -> None:
        s = tarot.new_hand(rng=random.Random(3))
        cards = [c for h in s.hands for c in h] + list(s.chien)
        assert sorted(map(TAROT_DECK.index, cards)) == list(range(78))

    def test_playout_deals_like_new_hand(self) -> None:
        result = tarot.playout(random.Random(11))
        s = tarot.new_hand(rng=random.Random(11))
        t = tarot.new_hand(deal=result.deal_cards)
        assert s.hands == t.hands and s.chien == t.chien

    def test_explicit_hands_and_chien(self) -> None:
        order = list(TAROT_DECK)
        hands, chien = tarot.deal_from_order(order, dealer=2)
        s = tarot.new_hand(hands=hands, chien=chien, dealer=2)
        assert s.to_move == 3
        assert s.hands[3] == tarot.sort_cards(hands[3])

    def test_exactly_one_source(self) -> None:
        with pytest.raises(InvalidStateError, match="exactly one of"):
            tarot.new_hand()
        with pytest.raises(InvalidStateError, match="exactly one of"):
            tarot.new_hand(rng=random.Random(1), deal=list(TAROT_DECK))

    def test_a_deal_with_a_card_twice_is_refused(self) -> None:
        order = [*list(TAROT_DECK)[:77], P("KH")]
        with pytest.raises(InvalidStateError, match="78 Tarot cards once each"):
            tarot.new_hand(deal=order)

    def test_hands_with_a_card_twice_are_refused(self) -> None:
        hands, chien = tarot.deal_from_order(list(TAROT_DECK))
        bad = (hands[0], hands[1], hands[2], (*hands[3][:17], hands[0][0]))
        with pytest.raises(InvalidStateError, match="two places"):
            tarot.new_hand(hands=bad, chien=chien)

    def test_a_short_hand_is_refused(self) -> None:
        hands, chien = tarot.deal_from_order(list(TAROT_DECK))
        with pytest.raises(InvalidStateError, match="seat 3 holds 17 cards"):
            tarot.new_hand(hands=(*hands[:3], hands[3][:17]), chien=chien)

    def test_a_belote_card_is_refused(self) -> None:
        hands, chien = tarot.deal_from_order(list(TAROT_DECK))
        with pytest.raises(InvalidStateError, match="not a Tarot card"):
            tarot.new_hand(hands=(*hands[:3], (*hands[3][:17], Card.parse("AH"))), chien=chien)

    def test_the_state_follows_the_contract(self) -> None:
        s = tarot.new_hand(rng=random.Random(1))
        assert isinstance(s, GameState)
        assert s.game == "tarot" and s.num_players == 4 and s.phase == "bidding"
        assert s.ruleset.name == "default"
