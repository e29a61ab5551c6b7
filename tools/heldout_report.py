"""The per-model lines and the totals that tools/torch_heldout.py, tools/onnx_heldout.py and
tools/jax_heldout.py print, and the checks of one model that they share."""
from __future__ import annotations

import time
import traceback


class Report:
    def __init__(self, uncounted: tuple, what: str, verbose: bool = False):
        self.counts: dict = {}
        self.failed: list = []
        self.uncounted = uncounted      # statuses left out of the pass rate (models never exported / built)
        self.what = what
        self.verbose = verbose
        self.t0 = time.perf_counter()

    def add(self, r: dict, width: int = 12) -> None:
        """One model's result ({name, status, detail, seconds[, trace]}), printed as it comes."""
        self.counts[r["status"]] = self.counts.get(r["status"], 0) + 1
        print(f"{r['status']:{width}} {r['name']} ({r['seconds']:.1f} s){': ' + r['detail'] if r['detail'] else ''}",
              flush=True)
        if r["status"] != "pass":
            self.failed.append(r["name"])
            if self.verbose and "trace" in r:
                print(r["trace"])

    def finish(self, total: int) -> int:
        """Prints the totals; the exit status (0 when every counted model passed)."""
        built = sum(v for k, v in self.counts.items() if k not in self.uncounted)
        passed = self.counts.get("pass", 0)
        print(f"\n{total} models: " + ", ".join(f"{k} {v}" for k, v in sorted(self.counts.items())))
        print(f"pass rate over the {self.what} models: {passed}/{built} = {100.0 * passed / max(built, 1):.1f}%"
              f" ({time.perf_counter() - self.t0:.0f} s)")
        if self.failed:
            print("failing: " + ", ".join(self.failed))
        return 0 if passed == built else 1


def first_difference(runs: list, input_sets, compare, rtol, atol):
    """Each of `runs` ([(kind, call)], e.g. interp and compile) on each (call arguments, expected
    results) of `input_sets`: None when all match, else (status, detail or exception) of the first
    that does not: "<kind>-error" with the exception a call raised, "<kind>-fail" with what differs."""
    for k, (call_args, want) in enumerate(input_sets):
        for kind, run in runs:
            try:
                got = run(*call_args)
            except Exception as e:  # noqa: BLE001 - reported as the model's status
                return f"{kind}-error", e
            problem = compare(got, want, rtol, atol)
            if problem:
                return f"{kind}-fail", f"input set {k}: {problem}"
    return None


def failure(out: dict, status: str, e: BaseException, t0: float) -> dict:
    """`out` (a model's result) with `status`, the exception's first line and its traceback."""
    msg = str(e).strip()
    out.update(status=status, detail=f"{type(e).__name__}: {msg.splitlines()[0][:300] if msg else ''}",
               trace="".join(traceback.format_exception(e)), seconds=time.perf_counter() - t0)
    return out


def case_result(out: dict, difference, t0: float) -> dict:
    """`out` finished with what first_difference found (None: it passed)."""
    if difference is None:
        out["seconds"] = time.perf_counter() - t0
        return out
    status, what = difference
    if isinstance(what, BaseException):
        return failure(out, status, what, t0)
    out.update(status=status, detail=what, seconds=time.perf_counter() - t0)
    return out
