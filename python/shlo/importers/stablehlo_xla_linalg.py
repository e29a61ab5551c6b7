"""XLA's own linear-algebra custom calls, raised into portable shlo.

JAX programs exported for TPU (and jax2tf's fallbacks) call linear algebra by names that XLA
itself expands: `Qr`, `ProductOfElementaryHouseholderReflectors`, `Eigh`, `LuDecomposition`.
Their results are usually one tuple (`xla_shape` says so). They are raised into the same
`shlo.linalg.*` composites as the LAPACK targets (stablehlo_lapack.py), so one name keeps one
meaning whatever the exporting platform:

  =========================================  =================================================
  target (results)                           raised into
  =========================================  =================================================
  Qr(a) -> (a, taus)                         shlo.linalg.qr_householder (?geqrf's results)
  ProductOfElementaryHouseholderReflectors   shlo.linalg.householder_product (?orgqr's)
  (a, taus) -> q
  Eigh(a) {backend_config = "lower,sort,     shlo.linalg.eigh (?syevd's: vectors, values,
  max_iter,tol"} -> (v, w)                   info), info dropped; values ascending
  LuDecomposition(a) -> (lu, pivots,         shlo.linalg.lu (?getrf's: 1-based pivots, info),
  permutation)                               pivots - 1, and the permutation by the private
                                             function the GPU kernels' is raised into
  =========================================  =================================================

Eigh's `max_iter` and `tol` tune XLA's Jacobi iteration, not what it converges to; they are
not kept. An Eigh asking for unsorted eigenvalues gets them sorted (the order is then the
algorithm's, so ascending is one of the allowed answers).
"""
from __future__ import annotations

from mlir import ir

from . import stablehlo_lapack as lapack
from .stablehlo_call_view import CallView, Typed


def _flat(op, types=None) -> CallView:
    """`op` as the LAPACK rules see it: its results flattened out of a tuple (`types` replaces
    them where the composite's results differ from the call's)."""
    from jaxlib.mlir import ir as jir
    if types is None:
        results = list(op.results)
        if len(results) == 1 and _tuple_typed(results[0].type):
            tup = jir.TupleType(results[0].type)
            types = [tup.get_type(i) for i in range(tup.num_types)]
        else:
            types = [r.type for r in results]
    return CallView(op, result_types=types)


def _tuple_typed(t) -> bool:
    from jaxlib.mlir import ir as jir
    return t.typeid == jir.TupleType.static_typeid


def _is_tuple(op) -> bool:
    from jaxlib.mlir import ir as jir
    return len(op.results) == 1 and _tuple_typed(op.results[0].type)


def _results(op, values: list) -> list:
    """`values` as `op` returns them: one tuple, or each on its own."""
    if _is_tuple(op):
        return [lapack._create("tuple", values)]
    return values


def _jax_type(text: str, op):
    """A type in jaxlib's context (the one `op` lives in), as the LAPACK rules read types."""
    from jaxlib.mlir import ir as jir
    return jir.Type.parse(text, op.context)


def _qr(imp, op, cfg):
    return _results(op, lapack._composite(imp, _flat(op), "shlo.linalg.qr_householder", {}, lapack._geqrf1,
                                          lapack._nbatch(op)))


def _householder_product(imp, op, cfg):
    return _results(op, lapack._composite(imp, _flat(op), "shlo.linalg.householder_product", {}, lapack._orgqr1,
                                          lapack._nbatch(op)))


def _eigh_config(op) -> bool:
    """`lower` from Eigh's backend_config "lower,sort_eigenvalues,max_iter,tol"."""
    text = str(op.attributes["backend_config"]).strip('"') if "backend_config" in op.attributes else ""
    fields = text.split(",")
    if len(fields) != 4 or fields[0] not in ("0", "1") or fields[1] not in ("0", "1"):
        raise ValueError(f'Eigh backend_config "{text}" is not "lower,sort_eigenvalues,max_iter,tol"')
    return fields[0] == "1"


def _eigh(imp, op, cfg):
    lower = _eigh_config(op)
    flat = _flat(op)
    v, w = (str(imp.type(r.type)) for r in flat.results)
    batch = lapack._shape_elem(v)[0][:-2]
    info = f"tensor<{''.join(f'{d}x' for d in batch)}i32>"
    full = _flat(op, [flat.results[0].type, flat.results[1].type, _jax_type(info, op)])
    fn = lambda a: lapack._eigh1(a, lower)  # noqa: E731
    vectors, values, _info = lapack._composite(imp, full, "shlo.linalg.eigh",
                                               {"lower": lower, "compute_vectors": True}, fn, lapack._nbatch(op))
    return _results(op, [vectors, values])


def _lu(imp, op, cfg):
    flat = _flat(op)
    lu_t, piv_t, perm_t = (str(imp.type(r.type)) for r in flat.results)
    shape = lapack._shape_elem(lu_t)[0]
    batch, m = shape[:-2], shape[-2]
    info = f"tensor<{''.join(f'{d}x' for d in batch)}i32>"
    full = _flat(op, [flat.results[0].type, flat.results[1].type, _jax_type(info, op)])
    lu, pivots, _info = lapack._composite(imp, full, "shlo.linalg.lu", {}, lapack._lu1, lapack._nbatch(op))
    one = lapack._create("broadcast_in_dim", lapack._i32(1), broadcast_dimensions=[], result_types=[piv_t])
    pivots = lapack._create("subtract", pivots, one)
    perm = _pivots_to_permutation(imp, op, pivots, piv_t, perm_t, m, len(batch))
    return _results(op, [lu, pivots, perm])


def _pivots_to_permutation(imp, op, pivots, piv_t, perm_t, m, nbatch):
    """The permutation that 0-based row swaps `pivots` make of range(m): the private function
    the GPU kernels' lu_pivots_to_permutation is raised into (stablehlo_gpu_solvers)."""
    from .stablehlo_gpu_solvers import _call, _permutation1
    given = _flat(op, [_jax_type(perm_t, op)])
    given.operands = [Typed(_jax_type(piv_t, op))]
    (perm,) = _call(imp, given, "shlo.gpu.lu_pivots_to_permutation", lambda p: _permutation1(p, m), nbatch,
                    operands=[pivots])
    return perm


RULES = {
    "Qr": _qr,
    "ProductOfElementaryHouseholderReflectors": _householder_product,
    "Eigh": _eigh,
    "LuDecomposition": _lu,
}


def xla_linalg_rule(target: str):
    """The rule that raises `target`, or None when it is not one of XLA's linear-algebra calls."""
    return RULES.get(target.strip('"'))
