"""The card table's picture and its layout: a standalone SVG document (no streamlit).

The table is 600 x 420 units; name plates sit at their positions, the current trick's
cards around the centre, the trump and contract labels in the top-left corner, the
face-up trump card and stock in the top-right corner. The document (``<svg xmlns=...>``
first) parses with :func:`xml.etree.ElementTree.fromstring`: no scripts, no
``foreignObject``, no external references (the only ``url(#...)`` points inside the
same document). The table component (:mod:`tutorial.webapp.table_component`) places it
inline, inside an element with ``role="img"`` whose accessible name is its text twin
(:func:`tutorial.pictures.picture_words.table_summary`). Every word drawn comes from the
message catalogue (``svg.*``), in the language of the current context. Output is
deterministic: the same input (and language) gives the same string.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tutorial.engine.cards import Card, Suit
from tutorial.language.i18n import t, tn
from tutorial.pictures.card_svg import (
    CARD_H,
    CARD_W,
    card_back,
    card_face,
    card_group,
    face_words,
    fitted,
)
from tutorial.pictures.picture_words import DIRECTION_WORDS, table_summary
from tutorial.pictures.svg_basics import (
    GOLD,
    STAR,
    clean,
    fit,
    num,
    picture_font,
    rich,
    text_width,
    xml_attr,
    xml_text,
)
from tutorial.pictures.table_picture import Position, SeatView, TableView

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
            if text_width(text, size) <= max_width:
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
    name, name_fit = fit(seat.name, name_size, inner, bold=True)
    team = _cut(seat.team, stat_size, inner)
    team_inline = ""
    items = [(t, False) for t in _stat_items(seat)]
    if team:
        gap = 0.7 * name_size
        if (
            not side
            and not name_fit
            and (
                text_width(name, name_size, True) + gap + text_width(team, 0.8 * name_size) <= inner
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
            + [text_width(name, name_size, True) if not name_fit else inner]
        )
        if team_inline:
            content = max(
                content,
                text_width(name, name_size, True)
                + 0.7 * name_size
                + text_width(team_inline, 0.8 * name_size),
            )
        w = min(w, max(content + 2 * pad + 8 * k, 170 * k))
    return _Plate(seat, w, h, name, name_fit, team_inline, lines)


def _line_width(line: tuple[tuple[str, bool], ...], size: float) -> float:
    return text_width(_sep().join(text for text, _ in line), size)


def _cut(text: str, size: float, max_width: float, bold: bool = False) -> str:
    """``text`` cut with "…" so that it is at most ``max_width`` wide."""
    text = " ".join(clean(text).split())
    if text_width(text, size, bold) <= max_width:
        return text
    while text and text_width(text + "…", size, bold) > max_width:
        text = text[:-1]
    return text.rstrip() + "…"


def _pill(cx: float, cy: float, text: str, size: float, fill: str, ink: str, cls: str) -> str:
    w = _pill_width(text, size)
    h = size * 1.55
    return (
        f'<g class="{cls}"><rect x="{num(cx - w / 2)}" y="{num(cy - h / 2)}" width="{num(w)}" '
        f'height="{num(h)}" rx="{num(h / 2)}" fill="{fill}" stroke="#ffffff" stroke-width="1"/>'
        f'<text x="{num(cx)}" y="{num(cy + size * 0.36)}" font-size="{num(size)}" '
        f'font-weight="bold" text-anchor="middle" fill="{ink}">{xml_text(text)}</text></g>'
    )


def _pill_width(text: str, size: float) -> float:
    return text_width(text, size, bold=True) + size * 1.2


def _draw_plate(p: _Plate, cx: float, cy: float, k: float) -> str:
    """A seat's name plate with its dealer chip, "YOU" and "TAKER" pills, to-move marks."""
    seat = p.seat
    w, h = p.w, p.h
    x0, y0 = cx - w / 2, cy - h / 2
    pad = 9 * k
    name_size, stat_size = _NAME_SIZE * k, _STAT_SIZE * k
    out = [f'<g class="seat seat-{seat.position}">']
    box = f'x="{num(x0)}" y="{num(y0)}" width="{num(w)}" height="{num(h)}" rx="{num(10 * k)}"'
    if seat.to_move:
        out.append(
            f'<rect class="to-move" {box} fill="none" stroke="{GOLD}" stroke-opacity="0.35" '
            f'stroke-width="{num(10 * k)}"/>'
        )
    fill, opacity = ("#0b2e1c", "0.85") if seat.is_learner else ("#000000", "0.45")
    if seat.to_move:
        stroke = f'stroke="{GOLD}" stroke-width="2.5"'
    else:
        stroke = 'stroke="#ffffff" stroke-opacity="0.35" stroke-width="1"'
    out.append(f'<rect {box} fill="{fill}" fill-opacity="{opacity}" {stroke}/>')

    y = y0 + pad * 1.2 + name_size * 0.8
    team = ""
    if p.team_inline:
        team = (
            f'<tspan font-size="{num(0.8 * name_size)}" font-weight="normal" font-style="italic" '
            f'fill="#a5d6a7" dx="{num(0.7 * name_size)}">{xml_text(p.team_inline)}</tspan>'
        )
    out.append(
        f'<text class="seat-name" x="{num(cx)}" y="{num(y)}" font-size="{num(name_size)}" '
        f'font-weight="bold" text-anchor="middle" fill="#ffffff"{p.name_fit}>'
        f"{xml_text(p.name)}{team}</text>"
    )
    y += name_size * 0.3 + stat_size * 1.15
    for line in p.lines:
        spans = []
        for i, (text, is_team) in enumerate(line):
            sep = _sep() if i else ""
            if is_team:
                spans.append(
                    f'{sep}<tspan font-style="italic" fill="#a5d6a7">{xml_text(text)}</tspan>'
                )
            else:
                spans.append(xml_text(sep + text))
        out.append(
            f'<text x="{num(cx)}" y="{num(y)}" font-size="{num(stat_size)}" text-anchor="middle" '
            f'fill="#e8f5e9">{"".join(spans)}</text>'
        )
        y += stat_size * 1.3

    tag = _TAG_SIZE * k
    left = x0 + 4 * k
    if seat.is_dealer:
        r = 10 * k
        chip, chip_fit = fitted(t("svg.dealer_chip"), r * 1.15, r * 1.5)
        out.append(
            f'<g class="dealer"><circle cx="{num(left)}" cy="{num(y0 + 2 * k)}" r="{num(r)}" '
            f'fill="#ffffff" stroke="#263238" stroke-width="1.5"/>'
            f'<text x="{num(left)}" y="{num(y0 + 2 * k + r * 0.4)}" font-size="{num(r * 1.15)}" '
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
    d = "M" + "L".join(f"{num(x)} {num(y)}" for x, y in pts) + "Z"
    return (
        f'<path class="to-move-arrow" d="{d}" fill="{GOLD}" stroke="#3e2723" '
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
    f'fill="none" stroke="{GOLD}" stroke-width="4"/>'
)
_WINNING_BADGE = (
    '<g class="winning" transform="translate(4 136)">'
    f'<circle r="12" fill="{GOLD}" stroke="#3e2723" stroke-width="1.5"/>'
    f'<path transform="translate(-8 -8.5) scale(0.16)" d="{STAR}" fill="#3e2723"/></g>'
)


def _trick(view: TableView, lay: _Layout) -> str:
    cw = lay.card_w
    ch = cw * CARD_H / CARD_W
    cx, cy = _TW / 2, lay.cy
    dx, dy = cw * 1.22, ch * 0.6
    offsets: dict[Position, tuple[float, float]] = {
        "bottom": (0, dy),
        "top": (0, -dy),
        "left": (-dx, 0),
        "right": (dx, 0),
    }
    s = num(cw / CARD_W)
    out: list[str] = []
    for tc in view.trick:
        ox, oy = offsets[tc.position]
        x, y = cx + ox - cw / 2, cy + oy - ch / 2
        frame = _WINNING_FRAME if tc.winning else ""
        badge = _WINNING_BADGE if tc.winning else ""
        group = card_group(tc.card, view.four_colour, tc.highlight, False)
        out.append(
            f'<g class="trick-card trick-{tc.position}" '
            f'transform="translate({num(x)} {num(y)}) scale({s})">{frame}{group}{badge}</g>'
        )
    return "".join(out)


def _greedy_lines(words: list[str], size: float, max_width: float, bold: bool) -> list[str]:
    lines: list[str] = []
    for word in words:
        if lines and text_width(lines[-1] + " " + word, size, bold) <= max_width:
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
        width = max(text_width(w, size, bold) for w in words)
        width = max(width, text_width(text, size, bold) / len(lines))
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
        text = " ".join(clean(raw).split())
        if text:
            room = min(3 if i < 2 else 2, max_lines - len(lines))
            if room <= 0:
                break
            lines.extend((t, i == 0) for t in _wrap_words(text, size, max_w, room, i == 0))
    if not lines:
        return ""
    text_w = max(text_width(t, size, bold) for t, bold in lines)
    w, h = min(text_w, max_w) + 2 * pad, len(lines) * line_h + pad * 1.2
    out = [
        f'<g class="labels"><rect x="{num(x0)}" y="{num(y0)}" width="{num(w)}" height="{num(h)}" '
        f'rx="{num(7 * k)}" fill="#ffffff" fill-opacity="0.93" stroke="#0b2e1c" '
        f'stroke-opacity="0.4"/>'
    ]
    y = y0 + pad * 0.6 + size
    for text, bold in lines:
        weight = ' font-weight="bold"' if bold else ""
        out.append(
            f'<text x="{num(x0 + pad)}" y="{num(y)}" font-size="{num(size)}"{weight} '
            f'fill="#1a1a1a">{rich(text, view.four_colour)}</text>'
        )
        y += line_h
    out.append("</g>")
    return "".join(out)


_BACK_CARD = Card(Suit.SPADES, "A")  # any card: only its back is drawn


def _small_card(x: float, y: float, width: float, card: Card, four: bool, down: bool) -> str:
    s = num(width / CARD_W)
    words = face_words()
    body = card_back(words.back_logo) if down else card_face(card, four, words)
    return f'<g transform="translate({num(x)} {num(y)}) scale({s})">{body}</g>'


def _caption_width(text: str, size: float) -> float:
    """A generous estimate of a caption's width (Chinese characters are a full em wide)."""
    return max(len(text) * size * 0.56, text_width(text, size))


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
        f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}" '
        f'text-anchor="{anchor}" fill="#ffffff">{xml_text(text)}</text>'
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
    ch = cw * CARD_H / CARD_W
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
                f'<rect x="{num(x)}" y="20" width="{num(cw)}" height="{num(ch)}" '
                f'rx="{num(cw * 0.08)}" fill="none" stroke="#ffffff" stroke-opacity="0.6" '
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


