"""Belote: the obligations of play (docs/rules.md §1.3; seed 000 section 10, seed 003).

Seats are in playing order; partners sit opposite (0 and 2, 1 and 3). Every position is
written card by card and built with ``start_play``, which checks it.
"""

import pytest

from tutorial.engine.belote import (
    BeloteState,
    Declare,
    Pass,
    Take,
    new_hand,
    start_play,
    trick_winner,
)
from tutorial.engine.cards import BELOTE_DECK, Suit
from tutorial.engine.errors import IllegalPlayError, InvalidStateError
from tutorial.engine.outcomes import Play
from tutorial.engine.verdicts import (
    HAND_OVER,
    MUST_FOLLOW_SUIT,
    MUST_OVERTRUMP,
    MUST_PLAY_TRUMP,
    MUST_PLAY_TRUMP_HIGHER,
    MUST_TRUMP,
    NOT_IN_HAND,
    NOT_YOUR_TURN,
)

P = BELOTE_DECK.parse
MANY = BELOTE_DECK.parse_many


def refused(state: BeloteState, card: str, code: str) -> IllegalPlayError:
    """Play ``card``, expect it refused with ``code``; return the error."""
    with pytest.raises(IllegalPlayError) as info:
        state.apply(P(card))
    assert info.value.code == code
    assert state.explain(P(card)).code == code
    return info.value


def legal(state: BeloteState) -> set[str]:
    return {c.code for c in state.legal_plays()}


# Seed 000, section 10: hearts trump; my partner (seat 1) leads ♠A, the opponent on my
# right (seat 2) ruffs with ♥10; I am seat 3, without spades.
def overtrump_position(
    my_hand: str, partner_of_dealer: str, ruleset: str = "default"
) -> BeloteState:
    return start_play(
        hands=[partner_of_dealer, "7S 8S 9S 10S JS QS KS", "7D 8D 9D 10D JD QD KD", my_hand],
        trump="H",
        taker=0,
        dealer=0,
        ruleset=ruleset,
        current_trick="AS 10H",
    )


class TestOvertrump:
    def test_seed_000_only_the_nine_overtrumps(self) -> None:
        state = overtrump_position("8H 9H AD 7C 8C 9C 10C JC", "7H JH QH KH AH QC KC AC")
        assert state.to_move == 3
        assert legal(state) == {"9H"}
        err = refused(state, "8H", MUST_OVERTRUMP)
        assert err.verdict.forcing == (P("10H"), P("9H"))
        assert str(err) == (
            "You must overtrump: the opponents' 10♥ is winning the trick and you hold 9♥."
        )
        assert err.verdict.rule == "Belote: overtrump"

    def test_a_discard_is_refused_too(self) -> None:
        state = overtrump_position("8H 9H AD 7C 8C 9C 10C JC", "7H JH QH KH AH QC KC AC")
        err = refused(state, "AD", MUST_OVERTRUMP)
        assert "10♥" in str(err) and "9♥" in str(err)

    def test_seed_000_ex2_cannot_overtrump_must_still_trump(self) -> None:
        state = overtrump_position("8H AD 7C 8C 9C 10C JC QC", "7H 9H JH QH KH AH KC AC")
        assert legal(state) == {"8H"}
        err = refused(state, "AD", MUST_PLAY_TRUMP)
        assert err.verdict.forcing == (P("10H"), P("8H"))
        assert "cannot overtrump" in str(err)

    def test_option_may_discard_when_unable_to_overtrump(self) -> None:
        # Same cards, rule option cannot_overtrump=may_discard (Contrée): any card.
        state = overtrump_position(
            "8H AD 7C 8C 9C 10C JC QC", "7H 9H JH QH KH AH KC AC", ruleset="contree-discard"
        )
        assert legal(state) == {"8H", "AD", "7C", "8C", "9C", "10C", "JC", "QC"}
        assert state.explain(P("AD")).legal

    def test_overtrump_beats_the_winning_trump_not_just_any(self) -> None:
        # The card played must be higher than the opponent's trump in trump order:
        # ♥K ranks below ♥10, so it does not overtrump.
        state = overtrump_position("8H KH 9H AD 7C 8C 9C 10C", "7H JH QH AH JC QC KC AC")
        assert legal(state) == {"9H"}
        refused(state, "KH", MUST_OVERTRUMP)


