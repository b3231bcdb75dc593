"""Scenario files: every file in scenarios/ is proved, and bad input gets a located message."""

from __future__ import annotations

import json
import re
import typing
from pathlib import Path

import pytest
from work import Calls

from tutorial.__main__ import main as cli
from tutorial.engine.errors import ScenarioError
from tutorial.engine.games import GAMES
from tutorial.scenarios.checker import check_file, check_text, problems_of
from tutorial.scenarios.files import scenario_files
from tutorial.scenarios.model import Scenario, json_schema

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
FILES = scenario_files([str(SCENARIOS)])
LOCATED = re.compile(r"^bad\.yaml:\d+:\d+: \S")

BASE = (SCENARIOS / "belote" / "overruff.yaml").read_text(encoding="utf-8")


def test_there_are_scenarios() -> None:
    assert len(FILES) >= 1


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(SCENARIOS)))
def test_every_scenario_is_proved(path: Path) -> None:
    checked = check_file(path)
    assert checked.scenario.steps


def test_committed_schema_is_current() -> None:
    committed = json.loads((SCENARIOS / "scenario.schema.json").read_text(encoding="utf-8"))
    assert committed == json_schema(), "run: python -m tutorial schema"


def test_the_format_names_exactly_the_registered_games_in_their_order() -> None:
    # The format's ``game`` is a Literal written out (the type checker and the schema read
    # it as written): it must name the engine's registry of games, no more, no fewer.
    assert typing.get_args(Scenario.model_fields["game"].annotation) == GAMES


