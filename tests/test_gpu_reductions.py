"""Reductions with few outputs on the GPU mapping, checked without a GPU: steps whose length
split_reductions' whole-group split does not take (16..63 elements, or not a multiple of 8)
are split with a mask (reductions.masked_split): partial j combines elements j, j + f, ... in
order from the combiner's neutral element, then the partials are combined in order. The mapped
form (`cpu_check`) against the interpreter, the threads the partial kernel launches, the neutral
elements at the edges (-0.0, infinities, NaN), and PTX for sm_80 / sm_90."""
from __future__ import annotations

import shutil

import jax
import jax.numpy as jnp
import ml_dtypes
import numpy as np
import pytest

import shlo
from shlo.lowering.gpu import compiler as gpu
from shlo.lowering.gpu import reductions

HAVE_PTXAS = shutil.which("ptxas") is not None

CASES = {   # function, input shape, dtype, outputs, reduced length of the masked step
    "rows_of_300": (lambda a: jnp.sum(a, axis=1), (20, 300), np.float32, 20, 300),
    "total_of_1001": (lambda a: jnp.sum(a), (1001,), np.float32, 1, 1001),
    "max_of_999": (lambda a: jnp.max(a, axis=1), (7, 999), np.float32, 7, 999),
    "min_over_rows": (lambda a: jnp.min(a, axis=0), (999, 3), np.float32, 3, 999),
    "rows_of_48": (lambda a: jnp.sum(a, axis=1), (100, 48), np.float32, 100, 48),
    "dims_0_2_float": (lambda a: jnp.sum(a, axis=(0, 2)), (4, 30, 50), np.float32, 120, 50),
    "bf16_rows_of_500": (lambda a: jnp.sum(a, axis=1), (10, 500), ml_dtypes.bfloat16, 10, 500),
    "product_of_77": (lambda a: jnp.prod(a, axis=1), (5, 77), np.float32, 5, 77),
    "int_rows_of_301": (lambda a: jnp.sum(a, axis=1), (5, 301), np.int32, 5, 301),
}


def _input(name, shape, dtype):
    rng = np.random.default_rng(3)
    if name.startswith("product"):
        return (1 + 0.01 * rng.standard_normal(shape)).astype(dtype)
    if dtype == np.int32:
        return rng.integers(-1000, 1000, shape).astype(dtype)
    return rng.standard_normal(shape).astype(dtype)


@pytest.mark.parametrize("name", sorted(CASES))
def test_masked_split_matches_and_runs_on_many_threads(name):
    f, shape, dtype, outputs, length = CASES[name]
    x = _input(name, shape, dtype)
    prog = shlo.from_jax(f, x)
    want = np.asarray(shlo.interpret(prog, x)[0])
    got = np.asarray(gpu.cpu_check(prog)(x)[0])
    if dtype == np.int32:
        np.testing.assert_array_equal(got, want)
    else:
        tol = 2 ** -7 if dtype == ml_dtypes.bfloat16 else 1e-5
        np.testing.assert_allclose(got.astype(np.float64), want.astype(np.float64), rtol=tol, atol=tol)
    factor = reductions.masked_factor(length, outputs)
    threads = [int(np.prod(k["grid"])) * int(np.prod(k["block"]))
               for k in gpu.compile_cuda(prog, assemble=False).kernels]
    # the partial kernel: a thread for each (output, partial); before, one thread an output
    assert factor >= 2 and max(threads) >= outputs * factor, (factor, threads)


NEG_ZERO_SUM = """
func.func @main(%x: tensor<3x300xf32>) -> tensor<3xf32> {
  %init = stablehlo.constant dense<-0.0> : tensor<f32>
  %r = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [1]
      : (tensor<3x300xf32>, tensor<f32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}
"""


def test_neutral_elements_leave_edges_as_they_were():
    """Past the end the mask substitutes the combiner's neutral element: a sum of -0.0s stays
    -0.0 (+0.0 would make it +0.0), a max over -inf stays -inf, a NaN still wins a max."""
    x = np.full((3, 300), -0.0, np.float32)
    prog = shlo.from_stablehlo(NEG_ZERO_SUM)      # (jax folds the -0.0 initial value to 0.0)
    got, want = np.asarray(gpu.cpu_check(prog)(x)[0]), np.asarray(shlo.interpret(prog, x)[0])
    assert np.all(np.signbit(want)) and np.all(got == 0) and np.all(np.signbit(got)), got
    y = np.full((3, 300), -np.inf, np.float32)
    y[1, 299] = np.nan
    y[2, 0] = 5.0
    prog = shlo.from_jax(lambda a: jnp.max(a, axis=1), y)
    got, want = np.asarray(gpu.cpu_check(prog)(y)[0]), np.asarray(shlo.interpret(prog, y)[0])
    np.testing.assert_array_equal(got, want)
    assert got[0] == -np.inf and np.isnan(got[1]) and got[2] == 5.0


