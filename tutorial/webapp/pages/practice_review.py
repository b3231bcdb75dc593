"""The Practice page's review of a finished hand: every decision's verdict and reason,
"Show me" (a reviewed card's better line played on the table, card by card, every card
shown, beside the learner's line trick by trick), and "Could I have won?" (the best the
learner's side could have scored from each trick).

Everything shown here was worked out by the background worker as the hand was played
(``course.practice.review_progress``): a page run never waits for it.
"""

from __future__ import annotations

import streamlit as st

from tutorial.analysis.bid_advice import seat_score
from tutorial.analysis.card_review import LINES_BEST, LINES_HABITS, CardReview
from tutorial.course import practice, review_worker
from tutorial.course.practice import PracticeHand, ReviewProgress
from tutorial.engine.seats import seat_names
from tutorial.language.i18n import t, tn
from tutorial.pictures.line_compare import (
    could_have_rows,
    frame_alt,
    frame_svg,
    hands_shown,
    shown_line,
    step_caption,
    trick_comparison,
)
from tutorial.webapp import class_link, state
from tutorial.webapp.inert import inert_markdown

__all__ = ["show_review"]

#: The two lines "Show me" plays, and their words.
BETTER, YOURS = "better", "yours"
_LINE_WORDS = {BETTER: "show_me.line_better", YOURS: "show_me.line_yours"}
#: How the lines were found, in words (``CardReview.lines``).
_BASIS = {LINES_BEST: "show_me.basis_best", LINES_HABITS: "show_me.basis_habits"}


def _worker() -> review_worker.ReviewWorker:
    """The worker reviewing the learner's decisions in the background (the server's)."""
    return review_worker.shared_worker()


def _lines(hand: PracticeHand, item: practice.Reviewed) -> str:
    """A decision's verdict, then its reasons, one line each (seats named as at the table)."""
    with seat_names(hand.table.seat_names):
        return "  \n".join(inert_markdown(line) for line in item.sentences())


def _showable(item: practice.Reviewed) -> bool:
    """Whether "Show me" can play this decision's lines (a reviewed card with them)."""
    return isinstance(item, CardReview) and bool(item.line_better)


def _show(hand_id: int, move: int) -> None:
    """Open "Show me" on the card at ``move``, at the start of its better line."""
    state.session().practice.show_me = {"hand": hand_id, "move": move, "line": BETTER, "step": 0}


def _step(delta: int) -> None:
    """One card further along the line on show (or back)."""
    shown = state.session().practice.show_me
    if shown:
        shown["step"] = max(0, shown["step"] + delta)


def _switched(key: str) -> None:
    """Play the line chosen (widget ``key``) from its start."""
    shown = state.session().practice.show_me
    line = state.widget(key)
    if shown and line in (BETTER, YOURS):
        shown["line"], shown["step"] = line, 0


def _close() -> None:
    state.session().practice.show_me = None


def _show_me_button(hand: PracticeHand, item: practice.Reviewed, where: str) -> None:
    if _showable(item):
        st.button(
            t("show_me.button"),
            key=f"show_me_{where}_{item.move}",
            on_click=_show,
            args=(hand.hand_id, item.move),
            icon=":material/play_circle:",
        )


