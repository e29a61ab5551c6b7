"""`shlo-opt --check-compat`: the op set against its releases, and artifacts against this reader."""
from __future__ import annotations

import os
import sys

from ..errors import ShloError
from . import current_version, deserialize
from .compat import package_problems


def _artifacts(path: str):
    if os.path.isdir(path):
        for root, dirs, files in os.walk(path):
            dirs.sort()
            for f in sorted(files):
                if f.endswith(".shlo"):
                    yield os.path.join(root, f)
    else:
        yield path


def check_compat(path: str) -> int:
    bad = 0
    for problem in package_problems():
        print(f"shlo-opt: op set: {problem}", file=sys.stderr)
        bad += 1
    n = 0
    for f in _artifacts(path):
        n += 1
        try:
            if f == "-":
                data = sys.stdin.buffer.read()
            else:
                with open(f, "rb") as fh:
                    data = fh.read()
            deserialize(data, isolated=True)  # CI reads artifacts it did not write
        except (ShloError, OSError) as e:
            print(f"shlo-opt: {f}: {e}", file=sys.stderr)
            bad += 1
    if n == 0:
        print(f"shlo-opt: no artifacts (*.shlo) under {path}", file=sys.stderr)
        return 1
    status = "FAILED" if bad else "ok"
    print(f"check-compat {status}: {n} artifact(s) read at shlo {current_version()}, {bad} problem(s)")
    return 1 if bad else 0