# Seed 000: hearts trump, my partner leads ♠K, the opponent plays ♠A; I have no spade.
def ruff_position(
    my_hand: str, other: str, partner_led: str = "KS", opp: str = "AS"
) -> BeloteState:
    spades = [c.code for c in MANY("7S 8S 9S 10S JS QS KS AS") if c.code not in (partner_led, opp)]
    return start_play(
        hands=[other, " ".join([*spades, "7D"]), "8D 9D 10D JD QD KD AD", my_hand],
        trump="H",
        taker=0,
        dealer=0,
        current_trick=f"{partner_led} {opp}",
    )


class TestMustTrump:
    def test_seed_000_must_ruff_when_opponent_wins(self) -> None:
        state = ruff_position("8H 9H 7C 8C 9C 10C JC QC", "7H 10H JH QH KH AH KC AC")
        assert legal(state) == {"8H", "9H"}
        err = refused(state, "7C", MUST_TRUMP)
        assert "A♠" in str(err) and "8♥" in str(err) and "9♥" in str(err)
        assert err.verdict.forcing == (P("AS"), P("8H"), P("9H"))

    def test_seed_000_partner_winning_anything_goes(self) -> None:
        # Partner's ♠A is winning, the opponent followed with ♠10: play any card.
        state = ruff_position("8H 9H 7C 8C 9C 10C JC QC", "7H 10H JH QH KH AH KC AC", "AS", "10S")
        assert legal(state) == {"8H", "9H", "7C", "8C", "9C", "10C", "JC", "QC"}
        assert state.explain(P("7C")).legal

    def test_option_004_partner_winning_still_trump(self) -> None:
        # Same cards under seed 004's wording: you must still trump (any trump).
        base = ruff_position("8H 9H 7C 8C 9C 10C JC QC", "7H 10H JH QH KH AH KC AC", "AS", "10S")
        state = start_play(
            hands=base.hands,
            trump="H",
            taker=0,
            dealer=0,
            ruleset="seed-004",
            current_trick="AS 10S",
        )
        assert legal(state) == {"8H", "9H"}
        err = refused(state, "7C", MUST_TRUMP)
        assert "partner" in str(err) and "A♠" in str(err)

    def test_no_trump_no_suit_anything_goes(self) -> None:
        state = ruff_position("7C 8C 9C 10C JC QC KC AC", "7H 8H 9H 10H JH QH KH AH")
        assert len(legal(state)) == 8


class TestPartnerExceptionAndUndertrump:
    """Partner ruffed and is winning; I hold only a lower trump (seat 3, clubs led)."""

    HANDS = (
        "KC QC 10C 9C 8C 7D 8D",
        "7S 8S 9S 10S 9D 10D JD",
        "JC 7H 9H 10H QH KH AH",
        "8H JS QS KS AS QD KD AD",
    )

    def position(self, ruleset: str) -> BeloteState:
        return start_play(
            self.HANDS, "H", taker=1, dealer=3, ruleset=ruleset, current_trick="AC JH 7C"
        )

    def test_default_free_when_partner_wins_with_a_trump(self) -> None:
        assert len(legal(self.position("default"))) == 8

    def test_seed_004_must_trump_but_may_undertrump(self) -> None:
        state = self.position("seed-004")
        assert legal(state) == {"8H"}  # lower than the partner's ♥J, and accepted
        refused(state, "AS", MUST_TRUMP)


