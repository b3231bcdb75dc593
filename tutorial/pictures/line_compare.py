"""A reviewed card's two lines of play side by side, every card shown ("Show me"), and
the best a side could have scored from each trick ("Could I have won?") (pure: never
imports streamlit).

A costly or unlucky card's review (``analysis.card_review.CardReview``) keeps the two
lines its reasons were read off: from the card played and from the better card, to the
end of the hand, on the real deal. :func:`shown_line` replays one through the engine
card by card (a declaration on the way is the computer players' habit, as when the line
was found); :func:`frame_svg` draws the table after any number of its cards, and
:func:`hands_shown` lists every seat's cards there (every card shown).
:func:`trick_comparison` sets the two lines trick by trick: who takes each trick and
with how many points, the tricks that change sides marked. :func:`could_have_rows`
words the best score from each trick's start beside the learner's own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutorial.analysis import beginner
from tutorial.analysis.card_review import BestFrom, CardReview
from tutorial.engine.cards import Card
from tutorial.engine.contract import GameState
from tutorial.engine.hand_order import sort_hand
from tutorial.engine.outcomes import Play, TrickResult
from tutorial.engine.reasons import figure, trick_in_play
from tutorial.language.i18n import t, tn
from tutorial.pictures.picture_words import table_summary
from tutorial.pictures.table_svg import table_svg
from tutorial.pictures.table_view import table_view
from tutorial.scenarios.position import Table

__all__ = [
    "LineFrame",
    "ShownLine",
    "TrickRow",
    "could_have_rows",
    "frame_svg",
    "hands_shown",
    "lines_by_trick",
    "shown_line",
    "step_caption",
    "trick_comparison",
]


@dataclass(frozen=True)
class LineFrame:
    """One moment of a line, as the table picture reads a run."""

    state: GameState
    table: Table
    pending: tuple[object, ...] = ()
    finished: bool = False


@dataclass(frozen=True)
class ShownLine:
    """A line of play from ``start``: its plays, and the state after each card."""

    start: GameState
    plays: tuple[Play, ...]
    states: tuple[GameState, ...]

    def at(self, step: int) -> GameState:
        """The state after the line's first ``step`` cards (0: its start)."""
        return self.start if step <= 0 else self.states[min(step, len(self.states)) - 1]

    @property
    def tricks(self) -> tuple[TrickResult, ...]:
        """The tricks finished along the line, the current one first."""
        end = self.at(len(self.plays))
        return end.tricks[len(self.start.tricks) :]


def shown_line(start: GameState, plays: Sequence[Play]) -> ShownLine:
    """``plays`` from ``start`` replayed by the engine, card by card."""
    states: list[GameState] = []
    state = start
    for p in plays:
        while state.phase != "play" and not state.is_terminal:
            state = state.apply(beginner.choose(state))
        state = state.apply(p.card)
        states.append(state)
    return ShownLine(start, tuple(plays), tuple(states))


def frame_svg(line: ShownLine, step: int, table: Table, *, four_colour: bool = False) -> str:
    """The table after the line's first ``step`` cards, as an SVG picture."""
    frame = LineFrame(line.at(step), table)
    return table_svg(table_view(frame, four_colour=four_colour))


def frame_alt(line: ShownLine, step: int, table: Table) -> str:
    """The same table in words (its summary), the picture's ``alt`` text."""
    return table_summary(table_view(LineFrame(line.at(step), table)))


def hands_shown(state: GameState, table: Table) -> list[tuple[str, str]]:
    """Every seat's cards at ``state``, in the game's order: (the seat's name, its cards)."""
    separator = t("common.cards.separator")
    out = []
    for seat, name in enumerate(table.seat_names):
        cards: Sequence[Card] = sort_hand(list(state.hands[seat]), state)
        out.append((name, separator.join(c.label for c in cards) or t("show_me.no_cards")))
    return out


def step_caption(line: ShownLine, step: int, table: Table) -> str:
    """ "Card 3 of 20: West plays A♠" for the line's ``step``-th card (0: its start)."""
    if step <= 0:
        return t("show_me.start", n=len(line.plays))
    play = line.plays[min(step, len(line.plays)) - 1]
    name = t("explain.you") if play.seat == table.learner else table.seat_names[play.seat]
    played = t("run.play_by", name=name, card=play.card.label)
    return t("show_me.caption", i=min(step, len(line.plays)), n=len(line.plays), play=played)


@dataclass(frozen=True)
class TrickRow:
    """One trick of the two lines: its number, who takes it in each, whether it changed
    sides (the learner's side takes it in one line only)."""

    number: int
    yours: str
    better: str
    changed: bool


def _cell(trick: TrickResult | None, table: Table, side: int, start: GameState) -> str:
    if trick is None:
        return ""
    name = table.seat_names[trick.winner]
    points = tn("plural.points", figure(trick.points))
    key = "show_me.cell_ours" if start.team_of(trick.winner) == side else "show_me.cell_theirs"
    return t(key, winner=name, points=points)


def trick_comparison(review: CardReview, table: Table) -> list[TrickRow]:
    """The two lines of a reviewed card, trick by trick (empty when it has none)."""
    return lines_by_trick(review.state, review.seat, review.line_played, review.line_better, table)


def lines_by_trick(
    start: GameState,
    seat: int,
    mine: Sequence[Play],
    better: Sequence[Play],
    table: Table,
) -> list[TrickRow]:
    """Two lines from ``start`` (the card ``seat`` played, and the better one), trick by
    trick: who takes each trick and its points, the tricks that change sides marked (empty
    when either line is unknown)."""
    if not mine or not better:
        return []
    side = start.team_of(seat)
    first = trick_in_play(start)
    ours_tricks = shown_line(start, mine).tricks
    other = shown_line(start, better).tricks
    rows = []
    for k in range(max(len(ours_tricks), len(other))):
        a = ours_tricks[k] if k < len(ours_tricks) else None
        b = other[k] if k < len(other) else None
        ours_a = a is not None and start.team_of(a.winner) == side
        ours_b = b is not None and start.team_of(b.winner) == side
        rows.append(
            TrickRow(
                first + k,
                _cell(a, table, side, start),
                _cell(b, table, side, start),
                ours_a != ours_b,
            )
        )
    return rows


def could_have_rows(best: Sequence[BestFrom], scored: float) -> list[tuple[str, str, bool]]:
    """ "Could I have won?" in words: per trick, what the learner's side would have
    scored with best play by everyone from its start (or why it is not known), and
    whether that beats what it scored."""
    rows = []
    for item in best:
        if item.score is None:
            rows.append((t("show_me.from_trick", n=item.trick), t("show_me.unknown"), False))
            continue
        text = tn("plural.points", figure(item.score))
        rows.append((t("show_me.from_trick", n=item.trick), text, item.score > scored))
    return rows
