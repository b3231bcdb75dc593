"""Hostile or malformed YAML ends fast with a located message, never a traceback."""

import pytest
from work import Calls

from tutorial.engine.errors import ScenarioError
from tutorial.scenarios import yamlsafe

BOMB = """a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
"""


#: Function calls a refusal may take: generous (the billion laughs take under a million),
#: this guards a runaway, it is no benchmark.
MOST_CALLS = 5_000_000


def _fails(text: str, pattern: str) -> str:
    with Calls() as calls, pytest.raises(ScenarioError, match=pattern) as info:
        yamlsafe.load_text(text, "bad.yaml")
    assert calls.count < MOST_CALLS
    assert str(info.value).startswith("bad.yaml:")
    return str(info.value)


def test_positions_are_one_based() -> None:
    doc = yamlsafe.load_text("title: x\nhands:\n  South: 9H 8H\n", "f.yaml")
    assert doc.where(("hands", "South")) == "f.yaml:3:10"
    assert doc.where(("hands", "North")) == "f.yaml:3:3"  # falls back to the parent mapping


def test_billion_laughs() -> None:
    _fails(BOMB, "more than 50,000 values")


def test_python_object_tag() -> None:
    _fails("a: !!python/object/apply:os.system ['echo hi']\n", "tag .* is not allowed")


def test_custom_tag() -> None:
    _fails("a: !foo bar\n", "not allowed")


def test_deep_flow_nesting() -> None:
    _fails("a: " + "[" * 5000 + "]" * 5000 + "\n", "nested more than")


def test_deep_block_nesting() -> None:
    text = "a:\n" + "".join("  " * i + "k:\n" for i in range(1, 300))
    _fails(text, "nested")


def test_size_cap() -> None:
    msg = _fails("a: " + "x" * (11 * 1024 * 1024) + "\n", "at most")
    assert "1,048,576" in msg  # yamlsafe.MAX_BYTES: 1 MB, as the upload widget says


def test_size_cap_on_files(tmp_path) -> None:  # type: ignore[no-untyped-def]
    p = tmp_path / "big.yaml"
    p.write_bytes(b"a: b\n" * (2 * 1024 * 1024))
    with pytest.raises(ScenarioError, match=r"big\.yaml:1:1: the file is"):
        yamlsafe.load_file(p)


def test_not_yaml() -> None:
    _fails("a: [1, 2\nb: }\n", "not valid YAML")


def test_duplicate_key() -> None:
    _fails("a: 1\na: 2\n", "appears twice")


def test_not_utf8() -> None:
    with pytest.raises(ScenarioError, match="not UTF-8"):
        yamlsafe.load_bytes(b"a: \xff\xfe\n", "bad.yaml")


def test_html_stays_text() -> None:
    doc = yamlsafe.load_text("say: <script>alert(1)</script>\n", "f.yaml")
    assert doc.data == {"say": "<script>alert(1)</script>"}
