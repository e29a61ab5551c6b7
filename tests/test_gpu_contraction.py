"""Contractions through shared memory (lowering/gpu/contraction.py), checked without a GPU:
numbers through `cpu_check` (the same tiles, phases and fragment layout run sequentially on
the CPU; the tensor-core op emulated per warp from the fragments its threads loaded) and the
PTX of the `mma.sync` form counted and assembled by ptxas for sm_80 and sm_90."""
from __future__ import annotations

import re
import shutil

import ml_dtypes
import numpy as np
import pytest

import shlo
from shlo.lowering.gpu import compiler as gpu
from shlo.lowering.gpu import contraction

HAVE_PTXAS = shutil.which("ptxas") is not None


def _matmul(a, b):
    if a.dtype != np.float64:
        return shlo.from_jax(lambda x, y: x @ y, a, b)
    (m, k), n = a.shape, b.shape[1]          # written out: JAX makes f64 f32 unless told
    return (f"func.func @main(%a: tensor<{m}x{k}xf64>, %b: tensor<{k}x{n}xf64>) -> tensor<{m}x{n}xf64> {{\n"
            f'  %0 = "shlo.dot_general"(%a, %b) {{dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], '
            f"rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}} : "
            f"(tensor<{m}x{k}xf64>, tensor<{k}x{n}xf64>) -> tensor<{m}x{n}xf64>\n"
            f"  func.return %0 : tensor<{m}x{n}xf64>\n}}\n")


def _inputs(shape_a, shape_b, dtype, seed=0):
    rng = np.random.default_rng(seed)
    return rng.standard_normal(shape_a).astype(dtype), rng.standard_normal(shape_b).astype(dtype)


def _expected(a, b, out_dtype):
    """f32 accumulation (what the tensor cores and XLA do; f64 for f64), rounded once to the
    output type."""
    acc = np.float64 if out_dtype == np.float64 else np.float32
    return np.matmul(a.astype(acc), b.astype(acc)).astype(out_dtype)


def _check_close(got, want, dtype):
    got, want = np.asarray(got, np.float64), np.asarray(want, np.float64)
    assert got.shape == want.shape
    # one rounding of the output type apart at most (16-bit: 2^-8 / 2^-11 relative)
    rel = {np.float64: 1e-12, np.float32: 1e-5, ml_dtypes.bfloat16: 2 ** -7, np.float16: 2 ** -10}[dtype]
    assert np.abs(got - want).max() <= rel * np.abs(want).max() + 1e-6


@pytest.mark.parametrize("dtype", [np.float32, ml_dtypes.bfloat16, np.float16, np.float64])
@pytest.mark.parametrize("m,k,n", [(100, 40, 72), (33, 7, 5), (1, 64, 130)])
def test_matmul_tiles_match_on_the_cpu(dtype, m, k, n):
    """Odd sizes: partial block tiles in M and N, K not a multiple of the K step nor of the
    vector width (narrower vector loads, zeros past the edge of the shared tiles)."""
    a, b = _inputs((m, k), (k, n), dtype)
    got = gpu.cpu_check(_matmul(a, b))(a, b)[0]
    _check_close(got, _expected(a, b, dtype), dtype)


@pytest.mark.parametrize("dtype,tile", [(np.float32, 8), (ml_dtypes.bfloat16, 4)])
def test_largest_tiles_match_on_the_cpu(dtype, tile, monkeypatch):
    """The tiles a 4096^3 matmul gets (8x8 outputs a thread: 128x128 blocks; 4x4 mma tiles a
    warp: 128x128 blocks), forced on a small problem with partial tiles on every edge."""
    monkeypatch.setattr(contraction, "MIN_BLOCKS", 1)
    assert contraction.choose(1, 4096, 4096, 4096, "f32", "f32").t == 8
    assert contraction.choose(1, 4096, 4096, 4096, "bf16", "f32").tm == 4
    a, b = _inputs((150, 72), (72, 136), dtype, seed=1)
    tl = contraction.choose(1, 150, 136, 72, "f32" if dtype == np.float32 else "bf16", "f32")
    assert (tl.bm, tl.bn) == (128, 128)
    got = gpu.cpu_check(_matmul(a, b))(a, b)[0]
    _check_close(got, _expected(a, b, dtype), dtype)


@pytest.mark.parametrize("dtype", [np.float32, ml_dtypes.bfloat16])
def test_batch_matmul_tiles_match_on_the_cpu(dtype):
    """A batch on the grid's z: each block reads its own batch of A, B and C."""
    a, b = _inputs((3, 40, 24), (3, 24, 56), dtype, seed=2)
    prog = shlo.from_jax(lambda x, y: x @ y, a, b)
    got = gpu.cpu_check(prog)(a, b)[0]
    _check_close(got, _expected(a, b, dtype), dtype)


@pytest.mark.parametrize("keep_fill", [False, True])
def test_zero_fill_dropped_or_accumulated_into(keep_fill, monkeypatch):
    """C = A @ B + bias. The zero fill of C before the matmul is dropped and the kernel writes
    C (one launch fewer); where the fill is kept (forced here), the kernel adds into C (read,
    add, write). The bias is added after either way."""
    if keep_fill:
        monkeypatch.setattr(contraction, "_zero_fill_of", lambda op, buffer: False)
    a, b = _inputs((48, 32), (32, 40), np.float32, seed=3)
    bias = np.linspace(-1, 1, 40, dtype=np.float32)
    prog = shlo.from_jax(lambda x, y, z: x @ y + z, a, b, bias)
    got = gpu.cpu_check(prog)(a, b, bias)[0]
    _check_close(got, _expected(a, b, np.float32) + bias, np.float32)
    plain = gpu.compile_cuda(_matmul(a, b), assemble=False)
    assert len(plain.kernels) == (2 if keep_fill else 1), plain.kernels


def _counts(ptx: str) -> dict:
    return {name: len(re.findall(pattern, ptx)) for name, pattern in (
        ("mma", r"\bmma\.sync\.aligned\.m16n8k16\.row\.col\.f32\.(bf16|f16)\.(bf16|f16)\.f32"),
        ("ld.shared", r"\bld\.shared\."), ("ldmatrix.x4", r"\bldmatrix\.sync\.aligned\.m8n8\.x4\.shared\.b16"),
        ("ldmatrix.x2.trans", r"\bldmatrix\.sync\.aligned\.m8n8\.x2\.trans\.shared\.b16"),
        ("st.shared.v4", r"\bst\.shared\.v4\."),
        ("ld.global.v4", r"\bld\.global(\.nc)?\.v4\."), ("bar", r"\bbar\.sync\b"))}


