"""The app's session: every ``st.session_state`` key it keeps across reruns, in one
place, initialised with setdefault (the links' keys are in :mod:`tutorial.webapp.link_state`).

Pages read and change this state through these functions, so the keys, their types and
their defaults are written once; a scenario's play is one
:class:`~tutorial.webapp.scenario_session.ScenarioSession` per scenario, under one key.
What pages still read by key are their own widgets' values (a widget's key is its entry
in the session, Streamlit's convention) and the Practice page's hand, which that page
keeps under keys of its own.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import streamlit as st

from tutorial.engine.games import GAMES
from tutorial.scenarios.runtime import Run
from tutorial.webapp.scenario_session import ScenarioSession

# Keys (the only place they are spelled)
PROGRESS = "progress"  # dict[str, ScenarioProgress]
SCENARIOS = "scenarios"  # dict[str, ScenarioSession]: per scenario, its play (runs and all)
SETTINGS = "settings"  # Settings
CURRENT = "current_scenario"  # str | None
WORKSHOP_TEXT = "workshop_text"  # str
WORKSHOP = "workshop_checked"  # Checked | None: the workshop's scenario, playable
LINK_APPLIED = "link_applied"  # str: the deep link already applied this session
LESSON = "lesson"  # str | None: the lesson open on the Lessons page
LEARNING = "learning_game"  # str | None: the game of the lesson or scenario opened last
TRAINER = "trainer"  # TrainerState
QUIZ = "quiz"  # dict[str, dict[str, Any]]: lesson quiz answers
STORE_LOADED = "store_loaded"  # bool: the browser's stored progress has been read
STORE_NOTICE = "store_notice"  # str: a notice about the stored progress, shown once
STORE_BROKEN = "store_broken"  # bool: the stored value was unreadable (set it aside)
LANG_SOURCE = "lang_source"  # str: where Settings.language came from (LANG_SOURCES)
LANG_NOTICE = "lang_notice"  # str: a notice about a ?lang= value, shown once
LANG_WRITTEN = "lang_written"  # str: the ?lang= the app itself last put in the address
DECK = "review_deck"  # review_deck.Deck: the learner's review deck
REVIEW_OPEN = "review_open"  # str | None: the deck card being reviewed at the Play page's table
REVIEW_DONE = "review_done"  # tuple[str, int, int] | None: the card just reviewed, its rating, days
TODAY = "review_today"  # datetime | None: the day set by ?today= (test clock only)

#: The environment variable that lets ``?today=YYYY-MM-DD`` set the review deck's day
#: (the browser tests' server sets it to 1; never set in production).
TEST_CLOCK = "ATOUT_TEST_CLOCK"
CLASS_MEMBERSHIP = "class_membership"  # class_link.Membership: the class joined, its syncs
#: The teacher secret of the class the Teacher page shows: None while unknown (the
#: browser's copy not read yet), "" once forgotten, else the secret (never in the address).
TEACHER_SECRET = "teacher_secret"

#: Where the page's language came from, and how strong that is: a weaker source never
#: overrides a stronger one. A link's ``?lang=`` and the sidebar's choice are never
#: overridden by the browser's languages or its stored choice, which arrive a moment
#: after the first run; the browser's ``navigator.languages`` refine its first locale.
LANG_SOURCES = {"default": 0, "locale": 1, "browser": 2, "stored": 3, "link": 4, "chosen": 4}


@dataclass
class Settings:
    """The learner's display settings."""

    four_colour: bool = False
    presenter: bool = False
    language: str = "en"  # one of tutorial.language.i18n.SUPPORTED


@dataclass
class TrainerState:
    """The counting trainer: which hand, which trick, what the learner counted."""

    game: str = "belote"
    seed: int = 1
    index: int = 0
    answers: dict[int, float] | None = None
    last: str = ""  # the last diagnosis shown
    last_right: bool = False


@dataclass
class ScenarioProgress:
    """What a learner did with one scenario."""

    done: bool = False
    mistakes: int = 0
    hints: int = 0
    attempts: int = 0
    stars: int = 0  # the best finish (3, 2 or 1); 0 until finished
    wrong: dict[str, int] = field(default_factory=dict)  # wrong card code -> tries (capped)


