"""The counting trainer: right counts accepted, wrong ones diagnosed by card or bonus."""

import pytest

from tutorial.course.counting_trainer import (
    Exercise,
    diagnose,
    excuse_fate,
    make_exercise,
    pile_rows,
    piles_split_text,
    piles_start_text,
    side_names,
)
from tutorial.engine.cards import EXCUSE, Card, Suit

GAMES = ["belote", "tarot", "briscola"]


@pytest.mark.parametrize("game", GAMES)
def test_exercise_totals_match_the_engine(game: str) -> None:
    ex = make_exercise(game, 7)
    total = ex.running_total(len(ex.tricks) - 1)
    expected = {"belote": 162, "tarot": None, "briscola": 120}[game]
    if expected is not None:
        assert total == expected
    for i in range(len(ex.tricks)):
        assert diagnose(ex, i, ex.trick_value(i)).right


@pytest.mark.parametrize("game", GAMES)
def test_a_left_out_card_is_named(game: str) -> None:
    ex = make_exercise(game, 11)
    for i, trick in enumerate(ex.tricks):
        counted = [c for c in trick.cards if ex.value(c) and c.suit is not Suit.EXCUSE]
        if counted:
            card = max(counted, key=ex.value)
            d = diagnose(ex, i, ex.trick_value(i) - ex.value(card))
            assert not d.right
            assert card.label in d.message
            return
    pytest.fail("no trick with a counted card")


def test_belote_forgotten_dix_de_der() -> None:
    ex = make_exercise("belote", 5)
    last = len(ex.tricks) - 1
    d = diagnose(ex, last, ex.trick_value(last) - 10)
    assert "dix de der" in d.message


def test_belote_trump_counted_as_plain() -> None:
    for seed in range(50):
        ex = make_exercise("belote", seed)
        trump = ex.state.trump  # type: ignore[attr-defined]
        for i, trick in enumerate(ex.tricks):
            jacks = [c for c in trick.cards if c.suit is trump and c.rank == "J"]
            if jacks and not any(ex.value(c) == 18 for c in trick.cards):
                d = diagnose(ex, i, ex.trick_value(i) - 18)
                assert "is a trump: it is worth 20, not 2" in d.message, d.message
                return
    pytest.fail("no trump jack found")


def test_unexplained_count_lists_the_values() -> None:
    ex = make_exercise("briscola", 2)
    d = diagnose(ex, 0, 999)
    assert not d.right and "count again" in d.message


def test_the_sides_are_shown_beside_the_trick() -> None:
    from tutorial.course.counting_trainer import sides_text

    tarot_ex = make_exercise("tarot", 7)
    names = ("South", "East", "North", "West")
    taker = tarot_ex.state.taker
    text = sides_text(tarot_ex)
    assert text.startswith(f"Sides: {names[taker]} is the taker, alone against ")
    assert all(n in text for n in names)
    belote_ex = make_exercise("belote", 7)
    assert sides_text(belote_ex) == "Sides: South and North play together, against East and West."
    assert sides_text(make_exercise("briscola", 7)) == ""  # two players: each plays alone


def test_the_sides_tell_whether_the_excuse_counts_in_a_trick() -> None:
    """An Excuse in a trick won by the other side stays out of its count; the sides line
    says which side each seat is on."""
    from tutorial.course.counting_trainer import sides_text
    from tutorial.engine.cards import EXCUSE

    for seed in range(1, 60):
        ex = make_exercise("tarot", seed)
        state = ex.state
        for i, trick in enumerate(ex.tricks[:-1]):
            if EXCUSE not in trick.cards:
                continue
            owner = next(p.seat for p in trick.plays if p.card == EXCUSE)
            kept = state.team_of(owner) != state.team_of(trick.winner)
            assert (ex.trick_value(i) == sum(map(ex.value, trick.cards))) is not kept
            taker_name = ("South", "East", "North", "West")[state.taker]
            assert f"{taker_name} is the taker" in sides_text(ex)
            return
    pytest.skip("no Excuse before the last trick")


def test_a_briscola_jack_counted_twice_its_value_is_briscolas_own_rule_set() -> None:
    """The Queen and Jack swap of the other Briscola ruleset is this game's own mix-up."""
    for seed in range(1, 40):
        ex = make_exercise("briscola", seed)
        for i, trick in enumerate(ex.tricks):
            jacks = [c for c in trick.cards if c.rank == "J"]
            if jacks and not any(ex.value(c) == 1 for c in trick.cards):
                d = diagnose(ex, i, ex.trick_value(i) + 1)  # the Jack counted 3
                assert f"The {jacks[0].label} is worth 2 points in these rules" in d.message
                assert "“Jack over Queen”" in d.message and not d.habits
                return
    pytest.fail("no Jack in 40 hands")


# --- Habits brought from another game ------------------------------------------------------
#
# Written here from the rules (docs/rules.md), apart from the engine: each game's card
# points, its last-trick bonus, and whether every card of a trick goes to its winner.

