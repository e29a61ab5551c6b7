"""Convolutions as GEMMs on contraction.py's shared-memory kernels (implicit GEMM).

A bufferized static `linalg.conv_{1,2,3}d_n*c_*cf` (input (N, P..., C), filter (K..., C, F),
output (N, O..., F), the input already dilated and padded by the lowering) is the product

    out[m, f] = sum_k A[m, k] * W[k, f],   m = (n, o...), k = (k..., c)
    A[m, k]   = input[n, o_i * stride_i + k_i * dilation_i ..., c]

with W the filter and out the output collapsed to matrices (`memref.collapse_shape`, no copy).
A is never written out (no im2col buffer): the kernel's copy of each A tile into shared memory
reads it straight from the input's windows, the row and column split into (n, o...) and
(k..., c) by division. A vector of A runs along c, so its width divides C and it stays inside
one window position. A 1x1 convolution with stride 1 over an input of the output's size reads
the input collapsed to (N * O..., C) like a matmul's A. Where the lowering's zero padding is a
zero-filled buffer the input was copied into (`_zero_padding`), A is read from the unpadded
input instead, each index less the low padding and checked against the input's size (zeros
outside), and the fill, copy and buffer go. On the tensor cores K steps are 64 where K >= 64.

Grouped convolutions (`conv_2d_nhwgc_gfhwc`: input (N, P..., G, C), filter (G, F, K..., C),
output (N, O..., G, F); and the lowering's generic for 1-D and 3-D ones, filter (K..., C, G,
F), `grouped_generic`) are G such GEMMs, the group the kernel's batch index (the grid's z): A
gathered at channel (g, c), C viewed as (M, G, F). B is read from the filter as the program
gives it, (K..., C, G, F) viewed as (K, G, F): a (K, F) matrix a group, vectors along F. The 2-D
op's filter is the lowering's transpose of that into a fresh (G, F, K..., C) buffer; where
nothing else reads it, the transpose (a launch and a pass over the filter) is dropped and the
kernel reads its source (`_filter_transpose`); otherwise B is that buffer's (F, K) rows,
vectors along K, stored transposed into the shared tile.

Narrow groups (F <= 16, ResNeXt's 4 features a group) would leave most of a block's columns (32
on the tensor cores, 16 in f32) empty; `_packed` puts several groups in one block instead: each
column unit (one 8-column mma tile, two for F > 8; the 4 columns of an f32 thread, or two or
four threads' for F > 4) is one group, the shared A tile holds a K step of each of the block's groups side by side, and
each unit's fragments are read from its own group's part, so no product mixes groups (a
block-diagonal B would multiply one group's infinities by another's zero weights). K steps are
chosen to pad K least (36 = 9 taps x 4 channels: steps of 16).

Taken: static shapes, identity layouts, f16 / bf16 operands (f32 or same-type result, on the
tensor cores) and f32 / f64 (exact FMA tiles), as contraction.choose takes them. f32
convolutions are never run as TF32 (the lowering marks only dot_general's matmuls). Depthwise
convolutions have depthwise.py's kernel; the lowering's other generics (small f32 ones summed in
XLA's order) stay on the general mapping, one thread per output.
"""
from __future__ import annotations

import os

from mlir import ir

from . import contraction
from .irop import operation_of as _op

OPS = {"linalg.conv_1d_nwc_wcf": 1, "linalg.conv_2d_nhwc_hwcf": 2, "linalg.conv_3d_ndhwc_dhwcf": 3,
       "linalg.conv_2d_nhwgc_gfhwc": 2}
GROUPED = "linalg.conv_2d_nhwgc_gfhwc"      # input (N, P..., G, C), filter (G, F, K..., C), output (N, O..., G, F)


def _ints(op, name: str, ns: int) -> list:
    if name not in op.attributes:
        return [1] * ns
    return [int(x) for x in ir.DenseIntElementsAttr(op.attributes[name])]


