// The C++ constraint vocabulary (see ShloSpecRuntime.h). Each function
// follows its Python twin in python/shlo/verify/vocabulary.py or rules/*.py,
// including where Python would raise (here: throw SpecEvalError).
#include "ShloSpecRuntime.h"
#include "ShloDialect.h"
#include "ShloCAPI.h"
#include "ShloDistinctOps.h"

#include "mlir-c/IR.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Region.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::shlo;
using namespace mlir::shlo::spec;
using Kind = SpecValue::Kind;

namespace mlir::shlo::spec {
// Generated (ShloSpecVerify.cpp): element type name -> (class, bits).
bool lookupElement(llvm::StringRef name, llvm::StringRef &cls, int64_t &bits);
} // namespace mlir::shlo::spec

void spec::fail(const std::string &message) { throw SpecEvalError{message}; }

static thread_local Operation *current = nullptr;
Operation *spec::currentOperation() { return current; }
SV spec::currentOp() { return SV::none(); } // `op` itself: see the fn_ that take it

const Values &SpecValue::seq() const {
  if (!isSeq())
    fail("expected a list or tuple, got " + repr());
  return *items;
}

int64_t SpecValue::asInt() const {
  if (kind == Kind::Int || kind == Kind::Bool)
    return i;
  fail("expected an integer, got " + repr());
}

static std::string printed(Type t) {
  std::string text;
  llvm::raw_string_ostream os(text);
  t.print(os);
  return text;
}

std::string SpecValue::repr() const {
  switch (kind) {
  case Kind::None: return "None";
  case Kind::Bool: return i ? "True" : "False";
  case Kind::Int: return std::to_string(i);
  case Kind::Float: return std::to_string(f);
  case Kind::Str: return "'" + s + "'";
  case Kind::List:
  case Kind::Tuple: {
    std::string out = kind == Kind::List ? "[" : "(";
    for (size_t n = 0; n < items->size(); ++n)
      out += (n ? ", " : "") + (*items)[n].repr();
    return out + (kind == Kind::List ? "]" : ")");
  }
  case Kind::Type:
  case Kind::Elem: return printed(type);
  case Kind::Region: return "<region>";
  case Kind::Struct:
  case Kind::Attr:
  case Kind::Elements: {
    std::string text;
    llvm::raw_string_ostream os(text);
    attr.print(os);
    return text;
  }
  }
  return "?";
}

// ------------------------------------------------------------ Python semantics

bool spec::truthy(const SV &v) {
  switch (v.kind) {
  case Kind::None: return false;
  case Kind::Bool:
  case Kind::Int: return v.i != 0;
  case Kind::Float: return v.f != 0;
  case Kind::Str: return !v.s.empty();
  case Kind::List:
  case Kind::Tuple: return !v.items->empty();
  default: return true;
  }
}

static double number(const SV &v) { return v.kind == Kind::Float ? v.f : double(v.i); }

// Element type spellings met during one verification: printing a type builds
// an AsmState over every loaded dialect, which would dominate the run time.
// Keyed by uniqued type, so it lives no longer than one shloVerifySpec call
// (a later context may reuse the address).
static thread_local llvm::DenseMap<Type, std::string> *spellings = nullptr;

// The spelling of an element type without printing it where that is safe
// across contexts: integers from their width and signedness, the builtin
// float types (parameterless, one TypeID each) printed once per process.
static std::string spelled(Type t) {
  if (auto i = dyn_cast<IntegerType>(t))
    return (i.isSigned() ? "si" : i.isUnsigned() ? "ui" : "i") + std::to_string(i.getWidth());
  if (isa<FloatType>(t) && t.getDialect().getNamespace() == "builtin") { // (others may take parameters)
    static thread_local llvm::DenseMap<TypeID, std::string> floats;
    auto it = floats.find(t.getTypeID());
    if (it == floats.end())
      it = floats.try_emplace(t.getTypeID(), printed(t)).first;
    return it->second;
  }
  return printed(t);
}

static const std::string &elemText(Type t) {
  static thread_local std::string scratch;
  if (!spellings)
    return scratch = spelled(t);
  auto it = spellings->find(t);
  if (it == spellings->end())
    it = spellings->try_emplace(t, spelled(t)).first;
  return it->second;
}

bool spec::pyEq(const SV &a, const SV &b) {
  if (a.isNumber() && b.isNumber()) {
    if (a.kind == Kind::Float || b.kind == Kind::Float)
      return number(a) == number(b);
    return a.i == b.i;
  }
  // An element type is its spelling in Python.
  if (a.kind == Kind::Elem && b.kind == Kind::Elem)
    return a.type == b.type;
  if (a.kind == Kind::Elem && b.kind == Kind::Str)
    return elemText(a.type) == b.s;
  if (a.kind == Kind::Str && b.kind == Kind::Elem)
    return a.s == elemText(b.type);
  if (a.kind != b.kind)
    return false;
  switch (a.kind) {
  case Kind::None: return true;
  case Kind::Str: return a.s == b.s;
  case Kind::List:
  case Kind::Tuple: {
    if (a.items->size() != b.items->size())
      return false;
    for (size_t n = 0; n < a.items->size(); ++n)
      if (!pyEq((*a.items)[n], (*b.items)[n]))
        return false;
    return true;
  }
  case Kind::Type: return a.type == b.type;
  case Kind::Region: return a.region == b.region;
  case Kind::Struct:
  case Kind::Attr:
  case Kind::Elements: return a.attr == b.attr;
  default: return false;
  }
}

bool spec::pyLt(const SV &a, const SV &b) {
  if (a.isNumber() && b.isNumber())
    return number(a) < number(b);
  if (a.kind == Kind::Str && b.kind == Kind::Str)
    return a.s < b.s;
  if (a.isSeq() && a.kind == b.kind) {
    const Values &x = *a.items, &y = *b.items;
    for (size_t n = 0; n < x.size() && n < y.size(); ++n)
      if (!pyEq(x[n], y[n]))
        return pyLt(x[n], y[n]);
    return x.size() < y.size();
  }
  fail("'<' not supported between " + a.repr() + " and " + b.repr());
}

bool spec::pyIn(const SV &item, const SV &container) {
  if (container.kind == Kind::Str) {
    if (item.kind != Kind::Str)
      fail("'in <string>' requires a string");
    return container.s.find(item.s) != std::string::npos;
  }
  for (const SV &x : container.seq())
    if (pyEq(item, x))
      return true;
  return false;
}

static SV arith(const SV &a, const SV &b, char op) {
  if (!a.isNumber() || !b.isNumber())
    fail(std::string("unsupported operand types for ") + op + ": " + a.repr() + ", " + b.repr());
  if (a.kind == Kind::Float || b.kind == Kind::Float) {
    double x = number(a), y = number(b);
    switch (op) {
    case '+': return SV::real(x + y);
    case '-': return SV::real(x - y);
    case '*': return SV::real(x * y);
    default: fail("float division in a constraint");
    }
  }
  int64_t x = a.i, y = b.i;
  switch (op) {
  case '+': return SV::integer(x + y);
  case '-': return SV::integer(x - y);
  case '*': return SV::integer(x * y);
  case '%':
  case '/': {
    if (y == 0)
      fail("integer division or modulo by zero");
    int64_t q = x / y, r = x % y;
    if (r != 0 && ((r < 0) != (y < 0))) { // Python floors
      q -= 1;
      r += y;
    }
    return SV::integer(op == '%' ? r : q);
  }
  }
  fail("unsupported operator");
}

SV spec::pyAdd(const SV &a, const SV &b) {
  if (a.isSeq() && a.kind == b.kind) {
    Values out(*a.items);
    out.insert(out.end(), b.items->begin(), b.items->end());
    return SV::sequence(a.kind, std::move(out));
  }
  if (a.kind == Kind::Str && b.kind == Kind::Str)
    return SV::str(a.s + b.s);
  return arith(a, b, '+');
}
SV spec::pySub(const SV &a, const SV &b) { return arith(a, b, '-'); }
SV spec::pyMul(const SV &a, const SV &b) {
  if (a.isSeq() && (b.kind == Kind::Int || b.kind == Kind::Bool)) {
    Values out;
    for (int64_t n = 0; n < b.i; ++n)
      out.insert(out.end(), a.items->begin(), a.items->end());
    return SV::sequence(a.kind, std::move(out));
  }
  return arith(a, b, '*');
}
SV spec::pyMod(const SV &a, const SV &b) { return arith(a, b, '%'); }
SV spec::pyFloorDiv(const SV &a, const SV &b) { return arith(a, b, '/'); }
SV spec::pyNeg(const SV &a) {
  if (a.kind == Kind::Float)
    return SV::real(-a.f);
  return SV::integer(-a.asInt());
}

static size_t normIndex(int64_t index, size_t size) {
  int64_t n = index < 0 ? index + int64_t(size) : index;
  if (n < 0 || n >= int64_t(size))
    fail("index out of range");
  return size_t(n);
}

SV spec::pyIndex(const SV &container, const SV &index) {
  if (container.kind == Kind::Str) {
    size_t n = normIndex(index.asInt(), container.s.size());
    return SV::str(container.s.substr(n, 1));
  }
  const Values &xs = container.seq();
  return xs[normIndex(index.asInt(), xs.size())];
}

SV spec::pySlice(const SV &container, const SV &lo, const SV &hi) {
  const Values &xs = container.seq();
  int64_t size = xs.size();
  auto clamp = [&](const SV &v, int64_t dflt) {
    if (v.isNone())
      return dflt;
    int64_t n = v.asInt();
    if (n < 0)
      n += size;
    return std::clamp<int64_t>(n, 0, size);
  };
  int64_t a = clamp(lo, 0), b = clamp(hi, size);
  Values out;
  for (int64_t n = a; n < b; ++n)
    out.push_back(xs[n]);
  return SV::sequence(container.kind, std::move(out));
}

Values spec::iterate(const SV &v) {
  if (v.kind == Kind::Str) {
    Values out;
    for (char c : v.s)
      out.push_back(SV::str(std::string(1, c)));
    return out;
  }
  return v.seq();
}

SV spec::unpackAt(const SV &v, size_t n, size_t i) {
  const Values &xs = v.seq();
  if (xs.size() != n)
    fail("cannot unpack " + std::to_string(xs.size()) + " values into " + std::to_string(n));
  return xs[i];
}

// ---------------------------------------------------------------- types

