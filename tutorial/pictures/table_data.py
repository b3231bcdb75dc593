"""What the table component draws, as plain JSON-ready data (pure: no streamlit).

The Play page sends this to the table component (:mod:`tutorial.webapp.table_component`):
the table picture, the prompt and the last feedback, the learner's hand as real cards
(sorted in the game's order, each with its accessible name and its marks), the menu of
actions (bids, announcements), the question's choices and, during the Tarot discard,
how many cards to lay aside. Keeping it pure lets tests check every field without a
browser.
"""

from __future__ import annotations

import dataclasses
import html
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from tutorial.course.live_lesson import LiveStep
from tutorial.course.practice import PracticeHand, legal_marked
from tutorial.course.progress import stars
from tutorial.engine.actions import card_of
from tutorial.engine.cards import Card
from tutorial.engine.games import game_info
from tutorial.engine.hand_order import sort_hand
from tutorial.language.i18n import language, t, tn
from tutorial.pictures.card_svg import card_svg
from tutorial.pictures.picture_words import mark_words, table_summary
from tutorial.pictures.table_picture import Highlight
from tutorial.pictures.table_svg import table_svg
from tutorial.pictures.table_view import TABLE_PARTS, TableRun, table_view
from tutorial.scenarios import actions
from tutorial.scenarios.model import AskStep, PlayStep
from tutorial.scenarios.runtime import HINT_ANSWER, HINT_LEGAL, Feedback, Run
from tutorial.scenarios.sides import side_labels

Mode = Literal["play", "discard", "action", "ask", "view"]

#: Feedback kinds -> the component's tone (colour and icon).
_TONE = {
    "illegal": "error",
    "wrong": "warning",
    "answer_wrong": "warning",
    "right": "success",
    "answer_right": "success",
    "invalid": "info",
}
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*(?![*\w])")


def safe_html(text: str) -> str:
    """Author or engine text as HTML: everything escaped, then ``**bold**`` and ``*italic*``.

    Links, images and raw HTML in the text stay inert text.

    >>> safe_html("Play the **9♥** <img src=x>")
    'Play the <strong>9♥</strong> &lt;img src=x&gt;'
    """
    out = html.escape(" ".join(str(text).split()), quote=True)
    out = _BOLD.sub(r"<strong>\1</strong>", out)
    return _ITALIC.sub(r"<em>\1</em>", out)


def _face(card: Card, four_colour: bool, mark: Highlight) -> str:
    """A card's face in the hand, with its words in the language of this context."""
    return _face_in(card, four_colour, mark, language())


@lru_cache(maxsize=2048)
def _face_in(card: Card, four_colour: bool, mark: Highlight, lang: str) -> str:
    """The cached face: ``lang`` is part of the key because the face's title and the words
    on a Tarot card are in it (the server draws every session's language)."""
    return card_svg(card, four_colour=four_colour, highlight=mark, width=100)


def card_name(card: Card) -> str:
    """The accessible name of a card: its label (``9♥``, ``10♦``, ``T21``, ``Excuse``)."""
    return card.label


@dataclass(frozen=True)
class Marks:
    """Which cards and actions to mark, and why."""

    forcing: frozenset[Card] = frozenset()
    legal: frozenset[Card] = frozenset()
    answer: frozenset[Card] = frozenset()

    def of(self, card: Card) -> Highlight:
        """The strongest mark of a card (forcing, then answer, then legal)."""
        if card in self.forcing:
            return "forcing"
        if card in self.answer:
            return "answer"
        if card in self.legal:
            return "legal"
        return None


def card_description(card: Card, marks: Marks, mode: Mode, from_chien: bool) -> str:
    """What a screen reader says after a card's name: its mark ("forces your play",
    "legal to play", "the right answer"), "not legal to play" (or "cannot be laid aside"
    during the discard) for the unmarked cards while the legal ones are marked, and
    "from the chien"; "" when there is nothing to say. The card's picture shows the same
    marks, hidden from screen readers."""
    parts = []
    mark = marks.of(card)
    if mark is not None:
        parts.append(mark_words(mark))
    elif marks.legal and mode == "play":
        parts.append(t("component.not_legal"))
    elif marks.legal and mode == "discard":
        parts.append(t("component.not_discardable"))
    if from_chien:
        parts.append(t("component.from_chien"))
    return t("svg.list_separator").join(parts)


