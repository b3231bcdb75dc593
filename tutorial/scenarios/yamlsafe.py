"""Load untrusted YAML safely, keeping the line and column of every value.

Only plain data comes out (mappings with string keys, lists, strings, numbers,
booleans, null). Hostile input ends quickly with a ``file:line:col: message`` error:
a file over the size cap, an alias bomb (the expanded document is capped in nodes),
very deep nesting, a Python object tag, a duplicate key.

>>> doc = load_text("a: 1\\nb:\\n  - x\\n", "demo.yaml")
>>> doc.data
{'a': 1, 'b': ['x']}
>>> doc.where(("b", 0))
'demo.yaml:3:5'
"""

from __future__ import annotations

import math
import os
import re
import stat
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from tutorial.engine.errors import ScenarioError

#: The one size limit of a scenario, in megabytes: the loader's cap, the Workshop's
#: upload widget and paste box, and ``server.maxUploadSize`` in .streamlit/config.toml
#: (a test checks they agree). A scenario is a page of text; 1 MB is generous.
MAX_MEGABYTES = 1
MAX_BYTES = MAX_MEGABYTES * 1024 * 1024  # as Streamlit counts a megabyte
MAX_NODES = 50_000  # after alias expansion
MAX_DEPTH = 40
MAX_DIGITS = 15  # digits in a number: scores and counts are small; 10**4300 breaks str()
MAX_NUMBER = 10.0**MAX_DIGITS  # and no float beyond it (1e308 overflows the arithmetic)

Loc = tuple[str | int, ...]

_STD_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:seq",
    "tag:yaml.org,2002:map",
}

try:  # the C loader is faster; both compose the same node tree
    _Loader: Any = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on the libyaml build
    _Loader = yaml.SafeLoader


@dataclass(frozen=True)
class Located:
    """A loaded document and where each value of it came from.

    ``positions`` holds the (line, column) of every value; ``keys`` the (line, column)
    of the key that names a mapping's value (so a problem with the key itself points
    at the key); ``spans`` the source offsets (start, end) of every scalar, so a
    problem with one card inside ``"9H 8H QX"`` can point at ``QX``.
    """

    data: Any
    file: str
    positions: dict[Loc, tuple[int, int]]
    keys: dict[Loc, tuple[int, int]] = field(default_factory=dict)
    spans: dict[Loc, tuple[int, int]] = field(default_factory=dict)
    source: str = ""

    def position(self, loc: Sequence[str | int]) -> tuple[int, int]:
        """(line, column), 1-based, of the value at ``loc`` or its nearest parent."""
        path = tuple(loc)
        while path:
            if path in self.positions:
                return self.positions[path]
            path = path[:-1]
        return self.positions.get((), (1, 1))

    def key_position(self, loc: Sequence[str | int]) -> tuple[int, int]:
        """(line, column) of the key naming the value at ``loc`` (else of the value).

        >>> doc = load_text("title: x\\nsumary: y\\n", "demo.yaml")
        >>> doc.key_position(("sumary",)), doc.position(("sumary",))
        ((2, 1), (2, 9))
        """
        path = tuple(loc)
        if path in self.keys:
            return self.keys[path]
        return self.position(path)

    def token_position(self, loc: Sequence[str | int], token: str) -> tuple[int, int]:
        """(line, column) of ``token`` (a card, an action) inside the value at ``loc``.

        The token is looked for, as a whole word, in the scalars at or below the nearest
        value at or above ``loc`` (a hand written as one string or as a list,
        ``auto: 7S 8S``), first match in the file's order. Falls back to
        :meth:`position` when it is not found.

        >>> doc = load_text("hands:\\n  South: 9H 8H QX\\n", "demo.yaml")
        >>> doc.token_position(("hands", "South"), "QX"), doc.position(("hands", "South"))
        ((2, 16), (2, 10))
        """
        path = tuple(loc)
        while path and path not in self.positions:
            path = path[:-1]
        if token:
            pattern = re.compile(r"(?<![\w?])" + re.escape(token) + r"(?![\w?])", re.IGNORECASE)
            for where in sorted(
                (k for k in self.spans if k[: len(path)] == path), key=self.spans.__getitem__
            ):
                start, end = self.spans[where]
                m = pattern.search(self.source, start, end)
                if m:
                    return _line_col(self.source, m.start())
        return self.position(loc)

    def where(self, loc: Sequence[str | int]) -> str:
        """``file:line:col`` of the value at ``loc`` (or its nearest parent)."""
        line, col = self.position(loc)
        return f"{self.file}:{line}:{col}"

    def error(self, loc: Sequence[str | int], message: str) -> ScenarioError:
        """A ScenarioError located at ``loc``."""
        return ScenarioError(f"{self.where(loc)}: {message}")


def _too_big(name: str, size: int, unit: str = "bytes") -> ScenarioError:
    return ScenarioError(
        f"{name}:1:1: the file is {size:,} {unit}; a scenario may be at most {MAX_BYTES:,} {unit}"
    )


