"""Which files are scenarios: the ``.yaml`` files below a folder, translations apart."""

from __future__ import annotations

from pathlib import Path

from tutorial.scenarios.translation import LANGUAGE_DIR, is_translation_path


def scenario_files(paths: list[str], *, translations: bool = False) -> list[Path]:
    """The ``.yaml``/``.yml`` files named, or found below the folders named.

    Translation files (below a language folder such as ``zh-Hant/``) found in a folder are
    left out unless ``translations`` is true; a file named is always kept.
    """
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            in_language = bool(LANGUAGE_DIR.match(p.resolve().name))
            out.extend(
                sorted(
                    q
                    for q in p.rglob("*")
                    if q.suffix in (".yaml", ".yml")
                    and q.is_file()
                    and (translations or not (in_language or is_translation_path(q.relative_to(p))))
                )
            )
        else:
            out.append(p)
    return out


__all__ = ["scenario_files"]
