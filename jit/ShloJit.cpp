// The CPU back end's JIT (see ShloJit.h for why it is not MLIR's
// ExecutionEngine).
#include "ShloJit.h"
#include "ShloBlas.h"

#include "mlir/CAPI/IR.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/Operation.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/Analysis/CFG.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/ExecutionEngine/Orc/AbsoluteSymbols.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SmallVectorMemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Utils/SplitModule.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

using namespace llvm;

struct ShloJitModule {
  orc::JITDylib *dylib = nullptr;
  int partitions = 1;
  std::vector<std::string> objects; // the object files, when asked to keep them
};

namespace {
// Below this many LLVM instructions a module is generated on one thread: a
// partition's bitcode round trip and target machine cost ~1 ms. The count
// understates the work of vector code (the benchmark MLP's 577 instructions
// take 29 ms to generate), so the bar is low: with it at 300 instead of 3000
// the ResNet block's code generation went from 32 to 21 ms on two idle cores.
constexpr unsigned kMinInstructionsToSplit = 300;

// One JIT session for the process, never destroyed (it may hold code that
// Python objects still point at when the interpreter shuts down). Each
// compiled module is a JITDylib of its own, removed when Python frees it.
struct Session {
  std::unique_ptr<orc::LLJIT> jit;
  std::optional<orc::JITTargetMachineBuilder> machine;
  std::map<std::string, orc::JITDylib *> libraries;
  orc::JITDylib *runtime = nullptr; // shlo's own functions that compiled code calls (ShloBlas.h)
  // Target machines not in use. A target machine makes its subtarget (the
  // host CPU's scheduling model, legalizer tables) on first use, ~5 ms, as
  // much as generating a small module's code: they are kept and reused, one
  // thread at a time each.
  std::vector<std::unique_ptr<TargetMachine>> idleMachines;
  std::mutex machinesMutex;
  std::string error;
  std::atomic<unsigned> counter{0};
  std::mutex mutex; // guards `libraries` and JITDylib creation / removal
};

// Messages the JIT session reported on this thread since the last lookup.
std::string &sessionErrors() {
  static thread_local std::string messages;
  return messages;
}

Session &session() {
  static Session *s = [] {
    auto *s = new Session;
    InitializeNativeTarget();
    InitializeNativeTargetAsmPrinter();
    auto machine = orc::JITTargetMachineBuilder::detectHost();
    if (!machine) {
      s->error = toString(machine.takeError());
      return s;
    }
    // The ExecutionEngine generated code at LLVM's default level whatever
    // its opt_level said; keep the generated code the same.
    machine->setCodeGenOptLevel(CodeGenOptLevel::Default);
    s->machine = *machine;
    auto jit = orc::LLJITBuilder().setJITTargetMachineBuilder(*machine).create();
    if (!jit) {
      s->error = toString(jit.takeError());
      return s;
    }
    s->jit = std::move(*jit);
    // Link errors (an unresolved symbol) reach the session's reporter, not
    // the failing lookup's error: keep them for the lookup to report.
    s->jit->getExecutionSession().setErrorReporter(
        [](Error e) { sessionErrors() += (sessionErrors().empty() ? "" : "; ") + toString(std::move(e)); });
    orc::SymbolMap symbols;
    size_t count = 0;
    const ShloRuntimeSymbol *table = shloBlasSymbols(&count);
    for (size_t i = 0; i < count; ++i)
      symbols[s->jit->mangleAndIntern(table[i].name)] = {orc::ExecutorAddr::fromPtr(table[i].address),
                                                         JITSymbolFlags::Exported | JITSymbolFlags::Callable};
    s->runtime = &s->jit->getExecutionSession().createBareJITDylib("shlo-runtime");
    if (Error e = s->runtime->define(orc::absoluteSymbols(std::move(symbols)))) {
      s->error = toString(std::move(e));
      s->jit.reset();
    }
    return s;
  }();
  return *s;
}

void fail(char *error, size_t size, const std::string &message) {
  if (!error || !size)
    return;
  size_t n = std::min(size - 1, message.size());
  std::memcpy(error, message.data(), n);
  error[n] = 0;
}

// A target machine for the calling thread's use until it is given back.
class MachineLease {
public:
  explicit MachineLease(Session &s) : s(s) {
    std::lock_guard<std::mutex> lock(s.machinesMutex);
    if (!s.idleMachines.empty()) {
      tm = std::move(s.idleMachines.back());
      s.idleMachines.pop_back();
    }
  }
  ~MachineLease() {
    if (!tm)
      return;
    std::lock_guard<std::mutex> lock(s.machinesMutex);
    s.idleMachines.push_back(std::move(tm));
  }
  Expected<TargetMachine *> get() {
    if (!tm) {
      auto made = s.machine->createTargetMachine();
      if (!made)
        return made.takeError();
      tm = std::move(*made);
    }
    return tm.get();
  }

private:
  Session &s;
  std::unique_ptr<TargetMachine> tm;
};

bool hasLoop(const Function &f) {
  SmallVector<std::pair<const BasicBlock *, const BasicBlock *>> backEdges;
  FindFunctionBackedges(f, backEdges);
  return !backEdges.empty();
}

// Whether code generation's level might change what `f` computes: the full
// level fuses a multiply and an add that allow contraction into an FMA (one
// rounding), the quick one does not; fmuladd leaves the choice to the target.
bool mayContract(const Function &f) {
  for (const BasicBlock &block : f)
    for (const Instruction &i : block) {
      if (isa<FPMathOperator>(i) && i.getFastMathFlags().allowContract())
        return true;
      if (auto *intrinsic = dyn_cast<IntrinsicInst>(&i); intrinsic && intrinsic->getIntrinsicID() == Intrinsic::fmuladd)
        return true;
    }
  return false;
}

// Whether every defined function of `module` runs at most once per call of
// its entries: no loops, and called only from such functions (or not at all:
// an entry). Each instruction then runs once a call, so how well it is
// optimized hardly shows, and LLVM's quick code generation (FastISel, no
// scheduling) takes a third of the full one's time: the benchmark matmul,
// one call of the product kernel, generated in 4-6 ms of CPU instead of 12.
bool runsOnce(const Module &module) {
  for (const Function &f : module) {
    if (f.isDeclaration())
      continue;
    if (hasLoop(f) || mayContract(f))
      return false;
    for (const Use &use : f.uses()) {
      auto *call = dyn_cast<CallBase>(use.getUser());
      if (!call || !call->isCallee(&use))
        return false; // its address escapes: it may be called from anywhere
    }
  }
  return true;
}

// Object code for one module, on the calling thread.
Expected<std::unique_ptr<MemoryBuffer>> emitObject(Module &module, Session &s, CodeGenOptLevel level) {
  MachineLease lease(s);
  auto tm = lease.get();
  if (!tm)
    return tm.takeError();
  // The quick level's pass setup turns FastISel on in the target machine, and
  // it would stay on for the machine's next module.
  (*tm)->setOptLevel(level);
  (*tm)->setFastISel(level == CodeGenOptLevel::None);
  SmallVector<char, 0> buffer;
  raw_svector_ostream os(buffer);
  legacy::PassManager pm;
  if ((*tm)->addPassesToEmitFile(pm, os, nullptr, CodeGenFileType::ObjectFile))
    return createStringError("the target cannot emit object files");
  pm.run(module);
  return std::make_unique<SmallVectorMemoryBuffer>(std::move(buffer), module.getName(),
                                                   /*RequiresNullTerminator=*/false);
}

unsigned instructionCount(const Module &module) {
  unsigned n = 0;
  for (const Function &f : module)
    n += f.getInstructionCount();
  return n;
}

unsigned definedFunctions(const Module &module) {
  unsigned n = 0;
  for (const Function &f : module)
    n += !f.isDeclaration();
  return n;
}

// Object code for `module` in `parts` partitions, generated side by side.
// Each partition goes through bitcode into a context of its own, because an
// LLVMContext is not safe to use from two threads.
Expected<std::vector<std::unique_ptr<MemoryBuffer>>> emitObjects(Module &module, unsigned parts,
                                                                 Session &s) {
  std::vector<std::unique_ptr<MemoryBuffer>> objects;
  if (parts <= 1) {
    auto object = emitObject(module, s, runsOnce(module) ? CodeGenOptLevel::None : CodeGenOptLevel::Default);
    if (!object)
      return object.takeError();
    objects.push_back(std::move(*object));
    return std::move(objects);
  }
  std::vector<SmallVector<char, 0>> bitcode;
  SplitModule(
      module, parts,
      [&](std::unique_ptr<Module> part) {
        bitcode.emplace_back();
        raw_svector_ostream os(bitcode.back());
        WriteBitcodeToFile(*part, os);
      },
      /*PreserveLocals=*/false, /*RoundRobin=*/true);
  std::vector<std::unique_ptr<MemoryBuffer>> results(bitcode.size());
  std::vector<std::string> errors(bitcode.size());
  auto generate = [&](size_t i) {
    LLVMContext context;
    auto part = parseBitcodeFile(
        MemoryBufferRef(StringRef(bitcode[i].data(), bitcode[i].size()), "partition"), context);
    if (!part) {
      errors[i] = toString(part.takeError());
      return;
    }
    auto object = emitObject(**part, s, CodeGenOptLevel::Default);
    if (!object) {
      errors[i] = toString(object.takeError());
      return;
    }
    results[i] = std::move(*object);
  };
  std::vector<std::thread> workers;
  for (size_t i = 1; i < bitcode.size(); ++i)
    workers.emplace_back(generate, i);
  if (!bitcode.empty())
    generate(0);
  for (std::thread &t : workers)
    t.join();
  for (const std::string &e : errors)
    if (!e.empty())
      return createStringError(e);
  return std::move(results);
}

// `_mlir_<name>(ptr args)`: loads each argument of `f` through args[i], calls
// `f`, and stores its result (if any) through args[n]. One signature for every
// function, so Python calls any of them the same way.
void addPackedEntry(Module &module, Function &f) {
  LLVMContext &context = module.getContext();
  Type *ptr = PointerType::getUnqual(context);
  auto *type = FunctionType::get(Type::getVoidTy(context), {ptr}, /*isVarArg=*/false);
  Function *entry = Function::Create(type, GlobalValue::ExternalLinkage, "_mlir_" + f.getName(), module);
  IRBuilder<> b(BasicBlock::Create(context, "entry", entry));
  Value *args = entry->getArg(0);
  SmallVector<Value *> values;
  for (Argument &a : f.args()) {
    Value *at = b.CreateLoad(ptr, b.CreateConstGEP1_64(ptr, args, a.getArgNo()));
    values.push_back(b.CreateLoad(a.getType(), at));
  }
  CallInst *call = b.CreateCall(&f, values);
  if (!f.getReturnType()->isVoidTy()) {
    Value *at = b.CreateLoad(ptr, b.CreateConstGEP1_64(ptr, args, f.arg_size()));
    b.CreateStore(call, at);
  }
  b.CreateRetVoid();
}

// A JITDylib that resolves symbols from the shared library at `path`, made
// once per library and shared by every compiled module.
Expected<orc::JITDylib *> libraryDylib(Session &s, const std::string &path) {
  auto it = s.libraries.find(path);
  if (it != s.libraries.end())
    return it->second;
  auto &es = s.jit->getExecutionSession();
  orc::JITDylib &jd = es.createBareJITDylib("shlo-lib-" + std::to_string(s.libraries.size()));
  auto generator = orc::DynamicLibrarySearchGenerator::Load(
      path.c_str(), s.jit->getDataLayout().getGlobalPrefix());
  if (!generator)
    return generator.takeError();
  jd.addGenerator(std::move(*generator));
  s.libraries[path] = &jd;
  return &jd;
}

// A JITDylib of its own holding `objects`, linked against `libraries` and
// shlo's runtime functions.
ShloJitModule *link(Session &s, std::vector<std::unique_ptr<MemoryBuffer>> &objects,
                    const char *const *libraries, size_t numLibraries, char *error, size_t errorSize) {
  std::lock_guard<std::mutex> lock(s.mutex);
  auto dylib = s.jit->createJITDylib("shlo-module-" + std::to_string(s.counter++));
  if (!dylib) {
    fail(error, errorSize, toString(dylib.takeError()));
    return nullptr;
  }
  for (size_t i = 0; i < numLibraries; ++i) {
    auto lib = libraryDylib(s, libraries[i]);
    if (!lib) {
      fail(error, errorSize, toString(lib.takeError()));
      consumeError(s.jit->getExecutionSession().removeJITDylib(*dylib));
      return nullptr;
    }
    dylib->addToLinkOrder(**lib);
  }
  dylib->addToLinkOrder(*s.runtime);
  for (auto &object : objects) {
    if (Error e = s.jit->addObjectFile(*dylib, std::move(object))) {
      fail(error, errorSize, toString(std::move(e)));
      consumeError(s.jit->getExecutionSession().removeJITDylib(*dylib));
      return nullptr;
    }
  }
  auto *result = new ShloJitModule;
  result->dylib = &*dylib;
  result->partitions = static_cast<int>(objects.size());
  return result;
}
} // namespace

