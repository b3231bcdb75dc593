"""The Briscola position: an immutable state machine, one card at a time.

Each player holds three cards; the card turned face up under the stock names trump for
the whole deal. After a trick the winner draws first, then the others in playing order;
the last draw of the deal takes the face-up trump card.

Decision where the seed is silent: the card points of every trick are public (everyone
saw the cards), and so is the seat that drew the face-up trump card, until it plays it;
other draws are seen only by the drawer. Partners (4 players) see nothing of each
other's hands.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from operator import attrgetter
from typing import Any

from tutorial.engine.actions import GameAction
from tutorial.engine.briscola.card_masks import BriscolaCardMasks
from tutorial.engine.briscola.cards import (
    HIGHEST_OF_LED_SUIT,
    HIGHEST_TRUMP,
    LED_SUIT_UNCONTESTED,
    MAX_PLAYERS,
    judge_trick,
    rank_order,
    rules_of,
)
from tutorial.engine.briscola.cards import card_points as card_points_in
from tutorial.engine.briscola.cards import trick_winner as trick_winner_in
from tutorial.engine.briscola.constants import (
    DECK_SIZE,
    GAME,
    PHASE_DONE,
    PHASE_PLAY,
    PLAYER_COUNTS,
    SIDES,
    TARGET,
    TOTAL_POINTS,
)
from tutorial.engine.briscola.draws import FACE_DOWN_DRAWS, Draw, draw_of
from tutorial.engine.briscola.play_rules import NOT_A_CARD, explain_play
from tutorial.engine.briscola.scoring import score_hand, starting_points
from tutorial.engine.briscola.table import LAST_TRICK_BONUS
from tutorial.engine.cards import BRISCOLA_DECK, Card, Suit
from tutorial.engine.contract import KeepsTheAuction, Observation, WithoutChien
from tutorial.engine.errors import IllegalActionError, IllegalPlayError, InvalidStateError
from tutorial.engine.outcomes import HandOutcome, Play, TrickResult, WinningMark, play_of
from tutorial.engine.rule_options import Ruleset
from tutorial.engine.seats import Seat
from tutorial.engine.verdicts import Verdict

_CARD_OF = attrgetter("card")
#: Every play of the deck by every seat (the objects ``play_of`` shares), read by ``apply``.
_PLAYS = tuple({card: play_of(seat, card) for card in BRISCOLA_DECK} for seat in range(MAX_PLAYERS))
#: Who draws after a trick, per table size and winner: the winner first, then in playing order.
_DRAW_ORDER = {
    n: tuple(tuple((winner + k) % n for k in range(n)) for winner in range(n))
    for n in PLAYER_COUNTS
}


@dataclass(frozen=True)
class BriscolaState(WithoutChien, KeepsTheAuction):
    """A Briscola position: immutable; ``apply`` returns the next one.

    Build one with ``new_hand`` or ``start_play``; the fields are the whole position.
    """

    ruleset: Ruleset
    num_players: int
    dealer: Seat
    trump_card: Card
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]  # face-down, top first
    trump_card_taken: bool
    tricks: tuple[TrickResult, ...]
    current_trick: tuple[Play, ...]
    leader: Seat  # of the current trick (the last trick's winner when the hand is over)
    first_trick_index: int = 0  # TrickResult.index of tricks[0]; earlier ones not listed
    captured: tuple[tuple[Card, ...], ...] = ((), ())  # per side, without a trick history
    carried_points: tuple[int, int] = (0, 0)  # per side, for cards not listed anywhere
    draws: tuple[Draw, ...] = ()

    # -- the contract ------------------------------------------------------------------

    @property
    def game(self) -> str:
        """Always ``"briscola"``."""
        return GAME

    @property
    def trump_suit(self) -> Suit:
        """The trump suit for the whole deal (the suit of the face-up card)."""
        return self.trump_card.suit

    @property
    def total_tricks(self) -> int:
        """Tricks in a deal: 20 with 2 players, 10 with 4."""
        return DECK_SIZE // self.num_players

    @property
    def trick_number(self) -> int:
        """The 1-based number of the trick being played (total + 1 once over)."""
        return self.first_trick_index + len(self.tricks) + 1

    @property
    def is_terminal(self) -> bool:
        """Whether every trick has been played."""
        return self.first_trick_index + len(self.tricks) >= DECK_SIZE // self.num_players

    @property
    def phase(self) -> str:
        """``"play"`` until the last trick is taken, then ``"done"``."""
        return PHASE_DONE if self.is_terminal else PHASE_PLAY

    @property
    def to_move(self) -> Seat | None:
        """The seat that plays next, ``None`` when the hand is over."""
        n = self.num_players
        if self.first_trick_index + len(self.tricks) >= DECK_SIZE // n:
            return None
        return (self.leader + len(self.current_trick)) % n

    @property
    def cards_to_draw(self) -> int:
        """Cards still to be drawn: the face-down stock plus the face-up card if there."""
        return len(self.stock) + (0 if self.trump_card_taken else 1)

    @property
    def trump_card_holder(self) -> Seat | None:
        """The seat known to hold the face-up trump card after drawing it, if any."""
        if not self.trump_card_taken:
            return None
        for seat, hand in enumerate(self.hands):
            if self.trump_card in hand:
                return seat
        return None

    @property
    def points(self) -> dict[str, int]:
        """Card points won so far by each side (carried, captured and tricks)."""
        out = starting_points(self.ruleset, self.carried_points, self.captured)
        for trick in self.tricks:
            out[self.team_of(trick.winner)] += int(trick.points)
        return {SIDES[0]: out[0], SIDES[1]: out[1]}

    def team_of(self, seat: Seat) -> int:
        """The side index of a seat: 0 (side A: seats 0, 2) or 1 (side B: seats 1, 3)."""
        if not 0 <= seat < self.num_players:
            raise InvalidStateError(f"there is no seat {seat} with {self.num_players} players")
        return seat % 2

    def side_of(self, seat: Seat) -> str:
        """The side name of a seat, ``"A"`` or ``"B"``."""
        return SIDES[self.team_of(seat)]

    def card_points(self, card: Card) -> float:
        """The card's points under this hand's ruleset (A 11, 3 10, K 4...)."""
        return float(card_points_in(card, self.ruleset))

    def legal_plays(self) -> list[Card]:
        """Every card in the hand of the seat to move (no obligation in Briscola)."""
        # Rule: no obligation to follow suit, trump or beat: any card in hand. Once the
        # hand is over every hand is empty, so the seat the turn would reach holds none.
        return list(self.hands[(self.leader + len(self.current_trick)) % self.num_players])

    def legal_actions(self) -> list[Card]:
        """The legal actions: the cards of ``legal_plays()``."""
        # The hand over, the seat the turn would reach holds no card (see legal_plays).
        return list(self.hands[(self.leader + len(self.current_trick)) % self.num_players])

    def explain(self, action: object) -> Verdict:
        """Whether the seat to move may play ``action`` (a card, ``Play`` or notation), and why."""
        return explain_play(self, action)

    def apply(self, action: object) -> BriscolaState:
        """The state after the seat to move plays ``action``.

        Raises:
            IllegalPlayError: a card that may not be played now (with its ``Verdict``).
            IllegalActionError: an action that is not a card.
        """
        # A hot path, measured by `python -m tutorial bench` (state-api): kept in one piece.
        # The common case first, without building a verdict: a card of the mover's hand
        # (once the hand is over every hand is empty: no card passes this test).
        n = self.num_players
        current = self.current_trick
        seat = (self.leader + len(current)) % n
        hand = self.hands[seat]
        # (``type(action) is Card``: an exact class, the test mypy narrows on)
        card = action if type(action) is Card and action in hand else self._checked_card(action)
        hands = list(self.hands)
        i = hand.index(card)
        hands[seat] = hand[:i] + hand[i + 1 :]
        plays = (*current, _PLAYS[seat][card])
        new = object.__new__(self.__class__)  # evolve(), inline: no __init__, no checks
        if len(plays) < n:
            # The most frequent step of all: the trick goes on.
            # dict(), not .copy(): the dict of the state new_hand built is split (its keys
            # shared with the class), a .copy() of it is split too, and Python does not
            # specialise an attribute read on an object given a split dict: each read of
            # every later state would be a full look-up (a hand: 8% more instructions).
            d = dict(self.__dict__)
            d["hands"] = tuple(hands)
            d["current_trick"] = plays
            object.__setattr__(new, "__dict__", d)
            return new
        # The trick is complete: judge it, then the winner draws first (if cards remain).
        d = dict(self.__dict__)  # not .copy(): see above
        tables = d.get("_tables_")
        if tables is None:
            tables = d["_tables_"] = self._tables()  # the next state keeps them
        strength, points = tables
        trump = self.trump_card.suit
        best = current[0].card
        led = best.suit
        w = 0
        led_cards = 1
        total = points[best]
        for k in range(1, n):
            c = plays[k].card
            total += points[c]
            suit = c.suit
            if suit is led:
                led_cards += 1
            # Rule: a trump beats any plain card, the higher trump the lower; without a
            # trump the highest card of the led suit wins.
            if suit is best.suit:
                if strength[c] > strength[best]:
                    w, best = k, c
            elif suit is trump:
                w, best = k, c
        if best.suit is trump:
            reason = HIGHEST_TRUMP
        elif led_cards > 1:
            reason = HIGHEST_OF_LED_SUIT
        else:
            reason = LED_SUIT_UNCONTESTED
        winner = plays[w].seat
        index = self.first_trick_index + len(self.tricks)
        d["tricks"] = (
            *self.tricks,
            TrickResult.deferred(
                index,
                plays,
                winner,
                total,
                reason,
                partial(_trick_sentence, plays, trump, self.ruleset),
            ),
        )
        stock = self.stock
        if len(stock) >= n:
            # Rule: the winner draws first, then the others in playing order.
            d["stock"] = stock[n:]
            new_draws = []
            by_seat = FACE_DOWN_DRAWS[index]
            for k, drawer in enumerate(_DRAW_ORDER[n][winner]):
                c = stock[k]
                hands[drawer] = (*hands[drawer], c)
                new_draws.append(by_seat[drawer].get(c) or draw_of(index, drawer, c, False))
            d["draws"] = self.draws + tuple(new_draws)
        elif stock or not self.trump_card_taken:
            # Rule: the last draw, once the face-down stock is empty, takes the face-up
            # trump card.
            taken = False
            new_draws = []
            for k in range(n):
                drawer = (winner + k) % n
                if stock:
                    c, stock, face_up = stock[0], stock[1:], False
                else:
                    c, taken, face_up = self.trump_card, True, True
                hands[drawer] = (*hands[drawer], c)
                new_draws.append(draw_of(index, drawer, c, face_up))
            d["stock"] = stock
            d["trump_card_taken"] = taken
            d["draws"] = (*self.draws, *new_draws)
        d["hands"] = tuple(hands)
        d["current_trick"] = ()
        d["leader"] = winner
        object.__setattr__(new, "__dict__", d)
        return new

    def _checked_card(self, action: object) -> Card:
        """The card of the mover's hand that ``action`` plays (a card, ``Play`` or
        notation), or the refusal: ``apply`` for what is not simply a card in hand."""
        verdict = self.explain(action)
        if not verdict.legal:
            if verdict.code == NOT_A_CARD:
                raise IllegalActionError(verdict)
            raise IllegalPlayError(verdict)
        card = action.card if isinstance(action, Play) else action
        if isinstance(card, str):
            card = BRISCOLA_DECK.parse(card)
        assert isinstance(card, Card)
        return card

    def _tables(self) -> tuple[Mapping[Card, int], Mapping[Card, int]]:
        """(strength, points) per card under this state's rules, kept on the state."""
        tables: tuple[Mapping[Card, int], Mapping[Card, int]] | None = self.__dict__.get("_tables_")
        if tables is None:
            rules = rules_of(self.ruleset)
            tables = (rules.strength, rules.points)
            # The ruleset never changes from one state to the next: evolve() keeps it.
            object.__setattr__(self, "_tables_", tables)
        return tables

    def hidden_cards(self, seat: Seat) -> frozenset[Card]:
        """The cards of ``seat``'s hand no other seat may see (not the drawn face-up card)."""
        self.team_of(seat)
        return frozenset(c for c in self.hands[seat] if c != self.trump_card)

    def observe(self, seat: Seat) -> Observation:
        """What ``seat`` may see: its hand, the face-up trump, the stock size, all tricks."""
        self.team_of(seat)
        known: set[Card] = {self.trump_card, *self.hands[seat]}
        for trick in self.tricks:
            known.update(trick.cards)
        known.update(p.card for p in self.current_trick)
        for side in self.captured:
            known.update(side)
        draws = tuple(
            d if d.face_up or d.seat == seat else Draw(d.after_trick, d.seat, None, False)
            for d in self.draws
        )
        public: dict[str, Any] = {
            "ruleset": self.ruleset.name,
            "dealer": self.dealer,
            "leader": self.leader,
            "to_move": self.to_move,
            "trick_number": self.trick_number,
            "trump_suit": self.trump_suit,
            "trump_card": self.trump_card,
            "trump_card_taken": self.trump_card_taken,
            "trump_card_holder": self.trump_card_holder,
            "stock_size": len(self.stock),
            "cards_to_draw": self.cards_to_draw,
            "draws": draws,
            "points": self.points,
            "carried_points": dict(zip(SIDES, self.carried_points, strict=True)),
            "captured": dict(zip(SIDES, self.captured, strict=True)),
        }
        return Observation(
            seat=seat,
            hand=self.hands[seat],
            hand_sizes=tuple(len(h) for h in self.hands),
            current_trick=self.current_trick,
            tricks=self.tricks,
            public=public,
            known_cards=frozenset(known),
        )

    def outcome(self) -> HandOutcome:
        """The itemised score: card points and the result line per side.

        Raises:
            InvalidStateError: the hand is not over yet.
        """
        return score_hand(self)

    # -- what the scenarios, the course and the pictures ask of any game --

    @property
    def last_trick_bonus(self) -> float:
        """The points the last trick adds to its winner's count: none in Briscola."""
        return LAST_TRICK_BONUS

    @property
    def point_unit(self) -> float:
        """The smallest step of a count of card points: 1."""
        return 1.0

    @property
    def scores_by_seat(self) -> bool:
        """Whether ``outcome().totals`` is keyed by seat rather than by side: no (by side)."""
        return False

    def score_key(self, side: int) -> str | None:
        """The key of ``outcome().totals`` that holds a side's total (``A``, ``B``)."""
        return SIDES[side] if 0 <= side < len(SIDES) else None

    def points_won(self) -> tuple[float, float]:
        """Card points each side has won so far: carried, captured and listed tricks."""
        a, b = self.points.values()
        return float(a), float(b)

    def earlier_tricks(self) -> tuple[int | None, int | None]:
        """Tricks each side won before the first listed one: its captured cards, whole
        tricks; None for both when some earlier tricks are only counted points (who won
        them is not known)."""
        a, b = (len(cards) // self.num_players for cards in self.captured)
        if a + b != self.first_trick_index:
            return None, None
        return a, b

    def piles_after_tricks(self) -> tuple[tuple[float, float], ...]:
        """Each side's pile of card points before the first listed trick (carried points
        and captured cards), then after each listed trick."""
        start = starting_points(self.ruleset, self.carried_points, self.captured)
        pile = [float(start[0]), float(start[1])]
        piles = [(pile[0], pile[1])]
        for trick in self.tricks:
            pile[self.team_of(trick.winner)] += trick.points
            piles.append((pile[0], pile[1]))
        return tuple(piles)

    def seated_bids(self) -> list[tuple[Seat, GameAction]]:
        """The bids in the order they were made, each with its seat: none in Briscola."""
        return []

    @property
    def hand_points(self) -> float:
        """The points a whole hand holds: 120 in the cards, no bonus for the last trick."""
        return float(TOTAL_POINTS)

    def points_settled(self) -> tuple[float, float]:
        """Each side's count so far as the end will have it: its card points won."""
        return self.points_won()

    def winning_mark(self, side: int) -> WinningMark:
        """What wins the hand for either side: 61 of the 120 points (60 each is a draw)."""
        return WinningMark(
            points=float(TARGET), rule="reach", total=float(TOTAL_POINTS), tie=TOTAL_POINTS / 2
        )

    # -- what the analysis and the tools ask of any game --

    def is_trump(self, card: Card) -> bool:
        """Whether ``card`` is of the trump suit (the face-up card's)."""
        return card.suit is self.trump_suit

    def card_power(self, card: Card) -> int:
        """The card's strength inside its own suit, every trump above every plain card."""
        order = rank_order(self.ruleset)
        return len(order) - order.index(card.rank) + (100 if self.is_trump(card) else 0)

    def winning_position(self, cards: Sequence[Card]) -> int | None:
        """The position in ``cards`` (a trick so far, in playing order) of the card winning it."""
        return trick_winner_in(cards, self.trump_suit, self.ruleset)

    def card_masks(self) -> BriscolaCardMasks:
        """This hand's trick rules on card indices and bitmasks, for its trump suit."""
        return BriscolaCardMasks(self)

    @property
    def any_card_playable(self) -> bool:
        """Whether any card in hand may always be played: yes, Briscola binds no suit."""
        return True

    @property
    def draw_pile(self) -> tuple[Card, ...]:
        """The cards still to be drawn between tricks, in drawing order: the face-down
        stock, then the face-up trump card while it is there."""
        if self.trump_card_taken:
            return self.stock
        return (*self.stock, self.trump_card)

    def with_hands(
        self, hands: tuple[tuple[Card, ...], ...], stock: tuple[Card, ...] | None = None
    ) -> BriscolaState:
        """This position with other hands (and, when given, another face-down ``stock``)."""
        if stock is None:
            return replace(self, hands=hands)
        return replace(self, hands=hands, stock=stock)

    @property
    def sides_known(self) -> bool:
        """Whether the sides are settled: always (seats 0 and 2 against 1 and 3)."""
        return True

    def played_for_a_score(self) -> bool:
        """Whether the finished hand was played for a score: always."""
        return True

    @property
    def bidding_makes_sides(self) -> bool:
        """Whether the bidding makes the sides anew each hand: no, there is no bidding."""
        return False

    @property
    def trick_leader(self) -> Seat:
        """The seat that leads (or led) the current trick."""
        return self.leader

    @property
    def taker(self) -> Seat | None:
        """The seat that took a contract: none, Briscola has no bidding."""
        return None

    @property
    def face_up_card(self) -> Card | None:
        """The card lying face up for every seat to see: the trump card until drawn."""
        return None if self.trump_card_taken else self.trump_card

    @property
    def stock_count(self) -> int | None:
        """Cards left in the face-down stock drawn from between tricks."""
        return len(self.stock)

    @property
    def names_free_play_rule(self) -> bool:
        """Whether the verdict on a card left free names the rule freeing it: no, only the card."""
        return False

    def bid_choices(self) -> list[GameAction]:
        """Every bid the seat to move might try now, legal or not: none, there is no bidding."""
        return []

    def dealt_again(self, seat: Seat, rng: random.Random) -> BriscolaState:
        """Never: Briscola has no bidding (its card play samples through the players).

        Raises:
            InvalidStateError: always.
        """
        raise InvalidStateError("Briscola has no bidding to deal a hand again for")


def _trick_sentence(plays: tuple[Play, ...], trump: Suit, ruleset: Ruleset) -> str:
    """Why a trick's winner won it, in a sentence (made when a reader first asks)."""
    return judge_trick(tuple(map(_CARD_OF, plays)), trump, ruleset).explanation


def hand_order(state: BriscolaState) -> tuple[Suit | None, Callable[[Card], int]]:
    """How a Briscola hand is sorted: the trump suit (placed last), and each card's
    strength inside its suit in the ruleset's order (A and 3 at the top)."""
    high_to_low = rank_order(state.ruleset)
    return state.trump_suit, lambda card: len(high_to_low) - high_to_low.index(card.rank)
