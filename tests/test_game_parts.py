"""Every registered game fills every layer's part (``tutorial/<layer>/games/<game>.py``).

The parts are found by importing every module of the package that is not the app's (the
app's layers need streamlit's session), so that each ``GameParts`` kind exists.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path
from typing import Any

import pytest

import tutorial
from tutorial.engine.errors import UnknownRulesetError
from tutorial.engine.game_parts import EVERY_PART_KIND, GameParts
from tutorial.engine.games import GAMES
from tutorial.language.i18n import t


def _import_every_layer() -> None:
    for found in pkgutil.walk_packages(tutorial.__path__, "tutorial."):
        if found.name.startswith(("tutorial.webapp", "tutorial.screens", "tutorial.app")):
            continue
        importlib.import_module(found.name)


def missing_parts(kinds: list[GameParts[object]], games: tuple[str, ...]) -> list[str]:
    """``package: game`` for every game a kind of part lacks."""
    return [f"{k.package} {k.attribute}: {g}" for k in kinds for g in games if g not in k.games()]


def test_every_game_fills_every_part() -> None:
    _import_every_layer()
    assert EVERY_PART_KIND, "no layer has game parts: the check would pass vacuously"
    assert missing_parts(EVERY_PART_KIND, GAMES) == []
    for kind in EVERY_PART_KIND:
        for game in GAMES:
            assert isinstance(kind.of(game), kind.kind)


def test_a_game_without_a_part_is_found_and_refused(tmp_path: Path) -> None:
    pkg = tmp_path / "planted_parts"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "belote.py").write_text("PART = 'the Belote part'\n")
    sys.path.insert(0, str(tmp_path))
    try:
        kind: GameParts[str] = GameParts("planted_parts", str)
        EVERY_PART_KIND.remove(kind)  # type: ignore[arg-type]
        assert kind.of("belote") == "the Belote part"
        assert missing_parts([kind], ("belote", "tarot")) == [  # type: ignore[list-item]
            "planted_parts PART: tarot"
        ]
        with pytest.raises(UnknownRulesetError, match=r"planted_parts/tarot\.py"):
            kind.of("tarot")
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("planted_parts", None)
        sys.modules.pop("planted_parts.belote", None)


# --- The pictures' parts say each game's own facts ----------------------------------------


def _taken_hand(game: str) -> Any:
    """A random finished hand of ``game`` in which a seat took (the first seed that has one)."""
    import random

    from tutorial.engine.games import random_hand

    for seed in range(200):
        hand = random_hand(game, random.Random(seed))
        if game == "briscola" or hand.taker is not None:
            return hand
    raise AssertionError(f"no hand of {game} was taken in 200 deals")


@pytest.mark.parametrize("game", ["belote", "tarot", "briscola"])
def test_a_dealt_hands_contract_lines_name_its_own_facts(game: str) -> None:
    from tutorial.pictures.table_view import TABLE_PARTS

    hand = _taken_hand(game)
    names = ("South", "East", "North", "West")[: hand.num_players]
    lines = TABLE_PARTS.of(game).contract_lines(hand, names)
    text = " ".join(lines)
    if game == "briscola":
        assert lines == [t("score.briscola_trump", card=hand.trump_card.label)]
        return
    assert names[hand.taker] in lines[0]
    if game == "belote":
        assert hand.trump_suit.symbol in lines[0]
        assert hand.proposed.label in text  # the card turned up
    else:
        assert all(c.label in text for c in hand.discard)  # the taker's discard