def marks_for(run: Run, fb: Feedback | None, hint_tier: int, revealed: bool) -> Marks:
    """The marks of the hand: the cards that forced a refusal, legal cards, the answer.

    The hint that names the legal cards marks them; the hint that gives the answer (or
    the presenter's reveal) marks the scenario's answer (``Run.hint_kinds``).
    """
    forcing = frozenset(fb.forcing) if fb is not None and fb.kind == "illegal" else frozenset()
    step = run.current
    legal: frozenset[Card] = frozenset()
    answer: frozenset[Card] = frozenset()
    if isinstance(step, PlayStep):
        asked = run.hint_kinds()[:hint_tier]
        if HINT_LEGAL in asked:
            legal = frozenset(run.state.legal_plays())
        reading = run.reading()
        if (HINT_ANSWER in asked or revealed) and reading is not None:
            for a in reading.accepted:  # the step's answers, read once (a discard: its card)
                card = card_of(a)
                if card is not None:
                    answer |= {card}
    return Marks(forcing, legal, answer)


def _mode(run: Run, reviewing: bool) -> Mode:
    step = run.current
    if reviewing or run.finished:
        return "view"
    if isinstance(step, AskStep):
        return "ask"
    if not isinstance(step, PlayStep):
        return "view"
    if run.state.phase == "discard":
        return "discard"
    if run.state.legal_plays():
        return "play"
    legal = run.state.legal_actions()
    return "play" if legal and all(isinstance(a, Card) for a in legal) else "action"


def _choices(run: Run, step: AskStep) -> list[str] | None:
    ask = step.ask
    choices: list[Any] | None = list(ask.choices) if ask.choices is not None else None
    if choices is None and ask.kind in ("declaration_winner", "winner"):
        choices = list(side_labels(run.table))
    if choices is None and ask.kind == "contract_made":
        choices = ["yes", "no"]
    return [str(c) for c in choices] if choices else None


def _choice_label(value: str) -> str:
    if value == "yes":
        return t("component.yes")
    if value == "no":
        return t("component.no")
    return value


def _feedback(fb: Feedback | None) -> dict[str, str] | None:
    """The feedback box: a heading where the runtime's message has none of its own.

    A right move or answer already starts "Correct.", and a wrong answer "Not quite…";
    a refused card gets "Not allowed.", and a legal card that is not the answer gets its
    heading only before a computed cost alone (``Feedback.headed``: the author's sentence
    and the runtime's own "legal, but not the best" say the verdict themselves).
    """
    if fb is None or not fb.message:
        return None
    head = ""
    if fb.kind == "illegal":
        head = t("component.not_allowed")
    elif fb.kind == "wrong" and not fb.headed:  # a computed cost alone (the author's
        head = t("component.legal_not_answer")  # sentence says its own verdict)
    return {"tone": _TONE.get(fb.kind, "info"), "head": head, "html": safe_html(fb.message)}


def scenario_scene(run: Run) -> str:
    """What stays the same from one step of a scenario to the next (its game and title):
    the component keeps the table's size while it does not change."""
    return f"{run.scenario.game}|{run.scenario.title}"


def practice_scene(hand: PracticeHand) -> str:
    """What stays the same through one practice hand (its game and deal)."""
    return f"practice|{hand.game}|{hand.seed}"


def _discard_need(run: TableRun) -> int:
    """How many cards the taker still has to lay aside."""
    state = run.state
    done = len(state.discard)
    return max(0, game_info(state.game).chien_size - done)


def _chien(run: TableRun) -> list[Card]:
    """The cards set aside lying face up for the learner now (Tarot's chien)."""
    return TABLE_PARTS.of(run.state.game).face_up_chien(run.state, run.table.learner)


def prompt_for(run: Run, mode: Mode, reviewing: bool, position: tuple[int, int]) -> str:
    """The one line that says what the learner is to do now."""
    if reviewing:
        return t("component.reviewing", i=position[0], n=position[1])
    if run.finished:
        n = stars(run.wrong_for_stars)
        shown = "★" * n + "☆" * (3 - n) if run.whole else ""  # a partial run earns none
        return t("component.finished", stars=shown).strip()
    step = run.current
    if mode == "ask" and isinstance(step, AskStep):
        return str(step.ask.question)
    if mode == "discard":
        return tn("component.discard_prompt", _discard_need(run))
    if mode == "action":
        return t("play.your_action")
    if mode == "play":
        return t("play.your_turn")
    return ""


