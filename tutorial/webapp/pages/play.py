"""The scenario player: the table, the learner's hand, feedback, hints, undo, review."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import streamlit as st

from tutorial.course.lessons import lesson_of
from tutorial.course.links import Link, parse_link, parse_step, step_param, step_to_open, with_lang
from tutorial.course.playlists import (
    INLINE_KEY_PREFIX,
    MAX_INLINE_CHARS,
    LinkError,
    Playlist,
    decode_inline,
    encode_inline,
    from_query,
    inline_key,
    is_inline,
    next_item,
    playlist_link,
    to_query,
)
from tutorial.course.problem_report import (
    ReportError,
    decode_report,
    encode_report,
    find_code,
    replay,
    report_of,
    report_text,
)
from tutorial.course.progress import stars
from tutorial.engine.errors import ScenarioError
from tutorial.engine.games import GAMES
from tutorial.engine.outcomes import Play as CardPlay
from tutorial.engine.ruleset_titles import ruleset_title
from tutorial.language.i18n import t, tn
from tutorial.pictures.line_compare import lines_by_trick
from tutorial.pictures.table_data import table_data
from tutorial.pictures.trick_history import numbered, trick_lines, trick_rows
from tutorial.scenarios.checker import Checked, check_text, problems_of
from tutorial.scenarios.model import AskStep, Play
from tutorial.scenarios.reasons import speak
from tutorial.scenarios.runtime import Event, Feedback, Run, goto, start
from tutorial.webapp import common, link_state, navigation, state, store
from tutorial.webapp.common import course, course_order
from tutorial.webapp.inert import inert_markdown
from tutorial.webapp.navigation import page_url
from tutorial.webapp.pages.review import play_banner
from tutorial.webapp.record import save_run_position
from tutorial.webapp.rules_compared import show_other_rules
from tutorial.webapp.scenario_session import ScenarioSession, outcome_due
from tutorial.webapp.score_view import show_outcome
from tutorial.webapp.scroll_box import reachable_by_keyboard
from tutorial.webapp.table_component import show_table as show_component

WORKSHOP_ID = "workshop"


def checked_of(sid: str) -> Checked | None:
    """The checked scenario of an id (the workshop's own, or the library's)."""
    if sid == WORKSHOP_ID:
        value: Checked | None = state.workshop_scenario()
        return value
    if sid.startswith(INLINE_KEY_PREFIX):
        entry = link_state.inline_scenarios().get(sid)
        return entry.checked if entry is not None else None
    return common.library().get(sid)


def inline_text(sid: str) -> str:
    """The YAML text of an inline or Workshop scenario ("" for a library one)."""
    if sid == WORKSHOP_ID:
        return link_state.workshop_text()
    entry = link_state.inline_scenarios().get(sid)
    return entry.text if entry is not None else ""


def open_inline(text: str) -> str:
    """Check an inline scenario's text once per session; its player key.

    Raises:
        ScenarioError: the checker's refusal (located lines).
    """
    key = inline_key(text)
    known = link_state.inline_scenarios()
    if key not in known:
        checked = check_text(text, "scenario-from-a-link.yaml")
        known[key] = link_state.InlineScenario(text, checked)
    return key


def _say(kind: str, text: str, details: tuple[str, ...] = ()) -> None:
    link_state.set_message(link_state.LinkMessage(kind, text, details))


def open_playlist(playlist: Playlist) -> None:
    """Open a playlist: its items checked (inline ones) or looked up, and its first
    scenario not done yet opened."""
    keys: list[str] = []
    problems: list[str] = []
    for item in playlist.items:
        try:
            key = open_inline(decode_inline(item)) if is_inline(item) else item
        except (LinkError, ScenarioError) as e:
            keys.append("")
            problems.append(str(e) if isinstance(e, LinkError) else t("playlist.item_broken"))
            continue
        found = checked_of(key) is not None
        keys.append(key if found else "")
        problems.append("" if found else t("playlist.item_missing", item=inert_markdown(item[:80])))
    link_state.set_playlist(
        link_state.OpenPlaylist(playlist, tuple(keys), to_query(playlist), tuple(problems))
    )
    playable = [k for k in keys if k]
    first = next((k for k in playable if not state.progress_of(k).done), None)
    if first or playable:
        state.set_current_scenario(first or playable[0])


def _apply_playlist_link() -> None:
    """``?playlist=…&title=…&note=…`` opens a playlist (once per distinct link)."""
    params = st.query_params
    items = params.get("playlist")
    key = f"{items}|{params.get('title')}|{params.get('note')}"
    if items is None or key == link_state.applied("playlist"):
        return
    link_state.set_applied("playlist", key)
    try:
        playlist = from_query(items, params.get("title"), params.get("note"))
    except LinkError as e:
        _say("error", t("playlist.bad_link", reason=str(e)))
        return
    if playlist is not None:
        open_playlist(playlist)


def _open_run(sid: str, checked: Checked, step_text: str | None) -> None:
    """Open a scenario at the step a link asks for (a warning for a bad step)."""
    state.set_current_scenario(sid)
    run = start(checked.scenario, checked.table)
    count = len(checked.scenario.steps)
    step = step_to_open(Link(sid, parse_step(step_text), step_text), count)
    if step is None:
        _say(
            "warning", t("play.bad_step", step=inert_markdown((step_text or "")[:20]), count=count)
        )
    elif step:
        run = goto(run, step)
    state.open_scenario_session(sid, run)


def _apply_inline_link() -> None:
    """``?scenario_inline=ATS1.…&step=…``: a scenario carried by the link itself."""
    params = st.query_params
    code = params.get("scenario_inline")
    step_text = params.get("step")
    key = f"{code}|{step_text}"
    if not code or key == link_state.applied("inline"):
        return
    link_state.set_applied("inline", key)
    try:
        sid = open_inline(decode_inline(code))
    except LinkError as e:
        _say("error", t("playlist.bad_inline_link", reason=str(e)))
        return
    except ScenarioError as e:
        _say("error", t("playlist.inline_refused"), tuple(problems_of(e)))
        return
    checked = checked_of(sid)
    if checked is not None:
        _open_run(sid, checked, step_text)


def open_report(code: str) -> None:
    """Reopen the step a problem report's code describes, with its refused try."""
    try:
        report = decode_report(code)
    except ReportError as e:
        _say("error", t("report.bad_code", reason=str(e)))
        return
    if report.scenario:
        sid = report.scenario
        if common.library().get(sid) is None:
            _say("error", t("report.unknown_scenario", sid=inert_markdown(sid)))
            return
    else:
        try:
            sid = open_inline(report.inline)
        except ScenarioError as e:
            _say("error", t("playlist.inline_refused"), tuple(problems_of(e)))
            return
    checked = checked_of(sid)
    if checked is None:  # pragma: no cover - looked up or checked just above
        return
    done = replay(start(checked.scenario, checked.table), report)
    state.set_current_scenario(sid)
    session = state.open_scenario_session(sid, done.runs[0])
    session.history.extend(done.runs[1:])
    session.cursor = len(session.history) - 1
    session.feedback = done.feedback
    session.last_try = report.tried if done.tried_shown else None
    session.reopened = done.complete
    link_state.set_message(None)
    Controller(sid, checked)._sync_link(None)


