"""Scenario translations: per-language overlays that hold only a scenario's text.

A translation of ``scenarios/belote/overruff.yaml`` into Traditional Chinese is
``scenarios/zh-Hant/belote/overruff.yaml``: the English tree mirrored below a folder
named by the language tag. It holds the learner-facing text and nothing else::

    title: 對手將吃時要壓過
    summary: 對手已經用王牌吃墩、你又跟不出花色時……
    seats: {You: 你, Right: 右家, Partner: 夥伴, Left: 左家}
    steps:
      - say: 紅心是王牌……
      - expect                 # a step without text: its kind alone
      - play:
          hints: [對手的王牌正贏著這一墩……]
          explain: 9♥ 大過 10♥，所以你必須出它。
          feedback: {8H: ……}   # the same card or bid codes as the source
      - auto
      - ask:
          question: 這一墩誰贏？
          choices: [你, 右家, 夥伴, 左家]   # the source's choices, in the same order
          explain: ……

Rules (checked by :func:`load_translation`, each problem ``file:line:col: message``):

* ``steps`` lists every step of the source, in order, each of the same kind. A step
  with no text (``auto``, ``expect``, a ``play`` without hints/explain/feedback) is
  written as its kind alone (``- auto``).
* Each text of the source is translated, and only those: the same hints (as many),
  feedback for the same codes, the same number of choices (numbers stay numbers).
* ``seats`` names every seat of the source by its source name. The engine and the
  answers keep working with the source's seats; the learner sees these names.
* The card codes a step's text mentions (``10♥``, ``A♠``, ``T21``; ``♥10`` is read as
  ``10♥``) are the ones the source's step mentions, and ``{placeholders}`` are kept; a
  source seat name left in English in the text is refused.

:func:`translate` merges a translation onto its checked source: the answers of
questions about seats or sides are renamed, a ``choice`` question's answer becomes the
translated choice at the same place. Variant notes and ``expect`` facts are for
authors and are not translated.
"""

from __future__ import annotations

import contextvars
import dataclasses
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from tutorial.engine.games import GAMES
from tutorial.language.i18n import close_up, set_language
from tutorial.scenarios.checker import Checked
from tutorial.scenarios.loader import Problem, ScenarioProblems, suggest
from tutorial.scenarios.model import Act, Ask, AskStep, Auto, ExpectStep, PlayStep, Say, Scenario
from tutorial.scenarios.sides import same_answer, side_of
from tutorial.scenarios.yamlsafe import Located, load_file, load_text

#: A language folder's name: a BCP 47 tag such as ``zh-Hant``, ``zh-Hans``, ``fr``
#: (two-letter languages only, so that a folder such as ``src`` is never taken for one).
LANGUAGE_DIR = re.compile(r"^[a-z]{2}(-[A-Z][a-z]{3})?(-[A-Z]{2})?$")
TOP_KEYS = ("title", "summary", "seats", "steps")
MAX_TITLE = 120
MAX_TEXT = 4000
MAX_SEAT = 40

#: Card codes as the text writes them: a rank and a suit sign (``10♥``; ``♥10`` is
#: read as the same card), or a Tarot trump (``T21``).
CARD_MENTION = re.compile(
    r"(?P<suit>[♠♥♦♣])(?P<rank>10|[2-9AKQJCVRD])(?![0-9])"
    r"|(?<![A-Za-z0-9])(?P<rank2>10|[2-9AKQJCVRD])(?P<suit2>[♠♥♦♣])"
    r"|(?<![A-Za-z0-9])(?P<trump>T(?:1[0-9]|2[01]|[1-9]))(?![0-9])"
)
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")
#: Question kinds whose answer names a seat or a side.
_SEAT_ANSWERS = ("trick_winner", "winner", "declaration_winner")


@dataclasses.dataclass(frozen=True)
class Translation:
    """A translation file, checked against its source (text only)."""

    title: str
    summary: str
    seats: dict[str, str]
    #: Per step, the translated text fields (``{}`` for a step without text).
    steps: tuple[dict[str, Any], ...]
    doc: Located

    @property
    def file(self) -> str:
        """The translation's file name."""
        return self.doc.file


