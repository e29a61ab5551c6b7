"""Random numbers: rng_bit_generator (bit-exact with the interpreter and XLA) and rng.

rng_bit_generator evaluates the spec's counter-based generators element by
element in one linalg.generic: each output element computes its counter from
its linear index, runs the block function (Threefry-2x32 with 20 rounds, or
Philox-4x32 with 10 rounds) on it and keeps its word, in the state layout and
output order the interpreter uses. The new state is the old counter advanced
by the number of blocks used.

rng's generator is implementation-defined in the spec. Compiled code draws
from Philox-4x32 keyed by a fixed seed and the element's index (uniform by
scaling 53 random bits; normal by Box-Muller): deterministic, but not the
interpreter's numpy stream.
"""
from __future__ import annotations

import math

from mlir import ir
from mlir.dialects import arith, linalg, math as mmath, tensor

from .. import element as el
from .. import emit
from ..element import const, index_const
from ..registry import OpContext, lowers

THREEFRY_ROTATIONS = ((13, 15, 26, 6), (17, 29, 16, 24))
THREEFRY_PARITY = 0x1BD11BDA
PHILOX_M0, PHILOX_M1 = 0xD2511F53, 0xCD9E8D57
PHILOX_W0, PHILOX_W1 = 0x9E3779B9, 0xBB67AE85


def _u32():
    return ir.IntegerType.get_signless(32)


def _u64():
    return ir.IntegerType.get_signless(64)


def _c32(v):
    return const(v & 0xFFFFFFFF, _u32())


def _c64(v):
    return const(v & ((1 << 64) - 1), _u64())


def _split(v64):
    """(low word, high word) of a 64-bit value."""
    return arith.trunci(_u32(), v64), arith.trunci(_u32(), arith.shrui(v64, _c64(32)))


def _join(lo, hi):
    return arith.ori(arith.extui(_u64(), lo), arith.shli(arith.extui(_u64(), hi), _c64(32)))


def _rotl(x, r: int):
    return arith.ori(arith.shli(x, _c32(r)), arith.shrui(x, _c32(32 - r)))


