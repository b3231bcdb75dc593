"""Review: the learner's own deck of positions got wrong, brought back when due.

A scenario card opens the scenario at its step on the Play page (the table, with its
refusals, hints and explanations); the move made there rates the card
(:func:`tutorial.webapp.state.scenario_outcome`). A quiz card asks its question again
here. Any card can be suspended; the deck can be cleared. Nothing is lost by not coming.
"""

from __future__ import annotations

import streamlit as st

from tutorial.course.lessons import Lesson, QuizQuestion, lesson_by_id, mark_answer
from tutorial.course.review_deck import (
    DeckCard,
    PracticeSource,
    QuizSource,
    Rating,
    ScenarioSource,
    days_until_due,
    due_cards,
    due_counts,
    rating_for,
    review,
    suspend,
)
from tutorial.engine.cards import Card
from tutorial.engine.errors import TutorialError
from tutorial.engine.games import GAMES
from tutorial.language.i18n import t, tn
from tutorial.scenarios.runtime import goto, start
from tutorial.webapp import common, navigation, state
from tutorial.webapp.common import course
from tutorial.webapp.inert import inert_markdown


def _lessons() -> list[Lesson]:
    return course(state.settings().language)[0]


def _quiz_question(source: QuizSource) -> tuple[Lesson, QuizQuestion] | None:
    lesson = lesson_by_id(source.lesson, _lessons())
    if lesson is None or source.question >= len(lesson.model.quiz):
        return None
    return lesson, lesson.model.quiz[source.question]


def card_title(card: DeckCard) -> str:
    """What a card is about, in the learner's words (the scenario's or lesson's title)."""
    source = card.source
    if isinstance(source, ScenarioSource):
        checked = common.library().get(source.scenario)
        if checked is None:
            return t("review.gone")
        return t("review.scenario_title", title=checked.scenario.title, step=source.step + 1)
    if isinstance(source, QuizSource):
        found = _quiz_question(source)
        if found is None:
            return t("review.gone")
        return t("review.quiz_title", title=found[0].title)
    trick = source.trick or 1
    return t("review.practice_title", game=common.game_title(card.game), trick=trick)


def shown_action(code: str) -> str:
    """A card code as the table shows it (``8H``: ``8♥``); a bid or other action as it is."""
    try:
        return Card.parse(code).label
    except (TutorialError, ValueError):
        return code


def when_due(card: DeckCard) -> str:
    """When a card comes back: today, in n days, or suspended."""
    if card.suspended:
        return t("review.suspended")
    days = days_until_due(card, state.now())
    return t("review.due_today") if days == 0 else tn("review.due_in", days)


def open_scenario_card(key: str, source: ScenarioSource) -> None:
    """Open a scenario card's step at the Play page's table (for the Play page to show)."""
    checked = common.library().get(source.scenario)
    if checked is None:
        return
    run = start(checked.scenario, checked.table)
    if source.step:
        run = goto(run, source.step)
    state.set_current_scenario(source.scenario)
    state.open_scenario_session(source.scenario, run)
    state.set_link_applied(f"{source.scenario}|{source.step}")
    state.set_review_open(key)


def _suspend(key: str, value: bool) -> None:
    state.set_deck(suspend(state.deck(), key, state.now(), suspended=value))


def _check_quiz(key: str, question: QuizQuestion) -> None:
    chosen = st.session_state.get(f"review_quiz_{key}")
    if chosen is None:
        return
    right = mark_answer(question, chosen) == "correct"
    deck = review(state.deck(), key, rating_for(right), state.now())
    state.set_deck(deck)
    days = days_until_due(deck.cards[key], state.now())
    st.session_state["review_quiz_result"] = (key, right, days)


def _seen(key: str) -> None:
    """A practice card read again: rated Good."""
    deck = review(state.deck(), key, Rating.GOOD, state.now())
    state.set_deck(deck)
    st.session_state["review_quiz_result"] = (
        key,
        None,
        days_until_due(deck.cards[key], state.now()),
    )


def _clear() -> None:
    state.clear_deck()
    st.session_state["review_cleared"] = True


def show_done() -> None:
    """What the last review at the table or here gave: when the card comes back."""
    done = state.review_done()
    if done is not None:
        _, rating, days = done
        text = t("review.again_tomorrow") if rating == 1 else tn("review.next_in", days)
        st.success(text, icon=":material/event_repeat:")
    result = st.session_state.pop("review_quiz_result", None)
    if result is not None:
        _, right, days = result
        lead = "" if right is None else t("run.correct") if right else t("review.quiz_not_yet")
        text = f"{lead} {tn('review.next_in', days)}".strip()
        st.success(text, icon=":material/event_repeat:")


