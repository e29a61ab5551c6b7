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

namespace {
void printTypes(llvm::raw_ostream &os, mlir::TypeRange types) {
  os << '(';
  llvm::interleaveComma(types, os);
  os << ')';
}

std::string signatureOf(mlir::Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  printTypes(os, op->getOperandTypes());
  printTypes(os, op->getResultTypes());
  // The spec reads only the type of shlo.constant's literal (the one
  // attribute of spec kind `elements`); every other attribute is printed whole,
  // since constraints read the values of, e.g., replica_groups.
  bool isConstant = op->getName().getStringRef() == "shlo.constant";
  for (mlir::NamedAttribute attr : op->getAttrDictionary()) {
    os << attr.getName().strref() << '=';
    if (auto dense = llvm::dyn_cast<mlir::DenseElementsAttr>(attr.getValue());
        isConstant && dense && dense.getNumElements() > 16)
      os << "<literal " << dense.getType() << '>';
    else
      attr.getValue().print(os);
    os << ';';
  }
  for (mlir::Region &region : op->getRegions()) {
    os << "{" << region.getBlocks().size();
    if (!region.empty()) {
      mlir::Block &entry = region.front();
      printTypes(os, entry.getArgumentTypes());
      if (!entry.empty())
        printTypes(os, entry.back().getOperandTypes());
    }
    os << '}';
  }
  return text;
}
} // namespace

void shloWalkWithSignatures(MlirOperation root, ShloOpCallback callback,
                            void *userData) {
  unwrap(root)->walk([&](mlir::Operation *op) {
    llvm::StringRef name = op->getName().getStringRef();
    std::string signature;
    if (name.starts_with("shlo."))
      signature = signatureOf(op);
    callback(wrap(op), mlirStringRefCreate(name.data(), name.size()),
             mlirStringRefCreate(signature.data(), signature.size()), userData);
  });
}
