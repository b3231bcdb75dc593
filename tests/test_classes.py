"""The class storage (tutorial.classes): making and running a class, joining, syncing, the
teacher's view; and every way in that should stay shut, tried as an attacker would.

Every test runs on SQLite (a temporary file) and on a real PostgreSQL server (see
``db_util``). The store's clock is the test's own: nothing here reads the wall clock.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from db_util import KINDS, Env, store_env
from sqlalchemy import func, select

from tutorial.classes import schema, tokens
from tutorial.classes.errors import (
    AccessError,
    ClassError,
    InputError,
    JoinError,
    SyncError,
)
from tutorial.classes.store import Homework, Limits
from tutorial.course.classroom import ScenarioInfo, table_rows
from tutorial.course.progress import Progress, QuizRecord, ScenarioRecord, merge, to_json
from tutorial.language.i18n import speaking, t

INFOS = [
    ScenarioInfo("belote/a", "Overruff", "belote"),
    ScenarioInfo("belote/b", "Lead trumps", "belote"),
    ScenarioInfo("tarot/c", "Save the Petit", "tarot"),
]


@pytest.fixture(params=KINDS)
def env(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Env]:
    with store_env(request.param, tmp_path, request) as made:
        yield made


def progress(**recs: ScenarioRecord) -> Progress:
    """A progress of these records (``belote_a`` names ``belote/a``)."""
    return Progress(scenarios={k.replace("_", "/", 1): v for k, v in recs.items()})


def stored(env: Env) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table, to compare before and after a refused call."""
    with env.engine.connect() as conn:
        return {
            table.name: sorted(tuple(r) for r in conn.execute(select(table)))
            for table in schema.metadata.sorted_tables
        }


def rows_of(env: Env, table: schema.Table) -> int:
    """How many rows a table holds."""
    with env.engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(table)).scalar_one())


# --- A class's life ----------------------------------------------------------------------


def test_a_class_is_made_with_a_long_secret_and_a_short_code(env: Env) -> None:
    made = env.store.create_class("CM2 B", [Homework("scenario", "belote/a", date(2026, 3, 9))])
    assert len(made.teacher_secret) >= 43
    assert len(made.join_code) == 8 and set(made.join_code) <= set(tokens.ALPHABET)
    assert not set(made.join_code) & set("0O1IL")
    board = env.store.dashboard(made.teacher_secret, INFOS)
    assert (board.class_id, board.name, board.join_code, board.join_open) == (
        made.class_id,
        "CM2 B",
        made.join_code,
        True,
    )
    assert board.homework == (Homework("scenario", "belote/a", date(2026, 3, 9)),)
    assert board.created == env.clock.now and board.closed is None
    assert board.members == () and board.table.learners == ()


def test_learners_join_sync_and_the_teacher_sees_the_class_table(env: Env) -> None:
    made = env.store.create_class("Class")
    ana = env.store.join(made.join_code, "Ana", "client-1")
    bo = env.store.join(made.join_code.lower(), "Bo", "client-2")  # typed in small letters
    env.clock.advance(days=1)
    env.store.sync(ana, progress(belote_a=ScenarioRecord(done=True, stars=3)), {"belote/a": 95})
    env.store.sync(bo, progress(belote_b=ScenarioRecord(mistakes=2, wrong={"9H": 2})))
    board = env.store.dashboard(made.teacher_secret, INFOS)
    assert [m.name for m in board.members] == ["Ana", "Bo"]
    assert [c.learner.name for c in board.table.learners] == ["Ana", "Bo"]
    assert [s.sid for s in board.table.scenarios] == ["belote/a", "belote/b"]
    assert board.table.cells[0][0] == ScenarioRecord(done=True, stars=3)
    assert board.table.cells[1][1] == ScenarioRecord(mistakes=2, wrong={"9H": 2})
    assert board.table.learners[0].learner.date == "2026-03-03"
    assert board.seconds[board.members[0].learner_id] == {"belote/a": 95}
    rows = table_rows(board.table)  # the existing table renders it as it is
    assert rows[0][t("teacher.col_learner")] == "Ana"
    assert [w.code for w in board.table.wrong_cards()] == ["9H"]


