"""Normalization and softmax: batch / layer / group norm (the native_* and _native_batch_norm_legit* forms), softmax / log_softmax."""
from __future__ import annotations

from ..registry import converts  # noqa: F401
