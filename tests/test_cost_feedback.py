"""What a wrong legal card costs with best play (tutorial/analysis/explain.py): the hand's
score as the engine writes it, the trick's share beside it, the reasons; and how the
scenario runtime says it (after the author's sentence, never on unknown hands)."""

from __future__ import annotations

import pytest
from clocks import Jumping

from tutorial.analysis import explain
from tutorial.analysis.explain import card_cost, cost_sentence
from tutorial.engine import belote
from tutorial.engine.cards import BELOTE_DECK
from tutorial.engine.outcomes import Play
from tutorial.scenarios.checker import check_text, judge_answers
from tutorial.scenarios.runtime import start

P = BELOTE_DECK.parse
NAMES = ("South", "East", "North", "West")
# Two tricks left, hearts trumps, nobody holds a trump. South leads:
# - the 10♠ draws North's A♠ (forced to follow): 21 for South's side, and North's 7♣
#   then takes the last trick (+ dix de der): 31 of 31;
# - the 7♦ loses to West's 9♦, West leads the 8♦ and takes North's A♠ and South's 10♠
#   with the dix de der: 0 of 31, so the 7♦ gives away 31 points.
# South's side (the takers, with belote: 20) then scores 74 + 20 = 94 against 88, the
# contract still made, where the 10♠ gives 105 + 20 = 125.
HANDS = {"South": "10S 7D", "East": "8S 9S", "North": "AS 7C", "West": "8D 9D"}
CAPTURED_0 = "7H 8H 9H 10H JH QH KH AH 8C 9C 10C JC"
CAPTURED_1 = "QC KC AC 7S JS QS KS 10D JD QD KD AD"


def position() -> belote.BeloteState:
    """The two-trick position above, South to lead."""
    hands = [HANDS[n] for n in NAMES]
    return belote.start_play(
        hands, "H", taker=0, captured={0: CAPTURED_0, 1: CAPTURED_1}, leader=0, belote_holder=0
    )


def scenario(feedback: str = "", hands: dict[str, str] | None = None) -> str:
    """The same position as a scenario file, the 10♠ the answer."""
    lines = "\n".join(f"  {k}: {v}" for k, v in (hands or HANDS).items())
    fb = f"\n      feedback:\n        7D: {feedback}" if feedback else ""
    return f"""
title: Keep the ace's company
game: belote
trump: H
taker: South
leader: South
belote_holder: South
hands:
{lines}
captured:
  South: {CAPTURED_0}
  East: {CAPTURED_1}
steps:
  - play:
      accept: [10S]{fb}
      explain: Your partner must follow with the ace.
"""


def _engine_score(state: belote.BeloteState, first: str) -> float:
    """South's side's total once the hand is played on from ``first`` by best play
    (the solver's line), as the engine scores the finished hand."""
    after = state.apply(P(first))
    for p in explain.line(after, seconds=5) or []:
        after = after.apply(p.card)
    return float(after.outcome().totals["team0"])


def test_a_card_that_loses_points_costs_the_hands_score_and_says_why() -> None:
    state = position()
    cost = card_cost(state, P("7D"), [P("10S")])
    assert cost is not None
    assert (cost.value, cost.best, cost.lost) == (94, 125, 31)
    assert (cost.value, cost.best) == (_engine_score(state, "7D"), _engine_score(state, "10S"))
    assert cost.trick == 21  # this trick's share: the 10♠ and the A♠
    assert [r.kind for r in cost.reasons] == ["trick_given_away", "belote_last_trick"]
    text = cost_sentence(cost, NAMES, learner=0)
    assert text == (
        "In this trick your side takes 21 points fewer; by the end of the hand, with best "
        "play by everyone, this costs 31 points. The 10♠ wins this trick for your side "
        "(21 points); South's 7♦ lets West's 8♦ take it. The last trick, with its bonus of "
        "10 points, goes to West's 9♦ after South's 7♦; after the 10♠, your side takes it."
    )


def test_one_scope_when_the_trick_and_the_hand_agree() -> None:
    plain = explain.Cost(P("7D"), 0, P("10S"), 1)
    assert cost_sentence(plain, NAMES, 0) == (
        "With best play by everyone to the end of the hand, this costs your side 1 point."
    )
    same = explain.Cost(P("7D"), 0, P("10S"), 10, trick=10)
    assert cost_sentence(same, NAMES, 0).startswith("With best play by everyone")


def test_a_lost_capot_costs_the_capot_not_the_card_points() -> None:
    from tutorial.scenarios.checker import check_file

    checked = check_file("scenarios/belote/capot.yaml")
    run = start(checked.scenario, checked.table)
    _, fb = run.try_action("AS")
    assert fb.cost is not None and fb.cost.best == 250 and fb.cost.lost == 99
    assert "this costs 99 points" in fb.message
    assert [r.kind for r in fb.cost.reasons] == ["trick_given_away", "belote_capot_lost"]
    assert "a capot worth 250 points" in fb.message


def test_the_answer_costs_nothing() -> None:
    cost = card_cost(position(), P("10S"), [P("10S")])
    assert cost is not None and cost.lost == 0 and not cost.reasons
    assert "keeps at least as many points" in cost_sentence(cost, NAMES, 0)


