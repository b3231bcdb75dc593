"""Review: the learner's own deck of positions got wrong, brought back when due.

A scenario card opens the scenario at its step on the Play page (the table, with its
refusals, hints and explanations); the move made there rates the card
(:func:`tutorial.course.recorder.record_move`). A quiz card asks its question again
here. A practice card opens its position at the table here (the deal rebuilt,
:mod:`tutorial.course.review_position`): an illegal card is refused with the rule, the
first legal card is judged against the card's review and rates it. Any card can be
suspended; the deck can be cleared. Nothing is lost by not coming.
"""

from __future__ import annotations

import dataclasses

import streamlit as st

from tutorial.course import practice, review_position
from tutorial.course.lessons import Lesson, QuizQuestion, lesson_by_id, mark_answer
from tutorial.course.links import step_param
from tutorial.course.review_deck import (
    NEW_PER_DAY,
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
    waiting_new,
)
from tutorial.course.review_position import PracticeCardError, PracticeTry
from tutorial.engine.cards import Card
from tutorial.engine.errors import TutorialError
from tutorial.engine.games import GAMES
from tutorial.engine.reasons import figure
from tutorial.engine.seats import seat_names
from tutorial.language.i18n import t, tn
from tutorial.pictures.table_data import practice_table_data, safe_html
from tutorial.scenarios.model import AskStep, Scenario
from tutorial.scenarios.reasons import answer_label
from tutorial.scenarios.runtime import goto, start
from tutorial.webapp import common, navigation, state
from tutorial.webapp.common import course
from tutorial.webapp.inert import inert_markdown
from tutorial.webapp.table_component import show_table


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


def scenario_prompt(card: DeckCard, source: ScenarioSource, scenario: Scenario) -> tuple[str, str]:
    """What a scenario card says was tried last time, and what it asks: at a question
    step, the answer given and the question itself (a number or a seat is no card
    played); at a card, the card and "your play?"."""
    step = scenario.steps[source.step] if source.step < len(scenario.steps) else None
    if isinstance(step, AskStep):
        tried = t("review.answered", answer=answer_label(card.tried)) if card.tried else ""
        return tried, str(step.ask.question)
    tried = t("review.tried", tried=shown_action(card.tried)) if card.tried else ""
    return tried, t("review.your_play")


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
    # A review card's step is practice, not a run of the scenario: its end earns no stars.
    run = dataclasses.replace(run, whole=False)
    state.session().open_scenario(source.scenario)
    state.open_scenario_session(source.scenario, run)
    state.session().play.link_applied = f"{source.scenario}|{step_param(source.step)}"
    state.session().set_review_open(key)


def _suspend(key: str, value: bool) -> None:
    state.session().deck = suspend(state.session().deck, key, state.now(), suspended=value)
    state.session().review.set_aside = value  # said once, on the next run


def _check_quiz(key: str, question: QuizQuestion) -> None:
    chosen = state.widget(f"review_quiz_{key}")
    if chosen is None:
        return
    right = mark_answer(question, chosen) == "correct"
    deck = review(state.session().deck, key, rating_for(right), state.now())
    state.session().deck = deck
    days = days_until_due(deck.cards[key], state.now())
    state.session().review.quiz_result = (key, right, days)


def _seen(key: str) -> None:
    """A practice card read again: rated Good."""
    deck = review(state.session().deck, key, Rating.GOOD, state.now())
    state.session().deck = deck
    state.session().review.quiz_result = (
        key,
        None,
        days_until_due(deck.cards[key], state.now()),
    )


def open_practice_card(key: str) -> None:
    """Open a practice card's position at this page's table (a card that cannot be
    rebuilt is marked so, and offers to be read again instead)."""
    card = state.session().deck.cards.get(key)
    if card is None:
        return
    part = state.session().review
    try:
        part.practice_try = review_position.open_try(key, card)
    except PracticeCardError:
        part.practice_try = None
        part.practice_gone = part.practice_gone | {key}


def _practice_try() -> PracticeTry | None:
    return state.session().review.practice_try


