"""Briscola's own part of a practice hand: none (no bids, no chien)."""

from __future__ import annotations

from tutorial.course.practice import PracticePart, no_bid_reason

PRACTICE = PracticePart(no_bid_reason)
