"""Checks shared by the JAX linear-algebra tests."""
import numpy as np


def close(got, want, tol, what, rtol=None):
    """`got` equals `want` in shape and dtype; integers exactly, floats within `rtol` (default
    `tol`) relative and `tol` times the largest expected magnitude (at least 1) absolute."""
    got, want = np.asarray(got), np.asarray(want)
    assert got.shape == want.shape and got.dtype == want.dtype, (what, got.shape, want.shape, got.dtype, want.dtype)
    if want.dtype.kind in "biu":
        np.testing.assert_array_equal(got, want, err_msg=what)
        return
    scale = max(1.0, float(np.max(np.abs(want))) if want.size else 1.0)
    np.testing.assert_allclose(got, want, rtol=tol if rtol is None else rtol, atol=tol * scale, err_msg=what)
