// reduce: oracle jax.lax.reduce (floating sums compared with tolerance: order is unspecified)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[6, 0, 0, 0], [0, 7, 2, 8], [9, 0, 8, 9]], [[5, 7, 1, 6], [8, 1, 1, 6], [2, 4, 6, 0]]]> : tensor<2x3x4xui8>} : () -> tensor<2x3x4xui8>
  %c2 = shlo.constant {value = dense<255> : tensor<ui8>} : () -> tensor<ui8>
  %v3 = "shlo.reduce"(%c1, %c2) ({
  ^bb0(%a0: tensor<ui8>, %b0: tensor<ui8>):
    %s0 = "shlo.minimum"(%a0, %b0) : (tensor<ui8>, tensor<ui8>) -> tensor<ui8>
    "shlo.return"(%s0) : (tensor<ui8>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1>, dimensions = array<i64: 0, 2>} : (tensor<2x3x4xui8>, tensor<ui8>) -> tensor<3xui8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<0> : tensor<3xui8>}} : (tensor<3xui8>) -> ()
  func.return
}
