// log_plus_one: oracle jax.lax (log1p)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[3.812500e+00, 5.893550e-01, 2.089840e+00], [2.884770e+00, 2.121090e+00, 2.343750e+00]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %v2 = "shlo.log_plus_one"(%c1) : (tensor<2x3xf16>) -> tensor<2x3xf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.571290e+00, 4.633790e-01, 1.127930e+00], [1.357420e+00, 1.137700e+00, 1.207030e+00]]> : tensor<2x3xf16>, rtol = 2.000e-03 : f64, atol = 1.000e-04 : f64}} : (tensor<2x3xf16>) -> ()
  func.return
}
