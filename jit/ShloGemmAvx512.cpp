// The matrix-product and convolution kernels for AVX-512 (compiled with -mavx512f -mfma).
#define SHLO_GEMM_ISA avx512
#define SHLO_GEMM_BYTES 64
#define SHLO_GEMM_TILES {8, 3}, {12, 2}
// Blocks of few rows pack each panel of a row-major B during its first register tile (read in
// place by every tile, B's rows 4 KiB apart share a few L1 sets and came from L2 each time).
// One Xeon core, thread CPU time, best of ~300 (scratch cpuperf5/chain.py): 4 x (64 x 1024 x 1024)
// 3.85 -> 3.30 ms, 128 x 512 x 2048 1.95 -> 1.59, 256 x 512 x 512 0.86 -> 0.72.
#define SHLO_GEMM_FUSE_PACK 1
#include "ShloGemmKernel.inc"
#define SHLO_CONV_TILE 4,4
#include "ShloConvKernel.inc"
