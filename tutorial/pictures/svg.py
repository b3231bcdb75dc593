"""Pure SVG renderers for cards and the card table (text in, text out; no streamlit).

Every function returns a complete, standalone SVG document (``<svg xmlns=...>`` first)
that :func:`xml.etree.ElementTree.fromstring` parses: no scripts, no ``foreignObject``,
no external references (the only ``url(#...)`` points inside the same document). The
table component (:mod:`tutorial.webapp.table_component`) places the table and the cards
inline, inside elements with ``role="img"`` whose accessible name is the text twin
(:func:`table_summary` for the table, the card's name for a card: plain, unescaped text,
which the component's script escapes); the counting trainer shows single cards with
``st.image(svg_text)``.

Suit symbols on the cards are drawn as paths, not glyphs, so they look the same on
every phone, whatever its fonts (and never turn into emoji). Text that comes from data
(seat names, teams, contract and trump strings) is XML-escaped and stripped of the
control characters XML forbids, so a hostile scenario file cannot break or script the
document.

Every word the renderers write (on the picture, in titles and in :func:`table_summary`)
comes from the message catalogue (``svg.*`` in ``tutorial/language/locales/en.toml``, plurals
with :func:`tutorial.language.i18n.tn`), in the language of the current context: no English is
built here. Card names too (``svg.card.*``, ``svg.rank.*``, ``common.suit.*``): in
English they read as :attr:`Card.spoken <tutorial.engine.cards.Card.spoken>` does.

Output is deterministic: the same input (and language) gives the same string.

>>> from tutorial.engine.cards import Card
>>> svg = card_svg(Card.parse("9H"), highlight="forcing")
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
True
>>> "<title>nine of hearts, forces your play</title>" in svg
True
"""

from __future__ import annotations

import functools
import math
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, NamedTuple, TypeAlias
from xml.sax.saxutils import escape

from tutorial.engine.cards import Card, Suit
from tutorial.engine.games import GAMES
from tutorial.language.i18n import font_stack, t, tn

__all__ = [
    "Highlight",
    "Position",
    "SeatView",
    "TableView",
    "TrickCard",
    "card_svg",
    "mark_words",
    "suit_colour",
    "table_summary",
    "table_svg",
]

Highlight: TypeAlias = Literal["forcing", "legal", "answer", "wrong", "dim"] | None
Position: TypeAlias = Literal["bottom", "left", "top", "right"]


@dataclass(frozen=True)
class SeatView:
    """One player's seat as the table shows it.

    ``name`` and ``team`` come from scenario files: they are always escaped on output.
    """

    name: str
    position: Position
    is_dealer: bool = False
    is_taker: bool = False
    is_learner: bool = False
    to_move: bool = False
    cards_left: int = 0
    tricks_won: int | None = 0  # None: not known (earlier tricks in a side's one pile)
    points: float | None = None
    team: str = ""


@dataclass(frozen=True)
class TrickCard:
    """A card of the current trick, by the position of the player who played it."""

    position: Position
    card: Card
    highlight: Highlight = None
    winning: bool = False


@dataclass(frozen=True)
class TableView:
    """Everything :func:`table_svg` and :func:`table_summary` draw.

    Raises:
        ValueError: two seats share a position (they would be drawn on top of each other).
    """

    game: str
    seats: tuple[SeatView, ...]
    trick: tuple[TrickCard, ...]
    trump: str = ""
    contract: str = ""
    tally: tuple[str, ...] = ()  # each side's tricks and points so far, a line each
    trump_card: Card | None = None
    stock_count: int | None = None
    four_colour: bool = False
    large: bool = False
    italian_suits: bool = False
    #: Which way play goes round the table (``counter-clockwise``, ``clockwise``), drawn
    #: as a small round arrow; None draws none (two players, where it means nothing).
    direction: str | None = None

    def __post_init__(self) -> None:
        positions = [s.position for s in self.seats]
        if len(set(positions)) != len(positions):
            raise ValueError(f"two seats share a position: {positions}")


# ---------------------------------------------------------------------------
# Colours, fonts, text helpers

_LATIN_FONTS = ("DejaVu Sans", "Arial")


def _font() -> str:
    """The picture's font list: the Latin fonts the widths are measured with, then the
    system CJK fonts of the page's language (names and captions in Chinese)."""
    return font_stack(_LATIN_FONTS)


_SERIF = "DejaVu Serif, Georgia, serif"

_INK = "#1a1a1a"
_RED = "#c62828"
_BLUE = "#1565c0"
_GREEN = "#2e7d32"
_TRUMP_INK = "#4e342e"

_HL_COLOUR: dict[str, str] = {
    "forcing": "#ef6c00",
    "legal": "#2e7d32",
    "answer": "#1565c0",
    "wrong": "#c62828",
}
_GOLD = "#ffd54f"

