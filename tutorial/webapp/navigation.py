"""The app's pages: one table of them (file, title, icon, address), and their links.

:mod:`tutorial.app` builds the navigation from :data:`PAGES`; pages switch to each
other by the file names here and link to each other with :func:`page_url`. Each file is
a five-line screen in ``tutorial/screens/`` that runs the page's ``main`` in
``tutorial/webapp/pages/``.
"""

from __future__ import annotations

from typing import NamedTuple

import streamlit as st


class Page(NamedTuple):
    """One page: its screen file (relative to ``tutorial/app.py``), the catalogue key of
    its title, its icon and its address (``""`` for Home, the default page)."""

    file: str
    title_key: str
    icon: str
    url: str


PAGES: tuple[Page, ...] = (
    Page("screens/home.py", "app.nav_home", ":material/home:", ""),
    Page("screens/lessons.py", "app.nav_lessons", ":material/school:", "lessons"),
    Page("screens/play.py", "app.nav_play", ":material/playing_cards:", "play"),
    Page("screens/practice.py", "practice.nav", ":material/sports_esports:", "practice"),
    Page("screens/review.py", "review.nav", ":material/event_repeat:", "review"),
    Page("screens/trainer.py", "app.nav_trainer", ":material/calculate:", "trainer"),
    Page("screens/score.py", "app.nav_score", ":material/bar_chart:", "score"),
    Page("screens/rules.py", "app.nav_rules", ":material/menu_book:", "rules"),
    Page("screens/workshop.py", "app.nav_workshop", ":material/build:", "workshop"),
    Page("screens/my_class.py", "my_class.nav", ":material/group_add:", "my-class"),
    Page("screens/teacher.py", "teacher.nav", ":material/groups:", "teacher"),
    Page("screens/live.py", "live.nav", ":material/podium:", "live"),
)

PLAY_PAGE = "screens/play.py"
LESSONS_PAGE = "screens/lessons.py"
PRACTICE_PAGE = "screens/practice.py"
REVIEW_PAGE = "screens/review.py"
LIVE_PAGE = "screens/live.py"


def page_url(path: str) -> str:
    """The full address of one of the app's pages (``play``, ``lessons``), from the
    address the browser is on (any page's, with or without a query)."""
    try:
        base = str(st.context.url or "").split("?")[0]
    except Exception:
        base = ""
    if not base:
        return f"/{path}"
    trimmed = base.rstrip("/")
    for page in PAGES:
        if page.url and trimmed.endswith(f"/{page.url}"):
            trimmed = trimmed[: -len(page.url) - 1]
            break
    return f"{trimmed}/{path}"
