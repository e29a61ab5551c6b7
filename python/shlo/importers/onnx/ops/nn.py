"""Neural-network ops: Gemm, MatMul, Conv / ConvTranspose, pooling, normalizations, Softmax family, Resize / Upsample, GridSample, RNN / LSTM / GRU, Attention, quantization."""
from __future__ import annotations

from ..registry import converts  # noqa: F401
