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


def load_program(data: bytes, name: str, *, verify: bool = True, trusted: bool = False):
    """The program in a CLI's input: text, MLIR bytecode or a shlo artifact.

    MLIR's bytecode reader can abort on crafted bytes (spec/compatibility.md);
    a command-line tool should fail with a message instead, so binary input is
    first read in a reader process (serialize/isolation.py) unless `trusted`.
    Text goes straight to MLIR's parser, which reports errors on any input.
    """
    from ..program import parse
    from ..serialize import deserialize
    from ..serialize.envelope import MAGIC, MLIR_MAGIC
    from ..serialize.isolation import probe
    if data.startswith(MAGIC):
        return deserialize(data, verify=verify, isolated=not trusted)
    if data.startswith(MLIR_MAGIC) and not trusted:
        probe(data, "bytecode", name=name)
    return parse(data, name=name, verify=verify)


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
