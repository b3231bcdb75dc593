"""The positions of the golden record of engine sentences (tests/engine_messages_golden.json).

Two kinds, recorded by ``record_positions``:

- hands played from a seeded deal under each ruleset, every action of the phase tried
  at each step (the legal ones and a chosen set of refused ones), with the score lines
  of the end;
- positions written out card by card, each for a rule the random hands rarely reach
  (a dedans, a chelem, a poignée refused for each reason, a lone card judged...).

Each position is explained through the public API only: ``explain`` of the state, the
rule functions of ``tutorial.engine.<game>``, ``outcome()``. The record keeps, per
position, the explained actions (verdict code, sentence, forcing cards, rule), the
tricks (number, leader, cards, winner, reason, sentence) and the outcome (every score
line and the result).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from typing import Any

from tutorial.engine import belote, briscola, tarot
from tutorial.engine.belote import NoDeclaration, Take
from tutorial.engine.belote.actions import PASS as BELOTE_PASS
from tutorial.engine.cards import BELOTE_DECK, BRISCOLA_DECK, TAROT_DECK, Card, Suit
from tutorial.engine.contract import GameState
from tutorial.engine.games import new_hand
from tutorial.engine.outcomes import HandOutcome, Play, TrickResult
from tutorial.engine.rule_options import find_ruleset
from tutorial.engine.seats import seat_names as core_seat_names
from tutorial.engine.tarot import CHELEM, NO_CHELEM, NO_POIGNEE, Bid, Discard, Poignee
from tutorial.engine.verdicts import Verdict

#: One recorded position: explained actions, tricks, outcome.
Record = dict[str, Any]


def _text(action: Any) -> str:
    """An action as the record writes it."""
    if isinstance(action, Card):
        return action.code
    if isinstance(action, Play):
        return f"{action.seat}:{action.card.code}"
    return repr(action)


def row(action: Any, verdict: Verdict) -> list[Any]:
    """One explained action: its text, legality, code, sentence, forcing cards, rule."""
    forcing = [c.code for c in verdict.forcing]
    return [_text(action), verdict.legal, verdict.code, verdict.message, forcing, verdict.rule]


def trick_row(trick: TrickResult) -> list[Any]:
    """One finished trick: number (from 1), leader, cards, winner, points, reason, sentence."""
    return [
        trick.index + 1,
        trick.leader,
        [c.code for c in trick.cards],
        trick.winner,
        trick.points,
        trick.reason,
        trick.explanation,
    ]


#: The figures of ``HandOutcome.details`` the record keeps: the tricks, trick by trick.
TRICK_DETAILS = ("tricks", "trick_leaders", "trick_winners", "trick_points")


def outcome_record(outcome: HandOutcome) -> dict[str, Any]:
    """Every score line (kind, label, side, points, note), the totals, the result, and the
    trick rows of the details."""
    details = {k: outcome.details[k] for k in TRICK_DETAILS if k in outcome.details}
    return {
        "lines": [[ln.kind, ln.label, ln.side, ln.points, ln.note] for ln in outcome.lines],
        "totals": dict(sorted(outcome.totals.items())),
        "result": outcome.result,
        "details": json.loads(json.dumps(details)),
    }


def ended(state: GameState) -> Record:
    """What a finished (or stopped) position leaves: its tricks, and the outcome if over."""
    out: Record = {"tricks": [trick_row(t) for t in state.tricks]}
    if state.is_terminal:
        out["outcome"] = outcome_record(state.outcome())
    return out


class Explain:
    """A step of a script: explain these actions, play none of them."""

    def __init__(self, *actions: Any) -> None:
        self.actions = actions


def scripted(state: GameState, *script: Any) -> Record:
    """Run a script over ``state``: ``Explain`` steps are explained, any other item is an
    action explained and then played (it must be legal)."""
    rows: list[list[Any]] = []
    for item in script:
        if isinstance(item, Explain):
            rows += [row(a, state.explain(a)) for a in item.actions]
        else:
            verdict = state.explain(item)
            assert verdict.legal, (item, verdict.message)
            rows.append(row(item, verdict))
            state = state.apply(item)
    return {"rows": rows, **ended(state)}


def played_out(state: GameState, *script: Any) -> Record:
    """Like ``scripted``, then the first legal action until the hand is over."""
    rec = scripted(state, *script)
    for item in script:
        if not isinstance(item, Explain):
            state = state.apply(item)
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    rec.update(ended(state))
    return rec


# --- Hands from a seeded deal, every kind of action tried -------------------------------


def _belote_probes(state: GameState) -> list[Any]:
    seat = state.to_move
    assert seat is not None
    hand = list(state.hands[seat])
    other = [c for s, h in enumerate(state.hands) if s != seat for c in h]
    other += [c for t in state.tricks for c in t.cards]
    odd: list[Any] = [Take(Suit.TRUMP), Take(Suit.EXCUSE), NoDeclaration(), "take", hand[0]]
    if state.phase == "bidding":
        return [BELOTE_PASS, *(Take(s) for s in (Suit.SPADES, Suit.HEARTS)), *odd]
    if state.phase == "declare":
        return [*state.legal_actions(), belote.Declare(()), BELOTE_PASS, hand[0], "take"]
    return [*hand, other[0], Play((seat + 1) % 4, hand[0]), BELOTE_PASS, NoDeclaration(), "x"]


def _tarot_probes(state: GameState) -> list[Any]:
    seat = state.to_move
    assert seat is not None
    hand = list(state.hands[seat])
    phase = state.phase
    odd: list[Any] = [hand[0], NO_CHELEM, "garde"]
    if phase == "bidding":
        return [*Bid, *odd]
    if phase == "discard":
        kinds = [c for c in hand if c.rank == "K" or tarot.is_bout(c) or tarot.is_trump(c)]
        plain = [c for c in hand if c not in kinds]
        other = next(c for c in TAROT_DECK if c not in hand)
        return [*(Discard(c) for c in (*kinds, *plain[:2], other)), Bid.GARDE, hand[0]]
    if phase == "chelem":
        return [CHELEM, NO_CHELEM, Bid.PASS, hand[0], NO_POIGNEE]
    if phase == "poignee":
        return [*state.legal_actions()[:3], NO_POIGNEE, hand[0], CHELEM]
    other = next(c for c in TAROT_DECK if c not in hand)
    return [*hand, other, Play((seat + 1) % 4, hand[0]), Bid.GARDE, NO_POIGNEE]


def _briscola_probes(state: GameState) -> list[Any]:
    seat = state.to_move
    assert seat is not None
    n = state.num_players
    hand = list(state.hands[seat])
    out: list[Any] = [*hand, Play((seat + 1) % n, hand[0]), hand[0].code, 42, Card.parse("8S")]
    out += [c for t in state.tricks[-1:] for c in t.cards[:1]]
    out += [p.card for p in state.current_trick[:1]]
    face_up = state.face_up_card
    if face_up is not None and face_up not in hand:
        out.append(face_up)
    else:
        holder = getattr(state, "trump_card", None)
        if holder is not None and holder not in hand:
            out.append(holder)
    return out


PROBES: dict[str, Callable[[GameState], list[Any]]] = {
    "belote": _belote_probes,
    "tarot": _tarot_probes,
    "briscola": _briscola_probes,
}


def seeded_hand(game: str, ruleset: str, seed: int, every: int, **kw: Any) -> Record:
    """A hand dealt and played at random from ``seed``; every ``every``-th step explained
    with the phase's probes; the tricks and the outcome at the end."""
    rng = random.Random(seed)
    state = new_hand(game, ruleset, rng=rng, **kw)
    steps = []
    step = 0
    while not state.is_terminal:
        actions = state.legal_actions()
        if step % every == 0:
            steps.append([step, [row(a, state.explain(a)) for a in PROBES[game](state)]])
        state = state.apply(actions[rng.randrange(len(actions))])
        step += 1
    last = [row(a, state.explain(a)) for a in (Card.parse("7H"), "x")]
    return {"steps": steps, "end": last, **ended(state)}


