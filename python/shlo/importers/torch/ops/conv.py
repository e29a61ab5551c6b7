"""Convolution of every rank (groups, dilation, padding, transposed) and the pooling ops (max / avg, with indices, ceil mode, adaptive)."""
from __future__ import annotations

from ..registry import converts  # noqa: F401
