"""The 2023 form of the StableHLO testdata stand-in (tools/stablehlo_testdata_2023.py): JAX harness
programs with their LAPACK / BLAS calls written as 2023's jaxlib wrote them (`lapack_spotrf`,
`blas_strsm`, ... with constant size operands, layouts, workspaces and one tuple result) and their
FFTs as `ducc_fft` calls with jaxlib's flatbuffer descriptor import and match XLA's values, one
program per target; the descriptor is byte for byte the one of a 2023 JAX program; the old
attribute form prints the pre-2024 dense index lists and still imports."""
from __future__ import annotations

import os
import re
import sys

import pytest

import shlo

import absl  # noqa: E402,F401  (jax's test harnesses need it: the test extra installs absl-py)
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tools"))
import stablehlo_testdata_2023 as form2023  # noqa: E402
import stablehlo_testdata_proxy as proxy  # noqa: E402

# a program JAX exported in 2023 (jnp.fft.fft of a 3 x 4 float32 array): its ducc_fft descriptor
DESCRIPTOR_2023 = bytes.fromhex(
    "18000000140024000000000008000C001000140007001800140000000000000154000000380000001C000000"
    "10000000000000000000F03F000000000100000001000000020000000400000000000000010000000000000000"
    "000000020000000400000000000000010000000000000000000000020000000300000000000000040000000000"
    "0000")


@pytest.fixture(scope="module")
def harnesses():
    """The harnesses, with jax's x64 mode on while this module runs (the proxy turns it on) and
    put back after: other tests in the same process lower with jax's default."""
    import jax
    before = jax.config.jax_enable_x64
    yield {h.fullname: h for h in proxy.load_harnesses()}
    jax.config.update("jax_enable_x64", before)


def _run(text):
    shlo.interpret(shlo.from_stablehlo(text))      # raises CheckFailure on a wrong value


# (harness, index: the check style / generic print, the 2023 targets the program must call)
CASES = [
    ("cholesky_shape_complex64_2_5_5_", 1, ["lapack_cpotrf"]),
    ("triangular_solve_shapes_right_a_float32_2_8_8_b_float32_2_10_8_leftside_False_lower_False_transposea_False_"
     "conjugatea_False_unitdiagonal_False", 2, ["blas_strsm"]),
    ("lu_shape_float32_3_5_", 3, ["lapack_sgetrf"]),
    ("qr_multi_array_shape_complex64_3_4_fullmatrices_True", 2, ["lapack_cgeqrf", "lapack_cungqr"]),
    ("eigh_shape_complex64_0_0_lower_True", 1, ["lapack_cheevd"]),
    ("eig_shape_float32_5_5_computelefteigenvectors_False_computerighteigenvectors_False", 2, ["lapack_sgeev"]),
    ("svd_shape_float32_2_7_fullmatrices_True_computeuv_False", 1, ["lapack_sgesdd"]),
    ("fft_dims_shape_float32_14_15_16_17_ffttype_2_fftlengths_16_17_", 1, ["ducc_fft"]),
]


@pytest.mark.parametrize("name,index,targets", CASES, ids=[c[0][:40] for c in CASES])
def test_2023_form_imports_and_matches(harnesses, name, index, targets):
    _, texts = proxy.build_programs(harnesses[name], index, forms=("today", "2023"))
    old = texts["2023"]
    called = re.findall(r'custom_call @(\w+)|call_target_name = "(\w+)"', old)
    called = {a or b for a, b in called} - {"check"}
    for target in targets:
        assert target in called, (target, called)
    assert "_ffi" not in old and "stablehlo.fft" not in old
    if targets[0].startswith("lapack_") and "0_0" not in name:     # several results: one tuple (early 2023)
        assert "get_tuple_element" in old
    _run(texts["today"])
    _run(old)


def test_multi_result_form_and_the_rest_of_the_targets(harnesses):
    """mid-2023's several-result form; the complex geev / gesdd, IRFFT, an empty FFT (a
    broadcast zero: jaxlib wrote no call for one) and tridiagonal_solve (no LAPACK call)."""
    cases = [("eig_shape_complex64_5_5_computelefteigenvectors_True_computerighteigenvectors_True", "lapack_cgeev"),
             ("svd_shape_complex64_2_7_fullmatrices_False_computeuv_False", "lapack_cgesdd"),
             ("fft_dtypes_shape_complex64_14_15_16_17_ffttype_3_fftlengths_33_", "ducc_fft"),
             ("fft_dtypes_zero_shape_complex64_14_15_0_17_ffttype_0_fftlengths_17_", None),
             ("tridiagonal_solve_shape_float32_3_", None)]    # (JAX's own loop in 2023: no gtsv call)
    for name, target in cases:
        _, texts = proxy.build_programs(harnesses[name], 2, forms=("2023",), tuple_results=False)
        text = texts["2023"]
        assert "get_tuple_element" not in text and "_ffi" not in text and "stablehlo.fft" not in text
        if target is not None:
            assert f"@{target}(" in text
        _run(text)


@pytest.mark.parametrize("dtype", ["float32", "complex64"])
def test_eigh_values(dtype):
    """syevd / heevd on a batch (the harnesses' eigenvectors are LAPACK's choice of signs, which
    no program outside LAPACK reproduces; the eigenvalues are checked here)."""
    import jax
    import jax.numpy as jnp
    import numpy as np
    from jaxlib.mlir import ir
    rng = np.random.default_rng(3)
    a = rng.standard_normal((2, 5, 5)) + (1j * rng.standard_normal((2, 5, 5)) if dtype == "complex64" else 0)
    a = (a + np.conj(np.swapaxes(a, -1, -2))).astype(dtype)
    module = jax.jit(jnp.linalg.eigvalsh).lower(a).compiler_ir("stablehlo")
    with module.context, ir.Location.unknown():
        done = form2023.rewrite_module(module)
    text = str(module)
    assert set(done) == {f"lapack_{'s' if dtype == 'float32' else 'c'}{'syevd' if dtype == 'float32' else 'heevd'}_ffi"}
    assert "_ffi" not in text and "get_tuple_element" in text
    (w,) = shlo.interpret(shlo.from_stablehlo(text), a)
    np.testing.assert_allclose(np.asarray(w), np.linalg.eigvalsh(a), atol=1e-4)


def test_ducc_fft_descriptor_is_jaxlibs():
    assert form2023.ducc_fft_descriptor("FFT", False, [3, 4], [3, 4], [4]) == DESCRIPTOR_2023


def test_old_attribute_form(harnesses):
    """Printed generic with the index lists as dense elements (what jaxlib's parser refuses
    today and shlo's text upgrade reads) and inherent attributes in the attribute dictionary."""
    _, texts = proxy.build_programs(harnesses["lu_shape_float32_3_5_"], 1, forms=("2023",), old_attributes=True)
    text = texts["2023"]
    assert re.search(r"broadcast_dimensions = dense<\[?[\d, ]*\]?> : tensor<\d+xi64>", text)
    assert "broadcast_dimensions = array" not in text and "@lapack_sgetrf" not in text
    assert 'call_target_name = "lapack_sgetrf"' in text
    assert re.search(r'"stablehlo\.custom_call"\([^)]*\) \{api_version = 2', text), "inherent attributes in {...}"
    assert "<{" not in text
    _run(text)
