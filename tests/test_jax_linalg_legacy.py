"""JAX exports made before jaxlib's FFI kernels (shlo.importers.stablehlo_lapack_legacy).

Each test writes a program in the legacy form JAX wrote until 2024 (`lapack_spotrf`, `blas_strsm`,
`ducc_fft`, ...: api_version 2, sizes and flags as leading constant operands, column-major
`operand_layouts`, workspaces as extra results; the templates follow the calls of JAX's own
back-compat corpus of 2023), imports it, verifies it, interprets it and matches what JAX computes
today for the same function on the same inputs (unique outputs within a tolerance for the dtype,
integers exactly; eigen / singular / Schur vectors by their defining equations). The
workspace results come back as zeros of their shapes. Each target's program also round-trips
through shlo.serialize / deserialize and to_stablehlo + XLA. A computed size operand and a layout
the kernels were not given are ImporterErrors naming the target.
"""
from __future__ import annotations

import struct

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax import lax

import shlo
from shlo.importers.stablehlo_lapack_legacy import row_major_strides as _strides

from test_jax_import import run_xla
from linalg_checks import close as _close

RNG = np.random.default_rng(23)
ELEM = {"float32": "f32", "float64": "f64", "complex64": "complex<f32>", "complex128": "complex<f64>"}
LETTER = {"float32": "s", "float64": "d", "complex64": "c", "complex128": "z"}
REAL = {"float32": "float32", "float64": "float64", "complex64": "float32", "complex128": "float64"}


# --------------------------------------------------------------------------
# the legacy form
# --------------------------------------------------------------------------

def _ttype(shape, elem):
    return "tensor<" + "".join(f"{d}x" for d in shape) + elem + ">"


def _layout(dims):
    if not dims:
        return "dense<> : tensor<0xindex>"
    if len(dims) == 1:
        return f"dense<{dims[0]}> : tensor<1xindex>"
    return f"dense<[{', '.join(map(str, dims))}]> : tensor<{len(dims)}xindex>"


def _col_major(rank):
    return [rank - 2, rank - 1] + list(range(rank - 3, -1, -1))


def _row_major(rank):
    return list(range(rank - 1, -1, -1))


def _program(target, scalars, args, results, operand_layouts, result_layouts, alias=None, keep=None,
             typed=None):
    """A module whose main takes `args` ((shape, elem) each) and returns the results `keep`
    (default all) of one custom call of `target` with the leading constant operands `scalars`
    ((value, elem) each, or a literal text as `value`). `typed`: the mid-2024 form instead
    (no api_version 2; `typed` is the text of its mhlo.backend_config)."""
    lines, names, types = [], [], []
    for i, (value, elem) in enumerate(scalars):
        lines.append(f"    %s{i} = stablehlo.constant dense<{value}> : tensor<{elem}>")
        names.append(f"%s{i}")
        types.append(f"tensor<{elem}>")
    arg_types = [_ttype(*a) for a in args]
    names += [f"%arg{i}" for i in range(len(args))]
    types += arg_types
    rtypes = [_ttype(*r) for r in results]
    keep = list(range(len(results))) if keep is None else keep
    attrs = [f"api_version = 2 : i32" if typed is None else f"mhlo.backend_config = {typed}",
             f"operand_layouts = [{', '.join(_layout(l) for l in operand_layouts)}]"]
    if alias is not None:
        attrs.append(f"output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = "
                     f"[{alias[0]}], operand_index = {alias[1]}, operand_tuple_indices = []>]")
    attrs.append(f"result_layouts = [{', '.join(_layout(l) for l in result_layouts)}]")
    res = "%r" if len(results) == 1 else f"%r:{len(results)}"
    lines.append(f"    {res} = stablehlo.custom_call @{target}({', '.join(names)}) {{{', '.join(attrs)}}} : "
                 f"({', '.join(types)}) -> ({', '.join(rtypes)})")
    refs = ["%r" if len(results) == 1 else f"%r#{i}" for i in keep]
    lines.append(f"    return {', '.join(refs)} : {', '.join(rtypes[i] for i in keep)}")
    params = ", ".join(f"%arg{i}: {t}" for i, t in enumerate(arg_types))
    head = f"  func.func public @main({params}) -> ({', '.join(rtypes[i] for i in keep)}) {{"
    return "module @legacy {\n" + head + "\n" + "\n".join(lines) + "\n  }\n}\n"


def _i32(v):
    return (v, "i32")


def _ui8(c):
    return (ord(c), "ui8")


def _run(text, *args):
    prog = shlo.from_stablehlo(text)
    prog.verify()
    assert "custom_call" not in prog.text(), "a legacy custom_call was left"
    return prog, [np.asarray(r) for r in shlo.interpret(prog, *args)]


def _x64(dtype):
    return jax.enable_x64(np.dtype(dtype) in (np.float64, np.complex128))


def _tol(dtype):
    return 1e-9 if np.dtype(dtype) in (np.float64, np.complex128) else 2e-4


def _rand(shape, dtype):
    x = RNG.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        x = x + 1j * RNG.standard_normal(shape)
    return x.astype(dtype)