def init() -> None:
    """Create every key with its default (idempotent; called at the top of the app)."""
    ss = st.session_state
    if LINK_APPLIED in ss:  # the last key created: all are there (the cheap common case)
        return
    ss.setdefault(PROGRESS, {})
    ss.setdefault(SCENARIOS, {})
    ss.setdefault(SETTINGS, Settings())
    ss.setdefault(CURRENT, None)
    ss.setdefault(WORKSHOP_TEXT, "")
    ss.setdefault(QUIZ, {})
    ss.setdefault(WORKSHOP, None)
    ss.setdefault(LESSON, None)
    ss.setdefault(LEARNING, None)
    ss.setdefault(TRAINER, TrainerState())
    ss.setdefault(STORE_LOADED, False)
    ss.setdefault(STORE_NOTICE, "")
    ss.setdefault(STORE_BROKEN, False)
    ss.setdefault(LANG_SOURCE, "default")
    ss.setdefault(LANG_NOTICE, "")
    ss.setdefault(LANG_WRITTEN, "")
    ss.setdefault(DECK, None)
    ss.setdefault(REVIEW_OPEN, None)
    ss.setdefault(REVIEW_DONE, None)
    ss.setdefault(TODAY, None)
    ss.setdefault(LINK_APPLIED, "")


def settings() -> Settings:
    """The learner's settings."""
    init()
    value: Settings = st.session_state[SETTINGS]
    return value


def session_language() -> str | None:
    """The session's language (``Settings.language``, the one owner of it), for the
    catalogue to ask when a message is built in code that runs before the page sets the
    language (Streamlit runs a rerun's widget callbacks in another thread first); None
    outside a session (tests, workers, tools)."""
    from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

    if get_script_run_ctx(suppress_warning=True) is None:
        return None
    settings = st.session_state.get(SETTINGS)
    return getattr(settings, "language", None)


def progress() -> dict[str, ScenarioProgress]:
    """Progress per scenario id."""
    init()
    value: dict[str, ScenarioProgress] = st.session_state[PROGRESS]
    return value


def progress_of(scenario_id: str) -> ScenarioProgress:
    """The progress record of one scenario (created when first asked)."""
    return progress().setdefault(scenario_id, ScenarioProgress())


def quiz() -> dict[str, dict[str, Any]]:
    """Quiz answers per lesson id."""
    init()
    value: dict[str, dict[str, Any]] = st.session_state[QUIZ]
    return value


# --- runs ----------------------------------------------------------------------------


def scenario_session(scenario_id: str) -> ScenarioSession:
    """The play of a scenario in this session (an empty one before it is opened)."""
    init()
    sessions: dict[str, ScenarioSession] = st.session_state[SCENARIOS]
    return sessions.setdefault(scenario_id, ScenarioSession())


def forget_scenario_session(scenario_id: str) -> None:
    """Drop a scenario's play (the Workshop's, when its text changes)."""
    init()
    st.session_state[SCENARIOS].pop(scenario_id, None)


def open_scenario_session(scenario_id: str, first: Run) -> ScenarioSession:
    """Start a scenario's play over from ``first`` and return it."""
    session = scenario_session(scenario_id)
    session.restart(first)
    return session


def current_scenario() -> str | None:
    """The scenario open in the player."""
    init()
    value: str | None = st.session_state[CURRENT]
    return value


def set_current_scenario(scenario_id: str | None) -> None:
    """Open a scenario in the player (its game becomes the game being learnt)."""
    init()
    st.session_state[CURRENT] = scenario_id
    set_learning_game(_game_of(scenario_id))


def _game_of(item_id: str | None) -> str | None:
    """The game a lesson or scenario id names (``tarot/petit-sec``: tarot), if any."""
    game = (item_id or "").split("/", 1)[0]
    return game if game in GAMES else None


def learning_game() -> str | None:
    """The game being learnt: that of the lesson or scenario opened last, or of the
    game chosen last on a page (None before any)."""
    init()
    value: str | None = st.session_state.get(LEARNING)
    return value


def set_learning_game(game: str | None) -> None:
    """Remember the game being learnt (None leaves it as it is)."""
    init()
    if game is not None:
        st.session_state[LEARNING] = game


def default_game(fallback: str) -> str:
    """The game a page opens on: the game being learnt, else ``fallback``."""
    return learning_game() or fallback


