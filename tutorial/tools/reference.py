"""The author's reference, ``scenarios/REFERENCE.md``, generated from the code.

``python -m tutorial reference [FILE]`` writes it; a test fails when the committed file
is stale, so it cannot drift from what the checker accepts. Everything in it comes from
the code: the keys and their descriptions from the pydantic model (the same text an
editor shows on hover through the JSON Schema), the ``ask`` kinds from
:data:`tutorial.scenarios.model.ASK_KINDS`, the refusal reason codes with a sentence the
engine itself says (found by playing seeded hands), the score lines from
:func:`line_kinds` (each game's, a test checks that every kind the engines write is there), the
rulesets and their options with the sentences of :mod:`tutorial.engine.ruleset_titles`, and the
seating, dealing and counting rules with examples the engine computes.

Pure: no streamlit. Deterministic: the same code writes the same file.
"""

from __future__ import annotations

import dataclasses
import functools
import random
import re
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from tutorial.engine import verdicts
from tutorial.engine.actions import Action, GameAction
from tutorial.engine.cards import EXCUSE, Card
from tutorial.engine.contract import GameState
from tutorial.engine.errors import TutorialError
from tutorial.engine.game_parts import GameParts
from tutorial.engine.games import game_info, new_hand, player_counts
from tutorial.engine.outcomes import Play
from tutorial.engine.rule_options import option_help, rulesets
from tutorial.engine.ruleset_titles import (
    option_sentence,
    option_title,
    ruleset_blurb,
    ruleset_title,
)
from tutorial.engine.seats import seat_names
from tutorial.language.i18n import language
from tutorial.scenarios import actions
from tutorial.scenarios.model import (
    ASK_KINDS,
    MAX_STEPS,
    MAX_VARIANTS,
    STEP_KEYS,
    Act,
    Ask,
    Expect,
    Scenario,
    ScoreLineSpec,
    Variant,
)
from tutorial.scenarios.position import DEFAULT_SEATS
from tutorial.scenarios.yamlsafe import MAX_BYTES, MAX_DEPTH, MAX_NODES

__all__ = [
    "REFERENCE_FILE",
    "REFERENCE_PARTS",
    "ReferencePart",
    "full_hands",
    "line_kinds",
    "main",
    "reason_examples",
    "render",
]

#: Where the reference is committed, relative to the repository root.
REFERENCE_FILE = Path("scenarios") / "REFERENCE.md"

GAMES = ("belote", "tarot", "briscola")
_SEATS = DEFAULT_SEATS[4]


@dataclass(frozen=True)
class ReferencePart:
    """What the reference says of one game (``tutorial/tools/games/<game>.py`` sets it as
    ``REFERENCE``)."""

    #: The game's name in the reference's headings.
    title: str
    #: What the game's score lines add up to, in a sentence or two.
    score_note: str
    #: Every kind of score line the engine writes: (who it goes to, its sign, what it is).
    line_kinds: Mapping[str, tuple[str, str, str]]
    #: Per phase, the game's own actions an author might also write there.
    author_actions: Mapping[str, tuple[GameAction, ...]]
    #: The bid of the seeded hands among the legal actions (None: a random legal action).
    seeded_bid: Callable[[Sequence[Action], random.Random], Action | None]
    #: The game at its first trick with full hands, for a dealer.
    first_trick: Callable[[int], GameState]
    #: What the card lying face up after the deal is ("the card turned up"), "" if none.
    face_up_words: str


#: Each game's part of the reference, from its module of ``tutorial/tools/games``.
REFERENCE_PARTS = GameParts("tutorial.tools.games", ReferencePart, "REFERENCE")


def line_kinds(game: str) -> Mapping[str, tuple[str, str, str]]:
    """Every kind of score line ``game``'s engine writes: (who, sign, what it is).
    A test reads the engines' sources and plays hands to check that none is missing."""
    return REFERENCE_PARTS.of(game).line_kinds


def no_seeded_bid(legal: Sequence[Action], rng: random.Random) -> Action | None:
    """No bid of the game's own (a game without bids): a random legal action."""
    return None


