"""From a scenario's description of the table to an engine state.

The author may leave other seats' cards unknown (``?`` or ``unknown``). The checker
then needs a placement of the unknown cards that makes every scripted play legal:
:func:`build` finds one (a randomised matching of cards to seats, learning from the
engine's refusals which card may not sit where) and the checker replays the scenario
under several such placements to show its verdicts do not depend on the hidden cards.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tutorial.engine import belote, briscola, tarot
from tutorial.engine.cards import BELOTE_DECK, BRISCOLA_DECK, TAROT_DECK, Card, Deck, Suit
from tutorial.engine.contract import GameState
from tutorial.engine.errors import (
    IllegalActionError,
    InvalidStateError,
    NotationError,
    TutorialError,
)
from tutorial.engine.games import GAMES, game_info, player_counts
from tutorial.engine.rule_options import find_ruleset
from tutorial.scenarios import actions
from tutorial.scenarios.budget import tick
from tutorial.scenarios.earlier_tricks import place_earlier
from tutorial.scenarios.model import Auto, Play, Scenario
from tutorial.scenarios.position_spec import PositionError, PositionSpec
from tutorial.scenarios.yamlsafe import Located

DEFAULT_SEATS = {
    2: ("You", "Opponent"),
    4: ("South", "East", "North", "West"),
}
#: Cards each seat holds at the first trick, by game: the games whose hands are never
#: refilled (the engine's ``FIRST_TRICK_HAND``; Briscola draws from the stock).
BASE_HAND = {g: n for g in GAMES if (n := game_info(g).first_trick_hand) is not None}


def shown_seat_names(players: int) -> tuple[str, ...]:
    """:data:`DEFAULT_SEATS` as the learner reads them, in the session's language (the
    English names stay the identifiers written in scenario files)."""
    from tutorial.language.i18n import t

    if players == 2:
        return (t("practice.seat_you"), t("practice.seat_opponent"))
    return (
        t("practice.seat_south"),
        t("practice.seat_east"),
        t("practice.seat_north"),
        t("practice.seat_west"),
    )


@dataclass(frozen=True)
class Table:
    """A scenario's table: seat names, the learner, and the engine state at the start."""

    seat_names: tuple[str, ...]
    learner: int
    dealer: int
    state: GameState
    unknown: dict[int, frozenset[Card]] = field(default_factory=dict)  # cards placed by us
    aside: tuple[
        Card, ...
    ] = ()  # unknown cards placed by us in the chien/discard (Tarot) or the stock (Briscola)

    @property
    def placement(self) -> dict[int, list[Card]]:
        """The cards placed in the unknown places (seat -1: the chien or discard, or the stock in its order),
        to rebuild this very table under other rules (see :func:`build`)."""
        out: dict[int, list[Card]] = {
            s: sorted(cs, key=lambda c: c.code) for s, cs in self.unknown.items()
        }
        out[-1] = list(self.aside)
        return out

    @property
    def num_players(self) -> int:
        """2 or 4."""
        return len(self.seat_names)

    def seat_of(self, name: str | int) -> int:
        """The seat index of a seat name (or an index)."""
        if isinstance(name, int):
            return name
        return self.seat_names.index(name)


def possessive(name: str) -> str:
    """A seat name's possessive in a checker message: ``West's``, ``your`` for "You".

    >>> possessive("West"), possessive("You")
    ("West's", 'your')
    """
    return "your" if name.strip().lower() == "you" else f"{name}'s"


def hand_of(name: str) -> str:
    """A seat's hand in a checker message, the seat named: ``West's hand``, ``You's``
    reads badly, so ``the hand of You``.

    >>> hand_of("West"), hand_of("You")
    ("West's hand", 'the hand of You')
    """
    return f"the hand of {name}" if name.strip().lower() == "you" else f"{name}'s hand"


def count(n: int, word: str) -> str:
    """``1 card``, ``2 cards`` (checker messages are English; the app's go through the
    catalogue).

    >>> count(1, "card"), count(0, "card"), count(3, "trick")
    ('1 card', '0 cards', '3 tricks')
    """
    return f"{n:,} {word}" if n == 1 else f"{n:,} {word}s"


def num_players(sc: Scenario) -> int:
    """How many seats the scenario's game has."""
    counts = player_counts(sc.game)
    if len(counts) == 1:
        return counts[0]
    return sc.players or (len(sc.seats) if sc.seats else counts[0])


def seat_names(sc: Scenario) -> tuple[str, ...]:
    """The seat names, checked: as many as players, distinct."""
    n = num_players(sc)
    names = tuple(sc.seats) if sc.seats else DEFAULT_SEATS[n]
    if len(names) != n:
        raise PositionError(
            ("seats",), f"{sc.game} with {n} players needs {n} seat names, not {len(names)}"
        )
    if len(set(names)) != n:
        raise PositionError(("seats",), "seat names must be different")
    return names


def resolve_seat(names: Sequence[str], value: str | int | None, loc: tuple[Any, ...]) -> int | None:
    """A seat given by name or index, checked."""
    if value is None:
        return None
    if isinstance(value, int):
        if not 0 <= value < len(names):
            raise PositionError(loc, f"seat {value} does not exist (0 to {len(names) - 1})")
        return value
    if value in names:
        return names.index(value)
    raise PositionError(loc, f"{value!r} is not a seat; seats: {', '.join(names)}")


