"""Playlists, inline scenarios and lesson links: the pure model, its caps, and the pages.

The pure part (``tutorial/course/playlists.py``) is tested directly: links read back what was
written, every cap is enforced with a sentence (never a traceback), a decompression
bomb stops at the limit. The pages run under AppTest: a playlist link opens its first
scenario with the panel, the end of a scenario offers the next in the playlist, a
Workshop scenario's link opens for anyone, a lesson opens from ``?lesson=<game>/<nn>``.
"""

from __future__ import annotations

import base64
import zlib
from pathlib import Path

import pytest
from apptest_util import app_session, open_app
from hypothesis import given, settings
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from tutorial.course.lessons import load_lessons
from tutorial.course.library import load_library
from tutorial.course.playlists import (
    INLINE_PREFIX,
    MAX_INLINE_BYTES,
    MAX_INLINE_CHARS,
    MAX_ITEMS,
    MAX_LIST_CHARS,
    LinkError,
    Playlist,
    decode_inline,
    encode_inline,
    from_query,
    inline_key,
    lesson_link,
    load_playlists,
    next_item,
    parse_item,
    parse_playlist,
    playlist_link,
    resolve_lesson_link,
    to_query,
    unpack_zlib,
)
from tutorial.engine.errors import ScenarioError

ROOT = Path(__file__).resolve().parent.parent
OVERRUFF = (ROOT / "scenarios" / "belote" / "overruff.yaml").read_text("utf-8")


def _code(raw: bytes) -> str:
    return INLINE_PREFIX + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


# --- inline scenarios ----------------------------------------------------------------


def test_an_inline_code_carries_the_text_exactly() -> None:
    code = encode_inline(OVERRUFF)
    assert code.startswith(INLINE_PREFIX) and len(code) < len(OVERRUFF)
    assert decode_inline(code) == OVERRUFF
    # spaces and line breaks a mail program may add are ignored
    assert decode_inline(code[:50] + "\n  " + code[50:]) == OVERRUFF


@settings(max_examples=40)
@given(st.text(max_size=300))
def test_any_text_survives_the_round_trip(text: str) -> None:
    text = text.encode("utf-8", "replace").decode("utf-8")  # lone surrogates are not text
    assert decode_inline(encode_inline(text)) == text


def test_a_decompression_bomb_stops_at_the_limit() -> None:
    bomb = _code(b"a" * (50 * MAX_INLINE_BYTES))  # ~3 MB of "a" in a short code
    assert len(bomb) < MAX_INLINE_CHARS
    with pytest.raises(LinkError, match="unpacks to more than 65,536 bytes"):
        decode_inline(bomb)
    # the limit is applied while unpacking: the output never exceeds limit + 1 bytes
    assert unpack_zlib(zlib.compress(b"a" * 10_000_000), 1000) is None
    assert decode_inline(_code(b"a" * MAX_INLINE_BYTES)) == "a" * MAX_INLINE_BYTES


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("ATS1." + "A" * (MAX_INLINE_CHARS + 1), "characters long"),
        ("belote/overruff", "not a scenario code"),
        ("ATS1.!!!!", "damaged"),
        ("ATS1." + base64.urlsafe_b64encode(b"not zlib").decode(), "damaged"),
        (_code(b"\xff\xfe not utf-8"), "damaged"),
        (_code(b"title: x")[:-6], "damaged"),  # cut short
    ],
)
def test_a_bad_inline_code_is_refused_with_a_sentence(code: str, words: str) -> None:
    with pytest.raises(LinkError) as e:
        decode_inline(code)
    assert words in str(e.value)
    assert "Traceback" not in str(e.value) and str(e.value).endswith(".")


def test_the_key_of_an_inline_scenario_depends_on_its_text_only() -> None:
    assert inline_key(OVERRUFF) == inline_key(decode_inline(encode_inline(OVERRUFF)))
    assert inline_key(OVERRUFF) != inline_key(OVERRUFF + " ")


