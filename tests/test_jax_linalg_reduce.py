"""Hessenberg and tridiagonal reductions from JAX import as portable shlo (stablehlo_lapack_reduce).

`lapack_?gehrd_ffi` -> `shlo.linalg.hessenberg`; `lapack_?sytrd_ffi` / `lapack_?hetrd_ffi` and the
GPU kernels `cusolver_sytrd_ffi` / `hipsolver_sytrd_ffi` -> `shlo.linalg.tridiagonal`. Checked on
JAX's own backward-compatibility corpus (programs exported on CPU, CUDA and ROCm with the outputs
the exporting platform computed), on programs exported here with jax.export, and against LAPACK's
raw outputs (XLA running the original custom call): every output to rounding, `info` exactly, and
the defining equations (A = Q H Q^H, A = Q T Q^H with Q built from the returned reflectors).
"""
from __future__ import annotations

import importlib
import re

import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl
import numpy as np
import pytest

import shlo
from jax._src.internal_test_util import export_back_compat_test_data as corpus

from test_jax_import import run_xla
from test_jax_linalg import _raw_call
from linalg_checks import close

RNG = np.random.default_rng(23)
MODULES = {   # corpus module -> (its data variable, the custom call target of each data set)
    "cpu_hessenberg_lapack_gehrd": ("data_2024_08_31", {"f32": "lapack_sgehrd_ffi", "f64": "lapack_dgehrd_ffi",
                                                        "c64": "lapack_cgehrd_ffi", "c128": "lapack_zgehrd_ffi"}),
    "cpu_tridiagonal_lapack_sytrd_hetrd": ("data_2024_12_01", {
        "f32": "lapack_ssytrd_ffi", "f64": "lapack_dsytrd_ffi", "c64": "lapack_chetrd_ffi", "c128": "lapack_zhetrd_ffi"}),
    "cuda_tridiagonal_cusolver_sytrd": ("data_2025_01_09", dict.fromkeys(("f32", "f64", "c64", "c128"),
                                                                         "cusolver_sytrd_ffi")),
    "rocm_tridiagonal_hipsolver_sytrd": ("data_2026_02_04", dict.fromkeys(("f32", "f64", "c64", "c128"),
                                                                          "hipsolver_sytrd_ffi")),
}
CASES = [(m, k) for m, (_, targets) in MODULES.items() for k in targets]


def _data(module, key):
    return getattr(importlib.import_module(f"{corpus.__name__}.{module}"), MODULES[module][0])[key]


def _tol(dtype):
    return 1e-12 if np.dtype(dtype) in (np.float64, np.complex128) else 2e-5


def _close(got, want, tol, what):
    close(got, want, tol, what, rtol=0)


def _rand(shape, dtype):
    x = RNG.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        x = x + 1j * RNG.standard_normal(shape)
    return x.astype(dtype)


def _reflector(v, tau):
    return np.eye(len(v), dtype=v.dtype) - tau * np.outer(v, np.conj(v))


def _check_hessenberg(a, h, taus, tol, ilo=1, ihi=None):
    """A = Q H Q^H, Q = H(ilo) ... H(ihi - 1) unitary, H upper Hessenberg (a single matrix)."""
    n = a.shape[-1]
    ihi = n if ihi is None else ihi
    q = np.eye(n, dtype=a.dtype)
    for j in range(ilo - 1, ihi - 1):
        v = np.zeros(n, a.dtype)
        v[j + 1] = 1
        v[j + 2:ihi] = h[j + 2:ihi, j]
        q = q @ _reflector(v, taus[j])
    hh = np.triu(h, -1)
    scale = max(1.0, np.abs(a).max())
    np.testing.assert_allclose(q @ hh @ q.conj().T, a, atol=tol * 10 * scale, rtol=0)
    np.testing.assert_allclose(q.conj().T @ q, np.eye(n), atol=tol * 10, rtol=0)


