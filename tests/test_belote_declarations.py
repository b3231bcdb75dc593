"""Belote: declarations at the first trick and belote-rebelote (docs/rules.md §1.5; 000 sections 5, 6, 9).

Sequences in natural order 7-8-9-10-J-Q-K-A; carrés; which team's declarations score
(every tie-break of 000 and 004); one card in one declaration (004) or, by option, more.
"""

import pytest

from tutorial.engine.belote import (
    BeloteState,
    Combination,
    Declare,
    NoDeclaration,
    Pass,
    Take,
    best_declarations,
    compare_declarations,
    new_hand,
    start_play,
)
from tutorial.engine.cards import BELOTE_DECK, Suit
from tutorial.engine.errors import IllegalActionError, IllegalPlayError, InvalidStateError
from tutorial.engine.rule_options import find_ruleset
from tutorial.engine.verdicts import BAD_DECLARATION, WRONG_PHASE

P = BELOTE_DECK.parse
MANY = BELOTE_DECK.parse_many
C = Combination.of


def play_out(state: BeloteState) -> BeloteState:
    """Finish the hand choosing the first legal action (declaring when offered)."""
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    return state


class TestCombinations:
    @pytest.mark.parametrize(
        ("cards", "name", "points"),
        [
            ("9S 10S JS", "tierce", 20),
            ("QH KH AH", "tierce", 20),
            ("7D 8D 9D 10D", "quarte", 50),
            ("10C JC QC KC AC", "quinte", 100),
            ("7C 8C 9C 10C JC QC", "quinte (6 cards count as 5)", 100),
            ("JS JH JD JC", "carré of jacks", 200),
            ("9S 9H 9D 9C", "carré of nines", 150),
            ("AS AH AD AC", "carré of aces", 100),
            ("10S 10H 10D 10C", "carré of tens", 100),
            ("KS KH KD KC", "carré of kings", 100),
            ("QS QH QD QC", "carré of queens", 100),
        ],
    )
    def test_values(self, cards: str, name: str, points: int) -> None:
        combo = C(cards)
        assert (combo.name, combo.points) == (name, points)

    @pytest.mark.parametrize("rank", ["8", "7"])
    def test_no_carre_of_eights_or_sevens(self, rank: str) -> None:
        with pytest.raises(InvalidStateError, match="score nothing"):
            C(" ".join(rank + s for s in "SHDC"))

    @pytest.mark.parametrize("cards", ["AH 7H 8H", "8S 9S JS", "9S 10H JS", "7S 8S"])
    def test_not_a_sequence(self, cards: str) -> None:
        # Natural order only, no wrap from A to 7, one suit, three cards or more.
        with pytest.raises(InvalidStateError, match="no declaration"):
            C(cards)


class TestBestDeclarations:
    def test_none(self) -> None:
        assert best_declarations(MANY("7S 9S JS KH AH 8D 10D QC"), Suit.HEARTS) == ()

    def test_a_long_run_is_one_quinte(self) -> None:
        (combo,) = best_declarations(MANY("7C 8C 9C 10C JC QC KC AC"), Suit.HEARTS)
        assert (combo.length, combo.points) == (8, 100)

    def test_two_runs_two_sequences(self) -> None:
        combos = best_declarations(MANY("7S 8S 9S QH KH AH 7D 9D"), Suit.DIAMONDS)
        assert [c.describe() for c in combos] == ["tierce (Q♥ K♥ A♥)", "tierce (7♠ 8♠ 9♠)"]

    def test_a_card_serves_once_by_default(self) -> None:
        # 004: ♥J cannot be in both the carré and the quinte: carré + tierce 8-9-10 (220).
        hand = MANY("8H 9H 10H JH QH JS JD JC")
        combos = best_declarations(hand, Suit.SPADES)
        assert [c.describe() for c in combos] == [
            "carré of jacks (J♠ J♥ J♦ J♣)",
            "tierce (8♥ 9♥ 10♥)",
        ]
        assert sum(c.points for c in combos) == 220

    def test_option_card_reuse(self) -> None:
        # Same cards with declaration_card_reuse: carré and the whole quinte (300).
        combos = best_declarations(MANY("8H 9H 10H JH QH JS JD JC"), Suit.SPADES, card_reuse=True)
        assert sum(c.points for c in combos) == 300

    def test_carre_of_queens_plus_tierce_beats_quinte(self) -> None:
        combos = best_declarations(MANY("9H 10H JH QH KH QS QD QC"), Suit.SPADES)
        assert [c.name for c in combos] == ["carré of queens", "tierce"]


