"""Reading untrusted input in a separate reader process.

The envelope's checksum keeps accidental corruption away from MLIR's bytecode
reader, but a crafted artifact with a valid checksum can still reach
assertions (aborts) or loops inside that reader. `probe` has a reader process
read the input first: a crash, a loop or a timeout there becomes a
DeserializationError here, and the caller's process only runs the reader on
bytes that were proven to read.

Readers are never forked from the caller (which may hold JAX's, BLAS's or
MLIR's threads). The first isolated read starts a reader server
(`_reader_server.py`): a fresh, single-threaded interpreter started by
fork+exec, with shlo imported. It forks one single-use reader per input. Both
die when their parent dies (PR_SET_PDEATHSIG on Linux plus a parent-pid check
for the start-up race; the server also exits on EOF from the caller); a
reader limits its own CPU time (RLIMIT_CPU) and exits after its wall-clock
limit even if nobody kills it. The caller refuses a read after `timeout_s`
seconds (default DEFAULT_TIMEOUT_S, or $SHLO_ISOLATED_READ_TIMEOUT_S).
Isolated reads from several threads take turns on the one server.
"""
from __future__ import annotations

import atexit
import json
import math
import os
import select
import signal
import struct
import subprocess
import sys
import threading
import time

from ..errors import DeserializationError

DEFAULT_TIMEOUT_S = 5.0
TIMEOUT_ENV = "SHLO_ISOLATED_READ_TIMEOUT_S"
START_TIMEOUT_S = 60.0  # interpreter start and imports: not part of any read's limit
REPLY_TIMEOUT_S = 10.0  # the server's own answers (it does no reading itself)

_SERVER = ("import json, sys; sys.path[:] = json.loads(sys.argv[1]); "
           "from shlo.serialize._reader_server import main; main(int(sys.argv[2]))")
# Thread pools that would make the server multi-threaded (and forking it unsafe).
_ONE_THREAD = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}


def read_limit(timeout_s: float | None = None) -> float:
    """The wall-clock limit of an isolated read: `timeout_s`, else $SHLO_ISOLATED_READ_TIMEOUT_S, else 5 s."""
    source = "timeout_s"
    if timeout_s is None:
        env = os.environ.get(TIMEOUT_ENV)
        if env is None:
            return DEFAULT_TIMEOUT_S
        source = TIMEOUT_ENV
        try:
            timeout_s = float(env)
        except ValueError:
            raise DeserializationError(f"{TIMEOUT_ENV}={env!r} is not a number of seconds") from None
    if isinstance(timeout_s, bool) or not isinstance(timeout_s, (int, float)) \
            or not math.isfinite(timeout_s) or timeout_s <= 0:
        raise DeserializationError(f"{source}={timeout_s!r}: the isolated read limit must be a positive "
                                   f"number of seconds")
    return float(timeout_s)


class _ServerGone(Exception):
    """The server died or stopped answering (not the input's doing): start another."""


class _Server:
    def __init__(self):
        self.owner = os.getpid()
        self.proc = subprocess.Popen(
            [sys.executable, "-c", _SERVER, json.dumps(sys.path), str(os.getpid())],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, close_fds=True,
            env={**os.environ, **_ONE_THREAD})
        self.out, self.err = self.proc.stdout.fileno(), self.proc.stderr.fileno()
        self.err_chunks: list[bytes] = []
        if self._recv(1, START_TIMEOUT_S) != b"R":
            tail = self.stderr_tail()
            self.close()
            raise DeserializationError(f"the isolated reader process failed to start within "
                                       f"{START_TIMEOUT_S:.0f} s{': ' + tail if tail else ''}")

    def alive(self) -> bool:
        return self.owner == os.getpid() and self.proc.poll() is None

    def close(self) -> None:
        if self.owner != os.getpid():  # a forked copy of this object: not ours to kill
            return
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        for f in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            f.close()

    def _drain_err(self, timeout: float) -> None:
        while select.select([self.err], [], [], timeout)[0]:
            chunk = os.read(self.err, 65536)
            if not chunk:
                return
            self.err_chunks.append(chunk)
            timeout = 0

    def stderr_tail(self) -> str:
        self._drain_err(0)
        lines = b"".join(self.err_chunks).decode("utf-8", "replace").strip().splitlines()
        return lines[-1].strip()[:500] if lines else ""

    def _recv(self, n: int, timeout: float) -> bytes | None:
        """`n` bytes from the server, or None on EOF or past `timeout` (stderr drained meanwhile)."""
        buf, deadline = b"", time.monotonic() + timeout
        while len(buf) < n:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            ready, _, _ = select.select([self.out, self.err], [], [], left)
            if self.err in ready:
                self._drain_err(0)
            if self.out in ready:
                chunk = os.read(self.out, n - len(buf))
                if not chunk:
                    return None
                buf += chunk
        return buf

    def read(self, data: bytes, kind: str, verify: bool, name: str, limit: float):
        """(exit status, verdict), or None when the reader was killed at the limit."""
        self.err_chunks = []
        header = json.dumps({"kind": kind, "verify": verify, "name": name, "limit_s": limit}).encode()
        try:
            self.proc.stdin.write(struct.pack("<I", len(header)) + header + struct.pack("<Q", len(data)))
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
        except (BrokenPipeError, ValueError):
            raise _ServerGone from None
        deadline = time.monotonic() + limit
        started = self._recv(5, REPLY_TIMEOUT_S)
        if started is None or started[:1] != b"P":
            raise _ServerGone
        (pid,) = struct.unpack("<I", started[1:])
        done = self._recv(9, max(deadline - time.monotonic(), 0.0))
        timed_out = done is None and self.alive()
        if timed_out:
            os.kill(pid, signal.SIGKILL)  # still the server's unreaped child: the pid is not reused
            done = self._recv(9, REPLY_TIMEOUT_S)
        if done is None or done[:1] != b"D":
            raise _ServerGone
        status, length = struct.unpack("<iI", done[1:])
        verdict = self._recv(length, REPLY_TIMEOUT_S) if length else b""
        if verdict is None:
            raise _ServerGone
        return None if timed_out else (status, verdict)


