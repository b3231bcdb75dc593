"""The tracks between games: three of them, in every language, each scenario proved, and
each habit of the first game met at the table as the wrong card in the second."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from apptest_util import lesson_headings, open_app

from tutorial.course.lessons import Lesson, course_lessons, load_lessons, next_lesson, tracks_of
from tutorial.course.library import scenarios_root
from tutorial.engine.games import GAMES
from tutorial.language import i18n
from tutorial.language.i18n import speaking, t
from tutorial.scenarios.checker import Checked, check_file
from tutorial.scenarios.model import PlayStep
from tutorial.scenarios.runtime import Run, start
from tutorial.scenarios.translation import translate, translation_path

LANGS = ("en", "zh-Hant", "zh-Hans")
#: (the game the habits come from, the game taught).
TRACKS = (("belote", "tarot"), ("belote", "briscola"), ("tarot", "belote"))

#: Each track scenario and the card a player of the first game would reach for.
HABITS: dict[str, str] = {
    "tarot/from-belote-trump-partner-winning": "KS",  # partner winning: discard
    "tarot/from-belote-overtrump-partner": "KH",  # partner's trump winning: discard
    "tarot/from-belote-excuse-instead-of-following": "QS",  # follow suit, keep the Excuse
    "tarot/from-belote-ten-below-the-jack": "10H",  # the 10 beats the Jack
    "tarot/from-belote-petit-is-a-bout": "T1",  # the lowest trump is worth nothing
    "briscola/from-belote-no-need-to-follow": "4S",  # follow suit
    "briscola/from-belote-no-need-to-trump": "7H",  # trump when void
    "briscola/from-belote-no-need-to-go-higher": "AH",  # go higher on a trump lead
    "briscola/from-belote-three-beats-the-king": "4C",  # a King beats a 3
    "briscola/from-belote-trump-jack-is-low": "JH",  # the trump Jack is the highest
    "belote/from-tarot-partner-winning-free": "JH",  # trump when void, whoever wins
    "belote/from-tarot-no-overtrump-partner": "9H",  # overtrump the partner
    "belote/from-tarot-ten-ranks-high": "7D",  # the 10 is below the King
    "belote/from-tarot-nine-beats-the-ace": "10H",  # trumps rank by number
    "belote/from-tarot-jack-of-trumps": "AH",  # a Jack is a small card
}

COURSE = {lang: load_lessons(lang) for lang in LANGS}
ROOT = scenarios_root()


def _checked(sid: str) -> Checked:
    return check_file(ROOT / f"{sid}.yaml", f"scenarios/{sid}.yaml")


CHECKED = {sid: _checked(sid) for sid in HABITS}


def _track_scenarios(lang: str, source: str, game: str) -> list[str]:
    (track,) = [tr for tr in tracks_of(game, COURSE[lang]) if tr.from_game == source]
    return [sid for le in track.lessons for sid in le.model.scenarios]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("source", "game"), TRACKS)
def test_each_track_exists_in_every_language_with_four_scenarios(
    lang: str, source: str, game: str
) -> None:
    scenarios = _track_scenarios(lang, source, game)
    assert len(scenarios) >= 4, scenarios
    assert all(sid.startswith(f"{game}/") for sid in scenarios)
    # the same track in every language: the same lessons, in order, naming the same scenarios
    assert scenarios == _track_scenarios("en", source, game)


@pytest.mark.parametrize("lang", LANGS)
def test_only_the_three_tracks_exist_and_they_stay_out_of_the_course(lang: str) -> None:
    lessons = COURSE[lang]
    found = {(tr.from_game, tr.game) for g in GAMES for tr in tracks_of(g, lessons)}
    assert found == set(TRACKS)
    for game in GAMES:
        course = course_lessons(game, lessons)
        tracked = [le for le in lessons if le.game == game and le.from_game is not None]
        # a track lesson is numbered after the course; the course's last lesson does not
        # lead into the track (only a learner who opened it follows it), and the
        # track's lessons follow one another
        assert max(le.number for le in course) < min(le.number for le in tracked)
        assert next_lesson(course[-1].id, lessons) is None
        assert next_lesson(tracked[0].id, lessons) is tracked[1]
        assert next_lesson(tracked[-1].id, lessons) is None
        assert all(le.from_game is None for le in course)


def test_every_track_scenario_is_named_by_a_track_and_has_a_habit() -> None:
    named = {sid for source, game in TRACKS for sid in _track_scenarios("en", source, game)}
    assert named == set(HABITS)


@pytest.mark.parametrize("lang", ("zh-Hant", "zh-Hans"))
@pytest.mark.parametrize("sid", sorted(HABITS))
def test_every_track_scenario_has_a_checked_translation(lang: str, sid: str) -> None:
    path = translation_path(ROOT, lang, sid)
    assert path.is_file(), path
    translated = translate(CHECKED[sid], path, f"scenarios/{path.relative_to(ROOT)}")
    assert translated.scenario.title != CHECKED[sid].scenario.title


def _habit_step(run: Run) -> PlayStep:
    step = run.current
    assert isinstance(step, PlayStep), "the scenario opens on the learner's card"
    return step


def _source_of(sid: str) -> str:
    game = sid.split("/", 1)[0]
    (source,) = [s for s, g in TRACKS if g == game]
    return source


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("sid", sorted(HABITS))
def test_the_habit_card_is_refused_or_costed_with_the_habit_named(lang: str, sid: str) -> None:
    checked = CHECKED[sid]
    if lang != "en":
        path = translation_path(ROOT, lang, sid)
        checked = translate(checked, path, f"scenarios/{path.relative_to(ROOT)}")
    source = _source_of(sid)
    with speaking(lang):
        # the game's name as a sentence says it ("Tarot" for French Tarot)
        source_title = t(f"games.{source}.title").split()[-1]
        run = start(checked.scenario, checked.table)
        step = _habit_step(run)
        after, fb = run.try_action(HABITS[sid])
    assert not fb.ok and after.mistakes == 1
    if fb.kind == "illegal":
        # the engine's own refusal says the rule; the step's hint and explanation name the
        # first game's habit it overrides
        assert fb.message
        assert source_title in step.play.hints[0], step.play.hints[0]
        assert source_title in step.play.explain, step.play.explain
    else:
        assert fb.kind == "wrong"
        assert source_title in fb.message, fb.message  # "In Belote you would ...; here ..."
    if sid.startswith("briscola/"):
        # nothing is illegal in Briscola: the habit is a legal card with its cost computed
        assert fb.kind == "wrong"
        assert fb.cost is not None and fb.cost.lost > 0, fb.cost


def test_tarot_refuses_the_belote_discard_under_a_partner_s_trump() -> None:
    """The engine's refusal itself names the partner where Belote would leave you free."""
    checked = CHECKED["tarot/from-belote-overtrump-partner"]
    with speaking("en"):
        _, fb = start(checked.scenario, checked.table).try_action("KH")
    assert fb.kind == "illegal"
    assert "partner" in fb.message and "must overtrump" in fb.message


