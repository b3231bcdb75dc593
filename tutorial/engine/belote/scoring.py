"""Scoring a Belote hand (docs/rules.md §1.6): the card points and the dix de
der, the declarations and belote-rebelote, the contract (made, dedans or litige), capot,
rounding and litige points carried in, as an itemised ``HandOutcome``.

The scorer reads a finished hand through ``ScoredHand`` (``BeloteState`` is one), so
that the state may call it without this module knowing the state.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from tutorial.engine.belote.cards import (
    DIX_DE_DER,
    GAME,
    HAND_POINTS_TOTAL,
    NUM_PLAYERS,
    SIDES,
    team_label,
    trick_points,
)
from tutorial.engine.belote.declarations import (
    BELOTE_POINTS,
    Combination,
    DeclarationResult,
    compare_declarations,
)
from tutorial.engine.belote.options import BeloteOptions
from tutorial.engine.cards import Card, Suit
from tutorial.engine.outcomes import HandOutcome, ScoreLine, TrickResult, WinningMark
from tutorial.engine.rule_options import Ruleset
from tutorial.engine.seats import Seat, seat_name
from tutorial.language.i18n import t


class ScoredHand(Protocol):
    """What the scorer reads of a finished hand: the fields of ``BeloteState`` it needs."""

    @property
    def ruleset(self) -> Ruleset:
        """The ruleset the hand was played under."""

    @property
    def options(self) -> BeloteOptions:
        """The rule options in force."""

    @property
    def dealer(self) -> Seat:
        """The seat that dealt."""

    @property
    def trump(self) -> Suit | None:
        """The trump suit (``None`` after a redeal)."""

    @property
    def taker(self) -> Seat | None:
        """The seat that took (``None`` after a redeal)."""

    @property
    def tricks(self) -> tuple[TrickResult, ...]:
        """The tricks played, in order."""

    @property
    def captured(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """Per team, the cards captured in tricks given without a history."""

    @property
    def declarations(self) -> tuple[tuple[Combination, ...] | None, ...]:
        """Per seat, the combinations declared."""

    @property
    def belote_holder(self) -> Seat | None:
        """The seat that held trump K and Q, if one did."""

    @property
    def carried_points(self) -> int:
        """Litige points held for this hand's winner."""


def round_tens(points: int) -> int:
    """Round to the nearest ten, halves up (000: 78 and 84 both become 80).

    >>> round_tens(78), round_tens(84), round_tens(85)
    (80, 80, 90)
    """
    return (points + 5) // 10 * 10


# --- The figures a score is written from ----------------------------------------------


@dataclass(frozen=True)
class _Tricks:
    """What each team took in tricks: card points, tricks, the dix de der, a capot."""

    card_points: list[int]  # per team, without the dix de der
    tricks_won: list[int]
    player_points: list[int]  # per seat, in the tricks listed
    der_team: int  # the team that won the last trick
    raw: list[int]  # per team, with the dix de der: 162 in all
    capot: int | None  # the team that won all eight tricks


@dataclass(frozen=True)
class _Declarations:
    """The declarations made, which team's score and what they are worth, and belote."""

    declared: dict[Seat, tuple[Combination, ...]]
    result: DeclarationResult
    points: list[int]  # per team, those the best team scores
    take_all: bool  # the best team takes the beaten declarations too (000)
    belote_team: int | None
    belote_points: list[int]


@dataclass(frozen=True)
class _Contract:
    """The contract judged: the figures compared, the points needed, and its result."""

    figures: list[int]  # per team, the points the contract is judged on
    basis_text: str
    needed: int
    made: bool
    litige: bool
    dedans: bool


@dataclass(frozen=True)
class _Receiver:
    """Who receives the best team's declarations (``None``: nobody), and the notes why."""

    team: int | None
    note: str  # on the declarations received
    held_note: str  # on the declarations that score nothing