_server: _Server | None = None
_lock = threading.Lock()


def _read(data: bytes, kind: str, verify: bool, name: str, limit: float):
    global _server
    with _lock:
        for attempt in (0, 1):
            if _server is None or not _server.alive():
                if _server is not None:
                    _server.close()
                _server = None
                _server = _Server()
            try:
                return _server.read(data, kind, verify, name, limit), _server.stderr_tail()
            except _ServerGone:
                # The server is gone (killed from outside, or PR_SET_PDEATHSIG fired because the
                # thread that started it exited). Readers run in their own process, so this was
                # not the input's doing: start a new server once.
                _server.close()
                _server = None
                if attempt:
                    raise DeserializationError("the isolated reader process stopped answering") from None
            except BaseException:  # e.g. KeyboardInterrupt mid-read: leave no reader behind
                if _server is not None:
                    _server.close()
                _server = None
                raise


@atexit.register
def shutdown() -> None:
    """Stops the reader server (it also stops by itself when this process exits)."""
    global _server
    with _lock:
        server, _server = _server, None
    if server is not None:
        server.close()


def prestart() -> None:
    """Starts the reader server now, so that the first isolated read does not wait for it (~0.3 s)."""
    global _server
    with _lock:
        if _server is None or not _server.alive():
            _server = _Server()


def probe(data: bytes, kind: str = "artifact", *, verify: bool = True, name: str = "<input>",
          timeout_s: float | None = None) -> None:
    """Reads `data` in a reader process; raises DeserializationError if that fails, crashes or hangs.

    kind: "artifact" (shlo.deserialize, with `verify`) or "bytecode" (plain MLIR bytecode, parsed).
    """
    limit = read_limit(timeout_s)
    subject = "the artifact" if kind == "artifact" else "the input"
    result, tail = _read(data, kind, verify, name, limit)
    if result is None:
        raise DeserializationError(
            f"reading {subject} did not finish within {limit:g} s (the isolated read limit; raise it with "
            f"timeout_s= or {TIMEOUT_ENV} for very large programs); it loops in MLIR's reader or is crafted")
    status, verdict = result
    detail = f": {tail}" if tail else ""
    if status < 0:
        sig = signal.Signals(-status)
        if sig == signal.SIGXCPU:  # RLIMIT_CPU's soft signal
            raise DeserializationError(f"reading {subject} was stopped by its CPU-time limit (about {limit:g} s of "
                                       f"CPU, SIGXCPU); it loops in MLIR's reader or is crafted")
        if sig == signal.SIGKILL:  # RLIMIT_CPU's hard signal, or the out-of-memory killer
            raise DeserializationError(f"the reader of {subject} was killed (SIGKILL: its CPU-time limit of about "
                                       f"{limit:g} s, or from outside, e.g. for lack of memory)")
        raise DeserializationError(f"{subject} crashes MLIR's bytecode reader ({sig.name}); it is corrupt "
                                   f"or crafted{detail}")
    if not verdict:
        raise DeserializationError(f"the isolated reader of {subject} exited with status {status} "
                                   f"without a verdict{detail}")
    if verdict.startswith(b"error:"):
        raise DeserializationError(verdict[len(b"error:"):].decode("utf-8", "replace"))
