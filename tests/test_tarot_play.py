"""French Tarot card play: follow suit, trump, overtrump (even a partner), the Excuse, tricks.

Positions are late in the hand: the hands and the current trick are literal; every other
card was won earlier (the bouts captured by the defence, the rest as carried points).
Seat 0 is the taker; seats 1, 2 and 3 defend together.
"""

from __future__ import annotations

import pytest

from tutorial.engine import tarot
from tutorial.engine.cards import EXCUSE, TAROT_DECK, Card
from tutorial.engine.errors import IllegalPlayError, InvalidStateError
from tutorial.engine.outcomes import Play
from tutorial.engine.tarot import Bid, TarotState
from tutorial.engine.tarot.play_rules import explain_card, requirement
from tutorial.engine.verdicts import (
    HAND_OVER,
    MUST_FOLLOW_SUIT,
    MUST_OVERTRUMP,
    MUST_PLAY_TRUMP,
    MUST_PLAY_TRUMP_HIGHER,
    MUST_TRUMP,
    NOT_IN_HAND,
    NOT_YOUR_TURN,
    WRONG_PHASE,
)

P = TAROT_DECK.parse
PM = TAROT_DECK.parse_many


def cards(text: str) -> list[Card]:
    return list(PM(text))


def late(
    hands: list[str], current: str | list[Play] = "", leader: int = 0, taker: int = 0
) -> TarotState:
    """These hands and current trick, led by ``leader``; all other cards already won."""
    held = [PM(h) for h in hands]
    cur = PM(current) if isinstance(current, str) else tuple(p.card for p in current)
    used = {c for h in held for c in h} | set(cur)
    rest = [c for c in TAROT_DECK if c not in used]
    chien = [c for c in rest if not tarot.is_bout(c)][:6]
    won = [c for c in rest if c not in chien]
    bouts = [c for c in won if tarot.is_bout(c)]
    carried = tarot.points_of(c for c in won if c not in bouts)
    return tarot.start_play(
        held,
        taker,
        "garde sans",
        chien=chien,
        current_trick=cur if isinstance(current, str) else current,
        captured={1: bouts},
        carried_points={1: carried},
        leader=leader,
    )


def refused(state: TarotState, card: str, code: str) -> IllegalPlayError:
    with pytest.raises(IllegalPlayError) as e:
        state.apply(P(card))
    assert e.value.code == code
    assert state.explain(P(card)).code == code
    return e.value


class TestFollowSuit:
    # Seat 1 led 7♥; seat 2 holds hearts.
    S = late(["3C 4C 5D", "5C 8C", "KH 2H T5", "6C 7C 9C"], current="7H", leader=1)

    def test_must_follow_the_led_suit(self) -> None:
        e = refused(self.S, "T5", MUST_FOLLOW_SUIT)
        assert str(e) == "You must follow suit: 7♥ was led and you hold 2♥ and K♥."
        assert e.verdict.forcing == PM("7H 2H KH")

    def test_any_card_of_the_suit_no_need_to_beat(self) -> None:
        assert self.S.legal_plays() == cards("2H KH")

    def test_the_led_suit_is_set_by_the_first_card(self) -> None:
        s = self.S.apply(P("2H"))
        assert s.to_move == 3 and s.current_trick == (Play(1, P("7H")), Play(2, P("2H")))


class TestMustTrump:
    def test_cannot_follow_must_trump(self) -> None:
        # The taker (seat 0) led 7♥: seat 1 has no heart and must trump.
        s = late(["5C 8C", "T5 T9 3S", "3C 4C 5D", "6C 7C 9C"], current="7H", leader=0)
        e = refused(s, "3S", MUST_TRUMP)
        assert str(e) == "You must trump: you have no hearts (♥) and you hold T5 and T9."
        assert s.legal_plays() == cards("T5 T9")

    def test_must_trump_even_when_the_partner_is_winning(self) -> None:
        # A defender (seat 1) led 7♥: the other defender must trump all the same, and the
        # refusal says so (a Belote player would expect to be free).
        s = late(["3C 4C 5D", "5C 8C", "T5 T9 3S", "6C 7C 9C"], current="7H", leader=1)
        e = refused(s, "3S", MUST_TRUMP)
        assert str(e) == (
            "You must trump even though your partner's 7♥ is winning the trick: "
            "you have no hearts (♥) and you hold T5 and T9."
        )
        assert s.legal_plays() == cards("T5 T9")

    def test_no_suit_no_trump_anything(self) -> None:
        s = late(["3C 4C 5D", "5C 8C", "3S 4D KC", "6C 7C 9C"], current="7H", leader=1)
        assert s.legal_plays() == cards("3S 4D KC")