def is_translation_path(path: Path) -> bool:
    """Whether a file lies in a language folder: ``<root>/<lang>/<game>/<name>.yaml``.

    >>> is_translation_path(Path("scenarios/zh-Hant/belote/overruff.yaml"))
    True
    >>> is_translation_path(Path("scenarios/belote/overruff.yaml"))
    False
    """
    return path.parent.name in GAMES and bool(LANGUAGE_DIR.match(path.parent.parent.name))


def source_path(path: Path) -> Path:
    """The English file a translation file translates.

    >>> source_path(Path("scenarios/zh-Hant/belote/overruff.yaml")).as_posix()
    'scenarios/belote/overruff.yaml'
    """
    return path.parent.parent.parent / path.parent.name / path.name


def translation_path(root: Path, lang: str, scenario_id: str) -> Path:
    """Where the ``lang`` translation of a scenario (id ``belote/overruff``) lives."""
    return root / lang / f"{scenario_id}.yaml"


def language_dirs(root: Path) -> list[Path]:
    """The language folders directly below a scenarios root."""
    if not root.is_dir():
        return []
    return sorted(p for p in root.iterdir() if p.is_dir() and LANGUAGE_DIR.match(p.name))


# --- what a source step carries --------------------------------------------------------


def _kind(step: Any) -> str:
    if isinstance(step, Say):
        return "say"
    if isinstance(step, PlayStep):
        return "play"
    if isinstance(step, Auto):
        return "auto"
    if isinstance(step, AskStep):
        return "ask"
    return "expect"


def _source_text(step: Any) -> dict[str, Any]:
    """The text fields a source step has (empty ones left out)."""
    if isinstance(step, Say):
        return {"say": step.say}
    if isinstance(step, PlayStep):
        act = step.play
        out: dict[str, Any] = {}
        if act.hints:
            out["hints"] = list(act.hints)
        if act.explain:
            out["explain"] = act.explain
        if act.feedback:
            out["feedback"] = dict(act.feedback)
        return out
    if isinstance(step, AskStep):
        ask = step.ask
        out = {"question": ask.question}
        if ask.explain:
            out["explain"] = ask.explain
        if ask.choices is not None:
            out["choices"] = list(ask.choices)
        return out
    return {}