# --- small Markdown helpers -----------------------------------------------------------


def _cell(text: object) -> str:
    """Text fit for one table cell (no pipes, no new lines)."""
    return re.sub(r"\s+", " ", str(text)).replace("|", "\\|").strip()


def _table(header: tuple[str, ...], rows: Sequence[tuple[object, ...]]) -> list[str]:
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return out


def _type_text(schema: dict[str, Any]) -> str:
    """A JSON Schema fragment in words: ``text``, ``list of text``, ``one of a, b``."""
    if "anyOf" in schema:
        parts = [_type_text(s) for s in schema["anyOf"] if s.get("type") != "null"]
        return " or ".join(dict.fromkeys(parts))
    if "enum" in schema:
        return "one of " + ", ".join(f"`{v}`" for v in schema["enum"])
    if "const" in schema:
        return f"`{schema['const']}`"
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[-1]
    kind = schema.get("type")
    if kind == "array":
        return "list of " + _type_text(schema.get("items", {}))
    if kind == "object":
        inner = schema.get("additionalProperties")
        return "mapping" + (" of " + _type_text(inner) if isinstance(inner, dict) else "")
    return {
        "string": "text",
        "integer": "whole number",
        "number": "number",
        "boolean": "true/false",
    }.get(str(kind), "value")


def _fields(model: type[BaseModel], skip: tuple[str, ...] = ()) -> list[str]:
    """A table of a model's keys: type, default, description (the schema's own words)."""
    props = model.model_json_schema().get("properties", {})
    rows: list[tuple[object, ...]] = []
    for name, info in model.model_fields.items():
        if name in skip:
            continue
        default = "required" if info.is_required() else _default_text(info)
        rows.append((f"`{name}`", _type_text(props.get(name, {})), default, info.description or ""))
    return _table(("key", "type", "default", "meaning"), rows)


def _default_text(info: Any) -> str:
    if info.default_factory is not None:
        value = info.default_factory()
        return "empty" if not value else f"`{value}`"
    if info.default is None:
        return "none"
    if isinstance(info.default, bool):
        return "`true`" if info.default else "`false`"
    return f"`{info.default}`"


# --- engine-made examples -------------------------------------------------------------


def _deck_actions(state: GameState) -> Iterator[Action | Play]:
    """What an author might write at this state: every card, every menu action, and a
    card of the next seat (a play out of turn)."""
    yield from actions.menu(state)
    deck = game_info(state.game).deck
    yield from deck
    seat = state.to_move
    if seat is not None and state.phase == "play":
        other = (seat + 1) % state.num_players
        if state.hands[other]:
            yield Play(other, state.hands[other][0])
    yield from REFERENCE_PARTS.of(state.game).author_actions.get(state.phase, ())


def _pick(state: GameState, rng: random.Random) -> Action:
    """The next action of the seeded hands: random and legal, but in Tarot the first
    bidder takes (a Prise: the discard follows) and in Belote the first seat takes."""
    legal = state.legal_actions()
    if state.phase == "bidding":
        chosen = REFERENCE_PARTS.of(state.game).seeded_bid(legal, rng)
        if chosen is not None:
            return chosen
    return rng.choice(legal)


def _usual_players(game: str) -> int:
    """How many sit at the game's usual table (two for Briscola)."""
    return player_counts(game)[0]


def _new(game: str, seed: int) -> GameState:
    """A seeded hand at the usual table, the seat before seat 0 dealing."""
    rng = random.Random(seed)
    return new_hand(game, "default", rng=rng, dealer=_usual_players(game) - 1)


def reason_examples(seeds: int = 12) -> dict[str, dict[str, str]]:
    """For each refusal code, per game, one sentence the engine says (seeded hands).

    Returns ``{code: {game: sentence}}``; the seats are South, East, North, West (You,
    Opponent at two players). The hands are played by a seeded random choice among
    the legal actions; every action an author might write is explained at each state
    (some 130,000 explanations: the answer is kept per language, for the reference's
    test that asks again after rendering it).
    """
    kept = _reason_examples(seeds, language())
    return {code: dict(by_game) for code, by_game in kept.items()}  # the caller's own copy


