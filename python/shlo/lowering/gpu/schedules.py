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
from .irop import operation_of as _op

BLOCK, K_STEP, THREAD = 64, 16, 4
THREADS = 16                 # threads a block along each output dimension (256 a block)
MIN_BLOCKS = 264             # two blocks per multiprocessor of an H100 / H200 (132 SMs)
TAG = "shlo_gpu_tile"
HOIST = "shlo_gpu_hoist"
LAUNCH_TAG = "shlo_gpu_launch"



def _ops_named(module: ir.Module, *names: str) -> list:
    from ... import _shlo_ext
    return _shlo_ext.ops_named(module.operation, list(names))


def _run_script(module: ir.Module, lines: list, suppress: bool = False) -> bool:
    """Runs a transform script (a named sequence of `lines`) on `module`; False, with the module
    unchanged, when a step fails."""
    from ... import _shlo_ext
    if suppress:        # each element of `lines` a group of its own, whose failure leaves the others
        lines = [x for group in lines for x in (
            ["transform.sequence %root : !transform.any_op failures(suppress) {", "^bb0(%r: !transform.any_op):"]
            + ["  " + g.replace(" in %root ", " in %r ") for g in group] + ["}"])]
    text = ("module attributes {transform.with_named_sequence} {\n"
            "  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consumed}) {\n"
            + "\n".join("    " + line for line in lines) + "\n    transform.yield\n  }\n}\n")
    backup = module.operation.clone()
    module.body.append(ir.Operation.parse(text, context=module.context))
    ok, _diagnostics = _shlo_ext.run_pass_pipeline(module.operation, "transform-interpreter,canonicalize,cse",
                                                   assume_verified=True)     # see lowering/schedules.py
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


SPLIT_TAG = "shlo_gpu_split"
FEW_OUTPUTS = 16384          # a reduction with fewer outputs than this leaves most of the GPU idle
SPLIT_THREADS = 65536        # threads to aim for after splitting


def _split_factor(op: ir.Operation, shortest: int = 64) -> int | None:
    """How many parallel partial reductions to split `op`'s one reduction dimension into (a
    power of two dividing it), or None where it does not pay (enough outputs already, a short
    reduction, several results, dynamic shapes)."""
    if len(op.results) != 1 or not isinstance(op.results[0].type, ir.RankedTensorType):
        return None
    out = ir.RankedTensorType(op.results[0].type)
    ins = [ir.RankedTensorType(v.type) for v in op.operands[:-1] if isinstance(v.type, ir.RankedTensorType)]
    if not out.has_static_shape or not ins or not all(t.has_static_shape for t in ins):
        return None
    if op.name == "linalg.reduce":
        dims = list(ir.DenseI64ArrayAttr(op.attributes["dimensions"]))
        if len(dims) != 1:
            return None
        extent = ins[0].shape[dims[0]]
    else:
        kinds = [str(a) for a in ir.ArrayAttr(op.attributes["iterator_types"])]
        red = [i for i, k in enumerate(kinds) if "reduction" in k]
        if len(red) != 1:
            return None
        extent = None
        for m, t in zip(ir.ArrayAttr(op.attributes["indexing_maps"]), ins):
            results = [str(e) for e in ir.AffineMapAttr(m).value.results]
            if f"d{red[0]}" in results:
                extent = t.shape[results.index(f"d{red[0]}")]
                break
        if extent is None:
            return None
    outputs = 1
    for d in out.shape:
        outputs *= d
    if outputs >= FEW_OUTPUTS or extent < shortest:
        return None
    factor = 8
    while factor * 2 <= extent // 8 and extent % (factor * 2) == 0 and outputs * factor * 2 <= SPLIT_THREADS:
        factor *= 2
    return factor if extent % factor == 0 else None


COMBINE_TAG = "shlo_gpu_combine"
SHORTEST_COMBINE = 32        # a combining step this long or longer is split again (resplit)