def _apply_report_link() -> None:
    """``?report=ATR1.…`` reopens a reported step (the parameter is then dropped)."""
    code = st.query_params.get("report")
    if not code or code == link_state.applied("report"):
        return
    link_state.set_applied("report", code)
    st.query_params.pop("report", None)
    open_report(code)


def apply_links() -> None:
    """The links a page may be opened with: a playlist, an inline scenario, a problem report."""
    _apply_playlist_link()
    _apply_inline_link()
    _apply_report_link()


def apply_deep_link() -> None:
    """``?scenario=…&step=…`` opens exactly there (once per distinct link)."""
    params = st.query_params
    link_sid = params.get("scenario")
    link_step = params.get("step")
    key = f"{link_sid}|{link_step}"
    if not link_sid or key == state.link_applied():
        return
    state.set_link_applied(key)
    link = parse_link(link_sid, link_step)  # pure and fuzzed: tutorial/course/links.py
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
    state.open_scenario_session(link.scenario, run)


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
    ids += [k for k, v in link_state.inline_scenarios().items() if v.checked.scenario.game == game]
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
    elif "play_game" not in st.session_state:  # nothing open yet: the game being learnt
        st.session_state["play_game"] = state.default_game(GAMES[0])
    with st.sidebar:
        st.header(t("play.choose"))
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

    @property
    def session(self) -> ScenarioSession:
        """The scenario's play in this session (the one object the controller changes)."""
        return state.scenario_session(self.sid)

    def _after(self, new_run: Run, fb: Feedback) -> None:
        prog = state.progress_of(self.sid)
        prog.attempts += 1
        if fb.ok and new_run.finished and new_run.whole:
            # Only a run the learner played from its first step finishes the scenario:
            # a link's later step or a review card's step is practice, not a finish.
            prog.done = True
            prog.stars = max(prog.stars, stars(new_run.wrong_for_stars))
        elif fb.mistake:
            prog.mistakes += 1
        self.session.moved(new_run, fb, forward=fb.ok)
        link_state.set_message(None)
        self._sync_link(new_run.step if fb.ok else None)

    def _tried(self, fb: Feedback, value: object) -> None:
        """Remember a refused try (a problem report shows it again), forget a right one."""
        keep = not fb.ok and isinstance(value, (str, int, float, bool))
        self.session.last_try = value if keep else None

    def _sync_link(self, step: int | None) -> None:
        """The address follows the step: ``?scenario=…&step=…``, or for a scenario
        from a link or the Workshop ``?scenario_inline=…&step=…`` (when short enough)."""
        cur = self.session.run
        shown = step_param(step if step is not None else (cur.step if cur else 0))
        text = inline_text(self.sid)
        code = encode_inline(text) if text else ""
        if code and len(code) <= MAX_INLINE_CHARS:
            st.query_params.pop("scenario", None)
            st.query_params["scenario_inline"] = code
            st.query_params["step"] = shown
            link_state.set_applied("inline", f"{code}|{shown}")
            return
        st.query_params.pop("scenario_inline", None)
        st.query_params["scenario"] = self.sid
        st.query_params["step"] = shown
        state.set_link_applied(f"{self.sid}|{shown}")

    def act(self, code: str) -> None:
        """The learner clicked a card or an action button."""
        cur = self.session.run
        if cur is not None:
            new_run, fb = cur.try_action(code)
            state.scenario_outcome(self.sid, cur, fb, code)  # the review deck
            self._after(new_run, fb)
            self._tried(fb, code)
            if fb.mistake:  # for the teacher's class view
                state.record_wrong(self.sid, cur.state, code)

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
        text = str(st.session_state.get("typed_card", "")).strip()
        st.session_state["typed_card"] = ""
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
            state.scenario_outcome(self.sid, cur, fb, value)  # the review deck
            self._after(new_run, fb)
            self._tried(fb, value)

    def hint(self) -> None:
        """One more hint tier."""
        self.session.ask_hint()
        state.progress_of(self.sid).hints += 1

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
        self._sync_link(None)

    def restart(self) -> None:
        """Start over."""
        self.session.restart(start(self.checked.scenario, self.checked.table))
        self._sync_link(None)

    def review(self, delta: int) -> None:
        """Step back and forth through the scenario's positions (the link follows)."""
        self.session.review(delta)
        self._sync_link(None)

    def reveal(self) -> None:
        """Presenter mode: show or hide the answer."""
        self.session.toggle_reveal()


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
        show_lines_by_trick(run, sid)
        return
    if state.scenario_session(
        sid
    ).best_play_cards:  # asked for, but the solver could not give it in time
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
    if isinstance(run.current, (Play, AskStep)) and not reviewing:
        with st.expander(t("play.fallback"), icon=":material/keyboard:"):
            st.text_input(t("play.type_card"), key="typed_card", on_change=ctl.typed)


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


