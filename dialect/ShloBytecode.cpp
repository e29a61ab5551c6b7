// Compact bytecode encoding of shlo attributes and types.
//
// Without this interface MLIR writes every shlo attribute as its text
// (`#shlo.dot<lhs_batching_dimensions = [], ...>` costs ~140 bytes); with it,
// a kind code and the fields as varints (~10 bytes). The encoding is part of
// the artifact format, so it is versioned: artifacts of shlo < 1.2.0 keep the
// text form byte for byte, and the writer uses the compact form only when the
// caller asks for encoding >= 1 through the bytecode writer's dialect
// version (see shloWriteBytecode). The reader accepts both: MLIR marks each
// attribute entry as text or custom-encoded.
//
// The kind codes below are frozen once released: never renumber, only append.
#include "ShloBytecode.h"
#include "ShloDialect.h"

#include "mlir/Bytecode/BytecodeImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

#include <deque>

using namespace mlir;
using namespace mlir::shlo;

namespace {
enum AttrCode : uint64_t {
  kComparisonDirection = 0,
  kComparisonType = 1,
  kPrecision = 2,
  kFftType = 3,
  kRngDistribution = 4,
  kRngAlgorithm = 5,
  kTranspose = 6,
  kResultAccuracy = 7,
  kCustomCallApiVersion = 8,
  kDot = 9,
  kConv = 10,
  kGather = 11,
  kScatter = 12,
  kChannelHandle = 13,
  kOutputOperandAlias = 14,
  kResultAccuracyMode = 15,  // since encoding 1 / shlo 1.2.0
  kAccuracy = 16,
};

// The kind code of each enum attribute.
template <typename EnumAttrT> struct EnumCode;
#define SHLO_ENUM_CODE(ATTR, CODE)                                             \
  template <> struct EnumCode<ATTR> {                                          \
    static constexpr AttrCode value = CODE;                                    \
  };
SHLO_ENUM_CODE(ComparisonDirectionAttr, kComparisonDirection)
SHLO_ENUM_CODE(ComparisonTypeAttr, kComparisonType)
SHLO_ENUM_CODE(PrecisionAttr, kPrecision)
SHLO_ENUM_CODE(FftTypeAttr, kFftType)
SHLO_ENUM_CODE(RngDistributionAttr, kRngDistribution)
SHLO_ENUM_CODE(RngAlgorithmAttr, kRngAlgorithm)
SHLO_ENUM_CODE(TransposeAttr, kTranspose)
SHLO_ENUM_CODE(ResultAccuracyAttr, kResultAccuracy)
SHLO_ENUM_CODE(CustomCallApiVersionAttr, kCustomCallApiVersion)
SHLO_ENUM_CODE(ResultAccuracyModeAttr, kResultAccuracyMode)
#undef SHLO_ENUM_CODE

enum TypeCode : uint64_t {
  kToken = 0,
  kFuture = 1,
};

// The encoding a writer was asked for: 0 (text) unless the caller set one.
uint64_t requestedEncoding(DialectBytecodeWriter &writer) {
  FailureOr<const DialectVersion *> version =
      writer.getDialectVersion<ShloDialect>();
  if (failed(version))
    return 0;
  return static_cast<const ShloEncodingVersion *>(*version)->encoding;
}

template <typename EnumAttrT, typename EnumT>
Attribute readEnum(DialectBytecodeReader &reader,
                   std::optional<EnumT> (*symbolize)(uint32_t)) {
  uint64_t raw;
  if (failed(reader.readVarInt(raw)))
    return {};
  std::optional<EnumT> value =
      raw <= UINT32_MAX ? symbolize(static_cast<uint32_t>(raw)) : std::nullopt;
  if (!value) {
    reader.emitError() << "shlo bytecode: value " << raw
                       << " is not a case of " << EnumAttrT::getMnemonic();
    return {};
  }
  return EnumAttrT::get(reader.getContext(), *value);
}

// Reads the fields of a struct attribute: `Int` for an int64_t, `List` for a
// dimension list, in declaration order.
struct FieldReader {
  DialectBytecodeReader &reader;
  bool ok = true;
  std::deque<SmallVector<int64_t>> lists; // stable addresses for ArrayRefs

  int64_t Int() {
    int64_t value = 0;
    ok = ok && succeeded(reader.readSignedVarInt(value));
    return value;
  }
  ArrayRef<int64_t> List() {
    lists.emplace_back();
    ok = ok && succeeded(reader.readSignedVarInts(lists.back()));
    return lists.back();
  }
};

struct ShloBytecodeInterface : public BytecodeDialectInterface {
  explicit ShloBytecodeInterface(Dialect *dialect)
      : BytecodeDialectInterface(dialect) {}

