"""From a scenario run to what the table shows (pure: no streamlit).

The learner sits at the bottom; the seat that plays after the learner sits to the
right when play is counter-clockwise (the default) and to the left when clockwise.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from tutorial.engine.cards import Card, Suit
from tutorial.engine.contract import GameState
from tutorial.engine.errors import InvalidStateError
from tutorial.engine.game_parts import GameParts
from tutorial.engine.games import game_info
from tutorial.language.i18n import t, tn
from tutorial.pictures.table_picture import Highlight, Position, SeatView, TableView, TrickCard
from tutorial.scenarios.position import Table
from tutorial.scenarios.sides import side_labels


class TableRun(Protocol):
    """What the table shows of a hand at a table: a scenario run or a practice hand."""

    @property
    def state(self) -> GameState: ...
    @property
    def table(self) -> Table: ...
    @property
    def pending(self) -> Sequence[object]: ...
    @property
    def finished(self) -> bool: ...


CCW: tuple[Position, ...] = ("bottom", "right", "top", "left")
CW: tuple[Position, ...] = ("bottom", "left", "top", "right")


def direction(state: GameState) -> str:
    """``counter-clockwise`` or ``clockwise``: Belote's option; the others play counter-clockwise."""
    return str(game_info(state.game).play_direction(state.ruleset))


def positions(n: int, learner: int, state: GameState) -> list[Position]:
    """Screen position of each seat (index = seat)."""
    if n == 2:
        return ["bottom" if s == learner else "top" for s in range(2)]
    ring = CW if direction(state) == "clockwise" else CCW
    return [ring[(s - learner) % 4] for s in range(4)]


def _trump_text(state: GameState) -> str:
    suit = state.trump_suit  # None in Tarot (its trumps are a suit of their own)
    if isinstance(suit, Suit):
        key = f"common.suit.{suit.name.lower()}"  # the suit's word in the page's language
        return t("table.trump", symbol=suit.symbol, suit=t(key))
    return ""


@dataclass(frozen=True)
class TablePart:
    """What the table shows of a game's own (``tutorial/pictures/games/<game>.py`` sets it
    as ``TABLE``): its contract in words, and the chien turned face up."""

    #: The contract as the table writes it (who took; Tarot: the bid and its
    #: multiplier), for the state, the seat names and whether a question waits; "" when
    #: there is none.
    contract_text: Callable[[GameState, Sequence[str], bool], str]
    #: The cards set aside that lie face up for the learner's seat now (Tarot's chien of
    #: a Prise or a Garde), for the state and the learner's seat.
    face_up_chien: Callable[[GameState, int], list[Card]]
    #: A dealt hand's contract in lines of words (the Score page): who took what, and
    #: the cards set aside or turned up, for the state and the seat names.
    contract_lines: Callable[[GameState, Sequence[str]], list[str]]


#: Each game's part of the table, from its module of ``tutorial/pictures/games``.
TABLE_PARTS = GameParts("tutorial.pictures.games", TablePart, "TABLE")


def no_contract_text(state: GameState, names: Sequence[str], asking: bool) -> str:
    """No contract on the table (a game without bids)."""
    return ""


def no_chien(state: GameState, learner: int) -> list[Card]:
    """No card set aside lies face up (a game without a chien)."""
    return []


def cards_text(cards: Sequence[Card]) -> str:
    """Cards as the learner reads them, separated by spaces."""
    return " ".join(c.label for c in cards)


def _contract_text(run: TableRun, asking: bool) -> str:
    return TABLE_PARTS.of(run.state.game).contract_text(run.state, run.table.seat_names, asking)


def _winning_index(state: GameState) -> int | None:
    """Index in the current trick of the card winning it so far."""
    plays = state.current_trick
    if not plays:
        return None
    try:
        return state.winning_position([p.card for p in plays])
    except (ValueError, IndexError, AttributeError, InvalidStateError):
        return None


def _question(run: TableRun) -> str | None:
    """The kind of question the run waits for an answer to (a scenario's ``ask``), if any."""
    step = getattr(run, "current", None)
    kind = getattr(getattr(step, "ask", None), "kind", None)
    return kind if isinstance(kind, str) else None


def _winner_held(run: TableRun) -> bool:
    """Whether the last trick's winner is held back: a question asks who won it (a
    question on its points shows the winner and counts the trick at once)."""
    return bool(run.pending) and _question(run) in (None, "trick_winner")


def _sides(state: GameState) -> tuple[int, ...] | None:
    """Each seat's side (None while the sides are not known: Tarot before the bidding)."""
    try:
        return tuple(state.team_of(s) for s in range(state.num_players))
    except (InvalidStateError, ValueError):
        return None


