// The per-instruction-set pieces of ShloGemm.cpp (internal).
#ifndef SHLO_GEMM_BLOCK_H
#define SHLO_GEMM_BLOCK_H

#include "ShloGemm.h"

#include <cstdint>

namespace shlo::gemm_detail {

template <typename T> struct Args {
  int64_t m, n, k;
  const T *a;
  int64_t ars, acs;
  const T *b;
  int64_t brs, bcs;
  T *c;
  int64_t ldc;
  bool accumulate;
  // B already packed whole (packItem), shared by the threads; null: each block packs its own.
  const T *packedB = nullptr;
  // Applied to each element of C after its last k block (a dense layer's bias and relu, stored
  // with the sum): + bias[j] where bias is not null, then max(x, 0) (NaN kept) where relu.
  const T *bias = nullptr;
  bool relu = false;
};

struct Tile {
  int rows, cols; // a register tile (MR x NR)
};
constexpr int kMaxTiles = 4;

#define SHLO_GEMM_DECLARE(isa)                                                                             \
  namespace isa {                                                                                          \
  /* C[i0:i1, j0:j1] with register tile number `tile` of `tiles` */                                      \
  void block(const Args<float> &g, int tile, int64_t i0, int64_t i1, int64_t j0, int64_t j1);              \
  void block(const Args<double> &g, int tile, int64_t i0, int64_t i1, int64_t j0, int64_t j1);             \
  int tiles(float, Tile *out);                                                                             \
  int tiles(double, Tile *out);                                                                            \
  /* B packed whole for register tile `tile`: its size in elements, the items packItem packs */            \
  int64_t packedSize(const Args<float> &g, int tile);                                                      \
  int64_t packedSize(const Args<double> &g, int tile);                                                     \
  int64_t packItems(const Args<float> &g, int tile);                                                       \
  int64_t packItems(const Args<double> &g, int tile);                                                      \
  void packItem(const Args<float> &g, int tile, float *out, int64_t item);                                 \
  void packItem(const Args<double> &g, int tile, double *out, int64_t item);                               \
  /* output rows [row0, row1) of a convolution (a row: one (n, y) pair, every x and f) */                  \
  void convRows(const Conv2dArgs &g, int64_t row0, int64_t row1);                                          \
  }
SHLO_GEMM_DECLARE(generic)
#if defined(__x86_64__)
SHLO_GEMM_DECLARE(avx2)
SHLO_GEMM_DECLARE(avx512)
#endif
#undef SHLO_GEMM_DECLARE

} // namespace shlo::gemm_detail

#endif // SHLO_GEMM_BLOCK_H
