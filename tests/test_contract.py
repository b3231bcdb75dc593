"""The engine's contract: what every game's state answers, checked on a position of each game."""

from __future__ import annotations

import itertools
import random
from typing import Any

from tutorial.engine.cards import Card
from tutorial.engine.games import new_hand, random_hand

# --- members the scenarios, the course and the pictures ask of every game -------------


def _played(game: str, seed: int = 3) -> Any:
    """A whole hand of ``game`` played at random (a taker in Tarot, a trump in Belote)."""
    for s in range(seed, seed + 50):
        state = random_hand(game, random.Random(s))
        if state.tricks:
            return state
    raise AssertionError("no played hand")  # pragma: no cover


def test_trump_suit_is_the_chosen_suit_or_none() -> None:
    belote_hand = _played("belote")
    assert belote_hand.trump_suit is belote_hand.trump
    briscola_hand = _played("briscola")
    assert briscola_hand.trump_suit is briscola_hand.trump_card.suit
    assert _played("tarot").trump_suit is None


def test_total_tricks_per_game() -> None:
    assert _played("belote").total_tricks == 8
    assert _played("tarot").total_tricks == 18
    assert _played("briscola").total_tricks == 20
    four = new_hand("briscola", rng=random.Random(1), players=4)
    assert four.total_tricks == 10


def test_last_trick_bonus_and_point_unit() -> None:
    assert _played("belote").last_trick_bonus == 10.0
    assert _played("tarot").last_trick_bonus == 0.0
    assert _played("briscola").last_trick_bonus == 0.0
    assert _played("belote").point_unit == 1.0
    assert _played("tarot").point_unit == 0.5
    assert _played("briscola").point_unit == 1.0


def test_score_key_names_the_totals_of_each_side() -> None:
    for game in ("belote", "tarot", "briscola"):
        state = _played(game)
        out = state.outcome()
        keys = [state.score_key(side) for side in (0, 1)]
        assert all(k in out.totals for k in keys), (game, keys)
        if state.scores_by_seat:
            seat = int(keys[0].split()[-1])
            assert state.team_of(seat) == 0
        else:
            assert keys == list(out.totals)
            assert state.score_key(2) is None
    assert _played("tarot").scores_by_seat
    assert not _played("belote").scores_by_seat
    assert not _played("briscola").scores_by_seat


def test_points_won_add_up_to_the_card_points_of_the_tricks() -> None:
    for game in ("belote", "tarot", "briscola"):
        state = _played(game)
        a, b = state.points_won()
        assert isinstance(a, float) and isinstance(b, float)
        assert a + b == sum(tr.points for tr in state.tricks), game
    briscola_hand = _played("briscola")
    assert briscola_hand.points_won() == tuple(float(v) for v in briscola_hand.points.values())


def test_seated_bids_give_each_bid_its_seat() -> None:
    belote_hand = _played("belote")
    assert belote_hand.seated_bids() == list(belote_hand.bids)
    tarot_hand = _played("tarot")
    seats = [seat for seat, _ in tarot_hand.seated_bids()]
    assert seats == [(tarot_hand.dealer + 1 + i) % 4 for i in range(len(tarot_hand.bids))]
    assert [bid for _, bid in tarot_hand.seated_bids()] == list(tarot_hand.bids)
    assert _played("briscola").seated_bids() == []


# --- members the analysis layer and the tools ask of every game ------------------------

GAMES3 = ("belote", "tarot", "briscola")


def _mid_trick(game: str, seed: int = 5) -> Any:
    """A position of ``game`` in play, one trick done and one card of the next one laid."""
    rng = random.Random(seed)
    for _ in range(100):
        state = new_hand(game, rng=rng)
        while not state.is_terminal:
            if state.phase == "play" and state.tricks and len(state.current_trick) == 1:
                return state
            actions = state.legal_actions()
            state = state.apply(actions[rng.randrange(len(actions))])
    raise AssertionError("no position in play")  # pragma: no cover