def table_data(
    run: Run,
    *,
    feedback: Feedback | None = None,
    hint_tier: int = 0,
    revealed: bool = False,
    reviewing: bool = False,
    position: tuple[int, int] = (1, 1),
    four_colour: bool = False,
    presenter: bool = False,
    explanation: str = "",
    key: str = "",
) -> dict[str, Any]:
    """Everything the table component draws for one run of a scenario.

    ``explanation`` is shown instead of feedback when the learner steps through a
    finished scenario (the words that went with that position). ``key`` changes
    whenever the step changes, so the component forgets a half-chosen discard (unless
    the change answers the learner's own confirmation). ``scene`` names the scenario: the
    component keeps the table's size from one step of it to the next.
    """
    mode = _mode(run, reviewing)
    marks = marks_for(run, feedback if not reviewing else None, hint_tier, revealed)
    choices: list[dict[str, str]] = []
    free_answer = False
    if mode == "ask" and isinstance(run.current, AskStep):
        listed = _choices(run, run.current)
        if listed:
            choices = [{"value": v, "label": _choice_label(v)} for v in listed]
        else:
            free_answer = True
    fb = _feedback(feedback) if not reviewing else None
    if reviewing and explanation:
        fb = {"tone": "info", "head": "", "html": safe_html(explanation)}
    return _payload(
        run,
        mode=mode,
        marks=marks,
        prompt=prompt_for(run, mode, reviewing, position),
        feedback=fb,
        four_colour=four_colour,
        presenter=presenter,
        key=key,
        scene=scenario_scene(run),
        choices=choices,
        free_answer=free_answer,
    )


def _payload(
    run: TableRun,
    *,
    mode: Mode,
    marks: Marks,
    prompt: str,
    feedback: dict[str, str] | None,
    four_colour: bool,
    presenter: bool,
    key: str,
    scene: str,
    choices: list[dict[str, str]] | None = None,
    free_answer: bool = False,
) -> dict[str, Any]:
    """The component's data for a hand at a table (a scenario run or a practice hand)."""
    learner = run.table.learner
    chien = set(_chien(run))
    view = table_view(
        run,
        four_colour=four_colour,
        large=presenter,
        highlight={c: "forcing" for c in marks.forcing},
    )
    playable = mode in ("play", "discard")
    hand = [
        {
            "code": c.code,
            "name": card_name(c),
            "svg": _face(c, four_colour, marks.of(c)),
            "mark": marks.of(c) or "",
            "description": card_description(c, marks, mode, c in chien),
            "chien": c in chien,
        }
        for c in sort_hand(run.state.hands[learner], run.state)
    ]
    menu: list[dict[str, str]] = []
    if mode == "action":
        menu = [
            {"code": actions.code(a), "label": actions.label(a)} for a in actions.menu(run.state)
        ]
    need = _discard_need(run) if mode == "discard" else 0
    # On a projector the trump and contract go beside the prompt, in large text, and the
    # picture keeps its room for the seats and the trick.
    drawn = dataclasses.replace(view, trump="", contract="") if presenter else view
    facts = [f for f in (view.trump, view.contract) if f] if presenter else []
    return {
        "key": key,
        "scene": scene,
        "mode": mode,
        "presenter": presenter,
        "table_svg": table_svg(drawn),
        "table_alt": table_summary(view),
        "facts": facts,
        "prompt": prompt,
        "feedback": feedback,
        "hand_label": t("component.your_hand"),
        "hand": hand,
        "playable": playable,
        "chien": [
            {"name": card_name(c), "svg": _face(c, four_colour, None)}
            for c in sort_hand(list(chien), run.state)
        ],
        "chien_label": t("component.chien"),
        "from_chien": t("component.from_chien"),
        "menu": menu,
        "choices": choices or [],
        "free_answer": free_answer,
        "answer_label": t("play.answer"),
        "answer_submit": t("play.submit"),
        "discard": {
            "need": need,
            "counter": tn("component.discard_counter", need, k="{k}"),
            "confirm": t("component.discard_confirm"),
            "clear": t("component.discard_clear"),
        },
        "frames": [],
    }


# --- Practice: a whole hand against computer players ------------------------------------


def _picture(run: TableRun, four_colour: bool, presenter: bool) -> str:
    """The table picture alone (a frame of the cards arriving in the trick)."""
    view = table_view(run, four_colour=four_colour, large=presenter)
    drawn = dataclasses.replace(view, trump="", contract="") if presenter else view
    return table_svg(drawn)


def practice_mode(hand: PracticeHand) -> Mode:
    """What the learner does now in a practice hand: play, discard, choose, or watch."""
    state = hand.state
    if not hand.learner_to_move:
        return "view"
    if state.phase == "discard":
        return "discard"
    if state.legal_plays():
        return "play"
    legal = state.legal_actions()
    return "play" if legal and all(isinstance(a, Card) for a in legal) else "action"


def practice_marks(hand: PracticeHand, show_legal: bool = False) -> Marks:
    """The practice hand's marks: the cards forcing a refusal; the legal cards once the
    hints asked mark them (``practice.legal_marked``), or always, when the learner asked
    for them (``show_legal``).

    During the Tarot discard, "legal" marks the cards that may be laid aside.
    """
    refusal = hand.refusal
    forcing = frozenset(refusal.forcing) if refusal is not None else frozenset()
    legal: frozenset[Card] = frozenset()
    if (legal_marked(hand) or show_legal) and hand.learner_to_move:
        state = hand.state
        legal = frozenset(state.legal_plays())
        if not legal and state.phase == "discard":
            legal = frozenset(c for a in state.legal_actions() if (c := card_of(a)) is not None)
    return Marks(forcing, legal, frozenset())


