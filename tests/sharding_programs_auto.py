"""Sharded JAX programs that XLA partitions (no shard_map): jit / pjit with in / out shardings
on 1D, 2D and 3D meshes, with_sharding_constraint, explicit-axis meshes and reshards,
submeshes, permuted devices, two meshes in one program, host memory kinds, donation, loops
with sharded carries, shard_alike, training patterns (scan over layers with remat, FSDP-style
gathers). Registered in tests/sharding_programs.py's CASES; run by tests/sharding_cases.py."""
from __future__ import annotations

import numpy as np

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax.experimental.shard_alike import shard_alike

from sharding_programs import Case, E, case, case_long, mesh, named, rand


@case
def data_parallel_mlp():
    m = mesh((8,), ("data",))
    batch, rep = NamedSharding(m, P("data")), NamedSharding(m, P())

    def f(x, w1, b1, w2):
        return jnp.tanh(x @ w1 + b1) @ w2
    args = [rand((16, 8), 0), rand((8, 32), 1), rand((32,), 2), rand((32, 4), 3)]
    return Case(jax.jit(f, out_shardings=batch), args, [batch, rep, rep, rep])


@case
def tensor_parallel_mlp():
    m = mesh((2, 4), ("data", "model"))
    ns = lambda *s: NamedSharding(m, P(*s))  # noqa: E731

    def f(x, w1, w2):
        h = jax.nn.relu(x @ w1)                       # columns of w1 over model
        return h @ w2                                 # rows of w2 over model: a sum over devices
    args = [rand((8, 16), 4), rand((16, 32), 5), rand((32, 8), 6)]
    return Case(jax.jit(f, out_shardings=ns("data", None)), args,
                [ns("data", None), ns(None, "model"), ns("model", None)])


@case
def with_sharding_constraint():
    m = mesh((4, 2), ("x", "y"))
    ns = lambda *s: NamedSharding(m, P(*s))  # noqa: E731

    def f(x, w):
        h = jnp.sin(x @ w)
        h = jax.lax.with_sharding_constraint(h, ns(None, "y"))
        h = jax.lax.with_sharding_constraint(h * 2.0, ns("x", "y"))
        return h.sum(axis=0), h
    args = [rand((8, 6), 7), rand((6, 4), 8)]
    return Case(jax.jit(f), args, [ns("x", None), ns()])


@case
def transformer_block_sharded_heads():
    m = mesh((2, 4), ("data", "model"))
    ns = lambda *s: NamedSharding(m, P(*s))  # noqa: E731
    heads, dh = 4, 4

    def f(x, wq, wk, wv, wo):
        b, t, d = x.shape
        def split(y):
            y = y.reshape(b, t, heads, dh)
            return jax.lax.with_sharding_constraint(y, ns("data", None, "model", None))
        q, k, v = split(x @ wq), split(x @ wk), split(x @ wv)
        s = jnp.einsum("bthd,bshd->bhts", q, k) / np.sqrt(dh)
        a = jax.nn.softmax(s, axis=-1)
        o = jnp.einsum("bhts,bshd->bthd", a, v).reshape(b, t, d)
        y = x + o @ wo
        mu = y.mean(-1, keepdims=True)
        return (y - mu) / jnp.sqrt(((y - mu) ** 2).mean(-1, keepdims=True) + 1e-5)
    d = heads * dh
    args = [rand((2, 4, d), 9)] + [rand((d, d), 10 + i) * 0.3 for i in range(4)]
    return Case(jax.jit(f, out_shardings=ns("data", None, None)), args,
                [ns("data", None, None), ns(None, "model"), ns(None, "model"), ns(None, "model"), ns("model", None)])


@case_long
def explicit_mesh_matmul():
    m = jax.make_mesh((2, 4), ("a", "b"), axis_types=(jax.sharding.AxisType.Explicit, jax.sharding.AxisType.Explicit))
    ns = lambda *s: NamedSharding(m, P(*s))  # noqa: E731
    def f(x, w):
        return jnp.tanh(x @ w)
    return Case(jax.jit(f), [rand((8, 16), 1), rand((16, 8), 2)], [ns("a", None), ns(None, "b")])


@case
def grad_of_sharded_loss():
    m = mesh((8,), ("data",))
    ns = lambda *s: NamedSharding(m, P(*s))  # noqa: E731
    def loss(w, x, y):
        return jnp.mean((jnp.tanh(x @ w) - y) ** 2)
    f = jax.jit(jax.grad(loss))
    return Case(f, [rand((4, 2), 5), rand((16, 4), 6), rand((16, 2), 7)], [ns(), ns("data"), ns("data")])


