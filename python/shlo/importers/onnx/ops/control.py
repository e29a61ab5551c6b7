"""Control flow and composite values: If, Loop, Scan, Sequence* and Optional* ops, and expansion of function-defined ops."""
from __future__ import annotations

from ..registry import converts  # noqa: F401
