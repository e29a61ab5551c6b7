#!/usr/bin/env python
"""Operator coverage of the ONNX importer over onnx.defs' schemas of the default domain.

    .venv/bin/python tools/onnx_coverage.py            # summary, missing ops, exceptions
    .venv/bin/python tools/onnx_coverage.py --all      # every op with the opsets its converters reach
    .venv/bin/python tools/onnx_coverage.py --json -   # machine-readable

An op is covered when registry.lookup(op, opset) finds a converter at its latest opset (for a
deprecated op: the last opset before its deprecation), or when its schema has a function body
that the importer expands (checked by importing a model of that one node, from ONNX's node
conformance cases). Opset range: the earliest opset >= 7 of the op for which a converter is in
force; an op whose converters start later than its first schema version >= 7 is listed as partial.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import warnings

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from onnx_conformance import OUT_OF_SCOPE_OPS  # noqa: E402  (one table of exceptions)

MIN_OPSET = 7           # the importer's range is opsets 7..latest


def schemas():
    """{op: [schema versions, oldest first]} of the default domain."""
    import onnx.defs
    out = {}
    for s in onnx.defs.get_all_schemas_with_history():
        if s.domain in ("", "ai.onnx"):
            out.setdefault(s.name, []).append(s)
    for v in out.values():
        v.sort(key=lambda s: s.since_version)
    return dict(sorted(out.items()))


def op_coverage(op, versions, latest, lookup, expanded) -> dict:
    last = versions[-1]
    deprecated = last.deprecated
    live = [s for s in versions if not s.deprecated]
    top = latest if not deprecated else (last.since_version - 1)
    covered_by = "converter" if lookup(op, top) else None
    if covered_by is None and (last.has_function or last.has_context_dependent_function) and op in expanded:
        covered_by = "function body"
    # opset range: versions in force at some opset >= MIN_OPSET
    in_range = [s.since_version for i, s in enumerate(live)
                if (live[i + 1].since_version if i + 1 < len(live) else top + 1) > MIN_OPSET]
    first = max(in_range[0], MIN_OPSET) if in_range else None
    reach = None
    if covered_by == "converter":
        reach = next((v for v in range(first or top, top + 1) if lookup(op, v)), top)
    return {"op": op, "covered": covered_by is not None, "by": covered_by, "deprecated": deprecated,
            "since": versions[0].since_version, "versions": [s.since_version for s in versions],
            "opsets": f"{reach}..{top}" if reach else None,
            "partial": bool(reach and first and reach > first), "first_in_range": first,
            "function_body": bool(last.has_function or last.has_context_dependent_function),
            "exception": OUT_OF_SCOPE_OPS.get(op)}


def expanded_ops(ops) -> set:
    """The ops among `ops` whose single-node conformance model imports (e.g. by expanding the
    schema's function body)."""
    if not ops:
        return set()
    from onnx.backend.test.case.node import collect_testcases

    import shlo
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cases = collect_testcases("")
    done = set()
    for c in cases:
        nodes = c.model.graph.node
        if len(nodes) == 1 and nodes[0].op_type in ops and nodes[0].op_type not in done:
            try:
                shlo.from_onnx(c.model)
                done.add(nodes[0].op_type)
            except Exception:  # noqa: BLE001 - not imported: not covered
                pass
    return done


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--all", action="store_true", help="list every op")
    p.add_argument("--json", help="write the table as JSON here ('-' for stdout)")
    p.add_argument("--no-function-check", action="store_true",
                   help="do not try to import the function-body ops that have no converter")
    args = p.parse_args(argv)

    import onnx.defs

    from shlo.importers.onnx import ops  # noqa: F401  (registers the converters)
    from shlo.importers.onnx.registry import lookup
    latest = onnx.defs.onnx_opset_version()
    table = schemas()
    candidates = set()
    if not args.no_function_check:
        for op, versions in table.items():
            s = versions[-1]
            if (s.has_function or s.has_context_dependent_function) and not s.deprecated and not lookup(op, latest):
                candidates.add(op)
    expanded = expanded_ops(candidates)
    rows = [op_coverage(op, v, latest, lookup, expanded) for op, v in table.items()]

    covered = [r for r in rows if r["covered"]]
    exceptions = [r for r in rows if r["exception"] and not r["covered"]]
    missing = [r for r in rows if not r["covered"] and not r["exception"]]
    partial = [r for r in covered if r["partial"]]
    out = sys.stderr if args.json == "-" else sys.stdout

    def tag(r):
        return r["op"] + (" (deprecated)" if r["deprecated"] else "")

    print(f"ONNX default domain, onnx {onnx.__version__}, opset {latest}: {len(rows)} operator schemas "
          f"({sum(r['deprecated'] for r in rows)} deprecated: "
          f"{', '.join(r['op'] for r in rows if r['deprecated'])})", file=out)
    print(f"covered: {len(covered)} / {len(rows)} ({100 * len(covered) / len(rows):.1f}%); "
          f"{sum(r['by'] == 'function body' for r in covered)} of them through a function body; "
          f"in scope: {len(covered)} / {len(rows) - len(exceptions)}", file=out)
    print(f"\nmissing ({len(missing)}): " + ", ".join(
        tag(r) + (" [has a function body]" if r["function_body"] else "") for r in missing), file=out)
    if partial:
        print(f"\nconverted from a later opset than the op's first version >= {MIN_OPSET} ({len(partial)}): "
              + ", ".join(f"{r['op']} (opsets {r['opsets']}, op from {r['first_in_range']})" for r in partial),
              file=out)
    print(f"\nexceptions ({len(exceptions)}):", file=out)
    for r in exceptions:
        print(f"  {r['op']}: {r['exception']}", file=out)
    from shlo.importers.onnx.registry import contrib_ops
    ms = contrib_ops()
    print(f"\nonnxruntime com.microsoft ops converted ({len(ms)}): {', '.join(ms)}", file=out)
    if args.all:
        print("\nop, covered by, opsets, schema versions:", file=out)
        for r in rows:
            print(f"  {tag(r):<34} {r['by'] or '-':<14} {r['opsets'] or '-':<8} {r['versions']}", file=out)
    if args.json:
        data = json.dumps({"onnx": onnx.__version__, "opset": latest, "total": len(rows), "covered": len(covered),
                           "ops": rows}, indent=1)
        if args.json == "-":
            print(data)
        else:
            with open(args.json, "w") as f:
                f.write(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
