"""JAX programs exported on NVIDIA / AMD GPUs import and run anywhere (stablehlo_gpu_solvers).

JAX's own backward-compatibility corpus (jax._src.internal_test_util.export_back_compat_test_data)
holds programs exported on CUDA and ROCm with their inputs and the outputs the GPU computed.
Every such program whose custom calls shlo raises is imported (text and bytecode), verified and
interpreted here, and its outputs are matched with the GPU's: integers (pivots, permutations,
threefry's bits) exactly, floats within a tolerance for the dtype (the GPU's algorithms round
differently), eigenvectors and singular vectors (defined up to sign / phase) through their
defining equations. One program per target also round-trips through shlo.serialize /
deserialize and through to_stablehlo, whose text jaxlib parses and XLA (CPU) runs to the same
outputs. Calls with attributes or shapes the rules do not support are refused by name.
"""
from __future__ import annotations

import functools
import importlib
import pkgutil
import re

import numpy as np
import pytest

import shlo
from shlo.errors import ImporterError
from shlo.importers.stablehlo_gpu_solvers import RULES

from test_jax_import import run_xla

CORPUS = "jax._src.internal_test_util.export_back_compat_test_data"


def _walk(value, key=""):
    if isinstance(value, dict) and "mlir_module_text" in value:
        yield key, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _walk(v, f"{key}[{k}]")


@functools.lru_cache(maxsize=None)
def _corpus() -> dict:
    """{'module.data_...[key]': data} for every GPU data set whose targets are all raised here."""
    pkg = importlib.import_module(CORPUS)
    out = {}
    for info in pkgutil.iter_modules(pkg.__path__):
        if not re.match(r"(cuda|rocm|gpu)_", info.name):
            continue
        module = importlib.import_module(f"{CORPUS}.{info.name}")
        for var, value in vars(module).items():
            if var.startswith("data_"):
                for key, data in _walk(value):
                    if set(data["custom_call_targets"]) <= set(RULES):
                        out[f"{info.name}.{var}{key}"] = data
    return out


def _names():
    try:
        return sorted(_corpus())
    except ImportError:   # a jax without its corpus: the coverage test below fails instead
        return []


def test_the_corpus_is_covered():
    """Every GPU solver target this jax's corpus uses, bar sytrd (shlo's own rule elsewhere), is raised."""
    names = _corpus()
    targets = {t for d in names.values() for t in d["custom_call_targets"]}
    assert {"cusolver_potrf_ffi", "hipsolver_potrf_ffi", "cusolver_getrf_ffi", "hipsolver_getrf_ffi",
            "cusolver_geqrf_ffi", "hipsolver_geqrf_ffi", "cusolver_orgqr_ffi", "hipsolver_orgqr_ffi",
            "cusolver_syevd_ffi", "hipsolver_syevd_ffi", "hipsolver_syevd", "hipsolver_syevj",
            "cusolver_gesvd_ffi", "cusolver_gesvdj_ffi", "hipsolver_gesvd_ffi", "hipsolver_gesvdj_ffi",
            "hipsolver_gesdd_ffi", "cu_lu_pivots_to_permutation", "hip_lu_pivots_to_permutation",
            "cu_threefry2x32_ffi", "hip_threefry2x32_ffi", "cusparse_gtsv2_ffi"} <= targets
    assert len(names) >= 50


def _tol(dtype) -> float:
    return 1e-10 if np.dtype(dtype) in (np.float64, np.complex128) else 2e-5


def _close(got, want, what, scale=None):
    got, want = np.asarray(got), np.asarray(want)
    assert got.shape == want.shape and got.dtype == want.dtype, (what, got.shape, got.dtype, want.shape, want.dtype)
    if want.dtype.kind in "biu":
        np.testing.assert_array_equal(got, want, err_msg=what)
        return
    tol = _tol(want.dtype)
    if scale is None:
        scale = max(1.0, float(np.max(np.abs(want)))) if want.size else 1.0
    np.testing.assert_allclose(got, want, rtol=tol, atol=tol * scale, err_msg=what)


def _ct(x):
    return np.conj(np.swapaxes(x, -1, -2))


def _eye_like(x):
    return np.broadcast_to(np.eye(x.shape[-1], dtype=x.dtype), x.shape)


