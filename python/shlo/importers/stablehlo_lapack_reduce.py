"""The decompositions of `shlo.linalg.hessenberg` (LAPACK ?gehrd) and `shlo.linalg.tridiagonal`
(?sytrd / ?hetrd, cuSOLVER's and hipSOLVER's sytrd), and the rules that raise those targets.

* `lapack_?gehrd_ffi(a) -> (a, tau, info)` (jax.lax.linalg.hessenberg,
  jax.scipy.linalg.hessenberg) reduces A to upper Hessenberg form H = Q^H A Q,
  Q = H(ilo) ... H(ihi-1), as ?gehd2 does: reflector j (0-based) takes column j
  below row j + 1 to zero over rows j + 1 .. ihi - 1; A is updated from the
  right over rows < ihi and from the left over columns > j. The result holds
  H on and above the first subdiagonal and each reflector's vector below it;
  tau outside ilo .. ihi - 1 is 0. `low` / `high` (ILO / IHI, 1-based) come
  from the custom call's backend_config (JAX passes 1 and n).
* `lapack_?sytrd_ffi` / `lapack_?hetrd_ffi` (uplo L / U) and
  `cusolver_sytrd_ffi` / `hipsolver_sytrd_ffi` (lower = true / false), all
  `(a) -> (a, d, e, tau, info)` (jax.lax.linalg.tridiagonal), reduce the
  Hermitian matrix held in one triangle to real tridiagonal T = Q^H A Q, as
  ?sytd2 / ?hetd2: lower, reflector i takes column i below row i + 1 to zero
  and A := H(i)^H A H(i) on the trailing block (the rank-2 update of ?her2,
  the diagonal kept real); upper is the same on the matrix reversed in both
  dimensions (LAPACK's upper loop is the lower one read from the other end).
  The triangle holds d on the diagonal, e next to it and the reflectors'
  vectors beyond; the other triangle keeps the input. (LAPACK's blocked upper
  path, n > 32, leaves the imaginary part of a[n-1, n-1] as the input's; here
  the whole diagonal is d, real.)

Every reflector is ?larfg's (stablehlo_lapack._larfg, shared with geqrf):
beta = -sign(re alpha) * norm, so the outputs are LAPACK's up to rounding. float32 / complex64
up to 32 x 32 on AVX-512 kernels take ssytd2 / chetd2 'L' / 'U' in OpenBLAS's order instead
(stablehlo_lapack_sytd2.py, stablehlo_lapack_hetd2.py; upper then runs LAPACK's own upper loop,
not the reversed lower one): XLA CPU's bits.
`info` is 0: these routines report only invalid arguments, which the rules
refuse at import.
"""
from __future__ import annotations

import re

from .stablehlo_lapack import _col, _composite, _larfg, _nbatch, _shape_elem


# --------------------------------------------------------------------------
# rules
# --------------------------------------------------------------------------

def _target(op) -> str:
    return str(op.attributes["call_target_name"]).strip('"')


def _config(op) -> dict:
    """`mhlo.backend_config = {low = 1 : i32, lower = true, uplo = 76 : ui8}` as {'low': 1,
    'lower': True, 'uplo': 76}; any other value as its text."""
    out = {}
    if "mhlo.backend_config" in op.attributes:
        text = str(op.attributes["mhlo.backend_config"]).strip().strip("{}")
        for name, value in re.findall(r"([\w.]+)\s*=\s*([^,]+)", text):
            value = value.strip()
            number = re.fullmatch(r"(-?\d+)\s*:\s*[us]?i\d+", value)
            out[name] = (value == "true") if value in ("true", "false") else int(number.group(1)) if number else value
    return out


def _matrix(imp, op):
    """(shape, element) of the call's one operand: square matrices of f32 / f64 / complex."""
    if len(op.operands) != 1:
        imp.fail(op, f"{_target(op)}: {len(op.operands)} operands, not the one matrix (batch)")
    shape, elem = _shape_elem(str(imp.type(op.operands[0].type)))
    if len(shape) < 2 or shape[-1] != shape[-2]:
        imp.fail(op, f"{_target(op)}: operand of shape {list(shape)} is not a square matrix (batch)")
    if elem not in ("f32", "f64", "complex<f32>", "complex<f64>"):
        imp.fail(op, f"{_target(op)}: element type {elem} is not f32, f64, complex<f32> or complex<f64>")
    return shape, elem


