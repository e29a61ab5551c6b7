"""Run-time checks of sizes that the spec needs to agree and the lowering cannot prove agree.

A dynamic_reshape whose output_shape asks for more elements than its operand has, or a
dynamic_broadcast_in_dim of a ?-sized operand into a larger size, would read past the operand's
buffer in native code. Such an op's lowering (ops/shapes.py) does two things:
  - guards itself: while its sizes disagree it reads nothing out of bounds (its dynamic result
    sizes become 0, or it reads a scratch tensor of the right shape instead of the operand);
  - gives the driver a predicate (`Lowerer.size_check`), which at the top level of the entry is
    one more check.assert of the ALL_ASSERTS probe (driver.py), so the call raises after the
    native code returns, like the program's own check.asserts. failed_check.py then interprets
    the op, whose interpreter raises the message naming the sizes and the spec constraint.

Which ops get a check is decided from the types alone (`message`), so that `driver.probes_of`
(cached code, which is never lowered) finds the same checks as the lowering.
"""
from __future__ import annotations

from mlir import ir

from ..types import type_info

CHECKED = ("dynamic_reshape", "reshape", "dynamic_broadcast_in_dim", "dynamic_pad", "dynamic_iota")

# ops whose run-time result sizes come from operands: checked where the result has a ? size
# (with a static result the lowering uses the static sizes, and reads nothing out of bounds)
_SIZES_FROM_OPERANDS = {
    "dynamic_pad": ("shlo.dynamic_pad: a negative interior padding or result size, or a size that "
                    "disagrees with the result type (dynamic_pad C4 / C6)"),
    "dynamic_iota": ("shlo.dynamic_iota: output_shape holds a negative size or one that disagrees "
                     "with the result type (dynamic_iota: sizes read when the op runs)"),
}


# 1-D shape operands (one element per result dimension) of the CHECKED ops, by operand index: of ?
# length, they are read through a scratch vector of the result's rank while their length differs
# (ops/shapes.py: in_bounds_shape), and the op's check compares the length too
SHAPE_OPERANDS = {"dynamic_reshape": (1,), "dynamic_broadcast_in_dim": (1,), "dynamic_iota": (0,),
                  "dynamic_pad": (2, 3, 4), "dynamic_gather": (2,)}


def shape_length(name: str, operand_types: list, result_types: list) -> int:
    """The length op `name`'s shape operands need: the result's rank (dynamic_gather's slice
    sizes: one per operand dimension)."""
    return operand_types[0].rank if name == "dynamic_gather" else result_types[0].rank


def unknown_lengths(name: str, operand_types: list) -> list:
    """The shape operands of op `name` whose length is ? (see SHAPE_OPERANDS)."""
    return [k for k in SHAPE_OPERANDS.get(name, ()) if k < len(operand_types)
            and operand_types[k].kind == "tensor" and operand_types[k].rank == 1 and operand_types[k].shape[0] is None]


def _static(t) -> bool:
    return None not in t.shape


def _empty_static(t) -> bool:
    """A static result with no elements: the driver makes it without the op's lowering."""
    return _static(t) and 0 in t.shape


def _reshape_message(name: str, operand, out) -> str | None:
    if name == "dynamic_reshape":
        if _static(operand) and _static(out):
            return None
        return ("shlo.dynamic_reshape: output_shape does not give the operand's element count as "
                "non-negative sizes that agree with the result type (dynamic_reshape C2)")
    if _static(operand):
        return None
    return "shlo.reshape: the operand's element count differs from the result's (reshape C2)"


def _broadcast_message(operand, out, dims) -> str | None:
    if not any(_broadcast_needs_check(operand, out, i, int(d)) for i, d in enumerate(dims)):
        return None
    return ("shlo.dynamic_broadcast_in_dim: an operand dimension's size is neither 1 nor the "
            "size of its result dimension (dynamic_broadcast_in_dim C5)")


def _broadcast_needs_check(operand, out, i: int, d: int) -> bool:
    """Operand dimension i (into result dimension d) is not proved 1 or equal to the result's."""
    s, r = operand.shape[i], out.shape[d]
    if s == 1:
        return False
    return s is None or r is None


