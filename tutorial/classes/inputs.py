"""What the class store is sent, checked and read (names, homework, a learner's records),
and its rows read back as records."""

from __future__ import annotations

import dataclasses
import json
import math
import re
import unicodedata
from collections.abc import Mapping, Sequence
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import (
    Row,
)

from tutorial.classes.errors import (
    InputError,
    SyncError,
)
from tutorial.classes.schema import (
    HAND_KEY_MOST,
    HOMEWORK_KINDS,
    NAME_MOST,
    REF_MOST,
)
from tutorial.classes.values import CostlyCard, Homework, Limits, PracticeRecord
from tutorial.course.classroom import (
    name_key,
    visible_text,
)
from tutorial.course.progress import (
    Progress,
    ProgressError,
    QuizRecord,
    ScenarioRecord,
    from_json,
    to_json,
)
from tutorial.course.review_deck import ReviewDeck
from tutorial.engine.games import GAMES
from tutorial.language.i18n import t

#: A scenario id or homework reference: no spaces or control characters, not too long.
REF = re.compile(rf"[^\s\x00-\x1f\x7f]{{1,{REF_MOST}}}")
#: Characters a name may not hold: invisible direction changes (they reorder a page's text).
#: A practice hand's key, as the browser names one hand.
HAND_KEY = re.compile(rf"[A-Za-z0-9_-]{{1,{HAND_KEY_MOST}}}")
#: A card code as the engine writes it (``9H``, ``T21``, ``EXC``).
CARD_CODE = re.compile(r"[A-Za-z0-9]{1,8}")
_BIDI = frozenset("\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def clean_name(text: object) -> str:
    """A class or learner name as stored: plain text, spaces collapsed, at most
    :data:`~tutorial.classes.schema.NAME_MOST` characters.

    Markup stays as typed (it is text, shown escaped). Control characters and direction
    overrides are refused, and so are invisible format characters (Unicode category Cf:
    zero-width spaces and joiners), which would make a name blank or a look-alike.

    >>> clean_name("  Ana   <b>B</b> "), clean_name("Zoé")
    ('Ana <b>B</b>', 'Zoé')

    Raises:
        InputError: empty, too long, or holding a character that cannot be shown.
    """
    if not isinstance(text, str):
        raise InputError("name_empty", t("classes.name_empty"))
    text = unicodedata.normalize("NFC", text)
    if any(
        ch in _BIDI or (unicodedata.category(ch) in ("Cc", "Cs", "Co", "Cn") and ch != "\t")
        for ch in text
    ):
        raise InputError("name_control", t("classes.name_control"))
    if any(unicodedata.category(ch) == "Cf" for ch in text):
        raise InputError("name_invisible", t("classes.name_invisible"))
    name = " ".join(text.split())
    if not name:
        raise InputError("name_empty", t("classes.name_empty"))
    if len(name) > NAME_MOST:
        raise InputError("name_long", t("classes.name_long", size=len(name), most=NAME_MOST))
    return name


def clean_homework(items: Sequence[Homework], most: int) -> tuple[Homework, ...]:
    """The homework list checked: known kinds, well-formed references, no item twice.

    Raises:
        InputError: the first item that cannot be stored, by its number (from 1).
    """
    if len(items) > most:
        raise InputError("homework_many", t("classes.homework_many", most=most))
    seen: set[tuple[str, str]] = set()
    out: list[Homework] = []
    for n, item in enumerate(items, start=1):
        if not isinstance(item, Homework) or item.kind not in HOMEWORK_KINDS:
            raise InputError("homework_kind", t("classes.homework_kind", n=n))
        if not isinstance(item.ref, str) or not REF.fullmatch(item.ref):
            raise InputError("homework_ref", t("classes.homework_ref", n=n))
        due = item.due
        if isinstance(due, datetime):
            due = due.date()
        elif due is not None and not isinstance(due, date):
            raise InputError("homework_due", t("classes.homework_due", n=n))
        if (item.kind, item.ref) in seen:
            raise InputError("homework_twice", t("classes.homework_twice", n=n))
        seen.add((item.kind, item.ref))
        out.append(Homework(item.kind, item.ref, due))
    return tuple(out)


def _shown_id(sid: str) -> str:
    """A scenario id as an error shows it: cut short, invisible characters escaped."""
    return ascii(sid[:40])


def read_payload(
    progress: object, seconds: object, limits: Limits
) -> tuple[Progress, dict[str, int]]:
    """What a learner sends, checked before anything is stored: a progress (or its JSON
    text) and the seconds spent per scenario.

    Raises:
        SyncError: too big or malformed, with where (the record's number and id).
    """
    if isinstance(progress, Progress):
        text: str | bytes = to_json(progress)
    elif isinstance(progress, str | bytes):
        text = progress
    else:
        raise SyncError("sync_kind", t("classes.sync_kind"))
    try:
        p = from_json(text)
    except ProgressError as e:
        raise SyncError("sync_progress", t("classes.sync_progress", why=str(e))) from None
    if len(p.scenarios) > limits.sync_records:
        raise SyncError(
            "sync_many", t("classes.sync_many", size=len(p.scenarios), most=limits.sync_records)
        )
    for n, sid in enumerate(p.scenarios, start=1):
        if not REF.fullmatch(sid):
            why = t("classes.why_id")
            raise SyncError(
                "sync_record", t("classes.sync_record", n=n, where=_shown_id(sid), why=why)
            )
    if len(p.quizzes) > limits.quizzes:
        raise SyncError(
            "sync_quizzes", t("classes.sync_quizzes", size=len(p.quizzes), most=limits.quizzes)
        )
    for lid, quiz in p.quizzes.items():
        if not REF.fullmatch(lid):
            raise SyncError("sync_quiz", t("classes.sync_quiz", where=_shown_id(lid)))
        if quiz.right > quiz.total:  # "50 of 2 right": the best result kept could never go down
            raise SyncError(
                "sync_quiz_count",
                t(
                    "classes.sync_quiz_count",
                    where=_shown_id(lid),
                    right=quiz.right,
                    total=quiz.total,
                ),
            )
    times: dict[str, int] = {}
    if seconds is not None:
        if not isinstance(seconds, Mapping):
            raise SyncError("sync_seconds", t("classes.sync_seconds"))
        order = {sid: n for n, sid in enumerate(p.scenarios, start=1)}
        for sid, value in seconds.items():
            if not isinstance(sid, str) or sid not in order:
                where = _shown_id(str(sid))
                raise SyncError("sync_time", t("classes.sync_time_record", where=where))
            if (
                isinstance(value, bool)
                or not isinstance(value, int)
                or not 0 <= value <= limits.seconds
            ):
                why = t("classes.why_seconds", most=limits.seconds)
                raise SyncError(
                    "sync_record",
                    t("classes.sync_record", n=order[sid], where=_shown_id(sid), why=why),
                )
            times[sid] = value
    return p, times


def _seconds_ok(value: object, limits: Limits) -> bool:
    """Whether a time spent is a whole number of seconds the store keeps."""
    return not isinstance(value, bool) and isinstance(value, int) and 0 <= value <= limits.seconds


def read_lesson_times(lessons: object, limits: Limits) -> dict[str, int]:
    """The seconds spent per lesson a learner sends, checked.

    Raises:
        SyncError: not a mapping of lesson names to whole seconds, or too many of them.
    """
    if lessons is None:
        return {}
    if not isinstance(lessons, Mapping):
        raise SyncError("sync_lesson_times", t("classes.sync_lesson_times"))
    if len(lessons) > limits.lessons:
        raise SyncError(
            "sync_lessons_many",
            t("classes.sync_lessons_many", size=len(lessons), most=limits.lessons),
        )
    out: dict[str, int] = {}
    for lid, value in lessons.items():
        if not isinstance(lid, str) or not REF.fullmatch(lid):
            raise SyncError("sync_lesson_time", t("classes.sync_quiz", where=_shown_id(str(lid))))
        if not _seconds_ok(value, limits):
            why = t("classes.why_seconds", most=limits.seconds)
            raise SyncError(
                "sync_lesson_time",
                t("classes.sync_lesson_time", where=_shown_id(lid), why=why),
            )
        out[lid] = int(value)
    return out


def _number(value: object, most: float) -> float | None:
    """A finite number from 0 to ``most`` (a bool is not one), else None."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if not math.isfinite(value) or not 0 <= value <= most:
        return None
    return float(value)


def _whole(value: object, least: int, most: int) -> int | None:
    """A whole number from ``least`` to ``most`` (a bool is not one), else None."""
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        return None
    return value


def _costly_card(item: object) -> CostlyCard | None:
    """One costliest card as sent (a :class:`CostlyCard` or its fields), or None if malformed."""
    if isinstance(item, CostlyCard):
        item = dataclasses.asdict(item)
    if not isinstance(item, Mapping) or set(item) != {"card", "trick", "known", "shown"}:
        return None
    card, trick = item["card"], _whole(item["trick"], 1, 100)
    known, shown = _number(item["known"], 1000), _number(item["shown"], 1000)
    if not isinstance(card, str) or not CARD_CODE.fullmatch(card) or trick is None:
        return None
    if known is None or shown is None:
        return None
    return CostlyCard(card, trick, round(known, 1), round(shown, 1))


def _hand_of(item: object, limits: Limits) -> tuple[PracticeRecord | None, str]:
    """A practice hand as sent, checked: the record, or None and the key of why not."""
    if isinstance(item, PracticeRecord):
        fields: object = {
            **dataclasses.asdict(item),
            "costliest": list(item.costliest),
        }
        assert isinstance(fields, dict)
        fields.pop("played", None)
    else:
        fields = item
    wanted = {"hand", "game", "cards_reviewed", "cards_played", "lost", "costliest"}
    # The time spent may be left out (a hand sent before it was counted): 0 seconds.
    if not isinstance(fields, Mapping) or not wanted <= set(fields) <= wanted | {"seconds"}:
        return None, "why_hand_fields"
    key, game = fields["hand"], fields["game"]
    if not isinstance(key, str) or not HAND_KEY.fullmatch(key):
        return None, "why_hand_key"
    if game not in GAMES:
        return None, "why_hand_game"
    played = _whole(fields["cards_played"], 0, limits.hand_cards)
    reviewed = _whole(fields["cards_reviewed"], 0, limits.hand_cards)
    lost = _number(fields["lost"], 1000.0 * limits.hand_cards)
    if played is None or reviewed is None or reviewed > played or lost is None:
        return None, "why_hand_counts"
    costly = fields["costliest"]
    if not isinstance(costly, list | tuple) or len(costly) > limits.costliest:
        return None, "why_hand_cards"
    cards = [_costly_card(c) for c in costly]
    if any(c is None for c in cards):
        return None, "why_hand_cards"
    seconds = fields.get("seconds", 0)
    if not _seconds_ok(seconds, limits):
        return None, "why_hand_seconds"
    return (
        PracticeRecord(
            key,
            str(game),
            reviewed,
            played,
            round(lost, 1),
            tuple(c for c in cards if c is not None),
            int(seconds),
        ),
        "",
    )


#: Why a practice hand is refused: the catalogue's sentence for each.
_HAND_WHY = {
    "why_hand_fields": "classes.why_hand_fields",
    "why_hand_key": "classes.why_hand_key",
    "why_hand_game": "classes.why_hand_game",
    "why_hand_counts": "classes.why_hand_counts",
    "why_hand_cards": "classes.why_hand_cards",
    "why_hand_seconds": "classes.why_seconds",
}


def read_hands(hands: object, limits: Limits) -> list[PracticeRecord]:
    """The practice hands a learner sends, checked (each a :class:`PracticeRecord` or its
    fields as JSON gives them).

    Raises:
        SyncError: too many, or one malformed, named by its number (from 1) and why.
    """
    if hands is None:
        return []
    if isinstance(hands, str | bytes | Mapping) or not isinstance(hands, Sequence):
        raise SyncError("sync_hands_kind", t("classes.sync_hands_kind"))
    if len(hands) > limits.sync_hands:
        raise SyncError(
            "sync_hands_many",
            t("classes.sync_hands_many", size=len(hands), most=limits.sync_hands),
        )
    out: dict[str, PracticeRecord] = {}
    for n, item in enumerate(hands, start=1):
        found, why = _hand_of(item, limits)
        if found is None:
            because = t(_HAND_WHY[why], most=limits.seconds)
            raise SyncError("sync_hand", t("classes.sync_hand", n=n, why=because))
        out[found.hand] = found
    return list(out.values())


def costliest_json(cards: Sequence[CostlyCard]) -> str:
    """A hand's costliest cards as stored (compact JSON)."""
    return json.dumps([dataclasses.asdict(c) for c in cards], separators=(",", ":"), sort_keys=True)


def hand_row_of(row: Row[Any]) -> PracticeRecord:
    """A stored practice hand row as a record."""
    try:
        cards = tuple(CostlyCard(**c) for c in json.loads(row.costliest))
    except (ValueError, TypeError):
        cards = ()
    return PracticeRecord(
        hand=row.hand,
        game=row.game,
        cards_reviewed=row.cards_reviewed,
        cards_played=row.cards_played,
        lost=row.lost_tenths / 10,
        costliest=cards,
        seconds=row.seconds,
        played=row.played,
    )


def deck_of(text: str) -> ReviewDeck:
    """A stored deck (an empty one if it can no longer be read)."""
    try:
        return ReviewDeck.model_validate_json(text)
    except ValueError:
        return ReviewDeck()


def aware(moment: datetime) -> datetime:
    """A stored time (UTC without a zone) with its zone."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def record_of(row: Row[Any]) -> ScenarioRecord:
    """A stored record row as the progress model's record."""
    return ScenarioRecord(
        done=bool(row.done),
        mistakes=row.mistakes,
        hints=row.hints,
        stars=row.stars,
        wrong=json.loads(row.wrong),
    )


def quiz_of(row: Row[Any]) -> QuizRecord:
    """A stored quiz row as the progress model's quiz result."""
    return QuizRecord(right=row.right_answers, total=row.questions)


def record_values(rec: ScenarioRecord) -> dict[str, Any]:
    """A progress record as the columns of a stored row."""
    return {
        "done": rec.done,
        "stars": rec.stars,
        "mistakes": rec.mistakes,
        "hints": rec.hints,
        "wrong": json.dumps(rec.wrong, separators=(",", ":"), sort_keys=True),
    }


def shown_names(names: Sequence[str]) -> list[str]:
    """Names made unique for a table, as the class view does (``Ana (1)``, ``Ana (2)``):
    names that look alike (:func:`~tutorial.course.classroom.name_key`: the same once
    invisible characters are left out and compatibility forms made one) are numbered too.
    A name is shown without its invisible characters (one kept from before they were
    refused), and a name left blank by that is shown as its learner's number.

    >>> shown_names(["Ana", "Bo", "Ana", "Ｂo"])
    ['Ana (1)', 'Bo (1)', 'Ana (2)', 'Ｂo (2)']
    """
    keys = [name_key(name) for name in names]
    count: dict[str, int] = {}
    for key in keys:
        count[key] = count.get(key, 0) + 1
    seen: dict[str, int] = {}
    out = []
    for i, (name, key) in enumerate(zip(names, keys, strict=True), start=1):
        visible = visible_text(name)
        if not visible:
            out.append(t("teacher.unnamed", n=i))
        elif count[key] > 1:
            seen[key] = seen.get(key, 0) + 1
            out.append(t("teacher.same_name", name=visible, n=seen[key]))
        else:
            out.append(visible)
    return out
