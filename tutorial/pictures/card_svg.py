"""One card's picture: a standalone SVG document (text in, text out; no streamlit).

A card is drawn in its own 100 x 140 box (origin top-left); the highlight ring and
badges stick out by up to 6 units. The document (``<svg xmlns=...>`` first) parses with
:func:`xml.etree.ElementTree.fromstring`: no scripts, no ``foreignObject``, no external
references. Its title and ``aria-label`` are the card's name and mark
(:mod:`tutorial.pictures.picture_words`); the counting trainer shows single cards with
``st.image(svg_text)``, the table component places them inline. Output is
deterministic: the same input (and language) gives the same string.

>>> from tutorial.engine.cards import Card
>>> svg = card_svg(Card.parse("9H"), highlight="forcing")
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
True
>>> "<title>nine of hearts, forces your play</title>" in svg
True
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from tutorial.engine.cards import Card, Suit
from tutorial.language.i18n import t
from tutorial.pictures.picture_words import MARK_WORDS, card_name
from tutorial.pictures.svg_basics import (
    HL_COLOUR,
    SERIF,
    TRUMP_INK,
    clean,
    fit,
    num,
    picture_font,
    pip,
    suit_colour,
    text_width,
    xml_attr,
    xml_text,
)
from tutorial.pictures.table_picture import Highlight

CARD_W = 100
"""A card's width in its own box."""
CARD_H = 140
"""A card's height in its own box."""
_EDGE = (
    '<rect x="0.6" y="0.6" width="98.8" height="138.8" rx="8" '
    'fill="{fill}" stroke="{stroke}" stroke-width="1.2"/>'
)


def _corner(rank: str, colour: str, suit: Suit) -> str:
    if len(rank) >= 2:
        rank_text = (
            f'<text x="13" y="28" font-size="25" font-weight="bold" text-anchor="middle" '
            f'fill="{colour}" textLength="22" lengthAdjust="spacingAndGlyphs">{xml_text(rank)}</text>'
        )
    else:
        rank_text = (
            f'<text x="13" y="28" font-size="26" font-weight="bold" text-anchor="middle" '
            f'fill="{colour}">{xml_text(rank)}</text>'
        )
    return rank_text + pip(suit, 13, 42, 17, colour)


def _plain_face(card: Card, four_colour: bool) -> str:
    colour = suit_colour(card, four_colour)
    corner = _corner(card.rank, colour, card.suit)
    parts = [_EDGE.format(fill="#ffffff", stroke="#9e9e9e"), corner]
    parts.append(f'<g transform="rotate(180 50 70)">{corner}</g>')
    if card.rank in ("J", "C", "Q", "K"):
        parts.append(
            f'<rect x="27" y="22" width="46" height="96" rx="5" fill="{colour}" '
            f'fill-opacity="0.07" stroke="{colour}" stroke-width="1.4"/>'
            f'<text x="50" y="72" font-family="{SERIF}" font-size="38" font-weight="bold" '
            f'text-anchor="middle" fill="{colour}">{xml_text(card.rank)}</text>'
        )
        parts.append(pip(card.suit, 50, 94, 28, colour))
    elif card.rank == "A":
        parts.append(pip(card.suit, 50, 70, 62, colour))
    else:
        parts.append(pip(card.suit, 50, 70, 48, colour))
    return "".join(parts)


class _FaceWords(NamedTuple):
    """The words printed on cards (a Tarot trump's band and corner, the Excuse, backs)."""

    trump_band: str
    trump_corner: str
    excuse: str
    back_logo: str


def face_words() -> _FaceWords:
    """The words printed on cards, in the context's language."""
    return _FaceWords(
        t("svg.face_trump_band"),
        t("svg.face_trump_corner"),
        t("svg.face_excuse"),
        t("svg.face_back_logo"),
    )


def fitted(text: str, size: float, max_width: float, bold: bool = True) -> tuple[str, str]:
    """Like :func:`fit`, the text escaped (for words printed on a card)."""
    fitted, squeeze = fit(text, size, max_width, bold)
    return xml_text(fitted), squeeze