#: (game, ruleset, seed, explain every n-th step, new_hand keywords)
SEEDED: tuple[tuple[str, str, int, int, dict[str, Any]], ...] = (
    ("belote", "default", 64, 4, {}),  # a litige
    ("belote", "seed-000", 76, 4, {}),  # rounding, bids refused, the partner winning
    ("belote", "seed-000", 149, 4, {}),  # a carré over a sequence; the best takes all
    ("belote", "seed-004", 9, 4, {}),  # dedans: the taking team's declarations lost
    ("belote", "seed-004", 40, 4, {}),  # capot; 81 is enough
    ("belote", "contree-discard", 69, 4, {}),  # discard when you cannot overtrump
    ("tarot", "default", 133, 4, {}),  # bids, discard, chelem, poignée: every phase
    ("tarot", "default", 19, 4, {}),  # petit au bout to the defence
    ("tarot", "default", 45, 4, {}),  # the Excuse led; garde contre bid
    ("tarot", "default", 5, 4, {}),  # petit sec
    ("tarot", "default", 35, 4, {}),  # all passed
    ("tarot", "default", 50, 4, {}),  # a defender's poignée
    ("briscola", "default", 78, 4, {}),  # a draw; every refusal of a card
    ("briscola", "queen-jack-swap", 0, 4, {}),
    ("briscola", "default", 21, 4, {"players": 4}),
)