# Seed 000: trump led. Left opponent ♥7, partner ♥10, right opponent ♥K; I hold
# J 9 A Q 8 of trump: I must go over my partner's ♥10 with J, 9 or A.
def trump_led_position(my_hand: str, seat0: str, seat2: str) -> BeloteState:
    return start_play(
        hands=[seat0, "AS 7D 8D 9D 10D JD QD", seat2, my_hand],
        trump="H",
        taker=0,
        dealer=3,
        current_trick="7H 10H KH",
    )


class TestTrumpLed:
    def test_seed_000_must_go_higher_even_over_partner(self) -> None:
        state = trump_led_position(
            "8H 9H JH QH AH 7C 8C 9C", "7S 8S 9S 10S JS QS KS", "KD AD 10C JC QC KC AC"
        )
        assert legal(state) == {"JH", "9H", "AH"}
        err = refused(state, "QH", MUST_PLAY_TRUMP_HIGHER)
        assert str(err) == (
            "Trump was led: you must play a trump higher than your partner's 10♥, the highest "
            "trump in the trick, even though your partner is winning it, and you hold 9♥, "
            "J♥ and A♥."
        )
        assert err.verdict.forcing == (P("10H"), P("9H"), P("JH"), P("AH"))

    def test_cannot_go_higher_any_trump(self) -> None:
        state = trump_led_position(
            "8H QH 7C 8C 9C 10C JC QC", "9H JH AH 7S 8S 9S 10S", "JS QS KS KD AD KC AC"
        )
        assert legal(state) == {"8H", "QH"}
        err = refused(state, "7C", MUST_FOLLOW_SUIT)
        # The trump lead's own refusal, not the general "follow suit" sentence.
        assert str(err) == "Trump was led: you must follow with a trump, and you hold 8♥ and Q♥."
        assert err.verdict.forcing == (P("7H"), P("8H"), P("QH"))
        assert err.verdict.rule == "Belote: follow suit"
        assert state.explain(P("8H")).message == "You cannot beat 10♥, so any trump will do."

    def test_no_trump_anything(self) -> None:
        state = trump_led_position(
            "7C 8C 9C 10C JC QC KC AC", "8H 9H JH QH AH 7S 8S", "9S 10S JS QS KS KD AD"
        )
        assert len(legal(state)) == 8


class TestFollowSuit:
    def test_any_card_of_the_led_suit_no_need_to_beat(self) -> None:
        # Partner leads ♠K, opponent ♠A; I hold ♠7 and ♠9: either, never the trump.
        state = start_play(
            hands=[
                "7H 10H JH QH KH AH KC AC",
                "8S 10S JS QS 7D 8D 9D",
                "10D JD QD KD AD 7C 8C",
                "7S 9S 8H 9H 9C 10C JC QC",
            ],
            trump="H",
            taker=0,
            dealer=0,
            current_trick="KS AS",
        )
        assert legal(state) == {"7S", "9S"}
        err = refused(state, "8H", MUST_FOLLOW_SUIT)
        assert "7♠" in str(err) and "9♠" in str(err)
        assert err.verdict.forcing[0] == P("KS")

    def test_leader_plays_anything(self) -> None:
        lead = start_play(
            hands=[
                "7H 7S 8S 9S 10S JS QS KS",
                "10H AS 7D 8D 9D 10D JD QD",
                "KH KD AD 10C JC QC KC AC",
                "8H 9H JH QH AH 7C 8C 9C",
            ],
            trump="H",
            taker=0,
            dealer=3,
        )
        assert len(legal(lead)) == 8
        assert (
            lead.to_move == 0 and lead.explain(P("7S")).message == "You lead: any card may be led."
        )


