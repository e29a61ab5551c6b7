// reduce: oracle jax.lax.reduce (floating sums compared with tolerance: order is unspecified)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[true, true, false, false], [false, true, false, false], [false, true, true, true]], [[false, true, true, true], [false, true, true, false], [false, true, false, true]]]> : tensor<2x3x4xi1>} : () -> tensor<2x3x4xi1>
  %c2 = shlo.constant {value = dense<true> : tensor<i1>} : () -> tensor<i1>
  %v3 = "shlo.reduce"(%c1, %c2) ({
  ^bb0(%a0: tensor<i1>, %b0: tensor<i1>):
    %s0 = "shlo.and"(%a0, %b0) : (tensor<i1>, tensor<i1>) -> tensor<i1>
    "shlo.return"(%s0) : (tensor<i1>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1>, dimensions = array<i64: 0, 2>} : (tensor<2x3x4xi1>, tensor<i1>) -> tensor<3xi1>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[false, false, false]> : tensor<3xi1>}} : (tensor<3xi1>) -> ()
  func.return
}
