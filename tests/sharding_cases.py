"""Sharded JAX programs run through every stage of shlo, for tests/test_sharding.py.

Run as a script in a fresh process (JAX must see 8 host devices before it
starts): prints one JSON line per program with the stages it passed and, for
the first failing stage, why.

    XLA_FLAGS=--xla_force_host_platform_device_count=8 python tests/sharding_cases.py [name ...]

Stages: import (shlo.from_jax), verify, serialize (artifact round trip, same
text), interpret (shlo.interpret matches JAX), export (shlo.to_stablehlo),
xla_run (the exported StableHLO run by XLA on the 8 devices through
jax.export: same values, same output shardings as JAX's own run), and
xla_shardings (the exported text compiled by XLA directly: output
shardings equal those of JAX's compilation of the function).
"""
from __future__ import annotations

import dataclasses
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

import shlo  # noqa: E402

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


CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


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


# ---------------------------------------------------------------------- stages

def run_case(name: str) -> dict:
    c = CASES[name]()
    devices_in = [jax.device_put(a, s) for a, s in zip(c.args, c.in_shardings)]
    specs = [jax.ShapeDtypeStruct(a.shape, a.dtype, sharding=s) for a, s in zip(c.args, c.in_shardings)]
    ref = jax.tree.leaves(c.fn(*devices_in))
    passed, stage = [], "import"
    try:
        prog = shlo.from_jax(c.fn, *specs, verify=False)
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
        _same_values(outs, ref)
        passed.append(stage)
        stage = "export"
        text = shlo.to_stablehlo(prog)
        passed.append(stage)
        stage = "xla_run"
        from jax._src import xla_bridge as xb
        from jax._src.lib import _jax
        backend = xb.get_backend()
        artifact = _jax.mlir.serialize_portable_artifact(text, "1.0.0", backend.serialize_with_sdy)
        exported = dataclasses.replace(prog.exported, mlir_module_serialized=artifact)
        got = jax.tree.leaves(jax.jit(exported.call)(*devices_in))
        _same_values(got, ref)
        for i, (a, b) in enumerate(zip(got, ref)):
            assert a.sharding.is_equivalent_to(b.sharding, a.ndim), f"result {i}: {a.sharding} vs {b.sharding}"
        passed.append(stage)
        stage = "xla_shardings"
        ours, theirs = _compiled_output_shardings(text, c, specs)
        assert ours == theirs, f"XLA output shardings {ours} vs JAX's {theirs}"
        passed.append(stage)
    except Exception as e:  # noqa: BLE001 - reported per stage
        return {"name": name, "passed": passed, "failed": stage,
                "error": f"{type(e).__name__}: {e}"[:2000], "trace": traceback.format_exc()[-3000:]}
    return {"name": name, "passed": passed, "failed": None}


def _same_values(outs, ref):
    assert len(outs) == len(ref), f"{len(outs)} results, JAX gives {len(ref)}"
    for i, (a, b) in enumerate(zip(outs, ref)):
        b = np.asarray(b)
        a = np.asarray(a)
        assert a.shape == b.shape, f"result {i}: shape {a.shape} vs {b.shape}"
        assert np.allclose(a, b, rtol=1e-4, atol=1e-4), f"result {i}: max diff {np.max(np.abs(a - b))}"


def _compiled_output_shardings(text, c, specs):
    from jax._src.lib import xla_client as xc
    from jax._src import xla_bridge as xb
    backend = xb.get_backend()
    opts = jax.extend.backend.get_compile_options(num_replicas=1, num_partitions=8,
                                                  device_assignment=np.arange(8).reshape(1, 8))
    opts.executable_build_options.use_spmd_partitioning = True
    opts.executable_build_options.use_shardy_partitioner = True
    exe = backend.compile_and_load(text, xc.DeviceList(tuple(jax.devices()[:8])), opts)
    ours = [str(xc.HloSharding.from_proto(s)) for s in exe.get_output_shardings()]
    compiled = c.fn.lower(*specs).compile()._executable.xla_executable
    theirs = [str(xc.HloSharding.from_proto(s)) for s in compiled.get_output_shardings()]
    return ours, theirs


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
    return [xc.HloSharding.from_proto(s) for s in exe.get_parameter_shardings() + exe.get_output_shardings()]


def run_gspmd() -> dict:
    """GSPMD text imported, verified, interpreted, exported as Shardy: XLA partitions the
    export as it partitions the original (same argument and result shardings)."""
    passed, stage = [], "import"
    try:
        prog = shlo.from_stablehlo(GSPMD_TEXT, verify=False)
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
        (out,) = shlo.interpret(back, a, b)
        assert np.allclose(out, (a + b) ** 2, rtol=1e-6)
        passed.append(stage)
        stage = "export"
        text = shlo.to_stablehlo(prog)
        passed.append(stage)
        stage = "xla_shardings"
        ours, theirs = _hlo_shardings(text, True), _hlo_shardings(GSPMD_TEXT, False)
        assert ours == theirs, f"{[str(x) for x in ours]} vs {[str(x) for x in theirs]}"
        passed.append(stage)
    except Exception as e:  # noqa: BLE001
        return {"name": "gspmd_text", "passed": passed, "failed": stage,
                "error": f"{type(e).__name__}: {e}"[:2000], "trace": traceback.format_exc()[-3000:]}
    return {"name": "gspmd_text", "passed": passed, "failed": None}


def main(names) -> int:
    assert len(jax.devices()) >= 8, "needs 8 devices (XLA_FLAGS=--xla_force_host_platform_device_count=8)"
    for name in names or list(CASES):
        print(json.dumps(run_case(name)), flush=True)
    if not names:
        print(json.dumps(run_gspmd()), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
