"""Sharded JAX programs run through every stage of shlo, for tests/test_sharding.py.

Run as a script in a fresh process (JAX must see 8 host devices before it
starts): prints one JSON line per program with the stages it passed and, for
the first failing stage, why.

    XLA_FLAGS=--xla_force_host_platform_device_count=8 python tests/sharding_cases.py [name ...]

Stages: import (shlo.from_jax), verify, serialize (artifact round trip, same
text), interpret (shlo.interpret matches JAX), export (shlo.to_stablehlo),
xla_run (the exported StableHLO compiled by XLA for the program's devices
and run on them, inputs placed as its parameter shardings; through jax.export
where JAX must place inputs and results (unreduced results, host memory,
permuted or other devices): same values, same result shardings as JAX's own
run), and xla_shardings (that compilation's output shardings equal those of
JAX's compilation of the function).
"""
from __future__ import annotations

import dataclasses
import functools
import json
import os
import sys
import traceback

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

import numpy as np  # noqa: E402

import jax  # noqa: E402
import jax.extend  # noqa: E402,F401
import jax.numpy as jnp  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402
from jax.experimental.shard_alike import shard_alike  # noqa: E402
from jax._src.lib import xla_client as xc  # noqa: E402

import shlo  # noqa: E402
import sharding_shardy_texts  # noqa: E402
from sharding_shardy_texts import Placement  # noqa: E402

STAGES = ["import", "verify", "serialize", "interpret", "export", "xla_run", "xla_shardings"]
AUTO = jax.sharding.AxisType.Auto


def mesh(shape, names):
    return jax.make_mesh(shape, names, axis_types=(AUTO,) * len(shape))


def rand(shape, seed):
    return np.random.RandomState(seed).standard_normal(shape).astype(np.float32)


@dataclasses.dataclass
class Case:
    fn: object            # the jitted function
    args: list            # numpy inputs
    in_shardings: list    # NamedSharding per input
    mesh: object = None   # a mesh every stage runs under (`with jax.set_mesh(mesh)`), as users of
                          # explicit sharding write programs with bare PartitionSpecs
    tol: float = 1e-4     # relative and absolute tolerance of the value comparisons


CASES = {}
# Programs run only with SHLO_SHARDING_LONG=1 (tests/test_sharding.py then runs them too): more
# of the same API, kept out of the default run to hold its time.
LONG = bool(os.environ.get("SHLO_SHARDING_LONG"))
LONG_CASES = set()


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def case_long(fn):
    LONG_CASES.add(fn.__name__)
    return case(fn)


# ---------------------------------------------------------------------- programs

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


def _shard_map_case(body, in_spec, out_spec, shape, seed, check_vma=True):
    m = mesh((4, 2), ("x", "y"))
    g = jax.shard_map(body, mesh=m, in_specs=in_spec, out_specs=out_spec, check_vma=check_vma)
    return Case(jax.jit(g), [rand(shape, seed)], [NamedSharding(m, in_spec)])


@case
def shard_map_psum():
    return _shard_map_case(lambda x: jax.lax.psum(jnp.sin(x), "y"), P("x", "y"), P("x", None), (8, 4), 20)


@case
def shard_map_all_gather():
    return _shard_map_case(lambda x: jax.lax.all_gather(x * 3.0, "x", axis=0, tiled=True),
                           P("x", "y"), P(None, "y"), (8, 4), 21, check_vma=False)


@case
def shard_map_ppermute():
    perm = [(i, (i + 1) % 4) for i in range(4)]
    return _shard_map_case(lambda x: jax.lax.ppermute(x + 1.0, "x", perm), P("x", "y"), P("x", "y"), (8, 4), 22)


@case
def shard_map_all_to_all():
    return _shard_map_case(lambda x: jax.lax.all_to_all(x, "x", 0, 1, tiled=True),
                           P("x", None), P(None, "x"), (16, 8), 23)


@case
def shard_map_psum_scatter():
    return _shard_map_case(lambda x: jax.lax.psum_scatter(x, "x", scatter_dimension=0, tiled=True),
                           P(None, "y"), P("x", "y"), (8, 4), 24)


@case
def shard_map_in_jit_with_auto_ops():
    m = mesh((4, 2), ("x", "y"))
    ns = lambda *s: NamedSharding(m, P(*s))  # noqa: E731
    inner = jax.shard_map(lambda a: jax.lax.psum(a @ a.T, "x"), mesh=m, in_specs=P("x", None),
                          out_specs=P(None, None))

    def f(x, w):
        return jnp.tanh(inner(x @ w)) + 1.0
    return Case(jax.jit(f), [rand((8, 4), 25), rand((4, 4), 26)], [ns("x", None), ns()])


# More programs: explicit-axis meshes, collectives over two axes, axis_index, gradients,
# a partially manual shard_map, transposed reshards, scan, integer and boolean results.

@case
def explicit_mesh_matmul():
    m = jax.make_mesh((2, 4), ("a", "b"), axis_types=(jax.sharding.AxisType.Explicit, jax.sharding.AxisType.Explicit))
    ns = lambda *s: NamedSharding(m, P(*s))  # noqa: E731
    def f(x, w):
        return jnp.tanh(x @ w)
    return Case(jax.jit(f), [rand((8, 16), 1), rand((16, 8), 2)], [ns("a", None), ns(None, "b")])

@case
def psum_two_axes_and_pmax():
    m = mesh((4, 2), ("x", "y"))
    g = jax.shard_map(lambda a: (jax.lax.psum(a, ("x", "y")), jax.lax.pmax(a, "x")), mesh=m,
                      in_specs=P("x", "y"), out_specs=(P(), P(None, "y")))
    return Case(jax.jit(g), [rand((8, 4), 3)], [NamedSharding(m, P("x", "y"))])

@case
def axis_index_shard_map():
    m = mesh((8,), ("d",))
    g = jax.shard_map(lambda a: a * jax.lax.axis_index("d").astype(jnp.float32), mesh=m, in_specs=P("d"),
                      out_specs=P("d"))
    return Case(jax.jit(g), [rand((16, 3), 4)], [NamedSharding(m, P("d"))])

@case
def grad_of_sharded_loss():
    m = mesh((8,), ("data",))
    ns = lambda *s: NamedSharding(m, P(*s))  # noqa: E731
    def loss(w, x, y):
        return jnp.mean((jnp.tanh(x @ w) - y) ** 2)
    f = jax.jit(jax.grad(loss))
    return Case(f, [rand((4, 2), 5), rand((16, 4), 6), rand((16, 2), 7)], [ns(), ns("data"), ns("data")])

@case
def partial_manual_shard_map():
    m = mesh((4, 2), ("x", "y"))
    g = jax.shard_map(lambda a: jax.lax.psum(a, "x"), mesh=m, in_specs=P("x"), out_specs=P(),
                      axis_names={"x"})   # y stays automatic
    def f(a):
        return g(a) * 2
    return Case(jax.jit(f), [rand((8, 4), 8)], [NamedSharding(m, P("x"))])

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


# Programs written the way JAX users write them (issue 12, held-out style): pjit with
# in/out shardings on 2D meshes, nested shard_map, axis_index, collectives over two
# axes, ppermute rings, all_to_all with split/concat axes, loops inside shard_map,
# attention with partial replication, explicit meshes, submeshes and permuted devices.

def named(m):
    return lambda *s: NamedSharding(m, P(*s))


@case
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

@case
def nested_shard_map():
    m = mesh((4, 2), ("x", "y"))
    def inner(a):
        return jax.lax.psum(a, "y")
    def outer(a):
        b = jax.shard_map(inner, in_specs=P(None, "y"), out_specs=P(), axis_names={"y"})(a)
        return jax.lax.psum(b, "x")
    g = jax.shard_map(outer, mesh=m, in_specs=P("x", None), out_specs=P(), axis_names={"x"})
    return Case(jax.jit(g), [rand((8, 4), 4)], [NamedSharding(m, P("x", "y"))])

