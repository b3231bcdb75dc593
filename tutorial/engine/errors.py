"""Error classes of the engine: one root, one class per kind of mistake.

Every message names the input and where it was (seat and trick, or file:line), so a
learner or a teacher can act on it without reading a traceback.
"""

from __future__ import annotations

from typing import Protocol


class Reason(Protocol):
    """What a refusal carries: the engine's :class:`~tutorial.engine.verdicts.Verdict` is one
    (this module sits below the engine's types, so it names only what it reads)."""

    @property
    def legal(self) -> bool: ...

    @property
    def code(self) -> str: ...

    @property
    def message(self) -> str: ...

    @property
    def rule(self) -> str: ...


class TutorialError(Exception):
    """Root of every error the tutorial raises on purpose."""


class NotationError(TutorialError, ValueError):
    """Text that is not a card (or not a card of the deck in use)."""


class IllegalActionError(TutorialError, ValueError):
    """An action (bid, discard, declaration, card) that the rules refuse here.

    ``verdict`` carries the stable reason code, the cards that force it and a sentence.
    """

    def __init__(self, verdict: Reason) -> None:
        super().__init__(verdict.message)
        self.verdict = verdict

    @property
    def code(self) -> str:
        """The stable reason code, e.g. ``must_overtrump``."""
        return self.verdict.code


class IllegalPlayError(IllegalActionError):
    """A card that may not be played now (wrong suit, must trump, not in hand...)."""


class InvalidStateError(TutorialError, ValueError):
    """An impossible position: a card in two hands, a hand of the wrong size, ..."""


class UnknownRulesetError(TutorialError, KeyError):
    """A ruleset or rule option name that does not exist, or a bad option value."""

    def __str__(self) -> str:  # KeyError quotes its argument; keep the sentence readable
        return str(self.args[0]) if self.args else ""


class ScenarioError(TutorialError, ValueError):
    """A scenario file that cannot be loaded; the message reads ``file:line:col: what``."""
