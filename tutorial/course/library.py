"""The scenario library: every file under ``scenarios/``, checked, with broken ones listed.

Pure Python (the app caches :func:`load_library` once per process). A broken file never
takes the app down: it is listed with the checker's message and the rest are served.

Translations live in language folders (``scenarios/zh-Hant/belote/overruff.yaml``, see
:mod:`tutorial.scenarios.translation`); they are not scenarios of their own.
:func:`in_language` merges a language's translations onto the checked English library:
a scenario without a translation, or with a broken one, stays in English and is listed
in ``Library.untranslated`` (the Play page says so).
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

from tutorial.engine.errors import ScenarioError
from tutorial.scenarios.checker import Checked, check_file, problems_of
from tutorial.scenarios.files import scenario_files
from tutorial.scenarios.translation import is_translation_path, translate, translation_path

log = logging.getLogger(__name__)


def scenarios_root() -> Path:
    """The ``scenarios/`` folder: ``$ATOUT_SCENARIOS``, else the one beside the package."""
    env = os.environ.get("ATOUT_SCENARIOS")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / "scenarios"


@dataclass(frozen=True)
class Broken:
    """A scenario file the checker refused."""

    id: str
    file: str
    problems: tuple[str, ...]


@dataclass(frozen=True)
class Library:
    """Checked scenarios by id (``belote/overruff``), and the broken files."""

    scenarios: dict[str, Checked] = field(default_factory=dict)
    broken: tuple[Broken, ...] = ()
    #: The language of the scenarios' text ("en": the source files).
    language: str = "en"
    #: Scenarios shown in English in another language: no translation, or a broken one.
    untranslated: frozenset[str] = frozenset()
    #: Translation files refused (the scenario is then shown in English).
    broken_translations: tuple[Broken, ...] = ()

    def by_game(self, game: str, order: list[str] | None = None) -> list[tuple[str, Checked]]:
        """The scenarios of one game: those named in ``order`` first (the course's
        order), then the others by level and id."""
        items = [(k, c) for k, c in self.scenarios.items() if c.scenario.game == game]
        rank = {sid: i for i, sid in enumerate(order or [])}
        return sorted(
            items, key=lambda kc: (rank.get(kc[0], len(rank)), kc[1].scenario.level, kc[0])
        )

    def get(self, scenario_id: str) -> Checked | None:
        """A scenario by id, or None."""
        return self.scenarios.get(scenario_id)


def scenario_id(path: Path, root: Path) -> str:
    """The id of a file: its path below the root, without the extension, with '/'."""
    return path.relative_to(root).with_suffix("").as_posix()


def load_library(root: Path | None = None) -> Library:
    """Check every scenario file below ``root``."""
    base = root or scenarios_root()
    good: dict[str, Checked] = {}
    broken: list[Broken] = []
    for path in scenario_files([str(base)]) if base.exists() else []:
        if is_translation_path(path.relative_to(base)):
            continue  # a translation: merged by in_language, not a scenario
        sid = scenario_id(path, base)
        display = f"scenarios/{path.relative_to(base).as_posix()}"
        try:
            good[sid] = check_file(path, display)
        except ScenarioError as e:
            broken.append(Broken(sid, display, tuple(problems_of(e))))
        except Exception as e:  # whatever happens, one file never hides the others
            log.exception("could not load %s", display)
            message = f"{display}:1:1: the file could not be loaded ({type(e).__name__})"
            broken.append(Broken(sid, display, (message,)))
    return Library(good, tuple(broken))


def in_language(lib: Library, lang: str, root: Path | None = None) -> Library:
    """The library with ``lang``'s translations merged onto its scenarios.

    English (or a language without any translation folder) returns ``lib`` with every
    scenario listed as untranslated unless ``lang`` is English. A broken translation is
    logged, listed in ``broken_translations``, and its scenario stays in English.
    """
    if lang == "en":
        return lib
    base = root or scenarios_root()
    good: dict[str, Checked] = {}
    untranslated: set[str] = set()
    broken: list[Broken] = []
    for sid, checked in lib.scenarios.items():
        path = translation_path(base, lang, sid)
        if not path.is_file():
            good[sid] = checked
            untranslated.add(sid)
            continue
        display = f"scenarios/{path.relative_to(base).as_posix()}"
        try:
            good[sid] = translate(checked, path, display)
        except ScenarioError as e:
            log.warning("translation refused: %s", "; ".join(problems_of(e)))
            broken.append(Broken(sid, display, tuple(problems_of(e))))
            good[sid] = checked
            untranslated.add(sid)
        except Exception as e:  # a translation never hides its scenario
            log.exception("could not load %s", display)
            message = f"{display}:1:1: the file could not be loaded ({type(e).__name__})"
            broken.append(Broken(sid, display, (message,)))
            good[sid] = checked
            untranslated.add(sid)
    return Library(good, lib.broken, lang, frozenset(untranslated), tuple(broken))
