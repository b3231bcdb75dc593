"""The app's link to the class storage: the database through Streamlit's connection, the
learner's token kept in the browser, and their progress sent to the class in the background.

The database is Streamlit's SQL connection named ``classes`` (``st.connection("classes",
type="sql")``): with no setting, a SQLite file (:data:`DEFAULT_DB`, git-ignored); with
``[connections.classes] url = "postgresql+psycopg://..."`` in ``.streamlit/secrets.toml``,
that database; ``ATOUT_CLASSES_URL`` in the environment overrides both (the tests' servers
use a temporary file). The store is opened, and its migrations applied, once per server
process (:func:`store`).

A learner who joined keeps their token in the page's ``localStorage`` (an invisible
component, as :mod:`tutorial.webapp.store` keeps the progress). After every run of a page
(:func:`after_run`, called where the progress is saved to the browser) the session's
progress, when it changed, is sent to the class by a thread of the learner's own: the
click never waits on the database, and a call that hangs holds that learner's send only
(every call gives up in bounded time anyway: :data:`TIMEOUTS`). A send under way for more
than :data:`STILL_TRYING_SECONDS` is said to be still tried. A send that fails leaves a
small notice and is tried again on a later run, after :data:`RETRY_SECONDS`, or by
itself: while a learner in a class has a page open, a small fragment looks every
:data:`STILL_TRYING_SECONDS` for a failed send to try again (:func:`retry_failed`). The
browser's progress is untouched whatever happens. When the class refuses the learner
(removed, closed), nothing more is sent but the browser keeps the token, so My class says
why each time it is opened (:func:`ended`).

Besides the progress (its review deck included), a send carries the time spent per
scenario and per lesson (:func:`lesson_open` names the lesson a run shows: the pause
before the next run counts for it, a quiz's answers included) and the session's practice
hands with their reviews (:func:`practice_hand`, called where a hand's review is shown)
and the time spent on each (:func:`practice_open` names the hand a run shows in play: the
pause before the next run counts for it, from its deal to its last card).
:func:`payload` is what one send carries, for the app and the bench alike.
"""

from __future__ import annotations

import concurrent.futures
import json
import logging
import os
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

import streamlit as st
from sqlalchemy.exc import SQLAlchemyError

from tutorial.analysis.card_review import CardReview
from tutorial.classes import tokens
from tutorial.classes.errors import AccessError, ClassError, SyncError
from tutorial.classes.live import LiveClass
from tutorial.classes.store import (
    ClassStore,
    CostlyCard,
    KnownItems,
    Limits,
    PracticeRecord,
    Timeouts,
    open_store,
)
from tutorial.course.practice import PracticeHand, ReviewProgress, costliest
from tutorial.course.progress import Progress, to_json
from tutorial.language.i18n import t
from tutorial.scenarios import actions
from tutorial.webapp import state

#: The environment variable naming the database (a SQLAlchemy URL), before any setting.
ENV_URL = "ATOUT_CLASSES_URL"
#: The connection's name: its settings are ``[connections.classes]`` of the secrets.
CONNECTION = "classes"
#: The SQLite file used when nothing names a database.
DEFAULT_DB = Path(__file__).resolve().parents[2] / ".streamlit" / "classes.db"
#: Where the browser keeps the learner's token.
TOKEN_KEY = "atout.class.v1"
#: Where the browser keeps the teacher secret of the class its Teacher page opens.
TEACHER_KEY = "atout.teacher.v1"
#: The environment variable saying how many proxies in front of the app add their
#: ``X-Forwarded-For`` (0 or unset: the header is never read, anyone can write it).
ENV_PROXIES = "ATOUT_TRUSTED_PROXIES"
#: Seconds before a failed send is tried again.
RETRY_SECONDS = 30.0
#: The longest pause between two runs counted as time spent on a scenario (a learner who
#: leaves the tab open is not counted for the hours they were away).
GAP_MOST = 120.0
#: The longest pause counted as time spent reading a lesson (a lesson is read, not clicked).
LESSON_GAP_MOST = 600.0
#: Practice hands of a session sent with each send (the newest).
SENT_HANDS = 50
#: The most time kept for one practice hand (the class's cap for any time spent).
HAND_SECONDS_MOST = Limits().seconds
#: Where the time since the last run comes from (seconds; tests set their own).
CLOCK: Callable[[], float] = time.monotonic

