"""A practice hand: the learner plays one seat of a whole hand against computer players.

Pure (never imports streamlit): the Practice page keeps one :class:`PracticeHand` and
replaces it after every action. A hand holds the table (seat names, the learner, the
dealer), the engine state, every action taken so far with the state it was taken in
(for the review at the end and for saving a position as a scenario), which seats the
computer plays and at which level, the hints used, the last refusal and a note after
every trick saying why its winner won.

The computer players come from :mod:`tutorial.analysis.player`, the hint's card from
:mod:`tutorial.analysis.hints`, the review of each card from
:mod:`tutorial.analysis.card_review` (all three read the one judgement of a position:
:mod:`tutorial.analysis.judgement`) and the sentence after each trick from
:mod:`tutorial.analysis.why_trick`. Each card the
learner plays is reviewed in the background as soon as it is played
(:func:`queue_review`, on a :class:`tutorial.course.review_worker.ReviewWorker` keyed by
the hand's ``hand_id``); the end of the hand collects what is done
(:func:`review_progress`).

A deal is named by its game, rules, level and seed: :func:`deal_query` writes it into an
address and :func:`parse_deal_query` reads it back (a learner shares the link to show
someone a hand). A finished hand is played again by :func:`replay`: the same cards, the
learner's earlier actions replayed up to the trick chosen, and the computer players'
recorded actions for as long as the learner repeats theirs (the computer players
read no clock: the same position gets the same card).

>>> hand = deal("briscola", players=2, seed=1)
>>> hand.learner_to_move, len(hand.state.hands[0])
(True, 3)
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tutorial.analysis import beginner, card_review, hints, player
from tutorial.analysis.bid_advice import advise_bid, paired_error
from tutorial.analysis.errors import UnsolvablePosition
from tutorial.analysis.why_trick import why_trick
from tutorial.course import bid_review
from tutorial.course.review_worker import ReviewWorker
from tutorial.engine.actions import Action, card_of
from tutorial.engine.cards import Card, describe_cards
from tutorial.engine.contract import GameState
from tutorial.engine.errors import TutorialError
from tutorial.engine.game_parts import GameParts
from tutorial.engine.games import GAMES, game_info, new_hand, player_counts
from tutorial.engine.hand_order import sort_hand
from tutorial.engine.outcomes import TrickResult
from tutorial.engine.rule_options import find_ruleset, rulesets
from tutorial.engine.seats import seat_names
from tutorial.language.i18n import t, tn
from tutorial.scenarios import actions
from tutorial.scenarios.position import Table

__all__ = [
    "BIDDING_TRIES",
    "LEARNER",
    "LEVELS",
    "VARIANTS",
    "DealLink",
    "DealLinkError",
    "Move",
    "PracticeHand",
    "Refusal",
    "ReviewProgress",
    "TrickNote",
    "advance",
    "bid_worth_thinking",
    "computer_action",
    "costliest",
    "deal",
    "deal_query",
    "deal_to_bid",
    "discard",
    "habit_reason",
    "has_bidding",
    "hint",
    "hint_text",
    "history",
    "parse_deal_query",
    "practice_seat_names",
    "queue_review",
    "replay",
    "replay_start",
    "replay_tricks",
    "review",
    "review_progress",
    "rule_hint",
    "shown_chien",
    "story",
    "suggestion",
    "try_action",
]

#: The learner's seat (drawn at the bottom of the table: South).
LEARNER = 0
#: The games on offer, as (game, number of players).
VARIANTS: tuple[tuple[str, int], ...] = (
    ("belote", 4),
    ("tarot", 4),
    ("briscola", 2),
    ("briscola", 4),
)
#: The hint tiers, in the order they are asked: the rule, the legal cards marked, the
#: suggestion (``hint_kinds``: no legal cards' tier where every card may be played).
RULE, LEGAL, SUGGESTION = "rule", "legal", "suggestion"


#: The computer players' levels, weakest first.
LEVELS: tuple[str, ...] = player.LEVELS


@dataclass(frozen=True)
class Move:
    """One action taken at the table, and the state it was taken in."""

    seat: int
    action: Action
    before: GameState


@dataclass(frozen=True)
class TrickNote:
    """Why a trick's winner won it, in a sentence (shown after each trick)."""

    number: int  # 1 for the first trick
    winner: int
    points: float
    text: str


