"""Differential tests of shlo.from_jax: each JAX function is imported, verified,
run on the reference interpreter and compiled with shlo.compile, and both are
compared with JAX's own output (integers bit-exact, floats to a tight
tolerance); its StableHLO export round-trips text-identically and XLA runs it
to the same outputs."""
from __future__ import annotations

import functools
import os

import jax
import jax.numpy as jnp
import ml_dtypes
import numpy as np
import pytest
from jax import lax

import shlo

jax.config.update("jax_enable_x64", False)

RNG = np.random.default_rng(0)


def _arr(shape, dtype="float32", lo=-3, hi=3):
    dt = np.dtype(dtype) if dtype not in ("bfloat16",) else np.dtype(ml_dtypes.bfloat16)
    if dt == np.bool_:
        return RNG.random(shape) < 0.5
    if np.issubdtype(dt, np.integer):
        info = np.iinfo(dt)
        return RNG.integers(max(info.min, lo * 10), min(info.max, hi * 10) + 1, size=shape).astype(dt)
    if np.issubdtype(dt, np.complexfloating):
        return (RNG.uniform(lo, hi, shape) + 1j * RNG.uniform(lo, hi, shape)).astype(dt)
    return RNG.uniform(lo, hi, shape).astype(dt)


def _pos(shape, dtype="float32"):
    return _arr(shape, dtype, 0.1, 3).__abs__() + np.asarray(0.1, dtype=_arr((1,), dtype).dtype)


def run_xla(text: str, args):
    """Compiles StableHLO text with XLA (CPU) and runs it on `args`."""
    from jax._src import compiler
    from jax._src.lib import xla_client as xc
    dev = jax.devices("cpu")[0]
    client = dev.client
    opts = compiler.get_compile_options(num_replicas=1, num_partitions=1)
    exe = client.compile_and_load(text, xc.DeviceList((dev,)), opts)
    bufs = [jax.device_put(np.asarray(a), dev) for a in args]
    res = exe.execute_sharded(bufs)
    return [np.asarray(r[0]) for r in res.disassemble_into_single_device_arrays()]


def _tol(dtype):
    dt = np.dtype(dtype)
    if dt in (np.dtype(ml_dtypes.bfloat16),):
        return 2e-2
    if dt == np.float16:
        return 2e-3
    if dt in (np.float64, np.complex128):
        return 1e-10
    return 2e-5


def assert_same(got, want, rtol=None, what=""):
    got, want = np.asarray(got), np.asarray(want)
    assert got.shape == want.shape, (what, got.shape, want.shape)
    assert got.dtype == want.dtype, (what, got.dtype, want.dtype)
    if want.dtype.kind in "biu":
        np.testing.assert_array_equal(got, want, err_msg=what)
    else:
        tol = rtol if rtol is not None else _tol(want.dtype)
        np.testing.assert_allclose(got.astype(np.complex128 if want.dtype.kind == "c" else np.float64),
                                   want.astype(np.complex128 if want.dtype.kind == "c" else np.float64),
                                   rtol=tol, atol=tol, equal_nan=True, err_msg=what)


def check(fn, *args, rtol=None, xla=True, roundtrip=True, compiled=True, **kwargs):
    prog = shlo.from_jax(fn, *args, **kwargs)
    prog.verify()
    flat = [np.asarray(x) for x in jax.tree_util.tree_leaves((args, kwargs))]
    want_tree = jax.jit(fn)(*args, **kwargs)
    want = [np.asarray(x) for x in jax.tree_util.tree_leaves(want_tree)]
    got = shlo.interpret(prog, *flat)
    assert len(got) == len(want)
    for i, (g, w) in enumerate(zip(got, want)):
        assert_same(g, w, rtol, f"interpret result {i}")
    if compiled:
        native = shlo.compile(prog)(*flat)
        assert len(native) == len(want)
        for i, (g, w) in enumerate(zip(native, want)):
            assert_same(g, w, rtol, f"compiled result {i}")
    # pytree structure is kept
    rebuilt = jax.tree_util.tree_unflatten(prog.out_tree, got)
    assert jax.tree_util.tree_structure(rebuilt) == jax.tree_util.tree_structure(want_tree)
    if roundtrip or xla:
        text = shlo.to_stablehlo(prog)
        if roundtrip:
            assert shlo.from_stablehlo(text).text() == prog.text()
        if xla:
            for i, (g, w) in enumerate(zip(run_xla(text, flat), want)):
                assert_same(g, w, rtol, f"xla result {i}")
    return prog