def threefry2x32(k0, k1, x0, x1):
    """Threefry-2x32, 20 rounds, on 32-bit values (key words k0, k1)."""
    k2 = arith.xori(arith.xori(k0, k1), _c32(THREEFRY_PARITY))
    ks = [k0, k1, k2]
    x0, x1 = arith.addi(x0, k0), arith.addi(x1, k1)
    for r in range(20):
        x0 = arith.addi(x0, x1)
        x1 = arith.xori(_rotl(x1, THREEFRY_ROTATIONS[(r // 4) % 2][r % 4]), x0)
        if r % 4 == 3:
            g = r // 4 + 1
            x0 = arith.addi(x0, ks[g % 3])
            x1 = arith.addi(x1, arith.addi(ks[(g + 1) % 3], _c32(g)))
    return x0, x1


def philox4x32(k0, k1, x0, x1, x2, x3):
    """Philox-4x32, 10 rounds."""
    for _ in range(10):
        lo0, hi0 = _split(arith.muli(arith.extui(_u64(), x0), _c64(PHILOX_M0)))
        lo1, hi1 = _split(arith.muli(arith.extui(_u64(), x2), _c64(PHILOX_M1)))
        x0, x1, x2, x3 = (arith.xori(arith.xori(hi1, x1), k0), lo1,
                          arith.xori(arith.xori(hi0, x3), k1), lo0)
        k0, k1 = arith.addi(k0, _c32(PHILOX_W0)), arith.addi(k1, _c32(PHILOX_W1))
    return x0, x1, x2, x3


def _linear_index(shape) -> ir.Value:
    """Row-major linear index (i64) of the current generic iteration over `shape`."""
    lin = _c64(0)
    for d, s in enumerate(shape):
        lin = arith.addi(arith.muli(lin, _c64(s)), arith.index_cast(_u64(), linalg.IndexOp(d).result))
    return lin


def _word_to_element(word, element: str):
    """A 32- or 64-bit word as a storage scalar of `element` (same width: the bits; narrower: the
    low bits of a 32-bit word)."""
    n = el.width(element)
    w = ir.IntegerType(word.type).width
    if n == w:
        st = el.storage_type(element)
        return word if isinstance(st, ir.IntegerType) else arith.bitcast(st, word)
    low = arith.trunci(ir.IntegerType.get_signless(n), word)
    if el.kind(element) == "float" and element in ("f16", "bf16"):
        return arith.bitcast(el.storage_type(element), low)
    return el.from_compute(low, element) if element in el.SUB_BYTE else (
        low if n >= 8 else arith.extui(el.storage_type(element), low))


def _state_words(state, count: int) -> list:
    return [tensor.extract(state, [index_const(i)]) for i in range(count)]


def _three_fry(shape, element: str, key, counter, wide: bool):
    k0, k1 = _split(key)
    full = list(shape) if shape else [1]
    if wide:
        def word():
            ctr = arith.addi(counter, _linear_index(shape))
            y0, y1 = threefry2x32(k0, k1, *_split(ctr))
            return _join(y0, y1)
        return word, _product(full)
    even = [i for i, s in enumerate(full) if s % 2 == 0]
    d = even[0] if even else max(range(len(full)), key=lambda i: full[i])
    half = list(full)
    half[d] = (full[d] + 1) // 2

    def word():
        lin = _c64(0)
        parity = None
        for i, s in enumerate(half):
            j = arith.index_cast(_u64(), linalg.IndexOp(i).result) if shape else _c64(0)
            if i == d:
                parity = arith.andi(j, _c64(1))
                j = arith.shrui(j, _c64(1))
            lin = arith.addi(arith.muli(lin, _c64(s)), j)
        y0, y1 = threefry2x32(k0, k1, *_split(arith.addi(counter, lin)))
        odd = arith.cmpi(arith.CmpIPredicate.ne, parity, _c64(0))
        return arith.select(odd, y1, y0)

    return word, _product(half)


def _philox(shape, key, lo, hi, wide: bool):
    n = _product(shape)
    w = 2 * n if wide else n
    m = (w + 3) // 4
    k0, k1 = _split(key)

    def block(t):
        lo_t = arith.addi(lo, t)
        carry = arith.extui(_u64(), arith.cmpi(arith.CmpIPredicate.ult, lo_t, lo))
        hi_t = arith.addi(hi, carry)
        return philox4x32(k0, k1, *_split(lo_t), *_split(hi_t))

    def lane(words, sel):
        out = words[0]
        for k in (1, 2, 3):
            out = arith.select(arith.cmpi(arith.CmpIPredicate.eq, sel, _c64(k)), words[k], out)
        return out

    def word():
        i = _linear_index(shape)
        if wide:
            ys = block(arith.shrui(i, _c64(1)))
            first = arith.muli(arith.andi(i, _c64(1)), _c64(2))
            return _join(lane(ys, first), lane(ys, arith.addi(first, _c64(1))))
        ys = block(arith.shrui(i, _c64(2)))
        return lane(ys, arith.andi(i, _c64(3)))

    return word, m


def _product(shape) -> int:
    p = 1
    for s in shape:
        p *= s
    return p


@lowers("rng_bit_generator")
def rng_bit_generator(ctx: OpContext, initial_state):
    state_t, out_t = ctx.result_types
    if None in out_t.shape:
        raise ctx.error(f"needs a static output shape, got {out_t}")
    element = out_t.element
    if el.kind(element) not in ("signed", "unsigned", "float"):
        raise ctx.error(f"cannot produce element type {element}")
    algorithm = ctx.attrs.get("rng_algorithm") or "DEFAULT"
    algorithm = "PHILOX" if algorithm == "DEFAULT" else algorithm
    count = state_t.shape[0]
    words = _state_words(initial_state, count)
    wide = el.width(element) == 64
    shape = list(out_t.shape)
    if algorithm == "THREE_FRY":
        if count != 2:
            raise ctx.error(f"THREE_FRY needs a state of 2 elements, got {count}")
        word, used = _three_fry(shape, element, words[0], words[1], wide)
        new_state = [words[0], arith.addi(words[1], _c64(used))]
    elif algorithm == "PHILOX":
        if count not in (2, 3):
            raise ctx.error(f"PHILOX needs a state of 2 or 3 elements, got {count}")
        hi = words[2] if count == 3 else words[0]
        word, used = _philox(shape, words[0], words[1], hi, wide)
        lo2 = arith.addi(words[1], _c64(used))
        carry = arith.extui(_u64(), arith.cmpi(arith.CmpIPredicate.ult, lo2, words[1]))
        new_state = [words[0], lo2] + ([arith.addi(hi, carry)] if count == 3 else [])
    else:
        raise ctx.error(f"unknown rng_algorithm {algorithm}")
    out = emit.empty(shape, el.storage_type(element))
    values = emit.generic([], [out], [emit.identity_map(len(shape))], ["parallel"] * len(shape),
                          lambda _o: _word_to_element(word(), element))[0]
    state = tensor.from_elements(emit.lowered_type(state_t), new_state)
    return [state, values]


# ----------------------------------------------------------------------------- rng

SEED = (0x5EED, 0x0BADC0DE)


def _uniform01(i):
    """A uniform f64 in [0, 1) from 53 random bits of Philox block i (keyed by SEED)."""
    ys = philox4x32(_c32(SEED[0]), _c32(SEED[1]), *_split(i), _c32(0), _c32(0))
    bits = arith.shrui(_join(ys[0], ys[1]), _c64(11))
    return arith.mulf(arith.uitofp(ir.F64Type.get(), bits), const(2.0 ** -53, ir.F64Type.get()))


@lowers("rng")
def rng(ctx: OpContext, a, b, shape_operand):
    t = ctx.result_types[0]
    if None in t.shape:
        raise ctx.error(f"needs a static result shape, got {t}")
    element = t.element
    dist = ctx.attrs["rng_distribution"]
    f64 = ir.F64Type.get()
    av, bv = tensor.extract(a, []), tensor.extract(b, [])
    k = el.kind(element)
    from .elementwise import convert_scalar

    def body(_o):
        i = _linear_index(t.shape)
        if dist == "NORMAL":
            u1 = _uniform01(arith.muli(i, _c64(2)))
            u2 = _uniform01(arith.addi(arith.muli(i, _c64(2)), _c64(1)))
            r = mmath.sqrt(arith.mulf(const(-2.0, f64), mmath.log(arith.subf(const(1.0, f64), u1))))
            z = arith.mulf(r, mmath.cos(arith.mulf(const(2 * math.pi, f64), u2)))
            mu = convert_scalar(el.to_compute(av, element), element, "f64")
            sigma = convert_scalar(el.to_compute(bv, element), element, "f64")
            return el.from_compute(convert_scalar(arith.addf(mu, arith.mulf(sigma, z)), "f64", element), element)
        u = _uniform01(i)
        lo = convert_scalar(el.to_compute(av, element), element, "f64")
        hi = convert_scalar(el.to_compute(bv, element), element, "f64")
        ok = arith.cmpf(arith.CmpFPredicate.OLT, lo, hi)
        if k == "float":
            v = arith.addf(lo, arith.mulf(arith.subf(hi, lo), u))
            out = convert_scalar(v, "f64", element)
            out = arith.select(arith.cmpf(arith.CmpFPredicate.OGE, out, el.to_compute(bv, element)),
                               el.to_compute(av, element), out)
        else:
            v = mmath.floor(arith.addf(lo, arith.mulf(arith.subf(hi, lo), u)))
            out = convert_scalar(arith.minimumf(v, arith.subf(hi, const(1.0, f64))), "f64", element)
        return el.from_compute(arith.select(ok, out, el.to_compute(av, element)), element)

    out = emit.empty(list(t.shape), el.storage_type(element))
    return emit.generic([], [out], [emit.identity_map(t.rank)], ["parallel"] * t.rank, body)[0]
