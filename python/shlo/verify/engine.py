"""Runs the spec's constraint table over every shlo op of a program.

For each op: the declared operands/results/attributes (ids I<n>, O<n>, A<n>)
are checked against their kinds and element types, then each constraint
C<n> of spec/ops/<op>.yaml is evaluated in order over the vocabulary. The
expressions are compiled once per process.
"""
from __future__ import annotations

import ast
import builtins
import functools
import re

from mlir import ir

from .. import _shlo_ext
from .. import attributes as _attrs
from ..errors import VerificationError
from ..types import TypeInfo, element_class, type_info
from . import rules, vocabulary
from ._spec_table import OPS


class TypeInfos(dict):
    """ir.Type -> TypeInfo for one verification: MLIR types hash by identity, so a
    type met again costs a dict lookup instead of printing it. Not kept longer,
    since holding a type keeps its context (and every constant in it) alive."""

    def __missing__(self, t: ir.Type) -> TypeInfo:
        info = self[t] = type_info(t)
        return info


class RegionInfo:
    """What constraints see of a region: entry block argument and return types."""

    def __init__(self, region: ir.Region, infos: TypeInfos):
        blocks = list(region.blocks)
        self.num_blocks = len(blocks)
        self.args = [infos[a.type] for a in blocks[0].arguments] if blocks else []
        self.returns = []
        if blocks:
            ops = list(blocks[0].operations)
            if ops:
                self.returns = [infos[v.type] for v in ops[-1].operands]


_BUILTINS = {n: getattr(builtins, n) for n in (
    "all", "any", "len", "range", "zip", "enumerate", "min", "max", "sum", "sorted",
    "set", "list", "tuple", "abs", "int", "isinstance", "reversed", "None", "True", "False")
    if hasattr(builtins, n)}


@functools.lru_cache(maxsize=1)
def base_namespace() -> dict:
    names = dict(_BUILTINS)
    names.update({k: v for k, v in vars(vocabulary).items()
                  if callable(v) and not k.startswith("_") and getattr(v, "__module__", "") == vocabulary.__name__})
    for name, fn in rules.collect().items():
        if name in names:
            raise RuntimeError(f"rule {name} shadows a vocabulary name")
        names[name] = fn
    names["__builtins__"] = {}
    return names


@functools.lru_cache(maxsize=None)
def _compiled(expr: str):
    return compile(expr, f"<spec: {expr}>", "eval")


def evaluate(expr: str, env: dict):
    return eval(_compiled(expr), env)  # noqa: S307 - expressions come from spec/, not from input


class Violation(Exception):
    def __init__(self, constraint: str, text: str, detail: str = ""):
        super().__init__(text)
        self.constraint, self.text, self.detail = constraint, text, detail


def _split_groups(values, decls, segment_attr):
    """Assigns a flat list of operands/results to the spec's named groups."""
    if len(values) == len(decls) and not any(d[4] for d in decls):  # the common case: one value each
        return {d[0]: v for d, v in zip(decls, values)}
    variadic = [i for i, d in enumerate(decls) if d[4]]
    if len(variadic) > 1:
        if segment_attr is None:
            raise Violation("I1", "segment sizes are missing")
        sizes = list(ir.DenseI32ArrayAttr(segment_attr))
    else:
        fixed = len(decls) - len(variadic)
        if len(values) < fixed:
            raise Violation(None, f"expected at least {fixed} values, got {len(values)}")
        sizes = [len(values) - fixed if d[4] else 1 for d in decls]
    if sum(sizes) != len(values) or len(sizes) != len(decls):
        raise Violation(None, f"segment sizes {sizes} do not match {len(values)} values")
    groups, pos = {}, 0
    for d, n in zip(decls, sizes):
        chunk = values[pos:pos + n]
        pos += n
        groups[d[0]] = list(chunk) if d[4] else chunk[0]
    return groups


_KIND_OK = {
    "tensor": lambda t: t.kind == "tensor",
    "token": lambda t: t.kind == "token",
    "tuple": lambda t: t.kind == "tuple",
    "future": lambda t: t.kind == "future",
    "tensor_or_token": lambda t: t.kind in ("tensor", "token"),
    "any": lambda t: t.kind in ("tensor", "token", "tuple"),
}


