"""Reading a deep link (``/play?scenario=belote/overruff&step=3``): pure functions.

A link comes from anyone, so nothing in it is trusted: the scenario id must look like
one (letters, digits, ``-``, ``_``, ``/``; at most :data:`MAX_ID` characters), and the
step must be ASCII digits (``²`` is a digit to ``str.isdigit`` but not to ``int``) of a
step the scenario has. Nothing here raises.

The address counts steps as the words do: ``step=3`` is "step 3", the third step (index
2 in the runtime); one more than the steps is the finished scenario, and ``step=0``, as
links once wrote the start, still opens the start.

>>> parse_link("belote/overruff", "3")
Link(scenario='belote/overruff', step=3, step_text='3')
>>> parse_link("belote/overruff", "²").step is None
True
>>> parse_link("../etc/passwd", None) is None
True
>>> step_to_open(parse_link("belote/overruff", "3"), 10)
2
>>> step_to_open(parse_link("belote/overruff", "11"), 10), step_param(10)
(10, '11')
>>> step_to_open(parse_link("belote/overruff", "12"), 10) is None
True
>>> with_lang("http://x/play?scenario=belote/overruff&step=3", "zh-Hant")
'http://x/play?scenario=belote/overruff&step=3&lang=zh-Hant'
>>> with_lang("http://x/lessons", "zh-Hans"), with_lang("http://x/play?report=A", "en")
('http://x/lessons?lang=zh-Hans', 'http://x/play?report=A')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tutorial.language.i18n import DEFAULT_LANGUAGE, SUPPORTED, language

MAX_ID = 120
MAX_STEP_DIGITS = 6
_ID = re.compile(r"[A-Za-z0-9_-]+(?:/[A-Za-z0-9_-]+)*")


@dataclass(frozen=True)
class Link:
    """A deep link as read: the scenario id, and the step asked for.

    ``step`` is None when no step was given or when ``step_text`` is not a number;
    ``step_text`` keeps what was given (None when absent), to say what was wrong.
    """

    scenario: str
    step: int | None
    step_text: str | None

    @property
    def bad_step(self) -> bool:
        """A step was given but is not a number."""
        return self.step_text is not None and self.step is None


def is_scenario_id(text: str) -> bool:
    """Whether ``text`` has the shape of a scenario id (``belote/overruff``)."""
    return 0 < len(text) <= MAX_ID and _ID.fullmatch(text) is not None


def parse_step(text: str | None) -> int | None:
    """A step number from a link (ASCII digits only, at most six), else None."""
    if text is None:
        return None
    text = text.strip()
    if not (0 < len(text) <= MAX_STEP_DIGITS and text.isascii() and text.isdigit()):
        return None
    return int(text)


def parse_link(scenario: str | None, step: str | None) -> Link | None:
    """The link in the ``scenario`` and ``step`` query parameters, or None if there is
    no scenario id of the right shape."""
    if scenario is None or not is_scenario_id(scenario):
        return None
    return Link(scenario, parse_step(step), step)


def step_to_open(link: Link, steps: int) -> int | None:
    """The step's index to open in a scenario of ``steps`` steps: 0 without a step (or
    ``step=0``), the index of the step asked for if the scenario has it (``steps`` for
    the finished scenario, ``step=steps+1``), else None (a bad step)."""
    if link.step_text is None:
        return 0
    if link.step is None or not 0 <= link.step <= steps + 1:
        return None
    return max(0, link.step - 1)


def step_param(index: int) -> str:
    """The address's ``step`` for the step at ``index`` (counted from 1, as the words
    count it: index 2 is ``step=3``, "step 3")."""
    return str(index + 1)


def with_lang(url: str, lang: str | None = None) -> str:
    """``url`` with ``lang=`` (default: the page's language) added, so whoever opens a
    link the app built reads it in the same language. English adds nothing: a link
    copied in English leaves the language to the browser that opens it."""
    lang = lang or language()
    if lang == DEFAULT_LANGUAGE or lang not in SUPPORTED or "lang=" in url:
        return url
    return f"{url}{'&' if '?' in url else '?'}lang={lang}"
