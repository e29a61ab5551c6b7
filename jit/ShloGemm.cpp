// Threads and instruction-set choice of shlo's matrix-product kernel (ShloGemm.h).
#include "ShloGemm.h"
#include "ShloGemmBlock.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <string>
#include <vector>
#include <dlfcn.h>
#include <sys/mman.h>

namespace shlo {
namespace {
using namespace gemm_detail;

enum class Isa { Generic, Avx2, Avx512 };

Isa detect() {
  // SHLO_GEMM_ISA=avx2 / generic picks a narrower kernel (tests run each on one machine).
  const char *asked = std::getenv("SHLO_GEMM_ISA");
  std::string want = asked ? asked : "";
#if defined(__x86_64__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f") && (want.empty() || want == "avx512"))
    return Isa::Avx512;
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && want != "generic")
    return Isa::Avx2;
#endif
  return Isa::Generic;
}

Isa isa() {
  static const Isa chosen = detect();
  return chosen;
}

template <typename T> void block(const Args<T> &g, int tile, int64_t i0, int64_t i1, int64_t j0, int64_t j1) {
  switch (isa()) {
#if defined(__x86_64__)
  case Isa::Avx512:
    return avx512::block(g, tile, i0, i1, j0, j1);
  case Isa::Avx2:
    return avx2::block(g, tile, i0, i1, j0, j1);
#endif
  default:
    return generic::block(g, tile, i0, i1, j0, j1);
  }
}

template <typename T> int tilesOf(Tile *out) {
  switch (isa()) {
#if defined(__x86_64__)
  case Isa::Avx512:
    return avx512::tiles(T(), out);
  case Isa::Avx2:
    return avx2::tiles(T(), out);
#endif
  default:
    return generic::tiles(T(), out);
  }
}

// The whole of B packed for `tile` (packedSize elements, packItems items; ShloGemmBlock.h).
#if defined(__x86_64__)
#define SHLO_GEMM_DISPATCH(call)                                                                           \
  switch (isa()) {                                                                                         \
  case Isa::Avx512:                                                                                        \
    return avx512::call;                                                                                   \
  case Isa::Avx2:                                                                                          \
    return avx2::call;                                                                                     \
  default:                                                                                                 \
    return generic::call;                                                                                  \
  }
#else
#define SHLO_GEMM_DISPATCH(call) return generic::call;
#endif
template <typename T> int64_t packedSize(const Args<T> &g, int tile) { SHLO_GEMM_DISPATCH(packedSize(g, tile)) }
template <typename T> int64_t packItems(const Args<T> &g, int tile) { SHLO_GEMM_DISPATCH(packItems(g, tile)) }
template <typename T> void packItem(const Args<T> &g, int tile, T *out, int64_t item) {
  SHLO_GEMM_DISPATCH(packItem(g, tile, out, item))
}
#undef SHLO_GEMM_DISPATCH

int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

constexpr int64_t kMinBlockRows = 128;

// The register tile that computes the fewest padding elements on the product's
// edges (the first listed, the fastest on square products, where they tie): 64
// rows by 8 x 48 tiles, 64 columns by 12 x 32 ones.
template <typename T> int pickTile(int64_t m, int64_t n, Tile &chosen) {
  Tile tiles[kMaxTiles];
  int count = tilesOf<T>(tiles), best = 0;
  auto padded = [&](const Tile &t) { return ceilDiv(m, t.rows) * t.rows * ceilDiv(n, t.cols) * t.cols; };
  for (int i = 1; i < count; ++i)
    if (padded(tiles[i]) < padded(tiles[best]))
      best = i;
  chosen = tiles[best];
  return best;
}

// The OpenMP runtime's entry points (the one generated code calls), if one is loaded.
// Only __kmpc_* (no omp_get_thread_num: another runtime loaded first, such as
// PyTorch's libgomp, would answer that one as if outside any team).
struct Ident {
  int32_t reserved1, flags, reserved2, reserved3;
  const char *source;
};
using Microtask = void (*)(int32_t *, int32_t *, ...);
struct OpenMP {
  void (*fork)(Ident *, int32_t, Microtask, ...) = nullptr;
  void (*pushThreads)(Ident *, int32_t, int32_t) = nullptr;
  int32_t (*globalThread)(Ident *) = nullptr;
  bool usable() const { return fork && pushThreads && globalThread; }
};

OpenMP openmp() {
  OpenMP o;
  o.fork = reinterpret_cast<decltype(o.fork)>(dlsym(RTLD_DEFAULT, "__kmpc_fork_call"));
  o.pushThreads = reinterpret_cast<decltype(o.pushThreads)>(dlsym(RTLD_DEFAULT, "__kmpc_push_num_threads"));
  o.globalThread = reinterpret_cast<decltype(o.globalThread)>(dlsym(RTLD_DEFAULT, "__kmpc_global_thread_num"));
  return o;
}

Ident ident{0, 2, 0, 0, ";shlo;gemm;0;0;;"};

// Items 0 .. count - 1, taken by up to `threads` threads from a shared counter
// until none is left, whatever size the team turned out to be.
struct Items {
  int64_t count;
  void (*run)(const void *context, int64_t item);
  const void *context;
  mutable std::atomic<int64_t> next{0};
  void runAll() const {
    for (int64_t item = next.fetch_add(1); item < count; item = next.fetch_add(1))
      run(context, item);
  }
};

void itemsWorker(int32_t *, int32_t *, void *items) { static_cast<const Items *>(items)->runAll(); }

void forItems(int threads, int64_t count, void (*run)(const void *, int64_t), const void *context) {
  static const OpenMP omp = openmp();
  Items items{count, run, context};
  if (threads <= 1 || count <= 1 || !omp.usable()) {
    items.runAll();
    return;
  }
  omp.pushThreads(&ident, omp.globalThread(&ident), static_cast<int32_t>(std::min<int64_t>(threads, count)));
  omp.fork(&ident, 1, reinterpret_cast<Microtask>(&itemsWorker), &items);
}

// A batch of products, each cut into tm x tn blocks of C; every block is
// computed by one thread start to end (its own packing: no barriers).
template <typename T> struct Work {
  const Args<T> *g;
  int64_t batch, aStep, bStep, cStep; // the products and how far apart their operands are
  int tile;
  int64_t colsPer;
  int tm, tn;
  int64_t rowTiles, tileRows;
  int threads;
  // Row blocks in rounds of `threads` blocks (taken about together, one by each thread): every
  // thread's blocks add up to its even share of the register tiles, within one tile. Blocks of
  // ceil(tiles / tm) tiles left the last one short: 1024 rows on 2 threads were 7 x 132 + 100, one
  // thread computing 528 rows and the other 496 (1024^3, Xeon, 2 threads, median of 120 calls:
  // 7.39 -> 7.16 ms).
  static int64_t part(int64_t total, int64_t parts, int64_t i) { return total / parts + (i < total % parts); }
  int64_t firstTile(int64_t block) const {
    int64_t rounds = tm / threads, tiles = 0;
    for (int64_t b = 0; b < block; ++b)
      tiles += part(part(rowTiles, threads, b % threads), rounds, b / threads);
    return tiles;
  }
  int64_t items() const { return batch * tm * tn; }
  static void run(const void *self, int64_t index) {
    const Work &w = *static_cast<const Work *>(self);
    int64_t product = index / (w.tm * w.tn);
    int bi = static_cast<int>(index % (w.tm * w.tn)) / w.tn, bj = static_cast<int>(index % (w.tm * w.tn)) % w.tn;
    Args<T> one = *w.g;
    one.a += product * w.aStep;
    one.b += product * w.bStep;
    one.c += product * w.cStep;
    int64_t r0 = w.firstTile(bi) * w.tileRows, r1 = std::min(w.g->m, w.firstTile(bi + 1) * w.tileRows);
    block(one, w.tile, r0, r1, bj * w.colsPer, std::min(w.g->n, (bj + 1) * w.colsPer));
  }
};

template <typename T>
void gemmImpl(const Args<T> &g, int threads, int64_t batch = 1, int64_t aStep = 0, int64_t bStep = 0,
              int64_t cStep = 0) {
  if (g.m <= 0 || g.n <= 0 || batch <= 0)
    return;
  Tile t;
  int tile = pickTile<T>(g.m, g.n, t);
  int64_t rowTiles = ceilDiv(g.m, t.rows), colTiles = ceilDiv(g.n, t.cols);
  // Below ~1 MFLOP per thread a fork costs more than it gives.
  int64_t useful = std::max<int64_t>(1, batch * 2 * g.m * g.n * std::max<int64_t>(g.k, 1) / (1 << 20));
  threads = static_cast<int>(std::clamp<int64_t>(threads, 1, std::min(useful, batch * rowTiles * colTiles)));
  // Enough products for every thread: each takes whole ones. Otherwise each is cut
  // in blocks that pack their own operands: cutting columns repeats the packing of
  // A (m x k) per column block, cutting rows that of B (k x n); the grid that
  // repeats the least.
  int tm = 1, tn = 1;
  // Tall products: blocks of rows, several per thread, taken as threads come free (a thread
  // the OS delays holds up one block, not half the product). Each block packs its own rows
  // of A only; B, re-read by every block, is amortized over at least kMinBlockRows rows.
  int64_t rowBlocks = std::min<int64_t>(4 * threads, g.m / kMinBlockRows) / threads * threads;
  if (batch < threads && rowBlocks >= threads && rowBlocks <= rowTiles) {
    tm = static_cast<int>(rowBlocks);
  } else if (batch < threads) {
    double best = -1;
    for (int rows = 1; rows <= threads; ++rows) {
      if (threads % rows)
        continue;
      int cols = threads / rows;
      if (rows > rowTiles || cols > colTiles)
        continue;
      double cost = double(cols) * g.m * g.k + double(rows) * g.k * g.n;
      if (best < 0 || cost < best) {
        best = cost;
        tm = rows;
        tn = cols;
      }
    }
    if (best < 0) // the tiles cannot be shared out evenly: one thread
      threads = 1;
    // Few rows in column blocks: 4 a thread, taken as threads come free (a thread the OS delays
    // holds up a quarter of its share, not all of it). On AVX-512 blocks of at most 64 rows (fewer
    // than any tile's MC) read row-major A and B in place (SHLO_GEMM_ROWS_A), so cutting columns
    // finer repeats no packing: 4 x (64 x 1024 x 1024) with 8 column blocks run one after another
    // on one Xeon core took 3.68 ms against 3.82 with 2 (best of 160; 4.10 when A was packed).
    else if (isa() == Isa::Avx512 && tm == 1 && g.acs == 1 && g.bcs == 1 && g.m <= 64)
      tn = static_cast<int>(std::min<int64_t>(colTiles, 4 * int64_t(tn)));
  }
  Args<T> shared = g;
  // Many row blocks of one product: the threads first pack B together, once, and every block
  // reads that; otherwise each block packs the panels of B it reads, reading all of B once per
  // block. Measured as the CPU time of the blocks run one after another on one Zen 3 core, time /
  // OpenBLAS's: 1024^3 in 8 blocks 1.11-1.14 -> 1.04-1.07; 4 and 6 blocks about even; 2 blocks
  // (256 x 512 x 2048) 1.00 -> 1.08, so not there. AVX-512 too (an Intel Xeon, 2 threads, 1024^3
  // wall clock over 41 calls: fastest 7.7 -> 6.3 ms, XLA 6.6-6.9).
  // The caller's, kept between calls (no page faults each time), in 2 MiB pages where the system
  // gives them: every block streams all of it from L3. 1024^3 on the Xeon's 2 threads (4 MiB
  // packed), median of 160 calls: 6.92 -> 6.29 and 6.92 -> 6.51 ms; 80 calls 30 ms apart, 7.30 ->
  // 6.86 and 6.85 -> 6.81.
  struct HugeBuffer {
    T *data = nullptr;
    size_t bytes = 0;
    ~HugeBuffer() { std::free(data); }
    T *get(size_t n) {
      size_t want = (n * sizeof(T) + (size_t(2) << 20) - 1) & ~((size_t(2) << 20) - 1);
      if (want > bytes) {
        std::free(data);
        data = static_cast<T *>(std::aligned_alloc(size_t(2) << 20, want));
        bytes = data ? want : 0;
#ifdef MADV_HUGEPAGE
        if (data)
          madvise(data, want, MADV_HUGEPAGE);
#endif
      }
      return data;
    }
    void release() { std::free(data); data = nullptr; bytes = 0; }
  };
  thread_local HugeBuffer packed;
  T *buffer = nullptr; // null (no memory): each block packs its own
  if (batch == 1 && tm >= 8 && tn == 1 && threads > 1 && isa() != Isa::Generic &&
      (buffer = packed.get(size_t(packedSize(g, tile))))) {
    shared.packedB = buffer;
    struct Pack {
      const Args<T> *g;
      int tile;
      T *out;
      static void run(const void *self, int64_t item) {
        const Pack &p = *static_cast<const Pack *>(self);
        packItem(*p.g, p.tile, p.out, item);
      }
    } pack{&g, tile, buffer};
    forItems(threads, packItems(g, tile), &Pack::run, &pack);
  }
  Work<T> w{&shared, batch,   aStep,    bStep,  cStep, tile, ceilDiv(colTiles, tn) * t.cols,
            tm,      tn,      rowTiles, t.rows, tm % threads ? tm : threads};
  forItems(threads, w.items(), &Work<T>::run, &w);
  if (packed.bytes > (size_t(16) << 20)) // not hold more than 16 MiB between calls
    packed.release();
}

void convRows(const Conv2dArgs &g, int64_t row0, int64_t row1) {
  switch (isa()) {
#if defined(__x86_64__)
  case Isa::Avx512:
    return avx512::convRows(g, row0, row1);
  case Isa::Avx2:
    return avx2::convRows(g, row0, row1);
#endif
  default:
    return generic::convRows(g, row0, row1);
  }
}

// Output rows in chunks of about 4 MFLOP: enough chunks for a thread the OS delays to
// hold up little, few enough that taking one costs nothing.
struct ConvWork {
  const Conv2dArgs *g;
  int64_t rowsPer, rows;
  static void run(const void *self, int64_t item) {
    const ConvWork &w = *static_cast<const ConvWork *>(self);
    convRows(*w.g, item * w.rowsPer, std::min(w.rows, (item + 1) * w.rowsPer));
  }
};
} // namespace