@pytest.mark.parametrize("dtype,name", [(ml_dtypes.bfloat16, "bf16"), (np.float16, "f16")])
def test_tensor_core_ptx_assembles_for_sm80_and_sm90(dtype, name, monkeypatch):
    """The 16-bit matmul's kernel: vector loads from global memory into shared tiles, fragments
    read with ldmatrix (A x4, B x2 transposed), mma.sync m16n8k16, two barriers a K step;
    ptxas assembles it for both chips. (The one-stage kernel; pipelined: test_pipelined_*.)"""
    monkeypatch.setenv("SHLO_GPU_MMA_STAGES", "0")
    monkeypatch.setattr(contraction, "MIN_BLOCKS", 16)
    a, b = _inputs((256, 256), (256, 256), dtype)
    arts = gpu.compile_cuda_arches(_matmul(a, b), ("sm_80", "sm_90"), assemble=HAVE_PTXAS)
    for arch, art in arts.items():
        c = _counts(art.ptx)
        # 64x64 blocks (16 of them, MIN_BLOCKS here): 2x2 mma tiles a warp,
        # two k16 steps a K step of 32 -> 8 mma.sync in the loop body
        assert c["mma"] >= 8 and c["mma"] % 8 == 0, (arch, c)
        assert c["ld.global.v4"] >= 2 and c["st.shared.v4"] >= 2 and c["bar"] >= 2, (arch, c)
        # per K step: 2 k16 steps x 2 tiles of A (x4) and of B (x2.trans), no scalar shared reads
        assert c["ldmatrix.x4"] == c["ldmatrix.x2.trans"] == c["mma"] // 2 and c["ld.shared"] == 0, (arch, c)
        # shared tiles aligned for the 16-byte accesses (element alignment would fault)
        assert re.findall(r"\.shared \.align (\d+)", art.ptx) == ["16", "16"], arch
        tiled = [k for k in art.kernels if k["block"] == [256, 1, 1] and k["grid"] == [4, 4, 1]]
        assert len(tiled) == 1, art.kernels
        if HAVE_PTXAS:
            assert art.cubin, arch


def test_f32_shared_tile_ptx():
    """f32: no tensor cores (TF32 is not used), 16-byte vector loads into shared tiles and
    shared-memory reads for the register tiles."""
    a, b = _inputs((512, 256), (256, 384), np.float32)
    art = gpu.compile_cuda(_matmul(a, b), arch="sm_90", assemble=HAVE_PTXAS)
    c = _counts(art.ptx)
    assert c["mma"] == 0 and c["ld.global.v4"] >= 2 and c["ld.shared"] >= 16 and c["bar"] >= 2, c
    if HAVE_PTXAS:
        assert art.cubin


def test_switch_leaves_the_register_tiles(monkeypatch):
    """SHLO_GPU_SHARED_TILES=0 gives back schedules.py's register tiles (no shared memory)."""
    monkeypatch.setenv("SHLO_GPU_SHARED_TILES", "0")
    a, b = _inputs((256, 256), (256, 256), ml_dtypes.bfloat16)
    art = gpu.compile_cuda(_matmul(a, b), arch="sm_90", assemble=False)
    c = _counts(art.ptx)
    assert c["mma"] == 0 and c["ld.shared"] == 0, c
    assert any(k["block"] == [16, 16, 1] for k in art.kernels), art.kernels


def test_emulated_fragment_layout_catches_a_wrong_lane(monkeypatch):
    """The CPU check is not blind to the fragment layout: loading A's fragment rows 8 apart in
    the other order (a plausible slip) gives wrong numbers."""
    original = contraction._Kernel.compute

    def swapped(self, t, tid, As, Bs, acc, cpu, frags=None):
        saved = contraction._Kernel._stack

        def stack(t, regs, n, e, w=2):
            if n == 4:
                regs = [regs[1], regs[0], regs[3], regs[2]]
            return saved(t, regs, n, e, w)
        monkeypatch.setattr(contraction._Kernel, "_stack", staticmethod(stack))
        try:
            return original(self, t, tid, As, Bs, acc, cpu, frags)
        finally:
            monkeypatch.setattr(contraction._Kernel, "_stack", staticmethod(saved))
    monkeypatch.setattr(contraction._Kernel, "compute", swapped)
    a, b = _inputs((32, 16), (16, 32), ml_dtypes.bfloat16, seed=4)
    got = np.asarray(gpu.cpu_check(_matmul(a, b))(a, b)[0], np.float64)
    want = _expected(a, b, ml_dtypes.bfloat16).astype(np.float64)
    assert np.abs(got - want).max() > 0.1 * np.abs(want).max()


def test_prefetch_assembles(monkeypatch):
    """By default (GPU form only) the next K step's loads are carried in registers through the
    loop; same instruction mix a step, and ptxas assembles it. SHLO_GPU_PREFETCH=0 loads each
    step's tiles in that step. (The one-stage kernel.)"""
    monkeypatch.setenv("SHLO_GPU_MMA_STAGES", "0")
    monkeypatch.setattr(contraction, "MIN_BLOCKS", 16)
    a, b = _inputs((256, 200), (200, 256), ml_dtypes.bfloat16)
    art = gpu.compile_cuda(_matmul(a, b), arch="sm_80", assemble=HAVE_PTXAS)
    c = _counts(art.ptx)
    assert c["mma"] >= 8 and c["ldmatrix.x4"] == c["mma"] // 2 and c["ld.global.v4"] >= 4 and c["bar"] >= 2, c
    assert "min.u64" in art.ptx          # the last step's prefetch kept inside the operands
    if HAVE_PTXAS:
        assert art.cubin
    monkeypatch.setenv("SHLO_GPU_PREFETCH", "0")
    plain = gpu.compile_cuda(_matmul(a, b), arch="sm_80", assemble=False)
    assert "min.u64" not in plain.ptx and _counts(plain.ptx)["mma"] == c["mma"]


