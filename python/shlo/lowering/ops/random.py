"""Random numbers: rng_bit_generator (bit-exact with the interpreter and XLA) and rng.

rng_bit_generator evaluates the spec's counter-based generators element by
element in one linalg.generic: each output element computes its counter from
its linear index, runs the block function (Threefry-2x32 with 20 rounds, or
Philox-4x32 with 10 rounds) on it and keeps its word, in the state layout and
output order the interpreter uses. The new state is the old counter advanced
by the number of blocks used.

rng's generator is implementation-defined in the spec; compiled code replays
the interpreter's (numpy's PCG64 Generator, one per run) exactly: see the rng
section below.
"""
from __future__ import annotations

import functools
import math
import struct

import numpy as np
from mlir import ir
from mlir.dialects import arith, linalg, math as mmath, memref, scf, tensor

from .. import element as el
from .. import emit
from ..element import const, index_const
from ..driver import ENTRY_SYMBOL
from ..registry import OpContext, lowers
from .elementwise import convert_scalar

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
# rng replays the interpreter's generator exactly: numpy's Generator over PCG64,
# seeded with [0x5EED, process index] when a run starts and drawn from by every
# rng op in execution order. Compiled code keeps that generator's state (the
# 128-bit LCG state and PCG64's buffered upper 32-bit half) in a stack slot of
# the entry function, so each call of the compiled function starts afresh as
# each interpreter run does, and replays numpy's algorithms on it in scf loops:
# `random` (53 bits per double), `standard_normal` (ziggurat, 256 layers) and
# `integers` (Lemire's bounded method on 32- or 64-bit draws). The draws are
# sequential (rejections consume a variable number), so the loops are too.

INTERPRETER_SEED = 0x5EED
COMPILED_PROCESS = 0                    # shlo.compile compiles process 0 only
PCG_MULTIPLIER = 0x2360ED051FC65DA44385DF649FCCF645
MASK64 = (1 << 64) - 1
MASK128 = (1 << 128) - 1

