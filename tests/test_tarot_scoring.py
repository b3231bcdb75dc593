"""French Tarot scoring: target, base, multiplier, petit au bout, poignée, chelem, the Excuse.

Most positions start at the end (or in the last tricks): the cards already won are given
as captured cards (the bouts) and carried points (the rest), as literal figures.
Seat 0 is the taker unless said otherwise; ``discard`` is worth 3 points (six small cards).
"""

from __future__ import annotations

from typing import Any

import pytest

from tutorial.engine import tarot
from tutorial.engine.cards import TAROT_DECK
from tutorial.engine.errors import InvalidStateError
from tutorial.engine.outcomes import HandOutcome, ScoreLine
from tutorial.engine.rule_options import rulesets
from tutorial.engine.tarot import Poignee, TarotState

P = TAROT_DECK.parse
PM = TAROT_DECK.parse_many
DISCARD = "2S 3S 4S 5S 6S 7S"  # 6 x 0.5 = 3 points


def over(contract: str = "garde", **kw: Any) -> TarotState:
    """A finished hand: nothing left in the hands, every trick already won."""
    if contract in ("prise", "garde"):
        kw.setdefault("discard", DISCARD)
    else:
        kw.setdefault("chien", DISCARD)
    return tarot.start_play(["", "", "", ""], kw.pop("taker", 0), contract, **kw)


def books_balance(out: HandOutcome) -> None:
    for side in {line.side for line in out.lines} | set(out.totals):
        assert out.totals[side] == sum(line.points for line in out.lines if line.side == side)
    assert sum(out.totals.values()) == 0


def line(out: HandOutcome, kind: str, side: str = "seat 0") -> ScoreLine:
    [found] = [x for x in out.lines if x.kind == kind and x.side == side]
    return found


def per_seat(out: HandOutcome) -> list[float]:
    return [out.totals[f"seat {s}"] for s in range(4)]


class TestWorkedExample:
    """Seed 001: Garde (x2), 2 bouts, target 41, 45 points: each defender pays 58."""

    S = over(captured={0: "T21 EXC", 1: "T1"}, carried_points={0: 33.0, 1: 41.5})

    def test_the_figures(self) -> None:
        d = self.S.outcome().details
        assert (d["points"], d["bouts"], d["target"], d["difference"]) == (45.0, 2, 41.0, 4.0)
        assert (d["multiplier"], d["base"]) == (2, 58.0)
        assert (d["per_defender"], d["taker_total"]) == (58.0, 174.0)

    def test_each_defender_pays_58_and_the_taker_gets_174(self) -> None:
        out = self.S.outcome()
        assert per_seat(out) == [174.0, -58.0, -58.0, -58.0]
        assert out.details["result"] == "made" and " made by seat " in out.result
        books_balance(out)

    def test_the_lines_walk_through_each_step(self) -> None:
        out = self.S.outcome()
        kinds = [x.kind for x in out.lines]
        assert kinds[:5] == ["card_points", "bouts", "target", "difference", "multiplier"]
        assert line(out, "card_points").label == "Card points of the taker (seat 0): 45 of 91"
        assert line(out, "card_points").note == "tricks 42 + discard 3"
        assert line(out, "bouts").note == "T21 and Excuse"
        assert line(out, "target").label == "Target with 2 bouts: 41"
        assert line(out, "difference").label == "Difference: 45 - 41 = +4 (made)"
        assert line(out, "multiplier").label == "Garde: multiplier x2"
        base = line(out, "base")
        assert base.label == "Base (25 + 4) x 2 = 58: taker +174" and base.points == 174.0
        assert line(out, "base", "seat 2").points == -58.0
        assert "each defender pays 58, the taker receives 174" in line(out, "result").label