# ---------------------------------------------------------------------------
# cases: (id, fn, args builder)
# ---------------------------------------------------------------------------

FLOAT_DTYPES = ["float32", "float16", "bfloat16"]
INT_DTYPES = ["int8", "int32", "uint8", "uint32", "int16"]

UNARY_FLOAT = {
    "neg": jnp.negative, "abs": jnp.abs, "exp": jnp.exp, "log": lambda x: jnp.log(jnp.abs(x) + 1),
    "tanh": jnp.tanh, "sin": jnp.sin, "cos": jnp.cos, "floor": jnp.floor, "ceil": jnp.ceil,
    "round": jnp.round, "sqrt": lambda x: jnp.sqrt(jnp.abs(x)), "rsqrt": lambda x: lax.rsqrt(jnp.abs(x) + 1),
    "expm1": jnp.expm1, "log1p": lambda x: jnp.log1p(jnp.abs(x)), "sign": jnp.sign,
    "logistic": jax.nn.sigmoid, "square": jnp.square, "isfinite": jnp.isfinite,
    "cbrt": jnp.cbrt, "tan": lambda x: jnp.tan(x / 4),
}
BINARY_FLOAT = {
    "add": jnp.add, "sub": jnp.subtract, "mul": jnp.multiply, "div": jnp.divide, "max": jnp.maximum,
    "min": jnp.minimum, "pow": lambda x, y: jnp.power(jnp.abs(x) + 0.5, y), "atan2": jnp.arctan2,
    "rem": lambda x, y: lax.rem(x, jnp.abs(y) + 1), "lt": jnp.less, "ge": jnp.greater_equal,
    "eq": jnp.equal, "where": lambda x, y: jnp.where(x > y, x, y),
}
BINARY_INT = {
    "add": jnp.add, "sub": jnp.subtract, "mul": jnp.multiply, "max": jnp.maximum, "and": jnp.bitwise_and,
    "or": jnp.bitwise_or, "xor": jnp.bitwise_xor, "shl": lambda x, y: lax.shift_left(x, y % 4),
    "shr": lambda x, y: lax.shift_right_logical(x, y % 4), "floordiv": lambda x, y: x // (y | 1),
    "ne": jnp.not_equal, "le": jnp.less_equal, "not": lambda x, y: ~x, "clz": lambda x, y: lax.clz(x),
    "popcnt": lambda x, y: lax.population_count(x),
}

CASES = []
FULL = bool(os.environ.get("SHLO_FULL_TESTS"))


def case(name, fn, *args, thin=False, **kw):
    """thin: one of an op's dtype variants, run every other one by default (tests/conftest.py's
    thin(2); SHLO_FULL_TESTS=1 runs all)."""
    CASES.append(pytest.param(fn, args, kw, id=name, marks=[pytest.mark.thin(2)] if thin else []))


def variants(i, items):
    """items rotated by i: thin(2) keeps the first of each op's pair, so rotating from op to op
    keeps every op in one dtype and every dtype for half of the ops."""
    return items[i % len(items):] + items[:i % len(items)]


for n, f in UNARY_FLOAT.items():
    case(f"unary_{n}_f32", f, _arr((3, 4)))
for i, n in enumerate(["neg", "exp", "tanh", "sqrt", "logistic", "floor"]):
    for dt, short in variants(i, [("float16", "f16"), ("bfloat16", "bf16")]):
        case(f"unary_{n}_{short}", UNARY_FLOAT[n], _arr((5,), dt), thin=True)
for n, f in BINARY_FLOAT.items():
    case(f"binary_{n}_f32", f, _arr((2, 3)), _arr((2, 3)))
for i, n in enumerate(["add", "mul", "max", "lt"]):
    for dt, short in variants(i, [("bfloat16", "bf16"), ("float16", "f16")]):
        case(f"binary_{n}_{short}", BINARY_FLOAT[n], _arr((4,), dt), _arr((4,), dt), thin=True)
for i, (n, f) in enumerate(BINARY_INT.items()):
    dts = [dt for dt in INT_DTYPES if dt in ("int8", "uint32") or n in ("add", "mul", "floordiv")]
    if len(dts) % 2:     # (an even count per op keeps the rotation in step)
        case(f"int_{n}_{dts[-1]}", f, _arr((6,), dts[-1]), _arr((6,), dts[-1]))
        dts = dts[:-1]
    for dt in variants(i, dts):
        case(f"int_{n}_{dt}", f, _arr((6,), dt), _arr((6,), dt), thin=True)
