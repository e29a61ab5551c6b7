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

Grouped 2-D convolutions (`conv_2d_nhwgc_gfhwc`: input (N, P..., G, C), filter (G, F, K..., C),
output (N, O..., G, F)) are G such GEMMs, the group the kernel's batch index (the grid's z): A
gathered at channel (g, c), C viewed as (M, G, F), and B the filter viewed as (G, F, K) a group,
its rows along K: the B tile is read as BN rows of K (vectors along K, contiguous there) and
stored transposed into the shared tile, so the lowering's filter layout is read as it is.

Taken: static shapes, identity layouts, f16 / bf16 operands (f32 or same-type result, on the
tensor cores) and f32 / f64 (exact FMA tiles), as contraction.choose takes them. f32
convolutions are never run as TF32 (the lowering marks only dot_general's matmuls). Depthwise
convolutions (`depthwise_*`) and the generic ones stay on the general mapping, one thread per
output.
"""
from __future__ import annotations

from mlir import ir

from . import contraction

OPS = {"linalg.conv_1d_nwc_wcf": 1, "linalg.conv_2d_nhwc_hwcf": 2, "linalg.conv_3d_ndhwc_dhwcf": 3,
       "linalg.conv_2d_nhwgc_gfhwc": 2}
GROUPED = "linalg.conv_2d_nhwgc_gfhwc"      # input (N, P..., G, C), filter (G, F, K..., C), output (N, O..., G, F)


def _ints(op, name: str, ns: int) -> list:
    if name not in op.attributes:
        return [1] * ns
    return [int(x) for x in ir.DenseIntElementsAttr(op.attributes[name])]


class Gather:
    """One convolution's geometry, and the index arithmetic of its operands as matrices."""

    def __init__(self, x_shape, w_shape, y_shape, strides, dilations, types, padding=None, grouped=False):
        # grouped: one GEMM a group, the group the batch index (the grid's z); the filter of a
        # group is (F, K... C), K contiguous: B transposed, read with vectors along K
        self.grouped = grouped
        ns = len(x_shape) - (3 if grouped else 2)
        # padding: (the unpadded input's shape, where it lands in the padded one, per dim);
        # A is then read from the unpadded input, zeros outside it (types[0] is its type)
        self.padding = padding
        self.source, self.pad_ops = None, []
        self.ks = 0                               # the tiling's K step (tiling_of sets it)
        self.ns, self.x_shape, self.w_shape, self.y_shape = ns, list(x_shape), list(w_shape), list(y_shape)
        self.strides, self.dilations = list(strides), list(dilations)
        self.c = x_shape[-1]
        self.f = w_shape[1] if grouped else w_shape[-1]
        self.g = x_shape[-2] if grouped else 1
        self.out = y_shape[1:1 + ns]              # O...
        self.win = w_shape[2:-1] if grouped else w_shape[:-2]     # K...
        self.m = y_shape[0] * _prod(self.out)
        self.k = _prod(self.win) * self.c
        # a 1x1 window, stride 1, over an input of the output's size: A is the input collapsed
        self.gathered = grouped or padding is not None or not (
            all(k == 1 for k in self.win) and all(s == 1 for s in self.strides) and x_shape[1:-1] == self.out)
        self.arg_types = tuple(str(t) for t in types)
        el = [t.rsplit("x", 1)[1].rstrip(">") for t in self.arg_types]     # memref<...xf32>
        self.a_el, self.c_el = el[0], el[2]
        a_view = self.arg_types[0] if self.gathered else f"memref<{self.m}x{self.c}x{el[0]}>"
        if grouped:     # B as (G, F, K), C as (M, G, F)
            self.view_types = (a_view, f"memref<{self.g}x{self.f}x{self.k}x{el[1]}>",
                               f"memref<{self.m}x{self.g}x{self.f}x{el[2]}>")
        else:
            self.view_types = (a_view, f"memref<{self.k}x{self.f}x{el[1]}>", f"memref<{self.m}x{self.f}x{el[2]}>")

    @property
    def b_transposed(self) -> bool:
        """B's rows are its N (the grouped filter's F), K contiguous."""
        return self.grouped

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
        return f"{bz}, {col}, {row}" if which == "b" else f"{row}, {bz}, {col}"

    def views(self, t, kern) -> None:
        """The filter and output (and a plain A) collapsed to matrices, in the kernel's code."""
        rank = self.ns + (3 if self.grouped else 2)
        outer = "[" + ", ".join(str(i) for i in range(rank - 1)) + f"], [{rank - 1}]"
        for which, i, arg in (("a", 0, "%A"), ("b", 1, "%B"), ("c", 2, "%C")):
            if which == "a" and self.gathered:
                continue
            if self.grouped:        # B (G, F, K...): (G, F, K); C (N, O..., G, F): (M, G, F)
                groups = "[[0], [1], [" + ", ".join(str(j) for j in range(2, rank)) + "]]" if which == "b" else \
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
            shape, offsets = self.padding
            for i in range(self.ns):
                if offsets[1 + i] == 0 and shape[1 + i] == self.x_shape[1 + i]:
                    continue
                if offsets[1 + i]:      # below the low padding: wraps past the size (unsigned)
                    spatial[i] = t.op(f"arith.subi {spatial[i]}, {t.c(offsets[1 + i])} : index")
                inside = t.op(f"arith.cmpi ult, {spatial[i]}, {t.c(shape[1 + i])} : index")
                guard = inside if guard is None else t.op(f"arith.andi {guard}, {inside} : i1")
        return ", ".join([n] + spatial + ([bz] if self.grouped else []) + [c]), guard

    def erase_padding(self) -> None:
        """The padded input's fill, copy and allocation, once the kernel reads the input."""
        for op in self.pad_ops:
            op.erase()


def _prod(xs) -> int:
    out = 1
    for x in xs:
        out *= x
    return out


def tiling_of(op) -> contraction.Tiling | None:
    """The tiling of a bufferized convolution as a GEMM, or None where it stays on the general
    mapping (dynamic sizes, strided views, element types contraction.choose does not take)."""
    ns = OPS.get(op.name)
    if ns is None or len(op.operands) != 3:
        return None
    grouped = op.name == GROUPED
    rank = ns + (3 if grouped else 2)
    types = [v.type for v in op.operands]
    if not all(contraction._static_identity(x) for x in types):
        return None
    x, w, y = (list(ir.ShapedType(x).shape) for x in types)
    if len(x) != rank or len(w) != rank or len(y) != rank or 0 in x + w + y:
        return None
    strides, dilations = _ints(op, "strides", ns), _ints(op, "dilations", ns)
    if len(strides) != ns or len(dilations) != ns or x[0] != y[0]:
        return None
    if grouped:     # (N, P..., G, C) (G, F, K..., C) (N, O..., G, F)
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
    folded = _zero_padding(op, ns)
    if folded is not None:
        source, offsets, pad_ops = folded
        shape = list(ir.ShapedType(source.type).shape)
        g = Gather(x, w, y, strides, dilations, [source.type] + types[1:], (shape, offsets), grouped)
        g.source, g.pad_ops = source, pad_ops
    else:
        g = Gather(x, w, y, strides, dilations, types, grouped=grouped)
    tl = contraction.choose(g.g, g.m, g.f, g.k, els[0], els[2], fit_n=True)
    if tl is None:
        return None
    # A's vectors run along c: within one window position, aligned to their width
    tl.va = contraction._width(g.c, 128 // tl.bits)
    if g.b_transposed:      # B's along K, contiguous in each of the filter's (F, K) rows
        tl.vb = contraction._width(g.k, 128 // tl.bits)
    if tl.kind == "mma" and g.k >= 64:
        # K steps of 64: half the barriers and steps of 32 (a convolution's K is short: 576 for
        # a 3x3 over 64 features). On an H200 (one call): 1x1 256 -> 64 0.097 -> 0.085 ms, 3x3
        # stride 2 0.078 -> 0.067, 3x3 64 -> 64 0.087 -> 0.088
        tl.ks = 64
    g.ks = tl.ks
    tl.gather = g
    return tl


def _op(x):
    return x.operation if hasattr(x, "operation") else x


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
