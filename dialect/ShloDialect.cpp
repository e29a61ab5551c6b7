// The shlo dialect: registration and the few printers/parsers the generated
// code calls. Semantic verification lives in the spec-driven Python verifier.
#include "ShloDialect.h"
#include "ShloBytecode.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::shlo;

#include "ShloDialect.cpp.inc"
#include "ShloEnums.cpp.inc"
#define GET_TYPEDEF_CLASSES
#include "ShloTypes.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "ShloAttrs.cpp.inc"
#define GET_OP_CLASSES
#include "ShloOps.cpp.inc"

void ShloDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "ShloTypes.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "ShloAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "ShloOps.cpp.inc"
      >();
  addBytecodeInterface(this);
}

FailureOr<SmallVector<int64_t>> mlir::shlo::parseDimList(AsmParser &parser) {
  SmallVector<int64_t> dims;
  auto parseOne = [&]() -> ParseResult {
    return parser.parseInteger(dims.emplace_back());
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, parseOne))
    return failure();
  return dims;
}

FailureOr<APFloat> mlir::shlo::parseFloatField(AsmParser &parser) {
  double value;
  if (parser.parseFloat(value))
    return failure();
  return APFloat(value);
}

void mlir::shlo::printFloatField(AsmPrinter &printer, const APFloat &value) {
  printer.printFloat(value);
}

void mlir::shlo::printDimList(AsmPrinter &printer, ArrayRef<int64_t> dims) {
  printer << '[';
  llvm::interleaveComma(dims, printer);
  printer << ']';
}

ParseResult mlir::shlo::parseSameTypesImpl(OpAsmParser &parser,
                                           ArrayRef<Type *> operandTypes,
                                           Type *result) {
  if (succeeded(parser.parseOptionalLParen())) {
    SmallVector<Type> ins;
    Type out;
    if (failed(parser.parseOptionalRParen())) {
      if (parser.parseTypeList(ins) || parser.parseRParen())
        return failure();
    }
    if (parser.parseArrow() || parser.parseType(out))
      return failure();
    if (ins.size() != operandTypes.size())
      return parser.emitError(parser.getCurrentLocation())
             << "expected " << operandTypes.size() << " operand types, got "
             << ins.size();
    for (auto [slot, type] : llvm::zip(operandTypes, ins))
      *slot = type;
    *result = out;
    return success();
  }
  Type type;
  if (parser.parseType(type))
    return failure();
  for (Type *slot : operandTypes)
    *slot = type;
  *result = type;
  return success();
}

void mlir::shlo::printSameTypesImpl(OpAsmPrinter &printer,
                                    ArrayRef<Type> operandTypes, Type result) {
  if (llvm::all_of(operandTypes, [&](Type t) { return t == result; })) {
    printer << result;
    return;
  }
  printer << '(';
  llvm::interleaveComma(operandTypes, printer);
  printer << ") -> " << result;
}
