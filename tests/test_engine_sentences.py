"""The engine's sentences are deferred and unchanged: the fast state API builds none.

- Sentences are deferred: ``legal_actions``/``apply`` build none, ``explain`` builds its
  verdict's message only when it is read (then keeps it), in the context (seat names,
  language) of the moment the verdict was made; the same for trick explanations.
- The messages read exactly as the engine wrote them before the change: a record made
  with the engine of commit b35faa8 (``tests/engine_messages_golden.json``) is replayed
  over random hands of every game, every legal action and some refused ones explained;
  the same record holds the positions of ``tests/engine_positions.py`` (every ruleset,
  every phase, every sentence the engine can say: tests/test_message_coverage.py).
- The fast legality (a tuple of legal cards per state) agrees with ``explain``.
- One object per card: identity is equality, copies and pickles come back the same.

If a sentence of ``en.engine.toml`` is changed on purpose, record again with
``.venv/bin/python tests/test_engine_sentences.py --record`` (and read the diff).
"""

from __future__ import annotations

import copy
import json
import pickle
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from engine_positions import WRITTEN, record_positions

import tutorial.language.i18n as i18n
from tutorial.engine import belote, seats
from tutorial.engine.cards import BELOTE_DECK, TAROT_DECK, Card, Suit
from tutorial.engine.contract import GameState
from tutorial.engine.errors import IllegalPlayError
from tutorial.engine.games import new_hand, random_hand
from tutorial.engine.outcomes import Play, TrickResult
from tutorial.engine.seats import seat_names
from tutorial.engine.verdicts import Verdict

GOLDEN = Path(__file__).with_name("engine_messages_golden.json")
#: (record name, game, new_hand keywords, explain every n-th state)
HANDS = (
    ("belote", "belote", {}, 4),
    ("tarot", "tarot", {}, 11),
    ("briscola", "briscola", {}, 7),
    ("briscola-4p", "briscola", {"players": 4}, 5),
)
SEEDS = (0, 1, 2)
NAMES = ["You", "Left", "Partner", "Right"]


# --- The record (public API only, so that the engine before the change can make it) -----


def _text(action: Any) -> str:
    if isinstance(action, Card):
        return action.code
    if isinstance(action, Play):
        return f"{action.seat}:{action.card.code}"
    return repr(action)


def _row(action: Any, verdict: Verdict) -> list[Any]:
    forcing = [c.code for c in verdict.forcing]
    return [_text(action), verdict.legal, verdict.code, verdict.message, forcing, verdict.rule]


def _probes(state: GameState, actions: list[Any]) -> list[Any]:
    """The actions to explain: the legal ones, and in play every card of the hand, a card
    of another hand and a card played by the wrong seat."""
    if state.phase != "play":
        return list(actions)
    seat = state.to_move
    assert seat is not None
    hand = list(state.hands[seat])
    elsewhere = [c for s, h in enumerate(state.hands) if s != seat for c in h]
    elsewhere += [p.card for t in state.tricks for p in t.plays]
    elsewhere += [p.card for p in state.current_trick]
    return [*hand, elsewhere[0], Play((seat + 1) % state.num_players, hand[0])]


def record() -> dict[str, Any]:
    """Explain actions along seeded random hands; the sentences, codes and tricks."""
    out: dict[str, Any] = {}
    for name, game, kw, every in HANDS:
        for seed in SEEDS:
            rng = random.Random(seed)
            state = new_hand(game, rng=rng, **kw)
            steps = []
            step = 0
            while not state.is_terminal:
                actions = state.legal_actions()
                if step % every == 0:
                    rows = [_row(a, state.explain(a)) for a in _probes(state, actions)]
                    steps.append([step, rows])
                state = state.apply(actions[rng.randrange(len(actions))])
                step += 1
            out[f"{name}/{seed}"] = {
                "steps": steps,
                "tricks": [[t.reason, t.explanation] for t in state.tricks],
                "result": state.outcome().result,
            }
    out.update(record_positions())
    return out


# --- The sentences read as before ----------------------------------------------------------


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    return data


@pytest.fixture(scope="module")
def now() -> dict[str, Any]:
    return json.loads(json.dumps(record()))  # tuples as lists, like the file


@pytest.mark.parametrize("hand", [f"{name}/{seed}" for name, *_ in HANDS for seed in SEEDS])
def test_messages_read_as_the_engine_wrote_them_before(
    hand: str, golden: dict[str, Any], now: dict[str, Any]
) -> None:
    before, after = golden[hand], now[hand]
    assert [s for s, _ in after["steps"]] == [s for s, _ in before["steps"]]
    for (step, rows_before), (_, rows_after) in zip(before["steps"], after["steps"], strict=True):
        for row_before, row_after in zip(rows_before, rows_after, strict=True):
            assert row_after == row_before, f"{hand} step {step}"
        assert len(rows_after) == len(rows_before)
    assert after["tricks"] == before["tricks"]
    assert after["result"] == before["result"]


