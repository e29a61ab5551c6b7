"""The one IR helper every GPU pass module needs."""
from __future__ import annotations

from mlir import ir


def operation_of(x) -> ir.Operation:
    """The `ir.Operation` of an op view, or `x` itself: walks and builders hand back either."""
    return x.operation if hasattr(x, "operation") else x
