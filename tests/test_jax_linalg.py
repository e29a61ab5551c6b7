"""JAX linear algebra imports as portable shlo (shlo.importers.stablehlo_lapack).

Every jnp.linalg / jax.scipy.linalg function below lowers on CPU to LAPACK
custom calls; each is imported with shlo.from_jax (no custom_call may be
left), verified, run on the reference interpreter and matched with JAX for
f32, f64 and complex64 on a batched input, up to the usual non-uniqueness
(QR / eigenvector / singular vector phases: reconstructions and
orthogonality are compared; general eigenvalues as multisets, Schur forms
through A = Z T Z^H and their shape). Every program also round-trips through
shlo.serialize / deserialize and through to_stablehlo + XLA; one is
compiled with shlo.compile. `info` outputs are checked against LAPACK's own
(XLA running the original custom calls) on singular / indefinite inputs. The
dtype parametrizations marked thin(2) run every other case by default (for
the suite's time; SHLO_FULL_TESTS=1 runs all). The eig / schur tests that
import a whole geev / gees composite (10-50 s each on a loaded 2-core
machine: tracing the decomposition body is most of it) run only under
SHLO_FULL_TESTS=1; by default one eig program (non-finite input), one Schur
program and the balancing step against LAPACK's run.
"""
from __future__ import annotations

import functools
import os
import re

import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl
import numpy as np
import pytest

import shlo

from test_jax_import import run_xla
from linalg_checks import close as _close

RNG = np.random.default_rng(11)
FULL = bool(os.environ.get("SHLO_FULL_TESTS"))
full_only = pytest.mark.skipif(not FULL, reason="a whole eig / schur composite: SHLO_FULL_TESTS=1")
DTYPES = ["float32", "float64", "complex64"]


def _tol(dtype):
    return 1e-9 if np.dtype(dtype) in (np.float64, np.complex128) else 2e-4


def _rand(shape, dtype):
    dt = np.dtype(dtype)
    x = RNG.standard_normal(shape)
    if dt.kind == "c":
        x = x + 1j * RNG.standard_normal(shape)
    return x.astype(dt)


def _ct(x):
    return np.conj(np.swapaxes(x, -1, -2))


def _spd(shape, dtype):
    a = _rand(shape, dtype)
    n = shape[-1]
    return (a @ _ct(a) + n * np.eye(n)).astype(dtype)


def _herm(shape, dtype):
    a = _rand(shape, dtype)
    return ((a + _ct(a)) / 2).astype(dtype)


def _x64(dtype):
    return jax.enable_x64(np.dtype(dtype) in (np.float64, np.complex128))


def _import(fn, *args):
    prog = shlo.from_jax(fn, *args)
    prog.verify()
    text = prog.text()
    assert "shlo.custom_call" not in text, "a LAPACK custom_call was left"
    return prog


def _roundtrip(prog, args, want, tol, xla=True):
    """shlo.serialize / deserialize keep the program; to_stablehlo writes what XLA runs."""
    back = shlo.deserialize(shlo.serialize(prog))
    assert back.text() == prog.text()
    text = shlo.to_stablehlo(prog)
    assert "stablehlo.custom_call" not in text
    if not xla:   # (XLA compiles the Jacobi / Householder loops slowly: f32 runs it, for time)
        return
    for i, (g, w) in enumerate(zip(run_xla(text, args), want)):
        _close(g, w, tol, f"xla result {i}")


# unique results: compared output by output
EXACT = {
    "cholesky": (jnp.linalg.cholesky, lambda d: [_spd((2, 4, 4), d)]),
    "solve": (jnp.linalg.solve, lambda d: [_rand((2, 4, 4), d), _rand((2, 4, 2), d)]),
    "inv": (jnp.linalg.inv, lambda d: [_rand((2, 4, 4), d)]),
    "det": (jnp.linalg.det, lambda d: [_rand((2, 4, 4), d)]),
    "slogdet": (jnp.linalg.slogdet, lambda d: [_rand((2, 4, 4), d)]),
    "lstsq": (lambda a, b: jnp.linalg.lstsq(a, b), lambda d: [_rand((5, 3), d), _rand((5, 2), d)]),
    "lu": (jax.vmap(jsl.lu), lambda d: [_rand((2, 4, 3), d)]),
    "lu_factor": (jax.vmap(jsl.lu_factor), lambda d: [_rand((2, 4, 4), d)]),
    "solve_triangular": (lambda a, b: jsl.solve_triangular(a, b, lower=True, trans=1),
                         lambda d: [_rand((2, 3, 3), d) + 3 * np.eye(3, dtype=d), _rand((2, 3, 2), d)]),
    "solve_triangular_unit_upper": (lambda a, b: jsl.solve_triangular(a, b, lower=False, unit_diagonal=True),
                                    lambda d: [_rand((2, 3, 3), d), _rand((2, 3, 2), d)]),
    "cho_solve": (lambda c, b: jsl.cho_solve((c, True), b),
                  lambda d: [np.linalg.cholesky(_spd((2, 3, 3), d)), _rand((2, 3, 2), d)]),
    "cho_factor_solve": (lambda a, b: jsl.cho_solve(jsl.cho_factor(a), b),
                         lambda d: [_spd((2, 3, 3), d), _rand((2, 3, 1), d)]),
    "eigvalsh": (jnp.linalg.eigvalsh, lambda d: [_herm((2, 4, 4), d)]),
    "svdvals": (lambda a: jnp.linalg.svd(a, compute_uv=False), lambda d: [_rand((2, 4, 3), d)]),
    "pinv": (jnp.linalg.pinv, lambda d: [_rand((2, 3, 4), d)]),
    # through the complex Schur form (gees): the principal square root is unique
    "sqrtm": (jax.vmap(jsl.sqrtm), lambda d: [_rand((2, 4, 4), d) + 4 * np.eye(4, dtype=d)]),
}


