"""French Tarot's fixed figures and names: sizes, phases, results, trick reasons, rules.

Every other module of the package reads these; this one imports nothing of it.
"""

from __future__ import annotations

GAME = "tarot"
NUM_PLAYERS = 4
HAND_SIZE = 18
CHIEN_SIZE = 6
NUM_TRICKS = 18
TOTAL_POINTS = 91.0

PHASE_BIDDING = "bidding"
PHASE_DISCARD = "discard"
PHASE_CHELEM = "chelem"
PHASE_POIGNEE = "poignee"
PHASE_PLAY = "play"
PHASE_DONE = "done"

#: ``HandOutcome.details["result"]`` values (``HandOutcome.result`` is the sentence).
RESULT_MADE = "made"
RESULT_FAILED = "failed"
RESULT_PETIT_SEC = "petit_sec"
RESULT_ALL_PASSED = "all_passed"

#: Trick reasons (``TrickResult.reason``).
HIGHEST_TRUMP = "highest_trump"
HIGHEST_OF_LED_SUIT = "highest_of_led_suit"
EXCUSE_WINS_LAST_TRICK = "excuse_wins_last_trick"

#: The rule a verdict cites (``Verdict.rule``).
RULE_BIDDING = "Tarot: bidding"
RULE_DISCARD = "Tarot: discard"
RULE_CHELEM = "Tarot: chelem"
RULE_POIGNEE = "Tarot: poignée"
RULE_FOLLOW = "Tarot: follow suit"
RULE_TRUMP = "Tarot: trump"
RULE_OVERTRUMP = "Tarot: overtrump"
RULE_EXCUSE = "Tarot: the Excuse"
RULE_HAND = "Tarot: play from your hand"
RULE_TURN = "Tarot: turn order"
RULE_END = "Tarot: end of the hand"
RULE_PHASE = "Tarot: order of the hand"
