#!/usr/bin/env python3
"""Writes the golden artifacts: for every released version, every op of its
op set, every spec example of that op.

    compat_tests/<version>/<op>.<example>.shlo   the artifact (shlo.serialize(prog, target_version=version))
    compat_tests/<version>/<op>.<example>.mlir   the program as the reader printed it when written
    compat_tests/<version>/<op>.<example>.yaml   inputs/expected values, when the example has them

Goldens are forever: existing files are never rewritten (a changed example
adds nothing; --check compares what would be written for every missing file
and reports, exit 1, goldens missing for a released op). Artifacts of a
version were written by the shlo that released it where possible; later
runs write them through the downgrade path. An example using something the
target version lacks is skipped.

    .venv/bin/python compat_tests/generate.py [--check] [--version 1.1.0]
"""
from __future__ import annotations

import argparse
import pathlib
import sys

import yaml

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT / "tools"))
import speclib  # noqa: E402

import shlo  # noqa: E402
from shlo.verify._spec_table import RELEASES  # noqa: E402

VALUE_KEYS = ("inputs", "expected", "tolerance", "replicas", "partitions")


def examples_for(version: str):
    """(op, example name, example) for every example of every op in `version`'s op set."""
    ops = {o.name: o for o in speclib.load_ops()}
    for name in sorted(RELEASES[version]["signatures"]):
        for i, ex in enumerate(ops[name].examples):
            label = str(ex.get("name") or f"example{i}").replace("/", "_").replace(" ", "_")
            yield name, label, ex


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 if a golden is missing")
    ap.add_argument("--version", action="append", help="only these versions (default: all released)")
    args = ap.parse_args(argv)
    missing, written, skipped = [], 0, []
    for version in args.version or sorted(RELEASES, key=lambda v: tuple(map(int, v.split(".")))):
        out = HERE / version
        for op, label, ex in examples_for(version):
            base = out / f"{op}.{label}"
            f = lambda ext: base.parent / (base.name + ext)  # noqa: E731
            if f(".shlo").exists():
                continue
            prog = shlo.parse(ex["program"])
            try:
                data = shlo.serialize(prog, target_version=version)
            except shlo.SerializationError as e:
                skipped.append(f"{version}/{op}.{label}: {e}")
                continue
            if args.check:
                missing.append(f"{version}/{op}.{label}")
                continue
            text = str(shlo.deserialize(data))
            out.mkdir(parents=True, exist_ok=True)
            f(".shlo").write_bytes(data)
            f(".mlir").write_text(text)
            values = {k: ex[k] for k in VALUE_KEYS if k in ex}
            if "expected" in values:
                f(".yaml").write_text(yaml.safe_dump(values, sort_keys=True))
            written += 1
    for s in skipped:
        print(f"skipped (not representable): {s}")
    if args.check:
        for m in missing:
            print(f"missing golden: {m}")
        return 1 if missing else 0
    print(f"wrote {written} golden artifact(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
