"""Practice: whole hands against computer players (the pure model, the table data, the page)."""

from __future__ import annotations

import json
import re
from collections import Counter
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest
from apptest_util import app_session, open_app
from streamlit.testing.v1 import AppTest

from tutorial.analysis import beginner
from tutorial.analysis.card_review import CardReview
from tutorial.analysis.games import tarot as tarot_analysis
from tutorial.course import practice, review_worker
from tutorial.course.practice import PracticeHand
from tutorial.course.review_worker import InlineExecutor, ReviewWorker
from tutorial.engine import tarot
from tutorial.engine.cards import Card
from tutorial.language.i18n import t
from tutorial.pictures.table_data import practice_table_data, safe_html

ROOT = Path(__file__).resolve().parent.parent

#: Words that must never reach the learner: identifiers, seat numbers, sides by number.
INTERNAL = re.compile(r"\bseat \d|\bteam ?\d|\bside [AB]\b|\bseed\b|seed-\d|[a-z]+_[a-z_]+")


def _finish(hand: PracticeHand) -> PracticeHand:
    """The learner plays the computer's habit until the end (through try_action)."""
    while not hand.finished:
        assert hand.learner_to_move, (hand.state.phase, hand.state.to_move)
        hand = practice.try_action(hand, beginner.choose(hand.state))
        assert hand.refusal is None
        hand, _ = practice.advance(hand)
    return hand


def _until(hand: PracticeHand, wanted: Any, limit: int = 200) -> PracticeHand | None:
    """Play on (the learner too) until ``wanted(hand)`` holds at the learner's turn."""
    for _ in range(limit):
        if hand.finished:
            return None
        if wanted(hand):
            return hand
        hand = practice.try_action(hand, beginner.choose(hand.state))
        hand, _ = practice.advance(hand)
    return None


def _with_illegal_card(game: str, players: int | None = None) -> PracticeHand:
    """A hand at the learner's turn to play where some card of the hand is refused."""
    for seed in range(40):
        hand = practice.deal(game, players=players, seed=seed)
        found = _until(
            hand,
            lambda h: (
                h.state.phase == "play"
                and len(h.state.legal_plays()) < len(h.state.hands[h.learner])
            ),
        )
        if found is not None:
            return found
    raise AssertionError("no position with an illegal card in 40 deals")


# --- The model ---------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players"), practice.VARIANTS)
def test_a_whole_hand_reaches_the_end(game: str, players: int) -> None:
    hand = _finish(practice.deal(game, players=players, seed=11))
    state = hand.state
    assert state.is_terminal and hand.played_out
    played = Counter(p.card for tr in state.tricks for p in tr.plays)
    assert max(played.values()) == 1  # every card once
    assert len(played) == {"belote": 32, "tarot": 72, "briscola": 40}[game]  # chien aside
    # one note per trick, numbered, naming the winner by the table's names
    assert [n.number for n in hand.notes] == list(range(1, len(state.tricks) + 1))
    assert [n.winner for n in hand.notes] == [tr.winner for tr in state.tricks]
    names = hand.table.seat_names
    for note, trick in zip(hand.notes, state.tricks, strict=True):
        assert note.text.startswith(f"Trick {note.number}, ")
        owner = "Your" if trick.winner == hand.learner else f"{names[trick.winner]}'s"
        assert owner in note.text, note.text
    story = practice.story(hand)
    assert [line for line in story if line.startswith("Trick ")] == [n.text for n in hand.notes]
    assert not [line for line in story if INTERNAL.search(line)]
    # the history replays: each move was taken in the state before it
    hist = practice.history(hand)
    assert len(hist) == len(hand.moves) + 1 and hist[-1] is state
    for move, nxt in zip(hand.moves, hist[1:], strict=True):
        assert move.before.apply(move.action).hands == nxt.hands


def test_the_same_seed_deals_and_plays_the_same_hand() -> None:
    a = _finish(practice.deal("belote", seed=5))
    b = _finish(practice.deal("belote", seed=5))
    assert [m.action for m in a.moves] == [m.action for m in b.moves]
    c = practice.deal("belote", seed=6)
    assert c.table.state.hands != a.table.state.hands


def test_computer_seats_play_until_the_learners_turn() -> None:
    hand = practice.deal("tarot", seed=3)
    assert hand.learner_to_move
    assert all(m.seat != hand.learner for m in hand.moves)  # only the others so far
    assert hand.computer == frozenset({1, 2, 3})


def test_a_refused_card_keeps_the_state_and_gives_the_engines_reason() -> None:
    hand = _with_illegal_card("belote")
    refused = next(c for c in hand.state.hands[0] if c not in hand.state.legal_plays())
    after = practice.try_action(hand, refused.code)
    assert after.state is hand.state and after.moves == hand.moves
    assert after.refusal is not None
    verdict = hand.state.explain(refused)
    assert after.refusal.code == verdict.code != "legal"
    assert after.refusal.message and after.refusal.forcing == tuple(verdict.forcing)
    data = practice_table_data(after)
    assert data["feedback"]["tone"] == "error" and data["feedback"]["head"] == "Not allowed."
    # a legal card next clears the refusal and moves on
    legal = hand.state.legal_plays()[0]
    moved = practice.try_action(after, legal)
    assert moved.refusal is None and moved.moves[-1].action == legal


def test_a_card_not_held_and_a_bad_notation_are_refused() -> None:
    hand = practice.deal("briscola", players=2, seed=2)
    other = next(iter(hand.state.hands[1]))
    assert practice.try_action(hand, other).refusal is not None
    bad = practice.try_action(hand, "ZZ9")
    assert bad.refusal is not None and bad.state is hand.state


def test_hint_tiers_rule_then_legal_marks_then_suggestion() -> None:
    hand = _with_illegal_card("belote")
    legal = set(hand.state.legal_plays())
    refused = next(c for c in hand.state.hands[0] if c not in legal)
    assert practice_table_data(hand)["hand"][0]["mark"] == ""  # no hint: no marks
    one = practice.hint(hand)
    assert one.hint_tier == 1 and one.hints_used == 1
    assert practice.hint_text(one, 1) == hand.state.explain(refused).message  # the rule
    assert {c["mark"] for c in practice_table_data(one)["hand"]} == {""}
    two = practice.hint(one)
    marked = {c["code"] for c in practice_table_data(two)["hand"] if c["mark"] == "legal"}
    assert marked == {c.code for c in legal}
    three = practice.hint(two)
    assert three.suggested is not None and three.suggested[0] in legal
    assert three.suggested[0].label in practice.hint_text(three, 3)
    assert practice.hint(three) is three  # three tiers, no more
    # playing resets the tiers for the next decision, not the count
    moved, _ = practice.advance(practice.try_action(three, three.suggested[0]))
    assert moved.hint_tier == 0 and moved.hints_used == 3


