// uniform_quantize: oracle numpy: q = clamp(round_half_even(x / scale) + zp); checked through dequantize
func.func @main() {
  %c1 = shlo.constant {value = dense<[5.45812702, 0.00862447452, -1.63943374, 2.40170217, 0.333658516, -0.530629814, -0.0561766848, 5.10780191, 0.000000e+00, -0.000000e+00, 1.000000e+06, -1.000000e+06, 1.250000e-01, 3.750000e-01, -1.250000e-01, 6.250000e-01]> : tensor<16xf32>} : () -> tensor<16xf32>
  %v2 = "shlo.uniform_quantize"(%c1) : (tensor<16xf32>) -> tensor<16x!quant.uniform<i4:f32, 0.5:0>>
  %v3 = "shlo.uniform_dequantize"(%v2) : (tensor<16x!quant.uniform<i4:f32, 0.5:0>>) -> tensor<16xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[3.500000e+00, 0.000000e+00, -1.500000e+00, 2.500000e+00, 5.000000e-01, -5.000000e-01, 0.000000e+00, 3.500000e+00, 0.000000e+00, 0.000000e+00, 3.500000e+00, -4.000000e+00, 0.000000e+00, 5.000000e-01, 0.000000e+00, 5.000000e-01]> : tensor<16xf32>, rtol = 1.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<16xf32>) -> ()
  func.return
}