def test_two_learners_of_one_name_are_told_apart_on_the_table(env: Env) -> None:
    made = env.store.create_class("Class")
    env.store.join(made.join_code, "Ana", "c1")
    env.store.join(made.join_code, "Ana", "c2")
    board = env.store.dashboard(made.teacher_secret, INFOS)
    assert [m.shown for m in board.members] == ["Ana (1)", "Ana (2)"]


def test_sync_merges_as_the_browser_merges(env: Env) -> None:
    made = env.store.create_class("Class")
    token = env.store.join(made.join_code, "Ana", "c")
    first = progress(
        belote_a=ScenarioRecord(done=True, stars=2, mistakes=1, wrong={"9H": 3, "AS": 1}),
        belote_b=ScenarioRecord(mistakes=4, hints=1),
    )
    second = progress(
        belote_a=ScenarioRecord(mistakes=5, stars=1, wrong={"9H": 1, "KC": 2}),
        tarot_c=ScenarioRecord(done=True, stars=3),
    )
    env.store.sync(token, first, {"belote/a": 60})
    back = env.store.sync(token, second, {"belote/a": 40, "tarot/c": 10})
    expected = merge(first, second)
    assert back.scenarios == expected.scenarios
    seen = env.store.what_teacher_sees(token)
    assert seen.progress.scenarios == expected.scenarios
    assert seen.seconds == {"belote/a": 60, "belote/b": 0, "tarot/c": 10}
    # The same progress again changes nothing.
    before = stored(env)
    env.store.sync(token, second, {"belote/a": 40})
    after = stored(env)
    assert before["records"] == after["records"]


def test_the_json_text_of_a_progress_file_syncs_too(env: Env) -> None:
    made = env.store.create_class("Class")
    token = env.store.join(made.join_code, "Ana", "c")
    env.store.sync(token, to_json(progress(belote_a=ScenarioRecord(done=True, stars=3))))
    assert env.store.what_teacher_sees(token).progress.scenarios["belote/a"].done


def test_what_the_teacher_sees_is_shown_to_the_learner(env: Env) -> None:
    made = env.store.create_class("Mme Li", [Homework("lesson", "belote-basics")])
    token = env.store.join(made.join_code, "Ana", "c")
    env.store.sync(token, progress(belote_a=ScenarioRecord(done=True, stars=3)))
    seen = env.store.what_teacher_sees(token)
    assert (seen.class_name, seen.name, seen.joined) == ("Mme Li", "Ana", env.clock.now)
    assert seen.homework == (Homework("lesson", "belote-basics"),)
    assert list(seen.progress.scenarios) == ["belote/a"]


def test_the_teacher_renames_and_sets_homework(env: Env) -> None:
    made = env.store.create_class("Class")
    token = env.store.join(made.join_code, "ana", "c")
    env.store.rename(made.teacher_secret, "CM2 B")
    lid = env.store.dashboard(made.teacher_secret, INFOS).members[0].learner_id
    env.store.rename_learner(made.teacher_secret, lid, "Ana M.")
    items = [Homework("playlist", "week-1", date(2026, 3, 9)), Homework("scenario", "tarot/c")]
    env.store.set_homework(made.teacher_secret, items)
    board = env.store.dashboard(made.teacher_secret, INFOS)
    assert board.name == "CM2 B" and board.members[0].name == "Ana M."
    assert board.homework == tuple(items)
    env.store.set_homework(made.teacher_secret, [])
    assert env.store.dashboard(made.teacher_secret, INFOS).homework == ()
    assert env.store.what_teacher_sees(token).name == "Ana M."