# The widths of the ziggurat's 256 layers divided by 2^52 (numpy's `wi_double`), as f64
# bit patterns. They were measured from numpy's own stream: a draw accepted at once is
# exactly `rabs * wi[idx]`, which pins each entry down to the bit. The other tables follow
# from them as numpy derives them (`_ziggurat_tables`).
_ZIGGURAT_WIDTH_BITS = """
    3ccf493b7815d979 3c8b8d0be3fdf6c6 3c9250af3c2c5bb4 3c957cb938443b61
    3c9801fce82fa70c 3c9a230c2e4cd0bc 3c9c004d2f3861f7 3c9dac2f5a747274
    3c9f32482d4cd5c3 3ca04d32278ebbad 3ca0f5053b025d43 3ca192a697413677
    3ca227a28f7a1af5 3ca2b52e3863d880 3ca33c3fc05791f5 3ca3bd9ec1a2b12f
    3ca439ef8dff9b55 3ca4b1bb363dfea7 3ca52575621ad374 3ca59580a707ce96
    3ca60231cfd97eea 3ca66bd261a37c3d 3ca6d2a292000570 3ca736dad346f8a6
    3ca798ad10b32a77 3ca7f845ad46f543 3ca855cc53430a77 3ca8b1649e7b769a
    3ca90b2ea94ecf98 3ca96347822c1eea 3ca9b9c98e38c546 3caa0eccdca4a72c
    3caa62676d77cd59 3caab4ad6e101630 3cab05b16d136c9c 3cab558487427a29
    3caba4368e529f3a 3cabf1d62abf8232 3cac3e70f9594ef3 3cac8a13a5323b61
    3cacd4c9fe72268b 3cad1e9f0e80b748 3cad679d29e41f10 3cadafce0023b8c3
    3cadf73aa9f17653 3cae3debb5d2edfe 3cae83e9337a6f00 3caec93abdf982ce
    3caf0de784f06226 3caf51f654d8f688 3caf956d9e87d7ae 3cafd8537dfa2eac
    3cb00d56e04234ec 3cb02e40f5398f9a 3cb04eea9e16a5fc 3cb06f565b72a010
    3cb08f869071f40b 3cb0af7d84bc6113 3cb0cf3d664bcc7f 3cb0eec84b16086b
    3cb10e20329515ee 3cb12d4707310fbe 3cb14c3e9f8e9141 3cb16b08bfc4201e
    3cb189a71a78da34 3cb1a81b51ee6d88 3cb1c666f8f82acb 3cb1e48b93e0d42e
    3cb2028a9940a09f 3cb2206572c4c6e9 3cb23e1d7de9c31f 3cb25bb40ca96bfb
    3cb2792a661dd37f 3cb29681c719d71b 3cb2b3bb62b82eda 3cb2d0d862e1b853
    3cb2edd9e8cba98e 3cb30ac10d6e48d7 3cb3278ee1f4b930 3cb3444470265ea1
    3cb360e2baca52d5 3cb37d6abe05586a 3cb399dd6fb2b264 3cb3b63bbfb83d03
    3cb3d28698561de0 3cb3eebede725a83 3cb40ae571e09e74 3cb426fb2da6745d
    3cb44300e83c30a4 3cb45ef773cac75d 3cb47adf9e66c336 3cb496ba32488f2f
    3cb4b287f602415d 3cb4ce49acb311dc 3cb4ea001638a605 3cb505abef5e5562
    3cb5214df20a8b5a 3cb53ce6d56a664f 3cb558774e1bb2c8 3cb574000e555f78
    3cb58f81c60e8514 3cb5aafd23241b59 3cb5c672d17d733d 3cb5e1e37b2f8cd3
    3cb5fd4fc89f5e38 3cb618b860a31fc3 3cb6341de8a2b0a2 3cb64f8104b7260b
    3cb66ae257c99672 3cb6864283b13137 3cb6a1a22950b2b1 3cb6bd01e8b343bb
    3cb6d8626128d352 3cb6f3c43161f854 3cb70f27f78b68eb 3cb72a8e516914c6
    3cb745f7dc70eedc 3cb7616535e5731f 3cb77cd6faeff449 3cb7984dc8babd93
    3cb7b3ca3c8b1409 3cb7cf4cf3db22fb 3cb7ead68c73dee7 3cb80667a486ea1f
    3cb82200dac88676 3cb83da2ce899f15 3cb8594e1fd1f5bd 3cb875036f7a7ec5
    3cb890c35f47f72d 3cb8ac8e9205c043 3cb8c865aba10c9c 3cb8e44951446a27
    3cb9003a2973b58f 3cb91c38dc288347 3cb9384612ef0afc 3cb954627903a28a
    3cb9708ebb70d5ee 3cb98ccb892e2a31 3cb9a919933f99bf 3cb9c5798cd5d92c
    3cb9e1ec2b6f7411 3cb9fe7226fad24a 3cba1b0c39f93692 3cba37bb21a2c85b
    3cba547f9e0bbb88 3cba715a724aa9a4 3cba8e4c64a0313d 3cbaab563e9ff108
    3cbac878cd5af5ce 3cbae5b4e18bb336 3cbb030b4fc3a11a 3cbb207cf09a985b
    3cbb3e0aa0e00c00 3cbb5bb541ce3d03 3cbb797db93f8927 3cbb9764f1e5f73c
    3cbbb56bdb85256e 3cbbd3936b2ec0a2 3cbbf1dc9b81ae83 3cbc10486cec16a0
    3cbc2ed7e5f07a2d 3cbc4d8c136e0d1c 3cbc6c6608ec8705 3cbc8b66e0eba617
    3cbcaa8fbd36a2ab 3cbcc9e1c73bd690 3cbce95e3068e037 3cbd0906328b8f6e
    3cbd28db1037ef20 3cbd48de1533c647 3cbd691096e7f123 3cbd8973f4d7fba5
    3cbdaa0999206e70 3cbdcad2f8fc490e 3cbdebd195522e37 3cbe0d06fb49d21c
    3cbe2e74c4ea46f6 3cbe501c99c1d188 3cbe72002f97fe25 3cbe94214b2abf0a
    3cbeb681c0f76f08 3cbed9237610a73a 3cbefc086101eca9 3cbf1f328ac25321
    3cbf42a40fb74d6d 3cbf665f20c90168 3cbf8a6604899782 3cbfaebb187122bf
    3cbfd360d22fe785 3cbff859c118f60b 3cc00ed447d3a075 3cc021a8028fc947
    3cc034a983a902ab 3cc047da4e3ef5c7 3cc05b3bf6adb37e 3cc06ed023a72668
    3cc082988f632e17 3cc0969708e8a254 3cc0aacd7571c0c4 3cc0bf3dd1eed448
    3cc0d3ea34aa3d30 3cc0e8d4cf116593 3cc0fdffefa69fb6 3cc1136e04207041
    3cc129219bbb5d35 3cc13f1d69c4096d 3cc1556448602e3b 3cc16bf93b9deef3
    3cc182df74d21261 3cc19a1a564eebac 3cc1b1ad777f2f8e 3cc1c99ca971a694
    3cc1e1ebfbe4ae39 3cc1fa9fc2e2d901 3cc213bc9d04cc81 3cc22d477a6fd3ee
    3cc24745a4ac9c24 3cc261bcc77658e0 3cc27cb2faa8592e 3cc2982ecd770e78
    3cc2b437532a0a52 3cc2d0d43196db97 3cc2ee0db1a978f5 3cc30becd256aeee
    3cc32a7b5e68a4a3 3cc349c405ae12a3 3cc369d27a33a840 3cc38ab39256410a
    3cc3ac7570ae88fa 3cc3cf27b31704a6 3cc3f2dbaa60f475 3cc417a49cb9e5da
    3cc43d9815545e94 3cc464ce44a73a15 3cc48d62759c43bc 3cc4b7739d6b5a27
    3cc4e3250dcd8902 3cc5109f53e9ac41 3cc54011523a7e42 3cc571b1a94ae41b
    3cc5a5c08b718dd9 3cc5dc8a243ad0fe 3cc61669cf861e4c 3cc653ce7b006aea
    3cc69540be9fe5c3 3cc6db6b8d09e232 3cc72728f05f7a34 3cc7799556090673
    3cc7d42df4d6ce8c 3cc839030529f234 3cc8ab0fbfaa7c14 3cc92ee0946f4496
    3cc9cbee014057ab 3cca8fdc7894775a 3ccb981f3878fdb1 3ccd3bb48209ad33
"""
ZIGGURAT_AREA = 0.0049286732339746519   # the area of each layer (numpy's ziggurat)


