// power: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1.265630e+00, 1.062500e+00, 1.343750e+00], [1.656250e+00, 3.859380e+00, 2.406250e+00]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %c2 = shlo.constant {value = dense<[[8.945310e-01, 1.796880e-01, 3.652340e-01], [1.630860e-01, 3.984380e-01, 7.109380e-01]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %v3 = "shlo.power"(%c1, %c2) : (tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<2x3xbf16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.234380e+00, 1.007810e+00, 1.117190e+00], [1.085940e+00, 1.710940e+00, 1.867190e+00]]> : tensor<2x3xbf16>, rtol = 1.000e-02 : f64, atol = 1.000e-03 : f64}} : (tensor<2x3xbf16>) -> ()
  func.return
}
