"""The host side of a GPU program as a launch plan: buffers and kernel launches, JSON-able.

After kernel outlining the entry function holds only host code: allocations, constants
(memref.get_global), views of whole buffers (reinterpret casts with static layouts) and
`gpu.launch_func`s. `extract` reads that function into the plan that driver.py runs (the
format is documented there), with the constants' bytes beside it. Anything else on the host
side is refused by name: the plan has no host computation.
"""
from __future__ import annotations

import numpy as np
from mlir import ir

from ...errors import CompileError
from ...literals import elements_to_numpy

ELEMENT_BYTES = {"f16": 2, "bf16": 2, "f32": 4, "f64": 8, "i1": 1, "i8": 1, "i16": 2, "i32": 4, "i64": 8,
                 "ui8": 1, "ui16": 2, "ui32": 4, "ui64": 8, "index": 8, "complex<f32>": 8, "complex<f64>": 16,
                 "f8E4M3FN": 1, "f8E5M2": 1, "f8E4M3FNUZ": 1, "f8E5M2FNUZ": 1, "f8E4M3B11FNUZ": 1, "f8E4M3": 1,
                 "f8E3M4": 1, "f8E8M0FNU": 1, "i2": 1, "i4": 1, "ui2": 1, "ui4": 1}


def _op(x) -> ir.Operation:
    return x.operation if hasattr(x, "operation") else x


def _memref_bytes(t: ir.MemRefType) -> int:
    n = 1
    for d in t.shape:
        n *= d
    el = str(t.element_type)
    if el not in ELEMENT_BYTES:
        raise CompileError(f"target 'cuda': no storage size for element type {el}")
    return n * ELEMENT_BYTES[el]


def _layout(t: ir.MemRefType) -> tuple:
    """(offset, strides) of a memref type with a static layout."""
    shape = list(t.shape)
    if not t.has_static_shape:
        raise CompileError(f"target 'cuda': dynamic shapes are not supported yet ({t})")
    strides, offset = t.get_strides_and_offset()
    if t.is_dynamic_stride_or_offset(offset) or any(t.is_dynamic_stride_or_offset(s) for s in strides):
        raise CompileError(f"target 'cuda': a view with a dynamic layout reaches the host side ({t})")
    return offset, list(strides)


def extract(module: ir.Module, func: ir.Operation, n_inputs: int, n_outputs: int) -> tuple:
    """(plan, constants) of the host function `func` (inputs, then out-parameters)."""
    globals_ = {}
    for op in module.body.operations:
        op = _op(op)
        if op.name == "memref.global":
            globals_[ir.StringAttr(op.attributes["sym_name"]).value] = op
    buffers: list = []
    constants: dict = {}
    view_list: list = []        # (ir.Value, (buffer id, offset, sizes, strides)): Values do not hash
    consts: list = []           # (value, python number)
    launches: list = []

    def bind(value, buf, t):
        offset, strides = _layout(ir.MemRefType(t))
        view_list.append((value, (buf, offset, list(ir.MemRefType(t).shape), strides)))

    def lookup(value):
        for k, v in view_list:
            if k == value:
                return v
        raise CompileError(f"target 'cuda': a kernel operand is not a known buffer ({value})")

    block = func.regions[0].blocks[0]
    for i, arg in enumerate(block.arguments):
        t = ir.MemRefType(arg.type)
        kind, index = ("input", i) if i < n_inputs else ("output", i - n_inputs)
        buffers.append({"kind": kind, "index": index, "nbytes": _memref_bytes(t)})
        bind(arg, len(buffers) - 1, arg.type)

    for op in block.operations:
        op = _op(op)
        name = op.name
        if name == "arith.constant":
            value = op.attributes["value"]
            if isinstance(value, ir.BoolAttr):
                consts.append((op.results[0], int(value.value)))
            elif isinstance(value, ir.IntegerAttr):
                consts.append((op.results[0], value.value))
            elif isinstance(value, ir.FloatAttr):
                consts.append((op.results[0], value.value))
        elif name in ("memref.alloc", "memref.alloca"):
            t = ir.MemRefType(op.results[0].type)
            buffers.append({"kind": "temp", "nbytes": _memref_bytes(t)})
            bind(op.results[0], len(buffers) - 1, t)
        elif name == "memref.get_global":
            sym = ir.FlatSymbolRefAttr(op.attributes["name"]).value
            g = globals_[sym]
            cname = f"c{len(constants)}"
            array = elements_to_numpy(g.attributes["initial_value"])
            constants[cname] = np.ascontiguousarray(array)
            t = ir.MemRefType(op.results[0].type)
            buffers.append({"kind": "constant", "name": cname, "nbytes": _memref_bytes(t)})
            bind(op.results[0], len(buffers) - 1, t)
        elif name == "memref.reinterpret_cast":
            buf = lookup(op.operands[0])[0]
            bind(op.results[0], buf, op.results[0].type)
        elif name == "memref.extract_strided_metadata":
            view_list.append((op.results[0], (lookup(op.operands[0])[0], 0, [], [])))
        elif name == "gpu.launch_func":
            launches.append(_launch(op, lookup, consts))
        elif name in ("memref.dealloc", "func.return"):
            pass
        elif name == "memref.load":
            raise CompileError(f"target 'cuda': the host needs a value from device memory ({op.location}), "
                               f"e.g. an allocation whose size depends on the data; not supported yet")
        else:
            raise CompileError(f"target 'cuda': {name} ({op.location}) is left on the host side; only "
                               f"allocations, constants, views and kernel launches may be")
    return {"buffers": buffers, "launches": launches}, constants


def _launch(op: ir.Operation, lookup, consts) -> dict:
    segments = list(ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"]))
    # asyncDependencies, gridX/Y/Z, blockX/Y/Z, clusterX/Y/Z, dynamicSharedMemorySize, kernelOperands, asyncObject
    ops = list(op.operands)
    pos = segments[0]
    dims = []
    for _ in range(6):
        dims.append(_const(ops[pos], consts))
        pos += 1
    pos += sum(segments[7:10])
    smem = 0
    if segments[10]:
        smem = _const(ops[pos], consts)
        pos += 1
    args = []
    for v in ops[pos:pos + segments[11]]:
        if isinstance(v.type, ir.MemRefType) or str(v.type).startswith("memref<"):
            buf, offset, sizes, strides = lookup(v)
            args.append({"memref": buf, "offset": offset, "sizes": sizes, "strides": strides})
        else:
            args.append(_scalar(v, consts))
    text = str(op.attributes["kernel"])            # @module::@kernel
    module_name, kernel_name = [p.strip().lstrip("@") for p in text.split("::")]
    return {"module": module_name, "kernel": kernel_name, "grid": dims[:3], "block": dims[3:6], "smem": smem,
            "args": args}


def _const(v: ir.Value, consts: list) -> int:
    for k, val in consts:
        if k == v:
            return int(val)
    raise CompileError(f"target 'cuda': a launch size is not a constant ({v})")


def _scalar(v: ir.Value, consts: list) -> dict:
    t = str(v.type)
    for k, val in consts:
        if k == v:
            if t in ("f16", "bf16", "f32", "f64"):
                return {t: float(val)}
            return {"i64" if t == "index" else t: int(val)}
    raise CompileError(f"target 'cuda': a scalar kernel operand is computed on the host ({v})")
