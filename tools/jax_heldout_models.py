"""Held-out-style JAX programs for tools/jax_heldout.py, written the way JAX users write them
(training steps, pytrees of params, jax.random keys, jnp / jax.scipy / jax.nn helpers) and apart
from tests/test_jax_import.py's op-by-op cases.

CASES maps a name to a builder returning a Case: the function, one or more input sets (each a
tuple of positional arguments, pytrees allowed), and optionally the example arguments given to
`shlo.from_jax` (`spec`: ShapeDtypeStructs with symbolic shapes), tolerances, and `x64` (built and
run under jax.enable_x64).
"""
from __future__ import annotations

import dataclasses
import functools

import numpy as np

CASES: dict = {}


@dataclasses.dataclass
class Case:
    fn: object
    inputs: list                      # input sets: tuples of positional arguments
    spec: tuple | None = None         # from_jax's example arguments (default: the first input set)
    kwargs: dict = dataclasses.field(default_factory=dict)
    rtol: float | None = None         # None: by output dtype (tools/jax_heldout.py)
    atol: float | None = None
    x64: bool = False
    shape_assertions: bool = True


def case(fn):
    CASES[fn.__name__.removeprefix("m_")] = fn
    return fn


def _rng(seed=0):
    return np.random.default_rng(seed)


def _f(*shape, seed=0, scale=1.0, dtype=np.float32):
    return (_rng(seed).standard_normal(shape) * scale).astype(dtype)


# --------------------------------------------------------------------------- training and models

def _init_mlp(sizes, seed=0):
    import jax
    key = jax.random.PRNGKey(seed)
    params = []
    for m, n in zip(sizes[:-1], sizes[1:]):
        key, wk = jax.random.split(key)
        params.append({"w": np.asarray(jax.random.normal(wk, (m, n)) / np.sqrt(m)), "b": np.zeros(n, np.float32)})
    return params


@case
def m_mlp_sgd_step():
    import jax
    import jax.numpy as jnp

    def predict(params, x):
        for layer in params[:-1]:
            x = jax.nn.relu(x @ layer["w"] + layer["b"])
        return x @ params[-1]["w"] + params[-1]["b"]

    def loss(params, x, y):
        logits = predict(params, x)
        return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * jax.nn.one_hot(y, 4), axis=-1))

    def step(params, x, y):
        l, grads = jax.value_and_grad(loss)(params, x, y)
        params = jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads)
        return params, l

    params = _init_mlp([6, 16, 16, 4])
    y = _rng(1).integers(0, 4, 8).astype(np.int32)
    return Case(step, [(params, _f(8, 6, seed=2), y)], rtol=1e-4, atol=1e-5)


@case
def m_adam_step():
    import jax
    import jax.numpy as jnp

    def loss(p, x, y):
        return jnp.mean((jnp.tanh(x @ p["w1"]) @ p["w2"] - y) ** 2)

    def step(state, x, y):
        p, m, v, t = state
        g = jax.grad(loss)(p, x, y)
        t = t + 1
        m = jax.tree_util.tree_map(lambda m, g: 0.9 * m + 0.1 * g, m, g)
        v = jax.tree_util.tree_map(lambda v, g: 0.999 * v + 0.001 * g * g, v, g)
        mhat = jax.tree_util.tree_map(lambda m: m / (1 - 0.9 ** t), m)
        vhat = jax.tree_util.tree_map(lambda v: v / (1 - 0.999 ** t), v)
        p = jax.tree_util.tree_map(lambda p, a, b: p - 1e-2 * a / (jnp.sqrt(b) + 1e-8), p, mhat, vhat)
        return p, m, v, t

    p = {"w1": _f(5, 7, seed=3, scale=0.4), "w2": _f(7, 2, seed=4, scale=0.4)}
    zeros = {k: np.zeros_like(a) for k, a in p.items()}
    return Case(step, [((p, zeros, zeros, np.float32(0)), _f(10, 5, seed=5), _f(10, 2, seed=6))], rtol=1e-3,
                atol=1e-5)


def _conv(x, w, stride=1, padding="SAME"):
    from jax import lax
    return lax.conv_general_dilated(x, w, (stride, stride), padding, dimension_numbers=("NHWC", "HWIO", "NHWC"))


@case
def m_cnn_batchnorm_avgpool():
    import jax
    import jax.numpy as jnp
    from jax import lax

    def batch_norm(x, gamma, beta, eps=1e-5):
        mean = jnp.mean(x, axis=(0, 1, 2), keepdims=True)
        var = jnp.var(x, axis=(0, 1, 2), keepdims=True)
        return gamma * (x - mean) / jnp.sqrt(var + eps) + beta

    def avg_pool(x):
        return lax.reduce_window(x, 0.0, lax.add, (1, 2, 2, 1), (1, 2, 2, 1), "VALID") / 4.0

    def model(p, x):
        x = jax.nn.relu(batch_norm(_conv(x, p["c1"]), p["g1"], p["b1"]))
        x = avg_pool(x)
        x = jax.nn.relu(batch_norm(_conv(x, p["c2"], 2), p["g2"], p["b2"]))
        x = jnp.mean(x, axis=(1, 2))
        return jax.nn.softmax(x @ p["fc"])

    p = {"c1": _f(3, 3, 3, 8, seed=1, scale=0.3), "g1": np.ones(8, np.float32), "b1": np.zeros(8, np.float32),
         "c2": _f(3, 3, 8, 8, seed=2, scale=0.2), "g2": np.ones(8, np.float32), "b2": np.zeros(8, np.float32),
         "fc": _f(8, 5, seed=3, scale=0.5)}
    return Case(model, [(p, _f(4, 12, 12, 3, seed=4))], rtol=1e-4, atol=1e-5)


@case
def m_cnn_nchw_grad():
    import jax
    import jax.numpy as jnp
    from jax import lax

    def loss(w, x):
        y = lax.conv(x, w, (1, 1), "SAME")                                  # NCHW / OIHW
        y = lax.reduce_window(y, -jnp.inf, lax.max, (1, 1, 2, 2), (1, 1, 2, 2), "VALID")
        return jnp.sum(jax.nn.gelu(y) ** 2)

    return Case(jax.grad(loss), [(_f(4, 2, 3, 3, seed=1, scale=0.3), _f(2, 2, 6, 6, seed=2))], rtol=1e-4,
                atol=1e-4)


def _layer_norm(x, g, b, eps=1e-6):
    import jax.numpy as jnp
    mu = jnp.mean(x, -1, keepdims=True)
    var = jnp.mean((x - mu) ** 2, -1, keepdims=True)
    return (x - mu) / jnp.sqrt(var + eps) * g + b


