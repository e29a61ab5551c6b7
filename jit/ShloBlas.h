// Matrix products of compiled code handed to a BLAS library.
//
// The CPU back end may turn a large f32 / f64 linalg.matmul or batch_matmul
// into a call of `shlo_matmul_<type>` / `shlo_batch_matmul_<type>` (memrefs
// through MLIR's C interface, beta: 0 overwrites C, 1 adds to it; and
// the library's thread count for the call). These
// functions read the memrefs' strides at run time, pick BLAS's transpose flags
// and leading dimensions (copying an operand only when neither layout fits),
// and call the library's cblas_?gemm, whose address Python registers once
// (shloBlasSetGemm; numpy's bundled OpenBLAS). The JIT resolves the symbols
// from this library for every compiled module (shloBlasSymbols).
#ifndef SHLO_BLAS_H
#define SHLO_BLAS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// cblas_sgemm / cblas_dgemm with 64-bit integers (either may be null), and
/// OpenBLAS's openblas_set_num_threads_local (may be null).
void shloBlasSetGemm(void *sgemm, void *dgemm, void *setThreadsLocal);

typedef struct {
  const char *name;
  void *address;
} ShloRuntimeSymbol;

#ifdef __cplusplus
}
#endif

/// The functions compiled code may call, by their linker names.
const ShloRuntimeSymbol *shloBlasSymbols(size_t *count);

#endif // SHLO_BLAS_H
