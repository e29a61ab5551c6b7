#!/usr/bin/env python3
"""The StableHLO testdata stand-in (tools/stablehlo_testdata_proxy.py) on the GPU back end,
without a GPU: the held-out check of issue 13 on the programs the CPU lowering is measured on
(written from JAX's harnesses, expected values from XLA).

    .venv/bin/python tools/stablehlo_testdata_gpu.py --per-group 4             # a spread of each group
    .venv/bin/python tools/stablehlo_testdata_gpu.py cumsum sort -v            # only these groups
    .venv/bin/python tools/stablehlo_testdata_gpu.py --per-group 4 --save DIR  # keep the artifacts

Two checks per program (its top-level constants lifted to arguments, as tools/gpu_coverage.py does):
  ptx     PTX for sm_80 and sm_90 from one lowering, and `ptxas` assembles both
  mapped  the loops mapped to GPU blocks and threads, run on the CPU (gpu.cpu_check), pass the
          program's check.* calls (XLA's expected values)
A mapped-form failure on wrong values is run through the CPU back end too (shlo.compile), so a
rounding difference the CPU lowering shares is told apart from one of the GPU mapping.
`--save DIR` writes each program that passed both checks as DIR/<name>/ (sm_90 artifact,
inputs, expected outputs from the CPU back end: tools/gpu_coverage.py's format) for
tools/run_cuda_artifact.py on a GPU machine. Exit status 1 when any program failed a check.
"""
from __future__ import annotations

import argparse
import collections
import os
import sys
import time
import zlib
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import gpu_coverage  # noqa: E402
import stablehlo_testdata_compiled as compiled  # noqa: E402
import stablehlo_testdata_proxy as proxy  # noqa: E402

ARCHES = gpu_coverage.ARCHES


def _reason(e: BaseException) -> str:
    text = str(e).strip().splitlines()
    return f"{type(e).__name__}: {(text[0] if text else '')[:240]}"


def _kind(e: BaseException) -> str:
    """'wrong values' (a check.* failed), 'refused' (a ShloError naming what it cannot do),
    'lowering bug (invalid IR)' or 'crash (<type>)' (anything else: a lowering bug)."""
    import shlo
    from shlo.interpreter.ops.control import CheckFailure
    if isinstance(e, CheckFailure):
        return "wrong values"
    if isinstance(e, shlo.ShloError):     # a pass that left invalid IR is a bug, not a refusal
        return "lowering bug (invalid IR)" if "invalid IR" in str(e) else "refused"
    return f"crash ({type(e).__name__})"


def check_program(text: str, save: Path | None = None) -> dict:
    """{"ptx": reason or None, "mapped": reason or None, "ptx_kind", "mapped_kind", "cpu": ...} of
    one program; `save` is the folder its artifact goes to when both checks pass."""
    import shlo
    from shlo.lowering.gpu import compiler as gpu
    from shlo.lowering.selfcheck import lift_constants
    out = {"ptx": None, "mapped": None}
    try:
        prog, args = lift_constants(shlo.from_stablehlo(text))
    except Exception as e:  # noqa: BLE001 - not even imported: both checks fail alike
        out["ptx"] = out["mapped"] = _reason(e)
        out["ptx_kind"] = out["mapped_kind"] = "import: " + _kind(e)
        return out
    arts = None
    try:
        arts = gpu.compile_cuda_arches(prog, ARCHES)
        missing = [a for a in ARCHES if arts[a].cubin is None and arts[a].plan["launches"]]
        if missing:
            out["ptx"], out["ptx_kind"] = f"no cubin for {missing} (ptxas missing?)", "no cubin"
    except Exception as e:  # noqa: BLE001 - every failure is reported, never raised
        out["ptx"], out["ptx_kind"] = _reason(e), _kind(e)
    try:
        gpu.cpu_check(prog)(*args)
    except Exception as e:  # noqa: BLE001
        out["mapped"], out["mapped_kind"] = _reason(e), _kind(e)
        if out["mapped_kind"] == "wrong values":
            try:
                compiled.run_compiled(text)
                out["cpu"] = "CPU compiled matches"
            except Exception as c:  # noqa: BLE001
                out["cpu"] = f"CPU compiled fails too ({_kind(c)})"
    if save is not None and out["ptx"] is None and out["mapped"] is None:
        try:
            gpu_coverage._save(save, arts["sm_90"], prog, args)
        except Exception as e:  # noqa: BLE001 - the counts stand; say the artifact is missing
            out["save"] = _reason(e)
    return out