def resplit() -> bool:
    """Combining steps of 32 or more partials are split again, unless SHLO_GPU_RESPLIT=0. Their
    few outputs (a layer norm's 256 rows) each summed 64 partials alone: one block of 256
    threads, 13 us of the decoder's ~500 (ncu, H200) four times over."""
    import os
    return os.environ.get("SHLO_GPU_RESPLIT", "1") != "0"


def split_reductions(module: ir.Module) -> int:
    """Reductions with few outputs (a layer norm's row means, a softmax's row maxima, a total)
    are split into `factor` partial reductions over interleaved elements, run in parallel with
    neighbouring threads reading neighbouring elements, then combined: one thread per output
    would otherwise walk a whole row alone, its reads strided across the warp. A combining
    step over SHORTEST_COMBINE or more partials is split again the same way (`resplit`)."""
    done = _split_pass(module, first=True)
    if done and resplit():
        done += _split_pass(module, first=False)
    for op in _ops_named(module, "linalg.generic"):
        if COMBINE_TAG in op.attributes:
            del op.attributes[COMBINE_TAG]
    return done


def _split_pass(module: ir.Module, first: bool) -> int:
    """One round of split_reductions: every reduction (`first`), or the combining steps the
    first round made (marked COMBINE_TAG)."""
    from .reductions import collapse_reduction_dims, masked_split
    if first:
        collapse_reduction_dims(module)     # an exact reduction over adjacent dimensions: one
    i64 = ir.IntegerType.get_signless(64, module.context)
    groups = []
    for op in _ops_named(module, "linalg.reduce", "linalg.generic"):
        if not first:
            factor = _split_factor(op, SHORTEST_COMBINE) if COMBINE_TAG in op.attributes else None
            if COMBINE_TAG in op.attributes:
                del op.attributes[COMBINE_TAG]
        else:
            factor = _split_factor(op)
            if factor is None and masked_split(op):     # 16..63 elements, or not a multiple of 8 (300, 1001)
                factor = _split_factor(op)      # the op now combines the partials: many of them, split again
        if factor is None:
            continue
        i = len(groups)
        op.attributes[SPLIT_TAG] = ir.IntegerAttr.get(i64, i)
        rank = len(ir.RankedTensorType(op.results[0].type).shape)
        groups.append([
            f"%s{i} = transform.structured.match attributes{{{SPLIT_TAG} = {i} : i64}} in %root "
            f": (!transform.any_op) -> !transform.any_op",
            f"%g{i} = transform.structured.generalize %s{i} : (!transform.any_op) -> !transform.any_op",
            f"%a{i}, %b{i}, %c{i}, %d{i} = transform.structured.split_reduction %g{i} {{split_factor = {factor}, "
            f"insert_split_dimension = {rank}, inner_parallel}} : (!transform.any_op) -> (!transform.any_op, "
            f"!transform.any_op, !transform.any_op, !transform.any_op)",
        ] + ([f'transform.annotate %d{i} "{COMBINE_TAG}" : !transform.any_op'] if first else []))
    if not groups:
        return 0
    ok = _run_script(module, groups, suppress=True)
    for op in _ops_named(module, "linalg.reduce", "linalg.generic"):
        if SPLIT_TAG in op.attributes:
            del op.attributes[SPLIT_TAG]
    return len(groups) if ok else 0