def _cards(deck: Deck, value: str | list[str] | None, loc: tuple[Any, ...]) -> tuple[Card, ...]:
    if value is None:
        return ()
    items = actions.split(value) if isinstance(value, str) else [str(v) for v in value]
    out = []
    for i, text in enumerate(items):
        try:
            out.append(deck.parse(text))
        except NotationError as e:
            where = (*loc, i) if not isinstance(value, str) else loc
            raise PositionError(where, str(e), token=text) from None
    return tuple(out)


def _parse(sc: Scenario, deck: Deck) -> PositionSpec:
    names = seat_names(sc)
    n = len(names)
    learner = resolve_seat(names, sc.learner, ("learner",))
    assert learner is not None
    dealer = resolve_seat(names, sc.dealer, ("dealer",))
    leader = resolve_seat(names, sc.leader, ("leader",))
    for name in sc.hands:
        if name not in names:
            raise PositionError(
                ("hands", name), f"{name!r} is not a seat; seats: {', '.join(names)}"
            )
    tricks = [_cards(deck, t, ("tricks", i)) for i, t in enumerate(sc.tricks)]
    for i, t in enumerate(tricks):
        if len(t) != n:
            raise PositionError(("tricks", i), f"a finished trick has {n} cards, this one {len(t)}")
    current = _cards(deck, sc.current_trick, ("current_trick",))
    if len(current) >= n:
        raise PositionError(
            ("current_trick",), f"the current trick has {len(current)} cards; at most {n - 1}"
        )
    if dealer is None:
        # Default: the seat before the first leader deals (the seat after the dealer leads).
        first = leader if leader is not None else 0
        dealer = (first - 1) % n
    captured: dict[int, tuple[Card, ...]] = {}
    if sc.captured:
        for key, cards_spec in sc.captured.items():
            side = _side_index(sc, names, key, ("captured", key))
            captured[side] = _cards(deck, cards_spec, ("captured", key))
    n_captured = sum(len(cs) for cs in captured.values())
    earlier = n_captured // n if n_captured % n == 0 else 0  # whole tricks won before
    known: list[list[Card]] = []
    slots: list[int] = []
    given: list[bool] = []
    plays_by = _plays_by_seat(sc, n, dealer, leader, tricks, current)
    for s, name in enumerate(names):
        spec = sc.hands.get(name, "unknown")
        if isinstance(spec, str) and spec.strip().lower() == "unknown":
            known.append([])
            given.append(False)
            base = game_info(sc.game).first_trick_hand
            if base is None:  # refilled after every trick (Briscola): sized from the learner's
                slots.append(_SIZED_LATER)
                continue
            slots.append(max(0, base - plays_by[s] - earlier))
            continue
        given.append(True)
        items = actions.split(spec) if isinstance(spec, str) else [str(x) for x in spec]
        cards = []
        q = 0
        for i, text in enumerate(items):
            if text == "?":
                q += 1
                continue
            try:
                cards.append(deck.parse(text))
            except NotationError as e:
                raise PositionError(
                    ("hands", name) if isinstance(spec, str) else ("hands", name, i),
                    str(e),
                    token=text,
                ) from None
        known.append(cards)
        slots.append(q)
    if slots[learner]:
        raise PositionError(
            ("hands", names[learner]), "the learner's hand must be given in full (no '?')"
        )
    # Where every hand is refilled after each trick, all hands hold as many cards when a
    # trick starts: an unknown hand holds the learner's count, less the cards it has
    # played to the current trick, plus those the learner has.
    for s, k in enumerate(slots):
        if k == _SIZED_LATER:
            slots[s] = max(0, len(known[learner]) + plays_by[learner] - plays_by[s])
    return PositionSpec(
        names,
        learner,
        dealer,
        leader,
        known,
        slots,
        tricks,
        current,
        captured,
        0,
        {},
        plays=plays_by,
        given=given,
        earlier=earlier,
    )


_SIZED_LATER = -1  # an unknown hand whose size is the learner's (see ``_parse``)


def _plays_by_seat(
    sc: Scenario,
    n: int,
    dealer: int,
    leader: int | None,
    tricks: list[tuple[Card, ...]],
    current: tuple[Card, ...],
) -> list[int]:
    # Every seat plays once per finished trick; the current trick's players are counted
    # from its leader, which only matters when the current trick is partial.
    counts = [len(tricks)] * n
    if current:
        first = leader if (leader is not None and not tricks) else None
        if first is None:
            first = _leader_of_current(sc, n, dealer, leader, tricks)
        for i in range(len(current)):
            counts[(first + i) % n] += 1
    return counts


def _leader_of_current(
    sc: Scenario, n: int, dealer: int, leader: int | None, tricks: list[tuple[Card, ...]]
) -> int:
    lead = leader if leader is not None else (dealer + 1) % n
    for t in tricks:
        lead = _winner(sc, t, lead, n)
    return lead


