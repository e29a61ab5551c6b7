"""Held-out-style sharded programs exported once for many sizes (tests/sharding_heldout_cases.py):
jax.export at symbolic dimensions (jax.export.symbolic_shape) with shardings, as a user who
serves one artifact for every batch size writes them. The runner exports at `shapes`, runs at
the inputs' sizes (XLA through jax.export, which refines the shapes). JAX cannot run a
shard_map whose results keep a symbolic dimension (its own Exported.call fails refining
shapes), so the shard_map ones give static results; nor an explicit-mode program at a symbolic
batch (an einsum with out_sharding, a reshard: "expects static assert_what" while refining its
shape assertions), which is left out. A scan over xs with a symbolic dimension reads each step
with a slice of symbolic size (JAX: real_dynamic_slice); symbolic_batch_rnn_scan and
symbolic_features_reverse_scan_sharded check that XLA refines its export
(tests/test_symbolic_slice_export.py has the one-device case)."""
from __future__ import annotations

import functools

import numpy as np

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from sharding_heldout_cases import case_fields, ints, normal, program, user_mesh


def _dims(spec: str):
    return jax.export.symbolic_shape(spec)


@program
def symbolic_batch_attention_with_out_shardings():
    """Self-attention over a batch of 2*b sequences (batch over "data", heads over "model"), jit's
    out_shardings on the symbolic shape."""
    m = user_mesh((2, 4), ("data", "model"))
    b, = _dims("b")

    @functools.partial(jax.jit, out_shardings=NamedSharding(m, P("data", None, None)))
    def attend(x, wq, wk, wv):
        q, k, v = (jnp.einsum("btd,dhk->bthk", x, w) for w in (wq, wk, wv))
        s = jax.nn.softmax(jnp.einsum("bthk,bshk->bhts", q, k) / 2.0, axis=-1)
        return jnp.einsum("bhts,bshk->bthk", s, v).reshape(x.shape[0], x.shape[1], -1)

    args = [normal(700, 6, 5, 8)] + [normal(701 + i, 8, 4, 2, scale=0.3) for i in range(3)]
    specs = [P("data", None, None)] + [P(None, "model", None)] * 3
    return case_fields(attend, args, specs, m, shapes=[(2 * b, 5, 8)] + [(8, 4, 2)] * 3)


@program
def symbolic_sequence_embedding_lookup():
    """Token ids of a symbolic length looked up in a vocabulary-sharded table, then mean pooled."""
    m = user_mesh((4, 2), ("vocab", "batch"))
    t, = _dims("t")

    def f(table, ids):
        e = jnp.take(table, ids, axis=0)                                       # (B, t, d)
        e = jax.lax.with_sharding_constraint(e, NamedSharding(m, P("batch", None, None)))
        return e.mean(axis=1), jnp.linalg.norm(e, axis=-1)

    return case_fields(jax.jit(f), [normal(710, 16, 6), ints(711, 16, 4, 7)], [P("vocab", None), P("batch", None)],
                       m, shapes=[(16, 6), (4, t)])


@program
def symbolic_two_dims_reshape_and_constraint():
    """Two symbolic dimensions (batch b over 2 devices, length 4*l), a reshape that merges them and
    a constraint on the merged rows."""
    m = user_mesh((2, 4), ("x", "y"))
    b, l = _dims("b, l")

    def f(x):
        rows = x.reshape(-1, x.shape[-1])                                      # (2*b*4*l, 3)
        rows = jax.lax.with_sharding_constraint(rows * 2.0, NamedSharding(m, P("x", None)))
        return rows.sum(axis=0), x.max(axis=1)

    return case_fields(jax.jit(f), [normal(720, 4, 8, 3)], [P("x", "y", None)], m, shapes=[(2 * b, 4 * l, 3)])


@program
def symbolic_batch_partly_manual_shard_map():
    """A shard_map manual over "data" only, at a symbolic batch, whose results are reduced to
    static shapes (a per-device loss summed with psum, a pmax of the activations)."""
    m = user_mesh((2, 4), ("data", "model"))
    b, = _dims("b")

    def local_loss(x, w):
        h = jnp.tanh(x @ w)
        return jax.lax.psum(jnp.sum(h ** 2), "data")[None], jax.lax.pmax(jnp.max(h, axis=0), "data")

    sm = jax.shard_map(local_loss, mesh=m, in_specs=(P("data"), P()), out_specs=(P(), P()),
                       axis_names={"data"})
    return case_fields(jax.jit(sm), [normal(740, 6, 8), normal(741, 8, 5)], [P("data", None), P()], m,
                       shapes=[(2 * b, 8), (8, 5)])


@program
def symbolic_batch_training_step():
    """An SGD step on a linear softmax classifier at a symbolic batch (over "dp"); the weights over "mp"."""
    m = user_mesh((4, 2), ("dp", "mp"))
    b, = _dims("b")

    @functools.partial(jax.jit, out_shardings=(NamedSharding(m, P(None, "mp")), NamedSharding(m, P())))
    def step(w, x, labels):
        def loss(w):
            logp = jax.nn.log_softmax(x @ w)
            return -jnp.take_along_axis(logp, labels[:, None], axis=1).mean()
        l, g = jax.value_and_grad(loss)(w)
        return w - 0.5 * g, l

    return case_fields(step, [normal(750, 6, 4), normal(751, 8, 6), ints(752, 4, 8)],
                       [P(None, "mp"), P("dp", None), P("dp")], m, tol=1e-3,
                       shapes=[(6, 4), (4 * b, 6), (4 * b,)])