def test_softmax_over_1001_classes():
    x = np.random.default_rng(4).standard_normal((4, 1001)).astype(np.float32)
    prog = shlo.from_jax(lambda a: jax.nn.softmax(a, axis=-1), x)
    np.testing.assert_allclose(gpu.cpu_check(prog)(x)[0], shlo.interpret(prog, x)[0], rtol=1e-5, atol=1e-7)


def test_masked_split_ptx_assembles_for_sm80_and_sm90():
    x = np.zeros((20, 300), np.float32)
    arts = gpu.compile_cuda_arches(shlo.from_jax(lambda a: jnp.sum(a, axis=1), x), ("sm_80", "sm_90"),
                                   assemble=HAVE_PTXAS)
    for arch, art in arts.items():
        assert art.ptx, arch
        if HAVE_PTXAS:
            assert art.cubin, arch


def test_short_or_many_output_steps_are_left_alone():
    assert reductions.masked_factor(15, 1) is None          # too short to pay
    assert reductions.masked_factor(300, 16384) is None     # enough outputs already
    assert reductions.masked_factor(16, 1) == 2
    assert reductions.masked_factor(300, 20) == 32          # 10 elements a partial
    assert reductions.masked_factor(10 ** 6, 1) == 65536    # at most 65536 threads


def test_switch_leaves_one_thread_an_output(monkeypatch):
    monkeypatch.setenv("SHLO_GPU_MASKED_SPLIT", "0")
    x = np.zeros((20, 300), np.float32)
    threads = [int(np.prod(k["grid"])) * int(np.prod(k["block"]))
               for k in gpu.compile_cuda(shlo.from_jax(lambda a: jnp.sum(a, axis=1), x), assemble=False).kernels]
    assert max(threads) < 20 * 2, threads       # the 20 rows' threads (in a block of 32)


@pytest.mark.parametrize("fn,shape", [(lambda a: jnp.sum(a, axis=1), (256, 512)),      # a layer norm's rows
                                      (lambda a: jnp.max(a, axis=1), (2048, 256))])    # a softmax's
def test_long_combining_steps_are_split_again(fn, shape, monkeypatch):
    """256 rows of 512 split into 64 partials a row left 256 threads (one block) summing 64
    partials each; 2048 rows of 256 into 32 partials, 8 blocks summing 32 each. Those combining
    steps are split again (8 partials of 8, or of 4): a partial launch of 8 times as many threads
    before a combining step of 8. SHLO_GPU_RESPLIT=0 keeps the one step."""
    x = np.random.default_rng(4).standard_normal(shape).astype(np.float32)
    prog = shlo.from_jax(fn, x)
    want = np.asarray(fn(x))
    blocks = [int(np.prod(k["grid"])) for k in gpu.compile_cuda(prog, assemble=False).kernels]
    np.testing.assert_allclose(gpu.cpu_check(prog)(x)[0], want, rtol=1e-5, atol=1e-5)
    monkeypatch.setenv("SHLO_GPU_RESPLIT", "0")
    once = [int(np.prod(k["grid"])) for k in gpu.compile_cuda(prog, assemble=False).kernels]
    np.testing.assert_allclose(gpu.cpu_check(prog)(x)[0], want, rtol=1e-5, atol=1e-5)
    rows = shape[0] // 256                       # blocks of the last step (one thread a row)
    assert blocks[-1] == once[-1] == rows
    assert len(blocks) == len(once) + 1
    assert blocks[-2] == 8 * rows                   # the new partial step (its fill folded in)


@pytest.mark.parametrize("fn,shape", [(lambda a: jnp.sum(a, axis=1), (256, 512)),
                                      (lambda a: jnp.max(a, axis=1), (2048, 256)),
                                      (lambda a: jnp.min(a, axis=0), (999, 3)),          # masked split
                                      (lambda a: jnp.sum(a, axis=(0, 2)), (4, 30, 50)),
                                      (lambda a: jax.nn.softmax(a, axis=-1), (64, 1001))])
def test_fills_folded_into_reductions(fn, shape, monkeypatch):
    """Each split step's output was a fill (the neutral element) then the step adding into it:
    the step now starts from the value itself at its first reduction index (fills.py), one
    launch fewer each; numbers as the interpreter's either way, -0.0 / inf included."""
    x = np.random.default_rng(5).standard_normal(shape).astype(np.float32)
    x.flat[3], x.flat[7] = -0.0, np.inf if "max" not in repr(fn) else -np.inf
    prog = shlo.from_jax(fn, x)
    want = shlo.interpret(prog, x)[0] if hasattr(shlo, "interpret") else np.asarray(fn(x))
    folded = gpu.compile_cuda(prog, assemble=False).kernels
    np.testing.assert_allclose(gpu.cpu_check(prog)(x)[0], want, rtol=1e-5, atol=1e-4)   # sums in another order
    monkeypatch.setenv("SHLO_GPU_FOLD_FILLS", "0")
    kept = gpu.compile_cuda(prog, assemble=False).kernels
    np.testing.assert_allclose(gpu.cpu_check(prog)(x)[0], want, rtol=1e-5, atol=1e-4)   # sums in another order
    assert len(folded) < len(kept), (folded, kept)
