// Matrix products of compiled code handed to a BLAS library (see ShloBlas.h).
#include "ShloBlas.h"
#include "ShloGemm.h"

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {
// CBLAS's enumerations.
constexpr int kRowMajor = 101, kNoTrans = 111, kTrans = 112;

template <typename T>
using Gemm = void (*)(int order, int transA, int transB, int64_t m, int64_t n, int64_t k, T alpha,
                      const T *a, int64_t lda, const T *b, int64_t ldb, T beta, T *c, int64_t ldc);

std::atomic<Gemm<float>> sgemm{nullptr};
std::atomic<Gemm<double>> dgemm{nullptr};
// OpenBLAS's openblas_set_num_threads_local (returns the old count; in a
// pthreads build such as numpy's it sets the library's count, put back after).
using SetThreads = int (*)(int);
std::atomic<SetThreads> setThreadsLocal{nullptr};

// The library's threads set to the compile's count for one call, then put back.
struct ThreadScope {
  SetThreads set = setThreadsLocal.load(std::memory_order_relaxed);
  int previous = 0;
  explicit ThreadScope(int threads) {
    if (set && threads > 0)
      previous = set(threads);
    else
      set = nullptr;
  }
  ~ThreadScope() {
    if (set)
      set(previous);
  }
};

template <typename T> Gemm<T> gemmOf();
template <> Gemm<float> gemmOf<float>() { return sgemm.load(std::memory_order_relaxed); }
template <> Gemm<double> gemmOf<double>() { return dgemm.load(std::memory_order_relaxed); }

// A rank-N strided memref as MLIR's C interface passes it.
template <typename T, int N> struct Memref {
  T *allocated;
  T *aligned;
  int64_t offset;
  int64_t sizes[N];
  int64_t strides[N];
};

// A rows x cols matrix at `data` with strides (rowStride, colStride), as BLAS
// wants it: row-major (transpose flag off) or column-major (on), with its
// leading dimension. Strides of a size-1 dimension carry no meaning, so they
// are taken as whatever suits. Neither layout (both strides other than 1, or
// overlapping rows): copied into `scratch`, contiguous.
template <typename T> struct Operand {
  const T *data;
  int trans;
  int64_t ld;
};

template <typename T>
Operand<T> operand(const T *data, int64_t rows, int64_t cols, int64_t rowStride, int64_t colStride,
                   std::vector<T> &scratch) {
  if (cols == 1)
    colStride = 1;
  if (rows == 1)
    rowStride = colStride == 1 ? cols : 1;
  if (colStride == 1 && rowStride >= cols && rowStride >= 1)
    return {data, kNoTrans, rowStride};
  if (rowStride == 1 && colStride >= rows && colStride >= 1)
    return {data, kTrans, colStride};
  scratch.resize(static_cast<size_t>(rows * cols));
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j)
      scratch[i * cols + j] = data[i * rowStride + j * colStride];
  return {scratch.data(), kNoTrans, cols};
}

// Who computes a product: shlo's own kernel (ShloGemm.h), or the registered BLAS library.
enum class Provider { Kernel, Library };

// C = A B + beta C for one m x k by k x n product (beta is 0 or 1).
template <typename T>
void gemm(const T *a, const int64_t *aSizes, const int64_t *aStrides, const T *b, const int64_t *bSizes,
          const int64_t *bStrides, T *c, const int64_t *cStrides, T beta, Provider provider, int threads,
          const T *bias = nullptr, bool relu = false) {
  int64_t m = aSizes[0], k = aSizes[1], n = bSizes[1];
  if (m == 0 || n == 0)
    return;
  // C must be row-major for BLAS (C = A B written as C^T = B^T A^T covers the
  // column-major case); otherwise the product goes through a contiguous copy.
  int64_t cRow = m == 1 ? n : cStrides[0], cCol = n == 1 ? 1 : cStrides[1];
  std::vector<T> scratchA, scratchB, scratchC;
  bool direct = cCol == 1 && cRow >= n;
  T *out = c;
  int64_t ldc = cRow;
  if (!direct) {
    scratchC.assign(static_cast<size_t>(m * n), T(0));
    if (beta != T(0))
      for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < n; ++j)
          scratchC[i * n + j] = c[i * cStrides[0] + j * cStrides[1]];
    out = scratchC.data();
    ldc = n;
  }
  if (provider == Provider::Kernel) {
    // The kernel packs its operands itself: any strides will do.
    shlo::gemm(m, n, k, a, aStrides[0], aStrides[1], b, bStrides[0], bStrides[1], out, ldc, beta != T(0),
               threads, bias, relu);
  } else if (k == 0) {
    if (beta == T(0))
      for (int64_t i = 0; i < m; ++i)
        std::memset(out + i * ldc, 0, sizeof(T) * n);
  } else if (Gemm<T> blas = gemmOf<T>()) {
    Operand<T> x = operand(a, m, k, aStrides[0], aStrides[1], scratchA);
    Operand<T> y = operand(b, k, n, bStrides[0], bStrides[1], scratchB);
    blas(kRowMajor, x.trans, y.trans, m, n, k, T(1), x.data, x.ld, y.data, y.ld, beta, out, ldc);
  } else { // no library registered (cannot happen through shlo.compile): plain loops
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        T acc = beta == T(0) ? T(0) : out[i * ldc + j];
        for (int64_t p = 0; p < k; ++p)
          acc += a[i * aStrides[0] + p * aStrides[1]] * b[p * bStrides[0] + j * bStrides[1]];
        out[i * ldc + j] = acc;
      }
  }
  if (!direct)
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j)
        c[i * cStrides[0] + j * cStrides[1]] = out[i * n + j];
}

