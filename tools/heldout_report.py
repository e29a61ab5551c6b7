"""The per-model lines and the totals that tools/torch_heldout.py and tools/onnx_heldout.py print."""
from __future__ import annotations

import time


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