def _tf32(x):
    """f32 rounded to TF32 (10-bit mantissa, to nearest, ties away from zero: cvt.rna)."""
    bits = (x.astype(np.float32).view(np.uint32).astype(np.uint64) + 0x1000) & 0xFFFFE000
    return bits.astype(np.uint32).view(np.float32)


@pytest.mark.parametrize("m,k,n,largest", [(100, 40, 72, False), (33, 7, 5, False), (130, 40, 72, True)])
def test_tf32_tiles_match_on_the_cpu(m, k, n, largest, monkeypatch):
    """SHLO_GPU_TF32=1: f32 through mma.sync m16n8k8 .tf32 (emulated per warp on the CPU): equal
    to the product of the operands rounded to TF32, summed in f32 (not to the exact product)."""
    monkeypatch.setenv("SHLO_GPU_TF32", "1")
    if largest:
        monkeypatch.setattr(contraction, "MIN_BLOCKS", 1)
    a, b = _inputs((m, k), (k, n), np.float32, seed=5)
    got = np.asarray(gpu.cpu_check(_matmul(a, b))(a, b)[0], np.float64)
    want = _tf32(a).astype(np.float64) @ _tf32(b).astype(np.float64)
    assert np.abs(got - want).max() <= 1e-5 * np.abs(want).max()
    exact = a.astype(np.float64) @ b.astype(np.float64)
    assert np.abs(got - exact).max() > 1e-5 * np.abs(exact).max()     # TF32, not f32


def test_tf32_ptx_assembles(monkeypatch):
    """The TF32 kernel: ldmatrix x4 for A (32-bit elements as pairs of b16), B read directly,
    mma.sync m16n8k8 .tf32; off by default (f32 stays exact). The one-stage kernel."""
    monkeypatch.setenv("SHLO_GPU_MMA_STAGES", "0")
    monkeypatch.setattr(contraction, "MIN_BLOCKS", 16)
    a, b = _inputs((256, 256), (256, 256), np.float32)
    assert _counts(gpu.compile_cuda(_matmul(a, b), assemble=False).ptx)["mma"] == 0
    monkeypatch.setenv("SHLO_GPU_TF32", "1")
    for arch, art in gpu.compile_cuda_arches(_matmul(a, b), ("sm_80", "sm_90"), assemble=HAVE_PTXAS).items():
        mma = len(re.findall(r"\bmma\.sync\.aligned\.m16n8k8\.row\.col\.f32\.tf32\.tf32\.f32", art.ptx))
        x4 = _counts(art.ptx)["ldmatrix.x4"]
        # 64x64 blocks: 2x2 tiles a warp, 4 k8 steps a K step of 32 -> 16 mma, 8 ldmatrix x4
        assert mma >= 16 and mma % 16 == 0 and x4 == mma // 2, (arch, mma, x4)
        assert "min.u64" not in art.ptx, arch      # no loads a step ahead: slower as TF32 on an H200
        if HAVE_PTXAS:
            assert art.cubin, arch


def _three_precisions(m, k, n):
    """One f32 product three ways: DEFAULT precision, HIGHEST, and the TF32 algorithm."""
    t = lambda r, c: f"tensor<{r}x{c}xf32>"    # noqa: E731
    dims = "contracting_dims = [1] x [0]"
    sig = f"({t(m, k)}, {t(k, n)}) -> {t(m, n)}"
    tf32 = ("algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, "
            "lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, "
            "allow_imprecise_accumulation = false>")
    return shlo.from_stablehlo(
        f"func.func @main(%a: {t(m, k)}, %b: {t(k, n)}) -> ({t(m, n)}, {t(m, n)}, {t(m, n)}) {{\n"
        f"  %0 = stablehlo.dot_general %a, %b, {dims} : {sig}\n"
        f"  %1 = stablehlo.dot_general %a, %b, {dims}, precision = [HIGHEST, HIGHEST] : {sig}\n"
        f"  %2 = stablehlo.dot_general %a, %b, {dims}, precision = [DEFAULT, DEFAULT], {tf32} : {sig}\n"
        f"  return %0, %1, %2 : {t(m, n)}, {t(m, n)}, {t(m, n)}\n}}\n")


@pytest.mark.parametrize("tf32", [False, True])
def test_tf32_follows_each_dots_precision(tf32, monkeypatch):
    """The `tf32` option takes the dots at DEFAULT precision to TF32 (as XLA does), never those at
    HIGHEST; a dot whose algorithm asks for TF32 gets it without the option."""
    monkeypatch.delenv("SHLO_GPU_TF32", raising=False)
    a, b = _inputs((70, 40), (40, 36), np.float32, seed=3)
    prog = _three_precisions(70, 40, 36)
    outs = [np.asarray(o, np.float64) for o in gpu.cpu_check(prog, tf32=tf32)(a, b)]
    rounded = _tf32(a).astype(np.float64) @ _tf32(b).astype(np.float64)
    exact = a.astype(np.float64) @ b.astype(np.float64)

    def near(got, want):
        return np.abs(got - want).max() <= 1e-5 * np.abs(want).max()
    assert not near(rounded, exact)                 # the two are told apart at these sizes
    assert near(outs[0], rounded if tf32 else exact)
    assert near(outs[1], exact)
    assert near(outs[2], rounded)
    kernels = gpu.compile_cuda(prog, assemble=False, tf32=tf32).ptx.split(".entry")[1:]
    on_tensor_cores = [k for k in kernels if re.search(r"\bmma\.sync\.aligned\.m16n8k8\.row\.col\.f32\.tf32", k)]
    assert len(on_tensor_cores) == (2 if tf32 else 1)


def test_tf32_is_an_option_of_the_cuda_target():
    a, b = _inputs((8, 8), (8, 8), np.float32)
    with pytest.raises(shlo.ShloError, match="tf32 is an option of target 'cuda'"):
        shlo.compile(_matmul(a, b), tf32=True)


def _z_blocks(art) -> list:
    return [k["grid"][2] for k in art.plan["launches"]]


