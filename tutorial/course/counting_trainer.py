"""The counting trainer: tricks of a real hand shown one by one, the learner counts.

A wrong count gets a diagnosis naming the card or bonus that was miscounted: a card
left out, a card counted at its plain value instead of its trump value (or the other
way round), the dix de der forgotten, a half point lost in Tarot. Pure Python.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tutorial.engine import belote
from tutorial.engine.cards import Card, Suit
from tutorial.engine.core import GameState, TrickResult
from tutorial.engine.games import random_hand
from tutorial.language.i18n import t, tn
from tutorial.scenarios.position import shown_seat_names


@dataclass(frozen=True)
class Exercise:
    """A played hand whose tricks the learner counts, one by one."""

    game: str
    seed: int
    state: GameState
    tricks: tuple[TrickResult, ...]

    def value(self, card: Card) -> float:
        """The card's points in this hand."""
        return self.state.card_points(card)

    def trick_value(self, index: int) -> float:
        """What trick ``index`` is worth, bonuses included (dix de der on the last)."""
        trick = self.tricks[index]
        total = float(trick.points)  # the engine's count (Tarot: the Excuse stays with its owner)
        if index == len(self.tricks) - 1:
            total += self.state.last_trick_bonus  # Belote's dix de der
        return total

    def running_total(self, index: int) -> float:
        """The sum of tricks 0..index."""
        return sum(self.trick_value(i) for i in range(index + 1))


def make_exercise(game: str, seed: int) -> Exercise:
    """A random hand of ``game`` (reproducible by ``seed``) with every trick to count."""
    for s in range(seed, seed + 100):
        state = random_hand(game, random.Random(s))
        if state.tricks:
            return Exercise(game, s, state, tuple(state.tricks))
    raise RuntimeError("no hand with tricks in 100 deals")  # pragma: no cover


@dataclass(frozen=True)
class Diagnosis:
    """The verdict on one count."""

    right: bool
    correct: float
    message: str
    cards: tuple[Card, ...] = ()


def _fmt(x: float) -> str:
    return f"{x:g}"


def _pts(x: float) -> str:
    """A number of points in words: "1 point", "4.5 points" (from the catalogue)."""
    return tn("plural.points", x)


def diagnose(ex: Exercise, index: int, given: float) -> Diagnosis:
    """Check the learner's count of trick ``index`` and explain a mistake."""
    correct = ex.trick_value(index)
    if abs(given - correct) < 1e-9:
        return Diagnosis(True, correct, t("trainer.right", points=_pts(correct)))
    diff = correct - given  # > 0: the learner counted too little
    trick = ex.tricks[index]
    cards = trick.cards
    candidates: list[tuple[str, tuple[Card, ...]]] = []
    last = index == len(ex.tricks) - 1
    bonus = ex.state.last_trick_bonus
    if bonus and last and abs(diff - bonus) < 1e-9:
        candidates.append((t("trainer.why.dix_de_der", points=_pts(bonus)), ()))
    for c in cards:
        v = ex.value(c)
        if v and abs(diff - v) < 1e-9:
            candidates.append((t("trainer.why.left_out", card=c.label, points=_pts(v)), (c,)))
        if v and abs(diff + v) < 1e-9:
            candidates.append((t("trainer.why.twice", card=c.label, points=_pts(v)), (c,)))
    candidates.extend(_value_mixups(ex, cards, diff))
    excuse = next((c for c in cards if c.suit is Suit.EXCUSE), None)
    if excuse is not None and abs(diff + ex.value(excuse)) < 1e-9:
        candidates.insert(0, (t("trainer.why.excuse"), (excuse,)))
    unit = ex.state.point_unit  # Tarot counts in half points
    if unit < 1 and abs(abs(diff) - unit) < 1e-9:
        candidates.append((t("trainer.why.half_point"), ()))
    if candidates:
        msg, forcing = candidates[0]
        text = t("trainer.wrong", given=_fmt(given), why=msg, points=_pts(correct))
        return Diagnosis(False, correct, text, forcing)
    values = t("common.cards.separator").join(
        t("trainer.card_value", card=c.label, value=_fmt(ex.value(c))) for c in cards
    )
    return Diagnosis(False, correct, t("trainer.count_again", given=_fmt(given), values=values))


def _value_mixups(
    ex: Exercise, cards: tuple[Card, ...], diff: float
) -> list[tuple[str, tuple[Card, ...]]]:
    """Points the learner may have given a card by mixing up its values (per game)."""
    return _MIXUPS[ex.game](ex, cards, diff)