def test_homework_that_cannot_be_stored_is_refused_by_its_number(env: Env) -> None:
    made = env.store.create_class("Class")
    bad = [
        ([Homework("video", "x")], "homework_kind"),
        ([Homework("lesson", "a b")], "homework_ref"),
        ([Homework("lesson", "x" * 161)], "homework_ref"),
        ([Homework("lesson", "x"), Homework("lesson", "x")], "homework_twice"),
        ([Homework("lesson", f"l{i}") for i in range(101)], "homework_many"),
        ([Homework("lesson", "x", "tomorrow")], "homework_due"),  # type: ignore[arg-type]
    ]
    for items, key in bad:
        with pytest.raises(InputError) as e:
            env.store.set_homework(made.teacher_secret, items)
        assert e.value.key == key
    with pytest.raises(InputError, match="Homework item 2"):
        env.store.set_homework(made.teacher_secret, [Homework("lesson", "x")] * 2)


def test_a_rotated_join_code_replaces_the_old_one(env: Env) -> None:
    made = env.store.create_class("Class")
    new = env.store.rotate_join_code(made.teacher_secret)
    assert new != made.join_code
    with pytest.raises(JoinError) as e:
        env.store.join(made.join_code, "Ana", "c")
    assert e.value.key == "bad_code"
    env.store.join(new, "Ana", "c")


def test_a_rotated_teacher_secret_replaces_the_old_link(env: Env) -> None:
    made = env.store.create_class("Class")
    new = env.store.rotate_teacher_secret(made.teacher_secret)
    with pytest.raises(AccessError) as e:
        env.store.dashboard(made.teacher_secret, INFOS)
    assert e.value.key == "bad_teacher"
    assert env.store.dashboard(new, INFOS).class_id == made.class_id


def test_joining_closes_and_opens_again(env: Env) -> None:
    made = env.store.create_class("Class")
    token = env.store.join(made.join_code, "Ana", "c")
    env.store.set_joining(made.teacher_secret, False)
    with pytest.raises(JoinError, match="No open class has this code"):
        env.store.join(made.join_code, "Bo", "c")
    env.store.sync(token, progress(belote_a=ScenarioRecord(done=True)))  # those in stay in
    env.store.set_joining(made.teacher_secret, True)
    env.store.join(made.join_code, "Bo", "c")


def test_a_closed_class_takes_no_one_and_no_sync_but_is_still_read(env: Env) -> None:
    made = env.store.create_class("Class")
    token = env.store.join(made.join_code, "Ana", "c")
    env.store.sync(token, progress(belote_a=ScenarioRecord(done=True)))
    env.clock.advance(hours=1)
    env.store.close(made.teacher_secret)
    with pytest.raises(JoinError):
        env.store.join(made.join_code, "Bo", "c")
    before = stored(env)
    with pytest.raises(AccessError) as e:
        env.store.sync(token, progress(belote_b=ScenarioRecord(done=True)))
    assert e.value.key == "class_closed"
    assert stored(env) == before
    for reopen in (
        lambda: env.store.set_joining(made.teacher_secret, True),
        lambda: env.store.rotate_join_code(made.teacher_secret),
    ):
        with pytest.raises(AccessError):
            reopen()
    board = env.store.dashboard(made.teacher_secret, INFOS)
    assert board.closed == env.clock.now and not board.join_open
    assert len(board.table.learners) == 1


def test_deleting_a_class_deletes_every_record_of_it(env: Env) -> None:
    keep = env.store.create_class("Other class", [Homework("lesson", "x")])
    other = env.store.join(keep.join_code, "Zed", "z")
    env.store.sync(other, progress(belote_a=ScenarioRecord(done=True)))
    made = env.store.create_class("Class", [Homework("lesson", "x")])
    token = env.store.join(made.join_code, "Ana", "c")
    env.store.sync(token, progress(belote_a=ScenarioRecord(done=True)))
    with pytest.raises(JoinError):
        env.store.join("ZZZZZZ", "Eve", "e")  # a wrong try: not the class's own
    env.store.delete(made.teacher_secret)
    for table in (schema.classes, schema.homework, schema.learners, schema.records):
        assert rows_of(env, table) == 1, table.name
    assert rows_of(env, schema.join_attempts) == 2  # Zed's join and Eve's wrong try
    with pytest.raises(AccessError):
        env.store.dashboard(made.teacher_secret, INFOS)
    with pytest.raises(AccessError):
        env.store.sync(token, progress(belote_b=ScenarioRecord(done=True)))
    assert env.store.what_teacher_sees(other).progress.scenarios["belote/a"].done