def test_rule_hint_when_every_card_may_be_played() -> None:
    hand = practice.deal("briscola", players=2, seed=4)
    assert practice.rule_hint(hand).startswith("Briscola has no obligation")
    lead = _until(
        practice.deal("belote", seed=1),
        lambda h: h.state.phase == "play" and not h.state.current_trick,
    )
    assert lead is not None
    assert practice.rule_hint(lead) == "You lead: any card of your hand may be played."


def test_bids_are_chosen_by_their_words_and_reported() -> None:
    hand = practice.deal("belote", seed=0, dealer=3)  # the learner speaks first
    assert hand.state.phase == "bidding" and not hand.moves
    data = practice_table_data(hand)
    assert data["mode"] == "action" and data["prompt"] == "Your turn to bid."
    assert data["menu"][0]["label"] == "pass"
    passed, _ = practice.advance(practice.try_action(hand, "pass"))
    lines = practice.story(passed)
    assert lines[0] == "You: pass"
    assert lines[1].startswith("Right: ")


def test_everyone_passing_ends_the_hand_unplayed() -> None:
    for seed in range(60):
        hand = practice.deal("tarot", seed=seed)
        while not hand.finished and hand.state.phase == "bidding":
            hand, _ = practice.advance(practice.try_action(hand, "pass"))
        if hand.finished:
            assert not hand.played_out
            data = practice_table_data(hand)
            assert data["mode"] == "view" and "Deal again" in data["prompt"]
            return
    pytest.skip("every deal had a bid")


def test_tarot_discard_on_the_hand() -> None:
    for seed in range(60):
        hand = practice.deal("tarot", seed=seed)
        while not hand.finished and hand.state.phase == "bidding":
            bid = "garde" if "garde" in _menu(hand) else "pass"
            hand, _ = practice.advance(practice.try_action(hand, bid))
        if hand.state.phase == "discard" and hand.learner_to_move:
            break
    else:
        pytest.skip("the learner never took")
    assert practice_table_data(hand)["mode"] == "discard"
    cards = hand.state.hands[0]
    king = next((c for c in cards if c.rank == "K" and not tarot.is_trump(c)), None)
    if king is not None:
        refused = practice.discard(hand, [king.code])
        assert refused.refusal is not None and "King" in refused.refusal.message
        assert refused.state is hand.state
    two = practice.hint(practice.hint(hand))  # hint 2 marks the cards that may go aside
    marked = {c["code"] for c in practice_table_data(two)["hand"] if c["mark"] == "legal"}
    allowed = {a.card.code for a in hand.state.legal_actions() if isinstance(a, tarot.Discard)}
    assert marked == allowed
    assert practice.hint_text(two, 2) == "The cards you may lay aside are marked on your hand."
    three = practice.hint(two)
    assert three.suggested is not None and len(three.suggested[0]) == tarot.CHIEN_SIZE
    assert {c.code for c in three.suggested[0]} <= allowed
    assert practice.hint_text(three, 3).startswith("A computer player would lay aside ")
    chosen = []
    state = hand.state
    for _ in range(tarot.CHIEN_SIZE):
        action = beginner.choose(state)
        chosen.append(action.card.code)
        state = state.apply(action)
    done = practice.discard(hand, chosen)
    assert done.refusal is None and done.state.phase != "discard"


def _menu(hand: PracticeHand) -> list[str]:
    return [m["code"] for m in practice_table_data(hand)["menu"]]


def test_frames_show_the_others_cards_arriving() -> None:
    hand = practice.deal("belote", seed=2)
    hand = _until(hand, lambda h: h.state.phase == "play" and not h.state.current_trick)
    assert hand is not None
    played = practice.try_action(hand, hand.state.legal_plays()[0])
    final, frames = practice.advance(played)
    assert len(frames) >= 3  # three others answered the lead (then maybe lead again)
    data = practice_table_data(final, frames=(played, *frames[:-1]))
    shown = data["frames"]
    assert len(shown) == len(frames) and all(f["svg"].startswith("<svg") for f in shown)
    # the frame where the fourth card completes the trick is held longer
    assert shown[3]["hold"] is True and shown[0]["hold"] is False
    assert data["key"] != practice_table_data(hand)["key"]


def test_seat_names_follow_the_direction_of_play() -> None:
    assert practice.practice_seat_names("belote", 4) == ("You", "Right", "Partner", "Left")
    assert practice.practice_seat_names("belote", 4, "seed-004") == (
        "You",
        "Left",
        "Partner",
        "Right",
    )
    assert practice.practice_seat_names("briscola", 2) == ("You", "Opponent")


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_practice_seats_have_the_lessons_names_and_the_partner_is_named(lang: str) -> None:
    """The lessons of a game of fixed partnerships name the seats Partner, Left and
    Right; practice names them so (it said North, East and West, and nothing marked North
    as the partner); Tarot's lessons use the compass, and so does its practice."""
    import yaml

    from tutorial.language.i18n import speaking

    with speaking(lang):
        belote = practice.practice_seat_names("belote", 4)
        briscola = practice.practice_seat_names("briscola", 4)
        tarot = practice.practice_seat_names("tarot", 4)
        partner = t("practice.seat_partner")
    assert belote[2] == briscola[2] == partner
    # the seats of the Belote lessons' scenarios, in this language
    scenario = ROOT / "scenarios" / ("" if lang == "en" else lang) / "belote" / "overruff.yaml"
    seats = yaml.safe_load(scenario.read_text(encoding="utf-8"))["seats"]
    shown = set(seats) if isinstance(seats, list) else set(seats.values())
    assert set(belote) == set(briscola) == shown
    assert tarot[2] != partner
    hand = practice.deal("belote", seed=3)
    names = hand.table.seat_names
    side = practice.practice_seat_names("belote", 4)
    assert names == side and names[2] == "Partner"


def test_bad_choices_raise() -> None:
    with pytest.raises(ValueError, match="level"):
        practice.deal("belote", level="grandmaster")
    with pytest.raises(ValueError, match="players"):
        practice.deal("belote", players=2)


