// cosine: oracle jax.lax (cos)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.055774357788740056, 1.6084935249147974, 2.3242192992344735], [-1.1237101281817001, 0.78944396181839238, -2.1000523979287067]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c2 = shlo.constant {value = dense<[[1.2866603067570606, 0.60965699392988892, 1.4761595343656293], [-0.58573511657091049, -0.8998036292882754, 1.4282589759546465]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xcomplex<f64>>
  %v4 = "shlo.cosine"(%v3) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xcomplex<f64>>
  %v5 = "shlo.real"(%v4) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  %v6 = "shlo.imag"(%v4) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.9454032331099396, -0.044911933995551809, -1.5751010145060758], [0.50864958698661522, 1.0090950891561856, -1.1135772782145124]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.093219840433134374, -0.64767100870374827, -1.512526462969183], [-0.55888682837313974, 0.728587879313363, 1.6968900181499207]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  func.return
}