#: Seconds a send may be under way before the learner is told it is still being tried.
STILL_TRYING_SECONDS = 10.0
#: The database's timeouts (every call gives up in bounded time; see ``Timeouts``).
TIMEOUTS = Timeouts()

#: Where failed sends and refused joins are logged, with their cause.
LOG = logging.getLogger("tutorial.classes")

_PENDING: set[concurrent.futures.Future[None]] = set()
_PENDING_LOCK = threading.Lock()


# --- the database ------------------------------------------------------------------------


def _secrets_name_it() -> bool:
    """Whether ``.streamlit/secrets.toml`` has a ``[connections.classes]`` section."""
    try:
        section = st.secrets.get("connections", {}).get(CONNECTION)
    except (FileNotFoundError, KeyError, AttributeError):  # no secrets file at all
        return False
    return bool(section)


def database_url() -> str | None:
    """The URL the store opens: the environment's, else None when the secrets name the
    database (Streamlit reads them), else the default SQLite file's."""
    given = os.environ.get(ENV_URL, "").strip()
    if given:
        return given
    if _secrets_name_it():
        return None
    DEFAULT_DB.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{DEFAULT_DB}"


def known_items() -> KnownItems:
    """The scenarios and lessons this app has: the class keeps records of these only."""
    from tutorial.webapp import common

    lessons, _error = common.course("en")
    return KnownItems(
        scenarios=frozenset(common.english_library().scenarios),
        lessons=frozenset(le.id for le in lessons),
    )


@st.cache_resource(show_spinner=False)
def _store_at(url: str | None) -> ClassStore:
    """The store on the connection (one per URL and server process), its schema up to date,
    its calls bounded (:data:`TIMEOUTS`: a connection from the pool is waited for at most
    the connect timeout too)."""
    wait = TIMEOUTS.connect
    conn = (
        st.connection(CONNECTION, type="sql", pool_timeout=wait)
        if url is None
        else st.connection(CONNECTION, type="sql", url=url, pool_timeout=wait)
    )
    return open_store(conn.engine, timeouts=TIMEOUTS, known=known_items())


def store() -> ClassStore | None:
    """The class storage, or None when the database cannot be opened (try again later)."""
    try:
        return _store_at(database_url())
    except (ClassError, SQLAlchemyError, ImportError, ValueError) as e:
        LOG.error("The class database could not be opened: %s", describe_error(e))
        return None


def live() -> LiveClass | None:
    """The class database's live classes, or None when the database cannot be opened."""
    box = store()
    return None if box is None else LiveClass(box)


def describe_error(error: BaseException) -> str:
    """An error in the log's words: its kind and first line (never a statement's values)."""
    cause = getattr(error, "orig", None) or error
    first = (str(cause).strip().splitlines() or [""])[0]
    return f"{type(cause).__name__}: {first[:300]}"


# --- the learner's class --------------------------------------------------------------------