def _count_tricks(hand: ScoredHand, trump: Suit) -> _Tricks:
    """Card points and the dix de der (152 + 10 = 162); all eight tricks make a capot."""
    card_pts = [0, 0]
    tricks_won = [0, 0]
    player_pts = [0, 0, 0, 0]
    for trick in hand.tricks:
        card_pts[trick.winner % 2] += int(trick.points)
        player_pts[trick.winner] += int(trick.points)
        tricks_won[trick.winner % 2] += 1
    for team, cards in enumerate(hand.captured):
        card_pts[team] += trick_points(cards, trump)
        tricks_won[team] += len(cards) // NUM_PLAYERS
    der_team = hand.tricks[-1].winner % 2
    raw = list(card_pts)
    raw[der_team] += DIX_DE_DER
    capot = next((tm for tm in (0, 1) if tricks_won[1 - tm] == 0), None)
    return _Tricks(card_pts, tricks_won, player_pts, der_team, raw, capot)


def _count_declarations(hand: ScoredHand, trump: Suit, opts: BeloteOptions) -> _Declarations:
    """Only the team with the best declaration scores (all its own); belote goes to the holder's."""
    declared = {s: d for s, d in enumerate(hand.declarations) if d}
    dres = compare_declarations(declared, trump, hand.dealer)
    best_team = dres.team
    decl_pts = [0, 0]
    take_all = opts.declarations_won == "all"  # 000: the beaten declarations too
    for s, combos in declared.items():
        if best_team is not None and (s % 2 == best_team or take_all):
            decl_pts[best_team] += sum(c.points for c in combos)
    belote_team = None if hand.belote_holder is None else hand.belote_holder % 2
    bel_pts = [BELOTE_POINTS if belote_team == tm else 0 for tm in (0, 1)]
    return _Declarations(declared, dres, decl_pts, take_all, belote_team, bel_pts)


def _contract_mark(opts: BeloteOptions, figures: list[int]) -> int:
    """The takers' mark: the least figure that makes the contract, whatever the split.

    Half the judged points in play plus one (82 of 162, more with declarations: 003 "162
    分中至少 82 分，含宣牌"); exactly half where an exact tie makes the contract (judged on
    tricks only, 81 of 162 as 004 has it, or ``tie_81="taker_succeeds"``).
    """
    in_play = sum(figures)
    tie_makes = opts.contract_basis != "total_strict" or opts.tie_81 == "taker_succeeds"
    return (in_play + 1) // 2 if tie_makes else in_play // 2 + 1


def _judge_contract(
    opts: BeloteOptions, taker_team: int, tricks: _Tricks, decl: _Declarations
) -> _Contract:
    """The contract: the takers must score more than the defence, or 81 of 162 (by option)."""
    # Judged on exact points (by option: with declarations, or tricks only; on the
    # points rounded to tens, 000's "some versions").
    defence = 1 - taker_team
    raw = tricks.raw
    if opts.contract_basis == "total_strict":
        fig = [raw[tm] + decl.points[tm] + decl.belote_points[tm] for tm in (0, 1)]
        basis_txt = t("belote.contract.total_strict")
    else:
        fig = list(raw)
        basis_txt = t("belote.contract.tricks_at_least_81")
    if opts.rounding == "tens_judged":
        fig = [round_tens(f) for f in fig]
    needed = _contract_mark(opts, fig)
    litige = False
    if tricks.capot is not None:
        made = tricks.capot == taker_team  # all eight tricks settle the contract
    elif fig[taker_team] != fig[defence]:
        made = fig[taker_team] > fig[defence]
    else:
        made = opts.contract_basis == "tricks_at_least_81" or opts.tie_81 == "taker_succeeds"
        litige = not made and opts.tie_81 == "litige"  # else a dedans (000: must be more)
    dedans = not made and not litige  # a capot won by the defence is one too
    return _Contract(fig, basis_txt, needed, made, litige, dedans)