@dataclass(frozen=True)
class Refusal:
    """The engine's reason for refusing the learner's last try (the state is unchanged)."""

    code: str
    message: str
    forcing: tuple[Card, ...] = ()


@dataclass(frozen=True)
class PracticeHand:
    """One hand in progress (immutable: every action returns a new hand)."""

    game: str
    ruleset: str
    level: str
    seed: int
    table: Table
    state: GameState
    computer: frozenset[int]
    moves: tuple[Move, ...] = ()
    notes: tuple[TrickNote, ...] = ()
    hints_used: int = 0
    hint_tier: int = 0  # hints shown for the current decision (0 to 3)
    refusal: Refusal | None = None
    #: The strong player's suggestion for the current decision, once asked.
    suggested: tuple[Any, str] | None = None
    #: The hand's id (a new one at each deal): the key of its reviews in the worker.
    hand_id: int = 0
    pending: tuple[object, ...] = field(default=())  # the table view's "held back" events
    #: A replay's recorded actions of the hand it replays, and whether every action so
    #: far repeats them (the computer seats then take the recorded ones).
    script: tuple[Action, ...] = ()
    on_script: bool = True
    #: The finished hand this one replays (None for a new deal), and from which trick
    #: (0: from the deal).
    replay_of: PracticeHand | None = None
    replay_from: int = 0

    @property
    def learner(self) -> int:
        """The learner's seat."""
        return self.table.learner

    @property
    def finished(self) -> bool:
        """Whether the hand is over."""
        return self.state.is_terminal

    @property
    def learner_to_move(self) -> bool:
        """Whether the engine waits for the learner."""
        return not self.finished and self.state.to_move == self.learner

    @property
    def played_out(self) -> bool:
        """Whether the hand was played (False when every seat passed)."""
        return bool(self.state.tricks)

    def learner_moves(self) -> list[Move]:
        """The learner's own actions, in order."""
        return [m for m in self.moves if m.seat == self.learner]


# --- Dealing ----------------------------------------------------------------------------


def practice_seat_names(game: str, players: int, ruleset: str = "default") -> tuple[str, ...]:
    """The seats' names, in playing order from the learner (you sit South), as the
    game's lessons name them.

    Where the sides are fixed before the deal (Belote, Briscola for four) the seat
    opposite is your partner: You, then Right, Partner, Left when play goes
    counter-clockwise (Left first when it goes clockwise). Where the bidding makes the
    sides (Tarot) nobody is a partner before it, and the seats keep the compass names
    the Tarot lessons use: East, North, West (West first clockwise).
    """
    if players == 2:
        return (t("practice.seat_you"), t("practice.seat_opponent"))
    module = game_info(game)
    if module.bidding_makes_sides:
        right, across, left = (
            t("practice.seat_east"),
            t("practice.seat_north"),
            t("practice.seat_west"),
        )
    else:
        right, across, left = (
            t("practice.seat_right"),
            t("practice.seat_partner"),
            t("practice.seat_left"),
        )
    base = find_ruleset(game, ruleset.split("+", 1)[0])
    clockwise = module.play_direction(base) == "clockwise"
    first, last = (left, right) if clockwise else (right, left)
    return (t("practice.seat_you"), first, across, last)


def in_language(hand: PracticeHand) -> PracticeHand:
    """The hand with its seats named in the session's language (a learner who switches
    language mid-hand reads "你" and "東家" as a new deal would name them), the hand it
    replays too; the same hand when the names already are."""
    names = practice_seat_names(hand.game, len(hand.table.seat_names), hand.ruleset)
    replay_of = in_language(hand.replay_of) if hand.replay_of is not None else None
    if names == hand.table.seat_names and replay_of is hand.replay_of:
        return hand
    table = dataclasses.replace(hand.table, seat_names=names)
    return dataclasses.replace(hand, table=table, replay_of=replay_of)