@pytest.mark.thin(2)
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", sorted(EXACT))
def test_exact(name, dtype):
    fn, make = EXACT[name]
    with _x64(dtype):
        args = make(dtype)
        prog = _import(fn, *args)
        want = [np.asarray(w) for w in jax.tree_util.tree_leaves(jax.jit(fn)(*args))]
        got = shlo.interpret(prog, *args)
        assert len(got) == len(want)
        for i, (g, w) in enumerate(zip(got, want)):
            _close(g, w, _tol(dtype) * (10 if name in ("pinv", "lstsq") else 1), f"{name} result {i}")
        # (sqrtm's Schur composite runs in XLA in test_schur: its own XLA compile is the slowest of
        # these, so only SHLO_FULL_TESTS=1 repeats it)
        _roundtrip(prog, args, want, _tol(dtype) * 10, xla=dtype == "float32" and (name != "sqrtm" or FULL))


def _check_qr(a, q, r, tol):
    n = q.shape[-1]
    _close(q @ r, a, tol, "Q R = A")
    _close(_ct(q) @ q, np.broadcast_to(np.eye(n, dtype=q.dtype), q.shape[:-2] + (n, n)), tol, "Q^H Q = I")
    assert np.allclose(np.tril(r, -1), 0)


def _check_eigh(a, w, v, tol):
    _close(a @ v, v * w[..., None, :].astype(v.dtype), tol, "A V = V diag(w)")
    n = v.shape[-1]
    _close(_ct(v) @ v, np.broadcast_to(np.eye(n, dtype=v.dtype), v.shape), tol, "V^H V = I")
    assert np.all(np.diff(w, axis=-1) >= 0), "eigenvalues ascending"


def _check_svd(a, u, s, vt, tol, full):
    k = s.shape[-1]
    _close((u[..., :, :k] * s[..., None, :].astype(u.dtype)) @ vt[..., :k, :], a, tol, "U S V^H = A")
    for x, what in ((u, "U"), (vt, "V^H")):
        g = _ct(x) @ x if what == "U" else x @ _ct(x)
        _close(g, np.broadcast_to(np.eye(g.shape[-1], dtype=x.dtype), g.shape), tol, f"{what} orthonormal")
    assert np.all(np.diff(s, axis=-1) <= 0), "singular values descending"


FACTOR = {
    "qr": (jnp.linalg.qr, lambda d: [_rand((2, 4, 3), d)], "qr"),
    "qr_wide": (jnp.linalg.qr, lambda d: [_rand((2, 3, 4), d)], "qr"),
    "qr_complete": (functools.partial(jnp.linalg.qr, mode="complete"), lambda d: [_rand((2, 4, 3), d)], "qr"),
    "eigh": (jnp.linalg.eigh, lambda d: [_herm((2, 4, 4), d)], "eigh"),
    "svd": (jnp.linalg.svd, lambda d: [_rand((2, 4, 3), d)], "svd"),
    "svd_reduced": (functools.partial(jnp.linalg.svd, full_matrices=False), lambda d: [_rand((2, 3, 5), d)], "svd"),
}


@pytest.mark.thin(2)
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", sorted(FACTOR))
def test_factorization(name, dtype):
    fn, make, kind = FACTOR[name]
    tol = _tol(dtype) * 10
    with _x64(dtype):
        args = make(dtype)
        prog = _import(fn, *args)
        want = [np.asarray(w) for w in jax.tree_util.tree_leaves(jax.jit(fn)(*args))]
        got = shlo.interpret(prog, *args)
        for g, w in zip(got, want):
            assert g.shape == w.shape and g.dtype == w.dtype
        a = args[0]
        if kind == "qr":
            _check_qr(a, *got, tol)
            # the Householder conventions are LAPACK's: even the signs agree
            for g, w in zip(got, want):
                _close(g, w, tol, "Q, R as LAPACK's")
        elif kind == "eigh":
            w_, v = got
            _close(w_, want[0], tol, "eigenvalues")
            _check_eigh(a, w_, v, tol)
        else:
            u, s, vt = got
            _close(s, want[1], tol, "singular values")
            _check_svd(a, u, s, vt, tol, name == "svd")
        # XLA runs the exported composites: compare through the same checks
        back = shlo.deserialize(shlo.serialize(prog))
        assert back.text() == prog.text()
        if dtype != "float32":   # XLA compiles the Jacobi / Householder loops slowly: f32 runs it
            return
        xla = run_xla(shlo.to_stablehlo(prog), args)
        if kind == "qr":
            _check_qr(a, *xla, tol)
        elif kind == "eigh":
            _check_eigh(a, xla[0], xla[1], tol)
        else:
            _check_svd(a, xla[0], xla[1], xla[2], tol, name == "svd")


