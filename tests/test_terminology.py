"""One word per concept, per script, per game: the glossary's rejected words stay out.

Each ``[[term]]`` of ``tutorial/language/locales/glossary/terms.toml`` may list the other
words for its concept that a text of its games must not use (``reject-zh-Hant``,
``reject-zh-Hans``, regular expressions). This reads every Chinese catalogue message,
lesson, scenario translation and playlist against them: a lesson or scenario belongs to the
game of its folder, a playlist to the game its name starts with, a catalogue message to the
game its key names (``belote.refuse.must_trump``, ``practice.rule_bidding_belote``) or, when
its key names none, to every game (a message shared by the games takes the game's word as a
field, e.g. ``{trump_word}``), except the few shared keys listed in :data:`KEY_GAMES`.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tutorial.language import glossary
from tutorial.language.i18n import catalogue

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("zh-Hant", "zh-Hans")

#: Catalogue keys that name no game but are shown for some games only (by their callers).
KEY_GAMES: dict[str, tuple[str, ...]] = {
    # the trump suit in words: Tarot has no trump suit (its trumps are a suit of their own)
    "run.trump_suit": ("belote", "briscola"),
    "table.trump": ("belote", "briscola"),
    "trainer.why.is_trump": ("belote",),
    "trainer.why.not_trump": ("belote",),
    # Briscola's stock and its face-up trump card
    "svg.caption_trump": ("briscola",),
    # Tarot's numbered trumps, its discard and its Poignée
    "svg.face_trump_band": ("tarot",),
    "svg.card.trump": ("tarot",),
    "common.suit.trumps": ("tarot",),
    "practice.hint_discard_suggest": ("tarot",),
    "practice.rule_discard": ("tarot",),
    "practice.rule_poignee": ("tarot",),
    "practice.hint_discard_marked": ("tarot",),
    "component.discard_confirm": ("tarot",),
    "component.discard_prompt.one": ("tarot",),
    "component.discard_prompt.other": ("tarot",),
    "trainer.why.half_point": ("tarot",),
}

#: Shared labels that are not prose: a rank letter on a card face (the rules keep K♠ too).
LABELS = frozenset({"svg.rank.king"})

_GAME_IN_KEY = {g: re.compile(rf"(?:^|[._-]){g}(?:$|[._-])") for g in glossary.GAMES}


def key_games(key: str) -> tuple[str, ...]:
    """The games a catalogue message is shown for."""
    if key in KEY_GAMES:
        return KEY_GAMES[key]
    named = tuple(g for g, pattern in _GAME_IN_KEY.items() if pattern.search(key))
    return named or glossary.GAMES


def rejected(lang: str, games: tuple[str, ...]) -> list[tuple[str, re.Pattern[str]]]:
    """The glossary's rejected words for a text of ``games`` in ``lang``: (term id, pattern)."""
    out = []
    for item in glossary.terms():
        if set(item.games) & set(games):
            out += [(item.id, re.compile(p)) for p in item.rejected.get(lang, ())]
    return out


def _texts(lang: str) -> Iterator[tuple[str, tuple[str, ...], str]]:
    """Every Chinese text of ``lang``: (where, games, text)."""
    for key, message in catalogue(lang).items():
        if key in LABELS:
            continue
        yield f"catalogue {lang}:{key}", key_games(key), message
    for base in (ROOT / "lessons" / lang, ROOT / "scenarios" / lang):
        for path in sorted(base.rglob("*.yaml")):
            game = path.relative_to(base).parts[0]
            for sentence, games in _sentences_by_game(_without_comments(path), game, lang):
                yield str(path.relative_to(ROOT)), games, sentence
    for path in sorted((ROOT / "lessons" / "playlists" / lang).glob("*.yaml")):
        game = path.name.split("-")[0]
        yield str(path.relative_to(ROOT)), (game,), _without_comments(path)


#: How a Chinese text names each game when it compares them ("在 Belote 裡", "在法式塔羅裡").
GAME_NAMES = {
    "zh-Hant": {"belote": ("Belote",), "tarot": ("法式塔羅", "塔羅"), "briscola": ("Briscola",)},
    "zh-Hans": {"belote": ("Belote",), "tarot": ("法式塔罗", "塔罗"), "briscola": ("Briscola",)},
}
_SENTENCE_END = re.compile(r"[。；：！？?\n]")


