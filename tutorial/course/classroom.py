"""A teacher's class view: many progress codes read at once (pure; never imports streamlit).

A teacher pastes (or uploads) the progress codes of a class, one per line.
:func:`read_codes` reads them as strictly as the Home page does: a line that is not a
code is listed with its number and why, the others are read. :func:`class_table`
then gives the learners × scenarios table, the counts per learner and per scenario, the
scenarios most missed and the wrong cards most played; :func:`csv_text` the table as a
CSV file. Learners are shown by the name they put in their code (or "Learner 3 (no
name)"), scenarios by their titles, cards by their labels: nothing internal on screen.

>>> from tutorial.course.progress import Progress, ScenarioRecord, encode
>>> code = encode(Progress(learner="Ana", scenarios={"b/x": ScenarioRecord(done=True, stars=3)}))
>>> read = read_codes(code + "\\nhello")
>>> [x.name for x in read.learners], [x.line for x in read.bad]
(['Ana'], [2])
"""

from __future__ import annotations

import csv
import io
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from tutorial.course.progress import Progress, ProgressError, ScenarioRecord, decode, from_json
from tutorial.language.i18n import t

#: Codes read at most from one paste or file (a large class, several times over).
MAX_CODES = 500
#: Characters read at most (500 codes of a few thousand characters each).
MAX_TEXT = 2_000_000


@dataclass(frozen=True)
class BadCode:
    """A line that could not be read: its number (from 1) and why, in words."""

    line: int
    why: str


@dataclass(frozen=True)
class Learner:
    """One learner's progress, with the name shown for it (unique in the class)."""

    name: str
    date: str
    line: int
    progress: Progress


@dataclass(frozen=True)
class ReadCodes:
    """What :func:`read_codes` found: the learners read and the lines refused."""

    learners: tuple[Learner, ...]
    bad: tuple[BadCode, ...]


@dataclass(frozen=True)
class ScenarioInfo:
    """A scenario as the teacher sees it: its id (never shown), title and game."""

    sid: str
    title: str
    game: str


def read_codes(text: str | bytes, *, most: int = MAX_CODES) -> ReadCodes:
    """Read many progress codes, one per line (a line may also be a progress file's JSON).

    Empty lines are skipped. A line that is not a code is listed with its number and
    the reason; the others are read. Past ``most`` codes, the rest are refused with a
    line saying so (the class is read in parts).

    Raises:
        ProgressError: the text itself is too large or not text.
    """
    if len(text) > MAX_TEXT:
        size, limit = f"{len(text):,}", f"{MAX_TEXT:,}"
        raise ProgressError("file_size", t("teacher.bad.file_size", size=size, most=limit))
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise ProgressError("not_utf8", t("teacher.bad.not_utf8")) from None
    progresses: list[tuple[int, Progress]] = []
    bad: list[BadCode] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if len(progresses) >= most:
            bad.append(BadCode(number, t("teacher.bad.too_many_codes", most=most)))
            break
        try:
            p = from_json(line) if line.startswith("{") else decode(line)
        except ProgressError as e:
            bad.append(BadCode(number, str(e)))
            continue
        progresses.append((number, p))
    return ReadCodes(_named(progresses), tuple(bad))


def visible_text(text: str) -> str:
    """``text`` without its invisible format characters (Unicode category Cf: zero-width
    spaces, joiners, direction marks), its spaces collapsed.

    >>> visible_text(" L\u200béa \u2060 B ")
    'Léa B'
    """
    return " ".join("".join(ch for ch in text if unicodedata.category(ch) != "Cf").split())


def name_key(name: str) -> str:
    """What two names that look alike have in common: the name without invisible
    characters, in its compatibility form (NFKC: a full-width ``Ｌéa`` is ``Léa``). Names
    of one key are numbered "(1)", "(2)" on the class's tables.

    >>> name_key("L\u200béa") == name_key("Léa") == name_key("Ｌéa")
    True
    """
    return visible_text(unicodedata.normalize("NFKC", visible_text(name)))


