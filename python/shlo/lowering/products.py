"""Large matrix products as calls of a precompiled kernel instead of generated code.

The CPU schedules can tile and vectorize a matmul to one core's peak, but the
unrolled vector code they make is most of a compile's time: LLVM generates
machine code for every register tile. A precompiled kernel has that code
already, so a static f32 / f64 `linalg.matmul` or `linalg.batch_matmul` of at
least MIN_FLOPS into zeros becomes a call (jit/ShloBlas.cpp reads the memrefs'
strides at run time). `claim` makes the call before the schedules, on buffers
of the op's tensors (`bufferization.to_buffer` of the operands, a new buffer
for the result, `to_tensor` of it), so the IR stays valid throughout and the
schedules see only the ops around it. Transposes feeding an operand, or taking
the result (innermost dimension kept), become strided views of the call's
buffers (`memref.transpose`): the kernel packs its operands from any strides,
so a decoder's per-head layouts cost neither a copy nor generated loops.

Which kernel (`SHLO_MATMUL`, read at each compile):

- `kernel` (the default): shlo's own (jit/ShloGemm.cpp), built with the
  extension for AVX-512, AVX2 and portable vectors. It threads through the
  OpenMP runtime that the generated loops use, so its workers are theirs.
- `blas`: numpy's bundled OpenBLAS (`cblas_?gemm`). Not the default: its
  own thread pool and the OpenMP workers of the generated code wait for each
  other by spinning, and when another process holds one of the cores that
  goes badly wrong (the benchmark decoder took 349 ms a call instead of 20
  with one other process busy on a 2-core machine). Its count is set to the
  compile's `threads` for each call and put back afterwards.
- `generated`: no calls; products are scheduled and compiled like
  everything else (the pure-MLIR path).

Large f32 NHWC / HWCF convolutions (`linalg.conv_2d_nhwc_hwcf`) likewise call
shlo's direct convolution kernel in the `kernel` and `blas` modes
(`claim_convolutions`, before the schedules, on buffers of the tensors; the
kernel reads the input's zero padding in place). Generated, a convolution's
unrolled register tiles were most of the ResNet benchmark's compile; with few
output channels (not a multiple of 16, which the kernel once required) the
generated loop nest still compiled in ~160 M instructions where the call
takes ~16 M.
"""
from __future__ import annotations

import ctypes
import functools
import glob
import math
import os

from mlir import ir

MODES = ("kernel", "blas", "generated")
# Smaller products compile quickly anyway, and a library call's fixed cost (~1 us) would show.
MIN_FLOPS = 2 * 32 ** 3
# OpenBLAS packs the whole right operand on every call; with few rows to share that work the
# generated kernel (which does not pack) is faster: the benchmark MLP's 64 x 1024 x 1024 layers
# took 8.0 ms through BLAS against 6.7 generated (one free core; 7.6 / 6.8 ms of CPU on one thread).
# shlo's kernel reads such a right operand in place.
MIN_ROWS = {"blas": 128, "kernel": 1}
_NAMES = {"linalg.matmul": "matmul", "linalg.batch_matmul": "batch_matmul"}
CONV = "linalg.conv_2d_nhwc_hwcf"
_ELEMENTS = ("f32", "f64")


@functools.lru_cache(maxsize=None)
def _library() -> str | None:
    """Path of numpy's bundled OpenBLAS with 64-bit integers, or None."""
    import numpy
    here = os.path.dirname(os.path.dirname(os.path.abspath(numpy.__file__)))
    found = sorted(glob.glob(os.path.join(here, "numpy.libs", "libscipy_openblas64_*.so")))
    return found[0] if found else None


@functools.lru_cache(maxsize=None)
def available() -> bool:
    """Whether the library is there (its gemm functions are then registered with the JIT)."""
    path = _library()
    if path is None:
        return False
    try:
        lib = ctypes.CDLL(path)
        sgemm = ctypes.cast(lib.scipy_cblas_sgemm64_, ctypes.c_void_p).value
        dgemm = ctypes.cast(lib.scipy_cblas_dgemm64_, ctypes.c_void_p).value
        local = getattr(lib, "openblas_set_num_threads_local", None)
        local = ctypes.cast(local, ctypes.c_void_p).value if local is not None else 0
    except (OSError, AttributeError):
        return False
    from .. import _shlo_jit
    _shlo_jit.set_blas(sgemm, dgemm, local or 0)
    return True


