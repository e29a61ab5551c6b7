// uniform_dequantize: oracle numpy: (q - zp) * scale on every representable grid point
func.func @main() {
  %c1 = shlo.constant {value = dense<[-4.000000e+00, -3.500000e+00, -3.000000e+00, -2.500000e+00, -2.000000e+00, -1.500000e+00, -1.000000e+00, -5.000000e-01, 0.000000e+00, 5.000000e-01, 1.000000e+00, 1.500000e+00, 2.000000e+00, 2.500000e+00, 3.000000e+00, 3.500000e+00]> : tensor<16xf32>} : () -> tensor<16xf32>
  %v2 = "shlo.uniform_quantize"(%c1) : (tensor<16xf32>) -> tensor<16x!quant.uniform<i4:f32, 0.5:0>>
  %v3 = "shlo.uniform_dequantize"(%v2) : (tensor<16x!quant.uniform<i4:f32, 0.5:0>>) -> tensor<16xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-4.000000e+00, -3.500000e+00, -3.000000e+00, -2.500000e+00, -2.000000e+00, -1.500000e+00, -1.000000e+00, -5.000000e-01, 0.000000e+00, 5.000000e-01, 1.000000e+00, 1.500000e+00, 2.000000e+00, 2.500000e+00, 3.000000e+00, 3.500000e+00]> : tensor<16xf32>, rtol = 1.000e-06 : f64, atol = 1.000e-06 : f64}} : (tensor<16xf32>) -> ()
  func.return
}