def test_a_learner_who_leaves_takes_their_records_with_them(env: Env) -> None:
    made = env.store.create_class("Class")
    token = env.store.join(made.join_code, "Ana", "c")
    env.store.sync(token, progress(belote_a=ScenarioRecord(done=True)))
    env.store.leave(token)
    assert rows_of(env, schema.learners) == 0 and rows_of(env, schema.records) == 0
    for call in (
        lambda: env.store.sync(token, progress(belote_a=ScenarioRecord(done=True))),
        lambda: env.store.what_teacher_sees(token),
        lambda: env.store.leave(token),
    ):
        with pytest.raises(AccessError) as e:
            call()
        assert e.value.key == "bad_token"


def test_a_removed_learner_syncing_again_is_refused(env: Env) -> None:
    made = env.store.create_class("Class")
    token = env.store.join(made.join_code, "Ana", "c")
    env.store.sync(token, progress(belote_a=ScenarioRecord(done=True)))
    lid = env.store.dashboard(made.teacher_secret, INFOS).members[0].learner_id
    env.store.remove_learner(made.teacher_secret, lid)
    assert rows_of(env, schema.records) == 0
    before = stored(env)
    with pytest.raises(AccessError) as e:
        env.store.sync(token, progress(belote_a=ScenarioRecord(done=True)))
    assert e.value.key == "removed"
    assert str(e.value) == t("classes.removed")
    assert stored(env) == before
    with pytest.raises(AccessError):
        env.store.what_teacher_sees(token)
    assert env.store.dashboard(made.teacher_secret, INFOS).members == ()
    with pytest.raises(AccessError):  # removed once is removed
        env.store.remove_learner(made.teacher_secret, lid)


# --- Secrets are kept only as hashes -----------------------------------------------------


def test_no_secret_or_token_is_stored_as_it_is(env: Env) -> None:
    made = env.store.create_class("Class")
    token = env.store.join(made.join_code, "Ana", "client-address-1")
    dump = json.dumps(stored(env), default=str)
    assert made.teacher_secret not in dump and token not in dump
    assert "client-address-1" not in dump
    assert tokens.digest(made.teacher_secret) in dump and tokens.digest(token) in dump


# --- As an attacker --------------------------------------------------------------------


def test_a_teacher_secret_opens_only_its_own_class(env: Env) -> None:
    mine = env.store.create_class("Mine")
    theirs = env.store.create_class("Theirs")
    env.store.join(mine.join_code, "Ana", "a")
    victim = env.store.join(theirs.join_code, "Bo", "b")
    env.store.sync(victim, progress(belote_a=ScenarioRecord(done=True)))
    their_id = env.store.dashboard(theirs.teacher_secret, INFOS).members[0].learner_id
    board = env.store.dashboard(mine.teacher_secret, INFOS)
    assert [m.name for m in board.members] == ["Ana"]
    before = stored(env)
    for call in (
        lambda: env.store.rename_learner(mine.teacher_secret, their_id, "pwned"),
        lambda: env.store.remove_learner(mine.teacher_secret, their_id),
        lambda: env.store.rename_learner(mine.teacher_secret, 10**9, "x"),
        lambda: env.store.remove_learner(mine.teacher_secret, "1 OR 1=1"),  # type: ignore[arg-type]
        lambda: env.store.remove_learner(mine.teacher_secret, True),
    ):
        with pytest.raises(AccessError) as e:
            call()
        assert e.value.key == "learner_unknown"
    assert stored(env) == before