@pytest.mark.parametrize("residual", [False, True])
def test_split_k_matches_and_fills_the_grid(residual, monkeypatch):
    """256 x 2048 x 512 (the decoder's MLP down projection): 16 x 16 tiles would make 512 blocks
    with K 2048 each; K is cut into 8 slices of 256 on the grid's z (64 x 64 tiles, 256 blocks;
    4 slices of 32 x 32 tiles where a split must give 264), each slice's product written to a
    buffer, then summed in order into C by one more launch, which also runs the element-wise op
    after the matmul (a residual add: still two launches). SHLO_GPU_SPLIT_K=0: one launch over
    K (and the add fused into its store)."""
    assert contraction.choose(1, 256, 512, 2048, "f32", "f32", split=True).split == 8
    assert contraction.choose(1, 256, 512, 2048, "f32", "f32", split=True).t == 4
    monkeypatch.setattr(contraction, "SPLIT_BLOCKS", 264)
    assert contraction.choose(1, 256, 512, 2048, "f32", "f32", split=True).split == 4
    assert contraction.choose(1, 256, 512, 2048, "f32", "f32", split=True).t == 2
    assert contraction.choose(1, 4096, 4096, 4096, "f32", "f32", split=True).split == 1
    assert contraction.choose(1, 256, 512, 2048, "f32", "f32").split == 1     # not asked
    assert contraction.choose(1, 256, 512, 2048, "bf16", "bf16", split=True).split == 1    # C bf16
    a, b = _inputs((256, 2048), (2048, 512), np.float32, seed=5)
    r = np.linspace(-1, 1, 256 * 512, dtype=np.float32).reshape(256, 512)
    prog = shlo.from_jax((lambda x, y, z: z + x @ y) if residual else (lambda x, y, z: x @ y), a, b, r)
    want = _expected(a, b, np.float32) + (r if residual else 0)
    _check_close(gpu.cpu_check(prog)(a, b, r)[0], want, np.float32)
    art = gpu.compile_cuda(prog, assemble=False)
    assert _z_blocks(art) == [4, 1], art.kernels
    monkeypatch.undo()
    _check_close(gpu.cpu_check(prog)(a, b, r)[0], want, np.float32)
    assert _z_blocks(gpu.compile_cuda(prog, assemble=False)) == [8, 1]
    monkeypatch.setenv("SHLO_GPU_SPLIT_K", "0")
    assert _z_blocks(gpu.compile_cuda(prog, assemble=False)) == [1], art.kernels
    _check_close(gpu.cpu_check(prog)(a, b, r)[0], want, np.float32)


def test_split_k_adds_into_a_kept_c_and_on_the_tensor_cores(monkeypatch):
    """Where C's zero fill is kept (forced), the slices are added into C's old value; f32 as
    TF32 (m16n8k8 tiles) splits too; the PTX of both assembles."""
    monkeypatch.setattr(contraction, "_zero_fill_of", lambda op, buffer: False)
    a, b = _inputs((128, 1024), (1024, 256), np.float32, seed=6)
    prog = _matmul(a, b)
    _check_close(gpu.cpu_check(prog)(a, b)[0], _expected(a, b, np.float32), np.float32)
    art = gpu.compile_cuda(prog, assemble=HAVE_PTXAS)
    assert contraction.choose(1, 128, 256, 1024, "f32", "f32", split=True).split == 2    # 16 x 16 tiles
    assert 2 in _z_blocks(art) and len(art.kernels) == 3, art.kernels      # fill, slices, sum
    monkeypatch.undo()
    tl = contraction.choose(1, 256, 512, 2048, "f32", "f32", tf32=True, split=True)
    assert tl.kind == "mma" and tl.split == 8 and tl.bm == 64     # 64 x 64 blocks, K 256 a slice
    a, b = _inputs((256, 2048), (2048, 512), np.float32, seed=6)
    prog = _matmul(a, b)
    got = gpu.cpu_check(prog, tf32=True)(a, b)[0]
    assert np.abs(got - _expected(a, b, np.float32)).max() <= 2e-3 * np.abs(_expected(a, b, np.float32)).max()
    tf = gpu.compile_cuda(prog, assemble=HAVE_PTXAS, tf32=True)
    assert tl.split in _z_blocks(tf), tf.kernels
    if HAVE_PTXAS:
        assert art.cubin and tf.cubin


def test_untied_fill_lets_a_reused_c_fuse_its_epilogue(monkeypatch):
    """Two matmuls of one shape starting from one CSE'd zero fill: bufferized, the second's C was
    a copy of the fill taken before the first (a copy launch, and C added into, its residual add a
    launch of its own). fills.untie_fills fills again before each: each matmul one launch with the
    add fused; SHLO_GPU_UNTIE_FILLS=0 keeps the copy."""
    rng = np.random.default_rng(7)
    x, w1, w2 = (rng.standard_normal(s).astype(np.float32) for s in ((64, 96), (96, 96), (96, 96)))

    def fn(x, w1, w2):
        h = x[:, :96] @ w1 + x[:, :96]
        return h @ w2 + h
    prog = shlo.from_jax(fn, x, w1, w2)
    h = _expected(x, w1, np.float32) + x
    want = _expected(h, w2, np.float32) + h
    _check_close(gpu.cpu_check(prog)(x, w1, w2)[0], want, np.float32)
    tied_free = len(gpu.compile_cuda(prog, assemble=False).kernels)
    monkeypatch.setenv("SHLO_GPU_UNTIE_FILLS", "0")
    _check_close(gpu.cpu_check(prog)(x, w1, w2)[0], want, np.float32)
    assert tied_free < len(gpu.compile_cuda(prog, assemble=False).kernels)
    assert tied_free == 2


