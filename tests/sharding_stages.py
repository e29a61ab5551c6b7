"""What the sharding runners share (tests/sharding_cases.py for JAX programs,
tests/sharding_shardy_texts.py for hand-written StableHLO): the first stages every program
goes through, the per-program result line, value comparison, and XLA's side: compiling
StableHLO for N host devices, running it on inputs placed as its parameter shardings, and
reading the shardings it chose. JAX must already see 8 devices when these run.
"""
from __future__ import annotations

import traceback

import numpy as np

import jax
import jax.extend  # noqa: F401
from jax._src import xla_bridge as xb
from jax._src.lib import xla_client as xc
from jax._src.sharding_impls import GSPMDSharding
from jax.sharding import NamedSharding, PartitionSpec as P

import shlo


def first_stages(load, passed: list):
    """import (`load()`), verify, serialize (an artifact round trip gives the same text), each
    appended to `passed` once it passes: (the program, its deserialized copy)."""
    prog = load()
    passed.append("import")
    prog.verify()
    passed.append("verify")
    back = shlo.deserialize(shlo.serialize(prog))
    assert str(back) == str(prog), "the deserialized program differs"
    passed.append("serialize")
    return prog, back


def failure(name: str, stages: list, passed: list, e: Exception) -> dict:
    """The result line of a program that failed at the stage after those in `passed`."""
    return {"name": name, "passed": passed, "failed": stages[len(passed)],
            "error": f"{type(e).__name__}: {e}"[:2000], "trace": traceback.format_exc()[-3000:]}


def same_values(outs, want, tol: float) -> None:
    assert len(outs) == len(want), f"{len(outs)} results, expected {len(want)}"
    for i, (a, b) in enumerate(zip(outs, want)):
        a, b = np.asarray(_summed(a)), np.asarray(_summed(b))
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


class Placement:
    """An HloSharding compared by the devices of each tile, not by how it is written
    (`<=[2,4]T(1,0)` and `0,4,1,5,2,6,3,7` list the same devices)."""

    def __init__(self, s):
        self.text = str(s)
        self.key = (s.is_replicated(), s.is_maximal(), s.is_manual(), tuple(s.tile_assignment_dimensions()),
                    tuple(s.tile_assignment_devices()), str(s.subgroup_types()))

    def __eq__(self, other):
        return self.key == other.key

    def __repr__(self):
        return self.text


def compile_for_devices(text: str, n: int = 8, shardy: bool = True):
    """StableHLO text compiled by XLA for the first `n` devices, partitioned by Shardy (or,
    `shardy` false, by GSPMD, which reads `mhlo.sharding` strings)."""
    opts = jax.extend.backend.get_compile_options(num_replicas=1, num_partitions=n,
                                                  device_assignment=np.arange(n).reshape(1, n))
    opts.executable_build_options.use_spmd_partitioning = True
    opts.executable_build_options.use_shardy_partitioner = shardy
    return xb.get_backend().compile_and_load(text, xc.DeviceList(tuple(jax.devices()[:n])), opts)


def shardings(exe) -> list:
    """The parameter and result shardings of a compiled program, as Placements."""
    return placements(exe.get_parameter_shardings()) + placements(exe.get_output_shardings())


def placements(protos) -> list:
    """Compiled shardings as Placements; XLA gives none for a program compiled for one device."""
    return ["one device"] if protos is None else [Placement(xc.HloSharding.from_proto(s)) for s in protos]


def _protos(protos, count):
    """XLA gives no shardings for a program compiled for one device: each is replicated there."""
    return protos if protos is not None else [xc.HloSharding.replicate().to_proto()] * count


def run_compiled(exe, args, shapes) -> list:
    """A program compiled for the first N devices run on them, inputs placed as its parameter
    shardings: its results as JAX arrays of the given global shapes."""
    devices = jax.devices()[:len(exe.local_devices())]
    placed = [jax.device_put(a, GSPMDSharding(devices, xc.HloSharding.from_proto(s)))
              for a, s in zip(args, _protos(exe.get_parameter_shardings(), len(args)))]
    pieces = exe.execute_sharded(placed).disassemble_into_single_device_arrays()
    return [jax.make_array_from_single_device_arrays(
                shape, GSPMDSharding(devices, xc.HloSharding.from_proto(s)), per_device)
            for per_device, s, shape in zip(pieces, _protos(exe.get_output_shardings(), len(shapes)), shapes)]
