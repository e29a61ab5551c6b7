// add: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[3.535160e-01, -8.375000e+00, 3.796880e+00], [-6.445310e-01, 1.085940e+00, -7.437500e+00]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %c2 = shlo.constant {value = dense<[[3.203130e+00, -5.820310e-01, 2.484380e+00], [1.601560e+00, -1.875000e+00, 4.187500e+00]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %v3 = "shlo.add"(%c1, %c2) : (tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<2x3xbf16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[3.562500e+00, -8.937500e+00, 6.281250e+00], [9.570310e-01, -7.890630e-01, -3.250000e+00]]> : tensor<2x3xbf16>}} : (tensor<2x3xbf16>) -> ()
  func.return
}
