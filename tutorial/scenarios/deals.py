"""A scenario that starts from the deal (``phase: bidding``): the whole deck order
(Belote, Briscola) or the game's own way to give the deal (Tarot's hands and chien, in
its part)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tutorial.engine.cards import Deck
from tutorial.engine.contract import GameState
from tutorial.engine.errors import IllegalActionError, InvalidStateError, NotationError
from tutorial.engine.games import game_info, player_counts
from tutorial.scenarios.games import PARTS
from tutorial.scenarios.model import Scenario
from tutorial.scenarios.position_reading import cards_of
from tutorial.scenarios.position_spec import PositionError
from tutorial.scenarios.table import Table, resolve_seat, seat_names


def build_from_the_deal(sc: Scenario, deck: Deck, rs: Any) -> Table:
    """The table of a scenario that starts from the deal (``phase: bidding``): the
    dealer the seat before the learner unless given."""
    names = seat_names(sc)
    learner = resolve_seat(names, sc.learner, ("learner",))
    dealer = resolve_seat(names, sc.dealer, ("dealer",))
    assert learner is not None
    dealer = dealer if dealer is not None else (learner - 1) % len(names)
    state = PARTS.of(sc.game).from_the_deal(sc, deck, rs, names, dealer)
    return Table(names, learner, dealer, state)


def deck_order_deal(
    sc: Scenario, deck: Deck, rs: Any, names: tuple[str, ...], dealer: int
) -> GameState:
    """A deal as the scenario gives it: the whole deck order (Belote, Briscola)."""
    if sc.deal is None:
        raise PositionError(
            ("deal",), f"a {sc.game} scenario from the deal needs 'deal': the whole deck order"
        )
    order = cards_of(deck, sc.deal, ("deal",))
    make: Callable[..., GameState] = game_info(sc.game).new_hand
    kw: dict[str, Any] = {"deal": list(order), "dealer": dealer}
    if len(player_counts(sc.game)) > 1:  # the table is not always the usual one
        kw["players"] = len(names)
    try:
        state = make(rs, **kw)
    except (InvalidStateError, IllegalActionError, NotationError) as e:
        raise PositionError(("deal",), str(e)) from None
    return state