def workshop_scenario() -> Any:
    """The scenario checked in the workshop (a ``Checked``), or None."""
    init()
    return st.session_state[WORKSHOP]


def set_workshop_scenario(checked: Any) -> None:
    """Keep the workshop's checked scenario for the player."""
    init()
    st.session_state[WORKSHOP] = checked


def link_applied() -> str:
    """The deep link (query string) already applied in this session."""
    init()
    value: str = st.session_state[LINK_APPLIED]
    return value


def set_link_applied(link: str) -> None:
    """Remember that a deep link was applied (so reruns do not re-apply it)."""
    init()
    st.session_state[LINK_APPLIED] = link


def lesson() -> str | None:
    """The lesson open on the Lessons page."""
    init()
    value: str | None = st.session_state[LESSON]
    return value


def set_lesson(lesson_id: str | None) -> None:
    """Open a lesson (its game becomes the game being learnt)."""
    init()
    st.session_state[LESSON] = lesson_id
    set_learning_game(_game_of(lesson_id))


def trainer() -> TrainerState:
    """The counting trainer's state."""
    init()
    value: TrainerState = st.session_state[TRAINER]
    return value


def export_progress() -> Any:
    """The session's progress as a :class:`tutorial.course.progress.Progress`.

    Counters are capped at what a progress record accepts, so a long session can
    always be saved and exported.
    """
    from tutorial.course.progress import CAP, Progress, QuizRecord, ScenarioRecord, keep_wrong
    from tutorial.course.review_deck import Deck

    p = Progress(
        scenarios={
            sid: ScenarioRecord(
                done=p.done,
                mistakes=min(CAP, p.mistakes),
                hints=min(CAP, p.hints),
                stars=max(0, min(3, p.stars)),
                wrong=keep_wrong(p.wrong),
            )
            for sid, p in progress().items()
            if p.done or p.mistakes or p.hints
        },
        quizzes={
            lid: QuizRecord(
                right=max(0, min(1000, int(q.get("right", 0)))),
                total=max(0, min(1000, int(q.get("total", 0)))),
            )
            for lid, q in quiz().items()
            if "total" in q
        },
    )
    kept = deck()
    return p.with_deck(kept) if kept != Deck() else p


def import_progress(p: Any) -> None:
    """Replace the session's progress by an imported one (scenarios and quizzes)."""
    init()
    old = progress()
    st.session_state[PROGRESS] = {
        sid: ScenarioProgress(
            done=r.done,
            mistakes=r.mistakes,
            hints=r.hints,
            attempts=old[sid].attempts if sid in old else 0,
            stars=r.stars,
            wrong=dict(r.wrong),
        )
        for sid, r in p.scenarios.items()
    }
    answers = quiz()
    st.session_state[QUIZ] = {
        lid: {**answers.get(lid, {}), "right": q.right, "total": q.total}
        for lid, q in p.quizzes.items()
    }
    set_deck(p.deck)


def merge_progress(p: Any) -> None:
    """Merge a progress (the browser's stored one, or an imported code) into the session's.

    Raises:
        ProgressError: the two together hold too many records.
    """
    from tutorial.course.progress import merge

    import_progress(merge(export_progress(), p))


def record_wrong(scenario_id: str, position: Any, text: str) -> None:
    """Count a wrong card (or bid) tried in a scenario, for the teacher's class view.

    ``text`` is what the learner clicked or typed at ``position`` (an engine state); it
    is kept in the engine's notation (``9h`` and ``9♥`` count as ``9H``).
    """
    from tutorial.course.progress import add_wrong
    from tutorial.engine.errors import TutorialError
    from tutorial.scenarios import actions

    try:
        code = actions.code(actions.parse(position, text))
    except TutorialError:
        return
    prog = progress_of(scenario_id)
    prog.wrong = add_wrong(prog.wrong, code)


def clear_progress() -> None:
    """Start afresh: forget every scenario and quiz result (the browser's copy follows)."""
    init()
    st.session_state[PROGRESS] = {}
    st.session_state[QUIZ] = {}
    clear_deck()


def store_loaded() -> bool:
    """Whether the browser's stored progress has been read in this session."""
    init()
    return bool(st.session_state[STORE_LOADED])


def set_store_loaded(value: bool) -> None:
    """Mark the browser's stored progress as read."""
    init()
    st.session_state[STORE_LOADED] = value


