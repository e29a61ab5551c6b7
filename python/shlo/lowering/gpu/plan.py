"""The host side of a GPU program as a launch plan: buffers and kernel launches, JSON-able.

After kernel outlining the entry function holds only host code: allocations, constants
(memref.get_global), views of whole buffers (reinterpret casts), size arithmetic and
`gpu.launch_func`s. `extract` reads that function into the plan that launch.py runs, with
the constants' bytes beside it. Sizes known at compile time are numbers; the others (dynamic
shapes) are {"s": id} references into the plan's "scalars", a small program over the inputs'
sizes (`dim`, `add`, `mul`, `ceildivu`, ...) that launch.concretize evaluates per call.
Anything else on the host side (a value read from device memory) is refused by name.
"""
from __future__ import annotations

import numpy as np
from mlir import ir

from ...errors import CompileError
from ...literals import elements_to_numpy
from .irop import operation_of as _op

ELEMENT_BYTES = {"f16": 2, "bf16": 2, "f32": 4, "f64": 8, "i1": 1, "i8": 1, "i16": 2, "i32": 4, "i64": 8,
                 "ui8": 1, "ui16": 2, "ui32": 4, "ui64": 8, "index": 8, "complex<f32>": 8, "complex<f64>": 16,
                 "f8E4M3FN": 1, "f8E5M2": 1, "f8E4M3FNUZ": 1, "f8E5M2FNUZ": 1, "f8E4M3B11FNUZ": 1, "f8E4M3": 1,
                 "f8E3M4": 1, "f8E8M0FNU": 1, "i2": 1, "i4": 1, "ui2": 1, "ui4": 1}



def _memref_bytes(t: ir.MemRefType) -> int:
    n = 1
    for d in t.shape:
        n *= d
    el = str(t.element_type)
    if el not in ELEMENT_BYTES:
        raise CompileError(f"target 'cuda': no storage size for element type {el}")
    return n * ELEMENT_BYTES[el]


# arith ops on sizes the host may compute (the plan's scalar program, see launch.concretize)
SCALAR_OPS = {"arith.addi": "add", "arith.subi": "sub", "arith.muli": "mul", "arith.divui": "divu",
              "arith.divsi": "divs", "arith.remui": "remu", "arith.remsi": "rems", "arith.ceildivui": "ceildivu",
              "arith.ceildivsi": "ceildivs", "arith.floordivsi": "floordivs", "arith.minsi": "min",
              "arith.maxsi": "max", "arith.minui": "minu", "arith.maxui": "maxu", "arith.select": "select",
              "arith.cmpi": "cmpi", "arith.index_cast": "id", "arith.index_castui": "id", "arith.extsi": "id",
              "arith.extui": "id", "arith.trunci": "id", "arith.andi": "and", "arith.ori": "or",
              "arith.xori": "xor"}
DYNAMIC = -(2 ** 63)        # MLIR's marker of a dynamic size, stride or offset


