"""Contractions through shared memory: a bufferized static `linalg.matmul` / `batch_matmul`
replaced by a kernel written here, tile by tile.

Each block owns a BM x BN output tile and walks K in steps of KS. Per step its 256 threads
copy the A (BM x KS) and B (KS x BN) tiles from global memory (vector loads of up to 16 bytes,
zeros past the edges) into workgroup memory, meet at a barrier, accumulate from the shared
tiles into registers, and meet again. At the end each thread adds its accumulators into C
(read, add, write: any initial C is kept), skipping outputs past the edges.

Two ways to accumulate:

* `mma` (A and B f16 or bf16, C f32 or the same type): 8 warps, 2 x 4, each a warp tile of
  TM x TN `nvgpu.mma.sync` tiles of 16x8x16 with f32 accumulators, fragments read from the
  shared tiles in the register layout of PTX's `mma.m16n8k16` (thread `lane` holds rows
  `lane / 4` (+8), columns `2 * (lane % 4)` (+1, +8)).
* `simt` (f32 / f64): 16 x 16 threads, each a T x T tile of outer-product FMAs, A stored
  transposed in shared memory so that a thread's T values of A and of B are one vector load.

`mode="gpu"` writes the `gpu.launch` (thread ids, barriers, accumulators carried in
registers over the K loop). `mode="cpu"` writes the same tiles and the same per-thread code as
sequential loops for `compiler.cpu_check`: blocks, then per phase a loop over the 256 threads,
each thread's accumulators kept in memory between phases (where the barriers are). The
tensor-core op cannot run on a CPU: there each warp's `mma.sync` is emulated from the
fragments its 32 threads loaded, with the inverse of the same PTX layout (which lane and
register hold A[i][k], B[k][j], C[i][j]), written separately from the loads, so a load that
puts an element in the wrong lane or register gives wrong numbers on the CPU too.
"""
from __future__ import annotations

import copy
import math
import os
import re

from mlir import ir
from .irop import operation_of as _op

THREADS = 256
WARPS_M, WARPS_N = 2, 4          # warps of an mma block, as rows x columns
MIN_BLOCKS = 264                 # two blocks per multiprocessor of an H100 / H200 (132 SMs)
PAD = 8                          # elements added to each shared row of the mma tiles


def enabled() -> bool:
    """SHLO_GPU_SHARED_TILES=0 leaves contractions to schedules.py's register tiles (to compare)."""
    return os.environ.get("SHLO_GPU_SHARED_TILES", "1") != "0"


def tf32_default() -> bool:
    """SHLO_GPU_TF32=1: the default of compile_cuda's `tf32` option (see `tf32_for`)."""
    return os.environ.get("SHLO_GPU_TF32", "0") == "1"


def tf32_for(op, tf32: bool) -> bool:
    """Whether f32 matmul `op` runs on the tensor cores as TF32 (operands rounded to 10-bit
    mantissas, f32 accumulators): where its dot_general's algorithm asks for it, or, with the
    `tf32` option, where its precision is DEFAULT (as XLA does on these GPUs). HIGH / HIGHEST
    and dots the option does not reach stay exact f32, as the interpreter computes them
    (lowering/ops/linalg.py marks each matmul)."""
    from ..ops.linalg import F32_PRODUCT_HINT
    hint = ir.StringAttr(op.attributes[F32_PRODUCT_HINT]).value if F32_PRODUCT_HINT in op.attributes else None
    return hint == "tf32" or (hint == "default" and tf32)


def prefetch() -> bool:
    """Each K step's global loads are issued during the step before and kept in registers until
    its barrier (the GPU form only), unless SHLO_GPU_PREFETCH=0. On an H200 (three runs, two
    sessions) it took the 4096^3 matmuls from 3.71 to 3.36 ms (f32) and 0.67 to 0.60 ms (bf16).
    Not for f32 on the tensor cores as TF32: there it took 1.10 to 1.47 ms (one run)."""
    return os.environ.get("SHLO_GPU_PREFETCH", "1") != "0"


