"""Decompositions of the CHLO ops that JAX emits into shlo ops.

`DECOMPOSITIONS` maps a CHLO op name without the ``chlo.`` prefix (``"erf"``,
``"top_k"``, ...) to ``fn(b, operands, attrs, result_types) -> list[ir.Value]``:

* ``b`` builds ops at the current insertion point: ``b.op(name, *operands,
  result_types=None, **attrs)`` (one value, or a list for several results) and
  ``b.constant(array, element=None)``; a `shlo.builders.FunctionBuilder` does.
* ``operands`` are `ir.Value`s of the shlo module being built.
* ``attrs`` maps attribute names to their text as jaxlib prints it
  (``"k = 3 : i64"`` or just ``"3 : i64"``; enums like
  ``#chlo<comparison_direction LT>``).
* ``result_types`` are the CHLO op's result types as shlo type strings.

The numerics follow the public algorithms XLA/StableHLO use for the same ops
(Cephes / Eigen polynomial and rational approximations, Lanczos gamma,
Euler-Maclaurin Hurwitz zeta), written here over shlo ops. As in XLA, f16 and
bf16 inputs of the transcendental functions are computed in f32 and converted
back; f64 inputs use f64 coefficients where the algorithm has them.
An op missing from `DECOMPOSITIONS` is not supported: the importer reports it.
"""
from __future__ import annotations

import math
import re
from typing import Callable

import numpy as np
from mlir import ir

from ..literals import numpy_dtype
from ..types import type_info

__all__ = ["DECOMPOSITIONS"]


# ----------------------------------------------------------------------------
# attribute text
# ----------------------------------------------------------------------------

def _attr_body(text: str) -> str:
    text = str(text).strip()
    m = re.match(r"^[A-Za-z_][\w.]*\s*=\s*(.*)$", text, re.S)
    return m.group(1).strip() if m and not text.startswith(("#", "dense")) else text


def _attr_int(attrs: dict, name: str, default=None):
    if name not in attrs or attrs[name] is None:
        return default
    body = _attr_body(attrs[name])
    m = re.match(r"^(-?\d+)", body)
    if not m:
        raise ValueError(f"chlo attribute {name}: cannot read an integer from {attrs[name]!r}")
    return int(m.group(1))


def _attr_bool(attrs: dict, name: str, default=None):
    if name not in attrs or attrs[name] is None:
        return default
    body = _attr_body(attrs[name]).lower()
    if body.startswith("true"):
        return True
    if body.startswith("false"):
        return False
    return bool(int(re.match(r"^(-?\d+)", body).group(1)))


def _attr_enum(attrs: dict, name: str, default=None):
    if name not in attrs or attrs[name] is None:
        return default
    body = _attr_body(attrs[name])
    m = re.search(r"<\s*(?:[a-z_]+\s+)?([A-Z]+)\s*>", body)
    if m:
        return m.group(1)
    m = re.search(r"\b([A-Z]{2,})\b", body)
    if not m:
        raise ValueError(f"chlo attribute {name}: cannot read an enum from {attrs[name]!r}")
    return m.group(1)


def _attr_ints(attrs: dict, name: str, default=None):
    if name not in attrs or attrs[name] is None:
        return default
    body = _attr_body(attrs[name])
    m = (re.search(r"array<\s*i\d+\s*:?([^>]*)>", body) or re.search(r"\[([^\]]*)\]", body)
         or re.search(r"dense<([^>]*)>", body))
    inner = m.group(1) if m else body
    return [int(v) for v in re.findall(r"-?\d+", inner)]


# ----------------------------------------------------------------------------
# a small expression helper over b.op
# ----------------------------------------------------------------------------

def _np(element: str):
    """The numpy dtype of an element type (ml_dtypes for bf16 and the f8 / f6 / f4 types)."""
    return numpy_dtype(element)


def _shape(v) -> tuple:
    info = type_info(v.type)
    if info.kind != "tensor" or info.shape is None or any(d is None for d in info.shape):
        raise NotImplementedError(f"chlo decomposition needs a static tensor type, got {info}")
    return tuple(info.shape)


def _elem(v) -> str:
    return type_info(v.type).element


def _ttype(shape, element) -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + element + ">"


class _E:
    """Element-wise builder for one shape: constants splatted to that shape."""

    def __init__(self, b, shape, element):
        self.b, self.shape, self.element = b, tuple(shape), element
        self._consts = {}

    @property
    def type(self):
        return _ttype(self.shape, self.element)

    def k(self, value, element=None):
        element = element or self.element
        key = (repr(value), element)
        if key not in self._consts:
            if element.startswith("complex"):
                inner = element[len("complex<"):-1]
                arr = np.array(value, np.complex128 if inner == "f64" else np.complex64)
            else:
                arr = np.array(value, _np(element))
            c = self.b.constant(arr, element=element)
            if self.shape:
                c = self.b.op("broadcast_in_dim", c, broadcast_dimensions=[],
                              result_types=[_ttype(self.shape, element)])
            self._consts[key] = c
        return self._consts[key]

    def __getattr__(self, name):
        # e.add(x, y), e.exponential(x), ...: a shlo op with inferred result types
        if name.startswith("_"):
            raise AttributeError(name)
        return lambda *xs, **kw: self.b.op(name, *xs, **kw)

    def cmp(self, x, y, direction, compare_type=None):
        kw = {"compare_type": compare_type} if compare_type else {}
        return self.b.op("compare", x, y, comparison_direction=direction, **kw)

    def sel(self, p, x, y):
        return self.b.op("select", p, x, y)

    def convert(self, x, element):
        if _elem(x) == element:
            return x
        return self.b.op("convert", x, result_types=[_ttype(_shape(x), element)])

    def poly(self, x, coeffs):
        """Horner: coeffs[0] * x^(n-1) + ... + coeffs[-1]."""
        p = self.k(coeffs[0])
        for c in coeffs[1:]:
            p = self.add(self.multiply(p, x), self.k(c))
        return p


def _compute_type(element: str) -> str:
    if element in ("f32", "f64"):
        return element
    return "f32"


def _unary_float(body):
    """Wraps `body(e, x) -> value` with the f16/bf16 -> f32 upcast XLA does."""
    def fn(b, operands, attrs, result_types):
        xs = list(operands)
        elt = _elem(xs[0])
        ct = _compute_type(elt)
        e = _E(b, _shape(xs[0]), ct)
        xs = [e.convert(x, ct) for x in xs]
        r = body(e, *xs)
        return [e.convert(r, elt)]
    return fn


def _is_complex(v) -> bool:
    return _elem(v).startswith("complex")


# ----------------------------------------------------------------------------
# erf / erfc / erf_inv
# ----------------------------------------------------------------------------

