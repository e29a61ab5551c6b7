"""Timing shared by the benchmarks: medians, since these machines are shared and noisy."""
from __future__ import annotations

import statistics
import time


def median_time(fn, runs: int) -> float:
    """The median wall time of `runs` calls of `fn`, in seconds."""
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)
