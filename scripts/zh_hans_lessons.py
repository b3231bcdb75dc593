"""Derive the 简体中文 lessons (``lessons/zh-Hans``) from the 繁體中文 ones (``lessons/zh-Hant``),
and the example playlists' titles and notes (``lessons/playlists/zh-Hans`` from ``zh-Hant``).

Each file is converted whole with the catalogues' conversion
:func:`tutorial.language.zh_convert.to_hans` (the glossary's hand-checked Taiwan/mainland
vocabulary differences, OpenCC's phrase-level ``t2s``, the catalogues' read-through
corrections), then the lesson-specific corrections of :data:`HAND_FIXES` are applied (each one found by
reading the converted text through). Run it after every change to a Traditional lesson:

    .venv/bin/python scripts/zh_hans_lessons.py          # write lessons/zh-Hans
    .venv/bin/python scripts/zh_hans_lessons.py --check  # exit 1 if a file is stale

``tests/test_lesson_translation.py`` fails when a Simplified lesson is not exactly what
this gives, so the Simplified text is never edited by hand.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tutorial.language.zh_convert import to_hans  # noqa: E402

#: Corrections after conversion (Simplified text as converted -> as a mainland reader
#: expects it), found by reading every converted lesson.
HAND_FIXES: tuple[tuple[str, str], ...] = (
    ("「", "“"),  # corner quotes are Taiwan's; the mainland writes curly double quotes
    ("」", "”"),
)


def derive(text: str) -> str:
    """The Simplified text of one Traditional lesson file."""
    out = to_hans(text)
    for before, after in HAND_FIXES:
        out = out.replace(before, after)
    return out


def pairs(root: Path = ROOT / "lessons") -> list[tuple[Path, Path]]:
    """Every Traditional file (lessons, then example playlists' titles and notes) with the
    Simplified file derived from it."""
    out = []
    for base in (root, root / "playlists"):
        src = base / "zh-Hant"
        out += [(p, base / "zh-Hans" / p.relative_to(src)) for p in sorted(src.rglob("*.yaml"))]
    return out


def main(argv: list[str]) -> int:
    """Write (or with ``--check``, compare) every Simplified lesson; 1 when one is stale."""
    check = "--check" in argv
    stale = []
    for hant, hans in pairs():
        want = derive(hant.read_text("utf-8"))
        have = hans.read_text("utf-8") if hans.exists() else None
        if have == want:
            continue
        stale.append(hans)
        if not check:
            hans.parent.mkdir(parents=True, exist_ok=True)
            hans.write_text(want, "utf-8")
    for path in stale:
        print(("stale: " if check else "wrote: ") + str(path.relative_to(ROOT)))
    return 1 if check and stale else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
