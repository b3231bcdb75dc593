"""The registry of games: each game's package registers its :class:`GameInfo` on its
last line.

OpenSpiel's way: the registry imports no game. ``tutorial/engine/__init__.py`` imports
the three games, so that any ``import tutorial.engine...`` leaves the registry full.
Rulesets are registered beside the game, with :func:`tutorial.engine.rule_options.register_ruleset`.

Above the engine, what a game is comes from here (:func:`game_info`), from the state's
own members (the contract, :class:`tutorial.engine.contract.GameState`) and from each
layer's own part of the game (``tutorial/<layer>/games/<game>.py``, collected by
:class:`tutorial.engine.game_parts.GameParts`): never from importing a game's package.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tutorial.engine.cards import Card, Deck, Suit
from tutorial.engine.contract import GameState
from tutorial.engine.errors import UnknownRulesetError
from tutorial.engine.notation import Notation
from tutorial.engine.rule_options import Ruleset
from tutorial.engine.seats import Seat

#: A hand's order for display: the suit shown first (the trumps) and each card's place.
HandOrder = tuple[Suit | None, Callable[[Card], int]]


@dataclass(frozen=True)
class GameInfo:
    """Everything a game says of itself before any state exists, registered once by the
    game (``register_game(GameInfo(...))`` on its package's last line)."""

    #: The game's name in code and links (``belote``).
    name: str
    #: The game's name as a player writes it (``French Tarot``), the same in every language.
    title: str
    #: Its place in every list the app shows (Belote 1, Tarot 2, Briscola 3).
    place: int
    #: The cards the game is played with.
    deck: Deck
    #: How many may sit at a hand, the usual table first (Briscola: 2, then 4).
    player_counts: tuple[int, ...]
    #: Cards each seat holds at the first trick, one fewer after each trick (None: the
    #: hands are refilled from a stock).
    first_trick_hand: int | None
    #: Cards set aside at the deal (Tarot's chien), 0 when none.
    chien_size: int
    #: The cards whose owner at the end decides the points the taker needs (Tarot's bouts).
    target_cards: frozenset[Card]
    #: Whether a side's pile of won cards is always whole tricks (not in Tarot: the
    #: discard, the Excuse).
    whole_trick_piles: bool
    #: Whether the bidding makes the sides anew each hand (Tarot: the taker against three).
    bidding_makes_sides: bool
    #: Whether a hand starts with bids.
    has_bidding: bool
    #: Whether the table shows each side's card points as they are won.
    points_on_table: bool
    #: Whether a finished hand's details give a target (``details["target"]``).
    has_target: bool
    #: The points the last trick adds to its winner's pile (Belote's dix de der).
    last_trick_bonus: float
    #: A fresh hand: ``new_hand(ruleset, *, rng=..., deal=..., dealer=..., **kw)``.
    new_hand: Callable[..., GameState]
    #: A position in play, from its hands and the game's own fields.
    start_play: Callable[..., GameState]
    #: A random hand dealt and played out over the game's fast tables (its own result:
    #: only benches and tests read it).
    playout: Callable[..., object]
    #: The order a hand is shown in, for a state of the game (``Any``: each game's
    #: function takes its own state class, which a ``GameState`` parameter would refuse).
    hand_order: Callable[[Any], HandOrder]
    #: Which way play goes round the table under a ruleset (``clockwise``...).
    play_direction: Callable[[Ruleset], str]
    #: A card's points as a trump or not, under a ruleset (None: not the game's card).
    card_points_as: Callable[..., float | None]
    #: The side of a seat, given the taker (if any).
    team_of_seat: Callable[[Seat, Seat | None], int]
    #: The taker's card points and the target, from a finished hand's details (None: no
    #: taker or no contract).
    taker_against_target: Callable[[Mapping[str, Any]], tuple[float, float] | None]
    #: Whether a bid is a pass.
    is_pass: Callable[[object], bool]
    #: How its actions other than cards are written, shown and read (its ``notation.py``).
    notation: Notation


_INFOS: dict[str, GameInfo] = {}

#: The games' names in the order the app lists them (each game gives its place).
GAMES: tuple[str, ...] = ()


def register_game(info: GameInfo) -> None:
    """Add a game (called once, at the end of the game's own package)."""
    global GAMES
    _INFOS[info.name] = info
    GAMES = tuple(sorted(_INFOS, key=lambda name: _INFOS[name].place))


def game_info(game: str) -> GameInfo:
    """What ``game`` says of itself (``belote``, ``tarot``, ``briscola``).

    Raises:
        UnknownRulesetError: the game does not exist.
    """
    info = _INFOS.get(game)
    if info is None:
        raise UnknownRulesetError(f"unknown game {game!r}; games: {', '.join(_INFOS)}")
    return info


def game_title(game: str) -> str:
    """The game's name as a player writes it (``French Tarot``), the same in every language."""
    return game_info(game).title


def player_counts(game: str) -> tuple[int, ...]:
    """How many may sit at a hand of ``game``, the usual table first (Briscola: 2, then 4)."""
    return game_info(game).player_counts


def new_hand(
    game: str, ruleset: str | Ruleset = "default", *, rng: random.Random, **kw: Any
) -> GameState:
    """A fresh hand of ``game`` dealt with ``rng`` (keywords go to the game's ``new_hand``)."""
    return game_info(game).new_hand(ruleset, rng=rng, **kw)


def random_hand(
    game: str, rng: random.Random, ruleset: str | Ruleset = "default", **kw: Any
) -> GameState:
    """Deal and play one full hand through the public state API, choosing at random."""
    state = new_hand(game, ruleset, rng=rng, **kw)
    while not state.is_terminal:
        actions = state.legal_actions()
        state = state.apply(actions[rng.randrange(len(actions))])
    return state
