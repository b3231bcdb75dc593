"""The errors of the class storage: one family, each with a catalogue sentence and a key.

``key`` names the kind of refusal for code that sorts them (the sentence is for people,
in the session's language).
"""

from __future__ import annotations

from tutorial.engine.errors import TutorialError


class ClassError(TutorialError):
    """Root of every refusal of the class storage."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key


class AccessError(ClassError):
    """A teacher secret or learner token that opens nothing here (forged, replaced,
    removed, or another class's)."""


class JoinError(ClassError):
    """A join refused: no open class has the code, the class is full, or too many tries."""


class InputError(ClassError):
    """A name or a homework list that cannot be stored (empty, too long, control characters)."""


class SyncError(ClassError):
    """A progress sent that cannot be stored (too big, malformed); nothing stored changes."""


class UnreachableError(ClassError):
    """The database could not be reached, or failed mid-call (nothing half-written stays)."""


class LiveError(ClassError):
    """A live class's step refused: the session ended or moved on, the question is not
    open or already revealed, the answer is malformed, or its sender is not in the session."""
