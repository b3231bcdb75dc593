"""Each game's part of the scenario format: the fields only its scenarios have, read
into its engine and written back from its states.

A game's module here (``belote.py``, ``tarot.py``, ``briscola.py``) sets ``PART``, a
:class:`ScenarioPart`; the layer's other modules ask ``PARTS.of(game)`` and never import
a game's package. What the layer needs of a game:

- a position in play from the file's hands and the game's own keys (Belote's ``trump``,
  ``declarations``, ``belote_holder``; Tarot's ``contract``, ``chien``, ``discard``,
  ``poignees``; Briscola's ``trump_card`` and ``stock``), and a deal from the file;
- who won a listed trick (the checker counts each seat's cards from it);
- the card face up on the table, and whether the cards placed nowhere are a pile of
  unknown order (Briscola's stock);
- whether it reads ``carried_points`` (points of earlier tricks not listed);
- the state's captured piles and the game's own keys written back (:mod:`..export`);
- the hint on who wins the hand, in the game's words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tutorial.engine.cards import Card, Deck
from tutorial.engine.contract import GameState
from tutorial.engine.game_parts import GameParts
from tutorial.scenarios.model import Scenario
from tutorial.scenarios.position_spec import PositionSpec


@dataclass(frozen=True)
class ScenarioPart:
    """How the scenario format reads and writes one game's own fields."""

    #: A position in play: ``start_play(sc, spec, hands, taker, aside, kw)``, the hands
    #: in full, ``aside`` the unknown cards placed in the chien, discard or stock, ``kw``
    #: the keywords every game's ``start_play`` takes (dealer, ruleset, tricks...).
    start_play: Callable[
        [Scenario, PositionSpec, list[list[Card]], int | None, list[Card], dict[str, Any]],
        GameState,
    ]
    #: A hand from the deal as the file gives it: ``from_the_deal(sc, deck, ruleset,
    #: names, dealer)``.
    from_the_deal: Callable[[Scenario, Deck, Any, tuple[str, ...], int], GameState]
    #: Who won a listed trick: ``trick_winner(sc, cards, leader, players)``.
    trick_winner: Callable[[Scenario, Sequence[Card], int, int], int]
    #: The card lying face up for all, as the file writes it (None: no such card).
    face_up_card: Callable[[Scenario], str | None]
    #: Whether the game reads ``carried_points`` (the points of earlier tricks not listed).
    reads_carried_points: bool
    #: Whether the cards placed nowhere make a face-down pile of unknown order (the
    #: stock not written); their places are then the table's ``aside``.
    unlisted_pile: Callable[[Scenario], bool]
    #: Each side's pile of cards won without a trick history, from a state of the game.
    captured: Callable[[Any], Sequence[Sequence[Card]]]
    #: Writes the game's contract into a scenario's mapping: ``(state, names, data)``.
    write_contract: Callable[[Any, Sequence[str], dict[str, Any]], None]
    #: Writes the game's own keys of a file that lists the earlier tricks:
    #: ``(state, names, data, captured)``.
    write_with_tricks: Callable[
        [Any, Sequence[str], dict[str, Any], Sequence[Sequence[Card]]], None
    ]
    #: Writes the game's own keys of a file that gives the points so far.
    write_with_points: Callable[[Any, Sequence[str], dict[str, Any]], None]
    #: The message key of the hint on who wins the hand.
    hand_winner_hint: str


#: Every game's part of the scenario format.
PARTS: GameParts[ScenarioPart] = GameParts("tutorial.scenarios.games", ScenarioPart)
