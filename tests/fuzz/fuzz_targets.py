"""Fuzz targets: everything a user can hand to Atout, mutated, must end cleanly.

The one rule: a scenario file, a paste, an upload, a progress code or a link's query
parameters either works or ends in the project's own error (``TutorialError``) with a
located message, never another exception. Each target below checks it for one door:

- :func:`scenario_target`: the loader, the checker and (for a scenario that passes)
  the runtime, on mutated copies of the files in ``scenarios/``: structure-aware
  mutations (values swapped, keys dropped or added, steps and variants moved between
  files, hostile values) and byte-level ones (hostile snippets, flips, cuts, splices);
- :func:`progress_target`: the progress code and file decoders;
- :func:`link_target`: the deep-link parser (:mod:`tutorial.course.links`);
- :func:`inert_target`: :func:`tutorial.webapp.inert.inert_markdown`;
- :func:`typed_target`: what a learner types at a scenario's table or a practice hand's
  (a card, a bid, a discard, a poignée), on positions of the three games.

The strategies are hypothesis strategies; ``test_fuzz.py`` runs a short pass of each in
the test suite, and ``long_run.py --inputs N`` a long one (``run``).
"""

from __future__ import annotations

import base64
import copy
import functools
import hashlib
import random
import re
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tutorial.course.links import is_scenario_id, parse_link, step_to_open
from tutorial.course.progress import PREFIX, Progress, ProgressError, decode, encode, from_json
from tutorial.engine.errors import ScenarioError
from tutorial.scenarios.checker import CheckerCrash, check_bytes, check_file, problems_of
from tutorial.scenarios.files import scenario_files
from tutorial.scenarios.model import AskStep, PlayStep
from tutorial.scenarios.runtime import Run, goto, start
from tutorial.webapp.inert import JOINER, inert_markdown

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
SLOW_SECONDS = 2.0  # a check slower than this (wall clock) is reported as a finding

SEEDS: list[tuple[str, str]] = sorted(  # the scenarios themselves, not their translations
    (p.relative_to(SCENARIOS).as_posix(), p.read_text("utf-8"))
    for p in scenario_files([str(SCENARIOS)])
)
SEED_DATA: list[Any] = [yaml.safe_load(text) for _, text in SEEDS]
STEPS_POOL: list[Any] = [s for d in SEED_DATA for s in d.get("steps", [])]
VARIANTS_POOL: list[Any] = [v for d in SEED_DATA for v in d.get("variants", [])]
EXPECT_POOL: list[Any] = [s["expect"] for s in STEPS_POOL if "expect" in s] + [
    v["expect"] for v in VARIANTS_POOL
]
KEYS_POOL: list[str] = sorted({k for d in SEED_DATA for k in d})
OPTIONS_POOL: list[Any] = [d.get("options", {}) for d in SEED_DATA if d.get("options")] + [
    v.get("options", {}) for v in VARIANTS_POOL
]
LOCATED = re.compile(r"^[^\n]+:\d+:\d+: \S")