@case
def m_transformer_block():
    import jax
    import jax.numpy as jnp

    def attention(p, x, heads=4):
        B, T, D = x.shape
        qkv = x @ p["wqkv"]
        q, k, v = jnp.split(qkv, 3, axis=-1)
        q, k, v = (t.reshape(B, T, heads, D // heads) for t in (q, k, v))
        logits = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(D // heads).astype(x.dtype)
        causal = jnp.tril(jnp.ones((T, T), dtype=bool))
        logits = jnp.where(causal, logits, jnp.finfo(x.dtype).min)
        w = jax.nn.softmax(logits, axis=-1)
        out = jnp.einsum("bhqk,bkhd->bqhd", w, v).reshape(B, T, D)
        return out @ p["wo"]

    def block(p, x):
        x = x + attention(p, _layer_norm(x, p["ln1_g"], p["ln1_b"]))
        h = jax.nn.gelu(_layer_norm(x, p["ln2_g"], p["ln2_b"]) @ p["w1"] + p["b1"])
        return x + h @ p["w2"] + p["b2"]

    D = 16
    p = {"wqkv": _f(D, 3 * D, seed=1, scale=0.25), "wo": _f(D, D, seed=2, scale=0.25),
         "ln1_g": np.ones(D, np.float32), "ln1_b": np.zeros(D, np.float32),
         "ln2_g": np.ones(D, np.float32), "ln2_b": np.zeros(D, np.float32),
         "w1": _f(D, 4 * D, seed=3, scale=0.25), "b1": np.zeros(4 * D, np.float32),
         "w2": _f(4 * D, D, seed=4, scale=0.12), "b2": np.zeros(D, np.float32)}
    return Case(block, [(p, _f(2, 6, D, seed=5))], rtol=1e-4, atol=1e-4)


@case
def m_transformer_bf16_mixed():
    """bf16 weights and activations, f32 softmax and layer-norm statistics (mixed precision)."""
    import jax
    import jax.numpy as jnp
    import ml_dtypes

    def block(p, x):
        h = _layer_norm(x.astype(jnp.float32), 1.0, 0.0).astype(jnp.bfloat16)
        s = jnp.einsum("btd,bsd->bts", h @ p["wq"], h @ p["wk"], preferred_element_type=jnp.float32)
        s = jax.nn.softmax(s / 4.0, axis=-1).astype(jnp.bfloat16)
        out = jnp.einsum("bts,bsd->btd", s, h @ p["wv"], preferred_element_type=jnp.float32)
        return (x.astype(jnp.float32) + out).astype(jnp.bfloat16)

    bf = ml_dtypes.bfloat16
    p = {k: _f(16, 16, seed=i, scale=0.25).astype(bf) for i, k in enumerate(("wq", "wk", "wv"))}
    return Case(block, [(p, _f(2, 5, 16, seed=7).astype(bf))], rtol=3e-2, atol=3e-2)


@case
def m_f16_dot_f32_accumulate():
    import jax.numpy as jnp
    from jax import lax

    def f(a, b):
        acc = lax.dot_general(a, b, (((1,), (0,)), ((), ())), preferred_element_type=jnp.float32)
        return acc, jnp.sum(a.astype(jnp.float32), axis=0), (a * 2).astype(jnp.float16)

    return Case(f, [(_f(8, 32, seed=1, dtype=np.float16), _f(32, 4, seed=2, dtype=np.float16))], rtol=2e-3,
                atol=2e-3)


@case
def m_lstm_scan():
    import jax
    import jax.numpy as jnp
    from jax import lax

    def lstm(p, xs):
        H = p["wh"].shape[0]

        def cell(carry, x):
            h, c = carry
            z = x @ p["wx"] + h @ p["wh"] + p["b"]
            i, f, g, o = jnp.split(z, 4, axis=-1)
            c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
            h = jax.nn.sigmoid(o) * jnp.tanh(c)
            return (h, c), h

        B = xs.shape[1]
        (h, c), hs = lax.scan(cell, (jnp.zeros((B, H)), jnp.zeros((B, H))), xs)
        return hs, h, c

    H = 5
    p = {"wx": _f(3, 4 * H, seed=1, scale=0.4), "wh": _f(H, 4 * H, seed=2, scale=0.4), "b": _f(4 * H, seed=3)}
    return Case(lstm, [(p, _f(7, 2, 3, seed=4))], rtol=1e-4, atol=1e-5)


@case
def m_gru_scan_reverse_grad():
    import jax
    import jax.numpy as jnp
    from jax import lax

    def gru_loss(p, xs):
        def cell(h, x):
            r = jax.nn.sigmoid(x @ p["wr"] + h @ p["ur"])
            z = jax.nn.sigmoid(x @ p["wz"] + h @ p["uz"])
            n = jnp.tanh(x @ p["wn"] + r * (h @ p["un"]))
            h = (1 - z) * n + z * h
            return h, h
        h, _ = lax.scan(cell, jnp.zeros(4), xs, reverse=True)
        return jnp.sum(h ** 2)

    p = {k: _f(3 if k[0] == "w" else 4, 4, seed=i, scale=0.5) for i, k in enumerate(("wr", "ur", "wz", "uz", "wn", "un"))}
    return Case(jax.value_and_grad(gru_loss), [(p, _f(6, 3, seed=9))], rtol=1e-4, atol=1e-5)


@case
def m_vmap_per_example_grads():
    import jax
    import jax.numpy as jnp

    def loss(w, x, y):
        return (jnp.dot(x, w) - y) ** 2

    per_example = jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))

    def f(w, xs, ys):
        g = per_example(w, xs, ys)
        norms = jnp.linalg.norm(g, axis=1, keepdims=True)
        return jnp.mean(g / jnp.maximum(norms, 1.0), axis=0), jax.vmap(loss, (None, 0, 0))(w, xs, ys)

    return Case(f, [(_f(4, seed=1), _f(6, 4, seed=2), _f(6, seed=3))], rtol=1e-4, atol=1e-5)


@case
def m_hessian_jvp_vjp():
    import jax
    import jax.numpy as jnp

    def f(x):
        return jnp.sum(jnp.sin(x) * x ** 2) + jnp.prod(jnp.cos(x))

    def g(x):
        return jnp.stack([x[0] * x[1], jnp.exp(x[2]), jnp.log1p(x[0] ** 2)])

    def all_derivs(x, t):
        h = jax.hessian(f)(x)
        y, jt = jax.jvp(g, (x,), (t,))
        _, pull = jax.vjp(g, x)
        ct, = pull(jnp.ones(3))
        jac = jax.jacfwd(g)(x), jax.jacrev(g)(x)
        return h, y, jt, ct, jac

    return Case(all_derivs, [(_f(3, seed=1), _f(3, seed=2))], rtol=1e-4, atol=1e-5)


@case
def m_custom_jvp_stop_gradient_checkpoint():
    import jax
    import jax.numpy as jnp

    @jax.custom_jvp
    def safe_log1pexp(x):
        return jnp.log1p(jnp.exp(x))

    @safe_log1pexp.defjvp
    def _jvp(primals, tangents):
        x, = primals
        t, = tangents
        return safe_log1pexp(x), t * jax.nn.sigmoid(x)

    @jax.checkpoint
    def layer(w, x):
        return jnp.tanh(x @ w)

    def loss(w, x):
        y = layer(w, layer(w, x))
        target = jax.lax.stop_gradient(y * 0.5)
        return jnp.sum(safe_log1pexp(y - target))

    return Case(jax.value_and_grad(loss), [(_f(4, 4, seed=1, scale=0.5), _f(3, 4, seed=2))], rtol=1e-4, atol=1e-5)


# --------------------------------------------------------------------------- control flow

@case
def m_fori_while_newton():
    import jax.numpy as jnp
    from jax import lax

    def newton_sqrt(a):
        def body(state):
            x, i = state
            return 0.5 * (x + a / x), i + 1
        x, n = lax.while_loop(lambda s: (jnp.max(jnp.abs(s[0] * s[0] - a)) > 1e-4) & (s[1] < 50), body,
                              (jnp.ones_like(a), 0))
        powers = lax.fori_loop(0, 5, lambda i, acc: acc.at[i].set(a[0] ** i), jnp.zeros(5))
        return x, n, powers

    return Case(newton_sqrt, [(np.array([2.0, 9.0, 0.25, 100.0], np.float32),)], rtol=1e-5, atol=1e-5)


@case
def m_cond_switch_in_scan():
    import jax.numpy as jnp
    from jax import lax

    def f(xs, modes):
        def body(acc, xm):
            x, m = xm
            y = lax.switch(m, [lambda v: v + 1.0, lambda v: v * v, lambda v: jnp.sin(v)], x)
            acc = lax.cond(jnp.sum(y) > 0, lambda a: a + y, lambda a: a - y, acc)
            return acc, y
        return lax.scan(body, jnp.zeros(3), (xs, modes))

    return Case(f, [(_f(5, 3, seed=1), np.array([0, 2, 1, 5, -1], np.int32))], rtol=1e-5, atol=1e-6)


@case
def m_while_dynamic_trip():
    import jax.numpy as jnp
    from jax import lax

    def collatz_steps(n):
        def body(s):
            v, k = s
            return jnp.where(v % 2 == 0, v // 2, 3 * v + 1), k + 1
        return lax.while_loop(lambda s: s[0] != 1, body, (n, jnp.int32(0)))[1]

    import jax
    return Case(jax.vmap(collatz_steps), [(np.array([1, 6, 7, 27, 97], np.int32),)])


# --------------------------------------------------------------------------- random

def _key_case(fn, key):
    import jax
    return Case(fn, [(key,)] if not isinstance(key, tuple) else [key])


@case
def m_random_threefry_typed_key():
    import jax

    def sample(key):
        k1, k2, k3, k4 = jax.random.split(key, 4)
        return {"normal": jax.random.normal(k1, (3, 4)), "uniform": jax.random.uniform(k2, (5,), minval=-2, maxval=3),
                "bern": jax.random.bernoulli(k3, 0.3, (8,)), "cat": jax.random.categorical(k4, jnp_logits(), axis=-1),
                "perm": jax.random.permutation(k1, 10), "ints": jax.random.randint(k2, (6,), -5, 5)}

    def jnp_logits():
        import jax.numpy as jnp
        return jnp.log(jnp.array([[0.1, 0.2, 0.7], [0.5, 0.25, 0.25]]))

    return _key_case(sample, jax.random.key(42))


@case
def m_random_legacy_prngkey_dropout():
    import jax
    import jax.numpy as jnp

    def dropout_mlp(key, w, x):
        h = jax.nn.relu(x @ w)
        keep = jax.random.bernoulli(key, 0.8, h.shape)
        h = jnp.where(keep, h / 0.8, 0.0)
        key, sub = jax.random.split(key)
        noise = jax.random.truncated_normal(sub, -2.0, 2.0, h.shape)
        return h + 0.01 * noise, key

    return Case(dropout_mlp, [(jax.random.PRNGKey(7), _f(4, 6, seed=1), _f(3, 4, seed=2))], rtol=1e-5, atol=1e-6)


@case
def m_random_rbg_key():
    import jax

    def sample(key):
        k1, k2 = jax.random.split(key)
        return (jax.random.normal(k1, (4,)), jax.random.uniform(k2, (2, 3)), jax.random.bits(k1, (5,)),
                jax.random.permutation(k2, 6), jax.random.gumbel(k1, (3,)))

    return _key_case(sample, jax.random.key(3, impl="rbg"))


@case
def m_random_fold_in_choice():
    import jax
    import jax.numpy as jnp

    def f(key, x):
        ks = jax.vmap(lambda i: jax.random.fold_in(key, i))(jnp.arange(3))
        picks = jax.vmap(lambda k: jax.random.choice(k, x, (2,), replace=False))(ks)
        return picks, jax.random.exponential(key, (4,)), jax.random.shuffle(key, x) if False else jax.random.permutation(key, x)

    return Case(f, [(jax.random.key(11), np.arange(10, dtype=np.float32))], rtol=1e-5, atol=1e-6)


# --------------------------------------------------------------------------- sorting, searching, scans

@case
def m_sort_argsort_topk():
    import jax.numpy as jnp
    from jax import lax

    def f(x, ids):
        vals, idx = lax.top_k(x, 3)
        order = jnp.argsort(x, axis=-1, descending=True)
        stable = jnp.argsort(ids, stable=True)
        return jnp.sort(x, axis=0), vals, idx, order, stable, jnp.sort(ids)[::-1]

    x = _f(4, 9, seed=1)
    return Case(f, [(x, np.array([3, 1, 3, 0, 1, 2, 3, 0], np.int32))])


@case
def m_cumsum_cumprod_searchsorted():
    import jax.numpy as jnp

    def f(x, q, w):
        cdf = jnp.cumsum(w) / jnp.sum(w)
        return (jnp.cumsum(x, axis=1), jnp.cumprod(1 + 0.1 * x, axis=0), jnp.searchsorted(cdf, q),
                jnp.searchsorted(jnp.sort(x[0]), q, side="right"), jnp.cumsum(x > 0, axis=1),
                jnp.diff(x, axis=1))

    return Case(f, [(_f(3, 6, seed=1), np.array([0.05, 0.5, 0.99, 0.0], np.float32), np.abs(_f(7, seed=2)))],
                rtol=1e-5, atol=1e-6)


@case
def m_unique_bincount_histogram():
    import jax.numpy as jnp

    def f(labels, x):
        u, counts = jnp.unique(labels, size=6, fill_value=-1, return_counts=True)
        bc = jnp.bincount(labels, length=8)
        weighted = jnp.bincount(labels, weights=x, length=8)
        hist, edges = jnp.histogram(x, bins=5, range=(-2.0, 2.0))
        return u, counts, bc, weighted, hist, edges

    return Case(f, [(np.array([3, 1, 3, 0, 7, 1, 3, 2], np.int32), _f(8, seed=4))], rtol=1e-5, atol=1e-6)


@case
def m_segment_sum_gather_scatter():
    import jax
    import jax.numpy as jnp

    def gnn_layer(h, src, dst, w):
        msg = h[src] @ w
        agg = jax.ops.segment_sum(msg, dst, num_segments=h.shape[0])
        mx = jax.ops.segment_max(msg, dst, num_segments=h.shape[0])
        deg = jax.ops.segment_sum(jnp.ones_like(dst, dtype=h.dtype), dst, num_segments=h.shape[0])
        return jax.nn.relu(agg / jnp.maximum(deg, 1.0)[:, None] + h), jnp.where(jnp.isfinite(mx), mx, 0.0)

    src = np.array([0, 1, 2, 3, 4, 0, 2], np.int32)
    dst = np.array([1, 2, 3, 4, 0, 2, 2], np.int32)
    return Case(gnn_layer, [(_f(5, 3, seed=1), src, dst, _f(3, 3, seed=2))], rtol=1e-5, atol=1e-6)


@case
def m_at_updates_take_along():
    import jax.numpy as jnp

    def f(x, idx, upd):
        a = x.at[idx].set(upd)
        b = x.at[idx].add(upd)
        c = x.at[idx, 0].max(upd[:, 0])
        d = x.at[1:3].multiply(2.0)
        e = x.at[idx].get(mode="fill", fill_value=-1.0)
        best = jnp.argmax(x, axis=1)
        picked = jnp.take_along_axis(x, best[:, None], axis=1)
        return a, b, c, d, e, picked, x.at[jnp.array([5, 9])].get(mode="clip")

    return Case(f, [(_f(6, 3, seed=1), np.array([0, 2, 2, 5], np.int32), _f(4, 3, seed=2))])


@case
def m_einsum_zoo():
    import jax.numpy as jnp

    def f(a, b, c):
        return (jnp.einsum("ij,jk->ik", a, b), jnp.einsum("ii->i", a[:, :4] @ b[:4]), jnp.einsum("ij->", a),
                jnp.einsum("bij,bjk->bik", c, c.transpose(0, 2, 1)), jnp.einsum("ij,ij->i", a, a),
                jnp.einsum("i,j->ij", a[0], b[:, 0]), jnp.trace(a[:, :4] @ b[:4]), jnp.outer(a[1], a[2]))

    return Case(f, [(_f(4, 5, seed=1), _f(5, 4, seed=2), _f(2, 3, 3, seed=3))], rtol=1e-5, atol=1e-5)


# --------------------------------------------------------------------------- fft, complex

@case
def m_fft_family():
    import jax.numpy as jnp

    def f(x, z):
        X = jnp.fft.fft(x)
        R = jnp.fft.rfft(x, axis=-1)
        return (X, R, jnp.fft.irfft(R, n=x.shape[-1]), jnp.fft.fft2(z), jnp.fft.ifft(X).real,
                jnp.abs(jnp.fft.fftshift(jnp.fft.fft(x[0]))), jnp.fft.fftfreq(8))

    z = (_f(4, 6, seed=2) + 1j * _f(4, 6, seed=3)).astype(np.complex64)
    return Case(f, [(_f(3, 8, seed=1), z)], rtol=1e-4, atol=1e-4)


@case
def m_complex_arithmetic():
    import jax.numpy as jnp

    def f(z, w, r):
        return (z * w, z / w, jnp.abs(z), jnp.angle(w), jnp.exp(1j * r), jnp.conj(z) @ w.T, jnp.sqrt(z),
                jnp.log(w), z ** 2, jnp.real(z * jnp.conj(z)), jnp.vdot(z, z))

    z = (_f(3, 4, seed=1) + 1j * _f(3, 4, seed=2)).astype(np.complex64)
    w = (_f(3, 4, seed=3) + 1j * _f(3, 4, seed=4)).astype(np.complex64)
    return Case(f, [(z, w, _f(5, seed=5))], rtol=1e-4, atol=1e-5)


@case
def m_spectral_conv_filter():
    import jax.numpy as jnp

    def lowpass(signal, keep):
        spec = jnp.fft.rfft(signal)
        mask = jnp.arange(spec.shape[-1]) < keep
        return jnp.fft.irfft(spec * mask, n=signal.shape[-1]), jnp.convolve(signal[0], jnp.ones(3) / 3, mode="same")

    return Case(lowpass, [(_f(2, 16, seed=1), np.int32(4))], rtol=1e-4, atol=1e-5)


# --------------------------------------------------------------------------- integers and bools

@case
def m_int_wraparound():
    import jax.numpy as jnp
    from jax import lax

    def f(a8, u32, i32):
        return (a8 + a8, a8 * jnp.int8(3), u32 * jnp.uint32(2654435761), u32 + jnp.uint32(0xFFFFFFF0),
                i32 // 3, i32 % 3, i32 // -4, i32 % -4, lax.shift_left(u32, jnp.uint32(5)),
                lax.shift_right_logical(i32, 2), lax.shift_right_arithmetic(i32, 2), lax.population_count(u32),
                jnp.left_shift(a8, 2), u32 >> 3, -a8, jnp.abs(a8), a8.astype(jnp.uint8), lax.clz(i32))

    a8 = np.array([127, -128, 100, -3, 0, 55], np.int8)
    u32 = np.array([0, 1, 0xFFFFFFFF, 123456789, 2 ** 31, 7], np.uint32)
    i32 = np.array([-7, 7, -1, 0, 2 ** 31 - 1, -2 ** 31], np.int32)
    return Case(f, [(a8, u32, i32)])


@case
def m_hash_and_bits():
    import jax.numpy as jnp

    def fnv1a(data):
        h = jnp.uint32(2166136261)
        for i in range(data.shape[0]):
            h = (h ^ data[i].astype(jnp.uint32)) * jnp.uint32(16777619)
        return h, jnp.bitwise_count(data), jnp.invert(data), data.view(jnp.int8)

    return Case(fnv1a, [(np.array([1, 200, 33, 255, 0, 17], np.uint8),)])


@case
def m_bool_masks():
    import jax.numpy as jnp

    def f(x, valid):
        m = (x > 0) & valid
        return (jnp.where(m, x, 0.0), jnp.sum(m, axis=1), jnp.any(m, axis=0), jnp.all(x > -3),
                jnp.logical_xor(m, valid), jnp.count_nonzero(m), jnp.mean(x, where=m, axis=1),
                jnp.argmax(m, axis=1), jnp.max(jnp.where(m, x, -jnp.inf), axis=1))

    return Case(f, [(_f(4, 5, seed=1), _rng(2).random((4, 5)) < 0.7)], rtol=1e-5, atol=1e-6)


@case
def m_int_matmul_quantized():
    import jax.numpy as jnp

    def f(xq, wq, scale):
        acc = jnp.matmul(xq.astype(jnp.int32), wq.astype(jnp.int32))
        y = acc.astype(jnp.float32) * scale
        rq = jnp.clip(jnp.round(y / 0.05), -128, 127).astype(jnp.int8)
        return acc, y, rq

    r = _rng(3)
    return Case(f, [(r.integers(-128, 128, (4, 16)).astype(np.int8), r.integers(-128, 128, (16, 3)).astype(np.int8),
                     np.float32(0.001))], rtol=1e-6, atol=1e-6)


# --------------------------------------------------------------------------- float64

@case
def m_f64_numerics():
    import jax.numpy as jnp
    import jax.scipy.special as jss

    def f(x, n):
        return (jnp.exp(x) - 1 - x, jnp.sum(x * x), jss.logsumexp(x), jnp.cumsum(x), x.astype(jnp.float32),
                n * 3_000_000_000, jnp.linalg.norm(x), jnp.sort(x))

    return Case(f, [(np.linspace(-3, 3, 11), np.arange(4, dtype=np.int64))], rtol=1e-10, atol=1e-12, x64=True)


@case
def m_f64_linalg():
    import jax.numpy as jnp

    def f(a, b):
        spd = a @ a.T + 5 * jnp.eye(5)
        return jnp.linalg.solve(spd, b), jnp.linalg.inv(spd), jnp.linalg.det(spd), jnp.linalg.cholesky(spd)

    return Case(f, [(_f(5, 5, seed=1, dtype=np.float64), _f(5, 2, seed=2, dtype=np.float64))], rtol=1e-9,
                atol=1e-10, x64=True)


# --------------------------------------------------------------------------- linear algebra

def _spd(n, seed):
    a = _f(n, n, seed=seed)
    return (a @ a.T + n * np.eye(n)).astype(np.float32)


@case
def m_linalg_solve_inv_det():
    import jax.numpy as jnp

    def f(a, b):
        sign, logdet = jnp.linalg.slogdet(a)
        return (jnp.linalg.solve(a, b), jnp.linalg.inv(a), jnp.linalg.det(a), sign, logdet,
                jnp.linalg.matrix_power(a / 4, 3), jnp.linalg.norm(a, "fro"), jnp.linalg.norm(b, axis=0),
                jnp.linalg.norm(a, 2))

    return Case(f, [(_spd(4, 1), _f(4, 3, seed=2))], rtol=1e-3, atol=1e-4)


@case
def m_linalg_cholesky_gp():
    import jax.numpy as jnp
    import jax.scipy.linalg as jsl

    def gp_posterior(xtr, ytr, xte):
        def k(a, b):
            return jnp.exp(-0.5 * (a[:, None] - b[None, :]) ** 2)
        K = k(xtr, xtr) + 0.1 * jnp.eye(xtr.shape[0])
        L = jnp.linalg.cholesky(K)
        alpha = jsl.cho_solve((L, True), ytr)
        Ks = k(xte, xtr)
        mean = Ks @ alpha
        v = jsl.solve_triangular(L, Ks.T, lower=True)
        var = 1.0 - jnp.sum(v * v, axis=0)
        return mean, var, -0.5 * ytr @ alpha - jnp.sum(jnp.log(jnp.diag(L)))

    return Case(gp_posterior, [(np.linspace(-2, 2, 7).astype(np.float32), _f(7, seed=1),
                                np.linspace(-2.5, 2.5, 4).astype(np.float32))], rtol=1e-3, atol=1e-4)


@case
def m_linalg_qr_eigh_svd():
    import jax.numpy as jnp

    def f(a, s):
        q, r = jnp.linalg.qr(a)
        w, v = jnp.linalg.eigh(s)
        u, sv, vt = jnp.linalg.svd(a, full_matrices=False)
        # sign-invariant quantities (vectors are unique only up to sign)
        return (jnp.abs(r), q @ r, w, jnp.abs(v.T @ s @ v), sv, (u * sv) @ vt, jnp.linalg.svd(a, compute_uv=False),
                jnp.linalg.eigvalsh(s), jnp.linalg.matrix_rank(a), jnp.linalg.cond(s))

    s = _f(5, 5, seed=2)
    return Case(f, [(_f(6, 4, seed=1), (s + s.T) / 2)], rtol=1e-3, atol=1e-4)


@case
def m_linalg_lstsq_pinv():
    import jax.numpy as jnp

    def f(a, b):
        x, res, rank, sv = jnp.linalg.lstsq(a, b)
        return x, res, rank, sv, jnp.linalg.pinv(a), jnp.linalg.pinv(a) @ b

    return Case(f, [(_f(7, 3, seed=1), _f(7, 2, seed=2))], rtol=1e-3, atol=1e-4)


@case
def m_scipy_lu_expm():
    import jax.numpy as jnp
    import jax.scipy.linalg as jsl

    def f(a, b):
        p, l, u = jsl.lu(a)
        lu, piv = jsl.lu_factor(a)
        return p @ l @ u, jsl.lu_solve((lu, piv), b), jsl.expm(a / 4), jsl.solve_triangular(
            jnp.triu(a) + 4 * jnp.eye(4), b, lower=False), jsl.block_diag(a[:2, :2], a[2:, 2:])

    return Case(f, [(_f(4, 4, seed=1), _f(4, 2, seed=2))], rtol=1e-3, atol=1e-4)


# --------------------------------------------------------------------------- scipy / nn functions

@case
def m_scipy_special():
    import jax.numpy as jnp
    import jax.scipy.special as jss
    import jax.scipy.stats as jst

    def f(x, p):
        ax = jnp.abs(x) + 0.5
        return (jss.logsumexp(x, axis=1), jss.erf(x), jss.erfc(x), jss.gammaln(ax), jss.digamma(ax), jss.expit(x),
                jss.logit(p), jss.erfinv(2 * p - 1), jss.xlogy(ax, ax), jss.log_ndtr(x), jss.ndtri(p),
                jst.norm.logpdf(x), jst.norm.cdf(x), jss.entr(p), jss.softmax(x, axis=0))

    return Case(f, [(_f(3, 5, seed=1), _rng(2).uniform(0.05, 0.95, (3, 5)).astype(np.float32))], rtol=1e-4,
                atol=1e-5)


@case
def m_scipy_special_more():
    import jax
    import jax.numpy as jnp
    import jax.scipy.special as jss

    def f(x):
        a = jnp.abs(x) + 0.5
        return (jss.i0e(x), jss.i1e(x), jss.gammainc(a, a + 0.3), jss.gammaincc(a, a), jss.betaln(a, a + 1),
                jss.polygamma(1, a), jss.zeta(a + 1.5, 1.0), jss.erfcx(x), jax.lax.lgamma(a), jss.multigammaln(a + 2, 2),
                jss.log_softmax(x), jss.gamma(a))

    return Case(f, [(_f(6, seed=3),)], rtol=1e-4, atol=1e-5)


@case
def m_nn_activations():
    import jax
    import jax.numpy as jnp

    def f(x, labels):
        return (jax.nn.relu6(3 * x), jax.nn.silu(x), jax.nn.gelu(x, approximate=False), jax.nn.gelu(x),
                jax.nn.elu(x), jax.nn.leaky_relu(x, 0.1), jax.nn.softplus(x), jax.nn.hard_tanh(x), jax.nn.celu(x),
                jax.nn.selu(x), jax.nn.glu(x, axis=-1), jax.nn.log_sigmoid(x), jax.nn.log_softmax(x, axis=-1),
                jax.nn.one_hot(labels, 6), jax.nn.standardize(x, axis=-1), jax.nn.mish(x) if hasattr(jax.nn, "mish") else x,
                jax.nn.sparse_plus(x) if hasattr(jax.nn, "sparse_plus") else x, jax.nn.squareplus(x))

    return Case(f, [(_f(3, 6, seed=1, scale=2), np.array([0, 5, 2], np.int32))], rtol=1e-4, atol=1e-5)


@case
def m_cross_entropy_label_smoothing():
    import jax
    import jax.numpy as jnp

    def loss(logits, labels):
        n = logits.shape[-1]
        onehot = jax.nn.one_hot(labels, n)
        smooth = onehot * 0.9 + 0.1 / n
        lp = jax.nn.log_softmax(logits)
        acc = jnp.mean(jnp.argmax(logits, -1) == labels)
        return -jnp.mean(jnp.sum(smooth * lp, -1)), acc, jax.grad(lambda l: -jnp.mean(jnp.sum(smooth * jax.nn.log_softmax(l), -1)))(logits)

    return Case(loss, [(_f(6, 5, seed=1, scale=2), np.array([0, 4, 2, 2, 1, 3], np.int32))], rtol=1e-5, atol=1e-6)


# --------------------------------------------------------------------------- array manipulation

@case
def m_pad_modes():
    import jax.numpy as jnp

    def f(x):
        return tuple(jnp.pad(x, ((1, 2), (2, 1)), mode=m) for m in
                     ("constant", "edge", "reflect", "symmetric", "wrap", "linear_ramp", "maximum", "mean",
                      "minimum", "median", "empty")[:-1]) + (jnp.pad(x, 1, constant_values=7.0),)

    return Case(f, [(_f(3, 4, seed=1),)], rtol=1e-5, atol=1e-6)


@case
def m_array_manipulation():
    import jax.numpy as jnp

    def f(x, v):
        gx, gy = jnp.meshgrid(v, v[:3], indexing="ij")
        return (jnp.roll(x, -1, axis=1), jnp.roll(x, (1, 2), axis=(0, 1)), jnp.tile(v, 3), jnp.repeat(x, 2, axis=0),
                jnp.repeat(v, np.array([1, 0, 2, 1, 3])[: v.shape[0]], total_repeat_length=7), jnp.tril(x, -1),
                jnp.triu(x), gx, gy, jnp.clip(x, -0.5, 0.5), jnp.flip(x), jnp.rot90(x), jnp.swapaxes(x[None], 0, 2),
                jnp.concatenate([x, x[:1]], 0), jnp.vstack([v, v]), jnp.moveaxis(x[..., None], -1, 0))

    return Case(f, [(_f(4, 5, seed=1), _f(5, seed=2))])


@case
def m_interp_convolve():
    import jax.numpy as jnp

    def f(xq, xp, fp, a, k):
        return (jnp.interp(xq, xp, fp), jnp.interp(xq, xp, fp, left=-1.0, right=2.0), jnp.convolve(a, k),
                jnp.convolve(a, k, mode="valid"), jnp.correlate(a, k, mode="same"), jnp.polyval(k, xq))

    return Case(f, [(np.array([-1.0, 0.0, 0.3, 1.7, 2.5, 9.0], np.float32), np.array([0.0, 1.0, 2.0, 3.0], np.float32),
                     np.array([0.0, 2.0, 1.0, 5.0], np.float32), _f(9, seed=1), _f(3, seed=2))], rtol=1e-5, atol=1e-5)


@case
def m_where_nan_handling():
    import jax.numpy as jnp

    def f(x):
        y = jnp.where(x > 0, jnp.log(jnp.where(x > 0, x, 1.0)), 0.0)
        z = x / (x - x[0])
        return (y, jnp.nan_to_num(z, posinf=9.0, neginf=-9.0), jnp.isnan(z), jnp.nanmean(jnp.log(x)),
                jnp.nanmax(jnp.log(x)), jnp.fmax(x, jnp.nan), jnp.signbit(-0.0 * x), jnp.copysign(x, -1.0))

    return Case(f, [(np.array([1.0, -2.0, 0.5, 0.0, 3.0], np.float32),)], rtol=1e-5, atol=1e-6)


@case
def m_reductions_stats():
    import jax.numpy as jnp

    def f(x):
        return (jnp.std(x, axis=0, ddof=1), jnp.var(x), jnp.median(x, axis=1), jnp.percentile(x, 30.0),
                jnp.quantile(x, jnp.array([0.1, 0.9]), axis=0), jnp.average(x, axis=1, weights=jnp.arange(1.0, 6.0)),
                jnp.cov(x), jnp.corrcoef(x), jnp.ptp(x, axis=1), jnp.argmin(x), jnp.nanstd(x))

    return Case(f, [(_f(4, 5, seed=1),)], rtol=1e-4, atol=1e-5)


@case
def m_image_resize_and_patches():
    import jax
    import jax.numpy as jnp

    def f(img):
        up = jax.image.resize(img, (1, 8, 8, 2), "bilinear")
        down = jax.image.resize(img, (1, 2, 2, 2), "linear", antialias=True)
        near = jax.image.resize(img, (1, 6, 6, 2), "nearest")
        patches = img.reshape(1, 2, 2, 2, 2, 2).transpose(0, 1, 3, 2, 4, 5).reshape(1, 4, 8)
        return up, down, near, patches

    return Case(f, [(_f(1, 4, 4, 2, seed=1),)], rtol=1e-4, atol=1e-5)


# --------------------------------------------------------------------------- convolutions

@case
def m_conv_variants():
    import jax.numpy as jnp
    from jax import lax

    def f(x, w, wd, wt):
        dil = lax.conv_general_dilated(x, w, (1, 1), "SAME", rhs_dilation=(2, 2),
                                       dimension_numbers=("NHWC", "HWIO", "NHWC"))
        depthwise = lax.conv_general_dilated(x, wd, (1, 1), "SAME", feature_group_count=x.shape[-1],
                                             dimension_numbers=("NHWC", "HWIO", "NHWC"))
        up = lax.conv_transpose(x, wt, (2, 2), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
        strided = lax.conv_general_dilated(x, w, (2, 2), ((1, 1), (0, 1)), dimension_numbers=("NHWC", "HWIO", "NHWC"))
        return dil, depthwise, up, strided, jnp.mean(dil, axis=(1, 2))

    return Case(f, [(_f(2, 7, 7, 4, seed=1), _f(3, 3, 4, 6, seed=2, scale=0.3), _f(3, 3, 1, 4, seed=3, scale=0.3),
                     _f(2, 2, 4, 3, seed=4, scale=0.3))], rtol=1e-4, atol=1e-5)


@case
def m_conv1d_ncw_causal():
    import jax
    from jax import lax

    def tcn(w1, w2, x):
        y = lax.conv_general_dilated(x, w1, (1,), [(2, 0)], dimension_numbers=("NCH", "OIH", "NCH"))
        y = jax.nn.relu(y)
        y = lax.conv_general_dilated(y, w2, (1,), [(4, 0)], rhs_dilation=(2,), dimension_numbers=("NCH", "OIH", "NCH"))
        return x[:, :1] + y

    return Case(tcn, [(_f(4, 3, 3, seed=1, scale=0.4), _f(1, 4, 3, seed=2, scale=0.4), _f(2, 3, 10, seed=3))],
                rtol=1e-4, atol=1e-5)


@case
def m_max_pool_grad():
    import jax
    import jax.numpy as jnp
    from jax import lax

    def loss(x):
        y = lax.reduce_window(x, -jnp.inf, lax.max, (1, 3, 3, 1), (1, 2, 2, 1), "SAME")
        return jnp.sum(y * jnp.arange(y.size, dtype=x.dtype).reshape(y.shape))

    return Case(jax.grad(loss), [(_f(1, 6, 6, 2, seed=1),)], rtol=1e-5, atol=1e-5)


# --------------------------------------------------------------------------- symbolic shapes, pytrees

@case
def m_symbolic_batch_mlp():
    import jax
    import jax.numpy as jnp

    def f(p, x):
        h = jax.nn.gelu(x @ p["w1"] + p["b1"])
        return jax.nn.softmax(h @ p["w2"], axis=-1), jnp.mean(h, axis=0)

    b, = jax.export.symbolic_shape("b")
    p = {"w1": _f(4, 8, seed=1), "b1": _f(8, seed=2), "w2": _f(8, 3, seed=3)}
    spec_p = jax.tree_util.tree_map(lambda a: jax.ShapeDtypeStruct(a.shape, a.dtype), p)
    return Case(f, [(p, _f(5, 4, seed=4)), (p, _f(2, 4, seed=5))],
                spec=(spec_p, jax.ShapeDtypeStruct((b, 4), np.float32)), rtol=1e-5, atol=1e-6)


@case
def m_symbolic_seq_attention():
    import jax
    import jax.numpy as jnp

    def f(q, k):
        s = jnp.einsum("btd,bsd->bts", q, k) / 2.0
        T = q.shape[1]
        mask = jnp.arange(T)[:, None] >= jnp.arange(T)[None, :]
        s = jnp.where(mask, s, -1e9)
        return jax.nn.softmax(s, axis=-1), jnp.cumsum(q, axis=1)

    b, t = jax.export.symbolic_shape("b, t")
    spec = jax.ShapeDtypeStruct((b, t, 4), np.float32)
    return Case(f, [(_f(2, 5, 4, seed=1), _f(2, 5, 4, seed=2)), (_f(1, 3, 4, seed=3), _f(1, 3, 4, seed=4))],
                spec=(spec, spec), rtol=1e-5, atol=1e-6, shape_assertions=False)


@case
def m_pytree_io_namedtuple():
    import collections

    import jax.numpy as jnp

    State = collections.namedtuple("State", ["pos", "vel"])

    def integrate(state, cfg):
        acc = -cfg["k"] * state.pos - cfg["damping"] * state.vel
        vel = state.vel + cfg["dt"] * acc
        pos = state.pos + cfg["dt"] * vel
        return {"state": State(pos, vel), "energy": (0.5 * jnp.sum(vel ** 2) + 0.5 * cfg["k"] * jnp.sum(pos ** 2),),
                "none": None}

    return Case(integrate, [(State(_f(3, seed=1), _f(3, seed=2)), {"k": np.float32(2.0), "damping": np.float32(0.1),
                                                                   "dt": np.float32(0.05)})], rtol=1e-5, atol=1e-6)


@case
def m_kwargs_and_static_closure():
    import jax.numpy as jnp

    def apply(x, *, scale, bias):
        return jnp.tanh(x * scale) + bias

    return Case(functools.partial(apply, bias=0.5), [(_f(4, seed=1),)], kwargs={"scale": np.float32(3.0)})


@case
def m_ode_rk4_fori():
    import jax.numpy as jnp
    from jax import lax

    def lotka_volterra(y0, params):
        a, b, c, d = params

        def f(y):
            return jnp.stack([a * y[0] - b * y[0] * y[1], c * y[0] * y[1] - d * y[1]])

        def step(i, y):
            h = 0.01
            k1 = f(y)
            k2 = f(y + h / 2 * k1)
            k3 = f(y + h / 2 * k2)
            k4 = f(y + h * k3)
            return y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        return lax.fori_loop(0, 200, step, y0)

    return Case(lotka_volterra, [(np.array([1.0, 0.5], np.float32), np.array([1.1, 0.4, 0.1, 0.4], np.float32))],
                rtol=1e-4, atol=1e-5)


@case
def m_kmeans_step():
    import jax
    import jax.numpy as jnp

    def step(points, centroids):
        d = jnp.sum((points[:, None, :] - centroids[None]) ** 2, -1)
        assign = jnp.argmin(d, axis=1)
        onehot = jax.nn.one_hot(assign, centroids.shape[0])
        new = (onehot.T @ points) / jnp.maximum(onehot.sum(0)[:, None], 1)
        return new, assign, jnp.min(d, axis=1).sum()

    return Case(step, [(_f(20, 2, seed=1), _f(3, 2, seed=2))], rtol=1e-5, atol=1e-5)


@case
def m_beam_topk_decode():
    import jax
    import jax.numpy as jnp
    from jax import lax

    def decode(logits_seq):
        def body(carry, logits):
            scores, = carry
            lp = jax.nn.log_softmax(logits)                    # (V,)
            cand = (scores[:, None] + lp[None, :]).reshape(-1)
            top, idx = lax.top_k(cand, 3)
            return (top,), (idx // lp.shape[0], idx % lp.shape[0])
        (final,), (beams, toks) = lax.scan(body, (jnp.array([0.0, -1e9, -1e9]),), logits_seq)
        return final, beams, toks

    return Case(decode, [(_f(4, 6, seed=1, scale=2),)], rtol=1e-5, atol=1e-5)


@case
def m_vmap_nested_in_axes():
    import jax
    import jax.numpy as jnp

    def pairwise(x, y):
        return jnp.sqrt(jnp.sum((x - y) ** 2) + 1e-12)

    dist = jax.vmap(jax.vmap(pairwise, (None, 0)), (0, None))

    def f(a, b, w):
        return dist(a, b), jax.vmap(jnp.dot, in_axes=(0, None), out_axes=1)(a, w)

    return Case(f, [(_f(4, 3, seed=1), _f(5, 3, seed=2), _f(3, 2, seed=3))], rtol=1e-5, atol=1e-5)


@case
def m_softmax_attention_padding_mask():
    import jax
    import jax.numpy as jnp

    def f(q, k, v, lengths):
        T = k.shape[1]
        valid = jnp.arange(T)[None, :] < lengths[:, None]
        s = jnp.einsum("bd,btd->bt", q, k)
        p = jax.nn.softmax(s, axis=-1, where=valid)
        p = jnp.where(valid, p, 0.0)
        return jnp.einsum("bt,btd->bd", p, v), p

    return Case(f, [(_f(3, 4, seed=1), _f(3, 6, 4, seed=2), _f(3, 6, 4, seed=3), np.array([6, 2, 4], np.int32))],
                rtol=1e-5, atol=1e-6)


@case
def m_rmsnorm_rope_bf16():
    import jax.numpy as jnp
    import ml_dtypes

    def f(x, g):
        xf = x.astype(jnp.float32)
        y = xf * jax_rsqrt(jnp.mean(xf * xf, -1, keepdims=True) + 1e-6) * g
        T, D = x.shape[-2], x.shape[-1]
        inv = 1.0 / (10000 ** (jnp.arange(0, D, 2) / D))
        ang = jnp.arange(T)[:, None] * inv[None]
        cos, sin = jnp.cos(ang), jnp.sin(ang)
        y1, y2 = y[..., ::2], y[..., 1::2]
        out = jnp.stack([y1 * cos - y2 * sin, y1 * sin + y2 * cos], -1).reshape(y.shape)
        return out.astype(jnp.bfloat16)

    def jax_rsqrt(v):
        from jax import lax
        return lax.rsqrt(v)

    return Case(f, [(_f(2, 5, 8, seed=1).astype(ml_dtypes.bfloat16), np.ones(8, np.float32))], rtol=2e-2, atol=2e-2)


@case
def m_scan_cumulative_stats():
    import jax.numpy as jnp
    from jax import lax

    def ema(xs, alpha):
        def body(m, x):
            m = alpha * m + (1 - alpha) * x
            return m, m
        last, all_ = lax.scan(body, xs[0], xs[1:])
        return last, all_, lax.associative_scan(jnp.add, xs), lax.cummax(xs, axis=0), lax.cumlogsumexp(xs, axis=0)

    return Case(ema, [(_f(6, 3, seed=1), np.float32(0.8))], rtol=1e-5, atol=1e-6)


@case
def m_dynamic_slice_window():
    import jax
    import jax.numpy as jnp
    from jax import lax

    def f(x, starts):
        windows = jax.vmap(lambda s: lax.dynamic_slice(x, (s, 0), (3, x.shape[1])))(starts)
        upd = lax.dynamic_update_slice(x, jnp.zeros((2, 2)), (starts[0], 1))
        return windows, upd, lax.dynamic_index_in_dim(x, starts[1], keepdims=False)

    return Case(f, [(_f(6, 4, seed=1), np.array([0, 4, 5, -1], np.int32))])


@case
def m_int_argmax_sort_keys():
    import jax.numpy as jnp
    from jax import lax

    def f(scores, ids):
        keys, vals = lax.sort((-scores, ids), num_keys=1, is_stable=True)
        return vals, jnp.argmax(scores), jnp.lexsort((ids, scores)), jnp.partition(scores, 2)[:2], jnp.sort(ids, descending=True)

    return Case(f, [(np.array([3, 1, 4, 1, 5, 9, 2, 6], np.int32), np.arange(8, dtype=np.uint32) * 3)])


@case
def m_uint8_image_pipeline():
    import jax.numpy as jnp

    def f(img):
        x = img.astype(jnp.float32) / 255.0
        gray = jnp.dot(x, jnp.array([0.299, 0.587, 0.114]))
        bright = jnp.clip(img.astype(jnp.int16) + 40, 0, 255).astype(jnp.uint8)
        inverted = 255 - img
        return gray, bright, inverted, jnp.round(gray * 255).astype(jnp.uint8), img.max(axis=(0, 1))

    return Case(f, [(_rng(1).integers(0, 256, (4, 5, 3)).astype(np.uint8),)], rtol=1e-5, atol=1e-6)


@case
def m_complex_rnn_unitary():
    import jax.numpy as jnp
    from jax import lax

    def f(theta, x):
        u = jnp.exp(1j * theta)

        def body(h, xt):
            h = u * h + xt
            return h, jnp.abs(h)
        h, mags = lax.scan(body, jnp.zeros(theta.shape, jnp.complex64), x.astype(jnp.complex64))
        return h, mags

    return Case(f, [(_f(4, seed=1), _f(5, 4, seed=2))], rtol=1e-4, atol=1e-5)


# --------------------------------------------------------------------------- second batch: library routines

@case
def m_random_gamma_beta_dirichlet():
    import jax

    def sample(key):
        ks = jax.random.split(key, 6)
        return (jax.random.gamma(ks[0], np.array([0.5, 1.0, 3.0], np.float32)), jax.random.beta(ks[1], 2.0, 5.0, (4,)),
                jax.random.dirichlet(ks[2], np.array([1.0, 2.0, 3.0], np.float32)), jax.random.poisson(ks[3], 3.0, (5,)),
                jax.random.laplace(ks[4], (3,)), jax.random.t(ks[5], 4.0, (3,)))

    return _key_case(sample, jax.random.key(5))


@case
def m_random_initializers():
    import jax
    import jax.numpy as jnp

    def init(key):
        k1, k2, k3, k4 = jax.random.split(key, 4)
        return {"glorot": jax.nn.initializers.glorot_uniform()(k1, (4, 6)),
                "he": jax.nn.initializers.he_normal()(k2, (3, 3, 2, 4)),
                "orth_gram": (lambda q: q.T @ q)(jax.nn.initializers.orthogonal()(k3, (5, 3))),
                "mvn": jax.random.multivariate_normal(k4, jnp.zeros(3), jnp.array([[2.0, 0.5, 0.0], [0.5, 1.0, 0.2],
                                                                                   [0.0, 0.2, 1.5]]), (4,))}

    return Case(init, [(jax.random.PRNGKey(0),)], rtol=1e-4, atol=1e-5)


@case
def m_dot_product_attention():
    import jax

    def f(q, k, v, bias):
        return (jax.nn.dot_product_attention(q, k, v, is_causal=True),
                jax.nn.dot_product_attention(q, k, v, bias=bias, scale=0.3))

    B, T, N, H = 2, 5, 2, 4
    return Case(f, [(_f(B, T, N, H, seed=1), _f(B, T, N, H, seed=2), _f(B, T, N, H, seed=3), _f(B, N, T, T, seed=4))],
                rtol=1e-5, atol=1e-5)


@case
def m_odeint_pendulum():
    import jax.numpy as jnp
    from jax.experimental.ode import odeint

    def f(y0, ts, damping):
        def rhs(y, t, c):
            return jnp.stack([y[1], -jnp.sin(y[0]) - c * y[1]])
        return odeint(rhs, y0, ts, damping, rtol=1e-5, atol=1e-6)

    return Case(f, [(np.array([1.0, 0.0], np.float32), np.linspace(0, 3, 5).astype(np.float32), np.float32(0.2))],
                rtol=1e-4, atol=1e-5)


@case
def m_scipy_minimize_bfgs():
    import jax.numpy as jnp
    from jax.scipy.optimize import minimize

    def f(x0, a):
        def rosen(x):
            return jnp.sum(a * (x[1:] - x[:-1] ** 2) ** 2 + (1 - x[:-1]) ** 2)
        res = minimize(rosen, x0, method="BFGS", options={"maxiter": 50})
        return res.x, res.fun, res.nit

    return Case(f, [(np.array([-0.5, 0.5, 1.2], np.float32), np.float32(10.0))], rtol=1e-3, atol=1e-4)


@case
def m_sparse_cg_gmres():
    import jax.numpy as jnp
    from jax.scipy.sparse.linalg import cg, gmres

    def f(a, b):
        spd = a @ a.T + 4 * jnp.eye(a.shape[0])
        x_cg, _ = cg(lambda v: spd @ v, b, tol=1e-6, maxiter=50)
        x_gm, _ = gmres(lambda v: (spd + 0.3 * a) @ v, b, tol=1e-6, restart=5, maxiter=10)
        return x_cg, x_gm

    return Case(f, [(_f(5, 5, seed=1), _f(5, seed=2))], rtol=1e-3, atol=1e-4)


@case
def m_fft_nd_odd_sizes():
    import jax.numpy as jnp

    def f(x):
        R = jnp.fft.rfftn(x)
        return (jnp.fft.fftn(x), R, jnp.fft.irfftn(R, s=x.shape), jnp.fft.ifft2(x.astype(jnp.complex64)),
                jnp.fft.hfft(x[0, 0], n=8), jnp.fft.fft(x, n=7, axis=1), jnp.fft.rfft(x, norm="ortho"),
                jnp.fft.ifftshift(x, axes=1))

    return Case(f, [(_f(3, 5, 6, seed=1),)], rtol=1e-4, atol=1e-4)


@case
def m_float_rounding_division():
    import jax.numpy as jnp

    def f(x, y):
        frac, whole = jnp.modf(x)
        m, e = jnp.frexp(x)
        return (jnp.round(x, 2), jnp.round(x * 2) / 2, jnp.rint(x), jnp.trunc(x), x // y, x % y, jnp.fmod(x, y),
                jnp.remainder(-x, y), frac, whole, m, e, jnp.ldexp(x, 3), jnp.nextafter(x, jnp.inf),
                jnp.floor_divide(-7.5, y), jnp.divmod(x, y)[1], jnp.hypot(x, y), jnp.float_power(jnp.abs(x), 0.5))

    x = np.array([2.5, -2.5, 0.5, -0.5, 1.005, 7.25, -7.25, 3.0], np.float32)
    y = np.array([2.0, 2.0, -0.3, 0.3, 1.0, -2.0, -2.0, 1.5], np.float32)
    return Case(f, [(x, y)], rtol=1e-6, atol=1e-6)


@case
def m_nan_and_signed_zero_ordering():
    import jax.numpy as jnp

    def f(x):
        return (jnp.sort(x), jnp.argsort(x), jnp.max(x), jnp.nanmax(x), jnp.nanargmax(x), jnp.nanargmin(x),
                jnp.maximum(x, 0.0), jnp.minimum(x[::-1], x), jnp.argmax(x), jnp.unique(x, size=8, fill_value=0.0),
                jnp.sort(x, descending=True), jnp.nansum(x), jnp.cumsum(jnp.nan_to_num(x)))

    x = np.array([1.0, np.nan, -0.0, 0.0, -np.inf, 3.0, np.nan, -2.0], np.float32)
    return Case(f, [(x,)])


@case
def m_global_norm_clip_step():
    import jax
    import jax.numpy as jnp

    def step(params, grads_in, max_norm):
        leaves = jax.tree_util.tree_leaves(grads_in)
        gnorm = jnp.sqrt(sum(jnp.sum(g * g) for g in leaves))
        scale = jnp.minimum(1.0, max_norm / (gnorm + 1e-6))
        grads = jax.tree_util.tree_map(lambda g: g * scale, grads_in)
        new = jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads)
        return new, gnorm, jax.tree_util.tree_reduce(lambda a, b: a + jnp.sum(b), new, 0.0)

    p = {"enc": (_f(3, 4, seed=1), _f(4, seed=2)), "dec": [_f(4, 2, seed=3)]}
    g = jax.tree_util.tree_map(lambda a: a * 3, p)
    return Case(step, [(p, g, np.float32(1.0))], rtol=1e-5, atol=1e-6)


@case
def m_vmap_axis_name_collectives():
    import jax
    import jax.numpy as jnp
    from jax import lax

    def per_example(x):
        mean = lax.pmean(x, "batch")
        total = lax.psum(jnp.sum(x), "batch")
        mx = lax.pmax(x, "batch")
        idx = lax.axis_index("batch")
        return (x - mean) / total, mx, idx

    return Case(jax.vmap(per_example, axis_name="batch"), [(_f(4, 3, seed=1),)], rtol=1e-5, atol=1e-6)


@case
def m_tensor_products():
    import jax.numpy as jnp

    def f(a, b, c, u, v):
        return (jnp.tensordot(a, b, axes=([1, 2], [0, 1])), jnp.kron(a[0], c), jnp.cross(u, v), jnp.inner(u, v),
                jnp.matmul(a, b[None, :, :, 0].transpose(0, 2, 1)), jnp.einsum("ij,jk,kl->il", c, c, c, optimize=True),
                jnp.linalg.multi_dot([c, c.T, c]), jnp.vecdot(u, v) if hasattr(jnp, "vecdot") else jnp.sum(u * v, -1))

    return Case(f, [(_f(2, 3, 4, seed=1), _f(3, 4, 5, seed=2), _f(3, 3, seed=3), _f(4, 3, seed=4), _f(4, 3, seed=5))],
                rtol=1e-5, atol=1e-5)


@case
def m_scipy_signal_ndimage():
    import jax.numpy as jnp
    from jax.scipy import ndimage, signal

    def f(img, k, coords):
        return (signal.convolve2d(img, k, mode="same"), signal.correlate(img, k, mode="valid"),
                ndimage.map_coordinates(img, [coords[0], coords[1]], order=1, mode="nearest"),
                signal.convolve(img[0], k[0], mode="full"), jnp.gradient(img, axis=0))

    return Case(f, [(_f(6, 7, seed=1), _f(3, 3, seed=2), np.array([[0.5, 2.2, 5.9, -1.0], [1.5, 0.0, 6.5, 3.3]],
                                                                     np.float32))], rtol=1e-5, atol=1e-5)


@case
def m_linalg_eig_general():
    import jax.numpy as jnp

    def f(a):
        w = jnp.linalg.eigvals(a)
        w, v = jnp.linalg.eig(a)
        resid = jnp.linalg.norm(a.astype(jnp.complex64) @ v - v * w[None, :], axis=0)
        return jnp.sort_complex(w), resid < 1e-3, jnp.sum(w), jnp.prod(w)

    return Case(f, [(_f(4, 4, seed=1),)], rtol=1e-4, atol=1e-4)


@case
def m_f64_int64_x64():
    import jax.numpy as jnp

    def f(x, n, u):
        return (n * np.int64(3_000_000_007), n // -3, n % -3, u * np.uint64(0x9E3779B97F4A7C15), u >> np.uint64(33),
                jnp.fft.rfft(x), jnp.cumprod(1 + x / 10), (x * 1e300) * 1e10, jnp.float64(1e-320) * x,
                jnp.linalg.eigh(jnp.outer(x[:3], x[:3]) + jnp.eye(3))[0], n.astype(jnp.float64) / 7)

    return Case(f, [(np.linspace(-1, 1, 8), np.array([-2 ** 62, -5, 0, 7, 2 ** 62], np.int64),
                     np.array([1, 2 ** 63, 2 ** 64 - 1], np.uint64))], rtol=1e-10, atol=1e-12, x64=True)


@case
def m_lax_reduce_custom_body():
    import jax.numpy as jnp
    from jax import lax

    def f(x):
        idx = lax.broadcasted_iota(jnp.int32, x.shape, 1)

        def body(a, b):
            av, ai = a
            bv, bi = b
            take_b = (bv > av) | ((bv == av) & (bi < ai))
            return jnp.where(take_b, bv, av), jnp.where(take_b, bi, ai)
        vals, arg = lax.reduce((x, idx), (-jnp.inf, jnp.int32(0)), body, (1,))
        logsum = lax.reduce(x, -jnp.inf, jnp.logaddexp, (0,))
        return vals, arg, logsum, lax.reduce(x > 0, False, lax.bitwise_or, (1,))

    return Case(f, [(np.round(_f(4, 6, seed=1) * 2) / 2,)], rtol=1e-5, atol=1e-6)


@case
def m_bf16_convnet():
    import jax
    import jax.numpy as jnp
    import ml_dtypes

    def net(w1, w2, x):
        y = _conv(x, w1)
        y = jax.nn.relu(y)
        y = jax.lax.reduce_window(y, jnp.array(-jnp.inf, y.dtype), jax.lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
        y = _conv(y, w2, 1, "VALID")
        return y, jnp.mean(y.astype(jnp.float32), axis=(1, 2))

    bf = ml_dtypes.bfloat16
    return Case(net, [(_f(3, 3, 2, 4, seed=1, scale=0.4).astype(bf), _f(2, 2, 4, 3, seed=2, scale=0.4).astype(bf),
                       _f(2, 8, 8, 2, seed=3).astype(bf))], rtol=3e-2, atol=3e-2)


@case
def m_f16_layernorm_softmax():
    import jax
    import jax.numpy as jnp

    def f(x, g):
        h = _layer_norm(x, g, jnp.float16(0.0), eps=1e-3)
        return jax.nn.softmax(h, axis=-1), jnp.tanh(h), h @ h.T

    return Case(f, [(_f(4, 8, seed=1, dtype=np.float16), np.ones(8, np.float16))], rtol=5e-3, atol=5e-3)


@case
def m_map_batched_scan_unrolled():
    import jax.numpy as jnp
    from jax import lax

    def f(xs):
        norms = lax.map(lambda r: jnp.sqrt(jnp.sum(r * r)), xs, batch_size=2)
        run, ys = lax.scan(lambda c, r: (c * 0.5 + r, jnp.max(c)), jnp.zeros(xs.shape[1]), xs, unroll=2)
        return norms, run, ys

    return Case(f, [(_f(5, 3, seed=1),)], rtol=1e-5, atol=1e-6)


@case
def m_symbolic_batch_conv():
    import jax
    import jax.numpy as jnp

    def f(w, x):
        y = jax.nn.relu(_conv(x, w))
        return jnp.mean(y, axis=(1, 2)), jnp.max(y, axis=0)

    b, = jax.export.symbolic_shape("b")
    w = _f(3, 3, 2, 4, seed=1, scale=0.4)
    return Case(f, [(w, _f(3, 6, 6, 2, seed=2)), (w, _f(1, 6, 6, 2, seed=3))],
                spec=(jax.ShapeDtypeStruct(w.shape, w.dtype), jax.ShapeDtypeStruct((b, 6, 6, 2), np.float32)),
                rtol=1e-5, atol=1e-5)


@case
def m_symbolic_two_dims_reductions():
    import jax
    import jax.numpy as jnp

    def f(x):
        return (jnp.sort(x, axis=-1), jnp.argmax(x, axis=0), jnp.cumsum(x, axis=1), x.reshape(-1).sum(),
                jnp.pad(x, ((1, 0), (0, 2))), jnp.concatenate([x, x], axis=0), x.T @ x)

    n, m = jax.export.symbolic_shape("n, m")
    return Case(f, [(_f(4, 3, seed=1),), (_f(2, 5, seed=2),)], spec=(jax.ShapeDtypeStruct((n, m), np.float32),),
                rtol=1e-5, atol=1e-5)


@case
def m_polyfit_tridiagonal():
    import jax.numpy as jnp
    from jax import lax

    def f(x, y, dl, d, du, b):
        return jnp.polyfit(x, y, 2), lax.linalg.tridiagonal_solve(dl, d, du, b), jnp.linspace(x[0], x[-1], 5), \
            jnp.logspace(0.0, 2.0, 4), jnp.arange(0.0, 1.0, 0.3)

    n = 5
    dl = np.concatenate([[0], _f(n - 1, seed=1)]).astype(np.float32)
    du = np.concatenate([_f(n - 1, seed=2), [0]]).astype(np.float32)
    d = (4 + np.abs(_f(n, seed=3))).astype(np.float32)
    return Case(f, [(np.linspace(0, 2, 7).astype(np.float32), _f(7, seed=4), dl, d, du, _f(n, 2, seed=5))],
                rtol=1e-4, atol=1e-4)


@case
def m_float_to_int_conversions():
    import jax.numpy as jnp

    def f(x):
        return (jnp.clip(x, -128, 127).astype(jnp.int8), jnp.clip(x, 0, 255).astype(jnp.uint8), x.astype(jnp.int32),
                jnp.round(x).astype(jnp.int16), (x > 0).astype(jnp.float32), x.astype(jnp.bfloat16),
                x.astype(jnp.float16), jnp.floor(x).astype(jnp.uint32) if False else jnp.abs(x).astype(jnp.uint32))

    return Case(f, [(np.array([-300.7, -1.5, -0.5, 0.5, 1.5, 2.5, 254.9, 1e5], np.float32),)])


# --------------------------------------------------------------------------- third batch: edges and sizes

@case
def m_typed_key_in_and_out():
    import jax

    def step(key, x):
        key, sub = jax.random.split(key)
        return key, x + jax.random.normal(sub, x.shape), jax.random.key_data(sub)

    return Case(step, [(jax.random.key(9), _f(3, seed=1))], rtol=1e-5, atol=1e-6)


@case
def m_wide_mlp_inference():
    import jax

    def mlp(params, x):
        for w, b in params[:-1]:
            x = jax.nn.gelu(x @ w + b)
        w, b = params[-1]
        return jax.nn.log_softmax(x @ w + b)

    sizes = [64, 256, 256, 10]
    params = [(_f(m, n, seed=i, scale=1 / np.sqrt(m)), _f(n, seed=10 + i, scale=0.1))
              for i, (m, n) in enumerate(zip(sizes[:-1], sizes[1:]))]
    return Case(mlp, [(params, _f(32, 64, seed=99))], rtol=1e-4, atol=1e-4)


@case
def m_resnet_block_32x32():
    import jax
    import jax.numpy as jnp

    def block(p, x):
        h = _conv(x, p["w1"])
        h = jax.nn.relu(h * p["s1"] + p["t1"])
        h = _conv(h, p["w2"])
        h = h * p["s2"] + p["t2"]
        skip = _conv(x, p["proj"], 1, "VALID")
        return jax.nn.relu(h + skip), jnp.mean(h, axis=(0, 1, 2))

    C = 16
    p = {"w1": _f(3, 3, 8, C, seed=1, scale=0.15), "s1": _f(C, seed=2) * 0.1 + 1, "t1": _f(C, seed=3, scale=0.1),
         "w2": _f(3, 3, C, C, seed=4, scale=0.1), "s2": _f(C, seed=5) * 0.1 + 1, "t2": _f(C, seed=6, scale=0.1),
         "proj": _f(1, 1, 8, C, seed=7, scale=0.3)}
    return Case(block, [(p, _f(2, 32, 32, 8, seed=8))], rtol=1e-4, atol=1e-4)


@case
def m_attention_seq64():
    import jax
    import jax.numpy as jnp

    def mha(p, x):
        B, T, D = x.shape
        H = 4
        q = (x @ p["wq"]).reshape(B, T, H, D // H)
        k = (x @ p["wk"]).reshape(B, T, H, D // H)
        v = (x @ p["wv"]).reshape(B, T, H, D // H)
        s = jnp.einsum("bthd,bshd->bhts", q, k) * (D // H) ** -0.5
        s = s + jnp.triu(jnp.full((T, T), -jnp.inf), 1)
        o = jnp.einsum("bhts,bshd->bthd", jax.nn.softmax(s, -1), v).reshape(B, T, D)
        return o @ p["wo"]

    D = 32
    p = {k: _f(D, D, seed=i, scale=D ** -0.5) for i, k in enumerate(("wq", "wk", "wv", "wo"))}
    return Case(mha, [(p, _f(2, 64, D, seed=9))], rtol=1e-4, atol=1e-4)


@case
def m_large_sort_topk():
    import jax.numpy as jnp
    from jax import lax

    def f(x, ids):
        v, i = lax.top_k(x, 10)
        return jnp.sort(x), v, i, jnp.argsort(ids, stable=True)[:50], jnp.median(x), jnp.unique(ids, size=50)

    r = _rng(4)
    return Case(f, [(r.standard_normal(3000).astype(np.float32), r.integers(0, 100, 3000).astype(np.int32))])


@case
def m_depthwise_conv_weight_grad():
    """The weight gradient of a grouped convolution is a convolution with batch_group_count."""
    import jax
    import jax.numpy as jnp
    from jax import lax

    def loss(w, x):
        y = lax.conv_general_dilated(x, w, (2, 2), "SAME", feature_group_count=4,
                                     dimension_numbers=("NHWC", "HWIO", "NHWC"))
        return jnp.sum(jnp.tanh(y))

    return Case(jax.grad(loss, argnums=(0, 1)), [(_f(3, 3, 1, 8, seed=1, scale=0.3), _f(2, 7, 7, 4, seed=2))],
                rtol=1e-4, atol=1e-4)


@case
def m_reduce_window_dilated_padded():
    import jax.numpy as jnp
    from jax import lax

    def f(x):
        a = lax.reduce_window(x, -jnp.inf, lax.max, (2, 3), (1, 2), ((1, 1), (2, 0)), window_dilation=(2, 1))
        b = lax.reduce_window(x, 0.0, lax.add, (2, 2), (1, 1), "VALID", base_dilation=(2, 1))
        c = lax.reduce_window(x, jnp.inf, lax.min, (3, 1), (2, 1), "SAME")
        return a, b, c, lax.cumsum(x, axis=1, reverse=True)

    return Case(f, [(_f(7, 8, seed=1),)], rtol=1e-5, atol=1e-5)


@case
def m_scatter_gather_modes():
    import jax.numpy as jnp

    def f(x, idx, vals):
        return (x.at[idx].set(vals, mode="drop"), x.at[idx].add(vals, mode="clip"), x.at[idx].get(mode="fill",
                fill_value=jnp.nan), jnp.take(x, idx, mode="wrap"), jnp.take(x, idx, mode="clip"),
                x.at[idx].min(vals, mode="promise_in_bounds" if False else "drop"), x[-2:], x.at[-1].set(9.0))

    return Case(f, [(_f(6, seed=1), np.array([0, 7, -1, 3, -8, 3], np.int32), _f(6, seed=2))])


@case
def m_integer_edge_semantics():
    import jax.numpy as jnp
    from jax import lax

    def f(a, b, u8):
        return (lax.div(a, b), lax.rem(a, b), lax.shift_left(u8, jnp.uint8(9)), lax.shift_right_logical(u8, jnp.uint8(8)),
                lax.shift_right_arithmetic(a, jnp.int32(40)), jnp.cumsum(u8, dtype=jnp.uint8), a * a,
                jnp.abs(jnp.int32(-2 ** 31)) + a, lax.clamp(jnp.int32(-3), a, jnp.int32(3)), jnp.sign(a),
                jnp.gcd(a, b), jnp.lcm(a % 100, b % 100))

    a = np.array([7, -7, -2 ** 31, 2 ** 31 - 1, 5, 0], np.int32)
    b = np.array([0, 0, -1, 3, -2, 0], np.int32)
    return Case(f, [(a, b, np.array([1, 128, 255, 3, 200, 0], np.uint8))])


@case
def m_float_to_int_out_of_range():
    import jax.numpy as jnp

    def f(x):
        return x.astype(jnp.int32), x.astype(jnp.uint8), x.astype(jnp.int8), x.astype(jnp.uint32)

    return Case(f, [(np.array([np.nan, np.inf, -np.inf, 3e9, -3e9, 300.5, -1.5, 255.9], np.float32),)])


@case
def m_softmax_fully_masked_and_inf():
    import jax
    import jax.numpy as jnp

    def f(x, mask):
        s = jnp.where(mask, x, -jnp.inf)
        return (jax.nn.softmax(s, axis=-1), jax.nn.logsumexp(s, axis=-1), jax.nn.log_softmax(s, axis=-1),
                jnp.argmax(jnp.where(mask, x, jnp.nan), axis=-1), jax.nn.logsumexp(x, axis=-1, b=mask.astype(x.dtype)),
                jax.nn.logsumexp(x - 2, b=jnp.where(mask, 1.0, -1.0), return_sign=True))

    mask = np.array([[True, False, True, True], [False, False, False, False], [True, True, True, True]])
    return Case(f, [(_f(3, 4, seed=1), mask)])


@case
def m_nonzero_argwhere_sized():
    import jax.numpy as jnp

    def f(x):
        (nz,) = jnp.nonzero(x > 0, size=6, fill_value=-1)
        rows, cols = jnp.nonzero(x.reshape(3, 4) > 0.5, size=5)
        u, idx, inv, cnt = jnp.unique(jnp.round(x), size=7, return_index=True, return_inverse=True,
                                      return_counts=True, fill_value=99.0)
        return nz, rows, cols, jnp.argwhere(x < 0, size=4, fill_value=0), u, idx, inv, cnt, jnp.flatnonzero(x > 1, size=3)

    return Case(f, [(_f(12, seed=3),)])


@case
def m_searchsorted_methods_percentiles():
    import jax.numpy as jnp

    def f(a, q):
        s = jnp.sort(a)
        return (jnp.searchsorted(s, q, method="scan"), jnp.searchsorted(s, q, method="compare_all"),
                jnp.searchsorted(s, q, side="right", method="sort"), jnp.percentile(a, 37.0, method="nearest"),
                jnp.percentile(a, 37.0, method="lower"), jnp.quantile(a, 0.5, method="midpoint"), jnp.digitize(q, s[::5]))

    return Case(f, [(_f(20, seed=1), np.array([-5.0, -0.3, 0.0, 0.7, 9.0], np.float32))])


@case
def m_complex_linalg_and_branch_cuts():
    import jax.numpy as jnp

    def f(a, z):
        inv = jnp.linalg.inv(a)
        s = jnp.linalg.svd(a, compute_uv=False)
        w = jnp.linalg.eigvalsh(a @ jnp.conj(a.T))
        return (inv @ a, s, w, jnp.linalg.solve(a, z[:3]), jnp.sqrt(z), jnp.log(z), jnp.arctan(z), jnp.arcsinh(z),
                z / (z + 1), jnp.exp(z * 40), jnp.power(z, 0.5), jnp.linalg.det(a))

    a = (_f(3, 3, seed=1) + 1j * _f(3, 3, seed=2)).astype(np.complex64) + 2 * np.eye(3, dtype=np.complex64)
    z = np.array([-1 + 0j, -1 - 0j, 0j, 2 - 3j, -0.5 + 1e-8j, 1e-3 + 4j], np.complex64)
    z[1] = complex(-1.0, -0.0)
    return Case(f, [(a, z)], rtol=1e-4, atol=1e-4)


@case
def m_custom_vjp_clip_gradient():
    import jax
    import jax.numpy as jnp

    @jax.custom_vjp
    def clip_grad(x, lo, hi):
        return x

    def fwd(x, lo, hi):
        return x, (lo, hi)

    def bwd(res, g):
        lo, hi = res
        return jnp.clip(g, lo, hi), None, None

    clip_grad.defvjp(fwd, bwd)

    def loss(w, x):
        h = clip_grad(x @ w, -0.1, 0.1)
        return jnp.sum(h ** 3)

    return Case(jax.value_and_grad(loss), [(_f(3, 2, seed=1), _f(4, 3, seed=2))], rtol=1e-5, atol=1e-6)


@case
def m_scipy_stats_logpdfs():
    import jax.numpy as jnp
    import jax.scipy.stats as st

    def f(x, k, mu, cov):
        px = jnp.abs(x) + 0.1
        return (st.beta.logpdf(px / 4, 2.0, 3.0), st.gamma.logpdf(px, 2.5), st.t.logpdf(x, 3.0), st.poisson.logpmf(k, 2.5),
                st.multivariate_normal.logpdf(x[:, :3], mu, cov), st.laplace.cdf(x), st.expon.logpdf(px),
                st.bernoulli.logpmf(k % 2, 0.3), st.cauchy.logpdf(x), st.logistic.cdf(x), st.norm.ppf(px / 4))

    cov = np.array([[2.0, 0.3, 0.0], [0.3, 1.0, 0.1], [0.0, 0.1, 0.5]], np.float32)
    return Case(f, [(_f(5, 4, seed=1), np.array([0, 1, 2, 5, 9], np.int32), _f(3, seed=2), cov)], rtol=1e-4,
                atol=1e-5)


@case
def m_scipy_special_rare():
    import jax.numpy as jnp
    import jax.scipy.special as jss

    def f(x):
        a = jnp.abs(x) + 0.5
        return (jss.betainc(a, a + 1, jnp.clip(a / 4, 0.01, 0.99)), jss.bessel_jn(a, v=2)[-1], jss.expi(a), jss.exp1(a),
                jss.spence(a), jss.kl_div(a, a + 0.3), jss.rel_entr(a, a * 2), jss.i0(x), jss.i1(x), jss.factorial(3.0 + 0 * a),
                jss.hyp1f1(0.5, 1.5, -a), jss.log_ndtr(-a * 10))

    return Case(f, [(_f(5, seed=4),)], rtol=1e-4, atol=1e-5)


@case
def m_image_resize_methods():
    import jax
    import jax.numpy as jnp

    def f(img):
        return (jax.image.resize(img, (7, 9, 3), "cubic"), jax.image.resize(img, (3, 3, 3), "lanczos3"),
                jax.image.resize(img, (10, 10, 3), "lanczos5"),
                jax.image.scale_and_translate(img, (8, 8, 3), (0, 1), jnp.array([1.5, 1.5]), jnp.array([0.5, -0.5]),
                                              "linear"))

    return Case(f, [(_f(5, 6, 3, seed=1),)], rtol=1e-4, atol=1e-4)


@case
def m_batched_linalg():
    import jax
    import jax.numpy as jnp

    def f(a, b):
        spd = a @ jnp.swapaxes(a, -1, -2) + 4 * jnp.eye(4)
        L = jnp.linalg.cholesky(spd)
        return (jnp.linalg.solve(spd, b), L, jnp.linalg.slogdet(a)[1], jnp.linalg.eigvalsh(spd), jnp.abs(jnp.linalg.qr(a)[1]),
                jax.vmap(jnp.linalg.inv)(spd), jnp.linalg.svd(a, compute_uv=False), jnp.linalg.norm(a, ord="nuc", axis=(-2, -1)))

    return Case(f, [(_f(3, 4, 4, seed=1), _f(3, 4, 2, seed=2))], rtol=1e-3, atol=1e-4)


@case
def m_symbolic_scan_length_and_derived_dims():
    import jax
    import jax.numpy as jnp
    from jax import lax

    def f(xs):
        T = xs.shape[0]
        c, ys = lax.scan(lambda c, x: (c + x, c * x), jnp.zeros(xs.shape[1:]), xs)
        doubled = jnp.concatenate([xs, xs[::-1]], 0)                 # 2*T rows
        pairs = doubled.reshape(T, 2, -1)
        return c, ys, pairs.sum(1), jnp.pad(xs, ((0, 1), (0, 0)))[1:], jnp.arange(T) * 2

    t, = jax.export.symbolic_shape("t")
    return Case(f, [(_f(5, 3, seed=1),), (_f(2, 3, seed=2),)], spec=(jax.ShapeDtypeStruct((t, 3), np.float32),),
                rtol=1e-5, atol=1e-5)


@case
def m_symbolic_topk_gather():
    import jax
    import jax.numpy as jnp
    from jax import lax

    def f(x, table):
        v, i = lax.top_k(x, 2)
        return v, i, table[i], jnp.take_along_axis(x, jnp.argsort(x, axis=-1), axis=-1), jax.nn.one_hot(i[:, 0], 5)

    b, = jax.export.symbolic_shape("b")
    return Case(f, [(_f(3, 6, seed=1), _f(6, 2, seed=2)), (_f(1, 6, seed=3), _f(6, 2, seed=2))],
                spec=(jax.ShapeDtypeStruct((b, 6), np.float32), jax.ShapeDtypeStruct((6, 2), np.float32)))


@case
def m_int8_quantized_conv_dot():
    import jax.numpy as jnp
    from jax import lax

    def f(x, w, v):
        y = lax.conv_general_dilated(x, w, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"),
                                     preferred_element_type=jnp.int32)
        d = jnp.einsum("ij,jk->ik", v, v.T, preferred_element_type=jnp.int32)
        return y, d, jnp.matmul(v.astype(jnp.int32), v.T.astype(jnp.int32) * 1000000)

    r = _rng(5)
    return Case(f, [(r.integers(-128, 128, (1, 5, 5, 3)).astype(np.int8), r.integers(-128, 128, (3, 3, 3, 4)).astype(np.int8),
                     r.integers(-128, 128, (4, 6)).astype(np.int8))])


@case
def m_with_sharding_constraint_named_scope():
    import jax
    import jax.numpy as jnp

    def f(x):
        with jax.named_scope("encoder"):
            h = jax.lax.with_sharding_constraint(jnp.tanh(x), jax.sharding.SingleDeviceSharding(jax.devices("cpu")[0]))
        return jax.named_call(lambda v: v * 2, name="double")(h)

    return Case(f, [(_f(3, 4, seed=1),)])


@case
def m_remat_policy_scan_training():
    import jax
    import jax.numpy as jnp
    from jax import lax

    def loss(ws, x):
        @functools.partial(jax.checkpoint, policy=jax.checkpoint_policies.dots_with_no_batch_dims_saveable)
        def layer(h, w):
            return jnp.tanh(h @ w), None
        h, _ = lax.scan(layer, x, ws)
        return jnp.mean(h ** 2)

    return Case(jax.value_and_grad(loss), [(_f(4, 6, 6, seed=1, scale=0.4), _f(5, 6, seed=2))], rtol=1e-4, atol=1e-5)


@case
def m_cond_pytree_mixed_dtypes():
    import jax.numpy as jnp
    from jax import lax

    def f(pred, state):
        def yes(s):
            return {"count": s["count"] + 1, "val": s["val"] * 2, "flag": ~s["flag"]}

        def no(s):
            return {"count": s["count"] - 1, "val": -s["val"], "flag": s["flag"]}
        out = lax.cond(pred, yes, no, state)
        idx = lax.select_n(out["count"] % 3, jnp.float32(1), jnp.float32(2), jnp.float32(3))
        return out, idx

    st = {"count": np.int32(4), "val": _f(3, seed=1), "flag": np.array([True, False])}
    return Case(f, [(np.bool_(True), st), (np.bool_(False), st)])


@case
def m_bf16_f16_sort_topk_round():
    import jax.numpy as jnp
    import ml_dtypes
    from jax import lax

    def f(b, h):
        return (jnp.sort(b), lax.top_k(b, 3)[1], jnp.argsort(h), jnp.round(h), jnp.round(b * 3), jnp.cumsum(h),
                jnp.sum(b), jnp.mean(h), jnp.max(b), (b.astype(jnp.float16) + h).astype(jnp.bfloat16))

    b = np.round(_f(9, seed=1) * 4).astype(ml_dtypes.bfloat16) / 4
    return Case(f, [(b, _f(9, seed=2, dtype=np.float16))], rtol=2e-2, atol=2e-2)


# --------------------------------------------------------------------------- fourth batch: whole models

@case
def m_greedy_decode_kv_cache():
    import jax
    import jax.numpy as jnp
    from jax import lax

    def generate(p, prompt_tok, steps=6):
        V, D = p["emb"].shape
        L = steps + 1
        k_cache = jnp.zeros((L, D))
        v_cache = jnp.zeros((L, D))
        toks = jnp.zeros(L, jnp.int32).at[0].set(prompt_tok)

        def body(t, state):
            toks, kc, vc = state
            x = p["emb"][toks[t]]
            q, k, v = x @ p["wq"], x @ p["wk"], x @ p["wv"]
            kc = lax.dynamic_update_slice(kc, k[None], (t, 0))
            vc = lax.dynamic_update_slice(vc, v[None], (t, 0))
            s = jnp.where(jnp.arange(L) <= t, kc @ q / jnp.sqrt(D), -jnp.inf)
            h = jax.nn.softmax(s) @ vc + x
            nxt = jnp.argmax(h @ p["emb"].T).astype(jnp.int32)
            return toks.at[t + 1].set(nxt), kc, vc
        toks, kc, _ = lax.fori_loop(0, steps, body, (toks, k_cache, v_cache))
        return toks, kc

    D, V = 8, 11
    p = {"emb": _f(V, D, seed=1), "wq": _f(D, D, seed=2, scale=0.4), "wk": _f(D, D, seed=3, scale=0.4),
         "wv": _f(D, D, seed=4, scale=0.4)}
    return Case(generate, [(p, np.int32(3)), (p, np.int32(7))], rtol=1e-4, atol=1e-5)


@case
def m_moe_top2_routing():
    import jax
    import jax.numpy as jnp
    from jax import lax

    def moe(p, x):
        logits = x @ p["gate"]                                       # (T, E)
        w, idx = lax.top_k(jax.nn.softmax(logits), 2)
        w = w / w.sum(-1, keepdims=True)
        dispatch = jax.nn.one_hot(idx, p["w1"].shape[0])             # (T, 2, E)
        combine = jnp.einsum("tk,tke->te", w, dispatch)
        h = jax.nn.silu(jnp.einsum("td,edf->tef", x, p["w1"]))
        y = jnp.einsum("tef,efd->ted", h, p["w2"])
        aux = jnp.mean(jnp.sum(dispatch, 1), 0) @ jnp.mean(jax.nn.softmax(logits), 0)
        return jnp.einsum("te,ted->td", combine, y), aux

    E, D, F = 4, 8, 16
    p = {"gate": _f(D, E, seed=1), "w1": _f(E, D, F, seed=2, scale=0.3), "w2": _f(E, F, D, seed=3, scale=0.2)}
    return Case(moe, [(p, _f(6, D, seed=4))], rtol=1e-4, atol=1e-5)


@case
def m_bert_embeddings_gqa_rope():
    import jax
    import jax.numpy as jnp

    def f(p, ids, types):
        T = ids.shape[1]
        x = p["tok"][ids] + p["pos"][jnp.arange(T)][None] + p["typ"][types]
        x = _layer_norm(x, p["g"], p["b"], 1e-12)
        B, D = x.shape[0], x.shape[-1]
        Hq, Hkv, hd = 4, 2, D // 4
        q = (x @ p["wq"]).reshape(B, T, Hq, hd)
        kv = (x @ p["wkv"]).reshape(B, T, 2, Hkv, hd)
        k, v = kv[:, :, 0], kv[:, :, 1]
        k, v = jnp.repeat(k, Hq // Hkv, axis=2), jnp.repeat(v, Hq // Hkv, axis=2)
        pos = jnp.arange(T)[:, None] / (10000 ** (jnp.arange(hd // 2) / (hd // 2)))[None]
        cos, sin = jnp.cos(pos)[None, :, None], jnp.sin(pos)[None, :, None]

        def rope(t):
            a, b = t[..., : hd // 2], t[..., hd // 2:]
            return jnp.concatenate([a * cos - b * sin, a * sin + b * cos], -1)
        att = jax.nn.softmax(jnp.einsum("bqhd,bkhd->bhqk", rope(q), rope(k)) / jnp.sqrt(hd), -1)
        return jnp.einsum("bhqk,bkhd->bqhd", att, v).reshape(B, T, D)

    D, V = 16, 30
    p = {"tok": _f(V, D, seed=1), "pos": _f(10, D, seed=2, scale=0.1), "typ": _f(2, D, seed=3, scale=0.1),
         "g": np.ones(D, np.float32), "b": np.zeros(D, np.float32), "wq": _f(D, D, seed=4, scale=0.25),
         "wkv": _f(D, D, seed=5, scale=0.25)}
    ids = _rng(6).integers(0, V, (2, 7)).astype(np.int32)
    types = (np.arange(7)[None] >= np.array([[3], [5]])).astype(np.int32)
    return Case(f, [(p, ids, types)], rtol=1e-4, atol=1e-5)


@case
def m_clip_contrastive_loss_grad():
    import jax
    import jax.numpy as jnp

    def loss(params, img, txt):
        a = img @ params["wi"]
        b = txt @ params["wt"]
        a = a / jnp.linalg.norm(a, axis=-1, keepdims=True)
        b = b / jnp.linalg.norm(b, axis=-1, keepdims=True)
        logits = jnp.exp(params["t"]) * a @ b.T
        labels = jnp.arange(a.shape[0])
        li = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits, 1), labels[:, None], 1))
        lt = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits, 0), labels[None, :], 0))
        return (li + lt) / 2

    params = {"wi": _f(6, 4, seed=1), "wt": _f(5, 4, seed=2), "t": np.float32(np.log(10.0))}
    return Case(jax.value_and_grad(loss), [(params, _f(8, 6, seed=3), _f(8, 5, seed=4))], rtol=1e-4, atol=1e-5)


@case
def m_vae_reparam_elbo():
    import jax
    import jax.numpy as jnp

    def elbo(p, x, key):
        h = jax.nn.relu(x @ p["enc"])
        mu, logvar = jnp.split(h @ p["head"], 2, -1)
        eps = jax.random.normal(key, mu.shape)
        z = mu + jnp.exp(0.5 * logvar) * eps
        logits = z @ p["dec"]
        rec = jnp.sum(x * jax.nn.log_sigmoid(logits) + (1 - x) * jax.nn.log_sigmoid(-logits), -1)
        kl = -0.5 * jnp.sum(1 + logvar - mu ** 2 - jnp.exp(logvar), -1)
        return -jnp.mean(rec - kl)

    p = {"enc": _f(10, 8, seed=1, scale=0.3), "head": _f(8, 4, seed=2, scale=0.3), "dec": _f(2, 10, seed=3)}
    x = (_rng(4).random((5, 10)) < 0.5).astype(np.float32)
    return Case(jax.value_and_grad(elbo), [(p, x, jax.random.PRNGKey(0))], rtol=1e-4, atol=1e-5)


@case
def m_diffusion_sampler_loop():
    import jax
    import jax.numpy as jnp
    from jax import lax

    def sample(w, key, steps=8):
        betas = jnp.linspace(1e-4, 0.02, steps)
        alphas = 1 - betas
        abar = jnp.cumprod(alphas)
        key, k0 = jax.random.split(key)
        x = jax.random.normal(k0, (4, 3))

        def body(i, carry):
            x, key = carry
            t = steps - 1 - i
            eps = jnp.tanh(x @ w + t / steps)
            mean = (x - betas[t] / jnp.sqrt(1 - abar[t]) * eps) / jnp.sqrt(alphas[t])
            key, sub = jax.random.split(key)
            noise = jnp.where(t > 0, jax.random.normal(sub, x.shape), 0.0)
            return mean + jnp.sqrt(betas[t]) * noise, key
        return lax.fori_loop(0, steps, body, (x, key))[0]

    return Case(sample, [(_f(3, 3, seed=1, scale=0.5), jax.random.PRNGKey(4))], rtol=1e-4, atol=1e-5)


@case
def m_gat_segment_softmax():
    import jax
    import jax.numpy as jnp

    def gat(p, h, src, dst):
        N = h.shape[0]
        z = h @ p["w"]
        e = jax.nn.leaky_relu(z[src] @ p["a_src"] + z[dst] @ p["a_dst"], 0.2)
        emax = jax.ops.segment_max(e, dst, num_segments=N)
        ex = jnp.exp(e - emax[dst])
        denom = jax.ops.segment_sum(ex, dst, num_segments=N)
        alpha = ex / denom[dst]
        return jax.nn.elu(jax.ops.segment_sum(alpha[:, None] * z[src], dst, num_segments=N)), alpha

    src = np.array([0, 1, 2, 3, 0, 2, 4, 1], np.int32)
    dst = np.array([1, 2, 3, 0, 2, 1, 0, 4], np.int32)
    p = {"w": _f(3, 4, seed=1), "a_src": _f(4, seed=2), "a_dst": _f(4, seed=3)}
    return Case(gat, [(p, _f(5, 3, seed=4), src, dst)], rtol=1e-5, atol=1e-5)


@case
def m_policy_gradient_categorical():
    import jax
    import jax.numpy as jnp

    def pg_loss(w, obs, key):
        logits = obs @ w
        actions = jax.random.categorical(key, logits)
        logp = jnp.take_along_axis(jax.nn.log_softmax(logits), actions[:, None], 1)[:, 0]
        returns = jnp.cumsum(obs[:, 0][::-1])[::-1]
        adv = (returns - returns.mean()) / (returns.std() + 1e-8)
        entropy = -jnp.sum(jax.nn.softmax(logits) * jax.nn.log_softmax(logits), -1).mean()
        return -jnp.mean(logp * adv) - 0.01 * entropy, actions

    return Case(jax.value_and_grad(pg_loss, has_aux=True), [(_f(4, 3, seed=1), _f(9, 4, seed=2), jax.random.PRNGKey(8))],
                rtol=1e-4, atol=1e-5)


@case
def m_wavenet_dilated_stack():
    import jax
    import jax.numpy as jnp
    from jax import lax

    def wavenet(ws, x):
        skip = 0.0
        for i, w in enumerate(ws):
            d = 2 ** i
            y = lax.conv_general_dilated(x, w, (1,), [(d, 0)], rhs_dilation=(d,), dimension_numbers=("NWC", "WIO", "NWC"))
            a, b = jnp.split(y, 2, -1)
            g = jnp.tanh(a) * jax.nn.sigmoid(b)
            x = x + g
            skip = skip + g
        return skip

    ws = [_f(2, 4, 8, seed=i, scale=0.3) for i in range(4)]
    return Case(wavenet, [(ws, _f(2, 20, 4, seed=9))], rtol=1e-4, atol=1e-5)


@case
def m_unet_mini():
    import jax
    import jax.numpy as jnp
    from jax import lax

    def unet(p, x):
        e1 = jax.nn.relu(_conv(x, p["e1"]))
        d = lax.reduce_window(e1, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
        m = jax.nn.relu(_conv(d, p["m"]))
        u = lax.conv_transpose(m, p["up"], (2, 2), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
        cat = jnp.concatenate([u, e1], axis=-1)
        return jax.nn.sigmoid(_conv(cat, p["out"]))

    p = {"e1": _f(3, 3, 1, 4, seed=1, scale=0.4), "m": _f(3, 3, 4, 8, seed=2, scale=0.2),
         "up": _f(2, 2, 8, 4, seed=3, scale=0.3), "out": _f(1, 1, 8, 1, seed=4, scale=0.3)}
    return Case(unet, [(p, _f(2, 16, 16, 1, seed=5))], rtol=1e-4, atol=1e-5)


@case
def m_vit_patch_embed_nchw():
    import jax
    import jax.numpy as jnp
    from jax import lax

    def vit(p, img):
        x = lax.conv_general_dilated(img, p["patch"], (4, 4), "VALID", dimension_numbers=("NCHW", "OIHW", "NCHW"))
        B, C, H, W = x.shape
        x = x.reshape(B, C, H * W).transpose(0, 2, 1)
        cls = jnp.broadcast_to(p["cls"], (B, 1, C))
        x = jnp.concatenate([cls, x], 1) + p["pos"]
        x = _layer_norm(x, 1.0, 0.0)
        att = jax.nn.softmax(x @ x.transpose(0, 2, 1) / jnp.sqrt(C), -1)
        return (att @ x)[:, 0] @ p["head"]

    p = {"patch": _f(8, 3, 4, 4, seed=1, scale=0.2), "cls": _f(1, 1, 8, seed=2), "pos": _f(1, 5, 8, seed=3, scale=0.1),
         "head": _f(8, 10, seed=4)}
    return Case(vit, [(p, _f(2, 3, 8, 8, seed=5))], rtol=1e-4, atol=1e-5)


@case
def m_mobilenet_separable_bf16_grad():
    import jax
    import jax.numpy as jnp
    from jax import lax

    def loss(p, x):
        y = lax.conv_general_dilated(x, p["dw"], (2, 2), "SAME", feature_group_count=x.shape[-1],
                                     dimension_numbers=("NHWC", "HWIO", "NHWC"))
        y = jax.nn.relu6(y)
        y = _conv(y, p["pw"])
        return jnp.mean(y.astype(jnp.float32) ** 2)

    import ml_dtypes
    bf = ml_dtypes.bfloat16
    p = {"dw": _f(3, 3, 1, 4, seed=1, scale=0.4).astype(bf), "pw": _f(1, 1, 4, 6, seed=2, scale=0.4).astype(bf)}
    return Case(jax.grad(loss), [(p, _f(2, 8, 8, 4, seed=3).astype(bf))], rtol=3e-2, atol=3e-2)


@case
def m_power_iteration_while():
    import jax.numpy as jnp
    from jax import lax

    def top_eig(a):
        def cond(s):
            v, lam, prev, i = s
            return (jnp.abs(lam - prev) > 1e-4 * jnp.abs(lam)) & (i < 200)

        def body(s):
            v, lam, _, i = s
            w = a @ v
            v2 = w / jnp.linalg.norm(w)
            return v2, v2 @ a @ v2, lam, i + 1
        v, lam, _, it = lax.while_loop(cond, body, (jnp.ones(a.shape[0]) / jnp.sqrt(a.shape[0]), 0.0, 1.0, 0))
        return jnp.abs(v), lam, it

    a = _spd(5, 3)
    return Case(top_eig, [(a,)], rtol=1e-3, atol=1e-4)


@case
def m_avg_pool_same_count_include_pad():
    import jax.numpy as jnp
    from jax import lax

    def avg_pool(x):
        s = lax.reduce_window(x, 0.0, lax.add, (1, 3, 3, 1), (1, 2, 2, 1), "SAME")
        n = lax.reduce_window(jnp.ones_like(x), 0.0, lax.add, (1, 3, 3, 1), (1, 2, 2, 1), "SAME")
        return s / n, s / 9.0

    return Case(avg_pool, [(_f(2, 7, 7, 3, seed=1),)], rtol=1e-5, atol=1e-6)


@case
def m_large_reduction_accumulate():
    import jax.numpy as jnp

    def f(x):
        return jnp.sum(x), jnp.mean(x, axis=0), jnp.sum(x * x, axis=1), jnp.var(x), jnp.max(jnp.abs(x)), jnp.linalg.norm(x)

    return Case(f, [(_f(512, 1024, seed=1),)], rtol=1e-4, atol=1e-3)


@case
def m_symbolic_batch_cnn_classifier():
    import jax
    import jax.numpy as jnp
    from jax import lax

    def f(p, x):
        y = jax.nn.relu(_conv(x, p["c"]))
        y = lax.reduce_window(y, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
        y = y.reshape(y.shape[0], -1)
        logits = y @ p["fc"]
        return jax.nn.log_softmax(logits), jnp.argmax(logits, -1)

    b, = jax.export.symbolic_shape("b")
    p = {"c": _f(3, 3, 1, 4, seed=1, scale=0.4), "fc": _f(64, 5, seed=2, scale=0.2)}
    spec_p = jax.tree_util.tree_map(lambda a: jax.ShapeDtypeStruct(a.shape, a.dtype), p)
    return Case(f, [(p, _f(3, 8, 8, 1, seed=3)), (p, _f(1, 8, 8, 1, seed=4))],
                spec=(spec_p, jax.ShapeDtypeStruct((b, 8, 8, 1), np.float32)), rtol=1e-5, atol=1e-5)


# --------------------------------------------------------------------------- fifth batch: the wider jnp / lax / random API

@case
def m_random_distribution_zoo():
    import jax

    def sample(key):
        k = jax.random.split(key, 12)
        return (jax.random.binomial(k[0], 10, 0.3, (4,)), jax.random.geometric(k[1], 0.4, (4,)),
                jax.random.rademacher(k[2], (5,)), jax.random.maxwell(k[3], (3,)), jax.random.weibull_min(k[4], 1.0, 1.5, (3,)),
                jax.random.loggamma(k[5], 2.0, (3,)), jax.random.chisquare(k[6], 3.0, (3,)), jax.random.pareto(k[7], 2.0, (3,)),
                jax.random.triangular(k[8], 0.0, 0.3, 1.0, (3,)), jax.random.generalized_normal(k[9], 1.5, (3,)),
                jax.random.ball(k[10], 3, shape=(2,)), jax.random.orthogonal(k[11], 3), jax.random.logistic(k[0], (3,)),
                jax.random.cauchy(k[1], (2,)), jax.random.lognormal(k[2], 0.5, (2,)), jax.random.randint(k[3], (4,), 0, 2 ** 31 - 1))

    return Case(sample, [(jax.random.key(21),)], rtol=1e-4, atol=1e-5)


@case
def m_lax_rng_bit_generator():
    import jax.numpy as jnp
    from jax import lax

    def f(key):
        k1, bits = lax.rng_bit_generator(key, (3, 4), dtype=jnp.uint32)
        k2, philox = lax.rng_bit_generator(k1, (5,), dtype=jnp.uint32, algorithm=lax.RandomAlgorithm.RNG_PHILOX)
        k3, three = lax.rng_bit_generator(k2, (2, 2), dtype=jnp.uint8, algorithm=lax.RandomAlgorithm.RNG_THREE_FRY)
        return k3, bits, philox, three

    return Case(f, [(np.array([1, 2, 3, 4], np.uint32),)])


@case
def m_jnp_selection_helpers():
    import jax.numpy as jnp

    def f(x, i):
        conds = [x < -1, x > 1]
        return (jnp.select(conds, [x * 0, x * 2], default=x), jnp.piecewise(x, [x < 0, x >= 0], [lambda v: -v, lambda v: v ** 2]),
                jnp.choose(i, [x, x * 10, -x], mode="clip"), jnp.isin(i, jnp.array([1, 3])),
                jnp.intersect1d(i, jnp.array([0, 1, 5]), size=3, fill_value=-1), jnp.setdiff1d(i, jnp.array([1]), size=4, fill_value=-1),
                jnp.union1d(i, jnp.array([7]), size=6, fill_value=-1), jnp.argpartition(x, 2)[:2].shape, jnp.extract(x > 0, x, size=3))

    return Case(f, [(_f(6, seed=1, scale=2), np.array([0, 1, 2, 3, 1, 0], np.int32))])


@case
def m_vectorize_apply_along_ufuncs():
    import jax.numpy as jnp

    def f(x, idx, v):
        @functools.partial(jnp.vectorize, signature="(n),(n)->()")
        def cosine(a, b):
            return a @ b / jnp.sqrt((a @ a) * (b @ b))
        return (cosine(x, x[::-1]), jnp.apply_along_axis(lambda r: r.max() - r.min(), 1, x), jnp.add.reduce(x, axis=0),
                jnp.multiply.outer(x[0], x[1]), jnp.add.accumulate(x, axis=1), jnp.add.at(v, idx, 1.0, inplace=False),
                jnp.maximum.reduce(x, axis=1), jnp.trapezoid(x, dx=0.5, axis=1), jnp.cumulative_sum(x, axis=1, include_initial=True))

    return Case(f, [(_f(3, 5, seed=1), np.array([0, 2, 2, 4], np.int32), _f(5, seed=2))], rtol=1e-5, atol=1e-5)


@case
def m_index_helpers_bits():
    import jax.numpy as jnp

    def f(a, bits):
        r, c = jnp.triu_indices(4, 1)
        return (a[r, c], a[jnp.tril_indices_from(a)], a[jnp.diag_indices(4)], jnp.fill_diagonal(a, 0.0, inplace=False),
                jnp.packbits(bits), jnp.unpackbits(jnp.packbits(bits, axis=-1), axis=-1), jnp.diagonal(a, 1),
                jnp.histogram2d(a[0], a[1], bins=3, range=[[-2, 2], [-2, 2]])[0], jnp.bincount(jnp.abs(a.astype(jnp.int32)).ravel(), minlength=5, length=6),
                jnp.einsum("...ij,...jk->...ik", a[None], a), jnp.linalg.tensorinv(jnp.eye(4).reshape(4, 2, 2) * 2 + 0.1, ind=1))

    return Case(f, [(_f(4, 4, seed=1, scale=1.5), _rng(2).random((2, 12)) < 0.5)], rtol=1e-5, atol=1e-5)


@case
def m_scipy_linalg_more():
    import jax.numpy as jnp
    import jax.scipy.linalg as jsl

    def f(a, b):
        spd = a @ a.T + 4 * jnp.eye(4)
        c, low = jsl.cho_factor(spd)
        sq = jsl.sqrtm(spd)
        u, p = jsl.polar(spd)
        return (jsl.cho_solve((c, low), b), jnp.real(sq @ sq), u @ p, jsl.inv(a), jsl.det(a), jsl.eigh(spd, eigvals_only=True),
                jsl.schur(spd)[0].diagonal().sort(), jsl.expm(a / 5), jsl.solve(spd, b, assume_a="pos"),
                jsl.eigh_tridiagonal(jnp.diag(spd), jnp.ones(3) * 0.5, eigvals_only=True), jsl.toeplitz(b[:, 0]))

    return Case(f, [(_f(4, 4, seed=1), _f(4, 2, seed=2))], rtol=1e-3, atol=1e-3)


@case
def m_linalg_modes_complex_hermitian():
    import jax.numpy as jnp

    def f(a, h):
        q, r = jnp.linalg.qr(a, mode="complete")
        w, v = jnp.linalg.eigh(h)
        return (q @ r, jnp.abs(jnp.linalg.qr(a, mode="r")), w, jnp.abs(jnp.conj(v.T) @ h @ v), jnp.linalg.eigvalsh(h, UPLO="U"),
                jnp.linalg.matrix_rank(a[:, :2] @ a[:, :2].T), jnp.linalg.norm(h, ord=-2), jnp.linalg.cond(a[:3, :3], p="fro"))

    a = _f(5, 3, seed=1)
    h0 = (_f(3, 3, seed=2) + 1j * _f(3, 3, seed=3)).astype(np.complex64)
    return Case(f, [(a, (h0 + h0.conj().T) / 2)], rtol=1e-3, atol=1e-3)


@case
def m_lax_misc_ops():
    import jax.numpy as jnp
    from jax import lax

    def f(x, y):
        patches = lax.conv_general_dilated_patches(x, (2, 2), (1, 1), "VALID", dimension_numbers=("NHWC", "HWIO", "NHWC"))
        return (patches, lax.approx_max_k(y, 3)[0], lax.reduce_precision(y, exponent_bits=5, mantissa_bits=2),
                lax.cummin(y, reverse=True), lax.cumprod(y, reverse=True), lax.argmax(y, 0, jnp.int16),
                lax.nextafter(y, jnp.zeros_like(y)), lax.erf_inv(jnp.tanh(y)), lax.igamma(jnp.abs(y) + 1, jnp.abs(y)),
                lax.sort_key_val(y, jnp.arange(y.shape[0]))[1], lax.expand_dims(y, (0, 2)), lax.squeeze(y[None], (0,)),
                lax.rev(y, (0,)), lax.bessel_i0e(y), lax.round(y, lax.RoundingMethod.TO_NEAREST_EVEN))

    return Case(f, [(_f(1, 4, 4, 2, seed=1), np.round(_f(8, seed=2) * 4) / 4)], rtol=1e-5, atol=1e-5)


@case
def m_dtype_args_and_weak_types():
    import jax.numpy as jnp

    def f(x, n):
        z = jnp.zeros((2, 3), dtype=jnp.bfloat16) + x.astype(jnp.bfloat16)
        o = jnp.ones(3, dtype=jnp.int8) * n.astype(jnp.int8)
        a = jnp.arange(4, dtype=jnp.uint16) * jnp.uint16(60000)
        f16 = jnp.full((2,), 65504.0, jnp.float16) * 2
        return z, o, a, f16, x * 2, x + n, n // 2, jnp.float32(1) / 3, jnp.asarray(3, dtype=jnp.uint8) - jnp.uint8(5)

    return Case(f, [(_f(2, 3, seed=1), np.int32(100))])


@case
def m_fft_norms_and_complex128_x64():
    import jax.numpy as jnp

    def f(x, z):
        return (jnp.fft.fft(z, norm="forward"), jnp.fft.ifft(z, norm="ortho"), jnp.fft.rfft2(x), jnp.fft.irfft2(jnp.fft.rfft2(x), s=x.shape),
                jnp.fft.ihfft(x[0]), jnp.fft.rfftfreq(9, d=0.5), jnp.fft.fftn(z[None], axes=(0, 1)))

    z = (_f(6, seed=1) + 1j * _f(6, seed=2)).astype(np.complex128)
    return Case(f, [(_f(4, 6, seed=3, dtype=np.float64), z)], rtol=1e-9, atol=1e-10, x64=True)


# --------------------------------------------------------------------------- sixth batch: symbolic shapes

def _sds(shape, dtype=np.float32):
    import jax
    return jax.ShapeDtypeStruct(shape, dtype)


@case
def m_symbolic_constrained_expressions():
    import jax
    import jax.numpy as jnp

    def f(x, y):
        b = x.shape[0]
        flat = x.reshape(b * 4)
        halves = jnp.split(y, 2, axis=0)                      # y has 2*b rows
        return flat[: b * 2], halves[0] + halves[1], jnp.arange(b) * 3, x[: b // 2].sum(), jnp.tile(x, (2, 1))

    b, = jax.export.symbolic_shape("b", constraints=["b >= 2"])
    return Case(f, [(_f(3, 4, seed=1), _f(6, 4, seed=2)), (_f(4, 4, seed=3), _f(8, 4, seed=4))],
                spec=(_sds((b, 4)), _sds((2 * b, 4))), rtol=1e-5, atol=1e-5)


@case
def m_symbolic_spatial_conv_pool():
    import jax
    import jax.numpy as jnp
    from jax import lax

    def f(w, img):
        y = jax.nn.relu(_conv(img, w))
        y = lax.reduce_window(y, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "SAME")
        return jnp.mean(y, axis=(1, 2)), y

    h, w_ = jax.export.symbolic_shape("h, w")
    wt = _f(3, 3, 2, 3, seed=1, scale=0.4)
    return Case(f, [(wt, _f(1, 6, 7, 2, seed=2)), (wt, _f(1, 9, 4, 2, seed=3))],
                spec=(_sds(wt.shape), _sds((1, h, w_, 2))), rtol=1e-5, atol=1e-5)


@case
def m_symbolic_embedding_lm_head():
    import jax
    import jax.numpy as jnp

    def f(p, ids):
        x = p["emb"][ids]                                    # (b, t, d)
        x = _layer_norm(x, 1.0, 0.0)
        logits = x @ p["emb"].T
        lp = jax.nn.log_softmax(logits[:, :-1], -1)
        nll = -jnp.take_along_axis(lp, ids[:, 1:, None], -1)[..., 0]
        return nll.mean(), jnp.argmax(logits, -1)

    b, t = jax.export.symbolic_shape("b, t", constraints=["t >= 2"])
    p = {"emb": _f(13, 6, seed=1)}
    r = _rng(2)
    return Case(f, [(p, r.integers(0, 13, (2, 5)).astype(np.int32)), (p, r.integers(0, 13, (3, 2)).astype(np.int32))],
                spec=({"emb": _sds((13, 6))}, _sds((b, t), np.int32)), rtol=1e-5, atol=1e-5)


@case
def m_symbolic_contraction_dim():
    import jax
    import jax.numpy as jnp

    def f(x, w):
        return x @ w, jnp.einsum("bk,kn->bn", jnp.tanh(x), w).sum(0), jnp.linalg.norm(x, axis=1)

    k, = jax.export.symbolic_shape("k")
    return Case(f, [(_f(3, 5, seed=1), _f(5, 2, seed=2)), (_f(3, 1, seed=3), _f(1, 2, seed=4))],
                spec=(_sds((3, k)), _sds((k, 2))), rtol=1e-5, atol=1e-5)


@case
def m_symbolic_pad_modes_and_random():
    import jax
    import jax.numpy as jnp

    def f(key, x):
        noise = jax.random.normal(key, x.shape)
        return (jnp.pad(x, ((1, 1), (0, 2)), mode="edge"), jnp.pad(x, ((2, 0), (1, 1)), mode="reflect"),
                jnp.pad(x, 1, mode="symmetric"), x + 0.1 * noise, jax.random.bits(key, (x.shape[0], 2)))

    n, = jax.export.symbolic_shape("n", constraints=["n >= 3"])
    key = jax.random.key_data(jax.random.key(2))
    return Case(f, [(key, _f(4, 3, seed=1)), (key, _f(3, 3, seed=2))],
                spec=(_sds((2,), np.uint32), _sds((n, 3))), rtol=1e-5, atol=1e-5)


@case
def m_symbolic_vmap_scan_dynamic_slice():
    import jax
    import jax.numpy as jnp
    from jax import lax

    def f(xs, starts):
        win = jax.vmap(lambda s: lax.dynamic_slice_in_dim(xs, s, 2, axis=0))(starts)
        c, ys = lax.scan(lambda c, r: (jnp.maximum(c, r), c.sum()), jnp.full(xs.shape[1:], -jnp.inf), xs)
        return win, c, ys, jnp.flip(xs, 0), jnp.roll(xs, 1, axis=0)

    t, = jax.export.symbolic_shape("t", constraints=["t >= 2"])
    return Case(f, [(_f(5, 3, seed=1), np.array([0, 3, 9], np.int32)), (_f(2, 3, seed=2), np.array([1, 0, -4], np.int32))],
                spec=(_sds((t, 3)), _sds((3,), np.int32)), rtol=1e-5, atol=1e-5)


# --------------------------------------------------------------------------- seventh batch: odd sizes (vector tails)

@case
def m_odd_size_matmuls():
    import jax.numpy as jnp
    import ml_dtypes

    def f(a, b, c, d, e, g):
        return (a @ b, jnp.matmul(c, d), (e @ g.T), a.T @ a[:, :5], jnp.einsum("bij,bkj->bik", c, c),
                (e.astype(jnp.float32) @ g.T.astype(jnp.float32)))

    bf = ml_dtypes.bfloat16
    return Case(f, [(_f(127, 131, seed=1), _f(131, 67, seed=2), _f(3, 17, 19, seed=3), _f(3, 19, 23, seed=4),
                     _f(33, 130, seed=5).astype(bf), _f(29, 130, seed=6).astype(bf))], rtol=1e-4, atol=1e-3)


@case
def m_odd_size_convs():
    import jax.numpy as jnp
    import ml_dtypes
    from jax import lax

    def f(x, w, xh, wh):
        a = lax.conv_general_dilated(x, w, (2, 2), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
        b = lax.conv_general_dilated(x, w, (1, 1), ((2, 1), (0, 3)), rhs_dilation=(2, 1),
                                     dimension_numbers=("NHWC", "HWIO", "NHWC"))
        c = lax.conv_general_dilated(xh, wh, (1, 1), "VALID", dimension_numbers=("NCHW", "OIHW", "NCHW"))
        return a, b, c, jnp.sum(a, axis=(1, 2))

    return Case(f, [(_f(2, 31, 29, 7, seed=1), _f(3, 3, 7, 5, seed=2, scale=0.3), _f(1, 3, 13, 11, seed=3, dtype=np.float16),
                     _f(6, 3, 3, 3, seed=4, scale=0.3, dtype=np.float16))], rtol=1e-4, atol=1e-4)


@case
def m_odd_size_reductions_transposes():
    import jax.numpy as jnp

    def f(x, i8):
        return (x.sum(0), x.max(1), x.T.copy(), jnp.transpose(x.reshape(3, 11, 31), (2, 0, 1)), jnp.argmax(x, 1), jnp.cumsum(x, 1),
                jax_softmax(x), i8.astype(jnp.int32).sum(0), (i8 * i8).sum(1), jnp.mean(x[:, :1001 % 31]))

    def jax_softmax(v):
        import jax
        return jax.nn.softmax(v, axis=1)

    return Case(f, [(_f(33, 31, seed=1), _rng(2).integers(-128, 128, (37, 23)).astype(np.int8))], rtol=1e-5, atol=1e-5)


@case
def m_odd_size_int8_matmul():
    import jax.numpy as jnp

    def f(a, b):
        return jnp.matmul(a, b, preferred_element_type=jnp.int32), (a.astype(jnp.int32) @ b.astype(jnp.int32)).max(0), a @ b

    r = _rng(3)
    return Case(f, [(r.integers(-128, 128, (45, 77)).astype(np.int8), r.integers(-128, 128, (77, 19)).astype(np.int8))])


# --------------------------------------------------------------------------- eighth batch: full training steps

@case
def m_gpt_train_step_adamw():
    import jax
    import jax.numpy as jnp

    V, D, H, T, L = 50, 32, 4, 16, 2

    def init(key):
        ks = iter(jax.random.split(key, 4 + 6 * L))
        n = lambda shape, s=0.02: np.asarray(jax.random.normal(next(ks), shape) * s)  # noqa: E731
        return {"wte": n((V, D)), "wpe": n((T, D)), "lnf": {"g": np.ones(D, np.float32), "b": np.zeros(D, np.float32)},
                "blocks": [{"ln1": {"g": np.ones(D, np.float32), "b": np.zeros(D, np.float32)},
                            "ln2": {"g": np.ones(D, np.float32), "b": np.zeros(D, np.float32)},
                            "attn": n((D, 3 * D)), "proj": n((D, D)), "fc": n((D, 4 * D)), "out": n((4 * D, D))}
                           for _ in range(L)]}

    def forward(p, ids):
        B, T_ = ids.shape
        x = p["wte"][ids] + p["wpe"][:T_]
        mask = jnp.tril(jnp.ones((T_, T_), bool))
        for blk in p["blocks"]:
            h = _layer_norm(x, blk["ln1"]["g"], blk["ln1"]["b"], 1e-5)
            q, k, v = jnp.split(h @ blk["attn"], 3, -1)
            q, k, v = (t.reshape(B, T_, H, D // H).transpose(0, 2, 1, 3) for t in (q, k, v))
            att = jnp.where(mask, q @ k.transpose(0, 1, 3, 2) / np.sqrt(D // H), -1e9)
            y = (jax.nn.softmax(att, -1) @ v).transpose(0, 2, 1, 3).reshape(B, T_, D)
            x = x + y @ blk["proj"]
            x = x + jax.nn.gelu(_layer_norm(x, blk["ln2"]["g"], blk["ln2"]["b"], 1e-5) @ blk["fc"]) @ blk["out"]
        x = _layer_norm(x, p["lnf"]["g"], p["lnf"]["b"], 1e-5)
        return x @ p["wte"].T

    def loss_fn(p, ids):
        logits = forward(p, ids[:, :-1])
        lp = jax.nn.log_softmax(logits)
        return -jnp.mean(jnp.take_along_axis(lp, ids[:, 1:, None], -1))

    def train_step(p, m, v, step, ids):
        loss, g = jax.value_and_grad(loss_fn)(p, ids)
        step = step + 1
        m = jax.tree_util.tree_map(lambda a, b: 0.9 * a + 0.1 * b, m, g)
        v = jax.tree_util.tree_map(lambda a, b: 0.95 * a + 0.05 * b * b, v, g)
        lr = 3e-3 * jnp.minimum(1.0, step / 10)
        p = jax.tree_util.tree_map(lambda w, a, b: w - lr * (a / (1 - 0.9 ** step) / (jnp.sqrt(b / (1 - 0.95 ** step)) + 1e-8)
                                                         + 0.01 * w), p, m, v)
        return p, m, v, step, loss

    p = init(jax.random.PRNGKey(0))
    zeros = jax.tree_util.tree_map(np.zeros_like, p)
    ids = _rng(1).integers(0, V, (2, T + 1)).astype(np.int32)
    return Case(train_step, [(p, zeros, zeros, np.float32(0), ids)], rtol=2e-3, atol=1e-4)


@case
def m_resnet_train_step_batchnorm_state():
    import jax
    import jax.numpy as jnp
    from jax import lax

    def bn(x, s, train_state):
        mean, var = jnp.mean(x, (0, 1, 2)), jnp.var(x, (0, 1, 2))
        new_state = {"mean": 0.9 * train_state["mean"] + 0.1 * mean, "var": 0.9 * train_state["var"] + 0.1 * var}
        return (x - mean) * lax.rsqrt(var + 1e-5) * s["g"] + s["b"], new_state

    def forward(p, state, x):
        new_state = {}
        h = _conv(x, p["stem"])
        h, new_state["bn0"] = bn(h, p["bn0"], state["bn0"])
        h = jax.nn.relu(h)
        for i in range(2):
            r = _conv(h, p[f"c{i}a"], 2 if i else 1)
            r, new_state[f"bn{i}a"] = bn(r, p[f"bn{i}a"], state[f"bn{i}a"])
            r = _conv(jax.nn.relu(r), p[f"c{i}b"])
            r, new_state[f"bn{i}b"] = bn(r, p[f"bn{i}b"], state[f"bn{i}b"])
            sc = _conv(h, p[f"sc{i}"], 2 if i else 1, "VALID")
            h = jax.nn.relu(r + sc)
        return jnp.mean(h, (1, 2)) @ p["fc"], new_state

    def train_step(p, state, x, y):
        def loss(p):
            logits, ns = forward(p, state, x)
            return -jnp.mean(jnp.sum(jax.nn.one_hot(y, 4) * jax.nn.log_softmax(logits), -1)), ns
        (l, ns), g = jax.value_and_grad(loss, has_aux=True)(p)
        return jax.tree_util.tree_map(lambda w, d: w - 0.05 * d, p, g), ns, l

    C = 8
    p = {"stem": _f(3, 3, 3, C, seed=1, scale=0.2), "fc": _f(C, 4, seed=2, scale=0.3)}
    state = {}
    for name in ("bn0", "bn0a", "bn0b", "bn1a", "bn1b"):
        p[name] = {"g": np.ones(C, np.float32), "b": np.zeros(C, np.float32)}
        state[name] = {"mean": np.zeros(C, np.float32), "var": np.ones(C, np.float32)}
    for i in range(2):
        p[f"c{i}a"] = _f(3, 3, C, C, seed=10 + i, scale=0.12)
        p[f"c{i}b"] = _f(3, 3, C, C, seed=20 + i, scale=0.12)
        p[f"sc{i}"] = _f(1, 1, C, C, seed=30 + i, scale=0.3)
    return Case(train_step, [(p, state, _f(4, 12, 12, 3, seed=5), np.array([0, 3, 1, 2], np.int32))], rtol=1e-3,
                atol=1e-4)


@case
def m_while_typed_key_rejection_sampling():
    import jax
    import jax.numpy as jnp
    from jax import lax

    def sample_in_disk(key):
        def cond(s):
            return jnp.sum(s[1] ** 2) > 1.0

        def body(s):
            k, _, n = s
            k, sub = jax.random.split(k)
            return k, jax.random.uniform(sub, (2,), minval=-1.0, maxval=1.0), n + 1
        k, pt, n = lax.while_loop(cond, body, (key, jnp.array([2.0, 2.0]), 0))
        _, ys = lax.scan(lambda c, _: (c * 0.5, c), 1.0, None, length=4)
        return pt, n, jax.random.key_data(k), ys

    return Case(sample_in_disk, [(jax.random.key(17),)], rtol=1e-6, atol=1e-7)


# --------------------------------------------------------------------------- ninth batch: sequence models, numeric edges

@case
def m_s4_associative_scan_recurrence():
    import jax.numpy as jnp
    from jax import lax

    def f(a, b):
        def combine(l, r):
            al, bl = l
            ar, br = r
            return al * ar, ar * bl + br
        _, h = lax.associative_scan(combine, (a, b))
        _, h_rev = lax.associative_scan(combine, (a, b), reverse=True)
        return h, h_rev, lax.associative_scan(jnp.maximum, b, axis=0)

    return Case(f, [(np.abs(_f(9, 3, seed=1)) % 1.0, _f(9, 3, seed=2))], rtol=1e-5, atol=1e-5)


@case
def m_mamba_selective_scan():
    import jax
    import jax.numpy as jnp
    from jax import lax

    def ssm(p, x):                               # x: (T, D)
        delta = jax.nn.softplus(x @ p["wd"])     # (T, D)
        B = x @ p["wb"]                          # (T, N)
        C = x @ p["wc"]
        A = -jnp.exp(p["a_log"])                 # (D, N)

        def step(h, inp):
            d, b, c, xt = inp
            h = jnp.exp(d[:, None] * A) * h + (d * xt)[:, None] * b[None, :]
            return h, h @ c
        _, y = lax.scan(step, jnp.zeros_like(A), (delta, B, C, x))
        return y + x * p["D"]

    D, N = 4, 3
    p = {"wd": _f(D, D, seed=1, scale=0.3), "wb": _f(D, N, seed=2, scale=0.3), "wc": _f(D, N, seed=3, scale=0.3),
         "a_log": _f(D, N, seed=4, scale=0.3), "D": np.ones(D, np.float32)}
    return Case(ssm, [(p, _f(10, D, seed=5))], rtol=1e-4, atol=1e-5)


@case
def m_fft_long_convolution():
    import jax.numpy as jnp

    def hyena_conv(u, k):
        n = u.shape[-1]
        U = jnp.fft.rfft(u, n=2 * n)
        K = jnp.fft.rfft(k, n=2 * n)
        y = jnp.fft.irfft(U * K, n=2 * n)[..., :n]
        return y, jnp.convolve(u[0], k[0])[:n], jnp.correlate(u[0], k[0], mode="full")[:n]

    return Case(hyena_conv, [(_f(3, 32, seed=1), _f(3, 32, seed=2, scale=0.2))], rtol=1e-4, atol=1e-4)


@case
def m_linear_attention_cumsum():
    import jax
    import jax.numpy as jnp

    def f(q, k, v):
        q, k = jax.nn.elu(q) + 1, jax.nn.elu(k) + 1
        kv = jnp.cumsum(jnp.einsum("tf,td->tfd", k, v), axis=0)
        z = jnp.cumsum(k, axis=0)
        return jnp.einsum("tf,tfd->td", q, kv) / jnp.einsum("tf,tf->t", q, z)[:, None]

    return Case(f, [(_f(12, 4, seed=1), _f(12, 4, seed=2), _f(12, 5, seed=3))], rtol=1e-4, atol=1e-5)


@case
def m_random_choice_weighted_permute_axis():
    import jax
    import jax.numpy as jnp

    def f(key, x):
        k1, k2, k3 = jax.random.split(key, 3)
        p = jnp.array([0.1, 0.0, 0.5, 0.4])
        return (jax.random.choice(k1, 4, (6,), p=p), jax.random.choice(k2, x, (2,), replace=False, axis=1),
                jax.random.permutation(k3, x, axis=1, independent=True), jax.random.permutation(k3, x, axis=0))

    return Case(f, [(jax.random.key(77), _f(3, 5, seed=1))])


@case
def m_numeric_edges_floats():
    import jax
    import jax.numpy as jnp

    def f(x):
        y = jnp.array([-jnp.inf, -1.0, -0.0, 0.0, 1.0, jnp.inf, jnp.nan], x.dtype)
        return (jnp.logaddexp(x, -jnp.inf), jnp.logaddexp(y, y), jnp.logaddexp2(y, 0.0), y.astype(bool), jnp.fmod(y, 2.0),
                jnp.mod(y, -2.0), jnp.isclose(x, x + 1e-7), jnp.allclose(x, x), jax.nn.one_hot(jnp.array([-1, 0, 5, 2]), 3),
                jnp.sign(y), jnp.sqrt(y), jnp.arctan2(y, -0.0), jnp.nanargmin(jnp.array([[jnp.nan, jnp.nan], [1.0, 0.0]]), axis=1),
                jnp.minimum(y, jnp.nan), jnp.clip(y, 0.0, 1.0), jnp.floor(y) // 2, jnp.exp2(y), jnp.power(y, 0.0),
                jnp.power(-8.0, y), jnp.float32(1e38) * jnp.float32(10) - x[0])

    return Case(f, [(_f(5, seed=1),)])


@case
def m_numeric_edges_ints():
    import jax.numpy as jnp

    def f(i8, u32, i64like):
        return (jnp.sum(i8), jnp.sum(i8, dtype=jnp.int8), jnp.prod(i8[:4]), jnp.max(u32), jnp.min(u32), u32 > jnp.uint32(2 ** 31),
                jnp.argmax(u32), jnp.abs(i8), -i8, i8 // jnp.int8(-1), jnp.cumsum(i8.astype(jnp.int16)), jnp.mean(i8),
                u32.astype(jnp.float32), (u32 // 3) * 3 + u32 % 3 == u32, jnp.right_shift(i64like, 31), i64like.astype(jnp.uint8))

    i8 = np.array([127, -128, 100, 100, -1, 55], np.int8)
    u32 = np.array([0, 2 ** 32 - 1, 2 ** 31, 2 ** 31 + 5, 7, 12], np.uint32)
    return Case(f, [(i8, u32, np.array([-2 ** 31, -1, 2 ** 31 - 1, 257, -257, 0], np.int32))])


@case
def m_lu_pivots_and_full_svd():
    import jax.numpy as jnp
    from jax import lax

    def f(a, w):
        lu, piv, perm = lax.linalg.lu(a)
        u, s, vt = jnp.linalg.svd(w, full_matrices=True)
        return lu, piv, perm, s, u @ jnp.diag(jnp.concatenate([s, jnp.zeros(u.shape[0] - s.shape[0])]))[:, : vt.shape[0]] @ vt

    return Case(f, [(_f(5, 5, seed=1), _f(5, 3, seed=2))], rtol=1e-4, atol=1e-4)


@case
def m_bf16_special_values_sort():
    import jax.numpy as jnp
    import ml_dtypes

    def f(b):
        return jnp.sort(b), jnp.argsort(b), jnp.max(b), jnp.argmax(b), jnp.cumsum(b), b.astype(jnp.float32), jnp.exp(b), b * b

    b = np.array([1.0, -np.inf, np.nan, 0.0, -0.0, 3.5, np.inf, -2.0], ml_dtypes.bfloat16)
    return Case(f, [(b,)])
