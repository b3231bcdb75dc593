"""Every sentence the engine can say is said by a position of the golden record.

The record (tests/engine_messages_golden.json, built by ``test_engine_sentences.record``
from random hands and the positions of tests/engine_positions.py) pins the words of
every position. Here the catalogue lookups made while the record is built are counted:
every message key of the engine's catalogue (``en.engine.toml``) must be looked up by
at least one position, and every refusal code of each game must come out of one, so
that no explanation a learner can read goes unpinned.
"""

from __future__ import annotations

import json
import sys
import tomllib
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from test_engine_sentences import GOLDEN, record

import tutorial.engine as engine
import tutorial.language.i18n as i18n
from tutorial.engine import verdicts
from tutorial.engine.belote import UNKNOWN_ACTION
from tutorial.engine.briscola.play_rules import NOT_A_CARD

PKG = Path(__file__).resolve().parent.parent / "tutorial"
CATALOGUE = PKG / "language" / "locales" / "en.engine.toml"

#: Keys the engine names but no position can make it say, each with the reason. Each is
#: checked to be still unsaid, so the list cannot outlive the code that keeps the key.
#: An action's label (a game's notation, ``tutorial/engine/<game>/notation.py``) is what
#: the learner's buttons and the runtime's lines show, never a position's sentence.
_ACTION_LABEL = "an action's label in the game's notation, not a sentence of a position"
NEVER_SAID: Mapping[str, str] = {
    "belote.action.pass": _ACTION_LABEL,
    "belote.action.take": _ACTION_LABEL,
    "belote.action.declare": _ACTION_LABEL,
    "belote.action.declare_announced": _ACTION_LABEL,
    "belote.action.no_declaration": _ACTION_LABEL,
    "tarot.action.discard": _ACTION_LABEL,
    "tarot.action.discard_hidden": _ACTION_LABEL,
    "tarot.action.poignee": _ACTION_LABEL,
    "tarot.action.no_poignee": _ACTION_LABEL,
    "tarot.action.chelem": _ACTION_LABEL,
    "tarot.action.no_chelem": _ACTION_LABEL,
}

#: The refusal codes each game gives (and ``legal``).
CODES: Mapping[str, frozenset[str]] = {
    "belote": frozenset(
        {
            verdicts.LEGAL,
            verdicts.NOT_YOUR_TURN,
            verdicts.NOT_IN_HAND,
            verdicts.WRONG_PHASE,
            verdicts.HAND_OVER,
            verdicts.MUST_FOLLOW_SUIT,
            verdicts.MUST_TRUMP,
            verdicts.MUST_OVERTRUMP,
            verdicts.MUST_PLAY_TRUMP,
            verdicts.MUST_PLAY_TRUMP_HIGHER,
            verdicts.BAD_BID,
            verdicts.BAD_DECLARATION,
            UNKNOWN_ACTION,
        }
    ),
    "tarot": frozenset(
        {
            verdicts.LEGAL,
            verdicts.NOT_YOUR_TURN,
            verdicts.NOT_IN_HAND,
            verdicts.WRONG_PHASE,
            verdicts.HAND_OVER,
            verdicts.MUST_FOLLOW_SUIT,
            verdicts.MUST_TRUMP,
            verdicts.MUST_OVERTRUMP,
            verdicts.MUST_PLAY_TRUMP,
            verdicts.MUST_PLAY_TRUMP_HIGHER,
            verdicts.BID_TOO_LOW,
            verdicts.BAD_BID,
            verdicts.BAD_DISCARD,
            verdicts.BAD_DECLARATION,
        }
    ),
    "briscola": frozenset(
        {
            verdicts.LEGAL,
            verdicts.NOT_YOUR_TURN,
            verdicts.NOT_IN_HAND,
            verdicts.HAND_OVER,
            NOT_A_CARD,
        }
    ),
}