@case
def shard_map_axis_index_2d():
    m = mesh((4, 2), ("x", "y"))
    def body(a):
        i = jax.lax.axis_index("x"); j = jax.lax.axis_index("y")
        return a + (i * 10 + j).astype(jnp.float32)
    g = jax.shard_map(body, mesh=m, in_specs=P("x", "y"), out_specs=P("x", "y"))
    return Case(jax.jit(g), [rand((8, 4), 5)], [NamedSharding(m, P("x", "y"))])

@case
def shard_map_axis_index_combined():
    m = mesh((4, 2), ("x", "y"))
    def body(a):
        return a * jax.lax.axis_index(("x", "y")).astype(jnp.float32)
    g = jax.shard_map(body, mesh=m, in_specs=P(("x", "y")), out_specs=P(("x", "y")))
    return Case(jax.jit(g), [rand((16, 2), 6)], [NamedSharding(m, P(("x", "y")))])

@case
def psum_two_axes_mean():
    m = mesh((2, 4), ("a", "b"))
    g = jax.shard_map(lambda x: jax.lax.pmean(x * x, ("a", "b")), mesh=m, in_specs=P("a", "b"), out_specs=P())
    return Case(jax.jit(g), [rand((4, 8), 7)], [NamedSharding(m, P("a", "b"))])

@case
def ppermute_ring_8():
    m = mesh((8,), ("i",))
    perm = [(k, (k + 1) % 8) for k in range(8)]
    def body(x):
        acc = x
        y = x
        for _ in range(3):
            y = jax.lax.ppermute(y, "i", perm)
            acc = acc + y
        return acc
    g = jax.shard_map(body, mesh=m, in_specs=P("i"), out_specs=P("i"))
    return Case(jax.jit(g), [rand((16, 3), 8)], [NamedSharding(m, P("i"))])

@case
def ppermute_ring_on_y_of_2d():
    m = mesh((2, 4), ("x", "y"))
    perm = [(k, (k - 1) % 4) for k in range(4)]
    g = jax.shard_map(lambda a: jax.lax.ppermute(a, "y", perm) * 2, mesh=m, in_specs=P("x", "y"), out_specs=P("x", "y"))
    return Case(jax.jit(g), [rand((4, 8), 9)], [NamedSharding(m, P("x", "y"))])

@case
def all_to_all_split1_concat0():
    m = mesh((4, 2), ("x", "y"))
    g = jax.shard_map(lambda a: jax.lax.all_to_all(a, "x", 1, 0, tiled=True), mesh=m,
                      in_specs=P("x", None), out_specs=P(None, "x"))
    return Case(jax.jit(g), [rand((8, 16), 10)], [NamedSharding(m, P("x", None))])

@case
def all_to_all_untiled():
    m = mesh((4, 2), ("x", "y"))
    g = jax.shard_map(lambda a: jax.lax.all_to_all(a.reshape(4, 2, 3), "x", 0, 0), mesh=m,
                      in_specs=P("x"), out_specs=P("x"))
    return Case(jax.jit(g), [rand((32, 3), 11)], [NamedSharding(m, P("x"))])

@case
def scan_in_shard_map():
    m = mesh((8,), ("d",))
    def body(x):
        def step(c, xi):
            c = c + jax.lax.psum(xi, "d")
            return c, c * 2
        return jax.lax.scan(step, jnp.zeros(x.shape[1:]), x)
    g = jax.shard_map(body, mesh=m, in_specs=P(None, "d"), out_specs=(P("d"), P(None, "d")))
    return Case(jax.jit(g), [rand((5, 16), 12)], [NamedSharding(m, P(None, "d"))])

@case
def while_in_shard_map():
    m = mesh((4, 2), ("x", "y"))
    def body(x):
        def cond(s):
            return s[0] < 4
        def step(s):
            i, v = s
            return i + 1, jax.lax.psum(v, "y") * 0.5 + jax.lax.pmax(v, "x")
        return jax.lax.while_loop(cond, step, (0, x))[1]
    g = jax.shard_map(body, mesh=m, in_specs=P("x", "y"), out_specs=P("x", "y"), check_vma=False)
    return Case(jax.jit(g), [rand((8, 4), 13)], [NamedSharding(m, P("x", "y"))])

@case
def fori_ring_attention():
    m = mesh((4, 2), ("s", "h"))
    perm = [(k, (k + 1) % 4) for k in range(4)]
    def body(q, k, v):
        def step(i, carry):
            o, l, kk, vv = carry
            s = jnp.einsum("bqd,bkd->bqk", q, kk)
            p = jnp.exp(s)
            o = o + jnp.einsum("bqk,bkd->bqd", p, vv)
            l = l + p.sum(-1)
            kk = jax.lax.ppermute(kk, "s", perm)
            vv = jax.lax.ppermute(vv, "s", perm)
            return o, l, kk, vv
        o0 = jnp.zeros_like(q); l0 = jnp.zeros_like(q[..., 0])
        o, l, _, _ = jax.lax.fori_loop(0, 4, step, (o0, l0, k, v))
        return o / l[..., None]
    spec = P("h", "s", None)
    g = jax.shard_map(body, mesh=m, in_specs=(spec, spec, spec), out_specs=spec)
    args = [rand((2, 8, 4), 14) * 0.3, rand((2, 8, 4), 15) * 0.3, rand((2, 8, 4), 16)]
    return Case(jax.jit(g), args, [NamedSharding(m, spec)] * 3)

@case
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
def pmin_pmean_ints():
    m = mesh((4, 2), ("x", "y"))
    def body(a):
        ai = (a * 10).astype(jnp.int32)
        return jax.lax.pmin(ai, "x"), jax.lax.psum(ai, ("x", "y")), jax.lax.pmean(a, "y")
    g = jax.shard_map(body, mesh=m, in_specs=P("x", "y"), out_specs=(P(None, "y"), P(), P("x")))
    return Case(jax.jit(g), [rand((8, 4), 20)], [NamedSharding(m, P("x", "y"))])

@case
def all_gather_untiled_axis1():
    m = mesh((4, 2), ("x", "y"))
    g = jax.shard_map(lambda a: jax.lax.all_gather(a, "y", axis=1), mesh=m, in_specs=P("x", "y"),
                      out_specs=P("x"), check_vma=False)
    return Case(jax.jit(g), [rand((8, 4), 21)], [NamedSharding(m, P("x", "y"))])

@case
def all_gather_two_axes():
    m = mesh((4, 2), ("x", "y"))
    g = jax.shard_map(lambda a: jax.lax.all_gather(a, ("x", "y"), axis=0, tiled=True), mesh=m,
                      in_specs=P(("x", "y")), out_specs=P(), check_vma=False)
    return Case(jax.jit(g), [rand((16, 3), 22)], [NamedSharding(m, P(("x", "y")))])

@case
def psum_scatter_untiled_dim1():
    m = mesh((4, 2), ("x", "y"))
    g = jax.shard_map(lambda a: jax.lax.psum_scatter(a, "x", scatter_dimension=1, tiled=True), mesh=m,
                      in_specs=P("y"), out_specs=P("y", "x"))
    return Case(jax.jit(g), [rand((4, 8), 23)], [NamedSharding(m, P("y"))])

