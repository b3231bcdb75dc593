"""The scenario player: the page, its play (the table, the learner's hand, feedback,
hints, undo, review) and what is drawn beside it. Its other parts are modules of their
own: the links and the address (``play_links``), the sidebar's picker (``play_picker``),
the controller (``play_controller``), the end and the playlist (``play_end``), the
problem report (``play_report``)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import streamlit as st

from tutorial.course.links import step_param, with_lang
from tutorial.course.playlists import MAX_INLINE_CHARS, encode_inline
from tutorial.engine.games import GAMES
from tutorial.engine.outcomes import Play
from tutorial.engine.ruleset_titles import ruleset_title
from tutorial.language.i18n import t
from tutorial.pictures.line_compare import lines_by_trick
from tutorial.pictures.table_data import table_data
from tutorial.pictures.trick_history import numbered, trick_lines, trick_rows
from tutorial.scenarios.checker import Checked
from tutorial.scenarios.model import AskStep, PlayStep
from tutorial.scenarios.reasons import speak
from tutorial.scenarios.runtime import Event, Run, start
from tutorial.webapp import common, state, store
from tutorial.webapp.inert import inert_markdown
from tutorial.webapp.navigation import page_url
from tutorial.webapp.pages.play_controller import Controller
from tutorial.webapp.pages.play_end import show_end, show_playlist, show_playlist_link
from tutorial.webapp.pages.play_links import (
    apply_deep_link,
    apply_links,
    checked_of,
    inline_text,
)
from tutorial.webapp.pages.play_picker import game_ids, picker
from tutorial.webapp.pages.play_report import report_paste_box, show_report
from tutorial.webapp.pages.review import play_banner
from tutorial.webapp.record import save_run_position
from tutorial.webapp.rules_compared import show_other_rules
from tutorial.webapp.scenario_session import outcome_due
from tutorial.webapp.score_view import show_outcome
from tutorial.webapp.scroll_box import reachable_by_keyboard
from tutorial.webapp.state import PLAY_GAME, TYPED_CARD, WORKSHOP_ID
from tutorial.webapp.table_component import show_table as show_component


def _transcript_line(ev: Event) -> None:
    # Author text: bold and italic only, nothing that links or loads (tutorial/webapp/inert.py).
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
    # On a phone the story goes above the table (``play_story``: the style sheet's key,
    # tutorial/webapp/common.py), its box lower.
    with st.container(key="play_story"):
        st.markdown(f"**{t('play.transcript')}** · {t('play.newest_first')}")
        with st.container(height=460 if presenter else 300, key="transcript"):
            for ev in reversed(run.transcript):
                _transcript_line(ev)
        reachable_by_keyboard("transcript", t("play.transcript"))


def show_trick_history(run: Run) -> None:
    """Every finished trick in a table: who led, every card, who won and why (a trick
    whose winner a question asks about waits for the answer)."""
    held = {id(ev.trick) for ev in run.pending if ev.trick is not None}
    tricks = [tr for tr in run.state.tricks if id(tr) not in held]
    if not tricks:
        return
    lines = trick_lines(
        numbered(tricks), run.table.seat_names, why=lambda tr: speak(run.table, tr.explanation)
    )
    with st.expander(t("play.trick_history"), icon=":material/table_rows:"):
        st.table(trick_rows(lines))


@dataclass(frozen=True)
class BestPlay:
    """The best line from a step, shown on the table up to ``shown`` cards."""

    plays: tuple[Play, ...]
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
    shown = state.scenario_session(sid).best_play_cards
    if not shown:
        return None
    plays = run.best_play()
    if not plays:
        return None
    return BestPlay(tuple(plays), min(shown, len(plays)))


def can_show_best(run: Run, sid: str, reviewing: bool) -> bool:
    """After a mistake at a card step whose hands are all known."""
    fb = state.scenario_session(sid).feedback
    return (
        not reviewing
        and fb is not None
        and fb.kind in ("wrong", "illegal")
        and isinstance(run.current, PlayStep)
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
        show_lines_by_trick(run, sid)
        return
    if state.scenario_session(sid).best_play_cards:  # asked, but the solver had no time
        st.info(t("explain.best_unknown"))
        state.scenario_session(sid).show_best_play(None)
    if can_show_best(run, sid, reviewing):
        st.button(
            t("explain.show_best"),
            key="show_best",
            on_click=ctl.show_best,
            icon=":material/play_circle:",
        )


def show_lines_by_trick(run: Run, sid: str) -> None:
    """While the best play is shown after a wrong card: the learner's card's line and the
    answer's, trick by trick (who takes each trick, with how many points)."""
    fb = state.scenario_session(sid).feedback
    cost = fb.cost if fb is not None else None
    if cost is None or cost.lost <= 0 or run.state.to_move is None:
        return
    rows = lines_by_trick(
        run.state, run.state.to_move, cost.line_played, cost.line_reference, run.table
    )
    if not rows:
        return
    yours = t("show_me.col_yours", card=cost.card.label)
    better = t("show_me.col_better", card=cost.reference.label)
    st.table(
        [
            {
                t("show_me.col_trick"): f"{'✱ ' if row.changed else ''}{row.number}",
                yours: row.yours,
                better: row.better,
            }
            for row in rows
        ]
    )
    st.caption(t("show_me.changed_note"))