class TestOvertrump:
    def test_must_beat_the_takers_trump(self) -> None:
        # Seat 3 led 7♥, the taker trumped with T8; seat 1 holds T5 and T9.
        s = late(["3C 8C", "T5 T9 3S", "4C 5C 5D", "6C 7C"], current="7H T8", leader=3)
        e = refused(s, "T5", MUST_OVERTRUMP)
        assert str(e) == (
            "You must overtrump: the taker's T8 is the highest trump in the trick and you hold T9."
        )
        assert e.verdict.forcing == PM("T8 T9")
        refused(s, "3S", MUST_OVERTRUMP)
        assert s.legal_plays() == [P("T9")]

    def test_must_beat_even_a_partners_trump(self) -> None:
        # The taker led 7♥, defender 1 trumped with T8; defender 2 must still go higher.
        s = late(["3C 8C", "4C 9C", "T5 T9 3S", "6C 7C 5D"], current="7H T8", leader=0)
        e = refused(s, "T5", MUST_OVERTRUMP)
        assert "your partner's" in str(e) and "T8" in str(e) and "T9" in str(e)

    def test_cannot_beat_must_still_trump(self) -> None:
        s = late(["3C 8C", "4C 9C", "T5 T6 3S", "6C 7C 5D"], current="7H T8", leader=0)
        e = refused(s, "3S", MUST_PLAY_TRUMP)
        assert "cannot beat" in str(e) and "T8" in str(e) and "T5 and T6" in str(e)
        assert s.legal_plays() == cards("T5 T6")


class TestTrumpLed:
    def test_must_go_higher_than_the_highest_trump(self) -> None:
        s = late(["3C 4C 5D", "5C 8C", "T5 T12 KH", "6C 7C 9C"], current="T10", leader=1)
        e = refused(s, "T5", MUST_PLAY_TRUMP_HIGHER)
        assert str(e).startswith("Trump was led: you must play a trump higher than your partner's")
        assert e.verdict.forcing == PM("T10 T12")
        refused(s, "KH", MUST_PLAY_TRUMP_HIGHER)
        assert s.legal_plays() == [P("T12")]

    def test_higher_than_every_trump_in_the_trick_not_only_the_led_one(self) -> None:
        s = late(["3C 8C", "T12 T20 KH", "4C 5C 5D", "6C 7C"], current="T10 T15", leader=3)
        assert s.legal_plays() == [P("T20")]

    def test_cannot_go_higher_any_trump(self) -> None:
        s = late(["3C 4C 5D", "5C 8C", "T5 T6 KH", "6C 7C 9C"], current="T10", leader=1)
        e = refused(s, "KH", MUST_PLAY_TRUMP)
        assert "T5 and T6" in str(e)
        assert s.legal_plays() == cards("T5 T6")

    def test_no_trump_anything(self) -> None:
        s = late(["3C 4C", "5C", "3S KH", "6C 7C"], current="T10", leader=1)
        assert s.legal_plays() == cards("3S KH")