@functools.cache
def _reason_examples(seeds: int, lang: str) -> dict[str, dict[str, str]]:
    """``reason_examples`` in ``lang`` (the current language), kept: never handed out."""
    found: dict[str, dict[str, str]] = {}
    for game in GAMES:
        names = DEFAULT_SEATS[_usual_players(game)]
        with seat_names(names):
            for seed in range(seeds):
                state = _new(game, seed)
                rng = random.Random(1000 + seed)
                for _ in range(200):
                    for action in _deck_actions(state):
                        try:
                            v = state.explain(action)
                        except (TutorialError, TypeError, ValueError):
                            continue
                        if not v.legal and game not in found.get(v.code, {}):
                            found.setdefault(v.code, {})[game] = v.message
                    if state.is_terminal:
                        break
                    if not state.legal_actions():
                        break
                    state = state.apply(_pick(state, rng))
                if state.is_terminal:
                    for card in game_info(game).deck:
                        v = state.explain(card)
                        if not v.legal and game not in found.get(v.code, {}):
                            found.setdefault(v.code, {})[game] = v.message
                        break
    return found


def reason_codes() -> list[str]:
    """The engine's stable refusal codes (``tutorial.engine.verdicts``), in its order."""
    return [
        v
        for k, v in vars(verdicts).items()
        if k.isupper() and isinstance(v, str) and re.fullmatch(r"[a-z_]+", v) and v != "legal"
    ]


def _excuse_examples() -> list[str]:
    """Two Tarot tricks with the Excuse, as the engine counts them (seeded hands)."""
    out: dict[bool, str] = {}
    with seat_names(_SEATS):
        for seed in range(200):
            state = _new("tarot", seed)
            rng = random.Random(seed)
            while not state.is_terminal and len(out) < 2:
                legal = state.legal_actions()
                state = state.apply(rng.choice(legal))
                if state.phase != "play" and not state.is_terminal:
                    continue
                if not state.tricks:
                    continue
                trick = state.tricks[-1]
                if EXCUSE not in trick.cards or trick.index == state.total_tricks - 1:
                    continue
                owner = next(p.seat for p in trick.plays if p.card == EXCUSE)
                own_side = state.team_of(owner) == state.team_of(trick.winner)
                if own_side in out:
                    continue
                cards = " ".join(c.code for c in trick.cards)
                full = sum(state.card_points(c) for c in trick.cards)
                side = "its own side" if own_side else "the other side"
                out[own_side] = (
                    f"`{cards}` (the Excuse played by {_SEATS[owner]}, the trick won by "
                    f"{_SEATS[trick.winner]}: {side}): the cards are worth {full:g}, and "
                    f"`trick_points` is **{trick.points:g}**"
                )
            if len(out) == 2:
                break
    return [out[k] for k in (True, False) if k in out]


def _first_leader(game: str) -> str:
    """Who leads the first trick with full hands and West (or Opponent) dealing."""
    n = _usual_players(game)
    names = DEFAULT_SEATS[n]
    state = REFERENCE_PARTS.of(game).first_trick(n - 1)
    return f"with {names[n - 1]} dealing, the first trick is led by {names[state.to_move or 0]}"


def full_hands(game: str) -> tuple[list[Card], list[list[Card]]]:
    """The deck in its usual order, and the four full hands dealt from its top."""
    deck = list(game_info(game).deck)
    size = game_info(game).first_trick_hand
    assert size is not None, f"{game} refills its hands"
    return deck, [deck[i * size : (i + 1) * size] for i in range(4)]