def _ct(x):
    return np.conj(np.swapaxes(x, -1, -2))


def _zeros_like_type(x, shape, dtype):
    np.testing.assert_array_equal(x, np.zeros(shape, dtype))


def _roundtrip(prog, args, want, tol):
    """serialize / deserialize keep the program; to_stablehlo + XLA computes the same."""
    assert shlo.deserialize(shlo.serialize(prog)).text() == prog.text()
    text = shlo.to_stablehlo(prog)
    assert "custom_call" not in text
    for i, (g, w) in enumerate(zip(run_xla(text, args), want)):
        _close(g, w, tol, f"xla result {i}")


# --------------------------------------------------------------------------
# per target
# --------------------------------------------------------------------------

def _potrf_program(dtype, batch, n, lower=True):
    e, shape = ELEM[dtype], batch + (n, n)
    r = len(shape)
    return _program(f"lapack_{LETTER[dtype]}potrf", [_i32(int(lower)), _i32(int(np.prod(batch))), _i32(n)],
                    [(shape, e)], [(shape, e), (batch, "i32")], [[], [], [], _col_major(r)],
                    [_col_major(r), _row_major(len(batch))], alias=(0, 3))


@pytest.mark.parametrize("dtype", sorted(ELEM))
def test_potrf(dtype):
    with _x64(dtype):
        batch, n = ((2,), 4) if dtype != "float64" else ((), 4)
        a = _rand(batch + (n, n), dtype)
        a = (a @ _ct(a) + n * np.eye(n)).astype(dtype)
        for lower in (True, False):
            prog, (f, info) = _run(_potrf_program(dtype, batch, n, lower), a)
            want = np.asarray(lax.linalg.cholesky(a if lower else _ct(a), symmetrize_input=False))
            tri = np.tril(f) if lower else _ct(np.triu(f))
            _close(tri, want, _tol(dtype), "factor")
            rest = np.triu(f, 1) if lower else np.tril(f, -1)
            _close(rest, np.triu(a, 1) if lower else np.tril(a, -1), 0, "the other triangle")
            _close(info, np.zeros(batch, np.int32), 0, "info")
        if dtype == "float32":
            _roundtrip(prog, [a], [f, info], _tol(dtype))


def _trsm_program(dtype, batch, m, n, left, lower, trans, unit, alpha="1.000000e+00"):
    e = ELEM[dtype]
    k = m if left else n
    a_shape, b_shape = batch + (k, k), batch + (m, n)
    r = len(a_shape)
    if e.startswith("complex"):
        alpha = f"({alpha},0.000000e+00)"
    scalars = [_i32(int(left)), _i32(int(lower)), _i32(trans), _i32(int(unit)), _i32(m), _i32(n),
               _i32(int(np.prod(batch))), (alpha, e)]
    return _program(f"blas_{LETTER[dtype]}trsm", scalars, [(a_shape, e), (b_shape, e)], [(b_shape, e)],
                    [[]] * 8 + [_col_major(r)] * 2, [_col_major(r)])


@pytest.mark.parametrize("dtype", sorted(ELEM))
def test_trsm(dtype):
    tol = _tol(dtype)
    with _x64(dtype):
        cases = [((2,), 3, 2, True, True, 0, False, "1.000000e+00"),
                 ((), 4, 1, True, False, 1, True, "1.000000e+00"),
                 ((2,), 1, 4, False, False, 2, False, "2.500000e+00"),
                 ((), 3, 3, False, True, 2, True, "-1.000000e+00")]
        for batch, m, n, left, lower, trans, unit, alpha in cases:
            k = m if left else n
            a = (_rand(batch + (k, k), dtype) + 3 * np.eye(k)).astype(dtype)
            b = _rand(batch + (m, n), dtype)
            prog, (x,) = _run(_trsm_program(dtype, batch, m, n, left, lower, trans, unit, alpha), a, b)
            want = lax.linalg.triangular_solve(a, b, left_side=left, lower=lower, transpose_a=trans > 0,
                                               conjugate_a=trans == 2, unit_diagonal=unit) * float(alpha)
            _close(x, np.asarray(want).astype(dtype), tol, f"trsm {batch, m, n, left, lower, trans, unit}")
        if dtype == "float64":
            _roundtrip(prog, [a, b], [x], tol)


def _getrf_program(dtype, batch, m, n):
    e, shape = ELEM[dtype], batch + (m, n)
    r, k = len(shape), min(m, n)
    return _program(f"lapack_{LETTER[dtype]}getrf", [(int(np.prod(batch)), "i64"), _i32(m), _i32(n)],
                    [(shape, e)], [(shape, e), (batch + (k,), "i32"), (batch, "i32")],
                    [[], [], [], _col_major(r)],
                    [_col_major(r), _row_major(len(batch) + 1), _row_major(len(batch))], alias=(0, 3))


