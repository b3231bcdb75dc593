""" "Save as scenario": a download button that writes a position as a scenario file.

Used by the Score explainer (any moment of the computer players' hand) and the Play
page (the position reached in a scenario). The file is made only when the button is
clicked (the solver takes up to a few seconds), by :func:`tutorial.scenarios.export.
scenario_yaml`; it passes ``python -m tutorial check`` as it is.
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from tutorial.engine.contract import GameState
from tutorial.language.i18n import language, speaking, t
from tutorial.scenarios.export import Earlier, scenario_yaml
from tutorial.scenarios.runtime import Run

#: The solver's time for the file's answer (the file is made on a click, not every run).
SECONDS = 2.0


def can_save(state: GameState) -> bool:
    """Whether a scenario can start here: the play phase, a card to play."""
    return state.phase == "play" and state.to_move is not None and not state.is_terminal


def save_button(
    state: GameState,
    *,
    title: str,
    seat_names: Sequence[str] | None,
    key: str,
    earlier: Earlier = "tricks",
    help_text: str | None = None,
) -> None:
    """A "Save as scenario" download button for ``state`` (the seat to move is the learner)."""
    lang = language()
    names = tuple(seat_names) if seat_names is not None else None

    def make() -> str:
        with speaking(lang):  # the file may be made in another thread: the page's language
            return scenario_yaml(
                state, title=title[:120], seat_names=names, seconds=SECONDS, earlier=earlier
            )

    st.download_button(
        t("record.button"),
        make,
        file_name=t("record.file_name"),
        mime="application/x-yaml",
        key=key,
        icon=":material/save:",
        help=help_text,
        on_click="ignore",
    )


def save_run_position(run: Run, *, finished: bool) -> None:
    """The Play page's "Save as scenario": the position on the table, the seat to move
    as the learner.

    Offered only where it shows no card the learner may not see yet: every hand known at
    this step, or the scenario over (its positions reviewed).
    """
    if not can_save(run.state) or not (run.position_known or finished):
        return
    save_button(
        run.state,
        title=t("record.play_title", title=run.scenario.title, step=run.step + 1),
        seat_names=run.table.seat_names,
        key="play_save_scenario",
        help_text=t("record.play_help"),
    )
