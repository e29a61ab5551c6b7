"""Rules for control flow, collectives, host communication, calls and async ops."""
from __future__ import annotations

import re

from mlir import ir

from .. import vocabulary as v
from ...types import TypeInfo, element_class, tuple_type
from ...types import future_type as _future_type, token_type as _token_type


def compatible_type_lists(a, b):
    """True when two lists of types have equal length and pairwise compatible types."""
    a, b = list(a), list(b)
    return len(a) == len(b) and all(v.compatible_types(x, y) for x, y in zip(a, b))


def literal_values(lit):
    """The entries of an integer tensor literal as a flat list of ints (row-major)."""
    return [int(x) for x in lit.array().reshape(-1)]


def literal_column(lit, j):
    """Column `j` of a rank-2 integer tensor literal, as a list of ints."""
    return [int(x) for x in lit.array()[:, j]]


def group_size(lit):
    """The number of ids per group of a rank-2 `replica_groups` literal (its second size)."""
    return lit.type.shape[1]


def replica_groups_unique(lit):
    """True when `replica_groups` is a rank-2 literal in which no id occurs twice."""
    return v.rank(lit.type) == 2 and v.is_unique(literal_values(lit))


def replica_groups_dense(lit):
    """True when every id of `replica_groups` lies in `[0, n)`, n being the number of entries."""
    ids = literal_values(lit)
    return all(0 <= i < len(ids) for i in ids)


def binary_reducer_type(region):
    """The rank-0 tensor type E when a region is `(E, E) -> E` in one block, else None."""
    if v.num_blocks(region) != 1:
        return None
    args, rets = v.block_args(region), v.returns(region)
    if len(args) != 2 or len(rets) != 1:
        return None
    e = args[0]
    if not v.is_tensor(e) or v.rank(e) != 0 or args[1] != e or rets[0] != e:
        return None
    return e


def is_promotable(x, y):
    """True when tensor `x`'s elements can widen to those of tensor `y` (same class, no fewer bits; quantized: same expressed type)."""
    if v.is_quantized(x) or v.is_quantized(y):
        return (v.is_quantized(x) and v.is_quantized(y) and v.expressed_type(x) == v.expressed_type(y)
                and v.bitwidth(x) <= v.bitwidth(y))
    cx, cy = element_class(v.element_type(x)), element_class(v.element_type(y))
    return cx == cy and v.bitwidth(x) <= v.bitwidth(y)


def resized_shape(s, index, factor=None, divisor=None):
    """A shape with size `index` multiplied by `factor` or divided by `divisor` (dynamic stays dynamic)."""
    s = list(s)
    if s[index] is not None:
        if factor is not None:
            s[index] = s[index] * factor
        if divisor is not None:
            s[index] = s[index] // divisor
    return tuple(s)


def all_to_all_shape(s, split_dimension, concat_dimension, split_count):
    """The result shape of all_to_all: the split dimension shrinks by `split_count`, the concat dimension grows by it."""
    if split_dimension == concat_dimension:
        return tuple(s)
    return resized_shape(resized_shape(s, split_dimension, divisor=split_count),
                         concat_dimension, factor=split_count)


def process_group_size(replica_groups, channel_handle, use_global_device_ids):
    """The number of processes in each group when known before running: the replica group size, or None in cross_replica_and_partition mode, where groups also span every partition."""
    if channel_id(channel_handle) > 0 and not use_global_device_ids:
        return None
    return group_size(replica_groups)


def group_resized_shape(s, index, group, gather=True):
    """A shape with size `index` multiplied (gather) or divided (scatter) by the process-group size; dynamic when that size is not known before running."""
    if group is None:
        s = list(s)
        s[index] = None
        return tuple(s)
    return resized_shape(s, index, factor=group) if gather else resized_shape(s, index, divisor=group)


