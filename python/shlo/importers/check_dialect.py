"""StableHLO's `check` dialect (the interpreter test ops of stablehlo/tests/CheckOps.td) read as
the `check.*` custom calls that shlo's interpreter runs.

jaxlib's MLIR does not register the check dialect, so its ops cannot be parsed as they are;
`rewrite_check_ops` rewrites each one, pretty or generic, into a `stablehlo.custom_call` of
the same name before parsing (the meaning is in interpreter/ops/control.py):

    check.expect_eq %a, %b : T                      -> @check.expect_eq(%a, %b)
    check.expect_almost_eq %a, %b, tolerance = X : T -> @check.expect_almost_eq, "tolerance=X"
    check.expect_close %a, %b, max_ulp_difference = N[, min_ulp_difference = M] : T, T
                                                     -> @check.expect_close, "max_ulp_difference=N,..."
    check.expect_eq_const %a, dense<..> : T          -> @check.expect_eq_const, {expected = dense<..> : T}
    check.expect_almost_eq_const %a, dense<..> : T[, tolerance = X]
    check.expect_serialized_eq %a, probe_id = "p"[, iter = N] : T
    check.eq / check.almost_eq (the dialect's first names for the two _const ops)

The check op defaults are kept: expect_almost_eq(_const) within 1e-4, expect_close within
1 ulp (StableHLO's ODS defaults; its custom-call spellings use 1e-3 and 3).
"""
from __future__ import annotations

import re

_PRETTY = re.compile(r"^(?P<indent>\s*)check\.(?P<name>\w+)\s+(?P<rest>%.*)$")
_GENERIC = re.compile(r'^(?P<indent>\s*)"check\.(?P<name>\w+)"\((?P<operands>[^)]*)\)\s*(?P<rest>.*)$')
_NUMBER = r"[-+]?(?:0x[0-9A-Fa-f]+|\d+(?:\.\d*)?(?:[eE][-+]?\d+)?)"
_OLD_NAMES = {"eq": "expect_eq_const", "almost_eq": "expect_almost_eq_const"}


def _split_top(text: str, sep: str = ",") -> list[str]:
    """`text` split at `sep` outside <>, (), [] and {} and string literals."""
    parts, depth, quoted, start = [], 0, False, 0
    for i, ch in enumerate(text):
        if ch == '"' and (i == 0 or text[i - 1] != "\\"):
            quoted = not quoted
        elif quoted:
            continue
        elif ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        elif ch == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts]


def _value(text: str) -> str:
    """`3 : ui64` / `1.0e-3 : f64` / `3` -> the number."""
    m = re.match(rf"\s*({_NUMBER})", text)
    return m.group(1) if m else text.strip()


def _call(indent: str, name: str, operands: list[str], types: list[str], options: dict,
          expected: str | None = None) -> str:
    config = ""
    if expected is not None:   # a dictionary backend_config needs the typed-FFI api_version
        extra = "".join(f", {k} = {float(v):.17e} : f64" for k, v in options.items() if k == "tolerance")
        config = f", api_version = 4 : i32, backend_config = {{expected = {expected}{extra}}}"
    elif options:
        config = ', backend_config = "' + ", ".join(f"{k}={v}" for k, v in options.items()) + '"'
    return (f'{indent}"stablehlo.custom_call"({", ".join(operands)}) {{call_target_name = "check.{name}", '
            f'has_side_effect = true{config}}} : ({", ".join(types)}) -> ()')


def _options(pairs: list[str]) -> dict:
    out = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        key = {"iter": "iteration"}.get(key.strip(), key.strip())
        value = value.strip()
        out[key] = value.strip('"') if value.startswith('"') else _value(value)
    return out


def _pretty(m: re.Match) -> str | None:
    indent, name, rest = m.group("indent"), _OLD_NAMES.get(m.group("name"), m.group("name")), m.group("rest")
    rest = re.sub(r"\s*\{[^{}]*\}\s*(?=:)", " ", rest)   # an attr-dict before the type (none is read)
    if name.endswith("_const"):
        # `%a, dense<...> : T` then `, tolerance = X` (expect_almost_eq_const)
        operand, _, tail = rest.partition(",")
        parts = _split_top(tail)
        literal, opts = parts[0], _options(parts[1:])
        vtype = literal.rsplit(":", 1)[1].strip() if ":" in literal else None
        if vtype is None:
            return None
        return _call(indent, name, [operand.strip()], [vtype], opts, expected=literal.strip())
    head, _, types = rest.rpartition(" : ")
    if not head:
        return None
    parts = _split_top(head)
    operands = [p for p in parts if p.startswith("%")]
    opts = _options([p for p in parts if not p.startswith("%")])
    tlist = _split_top(types)
    tlist = (tlist * len(operands))[:len(operands)] if len(tlist) < len(operands) else tlist[:len(operands)]
    if name == "expect_close":
        opts.setdefault("max_ulp_difference", "1")
    if name == "expect_almost_eq":
        opts.setdefault("tolerance", "0.0001")
    return _call(indent, name, operands, tlist, opts)


def _generic(m: re.Match) -> str | None:
    indent, name = m.group("indent"), _OLD_NAMES.get(m.group("name"), m.group("name"))
    operands = [o.strip() for o in m.group("operands").split(",") if o.strip()]
    rest = m.group("rest")
    tm = re.search(r":\s*\((?P<types>.*)\)\s*->\s*\(\s*\)\s*$", rest)
    if tm is None:
        return None
    attrs = rest[:tm.start()].strip()
    attrs = re.sub(r"^<\{(.*)\}>", r"\1", attrs).strip()
    attrs = attrs[1:-1] if attrs.startswith("{") and attrs.endswith("}") else attrs
    pairs = _split_top(attrs) if attrs else []
    types = _split_top(tm.group("types"))
    expected = None
    opts = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        if key.strip() == "value":
            expected = value.strip()
        elif key.strip():
            opts.update(_options([pair]))
    if name == "expect_close":
        opts.setdefault("max_ulp_difference", "1")
    if name in ("expect_almost_eq", "expect_almost_eq_const"):
        opts.setdefault("tolerance", "0.0001")
    return _call(indent, name, operands, types, opts, expected=expected)


def rewrite_check_ops(text: str) -> str:
    """`text` with every check dialect op rewritten into its `check.*` custom call (lines that
    are not check ops are kept as they are)."""
    if "check." not in text:
        return text
    out = []
    for line in text.splitlines():
        stripped = line.lstrip()
        new = None
        if stripped.startswith("check."):
            m = _PRETTY.match(line)
            new = _pretty(m) if m else None
        elif stripped.startswith('"check.'):
            m = _GENERIC.match(line)
            new = _generic(m) if m else None
        out.append(new if new is not None else line)
    return "\n".join(out) + ("\n" if text.endswith("\n") else "")