def _element_ok(t: TypeInfo, elements, quantized) -> bool:
    if t.kind != "tensor":
        return True
    if t.quant is not None:
        return ("per_axis" if t.quant.per_axis else "per_tensor") in quantized
    if not elements:
        # No element list: any element type, unless only quantized forms are declared.
        return not quantized
    cls = element_class(t.element)
    return (t.element in elements or cls in elements
            or ("integer" in elements and cls in ("signed", "unsigned")))


def _check_decl(cid, decl, value):
    name, kind, elements, quantized, variadic = decl
    for t in (value if variadic else [value]):
        if not _KIND_OK[kind](t):
            raise Violation(cid, f"`{name}` must be a {kind}, got {t}")
        if t.kind == "tensor" and t.quant is not None and t.quant.per_axis:
            axis, n = t.quant.axis, len(t.quant.scales)
            if not (0 <= axis < len(t.shape)) or t.shape[axis] not in (None, n):
                raise Violation(cid, f"`{name}` has type {t}: a per-axis quantized tensor needs its "
                                     f"quantization dimension {axis} in range with size {n} (one per scale)")
        if not _element_ok(t, elements, quantized):
            allowed = ", ".join(elements) + (f"; quantized {', '.join(quantized)}" if quantized else "")
            raise Violation(cid, f"`{name}` has element type {t.element}, allowed: {allowed}")


def op_environment(op: ir.Operation, entry: dict, infos: TypeInfos | None = None) -> dict:
    """The names a constraint of this op sees, bound to this op's values."""
    env = {}
    infos = TypeInfos() if infos is None else infos
    operand_types = [infos[v.type] for v in op.operands]
    result_types = [infos[r.type] for r in op.results]
    attrs = op.attributes
    seg_in = attrs["operandSegmentSizes"] if "operandSegmentSizes" in attrs else None
    seg_out = attrs["resultSegmentSizes"] if "resultSegmentSizes" in attrs else None
    try:
        ins = _split_groups(operand_types, entry["operands"], seg_in)
    except Violation as v:
        raise Violation(v.constraint or "I1", f"operands: {v}")
    try:
        outs = _split_groups(result_types, entry["results"], seg_out)
    except Violation as v:
        raise Violation(v.constraint or "O1", f"results: {v}")
    for i, decl in enumerate(entry["operands"]):
        _check_decl(f"I{i + 1}", decl, ins[decl[0]])
    for i, decl in enumerate(entry["results"]):
        _check_decl(f"O{i + 1}", decl, outs[decl[0]])
    env.update(ins)
    env.update(outs)
    for i, (name, kind, optional) in enumerate(entry["attributes"]):
        value = _attrs.op_attribute(op, name, kind)
        if value is None and not optional:
            raise Violation(f"A{i + 1}", f"attribute `{name}` ({kind}) is required")
        # The ODS may still accept an attribute's frozen legacy form (spec/compatibility.md);
        # a current program must hold the current one.
        if value is not None and not _attrs.kind_of(value, kind):
            raise Violation(f"A{i + 1}", f"attribute `{name}` must be a {kind} attribute, got {value!r}")
        env[name] = value
    regions = list(op.regions) if entry["regions"] else []
    for i, (name, variadic) in enumerate(entry["regions"]):
        if variadic:  # a variadic region list is always the last region entry
            env[name] = [RegionInfo(r, infos) for r in regions[i:]]
        else:
            env[name] = RegionInfo(regions[i], infos) if i < len(regions) else None
    env["op"] = op
    return env


def check_op(op: ir.Operation, entry: dict, infos: TypeInfos | None = None) -> None:
    """Raises Violation for the first constraint this op breaks."""
    env = op_environment(op, entry, infos)
    namespace = dict(base_namespace())
    namespace.update(env)
    for cid, text, when, check in entry["constraints"]:
        try:
            if when is not None and not evaluate(when, namespace):
                continue
            ok = evaluate(check, namespace)
        except Exception as e:  # noqa: BLE001 - a constraint that cannot be evaluated is not met
            raise Violation(cid, text, f"({type(e).__name__}: {e})")
        if not ok:
            raise Violation(cid, text)


# Ops whose checks passed, by signature: a repeated op (the 12 identical layers
# of a transformer) is checked once. Bounded; cleared when full.
_PASSED: set = set()
_PASSED_LIMIT = 200_000


