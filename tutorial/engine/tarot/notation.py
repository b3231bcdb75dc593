"""Tarot's notation: its bids, discard, chelem and poignées as a scenario file writes
them (``pass``, ``prise``, ``garde``, ``garde sans``, ``garde contre``, ``discard 7H``,
``chelem``, ``no chelem``, ``poignee simple`` / ``double`` / ``triple`` optionally
followed by ``: T1 T2 ...``, ``no poignee``), as the learner reads them, and read back
from text (:class:`tutorial.engine.notation.Notation`)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from tutorial.engine.actions import Action, GameAction
from tutorial.engine.cards import TAROT_DECK
from tutorial.engine.contract import GameState
from tutorial.engine.errors import NotationError
from tutorial.engine.notation import Notation
from tutorial.engine.tarot.actions import (
    CHELEM,
    NO_CHELEM,
    NO_POIGNEE,
    Bid,
    Chelem,
    Discard,
    Poignee,
)
from tutorial.engine.tarot.cards import is_trump
from tutorial.engine.tarot.constants import PHASE_DISCARD
from tutorial.engine.tarot.sentences import poignee_level_name
from tutorial.language.i18n import t

_LEVELS = frozenset({"simple", "double", "triple"})


def code(action: GameAction) -> str:
    """A bid, discard, chelem or poignée as a scenario file writes it."""
    if action is Bid.PASS:
        return "pass"
    if isinstance(action, Bid):
        return action.notation
    if isinstance(action, Discard):
        return f"discard {action.card.code}"
    if isinstance(action, Chelem):
        return "chelem" if action.declared else "no chelem"
    if isinstance(action, Poignee):
        return "no poignee" if action.level == "none" else f"poignee {action.level}"
    return str(action)


def label(action: GameAction) -> str:
    """A bid, discard, chelem or poignée in the session's language."""
    if isinstance(action, Discard):
        return t("tarot.action.discard", card=action.card.label)
    if isinstance(action, Poignee):
        if action.level == "none":
            return t("tarot.action.no_poignee")
        return t(
            "tarot.action.poignee", level=poignee_level_name(action.level), n=len(action.cards)
        )
    if isinstance(action, Chelem):
        return t("tarot.action.chelem") if action.declared else t("tarot.action.no_chelem")
    if isinstance(action, Bid):
        return action.label
    return str(action)


def label_for_others(action: GameAction) -> str:
    """The taker's discard stays face down, except its trumps, which are shown."""
    if isinstance(action, Discard) and not is_trump(action.card):
        return t("tarot.action.discard_hidden")
    return label(action)


def read(state: GameState, text: str, legal: Sequence[Action], raw: str) -> Action:
    """A bid, discard, chelem or poignée from its text.

    Raises:
        NotationError: not a Tarot action.
    """
    if text in ("pass", "prise", "garde", "garde sans", "garde contre"):
        return Bid.parse(text)
    m = re.fullmatch(r"discard (\S+)", text)
    if m:
        return Discard(TAROT_DECK.parse(m.group(1)))
    if text == "chelem":
        return CHELEM
    if text == "no chelem":
        return NO_CHELEM
    if text == "no poignee":
        return NO_POIGNEE
    m = re.fullmatch(r"poignee (simple|double|triple)\s*:?\s*(.*)", text)
    if m:
        return Poignee.of(m.group(1), m.group(2))
    raise NotationError(
        f"{raw!r} is not a Tarot card or action (cards like 10H, T21, EXC; actions: pass, prise, "
        "garde, garde sans, garde contre, discard 7H, chelem, no chelem, poignee simple, no poignee)"
    )


def phase_choices(state: GameState) -> list[Action] | None:
    """The taker making the discard may try any card of the hand (a King is refused)."""
    if state.phase == PHASE_DISCARD and state.to_move is not None:
        return [Discard(c) for c in state.hands[state.to_move]]
    return None


NOTATION = Notation(
    action_types=(Bid, Discard, Chelem, Poignee),
    words=frozenset({"pass", "prise", "garde", "chelem"}),
    phrases={
        "garde": frozenset({"sans", "contre"}),
        "poignee": _LEVELS,
        "poignée": _LEVELS,
        "no": frozenset({"chelem", "poignee", "poignée"}),
        "discard": None,
    },
    code=code,
    label=label,
    label_for_others=label_for_others,
    read=read,
    phase_choices=phase_choices,
)
