"""What every SVG picture is made with: colours, fonts, text helpers and suit shapes.

Text that comes from data (seat names, teams, contract and trump strings) is
XML-escaped and stripped of the control characters XML forbids (:func:`xml_text`,
:func:`xml_attr`), so a hostile scenario file cannot break or script the document.
Text is measured with DejaVu Sans's widths (:func:`text_width`) and fitted or cut to
its room (:func:`fit`).

Suit symbols are drawn as paths (:func:`pip`, each fitting a 100 x 100 box centred on
50,50), not glyphs, so they look the same on every phone, whatever its fonts (and never
turn into emoji).
"""

from __future__ import annotations

import functools
import math
import re
import unicodedata
from xml.sax.saxutils import escape

from tutorial.engine.cards import Card, Suit
from tutorial.language.i18n import font_stack

_LATIN_FONTS = ("DejaVu Sans", "Arial")


def picture_font() -> str:
    """The picture's font list: the Latin fonts the widths are measured with, then the
    system CJK fonts of the page's language (names and captions in Chinese)."""
    return font_stack(_LATIN_FONTS)


SERIF = "DejaVu Serif, Georgia, serif"
"""The serif font of the cards' big letters and numbers."""

_INK = "#1a1a1a"
_RED = "#c62828"
_BLUE = "#1565c0"
_GREEN = "#2e7d32"
TRUMP_INK = "#4e342e"
"""The ink of Tarot trumps (and their suit colour)."""

HL_COLOUR: dict[str, str] = {
    "forcing": "#ef6c00",
    "legal": "#2e7d32",
    "answer": "#1565c0",
    "wrong": "#c62828",
}
"""Each card mark's colour (its ring and badge)."""
GOLD = "#ffd54f"
"""The gold of the player to move and of the trick's winning card."""


