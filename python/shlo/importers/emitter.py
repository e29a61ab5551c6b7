"""`Emitter`: small builders over shlo ops that every framework importer's converters use.

Sizes are lists whose items are Python ints (static) or rank-0 i64 `ir.Value`s
(symbolic sizes computed at run time); emitters pick the static op
(`reshape`, `broadcast_in_dim`, ...) when every size is an int and the dynamic
op (`dynamic_reshape`, `dynamic_broadcast_in_dim`, ...) otherwise.

A subclass provides `self.importer` (with `constant(array, element)`) and
`error(message)` (an ImporterError naming the framework node).
"""
from __future__ import annotations

import contextlib
import math

import numpy as np
from mlir import ir

from .. import builders
from ..errors import ImporterError
from ..literals import numpy_dtype
from ..types import tensor_type, type_info

I64 = "i64"


class Emitter:
    importer = None

    def error(self, message: str) -> ImporterError:
        return ImporterError(message)

    # -- building -------------------------------------------------------------
    def op(self, name: str, *operands, result_types=None, **attributes):
        """A shlo op at the node's location; its single result, or the list of results."""
        op = builders.create(name, *operands, result_types=result_types,
                             check=not getattr(self.importer, "defer_checks", False),
                             type_infos=getattr(self.importer, "type_infos", None), **attributes)
        results = list(op.results)
        return results[0] if len(results) == 1 else results

    def region_op(self, name: str, *operands, result_types=None, **attributes) -> ir.Operation:
        """An op with regions (reduce, sort, while, ...); the caller fills its regions."""
        return builders.create(name, *operands, result_types=result_types, **attributes)

    def while_loop(self, state, cond, body) -> list:
        """A shlo while over `state` (values): cond(*args) gives the rank-0 i1 that keeps it
        going, body(*args) the next state (values of the same types); its results."""
        state = list(state)
        op = self.region_op("while", state)
        types = [v.type for v in state]
        block = op.regions[0].blocks.append(*types)
        with ir.InsertionPoint(block):
            self.op("return", [cond(*block.arguments)], result_types=[])
        block = op.regions[1].blocks.append(*types)
        with ir.InsertionPoint(block):
            self.op("return", list(body(*block.arguments)), result_types=[])
        return list(op.results)

    def shape_assertion(self, pred, values, message: str) -> None:
        """jax.export's run-time check, `custom_call @shape_assertion(pred, values...)`: the
        compiled path checks it before the native code runs; `{i}` in `message` names values[i]."""
        op = self.region_op("custom_call", [pred, *values], call_target_name="shape_assertion",
                            has_side_effect=True, result_types=[])
        op.attributes["error_message"] = ir.StringAttr.get(message)

    def constant(self, array, element: str | None = None):
        """A constant holding a numpy array (what the CHLO decompositions call)."""
        return self.importer.constant(np.asarray(array), element)

    def info(self, v):
        infos = getattr(self.importer, "type_infos", None)     # (an importer's cache by ir.Type)
        return type_info(v.type) if infos is None else infos[v.type]

    def element(self, v) -> str:
        return self.info(v).element

    def rank(self, v) -> int:
        return len(self.info(v).shape)

    def const(self, value, element: str, sizes=()):
        """A constant of `element` holding `value` (a number or array), splatted to `sizes`.
        An importer with `share_constants` gets one per distinct value, sizes and block (a
        model splats the same 0 of its Relus to the same shapes many times)."""
        arr = np.asarray(value)
        if arr.dtype == object:
            raise self.error(f"cannot make a constant from {value!r}")
        if element.startswith("complex"):
            arr = arr.astype(np.complex128)
        arr = np.asarray(arr).astype(numpy_dtype(element))
        cache = key = None
        if getattr(self.importer, "share_constants", False) and arr.size <= 16:
            cache = self.importer.__dict__.setdefault("_constants", {})
            key = (element, arr.shape, arr.tobytes(), tuple(sizes), ir.InsertionPoint.current.block)
            got = cache.get(key)
            if got is not None:
                return got
        c = self.importer.constant(arr, element)
        if tuple(sizes) != tuple(arr.shape):
            c = self.broadcast(c, sizes)
        if cache is not None:
            cache[key] = c
        return c

    @contextlib.contextmanager
    def throwaway_blocks(self):
        """Around building blocks that are erased afterwards (a probe of a loop body): the
        values cached meanwhile (constants, sizes, shape tensors: all in those blocks) are
        forgotten, so that a block made later at a freed address cannot find them."""
        names = ("_constants", "_dim_values", "_shape_tensors", "_materialized")
        saved = {n: dict(self.importer.__dict__[n]) for n in names if n in self.importer.__dict__}
        try:
            yield
        finally:
            for n in names:
                if n in self.importer.__dict__:
                    self.importer.__dict__[n] = saved.get(n, {})

    def convert(self, v, element: str):
        if self.element(v) == element:
            return v
        t = self.info(v)
        return self.op("convert", v, result_types=[tensor_type(t.shape, element)])

    def tensor(self, x, element: str, sizes=None):
        """`x` (a value or a Python number) as a tensor of `element`, broadcast to `sizes` if given."""
        if isinstance(x, ir.Value):
            v = self.convert(x, element)
            return v if sizes is None else self.broadcast(v, sizes)
        return self.const(_number(x), element, () if sizes is None else sizes)

    # -- sizes ----------------------------------------------------------------
    def sizes_of(self, v) -> list:
        """v's sizes: ints, and rank-0 i64 values for its dynamic dimensions."""
        shape = self.info(v).shape
        return [d if d is not None else self.dim(v, i) for i, d in enumerate(shape)]

    def dim(self, v, i: int):
        """Size i of v: an int, or a rank-0 i64 value (one per value, dimension and block, so
        that equal sizes are the same value)."""
        d = self.info(v).shape[i]
        if d is not None:
            return d
        v, i = self.importer.__dict__.get("dim_alias", {}).get((v, i), (v, i))   # a size known to equal another
        cache = self.importer.__dict__.setdefault("_dim_values", {})
        key = (v, i, ir.InsertionPoint.current.block)
        got = cache.get(key)
        if got is None:
            got = cache[key] = self.convert(self.op("get_dimension_size", v, dimension=i), I64)
        return got

    def has_sizes(self, v, sizes) -> bool:
        """Whether v's sizes are `sizes` (ints equal, symbolic sizes the very same values)."""
        shape = self.info(v).shape
        if len(shape) != len(sizes):
            return False
        for i, (d, s) in enumerate(zip(shape, sizes)):
            if d is not None:
                if d != s:
                    return False
            elif not isinstance(s, ir.Value) or s != self.dim(v, i):
                return False
        return True

    def size_value(self, s):
        """A size (int or value) as a rank-0 i64 value."""
        if isinstance(s, ir.Value):
            return self.convert(s, I64)
        return self.const(int(s), I64)

    def iota(self, sizes, dimension: int, element: str = I64):
        """0, 1, ... along `dimension` over `sizes` (ints, or rank-0 values for run-time sizes):
        an iota when every size is static, else a dynamic_iota."""
        if all(isinstance(s, int) for s in sizes):
            return self.op("iota", iota_dimension=dimension, result_types=[tensor_type(list(sizes), element)])
        return self.op("dynamic_iota", self.shape_tensor(sizes), iota_dimension=dimension,
                       result_types=[tensor_type([s if isinstance(s, int) else None for s in sizes], element)])

    def element_count(self, sizes):
        """The product of `sizes` (ints and rank-0 values): an int when all are ints, else a
        rank-0 i64 value (the static factors multiplied first)."""
        static = 1
        for v in sizes:
            if isinstance(v, int):
                static *= v
        dynamic = [v for v in sizes if not isinstance(v, int)]
        if not dynamic:
            return static
        out = self.size_value(dynamic[0])
        for v in dynamic[1:]:
            out = self.op("multiply", out, self.size_value(v))
        return out if static == 1 else self.op("multiply", out, self.const(static, I64))

    def shape_tensor(self, sizes):
        """A 1-D i64 tensor holding `sizes` (one per distinct sizes and block: a model broadcasts
        to the same dynamic shape many times)."""
        cache = self.importer.__dict__.setdefault("_shape_tensors", {})
        key = (tuple(sizes), ir.InsertionPoint.current.block)
        got = cache.get(key)
        if got is not None:
            return got
        if all(isinstance(s, int) for s in sizes):
            got = self.const(np.array(sizes, np.int64), I64, (len(sizes),))
        else:       # each run of static sizes as one constant, each symbolic size reshaped to 1-D
            parts, run = [], []
            for s in list(sizes) + [None]:
                if isinstance(s, int):
                    run.append(s)
                    continue
                if run:
                    parts.append(self.const(np.array(run, np.int64), I64, (len(run),)))
                    run = []
                if s is not None and len(sizes) > 1:
                    parts.append(self.shape_tensor([s]))        # (cached: shared by the shapes it is in)
                elif s is not None:
                    parts.append(self.op("reshape", self.size_value(s), result_types=[tensor_type((1,), I64)]))
            got = parts[0] if len(parts) == 1 else self.op("concatenate", parts, dimension=0)
        cache[key] = got
        return got

    def reshape(self, v, sizes):
        element = self.element(v)
        if all(isinstance(s, int) for s in sizes):
            if list(self.info(v).shape) == list(sizes):
                return v
            return self.op("reshape", v, result_types=[tensor_type(sizes, element)])
        return self.op("dynamic_reshape", v, self.shape_tensor(sizes),
                       result_types=[tensor_type([_static(s) for s in sizes], element)])

    def broadcast(self, v, sizes, dims=None):
        """v broadcast to `sizes`; `dims` maps v's dimensions to result dimensions (default:
        numpy's trailing alignment)."""
        rank = self.rank(v)
        if dims is None:
            dims = list(range(len(sizes) - rank, len(sizes)))
        element = self.element(v)
        shape = self.info(v).shape
        if list(dims) == list(range(rank)) and self.has_sizes(v, sizes):
            return v
        if all(isinstance(s, int) for s in sizes):
            return self.op("broadcast_in_dim", v, broadcast_dimensions=list(dims),
                           result_types=[tensor_type(sizes, element)])
        return self.op("dynamic_broadcast_in_dim", v, self.shape_tensor(sizes), broadcast_dimensions=list(dims),
                       result_types=[tensor_type([_static(s) for s in sizes], element)])

    def broadcast_sizes(self, *values) -> list:
        """The numpy-broadcast sizes of several tensors."""
        rank = max(self.rank(v) for v in values)
        out = [1] * rank
        for v in values:
            sizes = self.sizes_of(v)
            for i, s in enumerate(sizes, start=rank - len(sizes)):
                if isinstance(s, int) and s == 1:
                    continue
                if isinstance(out[i], int) and out[i] == 1 or isinstance(s, int):
                    out[i] = s
                elif not isinstance(out[i], int) and s != out[i]:
                    # two run-time sizes: either may be the 1 that broadcasts, so the other one then
                    out[i] = self.op("select", self.op("compare", out[i], self.const(1, I64), comparison_direction="EQ"),
                                     self.size_value(s), self.size_value(out[i]))
        return out



