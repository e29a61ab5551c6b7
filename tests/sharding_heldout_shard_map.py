"""Held-out-style sharded programs (tests/sharding_heldout_cases.py) with `jax.shard_map`:
per-device code and collectives written by the user."""
from __future__ import annotations

import functools

import numpy as np

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from sharding_heldout_cases import case_fields, ints, normal, program, user_mesh


@program
def moe_expert_parallel():
    """Top-1 routing, tokens sent to their expert's device with all_to_all and back."""
    m = user_mesh((4,), ("ep",))
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
    return case_fields(f, [normal(1, 32, d), normal(2, d, experts), normal(3, experts, d, d, scale=0.3)],
                [P("ep"), P(), P("ep")], m)


@program
def pipeline_microbatches_over_ppermute_ring():
    """GPipe-style: 4 stages, 6 microbatches; activations move to the next stage each tick."""
    m = user_mesh((4,), ("stage",))
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
    return case_fields(f, [normal(4, stages, 8, 8, scale=0.4), normal(5, micro, 2, 8)], [P("stage"), P()], m)


@program
def sequence_parallel_attention_2d():
    """Batch over "dp", sequence over "sp": each device gathers keys / values along sp."""
    m = user_mesh((2, 4), ("dp", "sp"))

    def attend(q, k, v):
        k = jax.lax.all_gather(k, "sp", axis=1, tiled=True)
        v = jax.lax.all_gather(v, "sp", axis=1, tiled=True)
        s = jnp.einsum("bqd,bkd->bqk", q, k) / np.sqrt(q.shape[-1])
        return jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(s, axis=-1), v)

    spec = P("dp", "sp", None)
    f = jax.jit(jax.shard_map(attend, mesh=m, in_specs=(spec,) * 3, out_specs=spec))
    return case_fields(f, [normal(6, 4, 16, 8), normal(7, 4, 16, 8), normal(8, 4, 16, 8)], [spec] * 3, m)


@program
def causal_ring_attention_with_axis_index_mask():
    """Keys / values travel round the "sp" ring; the causal mask uses each block's global position."""
    m = user_mesh((4,), ("sp",))
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
    return case_fields(f, [normal(9, 16, 4), normal(10, 16, 4), normal(11, 16, 4)], [P("sp")] * 3, m)


@program
def vocab_parallel_embedding():
    """Megatron-style: each device owns a slice of the vocabulary, looks up the ids it owns, psum."""
    m = user_mesh((2, 4), ("data", "model"))
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
    return case_fields(f, [normal(12, vocab, d), ints(13, vocab, 4, 5)], [P("model", None), P("data", None)], m)


@program
def vocab_parallel_cross_entropy():
    """Logits split over the vocabulary: the max and the normaliser are reduced across devices."""
    m = user_mesh((8,), ("v",))

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
    return case_fields(f, [normal(14, 6, 64), ints(15, 64, 6)], [P(None, "v"), P()], m)


@program
def tensor_parallel_layernorm():
    """Hidden dimension split over "tp": mean and variance need sums across the devices."""
    m = user_mesh((2, 4), ("dp", "tp"))

    def norm(x, g):
        n = x.shape[-1] * jax.lax.psum(1, "tp")
        mean = jax.lax.psum(x.sum(-1, keepdims=True), "tp") / n
        var = jax.lax.psum(((x - mean) ** 2).sum(-1, keepdims=True), "tp") / n
        return (x - mean) * jax.lax.rsqrt(var + 1e-5) * g

    f = jax.jit(jax.shard_map(norm, mesh=m, in_specs=(P("dp", "tp"), P("tp")), out_specs=P("dp", "tp")))
    return case_fields(f, [normal(16, 4, 16), normal(17, 16)], [P("dp", "tp"), P("tp")], m)


@program
def ring_allreduce_by_hand():
    """Reduce-scatter then all-gather written with ppermute, compared with psum by the test."""
    m = user_mesh((8,), ("r",))
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
    return case_fields(f, [normal(18, 8 * 16)], [P("r")], m)


@program
def fsdp_gather_weights_reduce_scatter_grads():
    """Weights stored sharded, gathered for the forward pass; gradients reduce-scattered back."""
    m = user_mesh((8,), ("fsdp",))

    def step(w, x, y):
        def loss(w_shard):
            w_full = jax.lax.all_gather(w_shard, "fsdp", axis=0, tiled=True)
            return jnp.mean((jnp.tanh(x @ w_full) - y) ** 2)
        l, g = jax.value_and_grad(loss)(w)
        return jax.lax.pmean(l, "fsdp"), w - 0.1 * g

    f = jax.jit(jax.shard_map(step, mesh=m, in_specs=(P("fsdp"), P("fsdp"), P("fsdp")),
                              out_specs=(P(), P("fsdp"))))
    return case_fields(f, [normal(19, 16, 4, scale=0.3), normal(20, 16, 16), normal(21, 16, 4)],
                [P("fsdp"), P("fsdp"), P("fsdp")], m)


