// The versioned bytecode encoding of shlo attributes and types.
#ifndef SHLO_BYTECODE_H
#define SHLO_BYTECODE_H

#include "mlir/Bytecode/BytecodeImplementation.h"

namespace mlir {
namespace shlo {
class ShloDialect;

/// 0: every shlo attribute and type is written as text (artifacts before
/// shlo 1.2.0). 1: compact encoding (ShloBytecode.cpp).
constexpr uint64_t kShloLatestEncoding = 1;

/// The encoding a bytecode writer is asked for, passed as the dialect
/// version of `shlo` in BytecodeWriterConfig, and read back from artifacts.
struct ShloEncodingVersion : public DialectVersion {
  explicit ShloEncodingVersion(uint64_t encoding) : encoding(encoding) {}
  uint64_t encoding;
};

void addBytecodeInterface(ShloDialect *dialect);
} // namespace shlo
} // namespace mlir

#endif // SHLO_BYTECODE_H