# Words from the catalogue, looked up when used (the language is the context's). The
# keys are spelled out so that tests/test_i18n.py finds them.
_Words: TypeAlias = dict[str, Callable[[], str]]
_MARK_WORDS: _Words = {
    "forcing": lambda: t("svg.mark.forcing"),
    "legal": lambda: t("svg.mark.legal"),
    "answer": lambda: t("svg.mark.answer"),
    "wrong": lambda: t("svg.mark.wrong"),
    "dim": lambda: t("svg.mark.dim"),
}
_RANK_WORDS: _Words = {
    "A": lambda: t("svg.rank.ace"),
    "K": lambda: t("svg.rank.king"),
    "Q": lambda: t("svg.rank.queen"),
    "J": lambda: t("svg.rank.jack"),
    "C": lambda: t("svg.rank.knight"),
    "10": lambda: t("svg.rank.10"),
    "9": lambda: t("svg.rank.9"),
    "8": lambda: t("svg.rank.8"),
    "7": lambda: t("svg.rank.7"),
    "6": lambda: t("svg.rank.6"),
    "5": lambda: t("svg.rank.5"),
    "4": lambda: t("svg.rank.4"),
    "3": lambda: t("svg.rank.3"),
    "2": lambda: t("svg.rank.2"),
    "1": lambda: t("svg.rank.1"),
}
_SUIT_WORDS: dict[Suit, Callable[[], str]] = {
    Suit.SPADES: lambda: t("common.suit.spades"),
    Suit.HEARTS: lambda: t("common.suit.hearts"),
    Suit.DIAMONDS: lambda: t("common.suit.diamonds"),
    Suit.CLUBS: lambda: t("common.suit.clubs"),
}
_ITALIAN: dict[Suit, Callable[[], str]] = {
    Suit.SPADES: lambda: t("svg.italian_suit.spades"),
    Suit.HEARTS: lambda: t("svg.italian_suit.hearts"),
    Suit.DIAMONDS: lambda: t("svg.italian_suit.diamonds"),
    Suit.CLUBS: lambda: t("svg.italian_suit.clubs"),
}
_SUIT_BY_SYMBOL = {"♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS}

# Characters XML 1.0 forbids (they would make the document unparseable).
_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _clean(text: str) -> str:
    """Remove characters that are not allowed in XML (and turn tabs/newlines to spaces)."""
    return _XML_INVALID.sub("", str(text)).replace("\t", " ").replace("\n", " ").replace("\r", "")


def _t(text: str) -> str:
    """Text content, escaped."""
    return escape(_clean(text))


def _a(text: str) -> str:
    """A double-quoted attribute value, escaped."""
    return '"' + escape(_clean(text), {'"': "&quot;"}) + '"'


def _n(x: float) -> str:
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


def _text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of a text in DejaVu Sans (a little generous for Arial and phone fonts)."""
    return sum(_char_width(ch, bold) for ch in text) * size * 0.00102


def _fit(text: str, size: float, max_width: float, bold: bool = False) -> tuple[str, str]:
    """Shorten ``text`` to fit ``max_width``; returns it and an extra attribute string.

    Slightly long text is squeezed with ``textLength``; longer text is cut with "…".
    """
    text = _clean(text).strip()
    width = _text_width(text, size, bold)
    if width <= max_width:
        return text, ""
    limit = max_width * 1.25
    if width > limit:
        while text and _text_width(text + "…", size, bold) > limit:
            text = text[:-1]
        text = text.rstrip() + "…"
    squeeze = f' textLength="{_n(max_width)}" lengthAdjust="spacingAndGlyphs"'
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
    return _TRUMP_INK


def _rich(text: str, four_colour: bool) -> str:
    """Escaped text whose suit symbols are coloured (for labels on a light panel)."""
    out: list[str] = []
    for ch in text:
        suit = _SUIT_BY_SYMBOL.get(ch)
        if suit is None:
            out.append(escape(ch))
        else:
            out.append(f'<tspan fill="{_suit_colour(suit, four_colour)}">{ch}</tspan>')
    return "".join(out)


# ---------------------------------------------------------------------------
# Shapes (each pip path fits a 100 x 100 box centred on 50,50)

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
        pts.append(f"{_n(cx + r * math.cos(angle))} {_n(cy - r * math.sin(angle))}")
    return "M" + "L".join(pts) + "Z"


_STAR = _star_path(50, 53, 50, 20)  # in a 100 x 100 box, like the pips


def _pip(suit: Suit, cx: float, cy: float, size: float, fill: str) -> str:
    path = _PIP_PATHS.get(suit, _STAR)
    x, y, s = cx - size / 2, cy - size / 2, size / 100
    return f'<path transform="translate({_n(x)} {_n(y)}) scale({_n(s)})" d="{path}" fill="{fill}"/>'


# ---------------------------------------------------------------------------
# Cards. A card is drawn in its own 100 x 140 box (origin top-left); the highlight
# ring and badges stick out by up to 6 units.

_CARD_W = 100
_CARD_H = 140
_EDGE = (
    '<rect x="0.6" y="0.6" width="98.8" height="138.8" rx="8" '
    'fill="{fill}" stroke="{stroke}" stroke-width="1.2"/>'
)


def _corner(rank: str, colour: str, suit: Suit) -> str:
    if len(rank) >= 2:
        rank_text = (
            f'<text x="13" y="28" font-size="25" font-weight="bold" text-anchor="middle" '
            f'fill="{colour}" textLength="22" lengthAdjust="spacingAndGlyphs">{_t(rank)}</text>'
        )
    else:
        rank_text = (
            f'<text x="13" y="28" font-size="26" font-weight="bold" text-anchor="middle" '
            f'fill="{colour}">{_t(rank)}</text>'
        )
    return rank_text + _pip(suit, 13, 42, 17, colour)


def _plain_face(card: Card, four_colour: bool) -> str:
    colour = suit_colour(card, four_colour)
    corner = _corner(card.rank, colour, card.suit)
    parts = [_EDGE.format(fill="#ffffff", stroke="#9e9e9e"), corner]
    parts.append(f'<g transform="rotate(180 50 70)">{corner}</g>')
    if card.rank in ("J", "C", "Q", "K"):
        parts.append(
            f'<rect x="27" y="22" width="46" height="96" rx="5" fill="{colour}" '
            f'fill-opacity="0.07" stroke="{colour}" stroke-width="1.4"/>'
            f'<text x="50" y="72" font-family="{_SERIF}" font-size="38" font-weight="bold" '
            f'text-anchor="middle" fill="{colour}">{_t(card.rank)}</text>'
        )
        parts.append(_pip(card.suit, 50, 94, 28, colour))
    elif card.rank == "A":
        parts.append(_pip(card.suit, 50, 70, 62, colour))
    else:
        parts.append(_pip(card.suit, 50, 70, 48, colour))
    return "".join(parts)


class _FaceWords(NamedTuple):
    """The words printed on cards (a Tarot trump's band and corner, the Excuse, backs)."""

    trump_band: str
    trump_corner: str
    excuse: str
    back_logo: str


def _face_words() -> _FaceWords:
    return _FaceWords(
        t("svg.face_trump_band"),
        t("svg.face_trump_corner"),
        t("svg.face_excuse"),
        t("svg.face_back_logo"),
    )


def _fitted(text: str, size: float, max_width: float, bold: bool = True) -> tuple[str, str]:
    """Like :func:`_fit`, the text escaped (for words printed on a card)."""
    fitted, squeeze = _fit(text, size, max_width, bold)
    return _t(fitted), squeeze


def _trump_face(card: Card, words: _FaceWords) -> str:
    ink = _TRUMP_INK
    number = _t(card.rank)
    letter, letter_fit = _fitted(words.trump_corner, 9, 18)
    corner = (
        f'<text x="14" y="25" font-size="{20 if len(number) > 1 else 22}" font-weight="bold" '
        f'text-anchor="middle" fill="{ink}">{number}</text>'
        f'<text x="14" y="37" font-size="9" font-weight="bold" text-anchor="middle" '
        f'fill="#8d6e63"{letter_fit}>{letter}</text>'
    )
    band = _clean(words.trump_band).strip()
    if _text_width(band, 8.5, True) + 1.2 * max(len(band) - 1, 0) <= 42:
        band, band_attrs = _t(band), ' letter-spacing="1.2"'
    else:  # squeezed or cut, without letter spacing (it would fight textLength)
        band, band_attrs = _fitted(band, 8.5, 42)
    return (
        _EDGE.format(fill="#fbf3dc", stroke="#a1887f")
        + '<rect x="27" y="16" width="46" height="108" rx="4" fill="#f3e2b8" '
        'stroke="#b08d57" stroke-width="1"/>'
        + corner
        + f'<g transform="rotate(180 50 70)">{corner}</g>'
        + f'<text x="50" y="40" font-size="8.5" font-weight="bold"{band_attrs} '
        f'text-anchor="middle" fill="#8d6e63">{band}</text>'
        + f'<text x="50" y="{84 if len(number) > 1 else 86}" font-family="{_SERIF}" '
        f'font-size="{32 if len(number) > 1 else 44}" font-weight="bold" text-anchor="middle" '
        f'fill="{ink}">{number}</text>' + _pip(Suit.TRUMP, 50, 106, 12, "#b08d57")
    )


def _excuse_face(words: _FaceWords) -> str:
    ink = "#5d4037"
    corner = _pip(Suit.EXCUSE, 16, 18, 14, ink)
    name, name_fit = _fitted(words.excuse, 16, 80)
    return (
        _EDGE.format(fill="#fbf3dc", stroke="#a1887f")
        + '<rect x="5" y="5" width="90" height="130" rx="5" fill="none" '
        'stroke="#b08d57" stroke-width="1" stroke-dasharray="3 3"/>'
        + corner
        + f'<g transform="rotate(180 50 70)">{corner}</g>'
        + _pip(Suit.EXCUSE, 50, 62, 56, ink)
        + f'<text x="50" y="108" font-family="{_SERIF}" font-size="16" font-style="italic" '
        f'font-weight="bold" text-anchor="middle" fill="{ink}"{name_fit}>{name}</text>'
    )


def _lattice(x0: float, y0: float, x1: float, y1: float, step: float) -> str:
    """Diagonal lines both ways, clipped to a rectangle (computed, so no clipPath/id)."""
    segs: list[str] = []
    w, h = x1 - x0, y1 - y0
    c = -h + step / 2
    while c < w:
        # Line u - v = c (slope +1) and its mirror, with u in [0, w], v in [0, h].
        u_start, u_end = max(0.0, c), min(w, c + h)
        if u_end > u_start:
            a = (x0 + u_start, y0 + u_start - c)
            b = (x0 + u_end, y0 + u_end - c)
            segs.append(f"M{_n(a[0])} {_n(a[1])}L{_n(b[0])} {_n(b[1])}")
            segs.append(f"M{_n(x1 - (a[0] - x0))} {_n(a[1])}L{_n(x1 - (b[0] - x0))} {_n(b[1])}")
        c += step
    return "".join(segs)


_LATTICE = _lattice(6, 6, 94, 134, 11)


@functools.lru_cache(maxsize=16)
def _back(logo: str) -> str:
    """A card's back, with the app's logo letter in the middle."""
    letter, letter_fit = _fitted(logo, 26, 34)
    return (
        _EDGE.format(fill="#ffffff", stroke="#9e9e9e")
        + '<rect x="6" y="6" width="88" height="128" rx="3" fill="#1f3f73"/>'
        + f'<path d="{_LATTICE}" stroke="#5b7fb8" stroke-width="1.3" fill="none"/>'
        + '<rect x="6" y="6" width="88" height="128" rx="3" fill="none" stroke="#0f2447" '
        'stroke-width="1.5"/>'
        + '<rect x="30" y="48" width="40" height="44" rx="6" fill="#1f3f73" stroke="#c5d3ea" '
        'stroke-width="1.5"/>'
        + f'<text x="50" y="80" font-family="{_SERIF}" font-size="26" font-weight="bold" '
        f'text-anchor="middle" fill="#c5d3ea"{letter_fit}>{letter}</text>'
    )


@functools.lru_cache(maxsize=512)
def _card_face(card: Card, four_colour: bool, words: _FaceWords) -> str:
    if card.suit is Suit.EXCUSE:
        return _excuse_face(words)
    if card.suit is Suit.TRUMP:
        return _trump_face(card, words)
    return _plain_face(card, four_colour)


def _badge_glyph(kind: str) -> str:
    common = 'stroke="#ffffff" stroke-width="2.6" stroke-linecap="round" fill="none"'
    if kind == "forcing":
        return f'<path d="M0 -5.5V1.5" {common}/><circle cx="0" cy="5.3" r="1.6" fill="#ffffff"/>'
    if kind == "answer":
        return f'<path d="M-4.6 0.4L-1.4 3.8L4.8 -3.6" {common} stroke-linejoin="round"/>'
    if kind == "wrong":
        return f'<path d="M-4 -4L4 4M4 -4L-4 4" {common}/>'
    return ""


_RING_STYLE: dict[str, str] = {
    "forcing": ' stroke-dasharray="10 5"',
    "legal": ' stroke-dasharray="0.1 7" stroke-linecap="round"',
    "answer": "",
    "wrong": ' stroke-dasharray="3 3"',
}


def _highlight_marks(highlight: Highlight) -> str:
    """The ring and badge of a highlight, in card coordinates (empty for none/dim)."""
    if highlight is None or highlight == "dim":
        return ""
    colour = _HL_COLOUR[highlight]
    ring = (
        '<rect x="-3" y="-3" width="106" height="146" rx="10" fill="none" '
        'stroke="#ffffff" stroke-width="7.5"/>'
        f'<rect class="hl-ring hl-{highlight}" x="-3" y="-3" width="106" height="146" rx="10" '
        f'fill="none" stroke="{colour}" stroke-width="5"{_RING_STYLE[highlight]}/>'
    )
    glyph = _badge_glyph(highlight)
    if not glyph:
        return ring
    return (
        ring + f'<g class="hl-badge hl-{highlight}" transform="translate(95 5)">'
        f'<circle r="10.5" fill="{colour}" stroke="#ffffff" stroke-width="2"/>{glyph}</g>'
    )


def _card_group(card: Card, four_colour: bool, highlight: Highlight, face_down: bool) -> str:
    """A card in its 100 x 140 box with its highlight marks."""
    words = _face_words()
    body = _back(words.back_logo) if face_down else _card_face(card, four_colour, words)
    if highlight == "dim":
        body = f'<g class="hl-dim" opacity="0.4">{body}</g>'
    return body + _highlight_marks(highlight)


def _card_words(card: Card, italian: bool = False) -> str:
    """A card's name from the catalogue (in English, as :attr:`Card.spoken` says it)."""
    if card.suit is Suit.EXCUSE:
        return t("svg.card.excuse")
    if card.suit is Suit.TRUMP:
        return t("svg.card.trump", number=card.rank)
    rank = _RANK_WORDS[card.rank]() if card.rank in _RANK_WORDS else card.rank
    suits = _ITALIAN if italian else _SUIT_WORDS
    return t("svg.card.plain", rank=rank, suit=suits[card.suit]())


def card_words(card: Card) -> str:
    """A card's name in the page's language ("nine of clubs", "梅花 9"), from the catalogue."""
    return _card_words(card)


def mark_words(highlight: Highlight) -> str:
    """A mark's words in the page's language ("forces your play"), "" for no mark."""
    return _MARK_WORDS[highlight]() if highlight is not None else ""


def card_svg(
    card: Card,
    *,
    four_colour: bool = False,
    highlight: Highlight = None,
    width: int = 72,
    face_down: bool = False,
) -> str:
    """One card as a standalone SVG, ``width`` pixels wide (height follows, ratio 1.36).

    The image includes a thin margin around the card for the highlight ring, so cards
    of the same width line up whatever their highlight. A face-down card's title says
    only "face-down card": it never gives the card away.

    Raises:
        ValueError: ``width`` is not positive.
    """
    if width <= 0:
        raise ValueError(f"card width must be positive, got {width}")
    height = round(width * 152 / 112)
    words = t("svg.card.face_down") if face_down else _card_words(card)
    if highlight is not None:
        words = t("svg.card.marked", card=words, mark=_MARK_WORDS[highlight]())
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-6 -6 112 152" '
        f'width="{width}" height="{height}" role="img" aria-label={_a(words)} '
        f'font-family="{_font()}"><title>{_t(words)}</title>'
        f"{_card_group(card, four_colour, highlight, face_down)}</svg>"
    )


# ---------------------------------------------------------------------------
# The table

_TW, _TH = 600, 420
_FELT = (
    '<defs><radialGradient id="atout-felt" cx="50%" cy="45%" r="70%">'
    '<stop offset="0" stop-color="#2e8b57"/><stop offset="1" stop-color="#175c38"/>'
    "</radialGradient></defs>"
    '<rect x="3" y="3" width="594" height="414" rx="32" fill="url(#atout-felt)" '
    'stroke="#5d3a1a" stroke-width="6"/>'
    '<rect x="12" y="12" width="576" height="396" rx="25" fill="none" stroke="#ffffff" '
    'stroke-opacity="0.13" stroke-width="1.5"/>'
)
_EDGE_GAP = 14  # from the table's outer edge to a name plate
_TOP_GAP = 18  # the top plate leaves room for its pills


@dataclass(frozen=True)
class _Scale:
    font: float  # multiplies font sizes
    card: float  # preferred trick-card width (shrunk if the plates leave less room)
    side_w: float  # width of the left/right name plates
    wide_w: float  # width of the top/bottom name plates


_NORMAL = _Scale(font=1.0, card=66, side_w=148, wide_w=250)
# Presenter mode: the picture is drawn some 1000 pixels wide (the table component puts
# the prompt and the hand beside it), so text 1.3 times the normal size is 28 pixels or
# more, and the plates leave the trick cards larger than in the normal picture.
_LARGE = _Scale(font=1.3, card=100, side_w=150, wide_w=300)
# Font sizes in table units (the table is 600 units wide: on a 390-pixel phone, a unit
# is about 0.6 pixel).
_NAME_SIZE = 18.0
_STAT_SIZE = 14.5
_LABEL_SIZE = 15.0
_TAG_SIZE = 10.0
_CAPTION_SIZE = 13.0


@dataclass(frozen=True)
class _Plate:
    """A name plate, measured (its centre is set once the table is laid out)."""

    seat: SeatView
    w: float
    h: float
    name: str
    name_fit: str
    team_inline: str  # the team, shown after the name (wide plates), or ""
    lines: tuple[tuple[tuple[str, bool], ...], ...]  # lines of (text, is_team) items


def _stat_items(seat: SeatView) -> list[str]:
    """A plate's figures: "7 cards", "2 tricks", "34 pts"."""
    items = [tn("plural.cards", seat.cards_left)]
    if seat.tricks_won is not None:
        items.append(tn("plural.tricks", seat.tricks_won))
    if seat.points is not None:
        items.append(tn("svg.points_short", round(seat.points, 2)))
    return items


def _sep() -> str:
    """The separator between a plate's figures (" · ")."""
    return t("svg.stat_separator")


def _wrap(
    items: list[tuple[str, bool]], size: float, max_width: float
) -> tuple[tuple[tuple[str, bool], ...], ...]:
    """Greedy wrapping of ``items`` (joined by " · ") into lines of at most ``max_width``."""
    lines: list[list[tuple[str, bool]]] = []
    for item in items:
        if lines:
            text = _sep().join(text for text, _ in [*lines[-1], item])
            if _text_width(text, size) <= max_width:
                lines[-1].append(item)
                continue
        lines.append([item])
    return tuple(tuple(line) for line in lines)


def _measure_plate(seat: SeatView, sc: _Scale) -> _Plate:
    k = sc.font
    side = seat.position in ("left", "right")
    w = sc.side_w if side else sc.wide_w
    pad = 9 * k
    inner = w - 2 * pad
    name_size, stat_size = _NAME_SIZE * k, _STAT_SIZE * k
    name, name_fit = _fit(seat.name, name_size, inner, bold=True)
    team = _cut(seat.team, stat_size, inner)
    team_inline = ""
    items = [(t, False) for t in _stat_items(seat)]
    if team:
        gap = 0.7 * name_size
        if (
            not side
            and not name_fit
            and (
                _text_width(name, name_size, True) + gap + _text_width(team, 0.8 * name_size)
                <= inner
            )
        ):
            team_inline = team
        else:
            items.append((team, True))
    lines = _wrap(items, stat_size, inner)
    h = pad * 1.2 + name_size * 1.1 + len(lines) * stat_size * 1.3 + pad * 0.5
    if not side:  # wide plates shrink to their content, leaving room for the corner panels
        content = max(
            [_line_width(line, stat_size) for line in lines]
            + [_text_width(name, name_size, True) if not name_fit else inner]
        )
        if team_inline:
            content = max(
                content,
                _text_width(name, name_size, True)
                + 0.7 * name_size
                + _text_width(team_inline, 0.8 * name_size),
            )
        w = min(w, max(content + 2 * pad + 8 * k, 170 * k))
    return _Plate(seat, w, h, name, name_fit, team_inline, lines)


def _line_width(line: tuple[tuple[str, bool], ...], size: float) -> float:
    return _text_width(_sep().join(text for text, _ in line), size)


def _cut(text: str, size: float, max_width: float, bold: bool = False) -> str:
    """``text`` cut with "…" so that it is at most ``max_width`` wide."""
    text = " ".join(_clean(text).split())
    if _text_width(text, size, bold) <= max_width:
        return text
    while text and _text_width(text + "…", size, bold) > max_width:
        text = text[:-1]
    return text.rstrip() + "…"


def _pill(cx: float, cy: float, text: str, size: float, fill: str, ink: str, cls: str) -> str:
    w = _pill_width(text, size)
    h = size * 1.55
    return (
        f'<g class="{cls}"><rect x="{_n(cx - w / 2)}" y="{_n(cy - h / 2)}" width="{_n(w)}" '
        f'height="{_n(h)}" rx="{_n(h / 2)}" fill="{fill}" stroke="#ffffff" stroke-width="1"/>'
        f'<text x="{_n(cx)}" y="{_n(cy + size * 0.36)}" font-size="{_n(size)}" '
        f'font-weight="bold" text-anchor="middle" fill="{ink}">{_t(text)}</text></g>'
    )


def _pill_width(text: str, size: float) -> float:
    return _text_width(text, size, bold=True) + size * 1.2


def _draw_plate(p: _Plate, cx: float, cy: float, k: float) -> str:
    """A seat's name plate with its dealer chip, "YOU" and "TAKER" pills, to-move marks."""
    seat = p.seat
    w, h = p.w, p.h
    x0, y0 = cx - w / 2, cy - h / 2
    pad = 9 * k
    name_size, stat_size = _NAME_SIZE * k, _STAT_SIZE * k
    out = [f'<g class="seat seat-{seat.position}">']
    box = f'x="{_n(x0)}" y="{_n(y0)}" width="{_n(w)}" height="{_n(h)}" rx="{_n(10 * k)}"'
    if seat.to_move:
        out.append(
            f'<rect class="to-move" {box} fill="none" stroke="{_GOLD}" stroke-opacity="0.35" '
            f'stroke-width="{_n(10 * k)}"/>'
        )
    fill, opacity = ("#0b2e1c", "0.85") if seat.is_learner else ("#000000", "0.45")
    if seat.to_move:
        stroke = f'stroke="{_GOLD}" stroke-width="2.5"'
    else:
        stroke = 'stroke="#ffffff" stroke-opacity="0.35" stroke-width="1"'
    out.append(f'<rect {box} fill="{fill}" fill-opacity="{opacity}" {stroke}/>')

    y = y0 + pad * 1.2 + name_size * 0.8
    team = ""
    if p.team_inline:
        team = (
            f'<tspan font-size="{_n(0.8 * name_size)}" font-weight="normal" font-style="italic" '
            f'fill="#a5d6a7" dx="{_n(0.7 * name_size)}">{_t(p.team_inline)}</tspan>'
        )
    out.append(
        f'<text class="seat-name" x="{_n(cx)}" y="{_n(y)}" font-size="{_n(name_size)}" '
        f'font-weight="bold" text-anchor="middle" fill="#ffffff"{p.name_fit}>'
        f"{_t(p.name)}{team}</text>"
    )
    y += name_size * 0.3 + stat_size * 1.15
    for line in p.lines:
        spans = []
        for i, (text, is_team) in enumerate(line):
            sep = _sep() if i else ""
            if is_team:
                spans.append(f'{sep}<tspan font-style="italic" fill="#a5d6a7">{_t(text)}</tspan>')
            else:
                spans.append(_t(sep + text))
        out.append(
            f'<text x="{_n(cx)}" y="{_n(y)}" font-size="{_n(stat_size)}" text-anchor="middle" '
            f'fill="#e8f5e9">{"".join(spans)}</text>'
        )
        y += stat_size * 1.3

    tag = _TAG_SIZE * k
    left = x0 + 4 * k
    if seat.is_dealer:
        r = 10 * k
        chip, chip_fit = _fitted(t("svg.dealer_chip"), r * 1.15, r * 1.5)
        out.append(
            f'<g class="dealer"><circle cx="{_n(left)}" cy="{_n(y0 + 2 * k)}" r="{_n(r)}" '
            f'fill="#ffffff" stroke="#263238" stroke-width="1.5"/>'
            f'<text x="{_n(left)}" y="{_n(y0 + 2 * k + r * 0.4)}" font-size="{_n(r * 1.15)}" '
            f'font-weight="bold" text-anchor="middle" fill="#263238"{chip_fit}>{chip}</text></g>'
        )
        left += r + 4 * k
    else:
        left += 6 * k
    if seat.is_learner:
        you = t("svg.pill_you")
        pw = _pill_width(you, tag)
        out.append(_pill(left + pw / 2, y0, you, tag, "#e3f2fd", "#0d47a1", "you"))
    if seat.is_taker:
        taker = t("svg.pill_taker")
        pw = _pill_width(taker, tag)
        out.append(_pill(x0 + w - 6 * k - pw / 2, y0, taker, tag, "#ffca28", "#3e2723", "taker"))
    if seat.to_move:
        out.append(_arrow(seat.position, cx, cy, w, h, k))
    out.append("</g>")
    return "".join(out)


def _arrow(position: Position, cx: float, cy: float, w: float, h: float, k: float) -> str:
    """A triangle on the plate's inner edge, pointing toward the centre of the table."""
    out, half = 8 * k, 8 * k  # how far the tip sticks out; half the base
    base = 5 * k  # the base sits this far inside the plate
    if position == "bottom":
        e = cy - h / 2
        pts = [(cx, e - out), (cx - half, e + base), (cx + half, e + base)]
    elif position == "top":
        e = cy + h / 2
        pts = [(cx, e + out), (cx - half, e - base), (cx + half, e - base)]
    elif position == "left":
        e = cx + w / 2
        pts = [(e + out, cy), (e - base, cy - half), (e - base, cy + half)]
    else:
        e = cx - w / 2
        pts = [(e - out, cy), (e + base, cy - half), (e + base, cy + half)]
    d = "M" + "L".join(f"{_n(x)} {_n(y)}" for x, y in pts) + "Z"
    return (
        f'<path class="to-move-arrow" d="{d}" fill="{_GOLD}" stroke="#3e2723" '
        f'stroke-width="1.2" stroke-linejoin="round"/>'
    )


@dataclass(frozen=True)
class _Layout:
    plates: tuple[tuple[_Plate, float, float], ...]  # plate, centre x, centre y
    cy: float  # centre of the trick
    card_w: float  # trick card width
    left_room: float  # the labels panel may go down to this y
    top_x0: float  # the top plate's left edge (the labels panel stops before it)
    top_x1: float  # the top plate's right edge (the stock panel starts after it)


def _layout(view: TableView, sc: _Scale) -> _Layout:
    k = sc.font
    measured = {seat.position: _measure_plate(seat, sc) for seat in view.seats}
    reserve = 9 * k  # the to-move arrow sticks out of a plate's inner edge
    ring = 7.0  # room for highlight rings and badges around the trick cards
    top = measured.get("top")
    bottom = measured.get("bottom")
    top_edge = (_TOP_GAP + top.h + reserve) if top else 34.0
    bottom_edge = (_TH - _EDGE_GAP - bottom.h - reserve) if bottom else _TH - 34.0
    cy = (top_edge + bottom_edge) / 2
    side_w = max((p.w for pos, p in measured.items() if pos in ("left", "right")), default=0.0)
    side_edge = _EDGE_GAP + side_w + reserve if side_w else 34.0
    # Trick cards: dy = 0.6 ch (a gap of 0.2 ch), dx = 1.22 cw (a gap of 0.22 cw).
    by_height = (bottom_edge - top_edge - 2 * ring) / 2.2 / 1.4
    by_width = (_TW / 2 - side_edge - ring) / 1.72
    card_w = max(30.0, min(sc.card, by_height, by_width))

    plates: list[tuple[_Plate, float, float]] = []
    left_room = _TH - 40.0
    for seat in view.seats:
        p = measured[seat.position]
        if seat.position == "bottom":
            x, y = _TW / 2, _TH - _EDGE_GAP - p.h / 2
        elif seat.position == "top":
            x, y = _TW / 2, _TOP_GAP + p.h / 2
        elif seat.position == "left":
            x, y = _EDGE_GAP + p.w / 2, cy
            left_room = min(left_room, cy - p.h / 2 - 16 * k)
        else:
            x, y = _TW - _EDGE_GAP - p.w / 2, cy
        plates.append((p, x, y))
    top_x0 = _TW / 2 - top.w / 2 if top else _TW / 2 - 60
    return _Layout(tuple(plates), cy, card_w, left_room, top_x0, _TW - top_x0)


_WINNING_FRAME = (
    '<rect class="winning-frame" x="-8" y="-8" width="116" height="156" rx="13" '
    f'fill="none" stroke="{_GOLD}" stroke-width="4"/>'
)
_WINNING_BADGE = (
    '<g class="winning" transform="translate(4 136)">'
    f'<circle r="12" fill="{_GOLD}" stroke="#3e2723" stroke-width="1.5"/>'
    f'<path transform="translate(-8 -8.5) scale(0.16)" d="{_STAR}" fill="#3e2723"/></g>'
)


def _trick(view: TableView, lay: _Layout) -> str:
    cw = lay.card_w
    ch = cw * _CARD_H / _CARD_W
    cx, cy = _TW / 2, lay.cy
    dx, dy = cw * 1.22, ch * 0.6
    offsets: dict[Position, tuple[float, float]] = {
        "bottom": (0, dy),
        "top": (0, -dy),
        "left": (-dx, 0),
        "right": (dx, 0),
    }
    s = _n(cw / _CARD_W)
    out: list[str] = []
    for tc in view.trick:
        ox, oy = offsets[tc.position]
        x, y = cx + ox - cw / 2, cy + oy - ch / 2
        frame = _WINNING_FRAME if tc.winning else ""
        badge = _WINNING_BADGE if tc.winning else ""
        group = _card_group(tc.card, view.four_colour, tc.highlight, False)
        out.append(
            f'<g class="trick-card trick-{tc.position}" '
            f'transform="translate({_n(x)} {_n(y)}) scale({s})">{frame}{group}{badge}</g>'
        )
    return "".join(out)


def _greedy_lines(words: list[str], size: float, max_width: float, bold: bool) -> list[str]:
    lines: list[str] = []
    for word in words:
        if lines and _text_width(lines[-1] + " " + word, size, bold) <= max_width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _wrap_words(text: str, size: float, max_width: float, max_lines: int, bold: bool) -> list[str]:
    """Word-wrap a label into at most ``max_lines`` balanced lines (the last cut with "…")."""
    words = text.split()
    lines = _greedy_lines(words, size, max_width, bold)
    if 1 < len(lines) <= max_lines:
        # Balance the lines (no lone last word): the narrowest width giving as many lines.
        width = max(_text_width(w, size, bold) for w in words)
        width = max(width, _text_width(text, size, bold) / len(lines))
        while width < max_width:
            balanced = _greedy_lines(words, size, width, bold)
            if len(balanced) <= len(lines):
                lines = balanced
                break
            width += 3
    if len(lines) > max_lines:
        lines = [*lines[: max_lines - 1], " ".join(lines[max_lines - 1 :])]
    return [_cut(line, size, max_width, bold) for line in lines]


def _labels(view: TableView, sc: _Scale, lay: _Layout) -> str:
    """The trump and contract labels, on a light panel in the top-left corner."""
    k = sc.font
    size = _LABEL_SIZE * k
    line_h = size * 1.3
    pad = 8 * k
    x0, y0 = 22.0, 22.0
    max_w = min(lay.top_x0 - x0 - 10 - 2 * pad, 260.0)
    max_lines = max(1, int((lay.left_room - y0 - 1.2 * pad) // line_h))
    lines: list[tuple[str, bool]] = []
    for i, raw in enumerate((view.trump, view.contract, *view.tally)):
        text = " ".join(_clean(raw).split())
        if text:
            room = min(3 if i < 2 else 2, max_lines - len(lines))
            if room <= 0:
                break
            lines.extend((t, i == 0) for t in _wrap_words(text, size, max_w, room, i == 0))
    if not lines:
        return ""
    text_w = max(_text_width(t, size, bold) for t, bold in lines)
    w, h = min(text_w, max_w) + 2 * pad, len(lines) * line_h + pad * 1.2
    out = [
        f'<g class="labels"><rect x="{_n(x0)}" y="{_n(y0)}" width="{_n(w)}" height="{_n(h)}" '
        f'rx="{_n(7 * k)}" fill="#ffffff" fill-opacity="0.93" stroke="#0b2e1c" '
        f'stroke-opacity="0.4"/>'
    ]
    y = y0 + pad * 0.6 + size
    for text, bold in lines:
        weight = ' font-weight="bold"' if bold else ""
        out.append(
            f'<text x="{_n(x0 + pad)}" y="{_n(y)}" font-size="{_n(size)}"{weight} '
            f'fill="#1a1a1a">{_rich(text, view.four_colour)}</text>'
        )
        y += line_h
    out.append("</g>")
    return "".join(out)


_BACK_CARD = Card(Suit.SPADES, "A")  # any card: only its back is drawn


def _small_card(x: float, y: float, width: float, card: Card, four: bool, down: bool) -> str:
    s = _n(width / _CARD_W)
    words = _face_words()
    body = _back(words.back_logo) if down else _card_face(card, four, words)
    return f'<g transform="translate({_n(x)} {_n(y)}) scale({s})">{body}</g>'


def _caption_width(text: str, size: float) -> float:
    """A generous estimate of a caption's width (Chinese characters are a full em wide)."""
    return max(len(text) * size * 0.56, _text_width(text, size))


def _caption(cx: float, y: float, size: float, text: str, end: float = _TW - 14.0) -> str:
    """A caption under a small card, centred on it unless that would run past ``end``
    (the table's right edge, or the next caption's start: large type in presenter mode):
    then it ends there.

    >>> 'text-anchor="end"' in _caption(580, 10, 30, "Turned up")
    True
    >>> 'text-anchor="middle"' in _caption(300, 10, 12, "Trump")
    True
    >>> 'x="280"' in _caption(300, 10, 20, "Trump", end=280)
    True
    """
    end = min(end, _TW - 14.0)
    if cx + _caption_width(text, size) / 2 > end:
        x, anchor = end, "end"
    else:
        x, anchor = cx, "middle"
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" '
        f'text-anchor="{anchor}" fill="#ffffff">{_t(text)}</text>'
    )


def _caption_start(cx: float, size: float, text: str) -> float:
    """Where :func:`_caption` starts a caption of ``text`` centred at ``cx``."""
    width = _caption_width(text, size)
    return min(cx + width / 2, _TW - 14.0) - width


def _stock(view: TableView, sc: _Scale, lay: _Layout) -> str:
    """Briscola's face-up trump card and stock (or Belote's turned-up card), top right."""
    if view.trump_card is None and view.stock_count is None:
        return ""
    k = sc.font
    cw = min(sc.card, lay.card_w) * 0.8
    room = _TW - 22 - (lay.top_x1 + 10)  # between the top plate and the table's edge
    both = view.trump_card is not None and view.stock_count is not None
    cw = max(24.0, min(cw, (room - 10) / 2 if both else room))
    ch = cw * _CARD_H / _CARD_W
    size = _CAPTION_SIZE * k
    caption_y = 20 + ch + 6 + size
    x = _TW - 22 - cw
    out = ['<g class="stock">']
    if view.stock_count is not None:
        n = view.stock_count
        for i in range(min(max(n, 0), 3)):
            off = (min(n, 3) - 1 - i) * 2.5
            out.append(_small_card(x + off, 20 + off, cw, _BACK_CARD, False, True))
        if n <= 0:
            out.append(
                f'<rect x="{_n(x)}" y="20" width="{_n(cw)}" height="{_n(ch)}" '
                f'rx="{_n(cw * 0.08)}" fill="none" stroke="#ffffff" stroke-opacity="0.6" '
                f'stroke-dasharray="4 3"/>'
            )
        stock_caption = t("svg.caption_stock", n=n)
        out.append(_caption(x + cw / 2, caption_y, size, stock_caption))
        # The trump card's caption ends before the stock's begins (never "TrumpStock 1").
        end = _caption_start(x + cw / 2, size, stock_caption) - 0.6 * size
        x -= cw + 10
    else:
        end = _TW - 14.0
    if view.trump_card is not None:
        if view.stock_count is not None:
            caption = t("svg.caption_trump")
        else:
            caption = t("svg.caption_turned_up")
        out.append(_small_card(x, 20, cw, view.trump_card, view.four_colour, False))
        out.append(_caption(x + cw / 2, caption_y, size, caption, end))
    out.append("</g>")
    return "".join(out)


_DIRECTION_WORDS: _Words = {
    "counter-clockwise": lambda: t("svg.direction.counter_clockwise"),
    "clockwise": lambda: t("svg.direction.clockwise"),
}


def _direction_mark(view: TableView, sc: _Scale) -> str:
    """A small round arrow in the table's bottom-left corner, turning the way play goes
    (its title says it in words); nothing for a table without a direction.

    >>> 'class="direction direction-clockwise"' in _direction_mark(
    ...     TableView("belote", (), (), direction="clockwise"), _NORMAL)
    True
    """
    words = _DIRECTION_WORDS.get(view.direction or "")
    if words is None:
        return ""
    k = sc.font
    r = 11 * k
    cx, cy = 24 + r, _TH - 22 - r
    mirror = view.direction == "clockwise"

    def at(phi: float, radius: float = r) -> tuple[float, float]:
        # Screen angles (y down); counter-clockwise on screen is decreasing phi.
        x = radius * math.cos(math.radians(phi))
        y = cy + radius * math.sin(math.radians(phi))
        return (cx - x if mirror else cx + x), y

    start, end = at(300), at(50)
    sweep = 1 if mirror else 0
    head = 5.5 * k
    # The arrowhead at the arc's end, along the way of play (the tangent).
    tip_phi = 50 - math.degrees(head * 1.4 / r)
    tip = at(tip_phi)
    outer, inner = at(50, r + head), at(50, r - head)
    arc = f"M{_n(start[0])} {_n(start[1])} A{_n(r)} {_n(r)} 0 1 {sweep} {_n(end[0])} {_n(end[1])}"
    point = "M" + "L".join(f"{_n(x)} {_n(y)}" for x, y in (outer, tip, inner)) + "Z"
    return (
        f'<g class="direction direction-{view.direction}" opacity="0.8">'
        f"<title>{_t(words())}</title>"
        f'<path d="{arc}" fill="none" stroke="#ffffff" stroke-width="{_n(2.2 * k)}" '
        f'stroke-linecap="round"/><path d="{point}" fill="#ffffff"/></g>'
    )


def table_svg(view: TableView) -> str:
    """The card table as a standalone, scalable SVG (viewBox 600 x 420, width 100%).

    Name plates sit at their positions (the learner's, at the bottom, is tagged "YOU"),
    the current trick's cards are drawn around the centre, each offset toward the
    player who played it, the trump and contract labels in the top-left corner and
    the face-up trump card and stock in the top-right corner. Its title and
    ``aria-label`` are :func:`table_summary`.
    """
    sc = _LARGE if view.large else _NORMAL
    lay = _layout(view, sc)
    summary = table_summary(view)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_TW} {_TH}" width="100%" '
        f'role="img" aria-label={_a(summary)} font-family="{_font()}">'
        f"<title>{_t(summary)}</title>",
        _FELT,
        _labels(view, sc, lay),
        _stock(view, sc, lay),
        _direction_mark(view, sc),
    ]
    parts.extend(_draw_plate(p, x, y, sc.font) for p, x, y in lay.plates)
    parts.append(_trick(view, lay))
    parts.append("</svg>")
    return "".join(parts)


