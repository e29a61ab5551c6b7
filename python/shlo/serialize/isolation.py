"""Reading untrusted artifacts in a child process.

The envelope's checksum keeps accidental corruption away from MLIR's bytecode
reader, but a crafted artifact with a valid checksum can still reach
assertions (aborts) or loops inside that reader. `probe` reads the artifact
in a forked child first: a crash or hang there becomes a
DeserializationError here, and the caller's process never runs the reader
on bytes that were not proven safe.
"""
from __future__ import annotations

import os
import select
import signal
import time

from ..errors import DeserializationError

DEFAULT_TIMEOUT_S = 60.0


def probe(data: bytes, read, timeout_s: float = DEFAULT_TIMEOUT_S) -> None:
    """Runs `read(data)` in a forked child; raises DeserializationError if it fails, dies or hangs."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # child: report the outcome through the pipe, never return
        os.close(r)
        status = b"ok"
        try:
            read(data)
        except DeserializationError as e:
            status = b"error:" + str(e).encode("utf-8", "replace")[:8000]
        except BaseException as e:  # noqa: BLE001 - anything else is reported, not raised
            status = b"error:" + f"{type(e).__name__}: {e}".encode("utf-8", "replace")[:8000]
        try:
            os.write(w, status)
        finally:
            os._exit(0)
    os.close(w)
    chunks, deadline = [], time.monotonic() + timeout_s
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                raise DeserializationError(f"reading the artifact did not finish within {timeout_s:.0f} s")
            ready, _, _ = select.select([r], [], [], left)
            if ready:
                chunk = os.read(r, 65536)
                if not chunk:
                    break
                chunks.append(chunk)
    finally:
        os.close(r)
    _, status = os.waitpid(pid, 0)
    out = b"".join(chunks)
    if os.WIFSIGNALED(status) or not out:
        sig = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
        name = signal.Signals(sig).name if sig else f"exit {os.WEXITSTATUS(status)}"
        raise DeserializationError(f"the artifact crashes MLIR's bytecode reader ({name}); it is corrupt or crafted")
    if out.startswith(b"error:"):
        raise DeserializationError(out[len(b"error:"):].decode("utf-8", "replace"))
