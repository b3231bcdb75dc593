"""Checker messages that say what to fix: each case the authors met, in words.

Each test breaks a committed scenario in one place and reads the checker's message: whose
turn it is, the hand's size with the card placed nowhere, seat names, the lines and the
breakdown of a wrong figure, a suggestion for a misspelt key, the column of the key or
the card. The Workshop shows the same words, numbers its lines, and refuses an upload
and a paste at once.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from apptest_util import open_app

from tutorial.__main__ import main as cli
from tutorial.engine.errors import ScenarioError
from tutorial.scenarios.checker import check_text, problems_of
from tutorial.scenarios.yamlsafe import MAX_MEGABYTES

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
OVERRUFF = (SCENARIOS / "belote" / "overruff.yaml").read_text(encoding="utf-8")
CAPOT = (SCENARIOS / "belote" / "capot.yaml").read_text(encoding="utf-8")
GARDE = (SCENARIOS / "tarot" / "seed-garde-settlement.yaml").read_text(encoding="utf-8")


def _problems(base: str, old: str, new: str) -> list[str]:
    assert old in base, old
    try:
        check_text(base.replace(old, new, 1), "bad.yaml")
    except ScenarioError as e:
        return problems_of(e)
    raise AssertionError("the broken scenario passed the checker")


def _only(base: str, old: str, new: str) -> str:
    (line,) = _problems(base, old, new)
    return line


def _line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def test_play_step_at_another_seats_turn_says_whose_turn_and_what_to_add() -> None:
    # The lead (Partner's ♠A) left out of current_trick: it is Left's turn, not the learner's.
    line = _only(OVERRUFF, "current_trick: AS 10H", "current_trick: 10H")
    assert "it is Left's turn at this 'play' step, not the learner's (You)" in line
    assert "the current trick was led by Partner and holds 1 card (Partner 10H)" in line
    assert "add that card to 'current_trick'" in line
    assert "a trick's lead is its first card" in line
    assert "You do not hold" not in line  # the old, misleading sentence
    assert line.startswith(f"bad.yaml:{_line_of(OVERRUFF, '- play:')}:5:")


def test_full_hands_name_the_seat_after_the_dealer() -> None:
    line = _only(CAPOT, "leader: You", "leader: Right")
    assert "it is Right's turn at this 'play' step" in line
    assert "Right, Partner, Left" in line and "an 'auto' step" in line


def test_a_hand_one_card_short_names_the_seat_counts_and_the_card() -> None:
    line = _only(CAPOT, "Right: 9D 8S", "Right: 9D")
    assert "Right's hand has 1 card; it should have 2" in line
    assert "6 in earlier tricks ('captured')" in line
    assert "the card placed nowhere: 8S" in line
    assert "cards of the deck are not placed anywhere" not in line
    assert line.startswith(f"bad.yaml:{_line_of(CAPOT, 'Right: 9D 8S')}:")


def test_a_hand_one_card_long_says_remove() -> None:
    line = _only(OVERRUFF, "You: 9H 8H QD 10D 7D KC 8C 7C", "You: 9H 8H QD 10D 7D KC 8C 7C JS")
    assert "the hand of You has 9 cards; it should have 8 (8 dealt); remove 1 card" in line


def test_a_card_in_two_places_points_at_the_card() -> None:
    text = OVERRUFF.replace("QD 10D", "AS 10D")
    line = _only(OVERRUFF, "QD 10D", "AS 10D")
    assert "A♠ (AS) is in two places: the hand of You and the current trick" in line
    row = _line_of(text, "current_trick:")
    col = text.splitlines()[row - 1].index("AS") + 1
    assert line.startswith(f"bad.yaml:{row}:{col}:")


def test_a_scripted_card_the_seat_does_not_hold_says_where_it_is() -> None:
    line = _only(OVERRUFF, "auto: 7S", "auto: 8H")
    assert "Right cannot play 8H: Right does not hold it (it is in the hand of You)" in line
    row = _line_of(OVERRUFF, "auto: 7S")
    col = OVERRUFF.splitlines()[row - 1].index("7S") + 1
    assert line.startswith(f"bad.yaml:{row}:{col}:")  # the card, not the step


def test_engine_messages_name_the_seats() -> None:
    # The engine says "seat 3 declares ..."; the checker names the seat.
    line = _only(CAPOT, "hands:\n", "declarations: {Left: ['9D 10D JD']}\nhands:\n")
    assert "Left declares" in line
    assert "seat 3" not in line and "seat 1" not in line


def test_lines_mismatch_shows_the_words_of_lines_that_move_no_points() -> None:
    line = _only(
        GARDE, "kind: base, side: taker, points: 174", "kind: card_points, side: taker, points: 41"
    )
    assert "no score line card_points taker 41: card_points lines move no points" in line
    assert "write points: 0" in line
    assert "card_points South 0 (Card points of the taker (South): 45 of 91)" in line
    assert "base South 174" in line and "base East -58" in line
    assert "seat 0" not in line


def test_lines_of_a_kind_the_hand_has_not() -> None:
    line = _only(
        GARDE, "kind: base, side: taker, points: 174", "kind: bonus, side: taker, points: 1"
    )
    assert "this hand has no 'bonus' line (its kinds: card_points, bouts, target" in line


def test_a_wrong_score_question_gives_the_engines_lines() -> None:
    old = "side: East\n      answer: -58"
    line = _only(GARDE, old, "side: East\n      answer: -38")
    assert "the engine's answer is -58, not -38" in line
    assert "(the engine's lines for East: base -58 “Base (25 + 4) x 2 = 58: defender -58”" in line
    assert "total -58)" in line


def test_a_wrong_score_expectation_gives_the_engines_lines() -> None:
    line = _only(GARDE, "score: {taker: 174", "score: {taker: 170")
    assert "taker scores 174, not 170 (the engine's lines for South: base +174" in line
    row = _line_of(GARDE, "score: {taker: 174")
    col = GARDE.splitlines()[row - 1].index("taker") + 1
    assert line.startswith(f"bad.yaml:{row}:{col}:")  # the side named, not the figure


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ("summary:", "sumary:", "unknown key 'sumary'; did you mean 'summary'?"),
        ("accept: [9H]", "acept: [9H]", "unknown key 'acept'; did you mean 'accept'?"),
        ("legal: 9H", "legl: 9H", "unknown key 'legl'; did you mean 'legal'?"),
        ("- say:", "- sya:", "unknown step 'sya'; did you mean 'say'?"),
    ],
)
def test_unknown_keys_suggest_the_key_meant_at_its_column(old: str, new: str, says: str) -> None:
    lines = _problems(OVERRUFF, old, new)
    assert len(lines) == 1, lines  # no second "accept is required" for the same typo
    (line,) = lines
    assert says in line
    text = OVERRUFF.replace(old, new, 1)
    row = _line_of(text, new)
    col = text.splitlines()[row - 1].index(new.lstrip("- ")) + 1
    assert line.startswith(f"bad.yaml:{row}:{col}:")  # the key, not its value


def test_a_refused_card_mismatch_points_at_the_card() -> None:
    line = _only(OVERRUFF, "QD: must_overtrump", "QD: must_follow_suit")
    assert "QD is refused with must_overtrump, not refused with must_follow_suit" in line
    row = _line_of(OVERRUFF, "QD: must_overtrump")
    col = OVERRUFF.splitlines()[row - 1].index("QD") + 1
    assert line.startswith(f"bad.yaml:{row}:{col}:")


def test_the_cli_suggests_the_key(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "typo.yaml"
    bad.write_text(OVERRUFF.replace("summary:", "sumary:"), encoding="utf-8")
    assert cli(["check", str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"{bad}:4:1: unknown key 'sumary'; did you mean 'summary'?" in out


# --- the Workshop ------------------------------------------------------------------------


def test_workshop_suggests_the_key_and_numbers_the_lines() -> None:
    at = open_app("workshop")
    text = OVERRUFF.replace("summary:", "sumary:")
    at.text_area(key="workshop_text").input(text).run()
    codes = [c for c in at.code]
    assert any(
        "pasted.yaml:4:1: unknown key 'sumary'; did you mean 'summary'?" in c.value for c in codes
    )
    numbered = [c for c in codes if c.proto.show_line_numbers]
    assert numbered and numbered[0].value.rstrip() == text.rstrip()  # lines numbered
    assert any(e.label == "The text checked, with line numbers" for e in at.expander)


def test_workshop_refuses_an_upload_and_a_paste_at_once() -> None:
    at = open_app("workshop")
    at.text_area(key="workshop_text").input(OVERRUFF.replace("QD", "QX")).run()
    at.file_uploader(key="workshop_upload").set_value(
        ("mine.yaml", OVERRUFF.encode("utf-8"), "application/x-yaml")
    ).run()
    assert any("You pasted text and uploaded a file" in w.value for w in at.warning)
    assert not at.success and not at.error  # neither was checked silently


def test_workshop_states_one_size_limit() -> None:
    at = open_app("workshop")
    limit = f"at most {MAX_MEGABYTES} MB"
    assert limit in at.text_area(key="workshop_text").label
    uploader = at.file_uploader(key="workshop_upload")
    assert limit in uploader.label
    assert uploader.proto.max_upload_size_mb == MAX_MEGABYTES


# --- A first Briscola scenario, written as the README teaches -----------------------------

FIRST_BRISCOLA = """\
title: First trick
game: briscola
players: 2
summary: Take the opponent's lead.
seats: [You, Opponent]
learner: You
leader: Opponent
trump_card: 7C
hands:
  You: AH 3S KD
