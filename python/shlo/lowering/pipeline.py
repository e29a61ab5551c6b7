"""Pass pipelines from linalg on tensors to the LLVM dialect, as upstream pass strings.

Stages (each a string so that `shlo-opt -p` can run any of them by name):

  PREPARE    inline calls, fold, fuse chains of element-wise linalg.generics
  (then `schedules.apply`: the transform-dialect schedules (tiling,
             vectorization, threads), run between PREPARE and BUFFERIZE)
  BUFFERIZE  one-shot bufferization with function boundaries, deallocation
  TO_LLVM    loops, complex and math ops, everything to the LLVM dialect
"""
from __future__ import annotations

import collections
import functools
import threading
import weakref

from mlir import ir

from ..errors import PassError, ShloError

# shlo's canonicalize (jit/ShloCanonicalize.cpp): upstream's pass with the canonicalization
# patterns of the dialects present in the module only. Upstream's sorts the patterns of every
# loaded op before each run (PatternApplicator::applyCostModel, ~0.36 M instructions), more than
# folding a small module costs: a third of the single matmul's three canonicalizations. The
# final LLVM dialect was the same on every 7th conformance program and the benchmark modules.
CANONICALIZE = "shlo-canonicalize"
CANONICALIZE_NO_REGIONS = "shlo-canonicalize-no-regions"       # region-simplify=disabled

PREPARE = f"inline,{CANONICALIZE},cse,linalg-fuse-elementwise-ops,{CANONICALIZE},cse"
PREPARE_NO_FUSION = f"inline,{CANONICALIZE},cse"

_ONE_SHOT = ("one-shot-bufferize{bufferize-function-boundaries allow-return-allocs-from-loops "
             "function-boundary-type-conversion=identity-layout-map}")
_AFTER_DEALLOCATION = ("convert-bufferization-to-memref,shlo-widen-i1-memrefs,shlo-expand-memref-copy,"
                       "shlo-flatten-strided-gathers")
BUFFERIZE = f"eliminate-empty-tensors,{_ONE_SHOT},buffer-deallocation-pipeline,{_AFTER_DEALLOCATION}"


def to_llvm(threads: int = 1, complex_ops: bool = True, math_ops: bool = True, loops: bool = True,
            dialects: tuple = ()) -> str:
    """Loops to LLVM; with threads > 1, scf.forall loops become OpenMP parallel regions. The
    conversions of complex and math ops may be left out for modules without such ops (see
    `needs`): each walks the whole module.

    Passes that work within one function are nested under `func.func(...)`: MLIR then runs them
    on the module's functions side by side, one thread a core (the outlined loop nests of
    kernels.py are functions of their own); the module-wide ones (OpenMP, libm declarations,
    function signatures) run between those groups.

    `loops=False` (see `needs_loops`): the module holds nothing for the loop passes, nor for
    scf-to-cf and vector-to-llvm, to work on (a program whose products all became kernel
    calls), and no complex ops: they are left out."""
    math_ops = math_ops or complex_ops      # complex-to-standard makes math ops
    # One canonicalize + cse after the loops are made, not one after vector-to-scf as well (the
    # final module was the same on the four benchmark programs without it); and no region
    # simplification in this stage's canonicalizations (it changed none of their modules either,
    # and walks every block): together 5% of the pass managers' instructions (callgrind, decoder
    # 431 -> 410 M, ResNet block 80 -> 76 M).
    canonicalize = CANONICALIZE_NO_REGIONS
    loops_needed = loops
    loops = ["convert-linalg-to-loops", "convert-vector-to-scf{full-unroll=true}",
             "fold-memref-alias-ops", "expand-strided-metadata", "lower-affine",
             "loop-invariant-code-motion"]
    after_loops = ["cse"] + (["convert-complex-to-standard"] if complex_ops else [])
    after_loops += ["scf-forall-to-parallel"] if threads > 1 else ["scf-forall-to-for"]
    # The canonicalizations run on the whole module, not nested in each function's pipeline: a
    # canonicalize pays a fixed cost on every region it runs on (it sorts all the loaded ops'
    # patterns, ~0.4 M instructions), declarations included, far more on small modules than
    # folding them costs (the same module results: folds and patterns stay within their function).
    parts = [_per_function(loops), canonicalize, _per_function(after_loops)] if loops_needed else []
    if threads > 1:
        parts += [f"convert-scf-to-openmp{{num-threads={threads}}}", "shlo-omp-dynamic-schedule",
                  "finalize-memref-to-llvm"]
    late = (["convert-scf-to-cf"] if loops_needed else []) + (["convert-math-to-llvm{approximate-log1p=false}"]
                                                              if math_ops else [])
    if late:
        parts += [_per_function(late)]
    if math_ops:
        parts += ["convert-math-to-libm"]
    last = (["convert-complex-to-llvm"] if complex_ops else []) + (["convert-vector-to-llvm"] if loops_needed else [])
    if last:
        parts += [_per_function(last)]
    parts += [f"convert-to-llvm{{filter-dialects={','.join(dialects)}}}" if dialects else "convert-to-llvm"]
    if threads > 1:
        parts += ["convert-openmp-to-llvm"]
    # Folding the LLVM dialect (memref descriptors built and taken apart again, index arithmetic
    # by constants, trivial branches) before translation: LLVM's code generation then has a
    # quarter less to do, far more than the fold costs. Once on the module, not once a function
    # (see above): the single matmul's five llvm.func (three of them declarations) cost 1.3 M
    # instructions of 17.6 that way.
    parts += ["reconcile-unrealized-casts", canonicalize]
    return ",".join(parts)