  Attribute readAttribute(DialectBytecodeReader &reader) const override {
    uint64_t code;
    if (failed(reader.readVarInt(code)))
      return {};
    MLIRContext *ctx = reader.getContext();
    FieldReader f{reader};
    Attribute result;
    switch (code) {
    case kComparisonDirection:
      return readEnum<ComparisonDirectionAttr>(reader,
                                               symbolizeComparisonDirection);
    case kComparisonType:
      return readEnum<ComparisonTypeAttr>(reader, symbolizeComparisonType);
    case kPrecision:
      return readEnum<PrecisionAttr>(reader, symbolizePrecision);
    case kFftType:
      return readEnum<FftTypeAttr>(reader, symbolizeFftType);
    case kRngDistribution:
      return readEnum<RngDistributionAttr>(reader, symbolizeRngDistribution);
    case kRngAlgorithm:
      return readEnum<RngAlgorithmAttr>(reader, symbolizeRngAlgorithm);
    case kTranspose:
      return readEnum<TransposeAttr>(reader, symbolizeTranspose);
    case kResultAccuracy:
      return readEnum<ResultAccuracyAttr>(reader, symbolizeResultAccuracy);
    case kCustomCallApiVersion:
      return readEnum<CustomCallApiVersionAttr>(reader,
                                                symbolizeCustomCallApiVersion);
    case kResultAccuracyMode:
      return readEnum<ResultAccuracyModeAttr>(reader,
                                              symbolizeResultAccuracyMode);
    case kAccuracy: {
      FailureOr<APFloat> atol =
          reader.readAPFloatWithKnownSemantics(APFloat::IEEEdouble());
      if (failed(atol))
        return {};
      FailureOr<APFloat> rtol =
          reader.readAPFloatWithKnownSemantics(APFloat::IEEEdouble());
      if (failed(rtol))
        return {};
      int64_t ulps = f.Int();
      Attribute mode;
      if (!f.ok || failed(reader.readAttribute(mode)))
        return {};
      auto typedMode = llvm::dyn_cast<ResultAccuracyModeAttr>(mode);
      if (!typedMode) {
        reader.emitError() << "shlo bytecode: accuracy mode is not a "
                              "result_accuracy_mode";
        return {};
      }
      return AccuracyAttr::get(ctx, *atol, *rtol, ulps, typedMode);
    }
    // Fields are read into locals first: C++ leaves the order in which
    // function arguments are evaluated unspecified.
    case kDot: {
      auto lb = f.List(), rb = f.List(), lc = f.List(), rc = f.List();
      if (f.ok)
        result = DotDimensionNumbersAttr::get(ctx, lb, rb, lc, rc);
      break;
    }
    case kConv: {
      int64_t ib = f.Int(), ifd = f.Int();
      auto is = f.List();
      int64_t ki = f.Int(), ko = f.Int();
      auto ks = f.List();
      int64_t ob = f.Int(), ofd = f.Int();
      auto os = f.List();
      if (f.ok)
        result = ConvDimensionNumbersAttr::get(ctx, ib, ifd, is, ki, ko, ks,
                                               ob, ofd, os);
      break;
    }
    case kGather: {
      auto a = f.List(), b = f.List(), c = f.List(), d = f.List(),
           e = f.List();
      int64_t ivd = f.Int();
      if (f.ok)
        result = GatherDimensionNumbersAttr::get(ctx, a, b, c, d, e, ivd);
      break;
    }
    case kScatter: {
      auto a = f.List(), b = f.List(), c = f.List(), d = f.List(),
           e = f.List();
      int64_t ivd = f.Int();
      if (f.ok)
        result = ScatterDimensionNumbersAttr::get(ctx, a, b, c, d, e, ivd);
      break;
    }
    case kChannelHandle: {
      int64_t handle = f.Int(), type = f.Int();
      if (f.ok)
        result = ChannelHandleAttr::get(ctx, handle, type);
      break;
    }
    case kOutputOperandAlias: {
      auto out = f.List();
      int64_t index = f.Int();
      auto in = f.List();
      if (f.ok)
        result = OutputOperandAliasAttr::get(ctx, out, index, in);
      break;
    }
    default:
      reader.emitError() << "shlo bytecode: unknown attribute kind " << code;
      return {};
    }
    if (!result && f.ok)
      reader.emitError() << "shlo bytecode: bad attribute of kind " << code;
    return result;
  }

