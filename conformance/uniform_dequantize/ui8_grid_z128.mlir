// uniform_dequantize: oracle numpy: (q - zp) * scale on every representable grid point
func.func @main() {
  %c1 = shlo.constant {value = dense<[-3.200000e+01, -2.675000e+01, -2.150000e+01, -1.625000e+01, -1.100000e+01, -5.750000e+00, -5.000000e-01, 4.750000e+00, 1.000000e+01, 1.525000e+01, 2.050000e+01, 2.575000e+01, 3.100000e+01]> : tensor<13xf32>} : () -> tensor<13xf32>
  %v2 = "shlo.uniform_quantize"(%c1) : (tensor<13xf32>) -> tensor<13x!quant.uniform<ui8:f32, 0.25:128>>
  %v3 = "shlo.uniform_dequantize"(%v2) : (tensor<13x!quant.uniform<ui8:f32, 0.25:128>>) -> tensor<13xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-3.200000e+01, -2.675000e+01, -2.150000e+01, -1.625000e+01, -1.100000e+01, -5.750000e+00, -5.000000e-01, 4.750000e+00, 1.000000e+01, 1.525000e+01, 2.050000e+01, 2.575000e+01, 3.100000e+01]> : tensor<13xf32>, rtol = 1.000e-06 : f64, atol = 1.000e-06 : f64}} : (tensor<13xf32>) -> ()
  func.return
}
