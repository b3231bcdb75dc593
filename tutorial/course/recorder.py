"""What one move of a scenario leaves behind: the learner's progress record, the review
deck and the wrong cards the teacher's class view counts.

Pure functions of the move (the run before it, the run after it, the runtime's
:class:`~tutorial.scenarios.runtime.Feedback`) and of what was kept before: the app's
controller hands each move to :func:`record_move` and keeps what it returns.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime

from pydantic import ValidationError

from tutorial.course.progress import add_wrong, stars
from tutorial.course.review_deck import (
    PracticeSource,
    QuizSource,
    ReviewDeck,
    ScenarioSource,
    card_key,
    days_until_due,
    is_due,
    note_wrong,
    rating_for,
    review,
)
from tutorial.engine.errors import TutorialError
from tutorial.engine.games import GAMES
from tutorial.scenarios import actions
from tutorial.scenarios.model import PlayStep
from tutorial.scenarios.runtime import Feedback, Run


@dataclass(frozen=True)
class ScenarioProgress:
    """What a learner did with one scenario (a value: a move makes a new one)."""

    done: bool = False
    mistakes: int = 0
    hints: int = 0
    attempts: int = 0
    stars: int = 0  # the best finish (3, 2 or 1); 0 until finished
    wrong: dict[str, int] = field(default_factory=dict)  # wrong card code -> tries (capped)


@dataclass(frozen=True)
class Move:
    """One move of a scenario, judged.

    Attributes:
        scenario: the scenario's id (``belote/overruff``; the Workshop's or a link's own
            scenario has an id the deck cannot name, and no card is made for it).
        before: the run the move was made on.
        after: the run the runtime answered with.
        feedback: the runtime's answer.
        tried: what the learner clicked, typed or answered.
        card: the move is a card or an action (a wrong one counts for the class view),
            not an answer to a question.
        hinted: a hint was shown at this step before the move.
    """

    scenario: str
    before: Run
    after: Run
    feedback: Feedback
    tried: object
    card: bool = True
    hinted: bool = False


@dataclass(frozen=True)
class Recorded:
    """What a move leaves: the new progress record and deck, and the deck card the move
    answered (its key, its rating, the days until it is due again) when it rated one."""

    progress: ScenarioProgress
    deck: ReviewDeck
    reviewed: tuple[str, int, int] | None = None
    #: The card under review at the table was answered (the table closes it).
    review_answered: bool = False


def game_of(item_id: str | None) -> str | None:
    """The game a lesson or scenario id names (``tarot/petit-sec``: tarot), if any.

    >>> game_of("tarot/petit-sec"), game_of("workshop"), game_of(None)
    ('tarot', None, None)
    """
    game = (item_id or "").split("/", 1)[0]
    return game if game in GAMES else None


def progress_after(progress: ScenarioProgress, move: Move) -> ScenarioProgress:
    """The scenario's progress after a move: one more attempt; a finish (only a run
    played from the first step finishes: a link's later step or a review card's step is
    practice) or one more mistake; a wrong card or action counted for the class view."""
    fb = move.feedback
    out = replace(progress, attempts=progress.attempts + 1)
    if fb.ok and move.after.finished and move.after.whole:
        out = replace(out, done=True, stars=max(out.stars, stars(move.after.wrong_for_stars)))
    elif fb.mistake:
        out = replace(out, mistakes=out.mistakes + 1)
    if fb.mistake and move.card:
        out = replace(out, wrong=wrong_after(out.wrong, move.before, move.tried))
    return out


def wrong_after(wrong: dict[str, int], before: Run, tried: object) -> dict[str, int]:
    """The wrong cards with one more try of ``tried`` (kept in the engine's notation:
    ``9h`` and ``9♥`` count as ``9H``); unchanged when it names no move of the position."""
    try:
        code = actions.code(actions.parse(before.state, str(tried)))
    except TutorialError:
        return wrong
    return add_wrong(wrong, code)


def with_hint(progress: ScenarioProgress) -> ScenarioProgress:
    """The scenario's progress after one more hint."""
    return replace(progress, hints=progress.hints + 1)


def deck_note(
    deck: ReviewDeck,
    source: ScenarioSource | QuizSource | PracticeSource,
    game: str | None,
    now: datetime,
    **card: object,
) -> ReviewDeck:
    """The deck with a wrong answer noted (``card``: what
    :func:`tutorial.course.review_deck.note_wrong` takes); unchanged for a position the
    deck cannot name (no game: the Workshop's scenario, a link's own)."""
    if game is None:
        return deck
    try:
        return note_wrong(deck, source, game, now=now, **card)  # type: ignore[arg-type]
    except ValidationError:
        return deck


def record_move(
    progress: ScenarioProgress,
    deck: ReviewDeck,
    move: Move,
    *,
    under_review: str | None,
    now: datetime,
) -> Recorded:
    """Everything a move leaves (:class:`Recorded`).

    The deck: the step's card is rated by the move when it is the card under review at
    the table (``under_review``, its key) or due (the scenario played again from a lesson
    or a link answers it as well as the Review page's button); a wrong move puts the step
    in the deck. A refused move as good as the answer is no wrong try, and changes no card.
    """
    recorded = Recorded(progress_after(progress, move), deck)
    fb = move.feedback
    game = game_of(move.scenario)
    if game is None or fb.kind == "invalid" or fb.as_good:
        return recorded
    try:
        source = ScenarioSource(scenario=move.scenario, step=move.before.step)
    except ValidationError:
        return recorded
    key = card_key(source)
    card = deck.cards.get(key)
    reviewed: tuple[str, int, int] | None = None
    answered = False
    if key == under_review or (card is not None and is_due(card, now)):
        rating = rating_for(bool(fb.ok), hinted=move.hinted)
        deck = review(deck, key, rating, now)
        answered = True
        after = deck.cards.get(key)
        if after is not None:
            reviewed = (key, int(rating), days_until_due(after, now))
    if fb.mistake:
        step = move.before.current
        accept = step.play.accept if isinstance(step, PlayStep) else []
        reason = str(getattr(fb.verdict, "code", "") or "")
        deck = deck_note(
            deck,
            source,
            game,
            now,
            tried=str(move.tried)[:40],
            answers=[str(a) for a in accept] if isinstance(accept, list) else [],
            reason="" if reason == "legal" else reason,
        )
    return replace(recorded, deck=deck, reviewed=reviewed, review_answered=answered)