def _tiles(op: ir.Operation, batch: bool) -> tuple:
    """(block tile, thread tile) for a contraction: the largest of 128/8, 64/4, 32/2, 16/1 (always
    16x16 threads a block) that still gives MIN_BLOCKS blocks, else the smallest. An 8x8 thread
    tile takes 128 registers (no spills on sm_90)."""
    out = ir.RankedTensorType(op.operands[2].type).shape
    b, m, n = (out[0], out[1], out[2]) if batch else (1, out[0], out[1])
    for thread in (8, 4, 2, 1):
        block = THREADS * thread
        if b * -(-m // block) * -(-n // block) >= MIN_BLOCKS:
            return block, thread
    return THREADS, 1


def tile_contractions(module: ir.Module, leave_shared: bool = False, tf32: bool = False) -> int:
    """Tiles each static matmul / batch_matmul of `module` (tensors) for blocks and threads;
    `leave_shared` leaves those that contraction.py's shared-memory kernels take after
    bufferization (compile_cuda / cpu_check; shlo-opt's pipelines tile them all here)."""
    i64 = ir.IntegerType.get_signless(64, module.context)
    from . import contraction
    targets = [op for op in _ops_named(module, "linalg.matmul", "linalg.batch_matmul") if _tileable(op)
               and not (leave_shared and contraction.tiling_of(op, tf32) is not None)]
    if not targets:
        return 0
    lines = []
    for i, op in enumerate(targets):
        op.attributes[TAG] = ir.IntegerAttr.get(i64, i)
        batch = op.name == "linalg.batch_matmul"
        block, thread = _tiles(op, batch)
        blocks = f"[1, {block}, {block}]" if batch else f"[{block}, {block}]"
        block_map = "[#gpu.block<z>, #gpu.block<y>, #gpu.block<x>]" if batch else "[#gpu.block<y>, #gpu.block<x>]"
        threads = f"[0, {THREADS}, {THREADS}]" if batch else f"[{THREADS}, {THREADS}]"
        ksteps = f"[0, 0, 0, {K_STEP}]" if batch else f"[0, 0, {K_STEP}]"
        vector = f"[1, {thread}, {thread}, {K_STEP}]" if batch else f"[{thread}, {thread}, {K_STEP}]"
        lines += [
            f"%m{i} = transform.structured.match attributes{{{TAG} = {i} : i64}} in %root "
            f": (!transform.any_op) -> !transform.any_op",
            f"%t{i}, %b{i} = transform.structured.tile_using_forall %m{i} tile_sizes {blocks} "
            f"(mapping = {block_map}) : (!transform.any_op) -> (!transform.any_op, !transform.any_op)",
            # num_threads, not tile sizes: a partial block tile still has 16x16 threads (static
            # trip counts, which the thread mapping needs), some with empty tiles.
            f"%r{i}, %th{i} = transform.structured.tile_using_forall %t{i} num_threads {threads} "
            f"(mapping = [#gpu.thread<y>, #gpu.thread<x>]) : (!transform.any_op) -> (!transform.any_op, !transform.any_op)",
            f"%k{i}, %kl{i} = transform.structured.tile_using_for %r{i} tile_sizes {ksteps} "
            f": (!transform.any_op) -> (!transform.any_op, !transform.any_op)",
            f"transform.structured.vectorize %k{i} vector_sizes {vector} {{create_named_contraction}} : !transform.any_op",
            f'transform.annotate %kl{i} "{HOIST}" : !transform.any_op',
        ]
    lines += [
        '%fns = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op',
        "transform.apply_patterns to %fns {",
        '  transform.apply_patterns.vector.lower_masked_transfers',
        "  transform.apply_patterns.vector.cast_away_vector_leading_one_dim",
        "  transform.apply_patterns.canonicalization",
        "} : !transform.any_op",
        "transform.apply_patterns to %fns {",
        '  transform.apply_patterns.vector.lower_contraction lowering_strategy = "outerproduct"',
        "  transform.apply_patterns.vector.lower_outerproduct",
        "  transform.apply_patterns.canonicalization",
        "} : !transform.any_op",
        f"%loops = transform.structured.match attributes{{{HOIST}}} in %root : (!transform.any_op) -> !transform.any_op",
        "transform.foreach %loops : !transform.any_op {",
        "^bb1(%loop: !transform.any_op):",
        "  transform.loop.hoist_loop_invariant_subsets %loop : !transform.any_op",
        "}",
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
    threads = THREADS
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
