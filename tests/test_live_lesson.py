"""The live lesson's model: a scenario's, a playlist's and a practice deal's decisions, the
engine's refusals and the reveal's verdicts (tutorial/course/live_lesson.py)."""

from __future__ import annotations

import dataclasses
import urllib.parse
from datetime import UTC, datetime

import pytest

from tutorial.analysis import card_review
from tutorial.analysis.bid_advice import advise_bid
from tutorial.analysis.explain import cost_sentence
from tutorial.analysis.judgement import judge
from tutorial.classes import live
from tutorial.classes.schema import ANSWER_MOST, LIVE_KINDS
from tutorial.course import live_lesson, practice, review_position
from tutorial.course.library import scenarios_root
from tutorial.course.live_lesson import LiveLessonError, LiveStep, forget_lessons, open_lesson
from tutorial.course.playlists import load_playlists
from tutorial.course.practice import PracticeHand
from tutorial.course.review_deck import PracticeSource, ReviewDeck, ScenarioSource, note_wrong
from tutorial.engine.cards import Card
from tutorial.engine.reasons import CardOf, reason
from tutorial.engine.seats import seat_names
from tutorial.language.i18n import speaking
from tutorial.scenarios.checker import check_file
from tutorial.scenarios.model import AskStep, PlayStep
from tutorial.scenarios.reasons import speak
from tutorial.scenarios.runtime import Run, start

#: A Belote scenario with four decisions: who wins a trick, a card to play (the A♦ among
#: three diamonds), who wins the next trick, and its points.
TRICKS = "belote/seed-000-trick-winners"


def _runs(scenario_id: str) -> list[Run]:
    """The scenario's runs at each of its ``play`` and ``ask`` steps, its own answers
    taken between them (worked out here without the live lesson)."""
    checked = check_file(scenarios_root() / f"{scenario_id}.yaml")
    run = start(checked.scenario, checked.table)
    out = []
    while not run.finished:
        out.append(run)
        run = run.solve_current()
    return out


def _deal_ref(game: str, players: int, seed: int) -> str:
    """A practice deal's link text, as the Practice page writes it."""
    hand = practice.deal(game, players=players, seed=seed)
    return urllib.parse.urlencode(practice.deal_query(hand))


# --- A scenario ------------------------------------------------------------------------------


def test_the_lesson_kinds_are_the_class_databases() -> None:
    assert live_lesson.LESSON_KINDS == LIVE_KINDS


def test_a_scenarios_decisions_are_its_play_and_ask_steps_in_order() -> None:
    lesson = open_lesson("scenario", TRICKS)
    runs = _runs(TRICKS)
    assert lesson.steps_known() == len(runs) == 4
    steps = [lesson.step(n) for n in range(4)]
    assert all(isinstance(s, LiveStep) for s in steps)
    assert [s.kind for s in steps if s] == ["ask", "card", "ask", "ask"]
    assert lesson.step(4) is None
    for number, (step, run) in enumerate(zip(steps, runs, strict=True)):
        assert step is not None
        assert step.number == number
        assert step.game == "belote"
        assert step.run.state == run.state  # the line is the scenario's own
        assert step.source == ScenarioSource(scenario=TRICKS, step=run.step)
        assert step.title == run.scenario.title
    card = steps[1]
    assert card is not None
    assert isinstance(runs[1].current, PlayStep)
    assert {c.text for c in card.choices} == {"AD", "KD", "8D"}
    assert {c.text for c in card.choices} == {c.code for c in runs[1].state.legal_plays()}
    assert "♦" in card.choices[0].label
    ask = steps[0]
    assert ask is not None and isinstance(runs[0].current, AskStep)
    assert ask.prompt == runs[0].current.ask.question
    assert [c.text for c in ask.choices] == ["You", "Right", "Partner", "Left"]


def test_an_illegal_card_is_refused_with_the_rule_and_the_forcing_cards() -> None:
    lesson = open_lesson("scenario", TRICKS)
    run = _runs(TRICKS)[1]
    with seat_names(run.table.seat_names):
        verdict = run.state.explain(Card.parse("9H"))
    assert not verdict.legal and verdict.code == "must_follow_suit"
    refused = lesson.refusal(1, "9H")
    assert refused == speak(run.table, verdict.message)
    assert "A♦" in refused  # the diamonds that force it
    assert lesson.refusal(1, "AD") is None
    assert lesson.refusal(1, "KD") is None  # legal: it counts, and is judged at the reveal
    assert lesson.refusal(1, "zz")  # unreadable: the engine's sentence
    assert lesson.refusal(0, "AD") is not None  # no answer to "who wins the trick?"
    assert lesson.refusal(0, "partner") is None


