"""Lessons: the course per game, each with its text, scenarios (done, stars) and quiz.

``?lesson=<lesson id>`` opens a lesson (the player's "back to the lesson" link, the
Home page's "Start with"); the address then follows the lesson open. The quiz is
checked on demand; once checked, its marks and score follow every change of answer.
"""

from __future__ import annotations

import streamlit as st

from tutorial.course.lessons import (
    Lesson,
    LessonLeft,
    QuizMark,
    Track,
    count_done,
    course_lessons,
    first_not_done,
    lesson_by_id,
    lesson_left,
    mark_answer,
    next_lesson,
    path_of,
    quiz_score,
    start_lesson,
    tracks_of,
)
from tutorial.course.links import with_lang
from tutorial.course.playlists import (
    Playlist,
    lesson_link,
    load_playlists,
    playlist_link,
    resolve_lesson_link,
    to_query,
)
from tutorial.course.progress import stars
from tutorial.engine.games import GAMES
from tutorial.language.i18n import t, tn
from tutorial.webapp import class_link, common, navigation, state
from tutorial.webapp.common import course
from tutorial.webapp.inert import inert_markdown
from tutorial.webapp.navigation import page_url


def left_of(lesson: Lesson) -> LessonLeft:
    """What the lesson still needs to be ticked, from the learner's progress."""
    right = int(state.session().lessons.quiz.get(lesson.id, {}).get("right", 0) or 0)
    return lesson_left(lesson, lambda sid: state.progress_of(sid).done, right)


def lesson_done(lesson: Lesson) -> bool:
    """All its scenarios done and its quiz answered without a mistake."""
    return left_of(lesson).nothing


def show_left(lesson: Lesson) -> None:
    """What the lesson still needs to be ticked (or that it is done)."""
    left = left_of(lesson)
    if left.nothing:
        st.success(t("lessons.lesson_ticked"), icon=":material/check_circle:")
    elif left.scenarios and left.quiz:
        st.info(tn("lessons.left_both", left.scenarios), icon=":material/pending:")
    elif left.scenarios:
        st.info(tn("lessons.left_scenarios", left.scenarios), icon=":material/pending:")
    else:
        st.info(t("lessons.left_quiz"), icon=":material/pending:")


def show_whats_next(key: str) -> None:
    """After a course or a track: whole hands to practise, and the review deck."""
    st.write(t("lessons.whats_next"))
    with st.container(horizontal=True, gap="small", key=f"whats_next_{key}"):
        st.page_link(
            navigation.PRACTICE_PAGE,
            label=t("lessons.practice_link"),
            icon=":material/sports_esports:",
        )
        st.page_link(
            navigation.REVIEW_PAGE, label=t("lessons.review_link"), icon=":material/event_repeat:"
        )


def open_lesson(lesson: Lesson) -> None:
    """Open a lesson on the Lessons page (from a callback, before the page is drawn)."""
    _set_lesson(lesson.id)


def _set_lesson(lesson_id: str | None) -> None:
    """Open a lesson and name it in the address (so the old ``?lesson=`` is not re-applied)."""
    state.session().open_lesson(lesson_id)
    if lesson_id is None:
        st.query_params.pop("lesson", None)
    else:
        st.query_params["lesson"] = lesson_id


# --- scenarios ---------------------------------------------------------------------------


def scenario_stars(scenario_id: str) -> int:
    """The stars of a finished scenario (0 when not finished)."""
    p = state.progress_of(scenario_id)
    if not p.done:
        return 0
    return p.stars or stars(p.mistakes)  # the best finish kept by the player, if any


def _scenarios(lesson: Lesson) -> None:
    lib = common.library()
    st.subheader(t("lessons.practice"))
    for sid in lesson.model.scenarios:
        checked = lib.get(sid)
        if checked is None:
            st.warning(t("lessons.missing", sid=sid))
            continue
        n = scenario_stars(sid)
        done = state.progress_of(sid).done
        label = checked.scenario.title + (f"  {'★' * n}{'☆' * (3 - n)}" if done else "")
        status = t("lessons.scenario_done", stars=tn("lessons.stars", n)) if done else ""
        if st.button(
            ("✓ " if done else "") + label,
            key=f"open_{lesson.id}_{sid}",
            on_click=common.open_scenario,
            args=(sid,),
            help=status or t("lessons.scenario_todo"),
        ):
            st.switch_page(navigation.PLAY_PAGE)


