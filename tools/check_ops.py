#!/usr/bin/env python3
"""Checks spec entries end to end against the built dialect.

For each op (all, or those named): every example parses, verifies, prints
and re-parses to identical text (pretty, generic and bytecode), and its
inputs/expected values fit the signature of @main; every invalid program is
rejected with the constraint id it names; every checked constraint has an
invalid program. Exit status 1 lists what failed. The pytest suite runs the
same functions per op.
"""
from __future__ import annotations

import sys

import numpy as np

import speclib

import shlo
from shlo.literals import numpy_dtype
from shlo.types import type_info


def roundtrip_problems(program_text: str) -> list[str]:
    problems = []
    prog = shlo.parse(program_text)
    pretty = prog.text()
    generic = prog.text(generic=True)
    again = shlo.parse(pretty)
    if again.text() != pretty:
        problems.append("pretty text does not re-parse to the same text")
    if shlo.parse(generic).text() != pretty:
        problems.append("generic text does not re-parse to the same program")
    if shlo.parse(prog.bytecode()).text() != pretty:
        problems.append("bytecode does not re-parse to the same program")
    return problems


def _to_value(raw, t):
    if t.kind == "token":
        return "token"
    if t.kind == "tuple":
        if not (isinstance(raw, dict) and "tuple" in raw and len(raw["tuple"]) == len(t.members)):
            raise ValueError(f"expected {{tuple: [...]}} with {len(t.members)} members for {t}")
        return tuple(_to_value(r, m) for r, m in zip(raw["tuple"], t.members))
    element = t.quant.storage if t.quant else t.element
    dtype = numpy_dtype(element)

    def conv(x):
        if isinstance(x, list):
            return [conv(y) for y in x]
        if isinstance(x, str) and dtype.kind == "c":
            return complex(x.replace(" ", ""))
        return x
    arr = np.array(conv(raw)).astype(dtype)
    if arr.ndim != t.rank or any(d is not None and d != s for d, s in zip(t.shape, arr.shape)):
        raise ValueError(f"value of shape {arr.shape} does not fit {t}")
    return arr


def example_value_problems(example: dict, prog: shlo.Program) -> list[str]:
    if "inputs" not in example and "expected" not in example:
        return []
    main = prog.functions().get("main")
    if main is None:
        return ["example has inputs/expected but no @main"]
    ftype = main.type
    problems = []
    for key, types in (("inputs", ftype.inputs), ("expected", ftype.results)):
        values = example.get(key, [])
        if len(values) != len(types):
            problems.append(f"{key}: {len(values)} values for {len(types)} types")
            continue
        for i, (raw, t) in enumerate(zip(values, types)):
            try:
                _to_value(raw, type_info(t))
            except Exception as e:  # noqa: BLE001
                problems.append(f"{key}[{i}]: {e}")
    return problems


def infer_problems(prog: shlo.Program) -> list[str]:
    """Each op's `infer` expression agrees with the result types the program states.

    For ops whose spec marks `infer_default: true` the rule only gives a default
    element type (the program may choose another), so only shapes must agree.
    """
    shape_only = {o.name for o in speclib.load_ops() if o.infer_default}
    from shlo.verify import engine, vocabulary
    from shlo.verify._spec_table import OPS
    problems = []
    for o in _walk(prog):
        entry = OPS.get(o.name[5:]) if o.name.startswith("shlo.") else None
        if not entry or not entry["infer"]:
            continue
        env = dict(engine.base_namespace())
        env.update(engine.op_environment(o, entry))
        try:
            inferred = list(engine.evaluate(entry["infer"], env))
        except Exception as e:  # noqa: BLE001
            problems.append(f"{o.name}: infer raised {type(e).__name__}: {e}")
            continue
        actual = [type_info(r.type) for r in o.results]
        def agrees(a, b):
            if o.name[5:] in shape_only and a.kind == b.kind == "tensor":
                return vocabulary.compatible_shapes(a, b)  # the element type is the program's choice
            # A quantized result's scale and zero point are the program's choice, not inferable.
            if a.kind == b.kind == "tensor" and (a.quant or b.quant):
                return vocabulary.compatible_shapes(a, b) and vocabulary.same_baseline_element_type(a, b)
            return vocabulary.compatible_types(a, b)
        if len(inferred) != len(actual) or not all(agrees(a, b) for a, b in zip(inferred, actual)):
            problems.append(f"{o.name}: infer gives {[str(t) for t in inferred]}, program has {[str(t) for t in actual]}")
    return problems


def op_problems(op: speclib.Op) -> list[str]:
    problems = []
    for ex in op.examples:
        label = f"example {ex.get('name', '?')}"
        try:
            prog = shlo.parse(ex["program"])
        except shlo.ShloError as e:
            problems.append(f"{label}: {e}")
            continue
        if not any(o.name == f"shlo.{op.name}" for o in _walk(prog)):
            problems.append(f"{label}: does not use shlo.{op.name}")
        problems += [f"{label}: {p}" for p in roundtrip_problems(ex["program"])]
        problems += [f"{label}: {p}" for p in example_value_problems(ex, prog)]
        problems += [f"{label}: {p}" for p in infer_problems(prog)]
    covered = set()
    for bad in op.invalid:
        want = f"{op.name}.{bad['constraint']}"
        try:
            shlo.parse(bad["program"])
            problems.append(f"invalid {want}: accepted")
        except shlo.VerificationError as e:
            if e.constraint != want:
                problems.append(f"invalid {want}: rejected as {e.constraint}: {e}")
            covered.add(bad["constraint"])
        except shlo.ShloError as e:
            problems.append(f"invalid {want}: {type(e).__name__}: {e}")
    for c in op.constraints:
        if c.check and c.id not in covered:
            problems.append(f"{c.id} has no invalid program")
    return problems


def _walk(prog):
    out = []
    prog.module.operation.walk(lambda o: out.append(o) or __import__("mlir").ir.WalkResult.ADVANCE)
    return out


def main(argv) -> int:
    names = set(argv)
    failed = 0
    ops = [o for o in speclib.load_ops() if not names or o.name in names]
    for op in ops:
        problems = op_problems(op)
        if problems:
            failed += 1
            print(f"FAIL {op.name}")
            for p in problems:
                print(f"  - {p}")
        else:
            print(f"ok   {op.name}")
    print(f"{len(ops) - failed} ok, {failed} failing")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
