"""The words of a picture for a screen reader: card names, marks and the table in sentences.

Every word comes from the message catalogue (``svg.*`` in
``tutorial/language/locales/en.toml``, plurals with :func:`tutorial.language.i18n.tn`), in
the language of the current context: no English is built here. Card names too
(``svg.card.*``, ``svg.rank.*``, ``common.suit.*``): in English they read as
:attr:`Card.spoken <tutorial.engine.cards.Card.spoken>` does. The text is plain,
unescaped: the pictures escape it in their titles, the table component's script in its
``aria-label``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeAlias

from tutorial.engine.cards import Card, Suit
from tutorial.engine.games import GAMES
from tutorial.language.i18n import t, tn
from tutorial.pictures.svg_basics import clean
from tutorial.pictures.table_picture import Highlight, Position, SeatView, TableView

# Words from the catalogue, looked up when used (the language is the context's). The
# keys are spelled out so that tests/test_i18n.py finds them.
_Words: TypeAlias = dict[str, Callable[[], str]]
MARK_WORDS: _Words = {
    "forcing": lambda: t("svg.mark.forcing"),
    "legal": lambda: t("svg.mark.legal"),
    "answer": lambda: t("svg.mark.answer"),
    "wrong": lambda: t("svg.mark.wrong"),
    "dim": lambda: t("svg.mark.dim"),
}
"""Each card mark's words ("forces your play")."""
_RANK_WORDS: _Words = {
    "A": lambda: t("svg.rank.ace"),
    "K": lambda: t("svg.rank.king"),
    "Q": lambda: t("svg.rank.queen"),
    "J": lambda: t("svg.rank.jack"),
    "C": lambda: t("svg.rank.knight"),
    "10": lambda: t("svg.rank.10"),
    "9": lambda: t("svg.rank.9"),
    "8": lambda: t("svg.rank.8"),
    "7": lambda: t("svg.rank.7"),
    "6": lambda: t("svg.rank.6"),
    "5": lambda: t("svg.rank.5"),
    "4": lambda: t("svg.rank.4"),
    "3": lambda: t("svg.rank.3"),
    "2": lambda: t("svg.rank.2"),
    "1": lambda: t("svg.rank.1"),
}
_SUIT_WORDS: dict[Suit, Callable[[], str]] = {
    Suit.SPADES: lambda: t("common.suit.spades"),
    Suit.HEARTS: lambda: t("common.suit.hearts"),
    Suit.DIAMONDS: lambda: t("common.suit.diamonds"),
    Suit.CLUBS: lambda: t("common.suit.clubs"),
}
_ITALIAN: dict[Suit, Callable[[], str]] = {
    Suit.SPADES: lambda: t("svg.italian_suit.spades"),
    Suit.HEARTS: lambda: t("svg.italian_suit.hearts"),
    Suit.DIAMONDS: lambda: t("svg.italian_suit.diamonds"),
    Suit.CLUBS: lambda: t("svg.italian_suit.clubs"),
}


def card_name(card: Card, italian: bool = False) -> str:
    """A card's name from the catalogue (in English, as :attr:`Card.spoken` says it)."""
    if card.suit is Suit.EXCUSE:
        return t("svg.card.excuse")
    if card.suit is Suit.TRUMP:
        return t("svg.card.trump", number=card.rank)
    rank = _RANK_WORDS[card.rank]() if card.rank in _RANK_WORDS else card.rank
    suits = _ITALIAN if italian else _SUIT_WORDS
    return t("svg.card.plain", rank=rank, suit=suits[card.suit]())


def card_words(card: Card) -> str:
    """A card's name in the page's language ("nine of clubs", "梅花 9"), from the catalogue."""
    return card_name(card)


def mark_words(highlight: Highlight) -> str:
    """A mark's words in the page's language ("forces your play"), "" for no mark."""
    return MARK_WORDS[highlight]() if highlight is not None else ""


DIRECTION_WORDS: _Words = {
    "counter-clockwise": lambda: t("svg.direction.counter_clockwise"),
    "clockwise": lambda: t("svg.direction.clockwise"),
}
"""The way play goes round the table, in words."""


_WHERE: dict[Position, Callable[[], str]] = {
    "bottom": lambda: t("svg.where.bottom"),
    "left": lambda: t("svg.where.left"),
    "top": lambda: t("svg.where.top"),
    "right": lambda: t("svg.where.right"),
}
# A line given by the caller that already ends a sentence (Latin or CJK punctuation).
_SENTENCE_END = frozenset(".!?…。！？")


def _words(text: str) -> str:
    """Data text on one line, without characters XML forbids."""
    return " ".join(clean(text).split())


def _sentence(text: str) -> str:
    """A trump or contract line as a sentence ("" for none)."""
    text = _words(text)
    if not text:
        return ""
    return text if text[-1] in _SENTENCE_END else t("svg.sentence", text=text)


def _listed(items: list[str], *, clauses: bool = False) -> str:
    """Items as a list inside a sentence: "a", "a and b", "a, b and c".

    ``clauses``: each item is a clause ("you are the dealer", "it is your turn"), which
    Chinese joins with a comma, not with 和 as it joins names.
    """
    if len(items) <= 1:
        return "".join(items)
    if clauses:
        rest = t("svg.clause_list_separator").join(items[:-1])
        return t("svg.clause_list_last", rest=rest, last=items[-1])
    return t("svg.list_last", rest=t("svg.list_separator").join(items[:-1]), last=items[-1])


