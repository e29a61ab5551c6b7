"""The Python side of the `shlo-opt` command.

`shlo-opt` itself is a native program (dialect/ShloOptLauncher.cpp, installed
as the environment's script): `shlo-opt FILE --verify-only` (with
`--verify-native` or `--trusted-input`, nothing else) goes straight to
shlo-opt-native (dialect/ShloOptNative.cpp, installed as
shlo/_bin/shlo-opt-native), which prints the same messages and exits with the
same status, so no Python starts at all. Every other command, and every input
the native tool declines (bytecode, artifacts, shardings: exit status 3), runs
`shlo_opt` here (`python -m shlo_launch` too), which runs shlo.tools.opt; it
hands the fast-path commands to the native tool itself as well, for a
shlo-opt started from Python.

SHLO_OPT_NATIVE=0 turns the fast path off; SHLO_OPT_NATIVE=PATH names the tool.
"""
from __future__ import annotations

import os
import sys

DECLINED = 3          # the native tool's "run the Python path instead"
_FAST_FLAGS = {"--verify-only", "--verify-native", "--trusted-input"}


def native_tool() -> str | None:
    """The shlo-opt-native executable, or None (turned off, or not built)."""
    chosen = os.environ.get("SHLO_OPT_NATIVE")
    if chosen == "0":
        return None
    if chosen:
        return chosen
    for base in sys.path:
        if not base:      # not the working directory: only installed tools run
            continue
        path = os.path.join(base, "shlo", "_bin", "shlo-opt-native")
        if os.access(path, os.X_OK):
            return path
    return None


def fast_path_args(argv: list[str]) -> list[str] | None:
    """The native tool's arguments for `argv`, or None when shlo-opt's Python must run it."""
    flags = [a for a in argv if a.startswith("-")]
    inputs = [a for a in argv if not a.startswith("-")]
    if len(inputs) != 1 or "--verify-only" not in flags or not set(flags) <= _FAST_FLAGS:
        return None
    return [inputs[0]] + [f for f in flags if f == "--verify-native"] + ["--delegate"]


def run_native(argv: list[str]) -> int | None:
    """shlo-opt's exit status when the native tool took the command, else None."""
    args = fast_path_args(argv)
    tool = native_tool() if args is not None else None
    if tool is None:
        return None
    try:
        pid = os.posix_spawn(tool, [tool, *args], os.environ)
        _, status = os.waitpid(pid, 0)
    except OSError:
        return None
    code = os.waitstatus_to_exitcode(status)
    return code if code in (0, 1) else None     # declined, or died: the Python path decides


def shlo_opt() -> int:
    code = run_native(sys.argv[1:])
    if code is not None:
        return code
    from shlo.tools.opt import main
    return main()

