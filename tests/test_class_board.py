"""The class board and joins a school can use (tutorial.classes): the board token reads
the class and changes nothing; wrong codes from one school address block neither the
right code nor the room; one attacker's address cannot lock the server out.

Every test runs on SQLite (a temporary file) and on a real PostgreSQL server (see
``db_util``); the store's clock is the test's own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from db_util import KINDS, Env, store_env
from sqlalchemy import select, update

from tutorial.classes import schema, tokens
from tutorial.classes.errors import AccessError, ClassError, JoinError
from tutorial.classes.migrate import head
from tutorial.classes.store import ClassStore, Homework, Limits
from tutorial.course.classroom import ScenarioInfo
from tutorial.course.progress import Progress, ScenarioRecord

INFOS = [ScenarioInfo("belote/a", "Overruff", "belote")]


@pytest.fixture(params=KINDS)
def env(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Env]:
    with store_env(request.param, tmp_path, request) as made:
        yield made


def _wrong_code(right: str) -> str:
    """A well-formed code that is not ``right``."""
    return "QQQQRRRR" if right != "QQQQRRRR" else "RRRRQQQQ"


# --- the board ---------------------------------------------------------------------------


def test_the_board_token_reads_the_class_as_the_teacher_sees_it(env: Env) -> None:
    made = env.store.create_class("Year 7", [Homework("scenario", "belote/a")])
    token = env.store.join(made.join_code, "Ana", "c1")
    env.store.sync(token, Progress(scenarios={"belote/a": ScenarioRecord(done=True, stars=3)}))
    assert made.board_token and made.board_token != made.teacher_secret
    assert env.store.board_token(made.teacher_secret) == made.board_token
    board = env.store.board(made.board_token, INFOS)
    teacher = env.store.dashboard(made.teacher_secret, INFOS)
    assert board.members == teacher.members and board.table == teacher.table
    assert (board.name, board.join_code, board.homework) == (
        "Year 7",
        made.join_code,
        teacher.homework,
    )
    # Stored hashed like the other secrets: the database holds neither token.
    with env.engine.connect() as conn:
        row = conn.execute(select(schema.classes)).one()
    assert row.board_hash == tokens.digest(made.board_token)
    assert made.board_token not in str(tuple(row))


def _management(store: ClassStore, key: str, learner_id: int) -> dict[str, Callable[[], Any]]:
    """Every change a teacher may make to a class, each called with ``key``."""
    return {
        "rename": lambda: store.rename(key, "Hacked"),
        "homework": lambda: store.set_homework(key, []),
        "code": lambda: store.rotate_join_code(key),
        "longer_code": lambda: store.lengthen_join_code(key),
        "link": lambda: store.rotate_teacher_secret(key),
        "joining": lambda: store.set_joining(key, False),
        "learner_name": lambda: store.rename_learner(key, learner_id, "Hacked"),
        "learner_remove": lambda: store.remove_learner(key, learner_id),
        "close": lambda: store.close(key),
        "delete": lambda: store.delete(key),
        "dashboard": lambda: store.dashboard(key, INFOS),
        "board_token": lambda: store.board_token(key),
        "sync": lambda: store.sync(key, Progress()),
        "leave": lambda: store.leave(key),
        "learner_view": lambda: store.what_teacher_sees(key),
    }


def test_every_management_action_refuses_the_board_token(env: Env) -> None:
    made = env.store.create_class("Year 7", [Homework("scenario", "belote/a")])
    token = env.store.join(made.join_code, "Ana", "c1")
    learner_id = env.store.dashboard(made.teacher_secret, INFOS).members[0].learner_id
    before = env.store.dashboard(made.teacher_secret, INFOS)
    actions = _management(env.store, made.board_token, learner_id)
    for name, action in actions.items():
        with pytest.raises(AccessError):
            action()
        assert env.store.dashboard(made.teacher_secret, INFOS) == before, name
    assert env.store.board(made.board_token, INFOS).members == before.members
    env.store.sync(token, Progress())  # the learner is still in
    # And the other way round: neither the teacher secret nor a learner token opens a board.
    for other in (made.teacher_secret, token, made.join_code, "", "x" * 43):
        with pytest.raises(AccessError):
            env.store.board(other, INFOS)


def test_a_new_teacher_link_gives_a_new_board_link_and_the_old_one_opens_nothing(
    env: Env,
) -> None:
    made = env.store.create_class("Year 7")
    new = env.store.rotate_teacher_secret(made.teacher_secret)
    fresh = env.store.board_token(new)
    assert fresh != made.board_token
    with pytest.raises(AccessError):
        env.store.board(made.board_token, INFOS)
    assert env.store.board(fresh, INFOS).name == "Year 7"
    env.store.delete(new)
    with pytest.raises(AccessError):
        env.store.board(fresh, INFOS)


def test_a_class_made_before_boards_gets_one_when_its_teacher_asks(env: Env) -> None:
    made = env.store.create_class("Older")
    with env.engine.begin() as conn:
        conn.execute(update(schema.classes).values(board_hash=None))
    with pytest.raises(AccessError):
        env.store.board(made.board_token, INFOS)
    assert env.store.board_token(made.teacher_secret) == made.board_token
    assert env.store.board(made.board_token, INFOS).name == "Older"


def test_the_migrated_schema_is_past_the_board_revision() -> None:
    assert head() >= "0005"


# --- joins a school can use --------------------------------------------------------------


def test_codes_are_eight_characters_and_an_older_six_character_code_still_works(
    env: Env,
) -> None:
    made = env.store.create_class("Class")
    assert len(made.join_code) == 8 and set(made.join_code) <= set(tokens.ALPHABET)
    env.store.join(tokens.shown_join_code(made.join_code).lower(), "Ana", "c1")
    older = env.store.create_class("Older")
    with env.engine.begin() as conn:
        conn.execute(
            update(schema.classes)
            .where(schema.classes.c.id == older.class_id)
            .values(join_code="ABC2DE")
        )
    env.store.join("abc-2de", "Bo", "c2")


def test_a_six_character_code_is_lengthened_once_and_a_closed_class_keeps_its_own(
    env: Env,
) -> None:
    def six(class_id: int, code: str) -> None:
        with env.engine.begin() as conn:
            conn.execute(
                update(schema.classes).where(schema.classes.c.id == class_id).values(join_code=code)
            )

    older = env.store.create_class("Older")
    six(older.class_id, "ABC2DE")
    token = env.store.join("ABC2DE", "Ana", "c1")
    code = env.store.lengthen_join_code(older.teacher_secret)
    assert code is not None and len(code) == tokens.JOIN_LENGTH
    assert set(code) <= set(tokens.ALPHABET)
    assert env.store.dashboard(older.teacher_secret, INFOS).join_code == code
    assert env.store.lengthen_join_code(older.teacher_secret) is None  # once only
    with pytest.raises(JoinError):
        env.store.join("ABC2DE", "Bo", "c2")
    env.store.sync(token, Progress())  # the learner already in stays in
    env.store.join(code, "Bo", "c3")
    # A closed class takes nobody in: its code stays as it was.
    closed = env.store.create_class("Closed")
    six(closed.class_id, "XYZ2AB")
    env.store.close(closed.teacher_secret)
    assert env.store.lengthen_join_code(closed.teacher_secret) is None
    assert env.store.dashboard(closed.teacher_secret, INFOS).join_code == "XYZ2AB"
    # The board token reads; it never changes a code.
    with pytest.raises(AccessError):
        env.store.lengthen_join_code(closed.board_token)
    full = env.store.create_class("New")
    assert env.store.lengthen_join_code(full.teacher_secret) is None


def test_a_pupils_typos_at_a_school_address_never_block_a_classmates_right_code(
    env: Env,
) -> None:
    made = env.store.create_class("Class")
    school = "203.0.113.7"
    for _ in range(10):
        with pytest.raises(JoinError) as e:
            env.store.join(_wrong_code(made.join_code), "Tom", f"{school}|tom", address=school)
        assert e.value.key == "bad_code"
    # Tom's own browser is told to wait; everyone else at the school joins at once.
    with pytest.raises(JoinError) as e:
        env.store.join(made.join_code, "Tom", f"{school}|tom", address=school)
    assert e.value.key == "too_many_tries"
    for pupil in range(30):
        env.store.join(made.join_code, f"P{pupil}", f"{school}|p{pupil}", address=school)


def test_a_whole_room_typing_cannot_lock_the_room_out(env: Env) -> None:
    made = env.store.create_class("Class")
    school = "203.0.113.7"
    for pupil in range(30):  # thirty pupils, three typos each
        for _ in range(3):
            with pytest.raises(JoinError):
                env.store.join(_wrong_code(made.join_code), "P", f"s{pupil}", address=school)
        env.store.join(made.join_code, f"P{pupil}", f"s{pupil}", address=school)


def test_one_address_guessing_is_stopped_and_cannot_lock_out_the_server(env: Env) -> None:
    store = env.with_limits(Limits(address_failures=20, all_failures=20, quiet_failures=3))
    made = store.create_class("Class")
    attacker = "198.51.100.9"
    for i in range(20):  # a new session for every try: the address is what counts
        with pytest.raises(JoinError) as e:
            store.join(_wrong_code(made.join_code), "Eve", f"{attacker}|{i}", address=attacker)
        assert e.value.key == "bad_code"
    with pytest.raises(JoinError) as e:  # the attacker's address is refused, the code unread
        store.join(made.join_code, "Eve", f"{attacker}|new", address=attacker)
    assert e.value.key == "too_busy"
    # The server's budget is spent, yet a school with a typo or two still joins.
    school = "203.0.113.7"
    with pytest.raises(JoinError) as e:
        store.join(_wrong_code(made.join_code), "Tom", f"{school}|tom", address=school)
    assert e.value.key == "bad_code"
    store.join(made.join_code, "Tom", f"{school}|tom", address=school)
    store.join(made.join_code, "Ana", f"{school}|ana", address=school)
    env.clock.advance(minutes=15, seconds=1)
    store.join(made.join_code, "Eve", f"{attacker}|later", address=attacker)


def test_many_addresses_spending_the_budget_block_only_the_noisy_ones(env: Env) -> None:
    store = env.with_limits(Limits(all_failures=20, quiet_failures=3))
    made = store.create_class("Class")
    for bot in range(10):  # ten addresses, two wrong codes each: the budget is spent
        for _ in range(2):
            with pytest.raises(JoinError):
                store.join(_wrong_code(made.join_code), "Eve", f"bot{bot}", address=f"bot{bot}")
    with pytest.raises(JoinError) as e:  # a third try is still answered...
        store.join(_wrong_code(made.join_code), "Eve", "bot0", address="bot0")
    assert e.value.key == "bad_code"
    with pytest.raises(JoinError) as e:  # ...then that address is one of the noisy ones
        store.join(made.join_code, "Eve", "bot0-new", address="bot0")
    assert e.value.key == "too_busy"
    store.join(made.join_code, "Ana", "school", address="school")


def test_refusals_are_class_errors_with_their_key(env: Env) -> None:
    with pytest.raises(ClassError) as e:
        env.store.board("not a token at all, with spaces", INFOS)
    assert e.value.key == "bad_board"


# --- the teacher's morning list ------------------------------------------------------------


def test_the_homework_csv_has_a_row_per_learner_and_item_and_opens_in_a_spreadsheet(
    env: Env,
) -> None:
    import csv
    import io

    from tutorial.classes.homework_view import BOM, HomeworkItem, homework_csv
    from tutorial.classes.store import PracticeRecord
    from tutorial.course.progress import QuizRecord

    lesson = Homework("lesson", "belote/01-x")
    single = Homework("scenario", "belote/a")
    made = env.store.create_class("Year 7", [lesson, single])
    ana = env.store.join(made.join_code, "=Ana", "c1")  # a name a spreadsheet would run
    env.store.join(made.join_code, "Tom B.", "c2")
    env.store.sync(
        ana,
        Progress(
            scenarios={"belote/a": ScenarioRecord(done=True, stars=2, mistakes=1)},
            quizzes={"belote/01-x": QuizRecord(right=3, total=4)},
        ),
        {"belote/a": 100},
        lessons={"belote/01-x": 200},
        hands=[PracticeRecord("h1", "belote", 8, 8, 2.0, (), 95)],
    )
    board = env.store.dashboard(made.teacher_secret, INFOS)
    items = [
        HomeworkItem(lesson, "Lesson: The deal", ("belote/a",)),
        HomeworkItem(single, "Overruff", ("belote/a",)),
    ]
    text = homework_csv(board, items, {"belote/a": "belote"})
    assert text.startswith(BOM) and not text.startswith(BOM * 2)
    rows = list(csv.reader(io.StringIO(text.removeprefix(BOM))))
    header, body = rows[0], rows[1:]
    assert header[:2] == ["Learner", "Homework"] and len(body) == 4  # 2 learners × 2 items
    first = dict(zip(header, body[0], strict=True))
    assert first["Learner"] == "'=Ana" and first["Homework"] == "Lesson: The deal"
    assert first["Scenarios done"] == "1 of 1" and first["Stars"] == "2"
    assert first["Minutes spent"] == "5"  # 200 s reading + 100 s on its scenario
    assert first["Quiz"] == "3 of 4 right"
    assert first["Practice hands played"] == "1" and first["Minutes on practice hands"] == "2"
    tom = [dict(zip(header, r, strict=True)) for r in body if r[0] == "Tom B."]
    assert [r["Minutes spent"] for r in tom] == ["0", "0"]