def store_notice() -> str:
    """A notice about the stored progress, waiting to be shown."""
    init()
    return str(st.session_state[STORE_NOTICE])


def set_store_notice(text: str) -> None:
    """Set (or clear) the notice about the stored progress."""
    init()
    st.session_state[STORE_NOTICE] = text


def store_broken() -> bool:
    """Whether the stored value was unreadable and must be set aside."""
    init()
    return bool(st.session_state[STORE_BROKEN])


def set_store_broken(value: bool) -> None:
    """Flag the stored value as unreadable (the store sets it aside on its next run)."""
    init()
    st.session_state[STORE_BROKEN] = value


def class_membership(new: Any) -> Any:
    """The learner's class in this session (a ``class_link.Membership``; ``new()`` makes the
    first one)."""
    ss = st.session_state
    if CLASS_MEMBERSHIP not in ss:
        ss[CLASS_MEMBERSHIP] = new()
    return ss[CLASS_MEMBERSHIP]


def teacher_secret() -> str | None:
    """The teacher secret this session's Teacher page opens (None: not known yet, "":
    forgotten, so the browser's copy is dropped too)."""
    found = st.session_state.get(TEACHER_SECRET)
    return found if isinstance(found, str) else None


def set_teacher_secret(secret: str) -> None:
    """Keep the teacher secret for this session ("" forgets it)."""
    st.session_state[TEACHER_SECRET] = secret


# --- language ---------------------------------------------------------------------------


def language_source() -> str:
    """Where the session's language came from (one of :data:`LANG_SOURCES`)."""
    init()
    return str(st.session_state.get(LANG_SOURCE, "default"))


def set_language_from(lang: str, source: str) -> bool:
    """Use ``lang`` (a supported language) unless the current one came from a stronger
    source (:data:`LANG_SOURCES`); True when it was taken."""
    if LANG_SOURCES[source] < LANG_SOURCES.get(language_source(), 0):
        return False
    settings().language = lang
    st.session_state[LANG_SOURCE] = source
    return True


def language_notice() -> str:
    """A notice about the language asked for, waiting to be shown."""
    init()
    return str(st.session_state.get(LANG_NOTICE, ""))


def set_language_notice(text: str) -> None:
    """Keep a notice about the language asked for (shown once, then cleared)."""
    init()
    st.session_state[LANG_NOTICE] = text


def language_written() -> str:
    """The ``?lang=`` value the app itself last wrote in the address ("" when none): seen
    again, it is not a new link (a stored choice arriving later may still change it)."""
    init()
    return str(st.session_state.get(LANG_WRITTEN, ""))


def set_language_written(lang: str) -> None:
    """Remember the ``?lang=`` value the app wrote in the address."""
    init()
    st.session_state[LANG_WRITTEN] = lang


# --- the review deck ------------------------------------------------------------------


def now() -> datetime:
    """The review deck's clock: the time now (UTC), or noon of the day a ``?today=``
    parameter sets when the test clock is on (:data:`TEST_CLOCK`); kept for the session."""
    init()
    if os.environ.get(TEST_CLOCK) == "1":
        from tutorial.course.review_deck import moment_of_day

        asked = st.query_params.get("today")
        if asked:
            with contextlib.suppress(ValueError):  # not a day: the clock stays as it was
                st.session_state[TODAY] = moment_of_day(asked)
        day: datetime | None = st.session_state[TODAY]
        if day is not None:
            return day
    return datetime.now(UTC)


def deck() -> Any:
    """The learner's review deck (a :class:`tutorial.course.review_deck.Deck`)."""
    from tutorial.course.review_deck import Deck

    init()
    value = st.session_state[DECK]
    if value is None:
        value = st.session_state[DECK] = Deck()
    return value


def set_deck(value: Any) -> None:
    """Replace the review deck."""
    init()
    st.session_state[DECK] = value


def clear_deck() -> None:
    """Empty the review deck (a copy in another tab or a code made before is not merged back)."""
    from tutorial.course.review_deck import clear

    set_deck(clear(deck(), now()))
    set_review_open(None)


