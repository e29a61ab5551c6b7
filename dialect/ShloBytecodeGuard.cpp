// Checked reads of builtin and quant attributes and types from bytecode.
//
// MLIR's readers for these build each value with `get`, which asserts that
// the value is well formed (a tensor of tensors, a complex of index, a dense
// array whose bytes do not match its size, a dictionary with a key twice, a
// quantized type whose range does not fit its storage): on crafted bytes
// behind a valid checksum the process aborts. The bytecode reader offers
// callbacks that read an entry before the dialect does; these read the same
// encoding (mlir/IR/BuiltinDialectBytecode.td,
// mlir/Dialect/Quant/IR/QuantDialectBytecode.td: a kind code, then the
// fields) and build the value with `getChecked`, so a malformed entry fails
// the read with a message. Lists are read entry by entry: MLIR's readList
// first reserves the count it reads, which crafted bytes can make huge.
// Kinds not listed here are left to MLIR's readers (the callback reads
// nothing and returns no value).
#include "ShloBytecodeGuard.h"

#include "mlir/Bytecode/BytecodeImplementation.h"
#include "mlir/Bytecode/BytecodeReaderConfig.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

#include "llvm/ADT/STLExtras.h"

#include <memory>

using namespace mlir;

namespace {
// Kind codes of the builtin dialect's encoding.
enum : uint64_t {
  kIntegerType = 0, kFunctionType = 2, kComplexType = 9, kMemRefType = 10, kMemRefTypeWithSpace = 11,
  kRankedTensorType = 13, kRankedTensorTypeWithEncoding = 14, kTupleType = 15, kUnrankedMemRefType = 16,
  kUnrankedMemRefTypeWithSpace = 17, kUnrankedTensorType = 18, kVectorType = 19, kScalableVectorType = 20,
};
enum : uint64_t {
  kArrayAttr = 0, kDictionaryAttr = 1, kIntegerAttr = 8, kFloatAttr = 9, kDenseArrayAttr = 17,
  kDenseIntOrFPElementsAttr = 18, kSparseElementsAttr = 20,
};
// ... and of the quant dialect's.
enum : uint64_t {
  kAnyQuantized = 1, kAnyQuantizedWithExpressed = 2, kCalibratedQuantized = 3, kUniformQuantized = 4,
  kUniformQuantizedPerAxis = 5,
};

// A list (a count, then its entries) read one entry at a time: a count past
// what the bytes hold fails at their end instead of being allocated.
template <typename T, typename ReadOne>
LogicalResult readEach(DialectBytecodeReader &reader, SmallVectorImpl<T> &out, ReadOne &&readOne) {
  uint64_t count;
  if (failed(reader.readVarInt(count)))
    return failure();
  for (uint64_t n = 0; n < count; ++n) {
    FailureOr<T> item = readOne();
    if (failed(item))
      return failure();
    out.push_back(*item);
  }
  return success();
}

// readOne for a reader method that reads into its argument.
template <typename T, typename ReadInto>
auto into(ReadInto &&readInto) {
  return [readInto]() -> FailureOr<T> {
    T value{};
    if (failed(readInto(value)))
      return failure();
    return value;
  };
}

LogicalResult readShape(DialectBytecodeReader &reader, SmallVectorImpl<int64_t> &shape) {
  return readEach(reader, shape, into<int64_t>([&](int64_t &d) { return reader.readSignedVarInt(d); }));
}

LogicalResult readTypes(DialectBytecodeReader &reader, SmallVectorImpl<Type> &types) {
  return readEach(reader, types, into<Type>([&](Type &t) { return reader.readType(t); }));
}

LogicalResult readDouble(DialectBytecodeReader &reader, double &value) {
  FailureOr<APFloat> f = reader.readAPFloatWithKnownSemantics(APFloat::IEEEdouble());
  if (failed(f))
    return failure();
  value = f->convertToDouble();
  return success();
}

// `entry` from a checked build: failure (its message already emitted) when null.
template <typename T>
LogicalResult built(T value, Type &entry) {
  entry = value;
  return success(bool(value));
}
template <typename T>
LogicalResult built(T value, Attribute &entry) {
  entry = value;
  return success(bool(value));
}

LogicalResult readBuiltinType(DialectBytecodeReader &reader, Type &entry) {
  MLIRContext *ctx = reader.getContext();
  auto emit = [&] { return reader.emitError(); };
  uint64_t kind;
  if (failed(reader.readVarInt(kind)))
    return failure();
  SmallVector<int64_t> shape;
  SmallVector<Type> inputs, results;
  Type element;
  Attribute attr;
  switch (kind) {
  case kIntegerType: {
    uint64_t packed;
    if (failed(reader.readVarInt(packed)))
      return failure();
    uint64_t width = packed >> 2, signedness = packed & 3;
    if (width > IntegerType::kMaxWidth || signedness > IntegerType::Unsigned)
      return reader.emitError() << "malformed integer type (width " << width << ", signedness "
                                << signedness << ")";
    return built(IntegerType::getChecked(emit, ctx, unsigned(width),
                                         IntegerType::SignednessSemantics(signedness)),
                 entry);
  }
  case kFunctionType:
    if (failed(readTypes(reader, inputs)) || failed(readTypes(reader, results)))
      return failure();
    return built(FunctionType::get(ctx, inputs, results), entry);
  case kComplexType:
    if (failed(reader.readType(element)))
      return failure();
    return built(ComplexType::getChecked(emit, element), entry);
  case kMemRefType:
  case kMemRefTypeWithSpace: {
    MemRefLayoutAttrInterface layout;
    if ((kind == kMemRefTypeWithSpace && failed(reader.readAttribute(attr))) || failed(readShape(reader, shape)) ||
        failed(reader.readType(element)) || failed(reader.readAttribute(layout)))
      return failure();
    return built(MemRefType::getChecked(emit, shape, element, layout, attr), entry);
  }
  case kRankedTensorType:
  case kRankedTensorTypeWithEncoding:
    if ((kind == kRankedTensorTypeWithEncoding && failed(reader.readAttribute(attr))) ||
        failed(readShape(reader, shape)) || failed(reader.readType(element)))
      return failure();
    return built(RankedTensorType::getChecked(emit, shape, element, attr), entry);
  case kTupleType:
    if (failed(readTypes(reader, inputs)))
      return failure();
    return built(TupleType::get(ctx, inputs), entry);
  case kUnrankedMemRefType:
  case kUnrankedMemRefTypeWithSpace:
    if ((kind == kUnrankedMemRefTypeWithSpace && failed(reader.readAttribute(attr))) ||
        failed(reader.readType(element)))
      return failure();
    return built(UnrankedMemRefType::getChecked(emit, element, attr), entry);
  case kUnrankedTensorType:
    if (failed(reader.readType(element)))
      return failure();
    return built(UnrankedTensorType::getChecked(emit, element), entry);
  case kVectorType:
  case kScalableVectorType: {
    SmallVector<bool> scalable;
    if (kind == kScalableVectorType &&
        failed(readEach(reader, scalable, into<bool>([&](bool &b) { return reader.readBool(b); }))))
      return failure();
    if (failed(readShape(reader, shape)) || failed(reader.readType(element)))
      return failure();
    if (!scalable.empty() && scalable.size() != shape.size())
      return reader.emitError() << "vector type with " << scalable.size() << " scalable flags for "
                                << shape.size() << " dimensions";
    return built(VectorType::getChecked(emit, shape, element, scalable), entry);
  }
  default:
    entry = {};   // MLIR's reader reads it
    return success();
  }
}

bool isDenseElementType(Type t) {
  if (auto c = dyn_cast<ComplexType>(t))
    t = c.getElementType();
  return isa<IntegerType, IndexType, FloatType>(t);
}

LogicalResult readBuiltinAttribute(DialectBytecodeReader &reader, Attribute &entry) {
  MLIRContext *ctx = reader.getContext();
  auto emit = [&] { return reader.emitError(); };
  uint64_t kind;
  if (failed(reader.readVarInt(kind)))
    return failure();
  Type type;
  switch (kind) {
  case kArrayAttr: {
    SmallVector<Attribute> items;
    if (failed(readEach(reader, items, into<Attribute>([&](Attribute &a) { return reader.readAttribute(a); }))))
      return failure();
    return built(ArrayAttr::get(ctx, items), entry);
  }
  case kDictionaryAttr: {
    SmallVector<NamedAttribute> items;
    auto readOne = [&]() -> FailureOr<NamedAttribute> {
      StringAttr name;
      Attribute value;
      if (failed(reader.readAttribute(name)) || failed(reader.readAttribute(value)))
        return failure();
      return NamedAttribute(name, value);
    };
    if (failed(readEach(reader, items, readOne)))
      return failure();
    SmallVector<NamedAttribute> sorted(items);
    llvm::sort(sorted);
    for (size_t n = 1; n < sorted.size(); ++n)
      if (sorted[n - 1].getName() == sorted[n].getName())
        return reader.emitError() << "dictionary with the key '" << sorted[n].getName().getValue()
                                  << "' twice";
    return built(DictionaryAttr::get(ctx, items), entry);
  }
  case kIntegerAttr: {
    if (failed(reader.readType(type)))
      return failure();
    unsigned width;
    if (auto i = dyn_cast<IntegerType>(type))
      width = i.getWidth();
    else if (isa<IndexType>(type))
      width = IndexType::kInternalStorageBitWidth;
    else
      return reader.emitError() << "integer attribute of type " << type;
    FailureOr<APInt> value = reader.readAPIntWithKnownWidth(width);
    if (failed(value))
      return failure();
    return built(IntegerAttr::getChecked(emit, type, *value), entry);
  }
  case kFloatAttr: {
    if (failed(reader.readType(type)))
      return failure();
    auto f = dyn_cast<FloatType>(type);
    if (!f)
      return reader.emitError() << "float attribute of type " << type;
    FailureOr<APFloat> value = reader.readAPFloatWithKnownSemantics(f.getFloatSemantics());
    if (failed(value))
      return failure();
    return built(FloatAttr::getChecked(emit, type, *value), entry);
  }
  case kDenseArrayAttr: {
    uint64_t size;
    ArrayRef<char> raw;
    if (failed(reader.readType(type)) || failed(reader.readVarInt(size)) || failed(reader.readBlob(raw)))
      return failure();
    if (!isa<IntegerType, FloatType>(type))
      return reader.emitError() << "dense array of " << type;
    if (size > raw.size())   // every element takes at least a byte
      return reader.emitError() << "dense array of " << size << " elements in " << raw.size() << " bytes";
    return built(DenseArrayAttr::getChecked(emit, ctx, type, int64_t(size), raw), entry);
  }
  case kDenseIntOrFPElementsAttr: {
    ArrayRef<char> raw;
    if (failed(reader.readType(type)) || failed(reader.readBlob(raw)))
      return failure();
    auto shaped = dyn_cast<ShapedType>(type);
    if (!shaped || !isa<RankedTensorType, VectorType>(type) || !shaped.hasStaticShape() ||
        !isDenseElementType(shaped.getElementType()))
      return reader.emitError() << "dense elements of type " << type;
    bool splat = false;
    if (!DenseElementsAttr::isValidRawBuffer(shaped, raw, splat))
      return reader.emitError() << "dense elements of type " << type << " in " << raw.size() << " bytes";
    return built(DenseIntOrFPElementsAttr::getFromRawBuffer(shaped, raw), entry);
  }
  case kSparseElementsAttr: {
    DenseIntElementsAttr indices;
    DenseElementsAttr values;
    if (failed(reader.readType(type)) || failed(reader.readAttribute(indices)) ||
        failed(reader.readAttribute(values)))
      return failure();
    auto shaped = dyn_cast<ShapedType>(type);
    if (!shaped || !shaped.hasStaticShape())
      return reader.emitError() << "sparse elements of type " << type;
    return built(SparseElementsAttr::getChecked(emit, shaped, indices, values), entry);
  }
  default:
    entry = {};   // MLIR's reader reads it
    return success();
  }
}

LogicalResult readQuantType(DialectBytecodeReader &reader, Type &entry) {
  auto emit = [&] { return reader.emitError(); };
  uint64_t kind, flags = 0, dimension = 0;
  if (failed(reader.readVarInt(kind)))
    return failure();
  Type storage, expressed;
  int64_t zeroPoint = 0, lo = 0, hi = 0;
  double scale = 0, min = 0, max = 0;
  switch (kind) {
  case kAnyQuantized:
  case kAnyQuantizedWithExpressed:
    if (failed(reader.readVarInt(flags)) || failed(reader.readType(storage)) ||
        (kind == kAnyQuantizedWithExpressed && failed(reader.readType(expressed))) ||
        failed(reader.readSignedVarInt(lo)) || failed(reader.readSignedVarInt(hi)))
      return failure();
    return built(quant::AnyQuantizedType::getChecked(emit, unsigned(flags), storage, expressed, lo, hi), entry);
  case kCalibratedQuantized:
    if (failed(reader.readType(expressed)) || failed(readDouble(reader, min)) || failed(readDouble(reader, max)))
      return failure();
    return built(quant::CalibratedQuantizedType::getChecked(emit, expressed, min, max), entry);
  case kUniformQuantized:
    if (failed(reader.readVarInt(flags)) || failed(reader.readType(storage)) ||
        failed(reader.readType(expressed)) || failed(readDouble(reader, scale)) ||
        failed(reader.readSignedVarInt(zeroPoint)) || failed(reader.readSignedVarInt(lo)) ||
        failed(reader.readSignedVarInt(hi)))
      return failure();
    return built(quant::UniformQuantizedType::getChecked(emit, unsigned(flags), storage, expressed, scale,
                                                         zeroPoint, lo, hi),
                 entry);
  case kUniformQuantizedPerAxis: {
    SmallVector<double> scales;
    SmallVector<int64_t> zeroPoints;
    if (failed(reader.readVarInt(flags)) || failed(reader.readType(storage)) ||
        failed(reader.readType(expressed)) || failed(reader.readVarInt(dimension)) ||
        failed(reader.readSignedVarInt(lo)) || failed(reader.readSignedVarInt(hi)) ||
        failed(readEach(reader, scales, into<double>([&](double &d) { return readDouble(reader, d); }))) ||
        failed(readEach(reader, zeroPoints, into<int64_t>([&](int64_t &z) { return reader.readSignedVarInt(z); }))))
      return failure();
    if (dimension > uint64_t(INT32_MAX))
      return reader.emitError() << "quantized dimension " << dimension;
    return built(quant::UniformQuantizedPerAxisType::getChecked(emit, unsigned(flags), storage, expressed, scales,
                                                                zeroPoints, int32_t(dimension), lo, hi),
                 entry);
  }
  default:
    entry = {};   // MLIR's reader reads it
    return success();
  }
}

// Entries that refer to each other in a cycle make MLIR's reader retry them
// forever: an entry nested more than a few deep is deferred and parsed again
// once what it waits on is read, which for a cycle never happens (constant
// memory, 100% CPU). Every parse of a dialect-encoded entry passes through
// these callbacks (entries in text form cannot refer to others), so a read
// that parses entries far more often than its bytes can hold is refused. A
// legitimate read parses each entry a few times; deferred chains nested
// thousands deep cost quadratically many parses and may be refused too.
struct ReadBudget {
  uint64_t reads = 0, limit;
  explicit ReadBudget(size_t bytes) : limit(64 * uint64_t(bytes) + 100000) {}
  LogicalResult spend(DialectBytecodeReader &reader) {
    if (++reads <= limit)
      return success();
    if (reads == limit + 1)
      reader.emitError() << "attributes or types refer to each other in a cycle (" << limit
                         << " entry reads without an end)";
    return failure();
  }
};
} // namespace

void mlir::shlo::guardBytecodeReads(ParserConfig &config, size_t bytes) {
  BytecodeReaderConfig &readers = config.getBytecodeReaderConfig();
  auto budget = std::make_shared<ReadBudget>(bytes);
  readers.attachTypeCallback(
      [budget](DialectBytecodeReader &reader, StringRef dialect, Type &entry) -> LogicalResult {
        if (failed(budget->spend(reader)))
          return failure();
        if (dialect == "builtin")
          return readBuiltinType(reader, entry);
        if (dialect == "quant")
          return readQuantType(reader, entry);
        return success();
      });
  readers.attachAttributeCallback(
      [budget](DialectBytecodeReader &reader, StringRef dialect, Attribute &entry) -> LogicalResult {
        if (failed(budget->spend(reader)))
          return failure();
        if (dialect == "builtin")
          return readBuiltinAttribute(reader, entry);
        return success();
      });
}
