// The CPU back end's JIT: LLVM-dialect module -> native code in this process.
//
// Why not MLIR's ExecutionEngine: it generates code for the whole module on
// one thread and builds a fresh JIT session per module. Code generation is
// most of a compile (instruction selection, register allocation), so this
// JIT splits the module into partitions, generates each partition's object
// code on its own thread, and links the objects into one shared session.
#ifndef SHLO_JIT_H
#define SHLO_JIT_H

#include "mlir-c/IR.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Canonicalizes `op`'s regions as upstream's canonicalize pass does (top-down,
/// folding, constant CSE, region simplification when `regionSimplify`), with
/// the canonicalization patterns of the dialects that have an op in it, not of
/// every loaded one: each run of the pass sorts all its patterns by op first
/// (~0.36 M instructions), more than folding a small module costs. The
/// pattern set is made once per context and set of dialects.
void shloCanonicalize(MlirOperation op, int regionSimplify);

/// Drops the pattern sets made for the context at address `context`. Call it
/// before the context is destroyed: a later context at the same address would
/// otherwise be handed patterns of the dead one (ops, names and types that no
/// longer exist), which crashed the process now and then.
void shloCanonicalizeForget(uintptr_t context);

/// One compiled module, alive until shloJitRelease.
typedef struct ShloJitModule ShloJitModule;

/// Compiles `module` (LLVM dialect only; its context must have the LLVM IR
/// translations registered: mlirRegisterAllLLVMTranslations). `llvmOptLevel` 0-3 selects LLVM's
/// IR pipeline (0: none); code generation always runs at LLVM's default
/// level, as the ExecutionEngine did. `threads` bounds the code generation
/// threads (<= 1: the calling thread only). `libraries` are shared libraries
/// whose symbols the code may call (the OpenMP runtime). Each function named
/// in `packed` also gets a packed entry point `_mlir_<name>(void **args)`
/// (as MLIR's ExecutionEngine makes): args[i] points at argument i, and
/// args[n] at where the result goes. With `keepObjects`, the module keeps a
/// copy of its object files (shloJitObject: for a disk cache). On failure
/// returns null and writes a message into `error` (at most `errorSize` bytes).
ShloJitModule *shloJitCompile(MlirOperation module, int llvmOptLevel,
                              int threads, const char *const *libraries,
                              size_t numLibraries, const char *const *packed,
                              size_t numPacked, int keepObjects, char *error,
                              size_t errorSize);

/// A module from object files an earlier compile kept (on this host: see
/// shloJitHost), linked against `libraries`; null and a message on failure.
ShloJitModule *shloJitLoad(const char *const *objects, const size_t *sizes,
                           size_t numObjects, const char *const *libraries,
                           size_t numLibraries, char *error, size_t errorSize);

/// The object files a module kept (none unless compiled with keepObjects).
size_t shloJitObjectCount(ShloJitModule *module);
const char *shloJitObject(ShloJitModule *module, size_t index, size_t *size);

/// The target the code is generated for: triple, CPU and its features.
/// Object code is valid only where this is the same.
const char *shloJitHost(void);

/// The address of `symbol` in a compiled module, or 0 (and a message).
uint64_t shloJitLookup(ShloJitModule *module, const char *symbol, char *error,
                       size_t errorSize);

/// How many partitions the last compile of `module` was split into.
int shloJitPartitions(ShloJitModule *module);

/// Seconds the compile of `module` spent in `stage`: 0 translation to LLVM
/// IR, 1 LLVM's IR optimization, 2 code generation, 3 linking (0 for a
/// module loaded from object files).
double shloJitSeconds(ShloJitModule *module, int stage);

/// Frees the module's code. Its functions must not run any more.
void shloJitRelease(ShloJitModule *module);

#ifdef __cplusplus
}
#endif

#endif // SHLO_JIT_H