_ERF_ALPHA_F32 = [-2.72614225801306e-10, 2.77068142495902e-08, -2.10102402082508e-06,
                  -5.69250639462346e-05, -7.34990630326855e-04, -2.95459980854025e-03,
                  -1.60960333262415e-02]
_ERF_BETA_F32 = [-1.45660718464996e-05, -2.13374055278905e-04, -1.68282697438203e-03,
                 -7.37332916720468e-03, -1.42647390514189e-02]
_ERF_T_F32 = [7.853861353153693e-5, -8.010193625184903e-4, 5.188327685732524e-3,
              -2.685381193529856e-2, 1.128358514861418e-1, -3.761262582423300e-1,
              1.128379165726710e+0]
_ERFC_P_F32 = [2.326819970068386e-2, -1.387039388740657e-1, 3.687424674597105e-1,
               -5.824733027278666e-1, 6.210004621745983e-1, -4.944515323274145e-1,
               3.404879937665872e-1, -2.741127028184656e-1, 5.638259427386472e-1]
_ERFC_R_F32 = [-1.047766399936249e+1, 1.297719955372516e+1, -7.495518717768503e+0,
               2.921019019210786e+0, -1.015265279202700e+0, 4.218463358204948e-1,
               -2.820767439740514e-1, 5.641895067754075e-1]
# Cephes ndtr.c (double)
_ERF_T_F64 = [9.60497373987051638749e0, 9.00260197203842689217e1, 2.23200534594684319226e3,
              7.00332514112805075473e3, 5.55923013010394962768e4]
_ERF_U_F64 = [1.0, 3.35617141647503099647e1, 5.21357949780152679795e2, 4.59432382970980127987e3,
              2.26290000613890934246e4, 4.92673942608635921086e4]
_ERFC_P_F64 = [2.46196981473530512524e-10, 5.64189564831068821977e-1, 7.46321056442269912687e0,
               4.86371970985681366614e1, 1.96520832956077098242e2, 5.26445194995477358631e2,
               9.34528527171957607540e2, 1.02755188689515710272e3, 5.57535335369399327526e2]
_ERFC_Q_F64 = [1.0, 1.32281951154744992508e1, 8.67072140885989742329e1, 3.54937778887819891062e2,
               9.75708501743205489753e2, 1.82390916687909736289e3, 2.24633760818710981792e3,
               1.65666309194161350182e3, 5.57535340817727675546e2]
_ERFC_R_F64 = [5.64189583547755073984e-1, 1.27536670759978104416e0, 5.01905042251180477414e0,
               6.16021097993053585195e0, 7.40974269950448939160e0, 2.97886665372100240670e0]
_ERFC_S_F64 = [1.0, 2.26052863220117276590e0, 9.39603524938001434673e0, 1.20489539808096656605e1,
               1.70814450747565897222e1, 9.60896809063285878198e0, 3.36907645100081516050e0]


def _erf_small(e, x):
    """erf for |x| < 1 (f32: x T(x^2); f64: x T(x^2) / U(x^2))."""
    x2 = e.multiply(x, x)
    if e.element == "f64":
        return e.divide(e.multiply(x, e.poly(x2, _ERF_T_F64)), e.poly(x2, _ERF_U_F64))
    return e.multiply(x, e.poly(x2, _ERF_T_F32))


def _erfc_large(e, x):
    """erfc for |x| >= 1, both signs."""
    x2 = e.multiply(x, x)
    z = e.negate(x2)
    ax = e.abs(x)
    ez = e.exponential(z)
    if e.element == "f64":
        maxlog = 7.09782712893383996843e2
        r18 = e.divide(e.multiply(ez, e.poly(ax, _ERFC_P_F64)), e.poly(ax, _ERFC_Q_F64))
        r8 = e.divide(e.multiply(ez, e.poly(ax, _ERFC_R_F64)), e.poly(ax, _ERFC_S_F64))
        y = e.sel(e.cmp(ax, e.k(8.0), "LT"), r18, r8)
    else:
        maxlog = 88.72283905206835
        q = e.divide(e.k(1.0), x2)
        p = e.sel(e.cmp(ax, e.k(2.0), "LT"), e.poly(q, _ERFC_P_F32), e.poly(q, _ERFC_R_F32))
        y = e.multiply(e.multiply(ez, e.divide(e.k(1.0), ax)), p)
    y = e.sel(e.cmp(z, e.k(-maxlog), "LT"), e.k(0.0), y)
    return e.sel(e.cmp(x, e.k(0.0), "LT"), e.subtract(e.k(2.0), y), y)


def _erf(e, x):
    if e.element == "f64":
        small = _erf_small(e, x)
        big = e.subtract(e.k(1.0), _erfc_large(e, x))
        return e.sel(e.cmp(e.abs(x), e.k(1.0), "LT"), small, big)
    # Eigen's rational approximation on [-4, 4].
    xc = e.clamp(e.k(-4.0), x, e.k(4.0))
    x2 = e.multiply(xc, xc)
    r = e.divide(e.multiply(xc, e.poly(x2, _ERF_ALPHA_F32)), e.poly(x2, _ERF_BETA_F32))
    return e.clamp(e.k(-1.0), r, e.k(1.0))


def _erfc(e, x):
    small = e.subtract(e.k(1.0), _erf_small(e, x))
    return e.sel(e.cmp(e.abs(x), e.k(1.0), "LT"), small, _erfc_large(e, x))


_ERFINV_LT5_F32 = [2.81022636e-08, 3.43273939e-07, -3.5233877e-06, -4.39150654e-06, 0.00021858087,
                   -0.00125372503, -0.00417768164, 0.246640727, 1.50140941]
_ERFINV_GE5_F32 = [-0.000200214257, 0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773,
                   -0.0076224613, 0.00943887047, 1.00167406, 2.83297682]
# Giles, "Approximating the erfinv function" (double precision version)
_ERFINV_LT625 = [-3.6444120640178196996e-21, -1.685059138182016589e-19, 1.2858480715256400167e-18,
                 1.115787767802518096e-17, -1.333171662854620906e-16, 2.0972767875968561637e-17,
                 6.6376381343583238325e-15, -4.0545662729752068639e-14, -8.1519341976054721522e-14,
                 2.6335093153082322977e-12, -1.2975133253453532498e-11, -5.4154120542946279317e-11,
                 1.051212273321532285e-09, -4.1126339803469836976e-09, -2.9070369957882005086e-08,
                 4.2347877827932403518e-07, -1.3654692000834678645e-06, -1.3882523362786468719e-05,
                 0.0001867342080340571352, -0.00074070253416626697512, -0.0060336708714301490533,
                 0.24015818242558961693, 1.6536545626831027356]
