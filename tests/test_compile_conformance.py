"""Every conformance program, compiled: `shlo.compile` must pass the same self-checks as the
interpreter (expected values from JAX / numpy, never from shlo), for every op that can run in
one process.

Constants are lifted to arguments, so the native code computes every value at run time.
The default run compiles every other program of each op (the first included); SHLO_FULL_TESTS=1
compiles them all, as tools/compiled_coverage.py does.
Ops listed in NOT_COMPILED are reported, not hidden: `test_not_compiled_is_exactly_the_known_list`
fails as soon as the list and reality differ in either direction.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

import shlo
from shlo.lowering import lowered_ops
from shlo.lowering.selfcheck import run_compiled

ROOT = Path(__file__).resolve().parent.parent
SUITE = ROOT / "conformance"
OP_DIRS = sorted(p for p in SUITE.iterdir() if p.is_dir())

# Ops without a lowering yet; each is a missing feature of shlo.compile.
# (manual_computation compiles on a one-device mesh; on a larger one it is a CompileError naming
# the op and the mesh: tests/test_sharding.py)
NOT_COMPILED: set = set()


def test_not_compiled_is_exactly_the_known_list():
    from shlo.verify._spec_table import OPS
    spec = set(OPS) - {"return"}
    assert spec - lowered_ops() == NOT_COMPILED


@pytest.mark.parametrize("op_dir", OP_DIRS, ids=[p.name for p in OP_DIRS])
def test_compiled_conformance(op_dir):
    failures = []
    files = sorted(op_dir.glob("*.mlir"))
    if not os.environ.get("SHLO_FULL_TESTS"):
        files = files[::2]
    for f in files:
        try:
            run_compiled(f.read_text(), name=str(f))
        except shlo.ShloError as ex:
            if any(f"shlo.{op}: has no lowering" in str(ex) for op in NOT_COMPILED):
                continue
            failures.append(f"{f.relative_to(SUITE)}: {str(ex)[:600]}")
    assert not failures, f"{len(failures)} of {len(files)} programs failed compiled:\n" + "\n".join(failures)