# --- Positions written out ------------------------------------------------------------------

B = BELOTE_DECK.parse
BM = BELOTE_DECK.parse_many
T = TAROT_DECK.parse
TM = TAROT_DECK.parse_many
RM = BRISCOLA_DECK.parse_many
#: The table's seat names, for the positions read as the app names the seats.
NAMES = ("You", "Left", "Partner", "Right")

#: name -> a function recording the position.
WRITTEN: dict[str, Callable[[], Record]] = {}


def written(func: Callable[[], Record]) -> Callable[[], Record]:
    """Register a written position under its function's name."""
    WRITTEN[func.__name__] = func
    return func


# Belote.


def _declaration_row(declared: dict[int, str], trump: Suit, dealer: int = 0) -> list[Any]:
    combos = {seat: (belote.Combination.of(cards),) for seat, cards in declared.items()}
    result = belote.compare_declarations(combos, trump, dealer)
    best = result.best.describe() if result.best is not None else None
    return [{str(k): v for k, v in declared.items()}, result.team, result.seat, best, result.reason]


@written
def belote_declarations_compared() -> Record:
    """Which team's declaration scores, for every reason one beats another."""
    h, s, c = Suit.HEARTS, Suit.SPADES, Suit.CLUBS
    cases = [
        ({}, h, 0),
        ({1: "7S 8S 9S"}, h, 0),
        ({1: "QS QH QD QC", 2: "10C JC QC KC AC"}, h, 0),  # a carré beats any sequence
        ({1: "AS AH AD AC", 2: "9S 9H 9D 9C"}, h, 0),  # worth more
        ({1: "JS JH JD JC", 2: "9S 9H 9D 9C"}, h, 0),
        ({1: "10S 10H 10D 10C", 2: "AS AH AD AC"}, h, 0),  # higher rank
        ({1: "QS QH QD QC", 2: "KS KH KD KC"}, h, 0),
        ({1: "QH KH AH", 2: "7C 8C 9C 10C"}, h, 0),  # longer
        ({1: "8C 9C 10C JC QC KC", 2: "10D JD QD KD AD"}, h, 0),  # higher top (6 as 5)
        ({1: "JS QS KS", 2: "QH KH AH"}, c, 0),
        ({1: "QH KH AH", 2: "QS KS AS"}, s, 0),  # in trumps
        ({1: "QD KD AD", 2: "QC KC AC"}, h, 0),  # equal: first from the dealer's next
        ({1: "QD KD AD", 2: "QC KC AC"}, h, 1),
    ]
    names = [
        belote.Combination.of(cards).describe()
        for cards in ("7C 8C 9C 10C JC", "7C 8C 9C 10C JC QC KC", "JS JH JD JC", "9S 9H 9D 9C")
    ]
    return {"declarations": [_declaration_row(*case) for case in cases], "names": names}


#: Seed 003's deal: seat 2 takes hearts and holds the tierce 8-9-10 of clubs.
DEAL_003 = (
    "KD 7D 9D  AD 8D 10D  9H 8C 9C  8H QH 7C  JD 10H  QD AH  10C KS  JC 7S  "
    "JH  KH 9S QC  JS KC AC  7H AS  8S 10S QS"
)


def _declare_phase(ruleset: Any) -> Record:
    """Seat 2 at its first turn: a declaration other than its offer, a card, a bid."""
    state = belote.new_hand(ruleset, deal=DEAL_003, dealer=3)
    wrong = belote.Declare((belote.Combination.of("7S 8S 9S"),))
    return played_out(
        state,
        BELOTE_PASS,
        BELOTE_PASS,
        Take(Suit.HEARTS),
        B("KD"),
        B("AD"),
        Explain(wrong, B("7H"), BELOTE_PASS),
    )


@written
def belote_declare_all_with_card_reuse() -> Record:
    """A declaration other than the whole offer, where a card may serve twice."""
    return _declare_phase(find_ruleset("belote", "default", declaration_card_reuse=True))


@written
def belote_declare_all_without_card_reuse() -> Record:
    """The same refusal where a card serves in one declaration only (the default)."""
    return _declare_phase("default")


@written
def belote_all_pass_redeal() -> Record:
    """Everyone passes twice: the hand is redealt."""
    state = belote.new_hand(rng=random.Random(3))
    return scripted(state, *([BELOTE_PASS] * 8), Explain(B("7H"), BELOTE_PASS))


