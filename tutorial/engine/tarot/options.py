"""Tarot's rule options (``TarotOptions``) and its named presets (rulesets)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutorial.engine.rule_options import Ruleset, option, register_ruleset, resolve_ruleset
from tutorial.engine.tarot.constants import GAME

EXCUSE_TO_OPPONENTS = "goes_to_opponents"
EXCUSE_TO_TRICK_WINNER = "goes_to_trick_winner"
DISCARDS_FOUR_KINGS = "four_kings"
DISCARDS_NEVER = "never"


@dataclass(frozen=True)
class TarotOptions:
    """The rule options of French Tarot; every default is seed 001's reading."""

    excuse_last_trick: str = option(
        EXCUSE_TO_OPPONENTS,
        "The Excuse played in the last trick (outside the chelem exception) goes to the "
        "other team (001), or to the team that wins that trick (many French rule books).",
        (EXCUSE_TO_OPPONENTS, EXCUSE_TO_TRICK_WINNER),
    )
    poignee_discards: str = option(
        DISCARDS_FOUR_KINGS,
        "The taker's forced, shown trump discards may count toward a triple poignée when "
        "the taker holds the four Kings (001), or never count.",
        (DISCARDS_FOUR_KINGS, DISCARDS_NEVER),
    )


DEFAULT = register_ruleset(
    GAME,
    "default",
    TarotOptions(),
    "French Tarot for four players as seed 001 states it (the French federation's rules).",
    aliases=("fft", "seed-001"),
)


def get_ruleset(ruleset: str | Ruleset = "default", **overrides: Any) -> Ruleset:
    """A Tarot ruleset by name or alias (case-insensitive), with option overrides."""
    return resolve_ruleset(GAME, ruleset, TarotOptions, **overrides)


def options_of(ruleset: Ruleset) -> TarotOptions:
    """The Tarot options of a ruleset."""
    opts = ruleset.options
    assert isinstance(opts, TarotOptions)
    return opts


def play_direction(ruleset: Ruleset) -> str:
    """Which way play goes round a drawn table: always ``counter-clockwise``."""
    return "counter-clockwise"
