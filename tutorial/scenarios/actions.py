"""Actions in notation, for scenario files and the app's buttons.

Cards are written as in the engine (``9H``, ``T21``, ``EXC``). Other actions:

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

import re
from collections.abc import Callable, Iterable
from typing import Any

from tutorial.engine import belote, tarot
from tutorial.engine.cards import BELOTE_DECK, BRISCOLA_DECK, TAROT_DECK, Card, Deck, Suit
from tutorial.engine.contract import GameState
from tutorial.engine.errors import NotationError
from tutorial.language.i18n import t

DECKS: dict[str, Deck] = {"belote": BELOTE_DECK, "tarot": TAROT_DECK, "briscola": BRISCOLA_DECK}


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


_LEADS = {"no", "take", "discard", "poignee", "poignée", "garde"}


def _joins(prev: str, word: str) -> bool:
    """Whether ``word`` continues the phrase ``prev`` (no chelem, garde sans, take H...)."""
    first = prev.split()[0]
    if first not in _LEADS or len(prev.split()) > 1:
        return False
    if first == "garde":
        return word in ("sans", "contre")
    if first == "take":
        return word in ("s", "h", "d", "c", "♠", "♥", "♦", "♣")
    if first == "poignee" or first == "poignée":
        return word in ("simple", "double", "triple")
    return first == "discard" or word in ("chelem", "poignee", "poignée", "declaration")


def code(action: Any) -> str:
    """The canonical text of an action (what a scenario file writes)."""
    if isinstance(action, Card):
        return action.code
    if isinstance(action, belote.Pass) or action is tarot.Bid.PASS:
        return "pass"
    if isinstance(action, belote.Take):
        return f"take {action.suit.value}"
    if isinstance(action, belote.Declare):
        return "declare"
    if isinstance(action, belote.NoDeclaration):
        return "no declaration"
    if isinstance(action, tarot.Bid):
        return action.notation
    if isinstance(action, tarot.Discard):
        return f"discard {action.card.code}"
    if isinstance(action, tarot.Chelem):
        return "chelem" if action.declared else "no chelem"
    if isinstance(action, tarot.Poignee):
        return "no poignee" if action.level == "none" else f"poignee {action.level}"
    return str(action)


def label(action: Any) -> str:
    """A short display label in the session's language (cards keep their symbols)."""
    if isinstance(action, Card):
        return action.label
    if isinstance(action, tarot.Discard):
        return t("actions.discard", card=action.card.label)
    if isinstance(action, tarot.Poignee):
        if action.level == "none":
            return t("actions.no_poignee")
        return t(
            "actions.poignee", level=tarot.poignee_level_name(action.level), n=len(action.cards)
        )
    if isinstance(action, tarot.Chelem):
        return t("actions.chelem") if action.declared else t("actions.no_chelem")
    if isinstance(action, tarot.Bid):
        return t(f"actions.bid.{action.name.lower()}")
    if isinstance(action, belote.Pass):
        return t("actions.pass")
    if isinstance(action, belote.Take):
        return t("actions.take", suit=action.suit.symbol)
    if isinstance(action, belote.Declare):
        combos = t("common.cards.separator").join(c.describe() for c in action.combinations)
        return t("actions.declare", combinations=combos)
    if isinstance(action, belote.NoDeclaration):
        return t("actions.no_declaration")
    return str(action)


def public_label(action: Any, own: bool) -> str:
    """The label the learner may see: another seat's discard stays face down.

    In Tarot the taker's discard is hidden, except the trumps, which are shown; in Belote
    another seat's declaration is heard by its kind, its cards are not seen yet.
    """
    if isinstance(action, tarot.Discard) and not own and not tarot.is_trump(action.card):
        return t("actions.discard_hidden")
    if isinstance(action, belote.Declare) and not own:
        # Belote: a declaration is announced by its kind; the cards are shown later.
        names = t("common.cards.separator").join(c.name for c in action.combinations)
        return t("actions.declare_announced", combinations=names)
    return label(action)


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip().lower().replace("_", " ").replace("é", "e"))


