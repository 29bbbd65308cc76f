"""A chance as the views print it: a percentage with one decimal.

>>> percent(0.1234), percent(1.0), percent(0.0)
('12.3%', '100%', '0.0%')
"""

from __future__ import annotations

__all__ = ["percent"]


def percent(chance: float) -> str:
    """A chance as a percentage with one decimal ("100%" for a certain one)."""
    if chance >= 1.0:
        return "100%"
    return f"{100 * chance:.1f}%"
