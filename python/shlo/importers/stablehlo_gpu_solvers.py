"""Solver custom calls that JAX emits for NVIDIA and AMD GPUs, raised into portable shlo.

A JAX program exported on a GPU calls cuSOLVER / hipSOLVER / cuSPARSE and jaxlib's own GPU
kernels (`cusolver_getrf_ffi`, `cu_lu_pivots_to_permutation`, ...) where the CPU export calls
LAPACK. They are raised into the same portable ops and `shlo.linalg.*` composites as the LAPACK
targets (stablehlo_lapack.py), so a program exported on a GPU runs anywhere. The GPU calls see
their matrices in column-major layouts (`operand_layouts`); what they compute on the logical
tensors is what the rules below reproduce. The `cu` / `cusolver` / `cusparse` targets and their
`hip` / `hipsolver` / `hipsparse` twins take the same operands and attributes:

  ===========================  ===========================================================
  target (cusolver_ / hipso-   raised into
  lver_ unless named)
  ===========================  ===========================================================
  potrf_ffi                    shlo.cholesky as LAPACK potrf (backend_config `lower`, a
                               bool); the other triangle keeps the input; info as LAPACK's
  getrf_ffi                    composite shlo.linalg.lu (packed L\\U, 1-based pivots, info)
  geqrf_ffi                    composite shlo.linalg.qr_householder (packed R + reflectors,
                               taus; no info, as on the GPU)
  orgqr_ffi                    composite shlo.linalg.householder_product
  syevd_ffi                    composite shlo.linalg.eigh (`lower`; `algorithm` 0 default,
                               1 QR, 2 Jacobi: the same eigenpairs, ascending)
  hipsolver_syevd,             (pre-FFI, api_version 2) the same shlo.linalg.eigh; the opaque
  hipsolver_syevj              descriptor {type, fill mode, batch, n, lwork} (5 x int32) is
                               decoded and checked against the operand; the workspace result
                               is zeros
  gesvd_ffi, gesdd_ffi         composite shlo.linalg.svd: (a, s, U, V^H, info); with
                               `transposed` (gesvd of a wide matrix) the call returns V^H
                               before U, so the composite's two results are swapped
  gesvdj_ffi, gesvdp_ffi       shlo.linalg.svd, then V = (V^H)^H: these return V, not V^H
                               (compute_uv = false: U and V are zeros)
  cu_/hip_lu_pivots_to_        a call of a private function: the identity permutation with
  permutation                  the swaps (i, pivots[i]) applied in order, a swap whose pivot
                               is out of range skipped, as jaxlib's kernel does
  cu_/hip_threefry2x32_ffi     a call of a private function: Threefry-2x32 (20 rounds), the
                               portable lowering JAX uses off the GPU; bit-exact
  cusparse_/hipsparse_         composite shlo.linalg.tridiagonal_solve (LAPACK gtsv's
  gtsv2_ffi                    operands and results, JAX's layout: dl[0], du[n-1] unused);
                               the call returns the solution only: NaN where gtsv's info
                               says the system is singular
  ===========================  ===========================================================

Each composite is the one stablehlo_lapack.py writes for the CPU target (same name, body and
attributes), so a consumer sees one `shlo.linalg.lu` whatever platform exported the program;
where the GPU call's results differ (SVD's V, gtsv2's lone solution) plain shlo ops around the
composite make the difference. `info` keeps its meaning (0: success). The bodies of the two
calls are lowered with JAX once per signature and imported like the composites' bodies.
Leading dimensions are batch dimensions (a call's `num_batch_dims` frontend attribute, where
newer JAX writes one, must agree). Unsupported attributes or shapes raise an ImporterError naming
the target and the reason.
"""
from __future__ import annotations

import struct

import numpy as np
from mlir import ir

from . import stablehlo_lapack as lapack
from .stablehlo_call_view import CallView



# --------------------------------------------------------------------------
# reading the custom call
# --------------------------------------------------------------------------

def _target(op) -> str:
    return str(op.attributes["call_target_name"]).strip('"')


