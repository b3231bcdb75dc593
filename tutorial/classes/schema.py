"""The tables of the class storage (SQLAlchemy Core); the migrations build the same.

- ``classes``: a class, its teacher secret's hash, its board token's hash, its join code
  and whether joining is open.
- ``homework``: what the teacher set: a lesson, playlist or scenario, with an optional due day.
- ``learners``: who joined, by the name they gave, with their token's hash; ``removed``
  when the teacher removed them (their token is then refused).
- ``records``: one row per learner and scenario: the merged progress record and the time spent.
- ``quizzes``: one row per learner and lesson quiz: the best result (right answers of how many).
- ``join_attempts``: every join tried, by client and address (hashed) and class, for the
  rate limits.
- ``practice_hands``: one row per learner and practice hand: its game, how many of the
  learner's cards were reviewed, the points they lost, the costliest cards, and the time
  spent playing it.
- ``lesson_times``: one row per learner and lesson: the time spent reading it and its quiz.
- ``review_decks``: one row per learner: their review deck (its JSON), merged as the
  browser merges two copies.
- ``live_sessions``: a live class (``tutorial/classes/live.py``): what it plays (a
  scenario, a playlist or a practice deal's link), its state, step and version, its link
  key, whether guests may join; at most one not ended per class (a partial unique index).
- ``live_members``: who is in a live session: a learner of the class, or a guest by a name
  and their token's hash.
- ``live_steps``: each step's question as the teacher ran it: when it was opened and
  revealed, and the best answers the engine gave.
- ``live_answers``: one answer per member and step (the key), its canonical text.

Times are UTC without a zone (SQLite keeps none), as the store's clock gives them.
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    Column,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    text,
)

#: The longest class or learner name kept (characters).
NAME_MOST = 60
#: The longest homework reference or scenario id kept.
REF_MOST = 160
#: The longest practice hand key (the browser's random name for one hand).
HAND_KEY_MOST = 32
#: The longest game name kept.
GAME_MOST = 20
#: The kinds of homework item.
HOMEWORK_KINDS = ("lesson", "playlist", "scenario")
#: What a live session plays: a scenario (its id), a playlist (its id), a practice deal
#: (the app's own link text for it).
LIVE_KINDS = ("scenario", "playlist", "deal")
#: A live session's states, in the order a step goes through them (``ended`` is last).
LIVE_STATES = ("waiting", "open", "revealed", "ended")
#: The longest thing a live session plays (a practice deal's link text is the longest).
LIVE_REF_MOST = 600
#: The longest answer kept: a card, a bid, a question's choice, a Tarot poignée with its
#: fifteen trumps shown (``poignee triple: T1 T2 ...``, 76 characters).
ANSWER_MOST = 120
#: A live session's link key's length (``secrets.token_urlsafe(16)``: 128 random bits).
LIVE_KEY_LENGTH = 22

metadata = MetaData(
    naming_convention={
        "ix": "ix_%(table_name)s_%(column_0_N_name)s",
        "uq": "uq_%(table_name)s_%(column_0_N_name)s",
        "ck": "ck_%(table_name)s_%(constraint_name)s",
        "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
        "pk": "pk_%(table_name)s",
    }
)

classes = Table(
    "classes",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(NAME_MOST), nullable=False),
    Column("created", DateTime(), nullable=False),
    Column("closed", DateTime(), nullable=True),
    Column("teacher_hash", String(64), nullable=False, unique=True),
    #: The SHA-256 of the board token (the read-only key; None until the teacher's page
    #: first opens a class made before boards existed).
    Column("board_hash", String(64), nullable=True, unique=True),
    Column("join_code", String(8), nullable=False, unique=True),
    Column("join_open", Boolean(), nullable=False),
)

homework = Table(
    "homework",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("class_id", Integer, ForeignKey("classes.id", ondelete="CASCADE"), nullable=False),
    Column("position", Integer, nullable=False),
    Column("kind", String(10), nullable=False),
    Column("ref", String(REF_MOST), nullable=False),
    Column("due", Date(), nullable=True),
    UniqueConstraint("class_id", "kind", "ref"),
    CheckConstraint("kind IN ('lesson', 'playlist', 'scenario')", name="kind"),
)

learners = Table(
    "learners",
    metadata,
    Column("id", Integer, primary_key=True),
    Column(
        "class_id",
        Integer,
        ForeignKey("classes.id", ondelete="CASCADE"),
        nullable=False,
        index=True,
    ),
    Column("display_name", String(NAME_MOST), nullable=False),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("joined", DateTime(), nullable=False),
    Column("synced", DateTime(), nullable=True),
    Column("removed", DateTime(), nullable=True),
)


def learner_key() -> Column[int]:
    """The learner a row belongs to, the first part of the row's key (deleted with them)."""
    return Column(
        "learner_id", Integer, ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True
    )