_ERFINV_LT16 = [2.2137376921775787049e-09, 9.0756561938885390979e-08, -2.7517406297064545428e-07,
                1.8239629214389227755e-08, 1.5027403968909827627e-06, -4.013867526981545969e-06,
                2.9234449089955446044e-06, 1.2475304481671778723e-05, -4.7318229009055733981e-05,
                6.8284851459573175448e-05, 2.4031110387097893999e-05, -0.0003550375203628474796,
                0.00095328937973738049703, -0.0016882755560235047313, 0.0024914420961078508066,
                -0.0037512085075692412107, 0.005370914553590063617, 1.0052589676941592334,
                3.0838856104922207635]
_ERFINV_GE16 = [-2.7109920616438573243e-11, -2.5556418169965252055e-10, 1.5076572693500548083e-09,
                -3.7894654401267369937e-09, 7.6157012080783393804e-09, -1.4960026627149240478e-08,
                2.9147953450901080826e-08, -6.7711997758452339498e-08, 2.2900482228026654717e-07,
                -9.9298272942317002539e-07, 4.5260625972231537039e-06, -1.9681778105531670567e-05,
                7.5995277030017761139e-05, -0.00021503011930044477347, -0.00013871931833623122026,
                1.0103004648645343977, 4.8499064014085844221]


def _erf_inv(e, x):
    w = e.negate(e.log_plus_one(e.multiply(x, e.negate(x))))
    if e.element == "f64":
        lt625 = e.cmp(w, e.k(6.25), "LT")
        lt16 = e.cmp(w, e.k(16.0), "LT")
        p1 = e.poly(e.subtract(w, e.k(3.125)), _ERFINV_LT625)
        p2 = e.poly(e.subtract(e.sqrt(w), e.k(3.25)), _ERFINV_LT16)
        p3 = e.poly(e.subtract(e.sqrt(w), e.k(5.0)), _ERFINV_GE16)
        p = e.sel(lt625, p1, e.sel(lt16, p2, p3))
    else:
        lt5 = e.cmp(w, e.k(5.0), "LT")
        p1 = e.poly(e.subtract(w, e.k(2.5)), _ERFINV_LT5_F32)
        p2 = e.poly(e.subtract(e.sqrt(w), e.k(3.0)), _ERFINV_GE5_F32)
        p = e.sel(lt5, p1, p2)
    r = e.multiply(p, x)
    return e.sel(e.cmp(e.abs(x), e.k(1.0), "EQ"), e.multiply(x, e.k(math.inf)), r)


# ----------------------------------------------------------------------------
# lgamma / digamma / zeta / polygamma
# ----------------------------------------------------------------------------

_LANCZOS_G = 7.0
_LANCZOS_BASE = 0.99999999999980993227684700473478
_LANCZOS = [676.520368121885098567009190444019, -1259.13921672240287047156078755283,
            771.3234287776530788486528258894, -176.61502916214059906584551354,
            12.507343278686904814458936853, -0.13857109526572011689554707,
            9.984369578019570859563e-6, 1.50563273514931155834e-7]


def _lanczos_z(e, x):
    reflect = e.cmp(x, e.k(0.5), "LT")
    z = e.sel(reflect, e.negate(x), e.subtract(x, e.k(1.0)))
    t = e.add(e.k(_LANCZOS_G + 0.5), z)
    # z / 7.5 as z times the rounded 1 / 7.5: XLA's algebraic simplifier rewrites a division by a
    # constant so, and one ulp of the log1p operand is many in lgamma near its zeros
    log_t = e.add(e.k(math.log(_LANCZOS_G + 0.5)),
                  e.log_plus_one(e.multiply(z, e.k(1.0 / (_LANCZOS_G + 0.5)))))
    return reflect, z, t, log_t


def _fused_multiply_add(e, a, b, c):
    """a * b + c rounded once where the compute type is f32, as XLA CPU computes it (LLVM contracts
    a multiply whose only use is an add into an fma): the f64 product of two f32 values is exact,
    so one f64 add and the rounding back to f32 give the fused result (a double rounding can differ
    in the last bit about once in 2^29). It decides lgamma near its zeros at 1 and 2, where the
    sum cancels: one rounding fewer is also the more accurate result. f64 keeps two roundings."""
    if e.element != "f32":
        return e.add(e.multiply(a, b), c)
    a64, b64, c64 = (e.convert(v, "f64") for v in (a, b, c))
    return e.convert(e.add(e.multiply(a64, b64), c64), "f32")


def _lgamma(e, x):
    reflect, z, t, log_t = _lanczos_z(e, x)
    a = e.k(_LANCZOS_BASE)
    for i, c in enumerate(_LANCZOS):
        a = e.add(a, e.divide(e.k(c), e.add(z, e.k(float(i + 1)))))
    # (z + 1/2) log t - t, computed without overflowing, plus log(2 pi) / 2
    inner = e.subtract(e.add(z, e.k(0.5)), e.divide(t, log_t))
    lg = e.add(_fused_multiply_add(e, inner, log_t, e.k((math.log(2) + math.log(math.pi)) / 2)), e.log(a))
    # reflection: lgamma(x) = log(pi) - log|sin(pi x)| - lgamma(1 - x)
    ax = e.abs(x)
    frac = e.subtract(ax, e.floor(ax))
    frac = e.sel(e.cmp(e.k(0.5), frac, "LT"), e.subtract(e.k(1.0), frac), frac)
    denom = e.log(e.sine(e.multiply(e.k(math.pi), frac)))
    refl = e.subtract(e.subtract(e.k(math.log(math.pi)), denom), lg)
    refl = e.sel(e.is_finite(denom), refl, e.negate(denom))
    lg = e.sel(reflect, refl, lg)
    is_inf = e.cmp(e.abs(x), e.k(math.inf), "EQ")
    return e.sel(is_inf, e.k(math.inf), lg)


def _digamma(e, x):
    reflect, z, t, log_t = _lanczos_z(e, x)
    a = e.k(_LANCZOS_BASE)
    da = e.k(0.0)
    for i, c in enumerate(_LANCZOS):
        zi = e.add(z, e.k(float(i + 1)))
        da = e.subtract(da, e.divide(e.k(c), e.multiply(zi, zi)))
        a = e.add(a, e.divide(e.k(c), zi))
    dg = e.subtract(e.add(log_t, e.divide(da, a)), e.divide(e.k(_LANCZOS_G), t))
    # reflection: digamma(x) = digamma(1 - x) - pi cot(pi x), with x reduced to [-0.5, 0.5]
    rx = e.add(x, e.abs(e.floor(e.add(x, e.k(0.5)))))
    pix = e.multiply(e.k(math.pi), rx)
    refl = e.subtract(dg, e.divide(e.multiply(e.k(math.pi), e.cosine(pix)), e.sine(pix)))
    dg = e.sel(reflect, refl, dg)
    zero = e.k(0.0)
    # Poles at zero and the negative integers give NaN, as JAX 0.10 / XLA on CPU
    # do (the newest StableHLO lowering returns -inf at exactly 0 instead).
    pole = e.b.op("and", e.cmp(x, zero, "LE"), e.cmp(x, e.floor(x), "EQ"))
    return e.sel(pole, e.k(math.nan), dg)


