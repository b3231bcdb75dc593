"""A live class kept in the class database: the teacher plays one deal on the projector,
every learner answers each decision on their own device (:class:`LiveClass`).

The session's whole state is one row of ``live_sessions`` (what it plays, its state, its
step, a version bumped on every change), so any number of app servers on one database
serve one session: each operation is one transaction of the store
(:class:`~tutorial.classes.store.ClassStore`, whose secrets, locks, timeouts and
refusals it keeps), and a page follows the session by :meth:`LiveClass.poll`, one indexed
query over that row and the count of answers at its step.

A step goes ``waiting`` → ``open`` (the teacher opens its question; learners answer) →
``revealed`` (the teacher shows the engine's verdict; answers are closed); the teacher
then moves to any step (:meth:`LiveClass.go_to`: on, back, or skipping one), which is
``waiting`` again, or ``revealed`` when that step was revealed before. ``ended`` is last,
from any state. The teacher's operations name the step they act on, so a second tab that
is behind is refused (the session moved on) or changes nothing (it is there already).

A learner's answer is one row per member and step (the table's key): sent again at the
same step it replaces the first until the reveal, and is refused after it. Every refusal
is a :class:`~tutorial.classes.errors.ClassError` with a sentence of the catalogue, raised
inside the transaction: nothing stored changes. What an answer means (a legal card, the
best one) is the engine's business, in the pages: the store keeps the canonical text
(``tutorial.scenarios.actions.code``), refuses text that cannot be one, and, when the
teacher gave the open question's answers, any other.
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Row, func, select, update
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from tutorial.classes import tokens
from tutorial.classes.errors import AccessError, LiveError
from tutorial.classes.schema import (
    ANSWER_MOST,
    LIVE_KEY_LENGTH,
    LIVE_KINDS,
    LIVE_REF_MOST,
    REF_MOST,
    classes,
    learners,
    live_answers,
    live_members,
    live_sessions,
    live_steps,
)
from tutorial.classes.store import ClassStore, clean_name, shown_names
from tutorial.language.i18n import t

#: A scenario or playlist id, or a practice deal's link text: no spaces or control characters.
REF_TEXT = re.compile(rf"[^\s\x00-\x1f\x7f]{{1,{LIVE_REF_MOST}}}")
#: An answer's canonical text: printable ASCII, no space at either end (``9H``, ``take H``).
ANSWER = re.compile(r"[!-~](?:[ -~]*[!-~])?")
#: A session's link key (``secrets.token_urlsafe``'s alphabet).
LINK_KEY = re.compile(rf"[A-Za-z0-9_-]{{{LIVE_KEY_LENGTH}}}")


@dataclass(frozen=True)
class LiveLimits:
    """How much a live session holds."""

    #: The largest step number (a Tarot hand for five has fewer than 100 decisions).
    steps: int = 1000
    #: Answers the teacher may give for one question (its legal cards or bids), and best ones.
    choices: int = 100
    #: Guests in one session.
    guests: int = 100


@dataclass(frozen=True)
class LivePoll:
    """The session's small row, as a page follows it: its state and step, its version (it
    grows on every change: a page redraws when it moved), how many answered this step,
    how many are in, whether guests may join and whether the board shows the split."""

    session_id: int
    state: str
    step: int
    version: int
    answers: int
    members: int
    guests: bool
    split_shown: bool


@dataclass(frozen=True)
class LiveSession:
    """A live session as the teacher's page and the board read it: its small row, what it
    plays, its link key (the join link names it) and its times."""

    poll: LivePoll
    class_id: int
    kind: str
    ref: str
    link_key: str
    created: datetime
    ended: datetime | None
    #: The open question's answers the teacher gave (empty: any well-formed answer).
    choices: tuple[str, ...] = ()

    @property
    def session_id(self) -> int:
        """The session's id."""
        return self.poll.session_id


@dataclass(frozen=True)
class Seat:
    """A place in a live session: the session, the member's id, and for a guest the token
    their browser keeps (None for a learner of the class: their learner token answers)."""

    session: LiveSession
    member_id: int
    guest_token: str | None = None


@dataclass(frozen=True)
class StepResult:
    """One step of a session as it was run: when its question was opened and revealed,
    the best answers given at the reveal, and how the answers split (answer: count)."""

    step: int
    opened: datetime | None
    revealed: datetime | None
    best: tuple[str, ...]
    split: Mapping[str, int]