  LogicalResult writeAttribute(Attribute attr,
                               DialectBytecodeWriter &writer) const override {
    if (requestedEncoding(writer) < 1)
      return failure();
    auto code = [&](AttrCode c) { writer.writeVarInt(c); };
    auto ints = [&](ArrayRef<int64_t> v) { writer.writeSignedVarInts(v); };
    auto one = [&](int64_t v) { writer.writeSignedVarInt(v); };
    return TypeSwitch<Attribute, LogicalResult>(attr)
        .Case<ComparisonDirectionAttr, ComparisonTypeAttr, PrecisionAttr,
              FftTypeAttr, RngDistributionAttr, RngAlgorithmAttr,
              TransposeAttr, ResultAccuracyAttr, CustomCallApiVersionAttr,
              ResultAccuracyModeAttr>(
            [&](auto a) {
              code(EnumCode<decltype(a)>::value);
              writer.writeVarInt(static_cast<uint32_t>(a.getValue()));
              return success();
            })
        .Case([&](DotDimensionNumbersAttr a) {
          code(kDot);
          ints(a.getLhsBatchingDimensions());
          ints(a.getRhsBatchingDimensions());
          ints(a.getLhsContractingDimensions());
          ints(a.getRhsContractingDimensions());
          return success();
        })
        .Case([&](ConvDimensionNumbersAttr a) {
          code(kConv);
          one(a.getInputBatchDimension());
          one(a.getInputFeatureDimension());
          ints(a.getInputSpatialDimensions());
          one(a.getKernelInputFeatureDimension());
          one(a.getKernelOutputFeatureDimension());
          ints(a.getKernelSpatialDimensions());
          one(a.getOutputBatchDimension());
          one(a.getOutputFeatureDimension());
          ints(a.getOutputSpatialDimensions());
          return success();
        })
        .Case([&](GatherDimensionNumbersAttr a) {
          code(kGather);
          ints(a.getOffsetDims());
          ints(a.getCollapsedSliceDims());
          ints(a.getOperandBatchingDims());
          ints(a.getStartIndicesBatchingDims());
          ints(a.getStartIndexMap());
          one(a.getIndexVectorDim());
          return success();
        })
        .Case([&](ScatterDimensionNumbersAttr a) {
          code(kScatter);
          ints(a.getUpdateWindowDims());
          ints(a.getInsertedWindowDims());
          ints(a.getInputBatchingDims());
          ints(a.getScatterIndicesBatchingDims());
          ints(a.getScatterDimsToOperandDims());
          one(a.getIndexVectorDim());
          return success();
        })
        .Case([&](ChannelHandleAttr a) {
          code(kChannelHandle);
          one(a.getHandle());
          one(a.getType());
          return success();
        })
        .Case([&](AccuracyAttr a) {
          code(kAccuracy);
          writer.writeAPFloatWithKnownSemantics(a.getAtol());
          writer.writeAPFloatWithKnownSemantics(a.getRtol());
          one(a.getUlps());
          writer.writeAttribute(a.getMode());
          return success();
        })
        .Case([&](OutputOperandAliasAttr a) {
          code(kOutputOperandAlias);
          ints(a.getOutputTupleIndices());
          one(a.getOperandIndex());
          ints(a.getOperandTupleIndices());
          return success();
        })
        .Default([](Attribute) { return failure(); });
  }

  Type readType(DialectBytecodeReader &reader) const override {
    uint64_t code;
    if (failed(reader.readVarInt(code)))
      return {};
    switch (code) {
    case kToken:
      return TokenType::get(reader.getContext());
    case kFuture: {
      SmallVector<Type> types;
      if (failed(reader.readTypes(types)))
        return {};
      return FutureType::get(reader.getContext(), types);
    }
    default:
      reader.emitError() << "shlo bytecode: unknown type kind " << code;
      return {};
    }
  }

  LogicalResult writeType(Type type,
                          DialectBytecodeWriter &writer) const override {
    if (requestedEncoding(writer) < 1)
      return failure();
    if (llvm::isa<TokenType>(type)) {
      writer.writeVarInt(kToken);
      return success();
    }
    if (auto future = llvm::dyn_cast<FutureType>(type)) {
      writer.writeVarInt(kFuture);
      writer.writeTypes(future.getTypes());
      return success();
    }
    return failure();
  }

  // Written only when an encoding was requested, so that the bytes of
  // text-encoded (pre-1.2.0) artifacts do not change.
  void writeVersion(DialectBytecodeWriter &writer) const override {
    if (uint64_t encoding = requestedEncoding(writer))
      writer.writeVarInt(encoding);
  }

  std::unique_ptr<DialectVersion>
  readVersion(DialectBytecodeReader &reader) const override {
    uint64_t encoding;
    if (failed(reader.readVarInt(encoding)))
      return nullptr;
    if (encoding > kShloLatestEncoding) {
      reader.emitError() << "shlo bytecode encoding " << encoding
                         << " is newer than this reader ("
                         << kShloLatestEncoding << ")";
      return nullptr;
    }
    return std::make_unique<ShloEncodingVersion>(encoding);
  }
};
} // namespace

void mlir::shlo::addBytecodeInterface(ShloDialect *dialect) {
  dialect->addInterfaces<ShloBytecodeInterface>();
}
