"""The counting trainer: tricks of a real hand one by one; the learner counts each."""

from __future__ import annotations

import streamlit as st

from tutorial.course.counting_trainer import (
    Exercise,
    describe_trick,
    diagnose,
    make_exercise,
    pile_rows,
    piles_split_text,
    piles_start_text,
    seat_labels,
    sides_text,
    trump_text,
)
from tutorial.engine.games import GAMES
from tutorial.language.i18n import t, tn
from tutorial.pictures.card_svg import card_svg
from tutorial.pictures.picture_words import card_words
from tutorial.webapp import common, state


def _new(game: str, seed: int) -> None:
    tr = state.session().trainer
    tr.game, tr.seed, tr.index, tr.answers, tr.last, tr.last_right = game, seed, 0, {}, "", False


def _check() -> None:
    tr = state.session().trainer
    ex = make_exercise(tr.game, tr.seed)
    raw = state.widget("trainer_answer")
    try:
        given = float(str(raw).replace(",", "."))
    except ValueError:
        tr.last, tr.last_right = t("trainer.not_a_number"), False
        return
    d = diagnose(ex, tr.index, given)
    tr.last, tr.last_right = d.message, d.right
    if d.right:
        answers = dict(tr.answers or {})
        answers[tr.index] = given
        tr.answers = answers


def _on_game() -> None:
    """The game chosen here becomes the game being learnt."""
    state.session().learn(state.widget("trainer_game"))


def piles_markdown(ex: Exercise, index: int, *, final: bool = False) -> str:
    """Each side's pile after trick ``index`` as a small Markdown table: the side, what the
    trick put in its pile and what it holds so far (at the end: what it holds in all)."""
    head = [t("trainer.piles_side")]
    head += (
        [t("trainer.piles_final")]
        if final
        else [t("trainer.piles_trick"), t("trainer.piles_total")]
    )
    lines = [
        f"**{t('trainer.piles_heading')}**",
        "",
        "| " + " | ".join(head) + " |",
        "|" + "|".join([":--"] + ["--:"] * (len(head) - 1)) + "|",
    ]
    for row in pile_rows(ex, index):
        figures = [f"{row.total:g}"] if final else [_share(row.trick), f"{row.total:g}"]
        lines.append("| " + " | ".join([row.side, *figures]) + " |")
    return "\n".join(lines)


def _share(points: float) -> str:
    """What a trick put in a pile: ``+14``, or a dash for nothing."""
    return f"+{points:g}" if points else "–"


def _show_piles(ex: Exercise, index: int, *, final: bool = False) -> None:
    """The piles' table, with why a pile held points before play or took some from a
    trick its side did not win."""
    st.markdown(piles_markdown(ex, index, final=final))
    notes = piles_start_text(ex)
    if not final:
        notes.append(piles_split_text(ex, index))
    for note in notes:
        if note:
            st.caption(note)


def _next() -> None:
    tr = state.session().trainer
    tr.index += 1
    tr.last, tr.last_right = "", False
    state.set_widget("trainer_answer", "")


def main() -> None:
    """The page."""
    st.title(t("trainer.title"))
    st.write(t("trainer.intro"))
    tr = state.session().trainer
    learning = state.session().learning_game
    if not state.has_widget("trainer_game") and learning not in (None, tr.game):
        _new(str(learning), tr.seed)  # opened anew: on the game being learnt
    c1, c2, c3 = st.columns([2, 2, 1], vertical_alignment="bottom")
    game = c1.selectbox(
        t("play.game"),
        GAMES,
        index=GAMES.index(tr.game),
        format_func=common.game_title,
        key="trainer_game",
        on_change=_on_game,
    )
    seed = int(
        c2.number_input(
            t("score.seed"), min_value=1, max_value=10**6, value=tr.seed, key="trainer_seed"
        )
    )
    c3.button(t("trainer.new"), key="trainer_new", on_click=_new, args=(game, seed))
    if tr.answers is None or game != tr.game:
        _new(game, seed)
    ex = make_exercise(tr.game, tr.seed)
    if tr.index >= len(ex.tricks):
        total = tn("plural.points", ex.running_total(len(ex.tricks) - 1))
        st.success(tn("trainer.done", len(ex.tricks), total=total))
        _show_piles(ex, len(ex.tricks) - 1, final=True)
        return
    st.caption(trump_text(ex))
    four = state.settings().four_colour
    trick = ex.tricks[tr.index]
    st.header(t("trainer.trick", i=tr.index + 1, n=len(ex.tricks)))
    with st.container(horizontal=True, gap="small", key="trainer_cards"):
        names = seat_labels(ex)
        for p in trick.plays:
            caption = t("trainer.play", name=names[p.seat], card=card_words(p.card))
            st.image(
                card_svg(p.card, four_colour=four, width=90),
                width=90,
                caption=caption,
                alt=card_words(p.card),
            )
    st.caption(describe_trick(ex, tr.index))
    sides = sides_text(ex)
    if sides:  # whose the cards are decides what counts (the Tarot Excuse)
        st.caption(sides)
    if ex.state.last_trick_bonus and tr.index == len(ex.tricks) - 1:
        st.caption(t("trainer.last_trick"))
    solved = tr.answers is not None and tr.index in tr.answers
    if not solved:
        st.text_input(t("trainer.question"), key="trainer_answer", on_change=_check)
        st.button(t("trainer.check"), key="trainer_check", on_click=_check)
    if tr.last:
        (st.success if tr.last_right else st.warning)(tr.last)
    if solved:
        _show_piles(ex, tr.index)
        st.button(t("trainer.next"), key="trainer_next", on_click=_next, type="primary")
