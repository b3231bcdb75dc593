"""The scenario player: the table, the learner's hand, feedback, hints, undo, review."""

from __future__ import annotations

import streamlit as st

from tutorial.engine.cards import Card
from tutorial.engine.games import GAMES
from tutorial.i18n import t
from tutorial.scenarios import actions
from tutorial.scenarios.checker import Checked, side_labels
from tutorial.scenarios.model import AskStep, Play
from tutorial.scenarios.runtime import Feedback, Run, goto, start
from tutorial.ui import common, state
from tutorial.ui.score_view import show_outcome
from tutorial.ui.svg import Highlight, table_summary, table_svg
from tutorial.ui.view import card_label, sort_hand, table_view

WORKSHOP_ID = "workshop"

lib = common.library()
settings = state.settings()


def _checked(sid: str) -> Checked | None:
    if sid == WORKSHOP_ID:
        value: Checked | None = state.workshop_scenario()
        return value
    return lib.get(sid)


# --- which scenario: deep link, then the session's choice, then a picker ------------------

params = st.query_params
link_sid = params.get("scenario")
link_step = params.get("step")
link = f"{link_sid}|{link_step}"
if link_sid and link != state.link_applied():
    state.set_link_applied(link)
    if _checked(link_sid) is None:
        st.error(t("play.unknown_link", sid=link_sid))
    else:
        state.set_current_scenario(link_sid)
        checked = _checked(link_sid)
        assert checked is not None
        run = start(checked.scenario, checked.table)
        if link_step is not None:
            try:
                step = int(link_step)
            except ValueError:
                step = 0
            if 0 <= step <= len(checked.scenario.steps):
                run = goto(run, step)
            else:
                st.warning(t("play.bad_step", step=link_step, count=len(checked.scenario.steps)))
        state.reset_runs(link_sid, run)

_open = _checked(state.current_scenario() or "")
with st.sidebar:
    st.subheader(t("play.choose"))
    game = st.selectbox(
        t("play.game"), GAMES, format_func=common.game_title, key="play_game",
        index=GAMES.index(_open.scenario.game) if _open is not None else 0,
    )
    items = lib.by_game(game)
    ids = [sid for sid, _ in items]
    if state.workshop_scenario() is not None:
        ids = [*ids, WORKSHOP_ID]
    if ids:
        cur = state.current_scenario()
        chosen = st.selectbox(
            t("play.scenario"), ids, index=ids.index(cur) if cur in ids else 0, key="play_pick",
            format_func=lambda s: (
                ("✓ " if state.progress_of(s).done else "")
                + (_checked(s).scenario.title if _checked(s) else s)  # type: ignore[union-attr]
            ),
        )
        if chosen != cur:
            state.set_current_scenario(chosen)

sid = state.current_scenario()
checked = _checked(sid) if sid else None
if sid is None or checked is None:
    st.title(t("app.nav_play"))
    st.info(t("play.choose"))
    st.stop()
assert sid is not None and checked is not None

if not state.history(sid):
    state.reset_runs(sid, start(checked.scenario, checked.table))
run = state.current_run(sid)
assert run is not None
sc = checked.scenario
presenter = settings.presenter

# --- callbacks (state changes happen here, before the rerun draws) -----------------


def _after(new_run: Run, fb: Feedback) -> None:
    prog = state.progress_of(sid)
    prog.attempts += 1
    if fb.ok:
        state.push_run(sid, new_run)
        state.set_hint_tier(sid, 0)
        state.set_revealed(sid, False)
        if new_run.finished:
            prog.done = True
    else:
        state.replace_run(sid, new_run)
        prog.mistakes += 1
    state.set_feedback(sid, fb)
    st.query_params["scenario"] = sid
    st.query_params["step"] = str(state.current_run(sid).step)  # type: ignore[union-attr]
    state.set_link_applied(f"{sid}|{st.query_params.get('step')}")


def on_action(code: str) -> None:
    """The learner clicked a card or an action button."""
    cur = state.current_run(sid)
    if cur is None:
        return
    new_run, fb = cur.try_action(code)
    _after(new_run, fb)


def on_typed() -> None:
    """The learner typed a card and pressed Enter."""
    text = str(st.session_state.get("typed_card", "")).strip()
    st.session_state["typed_card"] = ""
    if text:
        on_action(text)


def on_answer(value: object) -> None:
    """The learner answered the question."""
    cur = state.current_run(sid)
    if cur is None:
        return
    new_run, fb = cur.answer(value)
    _after(new_run, fb)


def on_hint() -> None:
    """One more hint tier."""
    state.set_hint_tier(sid, state.hint_tier(sid) + 1)
    state.progress_of(sid).hints += 1


def on_undo() -> None:
    """Back one learner move."""
    state.undo(sid)


def on_restart() -> None:
    """Start over."""
    state.reset_runs(sid, start(sc, checked.table))  # type: ignore[union-attr]
    st.query_params["scenario"] = sid
    st.query_params["step"] = "0"


def on_review(delta: int) -> None:
    """Step back and forth through the scenario's positions."""
    state.set_cursor(sid, state.cursor(sid) + delta)
    state.set_feedback(sid, None)