# ---------------------------------------------------------------------------
# Words for screen readers

_WHERE: dict[Position, Callable[[], str]] = {
    "bottom": lambda: t("svg.where.bottom"),
    "left": lambda: t("svg.where.left"),
    "top": lambda: t("svg.where.top"),
    "right": lambda: t("svg.where.right"),
}
# A line given by the caller that already ends a sentence (Latin or CJK punctuation).
_SENTENCE_END = frozenset(".!?…。！？")


def _words(text: str) -> str:
    """Data text on one line, without characters XML forbids."""
    return " ".join(_clean(text).split())


def _sentence(text: str) -> str:
    """A trump or contract line as a sentence ("" for none)."""
    text = _words(text)
    if not text:
        return ""
    return text if text[-1] in _SENTENCE_END else t("svg.sentence", text=text)


def _listed(items: list[str], *, clauses: bool = False) -> str:
    """Items as a list inside a sentence: "a", "a and b", "a, b and c".

    ``clauses``: each item is a clause ("you are the dealer", "it is your turn"), which
    Chinese joins with a comma, not with 和 as it joins names.
    """
    if len(items) <= 1:
        return "".join(items)
    if clauses:
        rest = t("svg.clause_list_separator").join(items[:-1])
        return t("svg.clause_list_last", rest=rest, last=items[-1])
    return t("svg.list_last", rest=t("svg.list_separator").join(items[:-1]), last=items[-1])