def message(name: str, operand_types: list, result_types: list, attrs: dict) -> str | None:
    """The static message of the run-time check the lowering of op `name` makes, or None when
    its sizes are proved at compile time (or it reads nothing)."""
    if name not in CHECKED:
        return None
    operand, out = operand_types[0], result_types[0]
    if operand.kind != "tensor" or out.kind != "tensor" or _empty_static(out):
        return None
    if name == "dynamic_broadcast_in_dim":
        text = _broadcast_message(operand, out, attrs.get("broadcast_dimensions") or [])
    elif name in _SIZES_FROM_OPERANDS:
        text = None if _static(out) else _SIZES_FROM_OPERANDS[name]
    else:
        text = _reshape_message(name, operand, out)
    if text is None and unknown_lengths(name, operand_types):
        text = f"shlo.{name}: a shape operand's length differs from the result's rank when it runs"
    return text


def message_for(op: ir.Operation) -> str | None:
    """`message` of a shlo op of a module (no lowering); for a dynamic_gather, `gather_message`."""
    if op.name == "shlo.dynamic_gather":
        return gather_message(op)
    if not op.name.startswith("shlo.") or op.name[5:] not in CHECKED:
        return None
    name = op.name[5:]
    operands = [type_info(v.type) for v in op.operands]
    results = [type_info(r.type) for r in op.results]
    attrs = {}
    if name == "dynamic_broadcast_in_dim":
        from .. import attributes
        from ..verify._spec_table import OPS
        kind = next(k for n, k, _ in OPS[name]["attributes"] if n == "broadcast_dimensions")
        attrs["broadcast_dimensions"] = attributes.op_attribute(op, "broadcast_dimensions", kind)
    return message(name, operands, results, attrs)


# ----------------------------------------------------------------------------- dynamic_gather
# Its slice sizes are data: the spec needs each in [0, the operand's size] (C21), at most 1 in a
# collapsed or batching dimension (C9 / C12), and the result's static sizes to be those the op
# makes (C22: the slice sizes at offset_dims, start_indices' batch sizes elsewhere). Its lowering
# clamps every read into the operand; the check makes the call raise where the interpreter does.
# Constant slice sizes that the static sizes prove right get none.

GATHER = ("shlo.dynamic_gather: a slice size is outside [0, the operand's size], above 1 in a collapsed or "
          "batching dimension, or the result's static sizes differ from those it makes when it runs "
          "(dynamic_gather C9 / C12 / C21 / C22)")


def gather_message(op: ir.Operation) -> str | None:
    """GATHER where dynamic_gather `op`'s sizes are not proved right at compile time, else None."""
    operand, indices, out = (type_info(v.type) for v in (op.operands[0], op.operands[1], op.results[0]))
    if operand.kind != "tensor" or out.kind != "tensor" or _empty_static(out):
        return None     # (an empty static result is made without the op's lowering)
    from .. import attributes
    from ..verify._spec_table import OPS
    kind = next(k for n, k, _ in OPS["dynamic_gather"]["attributes"] if n == "dimension_numbers")
    layout = gather_layout(attributes.op_attribute(op, "dimension_numbers", kind), operand.rank, indices.rank)
    sizes = _constant_ints(op.operands[2])
    if sizes is None or len(sizes) != operand.rank:
        return GATHER
    for d, (k, n) in enumerate(zip(sizes, operand.shape)):
        if n is None or not 0 <= k <= n or (d in layout["at_most_one"] and k > 1):
            return GATHER
    for r, d in layout["offsets"]:
        if out.shape[r] is not None and out.shape[r] != sizes[d]:
            return GATHER
    for r, j in layout["batches"]:
        if out.shape[r] is not None and indices.shape[j] != out.shape[r]:
            return GATHER
    return None


def gather_layout(dn, operand_rank: int, indices_rank: int) -> dict:
    """A gather's dimensions: "offsets" (result dim, operand dim) pairs, "batches" (result dim,
    start_indices dim) pairs, "at_most_one" the operand dims whose slice size is at most 1."""
    offset_dims, ivd = list(dn.offset_dims), int(dn.index_vector_dim)
    at_most_one = list(dn.collapsed_slice_dims) + list(dn.operand_batching_dims or [])
    offset_operand = [d for d in range(operand_rank) if d not in at_most_one]
    rank = len(offset_dims) + indices_rank - (1 if ivd < indices_rank else 0)
    batch_result = [r for r in range(rank) if r not in offset_dims]
    batch_indices = [d for d in range(indices_rank) if d != ivd]
    return {"offsets": list(zip(offset_dims, offset_operand)), "batches": list(zip(batch_result, batch_indices)),
            "at_most_one": at_most_one}


