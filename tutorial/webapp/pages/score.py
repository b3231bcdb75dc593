"""Score explainer: a hand dealt and played by computer players, from the bids (in a
game that has them) or the deal to the score (or the last scenario's hand), pictured."""

from __future__ import annotations

from functools import lru_cache

import streamlit as st

from tutorial.analysis.beginner import played_deal
from tutorial.engine.contract import GameState
from tutorial.engine.errors import TutorialError
from tutorial.engine.games import GAMES, game_info
from tutorial.engine.outcomes import TrickResult
from tutorial.engine.rule_options import rulesets
from tutorial.engine.ruleset_titles import ruleset_title
from tutorial.language.i18n import t
from tutorial.pictures.hand_story import auction, deal_table, numbered_tricks
from tutorial.pictures.table_view import TABLE_PARTS
from tutorial.pictures.trick_history import SCORE_COLUMNS, trick_lines, trick_rows
from tutorial.scenarios import actions
from tutorial.scenarios.export import deal_moments
from tutorial.scenarios.position import DEFAULT_SEATS, Table
from tutorial.webapp import common, state
from tutorial.webapp.inert import inert_markdown
from tutorial.webapp.record import save_button
from tutorial.webapp.scenario_session import outcome_due
from tutorial.webapp.score_view import show_outcome


def main() -> None:
    """The page."""
    st.title(t("score.title"))
    if state.widget("score_game") not in GAMES:  # the game being learnt
        state.set_widget("score_game", state.session().default_game(GAMES[0]))
    st.write(intro(state.widget("score_game")))

    # The learner's last finished scenario, if any
    sid = state.session().play.current
    run = state.scenario_session(sid).run if sid else None
    if run is not None and outcome_due(run):
        st.header(t("score.from_scenario"))
        st.caption(inert_markdown(run.scenario.title))
        show_outcome(run.state, run.table, key_prefix="scn", every_chart=True)

    st.header(t("score.deal"))
    c1, c2, c3 = st.columns(3)
    game = c1.selectbox(
        t("score.game"),
        GAMES,
        format_func=common.game_title,
        key="score_game",
        on_change=_on_game,
    )
    names = [r.name for r in rulesets(game)]
    rs_name = c2.selectbox(
        t("score.ruleset"),
        names,
        format_func=lambda n: ruleset_title(game, n),
        key=f"score_rs_{game}",
    )
    number = int(
        c3.number_input(
            t("score.seed"), min_value=0, max_value=10**9, value=1, step=1, key="score_seed"
        )
    )
    try:
        used, hand = played_deal(game, rs_name, number)
    except TutorialError as e:
        st.error(str(e))
        st.stop()
    if used != number:
        st.caption(t("score.passed_out", asked=number, used=used))
    table = deal_table(hand)
    show_story(hand, table)
    st.subheader(t("score.score"))
    show_outcome(hand, table, key_prefix="deal", every_chart=True)
    record_panel(game, rs_name, used, table)


def intro(game: str) -> str:
    """The page's first words for the game chosen: bids only where the game has them."""
    return t("score.intro_bidding" if game_info(game).has_bidding else "score.intro_no_bidding")


def _on_game() -> None:
    """The game chosen here becomes the game being learnt."""
    state.session().learn(state.widget("score_game"))


@lru_cache(maxsize=16)
def _moments(game: str, ruleset: str, number: int) -> tuple[GameState, ...]:
    return tuple(deal_moments(game, ruleset, number))


def moment_label(state: GameState, names: tuple[str, ...]) -> str:
    """A moment of the hand in words: the trick, the card of it, who is to play."""
    assert state.to_move is not None
    return t(
        "record.moment_label",
        trick=len(state.tricks) + 1,
        card=len(state.current_trick) + 1,
        seat=names[state.to_move],
    )


def record_panel(game: str, ruleset: str, used: int, table: Table) -> None:
    """Save a moment of the dealt hand as a scenario file (a slider over the play)."""
    moments = _moments(game, ruleset, used)
    if not moments:
        return
    names = table.seat_names
    n = len(names)
    with st.expander(t("record.title"), icon=":material/save:"):
        st.caption(t("record.help"))
        index = st.select_slider(
            t("record.moment"),
            options=list(range(len(moments))),
            value=max(0, len(moments) - 3 * n),  # the last three tricks: the solver judges
            format_func=lambda i: moment_label(moments[i], names),
            key=f"record_moment_{game}_{ruleset}_{used}",
        )
        earlier = st.radio(
            t("record.earlier"),
            ["tricks", "points"],
            format_func=lambda e: (
                t("record.earlier_points") if e == "points" else t("record.earlier_tricks")
            ),
            horizontal=True,
            key="record_earlier",
        )
        moment = moments[index]
        title = t(
            "record.file_title",
            game=common.game_title(game),
            deal=used,
            trick=len(moment.tricks) + 1,
        )
        save_button(
            moment,
            title=title,
            seat_names=DEFAULT_SEATS[len(names)],  # a scenario file names seats in English
            key="record_save",
            earlier="points" if earlier == "points" else "tricks",
        )


def show_story(hand: GameState, table: Table) -> None:
    """How the hand was reached: the bids, the contract, then every trick and its winner."""
    names = table.seat_names
    st.subheader(t("score.how"))
    bids = auction(hand)
    if bids:
        said = t("score.list_separator").join(
            t("score.bid", seat=names[seat], bid=actions.label(bid)) for seat, bid in bids
        )
        st.text(t("score.bids", bids=said))
    for line in _contract_lines(hand, names):
        st.text(line)
    lines = trick_lines(numbered_tricks(hand), names, why=_no_why)  # no column for it
    rows = trick_rows(lines, SCORE_COLUMNS, points_as_text=False)
    st.dataframe(rows, hide_index=True, width="stretch", key="deal_tricks")


def _no_why(_trick: TrickResult) -> str:
    return ""


def _contract_lines(hand: GameState, names: tuple[str, ...]) -> list[str]:
    """The contract in words: who took what, and the cards set aside or turned up."""
    return TABLE_PARTS.of(hand.game).contract_lines(hand, names)