@written
def belote_litige_carried_in() -> Record:
    """A hand that starts with litige points held from the hand before."""
    state = belote.new_hand(rng=random.Random(5), carried_points=81)
    return played_out(state, Take(state.proposed.suit))


@written
def belote_every_play_rule() -> Record:
    """Each branch of ``explain_play`` (hearts trump; the mover's partner played two cards
    before it), under the rulesets that change it."""
    cases = [
        # (hand, trick, cards to explain, ruleset)
        ("7S 8S", "", "7S AS", "default"),  # the lead; a card not held
        ("7S 8D", "JH", "7S", "default"),  # trump led, none held
        ("9H 7H 8S", "AH", "9H 7H 8S", "default"),  # trump led: go higher if you can
        ("9H 7H 8S", "AH 7D", "9H 7H 8S", "default"),  # ... even over your partner
        ("7H 8S", "JH", "7H 8S", "default"),  # trump led, none higher: any trump
        ("7S KD 9H", "AS", "7S KD 9H", "default"),  # follow suit
        ("7D 8C", "AS", "7D", "default"),  # no card of the suit, no trump
        ("7H 8D", "AS 7S", "7H 8D", "default"),  # the partner winning: free
        ("7H 8D", "AS 7S", "7H 8D", "seed-004"),  # ... or trump, not overtrump
        ("9H 8H 7D", "AS 10H", "9H 8H 7D", "default"),  # overtrump an opponent's trump
        ("8H 7D", "AS JH", "8H 7D", "default"),  # cannot overtrump: still a trump
        ("8H 7D", "AS JH", "8H 7D", "contree-discard"),  # ... or discard
        ("7H 8D", "AS", "7H 8D", "default"),  # an opponent's plain card: trump
        ("7H 8D", "AS KS 10H", "7H 8D", "default"),  # the partner trumped, cannot follow
    ]
    rows = []
    for hand, trick, probes, ruleset in cases:
        options = find_ruleset("belote", ruleset).options
        for card in BM(probes):
            verdict = belote.explain_play(BM(hand), BM(trick), card, Suit.HEARTS, options)
            rows.append([hand, trick, ruleset, *row(card, verdict)])
    return {"rows": rows}


@written
def belote_bids_refused() -> Record:
    """Round 1 and round 2 of the bidding: each bid refused, then a take."""
    state = belote.new_hand(rng=random.Random(1))
    proposed = state.proposed
    other = next(s for s in (Suit.SPADES, Suit.HEARTS) if s is not proposed.suit)
    probes = (Take(proposed.suit), Take(other), Take(Suit.TRUMP), Take(Suit.EXCUSE))
    return scripted(
        state,
        Explain(*probes, BELOTE_PASS, B("7H"), NoDeclaration(), "take"),
        *([BELOTE_PASS] * 4),
        Explain(*probes),
        Take(other),
        Explain(BELOTE_PASS, Take(other)),
    )


# Briscola.


def _judged(cards: str, trump: Suit, ruleset: str = "default") -> list[Any]:
    j = briscola.judge_trick(RM(cards), trump, ruleset)
    return [cards, trump.symbol, ruleset, j.winner, j.reason, j.explanation]


@written
def briscola_tricks_judged() -> Record:
    """Every shape of trick ``judge_trick`` explains, spades trump."""
    s = Suit.SPADES
    shapes = [
        "AH",  # a lone plain card
        "2S",  # a lone trump
        "KH 3H",  # the highest of the led suit
        "KH 3H 2H 4H",
        "KH 3H 2D 4H",  # ... with one card of another suit
        "KH 3H 2D 4C",  # ... with two
        "5C AH",  # the led card alone of its suit: uncontested
        "5C AH 2D 4H",
        "AD 2S",  # a trump over a plain card
        "4S 2S",  # trumps only
        "4S 2S AH 3D",  # trumps and plain cards
        "KS QS",
    ]
    rows = [_judged(cards, s) for cards in shapes]
    rows += [_judged(cards, s, "queen-jack-swap") for cards in ("QH JH", "JS QS")]
    return {"judged": rows}


@written
def briscola_after_unlisted_tricks() -> Record:
    """The last tricks, the earlier ones left out: the notes count points from before."""
    state = briscola.start_play(
        [RM("3S KC AH"), RM("3H 2D 7S")],
        "7S",
        trump_card_taken=True,
        carried_points=(40, 45),
        leader=0,
        trick_number=18,
    )
    return played_out(state, *RM("AH 7S 3H 3S"))