@program
def ulysses_all_to_all_sequence_to_heads():
    """DeepSpeed-Ulysses: all_to_all turns sequence shards into head shards and back."""
    m = user_mesh((4,), ("sp",))

    def attend(q, k, v):      # (seq/4, heads, d) per device
        to_heads = functools.partial(jax.lax.all_to_all, axis_name="sp", split_axis=1, concat_axis=0, tiled=True)
        q, k, v = to_heads(q), to_heads(k), to_heads(v)        # (seq, heads/4, d)
        s = jnp.einsum("qhd,khd->hqk", q, k)
        o = jnp.einsum("hqk,khd->qhd", jax.nn.softmax(s, -1), v)
        return jax.lax.all_to_all(o, "sp", 0, 1, tiled=True)

    spec = P("sp", None, None)
    f = jax.jit(jax.shard_map(attend, mesh=m, in_specs=(spec,) * 3, out_specs=spec))
    return case_fields(f, [normal(22 + i, 16, 8, 4) for i in range(3)], [spec] * 3, m)


@program
def global_max_abs_quantize():
    """int8 quantisation with one scale for the whole (sharded) tensor: pmax, then round."""
    m = user_mesh((2, 4), ("a", "b"))

    def quant(x):
        scale = jax.lax.pmax(jnp.max(jnp.abs(x)), ("a", "b")) / 127.0
        q = jnp.clip(jnp.round(x / scale), -127, 127).astype(jnp.int8)
        return q, scale

    f = jax.jit(jax.shard_map(quant, mesh=m, in_specs=P("a", "b"), out_specs=(P("a", "b"), P())))
    return case_fields(f, [normal(25, 8, 16)], [P("a", "b")], m)


@program
def shard_map_dynamic_slice_by_device():
    """Each device takes a window of a replicated table chosen by its index."""
    m = user_mesh((8,), ("i",))

    def window(table, x):
        me = jax.lax.axis_index("i")
        w = jax.lax.dynamic_slice_in_dim(table, me * 2, 4, axis=0)
        return x + w.sum(axis=0)

    f = jax.jit(jax.shard_map(window, mesh=m, in_specs=(P(), P("i")), out_specs=P("i")))
    return case_fields(f, [normal(26, 20, 3), normal(27, 16, 3)], [P(), P("i")], m)


@program
def shard_map_inside_jit_with_auto_ops_around():
    """Auto-partitioned preprocessing, a shard_map for a psum'd statistic, auto postprocessing."""
    m = user_mesh((2, 4), ("x", "y"))

    def center(v):
        return v - jax.lax.pmean(v.mean(axis=0, keepdims=True), "x")

    def f(a):
        b = jnp.tanh(a) * 3
        c = jax.shard_map(center, mesh=m, in_specs=P("x", "y"), out_specs=P("x", "y"))(b)
        return (c ** 2).sum(axis=0)

    return case_fields(jax.jit(f), [normal(69, 8, 16)], [P("x", "y")], m)


@program
def low_precision_collectives():
    """psum in bf16, all_gather of uint8 and float16 inside shard_map."""
    m = user_mesh((2, 4), ("x", "y"))

    def body(a, b, c):
        return (jax.lax.psum(a, "y").astype(jnp.float32), jax.lax.all_gather(b, "x", tiled=True),
                jax.lax.all_gather(c, ("x", "y"), axis=1, tiled=True).astype(jnp.float32))

    f = jax.jit(jax.shard_map(body, mesh=m, in_specs=(P("x", "y"), P("x"), P(None, ("x", "y"))),
                              out_specs=(P("x", None), P(), P()), check_vma=False))
    return case_fields(f, [normal(74, 4, 8).astype(jnp.bfloat16), ints(75, 255, 8).astype(np.uint8),
                    normal(76, 2, 16).astype(np.float16)], [P("x", "y"), P("x"), P(None, ("x", "y"))], m, tol=5e-2)


@program
def complex_all_to_all_fft():
    """A 2D FFT on a row-sharded complex array: FFT rows, all_to_all transpose, FFT columns."""
    m = user_mesh((4,), ("r",))

    def fft2(x):
        x = jnp.fft.fft(x, axis=1)
        x = jax.lax.all_to_all(x, "r", 1, 0, tiled=True)   # now columns are local
        return jnp.fft.fft(x, axis=0)

    f = jax.jit(jax.shard_map(fft2, mesh=m, in_specs=P("r", None), out_specs=P(None, "r")))
    x = (normal(77, 8, 8) + 1j * normal(78, 8, 8)).astype(np.complex64)
    return case_fields(f, [x], [P("r", None)], m, tol=1e-3)


@program
def shard_map_manual_over_some_axes():
    """shard_map manual over "x" only (axis_names=); "y" stays automatic inside."""
    m = user_mesh((2, 4), ("x", "y"))

    def body(a, w):
        return jax.lax.psum(a @ w, "x")

    f = jax.jit(jax.shard_map(body, mesh=m, in_specs=(P(None, "x"), P("x", None)), out_specs=P(),
                              axis_names={"x"}))
    return case_fields(f, [normal(86, 8, 8), normal(87, 8, 16)], [P(None, "x"), P("x", "y")], m)


