// divide: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-5.718750e+00, 2.718750e+00, 1.867190e+00], [2.333980e-01, 4.003910e-01, -3.390630e+00]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %c2 = shlo.constant {value = dense<[[-1.650390e-01, 3.765630e+00, 4.667970e-01], [4.187500e+00, -3.000000e+00, 2.468750e+00]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %v3 = "shlo.divide"(%c1, %c2) : (tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<2x3xbf16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[3.475000e+01, 7.226560e-01, 4.000000e+00], [5.566400e-02, -1.337890e-01, -1.375000e+00]]> : tensor<2x3xbf16>}} : (tensor<2x3xbf16>) -> ()
  func.return
}