records = Table(
    "records",
    metadata,
    learner_key(),
    Column("scenario", String(REF_MOST), primary_key=True),
    Column("done", Boolean(), nullable=False),
    Column("stars", Integer, nullable=False),
    Column("mistakes", Integer, nullable=False),
    Column("hints", Integer, nullable=False),
    #: The wrong cards tried, as compact JSON ``{"9H": 2}`` (at most eight of them).
    Column("wrong", Text(), nullable=False),
    Column("seconds", Integer, nullable=False),
    Column("updated", DateTime(), nullable=False),
)

quizzes = Table(
    "quizzes",
    metadata,
    learner_key(),
    Column("lesson", String(REF_MOST), primary_key=True),
    #: Questions answered right, of ``questions`` (the best result kept, as the browser keeps it).
    Column("right_answers", Integer, nullable=False),
    Column("questions", Integer, nullable=False),
    Column("updated", DateTime(), nullable=False),
)

join_attempts = Table(
    "join_attempts",
    metadata,
    Column("id", Integer, primary_key=True),
    #: The SHA-256 of the client's id (an address or a browser's id is never stored as given).
    Column("client_hash", String(64), nullable=False),
    #: The SHA-256 of the client's address alone (None for tries stored before it was kept).
    Column("address_hash", String(64), nullable=True),
    #: The class whose code was given (None for a code no open class has).
    Column("class_id", Integer, ForeignKey("classes.id", ondelete="CASCADE"), nullable=True),
    Column("at", DateTime(), nullable=False),
    Column("ok", Boolean(), nullable=False),
    Index(None, "client_hash", "at"),
    Index(None, "address_hash", "at"),
    Index(None, "class_id", "at"),
    Index(None, "at"),
)

practice_hands = Table(
    "practice_hands",
    metadata,
    learner_key(),
    Column("hand", String(HAND_KEY_MOST), primary_key=True),
    Column("game", String(GAME_MOST), nullable=False),
    Column("played", DateTime(), nullable=False),
    #: The learner's cards reviewed so far, of ``cards_played``.
    Column("cards_reviewed", Integer, nullable=False),
    Column("cards_played", Integer, nullable=False),
    #: Points lost with what the learner could know, in tenths (the review's fair judgement).
    Column("lost_tenths", Integer, nullable=False),
    #: The costliest cards, compact JSON ``[{"card": "9H", "trick": 3, "known": 12.0,
    #: "shown": 20.0}]`` (at most three).
    Column("costliest", Text(), nullable=False),
    #: Seconds spent playing the hand, from its deal to its last card (0 for hands kept
    #: before the time was counted).
    Column("seconds", Integer, nullable=False, server_default=text("0")),
    Index(None, "learner_id", "played"),
)

lesson_times = Table(
    "lesson_times",
    metadata,
    learner_key(),
    Column("lesson", String(REF_MOST), primary_key=True),
    Column("seconds", Integer, nullable=False),
    Column("updated", DateTime(), nullable=False),
)

