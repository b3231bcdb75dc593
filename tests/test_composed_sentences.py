"""Engine sentences read as Chinese once their fields are filled in.

A message is written around its fields; a field that already carries a particle (a seat's
possessive, 「東家的」) must not meet a template that adds one again (「東家的的單 Poignée」),
and a turn is said as Chinese says it (「現在輪到東家出牌」), not as the English possessive
turned word for word (「輪到東家的回合出牌」). Each case renders real engine positions with the
table's Chinese seat names.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from engine_positions import _tarot_over

from tutorial.engine.cards import Card
from tutorial.engine.games import new_hand
from tutorial.engine.outcomes import Play
from tutorial.engine.seats import seat_names
from tutorial.engine.tarot import Poignee
from tutorial.language.i18n import sentences, speaking, t, tn

LANGS = ("zh-Hant", "zh-Hans")
BROKEN = ("的的", "的回合出牌", "的回合叫牌", "的回合決定", "的回合决定")


def _names() -> list[str]:
    return [
        t("common.you"),
        t("practice.seat_east"),
        t("practice.seat_north"),
        t("practice.seat_west"),
    ]


@pytest.fixture(params=LANGS)
def chinese(request: pytest.FixtureRequest) -> Iterator[str]:
    with speaking(request.param), seat_names(_names()):
        yield request.param


def _clean(text: str) -> str:
    assert not [b for b in BROKEN if b in text], text
    return text


def test_a_poignee_line_names_its_owner_once(chinese: str) -> None:
    simple = Poignee.of("simple", "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11")
    made = {"captured": {0: "T21 EXC", 1: "T1"}, "carried_points": {0: 33.0, 1: 41.5}}
    for owner in (0, 1):
        state = _tarot_over(**made, poignees=[(owner, simple)])
        lines = {ln.label for ln in state.outcome().lines if ln.kind == "poignee"}
        assert lines
        for line in lines:
            assert _clean(line).startswith(f"{_names()[owner]}的"), line


@pytest.mark.parametrize(("game", "players"), [("belote", 4), ("tarot", 4), ("briscola", 2)])
def test_a_card_out_of_turn_says_whose_turn_it_is(chinese: str, game: str, players: int) -> None:
    state = (
        new_hand(game, rng=random.Random(3), players=players)
        if game == "briscola"
        else (new_hand(game, rng=random.Random(3)))
    )
    while not isinstance(state.legal_actions()[0], Card):
        actions = state.legal_actions()
        state = state.apply(actions[-1] if state.phase == "bidding" else actions[0])
    mover = state.to_move
    other = (mover + 1) % players
    card = state.hands[other][0]
    message = _clean(state.explain(Play(other, card)).message)
    assert f"輪到{_names()[mover]}出牌" in message or f"轮到{_names()[mover]}出牌" in message


def test_a_card_during_the_bidding_says_who_bids(chinese: str) -> None:
    state = new_hand("tarot", rng=random.Random(3))
    mover = state.to_move
    assert mover is not None
    card = state.hands[mover][0]
    message = _clean(state.explain(card).message)
    assert f"{_names()[mover]}叫牌" in message, message


def test_the_check_catches_the_old_sentences() -> None:
    with pytest.raises(AssertionError):
        _clean("東家的的單 Poignée：20")
    with pytest.raises(AssertionError):
        _clean("現在不能出 10♥：輪到東家的回合出牌。")


def test_one_bout_is_a_bout_in_chinese_too() -> None:
    for lang in LANGS:
        assert tn("plural.bouts", 1, lang) == ("1 張 bout" if lang == "zh-Hant" else "1 张 bout")
        assert tn("plural.bouts", 2, lang).endswith("bouts")


def test_the_seats_roles_are_clauses_and_the_turn_is_not_said_to_be_a_play(chinese: str) -> None:
    roles = t("svg.clause_list_last", rest=t("svg.role_dealer"), last=t("svg.role_turn"))
    assert "和" not in roles and "，" in roles
    assert "出牌" not in t("svg.role_turn") and "出牌" not in t("svg.note_to_play")


def test_sentences_follow_each_other_as_the_language_writes_them() -> None:
    with speaking("zh-Hant"):
        assert sentences(["一。", "二。"]) == "一。二。"
    with speaking("en"):
        assert sentences(["One.", "Two."]) == "One. Two."