@case
def grad_through_shard_map():
    m = mesh((8,), ("d",))
    def loss(w, x):
        def body(w, x):
            return jax.lax.psum(jnp.sum(jnp.tanh(x @ w) ** 2), "d")
        return jax.shard_map(body, mesh=m, in_specs=(P(), P("d")), out_specs=P())(w, x)
    f = jax.jit(jax.grad(loss))
    return Case(f, [rand((4, 3), 24), rand((16, 4), 25)], [NamedSharding(m, P()), NamedSharding(m, P("d"))])

@case
def permuted_device_mesh():
    devs = np.array(jax.devices()[:8])[[3, 1, 0, 2, 7, 5, 6, 4]].reshape(2, 4)
    m = jax.sharding.Mesh(devs, ("x", "y"), axis_types=(AUTO,) * 2)
    ns = named(m)
    g = jax.shard_map(lambda a: jax.lax.psum(a, "y") + jax.lax.axis_index("x"), mesh=m,
                      in_specs=P("x", "y"), out_specs=P("x"))
    return Case(jax.jit(g), [rand((4, 8), 26)], [ns("x", "y")])

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

@case
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
def cond_in_shard_map():
    m = mesh((8,), ("d",))
    def body(a):
        i = jax.lax.axis_index("d")
        return jax.lax.cond(i % 2 == 0, lambda v: jax.lax.psum(v, "d"), lambda v: jax.lax.psum(-v, "d"), a)
    g = jax.shard_map(body, mesh=m, in_specs=P("d"), out_specs=P("d"), check_vma=False)
    return Case(jax.jit(g), [rand((16, 2), 32)], [NamedSharding(m, P("d"))])

@case
def multi_output_specs():
    m = mesh((4, 2), ("x", "y"))
    def body(a, b):
        return a + b, jax.lax.psum(a * b, "x"), jax.lax.all_gather(b, "y", tiled=True, axis=1)
    g = jax.shard_map(body, mesh=m, in_specs=(P("x", "y"), P("x", "y")), out_specs=(P("x", "y"), P(None, "y"), P("x", None)), check_vma=False)
    return Case(jax.jit(g), [rand((8, 4), 33), rand((8, 4), 34)], [NamedSharding(m, P("x", "y"))] * 2)

@case
def vmap_spmd_axis():
    m = mesh((8,), ("b",)); ns = named(m)
    def f(x, w):
        return jax.vmap(lambda r: jax.nn.softmax(r @ w), spmd_axis_name="b")(x)
    return Case(jax.jit(f), [rand((8, 3), 35), rand((3, 5), 36)], [ns("b"), ns()])

@case
def remat_sharded_mlp_grad():
    m = mesh((4, 2), ("data", "model")); ns = named(m)
    def loss(w1, w2, x):
        h = jax.checkpoint(lambda x: jax.nn.relu(x @ w1))(x)
        return jnp.mean((h @ w2) ** 2)
    f = jax.jit(jax.value_and_grad(loss, argnums=(0, 1)))
    return Case(f, [rand((4, 8), 37), rand((8, 2), 38), rand((8, 4), 39)], [ns(None, "model"), ns("model"), ns("data")])

@case
def random_in_shard_map():
    m = mesh((8,), ("d",))
    def body(x):
        k = jax.random.fold_in(jax.random.key(0), jax.lax.axis_index("d"))
        return x + jax.random.normal(k, x.shape)
    g = jax.shard_map(body, mesh=m, in_specs=P("d"), out_specs=P("d"))
    return Case(jax.jit(g), [rand((16, 2), 40)], [NamedSharding(m, P("d"))])

@case
def four_device_submesh():
    devs = np.array(jax.devices()[:4]).reshape(2, 2)
    m = jax.sharding.Mesh(devs, ("x", "y"), axis_types=(AUTO,) * 2); ns = named(m)
    g = jax.shard_map(lambda a: jax.lax.psum(a, "x"), mesh=m, in_specs=P("x", "y"), out_specs=P(None, "y"))
    return Case(jax.jit(g), [rand((4, 4), 41)], [ns("x", "y")])

@case
def three_axis_mesh():
    m = mesh((2, 2, 2), ("a", "b", "c")); ns = named(m)
    def body(x):
        return jax.lax.psum(x, ("a", "c")) * jax.lax.axis_index("b")
    g = jax.shard_map(body, mesh=m, in_specs=P("a", ("b", "c")), out_specs=P(None, "b"))
    return Case(jax.jit(g), [rand((4, 8), 42)], [ns("a", ("b", "c"))])


@case
def upper_half_devices():
    devs = np.array(jax.devices()[4:8]).reshape(4)
    m = jax.sharding.Mesh(devs, ("x",), axis_types=(AUTO,)); ns = named(m)
    g = jax.shard_map(lambda a: jax.lax.psum(a, "x") * 2, mesh=m, in_specs=P("x"), out_specs=P())
    return Case(jax.jit(g), [rand((8, 2), 1)], [ns("x")])

@case
def unreplicated_out_no_check():
    m = mesh((4, 2), ("x", "y"))
    g = jax.shard_map(lambda a: a * 3, mesh=m, in_specs=P("x", "y"), out_specs=P("x"), check_vma=False)
    return Case(jax.jit(g), [rand((8, 4), 2)], [NamedSharding(m, P("x", "y"))])

@case
def partial_manual_auto_sharded_input():
    m = mesh((4, 2), ("x", "y")); ns = named(m)
    g = jax.shard_map(lambda a, b: jax.lax.psum(a @ b, "x"), mesh=m, in_specs=(P(None, "x"), P("x", None)),
                      out_specs=P(), axis_names={"x"})
    def f(a, b):
        a = jax.lax.with_sharding_constraint(a, ns("y", "x"))
        return g(a, b) + 1
    return Case(jax.jit(f), [rand((4, 8), 3), rand((8, 6), 4)], [ns("y", "x"), ns("x")])

@case
def replicated_scalar_arg():
    m = mesh((8,), ("d",))
    g = jax.shard_map(lambda a, s: jax.lax.psum(a * s, "d"), mesh=m, in_specs=(P("d"), P()), out_specs=P())
    return Case(jax.jit(g), [rand((16,), 5), np.float32(1.5)], [NamedSharding(m, P("d")), NamedSharding(m, P())])

@case
def donate_and_static():
    m = mesh((8,), ("d",)); ns = named(m)
    def f(a, b):
        return a * 2 + b
    return Case(jax.jit(f, donate_argnums=0, out_shardings=ns("d")), [rand((16, 2), 6), rand((16, 2), 7)], [ns("d"), ns()])

@case
def bf16_psum():
    m = mesh((4, 2), ("x", "y"))
    g = jax.shard_map(lambda a: jax.lax.psum(a.astype(jnp.bfloat16), "x").astype(jnp.float32), mesh=m,
                      in_specs=P("x", "y"), out_specs=P(None, "y"))
    return Case(jax.jit(g), [np.round(rand((8, 4), 8) * 4) / 4], [NamedSharding(m, P("x", "y"))])

@case
def partial_ppermute():
    m = mesh((8,), ("d",))
    g = jax.shard_map(lambda a: jax.lax.ppermute(a, "d", [(0, 1), (2, 3), (5, 4)]), mesh=m, in_specs=P("d"), out_specs=P("d"))
    return Case(jax.jit(g), [rand((16,), 9)], [NamedSharding(m, P("d"))])

@case
def pshuffle_perm():
    m = mesh((4, 2), ("x", "y"))
    g = jax.shard_map(lambda a: jax.lax.pshuffle(a, "x", [2, 0, 3, 1]), mesh=m, in_specs=P("x", "y"), out_specs=P("x", "y"))
    return Case(jax.jit(g), [rand((8, 4), 10)], [NamedSharding(m, P("x", "y"))])

