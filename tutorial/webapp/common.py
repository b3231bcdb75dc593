"""Streamlit helpers shared by the pages: the cached library, styles, the sidebar, the
page's language (``?lang=``, the sidebar's selector, the browser's languages)."""

from __future__ import annotations

import streamlit as st

from tutorial.course.lessons import Lesson, load_lessons
from tutorial.course.library import Library, in_language, load_library
from tutorial.engine.errors import ScenarioError
from tutorial.language.i18n import (
    DEFAULT_LANGUAGE,
    NAMES,
    SUPPORTED,
    browser_language,
    font_stack,
    is_chinese,
    language,
    parse_lang,
    set_language,
    speaking,
    t,
)
from tutorial.webapp import state

# Our own static stylesheet (never user text): a compact top, so the table and the hand
# fit on one screen; the presenter's sheet scales every text for a projector.
_CSS = """
<style>
[data-testid="stMainBlockContainer"] { padding-top: 2.2rem; padding-bottom: 2rem; }
[data-testid="stMainBlockContainer"] h1 { font-size: 2.1rem; padding-top: 0; }
.st-key-chart_warm_up { position: absolute; left: -9999px; width: 10px; height: 10px; overflow: hidden; }
[data-testid="stMarkdownContainer"] table { display: block; max-width: 100%; overflow-x: auto; }
[data-testid="stTable"] { max-width: 100%; overflow-x: auto; }
[data-testid="stPageLink-NavLink"] :is(span, p) { white-space: normal; overflow: visible; text-overflow: clip; }
/* Captions in a grey of their own, not the text at 60 % opacity, which left them at 4.48:1
   and a link inside one at 2.91:1: 7.2:1 on the page, 6.7:1 on the sidebar's green; a link in one 7.0:1. */
[data-testid="stCaptionContainer"] { opacity: 1; color: #55554f; }
/* The class's join code is read from the back of a classroom: large, bold, spaced. */
.st-key-class_join_code [data-testid="stCode"] :is(pre, code) {
  font-size: clamp(36px, 4.6vw, 96px) !important; line-height: 1.2; letter-spacing: .06em; font-weight: 700; }
@media (max-width: 640px) {
  [data-testid="stMainBlockContainer"] { padding-top: 3.2rem; padding-left: .7rem; padding-right: .7rem; }
  [data-testid="stMainBlockContainer"] h1 { font-size: 1.3rem; padding-bottom: .2rem; }
  [data-testid="stMarkdownContainer"] :is(th, td) { padding: .25rem .4rem; }
  /* a link or a code in a box wraps rather than hiding its end past the box's side */
  [data-testid="stCode"] :is(pre, code) { white-space: pre-wrap !important; overflow-wrap: anywhere; }
  .st-key-play_main [data-testid="stHorizontalBlock"]:has(> [data-testid="stColumn"]) {
    flex-direction: column; }
  .st-key-play_main [data-testid="stColumn"],
  .st-key-play_main [data-testid="stColumn"] > [data-testid="stVerticalBlock"] { display: contents; }
  .st-key-play_main [data-testid="stColumn"] > [data-testid="stVerticalBlock"] > :has(.st-key-play_help),
  .st-key-play_help { order: -1; }
}
</style>
"""
_PRESENTER_CSS = """
<style>
[data-testid="stMainBlockContainer"] { max-width: none; }
[data-testid="stMainBlockContainer"] p, [data-testid="stMainBlockContainer"] li,
[data-testid="stMainBlockContainer"] button, [data-testid="stMainBlockContainer"] label,
[data-testid="stMainBlockContainer"] input, [data-testid="stCaptionContainer"],
[data-testid="stMainBlockContainer"] [data-testid="stText"],
[data-testid="stMainBlockContainer"] [data-testid="stAlertContentInfo"],
[data-testid="stMainBlockContainer"] pre { font-size: 28px !important; line-height: 1.35; }
[data-testid="stMainBlockContainer"] h1 { font-size: 48px; }
[data-testid="stMainBlockContainer"] h2 { font-size: 44px; }
[data-testid="stMainBlockContainer"] h3 { font-size: 36px; }
</style>
"""


