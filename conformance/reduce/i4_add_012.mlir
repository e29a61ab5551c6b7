// reduce: oracle jax.lax.reduce (floating sums compared with tolerance: order is unspecified)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[4, 5, 1, -3], [-6, 1, -4, -6], [-4, -6, 5, -5]], [[0, -5, -2, 7], [4, 3, -6, 4], [-6, 2, -1, 1]]]> : tensor<2x3x4xi4>} : () -> tensor<2x3x4xi4>
  %c2 = shlo.constant {value = dense<0> : tensor<i4>} : () -> tensor<i4>
  %v3 = "shlo.reduce"(%c1, %c2) ({
  ^bb0(%a0: tensor<i4>, %b0: tensor<i4>):
    %s0 = "shlo.add"(%a0, %b0) : (tensor<i4>, tensor<i4>) -> tensor<i4>
    "shlo.return"(%s0) : (tensor<i4>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1>, dimensions = array<i64: 0, 1, 2>} : (tensor<2x3x4xi4>, tensor<i4>) -> tensor<i4>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<-1> : tensor<i4>}} : (tensor<i4>) -> ()
  func.return
}