def show_end(ctl: Controller, run: Run) -> None:
    """The end of a scenario: stars, what was learnt, the next scenario, the lesson."""
    sid = ctl.sid
    n = stars(run.wrong_for_stars)
    if run.whole:
        st.markdown(
            f"### {'★' * n}{'☆' * (3 - n)}",
            help=t("play.stars_help"),
        )
    st.success(
        t("play.finished")
        if run.mistakes == 0
        else t("play.finished_mistakes", tries=tn("plural.wrong_tries", run.mistakes))
    )
    if not run.whole:
        st.caption(t("play.not_whole"))
    elif run.answers_shown:
        shown = tn("plural.answers_shown", len(run.answers_shown))
        st.caption(t("play.answers_shown", answers=shown))
    if ctl.checked.scenario.summary:
        st.markdown(f"**{t('play.learnt')}** {inert_markdown(ctl.checked.scenario.summary)}")
    found = lesson_of(sid, course(state.settings().language)[0])
    in_list = playlist_next(sid)
    if in_list is not None and not in_list[0]:
        st.success(t("playlist.finished", title=inert_markdown(in_list[1])))
    with st.container(horizontal=True, gap="small", key="end_nav"):
        if in_list is not None and in_list[0]:
            st.button(
                t("playlist.next"),
                key="end_playlist_next",
                type="primary",
                on_click=open_in_playlist,
                args=(in_list[0],),
                icon=":material/queue_play_next:",
            )
        if found is not None:
            lesson, index = found
            ids = lesson.model.scenarios
            nxt = next((s for s in ids[index + 1 :] if s in common.library().scenarios), None)
            if nxt is not None:
                st.button(
                    t("play.next"),
                    key="end_next",
                    type="secondary" if in_list is not None and in_list[0] else "primary",
                    on_click=common.open_scenario,
                    args=(nxt,),
                    icon=":material/arrow_forward:",
                )
            st.page_link(
                navigation.LESSONS_PAGE,
                label=t("play.back_to_lesson", title=inert_markdown(lesson.model.title)),
                icon=":material/school:",
                query_params={"lesson": lesson.id, **common.kept_params()},
            )