def _named(progresses: Sequence[tuple[int, Progress]]) -> tuple[Learner, ...]:
    """Each progress with a name to show: the learner's own, made unique (names that look
    alike are numbered too), or a number. Invisible characters are left out."""
    given = [visible_text(p.learner) for _, p in progresses]
    count: dict[str, int] = {}
    for g in given:
        if g:
            count[name_key(g)] = count.get(name_key(g), 0) + 1
    seen: dict[str, int] = {}
    out: list[Learner] = []
    for i, ((line, p), g) in enumerate(zip(progresses, given, strict=True), start=1):
        key = name_key(g)
        if not g:
            name = t("teacher.unnamed", n=i)
        elif count[key] > 1:
            seen[key] = seen.get(key, 0) + 1
            name = t("teacher.same_name", name=g, n=seen[key])
        else:
            name = g
        out.append(Learner(name, p.date, line, p))
    return tuple(out)


@dataclass(frozen=True)
class ScenarioCounts:
    """One scenario across the class."""

    info: ScenarioInfo
    done: int  # learners who finished it
    tried: int  # learners with any record of it
    missed: int  # learners who made at least one mistake in it
    mistakes: int  # wrong tries, all learners together


@dataclass(frozen=True)
class WrongCard:
    """A wrong card (or bid) tried in a scenario: how often and by how many learners."""

    info: ScenarioInfo
    code: str
    label: str
    times: int
    learners: int


@dataclass(frozen=True)
class LearnerCounts:
    """One learner across the scenarios shown."""

    learner: Learner
    done: int
    stars: int
    mistakes: int


@dataclass(frozen=True)
class ClassTable:
    """The class view: learners (rows) × scenarios (columns), and the counts."""

    learners: tuple[LearnerCounts, ...]
    scenarios: tuple[ScenarioInfo, ...]
    cells: tuple[tuple[ScenarioRecord | None, ...], ...]  # [learner][scenario]
    per_scenario: tuple[ScenarioCounts, ...]

    def most_missed(self, limit: int = 10) -> list[ScenarioCounts]:
        """Scenarios where most learners made a mistake (then most wrong tries, then
        fewest finished); only those somebody missed."""
        ranked = sorted(
            (c for c in self.per_scenario if c.missed),
            key=lambda c: (-c.missed, -c.mistakes, c.done, c.info.title),
        )
        return ranked[:limit]

    def wrong_cards(self, limit: int = 10) -> list[WrongCard]:
        """The wrong cards tried most often, each in its scenario."""
        times: dict[tuple[int, str], int] = {}
        who: dict[tuple[int, str], int] = {}
        for row in self.cells:
            for j, rec in enumerate(row):
                if rec is None:
                    continue
                for code, n in rec.wrong.items():
                    times[(j, code)] = times.get((j, code), 0) + n
                    who[(j, code)] = who.get((j, code), 0) + 1
        found = [
            WrongCard(
                self.scenarios[j],
                code,
                card_label(self.scenarios[j].game, code),
                n,
                who[(j, code)],
            )
            for (j, code), n in times.items()
        ]
        found.sort(key=lambda w: (-w.times, -w.learners, w.info.title, w.code))
        return found[:limit]


def class_table(read: ReadCodes, scenarios: Sequence[ScenarioInfo]) -> ClassTable:
    """The table of the learners read × the scenarios any of them has a record of.

    ``scenarios`` are the app's scenarios in the order to show them (the course's);
    records of scenarios the app does not have (another version's, a Workshop draft)
    are left out.
    """
    touched = {sid for le in read.learners for sid in le.progress.scenarios}
    shown = tuple(s for s in scenarios if s.sid in touched)
    cells = tuple(tuple(le.progress.scenarios.get(s.sid) for s in shown) for le in read.learners)
    learners = tuple(
        LearnerCounts(
            le,
            done=sum(1 for r in row if r is not None and r.done),
            stars=sum(r.stars for r in row if r is not None),
            mistakes=sum(r.mistakes for r in row if r is not None),
        )
        for le, row in zip(read.learners, cells, strict=True)
    )
    per_scenario = tuple(
        ScenarioCounts(
            info,
            done=sum(1 for row in cells if (r := row[j]) is not None and r.done),
            tried=sum(1 for row in cells if row[j] is not None),
            missed=sum(1 for row in cells if (r := row[j]) is not None and r.mistakes > 0),
            mistakes=sum(r.mistakes for row in cells if (r := row[j]) is not None),
        )
        for j, info in enumerate(shown)
    )
    return ClassTable(learners, shown, cells, per_scenario)


