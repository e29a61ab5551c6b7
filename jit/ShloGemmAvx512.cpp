// The matrix-product and convolution kernels for AVX-512 (compiled with -mavx512f -mfma).
#define SHLO_GEMM_ISA avx512
#define SHLO_GEMM_BYTES 64
#define SHLO_GEMM_TILES {8, 3}, {12, 2}
// Blocks of few rows pack each panel of a row-major B during its first register tile (read in
// place by every tile, B's rows 4 KiB apart share a few L1 sets and came from L2 each time).
// One Xeon core, thread CPU time, best of ~300 (scratch cpuperf5/chain.py): 4 x (64 x 1024 x 1024)
// 3.85 -> 3.30 ms, 128 x 512 x 2048 1.95 -> 1.59, 256 x 512 x 512 0.86 -> 0.72.
#define SHLO_GEMM_FUSE_PACK 1
// Such blocks read A's rows in place: even on 4 x (64 x 1024 x 1024) (3.23 / 3.31 ms), 2-5% less
// on 128- and 256-row blocks, and cutting a product into column blocks then repeats no packing.
// (AVX2, measured on the same Xeon: 2-4% slower on 64 and 128 rows, so not there.)
#define SHLO_GEMM_ROWS_A 1
#include "ShloGemmKernel.inc"
#define SHLO_CONV_TILE 4,4
#include "ShloConvKernel.inc"