class TestExcuse:
    def test_may_be_played_instead_of_following(self) -> None:
        s = late(["3C 4C 5D", "5C 8C", "KH EXC 3S", "6C 7C 9C"], current="7H", leader=1)
        assert s.legal_plays() == cards("KH EXC")
        assert s.explain(EXCUSE).message == "The Excuse may be played at any time."

    def test_may_be_played_instead_of_overtrumping(self) -> None:
        s = late(["3C 8C", "T5 T9 EXC", "4C 5C 5D", "6C 7C"], current="7H T8", leader=3)
        assert s.legal_plays() == cards("T9 EXC")

    def test_is_not_a_trump_on_a_trump_lead(self) -> None:
        s = late(["3C 4C 5D", "5C 8C", "EXC 3S KH", "6C 7C 9C"], current="T10", leader=1)
        assert s.legal_plays() == cards("3S KH EXC")

    def test_excuse_led_the_next_card_sets_the_suit(self) -> None:
        s = late(["3C 4C", "EXC 5C", "3S T5", "4S T2"], leader=1)
        s = s.apply(EXCUSE)
        assert s.legal_plays() == cards("3S T5")  # the second card is free
        s = s.apply(P("3S"))
        e = refused(s, "T2", MUST_FOLLOW_SUIT)
        assert "3♠ was led" in str(e)

    def test_the_excuse_never_wins_the_trick(self) -> None:
        s = late(["3C 4C", "EXC 5C", "3S T5", "4S T2"], leader=1)
        for card in ("EXC", "3S", "4S", "3C"):
            s = s.apply(P(card))
        assert s.tricks[-1].winner == 3 and s.tricks[-1].reason == "highest_of_led_suit"


class TestTricks:
    def test_highest_trump_wins_and_leads_next(self) -> None:
        s = late(["T2 4C", "7H 5C", "T9 3S", "KH 6C"], leader=1)
        for card in ("7H", "T9", "KH", "T2"):
            s = s.apply(P(card))
        t = s.tricks[-1]
        assert t.winner == 2 and t.reason == "highest_trump"
        assert t.explanation == "T9 is the highest trump: the trick goes to seat 2."
        assert s.to_move == 2 and s.current_trick == ()

    def test_highest_of_the_led_suit_wins(self) -> None:
        s = late(["2H 4C", "7H 5C", "3S 9S", "KH 6C"], leader=1)
        for card in ("7H", "3S", "KH", "2H"):
            s = s.apply(P(card))
        assert s.tricks[-1].winner == 3 and s.to_move == 3

    def test_the_trick_points(self) -> None:
        s = late(["2H 4C", "7H 5C", "3S 9S", "KH 6C"], leader=1)
        for card in ("7H", "3S", "KH", "2H"):
            s = s.apply(P(card))
        assert s.tricks[-1].points == 6.0  # K 4.5 + three small cards


class TestRefusals:
    S = late(["3C 4C 5D", "5C 8C", "KH 2H T5", "6C 7C 9C"], current="7H", leader=1)

    def test_a_card_not_held(self) -> None:
        e = refused(self.S, "QH", NOT_IN_HAND)
        assert str(e) == "You do not hold Q♥." and e.verdict.forcing == (P("QH"),)

    def test_not_your_turn(self) -> None:
        with pytest.raises(IllegalPlayError) as e:
            self.S.apply(Play(3, P("6C")))
        assert e.value.code == NOT_YOUR_TURN and "goes to seat 2 now" in str(e.value)

    def test_a_play_by_the_right_seat_is_accepted(self) -> None:
        assert self.S.apply(Play(2, P("KH"))).current_trick[-1] == Play(2, P("KH"))

    def test_a_bid_during_the_play(self) -> None:
        v = self.S.explain(Bid.GARDE)
        assert not v.legal and v.code == WRONG_PHASE and "the next to play a card is" in v.message

    def test_after_the_last_trick(self) -> None:
        s = late(["4C", "5C", "KH", "6C"], leader=0)
        for card in ("4C", "5C", "KH", "6C"):
            s = s.apply(P(card))
        assert s.is_terminal and s.legal_plays() == []
        e = refused(s, "4C", HAND_OVER)
        assert "all 18 tricks have been played" in str(e)


