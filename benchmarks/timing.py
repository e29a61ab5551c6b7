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


SETTLE_S = 0.1       # pause between two timed calls


def time_interleaved(calls: dict, runs: int) -> dict:
    """{name: wall times of `runs` calls}: one warm-up call each, then the calls interleaved,
    each round starting one system later, so that a noisy moment falls on all of them."""
    names = list(calls)
    for name in names:
        calls[name]()
    times = {name: [] for name in names}
    for rep in range(runs):
        for name in names[rep % len(names):] + names[:rep % len(names)]:
            time.sleep(SETTLE_S)
            t0 = time.perf_counter()
            calls[name]()
            times[name].append(time.perf_counter() - t0)
    return times
