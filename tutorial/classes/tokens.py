"""Secrets and join codes: made long and random, stored only as hashes, compared in constant time.

The teacher secret and the learner token are ``secrets.token_urlsafe(32)`` (256 random
bits); the database keeps their SHA-256 (a single fast hash is enough for secrets that
cannot be guessed: see docs/decisions.md). The join code is short, for a classroom's
board: six characters from :data:`ALPHABET`, which has no look-alikes (no 0/O, no 1/I/L).

>>> len(new_secret()) >= 43, len(digest("x")), same(digest("a"), digest("a"))
(True, 64, True)
>>> code = new_join_code()
>>> len(code), set(code) <= set(ALPHABET)
(6, True)
>>> normal_join_code(" ab-c 2de "), normal_join_code("ABC2D0") is None
('ABC2DE', True)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

#: The join code's characters: capitals and digits without 0, O, 1, I and L.
ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
#: A join code's length (31**6 ≈ 887 million codes).
JOIN_LENGTH = 6
#: The longest secret or token text looked at (a real one is 43 characters).
MAX_SECRET = 100


def new_secret() -> str:
    """A new teacher secret or learner token (256 random bits, URL-safe text)."""
    return secrets.token_urlsafe(32)


def digest(secret: str) -> str:
    """The stored form of a secret: its SHA-256, in hexadecimal."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def same(a: str, b: str) -> bool:
    """Whether two digests are equal, compared in constant time."""
    return hmac.compare_digest(a.encode("ascii"), b.encode("ascii"))


def well_formed(secret: object) -> bool:
    """Whether ``secret`` could be a secret at all (text of sensible length), before any lookup."""
    return isinstance(secret, str) and 0 < len(secret) <= MAX_SECRET and secret.isascii()


def new_join_code() -> str:
    """A new join code: six characters drawn by the system's random source."""
    return "".join(secrets.choice(ALPHABET) for _ in range(JOIN_LENGTH))


def normal_join_code(text: object) -> str | None:
    """A typed code made comparable (capitals, spaces and dashes dropped), or None when it
    cannot be a join code."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    code = "".join(ch for ch in text.upper() if ch not in " -\t")
    if len(code) != JOIN_LENGTH or any(ch not in ALPHABET for ch in code):
        return None
    return code