_ZETA_COEFFS = [-7.1661652561756670113e18, 1.8152105401943546773e17, -4.5979787224074726105e15,
                1.1646782814350067249e14, -2.950130727918164224e12, 7.47242496e10,
                -1.8924375803183791606e9, 47900160.0, -1209600.0, 30240.0, -720.0, 12.0]


def _smallest_subnormal(element):
    return float(np.finfo(_np(element)).smallest_subnormal)


def _zeta(e, x, q):
    """Hurwitz zeta(x, q): Euler-Maclaurin with 9 direct terms and 12 correction terms."""
    terms, iters = 12, 9
    band = e.b.op
    zero, one = e.k(0.0), e.k(1.0)
    neg_x = e.negate(x)
    acc = q
    power_sum = e.power(q, neg_x)
    for _ in range(iters):
        acc = e.add(acc, one)
        power_sum = e.add(power_sum, e.power(acc, neg_x))
    acc = e.add(acc, one)
    q_neg_power = e.power(acc, neg_x)
    correction = e.divide(e.multiply(q_neg_power, acc), e.subtract(x, one))
    inv_acc2 = e.divide(one, e.multiply(acc, acc))
    horner = zero
    for i in range(terms - 1):
        lhs = e.add(x, e.k(float(2 * terms - 1 - 1 - 2 * i)))
        rhs = e.add(x, e.k(float(2 * terms - 1 - 2 - 2 * i)))
        horner = e.multiply(e.multiply(lhs, rhs),
                            e.multiply(inv_acc2, e.add(horner, e.k(1.0 / _ZETA_COEFFS[i]))))
    tail = e.multiply(q_neg_power, e.add(e.k(0.5), e.multiply(
        e.divide(x, acc), e.add(e.k(1.0 / _ZETA_COEFFS[terms - 1]), horner))))
    accurate = e.add(e.add(power_sum, correction), tail)
    out = e.sel(e.cmp(e.abs(q_neg_power),
                      e.multiply(e.abs(power_sum), e.k(_smallest_subnormal(e.element))), "LT"),
                power_sum, accurate)
    nan, inf = e.k(math.nan), e.k(math.inf)
    out = e.sel(e.cmp(x, one, "LT"), nan, out)
    q_le_zero = e.cmp(q, zero, "LE")
    x_not_int = e.cmp(x, e.floor(x), "NE")
    out = e.sel(band("and", q_le_zero, x_not_int), nan, out)
    at_pole = band("and", q_le_zero, e.cmp(q, e.floor(q), "EQ"))
    x_even_int = band("and", e.cmp(x, e.floor(x), "EQ"),
                      e.cmp(e.remainder(x, e.k(2.0)), zero, "EQ"))
    out = e.sel(at_pole, e.sel(x_even_int, inf, nan), out)
    return e.sel(e.cmp(x, one, "EQ"), inf, out)


def _polygamma(e, n, x):
    one, two, zero = e.k(1.0), e.k(2.0), e.k(0.0)
    sign = e.subtract(e.multiply(two, e.remainder(n, two)), one)
    n1 = e.add(n, one)
    r = e.multiply(e.multiply(sign, e.exponential(_lgamma(e, n1))), _zeta(e, n1, x))
    r = e.sel(e.cmp(n, zero, "EQ"), _digamma(e, x), r)
    non_natural = e.b.op("or", e.cmp(n, e.floor(n), "NE"), e.cmp(n, zero, "LT"))
    return e.sel(non_natural, e.k(math.nan), r)


# ----------------------------------------------------------------------------
# bessel_i1e
# ----------------------------------------------------------------------------

_I1E_A_F64 = [2.77791411276104639959e-18, -2.11142121435816608115e-17, 1.55363195773620046921e-16,
              -1.10559694773538630805e-15, 7.60068429473540693410e-15, -5.04218550472791168711e-14,
              3.22379336594557470981e-13, -1.98397439776494371520e-12, 1.17361862988909016308e-11,
              -6.66348972350202774223e-11, 3.62559028155211703701e-10, -1.88724975172282928790e-9,
              9.38153738649577178388e-9, -4.44505912879632808065e-8, 2.00329475355213526229e-7,
              -8.56872026469545474066e-7, 3.47025130813767847674e-6, -1.32731636560394358279e-5,
              4.78156510755005422638e-5, -1.61760815825896745588e-4, 5.12285956168575772895e-4,
              -1.51357245063125314899e-3, 4.15642294431288815669e-3, -1.05640848946261981558e-2,
              2.47264490306265168283e-2, -5.29459812080949914269e-2, 1.02643658689847095384e-1,
              -1.76416518357834055153e-1, 2.52587186443633654823e-1]
_I1E_B_F64 = [7.51729631084210481353e-18, 4.41434832307170791151e-18, -4.65030536848935832153e-17,
              -3.20952592199342395980e-17, 2.96262899764595013876e-16, 3.30820231092092828324e-16,
              -1.88035477551078244854e-15, -3.81440307243700780478e-15, 1.04202769841288027642e-14,
              4.27244001671195135429e-14, -2.10154184277266431302e-14, -4.08355111109219731823e-13,
              -7.19855177624590851209e-13, 2.03562854414708950722e-12, 1.41258074366137813316e-11,
              3.25260358301548823856e-11, -1.89749581235054123450e-11, -5.58974346219658380687e-10,
              -3.83538038596423702205e-9, -2.63146884688951950684e-8, -2.51223623787020892529e-7,
              -3.88256480887769039346e-6, -1.10588938762623716291e-4, -9.76109749136146840777e-3,
              7.78576235018280120474e-1]
_I1E_A_F32 = _I1E_A_F64[12:]
_I1E_B_F32 = _I1E_B_F64[18:]


def _chbevl(e, x, coeffs):
    b0 = b1 = b2 = e.k(0.0)
    for c in coeffs:
        b2, b1 = b1, b0
        b0 = e.add(e.subtract(e.multiply(x, b1), b2), e.k(c))
    return e.multiply(e.subtract(b0, b2), e.k(0.5))


