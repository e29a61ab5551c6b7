"""Walking the ops of a module from Python.

MLIR's `Operation.walk` calls back into Python through C; an exception raised
in the callback (e.g. an op name that is not UTF-8, from a corrupt artifact)
cannot cross that boundary and aborts the process. Walking from Python keeps
such errors ordinary Python exceptions.
"""
from __future__ import annotations

from mlir import ir


def operations(root: ir.Operation) -> list:
    """Every op nested in `root` (and `root` itself), children before their parent."""
    out, stack = [], [(root, False)]
    while stack:
        op, expanded = stack.pop()
        if expanded:
            out.append(op)
            continue
        stack.append((op, True))
        for region in reversed(list(op.regions)):
            for block in reversed(list(region.blocks)):
                for child in reversed(list(block.operations)):
                    stack.append((child.operation, False))
    return out


def op_name(op: ir.Operation) -> str:
    """The op's name, or a placeholder when its bytes are not text."""
    from . import _shlo_ext
    try:
        return _shlo_ext.op_name_bytes(op).decode("utf-8")
    except UnicodeDecodeError:
        return "<unreadable op name>"