def _trump_face(card: Card, words: _FaceWords) -> str:
    ink = TRUMP_INK
    number = xml_text(card.rank)
    letter, letter_fit = fitted(words.trump_corner, 9, 18)
    corner = (
        f'<text x="14" y="25" font-size="{20 if len(number) > 1 else 22}" font-weight="bold" '
        f'text-anchor="middle" fill="{ink}">{number}</text>'
        f'<text x="14" y="37" font-size="9" font-weight="bold" text-anchor="middle" '
        f'fill="#8d6e63"{letter_fit}>{letter}</text>'
    )
    band = clean(words.trump_band).strip()
    if text_width(band, 8.5, True) + 1.2 * max(len(band) - 1, 0) <= 42:
        band, band_attrs = xml_text(band), ' letter-spacing="1.2"'
    else:  # squeezed or cut, without letter spacing (it would fight textLength)
        band, band_attrs = fitted(band, 8.5, 42)
    return (
        _EDGE.format(fill="#fbf3dc", stroke="#a1887f")
        + '<rect x="27" y="16" width="46" height="108" rx="4" fill="#f3e2b8" '
        'stroke="#b08d57" stroke-width="1"/>'
        + corner
        + f'<g transform="rotate(180 50 70)">{corner}</g>'
        + f'<text x="50" y="40" font-size="8.5" font-weight="bold"{band_attrs} '
        f'text-anchor="middle" fill="#8d6e63">{band}</text>'
        + f'<text x="50" y="{84 if len(number) > 1 else 86}" font-family="{SERIF}" '
        f'font-size="{32 if len(number) > 1 else 44}" font-weight="bold" text-anchor="middle" '
        f'fill="{ink}">{number}</text>' + pip(Suit.TRUMP, 50, 106, 12, "#b08d57")
    )


def _excuse_face(words: _FaceWords) -> str:
    ink = "#5d4037"
    corner = pip(Suit.EXCUSE, 16, 18, 14, ink)
    name, name_fit = fitted(words.excuse, 16, 80)
    return (
        _EDGE.format(fill="#fbf3dc", stroke="#a1887f")
        + '<rect x="5" y="5" width="90" height="130" rx="5" fill="none" '
        'stroke="#b08d57" stroke-width="1" stroke-dasharray="3 3"/>'
        + corner
        + f'<g transform="rotate(180 50 70)">{corner}</g>'
        + pip(Suit.EXCUSE, 50, 62, 56, ink)
        + f'<text x="50" y="108" font-family="{SERIF}" font-size="16" font-style="italic" '
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
            segs.append(f"M{num(a[0])} {num(a[1])}L{num(b[0])} {num(b[1])}")
            segs.append(f"M{num(x1 - (a[0] - x0))} {num(a[1])}L{num(x1 - (b[0] - x0))} {num(b[1])}")
        c += step
    return "".join(segs)


_LATTICE = _lattice(6, 6, 94, 134, 11)


@functools.lru_cache(maxsize=16)
def card_back(logo: str) -> str:
    """A card's back, with the app's logo letter in the middle."""
    letter, letter_fit = fitted(logo, 26, 34)
    return (
        _EDGE.format(fill="#ffffff", stroke="#9e9e9e")
        + '<rect x="6" y="6" width="88" height="128" rx="3" fill="#1f3f73"/>'
        + f'<path d="{_LATTICE}" stroke="#5b7fb8" stroke-width="1.3" fill="none"/>'
        + '<rect x="6" y="6" width="88" height="128" rx="3" fill="none" stroke="#0f2447" '
        'stroke-width="1.5"/>'
        + '<rect x="30" y="48" width="40" height="44" rx="6" fill="#1f3f73" stroke="#c5d3ea" '
        'stroke-width="1.5"/>'
        + f'<text x="50" y="80" font-family="{SERIF}" font-size="26" font-weight="bold" '
        f'text-anchor="middle" fill="#c5d3ea"{letter_fit}>{letter}</text>'
    )


@functools.lru_cache(maxsize=512)
def card_face(card: Card, four_colour: bool, words: _FaceWords) -> str:
    """A card's face in its 100 x 140 box (plain, Tarot trump or Excuse)."""
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
    colour = HL_COLOUR[highlight]
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


def card_group(card: Card, four_colour: bool, highlight: Highlight, face_down: bool) -> str:
    """A card in its 100 x 140 box with its highlight marks."""
    words = face_words()
    body = card_back(words.back_logo) if face_down else card_face(card, four_colour, words)
    if highlight == "dim":
        body = f'<g class="hl-dim" opacity="0.4">{body}</g>'
    return body + _highlight_marks(highlight)


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
    words = t("svg.card.face_down") if face_down else card_name(card)
    if highlight is not None:
        words = t("svg.card.marked", card=words, mark=MARK_WORDS[highlight]())
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-6 -6 112 152" '
        f'width="{width}" height="{height}" role="img" aria-label={xml_attr(words)} '
        f'font-family="{picture_font()}"><title>{xml_text(words)}</title>'
        f"{card_group(card, four_colour, highlight, face_down)}</svg>"
    )