def _check_results(imp, op, want: list):
    got = [str(imp.type(r.type)) for r in op.results]
    if got != want:
        imp.fail(op, f"{_target(op)}: results {got} are not the expected {want}")


def _real(elem: str) -> str:
    return elem[len("complex<"):-1] if elem.startswith("complex") else elem


def _tensor(shape, elem) -> str:
    return f"tensor<{''.join(f'{d}x' for d in shape)}{elem}>"


def gehrd(imp, op, cfg):
    """lapack_?gehrd_ffi -> shlo.linalg.hessenberg."""
    shape, elem = _matrix(imp, op)
    n, batch = shape[-1], shape[:-2]
    conf = _config(op)
    ilo, ihi = conf.get("low", 1), conf.get("high", n)
    if not (type(ilo) is int and type(ihi) is int                 # (a bool is an int too)
            and 1 <= ilo <= max(1, n) and min(ilo, n) <= ihi <= n):
        imp.fail(op, f"{_target(op)}: low = {ilo}, high = {ihi} are not LAPACK's ILO / IHI "
                     f"(1 <= ILO <= max(1, N), min(ILO, N) <= IHI <= N, N = {n})")
    _check_results(imp, op, [_tensor(shape, elem), _tensor(batch + (max(n - 1, 0),), elem),
                             _tensor(batch, "i32")])
    fn = lambda a: hessenberg1(a, ilo, ihi)  # noqa: E731
    return _composite(imp, op, "shlo.linalg.hessenberg", {"ilo": ilo, "ihi": ihi}, fn, _nbatch(op))


def _tridiagonal(imp, op, lower):
    shape, elem = _matrix(imp, op)
    n, batch = shape[-1], shape[:-2]
    real = _real(elem)
    _check_results(imp, op, [_tensor(shape, elem), _tensor(batch + (n,), real),
                             _tensor(batch + (max(n - 1, 0),), real), _tensor(batch + (max(n - 1, 0),), elem),
                             _tensor(batch, "i32")])
    fn = lambda a: tridiagonal1(a, lower)  # noqa: E731
    return _composite(imp, op, "shlo.linalg.tridiagonal", {"lower": lower}, fn, _nbatch(op))


def sytrd(imp, op, cfg):
    """lapack_?sytrd_ffi / lapack_?hetrd_ffi (uplo L or U) -> shlo.linalg.tridiagonal."""
    uplo = cfg.get("uplo", "L")
    if uplo not in ("L", "U"):
        imp.fail(op, f"{_target(op)}: uplo = {uplo!r} is neither 'L' nor 'U'")
    return _tridiagonal(imp, op, uplo == "L")


def gpu_sytrd(imp, op, cfg):
    """cusolver_sytrd_ffi / hipsolver_sytrd_ffi (lower = true / false) -> shlo.linalg.tridiagonal:
    jaxlib's GPU kernels return LAPACK's outputs in LAPACK's layout (a, d, e, tau, info)."""
    lower = _config(op).get("lower", True)
    if not isinstance(lower, bool):
        imp.fail(op, f"{_target(op)}: lower = {lower!r} is not a bool")
    return _tridiagonal(imp, op, lower)


# --------------------------------------------------------------------------
# the algorithms (one matrix; vmapped over batch dimensions), in jax.lax
# --------------------------------------------------------------------------

def hessenberg1(a, ilo, ihi):
    """?gehrd: (H with the reflectors below its first subdiagonal, tau (n - 1), info)."""
    import jax.numpy as jnp
    from jax import lax
    n = a.shape[0]
    rows = lax.iota(jnp.int32, n)
    below_hi = rows < ihi                        # rows from ihi on are never transformed

    def step(j, carry):
        a, taus = carry
        col = _col(a, j)
        below = (rows > j + 1) & below_hi
        v, tau, head = _larfg(col, j + 1, below, rows)
        av = jnp.sum(a * v[None, :], axis=1)                        # A v
        a = a - jnp.where(below_hi[:, None], tau * av[:, None] * jnp.conj(v)[None, :], 0)   # A H, rows < ihi
        w = jnp.sum(jnp.conj(v)[:, None] * a, axis=0)              # v^H A
        a = a - jnp.where((rows > j)[None, :], jnp.conj(tau) * v[:, None] * w[None, :], 0)   # H^H A, cols > j
        newcol = jnp.where(below, v, jnp.where(rows == j + 1, head, col))
        a = lax.dynamic_update_slice_in_dim(a, newcol[:, None], j, 1)
        taus = lax.dynamic_update_index_in_dim(taus, tau, j, 0)
        return a, taus

    taus = jnp.zeros((max(n - 1, 0),), a.dtype)
    first, stop = ilo - 1, max(ihi - 1, ilo - 1)          # reflectors ilo .. ihi - 1 (1-based)
    if stop > first:                             # (a loop of no steps would still trace one)
        a, taus = lax.fori_loop(jnp.int32(first), jnp.int32(stop), step, (a, taus))
    return a, taus, jnp.int32(0)


