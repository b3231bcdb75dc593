"""A finished trick: who wins it, where the Excuse goes, and the sentence that says why
(Rules: the trick, the Excuse)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from operator import attrgetter
from typing import Protocol

from tutorial.engine.cards import EXCUSE, Card
from tutorial.engine.outcomes import Play, TrickResult
from tutorial.engine.rule_options import Ruleset
from tutorial.engine.seats import Seat, seat_name, seat_possessive
from tutorial.engine.tarot.cards import (
    POINTS,
    TAKER_TEAM,
    card_points,
    is_trump,
    winning_position,
)
from tutorial.engine.tarot.constants import (
    EXCUSE_WINS_LAST_TRICK,
    HIGHEST_OF_LED_SUIT,
    HIGHEST_TRUMP,
    NUM_TRICKS,
)
from tutorial.engine.tarot.options import EXCUSE_TO_OPPONENTS, options_of
from tutorial.engine.tarot.sentences import suit_name
from tutorial.language.i18n import t

_CARD_OF = attrgetter("card")
#: What became of the Excuse in a trick, in a sentence (see ``finish_trick``).
_EXCUSE_KEYS = {
    "last_taker": "tarot.trick.excuse_last_taker",
    "last_defence": "tarot.trick.excuse_last_defence",
    "stays_taker": "tarot.trick.excuse_stays_taker",
    "stays_defence": "tarot.trick.excuse_stays_defence",
}


class TrickHistory(Protocol):
    """What the trick rules read of a position: the tricks so far and the sides."""

    @property
    def ruleset(self) -> Ruleset: ...

    @property
    def tricks(self) -> tuple[TrickResult, ...]: ...

    @property
    def unlisted_won(self) -> tuple[bool, bool]: ...

    @property
    def trick_number(self) -> int: ...

    def team_of(self, seat: Seat) -> int: ...


def took_every_trick(pos: TrickHistory, team: int) -> bool:
    """Whether ``team`` won every trick played so far (unlisted ones included)."""
    if pos.unlisted_won[1 - team]:
        return False
    return all(pos.team_of(t.winner) == team for t in pos.tricks)


def excuse_exception(pos: TrickHistory, cards: Sequence[Card], leader: Seat) -> bool:
    """Rule: the Excuse led to the last trick by a team that won the first 17 wins it."""
    if not cards or cards[0] != EXCUSE or pos.trick_number != NUM_TRICKS:
        return False
    return took_every_trick(pos, pos.team_of(leader))


def excuse_team(pos: TrickHistory, index: int, owner: Seat, winner: Seat, exception: bool) -> int:
    """The team the Excuse goes to (Rule: the Excuse)."""
    owner_team = pos.team_of(owner)
    if index < NUM_TRICKS - 1 or exception:
        return owner_team  # it stays with its owner's team
    if options_of(pos.ruleset).excuse_last_trick == EXCUSE_TO_OPPONENTS:
        return 1 - owner_team  # 001: played in the last trick, it changes sides
    return pos.team_of(winner)


def finish_trick(pos: TrickHistory, plays: tuple[Play, ...]) -> TrickResult:
    """The result of the trick of ``plays`` (four cards) played in position ``pos``."""
    cards = [*map(_CARD_OF, plays)]
    leader = plays[0].seat
    exception = excuse_exception(pos, cards, leader)
    at = 0 if exception else winning_position(cards)
    winner = plays[at].seat
    index = pos.trick_number - 1
    win_card = plays[at].card
    if exception:
        reason = EXCUSE_WINS_LAST_TRICK
    elif is_trump(win_card):
        reason = HIGHEST_TRUMP
    else:
        reason = HIGHEST_OF_LED_SUIT
    pts = sum(map(POINTS.__getitem__, cards), 0.0)
    excuse_key = ""
    if EXCUSE in cards and not exception:
        owner = next(p.seat for p in plays if p.card == EXCUSE)
        dest = excuse_team(pos, index, owner, winner, exception)
        if dest != pos.team_of(winner):
            pts -= card_points(EXCUSE)
        taker = dest == TAKER_TEAM
        if index == NUM_TRICKS - 1:
            excuse_key = "last_taker" if taker else "last_defence"
        elif dest != pos.team_of(winner):
            excuse_key = "stays_taker" if taker else "stays_defence"
    return TrickResult.deferred(
        index,
        plays,
        winner,
        pts,
        reason,
        partial(trick_text, reason, winner, win_card, excuse_key),
    )


def trick_text(reason: str, winner: Seat, win_card: Card, excuse_key: str) -> str:
    """Why a trick went to ``winner``, and what became of the Excuse (``_EXCUSE_KEYS``)."""
    if reason == EXCUSE_WINS_LAST_TRICK:
        text = t("tarot.trick.excuse_wins_last_trick", seat=seat_possessive(winner, start=True))
    elif reason == HIGHEST_TRUMP:
        text = t("tarot.trick.highest_trump", card=win_card.label, seat=seat_name(winner))
    else:
        text = t(
            "tarot.trick.highest_of_led_suit",
            card=win_card.label,
            suit=suit_name(win_card.suit),
            seat=seat_name(winner),
        )
    if excuse_key:
        text = t("tarot.trick.with_excuse", trick=text, excuse=t(_EXCUSE_KEYS[excuse_key]))
    return text