def test_composite_names_and_bodies():
    a = _rand((2, 3, 3), "float32")
    names = {
        jsl.lu_factor: ["shlo.linalg.lu"],
        jnp.linalg.qr: ["shlo.linalg.qr_householder", "shlo.linalg.householder_product"],
        jnp.linalg.eigh: ["shlo.linalg.eigh"],
        jnp.linalg.svd: ["shlo.linalg.svd"],
    }
    for fn, want in names.items():
        prog = _import(jax.vmap(fn) if fn is jsl.lu_factor else fn, a + np.swapaxes(a, -1, -2))
        text = prog.text()
        for n in want:
            assert f'name = "{n}"' in text, (n, text[:2000])
        assert "shlo.while" in text                       # the bodies are loops of shlo ops
        # each body simplified into one function (JAX's 7-28 functions inlined: stablehlo_lapack._simplified)
        bodies = re.findall(r"func\.func private @(shlo_linalg_\w+)", text)
        assert len(bodies) == len(want) and not any("__" in b for b in bodies), bodies
        if fn is jsl.lu_factor:   # a composite without attributes reads back from StableHLO unchanged
            assert shlo.from_stablehlo(shlo.to_stablehlo(prog)).text() == text
    text = _import(jnp.linalg.cholesky, _spd((3, 3), "float32")).text()
    assert "shlo.cholesky" in text and "shlo.composite" not in text
    text = _import(lambda x, y: jsl.solve_triangular(x, y), a, a).text()
    assert "shlo.triangular_solve" in text


def test_compiled():
    """shlo.compile runs the composites through their decompositions."""
    a = _rand((2, 4, 4), "float32")
    h = _herm((2, 4, 4), "float32")

    def fn(a, h):
        return jnp.linalg.solve(a, h[..., :1]), jnp.linalg.eigvalsh(h), jnp.linalg.qr(a)[1]

    prog = _import(fn, a, h)
    want = [np.asarray(w) for w in jax.jit(fn)(a, h)]
    for i, (g, w) in enumerate(zip(shlo.compile(prog)(a, h), want)):
        _close(np.asarray(g), w, 1e-4, f"compiled result {i}")


# LAPACK's info, on inputs where it is nonzero: XLA runs JAX's original custom calls
INFO = {
    "potrf": (jnp.linalg.cholesky, lambda: np.array([[[4., 2., 0.], [2., 1., 0.], [0., 0., 1.]],
                                                     [[1., 0., 0.], [0., 2., 0.], [0., 0., 3.]]], np.float32)),
    "getrf": (jax.vmap(jsl.lu_factor), lambda: np.array([[[1., 2., 3.], [2., 4., 6.], [0., 0., 1.]],
                                                         [[0., 0., 0.], [0., 0., 0.], [0., 0., 0.]]], np.float32)),
}


@pytest.mark.parametrize("name", sorted(INFO))
def test_info_like_lapack(name):
    fn, make = INFO[name]
    a = make()
    lowered = jax.jit(fn).lower(a).as_text()
    assert f"lapack_s{name}_ffi" in lowered
    # the custom call's own outputs, info included: lift them by returning the raw call
    from shlo.importers.stablehlo import from_stablehlo
    raw = _raw_call(lowered, f"lapack_s{name}_ffi")
    prog = from_stablehlo(raw)
    assert "shlo.custom_call" not in prog.text()
    got = shlo.interpret(prog, a)
    want = run_xla(raw, [a])
    info_g, info_w = got[-1], want[-1]
    if name == "potrf":
        # zero / nonzero as LAPACK (shlo's factor of an indefinite matrix is implementation-defined)
        np.testing.assert_array_equal(info_g == 0, info_w == 0)
        ok = info_w == 0
        _close(np.tril(got[0][ok]), np.tril(want[0][ok]), 1e-5, "factor")
    else:
        np.testing.assert_array_equal(info_g, info_w)
        for g, w in zip(got, want):
            _close(g, w, 1e-5, "getrf outputs")


def _same_bits(got, want, what):
    for i, (g, w) in enumerate(zip(got, want)):
        g, w = np.asarray(g), np.asarray(w)
        assert g.dtype == w.dtype and np.array_equal(g.view(np.uint8), w.view(np.uint8)), (what, i, g, w)


def test_tridiagonal_solve():
    """lax.linalg.tridiagonal_solve (lapack_?gtsv_ffi) -> shlo.linalg.tridiagonal_solve, ?gtsv step
    for step: JAX's result (f32) and every output of the raw call (f32 and complex64, which pivots
    by |re| + |im|: the factor left in dl / d / du, the solution, info) have LAPACK's bits. System 0
    is singular at its first pivot (info 1: LAPACK stops, JAX writes NaN); system 1 pivots both ways
    (d[2] = 0 swaps rows)."""
    fn = jax.lax.linalg.tridiagonal_solve
    for dtype, t in (("float32", "s"), ("complex64", "c")):
        n = 6
        dl, d, du, b = _rand((2, n), dtype), _rand((2, n), dtype), _rand((2, n), dtype), _rand((2, n, 3), dtype)
        d[0, 0], dl[0, 1], d[1, 2] = 0, 0, 0
        args = [dl, d, du, b]
        if dtype == "float32":
            prog = _import(fn, *args)
            assert 'name = "shlo.linalg.tridiagonal_solve"' in prog.text()
            want = [np.asarray(jax.jit(fn)(*args))]
            _same_bits(shlo.interpret(prog, *args), want, "tridiagonal_solve")
            _roundtrip(prog, args, want, _tol(dtype))
        raw = _raw_call(jax.jit(fn).lower(*args).as_text(), f"lapack_{t}gtsv_ffi")
        want = run_xla(raw, args)
        np.testing.assert_array_equal(want[-1], [1, 0])
        _same_bits(shlo.interpret(shlo.from_stablehlo(raw), *args), want, f"raw {t}gtsv")