class Gather:
    """One convolution's geometry, and the index arithmetic of its operands as matrices."""

    def __init__(self, x_shape, w_shape, y_shape, strides, dilations, types, padding=None, grouped=False,
                 filter_kgf=False):
        # grouped: one GEMM a group, the group the batch index (the grid's z). The filter of a
        # group is read either as the lowering's (G, F, K... C) (K contiguous: B transposed,
        # vectors along K) or, `filter_kgf`, as (K..., C, G, F) (the rhs as given, F
        # contiguous: B a (K, F) matrix a group, rows G * F apart)
        self.grouped = grouped
        self.kgf = grouped and filter_kgf
        ns = len(x_shape) - (3 if grouped else 2)
        # padding: (the unpadded input's shape, where it lands in the padded one, per dim);
        # A is then read from the unpadded input, zeros outside it (types[0] is its type)
        self.padding = padding
        self.source, self.pad_ops = None, []
        self.filter_source, self.filter_ops = None, []     # a folded filter transpose (fold_transpose)
        self.ks = 0                               # the tiling's K step (tiling_of sets it)
        self.pack, self.unit = 1, 0               # groups a block, columns a group (pack > 1)
        self.ns, self.x_shape, self.w_shape, self.y_shape = ns, list(x_shape), list(w_shape), list(y_shape)
        self.strides, self.dilations = list(strides), list(dilations)
        self.c = x_shape[-1]
        if self.kgf:
            self.f, self.win = w_shape[-1], w_shape[:ns]
        else:
            self.f = w_shape[1] if grouped else w_shape[-1]
            self.win = w_shape[2:-1] if grouped else w_shape[:-2]     # K...
        self.g = x_shape[-2] if grouped else 1
        self.out = y_shape[1:1 + ns]              # O...
        self.m = y_shape[0] * _prod(self.out)
        self.k = _prod(self.win) * self.c
        # a 1x1 window, stride 1, over an input of the output's size: A is the input collapsed
        self.gathered = grouped or padding is not None or not (
            all(k == 1 for k in self.win) and all(s == 1 for s in self.strides) and x_shape[1:-1] == self.out)
        self.arg_types = tuple(str(t) for t in types)
        el = [t.rsplit("x", 1)[1].rstrip(">") for t in self.arg_types]     # memref<...xf32>
        self.a_el, self.c_el = el[0], el[2]
        a_view = self.arg_types[0] if self.gathered else f"memref<{self.m}x{self.c}x{el[0]}>"
        if self.kgf:    # B as (K, G, F), C as (M, G, F)
            self.view_types = (a_view, f"memref<{self.k}x{self.g}x{self.f}x{el[1]}>",
                               f"memref<{self.m}x{self.g}x{self.f}x{el[2]}>")
        elif grouped:   # B as (G, F, K), C as (M, G, F)
            self.view_types = (a_view, f"memref<{self.g}x{self.f}x{self.k}x{el[1]}>",
                               f"memref<{self.m}x{self.g}x{self.f}x{el[2]}>")
        else:
            self.view_types = (a_view, f"memref<{self.k}x{self.f}x{el[1]}>", f"memref<{self.m}x{self.f}x{el[2]}>")

    @property
    def b_transposed(self) -> bool:
        """B's rows are its N (the grouped filter's F), K contiguous."""
        return self.grouped and not self.kgf

    def retarget_output(self, ty: str) -> str:
        """The kernel writes a buffer `ty` of the output's shape (another element type) instead:
        its view as a matrix."""
        el = ty.rsplit("x", 1)[1].rstrip(">")
        self.arg_types = self.arg_types[:2] + (ty,)
        groups = f"{self.g}x" if self.grouped else ""
        self.view_types = self.view_types[:2] + (f"memref<{self.m}x{groups}{self.f}x{el}>",)
        return self.view_types[2]

    def index(self, which: str, bz: str, row: str, col: str) -> str:
        """The index of B[row, col] (row in K) or C[row, col] of group `bz` in their views."""
        if not self.grouped:
            return f"{row}, {col}"
        return f"{bz}, {col}, {row}" if which == "b" and not self.kgf else f"{row}, {bz}, {col}"

    def views(self, t, kern) -> None:
        """The filter and output (and a plain A) collapsed to matrices, in the kernel's code."""
        rank = self.ns + (3 if self.grouped else 2)
        outer = "[" + ", ".join(str(i) for i in range(rank - 1)) + f"], [{rank - 1}]"
        for which, i, arg in (("a", 0, "%A"), ("b", 1, "%B"), ("c", 2, "%C")):
            if which == "a" and self.gathered:
                continue
            if self.grouped:        # B (G, F, K...): (G, F, K) or (K..., G, F): (K, G, F); C (N, O..., G, F): (M, G, F)
                groups = "[[0], [1], [" + ", ".join(str(j) for j in range(2, rank)) + "]]" \
                    if which == "b" and not self.kgf else \
                    "[[" + ", ".join(str(j) for j in range(rank - 2)) + f"], [{rank - 2}], [{rank - 1}]]"
            else:
                groups = f"[{outer}]" if which != "b" else \
                    "[[" + ", ".join(str(j) for j in range(rank - 1)) + f"], [{rank - 1}]]"
            kern.names[which] = t.op(f"memref.collapse_shape {arg} {groups} : {self.arg_types[i]} "
                                     f"into {self.view_types[i]}", hint=f"{which}m")

    def out_coords(self, t, bz: str, row: str, col: str) -> list:
        """Output element (row, col) of group bz as indices of the output's dims (n, o..., [g,] f)."""
        parts, rest = [], row
        for size in reversed(self.out):
            parts.append(t.op(f"arith.remui {rest}, {t.c(size)} : index"))
            rest = t.op(f"arith.divui {rest}, {t.c(size)} : index")
        return [rest] + parts[::-1] + ([bz] if self.grouped else []) + [col]

    def a_index(self, t, row: str, col: str, k0=None, local=None, bz=None):
        """(index, guard) of A[row, col]: input[n, o_i * s_i + k_i * d_i ..., c], guard None; with
        the padding folded in, the index into the unpadded input, less the padding, and the i1
        that says it lies inside (None where no dim is padded). Where a K step (`k0`, the
        step's offset, plus `local` < the step) never crosses a window position (C a multiple
        of the step), the window position is split off k0 alone: the same for every slot of the
        step, computed once after CSE."""
        def split(value, sizes):
            parts, rest = [], value
            for size in reversed(sizes):
                parts.append(t.op(f"arith.remui {rest}, {t.c(size)} : index"))
                rest = t.op(f"arith.divui {rest}, {t.c(size)} : index")
            return rest, parts[::-1]
        n, o = split(row, self.out)
        if k0 is not None and self.ks and self.c % self.ks == 0:
            position = t.op(f"arith.divui {k0}, {t.c(self.c)} : index")
            c = t.op(f"arith.addi {t.op(f'arith.remui {k0}, {t.c(self.c)} : index')}, {local} : index")
            _, k = split(position, self.win)
        else:
            _, parts = split(col, self.win + [self.c])
            k, c = parts[:-1], parts[-1]
        spatial = []
        for oi, ki, s, d in zip(o, k, self.strides, self.dilations):
            a = oi if s == 1 else t.op(f"arith.muli {oi}, {t.c(s)} : index")
            b = ki if d == 1 else t.op(f"arith.muli {ki}, {t.c(d)} : index")
            spatial.append(t.op(f"arith.addi {a}, {b} : index"))
        guard = None
        if self.padding is not None:
            shape, offsets = self.padding[:2]
            # lhs dilation (the lowering's dilated copy read through): per dim (stride, first
            # element, elements kept); plain padding keeps them all, one apart
            lhs = self.padding[2] if len(self.padding) > 2 else [(1, 0, n) for n in shape]
            for i in range(self.ns):
                stride, start, count = lhs[1 + i]
                if offsets[1 + i] == 0 and stride == 1 and start == 0 and count == self.x_shape[1 + i]:
                    continue
                if offsets[1 + i]:      # below the low padding: wraps past the size (unsigned)
                    spatial[i] = t.op(f"arith.subi {spatial[i]}, {t.c(offsets[1 + i])} : index")
                if stride > 1:          # between two kept elements: zero
                    kept = t.op(f"arith.cmpi eq, {t.op(f'arith.remui {spatial[i]}, {t.c(stride)} : index')}, "
                                f"{t.c(0)} : index")
                    guard = kept if guard is None else t.op(f"arith.andi {guard}, {kept} : i1")
                    spatial[i] = t.op(f"arith.divui {spatial[i]}, {t.c(stride)} : index")
                inside = t.op(f"arith.cmpi ult, {spatial[i]}, {t.c(count)} : index")
                guard = inside if guard is None else t.op(f"arith.andi {guard}, {inside} : i1")
                if start:
                    spatial[i] = t.op(f"arith.addi {spatial[i]}, {t.c(start)} : index")
        return ", ".join([n] + spatial + ([bz] if self.grouped else []) + [c]), guard

    def erase_padding(self) -> None:
        """The padded input's fill, copy and allocation, once the kernel reads the input; the
        filter's transpose and its buffer, once the kernel reads the filter as it is."""
        for op in self.pad_ops + self.filter_ops:
            op.erase()


