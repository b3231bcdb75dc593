"""Opening the app under Streamlit's AppTest, shared by the app's test modules."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

APP = "../tutorial/app.py"  # relative to this file, as AppTest wants


def open_app(page: str = "home", timeout: float = 120, **params: str) -> AppTest:
    """The app run once with ``params`` in its address, then switched to ``page``."""
    at = AppTest.from_file(APP, default_timeout=timeout)
    for k, v in params.items():
        at.query_params[k] = v
    at.run()
    if page != "home":
        at.switch_page(f"screens/{page}.py")
        at.run()
    return at
