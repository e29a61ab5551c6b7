"""Parsing and running pass pipelines that mix upstream and shlo passes."""
from __future__ import annotations

import dataclasses
from typing import Callable

from mlir import ir
from mlir.passmanager import PassManager

from .._text import split_top_level as _split
from ..errors import PassError, ShloError
from . import gpu, lower, simplify, verify


@dataclasses.dataclass(frozen=True)
class ShloPass:
    name: str
    summary: str
    run: Callable[[ir.Operation], None]


SHLO_PASSES = {p.name: p for p in (
    ShloPass("shlo-verify", "Checks every spec constraint of every shlo op (fails with the constraint id).",
             verify.run),
    ShloPass("shlo-verify-spec", "Checks the spec constraints translated to C++ (all but those listed in "
             "dialect/ShloSpecVerify.cpp) and every op's declared types and attributes, natively.",
             verify.run_native),
    ShloPass("shlo-simplify", "Removes ops that return their operand unchanged (identity convert, reshape, "
             "transpose, broadcast_in_dim, slice, pad, reverse) and folds double negation.", simplify.run),
    ShloPass("shlo-legalize-to-linalg", "Lowers every shlo op to linalg / tensor / arith / math / complex / scf "
             "on tensors (what shlo.compile compiles).", lower.legalize_to_linalg),
    ShloPass("shlo-widen-i1-memrefs", "Stores memrefs of i1 as i8 (MLIR 22.1.8 aborts lowering i1 loads/stores).",
             lower.widen_i1_memrefs),
    ShloPass("shlo-expand-memref-copy", "Rewrites memref.copy into copy loops (no memrefCopy runtime call).",
             lower.expand_memref_copies),
    ShloPass("shlo-omp-dynamic-schedule", "Gives OpenMP worksharing loops a dynamic schedule (threads take the "
             "next chunk when done; robust to a thread the OS delays).", lower.omp_dynamic_schedule),
    ShloPass("shlo-flatten-strided-gathers", "Rewrites vector.gather from memrefs that are not contiguous "
             "(strided views) as gathers from their flat memory at strided offsets (MLIR 22.1.8 reads them "
             "as contiguous, or cannot lower them).", lower.flatten_strided_gathers),
    ShloPass("shlo-canonicalize", "canonicalize with the patterns of the dialects present only (the CPU "
             "pipelines' canonicalize: the same result, less set-up).", lambda op: _canonicalize(op, True)),
    ShloPass("shlo-canonicalize-no-regions", "shlo-canonicalize without region simplification.",
             lambda op: _canonicalize(op, False)),
    ShloPass("shlo-gpu-parallel-dims-first", "Permutes each linalg.generic's loops so its parallel dimensions are "
             "outermost (one GPU thread per output element, reductions inside).", gpu.per_function("parallel_dims_first")),
    ShloPass("shlo-gpu-split-reductions", "Splits reductions with few outputs (tensors) into interleaved partial "
             "reductions run in parallel, then combined.", gpu.per_module("split_reductions")),
    ShloPass("shlo-gpu-tile-contractions", "Tiles static matmuls / batch matmuls (tensors) to GPU blocks, K steps "
             "and per-thread register tiles (scf.forall with GPU mappings).", gpu.per_module("tile_contractions")),
    ShloPass("shlo-gpu-map-foralls", "Turns each top-level block-mapped scf.forall (bufferized) into a gpu.launch "
             "with its thread foralls mapped to thread ids.", gpu.per_module("map_foralls")),
    ShloPass("shlo-gpu-copies-to-linalg", "Rewrites memref.copy as linalg.copy (made a parallel loop on the GPU "
             "like other linalg ops).", gpu.per_function("copies_to_linalg")),
    ShloPass("shlo-gpu-distinct-results", "Copies a buffer a function returns more than once, so that each "
             "result has its own (before buffer-results-to-out-params).", gpu.per_function("distinct_results")),
    ShloPass("shlo-gpu-merge-kernel-modules", "Moves every outlined kernel into one gpu.module (@shlo_kernels), "
             "renamed k0, k1, ... in launch order.", gpu.merge_kernel_modules),
    ShloPass("shlo-gpu-map-loops", "Maps each top-level scf.parallel of the entry to GPU blocks x threads over its "
             "flattened iteration space, and other top-level code to one-thread kernels.", gpu.per_function("map_function")),
)}
def _canonicalize(op, region_simplify: bool) -> None:
    from ..lowering.pipeline import canonicalize
    canonicalize(op, region_simplify)


