"""A live lesson: what a live class plays, decision by decision, with the engine's verdict
and the coach's reason for every answer the class gave (pure: no streamlit, no database).

A live class (``tutorial.classes.live`` keeps its session, steps and answers) plays a
scenario (by its id), a playlist (by its id: the file's stem under
``lessons/playlists/``) or a practice deal (by its link's query text, as
``practice.deal_query`` writes it and ``practice.parse_deal_query`` reads it:
``deal=42&game=tarot&players=4&rules=default&level=beginner``). :func:`open_lesson` opens
one; its decisions are numbered from 0:

- a scenario's decisions are its ``play`` and ``ask`` steps, in order; the line between
  them is the scenario's own (its ``auto`` steps, and at each decision its first accepted
  answer: ``Run.solve_current``). The answers counted right are the step's accepted ones;
  a wrong card's or answer's verdict is the runtime's own feedback (an answer's as the
  second wrong try gives it: the whole reasoning), a right one's the author's
  explanation or the engine's. A playlist plays its scenarios one after the other, the
  numbering going on.
- a practice deal's decisions are the learner seat's bids and cards; the other seats
  act as the Practice page's computer players (``practice.computer_action``). At each
  decision the line goes on with the best answer: the card the one judgement names best
  (``analysis.judgement.judge``), the bid the bidding advice puts first
  (``analysis.bid_advice.advise_bid``). Tarot's discard is no question here: the
  learner's seat lays the discard the discard advice puts first
  (``advise_discard_from``); the learner's other choices (a Belote declaration, a Tarot
  announcement) are the computer players' habit. A card is counted right when the
  judgement does not call it costly, and its verdict is its review
  (``analysis.card_review.review_card``: the Practice page's review of the same card);
  a bid is counted right when its review against the advice does not call it costly
  (``course.bid_review.review_bid``), so a figure's noise is never a verdict.

Everything is a function of (kind, ref, number): the same in every process, whatever
the clock. The engine's facts (the line, the judgements, the reviews) are worked out once
per process and kept (a bounded store under a lock, :class:`_Kept`); the sentences are
made when asked, in the language of the moment, so a learner reading Chinese and a board
reading English read their own words of the same facts. A scenario's line is played once
per language (its translation names the seats and words the questions). A scenario's wrong
card's cost, which the Play page works out within half a second on the clock, is worked
out here within the solver's nodes alone (``_cost_worked_out``). A practice deal that the
rules call off before anyone plays (Tarot's Petit sec) has no decision: ``step(0)`` is None.

The answers are written as the class database keeps them (printable ASCII): an action's
``actions.code``; a question's choice by the English file's words, or by its number
(``choice 2``) for a question whose words are not all plain text (``The carré``). A
choice's button words (``take ♥``, a translated choice) are read back as the choice.
"""

from __future__ import annotations

import dataclasses
import re
import threading
import urllib.parse
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Generic, Literal, TypeVar

from tutorial.analysis import card_review, hints
from tutorial.analysis.bid_advice import advise_bid, advise_discard_from
from tutorial.analysis.judgement import judge
from tutorial.analysis.solver import DEFAULT_NODE_BUDGET
from tutorial.course import practice
from tutorial.course.bid_review import BidReview, review_bid
from tutorial.course.library import scenarios_root
from tutorial.course.links import is_scenario_id
from tutorial.course.playlists import is_inline, load_playlists
from tutorial.course.practice import PracticeHand
from tutorial.course.review_deck import PracticeSource, ScenarioSource
from tutorial.engine.cards import Card
from tutorial.engine.contract import GameState
from tutorial.engine.errors import ScenarioError, TutorialError
from tutorial.engine.hand_order import sort_hand
from tutorial.engine.seats import seat_names
from tutorial.language.i18n import DEFAULT_LANGUAGE, language, speaking, t, tn
from tutorial.scenarios import actions
from tutorial.scenarios.checker import Checked, check_file
from tutorial.scenarios.model import AskStep, PlayStep
from tutorial.scenarios.reasons import speak
from tutorial.scenarios.runtime import Feedback, Run, start
from tutorial.scenarios.sides import same_answer
from tutorial.scenarios.translation import translate, translation_path

__all__ = [
    "ANSWER",
    "ANSWER_MOST",
    "COST_SECONDS",
    "LESSON_KINDS",
    "LessonKind",
    "LiveChoice",
    "LiveLesson",
    "LiveLessonError",
    "LiveReveal",
    "LiveRun",
    "LiveStep",
    "LiveVerdict",
    "forget_lessons",
    "open_lesson",
]

