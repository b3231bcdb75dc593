"""The app's session: one :class:`AppSession` under one ``st.session_state`` key
(:data:`SESSION`), reached through :func:`session`.

Every value the app keeps across reruns is a typed attribute of it, in a part per page
(:class:`PlayPart`, :class:`PracticePart`, :class:`ReviewPart`...), so its name, type and
default are written once. A scenario's play is one
:class:`~tutorial.webapp.scenario_session.ScenarioSession` per scenario, in
:attr:`PlayPart.scenarios`.

What stays in ``st.session_state`` by key is what Streamlit owns: a widget's value lives
under its ``key=`` (Streamlit's convention), a component's state under its key. Pages read
and set those through :func:`widget`, :func:`set_widget` and :func:`drop_widget` with the
key they give the widget; the keys shared by more than one module are the constants
below.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar, cast

import streamlit as st
from pydantic import ValidationError
from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

from tutorial.course.practice import PracticeHand
from tutorial.course.progress import CAP, Progress, QuizRecord, ScenarioRecord, keep_wrong, merge
from tutorial.course.recorder import Move, ScenarioProgress, deck_note, game_of, record_move
from tutorial.course.review_deck import (
    COSTLY,
    PracticeSource,
    QuizSource,
    ReviewDeck,
    ScenarioSource,
    clear,
    moment_of_day,
)
from tutorial.course.review_position import PracticeTry
from tutorial.scenarios import actions
from tutorial.scenarios.checker import Checked
from tutorial.scenarios.runtime import Run
from tutorial.webapp.link_state import LinksPart
from tutorial.webapp.scenario_session import ScenarioSession

#: The one ``st.session_state`` key of the app's own state.
SESSION = "atout_session"

#: Widget keys read or set by more than one module (Streamlit keeps a widget's value under
#: its key; every other widget key is written once, at its widget).
WORKSHOP_TEXT = "workshop_text"  # the Workshop's text area
PLAY_GAME = "play_game"  # the Play page's game picker
PLAY_PICK = "play_pick"  # the Play page's scenario picker
TYPED_CARD = "typed_card"  # the Play page's typed card or answer

#: The key under which a run of the app adds its seconds when ``ATOUT_TIMING`` is set:
#: ``python -m tutorial bench-app`` reads it (its empty app for comparison writes the same).
TIMING = "_timing"

#: The environment variable that lets ``?today=YYYY-MM-DD`` set the review deck's day
#: (the browser tests' server sets it to 1; never set in production).
TEST_CLOCK = "ATOUT_TEST_CLOCK"

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
class LanguagePart:
    """Where the language came from and what the address said of it."""

    source: str = "default"  # where Settings.language came from (LANG_SOURCES)
    notice: str = ""  # a notice about a ?lang= value, shown once
    written: str = ""  # the ?lang= the app itself last put in the address


@dataclass
class StorePart:
    """The browser's copy of the progress (:mod:`tutorial.webapp.store`)."""

    loaded: bool = False  # the browser's stored progress has been read
    notice: str = ""  # a notice about the stored progress, shown once
    broken: bool = False  # the stored value was unreadable (set it aside)
    drawn: bool = False  # the store was drawn in this run (by a page's fragment)
    whole_run: bool = False  # what the store brought needs a whole run of the app
    #: The progress code last handed to the browser and the progress it encodes.
    saved: tuple[Progress, str] | None = None


#: The key of the scenario written on the Workshop page among the Play page's scenarios.
WORKSHOP_ID = "workshop"


@dataclass
class PlayPart:
    """The Play page: every scenario's play, the one open, the link applied."""

    scenarios: dict[str, ScenarioSession] = field(default_factory=dict)
    current: str | None = None  # the scenario open in the player
    link_applied: str = ""  # the deep link (query string) already applied
    #: What a pasted problem report's box said (its error, "" when none), by box key.
    paste_error: dict[str, str] = field(default_factory=dict)


