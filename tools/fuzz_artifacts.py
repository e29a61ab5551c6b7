#!/usr/bin/env python3
"""A longer fuzz campaign for shlo.deserialize than the bounded test in the suite.

    tools/fuzz_artifacts.py [--cases 100000] [--seconds 600] [--deep] [--isolated] [--save DIR]
                            [--first-seed N]

Mutates golden artifacts (bit flips, truncations, insertions, splices, random
bytes) and checks that each mutant either deserializes or raises
DeserializationError. Cases run in worker processes (chunks of --chunk cases), so a crash (segfault
or abort inside MLIR) is counted and the crashing input saved, instead of
ending the run.

--deep re-seals every mutant with a valid checksum, so the mutations reach
our structural checks and, past them, MLIR's bytecode reader. That measures
how much the reader itself tolerates; ordinary corruption never gets that
far because of the checksum.

--isolated reads every mutant the documented untrusted way,
shlo.deserialize(data, isolated=True): a reader crash or a read past the
limit is then a DeserializationError, counted separately in the summary
and saved under --save as <seed>-crash-<case>.bin / <seed>-loop-<case>.bin.
An input that raised anything but DeserializationError is saved there as
<seed>-unexpected-<case>.bin (mutants use os.urandom: a seed does not
reproduce them).
"""
from __future__ import annotations

import argparse
import os
import pathlib
import struct
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


def _worker(seed: int, count: int, deep: bool, isolated: bool = False) -> int:
    """Runs one chunk in this process; prints a JSON summary; crashes are the parent's business."""
    import json
    import shlo
    from shlo.serialize import envelope
    seeds = [p.read_bytes() for p in sorted((ROOT / "compat_tests").glob("*/*.shlo"))][::7]
    rng = random.Random(seed)
    ok = rejected = reader_crashes = reader_timeouts = 0
    unexpected = []
    for i in range(count):
        data = mutate(rng, seeds)
        if deep and len(data) > envelope.header_size(1):
            # A valid envelope around damaged bytecode: what reaches MLIR's reader.
            fmt = data[8] if data[8] in (1, 2) else envelope.LATEST_FORMAT
            version = struct.unpack_from("<HHH", data, 9)  # format 1 only; format 2 reads the payload's
            data = envelope.wrap(version, 4, data[envelope.header_size(fmt):], fmt)
        pathlib.Path(f"/tmp/shlo-fuzz-current-{seed}.bin").write_bytes(data)  # left behind on a crash
        try:
            shlo.deserialize(data, isolated=isolated)
            ok += 1
        except shlo.DeserializationError as e:
            rejected += 1
            crashed = "crashes MLIR's bytecode reader" in str(e)
            looped = "did not finish within" in str(e) or "CPU-time limit" in str(e)
            reader_crashes += crashed
            reader_timeouts += looped
            if crashed or looped:  # kept for the parent to move into --save
                kind = "crash" if crashed else "loop"
                pathlib.Path(f"/tmp/shlo-fuzz-refused-{seed}-{kind}-{i}.bin").write_bytes(data)
        except Exception as e:  # noqa: BLE001 - this is what the campaign looks for
            import traceback
            where = traceback.extract_tb(e.__traceback__)[-1]
            unexpected.append(f"{type(e).__name__}: {str(e)[:200]} ({where.filename}:{where.lineno}; "
                              f"input kept as {seed}-unexpected-{i}.bin)")
            pathlib.Path(f"/tmp/shlo-fuzz-refused-{seed}-unexpected-{i}.bin").write_bytes(data)
    pathlib.Path(f"/tmp/shlo-fuzz-current-{seed}.bin").unlink(missing_ok=True)
    print(json.dumps({"ok": ok, "rejected": rejected, "unexpected": unexpected,
                      "reader_crashes": reader_crashes, "reader_timeouts": reader_timeouts}))
    return 0