# --- playlists from links ------------------------------------------------------------


def test_a_playlist_link_reads_back_what_was_written() -> None:
    inline = encode_inline(OVERRUFF)
    pl = Playlist("Trumps & more", ("belote/follow-suit-basic", inline), "Before Thursday.")
    q = to_query(pl)
    back = from_query(q["playlist"], q["title"], q["note"])
    assert back == pl
    link = playlist_link("http://host/play", pl)
    assert link.startswith("http://host/play?playlist=belote/follow-suit-basic,ATS1.")
    assert "title=Trumps+%26+more" in link and "note=Before+Thursday." in link


def test_a_playlist_link_without_title_gets_a_plain_one() -> None:
    pl = from_query("belote/overruff", None, None)
    assert pl is not None and pl.title == "A playlist" and pl.note == ""
    assert from_query(None, "x", "y") is None


def test_a_title_and_a_note_are_capped_and_cleaned() -> None:
    pl = from_query("belote/overruff", "T\x00itle" + "x" * 500, "n" * 5000)
    assert pl is not None
    assert "\x00" not in pl.title and len(pl.title) == 120
    assert len(pl.note) == 1000


@pytest.mark.parametrize(
    ("items", "words"),
    [
        ("", "names no scenario"),
        (" , ,", "names no scenario"),
        (",".join(["belote/overruff"] * (MAX_ITEMS + 1)), f"at most {MAX_ITEMS}"),
        ("x" * (MAX_LIST_CHARS + 1), "characters long"),
        ("belote/overruff,../etc/passwd", "neither a scenario's name"),
        ("belote/overruff,ATS1.broken!", "damaged"),
    ],
)
def test_a_bad_playlist_link_is_refused_with_a_sentence(items: str, words: str) -> None:
    with pytest.raises(LinkError) as e:
        from_query(items, None, None)
    assert words in str(e.value)


def test_an_item_is_an_id_or_a_code() -> None:
    assert parse_item(" belote/overruff ") == "belote/overruff"
    code = encode_inline("title: x")
    assert parse_item(code) == code
    with pytest.raises(LinkError):
        parse_item("<script>")


def test_next_in_the_playlist() -> None:
    keys = ["a", "b", "c"]
    assert [next_item(keys, k) for k in keys] == ["b", "c", None]
    assert next_item(keys, "z") is None


# --- playlist files ------------------------------------------------------------------


def test_a_playlist_file_reads() -> None:
    pl = parse_playlist(
        "title: Two\nnote: Go.\nscenarios: [belote/overruff, belote/capot]\n", "p.yaml", "p"
    )
    assert pl == Playlist("Two", ("belote/overruff", "belote/capot"), "Go.", "p")


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        (
            "title: x\nscenarios: [a/b]\ncolour: red\n",
            "p.yaml:3:1",
            "“colour” is not a playlist key",
        ),
        ("scenarios: [a/b]\n", "p.yaml:1:1", "needs a title"),
        ("title: x\n", "p.yaml:1:1", "needs a list of scenarios"),
        ("title: x\nscenarios: []\n", "p.yaml:2:12", "needs a list of scenarios"),
        ("title: x\nscenarios:\n  - a/b\n  - ../x\n", "p.yaml:4:5", "neither a scenario's name"),
        ("title: x\nscenarios:\n  - a/b\n  - 3\n", "p.yaml:4:5", "neither a scenario's name"),
        ("title: [x]\nscenarios: [a/b]\n", "p.yaml:1:8", "“title” must be text"),
        ("- a\n- b\n", "p.yaml:1:1", "a playlist is a mapping"),
        ("title: x\nscenarios: [a/b\n", "p.yaml:", "not valid YAML"),
        ("title: x\nscenarios: [" + ", ".join(["a/b"] * 31) + "]\n", "p.yaml:2:12", "at most 30"),
        (
            "title: x\nscenarios: [a/b]\nnote: " + "n" * 1001 + "\n",
            "p.yaml:3:7",
            "longer than 1000",
        ),
        ("title: x\nnote: " + "n" * 40_000 + "\n", "p.yaml:1:1", "at most 32,768"),
    ],
)
def test_a_bad_playlist_file_says_where_and_what(text: str, where: str, words: str) -> None:
    with pytest.raises(ScenarioError) as e:
        parse_playlist(text, "p.yaml")
    message = str(e.value)
    assert message.startswith(where), message
    assert words in message, message


