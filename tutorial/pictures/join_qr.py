"""The join link as a QR code, an SVG picture a phone's camera reads (pure; segno draws it).

>>> svg = qr_svg("http://localhost:8501/my-class?join=ABCD2345")
>>> svg.startswith("<svg") and "</svg>" in svg and "ABCD2345" not in svg
True
"""

from __future__ import annotations

import io

import segno


def qr_svg(link: str) -> str:
    """The QR code of ``link``: black modules on white, a quiet zone of four modules, error
    correction level M (readable when a projector blurs it a little)."""
    code = segno.make(link, error="m", micro=False)
    out = io.BytesIO()
    code.save(out, kind="svg", scale=8, border=4, dark="#000", light="#fff", xmldecl=False)
    return out.getvalue().decode("utf-8")