def _config(imp, op) -> dict:
    """`mhlo.backend_config = {lower = true, algorithm = 0 : ui8}` as {'lower': True, 'algorithm': 0}."""
    from jaxlib.mlir import ir as jir
    if "mhlo.backend_config" not in op.attributes:
        return {}
    attr = op.attributes["mhlo.backend_config"]
    if not isinstance(attr, jir.DictAttr):
        imp.fail(op, f"{_target(op)}: backend_config {attr} is not a dictionary")
    out = {}
    for i in range(len(attr)):
        entry = attr[i]
        value = entry.attr
        if isinstance(value, jir.BoolAttr):
            out[entry.name] = bool(value.value)
        elif isinstance(value, jir.IntegerAttr):
            out[entry.name] = int(value.value)
        else:
            imp.fail(op, f"{_target(op)}: backend_config entry {entry.name} = {value} is not understood")
    return out


def _type(value_or_type) -> tuple:
    """(shape, element) of a tensor type (or of a value's)."""
    t = getattr(value_or_type, "type", value_or_type)
    return lapack._shape_elem(str(t))


def _text(shape, elem) -> str:
    return f"tensor<{''.join(f'{d}x' for d in shape)}{elem}>"


def _expect(imp, op, ok: bool, why: str):
    if not ok:
        imp.fail(op, f"{_target(op)}: {why}")


def _check_counts(imp, op, operands: int, results: int):
    _expect(imp, op, len(op.operands) == operands and len(op.results) == results,
            f"expected {operands} operand(s) and {results} result(s), got {len(op.operands)} and {len(op.results)}")


def _matrix(imp, op, square=False):
    """(batch shape, m, n, element) of the first operand, a (batch of) matrices."""
    shape, elem = _type(op.operands[0])
    _expect(imp, op, len(shape) >= 2, f"the operand must be a matrix or a batch of them, got {_text(shape, elem)}")
    _expect(imp, op, elem in ("f32", "f64", "complex<f32>", "complex<f64>"),
            f"element type {elem} is not supported (f32, f64, complex<f32>, complex<f64>)")
    m, n = shape[-2:]
    _expect(imp, op, not square or m == n, f"the operand must be square, got {_text(shape, elem)}")
    _check_batch(imp, op, len(shape) - 2)
    return tuple(shape[:-2]), m, n, elem


def _check_batch(imp, op, nbatch: int):
    """The rules take the leading dimensions as batch dimensions: so must the call, where it
    says (`mhlo.frontend_attributes = {num_batch_dims = "1"}`, as newer JAX writes)."""
    from jaxlib.mlir import ir as jir
    if "mhlo.frontend_attributes" not in op.attributes:
        return
    attrs = op.attributes["mhlo.frontend_attributes"]
    if not isinstance(attrs, jir.DictAttr) or "num_batch_dims" not in attrs:
        return
    said = attrs["num_batch_dims"]
    said = said.value if isinstance(said, jir.StringAttr) else str(said)
    _expect(imp, op, said.strip() == str(nbatch),
            f"num_batch_dims = {said} but the operand has {nbatch} leading batch dimension(s)")


def _real(elem: str) -> str:
    return elem[len("complex<"):-1] if elem.startswith("complex") else elem


# --------------------------------------------------------------------------
# shlo values
# --------------------------------------------------------------------------

def _create(name, *operands, **kw):
    return lapack._create(name, *operands, **kw)


def _scalar(elem: str, value: str):
    body = f"({value}, 0.0)" if elem.startswith("complex") else value
    return _create("constant", value=ir.Attribute.parse(f"dense<{body}> : tensor<{elem}>"))


def _filled(type_text: str, value: str):
    _, elem = lapack._shape_elem(type_text)
    return _create("broadcast_in_dim", _scalar(elem, value), broadcast_dimensions=[], result_types=[type_text])


def _nan_like(type_text: str):
    _, elem = lapack._shape_elem(type_text)
    real = _real(elem)
    nan = _create("constant", value=ir.Attribute.parse(f"dense<0x{'7FC00000' if real == 'f32' else '7FF8000000000000'}>"
                                                        f" : tensor<{real}>"))
    if elem.startswith("complex"):
        nan = _create("complex", nan, nan)
    return _create("broadcast_in_dim", nan, broadcast_dimensions=[], result_types=[type_text])


def _adjoint(x):
    """conj(x)^T over the last two dimensions."""
    shape, elem = _type(x)
    r = len(shape)
    t = _create("transpose", x, permutation=list(range(r - 2)) + [r - 1, r - 2])
    if elem.startswith("complex"):
        t = _create("complex", _create("real", t), _create("negate", _create("imag", t)))
    return t


