"""Convolutions as implicit GEMMs on the shared-memory contraction kernels
(lowering/gpu/convolution.py), checked without a GPU: the convolution's launch is the
contraction kernel's (256 threads, its tiling's grid, shared tiles; mma.sync for bf16), the
mapped form on the CPU (`cpu_check`, mma emulated) matches the interpreter, and ptxas
assembles the PTX for sm_80 and sm_90."""
from __future__ import annotations

import re
import shutil

import jax
import ml_dtypes
import numpy as np
import pytest

import shlo
from shlo.lowering.gpu import compiler as gpu
from shlo.lowering.gpu import contraction, convolution

HAVE_PTXAS = shutil.which("ptxas") is not None
LAYOUTS = {1: ("NWC", "WIO", "NWC"), 2: ("NHWC", "HWIO", "NHWC"), 3: ("NDHWC", "DHWIO", "NDHWC")}
EL = {np.float32: "f32", ml_dtypes.bfloat16: "bf16", np.float16: "f16"}


def _program(x, w, strides, padding, dilation, groups=1):
    ns = x.ndim - 2

    def f(a, b):
        return jax.lax.conv_general_dilated(a, b, strides, padding, rhs_dilation=dilation,
                                            dimension_numbers=LAYOUTS[ns], feature_group_count=groups)
    return shlo.from_jax(f, x, w)


def _inputs(x_shape, w_shape, dtype, seed=0):
    rng = np.random.default_rng(seed)
    return rng.standard_normal(x_shape).astype(dtype), rng.standard_normal(w_shape).astype(dtype)


def _check_close(got, want, dtype):
    got, want = np.asarray(got, np.float64), np.asarray(want, np.float64)
    assert got.shape == want.shape
    # as tests/test_gpu_contraction.py: one rounding of the output type apart at most
    rel = {np.float32: 1e-5, ml_dtypes.bfloat16: 2 ** -7, np.float16: 2 ** -10}[dtype]
    assert np.abs(got - want).max() <= rel * np.abs(want).max() + 1e-6


def _gemm_grid(out_shape, w_shape, dtype):
    """The grid contraction.choose gives the convolution's GEMM: (N * O...) x K... C x F."""
    m = int(np.prod(out_shape[:-1]))
    k = int(np.prod(w_shape[:-1]))
    return list(contraction.choose(1, m, w_shape[-1], k, EL[dtype], "f32", fit_n=True).grid)


CASES = {   # x shape, w shape, strides, padding, rhs dilation
    "1x1": ((2, 6, 6, 16), (1, 1, 16, 24), (1, 1), "VALID", (1, 1)),
    "3x3_s1_p1": ((2, 9, 9, 8), (3, 3, 8, 16), (1, 1), [(1, 1), (1, 1)], (1, 1)),
    "3x3_s2": ((2, 11, 11, 8), (3, 3, 8, 12), (2, 2), "SAME", (1, 1)),
    "3x3_dilated": ((1, 10, 10, 4), (3, 3, 4, 8), (1, 1), "SAME", (2, 2)),
    "1d": ((3, 20, 6), (5, 6, 10), (2,), [(2, 1)], (1,)),
    "3d": ((1, 5, 6, 6, 4), (3, 3, 3, 4, 8), (1, 1, 1), "SAME", (1, 1, 1)),
    "c3": ((1, 7, 7, 3), (3, 3, 3, 5), (1, 1), [(1, 1), (1, 1)], (1, 1)),    # 1-element vectors of A
    # C a multiple of the K step: each step's window position computed from its offset alone
    "c64_s2": ((2, 7, 7, 64), (3, 3, 64, 16), (2, 2), [(1, 2), (0, 1)], (1, 1)),
}


@pytest.mark.parametrize("dtype", [np.float32, ml_dtypes.bfloat16])
@pytest.mark.parametrize("case", sorted(CASES))
def test_convolution_takes_the_contraction_kernel_and_matches(case, dtype):
    x_shape, w_shape, strides, padding, dilation = CASES[case]
    x, w = _inputs(x_shape, w_shape, dtype)
    prog = _program(x, w, strides, padding, dilation)
    want = shlo.interpret(prog, x, w)[0]
    got = gpu.cpu_check(prog)(x, w)[0]
    _check_close(got, want, dtype)
    art = gpu.compile_cuda(prog, assemble=False)
    grid = _gemm_grid(want.shape, w_shape, dtype)
    assert [k for k in art.kernels if k["block"] == [256, 1, 1] and k["grid"] == grid], (grid, art.kernels)
    # the zero padding is read through (no padded copy of the input) and bf16's rounding of the
    # f32 sums is done as the kernel stores them: one launch
    assert len(art.kernels) == 1, art.kernels
    assert len(re.findall(r"\bbar\.sync\b", art.ptx)) >= 2 and re.search(r"\.shared \.align 16", art.ptx)
    mma = len(re.findall(r"\bmma\.sync\.aligned\.m16n8k16\.row\.col\.f32\.bf16\.bf16\.f32", art.ptx))
    assert (mma > 0) == (dtype == ml_dtypes.bfloat16), mma


