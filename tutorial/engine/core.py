"""The small contract every game follows, and the value types it speaks in.

Shaped like OpenSpiel's state API: a state says whose turn it is (``to_move``), its
``phase``, its ``legal_actions()``, it ``explain``s any action (legal, or why not),
``apply`` returns the next state (the state itself never changes), ``is_terminal`` and
``outcome()`` give the itemised score, and ``observe(seat)`` is what one seat may see.

Seats are ints ``0..n-1`` numbered in playing order: ``(seat + 1) % n`` plays after
``seat``. Whether that is clockwise or counter-clockwise at a real table is a matter of
display (Belote's ``direction`` option), never of the rules.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import Context, ContextVar, copy_context
from dataclasses import FrozenInstanceError, dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar, runtime_checkable

from tutorial.engine.cards import Card, Suit, format_cards
from tutorial.engine.errors import UnknownRulesetError
from tutorial.language.i18n import language, speaking, t

if TYPE_CHECKING:
    from tutorial.engine.card_masks import CardMasks

Seat = int
_S = TypeVar("_S")


# --- Seats and sides in sentences ----------------------------------------------------

#: The table's names of the seats, for the engine's sentences in this context (the app
#: sets them around the engine calls of one scenario; None: "seat 2" from the catalogue).
_SEAT_NAMES: ContextVar[tuple[str, ...] | None] = ContextVar("atout_seat_names", default=None)


@contextmanager
def seat_names(names: Sequence[str] | None) -> Iterator[None]:
    """Within the block, the engine's sentences name the seats ``names[0]``, ``names[1]``...

    >>> with seat_names(["You", "Left", "Partner", "Right"]):
    ...     seat_name(2), side_name((0, 2))
    ('Partner', 'You & Partner')
    >>> seat_name(2), side_name((0, 2))
    ('seat 2', 'seat 0 & seat 2')
    """
    token = _SEAT_NAMES.set(tuple(names) if names is not None else None)
    try:
        yield
    finally:
        _SEAT_NAMES.reset(token)


def current_seat_names() -> tuple[str, ...] | None:
    """The seat names set by :func:`seat_names` in this context, if any."""
    return _SEAT_NAMES.get()


def _table_name(seat: Seat) -> str:
    """The seat's name as the table gives it, or ``seat 2`` when no names are set."""
    names = _SEAT_NAMES.get()
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return t("common.seat", seat=seat)


def _capital(text: str, start: bool) -> str:
    return text[:1].upper() + text[1:] if start else text


def seat_name(seat: Seat, *, start: bool = False) -> str:
    """A seat in a sentence: its table name, or ``seat 2`` when none is set.

    ``start``: the word opens a sentence (its first letter is then a capital). The
    learner's seat, named "You", reads "you" inside a sentence ("won by you").
    """
    text = _table_name(seat)
    if not start and text == t("common.you"):
        text = t("common.you_inside")
    return _capital(text, start)


#: The message keys of the suits' names.
SUIT_KEYS = {
    Suit.SPADES: "common.suit.spades",
    Suit.HEARTS: "common.suit.hearts",
    Suit.DIAMONDS: "common.suit.diamonds",
    Suit.CLUBS: "common.suit.clubs",
    Suit.TRUMP: "common.suit.trumps",
    Suit.EXCUSE: "common.suit.excuse",
}


def suit_word(suit: Suit) -> str:
    """A suit's name in the language of the moment ("hearts", "紅心")."""
    return t(SUIT_KEYS[suit])


def seat_possessive(seat: Seat, *, start: bool = False) -> str:
    """A seat's possessive: ``North's``, ``your`` for the learner named "You", ``seat 2's``."""
    name = _table_name(seat)
    text = t("common.your") if name == t("common.you") else t("common.possessive", name=name)
    return _capital(text, start)


def side_name(seats: Sequence[Seat], *, start: bool = False) -> str:
    """A side by its seats: one seat's name, or ``You & Partner`` for two partners.

    Two partners read as one name (``Contract made by You & Partner``).
    """
    if len(seats) == 1:
        return seat_name(seats[0], start=start)
    first, second = (_table_name(s) for s in seats[:2])
    return _capital(t("common.side", first=first, second=second), start)