def test_is_trump_per_game() -> None:
    from tutorial.engine.cards import Card

    belote_hand = _mid_trick("belote")
    trump = belote_hand.trump
    assert belote_hand.is_trump(Card(trump, "7"))
    other = next(c for c in belote_hand.hands[0] + belote_hand.hands[1] if c.suit is not trump)
    assert not belote_hand.is_trump(other)
    bidding = new_hand("belote", rng=random.Random(0))
    assert not any(bidding.is_trump(c) for c in bidding.hands[0])
    tarot_hand = _mid_trick("tarot")
    assert tarot_hand.is_trump(Card.parse("T1"))
    assert not tarot_hand.is_trump(Card.parse("EXC"))
    assert not tarot_hand.is_trump(Card.parse("KH"))
    briscola_hand = _mid_trick("briscola")
    assert briscola_hand.is_trump(briscola_hand.trump_card)
    plain = next(s for s in ("S", "H", "C", "D") if s != briscola_hand.trump_suit.value)
    assert not briscola_hand.is_trump(Card.parse("A" + plain))


def test_card_power_orders_a_suit_with_every_trump_above() -> None:
    import pytest

    from tutorial.engine.cards import Card
    from tutorial.engine.errors import InvalidStateError

    belote_hand = _mid_trick("belote")
    tr = belote_hand.trump.value
    plain = next(s for s in ("S", "H", "C", "D") if s != tr)
    power = belote_hand.card_power
    assert power(Card.parse("J" + tr)) > power(Card.parse("9" + tr)) > power(Card.parse("A" + tr))
    assert power(Card.parse("7" + tr)) > power(Card.parse("A" + plain))
    assert power(Card.parse("A" + plain)) > power(Card.parse("10" + plain))
    bidding = new_hand("belote", rng=random.Random(0))
    with pytest.raises(InvalidStateError, match="no trump is chosen"):
        bidding.card_power(bidding.hands[0][0])
    tarot_hand = _mid_trick("tarot")
    assert tarot_hand.card_power(Card.parse("T1")) > tarot_hand.card_power(Card.parse("KH"))
    assert tarot_hand.card_power(Card.parse("KH")) > tarot_hand.card_power(Card.parse("QH"))
    briscola_hand = _mid_trick("briscola")
    tr = briscola_hand.trump_suit.value
    plain = next(s for s in ("S", "H", "C", "D") if s != tr)
    bpower = briscola_hand.card_power
    assert bpower(Card.parse("A" + plain)) > bpower(Card.parse("3" + plain))
    assert bpower(Card.parse("3" + plain)) > bpower(Card.parse("K" + plain))
    assert bpower(Card.parse("2" + tr)) > bpower(Card.parse("A" + plain))


def test_winning_position_names_the_winner_of_every_trick() -> None:
    from tutorial.engine.cards import Card

    for game in GAMES3:
        state = _played(game)
        for trick in state.tricks:
            if trick.reason == "excuse_wins_last_trick":
                continue
            pos = state.winning_position(trick.cards)
            assert pos is not None
            assert trick.plays[pos].seat == trick.winner, (game, trick)
    assert _played("tarot").winning_position([Card.parse("EXC")]) is None


def test_card_masks_are_the_rules_of_the_position_on_bitmasks() -> None:
    import pytest

    from tutorial.engine.card_masks import CardMasks
    from tutorial.engine.errors import InvalidStateError

    four = new_hand("briscola", rng=random.Random(4), players=4)
    for state in (*(_mid_trick(game) for game in GAMES3), four):
        masks = state.card_masks()
        assert isinstance(masks, CardMasks)
        deck = masks.deck
        assert masks.n == state.num_players and masks.size == len(deck)
        assert masks.team == tuple(state.team_of(s) for s in range(state.num_players))
        trick = [deck.index(p.card) for p in state.current_trick]
        wpos = masks.winner(trick) if trick else 0
        hand = deck.mask(state.hands[state.to_move])
        assert masks.legal(hand, trick, wpos) == deck.mask(state.legal_plays())
        assert masks.bonus_last == state.last_trick_bonus * masks.scale
        assert masks.scale * state.point_unit == 1
    bidding = new_hand("belote", rng=random.Random(0))
    with pytest.raises(InvalidStateError, match="trump"):
        bidding.card_masks()


def test_only_briscola_lets_any_card_be_played() -> None:
    assert not _mid_trick("belote").any_card_playable
    assert not _mid_trick("tarot").any_card_playable
    briscola_hand = _mid_trick("briscola")
    assert briscola_hand.any_card_playable
    seat = briscola_hand.to_move
    assert sorted(briscola_hand.legal_plays(), key=str) == sorted(
        briscola_hand.hands[seat], key=str
    )