INTERESTING: list[Any] = [
    0, -1, 1, 2, 3, 4, 5, 7, 8, 18, 40, 300, 301, 10**15 - 1, -(10**9), 10**9 + 1,
    0.5, 1.5, -0.0, 1e308, float("nan"), float("inf"), float("-inf"),
    True, False, None, "", " ", "?", "unknown", "any", "pass", "take", "take H",
    "garde", "garde sans", "prise", "discard 7H", "poignee simple", "no chelem",
    "declare", "QX", "9H", "10S", "AS KS", "T21", "EXC", "T1", "9H 9H", "? ? ?",
    "You", "South", "North", "Left", "taker", "defence", "default", "draw", "yes",
    "0", "²", "x" * 5000, "¿", "\u202e", "<img src=x>", "![p](http://x)",
    "[d](data:text/html,x)", "%s%n", "{x}", [], {}, [[]], {"a": 1}, ["9H"], [None],
    {"expect": {}}, {"say": "x"}, {"play": {"accept": []}}, {"auto": ""},
]  # fmt: skip
SNIPPETS: list[str] = [
    " !!int abc", " !!bool maybe", " !!int", " !!float x", " !!str", " !!binary aGk=",
    " !!set {a}", " !!omap [a]", " !!python/object:os.system x", " !foo x", " &a x",
    " *a", "\n<<: *a\n", "\n? [a, b]\n: c\n", " " + "1" * 4301, " .nan", " -.inf",
    " 1.0e+308", " 0x1F", " 0o17", " 190:20:30", " 2001-12-14", " ~", " {", " [",
    "\n- ", "\t", "\x00", "\ufeff", "%YAML 1.1\n---\n", "\n---\n", "\n...\n", " '",
    ' "\\x', " |-\n  a\n", " >\n", "\n" + "  " * 60 + "k: v\n", " [" * 50, " {a: " * 45,
    " accept: []", "\nvariants: [{expect: {legal: QX}}]\n", "\n  - {expect: {}}",
    "\ncarried_points: {taker: 1e308}\n", "\nlevel: !!int\n", "\xff\xfe", "\r\n",
]  # fmt: skip


# --- the one rule --------------------------------------------------------------------


class Crash(AssertionError):
    """An input broke the one rule (an exception that is not the project's own, an
    unlocated message, or the checker's internal-error safety net)."""


@dataclass
class Stats:
    """What a fuzz run saw."""

    inputs: int = 0
    ok: int = 0
    refused: int = 0
    slow: list[tuple[str, float]] = field(default_factory=list)


STATS: dict[str, Stats] = {}


def _stats(target: str) -> Stats:
    return STATS.setdefault(target, Stats())


def check_scenario_bytes(raw: bytes, seed: int = 0, name: str = "fuzz.yaml") -> str:
    """Run one scenario input through the checker and, if it passes, the runtime.

    Returns "ok" or "refused"; raises :class:`Crash` when the one rule is broken.
    """
    stats = _stats("scenario")
    stats.inputs += 1
    start_time = time.perf_counter()
    try:
        checked = check_bytes(raw, name)
    except CheckerCrash as e:
        raise Crash(f"the checker's safety net caught an internal error: {e}") from e
    except ScenarioError as e:
        lines = problems_of(e)
        if not lines or not all(LOCATED.match(x) and x.startswith(name) for x in lines):
            raise Crash(f"unlocated message: {lines!r}") from e
        stats.refused += 1
        return "refused"
    except Exception as e:
        raise Crash(f"{type(e).__name__} escaped the checker: {e}") from e
    finally:
        elapsed = time.perf_counter() - start_time
        if elapsed > SLOW_SECONDS:
            stats.slow.append((hashlib.sha256(raw).hexdigest()[:12], elapsed))
    try:
        exercise_runtime(start(checked.scenario, checked.table), random.Random(seed))
    except Exception as e:
        raise Crash(f"{type(e).__name__} in the runtime of a checked scenario: {e}") from e
    stats.ok += 1
    return "ok"


JUNK_ACTIONS = ["", " ", "QX", "9H", "T21", "EXC", "take Z", "pass", "garde", "²", "T²", "x" * 300]
JUNK_ANSWERS: list[Any] = [True, False, "yes", "no", 0, 3.5, -1, "", "draw", "You", "x" * 300]


def exercise_runtime(run: Run, rng: random.Random, moves: int = 60) -> None:
    """Play a checked scenario like a restless learner: junk, wrong and right answers,
    hints at every tier, jumps to any step. Nothing may raise."""
    steps = len(run.scenario.steps)
    for _ in range(moves):
        if run.finished:
            break
        for tier in range(len(run.hint_kinds())):
            run.hint(tier)
        step = run.current
        roll = rng.random()
        if isinstance(step, PlayStep):
            if roll < 0.2:
                run, _ = run.try_action(rng.choice(JUNK_ACTIONS))
            elif roll < 0.5:
                legal = run.state.legal_actions()
                if legal:
                    from tutorial.scenarios import actions

                    run, _ = run.try_action(actions.code(rng.choice(legal)))
            else:
                run = run.solve_current()
        elif isinstance(step, AskStep):
            if roll < 0.4:
                run, _ = run.answer(rng.choice(JUNK_ANSWERS))
            else:
                run = run.solve_current()
        else:
            run = run.advance()
        if rng.random() < 0.05:
            run = goto(run, rng.randrange(steps + 1))


