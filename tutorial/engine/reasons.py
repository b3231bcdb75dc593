"""Why one card did worse than another: facts read off two lines of play from one position.

A :class:`Comparison` holds two :class:`Line` s from the same position, each to the end
of the hand: the line after the card a seat played and the line after a better card.
A *reason kind* is a function that reads one fact off the two lines (a trick that changes
hands, a card's points handed to the opponents, a winning card spent where a smaller one
won the same trick, a partner's trick not fed, a later trick lost...) and returns a
:class:`Reason` when that fact holds, None when it does not: a reason is said only when
its fact is true (``tests/test_reasons.py`` checks each kind's fact against the engine on
random positions). A reason carries the facts it names (cards, seats, tricks, points)
and words them through the catalogue (section ``[reasons]``) when it is read, in the
language and with the seat names of that moment (``seats.seat_names``).

The kinds every game shares are here; a game's own kinds (Belote's last trick and
capot, Tarot's Petit, Briscola's face-up trump...) live in its package and register
themselves with :func:`register_reason`, as a game registers itself.
:func:`find_reasons` gives the kinds that hold, most telling first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tutorial.engine.actions import Action
from tutorial.engine.cards import Card, Suit, suit_word
from tutorial.engine.contract import GameState
from tutorial.engine.errors import InvalidStateError
from tutorial.engine.outcomes import Play, TrickResult
from tutorial.engine.seats import Seat, seat_name, seat_possessive
from tutorial.language.i18n import t, tn

__all__ = [
    "CardOf",
    "Comparison",
    "Count",
    "Line",
    "Points",
    "Reason",
    "ReasonKind",
    "SeatWord",
    "SuitWord",
    "Suits",
    "bid_fact",
    "figure",
    "find_reasons",
    "reason",
    "reason_kinds",
    "register_bid_fact",
    "register_reason",
    "trick_in_play",
    "winning_play",
]


# --- Two lines from one position -------------------------------------------------------


@dataclass(frozen=True)
class Line:
    """A line of play from ``start``: its plays and the state after each (the last one
    the end of the hand, or where the line stops)."""

    start: GameState = field(repr=False)
    plays: tuple[Play, ...]
    states: tuple[GameState, ...] = field(repr=False)

    @classmethod
    def of(
        cls,
        start: GameState,
        plays: Sequence[Play],
        between: Callable[[GameState], Any] | None = None,
    ) -> Line:
        """The line of ``plays`` from ``start``, each applied by the engine; a decision
        that is not a card (Belote's declarations in the first trick) is taken by
        ``between`` when the line meets one.

        Raises:
            IllegalPlayError: a play the engine refuses.
            InvalidStateError: a decision that is not a card, and no ``between``.
        """
        states: list[GameState] = []
        state = start
        for p in plays:
            while state.phase != "play" and not state.is_terminal:
                if between is None:
                    raise InvalidStateError(f"a {state.phase!r} decision in a line of cards")
                state = state.apply(between(state))
                states.append(state)
            state = state.apply(p.card)
            states.append(state)
        return cls(start, tuple(plays), tuple(states))

    @property
    def card(self) -> Card:
        """The line's first card (the one it is the line of)."""
        return self.plays[0].card

    @property
    def end(self) -> GameState:
        """The state the line ends in."""
        return self.states[-1] if self.states else self.start

    @property
    def tricks(self) -> tuple[TrickResult, ...]:
        """The tricks finished along the line, the current one first."""
        return self.end.tricks[len(self.start.tricks) :]

    def side_points(self, side: int) -> float:
        """The points of the tricks ``side`` takes along the line."""
        return sum(tr.points for tr in self.tricks if self.start.team_of(tr.winner) == side)


@dataclass(frozen=True)
class Comparison:
    """The line after the card ``seat`` played and the line after a better card, both
    from the same position."""

    seat: Seat
    played: Line
    better: Line

    @property
    def position(self) -> GameState:
        """The position both lines start from."""
        return self.played.start

    @property
    def side(self) -> int:
        """The mover's side."""
        return self.position.team_of(self.seat)

    def ours(self, trick: TrickResult) -> bool:
        """Whether ``trick`` goes to the mover's side."""
        return self.position.team_of(trick.winner) == self.side

    def points_of(self, card: Card) -> float:
        """A card's points in this hand."""
        return float(self.position.card_points(card))

    @property
    def trick_number(self) -> int:
        """The number of the trick the card is played to (1 for the first)."""
        return trick_in_play(self.position)


def trick_in_play(state: GameState) -> int:
    """The number of the trick in play (1 for the first), counted from the cards still to
    play, so that a position whose earlier tricks are given only as captured cards (a
    scenario's) numbers its tricks as the whole hand does."""
    n = state.num_players
    left = sum(len(h) for h in state.hands) + len(state.current_trick) + state.cards_to_draw
    return state.total_tricks - -(-left // n) + 1


def winning_play(trick: TrickResult) -> Play:
    """The play that won ``trick``."""
    return trick.winning_play()


# --- A reason and its words ----------------------------------------------------------------


def figure(x: float) -> float:
    """A number of points as a learner reads it: whole, or to the half point when the
    figure itself is a half (Tarot's card points), never a longer fraction."""
    half = round(x * 2) / 2
    return half if abs(half - x) < 1e-9 else float(round(x))


@dataclass(frozen=True)
class CardOf:
    """A card with its owner: "your 10♠", "West's A♠"."""

    seat: Seat
    card: Card


@dataclass(frozen=True)
class SeatWord:
    """A seat by its name at the table: "West", "you"."""

    seat: Seat


@dataclass(frozen=True)
class Points:
    """A number of points: "10 points" (whole, or to the half: :func:`figure`)."""

    amount: float


@dataclass(frozen=True)
class Count:
    """A number of things: "3 trumps" (the catalogue's plural table ``plural``), or the
    bare number when the sentence names the things itself."""

    n: int
    plural: str = ""


@dataclass(frozen=True)
class SuitWord:
    """A suit by its name: "hearts"."""

    suit: Suit


@dataclass(frozen=True)
class Suits:
    """Suits by their names: "hearts, clubs" (or "no suit")."""

    suits: tuple[Suit, ...]


def _word(value: Any) -> str:
    """One fact of a reason in words (seats by the names of the moment)."""
    if isinstance(value, CardOf):
        return t("reasons.card_of", owner=seat_possessive(value.seat), card=value.card.label)
    if isinstance(value, SeatWord):
        return seat_name(value.seat)
    if isinstance(value, Points):
        return tn("plural.points", figure(value.amount))
    if isinstance(value, Count):
        return tn(value.plural, value.n) if value.plural else str(value.n)
    if isinstance(value, SuitWord):
        return suit_word(value.suit)
    if isinstance(value, Suits):
        if not value.suits:
            return t("reasons.no_suit")
        return t("common.cards.separator").join(suit_word(s) for s in value.suits)
    if isinstance(value, Card):
        return value.label
    return str(value)


@dataclass(frozen=True)
class Reason:
    """One fact that tells why a card did worse, with what it names.

    Attributes:
        kind: the reason kind's name (``gave_points``, ``last_trick``...).
        message: the catalogue key of its sentence.
        facts: the named facts the sentence shows (cards, seats, tricks, points).
    """

    kind: str
    message: str
    facts: tuple[tuple[str, Any], ...]

    def fact(self, name: str) -> Any:
        """One named fact."""
        return dict(self.facts)[name]

    def sentence(self) -> str:
        """The reason in words, in the language and seat names of the moment (a sentence
        of its own: its first letter a capital)."""
        text = t(self.message, **{name: _word(v) for name, v in self.facts})
        return text[:1].upper() + text[1:]


def reason(kind: str, **facts: Any) -> Reason:
    """A reason of ``kind`` naming ``facts`` (its sentence is ``reasons.<kind>``)."""
    return Reason(kind, f"reasons.{kind}", tuple(facts.items()))


# --- The kinds and their registry ------------------------------------------------------------

#: A reason kind: the fact it checks, read off a comparison (None when it does not hold).
Finder = Callable[[Comparison], Reason | None]


@dataclass(frozen=True)
class ReasonKind:
    """A kind of reason: its name, its finder, its place among the others (lower is told
    first) and the game it belongs to (None: every game)."""

    name: str
    find: Finder
    order: int
    game: str | None = None


_KINDS: list[ReasonKind] = []


def register_reason(name: str, find: Finder, *, order: int, game: str | None = None) -> None:
    """Add a reason kind (a game's own kinds are registered by the game's package)."""
    if any(k.name == name for k in _KINDS):
        raise ValueError(f"a reason kind {name!r} is registered already")
    _KINDS.append(ReasonKind(name, find, order, game))
    _KINDS.sort(key=lambda k: (k.order, k.name))


def reason_kinds(game: str | None = None) -> list[ReasonKind]:
    """The kinds that apply to ``game`` (every kind when None), most telling first."""
    return [k for k in _KINDS if game is None or k.game in (None, game)]


#: Reasons told at most for one card.
MOST_REASONS = 2


def find_reasons(cmp: Comparison, most: int = MOST_REASONS) -> list[Reason]:
    """The reasons that hold for ``cmp``, most telling first, at most ``most``; the
    points taken from here on (``points_from_here``) when no other kind holds."""
    found: list[Reason] = []
    fallback: Reason | None = None
    for kind in reason_kinds(cmp.position.game):
        got = kind.find(cmp)
        if got is None:
            continue
        if kind.name == FALLBACK:
            fallback = got
            continue
        found.append(got)
        if len(found) >= most:
            break
    if not found and fallback is not None:
        found.append(fallback)
    return found


# --- What a hand holds, behind a bid ------------------------------------------------------

#: A game's facts of the bidder's hand that bear on a bid (None: nothing to say of it).
BidFact = Callable[[GameState, Action], Reason | None]

_BID_FACTS: dict[str, BidFact] = {}


def register_bid_fact(game: str, fact: BidFact) -> None:
    """Add a game's facts of a hand behind a bid (registered by the game's package)."""
    _BID_FACTS[game] = fact


def bid_fact(state: GameState, bid: Action) -> Reason | None:
    """What the bidder's hand holds that bears on ``bid`` at ``state`` (the trumps of
    the suit a Belote take names, a Tarot hand's trumps, bouts and Kings), from the
    game's own facts; None for a game with none, or a bid they say nothing of."""
    fact = _BID_FACTS.get(state.game)
    return fact(state, bid) if fact is not None else None


# --- The kinds every game shares -------------------------------------------------------------


def _current(cmp: Comparison) -> tuple[TrickResult, TrickResult] | None:
    """The trick each card is played to, in each line (None if a line stops before)."""
    if not cmp.played.tricks or not cmp.better.tricks:
        return None
    return cmp.played.tricks[0], cmp.better.tricks[0]


def gave_points(cmp: Comparison) -> Reason | None:
    """The played card goes to the opponents in this trick with more points than the
    better card, which also goes to them: both lines give the trick to an opponent, and
    the played card is worth more."""
    pair = _current(cmp)
    if pair is None:
        return None
    mine, other = pair
    if cmp.ours(mine) or cmp.ours(other):
        return None
    given, kept = cmp.points_of(cmp.played.card), cmp.points_of(cmp.better.card)
    if given <= kept:
        return None
    win = winning_play(mine)
    return reason(
        "gave_points",
        mine=CardOf(cmp.seat, cmp.played.card),
        taken_by=CardOf(win.seat, win.card),
        points=Points(given),
        better=cmp.better.card,
        better_points=Points(kept),
    )


def trick_given_away(cmp: Comparison) -> Reason | None:
    """The better card wins this trick, and its points, for the mover's side; after the
    played card an opponent takes it."""
    pair = _current(cmp)
    if pair is None:
        return None
    mine, other = pair
    if cmp.ours(mine) or not cmp.ours(other) or other.points <= 0:
        return None
    win = winning_play(mine)
    return reason(
        "trick_given_away",
        mine=CardOf(cmp.seat, cmp.played.card),
        taken_by=CardOf(win.seat, win.card),
        better=cmp.better.card,
        points=Points(other.points),
    )


def partner_not_fed(cmp: Comparison) -> Reason | None:
    """A partner (not the mover) wins this trick after either card, and the better card
    gives it more points than the played one."""
    pair = _current(cmp)
    if pair is None:
        return None
    mine, other = pair
    for tr in (mine, other):
        if not cmp.ours(tr) or tr.winner == cmp.seat:
            return None
    given, better = cmp.points_of(cmp.played.card), cmp.points_of(cmp.better.card)
    if better <= given:
        return None
    return reason(
        "partner_not_fed",
        partner=SeatWord(mine.winner),
        mine=CardOf(cmp.seat, cmp.played.card),
        points=Points(given),
        better=cmp.better.card,
        better_points=Points(better),
    )


def winner_spent(cmp: Comparison) -> Reason | None:
    """Both cards win this trick for the mover's side, and the played card, kept, wins a
    later trick in the better line that the opponents take in the played line."""
    pair = _current(cmp)
    if pair is None:
        return None
    mine, other = pair
    if not (cmp.ours(mine) and cmp.ours(other)):
        return None
    card = cmp.played.card
    for k in range(1, min(len(cmp.played.tricks), len(cmp.better.tricks))):
        lost, won = cmp.played.tricks[k], cmp.better.tricks[k]
        if cmp.ours(lost) or not cmp.ours(won):
            continue
        if winning_play(won) != Play(cmp.seat, card):
            continue
        taker = winning_play(lost)
        return reason(
            "winner_spent",
            mine=CardOf(cmp.seat, card),
            better=cmp.better.card,
            trick=cmp.trick_number,
            later=cmp.trick_number + k,
            taken_by=CardOf(taker.seat, taker.card),
            points=Points(lost.points),
        )
    return None


def later_trick_lost(cmp: Comparison) -> Reason | None:
    """The first later trick that the opponents take after the played card and the
    mover's side takes after the better card."""
    for k in range(1, min(len(cmp.played.tricks), len(cmp.better.tricks))):
        lost, won = cmp.played.tricks[k], cmp.better.tricks[k]
        if cmp.ours(lost) or not cmp.ours(won):
            continue
        taker = winning_play(lost)
        return reason(
            "later_trick_lost",
            mine=CardOf(cmp.seat, cmp.played.card),
            better=cmp.better.card,
            later=cmp.trick_number + k,
            taken_by=CardOf(taker.seat, taker.card),
            points=Points(lost.points),
        )
    return None


#: The kind told only when no other holds.
FALLBACK = "points_from_here"


def points_from_here(cmp: Comparison) -> Reason | None:
    """The mover's side takes fewer points from here to the end of the hand after the
    played card than after the better card."""
    side = cmp.side
    got, could = cmp.played.side_points(side), cmp.better.side_points(side)
    if could <= got:
        return None
    return reason(
        FALLBACK,
        mine=CardOf(cmp.seat, cmp.played.card),
        points=Points(got),
        better=cmp.better.card,
        better_points=Points(could),
    )


register_reason("trick_given_away", trick_given_away, order=10)
register_reason("gave_points", gave_points, order=11)
register_reason("partner_not_fed", partner_not_fed, order=12)
register_reason("winner_spent", winner_spent, order=13)
register_reason("later_trick_lost", later_trick_lost, order=40)
register_reason(FALLBACK, points_from_here, order=90)
