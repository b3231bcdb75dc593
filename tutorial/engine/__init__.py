"""The rules engine: cards, the three games, reasons and itemised scores.

Nothing in this package imports streamlit (a test checks it).
"""

# The games register themselves (rulesets included) as they are imported: after this
# line the registry in games.py is full, whatever module of the engine was asked for.
from tutorial.engine import belote, briscola, tarot
from tutorial.engine.cards import (
    BELOTE_DECK,
    BRISCOLA_DECK,
    TAROT_DECK,
    Card,
    Deck,
    Suit,
)
from tutorial.engine.contract import GameState, Observation
from tutorial.engine.errors import (
    IllegalActionError,
    IllegalPlayError,
    InvalidStateError,
    NotationError,
    ScenarioError,
    TutorialError,
    UnknownRulesetError,
)
from tutorial.engine.games import GAMES
from tutorial.engine.outcomes import HandOutcome, Play, ScoreLine, TrickResult
from tutorial.engine.rule_options import Ruleset, find_ruleset, rulesets
from tutorial.engine.verdicts import Verdict

__all__ = [
    "BELOTE_DECK",
    "BRISCOLA_DECK",
    "GAMES",
    "TAROT_DECK",
    "Card",
    "Deck",
    "GameState",
    "HandOutcome",
    "IllegalActionError",
    "IllegalPlayError",
    "InvalidStateError",
    "NotationError",
    "Observation",
    "Play",
    "Ruleset",
    "ScenarioError",
    "ScoreLine",
    "Suit",
    "TrickResult",
    "TutorialError",
    "UnknownRulesetError",
    "Verdict",
    "belote",
    "briscola",
    "find_ruleset",
    "rulesets",
    "tarot",
]
