"""Resampling and padding: upsample (nearest, bilinear, bicubic), grid_sampler, constant / reflection / replication pad, col2im."""
from __future__ import annotations

from ..registry import converts  # noqa: F401
