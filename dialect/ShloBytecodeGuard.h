// Checked reads of builtin and quant attributes and types from bytecode.
#ifndef SHLO_BYTECODE_GUARD_H
#define SHLO_BYTECODE_GUARD_H

#include <cstddef>

namespace mlir {
class ParserConfig;
namespace shlo {
/// Makes the bytecode reader of `config` read the builtin and quant
/// attributes and types that MLIR's own readers build unchecked (tensor,
/// complex, integer, vector, memref and quantized types, dictionaries,
/// dense arrays and elements, integer and float attributes, lists), checking
/// them first: crafted bytes then fail the read with a message instead of
/// tripping an assertion (the process would abort) or a huge up-front
/// allocation. Anything else is left to MLIR's readers. Entries that refer
/// to each other in a cycle (MLIR's reader would retry them forever) fail
/// once the read has parsed entries far more often than `bytes`, the
/// payload's size, can account for.
void guardBytecodeReads(ParserConfig &config, size_t bytes);
} // namespace shlo
} // namespace mlir

#endif // SHLO_BYTECODE_GUARD_H