def card_label(game: str, code: str) -> str:
    """A card code as the learner sees it (``9H`` -> ``9♥``); other actions as they are.

    >>> card_label("belote", "9H"), card_label("tarot", "EXC"), card_label("belote", "take")
    ('9♥', 'Excuse', 'take')
    """
    from tutorial.engine.errors import TutorialError
    from tutorial.engine.games import GAMES, game_info

    if game not in GAMES:
        return code
    deck = game_info(game).deck
    try:
        return str(deck.parse(code).label)
    except TutorialError:
        return code


def cell_text(rec: ScenarioRecord | None) -> str:
    """A table cell: done with its stars, started with its wrong tries, or empty."""
    if rec is None:
        return t("teacher.cell_none")
    if rec.done:
        return t("teacher.cell_done", stars=rec.stars)
    return t("teacher.cell_started", mistakes=rec.mistakes)


def table_rows(table: ClassTable) -> list[dict[str, str | int]]:
    """The table as rows for a data frame: a learner's name, date and counts, then a
    cell per scenario (headed by its title)."""
    titles = unique_titles(table.scenarios)
    rows: list[dict[str, str | int]] = []
    for counts, row in zip(table.learners, table.cells, strict=True):
        out: dict[str, str | int] = {
            t("teacher.col_learner"): counts.learner.name,
            t("teacher.col_date"): counts.learner.date,
            t("teacher.col_done"): counts.done,
            t("teacher.col_stars"): counts.stars,
            t("teacher.col_mistakes"): counts.mistakes,
        }
        for title, rec in zip(titles, row, strict=True):
            out[title] = cell_text(rec)
        rows.append(out)
    return rows


def unique_titles(scenarios: Sequence[ScenarioInfo]) -> list[str]:
    """Titles made unique by a number (two scenarios may share a title)."""
    seen: dict[str, int] = {}
    out: list[str] = []
    for s in scenarios:
        seen[s.title] = seen.get(s.title, 0) + 1
        out.append(s.title if seen[s.title] == 1 else f"{s.title} ({seen[s.title]})")
    return out


def csv_cell(value: str) -> str:
    """A CSV cell a spreadsheet will not run as a formula (a name like ``=1+2``)."""
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def csv_text(table: ClassTable) -> str:
    """The class as CSV: one row per learner and scenario (learner, date, game,
    scenario, done, stars, wrong tries, hints, wrong cards)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(
        [
            t("teacher.col_learner"),
            t("teacher.col_date"),
            t("teacher.col_game"),
            t("teacher.col_scenario"),
            t("teacher.col_done"),
            t("teacher.col_stars"),
            t("teacher.col_mistakes"),
            t("teacher.col_hints"),
            t("teacher.col_card"),
        ]
    )
    for counts, row in zip(table.learners, table.cells, strict=True):
        for info, rec in zip(table.scenarios, row, strict=True):
            if rec is None:
                continue
            game = info.game
            wrong = " ".join(f"{card_label(info.game, code)}×{n}" for code, n in rec.wrong.items())
            w.writerow(
                [
                    csv_cell(counts.learner.name),
                    counts.learner.date,
                    t(f"games.{game}.title"),
                    csv_cell(info.title),
                    t("teacher.yes") if rec.done else t("teacher.no"),
                    rec.stars,
                    rec.mistakes,
                    rec.hints,
                    wrong,
                ]
            )
    return buf.getvalue()


__all__ = [
    "MAX_CODES",
    "BadCode",
    "ClassTable",
    "Learner",
    "LearnerCounts",
    "ReadCodes",
    "ScenarioCounts",
    "ScenarioInfo",
    "WrongCard",
    "card_label",
    "cell_text",
    "class_table",
    "csv_text",
    "name_key",
    "read_codes",
    "table_rows",
    "unique_titles",
    "visible_text",
]