namespace {
const char *kindOf(Type t) {
  if (isa<RankedTensorType>(t)) return "tensor";
  if (isa<TokenType>(t)) return "token";
  if (isa<TupleType>(t)) return "tuple";
  if (isa<FutureType>(t)) return "future";
  return "other";
}

bool isTensorValue(const SV &x) { return x.kind == Kind::Type && isa<RankedTensorType>(x.type); }

RankedTensorType needTensor(const SV &x) {
  if (!isTensorValue(x))
    fail("expected a ranked tensor, got " + x.repr());
  return cast<RankedTensorType>(x.type);
}

SV sizeValue(int64_t d) { return ShapedType::isDynamic(d) ? SV::none() : SV::integer(d); }

SV shapeOf(RankedTensorType t) {
  Values out;
  for (int64_t d : t.getShape())
    out.push_back(sizeValue(d));
  return SV::tuple(std::move(out));
}

quant::QuantizedType quantOf(const SV &x) {
  return isTensorValue(x) ? dyn_cast<quant::QuantizedType>(cast<RankedTensorType>(x.type).getElementType())
                          : quant::QuantizedType();
}

quant::QuantizedType needQuant(const SV &x) {
  auto q = quantOf(x);
  if (!q)
    fail("'NoneType' object has no attribute: " + x.repr() + " is not quantized");
  return q;
}

bool isPerAxis(quant::QuantizedType q) { return isa<quant::UniformQuantizedPerAxisType>(q); }

std::string storageName(quant::QuantizedType q) {
  return (q.isSigned() ? "i" : "ui") + std::to_string(q.getStorageTypeIntegralWidth());
}

const SV &arg(const Values &args, size_t n) {
  if (n >= args.size())
    fail("missing argument");
  return args[n];
}

// The element class of an element type (python: types.element_class).
std::string elementClass(const SV &e) {
  std::string name = e.kind == Kind::Str ? e.s : elemText(e.type);
  if (llvm::StringRef(name).starts_with("!quant."))
    return "quantized";
  llvm::StringRef cls;
  int64_t bits;
  if (lookupElement(name, cls, bits))
    return cls.str();
  return "";
}

int64_t elementBits(const std::string &name) {
  llvm::StringRef cls;
  int64_t bits;
  if (!lookupElement(name, cls, bits))
    fail("unknown element type " + name);
  return bits;
}

// `_class(x)`: the class of an element type name, or of a tensor's element type.
std::string classOf(const SV &x) {
  if (x.kind == Kind::Str || x.kind == Kind::Elem)
    return elementClass(x);
  return elementClass(SV::elem(needTensor(x).getElementType()));
}

MLIRContext *context() { return current->getContext(); }

Type elemFromName(const std::string &name) {
  MlirType t = mlirTypeParseGet(wrap(context()), mlirStringRefCreate(name.data(), name.size()));
  if (mlirTypeIsNull(t))
    fail("not an element type: " + name);
  return unwrap(t);
}

Type asElement(const SV &e) {
  if (e.kind == Kind::Elem)
    return e.type;
  if (e.kind == Kind::Str)
    return elemFromName(e.s);
  fail("expected an element type, got " + e.repr());
}

SV tensorOf(const SV &shape, Type element) {
  SmallVector<int64_t> dims;
  for (const SV &d : iterate(shape))
    dims.push_back(d.isNone() || d.asInt() < 0 ? ShapedType::kDynamic : d.asInt());
  return SV::ofType(RankedTensorType::get(dims, element));
}

Values typesOf(TypeRange types) {
  Values out;
  for (Type t : types)
    out.push_back(SV::ofType(t));
  return out;
}

Region &needRegion(const SV &r) {
  if (r.kind != Kind::Region)
    fail("expected a region, got " + r.repr());
  return *r.region;
}

Values regionArgs(const SV &r) {
  Region &region = needRegion(r);
  if (region.empty())
    return {};
  return typesOf(region.front().getArgumentTypes());
}

Values regionReturns(const SV &r) {
  Region &region = needRegion(r);
  if (region.empty() || region.front().empty())
    return {};
  return typesOf(region.front().back().getOperandTypes());
}

SV structGet(const SV &s, llvm::StringRef field) {
  if (s.kind != Kind::Struct)
    fail("no field " + field.str() + " on " + s.repr());
  return structField(s.attr, field);
}

// An integer that fits in 64 bits (getSExtValue asserts on wider values;
// Python would keep a big int, which no constraint here compares).
std::optional<int64_t> asInt64(const APInt &v, bool zext) {
  if (zext ? !v.isIntN(63) : !v.isSignedIntN(64))
    return std::nullopt;
  return zext ? int64_t(v.getZExtValue()) : v.getSExtValue();
}

// Integer entries of a tensor literal, row-major (python: literal_values).
// The i64_elements attributes that constraints read are dense by ODS.
Values literalInts(const SV &lit) {
  if (lit.kind != Kind::Elements)
    fail("expected a tensor literal, got " + lit.repr());
  auto dense = dyn_cast<DenseIntElementsAttr>(lit.attr);
  if (!dense)
    fail("C++ reads only dense integer literals");
  bool zext = dense.getElementType().isUnsignedInteger() || dense.getElementType().isInteger(1);
  Values out;
  for (const APInt &v : dense.getValues<APInt>()) {
    std::optional<int64_t> n = asInt64(v, zext);
    if (!n)
      fail("a literal entry does not fit in 64 bits");
    out.push_back(SV::integer(*n));
  }
  return out;
}

SV boolean(bool b) { return SV::boolean(b); }
} // namespace

SV spec::pyAttr(const SV &object, llvm::StringRef name) {
  if (object.kind == Kind::Struct)
    return structGet(object, name);
  if (object.kind == Kind::Elements && name == "type")
    return SV::ofType(object.type);
  if ((object.kind == Kind::Type) && name == "text")
    return SV::str(printed(object.type));
  if (object.kind == Kind::Type && name == "shape")
    return isTensorValue(object) ? shapeOf(cast<RankedTensorType>(object.type)) : SV::none();
  fail("no attribute " + name.str() + " on " + object.repr());
}

// ---------------------------------------------------------------- builtins

#define FN(name) SV spec::fn_##name(const Values &args)

FN(len) {
  const SV &x = arg(args, 0);
  if (x.kind == Kind::Str)
    return SV::integer(x.s.size());
  return SV::integer(x.seq().size());
}
FN(range) {
  int64_t lo = 0, hi = arg(args, 0).asInt();
  if (args.size() > 1) {
    lo = hi;
    hi = args[1].asInt();
  }
  Values out;
  for (int64_t n = lo; n < hi; ++n)
    out.push_back(SV::integer(n));
  return SV::list(std::move(out));
}
FN(zip) {
  std::vector<Values> seqs;
  size_t n = SIZE_MAX;
  for (const SV &a : args) {
    seqs.push_back(iterate(a));
    n = std::min(n, seqs.back().size());
  }
  Values out;
  for (size_t k = 0; k < (seqs.empty() ? 0 : n); ++k) {
    Values row;
    for (const Values &s : seqs)
      row.push_back(s[k]);
    out.push_back(SV::tuple(std::move(row)));
  }
  return SV::list(std::move(out));
}
FN(enumerate) {
  Values out;
  int64_t n = 0;
  for (const SV &x : iterate(arg(args, 0)))
    out.push_back(SV::tuple({SV::integer(n++), x}));
  return SV::list(std::move(out));
}
static Values oneOrMany(const Values &args) { return args.size() == 1 ? iterate(args[0]) : args; }
FN(min) {
  Values xs = oneOrMany(args);
  if (xs.empty())
    fail("min() arg is an empty sequence");
  SV best = xs[0];
  for (const SV &x : xs)
    if (pyLt(x, best))
      best = x;
  return best;
}
FN(max) {
  Values xs = oneOrMany(args);
  if (xs.empty())
    fail("max() arg is an empty sequence");
  SV best = xs[0];
  for (const SV &x : xs)
    if (pyLt(best, x))
      best = x;
  return best;
}
FN(sum) {
  SV total = args.size() > 1 ? args[1] : SV::integer(0);
  for (const SV &x : iterate(arg(args, 0)))
    total = pyAdd(total, x);
  return total;
}
FN(sorted) {
  Values xs = iterate(arg(args, 0));
  std::stable_sort(xs.begin(), xs.end(), [](const SV &a, const SV &b) { return pyLt(a, b); });
  return SV::list(std::move(xs));
}
FN(list) { return SV::list(iterate(arg(args, 0))); }
FN(tuple) { return SV::tuple(iterate(arg(args, 0))); }
FN(abs) {
  const SV &x = arg(args, 0);
  if (x.kind == Kind::Float)
    return SV::real(std::abs(x.f));
  return SV::integer(std::abs(x.asInt()));
}
FN(int) {
  const SV &x = arg(args, 0);
  if (x.kind == Kind::Float)
    return SV::integer(int64_t(x.f));
  return SV::integer(x.asInt());
}

// ---------------------------------------------------------------- shapes

FN(type) { return arg(args, 0); }
FN(shape) { return shapeOf(needTensor(arg(args, 0))); }
FN(rank) {
  const SV &x = arg(args, 0);
  if (x.kind == Kind::Tuple)
    return SV::integer(x.items->size());
  return SV::integer(needTensor(x).getRank());
}
FN(dim) { return pyIndex(fn_shape({arg(args, 0)}), arg(args, 1)); }
FN(dims) {
  SV s = fn_shape({arg(args, 0)});
  Values out;
  for (const SV &i : iterate(arg(args, 1)))
    out.push_back(pyIndex(s, i));
  return SV::tuple(std::move(out));
}
FN(size) {
  const SV &x = arg(args, 0);
  if (x.kind == Kind::Type) {
    int64_t total = 1;
    for (int64_t d : needTensor(x).getShape()) {
      if (ShapedType::isDynamic(d))
        return SV::none();
      total *= d;
    }
    return SV::integer(total);
  }
  return fn_len({x});
}
FN(product) {
  int64_t total = 1;
  for (const SV &v : iterate(arg(args, 0))) {
    if (v.isNone())
      return SV::none();
    total *= v.asInt();
  }
  return SV::integer(total);
}
FN(is_static) {
  const SV &x = arg(args, 0);
  SV s = x.kind == Kind::Tuple ? x : fn_shape({x});
  for (const SV &d : *s.items)
    if (d.isNone())
      return boolean(false);
  return boolean(true);
}
static bool compatibleDim(const SV &a, const SV &b) { return a.isNone() || b.isNone() || pyEq(a, b); }
FN(compatible_dim) { return boolean(compatibleDim(arg(args, 0), arg(args, 1))); }
static bool compatibleDims(const SV &a, const SV &b) {
  Values x = iterate(a), y = iterate(b);
  if (x.size() != y.size())
    return false;
  for (size_t n = 0; n < x.size(); ++n)
    if (!compatibleDim(x[n], y[n]))
      return false;
  return true;
}
FN(compatible_dims) {
  SV a = arg(args, 0), b = arg(args, 1);
  if (!a.isSeq() || !b.isSeq())
    fail("object has no len()");
  return boolean(compatibleDims(a, b));
}
FN(compatible_shape) { return boolean(compatibleDims(arg(args, 0), arg(args, 1))); }
FN(compatible_shapes) {
  Values shapes;
  for (const SV &x : args)
    shapes.push_back(fn_shape({x}));
  for (size_t n = 1; n < shapes.size(); ++n)
    if (!compatibleDims(shapes[0], shapes[n]))
      return boolean(false);
  return boolean(true);
}
FN(same_element_type) {
  for (const SV &x : args)
    if (needTensor(x).getElementType() != needTensor(args[0]).getElementType())
      return boolean(false);
  return boolean(true);
}
static const char *kindOfValue(const SV &x) {
  if (x.kind != Kind::Type)
    fail("'" + x.repr() + "' has no attribute 'kind'");
  return kindOf(x.type);
}
static Values membersOf(Type t) {
  if (auto tt = dyn_cast<TupleType>(t))
    return typesOf(tt.getTypes());
  if (auto ft = dyn_cast<FutureType>(t))
    return typesOf(ft.getTypes());
  return {};
}
FN(compatible_types) {
  bool allTensors = true, allAggregates = true;
  for (const SV &x : args) {
    llvm::StringRef k = kindOfValue(x);
    allTensors &= k == "tensor";
    allAggregates &= (k == "tuple" || k == "future") && k == kindOfValue(args[0]);
  }
  if (allTensors)
    return boolean(truthy(fn_compatible_shapes(args)) && truthy(fn_same_element_type(args)));
  if (allAggregates) {
    std::vector<Values> members;
    for (const SV &x : args)
      members.push_back(membersOf(x.type));
    for (const Values &m : members)
      if (m.size() != members[0].size())
        return boolean(false);
    for (size_t n = 0; n < members[0].size(); ++n) {
      Values column;
      for (const Values &m : members)
        column.push_back(m[n]);
      if (!truthy(fn_compatible_types(column)))
        return boolean(false);
    }
    return boolean(true);
  }
  for (const SV &x : args)
    if (!pyEq(x, args[0]))
      return boolean(false);
  return boolean(true);
}
FN(same_type) {
  for (const SV &x : args)
    if (!pyEq(x, args[0]))
      return boolean(false);
  return boolean(true);
}
FN(merge_shapes) {
  Values a = iterate(arg(args, 0)), b = iterate(arg(args, 1)), out;
  for (size_t n = 0; n < std::min(a.size(), b.size()); ++n)
    out.push_back(a[n].isNone() ? b[n] : a[n]);
  return SV::tuple(std::move(out));
}
FN(drop_dims) {
  SV drop = SV::list(iterate(arg(args, 1)));
  Values s = iterate(arg(args, 0)), out;
  for (size_t n = 0; n < s.size(); ++n)
    if (!pyIn(SV::integer(n), drop))
      out.push_back(s[n]);
  return SV::tuple(std::move(out));
}
FN(permute) {
  Values out;
  for (const SV &p : iterate(arg(args, 1)))
    out.push_back(pyIndex(arg(args, 0), p));
  return SV::tuple(std::move(out));
}
static bool isUnique(const Values &xs) {
  for (size_t a = 0; a < xs.size(); ++a)
    for (size_t b = a + 1; b < xs.size(); ++b)
      if (pyEq(xs[a], xs[b]))
        return false;
  return true;
}
FN(is_unique) { return boolean(isUnique(iterate(arg(args, 0)))); }
FN(is_sorted) {
  Values xs = iterate(arg(args, 0));
  for (size_t n = 1; n < xs.size(); ++n)
    if (pyLt(xs[n], xs[n - 1]))
      return boolean(false);
  return boolean(true);
}
FN(is_permutation) {
  SV sorted = fn_sorted({arg(args, 0)});
  return boolean(pyEq(sorted, fn_range({arg(args, 1)})));
}
FN(tensor_type) {
  const SV &e = arg(args, 1);
  Type element = e.kind == Kind::Type ? needTensor(e).getElementType() : asElement(e);
  return tensorOf(arg(args, 0), element);
}
FN(rank0) {
  const SV &e = arg(args, 0);
  Type element = (e.kind == Kind::Str || e.kind == Kind::Elem) ? asElement(e) : needTensor(e).getElementType();
  return SV::ofType(RankedTensorType::get({}, element));
}

