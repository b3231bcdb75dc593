"""Hostile and broken input ends in the project's own error with a located message
(``file:line:col: what is wrong``), within the caps.

Each test below is one input that once escaped as an uncaught exception (reported, or
found by the long fuzz run), kept as a regression seed with the message it must give.
"""

from __future__ import annotations

import base64
import os
import re
import shutil
import tomllib
import zlib
from pathlib import Path

import pytest
from clocks import Jumping
from streamlit.testing.v1 import AppTest
from work import Calls

from tutorial.course import library
from tutorial.course.links import parse_link, step_to_open
from tutorial.course.progress import (
    CAP,
    PREFIX,
    Progress,
    ProgressError,
    ScenarioRecord,
    decode,
    encode,
)
from tutorial.engine import belote as _belote
from tutorial.engine import briscola as _briscola
from tutorial.engine import tarot as _tarot
from tutorial.engine.belote.play_rules import explain_play as _belote_explain
from tutorial.engine.belote.play_rules import legal_cards as _belote_legal
from tutorial.engine.cards import BELOTE_DECK, BRISCOLA_DECK, TAROT_DECK, Suit
from tutorial.engine.errors import InvalidStateError, ScenarioError, TutorialError
from tutorial.engine.outcomes import Play
from tutorial.engine.tarot.play_rules import explain_card as _tarot_explain
from tutorial.engine.tarot.play_rules import legal_cards as _tarot_legal
from tutorial.scenarios import budget, checker, position
from tutorial.scenarios.checker import CheckerCrash, check_file, check_text, problems_of
from tutorial.scenarios.loader import Problem, ScenarioProblems
from tutorial.scenarios.yamlsafe import load_bytes, load_file
from tutorial.webapp.inert import inert_markdown

ROOT = Path(__file__).resolve().parent.parent
OVERRUFF = (ROOT / "scenarios/belote/overruff.yaml").read_text("utf-8")
BID_GARDE = (ROOT / "scenarios/tarot/bid-garde.yaml").read_text("utf-8")
UNDERTRUMP = (ROOT / "scenarios/belote/seed-000-undertrump.yaml").read_text("utf-8")

TAROT_CARRIED = """\
title: Carried points
game: tarot
seats: [South, East, North, West]
learner: South
taker: South
contract: prise
leader: South
discard: 1H 2H 3H 1D 2D 3D
captured: {taker: T1 EXC}
hands:
  South: KS T21
  East: 7S 4C
  North: 5H 8C
  West: 9H QC
carried_points: {taker: 40}
steps:
  - play:
      accept: any
"""


def problems(text: str, name: str = "p.yaml") -> list[str]:
    """The checker's lines for a text that must be refused (and nothing else escapes)."""
    with pytest.raises(ScenarioError) as info:
        check_text(text, name)
    assert not isinstance(info.value, CheckerCrash), problems_of(info.value)
    lines = problems_of(info.value)
    assert lines and all(re.match(rf"{re.escape(name)}:\d+:\d+: \S", x) for x in lines), lines
    return lines


# --- 1. an empty list of accepted answers ----------------------------------------------


def test_empty_accept_list_is_a_located_problem() -> None:
    (line,) = problems(OVERRUFF.replace("accept: [9H]", "accept: []"))
    assert line.startswith("p.yaml:25:15: steps[2].play.accept:")
    assert "at least 1 item" in line


# --- 2. YAML scalar tags and long numbers --------------------------------------------


@pytest.mark.parametrize(
    ("insert", "message"),
    [
        ("title: !!int abc", "p.yaml:1:8: 'abc' does not fit the tag !!int: it is not a whole number"),
        ("level: !!bool maybe", "p.yaml:1:8: 'maybe' does not fit the tag !!bool: it is not true or false"),
        ("level: !!int", "p.yaml:1:8: '' does not fit the tag !!int: it is not a whole number"),
        ("level: " + "1" * 4301, "p.yaml:1:8: this number has 4,301 digits; numbers in a scenario have at most 15"),
        ("level: .nan", "p.yaml:1:8: '.nan' is not a usable number"),
        ("level: 1.0e+308", "p.yaml:1:8: '1.0e+308' is not a usable number"),
        ("level: 0x" + "f" * 14, "p.yaml:1:8: '0xffffffffffffff' is too large"),
    ],
)  # fmt: skip
def test_scalar_tags_and_numbers(insert: str, message: str) -> None:
    text = OVERRUFF.replace("title: Overtrump", insert + "\ntitle: Overtrump", 1)
    (line,) = problems(
        text.replace("# yaml-language-server: $schema=../scenario.schema.json\n", "")
    )
    assert line.startswith(message), line


