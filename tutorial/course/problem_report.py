"""Report a problem: a short code that reopens exactly one scenario step (pure, no streamlit).

The code holds what it takes to rebuild the screen, and nothing personal: the scenario
(a library id, or an inline scenario's YAML text), the learner's moves that were
accepted so far (a card or action code per ``play`` step, ``None`` for a question
answered), the last try at the current step when it was refused (so its feedback shows
again), and the step reached (to tell when the scenario has changed since). It is
``ATR1.`` and the compact JSON, deflated (raw, no zlib header: the code is shorter)
and base64url-encoded; the learner's
words about what went wrong travel beside it in the text to copy
(:func:`report_text`), not in the code.

Reading a code is strict, as everything from a link is: at most :data:`MAX_CODE_CHARS`
characters, unpacking to at most :data:`MAX_JSON_BYTES` (limited while decompressing),
a pydantic model with caps on every field. A bad code ends in :class:`ReportError`
(a sentence from the catalogue), never another exception.

>>> r = Report(scenario="belote/overruff", moves=("9S",), step=2)
>>> decode_report(encode_report(r)) == r
True
>>> find_code("Code: " + encode_report(r) + " (thanks)") == encode_report(r)
True
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from tutorial.course.links import is_scenario_id
from tutorial.course.playlists import MAX_INLINE_BYTES, LinkError, unpack_zlib
from tutorial.language.i18n import t
from tutorial.scenarios.model import AskStep, PlayStep
from tutorial.scenarios.runtime import Feedback, Run

__all__ = [
    "MAX_CODE_CHARS",
    "MAX_JSON_BYTES",
    "MAX_MOVES",
    "REPORT_PREFIX",
    "Replayed",
    "Report",
    "ReportError",
    "decode_report",
    "encode_report",
    "find_code",
    "moves_of",
    "replay",
    "report_of",
    "report_text",
]

REPORT_PREFIX = "ATR1."
#: A report's code, in characters (an inline scenario of the largest size fits).
MAX_CODE_CHARS = 12_000
#: What a code may unpack to, in bytes: an inline scenario and the moves around it.
MAX_JSON_BYTES = MAX_INLINE_BYTES + 16 * 1024
#: Learner moves in one scenario (the longest scenario has a few dozen steps).
MAX_MOVES = 300
MAX_MOVE_CHARS = 60
MAX_STEP = 10_000

_CODE = re.compile(re.escape(REPORT_PREFIX) + r"[A-Za-z0-9_-]+")

Move = str | None
Tried = str | int | float | bool | None


class ReportError(LinkError):
    """A problem report's code that cannot be read (the message says why)."""


@dataclass(frozen=True)
class Report:
    """One scenario step as the learner saw it.

    ``scenario`` is a library id ("" for an inline scenario, whose YAML is ``inline``);
    ``moves`` the accepted moves in order (a code per play step, None per question);
    ``tried`` the refused try shown at this step (None: none); ``step`` the step reached.
    """

    scenario: str = ""
    inline: str = ""
    moves: tuple[Move, ...] = ()
    tried: Tried = None
    step: int = 0


# --- the code ------------------------------------------------------------------------

_MoveText = Annotated[str, StringConstraints(min_length=1, max_length=MAX_MOVE_CHARS)]