@written
def briscola_one_trick_before() -> Record:
    """Four players: a side wins one trick after points carried from before."""
    rng = random.Random(21)
    state = new_hand("briscola", rng=rng, players=4)
    while len(state.tricks) < 9:
        state = state.apply(state.legal_actions()[0])
    return played_out(state)


@written
def briscola_seats_named() -> Record:
    """The app's seat names: the learner is "you" inside a sentence."""
    with core_seat_names(NAMES):
        state = briscola.start_play(
            [RM("3S KC AH"), RM("3H 2D 7S")],
            "7S",
            trump_card_taken=True,
            carried_points=(40, 45),
            leader=0,
            trick_number=18,
        )
        state = state.apply(RM("AH")[0])
        rec = scripted(state, Explain(Play(0, RM("KC")[0]), RM("3S")[0]))
        rec.update(played_out(state))
        return rec


@written
def briscola_card_refusals() -> Record:
    """A card in the current trick, played before, the face-up trump, another deck's."""
    state = new_hand("briscola", rng=random.Random(2))
    first = state.legal_actions()[0]
    state = state.apply(first)
    rec = scripted(state, Explain(first, Card.parse("8S"), 42, state.trump_card))
    state = state.apply(state.legal_actions()[0])
    rec["rows"] += scripted(state, Explain(first))["rows"]
    return rec


# Tarot.


@written
def tarot_bids_refused() -> Record:
    """Each bid against Prise, against Garde contre, and other actions in the bidding."""
    state = tarot.new_hand(rng=random.Random(4))
    return scripted(
        state,
        Explain(T("T1"), NO_CHELEM, "garde"),
        Bid.PRISE,
        Explain(*Bid, T("T1")),
        Bid.GARDE_CONTRE,
        Explain(*Bid),
    )


#: Seat 1 holds thirteen trumps and the Excuse.
THIRTEEN = {
    1: "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 EXC",
    2: "T15 T16 T17 T18 T19 T20 T21 T1",
}
#: Seat 1 takes with the four Kings and must discard T13 and T14.
FOUR_KINGS = {
    0: "T15 T16 T17",
    1: "KS KH KD KC T1 T21 EXC T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12",
    2: "T18 T19",
    3: "T20",
}
#: The same with only three Kings.
THREE_KINGS = {
    0: "T16 T17 T18",
    1: "KS KH KD T1 T21 EXC T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13",
    2: "T19 T20",
}


def _tarot_after_bids(
    partial: dict[int, str], chien: str, bids: Sequence[Bid], ruleset: Any = "default"
) -> GameState:
    hands, dealt_chien = tarot.complete_deal(partial, chien=chien)
    state = tarot.new_hand(ruleset, hands=hands, chien=dealt_chien, dealer=0)
    for b in bids:
        state = state.apply(b)
    return state


def _trumps(numbers: range, *extra: str) -> tuple[Card, ...]:
    return (*(T(f"T{n}") for n in numbers), *TM(" ".join(extra)))


@written
def tarot_poignee_refused() -> Record:
    """A double poignée offered: each way of showing one wrongly, then one shown."""
    state = _tarot_after_bids(THIRTEEN, "9C 10C JC CC QC KC", [Bid.GARDE_SANS, *[Bid.PASS] * 3])
    state = state.apply(NO_CHELEM)
    double = Poignee("double", _trumps(range(2, 15)))
    return played_out(
        state,
        Explain(
            Poignee("simple", _trumps(range(2, 13))),  # too many
            Poignee("simple", _trumps(range(2, 11), "KS")),  # a plain card
            Poignee("simple", _trumps(range(2, 10), "KS QS")),  # two plain cards
            Poignee("simple", _trumps(range(2, 11), "T20")),  # not held
            Poignee("simple", (*_trumps(range(2, 11)), T("T2"))),  # twice
            Poignee("quadruple", _trumps(range(2, 15))),  # no such level
            Poignee("none", (T("T2"),)),  # declining shows nothing
            Poignee("triple", _trumps(range(2, 15), "EXC")),  # too few cards
            Poignee("triple", ()),  # none shown, and too few trumps held
            Poignee("simple", _trumps(range(2, 11), "EXC")),  # the Excuse too early
            Poignee("simple", _trumps(range(2, 12))),
            NO_POIGNEE,
            T("T2"),
        ),
        double,
    )


@written
def tarot_poignee_excuse_one_left_out() -> Record:
    """The Excuse shown while one trump held is not."""
    state = _tarot_after_bids(
        {1: "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 EXC", 2: "T1 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21"},
        "9C 10C JC CC QC KC",
        [Bid.GARDE_SANS, *[Bid.PASS] * 3],
    )
    state = state.apply(NO_CHELEM)
    return scripted(state, Explain(Poignee("simple", _trumps(range(2, 11), "EXC"))))