def _check_tridiagonal(a, out, d, e, taus, lower, tol):
    """A = Q T Q^H with T = tridiag(e, d, e), Q from the reflectors in `out`'s `lower` triangle,
    whose diagonal is d and next diagonal e; the other triangle keeps A's."""
    n = a.shape[-1]
    q = np.eye(n, dtype=a.dtype)
    for i in range(n - 1):
        v = np.zeros(n, a.dtype)
        if lower:
            v[i + 1] = 1
            v[i + 2:] = out[i + 2:, i]
            q = q @ _reflector(v, taus[i])
        else:                                     # Q = H(n-1) ... H(1): column i + 1 above row i
            v[i] = 1
            v[:i] = out[:i, i + 1]
            q = _reflector(v, taus[i]) @ q
    t = np.diag(d).astype(a.dtype) + np.diag(e, -1) + np.diag(e, 1)
    tri = np.tril(a, -1) if lower else np.triu(a, 1)
    herm = tri + tri.conj().T + np.diag(np.real(np.diagonal(a)))
    scale = max(1.0, np.abs(a).max())
    np.testing.assert_allclose(q @ t @ q.conj().T, herm, atol=tol * 10 * scale, rtol=0)
    np.testing.assert_allclose(q.conj().T @ q, np.eye(n), atol=tol * 10, rtol=0)
    np.testing.assert_array_equal(np.diagonal(out), d.astype(a.dtype))
    np.testing.assert_array_equal(np.diagonal(out, -1 if lower else 1), e.astype(a.dtype))
    other = np.triu(np.ones((n, n), bool), 1) if lower else np.tril(np.ones((n, n), bool), -1)
    np.testing.assert_array_equal(out[other], a[other])


def _input_of(text, target):
    """The matrix a corpus CPU program passes to `target` (a constant in its main)."""
    operand = re.search(rf"custom_call @{target}\((%\w+)\)", text).group(1)
    line = re.search(rf"^\s*{operand} = (stablehlo\.constant .*) : (tensor<\S*>)(?:\s+loc\(.*\))?$", text, re.M)
    prog = shlo.from_stablehlo(f"func.func public @main() -> {line.group(2)} {{\n"
                               f"  %c = {line.group(1)} : {line.group(2)}\n  return %c : {line.group(2)}\n}}\n")
    return np.asarray(shlo.interpret(prog)[0])


@pytest.mark.parametrize("module, key", CASES)
def test_corpus(module, key):
    """Each data set imports (no custom call left), verifies and interprets to the outputs the
    exporting platform computed; the raw call's outputs satisfy the defining equations, info = 0."""
    data = _data(module, key)
    target = MODULES[module][1][key]
    prog = shlo.from_stablehlo(data["mlir_module_text"])
    text = prog.text()
    assert "custom_call" not in text
    name = "shlo.linalg.hessenberg" if "gehrd" in target else "shlo.linalg.tridiagonal"
    assert f'name = "{name}"' in text
    got = shlo.interpret(prog, *data["inputs"])
    want = data["expected_outputs"]
    assert len(got) == len(want)
    tol = _tol(want[0].dtype)
    for i, (g, w) in enumerate(zip(got, want)):
        _close(g, w, tol, f"{module}[{key}] output {i}")
    a = data["inputs"][0] if data["inputs"] else _input_of(data["mlir_module_text"], target)
    raw = _raw_call(re.sub(r"\s+loc\(.*\)$", "", data["mlir_module_text"], flags=re.M), target)
    outs = [np.asarray(o) for o in shlo.interpret(shlo.from_stablehlo(raw), a)]
    np.testing.assert_array_equal(outs[-1], np.zeros(a.shape[:-2], np.int32))
    for b in range(a.shape[0]):
        if "gehrd" in target:
            _check_hessenberg(a[b], outs[0][b], outs[1][b], tol)
        else:
            _check_tridiagonal(a[b], outs[0][b], outs[1][b], outs[2][b], outs[3][b], True, tol)


