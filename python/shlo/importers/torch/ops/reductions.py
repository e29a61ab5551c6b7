"""Reductions: sum, mean, prod, amax / amin, max / min (with indices), argmax / argmin, any / all, var / std, cumsum / cumprod, logsumexp."""
from __future__ import annotations

from ..registry import converts  # noqa: F401
