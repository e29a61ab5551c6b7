#!/usr/bin/env python3
"""Prints which spec ops the interpreter implements: covered/total, and the missing ones."""
from __future__ import annotations

import sys

import speclib

from shlo.interpreter import implemented_ops


def main() -> int:
    spec = {o.name for o in speclib.load_ops()} - {"return"}  # return is a terminator, not run
    done = implemented_ops() & spec
    print(f"interpreter covers {len(done)}/{len(spec)} ops")
    missing = sorted(spec - done)
    if missing:
        print("missing: " + ", ".join(missing))
    extra = sorted(implemented_ops() - spec)
    if extra:
        print("implemented but not in the spec: " + ", ".join(extra))
    return 0 if not missing and not extra else 1


if __name__ == "__main__":
    sys.exit(main())