# --- the quiz ----------------------------------------------------------------------------


def _quiz_key(lesson: Lesson, i: int) -> str:
    return f"quiz_{lesson.id}_{i}"


def quiz_marks(lesson: Lesson) -> list[QuizMark]:
    """The marks of the answers chosen now on the page."""
    return [
        mark_answer(q, state.widget(_quiz_key(lesson, i))) for i, q in enumerate(lesson.model.quiz)
    ]


def _keep_answers(lesson: Lesson) -> None:
    """The answers chosen now, kept with the lesson's quiz (the page's radios forget
    theirs when another page is opened)."""
    record = state.session().lessons.quiz.setdefault(lesson.id, {})
    record["answers"] = {
        i: state.widget(_quiz_key(lesson, i)) for i in range(len(lesson.model.quiz))
    }


def restore_answers(lesson: Lesson) -> None:
    """Put the kept answers back into the quiz's radios (coming back to the lesson)."""
    kept = state.session().lessons.quiz.get(lesson.id, {}).get("answers") or {}
    for i, q in enumerate(lesson.model.quiz):
        key = _quiz_key(lesson, i)
        value = kept.get(i)
        if not state.has_widget(key) and value in [str(c) for c in q.choices]:
            state.set_widget(key, value)


def _record(lesson: Lesson) -> None:
    """Check the quiz (the button), or re-check it after a change once it was checked."""
    marks = quiz_marks(lesson)
    for i, q in enumerate(lesson.model.quiz):  # a wrong answer goes in the review deck
        if marks[i] == "wrong":
            state.quiz_wrong(lesson.id, i, q.answer)
    score = quiz_score(marks)
    record = state.session().lessons.quiz.setdefault(lesson.id, {})
    record.update({"right": score.correct, "total": score.total, "checked": True})
    state.session().quiz_changed()
    _keep_answers(lesson)


def _changed(lesson: Lesson) -> None:
    _keep_answers(lesson)
    if state.session().lessons.quiz.get(lesson.id, {}).get("checked"):
        _record(lesson)  # the score follows every change once the quiz is checked


def _quiz(lesson: Lesson) -> None:
    st.subheader(t("lessons.quiz"))
    restore_answers(lesson)
    checked = bool(state.session().lessons.quiz.get(lesson.id, {}).get("checked"))
    marks = quiz_marks(lesson)
    for i, q in enumerate(lesson.model.quiz):
        st.radio(
            inert_markdown(q.question),
            [str(c) for c in q.choices],
            format_func=inert_markdown,
            index=None,
            key=_quiz_key(lesson, i),
            on_change=_changed,
            args=(lesson,),
        )
        if not checked:
            continue
        if marks[i] == "unanswered":
            st.info(t("lessons.quiz_unanswered"), icon=":material/radio_button_unchecked:")
        elif marks[i] == "correct":
            st.success(
                t("lessons.quiz_correct", explain=q.explain) if q.explain else t("run.correct"),
                icon=":material/check_circle:",
            )
        else:
            answer = t("run.quoted", text=str(q.answer))
            st.warning(
                t("lessons.quiz_wrong", answer=answer, explain=q.explain).strip(),
                icon=":material/help:",
            )
    st.button(t("lessons.check"), key=f"check_{lesson.id}", on_click=_record, args=(lesson,))
    if checked:
        score = quiz_score(marks)
        if score.unanswered:
            left = tn("lessons.quiz_left", score.unanswered)
            text = t("lessons.quiz_score_left", right=score.correct, total=score.total, left=left)
        else:
            text = t("lessons.quiz_score", right=score.correct, total=score.total)
        (st.success if score.perfect else st.info)(text)


