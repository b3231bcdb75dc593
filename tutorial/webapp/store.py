"""Progress kept in the browser: an invisible component that mirrors the learner's
progress into the page's ``localStorage`` (no account, no server database).

On its first mount in a session the component reads what the browser holds and sends
it back (state value ``stored``); the session merges it with what it already has (a
deep link opened in a new tab keeps the progress). From then on every rerun hands the
component the session's progress code, which it writes when it changed. When another
tab writes, the browser's ``storage`` event sends the new value here as well, so two
tabs do not undo each other. A stored value that cannot be read is set aside with a
notice, never a crash.

Nothing is written before the stored value has been read: a new session must not wipe
what the browser holds.

The language travels the same way: on its first mount the component also sends the
browser's ``navigator.languages`` and the language the learner chose last time (state
value ``languages``, a JSON text); the session takes the kept choice, else the first
supported browser language, unless a link or the sidebar already chose
(:func:`tutorial.webapp.state.set_language_from`). A choice made in the sidebar is written
under :data:`LANG_KEY`. Every run sets the page's ``lang`` attribute, so browsers use the
Traditional or Simplified glyphs of the fonts.

Each mount also sends a mark of its own (state value ``mounted``), which every run hands
back (``heard``); the component's element carries both (``data-atout-sent``,
``data-atout-heard``): until they agree, the values it sent have not been answered by a
run yet. Only the browser tests read them (``tests/browser_util.py``, a page at rest).
"""

from __future__ import annotations

import json

import streamlit as st

from tutorial.course.progress import Progress, ProgressError, decode, encode
from tutorial.language.i18n import from_browser, html_lang, parse_lang, t
from tutorial.webapp import class_link, state

STORAGE_KEY = "atout.progress.v1"
#: The component's key (its state: what the browser sent).
STORE_KEY = "atout_store"
#: The language the learner chose in the sidebar, kept in the browser.
LANG_KEY = "atout.language.v1"

_JS = r"""
export default function (component) {
  const { data, setStateValue, parentElement } = component;
  const KEY = data.storage_key;
  const read = () => { try { return window.localStorage.getItem(KEY) || ''; } catch (e) { return ''; } };
  const host = parentElement.host || parentElement;
  const LANG = data.lang_key;
  if (data.html_lang && document.documentElement.lang !== data.html_lang) {
    document.documentElement.lang = data.html_lang;
  }
  if (!host._atoutStore) {
    host._atoutStore = true;
    // Another tab's write, sent by this mount only: the page keeps one listener, the
    // last mount's (a page drawn again mounts the store again; listeners of the mounts
    // before it, left behind, would each send the value again).
    if (window._atoutStorage) window.removeEventListener('storage', window._atoutStorage);
    window._atoutStorage = (e) => {
      if (e.key === KEY) setStateValue('stored', e.newValue || '');
    };
    window.addEventListener('storage', window._atoutStorage);
    let chosen = '';
    try { chosen = window.localStorage.getItem(LANG) || ''; } catch (e) {}
    const browser = Array.from(navigator.languages || [navigator.language || '']).slice(0, 30);
    // This mount's mark, sent with its values: the app hands back the last mark it
    // received (``data.heard``), so the page shows a run still to come until then.
    const mark = Date.now().toString(36) + Math.random().toString(36).slice(2);
    host.dataset.atoutSent = mark;
    setStateValue('languages', JSON.stringify({ chosen: chosen.slice(0, 20), browser: browser }));
    setStateValue('stored', read());
    setStateValue('mounted', mark);
  }
  host.dataset.atoutHeard = data.heard || '';
  if (data.lang_save) {
    try {
      if (window.localStorage.getItem(LANG) !== data.lang_save) window.localStorage.setItem(LANG, data.lang_save);
    } catch (e) { /* blocked: the link's ?lang= still works */ }
  }
  if (data.broken) {
    try { window.localStorage.setItem(KEY + '.broken', read()); } catch (e) {}
  }
  if (data.save !== null && data.save !== undefined && data.save !== read()) {
    try {
      if (data.save === '') window.localStorage.removeItem(KEY);
      else window.localStorage.setItem(KEY, data.save);
    } catch (e) { /* storage full or blocked: the export code still works */ }
  }
}
"""

_COMPONENT = st.components.v2.component("atout_store", js=_JS, css=":host{display:none}")


def receive(value: object) -> None:
    """Merge a value read from the browser's storage into the session's progress."""
    text = str(value or "").strip()
    state.session().store.loaded = True
    if not text:
        return
    try:
        stored: Progress = decode(text)
    except ProgressError:
        _broken()
        return
    try:
        state.merge_progress(stored)
    except ProgressError:
        _broken()


