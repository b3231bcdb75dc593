"""The Streamlit app under AppTest: every page loads, the player teaches, links land."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parent.parent
APP = "../tutorial/app.py"  # relative to this file, as AppTest wants
PAGES = ["home", "lessons", "play", "trainer", "score", "rules", "workshop"]


@pytest.fixture(autouse=True)
def _fresh_caches() -> Iterator[None]:
    st.cache_data.clear()
    st.cache_resource.clear()
    yield
    st.cache_data.clear()
    st.cache_resource.clear()


def _app(page: str = "home", **params: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    for k, v in params.items():
        at.query_params[k] = v
    at.run()
    if page != "home":
        at.switch_page(f"screens/{page}.py")
        at.run()
    return at


@pytest.mark.parametrize("page", PAGES)
def test_page_loads_without_exception(page: str) -> None:
    at = _app(page)
    assert not at.exception, [e.value for e in at.exception]
    assert at.title, "every page has a title"


def _overruff() -> AppTest:
    return _app("play", scenario="belote/overruff")


def test_illegal_card_shows_the_reason_and_changes_nothing() -> None:
    at = _overruff()
    before = len(at.button)
    at.button(key="card_8H").click().run()
    errors = [e.value for e in at.error]
    assert any("You must overtrump" in e and "10♥" in e and "9♥" in e for e in errors), errors
    # the forcing card is highlighted (its key carries the mark) and the hand is intact
    assert at.button(key="card_9H_forcing")
    assert len(at.button) == before


def test_right_card_advances_to_the_question() -> None:
    at = _overruff()
    at.button(key="card_9H").click().run()
    assert any("Right!" in s.value for s in at.success)
    assert any("Who wins this trick?" in m.value for m in at.markdown)
    at.button(key="choice_0").click().run()  # "You"
    assert any("complete" in s.value for s in at.success)


def test_deep_link_lands_on_its_step() -> None:
    at = _app("play", scenario="belote/overruff", step="4")
    assert any("Who wins this trick?" in m.value for m in at.markdown)
    assert not [b for b in at.button if b.key and b.key.startswith("card_")]


def test_unknown_deep_link_says_so() -> None:
    at = _app("play", scenario="belote/nope")
    assert any("does not exist" in e.value for e in at.error)
    assert at.sidebar.selectbox(key="play_pick").options  # the list is offered


def test_workshop_shows_line_numbered_errors() -> None:
    at = _app("workshop")
    text = (
        (ROOT / "scenarios/belote/overruff.yaml")
        .read_text(encoding="utf-8")
        .replace("9H 8H QD", "9H 8H QX")
    )
    at.text_area(key="workshop_text").input(text).run()
    codes = [c.value for c in at.code]
    assert any("pasted.yaml:15:8: 'QX' is not a Belote card" in c for c in codes), codes


def test_workshop_html_is_never_rendered(tmp_path: Path) -> None:
    at = _app("workshop")
    text = (ROOT / "scenarios/belote/overruff.yaml").read_text(encoding="utf-8")
    at.text_area(key="workshop_text").input(
        text.replace("9H 8H QD", "9H 8H <script>alert(1)</script>")
    ).run()
    html_blocks = [h for h in at.get("html")]
    assert not any("<script>" in str(h.proto) for h in html_blocks)
    assert any("<script>" in c.value for c in at.code)  # shown, as text


def test_broken_scenario_is_listed_and_the_rest_served(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "belote").mkdir()
    shutil.copy(ROOT / "scenarios/belote/overruff.yaml", tmp_path / "belote/good.yaml")
    (tmp_path / "belote/broken.yaml").write_text("title: [oops\n", encoding="utf-8")
    monkeypatch.setenv("ATOUT_SCENARIOS", str(tmp_path))
    at = _app("home")
    assert not at.exception
    assert any("broken.yaml" in e.label for e in at.expander)
    at = _app("play", scenario="belote/good")
    assert at.button(key="card_9H")


def test_trainer_diagnoses_a_wrong_count_and_accepts_the_right_one() -> None:
    from tutorial.trainer import make_exercise

    at = _app("trainer")
    ex = make_exercise("belote", 1)
    right = ex.trick_value(0)
    at.text_input(key="trainer_answer").input(str(right + 100)).run()
    assert any("Not" in w.value for w in at.warning)
    at.text_input(key="trainer_answer").input(f"{right:g}").run()
    assert any("Right" in s.value for s in at.success)
    at.button(key="trainer_next").click().run()
    assert any("Trick 2 of 8" in h.value for h in at.subheader)


def test_progress_code_round_trip_through_the_home_page() -> None:
    from tutorial.ui.state import PROGRESS, ScenarioProgress

    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state[PROGRESS] = {"belote/overruff": ScenarioProgress(done=True, mistakes=1)}
    at.run()
    code = next(c.value for c in at.code if c.value.startswith("ATOUT1-"))
    fresh = _app("home")
    fresh.text_input(key="progress_code_in").input(code).run()
    fresh.button(key="progress_load").click().run()
    assert any("1 scenarios done" in s.value for s in fresh.success)
    bad = _app("home")
    bad.text_input(key="progress_code_in").input("ATOUT1-garbage!").run()
    bad.button(key="progress_load").click().run()
    assert any("damaged" in e.value for e in bad.error)


def test_score_page_draws_the_charts() -> None:
    import json

    at = _app("score")
    charts = at.get("plotly_chart")
    assert len(charts) >= 2
    first = json.loads(charts[0].proto.spec)
    assert first["data"], "the first chart has traces"


def test_a_refused_discard_gets_the_engines_reason() -> None:
    at = _app("play", scenario="tarot/discard-kings-and-bouts", step="4")
    at.button(key="act_discard_KC").click().run()
    assert any("never be discarded" in e.value and "King" in e.value for e in at.error)


def test_bidding_shows_the_hand_and_the_turned_up_card() -> None:
    at = _app("play", scenario="belote/bidding-second-round")
    held = [b for b in at.button if b.key and b.key.startswith("held_")]
    assert len(held) == 5 and all(b.disabled for b in held)
    assert any("Turned-up card: eight of spades" in c.value for c in at.caption)
    assert at.button(key="act_pass")


def test_presenter_mode_hides_the_answer_until_revealed() -> None:
    at = _overruff()
    at.sidebar.toggle(key="set_presenter").set_value(True).run()
    assert at.button(key="reveal") and not [b for b in at.button if b.key == "hint"]
    assert not any("The answer" in i.value for i in at.info)
    at.button(key="reveal").click().run()
    assert any("The answer: 9♥" in i.value for i in at.info)


def test_four_colour_deck_colours_the_buttons() -> None:
    at = _overruff()
    assert at.button(key="card_QD").label == ":red[Q♦]"
    at.sidebar.toggle(key="set_four_colour").set_value(True).run()
    assert at.button(key="card_QD").label == ":blue[Q♦]"
    assert at.button(key="card_KC").label == ":green[K♣]"


def test_workshop_plays_a_valid_scenario() -> None:
    at = _app("workshop")
    text = (ROOT / "scenarios/belote/overruff.yaml").read_text(encoding="utf-8")
    at.text_area(key="workshop_text").input(text.replace("Overtrump the", "My own")).run()
    assert any("Valid: My own" in s.value for s in at.success)
    at.button(key="workshop_play").click().run()
    assert any(t.value == "My own opponent's ruff" for t in at.title)
    at.switch_page("screens/play.py")  # AppTest does not follow st.switch_page by itself
    at.run()
    at.button(key="card_9H").click().run()
    assert any("Right!" in s.value for s in at.success)


def test_the_sidebar_picks_another_scenario_and_game() -> None:
    at = _overruff()
    pick = at.sidebar.selectbox(key="play_pick")
    other = next(o for o in pick.options if "Overtrump" not in o)
    pick.set_value(other).run()
    assert any(t.value == other.removeprefix("✓ ") for t in at.title)
    at.sidebar.selectbox(key="play_game").set_value("briscola").run()
    assert at.session_state["current_scenario"].startswith("briscola/")