def _bessel_i1e(e, x):
    a_c, b_c = (_I1E_A_F64, _I1E_B_F64) if e.element == "f64" else (_I1E_A_F32, _I1E_B_F32)
    z = e.abs(x)
    small = e.multiply(z, _chbevl(e, e.subtract(e.multiply(e.k(0.5), z), e.k(2.0)), a_c))
    big = e.divide(_chbevl(e, e.subtract(e.divide(e.k(32.0), z), e.k(2.0)), b_c), e.sqrt(z))
    return e.multiply(e.sign(x), e.sel(e.cmp(z, e.k(8.0), "LE"), small, big))


# ----------------------------------------------------------------------------
# trigonometric / hyperbolic (real)
# ----------------------------------------------------------------------------

def _max_finite(element):
    return float(np.finfo(_np(element)).max)


def _asin(e, x):
    one = e.k(1.0)
    s = e.sqrt(e.multiply(e.subtract(one, x), e.add(one, x)))   # sqrt(1 - x^2) without cancellation
    return e.multiply(e.k(2.0), e.atan2(x, e.add(one, s)))


def _acos(e, x):
    one = e.k(1.0)
    s = e.sqrt(e.multiply(e.subtract(one, x), e.add(one, x)))
    r = e.multiply(e.k(2.0), e.atan2(s, e.add(one, x)))
    return e.sel(e.cmp(x, e.k(-1.0), "NE"), r, e.k(math.pi))


def _atan(e, x):
    return e.atan2(x, e.k(1.0))


def _asinh(e, x):
    ax = e.abs(x)
    one = e.k(1.0)
    x2 = e.multiply(ax, ax)
    s = e.sqrt(e.add(one, x2))
    big = e.add(e.log(ax), e.k(math.log(2.0)))
    mid = e.log(e.add(ax, s))
    small = e.log_plus_one(e.add(ax, e.divide(x2, e.add(one, s))))
    r = e.sel(e.cmp(ax, e.k(math.sqrt(_max_finite(e.element))), "GE"), big,
              e.sel(e.cmp(ax, one, "LE"), small, mid))
    r = e.multiply(e.sign(x), r)
    return e.sel(e.cmp(x, x, "NE"), x, r)


def _acosh(e, x):
    one = e.k(1.0)
    y = e.subtract(x, one)
    r = e.log_plus_one(e.add(y, e.sqrt(e.multiply(y, e.add(x, one)))))
    big = e.add(e.log(x), e.k(math.log(2.0)))
    r = e.sel(e.cmp(x, e.k(math.sqrt(_max_finite(e.element))), "GE"), big, r)
    return e.sel(e.cmp(x, e.k(-1.0), "LT"), e.k(math.nan), r)


def _atanh(e, x):
    r = e.multiply(e.k(0.5), e.subtract(e.log_plus_one(x), e.log_plus_one(e.negate(x))))
    return e.sel(e.cmp(e.abs(x), e.k(1.0), "GT"), e.k(math.nan), r)


def _sinh_large(e, x):
    lh = e.k(math.log(0.5))
    return e.subtract(e.exponential(e.add(x, lh)), e.exponential(e.subtract(lh, x)))


def _sinh(e, x):
    em1 = e.exponential_minus_one(x)
    small = e.multiply(e.k(0.5), e.add(em1, e.divide(em1, e.add(em1, e.k(1.0)))))
    return e.sel(e.cmp(e.abs(x), e.k(1.0), "LT"), small, _sinh_large(e, x))


def _cosh(e, x):
    lh = e.k(math.log(0.5))
    return e.add(e.exponential(e.add(x, lh)), e.exponential(e.subtract(lh, x)))


# ----------------------------------------------------------------------------
# complex inverse functions: Kahan's formulas over principal square roots (no log of a
# sum that cancels, no z^2 that overflows), with XLA's choices at zeros and infinities
# ----------------------------------------------------------------------------

def _complex_unary(body):
    def fn(b, operands, attrs, result_types):
        (x,) = operands
        e = _E(b, _shape(x), _elem(x))
        return [body(e, x)]
    return fn


def _c(e, re_, im):
    return e.b.op("complex", re_, im)


def _cmul_i(e, z):           # i * z
    return _c(e, e.negate(e.imag(z)), e.real(z))


def _cmul_neg_i(e, z):       # -i * z
    return _c(e, e.imag(z), e.negate(e.real(z)))


def _parts(e, z):
    """(real-typed builder, Re z, Im z)."""
    part = "f64" if e.element == "complex<f64>" else "f32"
    return _E(e.b, e.shape, part), e.real(z), e.imag(z)


def _finite_parts(er, x, y):
    """x and y for Kahan's formulas below, which give the right argument at infinity from
    finite stand-ins (the modulus part is made infinite after): an infinite part becomes
    the largest finite number of its sign, and a finite part next to an infinite one
    becomes a zero of its sign (the argument of inf + 5i is that of inf + 0i)."""
    big, inf, zero = er.k(_max_finite(er.element)), er.k(math.inf), er.k(0.0)
    x_inf, y_inf = er.cmp(er.abs(x), inf, "EQ"), er.cmp(er.abs(y), inf, "EQ")
    # -0 + 0 is +0: XLA puts a zero imaginary part of either sign on the upper side of the
    # cut (asin(2 - 0i) = pi/2 + 1.317i, where C99 has pi/2 - 1.317i), and so do we
    x, y = er.add(x, zero), er.add(y, zero)
    fx = er.b.op("clamp", er.negate(big), x, big)
    fy = er.b.op("clamp", er.negate(big), y, big)
    fx = er.sel(er.b.op("and", y_inf, er.b.op("not", x_inf)), er.multiply(er.sign(x), zero), fx)
    fy = er.sel(er.b.op("and", x_inf, er.b.op("not", y_inf)), er.multiply(er.sign(y), zero), fy)
    return fx, fy


def _inf_where_input_inf(er, x, y, r, nan_sign):
    """r, but +-inf (r's sign) where x or y is infinite: the modulus part of asin / acos /
    acosh grows like log|z|, so an infinite input has an infinite one; where r is NaN (the
    other part is NaN), nan_sign * inf, as XLA and C99 (acosh(NaN + inf i) = inf + NaN i)."""
    inf = er.k(math.inf)
    any_inf = er.b.op("or", er.cmp(er.abs(x), inf, "EQ"), er.cmp(er.abs(y), inf, "EQ"))
    sign = er.sel(er.cmp(r, r, "NE"), nan_sign, er.sign(r))
    return er.sel(any_inf, er.multiply(sign, inf), r)


