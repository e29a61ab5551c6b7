// log: oracle jax.lax (log)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[3.671880e+00, 1.210940e+00, 5.156250e-01], [3.734380e+00, 7.578130e-01, 1.804690e+00]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %v2 = "shlo.log"(%c1) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.296880e+00, 1.914060e-01, -6.640630e-01], [1.320310e+00, -2.773440e-01, 5.898440e-01]]> : tensor<2x3xbf16>, rtol = 1.000e-02 : f64, atol = 1.000e-03 : f64}} : (tensor<2x3xbf16>) -> ()
  func.return
}