@functools.lru_cache(maxsize=None)
def _ziggurat_tables():
    """(ki, wi, fi) as numpy's standard_normal uses them: layer i covers x < x[i] (x[0] = 0,
    x[255] = r, the tail's start); a draw lands inside layer i when rabs < ki[i]; fi is the
    density at x[i]. Layer 0 is the base strip: rectangle plus tail."""
    wi = [struct.unpack("<d", bytes.fromhex(h)[::-1])[0] for h in _ZIGGURAT_WIDTH_BITS.split()]
    x = [w * 2.0 ** 52 for w in wi]
    x[0] = 0.0
    r = x[255]
    ki = [round(r * _density(r) / ZIGGURAT_AREA * 2.0 ** 52)] + [round(x[i - 1] / x[i] * 2.0 ** 52)
                                                                for i in range(1, 256)]
    fi = [1.0] + [_density(x[i]) for i in range(1, 256)]
    return np.array(ki, np.int64), np.array(wi, np.float64), np.array(fi, np.float64), r


def _density(x: float) -> float:
    return math.exp(-0.5 * x * x)


@functools.lru_cache(maxsize=None)
def _initial_generator(process: int = COMPILED_PROCESS) -> tuple:
    """(LCG state, increment, has_uint32, uinteger) of the interpreter's generator when a run starts."""
    st = np.random.default_rng([INTERPRETER_SEED, process]).bit_generator.state
    return (int(st["state"]["state"]), int(st["state"]["inc"]), int(st["has_uint32"]), int(st["uinteger"]))


