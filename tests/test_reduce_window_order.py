"""reduce_window folds its taps in XLA CPU's order (interpreter/ops/indexing.xla_tap_order):
row-major, with a padded dimension's last tap peeled after the rest where XLA's emitter does."""
import itertools

import jax
import numpy as np
import pytest
from jax import lax

import shlo
from shlo.interpreter.ops import convolution_order
from shlo.interpreter.ops.indexing import xla_tap_order

RNG = np.random.default_rng(0)

# (input shape, window, strides, padding): the first two are the stand-in's failing testdata forms
PEELED = [((112, 112), (3, 3), (2, 2), ((0, 1), (0, 1))),
          ((12, 12), (2, 2), (1, 1), ((0, 1), (0, 1))),
          ((12, 12), (2, 2), (1, 1), ((0, 0), (1, 0))),
          ((10, 10), (2, 4), (1, 1), ((0, 0), (0, 1))),
          ((6, 6, 6), (2, 2, 2), (1, 1, 1), ((0, 0), (0, 1), (0, 0)))]
ROW_MAJOR = [((10, 10), (3, 3), (1, 1), ((0, 0), (0, 0))),
             ((10, 10), (3, 3), (1, 1), ((0, 0), (1, 0))),
             ((10, 10), (3, 3), (1, 1), ((1, 1), (1, 1))),
             ((7, 3, 7), (2, 3, 3), (1, 2, 1), ((0, 0), (0, 1), (0, 0)))]


def _taps(shape, win, strides, pads):
    out = [(n + lo + hi - w) // s + 1 for n, w, s, (lo, hi) in zip(shape, win, strides, pads)]
    return xla_tap_order(list(win), list(strides), [1] * len(win), [1] * len(win), [p[0] for p in pads],
                         list(shape), out)


def test_order_rule():
    assert _taps(*PEELED[0]) == [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (0, 2), (1, 2), (2, 2)]
    assert _taps(*PEELED[2]) == [(0, 0), (1, 0), (0, 1), (1, 1)]
    for case in ROW_MAJOR:
        assert _taps(*case) == list(itertools.product(*(range(w) for w in case[1])))


# measured on an AVX-512 host; the emitter's adds may be reassociated (LLVM) elsewhere
@pytest.mark.skipif(convolution_order.onednn_kind() != "avx512", reason="XLA's order measured on AVX-512 hosts")
@pytest.mark.parametrize("case", PEELED + ROW_MAJOR, ids=str)
@pytest.mark.parametrize("op", ["add", "mul"])
def test_equal_to_xla(case, op):
    shape, win, strides, pads = case
    x = RNG.standard_normal(shape).astype(np.float32) * np.float32(10) ** RNG.integers(-3, 3, shape).astype(np.float32)
    fn, init = (lax.add, np.float32(0)) if op == "add" else (lax.mul, np.float32(1))
    f = lambda x: lax.reduce_window(x, init, fn, win, strides, pads)  # noqa: E731
    want = np.asarray(jax.jit(f)(x))
    got = np.asarray(shlo.interpret(shlo.from_jax(f, x), x)[0])
    row_major = np.full(want.shape, init, np.float32)
    padded = np.pad(x, pads, constant_values=init)
    for tap in itertools.product(*(range(w) for w in win)):
        view = padded[tuple(slice(t, t + (o - 1) * s + 1, s) for t, o, s in zip(tap, want.shape, strides))]
        row_major = (row_major + view if op == "add" else row_major * view).astype(np.float32)
    np.testing.assert_array_equal(got, want)
    if case in PEELED and op == "add":
        assert (row_major != want).any()          # the case tells the orders apart


@pytest.mark.skipif(convolution_order.onednn_kind() != "avx512", reason="XLA's order measured on AVX-512 hosts")
@pytest.mark.parametrize("op", ["add", "mul"])
@pytest.mark.parametrize("shape,win,strides", [((4, 6), (2, 2), (1, 1)), ((30, 40), (2, 2), (2, 2)),
                                               ((3, 8, 10), (1, 2, 2), (1, 1, 1))], ids=str)
def test_f16_two_by_two_is_a_tree(shape, win, strides, op):
    """f16 add / mul over a 2 x 2 window: ((init . x00) . x01) . (x10 . x11), as XLA CPU's
    vectorized code folds it (the testdata's float16 4 x 6 programs)."""
    x = (RNG.standard_normal(shape) * (3 if op == "add" else 1)).astype(np.float16)
    fn, init = (lax.add, np.float16(1)) if op == "add" else (lax.mul, np.float16(1))
    f = lambda x: lax.reduce_window(x, init, fn, win, strides, "VALID")  # noqa: E731
    want = np.asarray(jax.jit(f)(x))
    got = np.asarray(shlo.interpret(shlo.from_jax(f, x), x)[0])
    np.testing.assert_array_equal(got, want)
