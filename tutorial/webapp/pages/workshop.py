"""Scenario workshop: paste or upload YAML, see the checker's located errors, play it."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import streamlit as st

from tutorial.course.library import scenarios_root
from tutorial.engine.errors import ScenarioError
from tutorial.language.i18n import t
from tutorial.scenarios.checker import Checked, check_bytes, check_text, problems_of
from tutorial.scenarios.yamlsafe import MAX_BYTES, MAX_MEGABYTES
from tutorial.webapp import navigation, state
from tutorial.webapp.inert import inert_markdown
from tutorial.webapp.pages import workshop_share


def checked_once(
    source: str, data: bytes, check: Callable[[], Checked]
) -> tuple[Checked | None, list[str]]:
    """The checker's verdict on ``data``, computed once per distinct text or file.

    Streamlit reruns the page on every click; the last verdict is kept in the session
    with a digest of what it was about, and the check runs again only when that changes.
    """
    digest = hashlib.sha256(source.encode("utf-8") + b"\0" + data).hexdigest()
    last = state.session().workshop.last_check
    if last is not None and last[0] == digest:
        return last[1], last[2]
    result: Checked | None = None
    problems: list[str] = []
    try:
        result = check()
    except ScenarioError as e:
        problems = problems_of(e)
    state.session().workshop.last_check = (digest, result, problems)
    return result, problems


def _load_example() -> None:
    example = scenarios_root() / "belote" / "overruff.yaml"
    state.set_widget(
        state.WORKSHOP_TEXT, example.read_text(encoding="utf-8") if example.exists() else ""
    )


def main() -> None:
    """The page."""
    st.title(t("workshop.title"))
    st.write(t("workshop.intro"))

    st.button(t("workshop.example"), key="workshop_example", on_click=_load_example)
    limit = t("workshop.limit", mb=MAX_MEGABYTES)
    text = st.text_area(
        t("workshop.paste", limit=limit), key=state.WORKSHOP_TEXT, height=320, max_chars=MAX_BYTES
    )
    upload = st.file_uploader(
        t("workshop.upload", limit=limit),
        type=["yaml", "yml"],
        key="workshop_upload",
        max_upload_size=MAX_MEGABYTES,
    )

    result = None
    problems: list[str] = []
    checked = ""  # the text the checker read, shown with line numbers beside it
    if upload is not None and text.strip():
        # Both at once: say so rather than silently ignore one of them.
        st.warning(t("workshop.both"))
    elif upload is not None:
        if upload.size > MAX_BYTES:
            problems = [t("workshop.too_big", size=f"{upload.size:,}", limit=f"{MAX_BYTES:,}")]
        else:
            raw = upload.getvalue()
            result, problems = checked_once(
                f"upload:{upload.name}", raw, lambda: check_bytes(raw, upload.name)
            )
            checked = raw.decode("utf-8", "replace")
    elif (
        st.button(t("workshop.check"), key="workshop_check", type="primary") or text
    ) and text.strip():
        result, problems = checked_once(
            "paste", text.encode("utf-8", "surrogatepass"), lambda: check_text(text, "pasted.yaml")
        )
        checked = text

    if problems:
        st.error(t("workshop.problems"))
        st.code("\n".join(problems), language=None)  # plain text: nothing typed is rendered as HTML
    if checked and (problems or result is not None):
        with st.expander(t("workshop.numbered"), expanded=bool(problems)):
            # The lines of the problems above, numbered as the checker counts them.
            st.code(checked, language="yaml", line_numbers=True)
    source = ""  # the valid scenario's text, for its link (tutorial/webapp/pages/workshop_share.py)
    if result is not None:
        st.success(t("workshop.valid", title=inert_markdown(result.scenario.title)))
        source = upload.getvalue().decode("utf-8", "replace") if upload is not None else text
        workshop_share.scenario_link(source)
        if st.button(t("workshop.play"), key="workshop_play"):
            state.session().links.workshop_text = source
            state.session().workshop.checked = result
            state.session().play.scenarios.pop(state.WORKSHOP_ID, None)
            state.session().open_scenario(state.WORKSHOP_ID)
            st.switch_page(navigation.PLAY_PAGE)
    workshop_share.playlist_box(source)