current_trick: 2H
steps:
  - play:
      accept: [AH]
  - ask:
      question: Who wins this trick?
      kind: trick_winner
      answer: You
      choices: [You, Opponent]
"""


def test_a_briscola_hand_left_out_is_unknown_and_the_stock_unlisted_is_the_rest() -> None:
    table = check_text(FIRST_BRISCOLA, "first.yaml").table
    state = table.state
    # The opponent led one card: two left, like the learner's three less the one to play.
    assert len(state.hands[1]) == 2 and table.unknown[1] == frozenset(state.hands[1])
    # Every card placed nowhere is in the stock, above the face-up card drawn last: 40
    # less 3 + 2 in hands, the lead, the face-up card.
    *stock, face_up = state.draw_pile
    assert face_up.code == "7C" and stock == list(table.aside)
    assert len(stock) == 40 - 3 - 2 - 1 - 1
    named = {*state.hands[0], *state.hands[1], *state.draw_pile}
    assert len(named) == 39 and not named & {p.card for p in state.current_trick}


def test_a_question_mark_value_not_in_quotes_says_to_quote_it() -> None:
    text = FIRST_BRISCOLA.replace("  You: AH 3S KD\n", "  You: AH 3S KD\n  Opponent: ? ?\n")
    (line,) = _problems(text, "Opponent: ? ?", "Opponent: ? ?")
    assert "not valid YAML" in line
    assert """must be in quotes, e.g. Opponent: "? ?\"""" in line
    quoted = text.replace("Opponent: ? ?", 'Opponent: "? ?"')
    check_text(quoted, "first.yaml")  # quoted, the same scenario passes


def test_cards_placed_nowhere_beside_a_written_stock_say_to_add_them_to_it() -> None:
    line = _only(FIRST_BRISCOLA, "current_trick: 2H", "current_trick: 2H\nstock: 4C 5C")
    assert "not placed anywhere" in line and "add them to the 'stock' (top first)" in line