def forget_passed_checks() -> None:
    """Empties the memo of passed checks (for benchmarks that want a cold verifier)."""
    _PASSED.clear()


# The native signature of a terminator names its parent op (ShloCAPI.h), so a
# constraint that reads only that much keeps the op memoizable.
_READS_ONLY_SIGNATURE = {"parent_is_shlo_op(op)"}


_NAMES_OP = re.compile(r"\bop\b")


@functools.lru_cache(maxsize=None)
def _memoizable(short: str) -> bool:
    """False for ops whose constraints look at the op itself (the module's functions, its users):
    their outcome depends on more than the op's signature."""
    for _cid, _text, when, check in OPS[short]["constraints"]:
        for expr in (when, check):
            # (the word test spares parsing the many expressions that cannot name `op`)
            if expr and expr not in _READS_ONLY_SIGNATURE and _NAMES_OP.search(expr) and any(
                    isinstance(n, ast.Name) and n.id == "op" for n in ast.walk(ast.parse(expr, mode="eval"))):
                return False
    return True


def _check_memoized(short: str, op: ir.Operation, entry: dict, signature: bytes, infos: TypeInfos) -> None:
    if not _memoizable(short):
        check_op(op, entry, infos)
        return
    key = (short, signature)  # the signature leaves the op's name out
    if key in _PASSED:
        return
    check_op(op, entry, infos)
    if len(_PASSED) >= _PASSED_LIMIT:
        _PASSED.clear()
    _PASSED.add(key)


def _describe(op: ir.Operation) -> str:
    ins = ", ".join(str(v.type) for v in op.operands)
    outs = ", ".join(str(r.type) for r in op.results)
    return f"({ins}) -> ({outs})"


@functools.lru_cache(maxsize=1)
def _unmemoizable() -> list[str]:
    return ["shlo." + short for short in OPS if not _memoizable(short)]


def unmemoizable_ops() -> list[str]:
    """Full names of the ops checked one by one: their constraints look beyond the op's signature."""
    return _unmemoizable()


def _check_all(items, stop_at_first: bool) -> list[VerificationError]:
    errors: list[VerificationError] = []
    infos = TypeInfos()
    for op, raw_name, signature in items:
        try:
            name = raw_name.decode("utf-8")
        except UnicodeDecodeError:
            name = "<unreadable op name>"
        if name.startswith("shlo."):
            short = name[5:]
            entry = OPS.get(short)
            if entry is None:
                errors.append(VerificationError(f"{op.location}: unknown op '{name}'", name, str(op.location), None))
            else:
                try:
                    _check_memoized(short, op, entry, signature, infos)
                except Violation as v:
                    cid = f"{short}.{v.constraint}"
                    msg = f"{op.location}: '{name}' violates {cid}: {v.text}"
                    if v.detail:
                        msg += f" {v.detail}"
                    msg += f" [types: {_describe(op)}]"
                    errors.append(VerificationError(msg, name, str(op.location), cid))
        elif name == "<unreadable op name>":
            errors.append(VerificationError(_UNREADABLE, None, None, None))
        if stop_at_first and errors:
            break
    return errors


_UNREADABLE = "an op name is not valid text"


def verify_operation(root: ir.Operation, stop_at_first: bool = False) -> list[VerificationError]:
    """Checks every shlo op nested in `root`; returns one error per violating op.

    A native walk reports only the first op of each distinct signature (see
    ShloCAPI.h), so a program of repeated layers costs one check per layer
    shape. When something fails, every op is walked again so that each
    violating op gets its own error.
    """
    errors = _check_all(_shlo_ext.walk_distinct(root, _unmemoizable()), stop_at_first)
    if errors and not stop_at_first:
        errors = _check_all(_shlo_ext.walk_with_signatures(root), stop_at_first)
    # An op name that is not text (corrupt bytecode) would abort the sharding checks,
    # which read names through MLIR's Python API; the error above already refuses it.
    unreadable = any(e.op is None and str(e) == _UNREADABLE for e in errors)
    if not (errors and stop_at_first) and not unreadable:
        from .shardings import check_module   # sharding.C1-C5 (spec: Meshes and shardings)
        errors += check_module(root)
    return errors
