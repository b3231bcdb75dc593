"""Belote: scoring a hand (docs/rules.md §1.6; 000 section 11, 003 section 7, 004).

Each position is the last trick of a hand, hearts trump: seat 0 leads ♠7, then ♠8,
♠9 (seat 2 wins it for team 0: dix de der) and ♦7. The seven earlier tricks are given as
the cards each team captured, chosen for the card points the test needs. Plain suits
hold 30 card points each, hearts (trump) 62.
"""

import pytest
from belote_positions import (
    CAPOT,
    DEDANS_52_110,
    MADE_102_60,
    SPLIT_75_87,
    SPLIT_84_78,
    TIE_81_81,
    finish,
)

from tutorial.engine.belote import start_play
from tutorial.engine.cards import BELOTE_DECK
from tutorial.engine.errors import UnknownRulesetError
from tutorial.engine.outcomes import HandOutcome
from tutorial.engine.rule_options import find_ruleset, rulesets

MANY = BELOTE_DECK.parse_many


def lines(outcome: HandOutcome) -> list[tuple[str, str, float]]:
    return [(line.kind, line.side, line.points) for line in outcome.lines]


class TestMade:
    def test_each_team_scores_its_points(self) -> None:
        outcome = finish(MADE_102_60)
        assert lines(outcome) == [
            ("card_points", "team0", 92),
            ("dix_de_der", "team0", 10),
            ("card_points", "team1", 60),
        ]
        assert dict(outcome.totals) == {"team0": 102, "team1": 60}
        assert outcome.details["result"] == "made"
        assert outcome.details["team_card_points"] == [102, 60]
        assert sum(outcome.details["team_card_points"]) == 162

    def test_details_for_a_chart(self) -> None:
        d = finish(MADE_102_60).details
        assert d["trick_points"] == [0] and d["trick_winners"] == [2]
        assert d["tricks_won"] == [5, 3]
        assert d["contract"]["taker_figure"] == 102 and d["contract"]["needed"] == 82
        assert (d["made"], d["dedans"], d["capot"], d["litige"]) == (True, False, None, False)
        assert d["hand_winner"] == 0 and d["taking_team"] == 0 and d["trump"] == "H"


class TestDedans:
    def test_defence_scores_162(self) -> None:
        outcome = finish(DEDANS_52_110)
        assert dict(outcome.totals) == {"team0": 0, "team1": 162}
        assert ("dedans", "team1", 52) in lines(outcome)
        assert outcome.details["dedans"] and outcome.details["hand_winner"] == 1
        assert outcome.result.startswith("Dedans")

    def test_declarations_go_to_the_defence_belote_stays(self) -> None:
        # Team 0 took with the best declaration (tierce) and belote (seat 2): 52 + 20 + 20
        # = 92 against 110, dedans. The defence scores 162 + the tierce; team 0 keeps belote.
        outcome = finish(DEDANS_52_110, declarations={0: ["7C 8C 9C"]}, belote_holder=2)
        assert dict(outcome.totals) == {"team0": 20, "team1": 182}
        assert ("declaration", "team1", 20) in lines(outcome)
        assert ("belote", "team0", 20) in lines(outcome)
        assert outcome.details["contract"]["taker_figure"] == 92


class TestContractBasis:
    def test_default_declarations_count_strictly_more(self) -> None:
        # 75 card points + quarte 50 = 125 against 87: made.
        outcome = finish(SPLIT_75_87, declarations={0: ["7C 8C 9C 10C"]})
        assert outcome.details["made"]
        assert dict(outcome.totals) == {"team0": 125, "team1": 87}

    def test_option_004_trick_points_only(self) -> None:
        # Same cards, contract_basis=tricks_at_least_81: 75 < 81, dedans; the defence
        # scores 162 and the taker's quarte.
        rs = find_ruleset("belote", "default", contract_basis="tricks_at_least_81")
        outcome = finish(SPLIT_75_87, ruleset=rs, declarations={0: ["7C 8C 9C 10C"]})
        assert outcome.details["dedans"]
        assert dict(outcome.totals) == {"team0": 0, "team1": 212}
        assert outcome.details["contract"]["needed"] == 81

    def test_belote_counts_for_the_contract_by_default(self) -> None:
        # 75 + belote 20 = 95 against 87: made; without the belote it would be dedans.
        assert finish(SPLIT_75_87, belote_holder=0).details["made"]
        assert finish(SPLIT_75_87).details["dedans"]


