// C++ declarations of the shlo dialect; the classes come from the ODS.
#ifndef SHLO_DIALECT_H
#define SHLO_DIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir {
namespace shlo {

FailureOr<SmallVector<int64_t>> parseDimList(AsmParser &parser);
FailureOr<APFloat> parseFloatField(AsmParser &parser);
void printFloatField(AsmPrinter &printer, const APFloat &value);
void printDimList(AsmPrinter &printer, ArrayRef<int64_t> dims);

// `custom<SameTypes>(type($a), type($b), type($r))`: prints one type when all
// operands and results share it, else a functional type `(a, b) -> r`.
ParseResult parseSameTypesImpl(OpAsmParser &parser,
                               ArrayRef<Type *> operandTypes, Type *result);
void printSameTypesImpl(OpAsmPrinter &printer, ArrayRef<Type> operandTypes,
                        Type result);

template <typename... Ts>
ParseResult parseSameTypes(OpAsmParser &parser, Ts &...types) {
  Type *all[] = {&types...};
  return parseSameTypesImpl(parser, ArrayRef<Type *>(all).drop_back(),
                            all[sizeof...(Ts) - 1]);
}

template <typename... Ts>
void printSameTypes(OpAsmPrinter &printer, Operation *, Ts... types) {
  Type all[] = {types...};
  printSameTypesImpl(printer, ArrayRef<Type>(all).drop_back(),
                     all[sizeof...(Ts) - 1]);
}

} // namespace shlo
} // namespace mlir

#include "ShloDialect.h.inc"
#include "ShloEnums.h.inc"
#define GET_TYPEDEF_CLASSES
#include "ShloTypes.h.inc"
#define GET_ATTRDEF_CLASSES
#include "ShloAttrs.h.inc"
#define GET_OP_CLASSES
#include "ShloOps.h.inc"

#endif // SHLO_DIALECT_H