def test_review_lists_the_learners_cards_costliest_first() -> None:
    hand = _finish(practice.deal("briscola", players=2, seed=9))
    reviews = practice.review(hand)
    assert len(reviews) == 20  # one per card the learner played
    assert {r.played for r in reviews} == {
        m.action for m in hand.moves if m.seat == 0 and isinstance(m.action, Card)
    }
    worst = practice.costliest(reviews)
    assert len(worst) <= 3 and all(r.lost is not None and r.lost > 0 for r in worst)
    assert [r.lost for r in worst] == sorted((r.lost for r in worst), reverse=True)


# --- The page (AppTest) ------------------------------------------------------------------


def _table(at: AppTest) -> dict[str, Any]:
    for el in at.get("bidi_component"):
        if el.proto.component_name == "atout_table":
            data: dict[str, Any] = json.loads(el.proto.json)
            return data
    raise AssertionError("no table component on the page")


def _dealt(variant: str, seed: int) -> AppTest:
    at = open_app("practice")
    assert not at.exception, [e.value for e in at.exception]
    at.selectbox(key="practice_variant").set_value(variant)
    app_session(at).practice.next_seed = seed
    at.button(key="practice_deal").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def practice_view_key() -> str:
    from tutorial.webapp.pages.practice import SEED

    return SEED


def _type(at: AppTest, text: str) -> AppTest:
    at.text_input(key="practice_typed").input(text).run()
    return at


def _hand(at: AppTest) -> PracticeHand:
    hand = app_session(at).practice.hand
    assert isinstance(hand, PracticeHand)
    return hand


@pytest.mark.usefixtures("_fresh_caches")
def test_page_deals_plays_refuses_and_reaches_the_end_of_a_briscola_hand() -> None:
    at = _dealt("briscola-2", 21)
    data = _table(at)
    assert data["mode"] == "play" and data["prompt"] == "Your turn: choose a card."
    assert len(data["hand"]) == 3
    assert any("Briscola, two players" in c.value for c in at.caption)
    # a card the learner does not hold: refused with the engine's reason, nothing moves
    hand = _hand(at)
    other = next(iter(hand.state.hands[1]))
    _type(at, other.code)
    data = _table(at)
    assert data["feedback"]["tone"] == "error" and "do not hold" in data["feedback"]["html"]
    assert _hand(at).state is hand.state
    # a legal card: played, the opponent answers, the trick's note follows
    _type(at, beginner.choose(hand.state).code)
    after = _hand(at)
    assert after.learner_to_move and len(after.moves) > len(hand.moves)
    assert "Trick 1, " in _table(at)["feedback"]["html"] or after.state.current_trick
    # hints: the rule, then the strong player's card (no tier marks the legal cards in
    # Briscola, where every card in hand may be played)
    assert practice.hint_kinds(_hand(at)) == (practice.RULE, practice.SUGGESTION)
    for tier in (1, 2):
        at.button(key="practice_hint").click().run()
        assert len(at.info) == tier
    assert not [b for b in at.button if b.key == "practice_hint"]
    assert "The computer would play" in at.info[1].value
    marks = {c["mark"] for c in _table(at)["hand"]}
    assert "legal" not in marks
    # to the end: the score, the review and another deal
    for _ in range(25):
        hand = _hand(at)
        if hand.finished:
            break
        _type(at, beginner.choose(hand.state).code)
    assert _hand(at).finished
    assert not at.exception, [e.value for e in at.exception]
    data = _table(at)
    assert data["mode"] == "view" and data["prompt"].startswith("The hand is over")
    heads = [h.value for h in at.header]
    assert "The hand's score" in heads and "Your cards, reviewed" in heads
    assert at.get("plotly_chart")
    assert at.button(key="practice_again")
    texts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    assert not [x for x in texts if re.search(r"\bseat \d|\bteam ?\d", x)]
    at.button(key="practice_again").click().run()
    assert not _hand(at).finished and len(_table(at)["hand"]) == 3


@pytest.mark.usefixtures("_fresh_caches")
def test_page_refuses_an_illegal_card_with_the_rule() -> None:
    at = _dealt("belote-4", 0)
    for _ in range(40):  # bid and play the computer's habit until a card is refused
        hand = _hand(at)
        assert not hand.finished
        if hand.state.phase == "play":
            legal = hand.state.legal_plays()
            refused = [c for c in hand.state.hands[0] if c not in legal]
            if refused:
                break
        _type(at, practice_code(hand))
    else:
        pytest.skip("no refused card in this deal")
    _type(at, refused[0].code)
    data = _table(at)
    assert data["feedback"]["tone"] == "error"
    verdict = hand.state.explain(refused[0])
    assert data["feedback"]["html"] == safe_html(verdict.message)
    forcing = {c.code for c in verdict.forcing if c in hand.state.hands[0]}
    assert forcing and {c["code"] for c in data["hand"] if c["mark"] == "forcing"} == forcing
    assert _hand(at).state is hand.state


def practice_code(hand: PracticeHand) -> str:
    from tutorial.scenarios import actions

    return actions.code(beginner.choose(hand.state))


def test_a_practice_position_saved_as_a_scenario_passes_the_checker() -> None:
    from tutorial.scenarios.checker import check_scenario
    from tutorial.scenarios.export import scenario_yaml
    from tutorial.scenarios.loader import parse_text

    hand = _until(
        practice.deal("briscola", players=2, seed=8),
        lambda h: h.state.phase == "play" and len(h.state.tricks) >= 17,
    )
    assert hand is not None and hand.learner_to_move
    text = scenario_yaml(
        hand.state, title="Practice position", seat=hand.learner, seat_names=hand.table.seat_names
    )
    checked = check_scenario(*parse_text(text, "practice.yaml"))  # raises on a problem
    assert checked.table.seat_names == hand.table.seat_names
    assert checked.table.learner == hand.learner
    assert checked.table.state.hands == hand.state.hands


def _defending_after_a_prise() -> PracticeHand:
    """A hand where a computer player takes a Prise or a Garde and the learner defends,
    at the learner's first card."""
    for seed in range(40):
        hand = practice.deal("tarot", seed=seed)
        while not hand.finished and hand.state.phase == "bidding" and hand.learner_to_move:
            hand, _ = practice.advance(practice.try_action(hand, "pass"))
        state = hand.state
        if state.contract in (tarot.Bid.PRISE, tarot.Bid.GARDE) and state.taker != 0:
            assert hand.learner_to_move and state.phase == "play"
            return hand
    raise AssertionError("no computer Prise in 40 deals")