@dataclass
class Membership:
    """The class this browser's learner is in, and how sending their progress goes.

    The worker thread writes only ``sent``, ``failed``, ``failures``, ``retry_after``,
    ``refused``, ``seconds``, ``seconds_known``, and (under the pool's lock) ``busy`` and
    ``queued``; the page's runs read them.
    """

    token: str = ""  # the learner token ("" when not in a class)
    loaded: bool = False  # the browser's stored token has been read
    sent: str = ""  # the last progress the class holds (its fingerprint)
    failed: bool = False  # the last send failed
    failures: int = 0  # sends failed so far (a notice shows when it grows)
    noticed: int = 0  # failures already noticed
    rejected: str = ""  # the key of the class's refusal of the last progress sent (too big...)
    rejections: int = 0  # progresses the class refused so far
    rejections_noticed: int = 0
    retry_after: float = 0.0
    refused: str = ""  # the key of the class's refusal (removed, closed...): nothing more sent
    ended: str = ""  # the key of the last refusal, for the My class page to say
    #: The token the class refused (removed, closed...): the browser keeps it, so My class
    #: asks the class again and says why each time it is opened, until the learner joins
    #: a class again or forgets this one.
    ended_token: str = ""
    busy: bool = False  # a send is under way (guarded by the pool's lock)
    #: When the send under way started (the app's clock; None when none is under way).
    sending_since: float | None = None
    #: The send under way the learner was told is still being tried (its start).
    still_noticed: float | None = None
    queued: Progress | None = None  # changed while a send was under way: sent right after it
    seconds: dict[str, int] = field(default_factory=dict)  # time spent per scenario
    seconds_known: bool = False  # the class's times were read back (a new session starts there)
    attempts: dict[str, int] = field(default_factory=dict)  # moves per scenario at the last run
    last_run: float | None = None
    lesson_seconds: dict[str, int] = field(default_factory=dict)  # time spent per lesson
    lesson_now: str = ""  # the lesson this run shows ("" when none)
    lesson_before: str = ""  # the lesson the last run showed
    #: The practice hands played in this session (by hand id), as the class keeps them.
    hands: dict[int, PracticeRecord] = field(default_factory=dict)
    hand_seconds: dict[int, int] = field(default_factory=dict)  # time spent per hand id
    hand_now: int = 0  # the practice hand this run shows in play (its id; 0 when none)
    hand_before: int = 0  # the practice hand the last run showed in play


def membership() -> Membership:
    """This session's class membership."""
    found: Membership = state.class_membership(Membership)
    return found


def joined(token: str) -> None:
    """The learner just joined: keep the token (the browser too) and send everything."""
    m = membership()
    m.token, m.loaded, m.sent, m.refused, m.ended = token, True, "", "", ""
    m.failed, m.retry_after, m.seconds_known, m.ended_token = False, 0.0, False, ""


def left() -> None:
    """The learner left (or forgot a class that ended): forget the token here and in the
    browser."""
    m = membership()
    m.token, m.sent, m.seconds, m.seconds_known = "", "", {}, False
    m.lesson_seconds, m.hands, m.hand_seconds = {}, {}, {}
    m.ended_token = ""
    with _PENDING_LOCK:
        m.queued = None


def ended(key: str) -> None:
    """The class refused this learner (``key``: removed, closed...): nothing more is sent,
    but the browser keeps the token, so My class says why each time it is opened."""
    m = membership()
    token = m.token or m.ended_token
    left()
    m.ended, m.ended_token, m.refused = key, token, ""


def kept_token(m: Membership) -> str:
    """The token the browser keeps: the class's, or the one the class refused."""
    return m.token or m.ended_token


def trusted_proxies() -> int:
    """How many proxies the environment says add ``X-Forwarded-For`` (0 unless set)."""
    text = os.environ.get(ENV_PROXIES, "").strip()
    return int(text) if text.isdigit() and int(text) <= 10 else 0


def client_address(peer: str | None, forwarded: list[str], proxies: int) -> str:
    """The client's address for the join limits: the connection's own (``peer``), unless
    ``proxies`` trusted proxies stand in front of the app; then the address the outermost
    of them saw, read from the right of ``X-Forwarded-For`` (whatever a client wrote on
    the left is never read).

    >>> client_address("10.0.0.2", ["6.6.6.6, 203.0.113.7"], 1)
    '203.0.113.7'
    >>> client_address("10.0.0.2", ["6.6.6.6, 203.0.113.7"], 0)
    '10.0.0.2'
    >>> client_address("10.0.0.2", ["6.6.6.6", "203.0.113.7, 10.0.0.1"], 2)
    '203.0.113.7'
    >>> client_address(None, [], 1)
    ''
    """
    hops = [h.strip() for value in forwarded for h in value.split(",") if h.strip()]
    if proxies > 0 and len(hops) >= proxies:
        return hops[-proxies][:100]
    return (peer or "")[:100]