def test_the_example_playlists_name_scenarios_of_the_library() -> None:
    playlists, problems = load_playlists()
    assert not problems
    lib = load_library()
    games = set()
    for pl in playlists:
        assert pl.title and 2 <= len(pl.items) <= MAX_ITEMS
        missing = [i for i in pl.items if i not in lib.scenarios]
        assert not missing, (pl.name, missing)
        games |= {i.split("/")[0] for i in pl.items}
    assert games == {"belote", "tarot", "briscola"}, "one example per game"


def test_a_broken_playlist_file_is_listed_not_fatal(tmp_path: Path) -> None:
    (tmp_path / "a-good.yaml").write_text("title: x\nscenarios: [belote/overruff]\n", "utf-8")
    (tmp_path / "b-bad.yaml").write_text("title: x\n", "utf-8")
    (tmp_path / "c-binary.yaml").write_bytes(b"\xff\xfe\x00")
    playlists, problems = load_playlists(tmp_path)
    assert [p.name for p in playlists] == ["a-good"]
    assert problems[0].startswith("lessons/playlists/b-bad.yaml:1:1: ")
    assert "UTF-8" in problems[1]


# --- lesson links --------------------------------------------------------------------


def test_every_lesson_has_a_short_link_that_finds_it() -> None:
    ids = [le.id for le in load_lessons()]
    assert ids
    for lid in ids:
        short = lesson_link(lid)
        assert short.count("/") == 1 and short.split("/")[1].isdigit()
        assert resolve_lesson_link(short, ids) == lid
        assert resolve_lesson_link(lid, ids) == lid
    assert resolve_lesson_link("belote/3", ids) == resolve_lesson_link("belote/03", ids)
    assert resolve_lesson_link("belote/99", ids) is None
    assert resolve_lesson_link("chess/01", ids) is None


# --- the pages (AppTest) -------------------------------------------------------------

fresh = pytest.mark.usefixtures("_fresh_caches")


def _play(**params: str) -> AppTest:
    at = open_app("play", 60, **params)
    assert not at.exception, [e.value for e in at.exception]
    return at


def _type(at: AppTest, text: str) -> None:
    at.text_input(key="typed_card").input(text).run()
    assert not at.exception, [e.value for e in at.exception]


@fresh
def test_a_playlist_link_opens_its_first_scenario_and_next_leads_to_the_second() -> None:
    at = _play(playlist="briscola/ace-beats-three,belote/overruff", title="Two", note="Go on.")
    assert app_session(at).play.current == "briscola/ace-beats-three"
    panel = " ".join(m.value for m in at.markdown)
    assert "**Two**" in panel and "Go on." in panel
    assert any(c.value == "0 of 2 done" for c in at.caption)
    _type(at, "AD")
    _type(at, "21")
    assert at.button(key="end_playlist_next").label == "Next in the playlist"
    assert any(c.value == "1 of 2 done" for c in at.caption)
    at.button(key="end_playlist_next").click().run()
    assert app_session(at).play.current == "belote/overruff"
    assert at.query_params["playlist"] == "briscola/ace-beats-three,belote/overruff"
    _type(at, "9H")
    _type(at, "You")
    assert any("whole playlist: Two" in s.value for s in at.success)
    assert all(b.key != "end_playlist_next" for b in at.button)


@fresh
def test_a_playlist_with_a_missing_scenario_opens_the_rest() -> None:
    at = _play(playlist="belote/no-such-scenario,belote/overruff")
    assert app_session(at).play.current == "belote/overruff"
    assert any("there is no scenario called belote/no-such-scenario" in c.value for c in at.caption)


