"""The scenario player: the table, the learner's hand, feedback, hints, undo, review."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import streamlit as st

from tutorial.deeplink import parse_link, step_to_open
from tutorial.engine.core import Play as CardPlay
from tutorial.engine.games import GAMES
from tutorial.i18n import t, tn
from tutorial.lessons import lesson_of
from tutorial.naming import ruleset_title
from tutorial.progress import stars
from tutorial.scenarios.checker import Checked
from tutorial.scenarios.model import AskStep, Play
from tutorial.scenarios.runtime import Event, Feedback, Run, goto, start
from tutorial.ui import common, state
from tutorial.ui.inert import inert_markdown
from tutorial.ui.score_view import show_outcome
from tutorial.ui.table_component import show_table as show_component
from tutorial.ui.table_data import table_data
from tutorial.views.lessons import course, course_order

WORKSHOP_ID = "workshop"


def checked_of(sid: str) -> Checked | None:
    """The checked scenario of an id (the workshop's own, or the library's)."""
    if sid == WORKSHOP_ID:
        value: Checked | None = state.workshop_scenario()
        return value
    return common.library().get(sid)


def apply_deep_link() -> None:
    """``?scenario=…&step=…`` opens exactly there (once per distinct link)."""
    params = st.query_params
    link_sid = params.get("scenario")
    link_step = params.get("step")
    key = f"{link_sid}|{link_step}"
    if not link_sid or key == state.link_applied():
        return
    state.set_link_applied(key)
    link = parse_link(link_sid, link_step)  # pure and fuzzed: tutorial/deeplink.py
    checked = checked_of(link.scenario) if link is not None else None
    if link is None or checked is None:
        st.error(t("play.unknown_link", sid=inert_markdown(link_sid[:80])))
        return
    state.set_current_scenario(link.scenario)
    run = start(checked.scenario, checked.table)
    count = len(checked.scenario.steps)
    step = step_to_open(link, count)
    if step is None:
        shown = inert_markdown((link.step_text or "")[:20])
        st.warning(t("play.bad_step", step=shown, count=count))
    elif step:
        run = goto(run, step)
    state.reset_runs(link.scenario, run)


def _title_of(sid: str) -> str:
    checked = checked_of(sid)
    title = checked.scenario.title if checked else sid
    return ("✓ " if state.progress_of(sid).done else "") + title


def _labels(ids: list[str]) -> dict[str, str]:
    """Option label -> scenario id (titles, made unique)."""
    labels: dict[str, str] = {}
    for sid in ids:
        label = _title_of(sid)
        labels[label if label not in labels else f"{label} ({sid})"] = sid
    return labels


def _game_ids(game: str) -> list[str]:
    ids = [sid for sid, _ in common.library().by_game(game, course_order(game))]
    if state.workshop_scenario() is not None and game == getattr(
        state.workshop_scenario().scenario, "game", None
    ):
        ids.append(WORKSHOP_ID)
    return ids


def _on_game() -> None:
    ids = _game_ids(st.session_state["play_game"])
    if ids:
        state.set_current_scenario(ids[0])


def _on_pick() -> None:
    labels = _labels(_game_ids(st.session_state["play_game"]))
    sid = labels.get(st.session_state["play_pick"])
    if sid is not None:
        state.set_current_scenario(sid)


def picker() -> None:
    """The scenario list in the sidebar, kept in step with the scenario open."""
    opened = checked_of(state.current_scenario() or "")
    if opened is not None:
        st.session_state["play_game"] = opened.scenario.game
    with st.sidebar:
        st.subheader(t("play.choose"))
        game = st.selectbox(
            t("play.game"),
            GAMES,
            format_func=common.game_title,
            key="play_game",
            on_change=_on_game,
        )
        labels = _labels(_game_ids(game))
        if not labels:
            return
        current = next((n for n, s in labels.items() if s == state.current_scenario()), None)
        if current is not None:
            st.session_state["play_pick"] = current
        elif st.session_state.get("play_pick") not in labels:
            st.session_state["play_pick"] = next(iter(labels))
        st.selectbox(t("play.scenario"), list(labels), key="play_pick", on_change=_on_pick)


@dataclass(frozen=True)
class Controller:
    """The callbacks of one scenario (state changes happen here, before the redraw)."""

    sid: str
    checked: Checked

    def _after(self, new_run: Run, fb: Feedback) -> None:
        state.set_best_play_shown(self.sid, None)
        prog = state.progress_of(self.sid)
        prog.attempts += 1
        if fb.ok:
            state.push_run(self.sid, new_run)
            state.set_hint_tier(self.sid, 0)
            state.set_revealed(self.sid, False)
            if new_run.finished:
                prog.done = True
                prog.stars = max(prog.stars, stars(new_run.mistakes))
        else:
            state.replace_run(self.sid, new_run)
            prog.mistakes += 1
        state.set_feedback(self.sid, fb)
        self._sync_link(new_run.step if fb.ok else None)

    def _sync_link(self, step: int | None) -> None:
        cur = state.current_run(self.sid)
        shown = step if step is not None else (cur.step if cur else 0)
        st.query_params["scenario"] = self.sid
        st.query_params["step"] = str(shown)
        state.set_link_applied(f"{self.sid}|{shown}")

    def act(self, code: str) -> None:
        """The learner clicked a card or an action button."""
        cur = state.current_run(self.sid)
        if cur is not None:
            new_run, fb = cur.try_action(code)
            self._after(new_run, fb)
            if fb.kind in ("wrong", "illegal"):  # for the teacher's class view
                state.record_wrong(self.sid, cur.state, code)

    def discard(self, codes: str) -> None:
        """The Tarot discard, confirmed: lay the chosen cards aside one by one.

        The first card the engine refuses stops it there, with the engine's reason;
        the cards before it stay laid aside.
        """
        for code in codes.split():
            cur = state.current_run(self.sid)
            if cur is None or cur.state.phase != "discard":
                return
            self.act(f"discard {code}")
            fb = state.feedback(self.sid)
            if fb is None or not fb.ok:
                return

    def typed(self) -> None:
        """The learner typed a card, an action or an answer, and pressed Enter."""
        text = str(st.session_state.get("typed_card", "")).strip()
        st.session_state["typed_card"] = ""
        if not text:
            return
        cur = state.current_run(self.sid)
        if cur is not None and isinstance(cur.current, AskStep):
            self.answer(text)
        else:
            self.act(text)

    def answer(self, value: object) -> None:
        """The learner answered the question."""
        cur = state.current_run(self.sid)
        if cur is not None:
            self._after(*cur.answer(value))

    def hint(self) -> None:
        """One more hint tier."""
        state.set_hint_tier(self.sid, state.hint_tier(self.sid) + 1)
        state.progress_of(self.sid).hints += 1

    def show_best(self) -> None:
        """Show the best play from this step on the table, one card at a time.

        Only the picture changes: the run, the progress and the link stay as they are.
        """
        state.set_best_play_shown(self.sid, 1)

    def best_next(self) -> None:
        """The next card of the best play."""
        state.set_best_play_shown(self.sid, (state.best_play_shown(self.sid) or 0) + 1)

    def best_back(self) -> None:
        """Back to the step, as it was before the best play was shown."""
        state.set_best_play_shown(self.sid, None)

    def undo(self) -> None:
        """Back one learner move."""
        state.set_best_play_shown(self.sid, None)
        state.undo(self.sid)
        self._sync_link(None)

    def restart(self) -> None:
        """Start over."""
        state.set_best_play_shown(self.sid, None)
        state.reset_runs(self.sid, start(self.checked.scenario, self.checked.table))
        self._sync_link(None)

    def review(self, delta: int) -> None:
        """Step back and forth through the scenario's positions (the link follows)."""
        state.set_best_play_shown(self.sid, None)
        state.set_cursor(self.sid, state.cursor(self.sid) + delta)
        state.set_feedback(self.sid, None)
        self._sync_link(None)

    def reveal(self) -> None:
        """Presenter mode: show or hide the answer."""
        state.set_revealed(self.sid, not state.revealed(self.sid))


