"""tools/xla_diff_sweep.py keeps running: a few cases of each kind it has (element-wise, CHLO,
and tools/xla_sweep_structured.py's structured ops) build, run under XLA and the interpreter,
and match; a case that cannot match (the tolerance check) is reported as differing."""
from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("jax")
import sweep_tools  # noqa: E402
from sweep_tools import x64_on  # noqa: E402,F401  (autouse: the tool's 64-bit mode around these tests only)

(sweep,) = sweep_tools.load("xla_diff_sweep")

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
