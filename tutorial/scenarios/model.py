"""The scenario format: a pydantic model (the JSON Schema is generated from it).

A scenario is a situation at the table, and an ordered list of steps for the learner.
Unknown keys are errors everywhere (``extra="forbid"``). Cards and actions are written
in the engine's notation (``JH``, ``10S``, ``T21``, ``EXC``, ``pass``, ``take``,
``garde``...) and checked against the game by :mod:`tutorial.scenarios.checker`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

MAX_STEPS = 300  # steps per file (the longest scenario has a few dozen)
MAX_VARIANTS = 20  # variants per file
MAX_NUMBER = 1e9  # scores, points and option values stay far below this

Text = Annotated[str, StringConstraints(max_length=4000)]
#: A figure (points, a score): finite and bounded, so the arithmetic never overflows.
Number = Annotated[float, Field(allow_inf_nan=False, ge=-MAX_NUMBER, le=MAX_NUMBER)]
#: A whole number given where an option or count is written.
Whole = Annotated[int, Field(ge=-MAX_NUMBER, le=MAX_NUMBER)]
Name = Annotated[str, StringConstraints(min_length=1, max_length=40)]
CardList = Annotated[
    str | list[str],
    Field(
        description="Cards in notation, as a string separated by spaces or a list: "
        "'9H 8H 7S' or [9H, 8H, 7S]. In a hand, '?' stands for an unknown card."
    ),
]
OptionValue = bool | Whole | str


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True)


class Say(_Strict):
    """Narration shown to the learner (Markdown; HTML is never rendered)."""

    say: Text = Field(description="Narration (Markdown; HTML is shown as text, never rendered).")


class Act(_Strict):
    """The learner acts: plays a card, bids, discards, declares."""

    accept: Literal["any"] | Annotated[list[str], Field(min_length=1)] = Field(
        description="The accepted actions (cards or bids), or 'any' for any legal one."
    )
    feedback: dict[str, Text] = Field(
        default_factory=dict,
        description="Feedback for tempting legal choices that are not the answer.",
    )
    hints: list[Text] = Field(
        default_factory=list,
        max_length=3,
        description="Hints in tiers: a nudge first (the legal cards and the answer follow).",
    )
    explain: Text = Field(default="", description="Shown once the learner has chosen right.")
    accept_worse_by: Number | None = Field(
        default=None,
        ge=0,
        description="Card points an accepted card may lose, with best play and every hand "
        "known, against the best card before the checker warns (default 0: an accepted "
        "card must be one of the best). Set it when an answer is chosen for another reason "
        "(a rule to practise, what the learner can see), and say why in 'explain'.",
    )


class PlayStep(_Strict):
    """A step where the learner acts (``play:`` for cards; also bids and discards)."""

    play: Act


class Auto(_Strict):
    """Other seats act in turn: a list of actions in playing order."""

    auto: CardList = Field(
        description="The next seats' actions in playing order, from the seat to move: cards "
        "('7S 8S') or actions separated by commas ('pass, pass, take')."
    )


@dataclass(frozen=True)
class AskKind:
    """One kind of question: its answer's format, when it may be asked, for which games.

    ``hand_over``: the checker computes the answer only once the hand is over (asked
    earlier, it is refused, except Tarot's ``target``, which is then not checked).
    """

    answer: str
    when: str
    games: str
    hand_over: bool


#: Every ``ask`` kind (the JSON Schema's description and the author's reference are
#: made from this table; the checker reads ``hand_over`` from it).
ASK_KINDS: dict[str, AskKind] = {
    "trick_winner": AskKind(
        "a seat name (`South`)",
        "once a trick is finished: the question is about the last finished trick",
        "all",
        False,
    ),
    "trick_points": AskKind(
        "a number: the card points of the last finished trick (Tarot: halves count; "
        "the Excuse counts only when its own side wins the trick)",
        "once a trick is finished: the last finished trick",
        "all",
        False,
    ),
    "points": AskKind(
        "a number, with `side`: the card points the side has won so far (listed tricks, "
        "`captured` cards and `carried_points` included; no dix de der before the end)",
        "at any step",
        "all",
        False,
    ),
    "points_in_play": AskKind(
        "a number: the points still to be taken in the hand, the whole hand's points less "
        "what each side already counts (Belote: 162 less each side's card points, the 10 of "
        "dix de der still in play until the last trick is won; Tarot: 91 less each side's "
        "tricks, the chien or discard that counts for it and the Excuse it kept; Briscola: "
        "120 less each side's points, the stock included in play)",
        "once the bidding is over (at the end of the hand it is 0)",
        "all",
        False,
    ),
    "points_needed": AskKind(
        "a number, with `side`: how many more points the side needs to win the hand, 0 "
        "once it has them (Briscola: 61 of the 120, as 60 each is a draw; Belote: the "
        "takers need more than the defence, or as many where a tie makes the contract, "
        "declarations and belote counted as the ruleset judges the contract, and the "
        "defence needs what makes the contract fail, a litige being nobody's win; Tarot: "
        "the taker needs its target for its bouts, the defence to hold the taker half a "
        "point below it)",
        "once the bidding is over; Belote: once the declarations are made (after the "
        "first trick); Tarot: once every bout's side is settled (the three bouts played "
        "or in the chien or discard: the target depends on them)",
        "all",
        False,
    ),
    "contract_made": AskKind("`yes` or `no`", "the hand is over", "Belote, Tarot", True),
    "target": AskKind(
        "a number: the card points the taker needs (56, 51, 41 or 36 with 0 to 3 bouts)",
        "the hand is over (asked earlier, the answer is not checked: the target depends "
        "on the bouts the taker ends with)",
        "Tarot",
        True,
    ),
    "declaration_winner": AskKind(
        "a side: a seat name of it (`South`) or its label (`South & North`)",
        "the hand is over (the declarations are compared at the end)",
        "Belote",
        True,
    ),
    "score": AskKind(
        "a number, with `side`: the side's total for the hand, its score lines added "
        "(Tarot: the taker's total, or one defender's)",
        "the hand is over",
        "all",
        True,
    ),
    "winner": AskKind(
        "a side (a seat name of it, or its label), or `draw`",
        "the hand is over",
        "all",
        True,
    ),
    "choice": AskKind(
        "text or a number, one of `choices`: the author's answer, not checked",
        "at any step",
        "all",
        False,
    ),
}


def _ask_kinds_text() -> str:
    return "Kinds: " + "; ".join(
        f"{k} ({v.games}): {v.answer}; when: {v.when}" for k, v in ASK_KINDS.items()
    )


class Ask(_Strict):
    """A question for the learner. For the checked kinds the engine computes the answer.

    Kinds: ``trick_winner`` (a seat name), ``trick_points`` (the last finished trick),
    ``points`` (a side's points so far), ``points_in_play`` (the points still to be
    taken), ``points_needed`` (how many more a side needs to win the hand),
    ``contract_made`` (yes/no), ``target``
    (Tarot: points the taker needs), ``declaration_winner`` (the team whose
    declarations score), ``score`` (a side's final total), ``winner`` (the side that
    wins the hand), ``choice`` (multiple choice: the author's answer, not checked).
    """

    question: Text = Field(description="The question, as the learner reads it (Markdown).")
    kind: Literal[
        "trick_winner",
        "trick_points",
        "points",
        "points_in_play",
        "points_needed",
        "contract_made",
        "target",
        "declaration_winner",
        "score",
        "winner",
        "choice",
    ] = Field(description=_ask_kinds_text())
    answer: str | Whole | Number | bool = Field(
        description="The answer; for every kind but 'choice' the checker computes it and "
        "requires this to match (numbers as numbers, yes/no, a seat or side name)."
    )
    side: str | None = Field(
        default=None,
        description="For 'points', 'points_needed' and 'score': which side, by a seat name "
        "of it (South), its label, or in Tarot 'taker' / 'defence'.",
    )
    choices: list[str | Whole | Number] | None = Field(
        default=None, description="Buttons offered to the learner; the answer must be one."
    )
    explain: Text = Field(default="", description="Shown after the learner answers.")


class AskStep(_Strict):
    """A question step."""

    ask: Ask


class ScoreLineSpec(_Strict):
    """One expected line of the hand's score."""

    kind: str = Field(
        description="The line's kind: card_points, dix_de_der, declaration, belote, capot, "
        "dedans, litige, rounding (Belote); card_points, bouts, target, difference, "
        "multiplier, excuse_exchange, base, petit_au_bout, poignee, chelem, result (Tarot); "
        "card_points, result (Briscola). See scenarios/REFERENCE.md."
    )
    side: str = Field(
        description="The side the line goes to: a seat name of it, its label, or in Tarot "
        "'taker' / 'defence'."
    )
    points: Number = Field(
        description="The points the line moves (Tarot's count lines card_points, bouts, "
        "target, difference, multiplier, excuse_exchange and result move none: 0)."
    )


class Expect(_Strict):
    """Facts the checker verifies against the engine (never shown to the learner)."""

    legal: CardList | None = Field(default=None, description="Exactly the legal cards now.")
    to_move: str | None = Field(default=None, description="The seat to act now (a seat name).")
    trick_winner: str | None = Field(default=None, description="Winner of the last finished trick.")
    trick_points: Number | None = Field(
        default=None,
        description="Card points of the last finished trick (Tarot: the Excuse counts only "
        "when its own side wins the trick).",
    )
    points: dict[str, Number] | None = Field(
        default=None, description="Card points won so far by side."
    )
    score: dict[str, Number] | None = Field(
        default=None, description="The hand's final totals by side."
    )
    lines: list[ScoreLineSpec] | None = Field(
        default=None, description="Lines the final score contains."
    )
    result: str | None = Field(default=None, description="Text the result sentence contains.")
    refused: dict[str, str] | None = Field(
        default=None, description="Cards that must be refused now, each with its reason code."
    )


class ExpectStep(_Strict):
    """An expectation step."""

    expect: Expect


Step = Say | PlayStep | Auto | AskStep | ExpectStep


class Variant(_Strict):
    """This scenario's outcome differs between rulesets: replay it under another.

    The steps before ``at_step`` (default: all of them) are replayed under the variant's
    rules, then ``expect`` is checked.
    """

    ruleset: str = Field(default="default", description="The variant's named ruleset.")
    options: dict[str, OptionValue] = Field(
        default_factory=dict, description="Option overrides (see scenarios/REFERENCE.md)."
    )
    at_step: int | None = Field(
        default=None,
        ge=0,
        le=MAX_STEPS,
        description="How many steps are replayed before 'expect' is checked, counting every "
        "step from 0 (say, play, auto, ask and expect alike; an auto list is one step): "
        "at_step: 3 replays steps 0, 1 and 2. Default: all of them.",
    )
    note: Text = Field(default="", description="What changes, for the learner.")
    expect: Expect


class Scenario(_Strict):
    """One scenario file."""

    title: Annotated[str, StringConstraints(min_length=1, max_length=120)] = Field(
        description="What the learner sees in the list."
    )
    game: Literal["belote", "tarot", "briscola"] = Field(description="The game.")
    summary: Text = Field(default="", description="One or two sentences: what this teaches.")
    teaches: list[str] = Field(
        default_factory=list, description="Rule keys (see lessons/README.md)."
    )
    level: int = Field(default=1, ge=1, le=5, description="Difficulty, 1 to 5.")
    ruleset: str = Field(
        default="default",
        description="A named ruleset of the game (see scenarios/REFERENCE.md).",
    )
    options: dict[str, OptionValue] = Field(
        default_factory=dict,
        description="Rule option overrides, key: value (see scenarios/REFERENCE.md).",
    )
    players: Literal[2, 4] | None = Field(default=None, description="Briscola: 2 or 4 players.")
    seats: list[Name] | None = Field(
        default=None, description="Seat names in playing order (default: South, East, North, West)."
    )
    learner: Name | Annotated[int, Field(ge=0, le=9)] = Field(
        default=0, description="The learner's seat, by name (default: the first seat)."
    )
    dealer: Name | Annotated[int, Field(ge=0, le=9)] | None = Field(
        default=None,
        description="Who dealt, by name. Default: the seat before the leader (in play) or "
        "before the learner (from the deal).",
    )
    # The contract
    trump: str | None = Field(default=None, description="Belote: trump suit (S H D C).")
    taker: Name | Annotated[int, Field(ge=0, le=9)] | None = Field(
        default=None, description="Belote and Tarot: who took, by name."
    )
    contract: Literal["prise", "garde", "garde_sans", "garde_contre"] | None = Field(
        default=None, description="Tarot: the contract."
    )
    trump_card: str | None = Field(default=None, description="Briscola: the face-up card.")
    trump_card_taken: bool = Field(
        default=False, description="Briscola: the face-up card has been drawn (the last draw)."
    )
    stock: CardList | None = Field(
        default=None,
        description="Briscola: the face-down stock, top first. Left out (and no "
        "'carried_points'), the cards placed nowhere else are the stock, in an order the "
        "checker chooses: write it when what a seat draws matters.",
    )
    chien: CardList | None = Field(
        default=None,
        description="Tarot: the chien's 6 cards (in play: shown for Prise/Garde, unseen for "
        "Garde sans/contre; from the deal: the chien dealt).",
    )
    discard: CardList | None = Field(
        default=None, description="Tarot, Prise and Garde: the taker's 6 discarded cards."
    )
    chelem_declared: bool = Field(default=False, description="Tarot: the taker declared a chelem.")
    # The position
    phase: Literal["play", "bidding"] = Field(
        default="play",
        description="'bidding' starts from the deal (Belote, Tarot); 'play' from a position.",
    )
    deal: CardList | None = Field(
        default=None,
        description="Bidding phase, Belote and Briscola: the whole deck order, top first. "
        "Belote deals 3 then 2 cards to each seat from the seat after the dealer, and the "
        "21st card is turned up; Briscola deals 3 cards each, one at a time from the seat "
        "after the dealer, then turns the next card up (trumps).",
    )
    leader: Name | Annotated[int, Field(ge=0, le=9)] | None = Field(
        default=None, description="Who led the first trick listed (or the current trick)."
    )
    hands: dict[Name, str | list[str]] = Field(
        default_factory=dict,
        description="Each seat's current hand; '?' marks an unknown card, 'unknown' a wholly "
        "unknown hand, [] an empty hand (the hand is over). A seat left out is unknown. The "
        "learner's hand is always given in full. In YAML, write a hand of unknown cards in "
        'quotes: Opponent: "? ?".',
    )
    captured: dict[Name, CardList] | None = Field(
        default=None, description="Cards won in earlier tricks not listed, by seat name or side."
    )
    tricks: list[CardList] = Field(
        default_factory=list,
        description="Tricks already played, each in playing order from its leader; winners "
        "are derived (the first listed trick is led by 'leader', by default the seat after "
        "the dealer).",
    )
    current_trick: CardList | None = Field(
        default=None,
        description="The trick under way, in playing order: its first card is the lead.",
    )
    carried_points: dict[Name, Number] | None = Field(
        default=None,
        description="Tarot and Briscola: card points of earlier tricks not listed, by a seat "
        "of the side; every hand must then be given in full.",
    )
    points_so_far: dict[Name, Number] | None = Field(
        default=None,
        description="Card points each side has won so far, by a seat of the side (Tarot: "
        "also taker or defence), listed tricks and captured cards included. The cards placed "
        "nowhere are then the earlier tricks' cards, split to match: give every hand in full, "
        "and Tarot's bouts and chien or discard. One side alone: the other has the rest. A "
        "side given 0 has won no trick.",
    )
    steps: list[Step] = Field(
        min_length=1,
        max_length=MAX_STEPS,
        description="What happens, in order: say, play, auto, ask and expect steps (counted "
        "from 0).",
    )
    held_points: int | None = Field(
        default=None,
        ge=0,
        le=MAX_NUMBER,
        description="Belote: points held from an earlier litige, for this hand's winner.",
    )
    belote_holder: Name | None = Field(
        default=None,
        description="Belote: who held the trump K and Q, needed when one or both are among "
        "'captured' cards (else nobody scores belote-rebelote); found from the cards "
        "otherwise.",
    )
    declarations: dict[Name, list[CardList]] | None = Field(
        default=None, description="Belote: combinations declared at the first trick, by seat."
    )
    poignees: dict[Name, CardList] | None = Field(
        default=None, description="Tarot: the trumps each seat showed as a poignée."
    )
    variants: list[Variant] = Field(
        default_factory=list,
        max_length=MAX_VARIANTS,
        description="Replays under other rulesets whose verdict differs (same cards).",
    )


STEP_KEYS: dict[str, type[BaseModel]] = {
    "say": Say,
    "play": PlayStep,
    "auto": Auto,
    "ask": AskStep,
    "expect": ExpectStep,
}


def json_schema() -> dict[str, Any]:
    """The JSON Schema of a scenario file (committed as scenarios/scenario.schema.json)."""
    schema = Scenario.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "Atout scenario"
    return schema
