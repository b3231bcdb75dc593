"""The review deck: cards from wrong answers, scheduled by FSRS on an injected clock,
stored in progress codes (version 2), merged between tabs, and the Review page."""

from __future__ import annotations

import base64
import functools
import json
import zlib
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from apptest_util import APP, HANG_GUARD, app_session
from hypothesis import given
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from tutorial.course.progress import (
    PREFIX,
    VERSION,
    Progress,
    ProgressError,
    ScenarioRecord,
    decode,
    encode,
    from_json,
    merge,
    to_json,
)
from tutorial.course.review_deck import (
    DECK_MAX,
    DeckCard,
    PracticeSource,
    QuizSource,
    Rating,
    ReviewDeck,
    ScenarioSource,
    card_key,
    clear,
    days_until_due,
    due_cards,
    due_counts,
    is_due,
    merge_decks,
    moment_of_day,
    note_wrong,
    rating_for,
    review,
    suspend,
)

DAY = datetime(2030, 3, 1, 12, tzinfo=UTC)
OVERRUFF = ScenarioSource(scenario="belote/overruff", step=1)
KEY = card_key(OVERRUFF)


def _one(now: datetime = DAY) -> ReviewDeck:
    return note_wrong(
        ReviewDeck(),
        OVERRUFF,
        "belote",
        tried="7H",
        answers=["KH"],
        reason="must_overtrump",
        now=now,
    )


# --- the model -----------------------------------------------------------------------------


def test_a_wrong_try_makes_a_card_due_the_next_day_not_today() -> None:
    deck = _one()
    card = deck.cards[KEY]
    assert (card.tried, card.answers, card.reason, card.game) == (
        "7H",
        ["KH"],
        "must_overtrump",
        "belote",
    )
    assert not is_due(card, DAY)
    assert is_due(card, DAY + timedelta(days=1))
    assert due_counts(deck, DAY + timedelta(days=1)) == {"belote": 1}


def test_answered_right_it_comes_back_later_each_time() -> None:
    deck = _one()
    now = DAY + timedelta(days=1)
    gaps = []
    for _ in range(3):
        deck = review(deck, KEY, Rating.GOOD, now)
        gap = days_until_due(deck.cards[KEY], now)
        gaps.append(gap)
        now += timedelta(days=gap)
    assert gaps[0] >= 2 and gaps == sorted(gaps) and gaps[-1] > gaps[0], gaps


def test_the_rating_follows_the_outcome() -> None:
    later = DAY + timedelta(days=1)
    after = {r: days_until_due(review(_one(), KEY, r, later).cards[KEY], later) for r in Rating}
    assert after[Rating.AGAIN] == 1
    assert after[Rating.AGAIN] <= after[Rating.HARD] < after[Rating.GOOD] < after[Rating.EASY]
    assert rating_for(False, hinted=True) is Rating.AGAIN
    assert rating_for(True, hinted=True) is Rating.HARD
    assert rating_for(True) is Rating.GOOD


def test_a_second_wrong_try_the_same_day_changes_nothing_but_a_due_card_lapses() -> None:
    deck = _one()
    assert note_wrong(deck, OVERRUFF, "belote", now=DAY + timedelta(hours=2)) == deck
    due_day = DAY + timedelta(days=1)
    lapsed = note_wrong(deck, OVERRUFF, "belote", now=due_day)
    assert lapsed.cards[KEY].reviews == 2
    assert days_until_due(lapsed.cards[KEY], due_day) == 1


def test_suspended_cards_are_never_due_and_come_back_when_resumed() -> None:
    later = DAY + timedelta(days=5)
    deck = suspend(_one(), KEY, DAY)
    assert due_cards(deck, later) == [] and deck.cards[KEY].suspended
    assert note_wrong(deck, OVERRUFF, "belote", now=later) == deck  # stays set aside
    assert len(due_cards(suspend(deck, KEY, later, suspended=False), later)) == 1


def test_due_counts_per_game_and_oldest_first() -> None:
    deck = _one()
    deck = note_wrong(deck, QuizSource(lesson="tarot/01-bouts", question=2), "tarot", now=DAY)
    deck = note_wrong(
        deck,
        ScenarioSource(scenario="belote/trump-lead", step=0),
        "belote",
        now=DAY - timedelta(days=1),
    )
    later = DAY + timedelta(days=1)
    assert due_counts(deck, later) == {"belote": 2, "tarot": 1}
    assert [k for k, _ in due_cards(deck, later, game="belote")] == [
        "scenario:belote/trump-lead:0",
        KEY,
    ]


def test_the_deck_keeps_at_most_its_size() -> None:
    deck = ReviewDeck()
    for i in range(DECK_MAX + 5):
        deck = note_wrong(deck, QuizSource(lesson="belote/a", question=i % 100), "belote", now=DAY)
        deck = note_wrong(
            deck,
            ScenarioSource(scenario="belote/s", step=i),
            "belote",
            now=DAY + timedelta(minutes=i),
        )
    assert len(deck.cards) == DECK_MAX


