#!/usr/bin/env python3
"""The GPU back end on every conformance program, without a GPU: prints coverage per op.

    .venv/bin/python tools/gpu_coverage.py            # all of conformance/
    .venv/bin/python tools/gpu_coverage.py add sort   # some ops
    --failures     print each failure's message
    --save DIR     also write each passing program's sm_90 artifact, inputs and expected outputs
                   (DIR/<op>__<file>/), for tools/run_cuda_artifact.py on a GPU machine
    --jobs N       ops in N worker processes (each op in its own process: a crash is reported
                   as that op's failure, not the end of the run)

Two checks per program (constants lifted to arguments, as tools/compiled_coverage.py does):
  mapped  the loops mapped to GPU blocks and threads, run on the CPU, satisfy the program's
          check.* calls (the oracle's expected values, the interpreter's tolerances)
  ptx     PTX is produced for sm_80 and for sm_90 and `ptxas` assembles both
and counts the programs whose kernels still allocate with device-side malloc (an allocation
whose size is known only inside a loop or branch, freed where it can be). The last lines are
the totals; the exit status is 1 when any program failed a check.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "python"))

import shlo  # noqa: E402
from shlo.lowering.gpu import compiler as gpu  # noqa: E402
from shlo.lowering.gpu.ptxas import ptxas_path  # noqa: E402
from shlo.lowering.selfcheck import lift_constants  # noqa: E402

ARCHES = ("sm_80", "sm_90")


def _first_line(e: BaseException) -> str:
    text = str(e).strip().splitlines()
    return f"{type(e).__name__}: {(text[0] if text else '')[:300]}"


def check_program(text: str, name: str, save: Path | None = None) -> tuple:
    """(mapped error or None, ptx error or None, whether a kernel calls device-side malloc) for
    one conformance program."""
    prog = shlo.parse(text, name=name)
    prog, args = lift_constants(prog)
    mapped = ptx = None
    outputs = None
    malloc = False
    try:
        outputs = gpu.cpu_check(prog)(*args)
    except Exception as e:  # noqa: BLE001 - report, keep going
        mapped = _first_line(e)
    try:
        arts = gpu.compile_cuda_arches(prog, ARCHES)
        malloc = "malloc" in arts["sm_90"].ptx
        missing = [a for a in ARCHES if arts[a].cubin is None and arts[a].plan["launches"]]
        if missing:
            ptx = f"no cubin for {missing} (ptxas missing?)"
        elif save is not None and mapped is None:
            _save(save, arts["sm_90"], prog, args)
    except Exception as e:  # noqa: BLE001
        ptx = _first_line(e)
    return mapped, ptx, malloc


def _save(where: Path, art, prog, args) -> None:
    """The artifact with its inputs and, as expected outputs, the CPU back end's (flat, the
    check.* probes' operands included), with a tolerance for the element types involved:
    libdevice's math functions and the CPU's differ in the last bits."""
    from shlo.lowering.compiler import compile as compile_cpu
    fn = compile_cpu(prog)
    flat = fn._native([np.ascontiguousarray(a) for a in args])
    dtypes = {str(o["dtype"]) for o in art.plan["outputs"]}
    if dtypes & {"float16", "bfloat16", "complex64"} or any(d.startswith("float8") for d in dtypes):
        tol = {"rtol": 2e-2, "atol": 2e-2}
    elif dtypes & {"float32"}:
        tol = {"rtol": 1e-4, "atol": 1e-5}
    else:
        tol = {"rtol": 1e-9, "atol": 1e-12}
    art.save(str(where), inputs=list(args), expected=list(flat), tolerance=tol)


def check_op(d: Path, save: Path | None) -> dict:
    """{"mapped": n, "ptx": n, "total": n, "fails": [(file, kind, message)]} of one op's programs."""
    files = sorted(d.glob("*.mlir"))
    out = {"mapped": 0, "ptx": 0, "total": len(files), "fails": [], "malloc": 0}
    for f in files:
        where = save / f"{d.name}__{f.stem}" if save else None
        try:
            m_err, p_err, malloc = check_program(f.read_text(), str(f), where)
        except Exception as e:  # noqa: BLE001 - a program that does not even parse
            m_err = p_err = _first_line(e)
            malloc = False
        out["malloc"] += malloc
        out["mapped"] += m_err is None
        out["ptx"] += p_err is None
        out["fails"] += [(f.name, kind, err) for kind, err in (("mapped", m_err), ("ptx", p_err)) if err]
    return out


def _in_subprocess(d: Path, save: Path | None) -> dict:
    import subprocess
    cmd = [sys.executable, __file__, "--worker", d.name] + (["--save", str(save)] if save else [])
    proc = subprocess.run(cmd, capture_output=True, text=True)
    for line in proc.stdout.splitlines()[::-1]:
        if line.startswith("{"):
            return json.loads(line)
    n = len(list(d.glob("*.mlir")))
    why = f"the worker died (exit {proc.returncode}): {proc.stderr.strip().splitlines()[-1:] or ''}"
    return {"mapped": 0, "ptx": 0, "total": n, "fails": [("*", "crash", why)], "malloc": 0}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ops", nargs="*")
    ap.add_argument("--failures", action="store_true")
    ap.add_argument("--save", type=Path)
    ap.add_argument("--jobs", type=int, default=0)
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    suite = ROOT / "conformance"
    if args.worker:
        print(json.dumps(check_op(suite / args.worker, args.save)))
        return 0
    if ptxas_path() is None:
        print("ptxas is not on the PATH: PTX cannot be assembled here")
        return 2
    dirs = sorted(p for p in suite.iterdir() if p.is_dir() and (not args.ops or p.name in args.ops))
    total = mapped_ok = ptx_ok = mallocs = 0
    t0 = time.perf_counter()
    if args.jobs:
        from concurrent.futures import ThreadPoolExecutor
        pool = ThreadPoolExecutor(args.jobs)
        results = pool.map(lambda d: _in_subprocess(d, args.save), dirs)
    else:
        results = (check_op(d, args.save) for d in dirs)
    for d, r in zip(dirs, results):
        total += r["total"]
        mapped_ok += r["mapped"]
        ptx_ok += r["ptx"]
        mallocs += r.get("malloc", 0)
        flag = "" if r["mapped"] == r["ptx"] == r["total"] else "  FAIL"
        print(f"{d.name:28s} mapped {r['mapped']:4d}/{r['total']:<4d} ptx {r['ptx']:4d}/{r['total']:<4d}{flag}",
              flush=True)
        if args.failures:
            for name, kind, msg in r["fails"]:
                print(f"    {name} [{kind}]: {msg}")
    print(f"mapped form on the CPU: {mapped_ok}/{total} programs match")
    print(f"PTX assembled for {' and '.join(ARCHES)}: {ptx_ok}/{total} programs "
          f"({time.perf_counter() - t0:.0f} s)")
    print(f"kernels that call device-side malloc: {mallocs}/{total} programs")
    return 0 if mapped_ok == ptx_ok == total else 1


if __name__ == "__main__":
    sys.exit(main())