# -- reductions shared by the framework importers' converters ------------------------------------

def scalar_type(element: str) -> ir.Type:
    """tensor<element>: the type of a reduction body's arguments."""
    return tensor_type((), element).to_mlir(ir.Context.current)


def reduce(cx, inputs, inits, dims, body):
    """shlo.reduce of `inputs` over `dims`; body(accumulators, elements) returns the new
    accumulators (rank-0 values). No dims: the inputs unchanged."""
    if not dims:
        return list(inputs)
    n = len(inputs)
    op = cx.region_op("reduce", list(inputs), list(inits), dimensions=sorted(dims))
    types = [scalar_type(cx.element(v)) for v in inits]
    block = op.regions[0].blocks.append(*types, *types)
    with ir.InsertionPoint(block):
        args = list(block.arguments)
        cx.op("return", list(body(args[:n], args[n:])), result_types=[])
    return list(op.results)


def reduce1(cx, x, dims, name: str, init):
    """x reduced over dims with the element-wise op `name`, starting from `init`."""
    return reduce(cx, [x], [cx.const(init, cx.element(x))], dims, lambda a, e: [cx.op(name, a[0], e[0])])[0]


def stable_sort(cx, keys, payloads):
    """1-D keys and payloads (one length) sorted by the keys lexicographically, stably; all of
    them, sorted (the importers' run-time-size ops: nonzero, unique)."""
    values = list(keys) + list(payloads)
    op = cx.region_op("sort", values, dimension=0, is_stable=True)
    types = [ir.RankedTensorType.get([], v.type.element_type) for v in values]
    block = op.regions[0].blocks.append(*[t for t in types for _ in (0, 1)])
    with ir.InsertionPoint(block):
        a = block.arguments
        lt = None
        for j in reversed(range(len(keys))):
            here = cx.op("compare", a[2 * j], a[2 * j + 1], comparison_direction="LT")
            if lt is not None:
                same = cx.op("compare", a[2 * j], a[2 * j + 1], comparison_direction="EQ")
                here = cx.op("or", here, cx.op("and", same, lt))
            lt = here
        cx.op("return", [lt], result_types=[])
    return list(op.results)