def test_the_clock_must_be_aware_and_a_day_parses_to_noon_utc() -> None:
    with pytest.raises(ValueError):
        note_wrong(ReviewDeck(), OVERRUFF, "belote", now=datetime(2030, 1, 1))
    assert moment_of_day("2030-01-02") == datetime(2030, 1, 2, 12, tzinfo=UTC)
    for bad in ("tomorrow", "2030-13-01", "1800-01-01"):
        with pytest.raises(ValueError):
            moment_of_day(bad)


# --- merging (two tabs, an imported code) ----------------------------------------------------


def test_the_later_review_wins_per_card() -> None:
    base = _one()
    later = DAY + timedelta(days=1)
    reviewed = review(base, KEY, Rating.GOOD, later)
    other = note_wrong(base, QuizSource(lesson="belote/a", question=0), "belote", now=DAY)
    both = merge_decks(other, reviewed)
    assert both.cards[KEY] == reviewed.cards[KEY]
    assert set(both.cards) == {KEY, "quiz:belote/a:0"}
    assert merge_decks(reviewed, other).cards[KEY] == reviewed.cards[KEY]


def test_clearing_wins_over_older_cards_but_not_newer_ones() -> None:
    cleared = clear(_one(), DAY + timedelta(hours=1))
    newer = note_wrong(
        ReviewDeck(),
        QuizSource(lesson="belote/a", question=0),
        "belote",
        now=DAY + timedelta(hours=2),
    )
    both = merge_decks(merge_decks(_one(), cleared), newer)
    assert set(both.cards) == {"quiz:belote/a:0"}
    assert both.cleared == DAY + timedelta(hours=1)


# --- progress codes ------------------------------------------------------------------------

#: A code made before the deck existed (version 1; from tests/test_classroom.py).
OLD_CODE = (
    "ATOUT1-eNqrVipOTs1LLMrML1ayqlZKKsosTs7PSdTPSSwu0S3JKEpNBQmn5OcB6ZKi0lQdpeKSxCKgWuPa2loAtAYWEQ"
)


def test_an_old_code_still_decodes_without_a_deck() -> None:
    p = decode(OLD_CODE)
    assert p.version == 1 and p.deck == ReviewDeck() and p.scenarios


def test_a_progress_with_a_deck_round_trips_as_version_2() -> None:
    p = Progress(scenarios={"belote/overruff": ScenarioRecord(mistakes=1)}).with_deck(_one())
    text = to_json(p)
    assert json.loads(text)["version"] == VERSION == 2
    assert decode(encode(p)) == p and from_json(text) == p
    assert "version" not in json.loads(to_json(Progress()))  # no deck: as version 1 wrote it


def test_a_full_deck_fits_in_a_code() -> None:
    deck = ReviewDeck()
    for i in range(DECK_MAX):
        source = ScenarioSource(scenario=f"tarot/scenario-number-{i}", step=i % 9)
        deck = note_wrong(
            deck, source, "tarot", tried="T21", answers=["T1"], reason="must_overtrump", now=DAY
        )
    code = encode(Progress().with_deck(deck))
    assert decode(code).deck == deck


def _pack(doc: object) -> str:
    raw = json.dumps(doc).encode()
    return PREFIX + base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


def _card_doc() -> dict[str, object]:
    doc: dict[str, object] = json.loads(_one().cards[KEY].model_dump_json())
    return doc


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ({"version": 1, "deck": {"cards": {KEY: _card_doc()}}}, "needs version 2"),
        ({"version": 3}, "newer version of Atout"),
        ({"version": 2, "deck": {"cards": {"scenario:x/y:0": _card_doc()}}}, "another card"),
        ({"version": 2, "deck": {"cards": {KEY: {**_card_doc(), "due": "soon"}}}}, "deck"),
        (
            {
                "version": 2,
                "deck": {"cards": {KEY: {**_card_doc(), "due": "9999-01-01T00:00:00Z"}}},
            },
            "2200",
        ),
        ({"version": 2, "deck": {"cards": {KEY: {**_card_doc(), "stability": "NaN"}}}}, "deck"),
        (
            {"version": 2, "deck": {"cards": {KEY: {**_card_doc(), "source": {"step": 1}}}}},
            "deck",
        ),
        (
            {"version": 2, "deck": {"cards": {KEY: {**_card_doc(), "due": "2030-01-01T00:00:00"}}}},
            "time zone",
        ),
        ({"version": 2, "deck": {"cards": {KEY: {**_card_doc(), "hearts": 3}}}}, "Extra"),
        ({"version": 0}, "version"),
    ],
)
def test_bad_deck_data_ends_in_a_progress_error(doc: object, message: str) -> None:
    with pytest.raises(ProgressError, match=message):
        decode(_pack(doc))