class TestContract:
    def test_exactly_the_target_is_made(self) -> None:
        out = over(captured={0: "T21 EXC", 1: "T1"}, carried_points={0: 29.0, 1: 45.5}).outcome()
        assert out.details["points"] == 41.0 and out.details["result"] == "made"
        assert per_seat(out) == [150.0, -50.0, -50.0, -50.0]  # (25 + 0) x 2

    def test_failed_the_taker_pays_each_defender(self) -> None:
        out = over(captured={0: "T21", 1: "T1 EXC"}, carried_points={0: 32.5, 1: 42.0}).outcome()
        d = out.details
        assert (d["points"], d["bouts"], d["target"], d["difference"]) == (40.0, 1, 51.0, -11.0)
        assert out.details["result"] == "failed" and " failed by seat " in out.result
        assert per_seat(out) == [-216.0, 72.0, 72.0, 72.0]  # (25 + 11) x 2
        assert line(out, "difference").label == "Difference: 40 - 51 = -11 (failed)"
        books_balance(out)

    def test_half_points_are_kept(self) -> None:
        out = over(captured={0: "T21 EXC", 1: "T1"}, carried_points={0: 33.5, 1: 41.0}).outcome()
        assert out.details["difference"] == 4.5
        assert per_seat(out) == [177.0, -59.0, -59.0, -59.0]  # (25 + 4.5) x 2

    @pytest.mark.parametrize(("contract", "per_defender"), [("prise", 29.0), ("garde", 58.0)])
    def test_multiplier_prise_and_garde(self, contract: str, per_defender: float) -> None:
        s = over(contract, captured={0: "T21 EXC", 1: "T1"}, carried_points={0: 33.0, 1: 41.5})
        assert s.outcome().details["per_defender"] == per_defender

    def test_garde_sans_the_chien_counts_for_the_taker(self) -> None:
        s = over("garde sans", captured={0: "T21 EXC", 1: "T1"}, carried_points={0: 33.0, 1: 41.5})
        out = s.outcome()
        assert out.details["points"] == 45.0 and out.details["per_defender"] == 116.0  # x4
        assert line(out, "card_points").note == "tricks 42 + chien 3"

    def test_garde_contre_the_chien_counts_for_the_defence(self) -> None:
        s = over(
            "garde contre", captured={0: "T21 EXC", 1: "T1"}, carried_points={0: 36.0, 1: 38.5}
        )
        out = s.outcome()
        assert out.details["points"] == 45.0 and out.details["defence_points"] == 46.0
        assert out.details["set_aside"]["team"] == 1
        assert out.details["per_defender"] == 174.0  # (25 + 4) x 6

    def test_the_taker_can_be_any_seat(self) -> None:
        s = over(taker=2, captured={0: "T21 EXC", 1: "T1"}, carried_points={0: 33.0, 1: 41.5})
        assert per_seat(s.outcome()) == [-58.0, -58.0, 174.0, -58.0]

    def test_no_outcome_before_the_end(self) -> None:
        hands, chien = tarot.complete_deal({})
        with pytest.raises(InvalidStateError, match="not over"):
            tarot.new_hand(hands=hands, chien=chien).outcome()


class TestPetitAuBout:
    def test_the_taker_wins_the_last_trick_with_the_petit(self) -> None:
        s = tarot.start_play(
            ["T1", "2H", "3H", "4H"],
            0,
            "garde",
            discard=DISCARD,
            captured={0: "T21 EXC"},
            carried_points={0: 20.0, 1: 53.0},
            leader=1,
        )
        for c in ("2H", "3H", "4H", "T1"):
            s = s.apply(P(c))
        out = s.outcome()
        assert out.details["petit_au_bout"] == 20.0  # 10 x 2, to the taker
        assert line(out, "petit_au_bout").points == 60.0
        assert line(out, "petit_au_bout", "seat 1").points == -20.0
        assert per_seat(out) == [222.0, -74.0, -74.0, -74.0]  # (25 + 2) x 2 + 20
        books_balance(out)

    def test_the_defence_wins_the_last_trick_with_the_petit(self) -> None:
        s = tarot.start_play(
            ["KH", "T1", "2H", "3H"],
            0,
            "garde",
            discard=DISCARD,
            captured={0: "T21 EXC"},
            carried_points={0: 40.0, 1: 29.0},
            leader=0,
        )
        for c in ("KH", "T1", "2H", "3H"):
            s = s.apply(P(c))
        out = s.outcome()
        assert s.tricks[-1].winner == 1
        assert out.details["petit_au_bout"] == -20.0
        assert "won by seat 1: 10 x 2 to the defence" in line(out, "petit_au_bout").note
        assert per_seat(out) == [156.0, -52.0, -52.0, -52.0]  # (25 + 11) x 2 - 20

    def test_no_bonus_when_the_petit_falls_earlier(self) -> None:
        out = over(captured={0: "T21 EXC", 1: "T1"}, carried_points={0: 33.0, 1: 41.5}).outcome()
        assert out.details["petit_au_bout"] == 0.0
        assert not [x for x in out.lines if x.kind == "petit_au_bout"]