def _session_id() -> str:
    """This browser session's id (the script run's)."""
    from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

    ctx = get_script_run_ctx(suppress_warning=True)
    return ctx.session_id if ctx else "none"


def client_address_now() -> str:
    """The address of the browser of this run ("" when it is this machine or unknown)."""
    try:
        peer = st.context.ip_address
        forwarded = list(st.context.headers.get_all("X-Forwarded-For"))
    except (AttributeError, RuntimeError, KeyError):
        peer, forwarded = None, []
    return client_address(peer, forwarded, trusted_proxies())


def client_id() -> tuple[str, str]:
    """Who is asking, for the join limits: this browser session at its address, and the
    address alone (:meth:`ClassStore.join`'s ``client`` and ``address``)."""
    address = client_address_now()
    return f"session:{_session_id()}|ip:{address}", (f"ip:{address}" if address else "")


# --- the browser's copy of the token -------------------------------------------------------

_JS = r"""
export default function (component) {
  const { data, setStateValue, parentElement } = component;
  const KEY = data.storage_key;
  const host = parentElement.host || parentElement;
  if (!host._atoutClass) {
    host._atoutClass = true;
    let kept = '';
    try { kept = window.localStorage.getItem(KEY) || ''; } catch (e) {}
    // Only a kept token is told: telling "none" would rerun every page of every learner
    // not in a class once more (and take the one-time notices of the run before it).
    if (kept) setStateValue('token', kept);
  }
  if (data.save !== null && data.save !== undefined) {
    try {
      if (data.save === '') window.localStorage.removeItem(KEY);
      else if (window.localStorage.getItem(KEY) !== data.save) window.localStorage.setItem(KEY, data.save);
    } catch (e) { /* blocked: the class is rejoined with its code */ }
  }
}
"""

_COMPONENT = st.components.v2.component("atout_class", js=_JS, css=":host{display:none}")


def receive_token(value: object) -> None:
    """The token the browser keeps (read once per session): taken unless the session has one."""
    m = membership()
    m.loaded = True
    if not m.token and not m.ended_token and tokens.well_formed(value):
        assert isinstance(value, str)
        m.token = value


def _on_token() -> None:
    receive_token((state.widget("atout_class") or {}).get("token"))


# --- the teacher secret in the browser ------------------------------------------------------

_TEACHER_JS = r"""
export default function (component) {
  const { data, setStateValue, parentElement } = component;
  const KEY = data.storage_key;
  const host = parentElement.host || parentElement;
  if (data.save !== null && data.save !== undefined) {
    try {
      if (data.save === '') window.localStorage.removeItem(KEY);
      else if (window.localStorage.getItem(KEY) !== data.save) window.localStorage.setItem(KEY, data.save);
    } catch (e) { /* blocked: the teacher link still opens the class */ }
  }
  if (!host._atoutTeacher) {
    host._atoutTeacher = true;
    let kept = '';
    try { kept = window.localStorage.getItem(KEY) || ''; } catch (e) {}
    if (kept && kept !== data.save) setStateValue('secret', kept);
  }
}
"""

_TEACHER_COMPONENT = st.components.v2.component(
    "atout_teacher", js=_TEACHER_JS, css=":host{display:none}"
)


def receive_teacher_secret(value: object) -> None:
    """The teacher secret the browser keeps: taken unless this session knows one already
    (a teacher link just opened wins) or forgot it."""
    if state.teacher_secret() is None and tokens.well_formed(value):
        assert isinstance(value, str)
        state.set_teacher_secret(value)


def _on_teacher_secret() -> None:
    receive_teacher_secret((state.widget("atout_teacher") or {}).get("secret"))


