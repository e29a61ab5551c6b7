"""The reader server of isolation.py: forks one single-use reader per untrusted input.

Started by `isolation.py` as a fresh interpreter (fork+exec of the caller, never
a plain fork), with thread pools disabled, so it is single-threaded and forking
it is safe. It imports shlo once; each read then costs a fork, not an
interpreter start. Protocol over its stdin/stdout pipes:

    server -> caller  b"R"                          imports done
    caller -> server  u32 header length, JSON header {"kind", "verify", "name", "limit_s"},
                      u64 data length, data
    server -> caller  b"P" u32 pid                  the reader for this input
    server -> caller  b"D" i32 status, u32 length, verdict   (status: exit code, or -signal)

The verdict is b"ok" or b"error:" + message. Nothing read from the input flows
back except a message: on b"ok" the caller parses the same bytes itself,
knowing MLIR's reader gets through them.

Lifetime: the server and each reader get SIGKILL when their parent dies
(PR_SET_PDEATHSIG on Linux, with a parent-pid check for the race at start);
the server also exits on EOF from the caller. A reader bounds its CPU time
(RLIMIT_CPU) and exits after its wall-clock limit even if nobody kills it.
"""
from __future__ import annotations

import json
import os
import resource
import signal
import struct
import sys
import time

PR_SET_PDEATHSIG = 1


def _die_with_parent(parent_pid: int) -> None:
    """SIGKILL this process when its parent dies (Linux); exit now if it already has."""
    if sys.platform.startswith("linux"):
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
            os._exit(3)
    if os.getppid() != parent_pid:  # the parent died before prctl took effect: we were re-parented
        os._exit(3)


def _read_exact(fd: int, n: int) -> bytes:
    chunks, left = [], n
    while left:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:  # the caller went away: nothing left to do
            os._exit(0)
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _bound_cpu(limit_s: float) -> None:
    """SIGXCPU once this reader has used `limit_s` + 1 s of CPU, SIGKILL a second later."""
    soft = int(limit_s) + 2
    _, hard = resource.getrlimit(resource.RLIMIT_CPU)
    if hard != resource.RLIM_INFINITY and hard <= soft:
        soft = max(hard - 1, 1)
    else:
        hard = soft + 1
    resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))


_context = None  # made by the server, used by the one read in each forked reader


def _read(kind: str, data: bytes, request: dict) -> None:
    if kind == "artifact":
        from . import deserialize
        deserialize(data, context=_context, verify=request.get("verify", True))
    elif kind == "bytecode":
        from ..program import parse
        parse(data, context=_context, name=request.get("name", "<input>"), verify=False)
    elif kind == "_spin":  # stand-ins for a reader stuck in a loop or crashing (tests)
        while True:
            pass
    elif kind == "_sleep":
        while True:
            time.sleep(60)
    elif kind == "_abort":
        os.abort()
    else:
        raise ValueError(f"unknown read kind {kind!r}")


def _reader(server_pid: int, request: dict, data: bytes, verdict_fd: int) -> None:
    """In the forked reader: read once, write the verdict, exit. Never returns."""
    try:
        _die_with_parent(server_pid)
        limit_s = float(request["limit_s"])
        _bound_cpu(limit_s)
        # Second line behind PDEATHSIG (the only one off Linux): exit after the wall-clock limit
        # even when nobody is left to kill this process. faulthandler's watchdog needs no GIL.
        import faulthandler
        faulthandler.dump_traceback_later(limit_s + 2, exit=True, file=open(os.devnull, "w"))
        from ..errors import DeserializationError
        status = b"ok"
        try:
            _read(request["kind"], data, request)
        except DeserializationError as e:
            status = b"error:" + str(e).encode("utf-8", "replace")[:8000]
        except BaseException as e:  # noqa: BLE001 - anything else is reported, not raised
            status = b"error:" + f"{type(e).__name__}: {e}".encode("utf-8", "replace")[:8000]
        _write_all(verdict_fd, status)
    finally:
        os._exit(0)


_WARM_UP = """func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "shlo.add"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}"""


def _warm_up() -> None:
    """Imports and one-time set-up (dialects, verifier tables) on a program of our own, and an
    empty context for the readers, so that every forked reader inherits them instead of paying
    for them (making a context costs 5-10 ms)."""
    global _context
    from . import deserialize, serialize
    from ..context import make_context
    from ..program import parse
    from ..dialects import shlo  # noqa: F401 - op classes, imported lazily on first use otherwise
    from ..verify import shardings  # noqa: F401
    deserialize(serialize(parse(_WARM_UP, name="<reader warm-up>")))
    _context = make_context()


def main(parent_pid: int) -> None:
    _die_with_parent(parent_pid)
    out = os.dup(1)
    os.dup2(2, 1)  # stray prints (imports, MLIR) must not land in the protocol pipe
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the caller's to handle
    _warm_up()
    import gc
    gc.collect()
    gc.freeze()  # readers' collections skip the inherited heap: no copy-on-write of every page
    if sys.platform.startswith("linux") and len(os.listdir("/proc/self/task")) != 1:
        print("shlo reader server: not single-threaded after start-up; refusing to fork readers",
              file=sys.stderr)
        os._exit(4)
    os.write(out, b"R")
    while True:
        (hlen,) = struct.unpack("<I", _read_exact(0, 4))
        request = json.loads(_read_exact(0, hlen))
        (dlen,) = struct.unpack("<Q", _read_exact(0, 8))
        data = _read_exact(0, dlen)
        r, w = os.pipe()
        server_pid = os.getpid()
        pid = os.fork()
        if pid == 0:
            os.close(r)
            os.close(out)
            devnull = os.open(os.devnull, os.O_RDONLY)
            os.dup2(devnull, 0)
            _reader(server_pid, request, data, w)
        os.close(w)
        os.write(out, b"P" + struct.pack("<I", pid))
        chunks = []
        while chunk := os.read(r, 65536):  # EOF when the reader exits or is killed
            chunks.append(chunk)
        os.close(r)
        _, status = os.waitpid(pid, 0)
        code = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
        verdict = b"".join(chunks)
        _write_all(out, b"D" + struct.pack("<iI", code, len(verdict)) + verdict)
