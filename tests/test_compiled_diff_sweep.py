"""tools/compiled_diff_sweep.py keeps running: sweep cases where compiled code once differed from
the interpreter (bf16 denormal results, complex products and quotients, f8 reduce_precision, a
structured op) compile and match; a perturbed compiled result is reported, with XLA's view."""
from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("jax")
import sweep_tools  # noqa: E402
from sweep_tools import x64_on  # noqa: E402,F401  (autouse: the tools' 64-bit mode around these tests only)

csweep, sweep = sweep_tools.load("compiled_diff_sweep", "xla_diff_sweep")

CASES = [("add", "bf16"), ("multiply", "complex<f32>"), ("divide", "complex<f64>"),
         ("reduce_precision_e4m3", "f8E4M3FN"), ("tanh", "complex<f64>"), ("pad_neg_interior", "f16"),
         # f4 / f6 (stored a byte each, computed in f32): arithmetic, NaN into a type without one, bits
         ("multiply", "f6E3M2FN"), ("convert_to_f4E2M1FN", "f8E4M3FN"), ("convert_to_f6E2M3FN", "f32"),
         ("bitcast_convert_to_ui4", "f4E2M1FN")]


def _op(name):
    (op,) = [o for o in sweep.OPS if o.name == name]
    return op


@pytest.mark.parametrize("name,elem", CASES, ids=[f"{n}-{e}" for n, e in CASES])
def test_case_compiles_and_matches_the_interpreter(name, elem):
    r = csweep.run_case(_op(name), elem, verbose=True)
    assert not r.skipped, r.skipped
    assert r.n > 0 and r.bad == 0, (r.error, r.examples)


def test_a_wrong_compiled_result_is_reported(monkeypatch):
    real = csweep.run_compiled
    monkeypatch.setattr(csweep, "run_compiled", lambda text, inputs: real(text, inputs) + np.float32(1))
    r = csweep.run_case(_op("add"), "f32", verbose=False)
    assert r.bad > 0 and r.like_xla == 0 and r.examples