def close_practice_card() -> None:
    """Back from the table to the deck."""
    state.session().review.practice_try = None


def play_practice_card(code: str) -> None:
    """The learner's card at the practice card's table: refused with the rule, or judged;
    the first legal card rates the deck card."""
    attempt = _practice_try()
    if attempt is None:
        return
    after = review_position.try_card(attempt, code)
    state.session().review.practice_try = after
    rating = review_position.rating(after)
    if attempt.rated or rating is None or attempt.key not in state.session().deck.cards:
        return
    deck = review(state.session().deck, attempt.key, rating, state.now())
    state.session().deck = deck


def typed_card() -> None:
    """The learner typed a card at the practice card's table and pressed Enter."""
    text = str(state.widget("review_typed", "")).strip()
    state.set_widget("review_typed", "")
    if text:
        play_practice_card(text)


def practice_hint() -> None:
    """One more hint at the practice card's table."""
    attempt = _practice_try()
    if attempt is not None:
        state.session().review.practice_try = review_position.ask_hint(attempt)


def _ignore(_value: str) -> None:
    """The practice card's table asks no question and has no discard."""


def judgement_feedback(attempt: PracticeTry) -> dict[str, str] | None:
    """The table's feedback box for the card judged last (None when none or refused)."""
    judged = attempt.latest
    if judged is None or attempt.hand.refusal is not None:
        return None
    with seat_names(attempt.hand.table.seat_names):
        lines = [safe_html(line) for line in judged.sentences()]
    if judged.right:
        return {"tone": "success", "head": t("review.practice_best"), "html": "<br>".join(lines)}
    return {"tone": "warning", "head": t("review.practice_costly"), "html": "<br>".join(lines)}


def show_practice_card(attempt: PracticeTry) -> None:
    """The practice card open at the table: "your play?", the hints, what the card gave."""
    card = state.session().deck.cards.get(attempt.key)
    hand = attempt.hand
    settings = state.settings()
    if card is not None:
        st.header(card_title(card))
    data = practice_table_data(hand, four_colour=settings.four_colour, presenter=settings.presenter)
    data["prompt"] = t("review.your_play")
    feedback = judgement_feedback(attempt)
    if feedback is not None:
        data["feedback"] = feedback
    left, right = common.table_and_side()
    with left:
        show_table(
            data,
            on_card=play_practice_card,
            on_action=play_practice_card,
            on_answer=_ignore,
            on_discard=_ignore,
            key="review_table",
        )
        with st.expander(t("play.fallback"), icon=":material/keyboard:"):
            st.text_input(t("practice.type_card"), key="review_typed", on_change=typed_card)
    with right:
        if attempt.first is None:
            for tier in range(1, hand.hint_tier + 1):
                text = practice.hint_text(hand, tier)
                st.info(inert_markdown(text), icon=":material/lightbulb:")
            tiers = practice.hint_tiers(hand)
            if hand.hint_tier < tiers:
                st.button(
                    t("practice.hint", n=hand.hint_tier + 1, total=tiers),
                    key="review_practice_hint",
                    on_click=practice_hint,
                    icon=":material/lightbulb:",
                )
        else:
            if card is not None:
                rating = review_position.rating(attempt)
                days = days_until_due(card, state.now())
                again = rating == Rating.AGAIN
                text = t("review.again_tomorrow") if again else tn("review.next_in", days)
                st.success(text, icon=":material/event_repeat:")
            st.caption(t("review.practice_explore"))
        st.button(
            t("review.practice_close"),
            key="review_practice_close",
            on_click=close_practice_card,
            icon=":material/arrow_back:",
        )


def _clear() -> None:
    state.clear_deck()
    state.session().review.practice_try = None
    state.session().review.cleared = True