def test_a_lesson_from_an_unknown_game_is_refused_with_its_place(tmp_path: Path) -> None:
    from tutorial.engine.errors import ScenarioError

    (tmp_path / "en" / "tarot").mkdir(parents=True)
    (tmp_path / "en" / "tarot" / "01-x.yaml").write_text(
        "title: X\nfrom_game: tarot\nrules: [tarot.deck]\ntext: words\n", encoding="utf-8"
    )
    with pytest.raises(ScenarioError, match=r"01-x\.yaml:2:\d+: from_game: 'tarot' is not"):
        load_lessons("en", tmp_path)


# --- the Lessons page -------------------------------------------------------------------


def _first(lang: str, source: str, game: str) -> Lesson:
    (track,) = [tr for tr in tracks_of(game, COURSE[lang]) if tr.from_game == source]
    return track.lessons[0]


@pytest.fixture
def page_language() -> Iterator[None]:
    """AppTest formats the widgets' options on the test's side: in the page's language
    while a test runs (set with ``i18n.set_language``), then the language before."""
    before = i18n.language()
    yield
    i18n.set_language(before)


@pytest.mark.usefixtures("_fresh_caches", "page_language")
@pytest.mark.parametrize("lang", LANGS)
def test_lessons_page_shows_each_track_heading_and_opens_its_lessons(lang: str) -> None:
    i18n.set_language(lang)
    for source, game in TRACKS:
        lesson = _first(lang, source, game)
        at = open_app("lessons", lesson=lesson.id, lang=lang)
        assert not at.exception, [e.value for e in at.exception]
        with speaking(lang):
            heading = t(
                "tracks.heading",
                source=t(f"games.{source}.title"),
                target=t(f"games.{game}.title"),
            )
        assert heading in [s.value for s in at.header], [s.value for s in at.header]
        assert lesson_headings(at) == [lesson.title]
        assert any(heading in c.value for c in at.caption)  # "A lesson of the track ..."
        # no course lesson is picked while a track lesson is open
        assert at.selectbox(key=f"lessons_pick_{game}").value is None
        # the lesson lists its scenarios, each a button that opens it at the table
        labels = [b.label for b in at.button]
        for sid in lesson.model.scenarios:
            title = CHECKED[sid].scenario.title
            if lang != "en":
                path = translation_path(ROOT, lang, sid)
                title = translate(CHECKED[sid], path, str(path)).scenario.title
            assert title in labels, (title, labels)


@pytest.mark.usefixtures("_fresh_caches")
def test_a_track_lesson_button_opens_the_lesson_and_the_course_stays_in_the_radio() -> None:
    at = open_app("lessons", lesson="belote/01", lang="en")
    course = course_lessons("belote", COURSE["en"])
    radio = at.selectbox(key="lessons_pick_belote")
    assert list(radio.options) == [le.title for le in course]
    second = tracks_of("belote", COURSE["en"])[0].lessons[1]
    at.button(key=f"track_open_{second.id}").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert lesson_headings(at) == [second.title]
    assert at.selectbox(key="lessons_pick_belote").value is None
    assert at.query_params["lesson"] in (second.id, [second.id])