def test_tridiagonal_solve_perturbed():
    """tridiagonal_solve(perturb_singular=True) (jaxlib's tridiagonal_solve_perturbed_ffi, no info)
    -> shlo.linalg.tridiagonal_solve_perturbed, the kernel's order of operations: f32 results have
    its bits, singular systems (a zero diagonal: pivots nudged by eps * max|U|) and n = 1 included;
    complex64 agrees to rounding (the kernel's complex division is the C runtime's). The program
    round-trips through serialize and to_stablehlo + XLA."""
    fn = functools.partial(jax.lax.linalg.tridiagonal_solve, perturb_singular=True)
    for dtype in ("float32", "complex64"):
        for n in (1, 5):
            dl, d, du, b = _rand((3, n), dtype), _rand((3, n), dtype), _rand((3, n), dtype), _rand((3, n, 2), dtype)
            d[0, 0], dl[0, 1 % n] = 0, 0        # system 0: a zero pivot and a zero sub-diagonal
            d[1] = 0                            # system 1: singular, every pivot perturbed
            args = [dl, d, du, b]
            prog = _import(fn, *args)
            assert 'name = "shlo.linalg.tridiagonal_solve_perturbed"' in prog.text()
            want = [np.asarray(jax.jit(fn)(*args))]
            assert np.isfinite(want[0]).all()
            got = shlo.interpret(prog, *args)
            if dtype == "float32":
                _same_bits(got, want, f"perturbed n={n}")
            else:
                np.testing.assert_allclose(got[0], want[0], rtol=1e-5, err_msg=f"perturbed c64 n={n}")
            if n > 1:
                _roundtrip(prog, args, want, 1e-5 if dtype == "float32" else 1e-4)


def _raw_call(text: str, target: str) -> str:
    """A module whose main returns every result of the first `target` custom call of `text`."""
    import re
    line = next(l for l in text.splitlines() if f"@{target}" in l)
    m = re.match(r"\s*(%\w+)(?::(\d+))? = stablehlo\.custom_call @\w+\(([%\w, ]+)\) (\{.*\}) : \((.*)\) -> (.*)$", line)
    res, n, _operands, attrs, in_t, out_t = m.groups()
    attrs = re.sub(r", sdy\.sharding_rule = #sdy\.op_sharding_rule<.*?, custom>", "", attrs)
    outs = [t.strip() for t in out_t.strip("()").split(", ")] if out_t.startswith("(") else [out_t]
    ins = [t.strip() for t in in_t.split(", ")]
    names = [f"{res}#{i}" for i in range(len(outs))] if n else [res]
    args = ", ".join(f"%arg{i}" for i in range(len(ins)))
    return (f"func.func public @main({', '.join(f'%arg{i}: {t}' for i, t in enumerate(ins))}) -> "
            f"({', '.join(outs)}) {{\n"
            f"  {res}{':' + n if n else ''} = stablehlo.custom_call @{target}({args}) {attrs} : ({in_t}) -> {out_t}\n"
            f"  return {', '.join(names)} : {', '.join(outs)}\n}}\n")


# --------------------------------------------------------------------------
# geev (eig) and gees (schur): shlo.linalg.eig / shlo.linalg.schur
# --------------------------------------------------------------------------

def _match_eigenvalues(got, want, tol, what):
    """The same multiset of eigenvalues in every batch element (nearest-first matching)."""
    got, want = np.asarray(got).reshape(-1, got.shape[-1]), np.asarray(want).reshape(-1, want.shape[-1])
    assert got.shape == want.shape, (what, got.shape, want.shape)
    for g, w in zip(got, want):
        scale = max(1.0, float(np.max(np.abs(w))))
        left = list(g)
        for x in w:
            k = int(np.argmin([abs(x - y) for y in left]))
            assert abs(x - left[k]) <= tol * scale, (what, g, w)
            left.pop(k)


def _check_eigvecs(a, w, v, tol, left=False):
    """A V = V diag(w) (or V^H A = diag(w) V^H), unit columns with their largest component real."""
    ac = a.astype(v.dtype)
    if left:
        _close(_ct(v) @ ac, w[..., :, None] * _ct(v), tol, "V^H A = diag(w) V^H")
    else:
        _close(ac @ v, v * w[..., None, :], tol, "A V = V diag(w)")
    _close(np.linalg.norm(v, axis=-2), np.ones(w.shape, np.finfo(v.dtype).dtype), tol, "unit columns")
    big = np.take_along_axis(v, np.argmax(np.abs(v), axis=-2)[..., None, :], axis=-2)
    assert np.all(big.imag == 0), "largest component real"
    if a.dtype.kind == "f":   # real input: real vectors for real eigenvalues, conjugate pairs
        real = w.imag == 0
        assert np.all(np.where(real[..., None, :], v.imag, 0) == 0)


@full_only
@pytest.mark.thin(2)
@pytest.mark.parametrize("dtype", DTYPES)
def test_eig(dtype):
    tol = _tol(dtype) * 10
    with _x64(dtype):
        a = _rand((2, 4, 4), dtype)
        prog = _import(jnp.linalg.eig, a)
        assert 'name = "shlo.linalg.eig"' in prog.text()
        want = [np.asarray(w) for w in jax.jit(jnp.linalg.eig)(a)]
        w, v = shlo.interpret(prog, a)
        assert (w.dtype, v.dtype, w.shape, v.shape) == (want[0].dtype, want[1].dtype, want[0].shape, want[1].shape)
        _match_eigenvalues(w, want[0], tol, "eigenvalues")
        _check_eigvecs(a, w, v, tol)
        back = shlo.deserialize(shlo.serialize(prog))
        assert back.text() == prog.text()
        text = shlo.to_stablehlo(prog)
        assert "stablehlo.custom_call" not in text
        if dtype == "float32":   # XLA compiles the QR loops slowly: f32 runs it
            xw, xv = run_xla(text, [a])
            _match_eigenvalues(xw, want[0], tol, "xla eigenvalues")
            _check_eigvecs(a, xw, xv, tol)