def _strings(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def mentions(texts: Iterable[str]) -> set[str]:
    """The card codes and placeholders some texts mention, each card written rank first.

    >>> sorted(mentions(["The 10♥ beats the ♠A", "T21 and {name}", "K♠"]))
    ['10♥', 'A♠', 'K♠', 'T21', '{name}']
    """
    out: set[str] = set()
    for text in texts:
        for m in CARD_MENTION.finditer(text):
            if m["trump"]:
                out.add(m["trump"])
            else:
                out.add((m["rank"] or m["rank2"]) + (m["suit"] or m["suit2"]))
        out.update(PLACEHOLDER.findall(text))
    return out


# --- reading a translation ---------------------------------------------------------------


class _Reader:
    def __init__(self, doc: Located, source: Checked) -> None:
        self.doc = doc
        self.source = source
        self.problems: list[Problem] = []

    def fail(self, loc: tuple[Any, ...], message: str, *, at_key: bool = False) -> None:
        line, col = self.doc.key_position(loc) if at_key else self.doc.position(loc)
        self.problems.append(Problem(self.doc.file, line, col, message))

    def text(self, loc: tuple[Any, ...], value: Any, limit: int = MAX_TEXT) -> str | None:
        name = _path(loc)
        if not isinstance(value, str) or not value.strip():
            self.fail(loc, f"{name}: a translated text is needed here (got {_shown(value)})")
            return None
        if len(value) > limit:
            self.fail(loc, f"{name}: at most {limit:,} characters (this one has {len(value):,})")
            return None
        return value.strip()

    def keys(self, loc: tuple[Any, ...], mapping: dict[str, Any], allowed: list[str]) -> None:
        for key in mapping:
            if key not in allowed:
                close = suggest(str(key), allowed)
                hint = f"; did you mean {close!r}?" if close else ""
                what = ", ".join(allowed) if allowed else "nothing"
                self.fail(
                    (*loc, key),
                    f"{_path((*loc, key))}: the source has no such text{hint} "
                    f"(translated here: {what})",
                    at_key=True,
                )

    def read(self) -> Translation:
        data = self.doc.data
        sc = self.source.scenario
        if not isinstance(data, dict):
            self.fail((), "a translation is a YAML mapping (title:, summary:, seats:, steps:)")
            raise ScenarioProblems(self.problems)
        allowed = ["title", "seats", "steps"] + (["summary"] if sc.summary else [])
        self.keys((), data, allowed)
        title = self.text(("title",), data.get("title"), MAX_TITLE) if "title" in data else None
        if "title" not in data:
            self.fail((), "title: this key is required")
        summary = ""
        if sc.summary:
            if "summary" in data:
                summary = self.text(("summary",), data["summary"]) or ""
            else:
                self.fail((), "summary: this key is required (the source has a summary)")
        seats = self.seats(data.get("seats"))
        steps = self.steps(data.get("steps"))
        self.compare((), [sc.title, sc.summary], [title or "", summary])
        if self.problems:
            self.problems.sort(key=lambda p: (p.line, p.column))
            raise ScenarioProblems(self.problems)
        return Translation(title or "", summary, seats, tuple(steps), self.doc)

    def seats(self, value: Any) -> dict[str, str]:
        names = self.source.table.seat_names
        if value is None:
            self.fail((), f"seats: this key is required (a name for each of {', '.join(names)})")
            return {}
        if not isinstance(value, dict):
            self.fail(
                ("seats",),
                f"seats: a mapping from source names to shown names: {{{names[0]}: ...}}",
            )
            return {}
        self.keys(("seats",), value, list(names))
        out: dict[str, str] = {}
        for name in names:
            if name not in value:
                self.fail(("seats",), f"seats: {name!r} needs a shown name")
                continue
            shown = self.text(("seats", name), value[name], MAX_SEAT)
            if shown is not None:
                if shown in out.values():
                    self.fail(("seats", name), f"seats.{name}: {shown!r} names another seat too")
                out[name] = shown
        return out

    def steps(self, value: Any) -> list[dict[str, Any]]:
        source = self.source.scenario.steps
        if not isinstance(value, list):
            self.fail(
                ("steps",) if value is not None else (),
                f"steps: a list of the source's {len(source)} steps, in order",
            )
            return []
        if len(value) != len(source):
            self.fail(
                ("steps",),
                f"steps: the source has {len(source)} steps; this translation has {len(value)} "
                "(list every step, in the same order; a step without text as its kind: - auto)",
            )
            return []
        return [
            self.step(i, src, item) for i, (src, item) in enumerate(zip(source, value, strict=True))
        ]

    def step(self, i: int, src: Any, item: Any) -> dict[str, Any]:
        kind = _kind(src)
        want = _source_text(src)
        loc: tuple[Any, ...] = ("steps", i)
        if isinstance(item, str) and item.strip() in ("say", "play", "auto", "ask", "expect"):
            if item.strip() != kind:
                self.fail(
                    loc, f"steps[{i}]: the source's step {i} is a {kind} step, not {item.strip()}"
                )
            elif want:
                self.fail(
                    loc, f"steps[{i}]: this {kind} step has text to translate: {', '.join(want)}"
                )
            return {}
        if not isinstance(item, dict) or len(item) != 1:
            self.fail(
                loc,
                f"steps[{i}]: a mapping with one key, {kind} (or {kind} alone when it has no text)",
            )
            return {}
        ((got, body),) = item.items()
        if got != kind:
            self.fail(
                (*loc, got),
                f"steps[{i}]: the source's step {i} is a {kind} step, not {got}",
                at_key=True,
            )
            return {}
        if kind == "say":
            text = self.text((*loc, "say"), body)
            out = {"say": text} if text else {}
        elif not want:
            self.fail(
                (*loc, got),
                f"steps[{i}]: this {kind} step has no text: write - {kind}",
                at_key=True,
            )
            return {}
        elif not isinstance(body, dict):
            self.fail((*loc, got), f"steps[{i}].{kind}: a mapping of its texts: {', '.join(want)}")
            return {}
        else:
            out = self.fields((*loc, kind), want, body)
        src_texts = list(_strings(want))
        self.compare(loc, src_texts, list(_strings(out)))
        return out

    def fields(
        self, loc: tuple[Any, ...], want: dict[str, Any], body: dict[str, Any]
    ) -> dict[str, Any]:
        self.keys(loc, body, list(want))
        out: dict[str, Any] = {}
        for key, src in want.items():
            where = (*loc, key)
            if key not in body:
                self.fail(loc, f"{_path(where)}: this text is missing (the source has it)")
                continue
            got = body[key]
            if isinstance(src, str):
                text = self.text(where, got)
                if text is not None:
                    out[key] = text
            elif key == "feedback":
                if not isinstance(got, dict):
                    self.fail(
                        where,
                        f"{_path(where)}: a mapping by code, as in the source: {', '.join(src)}",
                    )
                    continue
                self.keys(where, got, list(src))
                texts = {}
                for code in src:
                    if code not in got:
                        self.fail(where, f"{_path(where)}: the feedback for {code} is missing")
                        continue
                    text = self.text((*where, code), got[code])
                    if text is not None:
                        texts[code] = text
                out[key] = texts
            else:  # hints, choices: lists as long as the source's
                if not isinstance(got, list) or len(got) != len(src):
                    n = len(got) if isinstance(got, list) else "no list"
                    self.fail(where, f"{_path(where)}: the source has {len(src)}; this has {n}")
                    continue
                items: list[Any] = []
                for j, (s, g) in enumerate(zip(src, got, strict=True)):
                    if isinstance(s, (int, float)) and not isinstance(s, bool):
                        if isinstance(g, bool) or not isinstance(g, (int, float)) or g != s:
                            self.fail(
                                (*where, j),
                                f"{_path((*where, j))}: a number stays {s} (got {_shown(g)})",
                            )
                        items.append(s)
                        continue
                    if isinstance(g, bool):  # YAML reads a bare yes / no as a boolean
                        g = "yes" if g else "no"
                    text = self.text((*where, j), g)
                    items.append(text if text is not None else str(s))
                if key == "choices" and len({str(x) for x in items}) != len(items):
                    self.fail(where, f"{_path(where)}: two choices read the same")
                out[key] = items
        return out

    def compare(self, loc: tuple[Any, ...], source: list[str], translated: list[str]) -> None:
        """The card codes and placeholders stay the same; no seat left in English."""
        want, got = mentions(source), mentions(translated)
        where = _path(loc) or "title/summary"
        extra, missing = sorted(got - want), sorted(want - got)
        if extra:
            self.fail(loc, f"{where}: mentions {', '.join(extra)}, which the source does not")
        if missing:
            self.fail(loc, f"{where}: leaves out {', '.join(missing)}, which the source mentions")
        for name in self.source.table.seat_names:
            pattern = rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z])"
            if len(name) > 1 and any(re.search(pattern, t) for t in translated):
                self.fail(loc, f"{where}: the seat {name!r} is left in English (see seats:)")


