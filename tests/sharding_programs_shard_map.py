"""Sharded JAX programs with jax.shard_map (and pmap, which JAX lowers as one): psum / pmean /
pmax / pmin over one, two and three axes and index groups, all_gather, ppermute rings,
all_to_all, psum_scatter, axis_index, partly manual and nested shard_maps, loops and cond in
the body, ring attention, an MoE dispatch, gradients and vmap of shard_map, random numbers
per device, a collective matmul. Registered in tests/sharding_programs.py's CASES; run by
tests/sharding_cases.py."""
from __future__ import annotations

import numpy as np

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from sharding_programs import AUTO, Case, E, case, case_long, mesh, named, rand


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
def partial_manual_shard_map():
    m = mesh((4, 2), ("x", "y"))
    g = jax.shard_map(lambda a: jax.lax.psum(a, "x"), mesh=m, in_specs=P("x"), out_specs=P(),
                      axis_names={"x"})   # y stays automatic
    def f(a):
        return g(a) * 2
    return Case(jax.jit(f), [rand((8, 4), 8)], [NamedSharding(m, P("x"))])


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


@case_long
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


@case_long
def psum_two_axes_mean():
    m = mesh((2, 4), ("a", "b"))
    g = jax.shard_map(lambda x: jax.lax.pmean(x * x, ("a", "b")), mesh=m, in_specs=P("a", "b"), out_specs=P())
    return Case(jax.jit(g), [rand((4, 8), 7)], [NamedSharding(m, P("a", "b"))])


@case_long
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


@case_long
def all_to_all_split1_concat0():
    m = mesh((4, 2), ("x", "y"))
    g = jax.shard_map(lambda a: jax.lax.all_to_all(a, "x", 1, 0, tiled=True), mesh=m,
                      in_specs=P("x", None), out_specs=P(None, "x"))
    return Case(jax.jit(g), [rand((8, 16), 10)], [NamedSharding(m, P("x", None))])


@case_long
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


@case_long
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


@case_long
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
def cond_in_shard_map():
    m = mesh((8,), ("d",))
    def body(a):
        i = jax.lax.axis_index("d")
        return jax.lax.cond(i % 2 == 0, lambda v: jax.lax.psum(v, "d"), lambda v: jax.lax.psum(-v, "d"), a)
    g = jax.shard_map(body, mesh=m, in_specs=P("d"), out_specs=P("d"), check_vma=False)
    return Case(jax.jit(g), [rand((16, 2), 32)], [NamedSharding(m, P("d"))])


@case_long
def multi_output_specs():
    m = mesh((4, 2), ("x", "y"))
    def body(a, b):
        return a + b, jax.lax.psum(a * b, "x"), jax.lax.all_gather(b, "y", tiled=True, axis=1)
    g = jax.shard_map(body, mesh=m, in_specs=(P("x", "y"), P("x", "y")), out_specs=(P("x", "y"), P(None, "y"), P("x", None)), check_vma=False)
    return Case(jax.jit(g), [rand((8, 4), 33), rand((8, 4), 34)], [NamedSharding(m, P("x", "y"))] * 2)


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


@case_long
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
def bf16_psum():
    m = mesh((4, 2), ("x", "y"))
    g = jax.shard_map(lambda a: jax.lax.psum(a.astype(jnp.bfloat16), "x").astype(jnp.float32), mesh=m,
                      in_specs=P("x", "y"), out_specs=P(None, "y"))
    return Case(jax.jit(g), [np.round(rand((8, 4), 8) * 4) / 4], [NamedSharding(m, P("x", "y"))])


@case_long
def partial_ppermute():
    m = mesh((8,), ("d",))
    g = jax.shard_map(lambda a: jax.lax.ppermute(a, "d", [(0, 1), (2, 3), (5, 4)]), mesh=m, in_specs=P("d"), out_specs=P("d"))
    return Case(jax.jit(g), [rand((16,), 9)], [NamedSharding(m, P("d"))])


@case_long
def pshuffle_perm():
    m = mesh((4, 2), ("x", "y"))
    g = jax.shard_map(lambda a: jax.lax.pshuffle(a, "x", [2, 0, 3, 1]), mesh=m, in_specs=P("x", "y"), out_specs=P("x", "y"))
    return Case(jax.jit(g), [rand((8, 4), 10)], [NamedSharding(m, P("x", "y"))])


@case_long
def all_to_all_two_axes():
    m = mesh((4, 2), ("x", "y"))
    g = jax.shard_map(lambda a: jax.lax.all_to_all(a, ("x", "y"), 1, 0, tiled=True), mesh=m,
                      in_specs=P(("x", "y"), None), out_specs=P(None, ("x", "y")))
    return Case(jax.jit(g), [rand((16, 16), 11)], [NamedSharding(m, P(("x", "y")))])