case("bool_ops", lambda a, b: (a & b, a | ~b, a ^ b, jnp.logical_not(a)), _arr((5,), "bool"), _arr((5,), "bool"))
case("complex_ops", lambda z, w: (z * w, z + w, jnp.abs(z), jnp.real(z), jnp.imag(w), jnp.conj(z), jnp.exp(z)),
     _arr((3,), "complex64"), _arr((3,), "complex64"))
case("complex_make", lambda a, b: lax.complex(a, b) * 2, _arr((3,)), _arr((3,)))
case("convert_f32_i32", lambda x: x.astype(jnp.int32), _arr((6,)))
case("convert_i8_f16", lambda x: x.astype(jnp.float16), _arr((6,), "int8"))
case("convert_bf16_f32", lambda x: x.astype(jnp.float32) * 2, _arr((6,), "bfloat16"))
case("convert_u32_bool", lambda x: x.astype(bool), _arr((6,), "uint32"))
case("bitcast", lambda x: lax.bitcast_convert_type(x, jnp.int32), _arr((4,)))
case("clamp", lambda x: jnp.clip(x, -1, 1), _arr((7,)))
case("integer_pow", lambda x: x ** 3 + lax.integer_pow(x, -2), _pos((4,)))
case("reduce_precision", lambda x: lax.reduce_precision(x, 5, 10), _arr((4,)))
case("nextafter_like", lambda x: jnp.where(jnp.isnan(x), 0., x), _arr((4,)))

# reductions
case("sum", lambda x: jnp.sum(x, axis=1), _arr((3, 5)))
case("sum_all_i32", lambda x: jnp.sum(x), _arr((3, 5), "int32"))
case("mean_var", lambda x: (jnp.mean(x, 0), jnp.var(x, 0)), _arr((6, 3)))
case("max_min", lambda x: (jnp.max(x, axis=0), jnp.min(x)), _arr((4, 3)))
case("prod", lambda x: jnp.prod(x, axis=-1), _arr((2, 3)))
case("argmax", lambda x: (jnp.argmax(x, axis=1), jnp.argmin(x, axis=0)), _arr((3, 4)))
case("any_all", lambda x: (jnp.any(x > 1), jnp.all(x > -5, axis=0)), _arr((3, 4)))
case("logsumexp", lambda x: jax.nn.logsumexp(x, axis=-1), _arr((3, 4)))
case("cumsum", lambda x: jnp.cumsum(x, axis=0), _arr((5, 3)))
case("cumprod_i32", lambda x: jnp.cumprod(x), _arr((6,), "int32", -2, 2))
case("cummax", lambda x: lax.cummax(x, axis=0), _arr((7,)))
case("reduce_window_max", lambda x: lax.reduce_window(x, -jnp.inf, lax.max, (2, 2), (1, 1), "VALID"),
     _arr((4, 5)))
case("avg_pool", lambda x: lax.reduce_window(x, 0., lax.add, (1, 2, 2, 1), (1, 2, 2, 1), "SAME") / 4,
     _arr((1, 4, 4, 2)))

# linear algebra
case("matmul", jnp.matmul, _arr((3, 4)), _arr((4, 5)))
case("matmul_bf16", jnp.matmul, _arr((2, 4), "bfloat16"), _arr((4, 3), "bfloat16"), rtol=5e-2)
case("matmul_i8_i32", lambda a, b: jnp.matmul(a, b, preferred_element_type=jnp.int32),
     _arr((2, 3), "int8"), _arr((3, 2), "int8"))
case("batched_matmul", jnp.matmul, _arr((2, 3, 4)), _arr((2, 4, 2)))
case("einsum", lambda a, b: jnp.einsum("bij,bjk->bik", a, b), _arr((2, 3, 4)), _arr((2, 4, 5)))
case("einsum_outer", lambda a, b: jnp.einsum("i,j->ij", a, b), _arr((3,)), _arr((4,)))
case("dot_precision", lambda a, b: jnp.dot(a, b, precision=lax.Precision.HIGHEST), _arr((3, 3)), _arr((3,)))

