"""Building Belote states: ``new_hand`` deals a fresh hand into the bidding, and
``start_play`` sets up a position in the play phase for a scenario, checking it whole
(every card once, hand sizes, each given trick legal, declarations, belote)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from tutorial.engine.belote.cards import (
    NUM_PLAYERS,
    NUM_TRICKS,
    CardsLike,
    check_seat,
    in_deck_order,
    parse_cards,
    trick_result,
    trick_winner,
)
from tutorial.engine.belote.declarations import Combination, find_belote_holder
from tutorial.engine.belote.options import BeloteOptions, resolve
from tutorial.engine.belote.play_rules import explain_play
from tutorial.engine.belote.state import BeloteState
from tutorial.engine.cards import BELOTE_DECK, PLAIN_SUITS, Card, Suit, format_cards
from tutorial.engine.errors import InvalidStateError
from tutorial.engine.outcomes import Play, TrickResult
from tutorial.engine.rule_options import Ruleset
from tutorial.engine.seats import Seat

#: A trick as replayed from a position: its index among those given, and its plays.
_Trick = tuple[int, list[Play]]


def _parse_suit(trump: Suit | str) -> Suit:
    """A trump suit from a ``Suit`` or its name, letter or symbol (plain suits only)."""
    if isinstance(trump, Suit):
        suit = trump
    else:
        t = str(trump).strip().lower()
        names = {s.english: s for s in PLAIN_SUITS}
        names.update({s.value.lower(): s for s in PLAIN_SUITS})
        names.update({s.symbol: s for s in PLAIN_SUITS})
        if t not in names:
            raise InvalidStateError(f"unknown trump suit {trump!r}: use S, H, D or C")
        suit = names[t]
    if suit not in PLAIN_SUITS:
        raise InvalidStateError(f"{suit.english} cannot be trump in Belote")
    return suit


def new_hand(
    ruleset: str | Ruleset = "default",
    *,
    rng: random.Random | None = None,
    deal: CardsLike | None = None,
    dealer: Seat = 0,
    carried_points: int = 0,
) -> BeloteState:
    """A fresh hand in the bidding phase: 3 + 2 cards each and the proposed card.

    ``rng`` shuffles a new deck (an injected ``random.Random``); ``deal`` is an explicit
    deck order, top first. Cards go from the seat after the dealer: 3 each, then 2
    each; the 21st card is proposed. ``carried_points`` are litige points held for
    this hand's winner.

    Raises:
        InvalidStateError: neither or both of ``rng`` and ``deal``, a deal that is not
            the 32 cards, an unknown dealer seat, negative carried points.
    """
    rs = resolve(ruleset)
    check_seat(dealer, "dealer seat")
    if (rng is None) == (deal is None):
        raise InvalidStateError("give exactly one of rng (a random.Random) or deal (a deck order)")
    if deal is None:
        assert rng is not None
        order = list(BELOTE_DECK)
        rng.shuffle(order)
        deck = tuple(order)
    else:
        deck = parse_cards(deal)
        if len(deck) != len(BELOTE_DECK) or len(set(deck)) != len(deck):
            missing = set(BELOTE_DECK) - set(deck)
            raise InvalidStateError(
                f"a deal is the 32 cards once each; got {len(deck)} cards"
                + (f", missing {format_cards(in_deck_order(missing))}" if missing else "")
            )
    if carried_points < 0:
        raise InvalidStateError(f"carried points cannot be negative ({carried_points})")
    hands: list[list[Card]] = [[] for _ in range(NUM_PLAYERS)]
    pos = 0
    for n in (3, 2):  # 3 then 2 cards each, from the dealer's next player
        for k in range(1, NUM_PLAYERS + 1):
            hands[(dealer + k) % NUM_PLAYERS].extend(deck[pos : pos + n])
            pos += n
    first = (dealer + 1) % NUM_PLAYERS
    state = BeloteState(
        ruleset=rs,
        dealer=dealer,
        phase="bidding",
        to_move=first,
        hands=tuple(in_deck_order(h) for h in hands),
        stock=deck[pos:],
        proposed=deck[pos],
        carried_points=carried_points,
        first_leader=first,
    )
    # The engine's next states copy this one's dict: given a dict of its own, not the split
    # one __init__ shares with the class, their attribute reads are specialised by Python
    # (see BriscolaState.apply).
    object.__setattr__(state, "__dict__", dict(state.__dict__))
    return state


def start_play(
    hands: Sequence[CardsLike],
    trump: Suit | str,
    taker: Seat,
    dealer: Seat = 0,
    ruleset: str | Ruleset = "default",
    tricks: Sequence[CardsLike] = (),
    current_trick: CardsLike = (),
    declarations: Mapping[Seat, Sequence[Combination | CardsLike]] | None = None,
    captured: Mapping[int, CardsLike] | Sequence[CardsLike] | None = None,
    carried_points: int | None = None,
    *,
    leader: Seat | None = None,
    belote_holder: Seat | None = None,
) -> BeloteState:
    """A position in the play phase, for scenarios; everything is validated.

    Args:
        hands: the four current hands (8 cards minus those played).
        trump: the trump suit; taker: the seat that took.
        tricks: finished tricks as cards in playing order; the first is led by
            ``leader`` (default: the dealer's next player), the next ones by the winner.
        current_trick: the cards of the trick under way, in playing order.
        declarations: per seat, the combinations declared at the first trick (each a
            ``Combination`` or its cards); ``None``: nobody declared. ``start_play``
            never opens the declaration phase.
        captured: per team (0, 1), cards captured in earlier tricks given without a
            history (whole tricks: a multiple of 4 cards each).
        carried_points: litige points held for this hand's winner.
        leader: who led the first trick given (needed when ``captured`` stands for the
            earlier tricks).
        belote_holder: the seat that held trump K and Q, when captured cards hide it
            (otherwise it is found from the hands and the tricks).

    A declared card, or the holder's trump K or Q, may also be among the captured
    cards (played earlier, in tricks given without a history).

    Raises:
        InvalidStateError: a duplicate card, a hand of the wrong size for the history, an
            illegal card in a given trick, an unknown seat, a bad declaration.
    """
    rs = resolve(ruleset)
    opts: BeloteOptions = rs.options
    check_seat(dealer, "dealer seat")
    check_seat(taker, "taker seat")
    trump_suit = _parse_suit(trump)
    hand_cards, trick_cards, current_cards, cap = _read_position(
        hands, tricks, current_trick, captured
    )
    done_tricks = _check_every_card_once(hand_cards, trick_cards, current_cards, cap)
    first_leader = (dealer + 1) % NUM_PLAYERS
    lead = first_leader if leader is None else leader
    check_seat(lead, "leader seat")
    seq, plays_of, lead = _replay_tricks(trick_cards, current_cards, lead, trump_suit)
    _check_hand_sizes(hand_cards, done_tricks, {p.seat for p in seq[-1][1]})
    base = done_tricks - len(trick_cards)
    results = _check_tricks_legal(hand_cards, plays_of, seq, base, trump_suit, opts)
    decl = _read_declarations(declarations, rs, hand_cards, plays_of, cap)
    holder, announcements = _find_belote(belote_holder, trump_suit, hand_cards, plays_of, cap, seq)
    carried, finished = _check_the_end(carried_points, hand_cards, results)
    current_plays = tuple(seq[-1][1])
    to_move = None if finished else (lead + len(current_plays)) % NUM_PLAYERS
    return BeloteState(
        ruleset=rs,
        dealer=dealer,
        phase="done" if finished else "play",
        to_move=to_move,
        hands=tuple(in_deck_order(h) for h in hand_cards),
        trump=trump_suit,
        taker=taker,
        declarations=tuple(decl),
        tricks=tuple(results),
        current_trick=current_plays,
        captured=(in_deck_order(cap[0]), in_deck_order(cap[1])),
        belote_holder=holder,
        announcements=tuple(announcements),
        carried_points=carried,
        first_leader=first_leader if leader is None else leader,
    )


def _read_position(
    hands: Sequence[CardsLike],
    tricks: Sequence[CardsLike],
    current_trick: CardsLike,
    captured: Mapping[int, CardsLike] | Sequence[CardsLike] | None,
) -> tuple[
    list[tuple[Card, ...]], list[tuple[Card, ...]], tuple[Card, ...], list[tuple[Card, ...]]
]:
    """The cards of a position: four hands, the tricks, the trick under way, per team captured."""
    if len(hands) != NUM_PLAYERS:
        raise InvalidStateError(f"Belote has 4 hands, got {len(hands)}")
    hand_cards = [parse_cards(h) for h in hands]
    trick_cards = [parse_cards(t) for t in tricks]
    current_cards = parse_cards(current_trick)
    cap: list[tuple[Card, ...]] = [(), ()]
    if captured is not None:
        items = captured.items() if isinstance(captured, Mapping) else enumerate(captured)
        for team, cards in items:
            if team not in (0, 1):
                raise InvalidStateError(f"unknown team {team!r} in captured: teams are 0 and 1")
            cap[team] = parse_cards(cards)
    return hand_cards, trick_cards, current_cards, cap


def _check_every_card_once(
    hand_cards: Sequence[tuple[Card, ...]],
    trick_cards: Sequence[tuple[Card, ...]],
    current_cards: tuple[Card, ...],
    cap: Sequence[tuple[Card, ...]],
) -> int:
    """Every card once, in whole tricks of 4, at most 8 tricks; returns the tricks done."""
    where: dict[Card, str] = {}

    def place(card: Card, label: str) -> None:
        if card in where:
            raise InvalidStateError(f"card {card} appears twice: {where[card]} and {label}")
        where[card] = label

    for s, h in enumerate(hand_cards):
        for c in h:
            place(c, f"seat {s}'s hand")
    for i, cards in enumerate(trick_cards):
        if len(cards) != NUM_PLAYERS:
            raise InvalidStateError(f"trick {i + 1} has {len(cards)} cards; a finished trick has 4")
        for c in cards:
            place(c, f"trick {i + 1}")
    if len(current_cards) >= NUM_PLAYERS:
        raise InvalidStateError(
            f"the current trick has {len(current_cards)} cards; a trick under way has 0 to 3"
        )
    for c in current_cards:
        place(c, "the current trick")
    for team, cards in enumerate(cap):
        if len(cards) % NUM_PLAYERS:
            raise InvalidStateError(
                f"team {team} captured {len(cards)} cards: whole tricks are 4 cards each"
            )
        for c in cards:
            place(c, f"team {team}'s captured cards")
    done_tricks = len(trick_cards) + (len(cap[0]) + len(cap[1])) // NUM_PLAYERS
    if done_tricks > NUM_TRICKS:
        raise InvalidStateError(f"{done_tricks} tricks played: a hand has only 8")
    if len(where) != len(BELOTE_DECK):
        missing = in_deck_order(set(BELOTE_DECK) - set(where))
        raise InvalidStateError(
            f"the position must hold all 32 cards; missing {format_cards(missing)}"
        )
    return done_tricks


def _replay_tricks(
    trick_cards: Sequence[tuple[Card, ...]],
    current_cards: tuple[Card, ...],
    lead: Seat,
    trump: Suit,
) -> tuple[list[_Trick], list[list[Card]], Seat]:
    """Who played each card: each trick is led by the winner of the one before."""
    # Returns the tricks' plays (the current trick last), each seat's played cards, and
    # the seat leading the current trick.
    plays_of: list[list[Card]] = [[] for _ in range(NUM_PLAYERS)]
    seq: list[_Trick] = []
    for i, cards in enumerate([*trick_cards, current_cards]):
        ps = [Play((lead + k) % NUM_PLAYERS, c) for k, c in enumerate(cards)]
        seq.append((i, ps))
        for p in ps:
            plays_of[p.seat].append(p.card)
        if len(cards) == NUM_PLAYERS:
            lead = trick_winner(cards, trump, lead)
    return seq, plays_of, lead


def _check_hand_sizes(
    hand_cards: Sequence[tuple[Card, ...]], done_tricks: int, in_trick: set[Seat]
) -> None:
    """Each seat holds 8 cards less one per finished trick and its card in the current trick."""
    for s in range(NUM_PLAYERS):
        want = NUM_TRICKS - done_tricks - (1 if s in in_trick else 0)
        if len(hand_cards[s]) != want:
            raise InvalidStateError(
                f"seat {s} holds {len(hand_cards[s])} cards but should hold {want} after "
                f"{done_tricks} finished tricks"
                + (" and its card in the current trick" if s in in_trick else "")
            )


def _check_tricks_legal(
    hand_cards: Sequence[tuple[Card, ...]],
    plays_of: Sequence[list[Card]],
    seq: Sequence[_Trick],
    base: int,
    trump: Suit,
    opts: BeloteOptions,
) -> list[TrickResult]:
    """Every card given in a trick was legal when played; returns the finished tricks."""
    held = [list(hand_cards[s]) + plays_of[s] for s in range(NUM_PLAYERS)]
    results: list[TrickResult] = []
    finished = len(seq) - 1  # the last of ``seq`` is the trick under way
    for i, ps in seq:
        for k, p in enumerate(ps):
            verdict = explain_play(held[p.seat], [q.card for q in ps[:k]], p.card, trump, opts)
            if not verdict.legal:
                where_txt = "the current trick" if i == finished else f"trick {base + i + 1}"
                raise InvalidStateError(
                    f"{where_txt}: seat {p.seat} may not play {p.card}: {verdict.message}"
                )
            held[p.seat].remove(p.card)
        if i < finished:
            results.append(trick_result(base + i, tuple(ps), trump))
    return results


def _read_declarations(
    declarations: Mapping[Seat, Sequence[Combination | CardsLike]] | None,
    rs: Ruleset,
    hand_cards: Sequence[tuple[Card, ...]],
    plays_of: Sequence[list[Card]],
    cap: Sequence[tuple[Card, ...]],
) -> list[tuple[Combination, ...]]:
    """Declarations: cards the seat held at the start of play, no card twice (by option)."""
    opts: BeloteOptions = rs.options
    decl: list[tuple[Combination, ...]] = [(), (), (), ()]
    if not declarations:
        return decl
    if not opts.declarations:
        raise InvalidStateError(f"ruleset {rs.name} plays without declarations")
    for seat, combos in declarations.items():
        check_seat(seat, "declaring seat")
        known = set(hand_cards[seat]) | set(plays_of[seat]) | set(cap[0]) | set(cap[1])
        parsed = tuple(c if isinstance(c, Combination) else Combination.of(c) for c in combos)
        seen: set[Card] = set()
        for combo in parsed:
            if not set(combo.cards) <= known:
                raise InvalidStateError(
                    f"seat {seat} declares {combo.describe()} without holding "
                    f"{format_cards(c for c in combo.cards if c not in known)}"
                )
            if not opts.declaration_card_reuse and seen & set(combo.cards):
                raise InvalidStateError(
                    f"seat {seat} uses {format_cards(seen & set(combo.cards))} in two "
                    "declarations, which this ruleset forbids"
                )
            seen |= set(combo.cards)
        decl[seat] = parsed
    return decl


def _find_belote(
    belote_holder: Seat | None,
    trump: Suit,
    hand_cards: Sequence[tuple[Card, ...]],
    plays_of: Sequence[list[Card]],
    cap: Sequence[tuple[Card, ...]],
    seq: Sequence[_Trick],
) -> tuple[Seat | None, list[tuple[Seat, str]]]:
    """Belote-rebelote: found from the cards, or given when captured cards hide it."""
    known_hands = [set(hand_cards[s]) | set(plays_of[s]) for s in range(NUM_PLAYERS)]
    holder = find_belote_holder(known_hands, trump)
    pair = {Card(trump, "K"), Card(trump, "Q")}
    announcements: list[tuple[Seat, str]] = []
    if belote_holder is not None:
        check_seat(belote_holder, "belote holder seat")
        if holder not in (None, belote_holder) or not pair <= (
            known_hands[belote_holder] | set(cap[0]) | set(cap[1])
        ):
            raise InvalidStateError(
                f"seat {belote_holder} cannot have held {format_cards(in_deck_order(pair))}: "
                "another seat holds or played one of them"
            )
        holder = belote_holder
        for _ in pair & (set(cap[0]) | set(cap[1])):  # announced in an earlier trick
            announcements.append((holder, "rebelote" if announcements else "belote"))
    for _, ps in seq:
        for p in ps:
            if p.seat == holder and p.card.suit is trump and p.card.rank in ("K", "Q"):
                announcements.append((p.seat, "rebelote" if announcements else "belote"))
    return holder, announcements


def _check_the_end(
    carried_points: int | None, hand_cards: Sequence[tuple[Card, ...]], results: list[TrickResult]
) -> tuple[int, bool]:
    """Carried points are not negative; a finished hand lists its last trick (the dix de der)."""
    carried = 0 if carried_points is None else carried_points
    if carried < 0:
        raise InvalidStateError(f"carried points cannot be negative ({carried})")
    finished = all(not h for h in hand_cards)
    if finished and not results:
        raise InvalidStateError(
            "a finished hand needs its last trick listed: its winner takes the dix de der"
        )
    return carried, finished
