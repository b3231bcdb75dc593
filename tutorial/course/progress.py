"""Progress as a short code or a small file, to continue another day or hand to a teacher.

The code is ``ATOUT1-`` followed by the progress as compact JSON, zlib-compressed and
base64url-encoded. Decoding is strict (size caps, a pydantic model): a damaged or
hostile code gives a clear error and changes nothing.

A code may carry the learner's own name and the date it was made (for a teacher's
class view, :mod:`tutorial.course.classroom`), and per scenario the wrong cards played most
(at most :data:`WRONG_KEEP` of them). Codes made before these fields existed still
decode: every field has a default.

The review deck (:mod:`tutorial.course.review_deck`) travels in version 2 of the
document (``"version": 2``): a document without a version is version 1, which carries
no deck, and a version this app does not know is refused with a clear error.

>>> code = encode(Progress(scenarios={"belote/overruff": ScenarioRecord(done=True)}))
>>> decode(code).scenarios["belote/overruff"].done
True
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Annotated

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    model_validator,
)

from tutorial.course.lessons import MOVED_LESSONS, current_lesson_id
from tutorial.course.review_deck import ReviewDeck, keys_match, merge_decks
from tutorial.engine.errors import TutorialError
from tutorial.language.i18n import t

PREFIX = "ATOUT1-"
MAX_CODE = 20_000  # characters
MAX_JSON = 200_000  # bytes once decompressed
MAX_DEPTH = 8  # a deck card nests 5 deep ({"deck": {"cards": {k: {"source": {...}}}}})
#: The progress document's version: 1 (no version written) has no review deck; 2 has one.
VERSION = 2


class ProgressError(TutorialError, ValueError):
    """A progress code or file that cannot be read.

    The sentence comes from the catalogue (``[teacher.bad]``), so it reads in the
    learner's language; ``key`` names the kind of problem, for code that sorts them.
    """

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key


#: Wrong cards kept per scenario (the most played ones).
WRONG_KEEP = 8
#: A card or action code as the engine writes it (``9H``, ``T21``, ``EXC``, ``take H``).
Code = Annotated[str, StringConstraints(min_length=1, max_length=16, pattern=r"^[A-Za-z0-9 ]+$")]
_CODE = re.compile(r"[A-Za-z0-9 ]{1,16}")


class ScenarioRecord(BaseModel):
    """What a learner did with one scenario."""

    model_config = ConfigDict(extra="forbid")

    done: bool = False
    mistakes: int = Field(default=0, ge=0, le=100_000)
    hints: int = Field(default=0, ge=0, le=100_000)
    stars: int = Field(default=0, ge=0, le=3)  # the best finish: 3, 2 or 1; 0 = not finished
    #: Wrong cards (or bids) tried, with how many times: the most tried, at most WRONG_KEEP.
    wrong: dict[Code, Annotated[int, Field(ge=1, le=100_000)]] = Field(
        default_factory=dict, max_length=WRONG_KEEP
    )


class QuizRecord(BaseModel):
    """A lesson's quiz: how many questions were answered right out of how many."""

    model_config = ConfigDict(extra="forbid")

    right: int = Field(default=0, ge=0, le=1000)
    total: int = Field(default=0, ge=0, le=1000)


