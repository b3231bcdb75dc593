"""The rules engines speak through the message catalogue (tutorial/language/locales/en.engine.toml).

Every key the engines name exists, every key of en.engine.toml is used, every template
gets the fields it needs, and a second language changes the engine's sentences without
touching its code.
"""

from __future__ import annotations

import ast
import string
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

import tutorial.language.i18n as i18n
from tutorial.engine.belote import BeloteState, start_play
from tutorial.engine.cards import BELOTE_DECK
from tutorial.engine.errors import IllegalPlayError
from tutorial.engine.verdicts import MUST_OVERTRUMP

PKG = Path(__file__).resolve().parent.parent / "tutorial"
ENGINES = [
    *(p for name in ("belote", "tarot", "briscola") for p in (PKG / "engine" / name).rglob("*.py")),
    *(
        PKG / "engine" / f"{name}.py"
        for name in ("seats", "verdicts", "outcomes", "contract", "rule_options", "cards")
    ),
]
CATALOGUE = PKG / "language" / "locales" / "en.engine.toml"
SECTIONS = ("common", "belote", "tarot", "briscola")


def _is_key(value: object) -> bool:
    """A message key of the engine's catalogue: ``belote.refuse.must_overtrump``..."""
    if not isinstance(value, str) or "." not in value or " " in value:
        return False
    head, _, rest = value.partition(".")
    return head in SECTIONS and all(ch.isalnum() or ch in "._" for ch in rest)


def _engine_keys() -> set[str]:
    """Every message key written in the engines.

    Keys are string literals: in ``t("...")`` calls, and in the small tables and
    conditionals that pick one key among variants (``t(key, ...)``).
    """
    keys: set[str] = set()
    for path in ENGINES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and _is_key(node.value):
                keys.add(node.value)
    return keys


def _engine_catalogue() -> dict[str, str]:
    flat: dict[str, str] = {}
    i18n.flatten(tomllib.loads(CATALOGUE.read_text(encoding="utf-8")), flat)
    return flat


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_the_engine_catalogue_has_only_engine_sections() -> None:
    tree = tomllib.loads(CATALOGUE.read_text(encoding="utf-8"))
    assert set(tree) == set(SECTIONS)


def test_the_engines_use_the_catalogue() -> None:
    keys = _engine_keys()
    for section in ("belote", "tarot", "briscola"):
        assert sum(k.startswith(section + ".") for k in keys) > 20, section


def test_every_key_the_engines_use_exists() -> None:
    cat = _engine_catalogue()
    assert sorted(_engine_keys() - set(cat)) == []


def test_every_key_of_the_engine_catalogue_is_used() -> None:
    cat = _engine_catalogue()
    assert sorted(set(cat) - _engine_keys()) == []


def test_engine_keys_do_not_clash_with_the_app_catalogue() -> None:
    app: dict[str, str] = {}
    i18n.flatten(tomllib.loads((PKG / "language" / "locales" / "en.toml").read_text("utf-8")), app)
    assert sorted(set(app) & set(_engine_catalogue())) == []


# --- Every template gets its fields --------------------------------------------------


class _Calls:
    """The message calls of one engine file, with the keys each may render."""

    def __init__(self, path: Path) -> None:
        self.tree = ast.parse(path.read_text(encoding="utf-8"))
        self.module: dict[str, ast.expr] = {}
        self.functions: dict[str, ast.FunctionDef] = {}
        for node in self.tree.body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target = node.targets[0]
                if isinstance(target, ast.Name):
                    self.module[target.id] = node.value
            elif isinstance(node, ast.FunctionDef):
                self.functions[node.name] = node

    @staticmethod
    def _message_calls(func: ast.AST) -> Iterator[tuple[ast.expr, set[str], int]]:
        """(key expression, field names given, line) of each message made in ``func``."""
        for node in ast.walk(func):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            if node.func.id == "t" and node.args:
                if any(kw.arg is None for kw in node.keywords):
                    continue  # t(self.key, **params): checked where the key is chosen
                yield node.args[0], {kw.arg for kw in node.keywords if kw.arg}, node.lineno
            elif node.func.id == "_Requirement" and len(node.args) >= 4:
                # Tarot's requirement keeps a key and its fields until it is rendered.
                fields = node.args[3]
                assert isinstance(fields, ast.Dict)
                given = {k.value for k in fields.keys if isinstance(k, ast.Constant)}
                yield node.args[2], {str(g) for g in given}, node.lineno

    def calls(self) -> Iterator[tuple[set[str], set[str], int]]:
        """(possible keys, field names given, line) for each message made in a function."""
        seen: set[int] = set()
        for func in ast.walk(self.tree):
            if not isinstance(func, ast.FunctionDef):
                continue
            for expr, given, line in self._message_calls(func):
                if id(expr) not in seen:
                    seen.add(id(expr))
                    yield self.keys(expr, func, line), given, line

    def keys(self, expr: ast.expr, func: ast.FunctionDef, line: int, depth: int = 0) -> set[str]:
        """The keys ``expr`` (used at ``line``) may be: literals, names, tables, helpers.

        A local name stands for its assignments since the last message that used it.
        """
        found = {
            n.value for n in ast.walk(expr) if isinstance(n, ast.Constant) and _is_key(n.value)
        }
        if depth > 3:
            return found
        for n in ast.walk(expr):
            if isinstance(n, ast.Name):
                for value in self._assigned(n.id, func, line):
                    found |= self.keys(value, func, line, depth + 1)
            elif isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id != "t":
                helper = self.functions.get(n.func.id)
                for ret in ast.walk(helper) if helper is not None else ():
                    if isinstance(ret, ast.Return) and ret.value is not None:
                        found |= self.keys(ret.value, helper, ret.lineno, depth + 1)
        return found

    def _assigned(self, name: str, func: ast.FunctionDef, line: int) -> list[ast.expr]:
        def uses(e: ast.expr) -> bool:
            return any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(e))

        since = max(
            (ln for e, _, ln in self._message_calls(func) if ln < line and uses(e)),
            default=func.lineno,
        )
        local = [
            a.value
            for a in ast.walk(func)
            if isinstance(a, ast.Assign)
            and since < a.lineno < line
            and any(isinstance(tg, ast.Name) and tg.id == name for tg in a.targets)
        ]
        if local:
            return local
        return [self.module[name]] if name in self.module else []