@fresh
def test_a_bad_playlist_link_says_why_and_the_page_still_works() -> None:
    at = _play(playlist=",".join(["belote/overruff"] * 40))
    assert any("cannot be read" in e.value and "at most 30" in e.value for e in at.error)
    assert at.title


@fresh
def test_a_workshop_scenario_travels_in_its_link() -> None:
    code = encode_inline(OVERRUFF.replace("Overtrump the opponent's ruff", "My own ruff"))
    at = _play(scenario_inline=code)
    assert at.title[0].value == "My own ruff"
    _type(at, "9H")
    # the address follows the step, and still carries the scenario
    assert at.query_params["scenario_inline"] == code
    assert "scenario" not in at.query_params
    link = next(c.value for c in at.caption if "Link to this step" in c.value)
    assert f"scenario_inline={code}&step=" in link
    bad = _play(scenario_inline=_code(b"title: [unclosed"))
    assert any("has problems" in e.value for e in bad.error)
    assert any("not valid YAML" in c.value for c in bad.code)


@fresh
def test_a_lesson_opens_from_its_short_link_and_shows_it() -> None:
    at = open_app("lessons", 60, lesson="belote/04")
    assert not at.exception
    assert app_session(at).lessons.lesson == "belote/04-overtrump-undertrump"
    assert any(c.value.endswith("/lessons?lesson=belote/04") for c in at.code)
    assert any("playlist=belote/follow-suit-basic" in c.value for c in at.code), (
        "the Belote example playlist is listed with its link"
    )
    # the playlist's long link is folded away (only a teacher copies it)
    folded = [e for e in at.expander if e.label == "Link to this playlist, to copy for a class"]
    assert folded and any("playlist=belote/follow-suit-basic" in c.value for c in folded[0].code)


@fresh
def test_the_workshop_gives_a_scenario_link_and_makes_a_playlist() -> None:
    at = open_app("workshop")
    text = OVERRUFF.replace("Overtrump the opponent's ruff", "Written today")
    at.text_area(key="workshop_text").input(text).run()
    assert not at.exception, [e.value for e in at.exception]
    link = next(c.value for c in at.code if "scenario_inline=ATS1." in c.value)
    code = link.split("scenario_inline=", 1)[1]
    assert decode_inline(code) == text
    at.text_area(key="workshop_playlist").input(
        "title: Today\nscenarios: [belote/follow-suit-basic, workshop, belote/nope]\n"
    ).run()
    assert any("there is no scenario called belote/nope" in c.value for c in at.code)
    shown = next(c.value for c in at.code if "playlist=" in c.value)
    assert f"playlist=belote/follow-suit-basic,{code},belote/nope&title=Today" in shown
    at.text_area(key="workshop_playlist").input("title: Today\nsenarios: [a/b]\n").run()
    assert any(c.value.startswith("pasted-playlist.yaml:2:1: ") for c in at.code)


@fresh
def test_an_example_playlist_opens_from_the_lessons_page() -> None:
    at = open_app("lessons", 60, lesson="belote/01")
    at.button(key="playlist_open_belote_0").click().run()
    assert not at.exception, [e.value for e in at.exception]
    at.switch_page("screens/play.py").run()  # AppTest stays on its page after a switch
    assert at.query_params["title"] == "Belote: when you must trump"
    assert app_session(at).play.current == "belote/follow-suit-basic"
    assert any(m.value == "**Belote: when you must trump**" for m in at.markdown)
    assert any(c.value == "0 of 4 done" for c in at.caption)
    at.button(key="playlist_step_2").click().run()
    assert app_session(at).play.current == "belote/overruff"
    at.button(key="playlist_leave").click().run()
    assert all(b.key != "playlist_leave" for b in at.button)
    assert app_session(at).play.current == "belote/overruff"