def test_cli_ok_and_failure(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["check", str(SCENARIOS / "belote" / "overruff.yaml")]) == 0
    bad = tmp_path / "bad.yaml"
    bad.write_text(BASE.replace("9H 8H QD", "9H 8H QX"), encoding="utf-8")
    assert cli(["check", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert f"{bad}:15:14: 'QX' is not a Belote card" in out
    assert "1 scenario files checked: 0 ok, 1 problems in 1 files" in out


#: Function calls the check of a bad file may take (a wide margin: it guards a runaway,
#: it is no benchmark).
MOST_CALLS = 10_000_000


def _problems(text: str) -> list[str]:
    with Calls() as calls, pytest.raises(ScenarioError) as info:
        check_text(text, "bad.yaml")
    assert calls.count < MOST_CALLS
    lines = problems_of(info.value)
    assert lines and all(LOCATED.match(line) for line in lines), lines
    assert "Traceback" not in str(info.value)
    return lines


def _one(text: str, pattern: str, where: str | None = None) -> str:
    lines = _problems(text)
    joined = "\n".join(lines)
    assert re.search(pattern, joined), joined
    if where is not None:
        assert any(line.startswith(f"bad.yaml:{where}:") for line in lines), joined
    return joined


class TestBadInput:
    def test_not_yaml(self) -> None:
        _one("title: [x\ngame: belote\n", "not valid YAML")

    def test_not_a_mapping(self) -> None:
        _one("- a\n- b\n", "a scenario is a YAML mapping", "1:1")

    def test_unknown_key(self) -> None:
        _one(
            BASE.replace("summary:", "sumary:"),
            "unknown key 'sumary'; did you mean 'summary'",
            "4:1",  # the key, not its value
        )

    def test_wrong_type(self) -> None:
        _one(BASE.replace("learner: You", "learner: [You]"), r"learner: .*got list", "9:10")

    def test_unknown_card(self) -> None:
        _one(
            BASE.replace("9H 8H QD", "9H 8H QX"),
            r"'QX' is not a Belote card \(ranks 7 8 9 10 J Q K A, suits S H D C\)",
            "15:14",  # the card, not the start of the hand
        )

    def test_card_in_two_places(self) -> None:
        _one(
            BASE.replace("QD 10D", "AS 10D"),
            r"A♠ \(AS\) is in two places: the hand of You and the current trick",
        )

    def test_wrong_hand_size(self) -> None:
        _one(BASE.replace("9H 8H QD", "9H 8H QD JD"), "unknown places|hand|size|cards")

    def test_illegal_scripted_play(self) -> None:
        _one(
            BASE.replace("accept: [9H]", "accept: [QD]"),
            "cannot play QD: You must overtrump",
            "25:16",
        )

    def test_wrong_expectation(self) -> None:
        _one(
            BASE.replace("legal: 9H", "legal: 9H 8H"),
            r"the legal cards are 9H, not 9H 8H|the legal cards are 9H, not 8H 9H",
        )

    def test_wrong_answer(self) -> None:
        _one(
            BASE.replace("answer: You", "answer: Left"),
            "the engine's answer is You, not Left",
            "33:15",
        )

    def test_feedback_for_an_illegal_card(self) -> None:
        text = BASE.replace("accept: [9H]", "accept: [9H]\n      feedback: {8H: too low}")
        _one(text, "this feedback is never shown: the engine refuses 8H first")

    def test_unknown_step(self) -> None:
        _one(BASE.replace("- say:", "- narrate:"), "unknown step 'narrate'")

    def test_alias_bomb(self) -> None:
        bomb = "a: &a [x,x,x,x,x,x,x,x,x]\n" + "".join(
            f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n"
            for i in range(8)
        )
        _one(bomb, "more than 50,000 values")

    def test_ten_megabytes(self) -> None:
        _one("title: " + "x" * (10 * 1024 * 1024), "at most 1,048,576")

    def test_deep_nesting(self) -> None:
        _one("title: x\nsteps: " + "[" * 10000 + "]" * 10000, "nested more than")

    def test_python_object_tag(self) -> None:
        _one("title: !!python/object/apply:os.system [echo]\n", "is not allowed")

    def test_html_stays_text(self) -> None:
        text = BASE.replace(
            "title: Overtrump the opponent's ruff", "title: <script>alert(1)</script>"
        )
        checked = check_text(text, "ok.yaml")
        assert (
            checked.scenario.title == "<script>alert(1)</script>"
        )  # kept as text, escaped by the UI


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(SCENARIOS)))
def test_every_scenario_plays_to_the_end_and_draws(path: Path) -> None:
    """Along its own answers, every step runs and the table and score can be drawn."""
    from tutorial.pictures.charts import hand_charts
    from tutorial.pictures.picture_words import table_summary
    from tutorial.pictures.table_svg import table_svg
    from tutorial.pictures.table_view import table_view
    from tutorial.scenarios.runtime import start
    from tutorial.scenarios.sides import side_labels

    checked = check_file(path)
    run = start(checked.scenario, checked.table)
    for _ in range(len(checked.scenario.steps) + 1):
        view = table_view(run)
        assert table_svg(view).startswith("<svg")
        assert table_summary(view)
        for tier in range(len(run.hint_kinds())):
            run.hint(tier)
        if run.finished:
            break
        run = run.solve_current()
    assert run.finished
    if run.state.is_terminal:
        out = run.state.outcome()
        assert sum(line.points for line in out.lines) == pytest.approx(sum(out.totals.values()))
        hand_charts(run.state, side_labels(run.table), run.table.seat_names, out)
        assert run.transcript[-1].kind == "score"


def test_every_accepted_answer_must_carry_the_script() -> None:
    # Accepting 8H (illegal) is caught on the main line; accepting QD as an
    # alternative answer to 9H would be illegal too, and is caught on its branch.
    text = BASE.replace("accept: [9H]", "accept: [9H, QD]")
    _one(text, "the accepted answer QD is illegal")


def test_an_any_step_whose_choices_change_the_answer_is_refused() -> None:
    # Only 9H is legal in the overruff position, so 'any' keeps the answer: accepted.
    assert check_text(BASE.replace("accept: [9H]", "accept: any"), "ok.yaml")
    # Partner's ace winning, the learner void in spades: any card is legal, and a trump
    # would take the trick while a discard leaves it to Partner: the question's answer
    # depends on the choice, which the checker reports on the branch.
    text = BASE.replace("current_trick: AS 10H", "current_trick: AS 7S").replace(
        "  - expect:\n      legal: 9H\n      refused: {8H: must_overtrump, QD: must_overtrump}\n",
        "",
    )
    text = text.replace("accept: [9H]", "accept: any").replace("auto: 7S", "auto: 8S")
    text = text.replace("answer: You", "answer: Partner")
    _one(text, "if the learner answers 8H at step 1: the engine.s answer is You, not Partner")


