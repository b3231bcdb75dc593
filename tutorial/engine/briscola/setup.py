"""Building Briscola positions: a fresh deal (``new_hand``) or a scenario (``start_play``).

Decisions where the seed is silent:

- The deal gives one card at a time, starting with the seat after the dealer, three
  rounds; the next card is turned face up and the rest, top first, is the stock.
- ``TrickResult.index`` counts tricks from 0 over the whole deal (trick 18 has index 17),
  also when a scenario starts late and the earlier tricks are not listed.
- A scenario that leaves earlier tricks unlisted must say who leads its first listed
  (or current) trick, with ``leader=``; otherwise the seat after the dealer leads.
  ``carried_points`` stand for exactly the cards listed nowhere (they must add up to
  those cards' value), ``captured`` cards are extra, known piles; draws made before a
  ``start_play`` position are not recorded (the cards drawn are in the hands).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tutorial.engine.briscola.cards import cards_points, judge_trick, rules_of
from tutorial.engine.briscola.constants import HAND_SIZE, PLAYER_COUNTS, SIDES
from tutorial.engine.briscola.options import get_ruleset
from tutorial.engine.briscola.state import BriscolaState
from tutorial.engine.cards import BRISCOLA_DECK, Card, describe_cards
from tutorial.engine.errors import InvalidStateError
from tutorial.engine.outcomes import Play, TrickResult
from tutorial.engine.rule_options import Ruleset
from tutorial.engine.seats import Seat


def where_deal(n: int) -> tuple[int, int, int]:
    """(cards drawn in the deal, rounds of drawing, tricks) for ``n`` players."""
    to_draw = len(BRISCOLA_DECK) - HAND_SIZE * n  # 34 or 28 (the stock plus the face-up)
    return to_draw, to_draw // n, len(BRISCOLA_DECK) // n


def check_players(players: int, dealer: int) -> None:
    """Briscola is played by 2 or 4 players, and the dealer is one of their seats."""
    if players not in PLAYER_COUNTS:
        raise InvalidStateError(f"Briscola is played by 2 or 4 players here, not {players!r}")
    if not isinstance(dealer, int) or not 0 <= dealer < players:
        raise InvalidStateError(f"dealer must be a seat 0..{players - 1}, not {dealer!r}")


def as_cards(value: Sequence[Card] | str, where: str) -> tuple[Card, ...]:
    """Briscola cards from notation or a sequence of cards; ``where`` names them in errors."""
    if isinstance(value, str):
        return BRISCOLA_DECK.parse_many(value)
    out = tuple(value)
    for c in out:
        if not isinstance(c, Card) or c not in BRISCOLA_DECK:
            raise InvalidStateError(f"{c!r} in {where} is not a Briscola card")
    return out


def new_hand(
    ruleset: str | Ruleset = "default",
    *,
    players: int = 2,
    rng: random.Random | None = None,
    deal: Sequence[Card] | str | None = None,
    dealer: Seat = 0,
) -> BriscolaState:
    """A fresh hand, dealt from ``rng`` (shuffled) or ``deal`` (the deck order, top first).

    Three cards to each seat one at a time from the seat after the dealer, then the next
    card face up (its suit is trump); the rest is the stock. The seat after the dealer
    leads.

    Raises:
        InvalidStateError: neither or both of ``rng`` and ``deal``, a deal that is not the
            40 distinct cards, a bad player count or dealer.
    """
    rs = get_ruleset(ruleset)
    check_players(players, dealer)
    if (rng is None) == (deal is None):
        raise InvalidStateError("new_hand needs exactly one of rng= (a random.Random) or deal=")
    if deal is not None:
        order = as_cards(deal, "the deal")
        if len(order) != len(BRISCOLA_DECK) or len(set(order)) != len(order):
            missing = [c for c in BRISCOLA_DECK if c not in order]
            raise InvalidStateError(
                f"a deal is the 40 Briscola cards once each; got {len(order)} cards, "
                f"{len(set(order))} distinct, missing {describe_cards(missing)}"
            )
    else:
        assert rng is not None
        shuffled = list(BRISCOLA_DECK)
        rng.shuffle(shuffled)
        order = tuple(shuffled)
    n = players
    first = (dealer + 1) % n
    hands: list[list[Card]] = [[] for _ in range(n)]
    for i in range(HAND_SIZE * n):
        hands[(first + i) % n].append(order[i])
    return BriscolaState(
        ruleset=rs,
        num_players=n,
        dealer=dealer,
        trump_card=order[HAND_SIZE * n],
        hands=tuple(tuple(h) for h in hands),
        stock=order[HAND_SIZE * n + 1 :],
        trump_card_taken=False,
        tricks=(),
        current_trick=(),
        leader=first,
    )


def per_side(value: Any, what: str) -> tuple[Any, Any]:
    """The (A, B) pair of a per-side value given as a pair or a mapping by side."""
    if isinstance(value, Mapping):
        extra = [k for k in value if k not in SIDES and k not in (0, 1)]
        if extra:
            raise InvalidStateError(f"{what} has unknown sides {extra!r}; sides are A and B")
        return (value.get("A", value.get(0, 0)), value.get("B", value.get(1, 0)))
    items = tuple(value)
    if len(items) != 2:
        raise InvalidStateError(f"{what} needs one entry per side (A, B), got {len(items)}")
    return items[0], items[1]


@dataclass(frozen=True)
class _Listed:
    """The cards a scenario lists, read and checked as Briscola cards."""

    hands: tuple[tuple[Card, ...], ...]
    trump: Card
    stock: tuple[Card, ...]
    tricks: tuple[tuple[Card, ...], ...]
    current: tuple[Card, ...]
    captured: tuple[tuple[Card, ...], tuple[Card, ...]]
    trump_card_taken: bool


def start_play(
    hands: Sequence[Sequence[Card] | str],
    trump_card: Card | str,
    stock: Sequence[Card] | str = (),
    players: int = 2,
    dealer: Seat = 0,
    ruleset: str | Ruleset = "default",
    tricks: Sequence[Sequence[Card] | str] = (),
    current_trick: Sequence[Card] | str = (),
    captured: Sequence[Sequence[Card] | str] | Mapping[str, Sequence[Card] | str] | None = None,
    carried_points: Sequence[float] | Mapping[str, float] | None = None,
    trump_card_taken: bool = False,
    trick_number: int | None = None,
    leader: Seat | None = None,
) -> BriscolaState:
    """A position in the play phase, for scenarios, validated.

    ``stock`` is the face-down pile, top first. ``tricks`` are the tricks already played
    (cards in playing order; leaders and winners derived), ``current_trick`` the cards of
    the trick in progress. Earlier tricks may be left out: their cards go in ``captured``
    (per side) and/or their points in ``carried_points`` (per side, for the cards listed
    nowhere), and ``leader`` names the seat that leads the first listed (or the current)
    trick. ``trick_number`` (1-based, the trick in progress) is an optional cross-check:
    the hand sizes and the stock determine it.

    Raises:
        InvalidStateError: naming the problem (a card in two places, a hand size that does
            not fit the stock and history, missing cards, points that do not add up...).
    """
    rs = get_ruleset(ruleset)
    check_players(players, dealer)
    n = players
    to_draw, rounds, total_tricks = where_deal(n)
    listed = _read_listed(
        hands, trump_card, stock, tricks, current_trick, captured, trump_card_taken, n
    )
    carried = _read_carried(carried_points)
    _check_trick_sizes(listed, n)
    places = _card_places(listed)
    number, size = _trick_in_play(listed, n, to_draw, rounds, total_tricks)
    if trick_number is not None and trick_number != number:
        raise InvalidStateError(
            f"trick_number={trick_number} does not fit: the stock and hand sizes say trick "
            f"{number} is being played"
        )
    earlier = number - 1 - len(listed.tricks)
    if earlier < 0:
        raise InvalidStateError(
            f"{len(listed.tricks)} tricks are listed, but the stock and hand sizes say only "
            f"{number - 1} have been played"
        )
    first_leader = _first_leader(earlier, leader, dealer, n)
    results, lead = _replay_tricks(listed, first_leader, earlier, n, rs)
    current_plays = tuple(Play((lead + k) % n, c) for k, c in enumerate(listed.current))
    _check_hand_sizes(listed, {p.seat for p in current_plays}, size, number)
    if listed.trump_card_taken:
        _check_face_up_trump_holder(listed, results, current_plays, earlier, first_leader, rounds)
    carried = _check_unlisted_cards(listed, places, carried, earlier, rounds, rs, n)
    return BriscolaState(
        ruleset=rs,
        num_players=n,
        dealer=dealer,
        trump_card=listed.trump,
        hands=listed.hands,
        stock=listed.stock,
        trump_card_taken=listed.trump_card_taken,
        tricks=tuple(results),
        current_trick=current_plays,
        leader=lead,
        first_trick_index=earlier,
        captured=listed.captured,
        carried_points=carried,
    )


def _read_listed(
    hands: Sequence[Sequence[Card] | str],
    trump_card: Card | str,
    stock: Sequence[Card] | str,
    tricks: Sequence[Sequence[Card] | str],
    current_trick: Sequence[Card] | str,
    captured: Sequence[Sequence[Card] | str] | Mapping[str, Sequence[Card] | str] | None,
    trump_card_taken: bool,
    n: int,
) -> _Listed:
    """Every listed card is a Briscola card, and there is one hand per player."""
    if len(hands) != n:
        raise InvalidStateError(f"{n} players need {n} hands, got {len(hands)}")
    hands_t = tuple(as_cards(h, f"seat {s}'s hand") for s, h in enumerate(hands))
    trump = BRISCOLA_DECK.parse(trump_card) if isinstance(trump_card, str) else trump_card
    as_cards((trump,), "trump_card")
    stock_t = as_cards(stock, "the stock")
    tricks_t = tuple(as_cards(t, f"listed trick {i + 1}") for i, t in enumerate(tricks))
    current_t = as_cards(current_trick, "the current trick")
    captured_t: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    if captured is not None:
        ca, cb = per_side(captured, "captured")
        captured_t = (
            as_cards(ca, "side A's captured cards"),
            as_cards(cb, "side B's captured cards"),
        )
    return _Listed(hands_t, trump, stock_t, tricks_t, current_t, captured_t, trump_card_taken)


def _read_carried(
    carried_points: Sequence[float] | Mapping[str, float] | None,
) -> tuple[int, int] | None:
    """Carried points are a whole number of points >= 0 for each side."""
    if carried_points is None:
        return None
    pa, pb = per_side(carried_points, "carried_points")
    vals = []
    for side, v in zip(SIDES, (pa, pb), strict=True):
        if isinstance(v, bool) or not isinstance(v, int | float) or v < 0 or v != int(v):
            raise InvalidStateError(
                f"carried_points for side {side} must be a whole number >= 0, not {v!r}"
            )
        vals.append(int(v))
    return (vals[0], vals[1])


def _check_trick_sizes(listed: _Listed, n: int) -> None:
    """A listed trick has one card per player; the current trick has fewer."""
    for i, cards in enumerate(listed.tricks):
        if len(cards) != n:
            raise InvalidStateError(f"listed trick {i + 1} has {len(cards)} cards; a trick has {n}")
    if len(listed.current) >= n:
        raise InvalidStateError(
            f"the current trick has {len(listed.current)} cards; an unfinished trick has fewer than {n}"
        )


def _card_places(listed: _Listed) -> dict[Card, str]:
    """Every card is in one place only: where each listed card is."""
    places: dict[Card, str] = {}

    def put(card: Card, where: str) -> None:
        if card in places:
            hint = ""
            if places[card] == "the face-up trump card":
                hint = " (pass trump_card_taken=True if the face-up card has been drawn)"
            raise InvalidStateError(
                f"{card.label} is in two places: {places[card]} and {where}{hint}"
            )
        places[card] = where

    if not listed.trump_card_taken:
        put(listed.trump, "the face-up trump card")
    for s, h in enumerate(listed.hands):
        for c in h:
            put(c, f"seat {s}'s hand")
    for c in listed.stock:
        put(c, "the stock")
    for i, cards in enumerate(listed.tricks):
        for c in cards:
            put(c, f"listed trick {i + 1}")
    for c in listed.current:
        put(c, "the current trick")
    for side, cards in zip(SIDES, listed.captured, strict=True):
        for c in cards:
            put(c, f"side {side}'s captured cards")
    return places


def _trick_in_play(
    listed: _Listed, n: int, to_draw: int, rounds: int, total_tricks: int
) -> tuple[int, int]:
    """(trick number, hand size at its start): the stock says it while cards remain to
    draw, the hand sizes after that (the last tricks are played without drawing)."""
    stock_t = listed.stock
    if listed.trump_card_taken and stock_t:
        raise InvalidStateError(
            f"trump_card_taken is set but {len(stock_t)} face-down cards remain: the face-up "
            "trump card is taken only by the last draw, when the stock is empty"
        )
    remaining = len(stock_t) + (0 if listed.trump_card_taken else 1)
    if remaining:
        if remaining > to_draw or (to_draw - remaining) % n:
            raise InvalidStateError(
                f"a stock of {len(stock_t)} face-down cards plus the face-up card cannot occur "
                f"with {n} players: {to_draw} cards are drawn, {n} after each trick"
            )
        return (to_draw - remaining) // n + 1, HAND_SIZE
    size = max(len(h) for h in listed.hands)
    if size > HAND_SIZE:
        raise InvalidStateError(f"a hand holds at most {HAND_SIZE} cards, not {size}")
    number = rounds + 1 + HAND_SIZE - size
    if number > total_tricks and listed.current:
        raise InvalidStateError("every hand is empty but the current trick is unfinished")
    return number, size


def _first_leader(earlier: int, leader: Seat | None, dealer: Seat, n: int) -> Seat:
    """The seat after the dealer leads trick 1; a later first listed trick names its leader."""
    first_leader = (dealer + 1) % n
    if earlier == 0:
        if leader is not None and leader != first_leader:
            raise InvalidStateError(
                f"the first trick is led by the seat after the dealer, seat {first_leader}, "
                f"not seat {leader}"
            )
    elif leader is None:
        unlisted = "trick 1 is" if earlier == 1 else f"tricks 1 to {earlier} are"
        raise InvalidStateError(
            f"{unlisted} not listed, so say which seat leads trick {earlier + 1} with leader="
        )
    elif not isinstance(leader, int) or not 0 <= leader < n:
        raise InvalidStateError(f"leader must be a seat 0..{n - 1}, not {leader!r}")
    else:
        first_leader = leader
    return first_leader


def _replay_tricks(
    listed: _Listed, first_leader: Seat, earlier: int, n: int, rs: Ruleset
) -> tuple[list[TrickResult], Seat]:
    """The listed tricks replayed: each trick's winner leads the next."""
    results: list[TrickResult] = []
    lead = first_leader
    for i, cards in enumerate(listed.tricks):
        plays = tuple(Play((lead + k) % n, c) for k, c in enumerate(cards))
        j = judge_trick(cards, listed.trump.suit, rs)
        win = plays[j.winner].seat
        index = earlier + i
        results.append(
            TrickResult.deferred(
                index, plays, win, cards_points(cards, rs), j.reason, _why(cards, listed, rs)
            )
        )
        lead = win
    return results, lead


