"""A game's notation: the text of its actions other than cards, registered by the game
(``GameInfo.notation``, from its package's ``notation.py``).

Cards have one notation for every game (:mod:`tutorial.engine.cards`: ``9H``, ``T21``,
``EXC``). The other actions are each game's own: Belote's ``take H`` and ``declare``,
Tarot's ``garde sans`` and ``discard 7H``; Briscola has none. A game's :class:`Notation`
says how each of them is written in a scenario file (its canonical text), how the
learner reads it (in the session's language), what another seat's action shows, and
how a text is read back into the action for a state. ``tutorial/scenarios/actions.py``
reads every game through it and names none.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from tutorial.engine.actions import Action, GameAction
from tutorial.engine.cards import Deck
from tutorial.engine.contract import GameState
from tutorial.engine.errors import NotationError


@dataclass(frozen=True)
class Notation:
    """How one game's actions other than cards are written, shown and read."""

    #: The classes of the game's actions other than cards (an action's class finds its
    #: game's notation).
    action_types: tuple[type[GameAction], ...]
    #: The one-word actions (``pass``, ``garde``): such a word is not read as a card.
    words: frozenset[str]
    #: The phrases written in words separated by spaces: a phrase's first word and the
    #: words that may follow it (None: any word, as ``discard 7H``'s card).
    phrases: Mapping[str, frozenset[str] | None]
    #: The canonical text of one of the game's actions (what a scenario file writes).
    code: Callable[[GameAction], str]
    #: Its short label in the session's language.
    label: Callable[[GameAction], str]
    #: What another seat's action shows the learner (a Tarot discard face down, a
    #: Belote declaration by its kind); the learner's own action shows its label.
    label_for_others: Callable[[GameAction], str]
    #: The action meant by a text that is no legal action's code:
    #: ``read(state, text, legal, raw)``, ``text`` lower-cased with spaces made single,
    #: ``raw`` as written (for the refusal). Raises :class:`NotationError`.
    read: Callable[[GameState, str, Sequence[Action], str], Action]
    #: Every action the seat to move might try in a phase of the game's own, legal or
    #: not, for the learner's buttons (Tarot's discard: every card of the hand as a
    #: discard), or None where the phase offers its legal actions (and bids).
    phase_choices: Callable[[GameState], Sequence[Action] | None]


def no_phase_of_its_own(state: GameState) -> Sequence[Action] | None:
    """A game whose phases offer their legal actions (and bids) as the choices."""
    return None


def cards_only(deck: Deck) -> Notation:
    """The notation of a game whose every action is a card of ``deck`` (Briscola): it
    reads no other text."""

    def read(state: GameState, text: str, legal: Sequence[Action], raw: str) -> Action:
        raise NotationError(f"{raw!r} is not a {deck.name} card")

    return Notation(
        action_types=(),
        words=frozenset(),
        phrases={},
        code=str,
        label=str,
        label_for_others=str,
        read=read,
        phase_choices=no_phase_of_its_own,
    )