// ---------------------------------------------------------- element types

FN(element_type) { return SV::elem(needTensor(arg(args, 0)).getElementType()); }
FN(is_tensor) { return boolean(isTensorValue(arg(args, 0))); }
FN(is_token) { const SV &x = arg(args, 0); return boolean(x.kind == Kind::Type && isa<TokenType>(x.type)); }
FN(is_tuple) { const SV &x = arg(args, 0); return boolean(x.kind == Kind::Type && isa<TupleType>(x.type)); }
FN(tuple_members) {
  const SV &x = arg(args, 0);
  kindOfValue(x);
  return SV::list(membersOf(x.type));
}
FN(is_bool) { return boolean(classOf(arg(args, 0)) == "bool"); }
FN(is_signed) { return boolean(classOf(arg(args, 0)) == "signed"); }
FN(is_unsigned) { return boolean(classOf(arg(args, 0)) == "unsigned"); }
FN(is_integer) {
  std::string c = classOf(arg(args, 0));
  return boolean(c == "signed" || c == "unsigned");
}
FN(is_float) { return boolean(classOf(arg(args, 0)) == "float"); }
FN(is_complex) { return boolean(classOf(arg(args, 0)) == "complex"); }
FN(is_quantized) { return boolean(bool(quantOf(arg(args, 0)))); }
FN(is_per_axis_quantized) {
  auto q = quantOf(arg(args, 0));
  return boolean(q && isPerAxis(q));
}
FN(is_per_tensor_quantized) {
  auto q = quantOf(arg(args, 0));
  return boolean(q && !isPerAxis(q));
}
FN(any_quantized) {
  for (const SV &x : args)
    if (quantOf(x))
      return boolean(true);
  return boolean(false);
}
FN(all_quantized) {
  for (const SV &x : args)
    if (!quantOf(x))
      return boolean(false);
  return boolean(true);
}
FN(bitwidth) {
  const SV &x = arg(args, 0);
  if (x.kind == Kind::Str)
    return SV::integer(elementBits(x.s));
  if (x.kind == Kind::Elem)
    return SV::integer(elementBits(elemText(x.type)));
  if (auto q = quantOf(x))
    return SV::integer(elementBits(storageName(q)));
  return SV::integer(elementBits(elemText(needTensor(x).getElementType())));
}
FN(storage_type) {
  auto q = needQuant(arg(args, 0));
  return SV::elem(IntegerType::get(q.getContext(), q.getStorageTypeIntegralWidth(),
                                   q.isSigned() ? IntegerType::Signless : IntegerType::Unsigned));
}
FN(expressed_type) { return SV::elem(needQuant(arg(args, 0)).getExpressedType()); }
FN(quantization_dimension) {
  auto q = needQuant(arg(args, 0));
  if (auto pa = dyn_cast<quant::UniformQuantizedPerAxisType>(q))
    return SV::integer(pa.getQuantizedDimension());
  return SV::none();
}
FN(scales) {
  auto q = needQuant(arg(args, 0));
  Values out;
  if (auto pa = dyn_cast<quant::UniformQuantizedPerAxisType>(q)) {
    for (double s : pa.getScales())
      out.push_back(SV::real(s));
  } else if (auto pt = dyn_cast<quant::UniformQuantizedType>(q)) {
    out.push_back(SV::real(pt.getScale()));
  } else {
    fail("not a uniform quantized type");
  }
  return SV::list(std::move(out));
}
FN(zero_points) {
  auto q = needQuant(arg(args, 0));
  Values out;
  if (auto pa = dyn_cast<quant::UniformQuantizedPerAxisType>(q)) {
    for (int64_t z : pa.getZeroPoints())
      out.push_back(SV::integer(z));
  } else if (auto pt = dyn_cast<quant::UniformQuantizedType>(q)) {
    out.push_back(SV::integer(pt.getZeroPoint()));
  } else {
    fail("not a uniform quantized type");
  }
  return SV::list(std::move(out));
}
FN(baseline_element_type) {
  const SV &x = arg(args, 0);
  if (auto q = quantOf(x))
    return SV::tuple({SV::str("quant"), SV::str(storageName(q)), SV::elem(q.getExpressedType()),
                      SV::integer(q.getStorageTypeMin()), SV::integer(q.getStorageTypeMax())});
  return fn_element_type({x});
}
FN(same_baseline_element_type) {
  for (const SV &x : args)
    if (!pyEq(fn_baseline_element_type({x}), fn_baseline_element_type({args[0]})))
      return boolean(false);
  return boolean(true);
}
FN(same_quantization_base) { return fn_same_baseline_element_type(args); }
FN(complex_of) {
  const SV &e = arg(args, 0);
  if (e.kind == Kind::Elem && (isa<FloatType>(e.type) || isa<IntegerType>(e.type)))
    return SV::elem(ComplexType::get(e.type));
  std::string name = e.kind == Kind::Str ? e.s : e.kind == Kind::Elem ? elemText(e.type) : e.repr();
  return SV::str("complex<" + name + ">");
}
FN(complex_part) {
  const SV &e = arg(args, 0);
  if (e.kind == Kind::Elem) {
    if (auto c = dyn_cast<ComplexType>(e.type))
      return SV::elem(c.getElementType());
    return e;
  }
  if (e.kind != Kind::Str)
    fail("complex_part of " + e.repr());
  llvm::StringRef s(e.s);
  if (s.starts_with("complex<"))
    return SV::str(s.drop_front(8).drop_back(1).str());
  return e;
}

// ------------------------------------------------------------- regions

FN(block_args) { return SV::list(regionArgs(arg(args, 0))); }
FN(returns) { return SV::list(regionReturns(arg(args, 0))); }
FN(num_blocks) { return SV::integer(needRegion(arg(args, 0)).getBlocks().size()); }
FN(scalar_region) {
  const SV &region = arg(args, 0);
  Values want;
  for (const SV &e : iterate(arg(args, 1)))
    want.push_back(fn_rank0({e}));
  if (needRegion(region).getBlocks().size() != 1)
    return boolean(false);
  Values twice(want);
  twice.insert(twice.end(), want.begin(), want.end());
  return boolean(pyEq(SV::list(regionArgs(region)), SV::list(twice)) &&
                 pyEq(SV::list(regionReturns(region)), SV::list(want)));
}
FN(parent_is_shlo_op) {
  Operation *parent = current ? current->getParentOp() : nullptr;
  return boolean(parent && parent->getName().getStringRef().starts_with("shlo."));
}

// ---------------------------------------------------------------- rules