@pytest.mark.parametrize("dtype", sorted(ELEM))
def test_getrf(dtype):
    with _x64(dtype):
        batch, m, n = ((2,), 4, 3) if dtype in ("float32", "complex64") else ((), 3, 3)
        a = _rand(batch + (m, n), dtype)
        prog, (lu, piv, info) = _run(_getrf_program(dtype, batch, m, n), a)
        want_lu, want_piv, _ = lax.linalg.lu(a)
        _close(lu, np.asarray(want_lu), _tol(dtype), "packed L\\U")
        _close(piv, np.asarray(want_piv) + 1, 0, "1-based pivots")
        _close(info, np.zeros(batch, np.int32), 0, "info")
        if dtype == "float32":
            _roundtrip(prog, [a], [lu, piv, info], _tol(dtype))


def _geqrf_program(dtype, batch, m, n, lwork=96):
    e, shape = ELEM[dtype], batch + (m, n)
    r = len(shape)
    return _program(f"lapack_{LETTER[dtype]}geqrf",
                    [_i32(int(np.prod(batch))), _i32(m), _i32(n), _i32(lwork)], [(shape, e)],
                    [(shape, e), (batch + (min(m, n),), e), (batch, "i32"), ((lwork,), e)],
                    [[], [], [], [], _col_major(r)],
                    [_col_major(r), _row_major(len(batch) + 1), _row_major(len(batch)), [0]], alias=(0, 4))


def _orgqr_program(dtype, batch, m, n, k, lwork=96):
    e, shape = ELEM[dtype], batch + (m, n)
    r = len(shape)
    name = "orgqr" if dtype.startswith("float") else "ungqr"
    return _program(f"lapack_{LETTER[dtype]}{name}",
                    [_i32(int(np.prod(batch))), _i32(m), _i32(n), _i32(k), _i32(lwork)],
                    [(shape, e), (batch + (k,), e)], [(shape, e), (batch, "i32"), ((lwork,), e)],
                    [[], [], [], [], [], _col_major(r), _row_major(len(batch) + 1)],
                    [_col_major(r), _row_major(len(batch)), [0]], alias=(0, 5))


def _geqrf(a):
    from jax._src.lax.linalg import geqrf   # (not exported by jax.lax.linalg)
    return geqrf(a)


@pytest.mark.parametrize("dtype", ["float32", "complex128"])
def test_geqrf_orgqr(dtype):
    tol = _tol(dtype) * 10
    with _x64(dtype):
        batch, m, n = (2,), 4, 3
        a = _rand(batch + (m, n), dtype)
        prog, (packed, taus, info, work) = _run(_geqrf_program(dtype, batch, m, n), a)
        want_packed, want_taus = _geqrf(a)
        _close(packed, np.asarray(want_packed), tol, "R and reflectors as LAPACK's")
        _close(taus, np.asarray(want_taus), tol, "taus")
        _close(info, np.zeros(batch, np.int32), 0, "info")
        _zeros_like_type(work, (96,), dtype)
        prog2, (q, info2, _) = _run(_orgqr_program(dtype, batch, m, n, n), packed, taus)
        _close(q, np.asarray(lax.linalg.householder_product(packed, taus)), tol, "Q")
        np.testing.assert_allclose(q @ np.triu(packed[..., :n, :]), a, atol=tol * 10)
        _close(info2, np.zeros(batch, np.int32), 0, "orgqr info")
        if dtype == "float32":
            _roundtrip(prog, [a], [packed, taus, info], tol)
            _roundtrip(prog2, [packed, taus], [q, info2], tol)


def test_tuple_results():
    """Until early 2023 JAX's calls returned one tuple, read by get_tuple_element."""
    text = _geqrf_program("float32", (), 4, 3)
    rtypes = "tensor<4x3xf32>, tensor<3xf32>, tensor<i32>, tensor<96xf32>"
    head, call = text.rsplit(f"-> ({rtypes})", 1)     # the call's results (not main's)
    text = (head + f"-> tuple<{rtypes}>" + call).replace("%r:4 =", "%r =")
    body = "\n".join(f"    %g{i} = stablehlo.get_tuple_element %r[{i}] : (tuple<{rtypes}>) -> {t}"
                     for i, t in enumerate(rtypes.split(", ")))
    text = text.replace("    return %r#0, %r#1, %r#2, %r#3", body + "\n    return %g0, %g1, %g2, %g3")
    a = _rand((4, 3), "float32")
    prog, (packed, taus, info, work) = _run(text, a)
    want_packed, want_taus = _geqrf(a)
    _close(packed, np.asarray(want_packed), 2e-3, "R and reflectors")
    _close(taus, np.asarray(want_taus), 2e-3, "taus")
    assert info == 0 and not np.any(work)