@dataclass
class LessonsPart:
    """The Lessons page: the lesson open and the quiz answers per lesson id."""

    lesson: str | None = None
    quiz: dict[str, dict[str, Any]] = field(default_factory=dict)


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
class PracticePart:
    """The Practice page's hand and what is shown beside it."""

    hand: PracticeHand | None = None
    frames: tuple[PracticeHand, ...] = ()  # the moves to show one by one
    news: str = ""  # what happened since the learner's last move
    next_seed: int | None = None  # the seed of the next deal (tests set it)
    link_applied: str = ""  # the deal link already opened (or written) here
    link_problem: str = ""  # why the last deal link could not be opened
    advice: dict[tuple[Any, ...], Any] = field(default_factory=dict)  # bid advice, by position
    #: The practice review's "show me" line: hand, move, line, step (None: not shown).
    show_me: dict[str, Any] | None = None


@dataclass
class ReviewPart:
    """The review deck's pages: the card under review and what answering it said."""

    open: str | None = None  # the deck card being reviewed at the Play page's table
    done: tuple[str, int, int] | None = None  # the card just reviewed, its rating, days
    today: datetime | None = None  # the day set by ?today= (test clock only)
    practice_try: PracticeTry | None = None  # the practice card open at the Review page
    practice_gone: frozenset[str] = frozenset()  # practice cards that could not be rebuilt
    quiz_result: tuple[str, bool | None, int] | None = None  # the last card answered here
    cleared: bool = False  # the deck was just cleared (said once)
    set_aside: bool = False  # a card was just set aside (said once)
    asked: str | None = None  # the ?game= the page last followed


@dataclass
class WorkshopPart:
    """The Workshop: its scenario checked, playable, and the last check's verdict."""

    checked: Checked | None = None
    last_check: tuple[str, Checked | None, list[str]] | None = None  # digest, result, problems


@dataclass
class ClassPart:
    """The classes: the learner's membership and the teacher's secret."""

    #: The learner's class (a ``class_link.Membership``; made by class_link on first use).
    membership: object = None
    #: The teacher secret of the class the Teacher page shows: None while unknown (the
    #: browser's copy not read yet), "" once forgotten, else the secret (never in the
    #: address).
    teacher_secret: str | None = None
    #: The learner the teacher removed last, by the name shown, while the page offers a
    #: new join code beside that answer (None: no removal to answer).
    removed_learner: str | None = None
    #: The join code a join link brought, put in the form's box until the learner joins
    #: or types another ("" for none).
    code_from_link: str = ""


@dataclass
class LivePart:
    """The live class this session follows: as a learner or a guest (the session's link
    key, a guest's token), and what its page drew last (the poll's version and step), the
    last refused choice's sentence, the steps whose wrong answer went in the review deck."""

    #: The link key of the session followed ("" for none).
    link_key: str = ""
    #: A guest's token (None for a learner of the class: their class token answers).
    guest_token: str | None = None
    #: The guest's name as given (shown on their own screen).
    guest_name: str = ""
    #: The last choice refused: the session and step it was refused at, and why.
    refusal: tuple[int, int, str] | None = None
    #: The answer this page sent last, by (session, step), or read back from the store.
    sent: dict[tuple[int, int], str] = field(default_factory=dict)
    #: The (session, step) pairs whose stored answer this page has read.
    read: set[tuple[int, int]] = field(default_factory=set)
    #: The (session, step) pairs already noted in the review deck.
    noted: set[tuple[int, int]] = field(default_factory=set)
    #: How many sessions the teacher started here (names the start form's widgets afresh).
    starts: int = 0


