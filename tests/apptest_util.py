"""Opening the app under Streamlit's AppTest, shared by the app's test modules."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tutorial.webapp.state import SESSION, AppSession

APP = "../tutorial/app.py"  # relative to this file, as AppTest wants
#: Seconds AppTest waits for one script run before it gives up: only a run that hangs
#: gets there (no test's verdict depends on how long a run takes on a loaded machine).
HANG_GUARD = 900.0


def open_app(page: str = "home", timeout: float = HANG_GUARD, **params: str) -> AppTest:
    """The app run once with ``params`` in its address, then switched to ``page``."""
    at = AppTest.from_file(APP, default_timeout=timeout)
    for k, v in params.items():
        at.query_params[k] = v
    at.run()
    if page != "home":
        at.switch_page(f"screens/{page}.py")
        at.run()
    return at


def lesson_headings(at: AppTest) -> list[str]:
    """The page's level-2 headings that are lesson titles (in any language): the lesson
    shown, without the sections beside it (the tracks between games, the playlists)."""
    from tutorial.course.lessons import load_lessons

    titles = {le.title for lang in ("en", "zh-Hant", "zh-Hans") for le in load_lessons(lang)}
    return [h.value for h in at.header if h.value in titles]


def app_session(at: AppTest) -> AppSession:
    """The app's session of ``at`` (:class:`tutorial.webapp.state.AppSession`), made when
    the app has not run yet (a test sets it up before the first run)."""
    if SESSION not in at.session_state:
        at.session_state[SESSION] = AppSession()
    found: AppSession = at.session_state[SESSION]
    return found
