"""Input and output for the command-line tools: stdin/stdout, atomic writes."""
from __future__ import annotations

import os
import sys
import tempfile

from ..errors import ShloError


def read_input(path: str) -> tuple[bytes, str]:
    """The bytes of `path` ('-' for stdin) and a name for diagnostics."""
    if path == "-":
        return sys.stdin.buffer.read(), "<stdin>"
    with open(path, "rb") as f:
        return f.read(), path


def write_output(path: str, data: bytes) -> None:
    """Writes `data` to `path` ('-' for stdout) all at once: a failure leaves no partial file."""
    if path == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=".shlo-tmp-")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def report_errors(prog: str, run) -> int:
    """Runs `run()`; a ShloError or an I/O error becomes one line on stderr and exit status 1."""
    try:
        return run()
    except (ShloError, OSError) as e:
        print(f"{prog}: error: {e}", file=sys.stderr)
        return 1