def test_canonical_texts() -> None:
    lesson = open_lesson("scenario", TRICKS)
    assert lesson.canonical(1, "ad") == "AD"
    assert lesson.canonical(0, " partner ") == "Partner"
    assert lesson.canonical(3, "24") == "24"
    with pytest.raises(LiveLessonError):
        lesson.canonical(1, "zz")
    with pytest.raises(LiveLessonError):
        lesson.canonical(3, "99")  # not among the question's choices
    with pytest.raises(LiveLessonError):
        lesson.canonical(4, "AD")  # no such decision


def test_the_reveal_counts_the_scenarios_answers_and_words_the_runtimes_verdicts() -> None:
    lesson = open_lesson("scenario", TRICKS)
    runs = _runs(TRICKS)
    reveal = lesson.reveal(1, ["KD", "AD", "9H"])
    assert reveal.step == 1
    # The step's accept is [AD]; K♦ ends the same with best play, which the Play page
    # calls no mistake: so is it here.
    assert reveal.best == ("AD", "KD")
    play = runs[1].current
    assert isinstance(play, PlayStep)
    assert reveal.best_reason == play.play.explain
    same = runs[1].try_action("KD")[1]
    assert same.as_good and not same.mistake
    assert reveal.verdicts["KD"].sentence == same.message
    assert reveal.verdicts["KD"].best is True
    assert lesson.reveal(1, ["AD"]).best == ("AD",)  # as good only among the answers given
    assert reveal.verdicts["KD"].label == "K♦"
    assert reveal.verdicts["AD"].best is True
    assert reveal.verdicts["AD"].sentence == runs[1].try_action("AD")[1].message
    assert reveal.verdicts["9H"].best is False
    assert reveal.verdicts["9H"].sentence == lesson.refusal(1, "9H")
    # A question: the wrong answer's words are the whole reasoning and the answer (as a
    # second wrong try gives them, without "not the answer either": it is the only try).
    asked = lesson.reveal(0, ["You", "Partner"])
    assert asked.best == ("Partner",)
    again = runs[0].answer("You")[0].answer("You")[1]
    assert asked.verdicts["You"].sentence == again.explanation
    assert "Partner" in asked.verdicts["You"].sentence
    assert "either" not in asked.verdicts["You"].sentence
    assert asked.verdicts["Partner"].best is True
    assert lesson.reveal(3, []).best == ("24",)


def test_a_scenario_reads_in_the_language_of_the_moment_with_the_same_answers() -> None:
    lesson = open_lesson("scenario", TRICKS)
    english = lesson.step(0)
    with speaking("zh-Hant"):
        chinese = lesson.step(0)
        reveal = lesson.reveal(0, ["Partner", "You"])
        title = lesson.title
    assert english is not None and chinese is not None
    assert [c.text for c in chinese.choices] == [c.text for c in english.choices]
    assert [c.label for c in chinese.choices] != [c.label for c in english.choices]
    assert chinese.prompt != english.prompt
    assert title != lesson.title
    assert reveal.best == ("Partner",)
    assert reveal.verdicts["Partner"].best and not reveal.verdicts["You"].best
    assert reveal.verdicts["You"].sentence != lesson.reveal(0, ["You"]).verdicts["You"].sentence


def test_a_playlist_numbers_its_scenarios_decisions_one_after_the_other() -> None:
    lesson = open_lesson("playlist", "belote-trumps")
    found, _ = load_playlists()
    items = next(p for p in found if p.name == "belote-trumps").items
    counts = [len(_runs(item)) for item in items]
    assert lesson.steps_known() == sum(counts)
    number = 0
    for item, count in zip(items, counts, strict=True):
        for k in range(count):
            step = lesson.step(number)
            assert step is not None and step.number == number
            assert isinstance(step.source, ScenarioSource)
            assert step.source.scenario == item
            assert step.run.state == _runs(item)[k].state
            number += 1
    assert lesson.step(number) is None
    assert lesson.title == "Belote: when you must trump"


@pytest.mark.parametrize(
    ("kind", "ref"),
    [
        ("scenario", "belote/no-such-scenario"),
        ("scenario", "../ARCHITECTURE"),
        ("playlist", "no-such-playlist"),
        ("playlist", "../x"),
        ("deal", "deal=abc&game=belote"),
        ("deal", "deal=3&game=chess"),
        ("deal", "game=tarot"),
        ("video", "belote/overruff"),
    ],
)
def test_a_bad_reference_raises_a_sentence(kind: str, ref: str) -> None:
    with pytest.raises(LiveLessonError) as err:
        open_lesson(kind, ref)
    assert str(err.value).endswith((".", "”", ")")) and len(str(err.value)) > 20


# --- A practice deal ---------------------------------------------------------------------------


