#!/usr/bin/env python3
"""Cuts a release of the op set, or checks the spec against the released ones.

    tools/release.py cut 1.2.0     # after adding the entry to spec/versions.yaml:
                                   # writes spec/versions/1.2.0.json, spec/opset-1.2.0.txt
    tools/release.py check         # spec vs every snapshot; exit 1 on a problem

A snapshot is written once; `cut` refuses to overwrite one.
"""
from __future__ import annotations

import json
import sys

import speclib
from speclib import SPEC


def snapshot_text() -> str:
    return json.dumps(speclib.spec_signatures(), indent=1, sort_keys=True) + "\n"


def cut(version: str) -> int:
    if version not in speclib.release_versions():
        print(f"add release {version} to spec/versions.yaml first", file=sys.stderr)
        return 1
    path = SPEC / "versions" / f"{version}.json"
    if path.exists():
        print(f"{path.relative_to(speclib.ROOT)} exists; released snapshots are frozen", file=sys.stderr)
        return 1
    bad = [o.name for o in speclib.load_ops() if speclib._vkey(o.since) > speclib._vkey(version)]
    if bad:
        print(f"ops newer than {version}: {bad}", file=sys.stderr)
        return 1
    path.parent.mkdir(exist_ok=True)
    path.write_text(snapshot_text())
    opset = SPEC / f"opset-{version}.txt"
    if not opset.exists():
        opset.write_text("\n".join(sorted(o.name for o in speclib.load_ops())) + "\n")
    elif set(opset.read_text().split()) != {o.name for o in speclib.load_ops()}:
        print(f"{opset.name} disagrees with spec/ops", file=sys.stderr)
        return 1
    print(f"wrote {path.relative_to(speclib.ROOT)} and spec/opset-{version}.txt")
    return 0


def check() -> int:
    sys.path.insert(0, str(speclib.ROOT / "python"))
    from shlo.serialize.compat import spec_problems
    problems = spec_problems(speclib.spec_signatures(),
                             {v: speclib.load_snapshot(v) for v in speclib.release_versions()},
                             {o.name: speclib.op_changes(o) for o in speclib.load_ops()},
                             {r["version"]: r["bytecode_version"] for r in speclib.load_versions()["releases"]})
    for p in problems:
        print(p)
    print("op set compatible with every release" if not problems else f"{len(problems)} problem(s)")
    return 1 if problems else 0


def main(argv) -> int:
    if len(argv) == 2 and argv[0] == "cut":
        return cut(argv[1])
    if argv == ["check"]:
        return check()
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