class TestLitige:
    def test_81_81_defence_scores_taker_points_held(self) -> None:
        outcome = finish(TIE_81_81)
        assert dict(outcome.totals) == {"team0": 0, "team1": 81}
        assert ("litige", "team0", 0) in lines(outcome)
        assert outcome.details["litige"] and outcome.details["held_for_next"] == 81
        assert outcome.details["hand_winner"] is None

    def test_option_tie_taker_succeeds(self) -> None:
        rs = find_ruleset("belote", "default", tie_81="taker_succeeds")
        outcome = finish(TIE_81_81, ruleset=rs)
        assert outcome.details["made"] and dict(outcome.totals) == {"team0": 81, "team1": 81}

    def test_tricks_at_least_81_never_a_litige(self) -> None:
        rs = find_ruleset("belote", "default", contract_basis="tricks_at_least_81")
        assert finish(TIE_81_81, ruleset=rs).details["made"]

    def test_carried_points_go_to_the_next_hands_winner(self) -> None:
        outcome = finish(MADE_102_60, carried_points=81)
        assert ("litige", "team0", 81) in lines(outcome)
        assert dict(outcome.totals) == {"team0": 183, "team1": 60}
        assert outcome.details["carried_to"] == 0 and outcome.details["held_for_next"] == 0

    def test_carried_points_to_the_defence_on_dedans(self) -> None:
        outcome = finish(DEDANS_52_110, carried_points=81)
        assert dict(outcome.totals) == {"team0": 0, "team1": 243}

    def test_a_second_litige_holds_both(self) -> None:
        outcome = finish(TIE_81_81, carried_points=81)
        assert outcome.details["held_for_next"] == 162
        assert dict(outcome.totals) == {"team0": 0, "team1": 81}


class TestCapot:
    def test_250_in_all(self) -> None:
        outcome = finish(CAPOT)
        assert lines(outcome) == [
            ("card_points", "team0", 152),
            ("dix_de_der", "team0", 10),
            ("capot", "team0", 88),
        ]
        assert outcome.details["capot"] == 0

    def test_option_252(self) -> None:
        rs = find_ruleset("belote", "default", capot=252)
        outcome = finish(CAPOT, ruleset=rs)
        assert ("capot", "team0", 90) in lines(outcome)
        assert dict(outcome.totals) == {"team0": 252, "team1": 0}

    def test_other_team_scores_only_its_belote(self) -> None:
        # Team 1 holds belote and the best declaration (quarte beats the tierce).
        outcome = finish(
            CAPOT, declarations={0: ["7C 8C 9C"], 1: ["10D JD QD KD"]}, belote_holder=1
        )
        assert dict(outcome.totals) == {"team0": 250, "team1": 20}
        quarte = [
            line for line in outcome.lines if line.kind == "declaration" and line.side == "team1"
        ]
        assert [q.points for q in quarte] == [0] and "capot" in quarte[0].note

    def test_capot_team_keeps_its_best_declaration(self) -> None:
        outcome = finish(CAPOT, declarations={0: ["7C 8C 9C"]})
        assert dict(outcome.totals) == {"team0": 270, "team1": 0}

    def test_defence_capot_is_dedans(self) -> None:
        outcome = finish(CAPOT, taker=1)
        assert outcome.details["dedans"] and dict(outcome.totals) == {"team0": 250, "team1": 0}


class TestRounding:
    def test_default_exact_points(self) -> None:
        assert dict(finish(SPLIT_84_78).totals) == {"team0": 84, "team1": 78}

    def test_seed_000_tens_judged_on_exact_points(self) -> None:
        # 000: 84 and 78 both become 80; the taker still made it (84 > 78).
        outcome = finish(SPLIT_84_78, ruleset="seed-000")
        assert dict(outcome.totals) == {"team0": 80, "team1": 80}
        assert ("rounding", "team0", -4) in lines(outcome)
        assert ("rounding", "team1", 2) in lines(outcome)
        assert outcome.details["made"] and outcome.details["unrounded"] == [84, 78]

    def test_litige_rounded(self) -> None:
        # 000 makes a tie a dedans; with 003's litige, the held points are rounded too.
        outcome = finish(TIE_81_81, ruleset=find_ruleset("belote", "seed-000", tie_81="litige"))
        assert dict(outcome.totals) == {"team0": 0, "team1": 80}
        assert outcome.details["held_for_next"] == 80


class TestPresets:
    @pytest.mark.parametrize(
        ("name", "total"), [("default", 250), ("seed-004", 252), ("004", 252), ("app", 252)]
    )
    def test_capot_by_preset(self, name: str, total: int) -> None:
        assert finish(CAPOT, ruleset=name).totals["team0"] == total

    def test_seed_004_tie_succeeds(self) -> None:
        outcome = finish(TIE_81_81, ruleset="seed-004")
        assert outcome.details["made"] and outcome.ruleset == "seed-004"


