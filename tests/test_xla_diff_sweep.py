"""tools/xla_diff_sweep.py keeps running: a few cases of each kind it has (element-wise, CHLO,
and tools/xla_sweep_structured.py's structured ops) build, run under XLA and the interpreter,
and match; a case that cannot match (the tolerance check) is reported as differing."""
from __future__ import annotations

import os
import sys

import numpy as np
import pytest

jax = pytest.importorskip("jax")
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tools"))
# The tool turns on JAX's 64-bit mode for the whole process when imported; the rest of the test
# run (collected after this module) must keep the mode it had: on only while these tests run.
_X64 = jax.config.jax_enable_x64
import xla_diff_sweep as sweep  # noqa: E402
jax.config.update("jax_enable_x64", _X64)


@pytest.fixture(autouse=True)
def _x64():
    with jax.enable_x64(True):
        yield

CASES = [("add", "bf16"), ("chlo_square", "complex<f32>"), ("chlo_acosh", "f64"), ("chlo_next_after", "f8E4M3FN"),
         ("fft_IRFFT_17", "f32"), ("rng_bit_generator_PHILOX_s3_4x5_1", "i32"), ("pad_neg_interior", "f16"),
         ("case", "ui8"), ("triangular_solve_Rup_unit_ADJOINT", "complex<f64>"),
         ("dynamic_slice_2d_ui64", "bf16"), ("convolution_batch_groups", "i32"),
         ("select_and_scatter_GE_w3s2p1", "f32"), ("batch_norm_grad_0_f1", "f64"), ("all_to_all", "f16")]


@pytest.mark.parametrize("name,elem", CASES, ids=[f"{n}-{e}" for n, e in CASES])
def test_case_matches_xla(name, elem):
    (op,) = [o for o in sweep.OPS if o.name == name]
    r = sweep.run_case(op, elem, verbose=True)
    assert not r.skipped, r.skipped
    assert r.n > 0 and r.bad == 0, (r.error, r.examples)


def test_a_difference_is_reported():
    op = next(o for o in sweep.OPS if o.name == "fft_FFT_8")
    text, inputs = op.build(op, "complex<f32>")
    want = sweep.run_xla(text, inputs)
    wrong = want.copy()
    wrong.reshape(-1)[3] += 1.0
    assert sweep.differing_relative(wrong.reshape(-1), want.reshape(-1), op.rtol).sum() == 1
    assert not sweep.differing_relative(want.reshape(-1), want.reshape(-1), op.rtol).any()
    assert np.array_equal(sweep.close_elements(np.array([1.0, 2.0]), np.array([1.0 + 1e-7, 3.0]), 1e-5),
                          [True, False])