# --- 3. variants ------------------------------------------------------------------------


def test_variant_with_a_bad_card_is_located_at_the_variant() -> None:
    (line,) = problems(OVERRUFF + "variants: [{expect: {legal: QX}}]\n")
    assert line.startswith("p.yaml:35:29: under default: 'QX' is not a Belote card")


def test_variant_expecting_a_score_when_all_pass() -> None:
    head = BID_GARDE[: BID_GARDE.index("steps:")]
    text = head + (
        "steps:\n  - auto: pass, pass, pass, pass\n"
        "variants:\n  - {options: {}, expect: {score: {taker: 10}}}\n"
    )
    (line,) = problems(text)
    assert line.startswith("p.yaml:22:5: under default:") and "no taker" in line


def test_variant_replays_the_checked_placement_of_unknown_cards() -> None:
    # The other hands left unknown: the variant's table has the very cards of the
    # checked table (a random placement could take the scripted 7S away from Left).
    text = re.sub(r"  (Left|Partner|Right): .*\n", "", UNDERTRUMP)
    checked = check_text(text, "u.yaml")
    assert checked.table.unknown  # the cards were placed by the checker
    rs = position.ruleset_of(checked.scenario, "contree-discard", {})
    again = position.build(
        checked.scenario, checked.doc, ruleset=rs, check_script=False,
        placement=checked.table.placement,
    )  # fmt: skip
    assert again.state.hands == checked.table.state.hands  # type: ignore[attr-defined]
    assert again.state.ruleset.name == "contree-discard"


def test_unknown_cards_and_a_failing_variant_give_a_located_line() -> None:
    text = re.sub(r"  (Left|Partner|Right): .*\n", "", OVERRUFF)
    text += "variants:\n  - {ruleset: default, options: {}, expect: {trick_winner: Right}}\n"
    (line,) = problems(text)
    assert line.startswith("p.yaml:36:60: under default: You wins the last trick, not Right")


# --- 4. carried points ------------------------------------------------------------------


def test_tarot_carried_points_within_bounds_are_checked() -> None:
    check_text(TAROT_CARRIED.replace("{taker: 40}", "{taker: 64}"))  # the cards placed nowhere
    (line,) = problems(TAROT_CARRIED.replace("{taker: 40}", "{taker: 999999999}"))
    assert (
        line
        == "p.yaml:11:3: carried points add to 999999999, but the cards placed nowhere are worth 64"
    )


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("1e308", "p.yaml:15:25: carried_points.taker: Input should be less than or equal to 1000000000"),
        ("-1e308", "p.yaml:15:25: carried_points.taker: Input should be greater than or equal to -1000000000"),
        (".nan", "p.yaml:15:25: '.nan' is not a usable number"),
        ("nan", "p.yaml:15:25: carried_points.taker: Input should be a finite number"),
        ("inf", "p.yaml:15:25: carried_points.taker: Input should be a finite number"),
    ],
)  # fmt: skip
def test_tarot_carried_points_out_of_range(value: str, message: str) -> None:
    (line,) = problems(TAROT_CARRIED.replace("taker: 40", f"taker: {value}"))
    assert line.startswith(message), line


# --- 5, 6. progress codes ---------------------------------------------------------------


def _pack(raw: bytes) -> str:
    return PREFIX + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")


def test_deeply_nested_progress_code_is_refused() -> None:
    code = _pack(b"[" * 1000 + b"]" * 1000)
    assert len(code) == 41
    with pytest.raises(ProgressError, match="nested 1000 levels deep"):
        decode(code)