FN(same_element_type_up_to_axis) {
  const SV &operand = arg(args, 0), &result = arg(args, 1);
  if (!truthy(fn_is_per_axis_quantized({operand})))
    return fn_same_element_type({operand, result});
  return boolean(truthy(fn_is_per_axis_quantized({result})) &&
                 truthy(fn_same_baseline_element_type({operand, result})));
}
FN(broadcast_quantization_ok) {
  const SV &operand = arg(args, 0), &result = arg(args, 1);
  SV axis = fn_quantization_dimension({operand});
  if (!pyEq(fn_quantization_dimension({result}), pyIndex(arg(args, 2), axis)))
    return boolean(false);
  if (pyEq(fn_dim({operand, axis}), SV::integer(1))) {
    SV s0 = pyIndex(fn_scales({operand}), SV::integer(0));
    SV z0 = pyIndex(fn_zero_points({operand}), SV::integer(0));
    for (const SV &s : *fn_scales({result}).items)
      if (!pyEq(s, s0))
        return boolean(false);
    for (const SV &z : *fn_zero_points({result}).items)
      if (!pyEq(z, z0))
        return boolean(false);
  }
  return boolean(true);
}
FN(reshape_quantization_ok) {
  const SV &operand = arg(args, 0), &result = arg(args, 1);
  SV a = fn_quantization_dimension({operand}), b = fn_quantization_dimension({result});
  if (a.isNone() || b.isNone())
    return boolean(false);
  SV beforeA = fn_product({pySlice(fn_shape({operand}), SV::none(), a)});
  SV beforeB = fn_product({pySlice(fn_shape({result}), SV::none(), b)});
  return boolean(compatibleDim(beforeA, beforeB) &&
                 compatibleDim(fn_dim({operand, a}), fn_dim({result, b})));
}
FN(known_size_equal) {
  const SV &a = arg(args, 0), &b = arg(args, 1);
  return boolean(a.isNone() || b.isNone() || pyEq(a, b));
}
FN(is_dimension_tensor) {
  const SV &x = arg(args, 0);
  return boolean(pyEq(fn_rank({x}), SV::integer(1)) && compatibleDim(fn_dim({x, SV::integer(0)}), arg(args, 1)));
}
FN(concatenate_result_shape) {
  Values shapes;
  for (const SV &x : iterate(arg(args, 0)))
    shapes.push_back(fn_shape({x}));
  if (shapes.empty())
    fail("list index out of range");
  SV out = SV::list(*shapes[0].items);
  for (size_t n = 1; n < shapes.size(); ++n)
    out = SV::list(*fn_merge_shapes({fn_tuple({out}), shapes[n]}).items);
  const SV &dimension = arg(args, 1);
  Values along;
  bool dynamic = false;
  for (const SV &s : shapes) {
    along.push_back(pyIndex(s, dimension));
    dynamic |= along.back().isNone();
  }
  Values result(*out.items);
  result[normIndex(dimension.asInt(), result.size())] = dynamic ? SV::none() : fn_sum({SV::list(along)});
  return SV::tuple(std::move(result));
}
FN(same_shape_except) {
  Values shapes;
  for (const SV &x : iterate(arg(args, 0)))
    shapes.push_back(fn_shape({x}));
  if (shapes.empty())
    fail("list index out of range");
  size_t r = shapes[0].items->size();
  for (const SV &s : shapes)
    if (s.items->size() != r)
      return boolean(false);
  for (size_t n = 1; n < shapes.size(); ++n)
    for (size_t d = 0; d < r; ++d)
      if (!pyEq(SV::integer(d), arg(args, 1)) && !compatibleDim((*shapes[0].items)[d], (*shapes[n].items)[d]))
        return boolean(false);
  return boolean(true);
}
FN(pad_result_shape) {
  Values rows = iterate(fn_zip({fn_shape({arg(args, 0)}), arg(args, 1), arg(args, 2), arg(args, 3)}));
  Values out;
  for (const SV &row : rows) {
    const Values &v = *row.items;
    if (v[0].isNone()) {
      out.push_back(SV::none());
      continue;
    }
    SV d = v[0];
    SV grown = pyMul(fn_max({pySub(d, SV::integer(1)), SV::integer(0)}), v[3]);
    out.push_back(pyAdd(pyAdd(pyAdd(v[1], v[2]), d), grown));
  }
  return SV::tuple(std::move(out));
}
FN(slice_result_shape) {
  Values out;
  for (const SV &row : iterate(fn_zip({arg(args, 0), arg(args, 1), arg(args, 2)}))) {
    const Values &v = *row.items;
    out.push_back(pyNeg(pyFloorDiv(pyNeg(pySub(v[1], v[0])), v[2])));
  }
  return SV::tuple(std::move(out));
}
FN(slice_bounds_ok) {
  for (const SV &row : iterate(fn_zip({arg(args, 1), arg(args, 2), fn_shape({arg(args, 0)})}))) {
    const Values &v = *row.items;
    if (!(!pyLt(v[0], SV::integer(0)) && !pyLt(v[1], v[0]) && (v[2].isNone() || !pyLt(v[2], v[1]))))
      return boolean(false);
  }
  return boolean(true);
}
FN(start_indices_ok) {
  Values xs = iterate(arg(args, 0));
  for (const SV &i : xs)
    if (!pyEq(fn_rank({i}), SV::integer(0)))
      return boolean(false);
  return fn_same_type(xs);
}
FN(abs_element_type) {
  const SV &x = arg(args, 0);
  if (truthy(fn_is_complex({x})))
    return fn_complex_part({fn_element_type({x})});
  return fn_baseline_element_type({x});
}
FN(scalar_or_compatible) {
  const SV &x = arg(args, 0);
  return boolean(pyEq(fn_rank({x}), SV::integer(0)) ||
                 compatibleDims(fn_shape({x}), fn_shape({arg(args, 1)})));
}
FN(bitcast_convert_shape_ok) {
  const SV &operand = arg(args, 0), &result = arg(args, 1);
  int64_t ebits = fn_bitwidth({operand}).i, rbits = fn_bitwidth({result}).i;
  Values ins = *fn_shape({operand}).items, outs = *fn_shape({result}).items;
  size_t r = ins.size();
  auto sub = [](const Values &v, size_t n) { return SV::tuple(Values(v.begin(), v.begin() + std::min(n, v.size()))); };
  if (rbits == ebits)
    return boolean(compatibleDims(SV::tuple(outs), SV::tuple(ins)));
  if (rbits < ebits) {
    if (outs.size() != r + 1 || !compatibleDims(sub(outs, r), SV::tuple(ins)))
      return boolean(false);
    return boolean(ebits % rbits == 0 && compatibleDim(outs[r], SV::integer(ebits / rbits)));
  }
  if (r == 0 || outs.size() != r - 1 || !compatibleDims(SV::tuple(outs), sub(ins, r - 1)))
    return boolean(false);
  return boolean(rbits % ebits == 0 && compatibleDim(ins[r - 1], SV::integer(rbits / ebits)));
}
static bool allInRange(const SV &values, const SV &n) {
  for (const SV &x : iterate(values))
    if (pyLt(x, SV::integer(0)) || !pyLt(x, n))
      return false;
  return true;
}
FN(all_in_range) { return boolean(allInRange(arg(args, 0), arg(args, 1))); }
FN(dims_ok) { return boolean(isUnique(iterate(arg(args, 0))) && allInRange(arg(args, 0), arg(args, 1))); }
FN(divisible) {
  const SV &size = arg(args, 0);
  return boolean(size.isNone() || pyEq(pyMod(size, arg(args, 1)), SV::integer(0)));
}
FN(dim_if_valid) {
  const SV &x = arg(args, 0), &d = arg(args, 1);
  // isinstance(d, int) holds for bools too.
  if ((d.kind == Kind::Int || d.kind == Kind::Bool) && d.i >= 0 && pyLt(d, fn_rank({x})))
    return fn_dim({x, d});
  return SV::none();
}
FN(size_quotient) {
  const SV &size = arg(args, 0), &count = arg(args, 1);
  if (size.isNone() || count.isNone())
    return SV::none();
  return pyFloorDiv(size, count);
}
FN(index_vector_size) {
  const SV &indices = arg(args, 0), &ivd = arg(args, 1);
  if (pyLt(ivd, fn_rank({indices})))
    return fn_dim({indices, ivd});
  return SV::integer(1);
}
static SV dimsList(std::initializer_list<SV> parts) {
  Values out;
  for (const SV &p : parts) {
    if (p.isSeq())
      out.insert(out.end(), p.items->begin(), p.items->end());
    else
      out.push_back(p);
  }
  return SV::list(std::move(out));
}
FN(conv_input_dims) {
  const SV &d = arg(args, 0);
  return dimsList({structGet(d, "input_batch_dimension"), structGet(d, "input_spatial_dimensions"),
                   structGet(d, "input_feature_dimension")});
}
FN(conv_kernel_dims) {
  const SV &d = arg(args, 0);
  return dimsList({structGet(d, "kernel_input_feature_dimension"), structGet(d, "kernel_output_feature_dimension"),
                   structGet(d, "kernel_spatial_dimensions")});
}
FN(conv_output_dims) {
  const SV &d = arg(args, 0);
  return dimsList({structGet(d, "output_batch_dimension"), structGet(d, "output_spatial_dimensions"),
                   structGet(d, "output_feature_dimension")});
}
FN(is_feature_vector) {
  const SV &x = arg(args, 0);
  return boolean(pyEq(fn_rank({x}), SV::integer(1)) &&
                 compatibleDim(fn_dim({x, SV::integer(0)}), fn_dim({arg(args, 1), arg(args, 2)})));
}
FN(compatible_type_lists) {
  Values a = iterate(arg(args, 0)), b = iterate(arg(args, 1));
  if (a.size() != b.size())
    return boolean(false);
  for (size_t n = 0; n < a.size(); ++n)
    if (!truthy(fn_compatible_types({a[n], b[n]})))
      return boolean(false);
  return boolean(true);
}
FN(channel_id) {
  const SV &h = arg(args, 0);
  return h.isNone() ? SV::integer(0) : structGet(h, "handle");
}
FN(binary_reducer_type) {
  const SV &region = arg(args, 0);
  if (needRegion(region).getBlocks().size() != 1)
    return SV::none();
  Values a = regionArgs(region), r = regionReturns(region);
  if (a.size() != 2 || r.size() != 1)
    return SV::none();
  const SV &e = a[0];
  if (!isTensorValue(e) || needTensor(e).getRank() != 0 || !pyEq(a[1], e) || !pyEq(r[0], e))
    return SV::none();
  return e;
}
FN(region_return_elements) {
  Values out;
  for (const SV &t : regionReturns(arg(args, 0)))
    out.push_back(fn_element_type({t}));
  return SV::list(std::move(out));
}
FN(literal_values) { return SV::list(literalInts(arg(args, 0))); }
FN(group_size) {
  const SV &lit = arg(args, 0);
  if (lit.kind != Kind::Elements)
    fail("expected a tensor literal");
  return pyIndex(fn_shape({SV::ofType(lit.type)}), SV::integer(1));
}
FN(replica_groups_unique) {
  const SV &lit = arg(args, 0);
  if (lit.kind != Kind::Elements)
    fail("expected a tensor literal");
  return boolean(pyEq(fn_rank({SV::ofType(lit.type)}), SV::integer(2)) && isUnique(literalInts(lit)));
}
FN(replica_groups_dense) {
  Values ids = literalInts(arg(args, 0));
  for (const SV &i : ids)
    if (i.i < 0 || i.i >= int64_t(ids.size()))
      return boolean(false);
  return boolean(true);
}
FN(triangular_solve_shapes_ok) {
  SV sa = fn_shape({arg(args, 0)}), sb = fn_shape({arg(args, 1)});
  SV m2 = SV::integer(-2), m1 = SV::integer(-1);
  return boolean(compatibleDims(pySlice(sa, SV::none(), m2), pySlice(sb, SV::none(), m2)) &&
                 compatibleDim(pyIndex(sa, m2), pyIndex(sa, m1)) &&
                 compatibleDim(pyIndex(sa, m1), truthy(arg(args, 2)) ? pyIndex(sb, m2) : pyIndex(sb, m1)));
}
FN(dot_general_shape) {
  const SV &d = arg(args, 2);
  SV lb = structGet(d, "lhs_batching_dimensions"), rb = structGet(d, "rhs_batching_dimensions");
  SV lc = structGet(d, "lhs_contracting_dimensions"), rc = structGet(d, "rhs_contracting_dimensions");
  SV ls = fn_shape({arg(args, 0)}), rs = fn_shape({arg(args, 1)});
  Values out;
  for (const SV &row : iterate(fn_zip({lb, rb}))) {
    SV l = pyIndex(ls, (*row.items)[0]);
    out.push_back(l.isNone() ? pyIndex(rs, (*row.items)[1]) : l);
  }
  for (size_t n = 0; n < ls.items->size(); ++n)
    if (!pyIn(SV::integer(n), lb) && !pyIn(SV::integer(n), lc))
      out.push_back((*ls.items)[n]);
  for (size_t n = 0; n < rs.items->size(); ++n)
    if (!pyIn(SV::integer(n), rb) && !pyIn(SV::integer(n), rc))
      out.push_back((*rs.items)[n]);
  return SV::tuple(std::move(out));
}
FN(is_promotable) {
  const SV &x = arg(args, 0), &y = arg(args, 1);
  if (quantOf(x) || quantOf(y))
    return boolean(quantOf(x) && quantOf(y) && pyEq(fn_expressed_type({x}), fn_expressed_type({y})) &&
                   !pyLt(fn_bitwidth({y}), fn_bitwidth({x})));
  std::string cx = elementClass(fn_element_type({x})), cy = elementClass(fn_element_type({y}));
  return boolean(cx == cy && !pyLt(fn_bitwidth({y}), fn_bitwidth({x})));
}
FN(reducer_signature_ok) {
  Values elements;
  for (const SV &i : iterate(arg(args, 1)))
    elements.push_back(fn_element_type({i}));
  return fn_scalar_region({arg(args, 0), SV::list(std::move(elements))});
}
static bool promotable(const SV &source, const SV &target) {
  if (pyEq(source, target))
    return true;
  std::string s = source.kind == Kind::Str ? source.s : elemText(asElement(source));
  std::string t = target.kind == Kind::Str ? target.s : elemText(asElement(target));
  if (llvm::StringRef(s).starts_with("!quant") || llvm::StringRef(t).starts_with("!quant"))
    return false;
  std::string a = elementClass(SV::str(s)), b = elementClass(SV::str(t));
  auto integral = [](const std::string &c) { return c == "bool" || c == "signed" || c == "unsigned"; };
  bool same = (integral(a) && integral(b)) || (a == "float" && b == "float") || (a == "complex" && b == "complex");
  if (!same)
    return false;
  return a == "float" || elementBits(s) <= elementBits(t);
}
FN(promotable) { return boolean(promotable(arg(args, 0), arg(args, 1))); }
FN(accumulator_types) {
  Values init = iterate(arg(args, 1));
  size_t n = init.size();
  Values a = regionArgs(arg(args, 0));
  bool fromBody = a.size() >= n;
  for (size_t k = 0; fromBody && k < n; ++k)
    fromBody = isTensorValue(a[k]) && needTensor(a[k]).getRank() == 0;
  Values out;
  for (size_t k = 0; k < n; ++k)
    out.push_back(fn_element_type({fromBody ? a[k] : init[k]}));
  return SV::list(std::move(out));
}
FN(promoted_reducer_ok) {
  const SV &body = arg(args, 0), &init = arg(args, 1), &inputs = arg(args, 2);
  SV elements = fn_accumulator_types({body, init});
  if (!truthy(fn_scalar_region({body, elements})))
    return boolean(false);
  for (const SV &row : iterate(fn_zip({init, inputs, elements}))) {
    const Values &v = *row.items;
    if (!promotable(fn_element_type({v[0]}), v[2]) || !promotable(fn_element_type({v[1]}), v[2]))
      return boolean(false);
  }
  return boolean(true);
}
#undef FN

// ------------------------------------------------- more rules (second slice)

