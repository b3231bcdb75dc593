"""A box that scrolls, reachable by keyboard: Streamlit's ``st.container(height=...)``
scrolls its overflow but is no Tab stop, so keyboard users cannot scroll it.

:func:`reachable_by_keyboard` mounts an invisible component (components v2, inline, no
iframe) that gives the container of that key (its class ``st-key-<key>``) a Tab stop
(``tabindex="0"``), the role of a region and a name (``aria-label``): a screen reader
says what the box holds, and the arrow keys scroll it once it has the focus. The
attributes are given again whenever the page redraws the box.
"""

from __future__ import annotations

import streamlit as st

_JS = r"""
export default function (component) {
  const { data, parentElement } = component;
  const host = parentElement.host || parentElement;
  host._atoutBox = data;  // the latest key and name, read by the watch below too
  const give = () => {
    const { key, label } = host._atoutBox;
    for (const box of document.querySelectorAll(`.st-key-${CSS.escape(key)}`)) {
      if (box.getAttribute('tabindex') !== '0') box.setAttribute('tabindex', '0');
      if (box.getAttribute('role') !== 'region') box.setAttribute('role', 'region');
      if (box.getAttribute('aria-label') !== label) box.setAttribute('aria-label', label);
    }
  };
  give();
  if (!host._atoutBoxWatch) {
    // A box drawn anew (another step, another page) gets its attributes again.
    let queued = false;
    host._atoutBoxWatch = new MutationObserver(() => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => { queued = false; give(); });
    });
    host._atoutBoxWatch.observe(document.body, { childList: true, subtree: true });
  }
  return () => { if (host._atoutBoxWatch) host._atoutBoxWatch.disconnect(); host._atoutBoxWatch = null; };
}
"""

_COMPONENT = st.components.v2.component("atout_scroll_box", js=_JS, css=":host{display:none}")


def reachable_by_keyboard(key: str, label: str) -> None:
    """Make the scrolling container of ``key`` a Tab stop named ``label`` (call it once
    per run, after the container)."""
    _COMPONENT(key=f"{key}_reachable", data={"key": key, "label": label})
