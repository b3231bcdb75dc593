"""Every page's headings make an outline a screen reader can walk: one level-1 title
first, and no level skipped on the way down (h1 then h3 reads as a missing section)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from apptest_util import open_app
from streamlit.testing.v1.element_tree import Block, Header, Markdown, Subheader, Title

from tutorial.webapp.navigation import PAGES

STATES: list[tuple[str, dict[str, str]]] = [
    *[(p.file.split("/")[-1].removesuffix(".py"), {}) for p in PAGES],
    ("play", {"scenario": "belote/overruff"}),
    ("lessons", {"lesson": "belote-1"}),
    ("score", {"game": "tarot"}),
]


def _levels(node: Any) -> list[tuple[int, str]]:
    """The headings under ``node`` in page order: (level, text)."""
    out: list[tuple[int, str]] = []
    for child in node.children.values() if isinstance(node, Block) else ():
        if isinstance(child, Title):
            out.append((1, child.value))
        elif isinstance(child, Header):
            out.append((2, child.value))
        elif isinstance(child, Subheader):
            out.append((3, child.value))
        elif isinstance(child, Markdown) and child.value.lstrip().startswith("#"):
            text = child.value.lstrip()
            out.append((len(text) - len(text.lstrip("#")), text.lstrip("# ")))
        out.extend(_levels(child))
    return out


@pytest.mark.parametrize(("page", "params"), STATES, ids=lambda v: str(v) if v else "")
def test_headings_start_at_one_and_skip_no_level(page: str, params: dict[str, str]) -> None:
    at = open_app(page, **params)
    assert not at.exception
    levels = _levels(at.main)
    assert levels and levels[0][0] == 1, levels
    for (before, _), (level, text) in itertools.pairwise(levels):
        assert level <= before + 1, f"{text!r} is a level {level} heading after a level {before}"