def _large(er, fx, fy):
    """Where |z| may pass the largest finite number (both parts near it: |max + max i|), so
    that the products of the square roots below overflow."""
    big = er.k(_max_finite(er.element) / 2)     # (below it, |z| < 0.71 max bounds every product)
    return er.cmp(er.maximum(er.abs(fx), er.abs(fy)), big, "GT")


def _asinh_of(er, combine, large):
    """asinh(combine(1)), where combine(s) is a sum of products of the square roots with one
    factor of each scaled by s: where `large`, from h = combine(1/2) as sign(h) (log|h| + log 4)
    (asinh(v) is sign(v) (log|v| + log 2) to rounding there, and 2h overflows: asin(max + max i)
    was pi/4 + inf i, XLA pi/4 + 89.76i)."""
    h = combine(er.k(0.5))
    far = er.multiply(er.sign(h), er.add(er.log(er.abs(h)), er.k(math.log(4.0))))
    return er.sel(large, far, _asinh(er, combine(None)))


def _scaled(er, v, s):
    return v if s is None else er.multiply(v, s)


def _sqrt_pair(e, er, a_re, a_im, b_re, b_im):
    """sqrt(a), sqrt(b) of complex numbers built part by part (so that the signs of zero
    parts, which pick the side of a branch cut, are the operand's: 1 - (x + 0i) is 1 - x - 0i,
    where the complex subtraction 1 - z would give 1 - x + 0i)."""
    sa, sb = e.sqrt(_c(e, a_re, a_im)), e.sqrt(_c(e, b_re, b_im))
    return e.real(sa), e.imag(sa), e.real(sb), e.imag(sb)


def _casin_parts(e, x, y):
    """Kahan's asin: atan(x / Re(sqrt(1-z) sqrt(1+z))) + i asinh(Im(conj(sqrt(1-z)) sqrt(1+z)))."""
    er = _E(e.b, e.shape, "f64" if e.element == "complex<f64>" else "f32")
    fx, fy = _finite_parts(er, x, y)
    one = er.k(1.0)
    r1, i1, r2, i2 = _sqrt_pair(e, er, er.subtract(one, fx), er.negate(fy), er.add(one, fx), fy)
    large = _large(er, fx, fy)
    half = er.k(0.5)
    re_ = er.sel(large, er.atan2(er.multiply(fx, half), er.subtract(er.multiply(er.multiply(r1, half), r2),
                                                                    er.multiply(er.multiply(i1, half), i2))),
                 er.atan2(fx, er.subtract(er.multiply(r1, r2), er.multiply(i1, i2))))
    im = _asinh_of(er, lambda s: er.subtract(er.multiply(_scaled(er, r1, s), i2), er.multiply(_scaled(er, i1, s), r2)),
                   large)
    nan_sign = er.sel(er.cmp(y, er.k(0.0), "LT"), er.k(-1.0), er.k(1.0))
    return er, re_, _inf_where_input_inf(er, x, y, im, nan_sign)


def _casin(e, z):
    er, x, y = _parts(e, z)
    _, re_, im = _casin_parts(e, x, y)
    return _c(e, re_, im)


def _casinh(e, z):           # asinh z = -i asin(i z)
    er, x, y = _parts(e, z)
    _, a, b = _casin_parts(e, er.negate(y), x)
    return _c(e, b, er.negate(a))


def _cacos(e, z):
    """Kahan's acos: 2 atan2(Re sqrt(1-z), Re sqrt(1+z)) + i asinh(Im(conj(sqrt(1+z)) sqrt(1-z)))."""
    er, x, y = _parts(e, z)
    fx, fy = _finite_parts(er, x, y)
    one = er.k(1.0)
    r1, i1, r2, i2 = _sqrt_pair(e, er, er.subtract(one, fx), er.negate(fy), er.add(one, fx), fy)
    re_ = er.multiply(er.k(2.0), er.atan2(r1, r2))
    im = _asinh_of(er, lambda s: er.subtract(er.multiply(_scaled(er, r2, s), i1), er.multiply(_scaled(er, i2, s), r1)),
                   _large(er, fx, fy))
    nan_sign = er.sel(er.cmp(y, er.k(0.0), "LT"), er.k(1.0), er.k(-1.0))
    return _c(e, re_, _inf_where_input_inf(er, x, y, im, nan_sign))


def _cacosh(e, z):
    """Kahan's acosh: asinh(Re(conj(sqrt(z-1)) sqrt(z+1))) + 2i atan2(Im sqrt(z-1), Re sqrt(z+1))."""
    er, x, y = _parts(e, z)
    fx, fy = _finite_parts(er, x, y)
    one = er.k(1.0)
    r1, i1, r2, i2 = _sqrt_pair(e, er, er.subtract(fx, one), fy, er.add(fx, one), fy)
    re_ = _asinh_of(er, lambda s: er.add(er.multiply(_scaled(er, r1, s), r2), er.multiply(_scaled(er, i1, s), i2)),
                    _large(er, fx, fy))
    im = er.multiply(er.k(2.0), er.atan2(i1, r2))
    return _c(e, _inf_where_input_inf(er, x, y, re_, er.k(1.0)), im)


def _catanh(e, z):
    """atanh z = log1p(4x / ((1-x)^2 + y^2)) / 4 + i atan2(2y, (1-x)(1+x) - y^2) / 2; at an
    infinite part, +-0 + i(+-pi/2) (the signs of x and y)."""
    er, x, y = _parts(e, z)
    one, two = er.k(1.0), er.k(2.0)
    omx = er.subtract(one, x)
    # the real part is odd in x: computed for |x|, log1p's argument is never near -1 (x near -1
    # with a small y cancelled there: atan(-0.0845 + 1.0167i) was 66 ulp off in f32)
    ax = er.abs(x)
    omax = er.subtract(one, ax)
    den = er.add(er.multiply(omax, omax), er.multiply(y, y))
    # 4 (|x| / den), not 4|x| / den: x / inf is 0 where 4x / inf is NaN at the largest x
    re_ = er.multiply(er.k(0.25), er.log_plus_one(er.multiply(er.k(4.0), er.divide(ax, den))))
    re_ = er.sel(er.cmp(x, er.k(0.0), "LT"), er.negate(re_), er.sel(er.cmp(x, er.k(0.0), "EQ"), x, re_))
    im = er.multiply(er.k(0.5), er.atan2(er.multiply(two, y),
                                        er.subtract(er.multiply(omx, er.add(one, x)), er.multiply(y, y))))
    inf = er.k(math.inf)
    any_inf = er.b.op("or", er.cmp(er.abs(x), inf, "EQ"), er.cmp(er.abs(y), inf, "EQ"))
    zero = er.k(0.0)
    re_ = er.sel(any_inf, er.sel(er.cmp(x, zero, "LT"), er.k(-0.0), zero), re_)
    # past sqrt(max) / 4 the squares overflow; atanh z is within an ulp of +-i pi/2 there
    big = er.k(math.sqrt(_max_finite(er.element)) / 4)
    large = er.b.op("or", er.cmp(er.abs(x), big, "GT"), er.cmp(er.abs(y), big, "GT"))
    half_pi = er.k(math.pi / 2)
    im = er.sel(large, er.sel(er.cmp(y, zero, "LT"), er.negate(half_pi), half_pi), im)
    # and its real part x / |z|^2, scaled by m = max(|x|, |y|) so that nothing overflows
    m = er.maximum(er.abs(x), er.abs(y))
    xs, ys = er.divide(x, m), er.divide(y, m)
    far = er.divide(er.divide(xs, er.add(er.multiply(xs, xs), er.multiply(ys, ys))), m)
    re_ = er.sel(er.b.op("and", large, er.b.op("not", any_inf)), far, re_)
    return _c(e, re_, im)