def _deal_example(game: str) -> str:
    """Where the first cards of a ``deal`` go, as the engine deals them."""
    deck = list(game_info(game).deck)
    n = _usual_players(game)
    state: GameState = game_info(game).new_hand("default", deal=deck, dealer=n - 1)
    names = DEFAULT_SEATS[n]
    held = ", ".join(
        f"{names[s]} {' '.join(c.code for c in sorted(h, key=deck.index))}"
        for s, h in enumerate(state.hands)
    )
    face_up = state.face_up_card  # Belote's card turned up, Briscola's trump card
    words = REFERENCE_PARTS.of(game).face_up_words
    extra = f"; {words} is `{face_up.code}`" if face_up is not None and words else ""
    dealer = names[n - 1]
    return f"with the deck in its usual order and {dealer} dealing: {held}{extra}"


# --- the document ---------------------------------------------------------------------


def _section_file() -> list[str]:
    lines = [
        "## The file",
        "",
        "A scenario is a YAML mapping with these keys (any other key is an error, with a "
        "suggestion for a near miss). The same descriptions are in "
        "`scenario.schema.json`, so an editor with the YAML language server shows them on "
        "hover.",
        "",
    ]
    lines += _fields(Scenario)
    return lines


def _section_seats() -> list[str]:
    lines = [
        "## Seats, the dealer and the leader",
        "",
        "- `seats` lists the names in **playing order**: the next seat plays after. "
        f"Default: {', '.join(DEFAULT_SEATS[4])} (four players); "
        f"{', '.join(DEFAULT_SEATS[2])} (two-player Briscola).",
        "- `learner`, `dealer`, `leader`, `taker` and every side are written with these "
        "names. A side is any seat of it (`South`), its label (`South & North`), or in "
        "Tarot `taker` / `defence`.",
        "- **With full hands the first trick is led by the seat after the dealer**, as the "
        "engine deals:",
    ]
    for game in GAMES:
        lines.append(f"  - {REFERENCE_PARTS.of(game).title}: {_first_leader(game)}.")
    lines += [
        "- `leader` says who led the first listed trick (or the current trick when no "
        "trick is listed); each later trick is led by the winner of the one before. "
        "Default: the seat after the dealer. `dealer` defaults to the seat before the "
        "leader (in play), or before the learner (`phase: bidding`).",
        "- `current_trick` is in playing order: **its first card is the lead**. A `play` "
        "step must come at the learner's turn: if the seats before the learner have "
        "played, their cards belong in `current_trick`; if not, write them in an `auto` "
        "step first.",
        "",
    ]
    return lines


def _section_hands() -> list[str]:
    sizes = ", ".join(
        f"{REFERENCE_PARTS.of(g).title} {n}"
        for g in GAMES
        if (n := game_info(g).first_trick_hand) is not None
    )
    return [
        "## Hands",
        "",
        "- Write each hand as cards separated by spaces (`9H 8H QD`) or as a list "
        "(`[9H, 8H, QD]`). `?` is one unknown card; `unknown` (or leaving the seat out) is "
        "a wholly unknown hand; **`[]` is an empty hand** (every card played: an "
        "end-of-hand position). The learner's hand is always given in full.",
        f"- Cards dealt per hand: {sizes}; Briscola hands hold 3 cards while the stock "
        "lasts (every Briscola hand is written out, with `?` for unknown cards).",
        "- A hand holds the cards dealt less those the seat played in the listed tricks, "
        "the current trick and the tricks behind `captured` cards (their count divided by "
        "the number of seats). The checker names a hand of the wrong size, the count it "
        "expects and the cards placed nowhere.",
        "- Every card of the deck has exactly one place: a hand, a listed trick, the "
        "current trick, `captured`, the chien or discard, the stock or the trump card. "
        "Tarot and Briscola: with `carried_points`, the cards listed nowhere are the "
        "earlier tricks' cards.",
        "- Belote: when the trump K or Q is among `captured` cards, the engine cannot see "
        "who held them: give `belote_holder` (the seat that held both) or nobody scores "
        "belote-rebelote. When both are in hands or listed tricks it is found from the "
        "cards.",
        "",
    ]


