"""sort, topk, and order-statistics ops."""
from __future__ import annotations

from ..registry import converts  # noqa: F401
