"""``TarotState``: one French Tarot position, immutable; ``apply`` returns the next one.

The state holds the fields and the order of the hand (whose turn, which phase); the rules
of each phase are in their own modules: ``bidding``, ``chien`` (the discard),
``announcements`` (chelem and poignées), ``play_rules`` and ``tricks`` (the play), and
``scoring``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from tutorial.engine.cards import TAROT_DECK, Card, Suit
from tutorial.engine.contract import (
    KeepsTheAuction,
    Observation,
    WithoutStock,
    deal_hidden_again,
    evolve,
)
from tutorial.engine.errors import IllegalActionError, IllegalPlayError, InvalidStateError
from tutorial.engine.outcomes import HandOutcome, Play, TrickResult, WinningMark, play_of
from tutorial.engine.rule_options import Ruleset
from tutorial.engine.seats import Seat, seat_name
from tutorial.engine.tarot.actions import (
    ACTION_TYPES,
    BAD_CODES,
    BIDS,
    CHELEM,
    CHIEN_SHOWN,
    DISCARD_OF,
    NO_CHELEM,
    NO_POIGNEE,
    Bid,
    Chelem,
    Discard,
    Poignee,
    TarotAction,
)
from tutorial.engine.tarot.announcements import (
    explain_chelem,
    explain_poignee,
    first_leader,
    has_poignee,
    poignee_options,
)
from tutorial.engine.tarot.bidding import after_bid, explain_bid, highest_bid
from tutorial.engine.tarot.card_masks import TarotCardMasks
from tutorial.engine.tarot.cards import (
    BOUTS,
    DECK_ORDER,
    DEFENCE_TEAM,
    TAKER_TEAM,
    TARGETS,
    is_trump,
    led_card,
    points_of,
    rank_value,
    sort_cards,
    trick_winner,
)
from tutorial.engine.tarot.cards import card_points as card_points_in
from tutorial.engine.tarot.chien import after_discard, discardable, explain_discard
from tutorial.engine.tarot.constants import (
    CHIEN_SIZE,
    GAME,
    NUM_PLAYERS,
    NUM_TRICKS,
    PHASE_BIDDING,
    PHASE_CHELEM,
    PHASE_DISCARD,
    PHASE_DONE,
    PHASE_PLAY,
    PHASE_POIGNEE,
    RESULT_ALL_PASSED,
    RESULT_PETIT_SEC,
    RULE_END,
    RULE_PHASE,
    RULE_TURN,
    TOTAL_POINTS,
)
from tutorial.engine.tarot.play_rules import Requirement, explain_card, playable, requirement
from tutorial.engine.tarot.scoring import cancelled_outcome, piles_after_tricks, score, tally
from tutorial.engine.tarot.sentences import seat_key
from tutorial.engine.tarot.table import LAST_TRICK_BONUS
from tutorial.engine.tarot.tricks import finish_trick
from tutorial.engine.verdicts import HAND_OVER, NOT_YOUR_TURN, WRONG_PHASE, Verdict
from tutorial.language.i18n import t

#: What the engine keeps on a state, derived from its fields (left behind by evolve).
_CACHES = ("_legal_", "_discardable", "_requirement")
#: Every play of the deck by every seat (the objects ``play_of`` shares), read by ``apply``.
_PLAYS = tuple({card: play_of(seat, card) for card in TAROT_DECK} for seat in range(NUM_PLAYERS))


@dataclass(frozen=True, repr=False)
class TarotState(WithoutStock, KeepsTheAuction):
    """A French Tarot position: immutable; ``apply`` returns the next one.

    Build one with ``new_hand`` or ``start_play``. ``chien`` holds the six cards dealt to
    the chien (``()`` when a scenario does not say); ``discard`` the taker's discards so
    far (Prise/Garde). ``captured``/``carried`` are cards and points each team (0 the
    taker's side, 1 the defence) already won in tricks a scenario does not list.
    """

    AUCTION_FIELDS = ("bids", "contract")  # the auction's record: see contract.KeepsTheAuction

    ruleset: Ruleset
    dealer: Seat
    phase: str
    hands: tuple[tuple[Card, ...], ...]
    chien: tuple[Card, ...]
    bids: tuple[Bid, ...] = ()
    taker: Seat | None = None
    contract: Bid | None = None
    discard: tuple[Card, ...] = ()
    chelem_declared: bool = False
    poignees: tuple[tuple[Seat, Poignee], ...] = ()
    poignee_decided: frozenset[Seat] = frozenset()
    tricks: tuple[TrickResult, ...] = ()
    current_trick: tuple[Play, ...] = ()
    leader: Seat = 0
    cancelled: str | None = None
    petit_sec: tuple[Seat, ...] = ()
    captured: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    carried: tuple[float, float] = (0.0, 0.0)
    unlisted_tricks: int = 0
    unlisted_won: tuple[bool, bool] = (False, False)

    def __repr__(self) -> str:
        return (
            f"<TarotState {self.ruleset} phase={self.phase} to_move={self.to_move} "
            f"contract={self.contract and self.contract.label} taker={self.taker} "
            f"trick={self.trick_number}>"
        )

    # -- the contract ------------------------------------------------------------------

    @property
    def game(self) -> str:
        """Always ``"tarot"``."""
        return GAME

    @property
    def num_players(self) -> int:
        """Always 4."""
        return NUM_PLAYERS

    @property
    def is_terminal(self) -> bool:
        """Whether the hand is over (played out, cancelled or all passed)."""
        return self.phase == PHASE_DONE

    @property
    def chien_turned_up(self) -> tuple[Card, ...]:
        """The chien, once a Prise or a Garde has turned it face up for every seat (a
        Garde sans or a Garde contre keeps it face down: empty)."""
        return self.chien if self.chien_shown else ()

    @property
    def trick_number(self) -> int:
        """The 1-based number of the trick being played (19 once all are played)."""
        return self.unlisted_tricks + len(self.tricks) + 1

    @property
    def to_move(self) -> Seat | None:
        """The seat that acts next, ``None`` when the hand is over."""
        phase = self.phase
        if phase == PHASE_PLAY:
            return (self.leader + len(self.current_trick)) % NUM_PLAYERS
        if phase == PHASE_DONE:
            return None
        if phase == PHASE_BIDDING:
            return (self.dealer + 1 + len(self.bids)) % NUM_PLAYERS
        if self.phase in (PHASE_DISCARD, PHASE_CHELEM):
            return self.taker
        return (self.leader + len(self.current_trick)) % NUM_PLAYERS

    @property
    def multiplier(self) -> int:
        """The contract's multiplier (0 before the bidding ends)."""
        return self.contract.multiplier if self.contract is not None else 0

    @property
    def chien_shown(self) -> bool:
        """Whether the chien has been shown to everyone (Prise/Garde, after the bidding)."""
        return self.contract in CHIEN_SHOWN

    @property
    def set_aside(self) -> tuple[Card, ...]:
        """The six cards outside the play: the discard (Prise/Garde) or the"""
        return self.discard if self.contract in CHIEN_SHOWN else self.chien

    @property
    def set_aside_team(self) -> int:
        """The team the set-aside cards count for: the defence only in Garde contre."""
        return DEFENCE_TEAM if self.contract is Bid.GARDE_CONTRE else TAKER_TEAM

    @property
    def shown_discards(self) -> tuple[Card, ...]:
        """The trumps the taker had to discard; they are shown to everyone."""
        return tuple(c for c in self.discard if is_trump(c))

    def team_of(self, seat: Seat) -> int:
        """0 for the taker, 1 for a defender (known once the bidding has a taker).

        Raises:
            InvalidStateError: no such seat, or there is no taker (yet).
        """
        if not isinstance(seat, int) or not 0 <= seat < NUM_PLAYERS:
            raise InvalidStateError(f"there is no seat {seat!r}: seats are 0..3")
        if self.taker is None:
            raise InvalidStateError("the teams are not known: there is no taker (yet)")
        return TAKER_TEAM if seat == self.taker else DEFENCE_TEAM

    # -- legality ------------------------------------------------------------------------

    def card_points(self, card: Card) -> float:
        """The card's points (the same in every Tarot hand: 4.5 for a King or a bout...)."""
        return float(card_points_in(card))

    def legal_plays(self) -> list[Card]:
        """The cards the seat to move may play (empty outside the play phase)."""
        if self.phase != PHASE_PLAY:
            return []
        return list(self._legal())

    def _legal(self) -> tuple[Card, ...]:
        """The legal cards in deck order, computed once per state (kept on it)."""
        d = self.__dict__
        legal: tuple[Card, ...] | None = d.get("_legal_")
        if legal is not None:
            return legal
        hand = self.hands[(self.leader + len(self.current_trick)) % NUM_PLAYERS]
        cards = playable(hand, self.current_trick)
        sorted_hands = d.get("_sorted_")
        if sorted_hands is None:
            sorted_hands = self._hands_sorted()
        legal = tuple(cards) if sorted_hands else sort_cards(cards)
        object.__setattr__(self, "_legal_", legal)
        return legal

    def _hands_sorted(self) -> bool:
        """Whether every hand is in deck order (as the engine keeps them), checked once.

        The answer is carried to the next states by ``evolve``: the engine only removes
        cards from a hand, or sorts it (the chien taken).
        """
        known: bool | None = self.__dict__.get("_sorted_")
        if known is None:
            order = DECK_ORDER
            known = True
            for hand in self.hands:
                if any(c not in order for c in hand):
                    known = False
                    break
                idx = [order[c] for c in hand]
                if idx != sorted(idx):
                    known = False
                    break
            object.__setattr__(self, "_sorted_", known)
        return known

    @property
    def _highest_bid(self) -> Bid:
        return highest_bid(self.bids)

    @cached_property
    def _discardable(self) -> frozenset[Card]:
        """The cards the taker may discard next (Rule: the discard)."""
        assert self.taker is not None
        return discardable(self.hands[self.taker], len(self.discard))

    @cached_property
    def _requirement(self) -> Requirement:
        """What the seat to move must play here (kept: every card's verdict reads it;
        measured: explaining each card of a hand twice as fast as asking each time)."""
        assert self.to_move is not None
        seat = self.to_move
        return requirement(seat, self.hands[seat], self.current_trick, self.taker)

    def legal_actions(self) -> Sequence[TarotAction]:
        """Every action accepted now: bids, discards, declarations or cards."""
        phase = self.phase
        if phase == PHASE_PLAY:
            return list(self._legal())
        if phase == PHASE_BIDDING:
            top = self._highest_bid
            return [Bid.PASS, *(b for b in BIDS if b > top)]
        if phase == PHASE_DISCARD:
            allowed = self._discardable
            assert self.taker is not None
            if self._hands_sorted():
                return [DISCARD_OF[c] for c in self.hands[self.taker] if c in allowed]
            return [DISCARD_OF[c] for c in sort_cards(allowed)]
        if phase == PHASE_CHELEM:
            return [NO_CHELEM, CHELEM]
        if phase == PHASE_POIGNEE:
            seat = self.to_move
            assert seat is not None
            return [NO_POIGNEE, *poignee_options(self, seat)]
        return self.legal_plays()

    # -- verdicts ------------------------------------------------------------------------

    def explain(self, action: object) -> Verdict:
        """Whether the seat to move may take ``action`` now, and why (with the cards)."""
        seat = self.to_move
        if seat is None:
            return Verdict.refuse(HAND_OVER, self._end_text(), rule=RULE_END)
        if isinstance(action, Play):
            if action.seat != seat:
                return Verdict.refuse(
                    NOT_YOUR_TURN,
                    t(
                        "tarot.refuse.not_your_turn",
                        turn=seat_name(seat),
                        seat=seat_name(action.seat),
                    ),
                    rule=RULE_TURN,
                )
            action = action.card
        phase = self.phase
        if not isinstance(action, ACTION_TYPES[phase]):
            return self._wrong_phase(action)
        if phase == PHASE_BIDDING:
            assert isinstance(action, Bid)
            return explain_bid(seat, action, self.bids)
        if phase == PHASE_DISCARD:
            assert isinstance(action, Discard)
            assert self.taker is not None
            hand = self.hands[self.taker]
            return explain_discard(action.card, hand, self.discard, self._discardable)
        if phase == PHASE_CHELEM:
            return explain_chelem()
        if phase == PHASE_POIGNEE:
            assert isinstance(action, Poignee)
            return explain_poignee(self, seat, action)
        assert isinstance(action, Card)
        hand, trick = self.hands[seat], self.current_trick
        return explain_card(seat, action, hand, trick, self.taker, self._requirement)

    def _wrong_phase(self, action: object) -> Verdict:
        """Rule: each phase takes its own kind of action (say what is expected)."""
        phase = self.phase
        known = isinstance(action, tuple(ACTION_TYPES.values()))
        if isinstance(action, Card):
            what = t("tarot.phase.card_not_now", card=action.label)
        elif known:
            what = t("tarot.phase.action_not_now", action=type(action).__name__)
        else:
            what = t("tarot.phase.not_an_action", action=repr(action))
        return Verdict.refuse(
            WRONG_PHASE if known else BAD_CODES[phase],
            t("tarot.refuse.wrong_phase", what=what, expecting=self._expecting()),
            rule=RULE_PHASE,
        )

    # -- moves ---------------------------------------------------------------------------

    def apply(self, action: object) -> TarotState:
        """The next state after ``action``.

        Raises:
            IllegalPlayError: a card the rules refuse (with its ``Verdict``).
            IllegalActionError: any other action the rules refuse.
        """
        # The common cases first, without building a verdict. (``type(action) is``: an
        # exact class, the test mypy narrows on; a subclass takes the checked way.)
        phase = self.phase
        if phase == PHASE_PLAY:
            if type(action) is Card:
                if action in self._legal():
                    return self._apply_card(action)
            elif (
                type(action) is Play
                and action.seat == self.to_move
                and action.card in self._legal()
            ):
                return self._apply_card(action.card)
        elif phase == PHASE_BIDDING:
            if type(action) is Bid and (action is Bid.PASS or action > self._highest_bid):
                return self._apply_bid(action)
        elif phase == PHASE_DISCARD:
            if type(action) is Discard and action.card in self._discardable:
                return self._apply_discard(action.card)
        elif phase == PHASE_CHELEM:
            if type(action) is Chelem:
                return self._apply_chelem(action)
        elif phase == PHASE_POIGNEE and type(action) is Poignee:
            seat = self.to_move
            assert seat is not None
            if action == NO_POIGNEE or action in poignee_options(self, seat):
                return self._apply_poignee(action)
        return self._apply_checked(action)

    def _apply_checked(self, action: object) -> TarotState:
        """``apply`` for the uncommon cases: explain the action, refuse it or apply it."""
        verdict = self.explain(action)
        if not verdict.legal:
            card_like = isinstance(action, (Card, Play))
            raise IllegalPlayError(verdict) if card_like else IllegalActionError(verdict)
        if isinstance(action, Play):
            action = action.card
        if isinstance(action, Bid):
            return self._apply_bid(action)
        if isinstance(action, Discard):
            return self._apply_discard(action.card)
        if isinstance(action, Chelem):
            return self._apply_chelem(action)
        if isinstance(action, Poignee):
            return self._apply_poignee(action)
        assert isinstance(action, Card)
        return self._apply_card(action)

    def _apply_bid(self, bid: Bid) -> TarotState:
        changes = after_bid(self.bids, bid, self.dealer, self.hands, self.chien)
        return evolve(self, changes, _CACHES)

    def _apply_discard(self, card: Card) -> TarotState:
        assert self.taker is not None
        changes = after_discard(card, self.taker, self.hands, self.discard)
        return evolve(self, changes, _CACHES)

    def _apply_chelem(self, action: Chelem) -> TarotState:
        assert self.taker is not None
        leader = first_leader(action.declared, self.taker, self.dealer)
        nxt = evolve(
            self,
            {"chelem_declared": action.declared, "leader": leader, "phase": PHASE_PLAY},
            _CACHES,
        )
        return nxt._with_poignee_question()

    def _apply_poignee(self, action: Poignee) -> TarotState:
        seat = self.to_move
        assert seat is not None
        shown = ((seat, action),) if action.level != "none" else ()
        return evolve(
            self,
            {
                "poignees": self.poignees + shown,
                "poignee_decided": self.poignee_decided | {seat},
                "phase": PHASE_PLAY,
            },
            _CACHES,
        )

    def _with_poignee_question(self) -> TarotState:
        """In trick 1, ask the seat to move about its poignée before its first card."""
        if self.phase != PHASE_PLAY or self.trick_number != 1:
            return self
        seat = self.to_move
        assert seat is not None
        if seat in self.poignee_decided or not has_poignee(self, seat):
            return self
        return evolve(self, {"phase": PHASE_POIGNEE}, _CACHES)

    def _apply_card(self, card: Card) -> TarotState:
        # A hot path, measured by `python -m tutorial bench` (state-api): evolve(), inline.
        current = self.current_trick
        seat = (self.leader + len(current)) % NUM_PLAYERS  # the play phase's mover
        hands = list(self.hands)
        hand = hands[seat]
        i = hand.index(card)
        hands[seat] = hand[:i] + hand[i + 1 :]
        trick = (*current, _PLAYS[seat][card])
        nxt = object.__new__(self.__class__)
        d = self.__dict__.copy()
        for name in _CACHES:  # derived from the old fields: left behind
            if name in d:
                del d[name]
        d["hands"] = tuple(hands)
        if len(trick) < NUM_PLAYERS:
            d["current_trick"] = trick
            object.__setattr__(nxt, "__dict__", d)
            if self.unlisted_tricks or self.tricks:
                return nxt  # the poignée is asked in the first trick only
            return nxt._with_poignee_question()
        result = finish_trick(self, trick)
        done_tricks = (*self.tricks, result)
        d["current_trick"] = ()
        d["tricks"] = done_tricks
        d["leader"] = result.winner
        if self.unlisted_tricks + len(done_tricks) == NUM_TRICKS:
            d["phase"] = PHASE_DONE
        object.__setattr__(nxt, "__dict__", d)
        return nxt

    # -- texts ---------------------------------------------------------------------------

    def _expecting(self) -> str:
        seat = seat_name(self.to_move) if self.to_move is not None else ""
        taker = seat_name(self.taker) if self.taker is not None else ""
        if self.phase == PHASE_BIDDING:
            top = self._highest_bid
            if top is Bid.PASS:
                return t("tarot.expecting.bid_any", seat=seat)
            return t("tarot.expecting.bid_above", seat=seat, bid=top.label)
        if self.phase == PHASE_DISCARD:
            left = CHIEN_SIZE - len(self.discard)
            return t("tarot.expecting.discard", seat=taker, left=left)
        if self.phase == PHASE_CHELEM:
            return t("tarot.expecting.chelem", seat=taker)
        if self.phase == PHASE_POIGNEE:
            return t("tarot.expecting.poignee", seat=seat)
        return t("tarot.expecting.card", seat=seat)

    def _end_text(self) -> str:
        """Why no action is accepted any more (a whole sentence)."""
        if self.cancelled == RESULT_PETIT_SEC:
            return t("tarot.refuse.hand_over_petit_sec")
        if self.cancelled == RESULT_ALL_PASSED:
            return t("tarot.refuse.hand_over_all_passed")
        return t("tarot.refuse.hand_over", tricks=NUM_TRICKS)

    # -- information ----------------------------------------------------------------------

    def _public_cards(self) -> frozenset[Card]:
        """Cards shown to everyone: played cards, the shown chien, trump discards, poignées."""
        out: set[Card] = set()
        for trick in self.tricks:
            out.update(trick.cards)
        out.update(p.card for p in self.current_trick)
        if self.chien_shown:
            out.update(self.chien)
        out.update(self.shown_discards)
        for _, p in self.poignees:
            out.update(p.cards)
        for team in self.captured:
            out.update(team)
        if self.cancelled == RESULT_PETIT_SEC:
            for s in self.petit_sec:
                out.update(self.hands[s])  # the Petit sec hand is laid down to prove it
        return frozenset(out)

    def hidden_cards(self, seat: Seat) -> frozenset[Card]:
        """The cards of ``seat``'s hand that no other seat may see."""
        if not 0 <= seat < NUM_PLAYERS:
            raise InvalidStateError(f"there is no seat {seat!r}: seats are 0..3")
        return frozenset(self.hands[seat]) - self._public_cards()

    def observe(self, seat: Seat) -> Observation:
        """What ``seat`` may see: its hand and everything public, nothing else."""
        if not 0 <= seat < NUM_PLAYERS:
            raise InvalidStateError(f"there is no seat {seat!r}: seats are 0..3")
        known = set(self.hands[seat]) | self._public_cards()
        if seat == self.taker:
            known.update(self.discard)  # the taker knows the discard
        public: dict[str, Any] = {
            "ruleset": self.ruleset.name,
            "dealer": self.dealer,
            "phase": self.phase,
            "to_move": self.to_move,
            "bids": tuple(
                ((self.dealer + 1 + i) % NUM_PLAYERS, b) for i, b in enumerate(self.bids)
            ),
            "taker": self.taker,
            "contract": self.contract,
            "multiplier": self.multiplier,
            "chien": self.chien if self.chien_shown else None,
            "shown_discards": self.shown_discards,
            "discard_size": len(self.set_aside) if self.contract is not None else 0,
            "chelem_declared": self.chelem_declared,
            "poignees": tuple((s, p.level, p.cards) for s, p in self.poignees),
            "leader": self.leader,
            "trick_number": self.trick_number,
            "cancelled": self.cancelled,
        }
        if seat == self.taker:
            public["discard"] = self.discard
        return Observation(
            seat=seat,
            hand=self.hands[seat],
            hand_sizes=tuple(len(h) for h in self.hands),
            current_trick=self.current_trick,
            tricks=self.tricks,
            public=public,
            known_cards=frozenset(known),
        )

    # -- scoring --------------------------------------------------------------------------

    def outcome(self) -> HandOutcome:
        """The itemised score of the hand (raises ``InvalidStateError`` before the end)."""
        if not self.is_terminal:
            raise InvalidStateError(
                f"the hand is not over: it is in the {self.phase} phase "
                f"(trick {self.trick_number} of {NUM_TRICKS})"
            )
        if self.cancelled is not None:
            return cancelled_outcome(self)
        return score(self)

    # -- what the scenarios, the course and the pictures ask of any game -----------------

    @property
    def trump_suit(self) -> Suit | None:
        """The trump suit chosen for the hand: none, Tarot's trumps are a suit of their own."""
        return None

    @property
    def total_tricks(self) -> int:
        """Tricks in a whole hand: 18."""
        return NUM_TRICKS

    @property
    def last_trick_bonus(self) -> float:
        """The points the last trick adds to its winner's count: none in Tarot."""
        return LAST_TRICK_BONUS

    @property
    def point_unit(self) -> float:
        """The smallest step of a count of card points: half a point."""
        return 0.5

    @property
    def scores_by_seat(self) -> bool:
        """Whether ``outcome().totals`` is keyed by seat rather than by side: yes."""
        return True

    def score_key(self, side: int) -> str | None:
        """The key of ``outcome().totals`` that holds a side's total: one seat of the side.

        Raises:
            InvalidStateError: there is no taker (yet), so no sides.
        """
        seat = next((s for s in range(NUM_PLAYERS) if self.team_of(s) == side), None)
        return None if seat is None else seat_key(seat)

    def points_won(self) -> tuple[float, float]:
        """Card points each side has won so far: listed tricks, captured cards, carried points.

        Raises:
            InvalidStateError: there is no taker (yet), so no sides.
        """
        pts = [0.0, 0.0]
        for trick in self.tricks:
            pts[self.team_of(trick.winner)] += trick.points
        for team, cards in enumerate(self.captured):
            pts[team] += float(points_of(cards))
        for team, value in enumerate(self.carried):
            pts[team] += float(value)
        return pts[0], pts[1]

    def earlier_tricks(self) -> tuple[int | None, int | None]:
        """Tricks each side won before the first listed one: its captured cards in tricks
        (a pile may hold the Excuse of a trick it lost, or lack its own); None for both
        when some are only counted points."""
        if any(self.carried):
            return None, None
        a, b = (round(len(cards) / NUM_PLAYERS) for cards in self.captured)
        return a, b

    def piles_after_tricks(self) -> tuple[tuple[float, float], ...]:
        """Each side's pile of card points before the first listed trick (the discard or
        the chien for the side it counts for), then after each listed trick (the Excuse
        where it goes, with its half-point exchange).

        Raises:
            InvalidStateError: there is no taker (yet), so no sides.
        """
        if self.taker is None:
            raise InvalidStateError("the sides are not known: there is no taker (yet)")
        return piles_after_tricks(self)

    def seated_bids(self) -> list[tuple[Seat, Bid]]:
        """The bids in the order they were made, each with its seat."""
        return [((self.dealer + 1 + i) % NUM_PLAYERS, b) for i, b in enumerate(self.bids)]

    @property
    def hand_points(self) -> float:
        """The points a whole hand holds: 91, the chien's included."""
        return TOTAL_POINTS

    def points_settled(self) -> tuple[float, float]:
        """Each side's count so far as the end will have it: its tricks, the chien or the
        discard that counts for it, the Excuse kept by its side (with the half point given
        in exchange), captured cards and carried points (``scoring.tally``).

        Raises:
            InvalidStateError: there is no taker (yet), so no sides.
        """
        pts = tally(self).points
        return pts[TAKER_TEAM], pts[DEFENCE_TEAM]

    def winning_mark(self, side: int) -> WinningMark | None:
        """What wins the hand for ``side`` once every bout's side is settled: the taker's
        target for its bouts (56, 51, 41, 36), or for the defence the taker held half a
        point below it (None before that, and with no contract)."""
        if self.taker is None or self.contract is None:
            return None
        settled_cards = {c for cards in self.captured for c in cards}
        settled_cards.update(self.set_aside)
        settled_cards.update(c for trick in self.tricks for c in trick.cards)
        if not settled_cards >= BOUTS:
            return None  # Rule: the target depends on the bouts the taker ends with
        bouts = len(tally(self).bouts[TAKER_TEAM])
        target = TARGETS[bouts]
        if side == TAKER_TEAM:
            return WinningMark(target, "target", TOTAL_POINTS, bouts=bouts, targets=TARGETS)
        # Rule: met or exceeded = made, so the defence needs the taker half a point short.
        return WinningMark(
            TOTAL_POINTS - target + self.point_unit,
            "below_target",
            TOTAL_POINTS,
            tie=TOTAL_POINTS - target,
            bouts=bouts,
            targets=TARGETS,
        )

    # -- what the analysis and the tools ask of any game --

    def is_trump(self, card: Card) -> bool:
        """Whether ``card`` is one of the 21 numbered trumps (the Excuse is not)."""
        return is_trump(card)

    def card_power(self, card: Card) -> int:
        """The card's strength inside its own suit, every trump above every plain card."""
        return rank_value(card) + (100 if is_trump(card) else 0)

    def winning_position(self, cards: Sequence[Card]) -> int | None:
        """The position in ``cards`` (a trick so far, in playing order) of the card winning
        it; None while only the Excuse is played."""
        if led_card(cards) is None:
            return None
        return trick_winner(cards)

    def card_masks(self) -> TarotCardMasks:
        """This hand's trick rules on card indices and bitmasks, for its taker and the
        sides that have won every trick so far.

        Raises:
            InvalidStateError: there is no taker (yet).
        """
        return TarotCardMasks(self, self.unlisted_won)

    def with_hands(
        self, hands: tuple[tuple[Card, ...], ...], stock: tuple[Card, ...] | None = None
    ) -> TarotState:
        """This position with other hands (a Tarot hand has no ``stock`` to give).

        Raises:
            InvalidStateError: a stock is given.
        """
        if stock:
            raise InvalidStateError(
                "a Tarot hand has no stock: its cards out of play are the chien and the discard"
            )
        return replace(self, hands=hands)

    @property
    def sides_known(self) -> bool:
        """Whether the sides are settled: once the bidding has a taker."""
        return self.taker is not None

    def played_for_a_score(self) -> bool:
        """Whether the finished hand was played for a score (not passed out, not stopped by
        a Petit sec)."""
        return bool(self.outcome().details.get("contract"))

    @property
    def bidding_makes_sides(self) -> bool:
        """Whether the bidding makes the sides anew each hand: yes, the taker against three."""
        return True

    @property
    def trick_leader(self) -> Seat:
        """The seat that leads (or led) the current trick."""
        return self.leader

    @property
    def face_up_card(self) -> Card | None:
        """The card lying face up for every seat to see: none (the chien is not one card)."""
        return None

    @property
    def names_free_play_rule(self) -> bool:
        """Whether the verdict on a card left free names the rule freeing it: yes (the lead,
        no card of the led suit and no trump, no trump when trumps are led)."""
        return True

    def bid_choices(self) -> list[Bid]:
        """Every bid the seat to move might try now, legal or not (empty outside the bidding)."""
        if self.phase != PHASE_BIDDING or self.to_move is None:
            return []
        return list(Bid)

    def dealt_again(self, seat: Seat, rng: random.Random) -> TarotState:
        """This hand with every card ``seat`` cannot see dealt again at random: at the
        bidding the other hands and the chien; at the taker's discard (the chien taken
        into the taker's hand), the other hands.

        Raises:
            InvalidStateError: neither the bidding nor the taker's discard.
        """
        at_discard = self.phase == PHASE_DISCARD and seat == self.taker
        if self.phase != PHASE_BIDDING and not at_discard:
            raise InvalidStateError(
                f"a Tarot hand is dealt again only at the bidding or the taker's discard, "
                f"not in {self.phase!r}"
            )
        # At the discard the chien, turned face up, is already in the taker's hand.
        aside = () if at_discard else self.chien
        hands, chien = deal_hidden_again(self.hands, seat, aside, rng)
        return replace(self, hands=hands, chien=self.chien if at_discard else chien)
