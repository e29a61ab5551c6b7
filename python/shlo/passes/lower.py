"""shlo-legalize-to-linalg: every shlo op of the module lowered to linalg / tensor / arith /
math / complex / scf on tensors (see shlo.lowering), in place.

Function names, visibility and signatures stay (tuples flattened, tokens
dropped); `check.*` custom_calls have no meaning outside `shlo.compile` and
are rejected. The named pipeline `shlo-lower-to-llvm` runs this pass and then
the upstream passes that `shlo.compile` runs, down to the LLVM dialect.
"""
from __future__ import annotations

from mlir import ir


class _ModuleView:
    """What the driver reads of a module: its body and context."""

    def __init__(self, module_op: ir.Operation):
        self.body = module_op.regions[0].blocks[0]
        self.context = module_op.context


def legalize_to_linalg(module_op: ir.Operation) -> None:
    from ..lowering.driver import Lowerer
    lowered = Lowerer(_ModuleView(module_op), entry=None, mode="pass").lower()
    body = module_op.regions[0].blocks[0]
    for op in list(body.operations):
        op.operation.erase()
    for op in list(lowered.module.body.operations):
        body.append(op.operation)      # moves the op


def lower_to_llvm_pipeline(threads: int = 1) -> list:
    """The upstream pipeline elements that follow shlo-legalize-to-linalg."""
    from ..lowering.pipeline import BUFFERIZE, PREPARE, to_llvm
    return [PREPARE, BUFFERIZE, to_llvm(threads)]


def expand_memref_copies(module_op: ir.Operation) -> None:
    """Rewrites every memref.copy into a linalg.generic copy loop nest.

    MLIR lowers a copy between non-contiguous memrefs to a call of the
    `memrefCopy` runtime function, which lives in a library the MLIR Python
    wheel does not ship; loops need nothing (LLVM turns contiguous inner
    loops back into memcpy)."""
    from mlir.dialects import linalg
    copies = []

    def walk(op):
        for region in op.regions:
            for block in region.blocks:
                for child in block.operations:
                    child = child.operation
                    if child.name == "memref.copy":
                        copies.append(child)
                    walk(child)

    walk(module_op)
    for op in copies:
        src, dst = op.operands[0], op.operands[1]
        rank = ir.MemRefType(src.type).rank
        with ir.InsertionPoint(op), op.location:
            ident = ir.AffineMapAttr.get(ir.AffineMap.get_identity(rank))
            generic = linalg.GenericOp([], [src], [dst], ir.ArrayAttr.get([ident, ident]),
                                       ir.ArrayAttr.get([ir.Attribute.parse("#linalg.iterator_type<parallel>")] * rank))
            et = ir.MemRefType(src.type).element_type
            block = generic.regions[0].blocks.append(et, ir.MemRefType(dst.type).element_type)
            with ir.InsertionPoint(block):
                linalg.YieldOp([block.arguments[0]])
        op.erase()