def test_mid_2024_typed_form():
    """jaxlib's typed kernels under the old names (JAX's 2024_05 data sets): no size operands,
    flags in mhlo.backend_config; geqrf / orgqr results as the legacy form's, complex gees's
    (t, w, vs, sdim, info, rwork)."""
    a = _rand((2, 4, 3), "float32")
    m3, v2 = _col_major(3), _row_major(2)
    text = _program("lapack_sgeqrf", [], [((2, 4, 3), "f32")],
                    [((2, 4, 3), "f32"), ((2, 3), "f32"), ((2,), "i32"), ((96,), "f32")],
                    [m3], [m3, v2, [0], [0]], alias=(0, 0), typed="{}")
    _, (packed, taus, info, work) = _run(text, a)
    want_packed, want_taus = _geqrf(a)
    _close(packed, np.asarray(want_packed), 2e-3, "R and reflectors")
    _close(taus, np.asarray(want_taus), 2e-3, "taus")
    assert not np.any(info) and not np.any(work)
    text = _program("lapack_sorgqr", [], [((2, 4, 3), "f32"), ((2, 3), "f32")],
                    [((2, 4, 3), "f32"), ((2,), "i32"), ((96,), "f32")], [m3, v2], [m3, [0], [0]],
                    alias=(0, 0), typed="{}")
    _, (q, info, _) = _run(text, packed, taus)
    _close(q, np.asarray(lax.linalg.householder_product(packed, taus)), 2e-3, "Q")
    n, e = 3, "complex<f32>"
    b = _rand((n, n), "complex64")
    text = _program("lapack_cgees", [], [((n, n), e)],
                    [((n, n), e), ((n,), e), ((n, n), e), ((), "i32"), ((), "i32"), ((n,), "f32")],
                    [[0, 1]], [[0, 1], [0], [0, 1], [], [], [0]], alias=(0, 0),
                    typed="{mode = 86 : ui8, sort = 78 : ui8}")
    _, (t, w, z, sdim, info, rwork) = _run(text, b)
    np.testing.assert_allclose(z @ t @ _ct(z), b, atol=2e-4)
    np.testing.assert_allclose(w, np.diagonal(t), atol=2e-4)
    assert sdim == 0 and info == 0 and not np.any(rwork)


def _syevd_program(dtype, batch, n, lower=True):
    e, shape = ELEM[dtype], batch + (n, n)
    r, real = len(shape), ELEM[REAL[dtype]]
    name = "syevd" if dtype.startswith("float") else "heevd"
    spaces = [((177,), e), ((43,), "i32")] if name == "syevd" else [((81,), e), ((169,), real), ((43,), "i32")]
    return _program(f"lapack_{LETTER[dtype]}{name}", [_i32(int(lower)), _i32(int(np.prod(batch))), _i32(n)],
                    [(shape, e)], [(shape, e), (batch + (n,), real), (batch, "i32")] + spaces,
                    [[], [], [], _col_major(r)],
                    [_col_major(r), _row_major(len(batch) + 1), _row_major(len(batch))] + [[0]] * len(spaces),
                    alias=(0, 3))


@pytest.mark.parametrize("dtype", ["float32", "complex128"])
def test_syevd(dtype):
    tol = _tol(dtype) * 10
    with _x64(dtype):
        batch, n = (2,), 4
        a = _rand(batch + (n, n), dtype)
        a = ((a + _ct(a)) / 2).astype(dtype)
        lower = dtype == "float32"
        tri = np.tril(a) if lower else np.triu(a)    # the kernel reads one triangle only
        prog, (v, w, info, *spaces) = _run(_syevd_program(dtype, batch, n, lower), tri)
        _, want_w = lax.linalg.eigh(a, lower=lower)
        _close(w, np.asarray(want_w), tol, "eigenvalues")
        np.testing.assert_allclose(a @ v, v * w[..., None, :].astype(dtype), atol=tol * 10)
        np.testing.assert_allclose(_ct(v) @ v, np.broadcast_to(np.eye(n), v.shape), atol=tol * 10)
        _close(info, np.zeros(batch, np.int32), 0, "info")
        for s in spaces:
            assert not np.any(s)
        if dtype == "float32":
            xw = run_xla(shlo.to_stablehlo(prog), [tri])
            _close(xw[1], w, tol, "xla eigenvalues")
            assert shlo.deserialize(shlo.serialize(prog)).text() == prog.text()


def _gesdd_program(dtype, batch, m, n, full, uv, lwork=268):
    e, shape = ELEM[dtype], batch + (m, n)
    r, real, k = len(shape), ELEM[REAL[dtype]], min(m, n)
    ucols, vrows = (m, n) if full else (k, k)     # (jaxlib wrote these shapes with compute_uv off too)
    spaces = [((8 * k,), "i32"), ((lwork,), e)] if dtype.startswith("float") else \
        [((8 * k,), "i32"), ((5 * k * k + 7 * k,), real), ((lwork,), e)]
    return _program(f"lapack_{LETTER[dtype]}gesdd",
                    [_i32(int(full)), _i32(int(uv)), _i32(int(np.prod(batch))), _i32(m), _i32(n), _i32(lwork)],
                    [(shape, e)],
                    [(shape, e), (batch + (k,), real), (batch + (m, ucols), e), (batch + (vrows, n), e),
                     (batch, "i32")] + spaces,
                    [[]] * 6 + [_col_major(r)],
                    [_col_major(r), _row_major(len(batch) + 1), _col_major(r), _col_major(r),
                     _row_major(len(batch))] + [[0]] * len(spaces), alias=(0, 6), keep=[1, 2, 3, 4])


