"""shlo-translate: move programs between forms and run them.

    shlo-translate --interpret prog.mlir [--input a.npy ...] [--entry main]
        runs the program on the reference interpreter; a program without
        inputs runs as is (conformance programs check themselves with
        `check.*` custom_calls) and exits 1 with a readable diff on failure.

    shlo-translate --run prog.mlir [--input a.npy ...] [--entry main] [--cache-dir DIR]
        compiles the program for this CPU (shlo.compile) and runs it; the
        same inputs, outputs and check.* behaviour as --interpret.

    shlo-translate --serialize prog.mlir [--target=1.0.0] -o prog.shlo
        writes a portable artifact (text, bytecode or an artifact in) for shlo
        --target (default: the current version); fails naming the op and
        feature the target lacks.
    shlo-translate --deserialize prog.shlo [-o prog.mlir]
        reads an artifact (any supported version), upgrades, verifies, prints.

    shlo-translate --from-stablehlo in.mlir|in.mlirbc [-o prog.mlir]
        reads StableHLO (pretty or generic text, bytecode, a portable
        artifact such as jax.export's mlir_module_serialized) with jaxlib's
        MLIR and prints the shlo program (needs jax/jaxlib).
    shlo-translate --from-torch model.pt2 [--params constants|arguments] [-o prog.mlir]
        reads an ExportedProgram saved with torch.export.save and prints it as
        shlo (needs torch); weights are inlined as dense_resource blobs unless
        --params arguments makes them leading arguments.
    shlo-translate --from-onnx model.onnx [--params constants|arguments] [--nchwc-block-size 8|16] [-o prog.mlir]
        reads an ONNX model (a path, external data beside it; or bytes on stdin)
        and prints it as shlo (needs onnx); initializers are dense_resource
        blobs unless --params arguments makes the float ones leading arguments.
    shlo-translate --to-stablehlo prog.mlir [-o out.mlir]
        prints a shlo program as StableHLO text that jaxlib parses and XLA runs.

Each action is one function in ACTIONS; errors go to stderr, exit status 1,
and no output file is left behind. Binary input (MLIR bytecode, artifacts) is
read in a child process first, so crafted bytes that crash MLIR's bytecode
reader give an error, not a crash (`--trusted-input` skips that).
"""
from __future__ import annotations

import argparse
import sys

import numpy as np

from .io import load_program, read_input, report_errors, write_output


def interpret_action(args) -> int:
    from ..interpreter import interpret
    data, name = read_input(args.input)
    prog = load_program(data, name, trusted=args.trusted_input)
    inputs = [np.load(p, allow_pickle=False) for p in args.inputs]
    outs = interpret(prog, *inputs, entry=args.entry, num_replicas=args.replicas,
                     num_partitions=args.partitions)
    lines = []
    per_process = outs if args.replicas * args.partitions > 1 else [outs]
    for p, results in enumerate(per_process):
        prefix = f"process {p} " if len(per_process) > 1 else ""
        for i, value in enumerate(results):
            lines.append(f"{prefix}result {i}: {_format(value)}")
    write_output(args.output, ("\n".join(lines) + ("\n" if lines else "")).encode())
    return 0


def run_action(args) -> int:
    from ..lowering.compiler import compile as compile_
    prog = _read_program(args)
    inputs = [np.load(p, allow_pickle=False) for p in args.inputs]
    outs = compile_(prog, entry=args.entry, cache_dir=args.cache_dir)(*inputs)
    lines = [f"result {i}: {_format(value)}" for i, value in enumerate(outs)]
    write_output(args.output, ("\n".join(lines) + ("\n" if lines else "")).encode())
    return 0


def _read_program(args):
    data, name = read_input(args.input)
    return load_program(data, name, trusted=args.trusted_input)


def serialize_action(args) -> int:
    from ..serialize import serialize
    write_output(args.output, serialize(_read_program(args), target_version=args.target))
    return 0


def deserialize_action(args) -> int:
    from ..serialize import deserialize
    data, _ = read_input(args.input)
    prog = deserialize(data, isolated=not args.trusted_input)
    write_output(args.output, (prog.text(generic=args.generic) + "\n").encode())
    return 0