class TestStartPlay:
    def test_a_card_in_two_places(self) -> None:
        with pytest.raises(InvalidStateError, match="K♥ is in two places"):
            late(["KH 4C", "5C KH", "3S 9S", "2H 6C"])

    def test_hands_of_the_wrong_size(self) -> None:
        with pytest.raises(InvalidStateError, match="hand sizes do not fit"):
            late(["4C 3C", "5C", "3S 9S", "2H 6C"])

    def test_an_illegal_trick_in_the_history(self) -> None:
        hands, chien = tarot.complete_deal(
            {0: "7H T2", 1: "KH T3", 2: "2H T4", 3: "3H T5 T1"}, chien="9C 10C JC CC QC KC"
        )
        # Trick 1: seat 1 leads 7♥... seat 3 trumps with T5 while holding 3♥.
        with pytest.raises(InvalidStateError, match="trick 1: seat 0 could not play T2"):
            tarot.start_play(
                [[c for c in h if c not in PM("KH 2H 3H T2")] for h in hands],
                0,
                "garde sans",
                chien=chien,
                tricks=["KH 2H 3H T2"],
            )

    def test_seats_given_out_of_order(self) -> None:
        with pytest.raises(InvalidStateError, match="the order from seat 1"):
            late(["4C 7C", "5C 8C", "3S", "6C 9C"], current=[Play(2, P("2H"))], leader=1)

    def test_unlisted_tricks_need_a_leader(self) -> None:
        with pytest.raises(InvalidStateError, match="leader="):
            held = ["4C", "5C", "3S", "6C"]
            used = {c for h in held for c in PM(h)} | set(PM("9C 10C JC CC QC KC"))
            rest = [c for c in TAROT_DECK if c not in used]
            tarot.start_play(held, 0, "garde sans", chien="9C 10C JC CC QC KC", captured={1: rest})

    def test_a_bout_placed_nowhere(self) -> None:
        with pytest.raises(InvalidStateError, match="T21 must be placed"):
            held = ["4C", "5C", "3S", "6C"]
            used = {c for h in held for c in PM(h)} | set(PM("9C 10C JC CC QC KC"))
            rest = [c for c in TAROT_DECK if c not in used]
            tarot.start_play(
                held,
                0,
                "garde sans",
                chien="9C 10C JC CC QC KC",
                captured={1: [c for c in rest if c != P("T21")]},
                carried_points={0: 4.5},
                leader=0,
            )

    def test_carried_points_must_match_the_cards(self) -> None:
        with pytest.raises(InvalidStateError, match="carried points add to 40"):
            held = ["4C", "5C", "3S", "6C"]
            used = {c for h in held for c in PM(h)} | set(PM("9C 10C JC CC QC KC"))
            rest = [c for c in TAROT_DECK if c not in used]
            bouts = [c for c in rest if tarot.is_bout(c)]
            tarot.start_play(
                held,
                0,
                "garde sans",
                chien="9C 10C JC CC QC KC",
                captured={1: bouts},
                carried_points={0: 40.0},
                leader=0,
            )

    def test_a_bad_discard(self) -> None:
        with pytest.raises(InvalidStateError, match="Kings and bouts may never be discarded"):
            hands, _ = tarot.complete_deal({}, chien="KS 2S 3S 4S 5S 6S")
            tarot.start_play(hands, 0, "garde", discard="KS 2S 3S 4S 5S 6S")

    def test_a_discarded_trump_while_plain_cards_were_kept(self) -> None:
        hands, _ = tarot.complete_deal({0: "1S"}, chien="T2 2S 3S 4S 5S 6S")
        with pytest.raises(InvalidStateError, match="the taker kept 1♠"):
            tarot.start_play(hands, 0, "garde", discard="T2 2S 3S 4S 5S 6S")

    def test_the_first_leader_is_the_seat_after_the_dealer(self) -> None:
        hands, chien = tarot.complete_deal({0: "T2 T3"})
        s = tarot.start_play(hands, 0, "garde sans", dealer=2, chien=chien)
        assert s.to_move == 3 and s.phase == "play"

    def test_a_declared_chelem_leads_first(self) -> None:
        hands, chien = tarot.complete_deal({0: "T2 T3"})
        s = tarot.start_play(hands, 0, "garde sans", dealer=2, chien=chien, chelem_declared=True)
        assert s.to_move == 0
        with pytest.raises(InvalidStateError, match="seat 0 leads the first trick"):
            tarot.start_play(
                hands, 0, "garde sans", dealer=2, chien=chien, leader=3, chelem_declared=True
            )

    def test_the_set_aside_is_found_when_left_out(self) -> None:
        hands, chien = tarot.complete_deal({}, chien="2S 3S 4S 5S 6S 7S")
        s = tarot.start_play(hands, 0, "prise")
        assert s.discard == chien and s.set_aside_team == 0

    def test_a_pass_is_not_a_contract(self) -> None:
        hands, chien = tarot.complete_deal({})
        with pytest.raises(InvalidStateError, match="not a pass"):
            tarot.start_play(hands, 0, "pass", chien=chien)