# shapes
case("reshape_transpose", lambda x: x.reshape(4, 3).T, _arr((2, 6)))
case("broadcast", lambda x, y: x[:, None] + y[None, :], _arr((3,)), _arr((4,)))
case("concat_stack", lambda x, y: (jnp.concatenate([x, y], 0), jnp.stack([x, y], 1)), _arr((2, 3)), _arr((2, 3)))
case("slice", lambda x: (x[1:3, ::2], x[::-1]), _arr((4, 5)))
case("pad", lambda x: jnp.pad(x, ((1, 2), (0, 1))), _arr((2, 3)))
case("lax_pad_interior", lambda x: lax.pad(x, 0., [(1, 0, 1), (0, -1, 0)]), _arr((3, 3)))
case("rev", lambda x: jnp.flip(x, axis=(0, 1)), _arr((3, 4)))
case("iota", lambda x: x + jnp.arange(5, dtype=jnp.float32), _arr((5,)))
case("squeeze_expand", lambda x: jnp.expand_dims(jnp.squeeze(x, 0), -1), _arr((1, 4)))
case("tile_repeat", lambda x: (jnp.tile(x, (2, 1)), jnp.repeat(x, 2, axis=1)), _arr((2, 3)))
case("split", lambda x: jnp.split(x, 3), _arr((6, 2)))
case("roll", lambda x: jnp.roll(x, 2, axis=0), _arr((5, 2)))
case("tril_triu", lambda x: (jnp.tril(x), jnp.triu(x, 1)), _arr((4, 4)))
case("eye_diag", lambda x: (jnp.diag(x), x * jnp.eye(4)), _arr((4, 4)))

# indexing
case("index_int", lambda x, i: x[i], _arr((5, 3)), np.int32(2))
case("gather_take", lambda x, i: jnp.take(x, i, axis=0), _arr((5, 3)), np.array([0, 4, 2], np.int32))
case("gather_2d", lambda x, i, j: x[i, j], _arr((5, 4)), np.array([0, 4, 2], np.int32), np.array([1, 1, 3], np.int32))
case("take_along_axis", lambda x, i: jnp.take_along_axis(x, i, axis=1), _arr((3, 4)),
     np.array([[0, 1], [3, 2], [1, 1]], np.int32))
case("dynamic_slice", lambda x, i: lax.dynamic_slice(x, (i, 0), (2, 3)), _arr((5, 3)), np.int32(2))
case("dynamic_update_slice", lambda x, u, i: lax.dynamic_update_slice(x, u, (i, 1)), _arr((5, 4)), _arr((2, 2)),
     np.int32(3))
case("at_set", lambda x, i: x.at[i].set(0.), _arr((6,)), np.array([1, 3], np.int32))
case("at_add_dup", lambda x, i, u: x.at[i].add(u), _arr((6,)), np.array([1, 1, 4], np.int32), _arr((3,)))
case("at_max_2d", lambda x, i: x.at[i, 1].max(10.), _arr((4, 3)), np.array([0, 2], np.int32))
case("at_mul_i32", lambda x, i: x.at[i].multiply(3), _arr((5,), "int32"), np.array([0, 4], np.int32))
case("boolean_where", lambda x: jnp.where(x > 0, x, 0), _arr((3, 3)))
case("one_hot", lambda i: jax.nn.one_hot(i, 5), np.array([0, 3, 4], np.int32))

# control flow
case("while_loop", lambda x: lax.while_loop(lambda c: c[0] < 5, lambda c: (c[0] + 1, c[1] * 1.5), (0, x))[1],
     _arr((3,)))
case("fori_loop", lambda x: lax.fori_loop(0, 4, lambda i, v: v + i * v, x), _arr((3,)))
case("fori_loop_dynamic", lambda x, n: lax.fori_loop(0, n, lambda i, v: v * 0.5 + 1, x), _arr((3,)), np.int32(3))
case("scan_cumsum", lambda x: lax.scan(lambda c, v: (c + v, c * v), 0., x), _arr((6,)))
case("scan_rnn", lambda w, xs: lax.scan(lambda h, x: (jnp.tanh(w @ h + x), h.sum()), jnp.zeros(3), xs),
     _arr((3, 3)), _arr((4, 3)))
case("cond", lambda p, x: lax.cond(p > 0, lambda v: v * 2, lambda v: -v, x), np.float32(1.), _arr((3,)))
case("cond_false", lambda p, x: lax.cond(p > 0, lambda v: v * 2, lambda v: -v, x), np.float32(-1.), _arr((3,)))
case("switch", lambda i, x: lax.switch(i, [jnp.sin, jnp.cos, lambda v: v * 3], x), np.int32(2), _arr((3,)))
case("nested_loops", lambda x: lax.fori_loop(0, 3, lambda i, v: lax.fori_loop(0, 2, lambda j, w: w + i * j, v), x),
     _arr((2,)))