BELOTE_TRUMP = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
BELOTE_PLAIN = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
BRISCOLA = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2, "7": 0, "6": 0, "5": 0, "4": 0, "2": 0}
TAROT_PLAIN = {"K": 4.5, "Q": 3.5, "C": 2.5, "J": 1.5} | {str(n): 0.5 for n in range(1, 11)}
LAST_TRICK = {"belote": 10, "tarot": 0, "briscola": 0}
TITLES = {"belote": "Belote", "tarot": "French Tarot", "briscola": "Briscola"}


def _points_in(game: str, card: Card, trump: bool) -> set[float]:
    """What ``game`` may give ``card`` (as a trump when ``trump``, or both ways: None)."""
    if card.suit in (Suit.TRUMP, Suit.EXCUSE):
        return set()  # Tarot's own cards: only Tarot has them
    if game == "belote" and card.rank in BELOTE_PLAIN:
        return {(BELOTE_TRUMP if trump else BELOTE_PLAIN)[card.rank]}
    if game == "briscola" and card.rank in BRISCOLA:
        return {BRISCOLA[card.rank]}
    if game == "tarot" and card.rank in TAROT_PLAIN:
        return {TAROT_PLAIN[card.rank]}
    return set()


def _own_points(game: str, card: Card) -> set[float]:
    """Every value ``game`` gives ``card``, as a trump or not."""
    return _points_in(game, card, True) | _points_in(game, card, False)


def expected_habits(ex: Exercise, index: int) -> dict[float, set[str]]:
    """Every wrong count of trick ``index`` that another game's rules give, with the games."""
    trick = ex.tricks[index]
    correct = ex.trick_value(index)
    last = index == len(ex.tricks) - 1
    out: dict[float, set[str]] = {}
    every_card = sum(map(ex.value, trick.cards)) + (LAST_TRICK[ex.game] if last else 0)
    if every_card != correct:  # Tarot's Excuse, not with the winners: as in Belote and Briscola
        out.setdefault(every_card, set()).update({"belote", "briscola"})
    counted = [c for c in trick.cards if every_card == correct or c.suit is not Suit.EXCUSE]
    if last and ex.game != "belote":  # the dix de der added
        out.setdefault(correct + 10, set()).add("belote")
    for other in TITLES:
        if other == ex.game:
            continue
        for c in counted:
            for there in _points_in(other, c, ex.state.is_trump(c)):
                own = _own_points(ex.game, c) | {ex.value(c)}
                if there and there not in own:
                    out.setdefault(correct - ex.value(c) + there, set()).add(other)
    return out


def _wrong_counts(ex: Exercise, index: int) -> list[float]:
    """Wrong counts to try: every half point from 25 below the right count to 25 above."""
    correct = ex.trick_value(index)
    return [correct + k / 2 for k in range(-50, 51) if k]


@pytest.mark.parametrize("game", GAMES)
def test_a_habit_is_named_exactly_when_the_wrong_count_is_that_habit(game: str) -> None:
    kinds: set[str] = set()
    for seed in range(1, 9):
        ex = make_exercise(game, seed)
        for i in range(len(ex.tricks)):
            habits = expected_habits(ex, i)
            for given in sorted(set(_wrong_counts(ex, i)) | set(habits)):
                d = diagnose(ex, i, given)
                assert not d.right
                if given not in habits:
                    assert not d.habits, (seed, i, given, d.message)
                    assert not any(f"In {title} " in d.message for title in TITLES.values())
                    continue
                assert d.habits and set(d.habits) <= habits[given], (seed, i, given, d.message)
                assert f"In {TITLES[d.habits[0]]}" in d.message, d.message
                kinds.add(d.message.split(". ", 1)[1][:40])
    assert kinds, "no habit on eight hands"


def test_a_briscola_trump_jack_counted_as_belotes_is_named() -> None:
    found = 0
    for seed in range(1, 30):
        ex = make_exercise("briscola", seed)
        for i, trick in enumerate(ex.tricks):
            for jack in (c for c in trick.cards if c.rank == "J" and ex.state.is_trump(c)):
                d = diagnose(ex, i, ex.trick_value(i) + 18)
                assert d.habits == ("belote",)
                assert (
                    f"In Belote the {jack.label} is worth 20 points as a trump; "
                    "in Briscola it is worth 2 points, trump or not."
                ) in d.message
                found += 1
    assert found


def test_belotes_last_trick_bonus_added_in_briscola_is_named() -> None:
    for seed in range(1, 10):
        ex = make_exercise("briscola", seed)
        last = len(ex.tricks) - 1
        d = diagnose(ex, last, ex.trick_value(last) + 10)
        assert d.habits == ("belote",)
        assert (
            "In Belote the last trick brings 10 points more; "
            "Briscola has no bonus for the last trick."
        ) in d.message