class TestRulesetLookup:
    @pytest.mark.parametrize(
        ("alias", "name"),
        [
            ("classic", "default"),
            ("seeds-000-003", "default"),
            ("004", "seed-004"),
            ("APP", "seed-004"),
            ("seed-000", "seed-000"),
            ("contree-discard", "contree-discard"),
        ],
    )
    def test_aliases(self, alias: str, name: str) -> None:
        assert find_ruleset("belote", alias).name == name

    def test_preset_options(self) -> None:
        d = find_ruleset("belote").options
        assert (d.contract_basis, d.capot, d.tie_81, d.direction, d.rounding, d.target) == (
            "total_strict", 250, "litige", "counter-clockwise", "none", 1000,
        )  # fmt: skip
        assert (d.declaration_card_reuse, d.cannot_overtrump, d.redeal_dealer) == (
            False, "must_trump", "same",
        )  # fmt: skip
        assert (d.partner_winning, d.declarations) == ("free", True)
        s4 = find_ruleset("belote", "seed-004").options
        assert (s4.contract_basis, s4.capot, s4.tie_81, s4.direction, s4.target) == (
            "tricks_at_least_81", 252, "taker_succeeds", "clockwise", 1001,
        )  # fmt: skip
        assert s4.partner_winning == "must_trump_may_undertrump"
        s0 = find_ruleset("belote", "seed-000").options
        assert (s0.direction, s0.rounding, s0.redeal_dealer, s0.target) == (
            "clockwise", "tens", "next", 1000,
        )  # fmt: skip
        assert find_ruleset("belote", "contree-discard").options.cannot_overtrump == "may_discard"

    def test_unknown_option_value(self) -> None:
        with pytest.raises(UnknownRulesetError, match="capot=300 is not allowed"):
            find_ruleset("belote", "default", capot=300)
        with pytest.raises(UnknownRulesetError, match="unknown belote ruleset"):
            find_ruleset("belote", "contree")


# A whole hand played card by card (hearts trump, seat 1 takes, dealer 0), the same under
# every ruleset: each trick's number, leader, cards, winner, team and points, and the
# outcome's details trick by trick.
WHOLE_HAND = [
    "KS 8D 9D QD 7C 9C JC AC",
    "10S AS 8H 10H AD 10C QC KC",
    "9S QS JH AH 7D 10D JD KD",
    "7S 8S JS 7H 9H QH KH 8C",
]
WHOLE_HAND_TRICKS = [
    # (number, leader, cards, winner, team, points)
    (1, 1, "QC AH 8C AC", 2, 0, 25),
    (2, 2, "7D QH 8D AD", 3, 1, 14),
    (3, 3, "7S KS 10S QS", 1, 1, 17),
    (4, 1, "10H JH KH 7C", 2, 0, 34),
    (5, 2, "9S 8S QD AS", 1, 1, 14),
    (6, 1, "8H KD 9H 9D", 3, 1, 18),
    (7, 3, "JS JC KC 10D", 3, 1, 18),
    (8, 3, "7H 9C 10C JD", 3, 1, 12),
]


@pytest.mark.parametrize(
    ("ruleset", "totals"),
    [
        ("default", {"team0": 59, "team1": 123}),
        ("seed-004", {"team0": 59, "team1": 123}),
        ("seed-000", {"team0": 60, "team1": 120}),
        ("contree-discard", {"team0": 59, "team1": 123}),
    ],
)
def test_a_whole_hand_trick_by_trick(ruleset: str, totals: dict[str, int]) -> None:
    assert ruleset in {r.name for r in rulesets("belote")}
    state = start_play(hands=WHOLE_HAND, trump="H", taker=1, dealer=0, ruleset=ruleset)
    for _, _, cards, *_ in WHOLE_HAND_TRICKS:
        for card in MANY(cards):
            state = state.apply(card)
    rows = [
        (t.index + 1, t.leader, " ".join(c.code for c in t.cards), t.winner, t.winner % 2, t.points)
        for t in state.tricks
    ]
    assert rows == WHOLE_HAND_TRICKS
    outcome = state.outcome()
    d = outcome.details
    assert d["trick_leaders"] == [1, 2, 3, 1, 2, 1, 3, 3]
    assert d["trick_winners"] == [2, 3, 1, 2, 1, 3, 3, 3]
    assert d["trick_points"] == [25, 14, 17, 34, 14, 18, 18, 12]
    assert dict(outcome.totals) == totals