def group_resized_shape_ok(result_shape, operand_shape, index, group, gather=True):
    """True when a result shape is the operand shape resized at `index` by the process-group size; an unknown group size (None) allows any whole multiple of the replica group size."""
    if group is not None:
        return v.compatible_shape(result_shape, group_resized_shape(operand_shape, index, group, gather))
    same_elsewhere = v.compatible_shape(v.drop_dims(result_shape, [index]), v.drop_dims(operand_shape, [index]))
    r, o = result_shape[index], operand_shape[index]
    if r is None or o is None:
        return same_elsewhere
    return same_elsewhere and (r % o == 0 and r >= o if gather else o % r == 0 and o >= r)


def gathered_shape_ok(result_shape, operand_shape, index):
    """True when a result shape is the operand shape except at `index`, where it is a whole multiple of the operand's size, at least as large (all_gather since 1.5.0, as StableHLO's verifier)."""
    same_elsewhere = v.compatible_shape(v.drop_dims(result_shape, [index]), v.drop_dims(operand_shape, [index]))
    r, o = result_shape[index], operand_shape[index]
    if r is None or o is None:
        return same_elsewhere
    return same_elsewhere and (r == 0 if o == 0 else r % o == 0 and r >= o)


def channel_id(handle):
    """The channel id of an optional `channel_handle` (0 when absent)."""
    return 0 if handle is None else handle.handle


def callee_type(op, symbol):
    """The (argument types, result types) of function `symbol` in `op`'s module, or ([None], [None]) if there is none."""
    found = v.function_type(op, symbol)
    return found if found is not None else ([None], [None])


def is_future_of(x, types):
    """True when `x` is a future whose member types equal `types`."""
    return isinstance(x, TypeInfo) and x.kind == "future" and list(x.members) == list(types)


_IDENT = r"[A-Za-z_][A-Za-z0-9_$]*"


def is_namespaced_op_name(name):
    """True when a string is an op name with a namespace, like `ns.op` (identifiers joined by dots)."""
    return isinstance(name, str) and re.fullmatch(rf"{_IDENT}(\.{_IDENT})+", name) is not None


def is_string_attr(attr):
    """True when an attribute is a string attribute."""
    try:
        ir.StringAttr(attr)
        return True
    except (ValueError, TypeError):
        return False


def is_dictionary_attr(attr):
    """True when an attribute is a dictionary attribute."""
    try:
        ir.DictAttr(attr)
        return True
    except (ValueError, TypeError):
        return False


def layout_fits(layout, x):
    """True when a minor-to-major layout fits a value: a permutation of its dimensions for a tensor, empty otherwise."""
    if v.is_tensor(x):
        return v.is_permutation(layout, v.rank(x))
    return len(layout) == 0


def result_layouts_ok(layouts, results):
    """True when custom_call's `result_layouts` has one fitting layout per result, or (since 1.5.0, as StableHLO's verifier) one per member of a single tuple result."""
    results, layouts = list(results), list(layouts)
    if len(layouts) == len(results) and all(layout_fits(l, x) for l, x in zip(layouts, results)):
        return True
    if len(results) == 1 and isinstance(results[0], TypeInfo) and results[0].kind == "tuple":
        members = results[0].members
        return len(layouts) == len(members) and all(layout_fits(l, m) for l, m in zip(layouts, members))
    return False


def results_as_one(results):
    """The type custom_call's aliases index into: the only result, or a tuple of all results."""
    results = list(results)
    return results[0] if len(results) == 1 else tuple_type(results)


def member_at(x, path):
    """The member of a (nested) tuple type at the index path, or None when the path does not exist."""
    for i in path:
        if not (isinstance(x, TypeInfo) and x.kind == "tuple" and 0 <= i < len(x.members)):
            return None
        x = x.members[i]
    return x


def shlo_token_type():
    """The `!shlo.token` type."""
    return _token_type()


def future_of(types):
    """The `!shlo.future<...>` type holding the given member types."""
    return _future_type(types)


def used_once_by(op, name):
    """True when the single result of `op` has exactly one use, by an op named `name` (e.g. `shlo.async_done`)."""
    results = list(op.results)
    if len(results) != 1:
        return False
    uses = list(results[0].uses)
    if len(uses) != 1:
        return False
    owner = uses[0].owner
    return getattr(owner, "operation", owner).name == name