def test_a_defender_sees_the_chien_of_a_prise_in_the_story_and_on_the_table() -> None:
    hand = _defending_after_a_prise()
    state = hand.state
    chien = [c.label for c in tarot.sort_cards(state.chien)]
    assert len(chien) == tarot.CHIEN_SIZE
    lines = practice.story(hand)
    shown = [line for line in lines if line.startswith("The chien is turned face up")]
    assert len(shown) == 1 and all(label in shown[0] for label in chien)
    # after the last bid, before the taker's face-down discards
    taker = hand.table.seat_names[state.taker]
    at = lines.index(shown[0])
    # the taker's six face-down discards told as one line
    assert lines[at + 1] == f"{taker}: puts 6 cards aside, face down"
    assert not any("discards a card" in line for line in lines)
    data = practice_table_data(hand)
    assert sorted(c["name"] for c in data["chien"]) == sorted(chien)
    assert not any(c["chien"] for c in data["hand"])  # none of them is in the learner's hand
    # once the first trick is over, the table no longer lays the chien out
    later = _until(hand, lambda h: len(h.state.tricks) >= 1)
    assert later is not None and practice_table_data(later)["chien"] == []


def test_the_chien_of_a_garde_sans_stays_unseen() -> None:
    for seed in range(80):
        hand = practice.deal("tarot", seed=seed)
        before = hand.state
        if before.phase != "bidding" or not hand.learner_to_move:
            continue
        after = before.apply(tarot.Bid.GARDE_SANS)
        assert practice.shown_chien(before, after) == []
        return
    raise AssertionError("no bid for the learner")


def test_the_bid_hint_gives_the_count_the_computer_bids_by() -> None:
    for seed in range(20):
        hand = practice.deal("tarot", seed=seed)
        if hand.state.phase == "bidding" and hand.learner_to_move:
            break
    three = practice.hint(practice.hint(practice.hint(hand)))
    text = practice.hint_text(three, 3)
    trumps, bouts, kings = tarot_analysis.tarot_count_parts(hand.state.hands[0])
    count = tarot_analysis.tarot_count(hand.state.hands[0])
    assert text.startswith(f"A computer player would choose {three.suggested[0].label} here.")
    assert f"trumps {trumps} × 1 + bouts {bouts} × 3 + Kings {kings} × 2 = {count}" in text


def test_the_discard_hint_states_the_rule_the_computer_follows() -> None:
    text = t("practice.hint_discard_suggest", cards="Q♠ and C♠")
    assert "shortest suits first" not in text
    assert "richest other cards first" in text


def test_the_pace_keeps_a_finished_trick_until_continue_only_when_asked() -> None:
    from tutorial.webapp.table_component import animation_pace

    assert animation_pace()["hold_click"] == 0
    kept = animation_pace(keep_tricks=True)
    assert kept["hold_click"] == 1 and kept["card_ms"] > 0


@pytest.mark.usefixtures("_fresh_caches")
def test_the_practice_page_lists_every_finished_trick_and_offers_to_keep_them() -> None:
    at = _dealt("briscola-2", 21)
    title = "Every trick so far: who led, every card, who won and why"
    assert not [e for e in at.expander if e.label == title], "no trick finished yet"
    assert at.toggle(key="practice_keep_tricks").value is False
    at.toggle(key="practice_keep_tricks").set_value(True).run()
    assert _table(at)["pace"]["hold_click"] == 1
    assert _table(at)["resume_label"] == "Continue"
    for _ in range(3):
        _type(at, beginner.choose(_hand(at).state).code)
    hand = _hand(at)
    assert hand.state.tricks
    (box,) = [e for e in at.expander if e.label == title]
    text = box.table[0].value.to_csv()
    first = hand.state.tricks[0]
    assert all(p.card.label in text for p in first.plays)
    assert "Led by" in text and "Why" in text


@pytest.mark.usefixtures("_fresh_caches")
@pytest.mark.parametrize("variant", ["tarot-4", "belote-4"])
def test_the_last_hint_at_a_bid_shows_what_each_bid_is_worth(variant: str) -> None:
    """At a bid, the third hint draws each open bid's expected score over deals like the
    learner's, with the same figures in words."""
    for seed in range(30):
        at = _dealt(variant, seed)
        if _hand(at).state.phase == "bidding" and _hand(at).learner_to_move:
            break
    else:  # pragma: no cover
        pytest.fail("no deal left the learner a bid")
    for _ in range(3):
        at.button(key="practice_hint").click().run()
        assert not at.exception, [e.value for e in at.exception]
    charts = [c for c in at.get("plotly_chart") if "practice_bid_chart" in c.proto.id]
    assert len(charts) == 1
    words = " ".join(c.value for c in at.caption)
    assert "deals like yours" in words and "The best here:" in words
    bids = {str(b) for b in _hand(at).state.legal_actions()}
    spec = json.loads(charts[0].proto.spec)
    assert len(spec["data"][0]["x"]) == len(bids)


@pytest.mark.usefixtures("_fresh_caches")
def test_the_last_hint_at_the_discard_weighs_the_discards() -> None:
    """As taker at the Tarot discard, the third hint draws the computer's discard and two
    habits' (shortest suits first, lowest cards), each with its expected score."""
    for seed in range(40):
        at = _dealt("tarot-4", seed)
        hand = _hand(at)
        if hand.state.phase == "bidding" and hand.learner_to_move:
            _type(at, "prise")
            if _hand(at).state.phase == "discard" and _hand(at).learner_to_move:
                break
    else:  # pragma: no cover
        pytest.fail("no deal let the learner take")
    for _ in range(3):
        at.button(key="practice_hint").click().run()
        assert not at.exception, [e.value for e in at.exception]
    charts = [c for c in at.get("plotly_chart") if "practice_discard_chart" in c.proto.id]
    assert len(charts) == 1
    words = " ".join(c.value for c in at.caption)
    assert "the computer's" in words and "of the defenders' cards" in words


# --- The review of every card, in the background ------------------------------------------


class HeldExecutor:
    """An executor whose jobs wait until ``run_all`` (the worker still busy)."""

    def __init__(self) -> None:
        self.jobs: list[tuple[Future[Any], Any, tuple[Any, ...], dict[str, Any]]] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.jobs.append((future, fn, args, kwargs))
        return future

    def run_all(self) -> None:
        for future, fn, args, kwargs in self.jobs:
            if not future.done():
                future.set_result(fn(*args, **kwargs))


def _played_out(game: str, players: int | None = None, first_seed: int = 0) -> PracticeHand:
    """A hand dealt from the first seed from ``first_seed`` on that is played out."""
    for seed in range(first_seed, first_seed + 40):
        hand = practice.deal(game, players=players, seed=seed)
        end = _finish(hand)
        if end.played_out:
            return hand
    raise AssertionError("no hand played out")