# --- scenario mutations --------------------------------------------------------------


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, (*prefix, i))
    return out


def _get(node: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        node = node[p]
    return node


def _set(root: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    _get(root, path[:-1])[path[-1]] = value
    return root


def mutate_structure(data: Any, draw: Callable[[st.SearchStrategy[Any]], Any]) -> Any:
    """One structure-aware mutation of loaded scenario data."""
    paths = _paths(data)
    path = draw(st.sampled_from(paths))
    target = _get(data, path)
    kind = draw(st.integers(0, 11))
    if kind == 0:  # a hostile or odd value
        return _set(data, path, copy.deepcopy(draw(st.sampled_from(INTERESTING))))
    if kind == 1 and path:  # drop a key or an item
        parent = _get(data, path[:-1])
        del parent[path[-1]]
        return data
    if kind == 2:  # a value from elsewhere in the same file
        other = draw(st.sampled_from(paths))
        return _set(data, path, copy.deepcopy(_get(data, other)))
    if kind == 3 and isinstance(data, dict):  # insert a real step from any file
        steps = data.setdefault("steps", [])
        if isinstance(steps, list):
            at = draw(st.integers(0, len(steps)))
            steps.insert(at, copy.deepcopy(draw(st.sampled_from(STEPS_POOL))))
        return data
    if kind == 4 and isinstance(data, dict):  # add a variant
        variant: dict[str, Any] = {
            "expect": copy.deepcopy(draw(st.sampled_from(EXPECT_POOL or [{}])))
        }
        if draw(st.booleans()):
            variant["options"] = copy.deepcopy(draw(st.sampled_from(OPTIONS_POOL or [{}])))
        if draw(st.booleans()):
            variant["at_step"] = draw(st.integers(-1, 25))
        if draw(st.booleans()):
            variant["ruleset"] = draw(st.sampled_from(["default", "seed-000", "nope", ""]))
        variants = data.setdefault("variants", [])
        if isinstance(variants, list):
            variants.append(variant)
        return data
    if kind == 5 and isinstance(target, list) and target:  # duplicate or shuffle a list
        if draw(st.booleans()):
            target.append(copy.deepcopy(draw(st.sampled_from(target))))
        else:
            draw(st.randoms(use_true_random=False)).shuffle(target)
        return data
    if kind == 6 and isinstance(data, dict):  # a key of another file, with its value
        src = draw(st.sampled_from(SEED_DATA))
        key = draw(st.sampled_from(sorted(src)))
        data[key] = copy.deepcopy(src[key])
        return data
    if kind == 7 and isinstance(target, str) and target:  # edit a string
        i = draw(st.integers(0, len(target)))
        piece = draw(st.text(max_size=6))
        return _set(data, path, target[:i] + piece + target[i + 1 :])
    if kind == 8 and isinstance(target, (int, float)) and not isinstance(target, bool):
        delta = draw(st.sampled_from([-1, 1, 0.5, -100, 10**6, 10**16]))
        return _set(data, path, target + delta)
    if kind == 9 and isinstance(data, dict):  # an unknown key, maybe a near miss
        key = draw(st.sampled_from([*KEYS_POOL, "stepz", "hand", "variant", "x"]))
        data[key + draw(st.sampled_from(["", "s", "_"]))] = draw(st.sampled_from(INTERESTING))
        return data
    if kind == 10 and isinstance(data, dict):  # many copies: the caps
        many = draw(st.sampled_from([25, 301, 2000]))
        which = draw(st.sampled_from(["steps", "variants"]))
        item = {"say": "x"} if which == "steps" else {"expect": {}}
        old = data.get(which)
        data[which] = [*(old[:5] if isinstance(old, list) else []), *([item] * many)]
        return data
    return _set(data, path, copy.deepcopy(draw(st.sampled_from(INTERESTING))))


def mutate_bytes(raw: bytes, draw: Callable[[st.SearchStrategy[Any]], Any]) -> bytes:
    """One byte-level mutation: a hostile snippet, a flip, a cut or a splice."""
    kind = draw(st.integers(0, 5))
    at = draw(st.integers(0, len(raw)))
    if kind == 0:
        return (
            raw[:at] + draw(st.sampled_from(SNIPPETS)).encode("utf-8", "surrogatepass") + raw[at:]
        )
    if kind == 1 and raw:
        i = min(at, len(raw) - 1)
        return raw[:i] + bytes([raw[i] ^ (1 << draw(st.integers(0, 7)))]) + raw[i + 1 :]
    if kind == 2:
        end = draw(st.integers(at, min(len(raw), at + 200)))
        return raw[:at] + raw[end:]
    if kind == 3:  # a line of another file
        other = draw(st.sampled_from(SEEDS))[1].splitlines(keepends=True)
        return raw[:at] + draw(st.sampled_from(other or ["\n"])).encode("utf-8") + raw[at:]
    if kind == 4:
        return raw[:at] + draw(st.binary(max_size=8)) + raw[at:]
    return raw[:at]  # truncated


@st.composite
def scenario_inputs(draw: Callable[[st.SearchStrategy[Any]], Any]) -> tuple[bytes, int]:
    """A mutated scenario file and a seed for the runtime's restless learner."""
    i = draw(st.integers(0, len(SEEDS) - 1))
    _, text = SEEDS[i]
    if draw(st.integers(0, 3)) > 0:  # structure-aware
        data = copy.deepcopy(SEED_DATA[i])
        for _ in range(draw(st.integers(0, 4))):
            data = mutate_structure(data, draw)
        try:
            raw = yaml.safe_dump(data, allow_unicode=True, sort_keys=False).encode("utf-8")
        except (yaml.YAMLError, ValueError):
            raw = text.encode("utf-8")
    else:
        raw = text.encode("utf-8")
    for _ in range(draw(st.integers(0, 3))):
        raw = mutate_bytes(raw, draw)
    return raw, draw(st.integers(0, 2**16))


def scenario_target(case: tuple[bytes, int]) -> None:
    """The loader, checker and runtime on one mutated scenario."""
    raw, seed = case
    check_scenario_bytes(raw, seed)


# --- progress codes ------------------------------------------------------------------


def _pack(raw: bytes) -> str:
    return PREFIX + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")


_JSON_BITS = st.sampled_from(
    ['{"scenarios":', '{"quizzes":', '"s":', '{"done":true}', '{"mistakes":100000}',
     '{"mistakes":1e999}', '"learner":', '[', ']', '{', '}', ',', '1' * 5000, '"x"',
     '{"stars":4}', 'null', 'NaN', '"\\ud800"', '{"a":1}', '"version":2', '"version":9',
     '"deck":', '{"cards":', '"scenario:belote/x:1":', '{"source":', '{"scenario":"belote/x","step":1}',
     '{"seed":1,"ruleset":"default","moves":["9H"]}', '"due":"2030-01-01T12:00:00Z"',
     '"due":"9999-12-31T23:59:59"', '"stability":1e308', '"cleared":'])  # fmt: skip


@st.composite
def progress_inputs(draw: Callable[[st.SearchStrategy[Any]], Any]) -> str | bytes:
    """A progress code or file: valid, damaged, hostile JSON packed well, or noise."""
    kind = draw(st.integers(0, 5))
    if kind == 0:
        return draw(st.text(max_size=80))
    if kind == 1:
        return PREFIX + draw(st.text(alphabet="ABCxyz019-_=+/ \n", max_size=80))
    if kind == 2:  # JSON built from pieces, packed as a real code
        text = "".join(draw(st.lists(_JSON_BITS, max_size=30)))
        if draw(st.booleans()):
            text = draw(st.sampled_from("[{")) * draw(st.integers(1, 3000)) + text
        return _pack(text.encode("utf-8", "surrogatepass"))
    if kind == 3:  # a real code, damaged
        code = encode(Progress.model_validate({"scenarios": {"belote/x": {"done": True}}}))
        i = draw(st.integers(0, len(code)))
        return code[:i] + draw(st.text(max_size=4)) + code[i + 1 :]
    if kind == 4:  # a file's bytes
        return draw(st.binary(max_size=200))
    return _pack(draw(st.binary(max_size=200)))


def progress_target(value: str | bytes) -> None:
    """The progress decoders end in a Progress or a ProgressError."""
    _stats("progress").inputs += 1
    try:
        if isinstance(value, bytes):
            from_json(value)
        else:
            decode(value)
            from_json(value)
    except ProgressError as e:
        if not str(e):
            raise Crash("an empty progress error") from e
    except Exception as e:
        raise Crash(f"{type(e).__name__} escaped the progress decoder: {e}") from e


# --- deep links and inert text --------------------------------------------------------


_LINK_TEXT = st.one_of(
    st.none(),
    st.text(max_size=30),
    st.sampled_from(["belote/overruff", "workshop", "0", "²", "١", "٣", "-1", "1e3", "00007",
                     "9999999", " 3 ", "../x", "a//b", "/a", "a/", "x" * 200]),
)  # fmt: skip


def link_target(case: tuple[str | None, str | None, int]) -> None:
    """The deep-link parser never raises, and what it returns is in range."""
    _stats("link").inputs += 1
    scenario, step, steps = case
    try:
        link = parse_link(scenario, step)
        if link is not None:
            if not is_scenario_id(link.scenario) or len(link.scenario) > 120:
                raise Crash(f"accepted a scenario id of the wrong shape: {link.scenario!r}")
            opened = step_to_open(link, steps)
            if opened is not None and not 0 <= opened <= steps:
                raise Crash(f"step {opened} is outside 0..{steps}")
    except Crash:
        raise
    except Exception as e:
        raise Crash(f"{type(e).__name__} escaped the link parser: {e}") from e


_ACTIVE = re.compile(r"(?<!\\)((?:\\\\)*)[\[\]<>$]")


def inert_target(text: str) -> None:
    """After inert_markdown no bracket, angle bracket or dollar acts, and no bare
    address is left whole."""
    _stats("inert").inputs += 1
    try:
        out = inert_markdown(text)
    except Exception as e:
        raise Crash(f"{type(e).__name__} in inert_markdown: {e}") from e
    if _ACTIVE.search(out):
        raise Crash(f"an unescaped markup character is left in {out!r}")
    low = out.lower()
    for bare in ("http:", "https:", "www.", "javascript:", "data:"):
        if bare in low:
            raise Crash(f"a bare address {bare!r} is left whole in {out!r}")
    if "@" in out and out.count("@") != out.count("@" + JOINER):
        raise Crash(f"an e-mail address is left whole in {out!r}")
    if out.replace(JOINER, "").replace("\\", "") != text.replace("\\", ""):
        raise Crash("the text itself changed")


_INERT_TEXT = st.lists(
    st.sampled_from([*"[]()<>!$\\*_:@/.wWhHtTpPsS x\n`#|~&;=", "www.", "http://", "data:"]),
    max_size=40,
).map("".join)


# --- what a learner types at the table ------------------------------------------------

#: Scenarios whose first steps ask for each kind of action: cards of the three games, a
#: Tarot bid, discard and poignée, a Belote take.
TYPED_SCENARIOS = (
    "belote/overruff", "belote/seed-000-must-ruff", "tarot/bid-garde",
    "tarot/discard-kings-and-bouts", "tarot/poignee-show", "tarot/excuse-led",
    "briscola/ace-beats-three",
)  # fmt: skip


@functools.cache
def _typed_runs() -> tuple[Run, ...]:
    """A run at each play step of the :data:`TYPED_SCENARIOS` (made once)."""
    runs = []
    for sid in TYPED_SCENARIOS:
        checked = check_file(SCENARIOS / f"{sid}.yaml")
        run = start(checked.scenario, checked.table)
        while not run.finished:
            if isinstance(run.current, PlayStep):
                runs.append(run)
            run = run.solve_current()
    return tuple(runs)


_TYPED_TEXT = st.one_of(
    st.text(max_size=12),
    st.lists(
        st.sampled_from(["T", "t", "EXC", "10", "1", "2", "21", "22", "0", "²", "٣", "१",
                         "H", "S", "D", "C", "♥", "♠", "X", " ", ",", ":", "take",
                         "pass", "discard", "poignee", "simple", "double", "garde",
                         "sans", "contre", "prise", "é", "\u00a0", "\u200b"]),
        max_size=6,
    ).map("".join),
)  # fmt: skip


@functools.cache
def _typed_hands() -> tuple[Any, ...]:
    """Practice hands of the three games at each of the learner's turns of two deals
    (bids, a Tarot discard's start, cards): where the Practice and Review pages send
    what is typed (made once)."""
    from tutorial.course import practice

    hands = []
    for game, players in (("belote", 4), ("tarot", 4), ("briscola", 2), ("briscola", 4)):
        for seed in (1, 2):
            hand = practice.deal(game, players=players, seed=seed)
            for _ in range(200):
                if hand.finished:
                    break
                if hand.learner_to_move:
                    hands.append(hand)
                    if hand.state.phase == "discard":
                        break  # a discard is chosen on the hand, not typed card by card
                    hand = practice.try_action(hand, hand.state.legal_actions()[0])
                hand = practice.advance(hand)[0]
    return tuple(hands)


def typed_target(case: tuple[int, str]) -> None:
    """Whatever a learner types at the table is played, or refused with the project's
    own message; the table is then as it was or one action further. Both doors: a
    scenario's run and a practice hand."""
    from tutorial.course import practice

    _stats("typed").inputs += 1
    runs, hands = _typed_runs(), _typed_hands()
    index, text = case
    hand = hands[index % len(hands)]
    try:
        tried = practice.try_action(hand, text)
    except Exception as e:
        raise Crash(f"{type(e).__name__} escaped a typed {text!r} in practice: {e}") from e
    if tried.refusal is not None and tried.moves != hand.moves:
        raise Crash(f"a refused {text!r} changed the practice hand")
    run = runs[index % len(runs)]
    try:
        after, feedback = run.try_action(text)
    except Exception as e:
        raise Crash(f"{type(e).__name__} escaped a typed {text!r}: {e}") from e
    refused = feedback.kind in ("illegal", "invalid", "wrong")
    if refused and (after.step, after.state) != (run.step, run.state):
        raise Crash(f"a refused {text!r} changed the table")


# --- problem reports and playlists ----------------------------------------------------

_REPORT_BITS = st.sampled_from(
    ['{', '}', '[', ']', ',', ':', '"s":', '"y":', '"m":', '"x":', '"n":', '"v":1',
     '"belote/overruff"', '"../x"', '"title: x"', '["9H",null]', '[' * 200, '1e999',
     'NaN', 'Infinity', '-1', '10000', '10001', '1' * 400, 'true', 'null', '"\\ud800"',
     '"' + 'x' * 70 + '"', '["' + '9H","' * 400 + '"]'])  # fmt: skip


def _deflated(raw: bytes) -> str:
    from tutorial.course.problem_report import REPORT_PREFIX

    d = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)
    packed = d.compress(raw) + d.flush()
    return REPORT_PREFIX + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


@st.composite
def report_inputs(draw: Callable[[st.SearchStrategy[Any]], Any]) -> str:
    """A problem report's code: valid, damaged, hostile JSON packed well, a bomb, noise."""
    from tutorial.course.problem_report import REPORT_PREFIX, Report, encode_report

    kind = draw(st.integers(0, 5))
    if kind == 0:
        return str(draw(st.text(max_size=80)))
    if kind == 1:
        return REPORT_PREFIX + draw(st.text(alphabet="ABCxyz019-_=+/ \n", max_size=80))
    if kind == 2:  # JSON built from pieces, packed as a real code
        text = "".join(draw(st.lists(_REPORT_BITS, max_size=30)))
        return _deflated(text.encode("utf-8", "surrogatepass"))
    if kind == 3:  # a real code, damaged
        moves = draw(st.lists(st.sampled_from(["9H", "8H", "QX", "", "take H", None]), max_size=4))
        tried = draw(st.sampled_from([None, "8H", "You", 3, True, 2.5]))
        code = encode_report(Report("belote/overruff", moves=tuple(moves), tried=tried, step=2))
        i = draw(st.integers(0, len(code)))
        return code[:i] + draw(st.text(max_size=4)) + code[i + 1 :]
    if kind == 4:  # a bomb: a little deflate unpacking to megabytes
        return _deflated(b'{"y":"' + b"a" * draw(st.integers(60_000, 3_000_000)) + b'"}')
    return _deflated(draw(st.binary(max_size=200)))


_OVERRUFF: list[Run] = []


def report_target(code: str) -> None:
    """A report's code ends in a Report or a ReportError with a sentence; a decoded
    report is played again on a scenario without raising (junk moves included)."""
    from tutorial.course.problem_report import ReportError, decode_report, replay

    _stats("report").inputs += 1
    try:
        report = decode_report(code)
    except ReportError as e:
        if not str(e):
            raise Crash("an empty report error") from e
        _stats("report").refused += 1
        return
    except Exception as e:
        raise Crash(f"{type(e).__name__} escaped the report decoder: {e}") from e
    if not _OVERRUFF:
        from tutorial.scenarios.checker import check_bytes as _check

        checked = _check((SCENARIOS / "belote" / "overruff.yaml").read_bytes(), "overruff.yaml")
        _OVERRUFF.append(start(checked.scenario, checked.table))
    try:
        replay(_OVERRUFF[0], report)
    except Exception as e:
        raise Crash(f"{type(e).__name__} replaying a decoded report: {e}") from e
    _stats("report").ok += 1


_PLAYLIST_TEXT = st.one_of(
    st.none(),
    st.text(max_size=60),
    st.lists(
        st.sampled_from(["belote/overruff", "ATS1.", "ATS1.eNoLycgsVgCiRIWS1OISAC", ",", " ",
                         "../x", "a//b", "x" * 130, "²", "\x00", "%2C", "ATS1.!!"]),
        max_size=12,
    ).map("".join),
)  # fmt: skip
_PLAYLIST_YAML = st.lists(
    st.sampled_from(["title: x\n", "note: y\n", "scenarios:\n", "  - belote/overruff\n",
                     "  - 3\n", "  - [a]\n", "scenarios: []\n", "colour: red\n", "- a\n",
                     "title: [x]\n", "{", "&a x", "*a", " !!binary aGk=\n", "\t", "\xff"]),
    max_size=12,
).map("".join)  # fmt: skip


def playlist_target(case: tuple[str | None, str | None, str | None, str]) -> None:
    """A playlist link, an inline code and a playlist file end in a value or the
    project's own error (a sentence, or a located line), never another exception."""
    from tutorial.course.playlists import LinkError, decode_inline, from_query, parse_playlist

    _stats("playlist").inputs += 1
    items, title, note, text = case
    try:
        from_query(items, title, note)
        decode_inline(items or "")
    except LinkError as e:
        if not str(e):
            raise Crash("an empty link error") from e
    except Exception as e:
        raise Crash(f"{type(e).__name__} escaped the playlist link reader: {e}") from e
    try:
        parse_playlist(text, "fuzz-playlist.yaml")
    except ScenarioError as e:
        if not LOCATED.match(str(e)) or not str(e).startswith("fuzz-playlist.yaml"):
            raise Crash(f"unlocated playlist message: {e}") from e
    except Exception as e:
        raise Crash(f"{type(e).__name__} escaped the playlist parser: {e}") from e
    _stats("playlist").ok += 1


# --- the targets, as hypothesis tests ------------------------------------------------

TARGETS: dict[str, tuple[st.SearchStrategy[Any], Callable[[Any], None]]] = {
    "scenario": (scenario_inputs(), scenario_target),
    "progress": (progress_inputs(), progress_target),
    "link": (st.tuples(_LINK_TEXT, _LINK_TEXT, st.integers(0, 400)), link_target),
    "inert": (st.one_of(_INERT_TEXT, st.text(max_size=200)), inert_target),
    "typed": (st.tuples(st.integers(0, 10_000), _TYPED_TEXT), typed_target),
    "report": (report_inputs(), report_target),
    "playlist": (
        st.tuples(_PLAYLIST_TEXT, _PLAYLIST_TEXT, _PLAYLIST_TEXT, _PLAYLIST_YAML),
        playlist_target,
    ),
}


def hypothesis_test(name: str, examples: int) -> Callable[[], None]:
    """The target ``name`` as a hypothesis test of ``examples`` generated inputs."""
    strategy, target = TARGETS[name]

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        phases=[Phase.explicit, Phase.generate, Phase.shrink],
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def test(value: Any) -> None:
        target(value)

    return test


# --- the long run --------------------------------------------------------------------


@dataclass
class Found:
    """A crash found by the long run, kept to become a regression seed."""

    target: str
    message: str
    input: Any


def _recording(
    strategy: st.SearchStrategy[Any], target: Callable[[Any], None], last: list[Any]
) -> Any:
    """A hypothesis test of ``target`` that keeps its last input in ``last[0]``."""

    @settings(deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(strategy)
    def one(value: Any) -> None:
        last[0] = value
        target(value)

    return one


def run(
    inputs: int,
    targets: list[str] | None = None,
    seed: int = 0,
    out: Path | None = None,
    report: Callable[[str], None] = print,
) -> tuple[dict[str, tuple[int, float]], list[Found]]:
    """Feed ``inputs`` inputs in total to the targets (shared by weight), one process.

    Each input is hypothesis's interpretation of a block of random bytes
    (``fuzz_one_input``), so a run is reproducible from its seed. Crashes do not stop
    the run; each is written to ``out`` (``<target>-<digest>.txt``) with its input.
    Returns per target (inputs, seconds), and the crashes.
    """
    names = targets or list(TARGETS)
    weights = {"scenario": 1, "progress": 3, "link": 3, "inert": 3}
    total_weight = sum(weights.get(n, 1) for n in names)
    rng = random.Random(seed)
    figures: dict[str, tuple[int, float]] = {}
    found: list[Found] = []
    for name in names:
        share = inputs * weights.get(name, 1) // total_weight
        strategy, target = TARGETS[name]
        last: list[Any] = [None]

        one = _recording(strategy, target, last)

        began = time.perf_counter()
        done = 0
        next_report = began + 60
        while done < share:
            last[0] = None
            try:
                one.hypothesis.fuzz_one_input(rng.randbytes(4096))  # type: ignore[attr-defined]
            except Crash as e:
                found.append(Found(name, str(e), last[0]))
                if out is not None:
                    out.mkdir(parents=True, exist_ok=True)
                    digest = hashlib.sha256(repr(last[0]).encode()).hexdigest()[:12]
                    (out / f"{name}-{digest}.txt").write_text(f"{e}\n{last[0]!r}\n", "utf-8")
            if last[0] is not None:
                done += 1
            now = time.perf_counter()
            if now > next_report:
                rate = done / (now - began)
                report(f"  {name}: {done:,}/{share:,} inputs, {rate:,.0f}/s, crashes {len(found)}")
                next_report = now + 60
        figures[name] = (done, time.perf_counter() - began)
        secs = figures[name][1]
        report(f"{name}: {done:,} inputs in {secs:,.0f} s ({done / max(secs, 1e-9):,.0f}/s)")
    return figures, found