@dataclass
class AppSession:
    """Everything the app keeps for one browser session, a part per page."""

    settings: Settings = field(default_factory=Settings)
    language: LanguagePart = field(default_factory=LanguagePart)
    #: Progress per scenario id (replaced, never changed in place: :meth:`put_progress`).
    progress: dict[str, ScenarioProgress] = field(default_factory=dict)
    #: The game of the lesson or scenario opened last, or of the game chosen last.
    learning_game: str | None = None
    #: The answers to the learner's actions (``common.tell``), by page key, and their page.
    told: dict[str, tuple[str, str]] = field(default_factory=dict)
    told_page: str | None = None
    store: StorePart = field(default_factory=StorePart)
    play: PlayPart = field(default_factory=PlayPart)
    links: LinksPart = field(default_factory=LinksPart)
    lessons: LessonsPart = field(default_factory=LessonsPart)
    practice: PracticePart = field(default_factory=PracticePart)
    review: ReviewPart = field(default_factory=ReviewPart)
    trainer: TrainerState = field(default_factory=TrainerState)
    workshop: WorkshopPart = field(default_factory=WorkshopPart)
    classes: ClassPart = field(default_factory=ClassPart)
    live: LivePart = field(default_factory=LivePart)
    #: The table component's actions answered, by component key (sent back as ``ack``).
    table_acks: dict[str, int] = field(default_factory=dict)
    _deck: ReviewDeck = field(default_factory=ReviewDeck)
    #: Counts every change to what the progress code holds made in place (a scenario's
    #: record, a quiz's score, the deck): the progress is exported again only when it or
    #: one of the two dicts (replaced whole by an import) changed.
    revision: int = 0
    #: The progress last exported, with what it was made of: the revision, the two dicts.
    exported: tuple[int, object, object, Progress] | None = None

    @property
    def deck(self) -> ReviewDeck:
        """The learner's review deck."""
        return self._deck

    @deck.setter
    def deck(self, value: ReviewDeck) -> None:
        if value is not self._deck:
            self._deck = value
            self.revision += 1

    def progress_of(self, scenario_id: str) -> ScenarioProgress:
        """The progress record of one scenario (an empty one before any move)."""
        return self.progress.get(scenario_id) or ScenarioProgress()

    def put_progress(self, scenario_id: str, value: ScenarioProgress) -> None:
        """Replace one scenario's progress record."""
        if self.progress.get(scenario_id) != value:
            self.progress[scenario_id] = value
            self.revision += 1

    def quiz_changed(self) -> None:
        """A quiz's score changed (the progress code holds it)."""
        self.revision += 1

    def scenario(self, scenario_id: str) -> ScenarioSession:
        """The play of a scenario in this session (an empty one before it is opened)."""
        return self.play.scenarios.setdefault(scenario_id, ScenarioSession())

    def open_scenario(self, scenario_id: str | None) -> None:
        """Open a scenario in the player (its game becomes the game being learnt)."""
        self.play.current = scenario_id
        self.learn(game_of(scenario_id))

    def open_lesson(self, lesson_id: str | None) -> None:
        """Open a lesson (its game becomes the game being learnt)."""
        self.lessons.lesson = lesson_id
        self.learn(game_of(lesson_id))

    def learn(self, game: str | None) -> None:
        """Remember the game being learnt (None leaves it as it is)."""
        if game is not None:
            self.learning_game = game

    def default_game(self, fallback: str) -> str:
        """The game a page opens on: the game being learnt, else ``fallback``."""
        return self.learning_game or fallback

    def set_review_open(self, key: str | None) -> None:
        """Open a deck card for review at the table (None: no card under review)."""
        self.review.open = key
        if key is not None:
            self.review.done = None


def session() -> AppSession:
    """This browser session's state (made on first use)."""
    ss = st.session_state
    found = ss.get(SESSION)
    if isinstance(found, AppSession):
        return found
    made = ss[SESSION] = AppSession()
    return made


def init() -> None:
    """Make the session's state if it is not there (called at the top of the app)."""
    session()


# --- widgets: the keys Streamlit owns ---------------------------------------------------


def widget(key: str, default: Any = None) -> Any:
    """The value of the widget (or component) drawn with ``key=key``, else ``default``
    (whatever the widget holds: its caller knows the widget and reads it as such)."""
    return st.session_state.get(key, default)


def set_widget(key: str, value: Any) -> None:
    """Set the value the widget drawn with ``key=key`` shows at its next drawing."""
    st.session_state[key] = value