@pytest.mark.parametrize("dtype", ["float32", "complex64"])
def test_gesdd(dtype):
    tol = _tol(dtype) * 10
    with _x64(dtype):
        batch, m, n = (2,), 4, 3
        a = _rand(batch + (m, n), dtype)
        want_s = np.asarray(lax.linalg.svd(a, compute_uv=False))
        for full in (True, False):
            prog, (s, u, vt, info) = _run(_gesdd_program(dtype, batch, m, n, full, True), a)
            _close(s, want_s, tol, "singular values")
            k = min(m, n)
            np.testing.assert_allclose((u[..., :, :k] * s[..., None, :].astype(dtype)) @ vt[..., :k, :], a,
                                       atol=tol * 10)
            np.testing.assert_allclose(_ct(u) @ u, np.broadcast_to(np.eye(u.shape[-1]), (2,) + (u.shape[-1],) * 2),
                                       atol=tol * 10)
            _close(info, np.zeros(batch, np.int32), 0, "info")
        # compute_uv off: singular values only; u and vt are returned as zeros
        _, (s, u, vt, info) = _run(_gesdd_program(dtype, batch, m, n, False, False), a)
        _close(s, want_s, tol, "singular values without vectors")
        assert not np.any(u) and not np.any(vt) and not np.any(info)
        if dtype == "float32":
            xs = run_xla(shlo.to_stablehlo(prog), [a])
            _close(xs[0], s, tol, "xla singular values")
            assert shlo.deserialize(shlo.serialize(prog)).text() == prog.text()


def _geev_program(dtype, n, left, right):
    e, real = ELEM[dtype], ELEM[REAL[dtype]]
    cplx = f"complex<{real}>"
    if dtype.startswith("float"):
        spaces, vals = [((n, n), e)] * 3, [((n,), e), ((n,), e)]
    else:
        spaces, vals = [((n, n), e), ((2 * n,), real)], [((n,), e)]
    results = spaces + vals + [((n, n), cplx), ((n, n), cplx), ((), "i32")]
    layouts = [[0, 1] if len(s) == 2 else [0] for s, _ in spaces] + [[0]] * len(vals) + [[0, 1], [0, 1], []]
    return _program(f"lapack_{LETTER[dtype]}geev", [_i32(1), _i32(n), _ui8("V" if left else "N"),
                                                    _ui8("V" if right else "N")],
                    [((n, n), e)], results, [[], [], [], [], [0, 1]], layouts,
                    keep=list(range(len(spaces), len(results))))


@pytest.mark.parametrize("dtype", ["float32", "complex64"])
def test_geev(dtype):
    n = 3
    tol = _tol(dtype) * 10
    a = _rand((n, n), dtype)
    left = dtype == "complex64"
    prog, outs = _run(_geev_program(dtype, n, left, True), a)
    if dtype == "float32":
        wr, wi, vl, vr, info = outs
        w = wr + 1j * wi
        assert not np.any(vl)
    else:
        w, vl, vr, info = outs
        np.testing.assert_allclose(_ct(vl) @ a, w[:, None] * _ct(vl), atol=tol * 10)
    want = np.asarray(lax.linalg.eig(a, compute_left_eigenvectors=False)[0])
    np.testing.assert_allclose(np.sort_complex(w), np.sort_complex(want), atol=tol)
    np.testing.assert_allclose(a @ vr, vr * w[None, :], atol=tol * 10)
    np.testing.assert_allclose(np.linalg.norm(vr, axis=0), np.ones(n), atol=tol)
    assert info == 0
    xr = run_xla(shlo.to_stablehlo(prog), [a])
    _close(xr[0], outs[0], tol, "xla eigenvalues")
    assert shlo.deserialize(shlo.serialize(prog)).text() == prog.text()


def _gees_program(dtype, n, vectors=True):
    e, real = ELEM[dtype], ELEM[REAL[dtype]]
    if dtype.startswith("float"):
        results = [((n, n), e), ((n,), e), ((n,), e), ((n, n), e), ((), "i32"), ((), "i32")]
        layouts = [[0, 1], [0], [0], [0, 1], [], []]
    else:
        results = [((n, n), e), ((n,), real), ((n,), e), ((n, n), e), ((), "i32"), ((), "i32")]
        layouts = [[0, 1], [0], [0], [0, 1], [], []]
    return _program(f"lapack_{LETTER[dtype]}gees", [_i32(1), _i32(n), _ui8("V" if vectors else "N"), _ui8("N")],
                    [((n, n), e)], results, [[], [], [], [], [0, 1]], layouts, alias=(0, 4))