def practice_prompt(hand: PracticeHand, mode: Mode) -> str:
    """The practice hand's one line: what to do now, or that the hand is over."""
    if hand.finished:
        return t("practice.prompt_over") if hand.played_out else t("practice.prompt_passed")
    if mode == "discard":
        return tn("component.discard_prompt", _discard_need(hand))
    if mode == "action":
        if hand.state.phase == "bidding":
            return t("practice.prompt_bid")
        return t("play.your_action")
    if mode == "play":
        return t("play.your_turn")
    return t("play.waiting")


def practice_table_data(
    hand: PracticeHand,
    *,
    news: str = "",
    frames: Sequence[PracticeHand] = (),
    show_legal: bool = False,
    four_colour: bool = False,
    presenter: bool = False,
) -> dict[str, Any]:
    """Everything the table component draws for a practice hand.

    ``show_legal`` marks the cards the learner may play at every turn (a setting of
    the page; otherwise they are marked from the second hint).

    ``news`` is what happened since the learner's last move (the others' bids, why the
    last trick went where it went), shown in the feedback box unless a refusal is.
    ``frames`` are the hands on the way to this one (the learner's card, then each
    computer card): the component shows them one after the other, holding a finished
    trick a little longer, then the table as it is now.
    """
    mode = practice_mode(hand)
    feedback: dict[str, str] | None = None
    if hand.refusal is not None:
        feedback = {
            "tone": "error",
            "head": t("component.not_allowed"),
            "html": safe_html(hand.refusal.message),
        }
    elif news and mode != "discard":  # the discard needs the room (the story keeps it)
        feedback = {"tone": "info", "head": "", "html": safe_html(news)}
    data = _payload(
        hand,
        mode=mode,
        marks=practice_marks(hand, show_legal),
        prompt=practice_prompt(hand, mode),
        feedback=feedback,
        four_colour=four_colour,
        presenter=presenter,
        key=f"practice|{hand.game}|{hand.seed}|{len(hand.moves)}",
        scene=practice_scene(hand),
    )
    # Each frame follows a card laid: an empty trick then means that card finished one.
    shown = [
        {
            "svg": _picture(frame, four_colour, presenter),
            "hold": bool(frame.state.tricks) and not frame.state.current_trick,
        }
        for frame in frames
    ]
    data["frames"] = shown
    return data


__all__ = [
    "Marks",
    "card_description",
    "card_name",
    "marks_for",
    "practice_marks",
    "practice_mode",
    "practice_prompt",
    "practice_scene",
    "practice_table_data",
    "prompt_for",
    "safe_html",
    "scenario_scene",
    "table_data",
]


# --- A live class: one decision on every screen ----------------------------------------

#: The mode a learner answers a step's kind in.
_ANSWER_MODES: dict[str, Mode] = {
    "card": "play",
    "bid": "action",
    "discard": "discard",
    "ask": "ask",
}


def answer_mode(step: LiveStep) -> Mode:
    """How a learner answers ``step`` at the table: play a card, choose a bid, lay cards
    aside, or answer a question."""
    return _ANSWER_MODES[step.kind]


def live_table_data(
    step: LiveStep,
    *,
    answering: bool,
    prompt: str,
    feedback: tuple[str, str, str] | None = None,
    four_colour: bool = False,
    presenter: bool = False,
    key: str = "",
) -> dict[str, Any]:
    """Everything the table component draws at ``step``: to answer it (``answering``:
    the step's question is open and this screen answers it) or to watch it.

    ``feedback`` is (tone, heading, text): a refused card's reason, the answer kept, the
    verdict at the reveal. ``key`` changes with the step and its state, so the component
    forgets a half-chosen discard when the question moves on.
    """
    mode: Mode = answer_mode(step) if answering else "view"
    choices: list[dict[str, str]] = []
    free_answer = False
    if mode == "ask":
        choices = [{"value": c.text, "label": c.label} for c in step.choices]
        free_answer = not choices
    data = _payload(
        step.run,
        mode=mode,
        marks=Marks(),
        prompt=prompt,
        feedback=(
            {"tone": feedback[0], "head": feedback[1], "html": safe_html(feedback[2])}
            if feedback is not None
            else None
        ),
        four_colour=four_colour,
        presenter=presenter,
        key=key,
        scene=f"live|{step.game}|{step.title}",
        choices=choices,
        free_answer=free_answer,
    )
    if mode == "action":
        data["menu"] = [{"code": c.text, "label": c.label} for c in step.choices]
    return data
