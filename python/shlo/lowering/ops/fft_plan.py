"""The complex FFT as XLA CPU computes it, step by step, for the compiled fft.

XLA CPU runs `fft` with ducc0 (pocketfft's successor), in the operand's precision; the
interpreter calls numpy's pocketfft kernels, which give the same values (fft_passes.py). To
give those values in compiled code too, this module describes pocketfft's mixed-radix
complex transform (FFTPACK's `cfftp`) exactly: the factors of the length in their order,
the twiddle table (products, in double, of entries of two small tables of libm's cosines
and sines, rounded to T), and each radix's butterfly as a fixed sequence of real additions
and multiplications.
Rounding depends on that order, so it is kept to the operation.

The butterflies are written against a small arithmetic interface (`add`, `sub`, `neg`,
`mul`), so the same description is run on numpy arrays (`transform`, the check against
numpy's kernels in the tests) and emitted as MLIR scalar ops (lowering/ops/fft.py).
Lengths with a large prime factor go through Bluestein's algorithm as in pocketfft
(`bluestein`), the others through the mixed-radix passes, whatever their prime factors (the
compiled fft runs the generic radix above 31 as run-time loops, fft.py's _generic_pass).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

# radix-specific constants, as pocketfft writes them (long double literals rounded to T)
_COS_SIN = {
    3: ["-0.5", "0.8660254037844386467637231707529362"],
    5: ["0.3090169943749474241022934171828191", "0.9510565162951535721164393333793821",
        "-0.8090169943749474241022934171828191", "0.5877852522924731291687059546390728"],
    7: ["0.6234898018587335305250048840042398", "0.7818314824680298087084445266740578",
        "-0.2225209339563144042889025644967948", "0.9749279121818236070181316829939312",
        "-0.9009688679024191262361023195074451", "0.433883739117558120475768332848359"],
    11: ["0.8412535328311811688618116489193677", "0.5406408174555975821076359543186917",
         "0.4154150130018864255292741492296232", "0.9096319953545183714117153830790285",
         "-0.1423148382732851404437926686163697", "0.9898214418809327323760920377767188",
         "-0.6548607339452850640569250724662936", "0.7557495743542582837740358439723444",
         "-0.9594929736144973898903680570663277", "0.2817325568414296977114179153466169"],
}
_HSQT2 = "0.707106781186547524400844362104849"


def _const(text: str, real: np.dtype):
    """A decimal literal as C++ reads `T0(...L)`: to long double, then to T."""
    return real.type(np.longdouble(text))


# ----------------------------------------------------------------------------- the plan

def _largest_prime_factor(n: int) -> int:
    res = 1
    while n % 2 == 0:
        res, n = 2, n // 2
    x = 3
    while x * x <= n:
        while n % x == 0:
            res, n = x, n // x
        x += 2
    return n if n > 1 else res


def _cost_guess(n: int) -> float:
    ni, result = n, 0.0
    while n % 2 == 0:
        result, n = result + 2, n // 2
    x = 3
    while x * x <= n:
        while n % x == 0:
            result += x if x <= 5 else 1.1 * x
            n //= x
        x += 2
    if n > 1:
        result += n if n <= 5 else 1.1 * n
    return result * ni


def _good_size(n: int) -> int:
    """The smallest product of 2, 3, 5, 7 and 11 at least n."""
    if n <= 12:
        return n
    best = 2 * n
    f2 = 1
    while f2 < best:
        f3 = f2
        while f3 < best:
            f5 = f3
            while f5 < best:
                f7 = f5
                while f7 < best:
                    f11 = f7
                    while f11 < best:
                        if f11 >= n:
                            best = f11
                        f11 *= 11
                    f7 *= 7
                f5 *= 5
            f3 *= 3
        f2 *= 2
    return best


def uses_bluestein(n: int) -> bool:
    """Whether pocketfft transforms length n by Bluestein's algorithm (its cost model)."""
    p = 0 if n < 50 else _largest_prime_factor(n)
    if p * p <= n:
        return False
    return (2 * _cost_guess(_good_size(2 * n - 1))) * 1.5 < _cost_guess(n)


def radices_after(out: list, m: int) -> list:
    """`out` followed by pocketfft's radices of m: 4s, one 2 (swapped to the front of the
    whole list), then the odd primes ascending."""
    out = list(out)
    while m % 4 == 0:
        out.append(4)
        m //= 4
    if m % 2 == 0:
        m //= 2
        out.append(2)
        out[0], out[-1] = out[-1], out[0]
    d = 3
    while d * d <= m:
        while m % d == 0:
            out.append(d)
            m //= d
        d += 2
    if m > 1:
        out.append(m)
    return out