#define FN(name) SV spec::fn_##name(const Values &args)
namespace {
SV optionalArg(const Values &args, size_t n) { return n < args.size() ? args[n] : SV::none(); }

// Row-major entries of a rank-2 integer literal, as rows.
std::vector<Values> literalRows(const SV &lit) {
  Values flat = literalInts(lit);
  auto t = dyn_cast<RankedTensorType>(lit.type);
  if (!t || t.getRank() != 2)
    fail("expected a rank-2 tensor literal");
  int64_t cols = t.getDimSize(1);
  std::vector<Values> rows;
  for (size_t i = 0; cols > 0 && i < flat.size(); i += cols)
    rows.emplace_back(flat.begin() + i, flat.begin() + i + cols);
  return rows;
}

bool sameTypes(const Values &a, const Values &b) { return pyEq(SV::list(a), SV::list(b)); }

SV halfPlusOne(const SV &d) {
  if (d.isNone())
    return d;
  return d.asInt() == 0 ? SV::integer(0) : SV::integer(pyFloorDiv(d, SV::integer(2)).i + 1);
}

SV resized(const SV &shape, const SV &index, const SV &factor, const SV &divisor) {
  Values s = iterate(shape);
  size_t n = normIndex(index.asInt(), s.size());
  if (!s[n].isNone()) {
    if (!factor.isNone())
      s[n] = pyMul(s[n], factor);
    if (!divisor.isNone())
      s[n] = pyFloorDiv(s[n], divisor);
  }
  return SV::tuple(std::move(s));
}

bool sameElsewhere(const SV &r, const SV &o, const SV &index) {
  SV at = SV::list({index});
  return compatibleDims(fn_drop_dims({r, at}), fn_drop_dims({o, at}));
}

SV windowAttrOr(const SV &values, int64_t n, int64_t dflt) {
  if (!values.isNone())
    return SV::list(iterate(values));
  return SV::list(Values(n, SV::integer(dflt)));
}

SV paddingPairs(const SV &padding, int64_t n) {
  if (padding.isNone())
    return SV::list(Values(n, SV::tuple({SV::integer(0), SV::integer(0)})));
  Values out;
  for (Values &row : literalRows(padding))
    out.push_back(SV::tuple(std::move(row)));
  return SV::list(std::move(out));
}

SV numWindows(const SV &size, const SV &window, const SV &stride, const SV &bd, const SV &wd, const SV &lo,
              const SV &hi) {
  if (size.isNone() || window.isNone())
    return SV::none();
  SV dilated = size.asInt() == 0 ? SV::integer(0) : pyAdd(pyMul(pySub(size, SV::integer(1)), bd), SV::integer(1));
  SV padded = pyAdd(pyAdd(lo, dilated), hi);
  SV win = window.asInt() == 0 ? SV::integer(0) : pyAdd(pyMul(pySub(window, SV::integer(1)), wd), SV::integer(1));
  if (!pyLt(SV::integer(0), padded) || pyLt(padded, win))
    return SV::integer(0);
  return pyAdd(pyFloorDiv(pySub(padded, win), stride), SV::integer(1));
}

SV indexBatchSizes(const SV &indices, const SV &ivd) {
  Values s = *fn_shape({indices}).items, out;
  for (size_t i = 0; i < s.size(); ++i)
    if (!pyEq(SV::integer(i), ivd))
      out.push_back(s[i]);
  return SV::tuple(std::move(out));
}

bool layoutFits(const SV &layout, const SV &x) {
  if (isTensorValue(x))
    return truthy(fn_is_permutation({layout, fn_rank({x})}));
  return fn_len({layout}).i == 0;
}

// Python's re.fullmatch(r"[A-Za-z_][A-Za-z0-9_$]*(\.[A-Za-z_][A-Za-z0-9_$]*)+").
bool namespacedName(llvm::StringRef s) {
  SmallVector<llvm::StringRef> parts;
  s.split(parts, '.');
  if (parts.size() < 2)
    return false;
  for (llvm::StringRef p : parts) {
    if (p.empty() || !(isalpha(uint8_t(p[0])) || p[0] == '_'))
      return false;
    for (char c : p)
      if (!(isalnum(uint8_t(c)) || c == '_' || c == '$'))
        return false;
  }
  return true;
}

Operation *enclosingModule() {
  Operation *parent = current ? current->getParentOp() : nullptr;
  while (parent && parent->getName().getStringRef() != "builtin.module")
    parent = parent->getParentOp();
  return parent;
}
} // namespace