# --------------------------------------------------------------------------
# rules: the LAPACK ones under the GPU calls' attributes
# --------------------------------------------------------------------------

def _potrf(imp, op, cfg):
    _check_counts(imp, op, 1, 2)
    _matrix(imp, op, square=True)
    config = _config(imp, op)
    return lapack._potrf(imp, op, {"uplo": "L" if config.get("lower", True) else "U"})


def _getrf(imp, op, cfg):
    _check_counts(imp, op, 1, 3)
    _matrix(imp, op)
    return lapack._getrf(imp, op, {})


def _geqrf(imp, op, cfg):
    _check_counts(imp, op, 1, 2)
    _matrix(imp, op)
    return lapack._geqrf(imp, op, {})


def _orgqr(imp, op, cfg):
    _check_counts(imp, op, 2, 1)
    _matrix(imp, op)
    return lapack._orgqr(imp, op, {})


_SYEVD_ALGORITHMS = (0, 1, 2)   # default, QR, Jacobi: the same eigenpairs up to rounding


def _syevd(imp, op, cfg):
    _check_counts(imp, op, 1, 3)
    _matrix(imp, op, square=True)
    config = _config(imp, op)
    algorithm = config.get("algorithm", 0)
    _expect(imp, op, algorithm in _SYEVD_ALGORITHMS, f"algorithm {algorithm} is not one of {_SYEVD_ALGORITHMS}")
    return lapack._syevd(imp, op, {"uplo": "L" if config.get("lower", True) else "U", "mode": "V"})


# pre-FFI hipSOLVER eigh: backend_config is jaxlib's SyevdDescriptor / SyevjDescriptor,
# {SolverType type; hipsolverFillMode_t uplo; int batch, n; int lwork}, native-endian int32s
_SOLVER_TYPES = {0: "f32", 1: "f64", 2: "complex<f32>", 3: "complex<f64>"}
_HIP_FILL = {121: "U", 122: "L"}


def _syevd_legacy(imp, op, cfg):
    from jaxlib.mlir import ir as jir
    _check_counts(imp, op, 1, 4)
    batch, m, n, elem = _matrix(imp, op, square=True)
    raw = op.attributes["backend_config"] if "backend_config" in op.attributes else None
    _expect(imp, op, isinstance(raw, jir.StringAttr), "backend_config (the opaque descriptor) is missing")
    data = raw.value_bytes
    _expect(imp, op, len(data) == 20,
            f"the descriptor has {len(data)} bytes; expected 20 (type, fill mode, batch, n, lwork as int32)")
    kind, fill, count, size, _lwork = struct.unpack("<5i", data)
    _expect(imp, op, _SOLVER_TYPES.get(kind) == elem,
            f"the descriptor's type {kind} is not the operand's {elem}")
    _expect(imp, op, fill in _HIP_FILL, f"the descriptor's fill mode {fill} is neither upper (121) nor lower (122)")
    _expect(imp, op, count == int(np.prod(batch)) and size == n,
            f"the descriptor's batch {count} and n {size} do not match the operand ({int(np.prod(batch))}, {n})")
    types = [str(imp.type(r.type)) for r in op.results]
    v, w, info = lapack._syevd(imp, CallView(op, result_types=types[:3]), {"uplo": _HIP_FILL[fill], "mode": "V"})
    return [v, w, info, _filled(types[3], "0.0")]   # the workspace (of the element type)


# --------------------------------------------------------------------------
# SVD
# --------------------------------------------------------------------------