@program
def symbolic_length_cumsum_and_sort_batch_sharded():
    """cumsum and sort along a symbolic length that is not sharded, rows split over 8 devices."""
    m = user_mesh((8,), ("r",))
    n, = _dims("n")

    def f(x):
        return jnp.cumsum(x, axis=1), jnp.sort(x, axis=1), jnp.argmax(x, axis=1)

    return case_fields(jax.jit(f), [normal(760, 16, 9)], [P("r", None)], m, shapes=[(16, n)])


@program
def symbolic_batch_unconstrained_constraint_and_shard_alike():
    """At a symbolic batch: a constraint with P.UNCONSTRAINED and shard_alike of two values (GSPMD
    writes both as @Sharding calls that carry the result's shape as operands)."""
    from jax.experimental.shard_alike import shard_alike
    m = user_mesh((2, 4), ("x", "y"))
    b, = _dims("b")

    def f(a, c):
        h = jax.lax.with_sharding_constraint(a * 2, NamedSharding(m, P("x", P.UNCONSTRAINED)))
        u, v = shard_alike(h, c + 1)
        return u + v

    return case_fields(jax.jit(f), [normal(770, 6, 8), normal(771, 6, 8)], [P("x", None), P(None, "y")], m,
                       shapes=[(2 * b, 8), (2 * b, 8)])


@program
def symbolic_batch_nested_shard_map():
    """A shard_map manual over "y" nested in one manual over "x" (the inner one takes the mesh from
    the context), at a symbolic batch, reduced to a static result."""
    m = user_mesh((2, 4), ("x", "y"))
    b, = _dims("b")

    def inner(v):
        return jax.lax.psum(v.sum(0, keepdims=True), "y")

    def outer(v):
        r = jax.shard_map(inner, in_specs=P(None, "y"), out_specs=P(None, None), axis_names={"y"})(v)
        return jax.lax.psum(r, "x")

    f = jax.jit(jax.shard_map(outer, mesh=m, in_specs=P("x", None), out_specs=P(), axis_names={"x"}))
    return case_fields(f, [normal(772, 6, 8)], [P("x", "y")], m, shapes=[(2 * b, 8)])


@program
def symbolic_batch_kv_cache_update():
    """A KV-cache write (dynamic_update_slice at a run-time position) into a cache whose batch is
    symbolic, batch over "b" and heads over "h"."""
    m = user_mesh((2, 4), ("b", "h"))
    n, = _dims("n")

    def f(cache, new, pos):
        cache = jax.lax.dynamic_update_slice_in_dim(cache, new, pos, axis=2)
        return cache, cache.sum(axis=2)

    return case_fields(jax.jit(f), [normal(773, 4, 4, 10, 3), normal(774, 4, 4, 1, 3), np.array(5, np.int32)],
                       [P("b", "h"), P("b", "h"), P()], m, shapes=[(2 * n, 4, 10, 3), (2 * n, 4, 1, 3), ()])


@program
def symbolic_batch_rnn_scan():
    """An Elman RNN scanned over time (lax.scan over xs of shape (T, 2*b, d)), the symbolic batch
    over "data" and the hidden units over "model": each step reads xs[t], a slice of symbolic size
    (JAX: real_dynamic_slice), and writes ys[t]."""
    m = user_mesh((2, 4), ("data", "model"))
    b, = _dims("b")

    def f(h0, xs, wx, wh):
        def step(h, x):
            h = jnp.tanh(x @ wx + h @ wh)
            return h, h.sum(axis=-1)
        return jax.lax.scan(step, h0, xs)

    args = [normal(780, 6, 8), normal(781, 5, 6, 3), normal(782, 3, 8, scale=0.5), normal(783, 8, 8, scale=0.3)]
    specs = [P("data", "model"), P(None, "data", None), P(None, "model"), P(None, "model")]
    return case_fields(jax.jit(f), args, specs, m, shapes=[(2 * b, 8), (5, 2 * b, 3), (3, 8), (8, 8)])


@program
def symbolic_features_reverse_scan_sharded():
    """A reverse lax.scan (a backward recurrence, as in a discounted return) over 4 steps of 8*f
    features split over 8 devices, f symbolic; each step slices one row of symbolic width."""
    m = user_mesh((8,), ("x",))
    f, = _dims("f")

    def g(r, c0):
        def step(c, row):
            c = row + 0.9 * c
            return c, c * c
        return jax.lax.scan(step, c0, r, reverse=True)

    return case_fields(jax.jit(g), [normal(784, 4, 16), normal(785, 16)], [P(None, "x"), P("x")], m,
                       shapes=[(4, 8 * f), (8 * f,)])