extern "C" ShloJitModule *shloJitCompile(MlirOperation op, int llvmOptLevel, int threads,
                                         const char *const *libraries, size_t numLibraries,
                                         const char *const *packed, size_t numPacked, int keepObjects,
                                         char *error, size_t errorSize) {
  Session &s = session();
  if (!s.jit) {
    fail(error, errorSize, "could not start the JIT: " + s.error);
    return nullptr;
  }
  mlir::Operation *moduleOp = unwrap(op);
  auto context = std::make_unique<LLVMContext>();
  std::unique_ptr<Module> module = mlir::translateModuleToLLVMIR(moduleOp, *context, "shlo");
  if (!module) {
    fail(error, errorSize, "the module could not be translated to LLVM IR");
    return nullptr;
  }
  for (size_t i = 0; i < numPacked; ++i) {
    Function *f = module->getFunction(packed[i]);
    if (!f || f->isDeclaration()) {
      fail(error, errorSize, std::string("no function ") + packed[i] + " to call");
      return nullptr;
    }
    addPackedEntry(*module, *f);
  }
  {
    MachineLease lease(s);
    auto tm = lease.get();
    if (!tm) {
      fail(error, errorSize, toString(tm.takeError()));
      return nullptr;
    }
    mlir::ExecutionEngine::setupTargetTripleAndDataLayout(module.get(), *tm);
    if (llvmOptLevel > 0) {
      auto optimize = mlir::makeOptimizingTransformer(std::min(llvmOptLevel, 3), 0, *tm);
      if (Error e = optimize(module.get())) {
        fail(error, errorSize, toString(std::move(e)));
        return nullptr;
      }
    }
  }
  unsigned parts = 1;
  if (threads > 1 && instructionCount(*module) >= kMinInstructionsToSplit)
    parts = std::min<unsigned>(threads, definedFunctions(*module));
  auto objects = emitObjects(*module, std::max(parts, 1u), s);
  if (!objects) {
    fail(error, errorSize, toString(objects.takeError()));
    return nullptr;
  }
  module.reset();
  context.reset();

  std::vector<std::string> kept;
  if (keepObjects)
    for (auto &object : *objects)
      kept.push_back(object->getBuffer().str());
  auto *result = link(s, *objects, libraries, numLibraries, error, errorSize);
  if (result)
    result->objects = std::move(kept);
  return result;
}

