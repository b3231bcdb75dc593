"""From a scenario run to what the table shows (pure: no streamlit).

The learner sits at the bottom; the seat that plays after the learner sits to the
right when play is counter-clockwise (the default) and to the left when clockwise.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutorial.engine.cards import Card, Suit
from tutorial.engine.core import GameState
from tutorial.scenarios.runtime import Run
from tutorial.ui.svg import Highlight, Position, SeatView, TableView, TrickCard

CCW: tuple[Position, ...] = ("bottom", "right", "top", "left")
CW: tuple[Position, ...] = ("bottom", "left", "top", "right")


def direction(state: GameState) -> str:
    """``counter-clockwise`` or ``clockwise``: Belote's option; the others play counter-clockwise."""
    return str(getattr(state.ruleset.options, "direction", "counter-clockwise"))


def positions(n: int, learner: int, state: GameState) -> list[Position]:
    """Screen position of each seat (index = seat)."""
    if n == 2:
        return ["bottom" if s == learner else "top" for s in range(2)]
    ring = CW if direction(state) == "clockwise" else CCW
    return [ring[(s - learner) % 4] for s in range(4)]


def _trump_text(state: GameState) -> str:
    if state.game == "tarot":
        return ""
    suit = getattr(state, "trump", None) or getattr(state, "trump_suit", None)
    if isinstance(suit, Suit):
        return f"Trump: {suit.symbol} {suit.english}"
    return ""


def _contract_text(run: Run) -> str:
    state = run.state
    names = run.table.seat_names
    taker = getattr(state, "taker", None)
    if state.game == "belote" and taker is not None:
        return f"Taker: {names[taker]}"
    if state.game == "tarot" and taker is not None:
        contract = getattr(state, "contract", None)
        label = getattr(contract, "label", str(contract) if contract else "")
        mult = getattr(contract, "multiplier", None)
        return f"{label} ×{mult} by {names[taker]}" if mult else f"Taker: {names[taker]}"
    return ""


def _winning_index(state: GameState) -> int | None:
    trick = state.current_trick
    if not trick:
        return None
    fn = getattr(state, "current_winner", None)
    if callable(fn):
        try:
            seat = fn()
        except Exception:  # pragma: no cover - a game without the helper
            return None
        for i, p in enumerate(trick):
            if p.seat == seat:
                return i
    return None


def table_view(
    run: Run,
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
    won = [0] * n
    for t in state.tricks:
        won[t.winner] += 1
    taker = getattr(state, "taker", None)
    seats = tuple(
        SeatView(
            name=table.seat_names[s],
            position=pos[s],
            is_dealer=s == table.dealer,
            is_taker=taker == s,
            is_learner=s == table.learner,
            to_move=state.to_move == s,
            cards_left=len(state.hands[s]),
            tricks_won=won[s],
        )
        for s in range(n)
    )
    hl = highlight or {}
    win = _winning_index(state)
    trick = tuple(
        TrickCard(pos[p.seat], p.card, hl.get(p.card), winning=(i == win))
        for i, p in enumerate(state.current_trick)
    )
    trump_card = getattr(state, "trump_card", None)
    stock = getattr(state, "stock", None)
    return TableView(
        game=state.game,
        seats=seats,
        trick=trick,
        trump=_trump_text(state),
        contract=_contract_text(run),
        trump_card=trump_card if isinstance(trump_card, Card) else None,
        stock_count=len(stock) if state.game == "briscola" and isinstance(stock, Sequence) else None,
        four_colour=four_colour,
        large=large,
    )


def sort_hand(cards: Sequence[Card], state: GameState) -> list[Card]:
    """A hand in a readable order: by suit (trumps last for Tarot), then rank."""
    from tutorial.scenarios.actions import DECKS

    deck = DECKS[state.game]
    return sorted(cards, key=deck.index)


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
