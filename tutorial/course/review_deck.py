"""The learner's own review deck: what they got wrong, brought back by spaced repetition.

A card is one position to see again: a scenario's step where a wrong card was tried
(the scenario and the step rebuild it exactly), a lesson's quiz question answered
wrong, or a practice card that cost points (the deal's game, ruleset and seed and the
moves before it rebuild it). It carries the question's source, what was tried, the
right answers, the engine's reason code, and its schedule.

Scheduling is FSRS (the ``fsrs`` package), in whole days: no learning steps, so a card
missed today is due tomorrow, and one answered right comes back later each time. The
rating comes from the outcome (:func:`rating_for`): right first time is Good, right
after a hint Hard, wrong Again. Nothing here reads the clock: every function that
needs the time takes ``now`` (an aware UTC datetime).

New cards come in at a pace a learner does in a sitting: the cards due on a day are
first the reviews (cards answered again before), then at most :data:`NEW_PER_DAY` new
cards (never reviewed since the mistake), counting the new cards already reviewed that
day; the others wait for the coming days, oldest first.

Quiet by design: no streak, no penalty. A card can be suspended, the deck cleared.

>>> from datetime import timedelta
>>> now = datetime(2030, 1, 1, 12, tzinfo=UTC)
>>> deck = note_wrong(ReviewDeck(), ScenarioSource(scenario="belote/overruff", step=1), "belote",
...                   tried="7H", answers=["KH"], reason="must_overtrump", now=now)
>>> due_counts(deck, now), due_counts(deck, now + timedelta(days=1))
({}, {'belote': 1})
"""

from __future__ import annotations

from datetime import UTC, datetime
from enum import IntEnum
from typing import Annotated

from fsrs import Card as FsrsCard
from fsrs import Rating as FsrsRating
from fsrs import Scheduler
from fsrs import State as FsrsState
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    StringConstraints,
    Tag,
)

#: Cards kept at most (when full, a new card pushes out the one due last).
DECK_MAX = 200
#: New cards (never reviewed since the mistake) brought in per day, over every game.
NEW_PER_DAY = 10
#: The longest interval, in days.
MAX_INTERVAL = 365
#: A practice card that lost at least this many points (with what the seat could know)
#: goes in the deck.
COSTLY = 10

_SCHEDULER = Scheduler(
    learning_steps=(),
    relearning_steps=(),
    maximum_interval=MAX_INTERVAL,
    enable_fuzzing=False,  # fuzzing draws from the global random: schedules stay reproducible
)

#: The earliest and latest moment a stored card may name (bounds a hostile code's dates).
EARLIEST = datetime(2000, 1, 1, tzinfo=UTC)
LATEST = datetime(2200, 1, 1, tzinfo=UTC)


class Rating(IntEnum):
    """How a review went (FSRS's four grades)."""

    AGAIN = 1
    HARD = 2
    GOOD = 3
    EASY = 4


def _utc(value: datetime) -> datetime:
    if value.tzinfo is None:
        raise ValueError("a time with its time zone")
    value = value.astimezone(UTC)
    if not EARLIEST <= value <= LATEST:
        raise ValueError("a time between 2000 and 2200")
    return value


Moment = Annotated[datetime, AfterValidator(_utc)]
ItemId = Annotated[
    str, StringConstraints(min_length=1, max_length=120, pattern=r"^[a-z0-9][a-z0-9_/.-]*$")
]
GameName = Annotated[str, StringConstraints(min_length=1, max_length=20, pattern=r"^[a-z]+$")]
ActionCode = Annotated[
    str, StringConstraints(min_length=1, max_length=16, pattern=r"^[A-Za-z0-9 ]+$")
]
ReasonCode = Annotated[str, StringConstraints(max_length=40, pattern=r"^[a-z0-9_]*$")]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ScenarioSource(_Strict):
    """A scenario's step: the scenario opened at that step is the position exactly."""

    scenario: ItemId
    step: int = Field(ge=0, le=1000)


class QuizSource(_Strict):
    """A lesson's quiz question (its index in the lesson)."""

    lesson: ItemId
    question: int = Field(ge=0, le=100)


