"""A practice card of the review deck played again: its position rebuilt, the learner's card judged.

Pure (never imports streamlit). A practice card keeps the deal (game, ruleset, players,
seed) and every action before the card (:class:`tutorial.course.review_deck.PracticeSource`):
:func:`rebuild` deals the same cards, replays those actions and works out the card's
review again (``card_review.review_card``: the position's one judgement, the same the practice
review and the hint read). :func:`try_card` judges the learner's card against it: an
illegal card is refused with the engine's rule and not rated; the first legal card rates
the deck card (:func:`rating`: right first time, right after a hint, wrong), and any
later card is judged again without a rating (to explore).

A card is right when it is not costly: as good as the best card within what the learner
could know (``CardReview.costly``); the sentences give its verdict and its reasons.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from tutorial.analysis import card_review
from tutorial.analysis.errors import UnsolvablePosition
from tutorial.course import practice
from tutorial.course.practice import PracticeHand, Refusal
from tutorial.course.review_deck import DeckCard, PracticeSource, Rating, rating_for
from tutorial.engine.cards import Card
from tutorial.engine.errors import TutorialError
from tutorial.language.i18n import t
from tutorial.scenarios import actions

__all__ = [
    "Judgement",
    "PracticeCardError",
    "PracticePosition",
    "PracticeTry",
    "ask_hint",
    "judge",
    "open_try",
    "rating",
    "rebuild",
    "try_card",
]


class PracticeCardError(TutorialError, ValueError):
    """A practice card whose position cannot be rebuilt here (the message says so in words)."""


@dataclass(frozen=True)
class PracticePosition:
    """A practice card's position: the hand at the learner's turn, and the card's review."""

    hand: PracticeHand
    review: card_review.CardReview

    @property
    def trick(self) -> int:
        """The trick's number (1 for the first)."""
        return self.review.trick


@dataclass(frozen=True)
class Judgement:
    """A legal card judged at the position: right or not, its verdict and reasons."""

    card: Card
    right: bool
    review: card_review.CardReview = dataclasses.field(repr=False)

    @property
    def best(self) -> Card:
        """The best card with what the learner could know (the hint's card)."""
        return self.review.judgement.best

    @property
    def lost(self) -> float:
        """The card's figure: points lost (0 when as good as the best)."""
        return self.review.lost

    def sentences(self) -> list[str]:
        """The card's verdict and reasons, in the language of the moment."""
        return self.review.sentences()


def _gone() -> PracticeCardError:
    return PracticeCardError(t("review.practice_gone"))


def _replayed(source: PracticeSource, game: str) -> PracticeHand:
    """The deal of ``source`` with its actions replayed, the learner to move."""
    try:
        dealt = practice.deal(
            game, source.ruleset, players=source.players or None, seed=source.seed
        )
    except (TutorialError, ValueError) as err:
        raise _gone() from err
    first = dealt.moves[0].before if dealt.moves else dealt.state
    hand = dataclasses.replace(dealt, state=first, moves=(), notes=(), refusal=None)
    codes = list(source.moves)

    def recorded(at: PracticeHand) -> Any:
        """The recorded action of a computer seat (never past the card's position)."""
        done = len(at.moves)
        if done >= len(codes):
            raise _gone()
        action = actions.parse(at.state, codes[done])
        if not at.state.explain(action).legal:
            raise _gone()
        return action

    while len(hand.moves) < len(codes):
        if hand.finished:
            raise _gone()
        if hand.learner_to_move:
            hand = practice.try_action(hand, codes[len(hand.moves)])
            if hand.refusal is not None:
                raise _gone()
        else:
            try:
                hand = practice.advance(hand, recorded)[0]
            except TutorialError as err:
                if isinstance(err, PracticeCardError):
                    raise
                raise _gone() from err
    if not hand.learner_to_move or not hand.state.legal_plays():
        raise _gone()
    return hand


def rebuild(card: DeckCard) -> PracticePosition:
    """The position of a practice card, at the learner's turn, with the card's review.

    Raises:
        PracticeCardError: the card is not a practice card, or its deal, actions or card do
            not rebuild here (rules that changed since).
    """
    source = card.source
    if not isinstance(source, PracticeSource):
        raise _gone()
    hand = _replayed(source, card.game)
    try:
        tried = Card.parse(card.tried)
    except (TutorialError, ValueError) as err:
        raise _gone() from err
    move = len(hand.moves)
    try:
        reviewed = card_review.review_card(hand.state, tried, move=move)
    except UnsolvablePosition as err:
        raise _gone() from err
    return PracticePosition(hand, reviewed)


def judge(position: PracticePosition, card: Card) -> Judgement:
    """A legal card of the position judged: its own review at the position (the same
    judgement as the stored card's)."""
    reviewed = card_review.review_card(position.hand.state, card, move=position.review.move)
    return Judgement(card, not reviewed.costly, reviewed)


@dataclass(frozen=True)
class PracticeTry:
    """A practice card being answered: the hand as shown, the hints, what was judged."""

    key: str
    position: PracticePosition
    #: The hand on show: the position, with the last refusal and the hints asked.
    hand: PracticeHand
    #: Whether a hint was asked before the first legal card.
    hinted: bool = False
    #: The first legal card's judgement (it rates the deck card), then the latest one.
    first: Judgement | None = None
    latest: Judgement | None = None

    @property
    def rated(self) -> bool:
        """Whether the deck card has its rating (a legal card was played)."""
        return self.first is not None


def open_try(key: str, card: DeckCard) -> PracticeTry:
    """A deck card opened for an answer (see :func:`rebuild` for the errors)."""
    position = rebuild(card)
    return PracticeTry(key, position, position.hand)


def try_card(attempt: PracticeTry, code: str) -> PracticeTry:
    """The learner's card (its code or typed text): refused with the rule when illegal
    (nothing judged, nothing rated), else judged; the hand stays at the position."""
    shown = dataclasses.replace(attempt.hand, refusal=None)
    after = practice.try_action(shown, code)
    if after.refusal is not None:
        return dataclasses.replace(attempt, hand=after, latest=None)
    played = after.moves[-1].action
    if not isinstance(played, Card):
        refusal = Refusal("notation", t("review.practice_a_card"))
        return dataclasses.replace(attempt, hand=dataclasses.replace(shown, refusal=refusal))
    judged = judge(attempt.position, played)
    first = attempt.first or judged
    return dataclasses.replace(attempt, hand=shown, first=first, latest=judged)


def ask_hint(attempt: PracticeTry) -> PracticeTry:
    """One more hint tier (the practice hints); before any legal card it marks the try hinted."""
    hand = practice.hint(dataclasses.replace(attempt.hand, refusal=None))
    if hand.hint_tier == attempt.hand.hint_tier:
        return attempt
    return dataclasses.replace(attempt, hand=hand, hinted=attempt.hinted or not attempt.rated)


def rating(attempt: PracticeTry) -> Rating | None:
    """The deck card's rating from the first legal card (None before one)."""
    if attempt.first is None:
        return None
    return rating_for(attempt.first.right, hinted=attempt.hinted)