def mode() -> str:
    """How shlo.compile computes large products now (SHLO_MATMUL; see the module docstring):
    "kernel", "blas" (only where the library is there, else "kernel") or "generated"."""
    chosen = os.environ.get("SHLO_MATMUL", "kernel")
    if chosen in ("generated", "mlir"):
        return "generated"
    if chosen == "blas" and available():
        return "blas"
    return "kernel"


def claim(module: ir.Module, mode: str = "kernel", threads: int = 1) -> int:
    """The module's products worth a kernel call become that call, on buffers of their tensors
    (before the schedules, which then see only the ops around it); returns how many. A
    transpose feeding an operand, or taking the result, is folded into the call as a strided
    view (the kernel packs its operands from any strides, and writes rows of any stride):
    the decoder's per-head layouts then cost no copies and no generated loops."""
    from .. import _shlo_ext
    for op in _shlo_ext.ops_named(module.operation, ["linalg.generic"]):
        _as_matmul(op)
    prefix = "shlo_blas" if mode == "blas" else "shlo"
    declared = set()
    for op in _shlo_ext.ops_named(module.operation, list(_NAMES)):
        if _claims(op, MIN_ROWS[mode]):
            epilogue = _dense_epilogue(op) if mode == "kernel" else None
            declared.add(_product_call(op, threads, prefix, epilogue))
    start = ir.InsertionPoint.at_block_begin(module.body)
    for name in sorted(declared):
        rank, element = (3 if "batch_matmul" in name else 2), name.rsplit("_", 1)[1]
        tail = f"{_memref(1, element)}, i32" if name.startswith(BIAS_PREFIX) else element
        start.insert(ir.Operation.parse(f"func.func private @{name}({', '.join([_memref(rank, element)] * 3)}, "
                                        f"{tail}, i32) attributes {{llvm.emit_c_interface}}"))
    return count_calls(module)


# A dense layer's product with its bias add (and relu) done by the kernel as it stores C: one pass
# over C fewer (the MLP's 64 x 1024 layers spent ~15 us each on the separate pass).
BIAS_PREFIX = "shlo_matmul_bias"


def _dense_epilogue(op: ir.Operation):
    """(generic, bias, relu) where the only user of the 2-D product `op` is an element-wise
    linalg.generic computing product + bias[j] (bias a 1-D tensor along the columns), then
    optionally arith.maximumf with +0.0 (relu); else None."""
    if op.name != "linalg.matmul":
        return None
    uses = list(op.results[0].uses)
    if len(uses) != 1:
        return None
    g = _owner_of_use(uses[0])
    if g.name != "linalg.generic" or len(g.operands) != 3 or len(g.results) != 1:
        return None
    if [str(t) for t in ir.ArrayAttr(g.attributes["iterator_types"])] != ['#linalg.iterator_type<parallel>'] * 2:
        return None
    maps = [str(ir.AffineMapAttr(m).value) for m in ir.ArrayAttr(g.attributes["indexing_maps"])]
    full, row = "(d0, d1) -> (d0, d1)", "(d0, d1) -> (d1)"
    product = op.results[0]
    if g.operands[0] == product and maps == [full, row, full]:
        bias = g.operands[1]
    elif g.operands[1] == product and maps == [row, full, full]:
        bias = g.operands[0]
    else:
        return None
    bias_type, out = ir.RankedTensorType(bias.type), ir.RankedTensorType(product.type)
    if g.results[0].type != product.type or not bias_type.has_static_shape or \
            list(bias_type.shape) != [out.shape[1]] or str(bias_type.element_type) != str(out.element_type):
        return None
    block = g.regions[0].blocks[0]
    args = list(block.arguments)
    ops = [o.operation for o in block.operations]
    if list(args[2].uses) or [o.name for o in ops] not in (["arith.addf", "linalg.yield"],
                                                          ["arith.addf", "arith.maximumf", "linalg.yield"]):
        return None
    add = ops[0]
    x, y = add.operands
    if not ((x == args[0] and y == args[1]) or (x == args[1] and y == args[0])) or _has_flags(add):
        return None
    last = add
    relu = len(ops) == 3
    if relu:
        top = ops[1]
        x, y = top.operands
        if _has_flags(top) or not ((x == add.results[0] and _plus_zero(y)) or (y == add.results[0] and _plus_zero(x))):
            return None
        last = top
    if ops[-1].operands[0] != last.results[0]:
        return None
    return g, bias, relu


