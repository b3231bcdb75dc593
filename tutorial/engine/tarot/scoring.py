"""The score of a finished hand: where the card points go, the contract, the petit au
bout, the poignées, the chelem, and every line a learner checks (Rules: scoring)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Protocol

from tutorial.engine.cards import EXCUSE, PETIT, Card
from tutorial.engine.errors import InvalidStateError
from tutorial.engine.outcomes import HandOutcome, ScoreLine, TrickResult
from tutorial.engine.seats import Seat, seat_name, seat_possessive
from tutorial.engine.tarot.actions import Bid, Poignee
from tutorial.engine.tarot.cards import (
    BOUTS,
    DEFENCE_TEAM,
    TAKER_TEAM,
    card_points,
    points_of,
    sort_cards,
    target_for,
)
from tutorial.engine.tarot.constants import (
    EXCUSE_WINS_LAST_TRICK,
    GAME,
    NUM_PLAYERS,
    NUM_TRICKS,
    RESULT_FAILED,
    RESULT_MADE,
    RESULT_PETIT_SEC,
    TOTAL_POINTS,
)
from tutorial.engine.tarot.sentences import cards_text, fmt, seat_key, signed
from tutorial.engine.tarot.tricks import TrickHistory, excuse_team, took_every_trick
from tutorial.language.i18n import t

CHELEM_DECLARED_MADE = 400
CHELEM_DECLARED_FAILED = -200
CHELEM_UNDECLARED = 200

#: The score line of a poignée, per level ("Simple poignée of seat 2: 20").
_POIGNEE_LINE_KEYS = {
    "simple": "tarot.line.poignee_simple",
    "double": "tarot.line.poignee_double",
    "triple": "tarot.line.poignee_triple",
}


class ScoredHand(TrickHistory, Protocol):
    """What the scorer reads of a finished hand (``TarotState`` is one)."""

    @property
    def dealer(self) -> Seat: ...

    @property
    def taker(self) -> Seat | None: ...

    @property
    def contract(self) -> Bid | None: ...

    @property
    def chelem_declared(self) -> bool: ...

    @property
    def poignees(self) -> tuple[tuple[Seat, Poignee], ...]: ...

    @property
    def unlisted_tricks(self) -> int: ...

    @property
    def captured(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]: ...

    @property
    def carried(self) -> tuple[float, float]: ...

    @property
    def set_aside(self) -> tuple[Card, ...]: ...

    @property
    def set_aside_team(self) -> int: ...

    @property
    def chien_shown(self) -> bool: ...

    @property
    def cancelled(self) -> str | None: ...

    @property
    def petit_sec(self) -> tuple[Seat, ...]: ...


# --- Card points ---------------------------------------------------------------------


@dataclass
class Tally:
    """Where the card points and the bouts of a hand ended up, per team."""

    points: list[float]
    bouts: list[list[Card]]
    exchange: float  # the Excuse exchange, signed for the taker's side
    exchange_note: str
    excuse_owner: Seat | None  # the seat that played the Excuse, if the note is about it


#: What the Excuse's side gives the trick's winners when it keeps the Excuse: half a point.
EXCUSE_EXCHANGE = 0.5


@dataclass(frozen=True)
class ExcuseFate:
    """Where the Excuse of a finished trick went: the seat that played it, the team whose
    pile it joins, and whether that team gives half a point to the trick's winners."""

    owner: Seat
    team: int
    exchange: bool


def excuse_fate(state: TrickHistory, trick: TrickResult) -> ExcuseFate | None:
    """What became of the Excuse in ``trick`` (None: it was not played there)."""
    for p in trick.plays:
        if p.card == EXCUSE:
            exception = trick.reason == EXCUSE_WINS_LAST_TRICK
            team = excuse_team(state, trick.index, p.seat, trick.winner, exception)
            # Rule: before the last trick, the owner's team keeps it and gives 0.5 point.
            exchange = trick.index < NUM_TRICKS - 1 and team != state.team_of(trick.winner)
            return ExcuseFate(p.seat, team, exchange)
    return None


