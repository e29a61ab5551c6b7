"""Depthwise convolutions: a kernel of their own, the input window of a block in shared memory.

A bufferized static `linalg.depthwise_conv_{1,2,3}d_n*c_*cm` (input (N, P..., C), filter
(K..., C, M), output (N, O..., C, M)) has one input channel a group: as a GEMM a group its K
would be the window's taps (9 for a 3x3) and its N the multiplier M (often 1), which leaves a
tensor-core or register tile almost all padding. It is memory-bound: each input element is
used by up to K... outputs of one channel, so the reuse to capture is the window's. Here

    block (bx, by, bz) = (channel tile of CT channels, tile of TO... output positions, n)
    shared            the input window those outputs read, (TO_i - 1) * s_i + (K_i - 1) * d_i + 1
                      positions per dimension, x CT channels, copied once (channels innermost:
                      neighbouring threads read neighbouring channels), zeros in the padding
    thread t          channel t % CT, output positions t / CT + j * (256 / CT) of the tile, all
                      M multipliers; per tap one filter load, then the tap's term of each of its
                      outputs (taps in order, out + x * w from the initial value, as the linalg
                      op sums: the CPU back end's order)

Where the lowering's zero padding is a zero-filled buffer the input was copied into, the window
is read from the unpadded input, zeros outside (as convolution.py's gather). The store writes
the output (the zero fill dropped), or an element-wise op's result where one alone reads it
(contraction.py's fused epilogues). `mode="cpu"` writes the same blocks and per-thread code as
loops (the copy for all 256 threads, then the compute, where the GPU has its barrier) for
`compiler.cpu_check`.

Not taken (general mapping): dynamic sizes, strided views, a window over 48 KiB of shared
memory, more than 2048 unrolled terms a thread.
"""
from __future__ import annotations

from mlir import ir

from . import contraction
from .contraction import _Text, _add, _and, _lt, _mul
from .convolution import _ints, _op, _zero_padding

OPS = {"linalg.depthwise_conv_1d_nwc_wcm": 1, "linalg.depthwise_conv_2d_nhwc_hwcm": 2,
       "linalg.depthwise_conv_3d_ndhwc_dhwcm": 3}
THREADS = 256
SHARED_BYTES = 48 * 1024      # static shared memory a block may have without opting in
MAX_TERMS = 2048              # taps x positions x multipliers a thread, unrolled
_BITS = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}


def _prod(xs) -> int:
    out = 1
    for x in xs:
        out *= x
    return out


