#!/usr/bin/env python3
"""The main job on the bundled example: parse, verify and round-trip
examples/mlp.mlir through the API and through shlo-opt, then show that a
spec violation is caught with its constraint id."""
from __future__ import annotations

import collections
import pathlib
import subprocess
import sys
import tempfile

import shlo

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "mlp.mlir"
OPT = pathlib.Path(sys.executable).parent / "shlo-opt"


def main() -> int:
    prog = shlo.parse(EXAMPLE.read_text(), name=str(EXAMPLE))
    ops = collections.Counter()
    prog.module.operation.walk(lambda op: ops.update([op.name]) or shlo.ir.WalkResult.ADVANCE)
    print(f"parsed and verified {EXAMPLE.relative_to(ROOT)}: "
          + ", ".join(f"{n} x{c}" for n, c in sorted(ops.items()) if n.startswith("shlo.")))
    pretty = prog.text()
    for form, data in (("generic text", prog.text(generic=True)), ("bytecode", prog.bytecode())):
        again = shlo.parse(data).text()
        print(f"round trip through {form}: {'identical' if again == pretty else 'DIFFERENT'}")
        if again != pretty:
            return 1
    with tempfile.TemporaryDirectory() as tmp:
        bc = pathlib.Path(tmp) / "mlp.mlirbc"
        subprocess.run([str(OPT), str(EXAMPLE), "--emit-bytecode", "-o", str(bc)], check=True)
        out = subprocess.run([str(OPT), str(bc), "-p", "builtin.module(shlo-verify,shlo-simplify,canonicalize,cse)"],
                             check=True, capture_output=True, text=True).stdout
        print(f"shlo-opt: {bc.stat().st_size} bytes of bytecode; after shlo-simplify,canonicalize,cse "
              f"{out.count(' = shlo.')} shlo ops remain")
    # Contract the second layer over rhs dimension 1 (size 3) instead of 0 (size 8).
    needle = "rhs_contracting_dimensions = [0]>} : (tensor<?x8xf32>"
    assert needle in EXAMPLE.read_text()
    bad = EXAMPLE.read_text().replace(needle, "rhs_contracting_dimensions = [1]>} : (tensor<?x8xf32>")
    try:
        shlo.parse(bad, name="mlp-broken.mlir")
        print("a broken program was accepted")
        return 1
    except shlo.VerificationError as e:
        print(f"broken variant rejected: {e.constraint} at {e.location}")
    print(prog)
    return 0


if __name__ == "__main__":
    sys.exit(main())