@st.cache_resource(show_spinner="Checking the scenarios...")
def english_library() -> Library:
    """Every scenario, checked once per server process (the source files' text)."""
    # Checked in English whatever the first session's language: the scenarios' expected
    # sentences (a result, an answer) are the engine's English ones.
    with speaking(DEFAULT_LANGUAGE):
        return load_library()


@st.cache_resource(show_spinner=False)
def _library_in(lang: str) -> Library:
    return in_language(english_library(), lang)


def library() -> Library:
    """Every scenario in the session's language (translations merged once per process)."""
    return _library_in(language())


#: Latin fonts first (Streamlit's own, then common ones), so Latin letters and digits keep
#: their shapes; the CJK fonts follow (tutorial.language.i18n.font_stack).
_LATIN_FONTS = ("Source Sans", "Source Sans Pro", "Source Sans 3", "Noto Sans", "DejaVu Sans")


def cjk_css() -> str:
    """The stylesheet of a Chinese page: the language's font stack on the text elements
    (never on icons, which have their own font), CJK line breaking, roomier lines.
    Empty in English."""
    if not is_chinese():
        return ""
    stack = font_stack(_LATIN_FONTS)
    return f"""
<style>
.stApp, .stApp :is(h1, h2, h3, h4, h5, h6, p, li, label, button, input, textarea, td, th,
  summary, a, [data-testid="stMarkdownContainer"], [data-testid="stCaptionContainer"],
  [data-testid="stWidgetLabel"], [data-baseweb="tab"], [data-testid="stSidebarNav"]) {{
  font-family: {stack} !important; }}
.stApp :is(p, li, [data-testid="stCaptionContainer"]) {{
  line-break: strict; overflow-wrap: anywhere; line-height: 1.7; }}
</style>
"""


def styles() -> None:
    """Inject the app's stylesheet (static text), and the presenter's when it is on."""
    css = _CSS + (_PRESENTER_CSS if state.settings().presenter else "") + cjk_css()
    st.markdown(css, unsafe_allow_html=True)


# --- language ---------------------------------------------------------------------------


def _locale() -> str:
    """The browser's first language (``navigator.language``), "" when unknown."""
    try:
        return str(st.context.locale or "")
    except Exception:  # no browser (bare mode, tests)
        return ""


def choose_language() -> None:
    """Set the page's language, at the top of every run (before any text is made).

    A ``?lang=`` in the address wins (a value that is not a language gives English and a
    notice, never a crash); else the session keeps what it has; a new session starts
    from the browser's first language, refined when the store reports the browser's
    languages and the choice it keeps (:mod:`tutorial.webapp.store`). The address keeps
    ``?lang=`` on every page when the language is not English.
    """
    raw = st.query_params.get("lang")
    if raw is not None and raw == state.language_written():
        raw = None  # what this page wrote itself, not a link
    if raw is not None:
        lang = parse_lang(raw)
        if lang is None:
            state.set_language_from(DEFAULT_LANGUAGE, "link")
            set_language(DEFAULT_LANGUAGE)
            names = t("language.names_separator").join(NAMES[x] for x in SUPPORTED)
            state.set_language_notice(t("language.unknown", names=names))
            st.query_params.pop("lang", None)
        else:
            state.set_language_from(lang, "link")
    elif state.language_source() == "default":
        found = browser_language(_locale())
        if found is not None:
            state.set_language_from(found, "locale")
    lang = state.settings().language
    set_language(lang)
    keep_lang_in_address(lang)


def keep_lang_in_address(lang: str) -> None:
    """``?lang=`` in the address for a language other than English (English needs none:
    a link copied in English leaves the language to whoever opens it)."""
    if lang == DEFAULT_LANGUAGE:
        if st.query_params.get("lang") not in (None, DEFAULT_LANGUAGE):
            st.query_params.pop("lang", None)
        state.set_language_written("")
    else:
        if st.query_params.get("lang") != lang:
            st.query_params["lang"] = lang
        state.set_language_written(lang)


