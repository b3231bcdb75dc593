"""The two forms of the trick rules agree: each game's compact form on bitmasks
(``state.card_masks()``) and its state machine (``legal_plays``, ``apply``, the tricks).

Random hands (seeded) are played through ``new_hand``/``apply``; at every card the
compact ``legal`` equals ``legal_plays()``, ``winner`` and ``takes_over`` name the card
the engine says wins, and at every trick's end ``judge`` gives the engine's winner and
points (and Tarot's flags of the sides that won every trick).
"""

from __future__ import annotations

import itertools
import random

import pytest

from tutorial.analysis import beginner
from tutorial.engine import belote, briscola, tarot
from tutorial.engine.belote import fast as belote_fast
from tutorial.engine.card_masks import CardMasks, TableCardMasks
from tutorial.engine.cards import BELOTE_DECK, BRISCOLA_DECK, PLAIN_SUITS, TAROT_DECK, Deck
from tutorial.engine.contract import GameState
from tutorial.engine.games import new_hand
from tutorial.engine.rule_options import Ruleset, find_ruleset
from tutorial.engine.tarot import fast as tarot_fast

DECKS: dict[str, Deck] = {"belote": BELOTE_DECK, "tarot": TAROT_DECK, "briscola": BRISCOLA_DECK}

BELOTE_RULESETS = [
    find_ruleset("belote", "default", partner_winning=free, cannot_overtrump=over)
    for free in ("free", "must_trump_may_undertrump")
    for over in ("must_trump", "may_discard")
]
TAROT_RULESETS = [
    find_ruleset("tarot", "default", excuse_last_trick=dest)
    for dest in (tarot.EXCUSE_TO_OPPONENTS, tarot.EXCUSE_TO_TRICK_WINNER)
]
BRISCOLA_RULESETS = [find_ruleset("briscola", name) for name in ("default", "queen-jack-swap")]

CASES: list[tuple[str, Ruleset, int]] = [
    *(("belote", rs, 4) for rs in BELOTE_RULESETS),
    *(("tarot", rs, 4) for rs in TAROT_RULESETS),
    *(("briscola", rs, players) for rs in BRISCOLA_RULESETS for players in (2, 4)),
]


def _deal(game: str, ruleset: Ruleset, players: int, rng: random.Random) -> GameState:
    if game == "briscola":
        return new_hand(game, ruleset=ruleset, rng=rng, players=players)
    return new_hand(game, ruleset=ruleset, rng=rng)


def _played_hands(
    game: str, ruleset: Ruleset, players: int, seed: int, hands: int
) -> list[list[GameState]]:
    """``hands`` hands played at random to the end (bids and discards by the beginner),
    each as its positions in play, the last one after the last card."""
    rng = random.Random(seed)
    out: list[list[GameState]] = []
    while len(out) < hands:
        state = _deal(game, ruleset, players, rng)
        line: list[GameState] = []
        while not state.is_terminal:
            if state.phase == "play":
                line.append(state)
                plays = state.legal_plays()
                state = state.apply(plays[rng.randrange(len(plays))])
            else:
                state = state.apply(beginner.choose(state))
        if line:
            line.append(state)
            out.append(line)
    return out


def _side0_points(before: GameState, after: GameState, masks: CardMasks) -> int:
    """What the engine gives side 0 for the trick ``after`` closed, in the masks' unit."""
    if isinstance(after, tarot.TarotState):
        gained = tarot.tally(after).points[0] - tarot.tally(before).points[0]
        return round(gained * masks.scale)
    trick = after.tricks[-1]
    if after.team_of(trick.winner) != 0:
        return 0
    return round(trick.points * masks.scale) + (masks.bonus_last if after.is_terminal else 0)


def _check_hand(line: list[GameState]) -> int:
    """Every card of one hand: the compact form against the state machine; the plays."""
    deck = DECKS[line[0].game]
    checked = 0
    for state, after in itertools.pairwise(line):
        masks = state.card_masks()
        seat = state.to_move
        assert seat is not None
        cards = [p.card for p in state.current_trick]
        trick = [deck.index(c) for c in cards]
        wpos = masks.winner(trick) if trick else 0
        if trick:
            assert wpos == (state.winning_position(cards) or 0)
        hand = deck.mask(state.hands[seat])
        assert masks.legal(hand, trick, wpos) == deck.mask(state.legal_plays())
        if trick:
            for card in state.hands[seat]:
                c = deck.index(card)
                wins = state.winning_position([*cards, card]) == len(cards)
                assert masks.takes_over(trick, wpos, c) == wins, (cards, card)
        if len(after.tricks) > len(state.tricks):
            done = after.tricks[-1]
            full = [deck.index(p.card) for p in done.plays]
            last = after.is_terminal
            w, g0, flags = masks.judge(full, state.trick_leader, last, masks.root_flags)
            assert w == done.winner
            assert g0 == _side0_points(state, after, masks)
            assert (w, g0, flags) == masks.judge_at(
                full, state.trick_leader, masks.winner(full), last, masks.root_flags
            )
            if not last:
                assert flags == after.card_masks().root_flags
        checked += 1
    return checked