def deal(
    game: str,
    ruleset: str = "default",
    *,
    players: int | None = None,
    level: str = "beginner",
    seed: int = 0,
    dealer: int | None = None,
) -> PracticeHand:
    """A new hand dealt from ``seed``, the computer seats played up to the learner's turn.

    The dealer turns with the seed (so the learner is not always the last to bid)
    unless ``dealer`` is given.

    Raises:
        UnknownRulesetError: the game or the ruleset does not exist.
        ValueError: an unknown level or number of players.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    # The game's usual table (an unknown game is refused just below, as no variant).
    n = players or (player_counts(game)[0] if game in GAMES else 4)
    if (game, n) not in VARIANTS:
        raise ValueError(f"{game} is not played by {n} players here")
    return advance(_seated(game, ruleset, n, level, seed, dealer))[0]


def _seated(
    game: str, ruleset: str, players: int, level: str, seed: int, dealer: int | None
) -> PracticeHand:
    """The hand just dealt from ``seed``, before anyone acts (a new hand id)."""
    seat = (seed % players) if dealer is None else dealer
    # A game seated at more than one table size is told which one.
    kw: dict[str, Any] = {"players": players} if len(player_counts(game)) > 1 else {}
    state = new_hand(game, ruleset, rng=random.Random(seed), dealer=seat, **kw)
    table = Table(practice_seat_names(game, players, ruleset), LEARNER, seat, state)
    computer = frozenset(s for s in range(players) if s != LEARNER)
    return PracticeHand(game, ruleset, level, seed, table, state, computer, hand_id=next(_HAND_IDS))


#: Deals tried at most for a hand to practise bidding (each valued by the bid advice,
#: about a tenth of a second of CPU; about one deal in three to six fits).
BIDDING_TRIES = 40
#: A bid is a close call when the advice's figures differ by at most this many paired
#: standard errors (the advice cannot tell them apart better over its deals).
CLOSE_ERRORS = 2.0


def has_bidding(game: str) -> bool:
    """Whether a hand of ``game`` starts with bids (so bidding can be practised)."""
    return bool(game_info(game).has_bidding)


def bid_worth_thinking(hand: PracticeHand) -> bool:
    """Whether the hand is at the learner's first bid, the learner speaks first or second,
    and the bid is worth thinking about.

    Worth thinking about, by the engine's bid advice at that bid (the figures of the
    hint's chart: each bid's expected score over deals like this one): the best bid is
    to take (which contract or which trump is then the question), or passing is best
    but the best take comes within :data:`CLOSE_ERRORS` paired standard errors of it (a
    close call). A clear pass, most hands, is left out.
    """
    if not hand.learner_to_move or hand.state.phase != "bidding":
        return False
    if len(hand.moves) > 1 or any(m.seat == hand.learner for m in hand.moves):
        return False  # the learner speaks third or later, or has spoken already
    history = [*(m.before for m in hand.moves), hand.state]
    advice = advise_bid(history, [m.action for m in hand.moves])
    is_pass = game_info(hand.game).is_pass
    best = advice.best
    if not is_pass(best.action):
        return True
    take = next((v for v in advice.values if not is_pass(v.action)), None)
    if take is None:
        return False
    return best.mean - take.mean <= CLOSE_ERRORS * paired_error(best.scores, take.scores)


def deal_to_bid(
    game: str,
    ruleset: str = "default",
    *,
    players: int | None = None,
    level: str = "beginner",
    seed: int = 0,
) -> PracticeHand:
    """A hand to practise bidding: the first deal from ``seed`` on (at most
    :data:`BIDDING_TRIES`) where the learner bids first or second and the bid is worth
    thinking about (:func:`bid_worth_thinking`); past the tries, the last one tried. The
    hand's seed is the deal's, so its link deals it again. A game without bids: the
    deal of ``seed``.

    Raises:
        UnknownRulesetError: the game or the ruleset does not exist.
        ValueError: an unknown level or number of players.
    """
    first = deal(game, ruleset, players=players, level=level, seed=seed)
    if not has_bidding(game):
        return first
    n = first.state.num_players
    last = first
    for tried in range(BIDDING_TRIES):
        fresh = _seated(game, ruleset, n, level, seed + tried, None)
        to_move = fresh.state.to_move
        if fresh.state.phase != "bidding" or to_move is None:
            continue
        if (fresh.learner - to_move) % n > 1:  # two seats or more bid before the learner
            continue
        last = advance(fresh)[0]
        if bid_worth_thinking(last):
            break
    return last


#: The hands' ids, one per deal in this process.
_HAND_IDS = itertools.count(1)


# --- The computer players ---------------------------------------------------------------


def _rng(hand: PracticeHand) -> random.Random:
    """The random source of the next decision: the same deal gets the same play."""
    return random.Random(hand.seed * 1_000 + len(hand.moves))


def computer_action(hand: PracticeHand) -> Action:
    """The action the computer takes for the seat to move: in a replay that has repeated
    every recorded action so far, the recorded one; otherwise the level's choice."""
    done = len(hand.moves)
    if hand.on_script and done < len(hand.script):
        return hand.script[done]
    return player.choose(hand.state, hand.level, _rng(hand))