def _i128():
    return ir.IntegerType.get_signless(128)


def _c128(v: int) -> ir.Value:
    v &= MASK128
    if v >= 1 << 127:
        v -= 1 << 128
    return arith.constant(_i128(), ir.Attribute.parse(f"{v} : i128"))


def _f64():
    return ir.F64Type.get()


def _true():
    return const(1, ir.IntegerType.get_signless(1))


# --- control flow builders

def _for(lo, hi, iters: list, body) -> list:
    """scf.for from lo to hi (ints or index values) with `body(i, *iters) -> list`."""
    op = scf.ForOp(emit.as_index(lo), emit.as_index(hi), index_const(1), list(iters))
    with ir.InsertionPoint(op.body):
        scf.YieldOp(list(body(op.induction_variable, *op.inner_iter_args)))
    return list(op.results)


def _for_each_index(sizes: list, iters: list, body) -> list:
    """Loops over every index of `sizes` in row-major order (numpy's C order) with
    `body(indices, iters) -> iters`."""
    def level(d, idx, its):
        if d == len(sizes):
            return body(idx, its)
        return _for(0, sizes[d], its, lambda i, *a: level(d + 1, idx + [i], list(a)))
    return level(0, [], list(iters))


def _if(cond, types: list, then_fn, else_fn) -> list:
    """scf.if yielding `types`; each branch builder returns its values."""
    op = scf.IfOp(cond, list(types), has_else=True)
    with ir.InsertionPoint(op.then_block):
        scf.YieldOp(list(then_fn()))
    with ir.InsertionPoint(op.else_block):
        scf.YieldOp(list(else_fn()))
    return list(op.results)


def _repeat_until(inits: list, body) -> list:
    """A do-while loop: `body(*values) -> (done, new values)` runs until done; returns the
    values of the last run."""
    types = [v.type for v in inits]
    op = scf.WhileOp(types, list(inits))
    before = op.before.blocks.append(*types)
    with ir.InsertionPoint(before):
        done, values = body(*before.arguments)
        scf.ConditionOp(arith.xori(done, _true()), list(values))
    after = op.after.blocks.append(*types)
    with ir.InsertionPoint(after):
        scf.YieldOp(list(after.arguments))
    return list(op.results)


# --- the generator's state: [LCG state (i128), has_uint32 (i64), uinteger (i64)]

def _generator_slot(ctx: OpContext) -> ir.Value:
    """The memref<4xi64> holding the run's generator (state low, state high, has_uint32,
    uinteger), allocated and seeded at the start of the function being lowered the first
    time one of its rng ops needs it."""
    func_op = _enclosing_function(ctx)
    name = ir.StringAttr(func_op.attributes["sym_name"]).value
    lowerer = ctx.lowerer
    if getattr(lowerer, "mode", None) == "compile" and name != ENTRY_SYMBOL:
        raise ctx.error("rng is compiled only in the entry function: its draws come from the run's "
                        "one generator, which a called function cannot reach")
    slots = lowerer.__dict__.setdefault("_shlo_rng_generator_slots", {})
    if name not in slots:
        state, _inc, has, buf = _initial_generator()
        i64 = _u64()
        block = func_op.regions[0].blocks[0]
        with ir.InsertionPoint.at_block_begin(block):
            slot = memref.alloca(ir.MemRefType.get([4], i64), [], [])
            for i, word in enumerate((state & MASK64, state >> 64, has, buf)):
                memref.store(_c64(word), slot, [index_const(i)])
        slots[name] = slot
    return slots[name]


def _enclosing_function(ctx: OpContext) -> ir.Operation:
    op = ir.InsertionPoint.current.block.owner.operation
    while op.name != "func.func":
        if op.name.startswith("linalg."):
            raise ctx.error("rng inside the body of an element-wise region is not compiled")
        op = op.parent
    return op