def test_a_learner_token_reads_and_writes_only_its_own_record(env: Env) -> None:
    made = env.store.create_class("Class")
    other = env.store.create_class("Other")
    ana = env.store.join(made.join_code, "Ana", "a")
    bo = env.store.join(made.join_code, "Bo", "b")
    zed = env.store.join(other.join_code, "Zed", "z")
    env.store.sync(bo, progress(belote_a=ScenarioRecord(mistakes=7)))
    env.store.sync(zed, progress(belote_a=ScenarioRecord(mistakes=9)))
    back = env.store.sync(ana, progress(belote_a=ScenarioRecord(done=True, stars=3)))
    assert back.scenarios == {"belote/a": ScenarioRecord(done=True, stars=3)}
    assert env.store.what_teacher_sees(ana).progress.scenarios == back.scenarios
    assert env.store.what_teacher_sees(bo).progress.scenarios == {
        "belote/a": ScenarioRecord(mistakes=7)
    }
    assert env.store.what_teacher_sees(zed).progress.scenarios == {
        "belote/a": ScenarioRecord(mistakes=9)
    }


def test_forged_and_misused_secrets_open_nothing(env: Env) -> None:
    made = env.store.create_class("Class")
    token = env.store.join(made.join_code, "Ana", "c")
    forged = [
        tokens.new_secret(),
        "",
        "x" * 10_000,
        tokens.digest(made.teacher_secret),  # the stored hash, read from a stolen dump
        made.teacher_secret[:-1],
        made.teacher_secret + "A",
        "' OR '1'='1",
        "é" * 43,
        None,
        42,
    ]
    before = stored(env)
    for bad in [*forged, token]:  # a learner token is not a teacher secret
        with pytest.raises(AccessError) as e:
            env.store.dashboard(bad, INFOS)  # type: ignore[arg-type]
        assert e.value.key == "bad_teacher"
        with pytest.raises(AccessError):
            env.store.rename(bad, "pwned")  # type: ignore[arg-type]
        with pytest.raises(AccessError):
            env.store.delete(bad)  # type: ignore[arg-type]
    for bad in [*forged, tokens.digest(token), made.teacher_secret]:
        with pytest.raises(AccessError) as e:
            env.store.sync(bad, progress(belote_a=ScenarioRecord(done=True)))  # type: ignore[arg-type]
        assert e.value.key == "bad_token"
        with pytest.raises(AccessError):
            env.store.what_teacher_sees(bad)  # type: ignore[arg-type]
    assert stored(env) == before


def test_a_replayed_token_after_leaving_or_an_old_link_after_rotating_is_refused(
    env: Env,
) -> None:
    made = env.store.create_class("Class")
    token = env.store.join(made.join_code, "Ana", "c")
    env.store.leave(token)
    again = env.store.join(made.join_code, "Ana", "c")
    assert again != token
    with pytest.raises(AccessError):
        env.store.sync(token, progress(belote_a=ScenarioRecord(done=True)))
    new = env.store.rotate_teacher_secret(made.teacher_secret)
    with pytest.raises(AccessError):
        env.store.rotate_teacher_secret(made.teacher_secret)
    env.store.dashboard(new, INFOS)


def test_brute_forcing_join_codes_is_stopped_per_client(env: Env) -> None:
    made = env.store.create_class("Class")
    wrong = [c for c in ("ABCDEF", "234567", "ZZZZZZ") if c != made.join_code]
    for i in range(10):
        with pytest.raises(JoinError) as e:
            env.store.join(wrong[i % len(wrong)], "Eve", "attacker")
        assert e.value.key == "bad_code"
    # The limit is reached: even the right code is refused to this client, unread.
    with pytest.raises(JoinError) as e:
        env.store.join(made.join_code, "Eve", "attacker")
    assert e.value.key == "too_many_tries"
    assert "15 minutes" in str(e.value)
    env.store.join(made.join_code, "Ana", "a classmate")  # others still join
    env.clock.advance(minutes=16)
    env.store.join(made.join_code, "Eve", "attacker")  # the window has passed