def _record(hand: PracticeHand, action: Action) -> PracticeHand:
    """The hand after ``action`` by the seat to move (legal: checked by the caller)."""
    seat = hand.state.to_move
    assert seat is not None
    with seat_names(hand.table.seat_names):
        after = hand.state.apply(action)
    notes = hand.notes
    if len(after.tricks) > len(hand.state.tricks):
        trick = after.tricks[-1]
        notes = (
            *notes,
            TrickNote(len(after.tricks), trick.winner, trick.points, _why(hand, after, trick)),
        )
    done = len(hand.moves)
    repeated = done < len(hand.script) and hand.script[done] == action
    return dataclasses.replace(
        hand,
        state=after,
        moves=(*hand.moves, Move(seat, action, hand.state)),
        notes=notes,
        refusal=None,
        hint_tier=0 if seat == hand.learner else hand.hint_tier,
        suggested=None,
        on_script=hand.on_script and repeated,
    )


def _why(hand: PracticeHand, after: GameState, trick: TrickResult) -> str:
    """A short "why the winner won" for a trick just finished, with its number and points."""
    with seat_names(hand.table.seat_names):
        why = why_trick(trick, after)
    points = tn("plural.points", trick.points)
    return t("practice.trick_note", number=len(after.tricks), points=points, why=why)


def advance(
    hand: PracticeHand, choose: Callable[[PracticeHand], Action] | None = None
) -> tuple[PracticeHand, tuple[PracticeHand, ...]]:
    """The computer seats act until the learner's turn or the end of the hand.

    Returns the hand reached and every hand on the way (one after each computer
    action), for the table to show the cards arriving.
    """
    pick = choose or computer_action
    frames: list[PracticeHand] = []
    while not hand.finished and hand.state.to_move in hand.computer:
        hand = _record(hand, pick(hand))
        frames.append(hand)
    return hand, tuple(frames)


# --- The learner's actions --------------------------------------------------------------


def try_action(hand: PracticeHand, action: Action | str) -> PracticeHand:
    """The learner tries ``action`` (an engine action or its text: ``9H``, ``take H``).

    A refused action leaves the state as it was and records the engine's reason; an
    accepted one is applied (the computer seats do not move yet: see :func:`advance`).
    """
    if not hand.learner_to_move:
        return hand
    with seat_names(hand.table.seat_names):
        try:
            parsed = actions.parse(hand.state, action) if isinstance(action, str) else action
        except TutorialError as err:
            return dataclasses.replace(hand, refusal=Refusal("notation", str(err)))
        verdict = hand.state.explain(parsed)
    if not verdict.legal:
        return dataclasses.replace(
            hand, refusal=Refusal(verdict.code, verdict.message, tuple(verdict.forcing))
        )
    return _record(hand, parsed)


def discard(hand: PracticeHand, codes: Sequence[str]) -> PracticeHand:
    """Tarot: lay the chosen cards aside one by one (the first refusal stops there)."""
    for code in codes:
        if hand.state.phase != "discard" or not hand.learner_to_move:
            break
        hand = try_action(hand, f"discard {code}")
        if hand.refusal is not None:
            break
    return hand


# --- Hints ------------------------------------------------------------------------------


def hint_kinds(hand: PracticeHand) -> tuple[str, ...]:
    """The hint tiers of the learner's decision, in order: the rule, the legal cards
    marked (left out where every card in hand may be played: Briscola), the suggestion."""
    state = hand.state
    if state.phase == "play" and state.any_card_playable:
        return (RULE, SUGGESTION)
    return (RULE, LEGAL, SUGGESTION)


def hint_tiers(hand: PracticeHand) -> int:
    """How many hint tiers the learner's decision has."""
    return len(hint_kinds(hand))


def legal_marked(hand: PracticeHand) -> bool:
    """Whether the hints asked so far mark the legal cards on the hand."""
    return LEGAL in hint_kinds(hand)[: hand.hint_tier]


def hint(hand: PracticeHand) -> PracticeHand:
    """One more hint tier for the current decision (the last asks the strong player)."""
    kinds = hint_kinds(hand)
    if not hand.learner_to_move or hand.hint_tier >= len(kinds):
        return hand
    tier = hand.hint_tier + 1
    suggested = hand.suggested
    if kinds[tier - 1] == SUGGESTION and suggested is None:
        suggested = suggestion(hand)
    return dataclasses.replace(
        hand, hint_tier=tier, hints_used=hand.hints_used + 1, suggested=suggested
    )


