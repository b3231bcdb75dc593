"""The registry of games: each game's package registers itself on its last line.

OpenSpiel's way: the registry imports no game. ``tutorial/engine/__init__.py`` imports
the three games, so that any
``import tutorial.engine...`` leaves the registry full. Rulesets are registered beside
the game, with :func:`tutorial.engine.core.register_ruleset`.
"""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

from tutorial.engine.contract import GameState
from tutorial.engine.errors import UnknownRulesetError

_MODULES: dict[str, ModuleType] = {}
_TITLES: dict[str, str] = {}
_PLACES: dict[str, int] = {}

#: The games' names in the order the app lists them (each game gives its place).
GAMES: tuple[str, ...] = ()


def register_game(name: str, title: str, module: ModuleType, *, place: int) -> None:
    """Add a game (called once, at the end of the game's own package); ``place`` orders
    the games in every list the app shows (Belote 1, Tarot 2, Briscola 3)."""
    global GAMES
    _MODULES[name] = module
    _TITLES[name] = title
    _PLACES[name] = place
    GAMES = tuple(sorted(_MODULES, key=_PLACES.__getitem__))


def game_title(game: str) -> str:
    """The game's name as a player writes it (``French Tarot``), the same in every language."""
    game_module(game)
    return _TITLES[game]


def game_module(game: str) -> ModuleType:
    """The engine module of a game (``belote``, ``tarot``, ``briscola``).

    Raises:
        UnknownRulesetError: the game does not exist.
    """
    if game not in _MODULES:
        raise UnknownRulesetError(f"unknown game {game!r}; games: {', '.join(_MODULES)}")
    return _MODULES[game]


def player_counts(game: str) -> tuple[int, ...]:
    """How many may sit at a hand of ``game``, the usual table first (Briscola: 2, then 4)."""
    counts: tuple[int, ...] = game_module(game).PLAYER_COUNTS
    return counts


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
