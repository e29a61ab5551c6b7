// uniform_quantize: oracle numpy: q = clamp(round_half_even(x / scale) + zp); checked through dequantize
func.func @main() {
  %c1 = shlo.constant {value = dense<[-3.40298748, -4.43894339, 2.42626071, 5.97531223, 2.65041327, -0.367188722, -3.40895152, 1.00517678, 0.000000e+00, -0.000000e+00, 1.000000e+06, -1.000000e+06, 1.250000e-01, 3.750000e-01, -1.250000e-01, 6.250000e-01]> : tensor<16xf32>} : () -> tensor<16xf32>
  %v2 = "shlo.uniform_quantize"(%c1) : (tensor<16xf32>) -> tensor<16x!quant.uniform<i8:f32, 0.1:3>>
  %v3 = "shlo.uniform_dequantize"(%v2) : (tensor<16x!quant.uniform<i8:f32, 0.1:3>>) -> tensor<16xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-3.400000e+00, -4.400000e+00, 2.400000e+00, 6.000000e+00, 2.700000e+00, -4.000000e-01, -3.400000e+00, 1.000000e+00, 0.000000e+00, 0.000000e+00, 12.4000006, -1.310000e+01, 1.000000e-01, 4.000000e-01, -1.000000e-01, 6.000000e-01]> : tensor<16xf32>, rtol = 1.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<16xf32>) -> ()
  func.return
}