@pytest.mark.parametrize(
    ("game", "players", "cards"),
    [("tarot", 4, 18), ("belote", 4, 8), ("briscola", 2, 20), ("briscola", 4, 10)],
)
def test_every_decision_is_queued_for_review_as_it_is_made(
    game: str, players: int, cards: int
) -> None:
    hand = _played_out(game, players)
    executor = InlineExecutor()
    worker = ReviewWorker(executor)
    played = decided = 0
    while not hand.finished:
        hand = practice.try_action(hand, beginner.choose(hand.state))
        last = hand.moves[-1]
        if isinstance(last.action, Card) and last.before.phase == "play":
            played += 1
        elif last.before.phase == "bidding":
            decided += 1
        if last.before.phase == "discard" and hand.state.phase != "discard":
            decided += 1  # the whole discard, once its six cards are laid
        # "Could I have won?", from each trick's start, once the hand is over
        could = len(hand.state.tricks) if hand.finished and hand.played_out else 0
        # as the page does after each of the learner's actions: the decision just made
        expected = played + decided + could - executor.submitted
        assert practice.queue_review(hand, worker) == expected
        assert executor.submitted == played + decided + could  # queued as made, one at a time
        hand, _ = practice.advance(hand)
    assert played == cards
    progress = practice.review_progress(hand, worker)
    assert executor.submitted == cards + decided + len(hand.state.tricks)  # nothing more
    assert len(progress.best_from) == len(hand.state.tricks) and not progress.best_pending
    assert progress.complete and progress.total == cards and len(progress.cards) == cards
    assert len(progress.reviews) == cards + decided
    for r in progress.cards:
        verdict, *reasons = r.sentences()
        assert verdict.startswith(f"Trick {r.trick}: {r.played.label}")
        if r.costly:  # one figure, a reason
            assert re.search(r"cost (about )?\d+(\.5)? points?", verdict) and len(reasons) == 1
        assert r.lost >= 0
    for r in progress.reviews:
        if not isinstance(r, CardReview):  # a bid or the discard: its verdict, its fact
            assert r.sentences()[0].startswith(("Your bid", "Your discard"))
    # the same verdicts as the review worked out at once
    at_once = practice.review(hand)
    assert [(r.move, r.verdict, r.lost, r.better) for r in at_once] == [
        (r.move, r.verdict, r.lost, r.better) for r in progress.cards
    ]


def test_the_review_in_progress_counts_the_cards_still_being_worked_out() -> None:
    hand = _played_out("belote", 4)
    held = HeldExecutor()
    worker = ReviewWorker(held)  # type: ignore[arg-type]
    hand = _finish(hand)
    progress = practice.review_progress(hand, worker)  # queues what was never queued
    assert (progress.pending, progress.total, progress.reviews) == (8, 8, ())
    held.run_all()
    progress = practice.review_progress(hand, worker)
    assert progress.complete and len(progress.reviews) == 8
    worker.forget(hand.hand_id)
    assert not worker.queued(hand.hand_id)


def _played_to_the_end(at: AppTest) -> PracticeHand:
    for _ in range(80):
        hand = _hand(at)
        if hand.finished:
            return hand
        _type(at, practice_code(hand))
        assert not at.exception, [e.value for e in at.exception]
    raise AssertionError("the hand did not end")


def _belote_dealt_to_be_played() -> AppTest:
    seed = _played_out("belote", 4).seed
    return _dealt("belote-4", seed)


@pytest.mark.usefixtures("_fresh_caches")
def test_the_page_shows_the_verdict_of_every_card_once_the_worker_is_done(
    _inline_review: ReviewWorker,
) -> None:
    at = _belote_dealt_to_be_played()
    hand = _played_to_the_end(at)
    assert hand.played_out
    assert _inline_review.queued(hand.hand_id)  # queued card by card, as they were played
    assert not [i for i in at.info if "still being worked out" in i.value]
    (box,) = [e for e in at.expander if e.label == "Every card you played"]
    lines = [m.value for m in box.markdown]
    assert len(lines) == 8  # one per card: its verdict, then its reasons
    reviews = {r.trick: r for r in practice.review(hand)}
    for text in lines:
        verdict, *reasons = text.split("  \n")
        trick = int(verdict.split(":")[0].removeprefix("Trick "))
        r = reviews[trick]
        if r.costly or r.verdict == "unlucky":
            assert len(reasons) == 1 and "seat " not in reasons[0]
        else:
            assert "as good as the best card" in verdict and not reasons
    costly = [w.body for w in at.warning]
    assert len(costly) == len(practice.costliest(list(reviews.values())))
    assert not [b for b in at.button if b.key == "practice_review_refresh"]


@pytest.mark.usefixtures("_fresh_caches")
def test_the_page_says_how_many_cards_are_still_being_worked_out() -> None:
    held = HeldExecutor()
    review_worker.install(ReviewWorker(held))  # type: ignore[arg-type]
    at = _belote_dealt_to_be_played()
    _played_to_the_end(at)
    # every card queued as it was played, none done, and "Could I have won?" from each
    # of the 8 tricks
    assert len(held.jobs) == 8 + 8
    (note,) = [i.value for i in at.info if "still being worked out" in i.value]
    assert note == "8 of 8 cards are still being worked out."
    held.run_all()
    at.button(key="practice_review_refresh").click().run()
    assert not [i for i in at.info if "still being worked out" in i.value]
    (box,) = [e for e in at.expander if e.label == "Every card you played"]
    assert len(box.markdown) == 8


# --- A deal by its link --------------------------------------------------------------------


def test_a_deal_query_names_its_hand_and_reads_back() -> None:
    hand = practice.deal("briscola", players=4, ruleset="default", level="strong", seed=77)
    query = practice.deal_query(hand)
    assert query == {
        "deal": "77",
        "game": "briscola",
        "players": "4",
        "rules": "default",
        "level": "strong",
    }
    link = practice.parse_deal_query(query)
    assert link is not None and link.names(hand)
    again = link.deal()
    assert again.state.hands == hand.state.hands and again.hand_id != hand.hand_id
    # only the deal number is needed: the first game, its usual table, default rules
    short = practice.parse_deal_query({"deal": " 5 "})
    assert short == practice.DealLink("belote", 4, "default", "beginner", 5)
    assert practice.parse_deal_query({"game": "tarot"}) is None  # no deal named