def note_deck_wrong(source: Any, game: str | None, **card: Any) -> None:
    """Put a wrong answer in the review deck (``card``: what
    :func:`tutorial.course.review_deck.note_wrong` takes); a position the deck cannot
    name (the Workshop's scenario, a link's own) is left out."""
    from pydantic import ValidationError

    from tutorial.course.review_deck import note_wrong

    if game is None:
        return
    try:
        set_deck(note_wrong(deck(), source, game, now=now(), **card))
    except ValidationError:
        return


def scenario_outcome(scenario_id: str, before: Run, feedback: Any, tried: object) -> None:
    """A scenario's move was judged: a wrong one goes in the review deck, and this step's
    card is rated by the outcome when it is under review or due (the scenario played
    again from a lesson or a link answers it as well as the Review page's button)."""
    from pydantic import ValidationError

    from tutorial.course.review_deck import (
        ScenarioSource,
        card_key,
        is_due,
        rating_for,
        review,
    )
    from tutorial.scenarios.model import Play

    game = _game_of(scenario_id)
    if game is None or feedback.kind == "invalid" or feedback.as_good:
        return  # a card as good as the answer is no wrong try: the learner tries again
    try:
        source = ScenarioSource(scenario=scenario_id, step=before.step)
    except ValidationError:
        return
    key = card_key(source)
    card = deck().cards.get(key)
    if key == review_open() or (card is not None and is_due(card, now())):
        hinted = scenario_session(scenario_id).hint_tier > 0
        rating = rating_for(bool(feedback.ok), hinted=hinted)
        set_deck(review(deck(), key, rating, now()))
        set_review_open(None)
        reviewed = deck().cards.get(key)
        if reviewed is not None:
            from tutorial.course.review_deck import days_until_due

            st.session_state[REVIEW_DONE] = (key, int(rating), days_until_due(reviewed, now()))
    if not feedback.mistake:
        return
    step = before.current
    accept = step.play.accept if isinstance(step, Play) else []
    verdict = getattr(feedback, "verdict", None)
    reason = str(getattr(verdict, "code", "") or "")
    note_deck_wrong(
        source,
        game,
        tried=str(tried)[:40],
        answers=[str(a) for a in accept] if isinstance(accept, list) else [],
        reason="" if reason == "legal" else reason,
    )


def review_open() -> str | None:
    """The deck card being reviewed at the Play page's table (its key), or None."""
    init()
    value: str | None = st.session_state[REVIEW_OPEN]
    return value


def set_review_open(key: str | None) -> None:
    """Open a deck card for review at the table (None: no card under review)."""
    init()
    st.session_state[REVIEW_OPEN] = key
    if key is not None:
        st.session_state[REVIEW_DONE] = None


def review_done() -> tuple[str, int, int] | None:
    """The card reviewed last at the table: its key, its rating and the days until it is
    due again (None before any)."""
    init()
    value: tuple[str, int, int] | None = st.session_state[REVIEW_DONE]
    return value


def quiz_wrong(lesson_id: str, question: int, answer: object) -> None:
    """A lesson's quiz question answered wrong goes in the review deck."""
    from pydantic import ValidationError

    from tutorial.course.review_deck import QuizSource

    try:
        source = QuizSource(lesson=lesson_id, question=question)
    except ValidationError:
        return
    note_deck_wrong(source, _game_of(lesson_id), answers=[str(answer)[:40]])


def forget_review_done() -> None:
    """Forget the last review's result (once the Review page has shown it)."""
    init()
    st.session_state[REVIEW_DONE] = None


def practice_costly(hand: Any, reviews: Any) -> None:
    """The practice hand's reviewed cards that cost at least
    :data:`tutorial.course.review_deck.COSTLY` points go in the review deck, each with the
    deal and the moves before it (enough to rebuild the position)."""
    from pydantic import ValidationError

    from tutorial.course.review_deck import COSTLY, PracticeSource
    from tutorial.scenarios import actions

    for item in reviews:
        if item.lost < COSTLY:
            continue
        try:
            before = [actions.code(m.action) for m in hand.moves[: item.move]]
            source = PracticeSource(
                ruleset=hand.ruleset,
                seed=hand.seed,
                players=len(hand.table.seat_names),
                moves=before,
                trick=item.trick,
            )
        except (ValidationError, ValueError, IndexError):
            continue
        note_deck_wrong(
            source,
            hand.game,
            tried=actions.code(item.played),
            answers=[],
            lost=float(item.lost),
        )