@full_only
@pytest.mark.thin(2)
@pytest.mark.parametrize("dtype", ["float64", "complex128", "complex64"])
def test_eig_left_and_eigvals(dtype):
    tol = _tol(dtype) * 10

    def fn(x):
        w, vl, vr = jax.lax.linalg.eig(x, compute_left_eigenvectors=True)
        return w, vl, vr, jnp.linalg.eigvals(x)

    with _x64(dtype):
        a = _rand((2, 5, 5), dtype)
        prog = _import(fn, a)
        text = prog.text()
        assert "compute_left_eigenvectors = true" in text and "compute_right_eigenvectors = false" in text
        want = [np.asarray(w) for w in jax.jit(fn)(a)]
        w, vl, vr, w2 = shlo.interpret(prog, a)
        _match_eigenvalues(w, want[0], tol, "eigenvalues")
        _match_eigenvalues(w2, want[3], tol, "eigvals")
        _check_eigvecs(a, w, vr, tol)
        _check_eigvecs(a, w, vl, tol, left=True)


def _check_schur(a, t, z, tol):
    n = a.shape[-1]
    _close(z @ t @ _ct(z), a, tol, "A = Z T Z^H")
    _close(_ct(z) @ z, np.broadcast_to(np.eye(n, dtype=z.dtype), z.shape), tol, "Z^H Z = I")
    if a.dtype.kind == "c":
        assert np.all(np.tril(t, -1) == 0), "T triangular"
        return
    assert np.all(np.tril(t, -2) == 0), "T quasi-triangular"
    sub = np.diagonal(t, -1, axis1=-2, axis2=-1)
    assert not np.any((sub[..., 1:] != 0) & (sub[..., :-1] != 0)), "2 x 2 blocks at most"
    for idx in zip(*np.nonzero(sub)):     # LAPACK's standard form of a 2 x 2 block
        *b, k = idx
        blk = t[tuple(b)][k:k + 2, k:k + 2]
        assert blk[0, 0] == blk[1, 1] and blk[0, 1] * blk[1, 0] < 0, blk


def _schur_eigenvalues(t):
    if t.dtype.kind == "c":
        return np.diagonal(t, axis1=-2, axis2=-1)
    return np.linalg.eigvals(t.astype(np.float64))   # (blocks: exact enough for the comparison)


@full_only
@pytest.mark.thin(2)
@pytest.mark.parametrize("dtype", DTYPES)
def test_schur(dtype):
    tol = _tol(dtype) * 10
    fn = jax.vmap(jsl.schur)
    with _x64(dtype):
        a = _rand((2, 5, 5), dtype)
        prog = _import(fn, a)
        assert 'name = "shlo.linalg.schur"' in prog.text()
        want = [np.asarray(w) for w in jax.jit(fn)(a)]
        t, z = shlo.interpret(prog, a)
        assert (t.dtype, z.dtype, t.shape) == (want[0].dtype, want[1].dtype, want[0].shape)
        _check_schur(a, t, z, tol)
        _match_eigenvalues(_schur_eigenvalues(t), _schur_eigenvalues(want[0]), tol, "Schur eigenvalues")
        back = shlo.deserialize(shlo.serialize(prog))
        assert back.text() == prog.text()
        text = shlo.to_stablehlo(prog)
        assert "stablehlo.custom_call" not in text
        if dtype == "float32":
            xt, xz = run_xla(text, [a])
            _check_schur(a, xt, xz, tol)


@full_only
def test_schur_without_vectors_and_eig_of_special_matrices():
    """mode N; triangular, diagonal, rotation (complex pairs only), huge (squares overflow f32),
    identity, 1 x 1 and 2 x 2 inputs."""
    a = np.stack([np.triu(_rand((4, 4), "float32")), np.diag([3., 1., 2., 5.]).astype(np.float32),
                  np.array([[0, -1, 0, 0], [1, 0, 0, 0], [0, 0, 0, -2], [0, 0, 2, 0]], np.float32),
                  _rand((4, 4), "float32") * np.float32(1e25), np.eye(4, dtype=np.float32)])
    fn = lambda x: jax.lax.linalg.schur(x, compute_schur_vectors=False)[0]  # noqa: E731
    prog = _import(fn, a)
    assert "compute_schur_vectors = false" in prog.text()
    (t,) = shlo.interpret(prog, a)
    _match_eigenvalues(_schur_eigenvalues(t), np.linalg.eigvals(a), 1e-5, "eigenvalues")
    w, v = shlo.interpret(_import(jnp.linalg.eig, a), a)
    _match_eigenvalues(w, np.linalg.eigvals(a), 1e-5, "eig eigenvalues")
    _check_eigvecs(a[:4], w[:4], v[:4], 1e-4)   # (the identity's eigenvectors are any basis)
    for n in (1, 2):
        b = _rand((2, n, n), "float32")
        w, v = shlo.interpret(_import(jnp.linalg.eig, b), b)
        _match_eigenvalues(w, np.linalg.eigvals(b), 1e-5, f"{n} x {n}")
        _check_eigvecs(b, w, v, 1e-4)


@pytest.mark.parametrize("fn, shape", [(jnp.linalg.eigh, (0, 0)), (jnp.linalg.eig, (3, 0, 0))])
def test_empty_matrices(fn, shape):
    """0 x 0 matrices (lax tests' degenerate shapes): empty results, info 0 (the algorithms
    could not slice them: ImportError)."""
    a = np.zeros(shape, np.float32)
    got = shlo.interpret(_import(fn, a), a)
    want = jax.tree_util.tree_leaves(fn(a))
    assert [g.shape for g in got] == [w.shape for w in want]
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, np.asarray(w))


