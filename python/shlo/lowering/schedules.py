"""CPU schedules: transform-dialect scripts chosen per op kind and shape class."""
from __future__ import annotations

from mlir import ir


def attach(module: ir.Module, threads: int = 1) -> bool:
    """Adds a transform script to `module` when some op has a schedule; True if it did."""
    return False