def _section_steps() -> list[str]:
    lines = [
        "## Steps",
        "",
        "Each step is a mapping with one key. Steps are counted from 0 in messages "
        "(`steps[3]`) and in a variant's `at_step`.",
        "",
    ]
    inner: dict[str, type[BaseModel] | None] = {
        "say": None,
        "play": Act,
        "auto": None,
        "ask": Ask,
        "expect": Expect,
    }
    for key, model in STEP_KEYS.items():
        doc = (model.__doc__ or "").strip().splitlines()[0]
        lines += [f"### `{key}:`", "", doc, ""]
        sub = inner.get(key)
        if sub is None:
            field = model.model_fields[key]
            lines += [f"`{key}:` {field.description or ''}", ""]
        else:
            lines += [*_fields(sub), ""]
    lines += [
        "### Questions: the `ask` kinds",
        "",
        "For every kind but `choice` the checker computes the answer with the engine and "
        "requires the file's `answer` to match.",
        "",
    ]
    rows = [
        (f"`{k}`", v.games, v.answer, v.when + (" (checked then)" if v.hand_over else ""))
        for k, v in ASK_KINDS.items()
    ]
    lines += _table(("kind", "games", "answer", "when it may be asked"), rows)
    lines += ["", "### Expected score lines (`expect: lines`)", ""]
    lines += [*_fields(ScoreLineSpec), ""]
    return lines


def _section_reasons() -> list[str]:
    examples = reason_examples()
    lines = [
        "## Refusal reason codes (`expect: refused`)",
        "",
        "`refused: {8H: must_overtrump}` requires the engine to refuse the card with that "
        "code at this step. The sentences are the engine's own, with the seats named "
        "South, East, North, West (You and Opponent at two players).",
        "",
    ]
    rows: list[tuple[object, ...]] = []
    for code in reason_codes():
        said = examples.get(code, {})
        if not said:
            rows.append((f"`{code}`", "", "(not met in the seeded hands)"))
            continue
        for game in GAMES:
            if game in said:
                rows.append((f"`{code}`", REFERENCE_PARTS.of(game).title, said[game]))
    lines += _table(("code", "game", "an example the engine says"), rows)
    return [*lines, ""]


def _section_lines() -> list[str]:
    lines = [
        "## Score lines and their signs",
        "",
        "The hand's score is a list of lines; a side's lines add up to its total. In "
        "`expect: lines` write `{kind: ..., side: ..., points: ...}`; a wrong figure is "
        "reported with the engine's lines.",
        "",
    ]
    for game in GAMES:
        lines += [
            f"### {REFERENCE_PARTS.of(game).title}",
            "",
            REFERENCE_PARTS.of(game).score_note,
            "",
        ]
        rows = [(f"`{k}`", who, sign, what) for k, (who, sign, what) in line_kinds(game).items()]
        lines += [*_table(("kind", "goes to", "sign", "what it is"), rows), ""]
    return lines


def _section_rulesets() -> list[str]:
    lines = [
        "## Rulesets and their options",
        "",
        "`ruleset:` names a preset; `options:` overrides single options (`options: "
        "{capot: 252}`). A variant replays the same cards under another ruleset or "
        "options.",
        "",
    ]
    for game in GAMES:
        presets = rulesets(game)
        lines += [f"### {REFERENCE_PARTS.of(game).title}", ""]
        rows: list[tuple[object, ...]] = [
            (f"`{rs.name}`", ruleset_title(game, rs.name), ruleset_blurb(game, rs.name))
            for rs in presets
        ]
        lines += [*_table(("ruleset", "name", "about"), rows), ""]
        default = presets[0]
        opt_rows: list[tuple[object, ...]] = []
        for key, value, _help, choices in option_help(default):
            values = list(choices) if choices else [value]
            said = "<br>".join(
                f"`{core_value(v)}`: {option_sentence(game, key, v)}" for v in values
            )
            field = next(f for f in dataclasses.fields(default.options) if f.name == key)
            if field.metadata.get("accepts") is not None:
                doc = (field.metadata["accepts"].__doc__ or "").strip().splitlines()[0]
                said += f"<br>or {doc}"
            differs = [
                f"`{rs.name}`: `{core_value(getattr(rs.options, key))}`"
                for rs in presets[1:]
                if getattr(rs.options, key) != value
            ]
            opt_rows.append(
                (
                    f"`{key}`",
                    option_title(game, key),
                    said,
                    f"`{core_value(value)}`",
                    ", ".join(differs) or "none",
                )
            )
        lines += _table(("option", "about", "values", "default", "other presets"), opt_rows)
        lines.append("")
    return lines