class TestPoignee:
    SIMPLE = Poignee.of("simple", "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11")

    def test_a_defenders_poignee_goes_to_the_taker_who_makes_the_contract(self) -> None:
        s = over(
            captured={0: "T21 EXC", 1: "T1"},
            carried_points={0: 33.0, 1: 41.5},
            poignees=[(1, self.SIMPLE)],
        )
        out = s.outcome()
        assert out.details["poignee"] == 20.0
        assert line(out, "poignee").points == 60.0
        assert line(out, "poignee").label.startswith("Seat 1's simple poignée: 20")
        assert per_seat(out) == [234.0, -78.0, -78.0, -78.0]  # 58 + 20
        books_balance(out)

    def test_the_takers_poignee_goes_to_the_defence_when_the_contract_fails(self) -> None:
        s = over(
            captured={0: "T21", 1: "T1 EXC"},
            carried_points={0: 32.5, 1: 42.0},
            poignees=[(0, self.SIMPLE)],
        )
        out = s.outcome()
        assert out.details["poignee"] == -20.0
        assert per_seat(out) == [-276.0, 92.0, 92.0, 92.0]  # -(72 + 20)

    def test_the_poignee_is_not_multiplied(self) -> None:
        s = over(
            "garde contre",
            captured={0: "T21 EXC", 1: "T1"},
            carried_points={0: 36.0, 1: 38.5},
            poignees=[(2, Poignee.of("double", "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14"))],
        )
        assert s.outcome().details["per_defender"] == 174.0 + 30.0

    def test_a_poignee_of_the_wrong_size_is_refused(self) -> None:
        with pytest.raises(InvalidStateError, match="simple poignée"):
            over(
                captured={0: "T21 EXC", 1: "T1"},
                carried_points={0: 33.0, 1: 41.5},
                poignees=[(1, Poignee.of("simple", "T2 T3 T4"))],
            )


class TestChelem:
    def test_declared_and_failed_costs_200(self) -> None:
        s = over(
            captured={0: "T21 EXC", 1: "T1"},
            carried_points={0: 33.0, 1: 41.5},
            chelem_declared=True,
        )
        out = s.outcome()
        assert out.details["chelem"] == -200.0
        assert per_seat(out) == [-426.0, 142.0, 142.0, 142.0]  # 58 - 200
        assert "declared but failed" in line(out, "chelem").note
        books_balance(out)

    def test_undeclared_but_made_is_worth_200(self) -> None:
        s = over(captured={0: "T21 EXC T1"}, carried_points={0: 74.5})
        out = s.outcome()
        assert out.details["points"] == 91.0 and out.details["chelem"] == 200.0
        assert per_seat(out) == [(80 * 2 + 200) * 3, -360.0, -360.0, -360.0]

    def test_a_defence_chelem_is_worth_200_to_the_defence(self) -> None:
        s = over(captured={1: "T21 EXC T1"}, carried_points={1: 74.5})
        out = s.outcome()
        assert out.details["points"] == 3.0  # only the discard
        assert out.details["chelem"] == -200.0
        assert "made by the defence" in line(out, "chelem").note


# A complete hand: seat 2 takes Garde sans, declares a chelem, leads every trump down to
# T6, then the Petit (trick 17) and the Excuse (trick 18).
CHELEM_TRICKS = [
    "T21 T5 T2 T4",
    "T20 6D T3 3H",
    "T19 7D 1S 4H",
    "T18 8D 2S 5H",
    "T17 9D 3S 6H",
    "T16 10D 4S 7H",
    "T15 JD 5S 8H",
    "T14 CD 6S 9H",
    "T13 QD 7S 10H",
    "T12 KD 8S JH",
    "T11 1C 9S CH",
    "T10 2C 10S QH",
    "T9 3C JS KH",
    "T8 4C CS 1D",
    "T7 5C QS 2D",
    "T6 6C KS 3D",
    "T1 7C 1H 4D",
    "EXC 8C 2H 5D",
]