def _declarations_receiver(
    opts: BeloteOptions,
    taker_team: int,
    capot: int | None,
    decl: _Declarations,
    contract: _Contract,
) -> _Receiver:
    """The best team's declarations go to the defence on a dedans, else to the best team."""
    defence = 1 - taker_team
    best_team = decl.result.team
    reason = decl.result.reason
    if contract.dedans and opts.dedans_declarations == "all":
        note = t("belote.note.dedans_declarations") if best_team == taker_team else reason
        return _Receiver(defence, note, "")
    if contract.dedans:
        # 004: the takers lose all their points; the defence scores only its own.
        return _Receiver(
            defence if best_team == defence else None,
            reason,
            t("belote.note.dedans_declarations_lost"),
        )
    if capot is not None:
        return _Receiver(
            capot if best_team == capot else None, reason, t("belote.note.capot_declarations")
        )
    if contract.litige:
        return _Receiver(
            defence if best_team == defence else None,
            reason,
            t("belote.note.litige_declarations"),
        )
    return _Receiver(best_team, reason, "")


# --- What a team needs to win the hand ------------------------------------------------


def winning_mark(hand: ScoredHand, team: int) -> WinningMark | None:
    """The least card points (dix de der included) with which ``team`` wins the hand.

    The takers win when their contract is made, the defence when it fails by a dedans (a
    litige is nobody's win). Each possible split of the 162 points is judged as the score
    judges the contract (``_judge_contract``: the declarations and belote-rebelote counted
    by option, the figures rounded by option), the declarations as they stand. None before
    the contract is known or while a declaration is still to come, and where points alone
    do not decide: a side that would win with no point must still take a trick (without
    one it is capot), and a side that no split makes win can win only by a capot.
    """
    if hand.trump is None or hand.taker is None or any(d is None for d in hand.declarations):
        return None
    opts = hand.options
    taker_team = hand.taker % 2
    decl = _count_declarations(hand, hand.trump, opts)
    won_a_trick = any(trick.winner % 2 == team for trick in hand.tricks) or bool(
        hand.captured[team]
    )
    points = next(
        (
            p
            for p in range(HAND_POINTS_TOTAL + 1)
            if _split_winner(opts, taker_team, decl, team, p) == team
        ),
        None,
    )
    if points is None:
        return None  # the other side's declarations outweigh every split: only a capot wins
    if points == 0 and not won_a_trick:
        return None  # a win with no point needs a trick all the same (else capot): not points
    counted = opts.contract_basis == "total_strict"
    extras = [float(decl.points[tm] + decl.belote_points[tm]) if counted else 0.0 for tm in (0, 1)]
    rounded = opts.rounding == "tens_judged"
    return WinningMark(
        points=float(points),
        rule="as_many_as_other" if _tie_wins(opts, team == taker_team) else "more_than_other",
        total=float(HAND_POINTS_TOTAL),
        tie=None if rounded else _level_points(extras, team),
        extras=(extras[team], extras[1 - team]),
        rounded=rounded,
    )


def _tie_wins(opts: BeloteOptions, takers: bool) -> bool:
    """Whether level figures win the hand for the takers (``takers``) or the defence:
    the takers' when a tie makes the contract (tricks only, or ``tie_81="taker_succeeds"``),
    the defence's when a tie is a dedans (``tie_81="dedans"``); a litige is nobody's."""
    tie_makes = opts.contract_basis != "total_strict" or opts.tie_81 == "taker_succeeds"
    if takers:
        return tie_makes
    return not tie_makes and opts.tie_81 == "dedans"


