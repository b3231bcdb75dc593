"""Why an answer is what it is: reasoning computed from the engine, in the learner's words.

A question step (``ask``) gets a :class:`Reasoning`: a ``hint`` that shows the way
without giving the answer (the learner's first wrong try) and a ``full`` reasoning that
ends at the answer (the second wrong try, or a right answer whose author wrote no
explanation). Both come from the engine: the trick's reason, each card's points, the
score lines, the outcome. Every sentence goes through the catalogue (section ``[run]``).

:func:`speak` turns an engine sentence, written with "seat 2", into the scenario's
names, with the learner's possessive ("your") instead of "You's". Pure: no streamlit.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tutorial.engine.cards import EXCUSE, Suit
from tutorial.engine.contract import GameState
from tutorial.engine.errors import TutorialError
from tutorial.engine.outcomes import HandOutcome, TrickResult
from tutorial.engine.seats import seat_names
from tutorial.language.i18n import t, tn
from tutorial.scenarios.count_reasons import in_play_working, needed_working
from tutorial.scenarios.games import PARTS
from tutorial.scenarios.model import Ask
from tutorial.scenarios.sides import name_seats, result_text, side_labels, side_of
from tutorial.scenarios.table import Table

#: Trick reasons whose winner is the highest card of the led suit (no trump played).
_LED_SUIT_REASONS = frozenset({"highest_of_led_suit", "led_suit_uncontested"})


@dataclass(frozen=True)
class Reasoning:
    """The engine's reasoning for a question.

    Attributes:
        hint: the way to the answer without the answer ("" when the engine has none).
        full: the reasoning that ends at the answer ("" when the engine has none).
        diagnosis: the habit behind the wrong answer given, named when the number matches
            it exactly and without the answer's figure ("" otherwise, and when no answer
            was given).
    """

    hint: str = ""
    full: str = ""
    diagnosis: str = ""


# --- numbers, answers, names ----------------------------------------------------------


def number(x: float) -> str:
    """A figure without a useless ``.0``.

    >>> number(25.0), number(4.5), number(-2)
    ('25', '4.5', '-2')
    """
    return f"{x:g}"


def answer_label(value: Any) -> str:
    """An answer as it reads inside a sentence: yes/no, a figure, or a quoted label.

    Labels are quoted so that a capitalised choice ("The 10") or a seat name ("You")
    reads well in the middle of a sentence.

    >>> answer_label(True), answer_label("no"), answer_label(41.0), answer_label("41")
    ('yes', 'no', '41', '41')
    >>> answer_label("The 10")
    '“The 10”'

    """
    truth = _yes_or_no(value)
    if truth is not None:
        return t("run.yes") if truth else t("run.no")
    if isinstance(value, (int, float)):
        return number(value)
    text = str(value).strip()
    try:
        float(text)
    except ValueError:
        return t("run.quoted", text=text)
    return text


def given_label(value: Any) -> str:
    """An answer the learner gave, as it reads in "... is not the answer": a figure as it
    is, anything else quoted, yes and no included ("“yes” is not the answer", 「是」不是答案,
    where an unquoted 是 would read as 是不是, "is it or not").

    >>> given_label("no"), given_label(41), given_label("You")
    ('“no”', '41', '“You”')
    """
    label = answer_label(value)
    return t("run.quoted", text=label) if _yes_or_no(value) is not None else label


def _yes_or_no(value: Any) -> bool | None:
    """A yes/no answer's truth (``True``, "yes", "false"...), None for any other answer."""
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    return True if text in ("yes", "true") else False if text in ("no", "false") else None


def seat_label(table: Table, seat: int) -> str:
    """A seat's name as the subject of a sentence (the scenario's name for it)."""
    return table.seat_names[seat] if 0 <= seat < len(table.seat_names) else str(seat)


def side_phrase(table: Table, side: int) -> str:
    """A side inside a sentence: "your side" (or "you" at two players), else its label."""
    state = table.state
    learner_side = _team_of(state, table.learner)
    if learner_side == side:
        return t("run.side_you") if table.num_players == 2 else t("run.side_yours")
    labels = side_labels(table)
    return labels[side] if 0 <= side < len(labels) else str(side)


def _team_of(state: GameState, seat: int) -> int | None:
    try:
        return state.team_of(seat)
    except (TutorialError, ValueError, AttributeError, TypeError):
        return None  # Tarot before the bidding is over: no sides yet


_POSSESSIVE = re.compile(r"\b([Ss])eat (\d)'s")
_FOLLOWED_BY_WORD = re.compile(r"\s+[^\s.,;:!?)]")


def speak(table: Table, text: str) -> str:
    """An engine sentence with the scenario's seat names, possessives included.

    The engine names seats itself when its seat names are set
    (:func:`tutorial.engine.seats.seat_names`); otherwise it writes "seat 2", "seat 2's"
    and "seats 0 and 2", which this turns into the scenario's names, with "your" for
    the learner (never "You's") and "East's" for another seat.

    Args:
        table: the scenario's table (seat names, the learner).
        text: the engine's sentence.
    """

    def possessive(m: re.Match[str]) -> str:
        seat = int(m.group(2))
        if seat >= len(table.seat_names):
            return m.group(0)
        if seat != table.learner:
            return t("run.seat.possessive", name=table.seat_names[seat])
        start = m.group(1) == "S"
        if _FOLLOWED_BY_WORD.match(text, m.end()):
            return t("run.seat.your_start") if start else t("run.seat.your")
        return t("run.seat.yours_start") if start else t("run.seat.yours")

    return name_seats(_POSSESSIVE.sub(possessive, text), table.seat_names)


