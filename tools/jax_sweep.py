#!/usr/bin/env python3
"""A sweep of JAX programs through shlo, the way a JAX user writes them: each is imported
(`shlo.from_jax`, or `jax.export` with symbolic shapes and `shlo.from_stablehlo`), interpreted
and compiled, and both results are compared with JAX's.

    .venv/bin/python tools/jax_sweep.py              # every program; pass count, failures
    .venv/bin/python tools/jax_sweep.py cumsum fft   # only these (names as listed)
    .venv/bin/python tools/jax_sweep.py --cuda       # the GPU back end without a GPU: PTX for
                                                     # sm_80 + sm_90, and the CPU-run mapped form
                                                     # compared with JAX

The programs are short calls of jnp / lax / jax.nn / jax.scipy / jax.random functions over
random inputs (element-wise math, reductions, scans, sorting, indexing, FFTs, convolutions,
linear algebra, control flow, gradients, narrow types) and, exported with symbolic sizes, a
few models run at two sizes. Tolerance: 2e-3 relative and absolute (the least precise type
swept is bfloat16), integers and booleans exactly.
"""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import jax                      # noqa: E402
import jax.numpy as jnp         # noqa: E402
import jax.scipy as jsp         # noqa: E402
import numpy as np              # noqa: E402
from jax import export, lax     # noqa: E402

import shlo                     # noqa: E402

RNG = np.random.default_rng(0)
TOL = 2e-3


def f32(*shape):
    return RNG.standard_normal(shape).astype(np.float32)


def pos(*shape):
    return (RNG.random(shape) + 0.5).astype(np.float32)


def unit(*shape):
    return (RNG.random(shape) * 1.8 - 0.9).astype(np.float32)


def i32(*shape):
    return RNG.integers(-50, 50, shape).astype(np.int32)


def idx(n, *shape):
    return RNG.integers(0, n, shape).astype(np.int32)


def _conv(dims, **kw):
    return lambda x, w: lax.conv_general_dilated(x, w, dimension_numbers=dims, **kw)


@jax.custom_jvp
def _safe_log(x):
    return jnp.log(x)


_safe_log.defjvp(lambda p, t: (_safe_log(p[0]), t[0] / p[0]))

# name -> (function, arguments)
PROGRAMS = {}
for _n in ["sin", "cos", "tan", "arctan", "sinh", "cosh", "tanh", "arcsinh", "exp", "exp2", "expm1", "log1p",
           "abs", "sign", "floor", "ceil", "round", "trunc", "square", "cbrt", "negative", "reciprocal", "rint",
           "sinc", "deg2rad", "i0"]:
    PROGRAMS[_n] = (getattr(jnp, _n), [f32(5, 7)])
for _n in ["arcsin", "arccos", "arctanh"]:
    PROGRAMS[_n] = (getattr(jnp, _n), [unit(5, 7)])
for _n in ["log", "log2", "log10", "sqrt"]:
    PROGRAMS[_n] = (getattr(jnp, _n), [pos(4, 9)])
for _n in ["sum", "prod", "max", "min", "mean", "var", "std", "argmax", "argmin", "cumsum", "cumprod", "median",
           "ptp", "nanmean", "nansum", "count_nonzero"]:
    PROGRAMS[_n] = (lambda x, f=getattr(jnp, _n): f(x, axis=1), [f32(4, 6)])