ONE_PER_TARGET = [("cpu_hessenberg_lapack_gehrd", "f32"), ("cpu_tridiagonal_lapack_sytrd_hetrd", "f64"),
                  ("cpu_tridiagonal_lapack_sytrd_hetrd", "c64"), ("cuda_tridiagonal_cusolver_sytrd", "c128"),
                  ("rocm_tridiagonal_hipsolver_sytrd", "f32")]


@pytest.mark.parametrize("module, key", ONE_PER_TARGET)
def test_corpus_bytecode_and_round_trip(module, key):
    """One program per target from its bytecode (mlir_module_serialized): the same outputs; it
    round-trips through serialize / deserialize, and to_stablehlo writes a program without custom
    calls that XLA CPU runs to the same outputs (the GPU programs included)."""
    data = _data(module, key)
    prog = shlo.from_stablehlo(data["mlir_module_serialized"])
    got = shlo.interpret(prog, *data["inputs"])
    for i, (g, w) in enumerate(zip(got, data["expected_outputs"])):
        _close(g, w, _tol(w.dtype), f"bytecode output {i}")
    back = shlo.deserialize(shlo.serialize(prog))
    assert back.text() == prog.text()
    text = shlo.to_stablehlo(prog)
    assert "custom_call" not in text
    with jax.enable_x64(True):
        xla = run_xla(text, list(data["inputs"]))
    for i, (x, g) in enumerate(zip(xla, got)):
        _close(x, g, _tol(g.dtype), f"xla output {i}")


def test_compiled():
    """shlo.compile runs both composites through their bodies (one hessenberg and one upper
    tridiagonal program, complex64)."""
    a = _rand((2, 4, 4), "complex64")
    for fn in (jax.vmap(jsl.hessenberg), lambda x: jax.lax.linalg.tridiagonal(x, lower=False)):
        prog = _exported(fn, a)
        want = [np.asarray(w) for w in jax.tree_util.tree_leaves(fn(a))]
        for i, (g, w) in enumerate(zip(shlo.compile(prog)(a), want)):
            _close(np.asarray(g), w, _tol("complex64"), f"compiled output {i}")


def _exported(fn, *args):
    exp = jax.export.export(jax.jit(fn), platforms=["cpu"])(*args)
    prog = shlo.from_stablehlo(exp.mlir_module())
    assert "custom_call" not in prog.text()
    return prog


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64"])
def test_exported_hessenberg(dtype):
    """jax.scipy.linalg.hessenberg (calc_q False and True), batched: the same outputs as JAX (LAPACK)."""
    a = _rand((3, 5, 5), dtype)
    tol = _tol(dtype)
    with jax.enable_x64(dtype == "float64"):
        for calc_q in (False, True):
            fn = jax.vmap(lambda x: jsl.hessenberg(x, calc_q=calc_q))
            prog = _exported(fn, a)
            want = [np.asarray(w) for w in jax.tree_util.tree_leaves(fn(a))]
            got = shlo.interpret(prog, a)
            for i, (g, w) in enumerate(zip(got, want)):
                _close(g, w, tol, f"hessenberg calc_q={calc_q} output {i}")
            if calc_q:
                h, q = got
                np.testing.assert_allclose(q @ h @ np.conj(np.swapaxes(q, -1, -2)), a, atol=tol * 50, rtol=0)


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64"])
def test_exported_tridiagonal(dtype):
    """jax.lax.linalg.tridiagonal, batched, lower and upper: JAX's outputs (LAPACK) to rounding, and
    the defining equations."""
    a = _rand((2, 5, 5), dtype)
    tol = _tol(dtype)
    with jax.enable_x64(dtype == "float64"):
        for lower in (True, False):
            fn = lambda x: jax.lax.linalg.tridiagonal(x, lower=lower)  # noqa: E731
            prog = _exported(fn, a)
            want = [np.asarray(w) for w in fn(a)]
            got = [np.asarray(g) for g in shlo.interpret(prog, a)]
            for i, (g, w) in enumerate(zip(got, want)):
                _close(g, w, tol, f"tridiagonal lower={lower} output {i}")
            for b in range(a.shape[0]):
                _check_tridiagonal(a[b], *(g[b] for g in got), lower, tol)