@pytest.mark.parametrize("dtype", ["complex64", "float64"])
def test_gees(dtype):
    n = 3
    tol = _tol(dtype) * 10
    with _x64(dtype):
        a = _rand((n, n), dtype)
        prog, outs = _run(_gees_program(dtype, n), a)
        if dtype == "complex64":
            t, rwork, w, z, sdim, info = outs
            assert not np.any(rwork)
            np.testing.assert_allclose(np.tril(t, -1), 0, atol=tol)
            np.testing.assert_allclose(w, np.diagonal(t), atol=tol)
        else:       # real Schur form: 2 x 2 blocks for complex pairs
            t, wr, wi, z, sdim, info = outs
            w = wr + 1j * wi
            np.testing.assert_allclose(np.tril(t, -2), 0, atol=tol)
        np.testing.assert_allclose(z @ t @ _ct(z), a, atol=tol * 10)
        np.testing.assert_allclose(_ct(z) @ z, np.eye(n), atol=tol * 10)
        want = np.linalg.eigvals(np.asarray(a, np.complex128))
        np.testing.assert_allclose(np.sort_complex(w), np.sort_complex(want), atol=tol * 10)
        assert sdim == 0 and info == 0
        if dtype == "complex64":
            xr = run_xla(shlo.to_stablehlo(prog), [a])
            _close(xr[2], w, tol, "xla eigenvalues")
            assert shlo.deserialize(shlo.serialize(prog)).text() == prog.text()


def _gehrd_program(dtype, batch, n, lwork=64):
    e, shape = ELEM[dtype], batch + (n, n)
    r = len(shape)
    return _program(f"lapack_{LETTER[dtype]}gehrd",
                    [_i32(n), _i32(1), _i32(n), _i32(n), _i32(int(np.prod(batch))), _i32(lwork)], [(shape, e)],
                    [(shape, e), (batch + (n - 1,), e), (batch, "i32"), ((lwork,), e)],
                    [[]] * 6 + [_col_major(r)],
                    [_col_major(r), _row_major(len(batch) + 1), _row_major(len(batch)), [0]], alias=(0, 6))


def _sytrd_program(dtype, batch, n, lower, lwork=64):
    e, shape = ELEM[dtype], batch + (n, n)
    r, real = len(shape), ELEM[REAL[dtype]]
    name = "sytrd" if dtype.startswith("float") else "hetrd"
    return _program(f"lapack_{LETTER[dtype]}{name}",
                    [_i32(n), _i32(int(lower)), _i32(n), _i32(int(np.prod(batch))), _i32(lwork)], [(shape, e)],
                    [(shape, e), (batch + (n,), real), (batch + (n - 1,), real), (batch + (n - 1,), e),
                     (batch, "i32"), ((lwork,), e)],
                    [[]] * 5 + [_col_major(r)],
                    [_col_major(r)] + [_row_major(len(batch) + 1)] * 3 + [_row_major(len(batch)), [0]],
                    alias=(0, 5))


@pytest.mark.parametrize("dtype", ["float32", "complex128"])
def test_gehrd_sytrd(dtype):
    tol = _tol(dtype) * 10
    with _x64(dtype):
        batch, n = (2,), 4
        a = _rand(batch + (n, n), dtype)
        prog, (h, taus, info, work) = _run(_gehrd_program(dtype, batch, n), a)
        want_h, want_taus = lax.linalg.hessenberg(a)
        _close(h, np.asarray(want_h), tol, "H and reflectors as LAPACK's")
        _close(taus, np.asarray(want_taus), tol, "taus")
        assert not np.any(info) and not np.any(work)
        herm = ((a + _ct(a)) / 2).astype(dtype)
        for lower in (True, False):
            prog2, (t, d, e, t_taus, t_info, t_work) = _run(_sytrd_program(dtype, batch, n, lower), herm)
            want = lax.linalg.tridiagonal(herm, lower=lower)
            for name, g, w in zip(("a", "d", "e", "taus"), (t, d, e, t_taus), want):
                _close(g, np.asarray(w), tol, f"sytrd {name} lower={lower}")
            assert not np.any(t_info) and not np.any(t_work)
            if dtype == "float32" and not lower:
                _roundtrip(prog2, [herm], [t, d, e, t_taus, t_info], tol)
        if dtype == "float32":
            _roundtrip(prog, [a], [h, taus, info], tol)
            bad = _gehrd_program(dtype, batch, n).replace("%s1 = stablehlo.constant dense<1>",
                                                          "%s1 = stablehlo.constant dense<0>")
            with pytest.raises(shlo.ImporterError, match="lapack_sgehrd: low = 0, high = 4 are not LAPACK's"):
                shlo.from_stablehlo(bad)


# --------------------------------------------------------------------------
# ducc_fft
# --------------------------------------------------------------------------