FN(padding_shape_ok) {
  const SV &padding = arg(args, 0);
  if (padding.isNone())
    return boolean(true);
  SV shape = pyAttr(pyAttr(padding, "type"), "shape");
  return boolean(pyEq(fn_tuple({shape}), SV::tuple({arg(args, 1), SV::integer(2)})));
}
FN(literal_column) {
  Values out;
  for (const Values &row : literalRows(arg(args, 0)))
    out.push_back(pyIndex(SV::list(row), arg(args, 1)));
  return SV::list(std::move(out));
}
FN(is_namespaced_op_name) {
  const SV &name = arg(args, 0);
  return boolean(name.kind == Kind::Str && namespacedName(name.s));
}
FN(predicate_region_ok) {
  const SV &region = arg(args, 0);
  SV want = fn_rank0({arg(args, 1)});
  SV i1 = SV::ofType(RankedTensorType::get({}, IntegerType::get(context(), 1)));
  return boolean(needRegion(region).getBlocks().size() == 1 && sameTypes(regionArgs(region), {want, want}) &&
                 sameTypes(regionReturns(region), {i1}));
}
static bool promotableElement(const SV &source, const SV &target) {
  if (pyEq(source, target))
    return true;
  std::string s = elemText(asElement(source)), t = elemText(asElement(target));
  if (llvm::StringRef(s).starts_with("!quant") || llvm::StringRef(t).starts_with("!quant"))
    return false;
  std::string cs = elementClass(SV::str(s)), ct = elementClass(SV::str(t));
  if (cs != ct || cs == "bool")
    return false;
  if (cs == "complex")
    return elementBits(fn_complex_part({SV::str(t)}).s) >= elementBits(fn_complex_part({SV::str(s)}).s);
  return elementBits(t) >= elementBits(s);
}
FN(promoted_region_ok) {
  const SV &region = arg(args, 0);
  Values values = iterate(arg(args, 1));
  size_t n = values.size();
  Values a = regionArgs(region), r = regionReturns(region);
  if (needRegion(region).getBlocks().size() != 1 || a.size() != 2 * n || r.size() != n)
    return boolean(false);
  for (size_t i = 0; i < n; ++i) {
    for (const SV &t : {a[i], a[n + i], r[i]})
      if (!isTensorValue(t) || needTensor(t).getRank() != 0)
        return boolean(false);
    if (!(pyEq(a[i], a[n + i]) && pyEq(a[n + i], r[i])))
      return boolean(false);
    const SV &x = values[i];
    needTensor(x);
    if (quantOf(x) || quantOf(a[i])) {
      if (!truthy(fn_same_quantization_base({x, a[i]})))
        return boolean(false);
    } else if (!promotableElement(fn_element_type({x}), fn_element_type({a[i]}))) {
      return boolean(false);
    }
  }
  return boolean(true);
}
FN(map_signature_ok) {
  const SV &computation = arg(args, 0);
  Values want;
  for (const SV &x : iterate(arg(args, 1)))
    want.push_back(fn_rank0({fn_element_type({x})}));
  SV ret = fn_rank0({fn_element_type({arg(args, 2)})});
  return boolean(needRegion(computation).getBlocks().size() == 1 && sameTypes(regionArgs(computation), want) &&
                 sameTypes(regionReturns(computation), {ret}));
}
FN(comparator_signature_ok) {
  const SV &comparator = arg(args, 0);
  Values want;
  for (const SV &x : iterate(arg(args, 1))) {
    SV r0 = fn_rank0({fn_element_type({x})});
    want.push_back(r0);
    want.push_back(r0);
  }
  SV i1 = SV::ofType(RankedTensorType::get({}, IntegerType::get(context(), 1)));
  return boolean(needRegion(comparator).getBlocks().size() == 1 && sameTypes(regionArgs(comparator), want) &&
                 sameTypes(regionReturns(comparator), {i1}));
}
FN(fft_element_types_ok) {
  const SV &operand = arg(args, 0), &fftType = arg(args, 2);
  SV a = fn_element_type({operand}), b = fn_element_type({arg(args, 1)});
  if (pyIn(fftType, SV::tuple({SV::str("FFT"), SV::str("IFFT")})))
    return boolean(truthy(fn_is_complex({operand})) && pyEq(a, b));
  if (pyEq(fftType, SV::str("RFFT")))
    return boolean(truthy(fn_is_float({operand})) && pyEq(b, fn_complex_of({a})));
  return boolean(truthy(fn_is_complex({operand})) && pyEq(b, fn_complex_part({a})));
}
FN(fft_real_operand) {
  const SV &fftType = arg(args, 2);
  if (pyEq(fftType, SV::str("RFFT")))
    return arg(args, 0);
  if (pyEq(fftType, SV::str("IRFFT")))
    return arg(args, 1);
  return SV::none();
}
FN(fft_result_shape_ok) {
  Values a = *fn_shape({arg(args, 0)}).items, b = *fn_shape({arg(args, 1)}).items;
  const SV &fftType = arg(args, 2);
  if (a.size() != b.size() || a.empty())
    return boolean(false);
  if (!compatibleDims(SV::tuple(Values(a.begin(), a.end() - 1)), SV::tuple(Values(b.begin(), b.end() - 1))))
    return boolean(false);
  if (pyEq(fftType, SV::str("RFFT")))
    return boolean(compatibleDim(b.back(), halfPlusOne(a.back())));
  if (pyEq(fftType, SV::str("IRFFT")))
    return boolean(compatibleDim(a.back(), halfPlusOne(b.back())));
  return boolean(compatibleDim(a.back(), b.back()));
}
FN(slice_sizes_fit) {
  const SV &operand = arg(args, 0), &sizes = arg(args, 1);
  if (!pyEq(fn_len({sizes}), fn_rank({operand})))
    return boolean(false);
  for (const SV &row : iterate(fn_zip({sizes, fn_shape({operand})}))) {
    const Values &v = *row.items;
    if (pyLt(v[0], SV::integer(0)) || !(v[1].isNone() || !pyLt(v[1], v[0])))
      return boolean(false);
  }
  return boolean(true);
}
FN(conv_quantization_ok) {
  const SV &lhs = arg(args, 0), &rhs = arg(args, 1), &result = arg(args, 2), &d = arg(args, 3);
  if (!quantOf(rhs))
    return boolean(false);
  if (quantOf(lhs) && !pyEq(fn_storage_type({lhs}), fn_storage_type({rhs})))
    return boolean(false);
  if (truthy(fn_is_per_axis_quantized({rhs})) &&
      !pyEq(fn_quantization_dimension({rhs}), structGet(d, "kernel_output_feature_dimension")))
    return boolean(false);
  if (truthy(fn_is_per_axis_quantized({result})) &&
      !pyEq(fn_quantization_dimension({result}), structGet(d, "output_feature_dimension")))
    return boolean(false);
  return boolean(true);
}
FN(gathered_shape_ok) {
  const SV &rs = arg(args, 0), &os = arg(args, 1), &index = arg(args, 2);
  bool same = sameElsewhere(rs, os, index);
  SV r = pyIndex(rs, index), o = pyIndex(os, index);
  if (r.isNone() || o.isNone())
    return boolean(same);
  if (!same)
    return boolean(false);
  if (o.asInt() == 0)
    return boolean(r.asInt() == 0);
  return boolean(pyMod(r, o).i == 0 && !pyLt(r, o));
}
FN(all_to_all_shape) {
  const SV &s = arg(args, 0), &split = arg(args, 1), &concat = arg(args, 2), &count = arg(args, 3);
  if (pyEq(split, concat))
    return fn_tuple({s});
  return resized(resized(s, split, SV::none(), count), concat, count, SV::none());
}
FN(process_group_size) {
  if (pyLt(SV::integer(0), fn_channel_id({arg(args, 1)})) && !truthy(arg(args, 2)))
    return SV::none();
  return fn_group_size({arg(args, 0)});
}
FN(group_resized_shape_ok) {
  const SV &rs = arg(args, 0), &os = arg(args, 1), &index = arg(args, 2), &group = arg(args, 3);
  bool gather = args.size() < 5 || truthy(args[4]);
  if (!group.isNone()) {
    SV want = gather ? resized(os, index, group, SV::none()) : resized(os, index, SV::none(), group);
    return boolean(compatibleDims(rs, want));
  }
  bool same = sameElsewhere(rs, os, index);
  SV r = pyIndex(rs, index), o = pyIndex(os, index);
  if (r.isNone() || o.isNone())
    return boolean(same);
  if (!same)
    return boolean(false);
  return boolean(gather ? pyMod(r, o).i == 0 && !pyLt(r, o) : pyMod(o, r).i == 0 && !pyLt(o, r));
}
FN(is_future_of) {
  const SV &x = arg(args, 0);
  return boolean(x.kind == Kind::Type && isa<FutureType>(x.type) &&
                 sameTypes(membersOf(x.type), iterate(arg(args, 1))));
}
FN(layout_fits) { return boolean(layoutFits(arg(args, 0), arg(args, 1))); }
FN(result_layouts_ok) {
  Values layouts = iterate(arg(args, 0)), results = iterate(arg(args, 1));
  if (layouts.size() == results.size()) {
    bool all = true;
    for (size_t i = 0; all && i < layouts.size(); ++i)
      all = layoutFits(layouts[i], results[i]);
    if (all)
      return boolean(true);
  }
  if (results.size() == 1 && results[0].kind == Kind::Type && isa<TupleType>(results[0].type)) {
    Values members = membersOf(results[0].type);
    if (layouts.size() != members.size())
      return boolean(false);
    for (size_t i = 0; i < layouts.size(); ++i)
      if (!layoutFits(layouts[i], members[i]))
        return boolean(false);
    return boolean(true);
  }
  return boolean(false);
}
FN(results_as_one) {
  Values results = iterate(arg(args, 0));
  if (results.size() == 1)
    return results[0];
  SmallVector<Type> types;
  for (const SV &r : results) {
    if (r.kind != Kind::Type)
      fail("expected a type, got " + r.repr());
    types.push_back(r.type);
  }
  return SV::ofType(TupleType::get(context(), types));
}
FN(member_at) {
  SV x = arg(args, 0);
  for (const SV &i : iterate(arg(args, 1))) {
    if (!(x.kind == Kind::Type && isa<TupleType>(x.type)))
      return SV::none();
    Values members = membersOf(x.type);
    if (pyLt(i, SV::integer(0)) || !pyLt(i, SV::integer(members.size())))
      return SV::none();
    x = members[i.asInt()];
  }
  return x;
}
FN(gather_shape) {
  const SV &d = arg(args, 2);
  Values batch = *indexBatchSizes(arg(args, 1), structGet(d, "index_vector_dim")).items;
  SV dropped = pyAdd(structGet(d, "collapsed_slice_dims"), structGet(d, "operand_batching_dims"));
  Values offsets;
  Values sizes = iterate(arg(args, 3));
  for (size_t i = 0; i < sizes.size(); ++i)
    if (!pyIn(SV::integer(i), dropped))
      offsets.push_back(sizes[i]);
  SV offsetDims = structGet(d, "offset_dims");
  Values out;
  size_t b = 0, o = 0;
  for (size_t k = 0; k < batch.size() + offsets.size(); ++k) {
    if (pyIn(SV::integer(k), offsetDims)) {
      if (o >= offsets.size())
        fail("list index out of range");
      out.push_back(offsets[o++]);
    } else {
      if (b >= batch.size())
        fail("tuple index out of range");
      out.push_back(batch[b++]);
    }
  }
  return SV::tuple(std::move(out));
}
FN(scatter_updates_shape_ok) {
  const SV &input = arg(args, 0), &d = arg(args, 3);
  Values batch = *indexBatchSizes(arg(args, 1), structGet(d, "index_vector_dim")).items;
  SV windowList = structGet(d, "update_window_dims");
  Values windowUnique;
  for (const SV &w : iterate(windowList))
    if (!pyIn(w, SV::list(windowUnique)))
      windowUnique.push_back(w);
  Values us = *fn_shape({arg(args, 2)}).items;
  if (us.size() != windowUnique.size() + batch.size())
    return boolean(false);
  Values scatterSizes;
  for (size_t i = 0; i < us.size(); ++i)
    if (!pyIn(SV::integer(i), SV::list(windowUnique)))
      scatterSizes.push_back(us[i]);
  if (!compatibleDims(SV::tuple(scatterSizes), SV::tuple(batch)))
    return boolean(false);
  SV dropped = pyAdd(structGet(d, "inserted_window_dims"), structGet(d, "input_batching_dims"));
  Values bounds, inputShape = *fn_shape({input}).items;
  for (size_t i = 0; i < inputShape.size(); ++i)
    if (!pyIn(SV::integer(i), dropped))
      bounds.push_back(inputShape[i]);
  Values sorted = *fn_sorted({SV::list(windowUnique)}).items, sizes;
  for (const SV &i : sorted)
    sizes.push_back(pyIndex(SV::tuple(us), i));
  if (bounds.size() != sizes.size())
    return boolean(false);
  for (size_t i = 0; i < sizes.size(); ++i)
    if (!(sizes[i].isNone() || bounds[i].isNone() || !pyLt(bounds[i], sizes[i])))
      return boolean(false);
  return boolean(true);
}
FN(padding_pairs) { return paddingPairs(arg(args, 0), arg(args, 1).asInt()); }
FN(reduce_window_shape) {
  const SV &input = arg(args, 0);
  int64_t n = fn_rank({input}).i;
  SV strides = windowAttrOr(optionalArg(args, 2), n, 1), bdil = windowAttrOr(optionalArg(args, 3), n, 1);
  SV wdil = windowAttrOr(optionalArg(args, 4), n, 1), pads = paddingPairs(optionalArg(args, 5), n);
  Values out;
  for (const SV &row : iterate(fn_zip({fn_shape({input}), arg(args, 1), strides, bdil, wdil, pads}))) {
    const Values &v = *row.items;
    out.push_back(numWindows(v[0], v[1], v[2], v[3], v[4], unpackAt(v[5], 2, 0), unpackAt(v[5], 2, 1)));
  }
  return SV::tuple(std::move(out));
}
FN(conv_shape) {
  const SV &lhs = arg(args, 0), &rhs = arg(args, 1), &d = arg(args, 2), &padding = arg(args, 4);
  int64_t n = fn_rank({lhs}).i - 2;
  SV strides = windowAttrOr(arg(args, 3), n, 1), ldil = windowAttrOr(arg(args, 5), n, 1);
  SV rdil = windowAttrOr(arg(args, 6), n, 1);
  SV batchGroups = arg(args, 7);
  Values out(fn_rank({lhs}).i, SV::none());
  auto put = [&](const SV &index, SV value) { out[normIndex(index.asInt(), out.size())] = std::move(value); };
  SV batch = fn_dim({lhs, structGet(d, "input_batch_dimension")});
  put(structGet(d, "output_batch_dimension"),
      batch.isNone() || batchGroups.isNone() ? SV::none() : pyFloorDiv(batch, batchGroups));
  put(structGet(d, "output_feature_dimension"), fn_dim({rhs, structGet(d, "kernel_output_feature_dimension")}));
  SV inSpatial = structGet(d, "input_spatial_dimensions"), kSpatial = structGet(d, "kernel_spatial_dimensions");
  SV outSpatial = structGet(d, "output_spatial_dimensions");
  for (int64_t i = 0; i < n; ++i) {
    SV at = SV::integer(i);
    SV size = fn_dim({lhs, pyIndex(inSpatial, at)});
    SV window = fn_dim({rhs, pyIndex(kSpatial, at)});
    if (padding.isNone()) {
      put(pyIndex(outSpatial, at), SV::none());
    } else {
      SV pair = pyIndex(padding, at);
      put(pyIndex(outSpatial, at), numWindows(size, window, pyIndex(strides, at), pyIndex(ldil, at),
                                              pyIndex(rdil, at), unpackAt(pair, 2, 0), unpackAt(pair, 2, 1)));
    }
  }
  return SV::tuple(std::move(out));
}
FN(function_type) {
  const SV &symbol = arg(args, 1);
  Operation *module = enclosingModule();
  if (!module)
    return SV::none();
  if (symbol.kind != Kind::Str)
    fail("expected a symbol name, got " + symbol.repr());
  Region &body = module->getRegion(0);
  if (body.empty())
    return SV::none();
  for (Operation &f : body.front()) {
    if (f.getName().getStringRef() != "func.func")
      continue;
    auto name = f.getAttrOfType<StringAttr>("sym_name");
    if (!name || name.getValue() != symbol.s)
      continue;
    auto type = f.getAttrOfType<TypeAttr>("function_type");
    auto fn = type ? dyn_cast<FunctionType>(type.getValue()) : FunctionType();
    if (!fn)
      fail("function_type is not a function type");
    return SV::tuple({SV::list(typesOf(fn.getInputs())), SV::list(typesOf(fn.getResults()))});
  }
  return SV::none();
}
FN(is_string_attr) {
  const SV &a = arg(args, 0);
  return boolean(a.kind == Kind::Str || ((a.kind == Kind::Attr) && isa<StringAttr>(a.attr)));
}
FN(is_dictionary_attr) {
  const SV &a = arg(args, 0);
  return boolean(a.kind == Kind::Attr && isa<DictionaryAttr>(a.attr));
}
FN(is_known_dot_algorithm) {
  // python/shlo/dot_algorithm.py: the algorithms StableHLO's verifier knows.
  const SV &a = arg(args, 0);
  auto name = [&](const char *field) {
    SV v = structGet(a, field);
    return v.kind == Kind::Elem ? elemText(v.type) : v.kind == Kind::Str ? v.s : v.repr();
  };
  std::string lhs = name("lhs_precision_type"), rhs = name("rhs_precision_type"), acc = name("accumulation_type");
  int64_t ops = structGet(a, "num_primitive_operations").asInt();
  if (structGet(a, "lhs_component_count").asInt() != 1 || structGet(a, "rhs_component_count").asInt() != 1)
    return boolean(false);
  static const char *const f8[] = {"f8E4M3FN", "f8E5M2", "f8E4M3FNUZ", "f8E5M2FNUZ", "f8E4M3B11FNUZ", "f8E4M3", "f8E3M4"};
  auto isF8 = [](const std::string &t) {
    return std::any_of(std::begin(f8), std::end(f8), [&](const char *x) { return t == x; });
  };
  if (isF8(lhs) && isF8(rhs))
    return boolean(acc == "f32" && ops == 1);
  struct Known { const char *lhs, *rhs, *acc; std::vector<int64_t> ops; };
  static const Known known[] = {
      {"bf16", "bf16", "bf16", {1}}, {"bf16", "bf16", "f32", {1, 3, 6, 9}}, {"f16", "f16", "f16", {1}},
      {"f16", "f16", "f32", {1}},    {"tf32", "tf32", "f32", {1, 3}},       {"f32", "f32", "f32", {1}},
      {"f64", "f64", "f64", {1}}};
  if (truthy(structGet(a, "allow_imprecise_accumulation")))
    return boolean(false);
  for (const Known &k : known)
    if (lhs == k.lhs && rhs == k.rhs && acc == k.acc)
      return boolean(llvm::is_contained(k.ops, ops));
  return boolean(false);
}
FN(is_top_level) {
  Operation *parent = current ? current->getParentOp() : nullptr;
  return boolean(parent && parent->getName().getStringRef() == "builtin.module");
}
FN(used_once_by) {
  const SV &name = arg(args, 1);
  if (!current || current->getNumResults() != 1)
    return boolean(false);
  Value result = current->getResult(0);
  if (!result.hasOneUse())
    return boolean(false);
  return boolean(name.kind == Kind::Str && result.getUses().begin()->getOwner()->getName().getStringRef() == name.s);
}
#undef FN

// ------------------------------------------------- meshes and shardings

#define FN(name) SV spec::fn_##name(const Values &args)
namespace {
// A `#shlo.sharding<...>` attribute's fields as python/shlo/sharding.py's Sharding holds them.
struct ShardingView {
  std::string mesh;
  std::vector<std::vector<std::string>> dims;
  std::vector<int64_t> open, priorities;
  std::vector<std::string> replicated;
  std::vector<std::string> unreduced; // since 1.7.0; absent reads as empty