def canonicalize(op: ir.Operation, region_simplify: bool = True) -> None:
    """CANONICALIZE on `op` in place (the shlo pass's body)."""
    from .. import _shlo_jit
    _forget_with(op.context)
    _shlo_jit.canonicalize(op, region_simplify)


# Contexts whose pattern sets `_shlo_jit.canonicalize` keeps, by address: each set is dropped
# when its context's Python object dies (which destroys the context), before another context
# can be made at the same address and be handed the dead one's patterns.
_CANONICALIZED_CONTEXTS: set = set()
_CANONICALIZED_LOCK = threading.Lock()


def _forget_with(context: ir.Context) -> None:
    from .. import _shlo_jit
    address = _shlo_jit.context_address(context)
    with _CANONICALIZED_LOCK:
        if address in _CANONICALIZED_CONTEXTS:
            return
        _CANONICALIZED_CONTEXTS.add(address)
    weakref.finalize(context, _forget, address)


def _forget(address: int) -> None:
    from .. import _shlo_jit
    with _CANONICALIZED_LOCK:
        _CANONICALIZED_CONTEXTS.discard(address)
        _shlo_jit.canonicalize_forget(address)


def _per_function(passes: list) -> str:
    return "func.func(" + ",".join(passes) + ")"


def after_schedule(threads: int = 1, complex_ops: bool = True, math_ops: bool = True,
                   empty_tensors: bool = True) -> str:
    bufferize = BUFFERIZE if empty_tensors else BUFFERIZE[len("eliminate-empty-tensors,"):]
    return "builtin.module(" + bufferize + "," + to_llvm(threads, complex_ops, math_ops) + ")"


def after_schedule_parts(threads: int = 1, complex_ops: bool = True, math_ops: bool = True,
                         empty_tensors: bool = True) -> tuple:
    """`after_schedule` as its two stages, BUFFERIZE and TO_LLVM (identical loop nests are shared
    between them, see kernels.py)."""
    bufferize = BUFFERIZE if empty_tensors else BUFFERIZE[len("eliminate-empty-tensors,"):]
    return f"builtin.module({bufferize})", f"builtin.module({to_llvm(threads, complex_ops, math_ops)})"


def bufferize(module: ir.Module, empty_tensors: bool = True) -> None:
    """BUFFERIZE on `module` in place, as two runs: one-shot bufferization, then the rest, where
    buffer-deallocation-pipeline runs only if `needs_deallocation` finds the module may need a
    deallocation. Elsewhere a canonicalize stands for it: on such a module the pipeline inserts
    nothing that survives it, and its three canonicalizations are all it changes (the final LLVM
    dialect was the same as with the pipeline on every 6th conformance program and the benchmark
    programs, 121 of the 365 without deallocation, and on two more samples of 432 and 309). Each
    canonicalize costs more to set up (sorting every loaded op's patterns) than a small module
    costs to fold (with the op-name lists of `needs` found once: matmul 16.3 -> 14.5 M instructions)."""
    first = ("eliminate-empty-tensors," if empty_tensors else "") + _ONE_SHOT
    run(module, f"builtin.module({first})", verify_after=False)
    deallocation = _DEALLOCATION if needs_deallocation(module) else CANONICALIZE
    run(module, f"builtin.module({deallocation},{_AFTER_DEALLOCATION})", verify_after=False)