def _check(name, data, outs):
    want = [np.asarray(w) for w in data["expected_outputs"]]
    outs = [np.asarray(o) for o in outs]
    assert len(outs) == len(want), name
    if "_eigh_" in name:        # (V, w) of a Hermitian A: A = V_gpu diag(w_gpu) V_gpu^H
        (v, w), (ve, we) = outs, want
        scale = max(1.0, float(np.max(np.abs(we))))
        a = (ve * we[..., None, :].astype(ve.dtype)) @ _ct(ve)
        _close(w, we, f"{name} eigenvalues", scale)
        _close(a @ v, v * w[..., None, :].astype(v.dtype), f"{name} A V = V diag(w)", scale * 10)
        _close(_ct(v) @ v, _eye_like(v), f"{name} V^H V = I", 10)
    elif "_svd_" in name:       # (U, s, V^H) of the input
        (u, s, vh), (ue, se, vhe) = outs, want
        a = np.asarray(data["inputs"][0])
        scale = max(1.0, float(np.max(se)))
        _close(s, se, f"{name} singular values", scale)
        _close((u * s[..., None, :].astype(u.dtype)) @ vh, a, f"{name} U S V^H = A", scale * 10)
        _close(_ct(u) @ u, _eye_like(u), f"{name} U^H U = I", 10)
        _close(vh @ _ct(vh), _eye_like(vh), f"{name} V^H V = I", 10)
    else:                       # unique results (LU, QR, Cholesky, permutations, solves, bits)
        for i, (o, e) in enumerate(zip(outs, want)):
            if "threefry" in name:   # random bits made floats: bit for bit
                np.testing.assert_array_equal(o.view(np.uint8), e.view(np.uint8), err_msg=name)
            _close(o, e, f"{name} output {i}")


@pytest.mark.parametrize("name", _names())
def test_gpu_export_runs_anywhere(name):
    data = _corpus()[name]
    prog = shlo.from_stablehlo(data["mlir_module_text"])
    text = prog.text()
    assert "custom_call" not in text
    _check(name, data, shlo.interpret(prog, *data["inputs"]))


def _one_per_target() -> list:
    """The first data set (text order) that uses each raised target."""
    seen, out = set(), []
    for name in _names():
        new = set(_corpus()[name]["custom_call_targets"]) - seen
        if new:
            seen |= new
            out.append(name)
    return out


@pytest.mark.parametrize("name", _one_per_target())
def test_bytecode_serialize_and_xla(name):
    """The bytecode export imports to the same program; shlo.serialize keeps it; to_stablehlo
    writes text that XLA runs to the GPU's outputs."""
    data = _corpus()[name]
    prog = shlo.from_stablehlo(data["mlir_module_text"])
    assert shlo.from_stablehlo(data["mlir_module_serialized"]).text() == prog.text()
    back = shlo.deserialize(shlo.serialize(prog))
    assert back.text() == prog.text()
    text = shlo.to_stablehlo(prog)
    assert "custom_call" not in text
    import jax
    with jax.enable_x64(True):   # (device_put keeps f64 / c128 inputs only under x64)
        outs = run_xla(text, [np.asarray(x) for x in data["inputs"]])
    _check(name, data, outs)


# --------------------------------------------------------------------------
# what the corpus does not show
# --------------------------------------------------------------------------

def _call_program(target, operand_types, result_types, attrs, args=None) -> str:
    args = args or ", ".join(f"%arg{i}" for i in range(len(operand_types)))
    params = ", ".join(f"%arg{i}: {t}" for i, t in enumerate(operand_types))
    results = ", ".join(result_types)
    names = ", ".join(f"%0#{i}" for i in range(len(result_types))) if len(result_types) > 1 else "%0"
    return (f"func.func @main({params}) -> ({results}) {{\n"
            f"  %0{':' + str(len(result_types)) if len(result_types) > 1 else ''} = stablehlo.custom_call "
            f"@{target}({args}) {{{attrs}}} : ({', '.join(operand_types)}) -> ({results})\n"
            f"  return {names} : {results}\n}}")