def _catan(e, z):            # atan z = -i atanh(i z)
    return _cmul_neg_i(e, _catanh(e, _cmul_i(e, z)))


def _csinh(e, z):
    return _sinh_large(e, z)


def _ccosh(e, z):
    return _cosh(e, z)


def _real_or_complex(real_body, complex_body):
    real_fn = _unary_float(real_body)
    complex_fn = _complex_unary(complex_body) if complex_body else None

    def fn(b, operands, attrs, result_types):
        if _is_complex(operands[0]):
            if complex_fn is None:
                raise NotImplementedError("complex operands are not supported by this chlo op")
            return complex_fn(b, operands, attrs, result_types)
        return real_fn(b, operands, attrs, result_types)
    return fn


# ----------------------------------------------------------------------------
# small ops
# ----------------------------------------------------------------------------

def _square(b, operands, attrs, result_types):
    (x,) = operands
    if _is_complex(x):
        e = _E(b, _shape(x), _elem(x))
        re_, im = e.real(x), e.imag(x)
        part = "f64" if _elem(x) == "complex<f64>" else "f32"
        er = _E(b, _shape(x), part)
        # (x - y)(x + y), but exactly 0 where |x| = |y| (as XLA: no -0, no inf - inf)
        r = er.sel(er.cmp(er.abs(re_), er.abs(im), "EQ"), er.k(0.0),
                   e.multiply(e.subtract(re_, im), e.add(re_, im)))
        i = e.multiply(re_, im)
        return [_c(e, r, e.add(i, i))]
    return [b.op("multiply", x, x)]


def _float_pred(kind):
    def fn(b, operands, attrs, result_types):
        (x,) = operands
        e = _E(b, _shape(x), _elem(x))
        if kind == "inf":
            return [e.cmp(e.abs(x), e.k(math.inf), "EQ")]
        return [e.cmp(x, e.k(math.inf if kind == "pos" else -math.inf), "EQ")]
    return fn


def _conj(b, operands, attrs, result_types):
    (x,) = operands
    if not _is_complex(x):
        return [x]
    return [b.op("complex", b.op("real", x), b.op("negate", b.op("imag", x)))]


def _tan(b, operands, attrs, result_types):
    return [b.op("tan", operands[0])]


_INT_OF_WIDTH = {16: "i16", 32: "i32", 64: "i64", 8: "i8"}


def _next_after(b, operands, attrs, result_types):
    x, y = operands
    elt = _elem(x)
    shape = _shape(x)
    width = np.dtype(_np(elt)).itemsize * 8
    it = _INT_OF_WIDTH[width]
    ei = _E(b, shape, it)
    ef = _E(b, shape, elt)
    xi = b.op("bitcast_convert", x, result_types=[_ttype(shape, it)])
    yi = b.op("bitcast_convert", y, result_types=[_ttype(shape, it)])
    nan_in = b.op("or", ef.cmp(x, x, "NE"), ef.cmp(y, y, "NE"))
    sign_bit = -(1 << (width - 1))
    sign_mask, mag_mask = ei.k(sign_bit), ei.k(~sign_bit)
    x_abs, y_abs = b.op("and", xi, mag_mask), b.op("and", yi, mag_mask)
    zero, one = ei.k(0), ei.k(1)
    x_sign, y_sign = b.op("and", xi, sign_mask), b.op("and", yi, sign_mask)
    smaller = b.op("or", ei.cmp(x_abs, y_abs, "GT"), ei.cmp(x_sign, y_sign, "NE"))
    r = b.op("add", xi, ei.sel(smaller, ei.k(-1), one))
    r = ei.sel(ei.cmp(x_abs, zero, "EQ"),
               ei.sel(ei.cmp(y_abs, zero, "EQ"), yi, b.op("or", y_sign, one)), r)
    r = ei.sel(ef.cmp(x, y, "EQ"), yi, r)
    nan_bits = b.op("bitcast_convert", ef.k(math.nan), result_types=[_ttype(shape, it)])
    r = ei.sel(nan_in, nan_bits, r)
    return [b.op("bitcast_convert", r, result_types=[_ttype(shape, elt)])]


def _top_k(b, operands, attrs, result_types):
    from .. import builders
    (x,) = operands
    shape = _shape(x)
    elt = _elem(x)
    k = _attr_int(attrs, "k")
    largest = _attr_bool(attrs, "largest", True)
    rank = len(shape)
    if rank == 0:
        raise ValueError("chlo.top_k needs an operand of rank >= 1")
    idx_elt = type_info(ir.Type.parse(str(result_types[1]))).element if len(result_types) > 1 else "i32"
    iota = b.op("iota", iota_dimension=rank - 1, result_types=[_ttype(shape, idx_elt)])
    sort = builders.create("sort", [x, iota], dimension=rank - 1, is_stable=True,
                           result_types=[_ttype(shape, elt), _ttype(shape, idx_elt)])
    scalar = ir.Type.parse(f"tensor<{elt}>")
    iscalar = ir.Type.parse(f"tensor<{idx_elt}>")
    block = sort.regions[0].blocks.append(scalar, scalar, iscalar, iscalar)
    with ir.InsertionPoint(block):
        ct = "TOTALORDER" if elt.startswith(("f", "bf", "complex")) else None
        kw = {"compare_type": ct} if ct else {}
        c = builders.create("compare", block.arguments[0], block.arguments[1],
                            comparison_direction="GT" if largest else "LT", **kw)
        builders.create("return", [c.result], result_types=[])
    vals, idxs = list(sort.results)
    kk = min(k, shape[-1])
    limit = list(shape[:-1]) + [kk]
    out_v = b.op("slice", vals, start_indices=[0] * rank, limit_indices=limit, strides=[1] * rank)
    out_i = b.op("slice", idxs, start_indices=[0] * rank, limit_indices=limit, strides=[1] * rank)
    return [out_v, out_i]