def test_blocked_sizes():
    """n = 40, where LAPACK's ?sytrd / ?hetrd take their blocked path (panels of 32): the same
    outputs to rounding, lower and upper, f64 and c128. The blocked upper path leaves the imaginary
    part of a[n-1, n-1] as the input's (LAPACK's panel routine makes only the other diagonal
    entries real); shlo's diagonal is d, real: that one entry is compared by its real part."""
    n = 40
    for dtype in ("float64", "complex128"):
        a = _rand((1, n, n), dtype)
        with jax.enable_x64(True):
            for lower in (True, False):
                fn = lambda x: jax.lax.linalg.tridiagonal(x, lower=lower)  # noqa: E731
                want = [np.array(w) for w in fn(a)]
                got = [np.asarray(g) for g in shlo.interpret(_exported(fn, a), a)]
                if dtype == "complex128" and not lower:
                    assert want[0][0, n - 1, n - 1] == a[0, n - 1, n - 1] and np.imag(a[0, n - 1, n - 1]) != 0
                    assert np.imag(got[0][0, n - 1, n - 1]) == 0
                    want[0][0, n - 1, n - 1] = np.real(want[0][0, n - 1, n - 1])
                for i, (g, w) in enumerate(zip(got, want)):
                    _close(g, w, 1e-13, f"n = {n} {dtype} lower={lower} output {i}")
                _check_tridiagonal(a[0], *(g[0] for g in got), lower, 1e-13)


def test_raw_calls_are_lapacks():
    """The raw custom calls (every output, info included) against XLA running LAPACK's own: gehrd
    with ilo / ihi other than JAX's 1 / n (rows and columns outside them untouched, tau 0 there),
    ?hetrd upper on a matrix whose first reflector is the identity (x = 0, alpha real: tau 0) and
    one whose alpha is complex with x = 0 (tau nonzero), and n = 1."""
    a = _rand((2, 6, 6), "complex64")
    a[0, 2:, 0] = 0                               # ilo = 2: A upper triangular in column 0 ...
    a[0, 5, :5] = 0                               # ... and ihi = 5 in row 5 (matrix 1: not, as
    #                                               LAPACK assumes; it leaves them as they are)
    text = jax.jit(jax.vmap(jsl.hessenberg)).lower(a).as_text()
    raw = _raw_call(text, "lapack_cgehrd_ffi").replace("high = 6 : i32, low = 1 : i32", "high = 5 : i32, low = 2 : i32")
    assert "low = 2" in raw
    want = run_xla(raw, [a])
    got = shlo.interpret(shlo.from_stablehlo(raw), a)
    for i, (g, w) in enumerate(zip(got, want)):
        _close(g, w, _tol("complex64"), f"gehrd ilo 2 ihi 5 output {i}")
    np.testing.assert_array_equal(np.asarray(got[1])[:, [0, 4]], 0)
    _check_hessenberg(a[0], np.asarray(got[0])[0], np.asarray(got[1])[0], _tol("complex64"), 2, 5)

    h = _rand((3, 4, 4), "complex64")
    h = (h + np.conj(np.swapaxes(h, -1, -2))) / 2
    h[0, :2, 3] = 0                               # upper: column 3 above row 2 zero, h[2, 3] real
    h[0, 2, 3] = 1.5
    h[1, :2, 3] = 0                               # ... and h[2, 3] complex
    for lower, target in ((False, "lapack_chetrd_ffi"), (True, "lapack_chetrd_ffi")):
        text = jax.jit(lambda x: jax.lax.linalg.tridiagonal(x, lower=lower)).lower(h).as_text()
        raw = _raw_call(text, target)
        want = run_xla(raw, [h])
        got = shlo.interpret(shlo.from_stablehlo(raw), h)
        for i, (g, w) in enumerate(zip(got, want)):
            _close(g, w, _tol("complex64"), f"hetrd lower={lower} output {i}")
        if not lower:                             # H(3) = I for matrix 0, not for matrix 1
            assert want[3][0, 2] == 0 and np.asarray(got[3])[0, 2] == 0
            assert want[3][1, 2] != 0 and np.asarray(got[3])[1, 2] != 0
    one = _rand((2, 1, 1), "float64")
    with jax.enable_x64(True):
        text = jax.jit(jax.lax.linalg.tridiagonal).lower(one).as_text()
        raw = _raw_call(text, "lapack_dsytrd_ffi")
        want = run_xla(raw, [one])
    for i, (g, w) in enumerate(zip(shlo.interpret(shlo.from_stablehlo(raw), one), want)):
        _close(g, w, 0, f"1 x 1 sytrd output {i}")


