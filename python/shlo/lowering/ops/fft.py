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
from mlir.dialects import arith, bufferization, complex as cx, linalg, memref, scf, tensor

from .. import emit
from ..element import index_const
from . import fft_plan

# Prime radices above this run as loops (_generic_pass), not as an unrolled butterfly: the
# same speed (512 x 13, 23, 31 measured within 3%) and compiles 1.1-4x faster (31: 1.68 -> 0.38 s)
UNROLLED_RADIX = 11
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
    fct = real.type(1.0 / float(np.prod(lengths))) if inverse else real.type(1)
    rank = emit.rank(x)
    order = list(reversed(list(zip(range(rank - len(lengths), rank), lengths))))
    if all(_unrolled_only(n) for _, n in order):
        # the first pass reads the complex operand and the last writes the complex result:
        # no separate sweeps splitting it into real and imaginary parts and joining them
        A = _Arith(real)
        re = im = None
        for j, (d, n) in enumerate(order):
            out = _passes(A, re, im, d, n, inverse, fct, cin=x if j == 0 else None, cout=j == len(order) - 1)
            fct = real.type(1)
            if j == len(order) - 1:
                return out
            re, im = out
    re, im = split(x, real)
    re, im = along_axes(re, im, real, order, inverse, fct)
    return join(re, im)


def _unrolled_only(n: int) -> bool:
    """Whether length n's transform is mixed-radix passes of unrolled butterflies only."""
    return n > 1 and fft_plan.method(n) == "passes" and all(f <= UNROLLED_RADIX for f in fft_plan.factors(n))


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


def _passes(A: _Arith, re: ir.Value, im: ir.Value, d: int, n: int, bwd: bool, fct, cin=None, cout=False):
    """pocketfft's mixed-radix transform along dimension d, times fct (unless 1). With `cin`
    (a complex tensor) / `cout`, the first pass reads it / the last writes a complex tensor
    (only where every pass is `_pass`, n > 1)."""
    passes = fft_plan.plan(n, A.real) if n > 1 else []
    for j, p in enumerate(passes):
        scale = fct if j == len(passes) - 1 and fct != 1 else None
        if p.radix <= UNROLLED_RADIX:
            out = _pass(A, re, im, d, p, bwd, scale, cin=cin if j == 0 else None,
                        cout=cout and j == len(passes) - 1)
            if cout and j == len(passes) - 1:
                return out
            re, im = out
        else:
            re, im = _generic_pass(A, re, im, d, p, bwd, scale)
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


