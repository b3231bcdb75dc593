"""The counting trainer: tricks of a real hand shown one by one, the learner counts.

A wrong count gets a diagnosis naming the card or bonus that was miscounted: a card
left out, a card counted at its plain value instead of its trump value (or the other
way round), the dix de der forgotten, a half point lost in Tarot. When the wrong number
is exactly what another game's rules would give (a Briscola Jack counted as Belote's
trump Jack, Belote's last-trick bonus added in Briscola, Tarot's Excuse counted with the
trick's winner as every card is in Belote), the diagnosis names that game and its habit.
What each game gives a card comes from what the game registers (``GameInfo``: ``card_points_as``,
``last_trick_bonus``, ``whole_trick_piles``), never from a table here.

After each trick the learner sees each side's pile: the points each side has so far,
from the engine's own count (``piles_after_tricks``). Pure Python.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tutorial.engine.cards import Card, Suit
from tutorial.engine.contract import GameState
from tutorial.engine.games import GAMES, GameInfo, game_info, random_hand
from tutorial.engine.outcomes import TrickResult
from tutorial.engine.rule_options import rulesets
from tutorial.engine.ruleset_titles import ruleset_title
from tutorial.language.i18n import t, tn
from tutorial.scenarios.position import shown_seat_names

#: Two counts closer than this are the same count (counts are whole or half points).
_SAME = 1e-9

#: Each side's pile: (side 0, side 1), in the order of ``GameState.team_of``.
Piles = tuple[float, float]


@dataclass(frozen=True)
class Exercise:
    """A played hand whose tricks the learner counts, one by one."""

    game: str
    seed: int
    state: GameState
    tricks: tuple[TrickResult, ...]

    def value(self, card: Card) -> float:
        """The card's points in this hand."""
        return self.state.card_points(card)

    def trick_value(self, index: int) -> float:
        """What trick ``index`` is worth, bonuses included (dix de der on the last)."""
        trick = self.tricks[index]
        total = float(trick.points)  # the engine's count (Tarot: the Excuse stays with its owner)
        if index == len(self.tricks) - 1:
            total += self.state.last_trick_bonus  # Belote's dix de der
        return total

    def running_total(self, index: int) -> float:
        """The sum of tricks 0..index."""
        return sum(self.trick_value(i) for i in range(index + 1))

    def piles(self, index: int) -> Piles:
        """Each side's pile after trick ``index`` (``-1``: before the first trick), as the
        engine counts it: the cards set aside before play, the last trick's bonus, the
        Excuse where it goes."""
        return self.state.piles_after_tricks()[index + 1]

    def trick_shares(self, index: int) -> Piles:
        """What trick ``index`` put in each side's pile."""
        before, after = self.piles(index - 1), self.piles(index)
        return after[0] - before[0], after[1] - before[1]


def make_exercise(game: str, seed: int) -> Exercise:
    """A random hand of ``game`` (reproducible by ``seed``) with every trick to count."""
    for s in range(seed, seed + 100):
        state = random_hand(game, random.Random(s))
        if state.tricks:
            return Exercise(game, s, state, tuple(state.tricks))
    raise RuntimeError("no hand with tricks in 100 deals")  # pragma: no cover


@dataclass(frozen=True)
class Diagnosis:
    """The verdict on one count; ``habits`` names the other games whose habit it names."""

    right: bool
    correct: float
    message: str
    cards: tuple[Card, ...] = ()
    habits: tuple[str, ...] = ()


@dataclass(frozen=True)
class _Why:
    """One explanation of a wrong count: its sentence, the cards it names, and the other
    games whose habit it names (none: a mistake within this game's own rules)."""

    text: str
    cards: tuple[Card, ...] = ()
    habit_of: tuple[str, ...] = ()


def _fmt(x: float) -> str:
    return f"{x:g}"


def _pts(x: float) -> str:
    """A number of points in words: "1 point", "4.5 points" (from the catalogue)."""
    return tn("plural.points", x)


def _same(a: float, b: float) -> bool:
    return abs(a - b) < _SAME


def _title(game: str) -> str:
    """A game's name as the catalogue writes it (``French Tarot``, ``法式塔羅``)."""
    return t(f"games.{game}.title")