def test_merge_of_progresses_merges_their_decks() -> None:
    a = Progress().with_deck(_one())
    b = Progress().with_deck(review(_one(), KEY, Rating.GOOD, DAY + timedelta(days=1)))
    both = merge(a, b)
    assert both.version == 2 and both.deck.cards[KEY].reviews == 2
    assert merge(Progress(), Progress()).version == 1


_DECK_KEYS = st.sampled_from(["cards", "cleared", KEY, "source", "due", "kind", "step", "x"])
_DECK_VALUES = st.one_of(
    st.none(), st.integers(-5, 5), st.floats(allow_nan=True), st.text(max_size=12), st.booleans()
)


@given(
    st.recursive(_DECK_VALUES, lambda c: st.dictionaries(_DECK_KEYS, c, max_size=4), max_leaves=12)
)
def test_any_deck_data_either_decodes_or_is_refused(deck: object) -> None:
    try:
        p = decode(_pack({"version": 2, "deck": deck}))
    except ProgressError as e:
        assert str(e)
    else:
        assert isinstance(p.deck, ReviewDeck)


def test_practice_cards_keep_the_deal_to_rebuild_the_position() -> None:
    source = PracticeSource(ruleset="default", seed=12, moves=["pass", "take H", "9H"], trick=1)
    deck = note_wrong(ReviewDeck(), source, "belote", tried="9H", lost=14, now=DAY)
    key = card_key(source, "belote")
    assert key == "practice:belote:default:12:3"
    assert decode(encode(Progress().with_deck(deck))).deck.cards[key].source == source


# --- the app's session and the Review page -----------------------------------------------


def _seeded(at: AppTest, deck: ReviewDeck, today: str) -> AppTest:

    app_session(at).deck = deck
    app_session(at).review.today = moment_of_day(today)
    return at