def _constant_ints(v: ir.Value) -> list | None:
    """The values of a 1-D integer tensor made by a shlo.constant, else None."""
    owner = v.owner
    owner = owner.operation if hasattr(owner, "operation") else owner
    if not isinstance(owner, ir.Operation) or owner.name != "shlo.constant":
        return None
    from .. import attributes
    values = attributes.op_attribute(owner, "value", "elements")
    if values is None:
        return None
    return [int(x) for x in values.array().reshape(-1).tolist()]


# ----------------------------------------------------------------------------- element-wise ops
# An element-wise op's loops run over one operand's sizes: an operand of other sizes would be read
# out of bounds. Sizes are proved equal at compile time by where they come from (`SizeProofs`):
# the same value, an element-wise result and its first operand, entry arguments (their sizes are
# compared in Python before the call, CompiledFunction._check_sizes) or equal static sizes. Other
# ops' ? sizes are their own.

def elementwise_ops() -> frozenset:
    """The ops lowered as element-wise loops (registry.SCALARS)."""
    from . import ops  # noqa: F401 - registers the lowerings
    from .registry import SCALARS
    return frozenset(SCALARS)


def shape_constraints(name: str) -> list:
    """The spec's constraint ids that need the op's operand and result shapes to agree."""
    from ..verify._spec_table import OPS
    entry = OPS.get(name)
    if entry is None:
        return []
    return [c[0] for c in entry["constraints"] if "compatible" in str(c[3])]


def elementwise_message(name: str) -> str:
    ids = " / ".join(f"{name} {c}" for c in shape_constraints(name)) or name
    return f"shlo.{name}: its operands' sizes, computed by the program, differ when it runs ({ids})"


class SizeProofs:
    """Which ? sizes of a function's values are proved equal at compile time.

    A size's key: its static size; ("arg", flat argument, dim) for an entry argument's ? size;
    for an element-wise result, the key of its first operand's (of the result's rank); otherwise
    ("value", value, dim), the value's own. An element-wise op whose operands' keys differ is
    checked at run time, and while they differ its guard gives zeros of its first operand's sizes
    (ops/elementwise_driver.py): either way its result has that operand's sizes."""

    def __init__(self, elementwise: frozenset):
        self.elementwise = elementwise
        self.keys: dict = {}        # (shlo value, dim) -> key, for ? sizes that are another value's

    def entry_arguments(self, block: ir.Block) -> None:
        flat = 0
        for arg in block.arguments:
            t = type_info(arg.type)
            if t.kind == "tensor":
                for d, s in enumerate(t.shape):
                    if s is None:
                        self.keys[(arg, d)] = ("arg", flat, d)
            flat += _flat_count(t)

    def key(self, v, t, d: int):
        s = t.shape[d]
        if s is not None:
            return s
        return self.keys.get((v, d)) or ("value", v, d)

    def unproven_pairs(self, op: ir.Operation, attrs: dict, operand_types: list, result_types: list):
        """For a PAIRED op: (the pairs of `paired_sizes` not proved equal, the pairs of entry
        argument sizes that must be equal)."""
        if any(t.kind != "tensor" for t in operand_types + result_types) or \
                all(None not in t.shape for t in operand_types + result_types) or \
                all(None not in t.shape and 0 in t.shape for t in result_types):
            return [], []       # (all static, or an empty static result: not lowered)
        unproven, args = [], []
        operands = list(op.operands)
        for pair in paired_sizes(op.name[5:], attrs, operand_types, result_types):
            a, b = pair[:2]
            if a[0] in ("sum", "windows", "padded"):
                unproven.append(pair)
                continue
            ka = self.key(operands[a[0]], operand_types[a[0]], a[1])
            kb = b if isinstance(b, int) else self.key(operands[b[0]], operand_types[b[0]], b[1])
            if ka == kb or (pair[2:] == ("le",) and isinstance(ka, int) and isinstance(kb, int) and ka <= kb):
                continue
            if _is_arg(ka) and _is_arg(kb) and pair[2:] != ("le",):
                args.append((ka, kb))
            else:
                unproven.append(pair)
        return unproven, args

    def elementwise_dims(self, op: ir.Operation, operand_types: list, result_types: list):
        """For an element-wise op: (the dims whose sizes are not proved equal, the pairs of entry
        argument sizes that must be equal), and the results' keys recorded. None for other ops."""
        if op.name[5:] not in self.elementwise or not result_types or result_types[0].kind != "tensor":
            return None
        n = result_types[0].rank
        if n == 0 or all(t.kind != "tensor" or None not in t.shape for t in operand_types + result_types):
            return [], []
        ranked = [(v, t) for v, t in zip(op.operands, operand_types) if t.kind == "tensor" and t.rank == n]
        if not ranked:
            return [], []
        unproven, pairs = [], []
        for d in range(n):
            first = self.key(*ranked[0], d)
            keys = [self.key(v, t, d) for v, t in ranked[1:]]
            keys += [t.shape[d] for t in result_types if t.kind == "tensor" and t.shape[d] is not None]
            proved = True
            for k in keys:
                if k == first:
                    continue
                if _is_arg(k) and _is_arg(first):
                    if (first, k) not in pairs:
                        pairs.append((first, k))
                    continue
                proved = False
            if not proved:
                unproven.append(d)
        for r, t in zip(op.results, result_types):      # (checked or not: see the class's comment)
            for d in range(n):
                if t.kind == "tensor" and t.shape[d] is None:
                    self.keys[(r, d)] = self.key(*ranked[0], d)
        return unproven, pairs


