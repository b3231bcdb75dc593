"""Playing a scenario: the learner's side of the steps, shared by the app and the checker.

A :class:`Run` is immutable; every learner action returns a new run plus the feedback
to show. The app keeps a list of runs for undo and for stepping through a finished
scenario (each run keeps the explanation of the move that led to it); the checker
drives the same code along the scenario's answers.

Feedback explains: a right move or answer says "Correct." followed by the author's
explanation or, without one, the engine's; a wrong answer first gets the engine's
reasoning without the answer, then (from the second wrong try at the same question)
the whole reasoning and the answer (see :mod:`tutorial.scenarios.reasons`); a count's
wrong number that one habit makes exactly (the last trick's bonus left out, a tie taken
for a win...) is named before both (:mod:`tutorial.scenarios.count_reasons`).

Steps: ``say`` (narration) and ``auto`` (other seats act) and ``expect`` (checker
only) run by themselves; ``play`` and ``ask`` wait for the learner.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from tutorial.analysis import explain
from tutorial.analysis.explain import DEFAULT_COST_SECONDS, Cost, card_cost, cost_sentence
from tutorial.analysis.solver import DEFAULT_NODE_BUDGET, SearchBudget
from tutorial.engine.actions import Action
from tutorial.engine.cards import Card
from tutorial.engine.contract import GameState
from tutorial.engine.errors import IllegalActionError, NotationError, TutorialError
from tutorial.engine.outcomes import Play, TrickResult
from tutorial.engine.seats import seat_names
from tutorial.engine.verdicts import Verdict
from tutorial.language.i18n import t
from tutorial.scenarios import actions
from tutorial.scenarios.model import Ask, AskStep, Auto, ExpectStep, PlayStep, Say, Scenario
from tutorial.scenarios.reasons import (
    answer_label,
    ask_reasoning,
    given_label,
    speak,
    trick_event_text,
)
from tutorial.scenarios.sides import normalise_answer, result_text, same_answer
from tutorial.scenarios.table import Table

#: The hint tiers (``Run.hint_kinds``): a nudge, the legal cards (or a question's
#: reasoning), the answer.
HINT_NUDGE, HINT_LEGAL, HINT_ANSWER = "nudge", "legal", "answer"

#: Questions whose answer the transcript would give away if shown at once.
SECRET_KINDS = frozenset({"trick_winner", "trick_points"})

FeedbackKind = Literal["illegal", "wrong", "right", "invalid", "answer_right", "answer_wrong"]


@dataclass(frozen=True)
class Event:
    """Something that happened at the table (shown in the transcript)."""

    kind: Literal["say", "action", "trick", "answer", "score"]
    text: str
    seat: int | None = None
    action: str | None = None
    trick: TrickResult | None = None


@dataclass(frozen=True)
class Feedback:
    """What the learner is told after trying an action or answering a question."""

    kind: FeedbackKind
    message: str
    verdict: Verdict | None = None
    forcing: tuple[Card, ...] = ()
    events: tuple[Event, ...] = ()
    #: The message opens with its own verdict (the author's sentence, or the runtime's
    #: "legal, but not the best"): a view adds no heading of its own before it.
    headed: bool = False
    #: A wrong legal card's exact cost with best play, when every hand is known.
    cost: Cost | None = None
    #: The message without its lead-in ("Correct.", "Not quite: … is not the answer."),
    #: for a view that shows its own heading: the explanation of a right move or answer,
    #: the reasoning (and, from the second wrong try, the answer) of a wrong answer.
    explanation: str = ""
    #: A card the step does not ask for that keeps as much as its answer with best play
    #: (the message says it ends the same way): refused, but no mistake.
    as_good: bool = False
    #: The action the learner tried, as the engine read it (None: an answer to a
    #: question, or a text the engine could not read), for whatever records the try.
    action: Action | None = None

    @property
    def ok(self) -> bool:
        """Whether the learner's move was the right one."""
        return self.kind in ("right", "answer_right")

    @property
    def mistake(self) -> bool:
        """Whether the try counts as a wrong try (for the stars, the progress, the review
        deck): refused or wrong, and not a card as good as the answer."""
        return self.kind in ("illegal", "wrong", "answer_wrong") and not self.as_good