def from_stablehlo_action(args) -> int:
    from ..importers.stablehlo import from_stablehlo
    data, _ = read_input(args.input)
    prog = from_stablehlo(data)
    write_output(args.output, (prog.text(generic=args.generic) + "\n").encode())
    return 0


def from_torch_action(args) -> int:
    from ..importers.torch import from_torch, load_exported
    if args.input == "-":
        from ..errors import ImporterError
        raise ImporterError("--from-torch reads a .pt2 file, not stdin")
    prog = from_torch(load_exported(args.input), params=args.params)
    write_output(args.output, (prog.text(generic=args.generic) + "\n").encode())
    return 0


def from_onnx_action(args) -> int:
    from ..importers.onnx import from_onnx
    source = args.input
    if source == "-":
        source, _ = read_input(source)          # the model's bytes
    prog = from_onnx(source, params=args.params, nchwc_block_size=args.nchwc_block_size)
    write_output(args.output, (prog.text(generic=args.generic) + "\n").encode())
    return 0


def to_stablehlo_action(args) -> int:
    from ..importers.stablehlo import to_stablehlo
    write_output(args.output, to_stablehlo(_read_program(args)).encode())
    return 0


def _format(value) -> str:
    if isinstance(value, np.ndarray):
        return f"{value.dtype}{list(value.shape)} {np.array2string(value, threshold=64)}"
    return repr(value)


ACTIONS = {
    "interpret": (interpret_action, "run the program on the reference interpreter"),
    "run": (run_action, "compile the program for this CPU and run it (as --interpret does)"),
    "serialize": (serialize_action, "write a portable versioned artifact (see --target)"),
    "deserialize": (deserialize_action, "read a portable artifact and print the program"),
    "from-stablehlo": (from_stablehlo_action,
                       "read StableHLO (text, bytecode or a portable artifact) and print it as shlo"),
    "from-torch": (from_torch_action, "read a torch.export program (.pt2) and print it as shlo"),
    "from-onnx": (from_onnx_action, "read an ONNX model (.onnx, external data beside it) and print it as shlo"),
    "to-stablehlo": (to_stablehlo_action, "print a shlo program as StableHLO text (jaxlib parses it)"),
}


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="shlo-translate", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    group = p.add_mutually_exclusive_group(required=True)
    for name, (_fn, help_text) in ACTIONS.items():
        group.add_argument(f"--{name}", dest="action", action="store_const", const=name, help=help_text)
    p.add_argument("input", nargs="?", default="-", help="input file ('-' = stdin)")
    p.add_argument("-o", "--output", default="-", help="output file ('-' = stdout)")
    p.add_argument("--input", dest="inputs", action="append", default=[], metavar="NPY",
                   help="--interpret/--run: an input array (.npy), once per argument of the entry")
    p.add_argument("--entry", default="main", help="--interpret/--run: the function to run")
    p.add_argument("--cache-dir", default=None, help="--run: keep compiled code in this directory")
    p.add_argument("--replicas", type=int, default=1, help="--interpret: number of replicas")
    p.add_argument("--partitions", type=int, default=1, help="--interpret: number of partitions")
    p.add_argument("--target", default=None, metavar="X.Y.Z",
                   help="--serialize: the shlo version the artifact must be readable by (default: current)")
    p.add_argument("--params", default="constants", choices=["constants", "arguments"],
                   help="--from-torch / --from-onnx: inline parameters (default) or make them leading arguments")
    p.add_argument("--nchwc-block-size", type=int, default=None, choices=[8, 16],
                   help="--from-onnx: the channel block of onnxruntime's NCHWc ops (a model saved at "
                        "ORT_ENABLE_ALL) where the file cannot tell it")
    p.add_argument("--generic", action="store_true", help="--deserialize: print the generic op form")
    p.add_argument("--trusted-input", action="store_true",
                   help="read binary input (MLIR bytecode, artifacts) in this process; by default it is "
                        "read in a child process first, since crafted bytes can crash MLIR's bytecode reader")
    return p


def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    return report_errors("shlo-translate", lambda: ACTIONS[args.action][0](args))


if __name__ == "__main__":
    sys.exit(main())
