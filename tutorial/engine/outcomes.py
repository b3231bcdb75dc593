"""What play makes: a card laid in a trick (:class:`Play`), a finished trick
(:class:`TrickResult`), a hand's itemised score (:class:`ScoreLine`, :class:`HandOutcome`)
and what a side must end with to win it (:class:`WinningMark`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextvars import Context, copy_context
from dataclasses import FrozenInstanceError, dataclass, field
from typing import Any, cast

from tutorial.engine.cards import Card
from tutorial.engine.seats import Seat
from tutorial.engine.verdicts import in_language, run_deferred
from tutorial.language.i18n import language


@dataclass(frozen=True, slots=True)
class Play:
    """One card laid in a trick by one seat."""

    seat: Seat
    card: Card

    def __repr__(self) -> str:
        return f"Play({self.seat}, {self.card!r})"


#: One ``Play`` object per seat and card, shared (a ``Play`` is a value): per seat, by card.
_PLAYS: tuple[dict[Card, Play], ...] = tuple({} for _ in range(4))


def play_of(seat: Seat, card: Card) -> Play:
    """``Play(seat, card)``, the same object every time (cheaper in the engine's loops)."""
    if not 0 <= seat < len(_PLAYS):
        return Play(seat, card)
    by_card = _PLAYS[seat]
    play = by_card.get(card)
    if play is None:
        play = by_card[card] = Play(seat, card)
    return play


class TrickResult:
    """A finished trick: its plays in order, who won it and why, and its points.

    ``reason`` is a stable code (``highest_trump``, ``highest_of_led_suit``,
    ``excuse_wins_last_trick``...) and ``explanation`` a sentence for the learner.

    A frozen value like a dataclass (equality, hash, ``repr`` and pickling over its six
    attributes); the engine makes the ``explanation`` on first read (:meth:`deferred`),
    in the context of the moment the trick was taken (its seat names), like a deferred
    :class:`Verdict` message, but in the language of the reader: a trick kept across
    sessions (a scenario's earlier tricks, built once in English for every learner) is
    explained again in another language when read in it.
    """

    __slots__ = (
        "_build",
        "_explanation",
        "_language",
        "index",
        "plays",
        "points",
        "reason",
        "winner",
    )
    __match_args__ = ("index", "plays", "winner", "points", "reason", "explanation")

    index: int
    plays: tuple[Play, ...]
    winner: Seat
    points: float
    reason: str
    _explanation: str | None
    _language: str | None
    _build: tuple[Callable[[], str], Context] | None

    def __init__(
        self,
        index: int,
        plays: tuple[Play, ...],
        winner: Seat,
        points: float,
        reason: str,
        explanation: str,
    ) -> None:
        _set = object.__setattr__
        _set(self, "index", index)
        _set(self, "plays", plays)
        _set(self, "winner", winner)
        _set(self, "points", points)
        _set(self, "reason", reason)
        _set(self, "_explanation", explanation)
        _set(self, "_language", None)
        _set(self, "_build", None)

    @classmethod
    def deferred(
        cls,
        index: int,
        plays: tuple[Play, ...],
        winner: Seat,
        points: float,
        reason: str,
        build: Callable[[], str],
    ) -> TrickResult:
        """A trick whose ``explanation`` ``build()`` makes on first read (then kept)."""
        # A hot path (every trick of every hand the engine plays): the trick is filled in
        # as an _OpenTrickResult, whose plain stores cost a third of object.__setattr__'s,
        # then turned into this class (the same slots) and frozen from then on.
        r = _OpenTrickResult()
        r.index = index
        r.plays = plays
        r.winner = winner
        r.points = points
        r.reason = reason
        r._explanation = None
        r._language = None
        r._build = (build, copy_context())
        r.__class__ = cls  # type: ignore[assignment]  # allowed: the same slots
        return cast(TrickResult, r)

    @property
    def explanation(self) -> str:
        """Why the winner won, in a sentence in the reader's language (built on first read
        when deferred, and again when read in another language)."""
        text = self._explanation
        if self._build is None:
            assert text is not None  # a trick is built either with its sentence or deferred
            return text
        lang = language()
        if text is None or self._language != lang:
            fn, ctx = self._build
            text = run_deferred((in_language(lang, fn), ctx))
            object.__setattr__(self, "_explanation", text)
            object.__setattr__(self, "_language", lang)
        return text

    @property
    def leader(self) -> Seat:
        """The seat that led the trick."""
        return self.plays[0].seat

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in playing order."""
        return tuple(p.card for p in self.plays)

    def winning_play(self) -> Play:
        """The play that won the trick."""
        for p in self.plays:
            if p.seat == self.winner:
                return p
        raise AssertionError("winner did not play in the trick")  # pragma: no cover

    def _fields(self) -> tuple[int, tuple[Play, ...], Seat, float, str, str]:
        return (self.index, self.plays, self.winner, self.points, self.reason, self.explanation)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, TrickResult)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"TrickResult(index={self.index!r}, plays={self.plays!r}, winner={self.winner!r}, "
            f"points={self.points!r}, reason={self.reason!r}, "
            f"explanation={self.explanation!r})"
        )

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(
        self,
    ) -> tuple[type[TrickResult], tuple[int, tuple[Play, ...], Seat, float, str, str]]:
        return (TrickResult, self._fields())


class _OpenTrickResult:
    """A :class:`TrickResult` while ``TrickResult.deferred`` fills it in: the same slots,
    without the refusal to assign."""

    __slots__ = TrickResult.__slots__

    index: int
    plays: tuple[Play, ...]
    winner: Seat
    points: float
    reason: str
    _explanation: str | None
    _language: str | None
    _build: tuple[Callable[[], str], Context] | None


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One labelled line of a hand's score.

    Attributes:
        kind: a stable key (``card_points``, ``dix_de_der``, ``declaration``, ``belote``,
            ``capot``, ``dedans``, ``litige``, ``base``, ``petit_au_bout``...).
        label: what a learner reads, e.g. ``"Tierce (8♣ 9♣ 10♣), player 1"``.
        side: the team or player the points go to (a key of ``HandOutcome.totals``).
        points: the amount; lines of one side add up to its total.
        note: an optional explanation (why it scores, or why it does not).
        counted: whether the line moves points; ``False`` for a step of the count that
            only shows a figure (Tarot's card points, bouts, target...; a result).
    """

    kind: str
    label: str
    side: str
    points: float
    note: str = ""
    counted: bool = True


@dataclass(frozen=True)
class HandOutcome:
    """The itemised result of one hand.

    ``totals[side]`` is exactly the sum of the ``points`` of that side's lines (a test
    checks it). ``details`` carries game-specific figures for charts (contract line,
    target, multiplier, per-trick points...). ``ruleset`` names the ruleset used.
    """

    game: str
    ruleset: str
    lines: tuple[ScoreLine, ...]
    totals: Mapping[str, float]
    result: str
    details: Mapping[str, Any] = field(default_factory=dict)

    def lines_for(self, side: str) -> tuple[ScoreLine, ...]:
        """The lines that go to one side."""
        return tuple(line for line in self.lines if line.side == side)


#: The rules a :class:`WinningMark` states (``rule``): a fixed share of the hand's points
#: (Briscola's 61 of 120), more points than the other side or as many (Belote's contract,
#: by option), the taker's target for its bouts and the defence holding the taker below it
#: (Tarot).
MARK_RULES = ("reach", "more_than_other", "as_many_as_other", "target", "below_target")


@dataclass(frozen=True)
class WinningMark:
    """What a side must end a hand with to win it, in card points: the game's rule in figures.

    A side wins the hand when its count at the end (``points_settled()``: card points, and
    the last trick's bonus) is at least ``points``, whatever the other side then holds;
    with less it does not win (it loses, or ties). Made by each game's state
    (``winning_mark(side)``), read by :mod:`tutorial.engine.counts`.

    Attributes:
        points: the least count at the end that wins the hand for the side.
        rule: which rule sets it, one of :data:`MARK_RULES`.
        total: the points the hand holds for the comparison (Briscola 120, Belote 162,
            Tarot 91).
        tie: the count that leaves the two sides level (Briscola's 60 each; Belote's
            figures equal, the declarations counted by option), which wins only under
            ``as_many_as_other``; for Tarot's defence, the count that leaves the taker
            exactly its target (the contract is made); None when no count does (or the
            figures are compared rounded).
        extras: the points beside the cards the comparison counts (Belote's declarations
            and belote-rebelote), for this side and the other one.
        rounded: the figures are compared rounded to tens (a Belote option).
        bouts: Tarot: the bouts the taker ends with (every bout's side is settled).
        targets: Tarot: the taker's target by its number of bouts (0 to 3).
    """

    points: float
    rule: str
    total: float
    tie: float | None = None
    extras: tuple[float, float] = (0.0, 0.0)
    rounded: bool = False
    bouts: int | None = None
    targets: tuple[float, ...] = ()

    @property
    def target(self) -> float | None:
        """Tarot: the taker's target for the bouts it ends with (None elsewhere)."""
        return self.targets[self.bouts] if self.bouts is not None and self.targets else None