LessonKind = Literal["scenario", "playlist", "deal"]
#: What a live class may play (the class database's ``LIVE_KINDS`` say the same).
LESSON_KINDS: tuple[LessonKind, ...] = ("scenario", "playlist", "deal")
#: What the table picture draws at a decision: a scenario's run or a practice hand (both
#: are a ``pictures.table_view.TableRun``, a layer above this one).
LiveRun = Run | PracticeHand
StepKind = Literal["card", "bid", "discard", "ask"]

#: Lessons kept open in this process, the latest first out last.
LESSONS_KEPT = 64
#: Verdicts and reviews kept per lesson.
FACTS_KEPT = 2048
#: Seconds of a scenario's wrong card's cost on a clock that stands still: the solver's
#: nodes alone bound it (``_cost_worked_out``).
COST_SECONDS = 3600.0
#: A playlist's id: a file's stem under ``lessons/playlists/``.
_PLAYLIST_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,119}")
#: Printable ASCII, no space at either end, and the longest: the class database's answers.
ANSWER = re.compile(r"[!-~](?:[ -~]*[!-~])?")
ANSWER_MOST = 120


class LiveLessonError(TutorialError, ValueError):
    """A live lesson that cannot be opened or an answer that cannot be read (the message
    says why, in a sentence of the catalogue)."""


@dataclass(frozen=True)
class LiveChoice:
    """One answer that counts at a decision."""

    #: The canonical text the class database keeps (``actions.code`` for an action).
    text: str
    #: The learner's words for its button (a card with its suit's symbol, a bid in words).
    label: str


@dataclass(frozen=True)
class LiveStep:
    """One decision of a live lesson, as every learner answers it."""

    number: int
    game: str
    #: What the table draws at this decision, from the deciding seat.
    run: LiveRun
    seat: int
    kind: StepKind
    prompt: str
    #: Every answer that counts (empty: a free answer, a number or a seat's name).
    choices: tuple[LiveChoice, ...]
    #: Where a learner's review deck card for a wrong answer here points; None for a
    #: practice deal's bid, which has none: the Review page replays card positions, and the
    #: Practice page keeps bids out of the deck too (their review is the hand's own).
    source: ScenarioSource | PracticeSource | None
    title: str


@dataclass(frozen=True)
class LiveVerdict:
    """One answer's verdict at the reveal."""

    answer: str
    label: str
    #: Counted right.
    best: bool
    #: The engine's verdict and the coach's reason (for a right answer: why it is right).
    sentence: str


@dataclass(frozen=True)
class LiveReveal:
    """What the reveal shows of a decision: the answers counted right and why, and the
    verdict of each answer asked about."""

    step: int
    best: tuple[str, ...]
    best_reason: str
    verdicts: Mapping[str, LiveVerdict]


K = TypeVar("K")
V = TypeVar("V")


class _Kept(Generic[K, V]):
    """A bounded store of worked-out facts, safe across threads: the latest first out last."""

    def __init__(self, most: int) -> None:
        self._most = most
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def clear(self) -> None:
        """Forget every fact kept."""
        with self._lock:
            self._items.clear()

    def get(self, key: K, make: Callable[[], V]) -> V:
        """The fact kept for ``key``, or ``make()`` kept now (worked out outside the lock:
        two threads may both work it out, and the first one kept stays)."""
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        made = make()
        with self._lock:
            kept = self._items.setdefault(key, made)
            self._items.move_to_end(key)
            while len(self._items) > self._most:
                self._items.popitem(last=False)
            return kept


def _shown(text: str) -> str:
    """A reference cut short for a message."""
    return text if len(text) <= 40 else text[:40] + "…"


