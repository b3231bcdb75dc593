"""Briscola scoring: card points per side, 61 wins, 60-60 draws, the worked example (002)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tutorial.engine.briscola import (
    HIGHEST_TRUMP,
    LED_SUIT_UNCONTESTED,
    BriscolaState,
    start_play,
)
from tutorial.engine.cards import BRISCOLA_DECK, Card
from tutorial.engine.errors import InvalidStateError
from tutorial.engine.outcomes import HandOutcome
from tutorial.engine.rule_options import rulesets

C = BRISCOLA_DECK.parse_many


def rest_of_deck(*placed: Sequence[Card]) -> tuple[Card, ...]:
    """Every card not in `placed`, in deck order."""
    used = {c for group in placed for c in group}
    return tuple(c for c in BRISCOLA_DECK if c not in used)


def after_trick_17() -> BriscolaState:
    """002's last three tricks: A (seat 0) won trick 17 and drew AH, B took the face-up 7S."""
    return start_play(
        [C("3S KC AH"), C("3H 2D 7S")],
        "7S",
        trump_card_taken=True,
        carried_points=(40, 45),
        leader=0,
        trick_number=18,
    )


def play(state: BriscolaState, cards: str) -> BriscolaState:
    """Play the cards in order."""
    for card in C(cards):
        state = state.apply(card)
    return state


def assert_lines_add_up(outcome: HandOutcome) -> None:
    """Each side's total is exactly the sum of its lines."""
    for side, total in outcome.totals.items():
        assert total == sum(line.points for line in outcome.lines_for(side))


def test_worked_example_position_before_trick_18() -> None:
    s = after_trick_17()
    assert s.points == {"A": 40, "B": 45}
    assert s.trick_number == 18 and s.to_move == 0 and s.trump_card_holder == 1
    # 002: the six cards in hand are worth 35, and 85 + 35 = 120.
    assert sum(s.points.values()) + 35 == 120


def test_worked_example_the_last_three_tricks() -> None:
    s = play(after_trick_17(), "AH 7S")
    t18 = s.tricks[-1]
    assert (t18.index, t18.winner, t18.points, t18.reason) == (17, 1, 11, HIGHEST_TRUMP)
    assert s.to_move == 1 and s.points == {"A": 40, "B": 56}
    s = play(s, "3H 3S")
    t19 = s.tricks[-1]
    assert (t19.winner, t19.points, t19.reason) == (0, 20, HIGHEST_TRUMP)
    s = play(s, "KC 2D")
    t20 = s.tricks[-1]
    assert (t20.winner, t20.points, t20.reason) == (0, 4, LED_SUIT_UNCONTESTED)
    assert "2♦ is of another plain suit" in t20.explanation


def test_worked_example_final_score_64_56() -> None:
    outcome = play(after_trick_17(), "AH 7S 3H 3S KC 2D").outcome()
    assert outcome.game == "briscola" and outcome.ruleset == "default"
    assert dict(outcome.totals) == {"A": 64, "B": 56}
    assert outcome.result == "Won by seat 0, 64-56."
    kinds = [(line.kind, line.side, line.points) for line in outcome.lines]
    assert kinds == [
        ("card_points", "A", 64),
        ("card_points", "B", 56),
        ("result", "A", 0),
        ("result", "B", 0),
    ]
    assert outcome.lines[2].label == "Winner: seat 0" and outcome.lines[3].label == "Loser: seat 1"
    assert "plus 40 from tricks before" in outcome.lines[0].note
    assert_lines_add_up(outcome)


def test_worked_example_details_per_trick_running_totals_and_the_61_line() -> None:
    details = play(after_trick_17(), "AH 7S 3H 3S KC 2D").outcome().details
    assert details["start"] == {"A": 40, "B": 45}
    assert details["trick_points"] == [11, 20, 4]
    assert details["trick_winners"] == [1, 0, 0]
    assert details["tricks_won"] == {"A": 2, "B": 1}  # seat 0 is side A, seat 1 side B
    assert details["running"] == [{"A": 40, "B": 56}, {"A": 60, "B": 56}, {"A": 64, "B": 56}]
    assert [t["number"] for t in details["tricks"]] == [18, 19, 20]
    assert details["target"] == 61
    assert details["crossed_target"] == {"side": "A", "trick": 20}
    assert details["winner"] == "A"