def engine_catalogue(path: Path = CATALOGUE) -> dict[str, str]:
    """The engine's catalogue, flat: ``{"belote.refuse.must_overtrump": "...", ...}``."""
    flat: dict[str, str] = {}
    i18n.flatten(tomllib.loads(path.read_text(encoding="utf-8")), flat)
    return flat


@contextmanager
def said_keys() -> Iterator[set[str]]:
    """Inside the block, every catalogue key the engine looks up is added to the set."""
    said: set[str] = set()
    real = i18n.t

    def counting(key: str, lang: str | None = None, **params: Any) -> str:
        said.add(key)
        return real(key, lang, **params)

    modules = [
        m
        for name, m in sorted(sys.modules.items())
        if name.startswith(engine.__name__) and getattr(m, "t", None) is real
    ]
    for m in modules:
        m.t = counting  # type: ignore[attr-defined]
    try:
        yield said
    finally:
        for m in modules:
            m.t = real  # type: ignore[attr-defined]


def keys_said_by(build: Callable[[], object]) -> set[str]:
    """The catalogue keys the engine looks up while ``build`` runs (sentences read)."""
    with said_keys() as said:
        build()
    return said


def unsaid(catalogue: Mapping[str, str], said: set[str]) -> list[str]:
    """The keys of ``catalogue`` no position says (leaving out the ones known never said)."""
    return sorted(k for k in catalogue if k not in said and k not in NEVER_SAID)


@pytest.fixture(scope="module")
def said() -> set[str]:
    """The keys the engine looks up while the golden record is built."""
    return keys_said_by(record)


def test_the_record_is_built_with_the_engine_modules_counted(said: set[str]) -> None:
    assert len(said) > 200
    assert "belote.refuse.must_overtrump" in said and "briscola.result.win" in said


def test_every_key_of_the_engine_catalogue_is_said_by_a_position(said: set[str]) -> None:
    assert unsaid(engine_catalogue(), said) == []


def test_the_keys_known_never_said_are_in_the_catalogue_and_still_unsaid(said: set[str]) -> None:
    catalogue = engine_catalogue()
    assert sorted(k for k in NEVER_SAID if k not in catalogue) == []
    assert sorted(k for k in NEVER_SAID if k in said) == []


def test_a_planted_key_no_position_says_is_named(said: set[str], tmp_path: Path) -> None:
    planted = tmp_path / "en.engine.toml"
    text = CATALOGUE.read_text(encoding="utf-8")
    text = text.replace("[belote]\n", '[belote]\nrefuse.planted = "Never said."\n', 1)
    planted.write_text(text, encoding="utf-8")
    catalogue = engine_catalogue(planted)
    assert "belote.refuse.planted" in catalogue
    assert unsaid(catalogue, said) == ["belote.refuse.planted"]


def _game_of(name: str) -> str:
    """The game of a record entry: ``belote/0``, ``briscola-4p/1``, ``seeded/tarot/...``,
    ``written/tarot_chelem_hands``."""
    if name.startswith("seeded/"):
        return name.split("/")[1]
    if name.startswith("written/"):
        return name.split("/")[1].split("_")[0]
    return name.split("/")[0].split("-")[0]


def _codes(entry: object) -> Iterator[str]:
    """Every verdict code in a record entry (rows are lists whose text is followed by the
    legality and the code)."""
    if isinstance(entry, dict):
        for value in entry.values():
            yield from _codes(value)
    elif isinstance(entry, list):
        if len(entry) >= 6 and isinstance(entry[-5], bool) and isinstance(entry[-4], str):
            yield entry[-4] or verdicts.LEGAL
        for value in entry:
            yield from _codes(value)


@pytest.mark.parametrize("game", sorted(CODES))
def test_every_refusal_code_of_a_game_comes_out_of_one_of_its_positions(game: str) -> None:
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    found = {
        code for name, entry in golden.items() if _game_of(name) == game for code in _codes(entry)
    }
    assert sorted(CODES[game] - found) == []
    assert sorted(found - CODES[game]) == []