def keep_teacher_secret() -> None:
    """Mount the teacher secret's store (the Teacher page, each run): the session's secret
    is written to the browser ("" removes it), and the browser's tells the session."""
    _TEACHER_COMPONENT(
        key="atout_teacher",
        data={"storage_key": TEACHER_KEY, "save": state.teacher_secret()},
        on_secret_change=_on_teacher_secret,
        height=0,
    )


# --- sending the progress ---------------------------------------------------------------------


def _count_time(m: Membership, now: float) -> None:
    """Time spent: the pause before a run in which a scenario moved (a card, an answer, a
    hint) counts for that scenario, at most :data:`GAP_MOST`; else, when the run before
    showed a practice hand in play, the pause counts for that hand (the learner thinking,
    a card, a bid, a hint), at most :data:`GAP_MOST` as well; else, when the run before
    showed a lesson, the pause counts for that lesson (reading it, answering its quiz), at
    most :data:`LESSON_GAP_MOST`."""
    moves = {sid: p.attempts + p.hints for sid, p in state.progress().items()}
    if m.last_run is not None:
        pause = max(0.0, now - m.last_run)
        moved = next((sid for sid, n in moves.items() if n > m.attempts.get(sid, 0)), None)
        if moved is not None:
            m.seconds[moved] = m.seconds.get(moved, 0) + round(min(pause, GAP_MOST))
        elif m.hand_before:
            _count_hand(m, m.hand_before, round(min(pause, GAP_MOST)))
        elif m.lesson_before:
            lid = m.lesson_before
            m.lesson_seconds[lid] = m.lesson_seconds.get(lid, 0) + round(
                min(pause, LESSON_GAP_MOST)
            )
    m.attempts = moves
    m.last_run = now


def _count_hand(m: Membership, hand_id: int, seconds: int) -> None:
    """``seconds`` more spent on a practice hand (its record takes it when sent, :func:`payload`)."""
    m.hand_seconds[hand_id] = m.hand_seconds.get(hand_id, 0) + seconds
    # A long session keeps the time of the hands still sent and of the newest others only.
    others = sorted(h for h in m.hand_seconds if h not in m.hands and h != hand_id)
    for old in others[: max(0, len(m.hand_seconds) - 2 * SENT_HANDS)]:
        del m.hand_seconds[old]


def practice_open(hand: PracticeHand) -> None:
    """The practice hand this run shows (the Practice page says so): while it is in play,
    from its deal to its last card, the pause until the next run counts as time spent on it."""
    membership().hand_now = 0 if hand.finished else hand.hand_id


def lesson_open(lesson_id: str) -> None:
    """The lesson this run shows (the Lessons page says so): the pause before the next run
    counts as time spent on it."""
    membership().lesson_now = lesson_id


def practice_hand(hand: PracticeHand, review: ReviewProgress) -> None:
    """A practice hand's review as far as it is known (the Practice page calls this where
    it shows the review): kept for the class when the learner is in one, and sent with the
    next send. Called again as the review goes on, it replaces what was kept."""
    m = membership()
    if m.token:
        keep_hand(m, hand, review)


def keep_hand(m: Membership, hand: PracticeHand, review: ReviewProgress) -> None:
    """Keep a hand's record in ``m`` for the next send (see :func:`practice_hand`): a hand
    played out, with its review as far as it is known (its time spent is added when it is
    sent, :func:`payload`)."""
    if not hand.played_out:
        return
    kept = m.hands.get(hand.hand_id)
    cards = review.cards  # the class keeps the cards (bids and the discard stay with the page)
    worst = [r for r in costliest(cards) if isinstance(r, CardReview)]
    record = PracticeRecord(
        hand=kept.hand if kept is not None else secrets.token_urlsafe(12),
        game=hand.game,
        cards_reviewed=len(cards),
        cards_played=review.total,
        lost=round(min(1000.0 * 40, sum(r.lost for r in cards if r.costly)), 1),
        costliest=tuple(
            CostlyCard(
                card=actions.code(r.played),
                trick=r.trick,
                known=round(min(1000.0, r.lost), 1),
                shown=round(min(1000.0, r.shown_lost), 1),
            )
            for r in worst
        ),
    )
    if record != kept:
        m.hands[hand.hand_id] = record
        while len(m.hands) > SENT_HANDS:  # the oldest hand of a long session is sent no more
            m.hand_seconds.pop(min(m.hands), None)
            m.hands.pop(min(m.hands))