def _svd_program(target, m, n, full, uv, transposed=False, elem="f32"):
    k = min(m, n)
    u = f"tensor<{m}x{m if full else k}x{elem}>"
    vt = f"tensor<{n if full else k}x{n}x{elem}>"
    if target.endswith("gesvdj_ffi"):
        u, vt = u, f"tensor<{n}x{n if full else k}x{elem}>"
    elif not uv:
        u = vt = f"tensor<{elem}>"
    elif transposed:
        u, vt = vt, u
    real = elem[len("complex<"):-1] if elem.startswith("complex") else elem
    config = f"compute_uv = {str(uv).lower()}, full_matrices = {str(full).lower()}"
    if not target.endswith("gesvdj_ffi"):
        config += f", transposed = {str(transposed).lower()}"
    return _call_program(target, [f"tensor<{m}x{n}x{elem}>"],
                         [f"tensor<{m}x{n}x{elem}>", f"tensor<{k}x{real}>", u, vt, "tensor<i32>"],
                         f"mhlo.backend_config = {{{config}}}")


@pytest.mark.parametrize("target, m, n, full, uv, transposed", [
    ("cusolver_gesvd_ffi", 3, 5, True, True, True),      # a wide gesvd returns V^H before U
    ("cusolver_gesvd_ffi", 3, 5, False, True, True),
    ("hipsolver_gesvd_ffi", 5, 3, False, True, False),
    ("cusolver_gesvd_ffi", 4, 3, True, False, False),    # no U, V: scalar placeholders
    ("cusolver_gesvdj_ffi", 3, 5, False, True, False),   # economy gesvdj: V is n x k
    ("hipsolver_gesvdj_ffi", 5, 3, True, True, False),
])
def test_svd_layouts(target, m, n, full, uv, transposed):
    """What a GPU SVD call returns, wide and tall, economy or full, with and without U and V."""
    prog = shlo.from_stablehlo(_svd_program(target, m, n, full, uv, transposed))
    rng = np.random.default_rng(3)
    a = rng.standard_normal((m, n)).astype(np.float32)
    _, s, x, y, info = [np.asarray(r) for r in shlo.interpret(prog, a)]
    assert info == 0
    np.testing.assert_allclose(s, np.linalg.svd(a, compute_uv=False), rtol=1e-5, atol=1e-5)
    if not uv:
        assert x.shape == y.shape == () and x == 0 and y == 0
        return
    u, vh = (y, x) if transposed else (x, y.T if target.endswith("gesvdj_ffi") else y)
    k = min(m, n)
    np.testing.assert_allclose((u[:, :k] * s) @ vh[:k], a, atol=1e-5)
    np.testing.assert_allclose(u.T @ u, np.eye(u.shape[1]), atol=1e-5)
    np.testing.assert_allclose(vh @ vh.T, np.eye(vh.shape[0]), atol=1e-5)


def test_lu_pivots_to_permutation_skips_out_of_range_pivots():
    """jaxlib's GPU kernel skips a swap whose pivot lies outside the permutation."""
    prog = shlo.from_stablehlo(_call_program("cu_lu_pivots_to_permutation", ["tensor<2x4xi32>"],
                                             ["tensor<2x6xi32>"], "mhlo.backend_config = {}"))
    pivots = np.array([[3, 5, 2, 4], [-1, 9, 0, 1]], np.int32)
    (got,) = shlo.interpret(prog, pivots)
    # swaps (0 3) (1 5) (2 2) (3 4); then (0 -1) and (1 9) skipped, (2 0) (3 1)
    np.testing.assert_array_equal(got, [[3, 5, 2, 4, 0, 1], [2, 3, 0, 1, 4, 5]])


def test_threefry_is_jaxs_bit_for_bit():
    import jax
    from jax._src.random.threefry2x32 import threefry_2x32
    prog = shlo.from_stablehlo(_call_program("hip_threefry2x32_ffi", ["tensor<5xui32>"] * 4,
                                             ["tensor<5xui32>"] * 2, "mhlo.backend_config = {}"))
    rng = np.random.default_rng(7)
    k0, k1, x0, x1 = (rng.integers(0, 2 ** 32, 5, dtype=np.uint32) for _ in range(4))
    got = [np.asarray(r) for r in shlo.interpret(prog, k0, k1, x0, x1)]
    for i in range(5):
        want = np.asarray(threefry_2x32(jax.numpy.asarray([k0[i], k1[i]]), jax.numpy.asarray([x0[i], x1[i]])))
        assert [got[0][i], got[1][i]] == list(want), i