extern "C" ShloJitModule *shloJitLoad(const char *const *objects, const size_t *sizes, size_t numObjects,
                                      const char *const *libraries, size_t numLibraries, char *error,
                                      size_t errorSize) {
  Session &s = session();
  if (!s.jit) {
    fail(error, errorSize, "could not start the JIT: " + s.error);
    return nullptr;
  }
  std::vector<std::unique_ptr<MemoryBuffer>> buffers;
  for (size_t i = 0; i < numObjects; ++i)
    buffers.push_back(MemoryBuffer::getMemBufferCopy(StringRef(objects[i], sizes[i]), "shlo-cached-object"));
  return link(s, buffers, libraries, numLibraries, error, errorSize);
}

extern "C" size_t shloJitObjectCount(ShloJitModule *module) { return module->objects.size(); }

extern "C" const char *shloJitObject(ShloJitModule *module, size_t index, size_t *size) {
  *size = module->objects[index].size();
  return module->objects[index].data();
}

extern "C" const char *shloJitHost() {
  static const std::string host = [] {
    Session &s = session();
    if (!s.machine)
      return std::string("unknown");
    return s.machine->getTargetTriple().str() + "|" + s.machine->getCPU() + "|" +
           s.machine->getFeatures().getString();
  }();
  return host.c_str();
}

extern "C" uint64_t shloJitLookup(ShloJitModule *module, const char *symbol, char *error,
                                  size_t errorSize) {
  Session &s = session();
  sessionErrors().clear();
  auto address = s.jit->lookup(*module->dylib, symbol);
  if (!address) {
    std::string message = toString(address.takeError());
    if (!sessionErrors().empty())
      message += " (" + sessionErrors() + ")";
    fail(error, errorSize, message);
    return 0;
  }
  return address->getValue();
}

extern "C" int shloJitPartitions(ShloJitModule *module) { return module->partitions; }

extern "C" void shloJitRelease(ShloJitModule *module) {
  if (!module)
    return;
  Session &s = session();
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    consumeError(s.jit->getExecutionSession().removeJITDylib(*module->dylib));
  }
  delete module;
}
