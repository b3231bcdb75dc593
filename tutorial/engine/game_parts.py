"""Each layer's own part of every game, found next to the layer: ``tutorial/<layer>/games/``.

A layer above the engine that needs something only one game has (the scenario format's
Tarot fields, Belote's goal for the judge, Briscola's picture of the face-up card) keeps
it in a module of its ``games`` package named after the game, which sets ``PART`` (or
another name the registry gives: one module may fill several kinds), a record of the
type the layer's neutral module defines. The layer's other modules ask :meth:`GameParts.of` for
a game's part and never import a game's package: only a ``games/<game>.py`` may import
``tutorial.engine.<game>`` (``tests/test_layering.py``). A new game adds one module to
each ``games`` package and changes no existing module; ``tests/test_game_parts.py``
fails while a registered game lacks a part.
"""

from __future__ import annotations

import importlib
import pkgutil
import threading
from typing import Generic, TypeVar

from tutorial.engine.errors import UnknownRulesetError

P = TypeVar("P")

#: Every layer's parts, for the test that every game fills every one.
EVERY_PART_KIND: list[GameParts[object]] = []


class GameParts(Generic[P]):
    """The parts of type ``kind`` that the modules of the package ``package`` set as
    ``attribute``, one per game, read when first asked for (a game's module may import
    the layer's other modules, which ask for parts only when called)."""

    def __init__(self, package: str, kind: type[P], attribute: str = "PART") -> None:
        self.package = package
        self.kind = kind
        self.attribute = attribute
        self._parts: dict[str, P] | None = None
        self._lock = threading.Lock()
        EVERY_PART_KIND.append(self)  # type: ignore[arg-type]

    def _load(self) -> dict[str, P]:
        with self._lock:
            if self._parts is None:
                parts: dict[str, P] = {}
                pkg = importlib.import_module(self.package)
                for found in pkgutil.iter_modules(pkg.__path__):
                    module = importlib.import_module(f"{self.package}.{found.name}")
                    part = getattr(module, self.attribute, None)
                    if not isinstance(part, self.kind):
                        raise TypeError(
                            f"{module.__name__}.{self.attribute} must be a {self.kind.__name__}, "
                            f"not {type(part).__name__}"
                        )
                    parts[found.name] = part
                self._parts = parts
            return self._parts

    def of(self, game: str) -> P:
        """The part of ``game``.

        Raises:
            UnknownRulesetError: no module of the package is named after ``game``.
        """
        part = self._load().get(game)
        if part is None:
            raise UnknownRulesetError(
                f"{self.package} has no {self.attribute} for the game {game!r} "
                f"(add {self.package.replace('.', '/')}/{game}.py)"
            )
        return part

    def games(self) -> tuple[str, ...]:
        """The games that have a part here."""
        return tuple(self._load())
