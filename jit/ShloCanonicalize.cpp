// Canonicalization with the patterns of the dialects present (ShloJit.h).
#include "ShloJit.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

namespace {
// Pattern sets by context and dialects, made once: each holds, in the order
// upstream's canonicalize gathers them (the loaded dialects', then the
// registered ops'), the patterns of those dialects alone.
struct PatternSets {
  std::mutex mutex;
  std::map<std::pair<mlir::MLIRContext *, std::string>, std::shared_ptr<const mlir::FrozenRewritePatternSet>> sets;
};

PatternSets &patternSets() {
  static auto *sets = new PatternSets; // never destroyed: contexts may outlive static destructors
  return *sets;
}

std::shared_ptr<const mlir::FrozenRewritePatternSet> patternsFor(mlir::MLIRContext *context,
                                                                 const llvm::SmallVector<llvm::StringRef> &dialects) {
  std::string key;
  for (llvm::StringRef d : dialects)
    key += d.str() + ",";
  PatternSets &all = patternSets();
  std::lock_guard<std::mutex> lock(all.mutex);
  auto &slot = all.sets[{context, key}];
  if (slot)
    return slot;
  auto present = [&](llvm::StringRef name) { return std::binary_search(dialects.begin(), dialects.end(), name); };
  mlir::RewritePatternSet patterns(context);
  for (mlir::Dialect *dialect : context->getLoadedDialects())
    if (present(dialect->getNamespace()))
      dialect->getCanonicalizationPatterns(patterns);
  for (mlir::RegisteredOperationName op : context->getRegisteredOperations())
    if (present(op.getDialectNamespace()))
      op.getCanonicalizationPatterns(patterns, context);
  slot = std::make_shared<const mlir::FrozenRewritePatternSet>(std::move(patterns));
  return slot;
}
} // namespace

extern "C" void shloCanonicalizeForget(uintptr_t context) {
  PatternSets &all = patternSets();
  std::lock_guard<std::mutex> lock(all.mutex);
  for (auto it = all.sets.begin(); it != all.sets.end();)
    it = reinterpret_cast<uintptr_t>(it->first.first) == context ? all.sets.erase(it) : std::next(it);
}

extern "C" void shloCanonicalize(MlirOperation op, int regionSimplify) {
  mlir::Operation *root = unwrap(op);
  llvm::SmallPtrSet<mlir::Dialect *, 16> seen;
  root->walk([&](mlir::Operation *o) {
    if (mlir::Dialect *d = o->getDialect())
      seen.insert(d);
  });
  llvm::SmallVector<llvm::StringRef> dialects;
  for (mlir::Dialect *d : seen)
    dialects.push_back(d->getNamespace());
  std::sort(dialects.begin(), dialects.end());
  auto patterns = patternsFor(root->getContext(), dialects);
  // upstream canonicalize's defaults
  mlir::GreedyRewriteConfig config;
  config.setUseTopDownTraversal(true);
  config.setRegionSimplificationLevel(regionSimplify ? mlir::GreedySimplifyRegionLevel::Normal
                                                     : mlir::GreedySimplifyRegionLevel::Disabled);
  (void)mlir::applyPatternsGreedily(root, *patterns, config); // best effort, as upstream's pass
}