@program
def custom_vjp_gradient_clipping_in_shard_map():
    m = user_mesh((8,), ("d",))

    @jax.custom_vjp
    def clip_grad(x):
        return x

    clip_grad.defvjp(lambda x: (x, None), lambda _, g: (jnp.clip(g, -0.1, 0.1),))

    def grads(w, x):
        g = jax.grad(lambda w: jnp.sum(jnp.tanh(clip_grad(x @ w)) ** 2))(w)
        return jax.lax.pmean(g, "d")

    f = jax.jit(jax.shard_map(grads, mesh=m, in_specs=(P(), P("d")), out_specs=P()))
    return case_fields(f, [normal(88, 4, 3), normal(89, 16, 4)], [P(), P("d")], m)


@program
def psum_scatter_over_two_axes_grad_sync():
    m = user_mesh((2, 4), ("x", "y"))

    def sync(g):
        return jax.lax.psum_scatter(g, ("x", "y"), scatter_dimension=0, tiled=True)

    f = jax.jit(jax.shard_map(sync, mesh=m, in_specs=P(), out_specs=P(("x", "y"))))
    return case_fields(f, [normal(90, 16, 3)], [P()], m)


@program
def while_with_collective_in_condition():
    """Iterate until the global residual (psum over devices) is small."""
    m = user_mesh((8,), ("d",))

    def solve(b):
        def cond(c):
            i, x = c
            r = jax.lax.psum(jnp.sum((b - 2.0 * x) ** 2), "d")
            return (r > 1e-6) & (i < 40)

        return jax.lax.while_loop(cond, lambda c: (c[0] + 1, c[1] + 0.4 * (b - 2.0 * c[1])), (0, jnp.zeros_like(b)))[1]

    f = jax.jit(jax.shard_map(solve, mesh=m, in_specs=P("d"), out_specs=P("d")))
    return case_fields(f, [normal(104, 16, 2)], [P("d")], m, tol=1e-3)


@program
def per_device_switch_by_axis_index():
    """lax.switch on the device's index: different code on different devices."""
    m = user_mesh((4, 2), ("x", "y"))

    def body(a):
        i = jax.lax.axis_index("x")
        return jax.lax.switch(i % 3, [jnp.sin, jnp.cos, lambda v: v * v], a)

    f = jax.jit(jax.shard_map(body, mesh=m, in_specs=P("x", "y"), out_specs=P("x", "y")))
    return case_fields(f, [normal(105, 8, 4)], [P("x", "y")], m)


@program
def shard_map_inside_scan_over_layers():
    m = user_mesh((2, 4), ("dp", "tp"))

    def layer(h, w):
        def tp_matmul(h, w):
            return jax.lax.psum(h @ w, "tp")
        out = jax.shard_map(tp_matmul, mesh=m, in_specs=(P("dp", "tp"), P("tp", None)), out_specs=P("dp", None))(h, w)
        return jnp.tanh(out), out.mean()

    def f(h, ws):
        return jax.lax.scan(layer, h, ws)

    return case_fields(jax.jit(f), [normal(106, 4, 8), normal(107, 3, 8, 8, scale=0.4)], [P("dp", "tp"), P(None, "tp", None)], m)


@program
def size_one_axes_and_pshuffle():
    m = user_mesh((4, 1, 2), ("a", "b", "c"))

    def body(v):
        v = jax.lax.pshuffle(v, "a", [1, 2, 3, 0])
        return jax.lax.psum(v, ("b", "c")) * jax.lax.axis_size("a")

    f = jax.jit(jax.shard_map(body, mesh=m, in_specs=P("a", ("b", "c")), out_specs=P("a", None)))
    return case_fields(f, [normal(109, 8, 4)], [P("a", ("b", "c"))], m)


@program
def pytree_psum_with_ints_and_floats():
    m = user_mesh((4, 2), ("x", "y"))

    def body(tree):
        total = jax.lax.psum(tree, "x")
        return {"count": total["count"], "mean": total["sum"] / total["count"].astype(jnp.float32)}

    g = jax.shard_map(body, mesh=m, in_specs=({"count": P("x"), "sum": P("x", "y")},),
                      out_specs={"count": P(), "mean": P(None, "y")})
    f = jax.jit(lambda count, total: g({"count": count, "sum": total}))
    return case_fields(f, [ints(124, 5, 4) + 1, normal(125, 4, 8)], [P("x"), P("x", "y")], m)


@program
def all_to_all_same_split_and_concat_axis():
    m = user_mesh((8,), ("d",))

    def body(a):
        return jax.lax.all_to_all(a, "d", 1, 1, tiled=True)

    f = jax.jit(jax.shard_map(body, mesh=m, in_specs=P("d", None), out_specs=P("d", None)))
    return case_fields(f, [normal(126, 16, 8)], [P("d", None)], m)