class PracticeSource(_Strict):
    """A practice hand's card: the deal (game, ruleset, seed) and every action before it."""

    ruleset: Annotated[
        str, StringConstraints(min_length=1, max_length=40, pattern=r"^[a-z0-9_-]+$")
    ]
    seed: int = Field(ge=0, le=2**63)
    #: Players at the table (0: the game's usual number).
    players: int = Field(default=0, ge=0, le=8)
    moves: list[ActionCode] = Field(default_factory=list, max_length=200)
    trick: int = Field(default=0, ge=0, le=100)


def _source_kind(value: object) -> str | None:
    """Which source a stored one is, by the field only it has (``scenario``, ``lesson``,
    ``seed``): the kind is not written, the fields say it."""
    fields = (
        value if isinstance(value, dict) else vars(value) if isinstance(value, BaseModel) else {}
    )
    for name, kind in (("scenario", "scenario"), ("lesson", "quiz"), ("seed", "practice")):
        if name in fields:
            return kind
    return None


Source = Annotated[
    Annotated[ScenarioSource, Tag("scenario")]
    | Annotated[QuizSource, Tag("quiz")]
    | Annotated[PracticeSource, Tag("practice")],
    Discriminator(_source_kind),
]


class DeckCard(_Strict):
    """One card of the deck: where its question comes from, what was wrong, its schedule."""

    source: Source
    game: GameName
    #: What the learner tried ("" when not a card or a bid: a quiz choice is not kept).
    tried: Annotated[str, StringConstraints(max_length=40)] = ""
    #: The right answers, as the engine or the lesson writes them.
    answers: list[Annotated[str, StringConstraints(max_length=40)]] = Field(
        default_factory=list, max_length=8
    )
    #: The engine's reason code for the refusal (``must_overtrump``), or "".
    reason: ReasonCode = ""
    #: Points the card cost (a practice card), else 0.
    lost: float = Field(default=0, ge=0, le=1000, allow_inf_nan=False)
    due: Moment
    last: Moment
    stability: float = Field(ge=0.001, le=1e6, allow_inf_nan=False)
    difficulty: float = Field(ge=1, le=10, allow_inf_nan=False)
    reviews: int = Field(default=1, ge=1, le=100_000)
    suspended: bool = False
    #: When the card last changed (a review, a suspension): the later change wins a merge.
    changed: Moment


class ReviewDeck(_Strict):
    """Every card, by its key (:func:`card_key`), and when the deck was last cleared."""

    cards: dict[str, DeckCard] = Field(default_factory=dict, max_length=DECK_MAX)
    #: Cards that last changed before this moment are gone (another tab's copy too).
    cleared: Moment | None = None


def card_key(source: ScenarioSource | QuizSource | PracticeSource, game: str = "") -> str:
    """The key of a card: one card per position.

    >>> card_key(ScenarioSource(scenario="belote/overruff", step=2))
    'scenario:belote/overruff:2'
    >>> card_key(QuizSource(lesson="tarot/01-bouts", question=0))
    'quiz:tarot/01-bouts:0'
    """
    if isinstance(source, ScenarioSource):
        return f"scenario:{source.scenario}:{source.step}"
    if isinstance(source, QuizSource):
        return f"quiz:{source.lesson}:{source.question}"
    return f"practice:{game}:{source.ruleset}:{source.seed}:{len(source.moves)}"


def keys_match(deck: ReviewDeck) -> bool:
    """Whether every card is stored under its own key (a stored deck must be)."""
    return all(key == card_key(card.source, card.game) for key, card in deck.cards.items())


def rating_for(right: bool, hinted: bool = False, easy: bool = False) -> Rating:
    """The rating an outcome earns: wrong Again, right after a hint Hard, right Good
    (Easy when the caller knows it was easy).

    >>> [rating_for(False).name, rating_for(True, hinted=True).name, rating_for(True).name]
    ['AGAIN', 'HARD', 'GOOD']
    """
    if not right:
        return Rating.AGAIN
    if hinted:
        return Rating.HARD
    return Rating.EASY if easy else Rating.GOOD


def _check_now(now: datetime) -> datetime:
    if now.tzinfo is None:
        raise ValueError("now must carry its time zone")
    return now.astimezone(UTC)


