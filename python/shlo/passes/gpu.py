"""The GPU back end's steps as shlo passes (`shlo-opt` runs them; see shlo.lowering.gpu)."""
from __future__ import annotations

from mlir import ir


def _functions(module_op: ir.Operation) -> list:
    from .. import _shlo_ext
    return [f for f in _shlo_ext.ops_named(module_op, ["func.func"]) if f.regions[0].blocks]


class _AsModule:
    """What schedules.py needs of an ir.Module (`.operation`, `.body`, `.context`), over the
    module op a pass runs on."""

    def __init__(self, op: ir.Operation):
        self.operation, self.context = op, op.context
        self.body = op.regions[0].blocks[0]


def per_function(name: str):
    """A pass running shlo.lowering.gpu.mapping.<name> on each function with a body."""
    def run(module_op: ir.Operation) -> None:
        from ..lowering.gpu import mapping
        with module_op.context, ir.Location.unknown(module_op.context):
            for func in _functions(module_op):
                getattr(mapping, name)(func)
    return run


def per_module(name: str):
    """A pass running shlo.lowering.gpu.schedules.<name> on the module."""
    def run(module_op: ir.Operation) -> None:
        from ..lowering.gpu import schedules
        with module_op.context, ir.Location.unknown(module_op.context):
            getattr(schedules, name)(_AsModule(module_op))
    return run


def merge_kernel_modules(module_op: ir.Operation) -> None:
    """See shlo.lowering.gpu.compiler.merge_kernel_modules."""
    from ..lowering.gpu.compiler import merge_kernel_modules as merge
    with module_op.context, ir.Location.unknown(module_op.context):
        merge(module_op)


def kernels_pipeline() -> list:
    """The pipeline elements from linalg on tensors to outlined GPU kernels (shlo.compile's
    target='cuda' path, less the launch plan)."""
    from ..lowering.gpu import pipeline as gpu
    from ..lowering.pipeline import PREPARE
    return [PREPARE, "shlo-gpu-split-reductions", "shlo-gpu-tile-contractions", gpu.BUFFERIZE, gpu.OUT_PARAMS,
            "shlo-gpu-map-foralls", gpu.TO_LOOPS, "shlo-gpu-map-loops", gpu.TO_KERNELS,
            "shlo-gpu-merge-kernel-modules"]


def nvvm_pipeline(arch: str = "sm_90") -> str:
    from ..lowering.gpu import pipeline as gpu
    return gpu.to_nvvm(arch)