# Named pipelines: a name standing for several pipeline elements.
NAMED_PIPELINES = {
    "shlo-lower-to-llvm": ("shlo-legalize-to-linalg, then fusion, bufferization and the upstream passes down "
                           "to the LLVM dialect (as shlo.compile, without CPU schedules).",
                           lambda: ["shlo-legalize-to-linalg"] + lower.lower_to_llvm_pipeline()),
    "shlo-lower-to-gpu-kernels": ("shlo-legalize-to-linalg, then fusion, bufferization, loops mapped to GPU blocks "
                                  "and threads, and kernels outlined into one gpu.module (as shlo.compile "
                                  "with target='cuda', before NVVM).",
                                  lambda: ["shlo-legalize-to-linalg"] + gpu.kernels_pipeline()),
    "shlo-lower-to-nvvm": ("shlo-lower-to-gpu-kernels, then the kernels to NVVM and PTX for sm_90 (a gpu.binary).",
                           lambda: ["shlo-legalize-to-linalg"] + gpu.kernels_pipeline()
                           + [gpu.nvvm_pipeline()]),
}


def split_top_level(text: str) -> list[str]:
    """Splits `a,b{x=1,y=2},c(d,e)` at the commas that are not nested."""
    try:
        return _split(text, opens="({[", closes=")}]")
    except ValueError as e:
        raise PassError(f"bad pass pipeline: {e}") from None


def _strip_anchor(pipeline: str) -> str:
    pipeline = pipeline.strip()
    if pipeline.startswith("builtin.module(") and pipeline.endswith(")"):
        return pipeline[len("builtin.module("):-1]
    return pipeline


def _python_pass(p: ShloPass):
    def run(op, pass_):
        try:
            p.run(op)
        except ShloError as e:
            run.error = e
            pass_.signal_pass_failure()
    run.error = None
    return run


def build_pass_manager(pipeline: str, context: ir.Context) -> tuple[PassManager, list]:
    """A PassManager on builtin.module running `pipeline`; also returns the shlo pass callbacks."""
    callbacks = []
    with context:
        pm = PassManager("builtin.module")
        elements = []
        for element in split_top_level(_strip_anchor(pipeline)):
            name = element.split("{")[0].split("(")[0].strip()
            if name in NAMED_PIPELINES:
                if element != name:
                    raise PassError(f"named pipeline {name} takes no options")
                for part in NAMED_PIPELINES[name][1]():
                    elements.extend(split_top_level(part))
            else:
                elements.append(element)
        for element in elements:
            name = element.split("{")[0].split("(")[0].strip()
            if name in SHLO_PASSES:
                if element != name:
                    raise PassError(f"shlo pass {name} takes no options")
                cb = _python_pass(SHLO_PASSES[name])
                callbacks.append(cb)
                pm.add(cb, name=name, argument=name, description=SHLO_PASSES[name].summary)
                continue
            if any(n in element for n in SHLO_PASSES):
                raise PassError(f"shlo passes run on the whole module; move them out of {element!r}")
            try:
                pm.add(element)
            except ValueError as e:
                raise PassError(f"bad pass pipeline element {element!r}: {e}") from None
    return pm, callbacks


def _diagnostic(e: Exception) -> str:
    """MLIR's error without its 'Failure while executing pass pipeline' preamble."""
    text = str(e).replace("Failure while executing pass pipeline:", "").strip()
    return " ".join(text.split())


def _short(pipeline: str, limit: int = 160) -> str:
    return pipeline if len(pipeline) <= limit else pipeline[:limit] + "...)"


def run_pipeline(module: ir.Module, pipeline: str) -> None:
    """Runs `pipeline` on `module` in place; raises PassError (or the shlo error a pass raised)."""
    pm, callbacks = build_pass_manager(pipeline, module.context)
    try:
        pm.run(module.operation)
    except ir.MLIRError as e:
        for cb in callbacks:
            if cb.error is not None:
                raise cb.error from None
        raise PassError(f"{_diagnostic(e)} (pipeline {_short(pipeline)})") from None
    except Exception as e:  # noqa: BLE001 - e.g. upstream raising on bad options at run time
        for cb in callbacks:
            if cb.error is not None:
                raise cb.error from None
        raise PassError(f"{_diagnostic(e)} (pipeline {_short(pipeline)})") from None