@pytest.mark.parametrize("dtype", [np.float32, ml_dtypes.bfloat16])
def test_largest_tiles_narrowed_to_64_features(dtype, monkeypatch):
    """The tiles a ResNet layer's 64 output features get (MIN_BLOCKS forced low on a small
    problem): bf16 4x2 mma tiles a warp, 128 x 64 blocks; f32 4x4 outputs a thread, 64 x 64
    blocks; no block wider than the 64 features. Partial tiles along M."""
    monkeypatch.setattr(contraction, "MIN_BLOCKS", 1)
    x, w = _inputs((1, 5, 5, 4), (3, 3, 4, 64), dtype, seed=6)
    tl = contraction.choose(1, 25, 64, 36, EL[dtype], "f32", fit_n=True)
    assert (tl.bm, tl.bn) == ((128, 64) if dtype == ml_dtypes.bfloat16 else (64, 64))
    assert contraction.choose(1, 25, 64, 36, EL[dtype], "f32").bn == 128     # matmuls keep theirs
    prog = _program(x, w, (1, 1), "SAME", (1, 1))
    _check_close(gpu.cpu_check(prog)(x, w)[0], shlo.interpret(prog, x, w)[0], dtype)
    art = gpu.compile_cuda(prog, assemble=False)
    assert [k for k in art.kernels if k["block"] == [256, 1, 1] and k["grid"] == list(tl.grid)], art.kernels


@pytest.mark.parametrize("case", ["3x3_s2", "1x1", "3d"])
def test_convolution_ptx_assembles_for_sm80_and_sm90(case):
    x_shape, w_shape, strides, padding, dilation = CASES[case]
    x, w = _inputs(x_shape, w_shape, ml_dtypes.bfloat16)
    arts = gpu.compile_cuda_arches(_program(x, w, strides, padding, dilation), ("sm_80", "sm_90"),
                                   assemble=HAVE_PTXAS)
    for arch, art in arts.items():
        assert "mma.sync" in art.ptx, arch
        if HAVE_PTXAS:
            assert art.cubin, arch


def test_f16_convolution_on_the_tensor_cores():
    x, w = _inputs((2, 8, 8, 16), (3, 3, 16, 32), np.float16, seed=3)
    prog = _program(x, w, (1, 1), "SAME", (1, 1))
    _check_close(gpu.cpu_check(prog)(x, w)[0], shlo.interpret(prog, x, w)[0], np.float16)
    assert "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32" in gpu.compile_cuda(prog, assemble=False).ptx


def test_only_a_strided_window_is_gathered():
    """A 1x1 stride-1 convolution reads its input collapsed to (N*H*W, C), as a matmul's A; a
    3x3 or strided one gathers A from the windows."""
    f32 = "memref<{}xf32>"
    plain = convolution.Gather([2, 6, 6, 16], [1, 1, 16, 24], [2, 6, 6, 24], [1, 1], [1, 1],
                               [f32.format("2x6x6x16"), f32.format("1x1x16x24"), f32.format("2x6x6x24")])
    strided = convolution.Gather([2, 6, 6, 16], [1, 1, 16, 24], [2, 3, 3, 24], [2, 2], [1, 1],
                                 [f32.format("2x6x6x16"), f32.format("1x1x16x24"), f32.format("2x3x3x24")])
    assert not plain.gathered and plain.view_types[0] == "memref<72x16xf32>"
    assert strided.gathered and (strided.m, strided.k) == (18, 16)


def test_grids_past_the_limit_stay_on_the_general_mapping():
    """A grid's y (blocks of M) and z (batches) take at most 65535: a GEMM that would need more
    is not taken (the general mapping's 1-D grid has no such limit)."""
    assert contraction.choose(1, 65535 * 128, 64, 576, "bf16", "f32", fit_n=True).grid[1] == 65535
    assert contraction.choose(1, 65535 * 128 + 1, 64, 576, "bf16", "f32", fit_n=True) is None
    assert contraction.choose(65536, 16, 16, 16, "f32", "f32") is None