@case
def axis_size_and_psum_size1():
    m = mesh((8, 1), ("x", "y"))
    g = jax.shard_map(lambda a: jax.lax.psum(a, "y") / jax.lax.axis_size("x"), mesh=m, in_specs=P("x", "y"),
                      out_specs=P("x", "y"))
    return Case(jax.jit(g), [rand((8, 4), 16)], [NamedSharding(m, P("x", "y"))])


@case_long
def all_gather_in_scan():
    m = mesh((8,), ("d",))
    def body(x):
        def step(c, xi):
            g = jax.lax.all_gather(xi, "d", tiled=True)
            return c + g.sum(), g[:1] * c
        return jax.lax.scan(step, jnp.float32(0), x)
    g = jax.shard_map(body, mesh=m, in_specs=P(None, "d"), out_specs=(P(), P()), check_vma=False)
    return Case(jax.jit(g), [rand((3, 16), 17)], [NamedSharding(m, P(None, "d"))])


@case_long
def moe_all_to_all_dispatch():
    m = mesh((4, 2), ("e", "d"))
    def body(tokens, w):
        # tokens: [E_local*..., ] local [4, 3, 2] -> send group i to expert i
        t = jax.lax.all_to_all(tokens, "e", 0, 0, tiled=True)
        y = jnp.einsum("gtd,df->gtf", t, w[0])
        return jax.lax.all_to_all(y, "e", 0, 0, tiled=True)
    g = jax.shard_map(body, mesh=m, in_specs=(P("e"), P("e")), out_specs=P("e"))
    return Case(jax.jit(g), [rand((16, 3, 2), 21), rand((4, 2, 5), 22)], [NamedSharding(m, P("e"))] * 2)


@case_long
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


@case_long
def shard_map_nested_axis_index():
    m = mesh((4, 2), ("x", "y"))
    def inner(a):
        return a + jax.lax.axis_index("y").astype(jnp.float32) * 100
    def outer(a):
        b = jax.shard_map(inner, in_specs=P(None, "y"), out_specs=P(None, "y"), axis_names={"y"})(a)
        return b + jax.lax.axis_index("x").astype(jnp.float32)
    g = jax.shard_map(outer, mesh=m, in_specs=P("x", None), out_specs=P("x", None), axis_names={"x"})
    return Case(jax.jit(g), [rand((8, 4), 15)], [NamedSharding(m, P("x", "y"))])


@case_long
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


@case_long
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


@case_long
def shard_map_out_specs_tuple_axes_replication():
    m = mesh((2, 2, 2), ("a", "b", "c"))
    def body(x):
        return jax.lax.psum(x, "b"), jax.lax.all_gather(x, "c", axis=1, tiled=True)
    g = jax.shard_map(body, mesh=m, in_specs=P(("a", "b"), "c"), out_specs=(P("a", "c"), P(("a", "b"), None)),
                      check_vma=False)
    return Case(jax.jit(g), [rand((8, 4), 12)], [NamedSharding(m, P(("a", "b"), "c"))])


@case_long
def vmap_over_shard_map():
    m = mesh((8,), ("d",))
    g = jax.shard_map(lambda a: jax.lax.psum(a, "d"), mesh=m, in_specs=P("d"), out_specs=P())
    f = jax.jit(jax.vmap(g, in_axes=1, out_axes=0))
    return Case(f, [rand((16, 3), 13)], [NamedSharding(m, P("d"))])


@case
def pmap_psum_and_axis_index():
    m = mesh((8,), ("i",))
    f = jax.pmap(lambda a: jax.lax.psum(a, "i") * a + jax.lax.axis_index("i"), axis_name="i")
    return Case(f, [rand((8, 3), 1)], [NamedSharding(m, P("i"))])


@case_long
def pmap_ppermute_ring():
    m = mesh((8,), ("i",))
    f = jax.pmap(lambda a: jax.lax.ppermute(a, "i", [(k, (k + 1) % 8) for k in range(8)]) - a, axis_name="i")
    return Case(f, [rand((8, 2, 2), 2)], [NamedSharding(m, P("i"))])


@case_long
def fsdp_style_all_gather_weights():
    m = mesh((8,), ("fsdp",))
    def body(w, x):
        wf = jax.lax.all_gather(w, "fsdp", axis=0, tiled=True)
        y = x @ wf
        return jax.lax.psum(jnp.sum(y ** 2), "fsdp"), y
    g = jax.shard_map(body, mesh=m, in_specs=(P("fsdp"), P("fsdp")), out_specs=(P(), P("fsdp")), check_vma=False)
    return Case(jax.jit(g), [rand((16, 4), 4), rand((16, 16), 5)], [NamedSharding(m, P("fsdp"))] * 2)


@case_long
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
