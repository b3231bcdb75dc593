"""Belote's rule options, where the seeds disagree, and the named presets (rulesets).

Every point where seeds 000, 003 and 004 differ is a field of ``BeloteOptions``; the
presets ``default``, ``seed-004``, ``seed-000`` and ``contree-discard`` are registered
with ``register_ruleset`` when this module is imported.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from tutorial.engine.belote.cards import GAME
from tutorial.engine.rule_options import (
    Ruleset,
    option,
    positive_whole_number,
    register_ruleset,
    resolve_ruleset,
)

# --- Rule options and presets (docs/rules.md §1.9) ------------------------------------------


@dataclass(frozen=True)
class BeloteOptions:
    """The rule options of Belote where the seeds disagree (defaults first)."""

    contract_basis: str = option(
        "total_strict",
        "what the contract is judged on: card points plus declarations, strictly more "
        "than the defenders (000, 003), or card points only, 81 of 162 is enough (004)",
        ("total_strict", "tricks_at_least_81"),
    )
    capot: int = option(
        250,
        "points for winning all eight tricks: 250 in all (000, 003) or 162 + 90 = 252 (004)",
        (250, 252),
    )
    tie_81: str = option(
        "litige",
        "an exact tie under contract_basis=total_strict: litige, the taker's points held "
        "for the next hand's winner (003), the taker succeeds (004), or the takers fail, a "
        "dedans (000 sections 3, 8, 11(3): they must score more); with tricks_at_least_81 "
        "a tie always succeeds",
        ("litige", "taker_succeeds", "dedans"),
    )
    direction: str = option(
        "counter-clockwise",
        "direction of play at the table, for display only: seats are numbered in playing "
        "order either way (003 counter-clockwise; 000, 004 clockwise)",
        ("counter-clockwise", "clockwise"),
    )
    rounding: str = option(
        "none",
        "round each team's hand score to tens, halves up (000: 78 and 84 both become 80); "
        "with tens the contract is judged on the exact points (000's rule), with "
        "tens_judged on the rounded ones (000 section 11: 'some versions')",
        ("none", "tens", "tens_judged"),
    )
    target: int = option(
        1000,
        "the score that ends a match (1000: 003, 000 with declarations; 500: 000 without; "
        "501, 701, 1001: 004; 2000: 003 section 8); any positive whole number is accepted",
        (1000, 500, 501, 701, 1001, 2000),
        accepts=positive_whole_number,
    )
    declaration_card_reuse: bool = option(
        False,
        "whether one card may serve in two declarations (004 says no)",
        (False, True),
    )
    cannot_overtrump: str = option(
        "must_trump",
        "an opponent's trump is winning and you cannot beat it: you must still play a "
        "trump (000 EX2), or you may discard (common in Belote Contrée)",
        ("must_trump", "may_discard"),
    )
    redeal_dealer: str = option(
        "same",
        "who deals after all four pass twice: the same dealer (004) or the next one (000)",
        ("same", "next"),
    )
    partner_winning: str = option(
        "free",
        "you cannot follow and your partner is winning: play anything (000, 003), or "
        "you must still trump but need not overtrump (004's wording)",
        ("free", "must_trump_may_undertrump"),
    )
    declarations: bool = option(
        True,
        "play with declarations (sequences and carrés); belote-rebelote counts either way",
        (True, False),
    )
    tie_at_target: str = option(
        "another_hand",
        "both teams at or over the target with equal scores: play another hand (004), or "
        "the match is a draw (000 section 12)",
        ("another_hand", "draw"),
    )
    declarations_won: str = option(
        "own",
        "what the team with the best declaration scores: its own declarations (003, 004), "
        "or every declaration made, the beaten team's too (000 section 6)",
        ("own", "all"),
    )
    dedans_declarations: str = option(
        "all",
        "the declarations on a dedans (a capot won by the defence included): the defence "
        "scores every declaration made, both teams' (000 section 11(3), 003 section 4), or "
        "only the defence's own, when they are the best; the takers' never score (004: "
        "the takers lose all their points, and the other team scores no declaration)",
        ("all", "defence_keeps_own"),
    )


DEFAULT_OPTIONS = BeloteOptions()

DEFAULT = register_ruleset(
    GAME,
    "default",
    DEFAULT_OPTIONS,
    "Classic Belote as seeds 000 and 003 teach it: declarations, contract on points "
    "with declarations (strictly more), capot 250, litige on a tie, exact points.",
    aliases=("classic", "seeds-000-003"),
)
SEED_004 = register_ruleset(
    GAME,
    "seed-004",
    dataclasses.replace(
        DEFAULT_OPTIONS,
        contract_basis="tricks_at_least_81",
        capot=252,
        tie_81="taker_succeeds",
        direction="clockwise",
        target=1001,
        partner_winning="must_trump_may_undertrump",
        dedans_declarations="defence_keeps_own",
    ),
    "The app tutorial (004): 81 trick points suffice, capot 252, game to 1001, you "
    "still trump when your partner is winning (without overtrumping), and on a dedans "
    "the takers' declarations never score.",
    aliases=("004", "app"),
)
SEED_000 = register_ruleset(
    GAME,
    "seed-000",
    dataclasses.replace(
        DEFAULT_OPTIONS,
        direction="clockwise",
        rounding="tens",
        redeal_dealer="next",
        declarations_won="all",
        tie_at_target="draw",
        tie_81="dedans",
    ),
    "Seed 000: played clockwise, scores rounded to tens, the next dealer deals after "
    "a double pass, the best declaration takes the beaten ones too, the takers must "
    "score more (a tie is a dedans), game to 1000.",
)
CONTREE_DISCARD = register_ruleset(
    GAME,
    "contree-discard",
    dataclasses.replace(DEFAULT_OPTIONS, cannot_overtrump="may_discard"),
    "As the default, but when you cannot overtrump an opponent's trump you may discard "
    "instead of undertrumping (common in Belote Contrée).",
)


def resolve(ruleset: str | Ruleset) -> Ruleset:
    """A Belote ruleset from its name or alias, or a given ``Ruleset`` checked to be Belote's."""
    return resolve_ruleset(GAME, ruleset, BeloteOptions)


def play_direction(ruleset: Ruleset) -> str:
    """Which way play goes round a drawn table (``counter-clockwise``, ``clockwise``): an option."""
    return str(ruleset.options.direction)