def rule_hint(hand: PracticeHand) -> str:
    """The rule in force for the learner's decision, as the engine words it.

    Playing a card: when some card of the hand is refused, the engine's reason (it names
    the rule and the cards that force it); otherwise what the engine says of a legal card
    ("You lead: any card may be led."). Other decisions get the phase's rule.
    """
    state = hand.state
    if state.phase == "discard":  # Tarot's taker making the discard
        return t("practice.rule_discard")
    legal = state.legal_plays()
    if not legal:
        key = {
            "bidding": f"practice.rule_bidding_{state.game}",
            "declare": "practice.rule_declare",
            "chelem": "practice.rule_chelem",
            "poignee": "practice.rule_poignee",
        }.get(state.phase, "practice.rule_choose")
        return t(key)

    hand_cards = sort_hand(state.hands[hand.learner], state)
    with seat_names(hand.table.seat_names):
        refused = next((c for c in hand_cards if c not in legal), None)
        if refused is not None:
            return state.explain(refused).message
        if state.any_card_playable:  # no card is ever refused (Briscola, named in the sentence)
            return t("practice.rule_briscola")
        if not state.current_trick:
            return t("practice.rule_lead")
        if not state.names_free_play_rule:  # its sentence for a free card names only that card
            return t("practice.rule_free")
        return state.explain(sort_hand(legal, state)[0]).message


def suggestion(hand: PracticeHand) -> tuple[Any, str]:
    """The strong player's choice for the learner, with its reason in a sentence.

    Playing a card, the judge's card (what it keeps over the next best card, whether that
    is exact or worked out over possible deals, and a reason the learner can see); bids
    and the other choices, the computer players' habit and, at a bid, the count it bids
    by.
    """
    if hand.state.phase == "discard":  # the whole discard the computer would make
        state, chosen = hand.state, []
        while state.phase == "discard" and state.to_move == hand.learner:
            action = beginner.choose(state)
            laid = card_of(action)
            assert laid is not None  # each action of the discard lays a card aside
            chosen.append(laid)
            state = state.apply(action)
        return chosen, t("practice.hint_discard_suggest", cards=describe_cards(chosen))
    with seat_names(hand.table.seat_names):
        if hand.state.legal_plays():
            try:
                found = hints.suggest(hand.state)
            except UnsolvablePosition:
                pass
            else:
                if found.next_best is None:  # the only legal card: nothing was weighed
                    return found.card, found.sentence()
                why = t("practice.suggest_basis", sentence=found.sentence(), basis=found.basis())
                return found.card, why
        action = beginner.choose(hand.state)
    return action, habit_reason(hand.state, action)


@dataclass(frozen=True)
class PracticePart:
    """What a practice hand says of a game's own (``tutorial/course/games/<game>.py`` sets
    it as ``PRACTICE``)."""

    #: Why the computer players' habit bids ``action`` (its label given), in a sentence
    #: with the count of the hand it bids by; None: no reason of the game's own.
    bid_reason: Callable[[GameState, Action, str], str | None]


#: Each game's practice part, from its module of ``tutorial/course/games``.
PRACTICE_PARTS = GameParts("tutorial.course.games", PracticePart, "PRACTICE")


def no_bid_reason(state: GameState, action: Action, label: str) -> str | None:
    """No reason of the game's own (a game without bids)."""
    return None


def habit_reason(state: GameState, action: Action) -> str:
    """Why the computer players' habit takes ``action`` here, in a sentence: at a Tarot
    bid, the count of the hand it bids by; at a Belote bid, the trumps and Aces it counts."""
    label = actions.label(action)
    seat = state.to_move
    if state.phase != "bidding" or seat is None:
        return t("practice.hint_suggest_plain", action=label)
    reason = PRACTICE_PARTS.of(state.game).bid_reason(state, action, label)
    if reason is not None:
        return reason
    return t("practice.hint_suggest_plain", action=label)