# --- Reasons -------------------------------------------------------------------------

#: Stable reason codes; the UI and scenarios key on these, so never rename one.
LEGAL = "legal"
NOT_YOUR_TURN = "not_your_turn"
NOT_IN_HAND = "not_in_hand"
WRONG_PHASE = "wrong_phase"
HAND_OVER = "hand_over"
MUST_FOLLOW_SUIT = "must_follow_suit"
MUST_TRUMP = "must_trump"
MUST_OVERTRUMP = "must_overtrump"
MUST_PLAY_TRUMP = "must_play_trump"  # cannot overtrump, but must still play a trump
MUST_PLAY_TRUMP_HIGHER = "must_play_trump_higher"  # trump led / any trump: go higher
BID_TOO_LOW = "bid_too_low"
BAD_BID = "bad_bid"
BAD_DISCARD = "bad_discard"
BAD_DECLARATION = "bad_declaration"


class Verdict:
    """The engine's answer to "may this action be taken here, and why?".

    Attributes:
        legal: whether the action is accepted.
        code: a stable code (``legal``, ``must_overtrump``, ``not_in_hand``, ...).
        message: one sentence a learner understands, naming the rule and the cards.
        forcing: the cards that force the verdict (cards in the trick and in the hand),
            for the UI to highlight.
        rule: a short name of the rule applied, e.g. ``"Belote: overtrump"``.

    A frozen value like a dataclass (equality, hash, ``repr`` and pickling over the five
    attributes). Its ``message`` may be *deferred* (:meth:`deferred`): the sentence is
    built from the catalogue the first time it is read, in the context (language, seat
    names) of the moment the verdict was made, then kept. The engine checks many cards
    whose sentence nobody reads; building it only on demand is what keeps the state API
    fast.

    >>> v = Verdict.deferred(False, "must_follow_suit", lambda: "Follow suit.")
    >>> v.is_built, v.message, v.is_built
    (False, 'Follow suit.', True)
    >>> v == Verdict(False, "must_follow_suit", "Follow suit.")
    True
    """

    __slots__ = ("_build", "_message", "code", "forcing", "legal", "rule")
    __match_args__ = ("legal", "code", "message", "forcing", "rule")

    legal: bool
    code: str
    forcing: tuple[Card, ...]
    rule: str
    _message: str | None
    _build: tuple[Callable[[], str], Context] | None

    def __init__(
        self,
        legal: bool,
        code: str,
        message: str,
        forcing: tuple[Card, ...] = (),
        rule: str = "",
    ) -> None:
        _set = object.__setattr__
        _set(self, "legal", legal)
        _set(self, "code", code)
        _set(self, "_message", message)
        _set(self, "_build", None)
        _set(self, "forcing", forcing)
        _set(self, "rule", rule)

    @classmethod
    def deferred(
        cls,
        legal: bool,
        code: str,
        build: Callable[[], str],
        forcing: tuple[Card, ...] = (),
        rule: str = "",
    ) -> Verdict:
        """A verdict whose message ``build()`` makes on first read (then kept).

        ``build`` runs in a copy of the current context (language, seat names), so the
        sentence reads as if it had been built now; it must only use values that do not
        change afterwards.
        """
        v = object.__new__(cls)
        _set = object.__setattr__
        _set(v, "legal", legal)
        _set(v, "code", code)
        _set(v, "_message", None)
        _set(v, "_build", (build, copy_context()))
        _set(v, "forcing", forcing)
        _set(v, "rule", rule)
        return v

    @property
    def message(self) -> str:
        """One sentence a learner understands (built on first read when deferred)."""
        message = self._message
        if message is None:
            message = _run_deferred(self._build)
            object.__setattr__(self, "_message", message)
            object.__setattr__(self, "_build", None)
        return message

    @property
    def is_built(self) -> bool:
        """Whether the message has been built (always, unless deferred and not read yet)."""
        return self._message is not None

    def _fields(self) -> tuple[bool, str, str, tuple[Card, ...], str]:
        return (self.legal, self.code, self.message, self.forcing, self.rule)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Verdict)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"Verdict(legal={self.legal!r}, code={self.code!r}, message={self.message!r}, "
            f"forcing={self.forcing!r}, rule={self.rule!r})"
        )

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[type[Verdict], tuple[bool, str, str, tuple[Card, ...], str]]:
        return (Verdict, self._fields())

    @staticmethod
    def ok(message: str = "Legal.", rule: str = "") -> Verdict:
        """A legal verdict."""
        return Verdict(True, LEGAL, message, (), rule)

    @staticmethod
    def refuse(code: str, message: str, forcing: Sequence[Card] = (), rule: str = "") -> Verdict:
        """An illegal verdict with its reason code."""
        return Verdict(False, code, message, tuple(forcing), rule)

    @staticmethod
    def ok_later(build: Callable[[], str], rule: str = "") -> Verdict:
        """A legal verdict whose message is deferred (see :meth:`deferred`)."""
        return Verdict.deferred(True, LEGAL, build, (), rule)

    @staticmethod
    def refuse_later(
        code: str, build: Callable[[], str], forcing: Sequence[Card] = (), rule: str = ""
    ) -> Verdict:
        """An illegal verdict whose message is deferred (see :meth:`deferred`)."""
        return Verdict.deferred(False, code, build, tuple(forcing), rule)


