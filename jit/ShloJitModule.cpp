// The `shlo._shlo_jit` Python extension: compiles an LLVM-dialect module with
// ShloJit and hands Python the compiled module, freed with its last reference.
#include "ShloBlas.h"
#include "ShloGemm.h"
#include "ShloJit.h"

#include "mlir-c/RegisterEverything.h"

#include "mlir/Bindings/Python/Nanobind.h"
#include "mlir/Bindings/Python/NanobindAdaptors.h"

#include <stdexcept>
#include <string>
#include <vector>

namespace nb = nanobind;

namespace {
constexpr size_t kErrorSize = 4096;

struct JitModule {
  ShloJitModule *handle = nullptr;
  explicit JitModule(ShloJitModule *h) : handle(h) {}
  JitModule(const JitModule &) = delete;
  JitModule &operator=(const JitModule &) = delete;
  ~JitModule() { shloJitRelease(handle); }
};
} // namespace

NB_MODULE(_shlo_jit, m) {
  m.doc() = "Native part of shlo's CPU back end: the JIT.";

  nb::class_<JitModule>(m, "JitModule")
      .def(
          "lookup",
          [](JitModule &self, const std::string &symbol) {
            std::string error(kErrorSize, '\0');
            uint64_t address = shloJitLookup(self.handle, symbol.c_str(), error.data(), kErrorSize);
            if (!address)
              throw std::runtime_error(error.c_str());
            return address;
          },
          nb::arg("symbol"), "The address of `symbol`; RuntimeError when it is not defined.")
      .def_prop_ro(
          "partitions", [](JitModule &self) { return shloJitPartitions(self.handle); },
          "How many partitions the module's code was generated in, side by side.")
      .def_prop_ro(
          "seconds",
          [](JitModule &self) {
            nb::dict out;
            const char *names[] = {"translate", "optimize", "codegen", "link"};
            for (int i = 0; i < 4; ++i)
              out[names[i]] = shloJitSeconds(self.handle, i);
            return out;
          },
          "Seconds the compile spent translating to LLVM IR, optimizing it, generating code and "
          "linking (all 0 for a module loaded from object files).")
      .def_prop_ro(
          "objects",
          [](JitModule &self) {
            std::vector<nb::bytes> out;
            for (size_t i = 0; i < shloJitObjectCount(self.handle); ++i) {
              size_t size = 0;
              const char *data = shloJitObject(self.handle, i, &size);
              out.emplace_back(data, size);
            }
            return out;
          },
          "The object files of the module's code (empty unless compiled with keep_objects).");

  m.def("gemm_isa", []() { return std::string(shlo::gemmIsa()); },
        "The instruction set of the matrix-product kernel that compiled code calls "
        "(avx512, avx2, generic; SHLO_GEMM_ISA may pick a narrower one).");

  m.def("host", []() { return std::string(shloJitHost()); },
        "The target code is generated for (triple, CPU, features): cached object code is valid "
        "only where this is the same.");

  m.def(
      "load",
      [](const std::vector<nb::bytes> &objects, const std::vector<std::string> &libraries) {
        std::vector<const char *> data, paths;
        std::vector<size_t> sizes;
        for (const nb::bytes &o : objects) {
          data.push_back(o.c_str());
          sizes.push_back(o.size());
        }
        for (const std::string &lib : libraries)
          paths.push_back(lib.c_str());
        std::string error(kErrorSize, '\0');
        ShloJitModule *handle;
        {
          nb::gil_scoped_release release;
          handle = shloJitLoad(data.data(), sizes.data(), data.size(), paths.data(), paths.size(),
                               error.data(), kErrorSize);
        }
        if (!handle)
          throw std::runtime_error(error.c_str());
        return new JitModule(handle);
      },
      nb::arg("objects"), nb::arg("libraries"), nb::rv_policy::take_ownership,
      "A module from object files that `compile(..., keep_objects=True)` made on this host "
      "(see `host`). RuntimeError on failure.");

  m.def(
      "canonicalize",
      [](MlirOperation op, bool regionSimplify) { shloCanonicalize(op, regionSimplify ? 1 : 0); },
      nb::arg("operation"), nb::arg("region_simplify") = true,
      "Canonicalizes the operation's regions in place as upstream's canonicalize pass does, with "
      "the patterns of the dialects present only.");

  m.def(
      "context_address", [](MlirContext context) { return reinterpret_cast<uintptr_t>(context.ptr); },
      nb::arg("context"), "The address of the MLIR context (what `canonicalize_forget` takes).");

  m.def(
      "canonicalize_forget", [](uintptr_t context) { shloCanonicalizeForget(context); }, nb::arg("address"),
      "Drops the pattern sets `canonicalize` made for the context at this address (before it dies).");

  m.def(
      "set_blas",
      [](uint64_t sgemm, uint64_t dgemm, uint64_t setThreadsLocal) {
        shloBlasSetGemm(reinterpret_cast<void *>(sgemm), reinterpret_cast<void *>(dgemm),
                        reinterpret_cast<void *>(setThreadsLocal));
      },
      nb::arg("sgemm"), nb::arg("dgemm"), nb::arg("set_threads_local"),
      "Registers the addresses of cblas_sgemm / cblas_dgemm (64-bit integers) that compiled "
      "matrix products call, and of OpenBLAS's openblas_set_num_threads_local (0: none).");

  m.def(
      "compile",
      [](MlirOperation module, int llvmOptLevel, int threads, const std::vector<std::string> &libraries,
         const std::vector<std::string> &packed, bool keepObjects) {
        std::vector<const char *> paths, names;
        for (const std::string &lib : libraries)
          paths.push_back(lib.c_str());
        for (const std::string &name : packed)
          names.push_back(name.c_str());
        std::string error(kErrorSize, '\0');
        // Registering changes the context: done while Python threads that
        // may share it are held off.
        mlirRegisterAllLLVMTranslations(mlirOperationGetContext(module));
        ShloJitModule *handle;
        {
          // Code generation takes tens of milliseconds to seconds and touches
          // no Python object: other Python threads may run meanwhile.
          nb::gil_scoped_release release;
          handle = shloJitCompile(module, llvmOptLevel, threads, paths.data(), paths.size(),
                                  names.data(), names.size(), keepObjects, error.data(), kErrorSize);
        }
        if (!handle)
          throw std::runtime_error(error.c_str());
        return new JitModule(handle);
      },
      nb::arg("module"), nb::arg("llvm_opt_level"), nb::arg("threads"), nb::arg("libraries"),
      nb::arg("packed"), nb::arg("keep_objects") = false,
      nb::rv_policy::take_ownership,
      "Native code for an LLVM-dialect module, generated on up to `threads` threads; "
      "`libraries` are shared libraries its code may call; each function named in `packed` gets "
      "a packed entry point `_mlir_<name>(void **args)`; with `keep_objects`, the module keeps its "
      "object files (`.objects`). RuntimeError on failure.");
}