@case
def all_to_all_two_axes():
    m = mesh((4, 2), ("x", "y"))
    g = jax.shard_map(lambda a: jax.lax.all_to_all(a, ("x", "y"), 1, 0, tiled=True), mesh=m,
                      in_specs=P(("x", "y"), None), out_specs=P(None, ("x", "y")))
    return Case(jax.jit(g), [rand((16, 16), 11)], [NamedSharding(m, P(("x", "y")))])

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

@case
def axis_size_and_psum_size1():
    m = mesh((8, 1), ("x", "y"))
    g = jax.shard_map(lambda a: jax.lax.psum(a, "y") / jax.lax.axis_size("x"), mesh=m, in_specs=P("x", "y"),
                      out_specs=P("x", "y"))
    return Case(jax.jit(g), [rand((8, 4), 16)], [NamedSharding(m, P("x", "y"))])

@case
def all_gather_in_scan():
    m = mesh((8,), ("d",))
    def body(x):
        def step(c, xi):
            g = jax.lax.all_gather(xi, "d", tiled=True)
            return c + g.sum(), g[:1] * c
        return jax.lax.scan(step, jnp.float32(0), x)
    g = jax.shard_map(body, mesh=m, in_specs=P(None, "d"), out_specs=(P(), P()), check_vma=False)
    return Case(jax.jit(g), [rand((3, 16), 17)], [NamedSharding(m, P(None, "d"))])

@case
def sharded_layernorm_reduce_over_model():
    m = mesh((2, 4), ("data", "model")); ns = named(m)
    def f(x, g, b):
        mu = x.mean(-1, keepdims=True); var = x.var(-1, keepdims=True)
        return (x - mu) * jax.lax.rsqrt(var + 1e-6) * g + b
    return Case(jax.jit(f, out_shardings=ns("data", "model")), [rand((4, 16), 18), rand((16,), 19), rand((16,), 20)],
                [ns("data", "model"), ns("model"), ns("model")])

@case
def moe_all_to_all_dispatch():
    m = mesh((4, 2), ("e", "d"))
    def body(tokens, w):
        # tokens: [E_local*..., ] local [4, 3, 2] -> send group i to expert i
        t = jax.lax.all_to_all(tokens, "e", 0, 0, tiled=True)
        y = jnp.einsum("gtd,df->gtf", t, w[0])
        return jax.lax.all_to_all(y, "e", 0, 0, tiled=True)
    g = jax.shard_map(body, mesh=m, in_specs=(P("e"), P("e")), out_specs=P("e"))
    return Case(jax.jit(g), [rand((16, 3, 2), 21), rand((4, 2, 5), 22)], [NamedSharding(m, P("e"))] * 2)

@case
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

@case
def integer_sharded_cumsum_sort():
    m = mesh((8,), ("d",)); ns = named(m)
    def f(a):
        return jnp.sort(a, axis=0), jnp.cumsum(a, axis=0)
    a = np.random.RandomState(3).randint(-50, 50, (16, 4)).astype(np.int32)
    return Case(jax.jit(f), [a], [ns("d")])


# ---------------------------------------------------------------------- stages

# shard_map nested in a partly manual one with axis_index in both, random bits, host memory
# kinds, loops with constraints, scalars.

@case
def rng_sharded_out():
    m = mesh((4, 2), ("x", "y")); ns = named(m)
    def f(x):
        k = jax.random.key(1)
        return x + jax.random.normal(k, x.shape), jax.random.bits(jax.random.key(2), (8, 4))
    return Case(jax.jit(f, out_shardings=(ns("x", "y"), ns("y"))), [rand((8, 4), 1)], [ns("x")])


@case
def dynamic_slice_axis_index():
    m = mesh((8,), ("d",))
    def body(table, x):
        i = jax.lax.axis_index("d")
        row = jax.lax.dynamic_slice_in_dim(table, i * 2, 2, axis=0)
        return x * row
    g = jax.shard_map(body, mesh=m, in_specs=(P(), P("d")), out_specs=P("d"))
    return Case(jax.jit(g), [rand((16, 3), 2), rand((16, 3), 3)], [NamedSharding(m, P()), NamedSharding(m, P("d"))])


@case
def ppermute_tuple_axes():
    m = mesh((4, 2), ("x", "y"))
    perm = [(k, (k + 3) % 8) for k in range(8)]
    g = jax.shard_map(lambda a: jax.lax.ppermute(a, ("x", "y"), perm), mesh=m, in_specs=P(("x", "y")),
                      out_specs=P(("x", "y")))
    return Case(jax.jit(g), [rand((16, 2), 4)], [NamedSharding(m, P(("x", "y")))])


@case
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
def shard_map_nested_axis_index():
    m = mesh((4, 2), ("x", "y"))
    def inner(a):
        return a + jax.lax.axis_index("y").astype(jnp.float32) * 100
    def outer(a):
        b = jax.shard_map(inner, in_specs=P(None, "y"), out_specs=P(None, "y"), axis_names={"y"})(a)
        return b + jax.lax.axis_index("x").astype(jnp.float32)
    g = jax.shard_map(outer, mesh=m, in_specs=P("x", None), out_specs=P("x", None), axis_names={"x"})
    return Case(jax.jit(g), [rand((8, 4), 15)], [NamedSharding(m, P("x", "y"))])


@case
def while_with_sharded_carry_outside_shard_map():
    m = mesh((4, 2), ("x", "y")); ns = named(m)
    def f(x):
        def cond(c):
            return c[0] < 3
        def body(c):
            i, v = c
            v = jax.lax.with_sharding_constraint(jnp.tanh(v @ v.T), ns("x", "y"))
            return i + 1, v
        return jax.lax.while_loop(cond, body, (0, x))[1]
    return Case(jax.jit(f), [rand((8, 8), 16) * 0.3], [ns("x", "y")])


@case
def cumsum_over_sharded_axis_with_all_gather():
    m = mesh((8,), ("d",))
    def body(x):
        local = jnp.cumsum(x, axis=0)
        tot = local[-1:]
        gathered = jax.lax.all_gather(tot, "d", tiled=True)
        i = jax.lax.axis_index("d")
        prefix = jnp.sum(jnp.where(jnp.arange(8)[:, None] < i, gathered, 0.0), axis=0)
        return local + prefix
    g = jax.shard_map(body, mesh=m, in_specs=P("d"), out_specs=P("d"), check_vma=False)
    return Case(jax.jit(g), [rand((16, 3), 17)], [NamedSharding(m, P("d"))])


# A training step, two meshes in one program, vmap of shard_map, psum over index groups.

@case
def shard_map_explicit_mesh():
    E = jax.sharding.AxisType.Explicit
    m = jax.make_mesh((4, 2), ("x", "y"), axis_types=(E, E))
    g = jax.shard_map(lambda a: jax.lax.psum(a, "y"), mesh=m, in_specs=P("x", "y"), out_specs=P("x"))
    return Case(jax.jit(g), [rand((8, 4), 2)], [NamedSharding(m, P("x", "y"))])


@case
def all_gather_axis_index_groups():
    m = mesh((8,), ("d",))
    g = jax.shard_map(lambda a: jax.lax.psum(a, "d", axis_index_groups=[[0, 1, 2, 3], [4, 5, 6, 7]]), mesh=m,
                      in_specs=P("d"), out_specs=P("d"), check_vma=False)
    return Case(jax.jit(g), [rand((16,), 3)], [NamedSharding(m, P("d"))])


@case
def two_meshes_one_program():
    m1 = mesh((8,), ("d",)); m2 = mesh((4, 2), ("x", "y"))
    def f(a):
        b = jax.lax.with_sharding_constraint(a * 2, NamedSharding(m2, P("x", "y")))
        return jnp.sin(b)
    return Case(jax.jit(f, out_shardings=NamedSharding(m1, P("d"))), [rand((8, 8), 4)], [NamedSharding(m1, P("d"))])


