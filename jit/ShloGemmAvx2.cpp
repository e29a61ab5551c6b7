// The matrix-product and convolution kernels for AVX2 + FMA (compiled with -mavx2 -mfma).
#define SHLO_GEMM_ISA avx2
#define SHLO_GEMM_BYTES 32
#define SHLO_GEMM_TILES {6, 2}, {4, 3}
// B panels of half an L1 (KC 256 for 6 x 16 f32 tiles, was 384: a panel and the A panels
// streaming past it no longer overflow Zen 3's 32 KiB), packed by the first tile where a block
// has few rows. Measured on Zen 3 against OpenBLAS (ShloGemmKernel.inc).
#define SHLO_GEMM_PANEL_BYTES 16384
#define SHLO_GEMM_FUSE_PACK 1
// The k loop unrolled 4 times, not 2: 2-5% less time on 64 x 1024 x 1024 and 256 x 512 x 512
// (one core, 201 interleaved runs against OpenBLAS, twice).
#define SHLO_GEMM_K_UNROLL 4
#include "ShloGemmKernel.inc"
#define SHLO_CONV_TILE 4,2
#include "ShloConvKernel.inc"
