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
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <ctime>
#include <string>
#include <vector>

using namespace mlir;

namespace {
constexpr int kValid = 0, kInvalid = 1, kUsage = 2, kDelegated = 3;
// Below this size a module parses faster than threads start (a few ms).
constexpr size_t kSplitBytes = 64 * 1024;

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

// Where `module { ... }` splits into runs of whole top-level functions, so
// that each run is parsed on its own thread (MLIR's parser is one thread, and
// it is most of this tool's time). Only the plain shape the printer writes is
// split: `module {`, then top-level ops, `}` and nothing but whitespace after
// it (no aliases, no attributes, no resources); anything else parses whole.
struct ModuleSplit {
  size_t moduleAt = 0;          // the `module` keyword
  std::vector<size_t> bounds;   // body start, cuts (line starts of `func.func`), body end
};

std::optional<ModuleSplit> splitModule(llvm::StringRef text, unsigned parts) {
  ModuleSplit split;
  size_t pos = text.find_first_not_of(" \t\r\n");
  if (pos == llvm::StringRef::npos || !text.substr(pos).starts_with("module"))
    return std::nullopt;
  split.moduleAt = pos;
  pos = text.find_first_not_of(" \t\r\n", pos + 6);
  if (pos == llvm::StringRef::npos || text[pos] != '{')
    return std::nullopt;
  size_t bodyBegin = pos + 1, bodyEnd = 0;
  std::vector<size_t> funcs;   // line starts at depth 1 that open a func.func
  int depth = 1;
  for (size_t n = bodyBegin; n < text.size() && !bodyEnd; ++n) {
    switch (text[n]) {
    case '"':                  // a string: braces inside do not count
      for (++n; n < text.size() && text[n] != '"'; ++n)
        if (text[n] == '\\')
          ++n;
      break;
    case '/':
      if (n + 1 < text.size() && text[n + 1] == '/')
        n = std::min(text.find('\n', n), text.size()) - 1;
      break;
    case '{':
      ++depth;
      break;
    case '}':
      if (--depth == 0)
        bodyEnd = n;
      break;
    case '\n':
      if (depth == 1) {
        size_t first = text.find_first_not_of(" \t", n + 1);
        if (first != llvm::StringRef::npos && text.substr(first).starts_with("func.func "))
          funcs.push_back(n + 1);
      }
      break;
    }
  }
  if (!bodyEnd || text.find_first_not_of(" \t\r\n", bodyEnd + 1) != llvm::StringRef::npos)
    return std::nullopt;
  split.bounds.push_back(bodyBegin);
  for (unsigned k = 1; k < parts; ++k) {   // the function start nearest each k/parts of the body
    size_t target = bodyBegin + (bodyEnd - bodyBegin) * k / parts;
    auto it = llvm::lower_bound(funcs, target);
    if (it != funcs.end() && *it > split.bounds.back() && *it < bodyEnd)
      split.bounds.push_back(*it);
  }
  split.bounds.push_back(bodyEnd);
  if (split.bounds.size() < 3)
    return std::nullopt;
  return split;
}

// Whether to parse on several threads: SHLO_OPT_NATIVE_SPLIT=1 always, =0
// never, else only while the last minute's load leaves a core free. On a
// machine whose cores are busy the threads only add the uniquers' locking
// (benchmarks/verify.py's program at load 11: 104 ms of CPU and 344 ms of
// wall time against 98 ms and 293 ms for one thread).
bool splitWanted(unsigned threads) {
  if (const char *env = std::getenv("SHLO_OPT_NATIVE_SPLIT"))
    return std::strcmp(env, "0") != 0;
  double load[1];
  return getloadavg(load, 1) == 1 && load[0] + 1 <= threads;
}

// Parses `text` as split, one run per thread, into one module. Each run is
// parsed as a buffer of the same name whose text is preceded by as many line
// breaks and spaces as precede it in the file, so its locations (line and
// column) are the ones a parse of the whole file gives. Null if any run
// fails to parse: the caller then parses the whole text for its messages.
ModuleOp parseSplit(MLIRContext &context, llvm::StringRef text, const ModuleSplit &split,
                    llvm::StringRef name) {
  size_t runs = split.bounds.size() - 1;
  std::vector<std::unique_ptr<Block>> blocks(runs);
  std::vector<char> ok(runs, 0);
  ParserConfig config(&context, /*verifyAfterParse=*/false);
  parallelFor(&context, 0, runs, [&](size_t n) {
    size_t begin = split.bounds[n], end = split.bounds[n + 1];
    llvm::StringRef before = text.take_front(begin);
    size_t lineStart = before.rfind('\n') + 1;   // 0 when there is none
    std::string run(before.count('\n'), '\n');
    run.append(begin - lineStart, ' ');
    run.append(text.data() + begin, end - begin);
    blocks[n] = std::make_unique<Block>();
    ok[n] = succeeded(parseSourceString(run, blocks[n].get(), config, name));
  });
  if (!llvm::all_of(ok, [](char c) { return c != 0; }))
    return nullptr;
  llvm::StringRef upToModule = text.take_front(split.moduleAt);
  unsigned line = upToModule.count('\n') + 1;
  unsigned column = split.moduleAt - (upToModule.rfind('\n') + 1) + 1;
  ModuleOp module = ModuleOp::create(FileLineColLoc::get(&context, name, line, column));
  for (std::unique_ptr<Block> &block : blocks)
    module.getBody()->getOperations().splice(module.getBody()->end(), block->getOperations());
  return module;
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

  // A large module is parsed in runs of functions on the context's threads;
  // anything else by one thread, without the uniquers' locks (the checks
  // below use the context's threads).
  ModuleOp module;
  std::string parsePhase = "parse";
  unsigned threads = context.getNumThreads();
  if (threads > 1 && data.size() >= kSplitBytes && splitWanted(threads))
    if (std::optional<ModuleSplit> split = splitModule(data, threads)) {
      module = parseSplit(context, data, *split, opts.input);
      diags.clear();   // a run that failed: the whole parse below reports
      if (module)
        parsePhase += " (" + std::to_string(split->bounds.size() - 1) + " runs)";
    }
  if (!module) {
    context.disableMultithreading();
    ParserConfig config(&context, /*verifyAfterParse=*/false);
    module = parseSourceString<ModuleOp>(data, config, opts.input).release();
  }
  phases.mark(parsePhase.c_str());
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