def _pass(A: _Arith, re: ir.Value, im: ir.Value, d: int, p: fft_plan.Pass, bwd: bool, scale, cin=None,
          cout=False):
    """One radix pass along dimension d of the real and imaginary parts.

    The butterfly is a linalg.generic on buffers: it reads the operands as [..., l1, ip, ido, ...]
    and writes its 2 ip outputs straight into their places in one buffer each of the real and
    imaginary parts, seen as [..., ip, l1, ido, ...]. On tensors, each output was a tensor of its own that
    bufferization then copied into the result: a copy loop per output, half the pass's code.
    With `cin` it reads the complex tensor cin instead of (re, im); with `cout` it writes and
    returns one complex tensor."""
    src = cin if cin is not None else re
    rank = emit.rank(src)
    sizes = emit.dims(src)
    ip, l1, ido = p.radix, p.l1, p.ido
    lead, rest = sizes[:d], sizes[d + 1:]
    if cin is not None:
        c3 = _split_dim(_buffer(cin), d, [l1, ip, ido])
    else:
        re3, im3 = _split_dim(_buffer(re), d, [l1, ip, ido]), _split_dim(_buffer(im), d, [l1, ip, ido])
    loops = rank + 1                                   # lead..., k (l1), i (ido), rest...
    k, i = d, d + 1
    pre, post = list(range(d)), list(range(d + 2, loops))

    def at(m):
        return emit.affine_map(loops, pre + [k, ir.AffineConstantExpr.get(m), i] + post)

    def to(m):
        return emit.affine_map(loops, pre + [ir.AffineConstantExpr.get(m), k, i] + post)

    nin = ip if cin is not None else 2 * ip
    inputs = [c3] * ip if cin is not None else [re3] * ip + [im3] * ip
    maps = [at(m) for m in range(ip)] * (nin // ip)
    twiddled = ido > 1
    if twiddled:
        wr = _buffer(emit.constant_array(np.ascontiguousarray(p.twiddle.real).astype(A.real), _name(A)))
        wi = _buffer(emit.constant_array(np.ascontiguousarray(p.twiddle.imag).astype(A.real), _name(A)))
        inputs += [wr] * (ip - 1) + [wi] * (ip - 1)
        maps += [emit.affine_map(loops, [ir.AffineConstantExpr.get(u), i]) for u in range(ip - 1)] * 2
    # flat [..., n, ...] results seen as [..., ip, l1, ido, ...]: loads and stores through
    # expand_shape views linearize their indices; through a collapse_shape (of a result
    # allocated as [..., ip, l1, ido, ...]) they would delinearize them (divisions)
    ctype = ir.ComplexType.get(A.type)
    dests = [_alloc(sizes, ctype)] if cout else [_alloc(sizes, A.type) for _ in range(2)]
    views = [_split_dim(b, d, [ip, l1, ido]) for b in dests]
    outs = [v for v in views for _ in range(ip)]
    maps += [to(m) for m in range(ip)] * len(dests)

    def body(*args):
        A.new_body()
        if cin is not None:
            xr, xi = [cx.re(a) for a in args[:ip]], [cx.im(a) for a in args[:ip]]
        else:
            xr, xi = args[:ip], args[ip:2 * ip]
        ys = fft_plan.butterfly(A, p, bwd, list(zip(xr, xi)), A.real)
        if twiddled:
            w = args[nin:nin + 2 * (ip - 1)]
            first = arith.cmpi(arith.CmpIPredicate.eq, linalg.IndexOp(i).result, index_const(0))
            for u in range(1, ip):
                t = fft_plan.twiddle_mul(A, ys[u], (w[u - 1], w[ip - 1 + u - 1]), bwd)
                ys[u] = (arith.select(first, ys[u][0], t[0]), arith.select(first, ys[u][1], t[1]))
        if scale is not None:
            f = A.const(scale)
            ys = [(A.mul(a, f), A.mul(b, f)) for a, b in ys]
        if cout:
            return [cx.create_(ctype, a, b) for a, b in ys]
        return [y[0] for y in ys] + [y[1] for y in ys]

    emit.generic(inputs, outs, maps, ["parallel"] * loops, body)
    res = [bufferization.ToTensorOp(emit.tensor_type([s if isinstance(s, int) else None for s in sizes],
                                                     b.type.element_type), b, restrict=True, writable=True).result
           for b in dests]
    return res[0] if cout else tuple(res)


def _buffer(v: ir.Value) -> ir.Value:
    """A tensor's buffer, read only, in the identity layout (bufferization copies a buffer of
    another layout into one, which happens only for Bluestein's slice of its padded transform)."""
    t = ir.RankedTensorType(v.type)
    return bufferization.ToBufferOp(ir.MemRefType.get(t.shape, t.element_type), v, read_only=True).result


def _alloc(sizes: list, et: ir.Type) -> ir.Value:
    mt = ir.MemRefType.get(_static(sizes), et)
    return memref.AllocOp(mt, [s for s in sizes if not isinstance(s, int)], []).result


def _generic_pass(A: _Arith, re: ir.Value, im: ir.Value, d: int, p: fft_plan.Pass, bwd: bool, scale):
    """A pass of a prime radix above UNROLLED_RADIX: fft_plan._generic's arithmetic (pocketfft's
    passg) as run-time loops over its j and l, on buffers: for every point (..., k, i, ...),
    the symmetric sums into a scratch row `ch`, each output pair accumulated into a scratch row
    `cx`, then the outputs, their twiddles and the scale. Its code does not grow with the prime
    (the unrolled butterfly grows as p^2: 31 took 1.7 s to compile, 43 ~6 s)."""
    ip, l1, ido = p.radix, p.l1, p.ido
    ipph = (ip + 1) // 2
    sizes = emit.dims(re)
    lead, rest = sizes[:d], sizes[d + 1:]
    src = [_buffer(re), _buffer(im)]
    dst = [_alloc(sizes, A.type) for _ in range(2)]
    name = _name(A)
    sign = 1 if bwd else -1
    wal = np.stack([p.roots.real, sign * p.roots.imag]).astype(A.real)     # [2, ip]: wal[i], conjugated forward
    wal[:, 0] = (1, 0)
    walb = _buffer(emit.constant_array(np.ascontiguousarray(wal), name))
    twb = None
    if ido > 1:
        twb = _buffer(emit.constant_array(np.ascontiguousarray(
            np.stack([p.twiddle.real, p.twiddle.imag]).astype(A.real)), name))     # [2, ip - 1, ido]
    scratch = [_alloc([ip], A.type) for _ in range(4)]                # ch re, ch im, cx re, cx im
    c0, c1 = index_const(0), index_const(1)
    fscale = None if scale is None else arith.constant(A.type, float(scale))

    def add(a, b):
        return arith.addi(_ix(a), _ix(b)) if not (isinstance(a, int) and isinstance(b, int)) else a + b

    def mul(a, b):
        return arith.muli(_ix(a), _ix(b)) if not (isinstance(a, int) and isinstance(b, int)) else a * b

    def sub(a, b):
        return arith.subi(_ix(a), _ix(b)) if not (isinstance(a, int) and isinstance(b, int)) else a - b

    def loop(lo, hi, body, carried=()):
        op = scf.ForOp(_ix(lo), _ix(hi), c1, list(carried))
        with ir.InsertionPoint(op.body):
            out = body(op.induction_variable, *op.inner_iter_args)
            scf.YieldOp(list(out) if out is not None else [])
        return op.results

    def ld(buf, *idx):
        return memref.load(buf, [_ix(v) for v in idx])

    def point(outer, k, i, inner):
        ch_r, ch_i, cx_r, cx_i = scratch

        def cc(m):        # input m of the butterfly: position (k ip + m) ido + i along d
            at = outer + [add(mul(add(mul(k, ip), m), ido), i)] + inner
            return ld(src[0], *at), ld(src[1], *at)

        def store(m, v):  # output m: position (m l1 + k) ido + i
            at = outer + [add(mul(add(mul(m, l1), k), ido), i)] + inner
            memref.store(v[0], dst[0], [_ix(x) for x in at])
            memref.store(v[1], dst[1], [_ix(x) for x in at])

        x0 = cc(0)

        def sums(j):
            jc = sub(ip, j)
            a, b = cc(j), cc(jc)
            for buf, v in ((ch_r, A.add(a[0], b[0])), (ch_i, A.add(a[1], b[1]))):
                memref.store(v, buf, [j])
            for buf, v in ((ch_r, A.sub(a[0], b[0])), (ch_i, A.sub(a[1], b[1]))):
                memref.store(v, buf, [jc])
        loop(1, ipph, sums)
        memref.store(x0[0], ch_r, [c0])
        memref.store(x0[1], ch_i, [c0])

        def ch(j):
            return ld(ch_r, j), ld(ch_i, j)

        cx0 = loop(1, ipph, lambda j, r, im_: [A.add(r, ld(ch_r, j)), A.add(im_, ld(ch_i, j))], x0)

        def angle(j, l):      # pocketfft's iwal: j l mod ip (never 0: ip is prime)
            return arith.remui(mul(j, l), index_const(ip))

        def per_l(l):
            lc = sub(ip, l)
            l2 = mul(l, 2)
            w1r, w1i, w2r, w2i = ld(walb, 0, l), ld(walb, 1, l), ld(walb, 0, l2), ld(walb, 1, l2)
            h0, h1, h2 = ch(0), ch(1), ch(2)
            t1, t2 = ch(ip - 1), ch(ip - 2)
            xr = A.add(A.add(h0[0], A.mul(w1r, h1[0])), A.mul(w2r, h2[0]))
            xi = A.add(A.add(h0[1], A.mul(w1r, h1[1])), A.mul(w2r, h2[1]))
            yr = A.sub(A.mul(arith.negf(w1i), t1[1]), A.mul(w2i, t2[1]))
            yi = A.add(A.mul(w1i, t1[0]), A.mul(w2i, t2[0]))
            pairs = max(0, (ipph - 1 - 3 + 1) // 2)       # j = 3, 5, ... while j < ipph - 1

            def pair(g, xr, xi, yr, yi):
                j = add(mul(g, 2), 3)
                jc = sub(ip, j)
                a1, a2 = angle(j, l), angle(add(j, 1), l)
                xw = (ld(walb, 0, a1), ld(walb, 1, a1))
                xw2 = (ld(walb, 0, a2), ld(walb, 1, a2))
                hj, hj1, hc, hc1 = ch(j), ch(add(j, 1)), ch(jc), ch(sub(jc, 1))
                return [A.add(xr, A.add(A.mul(hj[0], xw[0]), A.mul(hj1[0], xw2[0]))),
                        A.add(xi, A.add(A.mul(hj[1], xw[0]), A.mul(hj1[1], xw2[0]))),
                        A.sub(yr, A.add(A.mul(hc[1], xw[1]), A.mul(hc1[1], xw2[1]))),
                        A.add(yi, A.add(A.mul(hc[0], xw[1]), A.mul(hc1[0], xw2[1])))]
            xr, xi, yr, yi = loop(0, pairs, pair, [xr, xi, yr, yi])
            j = 3 + 2 * pairs
            if j < ipph:                                   # one single term
                a = angle(j, l)
                xw = (ld(walb, 0, a), ld(walb, 1, a))
                hj, hc = ch(j), ch(ip - j)
                xr, xi = A.add(xr, A.mul(hj[0], xw[0])), A.add(xi, A.mul(hj[1], xw[0]))
                yr, yi = A.sub(yr, A.mul(hc[1], xw[1])), A.add(yi, A.mul(hc[0], xw[1]))
            for buf, at, v in ((cx_r, l, xr), (cx_i, l, xi), (cx_r, lc, yr), (cx_i, lc, yi)):
                memref.store(v, buf, [_ix(at)])
        loop(1, ipph, per_l)

        first = arith.cmpi(arith.CmpIPredicate.eq, _ix(i), c0) if twb is not None else None

        def finish(u, v):
            if twb is not None:
                t = fft_plan.twiddle_mul(A, v, (ld(twb, 0, sub(u, 1), i), ld(twb, 1, sub(u, 1), i)), bwd)
                v = (arith.select(first, v[0], t[0]), arith.select(first, v[1], t[1]))
            if fscale is not None:
                v = (A.mul(v[0], fscale), A.mul(v[1], fscale))
            store(u, v)

        y0 = (cx0[0], cx0[1])
        store(0, y0 if fscale is None else (A.mul(y0[0], fscale), A.mul(y0[1], fscale)))

        def outputs(j):
            jc = sub(ip, j)
            a, b = (ld(cx_r, j), ld(cx_i, j)), (ld(cx_r, jc), ld(cx_i, jc))
            finish(j, (A.add(a[0], b[0]), A.add(a[1], b[1])))
            finish(jc, (A.sub(a[0], b[0]), A.sub(a[1], b[1])))
        loop(1, ipph, outputs)

    def nest(bounds, body, ivs=()):
        if not bounds:
            body(list(ivs))
            return
        loop(0, bounds[0], lambda iv: nest(bounds[1:], body, ivs + (iv,)))

    nd = len(lead)
    nest(lead + [l1, ido] + rest, lambda iv: point(iv[:nd], iv[nd], iv[nd + 1], iv[nd + 2:]))
    rt = emit.tensor_type([s if isinstance(s, int) else None for s in sizes], A.type)
    return tuple(bufferization.ToTensorOp(rt, b, restrict=True, writable=True).result for b in dst)


def _ix(v):
    return index_const(v) if isinstance(v, int) else v


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