def main(argv=None) -> int:
    import concurrent.futures
    import json
    import shutil
    import subprocess
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cases", type=int, default=100_000)
    ap.add_argument("--seconds", type=float, default=600)
    ap.add_argument("--deep", action="store_true", help="re-seal mutants with a valid checksum")
    ap.add_argument("--isolated", action="store_true", help="read with shlo.deserialize(isolated=True)")
    ap.add_argument("--save", default="/tmp/shlo-fuzz", help="where crashing inputs go")
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--chunk", type=int, default=500)
    ap.add_argument("--hang-seconds", type=float, default=60, help="a chunk running longer counts as a hang")
    ap.add_argument("--first-seed", type=int, default=0,
                    help="seed of the first chunk; separate runs with disjoint seeds add up to one campaign")
    ap.add_argument("--worker", nargs=3, type=int, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        return _worker(*args.worker[:2], bool(args.worker[2] & 1), bool(args.worker[2] & 2))
    save = pathlib.Path(args.save)
    save.mkdir(parents=True, exist_ok=True)
    start = time.time()
    totals = {"cases": 0, "ok": 0, "rejected": 0, "unexpected": 0, "crashes": 0, "hangs": 0,
              "reader_crashes": 0, "reader_timeouts": 0}
    mode = int(args.deep) | 2 * int(args.isolated)

    def chunk(seed):
        try:
            r = subprocess.run([sys.executable, __file__, "--worker", str(seed), str(args.chunk), str(mode)],
                               capture_output=True, text=True, timeout=args.hang_seconds)
        except subprocess.TimeoutExpired:
            r = subprocess.CompletedProcess([], -999, "", f"hung for more than {args.hang_seconds} s")
        return seed, r

    seed = args.first_seed
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        while totals["cases"] < args.cases and time.time() - start < args.seconds:
            futures = [pool.submit(chunk, seed + i) for i in range(args.jobs)]
            seed += args.jobs
            for f in futures:
                s, r = f.result()
                lines = [l for l in r.stdout.splitlines() if l.startswith("{")]
                if r.returncode != 0 or not lines:
                    totals["hangs" if r.returncode == -999 else "crashes"] += 1
                    cur = pathlib.Path(f"/tmp/shlo-fuzz-current-{s}.bin")
                    if cur.exists():
                        shutil.move(str(cur), save / f"crash-{s}.bin")
                    last = (r.stderr.strip().splitlines() or ["?"])[-1]
                    print(f"chunk {s}: process died (status {r.returncode}): {last[:200]}")
                    totals["cases"] += args.chunk // 2  # unknown how far it got; count half
                    continue
                for kept in pathlib.Path("/tmp").glob(f"shlo-fuzz-refused-{s}-*.bin"):
                    shutil.move(str(kept), save / kept.name[len("shlo-fuzz-refused-"):])
                res = json.loads(lines[-1])
                totals["cases"] += args.chunk
                totals["ok"] += res["ok"]
                totals["rejected"] += res["rejected"]
                totals["unexpected"] += len(res["unexpected"])
                totals["reader_crashes"] += res["reader_crashes"]
                totals["reader_timeouts"] += res["reader_timeouts"]
                for u in res["unexpected"]:
                    print(f"chunk {s}: unexpected {u}")
    secs = time.time() - start
    print(f"~{totals['cases']} cases in {secs:.0f} s ({'deep' if args.deep else 'envelope'}): {totals['ok']} read, "
          f"{totals['rejected']} rejected with DeserializationError, {totals['unexpected']} other exceptions, "
          f"{totals['crashes']} process crash(es), {totals['hangs']} hung chunk(s); crashing inputs in {save}"
          + (f"; isolated: {totals['reader_crashes']} reader crash(es) and {totals['reader_timeouts']} "
             f"read(s) past the limit refused" if args.isolated else ""))
    return 1 if totals["unexpected"] or totals["crashes"] or totals["hangs"] else 0


if __name__ == "__main__":
    sys.exit(main())
