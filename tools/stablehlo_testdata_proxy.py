#!/usr/bin/env python3
"""A stand-in for StableHLO's interpreter test programs (stablehlo/testdata): programs in the
same style, made from JAX's own lax test harnesses, with XLA's values as the expected ones,
imported by `shlo.from_stablehlo` and run by `shlo.interpret`.

    .venv/bin/python tools/stablehlo_testdata_proxy.py                  # every harness (long)
    .venv/bin/python tools/stablehlo_testdata_proxy.py --per-group 8    # a spread of each group
    .venv/bin/python tools/stablehlo_testdata_proxy.py cumsum sort -v   # only these groups
    .venv/bin/python tools/stablehlo_testdata_proxy.py --write DIR      # keep the .mlir files
    .venv/bin/python tools/stablehlo_testdata_proxy.py --run DIR        # run DIR/*.mlir instead
    .venv/bin/python tools/stablehlo_testdata_proxy.py --form both lu   # also as 2023's JAX wrote it

`--form 2023` writes each program as 2023's jaxlib did (legacy LAPACK / BLAS calls, ducc_fft;
tools/stablehlo_testdata_2023.py), `--form both` runs both forms and counts each per group.

`--run` takes any directory of such programs (the ones `--write` kept, or a copy of
StableHLO's own stablehlo/testdata): each file is imported and interpreted the same way.

StableHLO's testdata were generated from the harnesses of JAX's primitive tests
(jax._src.internal_test_util.test_harnesses; it needs absl-py): one program a harness, a
public @main that calls private @inputs() and @expected() (functions of constants), computes
the op, checks the result against the expected value with a `check.*` custom call and returns
it. Three generations of that check are written here, in turn, as the real files use them:

  * `%r = stablehlo.custom_call @check.eq(%result, %expected) -> tensor<i1>`, main returning
    %r (the first files; here for integer / boolean results only, as StableHLO runs it only
    on those now);
  * `stablehlo.custom_call @check.expect_close(...)` for floats / complex and
    `@check.expect_eq(...)` for integers / booleans, `{has_side_effect = true}`, no result;
  * `@check.expect_almost_eq(...)` for f32 / f64 / complex results (the dot_general files'
    form; f16 / bf16 take expect_close: 1e-3 is less than their ulp above 2).

Every fourth program is printed in MLIR's generic form, as some of the files are. The
harnesses JAX marks unimplemented on CPU are left out, and so are those whose results are not
arrays of numbers (PRNG key arrays). A program counts as matching when it imports, verifies
and interprets with every check passing; the rest are printed with the reason, grouped.
"""
from __future__ import annotations

import argparse
import collections
import contextlib
import os
import sys
import time
import traceback
import zlib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import numpy as np  # noqa: E402


def load_harnesses():
    import jax
    jax.config.update("jax_enable_x64", True)
    from jax._src.internal_test_util import test_harnesses
    return [h for h in test_harnesses.all_harnesses if h.filter("cpu")]


def _spread(items: list, n: int) -> list:
    """n items spread evenly over the list (all of them when n >= len)."""
    if n <= 0 or n >= len(items):
        return items
    step = len(items) / n
    return [items[int(i * step)] for i in range(n)]


def select(harnesses, groups: list[str], per_group: int):
    by_group = collections.defaultdict(list)
    for h in harnesses:
        if not groups or h.group_name in groups:
            by_group[h.group_name].append(h)
    out = []
    for name in sorted(by_group):
        out.extend(_spread(by_group[name], per_group))
    return out


class NotAProgram(Exception):
    """The harness gives no testdata-style program (JAX cannot run it, or its values are keys)."""


def _plain(x) -> np.ndarray:
    arr = np.asarray(x)
    if arr.dtype == object or arr.dtype.kind == "V" and not arr.dtype.names is None:
        raise NotAProgram(f"result of dtype {arr.dtype}")
    return arr


