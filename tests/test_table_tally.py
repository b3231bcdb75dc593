"""The tricks and points the table shows: tricks played before a scenario starts count,
a finished trick counts at once unless a question asks who won it, and Briscola keeps
each side's card points on the table (knowing when a side reaches 61 is the skill)."""

from __future__ import annotations

import functools

from tutorial.course.library import Library, load_library
from tutorial.language.i18n import speaking, t, tn
from tutorial.pictures.picture_words import table_summary
from tutorial.pictures.table_svg import table_svg
from tutorial.pictures.table_view import table_view
from tutorial.scenarios import runtime
from tutorial.scenarios.model import AskStep
from tutorial.scenarios.runtime import Run
from tutorial.scenarios.sides import side_labels


@functools.cache
def _library() -> Library:
    with speaking("en"):
        return load_library()


def _start(sid: str) -> Run:
    checked = _library().scenarios[sid]
    return runtime.start(checked.scenario, checked.table)


def _steps(run: Run) -> list[Run]:
    """The run at each of its steps, the scenario's own answers given."""
    out = [run]
    while not run.finished:
        run = run.solve_current()
        out.append(run)
    return out


def _asking(run: Run) -> str | None:
    step = run.current
    return step.ask.kind if isinstance(step, AskStep) else None


def test_every_first_position_says_who_won_the_tricks_before_it() -> None:
    """The engine's ``earlier_tricks``: with the listed tricks and the tricks still to
    play, the whole hand's tricks (None where they are only counted points)."""
    checked_some = 0
    for sid, checked in sorted(_library().scenarios.items()):
        state = checked.table.state
        earlier = state.earlier_tricks()
        assert (earlier[0] is None) == (earlier[1] is None), sid
        if earlier[0] is None or earlier[1] is None or state.phase != "play":
            continue
        if state.tricks:
            assert sum(earlier) == state.tricks[0].index, sid
        if not state.stock_count:  # the tricks still to play: the longest hand's cards
            left = max(len(hand) for hand in state.hands)
            assert sum(earlier) + len(state.tricks) + left == state.total_tricks, sid
            checked_some += sum(earlier) > 0
    assert checked_some >= 5


def test_tricks_played_before_a_scenario_starts_are_on_the_table() -> None:
    """A newcomer's report: a mid-hand scenario showed "2 cards · 0 tricks" at every seat
    while its story said six tricks had been won. Each side's tricks are on the table; a
    seat whose share of its side's pile is not known shows no count of its own."""
    run = _start("belote/dix-de-der")  # You & Partner and Right & Left: 12 cards each
    with speaking("en"):
        view = table_view(run)
        labels = side_labels(run.table)
        want = tuple(
            t("table.tally", side=label, counts=tn("plural.tricks", 3)) for label in labels
        )
        assert view.tally == want
        assert all(seat.tricks_won is None for seat in view.seats)
        svg, summary = table_svg(view), table_summary(view)
    assert "0 tricks" not in svg and "You &amp; Partner: 3 tricks" in svg
    assert "You & Partner: 3 tricks." in summary and "0 tricks" not in summary
    with speaking("zh-Hans"):
        shown = table_svg(table_view(run))
    assert "3 墩" in shown and "0 墩" not in shown


def test_a_finished_trick_counts_at_once_unless_its_winner_is_asked() -> None:
    """The trick counter was a step late: a question on a trick's points held back its
    winner and its count as a question on its winner does."""
    seen = set()
    for sid in ("belote/card-values", "belote/follow-suit-basic", "briscola/ace-beats-three"):
        for run in _steps(_start(sid)):
            kind = _asking(run)
            if kind not in ("trick_points", "trick_winner") or not run.pending:
                continue
            view = table_view(run)
            counted = sum(seat.tricks_won or 0 for seat in view.seats)
            marked = any(card.winning for card in view.trick)
            if kind == "trick_points":
                assert counted == len(run.state.tricks) and marked, sid
            else:
                assert counted == len(run.state.tricks) - 1 and not marked, sid
            seen.add(kind)
    assert seen == {"trick_points", "trick_winner"}


def test_briscola_keeps_each_side_s_points_on_the_table() -> None:
    """Briscola lesson 5 teaches knowing when a side reaches 61: each side's running
    points are on the table, except while a question waits (they could answer it)."""
    shown = asked = 0
    for sid in ("briscola/count-to-61", "briscola/ace-beats-three"):
        for run in _steps(_start(sid)):
            with speaking("en"):
                view = table_view(run)
                labels = side_labels(run.table)
                points = run.state.points_won()
                said = [tn("plural.points", round(points[side], 2)) for side in range(len(labels))]
            lines = " ".join(view.tally)
            if _asking(run) is None:
                for label, pts in zip(labels, said, strict=True):
                    assert f"{label}: " in lines and pts in lines, (sid, lines)
                shown += 1
            else:
                assert "point" not in lines, (sid, run.step, lines)
                asked += 1
    assert shown and asked
    run = _start("belote/dix-de-der")  # counting is the Belote learner's own work
    assert "point" not in " ".join(table_view(run).tally)