@case
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


@case
def shard_map_out_specs_tuple_axes_replication():
    m = mesh((2, 2, 2), ("a", "b", "c"))
    def body(x):
        return jax.lax.psum(x, "b"), jax.lax.all_gather(x, "c", axis=1, tiled=True)
    g = jax.shard_map(body, mesh=m, in_specs=P(("a", "b"), "c"), out_specs=(P("a", "c"), P(("a", "b"), None)),
                      check_vma=False)
    return Case(jax.jit(g), [rand((8, 4), 12)], [NamedSharding(m, P(("a", "b"), "c"))])


@case
def vmap_over_shard_map():
    m = mesh((8,), ("d",))
    g = jax.shard_map(lambda a: jax.lax.psum(a, "d"), mesh=m, in_specs=P("d"), out_specs=P())
    f = jax.jit(jax.vmap(g, in_axes=1, out_axes=0))
    return Case(f, [rand((16, 3), 13)], [NamedSharding(m, P("d"))])


# shard_alike (Shardy's sdy.sharding_group, GSPMD's shard_as), kept through to XLA.

@case
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


# pmap (JAX lowers it as a shard_map over its axis).

@case
def pmap_psum_and_axis_index():
    m = mesh((8,), ("i",))
    f = jax.pmap(lambda a: jax.lax.psum(a, "i") * a + jax.lax.axis_index("i"), axis_name="i")
    return Case(f, [rand((8, 3), 1)], [NamedSharding(m, P("i"))])

@case
def pmap_ppermute_ring():
    m = mesh((8,), ("i",))
    f = jax.pmap(lambda a: jax.lax.ppermute(a, "i", [(k, (k + 1) % 8) for k in range(8)]) - a, axis_name="i")
    return Case(f, [rand((8, 2, 2), 2)], [NamedSharding(m, P("i"))])


# Training patterns: scan over layers with remat and constraints, FSDP-style weight gathers, a
# collective matmul over a ppermute ring.

@case
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

@case
def fsdp_style_all_gather_weights():
    m = mesh((8,), ("fsdp",))
    def body(w, x):
        wf = jax.lax.all_gather(w, "fsdp", axis=0, tiled=True)
        y = x @ wf
        return jax.lax.psum(jnp.sum(y ** 2), "fsdp"), y
    g = jax.shard_map(body, mesh=m, in_specs=(P("fsdp"), P("fsdp")), out_specs=(P(), P("fsdp")), check_vma=False)
    return Case(jax.jit(g), [rand((16, 4), 4), rand((16, 16), 5)], [NamedSharding(m, P("fsdp"))] * 2)

@case
def collective_matmul_ppermute_loop():
    m = mesh((4, 2), ("x", "y"))
    perm = [(k, (k + 1) % 4) for k in range(4)]
    def body(a, b):
        # a: [M/4, K] local, b: [K, N/4] local; result rows of a @ full b via ring of b shards
        idx = jax.lax.axis_index("x")
        def step(i, carry):
            acc, bb = carry
            col = (idx - i) % 4
            acc = jax.lax.dynamic_update_slice_in_dim(acc, a @ bb, col * bb.shape[1], axis=1)
            return acc, jax.lax.ppermute(bb, "x", perm)
        acc = jnp.zeros((a.shape[0], b.shape[1] * 4), a.dtype)
        acc, _ = jax.lax.fori_loop(0, 4, step, (acc, b))
        return acc
    g = jax.shard_map(body, mesh=m, in_specs=(P("x", None), P(None, "x")), out_specs=P("x", None), check_vma=False)
    return Case(jax.jit(g), [rand((8, 6), 6), rand((6, 8), 7)], [NamedSharding(m, P("x", None)), NamedSharding(m, P(None, "x"))])


# Explicit sharding as JAX users write it (AxisType.Explicit, bare PartitionSpecs under
# jax.set_mesh, reshard / auto_axes / explicit_axes, out_sharding=), and Shardy's unreduced
# axes (P(unreduced=...), release 1.7.0): partial values per device that sum to the value.
E = jax.sharding.AxisType.Explicit


def explicit_mesh(shape, names):
    return jax.make_mesh(shape, names, axis_types=(E,) * len(shape))


def _contraction_over_x(seed):
    """A 2 x 4 explicit mesh and a dot whose contraction is split over "x"."""
    m = explicit_mesh((2, 4), ("x", "y"))
    return m, [rand((8, 16), seed), rand((16, 4), seed + 1)], [NamedSharding(m, P(None, "x")), NamedSharding(m, P("x", None))]

@case
def unreduced_dot_then_reshard():
    m, args, shardings = _contraction_over_x(40)
    def f(a, b):
        c = jnp.dot(a, b, out_sharding=P("y", None, unreduced={"x"}))
        return jax.sharding.reshard(c, P())
    return Case(jax.jit(f), args, shardings, mesh=m)

@case
def shard_map_out_unreduced():
    m, args, shardings = _contraction_over_x(42)
    def f(a, b):
        c = jax.shard_map(lambda p, q: p @ q, mesh=m, in_specs=(P(None, "x"), P("x", None)),
                          out_specs=P(None, None, unreduced={"x"}))(a, b)
        return jax.sharding.reshard(c, P())
    return Case(jax.jit(f), args, shardings, mesh=m)

@case
def unreduced_result_of_jit():
    m, args, shardings = _contraction_over_x(44)
    def f(a, b):
        return jnp.dot(a, b, out_sharding=P(None, None, unreduced={"x"}))
    return Case(jax.jit(f), args, shardings, mesh=m)

@case_long
def unreduced_sum_of_two_partials():
    m, args, shardings = _contraction_over_x(46)
    _, args2, _ = _contraction_over_x(48)
    def f(a, b, c, d):
        u = jnp.dot(a, b, out_sharding=P(None, None, unreduced={"x"}))
        v = jnp.dot(c, d, out_sharding=P(None, None, unreduced={"x"}))
        return jax.sharding.reshard(u + v, P(None, "y"))
    return Case(jax.jit(f), args + args2, shardings * 2, mesh=m)

@case_long
def reduced_weight_grad_unreduced():
    m = explicit_mesh((8,), ("x",))
    def f(w, x):
        def loss(w):
            wr = jax.sharding.reshard(w, P(None, None, reduced={"x"}))
            y = jnp.dot(x, wr, out_sharding=P("x", None))
            return jnp.sum(y * y)
        return jax.grad(loss)(w)
    return Case(jax.jit(f), [rand((16, 4), 50), rand((8, 16), 51)], [NamedSharding(m, P(None, None)), NamedSharding(m, P("x", None))], mesh=m)

@case_long
def shard_map_in_out_unreduced():
    m, args, shardings = _contraction_over_x(52)
    def f(a, b):
        u = jnp.dot(a, b, out_sharding=P(None, None, unreduced={"x"}))
        v = jax.shard_map(lambda t: t + t, mesh=m, in_specs=P(None, None, unreduced={"x"}),
                          out_specs=P(None, None, unreduced={"x"}))(u)
        return jax.sharding.reshard(v, P())
    return Case(jax.jit(f), args, shardings, mesh=m)

@case_long
def unreduced_two_axes():
    m = explicit_mesh((2, 2, 2), ("x", "y", "z"))
    def f(a, b):
        u = jnp.dot(a, b, out_sharding=P("z", None, unreduced={"x", "y"}))
        return jax.sharding.reshard(u, P(None, "z"))
    return Case(jax.jit(f), [rand((8, 16), 54), rand((16, 4), 55)],
                [NamedSharding(m, P(None, ("x", "y"))), NamedSharding(m, P(("x", "y"), None))], mesh=m)