def test_eig_info_on_non_finite_input():
    """info != 0 where the matrix is not finite: JAX's wrapper turns that element into NaNs."""
    a = _rand((2, 3, 3), "float32")
    a[1, 0, 1] = np.nan
    prog = _import(jnp.linalg.eig, a)
    # the decomposition is one simplified function (JAX's ~50 functions inlined: stablehlo_lapack._simplified)
    assert prog.text().count("func.func private") == 1 and "call @" not in prog.text()
    w, v = shlo.interpret(prog, a)
    assert np.all(np.isnan(w[1])) and np.all(np.isnan(v[1]))
    _match_eigenvalues(w[:1], np.linalg.eigvals(a[:1]), 1e-4, "finite element")


@full_only
@pytest.mark.parametrize("dtype", ["float32", "complex64"])
def test_simplified_bodies_are_bit_equal(dtype, monkeypatch):
    """The simplified eig / schur bodies give the unsimplified ones' bits, a NaN problem in the batch."""
    from shlo.importers import stablehlo_lapack as lapack
    a = _rand((4, 5, 5), dtype)
    a[2, 0, 1] = np.nan
    fns = (jnp.linalg.eig, jax.vmap(jsl.schur))
    got = [shlo.interpret(_import(f, a), a) for f in fns]
    monkeypatch.setattr(lapack, "_SIMPLIFIED", ())
    monkeypatch.setattr(lapack, "_LOWERED", {})
    for f, g in zip(fns, got):
        for x, y in zip(g, shlo.interpret(_import(f, a), a)):
            np.testing.assert_array_equal(x, y)


def test_balancing_is_lapacks():
    """eig balances as ?gebal scales (no permutation): D^-1 A D and D bit-equal to LAPACK's, also
    for entries spread over 8 decades; a NaN row is left as it is instead of never settling."""
    scipy_linalg = pytest.importorskip("scipy.linalg")
    from shlo.importers.stablehlo_lapack_eig import balance
    f = jax.jit(balance)
    rng = np.random.default_rng(3)
    for _ in range(4):
        a = (rng.standard_normal((5, 5)) * 10.0 ** rng.integers(-4, 5, (5, 5))).astype(np.float32)
        b, d = (np.asarray(x) for x in f(a))
        want_b, (want_d, _) = scipy_linalg.matrix_balance(a, permute=False, separate=True)
        np.testing.assert_array_equal(b, want_b)
        np.testing.assert_array_equal(d, want_d)
    a[1, 2] = np.nan
    b, d = (np.asarray(x) for x in f(a))
    assert np.isnan(b[1, 2]) and np.all(np.isfinite(d))


@full_only
def test_eig_order_is_lapacks():
    """Eigenvalues in LAPACK's order (the same sweeps: ?lahqr's shifts, deflation and start row
    after ?gebal's scaling), not only the same multiset, and LAPACK's eigenvectors up to their
    sign. The sign is not required: it comes from the Schur basis of the vector's block, which
    rounding decides (the last reflector of a sweep acts on rounding-level entries): in jaxlib
    itself, one ulp more in one input entry changes 12 of the 150 conjugate-pair vectors of 40
    random 6 x 6 f32 matrices (tools/stablehlo_eig_signs.py). Most signs are LAPACK's: at least
    4 of the 6 vector sets match whole. (Its own generator: drawn from the module's, the
    matrices depended on the tests run before it, and one selection drew a negated pair.)"""
    rng = np.random.default_rng(29)
    a = rng.standard_normal((6, 6, 6)).astype(np.float32)
    prog = _import(jnp.linalg.eig, a)
    want_w, want_v = (np.asarray(x) for x in jax.jit(jnp.linalg.eig)(a))
    w, v = shlo.interpret(prog, a)
    np.testing.assert_allclose(w, want_w, rtol=1e-4, atol=1e-4)
    close = lambda x, y: np.allclose(x, y, rtol=1e-3, atol=1e-3)  # noqa: E731
    for b in range(a.shape[0]):
        for j in range(a.shape[1]):
            assert close(v[b, :, j], want_v[b, :, j]) or close(v[b, :, j], -want_v[b, :, j]), (b, j)
    assert sum(close(v[b], want_v[b]) for b in range(a.shape[0])) >= 4


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_complex_eig_is_zgeevs(dtype):
    """Complex eig follows zgeev (?gebal's scaling, ?gehd2, zlahqr's sweeps): LAPACK's eigenvalue
    order and its vectors (unit norm, largest component real), not only the same multiset. Under
    jax.jit (the body alone, no import). A plain shifted QR without balancing gave another order
    in 7 of 50 random 6 x 6 complex64 matrices (3 of 50 complex128)."""
    from shlo.importers.stablehlo_lapack_eig import eig_complex
    ours = jax.jit(lambda x: eig_complex(x, True, True)[:3])
    lapack = jax.jit(lambda x: jax.lax.linalg.eig(x, compute_left_eigenvectors=True))
    rng = np.random.default_rng(11)
    tol = 2e-5 if dtype == "complex64" else 1e-11
    with _x64(dtype):
        for _ in range(12):
            a = (rng.standard_normal((6, 6)) + 1j * rng.standard_normal((6, 6))).astype(dtype)
            w, vl, vr = (np.asarray(x) for x in ours(a))
            want_w, want_vl, want_vr = (np.asarray(x) for x in lapack(a))
            np.testing.assert_allclose(w, want_w, rtol=tol, atol=tol)
            np.testing.assert_allclose(vr, want_vr, rtol=0, atol=10 * tol)
            np.testing.assert_allclose(vl, want_vl, rtol=0, atol=10 * tol)


