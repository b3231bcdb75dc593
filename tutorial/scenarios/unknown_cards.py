"""The unknown cards placed: dealt to the unknown places again and again, learning from
the engine's refusals (of a listed trick, of a scripted play) which card may not sit
where, until the position and its script are legal."""

from __future__ import annotations

import random
from typing import Any

from tutorial.engine.cards import Card
from tutorial.engine.errors import InvalidStateError, NotationError
from tutorial.engine.games import game_info
from tutorial.scenarios import actions
from tutorial.scenarios.author_messages import refusal_message, turn_message
from tutorial.scenarios.budget import tick
from tutorial.scenarios.model import Auto, PlayStep, Scenario
from tutorial.scenarios.position_reading import start_state, trick_winner
from tutorial.scenarios.position_spec import PositionError, PositionSpec
from tutorial.scenarios.table import Table


def place_unknown_cards(
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
            state = start_state(sc, spec, hands, rs, aside_cards)
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
        lead = trick_winner(sc, t, lead, n)
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
        state = start_state(sc, bare, before, rs, [])
    except (InvalidStateError, PositionError):
        return None
    for seat, card in zip(seats, seq, strict=True):
        v = state.explain(card)
        if not v.legal:
            return {seat: set(v.forcing)}
        state = state.apply(card)
    return None


def _first_illegal(
    table: Table, sc: Scenario
) -> tuple[int, tuple[Card, ...], str, tuple[Any, ...], Card | None] | None:
    """Replay the scripted actions; the first refused one as (seat, forcing, message, loc)."""
    state = table.state
    for i, step in enumerate(sc.steps):
        tick()
        if isinstance(step, Auto):
            texts = actions.split(step.auto)
        elif isinstance(step, PlayStep) and step.play.accept != "any":
            texts = [step.play.accept[0]]
        elif isinstance(step, PlayStep):  # any legal action: the checker's own choice
            legal = state.legal_actions()
            if not legal:
                continue
            texts = [sorted(actions.code(a) for a in legal)[0]]
        else:
            continue
        if isinstance(step, PlayStep) and not state.is_terminal and state.to_move != table.learner:
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