# buffer-deallocation-pipeline's passes, without the canonicalize between the ownership-based
# deallocation and its simplification (the simplification and the canonicalize at the end do
# what it did: the final LLVM dialect was the same on every 4th conformance program and the
# benchmark programs, 544 modules, 363 of them with deallocations; the stage's CPU time over them
# 2.23 -> 1.50 s, the decoder's 41 -> 37 ms). The first canonicalize
# stays (without it the final code differed on 14 of 26 programs, the MLP among them), and so
# does the last (it folds the scf.if the simplification may leave).
_DEALLOCATION = (f"expand-realloc{{emit-deallocs=false}},{CANONICALIZE},ownership-based-buffer-deallocation,"
                 f"buffer-deallocation-simplification,bufferization-lower-deallocations,cse,{CANONICALIZE}")


# Ops that allocate, free or take ownership of a buffer other than memref.alloc: with any of them
# the deallocation pipeline runs.
_OWNERSHIP_OPS = ("memref.alloca", "memref.realloc", "memref.dealloc", "memref.alloca_scope", "bufferization.clone",
                  "bufferization.alloc_tensor", "bufferization.dealloc")
# Ops whose memref results the deallocation pipeline would track ownership of (a loop or branch
# carrying a buffer, a call returning one).
_MEMREF_CARRIERS = ("scf.if", "scf.for", "scf.while", "scf.execute_region", "scf.index_switch", "func.call",
                    "func.call_indirect")


def needs_deallocation(module: ir.Module) -> bool:
    """Whether the bufferized module may need buffer-deallocation-pipeline: False only where every
    memref.alloc is returned, directly and once, by a func.return of its own block (so the caller
    owns it and no buffer is left to free), no other op allocates or frees, and no loop, branch
    or call yields a memref (a single kernel call, an element-wise program in one loop nest)."""
    if _ops_named(module, *_OWNERSHIP_OPS):
        return True
    returned = set()
    for ret in _ops_named(module, "func.return"):
        block = ret.operation.block
        for value in ret.operands:
            if not isinstance(value.type, ir.MemRefType):
                continue
            if not isinstance(value, ir.OpResult) or value.owner.name != "memref.alloc":
                return True
            alloc = value.owner.operation
            if alloc.block != block or alloc in returned:
                return True
            returned.add(alloc)
    if len(returned) != len(_ops_named(module, "memref.alloc")):
        return True
    return any(isinstance(r.type, ir.MemRefType) for op in _ops_named(module, *_MEMREF_CARRIERS) for r in op.results)


def to_llvm_for(module: ir.Module, threads: int = 1, complex_ops: bool = True, math_ops: bool = True) -> str:
    """TO_LLVM for this bufferized module: without the loop passes where `needs_loops` finds
    nothing for them."""
    loops = complex_ops or needs_loops(module)
    dialects = () if loops else _present(module, _TO_LLVM_DIALECTS)
    return f"builtin.module({to_llvm(threads, complex_ops, math_ops, loops, dialects)})"


# Without loops (see needs_loops), the module that reaches convert-to-llvm is the bufferized one
# but for math ops made LLVM ops or libm calls: convert-to-llvm then needs the patterns of the
# dialects present, func and arith, not those of every loaded dialect. Each run builds a
# legalizer over all its patterns: the single matmul's last stage 729 -> 461 us of CPU, the
# same LLVM dialect. These are the dialects with conversions to LLVM that such a module can hold.
_TO_LLVM_DIALECTS = ("arith", "cf", "complex", "func", "index", "math", "memref", "ub", "vector")


def _present(module: ir.Module, dialects: tuple) -> tuple:
    """Those of `dialects` with an op in the module (one walk for all), and always arith, func."""
    found = {op.name.split(".", 1)[0] for op in _ops_named(module, *_dialect_ops(*dialects))}
    return tuple(d for d in dialects if d in ("arith", "func") or d in found)