@pytest.mark.parametrize("form", ["dot_general", "two_m_dims", "transposed_heads"])
def test_contraction_over_several_dims_becomes_a_matmul(form, monkeypatch):
    """A dot_general over several contracting dims (the lowering's generic of as many reduction
    loops) whose operands collapse to matrices without a copy runs on the shared-memory kernel
    (gpu/multi_k.py), its C's zero fill dropped; SHLO_GPU_MULTI_K=0 leaves the generic on the
    general mapping (one thread an output). transposed_heads: the decoder's output
    projection, (heads, seq, head) -> (seq, heads * head) @ w (the transpose a copy either way)."""
    import jax
    from shlo.lowering.gpu import multi_k
    rng = np.random.default_rng(8)
    if form == "transposed_heads":
        a, b = rng.standard_normal((4, 64, 16)).astype(np.float32), rng.standard_normal((64, 48)).astype(np.float32)

        def fn(x, y):
            return x.transpose(1, 0, 2).reshape(64, 64) @ y
        want = np.asarray(a, np.float64).transpose(1, 0, 2).reshape(64, 64) @ b
    else:
        lead = (64,) if form == "dot_general" else (8, 8)
        a = rng.standard_normal(lead + (4, 16)).astype(np.float32)
        b = rng.standard_normal((4, 16, 48)).astype(np.float32)
        r = len(lead)

        def fn(x, y):
            return jax.lax.dot_general(x, y, (((r, r + 1), (0, 1)), ((), ())))
        want = np.tensordot(a.astype(np.float64), b.astype(np.float64), axes=([r, r + 1], [0, 1]))
    prog = shlo.from_jax(fn, a, b)
    assert np.abs(gpu.cpu_check(prog)(a, b)[0] - want).max() <= 1e-5 * np.abs(want).max()
    art = gpu.compile_cuda(prog, assemble=HAVE_PTXAS)
    tiled = [k for k in art.kernels if k["grid"][1] > 1]          # blocks on y: the tiled kernel
    assert len(tiled) == 1 and len(art.kernels) == (2 if form == "transposed_heads" else 1), art.kernels
    if HAVE_PTXAS:
        assert art.cubin
    monkeypatch.setenv("SHLO_GPU_MULTI_K", "0")
    assert not multi_k.enabled()
    kept = gpu.compile_cuda(prog, assemble=False)
    assert all(k["grid"][1] == 1 for k in kept.kernels) and len(kept.kernels) >= len(art.kernels), kept.kernels
    assert np.abs(gpu.cpu_check(prog)(a, b)[0] - want).max() <= 1e-5 * np.abs(want).max()


def test_in_place_epilogue_read_later_and_overwritten_c(monkeypatch):
    """An MLP: gelu(x @ w1) written in place over C and read by the next matmul, whose residual
    add goes to a buffer bufferization reuses for later values: each matmul one launch with its
    element-wise op fused (C's users after an in-place epilogue read what the kernel writes; an
    element-wise op writing all of C without reading it ends C's life)."""
    import jax
    rng = np.random.default_rng(9)
    x, w1, w2 = (rng.standard_normal(s).astype(np.float32) / 4 for s in ((64, 96), (96, 128), (128, 96)))

    def fn(x, w1, w2):
        h = x + jax.nn.gelu(x @ w1, approximate=False) @ w2
        return h * 2.0 + 1.0
    prog = shlo.from_jax(fn, x, w1, w2)
    want = np.asarray(fn(x, w1, w2))
    np.testing.assert_allclose(gpu.cpu_check(prog)(x, w1, w2)[0], want, rtol=1e-5, atol=1e-5)
    kernels = gpu.compile_cuda(prog, assemble=False).kernels
    assert len([k for k in kernels if k["grid"][1] > 1]) == 2 and len(kernels) <= 3, kernels
    monkeypatch.setenv("SHLO_GPU_FUSE_EPILOGUE", "0")
    assert len(gpu.compile_cuda(prog, assemble=False).kernels) > len(kernels)


@pytest.mark.parametrize("scaled", [False, True])
def test_batch_split_k_and_its_switch(scaled, monkeypatch):
    """A batch matmul splits K too, batch and slice on the grid's z (attention's probs @ v,
    8 x 256 x 256 @ 256 x 64: 32 x 32 tiles, K in 2, z = 16; SHLO_GPU_SPLIT_BATCHES=0, 16 x 16
    tiles of one output a thread, z = 8); the sum launch runs the element-wise op after it."""
    rng = np.random.default_rng(10)
    a, b = rng.standard_normal((8, 256, 256)).astype(np.float32), rng.standard_normal((8, 256, 64)).astype(np.float32)
    prog = shlo.from_jax((lambda x, y: (x @ y) * 0.5 + 1.0) if scaled else (lambda x, y: x @ y), a, b)
    want = np.matmul(a.astype(np.float64), b) * (0.5 if scaled else 1.0) + (1.0 if scaled else 0.0)
    monkeypatch.setenv("SHLO_GPU_SPLIT_BATCHES", "0")
    assert _z_blocks(gpu.compile_cuda(prog, assemble=False)) == [8]
    monkeypatch.delenv("SHLO_GPU_SPLIT_BATCHES")
    tl = contraction.choose(8, 256, 64, 256, "f32", "f32", split=True)
    assert (tl.split, tl.batches, tl.bm, tl.grid) == (2, 8, 32, (2, 8, 16))
    got = gpu.cpu_check(prog)(a, b)[0]
    assert np.abs(got - want).max() <= 1e-5 * np.abs(want).max()
    art = gpu.compile_cuda(prog, assemble=HAVE_PTXAS)
    assert _z_blocks(art) == [16, 1], art.kernels
    if HAVE_PTXAS:
        assert art.cubin


PIPELINED = {"default": {},
             "3 stages": {"SHLO_GPU_MMA_STAGES": "3", "SHLO_GPU_MMA_WARP_TILE": "4,4"},
             "2 stages, B x2": {"SHLO_GPU_MMA_STAGES": "2", "SHLO_GPU_MMA_WARP_TILE": "4,4", "SHLO_GPU_MMA_LDX4": "0"},
             "64x64 warps, 4 stages": {"SHLO_GPU_MMA_STAGES": "4", "SHLO_GPU_MMA_WARP_TILE": "4,8"},
             "64x64 warps, K 64": {"SHLO_GPU_MMA_STAGES": "3", "SHLO_GPU_MMA_WARP_TILE": "4,8",
                                   "SHLO_GPU_MMA_KS": "64"},
             "2x2 warps of 64x64": {"SHLO_GPU_MMA_STAGES": "4", "SHLO_GPU_MMA_WARP_TILE": "4,8",
                                    "SHLO_GPU_MMA_WARPS": "2,2"},
             "4x2 warps of 64x64": {"SHLO_GPU_MMA_STAGES": "3", "SHLO_GPU_MMA_WARP_TILE": "4,8",
                                    "SHLO_GPU_MMA_WARPS": "4,2"}}


def _pipelined_env(monkeypatch, name):
    for variable, value in PIPELINED[name].items():
        monkeypatch.setenv(variable, value)