def drop_widget(key: str) -> None:
    """Forget a widget's value (it shows its default at its next drawing)."""
    st.session_state.pop(key, None)


def keep_widgets(keep: Callable[[str], bool]) -> None:
    """Set again the value of every widget whose key ``keep`` accepts: a widget not drawn
    in a run loses its value, a value set by the page stays until it is drawn again."""
    ss = st.session_state
    for key in list(ss):
        name = str(key)
        if keep(name):
            ss[name] = ss[name]


def has_widget(key: str) -> bool:
    """Whether the widget drawn with ``key=key`` has a value in the session."""
    return key in st.session_state


def note_run_time(seconds: float) -> None:
    """Add a run's seconds under :data:`TIMING`, for the bench."""
    st.session_state.setdefault(TIMING, []).append(seconds)


# --- shortcuts the lower modules read ------------------------------------------------------


def settings() -> Settings:
    """The learner's settings."""
    return session().settings


def session_language() -> str | None:
    """The session's language (``Settings.language``, the one owner of it), for the
    catalogue to ask when a message is built in code that runs before the page sets the
    language (Streamlit runs a rerun's widget callbacks in another thread first); None
    outside a session (tests, workers, tools)."""
    if get_script_run_ctx(suppress_warning=True) is None:
        return None
    found = st.session_state.get(SESSION)
    return found.settings.language if isinstance(found, AppSession) else None


def progress() -> dict[str, ScenarioProgress]:
    """Progress per scenario id."""
    return session().progress


def progress_of(scenario_id: str) -> ScenarioProgress:
    """The progress record of one scenario."""
    return session().progress_of(scenario_id)


def scenario_session(scenario_id: str) -> ScenarioSession:
    """The play of a scenario in this session (an empty one before it is opened)."""
    return session().scenario(scenario_id)


def open_scenario_session(scenario_id: str, first: Run) -> ScenarioSession:
    """Start a scenario's play over from ``first`` and return it."""
    play = scenario_session(scenario_id)
    play.restart(first)
    return play


def store_loaded() -> bool:
    """Whether the browser's stored progress has been read in this session."""
    return session().store.loaded


M = TypeVar("M")


def class_membership(new: Callable[[], M]) -> M:
    """The learner's class in this session (``new()`` makes the first one)."""
    part = session().classes
    if part.membership is None:
        part.membership = new()
    return cast(M, part.membership)


def teacher_secret() -> str | None:
    """The teacher secret this session's Teacher page opens (None: not known yet, "":
    forgotten, so the browser's copy is dropped too)."""
    return session().classes.teacher_secret


def set_teacher_secret(secret: str) -> None:
    """Keep the teacher secret for this session ("" forgets it)."""
    session().classes.teacher_secret = secret


# --- progress ---------------------------------------------------------------------------


def export_progress() -> Progress:
    """The session's progress as a :class:`tutorial.course.progress.Progress`.

    Counters are capped at what a progress record accepts, so a long session can
    always be saved and exported. Made again only when the progress changed.
    """
    s = session()
    kept = s.exported
    if (
        kept is not None
        and kept[0] == s.revision
        and kept[1] is s.progress
        and kept[2] is s.lessons.quiz
    ):
        return kept[3]
    p = Progress(
        scenarios={
            sid: ScenarioRecord(
                done=p.done,
                mistakes=min(CAP, p.mistakes),
                hints=min(CAP, p.hints),
                stars=max(0, min(3, p.stars)),
                wrong=keep_wrong(p.wrong),
            )
            for sid, p in s.progress.items()
            if p.done or p.mistakes or p.hints
        },
        quizzes={
            lid: QuizRecord(
                right=max(0, min(1000, int(q.get("right", 0)))),
                total=max(0, min(1000, int(q.get("total", 0)))),
            )
            for lid, q in s.lessons.quiz.items()
            if "total" in q
        },
    )
    p = p.with_deck(s.deck) if s.deck != ReviewDeck() else p
    s.exported = (s.revision, s.progress, s.lessons.quiz, p)
    return p


