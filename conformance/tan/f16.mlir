// tan: oracle jax.lax (tan)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[3.708500e-01, 5.493160e-01, -2.795410e-01], [-1.685790e-01, -7.172850e-01, 8.330080e-01]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %v2 = "shlo.tan"(%c1) : (tensor<2x3xf16>) -> tensor<2x3xf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[3.889160e-01, 6.123050e-01, -2.871090e-01], [-1.701660e-01, -8.720700e-01, 1.099610e+00]]> : tensor<2x3xf16>, rtol = 2.000e-03 : f64, atol = 1.000e-04 : f64}} : (tensor<2x3xf16>) -> ()
  func.return
}