def test_another_seats_discard_stays_hidden_in_the_transcript() -> None:
    from tutorial.scenarios.runtime import start

    checked = check_file(SCENARIOS / "tarot" / "poignee-show.yaml")
    run = start(checked.scenario, checked.table)
    discards = [e.text for e in run.transcript if e.action and e.action.startswith("discard")]
    assert discards, "the scenario shows East's discard"
    assert all("face down" in text or text.split()[-1].startswith("T") for text in discards)


def test_an_answered_question_is_listed_with_its_answer_set_apart() -> None:
    """A question may end in figures of its own (a formula to work out), so the answer
    after it is named: "... (25 + 2) x 6 Answer: 162", never "... x 6 162"."""
    from tutorial.scenarios.runtime import start

    checked = check_file(SCENARIOS / "tarot" / "garde-contre-chien.yaml")
    run = start(checked.scenario, checked.table)
    while not run.finished:
        run = run.solve_current()
    answered = [e.text for e in run.transcript if e.kind == "answer"]
    assert "What does each defender receive? (25 + 2) x 6 Answer: 162" in answered, answered
    assert all(" Answer: " in text for text in answered), answered


# --- card codes in the English texts ---------------------------------------------------------

#: A card code written suit first (♥10); the English texts write a card rank first (10♥),
#: as the engine's sentences and the Chinese texts do. Card notation (``9H``) uses letters.
SUIT_FIRST = re.compile(r"[♠♥♦♣](?:10|[2-9JQKAC])\b")


def _english_text_files() -> list[Path]:
    """The English lessons, playlists and scenarios (the language folders left out)."""
    lessons = ROOT / "lessons"
    files = [*(lessons / "en").rglob("*.yaml"), *(lessons / "playlists").glob("*.yaml")]
    for game in ("belote", "tarot", "briscola"):
        files += (SCENARIOS / game).rglob("*.yaml")
    return sorted(files)


def _texts(
    value: object, loc: tuple[str | int, ...] = ()
) -> list[tuple[tuple[str | int, ...], str]]:
    """Every string of a loaded YAML document (keys included), with where it sits."""
    if isinstance(value, str):
        return [(loc, value)]
    out: list[tuple[tuple[str | int, ...], str]] = []
    if isinstance(value, dict):
        for key, item in value.items():
            out += [(loc, str(key)), *_texts(item, (*loc, key))]
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += _texts(item, (*loc, i))
    return out


def test_suit_first_codes_are_recognised() -> None:
    assert SUIT_FIRST.findall("the ♥10, ♠A and ♦J-Q-K; ♣C") == ["♥10", "♠A", "♦J", "♣C"]
    assert not SUIT_FIRST.search("the 10♥, A♠ and J♦-Q-K; hand: 7S 8S, play: 9H, T21")


def test_english_texts_write_cards_rank_first() -> None:
    from tutorial.scenarios.yamlsafe import load_file

    files = _english_text_files()
    assert any(p.parts[-2] == "playlists" for p in files) and len(files) > 50
    wrong = [
        f"{doc.where(loc)}: {text!r}"
        for doc in map(load_file, files)
        for loc, text in _texts(doc.data)
        if SUIT_FIRST.search(text)
    ]
    assert not wrong, "write 10♥, not ♥10:\n" + "\n".join(wrong)


def test_a_score_question_asks_for_a_result_when_its_answer_is_negative() -> None:
    """ "How much does each defender pay you?" has a positive answer: a question whose
    answer is a negative result asks for the result, not for what is paid."""
    import yaml

    asked_to_pay = []
    for path in sorted(Path("scenarios").glob("*/*.yaml")):
        for step in (yaml.safe_load(path.read_text("utf-8")) or {}).get("steps", []):
            ask = step.get("ask") if isinstance(step, dict) else None
            if not ask or ask.get("kind") != "score":
                continue
            if float(ask.get("answer", 0)) < 0 and " pay" in str(ask.get("question", "")):
                asked_to_pay.append(f"{path}: {ask['question']}")
    assert not asked_to_pay, asked_to_pay
