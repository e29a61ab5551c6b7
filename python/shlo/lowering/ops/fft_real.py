"""Compiled real FFTs (RFFT's real-to-complex and IRFFT's complex-to-real axis) in XLA CPU's
arithmetic: pocketfft's real transform (FFTPACK's `rfftp`: radix 4, 2, 3, 5, and its generic
radix for any other prime factor) as scalar loops that follow its operation order (radf*
forward, radb* backward).

Rows are the collapsed leading dimensions; each pass reads the previous buffer and writes a
new one with scf.for loops (over rows, pocketfft's k and i) of memref.load / store, so
the halfcomplex layout's mirrored indices need nothing special. The passes work on buffers
(bufferization.to_buffer of the input, to_tensor of the last pass's buffer): with tensors
carried through the loops, one-shot bufferization's analysis grew with the loops (a minute
for 22 = 2 x 11). The generic radix's loops over j and l are run-time loops, so its code does
not grow with the prime. Where pocketfft_r takes Bluestein's algorithm instead, so does
this module, through the complex Bluestein transform of fft.py (fftblue's forward_r /
backward_r).
"""
from __future__ import annotations

import numpy as np
from mlir import ir
from mlir.dialects import arith, bufferization, memref, scf, tensor

from .. import emit
from ..element import index_const
from . import fft_plan, shapes

_RADICES = (2, 3, 4, 5)


def factors(n: int) -> list[int] | None:
    """rfftp's radices of n (4s, a 2 swapped to the front, odd primes)."""
    # (the generic radix, radfg / radbg, is run-time loops: its code does not grow with the prime)
    return fft_plan.radices_after([], n) if n >= 1 else None


def _uses_bluestein(n: int) -> bool:
    """pocketfft_r's choice (half the complex transform's cost)."""
    p = 0 if n < 50 else fft_plan._largest_prime_factor(n)
    if p * p <= n:
        return False
    return (2 * fft_plan._cost_guess(fft_plan._good_size(2 * n - 1))) * 1.5 < 0.5 * fft_plan._cost_guess(n)


def supported(n: int) -> bool:
    """Every length: rfftp's passes, or Bluestein's algorithm where pocketfft_r takes it."""
    return n >= 1