def _seat_tricks(state: GameState, won: Sequence[int]) -> list[int | None]:
    """Each seat's tricks won: the listed tricks, and the tricks before them where the
    seat is its side alone; None for a seat whose earlier tricks are not known (partners'
    tricks are one pile; a side's earlier tricks may be only counted points)."""
    sides = _sides(state)
    earlier = state.earlier_tricks()
    if sides is None or earlier == (0, 0):
        return list(won)
    out: list[int | None] = []
    for seat, count in enumerate(won):
        before = earlier[sides[seat]]
        alone = sides.count(sides[seat]) == 1
        out.append(count + before if before is not None and alone else None)
    return out


def _tally(run: TableRun, won: Sequence[int]) -> tuple[str, ...]:
    """Each side's tricks (earlier ones included) and, where the game shows them, card
    points so far: one line per side, when some tricks were played before the listed ones
    or the game keeps the points on the table. No points while a question waits (they
    could give the answer away)."""
    state = run.state
    sides = _sides(state)
    if sides is None or (state.phase != "play" and not state.is_terminal):
        return ()
    earlier = state.earlier_tricks()
    points_shown = bool(game_info(state.game).points_on_table)
    before_listed = any(x is None or x > 0 for x in earlier)
    if not (before_listed or points_shown):
        return ()
    labels = side_labels(run.table)
    points = state.points_won()
    asking = _question(run) is not None
    lines = []
    for side, label in enumerate(labels[:2]):
        items = []
        before = earlier[side]
        if before is not None:
            tricks = before + sum(c for seat, c in enumerate(won) if sides[seat] == side)
            items.append(tn("plural.tricks", tricks))
        if points_shown and not asking:
            items.append(tn("plural.points", round(points[side], 2)))
        if items:
            lines.append(t("table.tally", side=label, counts=t("svg.stat_separator").join(items)))
    return tuple(lines)


def table_view(
    run: TableRun,
    *,
    four_colour: bool = False,
    large: bool = False,
    highlight: dict[Card, Highlight] | None = None,
) -> TableView:
    """The table of a run as the SVG renderer draws it."""
    state = run.state
    table = run.table
    n = len(table.seat_names)
    pos = positions(n, table.learner, state)
    held = _winner_held(run)
    won = [0] * n
    for trick_ in state.tricks:
        won[trick_.winner] += 1
    if held and state.tricks:
        won[state.tricks[-1].winner] -= 1  # the question asks who won it: do not tell
    seat_won = _seat_tricks(state, won)
    taker = state.taker
    # While a question waits nobody is to move: the table waits for the answer, and a
    # turn frame could be the answer itself ("who leads the next trick?").
    # (A practice hand, drawn here too, asks no question.)
    asking = getattr(run, "waiting_for", None) == "ask"
    seats = tuple(
        SeatView(
            name=table.seat_names[s],
            position=pos[s],
            is_dealer=s == table.dealer,
            is_taker=taker == s,
            is_learner=s == table.learner,
            to_move=state.to_move == s and not (run.pending or run.finished or asking),
            cards_left=len(state.hands[s]),
            tricks_won=seat_won[s],
        )
        for s in range(n)
    )
    hl = highlight or {}
    if state.current_trick or not state.tricks:
        win = _winning_index(state)
        plays = state.current_trick
    else:
        # Between tricks the last one stays on the table, its winner marked unless a
        # question about it is pending.
        last = state.tricks[-1]
        plays = last.plays
        win = None if held else next(i for i, p in enumerate(plays) if p.seat == last.winner)
    trick = tuple(
        TrickCard(pos[p.seat], p.card, hl.get(p.card), winning=(i == win))
        for i, p in enumerate(plays)
    )
    return TableView(
        game=state.game,
        seats=seats,
        trick=trick,
        trump=_trump_text(state),
        contract=_contract_text(run, asking),
        tally=_tally(run, won),
        trump_card=state.face_up_card,
        stock_count=state.stock_count,
        four_colour=four_colour,
        large=large,
        direction=direction(state) if n > 2 else None,
    )


#: Plain suits in an order that alternates colours (black, red, black, red).
_MD_COLOUR = {
    (Suit.HEARTS, False): "red",
    (Suit.DIAMONDS, False): "red",
    (Suit.HEARTS, True): "red",
    (Suit.DIAMONDS, True): "blue",
    (Suit.CLUBS, True): "green",
}


def card_label(card: Card, four_colour: bool = False) -> str:
    """A card's button label in Streamlit Markdown, coloured by suit (``:red[9♥]``).

    >>> card_label(Card.parse("9H"))
    ':red[9♥]'
    >>> card_label(Card.parse("KC"), four_colour=True)
    ':green[K♣]'
    """
    colour = _MD_COLOUR.get((card.suit, four_colour))
    text = card.label.replace("[", "").replace("]", "")
    return f":{colour}[{text}]" if colour else text
