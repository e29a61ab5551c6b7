"""Matrix products: mm, bmm, addmm, baddbmm, matmul, dot / vdot / mv / outer, as dot_general."""
from __future__ import annotations

from ...emitter import reduce1
from ..registry import converts
from .elementwise import k


def _dot(cx, a, b, lhs_c, rhs_c, lhs_b=(), rhs_b=(), element=None):
    element = element or cx.out_element()
    a, b = cx.convert(a, element), cx.convert(b, element)
    return cx.op("dot_general", a, b, dot_dimension_numbers={
        "lhs_batching_dimensions": list(lhs_b), "rhs_batching_dimensions": list(rhs_b),
        "lhs_contracting_dimensions": list(lhs_c), "rhs_contracting_dimensions": list(rhs_c)})


@converts("mm")
def mm(cx, a, b):
    return _dot(cx, a, b, [1], [0])


@converts("bmm")
def bmm(cx, a, b):
    return _dot(cx, a, b, [2], [1], [0], [0])


@converts("mv")
def mv(cx, a, b):
    return _dot(cx, a, b, [1], [0])


@converts("dot", "vdot", "inner")
def dot(cx, a, b):
    if cx.node.target.__name__.startswith("vdot"):
        from .elementwise import conj
        a = conj(cx, a)
    return _dot(cx, a, b, [cx.rank(a) - 1], [cx.rank(b) - 1])


@converts("outer", "ger")
def outer(cx, a, b):
    return _dot(cx, a, b, [], [])


def _scaled_sum(cx, bias, prod, beta, alpha):
    """beta * bias + alpha * prod, as addmm defines it (beta == 0 ignores bias, NaNs included)."""
    if alpha != 1:
        prod = cx.op("multiply", prod, k(cx, alpha, prod))
    if beta == 0:
        return prod
    bias = cx.broadcast(cx.convert(bias, cx.element(prod)), cx.sizes_of(prod))
    if beta != 1:
        bias = cx.op("multiply", bias, k(cx, beta, bias))
    return cx.op("add", bias, prod)


def _added_product(cx, bias, a, b, beta, alpha, *dims):
    """addmm / addmv / baddbmm: f16 / bf16 in f32, rounded once, as eager's CPU kernels compute
    them (with the product rounded before the bias was added, 9 of 64 elements of an f16
    8x64 @ 64x8 addmm were 1 ulp off eager)."""
    out = cx.out_element()
    wide = "f32" if out in ("f16", "bf16") else out
    return cx.convert(_scaled_sum(cx, bias, _dot(cx, a, b, *dims, element=wide), beta, alpha), out)


@converts("addmm")
def addmm(cx, bias, a, b, beta=1, alpha=1):
    return _added_product(cx, bias, a, b, beta, alpha, [1], [0])


@converts("addmv")
def addmv(cx, bias, a, b, beta=1, alpha=1):
    return _added_product(cx, bias, a, b, beta, alpha, [1], [0])


@converts("baddbmm")
def baddbmm(cx, bias, a, b, beta=1, alpha=1):
    return _added_product(cx, bias, a, b, beta, alpha, [2], [1], [0], [0])


@converts("addbmm")
def addbmm(cx, bias, a, b, beta=1, alpha=1):
    # one dot contracting the batch with the inner dimension; f16 / bf16 in f32, rounded once
    # (eager sums rounded per-batch products: 0.08 off the exact value at magnitude 26 in f16,
    # as was a bmm + f16 reduce here; rounding once lands on the exact value rounded)
    out = cx.out_element()
    if out in ("f16", "bf16"):
        a, b, bias = cx.convert(a, "f32"), cx.convert(b, "f32"), cx.convert(bias, "f32")
    summed = cx.op("dot_general", a, b, dot_dimension_numbers={
        "lhs_batching_dimensions": [], "rhs_batching_dimensions": [],
        "lhs_contracting_dimensions": [0, 2], "rhs_contracting_dimensions": [0, 1]})
    return cx.convert(_scaled_sum(cx, bias, summed, beta, alpha), out)


@converts("matmul")
def matmul(cx, a, b):
    """numpy matmul semantics: 1-D operands promoted and squeezed, batch dims broadcast."""
    ra, rb = cx.rank(a), cx.rank(b)
    if ra == 1 and rb == 1:
        return _dot(cx, a, b, [0], [0])
    if ra == 2 and rb == 2:
        return mm(cx, a, b)
    if rb == 1:
        return _dot(cx, a, b, [ra - 1], [0])
    if ra == 1:
        return _dot(cx, a, b, [0], [rb - 2]) if rb == 2 else cx.reshape(
            matmul(cx, cx.reshape(a, [1] + cx.sizes_of(a)), b), cx.out_sizes())
    batch = max(ra, rb) - 2
    sa, sb = cx.sizes_of(a), cx.sizes_of(b)
    out = cx.out_sizes()
    a = cx.broadcast(a, out[:batch] + sa[-2:])
    b = cx.broadcast(b, out[:batch] + sb[-2:])
    bd = list(range(batch))
    return _dot(cx, a, b, [batch + 1], [batch], bd, bd)


@converts("_trilinear")
def trilinear(cx, i1, i2, i3, expand1, expand2, expand3, sumdim, unroll_dim=1):
    """sum over `sumdim` of i1 * i2 * i3, each first given size-1 dimensions at its `expand`
    positions (what nn.functional.bilinear decomposes to). The product is formed whole, as
    ATen's reference path does; f16 / bf16 in f32 (PyTorch's sum accumulates there)."""
    from .reductions import acc_element
    out = cx.out_element()
    element = acc_element(out)
    parts = []
    for x, expand in ((i1, expand1), (i2, expand2), (i3, expand3)):
        sizes = list(cx.sizes_of(x))
        for d in sorted(expand):
            sizes.insert(d, 1)
        parts.append(cx.reshape(cx.convert(x, element), sizes))
    sizes = cx.broadcast_sizes(*parts)
    a, b, c = (cx.broadcast(p, sizes) for p in parts)
    product = cx.op("multiply", cx.op("multiply", a, b), c)
    return cx.convert(reduce1(cx, product, sorted(d % len(sizes) for d in sumdim), "add", 0), out)