template <typename T>
void matmul(Memref<T, 2> *a, Memref<T, 2> *b, Memref<T, 2> *c, T beta, int threads, Provider provider) {
  ThreadScope scope(provider == Provider::Library ? threads : 0);
  gemm(a->aligned + a->offset, a->sizes, a->strides, b->aligned + b->offset, b->sizes, b->strides,
       c->aligned + c->offset, c->strides, beta, provider, threads);
}

// C = relu?(A B + bias), bias broadcast over the rows (shlo's kernel only): a dense layer whose
// bias add and relu the lowering folded into the product's call (products.py).
template <typename T>
void matmulBias(Memref<T, 2> *a, Memref<T, 2> *b, Memref<T, 2> *c, Memref<T, 1> *bias, int relu, int threads) {
  std::vector<T> contiguous;
  const T *add = bias->aligned + bias->offset;
  if (bias->strides[0] != 1 && bias->sizes[0] > 1) {
    contiguous.resize(size_t(bias->sizes[0]));
    for (int64_t j = 0; j < bias->sizes[0]; ++j)
      contiguous[size_t(j)] = add[j * bias->strides[0]];
    add = contiguous.data();
  }
  gemm(a->aligned + a->offset, a->sizes, a->strides, b->aligned + b->offset, b->sizes, b->strides,
       c->aligned + c->offset, c->strides, T(0), Provider::Kernel, threads, add, relu != 0);
}

template <typename T>
void batchMatmul(Memref<T, 3> *a, Memref<T, 3> *b, Memref<T, 3> *c, T beta, int threads, Provider provider) {
  int64_t m = a->sizes[1], k = a->sizes[2], n = b->sizes[2];
  int64_t cRow = m == 1 ? n : c->strides[1], cCol = n == 1 ? 1 : c->strides[2];
  if (provider == Provider::Kernel && cCol == 1 && cRow >= n) {
    // One call for the batch: the threads take whole products where there are enough
    // (the decoder's 8 heads), instead of sharing each small one.
    shlo::gemmBatch(a->sizes[0], m, n, k, a->aligned + a->offset, a->strides[0], a->strides[1], a->strides[2],
                    b->aligned + b->offset, b->strides[0], b->strides[1], b->strides[2], c->aligned + c->offset,
                    c->strides[0], cRow, beta != T(0), threads);
    return;
  }
  ThreadScope scope(provider == Provider::Library ? threads : 0);
  for (int64_t i = 0; i < a->sizes[0]; ++i)
    gemm(a->aligned + a->offset + i * a->strides[0], a->sizes + 1, a->strides + 1,
         b->aligned + b->offset + i * b->strides[0], b->sizes + 1, b->strides + 1,
         c->aligned + c->offset + i * c->strides[0], c->strides + 1, beta, provider, threads);
}
} // namespace

