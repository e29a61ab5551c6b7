"""The held-out-style JAX programs of tools/jax_heldout_models.py (training steps, CNN / transformer /
LSTM models, jax.random, linalg, fft, scipy, integer wrap-around, symbolic shapes, pytrees)
imported with shlo.from_jax, interpreted and compiled, and matched against jax.jit by
tools/jax_heldout.py's check. The default run keeps one program (thin); SHLO_FULL_TESTS=1 runs
them all (`tools/jax_heldout.py` prints the pass rate, interpreted and compiled)."""
from __future__ import annotations

import numpy as np
import pytest

import jax_heldout as heldout
import jax_heldout_models as models

# the cheap program first: thin keeps index 0 of the list in the default run
NAMES = ["kwargs_and_static_closure"] + sorted(set(models.CASES) - {"kwargs_and_static_closure"})


@pytest.mark.thin(1000)
@pytest.mark.parametrize("name", NAMES)
def test_program(name):
    r = heldout.run_case(name, models.CASES[name])
    assert r["status"] == "pass", f"{name}: {r['status']}: {r['detail']}\n{r.get('trace', '')}"


def test_compare_catches_differences():
    """The check the runner trusts: structure, shape, dtype and value differences are reported,
    integers exactly and floats by the looser of the case's and the dtype's tolerance."""
    f32 = np.array([1.0, 2.0], np.float32)
    assert heldout.compare((f32,), (f32,), None, None) is None
    assert "structure" in heldout.compare([f32], (f32,), None, None)
    assert "shape" in heldout.compare(f32[:1], f32, None, None)
    assert "dtype" in heldout.compare(f32.astype(np.float16), f32, None, None)
    assert "differ" in heldout.compare(f32 + 1e-4, f32, None, None)
    assert heldout.compare(f32 + 1e-4, f32, 1e-3, None) is None
    assert "differ" in heldout.compare(np.array([3], np.int32), np.array([4], np.int32), 1.0, 1.0)