def _has_flags(op: ir.Operation) -> bool:
    """Fast-math flags other than none (the kernel computes plain IEEE adds)."""
    if "fastmath" not in op.attributes:
        return False
    return str(op.attributes["fastmath"]) not in ("#arith.fastmath<none>",)


def _plus_zero(v: ir.Value) -> bool:
    return _zero(v) and math.copysign(1.0, ir.FloatAttr(_owner(v).attributes["value"]).value) > 0


def count_calls(module: ir.Module) -> int:
    """How many calls of shlo's product and convolution kernels (or BLAS) the module makes."""
    from .. import _shlo_ext
    kernels = {f"{prefix}_{name}_{element}" for prefix in ("shlo", "shlo_blas") for name in _NAMES.values()
               for element in _ELEMENTS} | {f"{BIAS_PREFIX}_{element}" for element in _ELEMENTS} | {CONV_SYMBOL}
    return sum(1 for op in _shlo_ext.ops_named(module.operation, ["func.call"])
               if ir.FlatSymbolRefAttr(op.attributes["callee"]).value in kernels)


def _product_call(op: ir.Operation, threads: int, prefix: str, epilogue=None) -> str:
    """The product `op` (on tensors, into a zero fill) as a call of the kernel on buffers: A, B,
    C (a new buffer), beta = 0, threads; returns the callee's name. With `epilogue` (generic,
    bias, relu: _dense_epilogue), the call is shlo_matmul_bias_* (A, B, C, bias, relu, threads)
    and takes the generic's place too."""
    from mlir.dialects import arith, bufferization, func, memref
    (a, a_perm), (b, b_perm) = (_untransposed(v) for v in op.operands[:2])
    out = ir.RankedTensorType(op.results[0].type)
    element, rank = out.element_type, out.rank
    name = f"{prefix}_{_NAMES[op.name]}_{element}" if epilogue is None else f"{BIAS_PREFIX}_{element}"
    taker = _result_transpose(op) if epilogue is None else None
    inputs = []         # the ops making the operands, once each (erased below if unused)
    for v in op.operands:
        owner = _owner(v)
        if owner is not None and all(owner != o for o in inputs):
            inputs.append(owner)
    with ir.InsertionPoint(op), op.location:
        if taker is not None:       # C written straight into the transpose's layout
            out = ir.RankedTensorType(taker.results[0].type)
            result = memref.alloc(ir.MemRefType.get(out.shape, element), [], [], alignment=64)
            c = _transposed(result, _inverse(_permutation(taker)))
        else:
            result = c = memref.alloc(ir.MemRefType.get(out.shape, element), [], [], alignment=64)
        any_layout = ir.Type.parse(_memref(rank, str(element)))
        args = [memref.cast(any_layout, v) for v in (_buffer(a, a_perm), _buffer(b, b_perm), c)]
        i32 = ir.IntegerType.get_signless(32)
        if epilogue is None:
            args.append(arith.constant(element, 0.0))       # beta
        else:
            args.append(memref.cast(ir.Type.parse(_memref(1, str(element))), _buffer(epilogue[1])))
            args.append(arith.constant(i32, int(epilogue[2])))
        count = arith.constant(i32, threads)
        func.call([], ir.FlatSymbolRefAttr.get(name), args + [count])
        value = bufferization.to_tensor(out, result, restrict=True, writable=True)
    replaced = epilogue[0] if epilogue is not None else (taker or op)
    replaced.results[0].replace_all_uses_with(value)
    if replaced is not op:
        replaced.erase()
    op.erase()
    for dead in inputs:     # transposes and the fill nothing else reads
        if dead.name in ("linalg.transpose", "linalg.fill") and not list(dead.results[0].uses):
            dead.erase()
    return name


