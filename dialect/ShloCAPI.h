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
/// Runs an upstream pass pipeline (textual, anchored on `op`'s kind) on `op`,
/// forwarding every diagnostic to `callback`. Returns whether it succeeded.
/// With `assumeVerified`, ops printed meanwhile (into diagnostics) are not
/// verified first: for pipelines that keep the IR valid between steps.
bool shloRunPassPipeline(MlirOperation op, MlirStringRef pipeline,
                         ShloDiagnosticCallback callback, void *userData,
                         bool assumeVerified);

bool shloVerifyOperation(MlirOperation op, ShloDiagnosticCallback callback,
                         void *userData);

/// The bytes of a `dense_resource` elements attribute's blob (the elements in
/// row-major order, storage width). Returns false when `attr` is not a
/// dense_resource attribute or its blob is missing (a dangling handle).
bool shloDenseResourceBlob(MlirAttribute attr, const char **data,
                           size_t *size);

/// Prints every pass and pass pipeline registered in this process to stdout.
void shloPrintRegisteredPasses(void);

/// Calls `callback` for every op nested in `root` (children before parents)
/// with the op, its name, and for ops of the shlo dialect a signature: the
/// text of its operand and result types, attributes (shlo.constant's literal
/// by type only), region entry/terminator types, and for a terminator the name
/// of the op it belongs to. Two ops with equal signatures
/// are judged alike by every spec constraint that does not look at the op's
/// surroundings, which lets the verifier check repeated ops once.
typedef void (*ShloOpCallback)(MlirOperation op, MlirStringRef name,
                               MlirStringRef signature, void *userData);
void shloWalkWithSignatures(MlirOperation root, ShloOpCallback callback,
                            void *userData);

/// Like shloWalkWithSignatures, but reports only what a verifier must look at:
/// the first shlo op of each distinct signature (same name, operand, result
/// and region types, attributes), every shlo op whose name is in `always`
/// (ops whose constraints look beyond their signature), and any other op
/// whose name is not ASCII. Signatures are compared by uniqued pointers and
/// printed only for the ops reported.
void shloWalkDistinct(MlirOperation root, const MlirStringRef *always,
                      intptr_t numAlways, ShloOpCallback callback,
                      void *userData);

/// Calls `callback` for every op nested in `root` whose name is one of
/// `names` (children first), with an empty signature: what a version
/// upgrade or downgrade must look at, without visiting every op from Python.
void shloWalkNamed(MlirOperation root, const MlirStringRef *names,
                   intptr_t numNames, ShloOpCallback callback,
                   void *userData);

/// Writes `op` as MLIR bytecode of format `bytecodeVersion` with the given
/// producer string, shlo attributes and types in `encoding` (0: text, as
/// before shlo 1.2.0; 1: compact, see ShloBytecode.h), and passes the bytes
/// to `callback`. Returns false when MLIR cannot write that format version,
/// or when it is 5 or later and an op lacks a required attribute (see
/// shloOpLackingRequiredAttribute).
bool shloWriteBytecode(MlirOperation op, int64_t bytecodeVersion,
                       uint64_t encoding, MlirStringRef producer,
                       MlirStringCallback callback, void *userData);

/// The first op nested in `root` (or `root`) whose properties lack a required
/// attribute, which bytecode 5 and later cannot write; null when none does.
MlirOperation shloOpLackingRequiredAttribute(MlirOperation root);

/// Checks every shlo op nested in `root` against the spec's constraints that
/// tools/gen_spec.py translated to C++ (ShloSpecVerify.cpp), and calls
/// `callback` once per violating op with its location, the constraint id
/// (`add.C2`, `add.I1`), the constraint's text and a detail (the error met
/// while evaluating it, or empty). Children before parents; with
/// `stopAtFirst`, only the first violation is reported.
typedef void (*ShloSpecViolationCallback)(MlirOperation op,
                                          MlirStringRef location,
                                          MlirStringRef constraint,
                                          MlirStringRef text,
                                          MlirStringRef detail, void *userData);
void shloVerifySpec(MlirOperation root, bool stopAtFirst,
                    ShloSpecViolationCallback callback, void *userData);

/// The verified read's fast path: shloVerifySpec on the first shlo op of each
/// distinct signature (as shloWalkDistinct judges them) and on every shlo op
/// named in `always` (ops whose constraints look beyond their signature),
/// stopping at the first violation. Returns false, having checked nothing
/// further, when it cannot judge the program alone: a shlo op without C++
/// checks or with a constraint left to Python, or an op whose name is not
/// ASCII (the caller then runs the Python
/// verifier, which reports these). Sets `*shardings` when the module holds a
/// top-level shlo.mesh or a shlo.sharding on a top-level function's argument
/// or result: what the module-level sharding rules (Python) look at.
bool shloVerifySpecDistinct(MlirOperation root, const MlirStringRef *always,
                            intptr_t numAlways,
                            ShloSpecViolationCallback callback,
                            bool *shardings, void *userData);

#ifdef __cplusplus
}
#endif

#endif // SHLO_CAPI_H