def chelem_hand(declared: bool = True) -> TarotState:
    # Declared, the taker leads; undeclared, the seat after the dealer (here seat 2 too).
    return tarot.start_play(
        ["", "", "", ""],
        2,
        "garde sans",
        dealer=0 if declared else 1,
        chien="9C 10C JC CC QC KC",
        tricks=CHELEM_TRICKS,
        chelem_declared=declared,
    )


class TestChelemHand:
    def test_the_excuse_led_to_the_last_trick_wins_it(self) -> None:
        last = chelem_hand().tricks[-1]
        assert last.winner == 2 and last.reason == "excuse_wins_last_trick"
        assert "the Excuse wins it" in last.explanation
        assert last.points == 6.0

    def test_declared_chelem_made_with_petit_au_bout_on_the_trick_before(self) -> None:
        out = chelem_hand().outcome()
        d = out.details
        assert (d["points"], d["bouts"], d["target"], d["difference"]) == (91.0, 3, 36.0, 55.0)
        assert d["base"] == 320.0  # (25 + 55) x 4
        assert d["petit_au_bout"] == 40.0  # the Petit in trick 17, 10 x 4
        assert d["chelem"] == 400.0
        assert d["per_defender"] == 760.0
        assert per_seat(out) == [-760.0, -760.0, 2280.0, -760.0]
        assert d["trick_winners"] == (2,) * 18
        books_balance(out)

    def test_undeclared_it_is_worth_200(self) -> None:
        out = chelem_hand(declared=False).outcome()
        assert out.details["chelem"] == 200.0

    def test_the_tricks_must_be_legal(self) -> None:
        # Seat 0 discards 1♠ in trick 2 while it still holds T3: it must play its trump.
        bad = [CHELEM_TRICKS[0], "T20 6D 1S 3H", "T19 7D T3 4H", *CHELEM_TRICKS[3:]]
        with pytest.raises(InvalidStateError, match="trick 2: seat 0 could not play 1♠"):
            tarot.start_play(
                ["", "", "", ""],
                2,
                "garde sans",
                chien="9C 10C JC CC QC KC",
                tricks=bad,
                chelem_declared=True,
            )


class TestExcuse:
    def test_kept_by_its_team_with_half_a_point_in_exchange(self) -> None:
        # Trick 17: the taker leads K♥, defender 1 plays the Excuse; the taker wins it.
        s = tarot.start_play(
            ["KH 5C", "EXC 6C", "2H 7C", "3H 8C"],
            0,
            "garde",
            discard=DISCARD,
            captured={0: "T21", 1: "T1"},
            carried_points={0: 30.0, 1: 37.0},
            leader=0,
        )
        for c in ("KH", "EXC", "2H", "3H", "5C", "6C", "7C", "8C"):
            s = s.apply(P(c))
        out = s.outcome()
        assert s.tricks[-2].winner == 0 and s.tricks[-2].points == 5.5  # the Excuse went back
        assert out.details["excuse_exchange"] == 0.5
        assert out.details["points"] == 43.5  # 30 + T21 + discard + 5.5 + 0.5
        assert out.details["bouts"] == 1  # the Excuse stays with the defence
        ex = line(out, "excuse_exchange", "seat 1")
        assert "gives 0.5 point in exchange" in ex.note and ex.points == 0.0
        assert "Excuse exchange +0.5" in line(out, "card_points").note

    def test_played_in_the_last_trick_it_goes_to_the_other_team(self) -> None:
        s = tarot.start_play(
            ["EXC", "2H", "3H", "4H"],
            0,
            "garde",
            discard=DISCARD,
            captured={0: "T21 T1"},
            carried_points={0: 30.0, 1: 43.0},
            leader=1,
        )
        for c in ("2H", "3H", "4H", "EXC"):
            s = s.apply(P(c))
        out = s.outcome()
        assert s.tricks[-1].winner == 3
        text = s.tricks[-1].explanation
        assert "The Excuse, played in the last trick, goes to the defence." in text
        assert out.details["bouts"] == 2 and out.details["defence_points"] == 49.0
        assert "goes to the defence" in line(out, "excuse_exchange").note

    @pytest.mark.parametrize(
        ("option", "bouts", "points"),
        [("goes_to_opponents", 3, 46.5), ("goes_to_trick_winner", 2, 42.0)],
    )
    def test_a_defenders_excuse_in_the_last_trick_won_by_a_defender(
        self, option: str, bouts: int, points: float
    ) -> None:
        s = tarot.start_play(
            ["2H", "EXC", "3H", "4H"],
            0,
            "garde",
            ruleset=tarot.get_ruleset("default", excuse_last_trick=option),
            discard=DISCARD,
            captured={0: "T21 T1"},
            carried_points={0: 30.0, 1: 43.0},
            leader=0,
        )
        for c in ("2H", "EXC", "3H", "4H"):
            s = s.apply(P(c))
        d = s.outcome().details
        assert s.tricks[-1].winner == 3
        assert (d["bouts"], d["points"]) == (bouts, points)

    def test_led_to_the_last_trick_after_17_tricks_won_it_wins(self) -> None:
        s = tarot.start_play(
            ["EXC", "2H", "3H", "4H"],
            0,
            "garde",
            discard=DISCARD,
            captured={0: "T21 T1"},
            carried_points={0: 73.0},
            leader=0,
        )
        for c in ("EXC", "2H", "3H", "4H"):
            s = s.apply(P(c))
        out = s.outcome()
        assert s.tricks[-1].winner == 0 and s.tricks[-1].reason == "excuse_wins_last_trick"
        assert out.details["points"] == 91.0 and out.details["chelem"] == 200.0

    def test_led_to_the_last_trick_without_the_17_tricks_it_loses(self) -> None:
        s = tarot.start_play(
            ["EXC", "2H", "3H", "4H"],
            0,
            "garde",
            discard=DISCARD,
            captured={0: "T21 T1"},
            carried_points={0: 70.0, 1: 3.0},
            leader=0,
        )
        for c in ("EXC", "2H", "3H", "4H"):
            s = s.apply(P(c))
        out = s.outcome()
        assert s.tricks[-1].winner == 3 and out.details["bouts"] == 2
        assert out.details["chelem"] == 0.0