@written
def tarot_four_kings_triple() -> Record:
    """Trumps forced into the discard count toward the four Kings' triple poignée only."""
    state = _tarot_after_bids(FOUR_KINGS, "1S 2S 3S QH T13 T14", [Bid.GARDE, *[Bid.PASS] * 3])
    discards = [Discard(c) for c in TM("T13 T14 1S 2S 3S QH")]
    triple = Poignee("triple", _trumps(range(1, 15), "T21"))
    return played_out(
        state,
        Explain(Discard(T("KS")), Discard(T("T1")), Discard(T("2H"))),
        *discards,
        Explain(CHELEM, Poignee("double", _trumps(range(2, 15)))),
        NO_CHELEM,
        Explain(Poignee("double", _trumps(range(2, 15)))),
        triple,
    )


@written
def tarot_four_kings_discards_never_count() -> Record:
    """With discarded trumps never counting, the triple is refused."""
    rs = find_ruleset("tarot", "default", poignee_discards="never")
    state = _tarot_after_bids(FOUR_KINGS, "1S 2S 3S QH T13 T14", [Bid.GARDE, *[Bid.PASS] * 3], rs)
    for c in TM("T13 T14 1S 2S 3S QH"):
        state = state.apply(Discard(c))
    state = state.apply(NO_CHELEM)
    return scripted(state, Explain(Poignee("triple", _trumps(range(1, 15), "T21"))))


@written
def tarot_three_kings_discards_do_not_count() -> Record:
    """Without the four Kings, discarded trumps do not count toward the triple."""
    state = _tarot_after_bids(THREE_KINGS, "1S 2S 3S QH T14 T15", [Bid.GARDE, *[Bid.PASS] * 3])
    for c in TM("T14 T15 1S 2S 3S QH"):
        state = state.apply(Discard(c))
    state = state.apply(NO_CHELEM)
    return scripted(state, Explain(Poignee("triple", _trumps(range(1, 15), "T21"))))


def _tarot_over(contract: str = "garde", **kw: Any) -> GameState:
    """A finished Tarot hand: every trick already won."""
    if contract in ("prise", "garde"):
        kw.setdefault("discard", "2S 3S 4S 5S 6S 7S")
    else:
        kw.setdefault("chien", "2S 3S 4S 5S 6S 7S")
    return tarot.start_play(["", "", "", ""], kw.pop("taker", 0), contract, **kw)


@written
def tarot_scores_at_the_end() -> Record:
    """Finished hands: made, failed, poignées, chelems declared or not."""
    simple = Poignee.of("simple", "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11")
    double = Poignee.of("double", "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14")
    made = {"captured": {0: "T21 EXC", 1: "T1"}, "carried_points": {0: 33.0, 1: 41.5}}
    failed = {"captured": {0: "T21", 1: "T1 EXC"}, "carried_points": {0: 32.5, 1: 42.0}}
    hands = {
        "made": _tarot_over(**made),
        "made_defender_poignee": _tarot_over(**made, poignees=[(1, simple)]),
        "made_taker_poignee": _tarot_over(**made, poignees=[(0, double)]),
        "failed_taker_poignee": _tarot_over(**failed, poignees=[(0, simple)]),
        "failed_defender_poignee": _tarot_over(**failed, poignees=[(2, simple)]),
        "declared_chelem_failed": _tarot_over(**made, chelem_declared=True),
        "undeclared_chelem_taker": _tarot_over(
            captured={0: "T21 EXC T1"}, carried_points={0: 74.5}
        ),
        "undeclared_chelem_defence": _tarot_over(
            captured={1: "T21 EXC T1"}, carried_points={1: 74.5}
        ),
        "garde_contre": _tarot_over("garde contre", **made, poignees=[(2, double)]),
    }
    return {name: ended(state) for name, state in hands.items()}


@written
def tarot_poignee_of_the_learner() -> Record:
    """The app's seat names: the learner's own poignée is "your" poignée."""
    simple = Poignee.of("simple", "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11")
    made = {"captured": {0: "T21 EXC", 1: "T1"}, "carried_points": {0: 33.0, 1: 41.5}}
    with core_seat_names(NAMES):
        return ended(_tarot_over(**made, poignees=[(0, simple)]))