def show_lesson(lesson: Lesson) -> None:
    """One lesson: text, scenarios, quiz."""
    class_link.lesson_open(lesson.id)  # the time until the next run is spent on it
    common.page_top("lessons", lesson.id)  # another lesson opens at the page's top
    st.header(inert_markdown(lesson.title))
    if lesson.from_game is not None:
        st.caption(t("tracks.part_of", track=track_heading(lesson.from_game, lesson.game)))
    st.markdown(inert_markdown(lesson.model.text))
    if lesson.model.scenarios:
        _scenarios(lesson)
    if lesson.model.quiz:
        _quiz(lesson)
    show_left(lesson)
    show_next_lesson(lesson)


def show_next_lesson(lesson: Lesson) -> None:
    """ "Next lesson": the next lesson on the lesson's own path (the course, or the track
    it belongs to); after the path's last, the first lesson of it not done yet, or, when
    all are done, that it is finished and what comes next."""
    lessons, _ = course(state.settings().language)
    following = next_lesson(lesson.id, lessons)
    if following is not None:
        st.button(
            t("lessons.next_lesson", title=inert_markdown(following.title)),
            key=f"next_lesson_{lesson.id}",
            on_click=open_lesson,
            args=(following,),
            type="primary",
            icon=":material/arrow_forward:",
        )
        return
    path = path_of(lesson, lessons)
    todo = first_not_done(path, lesson_done)
    if todo is not None and todo.id != lesson.id:
        st.button(
            t("lessons.still_to_do", title=inert_markdown(todo.title)),
            key=f"still_to_do_{lesson.id}",
            on_click=open_lesson,
            args=(todo,),
            icon=":material/undo:",
        )
    elif todo is None:
        show_path_finished(lesson)


def show_path_finished(lesson: Lesson) -> None:
    """The course or the track is finished: say so, and offer what comes next."""
    if lesson.from_game is None:
        text = t("lessons.course_done", game=common.game_title(lesson.game))
    else:
        text = t("lessons.track_done", track=track_heading(lesson.from_game, lesson.game))
    st.success(text, icon=":material/celebration:")
    show_whats_next(lesson.id)


# --- tracks between games -----------------------------------------------------------------


def track_heading(from_game: str, game: str) -> str:
    """A track's title in the learner's words: "From Belote to French Tarot"."""
    return t("tracks.heading", source=common.game_title(from_game), target=common.game_title(game))


def show_tracks(tracks: list[Track], current: Lesson) -> None:
    """The tracks into the game shown: a heading each, and a button per lesson that opens it."""
    for track in tracks:
        st.header(track_heading(track.from_game, track.game))
        st.caption(
            t(
                "tracks.intro",
                source=common.game_title(track.from_game),
                target=common.game_title(track.game),
            )
        )
        counted = count_done(track.lessons, lesson_done)
        st.caption(t("tracks.progress", done=counted.done, total=counted.total))
        for le in track.lessons:
            st.button(
                ("✓ " if lesson_done(le) else "") + inert_markdown(le.title),
                key=f"track_open_{le.id}",
                on_click=_set_lesson,
                args=(le.id,),
                type="primary" if le.id == current.id else "secondary",
            )


# --- the page ----------------------------------------------------------------------------


def _apply_link(lessons: list[Lesson]) -> None:
    """``?lesson=<id>`` or ``?lesson=<game>/<nn>`` opens that lesson (when it is not
    the one open already)."""
    link = st.query_params.get("lesson")
    if not link or link == state.session().lessons.lesson:
        return
    found = resolve_lesson_link(link, [le.id for le in lessons])
    if found is None:
        st.warning(t("lessons.unknown_link", lesson=inert_markdown(link[:80])))
        return
    if found != state.session().lessons.lesson:
        state.session().open_lesson(found)


def show_lesson_link(lesson: Lesson) -> None:
    """The lesson's own link (``?lesson=<game>/<nn>``), ready to copy."""
    st.caption(t("playlist.lesson_link_line"))
    st.code(
        with_lang(f"{page_url('lessons')}?lesson={lesson_link(lesson.id)}"),
        language=None,
        wrap_lines=True,
    )