@dataclass(frozen=True)
class PlayReading:
    """A ``play`` step's texts read once, for the position it is played in: its accepted
    actions and the author's sentences by action (the step's own notation is parsed
    when the step is reached, not at every try)."""

    #: The step's index in the scenario, and the state it was read for.
    step: int
    state: GameState
    #: Every action is accepted (``accept: any``).
    accept_any: bool
    #: The accepted actions, in the author's order.
    accepted: tuple[Action, ...]
    #: Their canonical codes.
    accepted_codes: frozenset[str]
    #: The author's sentence for a wrong action, by the action's code.
    feedback: Mapping[str, str]

    @property
    def answers(self) -> list[Card]:
        """The accepted cards ([] for ``any`` or an accepted bid)."""
        return [a for a in self.accepted if isinstance(a, Card)]


def read_play(state: GameState, step: PlayStep, index: int) -> PlayReading:
    """``step``'s texts read for ``state`` (a text the engine cannot read is left out: the
    checker refuses such a scenario)."""
    accept_any = step.play.accept == "any"
    accepted: list[Action] = []
    if not accept_any:
        for text in step.play.accept:
            try:
                accepted.append(actions.parse(state, text))
            except TutorialError:
                continue
    feedback: dict[str, str] = {}
    for key, text in step.play.feedback.items():
        try:
            feedback.setdefault(actions.code(actions.parse(state, key)), text)
        except TutorialError:
            continue
    return PlayReading(
        index,
        state,
        accept_any,
        tuple(accepted),
        frozenset(actions.code(a) for a in accepted),
        feedback,
    )