def _split_winner(
    opts: BeloteOptions, taker_team: int, decl: _Declarations, team: int, points: int
) -> int | None:
    """The hand's winner if ``team`` ends with ``points`` of the 162 and the other team
    with the rest, neither side capot (None: a litige)."""
    raw = [0, 0]
    raw[team] = points
    raw[1 - team] = HAND_POINTS_TOTAL - points
    tricks = _Tricks(list(raw), [1, 1], [0] * NUM_PLAYERS, team, raw, None)
    contract = _judge_contract(opts, taker_team, tricks, decl)
    if contract.litige:
        return None
    return taker_team if contract.made else 1 - taker_team


def _level_points(extras: list[float], team: int) -> float | None:
    """The card points that leave ``team``'s figure level with the other's (None: no whole
    number of points does)."""
    level = (HAND_POINTS_TOTAL + extras[1 - team] - extras[team]) / 2
    return level if level == int(level) and 0 <= level <= HAND_POINTS_TOTAL else None


# --- The score lines, in the order they are written -----------------------------------


class _Sheet:
    """The score lines of a hand, in the order they are written."""

    def __init__(self) -> None:
        self.lines: list[ScoreLine] = []

    def add(self, kind: str, label: str, team: int, points: int, note: str = "") -> None:
        """Write one line for ``team``."""
        self.lines.append(ScoreLine(kind, label, SIDES[team], points, note))

    def total(self, team: int) -> int:
        """The points written so far for ``team``."""
        return _side_total(self.lines, team)


def _side_total(lines: Iterable[ScoreLine], team: int) -> int:
    return sum(int(line.points) for line in lines if line.side == SIDES[team])


def _write_team_card_points(sheet: _Sheet, tricks: _Tricks, team: int) -> None:
    """A team scores the card points it took, and the dix de der if it won the last trick."""
    sheet.add("card_points", t("belote.line.card_points"), team, tricks.card_points[team])
    if tricks.der_team == team:
        sheet.add("dix_de_der", t("belote.line.dix_de_der"), team, DIX_DE_DER)


def _write_card_points(
    sheet: _Sheet, opts: BeloteOptions, taker_team: int, tricks: _Tricks, contract: _Contract
) -> None:
    """Card points: each team its own if made; capot 250; a dedans gives the defence 162."""
    defence = 1 - taker_team
    capot = tricks.capot
    if capot is not None:
        # Capot: 250 in all (or 162 + 90 by option); the other team only its belote.
        _write_team_card_points(sheet, tricks, capot)
        sheet.add("capot", t("belote.line.capot"), capot, opts.capot - HAND_POINTS_TOTAL)
    elif contract.made:
        _write_team_card_points(sheet, tricks, taker_team)
        _write_team_card_points(sheet, tricks, defence)
    elif contract.dedans:
        # Dedans: the defence scores all 162 and the declarations.
        fig = contract.figures
        _write_team_card_points(sheet, tricks, defence)
        sheet.add(
            "dedans",
            t("belote.line.dedans"),
            defence,
            tricks.raw[taker_team],
            t("belote.note.dedans", taker=fig[taker_team], defence=fig[defence]),
        )
    else:
        _write_team_card_points(sheet, tricks, defence)


def _write_declarations(
    sheet: _Sheet,
    opts: BeloteOptions,
    taker_team: int,
    decl: _Declarations,
    contract: _Contract,
    receiver: _Receiver,
) -> None:
    """One line per declared combination, in seat order, to the team that scores it."""
    for seat, combos in decl.declared.items():
        for combo in combos:
            label = t("belote.line.declaration", combination=combo.describe(), seat=seat_name(seat))
            team, points, note = _declaration_entry(
                seat % 2, combo.points, opts, taker_team, decl, contract, receiver
            )
            sheet.add("declaration", label, team, points, note)