POSITIONS = sorted({*(f"written/{name}" for name in WRITTEN)})


def _position_names() -> list[str]:
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    return sorted(k for k in data if k.startswith(("seeded/", "written/")))


@pytest.mark.parametrize("name", _position_names())
def test_positions_read_as_recorded(name: str, golden: dict[str, Any], now: dict[str, Any]) -> None:
    assert now[name] == golden[name]


def test_every_position_is_in_the_record(golden: dict[str, Any], now: dict[str, Any]) -> None:
    assert sorted(now) == sorted(golden)
    assert set(POSITIONS) <= set(golden)


def test_the_record_explains_refusals_too(golden: dict[str, Any]) -> None:
    hands = [golden[f"{name}/{seed}"] for name, *_ in HANDS for seed in SEEDS]
    codes = {row[2] for hand in hands for _, rows in hand["steps"] for row in rows}
    for code in ("legal", "not_in_hand", "not_your_turn", "must_follow_suit", "must_trump"):
        assert code in codes


# --- Sentences are built only when read ----------------------------------------------------


@pytest.fixture
def lookups(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every catalogue lookup the engine makes, by key."""
    keys: list[str] = []
    real = i18n.t

    def counting(key: str, lang: str | None = None, **params: Any) -> str:
        keys.append(key)
        return real(key, lang, **params)

    # Every module of the engine that says a sentence (each game's package has several).
    for name, module in sorted(sys.modules.items()):
        if name.startswith("tutorial.engine") and getattr(module, "t", None) is real:
            monkeypatch.setattr(module, "t", counting)
    yield keys


@pytest.mark.parametrize(("game", "kw"), [("belote", {}), ("tarot", {}), ("briscola", {})])
def test_whole_hands_through_the_state_api_build_no_sentence(
    game: str, kw: dict[str, Any], lookups: list[str]
) -> None:
    rng = random.Random(11)
    for _ in range(5):
        state = random_hand(game, rng, **kw)
        assert state.tricks
    assert lookups == []
    # The sentences are there when read.
    assert all(t.explanation for t in state.tricks)
    assert lookups


def _refused_card(seed: int) -> tuple[belote.BeloteState, Card]:
    """A Belote position in play, and a card of the mover's hand the rules refuse."""
    rng = random.Random(seed)
    while True:
        state = belote.new_hand(rng=rng)
        while not state.is_terminal:
            if state.phase == "play" and state.to_move is not None:
                hand = state.hands[state.to_move]
                refused = [c for c in hand if c not in state.legal_plays()]
                if refused:
                    return state, refused[0]
            actions = state.legal_actions()
            state = state.apply(actions[rng.randrange(len(actions))])


def test_a_verdict_message_is_built_on_first_read_only(lookups: list[str]) -> None:
    state, card = _refused_card(3)
    lookups.clear()
    verdict = state.explain(card)
    assert not verdict.legal and lookups == [] and not verdict.is_built
    message = verdict.message
    assert lookups and verdict.is_built and message
    read = len(lookups)
    assert verdict.message == message
    assert len(lookups) == read  # kept, not built again
    # A legal card's verdict too.
    legal = state.explain(state.legal_plays()[0])
    assert legal.legal and not legal.is_built and len(lookups) == read
    assert legal.message and len(lookups) > read


def test_an_illegal_apply_raises_with_the_verdict_of_explain() -> None:
    state, card = _refused_card(5)
    with pytest.raises(IllegalPlayError) as info:
        state.apply(card)
    assert info.value.verdict == state.explain(card)
    assert info.value.verdict.message in str(info.value)


def _states(game: str, seed: int, kw: dict[str, Any]) -> Iterator[GameState]:
    rng = random.Random(seed)
    state = new_hand(game, rng=rng, **kw)
    while not state.is_terminal:
        yield state
        actions = state.legal_actions()
        state = state.apply(actions[rng.randrange(len(actions))])
    yield state


@pytest.mark.parametrize(("game", "kw"), [("belote", {}), ("tarot", {}), ("briscola", {})])
def test_a_deferred_sentence_reads_as_if_read_at_once(game: str, kw: dict[str, Any]) -> None:
    """Made with the table's seat names and read later without them: the same sentence."""
    eager: list[str] = []
    later: list[Callable[[], str]] = []
    with seat_names(NAMES):
        for seed in (21, 22):
            for state in _states(game, seed, kw):
                for action in _probes(state, state.legal_actions())[:6]:
                    eager.append(state.explain(action).message)
                    deferred = state.explain(action)
                    later.append(lambda v=deferred: v.message)
                if state.is_terminal:
                    for trick in state.tricks:
                        copy_ = TrickResult.deferred(
                            trick.index,
                            trick.plays,
                            trick.winner,
                            trick.points,
                            trick.reason,
                            lambda tr=trick: tr.explanation,
                        )
                        eager.append(trick.explanation)
                        later.append(lambda c=copy_: c.explanation)
    assert seats.current_seat_names() is None
    assert [read() for read in later] == eager
    assert any(NAMES[1] in text or "you" in text.lower() for text in eager)


def test_a_deferred_sentence_keeps_the_language_it_was_made_in(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state, card = _refused_card(3)
    english = state.explain(card).message
    fake = {k: "XX" + v for k, v in i18n.catalogue("en").items()}
    real_catalogue = i18n.catalogue
    monkeypatch.setattr(
        i18n, "catalogue", lambda lang="en": fake if lang == "xx" else real_catalogue(lang)
    )
    monkeypatch.setattr(i18n, "languages", lambda: ["en", "xx"])
    made_in_english = state.explain(card)
    i18n.set_language("xx")
    try:
        made_in_xx = state.explain(card)
        assert made_in_english.message == english
        assert made_in_xx.message.startswith("XX")
    finally:
        i18n.set_language("en")
    assert made_in_xx.message.startswith("XX")


# --- Values stay values --------------------------------------------------------------------


def test_verdicts_and_tricks_compare_hash_print_and_pickle_as_before() -> None:
    state, card = _refused_card(7)
    deferred = state.explain(card)
    eager = Verdict(
        deferred.legal, deferred.code, deferred.message, deferred.forcing, deferred.rule
    )
    other = state.explain(card)
    assert deferred == eager and hash(other) == hash(eager) and other == eager
    assert repr(eager) == repr(state.explain(card))
    assert repr(eager).startswith("Verdict(legal=False, code=")
    for value in (state.explain(card), eager):
        assert pickle.loads(pickle.dumps(value)) == eager
        assert copy.deepcopy(value) == eager
    with pytest.raises(AttributeError):
        eager.message = "changed"  # type: ignore[misc]
    assert Verdict.refuse("x", "A.", [card]).forcing == (card,)
    played = random_hand("briscola", random.Random(1))
    trick = played.tricks[0]
    same = TrickResult(
        trick.index, trick.plays, trick.winner, trick.points, trick.reason, trick.explanation
    )
    assert trick == same and hash(trick) == hash(same) and repr(trick) == repr(same)
    assert pickle.loads(pickle.dumps(played.tricks[1])) == played.tricks[1]
    match trick:
        case TrickResult(index, _, winner, _, _, explanation):
            assert (index, winner, explanation) == (0, trick.winner, trick.explanation)


def test_one_object_per_card() -> None:
    ten = Card(Suit.SPADES, "10")
    assert Card.parse("10s") is ten is BELOTE_DECK.parse("TS") is TAROT_DECK.parse("10S")
    assert copy.copy(ten) is ten and copy.deepcopy(ten) is ten
    assert pickle.loads(pickle.dumps(ten)) is ten
    assert ten == Card.parse("10S") and ten != Card.parse("JS") and ten != "10S"
    assert len({ten, Card.parse("10S"), Card.parse("JS")}) == 2
    with pytest.raises(AttributeError):
        ten.rank = "J"  # type: ignore[misc]


# --- Fast legality agrees with explain -------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "ruleset"),
    [
        ("belote", "default"),
        ("belote", "seed-004"),
        ("belote", "contree-discard"),
        ("tarot", "default"),
        ("briscola", "default"),
    ],
)
def test_legal_actions_are_what_explain_accepts(game: str, ruleset: str) -> None:
    for seed in range(12):
        rng = random.Random(seed)
        state = new_hand(game, ruleset, rng=rng)
        while not state.is_terminal:
            actions = state.legal_actions()
            assert actions and all(state.explain(a).legal for a in actions)
            if state.phase == "play":
                seat = state.to_move
                assert seat is not None
                hand = state.hands[seat]
                accepted = [c for c in hand if state.explain(c).legal]
                assert sorted(actions, key=hand.index) == accepted
                assert state.legal_plays() == actions
            state = state.apply(actions[rng.randrange(len(actions))])


def test_evolved_states_forget_what_they_derived() -> None:
    state = belote.new_hand(rng=random.Random(4))
    while state.phase != "play":
        state = state.apply(state.legal_actions()[-1])
    first = state.legal_plays()
    nxt = state.apply(first[0])
    assert nxt.to_move != state.to_move
    assert nxt.legal_plays() == [c for c in nxt.hands[nxt.to_move or 0] if nxt.explain(c).legal]
    assert "_legal_" not in vars(nxt) or vars(nxt)["_legal_"] != vars(state)["_legal_"]


if __name__ == "__main__":  # pragma: no cover - records the golden file
    if "--record" not in sys.argv:
        raise SystemExit("usage: python tests/test_engine_sentences.py --record [PATH]")
    target = Path(sys.argv[-1]) if sys.argv[-1].endswith(".json") else GOLDEN
    target.write_text(json.dumps(record(), ensure_ascii=False, indent=0) + "\n", "utf-8")
    print(f"recorded {target}")