GROUPED = {   # x shape, w shape, groups, strides, padding (over 16 features a group: a named op)
    "g2_same": ((2, 6, 6, 8), (3, 3, 4, 48), 2, (1, 1), "SAME"),
    "g3_s2": ((2, 9, 9, 12), (3, 3, 4, 54), 3, (2, 2), "SAME"),
    "g4_1x1": ((2, 5, 5, 16), (1, 1, 4, 80), 4, (1, 1), "VALID"),
    "g3_asym": ((2, 7, 7, 6), (3, 3, 2, 51), 3, (1, 1), [(2, 0), (1, 1)]),
}


@pytest.mark.parametrize("dtype", [np.float32, ml_dtypes.bfloat16])
@pytest.mark.parametrize("case", sorted(GROUPED))
def test_grouped_convolution_is_a_batch_of_gemms(case, dtype):
    """Feature groups: one implicit GEMM a group, the group the grid's z (M = N * O..., K = K...
    * C / G, N = F / G); the filter read as given ((K..., C, G * F): the lowering's transpose
    to (G, F, K..., C) folded, one launch); the padding read through. Against the interpreter."""
    x_shape, w_shape, groups, strides, padding = GROUPED[case]
    x, w = _inputs(x_shape, w_shape, dtype, seed=9)
    prog = _program(x, w, strides, padding, (1, 1), groups=groups)
    want = shlo.interpret(prog, x, w)[0]
    _check_close(gpu.cpu_check(prog)(x, w)[0], want, dtype)
    art = gpu.compile_cuda(prog, assemble=False)
    m = int(np.prod(want.shape[:-1]))
    tl = contraction.choose(groups, m, w_shape[-1] // groups, int(np.prod(w_shape[:-1])), EL[dtype], "f32", fit_n=True)
    assert tl.grid[2] == groups
    assert [k for k in art.kernels if k["block"] == [256, 1, 1] and k["grid"] == list(tl.grid)], art.kernels
    assert len(art.kernels) == 1, art.kernels
    assert re.search(r"\.shared \.align 16", art.ptx)
    assert ("mma.sync" in art.ptx) == (dtype == ml_dtypes.bfloat16)


def test_grouped_convolution_ptx_assembles_for_sm80_and_sm90():
    x_shape, w_shape, groups, strides, padding = GROUPED["g3_s2"]
    x, w = _inputs(x_shape, w_shape, ml_dtypes.bfloat16)
    arts = gpu.compile_cuda_arches(_program(x, w, strides, padding, (1, 1), groups=groups), ("sm_80", "sm_90"),
                                   assemble=HAVE_PTXAS)
    for arch, art in arts.items():
        assert "mma.sync" in art.ptx, arch
        if HAVE_PTXAS:
            assert art.cubin, arch


DEPTHWISE = {   # x shape, w shape (multiplier = last / channels), strides, padding, rhs dilation
    "m1_same": ((2, 9, 9, 32), (3, 3, 1, 32), (1, 1), "SAME", (1, 1)),
    "m2_s2": ((2, 9, 9, 32), (3, 3, 1, 64), (2, 2), "SAME", (1, 1)),
    "5x5_c40": ((1, 12, 12, 40), (5, 5, 1, 40), (1, 1), [(2, 2), (2, 2)], (1, 1)),   # a partial channel tile
    "dilated_valid": ((2, 10, 10, 24), (3, 3, 1, 24), (1, 1), "VALID", (2, 2)),
    "1d": ((2, 30, 20), (5, 1, 20), (2,), [(2, 2)], (1,)),
    "3d": ((1, 4, 5, 6, 16), (3, 3, 3, 1, 16), (1, 1, 1), "SAME", (1, 1, 1)),
    "c3_m2": ((1, 17, 17, 3), (3, 3, 1, 6), (1, 1), "SAME", (1, 1)),     # partial position tiles
}


@pytest.mark.parametrize("dtype", [np.float32, ml_dtypes.bfloat16])
@pytest.mark.parametrize("case", sorted(DEPTHWISE))
def test_depthwise_convolution_has_its_own_kernel(case, dtype):
    """Depthwise convolutions (one input channel a group, multiplier 1 or more): depthwise.py's
    kernel, the block's input window in shared memory, the padding read through, the result
    written straight into the output (its (N, O..., C, M) buffer is the out-parameter, viewed),
    bf16's rounding in the store: one launch. Against the interpreter."""
    from shlo.lowering.gpu import depthwise
    x_shape, w_shape, strides, padding, dilation = DEPTHWISE[case]
    x, w = _inputs(x_shape, w_shape, dtype, seed=11)
    prog = _program(x, w, strides, padding, dilation, groups=x_shape[-1])
    want = shlo.interpret(prog, x, w)[0]
    _check_close(gpu.cpu_check(prog)(x, w)[0], want, dtype)
    art = gpu.compile_cuda(prog, assemble=False)
    ns = len(x_shape) - 2
    c, mult = x_shape[-1], w_shape[-1] // x_shape[-1]
    tl = depthwise.Tiling(x_shape, list(w_shape[:ns]) + [c, mult], [x_shape[0]] + list(want.shape[1:-1]) + [c, mult],
                          strides, dilation, [EL[dtype], EL[dtype], "f32"])
    assert len(art.kernels) == 1 and art.kernels[0]["grid"] == list(tl.grid) and art.kernels[0]["block"] == [256, 1, 1], \
        (art.kernels, tl.grid)
    assert re.search(r"\.shared \.align 16", art.ptx) and "bar.sync" in art.ptx and "mma" not in art.ptx


def test_depthwise_ptx_assembles_for_sm80_and_sm90():
    x_shape, w_shape, strides, padding, dilation = DEPTHWISE["m2_s2"]
    x, w = _inputs(x_shape, w_shape, ml_dtypes.bfloat16)
    arts = gpu.compile_cuda_arches(_program(x, w, strides, padding, dilation, groups=x_shape[-1]),
                                   ("sm_80", "sm_90"), assemble=HAVE_PTXAS)
    for arch, art in arts.items():
        assert ".shared" in art.ptx, arch
        if HAVE_PTXAS:
            assert art.cubin, arch


def test_switch_leaves_convolutions_to_the_general_mapping(monkeypatch):
    monkeypatch.setenv("SHLO_GPU_SHARED_TILES", "0")
    x, w = _inputs((2, 9, 9, 8), (3, 3, 8, 16), ml_dtypes.bfloat16)
    art = gpu.compile_cuda(_program(x, w, (1, 1), "SAME", (1, 1)), assemble=False)
    assert "mma.sync" not in art.ptx and ".shared" not in art.ptx


@pytest.mark.parametrize("fuse", [True, False])
def test_rounding_to_bf16_fused_into_the_store(fuse, monkeypatch):
    """The f32 sums' rounding to the bf16 result (the lowering's element-wise op after the
    convolution) runs in the kernel's store, C never written; SHLO_GPU_FUSE_EPILOGUE=0 keeps it
    a second launch. Same numbers either way, NaN and infinities included."""
    if not fuse:
        monkeypatch.setenv("SHLO_GPU_FUSE_EPILOGUE", "0")
    x, w = _inputs((2, 6, 6, 8), (3, 3, 8, 16), ml_dtypes.bfloat16, seed=7)
    x[0, 1, 1, :] = np.inf
    w[..., 0] = np.abs(w[..., 0])       # feature 0 next to the infinities: +inf; the others NaN
    x[1, 2, 3, 0] = np.nan
    prog = _program(x, w, (1, 1), "SAME", (1, 1))
    want = np.asarray(shlo.interpret(prog, x, w)[0])
    got = np.asarray(gpu.cpu_check(prog)(x, w)[0])
    assert np.isnan(want.astype(np.float32)).any() and np.isinf(want.astype(np.float32)).any()
    np.testing.assert_array_equal(np.isnan(got.astype(np.float32)), np.isnan(want.astype(np.float32)))
    finite = np.isfinite(want.astype(np.float32))
    _check_close(got[finite], want[finite], ml_dtypes.bfloat16)
    assert len(gpu.compile_cuda(prog, assemble=False).kernels) == (1 if fuse else 2)


def test_matmul_epilogues_fused_too():
    """The same fusion for matmuls: a bf16 product's rounding and an f32 product's ReLU run in
    the contraction kernel's store (one launch)."""
    rng = np.random.default_rng(8)
    a, b = (rng.standard_normal(s).astype(ml_dtypes.bfloat16) for s in ((40, 24), (24, 56)))
    prog = shlo.from_jax(lambda x, y: x @ y, a, b)
    _check_close(gpu.cpu_check(prog)(a, b)[0], shlo.interpret(prog, a, b)[0], ml_dtypes.bfloat16)
    assert len(gpu.compile_cuda(prog, assemble=False).kernels) == 1
    a, b = (rng.standard_normal(s).astype(np.float32) for s in ((40, 24), (24, 56)))
    relu = shlo.from_jax(lambda x, y: jax.numpy.maximum(x @ y, 0.0), a, b)
    got = gpu.cpu_check(relu)(a, b)[0]
    _check_close(got, shlo.interpret(relu, a, b)[0], np.float32)
    assert got.min() == 0.0 and len(gpu.compile_cuda(relu, assemble=False).kernels) == 1



def _conv2d(a, b, groups=1):
    return jax.lax.conv_general_dilated(a, b, (1, 1), "SAME", dimension_numbers=LAYOUTS[2], feature_group_count=groups)


BIAS = {    # function, operand shapes, launches
    "mm_bias_relu": (lambda x, y, z: jax.numpy.maximum(x @ y + z, 0), ((40, 24), (24, 56), (56,)), 1),
    "mm_row_bias": (lambda x, y, z: x @ y + z[:, None], ((40, 24), (24, 56), (40,)), 1),
    "bmm_bias": (lambda x, y, z: jax.numpy.einsum("bmk,bkn->bmn", x, y) + z, ((3, 40, 24), (3, 24, 56), (56,)), 1),
    "conv_bias_relu": (lambda x, w, b: jax.numpy.maximum(_conv2d(x, w) + b, 0), ((2, 9, 9, 8), (3, 3, 8, 16), (16,)), 1),
    "grouped_bias": (lambda x, w, b: _conv2d(x, w, 2) + b, ((2, 9, 9, 8), (3, 3, 4, 48), (48,)), 1),
    "packed_bias_relu": (lambda x, w, b: jax.numpy.maximum(_conv2d(x, w, 8) + b, 0),
                         ((2, 6, 6, 32), (3, 3, 4, 32), (32,)), 1),
    "depthwise_bias_relu6": (lambda x, w, b: jax.numpy.clip(_conv2d(x, w, 32) + b, 0, 6),
                             ((2, 9, 9, 32), (3, 3, 1, 32), (32,)), 1),
}


@pytest.mark.parametrize("dtype", [np.float32, ml_dtypes.bfloat16])
@pytest.mark.parametrize("case", sorted(BIAS))
def test_bias_and_activation_fused_into_the_store(case, dtype, monkeypatch):
    """A bias (a second operand, broadcast along the output's rows, columns or channels) and an
    activation after a matmul, batch matmul, convolution, grouped or depthwise convolution run in
    the kernel's store: each output reads its bias element there, one launch for both ops.
    Against the interpreter; SHLO_GPU_FUSE_EPILOGUE=0 keeps the bias its own launch."""
    f, shapes, launches = BIAS[case]
    rng = np.random.default_rng(12)
    args = [rng.standard_normal(sh).astype(dtype) for sh in shapes]
    prog = shlo.from_jax(f, *args)
    want = shlo.interpret(prog, *args)[0]
    got = gpu.cpu_check(prog)(*args)[0]
    _check_close(got, want, dtype)
    assert len(gpu.compile_cuda(prog, assemble=False).kernels) == launches
    monkeypatch.setenv("SHLO_GPU_FUSE_EPILOGUE", "0")
    assert len(gpu.compile_cuda(prog, assemble=False).kernels) > launches


def test_fused_bias_ptx_assembles_for_sm80_and_sm90():
    f, shapes, _ = BIAS["conv_bias_relu"]
    args = [np.zeros(sh, ml_dtypes.bfloat16) for sh in shapes]
    arts = gpu.compile_cuda_arches(shlo.from_jax(f, *args), ("sm_80", "sm_90"), assemble=HAVE_PTXAS)
    for arch, art in arts.items():
        assert "mma.sync" in art.ptx and len(art.kernels) == 1, arch
        if HAVE_PTXAS:
            assert art.cubin, arch


def _registers(ptx: str) -> list:
    import subprocess
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        src = f"{tmp}/k.ptx"
        with open(src, "w") as f:
            f.write(ptx)
        proc = subprocess.run(["ptxas", "-arch=sm_90", "-v", src, "-o", f"{tmp}/k.cubin"],
                              capture_output=True, text=True, check=True)
    return [int(n) for n in re.findall(r"Used (\d+) registers", proc.stderr)]


@pytest.mark.skipif(not HAVE_PTXAS, reason="ptxas (CUDA toolkit) is not on the PATH: registers cannot be counted")
@pytest.mark.thin(3)      # the default run: the convolution; SHLO_FULL_TESTS=1 the matmuls too
@pytest.mark.parametrize("program", ["conv3x3_bf16", "matmul_f32", "matmul_bf16"])
def test_largest_tiles_fit_two_blocks_a_multiprocessor(program, monkeypatch):
    """The largest tiles (the 4096^3 matmuls' 8x8 f32 / 4x4 mma a warp, and the 128 x 64 mma
    blocks of benchmarks/gpu.py's ResNet 3x3 convolution, forced here on smaller problems) use at
    most 128 registers a thread: two blocks of 256 threads on a multiprocessor's 65536. One more
    (vector stores of the f32 tiles' columns gave 129) halves that and took the f32 matmul from
    3.35 to 4.00 ms on an H200."""
    monkeypatch.setattr(contraction, "MIN_BLOCKS", 1)
    if program.startswith("matmul"):
        dtype = np.float32 if program.endswith("f32") else ml_dtypes.bfloat16
        a = np.zeros((512, 512), dtype)
        prog = shlo.from_jax(lambda x, y: x @ y, a, a)
    else:
        x, w = np.zeros((2, 16, 16, 64), ml_dtypes.bfloat16), np.zeros((3, 3, 64, 64), ml_dtypes.bfloat16)
        prog = _program(x, w, (1, 1), "SAME", (1, 1))
    art = gpu.compile_cuda(prog, assemble=False)
    assert len(art.kernels) == 1 and art.kernels[0]["block"] == [256, 1, 1], art.kernels
    used = _registers(art.ptx)
    assert used and max(used) <= 128, used


def _spy_tilings(monkeypatch) -> list:
    """The tilings convolution.tiling_of gives while compiling (the kernels chosen)."""
    seen, real = [], convolution.tiling_of

    def spy(op):
        tl = real(op)
        if tl is not None:
            seen.append(tl)
        return tl
    monkeypatch.setattr(convolution, "tiling_of", spy)
    return seen


PACKED = {   # x shape, w shape, groups, strides, padding: at most 16 features a group
    "g8_f4": ((2, 6, 6, 32), (3, 3, 4, 32), 8, (1, 1), "SAME"),
    "g12_f4_s2": ((1, 7, 7, 48), (3, 3, 4, 48), 12, (2, 2), "SAME"),      # a block's groups past G
    "g20_c2_f3_asym": ((1, 6, 6, 40), (3, 3, 2, 60), 20, (1, 1), [(2, 0), (1, 1)]),   # odd F
    "g10_f8": ((1, 6, 6, 80), (3, 3, 8, 80), 10, (1, 1), "SAME"),
    "g6_f16": ((2, 6, 6, 48), (3, 3, 8, 96), 6, (1, 1), "SAME"),           # two mma tiles a group
    "g5_f12_s2": ((1, 7, 7, 40), (3, 3, 8, 60), 5, (2, 2), "SAME"),
}


@pytest.mark.parametrize("dtype", [np.float32, ml_dtypes.bfloat16])
@pytest.mark.parametrize("case", sorted(PACKED))
def test_narrow_groups_packed_into_one_block(case, dtype, monkeypatch):
    """Few features a group (ResNeXt's 4): several groups a block, each in its own column unit
    (one or two 8-column mma tiles; a thread's 4 columns, two or four threads' for F > 4, of the
    f32 tiles), A's shared tile one part a group, K steps that pad K least. One launch, the
    grid's z the blocks of groups, fewer mma columns computed than one group a block (f32: more
    than one output a thread); against the interpreter, with SHLO_GPU_PACK_GROUPS=0 too."""
    x_shape, w_shape, groups, strides, padding = PACKED[case]
    x, w = _inputs(x_shape, w_shape, dtype, seed=21)
    prog = _program(x, w, strides, padding, (1, 1), groups=groups)
    want = shlo.interpret(prog, x, w)[0]
    seen = _spy_tilings(monkeypatch)
    _check_close(gpu.cpu_check(prog)(x, w)[0], want, dtype)
    art = gpu.compile_cuda(prog, assemble=False)
    tl = seen[-1]
    f = w_shape[-1] // groups
    assert tl.pack > 1 and tl.unit >= f and tl.kind == ("mma" if dtype == ml_dtypes.bfloat16 else "simt")
    assert tl.grid == (1, tl.grid[1], -(-groups // tl.pack))
    if tl.kind == "mma":        # fewer columns than blocks of at least 32
        assert tl.b * tl.bn <= groups * 32
    else:                       # one group a block: 16 x 16 threads of one output each
        assert tl.t > 1
    assert len(art.kernels) == 1 and art.kernels[0]["grid"] == list(tl.grid), art.kernels
    monkeypatch.setenv("SHLO_GPU_PACK_GROUPS", "0")
    seen.clear()
    _check_close(gpu.cpu_check(prog)(x, w)[0], want, dtype)
    assert seen and all(t.pack == 1 for t in seen)


@pytest.mark.parametrize("dtype", [np.float32, ml_dtypes.bfloat16])
def test_packed_groups_keep_infinities_in_their_group(dtype):
    """A packed block never multiplies one group's data by another group's (zero) weights: an
    infinity and a NaN in groups 0 and 1 leave the other groups' outputs finite and as the
    interpreter's (a block-diagonal B would make them NaN)."""
    x, w = _inputs((2, 6, 6, 32), (3, 3, 4, 32), dtype, seed=22)
    x[0, 2, 3, 1] = np.inf
    x[1, 4, 4, 5] = np.nan
    prog = _program(x, w, (1, 1), "SAME", (1, 1), groups=8)
    want = np.asarray(shlo.interpret(prog, x, w)[0], np.float64)
    got = np.asarray(gpu.cpu_check(prog)(x, w)[0], np.float64)
    assert np.isfinite(want[..., 8:]).all() and not np.isfinite(want[..., :8]).all()
    assert np.array_equal(np.isnan(got), np.isnan(want)) and np.array_equal(np.isinf(got), np.isinf(want))
    finite = np.isfinite(want)
    _check_close(got[finite], want[finite], dtype)


GENERIC = {   # grouped 1-D and 3-D convolutions (the lowering's generic): x, w, groups, strides,
    # padding, packed (f32, bf16): the f32 tiles pack 16 groups a block (not with 4 groups), mma 8
    "1d_f24": ((2, 30, 12), (3, 4, 72), 3, (1,), "SAME", (False, False)),
    "1d_packed": ((3, 20, 16), (5, 4, 16), 4, (2,), [(2, 1)], (None, True)),
    "3d_f4": ((1, 5, 6, 6, 16), (3, 3, 3, 4, 16), 4, (1, 1, 1), "SAME", (False, True)),
    "3d_g32_f2": ((1, 4, 5, 5, 64), (3, 3, 3, 2, 64), 32, (1, 2, 1), "SAME", (True, True)),
}


@pytest.mark.parametrize("dtype", [np.float32, ml_dtypes.bfloat16])
@pytest.mark.parametrize("case", sorted(GENERIC))
def test_grouped_1d_and_3d_convolutions_on_the_gemm(case, dtype, monkeypatch):
    """Grouped 1-D and 3-D convolutions (a linalg.generic over (n, o..., g, f, k..., c)) run on
    the grouped implicit GEMM too, packed where F <= 8: one launch of 256 threads. Against the
    interpreter. (A small f32 one the lowering sums in XLA's order, an unrolled generic, stays
    on the general mapping: 1d_packed in f32.)"""
    x_shape, w_shape, groups, strides, padding, packed = GENERIC[case]
    x, w = _inputs(x_shape, w_shape, dtype, seed=23)
    prog = _program(x, w, strides, padding, tuple(1 for _ in strides), groups=groups)
    want = shlo.interpret(prog, x, w)[0]
    seen = _spy_tilings(monkeypatch)
    _check_close(gpu.cpu_check(prog)(x, w)[0], want, dtype)
    art = gpu.compile_cuda(prog, assemble=False)
    if dtype == np.float32 and case == "1d_packed":
        assert not seen and len(art.kernels) > 1
        return
    assert seen and len(art.kernels) == 1 and art.kernels[0]["block"] == [256, 1, 1], art.kernels
    assert (seen[-1].pack > 1) == packed[dtype == ml_dtypes.bfloat16]


@pytest.mark.parametrize("dtype", [np.float32, ml_dtypes.bfloat16])
def test_unfolded_filter_transpose_still_read_transposed(dtype, monkeypatch):
    """Where the filter's transpose is not folded (another reader, something writing between),
    the kernel reads the (G, F, K... C) buffer it made, B stored transposed: two launches, the
    same numbers."""
    monkeypatch.setattr(convolution, "_filter_transpose", lambda conv, ns: None)
    x_shape, w_shape, groups, strides, padding = GROUPED["g3_s2"]
    x, w = _inputs(x_shape, w_shape, dtype, seed=24)
    prog = _program(x, w, strides, padding, (1, 1), groups=groups)
    _check_close(gpu.cpu_check(prog)(x, w)[0], shlo.interpret(prog, x, w)[0], dtype)
    assert len(gpu.compile_cuda(prog, assemble=False).kernels) == 2


def _ptxas_info(ptx: str, arch: str) -> str:
    import subprocess
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        src = f"{tmp}/k.ptx"
        with open(src, "w") as f:
            f.write(ptx)
        return subprocess.run(["ptxas", f"-arch={arch}", "-v", src, "-o", f"{tmp}/k.cubin"],
                              capture_output=True, text=True, check=True).stderr


@pytest.mark.skipif(not HAVE_PTXAS, reason="ptxas (CUDA toolkit) is not on the PATH: registers cannot be counted")
@pytest.mark.parametrize("dtype", [np.float32, ml_dtypes.bfloat16])
def test_packed_groups_assemble_without_spills(dtype, monkeypatch):
    """ResNeXt's 32 x 4d layer (on a smaller image, the largest packed tiles forced): ptxas
    assembles it for sm_80 and sm_90 with no spills and at most 128 registers (two blocks a
    multiprocessor; 128 x 64 mma blocks of 8 groups took 255)."""
    monkeypatch.setattr(contraction, "MIN_BLOCKS", 1)
    x, w = np.zeros((2, 16, 16, 128), dtype), np.zeros((3, 3, 4, 128), dtype)
    seen = _spy_tilings(monkeypatch)
    arts = gpu.compile_cuda_arches(_program(x, w, (1, 1), "SAME", (1, 1), groups=32), ("sm_80", "sm_90"),
                                   assemble=False)
    assert seen and all(tl.pack == (8 if dtype == ml_dtypes.bfloat16 else 16) for tl in seen)
    for arch, art in arts.items():
        info = _ptxas_info(art.ptx, arch)
        used = [int(n) for n in re.findall(r"Used (\d+) registers", info)]
        spills = [int(n) for n in re.findall(r"(\d+) bytes spill", info)]
        assert used and max(used) <= 128 and spills and not any(spills), (arch, info)


LHS_DILATED = {   # x, w, strides, padding, lhs dilation, groups, the element types checked (the small
    # f32 2-D ones the lowering sums in XLA's order, transposed-convolution generics: bf16 only)
    "2d": ((2, 5, 5, 8), (3, 3, 8, 16), (1, 1), [(2, 1), (1, 2)], (2, 2), 1, ("bf16",)),
    "2d_4x4_n1": ((1, 6, 6, 16), (4, 4, 16, 8), (1, 1), [(2, 2), (2, 2)], (2, 2), 1, ("bf16",)),
    "1d_crop_strided": ((2, 7, 6), (3, 6, 10), (2,), [(-1, -1)], (3,), 1, ("f32", "bf16")),
    "grouped_packed": ((1, 4, 4, 32), (3, 3, 4, 32), (1, 1), [(1, 1), (1, 1)], (2, 2), 8, ("f32", "bf16")),
    "3d": ((1, 3, 4, 3, 8), (2, 2, 2, 8, 8), (1, 1, 1), [(1, 1), (1, 1), (0, 1)], (2, 1, 2), 1, ("f32", "bf16")),
}


@pytest.mark.parametrize("case,el", [(c, e) for c in sorted(LHS_DILATED) for e in LHS_DILATED[c][-1]])
def test_lhs_dilation_read_through(case, el):
    """lhs (input) dilation, as in transposed convolutions: the lowering's dilated, padded copy
    of the input (a generic that loads each kept element) is read through by the kernel's A
    gather instead (index less the low padding, kept where it is a multiple of the dilation,
    divided by it, checked against the elements kept, plus the first one kept: negative padding),
    so the copy's launch and buffer go: one launch. Against the interpreter."""
    dtype = {"f32": np.float32, "bf16": ml_dtypes.bfloat16}[el]
    x_shape, w_shape, strides, padding, lhs, groups, _ = LHS_DILATED[case]
    x, w = _inputs(x_shape, w_shape, dtype, seed=25)
    ns = len(strides)

    def f(a, b):
        return jax.lax.conv_general_dilated(a, b, strides, padding, lhs_dilation=lhs, dimension_numbers=LAYOUTS[ns],
                                            feature_group_count=groups)
    prog = shlo.from_jax(f, x, w)
    _check_close(gpu.cpu_check(prog)(x, w)[0], shlo.interpret(prog, x, w)[0], dtype)
    art = gpu.compile_cuda(prog, assemble=False)
    assert len(art.kernels) == 1 and art.kernels[0]["block"] == [256, 1, 1], art.kernels


def test_dilated_copy_kept_with_the_switch_off(monkeypatch):
    """SHLO_GPU_READ_DILATION=0 keeps the lowering's dilated copy (a launch before the
    convolution's, which reads it as a padded input): the same numbers."""
    monkeypatch.setenv("SHLO_GPU_READ_DILATION", "0")
    x_shape, w_shape, strides, padding, lhs, _, _ = LHS_DILATED["2d"]
    x, w = _inputs(x_shape, w_shape, ml_dtypes.bfloat16, seed=26)
    prog = shlo.from_jax(lambda a, b: jax.lax.conv_general_dilated(a, b, strides, padding, lhs_dilation=lhs,
                                                                   dimension_numbers=LAYOUTS[2]), x, w)
    _check_close(gpu.cpu_check(prog)(x, w)[0], shlo.interpret(prog, x, w)[0], ml_dtypes.bfloat16)
    assert len(gpu.compile_cuda(prog, assemble=False).kernels) == 2
