// or: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-7385091360054000322, -4769101632366801680, -946253588089052722], [-2747691379786061414, 752443787299586761, -2890570141917778390]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %c2 = shlo.constant {value = dense<[[5092934710028353823, -9003396083483512032, 1118907554814278755], [-7294147808674974860, 4624784805707410920, 2446128352437691820]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %v3 = "shlo.or"(%c1, %c2) : (tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x3xi64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-2328361369209944769, -4621326571547197456, -9223261078946321], [-2603081409254130690, 5368220281316929513, -580148755514265682]]> : tensor<2x3xi64>}} : (tensor<2x3xi64>) -> ()
  func.return
}