@case_long
def explicit_mlp_set_mesh():
    m = explicit_mesh((2, 4), ("x", "y"))
    def f(x, w1, w2):
        h = jax.nn.relu(x @ w1)                    # P("x", "y")
        return jnp.einsum("bh,ho->bo", h, w2, out_sharding=P("x", None))
    return Case(jax.jit(f), [rand((8, 16), 56), rand((16, 8), 57), rand((8, 4), 58)],
                [NamedSharding(m, P("x", None)), NamedSharding(m, P(None, "y")), NamedSharding(m, P("y", None))], mesh=m)

@case_long
def explicit_grad_batch_sharded():
    m = explicit_mesh((2, 4), ("x", "y"))
    def f(w, x):
        return jax.grad(lambda w: jnp.sum(jnp.tanh(x @ w)))(w)
    return Case(jax.jit(f), [rand((16, 4), 59), rand((8, 16), 60)], [NamedSharding(m, P(None, None)), NamedSharding(m, P("x", None))], mesh=m)

@case_long
def explicit_axes_in_auto_mesh():
    m = mesh((2, 4), ("x", "y"))
    def f(a):
        g = jax.sharding.explicit_axes(lambda v: v * 2 + 1, in_sharding=P("x", None))
        return jnp.sin(g(a))
    return Case(jax.jit(f), [rand((8, 4), 61)], [NamedSharding(m, P("x", None))], mesh=m)

@case_long
def explicit_partial_shard_map():
    m = explicit_mesh((2, 4), ("x", "y"))
    def f(a):
        g = jax.shard_map(lambda v: jax.lax.psum(v, "x"), mesh=m, in_specs=P("x", None), out_specs=P(None, None),
                          axis_names={"x"})
        return g(a) * 3
    return Case(jax.jit(f), [rand((8, 16), 62)], [NamedSharding(m, P("x", "y"))], mesh=m)

@case_long
def explicit_reshape_and_transpose():
    m = explicit_mesh((2, 4), ("x", "y"))
    def f(a):
        b = jnp.reshape(a, (2, 4, 16), out_sharding=P("x", None, "y"))
        c = jnp.transpose(b, (2, 0, 1))
        return jax.sharding.reshard(c, P(None, "x", None)) + 1
    return Case(jax.jit(f), [rand((8, 16), 63)], [NamedSharding(m, P("x", "y"))], mesh=m)

@case_long
def explicit_auto_axes_matmul():
    m = explicit_mesh((2, 4), ("x", "y"))
    def f(a, b):
        c = jax.sharding.auto_axes(lambda p, q: p @ q, out_sharding=P(None, "y"), axes=("x", "y"))(a, b)
        return c * 2
    return Case(jax.jit(f), [rand((8, 16), 64), rand((16, 8), 65)], [NamedSharding(m, P(None, "x")), NamedSharding(m, P("x", "y"))], mesh=m)

@case_long
def explicit_scan_with_out_sharding():
    m = explicit_mesh((2, 4), ("x", "y"))
    def f(a, w):
        def step(c, _):
            return jnp.tanh(jnp.einsum("bi,ij->bj", c, w, out_sharding=P("x", None))), None
        return jax.lax.scan(step, a, None, length=3)[0]
    return Case(jax.jit(f), [rand((8, 16), 66), rand((16, 16), 67) * 0.2], [NamedSharding(m, P("x", None)), NamedSharding(m, P(None, None))], mesh=m)

@case_long
def explicit_attention_heads_sharded():
    m = explicit_mesh((2, 4), ("x", "y"))
    def f(x, wq, wk, wv, wo):
        q, k, v = (jnp.einsum("bsd,dhk->bshk", x, w, out_sharding=P("x", None, "y", None)) for w in (wq, wk, wv))
        p = jax.nn.softmax(jnp.einsum("bqhk,bshk->bhqs", q, k) / 2.0, axis=-1)
        o = jnp.einsum("bhqs,bshk->bqhk", p, v)
        return jnp.einsum("bqhk,hkd->bqd", o, wo, out_sharding=P("x", None, None))
    heads = NamedSharding(m, P(None, "y", None))
    return Case(jax.jit(f), [rand((4, 6, 8), 70), rand((8, 4, 2), 71), rand((8, 4, 2), 72), rand((8, 4, 2), 73),
                             rand((4, 2, 8), 74)],
                [NamedSharding(m, P("x", None, None)), heads, heads, heads, NamedSharding(m, P("y", None, None))], mesh=m)

@case_long
def explicit_embedding_lookup():
    m = explicit_mesh((2, 4), ("x", "y"))
    def f(emb, ids):
        return emb.at[ids].get(out_sharding=P("x", None, None)) * 2
    return Case(jax.jit(f), [rand((16, 8), 75), np.random.RandomState(76).randint(0, 16, (4, 5)).astype(np.int32)],
                [NamedSharding(m, P(None, None)), NamedSharding(m, P("x", None))], mesh=m)

@case_long
def explicit_cond_and_while():
    m = explicit_mesh((2, 4), ("x", "y"))
    def f(a):
        b = jax.lax.cond(jnp.sum(a) > 0, lambda v: v * 2, lambda v: -v, a)
        return jax.lax.while_loop(lambda c: c[0] < 3, lambda c: (c[0] + 1, jnp.sin(c[1])), (0, b))[1]
    return Case(jax.jit(f), [rand((8, 16), 77)], [NamedSharding(m, P("x", "y"))], mesh=m)

@case_long
def explicit_random_out_sharding():
    m = explicit_mesh((2, 4), ("x", "y"))
    def f(key_data, a):
        noise = jax.random.uniform(jax.random.wrap_key_data(key_data), (8, 16), out_sharding=P("x", "y"))
        return a + noise
    return Case(jax.jit(f), [np.array([0, 42], np.uint32), rand((8, 16), 78)],
                [NamedSharding(m, P()), NamedSharding(m, P("x", "y"))], mesh=m)

@case_long
def explicit_remat_value_and_grad():
    m = explicit_mesh((2, 4), ("x", "y"))
    def f(w, x):
        layer = jax.checkpoint(lambda w, h: jnp.tanh(jnp.dot(h, w, out_sharding=P("x", None))))
        return jax.value_and_grad(lambda w: jnp.sum(layer(w, layer(w, x)) ** 2))(w)
    return Case(jax.jit(f), [rand((16, 16), 79) * 0.3, rand((8, 16), 80)],
                [NamedSharding(m, P(None, None)), NamedSharding(m, P("x", None))], mesh=m)

@case_long
def unreduced_accumulated_in_scan():
    m = explicit_mesh((2, 4), ("x", "y"))
    def f(a, b):
        def step(acc, ab):
            return acc + jnp.dot(ab[0], ab[1], out_sharding=P(None, None, unreduced={"x"})), None
        init = jnp.dot(a[0], b[0], out_sharding=P(None, None, unreduced={"x"}))
        acc, _ = jax.lax.scan(step, init, (a[1:], b[1:]))
        return jax.sharding.reshard(acc, P())
    return Case(jax.jit(f), [rand((3, 8, 16), 81), rand((3, 16, 4), 82)],
                [NamedSharding(m, P(None, None, "x")), NamedSharding(m, P(None, "x", None))], mesh=m)

@case_long
def shard_map_sum_to_unreduced():
    m = explicit_mesh((2, 4), ("x", "y"))
    def f(a):
        s = jax.shard_map(lambda v: jnp.sum(v, axis=0, keepdims=True), mesh=m, in_specs=P("x", None),
                          out_specs=P(None, None, unreduced={"x"}))(a)
        return jax.sharding.reshard(s, P(None, "y"))
    return Case(jax.jit(f), [rand((8, 16), 83)], [NamedSharding(m, P("x", None))], mesh=m)

