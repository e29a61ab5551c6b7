// rsqrt: oracle jax.lax (rsqrt)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-0.20226870786480092, 1.4894372303422529, 1.9172793888902069], [-0.4971775422095982, -0.99214020159572791, 1.2766699796923995]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c2 = shlo.constant {value = dense<[[-2.688821347896174, 2.363321672919128, -1.6689325771658747], [2.4995498002300498, -2.0233239497449875, 2.7321411337235681]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xcomplex<f64>>
  %v4 = "shlo.rsqrt"(%v3) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xcomplex<f64>>
  %v5 = "shlo.real"(%v4) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  %v6 = "shlo.imag"(%v4) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.41415124218838062, 0.52384869000129597, 0.58742582792701126], [0.39738940793435101, 0.35240924953125313, 0.48578589381163945]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.44647626732295714, -0.28905847937085066, 0.21985487910278487], [-0.48421776766712382, 0.56530114803756348, -0.30920769613122578]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  func.return
}