def _prod(xs) -> int:
    out = 1
    for x in xs:
        out *= x
    return out


def tiling_of(op) -> contraction.Tiling | None:
    """The tiling of a bufferized convolution as a GEMM, or None where it stays on the general
    mapping (dynamic sizes, strided views, element types contraction.choose does not take)."""
    generic = op.name == "linalg.generic"
    ns = grouped_generic(op) if generic else OPS.get(op.name)
    if ns is None or len(op.operands) != 3:
        return None
    grouped = generic or op.name == GROUPED
    rank = ns + (3 if grouped else 2)
    types = [v.type for v in op.operands]
    if not all(contraction._static_identity(x) for x in types):
        return None
    x, w, y = (list(ir.ShapedType(x).shape) for x in types)
    if len(x) != rank or len(w) != rank or len(y) != rank or 0 in x + w + y:
        return None
    if generic:
        strides, dilations = _generic_window(op, ns)
    else:
        strides, dilations = _ints(op, "strides", ns), _ints(op, "dilations", ns)
    if len(strides) != ns or len(dilations) != ns or x[0] != y[0]:
        return None
    folded_filter = None
    if op.name == GROUPED:
        folded_filter = _filter_transpose(op, ns)
        if folded_filter is not None:
            w = list(ir.ShapedType(folded_filter[0].type).shape)
            types = [types[0], folded_filter[0].type, types[2]]
    kgf = generic or folded_filter is not None
    if kgf:         # (N, P..., G, C) (K..., C, G, F) (N, O..., G, F)
        if not x[-1] == w[-3] or not x[-2] == w[-2] == y[-2] or w[-1] != y[-1]:
            return None
        win = w[:ns]
    elif grouped:   # (N, P..., G, C) (G, F, K..., C) (N, O..., G, F)
        if x[-1] != w[-1] or not x[-2] == w[0] == y[-2] or w[1] != y[-1]:
            return None
        win = w[2:-1]
    else:
        if x[-1] != w[-2] or w[-1] != y[-1]:
            return None
        win = w[:-2]
    for i in range(ns):        # every window inside the input
        if (y[1 + i] - 1) * strides[i] + (win[i] - 1) * dilations[i] + 1 > x[1 + i]:
            return None
    els = [str(ir.ShapedType(t).element_type) for t in types]
    if els[0] != els[1]:
        return None
    folded = _zero_padding(op, ns) or _dilated_input(op, ns)
    if folded is not None:
        source, offsets, pad_ops = folded[:3]
        shape = list(ir.ShapedType(source.type).shape)
        padding = (shape, offsets) + tuple(folded[3:])
        g = Gather(x, w, y, strides, dilations, [source.type] + types[1:], padding, grouped, kgf)
        g.source, g.pad_ops = source, pad_ops
    else:
        g = Gather(x, w, y, strides, dilations, types, grouped=grouped, filter_kgf=kgf)
    if folded_filter is not None:
        g.filter_source, g.filter_ops = folded_filter
    tl = _packed(g, els[0], els[2]) if kgf and packing() else None
    if tl is None:
        tl = contraction.choose(g.g, g.m, g.f, g.k, els[0], els[2], fit_n=True)
    if tl is None:
        return None
    # A's vectors run along c: within one window position, aligned to their width
    tl.va = contraction._width(g.c, 128 // tl.bits)
    if g.b_transposed:      # B's along K, contiguous in each of the filter's (F, K) rows
        tl.vb = contraction._width(g.k, 128 // tl.bits)
    if tl.kind == "mma" and g.k >= 64 and g.pack == 1:
        # K steps of 64: half the barriers and steps of 32 (a convolution's K is short: 576 for
        # a 3x3 over 64 features). On an H200 (one call): 1x1 256 -> 64 0.097 -> 0.085 ms, 3x3
        # stride 2 0.078 -> 0.067, 3x3 64 -> 64 0.087 -> 0.088
        tl.ks = 64
    tl.va = min(tl.va, tl.ks)
    g.ks = tl.ks
    tl.gather = g
    return contraction.pipelined_gather(tl)


def packing() -> bool:
    """SHLO_GPU_PACK_GROUPS=0: a grouped convolution with few features a group stays one group
    a block (to compare)."""
    return os.environ.get("SHLO_GPU_PACK_GROUPS", "1") != "0"


SHARED_BYTES = 46 * 1024        # static shared memory a block may take (48 KiB), less a margin


def _padded_k(k: int, ks: int) -> int:
    return -(-k // ks) * ks


# (4, 2) (128 x 64, 8 groups) took ResNeXt's 32 x 4d kernel to 255 registers (ptxas -v sm_90: one block a
# multiprocessor), (2, 2) 97, (2, 1) 56
_MMA_SHAPES = ((2, 2), (2, 1), (1, 1))


def _mma_shapes():
    """The packed mma tiles tried, largest first; SHLO_GPU_PACK_SHAPES="tm,tn;tm,tn" (to compare)."""
    text = os.environ.get("SHLO_GPU_PACK_SHAPES")
    if not text:
        return _MMA_SHAPES
    return tuple(tuple(int(v) for v in x.split(",")) for x in text.split(";"))


def _packed(g: Gather, a_el: str, c_el: str) -> contraction.Tiling | None:
    """A tiling that packs several groups into one block, where each group has few features
    (F <= 16): one group a block would compute a tile of at least 32 (mma) or 16 (f32) columns
    for F of them. Each column unit of the block (one or two 8-column mma tiles; the T
    columns of one to four threads of the f32 tiles) belongs to one group, its A fragments read from that
    group's part of the shared A tile (BM x groups x KS), so no product mixes two groups' data
    (a block-diagonal B would multiply another group's infinities by zeros). The B tile is the
    filter's (K, G * F) rows, F columns a unit (zeros past F). K steps are chosen to pad K
    least (a 3x3 window over 4 channels: K = 36, steps of 16 (48) rather than 32 (64)).
    None where packing saves nothing (few groups)."""
    if not g.kgf or g.f > 16 or g.g < 2:
        return None
    bits = 16 if a_el in ("f16", "bf16") else (64 if a_el == "f64" else 32)
    if a_el in ("f16", "bf16") and c_el in ("f32", a_el):
        # a group's columns: one mma tile (F <= 8) or two (F <= 16: a warp's two, or two warps')
        unit, one_group = (8 if g.f <= 8 else 16), 32   # one group a block: at least WARPS_N * 8 columns
        shapes = [("mma", tm, tn) for tm, tn in _mma_shapes()]
        steps = (32, 16)
    elif a_el == c_el and a_el in ("f32", "f64"):
        # a group's columns: one thread's T (T = 8 took the F = 8 kernel to 227 registers, T = 4
        # 80), two threads' where F = 8, four where F = 16
        unit = 1 << max(0, g.f - 1).bit_length()
        one_group = 16
        shapes = [("simt", min(unit, 4), None)]
        steps = (16, 8, 4, 2, 1)
    else:
        return None
    best = None
    for kind, tm, tn in shapes:
        probe = contraction.Tiling(kind, 1, g.m, g.f, g.k, a_el, c_el, tm, tn)
        pack = probe.bn // unit
        if pack > 2 * g.g:               # mostly empty units
            continue
        fitting = [ks for ks in steps if (kind != "mma" or ks >= probe.kstep) and
                   (probe.bm * (pack * ks + (contraction.PAD if kind == "mma" else 0)) +
                    ks * (probe.bn + (contraction.PAD if kind == "mma" else 0))) * bits // 8 <= SHARED_BYTES]
        if not fitting:
            continue
        ks = min(fitting, key=lambda s: (_padded_k(g.k, s), -s))
        tl = contraction.Tiling(kind, -(-g.g // pack), g.m, g.f, g.k, a_el, c_el, tm, tn)
        tl.ks, tl.pack, tl.unit = ks, pack, unit
        tl.vb = contraction._width(g.f, 128 // bits)
        gx, gy, gz = tl.grid
        if gy > 65535 or gz > 65535:
            continue
        best = tl
        if gx * gy * gz >= contraction.MIN_BLOCKS:
            break
    if best is None:
        return None
    # worth it where the packed block computes fewer (padded) products than one group a block;
    # on the f32 tiles weighted by the shared loads an FMA takes (1 + 2 / T: one group a block
    # is 16 x 16 tiles of one output a thread for F <= 16, T = 1)
    packed_cost = best.b * best.bn * _padded_k(g.k, best.ks)
    single_cost = g.g * max(one_group, 1 << max(0, g.f - 1).bit_length()) * \
        _padded_k(g.k, 32 if best.kind == "mma" else 16)
    if best.kind == "simt":
        packed_cost, single_cost = packed_cost * (best.t + 2) / best.t, single_cost * 3
    if packed_cost >= single_cost:
        return None
    g.pack, g.unit = best.pack, best.unit
    return best


def grouped_generic(op) -> int | None:
    """The number of spatial dims of the lowering's grouped convolution generic
    (`ops/linalg._generic_conv`: x (N, P..., G, C), w (K..., C, G, F) -> (N, O..., G, F), loops
    (n, o..., g, f, k..., c), the body out + x * w, float operands converted to the
    accumulator's type first), or None where `op` is not one."""
    if op.name != "linalg.generic" or len(op.operands) != 3:
        return None
    its = [str(x) for x in ir.ArrayAttr(op.attributes["iterator_types"])]
    loops = len(its)
    if loops < 6 or loops % 2:
        return None
    ns = (loops - 4) // 2
    if its != ["#linalg.iterator_type<parallel>"] * (ns + 3) + ["#linalg.iterator_type<reduction>"] * (ns + 1):
        return None
    maps = [ir.AffineMapAttr(m).value for m in ir.ArrayAttr(op.attributes["indexing_maps"])]
    window = _generic_window(op, ns)
    if window is None:
        return None
    if [str(m) for m in maps] != [str(m) for m in _generic_maps(ns, *window)]:
        return None
    body = op.regions[0].blocks[0]
    ops = [_op(o) for o in body.operations]
    args = list(body.arguments)
    acc = str(args[2].type)
    if acc not in ("f32", "f64"):
        return None
    values = {}             # the body's values as read from x, w, out
    names = {args[0]: "x", args[1]: "w", args[2]: "out"}

    def name(v):
        for key, n in names.items():
            if key == v:
                return n
        return None
    for o in ops[:-1]:
        ins = [name(v) for v in o.operands]
        if o.name == "arith.extf" and ins in (["x"], ["w"]):
            out = ins[0]
        elif o.name == "arith.mulf" and sorted(ins) == ["w", "x"]:
            out = "xw"
        elif o.name == "arith.addf" and sorted(ins) == ["out", "xw"]:
            out = "sum"
        else:
            return None
        names[o.results[0]] = out
    if ops[-1].name != "linalg.yield" or name(ops[-1].operands[0]) != "sum":
        return None
    return ns


def _generic_maps(ns: int, strides, dilations):
    d = ir.AffineDimExpr.get
    n, o, g, f = 0, list(range(1, ns + 1)), ns + 1, ns + 2
    k, c = list(range(ns + 3, 2 * ns + 3)), 2 * ns + 3
    x = [d(n)] + [_term(d(o[i]), strides[i]) + _term(d(k[i]), dilations[i]) for i in range(ns)] + [d(g), d(c)]
    w = [d(i) for i in k] + [d(c), d(g), d(f)]
    y = [d(n)] + [d(i) for i in o] + [d(g), d(f)]
    return [ir.AffineMap.get(2 * ns + 4, 0, m) for m in (x, w, y)]


def _term(e, factor: int):
    return e if factor == 1 else e * factor


def _generic_window(op, ns: int):
    """(strides, dilations) read off the generic's input map (`o * s + k * d` a spatial dim)."""
    import re
    m = ir.AffineMapAttr(list(ir.ArrayAttr(op.attributes["indexing_maps"]))[0]).value
    results = str(m).split("->")[1].strip()[1:-1].split(",")
    if len(results) != ns + 3:
        return None
    strides, dilations = [], []
    for i, r in enumerate(results[1:1 + ns]):
        hit = re.fullmatch(r"\s*d(\d+)(?: \* (\d+))? \+ d(\d+)(?: \* (\d+))?\s*", r)
        if hit is None or int(hit.group(1)) != 1 + i or int(hit.group(3)) != ns + 3 + i:
            return None
        strides.append(int(hit.group(2) or 1))
        dilations.append(int(hit.group(4) or 1))
    return strides, dilations


def _filter_transpose(conv, ns: int):
    """The lowering's transpose of a grouped convolution's filter (K..., C, G, F) -> (G, F, K...,
    C) into a fresh buffer the convolution alone reads, nothing between it and the convolution
    that could write its source: (the source, the ops to erase), so the kernel reads the filter as
    it is (one launch and a pass over the filter fewer). None otherwise."""
    w = conv.operands[1]
    alloc = _op(w.owner) if isinstance(w.owner, (ir.Operation, ir.OpView)) else None
    if alloc is None or alloc.name != "memref.alloc" or alloc.block != conv.block or len(alloc.operands):
        return None
    users = [_op(u.owner) for u in w.uses]
    others = [u for u in users if u != conv]
    if len(others) != 1 or len(users) != 2 or others[0].name != "linalg.transpose":
        return None
    tr = others[0]
    if tr.block != conv.block or tr.operands[1] != w or not tr.is_before_in_block(conv):
        return None
    perm = [int(v) for v in ir.DenseI64ArrayAttr(tr.attributes["permutation"])]
    if perm != [ns + 1, ns + 2] + list(range(ns + 1)):
        return None
    source = tr.operands[0]
    if not contraction._static_identity(source.type):
        return None
    between = _between(tr, conv)
    if between is None:
        return None
    for o in between:
        if o.name in ("arith.constant", "memref.alloc", "memref.expand_shape", "memref.collapse_shape"):
            continue
        if o.name in ("linalg.fill", "linalg.map", "linalg.transpose", "memref.copy") and all(
                contraction.fresh(v) for v in o.operands[-1:]):
            continue
        return None
    return source, [tr, alloc]



def _is_zero(value) -> bool:
    owner = _op(value.owner) if isinstance(value.owner, (ir.Operation, ir.OpView)) else None
    if owner is None or owner.name != "arith.constant":
        return False
    attr = owner.attributes["value"]
    return isinstance(attr, ir.FloatAttr) and ir.FloatAttr(attr).value == 0.0


def _zero_padding(conv, ns: int, reader=None):
    """The lowering's zero padding of a convolution's input (tensor.pad, bufferized): a fresh
    buffer filled with zeros (linalg.map / linalg.fill), the input copied into a unit-stride
    subview of it, nothing else using it. Returns (input, where it lands, the ops to erase) or
    None. Only where nothing between the copy and the convolution could write the input: the
    ops between are constants, allocations and fills of other fresh buffers."""
    reader = reader or conv          # the op that reads the padded buffer: conv, or a view of it
    padded = reader.operands[0]
    alloc = padded.owner
    if not isinstance(alloc, (ir.Operation, ir.OpView)) or _op(alloc).name != "memref.alloc":
        return None
    alloc = _op(alloc)
    if alloc.block != conv.block:
        return None
    fill = subview = None
    for use in padded.uses:
        user = _op(use.owner)
        if user == reader:
            continue
        if user.name == "memref.subview" and subview is None:
            subview = user
        elif user.name in ("linalg.map", "linalg.fill") and fill is None:
            fill = user
        else:
            return None
    if fill is None or subview is None or len(list(subview.results[0].uses)) != 1:
        return None
    if fill.name == "linalg.fill":
        if len(fill.operands) != 2 or fill.operands[1] != padded or not _is_zero(fill.operands[0]):
            return None
    else:           # linalg.map outs(padded) { yield %zero }
        body = fill.regions[0].blocks[0]
        ops = [_op(o) for o in body.operations]
        if len(fill.operands) != 1 or len(ops) != 1 or ops[0].name != "linalg.yield" or \
                not _is_zero(ops[0].operands[0]):
            return None
    copy = _op(list(subview.results[0].uses)[0].owner)
    if copy.name != "memref.copy" or copy.operands[1] != subview.results[0] or copy.block != conv.block:
        return None
    source = copy.operands[0]
    if not contraction._static_identity(source.type) or len(subview.operands) != 1:
        return None
    offsets = [int(v) for v in ir.DenseI64ArrayAttr(subview.attributes["static_offsets"])]
    strides = [int(v) for v in ir.DenseI64ArrayAttr(subview.attributes["static_strides"])]
    shape = list(ir.ShapedType(source.type).shape)
    if any(v != 1 for v in strides) or list(ir.DenseI64ArrayAttr(subview.attributes["static_sizes"])) != shape:
        return None
    padded_shape = list(ir.ShapedType(padded.type).shape)
    for d in [0] + list(range(ns + 1, len(shape))):     # N, C (and G): not padded
        if offsets[d] != 0 or shape[d] != padded_shape[d]:
            return None
    if not (fill.is_before_in_block(copy) and subview.is_before_in_block(copy) and copy.is_before_in_block(conv)):
        return None
    between = _between(copy, conv)
    if between is None:
        return None
    for o in between:       # a grouped convolution's filter is transposed there
        if o.name in ("arith.constant", "memref.alloc", "memref.expand_shape", "memref.collapse_shape"):
            continue
        if o.name in ("linalg.fill", "linalg.map", "linalg.transpose") and all(
                contraction.fresh(v) and v != source for v in o.operands[-1:]):
            continue
        return None
    return source, offsets, [copy, subview, fill, alloc]


def _owner(value):
    owner = value.owner
    return _op(owner) if isinstance(owner, (ir.Operation, ir.OpView)) else None


def _const_int(value):
    o = _owner(value)
    if o is None or o.name != "arith.constant" or not isinstance(o.attributes["value"], ir.IntegerAttr):
        return None
    return ir.IntegerAttr(o.attributes["value"]).value


def _and_leaves(value) -> list:
    """The i1 values an `arith.andi` tree combines."""
    o = _owner(value)
    if o is not None and o.name == "arith.andi":
        return _and_leaves(o.operands[0]) + _and_leaves(o.operands[1])
    return [value]


def _cmp(value, predicate: str):
    """The operands of `value` where it is `arith.cmpi <predicate>`, else None."""
    o = _owner(value)
    if o is None or o.name != "arith.cmpi":
        return None
    names = {0: "eq", 5: "sge", 6: "ult"}
    if names.get(ir.IntegerAttr(o.attributes["predicate"]).value) != predicate:
        return None
    return list(o.operands)


def _same(a, b) -> bool:
    return a == b


def _dilated_dim(index_value, dim: int):
    """(low padding, stride, first element, elements kept, the i1 leaves that say it is kept) of
    one index of the dilated copy's load: `select(ok, (q - low) / stride [+ first], 0)` with q
    the generic's index `dim` and ok (q - low >= 0, (q - low) % stride == 0, (q - low) / stride <
    count); or (0, 1, 0, None, []) where it is q itself. None otherwise."""
    o = _owner(index_value)
    if o is not None and o.name == "linalg.index" and ir.IntegerAttr(o.attributes["dim"]).value == dim:
        return 0, 1, 0, None, []
    if _const_int(index_value) == 0:        # a dim of size 1 (the caller checks)
        return 0, 1, 0, 0, []
    if o is None or o.name != "arith.select" or _const_int(o.operands[2]) != 0:
        return None
    ok, src = o.operands[0], o.operands[1]
    start = 0
    so = _owner(src)
    if so is not None and so.name == "arith.addi" and _const_int(so.operands[1]) is not None:
        start, src = _const_int(so.operands[1]), so.operands[0]
    so = _owner(src)
    stride, t = 1, src
    if so is not None and so.name == "arith.divui" and _const_int(so.operands[1]):
        stride, t = _const_int(so.operands[1]), so.operands[0]
    to = _owner(t)
    if to is not None and to.name == "linalg.index":        # no low padding: q - 0 folded
        low, q = 0, to
    elif to is None or to.name != "arith.subi" or _const_int(to.operands[1]) is None:
        return None
    else:
        low, q = _const_int(to.operands[1]), _owner(to.operands[0])
    if q is None or q.name != "linalg.index" or ir.IntegerAttr(q.attributes["dim"]).value != dim:
        return None
    leaves = _and_leaves(ok)
    want = {"sge": False, "eq": stride == 1, "ult": False}
    count = None
    for leaf in leaves:
        c = _cmp(leaf, "sge")
        if c is not None and _same(c[0], t) and _const_int(c[1]) == 0:
            want["sge"] = True
            continue
        c = _cmp(leaf, "eq")
        r = _owner(c[0]) if c is not None else None
        if c is not None and _const_int(c[1]) == 0 and r is not None and r.name == "arith.remui" and \
                _same(r.operands[0], t) and _const_int(r.operands[1]) == stride:
            want["eq"] = True
            continue
        c = _cmp(leaf, "ult")
        if c is not None and _same(c[0], src) and _const_int(c[1]) is not None:
            count = _const_int(c[1])
            want["ult"] = True
            continue
        return None
    if not all(want.values()):
        return None
    return low, stride, start, count, leaves


def _dilated_input(conv, ns: int):
    """The lowering's dilated (and padded) copy of a convolution's input (`ops/linalg._padded_input`'s
    generic, bufferized: each element of a fresh buffer loaded from the input where it is kept,
    zero elsewhere), which only the convolution reads, the input unchanged between: (the input,
    the low padding per dim, the ops to erase, per dim (stride, first element, elements kept)),
    so the kernel reads the input through the same arithmetic. None otherwise (an input read in
    another dimension order, converted as it is copied, ...)."""
    if os.environ.get("SHLO_GPU_READ_DILATION", "1") == "0":     # keep the copy (to compare)
        return None
    padded = conv.operands[0]
    alloc = _owner(padded)
    if alloc is None or alloc.name != "memref.alloc" or alloc.block != conv.block or len(alloc.operands):
        return None
    users = [_op(u.owner) for u in padded.uses]
    others = [u for u in users if u != conv]
    if len(others) != 1 or len(users) != 2:
        return None
    g = others[0]
    if g.name != "linalg.generic" or g.block != conv.block or len(g.operands) != 1 or \
            not g.is_before_in_block(conv) or "reduction" in str(g.attributes["iterator_types"]):
        return None
    rank = len(ir.ShapedType(padded.type).shape)
    body = g.regions[0].blocks[0]
    ops = [_op(o) for o in body.operations]
    if ops[-1].name != "linalg.yield":
        return None
    value, valid = ops[-1].operands[0], None
    sel = _owner(value)
    if sel is not None and sel.name == "arith.select":
        zero = _owner(sel.operands[2])
        if zero is None or zero.name != "arith.constant" or not isinstance(zero.attributes["value"], ir.FloatAttr) \
                or ir.FloatAttr(zero.attributes["value"]).value != 0.0:
            return None
        valid, value = sel.operands[0], sel.operands[1]
    load = _owner(value)
    if load is None or load.name != "memref.load" or len(load.operands) != rank + 1:
        return None
    source = load.operands[0]
    if not contraction._static_identity(source.type) or str(ir.ShapedType(source.type).element_type) != \
            str(ir.ShapedType(padded.type).element_type):
        return None
    shape = list(ir.ShapedType(source.type).shape)
    padded_shape = list(ir.ShapedType(padded.type).shape)
    offsets, lhs, leaves = [], [], []
    for d in range(rank):
        dim = _dilated_dim(load.operands[1 + d], d)
        if dim is None:
            return None
        low, stride, start, count, kept = dim
        if count == 0:          # index 0 of a dim of size 1
            if shape[d] != 1 or padded_shape[d] != 1:
                return None
            count = None
        if count is None:       # the input's own index: the same size, not padded
            if shape[d] != padded_shape[d]:
                return None
            count = shape[d]
        elif d == 0 or d > ns or start + count > shape[d]:     # N, C (and G) never padded
            return None
        offsets.append(low)
        lhs.append((stride, start, count))
        leaves += kept
    given = _and_leaves(valid) if valid is not None else []
    if len(given) != len(leaves) or any(not any(_same(a, b) for b in given) for a in leaves):
        return None
    between = _between(g, conv)
    if between is None:
        return None
    for o in between:
        if o.name in ("arith.constant", "memref.alloc", "memref.expand_shape", "memref.collapse_shape"):
            continue
        if o.name in ("linalg.fill", "linalg.map", "linalg.transpose") and all(
                contraction.fresh(v) and v != source for v in o.operands[-1:]):
            continue
        return None
    return source, offsets, [g, alloc], lhs


def _between(first, last):
    """The ops strictly between two ops of one block."""
    out, inside = [], False
    for o in first.block.operations:
        o = _op(o)
        if o == last:
            return out if inside else None
        if inside:
            out.append(o)
        if o == first:
            inside = True
    return None