def _why(cards: Sequence[Card], listed: _Listed, rs: Ruleset) -> Callable[[], str]:
    """Why a listed trick's winner won it, said in the language of the reader."""
    return lambda: judge_trick(cards, listed.trump.suit, rs).explanation


def _check_hand_sizes(listed: _Listed, played_now: set[Seat], size: int, number: int) -> None:
    """Each hand holds ``size`` cards at the start of the trick, one fewer once it has played."""
    for s, h in enumerate(listed.hands):
        want = size - (1 if s in played_now else 0)
        if len(h) != want:
            raise InvalidStateError(
                f"seat {s} holds {len(h)} cards but should hold {want} during trick {number} "
                f"(stock of {len(listed.stock)}, face-up card "
                f"{'taken' if listed.trump_card_taken else 'still there'})"
            )


def _check_face_up_trump_holder(
    listed: _Listed,
    results: list[TrickResult],
    current_plays: tuple[Play, ...],
    earlier: int,
    first_leader: Seat,
    rounds: int,
) -> None:
    """The face-up trump card goes to the last drawer after the last drawing trick."""
    trump = listed.trump
    last_winner: Seat | None = None
    if earlier < rounds <= earlier + len(results):
        last_winner = results[rounds - 1 - earlier].winner
    elif earlier == rounds:
        last_winner = first_leader
    holder: Seat | None = None
    for s, h in enumerate(listed.hands):
        if trump in h:
            holder = s
    for r in results:
        for p in r.plays:
            if p.card == trump:
                if r.index < rounds:
                    raise InvalidStateError(
                        f"{trump.label}, the face-up trump card, is played in trick "
                        f"{r.index + 1}, before the last draw (after trick {rounds})"
                    )
                holder = p.seat
    for p in current_plays:
        if p.card == trump:
            holder = p.seat
    if last_winner is not None and holder is not None:
        n = len(listed.hands)
        last_drawer = (last_winner - 1) % n
        if holder != last_drawer:
            raise InvalidStateError(
                f"{trump.label}, the face-up trump card, went to seat {last_drawer} (the "
                f"last to draw after trick {rounds}, won by seat {last_winner}), not seat "
                f"{holder}"
            )