# ----------------------------------------------------------------------------- paired sizes
# Ops whose operands' sizes must agree in given dimensions (not element-wise): a dot_general's
# contracting dimensions would be read past the smaller operand's end, a concatenate's input
# larger than the first in another dimension written past the result's.
PAIRED = {"dot_general": "paired batching / contracting dimensions, or the result's static sizes, differ "
                         "from the operands' when it runs (dot_general C7 / C8 / C10)",
          "concatenate": "an input's size in a dimension other than `dimension`, or a static result size, "
                         "differs when it runs (concatenate C4 / C5)",
          "reduce": "its inputs' sizes differ when it runs (reduce C2)",
          "reduce_window": "its inputs' sizes differ when it runs (reduce_window C2)",
          "sort": "its inputs' sizes differ when it runs (sort C3)",
          "map": "its inputs' sizes differ when it runs (map C1)",
          "dynamic_update_slice": "update is larger than operand when it runs (dynamic_update_slice C6)",
          "scatter": "its inputs', or its updates', sizes differ when it runs (scatter C2 / C3)",
          "select_and_scatter": "source does not have one element per window of the operand when it runs "
                                "(select_and_scatter C7)",
          "cholesky": "a does not hold square matrices, or the result's static sizes differ, when it runs "
                      "(cholesky C1 / C3)",
          "triangular_solve": "a does not hold square matrices of b's size, or b's batch or result's static "
                              "sizes differ, when it runs (triangular_solve C3 / C4)",
          "batch_norm_inference": "scale, offset, mean or variance does not have the operand's feature size "
                                  "when it runs (batch_norm_inference C3 - C6)",
          "batch_norm_training": "scale or offset does not have the operand's feature size when it runs "
                                 "(batch_norm_training C3 / C4)",
          "batch_norm_grad": "scale, mean or variance does not have the operand's feature size, or grad_output "
                             "the operand's shape, when it runs (batch_norm_grad C3 / C4)"}

# batch_norm ops: how many operands after the first are feature vectors
_FEATURE_VECTORS = {"batch_norm_inference": 4, "batch_norm_training": 2, "batch_norm_grad": 3}

# ops whose inputs all have one shape: how many of the operands are inputs
_SAME_SHAPED_INPUTS = {"reduce": lambda n: n // 2, "reduce_window": lambda n: n // 2, "sort": lambda n: n,
                       "map": lambda n: n}


