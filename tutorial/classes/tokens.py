"""Secrets and join codes: made long and random, stored only as hashes, compared in constant time.

The teacher secret and the learner token are ``secrets.token_urlsafe(32)`` (256 random
bits); the database keeps their SHA-256 (a single fast hash is enough for secrets that
cannot be guessed: see docs/decisions.md). The board token, the class's read-only key, is
drawn from the teacher secret by HMAC-SHA256 (:func:`board_secret`): the teacher's page
can always show it, and it cannot be turned back into the teacher secret. The join code
is short, for a classroom's board: eight characters from :data:`ALPHABET`, which has no
look-alikes (no 0/O, no 1/I/L); the six-character codes of older classes still work.

>>> len(new_secret()) >= 43, len(digest("x")), same(digest("a"), digest("a"))
(True, 64, True)
>>> code = new_join_code()
>>> len(code), set(code) <= set(ALPHABET)
(8, True)
>>> normal_join_code(" ab-c 2de "), normal_join_code("ABC2D0") is None
('ABC2DE', True)
>>> normal_join_code("abcd-2345"), shown_join_code("ABCD2345"), shown_join_code("ABC2DE")
('ABCD2345', 'ABCD-2345', 'ABC-2DE')
>>> board = board_secret("teacher")
>>> len(board), board == board_secret("teacher"), board == board_secret("teacher2")
(43, True, False)
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

#: The join code's characters: capitals and digits without 0, O, 1, I and L.
ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
#: A join code's length (31**8 ≈ 853 billion codes).
JOIN_LENGTH = 8
#: The lengths a typed code may have: the classes made before codes grew kept six.
JOIN_LENGTHS = (6, JOIN_LENGTH)
#: What the board token is drawn from the teacher secret for (the HMAC's message).
BOARD_PURPOSE = b"atout class board, read only"
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


def board_secret(teacher_secret: str) -> str:
    """The class's board token: HMAC-SHA256 of :data:`BOARD_PURPOSE` keyed by the teacher
    secret (256 bits, URL-safe text). Whoever holds it can read the class, never change it,
    and cannot work the teacher secret out of it."""
    mac = hmac.new(teacher_secret.encode("utf-8"), BOARD_PURPOSE, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).decode("ascii").rstrip("=")


def shown_join_code(code: str) -> str:
    """A join code as a board shows it: in two halves joined by a dash (typed with or
    without it)."""
    half = (len(code) + 1) // 2
    return f"{code[:half]}-{code[half:]}" if len(code) > 4 else code


def new_join_code() -> str:
    """A new join code: eight characters drawn by the system's random source."""
    return "".join(secrets.choice(ALPHABET) for _ in range(JOIN_LENGTH))


def normal_join_code(text: object) -> str | None:
    """A typed code made comparable (capitals, spaces and dashes dropped), or None when it
    cannot be a join code."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    code = "".join(ch for ch in text.upper() if ch not in " -\t")
    if len(code) not in JOIN_LENGTHS or any(ch not in ALPHABET for ch in code):
        return None
    return code