def test_progress_at_the_cap_survives_one_more_mistake() -> None:
    def script() -> None:
        from dataclasses import replace

        import streamlit as st

        from tutorial.course.progress import CAP, Progress, ScenarioRecord, decode, encode
        from tutorial.webapp import state

        at_cap = Progress(scenarios={"belote/overruff": ScenarioRecord(mistakes=CAP, hints=CAP)})
        state.import_progress(decode(encode(at_cap)))
        kept = state.progress_of("belote/overruff")
        more = replace(kept, mistakes=kept.mistakes + 1, hints=kept.hints + 1)
        state.session().put_progress("belote/overruff", more)
        again = decode(encode(state.export_progress()))
        st.write(str(again.scenarios["belote/overruff"].mistakes))

    at = AppTest.from_function(script)
    at.run()
    assert not at.exception
    assert at.markdown[0].value == str(CAP)
    assert Progress(scenarios={"s": ScenarioRecord(mistakes=CAP)}).scenarios["s"].mistakes == CAP
    assert encode(Progress())  # the round trip above used the real encoder


# --- 7. deep links ------------------------------------------------------------------------


def test_superscript_step_is_a_bad_step_not_a_crash() -> None:
    link = parse_link("belote/overruff", "²")
    assert link is not None and link.bad_step and link.step is None
    assert step_to_open(link, 5) is None
    assert parse_link("belote/overruff", "3") is not None
    assert parse_link("![x](http://e.example)", None) is None


def test_superscript_step_on_the_play_page(monkeypatch: pytest.MonkeyPatch) -> None:
    from apptest_util import open_app

    at = open_app("play", scenario="belote/overruff", step="²")
    assert not at.exception
    assert any("step ²" in w.value for w in at.warning)


def test_markdown_in_an_unknown_link_is_shown_inert() -> None:
    from apptest_util import open_app

    at = open_app("play", scenario="![x](http://e.example/a.png)")
    assert not at.exception
    shown = [e.value for e in at.error]
    assert shown and all("![x](" not in v for v in shown), shown


# --- 8. caps and the time budget ----------------------------------------------------------

#: Function calls a refused or worst-case check may make: a wide margin over the few
#: hundred thousand each takes (a runaway loop over hostile input takes hundreds of
#: millions); counted, not timed, so the verdict never depends on the machine's load.
MOST_CALLS = 5_000_000


def test_fifteen_thousand_variants_end_fast_with_one_line() -> None:
    text = OVERRUFF + "variants:\n" + "  - {expect: {}}\n" * 15_000
    assert len(text) < 256 * 1024
    with Calls() as calls:
        (line,) = problems(text)
    assert calls.count < MOST_CALLS
    assert line == (
        "p.yaml:56:5: variants: a scenario has at most 20 variants; this one has 15,000 "
        "(split it into several scenarios)"
    )


def test_thousands_of_steps_end_fast_with_one_line() -> None:
    text = OVERRUFF.replace("steps:\n", "steps:\n" + "  - say: x\n" * 4500)
    with Calls() as calls:
        (line,) = problems(text)
    assert calls.count < MOST_CALLS
    assert line.startswith(
        "p.yaml:318:5: steps: a scenario has at most 300 steps; this one has 4,505"
    )


def test_at_most_fifty_problems_are_listed() -> None:
    many = [Problem("f.yaml", i, 1, f"problem {i}") for i in range(1, 121)]
    lines = problems_of(ScenarioProblems(many))
    assert len(lines) == 51
    assert lines[-1] == "f.yaml:1:1: only the first 50 problems are listed; problems not listed: 70"


def test_a_check_out_of_time_is_a_located_problem(monkeypatch: pytest.MonkeyPatch) -> None:
    # A clock that moves a second at each read: a budget of none is spent at once.
    monkeypatch.setattr(budget, "CHECK_SECONDS", 0.0)
    monkeypatch.setattr(budget, "CLOCK", Jumping(1.0))
    lines = problems(OVERRUFF)
    assert len(lines) == 1 and "takes more than 0 seconds" in lines[0]


def test_the_budget_runs_on_its_clock_and_an_outer_budget_ending_sooner_holds() -> None:
    clock = Jumping(1.0)
    with budget.time_budget(2.5, clock):
        budget.tick()  # 1 s
        budget.tick()  # 2 s
        with pytest.raises(budget.OutOfTime):
            budget.tick()  # 3 s: past the budget
    clock = Jumping(1.0)
    with budget.time_budget(2.5, clock), budget.time_budget(100.0, clock):
        budget.tick()  # 2 s
        with pytest.raises(budget.OutOfTime):
            budget.tick()  # 3 s: past the outer budget
    budget.tick()  # outside a budget: nothing to enforce