def diagnose(ex: Exercise, index: int, given: float) -> Diagnosis:
    """Check the learner's count of trick ``index`` and explain a mistake.

    A habit from another game is named when, and only when, the wrong number is exactly
    what that game's rules give; a mistake within this game's rules that gives the same
    number about another card is offered beside it.
    """
    correct = ex.trick_value(index)
    if _same(given, correct):
        return Diagnosis(True, correct, t("trainer.right", points=_pts(correct)))
    habits = _habits(ex, index, given)
    own = _own_mistakes(ex, index, correct - given)
    whys = habits[:1] or own[:1]
    if habits and own and set(own[0].cards) != set(habits[0].cards):
        whys.append(own[0])  # the same number, another card: both are possible
    if not whys:
        values = t("common.cards.separator").join(
            t("trainer.card_value", card=c.label, value=_fmt(ex.value(c)))
            for c in ex.tricks[index].cards
        )
        text = t("trainer.count_again", given=_fmt(given), values=values)
        return Diagnosis(False, correct, text)
    why = whys[0].text
    if len(whys) > 1:
        why = t("trainer.why.either", why=why, also=whys[1].text)
    text = t("trainer.wrong", given=_fmt(given), why=why, points=_pts(correct))
    named = tuple(g for w in whys for g in w.habit_of)
    return Diagnosis(False, correct, text, whys[0].cards, named)


# --- Mistakes within the game's own rules ----------------------------------------------


def counted_cards(ex: Exercise, index: int) -> tuple[Card, ...]:
    """The cards of trick ``index`` whose points its winner takes: all of them, but an
    Excuse that the engine's count leaves out (it goes to another pile)."""
    cards = ex.tricks[index].cards
    full = sum(map(ex.value, cards))
    if _same(full, ex.tricks[index].points):
        return cards
    return tuple(c for c in cards if c.suit is not Suit.EXCUSE)


def _own_mistakes(ex: Exercise, index: int, diff: float) -> list[_Why]:
    """The mistakes within this game's rules that give exactly ``diff`` points too few
    (``diff`` < 0: too many), most likely first."""
    out: list[_Why] = []
    state = ex.state
    last = index == len(ex.tricks) - 1
    bonus = state.last_trick_bonus
    if bonus and last and _same(diff, bonus):
        out.append(_Why(t("trainer.why.dix_de_der", points=_pts(bonus))))
    cards = counted_cards(ex, index)
    for c in cards:
        v = ex.value(c)
        if v and _same(diff, v):
            out.append(_Why(t("trainer.why.left_out", card=c.label, points=_pts(v)), (c,)))
        if v and _same(diff, -v):
            out.append(_Why(t("trainer.why.twice", card=c.label, points=_pts(v)), (c,)))
    out.extend(_role_mixups(ex, cards, diff))
    out.extend(_ruleset_mixups(ex, cards, diff))
    out.extend(_unit_mixups(ex, cards, diff))
    unit = state.point_unit  # Tarot counts in half points
    if unit < 1 and _same(abs(diff), unit):
        out.append(_Why(t("trainer.why.half_point")))
    return out


def _role_mixups(ex: Exercise, cards: Sequence[Card], diff: float) -> list[_Why]:
    """A card counted at its plain value while it is a trump, or the other way round
    (in a game whose trumps are worth more: Belote's Jack 20 and Nine 14)."""
    out: list[_Why] = []
    info = game_info(ex.game)
    for c in cards:
        as_trump = info.card_points_as(c, trump=True, ruleset=ex.state.ruleset)
        as_plain = info.card_points_as(c, trump=False, ruleset=ex.state.ruleset)
        if as_trump is None or as_plain is None or _same(as_trump, as_plain):
            continue
        words = {"card": c.label, "trump": _fmt(as_trump), "plain": _fmt(as_plain)}
        if ex.state.is_trump(c) and _same(diff, as_trump - as_plain):
            out.append(_Why(t("trainer.why.is_trump", **words), (c,)))
        if not ex.state.is_trump(c) and _same(diff, as_plain - as_trump):
            out.append(_Why(t("trainer.why.not_trump", **words), (c,)))
    return out


