// The CPU back end's JIT (see ShloJit.h for why it is not MLIR's
// ExecutionEngine).
#include "ShloJit.h"
#include "ShloBlas.h"

#include "mlir/CAPI/IR.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/Operation.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/ValueTracking.h"
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
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SmallVectorMemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/SplitModule.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

using namespace llvm;

struct ShloJitModule {
  orc::JITDylib *dylib = nullptr;
  int partitions = 1;
  std::vector<std::string> objects; // the object files, when asked to keep them
  // Seconds spent in each stage of the compile: translate, optimize, codegen, link.
  double seconds[4] = {0, 0, 0, 0};
};

namespace {
// Below this many LLVM instructions a module is generated on one thread: a
// partition's bitcode round trip and target machine cost ~1 ms. The count
// understates the work of vector code (the benchmark MLP's 577 instructions
// take 29 ms to generate), so the bar is low: with it at 300 instead of 3000
// the ResNet block's code generation went from 32 to 21 ms on two idle cores.
constexpr unsigned kMinInstructionsToSplit = 300;
// The largest run-once function copied into each of several callers (simplifyRunOnce).
constexpr unsigned kMaxInlinedCopy = 200;

// A target machine for one kind of code generation (CodeGen) and the passes built for it.
// Building the passes (addPassesToEmitFile: ~100 passes and their options) cost
// 0.7 M instructions a compile, 5% of the benchmark matmul's; a legacy pass
// manager runs again on another module (doInitialization / doFinalization set
// up and tear down each module's state, as `llc -run-twice` relies on), writing
// through the same stream into `buffer`, emptied after each run. One kind a
// machine: building the passes also sets options of the target machine, and a
// machine whose level changed between runs of passes kept from before
// generated different code for the same module now and then.
struct Machine {
  std::unique_ptr<TargetMachine> tm;
  SmallVector<char, 0> buffer;
  raw_svector_ostream os{buffer};
  std::unique_ptr<legacy::PassManager> passes;
};

// How a module's code is generated: LLVM's quick level, its full level, or the full level
// without loop strength reduction (see needsStrengthReduction). Each has machines of its own.
enum class CodeGen : unsigned { Quick, Full, FullNoLsr };
constexpr unsigned kCodeGens = 3;

CodeGenOptLevel levelOf(CodeGen g) { return g == CodeGen::Quick ? CodeGenOptLevel::None : CodeGenOptLevel::Default; }

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
  std::vector<std::unique_ptr<Machine>> idleMachines[kCodeGens]; // by CodeGen
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
  MachineLease(Session &s, CodeGen kind) : s(s), kind(kind) {
    std::lock_guard<std::mutex> lock(s.machinesMutex);
    auto &idle = s.idleMachines[static_cast<unsigned>(kind)];
    if (!idle.empty()) {
      m = std::move(idle.back());
      idle.pop_back();
    }
  }
  ~MachineLease() {
    if (!m)
      return;
    std::lock_guard<std::mutex> lock(s.machinesMutex);
    s.idleMachines[static_cast<unsigned>(kind)].push_back(std::move(m));
  }
  Expected<Machine *> get() {
    if (!m) {
      auto made = s.machine->createTargetMachine();
      if (!made)
        return made.takeError();
      m = std::make_unique<Machine>();
      m->tm = std::move(*made);
      m->tm->setOptLevel(levelOf(kind));
      m->tm->setFastISel(kind == CodeGen::Quick);
    }
    return m.get();
  }

private:
  Session &s;
  CodeGen kind;
  std::unique_ptr<Machine> m;
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

// Whether loop strength reduction (LSR) is worth its cost on `module`'s full-level code: where
// a function multiplies and adds (a product's or a convolution's tiles: an FMA, or a multiply-add
// that may contract). Elsewhere (element-wise loops, mostly memory-bound) it is left out: on the
// ResNet block's two element-wise loop nests (four loops deep, five pointers each) it was a
// quarter of the full-level code generation (13.5 M instructions of the compile's 171.6 M), for
// address arithmetic: LSR rewrites only induction variables and addresses, so the results are
// the same, and the loops' run time did not move (0.41 ms either way, 8x56x56x64 f32).
bool needsStrengthReduction(const Module &module) {
  for (const Function &f : module) {
    if (f.isDeclaration())
      continue;
    if (mayContract(f))
      return true;
    for (const BasicBlock &block : f)
      for (const Instruction &i : block)
        if (auto *intrinsic = dyn_cast<IntrinsicInst>(&i); intrinsic && intrinsic->getIntrinsicID() == Intrinsic::fma)
          return true;
  }
  return false;
}

// Sets the process-wide LLVM option `name` (a cl::opt<bool>) while alive, then restores it. LLVM
// reads -disable-lsr when it builds the code generation passes, so a machine built under it keeps
// a pipeline without LSR; the builds of every machine's passes are serialized (passesMutex) so
// that no other build sees the option set.
class BoolOptionWhileAlive {
public:
  BoolOptionWhileAlive(StringRef name, bool value) {
    auto &options = cl::getRegisteredOptions();
    auto it = options.find(name);
    if (it == options.end())
      return;
    flag = static_cast<cl::opt<bool> *>(it->second);
    before = *flag;
    *flag = value;
  }
  ~BoolOptionWhileAlive() {
    if (flag)
      *flag = before;
  }

private:
  cl::opt<bool> *flag = nullptr;
  bool before = false;
};

std::mutex &passesMutex() {
  static std::mutex m;
  return m;
}

// The defined functions of `module` that run at most once per call of its
// entries: no loops, nothing to contract (see mayContract), and called only
// directly, by such functions (or not at all: an entry). Each of their
// instructions runs once a call, so how well it is optimized hardly shows,
// and LLVM's quick code generation (FastISel, no scheduling) takes a third of
// the full one's time: the benchmark matmul, one call of the product kernel,
// generated in 4-6 ms of CPU instead of 12.
SmallPtrSet<const Function *, 16> runOnceFunctions(const Module &module) {
  SmallPtrSet<const Function *, 16> once;
  for (const Function &f : module)
    if (!f.isDeclaration() && !hasLoop(f) && !mayContract(f))
      once.insert(&f);
  for (bool changed = true; changed;) {
    changed = false;
    for (const Function &f : module) {
      if (!once.count(&f))
        continue;
      for (const Use &use : f.uses()) {
        auto *call = dyn_cast<CallBase>(use.getUser());
        // Its address escapes (it may be called from anywhere), it calls
        // itself, or a function that may run many times calls it.
        if (!call || !call->isCallee(&use) || call->getFunction() == &f || !once.count(call->getFunction())) {
          once.erase(&f);
          changed = true;
          break;
        }
      }
    }
  }
  return once;
}

// The largest aggregate (memref descriptor) unpackAggregates takes apart, in scalars.
constexpr unsigned kMaxUnpackedLeaves = 64;

// The index paths of the scalars in aggregate type `t`, in memory order;
// false if there are more than kMaxUnpackedLeaves.
bool leafPaths(Type *t, SmallVectorImpl<unsigned> &path, SmallVectorImpl<SmallVector<unsigned, 4>> &out) {
  unsigned n = 0;
  if (auto *st = dyn_cast<StructType>(t))
    n = st->getNumElements();
  else if (auto *at = dyn_cast<ArrayType>(t))
    n = at->getNumElements();
  else {
    out.emplace_back(path.begin(), path.end());
    return out.size() <= kMaxUnpackedLeaves;
  }
  for (unsigned i = 0; i < n; ++i) {
    path.push_back(i);
    bool ok = leafPaths(ExtractValueInst::getIndexedType(t, ArrayRef<unsigned>(i)), path, out);
    path.pop_back();
    if (!ok)
      return false;
  }
  return true;
}

// What InstCombine did for the quick code generation of run-once code (see
// simplifyRunOnce), at a small part of its cost (InstCombine: 1.3 M instructions,
// 9% of the benchmark matmul's compile): loads and stores of whole aggregates
// become loads and stores of their scalars, an extractvalue of a value built by
// insertvalue becomes that value, and what is then unused goes. FastISel selects
// none of the aggregate forms. Loads and stores of memory are the same, so is
// every value computed.
void unpackAggregates(Function &f) {
  const DataLayout &layout = f.getParent()->getDataLayout();
  LLVMContext &context = f.getContext();
  Type *i32 = Type::getInt32Ty(context);
  SmallVector<LoadInst *> loads;
  SmallVector<StoreInst *> stores;
  for (BasicBlock &block : f)
    for (Instruction &i : block) {
      if (auto *load = dyn_cast<LoadInst>(&i); load && load->isSimple() && load->getType()->isAggregateType())
        loads.push_back(load);
      else if (auto *store = dyn_cast<StoreInst>(&i);
               store && store->isSimple() && store->getValueOperand()->getType()->isAggregateType())
        stores.push_back(store);
    }
  // The address of the scalar at `path` in the aggregate of type `type` at `base`, and its alignment.
  auto scalarAt = [&](IRBuilder<> &b, Type *type, Value *base, Align align, ArrayRef<unsigned> path) {
    SmallVector<Value *, 4> indices{ConstantInt::get(i32, 0)};
    for (unsigned k : path)
      indices.push_back(ConstantInt::get(i32, k));
    uint64_t offset = layout.getIndexedOffsetInType(type, indices);
    return std::make_pair(b.CreateInBoundsGEP(type, base, indices), commonAlignment(align, offset));
  };
  SmallVector<unsigned, 4> path;
  for (LoadInst *load : loads) {
    Type *type = load->getType();
    SmallVector<SmallVector<unsigned, 4>> leaves;
    if (!leafPaths(type, path, leaves))
      continue;
    IRBuilder<> b(load);
    SmallVector<Value *> scalars;
    for (auto &leaf : leaves) {
      auto [at, align] = scalarAt(b, type, load->getPointerOperand(), load->getAlign(), leaf);
      scalars.push_back(b.CreateAlignedLoad(ExtractValueInst::getIndexedType(type, leaf), at, align));
    }
    Value *whole = nullptr; // the aggregate rebuilt, for users other than an extractvalue of a scalar
    for (Use &use : make_early_inc_range(load->uses())) {
      auto *extract = dyn_cast<ExtractValueInst>(use.getUser());
      if (extract) {
        auto found = std::find_if(leaves.begin(), leaves.end(),
                                  [&](const auto &leaf) { return ArrayRef<unsigned>(leaf) == extract->getIndices(); });
        if (found != leaves.end()) {
          extract->replaceAllUsesWith(scalars[found - leaves.begin()]);
          continue;
        }
      }
      if (!whole) {
        whole = PoisonValue::get(type);
        for (size_t k = 0; k < leaves.size(); ++k)
          whole = b.CreateInsertValue(whole, scalars[k], leaves[k]);
      }
      use.set(whole);
    }
  }
  for (BasicBlock &block : f)
    for (Instruction &i : block)
      if (auto *extract = dyn_cast<ExtractValueInst>(&i))
        if (Value *found = FindInsertedValue(extract->getAggregateOperand(), extract->getIndices());
            found && found != extract)
          extract->replaceAllUsesWith(found);
  for (StoreInst *store : stores) {
    Value *value = store->getValueOperand();
    Type *type = value->getType();
    SmallVector<SmallVector<unsigned, 4>> leaves;
    if (!leafPaths(type, path, leaves))
      continue;
    IRBuilder<> b(store);
    for (auto &leaf : leaves) {
      Value *scalar = FindInsertedValue(value, leaf);
      if (!scalar)
        scalar = b.CreateExtractValue(value, leaf);
      // Storing an undefined value may leave the memory as it was.
      if (isa<UndefValue>(scalar))
        continue;
      auto [at, align] = scalarAt(b, type, store->getPointerOperand(), store->getAlign(), leaf);
      b.CreateAlignedStore(scalar, at, align);
    }
    store->eraseFromParent();
  }
  for (BasicBlock &block : reverse(f))
    for (Instruction &i : make_early_inc_range(reverse(block)))
      if (isInstructionTriviallyDead(&i))
        i.eraseFromParent();
}

// Run-once code is mostly memref descriptors: structs built field by field
// (insertvalue), stored, loaded and returned whole, and handed down a chain of
// wrappers (the packed entry, the C interface, the entry, a kernel call's
// wrapper). FastISel selects none of that, so the quick level fell back to
// SelectionDAG for nearly every block of it. The run-once functions with local
// linkage are inlined into their run-once callers (small ones into several), and
// unpackAggregates then takes the structs apart into scalar loads and stores. On
// the benchmark matmul (4 run-once functions, a call of the product kernel)
// `llc -O0 -fast-isel` went from 11.3 to 2.5 M instructions (with InstCombine,
// which did the same and more, for 1.3 M instructions of its own).
void simplifyRunOnce(Module &module, SmallPtrSetImpl<const Function *> &once) {
  SmallVector<Function *> dead;
  for (bool changed = true; changed;) {
    changed = false;
    for (Function &f : module) {
      if (!once.count(&f) || f.isDeclaration() || !f.hasLocalLinkage() || f.use_empty())
        continue;
      // A small function called more than once (a kernel's argument handling, one call
      // a convolution) is copied into each caller: its ~40 arguments are no cheaper to
      // pass than its stores are to repeat.
      if (!f.hasOneUse() && f.getInstructionCount() > kMaxInlinedCopy)
        continue;
      SmallVector<CallBase *> calls;
      for (User *user : f.users()) {
        auto *call = dyn_cast<CallBase>(user);
        if (!call || call->getCalledFunction() != &f || !once.count(call->getFunction()) ||
            call->getFunction() == &f)
          break;
        calls.push_back(call);
      }
      if (calls.size() != f.getNumUses())
        continue;
      for (CallBase *call : calls) {
        InlineFunctionInfo info;
        changed |= InlineFunction(*call, info).isSuccess();
      }
      if (f.use_empty()) {
        once.erase(&f);
        dead.push_back(&f);
      }
    }
  }
  for (Function *f : dead)
    f->eraseFromParent();
  for (Function &f : module)
    if (once.count(&f))
      unpackAggregates(f);
}

// Object code for one module, on the calling thread.
Expected<std::unique_ptr<MemoryBuffer>> emitObject(Module &module, Session &s, CodeGen kind) {
  MachineLease lease(s, kind);
  auto m = lease.get();
  if (!m)
    return m.takeError();
  TargetMachine &tm = *(*m)->tm;
  auto &pm = (*m)->passes;
  if (!pm) {
    auto made = std::make_unique<legacy::PassManager>();
    bool failed;
    {
      std::lock_guard<std::mutex> lock(passesMutex());
      std::optional<BoolOptionWhileAlive> noLsr;
      if (kind == CodeGen::FullNoLsr)
        noLsr.emplace("disable-lsr", true);
      failed = tm.addPassesToEmitFile(*made, (*m)->os, nullptr, CodeGenFileType::ObjectFile);
    }
    if (failed)
      return createStringError("the target cannot emit object files");
    pm = std::move(made);
  }
  (*m)->buffer.clear();
  pm->run(module);
  return std::make_unique<SmallVectorMemoryBuffer>(std::move((*m)->buffer), module.getName(),
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

// Whether `module` can be cut into modules by function: no aliases, no
// appending globals (llvm.global_ctors and the like), as MLIR makes none.
bool cuttable(const Module &module) {
  if (!module.alias_empty() || !module.ifunc_empty())
    return false;
  for (const GlobalVariable &g : module.globals())
    if (g.hasAppendingLinkage())
      return false;
  return true;
}

// Gives the module's local symbols external linkage (hidden, so only the
// module's own objects see them), as SplitModule does: a module cut in parts
// then links back together.
void externalizeLocals(Module &module) {
  for (GlobalValue &gv : module.global_values()) {
    if (!gv.hasLocalLinkage())
      continue;
    if (!gv.hasName())
      gv.setName("shlo.unnamed");
    gv.setLinkage(GlobalValue::ExternalLinkage);
    gv.setVisibility(GlobalValue::HiddenVisibility);
  }
}

// A partition's bitcode and how its code is generated.
struct Part {
  SmallVector<char, 0> bitcode;
  CodeGen kind;
};

// Object code for `module` on up to `threads` threads. The functions that run
// once a call (runOnceFunctions) are generated apart at the quick level, the
// others at the full level. The ResNet benchmark block's code generation
// (thread CPU under valgrind, which a loaded machine does not skew): two
// full-level partitions of ~100 each before; now ~100 for the loop bodies and
// ~45 for the entry and its argument handling, so 28% less work in all, while
// the longest partition, which bounds the wall time on two idle cores, stays.
// Modules of kMinInstructionsToSplit instructions or more are cut into
// partitions (llvm::SplitModule, round robin) generated side by side, each
// through bitcode into a context of its own, because an LLVMContext is not
// safe to use from two threads.
Expected<std::vector<std::unique_ptr<MemoryBuffer>>> emitObjects(Module &module, unsigned threads, Session &s) {
  auto once = runOnceFunctions(module);
  simplifyRunOnce(module, once);
  unsigned defined = definedFunctions(module);
  Module *full = &module;
  std::unique_ptr<Module> quick, rest;
  if (!once.empty() && once.size() < defined && cuttable(module)) {
    externalizeLocals(module);
    auto isOnce = [&](const GlobalValue *gv) {
      auto *f = dyn_cast<Function>(gv);
      return f && once.count(f);
    };
    ValueToValueMapTy quickMap, fullMap;
    quick = CloneModule(module, quickMap, isOnce);
    rest = CloneModule(module, fullMap, [&](const GlobalValue *gv) { return !isOnce(gv); });
    full = rest.get();
  }
  CodeGen fullKind = once.size() == defined           ? CodeGen::Quick
                     : needsStrengthReduction(*full) ? CodeGen::Full
                                                     : CodeGen::FullNoLsr;
  unsigned parts = 1;
  if (threads > 1 && instructionCount(*full) >= kMinInstructionsToSplit)
    parts = std::max(1u, std::min(threads, definedFunctions(*full)));
  unsigned total = parts + (quick ? 1 : 0);
  std::vector<std::unique_ptr<MemoryBuffer>> objects;
  if (threads <= 1 || total == 1) {
    // One thread: no bitcode round trips.
    auto object = emitObject(*full, s, fullKind);
    if (!object)
      return object.takeError();
    objects.push_back(std::move(*object));
    if (quick) {
      auto quickObject = emitObject(*quick, s, CodeGen::Quick);
      if (!quickObject)
        return quickObject.takeError();
      objects.push_back(std::move(*quickObject));
    }
    return std::move(objects);
  }
  std::vector<Part> parallel;
  auto toBitcode = [&](const Module &part, CodeGen kind) {
    parallel.push_back({{}, kind});
    raw_svector_ostream os(parallel.back().bitcode);
    WriteBitcodeToFile(part, os);
  };
  if (parts > 1)
    SplitModule(
        *full, parts, [&](std::unique_ptr<Module> part) { toBitcode(*part, fullKind); },
        /*PreserveLocals=*/false, /*RoundRobin=*/true);
  else
    toBitcode(*full, fullKind);
  if (quick)
    toBitcode(*quick, CodeGen::Quick); // last: the quickest
  std::vector<std::unique_ptr<MemoryBuffer>> results(parallel.size());
  std::vector<std::string> errors(parallel.size());
  std::atomic<size_t> next{0};
  auto work = [&]() {
    for (size_t i; (i = next++) < parallel.size();) {
      LLVMContext context;
      auto part = parseBitcodeFile(
          MemoryBufferRef(StringRef(parallel[i].bitcode.data(), parallel[i].bitcode.size()), "partition"), context);
      if (!part) {
        errors[i] = toString(part.takeError());
        continue;
      }
      auto object = emitObject(**part, s, parallel[i].kind);
      if (!object) {
        errors[i] = toString(object.takeError());
        continue;
      }
      results[i] = std::move(*object);
    }
  };
  std::vector<std::thread> workers;
  for (size_t i = 1; i < std::min<size_t>(threads, parallel.size()); ++i)
    workers.emplace_back(work);
  work();
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
  using Clock = std::chrono::steady_clock;
  auto since = [](Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); };
  double seconds[4] = {0, 0, 0, 0};
  auto t0 = Clock::now();
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
  seconds[0] = since(t0);
  t0 = Clock::now();
  {
    MachineLease lease(s, CodeGen::Full);
    auto tm = lease.get();
    if (!tm) {
      fail(error, errorSize, toString(tm.takeError()));
      return nullptr;
    }
    mlir::ExecutionEngine::setupTargetTripleAndDataLayout(module.get(), (*tm)->tm.get());
    if (llvmOptLevel > 0) {
      auto optimize = mlir::makeOptimizingTransformer(std::min(llvmOptLevel, 3), 0, (*tm)->tm.get());
      if (Error e = optimize(module.get())) {
        fail(error, errorSize, toString(std::move(e)));
        return nullptr;
      }
    }
  }
  seconds[1] = since(t0);
  t0 = Clock::now();
  auto objects = emitObjects(*module, std::max(threads, 1), s);
  if (!objects) {
    fail(error, errorSize, toString(objects.takeError()));
    return nullptr;
  }
  module.reset();
  context.reset();
  seconds[2] = since(t0);
  t0 = Clock::now();

  std::vector<std::string> kept;
  if (keepObjects)
    for (auto &object : *objects)
      kept.push_back(object->getBuffer().str());
  auto *result = link(s, *objects, libraries, numLibraries, error, errorSize);
  if (result) {
    result->objects = std::move(kept);
    seconds[3] = since(t0);
    std::copy(seconds, seconds + 4, result->seconds);
  }
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

extern "C" double shloJitSeconds(ShloJitModule *module, int stage) {
  return stage >= 0 && stage < 4 ? module->seconds[stage] : 0.0;
}

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