#: Seat 2 takes Garde sans, leads every trump down to T6, then the Petit and the Excuse.
CHELEM_TRICKS = [
    "T21 T5 T2 T4",
    "T20 6D T3 3H",
    "T19 7D 1S 4H",
    "T18 8D 2S 5H",
    "T17 9D 3S 6H",
    "T16 10D 4S 7H",
    "T15 JD 5S 8H",
    "T14 CD 6S 9H",
    "T13 QD 7S 10H",
    "T12 KD 8S JH",
    "T11 1C 9S CH",
    "T10 2C 10S QH",
    "T9 3C JS KH",
    "T8 4C CS 1D",
    "T7 5C QS 2D",
    "T6 6C KS 3D",
    "T1 7C 1H 4D",
    "EXC 8C 2H 5D",
]


@written
def tarot_chelem_hands() -> Record:
    """All 18 tricks to the taker, the Excuse led to the last: declared, and not."""
    out: Record = {}
    for declared in (True, False):
        state = tarot.start_play(
            ["", "", "", ""],
            2,
            "garde sans",
            dealer=0 if declared else 1,
            chien="9C 10C JC CC QC KC",
            tricks=CHELEM_TRICKS,
            chelem_declared=declared,
        )
        out["declared" if declared else "undeclared"] = ended(state)
    return out


def _tarot_last_tricks(
    hands: list[str], leader: int, ruleset: Any = "default", **kw: Any
) -> GameState:
    kw.setdefault("captured", {0: "T21 T1"})
    kw.setdefault("carried_points", {0: 30.0, 1: 43.0})
    return tarot.start_play(
        hands, 0, "garde", ruleset=ruleset, discard="2S 3S 4S 5S 6S 7S", leader=leader, **kw
    )


@written
def tarot_the_excuse_at_the_end() -> Record:
    """The Excuse kept with half a point in exchange, or played to the last trick."""
    out: Record = {}
    kept = tarot.start_play(
        ["KH 5C", "EXC 6C", "2H 7C", "3H 8C"],
        0,
        "garde",
        discard="2S 3S 4S 5S 6S 7S",
        captured={0: "T21", 1: "T1"},
        carried_points={0: 30.0, 1: 37.0},
        leader=0,
    )
    out["kept_by_the_defence"] = played_out(kept, *TM("KH EXC 2H 3H"))
    kept_taker = tarot.start_play(
        ["EXC 5C", "KH 6C", "2H 7C", "3H 8C"],
        0,
        "garde",
        discard="2S 3S 4S 5S 6S 7S",
        captured={0: "T21", 1: "T1"},
        carried_points={0: 30.0, 1: 37.0},
        leader=1,
    )
    out["kept_by_the_taker"] = played_out(kept_taker, *TM("KH 2H 3H EXC"))
    last = _tarot_last_tricks(["EXC", "2H", "3H", "4H"], 1)
    out["taker_in_the_last_trick"] = played_out(last, *TM("2H 3H 4H EXC"))
    for option in ("goes_to_opponents", "goes_to_trick_winner"):
        rs = find_ruleset("tarot", "default", excuse_last_trick=option)
        defender = _tarot_last_tricks(["2H", "EXC", "3H", "4H"], 0, rs)
        out[f"defender_in_the_last_trick/{option}"] = played_out(defender, *TM("2H EXC 3H 4H"))
    wins = _tarot_last_tricks(["EXC", "2H", "3H", "4H"], 0, carried_points={0: 73.0})
    out["led_after_17_tricks"] = played_out(wins, *TM("EXC 2H 3H 4H"))
    loses = _tarot_last_tricks(["EXC", "2H", "3H", "4H"], 0, carried_points={0: 70.0, 1: 3.0})
    out["led_without_17_tricks"] = played_out(loses, *TM("EXC 2H 3H 4H"))
    return out


@written
def tarot_petit_au_bout() -> Record:
    """The Petit in the last trick, won by the taker, then by the defence."""
    taker = tarot.start_play(
        ["T1", "2H", "3H", "4H"],
        0,
        "garde",
        discard="2S 3S 4S 5S 6S 7S",
        captured={0: "T21 EXC"},
        carried_points={0: 20.0, 1: 53.0},
        leader=1,
    )
    defence = tarot.start_play(
        ["KH", "T1", "2H", "3H"],
        0,
        "garde",
        discard="2S 3S 4S 5S 6S 7S",
        captured={0: "T21 EXC"},
        carried_points={0: 40.0, 1: 29.0},
        leader=0,
    )
    return {"taker": played_out(taker), "defence": played_out(defence)}


