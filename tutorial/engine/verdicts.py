"""The engine's answer to "may this action be taken here, and why?": the :class:`Verdict`
and its stable reason codes.

A verdict's sentence may be deferred: built from the catalogue on first read, in the
context it was made in (:func:`run_deferred`; a trick's explanation is built the same way,
:class:`tutorial.engine.outcomes.TrickResult`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextvars import Context, copy_context
from dataclasses import FrozenInstanceError

from tutorial.engine.cards import Card
from tutorial.language.i18n import speaking

#: Stable reason codes; the UI and scenarios key on these, so never rename one.
LEGAL = "legal"
NOT_YOUR_TURN = "not_your_turn"
NOT_IN_HAND = "not_in_hand"
WRONG_PHASE = "wrong_phase"
HAND_OVER = "hand_over"
MUST_FOLLOW_SUIT = "must_follow_suit"
MUST_TRUMP = "must_trump"
MUST_OVERTRUMP = "must_overtrump"
MUST_PLAY_TRUMP = "must_play_trump"  # cannot overtrump, but must still play a trump
MUST_PLAY_TRUMP_HIGHER = "must_play_trump_higher"  # trump led / any trump: go higher
BID_TOO_LOW = "bid_too_low"
BAD_BID = "bad_bid"
BAD_DISCARD = "bad_discard"
BAD_DECLARATION = "bad_declaration"


class Verdict:
    """The engine's answer to "may this action be taken here, and why?".

    Attributes:
        legal: whether the action is accepted.
        code: a stable code (``legal``, ``must_overtrump``, ``not_in_hand``, ...).
        message: one sentence a learner understands, naming the rule and the cards.
        forcing: the cards that force the verdict (cards in the trick and in the hand),
            for the UI to highlight.
        rule: a short name of the rule applied, e.g. ``"Belote: overtrump"``.

    A frozen value like a dataclass (equality, hash, ``repr`` and pickling over the five
    attributes). Its ``message`` may be *deferred* (:meth:`deferred`): the sentence is
    built from the catalogue the first time it is read, in the context (language, seat
    names) of the moment the verdict was made, then kept. The engine checks many cards
    whose sentence nobody reads; building it only on demand is what keeps the state API
    fast.

    >>> v = Verdict.deferred(False, "must_follow_suit", lambda: "Follow suit.")
    >>> v.is_built, v.message, v.is_built
    (False, 'Follow suit.', True)
    >>> v == Verdict(False, "must_follow_suit", "Follow suit.")
    True
    """

    __slots__ = ("_build", "_message", "code", "forcing", "legal", "rule")
    __match_args__ = ("legal", "code", "message", "forcing", "rule")

    legal: bool
    code: str
    forcing: tuple[Card, ...]
    rule: str
    _message: str | None
    _build: tuple[Callable[[], str], Context] | None

    def __init__(
        self,
        legal: bool,
        code: str,
        message: str,
        forcing: tuple[Card, ...] = (),
        rule: str = "",
    ) -> None:
        _set = object.__setattr__
        _set(self, "legal", legal)
        _set(self, "code", code)
        _set(self, "_message", message)
        _set(self, "_build", None)
        _set(self, "forcing", forcing)
        _set(self, "rule", rule)

    @classmethod
    def deferred(
        cls,
        legal: bool,
        code: str,
        build: Callable[[], str],
        forcing: tuple[Card, ...] = (),
        rule: str = "",
    ) -> Verdict:
        """A verdict whose message ``build()`` makes on first read (then kept).

        ``build`` runs in a copy of the current context (language, seat names), so the
        sentence reads as if it had been built now; it must only use values that do not
        change afterwards.
        """
        v = object.__new__(cls)
        _set = object.__setattr__
        _set(v, "legal", legal)
        _set(v, "code", code)
        _set(v, "_message", None)
        _set(v, "_build", (build, copy_context()))
        _set(v, "forcing", forcing)
        _set(v, "rule", rule)
        return v

    @property
    def message(self) -> str:
        """One sentence a learner understands (built on first read when deferred)."""
        message = self._message
        if message is None:
            message = run_deferred(self._build)
            object.__setattr__(self, "_message", message)
            object.__setattr__(self, "_build", None)
        return message

    @property
    def is_built(self) -> bool:
        """Whether the message has been built (always, unless deferred and not read yet)."""
        return self._message is not None

    def _fields(self) -> tuple[bool, str, str, tuple[Card, ...], str]:
        return (self.legal, self.code, self.message, self.forcing, self.rule)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Verdict)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"Verdict(legal={self.legal!r}, code={self.code!r}, message={self.message!r}, "
            f"forcing={self.forcing!r}, rule={self.rule!r})"
        )

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[type[Verdict], tuple[bool, str, str, tuple[Card, ...], str]]:
        return (Verdict, self._fields())

    @staticmethod
    def ok(message: str = "Legal.", rule: str = "") -> Verdict:
        """A legal verdict."""
        return Verdict(True, LEGAL, message, (), rule)

    @staticmethod
    def refuse(code: str, message: str, forcing: Sequence[Card] = (), rule: str = "") -> Verdict:
        """An illegal verdict with its reason code."""
        return Verdict(False, code, message, tuple(forcing), rule)

    @staticmethod
    def ok_later(build: Callable[[], str], rule: str = "") -> Verdict:
        """A legal verdict whose message is deferred (see :meth:`deferred`)."""
        return Verdict.deferred(True, LEGAL, build, (), rule)

    @staticmethod
    def refuse_later(
        code: str, build: Callable[[], str], forcing: Sequence[Card] = (), rule: str = ""
    ) -> Verdict:
        """An illegal verdict whose message is deferred (see :meth:`deferred`)."""
        return Verdict.deferred(False, code, build, tuple(forcing), rule)


def in_language(lang: str, fn: Callable[[], str]) -> Callable[[], str]:
    """``fn`` made to speak ``lang`` whatever language its context was forced to."""

    def spoken() -> str:
        with speaking(lang):
            return fn()

    return spoken


def run_deferred(build: tuple[Callable[[], str], Context] | None) -> str:
    """Build a deferred sentence in the context it was made in."""
    assert build is not None  # a message is either built or has its builder
    fn, ctx = build
    try:
        return ctx.run(fn)
    except RuntimeError:  # pragma: no cover - that context is being read right now
        return fn()