# --- tricks ---------------------------------------------------------------------------


def trick_event_text(table: Table, trick: TrickResult) -> str:
    """The transcript's line for a finished trick: who takes it, its points, and why."""
    points = tn("plural.points", trick.points)
    why = speak(table, trick.explanation)
    if trick.winner == table.learner:
        return t("run.trick_to_learner", points=points, why=why)
    return t("run.trick_to", name=seat_label(table, trick.winner), points=points, why=why)


def _plays(table: Table, trick: TrickResult) -> str:
    sep = t("common.cards.separator")
    return sep.join(
        t("run.play_by", name=seat_label(table, p.seat), card=p.card.label) for p in trick.plays
    )


def _suit_name(suit: Suit) -> str:
    return t(f"common.suit.{suit.name.lower()}")


def _trump_sentence(state: GameState) -> str:
    suit = state.trump_suit
    if suit is None:
        return ""
    return " " + t("run.trump_suit", suit=_suit_name(suit), symbol=suit.symbol)


def trick_winner_reasoning(table: Table, state: GameState, trick: TrickResult) -> Reasoning:
    """Who takes a trick: the rule that decides it (hint), then the winner and why."""
    plays = _plays(table, trick)
    game = state.game
    trump_word = t(f"term.trump.{game}")  # the game's own word (王牌 / 將牌)
    if trick.reason == "highest_trump":
        hint = t("run.hint_winner_trump", plays=plays, trump_word=trump_word)
        hint += _trump_sentence(state)
    elif trick.reason in _LED_SUIT_REASONS:
        led = next((c for c in trick.cards if c != EXCUSE), trick.cards[0])
        suit = _suit_name(led.suit)
        hint = t("run.hint_winner_led", plays=plays, suit=suit, trump_word=trump_word)
        hint += _trump_sentence(state)
    else:
        hint = t("run.hint_winner_other", plays=plays)
    why = speak(table, trick.explanation)
    if seat_label(table, trick.winner).lower() in why.lower():
        full = why  # the engine's sentence already names the winner (Tarot's do)
    elif trick.winner == table.learner:
        full = t("run.why_winner_learner", why=why)
    else:
        full = t("run.why_winner", name=seat_label(table, trick.winner), why=why)
    return Reasoning(hint, full)


def trick_points_reasoning(state: GameState, trick: TrickResult) -> Reasoning:
    """A trick's points card by card (hint), then their sum (full)."""
    items: list[str] = []
    total = 0.0
    kept_excuse = False
    values = [state.card_points(c) for c in trick.cards]
    if any(math.isnan(v) for v in values):
        return Reasoning()
    if EXCUSE in trick.cards and sum(values) != trick.points:  # only Tarot has an Excuse
        kept_excuse = True  # the Excuse went back to its team, which gave 0.5 in exchange
    for card, value in zip(trick.cards, values, strict=True):
        if kept_excuse and card == EXCUSE:
            items.append(t("run.card_points_excuse_kept", card=card.label))
            continue
        items.append(t("run.card_points", card=card.label, points=number(value)))
        total += value
    if abs(total - trick.points) > 1e-9:
        return Reasoning()
    hint = t("run.hint_trick_points", cards=t("common.cards.separator").join(items))
    full = t("run.why_sum", sum=" + ".join(items), total=number(trick.points))
    return Reasoning(hint, full)


# --- the hand -------------------------------------------------------------------------


def _outcome(table: Table, state: GameState) -> HandOutcome:
    """The hand's outcome, its sentences with the table's seat names."""
    with seat_names(table.seat_names):
        return state.outcome()


def _side_key(state: GameState, out: HandOutcome, side: int) -> str | None:
    """The key of ``out.totals`` that holds a side's total (Tarot: one seat of the side)."""
    return state.score_key(side)


def points_reasoning(table: Table, state: GameState, side: int, total: float) -> Reasoning:
    """A side's card points so far: its tricks one by one, and the earlier ones."""
    items = [
        t("run.points_trick", points=number(tr.points), i=tr.index + 1)
        for tr in state.tricks
        if _team_of(state, tr.winner) == side
    ]
    rest = total - sum(tr.points for tr in state.tricks if _team_of(state, tr.winner) == side)
    if rest < -1e-9:
        return Reasoning()
    if rest > 1e-9:
        items.append(t("run.points_earlier", points=number(rest)))
    if not items:
        return Reasoning()
    who = side_phrase(table, side)
    if len(items) == 1:  # nothing to add up: no hint, just where the points come from
        return Reasoning("", t("run.why_points_single", side=who, item=items[0]))
    hint = t("run.hint_points", side=who, items=t("common.cards.separator").join(items))
    full = t("run.why_sum", sum=" + ".join(items), total=number(total))
    return Reasoning(hint, full)


