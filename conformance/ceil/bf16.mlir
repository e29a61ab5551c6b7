// ceil: oracle jax.lax (ceil)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1.570310e+00, 5.820310e-01, 5.812500e+00], [-1.367190e+00, -1.113280e-01, -1.992190e-01]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %v2 = "shlo.ceil"(%c1) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2.000000e+00, 1.000000e+00, 6.000000e+00], [-1.000000e+00, -0.000000e+00, -0.000000e+00]]> : tensor<2x3xbf16>}} : (tensor<2x3xbf16>) -> ()
  %v3 = "shlo.bitcast_convert"(%v2) : (tensor<2x3xbf16>) -> tensor<2x3xi16>
  %c4 = shlo.constant {value = dense<15> : tensor<2x3xi16>} : () -> tensor<2x3xi16>
  %v5 = "shlo.shift_right_logical"(%v3, %c4) : (tensor<2x3xi16>, tensor<2x3xi16>) -> tensor<2x3xi16>
  %v6 = "shlo.compare"(%v2, %v2) {comparison_direction = #shlo.comparison_direction<EQ>} : (tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<2x3xi1>
  %c7 = shlo.constant {value = dense<0> : tensor<2x3xi16>} : () -> tensor<2x3xi16>
  %v8 = "shlo.select"(%v6, %v5, %c7) : (tensor<2x3xi1>, tensor<2x3xi16>, tensor<2x3xi16>) -> tensor<2x3xi16>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0, 0, 0], [1, 1, 1]]> : tensor<2x3xi16>}} : (tensor<2x3xi16>) -> ()
  func.return
}
