"""Custom calls that JAX writes into portable programs, run as their targets mean.

StableHLO's dynamic ops spelled as custom calls, which jax.export writes for programs with
symbolic shapes where an op's static attribute would have to be a run-time size:

  stablehlo.dynamic_reduce_window(inputs..., inits..., window_dimensions, window_strides,
                                  base_dilations, window_dilations, padding)
      {called_computations = [@body]}        cumsum / cumprod / cummax over a symbolic axis
  stablehlo.dynamic_top_k(operand, k)        lax.top_k with a symbolic k
  stablehlo.dynamic_rng_bit_generator(state, output_shape) {rng_algorithm}

Each runs as the static op would with the run-time values in place of its attributes (the
meaning StableHLO gives them).

XLA's ApproxTopK (lax.approx_max_k / approx_min_k), {called_computations = [@comparator],
mhlo.backend_config = {top_k, reduction_dim, aggregate_to_topk, ...}}: the exact top k by the
comparator, as XLA computes it on CPU (its fallback); stablehlo.dynamic_approx_top_k(operands...,
inits..., k, result shapes...) is the same with a run-time k (a symbolic k in jax.export).

They stay custom calls in the program, so they round-trip to StableHLO unchanged;
shlo.compile compiles them as they run here (lowering/ops/jax_custom_calls.py).
"""
from __future__ import annotations

import dataclasses

import numpy as np

from ...errors import InterpreterError
from ..values import Token
from .control import custom_call_target
from .elementwise import _keys, kind
from .indexing import reduce_window
from .reductions import sort
from ...literals import numpy_dtype
from .random import rng_bit_generator


def _values(inputs) -> list:
    return [v for v in inputs if not isinstance(v, Token)]


def _ints(v) -> list:
    return [int(x) for x in np.asarray(v).reshape(-1)]


@custom_call_target("stablehlo.dynamic_reduce_window")
def dynamic_reduce_window(ctx, *inputs):
    values = _values(inputs)
    n, rem = divmod(len(values) - 5, 2)
    names = list(ctx.attrs.get("called_computations") or [])
    if n < 1 or rem or len(names) != 1:
        raise InterpreterError(f"{ctx.location}: stablehlo.dynamic_reduce_window takes N inputs, N init values "
                               f"and 5 window tensors, and one called computation (its body); got "
                               f"{len(values)} operands and {len(names)} called computations")
    dims, strides, base, wdil, padding = values[2 * n:]
    sub = dataclasses.replace(
        ctx, name="reduce_window",
        attrs={"window_dimensions": _ints(dims), "window_strides": _ints(strides), "base_dilations": _ints(base),
               "window_dilations": _ints(wdil), "padding": np.asarray(padding, dtype=np.int64).reshape(-1, 2)},
        operand_types=ctx.operand_types[:2 * n], regions=[ctx.function(str(names[0]))])
    return reduce_window(sub, *values[:2 * n])


@custom_call_target("stablehlo.dynamic_top_k")
def dynamic_top_k(ctx, *inputs):
    """The k largest entries along the last dimension, largest first, equal entries in index
    order: lax.top_k's order, a stable sort by `compare GT, TOTALORDER` (chlo.top_k's
    decomposition), so +NaN comes first, -NaN last and +0 before -0."""
    values = _values(inputs)
    if len(values) != 2 or np.asarray(values[1]).size != 1 or len(ctx.result_types) != 2:
        raise InterpreterError(f"{ctx.location}: stablehlo.dynamic_top_k takes (operand, k) and returns "
                               f"(values, indices)")
    x = np.asarray(values[0])
    k = int(np.asarray(values[1]).reshape(()))
    if x.ndim == 0 or not 0 <= k <= x.shape[-1]:
        raise InterpreterError(f"{ctx.location}: stablehlo.dynamic_top_k: k = {k} for an operand of shape {x.shape}")
    element = ctx.operand_types[0].element
    if kind(element) not in ("float", "signed", "unsigned"):
        raise InterpreterError(f"{ctx.location}: stablehlo.dynamic_top_k of {element} elements (integers or "
                               f"floats only)")
    (key,) = _keys(x, element, total=kind(element) == "float")
    order = np.argsort(~key, axis=-1, kind="stable")[..., :k]      # ~ reverses the order without overflow
    return [np.take_along_axis(x, order, axis=-1),
            order.astype(numpy_dtype(ctx.result_types[1].element))]