def _is_exact(dtype) -> bool:
    return np.dtype(dtype).kind in "biu" or np.dtype(dtype).name.startswith(("int", "uint"))


def harness_args(h, index: int) -> list:
    """The inputs of harness `h` drawn for program `index` (the same draw every time)."""
    return [np.asarray(a) for a in h.dyn_args_maker(np.random.RandomState(index % 1000))]


def build_program(h, index: int) -> tuple[str, str]:
    """(style, program text) for one harness, in the testdata style picked by `index`."""
    style, texts = build_programs(h, index)
    return style, texts["today"]


def build_programs(h, index: int, forms=("today",), tuple_results: bool = True,
                   old_attributes: bool = False) -> tuple[str, dict]:
    """(style, {form: program text}) for one harness in the testdata style picked by `index`:
    "today" as today's JAX writes it, "2023" as 2023's jaxlib did (tools/stablehlo_testdata_2023.py:
    legacy LAPACK / BLAS calls, in one tuple unless `tuple_results` is off, ducc_fft; with
    `old_attributes`, printed generic with the pre-2024 dense index-list attributes)."""
    import jax
    import jax.numpy as jnp
    from jax._src.interpreters import mlir as jmlir
    from jaxlib.mlir import ir

    try:
        args = harness_args(h, index)
        fun = h.dyn_fun
        outs = [_plain(o) for o in jax.tree_util.tree_leaves(jax.jit(fun)(*args))]
    except NotAProgram:
        raise
    except Exception as e:  # noqa: BLE001 - JAX itself refuses this harness on CPU
        raise NotAProgram(f"JAX: {type(e).__name__}: {str(e).splitlines()[0][:120]}") from None
    if any(a.dtype == object for a in args) or not outs:
        raise NotAProgram("no array results")

    def inputs():
        return tuple(jnp.asarray(a) for a in args)

    def expected():
        return tuple(jnp.asarray(o) for o in outs)

    def new_main():
        # (a new function for each form: jax caches the lowering of a function it has lowered)
        def main():
            xs = jax.jit(inputs)()
            ys = jax.jit(expected)()
            res = jax.tree_util.tree_leaves(fun(*xs))
            return tuple(res) + tuple(ys)
        return main

    n = len(outs)
    style = ("check.eq", "expect_close", "expect_almost_eq")[index % 3]
    if style == "check.eq" and (n != 1 or not _is_exact(outs[0].dtype)):
        # StableHLO reads check.eq on floats within 1e-4 absolute: the files that use it on
        # floats are the ones it no longer interprets (RUN-DISABLED); newer files say expect_close.
        style = "expect_close"
    generic = index % 4 == 3
    texts = {}
    for form in forms:
        if form == "2023":
            import stablehlo_testdata_2023 as form2023
            lowering = form2023.lowerings_of_2023()
        else:
            lowering = contextlib.nullcontext()
        try:
            with lowering:
                module = jax.jit(new_main()).lower().compiler_ir("stablehlo")
        except Exception as e:  # noqa: BLE001
            raise NotAProgram(f"JAX lowering{' (2023)' if form == '2023' else ''}: {type(e).__name__}: "
                              f"{str(e).splitlines()[0][:120]}") from None
        _add_checks(module, outs, style)
        if form != "2023":
            texts[form] = module.operation.get_asm(print_generic_op_form=generic, enable_debug_info=False)
            continue
        with module.context, ir.Location.unknown():
            try:
                form2023.rewrite_module(module, tuple_results=tuple_results)
            except form2023.NotWritable as e:
                raise NotAProgram(f"2023 form: {e}") from None
            text = module.operation.get_asm(print_generic_op_form=generic or old_attributes,
                                            enable_debug_info=False)
        texts["2023"] = form2023.old_attribute_text(text) if old_attributes else text
    del jmlir
    return style + (" generic" if generic else ""), texts