def _ruleset_mixups(ex: Exercise, cards: Sequence[Card], diff: float) -> list[_Why]:
    """A card counted at the value another ruleset of this game gives it (Briscola's
    Queen and Jack swap their points when the Jack ranks above the Queen)."""
    out: list[_Why] = []
    info = game_info(ex.game)
    for rules in rulesets(ex.game):
        if rules.options == ex.state.ruleset.options:
            continue
        for c in cards:
            v = ex.value(c)
            there = info.card_points_as(c, trump=ex.state.is_trump(c), ruleset=rules)
            if there is None or _same(there, v) or not _same(diff, v - there):
                continue
            text = t(
                "trainer.why.other_rules",
                card=c.label,
                points=_pts(v),
                value=_fmt(there),
                rules=ruleset_title(ex.game, rules.name),
            )
            out.append(_Why(text, (c,)))
    return out


def _unit_mixups(ex: Exercise, cards: Sequence[Card], diff: float) -> list[_Why]:
    """A card worth more counted at the smallest value, like a plain card without a face
    (Tarot's 0.5)."""
    unit = ex.state.point_unit
    if unit >= 1:
        return []
    return [
        _Why(t("trainer.why.not_half", card=c.label, value=_fmt(v), unit=_fmt(unit)), (c,))
        for c in cards
        if (v := ex.value(c)) > unit and _same(diff, v - unit)
    ]


# --- Habits brought from another game ---------------------------------------------------


def _other_games(game: str) -> list[tuple[str, GameInfo]]:
    """Every other game with what it says of itself, in the registry's order."""
    return [(g, game_info(g)) for g in GAMES if g != game]


def _habits(ex: Exercise, index: int, given: float) -> list[_Why]:
    """The habits of other games that give exactly ``given`` for trick ``index``."""
    diff = ex.trick_value(index) - given
    out = _pile_habits(ex, index, given)
    out += _bonus_habits(ex, index, diff)
    out += _card_habits(ex, counted_cards(ex, index), diff)
    return out


def _card_habits(ex: Exercise, cards: Sequence[Card], diff: float) -> list[_Why]:
    """A card counted at the value another game gives it, a value this game never gives
    that card (Belote's trump Jack 20 for a Briscola Jack; Belote's 10 for a Tarot 10).

    A value this game gives the card in another role is this game's own mix-up
    (``_role_mixups``); a value of 0 counts the card as nothing, a card left out.
    """
    out: list[_Why] = []
    state = ex.state
    game = ex.game
    here = game_info(game)
    word = t(f"term.trump.{game}")  # the word of the game being counted (王牌 / 將牌)
    for other, info in _other_games(game):
        for c in cards:
            trump = state.is_trump(c)
            there = info.card_points_as(c, trump=trump)
            v = ex.value(c)
            own = (v, here.card_points_as(c, trump=True), here.card_points_as(c, trump=False))
            if not there or any(o is not None and _same(there, o) for o in own):
                continue
            if _same(diff, v - there):
                text = t(
                    "trainer.habit.card",
                    there=_there_words(info, other, c, trump, there, word),
                    here=_here_words(ex, here, c, trump, v, word),
                )
                out.append(_Why(text, (c,), (other,)))
    return out


def _depends_on_trump(info: Any, card: Card) -> bool:
    """Whether a game gives ``card`` other points as a trump than in a plain suit."""
    as_trump = info.card_points_as(card, trump=True)
    as_plain = info.card_points_as(card, trump=False)
    return as_trump is not None and as_plain is not None and not _same(as_trump, as_plain)


def _there_words(info: Any, game: str, card: Card, trump: bool, points: float, word: str) -> str:
    """What the other game gives the card: "In Belote the J♠ is worth 20 points as a trump"
    (``word``: the word for trumps of the game being counted)."""
    key = "trainer.habit.there"
    if _depends_on_trump(info, card):
        key = "trainer.habit.there_trump" if trump else "trainer.habit.there_plain"
    return t(key, game=_title(game), card=card.label, points=_pts(points), trump_word=word)