def test_gtsv2_batched_and_singular():
    """gtsv2 solves each system of a batch (JAX's layout: dl[0], du[n-1] unused); a singular
    system gives NaN, as the custom call says nothing else about it."""
    f = "f64"
    prog = shlo.from_stablehlo(_call_program("cusparse_gtsv2_ffi", [f"tensor<2x4x{f}>"] * 3 + [f"tensor<2x4x3x{f}>"],
                                             [f"tensor<2x4x3x{f}>"], "mhlo.backend_config = {}"))
    rng = np.random.default_rng(5)
    dl, d, du = (rng.standard_normal((2, 4)) for _ in range(3))
    d[1] = [1.0, 1.0, 1.0, 1.0]
    dl[1] = du[1] = 0.0
    d[1, 2] = 0.0                                   # the second system is singular
    b = rng.standard_normal((2, 4, 3))
    (x,) = shlo.interpret(prog, dl, d, du, b)
    full = np.diag(d[0]) + np.diag(dl[0, 1:], -1) + np.diag(du[0, :-1], 1)
    np.testing.assert_allclose(full @ x[0], b[0], atol=1e-12)
    assert np.isnan(x[1]).all()


def test_hipsolver_syevj_descriptor_lower_and_upper():
    """The pre-FFI descriptor's fill mode picks the triangle the eigensolver reads."""
    rng = np.random.default_rng(9)
    a = rng.standard_normal((3, 3))
    for fill, tri in ((122, np.tril), (121, np.triu)):
        desc = "".join(f"\\{b:02X}" for b in np.array([1, fill, 1, 3, 64], "<i4").tobytes())
        text = _call_program("hipsolver_syevj", ["tensor<3x3xf64>"],
                             ["tensor<3x3xf64>", "tensor<3xf64>", "tensor<i32>", "tensor<64xf64>"],
                             f'api_version = 2 : i32, backend_config = "{desc}"')
        v, w, info, work = [np.asarray(r) for r in shlo.interpret(shlo.from_stablehlo(text), a)]
        t = tri(a)
        h = t + t.T - np.diag(np.diag(a))
        np.testing.assert_allclose(w, np.linalg.eigvalsh(h), atol=1e-12)
        np.testing.assert_allclose(h @ v, v * w, atol=1e-12)
        assert info == 0 and not work.any()


def _refused(text, *words):
    with pytest.raises(ImporterError) as e:
        shlo.from_stablehlo(text)
    for word in words:
        assert word in str(e.value), (word, str(e.value))


