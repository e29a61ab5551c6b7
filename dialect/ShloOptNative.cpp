// shlo-opt-native: the verification-only fast path of `shlo-opt`.
//
// `shlo-opt in.mlir --verify-only` spends most of its time starting Python
// and importing shlo; this executable parses the text with MLIR's parser,
// checks the spec's constraints in C++ (ShloSpecVerify.cpp, the same ids as
// the Python verifier) and runs MLIR's own verifier, printing the messages
// `shlo-opt` prints and exiting as it exits: 0 valid, 1 invalid.
//
// The launcher (python/shlo_launch, shlo-opt's entry point) hands it a file
// and --delegate. It then exits with status 3, printing nothing, on any input
// whose verdict or message it cannot promise to match the Python path's:
// bytecode and artifacts (read in an isolated child there), text that is not
// UTF-8 or holds NUL bytes, unreadable files, text it cannot parse (it knows
// only the dialects shlo.make_context loads), programs with function or op
// shardings (the module-level sharding.C1-C5 rules are Python only), shlo ops
// without C++ checks, and attributes of the wrong kind (Python's message
// quotes their Python value).
//
//   shlo-opt-native in.mlir [--verify-only] [--verify-native] [--delegate] [--timing]
#include "ShloCAPI.h"
#include "ShloDialect.h"
#include "ShloSpecRuntime.h"

#include "mlir/CAPI/IR.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Threading.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

using namespace mlir;

