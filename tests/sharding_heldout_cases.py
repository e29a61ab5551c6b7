"""Sharded JAX programs written the way an outside JAX user writes them (issue 12's held-out
bar), independently of tests/sharding_cases.py: each builds its own mesh, inputs and
shardings with the public API only (jax.make_mesh, NamedSharding, jax.jit's in/out
shardings, with_sharding_constraint, jax.shard_map, jax.set_mesh, reshard, donation).

tests/sharding_cases.py runs them through every stage as long cases (SHLO_SHARDING_LONG=1);
each function returns the fields of its `Case`. JAX must already see 8 devices on import.
"""
from __future__ import annotations

import functools

import numpy as np

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

HELDOUT = {}
Auto, Explicit = jax.sharding.AxisType.Auto, jax.sharding.AxisType.Explicit


def program(fn):
    HELDOUT["heldout_" + fn.__name__] = fn
    return fn


def _mesh(shape, names, kind=Auto):
    return jax.make_mesh(shape, names, axis_types=(kind,) * len(shape))


def _normal(seed, *shape, scale=1.0):
    return (np.random.default_rng(seed).standard_normal(shape) * scale).astype(np.float32)


def _ints(seed, high, *shape):
    return np.random.default_rng(seed).integers(0, high, shape).astype(np.int32)


def _run(fn, args, specs, m, **extra):
    """The Case fields; `mesh=m` in `extra` runs every stage under `jax.set_mesh(m)`."""
    return dict(fn=fn, args=list(args), in_shardings=[NamedSharding(m, s) for s in specs], **extra)


# ------------------------------------------------------------------ shard_map programs

@program
def moe_expert_parallel():
    """Top-1 routing, tokens sent to their expert's device with all_to_all and back."""
    m = _mesh((4,), ("ep",))
    experts, capacity, d = 4, 2, 8

    def layer(x, router, w):
        # x: this device's tokens (8, d); w: this device's expert (1, d, d)
        choice = jnp.argmax(x @ router, axis=-1)
        onehot = jax.nn.one_hot(choice, experts, dtype=x.dtype)               # (8, E)
        slot = (jnp.cumsum(onehot, axis=0) - 1) * onehot                     # position within expert
        keep = onehot * (slot < capacity)
        dispatch = keep[:, :, None] * jax.nn.one_hot(slot, capacity, dtype=x.dtype)   # (8, E, C)
        sent = jnp.einsum("tec,td->ecd", dispatch, x)                         # (E, C, d)
        got = jax.lax.all_to_all(sent, "ep", 0, 0, tiled=True)               # (E, C, d) from every device
        out = jnp.tanh(got @ w[0])
        back = jax.lax.all_to_all(out, "ep", 0, 0, tiled=True)
        return jnp.einsum("tec,ecd->td", dispatch, back)

    f = jax.jit(jax.shard_map(layer, mesh=m, in_specs=(P("ep"), P(), P("ep")), out_specs=P("ep")))
    return _run(f, [_normal(1, 32, d), _normal(2, d, experts), _normal(3, experts, d, d, scale=0.3)],
                [P("ep"), P(), P("ep")], m)


@program
def pipeline_microbatches_over_ppermute_ring():
    """GPipe-style: 4 stages, 6 microbatches; activations move to the next stage each tick."""
    m = _mesh((4,), ("stage",))
    stages, micro = 4, 6

    def run(w, xs):
        me = jax.lax.axis_index("stage")
        ring = [(i, (i + 1) % stages) for i in range(stages)]

        def tick(t, carry):
            state, outs = carry
            fresh = xs[jnp.minimum(t, micro - 1)]
            state = jnp.where(me == 0, fresh, state)
            state = jnp.tanh(state @ w[0])
            done = t - (stages - 1)
            outs = jnp.where((me == stages - 1) & (done >= 0),
                             outs.at[jnp.clip(done, 0, micro - 1)].set(state), outs)
            return jax.lax.ppermute(state, "stage", ring), outs

        init = (jnp.zeros_like(xs[0]), jnp.zeros_like(xs))
        _, outs = jax.lax.fori_loop(0, micro + stages - 1, tick, init)
        return jax.lax.psum(outs, "stage")   # only the last stage holds non-zeros

    f = jax.jit(jax.shard_map(run, mesh=m, in_specs=(P("stage"), P()), out_specs=P(), check_vma=False))
    return _run(f, [_normal(4, stages, 8, 8, scale=0.4), _normal(5, micro, 2, 8)], [P("stage"), P()], m)


@program
def sequence_parallel_attention_2d():
    """Batch over "dp", sequence over "sp": each device gathers keys / values along sp."""
    m = _mesh((2, 4), ("dp", "sp"))

    def attend(q, k, v):
        k = jax.lax.all_gather(k, "sp", axis=1, tiled=True)
        v = jax.lax.all_gather(v, "sp", axis=1, tiled=True)
        s = jnp.einsum("bqd,bkd->bqk", q, k) / np.sqrt(q.shape[-1])
        return jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(s, axis=-1), v)

    spec = P("dp", "sp", None)
    f = jax.jit(jax.shard_map(attend, mesh=m, in_specs=(spec,) * 3, out_specs=spec))
    return _run(f, [_normal(6, 4, 16, 8), _normal(7, 4, 16, 8), _normal(8, 4, 16, 8)], [spec] * 3, m)