_SUIT_BY_SYMBOL = {"♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS}

# Characters XML 1.0 forbids (they would make the document unparseable).
_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def clean(text: str) -> str:
    """Remove characters that are not allowed in XML (and turn tabs/newlines to spaces)."""
    return _XML_INVALID.sub("", str(text)).replace("\t", " ").replace("\n", " ").replace("\r", "")


def xml_text(text: str) -> str:
    """Text content, escaped."""
    return escape(clean(text))


def xml_attr(text: str) -> str:
    """A double-quoted attribute value, escaped."""
    return '"' + escape(clean(text), {'"': "&quot;"}) + '"'


def num(x: float) -> str:
    """A short, deterministic number for SVG coordinates."""
    r = round(x, 2)
    if r == int(r):
        return str(int(r))
    return f"{r:.2f}".rstrip("0")


# Advance widths (per mille of the font size) of ASCII 32..126 in DejaVu Sans and
# DejaVu Sans Bold, the widest of the fonts we name: text measured with them fits.
_WIDTHS = (
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636,
    636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698,
    770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732,
    684, 989, 685, 611, 685, 390, 337, 390, 838, 500, 500, 613, 635, 550, 635, 615, 352, 635,
    634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818, 592, 592,
    525, 636, 337, 636, 838,
)  # fmt: skip
_BOLD_WIDTHS = (
    348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696,
    696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734,
    830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850, 733, 850, 770, 720, 682, 812,
    774, 1103, 771, 724, 725, 457, 365, 457, 838, 500, 500, 675, 716, 593, 716, 678, 435, 716,
    712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595, 478, 712, 652, 924, 645, 652,
    582, 712, 365, 712, 838,
)  # fmt: skip
_OTHER_WIDTHS = {"·": 380, "…": 1000, "×": 838, "—": 1000, "–": 500, "’": 380, "★": 840}


@functools.lru_cache(maxsize=4096)
def _char_width(ch: str, bold: bool) -> int:
    table = _BOLD_WIDTHS if bold else _WIDTHS
    code = ord(ch)
    if 32 <= code < 127:
        return table[code - 32]
    if unicodedata.combining(ch):
        return 0
    if unicodedata.east_asian_width(ch) in ("W", "F"):
        return 1000
    base = unicodedata.normalize("NFD", ch)[0]
    if 32 <= ord(base) < 127:  # an accented Latin letter: as wide as its base letter
        return table[ord(base) - 32]
    return _OTHER_WIDTHS.get(ch, 900 if ch in _SUIT_BY_SYMBOL else 700)


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of a text in DejaVu Sans (a little generous for Arial and phone fonts)."""
    return sum(_char_width(ch, bold) for ch in text) * size * 0.00102


def fit(text: str, size: float, max_width: float, bold: bool = False) -> tuple[str, str]:
    """Shorten ``text`` to fit ``max_width``; returns it and an extra attribute string.

    Slightly long text is squeezed with ``textLength``; longer text is cut with "…".
    """
    text = clean(text).strip()
    width = text_width(text, size, bold)
    if width <= max_width:
        return text, ""
    limit = max_width * 1.25
    if width > limit:
        while text and text_width(text + "…", size, bold) > limit:
            text = text[:-1]
        text = text.rstrip() + "…"
    squeeze = f' textLength="{num(max_width)}" lengthAdjust="spacingAndGlyphs"'
    return text, squeeze


def suit_colour(card: Card, four_colour: bool) -> str:
    """The CSS colour of a card's suit.

    Two-colour deck: spades and clubs near-black, hearts and diamonds red. Four-colour
    deck: spades black, hearts red, diamonds blue, clubs green. Tarot trumps and the
    Excuse: a dark brown ink.

    >>> suit_colour(Card.parse("AD"), False), suit_colour(Card.parse("AD"), True)
    ('#c62828', '#1565c0')
    """
    return _suit_colour(card.suit, four_colour)


def _suit_colour(suit: Suit, four_colour: bool) -> str:
    if suit is Suit.HEARTS:
        return _RED
    if suit is Suit.DIAMONDS:
        return _BLUE if four_colour else _RED
    if suit is Suit.CLUBS:
        return _GREEN if four_colour else _INK
    if suit is Suit.SPADES:
        return _INK
    return TRUMP_INK


def rich(text: str, four_colour: bool) -> str:
    """Escaped text whose suit symbols are coloured (for labels on a light panel)."""
    out: list[str] = []
    for ch in text:
        suit = _SUIT_BY_SYMBOL.get(ch)
        if suit is None:
            out.append(escape(ch))
        else:
            out.append(f'<tspan fill="{_suit_colour(suit, four_colour)}">{ch}</tspan>')
    return "".join(out)


_PIP_PATHS: dict[Suit, str] = {
    Suit.HEARTS: (
        "M50 94C47 87 37 77 23 65C8 52 2 42 2 29C2 14 13 5 26 5C37 5 45 11 50 21"
        "C55 11 63 5 74 5C87 5 98 14 98 29C98 42 92 52 77 65C63 77 53 87 50 94Z"
    ),
    Suit.DIAMONDS: "M50 2C60 19 71 35 84 50C71 65 60 81 50 98C40 81 29 65 16 50C29 35 40 19 50 2Z",
    Suit.SPADES: (
        "M50 3C53 14 63 24 77 36C92 49 98 58 98 68C98 81 88 89 76 89C66 89 59 85 54 77"
        "C55 87 59 92 67 97L33 97C41 92 45 87 46 77C41 85 34 89 24 89C12 89 2 81 2 68"
        "C2 58 8 49 23 36C37 24 47 14 50 3Z"
    ),
    Suit.CLUBS: (
        "M29 27A21 21 0 1 1 71 27A21 21 0 1 1 29 27Z"
        "M6 61A21 21 0 1 1 48 61A21 21 0 1 1 6 61Z"
        "M52 61A21 21 0 1 1 94 61A21 21 0 1 1 52 61Z"
        "M38 52A12 12 0 1 1 62 52A12 12 0 1 1 38 52Z"
        "M52 55C52 75 55 88 66 97L34 97C45 88 48 75 48 55Z"
    ),
}


def _star_path(cx: float, cy: float, outer: float, inner: float) -> str:
    pts = []
    for i in range(10):
        r = outer if i % 2 == 0 else inner
        angle = math.pi / 2 + i * math.pi / 5
        pts.append(f"{num(cx + r * math.cos(angle))} {num(cy - r * math.sin(angle))}")
    return "M" + "L".join(pts) + "Z"


STAR = _star_path(50, 53, 50, 20)  # in a 100 x 100 box, like the pips
"""A five-pointed star's path in a 100 x 100 box (the trumps' pip, the winning badge)."""


def pip(suit: Suit, cx: float, cy: float, size: float, fill: str) -> str:
    """A suit's symbol, ``size`` wide, centred at ``cx``, ``cy`` (a star for trumps)."""
    path = _PIP_PATHS.get(suit, STAR)
    x, y, s = cx - size / 2, cy - size / 2, size / 100
    return (
        f'<path transform="translate({num(x)} {num(y)}) scale({num(s)})" d="{path}" fill="{fill}"/>'
    )