def _here_words(ex: Exercise, info: Any, card: Card, trump: bool, points: float, word: str) -> str:
    """What this game gives it: "in Briscola it is worth 2 points, trump or not"."""
    if _depends_on_trump(info, card):
        key = "trainer.habit.here_trump" if trump else "trainer.habit.here_plain"
    elif ex.state.trump_suit is not None:  # a trump suit chosen among the plain suits
        key = "trainer.habit.here_any"
    else:
        key = "trainer.habit.here"
    return t(key, game=_title(ex.game), points=_pts(points), trump_word=word)


def _bonus_habits(ex: Exercise, index: int, diff: float) -> list[_Why]:
    """Another game's last-trick bonus added to this game's last trick (Belote's dix de
    der in Briscola). Forgetting this game's own bonus is its own mistake."""
    if index != len(ex.tricks) - 1:
        return []
    here = ex.state.last_trick_bonus
    out: list[_Why] = []
    for other, info in _other_games(ex.game):
        there = float(info.last_trick_bonus)
        if there > here and _same(-diff, there - here):
            if here:
                text = t(
                    "trainer.habit.last_trick_more",
                    game=_title(other),
                    points=_pts(there),
                    here=_title(ex.game),
                    value=_pts(here),
                )
            else:
                text = t(
                    "trainer.habit.last_trick_none",
                    game=_title(other),
                    points=_pts(there),
                    here=_title(ex.game),
                )
            out.append(_Why(text, (), (other,)))
    return out


def _pile_habits(ex: Exercise, index: int, given: float) -> list[_Why]:
    """Every card of the trick counted for its winner, as in the games where a side's pile
    is always whole tricks, where this game sends a card elsewhere (Tarot's Excuse)."""
    if game_info(ex.game).whole_trick_piles:
        return []
    whole = [g for g, info in _other_games(ex.game) if info.whole_trick_piles]
    trick = ex.tricks[index]
    bonus = ex.state.last_trick_bonus if index == len(ex.tricks) - 1 else 0.0
    every_card = sum(map(ex.value, trick.cards)) + bonus
    if not whole or _same(every_card, ex.trick_value(index)) or not _same(given, every_card):
        return []
    fate = excuse_fate(ex, index)
    if fate is None:
        return []
    excuse, stays = fate
    key = "trainer.habit.excuse_stays" if stays else "trainer.habit.excuse_crosses"
    text = t(key, games=_games_list(whole), here=_title(ex.game))
    return [_Why(text, (excuse,), tuple(whole))]


def _games_list(games: Sequence[str]) -> str:
    """Games' names for a sentence: ``Belote``, ``Belote and Briscola``."""
    titles = [_title(g) for g in games]
    if len(titles) == 1:
        return titles[0]
    sep = t("trainer.habit.games_separator")
    return t("trainer.habit.games_list", rest=sep.join(titles[:-1]), last=titles[-1])


def excuse_fate(ex: Exercise, index: int) -> tuple[Card, bool] | None:
    """The Excuse of trick ``index`` when the engine's count sends it to another pile than
    the winners': the card, and whether it stays with the side that played it (before the
    last trick) rather than going over to the other side (in the last trick). None when
    every card of the trick goes to its winners."""
    trick = ex.tricks[index]
    if len(counted_cards(ex, index)) == len(trick.cards):
        return None
    play = next((p for p in trick.plays if p.card.suit is Suit.EXCUSE), None)
    if play is None:
        return None
    state = ex.state
    return play.card, state.team_of(play.seat) != state.team_of(trick.winner)


# --- Seats, sides and piles ---------------------------------------------------------------


def seat_labels(ex: Exercise) -> tuple[str, ...]:
    """The seats' names for a dealt hand (South, East... or You, Opponent)."""
    return shown_seat_names(ex.state.num_players)


def _names_list(names: Sequence[str]) -> str:
    """Names for a sentence: ``East``, ``East and West``, ``East, North and West``."""
    if len(names) == 1:
        return names[0]
    sep = t("common.cards.separator")
    return t("common.cards.list", rest=sep.join(names[:-1]), last=names[-1])


