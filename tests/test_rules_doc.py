"""The rules reference (docs/rules.md) and the engine agree.

- Every rule option of every game (each field of the options dataclass of its default
  ruleset) has a row in that game's options table, in backticks, with each of its
  allowed values in backticks.
- Every named ruleset of every game is named in the document and is a column of that
  table, and the table gives, for each option, the value the ruleset really sets.
- Every section the code cites as ``docs/rules.md §N.N`` is a heading of the document.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from pathlib import Path

import pytest

from tutorial.engine.games import GAMES, game_title
from tutorial.engine.rule_options import find_ruleset, rulesets

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "rules.md"
PKG = ROOT / "tutorial"

#: A section number of the document cited in the code: ``docs/rules.md §1.3``.
CITATION = re.compile(r"docs/rules\.md §(\d+(?:\.\d+)*)")
#: A numbered heading: ``## 1 Belote``, ``### 1.3 Following suit, trumping...``.
HEADING = re.compile(r"^#{2,4} (\d+(?:\.\d+)*) \S")
#: The files of the package that may cite the document.
CITING_SUFFIXES = (".py", ".toml", ".md", ".yaml", ".yml", ".txt")


def doc_text() -> str:
    """The rules reference."""
    return DOC.read_text(encoding="utf-8")


def shown(value: object) -> str:
    """An option value as the document writes it, in backticks: ``True``, ``250``, ``tens``."""
    return f"`{value}`"


def section_numbers(text: str) -> list[str]:
    """The numbers of the document's numbered headings, in order."""
    return [m.group(1) for line in text.splitlines() if (m := HEADING.match(line))]


def game_section(text: str, game: str) -> list[str]:
    """The lines of a game's top-level section (``## N <game title>``)."""
    title = game_title(game)
    lines = text.splitlines()
    start = next(
        (i for i, line in enumerate(lines) if re.fullmatch(rf"## \d+ {re.escape(title)}", line)),
        None,
    )
    assert start is not None, f"docs/rules.md has no section '## N {title}'"
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    return lines[start:end]


def cells(line: str) -> list[str]:
    """The cells of a Markdown table row, stripped."""
    return [c.strip() for c in line.strip().strip("|").split("|")]


def options_table(text: str, game: str) -> tuple[list[str], dict[str, list[str]]]:
    """A game's options table: the ruleset columns, and each option's row by its key.

    The table's header is ``| option | values | `ruleset` | ... |``; a row is
    ``| `key` | `value`, ... | `value in that ruleset` | ... |``.
    """
    lines = game_section(text, game)
    head = next((i for i, line in enumerate(lines) if line.startswith("| option | values |")), None)
    assert head is not None, f"the {game} section has no table '| option | values | ...'"
    columns = [c.strip("`") for c in cells(lines[head])[2:]]
    rows: dict[str, list[str]] = {}
    for line in lines[head + 2 :]:
        if not line.startswith("|"):
            break
        row = cells(line)
        rows[row[0].strip("`")] = row
    return columns, rows


def option_fields(game: str) -> tuple[dataclasses.Field[object], ...]:
    """The rule options of a game: the fields of its default ruleset's options."""
    return dataclasses.fields(find_ruleset(game).options)


def cited_sections(root: Path) -> list[tuple[str, str]]:
    """Every ``docs/rules.md §N.N`` under ``root``: (``file:line``, the section number)."""
    found = []
    for path in sorted(root.rglob("*")):
        if path.suffix not in CITING_SUFFIXES or not path.is_file():
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for m in CITATION.finditer(line):
                found.append((f"{path.relative_to(root)}:{n}", m.group(1)))
    return found


def missing_sections(citations: Iterable[tuple[str, str]], text: str) -> list[str]:
    """The citations whose section is not a heading of the document, as readable lines."""
    numbers = set(section_numbers(text))
    return [f"{where}: §{number}" for where, number in citations if number not in numbers]


@pytest.mark.parametrize("game", GAMES)
def test_every_option_has_its_row_with_every_allowed_value(game: str) -> None:
    """Each option key is in backticks in its game's table, with all its choices."""
    text = doc_text()
    _, rows = options_table(text, game)
    for f in option_fields(game):
        assert shown(f.name) in text, f"{game} option {f.name} is not in docs/rules.md"
        assert f.name in rows, f"{game} option {f.name} has no row in the {game} options table"
        choices = f.metadata.get("choices", ())
        absent = [c for c in choices if shown(c) not in rows[f.name][1]]
        assert not absent, f"{game} option {f.name}: values {absent} are not in its row"


@pytest.mark.parametrize("game", GAMES)
def test_the_table_lists_no_option_the_code_lacks(game: str) -> None:
    """A row for an option that was removed or renamed fails too."""
    _, rows = options_table(doc_text(), game)
    assert set(rows) == {f.name for f in option_fields(game)}


@pytest.mark.parametrize("game", GAMES)
def test_every_named_ruleset_is_named_and_a_column(game: str) -> None:
    """Each ruleset of ``rulesets(game)`` is in backticks and heads a column of the table."""
    text = doc_text()
    columns, _ = options_table(text, game)
    names = [rs.name for rs in rulesets(game)]
    for name in names:
        assert shown(name) in text, f"{game} ruleset {name} is not named in docs/rules.md"
    assert columns == names, f"the {game} options table's columns are {columns}, not {names}"


@pytest.mark.parametrize("game", GAMES)
def test_each_column_gives_the_values_its_ruleset_sets(game: str) -> None:
    """The cell of option K under ruleset R is R's value of K."""
    columns, rows = options_table(doc_text(), game)
    wrong = []
    for rs in rulesets(game):
        if rs.name not in columns:
            continue  # reported by the column test
        col = 2 + columns.index(rs.name)
        for f in option_fields(game):
            if f.name not in rows:
                continue  # reported by the row test
            want = shown(getattr(rs.options, f.name))
            got = rows[f.name][col] if col < len(rows[f.name]) else ""
            if got != want:
                wrong.append(f"{rs.name}.{f.name}: the table says {got}, the code {want}")
    assert not wrong, "\n".join(wrong)


def test_section_numbers_are_unique() -> None:
    """No two headings carry the same number, so a citation names one section."""
    numbers = section_numbers(doc_text())
    assert len(numbers) == len(set(numbers)), numbers


def test_every_section_cited_in_the_code_exists() -> None:
    """``docs/rules.md §N.N`` in the package names a heading (none cited is fine)."""
    assert missing_sections(cited_sections(PKG), doc_text()) == []


def test_a_citation_of_a_missing_section_is_caught(tmp_path: Path) -> None:
    """A planted wrong citation is reported with its place; a right one is not."""
    (tmp_path / "module.py").write_text(
        '"""Following suit (docs/rules.md §1.3)."""\n# docs/rules.md §9.99: no such section\n',
        encoding="utf-8",
    )
    citations = cited_sections(tmp_path)
    assert citations == [("module.py:1", "1.3"), ("module.py:2", "9.99")]
    assert missing_sections(citations, doc_text()) == ["module.py:2: §9.99"]
