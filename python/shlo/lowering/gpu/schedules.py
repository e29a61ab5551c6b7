"""GPU schedules for contractions: a matmul tiled to blocks, K steps and threads.

The general mapping (mapping.py) gives a matmul one thread per output element, each reading
a whole row of A and column of B from global memory. Here `linalg.matmul` and
`linalg.batch_matmul` with static shapes are instead tiled with the transform dialect, on
tensors:

    blocks  BLOCK x BLOCK output tiles  (scf.forall mapped to #gpu.block<y>, <x>; batch on <z>)
    K       steps of K_STEP             (scf.for)
    threads THREAD x THREAD outputs each (scf.forall mapped to #gpu.thread<y>, <x>)

so a block of (BLOCK/THREAD)^2 threads computes its tile in K steps, each thread a
THREAD x THREAD register tile (its accumulators promoted to registers by mapping.py).
After bufferization `map_foralls` turns each top-level block forall into a gpu.launch and
its thread foralls into thread ids. Before that step the tiled loops are ordinary scf and
run on the CPU (compiler.cpu_check).
"""
from __future__ import annotations

from mlir import ir

BLOCK, K_STEP, THREAD = 64, 16, 4
TAG = "shlo_gpu_tile"
LAUNCH_TAG = "shlo_gpu_launch"


def _op(x) -> ir.Operation:
    return x.operation if hasattr(x, "operation") else x


def _ops_named(module: ir.Module, *names: str) -> list:
    from ... import _shlo_ext
    return _shlo_ext.ops_named(module.operation, list(names))


def _run_script(module: ir.Module, lines: list) -> bool:
    """Runs a transform script (a named sequence of `lines`) on `module`; False, with the module
    unchanged, when a step fails."""
    from ... import _shlo_ext
    text = ("module attributes {transform.with_named_sequence} {\n"
            "  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consumed}) {\n"
            + "\n".join("    " + line for line in lines) + "\n    transform.yield\n  }\n}\n")
    backup = module.operation.clone()
    module.body.append(ir.Operation.parse(text, context=module.context))
    ok, _diagnostics = _shlo_ext.run_pass_pipeline(module.operation, "transform-interpreter,canonicalize,cse")
    if not ok:
        body = module.body
        for op in list(body.operations):
            op.operation.erase()
        for op in list(backup.regions[0].blocks[0].operations):
            body.append(op.operation)
        return False
    for op in list(module.body.operations):
        if op.operation.name == "builtin.module":
            op.operation.erase()
    return True


def _tileable(op: ir.Operation) -> bool:
    types = [ir.RankedTensorType(v.type) for v in op.operands if isinstance(v.type, ir.RankedTensorType)]
    return len(types) == 3 and all(t.has_static_shape for t in types) and \
        isinstance(types[2].element_type, (ir.F32Type, ir.F16Type, ir.BF16Type, ir.F64Type))


def tile_contractions(module: ir.Module) -> int:
    """Tiles each static matmul / batch_matmul of `module` (tensors) for blocks and threads."""
    i64 = ir.IntegerType.get_signless(64, module.context)
    targets = [op for op in _ops_named(module, "linalg.matmul", "linalg.batch_matmul") if _tileable(op)]
    if not targets:
        return 0
    lines = []
    for i, op in enumerate(targets):
        op.attributes[TAG] = ir.IntegerAttr.get(i64, i)
        batch = op.name == "linalg.batch_matmul"
        blocks = f"[1, {BLOCK}, {BLOCK}]" if batch else f"[{BLOCK}, {BLOCK}]"
        block_map = "[#gpu.block<z>, #gpu.block<y>, #gpu.block<x>]" if batch else "[#gpu.block<y>, #gpu.block<x>]"
        ksteps = f"[0, 0, 0, {K_STEP}]" if batch else f"[0, 0, {K_STEP}]"
        threads = f"[0, {THREAD}, {THREAD}]" if batch else f"[{THREAD}, {THREAD}]"
        lines += [
            f"%m{i} = transform.structured.match attributes{{{TAG} = {i} : i64}} in %root "
            f": (!transform.any_op) -> !transform.any_op",
            f"%t{i}, %b{i} = transform.structured.tile_using_forall %m{i} tile_sizes {blocks} "
            f"(mapping = {block_map}) : (!transform.any_op) -> (!transform.any_op, !transform.any_op)",
            f"%k{i}, %kl{i} = transform.structured.tile_using_for %t{i} tile_sizes {ksteps} "
            f": (!transform.any_op) -> (!transform.any_op, !transform.any_op)",
            f"%r{i}, %th{i} = transform.structured.tile_using_forall %k{i} tile_sizes {threads} "
            f"(mapping = [#gpu.thread<y>, #gpu.thread<x>]) : (!transform.any_op) -> (!transform.any_op, !transform.any_op)",
        ]
    ok = _run_script(module, lines)
    for op in _ops_named(module, "linalg.matmul", "linalg.batch_matmul"):
        if TAG in op.attributes:
            del op.attributes[TAG]
    return len(targets) if ok else 0


def map_foralls(module: ir.Module) -> int:
    """Each top-level block-mapped scf.forall of the (bufferized) entry becomes a gpu.launch
    with its thread foralls mapped to thread ids."""
    i64 = ir.IntegerType.get_signless(64, module.context)
    foralls = []
    for func in _ops_named(module, "func.func"):
        if not func.regions[0].blocks:
            continue
        for op in func.regions[0].blocks[0].operations:
            op = _op(op)
            if op.name == "scf.forall" and "gpu.block" in str(op.attributes["mapping"]) \
                    if "mapping" in op.attributes else False:
                foralls.append(op)
    if not foralls:
        return 0
    threads = BLOCK // THREAD
    lines = []
    for i, op in enumerate(foralls):
        op.attributes[LAUNCH_TAG] = ir.IntegerAttr.get(i64, i)
        lines += [
            f"%f{i} = transform.structured.match attributes{{{LAUNCH_TAG} = {i} : i64}} in %root "
            f": (!transform.any_op) -> !transform.any_op",
            f"%l{i} = transform.gpu.map_forall_to_blocks %f{i} generate_gpu_launch "
            f": (!transform.any_op) -> !transform.any_op",
            f"%n{i} = transform.gpu.map_nested_forall_to_threads %l{i} block_dims = [{threads}, {threads}, 1] "
            f": (!transform.any_op) -> !transform.any_op",
        ]
    if not _run_script(module, lines):
        from ...errors import CompileError
        raise CompileError("target 'cuda': mapping the tiled contractions to blocks and threads failed")
    return len(foralls)