def import_progress(p: Progress) -> None:
    """Replace the session's progress by an imported one (scenarios and quizzes)."""
    s = session()
    old = s.progress
    s.progress = {
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
    answers = s.lessons.quiz
    s.lessons.quiz = {
        lid: {**answers.get(lid, {}), "right": q.right, "total": q.total}
        for lid, q in p.quizzes.items()
    }
    s.deck = p.deck
    s.revision += 1


def merge_progress(p: Progress) -> None:
    """Merge a progress (the browser's stored one, or an imported code) into the session's.

    Raises:
        ProgressError: the two together hold too many records.
    """
    import_progress(merge(export_progress(), p))


def clear_progress() -> None:
    """Start afresh: forget every scenario and quiz result (the browser's copy follows)."""
    s = session()
    s.progress = {}
    s.lessons.quiz = {}
    s.revision += 1
    clear_deck()


def keep_move(move: Move) -> None:
    """Keep what a scenario's move leaves (:func:`tutorial.course.recorder.record_move`):
    the scenario's progress, the review deck, the card under review answered."""
    s = session()
    kept = record_move(
        s.progress_of(move.scenario), s.deck, move, under_review=s.review.open, now=now()
    )
    s.deck = kept.deck
    if kept.review_answered:
        s.set_review_open(None)
    if kept.reviewed is not None:
        s.review.done = kept.reviewed
    s.put_progress(move.scenario, kept.progress)


# --- language ---------------------------------------------------------------------------


def set_language_from(lang: str, source: str) -> bool:
    """Use ``lang`` (a supported language) unless the current one came from a stronger
    source (:data:`LANG_SOURCES`); True when it was taken."""
    s = session()
    if LANG_SOURCES[source] < LANG_SOURCES.get(s.language.source, 0):
        return False
    s.settings.language = lang
    s.language.source = source
    return True


# --- the review deck ------------------------------------------------------------------


def now() -> datetime:
    """The review deck's clock: the time now (UTC), or noon of the day a ``?today=``
    parameter sets when the test clock is on (:data:`TEST_CLOCK`); kept for the session."""
    part = session().review
    if os.environ.get(TEST_CLOCK) == "1":
        asked = st.query_params.get("today")
        if asked:
            with contextlib.suppress(ValueError):  # not a day: the clock stays as it was
                part.today = moment_of_day(asked)
        if part.today is not None:
            return part.today
    return datetime.now(UTC)


def clear_deck() -> None:
    """Empty the review deck (a copy in another tab or a code made before is not merged back)."""
    s = session()
    s.deck = clear(s.deck, now())
    s.set_review_open(None)


def quiz_wrong(lesson_id: str, question: int, answer: object) -> None:
    """A lesson's quiz question answered wrong goes in the review deck."""
    try:
        source = QuizSource(lesson=lesson_id, question=question)
    except ValidationError:
        return
    s = session()
    s.deck = deck_note(s.deck, source, game_of(lesson_id), now(), answers=[str(answer)[:40]])


def live_wrong(
    source: ScenarioSource | PracticeSource, game: str, tried: str, answers: list[str]
) -> None:
    """A live class's question answered wrong goes in the review deck, like a wrong try in
    a scenario (``source``: the scenario's step, or the practice deal's position)."""
    s = session()
    s.deck = deck_note(s.deck, source, game, now(), tried=tried[:40], answers=answers[:8])


def practice_costly(hand: PracticeHand, reviews: Any) -> None:
    """The practice hand's reviewed cards that cost at least
    :data:`tutorial.course.review_deck.COSTLY` points go in the review deck, each with the
    deal and the moves before it (enough to rebuild the position)."""
    s = session()
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
        s.deck = deck_note(
            s.deck,
            source,
            hand.game,
            now(),
            tried=actions.code(item.played),
            answers=[],
            lost=float(item.lost),
        )


#: ``ScenarioProgress`` is the recorder's (:mod:`tutorial.course.recorder`), kept here too.
__all__ = ["AppSession", "ScenarioProgress", "Settings", "session"]