def test_tarots_excuse_counted_with_the_winners_names_belote_and_briscola() -> None:
    found = 0
    for seed in range(1, 40):
        ex = make_exercise("tarot", seed)
        for i, trick in enumerate(ex.tricks):
            every_card = sum(map(ex.value, trick.cards))
            if EXCUSE not in trick.cards or every_card == ex.trick_value(i):
                continue
            d = diagnose(ex, i, every_card)
            assert d.habits == ("belote", "briscola")
            assert "In Belote and Briscola every card of a trick goes to its winners" in d.message
            assert "the Excuse" in d.message
            found += 1
    assert found


def test_belotes_ten_counted_in_tarot_is_named() -> None:
    for seed in range(1, 20):
        ex = make_exercise("tarot", seed)
        for i, trick in enumerate(ex.tricks):
            tens = [c for c in trick.cards if c.rank == "10"]
            if tens and not any(c.rank == "3" for c in trick.cards):
                d = diagnose(ex, i, ex.trick_value(i) + 9.5)
                assert d.habits == ("belote",), d.message
                assert f"In Belote the {tens[0].label} is worth 10 points" in d.message
                assert "in French Tarot it is worth 0.5 points." in d.message
                return
    pytest.fail("no 10 in Tarot tricks")


def test_a_value_the_game_gives_in_another_role_is_no_habit() -> None:
    """A Belote trump Jack counted 2 is Belote's own plain Jack, not Briscola's habit."""
    for seed in range(1, 50):
        ex = make_exercise("belote", seed)
        for i, trick in enumerate(ex.tricks):
            if any(c.rank == "J" and ex.state.is_trump(c) for c in trick.cards):
                d = diagnose(ex, i, ex.trick_value(i) - 18)
                assert not d.habits and "is a trump: it is worth 20, not 2" in d.message
                return
    pytest.fail("no trump Jack")


# --- Each side's pile ---------------------------------------------------------------------


def _engine_card_count(ex: Exercise) -> tuple[float, float]:
    """Each side's card points as the engine's score of the hand gives them."""
    state = ex.state
    details = state.outcome().details
    if ex.game == "belote":  # card points with the dix de der
        first, second = details["team_card_points"]
        return float(first), float(second)
    if ex.game == "tarot":  # the taker's side first
        return float(details["points"]), float(details["defence_points"])
    totals = state.outcome().totals
    return float(totals["A"]), float(totals["B"])


@pytest.mark.parametrize("game", GAMES)
def test_the_piles_end_at_the_engines_count_of_the_hand(game: str) -> None:
    for seed in range(1, 15):
        ex = make_exercise(game, seed)
        last = len(ex.tricks) - 1
        assert ex.piles(last) == _engine_card_count(ex)
        rows = pile_rows(ex, last)
        assert (rows[0].total, rows[1].total) == _engine_card_count(ex)
        shares = [ex.trick_shares(i) for i in range(len(ex.tricks))]
        start = ex.piles(-1)
        assert sum(s[0] for s in shares) + start[0] == ex.piles(last)[0]


@pytest.mark.parametrize("game", ["belote", "briscola"])
def test_each_trick_goes_whole_to_its_winners_pile(game: str) -> None:
    ex = make_exercise(game, 3)
    assert ex.piles(-1) == (0.0, 0.0)
    for i, trick in enumerate(ex.tricks):
        side = ex.state.team_of(trick.winner)
        shares = ex.trick_shares(i)
        assert shares[side] == ex.trick_value(i) and shares[1 - side] == 0
        assert piles_split_text(ex, i) == ""


def test_tarots_piles_keep_the_excuse_and_the_set_aside_cards() -> None:
    found = 0
    for seed in range(1, 40):
        ex = make_exercise("tarot", seed)
        state = ex.state
        start = ex.piles(-1)
        assert sum(start) == sum(map(ex.value, state.set_aside))  # type: ignore[attr-defined]
        assert piles_start_text(ex)  # the discard or the chien, in its side's pile
        for i, trick in enumerate(ex.tricks):
            owner = next((p.seat for p in trick.plays if p.card == EXCUSE), None)
            if owner is None or excuse_fate(ex, i) is None:
                continue
            win, own = state.team_of(trick.winner), state.team_of(owner)
            shares = ex.trick_shares(i)
            if own != win:  # it stays with its side, which gives half a point
                assert shares == tuple({win: ex.trick_value(i) + 0.5, own: 4.0}[s] for s in (0, 1))
                assert "stays in the pile of" in piles_split_text(ex, i)
            found += 1
    assert found


def test_the_sides_are_named_as_the_table_names_the_seats() -> None:
    assert side_names(make_exercise("belote", 7)) == ("South and North", "East and West")
    assert side_names(make_exercise("briscola", 7)) == ("You", "Opponent")
    tarot_ex = make_exercise("tarot", 7)
    names = ("South", "East", "North", "West")
    taker = tarot_ex.state.taker
    assert taker is not None
    sides = side_names(tarot_ex)
    assert sides[tarot_ex.state.team_of(taker)] == f"Taker ({names[taker]})"
    defence = sides[1 - tarot_ex.state.team_of(taker)]
    assert defence.startswith("Defence (") and names[taker] not in defence