def show_table(run: Run, ctl: Controller, reviewing: bool, best: BestPlay | None = None) -> None:
    """The table component: the table, the prompt, the feedback and the hand together.

    While the best play is shown, the table draws the step's position with the line's
    first cards played, in the view mode (nothing to click), its caption in the feedback.
    """
    sid = ctl.sid
    settings = state.settings()
    hist = state.scenario_session(sid).history
    cur = state.scenario_session(sid).cursor
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
        feedback=state.scenario_session(sid).feedback,
        hint_tier=state.scenario_session(sid).hint_tier,
        revealed=state.scenario_session(sid).revealed,
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
    if isinstance(run.current, (PlayStep, AskStep)) and not reviewing:
        with st.expander(t("play.fallback"), icon=":material/keyboard:"):
            st.text_input(t("play.type_card"), key=TYPED_CARD, on_change=ctl.typed)


def show_help(run: Run, ctl: Controller) -> None:
    """Hints in tiers, or the presenter's reveal button."""
    sid = ctl.sid
    if state.settings().presenter:
        if state.scenario_session(sid).revealed:
            st.info(inert_markdown(run.hint(len(run.hint_kinds()) - 1)))
        label = t("play.hide") if state.scenario_session(sid).revealed else t("play.reveal")
        st.button(label, key="reveal", on_click=ctl.reveal)
        return
    tier = state.scenario_session(sid).hint_tier
    tiers = len(run.hint_kinds())
    for i in range(min(tier, tiers)):
        st.info(inert_markdown(run.hint(i)), icon=":material/lightbulb:")
    if tier < tiers:
        st.button(t("play.hint"), key="hint", on_click=ctl.hint)


def show_review(ctl: Controller, run: Run, reviewing: bool) -> None:
    """Undo / restart, and stepping through a finished scenario."""
    sid = ctl.sid
    hist = state.scenario_session(sid).history
    cur = state.scenario_session(sid).cursor
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


def show_link_message() -> None:
    """What opening a link said, until the learner moves on."""
    msg = state.session().links.message
    if msg is None:
        return
    (st.error if msg.kind == "error" else st.warning)(msg.text)
    if msg.details:
        st.code("\n".join(msg.details), language=None)


def show_reopened(sid: str) -> None:
    """A note over a step reopened from a problem report."""
    exact = state.scenario_session(sid).reopened
    if exact is True:
        st.info(t("report.reopened"), icon=":material/flag:")
    elif exact is False:
        st.warning(t("report.reopened_changed"), icon=":material/flag:")


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
    """The full address of a step (what the learner can copy and share): a scenario
    from a link or the Workshop travels in the link itself ("" when it is too long)."""
    text = inline_text(sid)
    if text:
        code = encode_inline(text)
        if len(code) > MAX_INLINE_CHARS:
            return ""
        return with_lang(f"{page_url('play')}?scenario_inline={code}&step={step_param(step)}")
    return with_lang(f"{page_url('play')}?scenario={sid}&step={step_param(step)}")


def follow_language(sid: str, checked: Checked) -> None:
    """Runs started in another language read in this one from now on.

    A translation changes only the text and the seats' shown names (same steps, cards
    and answers), so a run keeps its place and swaps its scenario and names.
    """
    if common.library().get(sid) is not checked:
        return  # the Workshop's or a link's own scenario: one language only
    state.scenario_session(sid).translate(checked.scenario, checked.table.seat_names)


