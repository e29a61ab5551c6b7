// uniform_quantize: oracle numpy: q = clamp(round_half_even(x / scale) + zp); checked through dequantize
func.func @main() {
  %c1 = shlo.constant {value = dense<[-5.84135914, -1.18014276, -2.1093545, -1.47708392, 3.67060494, 1.9261024, 0.617875397, -0.740251719, 0.000000e+00, -0.000000e+00, 1.000000e+06, -1.000000e+06, 1.250000e-01, 3.750000e-01, -1.250000e-01, 6.250000e-01]> : tensor<16xf32>} : () -> tensor<16xf32>
  %v2 = "shlo.uniform_quantize"(%c1) : (tensor<16xf32>) -> tensor<16x!quant.uniform<i16:f32, 0.01:0>>
  %v3 = "shlo.uniform_dequantize"(%v2) : (tensor<16x!quant.uniform<i16:f32, 0.01:0>>) -> tensor<16xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-5.83999968, -1.180000e+00, -2.110000e+00, -1.480000e+00, 3.66999984, 1.930000e+00, 6.200000e-01, -7.400000e-01, 0.000000e+00, 0.000000e+00, 327.669983, -3.276800e+02, 1.200000e-01, 3.800000e-01, -1.200000e-01, 6.200000e-01]> : tensor<16xf32>, rtol = 1.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<16xf32>) -> ()
  func.return
}