def test_lanv2_is_lapacks():
    """The 2 x 2 standard form is ?lanv2's, bit for bit (its arithmetic, not only its rotation):
    random blocks and the special ones (c = 0, b = 0, equal diagonal with b c < 0, a real pair
    that splits). Eager (XLA's fusion would contract products and sums into fused multiply-adds)."""
    pytest.importorskip("scipy.linalg")
    from lapack_ctypes import lanv2
    from shlo.importers.stablehlo_lapack_eig import _lanv2
    rng = np.random.default_rng(4)
    blocks = list(rng.standard_normal((200, 4)).astype(np.float32))
    blocks += [np.float32([1, 2, 0, 3]), np.float32([1, 0, 2, 3]), np.float32([2, 1, -3, 2]),
               np.float32([2, 1, 3, 2]), np.float32([1, 1e-4, 1e-4, 1])]
    with jax.disable_jit():
        got = [np.asarray(x) for x in _lanv2(*(jnp.asarray(col) for col in np.array(blocks).T))]
    for i, blk in enumerate(blocks):
        a, b, c, d, *_, cs, sn = lanv2(*blk)
        assert [g[i] for g in got] == [a, b, c, d, cs, sn], (blk, [g[i] for g in got], (a, b, c, d, cs, sn))


def test_real_lahqr_is_lapacks():
    """On LAPACK's own Hessenberg form (sgehrd, sorghr), the real sweeps give shseqr's
    eigenvalues bit for bit: slahqr's shifts and start row, its 3-entry reflectors (?larfg, with
    OpenBLAS's snrm2) applied row by row in its order, ?lanv2's standard form. Eager, as above."""
    scipy_lapack = pytest.importorskip("scipy.linalg.lapack")
    from lapack_ctypes import hseqr
    from shlo.importers import stablehlo_lapack_eig as eig
    from shlo.interpreter.ops.openblas_order import kernels
    rng = np.random.default_rng(1)
    for _ in range(3):
        a = rng.standard_normal((5, 5)).astype(np.float32)
        hh, tau, _ = scipy_lapack.sgehrd(a)
        q, _ = scipy_lapack.sorghr(hh, tau)
        h = np.triu(hh, -1)
        want_t, want, want_z, _ = hseqr(h, q)
        with jax.disable_jit(), jax.enable_x64(True), pytest.MonkeyPatch.context() as mp:   # (as imported)
            mp.setattr(eig, "hessenberg", lambda x: (jnp.asarray(h), jnp.asarray(q)))
            t, z, _, _ = eig.real_schur(jnp.asarray(a))
            wr, wi = eig.real_eigenvalues(t)
        np.testing.assert_array_equal(np.asarray(wr) + 1j * np.asarray(wi), want)
        # and the Schur form and vectors too (?rot in OpenBLAS's order on AVX-512 kernels)
        if kernels() == "avx512":
            np.testing.assert_array_equal(np.asarray(t), np.triu(want_t, -1))
            np.testing.assert_array_equal(np.asarray(z), want_z)


def test_complex_lahqr_is_lapacks():
    """On LAPACK's own Hessenberg form (cgehrd, cunghr), the complex sweeps give chseqr's
    eigenvalues bit for bit: zlahqr's arithmetic with gfortran's complex products, glibc's csqrt
    and cabs, ?ladiv, OpenBLAS's cscal (stablehlo_lapack_carith). Eager, as above."""
    scipy_lapack = pytest.importorskip("scipy.linalg.lapack")
    from lapack_ctypes import hseqr
    from shlo.importers import stablehlo_lapack_eig as eig
    rng = np.random.default_rng(1)
    for _ in range(2):
        a = (rng.standard_normal((5, 5)) + 1j * rng.standard_normal((5, 5))).astype(np.complex64)
        hh, tau, _ = scipy_lapack.cgehrd(a)
        q, _ = scipy_lapack.cunghr(hh, tau)
        h = np.triu(hh, -1)
        _, want, _, _ = hseqr(h, q)
        with jax.disable_jit(), jax.enable_x64(True):
            t, _, _ = eig._complex_lahqr(jnp.asarray(h), jnp.asarray(q))
        np.testing.assert_array_equal(np.diagonal(np.asarray(t)), want)


def test_gehd2_is_openblas_sgehrd():
    """Real f32 eig's Hessenberg reduction is scipy's sgehrd bit for bit (sgehd2 with OpenBLAS's
    AVX-512 sgemv / sger orders; stablehlo_lapack_gehd2), its Q sorghr's, complex64's cgehrd /
    cunghr, so that eig's f32 eigenvalues are
    LAPACK's bits: checked end to end on a 5 x 5 against jax's eigvals. Eager, as above. On
    other kernels the modelled order is not used."""
    scipy_lapack = pytest.importorskip("scipy.linalg.lapack")
    from shlo.importers import stablehlo_lapack_gehd2 as gehd2
    from shlo.interpreter.ops.openblas_order import kernels
    if kernels() != "avx512":
        assert not gehd2.applies(5, np.float32)
        return
    rng = np.random.default_rng(8)
    with jax.disable_jit(), jax.enable_x64(True):
        for n in ((3, 4, 5, 6) if FULL else (3, 5)):
            for _ in range(5 if FULL else 1):
                a = rng.standard_normal((n, n)).astype(np.float32)
                want, taus, _ = scipy_lapack.sgehrd(a)
                h, q = gehd2.gehd2(jnp.asarray(a))
                np.testing.assert_array_equal(np.asarray(h), np.triu(want, -1))
                np.testing.assert_array_equal(np.asarray(q), scipy_lapack.sorghr(want, taus)[0])
                # complex64: cgehd2 (with zlahqr's arithmetic, test_complex_lahqr_is_lapacks, eig's
                # complex64 eigenvalues are LAPACK's bits too)
                c = (a + 1j * rng.standard_normal((n, n))).astype(np.complex64)
                want, taus, _ = scipy_lapack.cgehrd(c)
                h, q = gehd2.cgehd2(jnp.asarray(c))
                np.testing.assert_array_equal(np.asarray(h), np.triu(want, -1))
                np.testing.assert_array_equal(np.asarray(q), scipy_lapack.cunghr(want, taus)[0])
    # end to end through shlo (import + interpret: eager dispatch of the whole eig body is slow)
    a = rng.standard_normal((5, 5)).astype(np.float32)
    got = shlo.interpret(shlo.from_jax(jnp.linalg.eigvals, a), a)[0]
    np.testing.assert_array_equal(np.asarray(got), np.asarray(jax.jit(jnp.linalg.eigvals)(a)))