def _add_checks(module, outs, style) -> None:
    """main's results checked against @expected's with the `style` of check, in place."""
    from jaxlib.mlir import ir
    n = len(outs)
    with module.context, ir.Location.unknown():
        main_fn = next(op for op in module.body.operations
                       if "sym_name" in op.attributes and ir.StringAttr(op.attributes["sym_name"]).value == "main")
        block = main_fn.regions[0].blocks[0]
        ret = list(block.operations)[-1]
        results, exps = list(ret.operands)[:n], list(ret.operands)[n:]
        i1 = ir.RankedTensorType.get([], ir.IntegerType.get_signless(1))
        new_results = []
        with ir.InsertionPoint(ret):
            for k, (r, e) in enumerate(zip(results, exps)):
                if style == "check.eq":
                    target, result_types = "check.eq", [i1]
                elif _is_exact(outs[k].dtype):
                    target, result_types = "check.expect_eq", []
                elif style == "expect_almost_eq" and np.dtype(outs[k].dtype).itemsize < 4:
                    # 1e-3 absolute is under one ulp of f16 / bf16 above 1 or 2: the files
                    # check those types with expect_close (expect_almost_eq on f16 only
                    # where the values are small integers, dot_general's)
                    target, result_types = "check.expect_close", []
                else:
                    target, result_types = f"check.{style}", []
                attrs = {"call_target_name": ir.StringAttr.get(target)}
                if style != "check.eq":
                    attrs["has_side_effect"] = ir.BoolAttr.get(True)
                op = ir.Operation.create("stablehlo.custom_call", results=result_types, operands=[r, e],
                                         attributes=attrs)
                if style == "check.eq":
                    new_results.append(op.result)
            returned = new_results if style == "check.eq" else results
            ir.Operation.create("func.return", operands=returned)
        ret.erase()
        ftype = ir.FunctionType(ir.TypeAttr(main_fn.attributes["function_type"]).value)
        main_fn.attributes["function_type"] = ir.TypeAttr.get(
            ir.FunctionType.get(ftype.inputs, [v.type for v in returned]))
        if "res_attrs" in main_fn.attributes:
            old = ir.ArrayAttr(main_fn.attributes["res_attrs"])
            keep = [old[i] for i in range(n)] if style != "check.eq" else [ir.DictAttr.get({})]
            main_fn.attributes["res_attrs"] = ir.ArrayAttr.get(keep)


def run_program(text: str) -> None:
    import shlo
    prog = shlo.from_stablehlo(text)
    shlo.interpret(prog)


def classify(e: BaseException) -> str:
    import shlo
    from shlo.interpreter.ops.control import CheckFailure
    if isinstance(e, CheckFailure):
        return "wrong values"
    if isinstance(e, shlo.ImporterError if hasattr(shlo, "ImporterError") else ()):
        return "import"
    name = type(e).__name__
    if "Verif" in name:
        return "verify"
    if "Import" in name:
        return "import"
    if isinstance(e, shlo.ShloError):
        return "interpret"
    return f"crash ({name})"


def _forms(args) -> tuple:
    form = getattr(args, "form", "today")
    return ("today", "2023") if form == "both" else (form,)


def _program_forms(args, skipped):
    """(group, name, style, {form: text}) of every program to run: read from --run DIR (form
    "file"), or generated in the forms --form asks for."""
    if args.run:
        for fname in sorted(os.listdir(args.run)):
            if fname.endswith(".mlir"):
                with open(os.path.join(args.run, fname)) as f:
                    yield "file", fname[:-5], "file", {"file": f.read()}
        return
    harnesses = select(load_harnesses(), args.groups, args.per_group)
    leave_out = set(filter(None, args.skip.split(",")))
    for i, h in enumerate(harnesses):
        if h.group_name in leave_out or (args.after and h.group_name <= args.after) \
                or (args.until and h.group_name > args.until):
            continue
        try:
            style, texts = build_programs(h, i, _forms(args), getattr(args, "results", "tuple") == "tuple",
                                          getattr(args, "old_attributes", False))
        except NotAProgram as e:
            skipped[str(e)[:80]] += 1
            if args.verbose:
                print(f"skip {h.fullname}: {e}")
            continue
        yield h.group_name, h.fullname, style, texts


