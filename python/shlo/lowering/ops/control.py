"""Lowerings of the control family (see the module docstring of each lowering, and the
interpreter's `interpreter/ops/` for the semantics)."""
from __future__ import annotations
