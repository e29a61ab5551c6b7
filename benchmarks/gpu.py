#!/usr/bin/env python3
"""shlo's CUDA back end against JAX/XLA on the same GPU, printed as ratios ours / XLA.

    .venv/bin/python benchmarks/gpu.py build DIR       # here (MLIR, no GPU needed): compile and save
    python3 benchmarks/gpu.py run DIR [--runs N]       # on the GPU machine (numpy, jax; no MLIR)
    python3 benchmarks/gpu.py once DIR --only NAMES    # each artifact called once, no JAX (under ncu)
    .venv/bin/python benchmarks/gpu.py                  # both, where a GPU and MLIR are on one machine

Programs: a 4096^3 matmul in f32 and in bf16, and the transformer decoder block of
benchmarks/cpu.py (sequence 256, width 512, 8 heads, causal mask, GELU MLP of width 2048);
then the contraction kernels' checks: 4096^3 f16, a 32 x 512^3 bf16 batch, odd sizes in f32 and
bf16, and the f32 / bf16 4096^3 matmuls built with the register tiles of before and without
the loads a step ahead, and the f32 one as TF32 (SHAPES, ENV); ResNet-style convolutions (a
3x3 64 -> 64 and a 1x1 256 -> 64 over 32 x 56 x 56 in bf16 and f32, a 3x3 stride-2 64 -> 128 in
bf16, the bf16 3x3 on the general mapping of before, and batch-128 ones of about a millisecond;
CONVS); grouped (ResNeXt's 32 x 4d and 32 x 8d, packed several groups a block and not, and 4
groups of 64; grouped 3-D and 1-D ones), a transposed convolution (lhs dilation) with and without
the dilated copy, and depthwise (MobileNet's 3x3) convolutions,
a convolution + bias + ReLU with and without the fused epilogue, reductions of odd length with
and without the masked split (GROUPED, rowsum_odd_*, softmax1001_f32). Each program is also timed as --replays calls back to back (ours: graph replays between
two events; XLA: calls enqueued without waiting, one block_until_ready), which takes XLA's host
dispatch out of short programs' ratios.
`build` compiles each for sm_90 with `shlo.compile(target="cuda")` and saves the artifact (the
inputs, hundreds of MB, are made again from the same seed where it runs). `run` checks ours
against XLA's outputs on the GPU, then times ours (CUDA events around the launches, buffers
resident) and `jax.jit` (wall clock around a call with block_until_ready, inputs resident),
interleaved, medians; ours in f32 also against XLA at precision HIGHEST, XLA's own f32 arithmetic
(its DEFAULT is TF32 on NVIDIA GPUs since Ampere). Without a GPU it says
it cannot run. Goal (issue 13): at most 1.5x XLA on the matmul and the decoder block.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROGRAMS = ("matmul_f32", "matmul_bf16", "decoder", "matmul_f16", "bmm_bf16", "matmul_f32_odd", "matmul_bf16_odd",
            "matmul_f32_regtiles", "matmul_bf16_regtiles", "matmul_f32_noprefetch", "matmul_bf16_noprefetch",
            "matmul_f32_tf32", "decoder_tf32", "conv3x3_bf16", "conv3x3_f32", "conv1x1_bf16", "conv1x1_f32",
            "conv3x3s2_bf16", "conv3x3_bf16_regtiles", "conv3x3_bf16_big", "conv3x3_f32_big", "conv1x1_bf16_big",
            "gconv3x3_g32_bf16", "gconv3x3_g32_bf16_regtiles", "gconv3x3_g4_bf16", "gconv3x3_g4_f32",
            "gconv3x3_g32_bf16_nopack", "gconv3x3_g32_bf16_pack21", "gconv3x3_g32_f32", "gconv3x3_g32_f32_nopack",
            "gconv3x3_g32x8_bf16", "gconv3x3_g32x8_bf16_nopack", "gconv3d_g32_bf16", "gconv3d_g32_bf16_regtiles",
            "gconv1d_g16_f32", "gconv1d_g16_f32_regtiles", "tconv4x4s2_bf16", "tconv4x4s2_bf16_copy",
            "gconv3x3_g32x16_bf16", "gconv3x3_g32x16_bf16_nopack", "gconv3x3_g32x16_f32", "gconv3x3_g32x16_f32_nopack",
            "dwconv3x3_f32", "dwconv3x3_bf16", "dwconv3x3_f32_regtiles", "dwconv3x3s2_bf16",
            "conv3x3_bias_relu_bf16", "conv3x3_bias_relu_bf16_nofuse", "dwconv3x3_bias_relu6_f32",
            "rowsum_odd_f32", "rowsum_odd_f32_nomask", "softmax1001_f32",
            "decoder_nosplitk", "decoder_noresplit", "decoder_tiedfills", "decoder_before", "decoder_tf32_before",
            "mlp_down_f32", "mlp_down_f32_nosplitk", "decoder_slice128", "mlp_down_f32_slice128",
            "decoder_nomultik", "outproj_f32", "outproj_f32_nosplitk", "decoder_split264", "mlp_up_f32",
            "mlp_up_f32_split264", "decoder_nofold", "decoder_base",
            "decoder_nobsplit", "matmul_bf16_cp3", "matmul_bf16_cp4", "matmul_bf16_cp3nox4", "matmul_bf16_k64cp3",
            "matmul_bf16_w64cp3", "matmul_bf16_w64cp4", "matmul_bf16_w64k64cp3", "matmul_f16_w64cp3",
            "matmul_bf16_edge_w64cp3", "bmm_bf16_cp3", "matmul_f32_tf32cp3", "matmul_f32_tf32w64cp3",
            "matmul_bf16_q64cp3", "matmul_bf16_q64cp4", "matmul_bf16_t64cp3", "matmul_f32_tf32q64cp3", "decoder_tf32cp3",
            "matmul_bf16_q64cp4a", "matmul_bf16_w64cp3a", "matmul_f32_tf32q64cp3a", "matmul_bf16_cp0",
            "matmul_f32_tf32cp0", "decoder_tf32cp0", "matmul_bf16_w64k64cp3a", "matmul_bf16_w64cp4a",
            "matmul_bf16_t64cp3a", "matmul_f32_tf32w64cp3a", "matmul_bf16_edge", "bmm_bf16_cp0",
            "matmul_f32_tf32rs", "matmul_f32_tf32rsa", "matmul_f32_tf32bc", "matmul_f32_tf32rsbc",
            "matmul_f32_tf32rsbca", "matmul_bf16_w64k64cp4a", "matmul_f32_tf32w64cp4a",
            "conv3x3_bf16_ccp3", "conv1x1_bf16_ccp3", "conv3x3_bf16_big_ccp3", "conv1x1_bf16_big_ccp3")
TOLERANCE = {"matmul_f32": 2e-2, "matmul_bf16": 5e-2, "decoder": 2e-2,      # relative to max |expected|
             "matmul_f16": 2e-2, "bmm_bf16": 5e-2, "matmul_f32_odd": 2e-2, "matmul_bf16_odd": 5e-2,
             "matmul_f32_regtiles": 2e-2, "matmul_bf16_regtiles": 5e-2, "matmul_f32_noprefetch": 2e-2,
             "matmul_bf16_noprefetch": 5e-2, "matmul_f32_tf32": 2e-2, "decoder_tf32": 2e-2,
             "conv3x3_bf16": 5e-2, "conv3x3_f32": 2e-2, "conv1x1_bf16": 5e-2, "conv1x1_f32": 2e-2,
             "conv3x3s2_bf16": 5e-2, "conv3x3_bf16_regtiles": 5e-2, "conv3x3_bf16_big": 5e-2,
             "conv3x3_f32_big": 2e-2, "conv1x1_bf16_big": 5e-2,
             "gconv3x3_g32_bf16": 5e-2, "gconv3x3_g32_bf16_regtiles": 5e-2, "gconv3x3_g4_bf16": 5e-2,
             "gconv3x3_g4_f32": 2e-2, "gconv3x3_g32_bf16_nopack": 5e-2, "gconv3x3_g32_bf16_pack21": 5e-2,
             "gconv3x3_g32_f32": 2e-2, "gconv3x3_g32_f32_nopack": 2e-2, "gconv3x3_g32x8_bf16": 5e-2,
             "gconv3x3_g32x8_bf16_nopack": 5e-2, "gconv3d_g32_bf16": 5e-2, "gconv3d_g32_bf16_regtiles": 5e-2,
             "gconv1d_g16_f32": 2e-2, "gconv1d_g16_f32_regtiles": 2e-2, "tconv4x4s2_bf16": 5e-2,
             "tconv4x4s2_bf16_copy": 5e-2, "gconv3x3_g32x16_bf16": 5e-2, "gconv3x3_g32x16_bf16_nopack": 5e-2,
             "gconv3x3_g32x16_f32": 2e-2, "gconv3x3_g32x16_f32_nopack": 2e-2, "dwconv3x3_f32": 2e-2, "dwconv3x3_bf16": 5e-2, "dwconv3x3_f32_regtiles": 2e-2,
             "dwconv3x3s2_bf16": 5e-2, "conv3x3_bias_relu_bf16": 5e-2, "conv3x3_bias_relu_bf16_nofuse": 5e-2,
             "dwconv3x3_bias_relu6_f32": 2e-2, "rowsum_odd_f32": 2e-2, "rowsum_odd_f32_nomask": 2e-2,
             "softmax1001_f32": 2e-2, "decoder_nosplitk": 2e-2, "decoder_noresplit": 2e-2,
             "decoder_tiedfills": 2e-2, "decoder_before": 2e-2, "decoder_tf32_before": 2e-2,
             "mlp_down_f32": 2e-2, "mlp_down_f32_nosplitk": 2e-2,
             "decoder_slice128": 2e-2, "mlp_down_f32_slice128": 2e-2, "decoder_nomultik": 2e-2,
             "outproj_f32": 2e-2, "outproj_f32_nosplitk": 2e-2, "decoder_split264": 2e-2,
             "mlp_up_f32": 2e-2, "mlp_up_f32_split264": 2e-2, "decoder_nofold": 2e-2,
             "decoder_base": 2e-2, "decoder_nobsplit": 2e-2, "matmul_bf16_cp3": 5e-2, "matmul_bf16_cp4": 5e-2,
             "matmul_bf16_cp3nox4": 5e-2, "matmul_bf16_k64cp3": 5e-2, "matmul_bf16_w64cp3": 5e-2,
             "matmul_bf16_w64cp4": 5e-2, "matmul_bf16_w64k64cp3": 5e-2, "matmul_f16_w64cp3": 2e-2,
             "matmul_bf16_edge_w64cp3": 5e-2, "bmm_bf16_cp3": 5e-2, "matmul_f32_tf32cp3": 2e-2,
             "matmul_f32_tf32w64cp3": 2e-2, "matmul_bf16_q64cp3": 5e-2, "matmul_bf16_q64cp4": 5e-2,
             "matmul_bf16_t64cp3": 5e-2, "matmul_f32_tf32q64cp3": 2e-2, "decoder_tf32cp3": 2e-2, "matmul_bf16_q64cp4a": 5e-2,
             "matmul_bf16_w64cp3a": 5e-2, "matmul_f32_tf32q64cp3a": 2e-2, "matmul_bf16_cp0": 5e-2,
             "matmul_f32_tf32cp0": 2e-2, "decoder_tf32cp0": 2e-2, "matmul_bf16_w64k64cp3a": 5e-2,
             "matmul_bf16_w64cp4a": 5e-2, "matmul_bf16_t64cp3a": 5e-2, "matmul_f32_tf32w64cp3a": 2e-2,
             "matmul_bf16_edge": 5e-2, "bmm_bf16_cp0": 5e-2,
             "matmul_f32_tf32rs": 2e-2, "matmul_f32_tf32rsa": 2e-2,
             "matmul_f32_tf32bc": 2e-2, "matmul_f32_tf32rsbc": 2e-2, "matmul_f32_tf32rsbca": 2e-2,
             "matmul_bf16_w64k64cp4a": 5e-2, "matmul_f32_tf32w64cp4a": 2e-2,
             "conv3x3_bf16_ccp3": 5e-2, "conv1x1_bf16_ccp3": 5e-2, "conv3x3_bf16_big_ccp3": 5e-2,
             "conv1x1_bf16_big_ccp3": 5e-2}
# contractions (lowering/gpu/contraction.py): (batch, m, k, n); *_odd has partial tiles on every
# edge and K / N that rule out 16-byte loads; *_regtiles is built with SHLO_GPU_SHARED_TILES=0
# (schedules.py's register tiles without shared memory: the code before, timed beside it);
# *_noprefetch with SHLO_GPU_PREFETCH=0 (each K step's global loads issued in that step, not
# a step ahead as by default);
# *_tf32 with SHLO_GPU_TF32=1 (f32 on the tensor cores as TF32, as XLA's DEFAULT precision;
# decoder_tf32 is the decoder block built so)
SHAPES = {"matmul_f32": (None, 4096, 4096, 4096), "matmul_bf16": (None, 4096, 4096, 4096),
          "matmul_f16": (None, 4096, 4096, 4096), "bmm_bf16": (32, 512, 512, 512),
          "matmul_f32_odd": (None, 1000, 1001, 999), "matmul_bf16_odd": (None, 1000, 1000, 1001),
          "matmul_f32_regtiles": (None, 4096, 4096, 4096), "matmul_bf16_regtiles": (None, 4096, 4096, 4096),
          "matmul_f32_noprefetch": (None, 4096, 4096, 4096), "matmul_bf16_noprefetch": (None, 4096, 4096, 4096),
          "matmul_f32_tf32": (None, 4096, 4096, 4096),
          "mlp_down_f32": (None, 256, 2048, 512), "mlp_down_f32_nosplitk": (None, 256, 2048, 512),
          "mlp_down_f32_slice128": (None, 256, 2048, 512),
          "outproj_f32": (None, 256, 512, 512), "outproj_f32_nosplitk": (None, 256, 512, 512),
          "mlp_up_f32": (None, 256, 512, 2048), "mlp_up_f32_split264": (None, 256, 512, 2048),
          "matmul_bf16_cp3": (None, 4096, 4096, 4096), "matmul_bf16_cp4": (None, 4096, 4096, 4096),
          "matmul_bf16_cp3nox4": (None, 4096, 4096, 4096), "matmul_bf16_k64cp3": (None, 4096, 4096, 4096),
          "matmul_bf16_w64cp3": (None, 4096, 4096, 4096), "matmul_bf16_w64cp4": (None, 4096, 4096, 4096),
          "matmul_bf16_w64k64cp3": (None, 4096, 4096, 4096), "matmul_f16_w64cp3": (None, 4096, 4096, 4096),
          "matmul_bf16_edge_w64cp3": (None, 4000, 1024, 4000), "bmm_bf16_cp3": (32, 512, 512, 512),
          "matmul_f32_tf32cp3": (None, 4096, 4096, 4096), "matmul_f32_tf32w64cp3": (None, 4096, 4096, 4096),
          "matmul_bf16_q64cp3": (None, 4096, 4096, 4096), "matmul_bf16_q64cp4": (None, 4096, 4096, 4096),
          "matmul_bf16_t64cp3": (None, 4096, 4096, 4096), "matmul_f32_tf32q64cp3": (None, 4096, 4096, 4096),
          "matmul_bf16_q64cp4a": (None, 4096, 4096, 4096), "matmul_bf16_w64cp3a": (None, 4096, 4096, 4096),
          "matmul_f32_tf32q64cp3a": (None, 4096, 4096, 4096), "matmul_bf16_cp0": (None, 4096, 4096, 4096),
          "matmul_f32_tf32cp0": (None, 4096, 4096, 4096), "matmul_bf16_w64k64cp3a": (None, 4096, 4096, 4096),
          "matmul_bf16_w64cp4a": (None, 4096, 4096, 4096), "matmul_bf16_t64cp3a": (None, 4096, 4096, 4096),
          "matmul_f32_tf32w64cp3a": (None, 4096, 4096, 4096), "matmul_bf16_edge": (None, 4000, 1024, 4000),
          "bmm_bf16_cp0": (32, 512, 512, 512), "matmul_f32_tf32rs": (None, 4096, 4096, 4096),
          "matmul_f32_tf32rsa": (None, 4096, 4096, 4096), "matmul_f32_tf32bc": (None, 4096, 4096, 4096),
          "matmul_f32_tf32rsbc": (None, 4096, 4096, 4096), "matmul_f32_tf32rsbca": (None, 4096, 4096, 4096),
          "matmul_bf16_w64k64cp4a": (None, 4096, 4096, 4096), "matmul_f32_tf32w64cp4a": (None, 4096, 4096, 4096)}
# the tensor-core kernel pipelined (contraction.pipelined): *cpN: SHLO_GPU_MMA_STAGES=N (N-deep shared
# tiles filled with cp.async, one barrier a K step); w64: 64 x 64 warp tiles (SHLO_GPU_MMA_WARP_TILE=4,8:
# blocks 128 x 256); k64: K steps of 64 (SHLO_GPU_MMA_KS); nox4: B's fragments one ldmatrix x2 a column
# tile (SHLO_GPU_MMA_LDX4=0); q64: 64 x 64 warp tiles, 2 x 2 warps (SHLO_GPU_MMA_WARPS=2,2: blocks 128 x 128
# of 128 threads, two a multiprocessor); t64: 4 x 2 warps of 64 x 64 (blocks 256 x 128); tf32cp3 / tf32w64cp3: the f32 one as TF32 so; *_edge_*: partial
# tiles in M and N (zero-filled copies past the edges); decoder_tf32cp3: the decoder block as TF32 with its
# five tensor-core contractions pipelined (3 stages)
# *a (q64cp4a, w64cp3a, tf32q64cp3a): as without the a, each K step's first fragments read ahead, across the
# barrier (SHLO_GPU_MMA_AHEAD=1)
# Since 2026-11-28 (H200 A/B) the default is pipelined (3 stages; 64 x 64 warp tiles where the largest tiles
# are taken, fragments ahead there for 16-bit): *cp0 / tf32cp0 build the one-stage kernel of before
# (SHLO_GPU_MMA_STAGES=0); each variant above sets every switch it names and leaves the others at their defaults;
# w64k64cp3a / w64cp4a / t64cp3a / tf32w64cp3a: fragments ahead with K 64, 4 stages, 256 x 128 blocks, TF32
# tf32rs / tf32rsa: TF32 with the operands rounded in the shared tiles (SHLO_GPU_TF32_ROUND=shared), and so ahead
# (since 2026-11-28's call 2 the default is K 64 for f16 / bf16 and fragments ahead for TF32's 64 x 64 warp tiles
# too; the variants above that measured otherwise set SHLO_GPU_MMA_KS=32 / SHLO_GPU_MMA_AHEAD=0)
# w64k64cp4a / tf32w64cp4a: the defaults of then with 4 stages (208896 bytes of shared memory: sm_90 only)
# tf32bc / tf32rsbc / tf32rsbca: B's fragments as vectors from interleaved columns (SHLO_GPU_TF32_BCOLS=1), alone,
# with the rounding in shared memory, and with both and fragments ahead
# ResNet-style convolutions, NHWC x HWIO (lowering/gpu/convolution.py: implicit GEMMs on the
# contraction kernels): (input N, H, W, C), (filter KH, KW, C, F), stride; SAME padding.
# *_regtiles: built with SHLO_GPU_SHARED_TILES=0, the general mapping (one thread per output);
# *_big: batch 128 and wider layers, so that one call takes about a millisecond or more and
# XLA's host dispatch (in its wall-clock time) weighs little
CONVS = {"conv3x3_bf16": ((32, 56, 56, 64), (3, 3, 64, 64), 1), "conv3x3_f32": ((32, 56, 56, 64), (3, 3, 64, 64), 1),
         "conv1x1_bf16": ((32, 56, 56, 256), (1, 1, 256, 64), 1), "conv1x1_f32": ((32, 56, 56, 256), (1, 1, 256, 64), 1),
         "conv3x3s2_bf16": ((32, 56, 56, 64), (3, 3, 64, 128), 2),
         "conv3x3_bf16_regtiles": ((32, 56, 56, 64), (3, 3, 64, 64), 1),
         "conv3x3_bf16_big": ((128, 56, 56, 128), (3, 3, 128, 128), 1),
         "conv3x3_f32_big": ((128, 56, 56, 64), (3, 3, 64, 64), 1),
         "conv1x1_bf16_big": ((128, 56, 56, 256), (1, 1, 256, 256), 1),
         # *_ccp3: the implicit GEMM pipelined 3 deep (SHLO_GPU_CONV_STAGES=3; off by default, not measured yet)
         "conv3x3_bf16_ccp3": ((32, 56, 56, 64), (3, 3, 64, 64), 1), "conv1x1_bf16_ccp3": ((32, 56, 56, 256), (1, 1, 256, 64), 1),
         "conv3x3_bf16_big_ccp3": ((128, 56, 56, 128), (3, 3, 128, 128), 1),
         "conv1x1_bf16_big_ccp3": ((128, 56, 56, 256), (1, 1, 256, 256), 1)}
# Grouped / depthwise convolutions and fused bias epilogues (lowering/gpu/convolution.py,
# depthwise.py, contraction.py's epilogues): (input, filter (KH, KW, C / groups, F), stride,
# groups); "bias" in the name adds a bias over F and ReLU (ReLU6 for "relu6") after it.
# gconv3x3_g32: ResNeXt-50's 32 x 4d layer (4 features a group: a GEMM of N = 4 a group);
# gconv3x3_g4: 64 features a group; dwconv: MobileNet's 3x3 depthwise layers (the block's
# window in shared memory); *_regtiles: the general mapping (one thread an output);
# *_nofuse: built with SHLO_GPU_FUSE_EPILOGUE=0 (the bias and ReLU a launch of their own);
# narrow groups (at most 8 features) are packed several a block: *_nopack is built with
# SHLO_GPU_PACK_GROUPS=0 (one group a block, as before but the filter read as given), *_pack21
# with the smaller packed mma tiles (64 x 32, 4 groups) only; g32x8: ResNeXt's 32 x 8d; g32x16:
# ResNeXt-50's third stage (16 features a group, two mma tiles a group when packed);
# gconv3d / gconv1d: grouped 3-D and 1-D ones (the lowering's generic: on the general mapping
# before, *_regtiles)
GROUPED = {"gconv3x3_g32_bf16": ((32, 56, 56, 128), (3, 3, 4, 128), 1, 32),
           "gconv3x3_g32_bf16_regtiles": ((32, 56, 56, 128), (3, 3, 4, 128), 1, 32),
           "gconv3x3_g4_bf16": ((32, 56, 56, 256), (3, 3, 64, 256), 1, 4),
           "gconv3x3_g4_f32": ((32, 56, 56, 256), (3, 3, 64, 256), 1, 4),
           "dwconv3x3_f32": ((32, 112, 112, 32), (3, 3, 1, 32), 1, 32),
           "dwconv3x3_bf16": ((32, 112, 112, 32), (3, 3, 1, 32), 1, 32),
           "dwconv3x3_f32_regtiles": ((32, 112, 112, 32), (3, 3, 1, 32), 1, 32),
           "dwconv3x3s2_bf16": ((32, 112, 112, 64), (3, 3, 1, 64), 2, 64),
           "conv3x3_bias_relu_bf16": ((32, 56, 56, 64), (3, 3, 64, 64), 1, 1),
           "conv3x3_bias_relu_bf16_nofuse": ((32, 56, 56, 64), (3, 3, 64, 64), 1, 1),
           "dwconv3x3_bias_relu6_f32": ((32, 112, 112, 32), (3, 3, 1, 32), 1, 32),
           "gconv3x3_g32_bf16_nopack": ((32, 56, 56, 128), (3, 3, 4, 128), 1, 32),
           "gconv3x3_g32_bf16_pack21": ((32, 56, 56, 128), (3, 3, 4, 128), 1, 32),
           "gconv3x3_g32_f32": ((32, 56, 56, 128), (3, 3, 4, 128), 1, 32),
           "gconv3x3_g32_f32_nopack": ((32, 56, 56, 128), (3, 3, 4, 128), 1, 32),
           "gconv3x3_g32x8_bf16": ((32, 56, 56, 256), (3, 3, 8, 256), 1, 32),
           "gconv3x3_g32x8_bf16_nopack": ((32, 56, 56, 256), (3, 3, 8, 256), 1, 32),
           "gconv3d_g32_bf16": ((8, 16, 28, 28, 128), (3, 3, 3, 4, 128), 1, 32),
           "gconv3d_g32_bf16_regtiles": ((8, 16, 28, 28, 128), (3, 3, 3, 4, 128), 1, 32),
           "gconv3x3_g32x16_bf16": ((32, 14, 14, 512), (3, 3, 16, 512), 1, 32),
           "gconv3x3_g32x16_bf16_nopack": ((32, 14, 14, 512), (3, 3, 16, 512), 1, 32),
           "gconv3x3_g32x16_f32": ((32, 14, 14, 512), (3, 3, 16, 512), 1, 32),
           "gconv3x3_g32x16_f32_nopack": ((32, 14, 14, 512), (3, 3, 16, 512), 1, 32),
           "gconv1d_g16_f32": ((64, 4096, 256), (5, 16, 256), 1, 16),
           "gconv1d_g16_f32_regtiles": ((64, 4096, 256), (5, 16, 256), 1, 16)}


def _mma(stages: int, warp_tile: str, ks: int | None = None, ahead: int | None = None, warps: str | None = None,
         tf32: bool = False, extra=()) -> list:
    """The settings of one pipelined tensor-core variant (contraction.py's SHLO_GPU_MMA_* switches)."""
    out = [("SHLO_GPU_TF32", "1")] if tf32 else []
    out += [("SHLO_GPU_MMA_STAGES", str(stages)), ("SHLO_GPU_MMA_WARP_TILE", warp_tile)]
    out += [(name, str(v)) for name, v in (("SHLO_GPU_MMA_KS", ks), ("SHLO_GPU_MMA_AHEAD", ahead),
                                            ("SHLO_GPU_MMA_WARPS", warps)) if v is not None]
    return out + list(extra)


def _tf32(round_shared: bool = False, bcols: bool = False, ahead: int = 0) -> list:
    """A TF32 variant on the default tiles: operands rounded in shared memory, B's fragments as vectors."""
    return [("SHLO_GPU_TF32", "1")] + ([("SHLO_GPU_TF32_ROUND", "shared")] if round_shared else []) + \
        ([("SHLO_GPU_TF32_BCOLS", "1")] if bcols else []) + [("SHLO_GPU_MMA_AHEAD", str(ahead))]


# Reductions with few outputs whose length is not a multiple of 8 (reductions.masked_split):
# rows of 100003 summed; *_nomask: built with SHLO_GPU_MASKED_SPLIT=0 (one thread a row, as before)
ENV = {"regtiles": ("SHLO_GPU_SHARED_TILES", "0"),
       "noprefetch": [("SHLO_GPU_PREFETCH", "0"), ("SHLO_GPU_MMA_STAGES", "0")],
       "tf32": ("SHLO_GPU_TF32", "1"), "nofuse": ("SHLO_GPU_FUSE_EPILOGUE", "0"),
       "nomask": ("SHLO_GPU_MASKED_SPLIT", "0"), "nopack": ("SHLO_GPU_PACK_GROUPS", "0"),
       "pack21": ("SHLO_GPU_PACK_SHAPES", "2,1;1,1"), "copy": ("SHLO_GPU_READ_DILATION", "0"),
       "nosplitk": ("SHLO_GPU_SPLIT_K", "0"), "noresplit": ("SHLO_GPU_RESPLIT", "0"),
       "tiedfills": ("SHLO_GPU_UNTIE_FILLS", "0"), "slice128": ("SHLO_GPU_SPLIT_MIN_SLICE", "128"),
       "nomultik": ("SHLO_GPU_MULTI_K", "0"), "split264": ("SHLO_GPU_SPLIT_BLOCKS", "264"),
       "nofold": ("SHLO_GPU_FOLD_FILLS", "0"), "nobsplit": ("SHLO_GPU_SPLIT_BATCHES", "0"),
       "cp0": [("SHLO_GPU_MMA_STAGES", "0")], "tf32cp0": [("SHLO_GPU_TF32", "1"), ("SHLO_GPU_MMA_STAGES", "0")],
       "cp3": _mma(3, "4,4", ks=32), "cp4": _mma(4, "4,4", ks=32),
       "cp3nox4": _mma(3, "4,4", ks=32, extra=[("SHLO_GPU_MMA_LDX4", "0")]), "k64cp3": _mma(3, "4,4", ks=64),
       "w64cp3": _mma(3, "4,8", ks=32, ahead=0), "w64cp4": _mma(4, "4,8", ks=32, ahead=0),
       "w64k64cp3": _mma(3, "4,8", ks=64, ahead=0), "tf32cp3": _mma(3, "4,4", tf32=True),
       "tf32w64cp3": _mma(3, "4,8", ahead=0, tf32=True),
       "q64cp3": _mma(3, "4,8", ks=32, ahead=0, warps="2,2"), "q64cp4": _mma(4, "4,8", ks=32, ahead=0, warps="2,2"),
       "t64cp3": _mma(3, "4,8", ks=32, ahead=0, warps="4,2"),
       "tf32q64cp3": _mma(3, "4,8", ahead=0, warps="2,2", tf32=True),
       "q64cp4a": _mma(4, "4,8", ks=32, ahead=1, warps="2,2"), "w64cp3a": _mma(3, "4,8", ks=32, ahead=1),
       "w64k64cp3a": _mma(3, "4,8", ks=64, ahead=1), "w64cp4a": _mma(4, "4,8", ks=32, ahead=1),
       "t64cp3a": _mma(3, "4,8", ks=32, ahead=1, warps="4,2"), "w64k64cp4a": _mma(4, "4,8", ks=64, ahead=1),
       "tf32w64cp4a": _mma(4, "4,8", ahead=1, tf32=True),
       "ccp3": [("SHLO_GPU_CONV_STAGES", "3")],
       "tf32rs": _tf32(round_shared=True, ahead=0), "tf32bc": _tf32(bcols=True, ahead=0),
       "tf32rsbc": _tf32(round_shared=True, bcols=True, ahead=0),
       "tf32rsbca": _tf32(round_shared=True, bcols=True, ahead=1), "tf32rsa": _tf32(round_shared=True, ahead=1),
       "tf32w64cp3a": _mma(3, "4,8", ahead=1, tf32=True),
       "tf32q64cp3a": _mma(3, "4,8", ahead=1, warps="2,2", tf32=True),
       "before": [("SHLO_GPU_SPLIT_K", "0"), ("SHLO_GPU_RESPLIT", "0"), ("SHLO_GPU_UNTIE_FILLS", "0"),
                  ("SHLO_GPU_MULTI_K", "0"), ("SHLO_GPU_FOLD_FILLS", "0")]}
# decoder_*: the decoder block (decoder_tf32_before: as TF32) built with one of the decoder's
# changes of 2026-11-28 off (nosplitk: K not split for the 256 x 2048 x 512 MLP projection;
# noresplit: combining steps of 32+ partials not split again; tiedfills: one zero fill shared
# by several reductions / matmuls, copied; nofold: fills not folded into the reductions after
# them) or all of them (before: 46 launches, the decoder of e6ea35c with the epilogue analysis of
# after; decoder_base: built as decoder, a slot for an artifact built elsewhere, e.g. at e6ea35c;
# decoder_nobsplit: with SHLO_GPU_SPLIT_BATCHES=0: attention's probs @ v not split K, the default before the H200's A/B); mlp_down_f32: that projection
# alone (256 x 2048 @ 2048 x 512, K split in 4), *_nosplitk one launch over K; *_slice128: K
# slices down to 128 (SHLO_GPU_SPLIT_MIN_SLICE): all three f32 projections on 64 x 64 blocks of
# 4 x 4 outputs a thread, K split; decoder_nomultik: the output projection (a dot_general over
# (heads, head)) left a generic on the general mapping (gpu/multi_k.py off); outproj_f32: that
# projection's sizes as a matmul (K split in 2: 256 blocks of 32 x 32), *_nosplitk: 512 of 16 x 16;
# *_split264: a split must give 264 blocks, not 256 (the MLP's up projection mlp_up_f32 then
# stays 512 blocks of 32 x 32 with K 512 rather than 256 of 64 x 64 with K split in 2, the down
# projection 512 of 32 x 32 with K split in 4 rather than 256 of 64 x 64 in 8; outproj 16 x 16)
# A transposed convolution (a decoder's 2x upsampling, 28 -> 56, 128 -> 64 features): lhs
# dilation 2, a 4x4 window, padding 2; the kernel reads the input through the dilation, *_copy is
# built with SHLO_GPU_READ_DILATION=0 (the dilated copy a launch and buffer before, as before)
TCONVS = {"tconv4x4s2_bf16": ((32, 28, 28, 128), (4, 4, 128, 64)),
          "tconv4x4s2_bf16_copy": ((32, 28, 28, 128), (4, 4, 128, 64))}


def _dtype(name: str):
    import ml_dtypes
    part = next(p for p in name.split("_") if p in ("f32", "bf16", "f16"))
    return {"f32": np.float32, "bf16": ml_dtypes.bfloat16, "f16": np.float16}[part]


def programs(name: str):
    """(jax function, numpy arguments) of one benchmark program."""
    import ml_dtypes
    rng = np.random.default_rng(0)
    if name in SHAPES:
        batch, m, k, n = SHAPES[name]
        dtype = _dtype(name)
        lead = () if batch is None else (batch,)
        a = (rng.standard_normal(lead + (m, k)) / np.sqrt(k)).astype(dtype)
        b = rng.standard_normal(lead + (k, n)).astype(dtype)
        return (lambda x, y: x @ y), [a, b]
    if name in CONVS:
        import jax
        x_shape, w_shape, stride = CONVS[name]
        dtype = {"f32": np.float32, "bf16": ml_dtypes.bfloat16}[name.split("_")[1]]
        fan_in = w_shape[0] * w_shape[1] * w_shape[2]
        x = rng.standard_normal(x_shape).astype(dtype)
        w = (rng.standard_normal(w_shape) / np.sqrt(fan_in)).astype(dtype)

        def conv(a, b):
            return jax.lax.conv_general_dilated(a, b, (stride, stride), "SAME",
                                                dimension_numbers=("NHWC", "HWIO", "NHWC"))
        return conv, [x, w]
    if name in GROUPED:
        import jax
        x_shape, w_shape, stride, groups = GROUPED[name]
        dtype = _dtype(name)
        fan_in = int(np.prod(w_shape[:-1]))
        x = rng.standard_normal(x_shape).astype(dtype)
        w = (rng.standard_normal(w_shape) / np.sqrt(fan_in)).astype(dtype)
        bias = rng.standard_normal(w_shape[-1]).astype(dtype)
        layout = {3: ("NWC", "WIO", "NWC"), 4: ("NHWC", "HWIO", "NHWC"), 5: ("NDHWC", "DHWIO", "NDHWC")}[len(x_shape)]

        def grouped(a, b):
            return jax.lax.conv_general_dilated(a, b, (stride,) * (len(x_shape) - 2), "SAME",
                                                feature_group_count=groups, dimension_numbers=layout)
        if "bias" not in name:
            return grouped, [x, w]
        top = 6.0 if "relu6" in name else np.inf
        return (lambda a, b, c: jax.numpy.clip(grouped(a, b) + c, 0, top)), [x, w, bias]
    if name in TCONVS:
        import jax
        x_shape, w_shape = TCONVS[name]
        dtype = _dtype(name)
        x = rng.standard_normal(x_shape).astype(dtype)
        w = (rng.standard_normal(w_shape) / np.sqrt(int(np.prod(w_shape[:-1])) / 4)).astype(dtype)

        def transposed(a, b):
            return jax.lax.conv_general_dilated(a, b, (1, 1), [(2, 2), (2, 2)], lhs_dilation=(2, 2),
                                                dimension_numbers=("NHWC", "HWIO", "NHWC"))
        return transposed, [x, w]
    if name.startswith("rowsum_odd"):
        x = rng.standard_normal((64, 100003)).astype(np.float32)
        return (lambda a: a.sum(axis=1)), [x]
    if name == "softmax1001_f32":
        import jax
        x = rng.standard_normal((256, 1001)).astype(np.float32)
        return (lambda a: jax.nn.softmax(a, axis=-1)), [x]
    sys.path.insert(0, os.path.join(ROOT, "benchmarks"))
    from programs import decoder
    fn, args, _ = decoder(rng)
    return fn, args


def build(directory: str, names=PROGRAMS) -> None:
    sys.path.insert(0, os.path.join(ROOT, "python"))
    import jax
    import shlo
    os.makedirs(directory, exist_ok=True)
    for name in names:
        fn, args = programs(name)
        t0 = time.perf_counter()
        prog = shlo.from_jax(fn, *args)
        settings = ENV.get(name.rsplit("_", 1)[-1], [])
        settings = [settings] if isinstance(settings, tuple) else settings
        if name.endswith("_tf32_before"):
            settings = settings + [ENV["tf32"]]
        for variable, value in settings:
            os.environ[variable] = value
        try:
            art = shlo.compile(prog, target="cuda", arch="sm_90")
        finally:
            for variable, _ in settings:
                os.environ.pop(variable, None)
        t1 = time.perf_counter()
        art.save(os.path.join(directory, name))
        print(f"{name}: {len(art.kernels)} kernel launches, compiled in {t1 - t0:.1f} s", flush=True)


def _load(directory: str, name: str):
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    from run_cuda_artifact import import_artifact_module
    artifact = import_artifact_module()
    return artifact.CudaArtifact.load(os.path.join(directory, name))


def _error(got, want) -> float:
    g, w = np.asarray(got, np.float64), np.asarray(want, np.float64)
    return float(np.max(np.abs(g - w)) / max(1e-30, np.max(np.abs(w))))


def _interleaved(art, inputs, xla_call, runs: int) -> tuple:
    """Medians in ms of ours (CUDA events around a graph replay) and XLA (wall clock around a call
    and block_until_ready), one of each per round."""
    ours, xla = [], []
    for _ in range(runs):
        _, ms = art.time(*inputs, runs=1)
        ours.append(ms)
        t0 = time.perf_counter()
        xla_call().block_until_ready()
        xla.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(ours), statistics.median(xla)


def _back_to_back(art, inputs, xla_call, runs: int, replays: int) -> tuple:
    """Medians in ms of ours and XLA, each timed as `replays` calls in a row divided by
    `replays`: ours as that many graph replays between two CUDA events, XLA as that many
    `jax.jit` calls enqueued without waiting, then one block_until_ready (wall clock). Where a
    call's device time exceeds its dispatch, both are device-bound; one round of each per run."""
    ours, xla = [], []
    for _ in range(runs):
        _, ms = art.time(*inputs, runs=1, replays=replays)
        ours.append(ms)
        t0 = time.perf_counter()
        out = None
        for _ in range(replays):
            out = xla_call()
        out.block_until_ready()
        xla.append((time.perf_counter() - t0) * 1e3 / replays)
    return statistics.median(ours), statistics.median(xla)


def _ieee_f32(name: str) -> bool:
    """Ours computes f32 products in f32 (the interpreter's arithmetic) unless built as TF32."""
    return ("_f32" in name or name.startswith("decoder")) and "_tf32" not in name


def _against_highest(art, fn, inputs, dev_inputs, ours_out, runs, replays: int = 1) -> dict:
    """XLA at precision HIGHEST: the same f32 arithmetic as ours (XLA's DEFAULT runs f32 dots
    as TF32 on this GPU), timed interleaved with ours as above."""
    import jax
    with jax.default_matmul_precision("highest"):     # holds while tracing: the compiled call keeps it
        compiled = jax.jit(fn).lower(*dev_inputs).compile()
    expected = np.asarray(compiled(*dev_inputs))
    o, x = _interleaved(art, inputs, lambda: compiled(*dev_inputs), runs)
    err = _error(ours_out, expected)
    print(f"{'':12s}    against XLA HIGHEST: rel err {err:.2e}  ours {o:9.3f} ms  XLA {x:9.3f} ms  "
          f"ours/XLA {o / x:7.2f}x", flush=True)
    record = {"xla_highest_ms": x, "ratio_highest": o / x, "rel_err_highest": err}
    if replays > 1:
        ob, xb = _back_to_back(art, inputs, lambda: compiled(*dev_inputs), runs, replays)
        print(f"{'':12s}    HIGHEST, {replays} back to back: ours {ob:9.3f} ms  XLA {xb:9.3f} ms  "
              f"ours/XLA {ob / xb:7.2f}x", flush=True)
        record.update(xla_highest_b2b_ms=xb, ratio_highest_b2b=ob / xb)
    return record


def run(directory: str, runs: int, names=PROGRAMS, replays: int = 10) -> int:
    try:
        import jax
        if not any(d.platform == "gpu" for d in jax.devices()):
            raise RuntimeError("jax sees no GPU")
    except Exception as e:  # noqa: BLE001 - report why, whatever it is
        print(f"cannot run: no GPU for JAX ({e})")
        return 2
    failed = 0
    for name in names:
        art = _load(directory, name)
        fn, inputs = programs(name)
        gpu = jax.devices("gpu")[0]
        dev_inputs = [jax.device_put(a, gpu) for a in inputs]
        jitted = jax.jit(fn)
        expected = [np.asarray(jitted(*dev_inputs))]
        try:
            outs = art(*inputs)
        except Exception as e:  # noqa: BLE001
            print(f"{name}: ours FAILED to run: {type(e).__name__}: {e}")
            failed += 1
            continue
        err = _error(outs[0], expected[0])
        ok = err <= TOLERANCE[name]
        failed += not ok
        o, x = _interleaved(art, inputs, lambda: jitted(*dev_inputs), runs)
        print(f"{name:12s} {'ok' if ok else 'MISMATCH'} (rel err {err:.2e})  ours {o:9.3f} ms  XLA {x:9.3f} ms  "
              f"ours/XLA {o / x:7.2f}x  ({len(art.plan['launches'])} launches)", flush=True)
        record = {"program": name, "ours_ms": o, "xla_ms": x, "ratio": o / x, "rel_err": err}
        if replays > 1:
            ob, xb = _back_to_back(art, inputs, lambda: jitted(*dev_inputs), runs, replays)
            print(f"{'':12s}    {replays} back to back: ours {ob:9.3f} ms  XLA {xb:9.3f} ms  ours/XLA {ob / xb:7.2f}x",
                  flush=True)
            record.update(ours_b2b_ms=ob, xla_b2b_ms=xb, ratio_b2b=ob / xb, replays=replays)
        if _ieee_f32(name):
            record.update(_against_highest(art, fn, inputs, dev_inputs, outs[0], runs, replays))
        print(json.dumps(record))
    return 1 if failed else 0


def once(directory: str, names) -> int:
    """Each artifact called once on its inputs (no JAX): for a profiler (ncu) to time the kernels."""
    for name in names:
        art = _load(directory, name)
        _, inputs = programs(name)
        art(*inputs)
        print(f"{name}: ran {len(art.plan['launches'])} launches once", flush=True)
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("stage", nargs="?", choices=("build", "run", "once"))
    ap.add_argument("directory", nargs="?", default=os.path.join(ROOT, ".gpubench"))
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--only", help="comma-separated programs (default: all of PROGRAMS)")
    ap.add_argument("--replays", type=int, default=10,
                    help="also time each program as this many calls back to back (1: not)")
    args = ap.parse_args(argv)
    names = args.only.split(",") if args.only else PROGRAMS
    unknown = [n for n in names if n not in PROGRAMS]
    if unknown:
        ap.error(f"unknown programs {unknown}; have {', '.join(PROGRAMS)}")
    if args.stage == "build":
        build(args.directory, names)
        return 0
    if args.stage == "run":
        return run(args.directory, args.runs, names, args.replays)
    if args.stage == "once":
        return once(args.directory, names)
    build(args.directory, names)
    return run(args.directory, args.runs, names, args.replays)     # says it cannot run where there is no GPU


if __name__ == "__main__":
    sys.exit(main())
