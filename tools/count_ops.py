#!/usr/bin/env python3
"""Counts the ops in the current released op set, the spec, the ODS and the docs.

Exit status 1 when the four disagree (an op missing from one of them).
"""
from __future__ import annotations

import re
import sys

import speclib
from speclib import ROOT


def _key(version: str) -> tuple:
    return tuple(int(x) for x in version.split("."))


def counts() -> dict[str, set[str]]:
    ods = (ROOT / "dialect/ShloOps.td").read_text()
    docs = (ROOT / "docs/spec.md").read_text()
    return {
        "opset": set(speclib.released_opset(speclib.current_version())),
        "spec/ops": {o.name for o in speclib.load_ops()},
        "ODS": set(re.findall(r'^def Shlo_\w+Op : Shlo_Op<"(\w+)"', ods, re.M)),
        "docs": set(re.findall(r"^### (\w+)$", docs, re.M)),
    }


def main() -> int:
    c = counts()
    for name, ops in c.items():
        print(f"{name:12} {len(ops)} ops")
    reference = c["opset"]
    print(f"current version {speclib.current_version()}")
    for version in speclib.release_versions():
        ops = speclib.released_opset(version)
        since = {o.name for o in speclib.load_ops() if _key(o.since) <= _key(version)}
        agree = "agrees" if set(ops) == since else "DISAGREES"
        print(f"release {version}: {len(ops)} ops ({agree} with the spec's `since` fields)")
        bad_release = set(ops) != since
        if bad_release:
            print(f"  missing {sorted(since - set(ops))} extra {sorted(set(ops) - since)}")
    bad = False
    for name, ops in c.items():
        missing, extra = sorted(reference - ops), sorted(ops - reference)
        if missing or extra:
            bad = True
            print(f"{name}: missing {missing} extra {extra}")
    bad = bad or any(set(speclib.released_opset(v)) != {o.name for o in speclib.load_ops()
                                                          if _key(o.since) <= _key(v)}
                     for v in speclib.release_versions())
    print("all agree" if not bad else "MISMATCH")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