def _svd(imp, op, cfg):
    """gesvd / gesdd return (a, s, U, V^H, info), the last two swapped when `transposed`;
    gesvdj / gesvdp return (a, s, U, V, info)."""
    target = _target(op)
    _check_counts(imp, op, 1, 5)
    batch, m, n, elem = _matrix(imp, op)
    config = _config(imp, op)
    k = min(m, n)
    full = config.get("full_matrices", True)
    uv = config.get("compute_uv", True)
    transposed = config.get("transposed", False)
    returns_v = target.endswith(("gesvdj_ffi", "gesvdp_ffi"))
    _expect(imp, op, not (transposed and returns_v), "`transposed` is not an attribute of this call")
    _expect(imp, op, not (transposed and target.endswith("gesdd_ffi")), "gesdd is never transposed")
    types = [str(imp.type(r.type)) for r in op.results]
    u_shape = batch + ((m, m) if full else (m, k))
    vt_shape = batch + ((n, n) if full else (k, n))
    u_type, vt_type = _text(u_shape, elem), _text(vt_shape, elem)
    if returns_v:   # U and V are there even without compute_uv
        want_u, want_v = u_type, _text(batch + (vt_shape[-1], vt_shape[-2]), elem)
    elif not uv:
        want_u = want_v = f"tensor<{elem}>"
    else:
        want_u, want_v = (vt_type, u_type) if transposed else (u_type, vt_type)
    want = [_text(batch + (m, n), elem), _text(batch + (k,), _real(elem)), want_u, want_v, _text(batch, "i32")]
    _expect(imp, op, types == want,
            f"results {', '.join(types)} do not match an SVD of {_text(batch + (m, n), elem)} with "
            f"full_matrices = {full}, compute_uv = {uv}, transposed = {transposed} (expected {', '.join(want)})")
    mode = "N" if not uv else ("A" if full else "S")
    shim = CallView(op, result_types=[want[0], want[1], u_type, vt_type, want[4]])
    a, s, u, vt, info = lapack._gesdd(imp, shim, {"mode": mode})
    if returns_v:
        return [a, s, u, _adjoint(vt), info]
    if not uv:
        return [a, s, _filled(want_u, "0.0"), _filled(want_v, "0.0"), info]
    return [a, s, vt, u, info] if transposed else [a, s, u, vt, info]


# --------------------------------------------------------------------------
# tridiagonal solve
# --------------------------------------------------------------------------

def _gtsv2(imp, op, cfg):
    _check_counts(imp, op, 4, 1)
    (bshape, elem) = _type(op.operands[3])
    _expect(imp, op, len(bshape) >= 2, f"b must be a matrix or a batch of them, got {_text(bshape, elem)}")
    for i, name in enumerate(("dl", "d", "du")):
        shape, e = _type(op.operands[i])
        _expect(imp, op, tuple(shape) == tuple(bshape[:-1]) and e == elem,
                f"{name} is {_text(shape, e)}; expected {_text(bshape[:-1], elem)} for b {_text(bshape, elem)}")
    _check_batch(imp, op, len(bshape) - 2)
    types = [str(imp.type(v.type)) for v in op.operands]
    info_type = _text(bshape[:-2], "i32")
    shim = CallView(op, result_types=types + [info_type])
    *_, x, info = lapack._gtsv(imp, shim, {})
    ok = _create("compare", info, _filled(info_type, "0"), comparison_direction="EQ")
    ok = _create("broadcast_in_dim", ok, broadcast_dimensions=list(range(len(bshape) - 2)),
                 result_types=[_text(bshape, "i1")])
    return [_create("select", ok, x, _nan_like(types[3]))]


# --------------------------------------------------------------------------
# jaxlib's own GPU kernels: calls of private functions
# --------------------------------------------------------------------------

def _call(imp, op, name, fn, nbatch, operands=None):
    """`func.call` of a private function of the module whose body is `fn` (jax.lax, one
    problem) vmapped over `nbatch` leading dimensions; one function per signature. Its
    operands are `op`'s, or the shlo values `operands` (of `op`'s operand types)."""
    in_types = [str(imp.type(v.type)) for v in op.operands]
    out_types = [str(imp.type(r.type)) for r in op.results]
    key = (name, tuple(in_types), tuple(out_types), ())
    cache = imp.__dict__.setdefault("_lapack_funcs", {})
    block = lapack._module_block()
    fname = cache.get(key)
    if fname is None:
        fname = f"{name.replace('.', '_')}_{len(cache)}"
        lapack._import_body(imp, op, fname, fn, nbatch, in_types, block, key)
        cache[key] = fname
    call = ir.Operation.create("func.call", results=[ir.Type.parse(t) for t in out_types],
                               operands=imp.operands(op) if operands is None else operands,
                               attributes={"callee": ir.FlatSymbolRefAttr.get(fname)})
    return list(call.results)