def on_reveal() -> None:
    """Presenter mode: show or hide the answer."""
    state.set_revealed(sid, not state.revealed(sid))


# --- the page -------------------------------------------------------------------------

st.title(sc.title)
meta = f"{common.game_title(sc.game)} · level {sc.level} · {run.state.ruleset.name}"
st.caption(meta if sid != WORKSHOP_ID else f"{meta} · {t('play.workshop_source')}")
if sc.summary:
    st.markdown(sc.summary)

fb = state.feedback(sid)
highlight: dict[Card, Highlight] = {}
if fb is not None and fb.kind == "illegal":
    highlight = {c: "forcing" for c in fb.forcing}

left, right = st.columns([3, 2], gap="medium")
with left:
    view = table_view(run, four_colour=settings.four_colour, large=presenter, highlight=highlight)
    st.image(table_svg(view), width="stretch")
    st.caption(table_summary(view))
with right:
    st.subheader(t("play.transcript"))
    with st.container(height=320 if not presenter else 420, key="transcript"):
        for ev in run.transcript:
            if ev.kind == "say":
                st.markdown(ev.text)
            elif ev.kind == "trick":
                st.markdown(f"**{ev.text}**")
            elif ev.kind == "score":
                st.success(ev.text)
            else:
                st.text(ev.text)

# Feedback for the last try
if fb is not None:
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

reviewing = state.cursor(sid) < len(state.history(sid)) - 1
step = run.current

if isinstance(step, Play) and not reviewing:
    legal = run.state.legal_actions()
    card_turn = bool(run.state.legal_plays()) or all(isinstance(a, Card) for a in legal)
    st.markdown(f"**{t('play.your_turn') if card_turn else t('play.your_action')}**")
    seat = run.table.learner
    hand = sort_hand(run.state.hands[seat], run.state)
    with st.container(horizontal=True, gap="small", key="presenter_hand" if presenter else "hand"):
        if card_turn:
            for card in hand:
                mark = highlight.get(card)
                key = f"card_{card.code}" + (f"_{mark}" if mark else "")
                st.button(
                    card_label(card, settings.four_colour), key=key, help=card.spoken,
                    on_click=on_action, args=(card.code,),
                )
        else:
            for a in legal:
                code = actions.code(a)
                st.button(actions.label(a), key=f"act_{code}", on_click=on_action, args=(code,))
    if card_turn:
        st.text_input(t("play.type_card"), key="typed_card", on_change=on_typed)
elif isinstance(step, AskStep) and not reviewing:
    ask = step.ask
    st.markdown(f"**{t('play.question')}:** {ask.question}")
    if ask.choices:
        with st.container(horizontal=True, gap="small", key="choices"):
            for i, c in enumerate(ask.choices):
                st.button(str(c), key=f"choice_{i}", on_click=on_answer, args=(c,))
    elif ask.kind in ("declaration_winner", "winner"):
        with st.container(horizontal=True, gap="small", key="choices"):
            for i, c in enumerate(side_labels(run.table)):
                st.button(c, key=f"choice_{i}", on_click=on_answer, args=(c,))
    elif ask.kind == "contract_made":
        with st.container(horizontal=True, gap="small", key="choices"):
            st.button("Yes", key="choice_yes", on_click=on_answer, args=("yes",))
            st.button("No", key="choice_no", on_click=on_answer, args=("no",))
    else:
        with st.form("answer_form", clear_on_submit=True, border=False):
            value = st.text_input(t("play.answer"), key="answer_text")
            if st.form_submit_button(t("play.submit")):
                on_answer(value)
                st.rerun()
elif run.finished:
    n = run.mistakes
    st.success(t("play.finished") if n == 0 else t("play.finished_mistakes", n=n))

# Hints, presenter reveal, undo/restart
if not run.finished and not reviewing:
    tier = state.hint_tier(sid)
    if presenter:
        if state.revealed(sid):
            st.info(run.hint(2))
        st.button(t("play.hide") if state.revealed(sid) else t("play.reveal"), key="reveal", on_click=on_reveal)
    else:
        for i in range(min(tier, 3)):
            st.info(run.hint(i), icon=":material/lightbulb:")
        if tier < 3:
            st.button(t("play.hint"), key="hint", on_click=on_hint)

with st.container(horizontal=True, gap="small", key="controls"):
    st.button(t("play.undo"), key="undo", on_click=on_undo, disabled=len(state.history(sid)) < 2)
    st.button(t("play.restart"), key="restart", on_click=on_restart)

hist = state.history(sid)
if len(hist) > 1 and (run.finished or reviewing):
    st.subheader(t("play.review"))
    cur = state.cursor(sid)
    with st.container(horizontal=True, gap="small", key="review"):
        st.button(t("play.back"), key="review_back", on_click=on_review, args=(-1,), disabled=cur == 0)
        st.button(t("play.forward"), key="review_fwd", on_click=on_review, args=(1,), disabled=cur >= len(hist) - 1)
        st.caption(t("play.position", i=cur + 1, n=len(hist)))

if run.state.is_terminal:
    st.subheader(t("play.score_title"))
    show_outcome(run.state, run.table, key_prefix="play")

st.caption(f"{t('play.link')}: `?scenario={sid}&step={run.step}` · {t('play.link_help')}")