def winner(declared: dict[int, str], trump: Suit = Suit.HEARTS, dealer: int = 0) -> int | None:
    combos = {seat: (C(cards),) for seat, cards in declared.items()}
    return compare_declarations(combos, trump, dealer).seat


class TestWhichDeclarationIsBest:
    def test_carre_beats_any_sequence(self) -> None:
        assert winner({1: "QS QH QD QC", 2: "10C JC QC KC AC"}) == 1

    def test_higher_valued_carre(self) -> None:
        assert winner({1: "AS AH AD AC", 2: "9S 9H 9D 9C"}) == 2
        assert winner({1: "JS JH JD JC", 2: "9S 9H 9D 9C"}) == 1

    @pytest.mark.parametrize(("high", "low"), [("A", "10"), ("10", "K"), ("K", "Q")])
    def test_equal_value_higher_rank(self, high: str, low: str) -> None:
        four = {r: " ".join(r + s for s in "SHDC") for r in (high, low)}
        assert winner({1: four[low], 2: four[high]}) == 2
        assert winner({1: four[high], 2: four[low]}) == 1

    def test_longer_sequence_even_against_trumps(self) -> None:
        assert winner({1: "QH KH AH", 2: "7C 8C 9C 10C"}) == 2

    def test_six_or_more_count_as_five(self) -> None:
        # A 6-card run topped by ♣K is a quinte topped by K: the ♦ quinte to the A wins.
        assert winner({1: "8C 9C 10C JC QC KC", 2: "10D JD QD KD AD"}) == 2

    def test_seed_000_higher_top_card(self) -> None:
        # ♠K-Q-J against ♥A-K-Q: the hearts sequence is stronger (clubs trump).
        assert winner({1: "JS QS KS", 2: "QH KH AH"}, trump=Suit.CLUBS) == 2

    def test_seed_000_equal_the_trump_sequence(self) -> None:
        # Spades trump: ♠A-K-Q beats ♥A-K-Q.
        assert winner({1: "QH KH AH", 2: "QS KS AS"}, trump=Suit.SPADES) == 2

    def test_still_equal_first_from_the_dealers_next_player(self) -> None:
        declared = {1: "QD KD AD", 2: "QC KC AC"}
        assert winner(declared, dealer=0) == 1  # order 1, 2, 3, 0
        assert winner(declared, dealer=1) == 2  # order 2, 3, 0, 1
        result = compare_declarations(
            {s: (C(c),) for s, c in declared.items()}, Suit.HEARTS, dealer=1
        )
        assert "first in playing order" in result.reason

    def test_each_player_is_judged_by_his_best(self) -> None:
        combos = {1: (C("7S 8S 9S"), C("JD QD KD AD")), 2: (C("8C 9C 10C"), C("QH KH AH"))}
        result = compare_declarations(combos, Suit.HEARTS, dealer=0)
        assert (result.team, result.best) == (1, C("JD QD KD AD"))

    def test_nobody(self) -> None:
        assert compare_declarations({}, Suit.HEARTS, 0).team is None


# Hearts trump, dealer 0. Seat 0: quinte ♠8-Q; seat 2 (partner): tierce ♣7-9;
# seat 1: quarte ♣10-K; seat 3: nothing.
HANDS = [
    "8S 9S 10S JS QS JH 9H AH",
    "10C JC QC KC 7S KS 8D 10D",
    "7C 8C 9C 10H KH 7D KD AD",
    "AS 7H 8H QH JD QD 9D AC",
]
DECLARED = {0: ["8S 9S 10S JS QS"], 1: ["10C JC QC KC"], 2: ["7C 8C 9C"]}


