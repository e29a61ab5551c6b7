"""Quantization (QuantizeLinear / DequantizeLinear, integer convolutions and products), Einsum, DFT / STFT."""
from __future__ import annotations

from ..registry import converts  # noqa: F401
