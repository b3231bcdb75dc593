"""Dedans gives away every declaration; a tie at the match target."""

import dataclasses
import random

import pytest

from tutorial.engine import belote
from tutorial.engine.cards import BELOTE_DECK
from tutorial.engine.errors import InvalidStateError
from tutorial.engine.games import random_hand


def test_dedans_gives_the_defence_every_declaration() -> None:
    """000 §11(3) and 003 §4: the defence scores 162 plus all declarations, both teams'."""
    found = 0
    for seed in range(6000):
        state = random_hand("belote", random.Random(seed))
        out = state.outcome()
        d = out.details
        if d.get("result") != "dedans" or d.get("capot") is not None:
            continue
        decl = d["declarations"]
        if not (decl[0] and decl[1]):
            continue
        taker_team = d["taking_team"]
        defence = belote.SIDES[1 - taker_team]
        every = sum(x["points"] for team in (0, 1) for x in decl[team])
        belote_pts = 20 if d["belote_team"] == 1 - taker_team else 0
        assert out.totals[defence] == 162 + every + belote_pts
        found += 1
        if found == 2:
            break
    assert found, "no dedans with declarations on both sides in 6000 deals"


def test_a_tie_at_the_target_is_a_draw_under_000_and_replayed_under_004() -> None:
    m000 = dataclasses.replace(belote.BeloteMatch.start("seed-000"), scores=(1010, 1010))
    assert m000.is_over and m000.is_draw and m000.winner is None
    with pytest.raises(InvalidStateError, match="draw"):
        m000.new_hand(rng=random.Random(1))
    m004 = dataclasses.replace(belote.BeloteMatch.start("seed-004"), scores=(1010, 1010))
    assert not m004.is_over  # another hand decides it


def test_a_finished_position_needs_its_last_trick() -> None:
    codes = [c.code for c in BELOTE_DECK]
    with pytest.raises(InvalidStateError, match="last trick"):
        belote.start_play(
            hands=["", "", "", ""],
            trump="H",
            taker=0,
            captured={0: " ".join(codes[:16]), 1: " ".join(codes[16:])},
        )