def _load_generator(slot) -> list:
    lo, hi, has, buf = (memref.load(slot, [index_const(i)]) for i in range(4))
    s = arith.ori(arith.extui(_i128(), lo), arith.shli(arith.extui(_i128(), hi), _c128(64)))
    return [s, has, buf]


def _store_generator(slot, gen: list) -> None:
    s, has, buf = gen
    words = (arith.trunci(_u64(), s), arith.trunci(_u64(), arith.shrui(s, _c128(64))), has, buf)
    for i, w in enumerate(words):
        memref.store(w, slot, [index_const(i)])


# --- PCG64 and numpy's draws on it (each returns the new generator first)

def _pcg_step(s):
    return arith.addi(arith.muli(s, _c128(PCG_MULTIPLIER)), _c128(_initial_generator()[1]))


def _pcg_output(s):
    """XSL-RR: the two halves xored, rotated right by the state's top 6 bits."""
    x = arith.xori(arith.trunci(_u64(), arith.shrui(s, _c128(64))), arith.trunci(_u64(), s))
    rot = arith.trunci(_u64(), arith.shrui(s, _c128(122)))
    back = arith.andi(arith.subi(_c64(0), rot), _c64(63))      # 64 - rot, without a shift by 64
    return arith.ori(arith.shrui(x, rot), arith.shli(x, back))


def _next64(gen):
    s = _pcg_step(gen[0])
    return [s, gen[1], gen[2]], _pcg_output(s)


def _next32(gen):
    """PCG64's next_uint32: the upper half of a 64-bit draw is kept for the next call."""
    s, has, buf = gen
    buffered = arith.cmpi(arith.CmpIPredicate.ne, has, _c64(0))
    s2 = arith.select(buffered, s, _pcg_step(s))
    v = _pcg_output(s2)
    value = arith.select(buffered, buf, arith.andi(v, _c64(0xFFFFFFFF)))
    buf2 = arith.select(buffered, buf, arith.shrui(v, _c64(32)))
    return [s2, arith.xori(has, _c64(1)), buf2], value


def _next_double(gen):
    gen, v = _next64(gen)
    return gen, arith.mulf(arith.uitofp(_f64(), arith.shrui(v, _c64(11))), const(2.0 ** -53, _f64()))


def _standard_normal(gen, tables):
    """numpy's random_standard_normal (ziggurat): (generator, f64)."""
    ki, wi, fi, r = tables
    f64 = _f64()
    i1 = ir.IntegerType.get_signless(1)

    def attempt(s, has, buf, _z):
        g, bits = _next64([s, has, buf])
        idx = arith.index_cast(ir.IndexType.get(), arith.andi(bits, _c64(0xFF)))
        rest = arith.shrui(bits, _c64(8))
        negative = arith.cmpi(arith.CmpIPredicate.ne, arith.andi(rest, _c64(1)), _c64(0))
        rabs = arith.andi(arith.shrui(rest, _c64(1)), _c64((1 << 52) - 1))
        x = arith.mulf(arith.uitofp(f64, rabs), tensor.extract(wi, [idx]))
        x = arith.select(negative, arith.negf(x), x)
        inside = arith.cmpi(arith.CmpIPredicate.ult, rabs, tensor.extract(ki, [idx]))
        is_base = arith.cmpi(arith.CmpIPredicate.eq, idx, index_const(0))
        types = [g[0].type, g[1].type, g[2].type, i1, f64]
        out = _if(inside, types, lambda: g + [_true(), x],
                  lambda: _if(is_base, types, lambda: _tail(g, rabs, r), lambda: _wedge(g, idx, x, fi)))
        return out[3], [*out[:3], out[4]]

    res = _repeat_until(gen + [const(0.0, f64)], attempt)
    return res[:3], res[3]