class Progress(BaseModel):
    """Everything a learner has done."""

    model_config = ConfigDict(extra="forbid")

    learner: str = Field(default="", max_length=80)
    #: The day the code was made, ``YYYY-MM-DD`` ("" in codes made before dates existed).
    date: str = Field(default="", pattern=r"^(\d{4}-\d{2}-\d{2})?$")
    scenarios: dict[str, ScenarioRecord] = Field(default_factory=dict, max_length=5000)
    quizzes: dict[str, QuizRecord] = Field(default_factory=dict, max_length=5000)
    #: The document's version (1 when absent: codes made before the deck existed).
    version: int = Field(default=1, ge=1)
    #: The review deck (version 2 on).
    deck: ReviewDeck = Field(default_factory=ReviewDeck)

    @model_validator(mode="before")
    @classmethod
    def _lessons_moved(cls, data: object) -> object:
        """Quiz records and review cards kept under a lesson's id from before its file
        moved follow the lesson (:data:`tutorial.course.lessons.MOVED_LESSONS`)."""
        if not isinstance(data, dict):
            return data
        out = dict(data)
        quizzes = data.get("quizzes")
        if isinstance(quizzes, dict) and any(k in MOVED_LESSONS for k in quizzes):
            out["quizzes"] = {current_lesson_id(str(k)): v for k, v in quizzes.items()}
        deck = data.get("deck")
        cards = deck.get("cards") if isinstance(deck, dict) else None
        if isinstance(deck, dict) and isinstance(cards, dict):
            moved = {}
            for key, card in cards.items():
                source = card.get("source") if isinstance(card, dict) else None
                if isinstance(source, dict) and source.get("lesson") in MOVED_LESSONS:
                    new = current_lesson_id(str(source["lesson"]))
                    card = {**card, "source": {**source, "lesson": new}}
                    key = f"quiz:{new}:{source.get('question')}"
                moved[key] = card
            out["deck"] = {**deck, "cards": moved}
        return out

    @model_validator(mode="after")
    def _versioned(self) -> Progress:
        if self.version > VERSION:
            raise ValueError(f"version {self.version} is newer than this app's ({VERSION})")
        if self.version < 2 and self.deck != ReviewDeck():
            raise ValueError("a review deck needs version 2")
        if not keys_match(self.deck):
            raise ValueError("a review card is stored under another card's key")
        return self

    def with_deck(self, deck: ReviewDeck) -> Progress:
        """The same progress with ``deck`` (and the version that carries a deck)."""
        return self.model_copy(update={"deck": deck, "version": VERSION})


#: The counters' cap (a record never grows past what the model accepts).
CAP = 100_000


def keep_wrong(wrong: dict[str, int]) -> dict[str, int]:
    """The wrong cards worth keeping: the most tried first, at most :data:`WRONG_KEEP`,
    each count capped.

    >>> keep_wrong({"9H": 2, "AS": 5, "7C": 2})
    {'AS': 5, '7C': 2, '9H': 2}
    """
    ranked = sorted(wrong.items(), key=lambda kv: (-kv[1], kv[0]))
    return {code: min(CAP, n) for code, n in ranked[:WRONG_KEEP] if n > 0}


def add_wrong(wrong: dict[str, int], code: str) -> dict[str, int]:
    """``wrong`` with one more try of ``code`` (a new card may push out the least tried).

    >>> add_wrong({"AS": 1}, "AS")
    {'AS': 2}
    """
    if not _CODE.fullmatch(code):  # never a record a progress code could not carry
        return dict(wrong)
    out = dict(wrong)
    out[code] = out.get(code, 0) + 1
    return keep_wrong(out)


def merge(a: Progress, b: Progress) -> Progress:
    """Both progresses together: done if done in either, the best stars, the larger counts.

    Wrong cards take the larger count of each card (the two are often the same
    learner's progress seen twice: a reload, another tab), then the most tried are kept.
    The name kept is the first one given; the date, the later one.

    Used when a stored progress meets the session's (another tab, a reload) and when a
    learner imports a code and chooses to merge it with what the browser holds.

    >>> x = Progress(scenarios={"s": ScenarioRecord(done=True, stars=2)})
    >>> y = Progress(scenarios={"s": ScenarioRecord(mistakes=4, stars=3)})
    >>> merge(x, y).scenarios["s"]
    ScenarioRecord(done=True, mistakes=4, hints=0, stars=3, wrong={})

    The review decks merge card by card, the later change winning
    (:func:`tutorial.course.review_deck.merge_decks`).
    """
    scenarios = dict(a.scenarios)
    for sid, r in b.scenarios.items():
        old = scenarios.get(sid)
        scenarios[sid] = (
            r
            if old is None
            else ScenarioRecord(
                done=old.done or r.done,
                mistakes=min(CAP, max(old.mistakes, r.mistakes)),
                hints=min(CAP, max(old.hints, r.hints)),
                stars=max(old.stars, r.stars),
                wrong=keep_wrong(
                    {
                        code: max(old.wrong.get(code, 0), r.wrong.get(code, 0))
                        for code in {*old.wrong, *r.wrong}
                    }
                ),
            )
        )
    quizzes = dict(a.quizzes)
    for lid, q in b.quizzes.items():
        old_q = quizzes.get(lid)
        if old_q is None or (q.right, q.total) > (old_q.right, old_q.total):
            quizzes[lid] = q
    learner = a.learner or b.learner
    if len(scenarios) > 5000 or len(quizzes) > 5000:
        raise ProgressError("too_many", t("teacher.bad.too_many"))
    merged = Progress(
        learner=learner, date=max(a.date, b.date), scenarios=scenarios, quizzes=quizzes
    )
    deck = merge_decks(a.deck, b.deck)
    return merged.with_deck(deck) if deck != ReviewDeck() else merged


