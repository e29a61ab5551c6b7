// C API of the shlo dialect, used by the Python extension.
#ifndef SHLO_CAPI_H
#define SHLO_CAPI_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Shlo, shlo);

/// Called once per diagnostic: severity (0 note, 1 warning, 2 error), the
/// location printed as text, and the message.
typedef void (*ShloDiagnosticCallback)(int severity, MlirStringRef location,
                                       MlirStringRef message, void *userData);

/// Parses MLIR text or bytecode into a module WITHOUT running the verifier,
/// so that the spec-driven verifier can report constraint ids first. Returns
/// a null module on failure, after reporting each diagnostic.
MlirModule shloParseModule(MlirContext context, MlirStringRef source,
                           MlirStringRef bufferName,
                           ShloDiagnosticCallback callback, void *userData);

/// Runs the MLIR verifier on `op`, reporting diagnostics through `callback`
/// instead of the context's handler. Returns true when the op verifies.
bool shloVerifyOperation(MlirOperation op, ShloDiagnosticCallback callback,
                         void *userData);

/// Prints every pass and pass pipeline registered in this process to stdout.
void shloPrintRegisteredPasses(void);

/// Calls `callback` for every op nested in `root` (children before parents)
/// with the op, its name, and for ops of the shlo dialect a signature: the
/// text of its operand and result types, attributes (shlo.constant's literal
/// by type only) and region entry/terminator types. Two ops with equal signatures
/// are judged alike by every spec constraint that does not look at the op's
/// surroundings, which lets the verifier check repeated ops once.
typedef void (*ShloOpCallback)(MlirOperation op, MlirStringRef name,
                               MlirStringRef signature, void *userData);
void shloWalkWithSignatures(MlirOperation root, ShloOpCallback callback,
                            void *userData);

#ifdef __cplusplus
}
#endif

#endif // SHLO_CAPI_H