# Ops the loop passes of TO_LLVM (and scf-to-cf, vector-to-llvm) work on: every op of scf, linalg,
# affine and vector, and the memref views that fold-memref-alias-ops / expand-strided-metadata rewrite.
_MEMREF_VIEWS = ("memref.subview", "memref.expand_shape", "memref.collapse_shape", "memref.reinterpret_cast",
                 "memref.reshape", "memref.transpose", "memref.view", "memref.extract_strided_metadata",
                 "memref.extract_aligned_pointer_as_index", "memref.memory_space_cast", "memref.dim", "memref.rank",
                 "memref.alloca_scope", "memref.realloc")


def needs_loops(module: ir.Module) -> bool:
    """Whether the bufferized module holds an op of scf, linalg, affine or vector, or a memref
    view. Loops and vectors first: in a module without loops the vector ops are few, and the
    walk returns every op it matches."""
    if _ops_named(module, *_dialect_ops("scf", "linalg", "affine")):
        return True
    return bool(_ops_named(module, *_dialect_ops("vector"), *_MEMREF_VIEWS))


def prepare(module: ir.Module, fusion: bool = True) -> str:
    """PREPARE for this module: without calls, `inline` has nothing to inline (it would still
    canonicalize every function once more); symbol-dce drops functions nothing calls, as it would.
    With calls, inline without its default pipeline (a canonicalize of every callee first)."""
    # Element-wise fusion works on linalg.generic ops and on the reshapes and pads next to them;
    # without any (a product alone, a convolution) it has nothing to fuse and the canonicalize,
    # cse after it nothing new to fold.
    if fusion and not _ops_named(module, *_FUSION_ROOTS):
        fusion = False
    text = PREPARE if fusion else PREPARE_NO_FUSION
    if fusion and SIZE_GUARDS in module.operation.attributes:
        # a guard's condition folds to true where the sizes are equal, but often only after cse has
        # merged their tensor.dim ops; one more fold first, or the guarded generics are not fused
        # (jax.export's symbolic batch: 9 generics left instead of 3)
        text = text.replace(",linalg-fuse-elementwise-ops", f",{CANONICALIZE},cse,linalg-fuse-elementwise-ops")
    if not _ops_named(module, "func.call"):
        text = "symbol-dce" + text[len("inline"):]
    else:       # the canonicalize that follows does what inline's own default pipeline would
        text = "inline{default-pipeline=}" + text[len("inline"):]
    return f"builtin.module({text})"


# a module attribute: the lowering made scf.if guards of run-time size checks (size_checks.py)
SIZE_GUARDS = "shlo.size_guards"

_FUSION_ROOTS = ("linalg.generic", "tensor.expand_shape", "tensor.collapse_shape", "tensor.pad")


def needs(module: ir.Module) -> dict:
    """Which optional passes of `after_schedule` the module needs: the conversions of complex ops
    and of math ops (linalg bodies and vectors hold them; no pass before the conversions makes
    new ones but complex-to-standard), and empty-tensor elimination."""
    return {"complex_ops": bool(_ops_named(module, *_dialect_ops("complex"))),
            "math_ops": bool(_ops_named(module, *_dialect_ops("math"))),
            "empty_tensors": _empty_tensors_to_eliminate(module)}


def _empty_tensors_to_eliminate(module: ir.Module) -> bool:
    """Whether eliminate-empty-tensors may find work: a slice inserted into a tensor that was
    computed into a tensor.empty of its own (it would then be computed in place). The pass runs a
    whole bufferization analysis to find out, a tenth of the passes' time where (as in most
    scheduled programs) there is none. Conservative: a chain through an op not known here counts."""
    return any(_from_empty(op.operands[0]) for op in _ops_named(module, "tensor.insert_slice",
                                                                "tensor.parallel_insert_slice"))