def trick_shares(state: TrickHistory, trick: TrickResult) -> tuple[float, float]:
    """The card points one finished trick puts in each team's pile: every card to the
    winners but the Excuse, which goes where the rules send it (Rules: the Excuse)."""
    shares = [0.0, 0.0]
    win_team = state.team_of(trick.winner)
    for c in trick.cards:
        if c != EXCUSE:
            shares[win_team] += card_points(c)
    fate = excuse_fate(state, trick)
    if fate is not None:
        shares[fate.team] += card_points(EXCUSE)
        if fate.exchange:
            shares[fate.team] -= EXCUSE_EXCHANGE
            shares[win_team] += EXCUSE_EXCHANGE
    return shares[0], shares[1]


def start_piles(state: ScoredHand) -> tuple[float, float]:
    """Each team's card points before the first listed trick: carried points, captured
    cards and the set-aside cards (the discard or the chien) for the team they count for."""
    pile = [state.carried[0], state.carried[1]]
    for team, cards in enumerate(state.captured):
        pile[team] += points_of(cards)
    pile[state.set_aside_team] += points_of(state.set_aside)
    return pile[0], pile[1]


def piles_after_tricks(state: ScoredHand) -> tuple[tuple[float, float], ...]:
    """Each team's pile of card points before the first listed trick, then after each one."""
    pile = list(start_piles(state))
    piles = [(pile[0], pile[1])]
    for trick in state.tricks:
        shares = trick_shares(state, trick)
        pile = [pile[0] + shares[0], pile[1] + shares[1]]
        piles.append((pile[0], pile[1]))
    return tuple(piles)


def tally(state: ScoredHand) -> Tally:
    """Where every card's points and every bout end up (Rules: tricks, Excuse, chien)."""
    pts = list(start_piles(state))
    bouts: list[list[Card]] = [[], []]
    for team, cards in enumerate(state.captured):
        bouts[team] += [c for c in cards if c in BOUTS]
    bouts[state.set_aside_team] += [c for c in state.set_aside if c in BOUTS]
    exchange = 0.0
    note = ""
    owner: Seat | None = None
    for trick in state.tricks:
        win_team = state.team_of(trick.winner)
        shares = trick_shares(state, trick)
        pts[0] += shares[0]
        pts[1] += shares[1]
        bouts[win_team] += [c for c in trick.cards if c in BOUTS and c != EXCUSE]
        fate = excuse_fate(state, trick)
        if fate is None:
            continue
        bouts[fate.team].append(EXCUSE)
        owner = fate.owner
        if fate.exchange:
            exchange = EXCUSE_EXCHANGE if win_team == TAKER_TEAM else -EXCUSE_EXCHANGE
            note = t(
                "tarot.note.excuse_exchange",
                seat=seat_name(fate.owner, start=True),
                trick=trick.index + 1,
                winner=seat_name(trick.winner),
                owner=seat_possessive(fate.owner),
            )
        elif trick.index == NUM_TRICKS - 1 and trick.reason != EXCUSE_WINS_LAST_TRICK:
            key = (
                "tarot.note.excuse_last_taker"
                if fate.team == TAKER_TEAM
                else "tarot.note.excuse_last_defence"
            )
            note = t(key, seat=seat_name(fate.owner, start=True))
    return Tally(pts, bouts, exchange, note, owner)


def _setaside_points(state: ScoredHand, team: int) -> float:
    """The points of the set-aside cards that count for ``team``."""
    return points_of(state.set_aside) if state.set_aside_team == team else 0.0


# --- The settlement --------------------------------------------------------------------


@dataclass(frozen=True)
class _Settlement:
    """The figures of a played hand, step by step, as the score lines show them."""

    taker: Seat
    contract: Bid
    mult: int
    tallied: Tally
    points: float  # the taker's side's card points
    bout_cards: tuple[Card, ...]  # the taker's side's bouts
    target: float
    diff: float
    made: bool
    base: float
    sign: int  # +1 made, -1 failed
    pab: float  # the petit au bout, signed for the taker
    pab_note: str
    poignee_total: float
    won: tuple[int, int]  # tricks listed, won by the taker's side and the defence
    chelem: float
    chelem_note: str
    per_defender: float  # what each defender pays the taker
    taker_total: float


