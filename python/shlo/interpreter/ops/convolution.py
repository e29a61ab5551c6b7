"""convolution and dynamic_conv.

Both operands are moved to a canonical layout (lhs: batch, feature,
spatial...; rhs: output feature, input feature, spatial...), the input is
dilated and padded with zeros, the kernel reversed where asked, and the sum
runs over kernel taps: for each tap, the strided view of the input that the
tap meets in every window is multiplied with the tap's (group-wise) weight
matrix. Operands are first converted to the result's element type (the
spec forms products and sums in it), then accumulated exactly as in
dot_general: int64/uint64 wrapped to N bits, float64 rounded once to the
result type (our implementation choice), complex128, booleans as AND/OR.
Where XLA CPU's f32 order was measured, the sum follows it instead
(`_xla_sequential_conv_f32`; with 2-16 features a group, transposed convolutions and kernels
larger than the input, `convolution_order`).
"""
from __future__ import annotations

import itertools

import numpy as np

from ..registry import implements
from . import convolution_order
from .elementwise import convert_values, kind
from .fused_multiply_add import fma32
from .reductions import _accumulator, batched_matmul, finish_accumulated
from .shapes import check_shape, index_values, pad_array


def _num_windows(padded: int, window: int, dilation: int, stride: int) -> int:
    span = (window - 1) * dilation + 1 if window > 0 else 0
    if padded <= 0 or span > padded:
        return 0
    return (padded - span) // stride + 1


# XLA CPU's f32 convolution (jaxlib 0.10.2 on this AVX2 + FMA host, 2 threads; Eigen's spatial
# convolution: patches times the kernel as one matrix product) sums each output element as one
# fused multiply-add per term, from 0, over (kernel taps in row-major order, input feature).
# Measured (tools/xla_conv_order.py; the grids in docs/stablehlo_parity.md) bit for bit on every
# element of 2-D NHWC x HWIO convolutions with 32, 48, 64 or 128 output features,
# K = taps x features up to 288, M = batch x output pixels from 4 to 3136, strides 1-2,
# padding or none, kernel dilation 1-3; and with 16 output features where K <= 9 and
# M is a multiple of 4 from 64 to 3136.
# Not taken elsewhere: with 16 output features other (M, K) split the rows otherwise (M = 8 or
# 32 at every K; M * K about 10^4 to 1.5 * 10^4 with K >= 18: Eigen's thread split on this
# 2-core host, so a host with more cores may differ), and where M % 4 != 0 some rows (the last
# ones, or two in the middle) are sums without fma; with 8 or fewer features it is other orders
# (two accumulators, sums without fma); K = 576 with 64+ features is another order; feature
# groups and input dilation were not measured as one order; rank-3 (1-D) convolutions are
# another order (a 1 x W 2-D one is not).
XLA_CONV_FEATURES = (32, 48, 64, 128)
XLA_CONV_K = 288
XLA_CONV_M = 3136


# On an AVX-512 host XLA runs these 2-D convolutions (more than 16 features) as YNNPACK fusions,
# whose order is no one chain there (scratch ds1/sweep_ynn.py: 10 of 40 random shapes with 17-64
# input or output features one fma chain, the others split per element; e.g. 48 features, K = 40):
# the rule is taken on AVX2 hosts only (`reductions.xla_cpu_kind`, the host's own vector width).


def _xla_sequential_conv_f32(elements, groups, lhs_dilation, reversed_, ns, M, K, O) -> bool:
    from .reductions import xla_cpu_kind
    return (xla_cpu_kind() == "avx2" and _f32_conv(elements) and groups == 1 and ns == 2
            and all(d == 1 for d in lhs_dilation) and not any(reversed_) and M * K * O <= 1 << 24
            and ((O in XLA_CONV_FEATURES and 1 <= K <= XLA_CONV_K and 4 <= M <= XLA_CONV_M)
                 or (O == 16 and 1 <= K <= 9 and 64 <= M <= XLA_CONV_M and M % 4 == 0)))


def _f32_conv(elements) -> bool:
    """Whether XLA CPU runs this convolution as an f32 one: f32 result, f32 / f16 / bf16 operands.
    With f16 or bf16 operands and an f32 (preferred) result type XLA converts the operands to f32
    (exact) before an f32 convolution (jax.jit's compiled HLO), so the f32 orders hold there too;
    the interpreter converts them to the result type first as well."""
    lhs, rhs, res = elements
    return res == "f32" and lhs in ("f32", "f16", "bf16") and rhs in ("f32", "f16", "bf16")