@dataclass(frozen=True)
class MemberResult:
    """One member's answers: their name as the teacher's table shows it, whether a guest,
    their answer per step, and how many of the revealed steps they answered and answered
    with a best answer."""

    member_id: int
    learner_id: int | None
    shown: str
    guest: bool
    answers: Mapping[int, str]
    answered: int
    best: int


@dataclass(frozen=True)
class LiveResults:
    """A session's record for the dashboard: the session, its steps, its members."""

    session: LiveSession
    steps: tuple[StepResult, ...]
    members: tuple[MemberResult, ...]


@dataclass(frozen=True)
class MyAnswer:
    """A member's answer at one step, with the best answers once the step is revealed
    (``right`` is None until then)."""

    step: int
    answer: str
    best: tuple[str, ...] = ()
    right: bool | None = None


@dataclass(frozen=True)
class MyAnswers:
    """What a member sees of their own answers in a session (each learner sees only theirs)."""

    poll: LivePoll
    answers: tuple[MyAnswer, ...] = field(default_factory=tuple)

    def at(self, step: int) -> MyAnswer | None:
        """The member's answer at ``step`` (None when they gave none)."""
        return next((a for a in self.answers if a.step == step), None)


def _refuse(key: str, message: str) -> LiveError:
    """The refusal ``key`` with its sentence (``classes.live.<key>`` in the catalogue)."""
    return LiveError(key, message)