def _twiddles(n: int, real: np.dtype) -> list:
    """Per factor (all but the last): wa, the real array pocketfft's comp_twiddle fills."""
    fs = factors(n)
    table = fft_plan.twiddle_table(n, real)
    out, l1 = [], 1
    for k, ip in enumerate(fs):
        ido = n // (l1 * ip)
        wa = np.zeros(max((ip - 1) * (ido - 1), 1), real)
        if k < len(fs) - 1:
            for j in range(1, ip):
                for i in range(1, (ido - 1) // 2 + 1):
                    w = table[(j * l1 * i) % n]
                    wa[(j - 1) * (ido - 1) + 2 * i - 2] = w.real
                    wa[(j - 1) * (ido - 1) + 2 * i - 1] = w.imag
        out.append(wa)
        l1 *= ip
    return out


# ----------------------------------------------------------------------------- emission helpers

class _Loops:
    """Scalar code over two row buffers (`cc` read, `ch` written; the generic radices write
    both), memrefs, inside scf.for loops. (On tensors, with the buffers carried through the
    loops, one-shot bufferization took seconds to a minute on the generic radices' loops.)"""

    def __init__(self, real: np.dtype, cc: ir.Value, ch: ir.Value, row: ir.Value, wa: ir.Value):
        self.real = real
        self.type = ir.F32Type.get() if real == np.float32 else ir.F64Type.get()
        self.buf = {"cc": cc, "ch": ch}
        self.row, self.wa = row, wa
        self.cs = None

    # arithmetic (each op rounds; no fast-math)
    def c(self, x):
        v = float(self.real.type(x))
        return _Constants.get((str(self.type), np.float64(v).tobytes()), lambda: arith.constant(self.type, v))

    def add(self, a, b):
        return arith.addf(a, b)

    def sub(self, a, b):
        return arith.subf(a, b)

    def mul(self, a, b):
        return arith.mulf(a, b)

    def pm(self, c, d):
        """(c + d, c - d)"""
        return self.add(c, d), self.sub(c, d)

    def mulpm(self, c, d, e, f):
        """(c e + d f, c f - d e): conj(c + i d) (e + i f)"""
        return self.add(self.mul(c, e), self.mul(d, f)), self.sub(self.mul(c, f), self.mul(d, e))

    # memory
    def rd(self, name, idx):
        return memref.load(self.buf[name], [self.row, _ix(idx)])

    def wr(self, name, idx, v):
        memref.store(v, self.buf[name], [self.row, _ix(idx)])

    def get(self, idx):
        return self.rd("cc", idx)

    def put(self, idx, v):
        self.wr("ch", idx, v)

    def w(self, idx):
        return memref.load(self.wa, [_ix(idx)])

    def csv(self, idx):
        """The generic radix's cos / sin table (rfftp's csarr) at idx."""
        return memref.load(self.cs, [_ix(idx)])

    def loop(self, lo, hi, step, body):
        """for (i = lo; i < hi; i += step) body(i)."""
        if isinstance(lo, int) and isinstance(hi, int) and lo >= hi:
            return
        op = scf.ForOp(_ix(lo), _ix(hi), index_const(step), [])
        with ir.InsertionPoint(op.body):
            body(op.induction_variable)
            scf.YieldOp([])


def _buffer(v: ir.Value) -> ir.Value:
    """A tensor's buffer, read only, in the identity layout (bufferization copies a buffer of
    another layout into one)."""
    t = ir.RankedTensorType(v.type)
    return bufferization.ToBufferOp(ir.MemRefType.get(t.shape, t.element_type), v, read_only=True).result


def _alloc(rows, n: int, et: ir.Type) -> ir.Value:
    dyn = ir.ShapedType.get_dynamic_size()
    mt = ir.MemRefType.get([rows if isinstance(rows, int) else dyn, n], et)
    return memref.AllocOp(mt, [] if isinstance(rows, int) else [rows], []).result


class _Constants:
    """While the passes are emitted: one constant per value, placed before an anchor op that
    precedes their loops (a constant at every use made a quarter of the ops the lowering
    emitted, for canonicalize and CSE to remove again)."""
    anchor = None
    values: dict = {}

    @classmethod
    def get(cls, key, make):
        if cls.anchor is None:
            return make()
        if key not in cls.values:
            with ir.InsertionPoint(cls.anchor):
                cls.values[key] = make()
        return cls.values[key]


def _ix(v):
    return _Constants.get(("index", v), lambda: index_const(v)) if isinstance(v, int) else v


def _add(a, b):
    if isinstance(a, int) and isinstance(b, int):
        return a + b
    return arith.addi(_ix(a), _ix(b))


def _sub(a, b):
    if isinstance(a, int) and isinstance(b, int):
        return a - b
    return arith.subi(_ix(a), _ix(b))


def _mul(a, b):
    if isinstance(a, int) and isinstance(b, int):
        return a * b
    return arith.muli(_ix(a), _ix(b))


def _at(a, b, c, d1, d2):
    """a + d1 (b + d2 c): pocketfft's CC / CH addressing."""
    return _add(a, _mul(d1, _add(b, _mul(d2, c))))


# ----------------------------------------------------------------------------- forward passes
# CC(a, b, c) = cc[a + ido (b + l1 c)], CH(a, b, c) = ch[a + ido (b + ip c)], WA(x, i) = wa[i + x (ido - 1)]

def _fwd(L: _Loops, ip: int, ido: int, l1: int):
    CC = lambda a, b, c: L.get(_at(a, b, c, ido, l1))           # noqa: E731
    CH = lambda a, b, c, v: L.put(_at(a, b, c, ido, ip), v)     # noqa: E731
    WA = lambda x, i: L.w(_add(i, x * (ido - 1)))               # noqa: E731
    return CC, CH, WA


def _radf2(L: _Loops, ido: int, l1: int):
    CC, CH, WA = _fwd(L, 2, ido, l1)

    def k0(k):
        a, b = L.pm(CC(0, k, 0), CC(0, k, 1))
        CH(0, 0, k, a)
        CH(ido - 1, 1, k, b)
    L.loop(0, l1, 1, k0)
    if ido % 2 == 0:
        def k1(k):
            CH(0, 1, k, arith.negf(CC(ido - 1, k, 1)))
            CH(ido - 1, 0, k, CC(ido - 1, k, 0))
        L.loop(0, l1, 1, k1)
    if ido <= 2:
        return

    def ki(k):
        def body(i):
            ic = _sub(ido, i)
            tr2, ti2 = L.mulpm(WA(0, _sub(i, 2)), WA(0, _sub(i, 1)), CC(_sub(i, 1), k, 1), CC(i, k, 1))
            a, b = L.pm(CC(_sub(i, 1), k, 0), tr2)
            CH(_sub(i, 1), 0, k, a)
            CH(_sub(ic, 1), 1, k, b)
            a, b = L.pm(ti2, CC(i, k, 0))
            CH(i, 0, k, a)
            CH(ic, 1, k, b)
        L.loop(2, ido, 2, body)
    L.loop(0, l1, 1, ki)


def _radf3(L: _Loops, ido: int, l1: int):
    CC, CH, WA = _fwd(L, 3, ido, l1)
    taur, taui = L.c(-0.5), L.c(fft_plan._const("0.8660254037844386467637231707529362", L.real))

    def k0(k):
        cr2 = L.add(CC(0, k, 1), CC(0, k, 2))
        CH(0, 0, k, L.add(CC(0, k, 0), cr2))
        CH(0, 2, k, L.mul(taui, L.sub(CC(0, k, 2), CC(0, k, 1))))
        CH(ido - 1, 1, k, L.add(CC(0, k, 0), L.mul(taur, cr2)))
    L.loop(0, l1, 1, k0)
    if ido == 1:
        return

    def ki(k):
        def body(i):
            ic = _sub(ido, i)
            im1 = _sub(i, 1)
            dr2, di2 = L.mulpm(WA(0, _sub(i, 2)), WA(0, im1), CC(im1, k, 1), CC(i, k, 1))
            dr3, di3 = L.mulpm(WA(1, _sub(i, 2)), WA(1, im1), CC(im1, k, 2), CC(i, k, 2))
            dr2, di2, dr3, di3 = _rearrange(L, dr2, di2, dr3, di3)
            CH(im1, 0, k, L.add(CC(im1, k, 0), dr2))
            CH(i, 0, k, L.add(CC(i, k, 0), di2))
            tr2 = L.add(CC(im1, k, 0), L.mul(taur, dr2))
            ti2 = L.add(CC(i, k, 0), L.mul(taur, di2))
            tr3 = L.mul(taui, dr3)
            ti3 = L.mul(taui, di3)
            a, b = L.pm(tr2, tr3)
            CH(im1, 2, k, a)
            CH(_sub(ic, 1), 1, k, b)
            a, b = L.pm(ti3, ti2)
            CH(i, 2, k, a)
            CH(ic, 1, k, b)
        L.loop(2, ido, 2, body)
    L.loop(0, l1, 1, ki)


def _rearrange(L: _Loops, rx, ix, ry, iy):
    """pocketfft's REARRANGE: (rx + ry, ix + iy, ix - iy, ry - rx)."""
    return L.add(rx, ry), L.add(ix, iy), L.sub(ix, iy), L.sub(ry, rx)


def _radf4(L: _Loops, ido: int, l1: int):
    CC, CH, WA = _fwd(L, 4, ido, l1)
    hsqt2 = fft_plan._const(fft_plan._HSQT2, L.real)

    def k0(k):
        tr1, t = L.pm(CC(0, k, 3), CC(0, k, 1))
        CH(0, 2, k, t)
        tr2, t = L.pm(CC(0, k, 0), CC(0, k, 2))
        CH(ido - 1, 1, k, t)
        a, b = L.pm(tr2, tr1)
        CH(0, 0, k, a)
        CH(ido - 1, 3, k, b)
    L.loop(0, l1, 1, k0)
    if ido % 2 == 0:
        def k1(k):
            ti1 = L.mul(L.c(-hsqt2), L.add(CC(ido - 1, k, 1), CC(ido - 1, k, 3)))
            tr1 = L.mul(L.c(hsqt2), L.sub(CC(ido - 1, k, 1), CC(ido - 1, k, 3)))
            a, b = L.pm(CC(ido - 1, k, 0), tr1)
            CH(ido - 1, 0, k, a)
            CH(ido - 1, 2, k, b)
            a, b = L.pm(ti1, CC(ido - 1, k, 2))
            CH(0, 3, k, a)
            CH(0, 1, k, b)
        L.loop(0, l1, 1, k1)
    if ido <= 2:
        return

    def ki(k):
        def body(i):
            ic = _sub(ido, i)
            im1, im2, icm1 = _sub(i, 1), _sub(i, 2), _sub(ic, 1)
            cr2, ci2 = L.mulpm(WA(0, im2), WA(0, im1), CC(im1, k, 1), CC(i, k, 1))
            cr3, ci3 = L.mulpm(WA(1, im2), WA(1, im1), CC(im1, k, 2), CC(i, k, 2))
            cr4, ci4 = L.mulpm(WA(2, im2), WA(2, im1), CC(im1, k, 3), CC(i, k, 3))
            tr1, tr4 = L.pm(cr4, cr2)
            ti1, ti4 = L.pm(ci2, ci4)
            tr2, tr3 = L.pm(CC(im1, k, 0), cr3)
            ti2, ti3 = L.pm(CC(i, k, 0), ci3)
            a, b = L.pm(tr2, tr1)
            CH(im1, 0, k, a)
            CH(icm1, 3, k, b)
            a, b = L.pm(ti1, ti2)
            CH(i, 0, k, a)
            CH(ic, 3, k, b)
            a, b = L.pm(tr3, ti4)
            CH(im1, 2, k, a)
            CH(icm1, 1, k, b)
            a, b = L.pm(tr4, ti3)
            CH(i, 2, k, a)
            CH(ic, 1, k, b)
        L.loop(2, ido, 2, body)
    L.loop(0, l1, 1, ki)


_C5 = ["0.3090169943749474241022934171828191", "0.9510565162951535721164393333793821",
       "-0.8090169943749474241022934171828191", "0.5877852522924731291687059546390728"]


def _radf5(L: _Loops, ido: int, l1: int):
    CC, CH, WA = _fwd(L, 5, ido, l1)
    tr11, ti11, tr12, ti12 = (L.c(fft_plan._const(t, L.real)) for t in _C5)

    def k0(k):
        cr2, ci5 = L.pm(CC(0, k, 4), CC(0, k, 1))
        cr3, ci4 = L.pm(CC(0, k, 3), CC(0, k, 2))
        c0 = CC(0, k, 0)
        CH(0, 0, k, L.add(L.add(c0, cr2), cr3))
        CH(ido - 1, 1, k, L.add(L.add(c0, L.mul(tr11, cr2)), L.mul(tr12, cr3)))
        CH(0, 2, k, L.add(L.mul(ti11, ci5), L.mul(ti12, ci4)))
        CH(ido - 1, 3, k, L.add(L.add(c0, L.mul(tr12, cr2)), L.mul(tr11, cr3)))
        CH(0, 4, k, L.sub(L.mul(ti12, ci5), L.mul(ti11, ci4)))
    L.loop(0, l1, 1, k0)
    if ido == 1:
        return

    def ki(k):
        def body(i):
            ic = _sub(ido, i)
            im1, im2, icm1 = _sub(i, 1), _sub(i, 2), _sub(ic, 1)
            dr2, di2 = L.mulpm(WA(0, im2), WA(0, im1), CC(im1, k, 1), CC(i, k, 1))
            dr3, di3 = L.mulpm(WA(1, im2), WA(1, im1), CC(im1, k, 2), CC(i, k, 2))
            dr4, di4 = L.mulpm(WA(2, im2), WA(2, im1), CC(im1, k, 3), CC(i, k, 3))
            dr5, di5 = L.mulpm(WA(3, im2), WA(3, im1), CC(im1, k, 4), CC(i, k, 4))
            dr2, di2, dr5, di5 = _rearrange(L, dr2, di2, dr5, di5)
            dr3, di3, dr4, di4 = _rearrange(L, dr3, di3, dr4, di4)
            cr0, ci0 = CC(im1, k, 0), CC(i, k, 0)
            CH(im1, 0, k, L.add(L.add(cr0, dr2), dr3))
            CH(i, 0, k, L.add(L.add(ci0, di2), di3))
            tr2 = L.add(L.add(cr0, L.mul(tr11, dr2)), L.mul(tr12, dr3))
            ti2 = L.add(L.add(ci0, L.mul(tr11, di2)), L.mul(tr12, di3))
            tr3 = L.add(L.add(cr0, L.mul(tr12, dr2)), L.mul(tr11, dr3))
            ti3 = L.add(L.add(ci0, L.mul(tr12, di2)), L.mul(tr11, di3))
            tr5 = L.add(L.mul(ti11, dr5), L.mul(ti12, dr4))
            ti5 = L.add(L.mul(ti11, di5), L.mul(ti12, di4))
            tr4 = L.sub(L.mul(ti12, dr5), L.mul(ti11, dr4))
            ti4 = L.sub(L.mul(ti12, di5), L.mul(ti11, di4))
            a, b = L.pm(tr2, tr5)
            CH(im1, 2, k, a)
            CH(icm1, 1, k, b)
            a, b = L.pm(ti5, ti2)
            CH(i, 2, k, a)
            CH(ic, 1, k, b)
            a, b = L.pm(tr3, tr4)
            CH(im1, 4, k, a)
            CH(icm1, 3, k, b)
            a, b = L.pm(ti4, ti3)
            CH(i, 4, k, a)
            CH(ic, 3, k, b)
        L.loop(2, ido, 2, body)
    L.loop(0, l1, 1, ki)


# ----------------------------------------------------------------------------- backward passes
# CC(a, b, c) = cc[a + ido (b + ip c)], CH(a, b, c) = ch[a + ido (b + l1 c)]

def _bwd(L: _Loops, ip: int, ido: int, l1: int):
    CC = lambda a, b, c: L.get(_at(a, b, c, ido, ip))           # noqa: E731
    CH = lambda a, b, c, v: L.put(_at(a, b, c, ido, l1), v)     # noqa: E731
    WA = lambda x, i: L.w(_add(i, x * (ido - 1)))               # noqa: E731
    return CC, CH, WA


def _twiddled(L: _Loops, CH, WA, i, k, m: int, x: int, di, dr):
    """MULPM(CH(i, k, m), CH(i - 1, k, m), WA(x, i - 2), WA(x, i - 1), di, dr)."""
    a, b = L.mulpm(WA(x, _sub(i, 2)), WA(x, _sub(i, 1)), di, dr)
    CH(i, k, m, a)
    CH(_sub(i, 1), k, m, b)


def _radb2(L: _Loops, ido: int, l1: int):
    CC, CH, WA = _bwd(L, 2, ido, l1)

    def k0(k):
        a, b = L.pm(CC(0, 0, k), CC(ido - 1, 1, k))
        CH(0, k, 0, a)
        CH(0, k, 1, b)
    L.loop(0, l1, 1, k0)
    if ido % 2 == 0:
        def k1(k):
            CH(ido - 1, k, 0, L.mul(L.c(2), CC(ido - 1, 0, k)))
            CH(ido - 1, k, 1, L.mul(L.c(-2), CC(0, 1, k)))
        L.loop(0, l1, 1, k1)
    if ido <= 2:
        return

    def ki(k):
        def body(i):
            ic = _sub(ido, i)
            a, tr2 = L.pm(CC(_sub(i, 1), 0, k), CC(_sub(ic, 1), 1, k))
            CH(_sub(i, 1), k, 0, a)
            ti2, b = L.pm(CC(i, 0, k), CC(ic, 1, k))
            CH(i, k, 0, b)
            _twiddled(L, CH, WA, i, k, 1, 0, ti2, tr2)
        L.loop(2, ido, 2, body)
    L.loop(0, l1, 1, ki)


def _radb3(L: _Loops, ido: int, l1: int):
    CC, CH, WA = _bwd(L, 3, ido, l1)
    taui_t = fft_plan._const("0.8660254037844386467637231707529362", L.real)
    taur, taui, taui2 = L.c(-0.5), L.c(taui_t), L.c(L.real.type(2) * taui_t)

    def k0(k):
        tr2 = L.mul(L.c(2), CC(ido - 1, 1, k))
        cr2 = L.add(CC(0, 0, k), L.mul(taur, tr2))
        CH(0, k, 0, L.add(CC(0, 0, k), tr2))
        ci3 = L.mul(taui2, CC(0, 2, k))
        a, b = L.pm(cr2, ci3)
        CH(0, k, 2, a)
        CH(0, k, 1, b)
    L.loop(0, l1, 1, k0)
    if ido == 1:
        return

    def ki(k):
        def body(i):
            ic = _sub(ido, i)
            im1, icm1 = _sub(i, 1), _sub(ic, 1)
            tr2 = L.add(CC(im1, 2, k), CC(icm1, 1, k))
            ti2 = L.sub(CC(i, 2, k), CC(ic, 1, k))
            cr2 = L.add(CC(im1, 0, k), L.mul(taur, tr2))
            ci2 = L.add(CC(i, 0, k), L.mul(taur, ti2))
            CH(im1, k, 0, L.add(CC(im1, 0, k), tr2))
            CH(i, k, 0, L.add(CC(i, 0, k), ti2))
            cr3 = L.mul(taui, L.sub(CC(im1, 2, k), CC(icm1, 1, k)))
            ci3 = L.mul(taui, L.add(CC(i, 2, k), CC(ic, 1, k)))
            dr3, dr2 = L.pm(cr2, ci3)
            di2, di3 = L.pm(ci2, cr3)
            _twiddled(L, CH, WA, i, k, 1, 0, di2, dr2)
            _twiddled(L, CH, WA, i, k, 2, 1, di3, dr3)
        L.loop(2, ido, 2, body)
    L.loop(0, l1, 1, ki)


def _radb4(L: _Loops, ido: int, l1: int):
    CC, CH, WA = _bwd(L, 4, ido, l1)
    sqrt2 = fft_plan._const("1.414213562373095048801688724209698", L.real)

    def k0(k):
        tr2, tr1 = L.pm(CC(0, 0, k), CC(ido - 1, 3, k))
        tr3 = L.mul(L.c(2), CC(ido - 1, 1, k))
        tr4 = L.mul(L.c(2), CC(0, 2, k))
        a, b = L.pm(tr2, tr3)
        CH(0, k, 0, a)
        CH(0, k, 2, b)
        a, b = L.pm(tr1, tr4)
        CH(0, k, 3, a)
        CH(0, k, 1, b)
    L.loop(0, l1, 1, k0)
    if ido % 2 == 0:
        def k1(k):
            ti1, ti2 = L.pm(CC(0, 3, k), CC(0, 1, k))
            tr2, tr1 = L.pm(CC(ido - 1, 0, k), CC(ido - 1, 2, k))
            CH(ido - 1, k, 0, L.add(tr2, tr2))
            CH(ido - 1, k, 1, L.mul(L.c(sqrt2), L.sub(tr1, ti1)))
            CH(ido - 1, k, 2, L.add(ti2, ti2))
            CH(ido - 1, k, 3, L.mul(L.c(-sqrt2), L.add(tr1, ti1)))
        L.loop(0, l1, 1, k1)
    if ido <= 2:
        return

    def ki(k):
        def body(i):
            ic = _sub(ido, i)
            im1, icm1 = _sub(i, 1), _sub(ic, 1)
            tr2, tr1 = L.pm(CC(im1, 0, k), CC(icm1, 3, k))
            ti1, ti2 = L.pm(CC(i, 0, k), CC(ic, 3, k))
            tr4, ti3 = L.pm(CC(i, 2, k), CC(ic, 1, k))
            tr3, ti4 = L.pm(CC(im1, 2, k), CC(icm1, 1, k))
            a, cr3 = L.pm(tr2, tr3)
            CH(im1, k, 0, a)
            a, ci3 = L.pm(ti2, ti3)
            CH(i, k, 0, a)
            cr4, cr2 = L.pm(tr1, tr4)
            ci2, ci4 = L.pm(ti1, ti4)
            _twiddled(L, CH, WA, i, k, 1, 0, ci2, cr2)
            _twiddled(L, CH, WA, i, k, 2, 1, ci3, cr3)
            _twiddled(L, CH, WA, i, k, 3, 2, ci4, cr4)
        L.loop(2, ido, 2, body)
    L.loop(0, l1, 1, ki)


def _radb5(L: _Loops, ido: int, l1: int):
    CC, CH, WA = _bwd(L, 5, ido, l1)
    tr11, ti11, tr12, ti12 = (L.c(fft_plan._const(t, L.real)) for t in _C5)

    def k0(k):
        ti5 = L.add(CC(0, 2, k), CC(0, 2, k))
        ti4 = L.add(CC(0, 4, k), CC(0, 4, k))
        tr2 = L.add(CC(ido - 1, 1, k), CC(ido - 1, 1, k))
        tr3 = L.add(CC(ido - 1, 3, k), CC(ido - 1, 3, k))
        c0 = CC(0, 0, k)
        CH(0, k, 0, L.add(L.add(c0, tr2), tr3))
        cr2 = L.add(L.add(c0, L.mul(tr11, tr2)), L.mul(tr12, tr3))
        cr3 = L.add(L.add(c0, L.mul(tr12, tr2)), L.mul(tr11, tr3))
        ci5, ci4 = L.mulpm(ti5, ti4, ti11, ti12)
        a, b = L.pm(cr2, ci5)
        CH(0, k, 4, a)
        CH(0, k, 1, b)
        a, b = L.pm(cr3, ci4)
        CH(0, k, 3, a)
        CH(0, k, 2, b)
    L.loop(0, l1, 1, k0)
    if ido == 1:
        return

    def ki(k):
        def body(i):
            ic = _sub(ido, i)
            im1, icm1 = _sub(i, 1), _sub(ic, 1)
            tr2, tr5 = L.pm(CC(im1, 2, k), CC(icm1, 1, k))
            ti5, ti2 = L.pm(CC(i, 2, k), CC(ic, 1, k))
            tr3, tr4 = L.pm(CC(im1, 4, k), CC(icm1, 3, k))
            ti4, ti3 = L.pm(CC(i, 4, k), CC(ic, 3, k))
            cr0, ci0 = CC(im1, 0, k), CC(i, 0, k)
            CH(im1, k, 0, L.add(L.add(cr0, tr2), tr3))
            CH(i, k, 0, L.add(L.add(ci0, ti2), ti3))
            cr2 = L.add(L.add(cr0, L.mul(tr11, tr2)), L.mul(tr12, tr3))
            ci2 = L.add(L.add(ci0, L.mul(tr11, ti2)), L.mul(tr12, ti3))
            cr3 = L.add(L.add(cr0, L.mul(tr12, tr2)), L.mul(tr11, tr3))
            ci3 = L.add(L.add(ci0, L.mul(tr12, ti2)), L.mul(tr11, ti3))
            cr5, cr4 = L.mulpm(tr5, tr4, ti11, ti12)
            ci5, ci4 = L.mulpm(ti5, ti4, ti11, ti12)
            dr4, dr3 = L.pm(cr3, ci4)
            di3, di4 = L.pm(ci3, cr4)
            dr5, dr2 = L.pm(cr2, ci5)
            di2, di5 = L.pm(ci2, cr5)
            _twiddled(L, CH, WA, i, k, 1, 0, di2, dr2)
            _twiddled(L, CH, WA, i, k, 2, 1, di3, dr3)
            _twiddled(L, CH, WA, i, k, 3, 2, di4, dr4)
            _twiddled(L, CH, WA, i, k, 4, 3, di5, dr5)
        L.loop(2, ido, 2, body)
    L.loop(0, l1, 1, ki)


_FORWARD = {2: _radf2, 3: _radf3, 4: _radf4, 5: _radf5}
_BACKWARD = {2: _radb2, 3: _radb3, 4: _radb4, 5: _radb5}


# ----------------------------------------------------------------------------- whole rows

def _run(buf: ir.Value, n: int, real: np.dtype, forward: bool, fct) -> ir.Value:
    """rfftp's exec on each row of buf [B, n] (r2hc forward, hc2r backward), times fct."""
    et = buf.type.element_type
    rows = emit.dim(buf, 0)
    fs = factors(n)
    if n > 1:
        _Constants.anchor, _Constants.values = index_const(0).owner, {}
        try:
            buf = _passes(buf, n, real, forward, fs, rows, et)
        finally:
            _Constants.anchor, _Constants.values = None, {}
    if fct != 1 or n == 1:
        f = real.type(fct)

        def scale(x, _o):
            return arith.mulf(arith.constant(x.type, float(f)), x)
        buf = emit.generic([buf], [emit.empty([rows, n], et)], [emit.identity_map(2)] * 2, ["parallel"] * 2,
                           scale)[0]
    return buf


def _passes(buf: ir.Value, n: int, real: np.dtype, forward: bool, fs: list, rows, et) -> ir.Value:
    """rfftp's passes on each row of buf [B, n] (n > 1), as buffers."""
    tws = _twiddles(n, real)
    name = "f32" if real == np.float32 else "f64"
    order = list(reversed(range(len(fs)))) if forward else list(range(len(fs)))
    l1 = n if forward else 1
    cur, owned = _buffer(buf), False          # the input's buffer is read only
    for k in order:
        ip = fs[k]
        if forward:
            ido = n // l1
            l1 //= ip
        else:
            ido = n // (ip * l1)
        wa = _buffer(emit.constant_array(tws[k], name))
        cs = _csarr(n, ip, real) if ip not in _RADICES else None
        if cs is not None and not owned:      # the generic radices write their input too
            copy = _alloc(rows, n, et)
            memref.copy(cur, copy)
            cur = copy
        L = _Loops(real, cur, _alloc(rows, n, et), None, wa)
        if cs is not None:
            L.cs = _buffer(emit.constant_array(np.array(cs, real), name))

        def per_row(b, L=L, ip=ip, ido=ido, l1=l1, cs=cs):
            L.row = b
            if cs is not None:
                (_radfg if forward else _radbg)(L, ido, l1, ip, cs)
            else:
                (_FORWARD if forward else _BACKWARD)[ip](L, ido, l1)
        L.loop(0, rows, 1, per_row)
        cur = L.buf["cc" if forward and ip not in _RADICES else "ch"]   # radfg leaves its result in cc
        owned = True
        if not forward:
            l1 *= ip
    buf = bufferization.ToTensorOp(emit.tensor_type(emit.static_shape(buf), et), cur, restrict=True,
                                   writable=True).result
    return buf


def _reassoc(groups) -> ir.ArrayAttr:
    i64 = ir.IntegerType.get_signless(64)
    return ir.ArrayAttr.get([ir.ArrayAttr.get([ir.IntegerAttr.get(i64, g) for g in grp]) for grp in groups])


def _to_rows(v: ir.Value) -> ir.Value:
    """[..., m] as [rows, m]."""
    rank = emit.rank(v)
    shape = emit.static_shape(v)
    if rank == 1:
        return tensor.expand_shape(emit.tensor_type([1, shape[0]], v.type.element_type), v, _reassoc([[0, 1]]),
                                   [], [1, shape[0]])
    lead = shape[:-1]
    rows = None if None in lead else int(np.prod(lead))
    return tensor.collapse_shape(emit.tensor_type([rows, shape[-1]], v.type.element_type), v,
                                 _reassoc([list(range(rank - 1)), [rank - 1]]))


def _from_rows(v: ir.Value, like_sizes: list) -> ir.Value:
    """[rows, m] back as [..., m] with the leading sizes of `like_sizes`."""
    m = emit.static_shape(v)[-1]
    if len(like_sizes) == 1:
        return tensor.collapse_shape(emit.tensor_type([m], v.type.element_type), v, _reassoc([[0, 1]]))
    lead = like_sizes[:-1]
    new = lead + [m]
    if sum(not isinstance(s, int) for s in lead) > 1:
        # (an expand_shape with two run-time sizes in one group aborts expand-strided-metadata)
        return shapes.reshape_to_sizes(v, new)
    rt = emit.tensor_type([s if isinstance(s, int) else None for s in new], v.type.element_type)
    dyn = ir.ShapedType.get_dynamic_size()
    return tensor.expand_shape(rt, v, _reassoc([list(range(len(lead))), [len(lead)]]),
                               [s for s in lead if not isinstance(s, int)],
                               [s if isinstance(s, int) else dyn for s in new])


def rfft_last(x: ir.Value, real: np.dtype):
    """(re, im) of the half spectrum [..., n // 2 + 1] of real x [..., n] along its last dimension,
    as numpy's rfft kernel gives it: rfftp forward, then R0, (R1, I1), ..., with zero imaginary
    parts at 0 and (n even) n / 2."""
    sizes = emit.dims(x)
    n = sizes[-1]
    h = n // 2 + 1
    if _uses_bluestein(n):
        return _rfft_bluestein(x, real)
    buf = _run(_to_rows(x), n, real, True, 1)
    et = buf.type.element_type
    rows = emit.dim(buf, 0)

    def pack(_o1, _o2):
        b, j = linalg_index(0), linalg_index(1)
        first = arith.cmpi(arith.CmpIPredicate.eq, j, index_const(0))
        two_j = arith.muli(j, index_const(2))
        re_at = arith.select(first, index_const(0), arith.subi(two_j, index_const(1)))
        no_im = first
        if n % 2 == 0:
            no_im = arith.ori(no_im, arith.cmpi(arith.CmpIPredicate.eq, j, index_const(h - 1)))
        im_at = arith.minui(two_j, index_const(n - 1))
        zero = arith.constant(et, 0.0)
        return [tensor.extract(buf, [b, re_at]), arith.select(no_im, zero, tensor.extract(buf, [b, im_at]))]

    return _half_spectrum(rows, h, et, pack, sizes)


def _half_spectrum(rows, h: int, et, pack, sizes: list):
    """The (re, im) half spectrum [..., h] that `pack` writes per (row, j) into [rows, h] buffers."""
    re, im = emit.generic([], [emit.empty([rows, h], et), emit.empty([rows, h], et)], [emit.identity_map(2)] * 2,
                          ["parallel"] * 2, pack)
    out_sizes = sizes[:-1] + [h]
    return _from_rows(re, out_sizes), _from_rows(im, out_sizes)


def irfft_last(re: ir.Value, im: ir.Value, n: int, real: np.dtype, fct) -> ir.Value:
    """Real [..., n] from the half spectrum (re, im) [..., n // 2 + 1] along the last dimension,
    as numpy's irfft kernel: R0, R1, I1, ..., (n even) R(n/2) into rfftp backward, times fct."""
    sizes = emit.dims(re)
    r, i = _to_rows(re), _to_rows(im)
    et = r.type.element_type
    rows = emit.dim(r, 0)
    if _uses_bluestein(n):
        return _from_rows(_irfft_bluestein(r, i, n, real, fct), sizes[:-1] + [n])

    def unpack(_o):
        b, p = linalg_index(0), linalg_index(1)
        odd = arith.cmpi(arith.CmpIPredicate.eq, arith.remui(p, index_const(2)), index_const(1))
        half = arith.divui(arith.addi(p, index_const(1)), index_const(2))       # odd p: (p + 1) / 2, even: p / 2
        take_re = arith.ori(odd, arith.cmpi(arith.CmpIPredicate.eq, p, index_const(0)))
        return arith.select(take_re, tensor.extract(r, [b, half]), tensor.extract(i, [b, half]))

    buf = emit.generic([], [emit.empty([rows, n], et)], [emit.identity_map(2)], ["parallel"] * 2, unpack)[0]
    out = _run(buf, n, real, False, fct)
    return _from_rows(out, sizes[:-1] + [n])


def _rfft_bluestein(x: ir.Value, real: np.dtype):
    """pocketfft_r's forward Bluestein (fftblue's forward_r): the complex transform of x + i 0 x[0]
    by Bluestein's algorithm (fft.py), times 1; its first n // 2 + 1 entries, with zero
    imaginary parts at 0 and (n even) n / 2 as numpy's kernel packs them."""
    from . import fft as c2c
    sizes = emit.dims(x)
    n, h = sizes[-1], sizes[-1] // 2 + 1
    xr = _to_rows(x)
    et = xr.type.element_type
    rows = emit.dim(xr, 0)
    zero = arith.constant(et, 0.0)

    def imag(_o):
        return arith.mulf(zero, tensor.extract(xr, [linalg_index(0), index_const(0)]))
    xi = emit.generic([], [emit.empty([rows, n], et)], [emit.identity_map(2)], ["parallel"] * 2, imag)[0]
    A = c2c._Arith(real)
    tr, ti = c2c._bluestein(A, xr, xi, 1, n, False, real.type(1))

    def pack(_o1, _o2):
        b, j = linalg_index(0), linalg_index(1)
        no_im = arith.cmpi(arith.CmpIPredicate.eq, j, index_const(0))
        if n % 2 == 0:
            no_im = arith.ori(no_im, arith.cmpi(arith.CmpIPredicate.eq, j, index_const(h - 1)))
        return [tensor.extract(tr, [b, j]), arith.select(no_im, zero, tensor.extract(ti, [b, j]))]

    return _half_spectrum(rows, h, et, pack, sizes)


def _irfft_bluestein(r: ir.Value, i: ir.Value, n: int, real: np.dtype, fct) -> ir.Value:
    """pocketfft_r's backward Bluestein (fftblue's backward_r) of the half spectrum rows (r, i):
    the hermitian complex row (R0, 0 R0), (R1, I1), ..., (n even: (R(n/2), 0 R0)), then the
    conjugates mirrored, transformed backward by Bluestein's algorithm times fct; its real part."""
    from . import fft as c2c
    et = r.type.element_type
    rows = emit.dim(r, 0)

    def hermitian(_o1, _o2):
        b, m = linalg_index(0), linalg_index(1)
        mirrored = arith.cmpi(arith.CmpIPredicate.ugt, arith.muli(m, index_const(2)), index_const(n))
        src = arith.select(mirrored, arith.subi(index_const(n), m), m)
        re_m, im_m = tensor.extract(r, [b, src]), tensor.extract(i, [b, src])
        z = arith.mulf(tensor.extract(r, [b, index_const(0)]), arith.constant(et, 0.0))
        real_zero = arith.cmpi(arith.CmpIPredicate.eq, m, index_const(0))
        if n % 2 == 0:
            real_zero = arith.ori(real_zero, arith.cmpi(arith.CmpIPredicate.eq, m, index_const(n // 2)))
        return [re_m, arith.select(real_zero, z, arith.select(mirrored, arith.negf(im_m), im_m))]

    tr, ti = emit.generic([], [emit.empty([rows, n], et), emit.empty([rows, n], et)], [emit.identity_map(2)] * 2,
                          ["parallel"] * 2, hermitian)
    A = c2c._Arith(real)
    out, _ = c2c._bluestein(A, tr, ti, 1, n, True, real.type(fct))
    return out


def linalg_index(d: int) -> ir.Value:
    from mlir.dialects import linalg
    return linalg.IndexOp(d).result


# ----------------------------------------------------------------------------- generic radices

def _csarr(n: int, ip: int, real: np.dtype) -> list:
    """rfftp's tws for a factor ip > 5: cos / sin of 2 pi m / ip, m < ip, interleaved (T)."""
    table = fft_plan.twiddle_table(n, real)
    cs = [real.type(1), real.type(0)] + [None] * (2 * ip - 2)
    i, ic = 2, 2 * ip - 2
    while i <= ic:
        w = table[(i // 2) * (n // ip)]
        cs[i], cs[i + 1] = w.real, w.imag
        cs[ic], cs[ic + 1] = w.real, -w.imag
        i, ic = i + 2, ic - 2
    return cs


def _groups(ip: int) -> tuple:
    """The generic radices' inner sums over j = 3 .. ipph - 1 (pocketfft's order): groups of 4
    from j = 3 (how many), then at most one of 2 and one of 1 (their first j). The angle of
    term j of output l is j l mod ip (ip is prime, so it is never 0)."""
    ipph, j, fours = (ip + 1) // 2, 3, 0
    while j < ipph - 3:
        fours, j = fours + 1, j + 4
    tails = []
    for width, limit in ((2, ipph - 1), (1, ipph)):
        if j < limit:
            tails.append((j, width))
            j += width
    return fours, tails


def _angle(j, l, ip: int):
    return arith.remui(_mul(j, l), index_const(ip))


def _inner_sums(L: _Loops, ip: int, l, idl1: int, src, acc, acc_w):
    """acc(ik, l) += sum_q cs[2 a_q] src(ik, j + q) and acc(ik, ip - l) += sum_q cs[2 a_q + 1]
    src(ik, jc - q), a group at a time (4, 2, 1 terms; each sum in order)."""
    lc = _sub(ip, l)
    fours, tails = _groups(ip)

    def group(j, width):
        jc = _sub(ip, j)
        angs = [_angle(_add(j, q), l, ip) for q in range(width)]
        cr = [L.csv(_mul(a, 2)) for a in angs]
        ci = [L.csv(_add(_mul(a, 2), 1)) for a in angs]

        def ik1(ik):
            sr = si = None
            for q in range(width):
                tr, ti = L.mul(cr[q], src(ik, _add(j, q))), L.mul(ci[q], src(ik, _sub(jc, q)))
                sr, si = (tr, ti) if sr is None else (L.add(sr, tr), L.add(si, ti))
            acc_w(ik, l, L.add(acc(ik, l), sr))
            acc_w(ik, lc, L.add(acc(ik, lc), si))
        L.loop(0, idl1, 1, ik1)
    L.loop(0, fours, 1, lambda g: group(_add(_mul(g, 4), 3), 4))
    for j, width in tails:
        group(j, width)


def _combine_sums(L: _Loops, ip: int, ipph: int, idl1: int, src, acc, acc_w):
    """The generic radix's middle step, alike forward and backward (with src and acc swapped):
    for l = 1 .. ipph-1, acc(ik, l) and acc(ik, ip - l) start from src's first three terms and
    _inner_sums adds the rest."""
    def per_l(l):
        lc = _sub(ip, l)
        c2, c4 = L.csv(_mul(l, 2)), L.csv(_mul(l, 4))
        c2i, c4i = L.csv(_add(_mul(l, 2), 1)), L.csv(_add(_mul(l, 4), 1))

        def ik0(ik):
            acc_w(ik, l, L.add(L.add(src(ik, 0), L.mul(c2, src(ik, 1))), L.mul(c4, src(ik, 2))))
            acc_w(ik, lc, L.add(L.mul(c2i, src(ik, ip - 1)), L.mul(c4i, src(ik, ip - 2))))
        L.loop(0, idl1, 1, ik0)
        _inner_sums(L, ip, l, idl1, src, acc, acc_w)
    L.loop(1, ipph, 1, per_l)


def _radfg(L: _Loops, ido: int, l1: int, ip: int, cs: list):
    """pocketfft's radfg, its loops over j and l run-time loops (code of O(ip), not O(ip^2))."""
    ipph, idl1 = (ip + 1) // 2, ido * l1
    CC = lambda a, b, c, v: L.wr("cc", _at(a, b, c, ido, ip), v)        # noqa: E731
    CH = lambda a, b, c: L.rd("ch", _at(a, b, c, ido, l1))              # noqa: E731
    C1 = lambda a, b, c: L.rd("cc", _at(a, b, c, ido, l1))              # noqa: E731
    C1w = lambda a, b, c, v: L.wr("cc", _at(a, b, c, ido, l1), v)       # noqa: E731
    C2 = lambda a, b: L.rd("cc", _add(a, _mul(idl1, b)))                # noqa: E731
    CH2 = lambda a, b: L.rd("ch", _add(a, _mul(idl1, b)))               # noqa: E731
    CH2w = lambda a, b, v: L.wr("ch", _add(a, _mul(idl1, b)), v)        # noqa: E731
    if ido > 1:
        def per_j(j):
            jc = _sub(ip, j)
            is1, is2 = _mul(_sub(j, 1), ido - 1), _mul(_sub(jc, 1), ido - 1)

            def ki(k):
                def body(i):
                    i1 = _add(i, 1)
                    t1, t2, t3, t4 = C1(i, k, j), C1(i1, k, j), C1(i, k, jc), C1(i1, k, jc)
                    w1, w1i = L.w(_add(_add(i, is1), -1)), L.w(_add(i, is1))
                    w2, w2i = L.w(_add(_add(i, is2), -1)), L.w(_add(i, is2))
                    x1 = L.add(L.mul(w1, t1), L.mul(w1i, t2))
                    x2 = L.sub(L.mul(w1, t2), L.mul(w1i, t1))
                    x3 = L.add(L.mul(w2, t3), L.mul(w2i, t4))
                    x4 = L.sub(L.mul(w2, t4), L.mul(w2i, t3))
                    a, b = L.pm(x3, x1)
                    C1w(i, k, j, a)
                    C1w(i1, k, jc, b)
                    a, b = L.pm(x2, x4)
                    C1w(i1, k, j, a)
                    C1w(i, k, jc, b)
                L.loop(1, ido - 1, 2, body)
            L.loop(0, l1, 1, ki)
        L.loop(1, ipph, 1, per_j)

    def k1(j):
        jc = _sub(ip, j)

        def per_k(k):
            a, b = C1(0, k, jc), C1(0, k, j)
            C1w(0, k, jc, L.sub(a, b))
            C1w(0, k, j, L.add(a, b))
        L.loop(0, l1, 1, per_k)
    L.loop(1, ipph, 1, k1)

    _combine_sums(L, ip, ipph, idl1, C2, CH2, CH2w)
    L.loop(0, idl1, 1, lambda ik: CH2w(ik, 0, C2(ik, 0)))
    L.loop(1, ipph, 1, lambda j: L.loop(0, idl1, 1, lambda ik: CH2w(ik, 0, L.add(CH2(ik, 0), C2(ik, j)))))

    def k2(k):
        L.loop(0, ido, 1, lambda i: CC(i, 0, k, CH(i, k, 0)))
    L.loop(0, l1, 1, k2)

    def k3(j):
        jc, j2 = _sub(ip, j), _add(_mul(j, 2), -1)

        def per_k(k):
            CC(ido - 1, j2, k, CH(0, k, j))
            CC(0, _add(j2, 1), k, CH(0, k, jc))
        L.loop(0, l1, 1, per_k)
    L.loop(1, ipph, 1, k3)
    if ido == 1:
        return

    def k4(j):
        jc, j2 = _sub(ip, j), _add(_mul(j, 2), -1)

        def per_k(k):
            def body(i):
                ic = _sub(ido - 2, i)
                i1, ic1 = _add(i, 1), _add(ic, 1)
                CC(i, _add(j2, 1), k, L.add(CH(i, k, j), CH(i, k, jc)))
                CC(ic, j2, k, L.sub(CH(i, k, j), CH(i, k, jc)))
                CC(i1, _add(j2, 1), k, L.add(CH(i1, k, j), CH(i1, k, jc)))
                CC(ic1, j2, k, L.sub(CH(i1, k, jc), CH(i1, k, j)))
            L.loop(1, ido - 1, 2, body)
        L.loop(0, l1, 1, per_k)
    L.loop(1, ipph, 1, k4)


def _radbg(L: _Loops, ido: int, l1: int, ip: int, cs: list):
    """pocketfft's radbg, its loops over j and l run-time loops."""
    ipph, idl1 = (ip + 1) // 2, ido * l1
    CC = lambda a, b, c: L.rd("cc", _at(a, b, c, ido, ip))              # noqa: E731
    CH = lambda a, b, c: L.rd("ch", _at(a, b, c, ido, l1))              # noqa: E731
    CHw = lambda a, b, c, v: L.wr("ch", _at(a, b, c, ido, l1), v)       # noqa: E731
    C1 = lambda a, b, c: L.rd("cc", _at(a, b, c, ido, l1))              # noqa: E731
    C2 = lambda a, b: L.rd("cc", _add(a, _mul(idl1, b)))                # noqa: E731
    C2w = lambda a, b, v: L.wr("cc", _add(a, _mul(idl1, b)), v)         # noqa: E731
    CH2 = lambda a, b: L.rd("ch", _add(a, _mul(idl1, b)))               # noqa: E731
    CH2w = lambda a, b, v: L.wr("ch", _add(a, _mul(idl1, b)), v)        # noqa: E731
    two = L.c(2)

    def k0(k):
        L.loop(0, ido, 1, lambda i: CHw(i, k, 0, CC(i, 0, k)))
    L.loop(0, l1, 1, k0)

    def k1(j):
        jc, j2 = _sub(ip, j), _add(_mul(j, 2), -1)

        def per_k(k):
            CHw(0, k, j, L.mul(two, CC(ido - 1, j2, k)))
            CHw(0, k, jc, L.mul(two, CC(0, _add(j2, 1), k)))
        L.loop(0, l1, 1, per_k)
    L.loop(1, ipph, 1, k1)
    if ido != 1:
        def k2(j):
            jc, j2 = _sub(ip, j), _add(_mul(j, 2), -1)

            def per_k(k):
                def body(i):
                    ic = _sub(ido - 2, i)
                    i1, ic1 = _add(i, 1), _add(ic, 1)
                    CHw(i, k, j, L.add(CC(i, _add(j2, 1), k), CC(ic, j2, k)))
                    CHw(i, k, jc, L.sub(CC(i, _add(j2, 1), k), CC(ic, j2, k)))
                    CHw(i1, k, j, L.sub(CC(i1, _add(j2, 1), k), CC(ic1, j2, k)))
                    CHw(i1, k, jc, L.add(CC(i1, _add(j2, 1), k), CC(ic1, j2, k)))
                L.loop(1, ido - 1, 2, body)
            L.loop(0, l1, 1, per_k)
        L.loop(1, ipph, 1, k2)

    _combine_sums(L, ip, ipph, idl1, CH2, C2, C2w)
    L.loop(1, ipph, 1, lambda j: L.loop(0, idl1, 1, lambda ik: CH2w(ik, 0, L.add(CH2(ik, 0), CH2(ik, j)))))

    def k3(j):
        jc = _sub(ip, j)

        def per_k(k):
            a, b = L.pm(C1(0, k, j), C1(0, k, jc))
            CHw(0, k, jc, a)
            CHw(0, k, j, b)
        L.loop(0, l1, 1, per_k)
    L.loop(1, ipph, 1, k3)
    if ido == 1:
        return

    def k4(j):
        jc = _sub(ip, j)

        def per_k(k):
            def body(i):
                i1 = _add(i, 1)
                CHw(i, k, j, L.sub(C1(i, k, j), C1(i1, k, jc)))
                CHw(i, k, jc, L.add(C1(i, k, j), C1(i1, k, jc)))
                CHw(i1, k, j, L.add(C1(i1, k, j), C1(i, k, jc)))
                CHw(i1, k, jc, L.sub(C1(i1, k, j), C1(i, k, jc)))
            L.loop(1, ido - 1, 2, body)
        L.loop(0, l1, 1, per_k)
    L.loop(1, ipph, 1, k4)

    def k5(j):
        is1 = _mul(_sub(j, 1), ido - 1)

        def per_k(k):
            def body(i):
                i1 = _add(i, 1)
                t1, t2 = CH(i, k, j), CH(i1, k, j)
                w, wi = L.w(_add(_add(i, is1), -1)), L.w(_add(i, is1))
                CHw(i, k, j, L.sub(L.mul(w, t1), L.mul(wi, t2)))
                CHw(i1, k, j, L.add(L.mul(w, t2), L.mul(wi, t1)))
            L.loop(1, ido - 1, 2, body)
        L.loop(0, l1, 1, per_k)
    L.loop(1, ip, 1, k5)