def _flatbuffer(fields):
    """A flatbuffer table of `fields` (slot -> ('vec', fmt, values) | (fmt, value)), as
    flatc lays one out: root offset, vtable, table, vectors."""
    vt_size = 4 + 2 * (max(fields) + 1)
    scalars = [(s, f) for s, f in sorted(fields.items()) if f[0] != "vec"]
    vectors = [(s, f) for s, f in sorted(fields.items()) if f[0] == "vec"]
    layout, off = {}, 4
    for s, (fmt, _) in scalars:
        size = struct.calcsize("<" + fmt)
        off = (off + size - 1) // size * size
        layout[s] = off
        off += size
    for s, _ in vectors:
        off = (off + 3) // 4 * 4
        layout[s] = off
        off += 4
    table_size = (off + 7) // 8 * 8
    table_pos = (4 + vt_size + 7) // 8 * 8
    buf = bytearray(table_pos + table_size)
    struct.pack_into("<I", buf, 0, table_pos)
    vt = table_pos - vt_size
    struct.pack_into("<HH", buf, vt, vt_size, table_size)
    for s, o in layout.items():
        struct.pack_into("<H", buf, vt + 4 + 2 * s, o)
    struct.pack_into("<i", buf, table_pos, table_pos - vt)
    for s, (fmt, value) in scalars:
        struct.pack_into("<" + fmt, buf, table_pos + layout[s], value)
    for s, (_, fmt, values) in vectors:
        size = struct.calcsize("<" + fmt)
        while (len(buf) + 4) % max(size, 4):
            buf += b"\0"
        at = len(buf)
        buf += struct.pack("<I", len(values)) + b"".join(struct.pack("<" + fmt, v) for v in values)
        struct.pack_into("<I", buf, table_pos + layout[s], at - (table_pos + layout[s]))
    return bytes(buf)


KINDS = {"FFT": 0, "IFFT": 0, "RFFT": 2, "IRFFT": 1}


def _ducc_program(kind, dtype, shape, nfft, scale=None):
    """jaxlib's static ducc_fft call of jnp.fft's `kind` over the last `nfft` axes."""
    real = REAL[dtype]
    cplx = "complex64" if real == "float32" else "complex128"
    in_shape, out_shape = list(shape), list(shape)
    if kind == "RFFT":
        out_shape[-1] = shape[-1] // 2 + 1
    if kind == "IRFFT":
        in_shape[-1] = shape[-1] // 2 + 1
    lengths = shape[len(shape) - nfft:]
    forward = kind in ("FFT", "RFFT")
    scale = (1.0 if forward else 1.0 / np.prod(lengths)) if scale is None else scale
    desc = _flatbuffer({0: ("b", 0 if real == "float32" else 1), 1: ("b", KINDS[kind]),
                        2: ("vec", "Q", shape), 3: ("vec", "Q", _strides(in_shape)),
                        4: ("vec", "Q", _strides(out_shape)),
                        5: ("vec", "I", list(range(len(shape) - nfft, len(shape)))), 6: ("?", forward), 7: ("d", scale)})
    in_e = ELEM[real] if kind == "RFFT" else ELEM[cplx]
    out_e = ELEM[real] if kind == "IRFFT" else ELEM[cplx]
    hexed = '"0x' + desc.hex().upper() + '"'
    return _program("ducc_fft", [(hexed, f"{len(desc)}xui8")], [(tuple(in_shape), in_e)],
                    [(tuple(out_shape), out_e)], [[0], _row_major(len(shape))], [_row_major(len(shape))]), in_shape


FFTS = {"FFT": lambda x, k: jnp.fft.fftn(x, axes=range(-k, 0)),
        "IFFT": lambda x, k: jnp.fft.ifftn(x, axes=range(-k, 0)),
        "RFFT": lambda x, k: jnp.fft.rfftn(x, axes=range(-k, 0)),
        "IRFFT": lambda x, k, s=None: jnp.fft.irfftn(x, s=s, axes=range(-k, 0))}


@pytest.mark.parametrize("kind", sorted(FFTS))
def test_ducc_fft(kind):
    for dtype, shape, nfft in (("float32", (3, 4), 1), ("float64", (2, 3, 4), 2)):
        with _x64(dtype):
            text, in_shape = _ducc_program(kind, dtype, shape, nfft)
            x = _rand(tuple(in_shape), dtype if kind == "RFFT" else
                      ("complex64" if dtype == "float32" else "complex128"))
            prog, (y,) = _run(text, x)
            want = FFTS[kind](x, nfft, shape[-nfft:]) if kind == "IRFFT" else FFTS[kind](x, nfft)
            _close(y, np.asarray(want), _tol(dtype), f"{kind} {dtype}")
            if kind == "FFT" and dtype == "float32":
                _roundtrip(prog, [x], [y], _tol(dtype))


def test_ducc_fft_scale():
    """A scale that is not fft's own multiplies the result."""
    x = _rand((3, 4), "complex64")
    text, _ = _ducc_program("FFT", "float32", (3, 4), 1, scale=0.5)
    _, (y,) = _run(text, x)
    _close(y, np.asarray(jnp.fft.fft(x)) * 0.5, 2e-5, "scaled")
    text, _ = _ducc_program("IFFT", "float32", (3, 4), 1, scale=1.0)    # numpy's norm="forward"
    _, (y,) = _run(text, x)
    _close(y, np.asarray(jnp.fft.ifft(x)) * 4, 2e-5, "unnormalized inverse")