def show_card(key: str, card: DeckCard) -> None:
    """One due card: what it is, and how to answer it again."""
    source = card.source
    with st.container(border=True, key=f"review_card_{_safe(key)}"):
        st.markdown(f"**{inert_markdown(card_title(card))}**")
        if isinstance(source, ScenarioSource) and common.library().get(source.scenario):
            if card.tried:
                st.caption(t("review.tried", tried=shown_action(card.tried)))
            st.write(t("review.your_play"))
            if st.button(
                t("review.play"),
                key=f"review_play_{_safe(key)}",
                type="primary",
                icon=":material/playing_cards:",
                on_click=open_scenario_card,
                args=(key, source),
            ):
                st.switch_page(
                    navigation.PLAY_PAGE,
                    query_params={"scenario": source.scenario, "step": str(source.step)},
                )
        elif isinstance(source, QuizSource):
            found = _quiz_question(source)
            if found is not None:
                _, question = found
                st.radio(
                    inert_markdown(question.question),
                    [str(c) for c in question.choices],
                    format_func=inert_markdown,
                    index=None,
                    key=f"review_quiz_{key}",
                )
                st.button(
                    t("review.check"),
                    key=f"review_check_{_safe(key)}",
                    type="primary",
                    on_click=_check_quiz,
                    args=(key, question),
                )
        elif isinstance(source, PracticeSource):
            st.caption(
                t("review.practice_lost", points=f"{card.lost:g}", tried=shown_action(card.tried))
            )
            st.button(
                t("review.seen"),
                key=f"review_seen_{_safe(key)}",
                type="primary",
                on_click=_seen,
                args=(key,),
                help=t("review.seen_help"),
            )
        st.button(
            t("review.suspend"),
            key=f"review_suspend_{_safe(key)}",
            on_click=_suspend,
            args=(key, True),
            help=t("review.suspend_help"),
        )


def _safe(key: str) -> str:
    """A card key as a widget key (letters, digits, underscores)."""
    return "".join(c if c.isalnum() else "_" for c in key)


def show_deck() -> None:
    """Every card with when it comes back; suspended cards can be brought back."""
    deck = state.deck()
    if not deck.cards:
        return
    with st.expander(tn("review.all_cards", len(deck.cards)), icon=":material/style:"):
        for key, card in sorted(deck.cards.items(), key=lambda kv: (kv[1].due, kv[0])):
            with st.container(horizontal=True, gap="small"):
                st.markdown(
                    f"{common.game_title(card.game)} · {inert_markdown(card_title(card))} · "
                    f"{when_due(card)}"
                )
                if card.suspended:
                    st.button(
                        t("review.resume"),
                        key=f"review_resume_{_safe(key)}",
                        on_click=_suspend,
                        args=(key, False),
                    )
        sure = st.checkbox(t("review.clear_confirm"), key="review_clear_sure")
        st.button(t("review.clear"), key="review_clear", on_click=_clear, disabled=not sure)


def main() -> None:
    """The page."""
    st.title(t("review.title"))
    st.caption(t("review.help"))
    if st.session_state.pop("review_cleared", False):
        st.success(t("review.cleared"))
    show_done()
    state.forget_review_done()
    now = state.now()
    deck = state.deck()
    counts = due_counts(deck, now)
    games = [g for g in GAMES if counts.get(g)]
    if not games:
        st.info(t("review.nothing_due"), icon=":material/check_circle:")
    else:
        asked = st.query_params.get("game")  # Home's "Review: n due" of one game
        if asked in games and asked != st.session_state.get("review_asked"):
            st.session_state["review_asked"] = asked
            st.session_state["review_game"] = asked
        if st.session_state.get("review_game") not in games:
            st.session_state["review_game"] = games[0]
        game = st.radio(
            t("review.game"),
            games,
            format_func=lambda g: t("review.game_due", game=common.game_title(g), n=counts[g]),
            key="review_game",
            horizontal=True,
        )
        due = due_cards(deck, now, game=game)
        st.caption(tn("review.due_count", len(due)))
        for key, card in due[:5]:
            show_card(key, card)
    show_deck()


def play_banner(scenario_id: str) -> None:
    """On the Play page: the card under review, or what its review gave, with the way back."""
    done = state.review_done()
    under = state.review_open()
    if under is not None and under.startswith(f"scenario:{scenario_id}:"):
        st.info(t("review.at_table"), icon=":material/event_repeat:")
    elif done is not None and done[0].startswith(f"scenario:{scenario_id}:"):
        _, rating, days = done
        text = t("review.again_tomorrow") if rating == 1 else tn("review.next_in", days)
        st.success(text, icon=":material/event_repeat:")
        st.page_link(navigation.REVIEW_PAGE, label=t("review.back"), icon=":material/arrow_back:")
