"""Reductions: Reduce*, ArgMax / ArgMin, CumSum, TopK and the other order statistics."""
from __future__ import annotations

from ..registry import converts  # noqa: F401
