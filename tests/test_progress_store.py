"""Progress kept in the browser: what the session does with a stored value."""

from __future__ import annotations

from apptest_util import app_session
from streamlit.testing.v1 import AppTest

from tutorial.course.progress import Progress, QuizRecord, ScenarioRecord, encode, merge


def _script() -> None:
    import streamlit as st

    from tutorial.webapp import state, store

    feed = st.session_state.get("feed")
    if feed is not None:
        st.session_state["feed"] = None
        store.receive(feed)
    store.notice()
    p = state.export_progress()
    done = sorted(sid for sid, r in p.scenarios.items() if r.done)
    st.write("done=" + ",".join(done))
    st.write("stars=" + ",".join(str(p.scenarios[s].stars) for s in done))
    st.write(f"loaded={state.store_loaded()}")


def _texts(at: AppTest) -> list[str]:
    return [m.value for m in at.markdown]


def test_nothing_is_saved_before_the_stored_value_was_read() -> None:
    at = AppTest.from_function(_script)
    at.run()
    assert "loaded=False" in _texts(at)


def test_a_stored_progress_is_merged_into_the_session() -> None:
    from tutorial.webapp.state import ScenarioProgress

    at = AppTest.from_function(_script)
    app_session(at).progress = {"belote/overruff": ScenarioProgress(done=True, stars=2)}
    stored = Progress(
        scenarios={
            "briscola/ace-beats-three": ScenarioRecord(done=True, stars=3),
            "belote/overruff": ScenarioRecord(done=True, stars=3, mistakes=1),
        }
    )
    at.session_state["feed"] = encode(stored)
    at.run()
    texts = _texts(at)
    assert "done=belote/overruff,briscola/ace-beats-three" in texts
    assert "stars=3,3" in texts  # the best of both
    assert "loaded=True" in texts
    assert not at.warning


def test_a_broken_stored_value_is_set_aside_with_a_notice_and_loses_nothing() -> None:
    from tutorial.webapp.state import ScenarioProgress

    at = AppTest.from_function(_script)
    app_session(at).progress = {"belote/overruff": ScenarioProgress(done=True, stars=1)}
    for bad in ("ATOUT1-garbage!", "not a code", "ATOUT1-" + "A" * 30_000, "{" * 5000):
        at.session_state["feed"] = bad
        at.run()
        assert not at.exception
        assert any("could not be read" in w.value for w in at.warning), bad
        assert "done=belote/overruff" in _texts(at)
        assert app_session(at).store.broken


def test_an_empty_store_is_simply_read() -> None:
    at = AppTest.from_function(_script)
    at.session_state["feed"] = ""
    at.run()
    assert "loaded=True" in _texts(at) and not at.warning


def test_merge_keeps_the_best_of_each_record() -> None:
    a = Progress(
        scenarios={"s": ScenarioRecord(done=True, stars=2, hints=5)},
        quizzes={"q": QuizRecord(right=2, total=3)},
    )
    b = Progress(
        scenarios={"s": ScenarioRecord(mistakes=7, stars=1), "t": ScenarioRecord(done=True)},
        quizzes={"q": QuizRecord(right=3, total=3)},
    )
    m = merge(a, b)
    assert m.scenarios["s"] == ScenarioRecord(done=True, mistakes=7, hints=5, stars=2)
    assert m.scenarios["t"].done
    assert m.quizzes["q"] == QuizRecord(right=3, total=3)
    assert merge(b, a) == m or merge(b, a).scenarios == m.scenarios


def test_a_session_with_mistakes_past_the_cap_still_exports() -> None:
    def script() -> None:
        import streamlit as st

        from tutorial.course.progress import encode
        from tutorial.course.recorder import ScenarioProgress
        from tutorial.webapp import state

        state.session().put_progress("belote/overruff", ScenarioProgress(mistakes=10**7))
        st.write(encode(state.export_progress())[:7])

    at = AppTest.from_function(script)
    at.run()
    assert not at.exception
    assert at.markdown[0].value == "ATOUT1-"


def test_a_stored_deck_merges_card_by_card_the_later_review_winning() -> None:
    from datetime import UTC, datetime, timedelta

    from tutorial.course.review_deck import (
        QuizSource,
        Rating,
        ReviewDeck,
        ScenarioSource,
        note_wrong,
        review,
    )

    day = datetime(2030, 3, 1, 12, tzinfo=UTC)
    scenario = ScenarioSource(scenario="belote/overruff", step=2)
    mine = note_wrong(ReviewDeck(), scenario, "belote", now=day)
    mine = note_wrong(mine, QuizSource(lesson="belote/a", question=0), "belote", now=day)
    key = "scenario:belote/overruff:2"
    theirs = review(mine, key, Rating.GOOD, day + timedelta(days=1))  # the other tab's review
    at = AppTest.from_function(_script)
    app_session(at).deck = mine
    at.session_state["feed"] = encode(Progress().with_deck(theirs))
    at.run()
    assert not at.exception and not at.warning
    merged = app_session(at).deck
    assert merged.cards[key] == theirs.cards[key]
    assert set(merged.cards) == {key, "quiz:belote/a:0"}


def test_the_progress_is_encoded_again_only_when_it_changed() -> None:
    def script() -> None:
        import streamlit as st

        from tutorial.course.progress import Progress, QuizRecord
        from tutorial.course.recorder import ScenarioProgress
        from tutorial.course.review_deck import QuizSource, note_wrong
        from tutorial.webapp import state, store

        s = state.session()
        s.put_progress("belote/overruff", ScenarioProgress(done=True, stars=2))
        first = store.progress_code()
        seen = [store.progress_code() is first]  # nothing changed: the same code, not remade
        s.put_progress("belote/overruff", ScenarioProgress(done=True, stars=3))
        second = store.progress_code()
        seen.append(second != first)
        s.lessons.quiz["tarot/01-bouts"] = {"right": 1, "total": 2}
        s.quiz_changed()
        third = store.progress_code()
        seen.append(third != second)
        source = QuizSource(lesson="tarot/01-bouts", question=0)
        s.deck = note_wrong(s.deck, source, "tarot", now=state.now())
        fourth = store.progress_code()
        seen.append(fourth != third and store.progress_code() is fourth)
        imported = Progress(quizzes={"tarot/01-bouts": QuizRecord(right=2, total=2)})
        state.import_progress(imported.with_deck(s.deck))
        seen.append(store.progress_code() != fourth)
        st.write(" ".join(str(x) for x in seen))

    at = AppTest.from_function(script)
    at.run()
    assert not at.exception, at.exception
    assert at.markdown[0].value == "True True True True True"