def _tail(gen, rabs, r: float) -> list:
    """The base strip's tail beyond r (Marsaglia's method): generator, done, value."""
    f64 = _f64()

    def attempt(s, has, buf, _xx):
        g, u1 = _next_double([s, has, buf])
        xx = arith.mulf(const(-1.0 / r, f64), mmath.log1p(arith.negf(u1)))
        g, u2 = _next_double(g)
        yy = arith.negf(mmath.log1p(arith.negf(u2)))
        done = arith.cmpf(arith.CmpFPredicate.OGT, arith.addf(yy, yy), arith.mulf(xx, xx))
        return done, g + [xx]

    res = _repeat_until(list(gen) + [const(0.0, f64)], attempt)
    z = arith.addf(const(r, f64), res[3])
    negative = arith.cmpi(arith.CmpIPredicate.ne, arith.andi(arith.shrui(rabs, _c64(8)), _c64(1)), _c64(0))
    return res[:3] + [_true(), arith.select(negative, arith.negf(z), z)]


def _wedge(gen, idx, x, fi) -> list:
    """A draw between layers: kept when a uniform point under the layer lies under the
    density. Generator, done, value."""
    g, u = _next_double(gen)
    below = arith.maxsi(arith.subi(idx, index_const(1)), index_const(0))   # idx >= 1 here
    f_lo, f_hi = tensor.extract(fi, [idx]), tensor.extract(fi, [below])
    y = arith.addf(arith.mulf(arith.subf(f_hi, f_lo), u), f_lo)
    density = mmath.exp(arith.mulf(arith.mulf(const(-0.5, _f64()), x), x))
    return g + [arith.cmpf(arith.CmpFPredicate.OLT, y, density), x]


def _bounded(gen, rng, thresholds):
    """numpy's random_bounded_uint64 for one value in [0, rng] (rng unsigned): (generator, i64).
    Ranges that fit 32 bits use buffered 32-bit draws, the others 64-bit ones; both with
    Lemire's multiply-and-reject, except the full ranges, which take a draw as it is."""
    thr32, thr64 = thresholds
    i64 = _u64()
    types = [gen[0].type, i64, i64, i64]
    excl = arith.addi(rng, _c64(1))
    eq = arith.CmpIPredicate.eq

    def lemire32():
        def attempt(s, has, buf, _m):
            g, v = _next32([s, has, buf])
            m = arith.muli(v, excl)
            leftover = arith.andi(m, _c64(0xFFFFFFFF))
            return arith.cmpi(arith.CmpIPredicate.uge, leftover, thr32), g + [m]
        res = _repeat_until(list(gen) + [_c64(0)], attempt)
        return res[:3] + [arith.shrui(res[3], _c64(32))]

    def lemire64():
        def attempt(s, has, buf, _m):
            g, v = _next64([s, has, buf])
            low, high = arith.mului_extended(v, excl)
            return arith.cmpi(arith.CmpIPredicate.uge, low, thr64), g + [high]
        return _repeat_until(list(gen) + [_c64(0)], attempt)

    def draw(fn):
        g, v = fn(gen)
        return g + [v]

    def narrow():
        return _if(arith.cmpi(eq, rng, _c64(0xFFFFFFFF)), types, lambda: draw(_next32), lemire32)

    def wide():
        return _if(arith.cmpi(eq, rng, _c64(MASK64)), types, lambda: draw(_next64), lemire64)

    fits32 = arith.cmpi(arith.CmpIPredicate.ule, rng, _c64(0xFFFFFFFF))
    out = _if(arith.cmpi(eq, rng, _c64(0)), types, lambda: list(gen) + [_c64(0)],
              lambda: _if(fits32, types, narrow, wide))
    return out[:3], out[3]


def _lemire_thresholds(rng):
    """(2^32 - rng - 1) mod (rng + 1) and (2^64 - rng - 1) mod (rng + 1), computed once; the
    divisor is kept nonzero for the ranges that do not use them."""
    excl = arith.addi(rng, _c64(1))
    divisor = arith.select(arith.cmpi(arith.CmpIPredicate.eq, excl, _c64(0)), _c64(1), excl)
    thr32 = arith.remui(arith.subi(_c64(0xFFFFFFFF), rng), divisor)
    thr64 = arith.remui(arith.subi(_c64(MASK64), rng), divisor)
    return thr32, thr64