def _broken() -> None:
    """A stored value that cannot be read: set aside, with a notice above the page (drawn
    by a whole run of the app)."""
    state.session().store.notice = t("progress.stored_broken")
    state.session().store.broken = True
    state.session().store.whole_run = True


def _on_stored() -> None:
    receive((state.widget(STORE_KEY) or {}).get("stored"))


def language_from_store(value: object) -> tuple[str, str] | None:
    """What the store's ``languages`` value asks for: ``(language, source)`` with the
    kept choice (source ``stored``) before the browser's first supported language
    (source ``browser``); None when neither is there or the value cannot be read.

    >>> language_from_store('{"chosen": "", "browser": ["fr", "zh-TW"]}')
    ('zh-Hant', 'browser')
    >>> language_from_store('{"chosen": "zh-Hans", "browser": ["en"]}')
    ('zh-Hans', 'stored')
    >>> language_from_store("{not json") is None, language_from_store("[1]") is None
    (True, True)
    """
    try:
        data = json.loads(str(value or ""))
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    chosen = parse_lang(data.get("chosen"))
    if chosen is not None:
        return chosen, "stored"
    browser = data.get("browser")
    found = from_browser(browser) if isinstance(browser, list) else None
    return (found, "browser") if found is not None else None


def receive_languages(value: object) -> None:
    """Take the language the browser keeps (the learner's last choice), else its first
    supported language, unless this session's language came from a stronger source
    (a link, the sidebar). A value that cannot be read changes nothing."""
    found = language_from_store(value)
    before = state.settings().language
    if found is not None:
        state.set_language_from(*found)
    if state.settings().language != before:
        state.session().store.whole_run = True  # every word of the page, not a fragment's


def _on_languages() -> None:
    receive_languages((state.widget(STORE_KEY) or {}).get("languages"))


def _on_mounted() -> None:
    """The store's mark of its mount arrived: :func:`sync` hands it back (``heard``)."""


def _heard() -> str:
    """The mark of the store's last mount the app received (empty before any).

    The browser tests wait on it: the component marks its element with the mark it sends
    on mounting and with the mark the app hands back, so a page whose store has sent
    values that no run has answered yet is seen as not finished (nothing a learner sees).
    """
    return str((state.widget(STORE_KEY) or {}).get("mounted") or "")


def begin_run() -> None:
    """A new run of the whole app: the store is not drawn yet, and nothing waits for a
    whole run (this is one)."""
    part = state.session().store
    part.drawn = False
    part.whole_run = False


def whole_run_due() -> bool:
    """Whether the store brought something (a language, a notice) that a fragment's
    rerun would not show, since the app last ran whole: a fragment that draws the store
    asks for a whole run first thing when it is so."""
    return state.session().store.whole_run


def sync_unless_drawn() -> None:
    """At the end of the app's run: the store, unless the page drew it itself."""
    if not state.session().store.drawn:
        sync()


def sync() -> None:
    """Mount the store (once per run, at the end, so this run's changes are saved): at
    the end of the app's run, or of a page's fragment that a click reruns alone (the Play
    page's play, the Practice page's hand), which draws it inside itself (and reruns the
    whole app instead when :func:`whole_run_due`)."""
    state.session().store.drawn = True
    save = progress_code() if state.store_loaded() else None
    broken = state.session().store.broken
    # Only a choice made in the sidebar is kept (a link's language is for that visit).
    lang_save = state.settings().language if state.session().language.source == "chosen" else None
    _COMPONENT(
        key=STORE_KEY,
        data={
            "storage_key": STORAGE_KEY,
            "save": save,
            "broken": broken,
            "lang_key": LANG_KEY,
            "lang_save": lang_save,
            "html_lang": html_lang(state.settings().language),
            "heard": _heard(),
        },
        on_stored_change=_on_stored,
        on_languages_change=_on_languages,
        on_mounted_change=_on_mounted,
        height=0,
    )
    if broken:
        state.session().store.broken = False
    class_link.after_run()  # a learner in a class: the progress sent on, in the background


def progress_code() -> str:
    """The session's progress as the browser keeps it ("" when there is none), encoded
    again only when it changed since the last time (:func:`state.export_progress` gives
    the same progress while nothing changed)."""
    part = state.session().store
    p = state.export_progress()
    if part.saved is not None and part.saved[0] is p:
        return part.saved[1]
    code = encode(p) if (p.scenarios or p.quizzes or p.version > 1) else ""
    part.saved = (p, code)
    return code


def notice() -> None:
    """Show (once) the notice about a stored progress that could not be read."""
    msg = state.session().store.notice
    if msg:
        st.warning(msg, icon=":material/warning:")
        state.session().store.notice = ""
