"""What the table component is given to draw: the hand in the game's order, marks,
modes, the discard, the chien, and text that stays inert."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest

from tutorial.course import practice
from tutorial.course.library import Library, load_library
from tutorial.engine.cards import Card
from tutorial.engine.hand_order import sort_hand
from tutorial.language.i18n import speaking
from tutorial.pictures.card_svg import card_svg
from tutorial.pictures.picture_words import card_words
from tutorial.pictures.table_data import practice_table_data, safe_html, table_data
from tutorial.scenarios.model import AskStep, PlayStep
from tutorial.scenarios.runtime import Run, goto, start


@pytest.fixture(scope="module")
def lib() -> Library:
    return load_library()


def _run(lib: Library, sid: str, step: int | None = None) -> Run:
    checked = lib.scenarios[sid]
    run = start(checked.scenario, checked.table)
    return goto(run, step) if step is not None else run


def _codes(data: dict[str, Any]) -> list[str]:
    return [c["code"] for c in data["hand"]]


def test_belote_hand_in_the_games_order_trumps_last(lib: Library) -> None:
    run = _run(lib, "belote/overruff")  # hearts are trumps
    # clubs 7 8 K, diamonds 7 Q 10 (10 above Q in a plain suit), then trumps 8 9
    assert _codes(table_data(run)) == ["7C", "8C", "KC", "7D", "QD", "10D", "8H", "9H"]


def test_belote_trump_order_puts_the_jack_and_nine_on_top(lib: Library) -> None:
    run = _run(lib, "belote/overruff")
    cards = [Card.parse(c) for c in ("JH", "9H", "AH", "10H", "KH", "QH", "8H", "7H")]
    order = [c.code for c in sort_hand(cards, run.state)]
    assert order == ["7H", "8H", "QH", "KH", "10H", "AH", "9H", "JH"]


def test_briscola_hand_by_strength_trumps_last(lib: Library) -> None:
    run = _run(lib, "briscola/ace-beats-three")  # spades are trumps
    assert _codes(table_data(run)) == ["6C", "KD", "AD"]
    cards = [Card.parse(c) for c in ("2S", "AS", "3S", "KS", "4H")]
    assert [c.code for c in sort_hand(cards, run.state)] == ["4H", "2S", "KS", "3S", "AS"]


def test_tarot_hand_plain_suits_then_trumps_then_the_excuse(lib: Library) -> None:
    run = _run(lib, "tarot/discard-kings-and-bouts", 4)
    codes = _codes(table_data(run))
    trumps = [c for c in codes if c.startswith("T")]
    assert trumps == sorted(trumps, key=lambda c: int(c[1:]))
    assert codes[-1] == "EXC"
    assert codes.index("T1") > max(codes.index(c) for c in codes if not c.startswith(("T", "EXC")))


def test_the_tarot_discard_counts_down_and_shows_the_chien(lib: Library) -> None:
    run = _run(lib, "tarot/discard-kings-and-bouts", 4)
    data = table_data(run)
    assert data["mode"] == "discard" and data["playable"]
    assert data["discard"]["need"] == 6
    assert data["discard"]["counter"] == "{k} of 6 chosen"
    assert len(data["chien"]) == 6 and sum(c["chien"] for c in data["hand"]) == 6
    assert "6 cards" in data["prompt"]
    one_done, fb = run.try_action("discard 2S")
    assert fb.ok
    assert table_data(one_done)["discard"]["need"] == 5


def test_a_briscola_trump_card_drawn_is_not_drawn_twice(lib: Library) -> None:
    run = _run(lib, "briscola/seed-last-three-tricks", 7)
    data = table_data(run)
    assert "7S" in _codes(data)
    assert "seven of spades" not in data["table_alt"]
    assert "seven of spades" not in data["table_svg"]


def test_nobody_is_to_play_once_the_scenario_is_finished(lib: Library) -> None:
    run = _run(lib, "belote/overruff", 99)
    assert run.finished
    data = table_data(run)
    assert data["mode"] == "view" and not data["playable"]
    assert "your turn" not in data["table_alt"]
    assert "your turn" in table_data(_run(lib, "belote/overruff"))["table_alt"]
    # opened at its end (a link's step): no run of the learner's, no stars
    assert data["prompt"] == "Scenario complete"
    played = start(run.scenario, run.table)
    while not played.finished:
        step = played.current
        if isinstance(step, PlayStep):
            played, fb = played.try_action(str(step.play.accept[0]))
        else:
            assert isinstance(step, AskStep)
            played, fb = played.answer(step.ask.answer)
        assert fb.ok
    assert table_data(played)["prompt"] == "Scenario complete ★★★"


def test_the_marks_forcing_legal_and_answer(lib: Library) -> None:
    run = _run(lib, "belote/overruff")
    _, fb = run.try_action("8H")
    assert fb.kind == "illegal"
    marks = {c["code"]: c["mark"] for c in table_data(run, feedback=fb)["hand"]}
    assert marks["9H"] == "forcing" and marks["8H"] == ""
    legal = {c["code"]: c["mark"] for c in table_data(run, hint_tier=2)["hand"]}
    assert [k for k, v in legal.items() if v] == ["9H"] and legal["9H"] == "legal"
    answer = {c["code"]: c["mark"] for c in table_data(run, revealed=True)["hand"]}
    assert answer["9H"] == "answer"
    assert not [c for c in table_data(run)["hand"] if c["mark"]]


def test_a_cards_marks_are_said_in_its_description(lib: Library) -> None:
    # The picture's marks are hidden from screen readers: the description says them.
    run = _run(lib, "belote/overruff")
    _, fb = run.try_action("8H")
    said = {c["code"]: c["description"] for c in table_data(run, feedback=fb)["hand"]}
    assert said["9H"] == "forces your play" and said["8H"] == ""
    legal = {c["code"]: c["description"] for c in table_data(run, hint_tier=2)["hand"]}
    assert legal["9H"] == "legal to play" and legal["8H"] == "not legal to play"
    assert table_data(run, revealed=True)["hand"][0]["description"] in ("", "the right answer")
    assert not [c for c in table_data(run)["hand"] if c["description"]]
    with speaking("zh-Hant"):
        chinese = {c["code"]: c["description"] for c in table_data(run, hint_tier=2)["hand"]}
    assert chinese["9H"] == "可以出" and chinese["8H"] == "不能出"


def test_a_card_from_the_chien_says_so_in_its_description(lib: Library) -> None:
    hand = table_data(_run(lib, "tarot/discard-kings-and-bouts", 4))["hand"]
    from_chien = [c for c in hand if c["chien"]]
    assert len(from_chien) == 6
    assert all(c["description"].endswith("from the chien") for c in from_chien)
    assert not [c for c in hand if not c["chien"] and "chien" in c["description"]]


def test_every_card_has_its_label_as_accessible_name(lib: Library) -> None:
    for sid in ("belote/overruff", "tarot/excuse-any-time", "briscola/ace-beats-three"):
        for c in table_data(_run(lib, sid))["hand"]:
            assert c["name"] == Card.parse(c["code"]).label
            assert c["svg"].startswith("<svg")


def test_a_question_offers_its_choices_or_a_box(lib: Library) -> None:
    run = _run(lib, "belote/overruff", 4)
    data = table_data(run)
    assert data["mode"] == "ask" and not data["playable"]
    assert [c["label"] for c in data["choices"]] == ["You", "Right", "Partner", "Left"]
    assert not data["free_answer"]


def test_reviewing_shows_the_hand_and_that_positions_explanation(lib: Library) -> None:
    run = _run(lib, "belote/overruff")
    data = table_data(run, reviewing=True, position=(1, 3), explanation="The **9♥** wins.")
    assert data["mode"] == "view" and data["hand"]
    assert data["prompt"] == "Stepping through: position 1 of 3."
    assert data["feedback"]["html"] == "The <strong>9♥</strong> wins."


@pytest.mark.parametrize(
    "text",
    [
        "![pic](http://example.com/x.png)",
        "[d](data:text/html,<script>alert(1)</script>)",
        "<img src=x onerror=alert(1)>",
        '"><svg onload=alert(1)>',
    ],
)
def test_author_text_stays_inert(text: str) -> None:
    out = safe_html(text)
    assert "<img" not in out and "<svg" not in out and "<script" not in out
    assert "href" not in out


def test_every_scenario_start_and_end_gives_complete_data(lib: Library) -> None:
    for sid, checked in lib.scenarios.items():
        for step in (0, len(checked.scenario.steps)):
            run = _run(lib, sid, step)
            data = table_data(run)
            assert data["table_svg"].startswith("<svg"), sid
            assert data["prompt"] or data["mode"] == "view", sid
            if data["mode"] == "play":
                assert data["hand"], sid
            if data["mode"] == "action":
                assert data["menu"], sid
            if data["mode"] == "ask":
                assert data["choices"] or data["free_answer"], sid


def test_presenter_mode_puts_trump_and_contract_beside_the_prompt(lib: Library) -> None:
    run = _run(lib, "belote/overruff")
    big = table_data(run, presenter=True)
    assert big["facts"] == ["Trump: ♥ hearts", "Taker: Right"]
    assert "Taker: Right" not in big["table_svg"]
    assert "Taker: Right" in big["table_alt"]  # the description keeps everything
    normal = table_data(run)
    assert normal["facts"] == [] and "Taker: Right" in normal["table_svg"]


def test_a_defender_is_shown_the_chien_of_a_computer_prise() -> None:
    from tutorial.course import practice
    from tutorial.engine import tarot
    from tutorial.pictures.table_data import practice_table_data

    for seed in range(40):
        hand = practice.deal("tarot", seed=seed)
        while not hand.finished and hand.state.phase == "bidding" and hand.learner_to_move:
            hand, _ = practice.advance(practice.try_action(hand, "pass"))
        if hand.state.contract in (tarot.Bid.PRISE, tarot.Bid.GARDE) and hand.state.taker != 0:
            break
    else:
        raise AssertionError("no computer Prise in 40 deals")
    data = practice_table_data(hand)
    assert data["mode"] == "play" and data["chien_label"] == "The chien"
    assert [c["name"] for c in data["chien"]] == [
        c.label for c in sort_hand(list(hand.state.chien), hand.state)
    ]
    assert all(c["svg"].startswith("<svg") for c in data["chien"])


def test_the_chien_is_not_laid_out_again_for_the_taker_after_the_discard(lib: Library) -> None:
    run = _run(lib, "tarot/discard-kings-and-bouts", 4)
    for code in ("2S", "5S", "QS", "3H", "8H", "JD"):
        run, fb = run.try_action(f"discard {code}")
        assert fb.ok, fb.message
    assert run.state.phase != "discard"
    assert table_data(run)["chien"] == []


def test_the_scene_stays_the_same_through_a_scenario(lib: Library) -> None:
    """The component keeps the table's size while the scene does not change: every step
    of one scenario has the same scene, another scenario another one."""
    run = _run(lib, "tarot/discard-kings-and-bouts", 4)
    scenes = {table_data(run, key="a")["scene"]}
    for code in ("2S", "5S", "QS", "3H", "8H", "JD"):
        run, fb = run.try_action(f"discard {code}")
        assert fb.ok, fb.message
        scenes.add(table_data(run, feedback=fb, key="b")["scene"])
    scenes.add(table_data(run, reviewing=True, position=(2, 7))["scene"])
    assert len(scenes) == 1
    other = table_data(_run(lib, "tarot/discard-trumps-when-forced", 5))["scene"]
    assert other not in scenes


def test_a_practice_hand_keeps_its_scene_from_move_to_move() -> None:
    from tutorial.course import practice
    from tutorial.pictures.table_data import practice_table_data

    hand = practice.deal("belote", seed=3)
    first = practice_table_data(hand)
    moved, _ = practice.advance(practice.try_action(hand, "pass"))
    later = practice_table_data(moved)
    assert later["key"] != first["key"] and later["scene"] == first["scene"]
    assert practice_table_data(practice.deal("belote", seed=4))["scene"] != first["scene"]


def test_a_card_alone_never_lays_it_aside(lib: Library) -> None:
    """During the discard a card is chosen on the hand, then confirmed: the card's code
    alone (what a click on a card sends in play) is refused and lays nothing aside."""
    run = _run(lib, "tarot/discard-kings-and-bouts", 4)
    after, fb = run.try_action("2S")
    assert fb.kind == "illegal" and not after.state.discard
    assert table_data(after, feedback=fb)["discard"]["need"] == 6


def test_a_card_drawn_in_english_then_in_chinese_has_each_languages_words() -> None:
    # The server draws for every session: a face cached in one language must not be
    # shown to a page in another.
    hand = practice.deal("tarot", seed=3)
    cards = sort_hand(hand.state.hands[hand.learner], hand.state)
    faces = {}
    for lang in ("en", "zh-Hans", "en"):
        with speaking(lang):
            data = practice_table_data(hand)
            assert [e["code"] for e in data["hand"]] == [c.code for c in cards]
            for card, entry in zip(cards, data["hand"], strict=True):
                assert entry["svg"] == card_svg(card, highlight=None, width=100), lang
                title = re.search(r"<title>(.*?)</title>", entry["svg"])
                assert title is not None and card_words(card) in title.group(1)
            faces[lang] = [e["svg"] for e in data["hand"]]
    assert faces["en"] != faces["zh-Hans"]


def test_no_seat_is_marked_to_move_while_a_question_waits(lib: Library) -> None:
    """ "Who leads the first trick?" after the bidding: the leader is to move, but the
    table marks nobody (neither the turn frame nor "it is your turn" in its description)
    while it waits."""
    checked = lib.scenarios["belote/bidding-take"]
    run = start(checked.scenario, checked.table)
    while run.waiting_for != "ask" or "lead" not in str(run.current.ask.question):
        run = run.solve_current()
    leader = run.table.seat_names[run.state.to_move]
    data = table_data(run)
    assert 'class="to-move"' not in data["table_svg"]
    assert "turn" not in data["table_alt"]
    assert str(run.current.ask.answer) == leader  # the frame would have been the answer
    # without the question, the same position marks its leader
    steps = run.scenario.steps
    narration = next(i for i, s in enumerate(steps) if not isinstance(s, (AskStep, PlayStep)))
    played = dataclasses.replace(run, step=narration)
    assert played.waiting_for != "ask" and not played.finished
    assert 'class="to-move"' in table_data(played)["table_svg"]


def test_the_contract_line_keeps_its_multiplier_back_while_a_question_waits(
    lib: Library,
) -> None:
    """ "By how much will your Garde multiply the settlement?": the table says "Garde by
    South", not "Garde ×2 by South", until it is answered."""
    checked = lib.scenarios["tarot/bid-garde"]
    run = start(checked.scenario, checked.table)
    while run.waiting_for != "ask" or "multiply" not in str(run.current.ask.question):
        run = run.solve_current()
    for presenter in (False, True):
        data = table_data(run, presenter=presenter)
        shown = " ".join([data["table_svg"], data["table_alt"], *data["facts"]])
        assert "×2" not in shown and "Garde by South" in shown
    after, fb = run.answer(run.current.ask.answer)
    assert fb.ok
    steps = after.scenario.steps
    narration = next(i for i, s in enumerate(steps) if not isinstance(s, (AskStep, PlayStep)))
    assert (
        "Garde ×2 by South" in table_data(dataclasses.replace(after, step=narration))["table_svg"]
    )