def test_draw_pile_is_what_is_left_to_draw() -> None:
    for game in ("belote", "tarot"):
        state = _mid_trick(game)
        assert state.cards_to_draw == 0 and state.draw_pile == ()
    briscola_hand = new_hand("briscola", rng=random.Random(2))
    pile = briscola_hand.draw_pile
    assert pile == (*briscola_hand.stock, briscola_hand.trump_card)
    assert len(pile) == briscola_hand.cards_to_draw
    assert _played("briscola").draw_pile == ()


def test_with_hands_gives_the_same_position_with_other_hands() -> None:
    import pytest

    from tutorial.engine.errors import InvalidStateError

    for game in GAMES3:
        state = _mid_trick(game)
        hands = (state.hands[1], state.hands[0], *state.hands[2:])
        other = state.with_hands(hands)
        assert other.hands == hands
        assert other.current_trick == state.current_trick and other.tricks == state.tricks
        assert other.to_move == state.to_move and other.game == game
    briscola_hand = new_hand("briscola", rng=random.Random(2))
    turned = tuple(reversed(briscola_hand.stock))
    assert briscola_hand.with_hands(briscola_hand.hands, turned).stock == turned
    tarot_hand = _mid_trick("tarot")
    with pytest.raises(InvalidStateError, match="no stock"):
        tarot_hand.with_hands(tarot_hand.hands, tarot_hand.hands[0][:1])


def test_sides_known_and_made_by_the_bidding() -> None:
    assert new_hand("belote", rng=random.Random(0)).sides_known
    assert new_hand("briscola", rng=random.Random(0)).sides_known
    assert not new_hand("tarot", rng=random.Random(0)).sides_known
    assert _mid_trick("tarot").sides_known
    assert [_mid_trick(g).bidding_makes_sides for g in GAMES3] == [False, True, False]


def test_played_for_a_score_leaves_out_redeals_and_passed_hands() -> None:
    from tutorial.engine import belote, tarot

    for game in GAMES3:
        assert _played(game).played_for_a_score(), game
    passes = {"belote": belote.Pass(), "tarot": tarot.Bid.PASS}
    for game, no in passes.items():  # every seat passes: a Belote redeal, a Tarot passed out
        state = new_hand(game, rng=random.Random(0))
        while not state.is_terminal:
            state = state.apply(no)
        assert not state.played_for_a_score(), game


def test_trick_leader_leads_the_current_trick() -> None:
    for game in GAMES3:
        state = _mid_trick(game)
        assert state.trick_leader == state.current_trick[0].seat
        assert state.to_move == (state.trick_leader + 1) % state.num_players
        assert state.tricks[-1].winner == state.trick_leader


def test_player_counts_through_the_registry() -> None:
    from tutorial.engine.games import player_counts

    assert [player_counts(g) for g in GAMES3] == [(4,), (4,), (2, 4)]


# --- members the course and the pictures ask of every game -----------------------------


def test_face_up_card_is_the_card_every_seat_sees() -> None:
    bidding = new_hand("belote", rng=random.Random(0))
    assert bidding.phase == "bidding" and bidding.face_up_card == bidding.proposed
    assert bidding.face_up_card is not None
    assert _mid_trick("belote").face_up_card is None
    assert new_hand("tarot", rng=random.Random(0)).face_up_card is None
    assert _mid_trick("tarot").face_up_card is None
    briscola_hand = new_hand("briscola", rng=random.Random(2))
    assert briscola_hand.face_up_card == briscola_hand.trump_card
    finished = _played("briscola")
    assert finished.trump_card_taken and finished.face_up_card is None


def test_stock_count_is_briscolas_stock_only() -> None:
    assert new_hand("belote", rng=random.Random(0)).stock_count is None  # undealt, not drawn
    assert _mid_trick("belote").stock_count is None
    assert _mid_trick("tarot").stock_count is None
    briscola_hand = new_hand("briscola", rng=random.Random(2))
    assert briscola_hand.stock_count == len(briscola_hand.stock) == 33
    assert _played("briscola").stock_count == 0