def hint_text(hand: PracticeHand, tier: int) -> str:
    """The words of hint tier ``tier`` (1 for the first: see ``hint_kinds``)."""
    kind = hint_kinds(hand)[tier - 1]
    if kind == RULE:
        return rule_hint(hand)
    if kind == LEGAL:
        if hand.state.phase == "discard":
            return t("practice.hint_discard_marked")
        if hand.state.legal_plays():
            return t("practice.hint_legal_marked")
        legal = hand.state.legal_actions()
        labels = t("common.cards.separator").join(actions.label(a) for a in legal)
        return t("practice.hint_legal_actions", actions=labels)
    suggested = hand.suggested or suggestion(hand)
    return str(suggested[1])


# --- What happened, in words -------------------------------------------------------------


def story(hand: PracticeHand, start: int = 0) -> list[str]:
    """What happened from move ``start`` on, oldest first: the bids and other choices
    (another seat's Tarot discard stays face down, but the chien of a Prise or a Garde
    is shown to every seat), and after each trick why its winner won. Cards played are
    not listed: the table shows them.
    """
    names = hand.table.seat_names
    lines: list[str] = []
    notes = {n.number: n.text for n in hand.notes}
    hidden = t("tarot.action.discard_hidden")
    face_down = 0  # the face-down discards of one seat in a row, told as one line
    for i in range(start, len(hand.moves)):
        move = hand.moves[i]
        after = hand.moves[i + 1].before if i + 1 < len(hand.moves) else hand.state
        if isinstance(move.action, Card) and move.before.phase == "play":
            done = len(move.before.tricks) + 1
            if len(after.tricks) == done and done in notes:
                lines.append(notes[done])
            continue
        label = actions.public_label(move.action, own=move.seat == hand.learner)
        if label == hidden and face_down and hand.moves[i - 1].seat == move.seat:
            face_down += 1
            lines[-1] = tn("practice.discards_hidden", face_down, name=names[move.seat])
            continue
        face_down = 1 if label == hidden else 0
        lines.append(t("run.action", name=names[move.seat], action=label))
        shown = shown_chien(move.before, after)
        if shown:
            lines.append(t("practice.chien_shown", cards=describe_cards(shown)))
    return lines


def shown_chien(before: GameState, after: GameState) -> list[Card]:
    """The chien turned face up for every seat by the bid that ended the bidding (Tarot's
    Prise or Garde), in the hand's order; empty after any other action."""
    if before.phase != "bidding" or after.phase == "bidding":
        return []
    return sort_hand(list(after.chien_turned_up), after)


# --- After the hand ---------------------------------------------------------------------


def history(hand: PracticeHand) -> list[GameState]:
    """Every state of the hand in order: the deal, then after each action."""
    return [m.before for m in hand.moves] + [hand.state]


def review(hand: PracticeHand) -> list[card_review.CardReview]:
    """Every card the learner played, reviewed now (costliest first:
    ``card_review.review``)."""
    return card_review.review(history(hand), hand.learner)


def queue_review(hand: PracticeHand, worker: ReviewWorker) -> int:
    """Queue the review of every decision of the learner that ``worker`` does not hold
    yet: each card as soon as it is played, each bid as soon as it is made, the Tarot
    discard once its six cards are laid (``bid_review``); returns how many were queued."""
    states = history(hand)
    queued = worker.queued(hand.hand_id)
    count = 0
    for i, card in card_review.played_cards(states, hand.learner):
        if i not in queued and worker.queue(
            hand.hand_id, i, card_review.review_card, states[i], card, move=i
        ):
            count += 1
    moves = hand.moves
    for i, move in enumerate(moves):
        if i in queued or move.seat != hand.learner:
            continue
        if move.before.phase == "bidding":
            earlier = [m.action for m in moves[:i]]
            args: tuple[Any, ...] = (states[: i + 1], earlier, move.action, i)
            count += worker.queue(hand.hand_id, i, bid_review.review_bid, *args)
        elif move.before.phase == "discard" and _discard_start(moves, i) and _discard_done(hand, i):
            args = (move.before, _discard_cards(moves, i), i)
            count += worker.queue(hand.hand_id, i, bid_review.review_discard, *args)
    if hand.finished and hand.played_out:
        for trick in range(1, len(hand.state.tricks) + 1):
            item = _could_have(trick)
            if item not in queued:
                start = states[replay_start(hand, trick)]
                count += worker.queue(
                    hand.hand_id, item, card_review.best_from, start, hand.learner
                )
    return count


def _could_have(trick: int) -> int:
    """The worker's item of "could I have won?" from trick ``trick`` (below the moves)."""
    return -trick