class TestOtherRefusals:
    def position(self) -> BeloteState:
        return overtrump_position("8H 9H AD 7C 8C 9C 10C JC", "7H JH QH KH AH QC KC AC")

    def test_not_in_hand(self) -> None:
        err = refused(self.position(), "7H", NOT_IN_HAND)
        assert "7♥" in str(err)

    def test_not_your_turn(self) -> None:
        state = self.position()
        with pytest.raises(IllegalPlayError) as info:
            state.apply(Play(0, P("7H")))
        assert info.value.code == NOT_YOUR_TURN
        assert "seat 3" in str(info.value)
        assert state.apply(Play(3, P("9H"))).current_trick[-1] == Play(3, P("9H"))

    def test_hand_over(self) -> None:
        state = start_play(
            hands=["", "", "", ""],
            trump="S",
            taker=0,
            captured={0: [str(c) for c in BELOTE_DECK][:-4], 1: ()},
            tricks=["JC QC KC AC"],
            leader=0,
        )
        assert state.is_terminal and state.legal_actions() == []
        with pytest.raises(IllegalPlayError) as info:
            state.apply(P("7S"))
        assert info.value.code == HAND_OVER


class TestSeed003Example:
    """003: hearts trump, players 1 & 3 against 2 & 4, playing order 3, 4, 1, 2.

    Seats: player 3 = seat 0, player 4 = seat 1, player 1 = seat 2, player 2 = seat 3
    (the dealer, as in 003's opening example). ♥J is proposed; 3 and 4 pass, 1 takes.
    """

    DEAL = (
        "KD 7D 9D  AD 8D 10D  9H 8C 9C  8H QH 7C "
        "JD 10H  QD AH  10C KS  JC 7S  "
        "JH  "
        "KH 9S QC  JS KC AC  7H AS  8S 10S QS"
    )

    def test_trick_one(self) -> None:
        state = new_hand(deal=self.DEAL, dealer=3)
        assert state.proposed == P("JH") and P("9H") in state.hands[2]
        state = state.apply(Pass()).apply(Pass()).apply(Take(Suit.HEARTS))
        assert (state.taker, state.trump) == (2, Suit.HEARTS)
        state = state.apply(P("KD")).apply(P("AD"))
        assert state.phase == "declare" and state.to_move == 2  # player 1's tierce
        state = state.apply(state.legal_actions()[0])
        assert isinstance(state.declarations[2], tuple)
        # Player 1 has no diamond and his partner is not winning: he must ruff.
        assert legal(state) == {"7H", "9H", "JH"}
        refused(state, "8C", MUST_TRUMP)
        state = state.apply(P("7H"))
        # Player 2 has no diamond either: he must overtrump the ♥7.
        assert legal(state) == {"8H", "QH"}
        err = refused(state, "7C", MUST_OVERTRUMP)
        assert "7♥" in str(err)
        state = state.apply(P("QH"))
        (trick,) = state.tricks
        assert (trick.winner, trick.points) == (3, 18)
        assert state.to_move == 3  # player 2 leads next
        assert [c.describe() for c in state.declarations[2] or ()] == ["tierce (8♣ 9♣ 10♣)"]
        assert isinstance(state.legal_actions()[0], type(P("7C")))
        assert not any(isinstance(a, Declare) for a in state.legal_actions())