def tridiagonal1(a, lower):
    """?sytrd / ?hetrd: (a with T and the reflectors in the `lower` triangle, d, e, tau, info)."""
    import jax.numpy as jnp
    from . import stablehlo_lapack_hetd2 as hetd2
    from . import stablehlo_lapack_sytd2 as sytd2
    if lower:
        return _tridiagonal_lower(a)
    if sytd2.modelled(a.shape[0], a.dtype):      # ssytd2 'U' in OpenBLAS's order
        return sytd2.sytd2_upper(a)
    if hetd2.modelled(a.shape[0], a.dtype):      # chetd2 'U' in OpenBLAS's order
        return hetd2.hetd2_upper(a)
    out, d, e, taus, info = _tridiagonal_lower(jnp.flip(a, (0, 1)), lapack_lower=False)
    return jnp.flip(out, (0, 1)), jnp.flip(d), jnp.flip(e), jnp.flip(taus), info


def _tridiagonal_lower(a, lapack_lower=True):
    """The lower reduction; `lapack_lower`: a is LAPACK's lower problem (not an upper one
    reversed, whose LAPACK order ssytd2 'U' / ssymv_U this does not follow)."""
    import jax.numpy as jnp
    from jax import lax
    from . import stablehlo_lapack_hetd2 as hetd2
    from . import stablehlo_lapack_sytd2 as sytd2
    n = a.shape[0]
    if lapack_lower and sytd2.modelled(n, a.dtype):   # ssytd2 in OpenBLAS's order (XLA CPU's bits)
        return sytd2.sytd2_lower(a)
    if lapack_lower and hetd2.modelled(n, a.dtype):   # chetd2 in OpenBLAS's order
        return hetd2.hetd2_lower(a)
    dt = a.dtype
    complex_ = jnp.iscomplexobj(a)
    rdt = jnp.finfo(dt).dtype
    rows = lax.iota(jnp.int32, n)
    eye = rows[:, None] == rows[None, :]
    tri = jnp.tril(a, -1)
    h = tri + jnp.conj(tri.T) + jnp.where(eye, jnp.real(a).astype(dt), 0)   # the Hermitian matrix

    def step(i, carry):
        h, out, e, taus = carry
        col = _col(h, i)
        below = rows > i + 1
        v, tau, head = _larfg(col, i + 1, below, rows)
        trailing = rows > i
        # ?hetd2: x = tau A22 v, w = x - tau / 2 (x^H v) v, A22 -= v w^H + w v^H
        x = jnp.where(trailing, tau * jnp.sum(h * v[None, :], axis=1), 0)
        alpha = -0.5 * tau * jnp.sum(jnp.conj(x) * v)
        w = x + alpha * v
        upd = v[:, None] * jnp.conj(w)[None, :] + w[:, None] * jnp.conj(v)[None, :]
        h = h - jnp.where(trailing[:, None] & trailing[None, :], upd, 0)
        if complex_:                                                # ?her2 keeps the diagonal real
            h = jnp.where(eye, jnp.real(h).astype(dt), h)
        ei = jnp.real(head)
        newcol = jnp.where(below, v, jnp.where(rows == i + 1, ei.astype(dt), _col(out, i)))
        out = lax.dynamic_update_slice_in_dim(out, newcol[:, None], i, 1)
        e = lax.dynamic_update_index_in_dim(e, ei, i, 0)
        taus = lax.dynamic_update_index_in_dim(taus, tau, i, 0)
        return h, out, e, taus

    m = max(n - 1, 0)
    carry = (h, a, jnp.zeros((m,), rdt), jnp.zeros((m,), dt))
    h, out, e, taus = lax.fori_loop(jnp.int32(0), jnp.int32(m), step, carry) if m else carry
    d = jnp.real(jnp.diagonal(h)).astype(rdt)
    out = jnp.where(eye, d.astype(dt)[:, None], out)
    return out, d, e, taus, jnp.int32(0)