case("map", lambda x: lax.map(lambda r: r.sum() * r, x), _arr((3, 2)))
case("vmap_cond", jax.vmap(lambda p, x: lax.cond(p > 0, lambda v: v * 2, lambda v: -v, x)), _arr((3,)), _arr((3, 2)))
case("remat_grad", jax.grad(jax.checkpoint(lambda x: jnp.sum(jnp.sin(x) ** 2))), _arr((4,)))

# sort / top_k
case("sort", lambda x: jnp.sort(x, axis=-1), _arr((3, 5)))
case("sort_i32", lambda x: jnp.sort(x), _arr((8,), "int32"))
case("argsort", lambda x: jnp.argsort(x), _arr((7,)))
case("lax_sort_multi", lambda k, v: lax.sort((k, v), num_keys=1), _arr((6,), "int32"), _arr((6,)))
case("topk_via_sort", lambda x: lax.sort(x)[-3:], _arr((9,)))

# convolutions
case("conv2d_nhwc", lambda x, w: lax.conv_general_dilated(x, w, (1, 1), "SAME",
                                                         dimension_numbers=("NHWC", "HWIO", "NHWC")),
     _arr((1, 5, 5, 2)), _arr((3, 3, 2, 4)))
case("conv2d_nchw_strided", lambda x, w: lax.conv_general_dilated(x, w, (2, 2), [(1, 0), (0, 1)]),
     _arr((2, 3, 6, 6)), _arr((4, 3, 2, 2)))
case("conv1d_dilated_grouped", lambda x, w: lax.conv_general_dilated(
    x, w, (1,), "VALID", rhs_dilation=(2,), feature_group_count=2, dimension_numbers=("NWC", "WIO", "NWC")),
    _arr((1, 8, 4)), _arr((2, 2, 6)))