# --- playlists -------------------------------------------------------------------------


def playlist_next(sid: str) -> tuple[str, str] | None:
    """In the open playlist: the next playable item's key ("" when ``sid`` is the last)
    and the playlist's title; None when ``sid`` is not in the open playlist."""
    opened = link_state.playlist()
    if opened is None or sid not in opened.keys:
        return None
    keys = [k for k in opened.keys if k]
    return next_item(keys, sid) or "", opened.playlist.title


def open_in_playlist(sid: str) -> None:
    """Open a scenario of the playlist (the playlist stays in the address)."""
    state.set_current_scenario(sid)
    state.set_link_applied("")
    link_state.set_message(None)
    for name in ("scenario", "step", "scenario_inline", "report"):
        st.query_params.pop(name, None)


def leave_playlist() -> None:
    """Close the playlist panel (the scenario open stays open)."""
    link_state.set_playlist(None)
    for name in ("playlist", "title", "note"):
        st.query_params.pop(name, None)


def _item_title(key: str) -> str:
    checked = checked_of(key)
    return checked.scenario.title if checked is not None else key


def show_playlist(sid: str) -> None:
    """The open playlist: title, note, its steps (done ones ticked, this one marked)."""
    opened = link_state.playlist()
    if opened is None:
        return
    pl = opened.playlist
    playable = [k for k in opened.keys if k]
    done = sum(1 for k in playable if state.progress_of(k).done)
    with st.container(border=True, key="playlist_panel"):
        st.markdown(f"**{inert_markdown(pl.title)}**")
        st.caption(t("playlist.progress", done=done, total=len(opened.keys)))
        if pl.note:
            st.markdown(inert_markdown(pl.note))
        for i, key in enumerate(opened.keys):
            problem = opened.problems[i] if i < len(opened.problems) else ""
            if not key:
                st.caption(t("playlist.step_broken", n=i + 1, problem=problem))
                continue
            mark = "✓" if state.progress_of(key).done else "○"
            label = t("playlist.step", n=i + 1, mark=mark, title=inert_markdown(_item_title(key)))
            st.button(
                label,
                key=f"playlist_step_{i}",
                on_click=open_in_playlist,
                args=(key,),
                disabled=key == sid,
                type="tertiary",
                help=t("playlist.here") if key == sid else None,
            )
        st.button(t("playlist.leave"), key="playlist_leave", on_click=leave_playlist)