class _Scalars:
    """The host's scalar program: each size, stride or launch dimension the plan cannot fix at
    compile time is an entry computed, per call, from the inputs' shapes. A number where it is
    static, {"s": id} where it is not."""

    def __init__(self, n_inputs: int):
        self.n_inputs = n_inputs
        self.entries: list = []
        self.ids: dict = {}           # ir.Value -> id
        self.out_dims: dict = {}      # (output, dim) -> number or {"s": id}

    def of(self, value: ir.Value):
        owner = value.owner
        if not isinstance(owner, ir.Block):
            op = _op(owner)
            if op.name == "arith.constant":
                attr = op.attributes["value"]
                if isinstance(attr, (ir.IntegerAttr, ir.BoolAttr)):
                    return int(attr.value)
        if value in self.ids:
            return {"s": self.ids[value]}
        ref = self._define(value)
        if isinstance(ref, dict):
            self.ids[value] = ref["s"]
        return ref

    def add(self, op: str, args: list, **extra):
        if op == "mul" and all(isinstance(a, int) for a in args):
            return args[0] * args[1]
        if op == "mul" and 1 in args:
            return args[1] if args[0] == 1 else args[0]
        self.entries.append(dict(op=op, args=args, **extra))
        return {"s": len(self.entries) - 1}

    def _define(self, value: ir.Value):
        owner = value.owner
        if isinstance(owner, ir.Block):
            raise CompileError(f"target 'cuda': a size comes from a block argument on the host ({value})")
        op = _op(owner)
        if op.name == "memref.dim":
            src, index = op.operands[0], self.of(op.operands[1])
            size = self.size_of(src, index) if isinstance(index, int) else None
            if size is None:
                raise CompileError(f"target 'cuda': the host needs the size of a buffer it did not get "
                                   f"({op.location})")
            return size
        if op.name == "memref.extract_strided_metadata":
            # results: base buffer, offset, sizes..., strides...; a size of the source is one the
            # host knows when the source is a buffer it knows (a symbolic reshape reads them here)
            rank = ir.MemRefType(op.operands[0].type).rank
            k = value.result_number - 2
            size = self.size_of(op.operands[0], k) if 0 <= k < rank else None
            if size is None:
                raise CompileError(f"target 'cuda': the host needs the layout of a buffer it did not get "
                                   f"({op.location})")
            return size
        kind = SCALAR_OPS.get(op.name)
        if kind is None:
            raise CompileError(f"target 'cuda': {op.name} ({op.location}) computes a size on the host; "
                               f"the host side cannot run it")
        args = [self.of(v) for v in op.operands]
        extra = {"pred": ir.IntegerAttr(op.attributes["predicate"]).value} if kind == "cmpi" else {}
        if kind == "id":
            return args[0]
        return self.add(kind, args, **extra)

    def size_of(self, buf: ir.Value, d: int):
        """Size `d` of a buffer the host knows the sizes of: an argument, or an allocation or view
        made on the host from sizes it knows (a number or a scalar reference); None otherwise."""
        t = ir.MemRefType(buf.type)
        if not t.is_dynamic_dim(d):
            return t.shape[d]
        owner = buf.owner
        if isinstance(owner, ir.Block):
            n = buf.arg_number
            return self.input_dim(n, d) if n < self.n_inputs else self.out_dims[(n - self.n_inputs, d)]
        op = _op(owner)
        if op.name in ("memref.alloc", "memref.alloca"):
            return self.of(_shape(t, list(op.operands))[d])
        if op.name == "memref.expand_shape":
            return self.of(_shape(t, list(op.operands)[1:])[d])
        if op.name == "memref.collapse_shape":
            group = [ir.IntegerAttr(x).value for x in ir.ArrayAttr(ir.ArrayAttr(op.attributes["reassociation"])[d])]
            parts = [self.size_of(op.operands[0], g) for g in group]
            return None if any(p is None for p in parts) else self.product(parts)
        if op.name == "memref.cast":
            return self.size_of(op.operands[0], d)
        if op.name == "arith.select":          # a buffer the host picks per call (branches.py)
            sizes = [self.size_of(v, d) for v in op.operands[1:]]
            return None if None in sizes else self.pick(self.of(op.operands[0]), *sizes)
        if op.name in ("memref.reinterpret_cast", "memref.subview"):
            segments = list(ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"]))
            start = sum(segments[:2])
            dynamic = iter(list(op.operands)[start:start + segments[2]])
            static = list(ir.DenseI64ArrayAttr(op.attributes["static_sizes"]))
            sizes = [next(dynamic) if x == ir.ShapedType.get_dynamic_size() else x for x in static]
            if op.name == "memref.subview" and len(sizes) != t.rank:
                return None     # a rank-reducing view: which sizes were dropped is not recorded here
            return self.of(sizes[d])
        return None

    def input_dim(self, n: int, d: int) -> dict:
        """Size `d` of input `n` (one entry per size, however often it is asked for)."""
        key = ("dim", n, d)
        if key not in self.ids:
            self.entries.append({"op": "dim", "input": n, "dim": d})
            self.ids[key] = len(self.entries) - 1
        return {"s": self.ids[key]}

    def pick(self, condition, a, b):
        """a where `condition` holds, else b (numbers or scalar references)."""
        if a == b:
            return a
        if isinstance(condition, int):
            return a if condition else b
        return self.add("select", [condition, a, b])

    def product(self, items) -> object:
        out = 1
        for x in items:
            out = self.add("mul", [out, x])
        return out


def _shape(t: ir.MemRefType, dynamic_sizes: list) -> list:
    """The memref's sizes: static ones as numbers, dynamic ones from `dynamic_sizes` in order."""
    it = iter(dynamic_sizes)
    return [next(it) if t.is_dynamic_dim(i) else d for i, d in enumerate(t.shape)]


def _identity_strides(sc: _Scalars, shape: list) -> list:
    strides, acc = [], 1
    for d in reversed(shape):
        strides.append(acc)
        acc = sc.add("mul", [acc, d])
    return strides[::-1]


def _bytes(sc: _Scalars, t: ir.MemRefType, shape: list):
    el = str(t.element_type)
    if el not in ELEMENT_BYTES:
        raise CompileError(f"target 'cuda': no storage size for element type {el}")
    return sc.product(list(shape) + [ELEMENT_BYTES[el]])


def _layout(sc: _Scalars, t: ir.MemRefType, shape: list) -> tuple:
    """(offset, strides) of a memref type: from its layout where static, else (an identity
    layout with dynamic sizes) from its sizes."""
    strides, offset = t.get_strides_and_offset()
    if not any(t.is_dynamic_stride_or_offset(x) for x in list(strides) + [offset]):
        return offset, list(strides)
    if "strided<" not in str(t) and "affine_map" not in str(t):
        return 0, _identity_strides(sc, shape)
    raise CompileError(f"target 'cuda': a view with a dynamic layout reaches the host side ({t})")


def extract(module: ir.Module, func: ir.Operation, n_inputs: int, n_outputs: int, out_dims=()) -> tuple:
    """(plan, constants) of the host function `func` (inputs, then out-parameters).
    `out_dims` lists, in the order the function returns them as index values, the (output,
    dimension) of each dynamic output size."""
    globals_ = {}
    for op in module.body.operations:
        op = _op(op)
        if op.name == "memref.global":
            globals_[ir.StringAttr(op.attributes["sym_name"]).value] = op
    sc = _Scalars(n_inputs)
    block = func.regions[0].blocks[0]
    ret = _op(list(block.operations)[-1])
    for (k, d), v in zip(out_dims, ret.operands):
        sc.out_dims[(k, d)] = sc.of(v)
    buffers: list = []
    constants: dict = {}
    views: dict = {}            # ir.Value -> (buffer id, offset, sizes, strides)
    launches: list = []
    out_shapes = [None] * n_outputs

    def bind(value, buf, t, shape, offset=None, strides=None):
        t = ir.MemRefType(t)
        if offset is None:
            offset, strides = _layout(sc, t, shape)
        views[value] = (buf, offset, list(shape), list(strides))

    for i, arg in enumerate(block.arguments):
        t = ir.MemRefType(arg.type)
        if i < n_inputs:
            shape = [sc.input_dim(i, d) if t.is_dynamic_dim(d) else s for d, s in enumerate(t.shape)]
            buffers.append({"kind": "input", "index": i, "nbytes": _bytes(sc, t, shape)})
        else:
            k = i - n_inputs
            shape = [sc.out_dims[(k, d)] if t.is_dynamic_dim(d) else s for d, s in enumerate(t.shape)]
            out_shapes[k] = shape
            buffers.append({"kind": "output", "index": k, "nbytes": _bytes(sc, t, shape)})
        bind(arg, len(buffers) - 1, arg.type, shape)

    for op in block.operations:
        op = _op(op)
        name = op.name
        if name in ("memref.alloc", "memref.alloca"):
            t = ir.MemRefType(op.results[0].type)
            shape = _shape(t, [sc.of(v) for v in op.operands])
            buffers.append({"kind": "temp", "nbytes": _bytes(sc, t, shape)})
            bind(op.results[0], len(buffers) - 1, t, shape)
        elif name == "memref.get_global":
            sym = ir.FlatSymbolRefAttr(op.attributes["name"]).value
            cname = f"c{len(constants)}"
            constants[cname] = np.asarray(_global_value(globals_[sym]), order="C")
            t = ir.MemRefType(op.results[0].type)
            buffers.append({"kind": "constant", "name": cname, "nbytes": _bytes(sc, t, list(t.shape))})
            bind(op.results[0], len(buffers) - 1, t, list(t.shape))
        elif name == "memref.reinterpret_cast":
            buf = _lookup(views, op.operands[0])[0]
            bind(op.results[0], buf, op.results[0].type, *_cast_layout(sc, op))
        elif name == "memref.extract_strided_metadata":
            views[op.results[0]] = (_lookup(views, op.operands[0])[0], 0, [], [])
        elif name == "memref.cast":
            views[op.results[0]] = _lookup(views, op.operands[0])      # the same view, another type
        elif name == "arith.select" and isinstance(op.results[0].type, ir.MemRefType):
            views[op.results[0]] = _select_view(sc, op, views)
        elif name == "gpu.launch_func":
            launches.append(_launch(op, views, sc))
        elif name in ("memref.dealloc", "func.return", "arith.constant", "memref.dim") or name in SCALAR_OPS:
            pass                        # sizes: computed where used (the scalar program)
        elif name == "memref.load":
            raise CompileError(f"target 'cuda': the host needs a value from device memory ({op.location}), "
                               f"e.g. an allocation whose size depends on the data; not supported yet")
        else:
            raise CompileError(f"target 'cuda': {name} ({op.location}) is left on the host side; only "
                               f"allocations, constants, views, sizes and kernel launches may be")
    plan = {"buffers": buffers, "launches": launches}
    if sc.entries:
        plan["scalars"] = sc.entries
    return plan, constants, out_shapes


def _select_view(sc: _Scalars, op: ir.Operation, views: dict) -> tuple:
    """The view an arith.select of two buffers picks: buffer id, offset, sizes and strides each
    chosen by the condition (a scalar of the plan, evaluated per call)."""
    condition = sc.of(op.operands[0])
    a, b = (_lookup(views, v) for v in op.operands[1:])
    if len(a[2]) != len(b[2]):
        raise CompileError(f"target 'cuda': a select of buffers of different ranks ({op.location})")
    return (sc.pick(condition, a[0], b[0]), sc.pick(condition, a[1], b[1]),
            [sc.pick(condition, x, y) for x, y in zip(a[2], b[2])],
            [sc.pick(condition, x, y) for x, y in zip(a[3], b[3])])


def _cast_layout(sc: _Scalars, op: ir.Operation) -> tuple:
    """(shape, offset, strides) of a memref.reinterpret_cast, static parts from its attributes."""
    dyn = iter(op.operands[1:])
    parts = []
    for key in ("static_offsets", "static_sizes", "static_strides"):
        parts.append([sc.of(next(dyn)) if x == DYNAMIC else x for x in ir.DenseI64ArrayAttr(op.attributes[key])])
    (offset,), sizes, strides = parts
    return sizes, offset, strides


def _lookup(views: dict, value):
    if value not in views:
        raise CompileError(f"target 'cuda': a kernel operand is not a known buffer ({value})")
    return views[value]


def _launch(op: ir.Operation, views: dict, sc: _Scalars) -> dict:
    segments = list(ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"]))
    # asyncDependencies, gridX/Y/Z, blockX/Y/Z, clusterX/Y/Z, dynamicSharedMemorySize, kernelOperands, asyncObject
    ops = list(op.operands)
    pos = segments[0]
    dims = [sc.of(ops[pos + i]) for i in range(6)]
    pos += 6 + sum(segments[7:10])
    smem = 0
    if segments[10]:
        smem = sc.of(ops[pos])
        pos += 1
    args = []
    for v in ops[pos:pos + segments[11]]:
        if isinstance(v.type, ir.MemRefType):
            buf, offset, sizes, strides = _lookup(views, v)
            args.append({"memref": buf, "offset": offset, "sizes": sizes, "strides": strides})
        else:
            args.append(_scalar(v, sc))
    module_name, kernel_name = [p.strip().lstrip("@") for p in str(op.attributes["kernel"]).split("::")]
    return {"module": module_name, "kernel": kernel_name, "grid": dims[:3], "block": dims[3:6], "smem": smem,
            "args": args}


def _scalar(v: ir.Value, sc: _Scalars) -> dict:
    t = str(v.type)
    owner = v.owner
    if not isinstance(owner, ir.Block) and _op(owner).name == "arith.constant":
        attr = _op(owner).attributes["value"]
        if isinstance(attr, ir.FloatAttr):
            return {t: float(attr.value)}
    if t in ("f16", "bf16", "f32", "f64"):
        raise CompileError(f"target 'cuda': a scalar kernel operand is computed on the host ({v})")
    return {"i64" if t == "index" else t: sc.of(v)}


def _global_value(gop: ir.Operation) -> np.ndarray:
    """A memref.global's initial value. The Python bindings cannot hand out a dense attribute of
    complex elements (reading one raises, and by index aborts the process), so those are read
    from the op's printed form."""
    t = ir.MemRefType(ir.TypeAttr(gop.attributes["type"]).value)
    if not isinstance(t.element_type, ir.ComplexType):
        return elements_to_numpy(gop.attributes["initial_value"])
    from ...literals import text_to_numpy
    from ...types import type_info
    text = str(gop)
    start = text.index("dense<")
    depth, end = 0, start
    for end in range(start, len(text)):
        depth += text[end] == "<"
        depth -= text[end] == ">"
        if depth == 0 and text[end] == ">":
            break
    tensor = ir.RankedTensorType.get(list(t.shape), t.element_type)
    return text_to_numpy(f"{text[start:end + 1]} : {tensor}", type_info(tensor))