def test_names_free_play_rule_says_whose_verdicts_name_the_rule() -> None:
    # Belote and Tarot say what leaves a card free; Briscola's sentence names only the card
    assert [_mid_trick(g).names_free_play_rule for g in GAMES3] == [True, True, False]
    for game in GAMES3:
        state = _mid_trick(game)
        verdict = state.explain(state.legal_plays()[0])
        assert verdict.legal
        if not state.names_free_play_rule:  # the sentence names the card played
            assert state.legal_plays()[0].label in verdict.message, game


def test_play_direction_through_the_registry() -> None:
    from tutorial.engine.games import game_info
    from tutorial.engine.rule_options import find_ruleset

    for game in GAMES3:
        state = _mid_trick(game)
        assert game_info(game).play_direction(state.ruleset) == "counter-clockwise", game
    clockwise = find_ruleset("belote", "seed-004")
    assert game_info("belote").play_direction(clockwise) == "clockwise"


# --- members the scenarios ask of every game (a position read before any state) --------


def test_bid_choices_offer_every_bid_legal_or_not() -> None:
    from tutorial.engine import belote, tarot
    from tutorial.engine.cards import PLAIN_SUITS

    first_round = new_hand("belote", rng=random.Random(0))
    assert first_round.bid_choices() == first_round.legal_actions()  # pass or take it
    second_round = first_round
    for _ in range(4):
        second_round = second_round.apply(belote.Pass())
    assert second_round.phase == "bidding"
    assert second_round.bid_choices() == [belote.Pass(), *(belote.Take(s) for s in PLAIN_SUITS)]
    tarot_bidding = new_hand("tarot", rng=random.Random(0))
    assert tarot_bidding.phase == "bidding" and tarot_bidding.bid_choices() == list(tarot.Bid)
    assert new_hand("briscola", rng=random.Random(0)).bid_choices() == []
    for game in GAMES3:  # none once the cards are played
        assert _mid_trick(game).bid_choices() == [], game


def test_first_trick_hand_is_every_hand_before_the_first_card() -> None:
    from tutorial.engine.games import game_info

    for game in ("belote", "tarot"):
        state = _mid_trick(game)
        laid = {p.seat for p in state.current_trick}
        for seat, hand in enumerate(state.hands):
            held = len(hand) + len(state.tricks) + (seat in laid)
            assert held == game_info(game).first_trick_hand, (game, seat)
    assert game_info("briscola").first_trick_hand is None  # refilled from the stock


def test_chien_size_and_whole_trick_piles() -> None:
    from tutorial.engine.games import game_info

    tarot_deal = new_hand("tarot", rng=random.Random(0))
    assert len(tarot_deal.chien) == game_info("tarot").chien_size == 6
    assert game_info("belote").chien_size == game_info("briscola").chien_size == 0
    for game in ("belote", "briscola"):  # every card won comes in a whole trick
        state = _played(game)
        assert game_info(game).whole_trick_piles
        assert all(len(tr.plays) == state.num_players for tr in state.tricks), game
    assert not game_info("tarot").whole_trick_piles  # the discard, the Excuse


def test_target_cards_and_has_target() -> None:
    from tutorial.engine import tarot
    from tutorial.engine.games import game_info

    assert frozenset(tarot.BOUTS) == game_info("tarot").target_cards
    tarot_hand = _played("tarot")
    codes = {c.code for c in game_info("tarot").target_cards}
    assert set(tarot_hand.outcome().details["bout_cards"]) <= codes
    for game in ("belote", "briscola"):
        assert frozenset() == game_info(game).target_cards, game
    for game in GAMES3:
        details = _played(game).outcome().details
        assert ("target" in details) == game_info(game).has_target, game


def test_has_bidding_says_whether_a_new_hand_starts_with_bids() -> None:
    from tutorial.engine.games import game_info

    for game in GAMES3:
        for seed in range(3):
            first = new_hand(game, rng=random.Random(seed))
            assert (first.phase == "bidding") == game_info(game).has_bidding, game