@pytest.mark.parametrize(
    ("params", "words"),
    [
        ({"deal": "abc"}, "the deal number must be a whole number of at most 12 digits, not “abc”"),
        ({"deal": "²"}, "not “²”"),
        ({"deal": "-3"}, "not “-3”"),
        ({"deal": "1" * 13}, "at most 12 digits"),
        ({"deal": ""}, "not “”"),
        ({"deal": "1", "game": "poker"}, "there is no game “poker” here; the games are Belote"),
        ({"deal": "1", "game": "tarot", "players": "3"}, "French Tarot is not played by “3”"),
        ({"deal": "1", "game": "belote", "rules": "nope"}, "Belote has no rules called “nope”"),
        ({"deal": "1", "level": "god"}, "must be beginner or strong, not “god”"),
        ({"deal": "1", "game": "x" * 200}, "“" + "x" * 30 + "…”"),
    ],
)
def test_a_deal_link_that_names_no_deal_says_why(params: dict[str, str], words: str) -> None:
    with pytest.raises(practice.DealLinkError) as err:
        practice.parse_deal_query(params)
    assert words in str(err.value)
    assert not INTERNAL.search(str(err.value))


# --- Playing a deal again ------------------------------------------------------------------


def _learner_actions(hand: PracticeHand) -> list[Any]:
    return [m.action for m in hand.learner_moves()]


def _same_cards(hand: PracticeHand, first: PracticeHand) -> PracticeHand:
    """Play on with the learner's actions of ``first`` (from where ``hand`` is)."""
    while not hand.finished:
        assert hand.learner_to_move
        hand = practice.try_action(hand, first.moves[len(hand.moves)].action)
        assert hand.refusal is None
        hand, _ = practice.advance(hand)
    return hand


@pytest.mark.parametrize(("game", "players"), practice.VARIANTS)
def test_the_beginners_play_the_same_from_the_seed_and_the_move_count(
    game: str, players: int
) -> None:
    """The same deal and the same learner actions, dealt afresh (no recorded actions):
    every computer action comes out the same."""
    first = _finish(practice.deal(game, players=players, seed=4))
    fresh = practice.deal(game, players=players, seed=4)
    assert not fresh.script
    again = _same_cards(fresh, first)
    assert [m.action for m in again.moves] == [m.action for m in first.moves]
    assert again.state.outcome().totals == first.state.outcome().totals


@pytest.mark.parametrize(("game", "players"), practice.VARIANTS)
def test_a_replay_from_any_trick_with_the_same_cards_is_the_same_hand(
    game: str, players: int
) -> None:
    first = _played_out(game, players)
    first = _finish(first)
    starts = practice.replay_tricks(first)
    assert starts[0] == 0 and starts[-1] == len(first.state.tricks)
    for trick in (0, 3, starts[-1]):
        again = practice.replay(first, trick)
        assert again.learner_to_move and again.replay_of is not None
        assert again.replay_from == trick and again.hand_id != first.hand_id
        assert again.state.hands[0] == first.moves[len(again.moves)].before.hands[0]
        # the moves so far are the first hand's, up to the learner's turn in that trick
        assert [m.action for m in again.moves] == [m.action for m in first.moves][
            : len(again.moves)
        ]
        if trick:
            assert len(again.state.tricks) == trick - 1
            assert len(again.moves) >= practice.replay_start(first, trick)
        else:
            assert all(m.seat != again.learner for m in again.moves)
        end = _same_cards(again, first)
        assert [m.action for m in end.moves] == [m.action for m in first.moves]
        assert end.state.outcome().totals == first.state.outcome().totals
        assert end.on_script