def _settle(state: ScoredHand) -> _Settlement:
    """Rule: met or exceeded target = made; base (25 + difference) x multiplier; bonuses."""
    taker = state.taker
    contract = state.contract
    assert taker is not None and contract is not None
    mult = contract.multiplier
    tallied = tally(state)
    points = tallied.points[TAKER_TEAM]
    if abs(points + tallied.points[DEFENCE_TEAM] - TOTAL_POINTS) > 1e-9:
        raise InvalidStateError(  # pragma: no cover - start_play validates the cards
            f"card points add to {points + tallied.points[DEFENCE_TEAM]}, not 91"
        )
    bout_cards = sort_cards(tallied.bouts[TAKER_TEAM])
    target = target_for(len(bout_cards))
    diff = points - target
    made = diff >= 0  # Rule: met or exceeded = made
    base = (25 + abs(diff)) * mult
    sign = 1 if made else -1
    pab, pab_note = _petit_au_bout(state, mult)
    # Poignées: to the team that wins the contract, not multiplied.
    poignee_total = float(sum(p.bonus for _, p in state.poignees)) * sign
    won = _tricks_won(state)
    chelem, chelem_note = _chelem(state, won)
    per_defender = sign * base + pab + poignee_total + chelem
    return _Settlement(
        taker,
        contract,
        mult,
        tallied,
        points,
        bout_cards,
        target,
        diff,
        made,
        base,
        sign,
        pab,
        pab_note,
        poignee_total,
        won,
        chelem,
        chelem_note,
        per_defender,
        3 * per_defender,
    )


def _petit_au_bout(state: ScoredHand, mult: int) -> tuple[float, str]:
    """Rule: the Petit in the last trick (the one before if a chelem ends on the Excuse)
    earns 10 x the multiplier to the team that wins that trick."""
    tricks = state.tricks
    last = tricks[-1] if tricks and tricks[-1].index == NUM_TRICKS - 1 else None
    bout_trick = last
    if last is not None and last.reason == EXCUSE_WINS_LAST_TRICK:
        bout_trick = tricks[-2] if len(tricks) >= 2 else None
    if bout_trick is None or PETIT not in bout_trick.cards:
        return 0.0, ""
    pteam = state.team_of(bout_trick.winner)
    pab = 10.0 * mult * (1 if pteam == TAKER_TEAM else -1)
    key = (
        "tarot.note.petit_au_bout_taker"
        if pteam == TAKER_TEAM
        else "tarot.note.petit_au_bout_defence"
    )
    note = t(key, trick=bout_trick.index + 1, winner=seat_name(bout_trick.winner), multiplier=mult)
    return pab, note


def _tricks_won(state: ScoredHand) -> tuple[int, int]:
    """The listed tricks won by the taker's side and by the defence."""
    won = [0, 0]
    for trick in state.tricks:
        won[state.team_of(trick.winner)] += 1
    return won[0], won[1]


def _chelem(state: ScoredHand, won: tuple[int, int]) -> tuple[float, str]:
    """Rule: +400 declared and made, -200 declared and failed, +200 undeclared but made."""
    taker_all = took_every_trick(state, TAKER_TEAM)
    defence_all = took_every_trick(state, DEFENCE_TEAM)
    if state.chelem_declared:
        chelem = float(CHELEM_DECLARED_MADE if taker_all else CHELEM_DECLARED_FAILED)
        note = (
            t("tarot.note.chelem_declared_made")
            if taker_all
            else t("tarot.note.chelem_declared_failed", won=won[0])
            if not state.unlisted_tricks
            # Earlier tricks not listed: their count is unknown, say only that one was lost.
            else t("tarot.note.chelem_declared_failed_unlisted")
        )
        return chelem, note
    if taker_all or defence_all:
        chelem = float(CHELEM_UNDECLARED if taker_all else -CHELEM_UNDECLARED)
        note = (
            t("tarot.note.chelem_undeclared_taker")
            if taker_all
            else t("tarot.note.chelem_undeclared_defence")
        )
        return chelem, note
    return 0.0, ""


# --- The score lines -------------------------------------------------------------------


def score(state: ScoredHand) -> HandOutcome:
    """Settle a played hand: contract, petit au bout, poignées, chelem, per-seat totals."""
    s = _settle(state)
    lines = [*_check_lines(state, s), *_payment_lines(state, s)]
    result_text = _result_text(s)
    lines.append(
        ScoreLine(
            "result", result_text, seat_key(s.taker), 0.0, t("tarot.note.result"), counted=False
        )
    )
    totals = {seat_key(x): (s.taker_total if x == s.taker else -s.per_defender) for x in range(4)}
    details = _details(state, s)
    return HandOutcome(GAME, state.ruleset.name, tuple(lines), totals, result_text, details)


