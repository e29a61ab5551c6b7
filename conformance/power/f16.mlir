// power: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[3.735350e-01, 2.566410e+00, 2.275390e+00], [5.424800e-01, 3.509770e+00, 5.156250e-01]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %c2 = shlo.constant {value = dense<[[1.384280e-01, 4.233400e-01, 7.949210e-01], [-2.301030e-01, 2.304690e-01, -1.015010e-01]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %v3 = "shlo.power"(%c1, %c2) : (tensor<2x3xf16>, tensor<2x3xf16>) -> tensor<2x3xf16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[8.725580e-01, 1.490230e+00, 1.921880e+00], [1.151370e+00, 1.335940e+00, 1.069340e+00]]> : tensor<2x3xf16>, rtol = 2.000e-03 : f64, atol = 1.000e-04 : f64}} : (tensor<2x3xf16>) -> ()
  func.return
}
