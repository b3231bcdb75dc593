"""Author and user text shown through Streamlit's markdown with nothing live in it.

Scenario and lesson texts may use **bold** and *italic*; nothing else of markdown may
act. :func:`inert_markdown` escapes what could load or link anything: images
(``![x](url)``), links (``[x](url)``, ``[x][ref]``, ``[ref]: url``), autolinks
(``<https://…>``), bare addresses (``https://…``, ``www.…``, ``a@b.example``, which
GitHub-flavoured markdown turns into links), raw HTML, Streamlit's ``:color[…]``
directives and ``$…$`` formulas. The text reads the same; a word joiner (U+2060,
invisible) splits bare addresses so that no link is found in them.

>>> inert_markdown("**Hearts** are *trumps*")
'**Hearts** are *trumps*'
>>> inert_markdown("![pic](http://x.example/a.png)")
'!\\\\[pic\\\\](http\\u2060://x.example/a.png)'
>>> inert_markdown("<img src=x onerror=alert(1)>")
'\\\\<img src=x onerror=alert(1)\\\\>'
"""

from __future__ import annotations

import re

#: Characters escaped with a backslash: links and images ([ ]), HTML and autolinks (< >),
#: formulas ($), and the backslash itself (so an author's ``\\[`` stays escaped).
_ESCAPE = re.compile(r"([\\\[\]<>$])")
#: Where GitHub-flavoured markdown would find a bare address: after a scheme's colon,
#: after "www" before its dot, after the "@" of an e-mail address.
_SCHEME = re.compile(r"(?i)(https?|ftp|mailto|javascript|data|file|xmpp)(?=:)")
_WWW = re.compile(r"(?i)(www)(?=\.)")
_AT = re.compile(r"@")
JOINER = "\u2060"


def inert_markdown(text: str) -> str:
    """``text`` ready for ``st.markdown``: bold and italic work, nothing else acts."""
    text = _ESCAPE.sub(r"\\\1", text)
    text = _SCHEME.sub(lambda m: m.group(1) + JOINER, text)
    text = _WWW.sub(lambda m: m.group(1) + JOINER, text)
    return _AT.sub("@" + JOINER, text)