def _cards_held(n: int) -> str:
    return tn("plural.cards", n) if n else t("svg.no_cards")


def _tricks_won(seat: SeatView) -> str:
    if seat.tricks_won is None:
        return t("svg.tricks_unknown")
    won = tn("plural.tricks", seat.tricks_won) if seat.tricks_won else t("svg.no_tricks")
    if seat.points is None:
        return won
    return t("svg.won_points", tricks=won, points=tn("plural.points", round(seat.points, 2)))


def _learner_sentence(seat: SeatView, name: str) -> str:
    """The learner's seat: "You have 3 cards and have won no tricks; it is your turn."

    The seat's name is given when it is not "You" (say "South"), with its team.
    """
    notes = [name] if name and name.casefold() != t("svg.you").casefold() else []
    if team := _words(seat.team):
        notes.append(team)
    sep = t("svg.list_separator")
    you = t("svg.you_noted", notes=sep.join(notes)) if notes else t("svg.you")
    roles = []
    if seat.is_dealer:
        roles.append(t("svg.role_dealer"))
    if seat.is_taker:
        roles.append(t("svg.role_taker"))
    if seat.to_move:
        roles.append(t("svg.role_turn"))
    cards, won = _cards_held(seat.cards_left), _tricks_won(seat)
    if roles:
        return t(
            "svg.seat_learner_roles",
            you=you,
            cards=cards,
            won=won,
            roles=_listed(roles, clauses=True),
        )
    return t("svg.seat_learner", you=you, cards=cards, won=won)