def _side_index(sc: Scenario, names: Sequence[str], key: str, loc: tuple[Any, ...]) -> int:
    """The team index meant by a seat name (Tarot: 0 the taker's side, 1 the defence)."""
    game = game_info(sc.game)
    low = key.strip().lower()
    if game.bidding_makes_sides and low in _SIDE_WORDS:  # the taker against the defence
        return _SIDE_WORDS[low]
    if key in names:
        taker = resolve_seat(names, sc.taker, ("taker",)) if game.bidding_makes_sides else None
        return int(game.team_of_seat(names.index(key), taker))
    raise PositionError(loc, f"{key!r} is not a seat; name a seat of the side: {', '.join(names)}")


#: The sides by name where the bidding makes them: the taker's side 0, the defence 1.
_SIDE_WORDS = {"taker": 0, "defence": 1, "defense": 1}


def ruleset_of(sc: Scenario, name: str | None = None, options: dict[str, Any] | None = None) -> Any:
    """The scenario's ruleset (or a variant's), with its option overrides."""
    return find_ruleset(
        sc.game, name or sc.ruleset, **(options if options is not None else sc.options)
    )


def _start(
    sc: Scenario, spec: PositionSpec, hands: list[list[Card]], rs: Any, aside: list[Card]
) -> GameState:
    taker = resolve_seat(spec.names, sc.taker, ("taker",))
    kw: dict[str, Any] = {
        "dealer": spec.dealer,
        "ruleset": rs,
        "tricks": [list(t) for t in spec.tricks],
        "current_trick": list(spec.current),
        "leader": spec.leader,
    }
    return _READINGS[sc.game].start(sc, spec, hands, taker, aside, kw)


# --- each game's own fields ------------------------------------------------------------
# The keys only one game's scenarios have (see tutorial.scenarios.model), read into that
# game's engine: each function serves one game (``_READINGS``).


def _belote_trump(sc: Scenario) -> Suit | None:
    """Belote's trump suit as the scenario writes it (``S``, ``♠``), or None."""
    if not sc.trump:
        return None
    t = sc.trump.strip().upper()
    try:
        return Suit({"♠": "S", "♥": "H", "♦": "D", "♣": "C"}.get(t, t))
    except ValueError:
        return None


def _belote_winner(sc: Scenario, trick: Sequence[Card], lead: int, n: int) -> int:
    """Who won a listed Belote trick (its leader when the trump is not given)."""
    trump = _belote_trump(sc)
    return belote.trick_winner(trick, trump, lead) if trump else lead


def _tarot_winner(sc: Scenario, trick: Sequence[Card], lead: int, n: int) -> int:
    """Who won a listed Tarot trick."""
    return tarot.trick_winner(trick, lead)


def _briscola_winner(sc: Scenario, trick: Sequence[Card], lead: int, n: int) -> int:
    """Who won a listed Briscola trick (its leader when the trump card is not given)."""
    if not sc.trump_card:
        return lead
    trump_card = BRISCOLA_DECK.parse(sc.trump_card)
    pos = briscola.trick_winner(trick, trump_card.suit, _ruleset(sc))
    return (lead + pos) % n


def _belote_start(
    sc: Scenario,
    spec: PositionSpec,
    hands: list[list[Card]],
    taker: int | None,
    aside: list[Card],
    kw: dict[str, Any],
) -> GameState:
    """A Belote position in play: the trump and taker, held points, belote, declarations."""
    if sc.trump is None or taker is None:
        raise PositionError(("trump",), "a Belote position in play needs 'trump' and 'taker'")
    if spec.captured:
        kw["captured"] = {k: list(v) for k, v in spec.captured.items()}
    if sc.held_points is not None:
        kw["carried_points"] = sc.held_points
    if sc.belote_holder is not None:
        kw["belote_holder"] = resolve_seat(spec.names, sc.belote_holder, ("belote_holder",))
    if sc.declarations:
        for name, decls in sc.declarations.items():
            for i, d in enumerate(decls):
                if not actions.split(d) if isinstance(d, str) else not d:
                    raise PositionError(
                        ("declarations", name, i),
                        "this declaration lists no card; write its cards, e.g. 9C 10C JC",
                    )
        kw["declarations"] = {
            resolve_seat(spec.names, name, ("declarations", name)): [
                _cards(BELOTE_DECK, d, ("declarations", name, i)) for i, d in enumerate(decls)
            ]
            for name, decls in sc.declarations.items()
        }
    return belote.start_play(hands, sc.trump, taker, **kw)


def _tarot_start(
    sc: Scenario,
    spec: PositionSpec,
    hands: list[list[Card]],
    taker: int | None,
    aside: list[Card],
    kw: dict[str, Any],
) -> GameState:
    """A Tarot position in play: the contract and taker, chien or discard, poignées."""
    if sc.contract is None or taker is None:
        raise PositionError(("contract",), "a Tarot position in play needs 'contract' and 'taker'")
    chien = _cards(TAROT_DECK, sc.chien, ("chien",)) or None
    discard = _cards(TAROT_DECK, sc.discard, ("discard",)) or None
    if aside:
        if sc.contract in ("prise", "garde"):
            discard = (*(discard or ()), *aside)
        else:
            chien = (*(chien or ()), *aside)
    if spec.captured:
        kw["captured"] = {k: list(v) for k, v in spec.captured.items()}
    if sc.poignees:
        kw["poignees"] = [
            (
                resolve_seat(spec.names, name, ("poignees", name)),
                _poignee(_cards(TAROT_DECK, cards, ("poignees", name))),
            )
            for name, cards in sc.poignees.items()
        ]
    if sc.carried_points:
        kw["carried_points"] = {
            _side_index(sc, spec.names, k, ("carried_points", k)): v
            for k, v in sc.carried_points.items()
        }
    return tarot.start_play(
        hands,
        taker,
        sc.contract.replace("_", " "),
        chien=chien,
        discard=discard,
        chelem_declared=sc.chelem_declared,
        **kw,
    )