def _constant(b, operands, attrs, result_types):
    text = _attr_body(attrs["value"])
    attr = ir.Attribute.parse(text)
    return [b.op("constant", value=attr)]


def _constant_like(b, operands, attrs, result_types):
    rt = type_info(ir.Type.parse(str(result_types[0])))
    text = _attr_body(attrs["value"])
    attr = ir.Attribute.parse(text)
    v = None
    for cls in (ir.BoolAttr, ir.FloatAttr, ir.IntegerAttr):
        try:
            v = cls(attr).value
            break
        except (ValueError, TypeError):
            continue
    if v is None:
        raise NotImplementedError(f"chlo.constant_like with value {text}")
    e = _E(b, rt.shape, rt.element)
    return [e.k(v)]


# broadcasting binary ops ------------------------------------------------------

def _broadcast_to(b, v, out_shape, dims=None):
    shape = _shape(v)
    if tuple(shape) == tuple(out_shape):
        return v
    if dims is None:
        dims = list(range(len(out_shape) - len(shape), len(out_shape)))
    # size-1 dimensions that expand are handled by broadcast_in_dim directly
    return b.op("broadcast_in_dim", v, broadcast_dimensions=list(dims),
                result_types=[_ttype(out_shape, _elem(v))])


def _broadcast_binary(shlo_name):
    def fn(b, operands, attrs, result_types):
        lhs, rhs = operands
        out_shape = tuple(type_info(ir.Type.parse(str(result_types[0]))).shape)
        dims = _attr_ints(attrs, "broadcast_dimensions")
        ls, rs = _shape(lhs), _shape(rhs)
        if dims is not None and len(ls) != len(rs):
            if len(ls) < len(rs):
                lhs = _broadcast_to(b, lhs, out_shape, dims)
            else:
                rhs = _broadcast_to(b, rhs, out_shape, dims)
        lhs = _broadcast_to(b, lhs, out_shape)
        rhs = _broadcast_to(b, rhs, out_shape)
        if shlo_name in DECOMPOSITIONS_BASE:
            return DECOMPOSITIONS_BASE[shlo_name](b, [lhs, rhs], attrs, result_types)
        if shlo_name == "compare":
            kw = {}
            ct = _attr_enum(attrs, "compare_type")
            if ct and ct != "NOTYPE":
                kw["compare_type"] = ct
            return [b.op("compare", lhs, rhs,
                         comparison_direction=_attr_enum(attrs, "comparison_direction"), **kw)]
        return [b.op(shlo_name, lhs, rhs)]
    return fn


def _broadcast_select(b, operands, attrs, result_types):
    pred, t, f = operands
    out_shape = tuple(type_info(ir.Type.parse(str(result_types[0]))).shape)
    if _shape(pred) != ():
        pred = _broadcast_to(b, pred, out_shape)
    return [b.op("select", pred, _broadcast_to(b, t, out_shape), _broadcast_to(b, f, out_shape))]


def _ragged_dot(b, operands, attrs, result_types):
    raise NotImplementedError("chlo.ragged_dot has no shlo decomposition yet "
                              "(JAX 0.10 on CPU lowers lax.ragged_dot to stablehlo itself)")


# ----------------------------------------------------------------------------
# the table
# ----------------------------------------------------------------------------

DECOMPOSITIONS_BASE: dict[str, Callable] = {
    "erf": _unary_float(_erf),
    "erfc": _unary_float(_erfc),
    "erf_inv": _unary_float(_erf_inv),
    "lgamma": _unary_float(_lgamma),
    "digamma": _unary_float(_digamma),
    "polygamma": _unary_float(_polygamma),
    "zeta": _unary_float(_zeta),
    "bessel_i1e": _unary_float(_bessel_i1e),
    "asin": _real_or_complex(_asin, _casin),
    "acos": _real_or_complex(_acos, _cacos),
    "atan": _real_or_complex(_atan, _catan),
    "asinh": _real_or_complex(_asinh, _casinh),
    "acosh": _real_or_complex(_acosh, _cacosh),
    "atanh": _real_or_complex(_atanh, _catanh),
    "sinh": _real_or_complex(_sinh, _csinh),
    "cosh": _real_or_complex(_cosh, _ccosh),
    "tan": _tan,
    "square": _square,
    "is_inf": _float_pred("inf"),
    "is_pos_inf": _float_pred("pos"),
    "is_neg_inf": _float_pred("neg"),
    "next_after": _next_after,
    "conj": _conj,
    "top_k": _top_k,
    "constant": _constant,
    "constant_like": _constant_like,
    "ragged_dot": _ragged_dot,
}

_BROADCAST = {
    "broadcast_add": "add", "broadcast_and": "and", "broadcast_atan2": "atan2",
    "broadcast_complex": "complex", "broadcast_divide": "divide", "broadcast_maximum": "maximum",
    "broadcast_minimum": "minimum", "broadcast_multiply": "multiply", "broadcast_or": "or",
    "broadcast_power": "power", "broadcast_remainder": "remainder",
    "broadcast_shift_left": "shift_left",
    "broadcast_shift_right_arithmetic": "shift_right_arithmetic",
    "broadcast_shift_right_logical": "shift_right_logical", "broadcast_subtract": "subtract",
    "broadcast_xor": "xor", "broadcast_compare": "compare",
    "broadcast_next_after": "next_after", "broadcast_polygamma": "polygamma",
    "broadcast_zeta": "zeta",
}

DECOMPOSITIONS: dict[str, Callable] = dict(DECOMPOSITIONS_BASE)
DECOMPOSITIONS.update({name: _broadcast_binary(op) for name, op in _BROADCAST.items()})
DECOMPOSITIONS["broadcast_select"] = _broadcast_select


def elementwise(cx, name: str, x):
    """DECOMPOSITIONS[name] of one tensor `x`, built with an importer's emitter `cx`. The
    decompositions build on static types; over `?` sizes this one runs per element, as the
    rank-0 body of a shlo.map (the ONNX and PyTorch importers' dynamic sizes)."""
    info = cx.info(x)
    if None not in info.shape:
        return DECOMPOSITIONS[name](cx, [x], {}, [str(info)])[0]
    from .emitter import scalar_type
    op = cx.region_op("map", [x], dimensions=list(range(len(info.shape))), result_types=[x.type])
    block = op.regions[0].blocks.append(scalar_type(info.element))
    with ir.InsertionPoint(block):
        a = block.arguments[0]
        cx.op("return", [DECOMPOSITIONS[name](cx, [a], {}, [str(cx.info(a))])[0]], result_types=[])
    return op.results[0]