def _sequential_fma_conv(x, w, ksize, rdil, out_sp, strides) -> np.ndarray:
    """(B, C, S...) x (O, C, K...) -> (B, O, out...) in f32: fma over (taps, feature) from 0."""
    B, C = x.shape[:2]
    O = w.shape[0]
    P = int(np.prod(out_sp, dtype=np.int64))
    acc = np.zeros((B * P, O), np.float32)
    for tap in itertools.product(*(range(k) for k in ksize)):
        view = x[(slice(None), slice(None)) + tuple(
            slice(t * d, t * d + (o - 1) * s + 1, s) for t, d, o, s in zip(tap, rdil, out_sp, strides))]
        xs = view.reshape(B, C, P).transpose(0, 2, 1).reshape(B * P, C)
        wt = w[(slice(None), slice(None)) + tap]                        # (O, C)
        for c in range(C):
            acc = fma32(xs[:, c, None], wt[None, :, c], acc)
    return acc.reshape(B, P, O).transpose(0, 2, 1).reshape([B, O] + list(out_sp))


def xla_pixel_orders(elements, B: int, P: int, I: int, ksize, O: int, G: int, BG: int, ldil, rev, strides=(),
                     rdil=()):
    """Each of the B * P output pixels' order (`convolution_order`) where the f32 convolution
    takes oneDNN's kernel orders (2-16 features a group, every thread split agreeing), else None.
    The compiled convolution asks the same (lowering/ops/linalg.py) to sum in the same order.

    With input dilation, one group and a window stride or kernel dilation above 1 (not XLA's
    transposed path, `xla_transposed_plan`), XLA takes the patches of the dilated, padded input,
    its inserted zeros K terms like any other: the same orders over K = taps x features. Measured
    (scratch parity15/tstride.py, each element against jax.jit; 1-D / 2-D, input dilation 1-3,
    strides 1-3 or kernel dilation 1-3, padding 0-3): 55 of 55 named stride shapes and 27 of 27
    named kernel-dilation shapes bit-equal; `tools/xla_conv_order.py --dilated`."""
    ns, K = len(ksize), I * int(np.prod(ksize, dtype=np.int64))
    patches = all(d == 1 for d in ldil) or (G == 1 and (any(s > 1 for s in strides) or any(d > 1 for d in rdil)))
    if not (P and B and O and I and all(ksize) and _f32_conv(elements) and BG == 1
            and ns in (1, 2, 3) and patches and not any(rev) and (ns < 3 or all(d == 1 for d in ldil))
            and B * P * K * O <= 1 << 24 and O % G == 0):
        return None
    if int(np.prod(ksize)) == 1:                    # XLA makes a 1 x 1 kernel a dot
        return None
    return convolution_order.orders(O // G, B * P, K, G, eigen_groups=_eigen_groups(ns, I * G, O), volume=ns == 3)


def _eigen_groups(ns: int, C: int, O: int) -> bool:
    """Whether XLA CPU surely runs this grouped f32 convolution as Eigen's per-group contractions:
    1-D, or 2-D with at most 16 input and output features. XLA sends other 2-D ones (NHWC / HWIO,
    no base dilation or reversal, output and kernel no larger than the input) to a YNNPACK fusion
    (its `IsConvolutionOpSupportedByYnn`; seen as `__ynn_fusion` in jax.jit's compiled HLO), which
    sums in other orders."""
    return ns == 1 or max(C, O) <= 16


def xla_transposed_plan(elements, xshape, wshape, G, BG, strides, pads, ldil, rdil, rev):
    """(output sizes, row orders) where XLA CPU runs this f32 convolution as a transposed one
    (`convolution_order.transposed_f32`: input dilation, stride 1, no kernel dilation, one group;
    measured for 1-D and 2-D with every input axis at least the kernel's), else None."""
    B, C, isp = xshape[0], xshape[1], list(xshape[2:])
    O, ks = wshape[0], list(wshape[2:])
    ns = len(isp)
    if not (_f32_conv(elements) and G == 1 and BG == 1 and ns in (1, 2) and any(d > 1 for d in ldil)
            and all(s == 1 for s in strides) and all(d == 1 for d in rdil) and not any(rev)
            and B and C and O and all(ks) and all(i >= k for i, k in zip(isp, ks))):
        return None
    out_sp = [(i - 1) * d + 1 + lo + hi - k + 1 for i, d, (lo, hi), k in zip(isp, ldil, pads, ks)]
    P = B * int(np.prod(isp, dtype=np.int64))
    T = int(np.prod(ks, dtype=np.int64))
    if min(out_sp) <= 0 or P * T * O * C > 1 << 24 or B * int(np.prod(out_sp, dtype=np.int64)) * O > 1 << 24:
        return None
    rows = convolution_order.transposed_row_orders(T * O, P, C)
    return None if rows is None else (out_sp, rows)


def xla_swapped_plan(elements, xshape, wshape, G, BG, strides, pads, ldil, rdil, rev):
    """(output sizes, reversed dimensions) where XLA swaps this f32 convolution's operands (its
    kernel larger than its input: `convolution_order.swapped_dims`) and runs it as a plain loop
    nest (`convolution_order.swapped_f32`), else None. Measured for 1-D and 2-D, one group, no
    window reversal, padding at least 0 (scratch parity15/tswap2.py, each element against jax.jit)."""
    B, C, isp = xshape[0], xshape[1], list(xshape[2:])
    O, ks = wshape[0], list(wshape[2:])
    ns = len(isp)
    if not (_f32_conv(elements) and G == 1 and BG == 1 and ns in (1, 2) and not any(rev)
            and B and C and O and all(isp) and all(ks) and all(lo >= 0 and hi >= 0 for lo, hi in pads)):
        return None
    dims = convolution_order.swapped_dims(isp, ks, strides, pads, ldil, rdil)
    if dims is None:
        return None
    out_sp = [_num_windows((i - 1) * d + 1 + lo + hi, k, rd, st)
              for i, d, (lo, hi), k, rd, st in zip(isp, ldil, pads, ks, rdil, strides)]
    if min(out_sp) <= 0 or B * O * C * int(np.prod(out_sp + isp, dtype=np.int64)) > 1 << 24:
        return None
    return out_sp, dims


def conv_array(lhs, rhs, dn, *, window_strides=None, padding=None, lhs_dilation=None, rhs_dilation=None,
               window_reversal=None, feature_group_count=1, batch_group_count=1,
               lhs_el: str, rhs_el: str, res_el: str) -> np.ndarray:
    lhs, rhs = np.asarray(lhs), np.asarray(rhs)
    rank = lhs.ndim
    if rhs.ndim != rank or rank < 2:
        raise ValueError(f"lhs and rhs must have the same rank of at least 2, got {lhs.ndim} and {rhs.ndim}")
    ns = rank - 2
    strides = [int(s) for s in window_strides] if window_strides is not None else [1] * ns
    ldil = [int(s) for s in lhs_dilation] if lhs_dilation is not None else [1] * ns
    rdil = [int(s) for s in rhs_dilation] if rhs_dilation is not None else [1] * ns
    rev = [bool(r) for r in window_reversal] if window_reversal is not None else [False] * ns
    pads = [(0, 0)] * ns if padding is None else [(int(lo), int(hi)) for lo, hi in padding]
    for name, v in (("window_strides", strides), ("lhs_dilation", ldil), ("rhs_dilation", rdil),
                    ("window_reversal", rev), ("padding", pads)):
        if len(v) != ns:
            raise ValueError(f"{name} has {len(v)} entries, expected {ns}")
    if any(s <= 0 for s in strides + ldil + rdil):
        raise ValueError("window strides and dilations must be positive")
    G, BG = int(feature_group_count), int(batch_group_count)
    if G < 1 or BG < 1 or (G > 1 and BG > 1):
        raise ValueError(f"bad group counts: feature_group_count={G}, batch_group_count={BG}")

    in_dims = [dn.input_batch_dimension, dn.input_feature_dimension, *dn.input_spatial_dimensions]
    k_dims = [dn.kernel_output_feature_dimension, dn.kernel_input_feature_dimension,
              *dn.kernel_spatial_dimensions]
    out_dims = [dn.output_batch_dimension, dn.output_feature_dimension, *dn.output_spatial_dimensions]
    for name, ds in (("input", in_dims), ("kernel", k_dims), ("output", out_dims)):
        ds = [int(d) for d in ds]
        if sorted(ds) != list(range(rank)):
            raise ValueError(f"{name} dimension numbers {ds} are not a permutation of 0..{rank - 1}")

    acc_kind = kind(res_el)

    def to_acc(x, el):
        if el != res_el:
            x = convert_values(x, el, res_el)
        return _accumulator(x, res_el, acc_kind)

    x = to_acc(lhs, lhs_el).transpose([int(d) for d in in_dims])       # (B, C, S...)
    w = to_acc(rhs, rhs_el).transpose([int(d) for d in k_dims])        # (O, I, K...)
    B, C = x.shape[:2]
    O, I = w.shape[:2]
    if B % BG:
        raise ValueError(f"input batch size {B} is not a multiple of batch_group_count {BG}")
    if C % G or C // G != I:
        raise ValueError(f"kernel input feature size {I} is not the input feature size {C} "
                         f"divided by feature_group_count {G}")
    groups = G * BG
    if O % groups:
        raise ValueError(f"kernel output feature size {O} is not a multiple of the group count {groups}")
    Bo, Og = B // BG, O // groups

    perm = [0] * rank          # canonical axis c goes to result axis out_dims[c]
    for c, r in enumerate(out_dims):
        perm[int(r)] = c
    swapped = xla_swapped_plan((lhs_el, rhs_el, res_el), x.shape, w.shape, G, BG, strides, pads, ldil, rdil, rev)
    if swapped is not None:
        out_sp, reversed_dims = swapped
        return np.ascontiguousarray(convolution_order.swapped_f32(
            x, w, pads, ldil, rdil, strides, out_sp, reversed_dims).transpose(perm))
    transposed = xla_transposed_plan((lhs_el, rhs_el, res_el), x.shape, w.shape, G, BG, strides, pads, ldil,
                                     rdil, rev)
    if transposed is not None:
        out_sp, row_orders = transposed
        return np.ascontiguousarray(convolution_order.transposed_f32(
            x, w, pads, ldil, out_sp, row_orders).transpose(perm))

    zero = np.zeros((), x.dtype)
    x = pad_array(x, zero, [0, 0] + [p[0] for p in pads], [0, 0] + [p[1] for p in pads],
                  [0, 0] + [d - 1 for d in ldil])
    flips = [2 + i for i, r in enumerate(rev) if r]
    if flips:
        w = np.flip(w, axis=flips)
    ksize = w.shape[2:]
    out_sp = [_num_windows(p, k, d, s) for p, k, d, s in zip(x.shape[2:], ksize, rdil, strides)]
    P = int(np.prod(out_sp, dtype=np.int64))
    pixel_orders = xla_pixel_orders((lhs_el, rhs_el, res_el), B, P, I, ksize, O, G, BG, ldil, rev, strides, rdil)
    if pixel_orders is not None:
        return np.ascontiguousarray(convolution_order.conv_f32(
            x, w, ksize, rdil, out_sp, strides, G, pixel_orders).transpose(perm))
    if P and B and O and I and all(ksize) and _xla_sequential_conv_f32(
            (lhs_el, rhs_el, res_el), groups, ldil, rev, ns, B * P, I * int(np.prod(ksize)), O):
        return np.ascontiguousarray(_sequential_fma_conv(x, w, ksize, rdil, out_sp, strides).transpose(perm))

    # lhs as (group, Bo * P, I) per tap; rhs tap as (group, I, Og)
    acc = None
    if P and Bo and Og and I and all(ksize):
        for tap in itertools.product(*(range(k) for k in ksize)):
            view = x[(slice(None), slice(None)) + tuple(
                slice(t * d, t * d + (o - 1) * s + 1, s) for t, d, o, s in zip(tap, rdil, out_sp, strides))]
            xs = view.reshape(BG, Bo, G, I, P).transpose(0, 2, 1, 4, 3).reshape(groups, Bo * P, I)
            wt = w[(slice(None), slice(None)) + tap].reshape(groups, Og, I).transpose(0, 2, 1)
            part = batched_matmul(xs, wt, acc_kind)
            if acc is None:
                acc = part
            elif acc_kind == "bool":
                acc = acc | part
            else:
                with np.errstate(all="ignore"):
                    acc = acc + part
    if acc is None:
        acc = np.zeros((groups, Bo * P, Og), dtype=np.bool_ if acc_kind == "bool" else x.dtype)
    out = acc.reshape(groups, Bo, P, Og).transpose(1, 0, 3, 2).reshape([Bo, O] + out_sp)
    return np.ascontiguousarray(finish_accumulated(out, res_el).transpose(perm))


def _conv(ctx, lhs, rhs, padding):
    a = ctx.attrs
    out = conv_array(lhs, rhs, a["dimension_numbers"], window_strides=a.get("window_strides"), padding=padding,
                     lhs_dilation=a.get("lhs_dilation"), rhs_dilation=a.get("rhs_dilation"),
                     window_reversal=a.get("window_reversal"),
                     feature_group_count=a.get("feature_group_count") or 1,
                     batch_group_count=a.get("batch_group_count") or 1,
                     lhs_el=ctx.operand_types[0].element, rhs_el=ctx.operand_types[1].element,
                     res_el=ctx.result_types[0].element)
    check_shape(ctx, out.shape)
    return out


def _pairs(values, what: str) -> list:
    v = list(values)
    if len(v) % 2:
        raise ValueError(f"{what} must hold (low, high) pairs")
    return [(v[i], v[i + 1]) for i in range(0, len(v), 2)]


@implements("convolution")
def convolution(ctx, lhs, rhs):
    p = ctx.attrs.get("padding")
    padding = None
    if p is not None:
        arr = np.asarray(p.array() if hasattr(p, "array") else p, dtype=np.int64)
        padding = _pairs(arr.reshape(-1).tolist(), "padding")
    return _conv(ctx, lhs, rhs, padding)


@implements("dynamic_conv")
def dynamic_conv(ctx, lhs, rhs, padding):
    pad = np.asarray(padding)
    if pad.ndim != 2 or pad.shape[1] != 2:
        raise ValueError(f"padding must have shape [N - 2, 2], got {list(pad.shape)}")
    return _conv(ctx, lhs, rhs, _pairs(index_values(pad), "padding"))