@custom_call_target("stablehlo.dynamic_rng_bit_generator")
def dynamic_rng_bit_generator(ctx, *inputs):
    values = _values(inputs)
    if len(values) != 2 or len(ctx.result_types) != 2:
        raise InterpreterError(f"{ctx.location}: stablehlo.dynamic_rng_bit_generator takes (state, output_shape) "
                               f"and returns (state, values)")
    shape = tuple(_ints(values[1]))
    st, out = ctx.result_types
    out = dataclasses.replace(out, shape=shape)
    algorithm = ctx.attrs.get("rng_algorithm") or "DEFAULT"
    sub = dataclasses.replace(ctx, name="rng_bit_generator", attrs={"rng_algorithm": algorithm},
                              operand_types=ctx.operand_types[:1], result_types=[st, out])
    return rng_bit_generator(sub, values[0])


@custom_call_target("ApproxTopK")
def approx_top_k(ctx, *inputs):
    values = _values(inputs)
    config = ctx.attrs.get("mhlo.backend_config") or {}
    names = list(ctx.attrs.get("called_computations") or [])
    n = len(values) // 2
    if not n or len(values) % 2 or len(names) != 1 or "top_k" not in config or "reduction_dim" not in config:
        raise InterpreterError(f"{ctx.location}: ApproxTopK takes N operands and N init values, one comparator "
                               f"and mhlo.backend_config = {{top_k, reduction_dim, ...}}")
    if not config.get("aggregate_to_topk", True):
        raise InterpreterError(f"{ctx.location}: ApproxTopK without aggregate_to_topk returns XLA's approximate "
                               f"bins, whose layout shlo does not define")
    dim, k = int(config["reduction_dim"]), int(config["top_k"])
    comparator = ctx.function(str(names[0]))
    # XLA CPU sorts with is_stable = false (std::sort): ties come out in its order, except that
    # it hands an f32 / f64 approx_max_k (a GT comparator) to its TopK kernel: ties in index order
    stable = values[0].dtype in (np.float32, np.float64) and _greater_than(comparator)
    sub = dataclasses.replace(ctx, name="sort", attrs={"dimension": dim, "is_stable": stable},
                              operand_types=ctx.operand_types[:n], result_types=ctx.operand_types[:n],
                              regions=[comparator])
    ordered = sort(sub, *values[:n])
    return [np.take(r, np.arange(k), axis=dim) for r in ordered]


@custom_call_target("stablehlo.dynamic_approx_top_k")
def dynamic_approx_top_k(ctx, *inputs):
    """ApproxTopK with a run-time k: (operands..., inits..., k, result shapes...), the result
    shapes being the operands named by indices_of_shape_operands."""
    values = _values(inputs)
    n, rem = divmod(len(values) - 1, 3)
    if n < 1 or rem or np.asarray(values[2 * n]).size != 1:
        raise InterpreterError(f"{ctx.location}: stablehlo.dynamic_approx_top_k takes N operands, N init values, "
                               f"k and N result shapes; got {len(values)} operands")
    k = int(np.asarray(values[2 * n]).reshape(()))
    config = dict(ctx.attrs.get("mhlo.backend_config") or {})
    dim = int(config.get("reduction_dim", -1))
    x = np.asarray(values[0])
    if not -x.ndim <= dim < x.ndim or not 0 <= k <= x.shape[dim]:
        raise InterpreterError(f"{ctx.location}: stablehlo.dynamic_approx_top_k: k = {k} along dimension {dim} "
                               f"of an operand of shape {x.shape}")
    shape = list(x.shape)
    shape[dim] = k
    for i, s in enumerate(values[2 * n + 1:]):
        if _ints(s) != shape:
            raise InterpreterError(f"{ctx.location}: stablehlo.dynamic_approx_top_k: result {i} has shape operand "
                                   f"{_ints(s)}, but k = {k} makes it {shape}")
    config["top_k"] = k
    sub = dataclasses.replace(ctx, attrs={**ctx.attrs, "mhlo.backend_config": config},
                              operand_types=ctx.operand_types[:2 * n])
    return approx_top_k(sub, *values[:2 * n])


def _greater_than(comparator) -> bool:
    """Whether an ApproxTopK comparator orders by `compare GT` (approx_max_k)."""
    return any(step.name == "compare" and "GT" in str(step.ctx.attrs.get("comparison_direction"))
               for step in comparator.plan.steps)


@custom_call_target("annotate_device_placement")
@custom_call_target("xla.sdy.FuncResultSharding")
def placement_annotation(ctx, *inputs):
    """Annotations that say where XLA keeps values, not what they are; the values pass through:
    annotate_device_placement (jax.device_put to a memory kind: `_xla_buffer_placement` =
    "device" / "pinned_host" in its frontend attributes) and xla.sdy.FuncResultSharding (a
    function result's Shardy sharding, in the frontend-attribute form jax.export wrote in 2025)."""
    values = _values(inputs)
    if len(values) != len(ctx.result_types):
        raise InterpreterError(f"{ctx.location}: {ctx.attrs.get('call_target_name')} has as many results as "
                               f"operands; got {len(values)} operands and {len(ctx.result_types)} results")
    return values