def _folder(name: str) -> str:
    return name if len(name) <= 150 else f"{name[:130]}_{zlib.crc32(name.encode()):08x}"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    compiled.selection_arguments(ap)
    ap.add_argument("--save", type=Path, help="write each passing program's sm_90 artifact to DIR/<name>/")
    args = ap.parse_args(argv)
    from shlo.lowering.gpu.ptxas import ptxas_path
    if ptxas_path() is None:
        print("ptxas is not on the PATH: PTX cannot be assembled here")
        return 2

    groups = [] if args.run else sorted({h.group_name for h in proxy.load_harnesses()}, key=len, reverse=True)

    def group_of(name: str) -> str:
        return next((g for g in groups if name.startswith(g + "_") or name == g), "file")

    t0 = time.time()
    total = collections.Counter()
    per_group = collections.defaultdict(collections.Counter)
    failures = collections.Counter()
    skipped = collections.Counter()
    order = []
    saved_bad = 0

    def group_line(g):
        c = per_group[g]
        flag = "" if c["ptx"] == c["mapped"] == c["run"] else "  FAIL"
        print(f"{g:32s} ptx {c['ptx']:3d}/{c['run']:<3d} mapped {c['mapped']:3d}/{c['run']:<3d}{flag}", flush=True)

    for name, style, text in proxy._programs(args, skipped):
        g = group_of(name)
        if order and order[-1] != g:
            group_line(order[-1])
        if not order or order[-1] != g:
            order.append(g)
        where = args.save / _folder(name) if args.save else None
        r = check_program(text, where)
        for c in (total, per_group[g]):
            c["run"] += 1
            c["ptx"] += r["ptx"] is None
            c["mapped"] += r["mapped"] is None
        if r.get("save"):
            saved_bad += 1
            print(f"  (artifact not saved) {name}: {r['save']}", flush=True)
        if r["ptx"] is None and r["mapped"] is None:
            if args.verbose:
                print(f"  ok {name}", flush=True)
            continue
        if r["ptx"] is not None:
            failures[f"ptx: {r['ptx_kind']}"] += 1
            print(f"  FAIL ptx [{r['ptx_kind']}] {name} ({style}): {r['ptx']}", flush=True)
        if r["mapped"] is not None:
            kind = r["mapped_kind"] + (f"; {r['cpu']}" if r.get("cpu") else "")
            failures[f"mapped: {kind}"] += 1
            print(f"  FAIL mapped [{kind}] {name} ({style}): {r['mapped']}", flush=True)
    if order:
        group_line(order[-1])
    n = total["run"]
    print(f"\n{n} programs ({sum(skipped.values())} harnesses skipped: no program); {time.time() - t0:.0f} s")
    print(f"PTX assembled for {' and '.join(ARCHES)}: {total['ptx']}/{n} programs")
    print(f"mapped form on the CPU passes the checks (XLA's values): {total['mapped']}/{n} programs")
    for kind, c in sorted(failures.items()):
        print(f"  {kind}: {c}")
    if args.save:
        print(f"artifacts in {args.save}: {_count(args.save)} ({saved_bad} passing programs not saved)")
    return 0 if total["ptx"] == total["mapped"] == n else 1


def _count(d: Path) -> int:
    return sum(1 for p in d.iterdir() if p.is_dir() and not p.name.startswith(".")) if d.exists() else 0


if __name__ == "__main__":
    sys.exit(main())