def show_untranslated(sid: str) -> None:
    """A small notice when the scenario has no translation in the session's language."""
    if sid in common.library().untranslated:
        st.caption(t("scenario_translation.fallback"), help=t("scenario_translation.fallback_help"))


def main() -> None:
    """The page: the scenario's heading, then its play (:func:`show_play`), which a click
    redraws alone."""
    apply_links()
    apply_deep_link()
    picker()
    sid = state.session().play.current
    if sid is None:  # no link, no choice yet: open the first scenario of the course
        first = next(iter(game_ids(state.widget(PLAY_GAME, GAMES[0]))), None)
        if first is not None:
            state.session().open_scenario(first)
            sid = first
    checked = checked_of(sid) if sid else None
    if sid is None or checked is None:
        st.title(t("app.nav_play"))
        show_link_message()
        st.info(t("play.choose"))
        return
    if not state.scenario_session(sid).history:
        state.open_scenario_session(sid, start(checked.scenario, checked.table))
    follow_language(sid, checked)
    run = state.scenario_session(sid).run
    if run is None:  # pragma: no cover - reset_runs just made one
        return
    sc = checked.scenario
    common.page_top("play", sid)  # another scenario opens at the page's top
    st.title(inert_markdown(sc.title))
    meta = t(
        "play.meta",
        game=common.game_title(sc.game),
        level=sc.level,
        rules=ruleset_title(sc.game, run.state.ruleset.name),
    )
    st.caption(meta if sid != WORKSHOP_ID else f"{meta} · {t('play.workshop_source')}")
    show_untranslated(sid)
    show_link_message()
    show_reopened(sid)
    show_play(sid, checked)
    with st.sidebar:
        report_paste_box("play")


@st.fragment
def show_play(sid: str, checked: Checked) -> None:
    """The scenario's play: the table, the help, the end, the score, the link and the
    report, and the progress saved to the browser (:func:`store.sync`).

    A fragment: a click on the table or a button here reruns this part alone (Streamlit
    sends and the browser redraws only what it draws), the page's heading and sidebar
    staying as they are. An action that leaves this scenario (the next one, a playlist's
    next item), or a language the browser's store brings, reruns the whole page.
    """
    run = state.scenario_session(sid).run
    if state.session().play.current != sid or run is None or store.whole_run_due():
        st.rerun()  # another scenario (its heading too), or the browser's kept language
    ctl = Controller(sid, checked)
    sc = checked.scenario
    reviewing = state.scenario_session(sid).reviewing
    play_banner(sid)  # the review deck's card under review
    best = best_play(run, sid) if not reviewing else None
    # On a phone the columns stack: the story moves above the table, the instructions and
    # the hints follow the hand (the keys ``play_main`` and ``play_story`` are the style
    # sheet's, tutorial/webapp/common.py).
    with st.container(key="play_main"):
        left, right = common.table_and_side()
    with left:
        show_table(run, ctl, reviewing, best)
    with right:
        ended = run.finished and not reviewing
        if ended:
            show_end(ctl, run)  # "Next in the playlist" first, then the playlist
        show_playlist(sid)
        with st.container(key="play_help"):
            if not ended and sc.summary:
                st.markdown(inert_markdown(sc.summary))
            if not run.finished and not reviewing:
                show_best_controls(run, ctl, best, reviewing)
                show_help(run, ctl)
        show_review(ctl, run, reviewing)
        save_run_position(run, finished=state.scenario_session(sid).history[-1].finished)
        show_transcript(run)
        show_trick_history(run)
    if outcome_due(run):  # after the last question: the score would answer it
        st.header(t("play.score_title"))
        show_outcome(run.state, run.table, key_prefix="play")
        show_other_rules(run.table.state, run.actions, run.state, run.table, key_prefix="play")
    else:
        warm_up_charts()
    link = _link(sid, run.step)
    if link:
        st.caption(t("play.link_line", link=link))
    else:
        st.caption(t("playlist.inline_no_link", limit=f"{MAX_INLINE_CHARS:,}"))
    show_playlist_link()
    show_report(ctl, run, reviewing)
    store.sync()  # this click's progress, kept in the browser