def paired_sizes(name: str, attrs: dict, operand_types: list, result_types: list) -> list:
    """(operand, dim), then (operand, dim) or a static size, of every pair of sizes op `name`
    needs equal (or, with a third item "le", the first at most the second); for concatenate's
    joined dimension with a static result size, ("sum", axis); for a count of windows
    (reduce_window's result sizes, select_and_scatter's source), ("windows", dim, size, stride,
    low, high[, base dilation, window dilation]); bounds adds ("padded", dim, low, high, interior)."""
    out = []
    if name == "reduce_window":     # (the window counts: its result sizes)
        res = result_types[0]
        windows = _windows(attrs, rank=operand_types[0].rank)
        base, wdil = (attrs.get(k) for k in ("base_dilations", "window_dilations"))
        base = [1] * len(windows) if base is None else [int(v) for v in base]
        wdil = [1] * len(windows) if wdil is None else [int(v) for v in wdil]
        out += [(("windows", d, *windows[d], base[d], wdil[d]), res.shape[d]) for d in range(res.rank)
                if res.shape[d] is not None and operand_types[0].shape[d] is None]
    if name in _SAME_SHAPED_INPUTS:
        inputs = _SAME_SHAPED_INPUTS[name](len(operand_types))
        out += [((0, d), (j, d)) for j in range(1, inputs) for d in range(operand_types[0].rank)
                if operand_types[j].rank == operand_types[0].rank]
    elif name == "dynamic_update_slice":
        out += [((1, d), (0, d), "le") for d in range(operand_types[0].rank)]
    elif name == "scatter":
        n = (len(operand_types) - 1) // 2
        for first, count in ((0, n), (n + 1, n)):
            out += [((first, d), (first + j, d)) for j in range(1, count) for d in range(operand_types[first].rank)]
        dn = attrs["scatter_dimension_numbers"]     # (the updates' scatter sizes: the index batch's)
        ivd, indices = int(dn.index_vector_dim), operand_types[n]
        scatter_dims = [d for d in range(operand_types[n + 1].rank) if d not in list(dn.update_window_dims)]
        out += [((n + 1, u), (n, j)) for u, j in zip(scatter_dims, [d for d in range(indices.rank) if d != ivd])]
        if ivd < indices.rank:
            out.append(((n, ivd), len(list(dn.scatter_dims_to_operand_dims))))
    elif name in _FEATURE_VECTORS:
        fi = attrs["feature_index"]
        out += [((0, fi), (j, 0)) for j in range(1, 1 + _FEATURE_VECTORS[name])]
        if name == "batch_norm_grad":
            out += [((0, d), (4, d)) for d in range(operand_types[0].rank)]
    elif name == "cholesky":
        r, res = operand_types[0].rank, result_types[0]
        out += [((0, r - 2), (0, r - 1))] + [((0, d), res.shape[d]) for d in range(r) if res.shape[d] is not None]
    elif name == "triangular_solve":
        r, res = operand_types[0].rank, result_types[0]
        out += [((0, r - 2), (0, r - 1)), ((0, r - 1), (1, r - 2 if attrs["left_side"] else r - 1))]
        out += [((0, d), (1, d)) for d in range(r - 2)]
        out += [((1, d), res.shape[d]) for d in range(r) if res.shape[d] is not None]
    elif name == "select_and_scatter":
        out += [(("windows", d, w, s, lo, hi), (1, d)) for d, (w, s, lo, hi) in enumerate(_windows(attrs, rank=
                operand_types[0].rank))]
    elif name == "dot_general":
        dn = attrs["dot_dimension_numbers"]
        lb, rb = list(dn.lhs_batching_dimensions), list(dn.rhs_batching_dimensions)
        lc, rc = list(dn.lhs_contracting_dimensions), list(dn.rhs_contracting_dimensions)
        out += [((0, a), (1, b)) for a, b in zip(lb + lc, rb + rc)]
        lhs, rhs, res = operand_types[0], operand_types[1], result_types[0]
        sources = [(0, a) for a in lb] + [(0, d) for d in range(lhs.rank) if d not in lb + lc]
        sources += [(1, d) for d in range(rhs.rank) if d not in rb + rc]
        out += [(src, res.shape[k]) for k, src in enumerate(sources) if k < res.rank and res.shape[k] is not None]
    elif name == "concatenate":
        axis, res = attrs["dimension"], result_types[0]
        for d in range(res.rank):
            if d == axis:
                if res.shape[d] is not None and any(t.shape[d] is None for t in operand_types):
                    out.append((("sum", d), res.shape[d]))
                continue
            out += [((0, d), (j, d)) for j in range(1, len(operand_types))]
            if res.shape[d] is not None:
                out.append(((0, d), res.shape[d]))
    return out


def _windows(attrs: dict, rank: int) -> list:
    """(window size, stride, low, high padding) of each dimension of a select_and_scatter."""
    import numpy as np
    strides = attrs.get("window_strides")
    strides = [1] * rank if strides is None else [int(v) for v in strides]
    padding = attrs.get("padding")
    pads = [(0, 0)] * rank
    if padding is not None:
        p = np.asarray(padding.array() if hasattr(padding, "array") else padding, dtype=np.int64).reshape(-1, 2)
        pads = [(int(a), int(b)) for a, b in p]
    return [(int(w), st, lo, hi) for w, st, (lo, hi) in zip(attrs["window_dimensions"], strides, pads)]