def _direction_mark(view: TableView, sc: _Scale) -> str:
    """A small round arrow in the table's bottom-left corner, turning the way play goes
    (its title says it in words); nothing for a table without a direction.

    >>> 'class="direction direction-clockwise"' in _direction_mark(
    ...     TableView("belote", (), (), direction="clockwise"), _NORMAL)
    True
    """
    words = DIRECTION_WORDS.get(view.direction or "")
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
    arc = f"M{num(start[0])} {num(start[1])} A{num(r)} {num(r)} 0 1 {sweep} {num(end[0])} {num(end[1])}"
    point = "M" + "L".join(f"{num(x)} {num(y)}" for x, y in (outer, tip, inner)) + "Z"
    return (
        f'<g class="direction direction-{view.direction}" opacity="0.8">'
        f"<title>{xml_text(words())}</title>"
        f'<path d="{arc}" fill="none" stroke="#ffffff" stroke-width="{num(2.2 * k)}" '
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
        f'role="img" aria-label={xml_attr(summary)} font-family="{picture_font()}">'
        f"<title>{xml_text(summary)}</title>",
        _FELT,
        _labels(view, sc, lay),
        _stock(view, sc, lay),
        _direction_mark(view, sc),
    ]
    parts.extend(_draw_plate(p, x, y, sc.font) for p, x, y in lay.plates)
    parts.append(_trick(view, lay))
    parts.append("</svg>")
    return "".join(parts)