class TestOnlyTheBestTeamScores:
    def test_both_partners_declarations_score_the_opponents_do_not(self) -> None:
        state = start_play(HANDS, "H", taker=0, declarations=DECLARED)
        outcome = play_out(state).outcome()
        assert outcome.details["made"]
        assert outcome.details["declaration_team"] == 0
        assert outcome.details["declaration_points"] == [120, 0]
        decl = {
            (line.label, line.side, line.points)
            for line in outcome.lines
            if line.kind == "declaration"
        }
        assert decl == {
            ("quinte (8♠ 9♠ 10♠ J♠ Q♠), seat 0", "team0", 100),
            ("tierce (7♣ 8♣ 9♣), seat 2", "team0", 20),
            ("quarte (10♣ J♣ Q♣ K♣), seat 1", "team1", 0),
        }

    def test_a_declaration_not_made_does_not_count(self) -> None:
        state = start_play(HANDS, "H", taker=0, declarations={1: ["10C JC QC KC"]})
        outcome = play_out(state).outcome()
        assert outcome.details["declaration_team"] == 1
        assert outcome.details["declaration_points"] == [0, 50]

    def test_declared_cards_must_be_held(self) -> None:
        with pytest.raises(InvalidStateError, match="seat 3 declares tierce"):
            start_play(HANDS, "H", taker=0, declarations={3: ["7C 8C 9C"]})

    def test_one_card_one_declaration(self) -> None:
        hands = ["8H 9H 10H JH QH JS JD JC", "7S 8S 9S 10S QS KS AS 7H", "KH AH 7D 8D 9D 10D QD KD",
                 "AD 7C 8C 9C 10C QC KC AC"]  # fmt: skip
        with pytest.raises(InvalidStateError, match="J♥ in two declarations"):
            start_play(hands, "S", taker=0, declarations={0: ["JS JH JD JC", "8H 9H 10H JH QH"]})
        # Option declaration_card_reuse: the same declarations are accepted and score 300.
        reuse = find_ruleset("belote", "default", declaration_card_reuse=True)
        state = start_play(
            hands, "S", taker=0, ruleset=reuse, declarations={0: ["JS JH JD JC", "8H 9H 10H JH QH"]}
        )
        assert play_out(state).outcome().details["declaration_points"] == [300, 0]


# Seed 003's deal (see test_belote_play): player 1 = seat 2 takes hearts and holds the
# tierce ♣8-9-10; nobody else has a combination.
DEAL_003 = (
    "KD 7D 9D  AD 8D 10D  9H 8C 9C  8H QH 7C  JD 10H  QD AH  10C KS  JC 7S  "
    "JH  KH 9S QC  JS KC AC  7H AS  8S 10S QS"
)


def after_bidding(ruleset: str = "default") -> BeloteState:
    state = new_hand(ruleset, deal=DEAL_003, dealer=3)
    return state.apply(Pass()).apply(Pass()).apply(Take(Suit.HEARTS))


class TestDeclarePhase:
    def at_player_one(self) -> BeloteState:
        state = after_bidding().apply(P("KD")).apply(P("AD"))
        assert (state.phase, state.to_move) == ("declare", 2)
        return state

    def test_only_a_player_with_a_combination_is_asked(self) -> None:
        state = after_bidding()
        assert (state.phase, state.to_move) == ("play", 0)
        assert state.declarations[0] == ()

    def test_declare_all_or_nothing(self) -> None:
        state = self.at_player_one()
        assert state.legal_actions() == [Declare((C("8C 9C 10C"),)), NoDeclaration()]
        assert state.legal_plays() == []

    def test_a_different_declaration_is_refused(self) -> None:
        state = self.at_player_one()
        with pytest.raises(IllegalActionError) as info:
            state.apply(Declare((C("7S 8S 9S"),)))
        assert info.value.code == BAD_DECLARATION
        assert "tierce (8♣ 9♣ 10♣)" in str(info.value)

    def test_card_before_deciding_is_refused(self) -> None:
        with pytest.raises(IllegalPlayError) as info:
            self.at_player_one().apply(P("7H"))
        assert info.value.code == WRONG_PHASE

    def test_declaring_outside_the_first_turn_is_refused(self) -> None:
        with pytest.raises(IllegalActionError) as info:
            after_bidding().apply(NoDeclaration())
        assert info.value.code == WRONG_PHASE

    def test_seed_003_the_tierce_scores_20(self) -> None:
        state = self.at_player_one().apply(Declare((C("8C 9C 10C"),)))
        outcome = play_out(state).outcome()
        assert outcome.details["declaration_team"] == 0
        assert outcome.details["declaration_points"] == [20, 0]
        (line,) = [line for line in outcome.lines if line.kind == "declaration"]
        assert line.points == 20 and line.label == "tierce (8♣ 9♣ 10♣), seat 2"
        assert "Only seat 0 & seat 2 declared" in outcome.details["declaration_reason"]

    def test_no_declaration_scores_nothing(self) -> None:
        state = self.at_player_one().apply(NoDeclaration())
        outcome = play_out(state).outcome()
        assert outcome.details["declaration_team"] is None
        assert not [line for line in outcome.lines if line.kind == "declaration"]

    def test_option_without_declarations_nobody_is_asked(self) -> None:
        # Same deal with declarations=False (000's short game): no declare phase at all.
        rs = find_ruleset("belote", "default", declarations=False)
        state = new_hand(rs, deal=DEAL_003, dealer=3)
        state = state.apply(Pass()).apply(Pass()).apply(Take(Suit.HEARTS))
        state = state.apply(P("KD")).apply(P("AD"))
        assert (state.phase, state.to_move) == ("play", 2)
        outcome = play_out(state).outcome()
        assert outcome.details["declaration_points"] == [0, 0]


