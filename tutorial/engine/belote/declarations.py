"""Belote's declarations: sequences and carrés, the best set a hand allows, which team's
declarations score, and who holds belote-rebelote (trump K and Q).

>>> Combination.of("8H 9H 10H").points, Combination.of("JS JH JD JC").points
(20, 200)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from tutorial.engine.belote.cards import NUM_PLAYERS, CardsLike, parse_cards, team_label
from tutorial.engine.cards import BELOTE_DECK, BELOTE_RANKS, PLAIN_SUITS, Card, Suit, format_cards
from tutorial.engine.errors import InvalidStateError
from tutorial.engine.seats import Seat, seat_possessive
from tutorial.language.i18n import t

# --- Values (docs/rules.md §1.5) ---------------------------------------------------

BELOTE_POINTS = 20
#: Carrés (four of a kind): jacks 200, nines 150, A/10/K/Q 100; 8s and 7s score nothing.
CARRE_POINTS = {"J": 200, "9": 150, "A": 100, "10": 100, "K": 100, "Q": 100}
#: Between carrés of equal value the higher rank wins: A > 10 > K > Q.
CARRE_ORDER = {"Q": 1, "K": 2, "10": 3, "A": 4, "9": 5, "J": 6}
#: Sequences by length; six or more cards count as five (000).
SEQUENCE_POINTS = {3: 20, 4: 50, 5: 100}
SEQUENCE_NAMES = {3: "tierce", 4: "quarte", 5: "quinte"}
#: Message keys chosen by value (the rest are written where they are used): the
#: combinations' names (``SEQUENCE_NAMES`` in the catalogue).
_SEQUENCE_KEYS = {3: "belote.combo.tierce", 4: "belote.combo.quarte", 5: "belote.combo.quinte"}
_CARRE_KEYS = {
    "J": "belote.combo.carre_jacks",
    "9": "belote.combo.carre_nines",
    "A": "belote.combo.carre_aces",
    "10": "belote.combo.carre_tens",
    "K": "belote.combo.carre_kings",
    "Q": "belote.combo.carre_queens",
}

_NATURAL = {r: i for i, r in enumerate(BELOTE_RANKS)}  # 7-8-9-10-J-Q-K-A for sequences


@dataclass(frozen=True, slots=True)
class Combination:
    """A declarable combination: a sequence (3+ cards in a row, one suit) or a carré.

    ``cards`` are in natural order (sequences) or suit order (carrés). Build one with
    ``Combination.of(cards)``, which checks it.
    """

    kind: str  # "sequence" | "carre"
    cards: tuple[Card, ...]

    @staticmethod
    def of(cards: CardsLike) -> Combination:
        """The combination formed by these cards.

        Raises:
            InvalidStateError: the cards form no scoring sequence or carré.
        """
        cs = parse_cards(cards)
        if len(set(cs)) != len(cs):
            raise InvalidStateError(f"{format_cards(cs)} repeats a card")
        ranks = {c.rank for c in cs}
        if len(cs) == 4 and len(ranks) == 1:
            rank = cs[0].rank
            if rank not in CARRE_POINTS:
                raise InvalidStateError(f"four {rank}s score nothing: 8s and 7s make no carré")
            return Combination("carre", tuple(sorted(cs, key=BELOTE_DECK.index)))
        suits = {c.suit for c in cs}
        nat = sorted(_NATURAL[c.rank] for c in cs)
        if len(cs) >= 3 and len(suits) == 1 and nat == list(range(nat[0], nat[0] + len(cs))):
            return Combination("sequence", tuple(sorted(cs, key=lambda c: _NATURAL[c.rank])))
        raise InvalidStateError(
            f"{format_cards(cs)} is no declaration: a sequence is 3 or more cards in a row in "
            "one suit (7-8-9-10-J-Q-K-A), a carré four cards of one rank (not 8 or 7)"
        )

    @property
    def length(self) -> int:
        """The number of cards."""
        return len(self.cards)

    @property
    def top(self) -> Card:
        """The highest card (natural order) of a sequence; any card of a carré."""
        return self.cards[-1]

    @property
    def points(self) -> int:
        """What it scores: tierce 20, quarte 50, quinte (or longer) 100, carrés 100-200."""
        if self.kind == "carre":
            return CARRE_POINTS[self.cards[0].rank]
        return SEQUENCE_POINTS[min(self.length, 5)]

    @property
    def name(self) -> str:
        """Its name, e.g. ``tierce`` or ``carré of jacks``."""
        if self.kind == "carre":
            return t(_CARRE_KEYS[self.cards[0].rank])
        name = t(_SEQUENCE_KEYS[min(self.length, 5)])
        if self.length <= 5:
            return name
        return t("belote.combo.long_sequence", name=name, count=self.length)

    @property
    def announcement(self) -> str:
        """What is said at the table: ``tierce``, ``quinte``, ``carré of jacks``."""
        if self.kind == "carre":
            return self.name
        return t(_SEQUENCE_KEYS[min(self.length, 5)])

    def strength(self, trump: Suit) -> tuple[int, int, int, int]:
        """The key that ranks declarations: carré > sequence; value, rank; length, top, trump."""
        if self.kind == "carre":
            return (1, self.points, CARRE_ORDER[self.cards[0].rank], 0)
        return (0, min(self.length, 5), _NATURAL[self.top.rank], int(self.top.suit is trump))

    def describe(self) -> str:
        """The name with its cards, e.g. ``tierce (8♣ 9♣ 10♣)``."""
        return t(
            "belote.combo.with_cards", name=self.name, cards=" ".join(c.label for c in self.cards)
        )

    def __str__(self) -> str:
        return self.describe()


def combinations_text(combos: Iterable[Combination]) -> str:
    """Combinations with their cards, for a sentence: ``tierce (8♣ 9♣ 10♣), ...``."""
    return t("common.cards.separator").join(c.describe() for c in combos)


# --- The best set a hand allows -------------------------------------------------------


def _runs(hand: Iterable[Card]) -> list[tuple[Card, ...]]:
    """The maximal runs of 3+ cards in a row in one suit, natural order."""
    out: list[tuple[Card, ...]] = []
    held = set(hand)
    for suit in PLAIN_SUITS:
        run: list[Card] = []
        for card in (*_SUIT_CARDS[suit], None):
            if card is not None and card in held:
                run.append(card)
                continue
            if len(run) >= 3:
                out.append(tuple(run))
            run = []
    return out


def _carres(hand: Iterable[Card]) -> list[Combination]:
    held = set(hand)
    out = []
    for cards in _CARRE_CARDS:
        if all(c in held for c in cards):
            out.append(Combination("carre", cards))
    return out


#: A suit's cards in natural order; the four cards of each carré (``CARRE_POINTS`` order).
_SUIT_CARDS = {suit: tuple(Card(suit, rank) for rank in BELOTE_RANKS) for suit in PLAIN_SUITS}
_CARRE_CARDS = tuple(tuple(Card(s, rank) for s in PLAIN_SUITS) for rank in CARRE_POINTS)


def _set_key(
    combos: Sequence[Combination], trump: Suit
) -> tuple[int, tuple[tuple[int, int, int, int], ...], int, tuple[int, ...]]:
    """How good a set of declarations is: points, then strengths, then cards covered."""
    cards = {c for combo in combos for c in combo.cards}
    return (
        sum(c.points for c in combos),
        tuple(sorted((c.strength(trump) for c in combos), reverse=True)),
        len(cards),
        tuple(sorted((BELOTE_DECK.index(c) for c in cards), reverse=True)),
    )


def best_declarations(
    hand: Iterable[Card], trump: Suit, card_reuse: bool = False
) -> tuple[Combination, ...]:
    """The combinations a player declares: the best set their hand allows.

    Every carré and at most one sequence per run of cards in a row (a run of six or
    more counts as one quinte, 000). Without ``card_reuse`` (004: a card serves in one
    declaration only) the set of most points without a shared card is chosen, a run
    giving up the cards a carré needs; ties go to the stronger declarations.

    >>> [c.name for c in best_declarations(BELOTE_DECK.parse_many(
    ...     "8H 9H 10H JH QH JS JD JC"), Suit.SPADES)]
    ['carré of jacks', 'tierce']
    """
    cards = tuple(hand)
    carres = _carres(cards)
    runs = _runs(cards)
    if card_reuse or not carres:
        chosen = [*carres, *(Combination("sequence", r) for r in runs)]
        return _order(chosen, trump)
    # Without reuse: each run contributes nothing or one window of 3+ cards in a row.
    options_per_run: list[list[Combination | None]] = []
    for run in runs:
        windows: list[Combination | None] = [None]
        for start in range(len(run)):
            for end in range(start + 3, len(run) + 1):
                windows.append(Combination("sequence", run[start:end]))
        options_per_run.append(windows)
    best: list[Combination] = []
    best_key = _set_key((), trump)
    for carre_pick in itertools.product((False, True), repeat=len(carres)):
        base = [c for c, keep in zip(carres, carre_pick, strict=True) if keep]
        used = {c for combo in base for c in combo.cards}
        for pick in itertools.product(*options_per_run):
            seqs = [w for w in pick if w is not None]
            if any(c in used for w in seqs for c in w.cards):
                continue
            combos = [*base, *seqs]
            key = _set_key(combos, trump)
            if key > best_key:
                best, best_key = combos, key
    return _order(best, trump)


def _order(combos: Iterable[Combination], trump: Suit) -> tuple[Combination, ...]:
    return tuple(sorted(combos, key=lambda c: c.strength(trump), reverse=True))


# --- Which team's declarations score --------------------------------------------------


@dataclass(frozen=True)
class DeclarationResult:
    """Which team's declarations score, and why.

    ``team`` is ``None`` when nobody declared; ``seat`` and ``best`` name the winning
    declaration; ``reason`` says in a sentence why it beats the other team's best.
    """

    team: int | None
    seat: Seat | None
    best: Combination | None
    reason: str


def compare_declarations(
    declared: Mapping[Seat, Sequence[Combination]], trump: Suit, dealer: Seat
) -> DeclarationResult:
    """The team whose best declaration is best (only that team scores its declarations).

    Carré beats sequence; higher-valued carré, then higher rank (A > 10 > K > Q); longer
    sequence (six or more count as five); higher top card; the trump sequence; still
    equal, the first in playing order from the dealer's next player (000, 004).
    """
    entries = []
    for seat, combos in declared.items():
        if combos:
            best = max(combos, key=lambda c: c.strength(trump))
            order = (seat - dealer - 1) % NUM_PLAYERS
            entries.append((best.strength(trump), -order, seat, best))
    if not entries:
        return DeclarationResult(None, None, None, t("belote.declarations.nobody"))
    entries.sort(reverse=True)
    strength, _, seat, best = entries[0]
    team = seat % 2
    rival = next((e for e in entries if e[2] % 2 != team), None)
    if rival is None:
        reason = t("belote.declarations.only_team", team=team_label(team), name=best.name)
    else:
        reason = t(
            _why_stronger(best, rival[3], strength == rival[0]),
            seat=seat_possessive(seat, start=True),
            best=best.describe(),
            rival_seat=seat_possessive(rival[2]),
            rival=rival[3].describe(),
        )
    return DeclarationResult(team, seat, best, reason)


def _why_stronger(a: Combination, b: Combination, equal: bool) -> str:
    """The message key that says why ``a`` beats ``b``."""
    if equal:
        return "belote.declarations.beats_equal"
    if a.kind != b.kind:
        return "belote.declarations.beats_carre_over_sequence"
    if a.kind == "carre":
        if a.points != b.points:
            return "belote.declarations.beats_worth_more"
        return "belote.declarations.beats_higher_rank"
    if min(a.length, 5) != min(b.length, 5):
        return "belote.declarations.beats_longer"
    if a.top.rank != b.top.rank:
        return "belote.declarations.beats_higher_top"
    return "belote.declarations.beats_in_trumps"


# --- Belote-rebelote ------------------------------------------------------------------


def find_belote_holder(hands: Sequence[Iterable[Card]], trump: Suit) -> Seat | None:
    """The seat holding both the trump K and Q (who says belote, then rebelote), if any."""
    king, queen = Card(trump, "K"), Card(trump, "Q")
    for seat, hand in enumerate(hands):
        if king in hand and queen in hand:
            return seat
    return None