def core_value(value: object) -> str:
    """An option value as a file writes it: ``true``, ``252``, ``total_strict``.

    >>> core_value(True), core_value(252), core_value("tens")
    ('true', '252', 'tens')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _section_counting() -> list[str]:
    excuse = _excuse_examples()
    lines = [
        "## Counting",
        "",
        "- **`at_step`** (a variant): the number of steps replayed before its `expect` is "
        "checked, counting every step from 0 (`say`, `play`, `auto`, `ask` and `expect` "
        "alike; an `auto` list is one step). `at_step: 3` replays steps 0, 1 and 2; left "
        "out, every step is replayed.",
        "- **`deal`** (`phase: bidding`, Belote and Briscola) is the whole deck, top first:",
        f"  - Belote: 3 then 2 cards to each seat from the seat after the dealer; the 21st "
        f"card is turned up. For example, {_deal_example('belote')}.",
        f"  - Briscola: 3 cards each, one at a time from the seat after the dealer, then "
        f"the next card face up (trumps); the rest is the stock, top first. For example, "
        f"{_deal_example('briscola')}.",
        "  - Tarot from the deal takes the four `hands` and the `chien` instead.",
        "- **`trick_points`** is the card points of the last finished trick as the engine "
        "counts them. In Tarot **the Excuse counts only when its own side wins the "
        "trick**; otherwise it goes back to its side (which gives half a point in "
        "exchange, on an `excuse_exchange` line):",
    ]
    lines += [f"  - {e}." for e in excuse]
    lines += [
        "- **`points`** (a question or an expectation) is a side's card points so far: "
        "listed tricks, `captured` cards and `carried_points`; Belote's dix de der is "
        "added to the score at the end, not to `points`.",
        "",
    ]
    return lines


def _section_limits() -> list[str]:
    return [
        "## Limits",
        "",
        f"- A file is at most {MAX_BYTES:,} bytes (1 MB: the Workshop's paste box and "
        f"upload say the same), {MAX_NODES:,} values after aliases, {MAX_DEPTH} levels of "
        "nesting; no tags, no merge keys, no duplicate keys.",
        f"- At most {MAX_STEPS} steps and {MAX_VARIANTS} variants.",
        "- Problems are reported as `file:line:column: what is wrong`; the column is the "
        "key or the card at fault.",
        "",
    ]


def render() -> str:
    """The whole reference, in Markdown."""
    variant_fields = _fields(Variant)
    parts = [
        "<!-- Generated by `python -m tutorial reference` from the code: do not edit by "
        "hand (a test fails when this file is stale). -->",
        "",
        "# Scenario author's reference",
        "",
        "Everything a scenario file may say, generated from the checker's own model and "
        "the engine. The guide with a worked example is [README.md](README.md).",
        "",
        *_section_file(),
        "",
        *_section_seats(),
        *_section_hands(),
        *_section_steps(),
        "## Variants",
        "",
        (Variant.__doc__ or "").strip().splitlines()[0],
        "",
        *variant_fields,
        "",
        *_section_reasons(),
        *_section_lines(),
        *_section_rulesets(),
        *_section_counting(),
        *_section_limits(),
    ]
    return "\n".join(parts).rstrip() + "\n"


def main(argv: list[str]) -> int:
    """``python -m tutorial reference [FILE]``: write the reference (default
    ``scenarios/REFERENCE.md``)."""
    target = Path(argv[0]) if argv else REFERENCE_FILE
    target.write_text(render(), encoding="utf-8")
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main(sys.argv[1:]))
