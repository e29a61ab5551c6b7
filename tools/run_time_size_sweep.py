#!/usr/bin/env python3
"""Sweep of the compiled run-time size checks (lowering/size_checks.py) over the spec's examples.

For every example, each entry argument's static size in turn is made `?` (the op then meets a
`?` operand with its static result type) and the argument is given one element less along it.
Where the interpreter raises, compiled code must raise too (a ShloError after reading nothing
out of bounds), with the same message. Prints a CASE line per case (a crash names the last),
then MISSING (compiled returned), EXTRA (compiled raised, interpreted not), DIFFERENT (other
messages), or a compile error of a valid program.

    .venv/bin/python tools/run_time_size_sweep.py [op ...]
"""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "python"))

import check_ops  # noqa: E402
import speclib  # noqa: E402

import shlo  # noqa: E402
from mlir import ir  # noqa: E402
from shlo.types import type_info  # noqa: E402


def with_dynamic_argument(prog, i: int, d: int) -> str:
    """The program's text with entry argument i's size d made `?`."""
    with prog.context, ir.Location.unknown():
        m = ir.Module.parse(str(prog.module))
        fop = next(o for o in m.body.operations if ir.StringAttr(o.attributes["sym_name"]).value == "main")
        block = fop.regions[0].blocks[0]
        old = ir.RankedTensorType(block.arguments[i].type)
        shape = list(old.shape)
        shape[d] = ir.ShapedType.get_dynamic_size()
        block.arguments[i].set_type(ir.RankedTensorType.get(shape, old.element_type, old.encoding))
        results = list(ir.FunctionType(ir.TypeAttr(fop.attributes["function_type"]).value).results)
        fop.attributes["function_type"] = ir.TypeAttr.get(
            ir.FunctionType.get([a.type for a in block.arguments], results))
        return str(m)


def _error(run, args):
    try:
        run(*args)
    except shlo.ShloError as e:
        return str(e)
    except Exception as e:  # noqa: BLE001 - anything else is a finding too
        return f"not a ShloError: {e!r}"[:300]
    return None


def sweep_example(op_name: str, ex: dict) -> None:
    try:
        prog = shlo.parse(ex["program"])
        types = [type_info(t) for t in prog.functions()["main"].type.inputs]
        inputs = [check_ops._to_value(raw, t) for raw, t in zip(ex["inputs"], types)]
    except Exception:  # noqa: BLE001 - examples this sweep cannot read are skipped
        return
    for i, t in enumerate(types):
        if t.kind != "tensor" or t.rank == 0 or None in t.shape:
            continue
        for d in range(t.rank):
            if t.shape[d] < 2:
                continue
            try:
                variant = shlo.parse(with_dynamic_argument(prog, i, d))
            except shlo.ShloError:
                continue        # (the op needs that size static)
            bad = list(inputs)
            bad[i] = np.take(np.asarray(inputs[i]), range(t.shape[d] - 1), axis=d)
            print("CASE", f"{op_name}/{ex.get('name')}/{i}/{d}", flush=True)
            try:
                f = shlo.compile(variant, opt_level=0)
            except shlo.ShloError as e:
                print("  compile error", str(e)[:200], flush=True)
                continue
            interpreted = _error(lambda *a: shlo.interpret(variant, *a), bad)
            compiled = _error(f, bad)
            if interpreted is not None and compiled is None:
                print("  MISSING", interpreted[:200], flush=True)
            elif interpreted is None and compiled is not None:
                print("  EXTRA", compiled[:200], flush=True)
            elif interpreted != compiled:
                print("  DIFFERENT", interpreted[:150], "|", compiled[:150], flush=True)


def main(argv: list) -> int:
    for op in speclib.load_ops():
        if argv and op.name not in argv:
            continue
        for ex in op.examples:
            if "inputs" in ex and ex.get("replicas", 1) * ex.get("partitions", 1) == 1:
                sweep_example(op.name, ex)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