@st.cache_data(show_spinner=False, ttl=60)
def example_playlists(lang: str = "en") -> tuple[list[Playlist], list[str]]:
    """The playlists of ``lessons/playlists``, their titles and notes in ``lang`` where
    translated (read again at most once a minute)."""
    return load_playlists(lang=lang)


def playlist_game(playlist: Playlist) -> str | None:
    """The game of a playlist: that of its first scenario named by id."""
    for item in playlist.items:
        game = item.split("/", 1)[0]
        if game in GAMES:
            return game
    return None


def show_playlists(game: str) -> None:
    """The example playlists of a game, each with its link and a button to open it."""
    playlists, problems = example_playlists(state.settings().language)
    mine = [p for p in playlists if playlist_game(p) == game]
    if not mine and not problems:
        return
    st.header(t("playlist.examples"))
    st.caption(t("playlist.examples_help"))
    for i, pl in enumerate(mine):
        with st.container(border=True):
            st.markdown(f"**{inert_markdown(pl.title)}**")
            if pl.note:
                st.markdown(inert_markdown(pl.note))
            st.caption(tn("plural.scenarios", len(pl.items)))
            if st.button(t("playlist.open"), key=f"playlist_open_{game}_{i}"):
                st.switch_page(navigation.PLAY_PAGE, query_params=to_query(pl))
            # Folded: the link is long (a playlist travels whole in it) and only a teacher
            # copies it.
            with st.expander(t("playlist.link_fold"), icon=":material/link:"):
                st.code(playlist_link(page_url("play"), pl), language=None, wrap_lines=True)
    if problems:
        st.warning(t("playlist.examples_broken"))
        st.code("\n".join(problems), language=None)


def _on_game() -> None:
    lessons, _ = course(state.settings().language)
    first = start_lesson(state.widget("lessons_game"), lessons, lesson_done)
    _set_lesson(first.id if first is not None else None)


def _on_pick(game: str) -> None:
    _set_lesson(state.widget(f"lessons_pick_{game}"))


def main() -> None:
    """The page."""
    st.title(t("lessons.title"))
    lessons, error = course(state.settings().language)
    if error:
        st.error(t("lessons.broken"))
        st.code(error, language=None)
    _apply_link(lessons)
    current = lesson_by_id(state.session().lessons.lesson or "", lessons)
    if current is not None:  # the open lesson decides the game shown
        state.set_widget("lessons_game", current.game)
    elif state.widget("lessons_game") not in GAMES:  # else the game being learnt
        state.set_widget("lessons_game", state.session().default_game(GAMES[0]))
    with st.sidebar:
        game = st.selectbox(
            t("play.game"),
            GAMES,
            format_func=common.game_title,
            key="lessons_game",
            on_change=_on_game,
        )
    mine = [le for le in lessons if le.game == game]  # the course and the tracks into it
    if not mine:
        st.info(t("lessons.none"))
        return
    own = course_lessons(game, lessons) or mine
    if current is None or current.game != game:
        current = start_lesson(game, lessons, lesson_done) or own[0]
        _set_lesson(current.id)
    counted = count_done(own, lesson_done)  # the course; each track counts under its heading
    st.progress(
        counted.done / counted.total,
        text=t("lessons.course_progress", done=counted.done, total=counted.total),
    )
    titles = {le.id: ("✓ " if lesson_done(le) else "") + le.title for le in own}
    # a track lesson open: no lesson of the course is picked
    state.set_widget(f"lessons_pick_{game}", current.id if current.id in titles else None)
    # One line, not a list of every lesson: on a phone the list filled the first screen.
    st.selectbox(
        t("lessons.choose"),
        list(titles),
        format_func=lambda lid: titles[lid],
        key=f"lessons_pick_{game}",
        on_change=_on_pick,
        args=(game,),
    )
    show_tracks(tracks_of(game, lessons), current)
    asked = st.query_params.get("lesson")
    if asked != current.id and asked != lesson_link(current.id):
        _set_lesson(current.id)  # the address names the lesson open
    show_lesson(current)
    show_lesson_link(current)
    show_playlists(game)