# --- the op

def _result_sizes(ctx: OpContext, shape_operand) -> list:
    """Static sizes from the result type; dynamic ones read from the shape operand (clamped
    at zero: a negative size is an error the interpreter reports)."""
    t = ctx.result_types[0]
    se = ctx.operand_types[2].element
    sizes = []
    for d, s in enumerate(t.shape):
        if s is not None:
            sizes.append(s)
            continue
        v = el.to_compute(tensor.extract(shape_operand, [index_const(d)]), se)
        v = arith.extsi(_u64(), v) if el.width(se) < 64 and el.is_signed(se) else (
            arith.extui(_u64(), v) if el.width(se) < 64 else v)
        v = arith.maxsi(v, _c64(0))
        sizes.append(arith.index_cast(ir.IndexType.get(), v))
    return sizes


def _fill(sizes: list, element: str, gen: list, draw) -> tuple:
    """A tensor of `sizes` whose elements, in row-major order, are `draw(gen) -> (gen, storage
    value)`; returns (tensor, generator)."""
    out = emit.empty(sizes, el.storage_type(element))

    def body(idx, its):
        g, v = draw(its[1:])
        return [tensor.insert(v, its[0], idx)] + list(g)

    res = _for_each_index(sizes, [out] + list(gen), body)
    return res[0], res[1:]


def _as_f64(v, element: str):
    return convert_scalar(el.to_compute(v, element), element, "f64")


def _rng_normal(element, av, bv, sizes, gen):
    mu, sigma = _as_f64(av, element), _as_f64(bv, element)
    tables = _ziggurat_constants()

    def draw(g):
        g, z = _standard_normal(g, tables)
        v = arith.addf(mu, arith.mulf(sigma, z))
        return g, el.from_compute(convert_scalar(v, "f64", element), element)

    return _fill(sizes, element, gen, draw)


def _ziggurat_constants():
    ki, wi, fi, r = _ziggurat_tables()
    return emit.constant_array(ki, "i64"), emit.constant_array(wi, "f64"), emit.constant_array(fi, "f64"), r


def _rng_uniform_float(element, av, bv, sizes, gen):
    """lo + (hi - lo) * random(), rounded to the element type; values that round up to b are
    drawn again (in order, up to 8 rounds) and any left become a, as the interpreter does."""
    lo, hi = _as_f64(av, element), _as_f64(bv, element)
    b_c = el.to_compute(bv, element)
    i1 = ir.IntegerType.get_signless(1)

    def value(g):
        g, u = _next_double(g)
        out = convert_scalar(arith.addf(lo, arith.mulf(arith.subf(hi, lo), u)), "f64", element)
        return g, out, arith.cmpf(arith.CmpFPredicate.OGE, out, b_c)

    def first_pass():
        out = emit.empty(sizes, el.storage_type(element))

        def body(idx, its):
            g, v, bad = value(its[1:4])
            return [tensor.insert(el.from_compute(v, element), its[0], idx)] + g + [arith.ori(its[4], bad)]

        return _for_each_index(sizes, [out] + list(gen) + [const(0, i1)], body)

    def redraw_round(out, g):
        def body(idx, its):
            stored = tensor.extract(its[0], idx)
            bad = arith.cmpf(arith.CmpFPredicate.OGE, el.to_compute(stored, element), b_c)

            def again():
                g2, v, still = value(its[1:4])
                return [tensor.insert(el.from_compute(v, element), its[0], idx)] + g2 + [arith.ori(its[4], still)]

            return _if(bad, [v.type for v in its], again, lambda: list(its))

        return _for_each_index(sizes, [out] + list(g) + [const(0, i1)], body)

    def generate():
        res = first_pass()
        rounds = index_const(0)

        def attempt(out, s, has, buf, any_bad, n):
            res2 = _if(any_bad, [out.type, s.type, has.type, buf.type, i1],
                       lambda: redraw_round(out, [s, has, buf]), lambda: [out, s, has, buf, any_bad])
            n2 = arith.addi(n, index_const(1))
            stop = arith.ori(arith.xori(res2[4], _true()), arith.cmpi(arith.CmpIPredicate.sge, n2, index_const(8)))
            return stop, res2 + [n2]

        res = _repeat_until(res + [rounds], attempt)
        out, g, left = res[0], res[1:4], res[4]
        out = _if(left, [out.type], lambda: [_replace_bad(out, sizes, element, b_c, av)], lambda: [out])[0]
        return [out] + g

    return _unless_empty(arith.cmpf(arith.CmpFPredicate.OLT, lo, hi), sizes, av, gen, generate)


