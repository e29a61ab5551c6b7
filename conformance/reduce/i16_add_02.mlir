// reduce: oracle jax.lax.reduce (floating sums compared with tolerance: order is unspecified)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[-8, 6, -3, 1], [-2, 6, -1, 2], [-7, 2, -7, 9]], [[3, 3, 6, 9], [9, -7, -1, 4], [-2, 7, -2, -7]]]> : tensor<2x3x4xi16>} : () -> tensor<2x3x4xi16>
  %c2 = shlo.constant {value = dense<0> : tensor<i16>} : () -> tensor<i16>
  %v3 = "shlo.reduce"(%c1, %c2) ({
  ^bb0(%a0: tensor<i16>, %b0: tensor<i16>):
    %s0 = "shlo.add"(%a0, %b0) : (tensor<i16>, tensor<i16>) -> tensor<i16>
    "shlo.return"(%s0) : (tensor<i16>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1>, dimensions = array<i64: 0, 2>} : (tensor<2x3x4xi16>, tensor<i16>) -> tensor<3xi16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[17, 10, -7]> : tensor<3xi16>}} : (tensor<3xi16>) -> ()
  func.return
}
