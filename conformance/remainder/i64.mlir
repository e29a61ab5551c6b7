// remainder: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-6349024619892025678, -4538492815727418963, -8507145481124624816], [2547309088012134291, 322109297738574599, 9100058298532321500]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %c2 = shlo.constant {value = dense<[[6, -6, 3], [-9, 8, -9]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %v3 = "shlo.remainder"(%c1, %c2) : (tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x3xi64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-4, -3, -2], [6, 7, 0]]> : tensor<2x3xi64>}} : (tensor<2x3xi64>) -> ()
  func.return
}
