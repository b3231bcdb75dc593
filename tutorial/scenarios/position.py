"""From a scenario's description of the table to an engine state.

The author may leave other seats' cards unknown (``?`` or ``unknown``). The checker
then needs a placement of the unknown cards that makes every scripted play legal:
:func:`build` finds one (a randomised matching of cards to seats, learning from the
engine's refusals which card may not sit where) and the checker replays the scenario
under several such placements to show its verdicts do not depend on the hidden cards.

The steps live in their own modules: the table and its seats (:mod:`.table`), the file's
table read (:mod:`.position_reading`), a scenario from the deal (:mod:`.deals`), every
card in one place (:mod:`.card_places`), the unknown cards placed (:mod:`.unknown_cards`),
the sentences to the author (:mod:`.author_messages`); each game's own fields are read
by its part (``tutorial/scenarios/games/<game>.py``). The names callers use are kept
here.
"""

from __future__ import annotations

import random
from typing import Any

from tutorial.engine.cards import Card
from tutorial.engine.games import game_info
from tutorial.scenarios.author_messages import refusal_message, turn_message
from tutorial.scenarios.card_places import (
    check_every_card_has_a_place,
    given_places,
    hand_size_problem,
)
from tutorial.scenarios.deals import build_from_the_deal
from tutorial.scenarios.earlier_tricks import place_earlier
from tutorial.scenarios.games import PARTS
from tutorial.scenarios.model import Scenario
from tutorial.scenarios.position_reading import (
    checked_ruleset,
    read_spec,
    ruleset_of,
    side_index,
    start_state,
)
from tutorial.scenarios.position_spec import PositionError
from tutorial.scenarios.table import (
    DEFAULT_SEATS,
    Table,
    resolve_seat,
    seat_names,
    shown_seat_names,
)
from tutorial.scenarios.unknown_cards import place_unknown_cards
from tutorial.scenarios.yamlsafe import Located


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
    deck = game_info(sc.game).deck
    rs = ruleset if ruleset is not None else checked_ruleset(sc)
    if sc.phase == "bidding":
        return build_from_the_deal(sc, deck, rs)
    spec = read_spec(sc, deck)
    used = given_places(sc, spec, deck)
    pool = [c for c in deck if c not in used]
    # The chien (or discard) not given: its cards are unknown places too. Briscola's stock
    # not given: the cards placed nowhere else are the stock, in an order the checker varies.
    aside = game_info(sc.game).chien_size if sc.chien is None and sc.discard is None else 0
    if PARTS.of(sc.game).unlisted_pile(sc):
        aside = max(0, len(pool) - sum(spec.slots))
    need = sum(spec.slots) + aside
    if sc.points_so_far is not None:  # the earlier tricks' cards, split by the points given
        names = spec.names
        spec = place_earlier(
            sc,
            spec,
            pool,
            need,
            start=lambda trial: start_state(sc, trial, [list(h) for h in trial.known], rs, []),
            side_of=lambda name, loc: side_index(sc, names, name, loc),
        )
        pool, need = [], 0
    wrong_size = hand_size_problem(sc, spec, pool, need)
    if wrong_size is not None:
        raise wrong_size
    check_every_card_has_a_place(sc, deck, pool, need, aside)
    return place_unknown_cards(
        sc, spec, rs, pool, aside, random.Random(seed), check_script, tries, placement
    )


__all__ = [
    "DEFAULT_SEATS",
    "PositionError",
    "Table",
    "build",
    "refusal_message",
    "resolve_seat",
    "ruleset_of",
    "seat_names",
    "shown_seat_names",
    "turn_message",
]
