"""Compiled FFT / IFFT of complex<f32> / complex<f64> in XLA CPU's arithmetic.

One pass per transformed axis, the last axis first, in the operand's precision; an inverse
transform's 1 / N (the product of the lengths) applied once, at the end of the first pass.
Each axis is pocketfft's transform as fft_plan.py describes it (Bluestein's algorithm for
lengths with a large prime factor, as pocketfft chooses): per mixed-radix pass,
the axis of length n is read as [l1, radix, ido], one linalg.generic over [..., l1, ido,
...] computes every output of the butterfly (and its twiddle), and the outputs are written
back as [radix, l1, ido]. No transposes: the passes work on the axis where it is. The
passes' generics work on buffers (bufferization.to_buffer of their operands, to_tensor of
their results), so that every output is stored in its place in one result buffer. The
results equal the interpreter's (numpy's pocketfft kernels, which equal XLA's ducc0 below
512 points; tests/test_lower_fft.py checks bit equality).
"""
from __future__ import annotations

import numpy as np
from mlir import ir
from mlir.dialects import arith, bufferization, complex as cx, linalg, memref, tensor

from .. import emit
from ..element import index_const
from . import fft_plan

_REAL = {"complex<f32>": np.dtype(np.float32), "complex<f64>": np.dtype(np.float64)}


def supported(element: str, lengths: list[int]) -> bool:
    """Whether `c2c` computes this transform (else the caller's float64 path does)."""
    return element in _REAL and all(fft_plan.method(n) is not None for n in lengths)


class _Arith:
    """fft_plan's arithmetic interface as scalar arith ops (no fast-math: every op rounds)."""

    def __init__(self, real: np.dtype):
        self.real = real
        self.type = ir.F32Type.get() if real == np.float32 else ir.F64Type.get()
        self.consts = {}            # one arith.constant per value in the current loop body

    def new_body(self):
        """Called first in each loop body: its constants are its own (no use across regions)."""
        self.consts = {}

    def add(self, a, b):
        return arith.addf(a, b)

    def sub(self, a, b):
        return arith.subf(a, b)

    def neg(self, a):
        return arith.negf(a)

    def mul(self, a, b):
        return arith.mulf(a, b)

    def const(self, x):
        key = np.float64(x).tobytes()           # (keeps -0.0 apart from 0.0)
        if key not in self.consts:
            self.consts[key] = arith.constant(self.type, float(x))
        return self.consts[key]


def c2c(x: ir.Value, element: str, lengths: list[int], inverse: bool) -> ir.Value:
    """FFT (or IFFT, scaled by 1 / prod(lengths)) of x over its last len(lengths) dimensions."""
    real = _REAL[element]
    re, im = split(x, real)
    fct = real.type(1.0 / float(np.prod(lengths))) if inverse else real.type(1)
    rank = emit.rank(x)
    order = list(reversed(list(zip(range(rank - len(lengths), rank), lengths))))
    re, im = along_axes(re, im, real, order, inverse, fct)
    return join(re, im)


def split(x: ir.Value, real: np.dtype):
    """A complex tensor's real and imaginary parts."""
    t = _Arith(real).type
    rank = emit.rank(x)
    sizes = emit.dims(x)
    return tuple(emit.generic([x], [emit.empty(sizes, t), emit.empty(sizes, t)], [emit.identity_map(rank)] * 3,
                              ["parallel"] * rank, lambda v, _r, _i: [cx.re(v), cx.im(v)]))


def join(re: ir.Value, im: ir.Value) -> ir.Value:
    rank = emit.rank(re)
    ctype = ir.ComplexType.get(re.type.element_type)
    return emit.generic([re, im], [emit.empty(emit.dims(re), ctype)], [emit.identity_map(rank)] * 3,
                        ["parallel"] * rank, lambda r, i, _o: cx.create_(ctype, r, i))[0]


def along_axes(re: ir.Value, im: ir.Value, real: np.dtype, order: list, inverse: bool, fct):
    """One transform a (dimension, length) of `order`, in that order; fct in the first only."""
    A = _Arith(real)
    for d, n in order:
        if fft_plan.method(n) == "bluestein":
            re, im = _bluestein(A, re, im, d, n, inverse, fct)
        else:
            re, im = _passes(A, re, im, d, n, inverse, fct)
        fct = real.type(1)
    return re, im


def _passes(A: _Arith, re: ir.Value, im: ir.Value, d: int, n: int, bwd: bool, fct):
    """pocketfft's mixed-radix transform along dimension d, times fct (unless 1)."""
    passes = fft_plan.plan(n, A.real) if n > 1 else []
    for j, p in enumerate(passes):
        scale = fct if j == len(passes) - 1 and fct != 1 else None
        re, im = _pass(A, re, im, d, p, bwd, scale)
    if not passes and fct != 1:
        re, im = _scale(A, re, fct), _scale(A, im, fct)
    return re, im