def fingerprint(
    p: Progress,
    seconds: dict[str, int],
    lessons: dict[str, int] | None = None,
    hands: list[PracticeRecord] | None = None,
) -> str:
    """What was sent, to know whether anything changed since."""
    extra = json.dumps([lessons or {}, [repr(h) for h in hands or []]], sort_keys=True)
    return to_json(p) + json.dumps(seconds, sort_keys=True) + extra


def payload(
    m: Membership, p: Progress
) -> tuple[dict[str, int], dict[str, int], list[PracticeRecord]]:
    """The times and hands sent with a progress (:meth:`ClassStore.sync`'s ``seconds``,
    ``lessons`` and ``hands``): scenario times of its records, lesson times, the session's
    hands with their times."""
    seconds = {sid: s for sid, s in dict(m.seconds).items() if sid in p.scenarios}
    spent = dict(m.hand_seconds)
    hands = [
        replace(h, seconds=min(HAND_SECONDS_MOST, spent.get(hand_id, 0)))
        for hand_id, h in dict(m.hands).items()
    ]
    return seconds, dict(m.lesson_seconds), hands


def _send(box: ClassStore, m: Membership, token: str, p: Progress) -> None:
    """Send a progress (in the worker thread), then whatever a run queued meanwhile."""
    next_one: Progress | None = p
    while next_one is not None:
        _send_one(box, m, token, next_one)
        with _PENDING_LOCK:
            next_one, m.queued = (m.queued, None) if not (m.failed or m.refused) else (None, None)
            if next_one is None:
                m.busy, m.sending_since = False, None
            else:
                m.sending_since = CLOCK()


def _send_one(box: ClassStore, m: Membership, token: str, p: Progress) -> None:
    """Send one progress: on success remember it; on a refusal stop sending; on a failure
    mark it for a later try. Never raises."""
    try:
        if not m.seconds_known:
            try:
                view = box.what_teacher_sees(token)
                kept, kept_lessons = dict(view.seconds), dict(view.lesson_seconds)
            except AccessError:
                kept, kept_lessons = {}, {}
            for sid, secs in kept.items():
                m.seconds[sid] = max(m.seconds.get(sid, 0), secs)
            for lid, secs in kept_lessons.items():
                m.lesson_seconds[lid] = max(m.lesson_seconds.get(lid, 0), secs)
            m.seconds_known = True
        seconds, lessons, hands = payload(m, p)
        box.sync(token, p, seconds, lessons=lessons, hands=hands)
        m.sent, m.failed, m.rejected = fingerprint(p, seconds, lessons, hands), False, ""
    except AccessError as e:
        LOG.info("A send was refused: %s", e.key)
        if m.token == token:  # not a learner who has just left on their own
            m.refused = e.key
    except SyncError as e:  # this progress cannot be stored: sending it again would not help
        LOG.warning("A send was refused as it could not be stored: %s (%s)", e.key, e)
        m.sent, m.failed = fingerprint(p, *payload(m, p)), False
        m.rejected, m.rejections = e.key, m.rejections + 1
    except Exception as e:  # the database went away, or anything else: the browser keeps all
        LOG.warning("A send failed: %s", describe_error(e))
        m.failed, m.failures = True, m.failures + 1
        m.retry_after = CLOCK() + RETRY_SECONDS


def _send_in_thread(
    future: concurrent.futures.Future[None], box: ClassStore, m: Membership, token: str, p: Progress
) -> None:
    """One learner's sends, in a thread of their own; ``future`` is done when they are."""
    try:
        _send(box, m, token, p)
    except BaseException:  # never expected (a send catches everything): free the learner
        with _PENDING_LOCK:
            m.busy, m.sending_since = False, None
        raise
    finally:
        future.set_result(None)