def _convolution_pairs(lhs, rhs, out, attrs: dict, runtime_padding: bool = False) -> list:
    """A convolution's sizes from an input of ? size: its result's windows along a spatial
    dimension (a static kernel size), batch (one batch group) and the kernel's output features;
    the input's features (the kernel's input features times feature_group_count)."""
    import numpy as np
    dn = attrs["dimension_numbers"]
    ins, ks, outs = (list(getattr(dn, f"{k}_spatial_dimensions")) for k in ("input", "kernel", "output"))
    ns = len(ins)
    ints = lambda k: [1] * ns if attrs.get(k) is None else [int(v) for v in attrs[k]]  # noqa: E731
    strides, lhs_dil, rhs_dil = ints("window_strides"), ints("lhs_dilation"), ints("rhs_dilation")
    padding = attrs.get("padding")
    pads = [(0, 0)] * ns if padding is None else [(int(a), int(b)) for a, b in np.asarray(
        padding.array() if hasattr(padding, "array") else padding, dtype=np.int64).reshape(-1, 2)]
    if runtime_padding:     # (dynamic_conv: operand 2's row i, read when it runs)
        pads = [((PADDING, i, 0, ns), (PADDING, i, 1, ns)) for i in range(ns)]
    pairs = []
    for i in range(ns):
        w, r = rhs.shape[int(ks[i])], out.shape[int(outs[i])]
        if (lhs.shape[int(ins[i])] is None or w is None or runtime_padding) and r is not None:
            w = (1, int(ks[i])) if w is None else w     # (a kernel of ? size: its size when it runs)
            pairs.append((("windows", int(ins[i]), w, strides[i], *pads[i], lhs_dil[i], rhs_dil[i]), r))
    in_b, out_b = int(dn.input_batch_dimension), int(dn.output_batch_dimension)
    if lhs.shape[in_b] is None and out.shape[out_b] is not None and int(attrs.get("batch_group_count") or 1) == 1:
        pairs.append(((0, in_b), out.shape[out_b]))
    k_o, out_f = int(dn.kernel_output_feature_dimension), int(dn.output_feature_dimension)
    if rhs.shape[k_o] is None and out.shape[out_f] is not None:
        pairs.append(((1, k_o), out.shape[out_f]))
    in_f, k_i = int(dn.input_feature_dimension), int(dn.kernel_input_feature_dimension)
    if lhs.shape[in_f] is None and rhs.shape[k_i] is not None:     # (the features each group reads)
        pairs.append(((0, in_f), rhs.shape[k_i] * int(attrs.get("feature_group_count") or 1)))
    return pairs


PADDING = "padding"     # (a windows pair's padding read from dynamic_conv's operand 2)


def paired_attrs(op: ir.Operation) -> dict:
    from .. import attributes
    from ..verify._spec_table import OPS
    name = op.name[5:]
    return {n: attributes.op_attribute(op, n, kind) for n, kind, _ in OPS[name]["attributes"]
            if n in ("dot_dimension_numbers", "dimension", "feature_index", "window_dimensions",
                     "window_strides", "padding", "base_dilations", "window_dilations",
                     "scatter_dimension_numbers", "left_side")}   # (what paired_sizes reads)


def _is_arg(k) -> bool:
    return isinstance(k, tuple) and k[0] == "arg"


def _flat_count(t) -> int:
    if t.kind == "tensor":
        return 1
    if t.kind in ("tuple", "future"):
        return sum(_flat_count(m) for m in t.members)
    return 0


def top_level_checks(block: ir.Block, types=type_info, finder: "CheckFinder | None" = None) -> dict:
    """Position in `block` (the entry function's) -> message, of every op there whose lowering
    checks its sizes at run time, or holds such an op in its regions (while / if / case bodies)
    or in a function it calls: the same as driver.Lowerer.lower_op finds. `types`: type_info, or
    a cache of it."""
    finder = finder or CheckFinder(functions_of(block.owner.parent), types)
    if not finder.may_check():
        return {}
    proofs = SizeProofs(finder.elementwise)
    proofs.entry_arguments(block)
    out = {}
    for i, op in enumerate(block.operations):
        op = op.operation
        text = finder.own(op, proofs)
        if text is None:
            inner = finder.inner(op, proofs)
            if inner is not None:
                text = f"{inner}, inside {op.name} (checked as it runs)"
        if text is not None:
            out[i] = text
    return out


def functions_of(module_op) -> dict:
    return {ir.StringAttr(op.attributes["sym_name"]).value: op
            for op in (o.operation for o in module_op.regions[0].blocks[0].operations) if op.name == "func.func"}


# ----------------------------------------------------------------------------- narrowed sizes
# An op's lowering may compute a ? size where its result type has a static one (a transpose of a
# computed ? size typed tensor<4096xf32>): the ops that follow trust the static size.
# Lowerer._fix_type guards the cast and gives the driver its predicate; the interpreter refuses
# such a result (evaluator._check_static_dims). Ops that check their own sizes keep their guard.

