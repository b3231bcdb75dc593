"""The scenario player: the table, the learner's hand, feedback, hints, undo, review."""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from tutorial.engine import tarot
from tutorial.engine.cards import Card
from tutorial.engine.games import GAMES
from tutorial.i18n import t
from tutorial.scenarios import actions
from tutorial.scenarios.checker import Checked
from tutorial.scenarios.model import AskStep, Play
from tutorial.scenarios.runtime import Feedback, Run, goto, start
from tutorial.scenarios.sides import side_labels
from tutorial.ui import common, state
from tutorial.ui.score_view import show_outcome
from tutorial.ui.svg import Highlight, table_summary, table_svg
from tutorial.ui.view import card_label, sort_hand, table_view
from tutorial.views.lessons import course_order

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
    link = f"{link_sid}|{link_step}"
    if not link_sid or link == state.link_applied():
        return
    state.set_link_applied(link)
    checked = checked_of(link_sid)
    if checked is None:
        st.error(t("play.unknown_link", sid=link_sid))
        return
    state.set_current_scenario(link_sid)
    run = start(checked.scenario, checked.table)
    if link_step is not None:
        step = int(link_step) if link_step.isdigit() else -1
        if 0 <= step <= len(checked.scenario.steps):
            run = goto(run, step)
        else:
            st.warning(t("play.bad_step", step=link_step, count=len(checked.scenario.steps)))
    state.reset_runs(link_sid, run)


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
        prog = state.progress_of(self.sid)
        prog.attempts += 1
        if fb.ok:
            state.push_run(self.sid, new_run)
            state.set_hint_tier(self.sid, 0)
            state.set_revealed(self.sid, False)
            prog.done = prog.done or new_run.finished
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
            self._after(*cur.try_action(code))

    def typed(self) -> None:
        """The learner typed a card and pressed Enter."""
        text = str(st.session_state.get("typed_card", "")).strip()
        st.session_state["typed_card"] = ""
        if text:
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

    def undo(self) -> None:
        """Back one learner move."""
        state.undo(self.sid)
        self._sync_link(None)

    def restart(self) -> None:
        """Start over."""
        state.reset_runs(self.sid, start(self.checked.scenario, self.checked.table))
        self._sync_link(None)

    def review(self, delta: int) -> None:
        """Step back and forth through the scenario's positions."""
        state.set_cursor(self.sid, state.cursor(self.sid) + delta)
        state.set_feedback(self.sid, None)

    def reveal(self) -> None:
        """Presenter mode: show or hide the answer."""
        state.set_revealed(self.sid, not state.revealed(self.sid))


def show_feedback(fb: Feedback | None) -> None:
    """The answer to the learner's last try."""
    if fb is None:
        return
    if fb.kind == "illegal":
        st.error(t("play.illegal", reason=fb.message), icon=":material/block:")
    elif fb.kind == "wrong":
        st.warning(t("play.wrong", message=fb.message), icon=":material/help:")
    elif fb.kind in ("right", "answer_right"):
        st.success(t("play.right", message=fb.message), icon=":material/check_circle:")
    elif fb.kind == "answer_wrong":
        st.warning(fb.message, icon=":material/help:")
    else:
        st.info(fb.message)


def show_table(run: Run, highlight: dict[Card, Highlight]) -> None:
    """The table picture with its words, and the transcript beside it."""
    settings = state.settings()
    left, right = st.columns([3, 2], gap="medium")
    with left:
        view = table_view(
            run, four_colour=settings.four_colour, large=settings.presenter, highlight=highlight
        )
        st.image(table_svg(view), width="stretch")
        st.caption(table_summary(view))
    with right:
        st.subheader(t("play.transcript"))
        with st.container(height=420 if settings.presenter else 320, key="transcript"):
            for ev in run.transcript:
                if ev.kind == "say":
                    st.markdown(ev.text)
                elif ev.kind == "trick":
                    st.markdown(f"**{ev.text}**")
                elif ev.kind == "score":
                    st.success(ev.text)
                else:
                    st.text(ev.text)