def _transcript_line(ev: Event) -> None:
    # Author text: bold and italic only, nothing that links or loads (tutorial/ui/inert.py).
    if ev.kind == "say":
        st.markdown(inert_markdown(ev.text))
    elif ev.kind == "trick":
        st.markdown(f"**{inert_markdown(ev.text)}**")
    elif ev.kind == "score":
        st.success(inert_markdown(ev.text))
    else:
        st.text(ev.text)


def show_transcript(run: Run) -> None:
    """What happened, newest first (the latest event is always in view)."""
    presenter = state.settings().presenter
    st.markdown(f"**{t('play.transcript')}** · {t('play.newest_first')}")
    with st.container(height=460 if presenter else 300, key="transcript"):
        for ev in reversed(run.transcript):
            _transcript_line(ev)


@dataclass(frozen=True)
class BestPlay:
    """The best line from a step, shown on the table up to ``shown`` cards."""

    plays: tuple[CardPlay, ...]
    shown: int

    def run(self, run: Run) -> Run:
        """A run for the picture only: the step's state with the shown cards played."""
        st_ = run.state
        for p in self.plays[: self.shown]:
            st_ = st_.apply(p.card)
        return dataclasses.replace(run, state=st_)

    def caption(self, run: Run) -> str:
        """Which card of the line is on show, and who played it."""
        p = self.plays[self.shown - 1]
        name = t("explain.you") if p.seat == run.table.learner else run.seat_name(p.seat)
        return t(
            "explain.best_caption",
            i=self.shown,
            n=len(self.plays),
            play=t("run.play_by", name=name, card=p.card.label),
        )