class LiveLesson:
    """A scenario, a playlist or a practice deal played as a live class's decisions."""

    kind: LessonKind
    ref: str

    def __init__(self, kind: LessonKind, ref: str) -> None:
        self.kind = kind
        self.ref = ref

    @property
    def game(self) -> str:
        """The lesson's game (a playlist's: its first scenario's)."""
        raise NotImplementedError

    @property
    def title(self) -> str:
        """The lesson's title, in the language of the moment."""
        raise NotImplementedError

    def step(self, number: int) -> LiveStep | None:
        """Decision ``number`` (None past the last one)."""
        raise NotImplementedError

    def refusal(self, number: int, text: str) -> str | None:
        """The engine's sentence when ``text`` does not count as an answer at decision
        ``number`` (an illegal card: the rule and the cards that force it; a text that
        cannot be read; one not among the choices), None when it counts.

        Raises:
            LiveLessonError: no such decision.
        """
        raise NotImplementedError

    def canonical(self, number: int, text: str) -> str:
        """The learner's ``text`` (a card's code, a bid's words, a choice) as the canonical
        text the class database keeps.

        Raises:
            LiveLessonError: no such decision, or ``text`` cannot be read.
        """
        raise NotImplementedError

    def reveal(self, number: int, answers: Iterable[str]) -> LiveReveal:
        """Decision ``number`` revealed: the answers counted right and why, and the
        verdict of each of ``answers`` (canonical texts).

        Raises:
            LiveLessonError: no such decision.
        """
        raise NotImplementedError

    def steps_known(self) -> int | None:
        """How many decisions the lesson has, when known without playing on (a scenario,
        a playlist); None for a practice deal."""
        return None

    def _needed(self, number: int) -> LiveStep:
        """Decision ``number``, or the error that there is none."""
        found = self.step(number)
        if found is None:
            raise LiveLessonError(t("live_lesson.no_step", number=number))
        return found

    def _verdicts(
        self, number: int, answers: Iterable[str], judged: Callable[[str], LiveVerdict]
    ) -> dict[str, LiveVerdict]:
        """Each distinct answer's verdict: a text that does not count gets the refusal."""
        step = self._needed(number)
        labels = {c.text: c.label for c in step.choices}
        out: dict[str, LiveVerdict] = {}
        for answer in answers:
            if answer in out:
                continue
            refused = self.refusal(number, answer)
            if refused is not None:
                out[answer] = LiveVerdict(answer, labels.get(answer, answer), False, refused)
            else:
                out[answer] = judged(answer)
        return out


# --- Scenarios and playlists -----------------------------------------------------------------


@lru_cache(maxsize=256)
def _source_scenario(scenario_id: str) -> Checked:
    """A library scenario checked, in English (its answers are the engine's English words).

    Raises:
        LiveLessonError: no such scenario, or one the checker refuses.
    """
    root = scenarios_root()
    path = root / f"{scenario_id}.yaml"
    if not is_scenario_id(scenario_id) or not path.is_file():
        raise LiveLessonError(t("live_lesson.unknown_scenario", ref=_shown(scenario_id)))
    try:
        with speaking(DEFAULT_LANGUAGE):
            return check_file(path, f"scenarios/{scenario_id}.yaml")
    except ScenarioError as err:
        raise LiveLessonError(t("live_lesson.unknown_scenario", ref=_shown(scenario_id))) from err


@lru_cache(maxsize=512)
def _scenario_in(scenario_id: str, lang: str) -> Checked:
    """The scenario in ``lang``: its translation merged on, else the English file."""
    source = _source_scenario(scenario_id)
    if lang == DEFAULT_LANGUAGE:
        return source
    root = scenarios_root()
    path = translation_path(root, lang, scenario_id)
    if not path.is_file():
        return source
    try:
        return translate(source, path, f"scenarios/{Path(path).relative_to(root).as_posix()}")
    except ScenarioError:
        return source  # a broken translation: the scenario in English, as the Play page


@dataclass(frozen=True)
class _Decision:
    """A scenario's decision: which scenario, its run waiting there (in one language)."""

    scenario: str
    run: Run

    @property
    def current(self) -> PlayStep | AskStep:
        """The step waiting."""
        step = self.run.current
        assert isinstance(step, PlayStep | AskStep)
        return step


def _still() -> float:
    """A clock that stands still (the solver's nodes alone bound a search)."""
    return 0.0


def _cost_worked_out(run: Run, text: str) -> None:
    """What a wrong card would cost at ``run``'s step, worked out within the solver's
    default nodes and no clock, and kept by ``analysis.explain`` for the runtime's own
    feedback to read: the Play page's half second on the clock would make the words
    depend on how busy the process is (a cost found, or none), and a cost found or given
    up within a larger budget answers every smaller one there, so every process words the
    card the same."""
    try:
        action = actions.parse(run.state, text)
    except TutorialError:
        return
    if isinstance(action, Card) and action in run.state.legal_plays():
        run.cost_of(action, seconds=COST_SECONDS, node_budget=DEFAULT_NODE_BUDGET, clock=_still)


def _line(scenario_id: str, lang: str) -> tuple[_Decision, ...]:
    """A scenario's decisions in ``lang``, the line between them its own answers."""
    checked = _scenario_in(scenario_id, lang)
    run = start(checked.scenario, checked.table)
    out: list[_Decision] = []
    while not run.finished and run.waiting_for in ("play", "ask"):
        out.append(_Decision(scenario_id, run))
        run = run.solve_current()
    return tuple(out)


