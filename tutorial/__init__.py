"""Atout: a tutor for trick-taking card games (Belote, French Tarot, Briscola)."""

__version__ = "0.1.0"