def show_hand(run: Run, ctl: Controller, highlight: dict[Card, Highlight]) -> None:
    """The learner's cards (or bids) as buttons, and a box to type a card."""
    settings = state.settings()
    legal = run.state.legal_actions()
    card_turn = bool(run.state.legal_plays()) or all(isinstance(a, Card) for a in legal)
    st.markdown(f"**{t('play.your_turn') if card_turn else t('play.your_action')}**")
    hand = sort_hand(run.state.hands[run.table.learner], run.state)
    with st.container(
        horizontal=True, gap="small", key="presenter_hand" if settings.presenter else "hand"
    ):
        if card_turn:
            for card in hand:
                mark = highlight.get(card)
                st.button(
                    card_label(card, settings.four_colour),
                    key=f"card_{card.code}" + (f"_{mark}" if mark else ""),
                    help=card.spoken,
                    on_click=ctl.act,
                    args=(card.code,),
                )
        elif run.state.phase != "discard":  # the discard menu below is the hand itself
            for card in hand:  # the hand to decide on (no card is played now)
                st.button(
                    card_label(card, settings.four_colour),
                    key=f"held_{card.code}",
                    help=card.spoken,
                    disabled=True,
                )
    if not card_turn:
        with st.container(horizontal=True, gap="small", key="menu"):
            for a in actions.menu(run.state):
                code = actions.code(a)
                mark = highlight.get(a.card) if isinstance(a, tarot.Discard) else None
                label = (
                    t("actions.discard", card=card_label(a.card, settings.four_colour))
                    if isinstance(a, tarot.Discard)
                    else actions.label(a)
                )
                key = f"act_{code.replace(' ', '_')}" + (f"_{mark}" if mark else "")
                st.button(label, key=key, on_click=ctl.act, args=(code,))
    if card_turn:
        st.text_input(t("play.type_card"), key="typed_card", on_change=ctl.typed)


def show_question(run: Run, step: AskStep, ctl: Controller) -> None:
    """The question, with buttons for its choices or a box for a number."""
    ask = step.ask
    st.markdown(f"**{t('play.question')}:** {ask.question}")
    choices: list[str | int | float] | None = ask.choices
    if choices is None and ask.kind in ("declaration_winner", "winner"):
        choices = list(side_labels(run.table))
    if choices is None and ask.kind == "contract_made":
        choices = ["yes", "no"]
    if choices:
        with st.container(horizontal=True, gap="small", key="choices"):
            for i, c in enumerate(choices):
                st.button(str(c), key=f"choice_{i}", on_click=ctl.answer, args=(c,))
        return
    with st.form("answer_form", clear_on_submit=True, border=False):
        value = st.text_input(t("play.answer"), key="answer_text")
        if st.form_submit_button(t("play.submit")):
            ctl.answer(value)
            st.rerun()


def show_help(run: Run, ctl: Controller) -> None:
    """Hints in tiers, or the presenter's reveal button."""
    sid = ctl.sid
    if state.settings().presenter:
        if state.revealed(sid):
            st.info(run.hint(2))
        label = t("play.hide") if state.revealed(sid) else t("play.reveal")
        st.button(label, key="reveal", on_click=ctl.reveal)
        return
    tier = state.hint_tier(sid)
    for i in range(min(tier, 3)):
        st.info(run.hint(i), icon=":material/lightbulb:")
    if tier < 3:
        st.button(t("play.hint"), key="hint", on_click=ctl.hint)


def show_review(ctl: Controller, run: Run, reviewing: bool) -> None:
    """Undo / restart, and stepping through a finished scenario."""
    sid = ctl.sid
    hist = state.history(sid)
    with st.container(horizontal=True, gap="small", key="controls"):
        st.button(t("play.undo"), key="undo", on_click=ctl.undo, disabled=len(hist) < 2)
        st.button(t("play.restart"), key="restart", on_click=ctl.restart)
    if len(hist) > 1 and (run.finished or reviewing):
        st.subheader(t("play.review"))
        cur = state.cursor(sid)
        with st.container(horizontal=True, gap="small", key="review"):
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
            st.caption(t("play.position", i=cur + 1, n=len(hist)))


def main() -> None:
    """The page."""
    apply_deep_link()
    picker()
    sid = state.current_scenario()
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

    st.title(sc.title)
    meta = f"{common.game_title(sc.game)} · level {sc.level} · {run.state.ruleset.name}"
    st.caption(meta if sid != WORKSHOP_ID else f"{meta} · {t('play.workshop_source')}")
    if sc.summary:
        st.markdown(sc.summary)

    fb = state.feedback(sid)
    highlight: dict[Card, Highlight] = {}
    if fb is not None and fb.kind == "illegal":
        highlight = dict.fromkeys(fb.forcing, "forcing")
    show_table(run, highlight)
    show_feedback(fb)

    reviewing = state.cursor(sid) < len(state.history(sid)) - 1
    step = run.current
    if isinstance(step, Play) and not reviewing:
        show_hand(run, ctl, highlight)
    elif isinstance(step, AskStep) and not reviewing:
        show_question(run, step, ctl)
    elif run.finished:
        n = run.mistakes
        st.success(t("play.finished") if n == 0 else t("play.finished_mistakes", n=n))
    if not run.finished and not reviewing:
        show_help(run, ctl)
    show_review(ctl, run, reviewing)
    if run.state.is_terminal:
        st.subheader(t("play.score_title"))
        show_outcome(run.state, run.table, key_prefix="play")
    st.caption(f"{t('play.link')}: `?scenario={sid}&step={run.step}` · {t('play.link_help')}")
