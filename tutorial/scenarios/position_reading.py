"""From the table a scenario file writes to a :class:`PositionSpec` and an engine state:
the cards and seats read and checked, who played how many cards, the sides by name, the
ruleset, who won a listed trick, and the state started from the hands (each game's own
fields read by its part, ``tutorial/scenarios/games/<game>.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tutorial.engine.cards import Card, Deck
from tutorial.engine.contract import GameState
from tutorial.engine.errors import NotationError, TutorialError
from tutorial.engine.games import game_info
from tutorial.engine.rule_options import find_ruleset
from tutorial.scenarios import actions
from tutorial.scenarios.games import PARTS
from tutorial.scenarios.model import Scenario
from tutorial.scenarios.position_spec import PositionError, PositionSpec
from tutorial.scenarios.table import resolve_seat, seat_names


def cards_of(deck: Deck, value: str | list[str] | None, loc: tuple[Any, ...]) -> tuple[Card, ...]:
    """The cards a key of the file lists (text or a list), each checked against ``deck``;
    a bad one is named where it stands (``loc``)."""
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


def read_spec(sc: Scenario, deck: Deck) -> PositionSpec:
    """The file's table read and checked: the seats, learner, dealer and leader, the
    hands (with their ``?`` places), the listed tricks, the current trick, the captured
    piles, and how many cards each seat has played."""
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
    tricks = [cards_of(deck, t, ("tricks", i)) for i, t in enumerate(sc.tricks)]
    for i, t in enumerate(tricks):
        if len(t) != n:
            raise PositionError(("tricks", i), f"a finished trick has {n} cards, this one {len(t)}")
    current = cards_of(deck, sc.current_trick, ("current_trick",))
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
            side = side_index(sc, names, key, ("captured", key))
            captured[side] = cards_of(deck, cards_spec, ("captured", key))
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


_SIZED_LATER = -1  # an unknown hand whose size is the learner's (see ``read_spec``)


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
        lead = trick_winner(sc, t, lead, n)
    return lead


def side_index(sc: Scenario, names: Sequence[str], key: str, loc: tuple[Any, ...]) -> int:
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


def checked_ruleset(sc: Scenario) -> Any:
    """The scenario's ruleset; an unknown one or a bad option is the file's error."""
    try:
        return ruleset_of(sc)
    except TutorialError as e:
        raise PositionError(
            ("ruleset",) if "option" not in str(e) else ("options",), str(e)
        ) from None


def trick_winner(sc: Scenario, trick: Sequence[Card], lead: int, n: int) -> int:
    """Who won a listed trick led by ``lead``, read by the scenario's game."""
    return PARTS.of(sc.game).trick_winner(sc, trick, lead, n)


def start_state(
    sc: Scenario, spec: PositionSpec, hands: list[list[Card]], rs: Any, aside: list[Card]
) -> GameState:
    """The engine state at the start: the hands given, the keys every game reads, then
    the game's own keys read by its part (``aside``: the unknown cards placed in the
    chien, discard or stock)."""
    taker = resolve_seat(spec.names, sc.taker, ("taker",))
    kw: dict[str, Any] = {
        "dealer": spec.dealer,
        "ruleset": rs,
        "tricks": [list(t) for t in spec.tricks],
        "current_trick": list(spec.current),
        "leader": spec.leader,
    }
    return PARTS.of(sc.game).start_play(sc, spec, hands, taker, aside, kw)


def no_face_up_card(sc: Scenario) -> str | None:
    """No card lies face up on the table (Belote, Tarot)."""
    return None


def no_unlisted_pile(sc: Scenario) -> bool:
    """Every card placed nowhere is an earlier trick's (or an error)."""
    return False