class Tiling:
    """The tiles of one contraction: B batches of M x K times K x N."""

    def __init__(self, kind, b, m, n, k, a_el, c_el, tm, tn=None, warps=(WARPS_M, WARPS_N)):
        self.kind, self.b, self.m, self.n, self.k = kind, b, m, n, k
        self.a_el, self.c_el = a_el, c_el
        self.warps_m, self.warps_n = warps if kind == "mma" else (WARPS_M, WARPS_N)
        self.threads = 32 * self.warps_m * self.warps_n     # THREADS but for pipelined mma tilings
        if kind == "mma":
            self.tm, self.tn = tm, tn              # mma tiles (16 x 8) per warp
            self.bm, self.bn, self.ks = self.warps_m * 16 * tm, self.warps_n * 8 * tn, 32
            self.tf32 = a_el == "f32"              # m16n8k8 .tf32, one element a register
            self.kstep, self.w = (8, 1) if self.tf32 else (16, 2)
        else:
            self.t = tm                             # outputs per thread along each dimension
            self.bm = self.bn = 16 * tm
            self.ks = 16
        bits = 16 if a_el in ("f16", "bf16") else (64 if a_el == "f64" else 32)
        self.va = _width(k, 128 // bits)            # A's vector loads run along K
        self.vb = _width(n, 128 // bits)            # B's along N
        self.bits = bits
        self.gather = None                          # convolution.Gather: A read through a convolution's windows
        # pack > 1 (a grouped convolution with few features a group): the block computes `pack`
        # groups (b counts blocks of them), each in its own `unit` columns, A tile BM x pack x KS
        self.pack, self.unit = 1, 0
        # split > 1 (split_k): b counts slices of K (each k long) whose partial products go to
        # a buffer of `split` copies of C, summed into C by a launch after the kernel
        self.split = 1
        self.batches = 1          # a batch split too (split_batches): the batches; b = batches * split
        # stages > 0 (mma only, `pipelined`): the shared tiles are `stages` deep, filled with
        # cp.async a few K steps ahead, one barrier a step; ldx4: B's fragments read two column
        # tiles an ldmatrix (x4 transposed) rather than one (x2)
        self.stages, self.ldx4 = 0, False
        self.ahead = False        # pipelined: fragments read a k step ahead, across the barrier (mma_ahead)
        self.round_shared = False     # pipelined TF32: operands rounded in the shared tiles (tf32_round_shared)
        self.bcols = False        # pipelined TF32, 64 x 64 warp tiles: B's columns interleaved (tf32_b_columns)

    @property
    def a_groups(self) -> int:
        """A fragments a warp reads for each row tile: one a group its column tiles cover (packed),
        else one."""
        return max(1, 8 * self.tn // self.unit) if self.pack > 1 and self.kind == "mma" else 1

    def a_frag(self, im: int, jn: int) -> int:
        """The A fragment column tile jn of row tile im multiplies: its group's (packed)."""
        return im * self.a_groups + (8 * jn // self.unit if self.a_groups > 1 else 0)

    @property
    def grid(self):
        return (-(-self.n // self.bn), -(-self.m // self.bm), self.b)


def _width(extent: int, most: int) -> int:
    w = most
    while w > 1 and extent % w:
        w //= 2
    return w


def split_k() -> bool:
    """A matmul whose output tiles give too few blocks may split K (see `_split`), unless
    SHLO_GPU_SPLIT_K=0."""
    return os.environ.get("SHLO_GPU_SPLIT_K", "1") != "0"


MAX_SPLIT = 16                   # K slices at most
# blocks a split must give: about two a multiprocessor (256 of 32 x 32 with K 256 rather than
# 512 of 16 x 16 with K 512 for the decoder's 256 x 512 x 512 output projection: the 16 x 16
# tiles of one output a thread ran three times slower per FLOP than 32 x 32 ones on the H200)
SPLIT_BLOCKS = 256               # SHLO_GPU_SPLIT_BLOCKS overrides it (an A/B: decoder_split264)
MIN_SLICE = 256                  # K a slice at least: shorter ones spend more on the partial sums


def min_slice() -> int:
    """MIN_SLICE, or SHLO_GPU_SPLIT_MIN_SLICE (128: the decoder's f32 projections get 64 x 64
    blocks of 4 x 4 outputs a thread, K cut in 4, rather than 32 x 32 of 2 x 2 unsplit; an A/B
    for the device, benchmarks/gpu.py decoder_slice128)."""
    return int(os.environ.get("SHLO_GPU_SPLIT_MIN_SLICE", MIN_SLICE))


def _split(tl: Tiling, k: int) -> Tiling | None:
    """`tl` with K cut into the fewest slices (a power of two, each a multiple of the K step
    and MIN_SLICE or longer) that give SPLIT_BLOCKS blocks, each slice's blocks on the grid's z
    writing a partial C; None where no such split exists. One matrix (not a batch) with an f32
    / f64 C only (the partials are kept in C's type). On an H200 the decoder's 256 x 2048 x 512
    MLP projection took 168 us (ncu) as 512 blocks of 16 x 16 with K 2048, three times the
    time per FLOP of the 256 x 512 x 2048 one (512 blocks of 32 x 32, K 512)."""
    if (tl.b != 1 and not split_batches()) or tl.c_el not in ("f32", "f64"):
        return None
    gx, gy, gz = tl.grid
    s = 2
    shortest = min_slice() if tl.b == 1 else BATCH_MIN_SLICE
    while s <= MAX_SPLIT and k % (s * tl.ks) == 0 and k // s >= shortest:
        if gx * gy * gz * s >= int(os.environ.get("SHLO_GPU_SPLIT_BLOCKS", SPLIT_BLOCKS)):
            out = Tiling(tl.kind, tl.b * s, tl.m, tl.n, k // s, tl.a_el, tl.c_el, tl.tm if tl.kind == "mma" else tl.t,
                         tl.tn if tl.kind == "mma" else None)
            out.split, out.batches = s, tl.b
            return out
        s *= 2
    return None


BATCH_MIN_SLICE = 128            # a batch's K (attention's probs @ v: 256) split into slices this long or longer


def split_batches() -> bool:
    """Batch matmuls split K too (the batch and the slice both on the grid's z;
    SHLO_GPU_SPLIT_BATCHES=0 turns it off): the decoder's probs @ v (8 x 256 x 256 @ 256 x 64) ran
    512 blocks of 16 x 16 tiles of one output a thread (22.6 us in ncu on the H200); split, 32 x 32
    tiles with K in 2. On the H200 (2026-11-28) the decoder took 0.172 ms back to back with it,
    0.187 without."""
    return os.environ.get("SHLO_GPU_SPLIT_BATCHES", "1") != "0"


def choose(b: int, m: int, n: int, k: int, a_el: str, c_el: str, tf32: bool = False,
           fit_n: bool = False, split: bool = False) -> Tiling | None:
    """The tiling for these sizes and element types (names as MLIR prints them), or None;
    `tf32`: f32 on the tensor cores; `fit_n`: no block tile wider than N rounded up to a power
    of two (a convolution's 64 output features: 128-wide blocks would compute half zeros);
    `split`: K may be split where the output tiles give too few blocks (`_split`)."""
    tl = _choose(b, m, n, k, a_el, c_el, tf32, fit_n, split)
    # the grid's y (M blocks) and z (batches) take at most 65535: beyond, the general mapping
    if tl is not None and max(tl.grid[1:]) > 65535:
        return None
    return tl


def _choose(b, m, n, k, a_el, c_el, tf32, fit_n, split=False):
    """choose's tiling before the grid's limits: the largest tiles that give MIN_BLOCKS blocks,
    with K split (`split`) where that is what gives them."""
    def fits(width, t):
        return not fit_n or t == 1 or width * t <= 1 << max(0, n - 1).bit_length()
    if (a_el in ("f16", "bf16") and c_el in ("f32", a_el)) or (a_el == c_el == "f32" and tf32):
        for t in (4, 2, 1):
            tn = max(u for u in (4, 2, 1) if u <= t and fits(WARPS_N * 8, u))
            tl = Tiling("mma", b, m, n, k, a_el, c_el, t, tn)
            gx, gy, gz = tl.grid
            if gx * gy * gz >= MIN_BLOCKS:
                return tl
            cut = _split(tl, k) if split else None
            if cut is not None or t == 1:
                return cut or tl
    if a_el == c_el and a_el in ("f32", "f64"):
        for t in (8, 4, 2, 1):
            if not fits(16, t):
                continue
            tl = Tiling("simt", b, m, n, k, a_el, c_el, t)
            gx, gy, gz = tl.grid
            if gx * gy * gz >= MIN_BLOCKS:
                return tl
            cut = _split(tl, k) if split else None
            if cut is not None or t == 1:
                return cut or tl
    return None


def mma_stages() -> int:
    """SHLO_GPU_MMA_STAGES=N: matmuls on the tensor cores fill N-deep shared tiles with cp.async
    (`pipelined`; 3 by default: on the H200 the 4096^3 bf16 matmul took 0.441 ms with 3 or 4
    stages, 0.524 ms with one); 0 or 1: one stage, loads a step ahead in registers (`prefetch`)."""
    return int(os.environ.get("SHLO_GPU_MMA_STAGES", "3"))


def mma_warp_tile() -> tuple:
    """SHLO_GPU_MMA_WARP_TILE="TM,TN": the mma tiles (16 x 8) of a warp a pipelined matmul tries
    first where the largest tiles are taken (default 4,8: 64 x 64 warp tiles, blocks 128 x 256 of
    8 warps; on the H200 the 4096^3 bf16 matmul took 0.421 ms so and 0.441 with 64 x 32 ones),
    where that still gives MIN_BLOCKS blocks."""
    tm, tn = os.environ.get("SHLO_GPU_MMA_WARP_TILE", "4,8").split(",")
    return int(tm), int(tn)


def mma_warps() -> tuple:
    """SHLO_GPU_MMA_WARPS="WM,WN": the warps of a pipelined matmul's block, rows x columns (2,2 with
    64 x 64 warp tiles: blocks 128 x 128 of 128 threads)."""
    wm, wn = os.environ.get("SHLO_GPU_MMA_WARPS", f"{WARPS_M},{WARPS_N}").split(",")
    return int(wm), int(wn)


def mma_k_step(tl: Tiling) -> int:
    """SHLO_GPU_MMA_KS: the K step of pipelined tiling `tl` (32 or 64); by default 64 for f16 /
    bf16 64 x 64 warp tiles (on the H200 the 4096^3 bf16 matmul took 0.325 ms so, 0.355 with 32),
    else 32: TF32 (64 x 64 warp tiles of K 64 would take 300 KiB of shared memory in 3 stages) and
    64 x 32 warp tiles (K 64 takes them past 128 registers for f16, or on sm_80: one block of 8
    warps a multiprocessor rather than two; measured on the H200 with K 32 in batches)."""
    return int(os.environ.get("SHLO_GPU_MMA_KS", "64" if tl.tn == 8 and not tl.tf32 else "32"))


def mma_ahead(tl: Tiling) -> bool:
    """Whether pipelined `tl` reads each K step's first fragments before the loop turns
    (`_fragments_ahead`), not after the barrier at its top: SHLO_GPU_MMA_AHEAD=1 everywhere, 0
    nowhere; by default for 64 x 64 warp tiles (on the H200, 4096^3: bf16 0.356 ms, 0.421
    without; TF32 0.726, 0.768 without). Not where it costs a block a multiprocessor (128 x 128
    blocks of 8 warps: 156 registers rather than 128)."""
    value = os.environ.get("SHLO_GPU_MMA_AHEAD")
    if value is not None:
        return value == "1"
    return tl.tn == 8


def mma_ldx4() -> bool:
    """B's fragments two column tiles an ldmatrix (x4) in a pipelined kernel, unless SHLO_GPU_MMA_LDX4=0."""
    return os.environ.get("SHLO_GPU_MMA_LDX4", "1") != "0"


# shared memory a block may opt in to, by chip: a pipelined kernel's stages must fit that of every
# chip the lowering is for (one lowering, several PTX)
SHARED_OPT_IN = {"sm_80": 163 * 1024, "sm_86": 99 * 1024, "sm_89": 99 * 1024, "sm_90": 227 * 1024}


def shared_limit(arches=("sm_90",)) -> int:
    """The shared memory a pipelined block may take on every one of `arches`."""
    return min(SHARED_OPT_IN.get(a, 48 * 1024) for a in arches)


def pipelined(tl: Tiling | None, limit: int = SHARED_OPT_IN["sm_90"]) -> Tiling | None:
    """`tl` as a pipelined kernel (`mma_stages`) where it can be one: an mma tiling of a matmul
    (no convolution's gather, no packed groups) whose A and B tiles are whole 16-byte vectors,
    each thread the same number of them (cp.async copies 16 bytes, zeros past the edges through
    its source size), its stages within `limit` bytes of shared memory (fewer stages, down to 2,
    where more do not fit; K steps of 32 rather than `mma_k_step`'s before fewer stages). With
    `mma_warp_tile` / `mma_warps`, wider warp tiles first where they still give MIN_BLOCKS blocks.
    Otherwise `tl` unchanged."""
    stages = mma_stages()
    if tl is None or stages < 2 or tl.kind != "mma" or tl.gather is not None or tl.pack > 1:
        return tl
    tm, tn = mma_warp_tile()
    warps = mma_warps()
    candidates = []
    if ((tm, tn) != (tl.tm, tl.tn) or warps != (tl.warps_m, tl.warps_n)) and tl.tm == 4:
        wide = Tiling("mma", tl.b, tl.m, tl.n, tl.k, tl.a_el, tl.c_el, tm, tn, warps)
        wide.split, wide.batches = tl.split, tl.batches
        gx, gy, gz = wide.grid
        if gx * gy * gz >= MIN_BLOCKS:
            candidates.append(wide)
    candidates.append(tl)
    for cand in candidates:
        for s in range(stages, 1, -1):
            for ks in dict.fromkeys((mma_k_step(cand), 32)):
                out = _staged(cand, s, ks, limit)
                if out is not None:
                    return out
    return tl


def _staged(tl: Tiling, stages: int, ks: int, limit: int) -> Tiling | None:
    """A copy of `tl` pipelined `stages` deep with K steps of `ks` (where K has one), or None
    where it cannot be (see `pipelined`)."""
    tl = copy.copy(tl)
    if tl.k >= ks:
        tl.ks = ks
    if tl.va * tl.bits != 128 or tl.vb * tl.bits != 128:
        return None
    if (tl.bm * tl.ks // tl.va) % tl.threads or (tl.ks * tl.bn // tl.vb) % tl.threads:
        return None
    tl.stages = stages
    if sum(_Kernel(tl, "", "", "", False, False).shared_bytes()) > limit:
        return None
    tl.ldx4 = mma_ldx4() and not tl.tf32 and tl.tn % 2 == 0
    tl.ahead = mma_ahead(tl)
    tl.round_shared = tl.tf32 and tf32_round_shared()
    tl.bcols = tl.tf32 and tl.tn == 8 and tf32_b_columns()
    if tl.bcols and sum(_Kernel(tl, "", "", "", False, False).shared_bytes()) > limit:
        tl.bcols = False
    return tl


def tf32_b_columns() -> bool:
    """SHLO_GPU_TF32_BCOLS=1: a pipelined TF32 kernel with 64 x 64 warp tiles reads B's fragments
    as vectors: the warp's column tile jn, fragment column n is shared column 8 pi(n) + jn (pi(n) =
    2 (n % 4) + n / 4), so a thread's eight tiles' B values of one k are 32 contiguous bytes (two
    16-byte loads for the two k of a k8 step, where eight scalar loads were); B's rows padded
    by 4 floats, so each quarter warp's 16-byte loads fall in distinct banks. The outputs are
    stored at the same permuted columns."""
    return os.environ.get("SHLO_GPU_TF32_BCOLS", "0") == "1"


def _pi(t, n):
    """pi(n) of `tf32_b_columns` (n < 8) as an index value."""
    return _add(t, _mul(t, t.op(f"arith.remui {n}, {t.c(4)} : index"), 2), t.op(f"arith.divui {n}, {t.c(4)} : index"))


def conv_stages() -> int:
    """SHLO_GPU_CONV_STAGES=N (off by default: not measured on a GPU yet): a convolution's implicit
    GEMM on the tensor cores pipelined N deep (`pipelined_gather`)."""
    return int(os.environ.get("SHLO_GPU_CONV_STAGES", "0"))


def pipelined_gather(tl: Tiling) -> Tiling:
    """A convolution's mma tiling (A gathered from the input's windows) pipelined `conv_stages`
    deep, its tiles and K step kept (the gather's indices depend on them): one group a block (not
    packed), B read as given (not transposed), A and B whole 16-byte vectors, as many a thread,
    the stages (down to 2) within the smallest chip's shared memory (99 KiB: convolutions do not
    know the chips). Otherwise `tl` unchanged."""
    stages = conv_stages()
    g = tl.gather
    if stages < 2 or tl.kind != "mma" or g is None or tl.pack > 1 or g.b_transposed:
        return tl
    if tl.va * tl.bits != 128 or tl.vb * tl.bits != 128:
        return tl
    if (tl.bm * tl.ks // tl.va) % tl.threads or (tl.ks * tl.bn // tl.vb) % tl.threads:
        return tl
    for s in range(stages, 1, -1):      # fewer stages where more do not fit
        tl.stages = s
        if sum(_Kernel(tl, "", "", "", False, False).shared_bytes()) <= shared_limit(("sm_86",)):
            tl.ldx4 = mma_ldx4() and not tl.tf32 and tl.tn % 2 == 0
            return tl
    tl.stages = 0
    return tl


def tf32_round_shared() -> bool:
    """SHLO_GPU_TF32_ROUND=shared: a pipelined TF32 kernel rounds the operands to TF32 in the shared
    tiles, each thread the vectors it copied, once its copies landed and before the barrier (each
    element once a step), rather than each fragment as read (an A element once for each warp
    along N, a B one for each along M: three integer ops each)."""
    return os.environ.get("SHLO_GPU_TF32_ROUND", "fragments") == "shared"


class _Text:
    """MLIR text with fresh SSA names and constants made once at the top."""

    def __init__(self):
        self.lines, self.consts, self.n = [], {}, 0

    def fresh(self, hint="v") -> str:
        self.n += 1
        return f"%{hint}{self.n}"

    def c(self, value, typ="index") -> str:
        key = (value, typ)
        if key not in self.consts:
            name = f"%c{len(self.consts)}_{str(value).replace('-', 'm').replace('.', 'p')}"
            lit = value
            if typ in ("f16", "bf16", "f32", "f64") and isinstance(value, int):
                lit = f"{value}.0"
            self.consts[key] = (name, f"{name} = arith.constant {lit} : {typ}")
        return self.consts[key][0]

    def op(self, text: str, hint="v") -> str:
        name = self.fresh(hint)
        self.lines.append(f"{name} = {text}")
        return name

    def raw(self, text: str) -> None:
        self.lines.append(text)

    def under(self, guard: str | None, lines: list) -> None:
        """`lines` (ops without results used outside) run where the i1 `guard` holds; all of
        them without a guard."""
        if guard is None:
            self.lines.extend(lines)
            return
        self.raw(f"scf.if {guard} {{")
        self.lines.extend("  " + line for line in lines)
        self.raw("}")

    def guarded(self, guard: str | None, load: str, typ: str, zero: str) -> str:
        """The value of the op `load` (of type `typ`) where the i1 `guard` holds, else `zero`: a
        value's name, or the text of an op that makes it in the else branch. No branch without a
        guard."""
        if guard is None:
            return self.op(load)
        val = self.fresh()
        self.raw(f"{val} = scf.if {guard} -> ({typ}) {{")
        lv = self.fresh()
        self.raw(f"  {lv} = {load}")
        self.raw(f"  scf.yield {lv} : {typ}")
        self.raw("} else {")
        if not zero.startswith("%"):
            z = self.fresh()
            self.raw(f"  {z} = {zero}")
            zero = z
        self.raw(f"  scf.yield {zero} : {typ}")
        self.raw("}")
        return val

    def idx(self, base: str, offset: int) -> str:
        """base + offset as an index value (base may be None: the constant)."""
        if base is None:
            return self.c(offset)
        if offset == 0:
            return base
        return self.op(f"arith.addi {base}, {self.c(offset)} : index")


def _add(t: _Text, a: str, b: str) -> str:
    return t.op(f"arith.addi {a}, {b} : index")


def _mul(t: _Text, a: str, k: int) -> str:
    return t.op(f"arith.muli {a}, {t.c(k)} : index")


def _lt(t: _Text, a: str, bound: int) -> str:
    return t.op(f"arith.cmpi ult, {a}, {t.c(bound)} : index")


def _and(t: _Text, a: str | None, b: str | None) -> str | None:
    if a is None or b is None:
        return a or b
    return t.op(f"arith.andi {a}, {b} : i1")


def _vstore(t: _Text, vec: str, mem: str, mem_ty: str, prefix: list, rows: int, cols: int, el: str) -> None:
    """Stores a rows x cols vector (rows 0: a 1-D one) at mem[prefix..., 0, 0] one row at a time
    (n-D vector.store does not lower to LLVM on the CPU)."""
    if rows == 0:
        t.raw(f"vector.store {vec}, {mem}[{', '.join(prefix + [t.c(0)])}] : {mem_ty}, vector<{cols}x{el}>")
        return
    for r in range(rows):
        row = t.op(f"vector.extract {vec}[{r}] : vector<{cols}x{el}> from vector<{rows}x{cols}x{el}>")
        t.raw(f"vector.store {row}, {mem}[{', '.join(prefix + [t.c(r), t.c(0)])}] : {mem_ty}, vector<{cols}x{el}>")


def _vload(t: _Text, mem: str, mem_ty: str, prefix: list, rows: int, cols: int, el: str) -> str:
    if rows == 0:
        return t.op(f"vector.load {mem}[{', '.join(prefix + [t.c(0)])}] : {mem_ty}, vector<{cols}x{el}>")
    v = t.op(f"arith.constant dense<0.0> : vector<{rows}x{cols}x{el}>")
    for r in range(rows):
        row = t.op(f"vector.load {mem}[{', '.join(prefix + [t.c(r), t.c(0)])}] : {mem_ty}, vector<{cols}x{el}>")
        v = t.op(f"vector.insert {row}, {v} [{r}] : vector<{cols}x{el}> into vector<{rows}x{cols}x{el}>")
    return v


class _Kernel:
    """The per-thread code of one contraction, written into a _Text."""

    def __init__(self, tl: Tiling, a_ty: str, b_ty: str, c_ty: str, batch: bool, cpu: bool):
        self.tl, self.a_ty, self.b_ty, self.c_ty, self.batch, self.cpu = tl, a_ty, b_ty, c_ty, batch, cpu
        self.overwrite = False
        self.epilogue = None        # (function, element): the element-wise op on C, fused into the store
        self.extras = []            # the op's other inputs (a bias): (name, type, element, the dims of C it is indexed by)
        self.names = {"a": "%A", "b": "%B", "c": "%C"}   # the operands as the kernel reads them
        e = tl.a_el
        if tl.kind == "mma":
            # rows padded by 8 elements (16 bytes): a warp's fragment reads (8 rows x 4 pairs of
            # A, 8 columns x 4 row pairs of B) then fall in distinct banks
            pad = PAD // (2 if tl.tf32 else 1)     # 16 bytes either way
            deep = f"{tl.stages}x" if tl.stages else ""     # pipelined: a leading stage dim
            self.as_ty = f"memref<{deep}{tl.bm}x{tl.pack * tl.ks + pad}x{e}, #gpu.address_space<workgroup>>"
            # TF32 B, pipelined: rows 8 floats longer, so a fragment's scalar reads (rows q, columns
            # g) fall in banks 8q + g, all distinct (4 longer: 4q + g, two-way conflicts)
            b_pad = 2 * pad if tl.tf32 and tl.stages and not tl.bcols else pad
            self.bs_ty = f"memref<{deep}{tl.ks}x{tl.bn + b_pad}x{e}, #gpu.address_space<workgroup>>"
        else:                       # A transposed: a thread's T rows of one k are contiguous
            self.as_ty = f"memref<{tl.pack * tl.ks}x{tl.bm}x{e}, #gpu.address_space<workgroup>>"
            self.bs_ty = f"memref<{tl.ks}x{tl.bn}x{e}, #gpu.address_space<workgroup>>"
        self.stage = None           # pipelined: the stage index (an SSA name) the shared accesses use

    def at(self, *indices) -> str:
        """A shared tile's indices, the stage first where the tiles are pipelined."""
        return ", ".join(([self.stage] if self.stage is not None else []) + list(indices))

    def shared_bytes(self) -> tuple:
        """(A's, B's) shared tile sizes in bytes, every stage."""
        def size(ty):
            dims = ty[len("memref<"):].split(",")[0].split("x")[:-1]
            return math.prod(int(d) for d in dims) * self.tl.bits // 8
        return size(self.as_ty), size(self.bs_ty)

    def align(self, nbytes: int) -> str:
        """The alignment a vector access may assume: buffers from cuMemAlloc (256 bytes) and
        shared tiles aligned to 16 (compiler._align_workgroup_buffers), offsets multiples of the
        vector. None on the CPU, whose stack and numpy buffers promise less."""
        return "" if self.cpu else f" {{alignment = {min(nbytes, 16)} : i64}}"

    # -- global -> shared
    def _gidx(self, bz, row, col):
        return f"{bz}, {row}, {col}" if self.batch else f"{row}, {col}"

    def index(self, t: _Text, which: str, bz, row, col) -> str:
        """The global index of element (row, col) of operand `which` ("a", "b", "c") as a matrix;
        a convolution's A is gathered from its input's windows (convolution.Gather)."""
        return self.access(t, which, bz, row, col)[0]

    def access(self, t: _Text, which: str, bz, row, col, k0=None, local=None):
        """(index, guard): `index` and, for a convolution's A with its padding folded in, the i1
        that says the element lies inside the input (zero outside); guard None otherwise.
        `k0`, `local`: col as the K step's offset plus the column in the tile."""
        g = self.tl.gather
        if which == "a" and g is not None and g.gathered:
            return g.a_index(t, row, col, k0, local, bz)
        if which != "a" and g is not None:
            return g.index(which, bz, row, col), None
        if self.tl.split > 1 and self.tl.batches > 1:   # A (B, M, S, K / S), B (B, S, K / S, N); bz = b * S + s
            q = t.op(f"arith.divui {bz}, {t.c(self.tl.split)} : index")
            r = t.op(f"arith.remui {bz}, {t.c(self.tl.split)} : index")
            return (f"{q}, {row}, {r}, {col}" if which == "a" else f"{q}, {r}, {row}, {col}"
                    if which == "b" else self._gidx(bz, row, col)), None
        if which == "a" and self.tl.split > 1:     # A (M, S, K / S): slice bz of its rows
            return f"{row}, {bz}, {col}", None
        return self._gidx(bz, row, col), None

    def coords(self, t: _Text, bz, row, col) -> list:
        """The output element (row, col) of batch / group bz as indices of C's own dims (a
        convolution's (n, o..., [g,] f))."""
        g = self.tl.gather
        if g is not None:
            return g.out_coords(t, bz, row, col)
        return [bz, row, col] if self.batch else [row, col]

    def b_transposed(self) -> bool:
        """B's memory holds its columns contiguous (a grouped convolution's filter, (F, K) a
        group): its tile is read as BN rows of K with vectors along K, stored transposed."""
        return self.tl.gather is not None and self.tl.gather.b_transposed

    def _slots(self):
        """Each vector a thread copies per K step: (operand, i, rows, cols, width); thread t
        takes slots t, t + 256, ... of the tile, row-major in vectors along its inner dimension."""
        tl = self.tl
        b = (tl.bn, tl.ks) if self.b_transposed() else (tl.ks, tl.bn)
        for which, rows, cols, v in (("a", tl.bm, tl.pack * tl.ks, tl.va), ("b", *b, tl.vb)):
            for i in range(-(-(rows * cols // v) // tl.threads)):
                yield which, i, rows, cols, v

    def _slot(self, t, tid, i, rows, cols, v):
        """(live, row, column) in the tile of slot i of thread `tid`; live None when every
        thread has one."""
        slots = rows * cols // v
        n = self.tl.threads
        s = _add(t, tid, t.c(i * n)) if i else tid
        live = _lt(t, s, slots) if slots % n and (i + 1) * n > slots else None
        r = t.op(f"arith.divui {s}, {t.c(cols // v)} : index")
        c = _mul(t, t.op(f"arith.remui {s}, {t.c(cols // v)} : index"), v)
        return live, r, c

    def load_tile(self, t: _Text, tid, bz, m0, n0, k0) -> list:
        """The vectors of the A and B tiles at K offset k0 this thread copies (zeros past the
        edges and for slots past the tile)."""
        tl = self.tl
        e = tl.a_el
        vals = []
        for which, i, rows, cols, v in self._slots():
            live, r, c = self._slot(t, tid, i, rows, cols, v)
            src, src_ty = (self.names["a"], self.a_ty) if which == "a" else (self.names["b"], self.b_ty)
            r0, c0, rmax, cmax = (m0, k0, tl.m, tl.k) if which == "a" else (k0, n0, tl.k, tl.n)
            if which == "b" and self.b_transposed():
                r0, c0, rmax, cmax = n0, k0, tl.n, tl.k
            if tl.pack > 1:
                index, guard = self._packed_access(t, which, bz, r0, r, c, k0)
                guard = _and(t, live, guard)
            else:
                gr, gc = _add(t, r0, r), _add(t, c0, c)
                if which == "b" and self.b_transposed():
                    index, inside = self.access(t, which, bz, gc, gr)
                else:
                    index, inside = self.access(t, which, bz, gr, gc, c0, c)
                guard = _and(t, live, inside)
                if rmax % rows:
                    guard = _and(t, guard, _lt(t, gr, rmax))
                if cmax % cols:
                    guard = _and(t, guard, _lt(t, gc, cmax))
            vty = f"vector<{v}x{e}>"
            load = f"vector.load {src}[{index}]{self.align(v * tl.bits // 8)} : {src_ty}, {vty}"
            val = t.guarded(guard, load, vty, f"arith.constant dense<0.0> : {vty}")
            vals.append(val)
        return vals

    def _packed_access(self, t: _Text, which: str, bz, r0, r, c, k0):
        """(index, guard) of the element at (r, c) of a packed tile: A's column c is group c / KS
        of the block, K offset k0 + c % KS; B's (rows of K) column c is group c / unit, feature
        c % unit (zero past F). Groups past G give zeros."""
        tl, g = self.tl, self.tl.gather
        split = tl.ks if which == "a" else tl.unit
        gq = t.op(f"arith.divui {c}, {t.c(split)} : index")
        local = t.op(f"arith.remui {c}, {t.c(split)} : index")
        group = _add(t, _mul(t, bz, tl.pack), gq)
        gr = _add(t, r0, r)
        guard = _lt(t, group, g.g) if g.g % tl.pack else None
        if which == "a":
            gk = _add(t, k0, local)
            index, inside = g.a_index(t, gr, gk, k0, local, group)
            guard = _and(t, guard, inside)
            if tl.m % tl.bm:
                guard = _and(t, guard, _lt(t, gr, tl.m))
            if tl.k % tl.ks:
                guard = _and(t, guard, _lt(t, gk, tl.k))
            return index, guard
        if tl.k % tl.ks:
            guard = _and(t, guard, _lt(t, gr, tl.k))
        if g.f < tl.unit:
            guard = _and(t, guard, _lt(t, local, g.f))
        return g.index("b", group, gr, local), guard

    def out_column(self, t: _Text, bz, col):
        """(group, column, guard) of block column `col` of packed block `bz`; (bz, col, None) unpacked."""
        tl = self.tl
        if tl.pack == 1:
            return bz, col, None
        g = tl.gather
        local = t.op(f"arith.remui {col}, {t.c(tl.unit)} : index")
        group = _add(t, _mul(t, bz, tl.pack), t.op(f"arith.divui {col}, {t.c(tl.unit)} : index"))
        guard = _lt(t, local, g.f) if g.f < tl.unit else None
        if g.g % tl.pack:
            guard = _and(t, guard, _lt(t, group, g.g))
        return group, local, guard

    def tile_types(self) -> list:
        return [f"vector<{v}x{self.tl.a_el}>" for _, _, _, _, v in self._slots()]

    def store_tile(self, t: _Text, tid, vals, As, Bs) -> None:
        """This thread's vectors of load_tile into the shared tiles (A transposed for simt)."""
        tl = self.tl
        e = tl.a_el
        sa, sb = self.shared_types()
        for (which, i, rows, cols, v), val in zip(self._slots(), vals):
            live, r, c = self._slot(t, tid, i, rows, cols, v)
            if live is not None:        # threads past the tile's slots store nothing
                t.raw(f"scf.if {live} {{")
            vty = f"vector<{v}x{e}>"
            if tl.kind == "mma" and tl.tf32 and (not tl.stages or tl.round_shared):   # to TF32 (pipelined: see _fragments)
                val = self._tf32(t, val, vty)
            if which == "a" and tl.kind == "simt":
                for j in range(v):
                    x = t.op(f"vector.extract {val}[{j}] : {e} from {vty}")
                    t.raw(f"memref.store {x}, {As}[{self.at(_add(t, c, t.c(j)) if j else c, r)}] : {sa}")
            elif which == "b" and self.b_transposed():     # (n, k..k+v) to Bs[k.., n]
                for j in range(v):
                    x = t.op(f"vector.extract {val}[{j}] : {e} from {vty}")
                    t.raw(f"memref.store {x}, {Bs}[{self.at(_add(t, c, t.c(j)) if j else c, r)}] : {sb}")
            else:
                dst, dst_ty = (As, sa) if which == "a" else (Bs, sb)
                t.raw(f"vector.store {val}, {dst}[{self.at(r, c)}]{self.align(v * tl.bits // 8)} : {dst_ty}, {vty}")
            if live is not None:
                t.raw("}")

    def shared_types(self):
        if self.cpu:
            return tuple(x.replace(", #gpu.address_space<workgroup>", "") for x in (self.as_ty, self.bs_ty))
        return self.as_ty, self.bs_ty

    def copy(self, t: _Text, tid, bz, m0, n0, k0, As, Bs, cpu=None):
        self.store_tile(t, tid, self.load_tile(t, tid, bz, m0, n0, k0), As, Bs)

    def round_own(self, t: _Text, tid, As, Bs) -> None:
        """The vectors this thread copied into stage `self.stage` (async_copy's slots) rounded to
        TF32 in place (`tf32_round_shared`)."""
        tl = self.tl
        sa, sb = self.shared_types()
        for which, i, rows, cols, v in self._slots():
            _, r, c = self._slot(t, tid, i, rows, cols, v)
            dst, dst_ty = (As, sa) if which == "a" else (Bs, sb)
            vty = f"vector<{v}x{tl.a_el}>"
            val = t.op(f"vector.load {dst}[{self.at(r, c)}]{self.align(v * tl.bits // 8)} : {dst_ty}, {vty}")
            val = self._tf32(t, val, vty)
            t.raw(f"vector.store {val}, {dst}[{self.at(r, c)}]{self.align(v * tl.bits // 8)} : {dst_ty}, {vty}")

    def async_copy(self, t: _Text, tid, bz, m0, n0, k0, As, Bs) -> str:
        """This thread's 16-byte vectors of the A and B tiles at K offset k0 copied into the
        shared tiles' stage `self.stage` with cp.async (the slots of load_tile, stored where
        store_tile puts them; past the edges the source size is 0, so zeros, from index 0);
        returns the group of the copies (nvgpu.device_async_create_group)."""
        tl = self.tl
        sa, sb = self.shared_types()
        tokens = []
        for which, i, rows, cols, v in self._slots():
            live, r, c = self._slot(t, tid, i, rows, cols, v)
            assert live is None         # pipelined: every thread copies the same number (`pipelined`)
            src, src_ty = (self.names["a"], self.a_ty) if which == "a" else (self.names["b"], self.b_ty)
            r0, c0, rmax, cmax = (m0, k0, tl.m, tl.k) if which == "a" else (k0, n0, tl.k, tl.n)
            gr, gc = _add(t, r0, r), _add(t, c0, c)
            index, guard = self.access(t, which, bz, gr, gc, c0, c)
            if rmax % rows:
                guard = _and(t, guard, _lt(t, gr, rmax))
            if cmax % cols:
                guard = _and(t, guard, _lt(t, gc, cmax))
            size = ""
            if guard is not None:
                parts = [t.op(f"arith.select {guard}, {x.strip()}, {t.c(0)} : index") for x in index.split(",")]
                index = ", ".join(parts)
                size = ", " + t.op(f"arith.select {guard}, {t.c(v)}, {t.c(0)} : index")
            dst, dst_ty = (As, sa) if which == "a" else (Bs, sb)
            tokens.append(t.op(f"nvgpu.device_async_copy {src}[{index}], {dst}[{self.at(r, c)}], {v}{size} "
                               f"{{bypassL1}} : {src_ty} to {dst_ty}"))
        return t.op(f"nvgpu.device_async_create_group {', '.join(tokens)}")

    # -- accumulators: how many vectors, of what type
    def acc_types(self):
        tl = self.tl
        if tl.kind == "mma":
            return ["vector<2x2xf32>"] * (tl.tm * tl.tn)
        return [f"vector<{tl.t}x{tl.a_el}>"] * tl.t

    # -- shared -> registers, accumulate (gpu: mma.sync; cpu: fragments only, see emulate)
    def compute(self, t: _Text, tid, As, Bs, acc, cpu, frags=None):
        tl = self.tl
        e = tl.a_el
        sa, sb = self.shared_types()
        if tl.kind == "simt":
            ty = t.op(f"arith.divui {tid}, {t.c(16)} : index")
            tx = t.op(f"arith.remui {tid}, {t.c(16)} : index")
            rows, cols = _mul(t, ty, tl.t), _mul(t, tx, tl.t)
            vty = f"vector<{tl.t}x{e}>"
            align = tl.t * tl.bits // 8
            acc = list(acc)
            # packed: the thread's T columns are one group (unit T), its A that group's part
            a0 = _mul(t, t.op(f"arith.divui {cols}, {t.c(tl.unit)} : index"), tl.ks) if tl.pack > 1 else None
            for kk in range(tl.ks):
                a = t.op(f"vector.load {As}[{self.at(t.idx(a0, kk), rows)}]{self.align(align)} : {sa}, {vty}")
                b = t.op(f"vector.load {Bs}[{self.at(t.c(kk), cols)}]{self.align(align)} : {sb}, {vty}")
                for i in range(tl.t):
                    ai = t.op(f"vector.extract {a}[{i}] : {e} from {vty}")
                    sp = t.op(f"vector.broadcast {ai} : {e} to {vty}")
                    acc[i] = t.op(f"vector.fma {sp}, {b}, {acc[i]} : {vty}")
            return acc
        ctx = self._lanes(t, tid)
        acc = list(acc)
        for kk in range(0, tl.ks, tl.kstep):
            afr, bfr = self._fragments(t, ctx, As, Bs, kk, cpu)
            acc = self._accumulate(t, afr, bfr, acc, kk, cpu, frags, tid)
        return acc

    def _lanes(self, t: _Text, tid) -> dict:
        """The thread's place in its warp and block for the mma fragments (ops emitted in order)."""
        tl = self.tl
        warp = t.op(f"arith.divui {tid}, {t.c(32)} : index")
        lane = t.op(f"arith.remui {tid}, {t.c(32)} : index")
        g = t.op(f"arith.divui {lane}, {t.c(4)} : index")
        q2 = _mul(t, t.op(f"arith.remui {lane}, {t.c(4)} : index"), 2)
        wr = _mul(t, t.op(f"arith.divui {warp}, {t.c(tl.warps_n)} : index"), 16 * tl.tm)
        wc = _mul(t, t.op(f"arith.remui {warp}, {t.c(tl.warps_n)} : index"), 8 * tl.tn)
        w, half = tl.w, tl.kstep // 2
        qw = _mul(t, t.op(f"arith.remui {lane}, {t.c(4)} : index"), w)
        return {"lane": lane, "g": g, "q2": q2, "wr": wr, "wc": wc, "w": w, "half": half, "qw": qw}

    def _fragments(self, t: _Text, ctx: dict, As, Bs, kk: int, cpu: bool) -> tuple:
        """The A and B fragments of k16 (tf32: k8) step kk of the shared tiles (stage self.stage)."""
        tl = self.tl
        e = tl.a_el
        sa, sb = self.shared_types()
        lane, g, q2, wr, wc, w, half, qw = (ctx[k] for k in ("lane", "g", "q2", "wr", "wc", "w", "half", "qw"))
        # ldmatrix: lane l gives the address of one 8-element row of one of the 8x8
        # matrices; on the CPU each thread reads what the PTX ISA says ldmatrix delivers
        # to it from the rows the other lanes' addresses name
        afr, bfr = [], []
        # packed: one A fragment a (row tile, group of the warp's column tiles), read from that
        # group's part of the tile (group j of the warp starts at column wc + j * unit)
        na = tl.a_groups
        for ia in range(tl.tm * na):    # A: x4, matrices (rows 0-7 / 8-15) x (k 0-7 / 8-15; tf32 0-3 / 4-7)
            im = ia // na
            a_off = t.c(kk)
            if tl.pack > 1:
                gq = t.op(f"arith.divui {_add(t, wc, t.c(tl.unit * (ia % na)))}, {t.c(tl.unit)} : index")
                a_off = _add(t, _mul(t, gq, tl.ks), a_off)

            def a_row(src, im=im, a_off=a_off):
                j, r = t.op(f"arith.divui {src}, {t.c(8)} : index"), t.op(f"arith.remui {src}, {t.c(8)} : index")
                row = _add(t, _add(t, wr, r), _mul(t, t.op(f"arith.remui {j}, {t.c(2)} : index"), 8))
                col = _mul(t, t.op(f"arith.divui {j}, {t.c(2)} : index"), half)
                return _add(t, row, t.c(16 * im)), _add(t, col, a_off)
            if cpu:                     # register j: row g of matrix j, 16 bits 2q, 2q+1
                regs = []
                for j in range(4):
                    row, col = a_row(_add(t, g, t.c(8 * j)))
                    regs.append(t.op(f"vector.load {As}[{self.at(row, _add(t, col, qw))}] : {sa}, vector<{w}x{e}>"))
                afr.append(self._stack(t, regs, 4, e, w))
            else:
                row, col = a_row(lane)
                afr.append(t.op(f"nvgpu.ldmatrix {As}[{self.at(row, col)}] {{numTiles = 4 : i32, transpose = false}} : "
                                f"{sa} -> vector<4x{w}x{e}>"))
        if tl.tf32 and tl.bcols:     # tf32 B, interleaved columns: the row's 8 values of k = q, q + 4
            base = _add(t, wc, _mul(t, _pi(t, g), 8))
            rows = [t.op(f"vector.load {Bs}[{self.at(_add(t, qw, t.c(kk + 4 * j)), base)}]{self.align(32)} : "
                         f"{sb}, vector<8x{e}>") for j in range(2)]
            for jn in range(tl.tn):
                regs = [t.op(f"vector.extract_strided_slice {v} {{offsets = [{jn}], sizes = [1], strides = [1]}} : "
                             f"vector<8x{e}> to vector<1x{e}>") for v in rows]
                bfr.append(self._stack(t, regs, 2, e, 1))
        for jn in range(tl.tn if tl.tf32 and not tl.bcols else 0):   # tf32 B: k = q, q + 4 of column g, read directly
            regs = []
            for j in range(2):
                col = _add(t, _add(t, wc, g), t.c(8 * jn))
                x = t.op(f"memref.load {Bs}[{self.at(_add(t, qw, t.c(kk + 4 * j)), col)}] : {sb}")
                regs.append(t.op(f"vector.from_elements {x} : vector<1x{e}>"))
            bfr.append(self._stack(t, regs, 2, e, 1))
        # B: x2 transposed, matrices k 0-7 / 8-15 of one column tile (lanes 0-15 give the
        # rows); ldx4: x4, those of column tiles jn and jn + 1 (lanes 16-31 the second's)
        pair = 2 if tl.ldx4 else 1
        for p in range(0, 0 if tl.tf32 else tl.tn, pair):
            def b_row(src, p=p, kk=kk):
                """The shared row and column lane `src` names: row src % 16 of the K step,
                column tile p + src / 16 (x2: lanes 16-31 repeat 0-15)."""
                row = _add(t, t.op(f"arith.remui {src}, {t.c(16)} : index"), t.c(kk))
                col = _add(t, wc, t.c(8 * p))
                if pair > 1:
                    col = _add(t, col, _mul(t, t.op(f"arith.divui {src}, {t.c(16)} : index"), 8))
                return row, col
            if cpu:     # register j of tile p + h: column g of matrix 2h + j, rows 2q, 2q+1
                for h in range(pair):
                    regs = []
                    for j in range(2):
                        xs = []
                        for e2 in range(2):
                            krow, col = b_row(_add(t, q2, t.c(16 * h + 8 * j + e2)))
                            xs.append(t.op(f"memref.load {Bs}[{self.at(krow, _add(t, col, g))}] : {sb}"))
                        regs.append(t.op(f"vector.from_elements {xs[0]}, {xs[1]} : vector<2x{e}>"))
                    bfr.append(self._stack(t, regs, 2, e))
            else:
                krow, col = b_row(lane)
                frag = t.op(f"nvgpu.ldmatrix {Bs}[{self.at(krow, col)}] {{numTiles = {2 * pair} : i32, "
                            f"transpose = true}} : {sb} -> vector<{2 * pair}x2x{e}>")
                for h in range(pair):
                    if pair == 1:
                        bfr.append(frag)
                        continue
                    regs = [t.op(f"vector.extract {frag}[{2 * h + j}] : vector<2x{e}> from vector<4x2x{e}>")
                            for j in range(2)]
                    bfr.append(self._stack(t, regs, 2, e))
        if tl.tf32 and tl.stages and not tl.round_shared:   # cp.async copied f32: rounded to TF32 here (cvt.rna)
            afr = [self._tf32(t, v, f"vector<4x1xf32>") for v in afr]
            bfr = [self._tf32(t, v, f"vector<2x1xf32>") for v in bfr]
        return afr, bfr

    def _accumulate(self, t: _Text, afr, bfr, acc, kk: int, cpu: bool, frags, tid) -> list:
        """acc after the mma tiles of step kk (the CPU: the fragments stored for _emulate_mma)."""
        tl = self.tl
        e, w = tl.a_el, tl.w
        acc = list(acc)
        for im in range(tl.tm):
            for jn in range(tl.tn):
                i = im * tl.tn + jn
                ia = tl.a_frag(im, jn)
                if cpu:         # the warp's mma is emulated from these (_emulate_mma)
                    fa, fb = frags
                    if jn == 0 or ia != tl.a_frag(im, jn - 1):     # each fragment once
                        _vstore(t, afr[ia], fa, self.frag_a_ty(), [tid, t.c(kk // tl.kstep), t.c(ia)], 4, w, e)
                    if im == 0:
                        _vstore(t, bfr[jn], fb, self.frag_b_ty(), [tid, t.c(kk // tl.kstep), t.c(jn)], 2, w, e)
                else:
                    acc[i] = self._mma(t, afr[ia], bfr[jn], acc[i])
        return acc

    @staticmethod
    def _tf32(t: _Text, val: str, vty: str) -> str:
        """f32 vector `val` rounded to TF32: to nearest, ties away from zero (cvt.rna's rounding)."""
        ity = vty.replace("f32>", "i32>")
        bits = t.op(f"arith.bitcast {val} : {vty} to {ity}")
        bits = t.op(f"arith.addi {bits}, {t.op(f'arith.constant dense<4096> : {ity}')} : {ity}")
        bits = t.op(f"arith.andi {bits}, {t.op(f'arith.constant dense<-8192> : {ity}')} : {ity}")
        return t.op(f"arith.bitcast {bits} : {ity} to {vty}")

    def _mma(self, t: _Text, a: str, b: str, c: str) -> str:
        """NVVM's mma.sync m16n8k16 (nvgpu.mma.sync's lowering in MLIR 22.1.8 takes f16 but not
        bf16): registers are pairs, f16 ones as vector<2xf16>, bf16 ones as i32."""
        e, w = self.tl.a_el, self.tl.w

        def regs(v, n):
            out = []
            for i in range(n):
                pair = t.op(f"vector.extract {v}[{i}] : vector<{w}x{e}> from vector<{n}x{w}x{e}>")
                if e == "bf16":
                    word = t.op(f"vector.bitcast {pair} : vector<2xbf16> to vector<1xi32>")
                    pair = t.op(f"vector.extract {word}[0] : i32 from vector<1xi32>")
                elif e == "f32":            # tf32 registers: the f32 bits
                    x = t.op(f"vector.extract {pair}[0] : f32 from vector<1xf32>")
                    pair = t.op(f"arith.bitcast {x} : f32 to i32")
                out.append(pair)
            return out
        ra, rb = regs(a, 4), regs(b, 2)
        rc = [t.op(f"vector.extract {c}[{r}, {q}] : f32 from vector<2x2xf32>") for r in range(2) for q in range(2)]
        reg_ty = "vector<2xf16>" if e == "f16" else "i32"
        ptx = "tf32" if e == "f32" else e
        st = "!llvm.struct<(f32, f32, f32, f32)>"
        d = t.op(f"nvvm.mma.sync A[{', '.join(ra)}] B[{', '.join(rb)}] C[{', '.join(rc)}] "
                 f"{{layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, "
                 f"shape = #nvvm.shape<m = 16, n = 8, k = {self.tl.kstep}>, "
                 f"multiplicandAPtxType = #nvvm.mma_type<{ptx}>, multiplicandBPtxType = #nvvm.mma_type<{ptx}>}} : "
                 f"({reg_ty}, {reg_ty}, f32) -> {st}")
        parts = [t.op(f"llvm.extractvalue {d}[{i}] : {st}") for i in range(4)]
        return t.op(f"vector.from_elements {', '.join(parts)} : vector<2x2xf32>")

    def frag_a_ty(self):
        tl = self.tl
        return f"memref<{tl.threads}x{tl.ks // tl.kstep}x{tl.tm * tl.a_groups}x4x{tl.w}x{tl.a_el}>"

    def frag_b_ty(self):
        tl = self.tl
        return f"memref<{tl.threads}x{tl.ks // tl.kstep}x{tl.tn}x2x{tl.w}x{tl.a_el}>"

    @staticmethod
    def _stack(t, regs, n, e, w=2):
        v = t.op(f"arith.constant dense<0.0> : vector<{n}x{w}x{e}>")
        for i, r in enumerate(regs):
            v = t.op(f"vector.insert {r}, {v} [{i}] : vector<{w}x{e}> into vector<{n}x{w}x{e}>")
        return v

    # -- registers -> C
    def store(self, t: _Text, tid, bz, m0, n0, acc):
        tl = self.tl
        ce = tl.c_el
        cells = []                      # (row, col, vector, position)
        if tl.kind == "simt":
            ty = t.op(f"arith.divui {tid}, {t.c(16)} : index")
            tx = t.op(f"arith.remui {tid}, {t.c(16)} : index")
            rows, cols = _add(t, m0, _mul(t, ty, tl.t)), _add(t, n0, _mul(t, tx, tl.t))
            for i in range(tl.t):
                for j in range(tl.t):
                    cells.append((_add(t, rows, t.c(i)), _add(t, cols, t.c(j)), acc[i], f"{j}", f"vector<{tl.t}x{ce}>"))
            acc_el = tl.a_el
        else:
            warp = t.op(f"arith.divui {tid}, {t.c(32)} : index")
            lane = t.op(f"arith.remui {tid}, {t.c(32)} : index")
            g = t.op(f"arith.divui {lane}, {t.c(4)} : index")
            q2 = _mul(t, t.op(f"arith.remui {lane}, {t.c(4)} : index"), 2)
            wr = _add(t, m0, _mul(t, t.op(f"arith.divui {warp}, {t.c(tl.warps_n)} : index"), 16 * tl.tm))
            wc = _add(t, n0, _mul(t, t.op(f"arith.remui {warp}, {t.c(tl.warps_n)} : index"), 8 * tl.tn))
            if tl.bcols:       # column n of tile jn at 8 pi(n) + jn: pairs are tiles jn, jn + 1
                for im in range(tl.tm):
                    for r in range(2):
                        row = _add(t, _add(t, wr, g), t.c(16 * im + 8 * r))
                        for e in range(2):
                            base = _add(t, wc, _mul(t, _pi(t, _add(t, q2, t.c(e))), 8))
                            for jn in range(tl.tn):
                                cells.append((row, _add(t, base, t.c(jn)), acc[im * tl.tn + jn], f"{r}, {e}",
                                              "vector<2x2xf32>"))
            for im in range(tl.tm if not tl.bcols else 0):
                for jn in range(tl.tn):
                    for r in range(2):
                        for e in range(2):
                            row = _add(t, _add(t, wr, g), t.c(16 * im + 8 * r))
                            col = _add(t, _add(t, wc, q2), t.c(8 * jn + e))
                            cells.append((row, col, acc[im * tl.tn + jn], f"{r}, {e}", "vector<2x2xf32>"))
            acc_el = "f32"
        # the pair of outputs of an mma fragment register (neighbours in one row) is stored as one
        # vector where C is written (not added into) and N is even: every pair then lies inside C
        # or outside it. Not the f32 tiles' T columns: on an H200 that took the 4096^3 f32 matmul
        # from 128 to 129 registers (one block a multiprocessor, not two) and 3.35 to 4.00 ms
        width = 2 if tl.kind == "mma" and self.overwrite and tl.n % 2 == 0 else 1
        if tl.pack > 1 and tl.gather.f % 2:       # a pair would straddle F
            width = 1
        out_el = self.epilogue[1] if self.epilogue is not None else ce
        cname = self.names["c"]
        for first in range(0, len(cells), width):
            group = cells[first:first + width]
            row, col = group[0][0], group[0][1]
            guard = None
            if tl.m % tl.bm:
                guard = _lt(t, row, tl.m)
            if tl.n % tl.bn and tl.pack == 1:
                guard = _and(t, guard, _lt(t, col, tl.n))
            bzc, col, inside = self.out_column(t, bz, col)
            guard = _and(t, guard, inside)
            index = self.index(t, "c", bzc, row, col)
            body, values = [], []
            for crow, ccol, vec, pos, vty in group:
                ccol = self.out_column(t, bz, ccol)[1] if tl.pack > 1 else ccol
                x = t.fresh()
                body.append(f"{x} = vector.extract {vec}[{pos}] : {acc_el} from {vty}")
                if acc_el != ce:
                    y = t.fresh()
                    body.append(f"{y} = arith.truncf {x} : {acc_el} to {ce}")
                    x = y
                if self.epilogue is not None:   # a placeholder, replaced by the op's body (_inline_epilogue)
                    y = t.fresh()
                    ins, tys = [x], [ce]
                    if self.extras:     # a bias: its element at the output's coordinates
                        at = self.coords(t, bzc, crow, ccol)
                        for e, ty, el, dims in self.extras:
                            ev = t.fresh()
                            idx = ", ".join(at[d] for d in dims)
                            body.append(f"{ev} = memref.load {e}[{idx}] : {ty}")
                            ins.append(ev)
                            tys.append(el)
                    body.append(f"{y} = builtin.unrealized_conversion_cast {', '.join(ins)} : {', '.join(tys)} to "
                                f"{self.epilogue[1]} {{{EPILOGUE} = \"{self.epilogue[0]}\"}}")
                    x = y
                values.append(x)
            if width > 1:
                v, vty = t.fresh(), f"vector<{width}x{out_el}>"
                body.append(f"{v} = vector.from_elements {', '.join(values)} : {vty}")
                nbytes = width * (_BITS.get(out_el, 32) // 8)
                body.append(f"vector.store {v}, {cname}[{index}]{self.align(nbytes)} : {self.c_ty}, {vty}")
            elif self.overwrite:        # C was only zero-filled: the fill is gone, write
                body.append(f"memref.store {values[0]}, {cname}[{index}] : {self.c_ty}")
            else:
                old, new = t.fresh(), t.fresh()
                body.append(f"{old} = memref.load {cname}[{index}] : {self.c_ty}")
                body.append(f"{new} = arith.addf {old}, {values[0]} : {ce}")
                body.append(f"memref.store {new}, {cname}[{index}] : {self.c_ty}")
            t.under(guard, body)


_BITS = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}


def _emulate_mma(t: _Text, kern: _Kernel, warp0: str, fa: str, fb: str, accm: str) -> None:
    """One warp's mma.sync tiles on the CPU, from the fragments its threads stored: D[i][j] +=
    sum_k A[i][k] B[k][j] with A[i][k] read from lane 4 (i % 8) + (k % 8) / 2, register
    (i / 8) + 2 (k / 8), element k % 2; B[k][j] from lane 4 j + (k % 8) / 2, register k / 8,
    element k % 2; C[i][j] in lane 4 (i % 8) + (j / 2), register i / 8, element j % 2
    (PTX ISA, mma.m16n8k16 fragments for .f16 / .bf16). For .tf32 (m16n8k8, one element a
    register): A[i][k] in lane 4 (i % 8) + k % 4, register (i / 8) + 2 (k / 4); B[k][j] in lane
    4 j + k % 4, register k / 4; C as above."""
    tl = kern.tl
    e = tl.a_el
    w, half = tl.w, tl.kstep // 2
    for kq in range(tl.ks // tl.kstep):
        for im in range(tl.tm):
            for jn in range(tl.tn):
                a_i = im * tl.tn + jn
                t.raw(f"scf.for %ei = {t.c(0)} to {t.c(16)} step {t.c(1)} {{")
                t.raw(f"scf.for %ej = {t.c(0)} to {t.c(8)} step {t.c(1)} {{")
                i8 = t.op(f"arith.remui %ei, {t.c(8)} : index")
                ih = t.op(f"arith.divui %ei, {t.c(8)} : index")
                clane = _add(t, _mul(t, i8, 4), t.op(f"arith.divui %ej, {t.c(2)} : index"))
                ctid = _add(t, warp0, clane)
                cel = t.op(f"arith.remui %ej, {t.c(2)} : index")
                cidx = f"{ctid}, {t.c(a_i)}, {ih}, {cel}"
                init = t.op(f"memref.load {accm}[{cidx}] : {kern.acc_mem_ty()}")
                total = t.fresh()
                t.raw(f"{total} = scf.for %ek = {t.c(0)} to {t.c(tl.kstep)} step {t.c(1)} "
                      f"iter_args(%sum = {init}) -> (f32) {{")
                k8 = t.op(f"arith.divui {t.op(f'arith.remui %ek, {t.c(half)} : index')}, {t.c(w)} : index")
                kh = t.op(f"arith.divui %ek, {t.c(half)} : index")
                kel = t.op(f"arith.remui %ek, {t.c(w)} : index")
                alane = _add(t, warp0, _add(t, _mul(t, i8, 4), k8))
                areg = _add(t, ih, _mul(t, kh, 2))
                ia = tl.a_frag(im, jn)
                a = t.op(f"memref.load {fa}[{alane}, {t.c(kq)}, {t.c(ia)}, {areg}, {kel}] : {kern.frag_a_ty()}")
                blane = _add(t, warp0, _add(t, _mul(t, "%ej", 4), k8))
                b = t.op(f"memref.load {fb}[{blane}, {t.c(kq)}, {t.c(jn)}, {kh}, {kel}] : {kern.frag_b_ty()}")
                a32 = a if e == "f32" else t.op(f"arith.extf {a} : {e} to f32")
                b32 = b if e == "f32" else t.op(f"arith.extf {b} : {e} to f32")
                s = t.op(f"math.fma {a32}, {b32}, %sum : f32")
                t.raw(f"scf.yield {s} : f32")
                t.raw("}")
                t.raw(f"memref.store {total}, {accm}[{cidx}] : {kern.acc_mem_ty()}")
                t.raw("}")
                t.raw("}")


def _acc_mem_ty(self):
    tl = self.tl
    if tl.kind == "mma":
        return f"memref<{tl.threads}x{tl.tm * tl.tn}x2x2xf32>"
    return f"memref<{tl.threads}x{tl.t}x{tl.t}x{tl.a_el}>"


_Kernel.acc_mem_ty = _acc_mem_ty


def function_text(name: str, tl: Tiling, a_ty: str, b_ty: str, c_ty: str, batch: bool, mode: str,
                  overwrite: bool = False, epilogue=None, extras=()) -> str:
    """A func.func `name`(A, B, C, E...) that adds A x B into C (`overwrite`: stores A x B into C)
    with this tiling, as a gpu.launch (`mode="gpu"`) or as the same tiles in sequential loops
    (`mode="cpu"`); `epilogue` (placeholder name, element type) on each output, with one element
    of each of `extras` ((type, element, the dims of the output it is indexed by)) as well."""
    kern = _Kernel(tl, a_ty, b_ty, c_ty, batch, mode == "cpu")
    kern.overwrite = overwrite
    kern.epilogue = epilogue
    kern.extras = [(f"%E{j}", ty, el, dims) for j, (ty, el, dims) in enumerate(extras)]
    t = _Text()
    gx, gy, gz = tl.grid
    acc_tys = kern.acc_types()
    if mode == "gpu" and tl.stages:
        _pipelined_launch(t, kern)
    elif mode == "gpu":
        t.raw(f"gpu.launch blocks(%bx, %by, %bz) in (%gx = {t.c(gx)}, %gy = {t.c(gy)}, %gz = {t.c(gz)}) "
              f"threads(%tx, %ty, %tz) in (%sx = {t.c(tl.threads)}, %sy = {t.c(1)}, %sz = {t.c(1)}) "
              f"workgroup(%As : {kern.as_ty}, %Bs : {kern.bs_ty}) {{")
        if tl.gather is not None:       # a convolution's operands as matrices, in the kernel
            tl.gather.views(t, kern)
        m0, n0 = _mul(t, "%by", tl.bm), _mul(t, "%bx", tl.bn)
        zeros = [t.op(f"arith.constant dense<0.0> : {ty}") for ty in acc_tys]
        staged = prefetch() and not (tl.kind == "mma" and tl.tf32)
        stage_tys = kern.tile_types() if staged else []
        first = kern.load_tile(t, "%tx", "%bz", m0, n0, t.c(0)) if staged else []
        carried = acc_tys + stage_tys
        res = t.fresh("acc")
        iters = ", ".join([f"%a{i} = {z}" for i, z in enumerate(zeros)] + [f"%p{j} = {v}" for j, v in enumerate(first)])
        count = "" if len(carried) == 1 else f":{len(carried)}"
        t.raw(f"{res}{count} = scf.for %k0 = {t.c(0)} to {t.c(tl.k)} step {t.c(tl.ks)} iter_args({iters}) -> "
              f"({', '.join(carried)}) {{")
        results = [res] if len(carried) == 1 else [f"{res}#{i}" for i in range(len(acc_tys))]
        if staged:      # this step's tiles were loaded into registers during the last step
            kern.store_tile(t, "%tx", [f"%p{j}" for j in range(len(stage_tys))], "%As", "%Bs")
        else:
            kern.copy(t, "%tx", "%bz", m0, n0, "%k0", "%As", "%Bs")
        t.raw("gpu.barrier")
        nxt = []
        if staged:      # the next step's loads in flight during this step's arithmetic (the
            # last step loads its own tile again, unused: an address inside the operands)
            k_next = t.op(f"arith.minui {_add(t, '%k0', t.c(tl.ks))}, {t.c((tl.k - 1) // tl.ks * tl.ks)} : index")
            nxt = kern.load_tile(t, "%tx", "%bz", m0, n0, k_next)
        new = kern.compute(t, "%tx", "%As", "%Bs", [f"%a{i}" for i in range(len(acc_tys))], False)
        t.raw("gpu.barrier")
        t.raw(f"scf.yield {', '.join(new + nxt)} : {', '.join(carried)}")
        t.raw("}")
        kern.store(t, "%tx", "%bz", m0, n0, results)
        t.raw("gpu.terminator")
        t.raw("}")
    else:
        plain = lambda ty: ty.replace(", #gpu.address_space<workgroup>", "")  # noqa: E731
        As, Bs, accm = t.fresh("as"), t.fresh("bs"), t.fresh("accm")
        t.raw(f"{As} = memref.alloca() : {plain(kern.as_ty)}")
        t.raw(f"{Bs} = memref.alloca() : {plain(kern.bs_ty)}")
        # on the stack: mapping.py keeps host ops (allocations, deallocations) ahead of the
        # kernels, so a dealloc here would run before the loops that use the buffer
        t.raw(f"{accm} = memref.alloca() : {kern.acc_mem_ty()}")
        frags = None
        if tl.kind == "mma":
            frags = (t.fresh("fa"), t.fresh("fb"))
            t.raw(f"{frags[0]} = memref.alloca() : {kern.frag_a_ty()}")
            t.raw(f"{frags[1]} = memref.alloca() : {kern.frag_b_ty()}")
        if tl.gather is not None:
            tl.gather.views(t, kern)
        one = t.c(1)
        t.raw(f"scf.for %bz = {t.c(0)} to {t.c(gz)} step {one} {{")
        t.raw(f"scf.for %by = {t.c(0)} to {t.c(gy)} step {one} {{")
        t.raw(f"scf.for %bx = {t.c(0)} to {t.c(gx)} step {one} {{")
        m0, n0 = _mul(t, "%by", tl.bm), _mul(t, "%bx", tl.bn)
        n_acc = len(acc_tys)

        acc_el = "f32" if tl.kind == "mma" else tl.a_el
        rows, cols = (2, 2) if tl.kind == "mma" else (0, tl.t)

        def acc_store(i, v):
            _vstore(t, v, accm, kern.acc_mem_ty(), ["%tid", t.c(i)], rows, cols, acc_el)

        def acc_load(i):
            return _vload(t, accm, kern.acc_mem_ty(), ["%tid", t.c(i)], rows, cols, acc_el)

        t.raw(f"scf.for %tid = {t.c(0)} to {t.c(tl.threads)} step {one} {{")
        for i, ty in enumerate(acc_tys):
            z = t.op(f"arith.constant dense<0.0> : {ty}")
            acc_store(i, z)
        t.raw("}")
        t.raw(f"scf.for %k0 = {t.c(0)} to {t.c(tl.k)} step {t.c(tl.ks)} {{")
        if tl.stages:       # pipelined: step i's tiles in stage i % stages, as on the GPU
            step = t.op(f"arith.divui %k0, {t.c(tl.ks)} : index")
            kern.stage = t.op(f"arith.remui {step}, {t.c(tl.stages)} : index")
        t.raw(f"scf.for %tid = {t.c(0)} to {t.c(tl.threads)} step {one} {{")
        kern.copy(t, "%tid", "%bz", m0, n0, "%k0", As, Bs, True)
        t.raw("}")
        t.raw(f"scf.for %tid = {t.c(0)} to {t.c(tl.threads)} step {one} {{")
        acc = [acc_load(i) for i in range(n_acc)]
        new = kern.compute(t, "%tid", As, Bs, acc, True, frags)
        if tl.kind == "simt":
            for i in range(n_acc):
                acc_store(i, new[i])
        t.raw("}")
        if tl.kind == "mma":
            t.raw(f"scf.for %w = {t.c(0)} to {t.c(tl.threads // 32)} step {one} {{")
            _emulate_mma(t, kern, _mul(t, "%w", 32), frags[0], frags[1], accm)
            t.raw("}")
        t.raw("}")
        t.raw(f"scf.for %tid = {t.c(0)} to {t.c(tl.threads)} step {one} {{")
        acc = [acc_load(i) for i in range(n_acc)]
        kern.store(t, "%tid", "%bz", m0, n0, acc)
        t.raw("}")
        t.raw("}")
        t.raw("}")
        t.raw("}")
    body = [line for _, line in t.consts.values()] + t.lines
    if tl.gather is not None:
        a_ty, b_ty, c_ty = tl.gather.arg_types
    params = "".join(f", {e}: {ty}" for e, ty, _, _ in kern.extras)
    return (f"func.func private @{name}(%A: {a_ty}, %B: {b_ty}, %C: {c_ty}{params}) {{\n  "
            + "\n  ".join(body) + "\n  return\n}")


def _pipelined_launch(t: _Text, kern: _Kernel) -> None:
    """The gpu.launch of a pipelined tiling (`pipelined`): the shared tiles `stages` deep in
    dynamic shared memory (A's stages, then B's); the first stages - 1 K steps copied with
    cp.async before the loop, then each step: wait for its copies (this thread's), a barrier
    (everyone's landed; everyone is done with the stage of the step before), the copies of
    step i + stages - 1 into that stage, the step's arithmetic. Steps past the last copy the
    last one again (addresses inside the operands), into stages no step reads after."""
    tl = kern.tl
    gx, gy, gz = tl.grid
    a_bytes, b_bytes = kern.shared_bytes()
    wg = "#gpu.address_space<workgroup>"
    t.raw(f"gpu.launch blocks(%bx, %by, %bz) in (%gx = {t.c(gx)}, %gy = {t.c(gy)}, %gz = {t.c(gz)}) "
          f"threads(%tx, %ty, %tz) in (%sx = {t.c(tl.threads)}, %sy = {t.c(1)}, %sz = {t.c(1)}) "
          f"dynamic_shared_memory_size {t.c(a_bytes + b_bytes, 'i32')} {{")
    if tl.gather is not None:       # a convolution's operands as matrices, in the kernel
        tl.gather.views(t, kern)
    base = t.op(f"gpu.dynamic_shared_memory : memref<?xi8, {wg}>")
    As = t.op(f"memref.view {base}[{t.c(0)}][] : memref<?xi8, {wg}> to {kern.as_ty}")
    Bs = t.op(f"memref.view {base}[{t.c(a_bytes)}][] : memref<?xi8, {wg}> to {kern.bs_ty}")
    m0, n0 = _mul(t, "%by", tl.bm), _mul(t, "%bx", tl.bn)
    steps, stages = -(-tl.k // tl.ks), tl.stages
    group = None
    for s in range(stages - 1):
        kern.stage = t.c(s)
        group = kern.async_copy(t, "%tx", "%bz", m0, n0, t.c(min(s, steps - 1) * tl.ks), As, Bs)
    acc_tys = kern.acc_types()
    zeros = [t.op(f"arith.constant dense<0.0> : {ty}") for ty in acc_tys]
    if tl.ahead:
        _fragments_ahead(t, kern, As, Bs, m0, n0, steps, group, acc_tys, zeros)
        return
    res = t.fresh("acc")
    iters = ", ".join(f"%a{i} = {z}" for i, z in enumerate(zeros))
    count = "" if len(acc_tys) == 1 else f":{len(acc_tys)}"
    t.raw(f"{res}{count} = scf.for %i = {t.c(0)} to {t.c(steps)} step {t.c(1)} iter_args({iters}) -> "
          f"({', '.join(acc_tys)}) {{")
    t.raw(f"nvgpu.device_async_wait {group} {{numGroups = {stages - 2} : i32}}")
    if tl.round_shared:         # step i's stage landed (this thread's copies): round them
        kern.stage = t.op(f"arith.remui %i, {t.c(stages)} : index")
        kern.round_own(t, "%tx", As, Bs)
    t.raw("gpu.barrier")
    ahead = _add(t, "%i", t.c(stages - 1))
    kern.stage = t.op(f"arith.remui {ahead}, {t.c(stages)} : index")
    k_next = _mul(t, t.op(f"arith.minui {ahead}, {t.c(steps - 1)} : index"), tl.ks)
    kern.async_copy(t, "%tx", "%bz", m0, n0, k_next, As, Bs)
    kern.stage = t.op(f"arith.remui %i, {t.c(stages)} : index")
    new = kern.compute(t, "%tx", As, Bs, [f"%a{i}" for i in range(len(acc_tys))], False)
    t.raw(f"scf.yield {', '.join(new)} : {', '.join(acc_tys)}")
    t.raw("}")
    t.raw(f"nvgpu.device_async_wait {group} {{numGroups = 0 : i32}}")
    results = [res] if len(acc_tys) == 1 else [f"{res}#{i}" for i in range(len(acc_tys))]
    kern.store(t, "%tx", "%bz", m0, n0, results)
    t.raw("gpu.terminator")
    t.raw("}")


def _fragments_ahead(t: _Text, kern: _Kernel, As, Bs, m0, n0, steps: int, group: str, acc_tys, zeros) -> None:
    """The K loop of `_pipelined_launch` with the fragments read a k16 step ahead (`mma_ahead`):
    each step's first fragments are read before the loop turns (carried), right after the
    barrier that says its stage has landed, which comes before the step's last mma tiles rather
    than at the top of the next step; the copies of step i + stages - 1 are issued at the top
    of step i, into the stage whose last fragments were read before that barrier."""
    tl = kern.tl
    stages, kst = tl.stages, tl.kstep
    ctx = kern._lanes(t, "%tx")
    t.raw(f"nvgpu.device_async_wait {group} {{numGroups = {stages - 2} : i32}}")
    kern.stage = t.c(0)
    if tl.round_shared:
        kern.round_own(t, "%tx", As, Bs)
    t.raw("gpu.barrier")
    afr, bfr = kern._fragments(t, ctx, As, Bs, 0, False)
    a_ty, b_ty = f"vector<4x{tl.w}x{tl.a_el}>", f"vector<2x{tl.w}x{tl.a_el}>"
    carried = acc_tys + [a_ty] * len(afr) + [b_ty] * len(bfr)
    res = t.fresh("acc")
    iters = ", ".join([f"%a{i} = {z}" for i, z in enumerate(zeros)] + [f"%p{j} = {v}" for j, v in enumerate(afr + bfr)])
    t.raw(f"{res}:{len(carried)} = scf.for %i = {t.c(0)} to {t.c(steps)} step {t.c(1)} iter_args({iters}) -> "
          f"({', '.join(carried)}) {{")
    acc = [f"%a{i}" for i in range(len(acc_tys))]
    frag = [f"%p{j}" for j in range(len(afr) + len(bfr))]
    afr, bfr = frag[:len(afr)], frag[len(afr):]
    cur = t.op(f"arith.remui %i, {t.c(stages)} : index")
    parts = tl.ks // kst
    for j in range(parts):
        if j == 0:
            ahead = _add(t, "%i", t.c(stages - 1))
            kern.stage = t.op(f"arith.remui {ahead}, {t.c(stages)} : index")
            k_next = _mul(t, t.op(f"arith.minui {ahead}, {t.c(steps - 1)} : index"), tl.ks)
            kern.async_copy(t, "%tx", "%bz", m0, n0, k_next, As, Bs)
        if j + 1 < parts:
            kern.stage = cur
            nxt = kern._fragments(t, ctx, As, Bs, (j + 1) * kst, False)
        else:
            t.raw(f"nvgpu.device_async_wait {group} {{numGroups = {stages - 2} : i32}}")
            if tl.round_shared:     # step i + 1's stage landed (this thread's copies): round them
                kern.stage = t.op(f"arith.remui {_add(t, '%i', t.c(1))}, {t.c(stages)} : index")
                kern.round_own(t, "%tx", As, Bs)
            t.raw("gpu.barrier")
            if not tl.round_shared:
                kern.stage = t.op(f"arith.remui {_add(t, '%i', t.c(1))}, {t.c(stages)} : index")
            nxt = kern._fragments(t, ctx, As, Bs, 0, False)
        acc = kern._accumulate(t, afr, bfr, acc, j * kst, False, None, "%tx")
        afr, bfr = nxt
    t.raw(f"scf.yield {', '.join(acc + afr + bfr)} : {', '.join(carried)}")
    t.raw("}")
    t.raw(f"nvgpu.device_async_wait {group} {{numGroups = 0 : i32}}")
    kern.store(t, "%tx", "%bz", m0, n0, [f"{res}#{i}" for i in range(len(acc_tys))])
    t.raw("gpu.terminator")
    t.raw("}")


def split_text(name: str, tl: Tiling, a_ty: str, b_ty: str, c_ty: str, mode: str, overwrite: bool,
               epilogue=None, extras=()) -> str:
    """A func.func `name`(A, B, C, E...) that adds A x B into C (`overwrite`: stores it) as
    `tl.split` slices of K: the kernel of `function_text` over the slices as a batch (A (M, K)
    viewed as (M, S, K / S), read at (row, slice, k); B (K, N) as (S, K / S, N)) writes each
    slice's product into a buffer P of S x M x N, then an element-wise linalg.generic sums the
    slices into C in order (one thread an output after the mapping), with `epilogue` and
    `extras` as in function_text (then C is the epilogue's output D)."""
    s, m, n, ks, nb = tl.split, tl.m, tl.n, tl.k, tl.batches
    el = tl.c_el
    # a batch: A (B, M, K) as (B, M, S, K / S), B (B, K, N) as (B, S, K / S, N), P (B * S, M, N)
    lead = [nb] if nb > 1 else []
    o = len(lead)
    a3 = "memref<" + "x".join(map(str, lead + [m, s, ks])) + f"x{tl.a_el}>"
    b3 = "memref<" + "x".join(map(str, lead + [s, ks, n])) + f"x{tl.a_el}>"
    kept = [[i] for i in range(o)]
    views = [f"%A = memref.expand_shape %shlo_a2 {kept + [[o], [o + 1, o + 2]]} output_shape "
             f"{lead + [m, s, ks]} : {a_ty} into {a3}",
             f"%B = memref.expand_shape %shlo_b2 {kept + [[o, o + 1], [o + 2]]} output_shape "
             f"{lead + [s, ks, n]} : {b_ty} into {b3}"]
    dims = "(" + ", ".join(f"d{d}" for d in range(o + 2)) + ")"
    rest = ", ".join(f"d{d}" for d in range(o, o + 2))
    slice_maps = [f"affine_map<{dims} -> ({f'd0 * {s} + {j}' if o else j}, {rest})>" for j in range(s)]
    p = f"memref<{nb * s}x{m}x{n}x{el}>"
    kernel = function_text(name + "_slices", tl, a3, b3, p, True, mode, overwrite=True)
    body = kernel[kernel.index("{\n") + 2:kernel.rindex("\n  return\n}")]
    maps = slice_maps + [f"affine_map<{dims} -> (" + ", ".join(f"d{d}" for d in ds) + ")>" for _, _, ds in extras]
    maps.append(f"affine_map<{dims} -> {dims}>")
    iterators = ", ".join(['"parallel"'] * (3 if nb > 1 else 2))
    ins = [(f"%C", p)] * s + [(f"%E{j}", ty) for j, (ty, _, _) in enumerate(extras)]
    args = [f"%shlo_x{j}: {el}" for j in range(s)] + [f"%shlo_e{j}: {e}" for j, (_, e, _) in enumerate(extras)]
    out_el = epilogue[1] if epilogue is not None else el
    sums = [] if overwrite else ["%shlo_sum0 = arith.addf %shlo_acc, %shlo_x0 : " + el]
    last = "%shlo_x0" if overwrite else "%shlo_sum0"
    for j in range(1, s):
        sums.append(f"%shlo_sum{j} = arith.addf {last}, %shlo_x{j} : {el}")
        last = f"%shlo_sum{j}"
    if epilogue is not None:    # a placeholder, replaced by the op's body (_inline_epilogue)
        names = [last] + [f"%shlo_e{j}" for j in range(len(extras))]
        types = [el] + [e for _, e, _ in extras]
        sums.append(f"%shlo_out = builtin.unrealized_conversion_cast {', '.join(names)} : {', '.join(types)} to "
                    f"{out_el} {{{EPILOGUE} = \"{epilogue[0]}\"}}")
        last = "%shlo_out"
    params = "".join(f", %E{j}: {ty}" for j, (ty, _, _) in enumerate(extras))
    return "\n  ".join([
        f"func.func private @{name}(%shlo_a2: {a_ty}, %shlo_b2: {b_ty}, %shlo_c2: {c_ty}{params}) {{",
        *views,
        f"%C = memref.alloc() {{alignment = 64 : i64}} : {p}",
        body,
        f"linalg.generic {{indexing_maps = [{', '.join(maps)}], iterator_types = [{iterators}]}} "
        f"ins({', '.join(v for v, _ in ins)} : {', '.join(t for _, t in ins)}) outs(%shlo_c2 : {c_ty}) {{",
        f"^bb0({', '.join(args)}, %shlo_acc: {out_el}):",
        *sums,
        f"linalg.yield {last} : {out_el}",
        "}",
        "return",
        "}"])


# ----------------------------------------------------------------------------- in the module

def _static_identity(t) -> bool:
    if not isinstance(t, ir.MemRefType):
        return False
    return re.fullmatch(r"memref<(\d+x)+[a-z0-9]+>", str(t)) is not None     # no layout, no memory space


def _el(t) -> str:
    return str(ir.ShapedType(t).element_type)


def tiling_of(op, tf32: bool = False, limit: int = SHARED_OPT_IN["sm_90"]) -> Tiling | None:
    """The tiling of a matmul / batch_matmul (tensors or memrefs), or None when this module
    does not take it (dynamic sizes, other element types, strided views); `tf32`: the option
    of `tf32_for`."""
    if op.name not in ("linalg.matmul", "linalg.batch_matmul") or len(op.operands) != 3:
        return None
    if "indexing_maps" in op.attributes:       # transposed forms of linalg.matmul
        return None
    types = [v.type for v in op.operands]
    shaped = [ir.ShapedType(x) for x in types if isinstance(x, (ir.RankedTensorType, ir.MemRefType))]
    if len(shaped) != 3 or not all(s.has_static_shape for s in shaped):
        return None
    if isinstance(types[0], ir.MemRefType) and not all(_static_identity(x) for x in types):
        return None
    a, b, c = (list(s.shape) for s in shaped)
    if op.name == "linalg.batch_matmul":
        bt, m, k, n = a[0], a[1], a[2], b[2]
    else:
        bt, m, k, n = 1, a[0], a[1], b[1]
    if min(bt, m, n, k) == 0 or _el(types[0]) != _el(types[1]):
        return None
    return pipelined(choose(bt, m, n, k, _el(types[0]), _el(types[2]), tf32_for(op, tf32), split=split_k()), limit)


def _zero_fill_of(op, buffer) -> bool:
    """Whether `op` is a linalg.fill of `buffer` with the constant 0."""
    if op is None or op.name != "linalg.fill" or len(op.operands) != 2 or op.operands[1] != buffer:
        return False
    owner = op.operands[0].owner
    owner = owner.operation if hasattr(owner, "operation") else owner
    if not isinstance(owner, ir.Operation) or owner.name != "arith.constant":
        return False
    value = owner.attributes["value"]
    return isinstance(value, ir.FloatAttr) and ir.FloatAttr(value).value == 0.0


def replace_contractions(module: ir.Module, entry: ir.Operation, mode: str, tf32: bool = False,
                         arches=("sm_90",)) -> int:
    """Each top-level static matmul / batch_matmul of the bufferized `entry` that `tiling_of`
    takes, and each convolution `convolution.tiling_of` takes (as a GEMM whose A is gathered
    from the input's windows), becomes this module's kernel (mode "gpu") or its CPU form (mode
    "cpu"). Returns how many."""
    from . import convolution
    targets = []
    previous = None
    for op in entry.regions[0].blocks[0].operations:
        op = op.operation if hasattr(op, "operation") else op
        if op.name in ("linalg.matmul", "linalg.batch_matmul"):
            tl = tiling_of(op, tf32, shared_limit(arches))
        else:
            tl = convolution.tiling_of(op) if op.name in convolution.OPS or op.name == "linalg.generic" else None
        if tl is not None:
            targets.append((op, tl, previous if _zero_fill_of(previous, op.operands[2]) else None))
        if op.name not in _VIEWS:       # a view between the fill and the op (an operand collapsed) writes nothing
            previous = op
    for i, (op, tl, fill) in enumerate(targets):
        a, b, c = tl.gather.view_types if tl.gather is not None else (str(v.type) for v in op.operands)
        # C only zero-filled and read once by an element-wise op (the f32 -> bf16 rounding of a
        # 16-bit result): the kernel stores that op's results, C is never written
        epi = _epilogue_of(op, fill) if fill is not None and fused_epilogues() else None
        epilogue = None
        extras = []
        if epi is not None:
            d = epi.operands[len(epi.operands) - 1]
            d_ty = str(d.type)
            hoist_fresh(d, op)     # D's allocation (and view) are used by the kernel
            epilogue = (f"shlo_epilogue_{i}", _el(d.type))
            c = d_ty if tl.gather is None else tl.gather.retarget_output(d_ty)
            extras = epilogue_inputs(epi, op.operands[2])
            for v, _ in extras:
                hoist_fresh(v, op)
        if tl.split > 1:
            text = split_text(f"shlo_contraction_{i}", tl, a, b, c, mode, overwrite=fill is not None,
                              epilogue=epilogue, extras=[(str(v.type), _el(v.type), dims) for v, dims in extras])
        else:
            text = function_text(f"shlo_contraction_{i}", tl, a, b, c, op.name == "linalg.batch_matmul", mode,
                                 overwrite=fill is not None, epilogue=epilogue,
                                 extras=[(str(v.type), _el(v.type), dims) for v, dims in extras])
        if fill is not None:        # the kernel writes every element of C: no fill kernel
            fill.erase()
        fn = ir.Operation.parse(text, context=module.context)
        block = fn.regions[0].blocks[0]
        operands = list(op.operands)
        if tl.gather is not None and tl.gather.source is not None:
            operands[0] = tl.gather.source      # the unpadded input: the kernel reads it
        if tl.gather is not None and tl.gather.filter_source is not None:
            operands[1] = tl.gather.filter_source   # the filter as given, not its transpose
        if epi is not None:
            operands[2] = epi.operands[len(epi.operands) - 1]
        operands += [v for v, _ in extras]
        for arg, value in zip(block.arguments, operands):
            arg.replace_all_uses_with(value)
        moved = []
        for inner in list(block.operations):
            inner = inner.operation if hasattr(inner, "operation") else inner
            if inner.name == "func.return":
                break
            inner.move_before(op)
            moved.append(inner)
        fn.erase()
        c_buffer = op.operands[2]
        op.erase()
        if epi is not None:
            _inline_epilogue(moved, epilogue[0], epi, c_buffer)
            epi.erase()
            owner = c_buffer.owner
            owner = owner.operation if hasattr(owner, "operation") else owner
            if isinstance(owner, ir.Operation) and owner.name == "memref.alloc" and not list(c_buffer.uses):
                owner.erase()
        if tl.gather is not None:
            tl.gather.erase_padding()
    return len(targets)


_VIEWS = ("memref.expand_shape", "memref.collapse_shape")


def fresh(value) -> bool:
    """Whether `value` is a static memref.alloc's buffer or a reshape of one."""
    owner = value.owner
    if not isinstance(owner, (ir.Operation, ir.OpView)):
        return False
    owner = _op(owner)
    if owner.name == "memref.alloc":
        return not len(owner.operands)
    return owner.name in _VIEWS and len(owner.operands) == 1 and fresh(owner.operands[0])


def hoistable(value, op) -> bool:
    """Whether `value` exists before `op` or can be made there: a block argument, an op's result
    from before it, a static allocation, or reshapes of those (`hoist_fresh` moves them)."""
    owner = value.owner
    if not isinstance(owner, (ir.Operation, ir.OpView)):
        return True
    owner = _op(owner)
    if owner.block != op.block:
        return False
    if owner.is_before_in_block(op):
        return True
    if owner.name == "memref.alloc":
        return not len(owner.operands)
    return owner.name in _VIEWS and len(owner.operands) == 1 and hoistable(owner.operands[0], op)


def hoist_fresh(value, op) -> None:
    """A buffer `hoistable` before `op` but made after it (an allocation, reshapes) moved there,
    allocation first: `op` is replaced by a kernel that reads or writes it."""
    chain = []
    while True:
        owner = _op(value.owner) if isinstance(value.owner, (ir.Operation, ir.OpView)) else None
        if owner is None or owner.block != op.block or owner.name not in ("memref.alloc",) + _VIEWS:
            break
        chain.append(owner)
        if owner.name == "memref.alloc":
            break
        value = owner.operands[0]
    for o in reversed(chain):
        if op.is_before_in_block(o):
            o.move_before(op)


def fused_epilogues() -> bool:
    """SHLO_GPU_FUSE_EPILOGUE=0 keeps the element-wise op after a contraction its own kernel."""
    return os.environ.get("SHLO_GPU_FUSE_EPILOGUE", "1") != "0"



_PURE = ("arith.", "math.")
EPILOGUE = "shlo.epilogue"        # marks the kernel's placeholders for the fused op's body


def _map_dims(m) -> list | None:
    """The dims an affine map's results name, in order, where each result is a dim (a
    projection: identity, broadcast); None otherwise."""
    text = str(ir.AffineMapAttr(m).value)
    results = text.split("->")[1].strip()[1:-1].strip()
    dims = []
    for r in (results.split(",") if results else []):
        r = r.strip()
        if not r.startswith("d") or not r[1:].isdigit():
            return None
        dims.append(int(r[1:]))
    return dims


def _epilogue_of(op, fill):
    """The linalg.generic that alone reads contraction `op`'s C (zero-filled by `fill` and written
    by `op`, nothing else using it), element by element into a buffer D of C's shape (or C in
    place): C and D with identity maps, parallel, a body of arith / math ops on C's element and
    on elements of other inputs (a bias: maps that pick some of the dims, broadcast along the
    others; buffers made before `op`), D's old value unused, constants from outside; right
    after `op` (only allocations, reshapes of them and constants between). Or None. Its other
    inputs: `epilogue_inputs`."""
    c = op.operands[2]
    # the function's return (after everything) may return C: what g wrote into it in place.
    # Uses before the fill do not matter (a buffer bufferization gave to earlier values too)
    after = _later_users(c, fill)
    if any(u is None for u in after):
        return None
    later = [u for u in after if u != op and u.name != "func.return"]
    # g reads C, and writes D or, in place, C (then what reads C after g reads what the kernel
    # writes there)
    if not later:
        return None
    g = later[0]
    if g.name != "linalg.generic" or g.block != op.block or len(g.operands) < 2:
        return None
    ins, d = list(g.operands)[:-1], g.operands[-1]
    if sum(1 for v in ins if v == c) != 1 or (len(later) > 1 and d != c):
        return None
    returned = any(u.name == "func.return" for u in after)      # with what g wrote, not refilled
    if returned and d != c:     # C itself is a result: it must be written
        return None
    if not _static_identity(d.type) or list(ir.ShapedType(d.type).shape) != list(ir.ShapedType(c.type).shape):
        return None
    if "reduction" in str(g.attributes["iterator_types"]):
        return None
    rank = len(ir.ShapedType(c.type).shape)
    maps = list(ir.ArrayAttr(g.attributes["indexing_maps"]))
    for v, m in zip(list(g.operands), maps):
        dims = _map_dims(m)
        if dims is None:
            return None
        if v == c or v == d:
            if dims != list(range(rank)):
                return None
            continue
        # another input: read by the kernel, so there before op (or a reshape that can move there)
        if not isinstance(v.type, ir.MemRefType) or not ir.ShapedType(v.type).has_static_shape or \
                sorted(set(dims)) != dims or not hoistable(v, op):
            return None
    seen = False
    for o in op.block.operations:          # between op and g: allocations and constants only
        o = _op(o)
        if o == g:
            break
        if seen and o.name not in ("memref.alloc", "arith.constant") and not (o.name in _VIEWS and hoistable(o.results[0], op)):
            return None
        seen = seen or o == op
    body = g.regions[0].blocks[0]
    inside = []
    ops = [_op(o) for o in body.operations]
    args = list(body.arguments)
    if len(args) != len(g.operands) or list(args[-1].uses) or ops[-1].name != "linalg.yield" or \
            len(ops[-1].operands) != 1:
        return None
    for o in ops[:-1]:
        if not o.name.startswith(_PURE) or o.regions:
            return None
        for v in o.operands:
            if any(v == a for a in args[:-1]):
                continue
            owner = v.owner
            if not isinstance(owner, (ir.Operation, ir.OpView)):
                return None
            owner = _op(owner)
            if owner.name != "arith.constant" and not any(owner == x for x in inside):
                return None
        inside.append(o)
    return g


def _top(o, block):
    """The op of `block` that is `o` or holds it, or None."""
    while o is not None and o.block != block:
        parent = o.parent
        o = _op(parent) if parent is not None else None
    return o


def _later_users(c, start) -> list:
    """The ops of `start`'s block after it that use buffer `c` or a view of it made anywhere
    (the top-level op holding each use), in order, up to a linalg.fill of c (which overwrites
    it); [None, None] where a use cannot be placed."""
    block = start.block
    order = {}
    for i, o in enumerate(block.operations):
        order[_op(o)] = i
    first = order[start]
    found, values, seen = [], [c], 0
    while seen < len(values):
        v = values[seen]
        seen += 1
        for u in v.uses:
            owner = _op(u.owner)
            if owner.name in _VIEWS or owner.name in ("memref.subview", "memref.cast", "memref.reinterpret_cast"):
                values.extend(owner.results)
            top = _top(owner, block)
            if top is None:
                found.append(None)
            elif order.get(top, -1) > first and all(f is None or top != f for f in found):
                found.append(top)
    if any(f is None for f in found):
        return [None, None]
    found = sorted(found, key=lambda o: order[o])
    for i, o in enumerate(found):      # a later op writing all of c: what follows reads that
        if (o.name == "linalg.fill" and o.operands[len(o.operands) - 1] == c) or _overwrites(o, c):
            return found[:i]
    return found


def _overwrites(o, c) -> bool:
    """Whether `o` is an element-wise linalg.generic that writes every element of `c` (its one
    output, identity map) without reading it."""
    if o.name != "linalg.generic" or len(o.results) or not len(o.operands) or o.operands[len(o.operands) - 1] != c:
        return False
    if any(v == c for v in list(o.operands)[:-1]) or "reduction" in str(o.attributes["iterator_types"]):
        return False
    if list(ir.DenseI32ArrayAttr(o.attributes["operandSegmentSizes"]))[-1] != 1:
        return False
    out_map = _map_dims(list(ir.ArrayAttr(o.attributes["indexing_maps"]))[-1])
    body = o.regions[0].blocks[0]
    acc = body.arguments[len(body.arguments) - 1]
    return out_map == list(range(len(ir.ShapedType(c.type).shape))) and not list(acc.uses)


def epilogue_inputs(g, c) -> list:
    """The fused generic `g`'s inputs other than C, as (value, the dims of C its map picks)."""
    out = []
    maps = list(ir.ArrayAttr(g.attributes["indexing_maps"]))
    for v, m in zip(list(g.operands)[:-1], maps):
        if v != c:
            out.append((v, _map_dims(m)))
    return out


def _inline_epilogue(ops, name: str, g, c_value) -> None:
    """Each placeholder `name` among `ops` (nested) replaced by a copy of `g`'s body on its
    operands (C's element `c_value` read, then the other inputs' elements)."""
    calls = []

    def visit(o):
        o = _op(o)
        if o.name == "builtin.unrealized_conversion_cast" and EPILOGUE in o.attributes and \
                ir.StringAttr(o.attributes[EPILOGUE]).value == name:
            calls.append(o)
        return ir.WalkResult.ADVANCE
    for top in ops:
        top.walk(visit)
    body = g.regions[0].blocks[0]
    body_ops = [_op(o) for o in body.operations]
    for call in calls:
        ip = ir.InsertionPoint(call)
        # the placeholder's operands: C's element, then the other inputs' in the generic's order
        c_arg = [a for a, v in zip(list(body.arguments), list(g.operands)[:-1]) if v == c_value]
        extra = [a for a, v in zip(list(body.arguments), list(g.operands)[:-1]) if v != c_value]
        mapping = {c_arg[0]: call.operands[0]}
        for a, v in zip(extra, list(call.operands)[1:]):
            mapping[a] = v

        def value(v):
            for key, new in mapping.items():
                if key == v:
                    return new
            const = _op(v.owner).clone(ip=ip)       # a constant from outside the body
            mapping[v] = const.results[0]
            return const.results[0]
        for o in body_ops[:-1]:
            args = [value(v) for v in o.operands]      # constants cloned ahead of their user
            new = o.clone(ip=ip)
            for j, v in enumerate(args):
                new.operands[j] = v
            for old, res in zip(o.results, new.results):
                mapping[old] = res
        call.results[0].replace_all_uses_with(value(body_ops[-1].operands[0]))
        call.erase()
