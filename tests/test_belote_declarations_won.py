"""Option declarations_won: seed 000 section 6 lets the best declaration take the beaten ones."""

import random

from tutorial.engine import belote
from tutorial.engine.games import random_hand
from tutorial.engine.rule_options import find_ruleset

OWN = find_ruleset("belote")
ALL = find_ruleset("belote", declarations_won="all")


def _both_declared(seed: int) -> tuple[belote.BeloteState, belote.BeloteState] | None:
    a = random_hand("belote", random.Random(seed), OWN)
    d = a.outcome().details
    if d.get("result") != "made" or d.get("capot") is not None or d.get("litige"):
        return None
    decl = d["declarations"]
    if not (decl[0] and decl[1]):
        return None
    b = random_hand("belote", random.Random(seed), ALL)  # same choices: the option changes no play
    return a, b  # type: ignore[return-value]


def test_the_best_team_takes_the_beaten_declarations_under_000() -> None:
    found = 0
    for seed in range(4000):
        pair = _both_declared(seed)
        if pair is None:
            continue
        own, all_ = (s.outcome() for s in pair)
        d = own.details
        best = d["declaration_team"]
        beaten = sum(x["points"] for x in d["declarations"][1 - best])
        if own.details["result"] != all_.details["result"]:
            continue  # the extra points changed the contract itself: also a difference
        key = belote.SIDES[best]
        assert all_.totals[key] == own.totals[key] + beaten
        assert all_.totals[belote.SIDES[1 - best]] == own.totals[belote.SIDES[1 - best]]
        found += 1
        if found == 3:
            break
    assert found, "no hand with declarations on both sides in 4000 seeds"


def test_seed_000_preset_uses_it() -> None:
    assert find_ruleset("belote", "seed-000").options.declarations_won == "all"
    assert OWN.options.declarations_won == "own"