class _Wire(BaseModel):
    """The JSON inside a code (short keys: the code stays short)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    s: Annotated[str, StringConstraints(max_length=120)] = ""
    y: Annotated[str, StringConstraints(max_length=MAX_INLINE_BYTES)] = ""
    m: list[_MoveText | None] = Field(default_factory=list, max_length=MAX_MOVES)
    x: (
        Annotated[str, StringConstraints(max_length=MAX_MOVE_CHARS)]
        | bool
        | Annotated[int, Field(ge=-(10**9), le=10**9)]
        | Annotated[float, Field(allow_inf_nan=False, ge=-1e9, le=1e9)]
        | None
    ) = None
    n: int = Field(default=0, ge=0, le=MAX_STEP)


def encode_report(report: Report) -> str:
    """The short code of a report."""
    wire: dict[str, Any] = {}  # the version is in the prefix
    if report.scenario:
        wire["s"] = report.scenario
    if report.inline:
        wire["y"] = report.inline
    if report.moves:
        wire["m"] = list(report.moves)
    if report.tried is not None:
        wire["x"] = report.tried
    wire["n"] = report.step
    raw = json.dumps(wire, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    deflate = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)
    packed = deflate.compress(raw) + deflate.flush()
    body = base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")
    return REPORT_PREFIX + body


def decode_report(code: str) -> Report:
    """Read a report's code (spaces and line breaks are ignored).

    Raises:
        ReportError: not a report code, damaged, too long, or holding what a report
            cannot hold (a scenario id of the wrong shape, too many moves...).
    """
    text = "".join(code.split())
    if len(text) > MAX_CODE_CHARS:
        raise ReportError(t("report.too_long", size=f"{len(text):,}", limit=f"{MAX_CODE_CHARS:,}"))
    if not text.startswith(REPORT_PREFIX):
        raise ReportError(t("report.not_code", prefix=REPORT_PREFIX))
    body = text[len(REPORT_PREFIX) :]
    try:
        packed = base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise ReportError(t("report.damaged")) from None
    raw = unpack_zlib(packed, MAX_JSON_BYTES, -zlib.MAX_WBITS)
    if raw is None:
        raise ReportError(t("report.damaged"))
    try:
        wire = _Wire.model_validate_json(raw)
    except (ValidationError, ValueError, RecursionError):
        raise ReportError(t("report.damaged")) from None
    x = wire.x
    if bool(wire.s) == bool(wire.y) or (wire.s and not is_scenario_id(wire.s)):
        raise ReportError(t("report.damaged"))
    return Report(wire.s, wire.y, tuple(wire.m), x, wire.n)


def find_code(text: str) -> str | None:
    """The report code in a pasted text (the whole text to copy, a link, or the code)."""
    m = _CODE.search(text[: MAX_CODE_CHARS * 4])
    return m.group(0) if m else None


# --- from the player's history, and back --------------------------------------------


def moves_of(runs: Sequence[Run]) -> tuple[Move, ...]:
    """The learner's accepted moves along a history of runs (each run after the first
    is the one a right move or answer led to)."""
    out: list[Move] = []
    for prev, cur in pairwise(runs):
        step = prev.current
        if isinstance(step, AskStep):
            out.append(None)
            continue
        if not isinstance(step, PlayStep):  # pragma: no cover - a history only moves at these
            break
        seen = {id(e) for e in prev.transcript}
        seat = prev.state.to_move
        code = next(
            (
                e.action
                for e in cur.transcript
                if e.kind == "action" and e.seat == seat and id(e) not in seen and e.action
            ),
            None,
        )
        if code is None:  # pragma: no cover - a right play always writes its action
            break
        out.append(code)
    return tuple(out)


def report_of(
    runs: Sequence[Run], *, scenario: str = "", inline: str = "", tried: Tried = None
) -> Report:
    """The report of the last run of ``runs`` (the history up to the run on show)."""
    last = runs[-1] if runs else None
    return Report(
        scenario=scenario,
        inline=inline,
        moves=moves_of(runs),
        tried=tried,
        step=last.step if last is not None else 0,
    )


@dataclass(frozen=True)
class Replayed:
    """A report played again: the runs (for undo), the feedback on show, and whether
    every move was taken and the same step reached (False: the scenario has changed)."""

    runs: list[Run]
    feedback: Feedback | None = None
    complete: bool = True
    tried_shown: bool = field(default=False)


def replay(first: Run, report: Report) -> Replayed:
    """Take the report's moves from ``first`` (the scenario's start), then its refused
    try. Stops at the first move the scenario no longer accepts; never raises."""
    runs = [first]
    run = first
    complete = True
    for move in report.moves:
        step = run.current
        if isinstance(step, PlayStep) and isinstance(move, str):
            nxt, fb = run.try_action(move)
        elif isinstance(step, AskStep) and move is None:
            nxt, fb = run.answer(step.ask.answer)
        else:
            complete = False
            break
        if not fb.ok:
            complete = False
            break
        run = nxt
        runs.append(run)
    feedback: Feedback | None = None
    shown = False
    if complete and report.tried is not None:
        step = run.current
        if isinstance(step, PlayStep) and isinstance(report.tried, str):
            nxt, feedback = run.try_action(report.tried)
        elif isinstance(step, AskStep):
            nxt, feedback = run.answer(report.tried)
        else:
            nxt = run
        if feedback is not None and feedback.ok:  # accepted now: the scenario has changed
            complete = False
            feedback = None
        elif feedback is not None:
            runs[-1] = nxt
            shown = True
    return Replayed(runs, feedback, complete and run.step == report.step, shown)


def report_text(*, title: str, step: int, count: int, what: str, code: str, link: str) -> str:
    """The one text a learner copies and sends: the scenario, the step, their words,
    the code and the link."""
    words = what.strip() or t("report.nothing_said")
    return t("report.text", title=title, step=step, count=count, what=words, code=code, link=link)
