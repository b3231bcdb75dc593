"""Streamlit helpers shared by the pages: the cached library, styles, the sidebar, the
page's language (``?lang=``, the sidebar's selector, the browser's languages)."""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go
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
.st-key-chart_warm_up, [class*="st-key-page_top_"] { position: absolute; left: -9999px; width: 10px; height: 10px; overflow: hidden; }
[data-testid="stMarkdownContainer"] table { display: block; max-width: 100%; overflow-x: auto; }
[data-testid="stTable"] { max-width: 100%; overflow-x: auto; }
/* A column's heading breaks between its words, never inside one: a narrow table broke
   "先出牌" into three lines of one character each. */
:is([data-testid="stTable"], [data-testid="stMarkdownContainer"]) th,
:is([data-testid="stTable"], [data-testid="stMarkdownContainer"]) th :is(div, p, span) {
  word-break: keep-all !important; overflow-wrap: normal !important; }
[data-testid="stPageLink-NavLink"] :is(span, p) { white-space: normal; overflow: visible; text-overflow: clip; }
/* Captions in a grey of their own, not the text at 60 % opacity, which left them at 4.48:1
   and a link inside one at 2.91:1: 7.2:1 on the page, 6.7:1 on the sidebar's green; a link in one 7.0:1. */
[data-testid="stCaptionContainer"] { opacity: 1; color: #55554f; }
/* A folded sidebar is out of sight: out of the Tab order too (its links and settings were
   some twenty invisible Tab stops before the page on a phone). */
[data-testid="stSidebar"][data-collapsed="true"],
[data-testid="stSidebar"][data-collapsed="true"] * { visibility: hidden !important; }
/* A live class's screens redraw themselves from the session every half second or second:
   a redraw that outlasts half a second (a busy server) must not dim the projector or a
   learner's hand, which Streamlit's fade of an element about to be replaced did (seen on
   the board's answers and reveal). The page shows a live session's table and question. */
.stApp:has(.st-key-live_heading) [data-stale="true"] { opacity: 1 !important; transition: none !important; }
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
  /* the story above the table, in a lower box; the hints after the hand (above the
     table they pushed the hand to the screen's bottom edge) */
  .st-key-play_main [data-testid="stColumn"] > [data-testid="stVerticalBlock"] > :has(.st-key-play_story),
  .st-key-play_story { order: -1; }
  .st-key-play_story .st-key-transcript { height: auto !important; max-height: 5.6em; }
  .st-key-play_story > [data-testid="stElementContainer"]:has(> [data-testid="stMarkdown"]) {
    display: none; }  /* its heading: the box is the story, the hand needs the room */
  .st-key-play_story [data-testid="stLayoutWrapper"]:has(> .st-key-transcript) {
    height: auto !important; flex: 0 1 auto !important; }
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
[data-testid="stMainBlockContainer"] [data-testid="stTable"] :is(th, td, th p, td p) {
  font-size: 26px !important; color: #1a1a1a !important; }
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
    if raw is not None and raw == state.session().language.written:
        raw = None  # what this page wrote itself, not a link
    if raw is not None:
        lang = parse_lang(raw)
        if lang is None:
            state.set_language_from(DEFAULT_LANGUAGE, "link")
            names = t("language.names_separator").join(NAMES[x] for x in SUPPORTED)
            state.session().language.notice = t("language.unknown", names=names)
            st.query_params.pop("lang", None)
        else:
            state.set_language_from(lang, "link")
    elif state.session().language.source == "default":
        found = browser_language(_locale())
        if found is not None:
            state.set_language_from(found, "locale")
    keep_lang_in_address(state.settings().language)


def keep_lang_in_address(lang: str) -> None:
    """``?lang=`` in the address for a language other than English (English needs none:
    a link copied in English leaves the language to whoever opens it)."""
    if lang == DEFAULT_LANGUAGE:
        if st.query_params.get("lang") not in (None, DEFAULT_LANGUAGE):
            st.query_params.pop("lang", None)
        state.session().language.written = ""
    else:
        if st.query_params.get("lang") != lang:
            st.query_params["lang"] = lang
        state.session().language.written = lang


def _on_language() -> None:
    """The selector's callback: the learner's choice, kept in the address and (by the
    store) in the browser."""
    lang = parse_lang(state.widget(LANGUAGE_KEY))
    if lang is None:
        return
    state.set_language_from(lang, "chosen")
    keep_lang_in_address(lang)


#: The selector's widget key.
LANGUAGE_KEY = "set_language"


def language_selector() -> None:
    """English / 繁體中文 / 简体中文, each named in itself, in the sidebar."""
    state.set_widget(LANGUAGE_KEY, state.settings().language)
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
    msg = state.session().language.notice
    if msg:
        st.warning(msg, icon=":material/translate:")
        state.session().language.notice = ""


# --- presenter mode ---------------------------------------------------------------------

#: The address's parameter of presenter mode (``?presenter=1``).
PRESENTER_PARAM = "presenter"
#: The presenter toggle's widget key.
PRESENTER_KEY = "set_presenter"
#: The four-colour toggle's widget key.
FOUR_COLOUR_KEY = "set_four_colour"


def choose_presenter() -> None:
    """Presenter mode from the address, at the top of every run: ``?presenter=1`` turns it
    on, ``?presenter=0`` off; without it the session keeps its setting, which the
    address then shows again (a page opened from a link or a button loses the
    address's parameters: a reload, or the link copied, keeps presenter mode)."""
    raw = st.query_params.get(PRESENTER_PARAM)
    if raw is not None:
        state.settings().presenter = raw.strip().lower() in ("1", "true", "on", "yes")
    keep_presenter_in_address(state.settings().presenter)


def keep_presenter_in_address(on: bool) -> None:
    """``?presenter=1`` in the address while presenter mode is on, nothing otherwise."""
    if on:
        if st.query_params.get(PRESENTER_PARAM) != "1":
            st.query_params[PRESENTER_PARAM] = "1"
    elif PRESENTER_PARAM in st.query_params:
        st.query_params.pop(PRESENTER_PARAM, None)


def kept_params() -> dict[str, str]:
    """The address's parameters every page keeps (the language, presenter mode), for a
    link to another page that may be opened in a new tab."""
    kept = {}
    if (lang := state.settings().language) != DEFAULT_LANGUAGE:
        kept["lang"] = lang
    if state.settings().presenter:
        kept[PRESENTER_PARAM] = "1"
    return kept


def _copy_settings() -> None:
    """Toggle callbacks: the settings change before the page is drawn again."""
    s = state.settings()
    s.four_colour = bool(state.widget(FOUR_COLOUR_KEY, s.four_colour))
    s.presenter = bool(state.widget(PRESENTER_KEY, s.presenter))
    keep_presenter_in_address(s.presenter)


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
            key=FOUR_COLOUR_KEY,
            on_change=_copy_settings,
        )
        # The session's setting, which the address may have changed (?presenter=).
        state.set_widget(PRESENTER_KEY, s.presenter)
        st.toggle(
            t("app.presenter"),
            help=t("app.presenter_help"),
            key=PRESENTER_KEY,
            on_change=_copy_settings,
        )


#: A chart's words in presenter mode: the size of the page's text (28 px) but a little,
#: the title larger, all in the page's ink rather than plotly's grey.
_ROOM_TEXT_PX = 24
_ROOM_TITLE_PX = 32
_ROOM_INK = "#1a1a1a"


def chart_figure(fig: go.Figure) -> go.Figure:
    """A chart as the page draws it: as it is, or in presenter mode with its axes, legend,
    end labels and title large and dark enough to read from the back of a room (and
    the figure taller, so that the larger words keep their room)."""
    if not state.settings().presenter:
        return fig
    big = go.Figure(fig)
    text = {"size": _ROOM_TEXT_PX, "color": _ROOM_INK}
    margin = big.layout.margin
    scale = _ROOM_TEXT_PX / 13
    big.update_layout(
        font=text,
        title_font={"size": _ROOM_TITLE_PX, "color": _ROOM_INK},
        legend_font=text,
        height=int((big.layout.height or 380) * 1.6),
        margin={
            "l": int((margin.l or 50) * 1.8),
            "r": margin.r or 20,
            "t": int((margin.t or 50) * 1.6),
            "b": int((margin.b or 40) * scale),
        },
    )
    big.update_xaxes(tickfont=text, title_font=text)
    big.update_yaxes(tickfont=text, title_font=text)
    big.update_traces(textfont_size=_ROOM_TEXT_PX)
    big.update_annotations(font=text)
    return big


def table_and_side() -> tuple[Any, Any]:
    """The places of a page's table component and of what goes with it (the hints, the
    story, the history): side by side, the table in the wider column; in presenter mode
    the table takes the page's width (the component puts the prompt and the hand beside
    the table, which takes the screen's height) and the rest follows below it."""
    if state.settings().presenter:
        return st.container(), st.container()
    left, right = st.columns([3, 2], gap="medium")
    return left, right


# The page scrolled to its top when what it shows changes (another lesson, another
# scenario): a button's rerun otherwise keeps the scroll position, and on a phone "Next
# lesson", at the bottom of one lesson, opened the next one at its bottom. The first
# drawing of a page is left alone (a reload keeps its place). Our own static script.
_PAGE_TOP_JS = """
export default function ({ parentElement, data }) {
  const seen = (window.__atoutShown = window.__atoutShown || {});
  const before = seen[data.place];
  seen[data.place] = data.shown;
  if (before === undefined || before === data.shown) return;
  // Another page chosen on a phone: the sidebar, drawn over the page, folds away.
  const bar = document.querySelector('[data-testid="stSidebar"]');
  const open = bar && (bar.getAttribute('aria-expanded') === 'true' || bar.dataset.collapsed === 'false');
  if (data.fold_sidebar && window.innerWidth < 640 && open) {
    const fold = bar.querySelector('[data-testid="stSidebarCollapseButton"] button')
      || bar.querySelector('[data-testid="stSidebarCollapseButton"]');
    if (fold) fold.click();
  }
  const top = () => {
    window.scrollTo(0, 0);
    for (let n = parentElement.host || parentElement; n; n = n.parentNode || n.host) {
      if (n instanceof Element && n.scrollTop) n.scrollTop = 0;
    }
  };
  top();
  requestAnimationFrame(() => requestAnimationFrame(top));
}
"""
_PAGE_TOP = st.components.v2.component("atout_page_top", html="", js=_PAGE_TOP_JS)


def page_top(place: str, shown: str, *, fold_sidebar: bool = False) -> None:
    """Scroll the page to its top when ``shown`` (what the page ``place`` shows: a
    lesson's or a scenario's id, or the app's page) is not what it showed at its last
    drawing; with ``fold_sidebar``, on a phone, fold the sidebar away then."""
    with st.container(key=f"page_top_{place}"):
        _PAGE_TOP(
            key=f"page_top_{place}_mark",
            data={"place": place, "shown": shown, "fold_sidebar": fold_sidebar},
        )


def open_scenario(sid: str) -> None:
    """Open a scenario in the player from a button (an older deep link is forgotten)."""
    state.session().open_scenario(sid)
    state.session().play.link_applied = ""
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


def tell(key: str, kind: str, text: str) -> None:
    """Keep the answer to an action (``kind`` ``"ok"`` or ``"error"``) for the page to show:
    a widget's callback runs before the page is drawn.

    The answer stays until the learner's next action gives another or they leave the page
    (:func:`forget_told_off_page`): a run that follows with no action of theirs (the
    browser's stored progress or language arriving) would otherwise take it away before
    it was read.
    """
    state.session().told[key] = (kind, text)


def forget_told_off_page(page: str) -> None:
    """At each run of the app: the answers given on another page are forgotten."""
    s = state.session()
    if s.told_page != page:
        s.told = {}
        s.told_page = page


def show_told(key: str) -> None:
    """The answer kept by :func:`tell` under ``key``, if any."""
    found = state.session().told.get(key)
    if not found:
        return
    kind, text = found
    if kind == "ok":
        st.success(text, icon=":material/check_circle:")
    else:
        st.error(text, icon=":material/error:")