def _declaration_entry(
    team: int,
    points: int,
    opts: BeloteOptions,
    taker_team: int,
    decl: _Declarations,
    contract: _Contract,
    receiver: _Receiver,
) -> tuple[int, int, str]:
    """Where a declaration of ``team`` goes: (the team scoring it, its points, the note)."""
    best_team = decl.result.team
    dedans_all = opts.dedans_declarations == "all"
    if team == best_team and receiver.team is not None:
        return receiver.team, points, receiver.note
    if team == best_team:
        return team, 0, receiver.held_note
    if contract.dedans and dedans_all:
        # Dedans, a capot won by the defence included: the defence scores 162 (or
        # the capot) plus all declarations, both teams' (000 §11(3), 003 §4:
        # "所有宣牌分").
        return 1 - taker_team, points, t("belote.note.dedans_all")
    if contract.dedans:
        # 004: a beaten declaration never scores; the takers lose all their points.
        if team == taker_team:
            note = t("belote.note.dedans_declarations_lost")
        else:
            note = t("belote.note.declaration_beaten", reason=decl.result.reason)
        return team, 0, note
    if decl.take_all and receiver.team is not None:
        return receiver.team, points, t("belote.note.best_takes_all")
    if decl.take_all:
        return team, 0, receiver.held_note
    return team, 0, t("belote.note.declaration_beaten", reason=decl.result.reason)


def _write_belote(sheet: _Sheet, holder: Seat | None, decl: _Declarations) -> None:
    """Belote-rebelote: 20 points to the holder's team, whatever the contract."""
    if decl.belote_team is not None:
        assert holder is not None  # belote_team is the holder's team
        sheet.add(
            "belote",
            t("belote.line.belote", seat=seat_name(holder)),
            decl.belote_team,
            BELOTE_POINTS,
            t("belote.note.belote"),
        )


def _write_litige(
    sheet: _Sheet,
    opts: BeloteOptions,
    taker_team: int,
    tricks: _Tricks,
    decl: _Declarations,
    contract: _Contract,
) -> int:
    """Litige: the defence scores its points; the taker's are held for the next hand."""
    if not contract.litige:
        return 0
    held = tricks.raw[taker_team] + decl.points[taker_team]
    if opts.rounding != "none":
        held = round_tens(held)
    sheet.add(
        "litige",
        t("belote.line.litige"),
        taker_team,
        0,
        t("belote.note.litige", points=held),
    )
    return held


def _write_rounding(sheet: _Sheet, opts: BeloteOptions, exact: list[int]) -> None:
    """Rounding (by option): each team's hand score to the nearest ten, halves up."""
    if opts.rounding != "none":
        for team in (0, 1):
            diff = round_tens(exact[team]) - exact[team]
            if diff:
                note = t("belote.note.rounding", exact=exact[team], rounded=exact[team] + diff)
                sheet.add("rounding", t("belote.line.rounding"), team, diff, note)


def _write_carried(sheet: _Sheet, carried: int, winner: int | None) -> int:
    """Litige points carried in go to this hand's winner, or stay held after a new litige."""
    if carried and winner is not None:
        sheet.add(
            "litige",
            t("belote.line.litige_carried"),
            winner,
            carried,
            t("belote.note.litige_carried"),
        )
        return 0
    return carried


# --- The whole hand -------------------------------------------------------------------


def score_hand(hand: ScoredHand) -> HandOutcome:
    """The itemised score of a finished hand (a redeal scores nothing)."""
    if hand.trump is None or hand.taker is None:
        return _redeal_outcome(hand)
    opts = hand.options
    trump = hand.trump
    taker_team = hand.taker % 2
    tricks = _count_tricks(hand, trump)
    decl = _count_declarations(hand, trump, opts)
    sheet, contract, exact, held, winner = _write_sheet(hand, taker_team, tricks, decl)
    totals = {SIDES[tm]: sheet.total(tm) for tm in (0, 1)}
    result = _result_sentence(
        opts, taker_team, tricks.capot, contract, [sheet.total(tm) for tm in (0, 1)]
    )
    details = _details(hand, trump, taker_team, tricks, decl, contract, exact, winner, held)
    return HandOutcome(GAME, hand.ruleset.name, tuple(sheet.lines), totals, result, details)


