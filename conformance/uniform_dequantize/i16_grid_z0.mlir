// uniform_dequantize: oracle numpy: (q - zp) * scale on every representable grid point
func.func @main() {
  %c1 = shlo.constant {value = dense<[-3.276800e+02, -2.730700e+02, -2.184600e+02, -1.638500e+02, -1.092400e+02, -5.463000e+01, -2.000000e-02, 5.459000e+01, 1.092000e+02, 1.638100e+02, 2.184200e+02, 2.730300e+02, 3.276400e+02]> : tensor<13xf32>} : () -> tensor<13xf32>
  %v2 = "shlo.uniform_quantize"(%c1) : (tensor<13xf32>) -> tensor<13x!quant.uniform<i16:f32, 0.01:0>>
  %v3 = "shlo.uniform_dequantize"(%v2) : (tensor<13x!quant.uniform<i16:f32, 0.01:0>>) -> tensor<13xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-3.276800e+02, -2.730700e+02, -2.184600e+02, -1.638500e+02, -1.092400e+02, -5.463000e+01, -2.000000e-02, 5.459000e+01, 1.092000e+02, 1.638100e+02, 2.184200e+02, 2.730300e+02, 3.276400e+02]> : tensor<13xf32>, rtol = 1.000e-06 : f64, atol = 1.000e-06 : f64}} : (tensor<13xf32>) -> ()
  func.return
}
