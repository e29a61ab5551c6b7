// shlo's own matrix-product kernel, compiled ahead of time with the extension.
//
// Generated code calls it for large static products (ShloBlas.h) so that the
// JIT does not have to generate unrolled vector code for them, which is most of
// a compile's time. It threads through the OpenMP runtime that compiled code
// already uses (the `__kmpc_*` entry points, looked up in the process), so its
// workers are the same threads as the generated loops': nothing spins against
// another pool. The inner kernel exists for AVX-512, AVX2 + FMA and plain
// SSE2 / portable vectors, picked once from the CPU.
#ifndef SHLO_GEMM_H
#define SHLO_GEMM_H

#include <cstdint>

namespace shlo {

/// C (m x n, row stride ldc, columns contiguous) = A B (+ C when accumulate):
/// element (i, p) of A at a[i * ars + p * acs], (p, j) of B at b[p * brs + j * bcs].
/// Runs on up to `threads` threads. With `bias` (n contiguous elements), bias[j] is added to
/// column j of the result, and with `relu` the result is then max(x, 0) (NaN kept), as each
/// element is stored: a dense layer's epilogue, without another pass over C.
void gemm(int64_t m, int64_t n, int64_t k, const float *a, int64_t ars, int64_t acs, const float *b,
          int64_t brs, int64_t bcs, float *c, int64_t ldc, bool accumulate, int threads,
          const float *bias = nullptr, bool relu = false);
void gemm(int64_t m, int64_t n, int64_t k, const double *a, int64_t ars, int64_t acs, const double *b,
          int64_t brs, int64_t bcs, double *c, int64_t ldc, bool accumulate, int threads,
          const double *bias = nullptr, bool relu = false);

/// `batch` such products, operands `as`, `bs`, `cs` elements apart: with at least as
/// many products as threads, each thread takes whole products.
void gemmBatch(int64_t batch, int64_t m, int64_t n, int64_t k, const float *a, int64_t as, int64_t ars, int64_t acs,
               const float *b, int64_t bs, int64_t brs, int64_t bcs, float *c, int64_t cs, int64_t ldc, bool accumulate,
               int threads);
void gemmBatch(int64_t batch, int64_t m, int64_t n, int64_t k, const double *a, int64_t as, int64_t ars,
               int64_t acs, const double *b, int64_t bs, int64_t brs, int64_t bcs, double *c, int64_t cs, int64_t ldc,
               bool accumulate, int threads);

/// A 2-D convolution, NHWC input and output, HWCF filter (TensorFlow's layout, linalg's
/// conv_2d_nhwc_hwcf): out[n, y, x, f] (+)= sum over (i, j, c) of
/// in[n, y * sh - padTop + i * dh, x * sw - padLeft + j * dw, c] * filter[i, j, c, f], positions
/// outside the input reading zeros (the padding: no padded copy of the input is made). Strides
/// are in elements; the filter's and the output's f stride must be 1.
struct Conv2dArgs {
  const float *in;
  int64_t n, h, w, c;
  int64_t inStrides[4];
  const float *filter;
  int64_t kh, kw;
  int64_t filterStrides[4];
  float *out;
  int64_t oh, ow, f;
  int64_t outStrides[4];
  int64_t sh, sw, dh, dw, padTop, padLeft;
  bool accumulate;
};
void conv2d(const Conv2dArgs &args, int threads);

/// The instruction set the kernel uses on this CPU ("avx512", "avx2", "generic").
const char *gemmIsa();

} // namespace shlo

#endif // SHLO_GEMM_H