def _sentences_by_game(text: str, game: str, lang: str) -> Iterator[tuple[str, tuple[str, ...]]]:
    """A lesson's or scenario's clauses, each with the game it speaks of: the one game it
    names ("在 Belote 裡，最小的王牌一分都不值" in a Tarot lesson is about Belote), else the
    file's own game. A sentence naming two games is cut where each name starts ("Belote 的
    王牌……法式塔羅的將牌"); the lines a YAML block wraps are joined first."""
    joined = re.sub(r"\n[ \t]*+(?![A-Za-z0-9_]+:|- )", "", text)
    names = {n: g for g, ns in GAME_NAMES[lang].items() for n in ns}
    starts = re.compile("|".join(sorted(map(re.escape, names), key=len, reverse=True)))
    for sentence in _SENTENCE_END.split(joined):
        found = list(starts.finditer(sentence))
        if len({names[m.group()] for m in found}) <= 1:
            yield sentence, (names[found[0].group()],) if found else (game,)
            continue
        cuts = [0, *(m.start() for m in found[1:]), len(sentence)]
        for (i, j), m in zip(itertools.pairwise(cuts), found, strict=True):
            yield sentence[i:j], (names[m.group()],)


def _without_comments(path: Path) -> str:
    return "".join(
        line
        for line in path.read_text("utf-8").splitlines(keepends=True)
        if not line.lstrip().startswith("#")
    )


def _found(lang: str) -> list[str]:
    found = []
    for where, games, text in _texts(lang):
        for term_id, pattern in rejected(lang, games):
            for m in pattern.finditer(text):
                around = text[max(0, m.start() - 12) : m.end() + 12].replace("\n", " ")
                found.append(f"{where}: {m.group()!r} ({term_id}) in …{around}…")
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_no_text_uses_a_word_the_glossary_rejects(lang: str) -> None:
    found = _found(lang)
    assert not found, f"{len(found)} rejected words:\n" + "\n".join(found[:60])


def test_every_game_of_a_text_is_a_game() -> None:
    for lang in LANGS:
        for where, games, _ in _texts(lang):
            assert set(games) <= set(glossary.GAMES), where


def test_the_rejections_are_read_per_game_and_script() -> None:
    tarot = {p.pattern for _, p in rejected("zh-Hant", ("tarot",))}
    belote = {p.pattern for _, p in rejected("zh-Hant", ("belote",))}
    assert "王牌" in tarot and "王牌" not in belote
    assert "將牌" in belote and "將牌" not in tarot
    assert "王牌" in {p.pattern for _, p in rejected("zh-Hans", ("belote",))}
    assert key_games("belote.refuse.must_trump") == ("belote",)
    assert key_games("practice.rule_bidding_belote") == ("belote",)
    assert key_games("run.hint_winner_trump") == glossary.GAMES


def test_a_sentence_about_the_other_game_is_held_to_its_words() -> None:
    """In a Tarot lesson comparing the games, a sentence about Belote says Belote's 王牌."""
    tarot_file = "在 Belote 裡，最小的將牌一分都不值。在法式塔羅裡，將牌 1 就是 Petit。"
    said = dict(_sentences_by_game(tarot_file, "tarot", "zh-Hant"))
    about_belote = next(s for s in said if "Belote" in s)
    assert said[about_belote] == ("belote",)
    assert any(p.search(about_belote) for _, p in rejected("zh-Hant", ("belote",)))
    assert said["在法式塔羅裡，將牌 1 就是 Petit"] == ("tarot",)


def test_the_trump_word_is_the_game_word() -> None:
    """A message shared by the games says each game's own word for its trumps."""
    for lang in LANGS:
        cat = catalogue(lang)
        for game in glossary.GAMES:
            term_id = "tarot_trump" if game == "tarot" else "trump"
            assert cat[f"term.trump.{game}"] == glossary.term(term_id).words[lang]
    assert catalogue("en")["term.trump.tarot"] == "trump"


@pytest.mark.parametrize("lang", LANGS)
def test_the_glossary_words_themselves_are_not_rejected(lang: str) -> None:
    """No term rejects the chosen word of a term it covers (every game of it)."""
    for item in glossary.terms():
        for other in glossary.terms():
            if not set(item.games) <= set(other.games):
                continue
            for pattern in other.rejected.get(lang, ()):
                assert not re.search(pattern, item.words[lang]), (item.id, other.id)


@pytest.mark.parametrize("lang", LANGS)
def test_no_text_calls_a_thing_it(lang: str) -> None:
    """Chinese drops the pronoun or names the thing again (這張牌, 這一墩): 它 for a card,
    a trick or a side reads as a translation (其它, "other", is a word of its own)."""
    found = [
        f"{where}: …{text[max(0, m.start() - 12) : m.end() + 12]}…"
        for where, _games, text in _texts(lang)
        for m in re.finditer(r"(?<!其)它", text)
    ]
    assert not found, f"{len(found)} uses of 它:\n" + "\n".join(found[:40])