@pytest.mark.parametrize(
    ("game", "ruleset", "players"),
    CASES,
    ids=[f"{g}-{rs.name}-{rs.options}-{p}"[:80] for g, rs, p in CASES],
)
def test_the_compact_rules_agree_with_the_state_machine(
    game: str, ruleset: Ruleset, players: int
) -> None:
    hands = 12 if game == "tarot" else 25
    checked = sum(_check_hand(line) for line in _played_hands(game, ruleset, players, 7, hands))
    assert checked >= hands * 20


@pytest.mark.parametrize("defence_won_one", [False, True])
@pytest.mark.parametrize("dest", [tarot.EXCUSE_TO_OPPONENTS, tarot.EXCUSE_TO_TRICK_WINNER])
def test_the_excuse_led_to_the_last_trick(defence_won_one: bool, dest: str) -> None:
    # The taker has won every trick and leads the Excuse to the last one: it wins it
    # (the chelem exception); when the defence won a trick, it goes where the option says.
    hands = ["EXC", "2S", "4S", "6S"]
    held = {c for h in hands for c in TAROT_DECK.parse_many(h)}
    rest = [c for c in TAROT_DECK if c not in held]
    captured = {0: rest[6:-1], 1: rest[-1:]} if defence_won_one else {0: rest[6:]}
    state = tarot.start_play(
        hands, taker=0, contract="garde sans", chien=rest[:6], captured=captured, leader=0,
        ruleset=tarot.get_ruleset("default", excuse_last_trick=dest),
    )  # fmt: skip
    masks = state.card_masks()
    assert masks.root_flags == (0 if defence_won_one else 1)
    line = [state]
    while not state.is_terminal:
        state = state.apply(state.legal_plays()[0])
        line.append(state)
    assert _check_hand(line) == 4
    w, _, _ = masks.judge([77, 1, 3, 5], 0, True, masks.root_flags)
    assert (w == 0) is not defence_won_one


@pytest.mark.parametrize("dest", [tarot.EXCUSE_TO_OPPONENTS, tarot.EXCUSE_TO_TRICK_WINNER])
def test_the_excuse_played_to_the_last_trick_goes_where_the_option_says(dest: str) -> None:
    # A defender plays the Excuse to the last trick and its partner wins the trick.
    hands = ["2S", "EXC", "KS", "3S"]
    held = {c for h in hands for c in TAROT_DECK.parse_many(h)}
    rest = [c for c in TAROT_DECK if c not in held]
    state = tarot.start_play(
        hands, taker=0, contract="garde sans", chien=rest[:6],
        captured={0: rest[6:40], 1: rest[40:]}, leader=0,
        ruleset=tarot.get_ruleset("default", excuse_last_trick=dest),
    )  # fmt: skip
    line = [state]
    while not state.is_terminal:
        state = state.apply(state.legal_plays()[0])
        line.append(state)
    assert _check_hand(line) == 4
    masks = line[0].card_masks()
    trick = [TAROT_DECK.index(p.card) for p in state.tricks[-1].plays]
    _, g0, _ = masks.judge(trick, 0, True, masks.root_flags)
    assert g0 == (9 if dest == tarot.EXCUSE_TO_OPPONENTS else 0)


def test_the_power_orders_follow_the_engine() -> None:
    # Each group's cards weakest first, by the engine's own strength of a card.
    rng = random.Random(3)
    for game, ruleset, players in CASES:
        line = _played_hands(game, ruleset, players, rng.randrange(10**6), 1)[0]
        state = line[0]
        masks = state.card_masks()
        deck = DECKS[game]
        seen = 0
        for order, mask in zip(masks.orders, masks.group_masks, strict=True):
            assert deck.mask([deck[c] for c in order]) == mask
            powers = [state.card_power(deck[c]) for c in order]
            assert powers == sorted(powers) and len(set(powers)) == len(powers), (game, order)
            assert [masks.rank[c] for c in order] == list(range(len(order)))
            seen |= mask
        assert seen == (1 << masks.size) - 1
        assert masks.trumps == deck.mask([c for c in deck if state.is_trump(c)])
        assert [masks.pts[c] for c in range(masks.size)] == [
            round(state.card_points(c) * masks.scale) for c in deck
        ]


def test_with_points_changes_only_the_points() -> None:
    state = _played_hands("tarot", TAROT_RULESETS[0], 4, 11, 1)[0][0]
    masks = state.card_masks()
    pts = list(masks.pts)
    pts[56] += 20
    other = masks.with_points(pts)
    assert other.pts[56] == masks.pts[56] + 20
    assert type(other) is type(masks) and other.team == masks.team
    assert other.orders is masks.orders and other.root_flags == masks.root_flags
    assert masks.pts[56] == tarot_fast.PTS2[56]


# --- The fast playouts' loops: the same tables, the same legal cards ---------------------