def _briscola_start(
    sc: Scenario,
    spec: PositionSpec,
    hands: list[list[Card]],
    taker: int | None,
    aside: list[Card],
    kw: dict[str, Any],
) -> GameState:
    """A Briscola position: the face-up trump card, the stock, points carried."""
    n = len(spec.names)
    if sc.trump_card is None:
        raise PositionError(
            ("trump_card",), "a Briscola position needs 'trump_card' (the face-up card)"
        )
    if spec.captured:
        kw["captured"] = [list(spec.captured.get(i, ())) for i in range(2)]
    if sc.carried_points:
        pts = [0.0, 0.0]
        for k, v in sc.carried_points.items():
            pts[_side_index(sc, spec.names, k, ("carried_points", k))] += v
        kw["carried_points"] = pts
    stock = _cards(BRISCOLA_DECK, sc.stock, ("stock",)) if sc.stock is not None else aside
    return briscola.start_play(
        hands, sc.trump_card, stock, players=n, trump_card_taken=sc.trump_card_taken, **kw
    )


def _poignee(cards: tuple[Card, ...]) -> Any:
    level = {10: "simple", 13: "double", 15: "triple"}.get(len(cards))
    if level is None:
        raise PositionError(("poignees",), f"a poignée shows 10, 13 or 15 trumps, not {len(cards)}")
    return tarot.Poignee(level, cards)


def build(
    sc: Scenario,
    doc: Located | None = None,
    *,
    seed: int = 0,
    ruleset: Any = None,
    check_script: bool = True,
    tries: int = 200,
    placement: dict[int, list[Card]] | None = None,
) -> Table:
    """The table at the start of the scenario, with a placement of any unknown cards.

    ``placement`` (a :attr:`Table.placement`) puts the unknown cards exactly where another
    table had them: a variant replays the checked table under its own rules.

    Raises:
        PositionError: the position is impossible, or no placement of the unknown cards
            makes the scripted plays legal.
    """
    deck = actions.DECKS[sc.game]
    rs = ruleset if ruleset is not None else _ruleset(sc)
    if sc.phase == "bidding":
        return _build_bidding(sc, deck, rs)
    spec = _parse(sc, deck)
    used = _given_places(sc, spec, deck)
    pool = [c for c in deck if c not in used]
    # The chien (or discard) not given: its cards are unknown places too. Briscola's stock
    # not given: the cards placed nowhere else are the stock, in an order the checker varies.
    aside = game_info(sc.game).chien_size if sc.chien is None and sc.discard is None else 0
    if _READINGS[sc.game].unlisted_pile(sc):
        aside = max(0, len(pool) - sum(spec.slots))
    need = sum(spec.slots) + aside
    if sc.points_so_far is not None:  # the earlier tricks' cards, split by the points given
        names = spec.names
        spec = place_earlier(
            sc,
            spec,
            pool,
            need,
            start=lambda trial: _start(sc, trial, [list(h) for h in trial.known], rs, []),
            side_of=lambda name, loc: _side_index(sc, names, name, loc),
        )
        pool, need = [], 0
    wrong_size = _hand_size_problem(sc, spec, pool, need)
    if wrong_size is not None:
        raise wrong_size
    _check_every_card_has_a_place(sc, deck, pool, need, aside)
    return _place_unknown_cards(
        sc, spec, rs, pool, aside, random.Random(seed), check_script, tries, placement
    )


def _given_places(sc: Scenario, spec: PositionSpec, deck: Deck) -> dict[Card, str]:
    """Where the scenario puts each card it names (a hand, a trick, the chien, ...).

    Raises:
        PositionError: a card is put in two places.
    """
    used: dict[Card, str] = {}

    def place(cards: Sequence[Card], where: str, loc: tuple[Any, ...]) -> None:
        for c in cards:
            if c in used:
                raise PositionError(
                    loc,
                    f"{c.label} ({c.code}) is in two places: {used[c]} and {where}",
                    token=c.code,
                )
            used[c] = where

    for s in range(len(spec.names)):
        place(spec.known[s], hand_of(spec.names[s]), ("hands", spec.names[s]))
    for i, t in enumerate(spec.tricks):
        place(t, f"trick {i + 1}", ("tricks", i))
    place(spec.current, "the current trick", ("current_trick",))
    for cards in spec.captured.values():
        place(cards, "the captured cards", ("captured",))
    for key, loc in (("chien", ("chien",)), ("discard", ("discard",)), ("stock", ("stock",))):
        val = getattr(sc, key)
        place(_cards(deck, val, loc), key, loc)
    face_up = _READINGS[sc.game].face_up_card(sc)
    if face_up:
        place((deck.parse(face_up),), "the face-up trump card", ("trump_card",))
    return used