class TestDetails:
    def test_the_waterfall_figures_are_there(self) -> None:
        d = chelem_hand().outcome().details
        for key in (
            "points",
            "bouts",
            "target",
            "difference",
            "base",
            "multiplier",
            "petit_au_bout",
            "poignee",
            "chelem",
            "per_defender",
            "trick_winners",
            "trick_points",
        ):
            assert key in d, key
        assert sum(d["trick_points"]) + d["set_aside"]["points"] == 91.0
        assert d["tricks"][16]["cards"] == ("T1", "7C", "1H", "4D")


def test_the_details_of_a_whole_hand_trick_by_trick() -> None:
    """The chelem hand: each trick's number (from 1), leader, cards, winner, side."""
    assert [r.name for r in rulesets("tarot")] == ["default"]
    rows = [
        (r["number"], r["leader"], " ".join(r["cards"]), r["winner"], r["team"], r["points"])
        for r in chelem_hand().outcome().details["tricks"]
    ]
    points = [6.0, 2.0, 2.0, 2.0, 2.0, 2.0, 3.0, 4.0, 5.0, 7.0, 4.0, 5.0, 7.0, 4.0, 5.0, 6.0]
    points += [6.0, 6.0]
    assert rows == [
        (n, 2, cards, 2, 0, pts)
        for n, cards, pts in zip(range(1, 19), CHELEM_TRICKS, points, strict=True)
    ]
    reasons = [r["reason"] for r in chelem_hand().outcome().details["tricks"]]
    assert reasons == ["highest_trump"] * 17 + ["excuse_wins_last_trick"]


def test_the_details_of_tricks_after_unlisted_ones_are_numbered_as_played() -> None:
    """Trick 17 and 18 played after 16 unlisted tricks: numbers 17 and 18."""
    s = tarot.start_play(
        ["KH 5C", "EXC 6C", "2H 7C", "3H 8C"],
        0,
        "garde",
        discard=DISCARD,
        captured={0: "T21", 1: "T1"},
        carried_points={0: 30.0, 1: 37.0},
        leader=0,
    )
    for c in ("KH", "EXC", "2H", "3H", "5C", "6C", "7C", "8C"):
        s = s.apply(P(c))
    rows = [
        (r["number"], r["leader"], r["cards"], r["winner"], r["team"])
        for r in s.outcome().details["tricks"]
    ]
    assert rows == [
        (17, 0, ("KH", "EXC", "2H", "3H"), 0, 0),
        (18, 0, ("5C", "6C", "7C", "8C"), 3, 1),
    ]
