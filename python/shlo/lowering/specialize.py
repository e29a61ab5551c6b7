"""Shape specialization: the lowered entry of a program with `?` dimensions, made static for
the sizes of one call.

The CPU schedules (tiling, vectorization, threads, kernel calls) apply to static-shaped linalg
ops only, so a program exported with a dynamic batch runs as plain scalar loops. Given the
argument sizes of a call, `specialize_entry` keeps the entry's signature (the same calling
convention, so the caller does not change) and casts each dynamic argument to its static type
and back at the top of the function:

    %s = tensor.cast %arg0 : tensor<?x3xf32> to tensor<4x3xf32>
    %d = tensor.cast %s : tensor<4x3xf32> to tensor<?x3xf32>      // every use of %arg0 now reads %d

MLIR's canonicalization then carries the static sizes through the program (a cast into a
linalg op folds into it, `tensor.dim` of a static tensor becomes a constant, `tensor.empty` of
constant sizes becomes static, shape arithmetic folds), which `pipeline.prepare` runs.
The sizes are the call's: the compiled function keeps specialized code per argument sizes
(compiler.CompiledFunction) and checks the sizes before choosing it.
"""
from __future__ import annotations

from mlir import ir
from mlir.dialects import tensor

from .driver import ENTRY_SYMBOL


def dynamic_positions(flat_args) -> list:
    """Indices of the compiled (flattened) arguments that have a `?` dimension."""
    return [i for i, t in enumerate(flat_args) if None in t.shape]


def specialize_entry(module: ir.Module, shapes: dict) -> None:
    """Makes the entry of a lowered module static for `shapes` ({flat argument index: sizes}),
    in place. Arguments not in `shapes` are left as they are."""
    entry = _entry(module)
    block = entry.regions[0].blocks[0]
    with module.context, ir.Location.unknown(module.context):
        first = block.operations[0] if len(block.operations) else None
        for i, sizes in shapes.items():
            arg = block.arguments[i]
            t = ir.RankedTensorType(arg.type)
            if len(sizes) != t.rank:
                raise ValueError(f"argument {i} has rank {t.rank}, specialized with {len(sizes)} sizes")
            static = ir.RankedTensorType.get(list(sizes), t.element_type, t.encoding)
            with ir.InsertionPoint(first) if first is not None else ir.InsertionPoint(block):
                narrowed = tensor.CastOp(static, arg)
                widened = tensor.CastOp(t, narrowed.result)
            arg.replace_all_uses_with(widened.result)
            narrowed.operation.operands[0] = arg     # the one use that must stay on the argument


def _entry(module: ir.Module) -> ir.Operation:
    for op in module.body.operations:
        if op.operation.name == "func.func" and ir.StringAttr(op.attributes["sym_name"]).value == ENTRY_SYMBOL:
            return op.operation
    raise ValueError(f"the lowered module has no @{ENTRY_SYMBOL}")
