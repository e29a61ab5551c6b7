"""PTX -> cubin with NVIDIA's assembler, `ptxas`, run as a subprocess.

The choice when `ptxas` is not on the PATH: `assemble` returns None (the artifact
then has no cubin and the driver JIT-compiles its PTX), unless `required=True`,
where it raises CompileError. A ptxas that runs and fails always raises
CompileError carrying ptxas's own message.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile

from ...errors import CompileError

ARCH = re.compile(r"sm_[0-9]+[af]?")


def ptxas_path() -> str | None:
    """The ptxas executable on the PATH, or None."""
    return shutil.which("ptxas")


def assemble(ptx: str, arch: str, *, required: bool = False, options=()) -> bytes | None:
    """The cubin of `ptx` for `arch` (e.g. "sm_90"); None when ptxas is not on the PATH
    (CompileError instead when `required`)."""
    if not ARCH.fullmatch(arch):
        raise CompileError(f"ptxas: {arch!r} is not a GPU architecture name like 'sm_90'")
    exe = ptxas_path()
    if exe is None:
        if required:
            raise CompileError("ptxas is not on the PATH: install the CUDA toolkit to make a cubin")
        return None
    with tempfile.TemporaryDirectory(prefix="shlo-ptxas-") as tmp:
        src, out = os.path.join(tmp, "kernels.ptx"), os.path.join(tmp, "kernels.cubin")
        with open(src, "w", encoding="utf-8") as f:
            f.write(ptx)
        proc = subprocess.run([exe, f"-arch={arch}", *options, "-o", out, src],
                              capture_output=True, text=True)
        if proc.returncode != 0:
            message = (proc.stderr or proc.stdout).strip().replace(src, "kernels.ptx")
            raise CompileError(f"ptxas -arch={arch} failed (exit {proc.returncode}):\n{message}")
        with open(out, "rb") as f:
            return f.read()
