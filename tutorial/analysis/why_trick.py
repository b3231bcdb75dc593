"""Why a trick's winner won it, in one sentence (pure: never imports streamlit)."""

from __future__ import annotations

from tutorial.engine import tarot
from tutorial.engine.cards import EXCUSE
from tutorial.engine.contract import GameState
from tutorial.engine.outcomes import TrickResult
from tutorial.engine.seats import seat_possessive
from tutorial.language.i18n import t

__all__ = ["why_trick"]


def why_trick(result: TrickResult, state: GameState) -> str:
    """One sentence saying why the winner of a finished trick won it, from the catalogue
    (seats named as the table names them: see ``seats.seat_names``).

    ``state`` is any state of the same hand (for the trump); the sentence adds a word on
    the Excuse when it was played (it never wins a trick, except led to the last trick by
    a side that won all the others).
    """
    win = result.winning_play()
    who = seat_possessive(win.seat, start=True)
    card = win.card.label
    if result.reason == tarot.EXCUSE_WINS_LAST_TRICK:
        return t("player.why.excuse_wins_last", who=who)
    trumps = [p.card for p in result.plays if p.card != EXCUSE and state.is_trump(p.card)]
    if trumps and state.is_trump(win.card):
        game = state.game
        word = t(f"term.trump.{game}")  # the game's own word (王牌 / 將牌)
        if len(trumps) == 1:
            text = t("player.why.only_trump", who=who, card=card, trump_word=word)
        else:
            text = t("player.why.highest_trump", who=who, card=card, trump_word=word)
    else:
        text = t("player.why.highest_of_led_suit", who=who, card=card)
    excuse = next((p for p in result.plays if p.card == EXCUSE), None)
    if excuse is not None:
        text = t("player.why.with_excuse", why=text, owner=seat_possessive(excuse.seat, start=True))
    return text