def sides_text(ex: Exercise, names: Sequence[str] | None = None) -> str:
    """Who plays with whom, by the seats' names: the Tarot taker against the defence, the
    two teams of a four-player game; "" when every seat plays alone (two players)."""
    who = list(names) if names is not None else list(seat_labels(ex))
    state = ex.state
    seats = range(state.num_players)
    taker = state.taker
    if state.bidding_makes_sides and taker is not None:  # Tarot: the taker alone
        others = [who[s] for s in seats if s != taker]
        return t("trainer.sides_taker", taker_name=who[taker], defenders=_names_list(others))
    if state.num_players < 4:
        return ""
    first = state.team_of(0)
    mine = [who[s] for s in seats if state.team_of(s) == first]
    theirs = [who[s] for s in seats if state.team_of(s) != first]
    return t("trainer.sides_teams", team=_names_list(mine), rivals=_names_list(theirs))


def side_names(ex: Exercise, names: Sequence[str] | None = None) -> tuple[str, str]:
    """Each side's name by its seats' names, side 0 first: ``South and North``, ``You``,
    ``Taker (East)`` and ``Defence (South, North and West)``."""
    who = list(names) if names is not None else list(seat_labels(ex))
    state = ex.state
    seats = [[s for s in range(state.num_players) if state.team_of(s) == side] for side in (0, 1)]
    taker = state.taker
    out = [_names_list([who[s] for s in side]) for side in seats]
    if state.bidding_makes_sides and taker is not None:  # Tarot: the taker against three
        taking = state.team_of(taker)
        out[taking] = t("sides.taker", name=out[taking])
        out[1 - taking] = t("trainer.side_defence", names=out[1 - taking])
    return out[0], out[1]


@dataclass(frozen=True)
class PileRow:
    """One side's pile after a trick: the side's name, what the trick put in it, and
    the points it holds so far."""

    side: str
    trick: float
    total: float


def pile_rows(
    ex: Exercise, index: int, names: Sequence[str] | None = None
) -> tuple[PileRow, PileRow]:
    """Each side's pile after trick ``index``, side 0 first."""
    sides = side_names(ex, names)
    shares, piles = ex.trick_shares(index), ex.piles(index)
    return (
        PileRow(sides[0], shares[0], piles[0]),
        PileRow(sides[1], shares[1], piles[1]),
    )


def piles_start_text(ex: Exercise, names: Sequence[str] | None = None) -> list[str]:
    """A sentence for each side whose pile holds points before the first trick (Tarot's
    discard or chien)."""
    sides = side_names(ex, names)
    start = ex.piles(-1)
    return [
        t("trainer.piles_start", side=sides[i], points=_pts(start[i]))
        for i in (0, 1)
        if not _same(start[i], 0.0)
    ]


def piles_split_text(ex: Exercise, index: int, names: Sequence[str] | None = None) -> str:
    """Why a trick put points in the pile of the side that did not win it (Tarot's Excuse,
    kept by its side less the half point it gives, or gone over in the last trick), or ""."""
    fate = excuse_fate(ex, index)
    if fate is None:
        return ""
    loser = 1 - ex.state.team_of(ex.tricks[index].winner)
    key = "trainer.piles_excuse_stays" if fate[1] else "trainer.piles_excuse_crosses"
    side = side_names(ex, names)[loser]
    return t(key, side=side, points=_pts(ex.trick_shares(index)[loser]))


def describe_trick(ex: Exercise, index: int, names: Sequence[str] | None = None) -> str:
    """Who played what in trick ``index``, and who won it, by the seats' names."""
    trick = ex.tricks[index]
    who = list(names) if names is not None else list(seat_labels(ex))
    plays = t("common.cards.separator").join(
        t("trainer.play", name=who[p.seat], card=p.card.label) for p in trick.plays
    )
    return t("trainer.trick_line", i=index + 1, plays=plays, winner=who[trick.winner])


def trump_text(ex: Exercise) -> str:
    """The trump in words (for the page's header)."""
    suit = ex.state.trump_suit  # None in Tarot, whose trumps are a suit of their own
    if isinstance(suit, Suit):
        key = f"common.suit.{suit.name.lower()}"
        return t("table.trump", symbol=suit.symbol, suit=t(key))
    return t("trainer.tarot_trumps")
