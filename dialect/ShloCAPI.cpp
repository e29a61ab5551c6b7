// C API implementation (no RTTI, as the MLIR it links against).
#include "ShloCAPI.h"
#include "ShloDialect.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassRegistry.h"

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Shlo, shlo, mlir::shlo::ShloDialect)

namespace {
// Forwards diagnostics (and their attached notes) to the C callback.
struct DiagnosticForwarder {
  DiagnosticForwarder(mlir::MLIRContext *ctx, ShloDiagnosticCallback cb,
                      void *userData)
      : handler(ctx, [cb, userData](mlir::Diagnostic &diag) {
          auto emit = [&](mlir::Diagnostic &d) {
            std::string loc, msg;
            llvm::raw_string_ostream locOs(loc);
            d.getLocation().print(locOs);
            msg = d.str();
            int severity = d.getSeverity() == mlir::DiagnosticSeverity::Error
                               ? 2
                               : d.getSeverity() ==
                                         mlir::DiagnosticSeverity::Warning
                                     ? 1
                                     : 0;
            cb(severity, mlirStringRefCreate(loc.data(), loc.size()),
               mlirStringRefCreate(msg.data(), msg.size()), userData);
          };
          emit(diag);
          for (mlir::Diagnostic &note : diag.getNotes())
            emit(note);
          return mlir::success();
        }) {}
  mlir::ScopedDiagnosticHandler handler;
};
} // namespace

MlirModule shloParseModule(MlirContext context, MlirStringRef source,
                           MlirStringRef bufferName,
                           ShloDiagnosticCallback callback, void *userData) {
  mlir::MLIRContext *ctx = unwrap(context);
  DiagnosticForwarder forward(ctx, callback, userData);
  mlir::ParserConfig config(ctx, /*verifyAfterParse=*/false);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(unwrap(source), config,
                                              unwrap(bufferName));
  if (!module)
    return MlirModule{nullptr};
  return wrap(module.release());
}

bool shloVerifyOperation(MlirOperation op, ShloDiagnosticCallback callback,
                         void *userData) {
  mlir::Operation *operation = unwrap(op);
  DiagnosticForwarder forward(operation->getContext(), callback, userData);
  return mlir::succeeded(mlir::verify(operation));
}

void shloPrintRegisteredPasses(void) { mlir::printRegisteredPasses(); }
