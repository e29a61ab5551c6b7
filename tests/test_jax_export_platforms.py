"""A jax.export made for several platforms imports as the program of one of them.

jax.export(..., platforms=(...)) gives main a first argument, `_platform_index`, that picks each
platform's lowering with `case`. shlo.from_stablehlo of the Exported (or of its serialize()
bytes) binds it to the CPU's index, or to the `platform` asked for; the text of the module alone
does not say which index is which, so it keeps the argument.
"""
from __future__ import annotations

import numpy as np
import pytest

jax = pytest.importorskip("jax")
import jax.numpy as jnp  # noqa: E402

import shlo  # noqa: E402


def _f(x):
    return jnp.linalg.cholesky(x @ x.T + 3 * jnp.eye(3)) * 2


X = (np.arange(9, dtype=np.float32).reshape(3, 3) / 10)


@pytest.mark.parametrize("platforms", [("cpu", "cuda"), ("cuda", "cpu"), ("cuda", "rocm"), ("cpu",)])
@pytest.mark.parametrize("serialized", [False, True])
def test_multi_platform_export_runs_with_the_functions_inputs(platforms, serialized):
    exported = jax.export.export(jax.jit(_f), platforms=platforms)(X)
    prog = shlo.from_stablehlo(exported.serialize() if serialized else exported)
    assert len(prog.functions()["main"].type.inputs) == 1
    np.testing.assert_allclose(shlo.interpret(prog, X)[0], _f(X), rtol=2e-6, atol=2e-6)
    compiled = shlo.compile(prog)(X)
    compiled = compiled[0] if isinstance(compiled, (list, tuple)) else compiled
    np.testing.assert_allclose(compiled, _f(X), rtol=2e-6, atol=2e-6)


def test_the_platform_asked_for():
    """Each platform's branch (cuSOLVER's Cholesky for cuda) runs the same function."""
    exported = jax.export.export(jax.jit(_f), platforms=("cpu", "cuda"))(X)
    cuda = shlo.from_stablehlo(exported, platform="cuda")
    np.testing.assert_allclose(shlo.interpret(cuda, X)[0], _f(X), rtol=2e-6, atol=2e-6)
    with pytest.raises(shlo.ShloError, match="made for cpu, cuda, not tpu"):
        shlo.from_stablehlo(exported, platform="tpu")


def test_the_module_alone_keeps_the_index_argument():
    exported = jax.export.export(jax.jit(_f), platforms=("cuda", "cpu"))(X)
    prog = shlo.from_stablehlo(exported.mlir_module())
    np.testing.assert_allclose(shlo.interpret(prog, np.int32(1), X)[0], _f(X), rtol=2e-6, atol=2e-6)
    with pytest.raises(shlo.ShloError, match="_platform_index"):
        shlo.interpret(prog, X)


def test_under_x64():
    """jax's x64 mode makes the index argument an i64: bound with its own type."""
    with jax.enable_x64(True):
        x = X.astype(np.float64)
        exported = jax.export.export(jax.jit(_f), platforms=("cuda", "cpu"))(x)
        want = np.asarray(_f(x))
    np.testing.assert_allclose(shlo.interpret(shlo.from_stablehlo(exported), x)[0], want, rtol=1e-12, atol=1e-12)
