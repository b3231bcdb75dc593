"""The same hand under other rules: one deal and its plays, scored under every ruleset.

A hand is its first position and the actions taken from it. Under each named ruleset of
the game, the same actions are applied again from the same position with that ruleset's
options: either the hand ends and is scored, or an action the played rules allowed is
refused, and the refusal is kept with its sentence. A game with a single named ruleset
(Tarot) is compared with each of its options set otherwise, one at a time.

Each ruleset's result names the options that differ from the rules played, and which of
them **cause** a difference: an option causes one when changing that option alone, on
the rules played, changes a side's total, the result, or refuses an action. No other
tool shows this; the engine can, because every disagreement between the sources is a
rule option of the state (``docs/rules.md``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tutorial.engine.actions import Action
from tutorial.engine.contract import GameState
from tutorial.engine.errors import IllegalActionError, InvalidStateError, TutorialError
from tutorial.engine.outcomes import HandOutcome
from tutorial.engine.rule_options import Ruleset, rulesets

__all__ = ["Replay", "UnderRuleset", "compare", "other_rulesets", "replay_under"]


@dataclass(frozen=True)
class Replay:
    """The hand replayed under one ruleset: its outcome, or the first action refused.

    ``refused_at`` is the index in the actions of the one refused (``None``: none was),
    ``refusal`` the engine's sentence for it (said to the seat that tried it: "you must
    trump"), ``refused_action`` the action itself and ``refused_seat`` the seat that tried it.
    """

    ruleset: Ruleset
    outcome: HandOutcome | None
    refused_at: int | None = None
    refused_action: Action | None = None
    refusal: str = ""
    refused_seat: int | None = None

    @property
    def finished(self) -> bool:
        """Whether every action was accepted and the hand was scored."""
        return self.outcome is not None

    def differs_from(self, other: Replay) -> bool:
        """Whether this replay ends otherwise than ``other``: a refusal, a side's total, or
        the kind of result the game's details name (Belote: made, dedans, litige)."""
        if self.outcome is None or other.outcome is None:
            return self.refused_at != other.refused_at or (self.outcome is None) != (
                other.outcome is None
            )
        mine, theirs = self.outcome, other.outcome
        kind, their_kind = mine.details.get("result"), theirs.details.get("result")
        return kind != their_kind or dict(mine.totals) != dict(theirs.totals)


@dataclass(frozen=True)
class UnderRuleset:
    """One ruleset's replay beside the rules played.

    ``differing`` lists the options (key, this value, the value played) where the two
    rulesets differ; ``causes`` those of them that alone change the hand's end.
    """

    replay: Replay
    played: bool
    differing: tuple[tuple[str, Any, Any], ...]
    causes: tuple[str, ...]

    @property
    def ruleset(self) -> Ruleset:
        """The ruleset of this replay."""
        return self.replay.ruleset


def replay_under(start: GameState, actions: Sequence[Action], ruleset: Ruleset) -> Replay:
    """The hand from ``start`` with ``actions`` applied again under ``ruleset``.

    Raises:
        InvalidStateError: ``ruleset`` is of another game, or the actions leave the hand
            unfinished under the rules it was played by.
    """
    if ruleset.game != start.game:
        raise InvalidStateError(f"a {ruleset.game} ruleset cannot score a {start.game} hand")
    state = dataclasses.replace(start, ruleset=ruleset)  # type: ignore[type-var]
    for index, action in enumerate(actions):
        try:
            state = state.apply(action)
        except IllegalActionError as refused:
            seat = state.to_move
            return Replay(ruleset, None, index, action, refused.verdict.message, seat)
    if not state.is_terminal:
        raise InvalidStateError(
            f"the hand is not over after its {len(actions)} actions under {ruleset.name}"
        )
    return Replay(ruleset, state.outcome())


def _differing(a: Ruleset, b: Ruleset) -> tuple[tuple[str, Any, Any], ...]:
    """The options (key, value in ``a``, value in ``b``) where two rulesets differ."""
    return tuple(
        (f.name, getattr(a.options, f.name), getattr(b.options, f.name))
        for f in dataclasses.fields(a.options)
        if getattr(a.options, f.name) != getattr(b.options, f.name)
    )


def compare(start: GameState, actions: Sequence[Action]) -> list[UnderRuleset]:
    """The hand under the rules it was played by (first), then under every other named
    ruleset of its game (see :func:`other_rulesets`), each with the options that cause a
    difference. A ruleset under which the first position itself cannot be scored (its
    earlier tricks given as counted points) is left out.

    Raises:
        InvalidStateError: the actions do not finish the hand under its own rules.
    """
    played_rules = start.ruleset
    played = replay_under(start, actions, played_rules)
    if not played.finished:
        raise InvalidStateError(
            f"action {played.refused_at} was refused under the rules it was played by"
        )
    out = [UnderRuleset(played, True, (), ())]
    alone: dict[tuple[str, Any], bool] = {}  # (option, value): changes the hand alone
    for other in other_rulesets(played_rules):
        try:
            replay = replay_under(start, actions, other)
        except TutorialError:
            # A position given with its earlier tricks already counted (a scenario that
            # starts late) cannot always be counted again under other card values.
            continue
        differing = _differing(other, played_rules)
        causes = []
        for key, value, _ in differing:
            if (key, value) not in alone:
                single = played_rules.with_options(**{key: value})
                try:
                    alone[(key, value)] = replay_under(start, actions, single).differs_from(played)
                except TutorialError:
                    alone[(key, value)] = True  # the position itself changes with it
            if alone[(key, value)]:
                causes.append(key)
        out.append(UnderRuleset(replay, False, differing, tuple(causes)))
    return out


def other_rulesets(played: Ruleset) -> list[Ruleset]:
    """The rulesets a hand played under ``played`` is compared with: the game's other named
    rulesets, or, for a game with one named ruleset, each other allowed value of each of
    its options, one at a time."""
    presets = rulesets(played.game)
    others = [rs for rs in presets if rs.options != played.options]
    if len(presets) > 1:
        return others
    variants = []
    for f in dataclasses.fields(played.options):
        for value in f.metadata.get("choices", ()):
            if value != getattr(played.options, f.name):
                variants.append(played.with_options(**{f.name: value}))
    return variants