def to_json(p: Progress) -> str:
    """The progress as a small JSON document (the downloadable file): version 1 (no
    version written) without a deck, so a code without one reads in older apps too."""
    if p.deck == ReviewDeck():
        p = p.model_copy(update={"version": 1})
    elif p.version < VERSION:
        p = p.with_deck(p.deck)
    return p.model_dump_json(exclude_defaults=True)


def from_json(text: str | bytes) -> Progress:
    """Read a progress file.

    Raises:
        ProgressError: not JSON, too big, or not a progress document.
    """
    if len(text) > MAX_JSON:
        raise ProgressError(
            "file_size", t("teacher.bad.file_size", size=f"{len(text):,}", most=f"{MAX_JSON:,}")
        )
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ProgressError("not_utf8", t("teacher.bad.not_utf8")) from None
    depth = json_depth(text)
    if depth > MAX_DEPTH:
        raise ProgressError("too_deep", t("teacher.bad.too_deep", depth=depth, most=MAX_DEPTH))
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise ProgressError("not_json", t("teacher.bad.not_json", error=str(e))) from None
    version = data.get("version") if isinstance(data, dict) else None
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise ProgressError("newer", t("review.newer_code"))
    try:
        return Progress.model_validate(data)
    except ValidationError as e:
        first = e.errors(include_url=False)[0]
        where = ".".join(str(x) for x in first["loc"])
        if not where:
            raise ProgressError(
                "not_progress_doc", t("teacher.bad.not_progress_doc", error=first["msg"])
            ) from None
        raise ProgressError(
            "not_progress", t("teacher.bad.not_progress", where=where, error=first["msg"])
        ) from None


def json_depth(text: str) -> int:
    """How deeply brackets nest in JSON text (strings skipped), without parsing it.

    >>> json_depth('{"a": [1, {"b": "[[["}]}')
    3
    """
    depth = worst = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            worst = max(worst, depth)
        elif ch in "]}":
            depth -= 1
    return worst


def encode(p: Progress) -> str:
    """The short code of a progress."""
    raw = to_json(p).encode("utf-8")
    return PREFIX + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")


def decode(code: str) -> Progress:
    """Read a progress code (spaces and line breaks are ignored).

    Raises:
        ProgressError: not a code of this app, damaged, or too big.
    """
    text = "".join(code.split())
    if len(text) > MAX_CODE:
        raise ProgressError(
            "code_size", t("teacher.bad.code_size", size=f"{len(text):,}", most=f"{MAX_CODE:,}")
        )
    if not text.startswith(PREFIX):
        raise ProgressError("prefix", t("teacher.bad.prefix", prefix=PREFIX))
    body = text[len(PREFIX) :]
    try:
        packed = base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_", validate=True)
        d = zlib.decompressobj()
        raw = d.decompress(packed, MAX_JSON + 1)
        if not d.eof and not d.unconsumed_tail:
            raise ProgressError("damaged", t("teacher.bad.damaged"))
        if len(raw) > MAX_JSON or d.unconsumed_tail:
            raise ProgressError("too_much", t("teacher.bad.too_much"))
    except (binascii.Error, zlib.error, ValueError) as e:
        if isinstance(e, ProgressError):
            raise
        raise ProgressError("damaged", t("teacher.bad.damaged")) from None
    return from_json(raw)


def stars(mistakes: int) -> int:
    """Stars for a finished scenario: 3 with no mistake, 2 with one or two, 1 otherwise.

    >>> [stars(n) for n in (0, 1, 2, 3, 10)]
    [3, 2, 2, 1, 1]
    """
    if mistakes <= 0:
        return 3
    return 2 if mistakes <= 2 else 1