def _answer_text(value: Any) -> str:
    """An answer written as the class database keeps it: yes/no, a figure, a name."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float):
        return f"{value:g}"
    return " ".join(str(value).split())


def _storable(text: str) -> bool:
    """Whether the class database keeps ``text`` as an answer (printable ASCII)."""
    return len(text) <= ANSWER_MOST and ANSWER.fullmatch(text) is not None


def _ask_choices(here: _Decision, source: _Decision) -> list[tuple[str, Any, Any]]:
    """A question's choices: each one's canonical text, its words in the language of the
    moment and in the English file. The canonical text is the English file's words, or
    for every choice of a question whose words are not all plain text the database keeps
    (a card's symbol, an accent), the choice's number (``choice 2``)."""
    ask, asked = here.current, source.current
    assert isinstance(ask, AskStep) and isinstance(asked, AskStep)
    shown, english = ask.ask.choices or [], asked.ask.choices or []
    texts = [_answer_text(word) for word in english]
    if not all(_storable(text) for text in texts):
        texts = [f"choice {i}" for i in range(1, len(english) + 1)]
    return list(zip(texts, shown, english, strict=True))


def _names(text: str, key: str, shown: Any, word: Any) -> bool:
    """Whether the learner's ``text`` names a choice: its canonical text, its words here or
    in the English file."""
    return same_answer(text, key) or same_answer(text, shown) or same_answer(text, word)


def _play_kind(state: GameState) -> StepKind:
    """A ``play`` step's kind: a card, Tarot's discard, or another action (a bid, a
    declaration, an announcement: each a "bid" to the pages)."""
    if state.phase == "discard":
        return "discard"
    if state.legal_plays():
        return "card"
    return "bid"


def _action_choices(state: GameState) -> tuple[LiveChoice, ...]:
    """Every legal action of the seat to move (cards in the hand's order)."""
    cards = state.legal_plays()
    if cards and state.phase == "play":
        legal: Sequence[Any] = sort_hand(list(cards), state)
    else:
        legal = state.legal_actions()
    return tuple(LiveChoice(actions.code(a), actions.label(a)) for a in legal)


def _read_action(state: GameState, text: str) -> Any:
    """The action ``text`` names for the seat to move: a choice's words as its button shows
    them (``take ♥``), else the engine's notation (``9H``, ``take H``).

    Raises:
        TutorialError: the engine's sentence when the text names no action.
    """
    words = " ".join(text.split()).casefold()
    for action in state.legal_actions():
        if words and actions.label(action).casefold() == words:
            return action
    return actions.parse(state, text)


def _action_prompt(kind: StepKind) -> str:
    """The question of an action without an author's words."""
    if kind == "card":
        return t("live_lesson.prompt_card")
    if kind == "discard":
        return t("live_lesson.prompt_discard")
    return t("live_lesson.prompt_bid")


class _ScenarioLesson(LiveLesson):
    """One scenario, or a playlist's scenarios one after the other."""

    def __init__(self, kind: LessonKind, ref: str, items: Sequence[str]) -> None:
        super().__init__(kind, ref)
        self.items = tuple(items)
        for item in self.items:
            _source_scenario(item)  # a scenario that cannot be played refuses the lesson
        self._lines: _Kept[str, tuple[_Decision, ...]] = _Kept(8)
        self._feedbacks: _Kept[tuple[str, int, str], Feedback] = _Kept(FACTS_KEPT)

    @property
    def game(self) -> str:
        """The first scenario's game."""
        return _source_scenario(self.items[0]).scenario.game

    @property
    def title(self) -> str:
        """The scenario's title, or the playlist's, in the language of the moment."""
        if self.kind == "playlist":
            return _playlist_title(self.ref, language())
        return _scenario_in(self.items[0], language()).scenario.title

    def _decisions(self) -> tuple[_Decision, ...]:
        """Every decision in the language of the moment (played once per language)."""
        lang = language()

        def line() -> tuple[_Decision, ...]:
            return tuple(d for item in self.items for d in _line(item, lang))

        return self._lines.get(lang, line)

    def _decision(self, number: int) -> tuple[_Decision, _Decision]:
        """Decision ``number`` in the language of the moment, and in English (whose words
        are the canonical answers)."""
        if number < 0 or number >= len(self._decisions()):
            raise LiveLessonError(t("live_lesson.no_step", number=number))
        here = self._decisions()[number]
        with speaking(DEFAULT_LANGUAGE):
            source = self._decisions()[number]
        return here, source

    def steps_known(self) -> int | None:
        """Every scenario's ``play`` and ``ask`` steps."""
        return len(self._decisions())

    def step(self, number: int) -> LiveStep | None:
        """Decision ``number`` as the scenario's run waits at it."""
        if number < 0 or number >= len(self._decisions()):
            return None
        here, source = self._decision(number)
        run = here.run
        state = run.state
        title = run.scenario.title
        where = ScenarioSource(scenario=here.scenario, step=run.step)
        seat = state.to_move if state.to_move is not None else run.table.learner
        cur = here.current
        if isinstance(cur, AskStep):
            ask = cur.ask
            choices = tuple(
                LiveChoice(key, _answer_text(shown))
                for key, shown, _word in _ask_choices(here, source)
            )
            return LiveStep(
                number,
                state.game,
                run,
                run.table.learner,
                "ask",
                ask.question,
                choices,
                where,
                title,
            )
        kind = _play_kind(state)
        choices = _action_choices(state)
        return LiveStep(
            number, state.game, run, seat, kind, _action_prompt(kind), choices, where, title
        )

    # --- answers ---------------------------------------------------------------------

    def _ask_value(self, here: _Decision, source: _Decision, text: str) -> Any | None:
        """The learner's answer to a question as the run in this language reads it (the
        choice at the same place, a seat by its name here), None when it cannot be one."""
        choices = _ask_choices(here, source)
        for key, shown, word in choices:
            if _names(text, key, shown, word):
                return shown
        if choices:
            return None
        names, english_names = here.run.table.seat_names, source.run.table.seat_names
        for name, word in zip(names, english_names, strict=True):
            if same_answer(text, word) or same_answer(text, name):
                return name
        return text.strip() or None

    def _ask_text(self, here: _Decision, source: _Decision, text: str) -> str | None:
        """The canonical text of an answer to a question (the English file's words, or the
        choice's number when those are no text the class database keeps), None when it is
        no answer here."""
        choices = _ask_choices(here, source)
        for key, shown, word in choices:
            if _names(text, key, shown, word):
                return key
        if choices:
            return None
        names, english_names = here.run.table.seat_names, source.run.table.seat_names
        for name, word in zip(names, english_names, strict=True):
            if same_answer(text, word) or same_answer(text, name):
                return _answer_text(word)
        try:
            return _answer_text(float(text.strip().replace(",", ".")))
        except ValueError:
            pass
        written = _answer_text(text)
        return written if _storable(written) else None

    def canonical(self, number: int, text: str) -> str:
        """A card's or a bid's code, or the English file's words of a question's answer."""
        here, source = self._decision(number)
        if isinstance(here.current, AskStep):
            found = self._ask_text(here, source, text)
            if found is None:
                raise LiveLessonError(_not_a_choice(self._needed(number)))
            return found
        try:
            return actions.code(_read_action(here.run.state, text))
        except TutorialError as err:
            raise LiveLessonError(str(err)) from err

    def refusal(self, number: int, text: str) -> str | None:
        """The engine's refusal of an action, or a text that is no answer here."""
        here, source = self._decision(number)
        if isinstance(here.current, AskStep):
            if self._ask_text(here, source, text) is None:
                return _not_a_choice(self._needed(number))
            return None
        run = here.run
        try:
            action = _read_action(run.state, text)
        except TutorialError as err:
            return str(err)
        with seat_names(run.table.seat_names):
            verdict = run.state.explain(action)
        if not verdict.legal:
            return speak(run.table, verdict.message)
        return None

    def _feedback(self, number: int, answer: str) -> Feedback:
        """The runtime's feedback on ``answer`` (a wrong answer to a question: as the
        second wrong try gives it, the whole reasoning), kept per language."""
        lang = language()

        def make() -> Feedback:
            here, source = self._decision(number)
            run = here.run
            if isinstance(here.current, AskStep):
                value = self._ask_value(here, source, answer)
                # The second wrong try's words: the whole reasoning and the answer.
                again = dataclasses.replace(run, wrong_here=max(1, run.wrong_here))
                return again.answer(value)[1]
            _cost_worked_out(run, answer)
            return run.try_action(answer)[1]

        return self._feedbacks.get((lang, number, answer), make)

    def _best(self, number: int) -> tuple[str, ...]:
        """The step's accepted answers, as canonical texts."""
        here, source = self._decision(number)
        cur = source.current
        if isinstance(cur, AskStep):
            expected = cur.ask.answer
            for key, _shown, word in _ask_choices(here, source):
                if same_answer(word, expected):
                    return (key,)
            return (_answer_text(expected),)
        reading = here.run.reading()
        assert reading is not None
        if reading.accept_any:
            return tuple(actions.code(a) for a in here.run.state.legal_actions())
        return tuple(actions.code(a) for a in reading.accepted)

    def _as_good(self, number: int, answer: str) -> bool:
        """Whether ``answer`` is a legal card the runtime finds as good as the scenario's
        with best play (the Play page calls it no mistake: so does the live class)."""
        step = self._needed(number)
        if step.kind != "card" or self.refusal(number, answer) is not None:
            return False
        return self._feedback(number, answer).as_good

    def reveal(self, number: int, answers: Iterable[str]) -> LiveReveal:
        """The accepted answers (and any card given that is as good with best play), the
        author's (or the engine's) reason, and the runtime's feedback on each answer given."""
        step = self._needed(number)
        given = list(dict.fromkeys(answers))
        accepted = self._best(number)
        best = accepted + tuple(a for a in given if a not in accepted and self._as_good(number, a))
        labels = {c.text: c.label for c in step.choices}
        right = self._feedback(number, accepted[0])
        reason = right.explanation or right.message

        def judged(answer: str) -> LiveVerdict:
            fb = self._feedback(number, answer)
            sentence = fb.message
            if fb.kind == "wrong" and not fb.headed:  # a computed cost alone
                sentence = t("live_lesson.legal_not_best", reason=fb.message)
            elif fb.kind == "answer_wrong" and fb.explanation:
                # The whole reasoning and the answer, without the words of a second try
                # ("not the answer either"): at the reveal it is the learner's only answer.
                sentence = fb.explanation
            return LiveVerdict(answer, labels.get(answer, answer), answer in best, sentence)

        return LiveReveal(number, best, reason, self._verdicts(number, given, judged))


def known_only(review: card_review.CardReview) -> str:
    """A practice card's verdict from what its seat could know: the judgement's words, and
    the reasons only when the seat knew every card. The review's other words read the real
    deal with every card shown (an unlucky card, the lines played out): in a live class the
    hand goes on after the reveal, and they would tell the room where the hidden cards lie."""
    if review.verdict == card_review.UNLUCKY:
        review = dataclasses.replace(review, verdict=card_review.BEST, better=None, reasons=())
    if review.judgement.complete and not review.lucky:
        return t("reasons.separator").join(review.sentences())
    return review.sentence()


def _not_a_choice(step: LiveStep) -> str:
    """The answers a question takes, in a sentence."""
    labels = t("common.cards.separator").join(c.label for c in step.choices)
    return t("live_lesson.not_a_choice", choices=labels)


def _playlist_items(ref: str) -> tuple[str, ...]:
    """A library playlist's scenarios (English file).

    Raises:
        LiveLessonError: no such playlist, or one with a scenario that is no library id.
    """
    unknown = LiveLessonError(t("live_lesson.unknown_playlist", ref=_shown(ref)))
    if not _PLAYLIST_ID.fullmatch(ref):
        raise unknown
    with speaking(DEFAULT_LANGUAGE):
        found, _problems = load_playlists()
    playlist = next((p for p in found if p.name == ref), None)
    if playlist is None or not playlist.items:
        raise unknown
    if any(is_inline(item) for item in playlist.items):
        raise LiveLessonError(t("live_lesson.inline_item", ref=_shown(ref)))
    return playlist.items


@lru_cache(maxsize=64)
def _playlist_title(ref: str, lang: str) -> str:
    """A playlist's title in ``lang`` (its translated file's, else the English one)."""
    with speaking(lang):
        found, _problems = load_playlists(lang=lang)
    playlist = next((p for p in found if p.name == ref), None)
    return playlist.title if playlist is not None else ref


# --- Practice deals ---------------------------------------------------------------------------


def _deal_link(ref: str) -> practice.DealLink:
    """The deal a link's query text names.

    Raises:
        LiveLessonError: the text names no deal here (the practice's sentence why).
    """
    params = dict(urllib.parse.parse_qsl(ref, keep_blank_values=True))
    try:
        link = practice.parse_deal_query(params)
    except practice.DealLinkError as err:
        raise LiveLessonError(t("live_lesson.bad_deal", reason=str(err))) from err
    if link is None:
        raise LiveLessonError(t("live_lesson.no_deal", ref=_shown(ref)))
    return link


def _is_decision(hand: PracticeHand) -> bool:
    """Whether the learner's seat has a question to answer: a bid or a card."""
    if not hand.learner_to_move:
        return False
    return hand.state.phase == "bidding" or bool(hand.state.legal_plays())


def _bid_history(hand: PracticeHand) -> tuple[list[GameState], list[Any]]:
    """The hand's states from the deal to now, and the actions taken since the deal."""
    return practice.history(hand), [m.action for m in hand.moves]


def _to_decision(hand: PracticeHand) -> PracticeHand:
    """The hand played on to the learner's next bid or card (or its end): the computer
    seats as the Practice page plays them, the learner's discard the advice's best, the
    learner's other choices the computer players' habit."""
    hand = practice.advance(hand)[0]
    while not hand.finished and not _is_decision(hand):
        if hand.state.phase == "discard":
            laid = advise_discard_from(hand.state).best.cards
            hand = practice.discard(hand, [c.code for c in laid])
        else:
            hand = practice.try_action(hand, practice.computer_action(hand))
        if hand.refusal is not None:  # pragma: no cover - the engine's own choice is legal
            raise TutorialError(f"the line was refused: {hand.refusal.message}")
        hand = practice.advance(hand)[0]
    return hand


class _DealLesson(LiveLesson):
    """A practice deal: the learner's seat's bids and cards, the line going on with the
    best one."""

    def __init__(self, ref: str) -> None:
        super().__init__("deal", ref)
        self.link = _deal_link(ref)
        self._lock = threading.Lock()
        self._hands: list[PracticeHand] = []
        self._done = False
        self._cards: _Kept[tuple[int, str], card_review.CardReview] = _Kept(FACTS_KEPT)
        self._bids: _Kept[tuple[int, str], BidReview] = _Kept(FACTS_KEPT)

    @property
    def game(self) -> str:
        """The deal's game."""
        return self.link.game

    @property
    def title(self) -> str:
        """The deal in words: its game, its number, the computer players' level."""
        levels = {"beginner": t("practice.level_beginner"), "strong": t("practice.level_strong")}
        game = self.link.game
        title = t(f"games.{game}.title")
        level = levels.get(self.link.level, self.link.level)
        return t("live_lesson.deal_title", game=title, deal=self.link.seed, level=level)

    def _hand(self, number: int) -> PracticeHand | None:
        """The hand at decision ``number``, the line played on as far as needed (None past
        the end of the hand)."""
        if number < 0:
            return None
        with self._lock:
            while len(self._hands) <= number and not self._done:
                if not self._hands:
                    hand = _to_decision(self.link.deal())
                else:
                    last = self._hands[-1]
                    hand = _to_decision(practice.try_action(last, self._best_action(last)))
                if hand.finished:
                    self._done = True
                else:
                    self._hands.append(hand)
            return self._hands[number] if number < len(self._hands) else None

    def _best_action(self, hand: PracticeHand) -> Any:
        """The best answer at a decision: the judgement's card, the advice's bid."""
        if hand.state.phase == "bidding":
            return advise_bid(*_bid_history(hand)).best.action
        return judge(hand.state).best

    def _at(self, number: int) -> PracticeHand:
        """The hand at decision ``number``, or the error that there is none."""
        hand = self._hand(number)
        if hand is None:
            raise LiveLessonError(t("live_lesson.no_step", number=number))
        return hand

    def step(self, number: int) -> LiveStep | None:
        """The learner's seat at its bid or card ``number``."""
        hand = self._hand(number)
        if hand is None:
            return None
        shown = practice.in_language(hand)
        state = hand.state
        card = state.phase == "play"
        kind: StepKind = "card" if card else "bid"
        source = (
            PracticeSource(
                ruleset=hand.ruleset,
                seed=hand.seed,
                players=state.num_players,
                moves=[actions.code(m.action) for m in hand.moves],
                trick=len(state.tricks) + 1,
            )
            if card
            else None
        )
        prompt = _action_prompt(kind)
        choices = _action_choices(state)
        return LiveStep(
            number, hand.game, shown, hand.learner, kind, prompt, choices, source, self.title
        )

    def canonical(self, number: int, text: str) -> str:
        """A card's or a bid's code."""
        hand = self._at(number)
        try:
            with seat_names(practice.in_language(hand).table.seat_names):
                return actions.code(_read_action(hand.state, text))
        except TutorialError as err:
            raise LiveLessonError(str(err)) from err

    def refusal(self, number: int, text: str) -> str | None:
        """The engine's refusal (the rule and the cards that force it), or the words of a
        text that is no action here."""
        hand = self._at(number)
        names = practice.in_language(hand).table.seat_names
        with seat_names(names):
            try:
                action = _read_action(hand.state, text)
            except TutorialError as err:
                return str(err)
            verdict = hand.state.explain(action)
        if not verdict.legal:
            return verdict.message
        if actions.code(action) not in {c.text for c in _action_choices(hand.state)}:
            return _not_a_choice(self._needed(number))
        return None

    # --- the reveal -------------------------------------------------------------------

    def _card_review(self, number: int, code: str) -> card_review.CardReview:
        """A legal card's review at decision ``number`` (kept)."""
        hand = self._at(number)

        def make() -> card_review.CardReview:
            return card_review.review_card(hand.state, Card.parse(code), move=len(hand.moves))

        return self._cards.get((number, code), make)

    def _bid_review(self, number: int, code: str) -> BidReview:
        """A legal bid's review at decision ``number`` against the advice (kept)."""
        hand = self._at(number)

        def make() -> BidReview:
            bid = actions.parse(hand.state, code)
            history, earlier = _bid_history(hand)
            return review_bid(history, earlier, bid, len(hand.moves))

        return self._bids.get((number, code), make)

    def reveal(self, number: int, answers: Iterable[str]) -> LiveReveal:
        """A card: the judgement's cards not costly, the hint's reason, each card's review;
        a bid: the bids the advice does not call costly, the best bid's figures and fact,
        each bid's review."""
        hand = self._at(number)
        names = practice.in_language(hand).table.seat_names
        labels = {c.text: c.label for c in _action_choices(hand.state)}
        bidding = hand.state.phase == "bidding"

        def judged(answer: str) -> LiveVerdict:
            if bidding:
                bid = self._bid_review(number, answer)
                sentence = t("reasons.separator").join(bid.sentences())
                return LiveVerdict(answer, labels.get(answer, answer), not bid.costly, sentence)
            card = self._card_review(number, answer)
            sentence = known_only(card)
            return LiveVerdict(answer, labels.get(answer, answer), not card.costly, sentence)

        with seat_names(names):
            if bidding:
                best, reason = self._bid_best(number, hand)
            else:
                best, reason = self._card_best(hand)

            verdicts = self._verdicts(number, answers, judged)
        return LiveReveal(number, best, reason, verdicts)

    def _card_best(self, hand: PracticeHand) -> tuple[tuple[str, ...], str]:
        """The cards the judgement does not call costly (its best first), and the hint's
        words for its best card: what it keeps over the next best, and on what basis."""
        judged = judge(hand.state)
        suggestion = hints.suggest(hand.state)
        reason = suggestion.sentence()
        if suggestion.next_best is not None:
            reason = t("practice.suggest_basis", sentence=reason, basis=suggestion.basis())
        others = [c for c in judged.alike if c != judged.best]
        return tuple(c.code for c in (judged.best, *others)), reason

    def _bid_best(self, number: int, hand: PracticeHand) -> tuple[tuple[str, ...], str]:
        """The bids whose review is not costly (the advice's best first), and the best
        bid's figures and the fact of the hand behind it."""
        top = advise_bid(*_bid_history(hand))
        order = [actions.code(v.action) for v in top.values]
        best = tuple(code for code in order if not self._bid_review(number, code).costly)
        first = self._bid_review(number, order[0])
        deals = tn("bid_review.deals", top.deals)
        reason = t("live_lesson.bid_best", bid=actions.label(top.best.action), deals=deals)
        why = t("reasons.separator").join(r.sentence() for r in first.reasons)
        if why:
            reason = t("live_lesson.with_fact", sentence=reason, fact=why)
        return best, reason


# --- Opening a lesson ---------------------------------------------------------------------------

_LESSONS: _Kept[tuple[str, str], LiveLesson] = _Kept(LESSONS_KEPT)


def _opened(kind: str, ref: str) -> LiveLesson:
    """A lesson opened now (see :func:`open_lesson`)."""
    if kind == "scenario":
        return _ScenarioLesson("scenario", ref, (ref,))
    if kind == "playlist":
        return _ScenarioLesson("playlist", ref, _playlist_items(ref))
    if kind == "deal":
        return _DealLesson(ref)
    raise LiveLessonError(t("live_lesson.unknown_kind"))


def forget_lessons() -> None:
    """Forget every lesson kept in this process (the next asker opens it afresh)."""
    _LESSONS.clear()


def open_lesson(kind: str, ref: str) -> LiveLesson:
    """The live lesson ``kind`` names by ``ref`` (a scenario's id, a playlist's id, a
    practice deal's link text), kept for every later asker in this process.

    Raises:
        LiveLessonError: no such kind, scenario or playlist, or a deal link that names no
            deal here.
    """
    if kind not in LESSON_KINDS:
        raise LiveLessonError(t("live_lesson.unknown_kind"))
    return _LESSONS.get((kind, ref), lambda: _opened(kind, ref))