def _first_card(lesson: live_lesson.LiveLesson) -> LiveStep:
    """The lesson's first card to play."""
    number = 0
    while (step := lesson.step(number)) is not None:
        if step.kind == "card":
            return step
        number += 1
    raise AssertionError("no card to play")


@pytest.mark.parametrize(
    ("game", "players", "seed"), [("belote", 4, 1), ("tarot", 4, 1), ("briscola", 2, 1)]
)
def test_a_practice_deals_card_is_judged_and_the_line_goes_on_with_the_best(
    game: str, players: int, seed: int
) -> None:
    forget_lessons()
    lesson = open_lesson("deal", _deal_ref(game, players, seed))
    assert lesson.steps_known() is None
    assert lesson.game == game
    step = _first_card(lesson)
    hand = step.run
    assert isinstance(hand, PracticeHand)
    assert step.seat == hand.learner == practice.LEARNER
    assert hand.learner_to_move and hand.state.phase == "play"
    legal = hand.state.legal_plays()
    assert {c.text for c in step.choices} == {c.code for c in legal}
    judged = judge(hand.state)
    not_costly = {c.code for c in legal if not judged.costly(c)}
    reveal = lesson.reveal(step.number, [c.text for c in step.choices])
    assert set(reveal.best) == not_costly
    assert reveal.best[0] == judged.best.code
    assert reveal.best_reason
    for choice in step.choices:
        verdict = reveal.verdicts[choice.text]
        assert verdict.best == (choice.text in not_costly)
        assert verdict.sentence
    # The review deck card rebuilds the position: the deal and the moves before it, as the
    # Review page opens it.
    assert isinstance(step.source, PracticeSource)
    assert step.source.seed == seed
    assert step.source.moves == [practice.actions.code(m.action) for m in hand.moves]
    tried = step.choices[0].text
    deck = note_wrong(
        ReviewDeck(), step.source, step.game, tried=tried, now=datetime(2030, 1, 1, tzinfo=UTC)
    )
    rebuilt = review_position.rebuild(next(iter(deck.cards.values())))
    assert rebuilt.hand.state.hands == hand.state.hands
    assert rebuilt.hand.state.current_trick == hand.state.current_trick
    # The line goes on with the judgement's best card.
    after = lesson.step(step.number + 1)
    assert after is not None
    assert isinstance(after.run, PracticeHand)
    played = after.run.moves[len(hand.moves)]
    assert played.seat == hand.learner and played.action == judged.best
    # Past the last decision: None.
    number = step.number
    while lesson.step(number + 1) is not None:
        number += 1
    last = lesson.step(number)
    assert last is not None and isinstance(last.run, PracticeHand)
    assert len(last.run.state.hands[last.run.learner]) == 1
    assert lesson.step(number + 1) is None
    with pytest.raises(LiveLessonError):
        lesson.reveal(number + 1, [])


def test_a_practice_deals_illegal_card_is_refused_with_the_rule() -> None:
    lesson = open_lesson("deal", _deal_ref("tarot", 4, 1))
    step = _first_card(lesson)
    assert isinstance(step.run, PracticeHand)
    state = step.run.state
    held = state.hands[step.seat]
    illegal = next(c for c in held if c not in state.legal_plays())
    with seat_names(step.run.table.seat_names):
        verdict = state.explain(illegal)
    refused = lesson.refusal(step.number, illegal.code)
    assert refused == verdict.message
    assert verdict.forcing and all(c.label in refused for c in verdict.forcing)
    assert lesson.refusal(step.number, step.choices[0].text) is None
    assert lesson.canonical(step.number, step.choices[0].text.lower()) == step.choices[0].text
    reveal = lesson.reveal(step.number, [illegal.code])
    assert reveal.verdicts[illegal.code].best is False
    assert reveal.verdicts[illegal.code].sentence == refused


def test_a_practice_deals_bid_is_the_advices_and_the_line_bids_its_best() -> None:
    lesson = open_lesson("deal", _deal_ref("tarot", 4, 1))
    step = lesson.step(0)
    assert step is not None and step.kind == "bid"
    # No review deck card for a bid: the Review page replays card positions only.
    assert step.source is None
    hand = step.run
    assert isinstance(hand, PracticeHand)
    advice = advise_bid(practice.history(hand), [m.action for m in hand.moves])
    best = practice.actions.code(advice.best.action)
    reveal = lesson.reveal(0, [c.text for c in step.choices])
    assert reveal.best[0] == best
    assert set(reveal.best) <= {c.text for c in step.choices}
    assert all(reveal.verdicts[code].best for code in reveal.best)
    assert all(not v.best for k, v in reveal.verdicts.items() if k not in reveal.best)
    after = lesson.step(1)
    assert after is not None and isinstance(after.run, PracticeHand)
    assert after.run.moves[len(hand.moves)].action == advice.best.action