  std::vector<std::string> axes() const {
    std::vector<std::string> out;
    for (const auto &d : dims)
      out.insert(out.end(), d.begin(), d.end());
    out.insert(out.end(), replicated.begin(), replicated.end());
    out.insert(out.end(), unreduced.begin(), unreduced.end());
    return out;
  }
};

std::vector<std::string> axisNames(Attribute a) {
  auto list = dyn_cast_or_null<ArrayAttr>(a);
  if (!list)
    fail("expected a list of mesh axis names");
  std::vector<std::string> out;
  for (Attribute x : list) {
    auto s = dyn_cast<StringAttr>(x);
    if (!s)
      fail("a mesh axis name is not a string");
    out.push_back(s.getValue().str());
  }
  return out;
}

ShardingView shardingOf(const SV &v) {
  auto s = v.kind == Kind::Struct ? dyn_cast<ShardingAttr>(v.attr) : ShardingAttr();
  if (!s)
    fail("expected a sharding, got " + v.repr());
  ShardingView out;
  out.mesh = s.getMesh() ? s.getMesh().getValue().str() : "";
  auto dims = dyn_cast_or_null<ArrayAttr>(s.getDims());
  if (!dims)
    fail("sharding dims are not a list");
  for (Attribute d : dims)
    out.dims.push_back(axisNames(d));
  out.open.assign(s.getOpen().begin(), s.getOpen().end());
  out.priorities.assign(s.getPriorities().begin(), s.getPriorities().end());
  out.replicated = axisNames(s.getReplicated());
  if (s.getUnreduced())
    out.unreduced = axisNames(s.getUnreduced());
  return out;
}

using MeshSizes = std::vector<std::pair<std::string, int64_t>>;

// The axes of the `shlo.mesh` named `name` at the top of the current op's
// module (python: sharding.find_mesh; a malformed mesh is skipped).
std::optional<MeshSizes> findMesh(const std::string &name) {
  Operation *module = current;
  while (module && module->getName().getStringRef() != "builtin.module")
    module = module->getParentOp();
  if (!module || module->getRegion(0).empty())
    return std::nullopt;
  std::optional<MeshSizes> found;
  for (Operation &op : module->getRegion(0).front()) {
    if (op.getName().getStringRef() != "shlo.mesh")
      continue;
    auto sym = op.getAttrOfType<StringAttr>("sym_name");
    auto names = op.getAttrOfType<ArrayAttr>("axis_names");
    auto sizes = op.getAttrOfType<DenseI64ArrayAttr>("axis_sizes");
    if (!sym || !names || !sizes || sym.getValue() != name)
      continue;
    MeshSizes axes;
    bool ok = true;
    for (auto [n, size] : llvm::zip(names, sizes.asArrayRef())) {
      auto s = dyn_cast<StringAttr>(n);
      ok &= bool(s);
      if (s)
        axes.emplace_back(s.getValue().str(), size);
    }
    if (ok)
      found = axes;
  }
  return found;
}

const int64_t *sizeOf(const MeshSizes &mesh, const std::string &axis) {
  const int64_t *out = nullptr;
  for (const auto &[name, size] : mesh) // dict(axes): the last of a repeated name wins
    if (name == axis)
      out = &size;
  return out;
}

bool contains(const std::vector<std::string> &xs, const std::string &x) {
  return std::find(xs.begin(), xs.end(), x) != xs.end();
}

std::vector<std::string> strings(const SV &v) {
  std::vector<std::string> out;
  for (const SV &x : iterate(v)) {
    if (x.kind != Kind::Str)
      fail("expected a string, got " + x.repr());
    out.push_back(x.s);
  }
  return out;
}

SV stringList(const std::vector<std::string> &xs) {
  Values out;
  for (const std::string &x : xs)
    out.push_back(SV::str(x));
  return SV::list(std::move(out));
}

std::optional<MeshSizes> sameMesh(const SV &shardings) {
  std::vector<std::string> names;
  for (const SV &s : iterate(shardings)) {
    std::string m = shardingOf(s).mesh;
    if (!contains(names, m))
      names.push_back(m);
  }
  if (names.size() != 1)
    return std::nullopt;
  return findMesh(names[0]);
}

SV localShape(const SV &x, const ShardingView &s, const MeshSizes &mesh, const std::vector<std::string> &axes) {
  Values shape = *fn_shape({x}).items, out;
  for (size_t d = 0; d < shape.size(); ++d) {
    int64_t k = 1;
    if (d < s.dims.size())
      for (const std::string &a : s.dims[d])
        if (contains(axes, a))
          if (const int64_t *size = sizeOf(mesh, a))
            k *= *size;
    out.push_back(shape[d].isNone() ? SV::none() : pyFloorDiv(shape[d], SV::integer(k)));
  }
  return SV::tuple(std::move(out));
}
} // namespace

FN(sharding_mesh) {
  ShardingView s = shardingOf(arg(args, 1));
  return findMesh(s.mesh) ? SV::str(s.mesh) : SV::none();
}
FN(unknown_axes) {
  ShardingView s = shardingOf(arg(args, 1));
  std::optional<MeshSizes> mesh = findMesh(s.mesh);
  std::vector<std::string> out;
  for (const std::string &a : s.axes())
    if (!mesh || !sizeOf(*mesh, a))
      out.push_back(a);
  return stringList(out);
}
FN(repeated_axes) {
  std::vector<std::string> seen, twice;
  for (const std::string &a : shardingOf(arg(args, 0)).axes()) {
    if (contains(seen, a) && !contains(twice, a))
      twice.push_back(a);
    seen.push_back(a);
  }
  return stringList(twice);
}
FN(sharding_fields_ok) {
  ShardingView s = shardingOf(arg(args, 0));
  int64_t n = fn_shape({arg(args, 1)}).items->size();
  bool ok = int64_t(s.dims.size()) == n;
  for (size_t i = 0; ok && i < s.open.size(); ++i)
    ok = s.open[i] >= 0 && s.open[i] < n && std::count(s.open.begin(), s.open.end(), s.open[i]) == 1;
  if (ok && !s.priorities.empty()) {
    ok = int64_t(s.priorities.size()) == n;
    for (int64_t p : s.priorities)
      ok = ok && p >= -1;
  }
  return boolean(ok);
}
FN(same_mesh) {
  std::optional<MeshSizes> mesh = sameMesh(arg(args, 1));
  return mesh ? SV::str(shardingOf(iterate(arg(args, 1))[0]).mesh) : SV::none();
}
FN(manual_axes_known) {
  const SV &shardings = arg(args, 1);
  std::vector<std::string> manual = strings(arg(args, 2));
  std::optional<MeshSizes> mesh = truthy(shardings) ? sameMesh(shardings) : std::nullopt;
  if (!mesh)
    return boolean(false);
  for (size_t i = 0; i < manual.size(); ++i)
    if (std::count(manual.begin(), manual.end(), manual[i]) != 1 || !sizeOf(*mesh, manual[i]))
      return boolean(false);
  return boolean(true);
}
FN(manual_divides) {
  ShardingView s = shardingOf(arg(args, 1));
  std::optional<MeshSizes> mesh = findMesh(s.mesh);
  if (!mesh)
    return boolean(false);
  std::vector<std::string> manual = strings(arg(args, 3));
  Values shape = *fn_shape({arg(args, 2)}).items;
  for (size_t d = 0; d < shape.size(); ++d) {
    int64_t k = 1;
    if (d < s.dims.size())
      for (const std::string &a : s.dims[d])
        if (contains(manual, a)) {
          const int64_t *size = sizeOf(*mesh, a);
          k *= size ? *size : 1;
        }
    if (!shape[d].isNone() && pyMod(shape[d], SV::integer(k)).i != 0)
      return boolean(false);
  }
  return boolean(true);
}
FN(manual_axes_major) {
  ShardingView s = shardingOf(arg(args, 0));
  std::vector<std::string> manual = strings(arg(args, 1));
  for (const auto &d : s.dims) {
    bool seenOther = false;
    for (const std::string &a : d) {
      bool isManual = contains(manual, a);
      if (isManual && seenOther)
        return boolean(false);
      seenOther |= !isManual;
    }
  }
  return boolean(true);
}
FN(local_type) {
  ShardingView s = shardingOf(arg(args, 1));
  std::optional<MeshSizes> mesh = findMesh(s.mesh);
  if (!mesh)
    fail("'NoneType' object has no attribute 'sizes'");
  const SV &x = arg(args, 2);
  SV shape = localShape(x, s, *mesh, strings(arg(args, 3)));
  return tensorOf(shape, needTensor(x).getElementType());
}
#undef FN

// ------------------------------------------------------------ attributes

std::optional<SV> spec::decodeI64(Attribute a) {
  auto i = dyn_cast<IntegerAttr>(a);
  if (!i || !isa<IntegerType>(i.getType()))
    return std::nullopt;
  std::optional<int64_t> n = asInt64(i.getValue(), i.getType().isUnsignedInteger());
  if (!n)
    return std::nullopt;
  return SV::integer(*n);
}
std::optional<SV> spec::decodeF32(Attribute a) {
  auto f = dyn_cast<FloatAttr>(a);
  if (!f)
    return std::nullopt;
  return SV::real(f.getValueAsDouble());
}
std::optional<SV> spec::decodeBool(Attribute a) {
  auto b = dyn_cast<BoolAttr>(a);
  if (!b)
    return std::nullopt;
  return SV::boolean(b.getValue());
}
std::optional<SV> spec::decodeString(Attribute a) {
  auto s = dyn_cast<StringAttr>(a);
  if (!s)
    return std::nullopt;
  return SV::str(s.getValue().str());
}
std::optional<SV> spec::decodeI64Array(Attribute a) {
  auto d = dyn_cast<DenseI64ArrayAttr>(a);
  if (!d)
    return std::nullopt;
  Values out;
  for (int64_t v : d.asArrayRef())
    out.push_back(SV::integer(v));
  return SV::list(std::move(out));
}
std::optional<SV> spec::decodeBoolArray(Attribute a) {
  auto d = dyn_cast<DenseBoolArrayAttr>(a);
  if (!d)
    return std::nullopt;
  Values out;
  for (bool v : d.asArrayRef())
    out.push_back(SV::boolean(v));
  return SV::list(std::move(out));
}
std::optional<SV> spec::decodeElements(Attribute a) {
  auto typed = dyn_cast<TypedAttr>(a);
  if (!typed)
    return std::nullopt;
  return SV::elements(a, typed.getType());
}
std::optional<SV> spec::decodeType(Attribute a) {
  auto t = dyn_cast<TypeAttr>(a);
  if (!t)
    return std::nullopt;
  return SV::ofType(t.getValue());
}
template <typename F>
static std::optional<SV> decodeArray(Attribute a, F each) {
  auto arr = dyn_cast<ArrayAttr>(a);
  if (!arr)
    return std::nullopt;
  Values out;
  for (Attribute x : arr) {
    std::optional<SV> v = each(x);
    if (!v)
      return std::nullopt;
    out.push_back(*v);
  }
  return SV::list(std::move(out));
}
std::optional<SV> spec::decodeTypeArray(Attribute a) { return decodeArray(a, decodeType); }
std::optional<SV> spec::decodeSymbol(Attribute a) {
  auto s = dyn_cast<FlatSymbolRefAttr>(a);
  if (!s)
    return std::nullopt;
  return SV::str(s.getValue().str());
}
std::optional<SV> spec::decodeSymbolArray(Attribute a) { return decodeArray(a, decodeSymbol); }
std::optional<SV> spec::decodeStringArray(Attribute a) { return decodeArray(a, decodeString); }
std::optional<SV> spec::decodeLayouts(Attribute a) {
  return decodeArray(a, [](Attribute x) -> std::optional<SV> {
    auto d = dyn_cast<DenseIntElementsAttr>(x);
    if (!d)
      return std::nullopt;
    Values out;
    for (const APInt &v : d.getValues<APInt>()) {
      std::optional<int64_t> n = asInt64(v, false);
      if (!n)
        return std::nullopt;
      out.push_back(SV::integer(*n));
    }
    return SV::list(std::move(out));
  });
}
std::optional<SV> spec::decodeOpaque(Attribute a) { return SV::opaque(a); }

