"""The table as one interactive element: the table picture, the prompt, the feedback
and the learner's hand as real cards (Streamlit custom components v2: inline HTML, CSS
and JS, no iframe, no build step). The CSS and the JavaScript are the files
``assets/table.css`` and ``assets/table.js`` beside this module.

What it draws comes from :func:`tutorial.pictures.table_data.table_data` (pure, tested
without a browser). What the learner does comes back as one-rerun triggers:

- ``card``: the code of a card clicked (or Enter / Space on a focused card);
- ``action``: the code of a bid or an announcement;
- ``answer``: a question's answer (a choice's value or the typed text);
- ``discard``: the Tarot discard, card codes separated by spaces, once confirmed.

On the Practice page the data also carries ``frames``: pictures of the table after each
card the computer players laid since the learner's move, shown one after the other
before the table as it is now (the element has the class ``busy`` meanwhile). Their
pace is the app setting :func:`animation_pace` (``ATOUT_ANIMATION``); the learner may
keep each finished trick on the table until a click on Continue (``hold_click``).

The element says when it is idle, for tests and assistive tools alike: ``data-busy``
is ``"1"`` from the learner's action until the app's answer is drawn (each action
handled counts one more ``ack`` in the data) and while the computer players' cards
arrive, ``"0"`` otherwise; ``data-key`` is the position drawn (the data's ``key``).

Every card in the hand is a ``role="button"`` whose accessible name is its label
(``9♥``, ``T21``, ``Excuse``) and whose description says its marks (the data's
``description``: "forces your play", "legal to play", "from the chien"), so keyboard and
screen-reader users play as mouse users do. The hand is one Tab stop (a toolbar with a
roving tabindex): the arrow keys, Home and End move between its cards, Enter or Space
plays one. After an action the focus stays in the table (the same element drawn anew,
else the card now at the played card's place, the first answer, the first bid), never
lost to the page; the focused card is drawn above its neighbours, so its ring shows. What
the table says (the feedback, the prompt, the discard's count) is spoken through one live
region made once and kept across draws. The component sizes the hand (one, two or
three overlapping rows) and shrinks the table so that the table, the prompt and the
whole hand fit on the screen together, but never below :data:`TABLE_FLOOR_PX` (the
page scrolls instead), and within one scenario or practice hand (the data's ``scene``)
the table keeps its size from step to step; it is laid out again when the window
changes size. In presenter mode, on an element at least 1100 px wide (a projector), the
table takes the screen's height at the left and the prompt, the answers and the hand sit
in a column beside it (the class ``wide``).

During the Tarot discard a click chooses a card or gives it back (a tick on the card's
top-left corner, which the next card never covers); only Confirm, with every card
chosen, lays cards aside. Confirm spends the choice: every click made after it, while
the app answers or afterwards, makes the next choice, and a refusal keeps them.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from importlib import resources
from typing import Any

import streamlit as st

from tutorial.language.i18n import t
from tutorial.webapp import state

_HERE = resources.files("tutorial.webapp") / "assets"
#: The component's style sheet and script, files of their own beside this module.
CSS = (_HERE / "table.css").read_text(encoding="utf-8")
JS = (_HERE / "table.js").read_text(encoding="utf-8")

#: The table picture's narrowest width in pixels (or the element's, when narrower): the
#: script's ``FLOOR_PX``; below it the seats' labels cannot be read.
TABLE_FLOOR_PX = 320

#: The computer players' cards arriving on the Practice table, in milliseconds: a card
#: laid, and a finished trick held before it is gathered. ``normal`` is the learner's.
PACES: dict[str, dict[str, int]] = {
    "normal": {"card_ms": 380, "hold_ms": 1100},
    "fast": {"card_ms": 30, "hold_ms": 60},
}


def animation_pace(keep_tricks: bool = False) -> dict[str, int]:
    """The animation's pace: ``$ATOUT_ANIMATION`` (``fast`` for the browser tests),
    anything else (or unset) the learner's ``normal`` pace; with ``keep_tricks`` (the
    learner's setting) a finished trick stays on the table until the learner goes on
    (``hold_click``)."""
    name = os.environ.get("ATOUT_ANIMATION", "normal").strip().lower()
    pace = dict(PACES.get(name, PACES["normal"]))
    pace["hold_click"] = int(keep_tricks)
    return pace


_COMPONENT = st.components.v2.component("atout_table", css=CSS, js=JS)

Callback = Callable[[str], None]


def show_table(
    data: dict[str, Any],
    *,
    on_card: Callback,
    on_action: Callback,
    on_answer: Callback,
    on_discard: Callback,
    key: str = "atout_table",
    keep_tricks: bool = False,
) -> None:
    """Mount the table component; each learner action calls the matching callback.

    ``keep_tricks``: a finished trick among the cards arriving stays on the table until
    the learner clicks Continue (the Practice page's setting).

    Each action handled counts one in the session (``ack`` in the data), so the element
    knows its action was answered even when the table looks the same afterwards.
    """
    acks = state.session().table_acks

    def _relay(name: str, handler: Callback) -> Callable[[], None]:
        def cb() -> None:
            acks[key] = acks.get(key, 0) + 1
            value = (state.widget(key) or {}).get(name)
            if value is not None:
                handler(str(value))

        return cb

    _COMPONENT(
        key=key,
        data={
            **data,
            "pace": animation_pace(keep_tricks),
            "resume_label": t("component.resume"),
            "ack": acks.get(key, 0),
        },
        on_card_change=_relay("card", on_card),
        on_action_change=_relay("action", on_action),
        on_answer_change=_relay("answer", on_answer),
        on_discard_change=_relay("discard", on_discard),
    )
