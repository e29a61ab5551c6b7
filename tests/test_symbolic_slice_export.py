"""Symbolic-shape JAX exports whose slices have symbolic sizes, imported and written back with
`shlo.to_stablehlo`, then run by XLA through jax.export (which refines the shapes at the
inputs' sizes). JAX writes such a slice as `real_dynamic_slice(x, s, s + w, 1)`; shlo has no
real_dynamic_slice, and its rewrite must stay something StableHLO's shape refinement folds to
static shapes (issue 12's known gap: a `lax.scan` over xs with a symbolic dimension).
"""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import jax
import jax.numpy as jnp
from jax._src import xla_bridge as xb
from jax._src.lib import _jax
from jax._src.lib.mlir.dialects import hlo

import shlo

RNG = np.random.default_rng(12)


def _xla_call(prog):
    """JAX's Exported of `prog` with `shlo.to_stablehlo(prog)` as its module: calling it makes
    XLA refine the symbolic shapes at the arguments' sizes, then compile and run."""
    version = hlo.get_version_from_compatibility_requirement(hlo.StablehloCompatibilityRequirement.WEEK_4)
    art = _jax.mlir.serialize_portable_artifact(shlo.to_stablehlo(prog), version,
                                                xb.get_backend().serialize_with_sdy)
    return jax.jit(dataclasses.replace(prog.exported, mlir_module_serialized=art).call)


def _scan_over_features(c, xs):
    def body(c, x):
        c = jnp.tanh(c * 0.5 + x)
        return c, c * 2
    return jax.lax.scan(body, c, xs)


def _window(x, i, j):
    n = x.shape[1] - 3
    return jax.lax.dynamic_slice(x, (i, j), (2, n)) * 3


def _scan_specs():
    n, = jax.export.symbolic_shape("n")
    return [jax.ShapeDtypeStruct((n,), np.float32), jax.ShapeDtypeStruct((5, n), np.float32)]


def _window_specs():
    return [jax.ShapeDtypeStruct(jax.export.symbolic_shape("6, n + 3"), np.float32),
            jax.ShapeDtypeStruct((), np.int32), jax.ShapeDtypeStruct((), np.int32)]


# name: (function, its symbolic argument specs, inputs at size n)
CASES = {
    # xs of 5 steps x n features: each step reads xs[i], a (1, n) slice at a run-time row
    "scan_over_symbolic_features": (_scan_over_features, _scan_specs, lambda n: [
        RNG.standard_normal(n).astype(np.float32), RNG.standard_normal((5, n)).astype(np.float32)]),
    # a window of symbolic width at run-time starts in both dimensions
    "dynamic_slice_symbolic_width": (_window, _window_specs, lambda n: [
        RNG.standard_normal((6, n + 3)).astype(np.float32), np.int32(3), np.int32(2)]),
}


@pytest.mark.parametrize("name", list(CASES))
def test_symbolic_slice_export_refines_and_runs(name):
    """One export, run at two sizes: the interpreter, shlo.compile and XLA (on the export) give
    JAX's results. Before the fix XLA refused the export ("'stablehlo.multiply' op has dynamic
    shapes": the gather's index grid had a run-time shape it could not fold)."""
    fn, specs, make = CASES[name]
    prog = shlo.from_jax(jax.jit(fn), *specs())
    assert "?" in str(prog), "expected a program with symbolic shapes"
    xla, compiled = _xla_call(prog), shlo.compile(prog)
    for n in (7, 2):
        args = make(n)
        want = [np.asarray(w) for w in jax.tree.leaves(jax.jit(fn)(*args))]
        for what, got in (("interpret", shlo.interpret(prog, *args)), ("compile", compiled(*args)),
                          ("xla", jax.tree.leaves(xla(*args)))):
            assert len(got) == len(want), what
            for g, w in zip(got, want):
                assert np.asarray(g).shape == w.shape, (what, n)
                np.testing.assert_allclose(np.asarray(g), w, rtol=1e-5, atol=1e-5, err_msg=f"{what} at n={n}")