def _in_language(lang: str, fn: Callable[[], str]) -> Callable[[], str]:
    """``fn`` made to speak ``lang`` whatever language its context was forced to."""

    def spoken() -> str:
        with speaking(lang):
            return fn()

    return spoken


def _run_deferred(build: tuple[Callable[[], str], Context] | None) -> str:
    """Build a deferred sentence in the context it was made in."""
    assert build is not None  # a message is either built or has its builder
    fn, ctx = build
    try:
        return ctx.run(fn)
    except RuntimeError:  # pragma: no cover - that context is being read right now
        return fn()


# --- Tricks and scores ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Play:
    """One card laid in a trick by one seat."""

    seat: Seat
    card: Card

    def __repr__(self) -> str:
        return f"Play({self.seat}, {self.card!r})"


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
        r = object.__new__(cls)
        _set = object.__setattr__
        _set(r, "index", index)
        _set(r, "plays", plays)
        _set(r, "winner", winner)
        _set(r, "points", points)
        _set(r, "reason", reason)
        _set(r, "_explanation", None)
        _set(r, "_language", None)
        _set(r, "_build", (build, copy_context()))
        return r

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
            text = _run_deferred((_in_language(lang, fn), ctx))
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


@dataclass(frozen=True)
class Observation:
    """What one seat may see: its own hand and everything public, nothing else.

    ``public`` holds game-specific public facts (trump, contract, shown cards, trick
    history...); ``hand_sizes`` the number of cards each seat holds.
    """

    seat: Seat
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    current_trick: tuple[Play, ...]
    tricks: tuple[TrickResult, ...]
    public: Mapping[str, Any]
    known_cards: frozenset[Card]  # every card this seat can see or knows the place of

    def visible_cards(self) -> frozenset[Card]:
        """Every card this observation shows."""
        return self.known_cards


# --- The state contract --------------------------------------------------------------