def test_malformed_codes_count_as_tries(env: Env) -> None:
    made = env.store.create_class("Class")
    for bad in ("", "0O1IL0", "ABC", "A" * 1000, "ABCDE'; --"):
        with pytest.raises(JoinError):
            env.store.join(bad, "Eve", "attacker")
    for _ in range(5):
        with pytest.raises(JoinError):
            env.store.join("QQQQQQ", "Eve", "attacker")
    with pytest.raises(JoinError, match="Too many wrong codes"):
        env.store.join(made.join_code, "Eve", "attacker")


def test_many_clients_guessing_together_are_stopped_too(env: Env) -> None:
    # Past the budget of all clients together, a client that guessed is refused, unread;
    # one that has not (a school typing its code) is still served.
    store = env.with_limits(Limits(client_failures=3, all_failures=20, quiet_failures=1))
    made = store.create_class("Class")
    for i in range(20):
        with pytest.raises(JoinError) as e:
            store.join("QQQQQQ" if made.join_code != "QQQQQQ" else "RRRRRR", "Eve", f"bot-{i}")
        assert e.value.key == "bad_code"
    with pytest.raises(JoinError) as e:
        store.join(made.join_code, "Eve", "bot-3")
    assert e.value.key == "too_busy"
    store.join(made.join_code, "Ana", "a new client")
    env.clock.advance(minutes=15, seconds=1)
    store.join(made.join_code, "Eve", "bot-3")


def test_joins_into_one_class_are_limited_per_window(env: Env) -> None:
    store = env.with_limits(Limits(class_joins=3))
    made = store.create_class("Class")
    other = store.create_class("Other")
    for i in range(3):
        store.join(made.join_code, f"L{i}", f"c{i}")
    with pytest.raises(JoinError) as e:
        store.join(made.join_code, "L3", "c3")
    assert e.value.key == "busy_class"
    store.join(other.join_code, "M", "c3")
    env.clock.advance(minutes=20)
    store.join(made.join_code, "L3", "c3")


def test_a_full_class_takes_no_more_learners(env: Env) -> None:
    store = env.with_limits(Limits(learners=2))
    made = store.create_class("Class")
    store.join(made.join_code, "A", "a")
    store.join(made.join_code, "B", "b")
    with pytest.raises(JoinError, match="full"):
        store.join(made.join_code, "C", "c")


def test_a_closed_code_and_an_unknown_code_are_refused_alike(env: Env) -> None:
    made = env.store.create_class("Class")
    env.store.set_joining(made.teacher_secret, False)
    with pytest.raises(JoinError) as closed:
        env.store.join(made.join_code, "Eve", "c1")
    unknown = "ABCDEF" if made.join_code != "ABCDEF" else "BCDEFG"
    with pytest.raises(JoinError) as missing:
        env.store.join(unknown, "Eve", "c2")
    assert (closed.value.key, str(closed.value)) == (missing.value.key, str(missing.value))


@pytest.mark.parametrize(
    "name",
    [
        "Robert'); DROP TABLE learners;--",
        "<script>alert(1)</script>",
        "<img src=x onerror=alert(1)>",
        "**bold** [link](javascript:alert(1))",
        "{name} %s \\x00",
        "王小明",
        "x" * 60,
    ],
)
def test_sql_and_markup_in_names_are_stored_as_plain_text(env: Env, name: str) -> None:
    made = env.store.create_class(name)
    token = env.store.join(made.join_code, name, "c")
    board = env.store.dashboard(made.teacher_secret, INFOS)
    assert board.name == name and board.members[0].name == name
    assert env.store.what_teacher_sees(token).name == name
    assert rows_of(env, schema.learners) == 1 and rows_of(env, schema.classes) == 1


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("", "name_empty"),
        ("   ", "name_empty"),
        ("x" * 61, "name_long"),
        ("Ana\nBo", "name_control"),
        ("Ana\x00", "name_control"),
        ("Ana\u202egnp.exe", "name_control"),
        ("Ana\x1b[31m", "name_control"),
    ],
)
def test_names_that_cannot_be_shown_are_refused(env: Env, name: str, key: str) -> None:
    with pytest.raises(InputError) as e:
        env.store.create_class(name)
    assert e.value.key == key
    made = env.store.create_class("Class")
    with pytest.raises(InputError) as e:
        env.store.join(made.join_code, name, "c")
    assert e.value.key == key
    assert rows_of(env, schema.learners) == 0
    assert rows_of(env, schema.join_attempts) == 0  # a bad name is not a try of a code