@pytest.mark.parametrize(("game", "players"), [("belote", 4), ("briscola", 2)])
def test_a_practice_deal_is_the_same_in_two_fresh_lessons(game: str, players: int) -> None:
    ref = _deal_ref(game, players, 5)
    forget_lessons()
    first = open_lesson("deal", ref)
    forget_lessons()
    second = open_lesson("deal", ref)
    assert first is not second
    for number in range(3):
        a, b = first.step(number), second.step(number)
        assert a is not None and b is not None
        assert isinstance(a.run, PracticeHand) and isinstance(b.run, PracticeHand)
        assert a.run.state == b.run.state
        assert (a.kind, a.choices, a.source, a.prompt) == (b.kind, b.choices, b.source, b.prompt)
        answers = [c.text for c in a.choices][:2]
        assert first.reveal(number, answers) == second.reveal(number, answers)


def test_a_lesson_is_kept_per_kind_and_reference() -> None:
    ref = _deal_ref("briscola", 2, 7)
    assert open_lesson("deal", ref) is open_lesson("deal", ref)
    assert open_lesson("scenario", TRICKS) is open_lesson("scenario", TRICKS)


def test_a_question_whose_words_are_not_plain_text_is_answered_by_the_choices_number() -> None:
    lesson = open_lesson("scenario", "belote/declaration-carre-beats-sequence")
    step = lesson.step(1)
    assert step is not None and step.kind == "ask"
    assert [c.text for c in step.choices] == ["choice 1", "choice 2", "choice 3"]
    assert [c.label for c in step.choices] == ["The carré", "The quinte", "They are equal"]
    assert lesson.canonical(1, "The carré") == lesson.canonical(1, "choice 1") == "choice 1"
    reveal = lesson.reveal(1, ["choice 1", "choice 3"])
    assert reveal.best == ("choice 1",)
    assert reveal.verdicts["choice 1"].best and not reveal.verdicts["choice 3"].best
    assert "carré" in reveal.verdicts["choice 3"].sentence
    # The second decision of the same scenario is a bid: every action but a card.
    bid = lesson.step(2)
    assert bid is not None and bid.kind == "bid"
    assert set(lesson.reveal(2, []).best) == {"declare", "no declaration"}


def test_canonical_texts_are_ones_the_class_database_keeps() -> None:
    assert live_lesson.ANSWER_MOST == ANSWER_MOST
    assert live_lesson.ANSWER.pattern == live.ANSWER.pattern


def test_a_wrong_cards_cost_does_not_depend_on_the_clock_of_an_earlier_try() -> None:
    # The Play page works a wrong card's cost out within half a second on the clock; a
    # try that ran out of time first must not take the cost out of the live verdict.
    lesson = open_lesson("scenario", "briscola/no-need-to-follow")
    step = lesson.step(0)
    assert step is not None and isinstance(step.run, Run)
    run = step.run
    ticks = iter(range(0, 10**9, 1000))
    late = run.cost_of(Card.parse("KH"), clock=lambda: float(next(ticks)))
    assert late is None  # the clock ran out at its first look
    sentence = lesson.reveal(0, ["KH"]).verdicts["KH"].sentence
    cost = run.cost_of(Card.parse("KH"))
    assert cost is not None and cost.lost > 0
    assert cost_sentence(cost, run.table.seat_names, run.table.learner) in sentence


def test_a_practice_cards_verdict_reads_only_what_its_seat_could_know() -> None:
    """The hand goes on after the reveal: an unlucky card is told as good as the best (its
    seat could not know better), and no reason read off the real deal is given while
    cards are hidden; a costly card keeps the judgement's figure."""
    lesson = open_lesson("deal", _deal_ref("belote", 4, 11))
    step = _first_card(lesson)
    hand = step.run
    assert isinstance(hand, PracticeHand)
    card = Card.parse(step.choices[0].text)
    review = card_review.review_card(hand.state, card, move=len(hand.moves))
    unlucky = dataclasses.replace(
        review,
        verdict=card_review.UNLUCKY,
        better=Card.parse(step.choices[-1].text),
        reasons=(reason("lucky", mine=CardOf(review.seat, card), better=card),),
    )
    with speaking("en"):
        told = live_lesson.known_only(unlucky)
        best = dataclasses.replace(review, verdict=card_review.BEST, better=None, reasons=())
        assert told == best.sentence()
        assert "every card shown" not in told
        if not review.judgement.complete:
            wrong = dataclasses.replace(
                review,
                verdict=card_review.WRONG,
                better=Card.parse(step.choices[-1].text),
                reasons=unlucky.reasons,
            )
            assert live_lesson.known_only(wrong) == wrong.sentence()
            assert wrong.reasons_text() not in live_lesson.known_only(wrong)