def _cards_held(n: int) -> str:
    return tn("plural.cards", n) if n else t("svg.no_cards")


def _tricks_won(seat: SeatView) -> str:
    if seat.tricks_won is None:
        return t("svg.tricks_unknown")
    won = tn("plural.tricks", seat.tricks_won) if seat.tricks_won else t("svg.no_tricks")
    if seat.points is None:
        return won
    return t("svg.won_points", tricks=won, points=tn("plural.points", round(seat.points, 2)))


def _learner_sentence(seat: SeatView, name: str) -> str:
    """The learner's seat: "You have 3 cards and have won no tricks; it is your turn."

    The seat's name is given when it is not "You" (say "South"), with its team.
    """
    notes = [name] if name and name.casefold() != t("svg.you").casefold() else []
    if team := _words(seat.team):
        notes.append(team)
    sep = t("svg.list_separator")
    you = t("svg.you_noted", notes=sep.join(notes)) if notes else t("svg.you")
    roles = []
    if seat.is_dealer:
        roles.append(t("svg.role_dealer"))
    if seat.is_taker:
        roles.append(t("svg.role_taker"))
    if seat.to_move:
        roles.append(t("svg.role_turn"))
    cards, won = _cards_held(seat.cards_left), _tricks_won(seat)
    if roles:
        return t(
            "svg.seat_learner_roles",
            you=you,
            cards=cards,
            won=won,
            roles=_listed(roles, clauses=True),
        )
    return t("svg.seat_learner", you=you, cards=cards, won=won)


def _seat_sentence(seat: SeatView, name: str) -> str:
    """Another seat: "North (opposite you, dealer) has 4 cards and has won no tricks." """
    notes = [_WHERE[seat.position]()]
    if team := _words(seat.team):
        notes.append(team)
    if seat.is_dealer:
        notes.append(t("svg.note_dealer"))
    if seat.is_taker:
        notes.append(t("svg.note_taker"))
    if seat.to_move:
        notes.append(t("svg.note_to_play"))
    return t(
        "svg.seat_other",
        name=name,
        notes=t("svg.list_separator").join(notes),
        cards=_cards_held(seat.cards_left),
        won=_tricks_won(seat),
    )


def table_summary(view: TableView) -> str:
    """A plain-text description of the table for screen readers (not escaped).

    Every sentence is a catalogue message (``svg.*``) in the context's language; the
    names, teams, trump and contract lines come from the view.

    >>> from tutorial.pictures.table_picture import TrickCard
    >>> v = TableView(
    ...     game="belote",
    ...     seats=(SeatView("You", "bottom", is_learner=True, to_move=True, cards_left=5),
    ...            SeatView("North", "top", is_dealer=True, cards_left=4, tricks_won=1)),
    ...     trick=(TrickCard("top", Card.parse("AS"), winning=True),),
    ...     trump="Trump: ♥",
    ... )
    >>> print(table_summary(v))  # doctest: +NORMALIZE_WHITESPACE
    Belote table. Trump: ♥. You have 5 cards and have won no tricks; it is your turn.
    North (opposite you, dealer) has 4 cards and has won 1 trick.
    Current trick: ace of spades by North (winning).
    """
    game = t(f"games.{view.game.lower()}.title") if view.game.lower() in GAMES else view.game
    parts = [t("svg.title", game=_words(game))]
    for text in (view.trump, view.contract, *view.tally):
        if sentence := _sentence(text):
            parts.append(sentence)
    if view.trump_card is not None:
        card = card_name(view.trump_card, view.italian_suits)
        if view.stock_count is not None:
            parts.append(t("svg.trump_card", card=card))
        else:
            parts.append(t("svg.turned_up_card", card=card))
    if view.stock_count is not None:
        if view.stock_count > 0:
            parts.append(tn("svg.stock", view.stock_count))
        else:
            parts.append(t("svg.stock_empty"))

    if (words := DIRECTION_WORDS.get(view.direction or "")) is not None:
        parts.append(words())
    names: dict[Position, str] = {}
    for seat in view.seats:
        name = _words(seat.name) or t("svg.unnamed")
        if seat.is_learner:
            names[seat.position] = t("svg.by_you")
            parts.append(_learner_sentence(seat, name))
        else:
            names[seat.position] = name
            parts.append(_seat_sentence(seat, name))

    if view.trick:
        plays = []
        for tc in view.trick:
            who = names.get(tc.position) or t("svg.unnamed")
            card = card_name(tc.card, view.italian_suits)
            notes = [MARK_WORDS[tc.highlight]()] if tc.highlight is not None else []
            if tc.winning:
                notes.append(t("svg.note_winning"))
            if notes:
                sep = t("svg.list_separator")
                plays.append(t("svg.play_noted", card=card, name=who, notes=sep.join(notes)))
            else:
                plays.append(t("svg.play", card=card, name=who))
        parts.append(t("svg.trick", plays=t("svg.play_separator").join(plays)))
    else:
        parts.append(t("svg.trick_empty"))
    return t("svg.sentence_separator").join(parts)