PROGRAMS.update({
    "rsqrt": (lax.rsqrt, [pos(4, 9)]),
    "logaddexp": (jnp.logaddexp, [f32(5, 7), f32(5, 7)]),
    "power": (jnp.power, [pos(3, 4), f32(3, 4)]),
    "arctan2": (jnp.arctan2, [f32(6), f32(6)]),
    "hypot": (jnp.hypot, [f32(6), f32(6)]),
    "mod": (jnp.mod, [f32(8), pos(8)]),
    "fmod": (jnp.fmod, [f32(8), pos(8)]),
    "floor_divide_int": (jnp.floor_divide, [i32(9), i32(9) | 1]),
    "remainder_int": (jnp.remainder, [i32(9), i32(9) | 1]),
    "gcd": (jnp.gcd, [i32(9), i32(9)]),
    "lcm": (jnp.lcm, [i32(6) % 12, i32(6) % 12]),
    "clip": (lambda x: jnp.clip(x, -0.5, 0.5), [f32(10)]),
    "where": (lambda x: jnp.where(x > 0, x, 2 * x), [f32(10)]),
    "nan_to_num": (lambda x: jnp.nan_to_num(x / (x - x)), [f32(5)]),
    "all_any": (lambda x: (jnp.all(x > 0, axis=1), jnp.any(x > 0, axis=0)), [f32(4, 6)]),
    "cummax": (lambda x: lax.cummax(x, axis=1), [f32(4, 6)]),
    "cumlogsumexp": (lambda x: lax.cumlogsumexp(x, axis=0), [f32(6)]),
    "cumsum_reverse": (lambda x: lax.cumsum(x, axis=0, reverse=True), [f32(6, 3)]),
    "logsumexp": (lambda x: jsp.special.logsumexp(x, axis=1), [f32(4, 6)]),
    "associative_scan": (lambda x: lax.associative_scan(jnp.add, x), [f32(9)]),
    "sort": (jnp.sort, [f32(7, 5)]),
    "argsort": (jnp.argsort, [f32(7, 5)]),
    "sort_keys_values": (lambda k, v: lax.sort((k, v), num_keys=1), [f32(7), i32(7)]),
    "top_k": (lambda x: lax.top_k(x, 3), [f32(4, 9)]),
    "top_k_int": (lambda x: lax.top_k(x, 3), [i32(3, 8)]),
    "approx_max_k": (lambda x: lax.approx_max_k(x, 3), [f32(2, 20)]),
    "unique_sized": (lambda x: jnp.unique(x, size=5, fill_value=0), [i32(12) % 6]),
    "searchsorted": (lambda a, v: jnp.searchsorted(jnp.sort(a), v), [f32(10), f32(4)]),
    "diff": (jnp.diff, [f32(8)]),
    "convolve": (jnp.convolve, [f32(10), f32(3)]),
    "correlate_same": (lambda a, b: jnp.correlate(a, b, mode="same"), [f32(10), f32(4)]),
    "outer": (jnp.outer, [f32(4), f32(5)]),
    "kron": (jnp.kron, [f32(2, 2), f32(3, 2)]),
    "einsum_batched": (lambda a, b: jnp.einsum("bij,bjk->bik", a, b), [f32(3, 4, 5), f32(3, 5, 2)]),
    "einsum_trace": (lambda a: jnp.einsum("ii->", a), [f32(4, 4)]),
    "tensordot": (lambda a, b: jnp.tensordot(a, b, axes=([1, 2], [0, 1])), [f32(3, 4, 5), f32(4, 5, 2)]),
    "matmul_broadcast": (jnp.matmul, [f32(2, 1, 3, 4), f32(5, 4, 2)]),
    "int8_dot_i32": (lambda a, b: lax.dot(a.astype(jnp.int8), b.astype(jnp.int8), preferred_element_type=jnp.int32),
                     [i32(3, 4) % 10, i32(4, 2) % 10]),
    "complex_matmul": (lambda a, b: jnp.abs(lax.complex(a, b) @ lax.complex(b, a).T), [f32(3, 4), f32(3, 4)]),
    "vdot": (jnp.vdot, [f32(7), f32(7)]),
    "cross": (jnp.cross, [f32(4, 3), f32(4, 3)]),
    "trace_tril_triu": (lambda x: (jnp.trace(x), jnp.tril(x), jnp.triu(x, 1)), [f32(5, 5)]),
    "roll_flip_rot90": (lambda x: (jnp.roll(x, 2, axis=1), jnp.flip(x), jnp.rot90(x)), [f32(3, 5)]),
    "tile_repeat": (lambda x: (jnp.tile(x, (2, 3)), jnp.repeat(x, 3, axis=0)), [f32(2, 3)]),
    "pad_modes": (lambda x: (jnp.pad(x, ((1, 2), (2, 1)), mode="reflect"), jnp.pad(x, 2, mode="edge"),
                             jnp.pad(x, 1, mode="wrap")), [f32(4, 5)]),
    "take": (lambda x, i: jnp.take(x, i, axis=0), [f32(6, 4), np.array([0, 5, 2, 2], np.int32)]),
    "take_along_axis": (lambda x, i: jnp.take_along_axis(x, i, axis=1), [f32(3, 5), idx(5, 3, 2)]),
    "scatter_add": (lambda x, i, u: x.at[i].add(u), [f32(6), np.array([1, 3, 1], np.int32), f32(3)]),
    "scatter_set_strided": (lambda x, u: x.at[1:3, ::2].set(u), [f32(4, 6), f32(2, 3)]),
    "segment_sum": (lambda d, i: jax.ops.segment_sum(d, i, num_segments=4), [f32(10), idx(4, 10)]),
    "dynamic_slice": (lambda x, i: lax.dynamic_slice(x, (i, 1), (2, 3)), [f32(5, 6), np.int32(2)]),
    "dynamic_update_slice": (lambda x, u, i: lax.dynamic_update_slice(x, u, (i, 0)), [f32(5, 6), f32(2, 6), np.int32(4)]),
    "advanced_indexing": (lambda x: x[jnp.array([[0, 1], [2, 0]]), jnp.array([1, 2])], [f32(3, 4)]),
    "where_sized": (lambda x: jnp.where(x > 0, size=4, fill_value=-1)[0], [f32(8)]),
    "histogram": (lambda x: jnp.histogram(x, bins=5, range=(-2, 2))[0], [f32(50)]),
    "bincount": (lambda i: jnp.bincount(i, length=6), [idx(6, 20)]),
    "interp_polyval": (lambda c, x: (jnp.polyval(c, x), jnp.interp(x, jnp.array([0., 1., 2.]), jnp.array([1., 3., 2.]))),
                       [f32(4), f32(6)]),
    "fft": (lambda x: (jnp.fft.fft(x).real, jnp.abs(jnp.fft.rfft(x)), jnp.fft.irfft(jnp.fft.rfft(x))), [f32(16)]),
    "fft2_fftn": (lambda x: (jnp.fft.fft2(x).imag, jnp.abs(jnp.fft.fftn(x, axes=(0, 2)))), [f32(4, 3, 8)]),
    "conv2d_same": (_conv(("NHWC", "HWIO", "NHWC"), window_strides=(1, 1), padding="SAME"), [f32(2, 8, 8, 3), f32(3, 3, 3, 4)]),
    "conv_dilated_strided": (_conv(("NCHW", "OIHW", "NCHW"), window_strides=(2, 2), padding=((1, 1), (0, 2)),
                                   rhs_dilation=(2, 1)), [f32(1, 2, 9, 9), f32(3, 2, 3, 3)]),
    "conv_depthwise": (_conv(("NHWC", "HWIO", "NHWC"), window_strides=(1, 1), padding="VALID", feature_group_count=4),
                       [f32(1, 6, 6, 4), f32(3, 3, 1, 8)]),
    "conv_transpose": (lambda x, w: lax.conv_transpose(x, w, (2, 2), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC")),
                       [f32(1, 4, 4, 2), f32(3, 3, 2, 3)]),
    "pools": (lambda x: (lax.reduce_window(x, 0., lax.add, (1, 2, 2, 1), (1, 2, 2, 1), "VALID") / 4,
                         lax.reduce_window(x, -jnp.inf, lax.max, (1, 3, 3, 1), (1, 2, 2, 1), "SAME")), [f32(2, 7, 7, 3)]),
    "image_resize": (lambda x: (jax.image.resize(x, (2, 8, 8, 3), "bilinear"), jax.image.resize(x, (2, 3, 6, 3), "nearest")),
                     [f32(2, 4, 4, 3)]),
    "activations": (lambda x: (jax.nn.softmax(x), jax.nn.log_softmax(x), jax.nn.gelu(x), jax.nn.gelu(x, approximate=False),
                               jax.nn.silu(x), jax.nn.sigmoid(x), jax.nn.softplus(x)), [f32(4, 10)]),
    "one_hot": (lambda i: jax.nn.one_hot(i, 5), [np.array([0, 3, 4, 1], np.int32)]),
    "special": (lambda x, p: (jsp.special.erf(x), jsp.special.gammaln(p), jsp.special.digamma(p)), [f32(10), pos(10)]),
    "erfinv": (jsp.special.erfinv, [unit(10)]),
    "attention_causal": (lambda q, k, v: jax.nn.dot_product_attention(q, k, v, is_causal=True),
                         [f32(2, 6, 2, 4), f32(2, 6, 2, 4), f32(2, 6, 2, 4)]),
    "scan": (lambda x: lax.scan(lambda c, a: (c + a, c * a), 0.0, x), [f32(7)]),
    "rnn_scan": (lambda h, xs, w: lax.scan(lambda h, x: (jnp.tanh(h @ w + x), h), h, xs)[0], [f32(3), f32(5, 3), f32(3, 3)]),
    "fori_loop": (lambda x: lax.fori_loop(0, 5, lambda i, c: c * 1.1 + i, x), [f32(4)]),
    "while_loop": (lambda x: lax.while_loop(lambda c: jnp.sum(c) < 100, lambda c: c * 2 + 1, x), [pos(3)]),
    "cond": (lambda p, x: lax.cond(p > 0, lambda x: (x + 1, x), lambda x: (x * 2, x), x), [np.float32(1.0), f32(3)]),
    "switch": (lambda i, x: lax.switch(i, [jnp.sin, jnp.cos, jnp.tanh], x), [np.int32(2), f32(3)]),
    "lax_map": (lambda x: lax.map(jnp.sum, x), [f32(4, 3)]),
    "vmap": (jax.vmap(jnp.dot), [f32(5, 3), f32(5, 3)]),
    "grad_mlp": (jax.grad(lambda w, x: jnp.sum(jnp.tanh(x @ w) ** 2)), [f32(4, 3), f32(5, 4)]),
    "grad_checkpoint": (jax.grad(lambda x: jnp.sum(jax.checkpoint(lambda y: jnp.sin(y) * y)(x))), [f32(6)]),
    "grad_custom_jvp": (jax.grad(lambda x: _safe_log(x).sum()), [pos(5)]),
    "grad_conv": (jax.grad(lambda w, x: jnp.sum(lax.conv_general_dilated(x, w, (1, 1), "SAME",
                                                                       dimension_numbers=("NHWC", "HWIO", "NHWC")) ** 2)),
                  [f32(3, 3, 2, 4), f32(2, 5, 5, 2)]),
    "grad_maxpool": (jax.grad(lambda x: jnp.sum(lax.reduce_window(x, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID"))),
                     [f32(1, 4, 4, 2)]),
    "train_step": (lambda w, x, y: w - 0.1 * jax.grad(lambda w: jnp.mean((jnp.tanh(x @ w) - y) ** 2))(w),
                   [f32(4, 3), f32(8, 4), f32(8, 3)]),
    "jvp": (lambda x: jax.jvp(jnp.sin, (x,), (jnp.ones_like(x),))[1], [f32(5)]),
    "bf16_matmul": (lambda a, b: a.astype(jnp.bfloat16) @ b.astype(jnp.bfloat16), [f32(4, 8), f32(8, 3)]),
    "f16_exp": (lambda a: jnp.exp(a.astype(jnp.float16)), [f32(6)]),
    "f8": (lambda x: (x.astype(jnp.float8_e4m3fn).astype(jnp.float32), (x.astype(jnp.float8_e5m2) * 2).astype(jnp.float32)),
           [f32(8)]),
    "int4": (lambda x: (x.astype(jnp.int4) + 1).astype(jnp.int32), [i32(8) % 7]),
    "integer_bits": (lambda a, b: ((a * b + (a >> 2) - (b & 7)) ^ (a | 3), lax.population_count(a), lax.clz(b),
                                   lax.shift_right_logical(a, 2)), [i32(10), i32(10)]),
    "uint8_wrap": (lambda a: (a.astype(jnp.uint8) + 250).astype(jnp.int32), [i32(10) % 20]),
    "bitcast": (lambda x: lax.bitcast_convert_type(x, jnp.int32) >> 3, [f32(5)]),
    "complex": (lambda a, b: jnp.abs(jnp.exp(lax.complex(a, b)) * (a + 1j)), [f32(6), f32(6)]),
    "float_bits": (lambda x, y: (jnp.nextafter(x, y), jnp.frexp(x)[0], jnp.ldexp(x, 3), lax.reduce_precision(x, 5, 10)),
                   [f32(5), f32(5)]),
    "random": (lambda x, l: (jax.random.normal(jax.random.PRNGKey(1), (5,)) + x,
                             jax.random.categorical(jax.random.PRNGKey(2), l, axis=-1),
                             jax.random.permutation(jax.random.PRNGKey(0), x)), [f32(5), f32(3, 6)]),
    "construction": (lambda x: (x + jnp.linspace(0, 1, 5) + jnp.arange(5), jnp.diag(x) + jnp.eye(5),
                                jnp.stack(jnp.meshgrid(x, x[:3]))), [f32(5)]),
    "concat_split_transpose": (lambda a, b: (jnp.concatenate([a, b, a], axis=1), jnp.split(a.reshape(-1), 3)[1],
                                             jnp.transpose(jnp.stack([a, b])[:, None], (2, 0, 3, 1))), [f32(2, 3), f32(2, 3)]),
    "linalg_solve": (lambda a, b: (jnp.linalg.inv(a), jnp.linalg.solve(a, b), jnp.linalg.det(a), jnp.linalg.slogdet(a)[1]),
                     [f32(3, 3) + 3 * np.eye(3, dtype=np.float32), f32(3, 2)]),
    "linalg_factor": (lambda a: (jnp.linalg.cholesky(a @ a.T + 4 * jnp.eye(4)), jnp.abs(jnp.linalg.qr(a)[1]),
                                 jnp.linalg.eigh(a + a.T)[0], jnp.linalg.svd(a, compute_uv=False)), [f32(4, 4)]),
    "linalg_batched": (lambda a: (jnp.linalg.eigh(a + jnp.swapaxes(a, -1, -2))[0], jnp.linalg.svd(a, compute_uv=False)),
                       [f32(3, 4, 4)]),
    "linalg_other": (lambda a, b: (jnp.linalg.norm(a), jnp.linalg.pinv(a), jnp.linalg.lstsq(a, b)[0]), [f32(5, 3), f32(5)]),
    "matrix_functions": (lambda a: (jnp.linalg.matrix_power(a, 3), jsp.linalg.expm(a / 3)), [f32(3, 3)]),
    "eigvals": (lambda a: jnp.sort_complex(jnp.linalg.eigvals(a)).real, [f32(4, 4)]),
})

# name -> (function, argument shapes in symbolic sizes b, s, c, k), exported with jax.export
EXPORTED = {
    "export_mlp": (lambda x, w: jax.nn.relu(x @ w).sum(-1), ["b, 8", "8, 4"]),
    "export_softmax": (lambda x: jax.nn.softmax(x, axis=-1), ["b, 7"]),
    "export_layernorm": (lambda x: (x - x.mean(-1, keepdims=True)) / jnp.sqrt(x.var(-1, keepdims=True) + 1e-5), ["b, s, 16"]),
    "export_attention": (lambda q, k: jax.nn.softmax(q @ jnp.swapaxes(k, -1, -2), axis=-1), ["b, s, 8", "b, s, 8"]),
    "export_cumsum": (lambda x: jnp.cumsum(x, axis=1), ["b, s"]),
    "export_reshape": (lambda x: x.reshape(x.shape[0] * x.shape[1], -1).sum(0), ["b, s, 4"]),
    "export_concat": (lambda x, y: jnp.concatenate([x, y], axis=0) * 2, ["b, 3", "c, 3"]),
    "export_pad": (lambda x: jnp.pad(x, ((1, 1), (0, 2))), ["b, s"]),
    "export_strided_slice": (lambda x: x[:, ::2], ["b, 2*s"]),
    "export_argmax": (lambda x: jnp.argmax(x, axis=-1), ["b, 9"]),
    "export_sort": (lambda x: jnp.sort(x, axis=0), ["b, 3"]),
    "export_conv1d": (lambda x, w: lax.conv_general_dilated(x, w, (1,), "SAME", dimension_numbers=("NWC", "WIO", "NWC")),
                      ["b, s, 3", "3, 3, 5"]),
    "export_broadcast": (lambda x, y: x[:, None, :] + y[None, :, :], ["b, 4", "c, 4"]),
    "export_mask": (lambda x: jnp.where(jnp.arange(x.shape[1])[None, :] < 3, x, 0.0), ["b, s"]),
    "export_iota": (lambda x: x * jnp.arange(x.shape[0], dtype=jnp.float32)[:, None], ["b, 4"]),
    "export_scan": (lambda x: lax.scan(lambda c, a: (c + a, c), jnp.zeros(x.shape[1:]), x)[0], ["b, 3"]),
    "export_matmul": (lambda x, w: x @ w, ["b, k", "k, 5"]),
}
SIZES = ({"b": 2, "s": 3, "c": 4, "k": 3}, {"b": 5, "s": 6, "c": 1, "k": 4})


def _compare(got, want) -> None:
    for g, w in zip(got, jax.tree_util.tree_leaves(want)):
        g, w = np.asarray(g), np.asarray(w)
        if w.dtype.kind in "biu":
            np.testing.assert_array_equal(g, w)
        else:
            np.testing.assert_allclose(g.astype(np.float64), w.astype(np.float64), rtol=TOL, atol=TOL)


CUDA = False     # --cuda: the GPU back end (PTX, and its thread-mapped form run on the CPU)


def _interpret(prog, args):
    return shlo.interpret(prog, *args)


def _compiled(prog):
    if CUDA:
        from shlo.lowering.gpu import compiler as gpu
        gpu.compile_cuda_arches(prog, ("sm_80", "sm_90"))
        return gpu.cpu_check(prog)
    return shlo.compile(prog)


def run_program(fn, args) -> str | None:
    """None when interpreted and compiled results match JAX's; else the failing stage and error."""
    stage = "jax"
    try:
        want = jax.jit(fn)(*args)
        stage = "import"
        prog = shlo.from_jax(fn, *args)
        if not CUDA:
            stage = "interpret"
            _compare(_interpret(prog, args), want)
        stage = "compile"
        compiled = _compiled(prog)
        stage = "compiled run"
        _compare(compiled(*args), want)
    except Exception as e:  # noqa: BLE001 - every failure is reported with its stage
        return f"{stage}: {type(e).__name__}: {' '.join(str(e).split())[:240]}"
    return None


def run_exported(fn, specs) -> str | None:
    names = sorted({t for s in specs for t in s.replace("*", " ").replace(",", " ").split() if t.isalpha()})
    symbols = dict(zip(names, export.symbolic_shape(",".join(names))))
    stage = "export"
    try:
        exported = export.export(jax.jit(fn))(*[
            jax.ShapeDtypeStruct(tuple(eval(d, {}, symbols) for d in s.split(",")), jnp.float32) for s in specs])
        stage = "import"
        prog = shlo.from_stablehlo(exported.mlir_module())
        stage = "compile"
        compiled = _compiled(prog)
        for sizes in SIZES:
            args = [RNG.standard_normal(tuple(eval(d, {}, sizes) for d in s.split(","))).astype(np.float32) for s in specs]
            want = exported.call(*args)
            if not CUDA:
                stage = f"interpret at {sizes}"
                _compare(_interpret(prog, args), want)
            stage = f"compiled run at {sizes}"
            _compare(compiled(*args), want)
    except Exception as e:  # noqa: BLE001
        return f"{stage}: {type(e).__name__}: {' '.join(str(e).split())[:240]}"
    return None


def main(argv) -> int:
    global CUDA
    CUDA = "--cuda" in argv
    argv = [a for a in argv if a != "--cuda"]
    names = argv or sorted(PROGRAMS) + sorted(EXPORTED)
    unknown = [n for n in names if n not in PROGRAMS and n not in EXPORTED]
    if unknown:
        print(f"unknown programs: {', '.join(unknown)}")
        return 2
    failures = []
    for name in names:
        error = run_program(*PROGRAMS[name]) if name in PROGRAMS else run_exported(*EXPORTED[name])
        if error:
            failures.append((name, error))
    what = ("give PTX for sm_80 and sm_90 and a thread-mapped form that matches JAX" if CUDA
            else "match JAX interpreted and compiled")
    print(f"{len(names) - len(failures)}/{len(names)} JAX programs {what}")
    for name, error in failures:
        print(f"  {name}: {error}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