NARROWED = ("a size computed when it runs differs from its result type's static size "
            "(each op's result has its type's shape)")


def narrowed_message(name: str, operand_types: list, result_types: list, regions: bool) -> str | None:
    """The message of the check of a result's static size that op `name` computes, if any (from
    the types alone: an operand with a ? size and a result with a static one)."""
    if name == "custom_call" or name in elementwise_ops():
        return None     # (an element-wise op's own check compares its result's static sizes)
    if not any(t.kind == "tensor" and None in t.shape for t in operand_types):
        return None
    if name not in BOUNDED and not any(t.kind == "tensor" and any(s is not None for s in t.shape)
                                   for t in result_types):
        return None
    if not regions and all(_empty_static(t) if t.kind == "tensor" else False for t in result_types):
        return None     # (made without the op's lowering)
    if name in BOUNDED:
        return f"shlo.{name}: {BOUNDED[name][1]}"
    return f"shlo.{name}: {NARROWED}"


# ops that read a static extent of an operand whose size may be ?: the attribute giving it, the message
BOUNDED = {"slice": ("limit_indices", "limit_indices exceed the operand's size when it runs (slice C3)"),
           "dynamic_slice": ("slice_sizes", "slice_sizes exceed the operand's size when it runs (dynamic_slice C4)"),
           "gather": ("slice_sizes", "slice_sizes exceed the operand's size when it runs (gather C21)")}


# ops whose lowering makes a result of its type's static sizes from an operand of ? size: the
# sizes the op computes are compared with them (`bounds`; the flag of `narrowed_message`)
RESULT_SIZED = ("pad", "bitcast_convert", "collective_permute", "uniform_quantize", "convolution",
                "dynamic_conv", "rng_bit_generator")     # (its state: read as its result type's words)