@program
def causal_ring_attention_with_axis_index_mask():
    """Keys / values travel round the "sp" ring; the causal mask uses each block's global position."""
    m = _mesh((4,), ("sp",))
    n = 4

    def attend(q, k, v):
        me = jax.lax.axis_index("sp")
        blk = q.shape[0]
        qpos = me * blk + jnp.arange(blk)
        ring = [(i, (i - 1) % n) for i in range(n)]   # block j arrives at j-1: step t holds block me+t

        def step(t, carry):
            k, v, num, den, mx = carry
            src = (me + t) % n
            kpos = src * blk + jnp.arange(blk)
            s = jnp.where(qpos[:, None] >= kpos[None, :], q @ k.T, -1e9)
            new_mx = jnp.maximum(mx, s.max(axis=1))
            scale = jnp.exp(mx - new_mx)
            p = jnp.exp(s - new_mx[:, None])
            num = num * scale[:, None] + p @ v
            den = den * scale + p.sum(axis=1)
            return jax.lax.ppermute(k, "sp", ring), jax.lax.ppermute(v, "sp", ring), num, den, new_mx

        init = (k, v, jnp.zeros_like(q), jnp.zeros(q.shape[0]), jnp.full(q.shape[0], -1e30))
        _, _, num, den, _ = jax.lax.fori_loop(0, n, step, init)
        return num / den[:, None]

    f = jax.jit(jax.shard_map(attend, mesh=m, in_specs=(P("sp"),) * 3, out_specs=P("sp"), check_vma=False))
    return _run(f, [_normal(9, 16, 4), _normal(10, 16, 4), _normal(11, 16, 4)], [P("sp")] * 3, m)


@program
def vocab_parallel_embedding():
    """Megatron-style: each device owns a slice of the vocabulary, looks up the ids it owns, psum."""
    m = _mesh((2, 4), ("data", "model"))
    vocab, d = 32, 6

    def lookup(table, ids):
        per = table.shape[0]
        start = jax.lax.axis_index("model") * per
        local = ids - start
        mine = (local >= 0) & (local < per)
        rows = jnp.take(table, jnp.clip(local, 0, per - 1), axis=0)
        return jax.lax.psum(jnp.where(mine[..., None], rows, 0.0), "model")

    f = jax.jit(jax.shard_map(lookup, mesh=m, in_specs=(P("model", None), P("data", None)),
                              out_specs=P("data", None, None)))
    return _run(f, [_normal(12, vocab, d), _ints(13, vocab, 4, 5)], [P("model", None), P("data", None)], m)


@program
def vocab_parallel_cross_entropy():
    """Logits split over the vocabulary: the max and the normaliser are reduced across devices."""
    m = _mesh((8,), ("v",))

    def xent(logits, labels):
        per = logits.shape[1]
        mx = jax.lax.pmax(jax.lax.stop_gradient(logits.max(axis=1)), "v")
        z = jax.lax.psum(jnp.exp(logits - mx[:, None]).sum(axis=1), "v")
        local = labels - jax.lax.axis_index("v") * per
        hit = (local >= 0) & (local < per)
        picked = jnp.take_along_axis(logits, jnp.clip(local, 0, per - 1)[:, None], axis=1)[:, 0]
        target = jax.lax.psum(jnp.where(hit, picked, 0.0), "v")
        return jnp.mean(jnp.log(z) + mx - target)

    f = jax.jit(jax.shard_map(xent, mesh=m, in_specs=(P(None, "v"), P()), out_specs=P(), check_vma=False))
    return _run(f, [_normal(14, 6, 64), _ints(15, 64, 6)], [P(None, "v"), P()], m)


@program
def tensor_parallel_layernorm():
    """Hidden dimension split over "tp": mean and variance need sums across the devices."""
    m = _mesh((2, 4), ("dp", "tp"))

    def norm(x, g):
        n = x.shape[-1] * jax.lax.psum(1, "tp")
        mean = jax.lax.psum(x.sum(-1, keepdims=True), "tp") / n
        var = jax.lax.psum(((x - mean) ** 2).sum(-1, keepdims=True), "tp") / n
        return (x - mean) * jax.lax.rsqrt(var + 1e-5) * g

    f = jax.jit(jax.shard_map(norm, mesh=m, in_specs=(P("dp", "tp"), P("tp")), out_specs=P("dp", "tp")))
    return _run(f, [_normal(16, 4, 16), _normal(17, 16)], [P("dp", "tp"), P("tp")], m)