def _path(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else ("." if out else "") + str(part)
    return out


def _shown(value: Any) -> str:
    if isinstance(value, (dict, list)):
        return type(value).__name__
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def read_translation(doc: Located, source: Checked) -> Translation:
    """Check a loaded translation against its source.

    Raises:
        ScenarioProblems: every problem found, each ``file:line:col: message``.
    """
    return _Reader(doc, source).read()


def load_translation(
    path: str | Path, source: Checked, display_name: str | None = None
) -> Translation:
    """Load and check a translation file against its checked source (a line its YAML
    wrapped leaves no space inside Chinese: :func:`close_up`)."""
    doc = load_file(path, display_name)
    return read_translation(dataclasses.replace(doc, data=close_up(doc.data)), source)


def parse_translation_text(text: str, source: Checked, name: str = "<pasted>") -> Translation:
    """Load and check translation text (tests, tools)."""
    return read_translation(load_text(text, name), source)


# --- merging onto the source --------------------------------------------------------------


def _in_english(fn: Any, *args: Any) -> Any:
    """Run ``fn`` with English messages (side labels are compared in the source's words)."""

    def run() -> Any:
        set_language("en")
        return fn(*args)

    return contextvars.copy_context().run(run)


def _rename(source: Checked, seats: dict[str, str], value: Any) -> Any:
    """A seat or side answer in the translation's seat names."""
    if not isinstance(value, str):
        return value
    names = source.table.seat_names
    low = value.strip().lower()
    for name in names:
        if name.lower() == low:
            return seats.get(name, value)
    if low in ("draw", "taker", "defence", "defense", "a", "b", "team0", "team1"):
        return value
    side = _in_english(side_of, source.table, value)  # a side label: a seat of that side
    if side is None:
        return value
    state = source.table.state
    for seat, name in enumerate(names):
        if state.team_of(seat) == side:
            return seats.get(name, value)
    return value


def _merged_step(source: Checked, seats: dict[str, str], step: Any, text: dict[str, Any]) -> Any:
    if isinstance(step, Say):
        return Say(say=text.get("say", step.say))
    if isinstance(step, PlayStep) and text:
        act: Act = step.play.model_copy(
            update={k: text[k] for k in ("hints", "explain", "feedback") if k in text}
        )
        return PlayStep(play=act)
    if isinstance(step, AskStep):
        ask = step.ask
        update: dict[str, Any] = {k: text[k] for k in ("question", "explain") if k in text}
        if ask.choices is not None and "choices" in text:
            # The answer is the translated choice at the place of the source's answer.
            index = next((i for i, c in enumerate(ask.choices) if same_answer(c, ask.answer)), None)
            update["choices"] = text["choices"]
            if index is not None:
                update["answer"] = text["choices"][index]
            elif ask.kind in _SEAT_ANSWERS:
                update["answer"] = _rename(source, seats, ask.answer)
        elif ask.kind in _SEAT_ANSWERS:
            update["answer"] = _rename(source, seats, ask.answer)
        if ask.side is not None:
            update["side"] = _rename(source, seats, ask.side)
        new: Ask = ask.model_copy(update=update)
        return AskStep(ask=new)
    if isinstance(step, (Auto, ExpectStep, PlayStep)):
        return step
    return step  # pragma: no cover - every step kind is handled above


def merge(source: Checked, tr: Translation) -> Checked:
    """The source scenario with the translation's text and seat names.

    The engine state, cards, accepted actions and checks are the source's; only what
    the learner reads changes (and answers naming seats, which the learner reads too).
    """
    sc = source.scenario
    steps = [
        _merged_step(source, tr.seats, step, text)
        for step, text in zip(sc.steps, tr.steps, strict=True)
    ]
    scenario: Scenario = sc.model_copy(
        update={"title": tr.title, "summary": tr.summary or sc.summary, "steps": steps}
    )
    names = tuple(tr.seats.get(n, n) for n in source.table.seat_names)
    table = dataclasses.replace(source.table, seat_names=names)
    return Checked(scenario, table, source.doc)


def translate(source: Checked, path: str | Path, display_name: str | None = None) -> Checked:
    """Load a translation file and merge it onto its checked source.

    Raises:
        ScenarioError: the file cannot be read or does not match its source (located).
    """
    return merge(source, load_translation(path, source, display_name))


__all__ = [
    "CARD_MENTION",
    "LANGUAGE_DIR",
    "Translation",
    "is_translation_path",
    "language_dirs",
    "load_translation",
    "mentions",
    "merge",
    "parse_translation_text",
    "read_translation",
    "source_path",
    "translate",
    "translation_path",
]


# --- deriving Simplified from Traditional -------------------------------------------------

#: Hand-checked after OpenCC's ``t2s`` (which leaves 著 alone): the aspect particle
#: 著 (贏著, 拿著, 接著) is 着 on the mainland; 著名 and 顯著 keep 著.
_ZHE = re.compile(r"(?<!显)著(?!名)")
DERIVED_NOTE = "# Derived from {source} with python -m tutorial.scenarios.translation {lang}\n"


def derive_text(text: str, source_name: str, lang: str = "zh-Hans") -> str:
    """A Simplified translation file from a Traditional one: the catalogues' conversion
    (:func:`tutorial.language.zh_convert.to_hans`: the glossary's hand-checked variants,
    OpenCC's phrase-level ``t2s``, the read-through corrections), then 著 as a particle
    becomes 着 (keys and codes are Latin letters and stay as they are). A first line says
    where it came from."""
    # OpenCC: an authors' tool, never the app's. The catalogues' conversion (the glossary's
    # variants, OpenCC t2s, the read-through corrections), so a word reads the same everywhere.
    from tutorial.language.zh_convert import to_hans

    body = "".join(
        line for line in text.splitlines(keepends=True) if not line.startswith("# Derived from ")
    )
    simplified = _ZHE.sub("着", to_hans(body))
    return DERIVED_NOTE.format(source=source_name, lang=lang) + simplified


def derive_all(root: Path, source_lang: str = "zh-Hant", lang: str = "zh-Hans") -> list[Path]:
    """Write every ``source_lang`` translation below ``root`` again as ``lang``.

    Returns the files written (only those whose text changed).
    """
    written = []
    for src in sorted((root / source_lang).rglob("*.yaml")):
        rel = src.relative_to(root / source_lang)
        out = root / lang / rel
        text = derive_text(
            src.read_text("utf-8"), f"scenarios/{source_lang}/{rel.as_posix()}", lang
        )
        if not out.is_file() or out.read_text("utf-8") != text:
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(text, "utf-8")
            written.append(out)
    return written


#: The scripts derived from the Traditional translations (nothing else is written).
DERIVABLE = ("zh-Hans",)


def main(argv: list[str]) -> int:
    """``python -m tutorial.scenarios.translation zh-Hans [ROOT]``: derive Simplified
    translations from the Traditional ones (``--check``: exit 1 if any is stale)."""
    usage = "usage: python -m tutorial.scenarios.translation [--check] [zh-Hans [ROOT]]"
    if any(a in ("-h", "--help") for a in argv):
        print(usage)
        return 0
    args = [a for a in argv if a != "--check"]
    lang = args[0] if args else "zh-Hans"
    root = Path(args[1]) if len(args) > 1 else Path(__file__).resolve().parents[2] / "scenarios"
    if lang not in DERIVABLE or len(args) > 2:
        print(f"{usage}\nonly {', '.join(DERIVABLE)} is derived (from zh-Hant), not {lang!r}")
        return 2
    if not (root / "zh-Hant").is_dir():
        print(f"{usage}\n{root}: no zh-Hant folder to derive from")
        return 2
    if "--check" in argv:
        stale = []
        for src in sorted((root / "zh-Hant").rglob("*.yaml")):
            rel = src.relative_to(root / "zh-Hant")
            out = root / lang / rel
            name = f"scenarios/zh-Hant/{rel.as_posix()}"
            if not out.is_file() or out.read_text("utf-8") != derive_text(
                src.read_text("utf-8"), name, lang
            ):
                stale.append(out)
        for p in stale:
            print(
                f"{p}: not derived from its zh-Hant file (run python -m tutorial.scenarios.translation {lang})"
            )
        return 1 if stale else 0
    for p in derive_all(root, "zh-Hant", lang):
        print(f"wrote {p}")
    return 0


if __name__ == "__main__":
    import sys

    raise SystemExit(main(sys.argv[1:]))