def test_unsupported_calls_are_refused_by_name():
    _refused(_call_program("cusolver_syevd_ffi", ["tensor<3x3xf32>"],
                           ["tensor<3x3xf32>", "tensor<3xf32>", "tensor<i32>"],
                           "mhlo.backend_config = {algorithm = 7 : ui8, lower = true}"),
             "cusolver_syevd_ffi", "algorithm 7")
    _refused(_call_program("hipsolver_potrf_ffi", ["tensor<3x4xf32>"], ["tensor<3x4xf32>", "tensor<i32>"],
                           "mhlo.backend_config = {lower = true}"), "hipsolver_potrf_ffi", "square")
    _refused(_call_program("cusolver_getrf_ffi", ["tensor<4xf32>"], ["tensor<4xf32>", "tensor<1xi32>", "tensor<i32>"],
                           "mhlo.backend_config = {}"), "cusolver_getrf_ffi", "matrix")
    bad_svd = _svd_program("cusolver_gesvd_ffi", 3, 5, True, True, transposed=False).replace(
        "transposed = false", "transposed = true")     # V^H's and U's types in the wrong order
    _refused(bad_svd, "cusolver_gesvd_ffi", "do not match an SVD")
    _refused(_call_program("cu_lu_pivots_to_permutation", ["tensor<5xi32>"], ["tensor<3xi32>"],
                           "mhlo.backend_config = {}"), "cu_lu_pivots_to_permutation", "do not fit")
    _refused(_call_program("cu_threefry2x32_ffi", ["tensor<4xui32>"] * 3 + ["tensor<2xui32>"],
                         ["tensor<4xui32>"] * 2, "mhlo.backend_config = {}"), "cu_threefry2x32_ffi", "one shape")
    _refused(_call_program("cusparse_gtsv2_ffi", ["tensor<3xf32>"] * 3 + ["tensor<4x1xf32>"], ["tensor<4x1xf32>"],
                           "mhlo.backend_config = {}"), "cusparse_gtsv2_ffi", "dl is")
    _refused(_call_program("hipsolver_getrf_ffi", ["tensor<2x3x3xf32>"],
                           ["tensor<2x3x3xf32>", "tensor<2x3xi32>", "tensor<2xi32>"],
                           'mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}'),
             "hipsolver_getrf_ffi", "num_batch_dims = 0")
    legacy = _call_program("hipsolver_syevd", ["tensor<3x3xf32>"],
                           ["tensor<3x3xf32>", "tensor<3xf32>", "tensor<i32>", "tensor<8xf32>"],
                           'api_version = 2 : i32, backend_config = "DESC"')
    for desc, why in ((np.array([0, 122, 1, 4, 8], "<i4"), "do not match the operand"),
                      (np.array([1, 122, 1, 3, 8], "<i4"), "type 1"),
                      (np.array([0, 7, 1, 3, 8], "<i4"), "fill mode 7"),
                      (np.array([0, 122, -1, 3], "<i4"), "16 bytes")):
        text = legacy.replace("DESC", "".join(f"\\{b:02X}" for b in desc.tobytes()))
        _refused(text, "hipsolver_syevd", why)


@pytest.mark.parametrize("module", ["cuda_threefry2x32", "rocm_lu_pivots_to_permutation"])
def test_compiled(module):
    """shlo.compile runs the private call bodies to the GPU's outputs, bit for bit."""
    (name,) = [n for n in _names() if n.startswith(module + ".")]
    data = _corpus()[name]
    outs = shlo.compile(shlo.from_stablehlo(data["mlir_module_text"]))(*data["inputs"])
    for got, want in zip(outs, data["expected_outputs"]):
        np.testing.assert_array_equal(np.asarray(got).view(np.uint8), np.asarray(want).view(np.uint8))


def test_potrf_upper_and_info():
    """`lower = false` factors the upper triangle (the lower one keeps the input); `info` is
    0 for a positive definite matrix and nonzero otherwise, as cuSOLVER's."""
    text = _call_program("cusolver_potrf_ffi", ["tensor<2x3x3xf64>"], ["tensor<2x3x3xf64>", "tensor<2xi32>"],
                         'mhlo.backend_config = {lower = false}, mhlo.frontend_attributes = {num_batch_dims = "1"}')
    rng = np.random.default_rng(4)
    x = rng.standard_normal((3, 3))
    a = np.stack([x @ x.T + 3 * np.eye(3), -np.eye(3)])
    r, info = shlo.interpret(shlo.from_stablehlo(text), a)
    np.testing.assert_allclose(np.triu(r[0]), np.linalg.cholesky(a[0]).T, atol=1e-12)
    np.testing.assert_array_equal(np.tril(r[0], -1), np.tril(a[0], -1))
    assert info[0] == 0 and info[1] != 0


# --------------------------------------------------------------------------
# programs exported for a GPU here (jax.export lowers for CUDA / ROCm without one)
# --------------------------------------------------------------------------

def _rand(*shape, dtype=np.float32, seed=0):
    rng = np.random.default_rng(seed + len(shape) + sum(shape))
    x = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


def _spd(*shape):
    a = _rand(*shape)
    return (a @ np.swapaxes(a, -1, -2) + shape[-1] * np.eye(shape[-1])).astype(np.float32)