@written
def tarot_play_refusals() -> Record:
    """Each refusal of a card in the play, and a card of another deck."""

    def late(hands: list[str], current: str, leader: int) -> GameState:
        held = [TM(h) for h in hands]
        cur = TM(current)
        used = {c for h in held for c in h} | set(cur)
        rest = [c for c in TAROT_DECK if c not in used]
        chien = [c for c in rest if not tarot.is_bout(c)][:6]
        won = [c for c in rest if c not in chien]
        bouts = [c for c in won if tarot.is_bout(c)]
        carried = tarot.points_of(c for c in won if c not in bouts)
        return tarot.start_play(
            held,
            0,
            "garde sans",
            chien=chien,
            current_trick=cur,
            captured={1: bouts},
            carried_points={1: carried},
            leader=leader,
        )

    positions = {
        "follow": (["3C 4C 5D", "5C 8C", "KH 2H T5", "6C 7C 9C"], "7H", 1, "T5 KH 2H QH"),
        "trump": (["3C 4C 5D", "5C 8C", "T5 T9 3S", "6C 7C 9C"], "7H", 1, "3S T5"),
        "trump_taker_winning": (["5C 8C", "T5 T9 3S", "3C 4C 5D", "6C 7C 9C"], "7H", 0, "3S T5"),
        "no_suit_no_trump": (["3C 4C 5D", "5C 8C", "3S 4D KC", "6C 7C 9C"], "7H", 1, "3S"),
        "overtrump_taker": (["3C 8C", "T5 T9 3S", "4C 5C 5D", "6C 7C"], "7H T8", 3, "T5 3S T9"),
        "overtrump_partner": (["3C 8C", "4C 9C", "T5 T9 3S", "6C 7C 5D"], "7H T8", 0, "T5 T9"),
        "overtrump_seat": (["T5 T9 3S", "4C 9C 2C", "3C 8C", "6C 7C"], "7H T8", 2, "T5 T9"),
        "cannot_beat": (["3C 8C", "4C 9C", "T5 T6 3S", "6C 7C 5D"], "7H T8", 0, "3S T5"),
        "trump_led_partner": (["3C 4C 5D", "5C 8C", "T5 T12 KH", "6C 7C 9C"], "T10", 1, "T5 KH"),
        "trump_led_taker": (["T10 4C 5D", "T5 T12 KH", "5C 8C 2C", "6C 7C 9C"], "", 0, ""),
        "trump_led_lower": (["3C 4C 5D", "5C 8C", "T5 T6 KH", "6C 7C 9C"], "T10", 1, "KH T5"),
        "trump_led_no_trump": (["3C 4C", "5C", "3S KH", "6C 7C"], "T10", 1, "3S"),
        "after_excuse": (["3C 4C", "EXC 5C", "3S T5", "4S T2"], "", 1, ""),
    }
    out: Record = {}
    for name, (hands, current, leader, probes) in positions.items():
        state = late(hands, current, leader)
        script: list[Any] = [Explain(*TM(probes))] if probes else []
        if name == "trump_led_taker":
            script = [T("T10"), Explain(T("T5"), T("KH"), T("T12"))]
        if name == "after_excuse":
            script = [T("EXC"), T("3S"), Explain(T("T2"), T("4S"))]
        out[name] = scripted(state, *script, Explain(BM("AS")[0], Play(3, T("3C"))))
    return out


@written
def tarot_seats_named() -> Record:
    """The app's seat names: whose trump, whose turn."""
    with core_seat_names(NAMES):
        hands = ["T5 T9 3S", "4C 9C 2C", "3C 8C", "6C 7C"]
        held = [TM(h) for h in hands]
        cur = TM("7H T8")
        used = {c for h in held for c in h} | set(cur)
        rest = [c for c in TAROT_DECK if c not in used]
        chien = [c for c in rest if not tarot.is_bout(c)][:6]
        won = [c for c in rest if c not in chien]
        bouts = [c for c in won if tarot.is_bout(c)]
        carried = tarot.points_of(c for c in won if c not in bouts)
        state = tarot.start_play(
            held,
            1,
            "garde",
            discard=chien,
            current_trick=cur,
            captured={0: bouts},
            carried_points={0: carried},
            leader=2,
        )
        return scripted(state, Explain(T("T5"), T("3S"), Play(1, T("4C"))))


def record_positions() -> dict[str, Record]:
    """Every position of this module, recorded (the seeded hands, then the written ones)."""
    out: dict[str, Record] = {}
    for game, ruleset, seed, every, kw in SEEDED:
        extra = "".join(f"+{k}={v}" for k, v in sorted(kw.items()))
        out[f"seeded/{game}/{ruleset}{extra}/{seed}"] = seeded_hand(
            game, ruleset, seed, every, **kw
        )
    for name, func in WRITTEN.items():
        out[f"written/{name}"] = func()
    return out
