"""Held-out-style sharded programs (tests/sharding_heldout_cases.py) that XLA partitions:
`jit` shardings, constraints, explicit-sharding mode."""
from __future__ import annotations

import functools

import numpy as np

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from sharding_heldout_cases import Explicit, case_fields, ints, normal, program, user_mesh


@program
def sharded_embedding_take():
    """An embedding table split over its rows, looked up with jnp.take under jit."""
    m = user_mesh((4, 2), ("vocab", "batch"))

    @functools.partial(jax.jit, out_shardings=NamedSharding(m, P("batch", None, None)))
    def embed(table, ids):
        return jnp.take(table, ids, axis=0) * np.sqrt(table.shape[1])

    return case_fields(embed, [normal(28, 16, 6), ints(29, 16, 4, 3)], [P("vocab", None), P("batch", None)], m)


@program
def reductions_over_sharded_axes():
    m = user_mesh((2, 4), ("x", "y"))

    def stats(a):
        return (a.sum(axis=1), jax.nn.logsumexp(a, axis=0), a.max(), jnp.argmax(a, axis=1),
                jnp.std(a), jnp.any(a > 2.0, axis=0))

    return case_fields(jax.jit(stats), [normal(30, 8, 16)], [P("x", "y")], m)


@program
def cumsum_and_sort_along_sharded_axis():
    m = user_mesh((8,), ("s",))

    def f(a):
        return jnp.cumsum(a, axis=0), jnp.sort(a, axis=0), jax.lax.top_k(a.T, 3)[0]

    return case_fields(jax.jit(f), [normal(31, 16, 4)], [P("s", None)], m)


@program
def rnn_scan_with_batch_sharded_carry():
    m = user_mesh((4, 2), ("batch", "model"))

    def rnn(h0, xs, wh, wx):
        def cell(h, x):
            h = jnp.tanh(h @ wh + x @ wx)
            h = jax.lax.with_sharding_constraint(h, NamedSharding(m, P("batch", None)))
            return h, h.sum(axis=1)
        return jax.lax.scan(cell, h0, xs)

    return case_fields(jax.jit(rnn), [normal(32, 8, 6), normal(33, 5, 8, 4), normal(34, 6, 6, scale=0.4),
                               normal(35, 4, 6, scale=0.4)],
                [P("batch", None), P(None, "batch", None), P(None, "model"), P()], m)


@program
def power_iteration_while_loop():
    """Largest eigenvector of a row-sharded matrix; the loop stops on convergence."""
    m = user_mesh((8,), ("rows",))

    def top_vector(a):
        a = a @ a.T

        def body(c):
            i, v, _ = c
            w = a @ v
            w = w / jnp.linalg.norm(w)
            return i + 1, w, jnp.abs(w - v).max()

        _, v, _ = jax.lax.while_loop(lambda c: (c[0] < 50) & (c[2] > 1e-5), body,
                                     (0, jnp.ones(a.shape[0]) / np.sqrt(a.shape[0]), jnp.float32(1)))
        return v

    return case_fields(jax.jit(top_vector), [normal(36, 16, 16)], [P("rows", None)], m, tol=1e-3)


@program
def explicit_axes_mlp():
    """Explicit sharding mode: shardings are part of the types; the user reshards by hand."""
    m = user_mesh((2, 4), ("data", "model"), Explicit)

    def mlp(x, w1, w2):
        h = jax.nn.relu(x @ w1)                       # P("data", "model") from the operands
        y = jnp.einsum("bh,ho->bo", h, w2, out_sharding=P("data", None))
        return jax.sharding.reshard(y, P(None, None)), h

    return case_fields(jax.jit(mlp), [normal(37, 8, 8), normal(38, 8, 16), normal(39, 16, 4)],
                [P("data", None), P(None, "model"), P("model", None)], m, mesh=m)


@program
def explicit_axes_broadcast_and_reduce():
    m = user_mesh((4, 2), ("x", "y"), Explicit)

    def f(a, b):
        c = a[:, :, None] * b[None, :, :]           # (8, 4, 6): sharded x, -, y
        return c.sum(axis=1), jnp.mean(c, axis=(0, 2))

    return case_fields(jax.jit(f), [normal(40, 8, 4), normal(41, 4, 6)], [P("x", None), P(None, "y")], m, mesh=m)


