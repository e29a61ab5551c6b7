"""torch.export's guards on input sizes, checked when the program runs.

With `Dim.AUTO` (or a size torch cannot keep fully symbolic), torch.export may leave a size `?` but
record a guard that the traced graph relies on, e.g. `(L['x'].size()[2] // 2) == 20` for an LSTM
unrolled over half the width. Torch refuses inputs that break it; without the check a shlo program
would run them and return results of the wrong shape. Each guard over input sizes becomes a
`shape_assertion` (as jax.export writes them): the interpreter checks it, and compiled code checks it
before running. Inputs are named as the guards name them: `L['x']`, or a leaf of a pytree input
(`L['pair'][0]`, `L['d']['k']`, `L['nt'].b`, `L['args'][1]` for `*args`), matched to the flattened
program arguments through the program's input pytree. Guards this module cannot read are left out."""
from __future__ import annotations

import ast
import re

from .context import Context

_BINARY = {ast.Add: "add", ast.Sub: "subtract", ast.Mult: "multiply"}
_COMPARE = {ast.Eq: "EQ", ast.NotEq: "NE", ast.Lt: "LT", ast.LtE: "LE", ast.Gt: "GT", ast.GtE: "GE"}


class _Unreadable(Exception):
    pass


def assert_guards(importer, user_args: list) -> int:
    """Emits a shape_assertion for each readable guard of the exported program over the sizes of its
    user inputs (`user_args`: their argument values, in the flattened input order); returns how many."""
    inputs = input_paths(importer.ep, user_args)
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
        # jax.export's form: {i} in the message names the i-th size
        cx.shape_assertion(pred, sizes,
                           f"the input sizes break torch.export's guard {code} (the sizes it reads: {found})")
        count += 1
    return count


def input_paths(ep, user_args: list) -> dict:
    """{access path: argument value}, a path being the guard's chain after `L` as a tuple of
    ("item", key) / ("attr", name), e.g. (("item", "pair"), ("item", 0)) for L['pair'][0]."""
    import torch.utils._pytree as pytree
    spec = getattr(ep.call_spec, "in_spec", None)
    graph = getattr(ep, "module_call_graph", None) or []
    names = graph[0].signature.forward_arg_names if graph and graph[0].signature is not None else None
    if spec is None or spec.num_leaves != len(user_args) or names is None:
        return {}
    keyed, _ = pytree.tree_flatten_with_path(pytree.tree_unflatten(list(range(len(user_args))), spec))
    found: dict = {}
    ambiguous = set()

    def add(path, i):
        if found.get(path, i) != i:      # two leaves named alike (a parameter called args_0 and *args)
            ambiguous.add(path)
        found[path] = i

    for keys, i in keyed:
        rest = tuple(_step(k) for k in keys[2:])
        if None in rest:
            continue
        top, first = _step(keys[0]), _step(keys[1])
        if top == ("item", 0) and first is not None and isinstance(first[1], int) and first[1] < len(names):
            name = names[first[1]]         # a positional argument; `*args` ones are named args_0, args_1, ...
            add((("item", name),) + rest, i)
            m = re.fullmatch(r"(.+)_(\d+)", name)
            if m:                          # the guards name a `*args` element L['args'][0]
                add((("item", m.group(1)), ("item", int(m.group(2)))) + rest, i)
        elif top == ("item", 1) and first is not None:                       # a keyword argument
            add((first,) + rest, i)
    return {path: user_args[i] for path, i in found.items() if path not in ambiguous}


def _step(key):
    """One pytree key as a guard access step."""
    if hasattr(key, "idx"):
        return ("item", key.idx)
    if hasattr(key, "key"):
        return ("item", key.key)
    if hasattr(key, "name"):
        return ("attr", key.name)
    return None


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
    """L['x'].size()[d] (or .shape[d], .size(d); L['x'] may be a chain L['x'][0].a): the size,
    recorded for the message."""
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
    path = _path(base)
    if path not in inputs or type(d) is not int:
        raise _Unreadable
    arg = inputs[path]
    if not 0 <= d < cx.rank(arg):
        raise _Unreadable
    v = cx.convert(cx.op("get_dimension_size", arg, dimension=d), "i64")
    sizes.append(v)
    return v


def _path(node):
    """The access chain of L['x'][0].a as a tuple of steps (see input_paths); None if not one."""
    steps = []
    while not (isinstance(node, ast.Name) and node.id == "L"):
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) \
                and type(node.slice.value) in (int, str):
            steps.append(("item", node.slice.value))
        elif isinstance(node, ast.Attribute):
            steps.append(("attr", node.attr))
        else:
            return None
        node = node.value
    return tuple(reversed(steps)) if steps else None
