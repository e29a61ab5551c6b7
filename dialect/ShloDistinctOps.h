// Ops told apart by signature (same name, operand, result and region types,
// attributes, and for a terminator its parent's name), as shloWalkDistinct
// judges them: a verifier checks the first op of each signature only.
// Compared by uniqued pointers, so a set lives no longer than one walk (a
// later context may reuse the addresses).
#ifndef SHLO_DISTINCT_OPS_H
#define SHLO_DISTINCT_OPS_H

#include <memory>

namespace mlir {
class Operation;
namespace shlo {

class DistinctOps {
public:
  DistinctOps();
  ~DistinctOps();
  /// True the first time an op of this signature is met.
  bool firstOfItsKind(Operation *op);

private:
  struct Seen;
  std::unique_ptr<Seen> seen;
};

} // namespace shlo
} // namespace mlir

#endif // SHLO_DISTINCT_OPS_H
