"""The scenario format: a pydantic model (the JSON Schema is generated from it).

A scenario is a situation at the table, and an ordered list of steps for the learner.
Unknown keys are errors everywhere (``extra="forbid"``). Cards and actions are written
in the engine's notation (``JH``, ``10S``, ``T21``, ``EXC``, ``pass``, ``take``,
``garde``...) and checked against the game by :mod:`tutorial.scenarios.checker`.
"""

from __future__ import annotations

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

    say: Text


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


class Play(_Strict):
    """A step where the learner acts (``play:`` for cards; also bids and discards)."""

    play: Act


class Auto(_Strict):
    """Other seats act in turn: a list of actions in playing order."""

    auto: CardList


class Ask(_Strict):
    """A question for the learner. For the checked kinds the engine computes the answer.

    Kinds: ``trick_winner`` (a seat name), ``trick_points`` (the last finished trick),
    ``points`` (a side's points so far), ``contract_made`` (yes/no), ``target``
    (Tarot: points the taker needs), ``declaration_winner`` (the team whose
    declarations score), ``score`` (a side's final total), ``winner`` (the side that
    wins the hand), ``choice`` (multiple choice: the author's answer, not checked).
    """

    question: Text
    kind: Literal[
        "trick_winner",
        "trick_points",
        "points",
        "contract_made",
        "target",
        "declaration_winner",
        "score",
        "winner",
        "choice",
    ]
    answer: str | Whole | Number | bool
    side: str | None = Field(default=None, description="For 'points' and 'score': which side.")
    choices: list[str | Whole | Number] | None = None
    explain: Text = ""


class AskStep(_Strict):
    """A question step."""

    ask: Ask


class ScoreLineSpec(_Strict):
    """One expected line of the hand's score."""

    kind: str
    side: str
    points: Number


class Expect(_Strict):
    """Facts the checker verifies against the engine (never shown to the learner)."""

    legal: CardList | None = Field(default=None, description="Exactly the legal cards now.")
    to_move: str | None = None
    trick_winner: str | None = Field(default=None, description="Winner of the last finished trick.")
    trick_points: Number | None = None
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


Step = Say | Play | Auto | AskStep | ExpectStep


class Variant(_Strict):
    """This scenario's outcome differs between rulesets: replay it under another.

    The steps before ``at_step`` (default: all of them) are replayed under the variant's
    rules, then ``expect`` is checked.
    """

    ruleset: str = "default"
    options: dict[str, OptionValue] = Field(default_factory=dict)
    at_step: int | None = Field(default=None, ge=0, le=MAX_STEPS)
    note: Text = Field(default="", description="What changes, for the learner.")
    expect: Expect


class Scenario(_Strict):
    """One scenario file."""

    title: Annotated[str, StringConstraints(min_length=1, max_length=120)]
    game: Literal["belote", "tarot", "briscola"]
    summary: Text = Field(default="", description="One or two sentences: what this teaches.")
    teaches: list[str] = Field(
        default_factory=list, description="Rule keys (see lessons/README.md)."
    )
    level: int = Field(default=1, ge=1, le=5)
    ruleset: str = "default"
    options: dict[str, OptionValue] = Field(default_factory=dict)
    players: Literal[2, 4] | None = Field(default=None, description="Briscola: 2 or 4 players.")
    seats: list[Name] | None = Field(
        default=None, description="Seat names in playing order (default: South, East, North, West)."
    )
    learner: Name | Annotated[int, Field(ge=0, le=9)] = 0
    dealer: Name | Annotated[int, Field(ge=0, le=9)] | None = None
    # The contract
    trump: str | None = Field(default=None, description="Belote: trump suit (S H D C).")
    taker: Name | Annotated[int, Field(ge=0, le=9)] | None = None
    contract: Literal["prise", "garde", "garde_sans", "garde_contre"] | None = None
    trump_card: str | None = Field(default=None, description="Briscola: the face-up card.")
    trump_card_taken: bool = False
    stock: CardList | None = Field(
        default=None, description="Briscola: the face-down stock, top first."
    )
    chien: CardList | None = None
    discard: CardList | None = None
    chelem_declared: bool = False
    # The position
    phase: Literal["play", "bidding"] = Field(
        default="play",
        description="'bidding' starts from the deal (Belote, Tarot); 'play' from a position.",
    )
    deal: CardList | None = Field(
        default=None,
        description="Bidding phase, Belote and Briscola: the whole deck order, top first.",
    )
    leader: Name | Annotated[int, Field(ge=0, le=9)] | None = Field(
        default=None, description="Who led the first trick listed (or the current trick)."
    )
    hands: dict[Name, str | list[str]] = Field(
        default_factory=dict,
        description="Each seat's current hand; '?' marks an unknown card, 'unknown' a wholly "
        "unknown hand. A seat left out is unknown.",
    )
    captured: dict[Name, CardList] | None = Field(
        default=None, description="Cards won in earlier tricks not listed, by seat name or side."
    )
    tricks: list[CardList] = Field(default_factory=list)
    current_trick: CardList | None = None
    carried_points: dict[Name, Number] | None = None
    points_so_far: dict[Name, Number] | None = Field(
        default=None,
        description="Card points each side has won so far, by a seat of the side (Tarot: "
        "also taker or defence), listed tricks and captured cards included. The cards placed "
        "nowhere are then the earlier tricks' cards, split to match: give every hand in full, "
        "and Tarot's bouts and chien or discard. One side alone: the other has the rest. A "
        "side given 0 has won no trick.",
    )
    steps: list[Step] = Field(min_length=1, max_length=MAX_STEPS)
    held_points: int | None = Field(
        default=None,
        ge=0,
        le=MAX_NUMBER,
        description="Belote: points held from an earlier litige, for this hand's winner.",
    )
    belote_holder: Name | None = Field(
        default=None,
        description="Belote: who holds (held) trump K and Q, when one of them is among captured cards.",
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
    "play": Play,
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
