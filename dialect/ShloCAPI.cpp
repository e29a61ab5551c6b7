// C API implementation (no RTTI, as the MLIR it links against).
#include "ShloCAPI.h"
#include "ShloDialect.h"
#include "ShloBytecode.h"
#include "ShloBytecodeGuard.h"
#include "ShloDistinctOps.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include "llvm/ADT/Hashing.h"
#include "llvm/Support/CommandLine.h"

#include <cstdlib>
#include <cstring>
#include <optional>
#include <unordered_set>
#include <vector>

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
  // Crafted artifacts: an error, not an abort. SHLO_BYTECODE_GUARD=0 leaves
  // MLIR's own readers alone (tests of the isolated reader use it to reach a
  // real abort).
  const char *guard = std::getenv("SHLO_BYTECODE_GUARD");
  if (!guard || std::strcmp(guard, "0") != 0)
    mlir::shlo::guardBytecodeReads(config, unwrap(source).size());
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

namespace {
// While alive, printing an op assumes it verifies (MLIR's
// -mlir-print-assume-verified, a process-wide option), then restores the
// setting. Printing an op otherwise first verifies its whole function (to
// choose between the custom and the generic form) and numbers its values.
// The transform dialect's fuse_into_containing_op prints the producer and
// its container into the remark it prepares before every fusion (dropped
// when the fusion succeeds): on a function of many groups that was most of
// the schedule's time, growing with the function's size at each fusion.
class AssumeVerifiedWhilePrinting {
public:
  AssumeVerifiedWhilePrinting() {
    mlir::registerAsmPrinterCLOptions();
    auto &options = llvm::cl::getRegisteredOptions();
    auto it = options.find("mlir-print-assume-verified");
    if (it == options.end())
      return;
    flag = static_cast<llvm::cl::opt<bool> *>(it->second);
    before = *flag;
    *flag = true;
  }
  ~AssumeVerifiedWhilePrinting() {
    if (flag)
      *flag = before;
  }

private:
  llvm::cl::opt<bool> *flag = nullptr;
  bool before = false;
};
} // namespace

bool shloRunPassPipeline(MlirOperation op, MlirStringRef pipeline,
                         ShloDiagnosticCallback callback, void *userData,
                         bool assumeVerified) {
  // Every diagnostic goes to the callback, the Python bindings never see one:
  // errors that a transform script emits and then suppresses would otherwise
  // stay in the bindings' error capture and abort the process.
  std::optional<AssumeVerifiedWhilePrinting> printing;
  if (assumeVerified)
    printing.emplace();
  mlir::Operation *operation = unwrap(op);
  mlir::MLIRContext *ctx = operation->getContext();
  DiagnosticForwarder forward(ctx, callback, userData);
  mlir::PassManager pm(ctx, operation->getName().getStringRef());
  std::string error;
  llvm::raw_string_ostream os(error);
  if (mlir::failed(mlir::parsePassPipeline(unwrap(pipeline), pm, os))) {
    std::string loc = "pipeline";
    callback(2, mlirStringRefCreate(loc.data(), loc.size()),
             mlirStringRefCreate(error.data(), error.size()), userData);
    return false;
  }
  return mlir::succeeded(pm.run(operation));
}

void shloPrintRegisteredPasses(void) { mlir::printRegisteredPasses(); }

bool shloDenseResourceBlob(MlirAttribute attr, const char **data,
                           size_t *size) {
  auto resource =
      llvm::dyn_cast<mlir::DenseResourceElementsAttr>(unwrap(attr));
  if (!resource)
    return false;
  mlir::AsmResourceBlob *blob = resource.getRawHandle().getBlob();
  if (!blob)
    return false;
  llvm::ArrayRef<char> bytes = blob->getData();
  *data = bytes.data();
  *size = bytes.size();
  return true;
}

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
  // A terminator's constraints may read which op it ends a region of.
  if (mlir::Operation *parent = op->getParentOp();
      parent && op->hasTrait<mlir::OpTrait::IsTerminator>())
    os << "^" << parent->getName();
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