def count_true(cx, flags):
    """The number of true entries of a 1-D i1 tensor, a rank-0 i64 value."""
    return reduce1(cx, cx.convert(flags, "i64"), [0], "add", 0)


def trues_first(cx, flags, positions):
    """`positions` (1-D, the length of the i1 tensor `flags`), those of the true entries first, in
    order: a stable sort by (not flag)."""
    return stable_sort(cx, [cx.convert(cx.op("not", flags), "i32")], [positions])[1]


def lowest(element: str):
    """The identity of maximum on `element`: -inf, or the smallest integer."""
    if element == "i1":
        return False
    if element.startswith(("f", "bf")):
        return -math.inf
    return np.iinfo(numpy_dtype(element)).min


def highest(element: str):
    """The identity of minimum on `element`: inf, or the largest integer."""
    if element == "i1":
        return True
    if element.startswith(("f", "bf")):
        return math.inf
    return np.iinfo(numpy_dtype(element)).max


def static(s):
    """A size as a type dimension: the int, or None (`?`) for a symbolic size."""
    return s if isinstance(s, int) else None


_static = static


def _number(x):
    if isinstance(x, (bool, int, float, complex)):
        return x
    if hasattr(x, "item"):
        return x.item()
    try:
        return float(x)
    except (TypeError, ValueError):
        raise ImporterError(f"expected a number, got {x!r}") from None