def show_playlist_link() -> None:
    """The open playlist's link, at the foot of the page beside the step's."""
    opened = link_state.playlist()
    if opened is not None and len(opened.query.get("playlist", "")) <= MAX_LIST_CHARS_SHOWN:
        st.caption(
            t("playlist.link_caption", link=playlist_link(page_url("play"), opened.playlist))
        )


# --- report a problem --------------------------------------------------------------------

#: A link longer than this is not shown (the code alone is, with the reason).
MAX_LIST_CHARS_SHOWN = 16_000


def report_code(ctl: Controller, reviewing: bool) -> str:
    """The problem report's code of the step on show (the history up to it)."""
    sid = ctl.sid
    runs = state.scenario_session(sid).history[: state.scenario_session(sid).cursor + 1]
    fb = state.scenario_session(sid).feedback
    tried = None if reviewing or fb is None or fb.ok else state.scenario_session(sid).last_try
    text = inline_text(sid)
    if sid == WORKSHOP_ID or sid.startswith(INLINE_KEY_PREFIX):
        report = report_of(runs, inline=text, tried=tried)
    else:
        report = report_of(runs, scenario=sid, tried=tried)
    return encode_report(report)


def show_report(ctl: Controller, run: Run, reviewing: bool) -> None:
    """'Report a problem': the code and link of this very step, a box for what went
    wrong, and the two together as one text to copy."""
    with st.expander(t("report.title"), icon=":material/flag:"):
        st.caption(t("report.help"))
        what = st.text_area(t("report.what"), key="report_what", max_chars=2000, height=90)
        code = report_code(ctl, reviewing)
        link = with_lang(f"{page_url('play')}?report={code}")
        text = report_text(
            title=ctl.checked.scenario.title,
            step=min(run.step + 1, len(ctl.checked.scenario.steps)),
            count=len(ctl.checked.scenario.steps),
            what=what,
            code=code,
            link=link,
        )
        st.code(text, language=None, wrap_lines=True)


def _open_pasted_report(key: str) -> None:
    text = str(st.session_state.get(key, ""))
    code = find_code(text)
    if code is None:
        st.session_state[f"{key}_error"] = t("report.no_code_found")
        return
    try:
        decode_report(code)
    except ReportError as e:
        st.session_state[f"{key}_error"] = t("report.bad_code", reason=str(e))
        return
    st.session_state[f"{key}_error"] = ""
    st.session_state[key] = ""
    link_state.set_applied("report", code)
    open_report(code)


def report_paste_box(where: str) -> None:
    """Paste a problem report (the whole text, the link or the code) to see its step.

    On the Home page the step opens on the Play page; on the Play page, in place.
    """
    key = f"report_paste_{where}"
    with st.expander(t("report.open_title"), icon=":material/flag:"):
        st.text_area(t("report.paste"), key=key, height=80)
        clicked = st.button(
            t("report.open"), key=f"{key}_go", on_click=_open_pasted_report, args=(key,)
        )
        if clicked and where != "play" and not st.session_state.get(f"{key}_error"):
            st.switch_page(navigation.PLAY_PAGE)
        error = st.session_state.get(f"{key}_error")
        if error:
            st.error(error)


def show_link_message() -> None:
    """What opening a link said, until the learner moves on."""
    msg = link_state.message()
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
    hist = state.scenario_session(sid).history
    for i, run in enumerate(hist):
        if run.scenario is not checked.scenario and len(run.scenario.steps) == len(
            checked.scenario.steps
        ):
            names = checked.table.seat_names
            table = dataclasses.replace(run.table, seat_names=names)
            hist[i] = dataclasses.replace(run, scenario=checked.scenario, table=table)


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
    sid = state.current_scenario()
    if sid is None:  # no link, no choice yet: open the first scenario of the course
        first = next(iter(_game_ids(st.session_state.get("play_game", GAMES[0]))), None)
        if first is not None:
            state.set_current_scenario(first)
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
    if state.current_scenario() != sid or run is None or store.whole_run_due():
        st.rerun()  # another scenario (its heading too), or the browser's kept language
    ctl = Controller(sid, checked)
    sc = checked.scenario
    hist = state.scenario_session(sid).history
    reviewing = state.scenario_session(sid).cursor < len(hist) - 1
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