def test_spaces_in_names_are_collapsed() -> None:
    from tutorial.classes.store import clean_name

    assert clean_name("  Ana \t  Maria ") == "Ana Maria"


def test_oversized_or_malformed_payloads_are_refused_where_they_are(env: Env) -> None:
    made = env.store.create_class("Class")
    token = env.store.join(made.join_code, "Ana", "c")
    env.store.sync(token, progress(belote_a=ScenarioRecord(done=True, stars=3)), {"belote/a": 9})
    before = stored(env)
    big = Progress(scenarios={f"belote/s{i}": ScenarioRecord(done=True) for i in range(1001)})
    cases: list[tuple[object, object, str, str]] = [
        (big, None, "sync_many", "1001 scenario records"),
        ("x" * 300_000, None, "sync_progress", "300,000 bytes"),
        ("{not json", None, "sync_progress", "not JSON"),
        (
            '{"scenarios": {"belote/a": {"stars": 9}}}',
            None,
            "sync_progress",
            "scenarios.belote/a.stars",
        ),
        ('{"scenarios": {"belote/a": {"done": true}}, "extra": 1}', None, "sync_progress", "extra"),
        ("[" * 100 + "]" * 100, None, "sync_progress", "nested"),
        (b"\xff\xfe", None, "sync_progress", "UTF-8"),
        ({"scenarios": {}}, None, "sync_kind", ""),
        (12, None, "sync_kind", ""),
        (
            progress(belote_a=ScenarioRecord(), belote_b=ScenarioRecord()).model_copy(
                update={"scenarios": {"belote/a": ScenarioRecord(), "bad id\n": ScenarioRecord()}}
            ),
            None,
            "sync_record",
            "Scenario record 2",
        ),
        (progress(belote_a=ScenarioRecord()), {"belote/a": -1}, "sync_record", "Scenario record 1"),
        (progress(belote_a=ScenarioRecord()), {"belote/a": True}, "sync_record", "whole number"),
        (progress(belote_a=ScenarioRecord()), {"belote/a": 10**12}, "sync_record", "3600000"),
        (progress(belote_a=ScenarioRecord()), {"belote/a": "60"}, "sync_record", "seconds"),
        (progress(belote_a=ScenarioRecord()), {"tarot/zz": 5}, "sync_time", "tarot/zz"),
        (progress(belote_a=ScenarioRecord()), [("belote/a", 5)], "sync_seconds", ""),
    ]
    for payload, seconds, key, where in cases:
        with pytest.raises(SyncError) as e:
            env.store.sync(token, payload, seconds)  # type: ignore[arg-type]
        assert (e.value.key, where in str(e.value)) == (key, True), (key, str(e.value))
        assert stored(env) == before, key  # nothing stored is lost or changed


def test_a_learner_cannot_fill_the_database(env: Env) -> None:
    store = env.with_limits(Limits(learner_records=3))
    made = store.create_class("Class")
    token = store.join(made.join_code, "Ana", "c")
    store.sync(token, progress(belote_a=ScenarioRecord(), belote_b=ScenarioRecord()))
    before = stored(env)
    with pytest.raises(SyncError) as e:
        store.sync(token, progress(tarot_c=ScenarioRecord(), tarot_d=ScenarioRecord()))
    assert e.value.key == "sync_total"
    assert stored(env) == before
    store.sync(token, progress(tarot_c=ScenarioRecord(done=True)))  # up to the cap is fine


def test_every_refusal_is_a_class_error_in_the_learners_language(env: Env) -> None:
    made = env.store.create_class("Class")
    with speaking("zh-Hant"):
        with pytest.raises(ClassError) as e:
            env.store.join("ABCDEG" if made.join_code != "ABCDEG" else "ABCDEH", "Eve", "c")
        assert str(e.value) == t("classes.bad_code")
        assert "班級" in str(e.value)
        with pytest.raises(ClassError, match="老師連結"):
            env.store.dashboard("nope", INFOS)