namespace {
constexpr int kValid = 0, kInvalid = 1, kUsage = 2, kDelegated = 3;

struct Options {
  std::string input;
  bool nativeMessages = false;  // --verify-native: shlo-opt's messages for that mode
  bool delegate = false;
  bool timing = false;  // --timing: each phase's wall and CPU time on stderr
};

// Wall and CPU time (all threads) of the phases, for --timing: on a loaded
// machine the wall time says little.
struct Phases {
  bool enabled;
  std::chrono::steady_clock::time_point last = std::chrono::steady_clock::now();
  double lastCpu = cpuMs();
  static double cpuMs() {
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
  }
  void mark(const char *phase) {
    auto now = std::chrono::steady_clock::now();
    double cpu = cpuMs();
    if (enabled)
      llvm::errs() << "shlo-opt-native: " << phase << " "
                   << llvm::format("%.1f", std::chrono::duration<double, std::milli>(now - last).count())
                   << " ms (cpu " << llvm::format("%.1f", cpu - lastCpu) << " ms)\n";
    last = now;
    lastCpu = cpu;
  }
};

struct Diag {
  int severity;  // 0 note, 1 warning, 2 error (as ShloCAPI.h)
  std::string location, message;
};

// What shlo-opt's `report_errors` prints for a ShloError.
int fail(const std::string &message) {
  llvm::errs() << "shlo-opt: error: " << message << "\n";
  return kInvalid;
}

// Refuses an input the Python path must handle: silently under --delegate
// (the launcher then runs that path), with a message when run by hand.
int refuse(const Options &opts, const std::string &why) {
  if (opts.delegate)
    return kDelegated;
  llvm::errs() << "shlo-opt-native: " << why << "; use shlo-opt\n";
  return kUsage;
}

std::string printed(Location loc) {
  std::string text;
  llvm::raw_string_ostream os(text);
  loc.print(os);
  return text;
}

// The Python verifier's "[types: (ins) -> (outs)]" suffix.
std::string describeTypes(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << '(';
  llvm::interleaveComma(op->getOperandTypes(), os);
  os << ") -> (";
  llvm::interleaveComma(op->getResultTypes(), os);
  os << ')';
  return text;
}

// Function argument / result shardings or op shardings: checked by
// shlo.verify.shardings (sharding.C1-C5), which has no C++ translation.
bool hasShardings(ModuleOp module) {
  bool found = false;
  module->walk([&](Operation *op) {
    if (op->hasAttr("shlo.shardings")) {
      found = true;
      return WalkResult::interrupt();
    }
    if (auto func = dyn_cast<func::FuncOp>(op)) {
      for (ArrayAttr attrs : {func.getAllArgAttrs(), func.getAllResultAttrs()})
        for (Attribute dict : attrs ? attrs.getValue() : ArrayRef<Attribute>())
          if (auto d = dyn_cast<DictionaryAttr>(dict); d && d.contains("shlo.sharding"))
            found = true;
    }
    return found ? WalkResult::interrupt() : WalkResult::advance();
  });
  return found;
}

bool hasUncheckedShloOp(ModuleOp module) {
  return module
      ->walk([](Operation *op) {
        llvm::StringRef name = op->getName().getStringRef();
        if (name.starts_with("shlo.") && !shlo::spec::lookupOpCheck(name.drop_front(5)))
          return WalkResult::interrupt();
        return WalkResult::advance();
      })
      .wasInterrupted();
}

struct Violation {
  Operation *op;
  std::string message, text;  // shlo.verify.native's message; the constraint's text
};
using Violations = std::vector<Violation>;

void collectViolation(MlirOperation mop, MlirStringRef loc, MlirStringRef cid, MlirStringRef text,
                      MlirStringRef detail, void *data) {
  auto *out = static_cast<Violations *>(data);
  Operation *op = unwrap(mop);
  std::string msg = std::string(loc.data, loc.length) + ": '" + op->getName().getStringRef().str() +
                    "' violates " + std::string(cid.data, cid.length) + ": " +
                    std::string(text.data, text.length);
  if (detail.length)
    msg += " " + std::string(detail.data, detail.length);
  out->push_back({op, std::move(msg), std::string(text.data, text.length)});
}

std::vector<Diag> errorsFirst(std::vector<Diag> diags) {
  std::vector<Diag> errors;
  for (const Diag &d : diags)
    if (d.severity == 2)
      errors.push_back(d);
  return errors.empty() ? diags : errors;
}

// As Python's bytes.decode("utf-8") accepts: ASCII eight bytes at a time
// (LLVM's check goes byte by byte), anything else by LLVM's check.
bool isUtf8(llvm::StringRef data) {
  size_t n = 0;
  for (; n + 8 <= data.size(); n += 8) {
    uint64_t word;
    std::memcpy(&word, data.data() + n, 8);
    if (word & 0x8080808080808080ull)
      break;
  }
  const llvm::UTF8 *start = data.bytes_begin() + n;
  return llvm::isLegalUTF8String(&start, data.bytes_end());
}

int run(const Options &opts) {
  Phases phases{opts.timing};
  auto file = llvm::MemoryBuffer::getFile(opts.input, /*IsText=*/false,
                                          /*RequiresNullTerminator=*/false);
  if (!file)
    return refuse(opts, "cannot read " + opts.input + ": " + file.getError().message());
  llvm::StringRef data = (*file)->getBuffer();
  if (data.starts_with("ML\xef" "R"))
    return refuse(opts, "MLIR bytecode is read in an isolated child by shlo-opt");
  if (data.starts_with("\x89SHLO"))
    return refuse(opts, "artifacts are read by shlo-opt");
  if (data.contains('\0') || !isUtf8(data))
    return refuse(opts, "the input is not UTF-8 text");

  phases.mark("read");
  // The dialects of shlo.make_context; other dialects' ops fail to parse
  // here and are left to shlo-opt, whose context registers every dialect.
  DialectRegistry registry;
  registry.insert<shlo::ShloDialect, func::FuncDialect, quant::QuantDialect>();
  // The context and the module are never freed: the process ends right after
  // the verdict, and tearing down a large module costs as much as verifying it.
  MLIRContext &context = *new MLIRContext(registry);
  context.loadAllAvailableDialects();

  phases.mark("context");
  std::vector<Diag> diags;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    auto add = [&](Diagnostic &d, int severity) {
      diags.push_back({severity, printed(d.getLocation()), d.str()});
    };
    add(diag, diag.getSeverity() == DiagnosticSeverity::Error     ? 2
              : diag.getSeverity() == DiagnosticSeverity::Warning ? 1
                                                                  : 0);
    for (Diagnostic &note : diag.getNotes())
      add(note, 0);
    return success();
  });

  // One thread parses: without the uniquers' locks (the checks below use
  // the context's threads).
  context.disableMultithreading();
  ParserConfig config(&context, /*verifyAfterParse=*/false);
  ModuleOp module = parseSourceString<ModuleOp>(data, config, opts.input).release();
  phases.mark("parse");
  if (!module) {
    if (opts.delegate)  // perhaps a dialect this tool lacks: shlo-opt tells
      return kDelegated;
    std::vector<Diag> errs = errorsFirst(diags);
    if (errs.empty())
      return fail(opts.input + ": could not parse input");
    std::string msg;
    for (size_t n = 0; n < errs.size(); ++n)
      msg += (n ? "; " : "") + errs[n].location + ": " + errs[n].message;
    return fail(msg);
  }
  if (!opts.nativeMessages && hasShardings(module))
    return refuse(opts, "function and op shardings are checked by the Python verifier");
  if (hasUncheckedShloOp(module))
    return refuse(opts, "an op has no C++ checks");
  phases.mark("scan");

  // The spec checks of each top-level op (a function) are independent: run
  // them on the context's threads, and list the violations in walk order.
  context.enableMultithreading();
  std::vector<Operation *> units;
  for (Operation &op : module.getBody()->getOperations())
    units.push_back(&op);
  std::vector<Violations> found(units.size());
  parallelFor(&context, 0, units.size(), [&](size_t n) {
    shloVerifySpec(wrap(units[n]), /*stopAtFirst=*/false, collectViolation, &found[n]);
  });
  Violations violations;
  for (Violations &v : found)
    violations.insert(violations.end(), v.begin(), v.end());
  phases.mark("spec");
  if (!violations.empty()) {
    const Violation &first = violations.front();
    if (opts.nativeMessages)  // shlo.verify.native's messages
      return fail(first.message);
    // The Python verifier's message quotes the Python value of an attribute
    // of the wrong kind: let it say so.
    if (llvm::StringRef(first.text).starts_with("attribute `") &&
        llvm::StringRef(first.text).ends_with(" attribute"))
      return refuse(opts, "an attribute of the wrong kind is described by the Python verifier");
    // The Python verifier's: the op's types, and how many more there are.
    std::string msg = first.message + " [types: " + describeTypes(first.op) + "]";
    if (violations.size() > 1)
      msg += " (and " + std::to_string(violations.size() - 1) + " more)";
    return fail(msg);
  }

  diags.clear();
  if (failed(verify(module.getOperation()))) {
    std::vector<Diag> errs = opts.nativeMessages ? std::vector<Diag>() : errorsFirst(diags);
    if (opts.nativeMessages)
      for (const Diag &d : diags)
        if (d.severity == 2)
          errs.push_back(d);
    if (errs.empty())
      return opts.nativeMessages ? fail("<module>: invalid IR after the pipeline (mlir)")
                                 : refuse(opts, "MLIR's verifier failed without a diagnostic");
    return fail(errs.front().location + ": " + errs.front().message + " (mlir)");
  }
  phases.mark("mlir-verify");
  return kValid;
}
} // namespace

int main(int argc, char **argv) {
  Options opts;
  for (int n = 1; n < argc; ++n) {
    llvm::StringRef arg = argv[n];
    if (arg == "--verify-only")
      continue;  // the only thing this tool does
    if (arg == "--verify-native")
      opts.nativeMessages = true;
    else if (arg == "--delegate")
      opts.delegate = true;
    else if (arg == "--timing")
      opts.timing = true;
    else if (!arg.starts_with("-") && opts.input.empty())
      opts.input = arg.str();
    else {
      llvm::errs() << "usage: shlo-opt-native INPUT [--verify-only] [--verify-native] [--delegate] [--timing]\n"
                      "(a text file only; shlo-opt does everything else)\n";
      return kUsage;
    }
  }
  if (opts.input.empty()) {
    llvm::errs() << "usage: shlo-opt-native INPUT [--verify-only] [--verify-native] [--delegate] [--timing]\n";
    return kUsage;
  }
  return run(opts);
}