def _seat_sentence(seat: SeatView, name: str) -> str:
    """Another seat: "North (opposite you, dealer) has 4 cards and has won no tricks." """
    notes = [_WHERE[seat.position]()]
    if team := _words(seat.team):
        notes.append(team)
    if seat.is_dealer:
        notes.append(t("svg.note_dealer"))
    if seat.is_taker:
        notes.append(t("svg.note_taker"))
    if seat.to_move:
        notes.append(t("svg.note_to_play"))
    return t(
        "svg.seat_other",
        name=name,
        notes=t("svg.list_separator").join(notes),
        cards=_cards_held(seat.cards_left),
        won=_tricks_won(seat),
    )


def table_summary(view: TableView) -> str:
    """A plain-text description of the table for screen readers (not escaped).

    Every sentence is a catalogue message (``svg.*``) in the context's language; the
    names, teams, trump and contract lines come from the view.

    >>> v = TableView(
    ...     game="belote",
    ...     seats=(SeatView("You", "bottom", is_learner=True, to_move=True, cards_left=5),
    ...            SeatView("North", "top", is_dealer=True, cards_left=4, tricks_won=1)),
    ...     trick=(TrickCard("top", Card.parse("AS"), winning=True),),
    ...     trump="Trump: ♥",
    ... )
    >>> print(table_summary(v))  # doctest: +NORMALIZE_WHITESPACE
    Belote table. Trump: ♥. You have 5 cards and have won no tricks; it is your turn.
    North (opposite you, dealer) has 4 cards and has won 1 trick.
    Current trick: ace of spades by North (winning).
    """
    game = t(f"games.{view.game.lower()}.title") if view.game.lower() in GAMES else view.game
    parts = [t("svg.title", game=_words(game))]
    for text in (view.trump, view.contract, *view.tally):
        if sentence := _sentence(text):
            parts.append(sentence)
    if view.trump_card is not None:
        card = _card_words(view.trump_card, view.italian_suits)
        if view.stock_count is not None:
            parts.append(t("svg.trump_card", card=card))
        else:
            parts.append(t("svg.turned_up_card", card=card))
    if view.stock_count is not None:
        if view.stock_count > 0:
            parts.append(tn("svg.stock", view.stock_count))
        else:
            parts.append(t("svg.stock_empty"))

    if (words := _DIRECTION_WORDS.get(view.direction or "")) is not None:
        parts.append(words())
    names: dict[Position, str] = {}
    for seat in view.seats:
        name = _words(seat.name) or t("svg.unnamed")
        if seat.is_learner:
            names[seat.position] = t("svg.by_you")
            parts.append(_learner_sentence(seat, name))
        else:
            names[seat.position] = name
            parts.append(_seat_sentence(seat, name))

    if view.trick:
        plays = []
        for tc in view.trick:
            who = names.get(tc.position) or t("svg.unnamed")
            card = _card_words(tc.card, view.italian_suits)
            notes = [_MARK_WORDS[tc.highlight]()] if tc.highlight is not None else []
            if tc.winning:
                notes.append(t("svg.note_winning"))
            if notes:
                sep = t("svg.list_separator")
                plays.append(t("svg.play_noted", card=card, name=who, notes=sep.join(notes)))
            else:
                plays.append(t("svg.play", card=card, name=who))
        parts.append(t("svg.trick", plays=t("svg.play_separator").join(plays)))
    else:
        parts.append(t("svg.trick_empty"))
    return t("svg.sentence_separator").join(parts)