def _check_every_card_has_a_place(
    sc: Scenario, deck: Deck, pool: list[Card], need: int, aside: int
) -> None:
    """Every card of the deck not named (``pool``) fills one of the ``need`` unknown
    places: as many cards as places. With carried points (Tarot, Briscola) the cards
    listed nowhere are the earlier tricks' cards; they cannot also fill unknown places,
    so every place must be given.

    Raises:
        PositionError: cards and places do not match.
    """
    reading = _READINGS[sc.game]
    unlisted_ok = sc.carried_points is not None and reading.reads_carried_points
    if len(pool) == need or (unlisted_ok and need == 0 and len(pool) > 0):
        return
    if unlisted_ok:
        raise PositionError(
            ("carried_points",),
            "with 'carried_points', give every hand in full (no '?' or unknown hand)"
            + (" and the chien or discard" if aside else "")
            + ": the cards listed nowhere are then the earlier tricks' cards",
        )
    shown = _cards_text(deck, pool)
    raise PositionError(
        ("hands",),
        f"{count(len(pool), 'card')} of the deck "
        + ("is" if len(pool) == 1 else "are")
        + " not placed anywhere"
        + (f" ({shown})" if pool else "")
        + f" but there {'is' if need == 1 else 'are'} {count(need, 'unknown place')} "
        "('?' cards, unknown hands"
        + (", the chien/discard" if aside else "")
        + "); list the earlier tricks or 'captured' cards"
        + (", or give 'carried_points'" if reading.reads_carried_points else "")
        + (", or add them to the 'stock' (top first)" if sc.stock is not None else "")
        + ": every card must have a place",
    )


def _place_unknown_cards(
    sc: Scenario,
    spec: PositionSpec,
    rs: Any,
    pool: list[Card],
    aside: int,
    rng: random.Random,
    check_script: bool,
    tries: int,
    placement: dict[int, list[Card]] | None,
) -> Table:
    """The unknown cards (``pool``) dealt to the unknown places, again and again, until
    the position is legal and every scripted play in it is too: a card a listed trick or
    a scripted play refuses in a hand is never dealt there again, a card a seat must play
    always is (``placement``: the one given, tried once).

    Raises:
        PositionError: no placement within ``tries`` makes the position and its script legal.
    """
    n = len(spec.names)
    forbidden: dict[int, set[Card]] = {s: set() for s in range(n)}
    required: dict[int, set[Card]] = {s: set() for s in range(n)}
    pool_set = frozenset(pool)
    last_error: str | None = None
    for _ in range(tries if (any(spec.slots) or aside) and placement is None else 1):
        tick()
        if placement is not None:
            assignment: dict[int, list[Card]] | None = _fixed_placement(
                placement, spec.slots, aside, pool_set
            )
        else:
            assignment = _match(pool, spec.slots, forbidden, rng, aside, required)
        if assignment is None:
            raise PositionError(
                ("hands",),
                "no placement of the unknown cards makes every scripted play legal"
                + (f" (last problem: {last_error})" if last_error else ""),
            )
        hands = [list(spec.known[s]) + assignment[s] for s in range(n)]
        aside_cards = assignment.get(-1, [])
        try:
            state = _start(sc, spec, hands, rs, aside_cards)
        except InvalidStateError as e:
            learned = _learn_from_history(sc, spec, hands, rs) if any(spec.slots) else None
            blamed = {s: cs & set(assignment[s]) for s, cs in (learned or {}).items()}
            if not any(blamed.values()):
                loc = ("current_trick",) if "current trick" in str(e) else ("hands",)
                raise PositionError(loc, str(e)) from None
            # a listed trick was illegal under this placement: never put those cards there
            last_error = str(e)
            for s, cs in blamed.items():
                forbidden[s] |= cs
            continue
        unknown = {s: frozenset(assignment[s]) for s in range(n) if assignment[s]}
        table = Table(spec.names, spec.learner, spec.dealer, state, unknown, tuple(aside_cards))
        if not check_script:
            return table
        problem = _first_illegal(table, sc)
        if problem is None:
            return table
        seat, verdict_cards, message, loc, card = problem
        if card is not None and card in pool_set and seat >= 0 and card not in required[seat]:
            # a scripted card of a seat whose cards are unknown: it must be in that hand
            if sum(len(r) for r in required.values()) and any(card in r for r in required.values()):
                raise PositionError(loc, message)
            required[seat].add(card)
            if len(required[seat]) > spec.slots[seat]:
                raise PositionError(loc, f"{message} (and its hand has no unknown place left)")
            continue
        blame = {c for c in verdict_cards if c in unknown.get(seat, frozenset())}
        if not blame:
            raise PositionError(loc, message)
        forbidden[seat] |= blame
        last_error = message
    raise PositionError(("hands",), f"could not place the unknown cards: {last_error}")


def _cards_text(deck: Deck, cards: Sequence[Card], most: int = 12) -> str:
    """Cards in deck order, as codes (``7C 8C``), the first ``most`` and a count of more."""
    ordered = sorted(cards, key=deck.index)
    text = " ".join(c.code for c in ordered[:most])
    return text + (f" and {len(ordered) - most} more" if len(ordered) > most else "")


