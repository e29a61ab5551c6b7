"""The runner of the sharded JAX programs (tests/sharding_programs_*.py; held-out style:
tests/sharding_heldout_*.py) and hand-written StableHLO texts (tests/sharding_shardy_texts.py)
through every stage of shlo, for tests/test_sharding.py.

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

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

import jax  # noqa: E402

import shlo  # noqa: E402
import sharding_shardy_texts  # noqa: E402
import sharding_programs_auto  # noqa: E402,F401 - registers its programs
import sharding_programs_shard_map  # noqa: E402,F401 - registers its programs
import sharding_programs_explicit  # noqa: E402,F401 - registers its programs
import sharding_heldout_shard_map  # noqa: E402,F401 - registers its programs
import sharding_heldout_auto  # noqa: E402,F401 - registers its programs
import sharding_heldout_round3  # noqa: E402,F401 - registers its programs
import sharding_heldout_round4  # noqa: E402,F401 - registers its programs
import sharding_heldout_training  # noqa: E402,F401 - registers its programs
import sharding_heldout_symbolic  # noqa: E402,F401 - registers its programs
import sharding_heldout_round5  # noqa: E402,F401 - registers its programs
import sharding_heldout_round6  # noqa: E402,F401 - registers its programs
import sharding_heldout_round7  # noqa: E402,F401 - registers its programs
from sharding_heldout_cases import HELDOUT  # noqa: E402
from sharding_programs import CASES, LONG, LONG_CASES, Case  # noqa: E402
from sharding_stages import (compile_for_devices, failure, first_stages, placements, run_compiled,  # noqa: E402
                             same_values)

STAGES = ["import", "verify", "serialize", "interpret", "export", "xla_run", "xla_shardings"]

# Programs written as an outside JAX user writes them (tests/sharding_heldout_*.py), long cases.
for _name, _make in HELDOUT.items():
    CASES[_name] = (lambda make: lambda: Case(**make()))(_make)
    LONG_CASES.add(_name)

# Programs also lowered by JAX without Shardy (GSPMD strings; shard_map as SPMDFullToShardShape /
# SPMDShardToFullShape regions), then run through the same stages (XLA with Shardy, results
# compared with JAX's own Shardy run).
GSPMD_CASES = ["data_parallel_mlp", "with_sharding_constraint", "shard_map_psum", "shard_map_all_to_all",
               "partial_manual_shard_map", "nested_shard_map", "scan_in_shard_map", "permuted_device_mesh",
               "replicated_scalar_arg", "unconstrained_dims", "two_meshes_one_program", "shard_alike_args"]
# The same API again under GSPMD, run with SHLO_SHARDING_LONG=1 only (the default run's time).
GSPMD_LONG_CASES = ["shard_map_in_jit_with_auto_ops", "reshard_in_middle", "shard_map_axis_index_combined",
                    "fori_ring_attention", "grad_through_shard_map", "multi_output_specs", "four_device_submesh",
                    "three_axis_mesh", "partial_manual_auto_sharded_input", "moe_all_to_all_dispatch",
                    "shard_map_nested_axis_index", "vmap_over_shard_map", "shard_alike_values"]


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
    concrete = specs
    if c.shapes:    # exported at symbolic shapes; JAX's compilation (the reference) at the inputs'
        specs = [jax.ShapeDtypeStruct(shape, a.dtype, sharding=s)
                 for a, s, shape in zip(c.args, c.in_shardings, c.shapes)]
    ref = jax.tree.leaves(c.fn(*devices_in()))
    passed = []
    try:
        load = _lowered_with_gspmd(shlo.from_jax) if gspmd else shlo.from_jax
        prog, back = first_stages(lambda: load(c.fn, *specs, verify=False), passed)
        same_values(shlo.interpret(back, *c.args), ref, c.tol)
        passed.append("interpret")
        text = shlo.to_stablehlo(prog)
        passed.append("export")
        n = prog.exported.nr_devices
        via = "direct" if _runs_directly(ref, c.in_shardings, n) and not c.shapes else "jax.export"
        if via == "direct":
            exe = compile_for_devices(text, n)
            got = run_compiled(exe, c.args, [r.shape for r in ref])
        else:   # unreduced results, host memory, other devices, symbolic shapes: JAX places them
            call = jax.jit(_exported(prog, text).call)
            got = jax.tree.leaves(call(*devices_in()))
            exe = (call.lower(*concrete).compile()._executable.xla_executable if c.shapes
                   else compile_for_devices(text, n))
        same_values(got, ref, c.tol)
        for i, (a, b) in enumerate(zip(got, ref)):
            assert a.sharding.is_equivalent_to(b.sharding, a.ndim), f"result {i}: {a.sharding} vs {b.sharding}"
        passed.append("xla_run")
        ours = placements(exe.get_output_shardings())
        compiled = c.fn.lower(*concrete).compile()._executable.xla_executable
        theirs = placements(compiled.get_output_shardings())
        assert ours == theirs, f"XLA output shardings {ours} vs JAX's {theirs}"
        passed.append("xla_shardings")
    except Exception as e:  # noqa: BLE001 - reported per stage
        return failure(name, STAGES, passed, e)
    return {"name": name, "passed": passed, "failed": None, "xla_run": via}


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
    from jax._src.lib.mlir.dialects import hlo
    # the StableHLO version JAX's own export writes (1.0.0 has no gather with batching dimensions)
    version = hlo.get_version_from_compatibility_requirement(hlo.StablehloCompatibilityRequirement.WEEK_4)
    artifact = _jax.mlir.serialize_portable_artifact(text, version, xb.get_backend().serialize_with_sdy)
    return dataclasses.replace(prog.exported, mlir_module_serialized=artifact)


def main(names) -> int:
    assert len(jax.devices()) >= 8, "needs 8 devices (XLA_FLAGS=--xla_force_host_platform_device_count=8)"
    for name in names or [n for n in CASES if LONG or n not in LONG_CASES]:
        print(json.dumps(run_case(name)), flush=True)
    for name in names or GSPMD_CASES + (GSPMD_LONG_CASES if LONG else []):
        print(json.dumps(run_case(name, gspmd=True)), flush=True)
    if not names:
        more = sharding_shardy_texts.long_texts() if LONG else {}
        for name, t in {**sharding_shardy_texts.texts(), **more}.items():   # written by hand, run by XLA
            print(json.dumps(sharding_shardy_texts.run(name, t)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