def score_reasoning(table: Table, state: GameState, side: int) -> Reasoning:
    """A side's score in the hand: its score lines (hint), then their figures and total."""
    out = _outcome(table, state)
    key = _side_key(state, out, side)
    if key is None:
        return Reasoning()
    lines = [line for line in out.lines_for(key) if line.points]
    total = float(out.totals[key])
    if abs(sum(line.points for line in lines) - total) > 1e-9:
        return Reasoning()
    if not lines:
        who = side_phrase(table, side)
        return Reasoning(t("run.hint_score_none"), t("run.why_score_none", side=who))
    sep = t("run.line_separator")
    items = [
        t("run.score_line", label=speak(table, line.label), points=number(line.points))
        for line in lines
    ]
    if len(items) == 1:
        return Reasoning("", t("run.why_score_single", line=items[0]))
    labels = sep.join(speak(table, line.label) for line in lines)
    full = t("run.why_score", lines=sep.join(items), total=number(total))
    return Reasoning(t("run.hint_score", lines=labels), full)


def _hand_reasoning(table: Table, state: GameState, ask: Ask) -> Reasoning:
    kind = ask.kind
    if kind == "target":
        targets = t("tarot.note.targets")
        hint = t("run.hint_target", targets=targets)
        if not state.is_terminal:
            return Reasoning(hint)
        d = _outcome(table, state).details
        if "bouts" not in d or "target" not in d:
            return Reasoning(hint)
        bouts = tn("plural.bouts", int(d["bouts"]))
        return Reasoning(hint, t("run.why_target", bouts=bouts, target=number(d["target"])))
    if kind == "score":
        side = side_of(table, ask.side) if ask.side is not None else None
        if side is None or not state.is_terminal:
            return Reasoning()
        return score_reasoning(table, state, side)
    if kind == "contract_made":
        hint = t("run.hint_contract_made")
    elif kind == "declaration_winner":
        hint = t("run.hint_declaration_winner")
    else:
        hint = t(PARTS.of(state.game).hand_winner_hint)
    if not state.is_terminal:
        return Reasoning(hint)
    out = _outcome(table, state)
    if kind == "declaration_winner":
        reason = out.details.get("declaration_reason")
        return Reasoning(hint, speak(table, str(reason)) if reason else "")
    return Reasoning(hint, result_text(table, state))  # contract_made, winner


def _count_reasoning(table: Table, state: GameState, ask: Ask, given: Any) -> Reasoning:
    """The working of ``points_in_play`` and ``points_needed`` (:mod:`count_reasons`)."""
    number_given = _as_number(given)
    if ask.kind == "points_in_play":
        working = in_play_working(table, state, number_given)
    else:
        side = side_of(table, ask.side) if ask.side is not None else None
        found = None if side is None else needed_working(table, state, side, number_given)
        if found is None:
            return Reasoning()
        working = found
    return Reasoning(working.hint, working.full, working.diagnosis)


def _as_number(value: Any) -> float | None:
    """A learner's answer as a number (None: not one, or no answer)."""
    if value is None or isinstance(value, bool):
        return None
    try:
        return float(str(value).strip().replace(",", "."))
    except ValueError:
        return None


def ask_reasoning(table: Table, state: GameState, ask: Ask, given: Any = None) -> Reasoning:
    """The engine's reasoning for a question at this point of the scenario.

    For ``points`` the scenario's own answer is the total (the checker proved it equal
    to the engine's); the reasoning itemises it by trick. For the count kinds
    (``points_in_play``, ``points_needed``) it is the engine's subtraction, and a wrong
    ``given`` answer that matches a habit exactly is diagnosed.

    Args:
        table: the scenario's table.
        state: the engine state when the question is asked.
        ask: the question.
        given: the learner's wrong answer, when there is one (for the diagnosis).

    Returns:
        The reasoning; its parts are empty where the engine cannot help (``choice``).
    """
    try:
        if ask.kind in ("trick_winner", "trick_points"):
            if not state.tricks:
                return Reasoning()
            trick = state.tricks[-1]
            if ask.kind == "trick_winner":
                return trick_winner_reasoning(table, state, trick)
            return trick_points_reasoning(state, trick)
        if ask.kind == "points":
            side = side_of(table, ask.side) if ask.side is not None else None
            if side is None or isinstance(ask.answer, bool):
                return Reasoning()
            return points_reasoning(table, state, side, float(ask.answer))
        if ask.kind in ("points_in_play", "points_needed"):
            return _count_reasoning(table, state, ask, given)
        if ask.kind == "choice":
            return Reasoning(t("run.hint_choice"))
        return _hand_reasoning(table, state, ask)
    except (TutorialError, KeyError, ValueError, IndexError):
        # A reasoning is extra help: a position the engine cannot explain gets none
        # (the learner still gets the author's words and, after two tries, the answer).
        return Reasoning()


__all__: Sequence[str] = [
    "Reasoning",
    "answer_label",
    "ask_reasoning",
    "number",
    "side_phrase",
    "speak",
    "trick_event_text",
]
