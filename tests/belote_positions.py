"""Belote end-of-hand positions shared by the scoring tests: the last trick to play, with
the earlier tricks given as the cards each team captured."""

from __future__ import annotations

from typing import Any

from tutorial.engine.belote import SIDES, start_play
from tutorial.engine.cards import BELOTE_DECK
from tutorial.engine.outcomes import HandOutcome
from tutorial.engine.rule_options import Ruleset

P = BELOTE_DECK.parse
LAST = ["7S", "8S", "9S", "7D"]
HEARTS = "7H 8H 9H 10H JH QH KH AH"
CLUBS = "7C 8C 9C 10C JC QC KC AC"

# Captured cards per team (team 0, team 1) for the card points the tests need; the
# last trick adds 0 card points and the dix de der to team 0.
MADE_102_60 = (f"{HEARTS} {CLUBS}", "10S JS QS KS AS 8D 9D 10D JD QD KD AD")
DEDANS_52_110 = (f"{CLUBS} 8D 9D 10D JD", f"10S JS QS KS AS {HEARTS} QD KD AD")
TIE_81_81 = (f"{HEARTS} JS QS KS 8D", f"10S AS 9D 10D JD QD KD AD {CLUBS}")
SPLIT_84_78 = (f"{HEARTS} 10S JS 8D 9D", f"QS KS AS 10D JD QD KD AD {CLUBS}")
SPLIT_75_87 = (f"{HEARTS} QS 8D 9D 7C", "10S JS KS AS 10D JD QD KD AD 8C 9C 10C JC QC KC AC")
#: Team 0 wins every trick (with the last one): 152 + 10.
CAPOT = (f"{HEARTS} {CLUBS} 10S JS QS KS AS 8D 9D 10D JD QD KD AD", "")


def finish(
    captured: tuple[str, str], taker: int = 0, ruleset: str | Ruleset = "default", **kw: Any
) -> HandOutcome:
    """Play the last trick of the position and return the hand's outcome."""
    state = start_play(
        LAST, "H", taker=taker, ruleset=ruleset, captured={0: captured[0], 1: captured[1]},
        leader=0, **kw,
    )  # fmt: skip
    for card in LAST:
        state = state.apply(P(card))
    outcome = state.outcome()
    for side in SIDES:  # every total is the sum of its lines
        assert outcome.totals[side] == sum(line.points for line in outcome.lines_for(side))
    return outcome
