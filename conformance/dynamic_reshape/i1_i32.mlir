// dynamic_reshape: oracle jax.lax.reshape
func.func @main() {
  %c1 = shlo.constant {value = dense<[[false, true, false], [false, true, true]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %c2 = shlo.constant {value = dense<[3, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %v3 = "shlo.dynamic_reshape"(%c1, %c2) : (tensor<2x3xi1>, tensor<2xi32>) -> tensor<3x2xi1>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[false, true], [false, false], [true, true]]> : tensor<3x2xi1>}} : (tensor<3x2xi1>) -> ()
  func.return
}
