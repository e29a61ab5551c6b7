#!/usr/bin/env python3
"""A longer fuzz campaign for shlo.deserialize than the bounded test in the suite.

    tools/fuzz_artifacts.py [--cases 100000] [--seconds 600] [--deep] [--save DIR]

Mutates golden artifacts (bit flips, truncations, insertions, splices, random
bytes) and checks that each mutant either deserializes or raises
DeserializationError. Cases run in worker processes, so a crash (segfault or
abort inside MLIR) is counted and its input saved, instead of ending the run.

--deep re-seals every mutant with a valid checksum, so the mutations reach
our structural checks and, past them, MLIR's bytecode reader. That measures
how much the reader itself tolerates; ordinary corruption never gets that
far because of the checksum.
"""
from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import pathlib
import random
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "python"))


def mutate(rng: random.Random, seeds: list[bytes]) -> bytes:
    buf = bytearray(rng.choice(seeds))
    kind = rng.randrange(5)
    if kind == 0:
        for _ in range(rng.randint(1, 8)):
            i = rng.randrange(len(buf))
            buf[i] ^= 1 << rng.randrange(8)
    elif kind == 1:
        buf = buf[:rng.randrange(len(buf))]
    elif kind == 2:
        i = rng.randrange(len(buf) + 1)
        buf[i:i] = os.urandom(rng.randint(1, 16))
    elif kind == 3:
        other = rng.choice(seeds)
        i, j = rng.randrange(len(buf) + 1), rng.randrange(len(other) + 1)
        buf = buf[:i] + other[j:]
    else:
        buf = bytearray(os.urandom(rng.randint(0, 512)))
    return bytes(buf)


def _run(args):
    seed, count, deep, seeds = args
    import shlo
    from shlo.serialize import envelope
    rng = random.Random(seed)
    ok = rejected = 0
    unexpected = []
    for _ in range(count):
        data = mutate(rng, seeds)
        if deep and len(data) > envelope.HEADER_SIZE:
            payload = data[envelope.HEADER_SIZE:]
            data = envelope.wrap((1, 1, 0), 4, payload)
        try:
            shlo.deserialize(data)
            ok += 1
        except shlo.DeserializationError:
            rejected += 1
        except Exception as e:  # noqa: BLE001 - this is what the campaign looks for
            unexpected.append((type(e).__name__, str(e)[:200], data))
    return ok, rejected, unexpected


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cases", type=int, default=100_000)
    ap.add_argument("--seconds", type=float, default=600)
    ap.add_argument("--deep", action="store_true", help="re-seal mutants with a valid checksum")
    ap.add_argument("--save", default="/tmp/shlo-fuzz", help="where crashing/unexpected inputs go")
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--chunk", type=int, default=200)
    args = ap.parse_args(argv)
    seeds = [p.read_bytes() for p in sorted((ROOT / "compat_tests").glob("*/*.shlo"))][::7]
    save = pathlib.Path(args.save)
    save.mkdir(parents=True, exist_ok=True)
    start, done, ok, rejected, crashes, odd = time.time(), 0, 0, 0, 0, 0
    batch = 0
    # maxtasksperchild=1: a worker killed by a crash takes one chunk with it, which is reported.
    with mp.get_context("spawn").Pool(args.jobs, maxtasksperchild=1) as pool:
        while done < args.cases and time.time() - start < args.seconds:
            jobs = [(batch * 1000 + i, args.chunk, args.deep, seeds) for i in range(args.jobs)]
            batch += 1
            results = [pool.apply_async(_run, (j,)) for j in jobs]
            for j, r in zip(jobs, results):
                try:
                    o, rj, unexpected = r.get(timeout=300)
                except Exception as e:  # noqa: BLE001 - a dead worker: rerun the chunk alone to find the input
                    crashes += 1
                    (save / f"crash-seed{j[0]}.txt").write_text(f"{type(e).__name__}: {e}\nseed {j[0]} deep {args.deep}\n")
                    continue
                ok, rejected, odd = ok + o, rejected + rj, odd + len(unexpected)
                for k, (name, msg, data) in enumerate(unexpected):
                    (save / f"unexpected-{j[0]}-{k}.bin").write_bytes(data)
                    print(f"unexpected {name}: {msg}")
            done += args.chunk * len(jobs)
    secs = time.time() - start
    print(f"{done} cases in {secs:.0f} s ({'deep' if args.deep else 'envelope'}): {ok} read, {rejected} rejected "
          f"with DeserializationError, {odd} other exceptions, {crashes} crashed chunk(s); inputs in {save}")
    return 1 if odd or crashes else 0


if __name__ == "__main__":
    sys.exit(main())