def test_a_worst_case_check_stays_within_the_budget() -> None:
    text = OVERRUFF.replace("steps:\n", "steps:\n" + "  - expect: {legal: 9H}\n" * 290)
    text += "variants:\n" + "  - {options: {}, expect: {trick_winner: Right}}\n" * 20
    with Calls() as calls:
        problems(text)
    assert calls.count < MOST_CALLS


def test_the_workshop_checks_once_per_text(monkeypatch: pytest.MonkeyPatch) -> None:
    from apptest_util import open_app

    from tutorial.webapp.pages import workshop

    calls: list[str] = []
    real = workshop.check_text

    def counting(text: str, name: str = "<pasted>") -> checker.Checked:
        calls.append(text)
        return real(text, name)

    monkeypatch.setattr(workshop, "check_text", counting)
    at = open_app("workshop")
    at.text_area(key="workshop_text").input(OVERRUFF).run()
    at.run()
    at.run()
    assert len(calls) == 1
    assert not at.exception and at.success
    at.text_area(key="workshop_text").input(OVERRUFF.replace("QD", "QX")).run()
    assert len(calls) == 2


# --- 9, 10. reading files ------------------------------------------------------------------


def test_dev_zero_is_refused_without_reading() -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    with pytest.raises(
        ScenarioError, match=r"^/dev/zero:1:1: cannot read the file: it is not a regular file$"
    ):
        load_file("/dev/zero")


def test_fifo_is_refused_without_waiting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Opened without waiting for a writer (non-blocking), refused before any read.
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    opened: list[int] = []
    reads: list[int] = []
    real_open, real_read = os.open, os.read

    def spy_open(path: object, flags: int, *args: object, **kw: object) -> int:
        fd = real_open(path, flags, *args, **kw)  # type: ignore[arg-type]
        if Path(str(path)) == fifo:
            assert flags & os.O_NONBLOCK, "the FIFO was opened waiting for a writer"
            opened.append(fd)
        return fd

    def spy_read(fd: int, n: int) -> bytes:
        reads.append(fd)
        return real_read(fd, n)

    monkeypatch.setattr(os, "open", spy_open)
    monkeypatch.setattr(os, "read", spy_read)
    with pytest.raises(ScenarioError, match="it is not a regular file"):
        check_file(fifo, "pipe.yaml")
    assert len(opened) == 1 and opened[0] not in reads


def test_the_size_cap_holds_while_reading(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b"a: b\n" * 220_000)  # over the 1 MB cap (yamlsafe.MAX_BYTES)
    with pytest.raises(ScenarioError, match=r"big\.yaml:1:1: the file is 1,100,000 bytes"):
        load_file(big)


def test_bad_utf8_is_located_at_its_line_and_column() -> None:
    raw = b"title: abcde\ngame: b\xff\n"
    assert raw.index(b"\xff") == 20
    with pytest.raises(ScenarioError) as info:
        load_bytes(raw, "f.yaml")
    assert str(info.value) == "f.yaml:2:8: the file is not UTF-8 text (byte 20 cannot be read)"


# --- 11. markdown in user text ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("![pic](x)", "!\\[pic\\](x)"),
        ("[d](data:text/html,x)", "\\[d\\](data\u2060:text/html,x)"),
        ("<https://e.example>", "\\<https\u2060://e.example\\>"),
        ("see https://e.example now", "see https\u2060://e.example now"),
        ("www.e.example", "www\u2060.e.example"),
        ("a@e.example", "a@\u2060e.example"),
        ("<img src=x onerror=alert(1)>", "\\<img src=x onerror=alert(1)\\>"),
        (":red[alarm] $x$", ":red\\[alarm\\] \\$x\\$"),
        ("**bold** and *italic*", "**bold** and *italic*"),
    ],
)
def test_inert_markdown(text: str, shown: str) -> None:
    assert inert_markdown(text) == shown