def _untransposed(v: ir.Value) -> tuple:
    """(tensor, permutation or None): a transpose's input and its permutation where `v` is a
    linalg.transpose's result (read through a strided view)."""
    t = _owner(v)
    if t is not None and t.name == "linalg.transpose":
        return t.operands[0], _permutation(t)
    return v, None


def _result_transpose(op: ir.Operation):
    """The linalg.transpose that is the only user of `op`'s result and keeps the innermost
    dimension innermost (C's rows must be contiguous), or None."""
    uses = list(op.results[0].uses)
    if len(uses) != 1:
        return None
    user = _owner_of_use(uses[0])
    if user.name != "linalg.transpose" or user.operands[0] != op.results[0]:
        return None
    perm = _permutation(user)
    return user if perm[-1] == len(perm) - 1 else None


def _owner_of_use(use) -> ir.Operation:
    user = use.owner
    return user.operation if hasattr(user, "operation") else user


def _permutation(t: ir.Operation) -> list:
    return [int(x) for x in ir.DenseI64ArrayAttr(t.attributes["permutation"])]


def _inverse(perm: list) -> list:
    inv = [0] * len(perm)
    for i, p in enumerate(perm):
        inv[p] = i
    return inv


def _buffer(v: ir.Value, perm=None) -> ir.Value:
    """A read-only buffer of tensor `v` in whatever strided layout it has (a slice or a
    reshape of another buffer is a view of it, not a copy), transposed by `perm`."""
    from mlir.dialects import bufferization
    t = ir.RankedTensorType(v.type)
    buf = bufferization.to_buffer(ir.Type.parse(_memref_static(list(t.shape), str(t.element_type))), v,
                                  read_only=True)
    return _transposed(buf, perm) if perm is not None else buf


def _transposed(buf: ir.Value, perm: list) -> ir.Value:
    """memref.transpose of `buf`: dimension i of the view is dimension perm[i] of `buf`."""
    from mlir.dialects import memref
    t = ir.MemRefType(buf.type)
    shape = list(t.shape)
    buf = memref.cast(ir.Type.parse(_memref_static(shape, str(t.element_type))), buf)   # any layout
    view = ir.Type.parse(_memref_static([shape[p] for p in perm], str(t.element_type)))
    return memref.transpose(view, buf, ir.AffineMapAttr.get(ir.AffineMap.get_permutation(perm)))


def _memref_static(shape: list, element: str) -> str:
    return f"memref<{''.join(f'{d}x' for d in shape)}{element}, strided<[{', '.join(['?'] * len(shape))}], offset: ?>>"


def claim_convolutions(module: ir.Module, threads: int) -> int:
    """The static f32 NHWC / HWCF convolutions worth a call of shlo's kernel (at least
    MIN_FLOPS) become that call, on buffers of their tensors
    (bufferization.to_buffer / to_tensor: the call is in place before the schedules, which
    then see only the ops around it). A zero padding of the input's spatial dimensions is
    handed to the kernel, which reads zeros there: no padded copy. Returns how many."""
    from .. import _shlo_ext
    n = 0
    for op in _shlo_ext.ops_named(module.operation, [CONV]):
        types = [ir.RankedTensorType(v.type) if isinstance(v.type, ir.RankedTensorType) else None
                 for v in list(op.operands) + list(op.results)]
        if not all(t is not None and t.has_static_shape and str(t.element_type) == "f32" for t in types):
            continue
        (b, oh, ow, f), (kh, kw, c, _) = types[-1].shape, types[1].shape
        if 0 in types[0].shape or 0 in types[-1].shape or 2 * b * oh * ow * f * kh * kw * c < MIN_FLOPS \
                or not _zero_filled(op.operands[2]):
            continue
        if not n:
            ir.InsertionPoint.at_block_begin(module.body).insert(ir.Operation.parse(
                f"func.func private @{CONV_SYMBOL}({', '.join([_memref(4, 'f32')] * 3)}, f32, "
                f"{', '.join(['i64'] * 6)}, i32) attributes {{llvm.emit_c_interface}}"))
        _conv_call(op, threads)
        n += 1
    return n


