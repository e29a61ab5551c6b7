"""Op names that may not be text.

An op name read from a corrupt artifact need not be UTF-8; MLIR's Python
`Operation.name` would raise inside a walk callback, where an exception
cannot cross the C boundary and aborts the process. The native walks
(`_shlo_ext.walk_distinct`, `ops_named`) hand names over as bytes instead.
"""
from __future__ import annotations

from mlir import ir


def op_name(op: ir.Operation) -> str:
    """The op's name, or a placeholder when its bytes are not text."""
    from . import _shlo_ext
    try:
        return _shlo_ext.op_name_bytes(op).decode("utf-8")
    except UnicodeDecodeError:
        return "<unreadable op name>"