def _discard_start(moves: Sequence[Move], i: int) -> bool:
    """Whether move ``i`` lays the first card of a discard."""
    return i == 0 or moves[i - 1].before.phase != "discard"


def _discard_cards(moves: Sequence[Move], i: int) -> list[Card]:
    """The cards of the discard that starts at move ``i``, in the order laid."""
    out: list[Card] = []
    for m in moves[i:]:
        if m.before.phase != "discard":
            break
        card = card_of(m.action)
        if card is not None:
            out.append(card)
    return out


def _discard_done(hand: PracticeHand, i: int) -> bool:
    """Whether the discard that starts at move ``i`` is laid whole (play has begun)."""
    after = hand.moves[i:]
    return any(m.before.phase != "discard" for m in after) or hand.state.phase != "discard"


#: A reviewed decision: a card, a bid or the Tarot discard.
Reviewed = card_review.CardReview | bid_review.BidReview | bid_review.DiscardReview


@dataclass(frozen=True)
class ReviewProgress:
    """The review of a hand's decisions as far as the worker has gone."""

    reviews: tuple[Reviewed, ...]  # those done (cards, bids, the discard), costliest first
    pending: int  # cards still being worked out
    total: int  # cards the learner played
    waiting: int = 0  # bids and the discard still being worked out
    #: "Could I have won?": the best the learner's side could score from each trick's
    #: start (those done, in the order of the tricks), and how many are still to do (an
    #: extra, worked out after the review: not counted in ``complete``).
    best_from: tuple[card_review.BestFrom, ...] = ()
    best_pending: int = 0

    @property
    def complete(self) -> bool:
        """Whether every decision is reviewed."""
        return not self.pending and not self.waiting

    @property
    def cards(self) -> tuple[card_review.CardReview, ...]:
        """The reviews of the learner's cards alone."""
        return tuple(r for r in self.reviews if isinstance(r, card_review.CardReview))


def review_progress(hand: PracticeHand, worker: ReviewWorker) -> ReviewProgress:
    """What ``worker`` has finished of the review of the learner's decisions (any not
    queued yet is queued first); never waits."""
    queue_review(hand, worker)
    done, _pending = worker.collect(hand.hand_id)
    cards = {i for i, _ in card_review.played_cards(history(hand), hand.learner)}
    queued = worker.queued(hand.hand_id)
    decisions = {i for i in queued if i >= 0}
    decided = [r for i, r in done.items() if i >= 0]
    reviews = tuple(card_review.costliest_first(decided))
    best = tuple(done[i] for i in sorted((i for i in done if i < 0), reverse=True))
    waiting = len(decisions - cards - done.keys())
    best_pending = len({i for i in queued if i < 0} - done.keys())
    return ReviewProgress(
        reviews, len(cards - done.keys()), len(cards), waiting, best, best_pending
    )


def costliest(reviews: Sequence[Reviewed], count: int = 3) -> list[Reviewed]:
    """The ``count`` costly decisions (a better card, bid or discard was there to see,
    beyond the noise) that lost the most points."""
    return card_review.costliest_first([r for r in reviews if r.costly])[:count]


# --- A deal by its link ------------------------------------------------------------------

#: The most digits a deal number may have in a link (the page deals below 10**9).
MAX_SEED_DIGITS = 12


class DealLinkError(TutorialError, ValueError):
    """A deal link that names no deal here; the message says what is wrong, in words."""


@dataclass(frozen=True)
class DealLink:
    """A deal as an address names it."""

    game: str
    players: int
    ruleset: str
    level: str
    seed: int

    def deal(self) -> PracticeHand:
        """The hand this link names, dealt and played up to the learner's turn."""
        return deal(self.game, self.ruleset, players=self.players, level=self.level, seed=self.seed)

    def names(self, hand: PracticeHand) -> bool:
        """Whether ``hand`` is this link's deal."""
        mine = (self.game, self.players, self.ruleset, self.level, self.seed)
        return mine == (hand.game, hand.state.num_players, hand.ruleset, hand.level, hand.seed)


def deal_query(hand: PracticeHand) -> dict[str, str]:
    """The address's parameters that name ``hand``'s deal (its link)."""
    return {
        "deal": str(hand.seed),
        "game": hand.game,
        "players": str(hand.state.num_players),
        "rules": hand.ruleset,
        "level": hand.level,
    }


def _shown(text: str) -> str:
    """A value from a link, cut short for a message."""
    return text if len(text) <= 30 else text[:30] + "…"