def _hand_size_problem(
    sc: Scenario, spec: PositionSpec, pool: Sequence[Card], need: int
) -> PositionError | None:
    """A hand of the wrong size, named: the seat, the count expected and found, and the
    cards placed nowhere (Belote and Tarot, where every seat holds as many cards as the
    deal gave less the cards it played).

    Positions with earlier tricks not listed (``carried_points``) cannot be counted.
    """
    base = game_info(sc.game).first_trick_hand
    if base is None or sc.carried_points is not None or sc.points_so_far is not None:
        return None
    if not spec.plays:
        return None
    deck = actions.DECKS[sc.game]
    off: list[tuple[int, int, int]] = []  # (seat, found, expected)
    for s in range(len(spec.names)):
        if not spec.given[s]:
            continue
        found = len(spec.known[s]) + spec.slots[s]
        expected = base - spec.plays[s] - spec.earlier
        if found != expected:
            off.append((s, found, expected))
    if not off:
        return None
    seat, found, expected = off[0]
    name = spec.names[seat]
    played = spec.plays[seat]
    why = f"{base} dealt"
    if played:
        why += f", {played} played in the listed tricks" + (
            " and the current trick" if spec.current else ""
        )
    if spec.earlier:
        why += f", {spec.earlier} in earlier tricks ('captured')"
    message = f"{hand_of(name)} has {count(found, 'card')}; it should have {expected} ({why})"
    if found < expected and pool and need == 0:
        message += (
            f"; the card{'s' if len(pool) > 1 else ''} placed nowhere: {_cards_text(deck, pool)}"
        )
    elif found < expected:
        message += f"; add {count(expected - found, 'card')} (or '?' for unknown ones)"
    else:
        message += f"; remove {count(found - expected, 'card')}"
    others = [f"{hand_of(spec.names[s])} has {f} (should have {e})" for s, f, e in off[1:]]
    if others:
        message += "; also " + ", ".join(others)
    return PositionError(("hands", name), message)


def _fixed_placement(
    placement: dict[int, list[Card]], slots: list[int], aside: int, pool: frozenset[Card]
) -> dict[int, list[Card]] | None:
    """A given placement, if it fills exactly this position's unknown places."""
    out = {s: list(placement.get(s, [])) for s in range(len(slots))}
    out[-1] = list(placement.get(-1, []))
    sizes_fit = all(len(out[s]) == k for s, k in enumerate(slots)) and len(out[-1]) == aside
    cards = [c for cs in out.values() for c in cs]
    if not sizes_fit or set(cards) != pool or len(cards) != len(pool):
        return None
    return out


def _ruleset(sc: Scenario) -> Any:
    try:
        return ruleset_of(sc)
    except TutorialError as e:
        raise PositionError(
            ("ruleset",) if "option" not in str(e) else ("options",), str(e)
        ) from None


def _learn_from_history(
    sc: Scenario, spec: PositionSpec, hands: list[list[Card]], rs: Any
) -> dict[int, set[Card]] | None:
    """Which placed cards made a listed trick illegal (None: cannot tell).

    The hands before the listed history are the current hands plus the cards each seat
    played in it; replaying the history from there, the engine's refusal names the
    cards that force it.
    """
    if game_info(sc.game).first_trick_hand is None:
        return None  # draws change the hands during the history: pin the cards instead
    n = len(spec.names)
    first = spec.leader if spec.leader is not None else (spec.dealer + 1) % n
    before = [list(h) for h in hands]
    seq: list[Card] = [c for t in spec.tricks for c in t] + list(spec.current)
    lead = first
    seats: list[int] = []
    for t in spec.tricks:
        seats.extend((lead + k) % n for k in range(n))
        lead = _winner(sc, t, lead, n)
    seats.extend((lead + k) % n for k in range(len(spec.current)))
    for seat, card in zip(seats, seq, strict=True):
        before[seat].append(card)
    bare = PositionSpec(
        spec.names,
        spec.learner,
        spec.dealer,
        first,
        spec.known,
        spec.slots,
        [],
        (),
        spec.captured,
        0,
        {},
    )
    try:
        state = _start(sc, bare, before, rs, [])
    except (InvalidStateError, PositionError):
        return None
    for seat, card in zip(seats, seq, strict=True):
        v = state.explain(card)
        if not v.legal:
            return {seat: set(v.forcing)}
        state = state.apply(card)
    return None


def _winner(sc: Scenario, trick: Sequence[Card], lead: int, n: int) -> int:
    """Who won a listed trick led by ``lead``, read by the scenario's game."""
    return _READINGS[sc.game].trick_winner(sc, trick, lead, n)