class Tiling:
    """One depthwise convolution's geometry and blocks."""

    def __init__(self, x, w, y, strides, dilations, els):
        ns = len(x) - 2
        self.ns, self.x, self.w, self.y = ns, list(x), list(w), list(y)
        self.strides, self.dilations = list(strides), list(dilations)
        self.c, self.mult = x[-1], w[-1]
        self.win = w[:ns]
        self.out = y[1:1 + ns]
        self.x_el, self.w_el, self.y_el = els
        self.ct = min(32, 1 << max(0, self.c - 1).bit_length())          # channels a block
        # output positions a block: 8 x 8 over the last two spatial dims (1-D: 64), one elsewhere
        self.to = [1] * ns
        if ns == 1:
            self.to[0] = min(64, self.out[0])
        else:
            self.to[-1], self.to[-2] = min(8, self.out[-1]), min(8, self.out[-2])
        self.span = [(t - 1) * s + (k - 1) * d + 1 for t, s, k, d in zip(self.to, self.strides, self.win, self.dilations)]
        self.padding = None             # (unpadded input's shape, low padding per dim)
        self.source, self.pad_ops = None, []
        self.x_type = None              # the input buffer the kernel reads (the unpadded one where folded)

    @property
    def tiles(self) -> list:
        return [-(-o // t) for o, t in zip(self.out, self.to)]

    @property
    def grid(self):
        return (-(-self.c // self.ct), _prod(self.tiles), self.y[0])

    @property
    def groups(self) -> int:        # threads a channel
        return THREADS // self.ct

    @property
    def per_thread(self) -> int:    # output positions a thread
        return -(-_prod(self.to) // self.groups)

    def shared_type(self, cpu: bool) -> str:
        space = "" if cpu else ", #gpu.address_space<workgroup>"
        return f"memref<{'x'.join(str(s) for s in self.span)}x{self.ct}x{self.x_el}{space}>"

    def fits(self) -> bool:
        shared = _prod(self.span) * self.ct * _BITS[self.x_el] // 8
        terms = _prod(self.win) * self.per_thread * self.mult
        return shared <= SHARED_BYTES and terms <= MAX_TERMS and max(self.grid[1:]) <= 65535


def tiling_of(op) -> Tiling | None:
    """The tiling of a bufferized depthwise convolution, or None (general mapping)."""
    ns = OPS.get(op.name)
    if ns is None or len(op.operands) != 3:
        return None
    types = [v.type for v in op.operands]
    if not all(contraction._static_identity(t) for t in types[1:]):
        return None
    x, w, y = (list(ir.ShapedType(t).shape) for t in types)
    if len(x) != ns + 2 or len(w) != ns + 2 or len(y) != ns + 3 or 0 in x + w + y:
        return None
    strides, dilations = _ints(op, "strides", ns), _ints(op, "dilations", ns)
    if len(strides) != ns or len(dilations) != ns or x[0] != y[0] or not x[-1] == w[-2] == y[-2] or w[-1] != y[-1]:
        return None
    for i in range(ns):
        if (y[1 + i] - 1) * strides[i] + (w[i] - 1) * dilations[i] + 1 > x[1 + i]:
            return None
    els = [str(ir.ShapedType(t).element_type) for t in types]
    if not all(e in _BITS for e in els) or els[0] != els[1] or (els[2] != els[0] and els[2] != "f32"):
        return None
    tl = Tiling(x, w, y, strides, dilations, els)
    if not tl.fits():
        return None
    folded = _folded_padding(op, ns)
    if folded is not None:
        tl.source, offsets, tl.pad_ops = folded
        tl.padding = (list(ir.ShapedType(tl.source.type).shape), offsets)
        tl.x_type = str(tl.source.type)
    elif contraction._static_identity(types[0]):
        tl.x_type = str(types[0])
    else:
        return None
    return tl


def _folded_padding(op, ns: int):
    """convolution._zero_padding, also through the lowering's view of the padded buffer that
    merges the channel with the unit group size after it ((N, P..., C, 1) -> (N, P..., C))."""
    view = op.operands[0].owner
    if isinstance(view, (ir.Operation, ir.OpView)) and _op(view).name == "memref.collapse_shape":
        view = _op(view)
        if len(list(view.results[0].uses)) != 1 or view.block != op.block:
            return None
        shape = list(ir.ShapedType(view.operands[0].type).shape)
        if len(shape) != ns + 3 or shape[-1] != 1:
            return None
        folded = _zero_padding(op, ns, reader=view)
        if folded is None:
            return None
        source, offsets, pad_ops = folded
        return source, offsets, [view] + pad_ops
    return _zero_padding(op, ns)


class _Kernel:
    def __init__(self, tl: Tiling, y_ty: str, cpu: bool, overwrite: bool, epilogue):
        self.tl, self.y_ty, self.cpu, self.overwrite, self.epilogue = tl, y_ty, cpu, overwrite, epilogue

    def _split(self, t: _Text, value: str, sizes: list) -> list:
        parts, rest = [], value
        for size in reversed(sizes[1:]):
            parts.append(t.op(f"arith.remui {rest}, {t.c(size)} : index"))
            rest = t.op(f"arith.divui {rest}, {t.c(size)} : index")
        return [rest] + parts[::-1]

    def origin(self, t: _Text, by: str) -> list:
        """The tile's first output position per dimension."""
        tl = self.tl
        return [_mul(t, i, to) for i, to in zip(self._split(t, by, tl.tiles), tl.to)]

    def copy(self, t: _Text, tid: str, n: str, c0: str, o0: list, ws: str) -> None:
        """This thread's elements of the window into the shared buffer (zeros outside the input)."""
        tl = self.tl
        count = _prod(tl.span) * tl.ct
        for i in range(-(-count // THREADS)):
            s = _add(t, tid, t.c(i * THREADS)) if i else tid
            live = _lt(t, s, count) if count % THREADS and (i + 1) * THREADS > count else None
            cl = t.op(f"arith.remui {s}, {t.c(tl.ct)} : index")
            pos = self._split(t, t.op(f"arith.divui {s}, {t.c(tl.ct)} : index"), tl.span)
            c = _add(t, c0, cl)
            guard = _and(t, live, _lt(t, c, tl.c) if tl.c % tl.ct else None)
            index = [n]
            for d in range(tl.ns):
                at = _add(t, _mul(t, o0[d], tl.strides[d]), pos[d])
                bound = tl.x[1 + d]
                if tl.padding is not None:
                    shape, offsets = tl.padding
                    if offsets[1 + d]:       # below the low padding: wraps past the size
                        at = t.op(f"arith.subi {at}, {t.c(offsets[1 + d])} : index")
                    bound = shape[1 + d]
                if tl.out[d] % tl.to[d] or tl.padding is not None:      # a window past the input
                    guard = _and(t, guard, _lt(t, at, bound))
                index.append(at)
            index.append(c)
            if tl.padding is not None and len(tl.padding[0]) == tl.ns + 3:
                index.append(t.c(0))        # the unit group dimension of (N, P..., C, 1)
            load = f"memref.load %X[{', '.join(index)}] : {tl.x_type}"
            val = t.guarded(guard, load, tl.x_el, t.c(0.0, tl.x_el))
            store = f"memref.store {val}, {ws}[{', '.join(pos + [cl])}] : {tl.shared_type(self.cpu)}"
            if live is not None:
                t.raw(f"scf.if {live} {{")
                t.raw("  " + store)
                t.raw("}")
            else:
                t.raw(store)

    def compute(self, t: _Text, tid: str, n: str, c0: str, o0: list, ws: str) -> None:
        """This thread's outputs from the shared window: taps outer (one filter load each),
        then each position and multiplier; stored at the end."""
        tl = self.tl
        acc_el = tl.y_el
        cl = t.op(f"arith.remui {tid}, {t.c(tl.ct)} : index")
        pg = t.op(f"arith.divui {tid}, {t.c(tl.ct)} : index")
        c = _add(t, c0, cl)
        c_live = _lt(t, c, tl.c) if tl.c % tl.ct else None
        cs = t.op(f"arith.minui {c}, {t.c(tl.c - 1)} : index") if c_live is not None else c   # loads stay inside
        npos = _prod(tl.to)
        cells = []              # (local position, guard)
        for j in range(tl.per_thread):
            p = _add(t, pg, t.c(j * tl.groups)) if j else pg
            guard = _lt(t, p, npos) if npos % tl.groups and (j + 1) * tl.groups > npos else None
            local = self._split(t, p, tl.to)
            if guard is not None:   # a position past the tile reads the window's first (in bounds)
                local = [t.op(f"arith.select {guard}, {v}, {t.c(0)} : index") for v in local]
            cells.append((local, guard))
        accs = {}
        for j, _ in enumerate(cells):
            for m in range(tl.mult):
                if self.overwrite:
                    accs[j, m] = t.c(0.0, acc_el)
                else:
                    accs[j, m] = None       # loaded from C below (cells' outputs)
        outs = {}
        for j, (local, guard) in enumerate(cells):
            o = [_add(t, a, b) for a, b in zip(o0, local)]
            g = guard
            for d in range(tl.ns):
                if tl.out[d] % tl.to[d]:
                    g = _and(t, g, _lt(t, o[d], tl.out[d]))
            g = _and(t, g, c_live)
            # positions past the output: clamp so that loads stay in bounds, store skipped
            oc = [t.op(f"arith.minui {v}, {t.c(tl.out[d] - 1)} : index") if tl.out[d] % tl.to[d] else v
                  for d, v in enumerate(o)]
            outs[j] = (oc, g)
            if not self.overwrite:
                for m in range(tl.mult):
                    accs[j, m] = t.op(f"memref.load %Y[{', '.join([n] + oc + [cs, t.c(m)])}] : {self.y_ty}")
        sty = tl.shared_type(self.cpu)
        taps = _taps(tl.win)
        for tap in taps:
            ws_vals = []
            for m in range(tl.mult):
                wv = t.op(f"memref.load %W[{', '.join([t.c(k) for k in tap] + [cs, t.c(m)])}] : {self.w_ty}")
                ws_vals.append(wv if tl.w_el == acc_el else t.op(f"arith.extf {wv} : {tl.w_el} to {acc_el}"))
            for j, (local, _) in enumerate(cells):
                at = []
                for d in range(tl.ns):
                    a = local[d] if tl.strides[d] == 1 else _mul(t, local[d], tl.strides[d])
                    at.append(_add(t, a, t.c(tap[d] * tl.dilations[d])) if tap[d] else a)
                xv = t.op(f"memref.load {ws}[{', '.join(at + [cl])}] : {sty}")
                if tl.x_el != acc_el:
                    xv = t.op(f"arith.extf {xv} : {tl.x_el} to {acc_el}")
                for m in range(tl.mult):
                    prod = t.op(f"arith.mulf {xv}, {ws_vals[m]} : {acc_el}")
                    accs[j, m] = t.op(f"arith.addf {accs[j, m]}, {prod} : {acc_el}")
        for j in range(len(cells)):
            oc, g = outs[j]
            body = []
            for m in range(tl.mult):
                v = accs[j, m]
                if self.epilogue is not None:      # replaced by the op's body (contraction._inline_epilogue)
                    y = t.fresh()
                    ins, tys = [v], [acc_el]
                    at = [n] + oc + [cs, t.c(m)]      # the output's (n, o..., c, m)
                    for e, ty, el, dims in self.extras:     # a bias: its element there
                        ev = t.fresh()
                        body.append(f"{ev} = memref.load {e}[{', '.join(at[d] for d in dims)}] : {ty}")
                        ins.append(ev)
                        tys.append(el)
                    body.append(f"{y} = builtin.unrealized_conversion_cast {', '.join(ins)} : {', '.join(tys)} to "
                                f"{self.epilogue[1]} {{{contraction.EPILOGUE} = \"{self.epilogue[0]}\"}}")
                    v = y
                body.append(f"memref.store {v}, %Y[{', '.join([n] + oc + [cs, t.c(m)])}] : {self.y_ty}")
            t.under(g, body)


def _taps(win: list) -> list:
    taps = [[]]
    for k in win:
        taps = [tap + [i] for tap in taps for i in range(k)]
    return taps


def function_text(name: str, tl: Tiling, w_ty: str, y_ty: str, mode: str, overwrite: bool, epilogue=None,
                  extras=()) -> str:
    """A func.func `name`(X, W, Y, E...): the depthwise convolution of X and W into Y as a
    gpu.launch (`mode="gpu"`) or the same blocks and threads as loops (`mode="cpu"`); `epilogue`
    and `extras` as contraction.function_text's."""
    cpu = mode == "cpu"
    kern = _Kernel(tl, y_ty, cpu, overwrite, epilogue)
    kern.extras = [(f"%E{j}", ty, el, dims) for j, (ty, el, dims) in enumerate(extras)]
    kern.w_ty = w_ty
    t = _Text()
    gx, gy, gz = tl.grid
    if not cpu:
        t.raw(f"gpu.launch blocks(%bx, %by, %bz) in (%gx = {t.c(gx)}, %gy = {t.c(gy)}, %gz = {t.c(gz)}) "
              f"threads(%tx, %ty, %tz) in (%sx = {t.c(THREADS)}, %sy = {t.c(1)}, %sz = {t.c(1)}) "
              f"workgroup(%Ws : {tl.shared_type(False)}) {{")
        c0, o0 = _mul(t, "%bx", tl.ct), kern.origin(t, "%by")
        kern.copy(t, "%tx", "%bz", c0, o0, "%Ws")
        t.raw("gpu.barrier")
        kern.compute(t, "%tx", "%bz", c0, o0, "%Ws")
        t.raw("gpu.terminator")
        t.raw("}")
    else:
        ws = t.fresh("ws")
        t.raw(f"{ws} = memref.alloca() : {tl.shared_type(True)}")
        one = t.c(1)
        t.raw(f"scf.for %bz = {t.c(0)} to {t.c(gz)} step {one} {{")
        t.raw(f"scf.for %by = {t.c(0)} to {t.c(gy)} step {one} {{")
        t.raw(f"scf.for %bx = {t.c(0)} to {t.c(gx)} step {one} {{")
        c0, o0 = _mul(t, "%bx", tl.ct), kern.origin(t, "%by")
        t.raw(f"scf.for %tid = {t.c(0)} to {t.c(THREADS)} step {one} {{")
        kern.copy(t, "%tid", "%bz", c0, o0, ws)
        t.raw("}")
        t.raw(f"scf.for %tid = {t.c(0)} to {t.c(THREADS)} step {one} {{")
        kern.compute(t, "%tid", "%bz", c0, o0, ws)
        t.raw("}")
        t.raw("}")
        t.raw("}")
        t.raw("}")
    body = [line for _, line in t.consts.values()] + t.lines
    params = "".join(f", {e}: {ty}" for e, ty, _, _ in kern.extras)
    return (f"func.func private @{name}(%X: {tl.x_type}, %W: {w_ty}, %Y: {y_ty}{params}) {{\n  "
            + "\n  ".join(body) + "\n  return\n}")


def replace_depthwise(module: ir.Module, entry: ir.Operation, mode: str) -> int:
    """Each top-level depthwise convolution of the bufferized `entry` that `tiling_of` takes
    becomes this module's kernel (mode "gpu") or its CPU form ("cpu"). Returns how many."""
    targets, previous = [], None
    for op in entry.regions[0].blocks[0].operations:
        op = _op(op)
        tl = tiling_of(op) if op.name in OPS else None
        if tl is not None:
            fill = previous if contraction._zero_fill_of(previous, op.operands[2]) else None
            targets.append((op, tl, fill))
        previous = op
    for i, (op, tl, fill) in enumerate(targets):
        y_ty = str(op.operands[2].type)
        epi = contraction._epilogue_of(op, fill) if fill is not None and contraction.fused_epilogues() else None
        epilogue = None
        extras = []
        if epi is not None:
            d = epi.operands[len(epi.operands) - 1]
            extras = contraction.epilogue_inputs(epi, op.operands[2])
            for v, _ in extras:
                contraction.hoist_fresh(v, op)
            contraction.hoist_fresh(d, op)
            epilogue = (f"shlo_dw_epilogue_{i}", contraction._el(d.type))
            y_ty = str(d.type)
        text = function_text(f"shlo_depthwise_{i}", tl, str(op.operands[1].type), y_ty, mode,
                             overwrite=fill is not None, epilogue=epilogue,
                             extras=[(str(v.type), contraction._el(v.type), dims) for v, dims in extras])
        if fill is not None:
            fill.erase()
        fn = ir.Operation.parse(text, context=module.context)
        block = fn.regions[0].blocks[0]
        operands = [tl.source if tl.source is not None else op.operands[0], op.operands[1],
                    epi.operands[len(epi.operands) - 1] if epi is not None else op.operands[2]]
        operands += [v for v, _ in extras]
        for arg, value in zip(block.arguments, operands):
            arg.replace_all_uses_with(value)
        moved = []
        for inner in list(block.operations):
            inner = _op(inner)
            if inner.name == "func.return":
                break
            inner.move_before(op)
            moved.append(inner)
        fn.erase()
        y_buffer = op.operands[2]
        op.erase()
        if epi is not None:
            contraction._inline_epilogue(moved, epilogue[0], epi, y_buffer)
            epi.erase()
            owner = y_buffer.owner
            owner = _op(owner) if isinstance(owner, (ir.Operation, ir.OpView)) else None
            if owner is not None and owner.name == "memref.alloc" and not list(y_buffer.uses):
                owner.erase()
        for pad_op in tl.pad_ops:
            pad_op.erase()
    return len(targets)
