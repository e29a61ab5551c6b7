// uniform_dequantize: oracle numpy: (q - zp) * scale on every representable grid point
func.func @main() {
  %c1 = shlo.constant {value = dense<[-1.310000e+01, -1.100000e+01, -8.89999961, -6.800000e+00, -4.700000e+00, -2.600000e+00, -5.000000e-01, 1.600000e+00, 3.700000e+00, 5.800000e+00, 7.900000e+00, 1.000000e+01, 1.210000e+01]> : tensor<13xf32>} : () -> tensor<13xf32>
  %v2 = "shlo.uniform_quantize"(%c1) : (tensor<13xf32>) -> tensor<13x!quant.uniform<i8:f32, 0.1:3>>
  %v3 = "shlo.uniform_dequantize"(%v2) : (tensor<13x!quant.uniform<i8:f32, 0.1:3>>) -> tensor<13xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-1.310000e+01, -1.100000e+01, -8.89999961, -6.800000e+00, -4.700000e+00, -2.600000e+00, -5.000000e-01, 1.600000e+00, 3.700000e+00, 5.800000e+00, 7.900000e+00, 1.000000e+01, 1.210000e+01]> : tensor<13xf32>, rtol = 1.000e-06 : f64, atol = 1.000e-06 : f64}} : (tensor<13xf32>) -> ()
  func.return
}