def test_no_sentence_when_the_budget_is_exceeded() -> None:
    # A full first trick of a fresh deal: far more than 50 nodes.
    hands = ["7S 8S 9S 10S 7H 8H 9H 10H", "JS QS KS AS JH QH KH AH"]
    hands += ["7D 8D 9D 10D 7C 8C 9C 10C", "JD QD KD AD JC QC KC AC"]
    state = belote.start_play(hands, "H", taker=0, leader=0)
    assert card_cost(state, P("7S"), [P("10H")], seconds=5, node_budget=50) is None
    # a larger budget tries again (the unknown result is not kept for it)
    assert explain.values(state, seconds=0.001, node_budget=50) is None


def test_no_sentence_once_the_deadline_passes_on_the_clock() -> None:
    # A full deal and a clock that moves a second at each read: the two seconds of the
    # computation go at once, whatever the node budget, and the cost is unknown.
    hands = ["7S 8S 9S 10S 7D 8D 9D 10D", "JS QS KS AS JD QD KD AD"]
    hands += ["7H 8H 9H 10H 7C 8C 9C 10C", "JH QH KH AH JC QC KC AC"]
    state = belote.start_play(hands, "C", taker=1, leader=0)
    clock = Jumping(1.0)
    assert card_cost(state, P("7S"), [P("10S")], seconds=2, node_budget=10**9, clock=clock) is None
    assert clock.reads <= 5
    clock = Jumping(1.0)
    assert explain.line(state, seconds=2, node_budget=10**9, clock=clock) is None
    assert clock.reads <= 5


def test_the_runtime_says_the_cost_after_a_legal_wrong_card() -> None:
    checked = check_text(scenario(), "cost.yaml")
    run = start(checked.scenario, checked.table)
    same, fb = run.try_action("7D")
    assert fb.kind == "wrong" and same.step == run.step and same.mistakes == 1
    assert "this costs 31 points. The 10♠ wins this trick for your side" in fb.message
    assert not fb.headed  # the view puts "Legal, but not the best here." before it
    assert fb.cost is not None and fb.cost.lost == 31


def test_the_cost_follows_the_authors_sentence_which_keeps_its_own_heading() -> None:
    checked = check_text(scenario("Legal, but West's diamonds win both tricks."), "a.yaml")
    _, fb = start(checked.scenario, checked.table).try_action("7D")
    assert fb.message.startswith("Legal, but West's diamonds win both tricks. In this trick")
    assert fb.headed  # no second "Legal, but" heading before the author's own


def test_no_cost_when_hands_are_unknown() -> None:
    hidden = dict(HANDS, East="'? ?'", West="'? ?'")
    checked = check_text(scenario(hands=hidden), "unknown.yaml")
    run = start(checked.scenario, checked.table)
    assert not run.position_known
    _, fb = run.try_action("7D")
    assert fb.kind == "wrong" and fb.cost is None
    assert fb.message == "That card is legal, but it is not the best play here. Think again."
    assert fb.headed


def test_the_best_play_starts_with_the_answer() -> None:
    checked = check_text(scenario(), "best.yaml")
    run = start(checked.scenario, checked.table)
    plays = run.best_play()
    assert plays is not None and len(plays) == 8
    assert plays[0] == Play(0, P("10S")) and plays[2] == Play(2, P("AS"))
    assert run.best_play(node_budget=10**6, clock=Jumping(0.0)) == plays
    assert run.cost_of(P("7D"), node_budget=10**6, clock=Jumping(0.0)) is not None


def test_the_checker_warns_about_an_answer_worse_than_the_best_card() -> None:
    text = scenario().replace("accept: [10S]", "accept: [7D]")
    checked = check_text(text, "worse.yaml")
    warnings = judge_answers(checked)
    assert len(warnings) == 1
    assert "7D takes 0 points" in warnings[0].message and "31 fewer than 10S" in warnings[0].message
    assert "accept_worse_by: 31" in warnings[0].message
    assert warnings[0].line == text.splitlines().index("      accept: [7D]") + 1
    allowed = text.replace("accept: [7D]", "accept: [7D]\n      accept_worse_by: 31")
    assert judge_answers(check_text(allowed, "allowed.yaml")) == []
    almost = text.replace("accept: [7D]", "accept: [7D]\n      accept_worse_by: 30")
    assert len(judge_answers(check_text(almost, "almost.yaml"))) == 1
    assert judge_answers(check_text(scenario(), "best.yaml")) == []


def test_a_wrong_card_reads_the_step_once_and_only_the_learners_text_on_each_try(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tutorial.pictures.table_data import marks_for
    from tutorial.scenarios import actions

    checked = check_text(scenario(feedback="The ace wants company."), "keep.yaml")
    run = start(checked.scenario, checked.table)
    assert run.play_reading is not None and run.play_reading.accepted_codes == {"10S"}
    read: list[str] = []
    real_parse = actions.parse

    def counting_parse(state: object, text: str) -> object:
        read.append(text)
        return real_parse(state, text)  # type: ignore[arg-type]

    monkeypatch.setattr(actions, "parse", counting_parse)
    after, fb = run.try_action("7D")
    assert fb.kind == "wrong" and fb.action == P("7D")
    assert fb.message.startswith("The ace wants company.")
    marks_for(after, fb, 0, False)  # what the page draws from the try reads no text again
    assert after.answers() == [P("10S")]
    assert read == ["7D"]
