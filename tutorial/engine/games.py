"""One place that maps a game's name to its module, for code that serves all three."""

from __future__ import annotations

import importlib
import random
from types import ModuleType
from typing import Any

from tutorial.engine.core import GameState
from tutorial.engine.errors import UnknownRulesetError

GAMES: tuple[str, ...] = ("belote", "tarot", "briscola")
TITLES = {"belote": "Belote", "tarot": "French Tarot", "briscola": "Briscola"}


def game_module(game: str) -> ModuleType:
    """The engine module of a game (``belote``, ``tarot``, ``briscola``).

    Raises:
        UnknownRulesetError: the game does not exist.
    """
    if game not in GAMES:
        raise UnknownRulesetError(f"unknown game {game!r}; games: {', '.join(GAMES)}")
    return importlib.import_module(f"tutorial.engine.{game}")


def new_hand(game: str, ruleset: Any = "default", *, rng: random.Random, **kw: Any) -> GameState:
    """A fresh hand of ``game`` dealt with ``rng`` (keywords go to the game's ``new_hand``)."""
    state: GameState = game_module(game).new_hand(ruleset, rng=rng, **kw)
    return state


def random_hand(game: str, rng: random.Random, ruleset: Any = "default", **kw: Any) -> GameState:
    """Deal and play one full hand through the public state API, choosing at random."""
    state = new_hand(game, ruleset, rng=rng, **kw)
    while not state.is_terminal:
        actions = state.legal_actions()
        state = state.apply(actions[rng.randrange(len(actions))])
    return state