def test_worked_example_from_trick_17_with_the_last_draw() -> None:
    s = start_play(
        [C("3S KC 6C"), C("3H 2D 4C")],
        "7S",
        stock=C("AH"),
        carried_points=(40, 45),
        leader=1,
    )
    s = play(s, "4C 6C AH 7S 3H 3S KC 2D")
    assert s.outcome().result == "Won by seat 0, 64-56."


def test_the_last_trick_earns_no_bonus() -> None:
    # 002: "the last trick scores nothing extra; only the K of clubs' 4 counts".
    s = play(after_trick_17(), "AH 7S 3H 3S KC 2D")
    assert s.tricks[-1].points == 4
    assert sum(s.outcome().totals.values()) == 120


def last_trick(a: str, b: str, carried: tuple[int, int], ruleset: str = "default") -> BriscolaState:
    """Trick 20, A (seat 0) to lead, the face-up 7S gone earlier."""
    return start_play(
        [C(a), C(b)], "7S", trump_card_taken=True, carried_points=carried, leader=0, ruleset=ruleset
    )


def test_sixty_sixty_is_a_draw() -> None:
    outcome = play(last_trick("AH", "2D", (49, 60)), "AH 2D").outcome()
    assert dict(outcome.totals) == {"A": 60, "B": 60}
    assert outcome.result == "A draw, 60-60."
    labels = [line.label for line in outcome.lines_for("A")]
    assert labels == ["Card points, seat 0", "Draw: seat 0"]
    assert outcome.details["winner"] is None and outcome.details["crossed_target"] is None
    assert_lines_add_up(outcome)


def test_sixty_one_wins() -> None:
    outcome = play(last_trick("2H", "AH", (59, 50)), "2H AH").outcome()
    assert outcome.result == "Won by seat 1, 61-59."
    assert outcome.lines_for("B")[1].label == "Winner: seat 1"
    assert "61 or more wins" in outcome.lines_for("B")[1].note
    assert outcome.details["crossed_target"] == {"side": "B", "trick": 20}


def test_the_queen_jack_swap_changes_the_result_of_the_same_cards() -> None:
    default = play(last_trick("QH", "JH", (57, 58)), "QH JH").outcome()
    swapped = play(last_trick("QH", "JH", (57, 58), "queen-jack-swap"), "QH JH").outcome()
    assert default.result == "Won by seat 0, 62-58."
    assert swapped.result == "Won by seat 1, 63-57."
    assert swapped.ruleset == "queen-jack-swap"


def test_captured_cards_count_for_their_side() -> None:
    hands = [C("3S KC AH"), C("3H 2D 7S")]
    pile_a = C("AS AC AD KS QS 2S")  # 40 points in three tricks
    pile_b = rest_of_deck(*hands, pile_a)  # 45 points
    s = start_play(hands, "7S", trump_card_taken=True, captured=[pile_a, pile_b], leader=0)
    assert s.points == {"A": 40, "B": 45}
    assert set(s.observe(1).known_cards) >= set(pile_a)
    assert play(s, "AH 7S 3H 3S KC 2D").outcome().result == "Won by seat 0, 64-56."


def test_captured_piles_must_be_whole_tricks() -> None:
    hands = [C("3S KC AH"), C("3H 2D 7S")]
    pile_a = C("AS AC AD KS QS")
    pile_b = rest_of_deck(*hands, pile_a)
    with pytest.raises(
        InvalidStateError, match="side A's captured cards \\(5\\) are not whole tricks"
    ):
        start_play(hands, "7S", trump_card_taken=True, captured=[pile_a, pile_b], leader=0)


def test_carried_points_must_be_the_value_of_the_unlisted_cards() -> None:
    with pytest.raises(
        InvalidStateError, match="add up to 84, but the 34 cards listed nowhere are worth 85"
    ):
        start_play(
            [C("3S KC AH"), C("3H 2D 7S")],
            "7S",
            trump_card_taken=True,
            carried_points=(40, 44),
            leader=0,
        )