def test_a_replay_takes_the_recorded_actions_until_the_learner_plays_differently(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = _finish(_played_out("belote", 4))
    calls: list[int] = []

    def counted(state: Any, level: str, rng: Any) -> Any:
        calls.append(1)
        return beginner.choose(state)

    from tutorial.analysis import player

    monkeypatch.setattr(player, "choose", counted)
    again = practice.replay(first, 3)
    assert not calls  # every computer action so far is the recorded one
    # a different legal card: from then on the computer players choose afresh
    played = first.moves[len(again.moves)].action
    other = next((c for c in again.state.legal_plays() if c != played), None)
    if other is None:  # pragma: no cover - a forced card: the same hand
        pytest.skip("the learner's card in trick 3 was forced")
    moved = practice.try_action(again, other)
    assert not moved.on_script
    practice.advance(moved)
    assert calls


def test_a_replay_of_a_replay_compares_with_the_last_one_only() -> None:
    first = _finish(_played_out("briscola", 2))
    second = _same_cards(practice.replay(first, 2), first)
    third = practice.replay(second, 0)
    assert third.replay_of is not None and third.replay_of.hand_id == second.hand_id
    assert third.replay_of.replay_of is None  # the chain does not grow


def test_replay_starts_and_refusals() -> None:
    briscola = _finish(practice.deal("briscola", players=2, seed=3))
    assert practice.replay_tricks(briscola) == [0, *range(2, 21)]  # trick 1 is the deal
    belote = _finish(_played_out("belote", 4))
    assert practice.replay_tricks(belote)[:2] == [0, 1]  # trick 1 comes after the bids
    with pytest.raises(ValueError, match="no trick 9"):
        practice.replay(belote, 9)
    with pytest.raises(ValueError, match="finished"):
        practice.replay(practice.deal("belote", seed=1), 0)


def test_both_results_side_by_side_with_the_review_of_each() -> None:
    from tutorial.pictures.replay_compare import compared, learner_result, side_points

    worker = ReviewWorker(InlineExecutor())
    first = _finish(_played_out("belote", 4))
    again = practice.replay(first, 3)
    # the learner now plays the computer's strongest habit from trick 3 on
    again = _finish(again)
    left, right = compared(
        again,
        practice.review_progress(again.replay_of, worker),  # type: ignore[arg-type]
        practice.review_progress(again, worker),
    )
    assert (left.heading, right.heading) == ("The first time", "Played again from trick 3")
    for column, hand in ((left, first), (right, again)):
        totals = list(hand.state.outcome().totals.values())
        assert [p for _, p in column.scores] == [float(v) for v in totals]
        assert [s for s, _ in column.scores] == ["You & Partner", "Right & Left"]
        assert column.result.startswith("Contract ")
        won = learner_result(hand)
        assert column.verdict == {1: "Your side won this hand.", -1: "Your side lost this hand.",
                                  0: "Neither side won this hand."}[won]  # fmt: skip
        assert column.review.startswith("Your 8 cards, reviewed:") and column.pending == 0
        assert not INTERNAL.search(" ".join([column.result, column.review, *column.costliest]))
    assert side_points(first) == left.scores
    with pytest.raises(ValueError, match="replays no"):
        compared(
            first, practice.review_progress(first, worker), practice.review_progress(first, worker)
        )


# --- The deal link and the replay on the page ---------------------------------------------


def _linked(**params: str) -> AppTest:
    at = open_app("practice")
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.usefixtures("_fresh_caches")
def test_a_deal_link_opens_that_deal_and_the_page_links_to_it() -> None:
    at = _linked(deal="2", game="tarot")
    hand = _hand(at)
    expected = practice.deal("tarot", seed=2)
    assert (hand.game, hand.seed, hand.level) == ("tarot", 2, "beginner")
    assert hand.state.hands == expected.state.hands
    assert at.selectbox(key="practice_variant").value == "tarot-4"
    links = [m.value for m in at.markdown if "Link to this deal" in m.value]
    assert links == [
        ":material/link: [Link to this deal]"
        "(?deal=2&game=tarot&players=4&rules=default&level=beginner)"
    ]
    # a rerun of the same link keeps the hand being played
    _type(at, "pass")
    moved = _hand(at)
    assert len(moved.moves) > len(hand.moves)
    at.run()
    assert _hand(at) is moved
    # a link that names no deal: the reason, the hand on show stays, the page works
    at.query_params["deal"] = "12x"
    at.run()
    assert not at.exception
    (error,) = [e.value for e in at.error]
    assert error.startswith("This deal link cannot be opened: the deal number must be")
    assert _hand(at) is moved
    assert at.query_params["deal"] == "2"  # the address names the deal on show again
    at.query_params["game"] = "chess"
    at.query_params["deal"] = "9"
    at.run()
    assert not at.exception and "no game “chess” here" in at.error[0].value
    _type(at, practice_code(_hand(at)))  # the next move: the message has been read
    assert not at.error


@pytest.mark.usefixtures("_fresh_caches")
def test_a_bad_deal_link_on_a_fresh_page_leaves_the_deal_to_the_learner() -> None:
    at = _linked(deal="1", game="belote", level="expert")
    assert "practice_hand" not in at.session_state
    assert "the other players' level must be beginner or strong" in at.error[0].value
    assert at.button(key="practice_deal")


@pytest.mark.usefixtures("_fresh_caches")
def test_the_page_replays_a_finished_hand_from_trick_3_and_sets_both_results_side_by_side() -> None:
    at = _belote_dealt_to_be_played()
    first = _played_to_the_end(at)
    assert first.played_out
    choice = f"practice_replay_from_{first.hand_id}"
    box = at.selectbox(key=choice)
    assert box.options[:2] == ["The deal", "Trick 1"] and "Trick 8" in box.options
    box.set_value(3)
    at.button(key="practice_replay").click().run()
    assert not at.exception, [e.value for e in at.exception]
    again = _hand(at)
    assert again.replay_from == 3 and len(again.state.tricks) == 2 and again.learner_to_move
    news = _table(at)["feedback"]
    assert news["tone"] == "info" and news["html"].startswith("The same deal again, from trick 3")
    assert at.query_params["deal"] == str(first.seed)  # the same deal's link
    assert "Both results side by side" not in [h.value for h in at.header]
    end = _played_to_the_end(at)
    assert end.replay_of is not None and end.replay_of.hand_id == first.hand_id
    assert "Both results side by side" in [h.value for h in at.header]
    texts = [m.value for m in at.markdown]
    assert "**The first time**" in texts and "**Played again from trick 3**" in texts
    points = [x for x in texts if x.startswith("- You & Partner: ")]
    assert len(points) == 2  # one per result
    assert len([x for x in texts if x.startswith("Your 8 cards, reviewed:")]) >= 2
    assert not [
        x for x in texts if INTERNAL.search(x) and "material" not in x and "<style>" not in x
    ]


# --- The hand's part of the page, redrawn alone ----------------------------------------------


def test_what_the_page_draws_around_the_hand_changes_with_a_new_deal_only() -> None:
    from tutorial.webapp.pages.practice import around

    hand = _played_out("belote", 4)
    drawn = around(hand, None)
    played = practice.advance(practice.try_action(hand, beginner.choose(hand.state)))[0]
    end = _finish(hand)
    again = practice.replay(end, 3)
    # a card, a hint, the end of the hand, the same deal again: the heading stays
    assert around(played, None) == around(practice.hint(hand), None) == drawn
    assert around(end, "") == around(again, None) == drawn
    # another deal, or the same seed at another level: the setup box, line and link change
    assert around(practice.deal("belote", seed=hand.seed + 1), None) != drawn
    assert around(practice.deal("belote", level="strong", seed=hand.seed), None) != drawn
    # a deal link's problem shown above, then read
    assert around(hand, "This deal link cannot be opened") != drawn


def _store_script() -> None:
    import streamlit as st

    from tutorial.webapp import state, store

    state.init()
    if st.session_state.get("whole", True):
        store.begin_run()
    languages = st.session_state.pop("languages", None)
    if languages is not None:
        store.receive_languages(languages)
    stored = st.session_state.pop("stored", None)
    if stored is not None:
        store.receive(stored)
    st.write(f"due={store.whole_run_due()} language={state.settings().language}")


def test_a_language_or_a_broken_store_heard_in_a_fragment_asks_for_a_whole_run() -> None:
    at = AppTest.from_function(_store_script)
    at.run()
    assert [m.value for m in at.markdown] == ["due=False language=en"]
    # a fragment's rerun (no whole run begins) hears the language the browser keeps
    at.session_state["whole"] = False
    at.session_state["languages"] = '{"chosen": "zh-Hant", "browser": ["en"]}'
    at.run()
    assert [m.value for m in at.markdown] == ["due=True language=zh-Hant"]
    at.session_state["whole"] = True  # the whole run it asked for
    at.run()
    assert [m.value for m in at.markdown] == ["due=False language=zh-Hant"]
    # the same language again changes nothing outside the fragment
    at.session_state["whole"] = False
    at.session_state["languages"] = '{"chosen": "zh-Hant", "browser": ["en"]}'
    at.session_state["stored"] = ""
    at.run()
    assert [m.value for m in at.markdown] == ["due=False language=zh-Hant"]
    # a stored value that cannot be read: its notice is drawn above the page
    at.session_state["stored"] = "not a code"
    at.run()
    assert [m.value for m in at.markdown] == ["due=True language=zh-Hant"]


@pytest.mark.usefixtures("_fresh_caches")
def test_show_me_plays_the_better_line_and_sets_the_two_lines_trick_by_trick() -> None:
    # A Briscola hand for two played to its end by the beginner's habits: some card of it
    # is costly or unlucky, and "Show me" plays its better line on the table.
    for seed in range(40):
        at = _dealt("briscola-2", seed)
        hand = _played_to_the_end(at)
        showable = [r for r in practice.review(hand) if isinstance(r, CardReview) and r.line_better]
        if showable:
            break
    else:  # pragma: no cover - every hand reviewed as the best
        raise AssertionError("no card to show")
    item = showable[0]
    at.button(key=f"show_me_all_{item.move}").click().run()
    assert not at.exception, [e.value for e in at.exception]
    box = at.get("image")
    assert box, "the table picture"
    captions = [m.value for m in at.markdown]
    assert any(c.startswith("Before the card:") for c in captions)
    at.button(key="show_me_next").click().run()
    assert f"Card 1 of {len(item.line_better)}: you {item.better.label}." in [
        m.value for m in at.markdown
    ]
    yours = f"With your {item.played.label}"
    (rows,) = [t_.value for t_ in at.table if yours in t_.value.columns]  # trick by trick
    assert len(rows) == len(hand.state.tricks) - item.trick + 1
    assert list(rows.columns) == [
        "Trick",
        f"With your {item.played.label}",
        f"With the {item.better.label}",
    ]
    # the other line plays from its start
    at.segmented_control(key=f"show_me_line_{hand.hand_id}_{item.move}").set_value("yours").run()
    assert any(m.value.startswith("Before the card:") for m in at.markdown)
    at.button(key="show_me_close").click().run()
    assert not at.get("image")
    texts = "\n".join(m.value for m in at.markdown)
    assert not re.search(r"\bseat \d|\bteam ?\d", texts)


@pytest.mark.usefixtures("_fresh_caches")
def test_could_i_have_won_gives_the_best_score_from_each_trick() -> None:
    at = _belote_dealt_to_be_played()
    hand = _played_to_the_end(at)
    (box,) = [e for e in at.expander if e.label == "Could I have won?"]
    rows = box.table[0].value
    assert len(rows) == len(hand.state.tricks)
    assert list(rows.iloc[:, 0]) == [f"Trick {k}" for k in range(1, len(hand.state.tricks) + 1)]
    # the last trick has nothing left to choose: its best is the score the side made
    from tutorial.analysis.bid_advice import seat_score

    scored = seat_score(hand.state, hand.state.outcome(), hand.learner)
    assert rows.iloc[-1, 1] in (f"{scored:g} points", f"{scored:g} point")


def test_the_words_before_a_deal_name_the_bidding_only_where_the_game_has_one() -> None:
    """Briscola has no bidding: its practice page and the Score explainer say "from the
    deal to the score" (they said "from the bidding" and that its players "bid"), and the
    Score explainer no longer promises a "step by step" it has no control for."""
    at = open_app("practice")
    at.selectbox(key="practice_variant").set_value("briscola-2").run()
    assert not at.exception
    words = " ".join(m.value for m in at.markdown)
    assert "from the deal to the score" in words and "bidding" not in words
    at.selectbox(key="practice_variant").set_value("tarot-4").run()
    assert "from the bidding to the score" in " ".join(m.value for m in at.markdown)
    at = open_app("score")
    at.selectbox(key="score_game").set_value("briscola").run()
    assert not at.exception
    words = " ".join(m.value for m in at.markdown)
    assert "from the deal to the score" in words
    assert " bid" not in words and "step by step" not in words
    at.selectbox(key="score_game").set_value("belote").run()
    words = " ".join(m.value for m in at.markdown)
    assert "bid and play it" in words and "step by step" not in words


# --- practising the bidding ------------------------------------------------------------------


def test_most_plain_belote_deals_let_another_seat_bid_first() -> None:
    """Why bidding needs a choice of its own: a plain deal turns the dealer with the seed,
    so in three deals of four another seat bids before the learner."""
    before = [bool(practice.deal("belote", seed=s).moves) for s in range(8)]
    assert sum(before) == 6


@pytest.mark.parametrize("game", ["belote", "tarot"])
def test_a_hand_to_practise_bidding_is_an_early_bid_worth_thinking_about(game: str) -> None:
    for seed in (0, 100):
        hand = practice.deal_to_bid(game, seed=seed)
        assert hand.learner_to_move and hand.state.phase == "bidding"
        assert len(hand.moves) <= 1 and all(m.seat != hand.learner for m in hand.moves)
        assert practice.bid_worth_thinking(hand)
        assert practice.deal(game, seed=hand.seed).state == hand.state  # its link deals it


@pytest.mark.parametrize(("game", "seed"), [("belote", 15), ("tarot", 3)])
def test_a_clear_pass_or_a_late_bid_is_not_what_bidding_practice_deals(
    game: str, seed: int
) -> None:
    from tutorial.analysis.bid_advice import advise_bid
    from tutorial.engine.games import game_info

    hand = practice.deal(game, seed=seed)  # the learner bids first, with a weak hand
    assert hand.learner_to_move and not hand.moves
    advice = advise_bid([hand.state], [])
    assert game_info(game).is_pass(advice.best.action)  # passing is best, and clearly
    assert not practice.bid_worth_thinking(hand)
    late = next(h for s in range(8) if len((h := practice.deal(game, seed=s)).moves) >= 2)
    assert not practice.bid_worth_thinking(late)  # two seats spoke before the learner


def test_briscola_has_no_bidding_to_practise() -> None:
    assert not practice.has_bidding("briscola")
    assert practice.has_bidding("belote") and practice.has_bidding("tarot")
    assert practice.deal_to_bid("briscola", players=2, seed=5).state == (
        practice.deal("briscola", players=2, seed=5).state
    )


def test_the_practice_page_offers_bidding_practice_where_the_game_has_bids() -> None:
    at = open_app("practice")
    at.selectbox(key="practice_variant").set_value("briscola-2").run()
    assert not [w for w in at.toggle if w.key == "practice_bidding"]
    at.selectbox(key="practice_variant").set_value("belote-4").run()
    toggle = at.toggle(key="practice_bidding")
    assert toggle.label == "Practise bidding" and "first or second" in str(toggle.help)
    toggle.set_value(True).run()
    app_session(at).practice.next_seed = 0
    at.button(key="practice_deal").click().run()
    assert not at.exception, [e.value for e in at.exception]

    hand = app_session(at).practice.hand
    assert hand.learner_to_move and hand.state.phase == "bidding" and len(hand.moves) <= 1
    assert _table(at)["prompt"] == "Your turn to bid."
    assert at.query_params["deal"] == str(hand.seed)  # the link names the deal found
