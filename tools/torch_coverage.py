#!/usr/bin/env python3
"""Coverage of the PyTorch importer: which core ATen ops of the installed torch have a converter.

    .venv/bin/python tools/torch_coverage.py                 # covered / total, missing ops
    .venv/bin/python tools/torch_coverage.py --seen run.json # also the non-core ops that
                                                             # tools/torch_opinfo.py --json met
    .venv/bin/python tools/torch_coverage.py --json cov.json

The core set is every `torch.ops.aten` overload tagged `torch.Tag.core`: what
`ep.run_decompositions()` decomposes everything else into. A few non-core ops survive the
decomposition (no decomposition is registered for them, e.g.
`_native_batch_norm_legit_functional`); they are listed separately: those of SURVIVORS
below, plus any that the programs of an OpInfo run (`--seen`) contained.

"Covered" means `registry.lookup(packet, overload)` finds a converter (or the importer drops
the op by design: export's assertions on sizes compute nothing). Ops in EXCEPTIONS
are documented as out of scope (with the reason) and counted apart from the missing ones.
"""
from __future__ import annotations

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

# Core ATen ops the importer does not translate on purpose, with the reason. Matched by
# "packet.overload" or by packet (every overload).
EXCEPTIONS = {
    "_local_scalar_dense": "reads a tensor's value into a Python scalar (.item()): data-dependent control",
    "resize_": "mutates a tensor's storage size in place; no value semantics",
    "_cdist_forward": "pairwise distances: in none of the importer's first op families",
    "_pdist_forward": "pairwise distances over pairs i<j: in none of the importer's first op families",
}

# Non-core ops known to survive `run_decompositions()` (no decomposition in the default table),
# met in models; --seen adds the ones an OpInfo run found.
SURVIVORS = [
    "_native_batch_norm_legit_functional.default",
    "_assert_tensor_metadata.default",
    "_assert_scalar.default",
    "sym_constrain_range_for_size.default",
]


def core_ops() -> list:
    """Every aten OpOverload tagged core, as (packet, overload), sorted."""
    import torch
    found = set()
    for full in torch._C._dispatch_get_all_op_names():
        if not full.startswith("aten::"):
            continue
        base, _, overload = full[len("aten::"):].partition(".")
        packet = getattr(torch.ops.aten, base, None)
        if packet is None:
            continue
        try:
            op = getattr(packet, overload or "default")
        except (AttributeError, RuntimeError):
            continue
        if torch.Tag.core in op.tags:
            found.add((base, op._overloadname))
    return sorted(found)


def is_core(name: str) -> bool:
    import torch
    base, _, overload = name.partition(".")
    packet = getattr(torch.ops.aten, base, None)
    try:
        op = getattr(packet, overload or "default")
    except (AttributeError, RuntimeError, TypeError):
        return False
    return torch.Tag.core in op.tags


BACKWARD = "a backward op: the importer takes inference (forward) programs"


def exception_for(packet: str, overload: str) -> str | None:
    if packet.endswith("_backward"):
        return BACKWARD
    return EXCEPTIONS.get(f"{packet}.{overload}") or EXCEPTIONS.get(packet)


def survivors(seen_file: str | None) -> list:
    """Non-core ATen ops ("packet.overload") that reach the importer after decomposition."""
    names = set(SURVIVORS)
    if seen_file:
        with open(seen_file) as f:
            data = json.load(f)
        for name in data.get("aten_ops_seen", {}):
            if "." in name and not name.startswith(("operator.", "higher_order.", "_operator.")) \
                    and name.split(".")[0].isidentifier() and not is_core(name) and _is_aten(name):
                names.add(name)
    return sorted(names)


def _is_aten(name: str) -> bool:
    import torch
    base, _, overload = name.partition(".")
    packet = getattr(torch.ops.aten, base, None)
    return packet is not None and overload in packet.overloads()


def classify(ops) -> dict:
    """{"covered": [...], "excepted": {name: reason}, "missing": [...]} over (packet, overload)s."""
    import shlo.importers.torch  # noqa: F401  (registers the converters)
    from shlo.importers.torch import registry
    from shlo.importers.torch.importer import _ASSERTIONS    # checks the importer drops by design
    out = {"covered": [], "excepted": {}, "missing": []}
    for packet, overload in ops:
        name = f"{packet}.{overload}"
        if registry.lookup(packet, overload) is not None or packet in _ASSERTIONS:
            out["covered"].append(name)
        elif exception_for(packet, overload):
            out["excepted"][name] = exception_for(packet, overload)
        else:
            out["missing"].append(name)
    return out


def _report(title: str, result: dict, total: int) -> None:
    n = len(result["covered"])
    print(f"{title}: {n} / {total} covered ({100.0 * n / max(total, 1):.1f}%), "
          f"{len(result['excepted'])} documented exceptions, {len(result['missing'])} missing")
    if result["missing"]:
        print("  missing:")
        for name in result["missing"]:
            print(f"    {name}")
    if result["excepted"]:
        print("  documented exceptions:")
        for name, why in result["excepted"].items():
            print(f"    {name}: {why}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seen", help="the --json output of tools/torch_opinfo.py: adds the non-core ops its "
                                   "decomposed programs contained")
    ap.add_argument("--json", help="write the classification here")
    ap.add_argument("--covered", action="store_true", help="also list the covered ops")
    args = ap.parse_args(argv)
    import torch
    core = core_ops()
    core_result = classify(core)
    extra = [tuple(n.split(".", 1)) for n in survivors(args.seen)]
    extra_result = classify(extra)
    print(f"torch {torch.__version__}: {len(core)} core ATen overloads")
    _report("core ATen ops", core_result, len(core))
    _report("non-core ops surviving run_decompositions()", extra_result, len(extra))
    if args.covered:
        print("  covered core ops:", " ".join(core_result["covered"]))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"torch": torch.__version__, "core": core_result, "survivors": extra_result}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