def _unless_empty(ok, sizes, av, gen, generate):
    """(tensor, generator) from `generate()` when the interval is not empty (ok), else every
    element `a` and no draws: the interpreter's choice for a >= b."""
    def constant_a():
        return [emit.fill(av, sizes)] + list(gen)

    result_type = emit.tensor_type([s if isinstance(s, int) else None for s in sizes], av.type)
    res = _if(ok, [result_type] + [v.type for v in gen], generate, constant_a)
    return res[0], res[1:]


def _replace_bad(out, sizes, element, b_c, av):
    def body(idx, its):
        stored = tensor.extract(its[0], idx)
        bad = arith.cmpf(arith.CmpFPredicate.OGE, el.to_compute(stored, element), b_c)
        return [tensor.insert(arith.select(bad, av, stored), its[0], idx)]
    return _for_each_index(sizes, [out], body)[0]


def _rng_uniform_int(element, av, bv, sizes, gen):
    """integers(lo, hi): off + a bounded draw in [0, hi - 1 - lo], all in 64-bit arithmetic."""
    kind = el.kind(element)
    i64 = _u64()

    def widen(v):
        c = el.to_compute(v, element)
        w = ir.IntegerType(c.type).width
        if w == 64:
            return c
        return arith.extsi(i64, c) if kind == "signed" else arith.extui(i64, c)

    lo, hi = widen(av), widen(bv)
    rng = arith.subi(arith.subi(hi, _c64(1)), lo)
    thresholds = _lemire_thresholds(rng)
    compute = el.compute_type(element)

    def draw(g):
        g, v = _bounded(g, rng, thresholds)
        v = arith.addi(lo, v)
        if ir.IntegerType(compute).width < 64:
            v = arith.trunci(compute, v)
        return g, el.from_compute(v, element)

    def generate():
        out, g = _fill(sizes, element, gen, draw)
        return [out] + list(g)

    less = arith.CmpIPredicate.slt if kind == "signed" else arith.CmpIPredicate.ult
    return _unless_empty(arith.cmpi(less, lo, hi), sizes, av, gen, generate)


@lowers("rng")
def rng(ctx: OpContext, a, b, shape_operand):
    element = ctx.result_types[0].element
    dist = ctx.attrs["rng_distribution"]
    k = el.kind(element)
    if dist not in ("UNIFORM", "NORMAL"):
        raise ctx.error(f"unknown rng_distribution {dist}")
    if dist == "NORMAL" and k != "float":
        raise ctx.error(f"NORMAL needs a floating-point type, got {element}")
    if k == "complex":
        raise ctx.error(f"cannot draw {element} values")
    sizes = _result_sizes(ctx, shape_operand)
    slot = _generator_slot(ctx)
    gen = _load_generator(slot)
    av, bv = tensor.extract(a, []), tensor.extract(b, [])
    if dist == "NORMAL":
        out, gen = _rng_normal(element, av, bv, sizes, gen)
    elif k == "float":
        out, gen = _rng_uniform_float(element, av, bv, sizes, gen)
    else:
        out, gen = _rng_uniform_int(element, av, bv, sizes, gen)
    _store_generator(slot, gen)
    return out