def show_me(hand: PracticeHand, progress: ReviewProgress) -> None:
    """The card on show: its better line (or the learner's) on the table, card by card,
    every hand shown, and the two lines trick by trick."""
    shown = state.session().practice.show_me
    if not shown or shown["hand"] != hand.hand_id:
        return
    item = next((r for r in progress.cards if r.move == shown["move"]), None)
    if item is None or not _showable(item):
        return
    assert item.better is not None
    table = hand.table
    plays = item.line_better if shown["line"] == BETTER else item.line_played
    line = shown_line(item.state, plays)
    step = min(shown["step"], len(line.plays))
    with st.container(border=True, key="practice_show_me"):
        with seat_names(table.seat_names):
            st.markdown(
                f"**{t('show_me.title', trick=item.trick, card=item.played.label, better=item.better.label)}**"
            )
            if item.lines:
                st.caption(t(_BASIS[item.lines]))
        key = f"show_me_line_{hand.hand_id}_{item.move}"
        st.segmented_control(
            t("show_me.which"),
            [BETTER, YOURS],
            format_func=lambda k: t(_LINE_WORDS[k], card=_card_of(item, k)),
            default=shown["line"],
            key=key,
            on_change=_switched,
            args=(key,),
        )
        settings = state.settings()
        st.image(
            frame_svg(line, step, table, four_colour=settings.four_colour),
            alt=frame_alt(line, step, table),
        )
        st.markdown(inert_markdown(step_caption(line, step, table)))
        with st.container(horizontal=True, gap="small"):
            st.button(
                t("show_me.previous"),
                key="show_me_previous",
                on_click=_step,
                args=(-1,),
                disabled=step <= 0,
                icon=":material/skip_previous:",
            )
            st.button(
                t("show_me.next"),
                key="show_me_next",
                on_click=_step,
                args=(1,),
                disabled=step >= len(line.plays),
                type="primary",
                icon=":material/skip_next:",
            )
            st.button(t("show_me.close"), key="show_me_close", on_click=_close)
        with st.expander(t("show_me.hands"), icon=":material/visibility:"):
            for name, cards in hands_shown(line.at(step), table):
                st.markdown(inert_markdown(t("show_me.hand", name=name, cards=cards)))
        rows = trick_comparison(item, table)
        if rows:
            st.table(
                [
                    {
                        t("show_me.col_trick"): f"{'✱ ' if row.changed else ''}{row.number}",
                        t("show_me.col_yours", card=item.played.label): row.yours,
                        t("show_me.col_better", card=item.better.label): row.better,
                    }
                    for row in rows
                ]
            )
            st.caption(t("show_me.changed_note"))


def _card_of(item: CardReview, which: str) -> str:
    card = item.better if which == BETTER else item.played
    return card.label if card is not None else ""


def show_could_have(hand: PracticeHand, progress: ReviewProgress) -> None:
    """ "Could I have won?": per trick, what the learner's side would have scored with best
    play by everyone from its start, every card shown, beside what it scored."""
    if not progress.best_from and not progress.best_pending:
        return
    scored = seat_score(hand.state, hand.state.outcome(), hand.learner)
    with st.expander(t("show_me.could_title"), icon=":material/emoji_events:"):
        st.markdown(tn("show_me.could_intro", scored))
        if progress.best_pending:
            st.caption(tn("show_me.could_pending", progress.best_pending))
            st.button(
                t("practice.review_refresh"),
                key="practice_could_refresh",
                icon=":material/refresh:",
            )
        st.table(
            [
                {
                    t("show_me.col_from"): where,
                    t("show_me.col_best"): f"{'↑ ' if better else ''}{text}",
                }
                for where, text, better in could_have_rows(progress.best_from, scored)
            ]
        )
        st.caption(t("show_me.could_note"))


def show_review(hand: PracticeHand) -> None:
    """The learner's three costliest decisions with their reasons, then every decision
    folded below, each card with "Show me"; "Could I have won?"; what the background
    worker has finished, and how many cards it is still working on (shown on the next
    rerun: the button asks for one)."""
    st.header(t("practice.review_title"))
    progress = practice.review_progress(hand, _worker())
    if progress.pending:
        st.info(
            tn("practice.review_pending", progress.pending, total=progress.total),
            icon=":material/hourglass_top:",
        )
        st.button(
            t("practice.review_refresh"), key="practice_review_refresh", icon=":material/refresh:"
        )
    reviews = progress.reviews
    if not reviews:
        return
    worst = practice.costliest(reviews)
    # The review deck keeps the costly cards (a bid or discard is not rebuilt there).
    state.practice_costly(hand, [w for w in worst if isinstance(w, CardReview)])
    class_link.practice_hand(hand, progress)  # a learner in a class: the hand goes to it
    if worst:
        st.markdown(t("practice.review_costliest"))
        for item in worst:
            st.warning(_lines(hand, item), icon=":material/trending_down:")
            _show_me_button(hand, item, "worst")
    elif progress.complete:
        st.success(t("practice.review_perfect"))
    show_me(hand, progress)
    with st.expander(t("practice.review_all"), icon=":material/list:"):
        for item in sorted(reviews, key=lambda r: r.move):
            st.markdown(_lines(hand, item))
            _show_me_button(hand, item, "all")
    show_could_have(hand, progress)