def test_bidding_makes_sides_and_team_of_seat_agree_with_the_state() -> None:
    from tutorial.engine.games import game_info

    for game in GAMES3:
        state = _mid_trick(game)
        module = game_info(game)
        assert state.bidding_makes_sides == module.bidding_makes_sides, game
        taker = getattr(state, "taker", None)
        for seat in range(state.num_players):
            assert module.team_of_seat(seat, taker) == state.team_of(seat), (game, seat)
    four = new_hand("briscola", rng=random.Random(1), players=4)
    briscola_sides = [game_info("briscola").team_of_seat(s) for s in range(4)]
    assert briscola_sides == [four.team_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert [game_info("tarot").team_of_seat(s) for s in range(4)] == [1, 1, 1, 1]  # no taker


def test_taker_against_target_reads_the_details() -> None:
    from tutorial.engine import tarot
    from tutorial.engine.games import game_info

    tarot_hand = _played("tarot")
    details = tarot_hand.outcome().details
    weighed = game_info("tarot").taker_against_target(details)
    assert weighed == (float(details["points"]), float(details["target"]))
    passed = new_hand("tarot", rng=random.Random(0))
    while not passed.is_terminal:
        passed = passed.apply(tarot.Bid.PASS)
    assert game_info("tarot").taker_against_target(passed.outcome().details) is None
    for game in ("belote", "briscola"):
        assert game_info(game).taker_against_target(_played(game).outcome().details) is None


def test_taker_and_discard_are_the_contracts_own_words_in_every_game() -> None:
    # Briscola has no bidding, so no taker and nothing laid aside; Belote takes but lays
    # nothing aside; Tarot's taker lays six cards aside (the discard) once the chien is his.
    briscola_hand = _played("briscola")
    assert briscola_hand.taker is None and briscola_hand.discard == ()
    assert briscola_hand.contract is None
    belote_hand = _played("belote")
    assert belote_hand.taker is not None and belote_hand.discard == ()
    assert belote_hand.contract is None  # Belote's contract is the trump taken
    tarot_hand = _played("tarot")
    assert tarot_hand.taker is not None and tarot_hand.contract is not None
    from tutorial.engine.tarot import Bid

    # a Prise or a Garde lays six cards aside; a Garde sans or contre leaves the chien alone
    assert len(tarot_hand.discard) == (6 if tarot_hand.contract <= Bid.GARDE else 0)
    for game in GAMES3:
        assert _played(game).dealer in range(_played(game).num_players)


def test_the_auction_record_is_what_the_play_never_reads_and_moves_to_another_position() -> None:
    from tutorial.engine.tarot import Bid

    assert _played("briscola").auction_record() == {}
    belote_hand = _played("belote")
    assert belote_hand.auction_record() == {"bids": belote_hand.bids}
    tarot_hand = _played("tarot")
    assert set(tarot_hand.auction_record()) == {"bids", "contract"}
    # the hand scored under another contract whose chien goes the same way (a Prise and a
    # Garde lay six cards aside, a Garde sans and a Garde contre none): another score
    others = {Bid.PRISE: Bid.GARDE, Bid.GARDE: Bid.PRISE}
    others |= {Bid.GARDE_SANS: Bid.GARDE_CONTRE, Bid.GARDE_CONTRE: Bid.GARDE_SANS}
    other = others[tarot_hand.contract]
    again = tarot_hand.with_auction_record({"bids": tarot_hand.bids, "contract": other})
    assert again.contract is other and again.tricks == tarot_hand.tricks
    assert again.outcome().totals != tarot_hand.outcome().totals


# --- each side's pile, and what a game gives a card before any state ----------------------


def _card_count(state: Any) -> tuple[float, float]:
    """Each side's card points as the game's score of the hand itemises them."""
    details = state.outcome().details
    if state.game == "belote":  # card points and the dix de der
        return float(details["team_card_points"][0]), float(details["team_card_points"][1])
    if state.game == "tarot":  # the taker's side, then the defence
        return float(details["points"]), float(details["defence_points"])
    totals = state.outcome().totals
    return float(totals["A"]), float(totals["B"])


def test_piles_after_tricks_end_at_the_hands_card_count() -> None:
    from tutorial.engine.rule_options import find_ruleset

    rulesets = [
        ("belote", "default"),
        ("briscola", "default"),
        ("briscola", find_ruleset("briscola", "default").with_options(jack_over_queen=True)),
        ("tarot", "default"),
        ("tarot", find_ruleset("tarot").with_options(excuse_last_trick="goes_to_trick_winner")),
    ]
    for game, ruleset in rulesets:
        for seed in range(40):
            state = random_hand(game, random.Random(seed), ruleset)
            if not state.played_for_a_score():
                continue
            piles = state.piles_after_tricks()
            assert len(piles) == len(state.tricks) + 1
            assert piles[-1] == _card_count(state), (game, seed)
            assert sum(piles[-1]) == {"belote": 162, "tarot": 91, "briscola": 120}[game]
            steps = itertools.pairwise(piles)
            assert all(
                a <= b for before, after in steps for a, b in zip(before, after, strict=True)
            )


def test_piles_after_tricks_mid_hand_and_with_captured_cards() -> None:
    from tutorial.engine import belote

    state = new_hand("briscola", rng=random.Random(2))
    for _ in range(6):
        state = state.apply(state.legal_actions()[0])
    piles = state.piles_after_tricks()
    assert len(piles) == len(state.tricks) + 1 == 4
    assert piles[-1] == state.points_won()
    # The same Belote hand, its first four tricks given only as each team's captured cards.
    whole = _played("belote")
    captured: list[list[str]] = [[], []]
    for trick in whole.tricks[:4]:
        captured[whole.team_of(trick.winner)] += [c.code for c in trick.cards]
    later = belote.start_play(
        hands=((), (), (), ()),
        trump=whole.trump,
        taker=whole.taker,
        dealer=whole.dealer,
        tricks=[[c.code for c in trick.cards] for trick in whole.tricks[4:]],
        captured=[" ".join(cards) for cards in captured],
        leader=whole.tricks[4].leader,
    )
    assert later.piles_after_tricks()[0] == whole.piles_after_tricks()[4]
    assert later.piles_after_tricks()[1:] == whole.piles_after_tricks()[5:]


def test_card_points_as_and_the_last_trick_bonus_agree_with_a_state() -> None:
    from tutorial.engine.games import GAMES, game_info

    for game in GAMES:
        state = _played(game)
        package = game_info(game)
        assert state.last_trick_bonus == package.last_trick_bonus
        for trick in state.tricks:
            for card in trick.cards:
                as_here = package.card_points_as(card, trump=state.is_trump(card))
                assert as_here == state.card_points(card), (game, card)
    belote_pkg, tarot_pkg, briscola_pkg = (game_info(g) for g in ("belote", "tarot", "briscola"))
    jack = Card.parse("JH")
    assert belote_pkg.card_points_as(jack, trump=True) == 20
    assert belote_pkg.card_points_as(jack, trump=False) == 2
    assert briscola_pkg.card_points_as(jack, trump=True) == 2
    assert briscola_pkg.card_points_as(jack, trump=False, ruleset="queen-jack-swap") == 3
    assert tarot_pkg.card_points_as(jack, trump=True) == 1.5
    assert belote_pkg.card_points_as(Card.parse("3H"), trump=False) is None  # no 3 in Belote
    assert briscola_pkg.card_points_as(Card.parse("10H"), trump=False) is None
    assert tarot_pkg.card_points_as(Card.parse("AH"), trump=False) is None  # Tarot's one is 1


def test_every_action_is_a_card_or_a_game_action_naming_the_card_it_lays_aside() -> None:
    from tutorial.engine.actions import GameAction, card_of

    discards = 0
    for game in GAMES3:
        rng = random.Random(19)
        for _ in range(6):
            state = new_hand(game, rng=rng)
            while not state.is_terminal:
                legal = state.legal_actions()
                for action in legal:
                    assert isinstance(action, Card | GameAction), (game, state.phase, action)
                    laid = card_of(action)
                    if isinstance(action, Card):
                        assert laid is action
                    elif state.phase == "discard":
                        # A Tarot discard lays one card of the taker's hand aside.
                        assert state.taker is not None
                        assert laid in state.hands[state.taker], action
                        discards += 1
                    else:
                        assert laid is None, (game, state.phase, action)
                for choice in state.bid_choices():
                    assert isinstance(choice, GameAction), (game, choice)
                if state.phase == "bidding":
                    # The first bidder takes at the lowest bid (a Tarot Prise: the
                    # discard follows), the others pass.
                    action = legal[0] if state.seated_bids() else legal[1]
                else:
                    action = legal[rng.randrange(len(legal))]
                state = state.apply(action)
            assert all(isinstance(bid, GameAction) for _, bid in state.seated_bids())
            assert state.contract is None or isinstance(state.contract, GameAction)
    assert discards > 0  # the Tarot hands reached a discard