def factors(n: int) -> list[int] | None:
    """The radices of n's passes in order (8s, then 4s, a 2 swapped to the front, then odd
    primes ascending); None for n < 1."""
    if n < 1:
        return None
    out, m = [], n
    while m % 8 == 0:
        out.append(8)
        m //= 8
    return radices_after(out, m)


def method(n: int) -> str | None:
    """How pocketfft transforms length n: "passes" (its mixed-radix plan), "bluestein" (a
    chirp convolution through a transform of a 2, 3, 5, 7, 11-smooth length), or None for n < 1."""
    if n < 1:
        return None
    if uses_bluestein(n):
        return "bluestein"
    return "passes" if factors(n) is not None else None


@dataclass
class Pass:
    radix: int
    l1: int              # the product of the radices of the passes before this one
    ido: int             # length / (l1 * radix)
    twiddle: np.ndarray  # complex [radix - 1, ido] in T: row u-1, column i (column 0 unused: 1)
    roots: np.ndarray | None   # complex [radix] in T for the generic radix (pocketfft's csarr)


def plan(n: int, real: np.dtype) -> list[Pass]:
    """The passes of a length-n transform in precision `real` (float32 / float64)."""
    real = np.dtype(real)
    fs = factors(n)
    assert fs is not None and not uses_bluestein(n), n
    table = twiddle_table(n, real)
    passes, l1 = [], 1
    for ip in fs:
        ido = n // (l1 * ip)
        j, i = np.meshgrid(np.arange(1, ip), np.arange(ido), indexing="ij")
        tw = table[(j * l1 * i) % n] if n > 1 else np.ones((ip - 1, ido), table.dtype)
        roots = table[np.arange(ip) * l1 * ido] if ip > 11 else None
        passes.append(Pass(ip, l1, ido, tw, roots))
        l1 *= ip
    return passes


@dataclass
class Bluestein:
    n2: int                  # the convolution's length (2, 3, 5, 7, 11-smooth, at least 2 n - 1)
    bk: np.ndarray           # complex [n] in T: the chirp exp(i pi m^2 / n)
    bkf: np.ndarray          # complex [n2] in T: its scaled transform, bkf[min(j, n2 - j)] at j


def bluestein(n: int, real: np.dtype) -> Bluestein:
    """pocketfft's fftblue constants for length n in precision T."""
    real = np.dtype(real)
    n2 = _good_size(2 * n - 1)
    tmp = twiddle_table(2 * n, real)
    bk = np.empty(n, tmp.dtype)
    bk[0] = 1
    coeff = 0
    for m in range(1, n):
        coeff += 2 * m - 1
        if coeff >= 2 * n:
            coeff -= 2 * n
        bk[m] = tmp[coeff]
    xn2 = real.type(1) / real.type(n2)
    tb = np.zeros(n2, tmp.dtype)
    scaled = bk.real * xn2 + 1j * (bk.imag * xn2)
    tb[0] = scaled[0]
    tb[1:n] = scaled[1:]
    tb[n2 - n + 1:] = scaled[1:][::-1]
    tbkf = transform(tb[None, :], False, real.type(1))[0]
    j = np.arange(n2)
    return Bluestein(n2, bk, tbkf[np.minimum(j, n2 - j)])


# ----------------------------------------------------------------------------- twiddles

_PI = np.longdouble("3.141592653589793238462643383279502884197")


def _octant_value(x: int, n: int, ang: float) -> tuple[float, float]:
    """exp(2 pi i x / n) in double from the libm cosine / sine of an angle of at most pi/4,
    by octant (pocketfft's calc)."""
    x <<= 3
    if x < 4 * n:
        if x < 2 * n:
            if x < n:
                return math.cos(x * ang), math.sin(x * ang)
            return math.sin((2 * n - x) * ang), math.cos((2 * n - x) * ang)
        x -= 2 * n
        if x < n:
            return -math.sin(x * ang), math.cos(x * ang)
        return -math.cos((2 * n - x) * ang), math.sin((2 * n - x) * ang)
    x = 8 * n - x
    if x < 2 * n:
        if x < n:
            return math.cos(x * ang), -math.sin(x * ang)
        return math.sin((2 * n - x) * ang), -math.cos((2 * n - x) * ang)
    x -= 2 * n
    if x < n:
        return -math.sin(x * ang), -math.cos(x * ang)
    return -math.cos((2 * n - x) * ang), -math.sin((2 * n - x) * ang)