def _card_points_line(state: ScoredHand, s: _Settlement) -> ScoreLine:
    """The taker's side's card points: from its tricks, the discard or chien, the Excuse."""
    tricks_pts = fmt(s.points - _setaside_points(state, TAKER_TEAM) - s.tallied.exchange)
    parts = [t("tarot.note.card_points_tricks", points=tricks_pts)]
    if state.set_aside_team == TAKER_TEAM and state.set_aside:
        key = (
            "tarot.note.card_points_discard"
            if state.chien_shown
            else "tarot.note.card_points_chien"
        )
        parts.append(t(key, points=fmt(_setaside_points(state, TAKER_TEAM))))
    if s.tallied.exchange:
        parts.append(t("tarot.note.card_points_exchange", points=signed(s.tallied.exchange)))
    return ScoreLine(
        "card_points",
        t("tarot.line.card_points", seat=seat_name(s.taker), points=fmt(s.points)),
        seat_key(s.taker),
        0.0,
        " + ".join(parts),
    )


def _check_lines(state: ScoredHand, s: _Settlement) -> list[ScoreLine]:
    """The steps a learner checks, where no points move: points, bouts, target, contract."""
    tk = seat_key(s.taker)
    count = len(s.bout_cards)
    lines = [_card_points_line(state, s)]
    lines.append(
        ScoreLine(
            "bouts",
            t("tarot.line.bouts", count=count),
            tk,
            0.0,
            cards_text(s.bout_cards) if s.bout_cards else t("tarot.note.no_bouts"),
        )
    )
    key = "tarot.line.target_one" if count == 1 else "tarot.line.target_many"
    lines.append(
        ScoreLine(
            "target", t(key, count=count, target=fmt(s.target)), tk, 0.0, t("tarot.note.targets")
        )
    )
    key = "tarot.line.difference_made" if s.made else "tarot.line.difference_failed"
    lines.append(
        ScoreLine(
            "difference",
            t(key, points=fmt(s.points), target=fmt(s.target), difference=signed(s.diff)),
            tk,
            0.0,
            t("tarot.note.difference_made") if s.made else t("tarot.note.difference_failed"),
        )
    )
    lines.append(
        ScoreLine(
            "multiplier",
            t("tarot.line.multiplier", contract=s.contract.label, multiplier=s.mult),
            tk,
            0.0,
            t("tarot.note.multipliers"),
        )
    )
    tallied = s.tallied
    if tallied.exchange_note and tallied.excuse_owner is not None:
        lines.append(
            ScoreLine(
                "excuse_exchange",
                t("tarot.line.excuse_exchange", points=signed(tallied.exchange))
                if tallied.exchange
                else t("tarot.line.excuse_last_trick"),
                seat_key(tallied.excuse_owner),
                0.0,
                tallied.exchange_note,
            )
        )
    return [replace(line, counted=False) for line in lines]  # shown, never counted


def _payment_lines(state: ScoredHand, s: _Settlement) -> list[ScoreLine]:
    """Rule: each defender pays the taker every amount (receives it when negative), the
    taker gets three times it: the base, the petit au bout, the poignées, the chelem."""
    tk = seat_key(s.taker)
    defenders = [x for x in range(NUM_PLAYERS) if x != s.taker]
    lines: list[ScoreLine] = []

    def pay(kind: str, label: str, amount: float, note: str) -> None:
        # Each defender pays ``amount`` (receives it when negative); the taker gets 3x.
        taker_label = t("tarot.line.taker_pays", label=label, amount=signed(3 * amount))
        lines.append(ScoreLine(kind, taker_label, tk, 3 * amount, note))
        for d in defenders:
            defender_label = t("tarot.line.defender_pays", label=label, amount=signed(-amount))
            lines.append(ScoreLine(kind, defender_label, seat_key(d), -amount, note))

    pay(
        "base",
        t("tarot.line.base", difference=fmt(abs(s.diff)), multiplier=s.mult, base=fmt(s.base)),
        s.sign * s.base,
        t("tarot.note.base_made") if s.made else t("tarot.note.base_failed"),
    )
    if s.pab:
        pay("petit_au_bout", t("tarot.line.petit_au_bout", multiplier=s.mult), s.pab, s.pab_note)
    for seat, p in state.poignees:
        pay(
            "poignee",
            t(_POIGNEE_LINE_KEYS[p.level], seat=seat_possessive(seat, start=True), bonus=p.bonus),
            p.bonus * s.sign,
            t("tarot.note.poignee_taker") if s.made else t("tarot.note.poignee_defence"),
        )
    if s.chelem:
        pay("chelem", t("tarot.line.chelem", points=signed(s.chelem)), s.chelem, s.chelem_note)
    return lines