def parse(state: GameState, text: str) -> Any:
    """The engine action meant by ``text`` for the seat to move in ``state``.

    Raises:
        NotationError: the text is neither a card of this game nor one of its actions.
    """
    game = state.game
    raw = str(text).strip()
    t = _norm(raw)
    deck = DECKS[game]
    if " " not in t and t not in ("pass", "take", "declare", "prise", "garde", "chelem"):
        return deck.parse(raw)
    legal = state.legal_actions()
    for a in legal:
        if code(a) == t:
            return a
    other_actions = _OTHER_ACTIONS.get(game)
    if other_actions is not None:
        return other_actions(state, t, legal, raw)
    raise NotationError(f"{raw!r} is not a {deck.name} card")


def _belote(state: GameState, t: str, legal: list[Any], raw: str) -> Any:
    if t == "pass":
        return belote.Pass()
    if t == "take":
        takes = [a for a in legal if isinstance(a, belote.Take)]
        if len(takes) == 1:
            return takes[0]
        proposed = getattr(state, "proposed", None)
        if isinstance(proposed, Card):
            return belote.Take(proposed.suit)
        raise NotationError(
            "'take' needs a suit here: write 'take S', 'take H', 'take D' or 'take C'"
        )
    m = re.fullmatch(r"take ([shdc♠♥♦♣])", t)
    if m:
        return belote.Take(_suit(m.group(1)))
    if t in ("declare", "no declaration"):
        raise NotationError(f"{raw!r} is not possible now (declarations come at your first card)")
    raise NotationError(
        f"{raw!r} is not a Belote card or action (cards like 9H; actions: pass, take, take H, "
        "declare, no declaration)"
    )


def _tarot(state: GameState, t: str, legal: list[Any], raw: str) -> Any:
    if t in ("pass", "prise", "garde", "garde sans", "garde contre"):
        return tarot.Bid.parse(t)
    m = re.fullmatch(r"discard (\S+)", t)
    if m:
        return tarot.Discard(TAROT_DECK.parse(m.group(1)))
    if t == "chelem":
        return tarot.CHELEM
    if t == "no chelem":
        return tarot.NO_CHELEM
    if t == "no poignee":
        return tarot.NO_POIGNEE
    m = re.fullmatch(r"poignee (simple|double|triple)\s*:?\s*(.*)", t)
    if m:
        return tarot.Poignee.of(m.group(1), m.group(2))
    raise NotationError(
        f"{raw!r} is not a Tarot card or action (cards like 10H, T21, EXC; actions: pass, prise, "
        "garde, garde sans, garde contre, discard 7H, chelem, no chelem, poignee simple, no poignee)"
    )


#: Each game's actions other than cards, read from their notation (Briscola has none).
_OTHER_ACTIONS: dict[str, Callable[[GameState, str, list[Any], str], Any]] = {
    "belote": _belote,
    "tarot": _tarot,
}


def _suit(ch: str) -> Suit:
    return {
        "s": Suit.SPADES,
        "h": Suit.HEARTS,
        "d": Suit.DIAMONDS,
        "c": Suit.CLUBS,
        "♠": Suit.SPADES,
        "♥": Suit.HEARTS,
        "♦": Suit.DIAMONDS,
        "♣": Suit.CLUBS,
    }[ch]


def menu(state: GameState) -> list[Any]:
    """Everything the seat to move might try now, legal or not, for the learner's buttons.

    The illegal choices are kept on purpose: trying one gets the engine's reason (a King
    in the discard, a bid lower than the last one, taking the proposed suit in round 2).
    """
    seat = state.to_move
    if seat is None:
        return []
    legal = state.legal_actions()
    if state.phase == "discard":  # Tarot's taker making the discard
        return [tarot.Discard(c) for c in state.hands[seat]]
    if state.phase == "bidding":  # every bid of the game, as the engine lists them
        return state.bid_choices() or legal
    return legal