def test_the_fast_paths_use_the_same_tables() -> None:
    for game, ruleset, players in CASES:
        state = _played_hands(game, ruleset, players, 5, 1)[0][0]
        masks = state.card_masks()
        if isinstance(state, belote.BeloteState):
            assert isinstance(masks, TableCardMasks)
            trump = belote_fast.SUIT_MASK.index(masks.trumps)
            assert masks.beats is belote.FAST_TABLES.beats[trump]
            assert masks.higher is belote.FAST_TABLES.higher[trump]
            assert masks.pts is belote.FAST_TABLES.points[trump]
        elif isinstance(state, briscola.BriscolaState):
            assert isinstance(masks, TableCardMasks)
            beats, points = briscola.fast_tables(ruleset.options)
            assert masks.beats in beats and masks.pts is points
        else:
            assert masks.pts is tarot_fast.PTS2 and masks.trumps == tarot_fast.TRUMPS
            assert masks.excuse == tarot_fast.EXCUSE


class _Recording(random.Random):
    """A seeded generator that keeps every ``random()`` it returns."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.draws: list[float] = []

    def random(self) -> float:
        """The next draw, kept."""
        r = super().random()
        self.draws.append(r)
        return r


def _nth_bit(mask: int, k: int) -> int:
    while k:
        mask &= mask - 1
        k -= 1
    return (mask & -mask).bit_length() - 1


@pytest.mark.parametrize("ruleset", BELOTE_RULESETS, ids=lambda rs: str(rs.options)[:60])
def test_the_belote_playout_loop_plays_the_class_legal_cards(ruleset: Ruleset) -> None:
    # The fast playout's loop keeps an inlined copy of ``BeloteCardMasks.legal``. Its
    # random choices are the playout's last draws (one per lead, one per follow with a
    # choice): drawn again from the class's legal cards, they give every card played.
    hands_checked = 0
    for seed in range(400):
        rng = _Recording(seed)
        result = belote.playout(rng, ruleset, dealer=seed % 4)
        if result.taker is None:
            continue
        state = belote.new_hand(ruleset, deal=result.deal_cards, dealer=result.dealer)
        for bid in result.bids:
            state = state.apply(belote.Pass() if bid < 0 else belote.Take(PLAIN_SUITS[bid]))
        masks = state.card_masks()
        leaders = [(result.dealer + 1) % 4, *result.trick_winners[:-1]]
        seats = [(leaders[i // 4] + i % 4) % 4 for i in range(32)]
        held = [0, 0, 0, 0]
        for seat, c in zip(seats, result.plays, strict=True):
            held[seat] |= 1 << c
        steps = []  # (the legal cards, the card played), in playing order
        for t in range(8):
            trick: list[int] = []
            for pos in range(4):
                i = 4 * t + pos
                seat, c = seats[i], result.plays[i]
                wpos = masks.winner(trick) if trick else 0
                steps.append((masks.legal(held[seat], trick, wpos), c, pos == 0))
                held[seat] ^= 1 << c
                trick.append(c)
        draws_needed = sum(1 for legal, _, lead in steps if lead or legal & (legal - 1))
        draws = iter(rng.draws[len(rng.draws) - draws_needed :])
        for legal, c, lead in steps:
            if lead or legal & (legal - 1):
                k = int(next(draws) * legal.bit_count())
                assert _nth_bit(legal, k) == c
            else:
                assert legal == 1 << c
        hands_checked += 1
    assert hands_checked > 150


def test_tarot_legal_led_is_the_class_legal() -> None:
    # The fast playout's loop calls ``fast.legal_led``; the class reads the trick for it.
    rng = random.Random(9)
    state = _played_hands("tarot", TAROT_RULESETS[0], 4, 2, 1)[0][0]
    masks = state.card_masks()
    for _ in range(3000):
        cards = rng.sample(range(78), 4 + rng.randrange(14))
        trick = cards[: rng.randrange(1, 4)]
        hand = 0
        for c in cards[len(trick) :]:
            hand |= 1 << c
        wpos = masks.winner(trick)
        led = next((tarot_fast.LED[c] for c in trick if c != tarot_fast.EXCUSE), 0)
        # The highest trump down, else every trump is above.
        top = max((c for c in trick if 56 <= c < 77), default=-1)
        above = tarot_fast.ABOVE[top] if top >= 0 else tarot_fast.TRUMPS
        assert masks.legal(hand, trick, wpos) == tarot_fast.legal_led(hand, led, above)


def test_the_legality_options_are_the_rulesets_switches_and_tell_the_rulesets_apart() -> None:
    # The solver keys its memo of legal follows on them: rules whose legal cards differ
    # beside the tables must give different options.
    seen = set()
    for ruleset in BELOTE_RULESETS:
        line = _played_hands("belote", ruleset, 4, 11, 1)[0]
        masks = line[0].card_masks()
        options = masks.legality_options()
        assert options == (
            ruleset.options.partner_winning == "free",
            ruleset.options.cannot_overtrump == "must_trump",
        )
        seen.add(options)
    assert len(seen) == len(BELOTE_RULESETS)
    for game, ruleset, players in CASES:
        if game != "belote":
            line = _played_hands(game, ruleset, players, 11, 1)[0]
            assert line[0].card_masks().legality_options() in ((), (False, False))