def test_the_transcript_shows_author_markdown_inert() -> None:
    def script() -> None:
        from tutorial.scenarios.runtime import Event
        from tutorial.webapp.pages.play import _transcript_line

        _transcript_line(Event("say", "**Look** ![pic](http://e.example/p.png)"))

    at = AppTest.from_function(script)
    at.run()
    assert not at.exception
    assert at.markdown[0].value == "**Look** !\\[pic\\](http\u2060://e.example/p.png)"


def test_streamlit_shows_no_error_details() -> None:
    config = tomllib.loads((ROOT / ".streamlit/config.toml").read_text("utf-8"))
    assert config["client"]["showErrorDetails"] == "none"
    assert config["client"]["toolbarMode"] == "minimal"


# --- the one rule: whatever happens, a located ScenarioError ----------------------------------


def test_an_internal_error_of_the_checker_is_a_clean_line(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise ValueError("a bug")

    monkeypatch.setattr(checker, "build", broken)
    with pytest.raises(CheckerCrash) as info:
        check_text(OVERRUFF, "p.yaml")
    assert problems_of(info.value) == [
        "p.yaml:1:1: the checker stopped on an internal error (ValueError) while reading "
        "this file; please report it with the file"
    ]


def test_the_library_lists_a_file_whatever_its_exception(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "belote").mkdir()
    shutil.copy(ROOT / "scenarios/belote/overruff.yaml", tmp_path / "belote/good.yaml")
    (tmp_path / "belote/odd.yaml").write_text(OVERRUFF, "utf-8")
    real = library.check_file

    def flaky(path: Path, display: str | None = None) -> checker.Checked:
        if Path(path).name == "odd.yaml":
            raise RecursionError("deep")
        return real(path, display)

    monkeypatch.setattr(library, "check_file", flaky)
    lib = library.load_library(tmp_path)
    assert list(lib.scenarios) == ["belote/good"]
    (broken,) = lib.broken
    assert broken.problems == (
        "scenarios/belote/odd.yaml:1:1: the file could not be loaded (RecursionError)",
    )


# --- crashes found by the long fuzz run (inputs kept in tests/fuzz/regressions/) -----------

REGRESSIONS = ROOT / "tests/fuzz/regressions"


@pytest.mark.parametrize(
    ("file", "message"),
    [
        # declarations: {You: [[]]} gave "fuzz.yaml:29:3:  is no declaration: ..."
        ("empty-declaration.yaml", "x.yaml:25:5: this declaration lists no card; write its cards"),
    ],
)
def test_fuzz_findings(file: str, message: str) -> None:
    raw = (REGRESSIONS / file).read_bytes()
    with pytest.raises(ScenarioError) as info:
        checker.check_bytes(raw, "x.yaml")
    assert not isinstance(info.value, CheckerCrash)
    (line,) = problems_of(info.value)
    assert line.startswith(message), line


# --- The rule functions refuse what no position can hold ---------------------------------

_B, _T, _R = BELOTE_DECK.parse_many, TAROT_DECK.parse_many, BRISCOLA_DECK.parse_many
_H = Suit.HEARTS


def _plays(text: str, first: int = 1) -> list[Play]:
    return [Play((first + i) % 4, c) for i, c in enumerate(_T(text))]


RULE_FUNCTION_CALLS = {
    # Belote: trick_winner, card_points, card_power, explain_play, legal_cards.
    "belote trick_winner, empty": (lambda: _belote.trick_winner([], _H), "empty trick"),
    "belote trick_winner, tarot cards": (
        lambda: _belote.trick_winner(_T("T5 T6"), _H),
        "T5 is not a Belote card",
    ),
    "belote trick_winner, five cards": (
        lambda: _belote.trick_winner(_B("7S 8S 9S 10S JS"), _H),
        "at most 4 cards, not 5",
    ),
    "belote trick_winner, a card twice": (
        lambda: _belote.trick_winner(_B("7S 7S"), _H),
        "7♠ is twice in the trick",
    ),
    "belote trick_winner, leader 4": (
        lambda: _belote.trick_winner(_B("7S 8S"), _H, 4),
        "unknown leader 4",
    ),
    "belote trick_winner, leader -1": (
        lambda: _belote.trick_winner(_B("7S 8S"), _H, -1),
        "unknown leader -1",
    ),
    "belote trick_winner, leader True": (
        lambda: _belote.trick_winner(_B("7S 8S"), _H, True),
        "unknown leader True",
    ),
    "belote trick_winner, codes not cards": (
        lambda: _belote.trick_winner(["7S", "8S"], _H),
        "'7S' is not a Belote card",
    ),
    "belote trick_winner, a text trick": (
        lambda: _belote.trick_winner("7S 8S", _H),  # type: ignore[arg-type]
        "must be a sequence of cards",
    ),
    "belote trick_winner, trumps as trump": (
        lambda: _belote.trick_winner(_B("7S 8S"), Suit.TRUMP),
        "the trump must be spades, hearts, diamonds or clubs",
    ),
    "belote trick_winner, a suit's letter as trump": (
        lambda: _belote.trick_winner(_B("7S 8S"), "H"),  # type: ignore[arg-type]
        "the trump must be",
    ),
    "belote card_points, a tarot card": (
        lambda: _belote.card_points(_T("T5")[0], _H),
        "T5 is not a Belote card",
    ),
    "belote card_points, a code": (
        lambda: _belote.card_points("7S", _H),  # type: ignore[arg-type]
        "'7S' is not a Belote card",
    ),
    "belote card_points, no trump": (
        lambda: _belote.card_points(_B("7S")[0], Suit.EXCUSE),
        "the trump must be",
    ),
    "belote card_power, a briscola card": (
        lambda: _belote.card_power(_R("2S")[0], _H, Suit.SPADES),
        "2♠ is not a Belote card",
    ),
    "belote explain_play, a tarot card led": (
        lambda: _belote_explain(_B("7S 8S"), _T("T5"), _B("7S")[0], _H),
        "T5 is not a Belote card",
    ),
    "belote explain_play, a full trick": (
        lambda: _belote_explain(_B("7S 8S"), _B("7H 8H 9H 10H"), _B("7S")[0], _H),
        "at most 3 cards, not 4",
    ),
    "belote explain_play, nine cards in hand": (
        lambda: _belote_explain(_B("7S 8S 9S 10S JS QS KS AS 7D"), (), _B("7S")[0], _H),
        "at most 8 cards, not 9",
    ),
    "belote explain_play, a card twice in hand": (
        lambda: _belote_explain(_B("7S 7S"), _B("8H"), _B("7S")[0], _H),
        "7♠ is twice in the hand",
    ),
    "belote explain_play, a card in hand and trick": (
        lambda: _belote_explain(_B("7S 8S"), _B("7S"), _B("8S")[0], _H),
        "7♠ is both in the hand and in the trick",
    ),
    "belote explain_play, a code": (
        lambda: _belote_explain(_B("7S 8S"), _B("8H"), "7S", _H),  # type: ignore[arg-type]
        "'7S' is not a card",
    ),
    "belote legal_cards, a full trick": (
        lambda: _belote_legal(_B("7S 8S"), _B("7H 8H 9H 10H"), _H),
        "at most 3 cards",
    ),
    # Tarot: trick_winner, card_points, explain_card, legal_cards.
    "tarot trick_winner, empty": (lambda: _tarot.trick_winner([]), "other than the Excuse"),
    "tarot trick_winner, belote cards": (
        lambda: _tarot.trick_winner(_B("AS KS")),
        "A♠ is not a Tarot card",
    ),
    "tarot trick_winner, five cards": (
        lambda: _tarot.trick_winner(_T("1S 2S 3S 4S 5S")),
        "at most 4 cards, not 5",
    ),
    "tarot trick_winner, a card twice": (
        lambda: _tarot.trick_winner(_T("1S 1S")),
        "1♠ is twice in the trick",
    ),
    "tarot trick_winner, leader 4": (
        lambda: _tarot.trick_winner(_T("1S 2S"), 4),
        "the leader must be a seat 0..3, not 4",
    ),
    "tarot trick_winner, leader True": (
        lambda: _tarot.trick_winner(_T("1S 2S"), True),
        "not True",
    ),
    "tarot trick_winner, codes not cards": (
        lambda: _tarot.trick_winner(["1S", "2S"]),
        "'1S' is not a Tarot card",
    ),
    "tarot card_points, a belote card": (
        lambda: _tarot.card_points(_B("AS")[0]),
        "A♠ is not a Tarot card",
    ),
    "tarot card_points, a code": (
        lambda: _tarot.card_points("KS"),  # type: ignore[arg-type]
        "'KS' is not a Tarot card",
    ),
    "tarot explain_card, a belote card in the trick": (
        lambda: _tarot_explain(0, _T("1S")[0], _T("1S 2S"), [Play(3, _B("AS")[0])], 0),
        "A♠ is not a Tarot card",
    ),
    "tarot explain_card, a full trick": (
        lambda: _tarot_explain(0, _T("1S")[0], _T("1S 2S"), _plays("3S 4S 5S 6S"), 0),
        "at most 3 cards, not 4",
    ),
    "tarot explain_card, seat 4": (
        lambda: _tarot_explain(4, _T("1S")[0], _T("1S 2S"), [], 0),
        "the seat must be a seat 0..3, not 4",
    ),
    "tarot explain_card, taker 7": (
        lambda: _tarot_explain(0, _T("1S")[0], _T("1S 2S"), [], 7),
        "the taker must be a seat 0..3, not 7",
    ),
    "tarot explain_card, a code": (
        lambda: _tarot_explain(0, "1S", _T("1S 2S"), [], 0),  # type: ignore[arg-type]
        "'1S' is not a card",
    ),
    "tarot explain_card, nineteen cards in hand": (
        lambda: _tarot_explain(
            0, _T("1S")[0], _T("1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS CS QS KS 1H 2H 3H 4H 5H"), [], 0
        ),
        "at most 18 cards, not 19",
    ),
    "tarot explain_card, a card twice in hand": (
        lambda: _tarot_explain(0, _T("1S")[0], _T("1S 1S"), [], 0),
        "1♠ is twice in the hand",
    ),
    "tarot explain_card, cards for plays": (
        lambda: _tarot_explain(0, _T("1S")[0], _T("1S 2S"), _T("3S"), 0),  # type: ignore[arg-type]
        "is not a play",
    ),
    "tarot explain_card, a card in hand and trick": (
        lambda: _tarot_explain(0, _T("1S")[0], _T("1S 2S"), _plays("2S"), 0),
        "2♠ is both in the hand and in the trick",
    ),
    "tarot legal_cards, a full trick": (
        lambda: _tarot_legal(_T("1S 2S"), _plays("3S 4S 5S 6S")),
        "at most 3 cards",
    ),
    # Briscola: judge_trick, trick_winner, card_points.
    "briscola judge_trick, empty": (
        lambda: _briscola.judge_trick([], _H),
        "needs at least one card",
    ),
    "briscola judge_trick, a tarot card": (
        lambda: _briscola.judge_trick(_T("T5 1S"), _H),
        "T5 is not a Briscola card",
    ),
    "briscola judge_trick, five cards": (
        lambda: _briscola.judge_trick(_R("AS 2S 3S 4S 5S"), _H),
        "at most 4 cards, not 5",
    ),
    "briscola judge_trick, a card twice": (
        lambda: _briscola.judge_trick(_R("AS AS"), _H),
        "A♠ is twice in the trick",
    ),
    "briscola judge_trick, codes not cards": (
        lambda: _briscola.judge_trick(["AS", "2S"], _H),  # type: ignore[list-item]
        "'AS' is not a Briscola card",
    ),
    "briscola judge_trick, trumps as trump suit": (
        lambda: _briscola.judge_trick(_R("AS 2S"), Suit.TRUMP),
        "the trump suit must be",
    ),
    "briscola trick_winner, a belote card": (
        lambda: _briscola.trick_winner(_B("8S AS"), _H),
        "8♠ is not a Briscola card",
    ),
    "briscola card_points, a belote card": (
        lambda: _briscola.card_points(_B("8S")[0]),
        "8♠ is not a Briscola card",
    ),
    "briscola card_points, a code": (
        lambda: _briscola.card_points("AS"),  # type: ignore[arg-type]
        "'AS' is not a Briscola card",
    ),
}


@pytest.mark.parametrize("name", sorted(RULE_FUNCTION_CALLS))
def test_a_rule_function_refuses_bad_input_with_the_projects_error(name: str) -> None:
    call, words = RULE_FUNCTION_CALLS[name]
    with pytest.raises(InvalidStateError) as info:
        call()
    assert isinstance(info.value, TutorialError)
    assert words in str(info.value)
