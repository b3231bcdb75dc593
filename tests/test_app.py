"""The Streamlit app under AppTest: the player teaches, links land (that every page loads:
tests/test_no_internal_names.py)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from apptest_util import HANG_GUARD, app_session, open_app
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parent.parent
APP = "../tutorial/app.py"  # relative to this file, as AppTest wants
pytestmark = pytest.mark.usefixtures("_fresh_caches")


def _app(page: str = "home", **params: str) -> AppTest:
    return open_app(page, 60, **params)


def _overruff() -> AppTest:
    return _app("play", scenario="belote/overruff")


def table(at: AppTest) -> dict[str, Any]:
    """What the table component was given to draw (its data, read back)."""
    for el in at.get("bidi_component"):
        proto = el.proto
        if proto.component_name == "atout_table":
            data: dict[str, Any] = json.loads(proto.json)
            return data
    raise AssertionError("no table component on the page")


def type_in(at: AppTest, text: str) -> AppTest:
    """Play through the keyboard fallback (the same controller as a click on the table)."""
    at.text_input(key="typed_card").input(text).run()
    return at


def test_illegal_card_shows_the_reason_and_changes_nothing() -> None:
    at = _overruff()
    before = [c["code"] for c in table(at)["hand"]]
    type_in(at, "8H")
    data = table(at)
    fb = data["feedback"]
    assert fb["tone"] == "error"
    assert "You must overtrump" in fb["html"] and "10♥" in fb["html"] and "9♥" in fb["html"]
    # the forcing card is marked and the hand is intact
    marks = {c["code"]: c["mark"] for c in data["hand"]}
    assert marks["9H"] == "forcing"
    assert [c["code"] for c in data["hand"]] == before


def test_right_card_advances_to_the_question() -> None:
    at = _overruff()
    type_in(at, "9H")
    data = table(at)
    assert data["feedback"]["tone"] == "success"
    fb = data["feedback"]
    assert (fb["head"] + fb["html"]).startswith("Correct.")
    assert "Correct.Correct" not in fb["head"] + fb["html"]
    assert data["mode"] == "ask" and data["prompt"] == "Who wins this trick?"
    assert data["choices"][0]["label"] == "You"
    type_in(at, "You")
    assert table(at)["mode"] == "view"
    assert any("well played" in s.value for s in at.success)
    assert any("★★★" in m.value for m in at.markdown)


def test_the_hand_is_sorted_in_the_games_order_with_trumps_last() -> None:
    at = _overruff()  # hearts are trumps
    codes = [c["code"] for c in table(at)["hand"]]
    assert codes == ["7C", "8C", "KC", "7D", "QD", "10D", "8H", "9H"], codes
    assert all(c["name"] for c in table(at)["hand"])


def test_deep_link_lands_on_its_step() -> None:
    at = _app("play", scenario="belote/overruff", step="5")  # the fifth step
    data = table(at)
    assert data["mode"] == "ask" and "Who wins this trick?" in data["prompt"]
    assert not data["playable"]


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
    assert any("pasted.yaml:15:14: 'QX' is not a Belote card" in c for c in codes), codes


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
    assert "9H" in [c["code"] for c in table(at)["hand"]]


def test_trainer_diagnoses_a_wrong_count_and_accepts_the_right_one() -> None:
    from tutorial.course.counting_trainer import make_exercise

    at = _app("trainer")
    ex = make_exercise("belote", 1)
    right = ex.trick_value(0)
    at.text_input(key="trainer_answer").input(str(right + 100)).run()
    assert any("Not" in w.value for w in at.warning)
    at.text_input(key="trainer_answer").input(f"{right:g}").run()
    assert any("Correct" in s.value for s in at.success)
    at.button(key="trainer_next").click().run()
    assert any("Trick 2 of 8" in h.value for h in at.header)


def test_the_trainers_cards_name_themselves_to_a_screen_reader() -> None:
    from tutorial.course.counting_trainer import make_exercise
    from tutorial.pictures.picture_words import card_words

    at = _app("trainer")
    trick = make_exercise("belote", 1).tricks[0]
    alts = [img.alt for element in at.get("image") for img in element.proto.imgs]
    assert alts == [card_words(p.card) for p in trick.plays]


def _trainer_on(at: AppTest, game: str, seed: int) -> AppTest:
    """The counting trainer switched to a hand of ``game`` dealt from ``seed``."""
    at.selectbox(key="trainer_game").set_value(game).run()
    at.number_input(key="trainer_seed").set_value(seed).run()
    at.button(key="trainer_new").click().run()
    return at


def _piles_on_page(at: AppTest) -> dict[str, float]:
    """Each pile's last figure (so far, or in all), read back from the page's table."""
    piles: dict[str, float] = {}
    for md in at.markdown:
        for line in md.value.splitlines():
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) >= 2 and cells[-1].replace(".", "", 1).isdigit():
                piles[cells[0]] = float(cells[-1])
    return piles


@pytest.fixture
def _page_language() -> Any:
    """AppTest formats widgets in the test's thread: it follows the page's language, then
    English again."""
    from tutorial.language import i18n

    before = i18n.language()
    yield i18n.set_language
    i18n.set_language(before)


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_trainer_names_a_habit_from_another_game_and_shows_both_piles(
    lang: str, _page_language: Any
) -> None:
    from test_no_internal_names import _leaks

    from tutorial.course.counting_trainer import diagnose, make_exercise
    from tutorial.language.i18n import catalogue

    _page_language(lang)
    seed, ex = next(
        (s, ex)
        for s in range(1, 200)
        if (ex := make_exercise("briscola", s)).seed == s
        and any(c.rank == "J" and ex.state.is_trump(c) for c in ex.tricks[0].cards)
    )
    jack = next(c for c in ex.tricks[0].cards if c.rank == "J" and ex.state.is_trump(c))
    at = _trainer_on(open_app("trainer", lang=lang), "briscola", seed)
    right = ex.trick_value(0)
    at.text_input(key="trainer_answer").input(f"{right + 18:g}").run()  # the Jack as 20
    warning = " ".join(w.value for w in at.warning)
    assert warning == diagnose(ex, 0, right + 18).message
    expected = {
        "en": f"In Belote the {jack.label} is worth 20 points as a trump; "
        "in Briscola it is worth 2 points, trump or not.",
        "zh-Hant": f"在 Belote 裡，{jack.label} 當王牌時值 20 分；"
        "在 Briscola 裡，這張牌不論是不是王牌都值 2 分。",
    }[lang]
    assert expected in warning
    at.text_input(key="trainer_answer").input(f"{right:g}").run()
    cat = catalogue(lang)
    piles = _piles_on_page(at)
    assert piles == {
        cat["practice.seat_you"]: ex.piles(0)[0],
        cat["practice.seat_opponent"]: ex.piles(0)[1],
    }
    assert any(cat["trainer.piles_heading"] in md.value for md in at.markdown)
    assert not at.exception and not _leaks(at)


def test_trainer_piles_end_at_the_engines_count_of_a_tarot_hand() -> None:
    from tutorial.course.counting_trainer import excuse_fate, make_exercise, side_names

    seed, ex = next(
        (s, ex)
        for s in range(1, 100)
        if (ex := make_exercise("tarot", s)).seed == s
        and any(excuse_fate(ex, i) for i in range(len(ex.tricks) - 1))
    )
    at = _trainer_on(_app("trainer"), "tarot", seed)
    for i in range(len(ex.tricks)):
        at.text_input(key="trainer_answer").input(f"{ex.trick_value(i):g}").run()
        sides = side_names(ex)
        assert _piles_on_page(at) == {sides[0]: ex.piles(i)[0], sides[1]: ex.piles(i)[1]}
        if excuse_fate(ex, i):
            assert any("The Excuse" in c.value for c in at.caption)
        at.button(key="trainer_next").click().run()
    details = ex.state.outcome().details
    taker_side = ex.state.team_of(details["taker"])
    final = _piles_on_page(at)
    assert final[sides[taker_side]] == details["points"]
    assert final[sides[1 - taker_side]] == details["defence_points"]
    assert any("start with" in c.value for c in at.caption)  # the discard or the chien
    assert not at.exception


def test_progress_code_round_trip_through_the_home_page() -> None:
    from tutorial.webapp.state import ScenarioProgress

    at = AppTest.from_file(APP, default_timeout=HANG_GUARD)
    app_session(at).progress = {"belote/overruff": ScenarioProgress(done=True, mistakes=1)}
    at.run()
    code = next(c.value for c in at.code if c.value.startswith("ATOUT1-"))
    fresh = _app("home")
    fresh.text_input(key="progress_code_in").input(code).run()
    fresh.button(key="progress_load").click().run()
    assert any("1 scenario done" in s.value for s in fresh.success)
    # A run with no action of the learner's (the browser's stored progress arriving)
    # keeps the answer; leaving the page forgets it.
    fresh.run()
    assert any("1 scenario done" in s.value for s in fresh.success)
    fresh.switch_page("screens/rules.py").run()
    fresh.switch_page("screens/home.py").run()
    assert not any("1 scenario done" in s.value for s in fresh.success)
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
    at = _app("play", scenario="tarot/discard-kings-and-bouts", step="5")
    data = table(at)
    assert data["mode"] == "discard" and data["discard"]["need"] == 6
    assert len(data["hand"]) == 24 and len(data["chien"]) == 6
    assert sum(c["chien"] for c in data["hand"]) == 6
    type_in(at, "discard KC")
    fb = table(at)["feedback"]
    assert "never be discarded" in fb["html"] and "King" in fb["html"]


def test_bidding_shows_the_hand_and_the_turned_up_card() -> None:
    at = _app("play", scenario="belote/bidding-second-round")
    data = table(at)
    assert data["mode"] == "action" and not data["playable"]
    assert len(data["hand"]) == 5
    assert "Turned-up card: eight of spades" in data["table_alt"]
    assert "pass" in [m["code"] for m in data["menu"]]


def test_presenter_mode_hides_the_answer_until_revealed() -> None:
    at = _overruff()
    at.sidebar.toggle(key="set_presenter").set_value(True).run()
    assert table(at)["presenter"]
    assert at.button(key="reveal") and not [b for b in at.button if b.key == "hint"]
    assert not any("The answer" in i.value for i in at.info)
    assert not [c for c in table(at)["hand"] if c["mark"] == "answer"]
    at.button(key="reveal").click().run()
    assert any("The answer: 9♥" in i.value for i in at.info)
    assert [c["code"] for c in table(at)["hand"] if c["mark"] == "answer"] == ["9H"]


def test_presenter_mode_is_kept_in_the_address() -> None:
    """``?presenter=1`` turns presenter mode on and stays in the address while it is on
    (a reload keeps it); the toggle switched off takes it out, and ``?presenter=0`` is off."""
    at = _app("play", scenario="belote/overruff", presenter="1")
    assert table(at)["presenter"] and at.sidebar.toggle(key="set_presenter").value
    assert at.query_params["presenter"] == "1"
    at.query_params.pop("scenario")  # a button's page change drops the other parameters
    at.run()
    assert at.query_params["presenter"] == "1"
    at.sidebar.toggle(key="set_presenter").set_value(False).run()
    assert not table(at)["presenter"] and "presenter" not in at.query_params
    off = _app("play", scenario="belote/overruff", presenter="0")
    assert not table(off)["presenter"] and "presenter" not in off.query_params


def test_hints_mark_the_legal_cards_then_the_answer() -> None:
    at = _overruff()
    at.button(key="hint").click().run()
    assert not [c for c in table(at)["hand"] if c["mark"]]
    at.button(key="hint").click().run()
    assert [c["code"] for c in table(at)["hand"] if c["mark"] == "legal"] == ["9H"]
    at.button(key="hint").click().run()
    assert [c["code"] for c in table(at)["hand"] if c["mark"] == "answer"] == ["9H"]


def test_four_colour_deck_colours_the_cards() -> None:
    at = _overruff()
    qd = next(c for c in table(at)["hand"] if c["code"] == "QD")
    assert "#c62828" in qd["svg"]
    at.sidebar.toggle(key="set_four_colour").set_value(True).run()
    qd = next(c for c in table(at)["hand"] if c["code"] == "QD")
    assert "#1565c0" in qd["svg"] and "#c62828" not in qd["svg"]


def test_workshop_plays_a_valid_scenario() -> None:
    at = _app("workshop")
    text = (ROOT / "scenarios/belote/overruff.yaml").read_text(encoding="utf-8")
    at.text_area(key="workshop_text").input(text.replace("Overtrump the", "My own")).run()
    assert any("Valid: My own" in s.value for s in at.success)
    at.button(key="workshop_play").click().run()
    assert any(t.value == "My own opponent's ruff" for t in at.title)
    at.switch_page("screens/play.py")  # AppTest does not follow st.switch_page by itself
    at.run()
    type_in(at, "9H")
    assert table(at)["feedback"]["tone"] == "success"


def test_the_sidebar_picks_another_scenario_and_game() -> None:
    at = _overruff()
    pick = at.sidebar.selectbox(key="play_pick")
    other = next(o for o in pick.options if "Overtrump" not in o)
    pick.set_value(other).run()
    assert any(t.value == other.removeprefix("✓ ") for t in at.title)
    at.sidebar.selectbox(key="play_game").set_value("briscola").run()
    assert app_session(at).play.current.startswith("briscola/")


def test_the_play_page_without_a_link_opens_the_first_scenario() -> None:
    at = _app("play")
    pick = at.sidebar.selectbox(key="play_pick")
    assert at.title[0].value == pick.value.removeprefix("✓ ")
    assert table(at)["hand"], "the first scenario is open, its hand on the table"
    assert not any("Choose a scenario" in i.value for i in at.info)


def test_stepping_back_shows_the_hand_and_that_steps_explanation() -> None:
    at = _overruff()
    type_in(at, "9H")
    type_in(at, "You")
    assert any("★★★" in m.value for m in at.markdown)
    at.button(key="review_back").click().run()
    data = table(at)
    assert data["mode"] == "view" and data["hand"], "the hand is shown while reviewing"
    assert data["prompt"].startswith("Stepping through: position 2 of 3")
    assert "beats the 10♥" in data["feedback"]["html"], "the explanation of that move"
    link = next(c.value for c in at.caption if "Link to this step" in c.value)
    # the address counts steps from 1, as the words do
    assert link.endswith(
        f"step={app_session(at).play.scenarios['belote/overruff'].history[1].step + 1}"
    )
    assert at.query_params["step"] == str(
        app_session(at).play.scenarios["belote/overruff"].history[1].step + 1
    )


def test_the_end_offers_the_next_scenario_of_the_lesson() -> None:
    at = _overruff()
    type_in(at, "9H")
    type_in(at, "You")
    assert at.button(key="end_next")
    at.button(key="end_next").click().run()
    assert app_session(at).play.current != "belote/overruff"
    assert table(at)["hand"]


def test_a_wrong_legal_card_that_costs_no_score_keeps_the_authors_words_and_shows_the_best_play() -> (
    None
):
    at = _app("play", scenario="belote/rounded-contract")
    before = [c["code"] for c in table(at)["hand"]]
    type_in(at, "10D")
    fb = table(at)["feedback"]
    assert fb["tone"] == "warning"
    assert fb["html"].startswith("Legal, but the ace takes it")  # the author's sentence
    assert fb["head"] == ""  # which says "Legal, but" itself: no second heading
    # With best play by everyone the contract fails after either card (Right unblocks his
    # Q♦ under the ace: 81 to 81, and the takers must score more), so the hand's score
    # loses nothing: no computed cost follows the author's sentence, none contradicts it.
    assert "this costs" not in fb["html"]
    mistakes = app_session(at).progress["belote/rounded-contract"].mistakes
    at.button(key="show_best").click().run()
    data = table(at)
    assert data["mode"] == "view"
    assert "Best play from here, card 1 of 7: you 7♦." in data["feedback"]["html"]
    assert [c["code"] for c in data["hand"]] == ["10D"]
    at.button(key="best_next").click().run()
    assert "card 2 of 7: Right Q♦." in table(at)["feedback"]["html"]
    at.button(key="best_back").click().run()
    data = table(at)
    assert data["mode"] == "play" and [c["code"] for c in data["hand"]] == before
    # the scenario's run and the learner's progress are untouched
    assert app_session(at).progress["belote/rounded-contract"].mistakes == mistakes
    assert len(app_session(at).play.scenarios["belote/rounded-contract"].history) == 1


def _page_text(at: AppTest) -> str:
    """Every text on the page (markdown, notices, plain text, tables), one string."""
    parts: list[str] = []
    for kind in ("markdown", "success", "info", "warning", "text", "caption", "subheader"):
        parts += [str(el.value) for el in at.get(kind)]
    parts += [el.value.to_csv() for el in at.table]
    return "\n".join(parts)


def _answer_all(at: AppTest, answers: list[str]) -> list[str]:
    """Answer the scenario's questions in turn; the page's text before each answer."""
    seen: list[str] = []
    for answer in answers:
        assert table(at)["mode"] == "ask"
        seen.append(_page_text(at))
        type_in(at, answer)
        assert table(at)["feedback"]["tone"] == "success", table(at)["feedback"]
    return seen


def test_the_petit_sec_is_told_only_once_the_questions_are_answered() -> None:
    at = _app("play", scenario="tarot/petit-sec")
    outcome = "Deal cancelled: South held the Petit sec."
    before = _answer_all(at, ["The deal is cancelled", "No"])
    assert all(outcome not in text for text in before)
    assert all("The hand's score" not in text for text in before)
    assert outcome in _page_text(at)
    assert any(h.value == "The hand's score" for h in at.header)


def test_the_garde_contre_settlement_waits_for_its_questions() -> None:
    at = _app("play", scenario="tarot/garde-contre-chien")
    type_in(at, "CH")
    type_in(at, "3H")
    heading = "Garde contre failed by West: each defender receives 162"
    before = _answer_all(at, ["The defence", "no", "162"])
    assert len(before) == 3
    assert all(heading not in text for text in before)
    assert all("the taker pays 486" not in text for text in before)
    assert heading in _page_text(at)


def _history(at: AppTest) -> list[Any]:
    return [
        e
        for e in at.expander
        if e.label == "Every trick so far: who led, every card, who won and why"
    ]


def test_the_trick_history_waits_for_the_question_on_its_trick_then_lists_it() -> None:
    at = _overruff()
    type_in(at, "9H")
    assert table(at)["prompt"] == "Who wins this trick?"
    assert not _history(at), "the trick asked about is not listed before the answer"
    type_in(at, "You")
    (box,) = _history(at)
    rows = box.table
    assert rows, "the history is a table"
    text = rows[0].value.to_csv()
    for words in ("Led by", "Cards, in playing order", "Won by", "Why", "9♥", "10♥"):
        assert words in text, words


def test_home_counts_each_games_course_not_the_tracks_into_it() -> None:
    """Beside each game Home counts the lessons of its course, and says so: a track for
    players coming from another game (lessons with ``from_game``) is counted apart."""
    from tutorial.course.lessons import course_lessons, load_lessons, tracks_of

    lessons = load_lessons("en")
    at = _app("home")
    captions = [c.value for c in at.caption if "lessons of the course done" in c.value]
    for game in ("belote", "tarot", "briscola"):
        assert tracks_of(game, lessons), f"{game} has a track: the count would differ"
        mine = course_lessons(game, lessons)
        assert f"0 of {len(mine)} lessons of the course done" in captions
    every = sum(1 for le in lessons if le.game == "tarot")
    assert f"0 of {every} lessons of the course done" not in captions


def _opened_tab(at: AppTest) -> str:
    """The label of the tab the Rules page opens on."""
    block = next(b for b in at.main.children.values() if getattr(b, "type", "") == "tab_container")
    return at.tabs[block.proto.tab_container.default_tab_index].label


def test_the_rules_page_opens_on_the_game_being_learnt() -> None:
    """The Rules page opens on the game of ``?game=``, else of the scenario last opened,
    else on the first game."""
    assert _opened_tab(_app("rules", game="tarot")) == "French Tarot"
    at = _app("play", scenario="briscola/trump-is-a-suit")
    at.switch_page("screens/rules.py").run()
    assert _opened_tab(at) == "Briscola"
    assert _opened_tab(_app("rules")) == "Belote"


def test_streamlit_runs_no_full_garbage_collection_after_each_run() -> None:
    """The option is set, under a name this Streamlit knows (an unknown one is ignored):
    each click's last messages no longer wait for a walk of the whole heap."""
    import tomllib

    from streamlit import config as streamlit_config

    config = tomllib.loads((ROOT / ".streamlit/config.toml").read_text("utf-8"))
    assert config["runner"]["postScriptGC"] is False
    assert "runner.postScriptGC" in streamlit_config.get_config_options()


def test_the_best_play_after_a_wrong_card_sets_both_lines_trick_by_trick() -> None:
    at = _app("play", scenario="belote/capot")
    type_in(at, "AS")
    assert "this costs 99 points" in table(at)["feedback"]["html"]
    at.button(key="show_best").click().run()
    assert not at.exception, [e.value for e in at.exception]
    (rows,) = [el.value for el in at.table if "With your A♠" in el.value.columns]
    assert list(rows.columns) == ["Trick", "With your A♠", "With the J♥"]
    assert list(rows["Trick"]) == ["✱ 7", "8"]  # the seventh trick changes sides
    assert rows["With your A♠"].iloc[0] == "Left takes it (11 points)"
    assert rows["With the J♥"].iloc[0].endswith(": your side")