def test_carried_points_are_whole_and_not_negative() -> None:
    hands = [C("3S KC AH"), C("3H 2D 7S")]
    with pytest.raises(InvalidStateError, match="side B must be a whole number >= 0"):
        start_play(hands, "7S", trump_card_taken=True, carried_points=(86, -1), leader=0)
    with pytest.raises(InvalidStateError, match="side A must be a whole number"):
        start_play(hands, "7S", trump_card_taken=True, carried_points=(40.5, 44.5), leader=0)


def test_carried_points_by_side_name() -> None:
    s = start_play(
        [C("3S KC AH"), C("3H 2D 7S")],
        "7S",
        trump_card_taken=True,
        carried_points={"A": 40.0, "B": 45},
        leader=0,
    )
    assert s.carried_points == (40, 45)
    with pytest.raises(InvalidStateError, match="unknown sides \\['C'\\]"):
        start_play(
            [C("AH"), C("2D")], "7S", trump_card_taken=True, carried_points={"C": 1}, leader=0
        )


def test_no_outcome_before_the_end() -> None:
    with pytest.raises(InvalidStateError, match="trick 18 of 20 is still to be played"):
        after_trick_17().outcome()


# A whole two-player hand, clubs trump (the face-up Q♣), seat 1 leading the first trick:
# the same cards under both rulesets, points per trick by each ruleset's card values.
WHOLE_HANDS = ([C("JD 2D 6H"), C("AS 3H KD")], "QC")
WHOLE_STOCK = C(
    "5C 2S AD JS 6S AH 4H 5H JC 3D KC 4D JH QS 6C 4S 4C KS 5S 7C 7S QD QH 2H AC KH 6D 2C "
    "3C 7H 3S 7D 5D"
)
WHOLE_TRICKS = [
    "3H 6H",
    "KD JD",
    "AD 2D",
    "AS AH",
    "6S 5H",
    "JC 3D",
    "5C 4D",
    "KC JS",
    "4H 4S",
    "6C KS",
    "JH 2S",
    "7S QS",
    "7C 4C",
    "AC 2H",
    "QD 5S",
    "6D 7H",
    "3C KH",
    "3S QC",
    "7D QH",
    "2C 5D",
]
WHOLE_LEADERS = [1] * 12 + [0] * 6 + [1, 1]
WHOLE_WINNERS = [1] * 11 + [0] * 6 + [1, 1, 1]


@pytest.mark.parametrize(
    ("ruleset", "points", "totals"),
    [
        (
            "default",
            [10, 6, 11, 22, 0, 12, 0, 6, 0, 4, 2, 3, 0, 11, 3, 0, 14, 13, 3, 0],
            {"A": 31, "B": 89},
        ),
        (
            "queen-jack-swap",
            [10, 7, 11, 22, 0, 13, 0, 7, 0, 4, 3, 2, 0, 11, 2, 0, 14, 12, 2, 0],
            {"A": 29, "B": 91},
        ),
    ],
)
def test_a_whole_hand_trick_by_trick(
    ruleset: str, points: list[int], totals: dict[str, int]
) -> None:
    assert ruleset in {r.name for r in rulesets("briscola")}
    hands, face_up = WHOLE_HANDS
    s = start_play(hands, face_up, stock=WHOLE_STOCK, ruleset=ruleset, leader=1)
    for trick in WHOLE_TRICKS:
        s = play(s, trick)
    outcome = s.outcome()
    rows = [
        (r["number"], r["leader"], " ".join(r["cards"]), r["winner"], r["side"], r["points"])
        for r in outcome.details["tricks"]
    ]
    expected = zip(range(1, 21), WHOLE_LEADERS, WHOLE_TRICKS, WHOLE_WINNERS, points, strict=True)
    assert rows == [(n, lead, cards, w, "AB"[w], p) for n, lead, cards, w, p in expected]
    assert [(t.index, t.leader, t.winner) for t in s.tricks] == [
        (n - 1, lead, w) for n, lead, _, w, _, _ in rows
    ]
    assert outcome.details["crossed_target"] == {"side": "B", "trick": 6}
    assert dict(outcome.totals) == totals
