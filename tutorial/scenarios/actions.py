"""Actions in notation, for scenario files and the app's buttons.

Cards are written as in the engine (``9H``, ``T21``, ``EXC``). Other actions are each
game's own, written as its notation says (``tutorial/engine/<game>/notation.py``,
reached through :func:`tutorial.engine.games.game_info`):

- Belote: ``pass``, ``take`` (round 1, the proposed card's suit) or ``take H``,
  ``declare`` (your best combinations), ``no declaration``.
- Tarot: ``pass``, ``prise``, ``garde``, ``garde sans``, ``garde contre``,
  ``discard 7H``, ``chelem``, ``no chelem``, ``poignee simple`` / ``double`` /
  ``triple`` (optionally followed by ``: T1 T2 ...``, the trumps shown), ``no poignee``.
- Briscola: cards only.

``code(action)`` is the canonical text of an action; ``parse(state, text)`` turns text
into the engine's action for the seat to move; ``label(action)`` is for display.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence

from tutorial.engine.actions import Action, GameAction
from tutorial.engine.cards import Card
from tutorial.engine.contract import GameState
from tutorial.engine.games import GAMES, game_info
from tutorial.engine.notation import Notation


def split(text: str | Iterable[str]) -> list[str]:
    """Split an ``auto:`` value into action texts (a list, or cards separated by spaces).

    A string is split on commas when it has any, else on spaces:
    ``"pass, pass, take"`` or ``"7S 8S 9S"``.
    """
    if not isinstance(text, str):
        return [str(t).strip() for t in text]
    if "," in text:
        return [t.strip() for t in text.split(",") if t.strip()]
    # Without commas: cards and one-word actions split on spaces, but the words of a
    # known phrase stay together ("no chelem", "garde sans", "take H", "discard 7H").
    out: list[str] = []
    for word in text.split():
        low = word.lower()
        if out and _joins(out[-1].lower(), low):
            out[-1] += " " + word
        else:
            out.append(word)
    return out


@functools.cache
def _phrases() -> Mapping[str, frozenset[str] | None]:
    """Every game's phrases: a phrase's first word and the words that may follow it
    (None: any word), the games' words for the same first word put together."""
    out: dict[str, frozenset[str] | None] = {}
    for game in GAMES:
        for first, follow in game_info(game).notation.phrases.items():
            if follow is None or (first in out and out[first] is None):
                out[first] = None
            else:
                out[first] = (out.get(first) or frozenset()) | follow
    return out


@functools.cache
def _one_word_actions() -> frozenset[str]:
    """The one-word actions of every game: such a word is read as an action, never as a
    card (a game's refusal then lists its own actions)."""
    return frozenset(w for game in GAMES for w in game_info(game).notation.words)


def _joins(prev: str, word: str) -> bool:
    """Whether ``word`` continues the phrase ``prev`` (no chelem, garde sans, take H...)."""
    if len(prev.split()) > 1:
        return False
    phrases = _phrases()
    if prev not in phrases:
        return False
    follow = phrases[prev]
    return follow is None or word in follow


@functools.cache
def _notations_by_kind() -> Mapping[type[GameAction], Notation]:
    """Each game's notation by the classes of its actions other than cards."""
    return {
        kind: game_info(game).notation
        for game in GAMES
        for kind in game_info(game).notation.action_types
    }


def _notation_of(action: GameAction) -> Notation | None:
    """The notation of the game whose action ``action`` is (None: no game's)."""
    return _notations_by_kind().get(type(action))


def code(action: Action) -> str:
    """The canonical text of an action (what a scenario file writes)."""
    if isinstance(action, Card):
        return action.code
    notation = _notation_of(action)
    return notation.code(action) if notation is not None else str(action)


def label(action: Action) -> str:
    """A short display label in the session's language (cards keep their symbols)."""
    if isinstance(action, Card):
        return action.label
    notation = _notation_of(action)
    return notation.label(action) if notation is not None else str(action)


def public_label(action: Action, own: bool) -> str:
    """The label the learner may see: another seat's discard stays face down.

    In Tarot the taker's discard is hidden, except the trumps, which are shown; in Belote
    another seat's declaration is heard by its kind, its cards are not seen yet.
    """
    if isinstance(action, GameAction) and not own:
        notation = _notation_of(action)
        if notation is not None:
            return notation.label_for_others(action)
    return label(action)


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip().lower().replace("_", " ").replace("é", "e"))


def parse(state: GameState, text: str) -> Action:
    """The engine action meant by ``text`` for the seat to move in ``state``.

    Raises:
        NotationError: the text is neither a card of this game nor one of its actions.
    """
    info = game_info(state.game)
    raw = str(text).strip()
    t = _norm(raw)
    if " " not in t and t not in _one_word_actions():
        return info.deck.parse(raw)
    legal = state.legal_actions()
    for a in legal:
        if code(a) == t:
            return a
    return info.notation.read(state, t, legal, raw)


def menu(state: GameState) -> Sequence[Action]:
    """Everything the seat to move might try now, legal or not, for the learner's buttons.

    The illegal choices are kept on purpose: trying one gets the engine's reason (a King
    in the discard, a bid lower than the last one, taking the proposed suit in round 2).
    """
    seat = state.to_move
    if seat is None:
        return ()
    legal = state.legal_actions()
    own = game_info(state.game).notation.phase_choices(state)  # Tarot's discard
    if own is not None:
        return own
    if state.phase == "bidding":  # every bid of the game, as the engine lists them
        return state.bid_choices() or legal
    return legal
