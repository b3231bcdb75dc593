"""One scenario's play in a browser session: every run so far, the one on show, and what
the page shows beside it, in one object.

The Play page keeps one :class:`ScenarioSession` per scenario (``tutorial.webapp.state``
holds them under one key) and changes it only through its controller
(``tutorial.webapp.pages.play.Controller`` and the openers beside it), which call the
methods below: each is one thing a learner does. The address (``?scenario=&step=``) is
derived from the run on show, never kept apart.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tutorial.scenarios.model import AskStep
from tutorial.scenarios.runtime import Feedback, Run


def outcome_due(run: Run) -> bool:
    """Whether the hand's score may be shown: the hand is over and no question of the
    scenario is left to answer (a score on show would answer it)."""
    if not run.state.is_terminal:
        return False
    return not any(isinstance(step, AskStep) for step in run.scenario.steps[run.step :])


@dataclass
class ScenarioSession:
    """What one scenario's play holds.

    Attributes:
        history: the runs, oldest first: one per right move (a wrong try replaces the
            run on show with one that counts the mistake).
        cursor: which run is on show (the last one unless the learner reviews).
        feedback: the answer to the last move, shown until the next one.
        hint_tier: how many hints were asked for at this step.
        revealed: presenter mode: the step's answer is on show.
        best_play_cards: how many cards of the best line are on show (None: not shown).
        last_try: the refused try on show at this step (what a problem report carries).
        reopened: reopened from a problem report: True exactly, False when the
            scenario has changed since; None when it was not.
    """

    history: list[Run] = field(default_factory=list)
    cursor: int = 0
    feedback: Feedback | None = None
    hint_tier: int = 0
    revealed: bool = False
    best_play_cards: int | None = None
    last_try: Any = None
    reopened: bool | None = None

    @property
    def started(self) -> bool:
        """Whether the scenario has a run (it was opened)."""
        return bool(self.history)

    @property
    def run(self) -> Run | None:
        """The run on show, or None before the scenario was opened."""
        if not self.history:
            return None
        return self.history[min(self.cursor, len(self.history) - 1)]

    @property
    def reviewing(self) -> bool:
        """Whether an earlier run than the last is on show."""
        return bool(self.history) and self.cursor < len(self.history) - 1

    def restart(self, first: Run) -> None:
        """Start over from ``first``: one run, nothing on show beside it."""
        self.history = [first]
        self.cursor = 0
        self.feedback = None
        self.hint_tier = 0
        self.revealed = False
        self.best_play_cards = None
        self.last_try = None
        self.reopened = None

    def moved(self, new_run: Run, feedback: Feedback, *, forward: bool) -> None:
        """The learner's move was answered: a right move (``forward``) adds ``new_run``
        after the one on show (acting while reviewing forks the history) with a fresh
        hint tier; a wrong try replaces the run on show."""
        self.best_play_cards = None
        if forward:
            del self.history[self.cursor + 1 :]
            self.history.append(new_run)
            self.cursor = len(self.history) - 1
            self.hint_tier = 0
            self.revealed = False
        elif self.history:
            self.history[self.cursor] = new_run
        self.feedback = feedback
        self.reopened = None

    def undo(self) -> None:
        """Take back the last right move."""
        self.best_play_cards = None
        if len(self.history) > 1:
            self.history.pop()
            self.cursor = len(self.history) - 1
        self.feedback = None
        self.last_try = None

    def review(self, delta: int) -> None:
        """Show the run ``delta`` steps later (earlier when negative)."""
        self.best_play_cards = None
        self.cursor = max(0, min(self.cursor + delta, len(self.history) - 1))
        self.feedback = None

    def ask_hint(self) -> None:
        """One more hint at this step (its last tier shows the answer: the run on show
        then counts the step as a wrong try for the stars)."""
        self.hint_tier += 1
        run = self.run
        if run is not None and self.hint_tier >= len(run.hint_kinds()):
            self._answer_shown(run)

    def toggle_reveal(self) -> None:
        """Presenter mode: show or hide the step's answer (shown once, it counts as a
        wrong try for the stars, as the hint's answer does)."""
        self.revealed = not self.revealed
        run = self.run
        if self.revealed and run is not None:
            self._answer_shown(run)

    def _answer_shown(self, run: Run) -> None:
        if not self.reviewing and self.history:
            self.history[self.cursor] = run.show_answer()

    def show_best_play(self, cards: int | None) -> None:
        """Show the best line up to ``cards`` cards, or stop showing it (None)."""
        self.best_play_cards = cards


__all__ = ["ScenarioSession", "outcome_due"]