def _from_empty(v: ir.Value, depth: int = 0) -> bool:
    """Whether tensor `v` may be a tensor.empty, or computed into one (destination-passing ops,
    loops carrying it)."""
    if depth > 16:
        return True
    if not isinstance(v, ir.OpResult):
        return False                # a block argument: an entry argument or a loop's carried value
    op = v.owner
    op = op.operation if hasattr(op, "operation") else op
    name = op.name
    if name == "tensor.empty":
        return True
    if name in ("tensor.extract_slice", "arith.constant", "bufferization.to_tensor"):
        return False
    if name in ("vector.transfer_write", "tensor.insert_slice", "tensor.insert"):
        return _from_empty(op.operands[1], depth + 1)
    if name.startswith("linalg."):
        return _from_empty(op.operands[len(op.operands) - len(op.results) + v.result_number], depth + 1)
    if name == "scf.for":
        return _from_empty(op.operands[3 + v.result_number], depth + 1)
    return True


@functools.lru_cache(maxsize=None)
def _dialect_ops(*dialects: str) -> tuple:
    """The op names of these dialects' Python modules, found once (a few hundred names: listing
    them cost more than the native walk that looks for them)."""
    import importlib
    return tuple(n for d in dialects for n in _op_names(importlib.import_module(f"mlir.dialects.{d}")))


def _op_names(dialect_module) -> list:
    return sorted({v.OPERATION_NAME for v in vars(dialect_module).values()
                   if isinstance(v, type) and isinstance(getattr(v, "OPERATION_NAME", None), str)})


def _ops_named(module: ir.Module, *names: str) -> list:
    from .. import _shlo_ext
    return _shlo_ext.ops_named(module.operation, list(names))


def run(module: ir.Module, pipeline: str, verify_after: bool = True) -> None:
    """Runs one of these pipelines on `module` in place, then verifies the module once.

    MLIR's pass manager verifies the whole module after every pass by default; over the ~35
    passes to LLVM that was a third of their time (1-1.5 ms a run on the decoder benchmark).
    Upstream passes keep valid IR valid, so the module is verified where it enters (the
    lowering's output, the schedules' output) and where it leaves, not after each pass."""
    pm, callbacks = _checkout(pipeline, module.context)
    try:
        pm.run(module.operation)
    except Exception as e:  # noqa: BLE001 - ir.MLIRError, or upstream raising on options at run time
        for cb in callbacks:
            if cb.error is not None:
                raise cb.error from None
        raise PassError(f"{_diagnostic(e)} (pipeline {_short(pipeline)})") from None
    finally:
        _checkin(pipeline, module.context, pm, callbacks)
    if verify_after:
        verify(module, f"after {_short(pipeline)}")


# Pass managers built for (pipeline, context), most recently used last. Building one parses its
# pipeline and makes every pass (~40 to LLVM): several milliseconds, as much as running them on a
# small module. A cached manager is taken out while it runs, so two threads never share one.
_MANAGERS: "collections.OrderedDict" = collections.OrderedDict()
_MANAGERS_LOCK = threading.Lock()
MANAGERS_KEPT = 32


def _checkout(pipeline: str, context: ir.Context):
    from ..passes import build_pass_manager
    with _MANAGERS_LOCK:
        free = _MANAGERS.get((pipeline, id(context)))
        entry = free.pop() if free else None
    if entry is None:
        pm, callbacks = build_pass_manager(pipeline, context)
        pm.enable_verifier(False)
        return pm, callbacks
    pm, callbacks, _context = entry
    for cb in callbacks:
        cb.error = None
    return pm, callbacks


def _checkin(pipeline: str, context: ir.Context, pm, callbacks) -> None:
    key = (pipeline, id(context))
    with _MANAGERS_LOCK:         # (the context is kept alive with it, so its id stays its own)
        _MANAGERS.setdefault(key, []).append((pm, callbacks, context))
        _MANAGERS.move_to_end(key)
        while len(_MANAGERS) > MANAGERS_KEPT:
            _MANAGERS.popitem(last=False)


def verify(module: ir.Module, where: str) -> None:
    try:
        module.operation.verify()
    except ir.MLIRError as e:
        raise PassError(f"invalid IR {where}: {_diagnostic(e)}") from None


def _diagnostic(e: Exception) -> str:
    text = str(e).replace("Failure while executing pass pipeline:", "").strip()
    return " ".join(text.split())


def _short(pipeline: str, limit: int = 160) -> str:
    return pipeline if len(pipeline) <= limit else pipeline[:limit] + "...)"
