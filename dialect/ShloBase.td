// Handwritten part of the shlo ODS: the dialect, its types and the building
// blocks that the generated ShloAttrs.td / ShloOps.td use.
#ifndef SHLO_BASE_TD
#define SHLO_BASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

def Shlo_Dialect : Dialect {
  let name = "shlo";
  let cppNamespace = "::mlir::shlo";
  let summary = "A versioned, formally specified op set for portable ML programs.";
  let description = [{
    The op set is specified in spec/ (one YAML file per op); this ODS is
    generated from it. Semantics follow StableHLO 1.x one-to-one.
  }];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
}

//===-- Types -------------------------------------------------------------===//

def Shlo_TokenType : TypeDef<Shlo_Dialect, "Token"> {
  let mnemonic = "token";
  let summary = "Orders side-effecting operations; carries no data.";
}

def Shlo_FutureType : TypeDef<Shlo_Dialect, "Future"> {
  let mnemonic = "future";
  let summary = "The pending results of async_start, collected by async_done.";
  let parameters = (ins ArrayRefParameter<"::mlir::Type", "result types">:$types);
  let assemblyFormat = "`<` $types `>`";
}

def Shlo_TensorOrToken : AnyTypeOf<[AnyRankedTensor, Shlo_TokenType], "tensor or token">;
def Shlo_AnyValue : AnyTypeOf<[AnyRankedTensor, Shlo_TokenType, AnyTuple], "tensor, token or tuple">;

//===-- Attribute parameters ----------------------------------------------===//

// A list of dimension numbers, printed in brackets so that it can sit inside
// a struct-format attribute: `lhs_batching_dimensions = [0, 1]`.
def Shlo_DimListParameter : ArrayRefParameter<"int64_t", "dimension list"> {
  let parser = "::mlir::shlo::parseDimList($_parser)";
  let printer = "::mlir::shlo::printDimList($_printer, $_self)";
}

// A double, printed so that it reads back exactly (`1.000000e-05`).
def Shlo_FloatParameter : APFloatParameter<"a double-precision float"> {
  let parser = "::mlir::shlo::parseFloatField($_parser)";
  let printer = "::mlir::shlo::printFloatField($_printer, $_self)";
}

// An attribute inside a struct, printed whole (`#shlo.result_accuracy_mode<HIGHEST>`)
// as StableHLO prints it, rather than with its prefix stripped.
class Shlo_AttrParameter<string cppClass> : AttrParameter<cppClass, "an attribute"> {
  let printer = "$_printer.printAttribute($_self)";
}

// Builtin attributes inside a struct (the sharding attribute, since 1.4.0),
// parsed and printed whole: `mesh = @m`, `replicated = ["x"]`,
// `dims = [["x", "y"], []]`. What they hold is checked by the spec verifier.
class Shlo_BuiltinAttrParameter<string cppClass, string desc> : AttrParameter<cppClass, desc> {
  let parser = [{ [&]() -> ::mlir::FailureOr<}] # cppClass # [{> {
      }] # cppClass # [{ value;
      if ($_parser.parseAttribute(value))
        return ::mlir::failure();
      return value;
    }() }];
  let printer = "$_printer.printAttribute($_self)";
}
def Shlo_SymbolParameter : Shlo_BuiltinAttrParameter<"::mlir::FlatSymbolRefAttr", "a symbol reference">;
def Shlo_AxesParameter : Shlo_BuiltinAttrParameter<"::mlir::ArrayAttr", "mesh axis names">;
def Shlo_AxesListParameter : Shlo_BuiltinAttrParameter<"::mlir::ArrayAttr", "mesh axis names per dimension">;
// An optional list of mesh axis names (the sharding's `unreduced`, since 1.7.0):
// left out of the text when empty, and an empty list reads as absent, so a
// sharding without it prints (and is stored) exactly as before 1.7.0.
def Shlo_OptionalAxesParameter : OptionalParameter<"::mlir::ArrayAttr", "mesh axis names (optional)"> {
  let parser = [{ [&]() -> ::mlir::FailureOr<::mlir::ArrayAttr> {
      ::mlir::ArrayAttr value;
      if ($_parser.parseAttribute(value))
        return ::mlir::failure();
      return value.empty() ? ::mlir::ArrayAttr() : value;
    }() }];
  let printer = "$_printer.printAttribute($_self)";
}
// dot_algorithm's fields (since 1.6.0): `lhs_precision_type = tf32`,
// `allow_imprecise_accumulation = false`, as StableHLO prints them.
def Shlo_ElementTypeParameter : Shlo_BuiltinAttrParameter<"::mlir::TypeAttr", "an element type">;
def Shlo_BoolParameter : Shlo_BuiltinAttrParameter<"::mlir::BoolAttr", "a boolean">;

//===-- Ops ---------------------------------------------------------------===//

class Shlo_Op<string mnemonic, list<Trait> traits = []> :
    Op<Shlo_Dialect, mnemonic, traits>;

#endif