@program
def ring_allreduce_by_hand():
    """Reduce-scatter then all-gather written with ppermute, compared with psum by the test."""
    m = _mesh((8,), ("r",))
    n = 8

    def allreduce(x):
        me = jax.lax.axis_index("r")
        chunks = x.reshape(n, -1)
        right = [(i, (i + 1) % n) for i in range(n)]

        def reduce_step(s, c):
            send = c[(me - s) % n]
            got = jax.lax.ppermute(send, "r", right)
            return c.at[(me - s - 1) % n].add(got)

        chunks = jax.lax.fori_loop(0, n - 1, reduce_step, chunks)

        def gather_step(s, c):
            send = c[(me + 1 - s) % n]
            got = jax.lax.ppermute(send, "r", right)
            return c.at[(me - s) % n].set(got)

        chunks = jax.lax.fori_loop(0, n - 1, gather_step, chunks)
        return chunks.reshape(x.shape), jax.lax.psum(x, "r")

    f = jax.jit(jax.shard_map(allreduce, mesh=m, in_specs=P("r"), out_specs=(P("r"), P("r")), check_vma=False))
    return _run(f, [_normal(18, 8 * 16)], [P("r")], m)


@program
def fsdp_gather_weights_reduce_scatter_grads():
    """Weights stored sharded, gathered for the forward pass; gradients reduce-scattered back."""
    m = _mesh((8,), ("fsdp",))

    def step(w, x, y):
        def loss(w_shard):
            w_full = jax.lax.all_gather(w_shard, "fsdp", axis=0, tiled=True)
            return jnp.mean((jnp.tanh(x @ w_full) - y) ** 2)
        l, g = jax.value_and_grad(loss)(w)
        return jax.lax.pmean(l, "fsdp"), w - 0.1 * g

    f = jax.jit(jax.shard_map(step, mesh=m, in_specs=(P("fsdp"), P("fsdp"), P("fsdp")),
                              out_specs=(P(), P("fsdp"))))
    return _run(f, [_normal(19, 16, 4, scale=0.3), _normal(20, 16, 16), _normal(21, 16, 4)],
                [P("fsdp"), P("fsdp"), P("fsdp")], m)


@program
def ulysses_all_to_all_sequence_to_heads():
    """DeepSpeed-Ulysses: all_to_all turns sequence shards into head shards and back."""
    m = _mesh((4,), ("sp",))

    def attend(q, k, v):      # (seq/4, heads, d) per device
        to_heads = functools.partial(jax.lax.all_to_all, axis_name="sp", split_axis=1, concat_axis=0, tiled=True)
        q, k, v = to_heads(q), to_heads(k), to_heads(v)        # (seq, heads/4, d)
        s = jnp.einsum("qhd,khd->hqk", q, k)
        o = jnp.einsum("hqk,khd->qhd", jax.nn.softmax(s, -1), v)
        return jax.lax.all_to_all(o, "sp", 0, 1, tiled=True)

    spec = P("sp", None, None)
    f = jax.jit(jax.shard_map(attend, mesh=m, in_specs=(spec,) * 3, out_specs=spec))
    return _run(f, [_normal(22 + i, 16, 8, 4) for i in range(3)], [spec] * 3, m)


@program
def global_max_abs_quantize():
    """int8 quantisation with one scale for the whole (sharded) tensor: pmax, then round."""
    m = _mesh((2, 4), ("a", "b"))

    def quant(x):
        scale = jax.lax.pmax(jnp.max(jnp.abs(x)), ("a", "b")) / 127.0
        q = jnp.clip(jnp.round(x / scale), -127, 127).astype(jnp.int8)
        return q, scale

    f = jax.jit(jax.shard_map(quant, mesh=m, in_specs=P("a", "b"), out_specs=(P("a", "b"), P())))
    return _run(f, [_normal(25, 8, 16)], [P("a", "b")], m)


@program
def shard_map_dynamic_slice_by_device():
    """Each device takes a window of a replicated table chosen by its index."""
    m = _mesh((8,), ("i",))

    def window(table, x):
        me = jax.lax.axis_index("i")
        w = jax.lax.dynamic_slice_in_dim(table, me * 2, 4, axis=0)
        return x + w.sum(axis=0)

    f = jax.jit(jax.shard_map(window, mesh=m, in_specs=(P(), P("i")), out_specs=P("i")))
    return _run(f, [_normal(26, 20, 3), _normal(27, 16, 3)], [P(), P("i")], m)


# ------------------------------------------------------------------ automatic partitioning

@program
def sharded_embedding_take():
    """An embedding table split over its rows, looked up with jnp.take under jit."""
    m = _mesh((4, 2), ("vocab", "batch"))

    @functools.partial(jax.jit, out_shardings=NamedSharding(m, P("batch", None, None)))
    def embed(table, ids):
        return jnp.take(table, ids, axis=0) * np.sqrt(table.shape[1])

    return _run(embed, [_normal(28, 16, 6), _ints(29, 16, 4, 3)], [P("vocab", None), P("batch", None)], m)


@program
def reductions_over_sharded_axes():
    m = _mesh((2, 4), ("x", "y"))

    def stats(a):
        return (a.sum(axis=1), jax.nn.logsumexp(a, axis=0), a.max(), jnp.argmax(a, axis=1),
                jnp.std(a), jnp.any(a > 2.0, axis=0))

    return _run(jax.jit(stats), [_normal(30, 8, 16)], [P("x", "y")], m)