@runtime_checkable
class GameState(Protocol):
    """What every game's state offers (Belote, Tarot, Briscola)."""

    @property
    def game(self) -> str: ...
    @property
    def ruleset(self) -> Ruleset: ...
    @property
    def num_players(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def to_move(self) -> Seat | None: ...
    @property
    def is_terminal(self) -> bool: ...
    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def tricks(self) -> tuple[TrickResult, ...]: ...
    @property
    def current_trick(self) -> tuple[Play, ...]: ...

    def legal_actions(self) -> list[Any]: ...
    def legal_plays(self) -> list[Card]: ...
    def explain(self, action: Any) -> Verdict: ...
    def apply(self, action: Any) -> GameState: ...
    def outcome(self) -> HandOutcome: ...
    def observe(self, seat: Seat) -> Observation: ...
    def team_of(self, seat: Seat) -> int: ...
    def card_points(self, card: Card) -> float: ...
    def hidden_cards(self, seat: Seat) -> frozenset[Card]: ...
    @property
    def trump_suit(self) -> Suit | None: ...
    @property
    def total_tricks(self) -> int: ...
    @property
    def last_trick_bonus(self) -> float: ...
    @property
    def point_unit(self) -> float: ...
    @property
    def scores_by_seat(self) -> bool: ...
    def score_key(self, side: int) -> str | None: ...
    def points_won(self) -> tuple[float, float]: ...
    def earlier_tricks(self) -> tuple[int | None, int | None]: ...
    def piles_after_tricks(self) -> tuple[tuple[float, float], ...]: ...
    @property
    def hand_points(self) -> float: ...
    def points_settled(self) -> tuple[float, float]: ...
    def winning_mark(self, side: int) -> WinningMark | None: ...
    def seated_bids(self) -> list[tuple[Seat, Any]]: ...
    def is_trump(self, card: Card) -> bool: ...
    def card_power(self, card: Card) -> int: ...
    def winning_position(self, cards: Sequence[Card]) -> int | None: ...
    def card_masks(self) -> CardMasks: ...
    @property
    def any_card_playable(self) -> bool: ...
    @property
    def cards_to_draw(self) -> int: ...
    @property
    def draw_pile(self) -> tuple[Card, ...]: ...
    def with_hands(
        self, hands: tuple[tuple[Card, ...], ...], stock: tuple[Card, ...] | None = None
    ) -> GameState: ...
    @property
    def sides_known(self) -> bool: ...
    def played_for_a_score(self) -> bool: ...
    @property
    def bidding_makes_sides(self) -> bool: ...
    @property
    def trick_leader(self) -> Seat: ...
    @property
    def face_up_card(self) -> Card | None: ...
    @property
    def dealer(self) -> Seat: ...
    @property
    def taker(self) -> Seat | None: ...
    @property
    def discard(self) -> tuple[Card, ...]: ...
    @property
    def contract(self) -> Any: ...
    @property
    def stock_count(self) -> int | None: ...
    @property
    def names_free_play_rule(self) -> bool: ...
    def bid_choices(self) -> list[Any]: ...
    def dealt_again(self, seat: Seat, rng: random.Random) -> GameState: ...
    def auction_record(self) -> dict[str, Any]: ...
    def with_auction_record(self, record: Mapping[str, Any]) -> GameState: ...


def deal_hidden_again(
    hands: Sequence[tuple[Card, ...]], seat: Seat, aside: Sequence[Card], rng: random.Random
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Every hand but ``seat``'s and the ``aside`` cards (undealt, a chien) shuffled and
    dealt again, each hand keeping its size: (the hands, the cards left aside)."""
    hidden = [c for s, hand in enumerate(hands) if s != seat for c in hand]
    hidden += aside
    rng.shuffle(hidden)
    dealt = []
    for s, hand in enumerate(hands):
        if s == seat:
            dealt.append(hand)
        else:
            dealt.append(tuple(hidden[: len(hand)]))
            del hidden[: len(hand)]
    return tuple(dealt), tuple(hidden)


class KeepsTheAuction:
    """The auction's record of a dataclass state (``auction_record``): the fields named
    by its class's ``AUCTION_FIELDS``, which record the auction and the contract's level
    and which the play after the auction never reads (its cards follow the hands, the
    taker and the trump); the scoring does. Two auctions that end in positions differing
    only there lead to the same play. A base of every game's state class."""

    AUCTION_FIELDS: ClassVar[tuple[str, ...]] = ()

    def auction_record(self) -> dict[str, Any]:
        """The auction's record, by field name (empty in a game with no bidding)."""
        return {name: getattr(self, name) for name in self.AUCTION_FIELDS}

    def with_auction_record(self: _S, record: Mapping[str, Any]) -> _S:
        """This position with another's :meth:`auction_record`."""
        return dataclasses.replace(self, **record)  # type: ignore[type-var]


class WithoutChien:
    """The contract's answers for a game with no chien (Belote, Briscola): no contract's
    level named by the bidding (Belote's contract is the trump taken, Briscola has no
    bidding) and nothing laid aside by a taker. A base of their state classes."""

    @property
    def contract(self) -> Any:
        """The contract's level named by the bidding (Tarot's bid): none."""
        return None

    @property
    def discard(self) -> tuple[Card, ...]:
        """The cards the taker laid aside (Tarot's discard): none."""
        return ()


class WithoutStock:
    """The contract's answers for a game dealt in full, with no stock drawn from between
    tricks and a duty to follow (Belote, Tarot): a base of their state classes."""

    @property
    def any_card_playable(self) -> bool:
        """Whether any card in hand may always be played: no, suit and trumps bind."""
        return False

    @property
    def cards_to_draw(self) -> int:
        """Cards the seats still draw between tricks: none."""
        return 0

    @property
    def draw_pile(self) -> tuple[Card, ...]:
        """The cards still to be drawn between tricks, in drawing order: none."""
        return ()

    @property
    def stock_count(self) -> int | None:
        """How many cards are left in a stock drawn from between tricks: there is none."""
        return None


def evolve(state: _S, changes: Mapping[str, Any], caches: Sequence[str] = ()) -> _S:
    """A copy of a frozen (non-slots) dataclass state with some fields changed, fast.

    For the engine's own ``apply``: no ``__init__`` and no validation (the values are the
    engine's), the dict of fields copied in one go; the attributes named in ``caches``
    (values derived from the old fields) are left behind. Others' code keeps using
    ``dataclasses.replace``.
    """
    new = object.__new__(state.__class__)
    d = state.__dict__.copy()
    for name in caches:
        if name in d:
            del d[name]
    d.update(changes)
    object.__setattr__(new, "__dict__", d)
    return new


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


# --- Rule options and rulesets -------------------------------------------------------


@dataclass(frozen=True)
class Ruleset:
    """A named set of rule options for one game, plus any per-option overrides.

    ``name`` reads like ``default`` or ``seed-004`` or ``default+capot=252``; every
    result carries it so a learner knows which rules produced it.
    """

    game: str
    name: str
    options: Any  # the game's frozen options dataclass
    description: str = ""

    def __str__(self) -> str:
        return f"{self.game}/{self.name}"

    def with_options(self, **overrides: Any) -> Ruleset:
        """This ruleset with some options changed (validated, named in the result)."""
        return _apply_overrides(self, overrides)


@dataclass(frozen=True)
class _Preset:
    ruleset: Ruleset
    aliases: tuple[str, ...]


_REGISTRY: dict[str, dict[str, _Preset]] = {}
_ALIASES: dict[str, dict[str, str]] = {}


def option(
    default: Any,
    help: str,
    choices: Sequence[Any] | None = None,
    accepts: Callable[[Any], bool] | None = None,
) -> Any:
    """Declare a rule option field: its default, a one-line help and allowed values.

    ``accepts``, when given, also allows values outside ``choices`` that pass it
    (``choices`` then lists the usual values, for pickers and texts); its docstring
    says what it accepts in the refusal message.
    """
    meta: dict[str, Any] = {"help": help}
    if choices is not None:
        meta["choices"] = tuple(choices)
    if accepts is not None:
        meta["accepts"] = accepts
    return field(default=default, metadata=meta)


def positive_whole_number(value: object) -> bool:
    """any positive whole number

    >>> positive_whole_number(2000), positive_whole_number(0), positive_whole_number(True)
    (True, False, False)
    """
    return type(value) is int and value > 0


def register_ruleset(
    game: str, name: str, options: Any, description: str, aliases: Sequence[str] = ()
) -> Ruleset:
    """Add a named preset for a game (called by each game module at import)."""
    rs = Ruleset(game=game, name=name, options=options, description=description)
    _REGISTRY.setdefault(game, {})[name] = _Preset(rs, tuple(aliases))
    table = _ALIASES.setdefault(game, {})
    for a in (name, *aliases):
        table[a.lower()] = name
    return rs


def rulesets(game: str) -> list[Ruleset]:
    """The named presets of a game, default first."""
    if game not in _REGISTRY:
        raise UnknownRulesetError(f"unknown game {game!r}; games: {', '.join(sorted(_REGISTRY))}")
    return [p.ruleset for p in _REGISTRY[game].values()]


def find_ruleset(game: str, name: str = "default", **overrides: Any) -> Ruleset:
    """Look a ruleset up by name or alias (case-insensitive), with option overrides.

    Raises:
        UnknownRulesetError: unknown game, ruleset, option, or a value not allowed.
    """
    if game not in _REGISTRY:
        raise UnknownRulesetError(f"unknown game {game!r}; games: {', '.join(sorted(_REGISTRY))}")
    key = _ALIASES[game].get(str(name).lower())
    if key is None:
        names = ", ".join(_REGISTRY[game])
        raise UnknownRulesetError(f"unknown {game} ruleset {name!r}; rulesets: {names}")
    rs = _REGISTRY[game][key].ruleset
    return _apply_overrides(rs, overrides) if overrides else rs


def resolve_ruleset(
    game: str, ruleset: str | Ruleset, options_type: type, **overrides: Any
) -> Ruleset:
    """A game's ruleset from a name/alias or a ``Ruleset``, with option overrides.

    Raises:
        UnknownRulesetError: an unknown name or option, a value not allowed, or a
            ruleset of another game.
    """
    if isinstance(ruleset, Ruleset):
        if ruleset.game != game or not isinstance(ruleset.options, options_type):
            title = {"tarot": "Tarot", "belote": "Belote", "briscola": "Briscola"}.get(game, game)
            raise UnknownRulesetError(f"{ruleset} is not a {title} ruleset")
        return ruleset.with_options(**overrides) if overrides else ruleset
    return find_ruleset(game, ruleset, **overrides)


def option_help(ruleset: Ruleset) -> list[tuple[str, Any, str, tuple[Any, ...] | None]]:
    """(name, value, help, choices) for every option of a ruleset, for the rules page."""
    out = []
    for f in dataclasses.fields(ruleset.options):
        out.append(
            (
                f.name,
                getattr(ruleset.options, f.name),
                f.metadata.get("help", ""),
                f.metadata.get("choices"),
            )
        )
    return out


def _apply_overrides(rs: Ruleset, overrides: Mapping[str, Any]) -> Ruleset:
    fields = {f.name: f for f in dataclasses.fields(rs.options)}
    clean: dict[str, Any] = {}
    for k, v in overrides.items():
        if k not in fields:
            raise UnknownRulesetError(
                f"unknown {rs.game} rule option {k!r}; options: {', '.join(fields)}"
            )
        current = getattr(rs.options, k)
        choices = fields[k].metadata.get("choices")
        accepts = fields[k].metadata.get("accepts")
        if choices is not None and v not in choices and not (accepts and accepts(v)):
            allowed = ", ".join(repr(c) for c in choices)
            if accepts is not None and accepts.__doc__:
                allowed += f", or {accepts.__doc__.splitlines()[0]}"
            raise UnknownRulesetError(
                f"{rs.game} option {k}={v!r} is not allowed; choose {allowed}"
            )
        if type(v) is not type(current) and not (isinstance(current, float) and type(v) is int):
            raise UnknownRulesetError(
                f"{rs.game} option {k} takes a {type(current).__name__}, not {v!r}"
            )
        clean[k] = v
    if not clean:
        return rs
    opts = dataclasses.replace(rs.options, **clean)
    suffix = ",".join(f"{k}={v}" for k, v in clean.items())
    return Ruleset(rs.game, f"{rs.name}+{suffix}", opts, rs.description)


def describe_cards(cards: Sequence[Card]) -> str:
    """Cards for a sentence: ``♥9``, ``♥9 and ♥8``, ``♥9, ♥8 and ♥7``."""
    labels = [c.label for c in cards]
    if not labels:
        return t("common.cards.none")
    if len(labels) == 1:
        return labels[0]
    return t(
        "common.cards.list", rest=t("common.cards.separator").join(labels[:-1]), last=labels[-1]
    )


__all__ = [
    "LEGAL",
    "MARK_RULES",
    "GameState",
    "HandOutcome",
    "KeepsTheAuction",
    "Observation",
    "Play",
    "Ruleset",
    "ScoreLine",
    "Seat",
    "TrickResult",
    "Verdict",
    "WinningMark",
    "WithoutChien",
    "WithoutStock",
    "current_seat_names",
    "describe_cards",
    "find_ruleset",
    "format_cards",
    "option",
    "option_help",
    "play_of",
    "positive_whole_number",
    "register_ruleset",
    "rulesets",
    "seat_name",
    "seat_names",
    "seat_possessive",
    "side_name",
]