def _belote_mixups(
    ex: Exercise, cards: tuple[Card, ...], diff: float
) -> list[tuple[str, tuple[Card, ...]]]:
    """Belote: a card counted at its trump value out of trumps, or the other way round."""
    out: list[tuple[str, tuple[Card, ...]]] = []
    trump = ex.state.trump_suit
    for c in cards:
        as_trump = belote.TRUMP_POINTS[c.rank]
        as_plain = belote.PLAIN_POINTS[c.rank]
        if as_trump == as_plain:
            continue
        if c.suit is trump and abs(diff - (as_trump - as_plain)) < 1e-9:
            why = t("trainer.why.is_trump", card=c.label, trump=as_trump, plain=as_plain)
            out.append((why, (c,)))
        if c.suit is not trump and abs(diff - (as_plain - as_trump)) < 1e-9:
            why = t("trainer.why.not_trump", card=c.label, trump=as_trump, plain=as_plain)
            out.append((why, (c,)))
    return out


def _briscola_mixups(
    ex: Exercise, cards: tuple[Card, ...], diff: float
) -> list[tuple[str, tuple[Card, ...]]]:
    """Briscola: the Queen and the Jack counted at each other's value."""
    out: list[tuple[str, tuple[Card, ...]]] = []
    for c in cards:
        if c.rank in ("Q", "J"):
            v = ex.value(c)
            other = 5 - v  # Queen and Jack swap 3 and 2 between the rulesets
            if abs(diff - (v - other)) < 1e-9:
                out.append((t("trainer.why.queen_jack", card=c.label, value=_fmt(v)), (c,)))
    return out


def _tarot_mixups(
    ex: Exercise, cards: tuple[Card, ...], diff: float
) -> list[tuple[str, tuple[Card, ...]]]:
    """Tarot: a card counted at half a point, like a plain card without a face."""
    out: list[tuple[str, tuple[Card, ...]]] = []
    for c in cards:
        v = ex.value(c)
        if v > 0.5 and abs(diff - (v - 0.5)) < 1e-9:
            out.append((t("trainer.why.not_half", card=c.label, value=_fmt(v)), (c,)))
    return out


#: Each game's usual mix-ups of card values, by the game's name (one game's teaching each).
_MIXUPS = {"belote": _belote_mixups, "briscola": _briscola_mixups, "tarot": _tarot_mixups}


def seat_labels(ex: Exercise) -> tuple[str, ...]:
    """The seats' names for a dealt hand (South, East... or You, Opponent)."""
    return shown_seat_names(ex.state.num_players)


def _names_list(names: Sequence[str]) -> str:
    """Seats' names for a sentence: ``East``, ``East and West``, ``East, North and West``."""
    if len(names) == 1:
        return names[0]
    sep = t("common.cards.separator")
    return t("common.cards.list", rest=sep.join(names[:-1]), last=names[-1])


def sides_text(ex: Exercise, names: Sequence[str] | None = None) -> str:
    """Who plays with whom, by the seats' names: the Tarot taker against the defence, the
    two teams of a four-player game; "" when every seat plays alone (two players)."""
    who = list(names) if names is not None else list(seat_labels(ex))
    state = ex.state
    seats = range(state.num_players)
    taker = state.taker
    if state.bidding_makes_sides and taker is not None:  # Tarot: the taker alone
        others = [who[s] for s in seats if s != taker]
        return t("trainer.sides_taker", taker_name=who[taker], defenders=_names_list(others))
    if state.num_players < 4:
        return ""
    first = state.team_of(0)
    mine = [who[s] for s in seats if state.team_of(s) == first]
    theirs = [who[s] for s in seats if state.team_of(s) != first]
    return t("trainer.sides_teams", team=_names_list(mine), rivals=_names_list(theirs))


def describe_trick(ex: Exercise, index: int, names: Sequence[str] | None = None) -> str:
    """Who played what in trick ``index``, and who won it, by the seats' names."""
    trick = ex.tricks[index]
    who = list(names) if names is not None else list(seat_labels(ex))
    plays = t("common.cards.separator").join(
        t("trainer.play", name=who[p.seat], card=p.card.label) for p in trick.plays
    )
    return t("trainer.trick_line", i=index + 1, plays=plays, winner=who[trick.winner])


def trump_text(ex: Exercise) -> str:
    """The trump in words (for the page's header)."""
    suit: Any = getattr(ex.state, "trump", None) or getattr(ex.state, "trump_suit", None)
    if isinstance(suit, Suit):
        key = f"common.suit.{suit.name.lower()}"
        return t("table.trump", symbol=suit.symbol, suit=t(key))
    return t("trainer.tarot_trumps")