@case
def reshard_in_middle():
    m = mesh((4, 2), ("x", "y"))
    ns = lambda *s: NamedSharding(m, P(*s))  # noqa: E731
    def f(x):
        y = jax.lax.with_sharding_constraint(x, ns("x", "y"))
        z = jax.lax.with_sharding_constraint(y.T, ns("y", "x"))
        return z @ x
    return Case(jax.jit(f), [rand((8, 8), 9)], [ns()])


@case
def scan_over_sharded():
    m = mesh((8,), ("d",))
    ns = lambda *s: NamedSharding(m, P(*s))  # noqa: E731
    def f(x):
        def body(c, xi):
            return c + jnp.sin(xi), c
        return jax.lax.scan(body, jnp.zeros(x.shape[1:]), x)
    return Case(jax.jit(f), [rand((5, 16), 10)], [ns(None, "d")])


@case
def int_and_bool_outputs():
    m = mesh((8,), ("d",))
    ns = lambda *s: NamedSharding(m, P(*s))  # noqa: E731
    def f(x):
        return (x > 0), jnp.argmax(x, axis=1), x.astype(jnp.int32)
    return Case(jax.jit(f), [rand((16, 8), 11) * 5], [ns("d")])


@case_long
def pjit_2d_in_out():
    m = mesh((2, 4), ("x", "y")); ns = named(m)
    def f(a, b):
        return jnp.exp(a) @ b, a.sum(0)
    return Case(jax.jit(f, in_shardings=(ns("x", "y"), ns("y", None)), out_shardings=(ns(("x", "y")), ns("y"))),
                [rand((8, 16), 1), rand((16, 8), 2)], [ns("x", "y"), ns("y", None)])


@case
def pjit_combined_axes_dim():
    m = mesh((2, 4), ("x", "y")); ns = named(m)
    def f(a):
        return jnp.cumsum(a, axis=1) * 2
    return Case(jax.jit(f, out_shardings=ns(None, ("y", "x"))), [rand((8, 16), 3)], [ns(("x", "y"), None)])


@case_long
def attention_partial_replication():
    m = mesh((2, 4), ("data", "model")); ns = named(m)
    def f(x, wqkv, wo):
        b, t, d = x.shape
        qkv = x @ wqkv
        q, k, v = jnp.split(qkv, 3, axis=-1)
        q = q.reshape(b, t, 4, 2); k = k.reshape(b, t, 4, 2); v = v.reshape(b, t, 4, 2)
        q = jax.lax.with_sharding_constraint(q, ns(None, None, "model", None))
        s = jnp.einsum("bthd,bshd->bhts", q, k)
        mask = jnp.tril(jnp.ones((t, t), bool))
        s = jnp.where(mask, s, -1e9)
        a = jax.nn.softmax(s, -1)
        o = jnp.einsum("bhts,bshd->bthd", a, v).reshape(b, t, d)
        return o @ wo
    args = [rand((4, 6, 8), 17), rand((8, 24), 18) * 0.3, rand((8, 8), 19)]
    return Case(jax.jit(f, out_shardings=ns("data")), args, [ns("data"), ns(None, "model"), ns("model", None)])


@case
def mesh_with_size1_axis():
    m = mesh((8, 1), ("x", "y")); ns = named(m)
    def f(a, b):
        return jax.nn.gelu(a @ b)
    return Case(jax.jit(f, out_shardings=ns("x", "y")), [rand((16, 4), 27), rand((4, 4), 28)], [ns("x", "y"), ns("y")])


@case
def device_put_in_jit():
    m = mesh((4, 2), ("x", "y")); ns = named(m)
    def f(a):
        b = jax.device_put(a * 2, ns(None, "y"))
        return jnp.sin(b) + 1
    return Case(jax.jit(f), [rand((8, 4), 29)], [ns("x")])


@case_long
def explicit_reshard():
    E = jax.sharding.AxisType.Explicit
    m = jax.make_mesh((4, 2), ("x", "y"), axis_types=(E, E)); ns = named(m)
    def f(a):
        b = jax.sharding.reshard(a * 2, ns(None, "y"))
        return b.sum(1)
    return Case(jax.jit(f), [rand((8, 4), 30)], [ns("x", None)])