def _bluestein(A: _Arith, re: ir.Value, im: ir.Value, d: int, n: int, bwd: bool, fct):
    """pocketfft's Bluestein transform along dimension d: the input times the chirp, padded
    to n2 (with that product's first element times 0, as pocketfft pads), a forward
    transform, times the chirp's transform, a backward one, the first n times the chirp and
    fct (always: pocketfft multiplies even by 1)."""
    b = fft_plan.bluestein(n, A.real)
    rank = emit.rank(re)
    sizes = emit.dims(re)
    name = _name(A)
    bkr = emit.constant_array(np.ascontiguousarray(b.bk.real).astype(A.real), name)
    bki = emit.constant_array(np.ascontiguousarray(b.bk.imag).astype(A.real), name)
    padded = sizes[:d] + [b.n2] + sizes[d + 1:]

    def chirp(_o1, _o2):
        A.new_body()
        idx = [linalg.IndexOp(j).result for j in range(rank)]
        inside = arith.cmpi(arith.CmpIPredicate.ult, idx[d], index_const(n))
        src = arith.select(inside, idx[d], index_const(0))
        at = idx[:d] + [src] + idx[d + 1:]
        x = (tensor.extract(re, at), tensor.extract(im, at))
        t = fft_plan.twiddle_mul(A, x, (tensor.extract(bkr, [src]), tensor.extract(bki, [src])), bwd)
        zero = A.const(0)
        return [arith.select(inside, t[0], A.mul(t[0], zero)), arith.select(inside, t[1], A.mul(t[1], zero))]

    ar, ai = emit.generic([], [emit.empty(padded, A.type), emit.empty(padded, A.type)],
                          [emit.identity_map(rank)] * 2, ["parallel"] * rank, chirp)
    ar, ai = _passes(A, ar, ai, d, b.n2, False, A.real.type(1))
    ar, ai = _times_along(A, ar, ai, d, b.bkf, not bwd, None)
    ar, ai = _passes(A, ar, ai, d, b.n2, True, A.real.type(1))
    ar, ai = _first(ar, d, n), _first(ai, d, n)
    return _times_along(A, ar, ai, d, b.bk, bwd, fct)


def _times_along(A: _Arith, re: ir.Value, im: ir.Value, d: int, w: np.ndarray, bwd: bool, fct):
    """(re, im) times w (complex, one value a position along d) by pocketfft's special_mul,
    then times fct unless None."""
    rank = emit.rank(re)
    sizes = emit.dims(re)
    name = _name(A)
    wr = emit.constant_array(np.ascontiguousarray(w.real).astype(A.real), name)
    wi = emit.constant_array(np.ascontiguousarray(w.imag).astype(A.real), name)
    along = emit.affine_map(rank, [d])

    def body(r, i, a, b, _o1, _o2):
        A.new_body()
        t = fft_plan.twiddle_mul(A, (r, i), (a, b), bwd)
        if fct is not None:
            f = A.const(fct)
            t = (A.mul(t[0], f), A.mul(t[1], f))
        return list(t)

    out = [emit.empty(sizes, A.type), emit.empty(sizes, A.type)]
    return tuple(emit.generic([re, im, wr, wi], out, [emit.identity_map(rank)] * 2 + [along] * 2
                              + [emit.identity_map(rank)] * 2, ["parallel"] * rank, body))


def _first(v: ir.Value, d: int, n: int) -> ir.Value:
    """v[..., :n, ...] along dimension d."""
    sizes = emit.dims(v)
    new = sizes[:d] + [n] + sizes[d + 1:]
    rt = emit.tensor_type([s if isinstance(s, int) else None for s in new], v.type.element_type)
    return tensor.extract_slice(rt, v, [], [s for s in new if not isinstance(s, int)], [], [0] * len(new),
                                _static(new), [1] * len(new))