def _schedule(card: DeckCard | None, rating: Rating, now: datetime) -> FsrsCard:
    if card is None:
        before = FsrsCard(card_id=1, due=now)
    else:
        before = FsrsCard(
            card_id=1,
            state=FsrsState.Review,
            step=None,
            stability=card.stability,
            difficulty=card.difficulty,
            due=card.due,
            last_review=min(card.last, now),
        )
    after, _ = _SCHEDULER.review_card(before, FsrsRating(int(rating)), review_datetime=now)
    return after


def is_due(card: DeckCard, now: datetime) -> bool:
    """Whether a card is due on ``now``'s day (UTC; a suspended card never is)."""
    return not card.suspended and card.due.date() <= _check_now(now).date()


def review(deck: ReviewDeck, key: str, rating: Rating, now: datetime) -> ReviewDeck:
    """The deck after the card ``key`` was reviewed with ``rating`` at ``now`` (no card
    of that key: the deck as it was)."""
    now = _check_now(now)
    card = deck.cards.get(key)
    if card is None:
        return deck
    after = _schedule(card, rating, now)
    new = card.model_copy(
        update={
            "due": after.due,
            "last": now,
            "stability": float(after.stability or card.stability),
            "difficulty": float(after.difficulty or card.difficulty),
            "reviews": min(100_000, card.reviews + 1),
            "changed": now,
        }
    )
    return deck.model_copy(update={"cards": {**deck.cards, key: new}})


def note_wrong(
    deck: ReviewDeck,
    source: ScenarioSource | QuizSource | PracticeSource,
    game: str,
    *,
    tried: str = "",
    answers: list[str] | None = None,
    reason: str = "",
    lost: float = 0,
    now: datetime,
) -> ReviewDeck:
    """The deck after a wrong answer at ``source``: a new card, first rated Again (due
    the next day); a card already there is rated Again only when it was due (a second
    wrong try the same day changes nothing), and a suspended one stays as it is."""
    now = _check_now(now)
    key = card_key(source, game)
    old = deck.cards.get(key)
    if old is not None:
        return review(deck, key, Rating.AGAIN, now) if is_due(old, now) else deck
    after = _schedule(None, Rating.AGAIN, now)
    card = DeckCard(
        source=source,
        game=game,
        tried=tried[:40],
        answers=[a[:40] for a in (answers or [])[:8]],
        reason=reason if _reason_ok(reason) else "",
        lost=max(0.0, min(1000.0, float(lost))),
        due=after.due,
        last=now,
        stability=float(after.stability or 0.212),
        difficulty=float(after.difficulty or 5.0),
        changed=now,
    )
    cards = {**deck.cards, key: card}
    return deck.model_copy(update={"cards": _keep(cards)})


def _reason_ok(reason: str) -> bool:
    return len(reason) <= 40 and all(c.islower() or c.isdigit() or c == "_" for c in reason)


def _keep(cards: dict[str, DeckCard]) -> dict[str, DeckCard]:
    """At most :data:`DECK_MAX` cards: suspended ones go first, then those due last."""
    if len(cards) <= DECK_MAX:
        return cards
    ranked = sorted(cards.items(), key=lambda kv: (kv[1].suspended, kv[1].due, kv[0]))
    return dict(ranked[:DECK_MAX])


def suspend(deck: ReviewDeck, key: str, now: datetime, suspended: bool = True) -> ReviewDeck:
    """The deck with the card ``key`` suspended (or brought back with ``suspended=False``)."""
    now = _check_now(now)
    card = deck.cards.get(key)
    if card is None or card.suspended == suspended:
        return deck
    new = card.model_copy(update={"suspended": suspended, "changed": now})
    return deck.model_copy(update={"cards": {**deck.cards, key: new}})


def clear(deck: ReviewDeck, now: datetime) -> ReviewDeck:
    """An empty deck that remembers it was cleared (so a merge does not bring cards back)."""
    del deck
    return ReviewDeck(cleared=_check_now(now))


def is_new(card: DeckCard) -> bool:
    """Whether a card was never reviewed since the mistake that made it."""
    return card.reviews == 1


def new_started(deck: ReviewDeck, now: datetime) -> int:
    """How many cards had their first review on ``now``'s day (they count against the
    day's :data:`NEW_PER_DAY`)."""
    day = _check_now(now).date()
    return sum(1 for c in deck.cards.values() if c.reviews == 2 and c.last.date() == day)


