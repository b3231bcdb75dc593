"""One hand of Belote as a state machine: ``BeloteState``, its legal actions, the verdict
on any action, and the next state after one.

A hand runs through the phases ``bidding`` (round 1: take the proposed card's suit or
pass; round 2: name another suit or pass), ``declare`` (at a player's first turn of the
first trick, when they hold a combination: ``Declare`` it or ``NoDeclaration``),
``play`` and ``done``. Build a state with ``new_hand`` or ``start_play`` (``setup``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from tutorial.engine.belote import fast
from tutorial.engine.belote.actions import (
    PASS,
    TAKE,
    UNKNOWN_ACTION,
    BeloteAction,
    Bid,
    Declare,
    NoDeclaration,
    Pass,
    Take,
)
from tutorial.engine.belote.card_masks import BeloteCardMasks
from tutorial.engine.belote.cards import (
    GAME,
    HAND_POINTS_TOTAL,
    NUM_PLAYERS,
    NUM_TRICKS,
    PLAIN_ORDER,
    SIDES,
    TRUMP_ORDER,
    check_seat,
    in_deck_order,
    team_of,
    trick_result,
)
from tutorial.engine.belote.cards import card_points as card_points_in
from tutorial.engine.belote.cards import card_power as card_power_in
from tutorial.engine.belote.cards import trick_winner as trick_winner_in
from tutorial.engine.belote.declarations import (
    Combination,
    best_declarations,
    combinations_text,
    compare_declarations,
    find_belote_holder,
)
from tutorial.engine.belote.options import BeloteOptions
from tutorial.engine.belote.play_rules import RULE_TURN, explain_play, playable
from tutorial.engine.belote.playout import FAST_TABLES
from tutorial.engine.belote.scoring import score_hand, winning_mark
from tutorial.engine.belote.table import LAST_TRICK_BONUS
from tutorial.engine.cards import BELOTE_DECK, PLAIN_SUITS, Card, Suit, suit_word
from tutorial.engine.contract import (
    KeepsTheAuction,
    Observation,
    WithoutChien,
    WithoutStock,
    deal_hidden_again,
    evolve,
)
from tutorial.engine.errors import IllegalActionError, IllegalPlayError, InvalidStateError
from tutorial.engine.outcomes import HandOutcome, Play, TrickResult, WinningMark
from tutorial.engine.rule_options import Ruleset
from tutorial.engine.seats import Seat, seat_name
from tutorial.engine.verdicts import (
    BAD_BID,
    BAD_DECLARATION,
    HAND_OVER,
    NOT_YOUR_TURN,
    WRONG_PHASE,
    Verdict,
)
from tutorial.language.i18n import t

_RULE_BID = "Belote: bidding"
_RULE_DECLARE = "Belote: declarations"
#: What the engine keeps on a state, derived from its fields (left behind by evolve).
_CACHES = ("_legal_", "_offer_")


@dataclass(frozen=True)
class BeloteState(WithoutStock, WithoutChien, KeepsTheAuction):
    """One hand of Belote at one moment; ``apply`` returns the next state.

    Build one with ``new_hand`` (from the deal) or ``start_play`` (a position in play).
    """

    AUCTION_FIELDS = ("bids",)  # the auction's record: see contract.KeepsTheAuction

    ruleset: Ruleset
    dealer: Seat
    phase: str
    to_move: Seat | None
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...] = ()  # the undealt cards, top first (the proposed card first)
    proposed: Card | None = None
    bids: tuple[tuple[Seat, Bid], ...] = ()
    trump: Suit | None = None
    taker: Seat | None = None
    #: per seat: the combinations declared, ``()`` for none, ``None`` while undecided
    declarations: tuple[tuple[Combination, ...] | None, ...] = (None, None, None, None)
    tricks: tuple[TrickResult, ...] = ()
    current_trick: tuple[Play, ...] = ()
    #: per team: cards captured in tricks given without a history (``start_play``)
    captured: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    belote_holder: Seat | None = None
    announcements: tuple[tuple[Seat, str], ...] = ()  # ("belote" / "rebelote", in order)
    carried_points: int = 0
    first_leader: Seat = 0

    # -- the contract's plain members --

    @property
    def game(self) -> str:
        """``"belote"``."""
        return GAME

    @property
    def num_players(self) -> int:
        """Four."""
        return NUM_PLAYERS

    @property
    def options(self) -> BeloteOptions:
        """The rule options in force."""
        opts: BeloteOptions = self.ruleset.options
        return opts

    @property
    def is_terminal(self) -> bool:
        """Whether the hand is over (played out, or all passed twice)."""
        return self.phase == "done"

    @property
    def redeal(self) -> bool:
        """Whether the hand ended because all four passed twice."""
        return self.phase == "done" and self.trump is None

    @property
    def bid_round(self) -> int:
        """1 or 2 during bidding (four bids a round)."""
        return 1 + len(self.bids) // NUM_PLAYERS

    def team_of(self, seat: Seat) -> int:
        """The team of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3."""
        return team_of(seat)

    def card_points(self, card: Card) -> float:
        """The card's points in this hand: they depend on the trump suit.

        Raises:
            InvalidStateError: no trump is chosen yet (the bidding is not over).
        """
        if self.trump is None:
            raise InvalidStateError(
                f"{card.label} has no points yet: a Belote card's points depend on the trump "
                "suit, and no trump is chosen"
            )
        return float(card_points_in(card, self.trump))

    @property
    def taking_team(self) -> int | None:
        """The taker's team, once someone has taken."""
        return None if self.taker is None else self.taker % 2

    @property
    def trick_leader(self) -> Seat:
        """The seat that leads (or led) the current trick."""
        if self.current_trick:
            return self.current_trick[0].seat
        if self.tricks:
            return self.tricks[-1].winner
        return self.first_leader

    # -- legal actions and reasons --

    def legal_actions(self) -> list[BeloteAction]:
        """Every action accepted now: bids, a declaration choice, or the legal cards."""
        if self.phase == "bidding":
            assert self.proposed is not None
            if self.bid_round == 1:
                return [PASS, TAKE[self.proposed.suit]]
            return [PASS, *(TAKE[s] for s in PLAIN_SUITS if s is not self.proposed.suit)]
        if self.phase == "declare":
            assert self.to_move is not None
            return [Declare(self._offer(self.to_move)), NoDeclaration()]
        return list(self._legal())

    def legal_plays(self) -> list[Card]:
        """The cards the seat to move may play (empty outside the play phase)."""
        return list(self._legal())

    def _legal(self) -> tuple[Card, ...]:
        """The legal cards, computed once per state (kept on it)."""
        legal: tuple[Card, ...] | None = self.__dict__.get("_legal_")
        if legal is None:
            if self.phase != "play" or self.to_move is None or self.trump is None:
                legal = ()
            else:
                legal = tuple(
                    playable(
                        self.hands[self.to_move], self._trick_cards(), self.trump, self.options
                    )
                )
            object.__setattr__(self, "_legal_", legal)
        return legal

    def _trick_cards(self) -> tuple[Card, ...]:
        return tuple([p.card for p in self.current_trick])

    def _offer(self, seat: Seat) -> tuple[Combination, ...]:
        assert self.trump is not None
        offers: dict[Seat, tuple[Combination, ...]] | None = self.__dict__.get("_offer_")
        if offers is None:
            offers = {}
            object.__setattr__(self, "_offer_", offers)
        offer = offers.get(seat)
        if offer is None:
            offer = offers[seat] = best_declarations(
                self._dealt_hand(seat), self.trump, self.options.declaration_card_reuse
            )
        return offer

    def _may_declare(self, seat: Seat) -> bool:
        """Whether the seat holds any combination (a carré or 3 in a row), on bitmasks."""
        assert self.trump is not None
        mask = BELOTE_DECK.mask(self._dealt_hand(seat))
        trump = PLAIN_SUITS.index(self.trump)
        reuse = self.options.declaration_card_reuse
        return fast.declarations(mask, trump, reuse, FAST_TABLES.carres)[0] > 0

    def projected(self) -> BeloteState:
        """This position with what its cards settle for the rest of the hand: each seat
        still to declare in the first trick declares its best combinations (as the
        computer players do), and belote goes to the seat dealt the trump King and Queen
        (read off the hands of this position, so another deal of the hidden cards gets
        its own holder; the recorded one when those cards were captured before it)."""
        if self.trump is None:
            return self
        decl = list(self.declarations)
        if not self.tricks:
            for seat in range(NUM_PLAYERS):
                if decl[seat] is None:
                    decl[seat] = self._offer(seat) if self.options.declarations else ()
        dealt = [self._dealt_hand(s) for s in range(NUM_PLAYERS)]
        pair = {Card(self.trump, "K"), Card(self.trump, "Q")}
        holder = self.belote_holder
        if pair <= {c for h in dealt for c in h}:
            holder = find_belote_holder(dealt, self.trump)
        return replace(self, declarations=tuple(decl), belote_holder=holder)

    def _dealt_hand(self, seat: Seat) -> tuple[Card, ...]:
        """The seat's cards at the start of play (its hand plus the cards it played)."""
        played = [p.card for t in self.tricks for p in t.plays if p.seat == seat]
        played += [p.card for p in self.current_trick if p.seat == seat]
        return (*self.hands[seat], *played)

    def explain(self, action: object) -> Verdict:
        """Whether ``action`` is accepted now (for the seat to move), and why not: a
        ``BeloteAction``, a ``Play`` naming its seat, or anything else, refused."""
        if self.phase == "done":
            return Verdict.refuse(HAND_OVER, t("belote.refuse.hand_over"), (), RULE_TURN)
        if isinstance(action, Play):
            if action.seat != self.to_move:
                assert self.to_move is not None  # the hand is not over
                return Verdict.refuse(
                    NOT_YOUR_TURN,
                    t(
                        "belote.refuse.not_your_turn",
                        turn=seat_name(self.to_move),
                        seat=seat_name(action.seat),
                    ),
                    (action.card,),
                    RULE_TURN,
                )
            action = action.card
        if isinstance(action, Card):
            return self._explain_card(action)
        if isinstance(action, Pass | Take):
            return self._explain_bid(action)
        if isinstance(action, Declare | NoDeclaration):
            return self._explain_declaration(action)
        return Verdict.refuse(
            UNKNOWN_ACTION, t("belote.refuse.unknown_action", action=repr(action))
        )

    def _explain_card(self, card: Card) -> Verdict:
        if self.phase == "bidding":
            return Verdict.refuse(
                WRONG_PHASE, t("belote.refuse.card_while_bidding"), (card,), _RULE_BID
            )
        if self.phase == "declare":
            return Verdict.refuse(
                WRONG_PHASE, t("belote.refuse.card_before_declaring"), (card,), _RULE_DECLARE
            )
        assert self.to_move is not None and self.trump is not None
        return explain_play(
            self.hands[self.to_move], self._trick_cards(), card, self.trump, self.options
        )

    def _explain_bid(self, bid: Bid) -> Verdict:
        if self.phase != "bidding":
            return Verdict.refuse(WRONG_PHASE, t("belote.refuse.bidding_over"), (), _RULE_BID)
        assert self.proposed is not None
        if isinstance(bid, Pass):
            return Verdict.ok(t("belote.ok.pass"), _RULE_BID)
        proposed = self.proposed
        if self.bid_round == 1 and bid.suit is not proposed.suit:
            return Verdict.refuse(
                BAD_BID,
                t("belote.refuse.round_1_take", suit=proposed.suit.symbol, card=proposed.label),
                (proposed,),
                _RULE_BID,
            )
        if self.bid_round == 2 and bid.suit is proposed.suit:
            return Verdict.refuse(
                BAD_BID,
                t("belote.refuse.round_2_take", suit=proposed.suit.symbol, card=proposed.label),
                (proposed,),
                _RULE_BID,
            )
        if bid.suit not in PLAIN_SUITS:
            return Verdict.refuse(BAD_BID, t("belote.refuse.not_a_suit", suit=suit_word(bid.suit)))
        return Verdict.ok(t("belote.ok.take", suit=bid.suit.symbol), _RULE_BID)

    def _explain_declaration(self, action: Declare | NoDeclaration) -> Verdict:
        if self.phase != "declare":
            return Verdict.refuse(
                WRONG_PHASE, t("belote.refuse.declaration_not_now"), (), _RULE_DECLARE
            )
        if isinstance(action, NoDeclaration):
            return Verdict.ok_later(lambda: t("belote.ok.declare_nothing"), _RULE_DECLARE)
        assert self.to_move is not None
        offer = self._offer(self.to_move)
        if self._is_offer(action, offer):
            return Verdict.ok_later(
                lambda: t("belote.ok.declare", combinations=combinations_text(offer)),
                _RULE_DECLARE,
            )
        cards = tuple(c for combo in offer for c in combo.cards)
        key = (
            "belote.refuse.declare_all"
            if self.options.declaration_card_reuse
            else "belote.refuse.declare_all_no_reuse"
        )
        return Verdict.refuse_later(
            BAD_DECLARATION,
            lambda: t(key, combinations=combinations_text(offer)),
            cards,
            _RULE_DECLARE,
        )

    @staticmethod
    def _is_offer(action: Declare, offer: tuple[Combination, ...]) -> bool:
        """Whether a declaration is the one offered (every combination, in any order)."""
        combos = action.combinations
        return set(combos) == set(offer) and len(combos) == len(offer)

    # -- moving on --

    def apply(self, action: object) -> BeloteState:
        """The next state after ``action``.

        Raises:
            IllegalPlayError: a card (or ``Play``) the rules refuse, with its verdict.
            IllegalActionError: any other refused action (bid, declaration).
        """
        # The common cases first, without building a verdict. (``type(action) is``: an
        # exact class, the test mypy narrows on; a subclass takes the checked way.)
        phase = self.phase
        if phase == "play":
            if type(action) is Card:
                if action in self._legal():
                    return self._play(action)
            elif (
                type(action) is Play
                and action.seat == self.to_move
                and action.card in self._legal()
            ):
                return self._play(action.card)
        elif phase == "bidding":
            if type(action) is Pass:
                return self._bid(action)
            if type(action) is Take:
                assert self.proposed is not None
                psuit = self.proposed.suit
                if self.bid_round == 1:
                    if action.suit is psuit:
                        return self._bid(action)
                elif action.suit is not psuit and action.suit in PLAIN_SUITS:
                    return self._bid(action)
        elif phase == "declare":
            if type(action) is NoDeclaration:
                return self._declare(())
            seat = self.to_move
            if (
                type(action) is Declare
                and seat is not None
                and self._is_offer(action, self._offer(seat))
            ):
                return self._declare(action.combinations)
        verdict = self.explain(action)
        if not verdict.legal:
            if isinstance(action, Card | Play):
                raise IllegalPlayError(verdict)
            raise IllegalActionError(verdict)
        if isinstance(action, Play):
            action = action.card
        if isinstance(action, Card):
            return self._play(action)
        if isinstance(action, Pass | Take):
            return self._bid(action)
        assert isinstance(action, Declare | NoDeclaration)
        return self._declare(action.combinations if isinstance(action, Declare) else ())

    def _declare(self, combos: tuple[Combination, ...]) -> BeloteState:
        assert self.to_move is not None
        decl = list(self.declarations)
        decl[self.to_move] = combos
        return evolve(self, {"declarations": tuple(decl), "phase": "play"}, _CACHES)

    def _bid(self, bid: Bid) -> BeloteState:
        assert self.to_move is not None and self.proposed is not None
        bids = (*self.bids, (self.to_move, bid))
        nxt = (self.to_move + 1) % NUM_PLAYERS
        if isinstance(bid, Pass):
            if len(bids) == 2 * NUM_PLAYERS:  # all passed twice: redeal
                return evolve(self, {"bids": bids, "phase": "done", "to_move": None}, _CACHES)
            return evolve(self, {"bids": bids, "to_move": nxt}, _CACHES)
        # The taker receives the proposed card plus 2, the others 3, dealt in order.
        taker = self.to_move
        rest = list(self.stock[1:])
        hands = [list(h) for h in self.hands]
        hands[taker].append(self.proposed)
        for k in range(1, NUM_PLAYERS + 1):
            seat = (self.dealer + k) % NUM_PLAYERS
            n = 2 if seat == taker else 3
            hands[seat].extend(rest[:n])
            del rest[:n]
        final = tuple(in_deck_order(h) for h in hands)
        state = evolve(
            self,
            {
                "bids": bids,
                "hands": final,
                "stock": (),
                "trump": bid.suit,
                "taker": taker,
                "phase": "play",
                "to_move": self.first_leader,
                "belote_holder": find_belote_holder(final, bid.suit),
            },
            _CACHES,
        )
        return state._enter_turn()

    def _enter_turn(self) -> BeloteState:
        """Open the declaration choice at a seat's first turn of the first trick."""
        seat = self.to_move
        if seat is None or self.tricks or self.declarations[seat] is not None or self.trump is None:
            return self
        decl = list(self.declarations)
        if self.options.declarations and self._may_declare(seat):
            return evolve(self, {"phase": "declare"}, _CACHES)
        decl[seat] = ()  # nothing to declare: straight to play
        return evolve(self, {"declarations": tuple(decl), "phase": "play"}, _CACHES)

    def _play(self, card: Card) -> BeloteState:
        seat = self.to_move
        assert seat is not None and self.trump is not None
        hands = list(self.hands)
        hand = hands[seat]
        i = hand.index(card)
        hands[seat] = hand[:i] + hand[i + 1 :]
        trick = (*self.current_trick, Play(seat, card))
        announcements = self.announcements
        if seat == self.belote_holder and card.suit is self.trump and card.rank in ("K", "Q"):
            word = "rebelote" if announcements else "belote"
            announcements = (*announcements, (seat, word))
        if len(trick) < NUM_PLAYERS:
            nxt = evolve(
                self,
                {
                    "hands": tuple(hands),
                    "current_trick": trick,
                    "to_move": (seat + 1) % NUM_PLAYERS,
                    "announcements": announcements,
                },
                _CACHES,
            )
            return nxt._enter_turn() if not self.tricks else nxt
        # Tricks are numbered as played: earlier tricks given only as captured cards count.
        earlier = sum(len(cards) for cards in self.captured) // NUM_PLAYERS
        result = trick_result(earlier + len(self.tricks), trick, self.trump)
        tricks = (*self.tricks, result)
        done = all(not h for h in hands)
        return evolve(
            self,
            {
                "hands": tuple(hands),
                "current_trick": (),
                "tricks": tricks,
                "to_move": None if done else result.winner,
                "phase": "done" if done else "play",
                "announcements": announcements,
            },
            _CACHES,
        )

    # -- scoring --

    def outcome(self) -> HandOutcome:
        """The itemised score of the finished hand.

        Raises:
            InvalidStateError: the hand is not over.
        """
        if self.phase != "done":
            raise InvalidStateError(f"the hand is not over (phase {self.phase})")
        return score_hand(self)

    # -- information --

    def _public_in_hand(self, seat: Seat) -> frozenset[Card]:
        """Cards in ``seat``'s hand that every seat knows are there."""
        hand = set(self.hands[seat])
        known: set[Card] = set()
        if self.proposed is not None and self.taker == seat:
            known.add(self.proposed)  # the proposed card was face up
        if self.belote_holder == seat and self.announcements and self.trump is not None:
            # "belote" said: the other of trump K and Q is in the same hand.
            known.update({Card(self.trump, "K"), Card(self.trump, "Q")})
        for combos in self._shown_declarations().values():
            known.update(c for combo in combos for c in combo.cards)
        return frozenset(known & hand)

    def _shown_declarations(self) -> dict[Seat, tuple[Combination, ...]]:
        """After the first trick the team with the best declaration shows it (000 9.5)."""
        if not self.tricks or self.trump is None:
            return {}
        declared = {s: d for s, d in enumerate(self.declarations) if d}
        result = compare_declarations(declared, self.trump, self.dealer)
        if result.team is None:
            return {}
        return {s: d for s, d in declared.items() if s % 2 == result.team}

    def hidden_cards(self, seat: Seat) -> frozenset[Card]:
        """The cards in ``seat``'s hand that no other seat may see."""
        check_seat(seat)
        return frozenset(self.hands[seat]) - self._public_in_hand(seat)

    def observe(self, seat: Seat) -> Observation:
        """What ``seat`` may see: its hand and everything public."""
        check_seat(seat)
        known: set[Card] = set(self.hands[seat])
        in_hands: dict[Seat, tuple[Card, ...]] = {}
        for s in range(NUM_PLAYERS):
            shown = self._public_in_hand(s)
            if shown:
                in_hands[s] = in_deck_order(shown)
                known.update(shown)
        for trick in self.tricks:
            known.update(trick.cards)
        known.update(p.card for p in self.current_trick)
        for team_cards in self.captured:
            known.update(team_cards)
        if self.proposed is not None and self.phase == "bidding":
            known.add(self.proposed)
        announced = {
            s: tuple(c.announcement for c in d) for s, d in enumerate(self.declarations) if d
        }
        public: dict[str, Any] = {
            "phase": self.phase,
            "dealer": self.dealer,
            "direction": self.options.direction,
            "proposed": self.proposed,
            "bids": tuple((s, str(b)) for s, b in self.bids),
            "bid_round": self.bid_round if self.phase == "bidding" else None,
            "trump": self.trump,
            "taker": self.taker,
            "declarations_announced": announced,
            "declarations_shown": self._shown_declarations(),
            "announcements": self.announcements,
            "known_in_hands": in_hands,
            "carried_points": self.carried_points,
            "captured_counts": tuple(len(c) for c in self.captured),
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

    # -- what the scenarios, the course and the pictures ask of any game --

    @property
    def trump_suit(self) -> Suit | None:
        """The trump suit of this hand, ``None`` while the bidding has not chosen one."""
        return self.trump

    @property
    def total_tricks(self) -> int:
        """Tricks in a whole hand: 8."""
        return NUM_TRICKS

    @property
    def last_trick_bonus(self) -> float:
        """The points the last trick adds to its winner's count: the 10 of dix de der."""
        return LAST_TRICK_BONUS

    @property
    def point_unit(self) -> float:
        """The smallest step of a count of card points: 1."""
        return 1.0

    @property
    def scores_by_seat(self) -> bool:
        """Whether ``outcome().totals`` is keyed by seat rather than by side: no (by team)."""
        return False

    def score_key(self, side: int) -> str | None:
        """The key of ``outcome().totals`` that holds a side's total (``team0``, ``team1``)."""
        return SIDES[side] if 0 <= side < len(SIDES) else None

    def points_won(self) -> tuple[float, float]:
        """Card points each team has won so far: the listed tricks and the captured cards."""
        pts = [0.0, 0.0]
        for trick in self.tricks:
            pts[team_of(trick.winner)] += trick.points
        for team, cards in enumerate(self.captured):
            pts[team] += sum((self.card_points(c) for c in cards), 0.0)
        return pts[0], pts[1]

    def earlier_tricks(self) -> tuple[int | None, int | None]:
        """Tricks each team won before the first listed one (its captured cards, whole
        tricks)."""
        a, b = (len(cards) // NUM_PLAYERS for cards in self.captured)
        return a, b

    def piles_after_tricks(self) -> tuple[tuple[float, float], ...]:
        """Each team's pile of card points before the first listed trick (the captured
        cards), then after each listed trick, the dix de der with the last trick's."""
        pile = [sum((self.card_points(c) for c in cards), 0.0) for cards in self.captured]
        piles = [(pile[0], pile[1])]
        for trick in self.tricks:
            pile[team_of(trick.winner)] += trick.points
            if trick.index == NUM_TRICKS - 1:  # Rule: the dix de der
                pile[team_of(trick.winner)] += LAST_TRICK_BONUS
            piles.append((pile[0], pile[1]))
        return tuple(piles)

    def seated_bids(self) -> list[tuple[Seat, Bid]]:
        """The bids in the order they were made, each with its seat."""
        return [(seat, bid) for seat, bid in self.bids]

    @property
    def hand_points(self) -> float:
        """The points a whole hand holds: 152 in the cards and the 10 of dix de der, 162."""
        return float(HAND_POINTS_TOTAL)

    def points_settled(self) -> tuple[float, float]:
        """Each team's count so far as the end will have it: its card points won, and the
        dix de der once the last trick is won.

        Raises:
            InvalidStateError: no trump is chosen yet (the cards have no points).
        """
        if self.trump is None:
            raise InvalidStateError("no trump is chosen yet: the cards have no points")
        pts = list(self.points_won())
        if self.is_terminal and self.tricks:
            pts[team_of(self.tricks[-1].winner)] += LAST_TRICK_BONUS  # Rule: dix de der
        return pts[0], pts[1]

    def winning_mark(self, side: int) -> WinningMark | None:
        """The least count (card points and dix de der) with which ``side`` wins the hand:
        the takers by making the contract, the defence by a dedans (see
        ``scoring.winning_mark``; None before the contract and the declarations are known)."""
        return winning_mark(self, side)

    # -- what the analysis and the tools ask of any game --

    def is_trump(self, card: Card) -> bool:
        """Whether ``card`` is a trump in this hand (none before the trump is chosen)."""
        return card.suit is self.trump

    def card_power(self, card: Card) -> int:
        """The card's strength inside its own suit, every trump above every plain card.

        Raises:
            InvalidStateError: no trump is chosen yet (the bidding is not over).
        """
        return card_power_in(card, self._chosen_trump(card), card.suit)

    def winning_position(self, cards: Sequence[Card]) -> int | None:
        """The position in ``cards`` (a trick so far, in playing order) of the card winning it.

        Raises:
            InvalidStateError: no trump is chosen yet (the bidding is not over).
        """
        return trick_winner_in(cards, self._chosen_trump(cards[0]))

    def card_masks(self) -> BeloteCardMasks:
        """This hand's trick rules on card indices and bitmasks, for the trump chosen.

        Raises:
            InvalidStateError: no trump is chosen yet (the bidding is not over).
        """
        return BeloteCardMasks(self)

    def _chosen_trump(self, card: Card) -> Suit:
        """The trump suit, or the refusal of a question about ``card`` before it is chosen."""
        if self.trump is None:
            raise InvalidStateError(
                f"{card.label} has no strength yet: a Belote card's strength depends on the "
                "trump suit, and no trump is chosen"
            )
        return self.trump

    def with_hands(
        self, hands: tuple[tuple[Card, ...], ...], stock: tuple[Card, ...] | None = None
    ) -> BeloteState:
        """This position with other hands (and, when given, another undealt ``stock``)."""
        if stock is None:
            return replace(self, hands=hands)
        return replace(self, hands=hands, stock=stock)

    @property
    def sides_known(self) -> bool:
        """Whether the sides are settled: always (partners sit opposite)."""
        return True

    def played_for_a_score(self) -> bool:
        """Whether the finished hand was played for a score (not a redeal)."""
        return self.outcome().details.get("result") in ("made", "dedans", "litige")

    @property
    def bidding_makes_sides(self) -> bool:
        """Whether the bidding makes the sides anew each hand: no, partners sit opposite."""
        return False

    @property
    def face_up_card(self) -> Card | None:
        """The card lying face up for every seat to see: the proposed card while bidding."""
        return self.proposed if self.phase == "bidding" else None

    @property
    def names_free_play_rule(self) -> bool:
        """Whether the verdict on a card left free names the rule freeing it: yes."""
        return True

    def bid_choices(self) -> list[Bid]:
        """Every bid the seat to move might try now, legal or not (empty outside the bidding)."""
        # Round 1: pass or take the proposed suit; round 2: pass or take any suit (the
        # proposed one too: trying it gets the engine's reason).
        if self.phase != "bidding" or self.to_move is None:
            return []
        if self.bid_round == 1:
            assert self.proposed is not None
            return [PASS, TAKE[self.proposed.suit]]  # as legal_actions() offers them
        return [Pass(), *(Take(s) for s in PLAIN_SUITS)]

    def dealt_again(self, seat: Seat, rng: random.Random) -> BeloteState:
        """This hand at the bidding with every card ``seat`` cannot see dealt again at
        random: the other hands and the undealt cards; the proposed card stays face up.

        Raises:
            InvalidStateError: the bidding is over (cards have moved since the deal).
        """
        if self.phase != "bidding" or self.tricks or self.current_trick:
            raise InvalidStateError(
                f"a Belote hand is dealt again only at the bidding, not in {self.phase!r}"
            )
        hands, undealt = deal_hidden_again(self.hands, seat, self.stock[1:], rng)
        return replace(self, hands=hands, stock=(*self.stock[:1], *undealt))


def hand_order(state: BeloteState) -> tuple[Suit | None, Callable[[Card], int]]:
    """How a Belote hand is sorted: the trump suit once chosen (placed last), and each
    card's strength inside its suit (trump J and 9 at the top of the trump suit)."""
    trump = state.trump

    def strength(card: Card) -> int:
        order = TRUMP_ORDER if card.suit is trump else PLAIN_ORDER
        return order.index(card.rank)

    return trump, strength
