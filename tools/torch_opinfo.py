#!/usr/bin/env python3
"""Differential run of the PyTorch importer over torch's OpInfo database.

For each op of `torch.testing._internal.common_methods_invocations.op_db` and each of its CPU
sample inputs, the op call is wrapped in a small nn.Module over the sample's tensors,
exported, imported with shlo.from_torch, run with shlo.interpret (and compiled with
--compile) and compared with eager PyTorch (tests/torch/opinfo_samples.py does one sample).

    .venv/bin/python tools/torch_opinfo.py --ops add mul softmax --dtypes f32 i64
    .venv/bin/python tools/torch_opinfo.py --max-samples 3 --json opinfo.json   # everything
    .venv/bin/python tools/torch_opinfo.py --ops sort --verbose                 # every failure
    .venv/bin/python tools/torch_opinfo.py --max-samples 4 --skip-samples 1     # samples 1 to 3
    .venv/bin/python tools/torch_opinfo.py --compile --part 2/3                 # the middle third of the ops

Per op it prints pass / fail / export-failed / import-error / skipped counts and the totals.
export-failed samples are ones torch.export itself cannot export (not our failures);
import-error ones name the ATen ops without a converter; skipped ones are random ops (two
eager calls disagree) or samples eager rejects. A sample never ends the run: each is caught,
and stopped after --timeout seconds (when it returns to Python).
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import sys
import time
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "python"))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "torch"))

STATUSES = ("pass", "fail", "export-failed", "import-error", "skipped")
DEFAULT_DTYPES = ["f32", "i64", "bool", "f16", "bf16"]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ops", nargs="*", help="op names (\"add\") or full names with a variant "
                                             "(\"nn.functional.pad.reflect\"); default: all")
    ap.add_argument("--dtypes", nargs="*", default=DEFAULT_DTYPES,
                    help=f"dtypes among f64 f32 f16 bf16 i64 i32 i16 i8 u8 bool (default: {' '.join(DEFAULT_DTYPES)}"
                         "; each only where the op supports it on the CPU)")
    ap.add_argument("--max-samples", type=int, default=None, help="first N samples per op and dtype")
    ap.add_argument("--skip-samples", type=int, default=0,
                    help="leave out the first N of those (already checked by an earlier run)")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per sample (0: none)")
    ap.add_argument("--part", help="K/N: only the K-th of N equal runs of the selected OpInfos, in op_db's "
                                   "order (long runs split in parts; the N parts together are the whole)")
    ap.add_argument("--compile", action="store_true", help="also compile each passing sample and compare")
    ap.add_argument("--json", help="write per-op counts, failure details and the ATen ops seen here")
    ap.add_argument("--verbose", "-v", action="store_true", help="print every non-passing sample")
    args = ap.parse_args(argv)

    warnings.simplefilter("ignore")
    import torch
    import opinfo_samples as S

    bad = [d for d in args.dtypes if d not in S.DTYPES]
    if bad:
        ap.error(f"unknown dtypes {bad}; choose among {' '.join(S.DTYPES)}")
    ops = S.opinfos(args.ops)
    if args.ops and not ops:
        ap.error(f"no OpInfo named {args.ops}")
    if args.part:
        try:
            k, n = (int(x) for x in args.part.split("/"))
        except ValueError:
            k = n = 0
        if not 1 <= k <= n:
            ap.error(f"--part wants K/N with 1 <= K <= N, got {args.part!r}")
        ops = ops[len(ops) * (k - 1) // n: len(ops) * k // n]
    torch.manual_seed(0)

    per_op: dict = {}
    unsupported = collections.Counter()
    seen = collections.Counter()
    details: dict = collections.defaultdict(list)
    accepted: dict = collections.defaultdict(list)      # passes against another reference than eager
    accepted_n = 0
    totals = collections.Counter()
    t0 = time.perf_counter()
    for op in ops:
        name = S.full_name(op)
        counts = per_op.setdefault(name, collections.Counter())
        for dname in args.dtypes:
            dtype = S.DTYPES[dname]
            if not S.supports(op, dtype):
                continue
            try:
                cases = S.samples(op, dtype, args.max_samples, start=args.skip_samples)
            except Exception as e:  # noqa: BLE001 - the sample generator itself failed
                counts["skipped"] += 1
                details[name].append(f"{dname}: sample_inputs raised {type(e).__name__}: {e}"[:300])
                continue
            for i, sample in enumerate(cases, start=args.skip_samples):
                out = S.run_sample(op, sample, dtype, compile=args.compile, timeout=args.timeout)
                counts[out.status] += 1
                totals[out.status] += 1
                unsupported.update(out.unsupported)
                seen.update(out.aten_ops)
                if out.status != "pass" or out.detail:
                    line = f"{dname} sample {i}: {out.status}: {out.detail}"
                    (details if out.status != "pass" else accepted)[name].append(line)
                    accepted_n += out.status == "pass"
                    if args.verbose:
                        print(f"  {name} {line}", flush=True)
        if counts:
            print(f"{name:40s} " + "  ".join(f"{s} {counts[s]}" for s in STATUSES if counts[s]), flush=True)
    elapsed = time.perf_counter() - t0

    n = sum(totals.values())
    print(f"\n{len(per_op)} OpInfos, {n} samples in {elapsed:.0f} s: "
          + ", ".join(f"{s} {totals[s]}" for s in STATUSES))
    ran = n - totals["export-failed"] - totals["skipped"]
    if ran:
        print(f"pass rate over exportable samples: {totals['pass']} / {ran} ({100.0 * totals['pass'] / ran:.1f}%)")
    if accepted_n:
        print(f"passes matching another reference than eager's own result (eager in f64 rounded, scipy, "
              f"ties / signs / eigenvalue order): {accepted_n}")
    full = [k for k, c in per_op.items() if c and c["pass"] == sum(c.values()) - c["export-failed"] - c["skipped"]
            and c["pass"]]
    print(f"OpInfos with every exportable sample passing: {len(full)}")
    if unsupported:
        print("ATen ops without a converter (samples needing them):")
        for op_name, k in unsupported.most_common():
            print(f"  {op_name:50s} {k}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"torch": torch.__version__, "dtypes": args.dtypes, "max_samples": args.max_samples,
                       "skip_samples": args.skip_samples,
                       "seconds": round(elapsed, 1), "totals": dict(totals),
                       "ops": {k: dict(v) for k, v in per_op.items()},
                       "unsupported": dict(unsupported), "aten_ops_seen": dict(seen),
                       "failures": dict(details), "accepted": dict(accepted)}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