@pytest.mark.parametrize("target, old, new, message", [
    ("lapack_sgehrd_ffi", "low = 1 : i32", "low = 0 : i32", "lapack_sgehrd_ffi: low = 0, high = 4"),
    ("lapack_sgehrd_ffi", "high = 4 : i32", "high = 5 : i32", "lapack_sgehrd_ffi: low = 1, high = 5"),
    ("lapack_ssytrd_ffi", "uplo = 76 : ui8", "uplo = 88 : ui8", "lapack_ssytrd_ffi: uplo = 'X'"),
    ("cusolver_sytrd_ffi", "lower = true", "lower = 1 : i32", "cusolver_sytrd_ffi: lower = 1 is not a bool"),
])
def test_unsupported_attributes_are_refused(target, old, new, message):
    """An attribute value outside what the routine accepts is an ImportError naming the target."""
    module = next(m for m, (_, t) in MODULES.items() if target in t.values())
    text = _data(module, "f32")["mlir_module_text"]
    assert old in text
    with pytest.raises(shlo.ImportError, match=re.escape(message)):
        shlo.from_stablehlo(text.replace(old, new))


@pytest.mark.parametrize("target, operand, results, message", [
    ("lapack_sgehrd_ffi", "tensor<2x4x3xf32>", "tensor<2x4x3xf32>, tensor<2x3xf32>, tensor<2xi32>",
     "operand of shape [2, 4, 3] is not a square matrix"),
    ("lapack_sgehrd_ffi", "tensor<2x4x4xi32>", "tensor<2x4x4xi32>, tensor<2x3xi32>, tensor<2xi32>",
     "element type i32 is not f32, f64, complex<f32> or complex<f64>"),
    ("cusolver_sytrd_ffi", "tensor<2x4x4xf32>",
     "tensor<2x4x4xf32>, tensor<2x4xf32>, tensor<2x3xf32>, tensor<2x4xf32>, tensor<2xi32>",
     "results ['tensor<2x4x4xf32>', 'tensor<2x4xf32>', 'tensor<2x3xf32>', 'tensor<2x4xf32>', 'tensor<2xi32>'] "
     "are not the expected"),
])
def test_unsupported_calls_are_refused(target, operand, results, message):
    """A hand-written call on a matrix the routine cannot take, or with results other than its
    outputs, is an ImportError naming the target."""
    config = "high = 4 : i32, low = 1 : i32" if "gehrd" in target else "lower = true"
    text = (f"func.func public @main(%a: {operand}) -> {operand} {{\n"
            f"  %0:{results.count('tensor')} = stablehlo.custom_call @{target}(%a) "
            f"{{mhlo.backend_config = {{{config}}}}} : ({operand}) -> ({results})\n"
            f"  return %0#0 : {operand}\n}}\n")
    with pytest.raises(shlo.ImportError, match=re.escape(f"{target}: {message}")):
        shlo.from_stablehlo(text)