// ------------------------------------------------------------ declarations

namespace {
bool elementOk(Type t, const ValueDecl &d) {
  auto tensor = dyn_cast<RankedTensorType>(t);
  if (!tensor)
    return true;
  if (auto q = dyn_cast<quant::QuantizedType>(tensor.getElementType()))
    return isPerAxis(q) ? d.perAxis : d.perTensor;
  if (!d.elements || !d.elements[0])
    return !(d.perTensor || d.perAxis);
  std::string name = elemText(tensor.getElementType());
  std::string cls = elementClass(SV::str(name));
  for (const char *const *e = d.elements; *e; ++e) {
    llvm::StringRef allowed(*e);
    if (allowed == name || allowed == cls || (allowed == "integer" && (cls == "signed" || cls == "unsigned")))
      return true;
  }
  return false;
}

bool kindOk(Type t, llvm::StringRef kind) {
  llvm::StringRef k = kindOf(t);
  if (kind == "tensor_or_token")
    return k == "tensor" || k == "token";
  if (kind == "any")
    return k == "tensor" || k == "token" || k == "tuple";
  return k == kind;
}
} // namespace

OpFrame::OpFrame(Operation *op, const OpSpec &spec) : op(op), spec(spec) {}

bool OpFrame::bindValues(ValueRange values, const std::vector<ValueDecl> &decls, const char *segmentAttr,
                         char prefix) {
  // Ids are built only for a violation: binding runs for every op checked.
  auto first = [&] { return std::string(1, prefix) + "1"; };
  const char *what = prefix == 'I' ? "operands" : "results";
  SmallVector<int64_t> sizes;
  size_t numVariadic = llvm::count_if(decls, [](const ValueDecl &d) { return d.variadic; });
  if (numVariadic == 0 && values.size() == decls.size()) {
    sizes.assign(decls.size(), 1);
  } else if (numVariadic > 1) {
    auto seg = op->getAttrOfType<DenseI32ArrayAttr>(segmentAttr);
    if (!seg) {
      violation = {first(), std::string(what) + ": segment sizes are missing", ""};
      return false;
    }
    for (int32_t s : seg.asArrayRef())
      sizes.push_back(s);
  } else {
    size_t fixed = decls.size() - numVariadic;
    if (values.size() < fixed) {
      violation = {first(), std::string(what) + ": expected at least " + std::to_string(fixed) + " values", ""};
      return false;
    }
    for (const ValueDecl &d : decls)
      sizes.push_back(d.variadic ? int64_t(values.size() - fixed) : 1);
  }
  int64_t total = 0;
  for (int64_t s : sizes)
    total += s;
  if (total != int64_t(values.size()) || sizes.size() != decls.size()) {
    violation = {first(), std::string(what) + ": segment sizes do not match the values", ""};
    return false;
  }
  size_t pos = 0;
  for (size_t n = 0; n < decls.size(); ++n) {
    if (!decls[n].variadic) {
      if (sizes[n] != 1) {
        violation = {first(), std::string(what) + ": segment sizes do not match the values", ""};
        return false;
      }
      slots.push_back(SV::ofType(values[pos++].getType()));
      continue;
    }
    Values chunk;
    chunk.reserve(sizes[n]);
    for (int64_t k = 0; k < sizes[n]; ++k)
      chunk.push_back(SV::ofType(values[pos++].getType()));
    slots.push_back(SV::list(std::move(chunk)));
  }
  return true;
}

// The Python verifier's list of what a declaration allows: "float, complex;
// quantized per_tensor".
static std::string allowedText(const ValueDecl &d) {
  std::string out;
  for (const char *const *e = d.elements; e && *e; ++e)
    out += std::string(e == d.elements ? "" : ", ") + *e;
  if (d.perTensor || d.perAxis)
    out += std::string("; quantized ") + (d.perTensor ? "per_tensor" : "") +
           (d.perTensor && d.perAxis ? ", " : "") + (d.perAxis ? "per_axis" : "");
  return out;
}

bool OpFrame::bind() {
  current = op;
  slots.reserve(spec.operands.size() + spec.results.size() + spec.attributes.size() + spec.regions.size());
  if (!bindValues(op->getOperands(), spec.operands, "operandSegmentSizes", 'I'))
    return false;
  if (!bindValues(op->getResults(), spec.results, "resultSegmentSizes", 'O'))
    return false;
  // Declarations in Python's order: operands, then results.
  size_t slot = 0;
  for (auto [decls, prefix] : {std::make_pair(&spec.operands, 'I'), std::make_pair(&spec.results, 'O')}) {
    for (size_t n = 0; n < decls->size(); ++n, ++slot) {
      const ValueDecl &d = (*decls)[n];
      llvm::ArrayRef<SV> types = d.variadic ? llvm::ArrayRef<SV>(*slots[slot].items) : llvm::ArrayRef<SV>(slots[slot]);
      auto id = [&, n = n, prefix = prefix] { return std::string(1, prefix) + std::to_string(n + 1); };
      for (const SV &t : types) {
        if (!kindOk(t.type, d.kind)) {
          violation = {id(), "`" + std::string(d.name) + "` must be a " + d.kind + ", got " + t.repr(), ""};
          return false;
        }
        auto q = quantOf(t);
        if (q && isPerAxis(q)) {
          auto pa = cast<quant::UniformQuantizedPerAxisType>(q);
          auto shape = cast<RankedTensorType>(t.type).getShape();
          int64_t axis = pa.getQuantizedDimension(), count = pa.getScales().size();
          if (axis < 0 || axis >= int64_t(shape.size()) ||
              !(ShapedType::isDynamic(shape[axis]) || shape[axis] == count)) {
            violation = {id(), "`" + std::string(d.name) + "` has type " + t.repr() +
                                 ": a per-axis quantized tensor needs its quantization dimension " +
                                 std::to_string(axis) + " in range with size " + std::to_string(count) +
                                 " (one per scale)", ""};
            return false;
          }
        }
        if (!elementOk(t.type, d)) {
          violation = {id(), "`" + std::string(d.name) + "` has element type " +
                               elemText(cast<RankedTensorType>(t.type).getElementType()) + ", allowed: " +
                               allowedText(d), ""};
          return false;
        }
      }
    }
  }
  for (size_t n = 0; n < spec.attributes.size(); ++n) {
    const AttrDecl &d = spec.attributes[n];
    auto id = [n = n] { return "A" + std::to_string(n + 1); };
    Attribute a = op->getAttr(d.name);
    if (!a) {
      if (!d.optional) {
        violation = {id(), "attribute `" + std::string(d.name) + "` (" + d.kind + ") is required", ""};
        return false;
      }
      slots.push_back(SV::none());
      continue;
    }
    std::optional<SV> v = d.decode(a);
    if (!v) {
      violation = {id(), "attribute `" + std::string(d.name) + "` must be a " + d.kind + " attribute", ""};
      return false;
    }
    slots.push_back(*v);
  }
  unsigned regionIndex = 0;
  for (const RegionDecl &r : spec.regions) {
    if (r.variadic) {
      Values all;
      for (; regionIndex < op->getNumRegions(); ++regionIndex)
        all.push_back(SV::ofRegion(&op->getRegion(regionIndex)));
      slots.push_back(SV::list(std::move(all)));
    } else if (regionIndex < op->getNumRegions()) {
      slots.push_back(SV::ofRegion(&op->getRegion(regionIndex++)));
    } else {
      slots.push_back(SV::none());
    }
  }
  return true;
}

bool OpFrame::check(const char *id, const char *text, llvm::function_ref<SV()> when,
                    llvm::function_ref<SV()> check) {
  current = op;
  try {
    if (when && !truthy(when()))
      return true;
    if (truthy(check()))
      return true;
    violation = {id, text, ""};
  } catch (const SpecEvalError &e) {
    violation = {id, text, "(" + e.message + ")"};
  }
  return false;
}

// ------------------------------------------------------------ C entry points

namespace {
// Which ops of a walk to check; ops it rejects are skipped. Returns false to
// give the whole verification up (the caller cannot judge the program).
using OpFilter = llvm::function_ref<bool(Operation *, bool &check)>;

// Checks the shlo ops of `root` that `filter` selects, children first, and
// reports each violating op. False when `filter` or a missing check gave up.
bool verifyWalk(Operation *root, bool stopAtFirst, bool giveUpUnchecked, OpFilter filter,
                ShloSpecViolationCallback callback, void *userData) {
  auto toRef = [](const std::string &s) { return mlirStringRefCreate(s.data(), s.size()); };
  llvm::DenseMap<Type, std::string> names;
  spellings = &names;
  bool judged = true;
  root->walk([&](Operation *op) -> WalkResult {
    bool wanted = true;
    if (!filter(op, wanted)) {
      judged = false;
      return WalkResult::interrupt();
    }
    if (!wanted)
      return WalkResult::advance();
    llvm::StringRef name = op->getName().getStringRef();
    OpCheck check = lookupOpCheck(name.drop_front(5));
    if (!check || (giveUpUnchecked && !checksEveryConstraint(name.drop_front(5)))) {
      if (!giveUpUnchecked)
        return WalkResult::advance();
      judged = false;
      return WalkResult::interrupt();
    }
    Violation v;
    bool ok = check(op, v);
    current = nullptr;
    if (ok)
      return WalkResult::advance();
    std::string loc;
    llvm::raw_string_ostream os(loc);
    op->getLoc().print(os);
    std::string cid = name.drop_front(5).str() + "." + v.constraint;
    callback(wrap(op), toRef(loc), toRef(cid), toRef(v.text), toRef(v.detail), userData);
    return stopAtFirst ? WalkResult::interrupt() : WalkResult::advance();
  });
  spellings = nullptr;
  return judged;
}

bool isAscii(llvm::StringRef text) {
  return llvm::all_of(text, [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}
} // namespace

void shloVerifySpec(MlirOperation root, bool stopAtFirst, ShloSpecViolationCallback callback,
                    void *userData) {
  verifyWalk(
      unwrap(root), stopAtFirst, /*giveUpUnchecked=*/false,
      [](Operation *op, bool &check) {
        check = op->getName().getStringRef().starts_with("shlo.");
        return true;
      },
      callback, userData);
}

// Whether the module-level sharding rules (python/shlo/verify/shardings.py)
// have anything to look at: a top-level shlo.mesh, or a shlo.sharding on a
// top-level function's argument or result. Without a mesh they ignore ops'
// shardings.
static bool hasShardings(Operation *root) {
  if (root->getName().getStringRef() != "builtin.module" || root->getNumRegions() != 1 ||
      root->getRegion(0).empty())
    return false;
  for (Operation &op : root->getRegion(0).front()) {
    llvm::StringRef name = op.getName().getStringRef();
    if (name == "shlo.mesh")
      return true;
    if (name != "func.func")
      continue;
    for (const char *key : {"arg_attrs", "res_attrs"}) {
      auto dicts = llvm::dyn_cast_or_null<ArrayAttr>(op.getAttr(key));
      if (!dicts)
        continue;
      for (Attribute d : dicts) {
        auto dict = llvm::dyn_cast<DictionaryAttr>(d);
        if (!dict || dict.contains("shlo.sharding"))
          return true; // (not a dictionary: let the Python rules look)
      }
    }
  }
  return false;
}

bool shloVerifySpecDistinct(MlirOperation root, const MlirStringRef *always, intptr_t numAlways,
                            ShloSpecViolationCallback callback, bool *shardings, void *userData) {
  *shardings = hasShardings(unwrap(root));
  llvm::SmallVector<llvm::StringRef> alwaysNames;
  for (intptr_t i = 0; i < numAlways; ++i)
    alwaysNames.push_back(unwrap(always[i]));
  DistinctOps distinct;
  return verifyWalk(
      unwrap(root), /*stopAtFirst=*/true, /*giveUpUnchecked=*/true,
      [&](Operation *op, bool &check) {
        llvm::StringRef name = op->getName().getStringRef();
        if (!name.starts_with("shlo.")) {
          check = false;
          return isAscii(name); // the Python verifier reports names it cannot decode
        }
        check = llvm::is_contained(alwaysNames, name) || distinct.firstOfItsKind(op);
        return true;
      },
      callback, userData);
}