def test_dynamic_ducc_fft():
    desc = _flatbuffer({0: ("I", 2), 1: ("b", 0), 2: ("b", 0), 3: ("vec", "I", [1]), 4: ("?", False)})
    vec = ", ".join(str(b) for b in desc)
    e = "complex<f32>"
    layouts = ", ".join(_layout(x) for x in [[0], [1, 0], [0], [0], [0], [0], [0]])
    attrs = (f"api_version = 2 : i32, indices_of_shape_operands = dense<6> : tensor<1xi64>, "
             f"operand_layouts = [{layouts}], result_layouts = [{_layout([1, 0])}]")
    sig = (f"(tensor<{len(desc)}xui8>, tensor<3x4x{e}>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, "
           f"tensor<1xf64>, tensor<2xi32>) -> tensor<3x4x{e}>")
    text = f"""module @legacy {{
  func.func public @main(%arg0: tensor<3x4x{e}>) -> tensor<3x4x{e}> {{
    %d = stablehlo.constant dense<[{vec}]> : tensor<{len(desc)}xui8>
    %shape = stablehlo.constant dense<[3, 4]> : tensor<2xi32>
    %sin = stablehlo.constant dense<[4, 1]> : tensor<2xi32>
    %sout = stablehlo.constant dense<[4, 1]> : tensor<2xi32>
    %scale = stablehlo.constant dense<2.500000e-01> : tensor<1xf64>
    %r = stablehlo.custom_call @dynamic_ducc_fft(%d, %arg0, %shape, %sin, %sout, %scale, %shape) {{{attrs}}} : {sig}
    return %r : tensor<3x4x{e}>
  }}
}}
"""
    x = _rand((3, 4), "complex64")
    prog, (y,) = _run(text, x)
    _close(y, np.asarray(jnp.fft.ifft(x)), 2e-5, "dynamic ifft")
    _roundtrip(prog, [x], [y], 2e-5)


# --------------------------------------------------------------------------
# bad input
# --------------------------------------------------------------------------

def test_computed_size_is_refused():
    text = _potrf_program("float32", (), 3).replace(
        "%s2 = stablehlo.constant dense<3> : tensor<i32>",
        "%s2 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<3x3xf32>) -> tensor<i32>")
    with pytest.raises(shlo.ImporterError, match=r"lapack_spotrf: operand 2 \(n\) must be a scalar integer constant"):
        shlo.from_stablehlo(text)


def test_batch_size_as_a_product_of_constants():
    """jaxlib wrote the batch size as 1 * d0 * d1 (multiplies of constants, i64 dimensions
    converted): folded."""
    text = _getrf_program("float32", (2, 3), 3, 3).replace(
        "%s0 = stablehlo.constant dense<6> : tensor<i64>",
        "%one = stablehlo.constant dense<1> : tensor<i32>\n"
        "    %d0 = stablehlo.constant dense<2> : tensor<i64>\n"
        "    %d0c = stablehlo.convert %d0 : (tensor<i64>) -> tensor<i32>\n"
        "    %d1 = stablehlo.constant dense<3> : tensor<i32>\n"
        "    %p = stablehlo.multiply %one, %d0c : tensor<i32>\n"
        "    %s0 = stablehlo.multiply %p, %d1 : tensor<i32>")
    text = text.replace("(tensor<i64>, tensor<i32>", "(tensor<i32>, tensor<i32>")
    a = _rand((2, 3, 3, 3), "float32")
    _, (lu, piv, info) = _run(text, a)
    _close(lu, np.asarray(lax.linalg.lu(a)[0]), 2e-4, "packed L\\U")
    bad = text.replace("%d1 = stablehlo.constant dense<3>", "%d1 = stablehlo.constant dense<4>")
    with pytest.raises(shlo.ImporterError, match="lapack_sgetrf: size operand batch = 8 disagrees"):
        shlo.from_stablehlo(bad)


def test_dynamic_sizes_are_refused():
    text = _potrf_program("float32", (2,), 3).replace("tensor<2x3x3xf32>", "tensor<?x3x3xf32>")
    with pytest.raises(shlo.ImporterError, match=r"lapack_spotrf: operands or results of \? size are not handled"):
        shlo.from_stablehlo(text)


def test_unhandled_layout_is_refused():
    text = _getrf_program("float64", (), 3, 3).replace(
        "dense<[0, 1]> : tensor<2xindex>], output", "dense<[1, 0]> : tensor<2xindex>], output")
    with pytest.raises(shlo.ImporterError, match=r"lapack_dgetrf: operand_layouts\[3\] = \[1, 0\] is not handled"):
        shlo.from_stablehlo(text)


def test_sizes_that_disagree_and_wrong_operand_counts_are_refused():
    text = _potrf_program("float32", (), 3).replace("dense<3> : tensor<i32>", "dense<5> : tensor<i32>")
    with pytest.raises(shlo.ImporterError, match="lapack_spotrf: size operand [mn] = 5 disagrees"):
        shlo.from_stablehlo(text)
    text, _ = _ducc_program("FFT", "float32", (3, 4), 1)
    text = text.replace("dense<\"0x18", "dense<\"0x08")      # the root table's offset
    with pytest.raises(shlo.ImporterError, match="ducc_fft: the descriptor is not a flatbuffer"):
        shlo.from_stablehlo(text)
