"""How many of StableHLO's own op tests shlo imports and verifies.

    .venv/bin/python tools/stablehlo_op_tests.py PATH/stablehlo_legalize_to_vhlo.mlir [--json OUT] [-v]

The input is StableHLO's VHLO legalization test, one function per op form:
https://github.com/openxla/stablehlo/blob/main/stablehlo/tests/vhlo/stablehlo_legalize_to_vhlo.mlir
(Apache-2.0; not redistributed here: pass the path of a copy). Its `// CHECK`
lines are dropped; what remains is plain StableHLO. The file is split into one
module per public function (`func.func` without `private`), each with the
functions it references by symbol (a composite's decomposition, a call's
callee). Every module is first parsed and verified by StableHLO itself
(jaxlib's MLIR); those it accepts go through `shlo.from_stablehlo` (import and
verify). The report counts them and groups the failures by reason.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))

_FUNC_RE = re.compile(r"^func\.func\s+(?:(public|private)\s+)?@([\w.$-]+)", re.M)


def split_functions(text: str) -> list[tuple[str, str, bool]]:
    """(name, text, public) for every top-level func.func, comment lines dropped."""
    lines = [ln for ln in text.splitlines() if not ln.lstrip().startswith("//")]
    body = "\n".join(lines)
    starts = [m for m in _FUNC_RE.finditer(body)]
    out = []
    for i, m in enumerate(starts):
        end = starts[i + 1].start() if i + 1 < len(starts) else len(body)
        out.append((m.group(2), body[m.start():end].rstrip() + "\n", m.group(1) != "private"))
    return out


def modules(text: str) -> list[tuple[str, str]]:
    """(function name, module text) for every public function, with the functions it references."""
    funcs = split_functions(text)
    by_name = {n: t for n, t, _ in funcs}
    out = []
    for name, ftext, public in funcs:
        if not public:
            continue
        parts, seen, todo = [ftext], {name}, [ftext]
        while todo:
            for ref in re.findall(r"@([\w.$-]+)", todo.pop()):
                if ref in by_name and ref not in seen:
                    seen.add(ref)
                    parts.append(by_name[ref])
                    todo.append(by_name[ref])
        out.append((name, "module {\n" + "".join(parts) + "}\n"))
    return out


def reason(message: str) -> str:
    """A failure message without locations and per-function details, to group by."""
    msg = re.sub(r'\bat loc\([^)]*\)(\s*\([^)]*\))?', "", message)
    msg = re.sub(r'loc\("[^"]*"[^)]*\)', "", msg)
    msg = msg.split("\n")[0].strip()
    m = re.match(r"([\w.\-]+)\s*:\s*(.*)", msg)
    op, rest = (m.group(1), m.group(2)) if m else ("", msg)
    rest = re.sub(r"tensor<[^>]*(<[^>]*>[^>]*)*>", "tensor<...>", rest)
    rest = re.sub(r"\d+", "N", rest)
    return f"{op}: {rest[:160]}" if op else rest[:160]


def run(path: str, verbose: bool = False) -> dict:
    from jaxlib.mlir import ir as jir

    import shlo
    from shlo.importers.stablehlo import jaxlib_context

    text = Path(path).read_text()
    mods = modules(text)
    result = {"source": path, "functions": len(mods), "stablehlo_rejects": {}, "ok": [],
              "failures": defaultdict(list)}
    for name, mtext in mods:
        ctx = jaxlib_context()
        try:
            with ctx:
                jm = jir.Module.parse(mtext)
                if not jm.operation.verify():
                    raise ValueError("does not verify")
        except Exception as e:  # noqa: BLE001 - StableHLO itself rejects it: not counted against shlo
            result["stablehlo_rejects"][name] = str(e).split("\n")[0][:200]
            continue
        try:
            shlo.from_stablehlo(mtext)
            result["ok"].append(name)
        except Exception as e:  # noqa: BLE001
            msg = f"{type(e).__name__}: {e}"
            result["failures"][reason(str(e))].append(name)
            if verbose:
                print(f"FAIL {name}: {msg[:300]}", file=sys.stderr)
    result["failures"] = dict(result["failures"])
    return result


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("path", help="a copy of stablehlo/tests/vhlo/stablehlo_legalize_to_vhlo.mlir")
    ap.add_argument("--json", help="write the result as JSON here")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    r = run(args.path, args.verbose)
    accepted = r["functions"] - len(r["stablehlo_rejects"])
    n_ok = len(r["ok"])
    print(f"{r['functions']} public functions; StableHLO (jaxlib) accepts {accepted}; "
          f"shlo imports and verifies {n_ok} of them ({100.0 * n_ok / max(accepted, 1):.1f}%)")
    for name, why in sorted(r["stablehlo_rejects"].items()):
        print(f"  rejected by StableHLO itself: {name}: {why}")
    for why, names in sorted(r["failures"].items(), key=lambda kv: -len(kv[1])):
        print(f"  {len(names):3d}  {why}\n       {', '.join(sorted(names))}")
    if args.json:
        Path(args.json).write_text(json.dumps(r, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