def load_file(path: str | Path, display_name: str | None = None) -> Located:
    """Read and load one YAML file.

    Only a regular file is read (a device such as ``/dev/zero`` or a FIFO is refused
    before reading, and a FIFO is opened without waiting for a writer), and the size cap
    is enforced while reading, whatever the file system says the size is.
    """
    name = display_name or str(path)
    nonblock = getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, os.O_RDONLY | nonblock | getattr(os, "O_BINARY", 0))
    except OSError as e:
        raise ScenarioError(f"{name}:1:1: cannot read the file ({e.strerror})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            what = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
            raise ScenarioError(f"{name}:1:1: cannot read the file: it is {what}")
        if info.st_size > MAX_BYTES:
            raise _too_big(name, info.st_size)
        chunks: list[bytes] = []
        total = 0
        while total <= MAX_BYTES:
            chunk = os.read(fd, min(65536, MAX_BYTES + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as e:
        raise ScenarioError(f"{name}:1:1: cannot read the file ({e.strerror})") from None
    finally:
        os.close(fd)
    if total > MAX_BYTES:
        raise ScenarioError(
            f"{name}:1:1: the file is more than {MAX_BYTES:,} bytes; "
            f"a scenario may be at most {MAX_BYTES:,} bytes"
        )
    return load_bytes(b"".join(chunks), name)


def load_bytes(raw: bytes, name: str) -> Located:
    """Load YAML from bytes (UTF-8), with the size cap."""
    if len(raw) > MAX_BYTES:
        raise _too_big(name, len(raw))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line, col = _byte_position(raw, e.start)
        raise ScenarioError(
            f"{name}:{line}:{col}: the file is not UTF-8 text (byte {e.start} cannot be read)"
        ) from None
    return load_text(text, name)


def _byte_position(raw: bytes, offset: int) -> tuple[int, int]:
    """(line, column), 1-based, of byte ``offset``; the column counts characters.

    >>> _byte_position(b"ab\\ncd\\xff", 5)
    (2, 3)
    """
    line_start = raw.rfind(b"\n", 0, offset) + 1
    line = raw.count(b"\n", 0, offset) + 1
    before = raw[line_start:offset].decode("utf-8", errors="replace")
    return line, len(before) + 1


_UNQUOTED_QUESTION = re.compile(r":\s+\?(\s|$)")


def _quote_hint(text: str, line: int) -> str:
    r"""A hint when the line at fault (or the one before) has a value starting with ``?``,
    which YAML reads as a key: unknown cards are written in quotes.

    >>> print(_quote_hint("hands:\n  Opponent: ? ?\n", 2))
    ; a value that starts with '?' must be in quotes, e.g. Opponent: "? ?"
    """
    lines = text.splitlines()
    for i in (line - 1, line - 2):
        if 0 <= i < len(lines):
            found = _UNQUOTED_QUESTION.search(lines[i])
            if found:
                key = lines[i][: found.start()].strip()
                value = lines[i][found.start() + 1 :].strip()
                return f"; a value that starts with '?' must be in quotes, e.g. {key}: \"{value}\""
    return ""


def load_text(text: str, name: str) -> Located:
    """Load YAML text into plain data with positions; raise ScenarioError on anything odd."""
    if len(text) > MAX_BYTES:
        raise _too_big(name, len(text), "characters")
    _check_depth(text, name)
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = e.problem or e.context or "invalid YAML"
        raise ScenarioError(
            f"{name}:{line}:{col}: not valid YAML: {problem}{_quote_hint(text, line)}"
        ) from None
    except yaml.YAMLError as e:
        raise ScenarioError(f"{name}:1:1: not valid YAML: {e}") from None
    except RecursionError:
        raise ScenarioError(f"{name}:1:1: the YAML is nested too deeply") from None
    if node is None:
        raise ScenarioError(f"{name}:1:1: the file is empty; a scenario is a YAML mapping")
    positions: dict[Loc, tuple[int, int]] = {}
    marks = _Marks({}, {})
    budget = [MAX_NODES]
    data = _convert(node, (), positions, budget, name, 0, marks)
    return Located(data, name, positions, marks.keys, marks.spans, text)


@dataclass(frozen=True)
class _Marks:
    """Where keys are, and the source span of each scalar (filled while converting)."""

    keys: dict[Loc, tuple[int, int]]
    spans: dict[Loc, tuple[int, int]]


def _line_col(text: str, index: int) -> tuple[int, int]:
    """(line, column), 1-based, of character ``index`` of ``text``.

    >>> _line_col("ab\\ncd", 4)
    (2, 2)
    """
    line_start = text.rfind("\n", 0, index) + 1
    return text.count("\n", 0, index) + 1, index - line_start + 1


def _check_depth(text: str, name: str) -> None:
    """Refuse absurd nesting before the recursive composer sees it."""
    depth = 0
    worst = 0
    line = 1
    for ch in text:
        if ch in "[{":
            depth += 1
            if depth > worst:
                worst = depth
                if worst > MAX_DEPTH:
                    raise ScenarioError(
                        f"{name}:{line}:1: the YAML is nested more than {MAX_DEPTH} levels deep"
                    )
        elif ch in "]}":
            depth = max(0, depth - 1)
        elif ch == "\n":
            line += 1


def _convert(
    node: yaml.Node,
    loc: Loc,
    positions: dict[Loc, tuple[int, int]],
    budget: list[int],
    name: str,
    depth: int,
    marks: _Marks | None = None,
) -> Any:
    budget[0] -= 1
    line, col = node.start_mark.line + 1, node.start_mark.column + 1
    if budget[0] < 0:
        raise ScenarioError(
            f"{name}:{line}:{col}: the document expands to more than {MAX_NODES:,} values "
            "(too many aliases?)"
        )
    if depth > MAX_DEPTH:
        raise ScenarioError(
            f"{name}:{line}:{col}: the YAML is nested more than {MAX_DEPTH} levels deep"
        )
    if node.tag not in _STD_TAGS:
        raise ScenarioError(
            f"{name}:{line}:{col}: the tag {node.tag!r} is not allowed in a scenario"
        )
    positions.setdefault(loc, (line, col))
    if isinstance(node, yaml.MappingNode):
        out: dict[str, Any] = {}
        for knode, vnode in node.value:
            if not isinstance(knode, yaml.ScalarNode):
                kl, kc = knode.start_mark.line + 1, knode.start_mark.column + 1
                raise ScenarioError(f"{name}:{kl}:{kc}: a key must be plain text")
            if knode.tag == "tag:yaml.org,2002:merge" or knode.value == "<<":
                kl, kc = knode.start_mark.line + 1, knode.start_mark.column + 1
                raise ScenarioError(f"{name}:{kl}:{kc}: merge keys (<<) are not supported")
            key = str(_scalar(knode, name))
            if key in out:
                kl, kc = knode.start_mark.line + 1, knode.start_mark.column + 1
                raise ScenarioError(f"{name}:{kl}:{kc}: the key {key!r} appears twice")
            sub = (*loc, key)
            positions[sub] = (vnode.start_mark.line + 1, vnode.start_mark.column + 1)
            if marks is not None:
                marks.keys[sub] = (knode.start_mark.line + 1, knode.start_mark.column + 1)
            out[key] = _convert(vnode, sub, positions, budget, name, depth + 1, marks)
        return out
    if isinstance(node, yaml.SequenceNode):
        items = []
        for i, item in enumerate(node.value):
            items.append(_convert(item, (*loc, i), positions, budget, name, depth + 1, marks))
        return items
    if marks is not None:
        marks.spans.setdefault(loc, (node.start_mark.index, node.end_mark.index))
    return _scalar(node, name)


_CTOR = yaml.constructor.SafeConstructor()
_NUMBER_TAGS = {"tag:yaml.org,2002:int", "tag:yaml.org,2002:float"}
_TAG_WORDS = {
    "tag:yaml.org,2002:int": "a whole number",
    "tag:yaml.org,2002:float": "a number",
    "tag:yaml.org,2002:bool": "true or false",
    "tag:yaml.org,2002:null": "empty (null)",
    "tag:yaml.org,2002:str": "text",
}


def _scalar(node: yaml.Node, name: str) -> Any:
    """A scalar's value, built by PyYAML's safe constructor, with numbers checked.

    A tag that does not fit the text (``!!int abc``, ``!!bool maybe``), a number with
    more than :data:`MAX_DIGITS` digits, and a number that is not finite are refused
    with the place they were found.
    """
    line, col = node.start_mark.line + 1, node.start_mark.column + 1
    if node.tag not in _STD_TAGS or not isinstance(node, yaml.ScalarNode):
        raise ScenarioError(
            f"{name}:{line}:{col}: the tag {node.tag!r} is not allowed in a scenario"
        )
    text = str(node.value)
    shown = text if len(text) <= 30 else text[:27] + "..."
    if node.tag in _NUMBER_TAGS:
        digits = sum(ch.isdigit() for ch in text)
        if digits > MAX_DIGITS or len(text) > 4 * MAX_DIGITS:
            raise ScenarioError(
                f"{name}:{line}:{col}: this number has {digits:,} digits; "
                f"numbers in a scenario have at most {MAX_DIGITS}"
            )
    try:
        value = _CTOR.construct_object(node)
    except (ValueError, KeyError, IndexError, TypeError, ArithmeticError, yaml.YAMLError):
        want = _TAG_WORDS.get(node.tag, "a plain value")
        tag = "!!" + node.tag.rsplit(":", 1)[-1]
        raise ScenarioError(
            f"{name}:{line}:{col}: {shown!r} does not fit the tag {tag}: it is not {want}"
        ) from None
    finally:
        _CTOR.constructed_objects.clear()
    if isinstance(value, float) and not (math.isfinite(value) and abs(value) < MAX_NUMBER):
        raise ScenarioError(
            f"{name}:{line}:{col}: {shown!r} is not a usable number; numbers in a scenario "
            f"are finite and smaller than 10^{MAX_DIGITS}"
        )
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= MAX_NUMBER:
        raise ScenarioError(
            f"{name}:{line}:{col}: {shown!r} is too large; numbers in a scenario "
            f"are smaller than 10^{MAX_DIGITS}"
        )
    return value