def _submit(box: ClassStore, m: Membership, token: str, p: Progress) -> None:
    """Start a send, or queue it behind the one under way. Each learner's sends run in a
    thread of their own (one at a time per learner): a call that hangs holds that learner's
    send only, never a worker other learners wait for."""
    with _PENDING_LOCK:
        if m.busy:
            m.queued = p
            return
        m.busy, m.sending_since = True, CLOCK()
        future: concurrent.futures.Future[None] = concurrent.futures.Future()
        _PENDING.add(future)
    future.add_done_callback(_discard)
    threading.Thread(
        target=_send_in_thread, args=(future, box, m, token, p), name="class-sync", daemon=True
    ).start()


def still_trying(m: Membership) -> bool:
    """Whether a send has been under way for more than :data:`STILL_TRYING_SECONDS`."""
    since = m.sending_since
    return since is not None and CLOCK() - since > STILL_TRYING_SECONDS


def _discard(future: concurrent.futures.Future[None]) -> None:
    with _PENDING_LOCK:
        _PENDING.discard(future)


def wait_for_sends(timeout: float = 60.0) -> None:
    """Wait until the sends started so far are over (for tests and benches; the app never waits)."""
    with _PENDING_LOCK:
        futures = list(_PENDING)
    concurrent.futures.wait(futures, timeout=timeout)


#: The sentence for each refusal that ends a membership (``AccessError.key``).
ENDED_MESSAGES = {
    "bad_teacher": "classes.bad_teacher",
    "bad_token": "classes.bad_token",
    "removed": "classes.removed",
    "class_closed": "classes.class_closed",
    "learner_unknown": "classes.learner_unknown",
}


def ended_message(key: str) -> str:
    """Why a membership ended, in the learner's words (any key: the plain one if unknown)."""
    return t(ENDED_MESSAGES.get(key, "classes.bad_token"))


def _notices(m: Membership) -> None:
    """The small notices of the sends: one per failure streak, and the class's refusal."""
    if m.refused:
        st.toast(ended_message(m.refused), icon=":material/group_off:")
        ended(m.refused)
        return
    if still_trying(m) and m.still_noticed != m.sending_since:
        m.still_noticed = m.sending_since
        st.toast(t("my_class.still_trying"), icon=":material/hourglass_top:")
    if m.failures > m.noticed:
        m.noticed = m.failures
        st.toast(t("my_class.sync_failed"), icon=":material/cloud_off:")
    if m.rejections > m.rejections_noticed:
        m.rejections_noticed = m.rejections
        st.toast(t("my_class.sync_refused"), icon=":material/block:")


def after_run() -> None:
    """Mount the token's store and, for a learner in a class, send the progress when it
    changed (in the background). Called once per run, after the page, where the progress
    is saved to the browser."""
    m = membership()
    _COMPONENT(
        key="atout_class",
        data={"storage_key": TOKEN_KEY, "save": kept_token(m) if m.loaded else None},
        on_token_change=_on_token,
        height=0,
    )
    if m.token:
        _count_time(m, CLOCK())
        _notices(m)
    m.lesson_before, m.lesson_now = m.lesson_now, ""
    m.hand_before, m.hand_now = m.hand_now, 0
    if not m.token:
        return
    _retry_fragment()
    if not state.store_loaded():
        return
    p = state.export_progress()
    if fingerprint(p, *payload(m, p)) == m.sent and m.seconds_known:
        return
    if m.failed and CLOCK() < m.retry_after:
        return
    _send_from_run(m, p)


def _send_from_run(m: Membership, p: Progress) -> bool:
    """Start sending ``p``; False when there is no store (a failure, tried again after
    :data:`RETRY_SECONDS`)."""
    box = store()
    if box is None:
        m.failed, m.failures, m.retry_after = True, m.failures + 1, CLOCK() + RETRY_SECONDS
        return False
    _submit(box, m, m.token, p)
    return True