CONV_SYMBOL = "shlo_conv2d_nhwc_hwcf_f32"


def _conv_call(op: ir.Operation, threads: int) -> None:
    """The convolution `op` (on tensors, into a zero fill) as a call of the kernel: input,
    filter, output (a new buffer), beta = 0, strides, dilations, padding (top, left), threads."""
    from mlir.dialects import arith, bufferization, func, memref
    from .schedules import _attr_list
    x, k, init = op.operands[0], op.operands[1], op.operands[2]
    padding = [0, 0]
    pad = _owner(x)
    if pad is not None and pad.name == "tensor.pad" and _zero_spatial_pad(pad):
        padding = [int(v) for v in ir.DenseI64ArrayAttr(pad.attributes["static_low"])][1:3]
        x = pad.operands[0]
    fill = _owner(init)
    strides = _attr_list(op, "strides") or [1, 1]
    dilations = _attr_list(op, "dilations") or [1, 1]
    out = ir.RankedTensorType(op.results[0].type)
    f32, i64 = ir.F32Type.get(), ir.IntegerType.get_signless(64)
    with ir.InsertionPoint(op), op.location:
        result = memref.alloc(ir.MemRefType.get(out.shape, f32), [], [], alignment=64)
        t = ir.Type.parse(_memref(4, "f32"))
        args = [memref.cast(t, v) for v in (_buffer(x), _buffer(k), result)]
        beta = arith.constant(f32, 0.0)
        ints = [arith.constant(i64, v) for v in strides + dilations + padding]
        count = arith.constant(ir.IntegerType.get_signless(32), threads)
        func.call([], ir.FlatSymbolRefAttr.get(CONV_SYMBOL), args + [beta] + ints + [count])
        value = bufferization.to_tensor(out, result, restrict=True, writable=True)
    op.results[0].replace_all_uses_with(value)
    op.erase()
    for dead in (pad, fill):
        if dead is not None and dead.name in ("tensor.pad", "linalg.fill") and not list(dead.results[0].uses):
            dead.erase()


def _owner(v: ir.Value):
    owner = v.owner
    owner = owner.operation if hasattr(owner, "operation") else owner
    return owner if isinstance(owner, ir.Operation) else None


def _zero_spatial_pad(pad: ir.Operation) -> bool:
    """A static tensor.pad by the constant zero of dimensions 1 and 2 only."""
    if len(pad.operands) != 1:
        return False        # dynamic low / high
    low = [int(x) for x in ir.DenseI64ArrayAttr(pad.attributes["static_low"])]
    high = [int(x) for x in ir.DenseI64ArrayAttr(pad.attributes["static_high"])]
    if len(low) != 4 or low[0] or low[3] or high[0] or high[3] or min(low + high) < 0:
        return False
    ops = [o.operation for o in pad.regions[0].blocks[0].operations]
    # tensor.yield of a zero constant, defined in the body or (hoisted) outside it
    return len(ops) <= 2 and all(o.name == "arith.constant" for o in ops[:-1]) and _zero(ops[-1].operands[0])