def _on_language() -> None:
    """The selector's callback: the learner's choice, kept in the address and (by the
    store) in the browser."""
    lang = parse_lang(st.session_state.get(LANGUAGE_KEY))
    if lang is None:
        return
    state.set_language_from(lang, "chosen")
    set_language(lang)
    keep_lang_in_address(lang)


#: The selector's widget key.
LANGUAGE_KEY = "set_language"


def language_selector() -> None:
    """English / 繁體中文 / 简体中文, each named in itself, in the sidebar."""
    st.session_state[LANGUAGE_KEY] = state.settings().language
    st.selectbox(
        t("language.label"),
        SUPPORTED,
        format_func=NAMES.__getitem__,
        help=t("language.help"),
        key=LANGUAGE_KEY,
        on_change=_on_language,
    )


def language_notice() -> None:
    """Show (once) the notice about a ``?lang=`` that is not a language."""
    msg = state.language_notice()
    if msg:
        st.warning(msg, icon=":material/translate:")
        state.set_language_notice("")


def _copy_settings() -> None:
    """Toggle callbacks: the settings change before the page is drawn again."""
    s = state.settings()
    s.four_colour = bool(st.session_state.get("set_four_colour", s.four_colour))
    s.presenter = bool(st.session_state.get("set_presenter", s.presenter))


def sidebar() -> None:
    """Display settings in the sidebar."""
    s = state.settings()
    with st.sidebar:
        language_selector()
        st.subheader(t("app.settings"))
        st.toggle(
            t("app.four_colour"),
            value=s.four_colour,
            help=t("app.four_colour_help"),
            key="set_four_colour",
            on_change=_copy_settings,
        )
        st.toggle(
            t("app.presenter"),
            value=s.presenter,
            help=t("app.presenter_help"),
            key="set_presenter",
            on_change=_copy_settings,
        )


def open_scenario(sid: str) -> None:
    """Open a scenario in the player from a button (an older deep link is forgotten)."""
    state.set_current_scenario(sid)
    state.set_link_applied("")
    st.query_params.clear()


def game_title(game: str) -> str:
    """A game's display title."""
    return t(f"games.{game}.title")


@st.cache_resource(show_spinner=False)
def course(lang: str) -> tuple[list[Lesson], str]:
    """Every lesson of a language (and an error message if the files are broken)."""
    try:
        return load_lessons(lang), ""
    except ScenarioError as e:
        return [], str(e)


def course_order(game: str) -> list[str]:
    """The scenario ids of a game in the order the lessons use them."""
    lessons, _ = course(state.settings().language)
    order: list[str] = []
    for le in lessons:
        if le.game == game:
            order += [s for s in le.model.scenarios if s not in order]
    return order


#: The session key of the answers to the learner's actions (:func:`tell`), by page key.
_TOLD = "told"
#: The page the answers were given on.
_TOLD_PAGE = "told_page"


def tell(key: str, kind: str, text: str) -> None:
    """Keep the answer to an action (``kind`` ``"ok"`` or ``"error"``) for the page to show:
    a widget's callback runs before the page is drawn.

    The answer stays until the learner's next action gives another or they leave the page
    (:func:`forget_told_off_page`): a run that follows with no action of theirs (the
    browser's stored progress or language arriving) would otherwise take it away before
    it was read.
    """
    st.session_state.setdefault(_TOLD, {})[key] = (kind, text)


def forget_told_off_page(page: str) -> None:
    """At each run of the app: the answers given on another page are forgotten."""
    if st.session_state.get(_TOLD_PAGE) != page:
        st.session_state[_TOLD] = {}
        st.session_state[_TOLD_PAGE] = page


def show_told(key: str) -> None:
    """The answer kept by :func:`tell` under ``key``, if any."""
    found = st.session_state.get(_TOLD, {}).get(key)
    if not found:
        return
    kind, text = found
    if kind == "ok":
        st.success(text, icon=":material/check_circle:")
    else:
        st.error(text, icon=":material/error:")