def _first_illegal(
    table: Table, sc: Scenario
) -> tuple[int, tuple[Card, ...], str, tuple[Any, ...], Card | None] | None:
    """Replay the scripted actions; the first refused one as (seat, forcing, message, loc)."""
    state = table.state
    for i, step in enumerate(sc.steps):
        tick()
        if isinstance(step, Auto):
            texts = actions.split(step.auto)
        elif isinstance(step, Play) and step.play.accept != "any":
            texts = [step.play.accept[0]]
        elif isinstance(step, Play):  # any legal action: the checker's own choice
            legal = state.legal_actions()
            if not legal:
                continue
            texts = [sorted(actions.code(a) for a in legal)[0]]
        else:
            continue
        if isinstance(step, Play) and not state.is_terminal and state.to_move != table.learner:
            raise PositionError(("steps", i), turn_message(table, state))
        for j, text in enumerate(texts):
            seat = state.to_move
            where = (
                ("steps", i, "auto", j)
                if isinstance(step, Auto)
                else ("steps", i, "play", "accept", 0)
            )
            try:
                action = actions.parse(state, text)
            except NotationError as e:
                raise PositionError(where, str(e), token=text) from None
            verdict = state.explain(action)
            if not verdict.legal:
                return (
                    seat if seat is not None else -1,
                    verdict.forcing,
                    refusal_message(table, state, text, action, verdict),
                    where,
                    action if isinstance(action, Card) and verdict.code == "not_in_hand" else None,
                )
            state = state.apply(action)
    return None


def _seat(table: Table, seat: int | None) -> str:
    return table.seat_names[seat] if seat is not None else "nobody"


def refusal_message(table: Table, state: GameState, text: str, action: Any, verdict: Any) -> str:
    """Why a scripted action is refused, for the author: whose turn, what is wrong.

    A card the seat does not hold says where the card is (the engine's own sentence,
    "You do not hold T10", speaks to the learner).
    """
    who = _seat(table, state.to_move)
    if verdict.code == "not_in_hand" and isinstance(action, Card):
        holder = next((s for s, h in enumerate(state.hands) if action in h), None)
        if holder is not None:
            return (
                f"{who} cannot play {text}: {who} does not hold it "
                f"(it is in {hand_of(table.seat_names[holder])})"
            )
        return f"{who} cannot play {text}: {who} does not hold it"
    if verdict.code == "not_your_turn":
        return f"{who} is to play here, so {text} cannot be played now: {verdict.message}"
    return f"{who} cannot play {text}: {verdict.message}"


def turn_message(table: Table, state: GameState) -> str:
    """Why it is not the learner's turn at a ``play`` step, and what to write instead.

    Names whose turn it is, who led the trick under way and what it holds, the seats
    that play before the learner, and the keys that fix it (``current_trick``,
    ``leader``, an ``auto`` step).
    """
    names = table.seat_names
    n = len(names)
    seat = state.to_move
    learner = names[table.learner]
    if seat is None:
        return f"nobody is to play at this 'play' step, not the learner ({learner})"
    who = names[seat]
    before = [names[(seat + k) % n] for k in range((table.learner - seat) % n)]
    between = ", ".join(before)
    if state.phase != "play":
        return (
            f"it is {possessive(who)} turn ({state.phase}) at this 'play' step, not the learner's "
            f"({learner}): add an 'auto' step with the actions of {between} before this step"
        )
    trick = state.current_trick
    if trick:
        led = names[trick[0].seat]
        cards = " ".join(f"{names[p.seat]} {p.card.code}" for p in trick)
        situation = (
            f"the current trick was led by {led} and holds {count(len(trick), 'card')} "
            f"({cards}), so {who} plays next"
        )
    elif not state.tricks and all(
        len(h) == game_info(state.game).first_trick_hand for h in state.hands
    ):
        dealer = names[table.dealer]
        situation = (
            f"{who} leads the first trick (with full hands the first trick is led by the "
            f"seat after the dealer; {dealer} deals)"
        )
    elif state.tricks:
        situation = f"{who} won the last trick, so {who} leads the next one"
    else:
        situation = f"{who} leads this trick ('leader', or the seat after the dealer)"
    return (
        f"it is {possessive(who)} turn at this 'play' step, not the learner's ({learner}): "
        f"{situation}. If {between} already played to this trick, add "
        f"{'that card' if len(before) == 1 else 'their cards'} to 'current_trick' (in playing "
        "order from the leader; a trick's lead is its first card) or set 'leader'; otherwise "
        f"add an 'auto' step with {'the card' if len(before) == 1 else 'the cards'} of "
        f"{between} before this step"
    )


def _match(
    pool: list[Card],
    slots: list[int],
    forbidden: dict[int, set[Card]],
    rng: random.Random,
    aside: int,
    required: dict[int, set[Card]],
) -> dict[int, list[Card]] | None:
    """A random assignment of the pool to the unknown slots, avoiding forbidden pairs.

    ``required[s]`` cards go to seat ``s`` first (scripted cards of an unknown hand).
    """
    fixed: dict[int, list[Card]] = {s: sorted(r, key=lambda c: c.code) for s, r in required.items()}
    left = [k - len(fixed.get(s, [])) for s, k in enumerate(slots)]
    if min(left, default=0) < 0:
        return None
    taken = {c for r in fixed.values() for c in r}
    # Slot list: seat s repeated left[s] times; -1 stands for the aside pile (chien, stock).
    slot_owner = [s for s, k in enumerate(left) for _ in range(k)] + [-1] * aside
    cards = [c for c in pool if c not in taken]
    rng.shuffle(cards)
    if len(cards) < len(slot_owner):
        return None
    owner_of: dict[int, int] = {}  # slot index -> card index

    def allowed(card: Card, slot: int) -> bool:
        s = slot_owner[slot]
        return s == -1 or card not in forbidden.get(s, set())

    match_card: dict[int, int] = {}  # card index -> slot index

    def try_card(ci: int, seen: set[int]) -> bool:
        order = list(range(len(slot_owner)))
        rng.shuffle(order)
        for sl in order:
            if sl in seen or not allowed(cards[ci], sl):
                continue
            seen.add(sl)
            if sl not in owner_of or try_card(owner_of[sl], seen):
                owner_of[sl] = ci
                match_card[ci] = sl
                return True
        return False

    for ci in range(len(cards)):
        if len(owner_of) == len(slot_owner):
            break
        try_card(ci, set())
    if len(owner_of) < len(slot_owner):
        return None
    out: dict[int, list[Card]] = {s: list(fixed.get(s, [])) for s in range(len(slots))}
    out[-1] = []
    for sl, ci in owner_of.items():
        out[slot_owner[sl]].append(cards[ci])
    return out