@case
def embedding_lookup_vocab_sharded():
    m = mesh((2, 4), ("data", "model")); ns = named(m)
    def f(table, ids):
        return jnp.take(table, ids, axis=0).sum(1)
    ids = np.random.RandomState(0).randint(0, 32, (4, 5)).astype(np.int32)
    return Case(jax.jit(f), [rand((32, 8), 31), ids], [ns("model", None), ns("data")])


@case
def vmap_spmd_axis():
    m = mesh((8,), ("b",)); ns = named(m)
    def f(x, w):
        return jax.vmap(lambda r: jax.nn.softmax(r @ w), spmd_axis_name="b")(x)
    return Case(jax.jit(f), [rand((8, 3), 35), rand((3, 5), 36)], [ns("b"), ns()])


@case_long
def remat_sharded_mlp_grad():
    m = mesh((4, 2), ("data", "model")); ns = named(m)
    def loss(w1, w2, x):
        h = jax.checkpoint(lambda x: jax.nn.relu(x @ w1))(x)
        return jnp.mean((h @ w2) ** 2)
    f = jax.jit(jax.value_and_grad(loss, argnums=(0, 1)))
    return Case(f, [rand((4, 8), 37), rand((8, 2), 38), rand((8, 4), 39)], [ns(None, "model"), ns("model"), ns("data")])


@case
def donate_and_static():
    m = mesh((8,), ("d",)); ns = named(m)
    def f(a, b):
        return a * 2 + b
    return Case(jax.jit(f, donate_argnums=0, out_shardings=ns("d")), [rand((16, 2), 6), rand((16, 2), 7)], [ns("d"), ns()])


@case
def unconstrained_dims():
    m = mesh((4, 2), ("x", "y")); ns = named(m)
    def f(a):
        b = jax.lax.with_sharding_constraint(jnp.cos(a), ns(P.UNCONSTRAINED, "y"))
        return b @ b.T
    return Case(jax.jit(f), [rand((8, 4), 12)], [ns("x")])


@case
def explicit_dot_out_sharding():
    E = jax.sharding.AxisType.Explicit
    m = jax.make_mesh((4, 2), ("x", "y"), axis_types=(E, E)); ns = named(m)
    def f(a, b):
        return jnp.einsum("ij,jk->ik", a, b, out_sharding=ns("x", None)) + 1
    return Case(jax.jit(f), [rand((8, 4), 13), rand((4, 6), 14)], [ns("x", "y"), ns("y", None)])


@case
def explicit_auto_axes():
    E = jax.sharding.AxisType.Explicit
    m = jax.make_mesh((4, 2), ("x", "y"), axis_types=(E, E)); ns = named(m)
    def f(a):
        g = jax.sharding.auto_axes(lambda v: jnp.sin(v) * 2, out_sharding=ns("x", None))
        return g(a)
    return Case(jax.jit(f), [rand((8, 4), 15)], [ns("x", "y")])


@case_long
def sharded_layernorm_reduce_over_model():
    m = mesh((2, 4), ("data", "model")); ns = named(m)
    def f(x, g, b):
        mu = x.mean(-1, keepdims=True); var = x.var(-1, keepdims=True)
        return (x - mu) * jax.lax.rsqrt(var + 1e-6) * g + b
    return Case(jax.jit(f, out_shardings=ns("data", "model")), [rand((4, 16), 18), rand((16,), 19), rand((16,), 20)],
                [ns("data", "model"), ns("model"), ns("model")])


@case_long
def jit_of_jit_nested_shardings():
    m = mesh((4, 2), ("x", "y")); ns = named(m)
    inner = jax.jit(lambda a: jnp.tanh(a) * 2, out_shardings=ns(None, "y"))
    def f(a):
        return inner(a) + inner(a.T).T
    return Case(jax.jit(f), [rand((8, 8), 23)], [ns("x", None)])


@case
def custom_vjp_in_sharded():
    m = mesh((8,), ("d",)); ns = named(m)
    @jax.custom_vjp
    def clip(x):
        return jnp.clip(x, -1, 1)
    clip.defvjp(lambda x: (clip(x), x), lambda x, g: (g * (jnp.abs(x) < 1),))
    f = jax.jit(jax.grad(lambda x: jnp.sum(clip(x) ** 2)))
    return Case(f, [rand((16, 2), 24)], [ns("d")])