def _result_text(s: _Settlement) -> str:
    """The hand's result in a sentence: made or failed, and who pays whom how much."""
    if s.made:
        key = "tarot.result.made_paid" if s.per_defender >= 0 else "tarot.result.made_received"
    else:
        # A failed contract costs the taker at least 25 x the multiplier; the only bonus a
        # failing taker can win, the Petit au bout, is at most 10 x: the defenders receive.
        key = "tarot.result.failed_received"
    return t(
        key,
        contract=s.contract.label,
        seat=seat_name(s.taker),
        defender=fmt(abs(s.per_defender)),
        taker=fmt(abs(s.taker_total)),
    )


def _details(state: ScoredHand, s: _Settlement) -> dict[str, Any]:
    """The figures of the hand for the app and the tests (``HandOutcome.details``)."""
    tricks = state.tricks
    trick_rows = [
        {
            "number": tr.index + 1,
            "leader": tr.leader,
            "cards": tuple(c.code for c in tr.cards),
            "winner": tr.winner,
            "team": state.team_of(tr.winner),
            "points": tr.points,
            "reason": tr.reason,
        }
        for tr in tricks
    ]
    details: dict[str, Any] = {
        "contract": s.contract.label,
        "taker": s.taker,
        "multiplier": s.mult,
        "points": s.points,
        "defence_points": s.tallied.points[DEFENCE_TEAM],
        "bouts": len(s.bout_cards),
        "bout_cards": tuple(c.code for c in s.bout_cards),
        "target": s.target,
        "difference": s.diff,
        "made": s.made,
        "base": s.base,
        "base_signed": s.sign * s.base,
        "petit_au_bout": s.pab,
        "poignee": s.poignee_total,
        "chelem": s.chelem,
        "chelem_declared": state.chelem_declared,
        "excuse_exchange": s.tallied.exchange,
        "per_defender": s.per_defender,
        "taker_total": s.taker_total,
        "tricks_won": {"taker": s.won[0], "defence": s.won[1]},
        "trick_winners": tuple(tr.winner for tr in tricks),
        "trick_points": tuple(tr.points for tr in tricks),
        "tricks": trick_rows,
        "set_aside": {
            "cards": tuple(c.code for c in state.set_aside),
            "team": state.set_aside_team,
            "points": points_of(state.set_aside),
        },
    }
    details["result"] = RESULT_MADE if s.made else RESULT_FAILED
    return details


# --- A hand that was not played ---------------------------------------------------------


def cancelled_outcome(state: ScoredHand) -> HandOutcome:
    """The outcome of a hand cancelled by a Petit sec, or where all four passed: nobody
    scores."""
    if state.cancelled == RESULT_PETIT_SEC:
        seat = state.petit_sec[0]
        label = t("tarot.line.petit_sec", seat=seat_possessive(seat))
        note = t("tarot.note.petit_sec")
        result = t("tarot.result.petit_sec", seat=seat_name(seat, start=True))
    else:
        seat = (state.dealer + 1) % NUM_PLAYERS
        label = t("tarot.line.all_passed")
        note = t("tarot.note.all_passed")
        result = t("tarot.result.all_passed")
    lines = (ScoreLine("result", label, seat_key(seat), 0.0, note, counted=False),)
    totals = {seat_key(s): 0.0 for s in range(NUM_PLAYERS)}
    details: dict[str, Any] = {
        "result": state.cancelled,
        "cancelled": state.cancelled,
        "petit_sec": state.petit_sec,
    }
    return HandOutcome(GAME, state.ruleset.name, lines, totals, result, details)
