// The C++ constraint vocabulary: what tools/gen_spec.py's C++ output
// (ShloSpecVerify.cpp) evaluates spec constraints with.
//
// Constraints are Python expressions (spec/ops/*.yaml) over a dynamic value
// model; `SpecValue` mirrors the values python/shlo/verify/ sees (ints, None,
// lists vs tuples, types, element types, attributes) and the functions below
// mirror python/shlo/verify/vocabulary.py and rules/*.py one for one, so a
// constraint gives the same verdict in both. Like Python, a function that
// meets a value it cannot take throws (SpecEvalError); the constraint is then
// not met. Only this file's translation unit and the generated one use
// exceptions, and neither lets one escape.
#ifndef SHLO_SPEC_RUNTIME_H
#define SHLO_SPEC_RUNTIME_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
namespace shlo {
namespace spec {

struct SpecEvalError {
  std::string message;
};
[[noreturn]] void fail(const std::string &message);

class SpecValue;
using Values = std::vector<SpecValue>;

/// One value of the constraint language.
class SpecValue {
public:
  enum class Kind : uint8_t {
    None, Bool, Int, Float, Str, List, Tuple,
    Type,     // a value's type (Python: TypeInfo)
    Elem,     // an element type (Python: its spelling, a str)
    Region,   // a region (Python: RegionInfo)
    Struct,   // a shlo struct attribute (Python: Struct)
    Elements, // a tensor literal (Python: Elements)
    Attr,     // any other attribute, kept opaque
  };
  Kind kind = Kind::None;
  int64_t i = 0;
  double f = 0;
  std::string s;
  std::shared_ptr<const Values> items;
  Type type;
  Attribute attr;
  Region *region = nullptr;

  static SpecValue none() { return {}; }
  static SpecValue boolean(bool b) { SpecValue v; v.kind = Kind::Bool; v.i = b; return v; }
  static SpecValue integer(int64_t n) { SpecValue v; v.kind = Kind::Int; v.i = n; return v; }
  static SpecValue real(double d) { SpecValue v; v.kind = Kind::Float; v.f = d; return v; }
  static SpecValue str(std::string t) { SpecValue v; v.kind = Kind::Str; v.s = std::move(t); return v; }
  static SpecValue list(Values xs) { return sequence(Kind::List, std::move(xs)); }
  static SpecValue tuple(Values xs) { return sequence(Kind::Tuple, std::move(xs)); }
  static SpecValue ofType(Type t) { SpecValue v; v.kind = Kind::Type; v.type = t; return v; }
  static SpecValue elem(Type t) { SpecValue v; v.kind = Kind::Elem; v.type = t; return v; }
  static SpecValue ofRegion(Region *r) { SpecValue v; v.kind = Kind::Region; v.region = r; return v; }
  static SpecValue structAttr(Attribute a) { SpecValue v; v.kind = Kind::Struct; v.attr = a; return v; }
  static SpecValue elements(Attribute a, Type t) {
    SpecValue v; v.kind = Kind::Elements; v.attr = a; v.type = t; return v;
  }
  static SpecValue opaque(Attribute a) { SpecValue v; v.kind = Kind::Attr; v.attr = a; return v; }
  static SpecValue sequence(Kind k, Values xs) {
    SpecValue v; v.kind = k; v.items = std::make_shared<const Values>(std::move(xs)); return v;
  }