def test_the_review_page_shows_nothing_due_on_the_day_of_the_mistake(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("ATOUT_TEST_CLOCK", "1")
    at = _seeded(
        AppTest.from_file("../tutorial/screens/review.py", default_timeout=HANG_GUARD),
        _one(),
        "2030-03-01",
    )
    at.run()
    assert not at.exception
    assert any("Nothing to review today" in i.value for i in at.info)


def test_a_quiz_card_is_asked_again_and_rescheduled(monkeypatch: pytest.MonkeyPatch) -> None:

    monkeypatch.setenv("ATOUT_TEST_CLOCK", "1")
    source = QuizSource(lesson="belote/01-deck-and-card-values", question=0)
    deck = note_wrong(ReviewDeck(), source, "belote", answers=["x"], now=DAY)
    at = _seeded(
        AppTest.from_file("../tutorial/screens/review.py", default_timeout=HANG_GUARD),
        deck,
        "2030-03-02",
    )
    at.run()
    assert not at.exception
    key = card_key(source)
    from tutorial.course.lessons import load_lessons

    lesson = next(le for le in load_lessons("en") if le.id == source.lesson)
    question = lesson.model.quiz[0]
    at.radio(key=f"review_quiz_{key}").set_value(str(question.answer)).run()
    at.button(key=f"review_check_{''.join(c if c.isalnum() else '_' for c in key)}").click().run()
    assert not at.exception
    card = app_session(at).deck.cards[key]
    assert card.reviews == 2 and days_until_due(card, moment_of_day("2030-03-02")) >= 2
    assert any("comes back in" in s.value for s in at.success)
    assert any("Nothing to review today" in i.value for i in at.info)


def test_a_scenario_card_opens_its_step_at_the_table_and_is_rated_there(
    monkeypatch: pytest.MonkeyPatch,
) -> None:

    monkeypatch.setenv("ATOUT_TEST_CLOCK", "1")
    at = _seeded(
        AppTest.from_file("../tutorial/screens/review.py", default_timeout=HANG_GUARD),
        _one(),
        "2030-03-02",
    )
    at.run()
    assert not at.exception
    play = f"review_play_{''.join(c if c.isalnum() else '_' for c in KEY)}"
    assert at.button(key=play).label == "Play it at the table"
    assert any("Last time you tried 7♥" in c.value for c in at.caption)
    at.button(key=play).click().run()
    assert app_session(at).review.open == KEY


def test_suspend_and_clear_buttons(monkeypatch: pytest.MonkeyPatch) -> None:

    monkeypatch.setenv("ATOUT_TEST_CLOCK", "1")
    at = _seeded(
        AppTest.from_file("../tutorial/screens/review.py", default_timeout=HANG_GUARD),
        _one(),
        "2030-03-02",
    )
    at.run()
    safe = "".join(c if c.isalnum() else "_" for c in KEY)
    at.button(key=f"review_suspend_{safe}").click().run()
    assert app_session(at).deck.cards[KEY].suspended
    assert any("Nothing to review today" in i.value for i in at.info)
    at.button(key=f"review_resume_{safe}").click().run()
    assert not app_session(at).deck.cards[KEY].suspended
    at.checkbox(key="review_clear_sure").check().run()
    at.button(key="review_clear").click().run()
    assert app_session(at).deck.cards == {}
    assert any("empty" in s.value for s in at.success)


def test_the_home_page_shows_review_due_beside_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ATOUT_TEST_CLOCK", "1")
    at = _seeded(AppTest.from_file(APP, default_timeout=HANG_GUARD), _one(), "2030-03-02")
    at.run()
    assert not at.exception
    links = [e.proto.label for e in at.get("page_link")]
    assert "Review: 1 due" in links
    assert sum("Review:" in label for label in links) == 1  # beside Belote only


def test_without_the_test_clock_a_today_parameter_is_ignored(
    monkeypatch: pytest.MonkeyPatch,
) -> None:

    monkeypatch.delenv("ATOUT_TEST_CLOCK", raising=False)
    at = AppTest.from_file("../tutorial/screens/review.py", default_timeout=HANG_GUARD)
    at.query_params["today"] = "2031-01-01"
    at.run()
    assert app_session(at).review.today is None


def _practice_script() -> None:
    from types import SimpleNamespace

    import streamlit as st

    from tutorial.course import practice
    from tutorial.webapp import state

    hand = practice.deal("belote", seed=5)
    while not hand.finished and len(hand.moves) < 12:
        legal = hand.state.legal_actions()
        hand = practice.try_action(hand, legal[0]) if hand.learner_to_move else hand
        if not hand.learner_to_move:
            hand = practice.advance(hand)[0]
    picked = [i for i, m in enumerate(hand.moves) if m.seat == hand.learner][:2]
    reviews = [
        SimpleNamespace(move=picked[0], trick=1, lost=25.0, played=hand.moves[picked[0]].action),
        SimpleNamespace(move=picked[1], trick=2, lost=3.0, played=hand.moves[picked[1]].action),
    ]
    st.session_state["hand_for_test"] = hand
    st.session_state["picked_for_test"] = picked
    state.practice_costly(hand, reviews)
    state.practice_costly(hand, reviews)  # the page redraws: nothing changes


def test_a_costly_practice_card_goes_in_the_deck_with_what_rebuilds_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tutorial.course import practice
    from tutorial.scenarios import actions

    monkeypatch.setenv("ATOUT_TEST_CLOCK", "1")
    at = AppTest.from_function(_practice_script, default_timeout=HANG_GUARD)
    app_session(at).review.today = DAY
    at.run()
    assert not at.exception
    cards = app_session(at).deck.cards
    assert len(cards) == 1  # only the card that cost at least COSTLY points
    (card,) = cards.values()
    hand = at.session_state["hand_for_test"]
    move = at.session_state["picked_for_test"][0]
    assert isinstance(card.source, PracticeSource) and card.lost == 25
    # The deal and the moves rebuild the position exactly.
    source = card.source
    start = practice.deal("belote", source.ruleset, players=source.players, seed=source.seed)
    position = start.moves[0].before if start.moves else start.state
    for code in source.moves:
        position = position.apply(actions.parse(position, code))
    assert position == hand.moves[move].before


def _safe(key: str) -> str:
    return "".join(c if c.isalnum() else "_" for c in key)


def test_a_practice_card_that_no_longer_rebuilds_is_read_again_instead(
    monkeypatch: pytest.MonkeyPatch,
) -> None:

    monkeypatch.setenv("ATOUT_TEST_CLOCK", "1")
    # After the learner's pass the next seat bids: not the learner's card to play.
    source = PracticeSource(ruleset="default", seed=3, moves=["pass"], trick=1)
    deck = note_wrong(ReviewDeck(), source, "belote", tried="9H", lost=12, now=DAY)
    at = _seeded(
        AppTest.from_file("../tutorial/screens/review.py", default_timeout=HANG_GUARD),
        deck,
        "2030-03-02",
    )
    at.run()
    assert any("You played 9♥ here, and it cost 12 points." in c.value for c in at.caption)
    key = card_key(source, "belote")
    at.button(key=f"review_practice_{_safe(key)}").click().run()
    assert not at.exception
    assert any("cannot be dealt again" in m.value for m in at.markdown)
    at.button(key=f"review_seen_{_safe(key)}").click().run()
    assert not at.exception
    assert app_session(at).deck.cards[key].reviews == 2
    assert any(s.value.startswith("It comes back in") for s in at.success)


def _scenario_script() -> None:
    import streamlit as st

    from tutorial.course.recorder import Move
    from tutorial.course.review_deck import moment_of_day
    from tutorial.scenarios.runtime import goto, start
    from tutorial.webapp import common, state

    checked = common.library().get("belote/overruff")
    assert checked is not None
    state.session().review.today = moment_of_day(st.session_state["day"])
    run = goto(start(checked.scenario, checked.table), st.session_state["step"])
    if st.session_state.get("review"):
        state.session().set_review_open(st.session_state["review"])
    hinted = bool(st.session_state.get("hinted"))
    for code in st.session_state["tries"]:
        after, fb = run.try_action(code)
        state.keep_move(Move("belote/overruff", run, after, fb, code, hinted=hinted))


def _scenario_app(
    day: str, tries: list[str], deck: ReviewDeck | None = None, **extra: object
) -> AppTest:

    monkeypatch = pytest.MonkeyPatch()
    monkeypatch.setenv("ATOUT_TEST_CLOCK", "1")
    at = AppTest.from_function(_scenario_script, default_timeout=HANG_GUARD)
    at.session_state["day"] = day
    at.session_state["step"] = 2
    at.session_state["tries"] = tries
    if deck is not None:
        app_session(at).deck = deck
    for k, v in extra.items():
        at.session_state[k] = v
    at.run()
    monkeypatch.undo()
    assert not at.exception
    return at


def test_a_refused_card_at_a_step_becomes_a_card_with_the_answer_and_the_reason() -> None:

    at = _scenario_app("2030-03-01", ["8H", "QD"])
    deck = app_session(at).deck
    key = card_key(ScenarioSource(scenario="belote/overruff", step=2))
    assert list(deck.cards) == [key]
    card = deck.cards[key]
    assert (card.tried, card.answers, card.reason) == ("8H", ["9H"], "must_overtrump")
    assert card.reviews == 1  # the second wrong try the same day changed nothing


@pytest.mark.parametrize(
    ("tries", "hinted", "rating"),
    [
        (["9H"], False, Rating.GOOD),
        (["9H"], True, Rating.HARD),
        (["8H", "9H"], False, Rating.AGAIN),
    ],
)
def test_the_card_under_review_is_rated_by_the_first_move_at_its_step(
    tries: list[str], hinted: bool, rating: Rating
) -> None:

    first = _scenario_app("2030-03-01", ["8H"])
    deck = app_session(first).deck
    key = card_key(ScenarioSource(scenario="belote/overruff", step=2))
    at = _scenario_app("2030-03-02", tries, deck, review=key, hinted=hinted)
    expected = review(deck, key, rating, moment_of_day("2030-03-02")).cards[key]
    assert app_session(at).deck.cards[key] == expected
    assert app_session(at).review.open is None
    done = app_session(at).review.done
    assert done is not None and done[1] == int(rating)


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_the_review_page_reads_in_chinese_and_shows_no_internal_names(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tutorial.language.i18n import set_language_provider
    from tutorial.webapp import state

    set_language_provider(state.session_language)  # what the app's router does
    monkeypatch.setenv("ATOUT_TEST_CLOCK", "1")
    screen = AppTest.from_file("../tutorial/screens/review.py", default_timeout=HANG_GUARD)
    at = _seeded(screen, _one(), "2030-03-02")
    app_session(at).settings = state.Settings(language=lang)
    at.run()
    assert not at.exception
    assert at.title[0].value in ("複習你的錯誤", "复习你的错误")
    texts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    texts += [b.label for b in at.button] + [e.label for e in at.expander]
    shown = "\n".join(texts)
    assert "8♥" not in shown and "7♥" in shown  # the card as the table shows it
    for internal in ("scenario:", "belote/overruff", "must_overtrump", "review_", "None"):
        assert internal not in shown, internal


# --- practice cards played again at the table ----------------------------------------------


@functools.cache
def _practice_card() -> tuple[str, DeckCard, Any]:
    """A Belote practice card: the learner's costliest first card of deal 68 (the
    beginner's bids), with the state it was played in: a card costly beyond the noise of
    the tests' few deals, where another card of the hand must follow suit."""
    from tutorial.analysis import card_review
    from tutorial.analysis.judgement import judge
    from tutorial.course import practice
    from tutorial.scenarios import actions

    hand = practice.deal("belote", players=4, seed=68)
    while not (hand.learner_to_move and hand.state.phase == "play"):
        if hand.learner_to_move:
            hand = practice.try_action(hand, hand.state.legal_actions()[0])
        hand = practice.advance(hand)[0]
    codes = [actions.code(m.action) for m in hand.moves]
    source = PracticeSource(ruleset="default", seed=68, players=4, moves=codes, trick=1)
    judged = judge(hand.state)
    costly = max(judged.cards, key=lambda c: judged.of(c).loss)
    lost = card_review.review_card(hand.state, costly, move=len(codes)).lost
    deck = note_wrong(ReviewDeck(), source, "belote", tried=costly.code, lost=lost, now=DAY)
    key = card_key(source, "belote")
    return key, deck.cards[key], hand.state


@functools.cache
def _opened() -> Any:
    from tutorial.course import review_position

    key, card, _ = _practice_card()
    return review_position.open_try(key, card)


def test_a_practice_card_rebuilds_its_exact_position_and_its_review() -> None:
    _, card, state = _practice_card()
    attempt = _opened()
    assert attempt.hand.state == state and attempt.hand.learner_to_move
    assert attempt.position.review.played.code == card.tried
    assert round(attempt.position.review.lost, 1) == round(card.lost, 1) >= 10
    assert attempt.position.trick == 1 and not attempt.rated


def test_the_best_card_at_a_practice_card_is_right_first_time() -> None:
    from tutorial.course import review_position

    attempt = _opened()
    best = attempt.position.review.judgement.best
    after = review_position.try_card(attempt, best.code)
    assert after.first is not None and after.first.right and after.first.lost == 0
    assert "as good as the best card" in after.first.sentences()[0]
    assert review_position.rating(after) == Rating.GOOD


def test_a_costly_legal_card_at_a_practice_card_is_wrong_with_its_cost() -> None:
    from tutorial.course import review_position

    attempt = _opened()
    _, card, _ = _practice_card()
    after = review_position.try_card(attempt, card.tried)
    judged = after.first
    assert judged is not None and not judged.right and judged.lost >= 10
    verdict, reasons = judged.sentences()
    assert f"cost about {judged.lost:g} points" in verdict
    assert f"against {judged.best.label}" in verdict
    assert reasons.startswith("With every card shown")
    assert review_position.rating(after) == Rating.AGAIN
    # Another card afterwards is judged too, but the first one keeps the rating.
    again = review_position.try_card(after, judged.best.code)
    assert again.latest is not None and again.latest.right
    assert review_position.rating(again) == Rating.AGAIN


def test_an_illegal_card_at_a_practice_card_is_refused_with_the_rule_and_not_rated() -> None:
    from tutorial.course import review_position

    attempt = _opened()
    state = attempt.hand.state
    illegal = next(c for c in state.hands[0] if c not in state.legal_plays())
    after = review_position.try_card(attempt, illegal.code)
    assert after.hand.refusal is not None and after.hand.refusal.code == "must_follow_suit"
    assert "must follow" in after.hand.refusal.message
    assert not after.rated and review_position.rating(after) is None
    assert after.hand.state == state  # nothing was played
    unknown = review_position.try_card(attempt, "ZZ")
    assert unknown.hand.refusal is not None and not unknown.rated


def test_a_hint_before_the_first_card_rates_a_right_card_hard() -> None:
    from tutorial.course import practice, review_position

    attempt = review_position.ask_hint(_opened())
    assert attempt.hinted and attempt.hand.hint_tier == 1
    assert "must follow" in practice.hint_text(attempt.hand, 1)
    best = attempt.position.review.judgement.best
    assert review_position.rating(review_position.try_card(attempt, best.code)) == Rating.HARD


def test_a_practice_card_that_does_not_rebuild_says_so_in_words() -> None:
    from tutorial.course import review_position

    _, card, _ = _practice_card()
    source = card.source
    assert isinstance(source, PracticeSource)
    broken = card.model_copy(update={"source": source.model_copy(update={"moves": ["7S"]})})
    with pytest.raises(review_position.PracticeCardError, match="cannot be dealt again"):
        review_position.rebuild(broken)
    elsewhere = card.model_copy(update={"source": OVERRUFF})
    with pytest.raises(review_position.PracticeCardError):
        review_position.rebuild(elsewhere)


def _review_table(at: AppTest) -> dict[str, Any]:
    for el in at.get("bidi_component"):
        if el.proto.component_name == "atout_table":
            data: dict[str, Any] = json.loads(el.proto.json)
            return data
    raise AssertionError("no table on the Review page")


def _typed(at: AppTest, text: str) -> AppTest:
    at.text_input(key="review_typed").input(text).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_a_practice_card_is_played_at_the_review_page_table_and_rated(
    monkeypatch: pytest.MonkeyPatch,
) -> None:

    monkeypatch.setenv("ATOUT_TEST_CLOCK", "1")
    key, card, position = _practice_card()
    deck = ReviewDeck(cards={key: card})
    at = _seeded(
        AppTest.from_file("../tutorial/screens/review.py", default_timeout=HANG_GUARD),
        deck,
        "2030-03-02",
    )
    at.run()
    at.button(key=f"review_practice_{_safe(key)}").click().run()
    assert not at.exception, [e.value for e in at.exception]
    data = _review_table(at)
    assert data["prompt"] == "Your play?"
    assert sorted(c["code"] for c in data["hand"]) == sorted(c.code for c in position.hands[0])
    # An illegal card: refused with the rule, the card not rated.
    illegal = next(c for c in position.hands[0] if c not in position.legal_plays())
    fb = _review_table(_typed(at, illegal.code))["feedback"]
    assert fb["tone"] == "error" and "must follow" in fb["html"]
    assert app_session(at).deck.cards[key].reviews == 1
    # The costly card again: wrong, its figure and its reason, back tomorrow.
    fb = _review_table(_typed(at, card.tried))["feedback"]
    assert fb["tone"] == "warning" and fb["head"] == "That card costs points here."
    assert f"cost about {card.lost:g} points" in fb["html"]
    assert "With every card shown" in fb["html"]
    rated = app_session(at).deck.cards[key]
    assert rated.reviews == 2 and days_until_due(rated, moment_of_day("2030-03-02")) == 1
    assert any(s.value == "Reviewed: it comes back tomorrow." for s in at.success)
    # A better card afterwards is judged, not rated again.
    best = _opened().position.review.judgement.best
    fb = _review_table(_typed(at, best.code))["feedback"]
    assert fb["tone"] == "success" and fb["head"] == "Correct: no card does better here."
    assert app_session(at).deck.cards[key] == rated
    at.button(key="review_practice_close").click().run()
    assert any("Nothing to review today" in i.value for i in at.info)


def test_a_hint_at_the_review_page_table_rates_a_right_card_hard(
    monkeypatch: pytest.MonkeyPatch,
) -> None:

    monkeypatch.setenv("ATOUT_TEST_CLOCK", "1")
    key, card, _ = _practice_card()
    deck = ReviewDeck(cards={key: card})
    at = _seeded(
        AppTest.from_file("../tutorial/screens/review.py", default_timeout=HANG_GUARD),
        deck,
        "2030-03-02",
    )
    at.run()
    at.button(key=f"review_practice_{_safe(key)}").click().run()
    at.button(key="review_practice_hint").click().run()
    assert any("must follow" in i.value for i in at.info)
    best = _opened().position.review.judgement.best
    _typed(at, best.code)
    now = moment_of_day("2030-03-02")
    assert app_session(at).deck.cards[key] == review(deck, key, Rating.HARD, now).cards[key]
    assert any(s.value.startswith("It comes back in") for s in at.success)


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_a_practice_card_at_the_table_reads_in_chinese(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tutorial.language.i18n import set_language_provider, speaking
    from tutorial.webapp import state

    set_language_provider(state.session_language)  # what the app's router does
    monkeypatch.setenv("ATOUT_TEST_CLOCK", "1")
    key, card, _ = _practice_card()
    screen = AppTest.from_file("../tutorial/screens/review.py", default_timeout=HANG_GUARD)
    at = _seeded(screen, ReviewDeck(cards={key: card}), "2030-03-02")
    app_session(at).settings = state.Settings(language=lang)
    at.run()
    with speaking(lang):  # the test's side formats the page's widgets as the page did
        at.button(key=f"review_practice_{_safe(key)}").click().run()
        data = _review_table(_typed(at, card.tried))
    assert data["prompt"] in ("你要出哪一張？", "你要出哪一张？")
    assert data["feedback"]["head"] in ("這張牌在這裡會讓你少得分。", "这张牌在这里会让你少得分。")
    assert "墩" in data["feedback"]["html"]
    texts = [s.value for s in at.success] + [c.value for c in at.caption]
    texts += [b.label for b in at.button] + [str(data["prompt"]), data["feedback"]["html"]]
    shown = "\n".join(texts)
    assert "明天" in shown
    for internal in ("practice:", "belote", "review_", "None", "must_follow_suit"):
        assert internal not in shown, internal


# --- the pace of new cards, the buttons' words, a step's card met again --------------------


def _many_new(n: int, now: datetime = DAY) -> ReviewDeck:
    deck = ReviewDeck()
    for i in range(n):
        source = ScenarioSource(scenario="belote/overruff", step=i)
        deck = note_wrong(deck, source, "belote", tried="7H", now=now + timedelta(minutes=i))
    return deck


def test_new_cards_come_in_at_a_daily_pace_after_the_reviews() -> None:
    from tutorial.course.review_deck import NEW_PER_DAY, waiting_new

    deck = _many_new(39)  # a newcomer's first day: 39 mistakes
    nxt = DAY + timedelta(days=1)
    due = due_cards(deck, nxt)
    assert len(due) == NEW_PER_DAY and waiting_new(deck, nxt) == 39 - NEW_PER_DAY
    assert [c.source.step for _, c in due] == list(range(NEW_PER_DAY))  # oldest first
    assert due_counts(deck, nxt) == {"belote": NEW_PER_DAY}
    # a card seen before (reviewed once already) comes first, outside the cap
    seen = review(
        deck, card_key(ScenarioSource(scenario="belote/overruff", step=38)), Rating.GOOD, nxt
    )
    later = nxt + timedelta(days=30)
    first = due_cards(seen, later)[0][1]
    assert first.source.step == 38 and first.reviews == 2
    # the new cards reviewed today count against the day's cap
    for key, _ in due:
        deck = review(deck, key, Rating.GOOD, nxt)
    assert due_cards(deck, nxt) == [] and waiting_new(deck, nxt) == 39 - NEW_PER_DAY
    day3 = due_cards(deck, nxt + timedelta(days=1))  # the next day: reviews, then new ones
    assert sum(c.reviews == 1 for _, c in day3) == NEW_PER_DAY
    assert [c.reviews for _, c in day3] == sorted((c.reviews for _, c in day3), reverse=True)


def test_the_review_page_says_what_its_buttons_do_and_what_waits(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tutorial.course.review_deck import NEW_PER_DAY

    monkeypatch.setenv("ATOUT_TEST_CLOCK", "1")
    at = _seeded(
        AppTest.from_file("../tutorial/screens/review.py", default_timeout=HANG_GUARD),
        _many_new(NEW_PER_DAY + 4),
        "2030-03-02",
    )
    at.run()
    captions = [c.value for c in at.caption]
    assert any("“Set aside” stops a card coming back" in c and "Bring back" in c for c in captions)
    assert any(
        f"4 more new cards wait for the coming days: at most {NEW_PER_DAY}" in c for c in captions
    )
    key = card_key(ScenarioSource(scenario="belote/overruff", step=0))
    safe = "".join(c if c.isalnum() else "_" for c in key)
    at.button(key=f"review_suspend_{safe}").click().run()
    assert app_session(at).deck.cards[key].suspended
    assert any("until you bring it back" in s.value for s in at.success)
    assert any("does not come back until you press “Bring back”" in c.value for c in at.caption)
    assert at.button(key=f"review_resume_{safe}").proto.help


def test_a_step_card_says_the_step_the_link_opens(monkeypatch: pytest.MonkeyPatch) -> None:
    from tutorial.course.links import parse_link, step_to_open

    monkeypatch.setenv("ATOUT_TEST_CLOCK", "1")
    source = ScenarioSource(scenario="belote/overruff", step=2)
    deck = note_wrong(ReviewDeck(), source, "belote", tried="8H", now=DAY)
    at = _seeded(AppTest.from_file(APP, default_timeout=HANG_GUARD), deck, "2030-03-02")
    at.run()
    at.switch_page("screens/review.py").run()
    assert any("step 3**" in m.value for m in at.markdown)
    safe = "".join(c if c.isalnum() else "_" for c in card_key(source))
    at.button(key=f"review_play_{safe}").click().run()
    assert at.query_params["step"] == "3"  # "step 3" is step=3 in the address
    link = parse_link("belote/overruff", "3")
    assert link is not None and step_to_open(link, 5) == 2  # which opens that very step
    at.switch_page("screens/play.py").run()  # AppTest does not follow st.switch_page
    assert not at.exception
    assert app_session(at).play.scenarios["belote/overruff"].run.step == 2
    assert at.query_params["step"] == "3"


def test_a_due_card_is_rated_when_its_step_is_answered_in_a_replay() -> None:
    from tutorial.course.review_deck import is_due

    first = _scenario_app("2030-03-01", ["8H"])
    deck = app_session(first).deck
    key = card_key(ScenarioSource(scenario="belote/overruff", step=2))
    # the next day the learner plays the scenario again from the lessons (not from Review)
    at = _scenario_app("2030-03-02", ["9H"], deck)
    card = app_session(at).deck.cards[key]
    assert card == review(deck, key, Rating.GOOD, moment_of_day("2030-03-02")).cards[key]
    assert not is_due(card, moment_of_day("2030-03-02"))
    done = app_session(at).review.done
    assert done is not None and done[0] == key and done[1] == int(Rating.GOOD)


@pytest.mark.parametrize(
    ("lang", "sid", "step", "tried", "said", "asked"),
    [
        (
            "en",
            "belote/count-the-hand",
            5,
            "36",
            "Last time you answered 36.",
            "How many card points are there in your side's tricks now?",
        ),
        (
            "zh-Hans",
            "belote/count-the-hand",
            5,
            "36",
            "上次你的回答是 36。",
            "现在你方的墩里有多少牌分？",
        ),
        (
            "zh-Hans",
            "belote/follow-suit-basic",
            4,
            "左家",
            "上次你的回答是 “左家”。",
            "这一墩谁赢？",
        ),
    ],
)
def test_a_question_card_says_what_was_answered_and_asks_the_question(
    lang: str,
    sid: str,
    step: int,
    tried: str,
    said: str,
    asked: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A newcomer's report: a card for a number or a seat question read "上次你出了 36" /
    "出了 左家" (you played 36) and asked "which card will you play?"."""
    from tutorial.language.i18n import set_language_provider
    from tutorial.webapp import state

    set_language_provider(state.session_language)  # what the app's router does
    monkeypatch.setenv("ATOUT_TEST_CLOCK", "1")
    source = ScenarioSource(scenario=sid, step=step)
    deck = note_wrong(ReviewDeck(), source, "belote", tried=tried, now=DAY)
    screen = AppTest.from_file("../tutorial/screens/review.py", default_timeout=HANG_GUARD)
    at = _seeded(screen, deck, "2030-03-02")
    app_session(at).settings = state.Settings(language=lang)
    at.run()
    assert not at.exception
    captions = [c.value for c in at.caption]
    shown = "\n".join([m.value for m in at.markdown] + captions)
    assert said in captions, captions
    assert asked in shown, shown
    with_words = {"en": ("Your play?", "you tried"), "zh-Hans": ("哪一张", "出了")}[lang]
    for wrong in with_words:
        assert wrong not in shown, wrong
