"""One scenario's play in a browser session: every run so far, the one on show, and what
the page shows beside it, in one object.

The Play page keeps one :class:`ScenarioSession` per scenario (in the app's session,
``tutorial.webapp.state.PlayPart.scenarios``) and changes it only through the methods
below, each one thing a learner does, called by its controller
(``tutorial.webapp.pages.play_controller.Controller``) and the openers beside it
(``play_links``). The address (``?scenario=&step=``) is
derived from the run on show, never kept apart.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tutorial.scenarios.model import AskStep, Scenario
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
    #: The problem report's code last made: the runs it was made of, the try, the code.
    _report: tuple[tuple[Run, ...], object, str] | None = field(default=None, repr=False)

    @property
    def run(self) -> Run | None:
        """The run on show, or None before the scenario was opened."""
        if not self.history:
            return None
        return self.history[min(self.cursor, len(self.history) - 1)]

    @property
    def reviewing(self) -> bool:
        """Whether an earlier run than the last is on show."""
        return self.cursor < len(self.history) - 1

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

    def tried(self, value: object, refused: bool) -> None:
        """Remember a refused try (a problem report shows it again), forget a right one."""
        keep = refused and isinstance(value, (str, int, float, bool))
        self.last_try = value if keep else None

    def reopen(self, runs: list[Run], feedback: Feedback | None, tried: Any, exact: bool) -> None:
        """Reopened from a problem report: its runs, the last on show with its answer and
        the refused try it carried; ``exact`` when the scenario has not changed since."""
        self.restart(runs[0])
        self.history.extend(runs[1:])
        self.cursor = len(self.history) - 1
        self.feedback = feedback
        self.last_try = tried
        self.reopened = exact

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

    def report_code(self, reviewing: bool, encode: Callable[[list[Run], Any], str]) -> str:
        """The problem report's code of the step on show: ``encode(runs, tried)`` over the
        runs up to it and the refused try on show (none while reviewing), made again only
        when one of them changed (a click elsewhere on the page leaves it as it was)."""
        runs = tuple(self.history[: self.cursor + 1])
        fb = self.feedback
        tried = None if reviewing or fb is None or fb.ok else self.last_try
        kept = self._report
        if (
            kept is not None
            and kept[1] == tried
            and len(kept[0]) == len(runs)
            and all(a is b for a, b in zip(kept[0], runs, strict=True))
        ):
            return kept[2]
        code = encode(list(runs), tried)
        self._report = (runs, tried, code)
        return code

    def translate(self, scenario: Scenario, seat_names: tuple[str, ...]) -> None:
        """Runs started in another language read in ``scenario``'s from now on (a
        translation changes only the text and the seats' shown names: same steps, cards
        and answers, so a run keeps its place and swaps its scenario and names)."""
        for i, run in enumerate(self.history):
            if run.scenario is not scenario and len(run.scenario.steps) == len(scenario.steps):
                table = dataclasses.replace(run.table, seat_names=seat_names)
                self.history[i] = dataclasses.replace(run, scenario=scenario, table=table)

    def show_best_play(self, cards: int | None) -> None:
        """Show the best line up to ``cards`` cards, or stop showing it (None)."""
        self.best_play_cards = cards


__all__ = ["ScenarioSession", "outcome_due"]