# --- Quiz results --------------------------------------------------------------------------


def quizzes(**results: tuple[int, int]) -> Progress:
    """A progress of these quiz results (``belote_03`` names the lesson ``belote/03``)."""
    return Progress(
        quizzes={
            k.replace("_", "/", 1): QuizRecord(right=r, total=n) for k, (r, n) in results.items()
        }
    )


def test_quiz_results_are_kept_best_first_and_shown_to_teacher_and_learner(env: Env) -> None:
    made = env.store.create_class("Class", [Homework("lesson", "belote/03")])
    ana = env.store.join(made.join_code, "Ana", "c1")
    bo = env.store.join(made.join_code, "Bo", "c2")
    back = env.store.sync(ana, quizzes(belote_03=(3, 5), tarot_01=(2, 2)))
    assert back.quizzes == {
        "belote/03": QuizRecord(right=3, total=5),
        "tarot/01": QuizRecord(right=2, total=2),
    }
    # A worse result sent later (another tab, an older code) keeps the better one.
    back = env.store.sync(ana, quizzes(belote_03=(1, 5)))
    assert back.quizzes["belote/03"] == QuizRecord(right=3, total=5)
    env.store.sync(ana, quizzes(belote_03=(5, 5)))
    env.store.sync(bo, quizzes(belote_03=(4, 5)))
    seen = env.store.what_teacher_sees(ana)
    assert seen.progress.quizzes["belote/03"] == QuizRecord(right=5, total=5)
    board = env.store.dashboard(made.teacher_secret, INFOS)
    ids = [m.learner_id for m in board.members]
    assert board.quizzes[ids[0]]["belote/03"] == QuizRecord(right=5, total=5)
    assert board.quizzes[ids[1]] == {"belote/03": QuizRecord(right=4, total=5)}
    assert board.table.learners[1].learner.progress.quizzes["belote/03"].right == 4


def test_quiz_results_leave_with_the_learner_and_the_class(env: Env) -> None:
    made = env.store.create_class("Class")
    ana = env.store.join(made.join_code, "Ana", "c1")
    bo = env.store.join(made.join_code, "Bo", "c2")
    env.store.sync(ana, quizzes(belote_03=(3, 5)))
    env.store.sync(bo, quizzes(belote_03=(3, 5)))
    env.store.leave(ana)
    assert rows_of(env, schema.quizzes) == 1
    board = env.store.dashboard(made.teacher_secret, INFOS)
    env.store.remove_learner(made.teacher_secret, board.members[0].learner_id)
    assert rows_of(env, schema.quizzes) == 0
    cy = env.store.join(made.join_code, "Cy", "c3")
    env.store.sync(cy, quizzes(belote_03=(1, 5)))
    env.store.delete(made.teacher_secret)
    assert rows_of(env, schema.quizzes) == 0


def test_malformed_or_too_many_quiz_results_are_refused_and_nothing_changes(env: Env) -> None:
    made = env.store.create_class("Class")
    token = env.store.join(made.join_code, "Ana", "c")
    env.store.sync(token, quizzes(belote_03=(3, 5)))
    before = stored(env)
    bad = Progress(quizzes={"belote/03 x": QuizRecord(right=1, total=1)})
    with pytest.raises(SyncError) as e:
        env.store.sync(token, bad)
    assert e.value.key == "sync_quiz"
    small = env.with_limits(Limits(quizzes=2))
    with pytest.raises(SyncError) as e:
        small.sync(token, quizzes(a_1=(1, 1), a_2=(1, 1), a_3=(1, 1)))
    assert e.value.key == "sync_quizzes"
    with pytest.raises(SyncError) as e:  # two new ones beside the one kept: three in all
        small.sync(token, quizzes(a_1=(1, 1), a_2=(1, 1)))
    assert e.value.key == "sync_quizzes"
    assert stored(env) == before