@pytest.mark.parametrize("name", list(PIPELINED))
@pytest.mark.parametrize("dtype,el", [(ml_dtypes.bfloat16, "bf16"), (np.float16, "f16")])
def test_pipelined_tiles_match_on_the_cpu(name, dtype, el, monkeypatch):
    """SHLO_GPU_MMA_STAGES: the shared tiles several K steps deep (cp.async on the GPU; on the
    CPU the same slots copied into stage step % stages, the fragments read from that stage),
    with the largest tiles forced on a problem with partial blocks in M and N and a partial last
    K step (zeros past the edges)."""
    _pipelined_env(monkeypatch, name)
    monkeypatch.setattr(contraction, "MIN_BLOCKS", 1)
    tl = contraction.pipelined(contraction.choose(1, 150, 264, 200, el, el))
    env = PIPELINED[name]
    wm, wn = (int(x) for x in env.get("SHLO_GPU_MMA_WARPS", "2,4").split(","))
    tn = int(env.get("SHLO_GPU_MMA_WARP_TILE", "4,8").split(",")[1])     # by default 64 x 64 warp tiles
    # 16-bit 64 x 64 warp tiles: K 64 by default
    stages, ks = int(env.get("SHLO_GPU_MMA_STAGES", 3)), int(env.get("SHLO_GPU_MMA_KS", 64 if tn == 8 else 32))
    assert (tl.stages, tl.ks, tl.bm, tl.bn, tl.threads, tl.ldx4, tl.ahead) == (
        stages, ks, 64 * wm, 8 * tn * wn, 32 * wm * wn, env.get("SHLO_GPU_MMA_LDX4") != "0", tn == 8)
    a, b = _inputs((150, 200), (200, 264), dtype, seed=11)
    got = gpu.cpu_check(_matmul(a, b))(a, b)[0]
    _check_close(got, _expected(a, b, dtype), dtype)


def test_pipelined_batch_and_split_k_match_on_the_cpu(monkeypatch):
    """A batch (its blocks on the grid's z) and a split K (slices on z, partial sums after)
    pipelined: each block copies its own batch's / slice's tiles."""
    monkeypatch.setenv("SHLO_GPU_MMA_STAGES", "3")
    monkeypatch.setattr(contraction, "MIN_BLOCKS", 1)
    a, b = _inputs((3, 40, 64), (3, 64, 56), ml_dtypes.bfloat16, seed=12)
    assert contraction.pipelined(contraction.choose(3, 40, 56, 64, "bf16", "bf16")).stages == 3
    got = gpu.cpu_check(shlo.from_jax(lambda x, y: x @ y, a, b))(a, b)[0]
    _check_close(got, _expected(a, b, ml_dtypes.bfloat16), ml_dtypes.bfloat16)
    monkeypatch.undo()
    monkeypatch.setenv("SHLO_GPU_MMA_STAGES", "3")
    import jax.numpy as jnp
    a, b = _inputs((256, 2048), (2048, 512), ml_dtypes.bfloat16, seed=13)
    tl = contraction.pipelined(contraction.choose(1, 256, 512, 2048, "bf16", "f32", split=True))
    assert tl.split > 1 and tl.stages == 3, (tl.split, tl.stages)
    prog = shlo.from_jax(lambda x, y: jnp.matmul(x, y, preferred_element_type=jnp.float32), a, b)
    got = gpu.cpu_check(prog)(a, b)[0]
    _check_close(got, _expected(a, b, np.float32), np.float32)
    assert tl.split in _z_blocks(gpu.compile_cuda(prog, assemble=False))


def test_pipelined_tf32_matches_on_the_cpu(monkeypatch):
    """TF32 pipelined: cp.async copies the f32 operands; they are rounded to TF32 as the
    fragments are read (not as stored): the same numbers as the product of the rounded operands."""
    monkeypatch.setenv("SHLO_GPU_TF32", "1")
    monkeypatch.setenv("SHLO_GPU_MMA_STAGES", "3")
    monkeypatch.setattr(contraction, "MIN_BLOCKS", 1)
    assert contraction.pipelined(contraction.choose(1, 130, 72, 200, "f32", "f32", tf32=True)).stages == 3
    a, b = _inputs((130, 200), (200, 72), np.float32, seed=14)
    got = np.asarray(gpu.cpu_check(_matmul(a, b))(a, b)[0], np.float64)
    want = _tf32(a).astype(np.float64) @ _tf32(b).astype(np.float64)
    assert np.abs(got - want).max() <= 1e-5 * np.abs(want).max()


def test_pipelined_ptx_assembles(monkeypatch):
    """The pipelined kernel: 16-byte cp.async copies (zero-filled past the edges through the
    source size), one wait and one barrier a K step, B's fragments read two column tiles an
    ldmatrix (x4 transposed), the tiles in dynamic shared memory (the launch asks for it: 3
    stages of 128 x 256 blocks, 81408 bytes); ptxas assembles it for sm_80 and sm_90. Not
    taken (the kernel of before): K or N not a multiple of 8 (no 16-byte copies), SIMT f32."""
    monkeypatch.setenv("SHLO_GPU_MMA_STAGES", "3")
    monkeypatch.setenv("SHLO_GPU_MMA_WARP_TILE", "4,8")
    monkeypatch.setenv("SHLO_GPU_MMA_AHEAD", "0")
    monkeypatch.setenv("SHLO_GPU_MMA_KS", "32")
    monkeypatch.setattr(contraction, "MIN_BLOCKS", 16)
    a, b = _inputs((1000, 256), (256, 1000), ml_dtypes.bfloat16)
    for arch, art in gpu.compile_cuda_arches(_matmul(a, b), ("sm_80", "sm_90"), assemble=HAVE_PTXAS).items():
        c = _counts(art.ptx)
        copies = len(re.findall(r"\bcp\.async\.cg\.shared\.global \[[^]]+\], \[[^]]+\], 16, %r", art.ptx))
        assert copies >= 2 and re.search(r"cp\.async\.wait_group\s+1;", art.ptx) and c["bar"] == 1, (arch, c, copies)
        # per K step of 32: 2 k16 steps x (4 A x4, 4 B x4.trans, 32 mma)
        x4t = len(re.findall(r"\bldmatrix\.sync\.aligned\.m8n8\.x4\.trans\.shared\.b16", art.ptx))
        assert c["mma"] == 64 and c["ldmatrix.x4"] == x4t == 8 and c["ldmatrix.x2.trans"] == 0, (arch, c)
        assert [(k["grid"], k["smem"]) for k in art.kernels] == [([4, 8, 1], 81408)], art.kernels
        if HAVE_PTXAS:
            assert art.cubin, arch
    assert contraction.pipelined(contraction.choose(1, 1000, 1001, 256, "bf16", "bf16")).stages == 0
    assert contraction.pipelined(contraction.choose(1, 1000, 1000, 256, "f32", "f32")).stages == 0


