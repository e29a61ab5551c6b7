"""shlo's own passes, and pipelines that mix them with upstream MLIR passes.

A shlo pass is a Python function `run(module_op)` registered here under a
command-line name; `build_pass_manager` places it in an ordinary upstream
`PassManager` next to upstream passes, so one pipeline string such as
`builtin.module(canonicalize,shlo-simplify,cse)` runs everything in order.
"""
from __future__ import annotations

from .pipeline import NAMED_PIPELINES, SHLO_PASSES, build_pass_manager, run_pipeline, split_top_level

__all__ = ["NAMED_PIPELINES", "SHLO_PASSES", "build_pass_manager", "run_pipeline", "split_top_level"]