def _write_sheet(
    hand: ScoredHand, taker_team: int, tricks: _Tricks, decl: _Declarations
) -> tuple[_Sheet, _Contract, list[int], int, int | None]:
    """Every score line of the hand, in order: (the sheet, the contract, each team's
    total before rounding, the points held in litige, the hand's winning team)."""
    opts = hand.options
    contract = _judge_contract(opts, taker_team, tricks, decl)
    receiver = _declarations_receiver(opts, taker_team, tricks.capot, decl, contract)
    sheet = _Sheet()
    _write_card_points(sheet, opts, taker_team, tricks, contract)
    _write_declarations(sheet, opts, taker_team, decl, contract, receiver)
    _write_belote(sheet, hand.belote_holder, decl)
    held = _write_litige(sheet, opts, taker_team, tricks, decl, contract)
    exact = [sheet.total(tm) for tm in (0, 1)]
    _write_rounding(sheet, opts, exact)
    defence = 1 - taker_team
    winner = None if contract.litige else (taker_team if contract.made else defence)
    held += _write_carried(sheet, hand.carried_points, winner)
    return sheet, contract, exact, held, winner


def hand_totals(hand: ScoredHand, raw: Sequence[int], capot: int | None) -> tuple[int, int]:
    """Each team's total for the hand, written as ``score_hand`` writes it (the contract,
    declarations, belote, litige, rounding), when its tricks end with ``raw`` points per
    team (the dix de der included) and ``capot`` the team that took every trick (None:
    neither): what the rest of a hand from ``hand``'s position is worth to each team.
    ``hand`` holds the declarations and the belote holder the hand will have
    (``BeloteState.projected``)."""
    assert hand.trump is not None and hand.taker is not None
    der = capot if capot is not None else (0 if raw[0] >= DIX_DE_DER else 1)
    card_pts = [int(raw[0]), int(raw[1])]
    card_pts[der] -= DIX_DE_DER
    # Tricks won: all eight to the capot's team; otherwise some to each (not read further).
    won = [1, 1] if capot is None else [8 if tm == capot else 0 for tm in (0, 1)]
    tricks = _Tricks(card_pts, won, [0, 0, 0, 0], der, [int(raw[0]), int(raw[1])], capot)
    decl = _count_declarations(hand, hand.trump, hand.options)
    sheet = _write_sheet(hand, hand.taker % 2, tricks, decl)[0]
    return sheet.total(0), sheet.total(1)


def _result_sentence(
    opts: BeloteOptions,
    taker_team: int,
    capot: int | None,
    contract: _Contract,
    totals: Sequence[int],
) -> str:
    """The hand's result in a sentence: capot, made, dedans or litige, with the figures the
    contract was judged on and the hand's score (``totals``, per team) where it differs."""
    taker_fig, defence_fig = contract.figures[taker_team], contract.figures[1 - taker_team]
    defence = 1 - taker_team
    scores: dict[str, Any] = {
        "team": team_label(taker_team),
        "other": team_label(defence),
        "taker_score": totals[taker_team],
        "defence_score": totals[defence],
    }
    if capot is not None:
        return t(
            "belote.result.capot",
            team=team_label(capot),
            other=team_label(1 - capot),
            won=totals[capot],
            lost=totals[1 - capot],
        )
    if contract.made:
        # The figures are the score unless something is added after the contract is
        # judged (rounding, declarations not judged, litige points carried in).
        key = (
            "belote.result.made"
            if (taker_fig, defence_fig) == (totals[taker_team], totals[defence])
            else "belote.result.made_scored"
        )
        return t(key, taker=taker_fig, defence=defence_fig, **scores)
    if contract.dedans:
        key = (
            "belote.result.dedans"
            if opts.dedans_declarations == "all"
            else "belote.result.dedans_own"
        )
        return t(key, taker=taker_fig, defence=defence_fig, **scores)
    return t("belote.result.litige", taker=taker_fig, defence=defence_fig, **scores)


