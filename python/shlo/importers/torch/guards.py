"""torch.export's guards on input sizes, checked when the program runs.

With `Dim.AUTO` (or a size torch cannot keep fully symbolic), torch.export may leave a size `?` but
record a guard that the traced graph relies on, e.g. `(L['x'].size()[2] // 2) == 20` for an LSTM
unrolled over half the width. Torch refuses inputs that break it; without the check a shlo program
would run them and return results of the wrong shape. Each guard over the sizes of named inputs
becomes a `shape_assertion` (as jax.export writes them): the interpreter checks it, and compiled code
checks it before running. Guards this module cannot read are left out (as before)."""
from __future__ import annotations

import ast

from mlir import ir

from .context import Context

_BINARY = {ast.Add: "add", ast.Sub: "subtract", ast.Mult: "multiply"}
_COMPARE = {ast.Eq: "EQ", ast.NotEq: "NE", ast.Lt: "LT", ast.LtE: "LE", ast.Gt: "GT", ast.GtE: "GE"}


class _Unreadable(Exception):
    pass


def assert_guards(importer, inputs: dict) -> int:
    """Emits a shape_assertion for each readable guard of the exported program over the sizes of
    `inputs` ({user input name: argument value}); returns how many."""
    count = 0
    for code in dict.fromkeys(getattr(importer.ep, "_guards_code", None) or []):     # (some come twice)
        try:
            tree = ast.parse(code, mode="eval").body
        except SyntaxError:
            continue
        cx = Context(importer, None)
        sizes: list = []
        try:
            pred = _predicate(cx, tree, inputs, sizes)
        except _Unreadable:
            continue
        if not sizes:
            continue
        found = ", ".join(f"{{{i}}}" for i in range(len(sizes)))
        op = cx.region_op("custom_call", [pred, *sizes], call_target_name="shape_assertion",
                          has_side_effect=True, result_types=[])
        # jax.export's form: the message is an attribute of its own, {i} naming the i-th size
        op.attributes["error_message"] = ir.StringAttr.get(
            f"the input sizes break torch.export's guard {code} (the sizes it reads: {found})")
        count += 1
    return count


def _predicate(cx, node, inputs, sizes):
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in _COMPARE:
        a, b = _value(cx, node.left, inputs, sizes), _value(cx, node.comparators[0], inputs, sizes)
        return cx.op("compare", a, b, comparison_direction=_COMPARE[type(node.ops[0])], compare_type="SIGNED")
    if isinstance(node, ast.BoolOp) and type(node.op) in (ast.And, ast.Or):
        parts = [_predicate(cx, v, inputs, sizes) for v in node.values]
        out = parts[0]
        for p in parts[1:]:
            out = cx.op("and" if isinstance(node.op, ast.And) else "or", out, p)
        return out
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return cx.op("not", _predicate(cx, node.operand, inputs, sizes))
    raise _Unreadable


def _value(cx, node, inputs, sizes):
    """A rank-0 i64 value of an integer expression over input sizes."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return cx.const(node.value, "i64")
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return cx.op("negate", _value(cx, node.operand, inputs, sizes))
    if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        return cx.op(_BINARY[type(node.op)], _value(cx, node.left, inputs, sizes), _value(cx, node.right, inputs, sizes))
    if isinstance(node, ast.BinOp) and type(node.op) in (ast.FloorDiv, ast.Mod):
        from .importer import _floor_div        # Python's floor division, as sym_value computes it
        a, b = _value(cx, node.left, inputs, sizes), _value(cx, node.right, inputs, sizes)
        q = _floor_div(cx, a, b)
        return q if isinstance(node.op, ast.FloorDiv) else cx.op("subtract", a, cx.op("multiply", q, b))
    return _size(cx, node, inputs, sizes)


def _size(cx, node, inputs, sizes):
    """L['x'].size()[d] (or .shape[d], .size(d)): the size, recorded for the message."""
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
        base, d = node.value, node.slice.value
        if isinstance(base, ast.Call) and not base.args and isinstance(base.func, ast.Attribute) \
                and base.func.attr == "size":
            base = base.func.value
        elif isinstance(base, ast.Attribute) and base.attr == "shape":
            base = base.value
        else:
            raise _Unreadable
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "size" \
            and len(node.args) == 1 and isinstance(node.args[0], ast.Constant):
        base, d = node.func.value, node.args[0].value
    else:
        raise _Unreadable
    if not (isinstance(base, ast.Subscript) and isinstance(base.value, ast.Name) and base.value.id == "L"
            and isinstance(base.slice, ast.Constant) and base.slice.value in inputs and type(d) is int):
        raise _Unreadable
    arg = inputs[base.slice.value]
    if not 0 <= d < cx.rank(arg):
        raise _Unreadable
    v = cx.convert(cx.op("get_dimension_size", arg, dimension=d), "i64")
    sizes.append(v)
    return v