def _programs(args, skipped):
    """(name, style, text) of every program to run (a name gets @FORM when there are several)."""
    for _, name, style, texts in _program_forms(args, skipped):
        for form, text in texts.items():
            yield (name if len(texts) == 1 else f"{name}@{form}"), style, text


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("groups", nargs="*", help="harness groups (all if none), e.g. cumsum sort")
    ap.add_argument("--per-group", type=int, default=0, help="at most N harnesses a group, spread out")
    ap.add_argument("--write", metavar="DIR", help="write each program to DIR/<name>.mlir")
    ap.add_argument("--after", metavar="GROUP", help="only the groups after GROUP (alphabetically)")
    ap.add_argument("--until", metavar="GROUP", help="only the groups up to GROUP (alphabetically)")
    ap.add_argument("--skip", default="", help="comma-separated groups to leave out")
    ap.add_argument("--run", metavar="DIR", help="run the .mlir programs of DIR (no generation)")
    ap.add_argument("-v", "--verbose", action="store_true", help="full reasons, and the skipped ones")
    ap.add_argument("--form", choices=("today", "2023", "both"), default="today",
                    help="as today's JAX writes the programs, as 2023's did (legacy LAPACK / BLAS "
                         "calls, ducc_fft), or both (counts per group side by side)")
    ap.add_argument("--results", choices=("tuple", "multi"), default="tuple",
                    help="2023 form: a multi-result call's results in one tuple (early 2023, the "
                         "testdata's) or as several results (mid 2023)")
    ap.add_argument("--old-attributes", action="store_true",
                    help="2023 form: printed generic, index-list attributes as pre-2024 dense elements")
    args = ap.parse_args(argv)

    t0 = time.time()
    counts = collections.Counter()
    per_group = collections.defaultdict(collections.Counter)     # group -> {form: matched, form run}
    failures = collections.defaultdict(list)
    skipped = collections.Counter()
    for group, base, style, texts in _program_forms(args, skipped):
        for form, text in texts.items():
            name = base if len(texts) == 1 else f"{base}@{form}"
            if args.write and not args.run:
                os.makedirs(args.write, exist_ok=True)
                fname = name if len(name) <= 150 else f"{name[:130]}_{zlib.crc32(name.encode()):08x}"
                with open(os.path.join(args.write, f"{fname}.mlir"), "w") as f:
                    f.write(text)
            counts["run"] += 1
            per_group[group][form + " run"] += 1
            try:
                run_program(text)
                counts["match"] += 1
                per_group[group][form] += 1
            except Exception as e:  # noqa: BLE001 - every failure is reported, never raised
                kind = classify(e)
                first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
                failures[kind].append((name, style, first))
                print(f"FAIL [{kind}] {name} ({style}): {first[:300]}", flush=True)
                if args.verbose and kind.startswith("crash"):
                    traceback.print_exc()
    n_skip = sum(skipped.values())
    print(f"\n{counts['run']} programs run ({n_skip} harnesses skipped: no program); "
          f"{counts['match']} import and match; {time.time() - t0:.0f} s")
    if args.form != "today" and not args.run:
        forms = _forms(args)
        print("matched / run per group: " + ", ".join(forms))
        for group, c in sorted(per_group.items()):
            print(f"  {group:28s} " + "   ".join(f"{c[f]:4d} / {c[f + ' run']:<4d}" for f in forms))
    for kind, items in sorted(failures.items()):
        print(f"  {kind}: {len(items)}")
    if skipped:
        print("skipped:")
        for reason, c in skipped.most_common(12):
            print(f"  {c} x {reason}")
    return 0 if counts["run"] == counts["match"] else 1

if __name__ == "__main__":
    sys.exit(main())