@program
def cumsum_and_sort_along_sharded_axis():
    m = _mesh((8,), ("s",))

    def f(a):
        return jnp.cumsum(a, axis=0), jnp.sort(a, axis=0), jax.lax.top_k(a.T, 3)[0]

    return _run(jax.jit(f), [_normal(31, 16, 4)], [P("s", None)], m)


@program
def rnn_scan_with_batch_sharded_carry():
    m = _mesh((4, 2), ("batch", "model"))

    def rnn(h0, xs, wh, wx):
        def cell(h, x):
            h = jnp.tanh(h @ wh + x @ wx)
            h = jax.lax.with_sharding_constraint(h, NamedSharding(m, P("batch", None)))
            return h, h.sum(axis=1)
        return jax.lax.scan(cell, h0, xs)

    return _run(jax.jit(rnn), [_normal(32, 8, 6), _normal(33, 5, 8, 4), _normal(34, 6, 6, scale=0.4),
                               _normal(35, 4, 6, scale=0.4)],
                [P("batch", None), P(None, "batch", None), P(None, "model"), P()], m)


@program
def power_iteration_while_loop():
    """Largest eigenvector of a row-sharded matrix; the loop stops on convergence."""
    m = _mesh((8,), ("rows",))

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

    return _run(jax.jit(top_vector), [_normal(36, 16, 16)], [P("rows", None)], m, tol=1e-3)


@program
def explicit_axes_mlp():
    """Explicit sharding mode: shardings are part of the types; the user reshards by hand."""
    m = _mesh((2, 4), ("data", "model"), Explicit)

    def mlp(x, w1, w2):
        h = jax.nn.relu(x @ w1)                       # P("data", "model") from the operands
        y = jnp.einsum("bh,ho->bo", h, w2, out_sharding=P("data", None))
        return jax.sharding.reshard(y, P(None, None)), h

    return _run(jax.jit(mlp), [_normal(37, 8, 8), _normal(38, 8, 16), _normal(39, 16, 4)],
                [P("data", None), P(None, "model"), P("model", None)], m, mesh=m)


@program
def explicit_axes_broadcast_and_reduce():
    m = _mesh((4, 2), ("x", "y"), Explicit)

    def f(a, b):
        c = a[:, :, None] * b[None, :, :]           # (8, 4, 6): sharded x, -, y
        return c.sum(axis=1), jnp.mean(c, axis=(0, 2))

    return _run(jax.jit(f), [_normal(40, 8, 4), _normal(41, 4, 6)], [P("x", None), P(None, "y")], m, mesh=m)


@program
def donated_optimizer_state():
    """An Adam step under jit with params and moments donated; outputs keep the input shardings."""
    m = _mesh((2, 4), ("dp", "tp"))
    w_s, x_s = NamedSharding(m, P(None, "tp")), NamedSharding(m, P("dp", None))

    @functools.partial(jax.jit, donate_argnums=(0, 1, 2), out_shardings=(w_s, w_s, w_s, NamedSharding(m, P())))
    def step(w, mu, nu, x, y):
        loss, g = jax.value_and_grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
        mu = 0.9 * mu + 0.1 * g
        nu = 0.999 * nu + 0.001 * g * g
        return w - 1e-2 * mu / (jnp.sqrt(nu) + 1e-8), mu, nu, loss

    args = [_normal(42, 8, 8), np.zeros((8, 8), np.float32), np.zeros((8, 8), np.float32),
            _normal(43, 4, 8), _normal(44, 4, 8)]
    return _run(step, args, [P(None, "tp")] * 3 + [P("dp", None)] * 2, m, tol=1e-3)


@program
def partially_replicated_outputs():
    """Outputs asked for on part of the mesh only (replicated over the other axis), and fully replicated."""
    m = _mesh((2, 2, 2), ("a", "b", "c"))
    s = functools.partial(NamedSharding, m)

    @functools.partial(jax.jit, out_shardings=(s(P("a", None)), s(P(None, ("b", "c"))), s(P())))
    def f(x, y):
        z = x @ y
        return z, jnp.exp(z), z.sum()

    return _run(f, [_normal(45, 8, 8), _normal(46, 8, 8)], [P(("a", "b"), None), P(None, "c")], m)


@program
def three_d_parallel_mlp():
    """Data x tensor x sequence on a 2x2x2 mesh, constraints between the layers."""
    m = _mesh((2, 2, 2), ("dp", "tp", "sp"))
    c = lambda v, *spec: jax.lax.with_sharding_constraint(v, NamedSharding(m, P(*spec)))  # noqa: E731

    def block(x, w1, w2):
        x = c(x, "dp", "sp", None)
        h = jax.nn.gelu(jnp.einsum("bsd,df->bsf", x, w1))
        h = c(h, "dp", None, "tp")
        out = jnp.einsum("bsf,fd->bsd", h, w2)
        return c(out + x, "dp", "sp", None)

    return _run(jax.jit(block), [_normal(47, 4, 8, 8), _normal(48, 8, 16, scale=0.3), _normal(49, 16, 8, scale=0.3)],
                [P("dp", "sp", None), P(None, "tp"), P("tp", None)], m)