def sheet_result(details: Mapping[str, Any]) -> str:
    """A finished hand's result as its score sheet names it, from its details: "capot",
    else the contract's own result ("made", "dedans", "litige"; "redeal" when all passed).

    >>> sheet_result({"capot": 0, "result": "made"}), sheet_result({"capot": None, "result": "litige"})
    ('capot', 'litige')
    """
    if details.get("capot") is not None:
        return "capot"
    if details.get("litige"):
        return "litige"
    return "dedans" if details.get("dedans") else str(details.get("result", "made"))


def _details(
    hand: ScoredHand,
    trump: Suit,
    taker_team: int,
    tricks: _Tricks,
    decl: _Declarations,
    contract: _Contract,
    exact: list[int],
    winner: int | None,
    held: int,
) -> dict[str, Any]:
    """Every figure of the score, by name, for the screens and the tests."""
    opts = hand.options
    carried = hand.carried_points
    made, dedans = contract.made, contract.dedans
    fig = contract.figures
    return {
        "result": "made" if made else ("dedans" if dedans else "litige"),
        "made": made,
        "dedans": dedans,
        "litige": contract.litige,
        "capot": tricks.capot,
        "dealer": hand.dealer,
        "taker": hand.taker,
        "taking_team": taker_team,
        "trump": trump.value,
        "trick_points": [int(tr.points) for tr in hand.tricks],
        "trick_winners": [tr.winner for tr in hand.tricks],
        "trick_leaders": [tr.leader for tr in hand.tricks],
        "tricks_won": tricks.tricks_won,
        "card_points": tricks.card_points,
        "player_points": tricks.player_points,
        "dix_de_der_team": tricks.der_team,
        "team_card_points": tricks.raw,
        "declarations": {
            tm: [
                {"seat": s, "name": c.name, "points": c.points, "cards": [x.code for x in c.cards]}
                for s, combos in decl.declared.items()
                if s % 2 == tm
                for c in combos
            ]
            for tm in (0, 1)
        },
        "declaration_team": decl.result.team,
        "declaration_reason": decl.result.reason,
        "declaration_points": decl.points,
        "belote_seat": hand.belote_holder,
        "belote_team": decl.belote_team,
        "contract": {
            "basis": opts.contract_basis,
            "description": contract.basis_text,
            "taker_figure": fig[taker_team],
            "defence_figure": fig[1 - taker_team],
            "needed": contract.needed,
        },
        "hand_winner": winner,
        "carried_in": carried,
        "carried_to": winner if carried else None,
        "held_for_next": held,
        "rounding": opts.rounding,
        "dedans_declarations": opts.dedans_declarations,
        "unrounded": exact,
        "next_dealer": _next_dealer(hand.dealer, opts, redeal=False),
    }


def _redeal_outcome(hand: ScoredHand) -> HandOutcome:
    """All four passed twice: nothing scores, litige points stay held, the deal moves by option."""
    carried = hand.carried_points
    details: dict[str, Any] = {
        "result": "redeal",
        "made": False,
        "dedans": False,
        "litige": False,
        "capot": None,
        "dealer": hand.dealer,
        "taker": None,
        "hand_winner": None,
        "carried_in": carried,
        "carried_to": None,
        "held_for_next": carried,
        "next_dealer": _next_dealer(hand.dealer, hand.options, redeal=True),
    }
    totals = {SIDES[0]: 0, SIDES[1]: 0}
    return HandOutcome(GAME, hand.ruleset.name, (), totals, t("belote.result.redeal"), details)


def _next_dealer(dealer: Seat, opts: BeloteOptions, redeal: bool) -> Seat:
    """The next hand's dealer: the next seat, or the same one after a redeal by option."""
    if redeal and opts.redeal_dealer == "same":
        return dealer
    return (dealer + 1) % NUM_PLAYERS
