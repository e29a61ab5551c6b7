// The portable build of the matrix-product and convolution kernels: 16-byte vectors.
#define SHLO_GEMM_ISA generic
#define SHLO_GEMM_BYTES 16
#define SHLO_GEMM_TILES {4, 2}
#include "ShloGemmKernel.inc"
#define SHLO_CONV_TILE 4,2
#include "ShloConvKernel.inc"
