"""tools/compiled_diff_sweep.py keeps running: sweep cases where compiled code once differed from
the interpreter (bf16 denormal results, complex products and quotients, f8 reduce_precision, a
structured op) compile and match; a perturbed compiled result is reported, with XLA's view."""
from __future__ import annotations

import os
import sys

import numpy as np
import pytest

jax = pytest.importorskip("jax")
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tools"))
# The sweep tools turn on JAX's 64-bit mode for the whole process when imported; the rest of
# the test run must keep the mode it had: on only while these tests run.
_X64 = jax.config.jax_enable_x64
import compiled_diff_sweep as csweep  # noqa: E402
import xla_diff_sweep as sweep        # noqa: E402
jax.config.update("jax_enable_x64", _X64)


@pytest.fixture(autouse=True)
def _x64():
    with jax.enable_x64(True):
        yield

CASES = [("add", "bf16"), ("multiply", "complex<f32>"), ("divide", "complex<f64>"),
         ("reduce_precision_e4m3", "f8E4M3FN"), ("tanh", "complex<f64>"), ("pad_neg_interior", "f16")]


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
