"""The author's reference (scenarios/REFERENCE.md) is generated from the code and current."""

from __future__ import annotations

import random
import re
import tomllib
import typing
from pathlib import Path

import pytest

from tutorial.engine import games
from tutorial.engine.rule_options import rulesets
from tutorial.scenarios.model import ASK_KINDS, Ask, json_schema
from tutorial.scenarios.yamlsafe import MAX_BYTES, MAX_MEGABYTES
from tutorial.tools import reference

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "tutorial" / "engine"


@pytest.fixture(scope="module")
def text() -> str:
    return reference.render()


def test_committed_reference_is_current(text: str) -> None:
    committed = (ROOT / reference.REFERENCE_FILE).read_text(encoding="utf-8")
    assert committed == text, "run: python -m tutorial reference"


def test_the_guide_links_the_reference() -> None:
    readme = (ROOT / "scenarios" / "README.md").read_text(encoding="utf-8")
    assert "(REFERENCE.md)" in readme


def test_every_ask_kind_with_its_answer_and_when(text: str) -> None:
    kinds = set(typing.get_args(Ask.model_fields["kind"].annotation))
    assert kinds == set(ASK_KINDS)
    for kind, info in ASK_KINDS.items():
        row = next(
            line for line in text.splitlines() if line.startswith(f"| `{kind}` | {info.games} |")
        )
        assert info.answer.split(":")[0] in row
    over = {k for k, v in ASK_KINDS.items() if v.hand_over}
    assert {"declaration_winner", "target", "score", "winner", "contract_made"} == over
    assert "declaration_winner" in text and "the hand is over" in text


def test_every_reason_code_with_an_engine_sentence(text: str) -> None:
    codes = reference.reason_codes()
    assert {"must_overtrump", "not_in_hand", "bad_discard", "hand_over"} <= set(codes)
    examples = reference.reason_examples()
    for code in codes:
        assert examples.get(code), f"no example for {code}"
        for sentence in examples[code].values():
            assert sentence in text
            assert "seat " not in sentence.lower()  # named seats, not "seat 2"


def _engine_line_kinds(game: str) -> set[str]:
    source = "\n".join(p.read_text(encoding="utf-8") for p in (ENGINE / game).rglob("*.py"))
    literal = r'(?:ScoreLine|add|pay)\(\s*"([a-z_]+)"'
    return set(re.findall(literal, source))


@pytest.mark.parametrize("game", ["belote", "tarot", "briscola"])
def test_every_score_line_kind_is_documented(game: str, text: str) -> None:
    written = _engine_line_kinds(game)
    assert written, "the engine's lines were not found"
    assert written <= set(reference.line_kinds(game)), written - set(reference.line_kinds(game))
    rng = random.Random(7)
    for _ in range(3):  # the kinds of real hands too
        state = games.random_hand(game, rng) if hasattr(games, "random_hand") else None
        if state is None or not state.is_terminal:
            continue
        for line in state.outcome().lines:
            assert line.kind in reference.line_kinds(game)
    for kind in reference.line_kinds(game):
        assert f"| `{kind}` |" in text


def test_every_ruleset_option_and_value(text: str) -> None:
    for game in ("belote", "tarot", "briscola"):
        for rs in rulesets(game):
            assert f"| `{rs.name}` |" in text
    assert "`tricks_at_least_81`: The takers need 81" in text
    assert "`goes_to_trick_winner`: When the Excuse" in text
    assert "or any positive whole number" in text  # Belote's target accepts any number


def test_rules_authors_asked_for(text: str) -> None:
    assert "**`[]` is an empty hand**" in text
    assert "with West dealing, the first trick is led by South" in text
    assert "`at_step: 3` replays steps 0, 1 and 2" in text
    assert "Belote: 3 then 2 cards to each seat" in text
    assert "give `belote_holder`" in text
    # The Excuse counted only when its own side wins the trick, shown by the engine.
    excuse = [line for line in text.splitlines() if "the Excuse played by" in line]
    assert len(excuse) == 2
    own, other = excuse
    assert "its own side" in own and "the other side" in other
    worth, points = re.findall(r"worth (\S+), and `trick_points` is \*\*(\S+)\*\*", other)[0]
    assert float(points) == float(worth) - 4.5  # the Excuse's 4.5 left out


def test_schema_carries_the_descriptions() -> None:
    schema = json_schema()
    ask = schema["$defs"]["Ask"]["properties"]
    assert "declaration_winner (Belote)" in ask["kind"]["description"]
    assert "[] an empty hand" in schema["properties"]["hands"]["description"]
    assert "at_step: 3" in schema["$defs"]["Variant"]["properties"]["at_step"]["description"]
    undescribed = [k for k, v in schema["properties"].items() if not v.get("description")]
    assert not undescribed, undescribed


def test_one_size_limit() -> None:
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["server"]["maxUploadSize"] == MAX_MEGABYTES
    assert MAX_BYTES == MAX_MEGABYTES * 1024 * 1024
