"""MLIR contexts that know the shlo dialect.

The dialect is C++ generated from the ODS in dialect/, loaded into the
upstream `mlir` Python package's contexts (one MLIR in the process).
"""
from __future__ import annotations

import threading

from mlir import ir
from mlir._mlir_libs import _mlir

from . import _shlo_ext

# Generated op classes live in shlo.dialects; the upstream bindings only look
# under mlir.dialects unless told otherwise.
_mlir.globals.append_dialect_search_prefix("shlo.dialects")

_local = threading.local()


def make_context() -> ir.Context:
    """A new context with shlo, quant, func and the upstream dialects loaded."""
    ctx = ir.Context()
    _shlo_ext.register_dialect(ctx)
    for name in ("func", "quant"):
        ctx.dialects[name]  # loads it
    return ctx


def default_context() -> ir.Context:
    """One shared context per thread, for callers that do not bring their own."""
    ctx = getattr(_local, "context", None)
    if ctx is None:
        ctx = _local.context = make_context()
    return ctx