@pytest.mark.parametrize("el,dtype", [("bf16", ml_dtypes.bfloat16), ("f32", np.float32)])
def test_fragments_ahead_ptx_assembles(el, dtype, monkeypatch):
    """SHLO_GPU_MMA_AHEAD=1 (GPU form only; the CPU form reads the same fragments in order): each K
    step's first fragments read before the loop turns, right after the barrier that says its
    stage landed: one barrier before the loop and one in it, the fragments of the first k step
    read twice (before the loop and in it), the rest once; ptxas assembles it (bf16 and TF32)."""
    monkeypatch.setenv("SHLO_GPU_MMA_STAGES", "4")
    monkeypatch.setenv("SHLO_GPU_MMA_WARP_TILE", "4,8")
    monkeypatch.setenv("SHLO_GPU_MMA_WARPS", "2,2")
    monkeypatch.setenv("SHLO_GPU_MMA_AHEAD", "1")
    monkeypatch.setenv("SHLO_GPU_MMA_KS", "32")
    monkeypatch.setattr(contraction, "MIN_BLOCKS", 16)
    a, b = _inputs((512, 256), (256, 512), dtype)
    for arch, art in gpu.compile_cuda_arches(_matmul(a, b), ("sm_80", "sm_90"), assemble=HAVE_PTXAS,
                                             tf32=el == "f32").items():
        c = _counts(art.ptx)
        assert c["bar"] == 2 and len(re.findall(r"cp\.async\.wait_group\s+2;", art.ptx)) == 2, (arch, c)
        # 128 x 128 blocks of 4 warps, 64 x 64 each: per K step of 32, 4 A ldmatrix x4 a k step
        # (bf16: 2 k16 steps; TF32: 4 k8 steps), one more k step's worth before the loop
        steps = 2 if el == "bf16" else 4
        assert c["ldmatrix.x4"] == 4 * (steps + 1), (arch, c)
        assert art.kernels[0]["block"] == [128, 1, 1] and art.kernels[0]["smem"] > 48 * 1024, art.kernels
        if HAVE_PTXAS:
            assert art.cubin, arch
    a, b = _inputs((150, 200), (200, 264), dtype, seed=15)
    monkeypatch.setattr(contraction, "MIN_BLOCKS", 1)
    got = gpu.cpu_check(_matmul(a, b), tf32=el == "f32")(a, b)[0]
    if el == "f32":
        want = _tf32(a).astype(np.float64) @ _tf32(b).astype(np.float64)
        assert np.abs(got - want).max() <= 1e-5 * np.abs(want).max()
    else:
        _check_close(got, _expected(a, b, dtype), dtype)


def test_pipelined_stages_fit_every_chips_shared_memory(monkeypatch):
    """A pipelined block's shared memory fits what every chip of the lowering allows (227 KiB on
    sm_90, 163 on sm_80, 99 on sm_86 / sm_89): fewer stages, K steps of 32, then the narrower
    tiles, where more do not fit."""
    limit = contraction.shared_limit
    bf16 = contraction.pipelined(contraction.choose(1, 4096, 4096, 4096, "bf16", "bf16"), limit(("sm_90",)))
    assert (bf16.stages, bf16.bn, bf16.ks, bf16.ahead) == (3, 256, 64, True)      # the default: 156672 bytes
    narrow = contraction.pipelined(contraction.choose(1, 4096, 4096, 4096, "bf16", "bf16"), limit(("sm_80", "sm_86")))
    assert (narrow.stages, narrow.bn, narrow.ks) == (3, 256, 32)                  # 81408 bytes
    tf32 = contraction.pipelined(contraction.choose(1, 4096, 4096, 4096, "f32", "f32", tf32=True), limit(("sm_90",)))
    assert (tf32.stages, tf32.bn, tf32.ks, tf32.ahead) == (3, 256, 32, True)      # 156672 bytes
    small = contraction.pipelined(contraction.choose(1, 4096, 4096, 4096, "f32", "f32", tf32=True),
                                  limit(("sm_86", "sm_90")))
    assert (small.stages, small.bn) == (2, 128)                         # 71680 bytes
    monkeypatch.setenv("SHLO_GPU_MMA_KS", "64")
    deep = contraction.pipelined(contraction.choose(1, 4096, 4096, 4096, "f32", "f32", tf32=True), limit(("sm_90",)))
    assert (deep.stages, deep.ks) == (3, 32), (deep.stages, deep.ks)    # K 64: 307200 bytes
    monkeypatch.delenv("SHLO_GPU_MMA_KS")
    monkeypatch.setattr(contraction, "MIN_BLOCKS", 16)
    a, b = _inputs((512, 256), (256, 512), np.float32)
    for arches in (("sm_90",), ("sm_86", "sm_90")):
        arts = gpu.compile_cuda_arches(_matmul(a, b), arches, assemble=False, tf32=True)
        for art in arts.values():
            assert all(0 < k["smem"] <= limit(arches) for k in art.kernels), (arches, art.kernels)