def _permutation1(pivots, size):
    """The permutation of range(size) that the row swaps (i, pivots[i]) make, in order; a swap
    whose pivot is outside [0, size) is skipped (jaxlib's LuPivotsToPermutation kernel)."""
    import jax.numpy as jnp
    from jax import lax
    perm = lax.iota(jnp.int32, size)

    def swap(i, perm):
        j = lax.dynamic_index_in_dim(pivots, i, 0, keepdims=False)
        j = jnp.where((j >= 0) & (j < size), j, i)
        pi = lax.dynamic_index_in_dim(perm, i, 0, keepdims=False)
        pj = lax.dynamic_index_in_dim(perm, j, 0, keepdims=False)
        perm = lax.dynamic_update_index_in_dim(perm, pj, i, 0)
        return lax.dynamic_update_index_in_dim(perm, pi, j, 0)

    if pivots.shape[0] == 0 or size == 0:
        return perm
    return lax.fori_loop(jnp.int32(0), jnp.int32(pivots.shape[0]), swap, perm)


def _pivots_to_permutation(imp, op, cfg):
    _check_counts(imp, op, 1, 1)
    shape, elem = _type(op.operands[0])
    out_shape, out_elem = _type(op.results[0])
    _expect(imp, op, len(shape) >= 1 and elem == "i32" and out_elem == "i32"
            and tuple(out_shape[:-1]) == tuple(shape[:-1]),
            f"expected i32 pivots [..., k] -> i32 permutation [..., m], got {_text(shape, elem)} -> "
            f"{_text(out_shape, out_elem)}")
    size = out_shape[-1]
    _check_batch(imp, op, len(shape) - 1)
    _expect(imp, op, shape[-1] <= size, f"{shape[-1]} pivots do not fit a permutation of {size}")
    return _call(imp, op, "shlo.gpu.lu_pivots_to_permutation", lambda p: _permutation1(p, size), len(shape) - 1)


_THREEFRY_ROTATIONS = ((13, 15, 26, 6), (17, 29, 16, 24))


def _threefry2x32_body(k0, k1, x0, x1):
    """Threefry-2x32 with 20 rounds (Salmon et al., 2011): 5 groups of 4 rounds, a key
    injection after each."""
    import jax.numpy as jnp
    from jax import lax
    ks = (k0, k1, k0 ^ k1 ^ jnp.uint32(0x1BD11BDA))
    x0, x1 = x0 + ks[0], x1 + ks[1]
    for group in range(5):
        for r in _THREEFRY_ROTATIONS[group % 2]:
            x0 = x0 + x1
            x1 = lax.shift_left(x1, jnp.uint32(r)) | lax.shift_right_logical(x1, jnp.uint32(32 - r))
            x1 = x0 ^ x1
        x0 = x0 + ks[(group + 1) % 3]
        x1 = x1 + ks[(group + 2) % 3] + jnp.uint32(group + 1)
    return x0, x1


def _threefry2x32(imp, op, cfg):
    _check_counts(imp, op, 4, 2)
    types = [_type(v) for v in op.operands] + [_type(r) for r in op.results]
    _expect(imp, op, all(t == types[0] for t in types) and types[0][1] == "ui32",
            "the two key words, the two counts and the two results must be ui32 tensors of one shape, got "
            + ", ".join(_text(*t) for t in types))
    return _call(imp, op, "shlo.gpu.threefry2x32", _threefry2x32_body, 0)


# target name (quotes stripped) -> rule(imp, op, cfg) -> results, as stablehlo_lapack._RULES
RULES: dict = {}
for _vendor in ("cu", "hip"):
    RULES.update({
        f"{_vendor}solver_potrf_ffi": _potrf,
        f"{_vendor}solver_getrf_ffi": _getrf,
        f"{_vendor}solver_geqrf_ffi": _geqrf,
        f"{_vendor}solver_orgqr_ffi": _orgqr,
        f"{_vendor}solver_syevd_ffi": _syevd,
        f"{_vendor}solver_gesvd_ffi": _svd,
        f"{_vendor}solver_gesvdj_ffi": _svd,
        f"{_vendor}solver_gesvdp_ffi": _svd,
        f"{_vendor}_lu_pivots_to_permutation": _pivots_to_permutation,
        f"{_vendor}_threefry2x32_ffi": _threefry2x32,
        f"{_vendor}sparse_gtsv2_ffi": _gtsv2,
    })
RULES.update({
    "hipsolver_gesdd_ffi": _svd,
    "hipsolver_syevd": _syevd_legacy,
    "hipsolver_syevj": _syevd_legacy,
})


def gpu_solver_rule(target: str):
    """The rule that raises `target`, or None when it is not a known GPU solver target."""
    return RULES.get(target.strip('"'))