def bounds(name: str, operand_types: list, result_types: list, attrs: dict) -> list:
    """For a BOUNDED or RESULT_SIZED op with an operand of ? size: pairs of `paired_sizes`' form.
    A BOUNDED op's static extent at most the operand's size (slice reads [start, limit);
    dynamic_slice / gather clamp their starts to [0, size - slice size], which is negative where
    the slice is larger); the sizes it makes equal to its result type's static ones."""
    operand, out = operand_types[0], result_types[0]
    if operand.kind != "tensor" or out.kind != "tensor":
        return []
    pairs = []
    if name in BOUNDED:
        extents = attrs[BOUNDED[name][0]]
        pairs = [(int(extents[d]), (0, d), "le") for d in range(operand.rank) if operand.shape[d] is None]
    narrowed = [d for d in range(min(operand.rank, out.rank)) if operand.shape[d] is None and out.shape[d] is not None]
    if name == "gather":        # (its batch sizes: start_indices'; an index vector per start_index_map)
        indices, dn = operand_types[1], attrs["dimension_numbers"]
        layout = gather_layout(dn, operand.rank, indices.rank)
        pairs += [((1, j), out.shape[r]) for r, j in layout["batches"]
                  if out.shape[r] is not None and indices.shape[j] is None]
        ivd = int(dn.index_vector_dim)
        if ivd < indices.rank and indices.shape[ivd] is None:
            pairs.append(((1, ivd), len(list(dn.start_index_map))))
    elif name == "pad":
        lo, hi, interior = (list(attrs[k]) for k in ("edge_padding_low", "edge_padding_high", "interior_padding"))
        pairs += [(("padded", d, int(lo[d]), int(hi[d]), int(interior[d])), out.shape[d]) for d in narrowed]
    elif name == "convolution":
        pairs += _convolution_pairs(operand, operand_types[1], out, attrs)
    elif name == "dynamic_conv" and any(None in t.shape for t in operand_types[:3]):
        # (its padding, [N - 2, 2], read when it runs; checked, with a flag, where an operand has a ? size)
        ns, padding = operand.rank - 2, operand_types[2]
        pairs += [((2, d), n) for d, n in enumerate((ns, 2)) if padding.shape[d] is None]
        pairs += _convolution_pairs(operand, operand_types[1], out, attrs, runtime_padding=True)
    elif name in RESULT_SIZED:  # (the operand's sizes; a bitcast's leading ones, where it fuses its last the ratio)
        pairs += [((0, d), out.shape[d]) for d in narrowed]
        if name == "bitcast_convert" and operand.rank == out.rank + 1 and operand.shape[-1] is None:
            from ..types import element_bits
            pairs.append(((0, operand.rank - 1), element_bits(out.element) // element_bits(operand.element)))
    return pairs


def is_narrowed(text: str) -> bool:
    """Whether a CheckFinder message is that of a narrowed static size (`narrowed_message`),
    checked with a flag even for an op that may check its own sizes."""
    return text.endswith(NARROWED)


def is_own_check(name: str) -> bool:
    """Whether op `name` (without "shlo.") checks its own sizes (not those of ops it holds or calls)."""
    return name in CHECKED or name in PAIRED or name == "dynamic_gather" or name in elementwise_ops()


class CheckFinder:
    """Finds the run-time size checks of ops, of the ops in their regions and of the functions
    they call (visiting every op in the lowering's order, so that a SizeProofs sees the
    element-wise ops the lowering sees)."""

    def __init__(self, functions: dict, types=type_info):
        self.functions, self.types = functions, types
        self.elementwise = elementwise_ops()
        self._memo: dict = {}
        self._may_check = None

    def may_check(self) -> bool:
        """Whether an op of the module has a ? size or is a dynamic_gather that needs a check:
        every other check needs a ? size (`own`), so a static program (most) is not walked op by
        op. One native walk, whose distinct op signatures (operand and result types,
        attributes) are searched for a '?'."""
        if self._may_check is None:
            from .. import _shlo_ext
            fop = next(iter(self.functions.values()), None)
            self._may_check = fop is not None and any(
                b"?" in item[2] or (item[1] == b"shlo.dynamic_gather" and gather_message(item[0]))
                for item in _shlo_ext.walk_distinct(fop.parent, ["shlo.dynamic_gather"]))
        return self._may_check

    def function(self, name: str) -> str | None:
        """The first check of function `name` (its own body's, or those of functions it calls)."""
        if not self.may_check():
            return None
        if name not in self._memo:
            self._memo[name] = None         # (while it is looked at: a recursive call adds none)
            fop = self.functions.get(name)
            if fop is not None:
                text = self._first(fop.regions, SizeProofs(self.elementwise))
                self._memo[name] = f"{text}, in @{name}" if text else None
        return self._memo[name]

    def own(self, op: ir.Operation, proofs: SizeProofs) -> str | None:
        """The message of op's check: its own (an op that checks its own sizes, `is_own_check`),
        else that of a static result size its lowering narrows (`is_narrowed`: a flag)."""
        if not op.name.startswith("shlo."):
            return None
        text = message_for(op)
        if op.name[5:] in PAIRED:
            ot, rt = [self.types(v.type) for v in op.operands], [self.types(r.type) for r in op.results]
            if any(t.kind == "tensor" and None in t.shape for t in ot + rt):
                pairs, _ = proofs.unproven_pairs(op, paired_attrs(op), ot, rt)
                text = f"shlo.{op.name[5:]}: {PAIRED[op.name[5:]]}" if pairs else None
        elif text is None and op.name[5:] in self.elementwise:
            dims = proofs.elementwise_dims(op, [self.types(v.type) for v in op.operands],
                                           [self.types(r.type) for r in op.results])
            if dims and dims[0]:
                text = elementwise_message(op.name[5:])
        if text is None:    # (an own check also takes its op's narrowed sizes: Lowerer._fix_type)
            text = narrowed_message(op.name[5:], [self.types(v.type) for v in op.operands],
                                    [self.types(r.type) for r in op.results], bool(len(op.regions)))
        return text

    def inner(self, op: ir.Operation, proofs: SizeProofs) -> str | None:
        """The first check in `op`'s regions or in a function it calls."""
        text = self._first(op.regions, proofs)
        for name in _callees(op):
            text = text or self.function(name)
        return text

    def _first(self, regions, proofs: SizeProofs) -> str | None:
        first = None
        for region in regions:
            for block in region.blocks:
                for op in block.operations:
                    op = op.operation
                    text = self.own(op, proofs)
                    inner = self.inner(op, proofs) if len(op.regions) or op.name in _CALLERS else None
                    first = first or text or inner
        return first


# the ops whose lowering calls a function (Lowerer.call), and the attribute naming it
_CALLERS = {"func.call": "callee", "shlo.composite": "decomposition", "shlo.async_start": "called_computation"}


def _callees(op: ir.Operation) -> list:
    attr = _CALLERS.get(op.name)
    if attr is None or attr not in op.attributes:
        return []
    return [ir.FlatSymbolRefAttr(op.attributes[attr]).value]