def _due_today(deck: ReviewDeck, now: datetime) -> tuple[list[tuple[str, DeckCard]], int]:
    """Every game's cards due today (reviews first, then the day's new cards), and how
    many more new cards wait for the coming days."""
    found = sorted(
        ((key, card) for key, card in deck.cards.items() if is_due(card, now)),
        key=lambda kv: (kv[1].due, kv[0]),
    )
    reviews = [kv for kv in found if not is_new(kv[1])]
    new = [kv for kv in found if is_new(kv[1])]
    room = max(0, NEW_PER_DAY - new_started(deck, now))
    return reviews + new[:room], max(0, len(new) - room)


def due_cards(
    deck: ReviewDeck, now: datetime, game: str | None = None
) -> list[tuple[str, DeckCard]]:
    """The cards due on ``now``'s day (of one game, if given): the reviews, the most
    overdue first, then the day's new cards (at most :data:`NEW_PER_DAY` a day over
    every game, the oldest first).

    >>> now = datetime(2030, 1, 1, 12, tzinfo=UTC)
    >>> deck = ReviewDeck()
    >>> for i in range(NEW_PER_DAY + 3):
    ...     deck = note_wrong(deck, QuizSource(lesson="a/b", question=i), "tarot", now=now)
    >>> len(due_cards(deck, now.replace(day=2))), waiting_new(deck, now.replace(day=2))
    (10, 3)
    """
    found, _ = _due_today(deck, now)
    return [kv for kv in found if game is None or kv[1].game == game]


def waiting_new(deck: ReviewDeck, now: datetime) -> int:
    """New cards due but kept for the coming days (over :data:`NEW_PER_DAY`)."""
    return _due_today(deck, now)[1]


def due_counts(deck: ReviewDeck, now: datetime) -> dict[str, int]:
    """How many cards are due per game (games with none are left out)."""
    counts: dict[str, int] = {}
    for _, card in due_cards(deck, now):
        counts[card.game] = counts.get(card.game, 0) + 1
    return counts


def days_until_due(card: DeckCard, now: datetime) -> int:
    """Whole days from ``now``'s day to the card's (0 when due today or before).

    >>> now = datetime(2030, 1, 1, 12, tzinfo=UTC)
    >>> d = note_wrong(ReviewDeck(), QuizSource(lesson="a/b", question=0), "tarot", now=now)
    >>> days_until_due(d.cards["quiz:a/b:0"], now)
    1
    """
    return max(0, (card.due.date() - _check_now(now).date()).days)


def merge_decks(a: ReviewDeck, b: ReviewDeck) -> ReviewDeck:
    """Two copies of a deck together (two tabs, an imported code): per card the later
    change wins; the later clearing removes every card that last changed before it.

    >>> from datetime import timedelta
    >>> now = datetime(2030, 1, 1, 12, tzinfo=UTC)
    >>> one = note_wrong(ReviewDeck(), QuizSource(lesson="a/b", question=0), "tarot", now=now)
    >>> later = suspend(one, "quiz:a/b:0", now + timedelta(hours=1))
    >>> merge_decks(later, one).cards["quiz:a/b:0"].suspended
    True
    >>> merge_decks(one, clear(one, now + timedelta(hours=1))).cards
    {}
    """
    cleared = max((c for c in (a.cleared, b.cleared) if c is not None), default=None)
    cards = dict(a.cards)
    for key, card in b.cards.items():
        old = cards.get(key)
        if old is None or (card.changed, card.reviews) > (old.changed, old.reviews):
            cards[key] = card
    if cleared is not None:
        cards = {k: c for k, c in cards.items() if c.changed >= cleared}
    return ReviewDeck(cards=_keep(cards), cleared=cleared)


def moment_of_day(day: str) -> datetime:
    """Noon UTC of a ``YYYY-MM-DD`` day (the clock a test or a link may set).

    Raises:
        ValueError: not such a day, or outside the years the deck accepts.

    >>> moment_of_day("2030-01-02")
    datetime.datetime(2030, 1, 2, 12, 0, tzinfo=datetime.timezone.utc)
    """
    moment = datetime.strptime(day.strip(), "%Y-%m-%d").replace(hour=12, tzinfo=UTC)
    return _utc(moment)
