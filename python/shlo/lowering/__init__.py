"""Lowering shlo to linalg / tensor / arith / math / complex / scf, and on to native code.

    lowered = shlo.lowering.lower_program(prog)      # linalg on tensors (a new module)
    fn = shlo.compile(prog, target="cpu")            # JIT-compiled callable on numpy arrays

One module per op family under `ops/` (as the interpreter's), the driver in
`driver.py`, element storage/compute types in `element.py`, the pass
pipelines in `pipeline.py`, CPU schedules in `schedules.py`, calling
conventions in `runtime.py`, `shlo.compile` and its cache in `compiler.py`.
"""
from __future__ import annotations

from . import ops  # noqa: F401  (registers the lowerings)
from .compiler import CompiledFunction, compile, lower_to_llvm
from .driver import Lowered, lower_program
from .registry import LOWERINGS, SCALARS


def lowered_ops() -> set:
    """Names of the ops that have a lowering."""
    return set(LOWERINGS) | set(SCALARS)


__all__ = ["CompiledFunction", "Lowered", "compile", "lower_program", "lower_to_llvm", "lowered_ops"]