def best_play(run: Run, sid: str) -> BestPlay | None:
    """The best line on show for this scenario, if the learner asked for it."""
    shown = state.best_play_shown(sid)
    if not shown:
        return None
    plays = run.best_play()
    if not plays:
        return None
    return BestPlay(tuple(plays), min(shown, len(plays)))


def can_show_best(run: Run, sid: str, reviewing: bool) -> bool:
    """After a mistake at a card step whose hands are all known."""
    fb = state.feedback(sid)
    return (
        not reviewing
        and fb is not None
        and fb.kind in ("wrong", "illegal")
        and isinstance(run.current, Play)
        and run.state.phase == "play"
        and run.position_known
        and bool(run.answers())
    )


def show_best_controls(run: Run, ctl: Controller, best: BestPlay | None, reviewing: bool) -> None:
    """ "Show the best play" after a mistake; then "Next card" and "Back to the step"."""
    sid = ctl.sid
    if best is not None:
        with st.container(horizontal=True, gap="small", key="best_controls"):
            st.button(
                t("explain.best_next"),
                key="best_next",
                on_click=ctl.best_next,
                disabled=best.shown >= len(best.plays),
                type="primary",
                icon=":material/skip_next:",
            )
            st.button(
                t("explain.best_back"),
                key="best_back",
                on_click=ctl.best_back,
                icon=":material/undo:",
            )
        return
    if state.best_play_shown(sid):  # asked for, but the solver could not give it in time
        st.info(t("explain.best_unknown"))
        state.set_best_play_shown(sid, None)
    if can_show_best(run, sid, reviewing):
        st.button(
            t("explain.show_best"),
            key="show_best",
            on_click=ctl.show_best,
            icon=":material/play_circle:",
        )


def show_table(run: Run, ctl: Controller, reviewing: bool, best: BestPlay | None = None) -> None:
    """The table component: the table, the prompt, the feedback and the hand together.

    While the best play is shown, the table draws the step's position with the line's
    first cards played, in the view mode (nothing to click), its caption in the feedback.
    """
    sid = ctl.sid
    settings = state.settings()
    hist = state.history(sid)
    cur = state.cursor(sid)
    if best is not None:
        data = table_data(
            best.run(run),
            reviewing=True,
            position=(best.shown, len(best.plays)),
            four_colour=settings.four_colour,
            presenter=settings.presenter,
            explanation=best.caption(run),
            key=f"{sid}|{run.step}|{cur}|best{best.shown}",
        )
        show_component(
            data, on_card=ctl.act, on_action=ctl.act, on_answer=ctl.answer, on_discard=ctl.discard
        )
        return
    data = table_data(
        run,
        feedback=state.feedback(sid),
        hint_tier=state.hint_tier(sid),
        revealed=state.revealed(sid),
        reviewing=reviewing,
        position=(cur + 1, len(hist)),
        four_colour=settings.four_colour,
        presenter=settings.presenter,
        explanation=getattr(run, "explanation", ""),
        key=f"{sid}|{run.step}|{cur}",
    )
    show_component(
        data,
        on_card=ctl.act,
        on_action=ctl.act,
        on_answer=ctl.answer,
        on_discard=ctl.discard,
    )
    if isinstance(run.current, (Play, AskStep)) and not reviewing:
        with st.expander(t("play.fallback"), icon=":material/keyboard:"):
            st.text_input(t("play.type_card"), key="typed_card", on_change=ctl.typed)


def show_help(run: Run, ctl: Controller) -> None:
    """Hints in tiers, or the presenter's reveal button."""
    sid = ctl.sid
    if state.settings().presenter:
        if state.revealed(sid):
            st.info(inert_markdown(run.hint(2)))
        label = t("play.hide") if state.revealed(sid) else t("play.reveal")
        st.button(label, key="reveal", on_click=ctl.reveal)
        return
    tier = state.hint_tier(sid)
    for i in range(min(tier, 3)):
        st.info(inert_markdown(run.hint(i)), icon=":material/lightbulb:")
    if tier < 3:
        st.button(t("play.hint"), key="hint", on_click=ctl.hint)


def show_review(ctl: Controller, run: Run, reviewing: bool) -> None:
    """Undo / restart, and stepping through a finished scenario."""
    sid = ctl.sid
    hist = state.history(sid)
    cur = state.cursor(sid)
    with st.container(horizontal=True, gap="small", key="controls"):
        st.button(t("play.undo"), key="undo", on_click=ctl.undo, disabled=len(hist) < 2)
        st.button(t("play.restart"), key="restart", on_click=ctl.restart)
        if len(hist) > 1 and (run.finished or reviewing):
            st.button(
                t("play.back"),
                key="review_back",
                on_click=ctl.review,
                args=(-1,),
                disabled=cur == 0,
            )
            st.button(
                t("play.forward"),
                key="review_fwd",
                on_click=ctl.review,
                args=(1,),
                disabled=cur >= len(hist) - 1,
            )