@case_long
def integer_sharded_cumsum_sort():
    m = mesh((8,), ("d",)); ns = named(m)
    def f(a):
        return jnp.sort(a, axis=0), jnp.cumsum(a, axis=0)
    a = np.random.RandomState(3).randint(-50, 50, (16, 4)).astype(np.int32)
    return Case(jax.jit(f), [a], [ns("d")])


@case_long
def rng_sharded_out():
    m = mesh((4, 2), ("x", "y")); ns = named(m)
    def f(x):
        k = jax.random.key(1)
        return x + jax.random.normal(k, x.shape), jax.random.bits(jax.random.key(2), (8, 4))
    return Case(jax.jit(f, out_shardings=(ns("x", "y"), ns("y"))), [rand((8, 4), 1)], [ns("x")])


@case_long
def scalar_constraint_and_outputs():
    m = mesh((8,), ("d",)); ns = named(m)
    def f(x):
        s = jax.lax.with_sharding_constraint(jnp.sum(x), ns())
        return s, x / s
    return Case(jax.jit(f), [rand((16, 4), 5) + 3], [ns("d")])


@case
def memory_kind_host_offload():
    m = mesh((8,), ("d",))
    dev = NamedSharding(m, P("d"))
    host = NamedSharding(m, P("d"), memory_kind="pinned_host")
    def f(x):
        y = jax.device_put(x * 2, host)
        return jax.device_put(y, dev) + 1
    return Case(jax.jit(f), [rand((16, 4), 6)], [dev])


@case
def fft_sharded_batch():
    m = mesh((8,), ("d",)); ns = named(m)
    def f(x):
        return jnp.abs(jnp.fft.rfft(x, axis=1))
    return Case(jax.jit(f, out_shardings=ns("d")), [rand((16, 8), 7)], [ns("d")])


@case
def two_meshes_one_program():
    m1 = mesh((8,), ("d",)); m2 = mesh((4, 2), ("x", "y"))
    def f(a):
        b = jax.lax.with_sharding_constraint(a * 2, NamedSharding(m2, P("x", "y")))
        return jnp.sin(b)
    return Case(jax.jit(f, out_shardings=NamedSharding(m1, P("d"))), [rand((8, 8), 4)], [NamedSharding(m1, P("d"))])


@case_long
def sharded_train_step():
    m = mesh((2, 4), ("data", "model")); ns = named(m)
    def loss(params, x, y):
        h = jax.nn.gelu(x @ params[0])
        return jnp.mean((h @ params[1] - y) ** 2)
    def step(w1, w2, x, y):
        l, (g1, g2) = jax.value_and_grad(loss)((w1, w2), x, y)
        return l, w1 - 0.1 * g1, w2 - 0.1 * g2
    f = jax.jit(step, out_shardings=(ns(), ns(None, "model"), ns("model", None)))
    return Case(f, [rand((8, 16), 8), rand((16, 4), 9), rand((8, 8), 10), rand((8, 4), 11)],
                [ns(None, "model"), ns("model", None), ns("data"), ns("data")])


@case_long
def shard_alike_values():
    m = mesh((4, 2), ("x", "y")); ns = named(m)
    def f(a, b):
        x, y = shard_alike(a * 2, b + 1)
        return x @ y.T, y
    return Case(jax.jit(f), [rand((8, 4), 1), rand((8, 4), 2)], [ns("x", "y"), ns()])


@case
def shard_alike_args():
    m = mesh((8,), ("d",)); ns = named(m)
    def f(a, b):
        x, y = shard_alike(a, b)
        return x + y
    return Case(jax.jit(f), [rand((16, 4), 3), rand((16, 4), 4)], [ns("d"), ns()])


@case_long
def scan_over_layers_remat_constraints():
    m = mesh((2, 4), ("data", "model")); ns = named(m)
    def layer(h, w):
        w1, w2 = w
        h = jax.lax.with_sharding_constraint(h, ns("data", None))
        u = jax.nn.relu(h @ w1)
        u = jax.lax.with_sharding_constraint(u, ns("data", "model"))
        return h + u @ w2, None
    def loss(w1s, w2s, x):
        h, _ = jax.lax.scan(jax.checkpoint(layer), x, (w1s, w2s))
        return jnp.mean(h ** 2)
    f = jax.jit(jax.value_and_grad(loss, argnums=(0, 1)))
    return Case(f, [rand((3, 8, 16), 1) * 0.3, rand((3, 16, 8), 2) * 0.3, rand((4, 8), 3)],
                [ns(None, None, "model"), ns(None, "model", None), ns("data")])