@case_long
def explicit_vmap_spmd_axis_name():
    m = explicit_mesh((2, 4), ("x", "y"))
    def f(a, w):
        return jax.vmap(lambda r: jnp.tanh(r @ w), spmd_axis_name="x")(a)
    return Case(jax.jit(f), [rand((8, 16), 84), rand((16, 4), 85)],
                [NamedSharding(m, P("x", None)), NamedSharding(m, P(None, None))], mesh=m)

@case_long
def unreduced_integer_dot():
    m, _, shardings = _contraction_over_x(86)
    def f(a, b):
        return jax.sharding.reshard(jnp.dot(a, b, out_sharding=P(None, None, unreduced={"x"})), P())
    r = np.random.RandomState(86)
    return Case(jax.jit(f), [r.randint(-5, 5, (8, 16)).astype(np.int32), r.randint(-5, 5, (16, 4)).astype(np.int32)],
                shardings, mesh=m)

@case_long
def explicit_train_step():
    m = explicit_mesh((2, 4), ("x", "y"))
    def f(w1, w2, x, y):
        def loss(ws):
            h = jax.nn.gelu(jnp.dot(x, ws[0], out_sharding=P("x", "y")))
            return jnp.mean((jnp.dot(h, ws[1], out_sharding=P("x", None)) - y) ** 2)
        value, (g1, g2) = jax.value_and_grad(loss)((w1, w2))
        return value, w1 - 0.1 * g1, w2 - 0.1 * g2
    return Case(jax.jit(f), [rand((16, 8), 87) * 0.3, rand((8, 4), 88) * 0.3, rand((8, 16), 89), rand((8, 4), 90)],
                [NamedSharding(m, P(None, "y")), NamedSharding(m, P("y", None)), NamedSharding(m, P("x", None)),
                 NamedSharding(m, P("x", None))], mesh=m)

@case_long
def explicit_dot_product_attention():
    m = explicit_mesh((2, 4), ("x", "y"))
    s = NamedSharding(m, P("x", None, "y", None))
    return Case(jax.jit(jax.nn.dot_product_attention), [rand((2, 6, 4, 8), 91), rand((2, 6, 4, 8), 92), rand((2, 6, 4, 8), 93)],
                [s, s, s], mesh=m)

@case_long
def explicit_reshard_pytree():
    m = explicit_mesh((2, 4), ("x", "y"))
    def f(a, b):
        t = jax.sharding.reshard({"a": a, "b": b}, {"a": P(None, "y"), "b": P("x", None)})
        return t["a"] * 2, t["b"] + 1
    return Case(jax.jit(f), [rand((8, 16), 94), rand((8, 16), 95)],
                [NamedSharding(m, P("x", "y")), NamedSharding(m, P(None, "y"))], mesh=m)

@case_long
def unreduced_bf16_dot():
    """XLA adds the bf16 partial products in bf16; the interpreter rounds the one dot once:
    they differ by rounding (2 bf16 ulps measured), hence the tolerance."""
    m, args, shardings = _contraction_over_x(96)
    def f(a, b):
        u = jnp.dot(a, b, out_sharding=P(None, None, unreduced={"x"}))
        return jax.sharding.reshard(u, P()).astype(jnp.float32)
    return Case(jax.jit(f), [x.astype(jnp.bfloat16) for x in args], shardings, mesh=m, tol=2e-2)



# Programs written as an outside JAX user writes them (tests/sharding_heldout_*.py), long cases.
import sharding_heldout_shard_map  # noqa: E402,F401 - registers its programs
import sharding_heldout_auto  # noqa: E402,F401 - registers its programs
from sharding_heldout_cases import HELDOUT  # noqa: E402

for _name, _make in HELDOUT.items():
    CASES[_name] = (lambda make: lambda: Case(**make()))(_make)
    LONG_CASES.add(_name)

# Programs also lowered by JAX without Shardy (GSPMD strings; shard_map as SPMDFullToShardShape /
# SPMDShardToFullShape regions), then run through the same stages (XLA with Shardy, results
# compared with JAX's own Shardy run).
GSPMD_CASES = ["data_parallel_mlp", "with_sharding_constraint", "shard_map_psum", "shard_map_all_to_all",
               "shard_map_in_jit_with_auto_ops", "partial_manual_shard_map", "reshard_in_middle",
               "nested_shard_map", "shard_map_axis_index_combined", "scan_in_shard_map", "fori_ring_attention",
               "grad_through_shard_map", "permuted_device_mesh", "multi_output_specs", "four_device_submesh",
               "three_axis_mesh", "partial_manual_auto_sharded_input", "replicated_scalar_arg",
               "unconstrained_dims", "moe_all_to_all_dispatch", "shard_map_nested_axis_index",
               "two_meshes_one_program", "vmap_over_shard_map", "shard_alike_values", "shard_alike_args"]


def _lowered_with_gspmd(fn):
    """`shlo.from_jax` with JAX's GSPMD lowering (jax_use_shardy_partitioner off while lowering)."""
    def lower(*args, **kwargs):
        jax.config.update("jax_use_shardy_partitioner", False)
        try:
            return fn(*args, **kwargs)
        finally:
            jax.config.update("jax_use_shardy_partitioner", True)
    return lower


def run_case(name: str, gspmd: bool = False) -> dict:
    result = _run_case(name, gspmd)
    result["name"] = f"gspmd:{name}" if gspmd else name
    return result


@functools.lru_cache(maxsize=None)
def _built(name: str) -> Case:
    """One Case per program: its GSPMD run reuses the jitted function, so JAX's own run and
    compilation (the reference) come from its cache instead of being compiled again."""
    return CASES[name]()


def _run_case(name: str, gspmd: bool) -> dict:
    c = _built(name)
    if c.mesh is not None:
        with jax.set_mesh(c.mesh):
            return _run_stages(name, c, gspmd)
    return _run_stages(name, c, gspmd)


def _run_stages(name: str, c: Case, gspmd: bool) -> dict:
    def devices_in():   # fresh copies: a function may donate its inputs
        return [jax.device_put(a, s) for a, s in zip(c.args, c.in_shardings)]
    specs = [jax.ShapeDtypeStruct(a.shape, a.dtype, sharding=s) for a, s in zip(c.args, c.in_shardings)]
    ref = jax.tree.leaves(c.fn(*devices_in()))
    passed, stage = [], "import"
    try:
        prog = (_lowered_with_gspmd(shlo.from_jax) if gspmd else shlo.from_jax)(c.fn, *specs, verify=False)
        passed.append(stage)
        stage = "verify"
        prog.verify()
        passed.append(stage)
        stage = "serialize"
        back = shlo.deserialize(shlo.serialize(prog))
        assert str(back) == str(prog), "the deserialized program differs"
        passed.append(stage)
        stage = "interpret"
        outs = shlo.interpret(back, *c.args)
        _same_values(outs, ref, c.tol)
        passed.append(stage)
        stage = "export"
        text = shlo.to_stablehlo(prog)
        passed.append(stage)
        stage = "xla_run"
        n = prog.exported.nr_devices
        exe = sharding_shardy_texts.compile_for_devices(text, n)
        via = "direct" if _runs_directly(ref, c.in_shardings, n) else "jax.export"
        if via == "direct":
            got = sharding_shardy_texts.run_compiled(exe, c.args, [r.shape for r in ref])
        else:   # unreduced results, host memory, other devices: JAX places them
            got = jax.tree.leaves(jax.jit(_exported(prog, text).call)(*devices_in()))
        _same_values(got, ref, c.tol)
        for i, (a, b) in enumerate(zip(got, ref)):
            assert a.sharding.is_equivalent_to(b.sharding, a.ndim), f"result {i}: {a.sharding} vs {b.sharding}"
        passed.append(stage)
        stage = "xla_shardings"
        ours = sharding_shardy_texts.placements(exe.get_output_shardings())
        compiled = c.fn.lower(*specs).compile()._executable.xla_executable
        theirs = sharding_shardy_texts.placements(compiled.get_output_shardings())
        assert ours == theirs, f"XLA output shardings {ours} vs JAX's {theirs}"
        passed.append(stage)
    except Exception as e:  # noqa: BLE001 - reported per stage
        return {"name": name, "passed": passed, "failed": stage,
                "error": f"{type(e).__name__}: {e}"[:2000], "trace": traceback.format_exc()[-3000:]}
    return {"name": name, "passed": passed, "failed": None, "xla_run": via}


