// The matrix-product and convolution kernels for AVX-512 (compiled with -mavx512f -mfma).
#define SHLO_GEMM_ISA avx512
#define SHLO_GEMM_BYTES 64
#define SHLO_GEMM_TILES {8, 3}, {12, 2}
#include "ShloGemmKernel.inc"
#define SHLO_CONV_TILE 4,4
#include "ShloConvKernel.inc"
