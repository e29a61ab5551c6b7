// The matrix-product and convolution kernels for AVX2 + FMA (compiled with -mavx2 -mfma).
#define SHLO_GEMM_ISA avx2
#define SHLO_GEMM_BYTES 32
#define SHLO_GEMM_TILES {6, 2}, {4, 3}
#include "ShloGemmKernel.inc"
#define SHLO_CONV_TILE 4,2
#include "ShloConvKernel.inc"
