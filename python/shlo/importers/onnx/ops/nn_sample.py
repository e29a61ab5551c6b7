"""Sampling ops: Resize / Upsample, GridSample, RoiAlign."""
from __future__ import annotations

from ..registry import converts  # noqa: F401