class TestDeclarationsAreShown:
    def test_announced_by_name_then_shown_after_the_first_trick(self) -> None:
        state = start_play(HANDS, "H", taker=0, declarations=DECLARED)
        assert state.observe(3).public["declarations_announced"][1] == ("quarte",)
        assert P("10S") not in state.observe(3).known_cards
        for _ in range(4):
            state = state.apply(state.legal_plays()[0])
        seen = state.observe(3)
        assert set(seen.public["declarations_shown"]) == {0, 2}
        shown = {
            c for seat in (0, 2) for combo in state.declarations[seat] or () for c in combo.cards
        }
        still_held = shown & (set(state.hands[0]) | set(state.hands[2]))
        assert still_held and still_held <= seen.known_cards
        assert not still_held & (state.hidden_cards(0) | state.hidden_cards(2))
        # The beaten quarte of seat 1 stays hidden.
        quarte_held = set(C("10C JC QC KC").cards) & set(state.hands[1])
        assert quarte_held and not quarte_held & seen.known_cards


class TestBeloteRebelote:
    # Hearts trump; seat 1 holds ♥K and ♥Q; team 0 has the best declaration.
    HANDS = (
        "10C JC QC KC AC 9S 7H 8H",
        "KH QH 7S 8S 10S 7D 8D 9D",
        "JH 9H AH JS QS KS AS 10D",
        "10H 7C 8C 9C JD QD KD AD",
    )

    def test_announced_as_played_and_scored_by_the_holder(self) -> None:
        state = start_play(self.HANDS, "H", taker=0, declarations={0: ["10C JC QC KC AC"]})
        assert state.belote_holder == 1
        end = play_out(state)
        assert end.announcements == ((1, "belote"), (1, "rebelote"))
        outcome = end.outcome()
        belote = [line for line in outcome.lines if line.kind == "belote"]
        assert [(b.side, b.points) for b in belote] == [("team1", 20)]
        assert outcome.details["declaration_team"] == 0

    def test_belote_reveals_the_other_card(self) -> None:
        state = start_play(self.HANDS, "H", taker=1, dealer=0, current_trick="", tricks=())
        state = state.apply(P("KH"))  # seat 1 leads ♥K: "belote"
        assert state.announcements == ((1, "belote"),)
        assert P("QH") in state.observe(0).known_cards
        assert P("QH") not in state.hidden_cards(1)

    def test_king_and_queen_in_two_hands_no_belote(self) -> None:
        hands = list(self.HANDS)
        hands[1] = hands[1].replace("QH", "JH")
        hands[2] = hands[2].replace("JH", "QH")
        state = start_play(hands, "H", taker=0)
        assert state.belote_holder is None
        outcome = play_out(state).outcome()
        assert not [line for line in outcome.lines if line.kind == "belote"]

    def test_scored_by_the_holder_whatever_the_result(self) -> None:
        # Seat 1 (team 1) holds belote and takes: made or dedans, team 1 scores its 20
        # (the dedans case is pinned in test_belote_scoring).
        state = start_play(self.HANDS, "H", taker=1)
        outcome = play_out(state).outcome()
        assert [(b.side, b.points) for b in outcome.lines if b.kind == "belote"] == [("team1", 20)]
        assert outcome.totals["team1"] >= 20

    def test_a_holder_given_must_be_possible(self) -> None:
        with pytest.raises(InvalidStateError, match="seat 2 cannot have held Q♥ K♥"):
            start_play(self.HANDS, "H", taker=0, belote_holder=2)


def test_no_declarations_in_a_ruleset_without_them() -> None:
    rs = find_ruleset("belote", "default", declarations=False)
    with pytest.raises(InvalidStateError, match="plays without declarations"):
        start_play(HANDS, "H", taker=0, ruleset=rs, declarations=DECLARED)