def show_end(ctl: Controller, run: Run) -> None:
    """The end of a scenario: stars, what was learnt, the next scenario, the lesson."""
    sid = ctl.sid
    n = stars(run.mistakes)
    st.markdown(
        f"### {'★' * n}{'☆' * (3 - n)}",
        help=t("play.stars_help"),
    )
    st.success(
        t("play.finished")
        if run.mistakes == 0
        else t("play.finished_mistakes", tries=tn("plural.wrong_tries", run.mistakes))
    )
    if ctl.checked.scenario.summary:
        st.markdown(f"**{t('play.learnt')}** {inert_markdown(ctl.checked.scenario.summary)}")
    found = lesson_of(sid, course(state.settings().language)[0])
    with st.container(horizontal=True, gap="small", key="end_nav"):
        if found is not None:
            lesson, index = found
            ids = lesson.model.scenarios
            nxt = next((s for s in ids[index + 1 :] if s in common.library().scenarios), None)
            if nxt is not None:
                st.button(
                    t("play.next"),
                    key="end_next",
                    type="primary",
                    on_click=common.open_scenario,
                    args=(nxt,),
                    icon=":material/arrow_forward:",
                )
            st.page_link(
                common.LESSONS_PAGE,
                label=t("play.back_to_lesson", title=inert_markdown(lesson.model.title)),
                icon=":material/school:",
                query_params={"lesson": lesson.id},
            )


_WARM_UP = {"data": [{"type": "bar", "x": [0], "y": [0]}], "layout": {"height": 10}}


def warm_up_charts() -> None:
    """A hidden, constant chart: the browser loads the chart library while the learner
    plays, so the score charts at the end of the hand draw at once.

    (Streamlit loads its chart code the first time a chart is shown; on this machine that
    took most of the last card's second.) It stays on the page while the hand is played:
    sent only once, it would leave the page before the library had loaded; kept, it is
    the same figure at every rerun and costs a click next to nothing (measured).
    """
    with st.container(key="chart_warm_up"):
        st.plotly_chart(_WARM_UP, key="warm_up_chart", config={"staticPlot": True})


def _link(sid: str, step: int) -> str:
    """The full address of a step (what the learner can copy and share)."""
    try:
        base = str(st.context.url or "").split("?")[0]
    except Exception:
        base = ""
    if not base:
        return f"/play?scenario={sid}&step={step}"
    if not base.rstrip("/").endswith("/play"):
        base = base.rstrip("/") + "/play"
    return f"{base}?scenario={sid}&step={step}"


def main() -> None:
    """The page."""
    apply_deep_link()
    picker()
    sid = state.current_scenario()
    if sid is None:  # no link, no choice yet: open the first scenario of the course
        first = next(iter(_game_ids(st.session_state.get("play_game", GAMES[0]))), None)
        if first is not None:
            state.set_current_scenario(first)
            sid = first
    checked = checked_of(sid) if sid else None
    if sid is None or checked is None:
        st.title(t("app.nav_play"))
        st.info(t("play.choose"))
        return
    if not state.history(sid):
        state.reset_runs(sid, start(checked.scenario, checked.table))
    run = state.current_run(sid)
    if run is None:  # pragma: no cover - reset_runs just made one
        return
    ctl = Controller(sid, checked)
    sc = checked.scenario
    hist = state.history(sid)
    reviewing = state.cursor(sid) < len(hist) - 1

    st.title(inert_markdown(sc.title))
    meta = t(
        "play.meta",
        game=common.game_title(sc.game),
        level=sc.level,
        rules=ruleset_title(sc.game, run.state.ruleset.name),
    )
    st.caption(meta if sid != WORKSHOP_ID else f"{meta} · {t('play.workshop_source')}")

    best = best_play(run, sid) if not reviewing else None
    left, right = st.columns([3, 2], gap="medium")
    with left:
        show_table(run, ctl, reviewing, best)
    with right:
        if run.finished and not reviewing:
            show_end(ctl, run)
        elif sc.summary:
            st.markdown(inert_markdown(sc.summary))
        if not run.finished and not reviewing:
            show_best_controls(run, ctl, best, reviewing)
            show_help(run, ctl)
        show_review(ctl, run, reviewing)
        show_transcript(run)
    if run.state.is_terminal:
        st.subheader(t("play.score_title"))
        show_outcome(run.state, run.table, key_prefix="play")
    else:
        warm_up_charts()
    st.caption(t("play.link_line", link=_link(sid, run.step)))
