"""shlo-opt: parse, verify, transform and print shlo programs.

    shlo-opt in.mlir                                   # verify, print pretty
    shlo-opt in.mlir --pass-pipeline='builtin.module(shlo-simplify,canonicalize,cse)'
    shlo-opt in.mlir --generic | --emit-bytecode -o out.mlirbc
    cat in.mlirbc | shlo-opt -                         # bytecode or text on stdin
    shlo-opt --check-compat compat_tests/              # artifacts (a file or a directory
                                                       # of *.shlo) still load and verify,
                                                       # and the op set matches its releases

Errors go to stderr and the exit status is 1; no output file is written.
Bytecode input (and artifacts, which are read like shlo.deserialize reads
them) is read in a child process first, so crafted bytes that crash MLIR's
bytecode reader give an error, not a crash (`--trusted-input` skips that).
"""
from __future__ import annotations

import argparse
import sys

from .. import _shlo_ext
from ..context import make_context
from ..passes import NAMED_PIPELINES, SHLO_PASSES, run_pipeline
from .io import load_program, read_input, report_errors, write_output


class _HelpWithPasses(argparse.Action):
    """--help prints the options, then every shlo and upstream pass (as mlir-opt does)."""

    def __call__(self, parser, namespace, values, option_string=None):
        parser.print_help()
        print()
        list_passes()
        parser.exit()


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="shlo-opt", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
        add_help=False,
        epilog="shlo passes:\n" + "\n".join(f"  {n:<16} {s.summary}" for n, s in SHLO_PASSES.items())
        + "\n\nshlo pipelines:\n" + "\n".join(f"  {n:<16} {s[0]}" for n, s in NAMED_PIPELINES.items())
        + "\n\nAny registered upstream MLIR pass may appear in a pipeline; they are listed below.")
    p.add_argument("-h", "--help", action=_HelpWithPasses, nargs=0, help="show this help, all passes, and exit")
    p.add_argument("input", nargs="?", default="-", help="input file, text or bytecode ('-' = stdin)")
    p.add_argument("-o", "--output", default="-", help="output file ('-' = stdout)")
    p.add_argument("--pass-pipeline", "-p", default=None,
                   help="pipeline in MLIR syntax, e.g. 'builtin.module(shlo-simplify,cse)'")
    p.add_argument("--generic", "--mlir-print-op-generic", action="store_true", help="print generic op form")
    p.add_argument("--emit-bytecode", action="store_true", help="write MLIR bytecode instead of text")
    p.add_argument("--debuginfo", "--mlir-print-debuginfo", action="store_true", help="print locations")
    p.add_argument("--no-verify", action="store_true", help="skip verification of the input")
    p.add_argument("--verify-native", action="store_true",
                   help="verify with the C++ translation of the spec (shlo-verify-spec: every constraint "
                        "but those dialect/ShloSpecVerify.cpp lists as left to Python) instead of the "
                        "Python verifier")
    p.add_argument("--trusted-input", action="store_true",
                   help="read bytecode input in this process; by default it is read in a child process "
                        "first, since crafted bytes can crash MLIR's bytecode reader")
    p.add_argument("--verify-only", action="store_true", help="verify, print nothing, exit 0 if valid")
    p.add_argument("--list-passes", action="store_true", help="list shlo and upstream passes and exit")
    p.add_argument("--check-compat", action="store_true",
                   help="check that the op set is compatible with every release and that the input "
                        "artifact (or every *.shlo under the input directory) loads and verifies")
    return p


def list_passes() -> None:
    print("shlo passes:")
    for name, p in SHLO_PASSES.items():
        print(f"  --{name:<48} -   {p.summary}")
    print("shlo pipelines:")
    for name, (summary, _) in NAMED_PIPELINES.items():
        print(f"  --{name:<48} -   {summary}")
    print("Upstream MLIR", end=" ")
    sys.stdout.flush()
    make_context()  # registers upstream passes
    _shlo_ext.print_registered_passes()


def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    if args.list_passes:
        list_passes()
        return 0
    if args.check_compat:
        from ..serialize.cli import check_compat
        return check_compat(args.input)
    return report_errors("shlo-opt", lambda: _process(args))


def _process(args) -> int:
    data, name = read_input(args.input)
    native = args.verify_native
    prog = load_program(data, name, verify=not (args.no_verify or native), trusted=args.trusted_input)
    if native and not args.no_verify:
        _verify_native(prog)
    if args.pass_pipeline:
        run_pipeline(prog.module, args.pass_pipeline)
        if _lowers(args.pass_pipeline):
            _verify_structure(prog)       # no shlo ops left for the spec verifier
        elif native:
            _verify_native(prog)
        else:
            prog.verify()
    if args.verify_only:
        return 0
    if args.emit_bytecode:
        out = prog.bytecode()
    else:
        out = prog.text(generic=args.generic, debug_info=args.debuginfo).encode()
    write_output(args.output, out)
    return 0

def _lowers(pipeline: str) -> bool:
    return any(n in pipeline for n in ("shlo-legalize-to-linalg", *NAMED_PIPELINES))


def _verify_native(prog) -> None:
    from ..passes.verify import run_native
    run_native(prog.module.operation)     # spec ids first, as prog.verify() reports them
    _verify_structure(prog)


def _verify_structure(prog) -> None:
    from ..errors import VerificationError
    ok, diags = _shlo_ext.verify_operation(prog.module.operation)
    if not ok:
        msgs = [(l.decode("utf-8", "replace"), m.decode("utf-8", "replace")) for s, l, m in diags if s == 2]
        loc, msg = msgs[0] if msgs else ("<module>", "invalid IR after the pipeline")
        raise VerificationError(f"{loc}: {msg} (mlir)", None, loc, "mlir")


if __name__ == "__main__":
    sys.exit(main())
