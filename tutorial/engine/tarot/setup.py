"""Building Tarot positions: a fresh deal (``new_hand``), or a position in the play for
scenarios and tests (``start_play``), every card and figure checked."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from tutorial.engine.cards import EXCUSE, PETIT, TAROT_DECK, Card, Suit
from tutorial.engine.errors import IllegalPlayError, InvalidStateError, NotationError
from tutorial.engine.outcomes import Play
from tutorial.engine.rule_options import Ruleset
from tutorial.engine.seats import Seat
from tutorial.engine.tarot.actions import CHIEN_SHOWN, POIGNEE_SIZES, Bid, Poignee
from tutorial.engine.tarot.announcements import explain_poignee, first_leader
from tutorial.engine.tarot.cards import (
    BOUTS,
    DEFENCE_TEAM,
    KINGS,
    TAKER_TEAM,
    check_seat,
    is_trump,
    points_of,
    sort_cards,
    trick_winner,
)
from tutorial.engine.tarot.constants import (
    CHIEN_SIZE,
    HAND_SIZE,
    NUM_PLAYERS,
    NUM_TRICKS,
    PHASE_BIDDING,
    PHASE_DONE,
    PHASE_PLAY,
    RESULT_PETIT_SEC,
)
from tutorial.engine.tarot.options import get_ruleset
from tutorial.engine.tarot.sentences import cards_text, fmt
from tutorial.engine.tarot.state import TarotState
from tutorial.engine.verdicts import BAD_DECLARATION, Verdict

_TRUMP = Suit.TRUMP

# --- Cards given as text or cards --------------------------------------------------------


def _as_cards(value: Sequence[Card] | str, where: str) -> tuple[Card, ...]:
    """Cards from notation text or a sequence of cards, each checked to be a Tarot card."""
    if isinstance(value, str):
        try:
            return TAROT_DECK.parse_many(value)
        except NotationError as e:
            raise InvalidStateError(f"{where}: {e}") from None
    out = tuple(value)
    for c in out:
        if not isinstance(c, Card) or c not in TAROT_DECK:
            raise InvalidStateError(f"{where}: {c!r} is not a Tarot card")
    return out


def _as_plays(
    value: Sequence[Card] | Sequence[Play] | str, where: str
) -> tuple[tuple[Card, ...], tuple[Seat, ...] | None]:
    """A trick as cards, with its seats when given as ``Play`` objects."""
    if not isinstance(value, str) and value and all(isinstance(p, Play) for p in value):
        plays = [p for p in value if isinstance(p, Play)]
        cards = _as_cards([p.card for p in plays], where)
        return cards, tuple(check_seat(p.seat, f"{where}: a play's seat") for p in plays)
    return _as_cards(value, where), None  # type: ignore[arg-type]


def _no_duplicates(places: Sequence[tuple[str, Sequence[Card]]]) -> None:
    """Rule: each card is in one place only."""
    seen: dict[Card, str] = {}
    for where, cards in places:
        for c in cards:
            if c in seen:
                raise InvalidStateError(f"{c.label} is in two places: {seen[c]} and {where}")
            seen[c] = where


# --- A fresh deal ------------------------------------------------------------------------


def _petit_sec_seats(hands: Sequence[Sequence[Card]]) -> tuple[Seat, ...]:
    """Seats holding the Petit as their only trump and no Excuse (Rule: Petit sec)."""
    return tuple(
        s
        for s, h in enumerate(hands)
        if PETIT in h
        and EXCUSE not in h
        and not any(c.suit is _TRUMP and c is not PETIT for c in h)
    )


def deal_from_order(
    order: Sequence[Card], dealer: Seat = 0
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Hands and chien from a deck order (top first): 3 cards at a time from the seat after
    the dealer, 72 cards; the last six are the chien.

    >>> hands, chien = deal_from_order(list(TAROT_DECK), dealer=3)
    >>> hands[0][:4], chien[0]
    ((Card.parse('1S'), Card.parse('2S'), Card.parse('3S'), Card.parse('QS')), Card.parse('T17'))
    """
    hands: list[list[Card]] = [[] for _ in range(NUM_PLAYERS)]
    for packet in range(NUM_PLAYERS * HAND_SIZE // 3):  # 3 cards at a time
        hands[(dealer + 1 + packet) % NUM_PLAYERS].extend(order[3 * packet : 3 * packet + 3])
    return tuple(tuple(h) for h in hands), tuple(order[NUM_PLAYERS * HAND_SIZE :])


def complete_deal(
    partial: Mapping[Seat, Sequence[Card] | str], chien: Sequence[Card] | str = ()
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Hands and chien where the given seats hold the given cards, for lessons and tests.

    Each hand is then filled up to 18 cards, seat 0 first, and the chien up to 6, with the
    cards not given, in deck order (plain suits first, then trumps, then the Excuse).

    >>> hands, chien = complete_deal({1: "T1 T2 EXC"}, chien="KS")
    >>> " ".join(c.code for c in hands[1][:4]), " ".join(c.code for c in chien)
    ('T1 T2 EXC 6H', 'KS T17 T18 T19 T20 T21')

    Raises:
        InvalidStateError: a card given twice, a bad seat or too many cards.
    """
    given = {check_seat(s, "seat"): _as_cards(h, f"hand of seat {s}") for s, h in partial.items()}
    dog = _as_cards(chien, "chien")
    _no_duplicates([*((f"seat {s}'s hand", h) for s, h in given.items()), ("chien", dog)])
    rest = iter(c for c in TAROT_DECK if c not in {c for h in given.values() for c in h} | set(dog))
    hands = []
    for s in range(NUM_PLAYERS):
        h = list(given.get(s, ()))
        if len(h) > HAND_SIZE:
            raise InvalidStateError(f"seat {s} is given {len(h)} cards; a hand has 18")
        h.extend(next(rest) for _ in range(HAND_SIZE - len(h)))
        hands.append(tuple(h))
    if len(dog) > CHIEN_SIZE:
        raise InvalidStateError(f"the chien is given {len(dog)} cards; it has 6")
    return tuple(hands), (*dog, *rest)


def new_hand(
    ruleset: str | Ruleset = "default",
    *,
    rng: random.Random | None = None,
    deal: Sequence[Card] | str | None = None,
    hands: Sequence[Sequence[Card] | str] | None = None,
    chien: Sequence[Card] | str | None = None,
    dealer: Seat = 0,
) -> TarotState:
    """A fresh hand in the bidding phase (or cancelled at once for a Petit sec).

    Give exactly one of ``rng`` (shuffles a fresh deck), ``deal`` (a deck order, top
    first, see ``deal_from_order``) or ``hands`` with ``chien`` (18 cards each and 6).

    Raises:
        InvalidStateError: not exactly one source, or cards missing, repeated or miscounted.
    """
    rs = get_ruleset(ruleset)
    check_seat(dealer, "dealer")
    if sum(x is not None for x in (rng, deal, hands)) != 1:
        raise InvalidStateError(
            "new_hand needs exactly one of rng= (a random.Random), deal= (a deck order) "
            "or hands= (with chien=)"
        )
    if hands is None and chien is not None:
        raise InvalidStateError("chien= goes with hands=; a deck order already holds the chien")
    if rng is not None:
        order = list(TAROT_DECK)
        rng.shuffle(order)
        dealt, dog = deal_from_order(order, dealer)
    elif deal is not None:
        dealt, dog = deal_from_order(_deck_order(deal), dealer)
    else:
        assert hands is not None
        dealt, dog = _given_hands(hands, chien)
    hands_t = tuple(sort_cards(h) for h in dealt)
    dog_t = sort_cards(dog)
    sec = _petit_sec_seats(hands_t)
    if sec:
        # Rule: Petit sec -> the deal is cancelled.
        return TarotState(
            rs, dealer, PHASE_DONE, hands_t, dog_t, cancelled=RESULT_PETIT_SEC, petit_sec=sec
        )
    state = TarotState(rs, dealer, PHASE_BIDDING, hands_t, dog_t)
    # The engine's next states copy this one's dict: given a dict of its own, not the split
    # one __init__ shares with the class, their attribute reads are specialised by Python
    # (see BriscolaState.apply).
    object.__setattr__(state, "__dict__", dict(state.__dict__))
    return state


def _deck_order(deal: Sequence[Card] | str) -> tuple[Card, ...]:
    """Rule: a deck order holds the 78 cards once each."""
    cards = _as_cards(deal, "deal")
    if len(cards) != len(TAROT_DECK) or len(set(cards)) != len(TAROT_DECK):
        raise InvalidStateError(
            f"deal must be the 78 Tarot cards once each, not {len(cards)} cards "
            f"({len(set(cards))} different)"
        )
    return cards


def _given_hands(
    hands: Sequence[Sequence[Card] | str], chien: Sequence[Card] | str | None
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Rule: four hands of 18 cards and a chien of 6, each card once."""
    if len(hands) != NUM_PLAYERS:
        raise InvalidStateError(f"hands must be 4 hands, not {len(hands)}")
    dealt = tuple(_as_cards(h, f"hand of seat {s}") for s, h in enumerate(hands))
    if chien is None:
        raise InvalidStateError("hands= needs chien= (the six chien cards)")
    dog = _as_cards(chien, "chien")
    for s, h in enumerate(dealt):
        if len(h) != HAND_SIZE:
            raise InvalidStateError(f"seat {s} holds {len(h)} cards; a hand has 18")
    if len(dog) != CHIEN_SIZE:
        raise InvalidStateError(f"the chien has {len(dog)} cards; it has 6")
    _no_duplicates([*((f"seat {s}'s hand", h) for s, h in enumerate(dealt)), ("chien", dog)])
    return dealt, dog


# --- A position in the play ----------------------------------------------------------------


class _Listing(NamedTuple):
    """The cards of a position as given: hands held now, listed tricks, current trick."""

    held: list[tuple[Card, ...]]
    listed: list[tuple[tuple[Card, ...], tuple[Seat, ...] | None]]
    current: tuple[Card, ...]
    current_seats: tuple[Seat, ...] | None
    done_tricks: int  # tricks played before the current one, listed or not
    unlisted: int  # of those, the tricks not listed


#: One card played in the listed play: where (the trick's name), by whom, which card.
_Step = tuple[str, Seat, Card]


def start_play(
    hands: Sequence[Sequence[Card] | str],
    taker: Seat,
    contract: Bid | str,
    dealer: Seat = 0,
    ruleset: str | Ruleset = "default",
    chien: Sequence[Card] | str | None = None,
    discard: Sequence[Card] | str | None = None,
    tricks: Sequence[Sequence[Card] | Sequence[Play] | str] = (),
    current_trick: Sequence[Card] | Sequence[Play] | str = (),
    poignees: Sequence[tuple[Seat, Poignee]] = (),
    chelem_declared: bool = False,
    captured: Mapping[int, Sequence[Card] | str] | None = None,
    carried_points: Mapping[int, float] | None = None,
    leader: Seat | None = None,
) -> TarotState:
    """A position in the play phase (or the finished hand), for scenarios; all is checked.

    ``hands`` are the cards held now; ``tricks`` the tricks played so far in order (cards
    in playing order, or ``Play`` objects), leaders and winners derived; ``current_trick``
    the cards already in the trick being played. Prise/Garde: ``chien`` is the chien that
    was shown (optional) and ``discard`` the six discarded cards; Garde sans/contre:
    ``chien`` is the unseen chien and there is no discard. Left out, the set-aside cards
    are the six cards found nowhere else. ``captured`` (cards) and ``carried_points``
    (points of cards not given anywhere) are per team, for earlier tricks not listed; then
    ``leader`` says who leads the first listed (or the current) trick. Poignées are
    ``(seat, Poignee)`` pairs; no further poignée is asked.

    Raises:
        InvalidStateError: naming the problem (a card in two places or nowhere, a hand of
            the wrong size, an illegal trick, a bad discard or poignée...).
    """
    rs = get_ruleset(ruleset)
    check_seat(dealer, "dealer")
    check_seat(taker, "taker")
    bid = _contract(contract)
    listing = _read_tricks(hands, tricks, current_trick)
    teams_cap = _per_team(captured, "captured")
    cap = [_as_cards(teams_cap.get(t, ()), f"captured by team {t}") for t in (0, 1)]
    carried = _per_team(carried_points, "carried_points")
    shown = bid in CHIEN_SHOWN
    dog, given_aside = _set_aside_given(bid, chien, discard)
    aside, nowhere = _place_every_card(listing, cap, given_aside, shown, carried)
    carried_t = _carried_points(carried, nowhere)
    first = _first_leader(listing, taker, dealer, chelem_declared, leader)
    steps = _play_order(listing, first)
    at_start = _hands_at_start(listing, steps)
    if shown:
        _check_discard(aside, at_start[taker])
        _check_chien(dog, at_start, taker)
    won = tuple(bool(set(cap[t]) - {EXCUSE}) or carried_t[t] > 0 for t in (0, 1))
    state = TarotState(
        rs,
        dealer,
        PHASE_DONE if listing.unlisted == NUM_TRICKS else PHASE_PLAY,
        tuple(sort_cards(h) for h in at_start),
        sort_cards((dog or ()) if shown else aside),
        taker=taker,
        contract=bid,
        discard=tuple(aside) if shown else (),
        chelem_declared=bool(chelem_declared),
        poignee_decided=frozenset(range(NUM_PLAYERS)),
        leader=first,
        captured=(cap[0], cap[1]),
        carried=carried_t,
        unlisted_tricks=listing.unlisted,
        unlisted_won=(won[0], won[1]),
    )
    state = dataclasses.replace(state, poignees=_check_poignees(state, poignees, at_start))
    return _replay(state, steps)


def _contract(contract: Bid | str) -> Bid:
    """Rule: the contract is a bid, not a pass."""
    try:
        bid = Bid.parse(contract)
    except NotationError as e:
        raise InvalidStateError(str(e)) from None
    if bid is Bid.PASS:
        raise InvalidStateError("the contract must be a bid, not a pass")
    return bid


def _read_tricks(
    hands: Sequence[Sequence[Card] | str],
    tricks: Sequence[Sequence[Card] | Sequence[Play] | str],
    current_trick: Sequence[Card] | Sequence[Play] | str,
) -> _Listing:
    """Rule: four hands, tricks of four cards, and hand sizes that tell the tricks played."""
    if len(hands) != NUM_PLAYERS:
        raise InvalidStateError(f"hands must be 4 hands, not {len(hands)}")
    held = [_as_cards(h, f"hand of seat {s}") for s, h in enumerate(hands)]
    listed = [_as_plays(t, f"trick {i + 1}") for i, t in enumerate(tricks)]
    current, current_seats = _as_plays(current_trick, "current trick")
    for i, (cards, _) in enumerate(listed):
        if len(cards) != NUM_PLAYERS:
            raise InvalidStateError(f"trick {i + 1} has {len(cards)} cards; a trick has 4")
    if len(current) >= NUM_PLAYERS:
        raise InvalidStateError(f"the current trick has {len(current)} cards; at most 3")
    # Sizes: every seat held 18 cards at trick 1; find the tricks played.
    still_out = sum(len(h) for h in held) + len(current)  # 4 x (18 - tricks played)
    if still_out % NUM_PLAYERS or still_out > NUM_PLAYERS * HAND_SIZE:
        raise InvalidStateError(
            "hand sizes do not fit one another and the current trick: "
            + ", ".join(f"seat {s} holds {len(h)}" for s, h in enumerate(held))
        )
    done_tricks = NUM_TRICKS - still_out // NUM_PLAYERS
    unlisted = done_tricks - len(listed)
    if unlisted < 0:
        raise InvalidStateError(
            f"{len(listed)} tricks are listed but the hands hold cards for only "
            f"{done_tricks} tricks played"
        )
    return _Listing(held, listed, current, current_seats, done_tricks, unlisted)


def _per_team(value: Mapping[int, Any] | None, what: str) -> dict[int, Any]:
    """A per-team mapping, keyed by 0 (the taker's side) and 1 (the defence) only."""
    if value is None:
        return {}
    out = dict(value)
    for k in out:
        if k not in (TAKER_TEAM, DEFENCE_TEAM):
            raise InvalidStateError(f"{what} is keyed by team: 0 (the taker) or 1 (the defence)")
    return out


def _set_aside_given(
    bid: Bid, chien: Sequence[Card] | str | None, discard: Sequence[Card] | str | None
) -> tuple[tuple[Card, ...] | None, tuple[Card, ...] | None]:
    """The chien and the set-aside cards as given. Rule: six cards each; a discard only in
    Prise/Garde."""
    shown = bid in CHIEN_SHOWN
    dog = _as_cards(chien, "chien") if chien is not None else None
    disc = _as_cards(discard, "discard") if discard is not None else None
    if dog is not None and len(dog) != CHIEN_SIZE:
        raise InvalidStateError(f"the chien has {len(dog)} cards; it has 6")
    if disc is not None and not shown:
        raise InvalidStateError(f"{bid.label}: the taker does not discard (the chien stays aside)")
    if disc is not None and len(disc) != CHIEN_SIZE:
        raise InvalidStateError(f"the discard has {len(disc)} cards; the taker discards 6")
    return dog, disc if shown else dog


def _place_every_card(
    listing: _Listing,
    cap: list[tuple[Card, ...]],
    aside: tuple[Card, ...] | None,
    shown: bool,
    carried: dict[int, Any],
) -> tuple[tuple[Card, ...], list[Card]]:
    """Rule: the 78 cards are each in one place; the six set aside (found when not given)
    and the cards of unlisted tricks (captured, or carried as points). Returns the set-aside
    cards and the cards placed nowhere."""
    unlisted = listing.unlisted
    places: list[tuple[str, Sequence[Card]]] = [
        *((f"seat {s}'s hand", h) for s, h in enumerate(listing.held)),
        *((f"trick {unlisted + i + 1}", cards) for i, (cards, _) in enumerate(listing.listed)),
        ("the current trick", listing.current),
        ("captured by the taker", cap[0]),
        ("captured by the defence", cap[1]),
    ]
    if aside is not None:
        places.append(("the discard" if shown else "the chien", aside))
    _no_duplicates(places)
    placed = {c for _, cards in places for c in cards}
    nowhere = [c for c in TAROT_DECK if c not in placed]
    if aside is None:
        if carried or len(nowhere) != CHIEN_SIZE:
            what = "discard" if shown else "chien"
            raise InvalidStateError(
                f"give the {what}: {len(nowhere)} cards are placed nowhere "
                f"({cards_text(nowhere)}), so the six set aside cannot be told"
            )
        aside = tuple(nowhere)
        nowhere = []
    in_unlisted = len(cap[0]) + len(cap[1]) + len(nowhere)
    if in_unlisted != NUM_PLAYERS * unlisted:
        raise InvalidStateError(
            f"{unlisted} tricks are not listed, so {NUM_PLAYERS * unlisted} cards should be "
            f"captured or carried, not {in_unlisted}"
            + (f" (placed nowhere: {cards_text(nowhere)})" if nowhere else "")
        )
    if nowhere:
        if not carried:
            raise InvalidStateError(
                f"cards placed nowhere: {cards_text(nowhere)}; put them in a hand, a trick, "
                "the chien/discard or captured, or give carried_points"
            )
        lost_bouts = [c for c in nowhere if c in BOUTS]
        if lost_bouts:
            raise InvalidStateError(
                f"{cards_text(lost_bouts)} must be placed (captured by a team): bouts "
                "decide the target"
            )
    return aside, nowhere


def _carried_points(carried: dict[int, Any], nowhere: Sequence[Card]) -> tuple[float, float]:
    """Rule: carried points are whole or half points, worth the cards placed nowhere."""
    try:
        carried_t = (float(carried.get(0, 0.0)), float(carried.get(1, 0.0)))
    except (TypeError, ValueError):
        raise InvalidStateError(f"carried_points are numbers, not {carried!r}") from None
    for x in carried_t:
        if x * 2 != int(x * 2):
            raise InvalidStateError(f"carried points are whole or half points, not {x}")
    if abs(sum(carried_t) - points_of(nowhere)) > 1e-9:
        raise InvalidStateError(
            f"carried points add to {fmt(sum(carried_t))}, but the cards placed nowhere are "
            f"worth {fmt(points_of(nowhere))}"
        )
    return carried_t


def _first_leader(
    listing: _Listing, taker: Seat, dealer: Seat, chelem_declared: bool, leader: Seat | None
) -> Seat:
    """Who leads the first listed (or the current) trick: the rule's first leader when no
    trick is unlisted, else ``leader`` or the first seat given with the plays."""
    unlisted = listing.unlisted
    if unlisted == 0:
        first = first_leader(chelem_declared, taker, dealer)
        if leader is not None and check_seat(leader, "leader") != first:
            raise InvalidStateError(
                f"seat {first} leads the first trick"
                + (" (the taker declared a chelem)" if chelem_declared else "")
                + f", not seat {leader}"
            )
        return first
    if leader is not None:
        return check_seat(leader, "leader")
    given = listing.listed[0][1] if listing.listed else listing.current_seats
    if given is None and unlisted == NUM_TRICKS:
        given = (taker,)  # the hand is over: nobody leads any more
    if given is None:
        raise InvalidStateError(
            f"{unlisted} earlier tricks are not listed: say who leads with leader="
        )
    return given[0]


def _play_order(listing: _Listing, first: Seat) -> list[_Step]:
    """Rule: each trick is played in turn from its leader, the winner leading the next."""
    steps: list[_Step] = []
    lead = first
    for i, (cards, seats) in enumerate([*listing.listed, (listing.current, listing.current_seats)]):
        name = (
            f"trick {listing.unlisted + i + 1}" if i < len(listing.listed) else "the current trick"
        )
        expect = tuple((lead + j) % NUM_PLAYERS for j in range(len(cards)))
        if seats is not None and seats != expect:
            raise InvalidStateError(
                f"{name}: seats {list(seats)} played, but the order from seat {lead} is "
                f"{list(expect)}"
            )
        steps.extend((name, s, c) for s, c in zip(expect, cards, strict=True))
        if len(cards) == NUM_PLAYERS:
            lead = trick_winner(cards, lead)  # the Excuse exception only affects trick 18
    return steps


def _hands_at_start(listing: _Listing, steps: Sequence[_Step]) -> list[list[Card]]:
    """The hands at the start of the listed play: held now plus played since. Rule: every
    seat then held the same number of cards."""
    held = listing.held
    at_start = [list(h) for h in held]
    for _, s, c in steps:
        at_start[s].append(c)
    for s, h in enumerate(at_start):
        if len(h) != HAND_SIZE - listing.unlisted:
            raise InvalidStateError(
                f"seat {s} holds {len(held[s])} cards and played {len(h) - len(held[s])}: "
                f"with {listing.done_tricks} tricks played it should have held "
                f"{HAND_SIZE - listing.unlisted} at the start of the listed play"
            )
    return at_start


def _check_discard(discard: Sequence[Card], taker_cards: Sequence[Card]) -> None:
    """Rule: no King or bout; trumps only when plain cards ran out (checked on known cards)."""
    bad = [c for c in discard if c in KINGS or c in BOUTS]
    if bad:
        raise InvalidStateError(f"Kings and bouts may never be discarded: {cards_text(bad)}")
    trumps = [c for c in discard if is_trump(c)]
    plain_kept = [c for c in taker_cards if not is_trump(c) and c not in BOUTS and c not in KINGS]
    if trumps and plain_kept:
        raise InvalidStateError(
            f"the discard holds {cards_text(trumps)}, but a trump may be discarded only when "
            f"plain cards run out and the taker kept {cards_text(plain_kept)}"
        )


def _check_chien(
    dog: tuple[Card, ...] | None, at_start: Sequence[Sequence[Card]], taker: Seat
) -> None:
    """Rule: the shown chien went to the taker, so no other seat holds or played its cards."""
    if dog is None:
        return
    others = {c for s, h in enumerate(at_start) if s != taker for c in h}
    bad = [c for c in dog if c in others]
    if bad:
        raise InvalidStateError(
            f"the chien went to the taker, but another seat holds or played {cards_text(bad)}"
        )


def _check_poignees(
    state: TarotState, poignees: Sequence[tuple[Seat, Poignee]], at_start: Sequence[Sequence[Card]]
) -> tuple[tuple[Seat, Poignee], ...]:
    """Validate poignées against the hands at the start of trick 1 (when known)."""
    out: list[tuple[Seat, Poignee]] = []
    seen: set[Seat] = set()
    for item in poignees:
        if not (isinstance(item, tuple) and len(item) == 2 and isinstance(item[1], Poignee)):
            raise InvalidStateError(f"a poignée is a (seat, Poignee) pair, not {item!r}")
        seat, p = check_seat(item[0], "a poignée's seat"), item[1]
        if seat in seen:
            raise InvalidStateError(f"seat {seat} shows two poignées; one at most")
        seen.add(seat)
        if p.level not in POIGNEE_SIZES:
            raise InvalidStateError(f"{p.level!r} is not a poignée level (simple, double, triple)")
        if state.unlisted_tricks == 0:
            verdict = explain_poignee(state, seat, p)
        else:
            verdict = _poignee_on_known_cards(state, seat, p, at_start)
        if not verdict.legal:
            raise InvalidStateError(f"seat {seat}'s {p.level} poignée: {verdict.message}")
        out.append((seat, p))
    return tuple(out)


def _poignee_on_known_cards(
    state: TarotState, seat: Seat, p: Poignee, at_start: Sequence[Sequence[Card]]
) -> Verdict:
    """Earlier tricks are not listed: check what the known cards allow. A shown card cannot
    be in another seat's known hand nor in the chien / discard; the Excuse completes a
    poignée only when no trump of the seat's known hand is left out."""
    others = {c for s, h in enumerate(at_start) if s != seat for c in h}
    others |= set(state.set_aside)
    stolen = [c for c in p.cards if c in others]
    own = set(at_start[seat])
    hidden = [c for c in own if is_trump(c) and c not in p.cards]
    if stolen:
        verdict = Verdict.refuse(BAD_DECLARATION, f"{cards_text(stolen)} were elsewhere")
    elif EXCUSE in p.cards and hidden:
        verdict = Verdict.refuse(
            BAD_DECLARATION,
            f"the Excuse completes a poignée only when every trump is shown, and "
            f"{cards_text(sort_cards(hidden))} {'is' if len(hidden) == 1 else 'are'} not",
        )
    else:
        verdict = Verdict.ok()
    if len(p.cards) != p.size or any(not is_trump(c) and c != EXCUSE for c in p.cards):
        verdict = Verdict.refuse(BAD_DECLARATION, f"a {p.level} poignée is {p.size} trumps")
    return verdict


def _replay(state: TarotState, steps: Sequence[_Step]) -> TarotState:
    """Rule: every listed card was a legal play when it was played."""
    for name, s, c in steps:
        try:
            state = state.apply(c)
        except IllegalPlayError as e:
            raise InvalidStateError(
                f"{name}: seat {s} could not play {c.label}: {e.verdict.message}"
            ) from None
    return state
