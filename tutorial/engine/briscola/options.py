"""The rule options of Briscola and its named presets (registered with ``register_ruleset``).

Decision where the seed is silent:

- ``jack_over_queen``: 002 notes, from Pagat, players who "swap the roles of Q and J"
  when French cards stand in for Italian ones. In 002's table a card's role is its place
  in the rank order and its points together (the Italian knight, then the jack), so the
  swap moves both: the Jack ranks just below the King and scores 3, the Queen ranks
  below the Jack and scores 2 (A 3 K J Q 7 6 5 4 2). Totals stay 120.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutorial.engine.briscola.constants import GAME
from tutorial.engine.rule_options import Ruleset, option, register_ruleset, resolve_ruleset


@dataclass(frozen=True)
class BriscolaOptions:
    """The rule options of Briscola (seed 002)."""

    jack_over_queen: bool = option(
        False,
        "Q/J swap noted by seed 002: the Jack ranks above the Queen and scores 3, "
        "the Queen scores 2 (A 3 K J Q 7 6 5 4 2).",
        (False, True),
    )


DEFAULT = register_ruleset(
    GAME,
    "default",
    BriscolaOptions(),
    "Pagat's Briscola as seed 002 teaches it: A 3 K Q J 7 6 5 4 2; K 4, Q 3, J 2.",
    aliases=("pagat", "seed-002"),
)
QUEEN_JACK_SWAP = register_ruleset(
    GAME,
    "queen-jack-swap",
    BriscolaOptions(jack_over_queen=True),
    "The Q/J swap noted by seed 002: A 3 K J Q 7 6 5 4 2; K 4, J 3, Q 2.",
    aliases=("jack-over-queen",),
)
#: Every named preset, default first.
PRESETS: tuple[Ruleset, ...] = (DEFAULT, QUEEN_JACK_SWAP)


def get_ruleset(ruleset: str | Ruleset = "default", **overrides: Any) -> Ruleset:
    """A Briscola ruleset by name or alias (case-insensitive), with option overrides."""
    return resolve_ruleset(GAME, ruleset, BriscolaOptions, **overrides)


def play_direction(ruleset: Ruleset) -> str:
    """Which way play goes round a drawn table: always ``counter-clockwise``."""
    return "counter-clockwise"
