"""Scenario workshop: paste or upload YAML, see the checker's located errors, play it."""

from __future__ import annotations

import streamlit as st

from tutorial.engine.errors import ScenarioError
from tutorial.i18n import t
from tutorial.library import scenarios_root
from tutorial.scenarios.checker import check_bytes, check_text, problems_of
from tutorial.scenarios.yamlsafe import MAX_BYTES
from tutorial.ui import common, state

WORKSHOP_ID = "workshop"


def _load_example() -> None:
    example = scenarios_root() / "belote" / "overruff.yaml"
    st.session_state["workshop_text"] = (
        example.read_text(encoding="utf-8") if example.exists() else ""
    )


def main() -> None:
    """The page."""
    st.title(t("workshop.title"))
    st.write(t("workshop.intro"))

    st.button(t("workshop.example"), key="workshop_example", on_click=_load_example)
    text = st.text_area(t("workshop.paste"), key="workshop_text", height=320)
    upload = st.file_uploader(t("workshop.upload"), type=["yaml", "yml"], key="workshop_upload")

    result = None
    problems: list[str] = []
    if upload is not None:
        if upload.size > MAX_BYTES:
            problems = [t("workshop.too_big", size=f"{upload.size:,}", limit=f"{MAX_BYTES:,}")]
        else:
            try:
                result = check_bytes(upload.getvalue(), upload.name)
            except ScenarioError as e:
                problems = problems_of(e)
    elif (
        st.button(t("workshop.check"), key="workshop_check", type="primary") or text
    ) and text.strip():
        try:
            result = check_text(text, "pasted.yaml")
        except ScenarioError as e:
            problems = problems_of(e)

    if problems:
        st.error(t("workshop.problems"))
        st.code("\n".join(problems), language=None)  # plain text: nothing typed is rendered as HTML
    if result is not None:
        st.success(t("workshop.valid", title=result.scenario.title))
        if st.button(t("workshop.play"), key="workshop_play"):
            state.set_workshop_scenario(result)
            state.history(WORKSHOP_ID).clear()
            state.set_current_scenario(WORKSHOP_ID)
            st.switch_page(common.PLAY_PAGE)