def show_done() -> None:
    """What the last review at the table or here gave: when the card comes back."""
    done = state.session().review.done
    if done is not None:
        _, rating, days = done
        text = t("review.again_tomorrow") if rating == 1 else tn("review.next_in", days)
        st.success(text, icon=":material/event_repeat:")
    result, state.session().review.quiz_result = state.session().review.quiz_result, None
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
        checked = (
            common.library().get(source.scenario) if isinstance(source, ScenarioSource) else None
        )
        if isinstance(source, ScenarioSource) and checked is not None:
            tried, asked = scenario_prompt(card, source, checked.scenario)
            if tried:
                st.caption(tried)
            st.markdown(inert_markdown(asked))
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
                    query_params={"scenario": source.scenario, "step": step_param(source.step)},
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
                t(
                    "review.practice_lost",
                    points=f"{figure(card.lost):g}",
                    tried=shown_action(card.tried),
                )
            )
            if key in state.session().review.practice_gone:
                st.write(t("review.practice_gone"))
                st.button(
                    t("review.seen"),
                    key=f"review_seen_{_safe(key)}",
                    type="primary",
                    on_click=_seen,
                    args=(key,),
                    help=t("review.seen_help"),
                )
            else:
                st.write(t("review.your_play"))
                st.button(
                    t("review.play"),
                    key=f"review_practice_{_safe(key)}",
                    type="primary",
                    icon=":material/playing_cards:",
                    on_click=open_practice_card,
                    args=(key,),
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
    deck = state.session().deck
    if not deck.cards:
        return
    with st.expander(tn("review.all_cards", len(deck.cards)), icon=":material/style:"):
        if any(card.suspended for card in deck.cards.values()):
            st.caption(t("review.deck_help"))
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
                        help=t("review.resume_help"),
                    )
        sure = st.checkbox(t("review.clear_confirm"), key="review_clear_sure")
        st.button(t("review.clear"), key="review_clear", on_click=_clear, disabled=not sure)


def main() -> None:
    """The page."""
    st.title(t("review.title"))
    st.caption(t("review.help"))
    part = state.session().review
    cleared, part.cleared = part.cleared, False
    set_aside, part.set_aside = part.set_aside, False
    if cleared:
        st.success(t("review.cleared"))
    if set_aside:
        st.success(t("review.set_aside_done"), icon=":material/pause_circle:")
    show_done()
    state.session().review.done = None
    attempt = _practice_try()
    if attempt is not None:
        show_practice_card(attempt)
        return
    now = state.now()
    deck = state.session().deck
    counts = due_counts(deck, now)
    games = [g for g in GAMES if counts.get(g)]
    if not games:
        st.info(t("review.nothing_due"), icon=":material/check_circle:")
    else:
        asked = st.query_params.get("game")  # Home's "Review: n due" of one game
        if asked in games and asked != part.asked:
            part.asked = asked
            state.set_widget("review_game", asked)
        if state.widget("review_game") not in games:
            state.set_widget("review_game", games[0])
        game = st.radio(
            t("review.game"),
            games,
            format_func=lambda g: t("review.game_due", game=common.game_title(g), n=counts[g]),
            key="review_game",
            horizontal=True,
        )
        due = due_cards(deck, now, game=game)
        st.caption(tn("review.due_count", len(due)))
        st.caption(t("review.buttons_help"))
        for key, card in due[:5]:
            show_card(key, card)
    waiting = waiting_new(deck, now)
    if waiting:  # the day's new cards are all in: the others wait, and say so
        st.caption(tn("review.new_waiting", waiting, cap=NEW_PER_DAY))
    show_deck()


def play_banner(scenario_id: str) -> None:
    """On the Play page: the card under review, or what its review gave, with the way back."""
    done = state.session().review.done
    under = state.session().review.open
    if under is not None and under.startswith(f"scenario:{scenario_id}:"):
        st.info(t("review.at_table"), icon=":material/event_repeat:")
    elif done is not None and done[0].startswith(f"scenario:{scenario_id}:"):
        _, rating, days = done
        text = t("review.again_tomorrow") if rating == 1 else tn("review.next_in", days)
        st.success(text, icon=":material/event_repeat:")
        st.page_link(
            navigation.REVIEW_PAGE,
            label=t("review.back"),
            icon=":material/arrow_back:",
            query_params=common.kept_params(),
        )
