// uniform_quantize: oracle numpy: q = clamp(round_half_even(x / scale) + zp); checked through dequantize
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.512796283, 0.583415627, 0.697491646, 2.44685197, 1.84664941, 0.238767743, -2.96088099, -2.80651379, 0.000000e+00, -0.000000e+00, 1.000000e+06, -1.000000e+06, 1.250000e-01, 3.750000e-01, -1.250000e-01, 6.250000e-01]> : tensor<16xf32>} : () -> tensor<16xf32>
  %v2 = "shlo.uniform_quantize"(%c1) : (tensor<16xf32>) -> tensor<16x!quant.uniform<ui8:f32, 0.25:128>>
  %v3 = "shlo.uniform_dequantize"(%v2) : (tensor<16x!quant.uniform<ui8:f32, 0.25:128>>) -> tensor<16xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[5.000000e-01, 5.000000e-01, 7.500000e-01, 2.500000e+00, 1.750000e+00, 2.500000e-01, -3.000000e+00, -2.750000e+00, 0.000000e+00, 0.000000e+00, 3.175000e+01, -3.200000e+01, 0.000000e+00, 5.000000e-01, 0.000000e+00, 5.000000e-01]> : tensor<16xf32>, rtol = 1.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<16xf32>) -> ()
  func.return
}