extern "C" {
void shloBlasSetGemm(void *sgemmFn, void *dgemmFn, void *setThreadsLocalFn) {
  sgemm.store(reinterpret_cast<Gemm<float>>(sgemmFn));
  dgemm.store(reinterpret_cast<Gemm<double>>(dgemmFn));
  setThreadsLocal.store(reinterpret_cast<SetThreads>(setThreadsLocalFn));
}

// shlo_*: shlo's own kernel; shlo_blas_*: the registered library. Each entry point
// is (prefix, op, implementation, element type, element name, rank, provider).
#define SHLO_PRODUCT_ENTRIES(X)                                                                            \
  X(shlo, matmul, matmul, float, f32, 2, Kernel)                                                           \
  X(shlo, matmul, matmul, double, f64, 2, Kernel)                                                          \
  X(shlo, batch_matmul, batchMatmul, float, f32, 3, Kernel)                                                \
  X(shlo, batch_matmul, batchMatmul, double, f64, 3, Kernel)                                               \
  X(shlo_blas, matmul, matmul, float, f32, 2, Library)                                                     \
  X(shlo_blas, matmul, matmul, double, f64, 2, Library)                                                    \
  X(shlo_blas, batch_matmul, batchMatmul, float, f32, 3, Library)                                          \
  X(shlo_blas, batch_matmul, batchMatmul, double, f64, 3, Library)

#define SHLO_DEFINE_ENTRY(prefix, op, impl, T, name, rank, provider)                                       \
  void _mlir_ciface_##prefix##_##op##_##name(Memref<T, rank> *a, Memref<T, rank> *b, Memref<T, rank> *c,   \
                                             T beta, int threads) {                                         \
    impl(a, b, c, beta, threads, Provider::provider);                                                      \
  }
SHLO_PRODUCT_ENTRIES(SHLO_DEFINE_ENTRY)
#undef SHLO_DEFINE_ENTRY

void _mlir_ciface_shlo_matmul_bias_f32(Memref<float, 2> *a, Memref<float, 2> *b, Memref<float, 2> *c,
                                       Memref<float, 1> *bias, int relu, int threads) {
  matmulBias(a, b, c, bias, relu, threads);
}
void _mlir_ciface_shlo_matmul_bias_f64(Memref<double, 2> *a, Memref<double, 2> *b, Memref<double, 2> *c,
                                       Memref<double, 1> *bias, int relu, int threads) {
  matmulBias(a, b, c, bias, relu, threads);
}

// linalg.conv_2d_nhwc_hwcf on f32 (shlo::conv2d): the padding the input had before the
// call became padTop / padLeft (the kernel reads zeros there), the extent below and right
// follows from the output size.
void _mlir_ciface_shlo_conv2d_nhwc_hwcf_f32(Memref<float, 4> *in, Memref<float, 4> *filter, Memref<float, 4> *out,
                                            float beta, int64_t sh, int64_t sw, int64_t dh, int64_t dw,
                                            int64_t padTop, int64_t padLeft, int threads) {
  shlo::Conv2dArgs g{in->aligned + in->offset, in->sizes[0], in->sizes[1], in->sizes[2], in->sizes[3], {},
                     filter->aligned + filter->offset, filter->sizes[0], filter->sizes[1], {},
                     out->aligned + out->offset, out->sizes[1], out->sizes[2], out->sizes[3], {},
                     sh, sw, dh, dw, padTop, padLeft, beta != 0.0f};
  std::memcpy(g.inStrides, in->strides, sizeof(g.inStrides));
  std::memcpy(g.filterStrides, filter->strides, sizeof(g.filterStrides));
  std::memcpy(g.outStrides, out->strides, sizeof(g.outStrides));
  shlo::conv2d(g, threads);
}
}

const ShloRuntimeSymbol *shloBlasSymbols(size_t *count) {
  static const ShloRuntimeSymbol symbols[] = {
#define SHLO_ENTRY_SYMBOL(prefix, op, impl, T, name, rank, provider)                                       \
  {"_mlir_ciface_" #prefix "_" #op "_" #name, reinterpret_cast<void *>(&_mlir_ciface_##prefix##_##op##_##name)},
      SHLO_PRODUCT_ENTRIES(SHLO_ENTRY_SYMBOL)
#undef SHLO_ENTRY_SYMBOL
      {"_mlir_ciface_shlo_matmul_bias_f32", reinterpret_cast<void *>(&_mlir_ciface_shlo_matmul_bias_f32)},
      {"_mlir_ciface_shlo_matmul_bias_f64", reinterpret_cast<void *>(&_mlir_ciface_shlo_matmul_bias_f64)},
      {"_mlir_ciface_shlo_conv2d_nhwc_hwcf_f32", reinterpret_cast<void *>(&_mlir_ciface_shlo_conv2d_nhwc_hwcf_f32)},
  };
  *count = sizeof(symbols) / sizeof(symbols[0]);
  return symbols;
}