class TestStartPlayValidation:
    HANDS = ("7H JH QH KH AH QC KC AC", "7S 8S 9S 10S JS QS KS", "7D 8D 9D 10D JD QD KD",
             "8H 9H AD 7C 8C 9C 10C JC")  # fmt: skip

    def test_duplicate_card(self) -> None:
        hands = [*self.HANDS[:3], "8H 9H AD 7C 8C 9C 10C AS"]
        with pytest.raises(InvalidStateError, match="card A♠ appears twice"):
            start_play(hands, "H", taker=0, current_trick="AS 10H")

    def test_wrong_hand_size(self) -> None:
        with pytest.raises(InvalidStateError, match="seat 0 holds 8 cards but should hold 7"):
            start_play(self.HANDS, "H", taker=0, current_trick="AS 10H", dealer=3)

    def test_illegal_card_in_a_trick(self) -> None:
        # Seat 1 leads ♠A; seat 2, without spades, discards ♦7 while holding ♥10.
        hands = ["7H JH QH KH AH QC KC AC", "7S 8S 9S 10S JS QS KS", "8D 9D 10D JD QD KD 10H",
                 "8H 9H AD 7C 8C 9C 10C JC"]  # fmt: skip
        with pytest.raises(InvalidStateError, match=r"seat 2 may not play 7♦: You must trump"):
            start_play(hands, "H", taker=0, current_trick="AS 7D")

    def test_unknown_seat(self) -> None:
        with pytest.raises(InvalidStateError, match="unknown taker seat 4"):
            start_play(self.HANDS, "H", taker=4, current_trick="AS 10H")
        with pytest.raises(InvalidStateError, match="unknown dealer seat -1"):
            start_play(self.HANDS, "H", taker=0, dealer=-1, current_trick="AS 10H")

    def test_missing_card(self) -> None:
        with pytest.raises(InvalidStateError, match="missing 10♥"):
            start_play(self.HANDS, "H", taker=0, current_trick="AS")

    def test_finished_trick_needs_four_cards(self) -> None:
        with pytest.raises(InvalidStateError, match="trick 1 has 3 cards"):
            start_play(self.HANDS, "H", taker=0, tricks=["AS 10H 7C"])

    def test_bad_trump(self) -> None:
        with pytest.raises(InvalidStateError, match="unknown trump suit"):
            start_play(self.HANDS, "X", taker=0, current_trick="AS 10H")

    def test_history_derives_leaders_and_winners(self) -> None:
        # Trick 1 led by seat 1 (after dealer 0); seat 0 wins it with ♠A and leads next.
        state = start_play(
            hands=[
                "7H JH QH KH AH QC KC",
                "9S 10S JS QS 7D 8D AC",
                "9D 10D JD QD KD AD 10H",
                "8H 9H 7C 8C 9C 10C JC",
            ],
            trump="H",
            taker=0,
            tricks=["7S KS 8S AS"],
        )
        (trick,) = state.tricks
        assert (trick.leader, trick.winner, trick.points) == (1, 0, 4 + 11)
        assert state.to_move == 0 and state.trick_leader == 0


class TestDirection:
    def test_direction_is_display_only(self) -> None:
        # The same cards under counter-clockwise (default) and clockwise (seed 000, 004):
        # the same seat plays next and the same cards are legal; only the table differs.
        hands = ("8H 9H AD 7C 8C 9C 10C JC", "7H JH QH KH AH QC KC AC")
        ccw = overtrump_position(*hands)
        cw = overtrump_position(*hands, ruleset="seed-000")
        assert (ccw.to_move, legal(ccw)) == (cw.to_move, legal(cw)) == (3, {"9H"})
        assert ccw.observe(3).public["direction"] == "counter-clockwise"
        assert cw.observe(3).public["direction"] == "clockwise"


def test_tricks_after_captured_cards_are_numbered_as_played() -> None:
    """Two tricks given as captured cards: the next trick played is trick 3 (index 2)."""
    from tutorial.course.library import load_library
    from tutorial.scenarios.runtime import start

    for sid, checked in load_library().scenarios.items():
        state = checked.table.state
        if state.game != "belote" or not any(getattr(state, "captured", ((), ()))):
            continue
        earlier = sum(len(c) for c in state.captured) // 4
        run = start(checked.scenario, checked.table)
        while not run.finished:
            run = run.solve_current()
        assert [t.index for t in run.state.tricks] == list(
            range(earlier, earlier + len(run.state.tricks))
        ), sid
        return
    raise AssertionError("no Belote scenario starts with captured cards")


def test_trick_winner_counts_from_seat_0_by_default() -> None:
    cards = MANY("7H 7S 10S AH")
    assert trick_winner(cards, Suit.SPADES) == 2 == trick_winner(cards, Suit.SPADES, 0)
    assert trick_winner(cards, Suit.SPADES, leader=3) == 1