def _check_unlisted_cards(
    listed: _Listed,
    places: dict[Card, str],
    carried: tuple[int, int] | None,
    earlier: int,
    rounds: int,
    rs: Ruleset,
    n: int,
) -> tuple[int, int]:
    """Every card is accounted for: cards listed nowhere only through carried_points."""
    unknown = [c for c in BRISCOLA_DECK if c not in places]
    trump = listed.trump
    # A taken face-up card missing from hands and listed tricks left play in an unlisted
    # trick, which must then come after the last draw.
    gone = trump in unknown or any(trump in pile for pile in listed.captured)
    if listed.trump_card_taken and gone and earlier <= rounds:
        where = "no hand or listed trick" if trump in unknown else places[trump]
        raise InvalidStateError(
            f"{trump.label}, the face-up trump card, is taken but is in {where}: it can only "
            f"have left play in a trick after the last draw (trick {rounds}), and none of "
            "those is unlisted"
        )
    rules = rules_of(rs)
    unknown_points = sum(rules.points[c] for c in unknown)
    if carried is None:
        if unknown:
            raise InvalidStateError(
                f"{len(unknown)} cards are in no hand, trick, stock or captured pile "
                f"({describe_cards(unknown)}); list them, or give carried_points for them"
            )
        for side, cards in zip(SIDES, listed.captured, strict=True):
            if len(cards) % n:
                raise InvalidStateError(
                    f"side {side}'s captured cards ({len(cards)}) are not whole tricks of {n}"
                )
        return (0, 0)
    if sum(carried) != unknown_points:
        raise InvalidStateError(
            f"carried_points add up to {sum(carried)}, but the {len(unknown)} cards listed "
            f"nowhere are worth {unknown_points}"
        )
    return carried