@program
def donated_optimizer_state():
    """An Adam step under jit with params and moments donated; outputs keep the input shardings."""
    m = user_mesh((2, 4), ("dp", "tp"))
    w_s, x_s = NamedSharding(m, P(None, "tp")), NamedSharding(m, P("dp", None))

    @functools.partial(jax.jit, donate_argnums=(0, 1, 2), out_shardings=(w_s, w_s, w_s, NamedSharding(m, P())))
    def step(w, mu, nu, x, y):
        loss, g = jax.value_and_grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
        mu = 0.9 * mu + 0.1 * g
        nu = 0.999 * nu + 0.001 * g * g
        return w - 1e-2 * mu / (jnp.sqrt(nu) + 1e-8), mu, nu, loss

    args = [normal(42, 8, 8), np.zeros((8, 8), np.float32), np.zeros((8, 8), np.float32),
            normal(43, 4, 8), normal(44, 4, 8)]
    return case_fields(step, args, [P(None, "tp")] * 3 + [P("dp", None)] * 2, m, tol=1e-3)


@program
def partially_replicated_outputs():
    """Outputs asked for on part of the mesh only (replicated over the other axis), and fully replicated."""
    m = user_mesh((2, 2, 2), ("a", "b", "c"))
    s = functools.partial(NamedSharding, m)

    @functools.partial(jax.jit, out_shardings=(s(P("a", None)), s(P(None, ("b", "c"))), s(P())))
    def f(x, y):
        z = x @ y
        return z, jnp.exp(z), z.sum()

    return case_fields(f, [normal(45, 8, 8), normal(46, 8, 8)], [P(("a", "b"), None), P(None, "c")], m)


@program
def three_d_parallel_mlp():
    """Data x tensor x sequence on a 2x2x2 mesh, constraints between the layers."""
    m = user_mesh((2, 2, 2), ("dp", "tp", "sp"))
    c = lambda v, *spec: jax.lax.with_sharding_constraint(v, NamedSharding(m, P(*spec)))  # noqa: E731

    def block(x, w1, w2):
        x = c(x, "dp", "sp", None)
        h = jax.nn.gelu(jnp.einsum("bsd,df->bsf", x, w1))
        h = c(h, "dp", None, "tp")
        out = jnp.einsum("bsf,fd->bsd", h, w2)
        return c(out + x, "dp", "sp", None)

    return case_fields(jax.jit(block), [normal(47, 4, 8, 8), normal(48, 8, 16, scale=0.3), normal(49, 16, 8, scale=0.3)],
                [P("dp", "sp", None), P(None, "tp"), P("tp", None)], m)


@program
def heads_sharded_attention_einsum():
    m = user_mesh((2, 4), ("batch", "heads"))
    hs = NamedSharding(m, P("batch", None, "heads", None))

    def mha(x, wq, wk, wv, wo):
        q, k, v = (jnp.einsum("bsd,dhk->bshk", x, w) for w in (wq, wk, wv))
        q, k, v = (jax.lax.with_sharding_constraint(t, hs) for t in (q, k, v))
        s = jnp.einsum("bqhk,bthk->bhqt", q, k) / 2.0
        mask = jnp.tril(jnp.ones((x.shape[1], x.shape[1]), bool))
        p = jax.nn.softmax(jnp.where(mask, s, -jnp.inf), axis=-1)
        return jnp.einsum("bhqt,bthk,hkd->bqd", p, v, wo)

    w = lambda seed: normal(seed, 8, 4, 4, scale=0.3)  # noqa: E731
    return case_fields(jax.jit(mha), [normal(50, 2, 6, 8), w(51), w(52), w(53), normal(54, 4, 4, 8, scale=0.3)],
                [P("batch", None, None), P(None, "heads", None), P(None, "heads", None), P(None, "heads", None),
                 P("heads", None, None)], m)