def _pass(A: _Arith, re: ir.Value, im: ir.Value, d: int, p: fft_plan.Pass, bwd: bool, scale):
    """One radix pass along dimension d of the real and imaginary parts.

    The butterfly is a linalg.generic on buffers: it reads the operands as [..., l1, ip, ido, ...]
    and writes its 2 ip outputs straight into the places of one [..., ip, l1, ido, ...] buffer
    each of the real and imaginary parts. On tensors, each output was a tensor of its own that
    bufferization then copied into the result: a copy loop per output, half the pass's code."""
    rank = emit.rank(re)
    sizes = emit.dims(re)
    ip, l1, ido = p.radix, p.l1, p.ido
    lead, rest = sizes[:d], sizes[d + 1:]
    re3, im3 = _split_dim(_buffer(re), d, [l1, ip, ido]), _split_dim(_buffer(im), d, [l1, ip, ido])
    loops = rank + 1                                   # lead..., k (l1), i (ido), rest...
    k, i = d, d + 1
    pre, post = list(range(d)), list(range(d + 2, loops))

    def at(m):
        return emit.affine_map(loops, pre + [k, ir.AffineConstantExpr.get(m), i] + post)

    def to(m):
        return emit.affine_map(loops, pre + [ir.AffineConstantExpr.get(m), k, i] + post)

    inputs = [re3] * ip + [im3] * ip
    maps = [at(m) for m in range(ip)] * 2
    twiddled = ido > 1
    if twiddled:
        wr = _buffer(emit.constant_array(np.ascontiguousarray(p.twiddle.real).astype(A.real), _name(A)))
        wi = _buffer(emit.constant_array(np.ascontiguousarray(p.twiddle.imag).astype(A.real), _name(A)))
        inputs += [wr] * (ip - 1) + [wi] * (ip - 1)
        maps += [emit.affine_map(loops, [ir.AffineConstantExpr.get(u), i]) for u in range(ip - 1)] * 2
    full = lead + [ip, l1, ido] + rest
    dests = [_alloc(full, A.type) for _ in range(2)]
    outs = [dests[0]] * ip + [dests[1]] * ip
    maps += [to(m) for m in range(ip)] * 2

    def body(*args):
        A.new_body()
        xr, xi = args[:ip], args[ip:2 * ip]
        ys = fft_plan.butterfly(A, p, bwd, list(zip(xr, xi)), A.real)
        if twiddled:
            w = args[2 * ip:2 * ip + 2 * (ip - 1)]
            first = arith.cmpi(arith.CmpIPredicate.eq, linalg.IndexOp(i).result, index_const(0))
            for u in range(1, ip):
                t = fft_plan.twiddle_mul(A, ys[u], (w[u - 1], w[ip - 1 + u - 1]), bwd)
                ys[u] = (arith.select(first, ys[u][0], t[0]), arith.select(first, ys[u][1], t[1]))
        if scale is not None:
            f = A.const(scale)
            ys = [(A.mul(a, f), A.mul(b, f)) for a, b in ys]
        return [y[0] for y in ys] + [y[1] for y in ys]

    emit.generic(inputs, outs, maps, ["parallel"] * loops, body)
    rt = emit.tensor_type([s if isinstance(s, int) else None for s in full], A.type)
    res = [bufferization.ToTensorOp(rt, b, restrict=True, writable=True).result for b in dests]
    return tuple(_collapse(v, d, lead, rest, ip * l1 * ido) for v in res)


def _buffer(v: ir.Value) -> ir.Value:
    """A tensor's buffer, read only, in the identity layout (bufferization copies a buffer of
    another layout into one, which happens only for Bluestein's slice of its padded transform)."""
    t = ir.RankedTensorType(v.type)
    return bufferization.ToBufferOp(ir.MemRefType.get(t.shape, t.element_type), v, read_only=True).result


def _alloc(sizes: list, et: ir.Type) -> ir.Value:
    mt = ir.MemRefType.get(_static(sizes), et)
    return memref.AllocOp(mt, [s for s in sizes if not isinstance(s, int)], []).result


def _collapse(v: ir.Value, d: int, lead: list, rest: list, n: int) -> ir.Value:
    """[..., ip, l1, ido, ...] as [..., ip l1 ido, ...]."""
    out = lead + [n] + rest
    rt = emit.tensor_type([s if isinstance(s, int) else None for s in out], v.type.element_type)
    return tensor.collapse_shape(rt, v, _reassociation(_groups(len(out), d, 3)))


def _name(A: _Arith) -> str:
    return "f32" if A.real == np.float32 else "f64"


def _reassociation(groups) -> ir.ArrayAttr:
    i64 = ir.IntegerType.get_signless(64)
    return ir.ArrayAttr.get([ir.ArrayAttr.get([ir.IntegerAttr.get(i64, g) for g in grp]) for grp in groups])


def _groups(rank: int, d: int, parts: int) -> list:
    """Dimension d of a rank-`rank` tensor as `parts` dimensions; the others alone."""
    return [[j] for j in range(d)] + [list(range(d, d + parts))] + [[j + parts - 1] for j in range(d + 1, rank)]


def _static(sizes) -> list:
    return [s if isinstance(s, int) else ir.ShapedType.get_dynamic_size() for s in sizes]


def _split_dim(v: ir.Value, d: int, parts: list[int]) -> ir.Value:
    """Buffer v's dimension d as `parts` dimensions."""
    t = ir.MemRefType(v.type)
    sizes = [t.shape[j] if not t.is_dynamic_dim(j) else memref.dim(v, index_const(j)) for j in range(t.rank)]
    new = sizes[:d] + parts + sizes[d + 1:]
    rt = ir.MemRefType.get(_static(new), t.element_type)
    return memref.ExpandShapeOp(rt, v, _reassociation(_groups(t.rank, d, len(parts))),
                                [s for s in new if not isinstance(s, int)], _static(new)).result


def _scale(A: _Arith, v: ir.Value, fct) -> ir.Value:
    n = emit.rank(v)

    def body(x, _o):
        A.new_body()
        return A.mul(x, A.const(fct))

    return emit.generic([v], [emit.empty(emit.dims(v), A.type)], [emit.identity_map(n)] * 2, ["parallel"] * n,
                        body)[0]