@dataclass(frozen=True)
class Run:
    """A scenario in progress: the table, the engine state and the step reached."""

    scenario: Scenario
    table: Table
    state: GameState
    step: int = 0  # index of the next step to run
    transcript: tuple[Event, ...] = ()
    mistakes: int = 0
    answered: tuple[int, ...] = field(default_factory=tuple)
    pending: tuple[Event, ...] = ()  # trick results held back until a question is answered
    #: The explanation of the move or answer that led to this run ("" at the start):
    #: the player shows it again when the learner steps back through the scenario.
    explanation: str = ""
    #: Wrong tries at the current step (0 again once the learner gets past it).
    wrong_here: int = 0
    #: Every action applied since the table's first position, in order (the hand can be
    #: replayed from ``table.state``, as under other rules).
    actions: tuple[Action, ...] = ()
    #: The steps whose answer was shown to the learner before they gave it (the hint's
    #: last tier, the presenter's "show the answer"): each counts as a wrong try for the
    #: stars.
    answers_shown: tuple[int, ...] = ()
    #: Whether the learner played every step from the first: a run where steps were
    #: taken for them (a link to a later step, a review card's step) is no scenario run,
    #: and its end earns no stars.
    whole: bool = True
    #: The current ``play`` step read once when it was reached (see :meth:`reading`).
    play_reading: PlayReading | None = field(default=None, compare=False, repr=False)

    # --- where we are ---------------------------------------------------------------

    @property
    def finished(self) -> bool:
        """All steps done."""
        return self.step >= len(self.scenario.steps)

    @property
    def current(self) -> Any:
        """The step waiting for the learner (a ``PlayStep`` or ``AskStep``), or None."""
        return None if self.finished else self.scenario.steps[self.step]

    @property
    def waiting_for(self) -> Literal["play", "ask", "done"]:
        """What the learner must do next."""
        cur = self.current
        if isinstance(cur, PlayStep):
            return "play"
        if isinstance(cur, AskStep):
            return "ask"
        return "done"

    def seat_name(self, seat: int | None) -> str:
        """The display name of a seat."""
        return self.table.seat_names[seat] if seat is not None else "-"

    # --- moving ---------------------------------------------------------------------

    def advance(self) -> Run:
        """Run the automatic steps (say, auto, expect) up to the next learner step."""
        run = self
        while not run.finished:
            step = run.scenario.steps[run.step]
            if isinstance(step, Say):
                run = dataclasses.replace(
                    run, step=run.step + 1, transcript=(*run.transcript, Event("say", step.say))
                )
            elif isinstance(step, Auto):
                run = run._auto(step)
            elif isinstance(step, ExpectStep):
                run = dataclasses.replace(run, step=run.step + 1)
            else:
                break
        step = run.current
        if isinstance(step, AskStep) and step.ask.kind in SECRET_KINDS:
            # Do not give the answer away: hold the last trick's result until answered
            # (narration may stand between the trick and the question).
            idx = next(
                (
                    i
                    for i in range(len(run.transcript) - 1, -1, -1)
                    if run.transcript[i].kind in ("trick", "answer")
                ),
                None,
            )
            if idx is not None and run.transcript[idx].kind == "trick":
                held = run.transcript[idx]
                rest = run.transcript[:idx] + run.transcript[idx + 1 :]
                run = dataclasses.replace(run, transcript=rest, pending=(*run.pending, held))
        if (
            run.finished
            and run.state.is_terminal
            and not any(e.kind == "score" for e in run.transcript)
        ):
            text = result_text(run.table, run.state)
            run = dataclasses.replace(run, transcript=(*run.transcript, Event("score", text)))
        if isinstance(step, PlayStep):
            run = dataclasses.replace(run, play_reading=read_play(run.state, step, run.step))
        return run

    def reading(self) -> PlayReading | None:
        """The current ``play`` step read for this position (None: no such step): the one
        read when the step was reached, or read now for a run made another way."""
        step = self.current
        if not isinstance(step, PlayStep):
            return None
        kept = self.play_reading
        if kept is not None and kept.step == self.step and kept.state is self.state:
            return kept
        return read_play(self.state, step, self.step)

    def _auto(self, step: Auto) -> Run:
        run = self
        for text in actions.split(step.auto):
            run, _ = run._apply_text(text)
        return dataclasses.replace(run, step=run.step + 1)

    def _apply_text(self, text: str) -> tuple[Run, tuple[Event, ...]]:
        """Apply one action in notation for the seat to move; raises on a bad one."""
        return self._apply(actions.parse(self.state, text))

    def _apply(self, action: Action) -> tuple[Run, tuple[Event, ...]]:
        """Apply one action (parsed) for the seat to move; raises on an illegal one."""
        state = self.state
        seat = state.to_move
        before = len(state.tricks)
        with seat_names(self.table.seat_names):  # the engine's sentences name the seats
            new_state = state.apply(action)
        shown = actions.public_label(action, seat == self.table.learner)
        events: list[Event] = [
            Event(
                "action",
                t("run.action", name=self.seat_name(seat), action=shown),
                seat,
                actions.code(action),
            )
        ]
        for trick in new_state.tricks[before:]:
            text = trick_event_text(self.table, trick)
            events.append(Event("trick", text, trick.winner, trick=trick))
        run = dataclasses.replace(
            self,
            state=new_state,
            transcript=(*self.transcript, *events),
            actions=(*self.actions, action),
        )
        return run, tuple(events)

    def try_action(self, text: str) -> tuple[Run, Feedback]:
        """The learner tries an action (a card code, or a bid...). Returns the new run.

        Illegal or wrong tries leave the table as it was (the mistake is counted).
        """
        step = self.current
        if not isinstance(step, PlayStep):
            return self, Feedback("invalid", t("run.nothing_to_play"))
        try:
            action = actions.parse(self.state, text)
        except (NotationError, IllegalActionError) as e:
            return self, Feedback("invalid", str(e))
        with seat_names(self.table.seat_names):
            verdict = self.state.explain(action)
        if not verdict.legal:
            message = speak(self.table, verdict.message)
            fb = Feedback("illegal", message, verdict, verdict.forcing, action=action)
            return self._missed(), fb
        code = actions.code(action)
        reading = self.reading()
        assert reading is not None  # the current step is a play step
        if not (reading.accept_any or code in reading.accepted_codes):
            author = reading.feedback.get(code)
            cost = self.cost_of(action) if isinstance(action, Card) else None
            computed = ""
            if cost is not None and (cost.lost > 0 or not author):
                # Nothing lost: said only without the author's sentence (which gives the
                # reason this step asks for another card); never contradicted.
                computed = cost_sentence(cost, self.table.seat_names, self.table.learner)
            if author and computed:
                msg = t("explain.after_author", author=author, cost=computed)
            elif author or computed:
                msg = author or computed
            else:
                msg = (
                    t("run.legal_not_best")
                    if isinstance(action, Card)
                    else t("run.legal_not_best_action")
                )
            # The author's sentence and the runtime's own say the verdict themselves; a
            # computed cost alone gets the view's heading ("Legal, but not the best here.").
            as_good = cost is not None and cost.lost <= 0
            headed = bool(author) or not computed or as_good
            # A card the message calls as good as the answer is no mistake: the learner
            # is asked for the step's own card, and nothing counts against them.
            run = self if as_good else self._missed()
            fb = Feedback(
                "wrong", msg, verdict, headed=headed, cost=cost, as_good=as_good, action=action
            )
            return run, fb
        explanation = step.play.explain or speak(self.table, verdict.message)
        run, events = self._apply(action)  # the text was parsed once, above
        run = dataclasses.replace(run, step=run.step + 1).advance()
        run = dataclasses.replace(run, explanation=explanation, wrong_here=0)
        new_events = run.transcript[len(self.transcript) :]
        return run, Feedback(
            "right",
            _correct(explanation),
            verdict,
            (),
            tuple(new_events) or events,
            explanation=explanation,
            action=action,
        )

    @property
    def position_known(self) -> bool:
        """Whether every hand is known here: given by the author, or the unknown cards
        pinned down (all in one hand, so the checker's placement is the only one)."""
        unknown = [s for s, cards in self.table.unknown.items() if cards]
        return not unknown or (len(unknown) == 1 and not self.table.aside)

    def answers(self) -> list[Card]:
        """The current ``play`` step's accepted cards ([] for 'any', bids, or no step)."""
        reading = self.reading()
        return reading.answers if reading is not None else []

    def cost_of(
        self,
        card: Card,
        *,
        seconds: float = DEFAULT_COST_SECONDS,
        node_budget: int = DEFAULT_NODE_BUDGET,
        clock: Callable[[], float] | None = None,
    ) -> Cost | None:
        """What ``card`` costs compared with the step's best answer, with best play
        (None: hands not all known, no card answer, or the solver past its budget:
        ``seconds`` on ``clock``, by default the solver's ``CLOCK``)."""
        answers = self.answers()
        if not answers or not self.position_known or self.state.phase != "play":
            return None
        return card_cost(
            self.state, card, answers, seconds=seconds, node_budget=node_budget, clock=clock
        )

    def best_play(
        self,
        *,
        seconds: float = 2 * DEFAULT_COST_SECONDS,
        node_budget: int = DEFAULT_NODE_BUDGET,
        clock: Callable[[], float] | None = None,
    ) -> list[Play] | None:
        """The best line from here: the step's best accepted card, then best play by
        every seat to the end of the hand (None when it cannot be computed in time:
        ``seconds`` on ``clock``, by default the solver's ``CLOCK``)."""
        answers = self.answers()
        if not answers or not self.position_known or self.state.phase != "play":
            return None
        budget = SearchBudget.of(node_budget, seconds, clock)
        vals = explain.values(
            self.state, seconds=seconds, node_budget=node_budget, clock=budget.clock
        )
        if not vals:
            return None
        ranked = [a for a in answers if a in vals]
        if not ranked or self.state.to_move is None:
            return None
        ref = max(ranked, key=lambda c: (vals[c], -ranked.index(c)))
        rest = explain.line(
            self.state.apply(ref),
            seconds=budget.seconds_left(),
            node_budget=node_budget,
            clock=budget.clock,
        )
        if rest is None:
            return None
        return [Play(self.state.to_move, ref), *rest]

    def _missed(self) -> Run:
        """This run after a wrong try: same table, one more mistake."""
        return dataclasses.replace(self, mistakes=self.mistakes + 1, wrong_here=self.wrong_here + 1)

    def show_answer(self) -> Run:
        """This run once the current step's answer is on show (a hint's last tier, the
        presenter's reveal): the step counts as a wrong try for the stars, once."""
        if self.finished or self.step in self.answers_shown:
            return self
        return dataclasses.replace(self, answers_shown=(*self.answers_shown, self.step))

    @property
    def wrong_for_stars(self) -> int:
        """What the stars count: the wrong tries and the steps whose answer was shown."""
        return self.mistakes + len(self.answers_shown)

    def answer(self, value: Any) -> tuple[Run, Feedback]:
        """The learner answers the current question."""
        step = self.current
        if not isinstance(step, AskStep):
            return self, Feedback("invalid", t("run.no_question"))
        expected = step.ask.answer
        ask = step.ask
        reasoning = ask_reasoning(self.table, self.state, ask, given=value)
        if same_answer(
            normalise_answer(self.table, ask, value), normalise_answer(self.table, ask, expected)
        ):
            explanation = ask.explain or reasoning.full
            answered = t("run.answer_event", question=ask.question, answer=answer_label(expected))
            run = dataclasses.replace(
                self,
                step=self.step + 1,
                answered=(*self.answered, self.step),
                transcript=(*self.transcript, Event("answer", answered), *self.pending),
                pending=(),
            ).advance()
            run = dataclasses.replace(run, explanation=explanation, wrong_here=0)
            return run, Feedback("answer_right", _correct(explanation), explanation=explanation)
        given = given_label(value)
        if self.wrong_here == 0:
            # First wrong try: the way to the answer, not the answer (and the habit behind
            # the wrong number, when it matches one exactly).
            hint = _diagnosed(reasoning.diagnosis, reasoning.hint or _ask_fallback(self.state, ask))
            detail = t("run.detail_hint", hint=hint)
            message = t("run.answer_wrong", value=given, detail=detail)
        else:
            # Again: the whole reasoning, and the answer to give.
            why = _diagnosed(reasoning.diagnosis, ask.explain or reasoning.full)
            answer = answer_label(expected)
            if why:
                detail = t("run.detail_answer_why", why=why, answer=answer)
            else:
                detail = t("run.detail_answer", answer=answer)
            message = t("run.answer_wrong_again", value=given, detail=detail)
        return self._missed(), Feedback("answer_wrong", message, explanation=detail)

    def solve_current(self) -> Run:
        """Take the scenario's own answer for the current step (deep links, 'show me'):
        the run is no longer the learner's whole play (``whole``)."""
        return dataclasses.replace(self._solved(), whole=False)

    def _solved(self) -> Run:
        step = self.current
        if isinstance(step, PlayStep):
            if step.play.accept == "any":
                legal = self.state.legal_actions()
                if not legal:
                    raise TutorialError("no legal action at a play step")
                text = actions.code(legal[0])
            else:
                text = step.play.accept[0]
            run, fb = self.try_action(text)
            if not fb.ok:
                raise TutorialError(f"the scenario's own answer {text!r} was refused: {fb.message}")
            return run
        if isinstance(step, AskStep):
            run, _ = self.answer(step.ask.answer)
            return run
        return self.advance()

    def hint_kinds(self) -> tuple[str, ...]:
        """The hint tiers of the current step, in the order they are asked: a nudge, the
        legal cards (a question: the engine's reasoning), the answer. A card to play
        where every card in hand may be played (Briscola) has no legal cards' tier."""
        step = self.current
        if isinstance(step, PlayStep) and self.state.legal_plays() and self.state.any_card_playable:
            return (HINT_NUDGE, HINT_ANSWER)
        return (HINT_NUDGE, HINT_LEGAL, HINT_ANSWER)

    def hint(self, tier: int) -> str:
        """The words of hint ``tier`` (0 for the first: see ``hint_kinds``; past the last
        tier, the answer)."""
        kinds = self.hint_kinds()
        kind = kinds[min(tier, len(kinds) - 1)]
        step = self.current
        if isinstance(step, AskStep):
            ask = step.ask
            if kind == HINT_NUDGE:
                return t("run.hint_ask_look")
            reasoning = ask_reasoning(self.table, self.state, ask)
            if kind == HINT_LEGAL:
                return reasoning.hint or _ask_fallback(self.state, ask)
            why = ask.explain or reasoning.full
            key = "run.hint_answer_why" if why else "run.hint_answer"
            return t(key, answer=answer_label(ask.answer), why=why)
        if not isinstance(step, PlayStep):
            return ""
        if kind == HINT_NUDGE:
            return step.play.hints[0] if step.play.hints else t("run.hint_rule")
        if kind == HINT_LEGAL:
            legal = self.state.legal_plays() or self.state.legal_actions()
            return t(
                "run.hint_legal",
                cards=t("common.cards.separator").join(actions.label(a) for a in legal),
            )
        if step.play.accept == "any":
            return t("run.hint_any")
        reading = self.reading()
        accepted = reading.accepted if reading is not None else ()
        answers = ", ".join(actions.label(a) for a in accepted)
        return t("run.hint_play_answer", answer=answers)