@program
def heads_sharded_attention_einsum():
    m = _mesh((2, 4), ("batch", "heads"))
    hs = NamedSharding(m, P("batch", None, "heads", None))

    def mha(x, wq, wk, wv, wo):
        q, k, v = (jnp.einsum("bsd,dhk->bshk", x, w) for w in (wq, wk, wv))
        q, k, v = (jax.lax.with_sharding_constraint(t, hs) for t in (q, k, v))
        s = jnp.einsum("bqhk,bthk->bhqt", q, k) / 2.0
        mask = jnp.tril(jnp.ones((x.shape[1], x.shape[1]), bool))
        p = jax.nn.softmax(jnp.where(mask, s, -jnp.inf), axis=-1)
        return jnp.einsum("bhqt,bthk,hkd->bqd", p, v, wo)

    w = lambda seed: _normal(seed, 8, 4, 4, scale=0.3)  # noqa: E731
    return _run(jax.jit(mha), [_normal(50, 2, 6, 8), w(51), w(52), w(53), _normal(54, 4, 4, 8, scale=0.3)],
                [P("batch", None, None), P(None, "heads", None), P(None, "heads", None), P(None, "heads", None),
                 P("heads", None, None)], m)


@program
def conv_data_parallel():
    m = _mesh((8,), ("batch",))

    def net(x, k):
        y = jax.lax.conv_general_dilated(x, k, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
        return jax.nn.relu(y).mean(axis=(1, 2))

    return _run(jax.jit(net), [_normal(55, 8, 6, 6, 3), _normal(56, 3, 3, 3, 4)], [P("batch"), P()], m)


@program
def cond_on_global_statistic():
    m = _mesh((4, 2), ("x", "y"))

    def f(a, b):
        return jax.lax.cond(a.mean() > b.mean(), lambda: a - b, lambda: a * b), jnp.where(a > 0, a, b)

    return _run(jax.jit(f), [_normal(57, 8, 8), _normal(58, 8, 8)], [P("x", "y"), P("y", "x")], m)


@program
def bf16_matmul_f32_accumulate():
    m = _mesh((2, 4), ("x", "y"))

    def f(a, b):
        return jnp.dot(a.astype(jnp.bfloat16), b.astype(jnp.bfloat16), preferred_element_type=jnp.float32)

    return _run(jax.jit(f), [_normal(59, 8, 32), _normal(60, 32, 8)], [P("x", "y"), P("y", None)], m, tol=1e-2)


@program
def segment_sum_histogram():
    """Counts and sums per class of a sharded batch (scatter-add into a small replicated result)."""
    m = _mesh((8,), ("d",))

    def f(values, labels):
        sums = jax.ops.segment_sum(values, labels, num_segments=5)
        counts = jnp.bincount(labels, length=5)
        return sums, counts

    return _run(jax.jit(f), [_normal(61, 32), _ints(62, 5, 32)], [P("d"), P("d")], m)


@program
def vmap_per_example_grads():
    """Per-example gradients with vmap over a batch sharded on the mesh."""
    m = _mesh((4, 2), ("data", "model"))

    def per_example(w, x, y):
        g = jax.vmap(jax.grad(lambda w, x, y: jnp.sum((jnp.tanh(x @ w) - y) ** 2)), in_axes=(None, 0, 0))(w, x, y)
        return g, jnp.linalg.norm(g.reshape(g.shape[0], -1), axis=1)

    return _run(jax.jit(per_example), [_normal(63, 6, 2), _normal(64, 8, 6), _normal(65, 8, 2)],
                [P(None, "model"), P("data", None), P("data", None)], m)


@program
def one_hot_classifier_loss_and_accuracy():
    m = _mesh((2, 4), ("batch", "classes"))

    def f(logits, labels):
        logits = jax.lax.with_sharding_constraint(logits, NamedSharding(m, P("batch", "classes")))
        onehot = jax.nn.one_hot(labels, logits.shape[1])
        loss = -jnp.mean(jnp.sum(onehot * jax.nn.log_softmax(logits), axis=1))
        return loss, jnp.mean(jnp.argmax(logits, axis=1) == labels)

    return _run(jax.jit(f), [_normal(66, 8, 12), _ints(67, 12, 8)], [P("batch", "classes"), P("batch")], m)


@program
def static_argnums_and_auto_outputs():
    m = _mesh((8,), ("x",))

    @functools.partial(jax.jit, static_argnums=1)
    def f(a, power):
        return a ** power, jnp.concatenate([a, -a], axis=1)

    return _run(jax.jit(lambda a: f(a, 3)), [_normal(68, 16, 2)], [P("x")], m)


@program
def shard_map_inside_jit_with_auto_ops_around():
    """Auto-partitioned preprocessing, a shard_map for a psum'd statistic, auto postprocessing."""
    m = _mesh((2, 4), ("x", "y"))

    def center(v):
        return v - jax.lax.pmean(v.mean(axis=0, keepdims=True), "x")

    def f(a):
        b = jnp.tanh(a) * 3
        c = jax.shard_map(center, mesh=m, in_specs=P("x", "y"), out_specs=P("x", "y"))(b)
        return (c ** 2).sum(axis=0)

    return _run(jax.jit(f), [_normal(69, 8, 16)], [P("x", "y")], m)


# ------------------------------------------------------------------ less common corners

@program
def moe_ragged_dot_grouped_experts():
    """Tokens sorted by expert, one grouped matmul (lax.ragged_dot) with experts' weights sharded on "tp"."""
    m = _mesh((2, 4), ("dp", "tp"))

    def f(x, w, group_sizes):
        return jax.lax.ragged_dot(x, w, group_sizes)

    return _run(jax.jit(f), [_normal(70, 12, 8), _normal(71, 3, 8, 16, scale=0.3), np.array([5, 3, 4], np.int32)],
                [P(None, None), P(None, None, "tp"), P()], m)


@program
def typed_prng_keys_sharded_dropout():
    """New-style typed keys split per example, dropout on a batch-sharded activation."""
    m = _mesh((8,), ("b",))

    def f(seed, x):
        keys = jax.random.split(jax.random.key(seed), x.shape[0])
        keep = jax.vmap(lambda k: jax.random.bernoulli(k, 0.7, x.shape[1:]))(keys)
        return jnp.where(keep, x / 0.7, 0.0)

    return _run(jax.jit(f), [np.uint32(3), _normal(73, 16, 4)], [P(), P("b")], m)


@program
def low_precision_collectives():
    """psum in bf16, all_gather of uint8 and float16 inside shard_map."""
    m = _mesh((2, 4), ("x", "y"))

    def body(a, b, c):
        return (jax.lax.psum(a, "y").astype(jnp.float32), jax.lax.all_gather(b, "x", tiled=True),
                jax.lax.all_gather(c, ("x", "y"), axis=1, tiled=True).astype(jnp.float32))

    f = jax.jit(jax.shard_map(body, mesh=m, in_specs=(P("x", "y"), P("x"), P(None, ("x", "y"))),
                              out_specs=(P("x", None), P(), P()), check_vma=False))
    return _run(f, [_normal(74, 4, 8).astype(jnp.bfloat16), _ints(75, 255, 8).astype(np.uint8),
                    _normal(76, 2, 16).astype(np.float16)], [P("x", "y"), P("x"), P(None, ("x", "y"))], m, tol=5e-2)


@program
def complex_all_to_all_fft():
    """A 2D FFT on a row-sharded complex array: FFT rows, all_to_all transpose, FFT columns."""
    m = _mesh((4,), ("r",))

    def fft2(x):
        x = jnp.fft.fft(x, axis=1)
        x = jax.lax.all_to_all(x, "r", 1, 0, tiled=True)   # now columns are local
        return jnp.fft.fft(x, axis=0)

    f = jax.jit(jax.shard_map(fft2, mesh=m, in_specs=P("r", None), out_specs=P(None, "r")))
    x = (_normal(77, 8, 8) + 1j * _normal(78, 8, 8)).astype(np.complex64)
    return _run(f, [x], [P("r", None)], m, tol=1e-3)


@program
def associative_scan_over_sharded_axis():
    m = _mesh((8,), ("t",))

    def f(a, b):     # a linear recurrence h_t = a_t h_{t-1} + b_t as a parallel scan
        def combine(l, r):
            return l[0] * r[0], r[0] * l[1] + r[1]
        return jax.lax.associative_scan(combine, (a, b), axis=0)[1]

    return _run(jax.jit(f), [np.abs(_normal(79, 16, 3)) * 0.5, _normal(80, 16, 3)], [P("t"), P("t")], m)


@program
def batched_cholesky_solve_sharded_batch():
    m = _mesh((4, 2), ("x", "y"))

    def f(a, b):
        spd = a @ jnp.swapaxes(a, -1, -2) + 4 * jnp.eye(a.shape[-1])
        c = jnp.linalg.cholesky(spd)
        return jax.scipy.linalg.cho_solve((c, True), b)

    return _run(jax.jit(f), [_normal(81, 8, 4, 4), _normal(82, 8, 4, 2)], [P("x"), P("x")], m, tol=1e-3)


@program
def avg_pool_batch_and_channel_sharded():
    m = _mesh((2, 4), ("batch", "chan"))

    def pool(x):
        s = jax.lax.reduce_window(x, 0.0, jax.lax.add, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
        return s / 4.0, jax.lax.reduce_window(x, -jnp.inf, jax.lax.max, (1, 3, 3, 1), (1, 1, 1, 1), "SAME")

    return _run(jax.jit(pool), [_normal(83, 4, 6, 6, 8)], [P("batch", None, None, "chan")], m)


@program
def nested_jit_with_its_own_out_shardings():
    """A helper jitted with out_shardings, called from another jitted function."""
    m = _mesh((2, 4), ("x", "y"))

    @functools.partial(jax.jit, out_shardings=NamedSharding(m, P(None, "y")))
    def project(a, w):
        return a @ w

    def f(a, w):
        h = project(a, w)
        return jax.nn.softmax(h, axis=0), project(h.T, w.T)

    return _run(jax.jit(f), [_normal(84, 8, 8), _normal(85, 8, 8)], [P("x", None), P(None, "y")], m)


@program
def shard_map_manual_over_some_axes():
    """shard_map manual over "x" only (axis_names=); "y" stays automatic inside."""
    m = _mesh((2, 4), ("x", "y"))

    def body(a, w):
        return jax.lax.psum(a @ w, "x")

    f = jax.jit(jax.shard_map(body, mesh=m, in_specs=(P(None, "x"), P("x", None)), out_specs=P(),
                              axis_names={"x"}))
    return _run(f, [_normal(86, 8, 8), _normal(87, 8, 16)], [P(None, "x"), P("x", "y")], m)


@program
def custom_vjp_gradient_clipping_in_shard_map():
    m = _mesh((8,), ("d",))

    @jax.custom_vjp
    def clip_grad(x):
        return x

    clip_grad.defvjp(lambda x: (x, None), lambda _, g: (jnp.clip(g, -0.1, 0.1),))

    def grads(w, x):
        g = jax.grad(lambda w: jnp.sum(jnp.tanh(clip_grad(x @ w)) ** 2))(w)
        return jax.lax.pmean(g, "d")

    f = jax.jit(jax.shard_map(grads, mesh=m, in_specs=(P(), P("d")), out_specs=P()))
    return _run(f, [_normal(88, 4, 3), _normal(89, 16, 4)], [P(), P("d")], m)


@program
def psum_scatter_over_two_axes_grad_sync():
    m = _mesh((2, 4), ("x", "y"))

    def sync(g):
        return jax.lax.psum_scatter(g, ("x", "y"), scatter_dimension=0, tiled=True)

    f = jax.jit(jax.shard_map(sync, mesh=m, in_specs=P(), out_specs=P(("x", "y"))))
    return _run(f, [_normal(90, 16, 3)], [P()], m)


@program
def lax_map_and_keep_unused():
    m = _mesh((4, 2), ("x", "y"))

    @functools.partial(jax.jit, keep_unused=True)
    def f(a, unused):
        return jax.lax.map(lambda r: jnp.sort(r)[::-1], a)

    return _run(f, [_normal(91, 8, 6), _normal(92, 4)], [P("x", "y"), P("y")], m)


# ------------------------------------------------------------------ round two: inference and odd shapes

@program
def kv_cache_update_and_decode_step():
    """One decoding step: the new key / value written into a head-sharded cache at the position."""
    m = _mesh((2, 4), ("batch", "heads"))
    cache_s = NamedSharding(m, P("batch", None, "heads", None))

    @functools.partial(jax.jit, donate_argnums=(0, 1), out_shardings=(cache_s, cache_s, None))
    def step(kc, vc, q, k, v, pos):
        kc = jax.lax.dynamic_update_slice_in_dim(kc, k[:, None], pos, axis=1)
        vc = jax.lax.dynamic_update_slice_in_dim(vc, v[:, None], pos, axis=1)
        s = jnp.einsum("bhd,bthd->bht", q, kc)
        s = jnp.where(jnp.arange(kc.shape[1]) <= pos, s, -1e9)
        return kc, vc, jnp.einsum("bht,bthd->bhd", jax.nn.softmax(s, -1), vc)

    args = [_normal(93, 4, 6, 8, 2), _normal(94, 4, 6, 8, 2), _normal(95, 4, 8, 2), _normal(96, 4, 8, 2),
            _normal(97, 4, 8, 2), np.int32(3)]
    hs = P("batch", "heads", None)
    return _run(step, args, [P("batch", None, "heads", None)] * 2 + [hs] * 3 + [P()], m)


@program
def uneven_shapes_padded_by_the_partitioner():
    """Dimensions that the mesh axes do not divide (6 over 4, 5 over 2): XLA pads."""
    m = _mesh((4, 2), ("x", "y"))

    def f(a):
        b = jax.lax.with_sharding_constraint(jnp.sin(a), NamedSharding(m, P("x", "y")))
        return b @ b.T, b.sum(axis=0)

    return _run(jax.jit(f), [_normal(98, 6, 5)], [P()], m)


@program
def scatter_add_into_sharded_rows():
    m = _mesh((8,), ("rows",))

    def f(table, idx, upd):
        return table.at[idx].add(upd), table.at[idx[:2]].set(0.0)

    return _run(jax.jit(f), [_normal(99, 16, 3), _ints(100, 16, 5), _normal(101, 5, 3)], [P("rows"), P(), P()], m)


@program
def approx_max_k_and_median():
    m = _mesh((4, 2), ("x", "y"))

    def f(a):
        vals, idx = jax.lax.approx_max_k(a, 3)
        return vals, idx, jnp.median(a, axis=1), jnp.percentile(a, 90.0, axis=0)

    return _run(jax.jit(f), [_normal(102, 8, 16)], [P("x", "y")], m)


@program
def qr_and_svd_on_sharded_batch():
    m = _mesh((8,), ("b",))

    def f(a):
        q, r = jnp.linalg.qr(a)
        s = jnp.linalg.svd(a, compute_uv=False)
        return jnp.abs(jnp.einsum("bij,bjk->bik", q, r) - a).max(), s

    return _run(jax.jit(f), [_normal(103, 8, 5, 4)], [P("b")], m, tol=1e-3)


@program
def while_with_collective_in_condition():
    """Iterate until the global residual (psum over devices) is small."""
    m = _mesh((8,), ("d",))

    def solve(b):
        def cond(c):
            i, x = c
            r = jax.lax.psum(jnp.sum((b - 2.0 * x) ** 2), "d")
            return (r > 1e-6) & (i < 40)

        return jax.lax.while_loop(cond, lambda c: (c[0] + 1, c[1] + 0.4 * (b - 2.0 * c[1])), (0, jnp.zeros_like(b)))[1]

    f = jax.jit(jax.shard_map(solve, mesh=m, in_specs=P("d"), out_specs=P("d")))
    return _run(f, [_normal(104, 16, 2)], [P("d")], m, tol=1e-3)


@program
def per_device_switch_by_axis_index():
    """lax.switch on the device's index: different code on different devices."""
    m = _mesh((4, 2), ("x", "y"))

    def body(a):
        i = jax.lax.axis_index("x")
        return jax.lax.switch(i % 3, [jnp.sin, jnp.cos, lambda v: v * v], a)

    f = jax.jit(jax.shard_map(body, mesh=m, in_specs=P("x", "y"), out_specs=P("x", "y")))
    return _run(f, [_normal(105, 8, 4)], [P("x", "y")], m)


@program
def shard_map_inside_scan_over_layers():
    m = _mesh((2, 4), ("dp", "tp"))

    def layer(h, w):
        def tp_matmul(h, w):
            return jax.lax.psum(h @ w, "tp")
        out = jax.shard_map(tp_matmul, mesh=m, in_specs=(P("dp", "tp"), P("tp", None)), out_specs=P("dp", None))(h, w)
        return jnp.tanh(out), out.mean()

    def f(h, ws):
        return jax.lax.scan(layer, h, ws)

    return _run(jax.jit(f), [_normal(106, 4, 8), _normal(107, 3, 8, 8, scale=0.4)], [P("dp", "tp"), P(None, "tp", None)], m)


@program
def size_one_axes_and_pshuffle():
    m = _mesh((4, 1, 2), ("a", "b", "c"))

    def body(v):
        v = jax.lax.pshuffle(v, "a", [1, 2, 3, 0])
        return jax.lax.psum(v, ("b", "c")) * jax.lax.axis_size("a")

    f = jax.jit(jax.shard_map(body, mesh=m, in_specs=P("a", ("b", "c")), out_specs=P("a", None)))
    return _run(f, [_normal(109, 8, 4)], [P("a", ("b", "c"))], m)


@program
def explicit_mode_creation_ops():
    """Explicit sharding: arrays created with out_sharding, iota, a gather with out_sharding."""
    m = _mesh((2, 4), ("x", "y"), Explicit)

    def f(a, ids):
        z = jnp.zeros((8, 16), out_sharding=P("x", "y"))
        pos = jax.lax.broadcasted_iota(jnp.float32, (8, 16), 1, out_sharding=P("x", "y"))
        rows = a.at[ids].get(out_sharding=P("x", None, None))
        return z + pos * a, rows

    return _run(jax.jit(f), [_normal(110, 8, 16), _ints(111, 8, 4)], [P("x", "y"), P("x")], m, mesh=m)


@program
def jit_in_shardings_without_committed_inputs():
    """Shardings given to jit itself (in_shardings / out_shardings), the inputs placed by it."""
    m = _mesh((2, 2, 2), ("a", "b", "c"))
    s = functools.partial(NamedSharding, m)

    f = jax.jit(lambda x, y: (x * y.sum(), jnp.outer(x[:, 0], y[0])),
                in_shardings=(s(P(("a", "b"), "c")), s(P(None, "a"))),
                out_shardings=(s(P("c", None)), s(P("a", ("b", "c")))))
    return _run(f, [_normal(112, 8, 4), _normal(113, 4, 8)], [P(("a", "b"), "c"), P(None, "a")], m)


@program
def unconstrained_dims_in_constraint():
    m = _mesh((2, 4), ("x", "y"))

    def f(a, w):
        h = jax.lax.with_sharding_constraint(a @ w, NamedSharding(m, P(P.UNCONSTRAINED, "y")))
        return jax.nn.relu(h).sum(axis=1)

    return _run(jax.jit(f), [_normal(114, 8, 8), _normal(115, 8, 16)], [P("x", None), P(None, "y")], m)


@program
def reduce_precision_and_int_ops():
    m = _mesh((8,), ("d",))

    def f(a, b):
        return (jax.lax.reduce_precision(a, exponent_bits=5, mantissa_bits=10), b // 3, b % 5,
                jnp.left_shift(b, 2), jax.lax.population_count(b), jnp.clip(b, 2, 9))

    return _run(jax.jit(f), [_normal(116, 16, 2), _ints(117, 100, 16, 2)], [P("d"), P("d")], m)
