// reduce: oracle jax.lax.reduce (floating sums compared with tolerance: order is unspecified)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[0, -5, -8, 7], [1, 3, 1, -2], [-5, 2, 8, -3]], [[-1, 1, -6, 5], [-6, -3, 0, -8], [-9, -8, 7, 6]]]> : tensor<2x3x4xi8>} : () -> tensor<2x3x4xi8>
  %c2 = shlo.constant {value = dense<0> : tensor<i8>} : () -> tensor<i8>
  %v3 = "shlo.reduce"(%c1, %c2) ({
  ^bb0(%a0: tensor<i8>, %b0: tensor<i8>):
    %s0 = "shlo.xor"(%a0, %b0) : (tensor<i8>, tensor<i8>) -> tensor<i8>
    "shlo.return"(%s0) : (tensor<i8>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1>, dimensions = array<i64: 0, 1, 2>} : (tensor<2x3x4xi8>, tensor<i8>) -> tensor<i8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<5> : tensor<i8>}} : (tensor<i8>) -> ()
  func.return
}