def test_schur_is_lapacks_bits():
    """With the reduction (?gehd2, ?orghr / ?unghr) and the sweeps in LAPACK's order, the Schur
    form and vectors of an f32 and a complex64 5 x 5 are jax's (sgees / cgees) bit for bit.
    Eager, as above; on other kernels only the eigenvalues' multiset is asked for."""
    from shlo.importers import stablehlo_lapack_eig as eig
    from shlo.interpreter.ops.openblas_order import kernels
    rng = np.random.default_rng(2)
    for dtype, body in (("float32", eig.schur_real), ("complex64", eig.schur_complex)):
        a = rng.standard_normal((5, 5)) + (1j * rng.standard_normal((5, 5)) if dtype == "complex64" else 0)
        a = a.astype(dtype)
        want_t, want_z = (np.asarray(x) for x in jax.jit(jsl.schur)(a))
        with jax.disable_jit(), jax.enable_x64(True):
            t, z = (np.asarray(x) for x in body(jnp.asarray(a), True)[:2])
        if kernels() == "avx512":
            np.testing.assert_array_equal(t, want_t)
            np.testing.assert_array_equal(z, want_z)
        else:
            _match_eigenvalues(_schur_eigenvalues(t), _schur_eigenvalues(want_t), 1e-4, dtype)


def test_schur_sort_is_refused():
    a = _rand((3, 3), "float32")
    text = jax.jit(jsl.schur).lower(a).as_text().replace("sort = 78 : ui8", "sort = 83 : ui8")
    from shlo.importers.stablehlo import from_stablehlo
    with pytest.raises(shlo.ImportError, match="sort = 'S'"):
        from_stablehlo(text)


@full_only
def test_eig_compiled():
    """shlo.compile runs the eig and schur composites through their decompositions."""
    a = _rand((2, 4, 4), "float32")

    def fn(a):
        return jnp.linalg.eigvals(a), jax.vmap(jsl.schur)(a)[0]

    prog = _import(fn, a)
    w, t = (np.asarray(x) for x in shlo.compile(prog)(a))
    _match_eigenvalues(w, np.linalg.eigvals(a), 1e-4, "compiled eigvals")
    _match_eigenvalues(_schur_eigenvalues(t), np.linalg.eigvals(a), 1e-4, "compiled schur")


@pytest.mark.parametrize("dtype", ["float32"] + (["complex64"] if FULL else []))
def test_schur_of_triangular_matrix_is_itself(dtype):
    """As LAPACK: an upper triangular input is its own Schur form, with Z = I exactly."""
    a = np.triu(_rand((2, 4, 4), dtype))
    t, z = shlo.interpret(_import(jax.vmap(jsl.schur), a), a)
    np.testing.assert_array_equal(t, a)
    np.testing.assert_array_equal(z, np.broadcast_to(np.eye(4, dtype=dtype), z.shape))
    # already Hessenberg: the reduction leaves it alone (a reflector of a vector that is already
    # real beta e_p is the identity, as ?larfg, rather than flipping a row's and a column's signs)
    from shlo.importers.stablehlo_lapack_eig import hessenberg
    hess = np.triu(_rand((5, 5), dtype)) + np.diag(np.arange(1, 5), -1).astype(dtype)   # (real subdiagonal)
    h, q = jax.jit(hessenberg)(hess)
    np.testing.assert_array_equal(np.asarray(h), hess)
    np.testing.assert_array_equal(np.asarray(q), np.eye(5, dtype=dtype))


@full_only
@pytest.mark.parametrize("dtype", ["float64", "complex128"])
def test_eig_info_when_sweeps_run_out(dtype, monkeypatch):
    """info = LAPACK's 1-based index of the last unconverged row when the sweep cap is reached."""
    from shlo.importers import stablehlo_lapack_eig as eig
    a = _rand((6, 6), dtype)
    body = eig.eig_complex if dtype == "complex128" else eig.eig_real
    with _x64(dtype):
        # (info = 0 at the usual cap: test_eig's eigenvalues, which JAX's wrapper would make NaN)
        if FULL:
            info = jax.jit(lambda x: body(x, False, True)[-1])(a)
            assert int(info) == 0
        monkeypatch.setattr(eig, "SWEEPS_PER_ROW", 0)   # (a cap of 0 sweeps: nothing converges)
        info = jax.jit(lambda x: body(x, False, True)[-1])(a)
        assert int(info) == 6
        if FULL:     # (each cap is an XLA compile of the whole loop)
            monkeypatch.setattr(eig, "SWEEPS_PER_ROW", 0.2)  # 2 sweeps: the bottom rows at most
            info = jax.jit(lambda x: body(x, False, True)[-1])(a)
            assert 1 <= int(info) <= 6