namespace {
// What a signature says, as pointers to uniqued types and attributes plus the
// op's properties: equal keys mean equal signatures within one context, at a
// fraction of the cost of printing them (or of building attribute
// dictionaries from properties).
struct IdentityKey {
  std::vector<const void *> pointers;
  mlir::Operation *op;        // whose properties the key stands for
  bool compareProperties;     // false when the pointers already cover them
};

struct IdentityKeyHash {
  size_t operator()(const IdentityKey &key) const {
    llvm::hash_code hash =
        llvm::hash_combine_range(key.pointers.begin(), key.pointers.end());
    if (key.compareProperties)
      hash = llvm::hash_combine(hash, key.op->hashProperties());
    return hash;
  }
};

struct IdentityKeyEqual {
  bool operator()(const IdentityKey &a, const IdentityKey &b) const {
    if (a.pointers != b.pointers || a.compareProperties != b.compareProperties)
      return false;
    return !a.compareProperties ||
           a.op->getName().compareOpProperties(a.op->getPropertiesStorage(),
                                               b.op->getPropertiesStorage());
  }
};

const void *count(size_t n) { return reinterpret_cast<const void *>(n); }

void addTypes(std::vector<const void *> &key, mlir::TypeRange types) {
  key.push_back(count(types.size()));
  for (mlir::Type type : types)
    key.push_back(type.getAsOpaquePointer());
}

IdentityKey identityOf(mlir::Operation *op, bool isConstant) {
  IdentityKey key{{}, op, true};
  std::vector<const void *> &k = key.pointers;
  k.push_back(op->getName().getAsOpaquePointer());
  addTypes(k, op->getOperandTypes());
  addTypes(k, op->getResultTypes());
  k.push_back(op->getRawDictionaryAttrs().getAsOpaquePointer());
  // Mirrors signatureOf: a large literal counts by its type only.
  if (isConstant && op->getRawDictionaryAttrs().empty()) {
    if (auto value = op->getInherentAttr("value"); value && *value) {
      auto dense = llvm::dyn_cast<mlir::DenseElementsAttr>(*value);
      k.push_back(dense && dense.getNumElements() > 16
                      ? dense.getType().getAsOpaquePointer()
                      : value->getAsOpaquePointer());
      key.compareProperties = false;
    }
  }
  mlir::Operation *parent = op->getParentOp();
  k.push_back(parent && op->hasTrait<mlir::OpTrait::IsTerminator>()
                  ? parent->getName().getAsOpaquePointer()
                  : nullptr);
  k.push_back(count(op->getNumRegions()));
  for (mlir::Region &region : op->getRegions()) {
    k.push_back(count(region.getBlocks().size()));
    if (region.empty())
      continue;
    mlir::Block &entry = region.front();
    addTypes(k, entry.getArgumentTypes());
    if (entry.empty())
      k.push_back(count(0));
    else
      addTypes(k, entry.back().getOperandTypes());
  }
  return key;
}

llvm::SmallVector<llvm::StringRef> toStringRefs(const MlirStringRef *refs,
                                                intptr_t count) {
  llvm::SmallVector<llvm::StringRef> out;
  for (intptr_t i = 0; i < count; ++i)
    out.push_back(unwrap(refs[i]));
  return out;
}

bool isAscii(llvm::StringRef text) {
  return llvm::all_of(text, [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}
} // namespace

struct mlir::shlo::DistinctOps::Seen {
  std::unordered_set<IdentityKey, IdentityKeyHash, IdentityKeyEqual> keys;
};
mlir::shlo::DistinctOps::DistinctOps() : seen(std::make_unique<Seen>()) {}
mlir::shlo::DistinctOps::~DistinctOps() = default;

bool mlir::shlo::DistinctOps::firstOfItsKind(mlir::Operation *op) {
  return seen->keys
      .insert(identityOf(op, op->getName().getStringRef() == "shlo.constant"))
      .second;
}

void shloWalkDistinct(MlirOperation root, const MlirStringRef *always,
                      intptr_t numAlways, ShloOpCallback callback,
                      void *userData) {
  llvm::SmallVector<llvm::StringRef> alwaysNames = toStringRefs(always, numAlways);
  mlir::shlo::DistinctOps distinct;
  unwrap(root)->walk([&](mlir::Operation *op) {
    llvm::StringRef name = op->getName().getStringRef();
    if (!name.starts_with("shlo.")) {
      if (!isAscii(name)) // let the caller judge names it may not decode
        callback(wrap(op), mlirStringRefCreate(name.data(), name.size()),
                 mlirStringRefCreate(nullptr, 0), userData);
      return;
    }
    bool report = llvm::is_contained(alwaysNames, name) ||
                  distinct.firstOfItsKind(op);
    if (!report)
      return;
    std::string signature = signatureOf(op);
    callback(wrap(op), mlirStringRefCreate(name.data(), name.size()),
             mlirStringRefCreate(signature.data(), signature.size()), userData);
  });
}

namespace {
// Runs an op's properties writer without writing anything, to find a required
// attribute that is absent: MLIR's writer (bytecode 5+) dereferences it, where
// version 4's dictionary simply lacks the entry. Only an invalid program (parsed
// without verification) has one.
struct AbsentAttributeProbe : public mlir::DialectBytecodeWriter {
  explicit AbsentAttributeProbe(int64_t version) : version(version) {}
  int64_t version;
  bool absent = false;
  void writeAttribute(mlir::Attribute attr) override { absent |= !attr; }
  void writeOptionalAttribute(mlir::Attribute) override {}
  void writeType(mlir::Type type) override { absent |= !type; }
  void writeResourceHandle(const mlir::AsmDialectResourceHandle &) override {}
  void writeVarInt(uint64_t) override {}
  void writeSignedVarInt(int64_t) override {}
  void writeAPIntWithKnownWidth(const llvm::APInt &) override {}
  void writeAPFloatWithKnownSemantics(const llvm::APFloat &) override {}
  void writeOwnedString(llvm::StringRef) override {}
  void writeOwnedBlob(llvm::ArrayRef<char>) override {}
  void writeOwnedBool(bool) override {}
  int64_t getBytecodeVersion() const override { return version; }
  llvm::FailureOr<const mlir::DialectVersion *>
  getDialectVersion(llvm::StringRef) const override {
    return mlir::failure();
  }
};

mlir::Operation *firstOpLackingProperty(mlir::Operation *root,
                                        int64_t bytecodeVersion) {
  mlir::Operation *found = nullptr;
  root->walk([&](mlir::Operation *op) {
    if (!op->getPropertiesStorageSize())
      return mlir::WalkResult::advance();
    auto iface = llvm::dyn_cast<mlir::BytecodeOpInterface>(op);
    if (!iface)
      return mlir::WalkResult::advance();
    AbsentAttributeProbe probe(bytecodeVersion);
    iface.writeProperties(probe);
    if (!probe.absent)
      return mlir::WalkResult::advance();
    found = op;
    return mlir::WalkResult::interrupt();
  });
  return found;
}
} // namespace

MlirOperation shloOpLackingRequiredAttribute(MlirOperation root) {
  return wrap(firstOpLackingProperty(unwrap(root), 6));
}

bool shloWriteBytecode(MlirOperation op, int64_t bytecodeVersion,
                       uint64_t encoding, MlirStringRef producer,
                       MlirStringCallback callback, void *userData) {
  // Properties records (5+) cannot say "absent" for a required attribute.
  if (bytecodeVersion >= 5 && firstOpLackingProperty(unwrap(op), bytecodeVersion))
    return false;
  std::string buffer;
  llvm::raw_string_ostream os(buffer);
  mlir::BytecodeWriterConfig config(unwrap(producer));
  config.setDesiredBytecodeVersion(bytecodeVersion);
  if (encoding)
    config.setDialectVersion<mlir::shlo::ShloDialect>(
        std::make_unique<mlir::shlo::ShloEncodingVersion>(encoding));
  if (mlir::failed(mlir::writeBytecodeToFile(unwrap(op), os, config)))
    return false;
  callback(mlirStringRefCreate(buffer.data(), buffer.size()), userData);
  return true;
}

void shloWalkNamed(MlirOperation root, const MlirStringRef *names,
                   intptr_t numNames, ShloOpCallback callback,
                   void *userData) {
  llvm::SmallVector<llvm::StringRef> wanted = toStringRefs(names, numNames);
  unwrap(root)->walk([&](mlir::Operation *op) {
    llvm::StringRef name = op->getName().getStringRef();
    if (llvm::is_contained(wanted, name))
      callback(wrap(op), mlirStringRefCreate(name.data(), name.size()),
               mlirStringRefCreate(nullptr, 0), userData);
  });
}
