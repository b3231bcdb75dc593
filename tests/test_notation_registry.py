"""Every game's actions are written, read back and split through the notation the game
registers (``GameInfo.notation``): ``tutorial/scenarios/actions.py`` names no game."""

from __future__ import annotations

import random

import pytest

from tutorial.engine.cards import Card
from tutorial.engine.contract import GameState
from tutorial.engine.games import GAMES, game_info, new_hand
from tutorial.language.i18n import speaking
from tutorial.scenarios import actions


def _moments(game: str, seed: int) -> list[tuple[GameState, list[object]]]:
    """Each state of a hand played at random, with its legal actions."""
    rng = random.Random(seed)
    state = new_hand(game, rng=rng)
    out: list[tuple[GameState, list[object]]] = []
    while not state.is_terminal:
        legal = state.legal_actions()
        out.append((state, legal))
        state = state.apply(legal[rng.randrange(len(legal))])
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_action_reads_back_from_its_code(game: str) -> None:
    notation = game_info(game).notation
    seen_other = 0
    for seed in range(3):
        for state, legal in _moments(game, seed):
            for action in legal:
                text = actions.code(action)
                assert actions.parse(state, text) == action, (game, text)
                assert actions.label(action)
                if not isinstance(action, Card):
                    seen_other += 1
                    assert type(action) in notation.action_types, (game, action)
    # Belote and Tarot bid in every hand; Briscola's every action is a card.
    assert (seen_other > 0) == bool(notation.action_types)


@pytest.mark.parametrize("game", GAMES)
def test_split_keeps_each_action_whole(game: str) -> None:
    codes = {
        actions.code(a)
        for seed in range(6)
        for _state, legal in _moments(game, seed)
        for a in legal
    }
    for text in codes:
        assert actions.split(f"{text} {text}") == [text, text], (game, text)


def test_split_keeps_every_game_s_phrases_whole() -> None:
    line = "pass take H no declaration garde sans discard 7H no chelem poignee simple no poignee 9S"
    assert actions.split(line) == [
        "pass",
        "take H",
        "no declaration",
        "garde sans",
        "discard 7H",
        "no chelem",
        "poignee simple",
        "no poignee",
        "9S",
    ]


def test_a_word_of_another_game_is_refused_in_the_game_s_own_terms() -> None:
    belote = new_hand("belote", rng=random.Random(1))
    with pytest.raises(ValueError, match="is not a Belote card or action"):
        actions.parse(belote, "garde")
    briscola = new_hand("briscola", rng=random.Random(1))
    with pytest.raises(ValueError, match="'pass' is not a Briscola card"):
        actions.parse(briscola, "pass")


def test_the_labels_are_the_learner_s_words() -> None:
    belote = new_hand("belote", rng=random.Random(1))
    tarot = new_hand("tarot", rng=random.Random(1))
    with speaking("en"):
        assert actions.label(actions.parse(belote, "take H")) == "take ♥"
        assert actions.label(actions.parse(belote, "pass")) == "pass"
        assert actions.label(actions.parse(tarot, "garde sans")) == "Garde sans"
        discard = actions.parse(tarot, "discard 7H")
        assert actions.label(discard) == "discard 7♥"
        assert actions.public_label(discard, own=True) == "discard 7♥"
        assert actions.public_label(discard, own=False) == "discards a card, face down"
        trump = actions.parse(tarot, "discard T5")
        assert actions.public_label(trump, own=False) == actions.label(trump)
    with speaking("zh-Hant"):
        assert actions.label(actions.parse(belote, "pass")) == "過牌"