def _ask_fallback(state: GameState, ask: Ask) -> str:
    """The way to an answer when the engine has no hint of its own: for a score settled
    between the seats (Tarot's), the settlement's steps (no card is counted there);
    otherwise, the rule and the cards."""
    if ask.kind == "score" and state.scores_by_seat:
        return t("run.hint_ask_settlement")
    return t("run.hint_ask_count")


def _diagnosed(diagnosis: str, rest: str) -> str:
    """The diagnosis of a wrong number before the rest of the feedback (either may be "")."""
    if diagnosis and rest:
        return t("run.diagnosis_with", diagnosis=diagnosis, rest=rest)
    return diagnosis or rest


def _correct(explanation: str) -> str:
    """ "Correct." and the explanation (never "Right": a Belote seat is called Right)."""
    return t("run.correct_why", why=explanation) if explanation else t("run.correct")


def start(scenario: Scenario, table: Table) -> Run:
    """A run at the start of a scenario, automatic steps done."""
    return Run(scenario, table, table.state).advance()


def goto(run: Run, step: int) -> Run:
    """Restart and take the scenario's own answers up to ``step`` (for deep links)."""
    r = start(run.scenario, run.table)
    while not r.finished and r.step < step:
        r = r.solve_current()
    return r


__all__: Sequence[str] = ["Event", "Feedback", "PlayReading", "Run", "goto", "read_play", "start"]
