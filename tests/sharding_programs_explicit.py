"""Explicit sharding as JAX users write it (AxisType.Explicit, bare PartitionSpecs under
jax.set_mesh, reshard / auto_axes / explicit_axes, out_sharding=), and Shardy's unreduced
axes (P(unreduced=...), release 1.7.0): partial values per device that sum to the value.
Registered in tests/sharding_programs.py's CASES; run by tests/sharding_cases.py."""
from __future__ import annotations

import numpy as np

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from sharding_programs import Case, case, case_long, explicit_mesh, mesh, rand


def _mesh_xy():
    return explicit_mesh((2, 4), ("x", "y"))


def _contraction_over_x(seed):
    """A 2 x 4 explicit mesh and a dot whose contraction is split over "x"."""
    m = _mesh_xy()
    return m, [rand((8, 16), seed), rand((16, 4), seed + 1)], [NamedSharding(m, P(None, "x")), NamedSharding(m, P("x", None))]


def _case_over_x(seed, f):
    """The Case of `f` on the two operands of a dot whose contraction is split over "x"."""
    m, args, shardings = _contraction_over_x(seed)
    return Case(jax.jit(f), args, shardings, mesh=m)


@case
def unreduced_dot_then_reshard():
    def f(a, b):
        c = jnp.dot(a, b, out_sharding=P("y", None, unreduced={"x"}))
        return jax.sharding.reshard(c, P())
    return _case_over_x(40, f)


@case
def shard_map_out_unreduced():
    def f(a, b):
        c = jax.shard_map(lambda p, q: p @ q, mesh=_mesh_xy(), in_specs=(P(None, "x"), P("x", None)),
                          out_specs=P(None, None, unreduced={"x"}))(a, b)
        return jax.sharding.reshard(c, P())
    return _case_over_x(42, f)


@case
def unreduced_result_of_jit():
    return _case_over_x(44, lambda a, b: jnp.dot(a, b, out_sharding=P(None, None, unreduced={"x"})))


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
    def f(a, b):
        u = jnp.dot(a, b, out_sharding=P(None, None, unreduced={"x"}))
        v = jax.shard_map(lambda t: t + t, mesh=_mesh_xy(), in_specs=P(None, None, unreduced={"x"}),
                          out_specs=P(None, None, unreduced={"x"}))(u)
        return jax.sharding.reshard(v, P())
    return _case_over_x(52, f)


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