review_decks = Table(
    "review_decks",
    metadata,
    learner_key(),
    #: The deck as the progress file writes it (``tutorial.course.review_deck.ReviewDeck``).
    Column("deck", Text(), nullable=False),
    Column("cards", Integer, nullable=False),
    Column("updated", DateTime(), nullable=False),
)

live_sessions = Table(
    "live_sessions",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("class_id", Integer, ForeignKey("classes.id", ondelete="CASCADE"), nullable=False),
    Column("kind", String(10), nullable=False),
    #: A scenario or playlist id, or a practice deal's link text (the app's own).
    Column("ref", String(LIVE_REF_MOST), nullable=False),
    #: The session's link key: the join link and the learners' pages name the session by
    #: it (shown on the projector, so kept as it is, like the join code).
    Column("link_key", String(LIVE_KEY_LENGTH), nullable=False, unique=True),
    Column("state", String(10), nullable=False),
    Column("step", Integer, nullable=False),
    #: Bumped on every change of the session (not on answers: they are counted).
    Column("version", Integer, nullable=False),
    Column("guests", Boolean(), nullable=False),
    #: Whether the board shows the split of the answers at this step.
    Column("split_shown", Boolean(), nullable=False),
    #: The open question's answers, as compact JSON (None: any well-formed answer).
    Column("choices", Text(), nullable=True),
    Column("created", DateTime(), nullable=False),
    Column("ended", DateTime(), nullable=True),
    CheckConstraint("kind IN ('scenario', 'playlist', 'deal')", name="kind"),
    CheckConstraint("state IN ('waiting', 'open', 'revealed', 'ended')", name="state"),
    CheckConstraint("(state = 'ended') = (ended IS NOT NULL)", name="ended"),
    Index(None, "class_id", "created"),
    #: At most one live session per class that is not ended.
    Index(
        "ix_live_sessions_one_live",
        "class_id",
        unique=True,
        sqlite_where=text("ended IS NULL"),
        postgresql_where=text("ended IS NULL"),
    ),
)

live_members = Table(
    "live_members",
    metadata,
    Column("id", Integer, primary_key=True),
    Column(
        "session_id",
        Integer,
        ForeignKey("live_sessions.id", ondelete="CASCADE"),
        nullable=False,
    ),
    #: The class's learner (None for a guest).
    Column(
        "learner_id",
        Integer,
        ForeignKey("learners.id", ondelete="CASCADE"),
        nullable=True,
        index=True,
    ),
    #: A guest's name and their token's SHA-256 (None for a learner of the class).
    Column("guest_name", String(NAME_MOST), nullable=True),
    Column("token_hash", String(64), nullable=True, unique=True),
    Column("joined", DateTime(), nullable=False),
    UniqueConstraint("session_id", "learner_id"),
    CheckConstraint(
        "(learner_id IS NULL AND guest_name IS NOT NULL AND token_hash IS NOT NULL)"
        " OR (learner_id IS NOT NULL AND guest_name IS NULL AND token_hash IS NULL)",
        name="who",
    ),
)

live_steps = Table(
    "live_steps",
    metadata,
    Column(
        "session_id",
        Integer,
        ForeignKey("live_sessions.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    Column("step", Integer, primary_key=True),
    Column("opened", DateTime(), nullable=True),
    Column("revealed", DateTime(), nullable=True),
    #: The best answers the engine gave at the reveal, as compact JSON.
    Column("best", Text(), nullable=True),
)

live_answers = Table(
    "live_answers",
    metadata,
    Column(
        "session_id",
        Integer,
        ForeignKey("live_sessions.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    Column("step", Integer, primary_key=True),
    Column(
        "member_id",
        Integer,
        ForeignKey("live_members.id", ondelete="CASCADE"),
        primary_key=True,
        index=True,
    ),
    #: The answer's canonical text (a card ``9H``, a bid, a discard, a question's choice).
    Column("answer", String(ANSWER_MOST), nullable=False),
    Column("at", DateTime(), nullable=False),
)