class TestPartnerSentences:
    """The refusal says "even your partner's trump" exactly when the trump is a partner's."""

    def test_overtrump_a_partners_trump(self) -> None:
        s = late(["3C 8C", "4C 9C", "T5 T9 3S", "6C 7C 5D"], current="7H T8", leader=0)
        e = refused(s, "T5", MUST_OVERTRUMP)
        assert str(e) == (
            "You must overtrump: your partner's T8 is the highest trump in the trick and you "
            "hold T9 (even your partner's trump must be beaten)."
        )

    def test_overtrump_the_takers_trump_says_nothing_of_a_partner(self) -> None:
        s = late(["3C 8C", "T5 T9 3S", "4C 5C 5D", "6C 7C"], current="7H T8", leader=3)
        assert str(refused(s, "3S", MUST_OVERTRUMP)) == (
            "You must overtrump: the taker's T8 is the highest trump in the trick and you hold T9."
        )

    def test_the_taker_overtrumps_a_defenders_trump(self) -> None:
        s = late(["T5 T9 3S", "4C 9C 2C", "3C 8C", "6C 7C"], current="7H T8", leader=2)
        assert str(refused(s, "T5", MUST_OVERTRUMP)) == (
            "You must overtrump: seat 3's T8 is the highest trump in the trick and you hold T9."
        )

    def test_trump_led_by_a_partner(self) -> None:
        s = late(["3C 4C 5D", "5C 8C", "T5 T12 KH", "6C 7C 9C"], current="T10", leader=1)
        assert str(refused(s, "T5", MUST_PLAY_TRUMP_HIGHER)) == (
            "Trump was led: you must play a trump higher than your partner's T10, and you hold "
            "T12 (even your partner's trump must be beaten)."
        )

    def test_trump_led_by_the_taker(self) -> None:
        s = late(["T10 4C 5D", "T5 T12 KH", "5C 8C 2C", "6C 7C 9C"], leader=0).apply(P("T10"))
        assert str(refused(s, "KH", MUST_PLAY_TRUMP_HIGHER)) == (
            "Trump was led: you must play a trump higher than the taker's T10, and you hold T12."
        )


class TestUnconstrainedRequirements:
    """A position that allows every card keeps its own reason, and every card's verdict
    says it: what leaves the seat free, then that the card may be played."""

    @pytest.mark.parametrize(
        ("hand", "trick", "key", "why"),
        [
            ("3S 4D KC", "", "tarot.play.lead", "You lead."),
            ("3S 4D KC", "7H", "tarot.play.no_suit_no_trump", "You have no hearts and no trump."),
            ("3S KH", "T10", "tarot.play.no_trump", "You have no trump."),
        ],
    )
    def test_every_card_allowed_with_its_reason(
        self, hand: str, trick: str, key: str, why: str
    ) -> None:
        plays = [Play(1, c) for c in PM(trick)]
        req = requirement(2, PM(hand), plays, 0)
        assert (req.key, req.code, req.allowed, req.forcing) == (key, "", frozenset(PM(hand)), ())
        for card in PM(hand):
            v = explain_card(2, card, PM(hand), plays, 0)
            assert v.legal and v.message == f"{why} {card.label} may be played."


class TestTrickWinner:
    def test_the_default_leader_is_seat_0(self) -> None:
        cards = PM("7H KH T2 QH")
        assert tarot.trick_winner(cards) == 2 == tarot.trick_winner(cards, 0)
        assert tarot.trick_winner(cards, leader=1) == 3
        assert tarot.trick_winner(PM("EXC 5S 9S 2S")) == 2
