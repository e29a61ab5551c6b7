// sqrt: oracle jax.lax (sqrt)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[3.353520e+00, 3.646480e+00, 3.328130e+00], [2.560550e+00, 3.349610e+00, 2.029300e+00]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %v2 = "shlo.sqrt"(%c1) : (tensor<2x3xf16>) -> tensor<2x3xf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.831050e+00, 1.909180e+00, 1.824220e+00], [1.600590e+00, 1.830080e+00, 1.424800e+00]]> : tensor<2x3xf16>, rtol = 2.000e-03 : f64, atol = 1.000e-04 : f64}} : (tensor<2x3xf16>) -> ()
  func.return
}