void gemm(int64_t m, int64_t n, int64_t k, const float *a, int64_t ars, int64_t acs, const float *b,
          int64_t brs, int64_t bcs, float *c, int64_t ldc, bool accumulate, int threads, const float *bias,
          bool relu) {
  Args<float> g{m, n, k, a, ars, acs, b, brs, bcs, c, ldc, accumulate};
  g.bias = bias;
  g.relu = relu;
  gemmImpl(g, threads);
}

void gemm(int64_t m, int64_t n, int64_t k, const double *a, int64_t ars, int64_t acs, const double *b,
          int64_t brs, int64_t bcs, double *c, int64_t ldc, bool accumulate, int threads, const double *bias,
          bool relu) {
  Args<double> g{m, n, k, a, ars, acs, b, brs, bcs, c, ldc, accumulate};
  g.bias = bias;
  g.relu = relu;
  gemmImpl(g, threads);
}

void gemmBatch(int64_t batch, int64_t m, int64_t n, int64_t k, const float *a, int64_t as, int64_t ars, int64_t acs,
               const float *b, int64_t bs, int64_t brs, int64_t bcs, float *c, int64_t cs, int64_t ldc, bool accumulate,
               int threads) {
  gemmImpl(Args<float>{m, n, k, a, ars, acs, b, brs, bcs, c, ldc, accumulate}, threads, batch, as, bs, cs);
}

void gemmBatch(int64_t batch, int64_t m, int64_t n, int64_t k, const double *a, int64_t as, int64_t ars,
               int64_t acs, const double *b, int64_t bs, int64_t brs, int64_t bcs, double *c, int64_t cs, int64_t ldc,
               bool accumulate, int threads) {
  gemmImpl(Args<double>{m, n, k, a, ars, acs, b, brs, bcs, c, ldc, accumulate}, threads, batch, as, bs, cs);
}

void conv2d(const Conv2dArgs &g, int threads) {
  if (g.n <= 0 || g.oh <= 0 || g.ow <= 0 || g.f <= 0)
    return;
  int64_t rows = g.n * g.oh, rowFlops = std::max<int64_t>(1, 2 * g.ow * g.f * g.kh * g.kw * g.c);
  ConvWork w{&g, std::clamp<int64_t>((int64_t(1) << 22) / rowFlops, 1, rows), rows};
  forItems(threads, ceilDiv(rows, w.rowsPer), &ConvWork::run, &w);
}

const char *gemmIsa() {
  switch (isa()) {
  case Isa::Avx512:
    return "avx512";
  case Isa::Avx2:
    return "avx2";
  default:
    return "generic";
  }
}

} // namespace shlo