def _whole(value: object) -> int | None:
    """A whole number (a bool is not one), else None."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def answer_text(value: object) -> str:
    """An answer as kept: its canonical text, checked.

    >>> answer_text("9H"), answer_text("take H")
    ('9H', 'take H')

    Raises:
        LiveError: not text, empty, too long, or holding what no answer holds.
    """
    if not isinstance(value, str) or len(value) > ANSWER_MOST or not ANSWER.fullmatch(value):
        raise _refuse("answer_form", t("classes.live.answer_form", most=ANSWER_MOST))
    return value


def _answer_list(values: object, limits: LiveLimits, key: str) -> tuple[str, ...]:
    """A list of answers (a question's answers, or the best ones: ``key``), checked."""
    sentence = (
        t("classes.live.best", most=limits.choices)
        if key == "best"
        else t("classes.live.choices", most=limits.choices)
    )
    if isinstance(values, str | bytes) or not isinstance(values, Sequence):
        raise _refuse(key, sentence)
    if len(values) > limits.choices:
        raise _refuse(key, sentence)
    out: list[str] = []
    for value in values:
        if (
            not isinstance(value, str)
            or len(value) > ANSWER_MOST
            or not ANSWER.fullmatch(value)
            or value in out
        ):
            raise _refuse(key, sentence)
        out.append(value)
    return tuple(out)


def _json_list(text: str | None) -> tuple[str, ...]:
    """A stored JSON list of answers (empty when there is none or it cannot be read)."""
    if not text:
        return ()
    try:
        found = json.loads(text)
    except ValueError:
        return ()
    return tuple(a for a in found if isinstance(a, str)) if isinstance(found, list) else ()


def _compact(values: Sequence[str]) -> str:
    """A list of answers as stored (compact JSON)."""
    return json.dumps(list(values), separators=(",", ":"))


#: The count of answers at the session's own step, and of members, beside its row.
_ANSWERS_HERE = (
    select(func.count())
    .select_from(live_answers)
    .where(
        live_answers.c.session_id == live_sessions.c.id,
        live_answers.c.step == live_sessions.c.step,
    )
    .correlate(live_sessions)
    .scalar_subquery()
)
_MEMBERS = (
    select(func.count())
    .select_from(live_members)
    .where(live_members.c.session_id == live_sessions.c.id)
    .correlate(live_sessions)
    .scalar_subquery()
)
#: The poll's columns: the session's small row and its two counts, in one statement.
_POLL = select(
    live_sessions.c.id,
    live_sessions.c.state,
    live_sessions.c.step,
    live_sessions.c.version,
    live_sessions.c.guests,
    live_sessions.c.split_shown,
    _ANSWERS_HERE.label("answers"),
    _MEMBERS.label("members"),
)
_SESSION = select(
    live_sessions,
    _ANSWERS_HERE.label("answers"),
    _MEMBERS.label("members"),
)


def _poll_of(row: Any) -> LivePoll:
    """A poll row (or a session row with its counts) as a :class:`LivePoll`."""
    return LivePoll(
        session_id=row.id,
        state=row.state,
        step=row.step,
        version=row.version,
        answers=row.answers,
        members=row.members,
        guests=bool(row.guests),
        split_shown=bool(row.split_shown),
    )


def _session_of(row: Row[Any]) -> LiveSession:
    """A session row with its counts as a :class:`LiveSession`."""
    return LiveSession(
        poll=_poll_of(row),
        class_id=row.class_id,
        kind=row.kind,
        ref=row.ref,
        link_key=row.link_key,
        created=row.created,
        ended=row.ended,
        choices=_json_list(row.choices),
    )


class LiveClass:
    """The live sessions of the classes a :class:`~tutorial.classes.store.ClassStore` keeps
    (see the module's text). Two of them on one database, in two processes or one, serve
    the same sessions."""

    def __init__(self, store: ClassStore, limits: LiveLimits | None = None) -> None:
        self.store = store
        self.limits = limits or LiveLimits()

    # --- checks --------------------------------------------------------------------------

    def _step(self, value: object) -> int:
        """A step number, checked."""
        step = _whole(value)
        if step is None or not 0 <= step <= self.limits.steps:
            raise _refuse("step", t("classes.live.step", most=self.limits.steps))
        return step

    @staticmethod
    def _session_id(value: object) -> int:
        """A session id, checked (any other value names no session)."""
        found = _whole(value)
        if found is None or found < 1:
            raise _refuse("unknown", t("classes.live.unknown"))
        return found

    @staticmethod
    def _what(kind: object, ref: object) -> tuple[str, str]:
        """What a session plays, checked: a scenario or playlist id, or a deal's link text."""
        if kind not in LIVE_KINDS:
            raise _refuse("kind", t("classes.live.kind"))
        most = LIVE_REF_MOST if kind == "deal" else REF_MOST
        if not isinstance(ref, str) or len(ref) > most or not REF_TEXT.fullmatch(ref):
            raise _refuse("ref", t("classes.live.ref"))
        return str(kind), ref

    # --- reads in a transaction ----------------------------------------------------------

    @staticmethod
    def _poll_in(conn: Connection, session_id: int) -> LivePoll:
        """The session's small row, read in ``conn``."""
        return _poll_of(conn.execute(_POLL.where(live_sessions.c.id == session_id)).one())

    @staticmethod
    def _session_in(conn: Connection, session_id: int) -> LiveSession:
        """The session with its counts, read in ``conn``."""
        return _session_of(conn.execute(_SESSION.where(live_sessions.c.id == session_id)).one())

    @staticmethod
    def _live_of_class(conn: Connection, class_id: int) -> LiveSession | None:
        """The class's live session (not ended), or None."""
        row = conn.execute(
            _SESSION.where(live_sessions.c.class_id == class_id, live_sessions.c.ended.is_(None))
        ).first()
        return _session_of(row) if row is not None else None

    @staticmethod
    def _locked_session(
        conn: Connection, session_id: int, class_id: int, *, shared: bool = False
    ) -> Row[Any]:
        """The session row, locked (for sharing: answers; else for a change), of this class.

        Raises:
            LiveError: no session of this class has this id.
        """
        row = conn.execute(
            select(live_sessions)
            .where(live_sessions.c.id == session_id)
            .with_for_update(read=shared)
        ).first()
        if row is None or row.class_id != class_id:
            raise _refuse("unknown", t("classes.live.unknown"))
        return row

    # --- the teacher ---------------------------------------------------------------------

    def start(self, secret: str, kind: str, ref: str, *, guests: bool = False) -> LiveSession:
        """Start a live session of the class, at step 0, waiting for its first question.

        A class runs one live session at a time: starting the one that runs (the same
        kind and reference) again gives it back unchanged (a second tab, a second click);
        starting another while one runs is refused.

        Raises:
            AccessError: the secret opens no class, or the class is closed.
            LiveError: what it plays is malformed, or another live session runs.
        """
        kind, ref = self._what(kind, ref)
        with self.store.write() as conn:
            cls = self.store.open_class_of(conn, secret)
            running = self._live_of_class(conn, cls.id)
            if running is not None:
                if (running.kind, running.ref) == (kind, ref):
                    return running
                raise _refuse("running", t("classes.live.running"))
            session_id = conn.execute(
                live_sessions.insert()
                .values(
                    class_id=cls.id,
                    kind=kind,
                    ref=ref,
                    link_key=secrets.token_urlsafe(16),
                    state="waiting",
                    step=0,
                    version=1,
                    guests=bool(guests),
                    split_shown=False,
                    choices=None,
                    created=self.store.now(),
                    ended=None,
                )
                .returning(live_sessions.c.id)
            ).scalar_one()
            return self._session_in(conn, session_id)

    def _change(
        self,
        secret: str,
        session_id: object,
        change: Callable[[Connection, Row[Any]], dict[str, Any] | None],
        *,
        ended_ok: bool = False,
    ) -> LivePoll:
        """One teacher's change of a session, in one transaction: the class row locked,
        then the session's; ``change`` gives the session's new values (None: nothing to
        change) and may write its step's row. The version grows when anything changed."""
        sid = self._session_id(session_id)
        with self.store.write() as conn:
            cls = self.store.class_of(conn, secret, lock=True)
            row = self._locked_session(conn, sid, cls.id)
            if row.state == "ended":
                if ended_ok:
                    return self._poll_in(conn, sid)
                raise _refuse("ended", t("classes.live.ended"))
            if cls.closed is not None:
                raise AccessError("class_closed", t("classes.class_closed"))
            values = change(conn, row)
            if values:
                conn.execute(
                    update(live_sessions)
                    .where(live_sessions.c.id == sid)
                    .values(**values, version=live_sessions.c.version + 1)
                )
            return self._poll_in(conn, sid)

    def _step_row(self, conn: Connection, session_id: int, step: int, **values: Any) -> None:
        """Write a step's row (made the first time the step is opened or revealed)."""
        found = conn.execute(
            select(live_steps.c.step).where(
                live_steps.c.session_id == session_id, live_steps.c.step == step
            )
        ).first()
        if found is None:
            conn.execute(live_steps.insert().values(session_id=session_id, step=step, **values))
        else:
            conn.execute(
                update(live_steps)
                .where(live_steps.c.session_id == session_id, live_steps.c.step == step)
                .values(**values)
            )

    def open_question(
        self,
        secret: str,
        session_id: int,
        step: int,
        choices: Sequence[str] | None = None,
    ) -> LivePoll:
        """Open the question of the session's current step ``step``: learners answer from
        now on. ``choices`` are its answers (the legal cards or bids, in canonical text),
        when the teacher's page knows them: any other answer is refused; None (or none
        given) lets any well-formed answer in. Opening an open question again changes nothing.

        Raises:
            LiveError: the session is at another step, ended, or this step was revealed.
        """
        wanted = self._step(step)
        given = None if choices is None else _answer_list(choices, self.limits, "choices")
        if not given:  # no answers given: any well-formed one is let in
            given = None

        def change(conn: Connection, row: Row[Any]) -> dict[str, Any] | None:
            if row.step != wanted:
                raise _refuse("moved", t("classes.live.moved"))
            if row.state == "open":
                return None
            if row.state == "revealed":
                raise _refuse("revealed_step", t("classes.live.revealed_step"))
            self._step_row(conn, row.id, wanted, opened=self.store.now())
            return {
                "state": "open",
                "choices": None if given is None else _compact(given),
                "split_shown": False,
            }

        return self._change(secret, session_id, change)

    def reveal(self, secret: str, session_id: int, step: int, best: Sequence[str] = ()) -> LivePoll:
        """Reveal the current step ``step``: answers close, and ``best`` (the engine's best
        answers, canonical text) is kept for each learner's result. A question still
        waiting may be revealed too (the teacher shows the answer without asking);
        revealing a revealed step changes nothing.

        Raises:
            LiveError: the session is at another step or ended, or ``best`` is malformed.
        """
        wanted = self._step(step)
        kept = _answer_list(best, self.limits, "best")

        def change(conn: Connection, row: Row[Any]) -> dict[str, Any] | None:
            if row.step != wanted:
                raise _refuse("moved", t("classes.live.moved"))
            if row.state == "revealed":
                return None
            self._step_row(conn, row.id, wanted, revealed=self.store.now(), best=_compact(kept))
            return {"state": "revealed"}

        return self._change(secret, session_id, change)

    def show_split(self, secret: str, session_id: int, step: int, shown: bool = True) -> LivePoll:
        """Show (or hide) on the board how the answers of the current step ``step`` split.

        Raises:
            LiveError: the session is at another step or ended.
        """
        wanted = self._step(step)

        def change(conn: Connection, row: Row[Any]) -> dict[str, Any] | None:
            if row.step != wanted:
                raise _refuse("moved", t("classes.live.moved"))
            return None if bool(row.split_shown) == bool(shown) else {"split_shown": shown}

        return self._change(secret, session_id, change)

    def go_to(self, secret: str, session_id: int, step: int) -> LivePoll:
        """Move the session to step ``step``: the next one, one back, or past a question
        (skipping it). The step waits for its question, or shows its reveal again when it
        was revealed before; its answers, if any, stay. Moving to the current step changes
        nothing (two tabs moving to the same step agree).

        Raises:
            LiveError: the session ended, or the step number is out of range.
        """
        wanted = self._step(step)

        def change(conn: Connection, row: Row[Any]) -> dict[str, Any] | None:
            if row.step == wanted:
                return None
            revealed = conn.execute(
                select(live_steps.c.revealed).where(
                    live_steps.c.session_id == row.id, live_steps.c.step == wanted
                )
            ).scalar()
            return {
                "step": wanted,
                "state": "revealed" if revealed is not None else "waiting",
                "choices": None,
                "split_shown": False,
            }

        return self._change(secret, session_id, change)

    def set_guests(self, secret: str, session_id: int, allowed: bool) -> LivePoll:
        """Let guests join the session by its link, or stop them (those in stay)."""

        def change(conn: Connection, row: Row[Any]) -> dict[str, Any] | None:
            return None if bool(row.guests) == bool(allowed) else {"guests": bool(allowed)}

        return self._change(secret, session_id, change)

    def end(self, secret: str, session_id: int) -> LivePoll:
        """End the session: nobody answers any more; its answers stay the class's record.
        Ending an ended session changes nothing."""

        def change(conn: Connection, row: Row[Any]) -> dict[str, Any] | None:
            return {"state": "ended", "ended": self.store.now(), "choices": None}

        return self._change(secret, session_id, change, ended_ok=True)

    # --- joining -------------------------------------------------------------------------

    def join(self, token: str, link_key: str | None = None) -> Seat:
        """A learner of the class takes their place in its live session (by the link's
        key, or the class's live session without one); taking it again gives the same place.

        Raises:
            AccessError: the token opens nothing, the learner was removed, the class closed.
            LiveError: no live session runs, it ended, or the link is another class's.
        """
        key = self._key(link_key) if link_key is not None else None
        with self.store.write() as conn:
            me = self.store.learner_of(conn, token, lock=True)
            if me.class_closed is not None:
                raise AccessError("class_closed", t("classes.class_closed"))
            if key is None:
                running = self._live_of_class(conn, me.class_id)
                if running is None:
                    raise _refuse("none", t("classes.live.none"))
                session_id = running.session_id
            else:
                row = self._keyed(conn, key)
                if row.class_id != me.class_id:
                    raise _refuse("other_class", t("classes.live.other_class"))
                session_id = row.id
            self._locked_session(conn, session_id, me.class_id, shared=True)
            if self._session_in(conn, session_id).poll.state == "ended":
                raise _refuse("ended", t("classes.live.ended"))
            conn.execute(
                self._insert(live_members)
                .values(
                    session_id=session_id,
                    learner_id=me.id,
                    guest_name=None,
                    token_hash=None,
                    joined=self.store.now(),
                )
                .on_conflict_do_nothing(index_elements=["session_id", "learner_id"])
            )
            member_id = conn.execute(
                select(live_members.c.id).where(
                    live_members.c.session_id == session_id, live_members.c.learner_id == me.id
                )
            ).scalar_one()
            return Seat(self._session_in(conn, session_id), member_id)

    def join_guest(self, link_key: str, name: str) -> Seat:
        """Someone not in the class joins the session by its link, under ``name``, when its
        teacher lets guests in; the seat holds the token their browser keeps.

        Raises:
            InputError: the name cannot be stored.
            LiveError: the link opens no session, it ended, guests are not let in, or the
                session holds as many guests as it may.
            AccessError: the class is closed.
        """
        key = self._key(link_key)
        name = clean_name(name)
        token = tokens.new_secret()
        with self.store.write() as conn:
            found = self._keyed(conn, key)
            closed = conn.execute(
                select(classes.c.closed)
                .where(classes.c.id == found.class_id)
                .with_for_update(read=True)
            ).scalar()
            row = self._locked_session(conn, found.id, found.class_id)
            if closed is not None:
                raise AccessError("class_closed", t("classes.class_closed"))
            if row.state == "ended":
                raise _refuse("ended", t("classes.live.ended"))
            if not row.guests:
                raise _refuse("no_guests", t("classes.live.no_guests"))
            guests = conn.execute(
                select(func.count()).where(
                    live_members.c.session_id == row.id, live_members.c.learner_id.is_(None)
                )
            ).scalar_one()
            if guests >= self.limits.guests:
                raise _refuse("full", t("classes.live.full", most=self.limits.guests))
            member_id = conn.execute(
                live_members.insert()
                .values(
                    session_id=row.id,
                    learner_id=None,
                    guest_name=name,
                    token_hash=tokens.digest(token),
                    joined=self.store.now(),
                )
                .returning(live_members.c.id)
            ).scalar_one()
            return Seat(self._session_in(conn, row.id), member_id, token)

    def _insert(self, table: Any) -> Any:
        """The database's own INSERT (for its ``ON CONFLICT``)."""
        if self.store.engine.dialect.name == "postgresql":
            return postgresql_insert(table)
        return sqlite_insert(table)

    @staticmethod
    def _key(value: object) -> str:
        """A link key, checked (anything else opens no session)."""
        if not isinstance(value, str) or not LINK_KEY.fullmatch(value):
            raise _refuse("bad_link", t("classes.live.bad_link"))
        return value

    @staticmethod
    def _keyed(conn: Connection, key: str) -> Row[Any]:
        """The session a link key names.

        Raises:
            LiveError: none does.
        """
        row = conn.execute(select(live_sessions).where(live_sessions.c.link_key == key)).first()
        if row is None:
            raise _refuse("bad_link", t("classes.live.bad_link"))
        return row

    # --- answering -----------------------------------------------------------------------

    def _member_of(self, conn: Connection, session: Row[Any], token: object) -> int:
        """The member of ``session`` a learner's or guest's token names.

        Raises:
            AccessError: the token names nobody, or a learner the teacher removed.
            LiveError: the token's owner is not in this session.
        """
        if not tokens.well_formed(token):
            raise AccessError("bad_token", t("classes.bad_token"))
        assert isinstance(token, str)
        wanted = tokens.digest(token)
        learner = conn.execute(
            select(
                learners.c.id, learners.c.class_id, learners.c.removed, learners.c.token_hash
            ).where(learners.c.token_hash == wanted)
        ).first()
        if learner is not None and tokens.same(learner.token_hash, wanted):
            if learner.removed is not None:
                raise AccessError("removed", t("classes.removed"))
            member = conn.execute(
                select(live_members.c.id).where(
                    live_members.c.session_id == session.id,
                    live_members.c.learner_id == learner.id,
                )
            ).scalar()
            if learner.class_id != session.class_id or member is None:
                raise _refuse("not_member", t("classes.live.not_member"))
            return int(member)
        guest = conn.execute(
            select(live_members.c.id, live_members.c.session_id, live_members.c.token_hash).where(
                live_members.c.token_hash == wanted
            )
        ).first()
        if guest is None or not tokens.same(guest.token_hash, wanted):
            raise AccessError("bad_guest", t("classes.live.bad_guest"))
        if guest.session_id != session.id:
            raise _refuse("not_member", t("classes.live.not_member"))
        return int(guest.id)

    def answer(self, token: str, session_id: int, step: int, answer: str) -> LivePoll:
        """Keep a member's answer at the session's open step ``step`` (one per member and
        step: a second replaces the first until the reveal). ``token`` is a learner's
        token, or a guest's from :meth:`join_guest`.

        The class's row is locked for sharing, then the session's: a teacher's change (a
        reveal, the next step, a removal) waits for the answers under way, and an answer
        after it sees it.

        Raises:
            LiveError: the answer is malformed or not one of the question's, the session is
                at another step, not open yet, revealed or ended, or the sender is not in it.
            AccessError: the token names nobody, the learner was removed, the class closed.
        """
        text = answer_text(answer)
        sid = self._session_id(session_id)
        wanted = self._step(step)
        with self.store.write() as conn:
            class_id = conn.execute(
                select(live_sessions.c.class_id).where(live_sessions.c.id == sid)
            ).scalar()
            if class_id is None:
                raise _refuse("unknown", t("classes.live.unknown"))
            closed = conn.execute(
                select(classes.c.closed).where(classes.c.id == class_id).with_for_update(read=True)
            ).scalar()
            row = self._locked_session(conn, sid, class_id, shared=True)
            member_id = self._member_of(conn, row, token)
            if closed is not None:
                raise AccessError("class_closed", t("classes.class_closed"))
            if row.state == "ended":
                raise _refuse("ended", t("classes.live.ended"))
            if row.step != wanted:
                raise _refuse("other_step", t("classes.live.other_step"))
            if row.state == "revealed":
                raise _refuse("revealed", t("classes.live.revealed"))
            if row.state != "open":
                raise _refuse("not_open", t("classes.live.not_open"))
            choices = _json_list(row.choices)
            if row.choices is not None and text not in choices:
                raise _refuse("not_choice", t("classes.live.not_choice"))
            now = self.store.now()
            conn.execute(
                self._insert(live_answers)
                .values(session_id=sid, step=wanted, member_id=member_id, answer=text, at=now)
                .on_conflict_do_update(
                    index_elements=["session_id", "step", "member_id"],
                    set_={"answer": text, "at": now},
                )
            )
            return self._poll_in(conn, sid)

    # --- reads ---------------------------------------------------------------------------

    def poll(self, link_key: str) -> LivePoll:
        """The session's small row, by its link's key: one indexed query (a page reads it
        every second or two and redraws only when the version or a count moved).

        Raises:
            LiveError: the key names no session.
        """
        key = self._key(link_key)
        with self.store.read() as conn:
            row = conn.execute(_POLL.where(live_sessions.c.link_key == key)).first()
        if row is None:
            raise _refuse("bad_link", t("classes.live.bad_link"))
        return _poll_of(row)

    def session(self, link_key: str) -> LiveSession:
        """The session a link's key names, what it plays included (a learner's page reads
        it when the version moved: the step's position comes from it).

        Raises:
            LiveError: the key names no session.
        """
        key = self._key(link_key)
        with self.store.read() as conn:
            row = conn.execute(_SESSION.where(live_sessions.c.link_key == key)).first()
        if row is None:
            raise _refuse("bad_link", t("classes.live.bad_link"))
        return _session_of(row)

    def current(self, secret: str) -> LiveSession | None:
        """The class's live session (not ended) for its teacher, or None."""
        with self.store.read() as conn:
            cls = self.store.class_of(conn, secret)
            return self._live_of_class(conn, cls.id)

    def board_current(self, board_token: str) -> LiveSession | None:
        """The class's live session for its board (the read-only key), or None."""
        with self.store.read() as conn:
            cls = self.store.board_class_of(conn, board_token)
            return self._live_of_class(conn, cls.id)

    def live_now(self, token: str) -> LiveSession | None:
        """The live session of a learner's class ("Live now" on My class), or None."""
        with self.store.read() as conn:
            me = self.store.learner_of(conn, token)
            if me.class_closed is not None:
                return None
            return self._live_of_class(conn, me.class_id)

    def sessions(self, secret: str) -> tuple[LiveSession, ...]:
        """Every live session of the class, the newest first."""
        with self.store.read() as conn:
            cls = self.store.class_of(conn, secret)
            rows = conn.execute(
                _SESSION.where(live_sessions.c.class_id == cls.id).order_by(
                    live_sessions.c.created.desc(), live_sessions.c.id.desc()
                )
            ).all()
        return tuple(_session_of(r) for r in rows)

    @staticmethod
    def _split_in(conn: Connection, session_id: int, step: int) -> dict[str, int]:
        """How the answers at a step split: answer: count, the most chosen first."""
        rows = conn.execute(
            select(live_answers.c.answer, func.count().label("n"))
            .where(live_answers.c.session_id == session_id, live_answers.c.step == step)
            .group_by(live_answers.c.answer)
        ).all()
        return {r.answer: r.n for r in sorted(rows, key=lambda r: (-r.n, r.answer))}

    def split(self, secret: str, session_id: int, step: int) -> dict[str, int]:
        """How the class's answers at ``step`` split (answer: count, no names), for the
        teacher at any time."""
        sid, wanted = self._session_id(session_id), self._step(step)
        with self.store.read() as conn:
            cls = self.store.class_of(conn, secret)
            self._of_class(conn, sid, cls.id)
            return self._split_in(conn, sid, wanted)

    def board_split(self, board_token: str, session_id: int, step: int) -> dict[str, int]:
        """The split at ``step`` for the board: only once the teacher shows it (at the
        current step) or the step was revealed.

        Raises:
            LiveError: the teacher has not shown it.
        """
        sid, wanted = self._session_id(session_id), self._step(step)
        with self.store.read() as conn:
            cls = self.store.board_class_of(conn, board_token)
            row = self._of_class(conn, sid, cls.id)
            revealed = conn.execute(
                select(live_steps.c.revealed).where(
                    live_steps.c.session_id == sid, live_steps.c.step == wanted
                )
            ).scalar()
            shown = row.split_shown and row.step == wanted
            if not shown and revealed is None:
                raise _refuse("split_hidden", t("classes.live.split_hidden"))
            return self._split_in(conn, sid, wanted)

    @staticmethod
    def _of_class(conn: Connection, session_id: int, class_id: int) -> Row[Any]:
        """The session row, of this class (read only).

        Raises:
            LiveError: no session of this class has this id.
        """
        row = conn.execute(select(live_sessions).where(live_sessions.c.id == session_id)).first()
        if row is None or row.class_id != class_id:
            raise _refuse("unknown", t("classes.live.unknown"))
        return row

    def mine(self, token: str, session_id: int) -> MyAnswers:
        """A member's own answers in a session, each with the best answers once revealed
        (a learner's page shows their result; no one else's)."""
        sid = self._session_id(session_id)
        with self.store.read() as conn:
            row = conn.execute(select(live_sessions).where(live_sessions.c.id == sid)).first()
            if row is None:
                raise _refuse("unknown", t("classes.live.unknown"))
            member_id = self._member_of(conn, row, token)
            steps = self._steps_in(conn, sid)
            rows = conn.execute(
                select(live_answers.c.step, live_answers.c.answer)
                .where(live_answers.c.session_id == sid, live_answers.c.member_id == member_id)
                .order_by(live_answers.c.step)
            ).all()
            poll = self._poll_in(conn, sid)
        out = []
        for r in rows:
            done = steps.get(r.step)
            if done is not None and done.revealed is not None:
                best = _json_list(done.best)
                out.append(MyAnswer(r.step, r.answer, best, r.answer in best))
            else:
                out.append(MyAnswer(r.step, r.answer))
        return MyAnswers(poll, tuple(out))

    @staticmethod
    def _steps_in(conn: Connection, session_id: int) -> dict[int, Row[Any]]:
        """The session's step rows, by step."""
        rows = conn.execute(select(live_steps).where(live_steps.c.session_id == session_id))
        return {r.step: r for r in rows}

    def results(self, secret: str, session_id: int) -> LiveResults:
        """A session's record for its teacher: each step (its best answers and split) and
        each member (their answers, how often they chose a best answer of a revealed step).
        Learners the teacher removed are gone with their answers."""
        sid = self._session_id(session_id)
        with self.store.read() as conn:
            cls = self.store.class_of(conn, secret)
            self._of_class(conn, sid, cls.id)
            session = self._session_in(conn, sid)
            steps = self._steps_in(conn, sid)
            answers = conn.execute(
                select(live_answers).where(live_answers.c.session_id == sid)
            ).all()
            people = conn.execute(
                select(
                    live_members.c.id,
                    live_members.c.learner_id,
                    live_members.c.guest_name,
                    learners.c.display_name,
                )
                .outerjoin(learners, learners.c.id == live_members.c.learner_id)
                .where(live_members.c.session_id == sid)
                .order_by(live_members.c.joined, live_members.c.id)
            ).all()
        by_member: dict[int, dict[int, str]] = {}
        by_step: dict[int, dict[str, int]] = {}
        for a in answers:
            by_member.setdefault(a.member_id, {})[a.step] = a.answer
            split = by_step.setdefault(a.step, {})
            split[a.answer] = split.get(a.answer, 0) + 1
        best = {n: _json_list(r.best) for n, r in steps.items() if r.revealed is not None}
        step_results = tuple(
            StepResult(
                step=n,
                opened=steps[n].opened if n in steps else None,
                revealed=steps[n].revealed if n in steps else None,
                best=best.get(n, ()),
                split=dict(sorted(by_step.get(n, {}).items(), key=lambda kv: (-kv[1], kv[0]))),
            )
            for n in sorted(steps.keys() | by_step.keys())
        )
        names = [p.display_name if p.learner_id is not None else p.guest_name for p in people]
        members = []
        for p, shown in zip(people, shown_names(names), strict=True):
            mine = by_member.get(p.id, {})
            judged = [n for n in mine if n in best]
            members.append(
                MemberResult(
                    member_id=p.id,
                    learner_id=p.learner_id,
                    shown=shown,
                    guest=p.learner_id is None,
                    answers=dict(sorted(mine.items())),
                    answered=len(judged),
                    best=sum(1 for n in judged if mine[n] in best[n]),
                )
            )
        return LiveResults(session, step_results, tuple(members))