case("conv_transpose", lambda x, w: lax.conv_transpose(x, w, (2, 2), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC")),
     _arr((1, 3, 3, 2)), _arr((2, 2, 2, 3)))

# nn
case("relu_gelu_softmax", lambda x: (jax.nn.relu(x), jax.nn.gelu(x, approximate=True), jax.nn.softmax(x)),
     _arr((2, 5)))
case("silu_softplus", lambda x: (jax.nn.silu(x), jax.nn.softplus(x), jax.nn.log_softmax(x)), _arr((2, 5)))
case("layer_norm", lambda x: (x - x.mean(-1, keepdims=True)) * lax.rsqrt(x.var(-1, keepdims=True) + 1e-5),
     _arr((3, 8)))
case("grad_mse", jax.grad(lambda w, x: jnp.mean((x @ w - 1.) ** 2)), _arr((4, 2)), _arr((3, 4)))
case("pytree_dict", lambda p, x: {"y": jnp.tanh(x @ p["w"] + p["b"]), "n": (p["b"].sum(),)},
     {"w": _arr((3, 2)), "b": _arr((2,))}, _arr((4, 3)))


# random
def _rand(key):
    k1, k2 = jax.random.split(key)
    return (jax.random.uniform(k1, (3,)), jax.random.normal(k2, (2, 2)), jax.random.randint(k1, (4,), 0, 10),
            jax.random.bits(k2, (3,), jnp.uint32))


case("random_threefry", _rand, jax.random.key_data(jax.random.PRNGKey(42)).astype(np.uint32),
     _wrap=lambda f: (lambda k: f(jax.random.wrap_key_data(k, impl="threefry2x32"))))
case("random_permutation", lambda k: jax.random.permutation(jax.random.wrap_key_data(k, impl="threefry2x32"), 6),
     jax.random.key_data(jax.random.PRNGKey(1)).astype(np.uint32))
case("random_dropout", lambda k, x: jnp.where(
    jax.random.bernoulli(jax.random.wrap_key_data(k, impl="threefry2x32"), 0.5, x.shape), x / 0.5, 0.),
    jax.random.key_data(jax.random.PRNGKey(3)).astype(np.uint32), _arr((3, 4)))


# models
def _mlp(params, x):
    for w, b in params[:-1]:
        x = jax.nn.relu(x @ w + b)
    w, b = params[-1]
    return jax.nn.log_softmax(x @ w + b)


case("mlp", _mlp, [(_arr((8, 16)) / 3, _arr((16,))), (_arr((16, 16)) / 4, _arr((16,))), (_arr((16, 4)) / 4, _arr((4,)))],
     _arr((5, 8)))
case("mlp_grad", jax.grad(lambda p, x: -_mlp(p, x)[:, 0].mean()),
     [(_arr((8, 16)) / 3, _arr((16,))), (_arr((16, 4)) / 4, _arr((4,)))], _arr((5, 8)), rtol=1e-4)


def _cnn(params, x):
    x = lax.conv_general_dilated(x, params["c1"], (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
    x = jax.nn.relu(x)
    x = lax.reduce_window(x, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
    x = lax.conv_general_dilated(x, params["c2"], (1, 1), "VALID", dimension_numbers=("NHWC", "HWIO", "NHWC"))
    x = x.reshape(x.shape[0], -1)
    return jax.nn.softmax(x @ params["fc"])


case("cnn", _cnn, {"c1": _arr((3, 3, 1, 4)) / 3, "c2": _arr((2, 2, 4, 4)) / 4, "fc": _arr((36, 3)) / 6},
     _arr((2, 8, 8, 1)), rtol=1e-4)


def _transformer_block(p, x):
    def ln(v, g):
        m = v.mean(-1, keepdims=True)
        return (v - m) * lax.rsqrt(((v - m) ** 2).mean(-1, keepdims=True) + 1e-5) * g
    h = ln(x, p["g1"])
    q, k, v = (h @ p["wq"], h @ p["wk"], h @ p["wv"])
    T, D = x.shape[-2], x.shape[-1]
    H = 2
    q, k, v = (a.reshape(a.shape[0], T, H, D // H).transpose(0, 2, 1, 3) for a in (q, k, v))
    s = jnp.einsum("bhtd,bhsd->bhts", q, k) / np.sqrt(D // H)
    mask = jnp.tril(jnp.ones((T, T), bool))
    s = jnp.where(mask, s, -1e9)
    a = jnp.einsum("bhts,bhsd->bhtd", jax.nn.softmax(s, -1), v).transpose(0, 2, 1, 3).reshape(x.shape)
    x = x + a @ p["wo"]
    h = ln(x, p["g2"])
    return x + jax.nn.gelu(h @ p["w1"]) @ p["w2"]


D = 8
case("transformer_block", _transformer_block,
     {"g1": np.ones(D, np.float32), "g2": np.ones(D, np.float32), **{k: _arr((D, D)) / 3 for k in ("wq", "wk", "wv", "wo")},
      "w1": _arr((D, 16)) / 3, "w2": _arr((16, D)) / 4}, _arr((2, 4, D)), rtol=1e-4)


# narrow types and the rbg generators
case("int4_add", lambda a: a + a, np.array([1, -2, 7, -8], ml_dtypes.int4))
case("uint4_mul", lambda a: a * a, np.array([1, 2, 3, 15], ml_dtypes.uint4))
case("f8e4m3fn_mul", lambda a: a * a, np.array([1.0, -2.5, 0.125, 448], ml_dtypes.float8_e4m3fn))
case("f8e5m2_to_f32", lambda a: a.astype(jnp.float32) * 2, np.array([1.0, -2.5, 0.125], ml_dtypes.float8_e5m2))
case("random_rbg", lambda k: (jax.random.bits(jax.random.wrap_key_data(k, impl="rbg"), (8,), jnp.uint32),
                              jax.random.uniform(jax.random.wrap_key_data(k, impl="rbg"), (4,))),
     np.asarray(jax.random.key_data(jax.random.key(0, impl="rbg"))))
case("random_unsafe_rbg", lambda k: jax.random.bits(jax.random.wrap_key_data(k, impl="unsafe_rbg"), (8,), jnp.uint32),
     np.asarray(jax.random.key_data(jax.random.key(0, impl="unsafe_rbg"))))


def _decoder(layers, x):
    """A 12-layer transformer decoder: causal attention mask + padding mask."""
    T = x.shape[1]
    pad = jnp.arange(T) < T - 1                        # the last position is padding
    mask = jnp.tril(jnp.ones((T, T), bool)) & pad[None, :]
    for p in layers:
        def ln(v, g):
            m = v.mean(-1, keepdims=True)
            return (v - m) * lax.rsqrt(((v - m) ** 2).mean(-1, keepdims=True) + 1e-5) * g
        h = ln(x, p["g1"])
        q, k, v = h @ p["wq"], h @ p["wk"], h @ p["wv"]
        s = jnp.einsum("btd,bsd->bts", q, k) / np.sqrt(x.shape[-1])
        s = jnp.where(mask[None], s, -1e9)
        x = x + jnp.einsum("bts,bsd->btd", jax.nn.softmax(s, -1), v) @ p["wo"]
        x = x + jax.nn.gelu(ln(x, p["g2"]) @ p["w1"]) @ p["w2"]
    return x


# 12 layers under SHLO_FULL_TESTS=1; 3 by default (the same program kind: compile time grows with the layers)
case(f"decoder_{12 if FULL else 3}_layers", _decoder,
     [{"g1": np.ones(D, np.float32), "g2": np.ones(D, np.float32),
       **{k: _arr((D, D)) / 4 for k in ("wq", "wk", "wv", "wo")},
       "w1": _arr((D, 16)) / 4, "w2": _arr((16, D)) / 6} for _ in range(12 if FULL else 3)],
     _arr((2, 5, D)), rtol=1e-3)


def _rnn(p, xs):
    """An Elman RNN over the time axis with lax.scan, returning all states."""
    def step(h, x):
        h = jnp.tanh(x @ p["wx"] + h @ p["wh"] + p["b"])
        return h, h
    _, hs = lax.scan(step, jnp.zeros((xs.shape[1], p["wh"].shape[0]), xs.dtype), xs)
    return hs


case("rnn_scan", _rnn, {"wx": _arr((3, 6)) / 3, "wh": _arr((6, 6)) / 4, "b": _arr((6,)) / 4},
     _arr((7, 2, 3)), rtol=1e-4)


def _cnn_batch_norm(p, x):
    """Conv + batch norm (training-mode batch statistics) + relu + global average pool."""
    y = lax.conv_general_dilated(x, p["w"], (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
    mean = y.mean((0, 1, 2))
    var = ((y - mean) ** 2).mean((0, 1, 2))
    y = (y - mean) * lax.rsqrt(var + 1e-5) * p["gamma"] + p["beta"]
    return jax.nn.relu(y).mean((1, 2)) @ p["fc"]


case("cnn_batch_norm", _cnn_batch_norm,
     {"w": _arr((3, 3, 2, 4)) / 3, "gamma": _pos((4,)), "beta": _arr((4,)) / 3, "fc": _arr((4, 3)) / 2},
     _arr((3, 6, 6, 2)), rtol=1e-4)


@pytest.mark.parametrize("fn,args,kw", CASES)
def test_differential(fn, args, kw):
    kw = dict(kw)
    wrap = kw.pop("_wrap", None)
    if wrap is not None:
        fn = wrap(fn)
    check(fn, *args, **kw)


def test_case_count():
    assert len(CASES) >= 100


def test_kwargs_and_trees():
    def f(x, *, scale):
        return [x * scale["a"], (x + scale["b"],)]
    x = _arr((3,))
    prog = shlo.from_jax(f, x, scale={"a": np.float32(2), "b": np.float32(1)})
    assert prog.in_tree == jax.tree_util.tree_structure(((x,), {"scale": {"a": 0, "b": 0}}))
    outs = shlo.interpret(prog, x, np.float32(2), np.float32(1))
    res = jax.tree_util.tree_unflatten(prog.out_tree, outs)
    np.testing.assert_allclose(res[0], x * 2)
    np.testing.assert_allclose(res[1][0], x + 1)


def test_float64_and_int64():
    with jax.enable_x64(True):
        check(lambda x, i: (jnp.sin(x) * 2, i * 3 + 1), _arr((3,), "float64"), np.arange(3, dtype=np.int64))


def test_symbolic_shapes():
    b, = jax.export.symbolic_shape("b")
    spec = jax.ShapeDtypeStruct((b, 3), jnp.float32)
    fn = lambda x: jnp.tanh(x) * 2 + x.sum(0)  # noqa: E731
    kept = shlo.from_jax(fn, spec)
    assert "shape_assertion" in kept.text()
    prog = shlo.from_jax(fn, spec, shape_assertions=False)
    assert "tensor<?x3xf32>" in prog.text()
    text = shlo.to_stablehlo(prog)
    assert shlo.from_stablehlo(text).text() == prog.text()
    x = _arr((5, 3))
    got = shlo.interpret(prog, x)
    assert_same(got[0], np.asarray(jnp.tanh(x) * 2 + x.sum(0)))


def test_top_k():
    x = _arr((2, 7))
    try:
        prog = shlo.from_jax(lambda v: lax.top_k(v, 3), x)
    except shlo.ImportError as e:
        assert "chlo.top_k" in str(e)
        return
    got = shlo.interpret(prog, x)
    want = lax.top_k(x, 3)
    assert_same(got[0], np.asarray(want[0]))
    assert_same(got[1], np.asarray(want[1]))


def test_chlo_erf_inv_or_error():
    x = _arr((5,), lo=-0.9, hi=0.9)
    try:
        prog = shlo.from_jax(lambda v: (jax.scipy.special.erf(v), lax.erf_inv(v)), x)
    except shlo.ImportError as e:
        assert "chlo." in str(e)
        return
    got = shlo.interpret(prog, x)
    assert_same(got[0], np.asarray(jax.scipy.special.erf(x)), rtol=1e-5)
    assert_same(got[1], np.asarray(lax.erf_inv(x)), rtol=1e-4)


def test_custom_call_kept():
    # a custom call the importer does not know (here a vendor FFI kernel) is kept as it is
    # (JAX's LAPACK calls are raised: tests/test_jax_linalg.py)
    def fn(a):
        return jax.ffi.ffi_call("my_vendor_kernel", jax.ShapeDtypeStruct(a.shape, a.dtype))(a)
    lowered = jax.jit(fn).lower(np.eye(3, dtype=np.float32)).as_text()
    prog = shlo.from_stablehlo(lowered)
    assert "shlo.custom_call" in prog.text() and "my_vendor_kernel" in prog.text()
    text = shlo.to_stablehlo(prog)
    assert "stablehlo.custom_call" in text
    assert shlo.from_stablehlo(text).text() == prog.text()


def test_host_callback_refused_by_name():
    def fn(x):
        jax.debug.print("x = {}", x)
        return x * 2
    with pytest.raises(shlo.ImportError, match="host_callbacks"):
        shlo.from_jax(fn, _arr((2,)))


def test_locations_kept():
    prog = shlo.from_jax(lambda x: jnp.sin(x), _arr((2,)))
    assert "sin" in prog.text(debug_info=True)


def test_result_accuracy_from_jax():
    """JAX's per-op accuracy requests (lax.AccuracyMode, lax.Tolerance) arrive as #shlo.accuracy
    (shlo 1.2.0) on the op that asked, with StableHLO's omitted bounds filled in as 0."""
    def f(x):
        return lax.tanh(lax.exp(x, accuracy=lax.AccuracyMode.HIGHEST),
                        accuracy=lax.Tolerance(atol=1e-5, rtol=0.0, ulps=0))
    x = np.linspace(-1, 1, 5, dtype=np.float32)
    prog = shlo.from_jax(f, x)
    text = prog.text()
    assert ("shlo.exponential %arg0 {result_accuracy = #shlo.accuracy<atol = 0.000000e+00, rtol = 0.000000e+00, "
            "ulps = 0, mode = #shlo.result_accuracy_mode<HIGHEST>>}") in text
    assert "ulps = 0, mode = #shlo.result_accuracy_mode<TOLERANCE>>" in text and "atol = 1.000000e-05" in text
    np.testing.assert_allclose(shlo.interpret(prog, x)[0], np.asarray(jax.jit(f)(x)), rtol=1e-6)
    assert str(shlo.deserialize(shlo.serialize(prog))) == str(prog)


def test_large_bool_constant():
    # jaxlib prints big bool literals as one byte per element; MLIR 22 packs eight per byte
    mask = np.tril(np.ones((64, 64), bool))
    x = _arr((64, 64))
    check(lambda v: jnp.where(mask, v, -1.0), x)


def test_sixty_four_bit_numpy_inputs_are_narrowed_as_jax_jit_narrows_them():
    # np.random.randn gives float64 and Python ints are int64: jax.jit (x64 off) takes them for
    # its float32 / int32 parameters, so the interpreter and the compiled function of a from_jax
    # program do too; other mismatches, and programs not from JAX, keep the strict check
    import jax.numpy as jnp
    f = lambda w, x, k: jnp.tanh(x @ w) * k
    w, x = np.random.default_rng(0).standard_normal((4, 2)), np.random.default_rng(1).standard_normal((3, 4))
    prog = shlo.from_jax(f, w, x, 3)
    want = np.tanh(x.astype(np.float32) @ w.astype(np.float32)) * 3
    for run in (lambda *a: shlo.interpret(prog, *a), shlo.compile(prog)):
        got = run(w, x, 3)[0]
        assert got.dtype == np.float32
        np.testing.assert_allclose(got, want, rtol=1e-5)
        with pytest.raises(shlo.ShloError, match="dtype"):
            run(w.astype(np.int64), x, 3)
    parsed = shlo.parse(prog.text())
    with pytest.raises(shlo.ShloError, match="dtype"):
        shlo.interpret(parsed, w, x, np.int32(3))