@program
def conv_data_parallel():
    m = user_mesh((8,), ("batch",))

    def net(x, k):
        y = jax.lax.conv_general_dilated(x, k, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
        return jax.nn.relu(y).mean(axis=(1, 2))

    return case_fields(jax.jit(net), [normal(55, 8, 6, 6, 3), normal(56, 3, 3, 3, 4)], [P("batch"), P()], m)


@program
def cond_on_global_statistic():
    m = user_mesh((4, 2), ("x", "y"))

    def f(a, b):
        return jax.lax.cond(a.mean() > b.mean(), lambda: a - b, lambda: a * b), jnp.where(a > 0, a, b)

    return case_fields(jax.jit(f), [normal(57, 8, 8), normal(58, 8, 8)], [P("x", "y"), P("y", "x")], m)


@program
def bf16_matmul_f32_accumulate():
    m = user_mesh((2, 4), ("x", "y"))

    def f(a, b):
        return jnp.dot(a.astype(jnp.bfloat16), b.astype(jnp.bfloat16), preferred_element_type=jnp.float32)

    return case_fields(jax.jit(f), [normal(59, 8, 32), normal(60, 32, 8)], [P("x", "y"), P("y", None)], m, tol=1e-2)


@program
def segment_sum_histogram():
    """Counts and sums per class of a sharded batch (scatter-add into a small replicated result)."""
    m = user_mesh((8,), ("d",))

    def f(values, labels):
        sums = jax.ops.segment_sum(values, labels, num_segments=5)
        counts = jnp.bincount(labels, length=5)
        return sums, counts

    return case_fields(jax.jit(f), [normal(61, 32), ints(62, 5, 32)], [P("d"), P("d")], m)


@program
def vmap_per_example_grads():
    """Per-example gradients with vmap over a batch sharded on the mesh."""
    m = user_mesh((4, 2), ("data", "model"))

    def per_example(w, x, y):
        g = jax.vmap(jax.grad(lambda w, x, y: jnp.sum((jnp.tanh(x @ w) - y) ** 2)), in_axes=(None, 0, 0))(w, x, y)
        return g, jnp.linalg.norm(g.reshape(g.shape[0], -1), axis=1)

    return case_fields(jax.jit(per_example), [normal(63, 6, 2), normal(64, 8, 6), normal(65, 8, 2)],
                [P(None, "model"), P("data", None), P("data", None)], m)


@program
def one_hot_classifier_loss_and_accuracy():
    m = user_mesh((2, 4), ("batch", "classes"))

    def f(logits, labels):
        logits = jax.lax.with_sharding_constraint(logits, NamedSharding(m, P("batch", "classes")))
        onehot = jax.nn.one_hot(labels, logits.shape[1])
        loss = -jnp.mean(jnp.sum(onehot * jax.nn.log_softmax(logits), axis=1))
        return loss, jnp.mean(jnp.argmax(logits, axis=1) == labels)

    return case_fields(jax.jit(f), [normal(66, 8, 12), ints(67, 12, 8)], [P("batch", "classes"), P("batch")], m)


@program
def static_argnums_and_auto_outputs():
    m = user_mesh((8,), ("x",))

    @functools.partial(jax.jit, static_argnums=1)
    def f(a, power):
        return a ** power, jnp.concatenate([a, -a], axis=1)

    return case_fields(jax.jit(lambda a: f(a, 3)), [normal(68, 16, 2)], [P("x")], m)


@program
def moe_ragged_dot_grouped_experts():
    """Tokens sorted by expert, one grouped matmul (lax.ragged_dot) with experts' weights sharded on "tp"."""
    m = user_mesh((2, 4), ("dp", "tp"))

    def f(x, w, group_sizes):
        return jax.lax.ragged_dot(x, w, group_sizes)

    return case_fields(jax.jit(f), [normal(70, 12, 8), normal(71, 3, 8, 16, scale=0.3), np.array([5, 3, 4], np.int32)],
                [P(None, None), P(None, None, "tp"), P()], m)


@program
def typed_prng_keys_sharded_dropout():
    """New-style typed keys split per example, dropout on a batch-sharded activation."""
    m = user_mesh((8,), ("b",))

    def f(seed, x):
        keys = jax.random.split(jax.random.key(seed), x.shape[0])
        keep = jax.vmap(lambda k: jax.random.bernoulli(k, 0.7, x.shape[1:]))(keys)
        return jnp.where(keep, x / 0.7, 0.0)

    return case_fields(jax.jit(f), [np.uint32(3), normal(73, 16, 4)], [P(), P("b")], m)


@program
def associative_scan_over_sharded_axis():
    m = user_mesh((8,), ("t",))

    def f(a, b):     # a linear recurrence h_t = a_t h_{t-1} + b_t as a parallel scan
        def combine(l, r):
            return l[0] * r[0], r[0] * l[1] + r[1]
        return jax.lax.associative_scan(combine, (a, b), axis=0)[1]

    return case_fields(jax.jit(f), [np.abs(normal(79, 16, 3)) * 0.5, normal(80, 16, 3)], [P("t"), P("t")], m)


@program
def batched_cholesky_solve_sharded_batch():
    m = user_mesh((4, 2), ("x", "y"))

    def f(a, b):
        spd = a @ jnp.swapaxes(a, -1, -2) + 4 * jnp.eye(a.shape[-1])
        c = jnp.linalg.cholesky(spd)
        return jax.scipy.linalg.cho_solve((c, True), b)

    return case_fields(jax.jit(f), [normal(81, 8, 4, 4), normal(82, 8, 4, 2)], [P("x"), P("x")], m, tol=1e-3)


@program
def avg_pool_batch_and_channel_sharded():
    m = user_mesh((2, 4), ("batch", "chan"))

    def pool(x):
        s = jax.lax.reduce_window(x, 0.0, jax.lax.add, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
        return s / 4.0, jax.lax.reduce_window(x, -jnp.inf, jax.lax.max, (1, 3, 3, 1), (1, 1, 1, 1), "SAME")

    return case_fields(jax.jit(pool), [normal(83, 4, 6, 6, 8)], [P("batch", None, None, "chan")], m)


@program
def nested_jit_with_its_own_out_shardings():
    """A helper jitted with out_shardings, called from another jitted function."""
    m = user_mesh((2, 4), ("x", "y"))

    @functools.partial(jax.jit, out_shardings=NamedSharding(m, P(None, "y")))
    def project(a, w):
        return a @ w

    def f(a, w):
        h = project(a, w)
        return jax.nn.softmax(h, axis=0), project(h.T, w.T)

    return case_fields(jax.jit(f), [normal(84, 8, 8), normal(85, 8, 8)], [P("x", None), P(None, "y")], m)


@program
def lax_map_and_keep_unused():
    m = user_mesh((4, 2), ("x", "y"))

    @functools.partial(jax.jit, keep_unused=True)
    def f(a, unused):
        return jax.lax.map(lambda r: jnp.sort(r)[::-1], a)

    return case_fields(f, [normal(91, 8, 6), normal(92, 4)], [P("x", "y"), P("y")], m)


@program
def kv_cache_update_and_decode_step():
    """One decoding step: the new key / value written into a head-sharded cache at the position."""
    m = user_mesh((2, 4), ("batch", "heads"))
    cache_s = NamedSharding(m, P("batch", None, "heads", None))

    @functools.partial(jax.jit, donate_argnums=(0, 1), out_shardings=(cache_s, cache_s, None))
    def step(kc, vc, q, k, v, pos):
        kc = jax.lax.dynamic_update_slice_in_dim(kc, k[:, None], pos, axis=1)
        vc = jax.lax.dynamic_update_slice_in_dim(vc, v[:, None], pos, axis=1)
        s = jnp.einsum("bhd,bthd->bht", q, kc)
        s = jnp.where(jnp.arange(kc.shape[1]) <= pos, s, -1e9)
        return kc, vc, jnp.einsum("bht,bthd->bhd", jax.nn.softmax(s, -1), vc)

    args = [normal(93, 4, 6, 8, 2), normal(94, 4, 6, 8, 2), normal(95, 4, 8, 2), normal(96, 4, 8, 2),
            normal(97, 4, 8, 2), np.int32(3)]
    hs = P("batch", "heads", None)
    return case_fields(step, args, [P("batch", None, "heads", None)] * 2 + [hs] * 3 + [P()], m)


@program
def uneven_shapes_padded_by_the_partitioner():
    """Dimensions that the mesh axes do not divide (6 over 4, 5 over 2): XLA pads."""
    m = user_mesh((4, 2), ("x", "y"))

    def f(a):
        b = jax.lax.with_sharding_constraint(jnp.sin(a), NamedSharding(m, P("x", "y")))
        return b @ b.T, b.sum(axis=0)

    return case_fields(jax.jit(f), [normal(98, 6, 5)], [P()], m)


@program
def scatter_add_into_sharded_rows():
    m = user_mesh((8,), ("rows",))

    def f(table, idx, upd):
        return table.at[idx].add(upd), table.at[idx[:2]].set(0.0)

    return case_fields(jax.jit(f), [normal(99, 16, 3), ints(100, 16, 5), normal(101, 5, 3)], [P("rows"), P(), P()], m)


@program
def approx_max_k_and_median():
    m = user_mesh((4, 2), ("x", "y"))

    def f(a):
        vals, idx = jax.lax.approx_max_k(a, 3)
        return vals, idx, jnp.median(a, axis=1), jnp.percentile(a, 90.0, axis=0)

    return case_fields(jax.jit(f), [normal(102, 8, 16)], [P("x", "y")], m)


@program
def qr_and_svd_on_sharded_batch():
    m = user_mesh((8,), ("b",))

    def f(a):
        q, r = jnp.linalg.qr(a)
        s = jnp.linalg.svd(a, compute_uv=False)
        return jnp.abs(jnp.einsum("bij,bjk->bik", q, r) - a).max(), s

    return case_fields(jax.jit(f), [normal(103, 8, 5, 4)], [P("b")], m, tol=1e-3)


@program
def explicit_mode_creation_ops():
    """Explicit sharding: arrays created with out_sharding, iota, a gather with out_sharding."""
    m = user_mesh((2, 4), ("x", "y"), Explicit)

    def f(a, ids):
        z = jnp.zeros((8, 16), out_sharding=P("x", "y"))
        pos = jax.lax.broadcasted_iota(jnp.float32, (8, 16), 1, out_sharding=P("x", "y"))
        rows = a.at[ids].get(out_sharding=P("x", None, None))
        return z + pos * a, rows

    return case_fields(jax.jit(f), [normal(110, 8, 16), ints(111, 8, 4)], [P("x", "y"), P("x")], m, mesh=m)


@program
def jit_in_shardings_without_committed_inputs():
    """Shardings given to jit itself (in_shardings / out_shardings), the inputs placed by it."""
    m = user_mesh((2, 2, 2), ("a", "b", "c"))
    s = functools.partial(NamedSharding, m)

    f = jax.jit(lambda x, y: (x * y.sum(), jnp.outer(x[:, 0], y[0])),
                in_shardings=(s(P(("a", "b"), "c")), s(P(None, "a"))),
                out_shardings=(s(P("c", None)), s(P("a", ("b", "c")))))
    return case_fields(f, [normal(112, 8, 4), normal(113, 4, 8)], [P(("a", "b"), "c"), P(None, "a")], m)


@program
def unconstrained_dims_in_constraint():
    m = user_mesh((2, 4), ("x", "y"))

    def f(a, w):
        h = jax.lax.with_sharding_constraint(a @ w, NamedSharding(m, P(P.UNCONSTRAINED, "y")))
        return jax.nn.relu(h).sum(axis=1)

    return case_fields(jax.jit(f), [normal(114, 8, 8), normal(115, 8, 16)], [P("x", None), P(None, "y")], m)


@program
def reduce_precision_and_int_ops():
    m = user_mesh((8,), ("d",))

    def f(a, b):
        return (jax.lax.reduce_precision(a, exponent_bits=5, mantissa_bits=10), b // 3, b % 5,
                jnp.left_shift(b, 2), jax.lax.population_count(b), jnp.clip(b, 2, 9))

    return case_fields(jax.jit(f), [normal(116, 16, 2), ints(117, 100, 16, 2)], [P("d"), P("d")], m)


@program
def zero_size_and_bool_and_complex():
    """Edge shapes and types: an empty sharded dimension, bool and complex sharded values."""
    m = user_mesh((4, 2), ("x", "y"))

    def f(empty, mask, z):
        return empty.sum(axis=1), empty * 2, jnp.logical_not(mask), jnp.conj(z) * z, jnp.angle(z)

    z = (normal(118, 8, 4) + 1j * normal(119, 8, 4)).astype(np.complex64)
    return case_fields(jax.jit(f), [np.zeros((8, 0), np.float32), normal(120, 8, 4) > 0, z],
                       [P("x", None), P("x", "y"), P("x", "y")], m)


@program
def one_device_mesh():
    """A mesh of one device (a user's laptop setting kept in the program)."""
    m = jax.make_mesh((1,), ("x",), axis_types=(jax.sharding.AxisType.Auto,), devices=jax.devices()[:1])

    def f(a, b):
        return jax.lax.with_sharding_constraint(a @ b, NamedSharding(m, P("x", None))).sum(axis=0)

    return case_fields(jax.jit(f), [normal(121, 4, 3), normal(122, 3, 5)], [P("x"), P()], m)


@program
def two_device_submesh_and_pytree_outputs():
    """Two of the eight devices, outputs as a dict with a None leaf."""
    m = jax.make_mesh((2,), ("x",), axis_types=(jax.sharding.AxisType.Auto,), devices=jax.devices()[:2])

    def f(a):
        return {"sum": a.sum(), "nothing": None, "scaled": (a * 3, jnp.float16(2) * a.astype(jnp.float16))}

    return case_fields(jax.jit(f), [normal(123, 8, 2)], [P("x")], m, tol=1e-2)


@program
def constants_placed_inside_jit():
    """Values with no sharded inputs: arrays made inside and placed with device_put."""
    m = user_mesh((2, 4), ("x", "y"))

    def f(scale):
        base = jax.device_put(jnp.arange(32.0).reshape(8, 4), NamedSharding(m, P("x", "y")))
        return jax.lax.stop_gradient(base) * scale, jnp.eye(8)[:, :4] @ base.T

    return case_fields(jax.jit(f), [np.float32(1.5)], [P()], m)