def _same_values(outs, ref, tol=1e-4):
    assert len(outs) == len(ref), f"{len(outs)} results, JAX gives {len(ref)}"
    for i, (a, b) in enumerate(zip(outs, ref)):
        b = np.asarray(_summed(b))
        a = np.asarray(_summed(a))
        assert a.shape == b.shape, f"result {i}: shape {a.shape} vs {b.shape}"
        assert np.allclose(a, b, rtol=tol, atol=tol), f"result {i}: max diff {np.max(np.abs(a - b))}"


def _summed(x):
    """The value of a JAX array held unreduced (partial values per device, P(unreduced=...)),
    which JAX cannot read back directly: resharded to its spec without the unreduced axes."""
    spec = getattr(getattr(x, "sharding", None), "spec", None)
    if not getattr(spec, "unreduced", None):
        return x
    whole = NamedSharding(x.sharding.mesh, P(*spec.partitions))
    return jax.jit(lambda v: jax.sharding.reshard(v, whole))(x)


def _runs_directly(ref, in_shardings, n) -> bool:
    """Whether the export, compiled for devices 0..n-1 in order, can be run on them directly:
    JAX's results and inputs are placed on them in that order (not a permuted mesh), in device
    memory, none of them unreduced."""
    def plain(s):
        spec = getattr(s, "spec", None)
        return (s.memory_kind in (None, "device") and not getattr(spec, "unreduced", None)
                and [d.id for d in s._device_assignment] == list(range(n)))
    return all(plain(r.sharding) for r in ref) and all(plain(s) for s in in_shardings)


def _exported(prog, text):
    """JAX's Exported of the program with the export as its module (jax.export places inputs
    and results as JAX does)."""
    from jax._src import xla_bridge as xb
    from jax._src.lib import _jax
    artifact = _jax.mlir.serialize_portable_artifact(text, "1.0.0", xb.get_backend().serialize_with_sdy)
    return dataclasses.replace(prog.exported, mlir_module_serialized=artifact)


# GSPMD: StableHLO written with `mhlo.sharding` strings (what JAX wrote before Shardy).
GSPMD_TEXT = """module @m attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%a: tensor<8x4xf32> {mhlo.sharding = "{devices=[4,2]<=[8]}"}, %b: tensor<8x4xf32> {mhlo.sharding = "{devices=[2,1,4]<=[4,2]T(1,0) last_tile_dim_replicate}"}) -> (tensor<8x4xf32> {mhlo.sharding = "{devices=[2,4]<=[8]}"}) {
    %0 = stablehlo.add %a, %b : tensor<8x4xf32>
    %1 = stablehlo.custom_call @Sharding(%0) {mhlo.sharding = "{devices=[1,2,4]<=[8] last_tile_dim_replicate}"} : (tensor<8x4xf32>) -> tensor<8x4xf32>
    %2 = stablehlo.multiply %1, %1 : tensor<8x4xf32>
    return %2 : tensor<8x4xf32>
  }
}"""


def _hlo_shardings(text: str, shardy: bool) -> list:
    from jax._src import xla_bridge as xb
    from jax._src.lib import xla_client as xc
    opts = jax.extend.backend.get_compile_options(num_replicas=1, num_partitions=8,
                                                  device_assignment=np.arange(8).reshape(1, 8))
    opts.executable_build_options.use_spmd_partitioning = True
    opts.executable_build_options.use_shardy_partitioner = shardy
    exe = xb.get_backend().compile_and_load(text, xc.DeviceList(tuple(jax.devices()[:8])), opts)
    return [Placement(xc.HloSharding.from_proto(s)) for s in exe.get_parameter_shardings() + exe.get_output_shardings()]


# Shardy text with what JAX does not write: sub-axes, inline meshes (XLA reads both).
SHARDY_TEXT = """module @m attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=4, "y"=2]>
  func.func public @main(%a: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}, {"y"}]>}, %b: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<mesh<["a"=2, "b"=4], device_ids=[7, 6, 5, 4, 3, 2, 1, 0]>, [{"b"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x":(2)2}, {}]>}, tensor<8x4xf32>) {
    %0 = stablehlo.add %a, %b {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x":(2)2, "y"}, {?}]>]>} : tensor<8x4xf32>
    %1 = sdy.sharding_constraint %0 <@mesh, [{"x"}, {}]> : tensor<8x4xf32>
    %2 = stablehlo.multiply %1, %1 : tensor<8x4xf32>
    %3 = sdy.sharding_constraint %2 <@mesh, [{}, {"x":(1)2}]> : tensor<8x4xf32>
    return %2, %3 : tensor<8x4xf32>, tensor<8x4xf32>
  }
}"""


def run_text(name: str, original: str, shardy: bool) -> dict:
    """StableHLO text imported, verified, interpreted ((a + b)^2 for every result), exported
    as Shardy: XLA partitions the export as it partitions the original (same argument and
    result shardings; `shardy`: whether the original is read by Shardy or GSPMD)."""
    passed, stage = [], "import"
    try:
        prog = shlo.from_stablehlo(original, verify=False)
        passed.append(stage)
        stage = "verify"
        prog.verify()
        passed.append(stage)
        stage = "serialize"
        back = shlo.deserialize(shlo.serialize(prog))
        assert str(back) == str(prog)
        passed.append(stage)
        stage = "interpret"
        a, b = rand((8, 4), 30), rand((8, 4), 31)
        for out in shlo.interpret(back, a, b):
            assert np.allclose(out, (a + b) ** 2, rtol=1e-6)
        passed.append(stage)
        stage = "export"
        text = shlo.to_stablehlo(prog)
        passed.append(stage)
        stage = "xla_shardings"
        ours, theirs = _hlo_shardings(text, True), _hlo_shardings(original, shardy)
        assert ours == theirs, f"{[str(x) for x in ours]} vs {[str(x) for x in theirs]}"
        passed.append(stage)
    except Exception as e:  # noqa: BLE001
        return {"name": name, "passed": passed, "failed": stage,
                "error": f"{type(e).__name__}: {e}"[:2000], "trace": traceback.format_exc()[-3000:]}
    return {"name": name, "passed": passed, "failed": None}


def main(names) -> int:
    assert len(jax.devices()) >= 8, "needs 8 devices (XLA_FLAGS=--xla_force_host_platform_device_count=8)"
    for name in names or [n for n in CASES if LONG or n not in LONG_CASES]:
        print(json.dumps(run_case(name)), flush=True)
    for name in names or GSPMD_CASES:
        print(json.dumps(run_case(name, gspmd=True)), flush=True)
    if not names:
        print(json.dumps(run_text("gspmd_text", GSPMD_TEXT, False)), flush=True)
        print(json.dumps(run_text("shardy_text", SHARDY_TEXT, True)), flush=True)
        more = sharding_shardy_texts.long_texts() if LONG else {}
        for name, t in {**sharding_shardy_texts.texts(), **more}.items():   # hand-written Shardy, run by XLA
            print(json.dumps(sharding_shardy_texts.run(name, t)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