@pytest.mark.parametrize("ahead", ["0", "1"])
def test_tf32_rounded_in_shared_memory(ahead, monkeypatch):
    """SHLO_GPU_TF32_ROUND=shared: each thread rounds the vectors it copied in place once they
    landed, before the barrier (16-byte shared loads and stores, no rounding at the fragments);
    the same numbers as the product of the rounded operands; ptxas assembles it."""
    monkeypatch.setenv("SHLO_GPU_TF32_ROUND", "shared")
    monkeypatch.setenv("SHLO_GPU_MMA_AHEAD", ahead)
    monkeypatch.setattr(contraction, "MIN_BLOCKS", 1)
    a, b = _inputs((150, 200), (200, 264), np.float32, seed=16)
    got = np.asarray(gpu.cpu_check(_matmul(a, b), tf32=True)(a, b)[0], np.float64)
    want = _tf32(a).astype(np.float64) @ _tf32(b).astype(np.float64)
    assert np.abs(got - want).max() <= 1e-5 * np.abs(want).max()
    monkeypatch.setattr(contraction, "MIN_BLOCKS", 16)
    a, b = _inputs((512, 256), (256, 512), np.float32)
    art = gpu.compile_cuda(_matmul(a, b), assemble=HAVE_PTXAS, tf32=True)
    stores = len(re.findall(r"\bst\.shared\.v4\.b32", art.ptx))
    # 128 x 128 blocks (MIN_BLOCKS 16 here): A 128 x 32 and B 32 x 128 f32, 4 vectors a thread
    # each, rounded where they land (ahead: once before the loop too)
    assert stores == (16 if ahead == "1" else 8), stores
    assert _counts(art.ptx)["bar"] == (2 if ahead == "1" else 1)
    if HAVE_PTXAS:
        assert art.cubin


@pytest.mark.parametrize("round_at", ["fragments", "shared"])
def test_tf32_interleaved_b_columns(round_at, monkeypatch):
    """SHLO_GPU_TF32_BCOLS=1 (TF32, 64 x 64 warp tiles): B's fragments read as 32-byte rows from
    interleaved shared columns and the outputs stored at the same permuted columns: the same
    numbers (edge tiles in M and N), no scalar shared loads left in the PTX."""
    monkeypatch.setenv("SHLO_GPU_TF32_BCOLS", "1")
    monkeypatch.setenv("SHLO_GPU_TF32_ROUND", round_at)
    monkeypatch.setattr(contraction, "MIN_BLOCKS", 1)
    tl = contraction.pipelined(contraction.choose(1, 150, 264, 200, "f32", "f32", tf32=True))
    assert tl.bcols and tl.bn == 256, (tl.bcols, tl.bn)
    a, b = _inputs((150, 200), (200, 264), np.float32, seed=17)
    got = np.asarray(gpu.cpu_check(_matmul(a, b), tf32=True)(a, b)[0], np.float64)
    want = _tf32(a).astype(np.float64) @ _tf32(b).astype(np.float64)
    assert np.abs(got - want).max() <= 1e-5 * np.abs(want).max()
    art = gpu.compile_cuda(_matmul(a, b), assemble=HAVE_PTXAS, tf32=True)
    assert _counts(art.ptx)["ld.shared"] == len(re.findall(r"\bld\.shared\.v4\.", art.ptx)) > 0
    if HAVE_PTXAS:
        assert art.cubin


def test_default_pipelined_kernel_with_a_fused_epilogue(monkeypatch):
    """The default kernel (3 stages, 64 x 64 warp tiles, K 64, fragments ahead: forced on a small
    problem with partial blocks in M and N and a partial last K step) with a bias and ReLU fused
    into its store, bf16 in and out: the CPU form matches; one launch (the fill and the
    element-wise op gone), its PTX assembles for sm_80 and sm_90 from one lowering."""
    monkeypatch.setattr(contraction, "MIN_BLOCKS", 1)
    tl = contraction.pipelined(contraction.choose(1, 150, 264, 200, "bf16", "bf16"))
    assert (tl.stages, tl.bm, tl.bn, tl.ks, tl.ahead) == (3, 128, 256, 64, True)
    a, b = _inputs((150, 200), (200, 264), ml_dtypes.bfloat16, seed=18)
    bias = np.linspace(-2, 2, 264).astype(ml_dtypes.bfloat16)
    import jax.numpy as jnp
    prog = shlo.from_jax(lambda x, y, z: jnp.maximum(x @ y + z, 0), a, b, bias)
    got = np.asarray(gpu.cpu_check(prog)(a, b, bias)[0], np.float64)
    mm = np.matmul(a.astype(np.float32), b.astype(np.float32)).astype(ml_dtypes.bfloat16).astype(np.float32)
    want = np.maximum((mm + bias.astype(np.float32)).astype(ml_dtypes.bfloat16).astype(np.float64), 0)
    assert np.abs(got - want).max() <= 2 ** -7 * np.abs(want).max()
    arts = gpu.compile_cuda_arches(prog, ("sm_80", "sm_90"), assemble=HAVE_PTXAS)
    for arch, art in arts.items():
        assert len(art.kernels) == 1 and art.kernels[0]["smem"] == 156672, (arch, art.kernels)
        if HAVE_PTXAS:
            assert art.cubin, arch


@pytest.mark.parametrize("shape", [((2, 9, 9, 64), (3, 3, 64, 64)), ((2, 8, 8, 256), (1, 1, 256, 64))])
def test_pipelined_convolution_matches(shape, monkeypatch):
    """SHLO_GPU_CONV_STAGES=3 (off by default): a convolution's implicit GEMM (A gathered from the
    padded input's windows, zeros in the padding through the copies' source size) pipelined:
    the CPU form gives the numbers of the one-stage kernel bit for bit; the PTX has the
    cp.async copies and the launch its shared memory; ptxas assembles it."""
    import jax
    x_shape, w_shape = shape
    rng = np.random.default_rng(19)
    x = rng.standard_normal(x_shape).astype(ml_dtypes.bfloat16)
    w = (rng.standard_normal(w_shape) / 8).astype(ml_dtypes.bfloat16)
    prog = shlo.from_jax(lambda a, b: jax.lax.conv_general_dilated(
        a, b, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC")), x, w)
    monkeypatch.setattr(contraction, "MIN_BLOCKS", 1)
    before = np.asarray(gpu.cpu_check(prog)(x, w)[0], np.float64)
    monkeypatch.setenv("SHLO_GPU_CONV_STAGES", "3")
    got = np.asarray(gpu.cpu_check(prog)(x, w)[0], np.float64)
    assert np.array_equal(got, before)
    art = gpu.compile_cuda(prog, assemble=HAVE_PTXAS)
    assert "cp.async.cg.shared.global" in art.ptx and art.kernels[0]["smem"] > 0, art.kernels
    if HAVE_PTXAS:
        assert art.cubin