def retry_failed() -> bool:
    """Try a failed send again if its time has come (the retry fragment's work, between
    the learner's runs too); True when a send was started."""
    m = membership()
    if m.refused or still_trying(m):
        _notices(m)
    if m.refused:
        return False
    if not m.token or not m.failed or CLOCK() < m.retry_after or not state.store_loaded():
        return False
    return _send_from_run(m, state.export_progress())


@st.fragment(run_every=STILL_TRYING_SECONDS)
def _retry_fragment() -> None:
    """Every :data:`STILL_TRYING_SECONDS` while the page is open: a send under way for
    longer said to be still tried, a failed send tried again once its time has come
    (:data:`RETRY_SECONDS` after it failed)."""
    retry_failed()


def send_now() -> None:
    """Send the progress on the next run even if a send failed moments ago."""
    m = membership()
    m.retry_after, m.sent = 0.0, ""


# --- homework in words ----------------------------------------------------------------------


@dataclass(frozen=True)
class HomeworkChoice:
    """A lesson or playlist a teacher may set: what it is stored as, shown as, and holds."""

    kind: str
    ref: str
    title: str
    scenarios: tuple[str, ...]
    #: The item's own title, without the kind ("First tricks", not "Playlist: First tricks").
    own_title: str = ""


@st.cache_data(show_spinner=False, ttl=60)
def _playlists(lang: str) -> list[tuple[str, str, tuple[str, ...]]]:
    """The playlists of ``lessons/playlists``: name, title and scenario ids (read at most
    once a minute)."""
    from tutorial.course.playlists import is_inline, load_playlists

    found, _problems = load_playlists(lang=lang)
    return [
        (p.name, p.title, tuple(i for i in p.items if not is_inline(i))) for p in found if p.name
    ]


def homework_choices() -> list[HomeworkChoice]:
    """Every lesson, then every playlist, in the session's language."""
    from tutorial.webapp import common

    lang = state.settings().language
    lessons, _error = common.course(lang)
    out = [
        HomeworkChoice(
            "lesson",
            le.id,
            t("teacher.board.lesson_title", game=common.game_title(le.game), title=le.title),
            tuple(le.model.scenarios),
        )
        for le in lessons
    ]
    out += [
        HomeworkChoice(
            "playlist", name, t("teacher.board.playlist_title", title=title), items, title
        )
        for name, title, items in _playlists(lang)
    ]
    return out


def homework_choice(kind: str, ref: str) -> HomeworkChoice:
    """A stored homework item in words (one the app no longer has is named as such)."""
    for c in homework_choices():
        if (c.kind, c.ref) == (kind, ref):
            return c
    if kind == "scenario":
        from tutorial.webapp import common

        found = common.library().get(ref)
        title = found.scenario.title if found is not None else t("teacher.unknown_scenario")
        return HomeworkChoice(kind, ref, title, (ref,))
    return HomeworkChoice(kind, ref, t("teacher.board.unknown_item"), ())


__all__ = [
    "CLOCK",
    "CONNECTION",
    "DEFAULT_DB",
    "ENV_PROXIES",
    "ENV_URL",
    "GAP_MOST",
    "LESSON_GAP_MOST",
    "RETRY_SECONDS",
    "SENT_HANDS",
    "STILL_TRYING_SECONDS",
    "TEACHER_KEY",
    "TIMEOUTS",
    "TOKEN_KEY",
    "HomeworkChoice",
    "Membership",
    "after_run",
    "client_address",
    "client_address_now",
    "client_id",
    "database_url",
    "describe_error",
    "ended",
    "fingerprint",
    "homework_choice",
    "homework_choices",
    "joined",
    "keep_hand",
    "keep_teacher_secret",
    "kept_token",
    "known_items",
    "left",
    "lesson_open",
    "membership",
    "payload",
    "practice_hand",
    "practice_open",
    "receive_teacher_secret",
    "receive_token",
    "retry_failed",
    "send_now",
    "still_trying",
    "store",
    "trusted_proxies",
    "wait_for_sends",
]
