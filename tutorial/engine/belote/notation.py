"""Belote's notation: its bids and declarations as a scenario file writes them
(``pass``, ``take`` or ``take H``, ``declare``, ``no declaration``), as the learner
reads them, and read back from text (:class:`tutorial.engine.notation.Notation`)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from tutorial.engine.actions import Action, GameAction
from tutorial.engine.belote.actions import Declare, NoDeclaration, Pass, Take
from tutorial.engine.belote.state import BeloteState
from tutorial.engine.cards import Card, Suit
from tutorial.engine.contract import GameState
from tutorial.engine.errors import NotationError
from tutorial.engine.notation import Notation, no_phase_of_its_own
from tutorial.language.i18n import t

#: A suit after ``take``, by its letter or its symbol.
_SUITS = {
    "s": Suit.SPADES,
    "h": Suit.HEARTS,
    "d": Suit.DIAMONDS,
    "c": Suit.CLUBS,
    "♠": Suit.SPADES,
    "♥": Suit.HEARTS,
    "♦": Suit.DIAMONDS,
    "♣": Suit.CLUBS,
}


def code(action: GameAction) -> str:
    """A bid or declaration choice as a scenario file writes it."""
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Take):
        return f"take {action.suit.value}"
    if isinstance(action, Declare):
        return "declare"
    if isinstance(action, NoDeclaration):
        return "no declaration"
    return str(action)


def label(action: GameAction) -> str:
    """A bid or declaration choice in the session's language (a declaration's cards told)."""
    if isinstance(action, Pass):
        return t("belote.action.pass")
    if isinstance(action, Take):
        return t("belote.action.take", suit=action.suit.symbol)
    if isinstance(action, Declare):
        combos = t("common.cards.separator").join(c.describe() for c in action.combinations)
        return t("belote.action.declare", combinations=combos)
    if isinstance(action, NoDeclaration):
        return t("belote.action.no_declaration")
    return str(action)


def label_for_others(action: GameAction) -> str:
    """Another seat's declaration is heard by its kind; its cards are shown later."""
    if isinstance(action, Declare):
        names = t("common.cards.separator").join(c.name for c in action.combinations)
        return t("belote.action.declare_announced", combinations=names)
    return label(action)


def read(state: GameState, text: str, legal: Sequence[Action], raw: str) -> Action:
    """A bid from its text: ``take`` alone is the proposed card's suit (round 1).

    Raises:
        NotationError: not a Belote action, or one that cannot be played now.
    """
    if text == "pass":
        return Pass()
    if text == "take":
        takes = [a for a in legal if isinstance(a, Take)]
        if len(takes) == 1:
            return takes[0]
        proposed = state.proposed if isinstance(state, BeloteState) else None
        if isinstance(proposed, Card):
            return Take(proposed.suit)
        raise NotationError(
            "'take' needs a suit here: write 'take S', 'take H', 'take D' or 'take C'"
        )
    m = re.fullmatch(r"take ([shdc♠♥♦♣])", text)
    if m:
        return Take(_SUITS[m.group(1)])
    if text in ("declare", "no declaration"):
        raise NotationError(f"{raw!r} is not possible now (declarations come at your first card)")
    raise NotationError(
        f"{raw!r} is not a Belote card or action (cards like 9H; actions: pass, take, take H, "
        "declare, no declaration)"
    )


NOTATION = Notation(
    action_types=(Pass, Take, Declare, NoDeclaration),
    words=frozenset({"pass", "take", "declare"}),
    phrases={"take": frozenset(_SUITS), "no": frozenset({"declaration"})},
    code=code,
    label=label,
    label_for_others=label_for_others,
    read=read,
    phase_choices=no_phase_of_its_own,
)