def _gpu_cases():
    from jax import lax
    import jax.numpy as jnp
    svd, alg = lax.linalg.svd, lax.linalg.SvdAlgorithm
    eigh, impl = lax.linalg.eigh, lax.linalg.EighImplementation
    return {   # name: (platform, function, arguments, kind of check)
        "cholesky": ("cuda", jnp.linalg.cholesky, [_spd(2, 4, 4)], "same"),
        "lu_wide": ("cuda", lax.linalg.lu, [_rand(2, 3, 5)], "same"),
        "lu_tall_c64": ("rocm", lax.linalg.lu, [_rand(4, 2, dtype=np.complex64)], "same"),
        "qr_wide": ("rocm", jnp.linalg.qr, [_rand(2, 3, 5)], "same"),
        "qr_complete_tall": ("cuda", lambda x: jnp.linalg.qr(x, mode="complete"), [_rand(5, 3)], "same"),
        "solve": ("rocm", jnp.linalg.solve, [_rand(2, 4, 4), _rand(2, 4, 2)], "same"),
        "tridiagonal_solve": ("cuda", lax.linalg.tridiagonal_solve,
                              [_rand(2, 5), _rand(2, 5) + 4, _rand(2, 5), _rand(2, 5, 3)], "same"),
        "svd_qr_wide_economy": ("cuda", lambda x: svd(x, full_matrices=False, algorithm=alg.QR), [_rand(2, 3, 5)], "svd"),
        "svd_qr_wide_full_c64": ("cuda", lambda x: svd(x, algorithm=alg.QR), [_rand(3, 5, dtype=np.complex64)], "svd"),
        "svd_jacobi_tall": ("rocm", lambda x: svd(x, full_matrices=False), [_rand(2, 5, 3)], "svd"),
        "svd_gesdd_wide": ("rocm", lambda x: svd(x, full_matrices=False, algorithm=alg.DIVIDE_AND_CONQUER),
                           [_rand(3, 5)], "svd"),
        "svdvals_qr": ("cuda", lambda x: svd(x, compute_uv=False, algorithm=alg.QR), [_rand(2, 3, 5)], "same"),
        "svdvals_jacobi": ("rocm", lambda x: svd(x, compute_uv=False), [_rand(4, 3)], "same"),
        "eigh_jacobi": ("cuda", lambda x: eigh(x, implementation=impl.JACOBI), [_rand(2, 4, 4)], "eigh"),
        "eigh_qr_upper_c64": ("rocm", lambda x: eigh(x, lower=False, implementation=impl.QR),
                              [_rand(4, 4, dtype=np.complex64)], "eigh"),
    }


@pytest.mark.parametrize("name", sorted(_gpu_cases()))
def test_exported_for_a_gpu(name):
    """Layouts and attributes the corpus lacks (wide / tall, batched, economy, without U and V,
    Jacobi, upper triangle): exported for the GPU, run here, the result JAX computes on CPU."""
    import jax
    from jax import export
    platform, fn, args, kind = _gpu_cases()[name]
    text = export.export(jax.jit(fn), platforms=[platform])(*args).mlir_module()
    assert re.search(r"custom_call @(cu|hip)", text)
    got = [np.asarray(g) for g in shlo.interpret(shlo.from_stablehlo(text), *args)]
    if kind == "same":
        want = [np.asarray(w) for w in jax.tree_util.tree_leaves(fn(*args))]
        for i, (g, w) in enumerate(zip(got, want)):
            _close(g, w, f"{name} output {i}", max(1.0, float(np.max(np.abs(w)))) * 10)
    elif kind == "svd":
        u, s, vh = got
        a = args[0]
        k = s.shape[-1]
        np.testing.assert_allclose(s, np.linalg.svd(a, compute_uv=False), rtol=1e-5, atol=1e-5)
        np.testing.assert_allclose((u[..., :k] * s[..., None, :]) @ vh[..., :k, :], a, atol=1e-5)
        for p in (_ct(u) @ u, vh @ _ct(vh)):
            np.testing.assert_allclose(p, _eye_like(p), atol=1e-5)
    else:                        # eigh symmetrizes its input, then the call reads one triangle
        v, w = got
        h = (args[0] + _ct(args[0])) / 2
        np.testing.assert_allclose(w, np.linalg.eigvalsh(h), atol=1e-4)
        np.testing.assert_allclose(h @ v, v * w[..., None, :], atol=1e-4)
        np.testing.assert_allclose(_ct(v) @ v, _eye_like(v), atol=1e-5)
