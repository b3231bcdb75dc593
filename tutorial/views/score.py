"""Score explainer: a dealt-and-played hand (or the last scenario's hand), pictured."""

from __future__ import annotations

import random

import streamlit as st

from tutorial.engine.core import rulesets
from tutorial.engine.errors import TutorialError
from tutorial.engine.games import GAMES, random_hand
from tutorial.i18n import t
from tutorial.scenarios.position import DEFAULT_SEATS, Table
from tutorial.ui import common, state
from tutorial.ui.score_view import show_outcome


@st.cache_data(max_entries=64, show_spinner=False)
def _dealt(game: str, rs_name: str, seed: int) -> tuple[str, int]:
    """Which seed (from ``seed`` on) gives a played hand (Tarot may be passed out)."""
    for s in range(seed, seed + 50):
        st_ = random_hand(game, random.Random(s), rs_name)
        d = st_.outcome().details
        played = game != "tarot" or bool(d.get("contract"))
        if played and (game != "belote" or d.get("result") != "redeal"):
            return rs_name, s
    return rs_name, seed


def main() -> None:
    """The page."""
    st.title(t("score.title"))
    st.write(t("score.intro"))

    # The learner's last finished scenario, if any
    sid = state.current_scenario()
    run = state.current_run(sid) if sid else None
    if run is not None and run.state.is_terminal:
        st.header(t("score.from_scenario"))
        st.caption(run.scenario.title)
        show_outcome(run.state, run.table, key_prefix="scn")

    st.header(t("score.deal"))
    c1, c2, c3 = st.columns(3)
    game = c1.selectbox(t("score.game"), GAMES, format_func=common.game_title, key="score_game")
    names = [r.name for r in rulesets(game)]
    rs_name = c2.selectbox(t("score.ruleset"), names, key=f"score_rs_{game}")
    seed = int(
        c3.number_input(
            t("score.seed"), min_value=0, max_value=10**9, value=1, step=1, key="score_seed"
        )
    )

    try:
        rs, used = _dealt(game, rs_name, seed)
        hand = random_hand(game, random.Random(used), rs)
    except TutorialError as e:
        st.error(str(e))
        st.stop()
    n = hand.num_players
    table = Table(DEFAULT_SEATS[n], 0, 0, hand)
    show_outcome(hand, table, key_prefix="deal")
