"""The Play page's controller: the callbacks of one scenario. State changes happen here,
before the redraw, through the methods of the scenario's
:class:`~tutorial.webapp.scenario_session.ScenarioSession`; what a move leaves (the
progress, the review deck, the class view's wrong cards) is
:func:`tutorial.course.recorder.record_move`'s."""

from __future__ import annotations

from dataclasses import dataclass

from tutorial.course.recorder import Move, with_hint
from tutorial.scenarios.checker import Checked
from tutorial.scenarios.model import AskStep
from tutorial.scenarios.runtime import Feedback, Run, start
from tutorial.webapp import state
from tutorial.webapp.pages.play_links import sync_link
from tutorial.webapp.scenario_session import ScenarioSession
from tutorial.webapp.state import TYPED_CARD


@dataclass(frozen=True)
class Controller:
    """The callbacks of one scenario (state changes happen here, before the redraw)."""

    sid: str
    checked: Checked

    @property
    def session(self) -> ScenarioSession:
        """The scenario's play in this session (the one object the controller changes)."""
        return state.scenario_session(self.sid)

    def _moved(self, before: Run, new_run: Run, fb: Feedback, tried: object, card: bool) -> None:
        """A move was judged: its record kept, the play moved on, the address following."""
        play = self.session
        state.keep_move(
            Move(self.sid, before, new_run, fb, tried, card=card, hinted=play.hint_tier > 0)
        )
        play.moved(new_run, fb, forward=fb.ok)
        state.session().links.message = None
        sync_link(self.sid, new_run.step if fb.ok else None)
        play.tried(tried, refused=not fb.ok)

    def act(self, code: str) -> None:
        """The learner clicked a card or an action button."""
        cur = self.session.run
        if cur is not None:
            new_run, fb = cur.try_action(code)
            self._moved(cur, new_run, fb, code, card=True)

    def discard(self, codes: str) -> None:
        """The Tarot discard, confirmed: lay the chosen cards aside one by one.

        The first card the engine refuses stops it there, with the engine's reason;
        the cards before it stay laid aside.
        """
        for code in codes.split():
            cur = self.session.run
            if cur is None or cur.state.phase != "discard":
                return
            self.act(f"discard {code}")
            fb = self.session.feedback
            if fb is None or not fb.ok:
                return

    def typed(self) -> None:
        """The learner typed a card, an action or an answer, and pressed Enter."""
        text = str(state.widget(TYPED_CARD, "")).strip()
        state.set_widget(TYPED_CARD, "")
        if not text:
            return
        cur = self.session.run
        if cur is not None and isinstance(cur.current, AskStep):
            self.answer(text)
        else:
            self.act(text)

    def answer(self, value: object) -> None:
        """The learner answered the question."""
        cur = self.session.run
        if cur is not None:
            new_run, fb = cur.answer(value)
            self._moved(cur, new_run, fb, value, card=False)

    def hint(self) -> None:
        """One more hint tier."""
        self.session.ask_hint()
        app = state.session()
        app.put_progress(self.sid, with_hint(app.progress_of(self.sid)))

    def show_best(self) -> None:
        """Show the best play from this step on the table, one card at a time.

        Only the picture changes: the run, the progress and the link stay as they are.
        """
        self.session.show_best_play(1)

    def best_next(self) -> None:
        """The next card of the best play."""
        self.session.show_best_play((self.session.best_play_cards or 0) + 1)

    def best_back(self) -> None:
        """Back to the step, as it was before the best play was shown."""
        self.session.show_best_play(None)

    def undo(self) -> None:
        """Back one learner move."""
        self.session.undo()
        sync_link(self.sid, None)

    def restart(self) -> None:
        """Start over."""
        self.session.restart(start(self.checked.scenario, self.checked.table))
        sync_link(self.sid, None)

    def review(self, delta: int) -> None:
        """Step back and forth through the scenario's positions (the link follows)."""
        self.session.review(delta)
        sync_link(self.sid, None)

    def reveal(self) -> None:
        """Presenter mode: show or hide the answer."""
        self.session.toggle_reveal()