def _build_bidding(sc: Scenario, deck: Deck, rs: Any) -> Table:
    names = seat_names(sc)
    learner = resolve_seat(names, sc.learner, ("learner",))
    dealer = resolve_seat(names, sc.dealer, ("dealer",))
    assert learner is not None
    dealer = dealer if dealer is not None else (learner - 1) % len(names)
    state = _READINGS[sc.game].from_the_deal(sc, deck, rs, names, dealer)
    return Table(names, learner, dealer, state)


def _tarot_from_the_deal(
    sc: Scenario, deck: Deck, rs: Any, names: tuple[str, ...], dealer: int
) -> GameState:
    """A Tarot deal as the scenario gives it: the four hands and the chien."""
    hands = []
    for name in names:
        spec = sc.hands.get(name)
        if spec is None:
            raise PositionError(
                ("hands",), f"a Tarot deal needs all four hands; {name!r} is missing"
            )
        hands.append(_cards(deck, spec, ("hands", name)))
    chien = _cards(deck, sc.chien, ("chien",))
    try:
        state: GameState = tarot.new_hand(rs, hands=hands, chien=chien, dealer=dealer)
    except InvalidStateError as e:
        raise PositionError(("hands",), str(e)) from None
    return state


def _deck_order_deal(
    sc: Scenario, deck: Deck, rs: Any, names: tuple[str, ...], dealer: int
) -> GameState:
    """A deal as the scenario gives it: the whole deck order (Belote, Briscola)."""
    if sc.deal is None:
        raise PositionError(
            ("deal",), f"a {sc.game} scenario from the deal needs 'deal': the whole deck order"
        )
    order = _cards(deck, sc.deal, ("deal",))
    make: Callable[..., GameState] = game_info(sc.game).new_hand
    kw: dict[str, Any] = {"deal": list(order), "dealer": dealer}
    if len(player_counts(sc.game)) > 1:  # the table is not always the usual one
        kw["players"] = len(names)
    try:
        state = make(rs, **kw)
    except (InvalidStateError, IllegalActionError, NotationError) as e:
        raise PositionError(("deal",), str(e)) from None
    return state


def _no_face_up_card(sc: Scenario) -> str | None:
    """No card lies face up on the table (Belote, Tarot)."""
    return None


def _briscola_face_up_card(sc: Scenario) -> str | None:
    """The face-up trump card, while it is not drawn."""
    return sc.trump_card if sc.trump_card and not sc.trump_card_taken else None


@dataclass(frozen=True)
class _Reading:
    """How the scenario format reads one game's own fields."""

    start: Callable[
        [Scenario, PositionSpec, list[list[Card]], int | None, list[Card], dict[str, Any]],
        GameState,
    ]
    from_the_deal: Callable[[Scenario, Deck, Any, tuple[str, ...], int], GameState]
    trick_winner: Callable[[Scenario, Sequence[Card], int, int], int]
    face_up_card: Callable[[Scenario], str | None]
    reads_carried_points: bool  # 'carried_points' for the earlier tricks not listed
    # Whether the cards placed nowhere make a face-down pile of unknown order (the
    # stock not written); their places are then the table's ``aside``.
    unlisted_pile: Callable[[Scenario], bool]


def _no_unlisted_pile(sc: Scenario) -> bool:
    """Every card placed nowhere is an earlier trick's (or an error)."""
    return False


def _briscola_unlisted_stock(sc: Scenario) -> bool:
    """The stock is not written, and no earlier tricks are left out (``carried_points``,
    ``points_so_far``): the cards placed nowhere are the stock."""
    return sc.stock is None and sc.carried_points is None and sc.points_so_far is None


_READINGS: dict[str, _Reading] = {
    "belote": _Reading(
        _belote_start, _deck_order_deal, _belote_winner, _no_face_up_card, False, _no_unlisted_pile
    ),
    "tarot": _Reading(
        _tarot_start, _tarot_from_the_deal, _tarot_winner, _no_face_up_card, True, _no_unlisted_pile
    ),
    "briscola": _Reading(
        _briscola_start,
        _deck_order_deal,
        _briscola_winner,
        _briscola_face_up_card,
        True,
        _briscola_unlisted_stock,
    ),
}