def twiddle_table(n: int, real: np.dtype) -> np.ndarray:
    """exp(2 pi i k / n), k < n, as pocketfft's sincos_2pibyn gives it in precision T: the
    product (in double) of two entries of coarse and fine tables, rounded to T; the upper
    half as conjugates of the lower."""
    real = np.dtype(real)
    ang = float(np.longdouble("0.25") * _PI / np.longdouble(n))
    nval = (n + 2) // 2
    shift = 1
    while (1 << shift) * (1 << shift) < nval:
        shift += 1
    mask = (1 << shift) - 1
    v1 = np.array([(1.0, 0.0)] + [_octant_value(i, n, ang) for i in range(1, mask + 1)])
    v2 = np.array([(1.0, 0.0)] + [_octant_value(i * (mask + 1), n, ang)
                                  for i in range(1, (nval + mask) // (mask + 1))])
    idx = np.arange(n)
    lower = 2 * idx <= n
    k = np.where(lower, idx, n - idx)
    a, b = v1[k & mask], v2[k >> shift]
    re = (a[:, 0] * b[:, 0] - a[:, 1] * b[:, 1]).astype(real)      # in double, then rounded
    im = (a[:, 0] * b[:, 1] + a[:, 1] * b[:, 0]).astype(real)
    return re + np.result_type(real, np.complex64).type(1j) * np.where(lower, im, -im)


# ----------------------------------------------------------------------------- butterflies
#
# A complex value is a pair (re, im) of the backend's real values. `A` supplies
# add(a, b), sub(a, b), neg(a), mul(a, b) and const(x) (a T scalar as a backend value).

def _cadd(A, a, b):
    return A.add(a[0], b[0]), A.add(a[1], b[1])


def _csub(a, b, A):
    return A.sub(a[0], b[0]), A.sub(a[1], b[1])


def twiddle_mul(A, d, w, bwd: bool):
    """pocketfft's special_mul: d * w backward, d * conj(w) forward."""
    r, i = d
    wr, wi = w
    if bwd:
        return A.sub(A.mul(r, wr), A.mul(i, wi)), A.add(A.mul(r, wi), A.mul(i, wr))
    return A.add(A.mul(r, wr), A.mul(i, wi)), A.sub(A.mul(i, wr), A.mul(r, wi))


def butterfly(A, p: Pass, bwd: bool, cc: list, real: np.dtype) -> list:
    """The radix-p butterfly of one pass on inputs cc[0..p-1]: the outputs d[0..p-1] before
    their twiddles, each in pocketfft's operation order."""
    ip = p.radix
    if ip == 2:
        return [_cadd(A, cc[0], cc[1]), _csub(cc[0], cc[1], A)]
    if ip == 4:
        t2, t1 = _cadd(A, cc[0], cc[2]), _csub(cc[0], cc[2], A)
        t3, t4 = _cadd(A, cc[1], cc[3]), _csub(cc[1], cc[3], A)
        t4 = _rot90(A, t4, bwd)
        return [_cadd(A, t2, t3), _cadd(A, t1, t4), _csub(t2, t3, A), _csub(t1, t4, A)]
    if ip == 8:
        return _radix8(A, bwd, cc, real)
    if ip in _COS_SIN:
        return _small_prime(A, ip, bwd, cc, real)
    return _generic(A, p, bwd, cc)


def _rot90(A, a, bwd: bool):
    """a times i (backward) or -i (forward)."""
    return (A.neg(a[1]), a[0]) if bwd else (a[1], A.neg(a[0]))


def _radix8(A, bwd: bool, cc: list, real: np.dtype) -> list:
    h = A.const(_const(_HSQT2, real))
    add, sub = (lambda a, b: _cadd(A, a, b)), (lambda a, b: _csub(a, b, A))
    a1, a5 = add(cc[1], cc[5]), sub(cc[1], cc[5])
    a3, a7 = add(cc[3], cc[7]), sub(cc[3], cc[7])
    a7 = _rot90(A, a7, bwd)
    a1, a3 = add(a1, a3), sub(a1, a3)
    a3 = _rot90(A, a3, bwd)
    a5, a7 = add(a5, a7), sub(a5, a7)
    r, i = a5                                   # times exp(-+i pi/4)
    a5 = (A.mul(h, A.sub(r, i)), A.mul(h, A.add(i, r))) if bwd else (A.mul(h, A.add(r, i)), A.mul(h, A.sub(i, r)))
    r, i = a7                                   # times exp(-+3 i pi/4)
    a7 = (A.mul(h, A.sub(A.neg(r), i)), A.mul(h, A.sub(r, i))) if bwd else \
        (A.mul(h, A.sub(i, r)), A.mul(h, A.sub(A.neg(r), i)))
    a0, a4 = add(cc[0], cc[4]), sub(cc[0], cc[4])
    a2, a6 = add(cc[2], cc[6]), sub(cc[2], cc[6])
    a0, a2 = add(a0, a2), sub(a0, a2)
    a6 = _rot90(A, a6, bwd)
    a4, a6 = add(a4, a6), sub(a4, a6)
    return [add(a0, a1), add(a4, a5), add(a2, a3), add(a6, a7), sub(a0, a1), sub(a4, a5), sub(a2, a3), sub(a6, a7)]


def _small_prime(A, ip: int, bwd: bool, cc: list, real: np.dtype) -> list:
    """Radix 3, 5, 7, 11: pocketfft's hard-coded butterflies, whose cosine / sine terms for
    output u are the table's entries at u j mod p, folded onto the first half."""
    k = (ip - 1) // 2
    cs = _COS_SIN[ip]
    cos = [_const(cs[2 * j], real) for j in range(k)]
    sin = [(1 if bwd else -1) * _const(cs[2 * j + 1], real) for j in range(k)]
    sin = [real.type(s) for s in sin]
    t0 = cc[0]
    s = [_cadd(A, cc[j], cc[ip - j]) for j in range(1, k + 1)]
    a = [_csub(cc[j], cc[ip - j], A) for j in range(1, k + 1)]
    d0 = t0
    for v in s:
        d0 = _cadd(A, d0, v)
    out = [None] * ip
    out[0] = d0
    for u in range(1, k + 1):
        car, cai = t0
        cbi = cbr = None
        for j in range(1, k + 1):
            m = (u * j) % ip
            idx, sign = (m, 1) if m <= k else (ip - m, -1)
            c, si = A.const(cos[idx - 1]), A.const(sin[idx - 1])
            car = A.add(car, A.mul(c, s[j - 1][0]))
            cai = A.add(cai, A.mul(c, s[j - 1][1]))
            ti, tr = A.mul(si, a[j - 1][0]), A.mul(si, a[j - 1][1])
            if cbi is None:
                cbi, cbr = ti, tr
            elif sign > 0:
                cbi, cbr = A.add(cbi, ti), A.add(cbr, tr)
            else:
                cbi, cbr = A.sub(cbi, ti), A.sub(cbr, tr)
        ca, cb = (car, cai), (A.neg(cbr), cbi)
        out[u], out[ip - u] = _cadd(A, ca, cb), _csub(ca, cb, A)
    return out


def _generic(A, p: Pass, bwd: bool, cc: list) -> list:
    """pocketfft's passg for a prime radix above 11: symmetric sums and differences, then
    each output pair accumulated two terms at a time, then a final sum and difference."""
    ip = p.radix
    ipph = (ip + 1) // 2
    wal = [(1.0, 0.0)] + [(p.roots[i].real, p.roots[i].imag if bwd else -p.roots[i].imag) for i in range(1, ip)]
    C = lambda x: A.const(x)                                            # noqa: E731
    ch = [None] * ip
    ch[0] = cc[0]
    for j in range(1, ipph):
        jc = ip - j
        ch[j], ch[jc] = _cadd(A, cc[j], cc[jc]), _csub(cc[j], cc[jc], A)
    cx = [None] * ip
    tmp = ch[0]
    for j in range(1, ipph):
        tmp = _cadd(A, tmp, ch[j])
    cx[0] = tmp
    for l in range(1, ipph):
        lc = ip - l
        w1, w2 = wal[l], wal[2 * l]
        xr = A.add(A.add(ch[0][0], A.mul(C(w1[0]), ch[1][0])), A.mul(C(w2[0]), ch[2][0]))
        xi = A.add(A.add(ch[0][1], A.mul(C(w1[0]), ch[1][1])), A.mul(C(w2[0]), ch[2][1]))
        yr = A.sub(A.mul(C(-w1[1]), ch[ip - 1][1]), A.mul(C(w2[1]), ch[ip - 2][1]))
        yi = A.add(A.mul(C(w1[1]), ch[ip - 1][0]), A.mul(C(w2[1]), ch[ip - 2][0]))
        iwal, j, jc = 2 * l, 3, ip - 3
        while j < ipph - 1:
            iwal += l
            iwal -= ip if iwal > ip else 0
            xw = wal[iwal]
            iwal += l
            iwal -= ip if iwal > ip else 0
            xw2 = wal[iwal]
            xr = A.add(xr, A.add(A.mul(ch[j][0], C(xw[0])), A.mul(ch[j + 1][0], C(xw2[0]))))
            xi = A.add(xi, A.add(A.mul(ch[j][1], C(xw[0])), A.mul(ch[j + 1][1], C(xw2[0]))))
            yr = A.sub(yr, A.add(A.mul(ch[jc][1], C(xw[1])), A.mul(ch[jc - 1][1], C(xw2[1]))))
            yi = A.add(yi, A.add(A.mul(ch[jc][0], C(xw[1])), A.mul(ch[jc - 1][0], C(xw2[1]))))
            j, jc = j + 2, jc - 2
        while j < ipph:
            iwal += l
            iwal -= ip if iwal > ip else 0
            xw = wal[iwal]
            xr = A.add(xr, A.mul(ch[j][0], C(xw[0])))
            xi = A.add(xi, A.mul(ch[j][1], C(xw[0])))
            yr = A.sub(yr, A.mul(ch[jc][1], C(xw[1])))
            yi = A.add(yi, A.mul(ch[jc][0], C(xw[1])))
            j, jc = j + 1, jc - 1
        cx[l], cx[lc] = (xr, xi), (yr, yi)
    out = [cx[0]] + [None] * (ip - 1)
    for j in range(1, ipph):
        jc = ip - j
        out[j], out[jc] = _cadd(A, cx[j], cx[jc]), _csub(cx[j], cx[jc], A)
    return out


# ----------------------------------------------------------------------------- numpy

class _NumpyArith:
    def __init__(self, real):
        self.real = np.dtype(real)

    def add(self, a, b):
        return a + b

    def sub(self, a, b):
        return a - b

    def neg(self, a):
        return -a

    def mul(self, a, b):
        return a * b

    def const(self, x):
        return self.real.type(x)


def transform(x: np.ndarray, bwd: bool, fct) -> np.ndarray:
    """pocketfft's complex transform of x [..., n] (complex64 / complex128) along the last
    axis, computed here op by op in x's precision (a check of the description above)."""
    real = np.dtype(np.float32 if x.dtype == np.complex64 else np.float64)
    A = _NumpyArith(real)
    lead, n = x.shape[:-1], x.shape[-1]
    re = np.ascontiguousarray(x.real).reshape(-1, n)
    im = np.ascontiguousarray(x.imag).reshape(-1, n)
    fct = real.type(fct)
    if method(n) == "bluestein":
        b = bluestein(n, real)
        bk = (b.bk.real, b.bk.imag)
        ar, ai = twiddle_mul(A, (re, im), bk, bwd)
        # zero padding as pocketfft writes it: akf[0] * 0 (signed zeros, NaN from an infinity)
        ar = np.concatenate([ar, np.broadcast_to(ar[:, :1] * real.type(0), (ar.shape[0], b.n2 - n))], axis=1)
        ai = np.concatenate([ai, np.broadcast_to(ai[:, :1] * real.type(0), (ai.shape[0], b.n2 - n))], axis=1)
        ar, ai = _passes(A, ar, ai, False, real.type(1))
        ar, ai = twiddle_mul(A, (ar, ai), (b.bkf.real, b.bkf.imag), not bwd)
        ar, ai = _passes(A, ar, ai, True, real.type(1))
        re, im = twiddle_mul(A, (ar[:, :n], ai[:, :n]), bk, bwd)
        re, im = re * fct, im * fct
    else:
        re, im = _passes(A, re, im, bwd, fct)
    return (re + 1j * im).astype(x.dtype).reshape(lead + (n,))


def _passes(A, re, im, bwd: bool, fct):
    n = re.shape[-1]
    real = A.real
    if n > 1:
        for p in plan(n, real):
            shape = (re.shape[0], p.l1, p.radix, p.ido)
            r4, i4 = re.reshape(shape), im.reshape(shape)
            d = butterfly(A, p, bwd, [(r4[:, :, m, :], i4[:, :, m, :]) for m in range(p.radix)], real)
            first = np.arange(p.ido) == 0
            outs = [d[0]]
            for u in range(1, p.radix):
                w = (p.twiddle[u - 1].real.astype(real), p.twiddle[u - 1].imag.astype(real))
                t = twiddle_mul(A, d[u], w, bwd)
                outs.append((np.where(first, d[u][0], t[0]), np.where(first, d[u][1], t[1])))
            re = np.stack([o[0] for o in outs], axis=1).reshape(-1, n)
            im = np.stack([o[1] for o in outs], axis=1).reshape(-1, n)
    if fct != 1 or n == 1:
        re, im = re * fct, im * fct
    return re, im