def test_the_engine_says_its_messages_through_the_catalogue() -> None:
    assert sum(1 for path in ENGINES for _ in _Calls(path).calls()) > 50


@pytest.mark.parametrize("path", ENGINES, ids=lambda p: str(p.relative_to(PKG / "engine")))
def test_every_template_gets_its_fields(path: Path) -> None:
    cat = _engine_catalogue()
    calls = list(_Calls(path).calls())
    problems = []
    for keys, given, line in calls:
        assert keys, f"{path.name}:{line}: no message key found for this call"
        for key in sorted(keys):
            missing = _fields(cat[key]) - given
            if missing:
                problems.append(f"{path.name}:{line} {key} needs {sorted(missing)}")
    assert problems == []


# --- A second language ---------------------------------------------------------------

FAKE = "xx"
OVERTRUMP_XX = "XX surcoupe : {whose} {winning} / {cards}."


@pytest.fixture
def fake_language(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A language "xx": English with the overtrump refusal (and whose) rewritten."""
    english = i18n.catalogue("en")
    fake = dict(english)
    fake["belote.refuse.must_overtrump"] = OVERTRUMP_XX
    fake["belote.whose.opponents"] = "l'adversaire"
    real_catalogue = i18n.catalogue

    def catalogue(lang: str = i18n.DEFAULT_LANGUAGE) -> dict[str, str]:
        return fake if lang == FAKE else real_catalogue(lang)

    monkeypatch.setattr(i18n, "catalogue", catalogue)
    monkeypatch.setattr(i18n, "languages", lambda: [*real_languages(), FAKE])
    i18n.set_language(FAKE)
    try:
        yield FAKE
    finally:
        i18n.set_language(i18n.DEFAULT_LANGUAGE)


def real_languages() -> list[str]:
    return sorted({p.name.split(".")[0] for p in (PKG / "language" / "locales").glob("*.toml")})


def _overtrump_position() -> BeloteState:
    # Hearts trump; partner (seat 1) leads A♠, the opponent (seat 2) ruffs with 10♥;
    # seat 3 holds 9♥ 8♥ and no spade: only 9♥ overtrumps.
    return start_play(
        hands=[
            "7H JH QH KH AH QC KC AC",
            "7S 8S 9S 10S JS QS KS",
            "7D 8D 9D 10D JD QD KD",
            "8H 9H AD 7C 8C 9C 10C JC",
        ],
        trump="H",
        taker=0,
        dealer=0,
        current_trick="AS 10H",
    )


def test_a_refusal_comes_out_in_the_session_language(fake_language: str) -> None:
    assert i18n.language() == fake_language
    state = _overtrump_position()
    with pytest.raises(IllegalPlayError) as info:
        state.apply(BELOTE_DECK.parse("8H"))
    assert info.value.code == MUST_OVERTRUMP
    assert info.value.verdict.message == "XX surcoupe : l'adversaire 10♥ / 9♥."
    # Keys the fake language leaves out fall back to English.
    assert state.explain(BELOTE_DECK.parse("9H")).message == "9♥ overtrumps 10♥."


def test_the_language_is_english_again_after_the_fake_one() -> None:
    assert i18n.language() == i18n.DEFAULT_LANGUAGE
    message = _overtrump_position().explain(BELOTE_DECK.parse("8H")).message
    assert message == "You must overtrump: the opponents' 10♥ is winning the trick and you hold 9♥."