def _as_matmul(op: ir.Operation) -> None:
    """A generic contraction C[m..., n...] += A[m..., k...] * B[k..., n...] (each group of
    dimensions in the same order everywhere: a matmul into which element-wise fusion folded
    reshapes, such as the decoder's output projection over heads x head_dim) becomes a
    linalg.matmul of the operands collapsed to two dimensions each (free: a view once
    bufferized), so that it can go to BLAS too."""
    from mlir.dialects import linalg, tensor
    from .schedules import _contraction_roles
    roles = _contraction_roles(op)
    if roles is None or "b" in roles or len(op.operands) != 3:
        return
    names = [o.operation.name for o in op.regions[0].blocks[0].operations]
    if names != ["arith.mulf", "arith.addf", "linalg.yield"]:
        return      # (casts: the named matmul would need them spelled)
    maps = [ir.AffineMapAttr(m).value for m in ir.ArrayAttr(op.attributes["indexing_maps"])]
    dims = [[ir.AffineDimExpr(e).position for e in m.results] for m in maps]
    ms, ns, ks = ([d for d in dims[2 if r != "k" else 0] if roles[d] == r] for r in "mnk")
    if dims[0] != ms + ks or dims[1] != ks + ns or dims[2] != ms + ns or not (ms and ns and ks):
        return
    types = [ir.RankedTensorType(v.type) for v in op.operands]
    if not all(t.has_static_shape for t in types) or len({str(t.element_type) for t in types}) != 1:
        return
    if len(ms) == len(ns) == len(ks) == 1:
        return      # a plain matmul already (as a generic: left as it is)

    def collapsed(v: ir.Value, first: int) -> ir.Value:
        t = ir.RankedTensorType(v.type)
        shape = list(t.shape)
        groups = [list(range(first)), list(range(first, len(shape)))]
        size = [math.prod(shape[i] for i in g) for g in groups]
        if all(len(g) == 1 for g in groups):
            return v
        i64 = ir.IntegerType.get_signless(64)
        attr = ir.ArrayAttr.get([ir.ArrayAttr.get([ir.IntegerAttr.get(i64, d) for d in g]) for g in groups])
        return tensor.collapse_shape(ir.RankedTensorType.get(size, t.element_type), v, attr)

    with ir.InsertionPoint(op), op.location:
        a, b, c = collapsed(op.operands[0], len(ms)), collapsed(op.operands[1], len(ks)), \
            collapsed(op.operands[2], len(ms))
        product = linalg.matmul(a, b, outs=[c])
        out = op.results[0]
        if ir.RankedTensorType(product.type).shape != ir.RankedTensorType(out.type).shape:
            i64 = ir.IntegerType.get_signless(64)
            groups = [list(range(len(ms))), list(range(len(ms), len(ms) + len(ns)))]
            attr = ir.ArrayAttr.get([ir.ArrayAttr.get([ir.IntegerAttr.get(i64, d) for d in g]) for g in groups])
            product = tensor.expand_shape(out.type, product, attr, [], ir.DenseI64ArrayAttr.get(
                list(ir.RankedTensorType(out.type).shape)))
    out.replace_all_uses_with(product)
    op.erase()


def _claims(op: ir.Operation, min_rows: int) -> bool:
    """Whether the named product `op` becomes a call: static shapes, one element type of
    _ELEMENTS, at least MIN_FLOPS and `min_rows` rows."""
    types = [v.type for v in list(op.operands) + list(op.results)]
    if not all(isinstance(t, ir.RankedTensorType) and ir.RankedTensorType(t).has_static_shape for t in types):
        return False
    if len({str(ir.RankedTensorType(t).element_type) for t in types}) != 1 or \
            str(ir.RankedTensorType(types[0]).element_type) not in _ELEMENTS:
        return False
    a, b = list(ir.RankedTensorType(types[0]).shape), list(ir.RankedTensorType(types[1]).shape)
    if not _zero_filled(op.operands[2]):
        return False        # (the lowering's products start from zeros)
    if 0 in a or 0 in b or a[-2] < min_rows:
        return False
    flops = 2 * a[-2] * a[-1] * b[-1] * (a[0] if len(a) == 3 else 1)
    return flops >= MIN_FLOPS


def _zero_filled(v: ir.Value) -> bool:
    fill = _owner(v)
    return fill is not None and fill.name == "linalg.fill" and _zero(fill.operands[0])


def _zero(v: ir.Value) -> bool:
    owner = v.owner
    owner = owner.operation if hasattr(owner, "operation") else owner
    if not isinstance(owner, ir.Operation) or owner.name != "arith.constant":
        return False
    value = owner.attributes["value"]
    return isinstance(value, ir.FloatAttr) and ir.FloatAttr(value).value == 0.0


def _memref(rank: int, element: str) -> str:
    return f"memref<{'?x' * rank}{element}, strided<[{', '.join(['?'] * rank)}], offset: ?>>"