  bool isNone() const { return kind == Kind::None; }
  bool isSeq() const { return kind == Kind::List || kind == Kind::Tuple; }
  bool isNumber() const { return kind == Kind::Bool || kind == Kind::Int || kind == Kind::Float; }
  const Values &seq() const;   // the entries of a list or tuple (throws otherwise)
  int64_t asInt() const;       // an int or bool (throws otherwise)
  std::string repr() const;    // for messages
};

using SV = SpecValue;

// ------------------------------------------------ Python semantics
bool truthy(const SV &v);
bool pyEq(const SV &a, const SV &b);
bool pyLt(const SV &a, const SV &b);   // throws where Python raises TypeError
bool pyIn(const SV &item, const SV &container);
SV pyAdd(const SV &a, const SV &b);
SV pySub(const SV &a, const SV &b);
SV pyMul(const SV &a, const SV &b);
SV pyMod(const SV &a, const SV &b);
SV pyFloorDiv(const SV &a, const SV &b);
SV pyNeg(const SV &a);
SV pyIndex(const SV &container, const SV &index);
SV pySlice(const SV &container, const SV &lo, const SV &hi);
SV pyAttr(const SV &object, llvm::StringRef name);
Values iterate(const SV &v);            // what `for x in v` visits
SV unpackAt(const SV &v, size_t n, size_t i); // target i of `a, b = v` (n targets)

// ------------------------------------------------ the op being checked
/// Set by the verifier for the op whose constraints run (constraints that
/// name `op`).
SV currentOp();
Operation *currentOperation();

// The functions constraints may call, by their spec names. The generator
// reads this list: a constraint that calls anything else is reported as not
// translated (and left to the Python verifier).
#define SHLO_SPEC_FUNCTIONS(X)                                                  \
  X(len) X(range) X(zip) X(enumerate) X(min) X(max) X(sum) X(sorted) X(list)    \
  X(tuple) X(abs) X(int)                                                        \
  X(type) X(shape) X(rank) X(dim) X(dims) X(size) X(product) X(is_static)       \
  X(compatible_dim) X(compatible_dims) X(compatible_shape)                      \
  X(compatible_shapes) X(compatible_types) X(same_type) X(merge_shapes)         \
  X(drop_dims) X(permute) X(is_unique) X(is_sorted) X(is_permutation)           \
  X(element_type) X(same_element_type) X(is_tensor) X(is_token) X(is_tuple)     \
  X(tuple_members) X(is_bool) X(is_signed) X(is_unsigned) X(is_integer)         \
  X(is_float) X(is_complex) X(is_quantized) X(is_per_axis_quantized)            \
  X(is_per_tensor_quantized) X(any_quantized) X(all_quantized) X(bitwidth)      \
  X(storage_type) X(expressed_type) X(quantization_dimension) X(scales)         \
  X(zero_points) X(baseline_element_type) X(same_baseline_element_type)         \
  X(same_quantization_base) X(complex_of) X(complex_part) X(tensor_type)        \
  X(rank0) X(block_args) X(returns) X(num_blocks) X(scalar_region)              \
  X(parent_is_shlo_op)                                                          \
  X(same_element_type_up_to_axis) X(broadcast_quantization_ok)                  \
  X(reshape_quantization_ok) X(known_size_equal) X(is_dimension_tensor)         \
  X(concatenate_result_shape) X(same_shape_except) X(pad_result_shape)          \
  X(slice_result_shape) X(slice_bounds_ok) X(start_indices_ok)                  \
  X(abs_element_type) X(scalar_or_compatible) X(bitcast_convert_shape_ok)       \
  X(all_in_range) X(dims_ok) X(divisible) X(dim_if_valid) X(size_quotient)      \
  X(index_vector_size) X(conv_input_dims) X(conv_kernel_dims)                   \
  X(conv_output_dims) X(is_feature_vector) X(compatible_type_lists)             \
  X(channel_id) X(binary_reducer_type) X(region_return_elements)                \
  X(literal_values) X(group_size) X(replica_groups_unique)                      \
  X(replica_groups_dense) X(triangular_solve_shapes_ok) X(dot_general_shape)    \
  X(is_promotable) X(reducer_signature_ok) X(promotable)                        \
  X(promoted_reducer_ok) X(accumulator_types)                                  \
  X(padding_shape_ok) X(literal_column) X(is_namespaced_op_name)                \
  X(predicate_region_ok) X(promoted_region_ok) X(map_signature_ok)              \
  X(comparator_signature_ok) X(fft_element_types_ok) X(fft_real_operand)        \
  X(fft_result_shape_ok) X(slice_sizes_fit) X(conv_quantization_ok)             \
  X(gathered_shape_ok) X(all_to_all_shape) X(process_group_size)               \
  X(group_resized_shape_ok) X(is_future_of) X(layout_fits)                      \
  X(result_layouts_ok) X(results_as_one) X(member_at) X(gather_shape)           \
  X(scatter_updates_shape_ok) X(padding_pairs) X(reduce_window_shape)           \
  X(conv_shape) X(function_type) X(is_top_level) X(used_once_by)               \
  X(is_string_attr) X(is_dictionary_attr)                                      \
  X(sharding_mesh) X(unknown_axes) X(repeated_axes) X(sharding_fields_ok)       \
  X(same_mesh) X(manual_axes_known) X(manual_divides) X(manual_axes_major)      \
  X(local_type) X(is_known_dot_algorithm)

#define SHLO_SPEC_DECLARE(name) SV fn_##name(const Values &args);
SHLO_SPEC_FUNCTIONS(SHLO_SPEC_DECLARE)
#undef SHLO_SPEC_DECLARE

// ------------------------------------------------ op declarations
/// How an operand or result is declared (spec/ops/*.yaml `operands:`).
struct ValueDecl {
  const char *name;
  const char *kind;                  // tensor, token, tuple, future, tensor_or_token, any
  const char *const *elements;       // element names and classes, null-terminated
  bool perTensor, perAxis;           // quantized forms allowed
  bool variadic;
};

/// How an attribute is declared; `decode` turns a present attribute into the
/// value constraints see, or std::nullopt when it is not of the kind.
struct AttrDecl {
  const char *name;
  const char *kind;
  bool optional;
  std::optional<SV> (*decode)(Attribute);
};

struct RegionDecl {
  const char *name;
  bool variadic;
};

struct OpSpec {
  const char *name; // without `shlo.`
  std::vector<ValueDecl> operands, results;
  std::vector<AttrDecl> attributes;
  std::vector<RegionDecl> regions;
};

/// The first constraint an op breaks.
struct Violation {
  std::string constraint, text, detail;
};

/// Binds an op's operands, results, attributes and regions to the names of
/// its spec, checking the declarations (ids I<n>, O<n>, A<n>) on the way.
class OpFrame {
public:
  OpFrame(Operation *op, const OpSpec &spec);
  /// False (with `violation` set) when a declaration is not met.
  bool bind();
  const SV &operator[](size_t slot) const { return slots[slot]; }
  /// Evaluates constraint `id`; false (with `violation` set) when not met.
  bool check(const char *id, const char *text, llvm::function_ref<SV()> when,
             llvm::function_ref<SV()> check);
  Violation violation;

private:
  bool bindValues(ValueRange values, const std::vector<ValueDecl> &decls,
                  const char *segmentAttr, char prefix);
  Operation *op;
  const OpSpec &spec;
  Values slots; // operands, results, attributes, regions in spec order
};

// Decoders of builtin attribute kinds (AttrDecl::decode).
std::optional<SV> decodeI64(Attribute a);
std::optional<SV> decodeF32(Attribute a);
std::optional<SV> decodeBool(Attribute a);
std::optional<SV> decodeString(Attribute a);
std::optional<SV> decodeI64Array(Attribute a);
std::optional<SV> decodeBoolArray(Attribute a);
std::optional<SV> decodeElements(Attribute a);
std::optional<SV> decodeType(Attribute a);
std::optional<SV> decodeTypeArray(Attribute a);
std::optional<SV> decodeSymbol(Attribute a);
std::optional<SV> decodeSymbolArray(Attribute a);
std::optional<SV> decodeStringArray(Attribute a);
std::optional<SV> decodeLayouts(Attribute a);
std::optional<SV> decodeOpaque(Attribute a);

// Generated in ShloSpecVerify.cpp from spec/attributes.yaml.
SV structField(Attribute a, llvm::StringRef field);
/// The checks of an op by name (without `shlo.`), or null when C++ has none.
using OpCheck = bool (*)(Operation *, Violation &);
OpCheck lookupOpCheck(llvm::StringRef name);
/// False for an op (name without `shlo.`) whose check leaves a constraint to
/// the Python verifier (generated, with lookupOpCheck).
bool checksEveryConstraint(llvm::StringRef name);

} // namespace spec
} // namespace shlo
} // namespace mlir

#endif // SHLO_SPEC_RUNTIME_H