def parse_deal_query(params: Mapping[str, str]) -> DealLink | None:
    """The deal an address names (``deal``, and ``game``, ``players``, ``rules``,
    ``level``, each optional), or None when it names none.

    Nothing in a link is trusted: the deal is ASCII digits, the game one on offer, the
    rules one of the game's presets, the level one of :data:`LEVELS`.

    >>> parse_deal_query({"deal": "42", "game": "tarot"})
    DealLink(game='tarot', players=4, ruleset='default', level='beginner', seed=42)
    >>> parse_deal_query({}) is None
    True

    Raises:
        DealLinkError: a parameter that names nothing here, said in words.
    """
    raw = params.get("deal")
    if raw is None:
        return None
    text = raw.strip()
    if not (0 < len(text) <= MAX_SEED_DIGITS and text.isascii() and text.isdigit()):
        raise DealLinkError(t("practice.link_bad_deal", deal=_shown(raw), digits=MAX_SEED_DIGITS))
    games = list(dict.fromkeys(g for g, _ in VARIANTS))
    asked = params.get("game", games[0]).strip().lower()
    if asked not in games:
        names = t("common.cards.separator").join(t(f"games.{game}.title") for game in games)
        raise DealLinkError(t("practice.link_bad_game", game=_shown(asked), games=names))
    game = asked
    title = t(f"games.{game}.title")
    counts = [str(n) for g, n in VARIANTS if g == game]
    players = params.get("players", counts[0]).strip()
    if players not in counts:
        allowed = t("common.cards.separator").join(counts)
        raise DealLinkError(
            t("practice.link_bad_players", players=_shown(players), game=title, counts=allowed)
        )
    ruleset = params.get("rules", "default").strip()
    if ruleset not in [r.name for r in rulesets(game)]:
        raise DealLinkError(t("practice.link_bad_rules", rules=_shown(ruleset), game=title))
    level = params.get("level", LEVELS[0]).strip()
    if level not in LEVELS:
        raise DealLinkError(t("practice.link_bad_level", level=_shown(level)))
    return DealLink(game, int(players), ruleset, level, int(text))


# --- Playing a deal again ----------------------------------------------------------------


def replay_start(hand: PracticeHand, trick: int) -> int:
    """How many of ``hand``'s moves come before trick ``trick``'s first card (0 for the
    deal; every move when the hand has no such trick)."""
    if trick <= 0:
        return 0
    for i, move in enumerate(hand.moves):
        before = move.before
        if before.phase == "play" and len(before.tricks) == trick - 1 and not before.current_trick:
            return i
    return len(hand.moves)


def replay_tricks(hand: PracticeHand) -> list[int]:
    """Where a replay of ``hand`` may start: 0 (the deal), then every trick played
    (trick 1 only when something was chosen before it: a bid, a discard)."""
    first = 1 if replay_start(hand, 1) > 0 else 2
    return [0, *range(first, len(hand.state.tricks) + 1)]


def replay(hand: PracticeHand, trick: int = 0) -> PracticeHand:
    """``hand``'s deal again, at the learner's first turn from trick ``trick`` on (0: from
    the deal): the same cards, the learner's actions before that trick replayed, the
    computer seats taking their recorded actions for as long as the learner repeats
    theirs. The new hand keeps ``hand`` (without its own earlier hand) to compare with.

    Raises:
        ValueError: ``hand`` is not finished, or has no such trick to start from.
    """
    if not hand.finished:
        raise ValueError("only a finished hand is played again")
    if trick not in replay_tricks(hand):
        raise ValueError(f"no trick {trick} to start from ({len(hand.state.tricks)} tricks)")
    source = dataclasses.replace(hand, replay_of=None, script=(), on_script=True)
    again = _seated(
        hand.game, hand.ruleset, hand.state.num_players, hand.level, hand.seed, hand.table.dealer
    )
    again = dataclasses.replace(
        again, script=tuple(m.action for m in source.moves), replay_of=source, replay_from=trick
    )
    again = advance(again)[0]
    for move in source.moves[: replay_start(source, trick)]:
        if move.seat != source.learner:
            continue  # the computer seats take their recorded actions in advance()
        again = try_action(again, move.action)
        if again.refusal is not None:  # pragma: no cover - the same deal allows the same action
            raise ValueError(f"the replay refused {move.action!r}: {again.refusal.message}")
        again = advance(again)[0]
    return again
