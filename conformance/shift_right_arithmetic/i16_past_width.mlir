// shift_right_arithmetic: oracle jax.lax; shift amounts >= bit width (or negative) give 0 / sign fill
func.func @main() {
  %c1 = shlo.constant {value = dense<[-32768, -25154, -24125, -25082, 3389, 21152, 25586, -5399]> : tensor<8xi16>} : () -> tensor<8xi16>
  %c2 = shlo.constant {value = dense<[0, 1, 15, 16, 17, 32, 3, -1]> : tensor<8xi16>} : () -> tensor<8xi16>
  %v3 = "shlo.shift_right_arithmetic"(%c1, %c2) : (tensor<8xi16>, tensor<8xi16>) -> tensor<8xi16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-32768, -12577, -1, -1, 0, 0, 3198, -1]> : tensor<8xi16>}} : (tensor<8xi16>) -> ()
  func.return
}
